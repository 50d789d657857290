/*
 * tflite_writer.h - the tests' FlatBuffer writer: builds .tflite models by hand so a test can state
 * exactly what a model holds (shapes, quantization, constants, operators, options, subgraph
 * calls, offline plans, custom options) and what the reader and the lifetime rules must make of
 * it. Used by the tests (through test_tflite_fbb.h) and by the single-operator model generator
 * (tests/opgen).
 *
 * Objects are described as a tree (tables, int/float/long vectors, byte vectors, strings, vectors
 * of tables) and written front to back: each table's vtable first, then the table, then its
 * children, so every offset points forward as the format wants. Nodes live until fbb_reset().
 * The output depends only on the tree: the same tree gives the same bytes.
 * Header-only (static inline functions) so each program that needs it includes it.
 */
#ifndef AP_TFLITE_WRITER_H
#define AP_TFLITE_WRITER_H

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/schema.h"

enum { FBB_TABLE, FBB_INTS, FBB_BYTES, FBB_STR, FBB_TABLES, FBB_LONGS };

typedef struct fbb_node fbb_node;

typedef struct fbb_field {
    unsigned id, width; /* width 0: a reference to ref */
    uint64_t value;
    fbb_node *ref;
} fbb_field;

struct fbb_node {
    int kind;
    fbb_field f[32];
    unsigned nf;
    int32_t *ints;
    int64_t *longs;            /* FBB_LONGS values; NULL: zeros */
    unsigned char *bytes;
    unsigned align;            /* FBB_BYTES: alignment of the first byte (0: none beyond 4) */
    fbb_node **kids;
    size_t n;
    fbb_node *next_alloc;
};

static fbb_node *fbb_all;

static inline fbb_node *fbb_new(int kind)
{
    fbb_node *x = calloc(1, sizeof *x);
    x->kind = kind;
    x->next_alloc = fbb_all;
    fbb_all = x;
    return x;
}

static inline void fbb_reset(void)
{
    while (fbb_all) {
        fbb_node *n = fbb_all->next_alloc;
        free(fbb_all->ints);
        free(fbb_all->longs);
        free(fbb_all->bytes);
        free(fbb_all->kids);
        free(fbb_all);
        fbb_all = n;
    }
}

static inline fbb_node *fbb_table(void) { return fbb_new(FBB_TABLE); }

static inline fbb_node *fbb_scalar(fbb_node *t, unsigned id, unsigned width, uint64_t v)
{
    t->f[t->nf++] = (fbb_field){id, width, v, NULL};
    return t;
}

static inline fbb_node *fbb_ref(fbb_node *t, unsigned id, fbb_node *child)
{
    if (child)
        t->f[t->nf++] = (fbb_field){id, 0, 0, child};
    return t;
}

/* An [int] vector of n values. */
static inline fbb_node *fbb_ints(size_t n, ...)
{
    fbb_node *x = fbb_new(FBB_INTS);
    va_list ap;
    x->ints = calloc(n + 1, sizeof *x->ints);
    x->n = n;
    va_start(ap, n);
    for (size_t i = 0; i < n; i++)
        x->ints[i] = va_arg(ap, int);
    va_end(ap);
    return x;
}

/* A [long] vector of n zeros (a quantization's zero points). */
static inline fbb_node *fbb_zero_longs(size_t n)
{
    fbb_node *x = fbb_new(FBB_LONGS);
    x->n = n;
    return x;
}

/* An [int] vector of the n values at v. */
static inline fbb_node *fbb_int_array(size_t n, const int32_t *v)
{
    fbb_node *x = fbb_new(FBB_INTS);
    x->ints = calloc(n + 1, sizeof *x->ints);
    x->n = n;
    if (n)
        memcpy(x->ints, v, n * sizeof *v);
    return x;
}

/* A [float] vector of the n values at v (4-byte IEEE floats, stored as their bits). */
static inline fbb_node *fbb_float_array(size_t n, const float *v)
{
    fbb_node *x = fbb_new(FBB_INTS);
    x->ints = calloc(n + 1, sizeof *x->ints);
    x->n = n;
    if (n)
        memcpy(x->ints, v, n * sizeof *v);
    return x;
}

