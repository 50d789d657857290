/*
 * reader.c - a .tflite file -> ap_tfl_model: walks the TFLite schema (Model, OperatorCode,
 * SubGraph, Tensor, Operator, Buffer, Metadata, SignatureDef) with the checked FlatBuffer
 * access of fb.c, copies what later stages need and checks every index against what it names.
 *
 * The walk has the schema's fixed depth, so no input can make it recurse. Vectors may be shared
 * between tables (a FlatBuffer writer may deduplicate them), so a small file could name the same
 * long vector many times; a budget on the total number of copied elements keeps memory linear
 * in the file's size.
 *
 * The folder src/tflite/: the .tflite format only: checked reads, the schema, the graph.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/problem.h"
#include "arenaplan/tflite.h"
#include "core/util.h"
#include "tflite/fb.h"

/* Limits that no real model comes near; they keep hostile files from costing much. */
#define MAX_RANK 64           /* dimensions of one tensor */
#define BUDGET_BASE (1u << 20) /* copied elements allowed on top of the file's length */

/* ---- A bump allocator owning everything a model holds -------------------------------------- */

typedef struct pool_chunk {
    struct pool_chunk *next;
    size_t used, cap;
    /* data follows, aligned for any scalar */
} pool_chunk;

#define CHUNK_HDR ((sizeof(pool_chunk) + 15) & ~(size_t)15)

static void *pool_alloc(void **pool, size_t n)
{
    pool_chunk *c = *pool;
    n = (n + 15) & ~(size_t)15;
    if (n == 0)
        n = 16;
    if (!c || c->cap - c->used < n) {
        size_t cap = n > 65536 ? n : 65536;
        pool_chunk *nc = malloc(CHUNK_HDR + cap);
        if (!nc)
            return NULL;
        nc->cap = cap;
        nc->used = 0;
        nc->next = c;
        *pool = c = nc;
    }
    void *r = (unsigned char *)c + CHUNK_HDR + c->used;
    c->used += n;
    memset(r, 0, n);
    return r;
}

static void pool_free(void *pool)
{
    pool_chunk *c = pool;
    while (c) {
        pool_chunk *n = c->next;
        free(c);
        c = n;
    }
}

/* ---- Reader state ---------------------------------------------------------------------------- */

typedef struct rd {
    ap__fb fb;
    ap_tfl_model *m;
    ap_error *err;
    size_t budget;      /* elements and string bytes still allowed to be copied */
    char what[160];     /* the item being read, for messages */
} rd;

static void set_what(rd *r, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void set_what(rd *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->what, sizeof r->what, fmt, ap);
    va_end(ap);
}

static ap_status nomem(rd *r)
{
    return ap_error_set(r->err, AP_ERR_NOMEM, "out of memory reading the model");
}

static void *alloc(rd *r, size_t count, size_t size)
{
    if (size != 0 && count > SIZE_MAX / size)
        return NULL;
    return pool_alloc(&r->m->pool_, count * size);
}

static ap_status spend(rd *r, size_t n)
{
    if (n > r->budget)
        return ap_error_set(r->err, AP_ERR_INPUT,
                            "%s: the model names more data than its %zu bytes can hold (vectors "
                            "shared too often); refusing to expand it", r->what, r->fb.len);
    r->budget -= n;
    return AP_OK;
}

/* Copies a string field into the pool ("" when absent); *len (when not NULL) gets its length
 * in the file, which may hold NUL bytes. */
static ap_status get_str_len(rd *r, const ap__fb_table *t, unsigned id, char **out,
                             uint32_t *len)
{
    const unsigned char *s;
    uint32_t n;
    ap_status st = ap__fb_get_str(&r->fb, t, id, r->what, &s, &n, r->err);
    if (st != AP_OK)
        return st;
    if ((st = spend(r, n)) != AP_OK)
        return st;
    char *c = alloc(r, (size_t)n + 1, 1);
    if (!c)
        return nomem(r);
    if (n)
        memcpy(c, s, n);
    c[n] = '\0';
    *out = c;
    if (len)
        *len = n;
    return AP_OK;
}

static ap_status get_str(rd *r, const ap__fb_table *t, unsigned id, char **out)
{
    return get_str_len(r, t, id, out, NULL);
}

/* Copies an [int] field; absent gives NULL and 0. */
static ap_status get_ints(rd *r, const ap__fb_table *t, unsigned id, int32_t **out, uint32_t *n,
                          int *present)
{
    ap__fb_vec v;
    ap_status st = ap__fb_get_vec(&r->fb, t, id, 4, r->what, present, &v, r->err);
    *out = NULL;
    *n = 0;
    if (st != AP_OK || v.count == 0)
        return st;
    if ((st = spend(r, v.count)) != AP_OK)
        return st;
    int32_t *a = alloc(r, v.count, sizeof *a);
    if (!a)
        return nomem(r);
    for (uint32_t i = 0; i < v.count; i++)
        a[i] = (int32_t)ap__fb_u32(&r->fb, v.at + 4 * (size_t)i);
    *out = a;
    *n = v.count;
    return AP_OK;
}

/* Checks tensor indices: each in [lo, n) where lo is -1 when omitted inputs are allowed. */
static ap_status check_indices(rd *r, const int32_t *idx, uint32_t count, uint32_t n_tensors,
                               int allow_omitted, const char *list)
{
    for (uint32_t i = 0; i < count; i++) {
        int32_t t = idx[i];
        if ((t == -1 && allow_omitted) || (t >= 0 && (uint32_t)t < n_tensors))
            continue;
        return ap_error_set(r->err, AP_ERR_INPUT,
                            "%s: %s[%u] names tensor %d, but the subgraph has %u tensors",
                            r->what, list, i, t, n_tensors);
    }
    return AP_OK;
}

/* ---- Operator codes ------------------------------------------------------------------------- */

