/*
 * test_tflite_fbb.h - a tiny FlatBuffer writer for the .tflite tests: builds models by hand so a test
 * can state exactly what a model holds (shapes, operators, subgraph calls, offline plans, custom
 * options) and what the reader and the lifetime rules must make of it.
 *
 * Objects are described as a tree (tables, int vectors, byte vectors, strings, vectors of
 * tables) and written front to back: each table's vtable first, then the table, then its
 * children, so every offset points forward as the format wants. Nodes live until fbb_reset().
 * Header-only (static functions) so each test program that needs it includes it.
 */
#ifndef AP_TFLITE_FBB_H
#define AP_TFLITE_FBB_H

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
    unsigned char *bytes;
    fbb_node **kids;
    size_t n;
    fbb_node *next_alloc;
};

static fbb_node *fbb_all;

static fbb_node *fbb_new(int kind)
{
    fbb_node *x = calloc(1, sizeof *x);
    x->kind = kind;
    x->next_alloc = fbb_all;
    fbb_all = x;
    return x;
}

static void fbb_reset(void)
{
    while (fbb_all) {
        fbb_node *n = fbb_all->next_alloc;
        free(fbb_all->ints);
        free(fbb_all->bytes);
        free(fbb_all->kids);
        free(fbb_all);
        fbb_all = n;
    }
}

static fbb_node *fbb_table(void) { return fbb_new(FBB_TABLE); }

static fbb_node *fbb_scalar(fbb_node *t, unsigned id, unsigned width, uint64_t v)
{
    t->f[t->nf++] = (fbb_field){id, width, v, NULL};
    return t;
}

static fbb_node *fbb_ref(fbb_node *t, unsigned id, fbb_node *child)
{
    if (child)
        t->f[t->nf++] = (fbb_field){id, 0, 0, child};
    return t;
}

/* An [int] vector of n values. */
static fbb_node *fbb_ints(size_t n, ...)
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

static fbb_node *fbb_bytes(const void *p, size_t n)
{
    fbb_node *x = fbb_new(FBB_BYTES);
    x->bytes = malloc(n + 1);
    if (n)
        memcpy(x->bytes, p, n);
    x->n = n;
    return x;
}

static fbb_node *fbb_str(const char *s)
{
    fbb_node *x = fbb_bytes(s, strlen(s));
    x->kind = FBB_STR;
    return x;
}

/* A vector of n tables (fbb_node *). */
static fbb_node *fbb_tables(size_t n, ...)
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

typedef struct fbb_buf {
    unsigned char *p;
    size_t len, cap;
} fbb_buf;

static void fbb_room(fbb_buf *b, size_t n)
{
    if (b->len + n > b->cap) {
        while (b->len + n > b->cap)
            b->cap = b->cap ? b->cap * 2 : 256;
        b->p = realloc(b->p, b->cap);
    }
}

static void fbb_put(fbb_buf *b, uint64_t v, unsigned width)
{
    fbb_room(b, width);
    for (unsigned i = 0; i < width; i++)
        b->p[b->len++] = (unsigned char)(v >> (8 * i));
}

static void fbb_align(fbb_buf *b, unsigned a)
{
    while (b->len % a)
        fbb_put(b, 0, 1);
}

static void fbb_patch32(fbb_buf *b, size_t pos, uint32_t v)
{
    for (unsigned i = 0; i < 4; i++)
        b->p[pos + i] = (unsigned char)(v >> (8 * i));
}