/* A [long] vector of the n values at v. */
static inline fbb_node *fbb_long_array(size_t n, const int64_t *v)
{
    fbb_node *x = fbb_new(FBB_LONGS);
    x->longs = calloc(n + 1, sizeof *x->longs);
    x->n = n;
    if (n)
        memcpy(x->longs, v, n * sizeof *v);
    return x;
}

static inline fbb_node *fbb_bytes(const void *p, size_t n)
{
    fbb_node *x = fbb_new(FBB_BYTES);
    x->bytes = malloc(n + 1);
    if (n)
        memcpy(x->bytes, p, n);
    x->n = n;
    return x;
}

/* A [ubyte] vector whose first byte starts at a multiple of align (a power of two): the
 * schema's force_align for Buffer.data is 16. */
static inline fbb_node *fbb_bytes_aligned(const void *p, size_t n, unsigned align)
{
    fbb_node *x = fbb_bytes(p, n);
    x->align = align;
    return x;
}

static inline fbb_node *fbb_str(const char *s)
{
    fbb_node *x = fbb_bytes(s, strlen(s));
    x->kind = FBB_STR;
    return x;
}

/* A vector of n tables (fbb_node *). */
static inline fbb_node *fbb_tables(size_t n, ...)
{
    fbb_node *x = fbb_new(FBB_TABLES);
    va_list ap;
    x->kids = calloc(n + 1, sizeof *x->kids);
    x->n = n;
    va_start(ap, n);
    for (size_t i = 0; i < n; i++)
        x->kids[i] = va_arg(ap, fbb_node *);
    va_end(ap);
    return x;
}

/* A vector of the n tables at kids. */
static inline fbb_node *fbb_table_array(size_t n, fbb_node *const *kids)
{
    fbb_node *x = fbb_new(FBB_TABLES);
    x->kids = calloc(n + 1, sizeof *x->kids);
    x->n = n;
    for (size_t i = 0; i < n; i++)
        x->kids[i] = kids[i];
    return x;
}

typedef struct fbb_buf {
    unsigned char *p;
    size_t len, cap;
} fbb_buf;

static inline void fbb_room(fbb_buf *b, size_t n)
{
    if (b->len + n > b->cap) {
        while (b->len + n > b->cap)
            b->cap = b->cap ? b->cap * 2 : 256;
        b->p = realloc(b->p, b->cap);
    }
}

static inline void fbb_put(fbb_buf *b, uint64_t v, unsigned width)
{
    fbb_room(b, width);
    for (unsigned i = 0; i < width; i++)
        b->p[b->len++] = (unsigned char)(v >> (8 * i));
}

static inline void fbb_align(fbb_buf *b, unsigned a)
{
    while (b->len % a)
        fbb_put(b, 0, 1);
}

static inline void fbb_patch32(fbb_buf *b, size_t pos, uint32_t v)
{
    for (unsigned i = 0; i < 4; i++)
        b->p[pos + i] = (unsigned char)(v >> (8 * i));
}