static ap_status read_opcodes(rd *r, const ap__fb_table *model)
{
    ap__fb_vec v;
    ap_status st;
    set_what(r, "operator_codes");
    if ((st = ap__fb_get_vec(&r->fb, model, AP_TFL_F_MODEL_OPERATOR_CODES, 4, r->what, NULL, &v, r->err)) != AP_OK)
        return st;
    r->m->n_opcodes = v.count;
    if (v.count == 0)
        return AP_OK;
    if ((st = spend(r, v.count)) != AP_OK)
        return st;
    if (!(r->m->opcodes = alloc(r, v.count, sizeof *r->m->opcodes)))
        return nomem(r);
    for (uint32_t i = 0; i < v.count; i++) {
        ap_tfl_opcode *oc = &r->m->opcodes[i];
        ap__fb_table t;
        uint8_t dep;
        set_what(r, "operator code %u", i);
        if ((st = ap__fb_vec_table(&r->fb, &v, i, r->what, &t, r->err)) != AP_OK ||
            (st = ap__fb_get_u8(&r->fb, &t, AP_TFL_F_OPCODE_DEPRECATED_BUILTIN_CODE, 0, r->what, &dep,
                                           r->err)) != AP_OK ||
            (st = ap__fb_get_i32(&r->fb, &t, AP_TFL_F_OPCODE_VERSION, 1, r->what, &oc->version,
                                            r->err)) != AP_OK ||
            (st = ap__fb_get_i32(&r->fb, &t, AP_TFL_F_OPCODE_BUILTIN_CODE, 0, r->what,
                                            &oc->builtin_code_field, r->err)) != AP_OK)
            return st;
        oc->deprecated_builtin_code = (int8_t)dep;
        /* The schema's rule (schema_utils GetBuiltinCode): the larger of the two fields. */
        oc->builtin = oc->builtin_code_field > oc->deprecated_builtin_code
                          ? oc->builtin_code_field : oc->deprecated_builtin_code;
        const unsigned char *s;
        uint32_t n;
        if ((st = ap__fb_get_str(&r->fb, &t, AP_TFL_F_OPCODE_CUSTOM_CODE, r->what, &s, &n, r->err)) != AP_OK)
            return st;
        if (s) {
            if ((st = get_str(r, &t, AP_TFL_F_OPCODE_CUSTOM_CODE, &oc->custom_code)) != AP_OK)
                return st;
        }
        const char *bn = ap_tfl_builtin_name(oc->builtin);
        char buf[32];
        if (oc->builtin == AP_TFL_OP_CUSTOM && oc->custom_code && oc->custom_code[0])
            bn = oc->custom_code;
        else if (!bn) {
            snprintf(buf, sizeof buf, "BUILTIN_%ld", (long)oc->builtin);
            bn = buf;
        }
        if (!(oc->name = alloc(r, strlen(bn) + 1, 1)))
            return nomem(r);
        memcpy(oc->name, bn, strlen(bn) + 1);
    }
    return AP_OK;
}

/* ---- Buffers, metadata, signatures ---------------------------------------------------------- */

static ap_status read_buffers(rd *r, const ap__fb_table *model)
{
    ap__fb_vec v;
    ap_status st;
    set_what(r, "buffers");
    if ((st = ap__fb_get_vec(&r->fb, model, AP_TFL_F_MODEL_BUFFERS, 4, r->what, NULL, &v, r->err)) != AP_OK)
        return st;
    r->m->n_buffers = v.count;
    if (v.count == 0)
        return AP_OK;
    if ((st = spend(r, v.count)) != AP_OK)
        return st;
    if (!(r->m->buffers = alloc(r, v.count, sizeof *r->m->buffers)))
        return nomem(r);
    for (uint32_t i = 0; i < v.count; i++) {
        ap_tfl_buffer *b = &r->m->buffers[i];
        ap__fb_table t;
        ap__fb_vec d;
        set_what(r, "buffer %u", i);
        if ((st = ap__fb_vec_table(&r->fb, &v, i, r->what, &t, r->err)) != AP_OK ||
            (st = ap__fb_get_vec(&r->fb, &t, AP_TFL_F_BUFFER_DATA, 1, r->what, NULL, &d, r->err)) != AP_OK ||
            (st = ap__fb_get_u64(&r->fb, &t, AP_TFL_F_BUFFER_OFFSET, 0, r->what, &b->ext_offset,
                                            r->err)) != AP_OK ||
            (st = ap__fb_get_u64(&r->fb, &t, AP_TFL_F_BUFFER_SIZE, 0, r->what, &b->ext_size, r->err)) != AP_OK)
            return st;
        b->table_pos = t.pos;
        b->data_len_pos = d.pos;
        b->data_pos = d.pos ? d.at : 0;
        b->data_len = d.count;
    }
    return AP_OK;
}

static ap_status read_metadata(rd *r, const ap__fb_table *model)
{
    ap__fb_vec v;
    ap_status st;
    set_what(r, "metadata");
    if ((st = ap__fb_get_vec(&r->fb, model, AP_TFL_F_MODEL_METADATA, 4, r->what, NULL, &v, r->err)) != AP_OK)
        return st;
    r->m->n_metadata = v.count;
    if (v.count == 0)
        return AP_OK;
    if ((st = spend(r, v.count)) != AP_OK)
        return st;
    if (!(r->m->metadata = alloc(r, v.count, sizeof *r->m->metadata)))
        return nomem(r);
    for (uint32_t i = 0; i < v.count; i++) {
        ap_tfl_metadata *md = &r->m->metadata[i];
        ap__fb_table t;
        set_what(r, "metadata %u", i);
        if ((st = ap__fb_vec_table(&r->fb, &v, i, r->what, &t, r->err)) != AP_OK ||
            (st = get_str_len(r, &t, AP_TFL_F_METADATA_NAME, &md->name, &md->name_len)) !=
                AP_OK ||
            (st = ap__fb_get_u32(&r->fb, &t, AP_TFL_F_METADATA_BUFFER, 0, r->what, &md->buffer,
                                            r->err)) != AP_OK)
            return st;
        md->table_pos = t.pos;
        if (md->buffer >= r->m->n_buffers)
            return ap_error_set(r->err, AP_ERR_INPUT,
                                "metadata %u (\"%s\", table at byte %zu) names buffer %u, but the "
                                "model has %u buffers", i, md->name, t.pos, md->buffer,
                                r->m->n_buffers);
    }
    return AP_OK;
}

static ap_status read_signatures(rd *r, const ap__fb_table *model)
{
    ap__fb_vec v;
    ap_status st;
    set_what(r, "signature_defs");
    if ((st = ap__fb_get_vec(&r->fb, model, AP_TFL_F_MODEL_SIGNATURE_DEFS, 4, r->what, NULL, &v, r->err)) != AP_OK)
        return st;
    r->m->n_signatures = v.count;
    if (v.count == 0)
        return AP_OK;
    if ((st = spend(r, v.count)) != AP_OK)
        return st;
    if (!(r->m->signatures = alloc(r, v.count, sizeof *r->m->signatures)))
        return nomem(r);
    for (uint32_t i = 0; i < v.count; i++) {
        ap_tfl_signature *sg = &r->m->signatures[i];
        ap__fb_table t;
        set_what(r, "signature %u", i);
        if ((st = ap__fb_vec_table(&r->fb, &v, i, r->what, &t, r->err)) != AP_OK ||
            (st = get_str(r, &t, AP_TFL_F_SIGNATURE_SIGNATURE_KEY, &sg->key)) != AP_OK ||
            (st = ap__fb_get_u32(&r->fb, &t, AP_TFL_F_SIGNATURE_SUBGRAPH_INDEX, 0, r->what,
                                            &sg->subgraph, r->err)) != AP_OK)
            return st;
        if (sg->subgraph >= r->m->n_subgraphs)
            return ap_error_set(r->err, AP_ERR_INPUT,
                                "signature %u (\"%s\", table at byte %zu) names subgraph %u, but "
                                "the model has %u subgraphs", i, sg->key, t.pos, sg->subgraph,
                                r->m->n_subgraphs);
    }
    return AP_OK;
}