/* Writes x; returns its position (table start, or a vector's length word). */
static size_t fbb_emit(fbb_buf *b, fbb_node *x)
{
    size_t pos;
    if (x->kind == FBB_INTS || x->kind == FBB_BYTES || x->kind == FBB_STR) {
        fbb_align(b, 4);
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
            fbb_put(b, 0, 8);
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
static unsigned char *fbb_finish(fbb_node *root, size_t *len)
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

/* ---- TFLite schema helpers (field ids from arenaplan/schema.h) ------------------------------ */

static fbb_node *tfl_tensor(const char *name, int type, fbb_node *shape, uint32_t buffer)
{
    fbb_node *t = fbb_table();
    fbb_ref(t, AP_TFL_F_TENSOR_SHAPE, shape);
    fbb_scalar(t, AP_TFL_F_TENSOR_TYPE, 1, (uint8_t)type);
    fbb_scalar(t, AP_TFL_F_TENSOR_BUFFER, 4, buffer);
    fbb_ref(t, AP_TFL_F_TENSOR_NAME, fbb_str(name));
    return t;
}

__attribute__((unused)) static fbb_node *tfl_variable(fbb_node *t)
{
    return fbb_scalar(t, AP_TFL_F_TENSOR_IS_VARIABLE, 1, 1);
}

static fbb_node *tfl_op(uint32_t opcode, fbb_node *inputs, fbb_node *outputs, uint8_t opt_type,
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

static fbb_node *tfl_subgraph(fbb_node *tensors, fbb_node *inputs, fbb_node *outputs,
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
static fbb_node *tfl_opcode(int32_t builtin, const char *custom)
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

static fbb_node *tfl_buffer(const void *data, size_t n)
{
    fbb_node *b = fbb_table();
    if (n)
        fbb_ref(b, AP_TFL_F_BUFFER_DATA, fbb_bytes(data, n));
    return b;
}

static fbb_node *tfl_model(fbb_node *opcodes, fbb_node *subgraphs, fbb_node *buffers,
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

/* ---- Models several tests share ------------------------------------------------------------ */

/* The buffers and metadata of a model whose tensors all use buffer 0: without entries, buffer 0
 * alone and no metadata; with n entries, buffer 1 holds the offline plan [0, subgraphs, n,
 * entries] and the metadata names it. */
static inline void tfl_offline_plan(int32_t subgraphs, const int32_t *entries, size_t n,
                                    fbb_node **buffers, fbb_node **metadata)
{
    if (!entries) {
        *buffers = fbb_tables(1, tfl_buffer(NULL, 0));
        *metadata = NULL;
        return;
    }
    int32_t words[64] = {0, subgraphs, (int32_t)n};
    memcpy(words + 3, entries, n * sizeof *entries);
    fbb_node *md = fbb_table();
    fbb_ref(md, AP_TFL_F_METADATA_NAME, fbb_str("OfflineMemoryAllocation"));
    fbb_scalar(md, AP_TFL_F_METADATA_BUFFER, 4, 1);
    *buffers = fbb_tables(2, tfl_buffer(NULL, 0), tfl_buffer(words, (n + 3) * sizeof *words));
    *metadata = fbb_tables(1, md);
}

/* Subgraph 0: x -> CALL_ONCE(1), then ADD x, x -> y. Subgraph 1 has more tensors than
 * subgraph 0: a -> ADD a, a -> c; ADD a, c -> b; ADD b, b -> d (4 floats each). a lives with
 * c and b; c and d never meet. entries (6, or NULL for no offline plan): read per index (as
 * arenaplan's earlier embed wrote them), entries 2 and 3 are c's and d's; read as TFLM does,
 * a's and b's. */
static inline fbb_node *tfl_longer_callee_model(const int32_t *entries)
{
    fbb_node *init = fbb_scalar(fbb_table(), AP_TFL_F_CALL_ONCE_INIT_SUBGRAPH_INDEX, 4, 1);
    fbb_node *sg0 = tfl_subgraph(
        fbb_tables(2, tfl_tensor("x", AP_TFL_FLOAT32, fbb_ints(1, 4), 0),
                   tfl_tensor("y", AP_TFL_FLOAT32, fbb_ints(1, 4), 0)),
        fbb_ints(1, 0), fbb_ints(1, 1),
        fbb_tables(2, tfl_op(1, fbb_ints(0), fbb_ints(0), AP_TFL_OPT_CALL_ONCE, init),
                   tfl_op(0, fbb_ints(2, 0, 0), fbb_ints(1, 1), 0, NULL)),
        "main");
    fbb_node *sg1 = tfl_subgraph(
        fbb_tables(4, tfl_tensor("a", AP_TFL_FLOAT32, fbb_ints(1, 4), 0),
                   tfl_tensor("b", AP_TFL_FLOAT32, fbb_ints(1, 4), 0),
                   tfl_tensor("c", AP_TFL_FLOAT32, fbb_ints(1, 4), 0),
                   tfl_tensor("d", AP_TFL_FLOAT32, fbb_ints(1, 4), 0)),
        fbb_ints(1, 0), fbb_ints(1, 3),
        fbb_tables(3, tfl_op(0, fbb_ints(2, 0, 0), fbb_ints(1, 2), 0, NULL),
                   tfl_op(0, fbb_ints(2, 0, 2), fbb_ints(1, 1), 0, NULL),
                   tfl_op(0, fbb_ints(2, 1, 1), fbb_ints(1, 3), 0, NULL)),
        "init");
    fbb_node *buffers, *metadata;
    tfl_offline_plan(2, entries, 6, &buffers, &metadata);
    return tfl_model(fbb_tables(2, tfl_opcode(AP_TFL_OP_ADD, NULL),
                                tfl_opcode(AP_TFL_OP_CALL_ONCE, NULL)),
                     fbb_tables(2, sg0, sg1), buffers, metadata);
}

/* The entries arenaplan's earlier embed wrote for tfl_longer_callee_model (main's build, run
 * on it): entry 1 shared by y and b (16), entry 2 c's (0), entry 3 d's (0: c and d never
 * meet), entry 0 left to the runtime (x and a meet). */
static const int32_t tfl_longer_callee_earlier[6] = {-1, 16, 0, 0, -1, -1};

/* Variables in two subgraphs. Subgraph 0: x, y, s (a variable); CALL_ONCE(1), then ADD x, s
 * -> y. Subgraph 1: p, v (a variable), q; ADD p, v -> q. 4 floats each. Entries, when given
 * (6), go into an offline plan: x 0, y 1, s 2, p 3, v 4, q 5 - and AllocateVariables reads
 * entry 1 (y's) for v, its tensor 1. */
static inline fbb_node *tfl_variables_model(const int32_t *entries)
{
    fbb_node *init = fbb_scalar(fbb_table(), AP_TFL_F_CALL_ONCE_INIT_SUBGRAPH_INDEX, 4, 1);
    fbb_node *sg0 = tfl_subgraph(
        fbb_tables(3, tfl_tensor("x", AP_TFL_FLOAT32, fbb_ints(1, 4), 0),
                   tfl_tensor("y", AP_TFL_FLOAT32, fbb_ints(1, 4), 0),
                   tfl_variable(tfl_tensor("s", AP_TFL_FLOAT32, fbb_ints(1, 4), 0))),
        fbb_ints(1, 0), fbb_ints(1, 1),
        fbb_tables(2, tfl_op(1, fbb_ints(0), fbb_ints(0), AP_TFL_OPT_CALL_ONCE, init),
                   tfl_op(0, fbb_ints(2, 0, 2), fbb_ints(1, 1), 0, NULL)),
        "main");
    fbb_node *sg1 = tfl_subgraph(
        fbb_tables(3, tfl_tensor("p", AP_TFL_FLOAT32, fbb_ints(1, 4), 0),
                   tfl_variable(tfl_tensor("v", AP_TFL_FLOAT32, fbb_ints(1, 4), 0)),
                   tfl_tensor("q", AP_TFL_FLOAT32, fbb_ints(1, 4), 0)),
        fbb_ints(1, 0), fbb_ints(1, 2),
        fbb_tables(1, tfl_op(0, fbb_ints(2, 0, 1), fbb_ints(1, 2), 0, NULL)), "init");
    fbb_node *buffers, *metadata;
    tfl_offline_plan(2, entries, 6, &buffers, &metadata);
    return tfl_model(fbb_tables(2, tfl_opcode(AP_TFL_OP_ADD, NULL),
                                tfl_opcode(AP_TFL_OP_CALL_ONCE, NULL)),
                     fbb_tables(2, sg0, sg1), buffers, metadata);
}

#endif