/* Writes x; returns its position (table start, or a vector's length word). */
static inline size_t fbb_emit(fbb_buf *b, fbb_node *x)
{
    size_t pos;
    if (x->kind == FBB_INTS || x->kind == FBB_BYTES || x->kind == FBB_STR) {
        fbb_align(b, 4);
        while (x->align > 4 && (b->len + 4) % x->align) /* the bytes aligned after the length */
            fbb_put(b, 0, 4);
        pos = b->len;
        fbb_put(b, x->n, 4);
        for (size_t i = 0; i < x->n; i++) {
            if (x->kind == FBB_INTS)
                fbb_put(b, (uint32_t)x->ints[i], 4);
            else
                fbb_put(b, x->bytes[i], 1);
        }
        if (x->kind == FBB_STR)
            fbb_put(b, 0, 1);
        return pos;
    }
    if (x->kind == FBB_LONGS) {
        fbb_align(b, 8);
        if ((b->len + 4) % 8) /* the elements 8-aligned after the length word */
            fbb_put(b, 0, 4);
        pos = b->len;
        fbb_put(b, x->n, 4);
        for (size_t i = 0; i < x->n; i++)
            fbb_put(b, x->longs ? (uint64_t)x->longs[i] : 0, 8);
        return pos;
    }
    if (x->kind == FBB_TABLES) {
        fbb_align(b, 4);
        pos = b->len;
        fbb_put(b, x->n, 4);
        for (size_t i = 0; i < x->n; i++)
            fbb_put(b, 0, 4);
        for (size_t i = 0; i < x->n; i++) {
            size_t slot = pos + 4 + 4 * i, c = fbb_emit(b, x->kids[i]);
            fbb_patch32(b, slot, (uint32_t)(c - slot));
        }
        return pos;
    }
    /* A table: vtable, then the table (soffset, fields), then the children. */
    unsigned maxid = 0, off[32] = {0};
    for (unsigned i = 0; i < x->nf; i++)
        if (x->f[i].id > maxid)
            maxid = x->f[i].id;
    unsigned vt_size = 4 + 2 * (x->nf ? maxid + 1 : 0);
    fbb_align(b, 2);
    size_t vt = b->len;
    for (unsigned i = 0; i < vt_size / 2; i++)
        fbb_put(b, 0, 2);
    fbb_align(b, 8);
    if ((b->len + 4) % 8) /* so that 8-byte fields after the soffset can be aligned */
        fbb_put(b, 0, 4);
    pos = b->len;
    fbb_put(b, (uint32_t)(pos - vt), 4);
    size_t fpos[32];
    for (unsigned i = 0; i < x->nf; i++) {
        unsigned w = x->f[i].width ? x->f[i].width : 4;
        fbb_align(b, w);
        fpos[i] = b->len;
        off[i] = (unsigned)(b->len - pos);
        fbb_put(b, x->f[i].value, w);
    }
    size_t tsize = b->len - pos;
    b->p[vt] = (unsigned char)vt_size;
    b->p[vt + 1] = (unsigned char)(vt_size >> 8);
    b->p[vt + 2] = (unsigned char)tsize;
    b->p[vt + 3] = (unsigned char)(tsize >> 8);
    for (unsigned i = 0; i < x->nf; i++) {
        size_t slot = vt + 4 + 2 * x->f[i].id;
        b->p[slot] = (unsigned char)off[i];
        b->p[slot + 1] = (unsigned char)(off[i] >> 8);
    }
    for (unsigned i = 0; i < x->nf; i++)
        if (x->f[i].ref) {
            size_t c = fbb_emit(b, x->f[i].ref);
            fbb_patch32(b, fpos[i], (uint32_t)(c - fpos[i]));
        }
    return pos;
}

/* The file: root offset, "TFL3", the root table. Caller frees. */
static inline unsigned char *fbb_finish(fbb_node *root, size_t *len)
{
    fbb_buf b = {0};
    fbb_put(&b, 0, 4);
    fbb_room(&b, 4);
    memcpy(b.p + 4, "TFL3", 4);
    b.len = 8;
    size_t r = fbb_emit(&b, root);
    fbb_patch32(&b, 0, (uint32_t)r);
    *len = b.len;
    return b.p;
}

/* ---- FlexBuffers: custom operator options ------------------------------------------------- */

/* One entry of a FlexBuffer map: an int, a float or a bool value under a key. */
typedef struct fbb_flex_entry {
    const char *key;
    char kind;                 /* 'i' int (int32 range), 'f' float, 'b' bool */
    int64_t i;
    double f;
} fbb_flex_entry;

/* Appends the w low bytes of v (little-endian) at out[*len], when they fit in cap. */
static inline void fbb_fx_put(unsigned char *out, size_t cap, size_t *len, int *ok, uint64_t v,
                              unsigned w)
{
    if (*len + w > cap) {
        *ok = 0;
        return;
    }
    for (unsigned k = 0; k < w; k++)
        out[(*len)++] = (unsigned char)(v >> (8 * k));
}

/* Writes a FlexBuffer map of the n entries (keys sorted, as readers binary-search them; every
 * value 4 bytes wide) into out[0..cap); returns its length, 0 when it does not fit. Layout: the
 * key strings, the keys vector (length, then backward offsets to the keys), the map's three
 * prefix words (offset to the keys vector, the keys' width, the count), the values, one type
 * byte per value (type << 2 | log2 of the width), then the root: an offset to the map, its
 * type byte and its width. */