/* TFLM's GetOfflinePlannedOffsets: the metadata named exactly "OfflineMemoryAllocation" (the
 * same length and bytes, so a longer name with a NUL after those 23 bytes is not it; the last
 * one when several are), its buffer read as int32 words [version, subgraphs, n, n offsets]. */
static ap_status read_offline_plan(rd *r)
{
    ap_tfl_model *m = r->m;
    static const char key[] = "OfflineMemoryAllocation";
    long found = -1;
    for (uint32_t i = 0; i < m->n_metadata; i++)
        if (m->metadata[i].name_len == sizeof key - 1 && strcmp(m->metadata[i].name, key) == 0)
            found = (long)i;
    if (found < 0)
        return AP_OK;
    const ap_tfl_metadata *md = &m->metadata[found];
    const ap_tfl_buffer *b = &m->buffers[md->buffer];
    if (b->data_len < 12)
        return ap_error_set(r->err, AP_ERR_INPUT,
                            "metadata %ld \"%s\": buffer %u holds %zu bytes, too few for the "
                            "offline plan's header (12 bytes: version, subgraphs, count)",
                            found, key, md->buffer, b->data_len);
    uint32_t n = ap__fb_u32(&r->fb, b->data_pos + 8);
    if ((size_t)n > (b->data_len - 12) / 4)
        return ap_error_set(r->err, AP_ERR_INPUT,
                            "metadata %ld \"%s\": the offline plan at byte %zu claims %u "
                            "offsets, but buffer %u holds room for %zu", found, key,
                            b->data_pos, n, md->buffer, (b->data_len - 12) / 4);
    ap_status st;
    set_what(r, "offline plan");
    if ((st = spend(r, n)) != AP_OK)
        return st;
    ap_tfl_offline_plan *op = &m->offline;
    op->present = 1;
    op->metadata = (uint32_t)found;
    op->buffer = md->buffer;
    op->version = (int32_t)ap__fb_u32(&r->fb, b->data_pos);
    op->subgraphs = (int32_t)ap__fb_u32(&r->fb, b->data_pos + 4);
    op->n = n;
    op->offsets_pos = b->data_pos + 12;
    if (n && !(op->offsets = alloc(r, n, sizeof *op->offsets)))
        return nomem(r);
    for (uint32_t i = 0; i < n; i++)
        op->offsets[i] = (int32_t)ap__fb_u32(&r->fb, op->offsets_pos + 4 * (size_t)i);
    return AP_OK;
}

/* ---- Tensors --------------------------------------------------------------------------------- */

/* The length of SparseIndexVector field `id` of a DimensionMetadata (its type in id - 1), -1
 * when absent or of a type TFLite does not know. */
static ap_status index_vector_len(rd *r, const ap__fb_table *dm, unsigned id, int64_t *len)
{
    static const size_t width[4] = {0, 4, 2, 1};
    uint8_t type;
    int present;
    ap__fb_table v;
    ap__fb_vec vals;
    ap_status st;
    *len = -1;
    if ((st = ap__fb_get_u8(&r->fb, dm, id - 1, 0, r->what, &type, r->err)) != AP_OK ||
        (st = ap__fb_get_table(&r->fb, dm, id, r->what, &present, &v, r->err)) != AP_OK)
        return st;
    if (!present || type < 1 || type > 3)
        return AP_OK;
    if ((st = ap__fb_get_vec(&r->fb, &v, AP_TFL_F_INDEX_VECTOR_VALUES, width[type], r->what,
                             &present, &vals, r->err)) != AP_OK)
        return st;
    if (present)
        *len = vals.count;
    return AP_OK;
}

/* Tensor.sparsity: whether TFLite's ParseSparsity accepts it, and what FULLY_CONNECTED's ledger
 * needs of it. */
static ap_status read_sparsity(rd *r, const ap__fb_table *t, ap_tfl_tensor *x)
{
    ap__fb_table sp;
    ap__fb_vec order, dims;
    int present, has_order, has_dims;
    ap_status st;
    x->sparse_segments1 = x->sparse_indices1 = -1;
    if ((st = ap__fb_get_table(&r->fb, t, AP_TFL_F_TENSOR_SPARSITY, r->what, &present, &sp,
                               r->err)) != AP_OK || !present)
        return st;
    x->has_sparsity = 1;
    if ((st = ap__fb_get_vec(&r->fb, &sp, AP_TFL_F_SPARSITY_TRAVERSAL_ORDER, 4, r->what,
                             &has_order, &order, r->err)) != AP_OK ||
        (st = ap__fb_get_vec(&r->fb, &sp, AP_TFL_F_SPARSITY_DIM_METADATA, 4, r->what, &has_dims,
                             &dims, r->err)) != AP_OK)
        return st;
    x->sparsity_valid = has_order && has_dims;
    x->n_dim_metadata = dims.count;
    if ((st = spend(r, dims.count)) != AP_OK)
        return st;
    for (uint32_t k = 0; k < dims.count && x->sparsity_valid; k++) {
        ap__fb_table dm;
        uint8_t format;
        int64_t seg, ind;
        if ((st = ap__fb_vec_table(&r->fb, &dims, k, r->what, &dm, r->err)) != AP_OK ||
            (st = ap__fb_get_u8(&r->fb, &dm, AP_TFL_F_DIM_FORMAT, 0, r->what, &format, r->err)) != AP_OK ||
            (st = index_vector_len(r, &dm, AP_TFL_F_DIM_ARRAY_SEGMENTS, &seg)) != AP_OK ||
            (st = index_vector_len(r, &dm, AP_TFL_F_DIM_ARRAY_INDICES, &ind)) != AP_OK)
            return st;
        if (format > 1 || (format == 1 && (seg < 0 || ind < 0)))
            x->sparsity_valid = 0;
        if (k == 1) {
            x->sparse_segments1 = seg;
            x->sparse_indices1 = ind;
        }
    }
    return AP_OK;
}