static inline size_t fbb_flex_map(const fbb_flex_entry *e, size_t n, unsigned char *out, size_t cap)
{
    enum { W = 4, FX_INT = 1, FX_FLOAT = 3, FX_MAP = 9, FX_BOOL = 26 };
    size_t order[64], keypos[64], len = 0;
    int ok = 1;
    if (n > 64)
        return 0;
    for (size_t i = 0; i < n; i++) { /* insertion sort by key (byte order, as strcmp) */
        size_t j = i;
        while (j > 0 && strcmp(e[order[j - 1]].key, e[i].key) > 0) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = i;
    }
    for (size_t i = 0; i < n; i++) {
        const char *k = e[order[i]].key;
        keypos[i] = len;
        for (size_t c = 0; c <= strlen(k); c++)
            fbb_fx_put(out, cap, &len, &ok, (unsigned char)k[c], 1);
    }
    while (ok && len % W)
        fbb_fx_put(out, cap, &len, &ok, 0, 1);
    fbb_fx_put(out, cap, &len, &ok, n, W);
    size_t keys = len;
    for (size_t i = 0; i < n; i++)
        fbb_fx_put(out, cap, &len, &ok, len - keypos[i], W);
    fbb_fx_put(out, cap, &len, &ok, len - keys, W);
    fbb_fx_put(out, cap, &len, &ok, W, W);
    fbb_fx_put(out, cap, &len, &ok, n, W);
    size_t map = len;
    for (size_t i = 0; i < n; i++) {
        const fbb_flex_entry *x = &e[order[i]];
        uint32_t bits = 0;
        if (x->kind == 'f') {
            float f = (float)x->f;
            memcpy(&bits, &f, 4);
        } else {
            bits = (uint32_t)x->i;
        }
        fbb_fx_put(out, cap, &len, &ok, bits, W);
    }
    for (size_t i = 0; i < n; i++) {
        char k = e[order[i]].kind;
        unsigned type = k == 'f' ? FX_FLOAT : k == 'b' ? FX_BOOL : FX_INT;
        fbb_fx_put(out, cap, &len, &ok, (type << 2) | 2, 1); /* 2: log2 of the width 4 */
    }
    while (ok && len % W)
        fbb_fx_put(out, cap, &len, &ok, 0, 1);
    fbb_fx_put(out, cap, &len, &ok, len - map, W);
    fbb_fx_put(out, cap, &len, &ok, (FX_MAP << 2) | 2, 1);
    fbb_fx_put(out, cap, &len, &ok, W, 1);
    return ok ? len : 0;
}

/* ---- TFLite schema helpers (field ids from arenaplan/schema.h) ------------------------------ */

static inline fbb_node *tfl_tensor(const char *name, int type, fbb_node *shape, uint32_t buffer)
{
    fbb_node *t = fbb_table();
    fbb_ref(t, AP_TFL_F_TENSOR_SHAPE, shape);
    fbb_scalar(t, AP_TFL_F_TENSOR_TYPE, 1, (uint8_t)type);
    fbb_scalar(t, AP_TFL_F_TENSOR_BUFFER, 4, buffer);
    fbb_ref(t, AP_TFL_F_TENSOR_NAME, fbb_str(name));
    return t;
}

static inline fbb_node *tfl_variable(fbb_node *t)
{
    return fbb_scalar(t, AP_TFL_F_TENSOR_IS_VARIABLE, 1, 1);
}

static inline fbb_node *tfl_op(uint32_t opcode, fbb_node *inputs, fbb_node *outputs, uint8_t opt_type,
                        fbb_node *opt)
{
    fbb_node *o = fbb_table();
    fbb_scalar(o, AP_TFL_F_OPERATOR_OPCODE_INDEX, 4, opcode);
    fbb_ref(o, AP_TFL_F_OPERATOR_INPUTS, inputs);
    fbb_ref(o, AP_TFL_F_OPERATOR_OUTPUTS, outputs);
    if (opt_type) {
        fbb_scalar(o, AP_TFL_F_OPERATOR_BUILTIN_OPTIONS_TYPE, 1, opt_type);
        fbb_ref(o, AP_TFL_F_OPERATOR_BUILTIN_OPTIONS, opt);
    }
    return o;
}