/* Tensor.quantization: the counts TFLM and TFLite look at, and whether the scales differ. */
static ap_status read_quantization(rd *r, const ap__fb_table *t, ap_tfl_tensor *x)
{
    ap__fb_table q;
    int present;
    ap_status st;
    if ((st = ap__fb_get_table(&r->fb, t, AP_TFL_F_TENSOR_QUANTIZATION, r->what, &present, &q,
                                 r->err)) != AP_OK)
        return st;
    if (present) {
        ap__fb_vec sc, zp;
        if ((st = ap__fb_get_vec(&r->fb, &q, AP_TFL_F_QUANT_SCALE, 4, r->what, NULL, &sc, r->err)) != AP_OK ||
            (st = ap__fb_get_vec(&r->fb, &q, AP_TFL_F_QUANT_ZERO_POINT, 8, r->what, NULL, &zp,
                                 r->err)) != AP_OK ||
            (st = ap__fb_get_i32(&r->fb, &q, AP_TFL_F_QUANT_QUANTIZED_DIMENSION, 0, r->what,
                                &x->quantized_dimension, r->err)) != AP_OK)
            return st;
        x->n_scales = sc.count;
        x->n_zero_points = zp.count;
        if (sc.count > 0)
            x->scale0_bits = ap__fb_u32(&r->fb, sc.at);
        if (zp.count > 0) /* int64, little-endian */
            x->zero_point0 = (int64_t)((uint64_t)ap__fb_u32(&r->fb, zp.at) |
                                       (uint64_t)ap__fb_u32(&r->fb, zp.at + 4) << 32);
        x->has_quantization = sc.count > 0;
        for (uint32_t k = 0; k < zp.count && !x->zero_points_nonzero; k++)
            x->zero_points_nonzero = ap__fb_u64(&r->fb, zp.at + 8 * (size_t)k) != 0;
        for (uint32_t k = 1; k < sc.count && !x->scales_differ; k++) {
            uint32_t a = ap__fb_u32(&r->fb, sc.at), b = ap__fb_u32(&r->fb, sc.at + 4 * (size_t)k);
            float fa, fb;
            memcpy(&fa, &a, sizeof fa);
            memcpy(&fb, &b, sizeof fb);
            x->scales_differ = fa != fb; /* as TFLite compares them: -0 equals 0, NaN nothing */
        }
    }
    return AP_OK;
}

static ap_status negative_dim(rd *r, const ap_tfl_tensor *x, uint32_t d)
{
    return ap_error_set(r->err, AP_ERR_INPUT,
                        "%s (table at byte %zu): dimension %u is %d; shapes must not be "
                        "negative (dynamic shapes cannot be planned; TFLM resolves a -1 only "
                        "in a RESHAPE's output)", r->what, x->table_pos, d, (int)x->shape[d]);
}

/* x->elements and x->bytes from its shape (a -1 not yet resolved counts 1), every product
 * checked: the size must stay within AP_MAX_VALUE. */
static ap_status tensor_size(rd *r, ap_tfl_tensor *x)
{
    int64_t elements = 1;
    for (uint32_t d = 0; d < x->rank; d++)
        if (x->shape[d] != -1 &&
            (ap__mul_ovf(elements, x->shape[d], &elements) || elements > AP_MAX_VALUE))
            return ap_error_set(r->err, AP_ERR_INPUT,
                                "%s (table at byte %zu): the product of its %u dimensions "
                                "overflows (more than 2^52 elements at dimension %u)", r->what,
                                x->table_pos, x->rank, d);
    x->elements = elements;
    int bits = ap_tfl_type_bits(x->type);
    if (bits == 0)
        x->bytes = -1;
    else {
        int64_t b;
        if (ap__mul_ovf(elements, bits, &b) || b / 8 > AP_MAX_VALUE)
            return ap_error_set(r->err, AP_ERR_INPUT,
                                "%s (table at byte %zu): %lld elements of %s are more than 2^52 "
                                "bytes", r->what, x->table_pos, (long long)elements,
                                ap_tfl_type_name(x->type));
        x->bytes = (b + 7) / 8;
    }
    return AP_OK;
}

static ap_status read_tensor(rd *r, uint32_t sg, uint32_t i, const ap__fb_table *t,
                             ap_tfl_tensor *x)
{
    ap_status st;
    uint8_t type, var;
    x->index = i;
    x->table_pos = t->pos;
    set_what(r, "subgraph %u tensor %u", sg, i);
    if ((st = get_ints(r, t, AP_TFL_F_TENSOR_SHAPE, &x->shape, &x->rank, NULL)) != AP_OK ||
        (st = ap__fb_get_u8(&r->fb, t, AP_TFL_F_TENSOR_TYPE, 0, r->what, &type, r->err)) != AP_OK ||
        (st = ap__fb_get_u32(&r->fb, t, AP_TFL_F_TENSOR_BUFFER, 0, r->what, &x->buffer, r->err)) != AP_OK ||
        (st = get_str(r, t, AP_TFL_F_TENSOR_NAME, &x->name)) != AP_OK ||
        (st = ap__fb_get_u8(&r->fb, t, AP_TFL_F_TENSOR_IS_VARIABLE, 0, r->what, &var, r->err)) != AP_OK)
        return st;
    x->type = (int8_t)type;
    x->is_variable = var != 0;
    set_what(r, "subgraph %u tensor %u (%s)", sg, i, x->name);
    if (!ap_tfl_type_name(x->type))
        return ap_error_set(r->err, AP_ERR_INPUT,
                            "%s (table at byte %zu): unknown tensor type %d (the schema "
                            "defines 0 to %d)", r->what, t->pos, x->type, AP_TFL_TYPE_COUNT - 1);
    if (x->rank > MAX_RANK)
        return ap_error_set(r->err, AP_ERR_INPUT,
                            "%s (table at byte %zu): shape has %u dimensions; arenaplan reads at "
                            "most %d", r->what, t->pos, x->rank, MAX_RANK);
    if (x->buffer >= r->m->n_buffers)
        return ap_error_set(r->err, AP_ERR_INPUT,
                            "%s (table at byte %zu): names buffer %u, but the model has %u "
                            "buffers", r->what, t->pos, x->buffer, r->m->n_buffers);
    /* A -1 stays until resolve_stretch resolves it (a RESHAPE's output) or refuses it. */
    for (uint32_t d = 0; d < x->rank; d++) {
        if (x->shape[d] < -1)
            return negative_dim(r, x, d);
        x->n_stretch += x->shape[d] == -1;
    }
    if ((st = tensor_size(r, x)) != AP_OK)
        return st;
    if ((st = get_ints(r, t, AP_TFL_F_TENSOR_SHAPE_SIGNATURE, &x->shape_signature,
                        &x->n_shape_signature, NULL)) != AP_OK)
        return st;
    if ((st = read_quantization(r, t, x)) != AP_OK)
        return st;
    if ((st = read_sparsity(r, t, x)) != AP_OK)
        return st;
    /* TFLM's GetFlatbufferTensorBuffer: constant when the buffer's data vector is non-empty. */
    x->is_constant = r->m->buffers[x->buffer].data_len > 0;
    return AP_OK;
}

/* ---- Operators ------------------------------------------------------------------------------- */