static inline fbb_node *tfl_subgraph(fbb_node *tensors, fbb_node *inputs, fbb_node *outputs,
                              fbb_node *ops, const char *name)
{
    fbb_node *g = fbb_table();
    fbb_ref(g, AP_TFL_F_SUBGRAPH_TENSORS, tensors);
    fbb_ref(g, AP_TFL_F_SUBGRAPH_INPUTS, inputs);
    fbb_ref(g, AP_TFL_F_SUBGRAPH_OUTPUTS, outputs);
    fbb_ref(g, AP_TFL_F_SUBGRAPH_OPERATORS, ops);
    if (name)
        fbb_ref(g, AP_TFL_F_SUBGRAPH_NAME, fbb_str(name));
    return g;
}

/* An operator code as current converters write it: both fields, the deprecated one capped. */
static inline fbb_node *tfl_opcode(int32_t builtin, const char *custom)
{
    fbb_node *c = fbb_table();
    fbb_scalar(c, AP_TFL_F_OPCODE_DEPRECATED_BUILTIN_CODE, 1,
               (uint8_t)(builtin < AP_TFL_OP_PLACEHOLDER_FOR_GREATER_OP_CODES
                             ? builtin : AP_TFL_OP_PLACEHOLDER_FOR_GREATER_OP_CODES));
    if (custom)
        fbb_ref(c, AP_TFL_F_OPCODE_CUSTOM_CODE, fbb_str(custom));
    fbb_scalar(c, AP_TFL_F_OPCODE_VERSION, 4, 1);
    fbb_scalar(c, AP_TFL_F_OPCODE_BUILTIN_CODE, 4, (uint32_t)builtin);
    return c;
}

static inline fbb_node *tfl_buffer(const void *data, size_t n)
{
    fbb_node *b = fbb_table();
    if (n)
        fbb_ref(b, AP_TFL_F_BUFFER_DATA, fbb_bytes(data, n));
    return b;
}

/* A buffer whose data starts 16-aligned in the file (the schema's force_align), as converters
 * write constant tensors. */
static inline fbb_node *tfl_buffer_aligned(const void *data, size_t n)
{
    fbb_node *b = fbb_table();
    if (n)
        fbb_ref(b, AP_TFL_F_BUFFER_DATA, fbb_bytes_aligned(data, n, 16));
    return b;
}

/* A QuantizationParameters table: n_scales scales, n_zps zero points (either may be 0: that
 * vector is then absent), the quantized dimension (written when not 0). */
static inline fbb_node *tfl_quantization(const float *scales, size_t n_scales, const int64_t *zps,
                                         size_t n_zps, int32_t quantized_dimension)
{
    fbb_node *q = fbb_table();
    if (n_scales)
        fbb_ref(q, AP_TFL_F_QUANT_SCALE, fbb_float_array(n_scales, scales));
    if (n_zps)
        fbb_ref(q, AP_TFL_F_QUANT_ZERO_POINT, fbb_long_array(n_zps, zps));
    if (quantized_dimension)
        fbb_scalar(q, AP_TFL_F_QUANT_QUANTIZED_DIMENSION, 4, (uint32_t)quantized_dimension);
    return q;
}

/* An INT8 tensor quantized per tensor (scale 1, zero point 0), no buffer: TFLM's ADD aborts on
 * an INT8 output without quantization (add_common.cc:42). */
static inline fbb_node *tfl_q8_tensor(const char *name, fbb_node *shape)
{
    static const float one = 1.0f;
    static const int64_t zero = 0;
    fbb_node *t = tfl_tensor(name, AP_TFL_INT8, shape, 0);
    fbb_ref(t, AP_TFL_F_TENSOR_QUANTIZATION, tfl_quantization(&one, 1, &zero, 1, 0));
    return t;
}

static inline fbb_node *tfl_model(fbb_node *opcodes, fbb_node *subgraphs, fbb_node *buffers,
                           fbb_node *metadata)
{
    fbb_node *m = fbb_table();
    fbb_scalar(m, AP_TFL_F_MODEL_VERSION, 4, 3);
    fbb_ref(m, AP_TFL_F_MODEL_OPERATOR_CODES, opcodes);
    fbb_ref(m, AP_TFL_F_MODEL_SUBGRAPHS, subgraphs);
    fbb_ref(m, AP_TFL_F_MODEL_BUFFERS, buffers);
    fbb_ref(m, AP_TFL_F_MODEL_METADATA, metadata);
    return m;
}

#endif