static ap_status opt_i32(rd *r, const ap__fb_table *t, unsigned id, int32_t def, int32_t *v)
{
    return ap__fb_get_i32(&r->fb, t, id, def, r->what, v, r->err);
}

static ap_status opt_u8(rd *r, const ap__fb_table *t, unsigned id, int32_t *v)
{
    uint8_t b;
    ap_status st = ap__fb_get_u8(&r->fb, t, id, 0, r->what, &b, r->err);
    *v = (int8_t)b;
    return st;
}

static ap_status opt_f32(rd *r, const ap__fb_table *t, unsigned id, float *v)
{
    uint32_t u;
    ap_status st = ap__fb_get_u32(&r->fb, t, id, 0, r->what, &u, r->err);
    memcpy(v, &u, sizeof *v);
    return st;
}

/* The builtin options later stages use (see ap_tfl_options): one row per field read, in the
 * order read, field ids from schema.fbs. MulOptions and SubOptions start as AddOptions does;
 * SplitVOptions has num_splits and UnpackOptions axis where SplitOptions and PackOptions do. */
enum { OPT_U8, OPT_I32, OPT_F32 };

static const struct option_field {
    uint8_t type;      /* the BuiltinOptions union type */
    uint16_t id;       /* the field */
    uint8_t kind;      /* OPT_U8 (a byte, sign-extended), OPT_I32, OPT_F32 */
    int32_t def;       /* the schema's default (OPT_I32) */
    size_t at;         /* where in ap_tfl_options */
} option_fields[] = {
#define F(type, field, kind, def, member) \
    {AP_TFL_OPT_##type, AP_TFL_F_##field, OPT_##kind, def, offsetof(ap_tfl_options, member)}
    F(CONV_2D, CONV_2D_PADDING, U8, 0, padding),
    F(CONV_2D, CONV_2D_STRIDE_W, I32, 0, stride_w),
    F(CONV_2D, CONV_2D_STRIDE_H, I32, 0, stride_h),
    F(CONV_2D, CONV_2D_FUSED_ACTIVATION_FUNCTION, U8, 0, activation),
    F(CONV_2D, CONV_2D_DILATION_W_FACTOR, I32, 1, dilation_w),
    F(CONV_2D, CONV_2D_DILATION_H_FACTOR, I32, 1, dilation_h),
    F(DEPTHWISE_CONV_2D, DEPTHWISE_CONV_2D_PADDING, U8, 0, padding),
    F(DEPTHWISE_CONV_2D, DEPTHWISE_CONV_2D_STRIDE_W, I32, 0, stride_w),
    F(DEPTHWISE_CONV_2D, DEPTHWISE_CONV_2D_STRIDE_H, I32, 0, stride_h),
    F(DEPTHWISE_CONV_2D, DEPTHWISE_CONV_2D_DEPTH_MULTIPLIER, I32, 0, depth_multiplier),
    F(DEPTHWISE_CONV_2D, DEPTHWISE_CONV_2D_FUSED_ACTIVATION_FUNCTION, U8, 0, activation),
    F(DEPTHWISE_CONV_2D, DEPTHWISE_CONV_2D_DILATION_W_FACTOR, I32, 1, dilation_w),
    F(DEPTHWISE_CONV_2D, DEPTHWISE_CONV_2D_DILATION_H_FACTOR, I32, 1, dilation_h),
    F(POOL_2D, POOL_2D_PADDING, U8, 0, padding),
    F(POOL_2D, POOL_2D_STRIDE_W, I32, 0, stride_w),
    F(POOL_2D, POOL_2D_STRIDE_H, I32, 0, stride_h),
    F(POOL_2D, POOL_2D_FILTER_WIDTH, I32, 0, filter_w),
    F(POOL_2D, POOL_2D_FILTER_HEIGHT, I32, 0, filter_h),
    F(POOL_2D, POOL_2D_FUSED_ACTIVATION_FUNCTION, U8, 0, activation),
    F(SVDF, SVDF_RANK, I32, 0, rank),
    F(SVDF, SVDF_FUSED_ACTIVATION_FUNCTION, U8, 0, activation),
    F(FULLY_CONNECTED, FULLY_CONNECTED_FUSED_ACTIVATION_FUNCTION, U8, 0, activation),
    F(FULLY_CONNECTED, FULLY_CONNECTED_WEIGHTS_FORMAT, U8, 0, weights_format),
    F(FULLY_CONNECTED, FULLY_CONNECTED_KEEP_NUM_DIMS, U8, 0, keep_num_dims),
    F(SOFTMAX, SOFTMAX_BETA, F32, 0, beta),
    F(CONCATENATION, CONCATENATION_AXIS, I32, 0, axis),
    F(CONCATENATION, CONCATENATION_FUSED_ACTIVATION_FUNCTION, U8, 0, activation),
    F(ADD, ADD_FUSED_ACTIVATION_FUNCTION, U8, 0, activation),
    F(MUL, ADD_FUSED_ACTIVATION_FUNCTION, U8, 0, activation),
    F(SUB, ADD_FUSED_ACTIVATION_FUNCTION, U8, 0, activation),
    F(GATHER, GATHER_AXIS, I32, 0, axis),
    F(REDUCER, REDUCER_KEEP_DIMS, U8, 0, keep_dims),
    F(STRIDED_SLICE, STRIDED_SLICE_BEGIN_MASK, I32, 0, begin_mask),
    F(STRIDED_SLICE, STRIDED_SLICE_END_MASK, I32, 0, end_mask),
    F(STRIDED_SLICE, STRIDED_SLICE_ELLIPSIS_MASK, I32, 0, ellipsis_mask),
    F(STRIDED_SLICE, STRIDED_SLICE_NEW_AXIS_MASK, I32, 0, new_axis_mask),
    F(STRIDED_SLICE, STRIDED_SLICE_SHRINK_AXIS_MASK, I32, 0, shrink_axis_mask),
    F(STRIDED_SLICE, STRIDED_SLICE_OFFSET, U8, 0, offset),
    F(SPLIT, SPLIT_NUM_SPLITS, I32, 0, num_splits),
    F(SPLIT_V, SPLIT_NUM_SPLITS, I32, 0, num_splits),
    F(TRANSPOSE_CONV, TRANSPOSE_CONV_PADDING, U8, 0, padding),
    F(TRANSPOSE_CONV, TRANSPOSE_CONV_STRIDE_W, I32, 0, stride_w),
    F(TRANSPOSE_CONV, TRANSPOSE_CONV_STRIDE_H, I32, 0, stride_h),
    F(TRANSPOSE_CONV, TRANSPOSE_CONV_FUSED_ACTIVATION_FUNCTION, U8, 0, activation),
    F(PACK, PACK_AXIS, I32, 0, axis),
    F(UNPACK, PACK_AXIS, I32, 0, axis),
    F(UNIDIRECTIONAL_SEQUENCE_LSTM, UNIDIRECTIONAL_SEQUENCE_LSTM_FUSED_ACTIVATION_FUNCTION, U8, 0, activation),
    F(UNIDIRECTIONAL_SEQUENCE_LSTM, UNIDIRECTIONAL_SEQUENCE_LSTM_TIME_MAJOR, U8, 0, time_major),
    F(LEAKY_RELU, LEAKY_RELU_ALPHA, F32, 0, alpha),
    F(MIRROR_PAD, MIRROR_PAD_MODE, U8, 0, mirror_mode),
    F(L2_NORM, L2_NORM_FUSED_ACTIVATION_FUNCTION, U8, 0, activation),
    F(SPACE_TO_DEPTH, SPACE_TO_DEPTH_BLOCK_SIZE, I32, 0, block_size),
    F(DEPTH_TO_SPACE, DEPTH_TO_SPACE_BLOCK_SIZE, I32, 0, block_size),
    F(BATCH_MATMUL, BATCH_MATMUL_ADJ_X, U8, 0, adj_x),
    F(BATCH_MATMUL, BATCH_MATMUL_ADJ_Y, U8, 0, adj_y),
#undef F
};

static ap_status decode_options(rd *r, uint8_t type, const ap__fb_table *t, ap_tfl_options *o)
{
    for (size_t k = 0; k < sizeof option_fields / sizeof option_fields[0]; k++) {
        const struct option_field *f = &option_fields[k];
        void *v = (char *)o + f->at;
        ap_status st = AP_OK;
        if (f->type != type)
            continue;
        if (f->kind == OPT_U8)
            st = opt_u8(r, t, f->id, v);
        else if (f->kind == OPT_I32)
            st = opt_i32(r, t, f->id, f->def, v);
        else
            st = opt_f32(r, t, f->id, v);
        if (st != AP_OK)
            return st;
    }
    return AP_OK;
}

static void options_defaults(ap_tfl_options *o)
{
    memset(o, 0, sizeof *o);
    o->dilation_w = o->dilation_h = 1;
}

/* The subgraphs a control-flow operator invokes, from its options (IfOptions: then, else;
 * WhileOptions: cond, body; CallOnceOptions: init). */
static int is_control_flow(int32_t code)
{
    return code == AP_TFL_OP_IF || code == AP_TFL_OP_WHILE || code == AP_TFL_OP_CALL_ONCE;
}

static ap_status read_calls(rd *r, ap_tfl_operator *op, const ap__fb_table *t, int has_table)
{
    uint8_t want;
    unsigned first, nf;  /* the subgraph index fields, in calls[] order */
    const char *opt_name;
    /* TFLM's lifetime walk (MarkSubgraphLifetimesIfNecessary) switches on the extended
     * builtin_code field alone; the kernels use the resolved code. Either makes it a call. */
    int32_t raw = r->m->opcodes[op->opcode_index].builtin_code_field;
    switch (is_control_flow(raw) ? raw : op->builtin) {
    case AP_TFL_OP_IF:
        want = AP_TFL_OPT_IF;
        first = AP_TFL_F_IF_THEN_SUBGRAPH_INDEX; /* then, else */
        nf = 2;
        opt_name = "IfOptions";
        break;
    case AP_TFL_OP_WHILE:
        want = AP_TFL_OPT_WHILE;
        first = AP_TFL_F_WHILE_COND_SUBGRAPH_INDEX; /* cond, body */
        nf = 2;
        opt_name = "WhileOptions";
        break;
    case AP_TFL_OP_CALL_ONCE:
        want = AP_TFL_OPT_CALL_ONCE;
        first = AP_TFL_F_CALL_ONCE_INIT_SUBGRAPH_INDEX;
        nf = 1;
        opt_name = "CallOnceOptions";
        break;
    default:
        return AP_OK;
    }
    if (!has_table || op->options_type != want)
        return ap_error_set(r->err, AP_ERR_INPUT,
                            "%s (table at byte %zu): a %s operator without %s (options type "
                            "%u)", r->what, op->table_pos, op->name, opt_name,
                            op->options_type);
    for (unsigned f = 0; f < nf; f++) {
        int32_t s;
        ap_status st = opt_i32(r, t, first + f, 0, &s);
        if (st != AP_OK)
            return st;
        if (s < 0 || (uint32_t)s >= r->m->n_subgraphs)
            return ap_error_set(r->err, AP_ERR_INPUT,
                                "%s (options at byte %zu): %s invokes subgraph %d, but the model "
                                "has %u subgraphs", r->what, t->pos, op->name, (int)s,
                                r->m->n_subgraphs);
        op->calls[f] = s;
    }
    return AP_OK;
}

static ap_status read_operator(rd *r, uint32_t sg, uint32_t i, const ap__fb_table *t,
                               ap_tfl_operator *op, uint32_t n_tensors)
{
    ap_status st;
    uint8_t ty;
    op->index = i;
    op->table_pos = t->pos;
    op->calls[0] = op->calls[1] = -1;
    options_defaults(&op->opt);
    set_what(r, "subgraph %u operator %u", sg, i);
    if ((st = ap__fb_get_u32(&r->fb, t, AP_TFL_F_OPERATOR_OPCODE_INDEX, 0, r->what,
                              &op->opcode_index, r->err)) != AP_OK)
        return st;
    if (op->opcode_index >= r->m->n_opcodes)
        return ap_error_set(r->err, AP_ERR_INPUT,
                            "%s (table at byte %zu): opcode_index %u, but the model has %u "
                            "operator codes", r->what, t->pos, op->opcode_index,
                            r->m->n_opcodes);
    const ap_tfl_opcode *oc = &r->m->opcodes[op->opcode_index];
    op->builtin = oc->builtin;
    op->custom_code = oc->custom_code;
    op->name = oc->name;
    set_what(r, "subgraph %u operator %u (%s)", sg, i, op->name);
    if ((st = get_ints(r, t, AP_TFL_F_OPERATOR_INPUTS, &op->inputs, &op->n_inputs, NULL)) != AP_OK ||
        (st = get_ints(r, t, AP_TFL_F_OPERATOR_OUTPUTS, &op->outputs, &op->n_outputs, NULL)) != AP_OK ||
        (st = get_ints(r, t, AP_TFL_F_OPERATOR_INTERMEDIATES, &op->intermediates,
                        &op->n_intermediates, NULL)) != AP_OK)
        return st;
    if ((st = check_indices(r, op->inputs, op->n_inputs, n_tensors, 1, "inputs")) != AP_OK ||
        (st = check_indices(r, op->outputs, op->n_outputs, n_tensors, 0, "outputs")) != AP_OK ||
        (st = check_indices(r, op->intermediates, op->n_intermediates, n_tensors, 0,
                            "intermediates")) != AP_OK)
        return st;
    /* builtin_options: the union's type, then its table. */
    ap__fb_table ot = {0, 0, 0, 0};
    int has = 0;
    if ((st = ap__fb_get_u8(&r->fb, t, AP_TFL_F_OPERATOR_BUILTIN_OPTIONS_TYPE, 0, r->what, &ty,
                             r->err)) != AP_OK)
        return st;
    op->options_type = ty;
    if (ty != 0) {
        if ((st = ap__fb_get_table(&r->fb, t, AP_TFL_F_OPERATOR_BUILTIN_OPTIONS, r->what, &has, &ot,
                                     r->err)) != AP_OK)
            return st;
        if (has) {
            op->options_pos = ot.pos;
            if ((st = decode_options(r, ty, &ot, &op->opt)) != AP_OK)
                return st;
        }
    }
    if ((st = read_calls(r, op, &ot, has)) != AP_OK)
        return st;
    /* builtin_options_2: the same for the second union. */
    if ((st = ap__fb_get_u8(&r->fb, t, AP_TFL_F_OPERATOR_BUILTIN_OPTIONS_2_TYPE, 0, r->what, &ty,
                             r->err)) != AP_OK)
        return st;
    op->options2_type = ty;
    if (ty != 0) {
        ap__fb_table o2;
        int has2;
        if ((st = ap__fb_get_table(&r->fb, t, AP_TFL_F_OPERATOR_BUILTIN_OPTIONS_2, r->what, &has2,
                                     &o2, r->err)) != AP_OK)
            return st;
        if (has2)
            op->options2_pos = o2.pos;
    }
    ap__fb_vec cv;
    if ((st = ap__fb_get_vec(&r->fb, t, AP_TFL_F_OPERATOR_CUSTOM_OPTIONS, 1, r->what, NULL, &cv,
                              r->err)) != AP_OK)
        return st;
    op->custom_options_pos = cv.pos ? cv.at : 0;
    op->custom_options_len = cv.count;
    return AP_OK;
}

/* ---- Subgraphs ------------------------------------------------------------------------------- */

/* The -1 dimensions of subgraph g's tensors. TFLM's ReshapeOutput (reshape_common.cc:56-75)
 * resolves a single -1 of a RESHAPE's output to its input's element count over the product of
 * the other dimensions, in Prepare, before the tensors are planned: so does the reader, in
 * operator order (an input resolved by an earlier RESHAPE counts resolved). Two or more -1 are
 * TFLM's refusal (:61, a kernel table row): they read 1 here. Any other -1 is a dynamic shape,
 * which neither plans. */
static ap_status resolve_stretch(rd *r, uint32_t s, ap_tfl_subgraph *g)
{
    ap_status st;
    for (uint32_t i = 0; i < g->n_ops; i++) {
        const ap_tfl_operator *op = &g->ops[i];
        if (op->builtin != AP_TFL_OP_RESHAPE || op->n_outputs < 1 || op->outputs[0] < 0)
            continue;
        ap_tfl_tensor *x = &g->tensors[op->outputs[0]];
        const ap_tfl_tensor *in =
            op->n_inputs > 0 && op->inputs[0] >= 0 ? &g->tensors[op->inputs[0]] : NULL;
        int64_t others = x->elements; /* the product of the other dimensions */
        int resolve = x->n_stretch == 1 && in && others > 0 && in->elements / others <= INT32_MAX;
        for (uint32_t d = 0; d < x->rank; d++)
            if (x->shape[d] == -1)
                x->shape[d] = resolve ? (int32_t)(in->elements / others) : 1;
        set_what(r, "subgraph %u tensor %u (%s)", s, x->index, x->name);
        if ((st = tensor_size(r, x)) != AP_OK)
            return st;
    }
    for (uint32_t i = 0; i < g->n_tensors; i++)
        for (uint32_t d = 0; d < g->tensors[i].rank; d++)
            if (g->tensors[i].shape[d] == -1) {
                set_what(r, "subgraph %u tensor %u (%s)", s, i, g->tensors[i].name);
                return negative_dim(r, &g->tensors[i], d);
            }
    return AP_OK;
}

static ap_status read_subgraph(rd *r, uint32_t s, const ap__fb_table *t, ap_tfl_subgraph *g)
{
    ap_status st;
    ap__fb_vec tv, ov;
    g->index = s;
    g->table_pos = t->pos;
    set_what(r, "subgraph %u", s);
    if ((st = get_str(r, t, AP_TFL_F_SUBGRAPH_NAME, &g->name)) != AP_OK ||
        (st = ap__fb_get_vec(&r->fb, t, AP_TFL_F_SUBGRAPH_TENSORS, 4, r->what, NULL, &tv, r->err)) != AP_OK ||
        (st = ap__fb_get_vec(&r->fb, t, AP_TFL_F_SUBGRAPH_OPERATORS, 4, r->what, NULL, &ov,
                              r->err)) != AP_OK ||
        (st = get_ints(r, t, AP_TFL_F_SUBGRAPH_INPUTS, &g->inputs, &g->n_inputs, NULL)) != AP_OK ||
        (st = get_ints(r, t, AP_TFL_F_SUBGRAPH_OUTPUTS, &g->outputs, &g->n_outputs, NULL)) != AP_OK)
        return st;
    if ((st = spend(r, (size_t)tv.count + ov.count)) != AP_OK)
        return st;
    g->n_tensors = tv.count;
    g->n_ops = ov.count;
    if ((tv.count && !(g->tensors = alloc(r, tv.count, sizeof *g->tensors))) ||
        (ov.count && !(g->ops = alloc(r, ov.count, sizeof *g->ops))))
        return nomem(r);
    if ((st = check_indices(r, g->inputs, g->n_inputs, tv.count, 0, "inputs")) != AP_OK ||
        (st = check_indices(r, g->outputs, g->n_outputs, tv.count, 0, "outputs")) != AP_OK)
        return st;
    for (uint32_t i = 0; i < tv.count; i++) {
        ap__fb_table tt;
        set_what(r, "subgraph %u tensor %u", s, i);
        if ((st = ap__fb_vec_table(&r->fb, &tv, i, r->what, &tt, r->err)) != AP_OK ||
            (st = read_tensor(r, s, i, &tt, &g->tensors[i])) != AP_OK)
            return st;
    }
    for (uint32_t i = 0; i < ov.count; i++) {
        ap__fb_table ot;
        set_what(r, "subgraph %u operator %u", s, i);
        if ((st = ap__fb_vec_table(&r->fb, &ov, i, r->what, &ot, r->err)) != AP_OK ||
            (st = read_operator(r, s, i, &ot, &g->ops[i], tv.count)) != AP_OK)
            return st;
    }
    return resolve_stretch(r, s, g);
}

static ap_status read_model(rd *r)
{
    ap__fb *fb = &r->fb;
    ap_tfl_model *m = r->m;
    ap_status st;
    if (fb->len < 8)
        return ap_error_set(r->err, AP_ERR_INPUT,
                            "the file is %zu bytes, too short for a TFLite FlatBuffer (a root "
                            "offset and the \"TFL3\" identifier take 8)", fb->len);
    if (memcmp(fb->p + 4, "TFL3", 4) != 0) {
        char id[20];
        size_t k = 0;
        for (size_t i = 4; i < 8; i++) {
            unsigned char c = fb->p[i];
            if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\')
                id[k++] = (char)c;
            else
                k += (size_t)snprintf(id + k, sizeof id - k, "\\x%02x", c);
        }
        id[k] = '\0';
        return ap_error_set(r->err, AP_ERR_INPUT,
                            "file identifier at bytes 4-7 is \"%s\", not \"TFL3\": not a TFLite "
                            "model", id);
    }
    size_t root;
    ap__fb_table model;
    set_what(r, "root table");
    if ((st = ap__fb_deref(fb, 0, 4, r->what, &root, r->err)) != AP_OK ||
        (st = ap__fb_table_at(fb, root, r->what, &model, r->err)) != AP_OK)
        return st;
    set_what(r, "model");
    if ((st = ap__fb_get_u32(fb, &model, AP_TFL_F_MODEL_VERSION, 0, r->what, &m->version,
                              r->err)) != AP_OK ||
        (st = get_str(r, &model, AP_TFL_F_MODEL_DESCRIPTION, &m->description)) != AP_OK)
        return st;
    if ((st = read_opcodes(r, &model)) != AP_OK || (st = read_buffers(r, &model)) != AP_OK)
        return st;
    ap__fb_vec sv;
    set_what(r, "subgraphs");
    if ((st = ap__fb_get_vec(fb, &model, AP_TFL_F_MODEL_SUBGRAPHS, 4, r->what, NULL, &sv, r->err)) != AP_OK)
        return st;
    if (sv.count == 0)
        return ap_error_set(r->err, AP_ERR_INPUT, "the model has no subgraphs (root table at "
                            "byte %zu)", model.pos);
    if ((st = spend(r, sv.count)) != AP_OK)
        return st;
    m->n_subgraphs = sv.count;
    if (!(m->subgraphs = alloc(r, sv.count, sizeof *m->subgraphs)))
        return nomem(r);
    for (uint32_t s = 0; s < sv.count; s++) {
        ap__fb_table t;
        set_what(r, "subgraph %u", s);
        if ((st = ap__fb_vec_table(fb, &sv, s, r->what, &t, r->err)) != AP_OK)
            return st;
    }
    /* Operators check the subgraph indices they invoke, so every subgraph count is known
     * before any operator is read. */
    for (uint32_t s = 0; s < sv.count; s++) {
        ap__fb_table t;
        set_what(r, "subgraph %u", s);
        if ((st = ap__fb_vec_table(fb, &sv, s, r->what, &t, r->err)) != AP_OK ||
            (st = read_subgraph(r, s, &t, &m->subgraphs[s])) != AP_OK)
            return st;
        /* the offline plan's entries are concatenated (the budget bounds the sum) */
        if (s + 1 < sv.count)
            m->subgraphs[s + 1].first_entry =
                m->subgraphs[s].first_entry + m->subgraphs[s].n_tensors;
    }
    if ((st = read_metadata(r, &model)) != AP_OK || (st = read_signatures(r, &model)) != AP_OK ||
        (st = read_offline_plan(r)) != AP_OK)
        return st;
    return AP_OK;
}

ap_status ap_tflite_read(const unsigned char *data, size_t len, ap_tfl_model **out,
                         ap_error *err)
{
    *out = NULL;
    ap_tfl_model *m = calloc(1, sizeof *m);
    if (!m)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory reading the model");
    m->data = data;
    m->len = len;
    rd r = {.fb = {data, len}, .m = m, .err = err};
    r.budget = len > SIZE_MAX / 2 - BUDGET_BASE ? SIZE_MAX / 2 : len + BUDGET_BASE;
    ap_status st = read_model(&r);
    if (st != AP_OK) {
        ap_tflite_free(m);
        return st;
    }
    *out = m;
    return AP_OK;
}

void ap_tflite_free(ap_tfl_model *m)
{
    if (!m)
        return;
    pool_free(m->pool_);
    free(m);
}

const char *ap_tfl_op_name(const ap_tfl_operator *op)
{
    return op->name ? op->name : "?";
}

int ap_tflite_option_scalar(const ap_tfl_model *m, const ap_tfl_operator *op, int which,
                            unsigned field, unsigned width, int is_signed, int64_t *value)
{
    size_t pos = which == 2 ? op->options2_pos : which == 1 ? op->options_pos : 0;
    if (pos == 0 || (width != 1 && width != 2 && width != 4 && width != 8))
        return 0;
    ap__fb fb = {m->data, m->len};
    ap__fb_table t;
    size_t fp;
    /* The table was checked when the model was read; checking again costs little and keeps
     * this function safe on its own. */
    if (ap__fb_table_at(&fb, pos, "options", &t, NULL) != AP_OK ||
        ap__fb_field(&fb, &t, field, width, "options", &fp, NULL) != AP_OK || fp == 0)
        return 0;
    uint64_t u = width == 1 ? fb.p[fp] : width == 2 ? ap__fb_u16(&fb, fp)
               : width == 4 ? ap__fb_u32(&fb, fp) : ap__fb_u64(&fb, fp);
    if (is_signed && width < 8) {
        uint64_t sign = UINT64_C(1) << (8 * width - 1);
        u = (u ^ sign) - sign;
    }
    *value = (int64_t)u;
    return 1;
}

int64_t ap_tflite_option_vector(const ap_tfl_model *m, const ap_tfl_operator *op, int which,
                                unsigned field, unsigned width, int64_t *values, size_t max)
{
    size_t pos = which == 2 ? op->options2_pos : which == 1 ? op->options_pos : 0;
    ap__fb fb = {m->data, m->len};
    ap__fb_table t;
    ap__fb_vec v;
    int present;
    if (pos == 0 || (width != 1 && width != 4 && width != 8) ||
        ap__fb_table_at(&fb, pos, "options", &t, NULL) != AP_OK ||
        ap__fb_get_vec(&fb, &t, field, width, "options", &present, &v, NULL) != AP_OK || !present)
        return -1;
    for (size_t k = 0; k < v.count && k < max; k++)
        values[k] = width == 1 ? (int64_t)fb.p[v.at + k]
                  : width == 4 ? (int64_t)(int32_t)ap__fb_u32(&fb, v.at + 4 * k)
                               : (int64_t)ap__fb_u64(&fb, v.at + 8 * k);
    return v.count;
}
