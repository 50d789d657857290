/*
 * build.c - one og_model as .tflite bytes, with the tests' FlatBuffer writer.
 *
 * Buffer 0 is empty and every non-constant tensor points at it; each constant tensor gets a
 * buffer of its own, its data 16-aligned in the file (the schema's force_align). Operator codes
 * are listed in order of first use. Constant data is deterministic: pseudo-random values drawn
 * from a generator seeded by the model's name, the subgraph and the tensor's name, so the same
 * spec always gives the same bytes (the figures are keyed by a hash of them).
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/schema.h"
#include "opgen.h"
#include "tflite_writer.h"

uint64_t og_fnv1a64(const unsigned char *p, size_t n)
{
    uint64_t h = UINT64_C(0xcbf29ce484222325);
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= UINT64_C(0x100000001b3);
    }
    return h;
}

static uint64_t next_random(uint64_t *s) /* splitmix64 */
{
    uint64_t z = (*s += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

/* An integer in [lo, hi]. */
static int64_t random_int(uint64_t *s, int64_t lo, int64_t hi)
{
    return lo + (int64_t)(next_random(s) % (uint64_t)(hi - lo + 1));
}

/* A float in [-1, 1) with 1/1024 steps (exact in every float type). */
static double random_unit(uint64_t *s)
{
    return (double)random_int(s, -1024, 1023) / 1024.0;
}

/* IEEE half of a float that is exactly representable or rounded toward zero (the generator's
 * values are multiples of 1/1024 in [-1, 1], and small integers). */
static uint16_t to_half(float f)
{
    uint32_t b;
    memcpy(&b, &f, 4);
    uint16_t sign = (uint16_t)((b >> 16) & 0x8000);
    int exp = (int)((b >> 23) & 0xff) - 127 + 15;
    uint32_t mant = b & 0x7fffff;
    if ((b & 0x7fffffff) == 0)
        return sign;
    if (exp <= 0) /* subnormal half */
        return (uint16_t)(sign | ((mant | 0x800000) >> (14 - exp)));
    if (exp >= 31)
        return (uint16_t)(sign | 0x7c00);
    return (uint16_t)(sign | (exp << 10) | (mant >> 13));
}

static uint16_t to_bfloat16(float f)
{
    uint32_t b;
    memcpy(&b, &f, 4);
    return (uint16_t)(b >> 16);
}

int64_t og_elements(const og_tensor *t)
{
    int64_t n = 1;
    for (int i = 0; i < t->rank; i++)
        n *= t->shape[i] > 0 ? t->shape[i] : 0;
    return n;
}

/* Bytes of n elements of type, packed (INT4/UINT4 two per byte, INT2 four). */
static size_t data_bytes(int type, int64_t n)
{
    switch (type) {
    case AP_TFL_INT4:
    case AP_TFL_UINT4:
        return (size_t)(n + 1) / 2;
    case AP_TFL_INT2:
        return (size_t)(n + 3) / 4;
    case AP_TFL_INT8:
    case AP_TFL_UINT8:
    case AP_TFL_BOOL:
    case AP_TFL_STRING:
        return (size_t)n;
    case AP_TFL_INT16:
    case AP_TFL_UINT16:
    case AP_TFL_FLOAT16:
    case AP_TFL_BFLOAT16:
        return (size_t)n * 2;
    case AP_TFL_INT64:
    case AP_TFL_UINT64:
    case AP_TFL_FLOAT64:
    case AP_TFL_COMPLEX64:
        return (size_t)n * 8;
    case AP_TFL_COMPLEX128:
        return (size_t)n * 16;
    default: /* FLOAT32, INT32, UINT32, RESOURCE, VARIANT */
        return (size_t)n * 4;
    }
}

static void put_le(unsigned char *p, uint64_t v, unsigned w)
{
    for (unsigned i = 0; i < w; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

/* Element i of type set to value v (floats as floats, integers truncated). */
static void put_value(unsigned char *p, int type, int64_t i, double v)
{
    float f = (float)v;
    uint32_t fb;
    memcpy(&fb, &f, 4);
    switch (type) {
    case AP_TFL_FLOAT32:
        put_le(p + 4 * i, fb, 4);
        break;
    case AP_TFL_FLOAT64: {
        uint64_t d;
        memcpy(&d, &v, 8);
        put_le(p + 8 * i, d, 8);
        break;
    }
    case AP_TFL_FLOAT16:
        put_le(p + 2 * i, to_half(f), 2);
        break;
    case AP_TFL_BFLOAT16:
        put_le(p + 2 * i, to_bfloat16(f), 2);
        break;
    case AP_TFL_COMPLEX64: /* real part v, imaginary 0 */
        put_le(p + 8 * i, fb, 4);
        put_le(p + 8 * i + 4, 0, 4);
        break;
    case AP_TFL_COMPLEX128: {
        uint64_t d;
        memcpy(&d, &v, 8);
        put_le(p + 16 * i, d, 8);
        put_le(p + 16 * i + 8, 0, 8);
        break;
    }
    case AP_TFL_INT4:
    case AP_TFL_UINT4: {
        unsigned nib = (unsigned)((int64_t)v) & 0xf;
        p[i / 2] = (unsigned char)(i % 2 ? (p[i / 2] & 0x0f) | (nib << 4)
                                         : (p[i / 2] & 0xf0) | nib);
        break;
    }
    case AP_TFL_INT2: {
        unsigned q = (unsigned)((int64_t)v) & 0x3, sh = (unsigned)(i % 4) * 2;
        p[i / 4] = (unsigned char)((p[i / 4] & ~(0x3u << sh)) | (q << sh));
        break;
    }
    case AP_TFL_BOOL:
        p[i] = v != 0;
        break;
    default: {
        size_t w = data_bytes(type, 1);
        put_le(p + w * (size_t)i, (uint64_t)(int64_t)v, (unsigned)w);
    }
    }
}

/* A pseudo-random value of the type (weights-like ranges). */
static double random_value(uint64_t *s, int type)
{
    switch (type) {
    case AP_TFL_FLOAT32:
    case AP_TFL_FLOAT16:
    case AP_TFL_BFLOAT16:
    case AP_TFL_FLOAT64:
    case AP_TFL_COMPLEX64:
    case AP_TFL_COMPLEX128:
        return random_unit(s);
    case AP_TFL_INT8:
        return (double)random_int(s, -127, 127);
    case AP_TFL_UINT8:
        return (double)random_int(s, 0, 255);
    case AP_TFL_INT4:
        return (double)random_int(s, -7, 7);
    case AP_TFL_UINT4:
        return (double)random_int(s, 0, 15);
    case AP_TFL_INT2:
        return (double)random_int(s, -1, 1);
    case AP_TFL_BOOL:
        return (double)random_int(s, 0, 1);
    case AP_TFL_INT16:
        return (double)random_int(s, -4096, 4096);
    case AP_TFL_UINT16:
    case AP_TFL_UINT32:
    case AP_TFL_UINT64:
        return (double)random_int(s, 0, 1000);
    default: /* INT32, INT64 */
        return (double)random_int(s, -1000, 1000);
    }
}

static uint64_t tensor_seed(const og_model *m, int g, const og_tensor *t)
{
    char key[3 * OG_NAME];
    snprintf(key, sizeof key, "%s/%d/%s", m->name, g, t->name);
    return og_fnv1a64((const unsigned char *)key, strlen(key));
}

/* The tensor's constant data (malloc'd), its length in *n. */
static unsigned char *const_data(const og_model *m, int g, const og_tensor *t, size_t *n)
{
    if (t->fill == OG_FILL_BYTES) {
        *n = (size_t)t->n_bytes;
        unsigned char *p = malloc(*n + 1);
        memcpy(p, t->bytes, *n);
        return p;
    }
    /* listed values decide the length (a spec may give fewer or more on purpose) */
    int64_t el = t->fill == OG_FILL_VALUES ? t->n_values : og_elements(t);
    *n = data_bytes(t->type, el);
    unsigned char *p = calloc(*n + 1, 1);
    uint64_t seed = tensor_seed(m, g, t);
    for (int64_t i = 0; i < el; i++) {
        double v;
        if (t->fill == OG_FILL_VALUES)
            v = t->values[i];
        else if (t->fill == OG_FILL_BIAS && t->type != AP_TFL_FLOAT32)
            v = (double)random_int(&seed, -500, 500);
        else
            v = random_value(&seed, t->type);
        put_value(p, t->type, i, v);
    }
    return p;
}

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return -1;
}

/* The quantization table of tensor ti of g, or NULL. A bias without scales of its own gets
 * scale[c] = s_in * s_filter[c] * bias_mul (one per filter scale), zero points 0. */
static fbb_node *quantization(const og_graph *g, int ti)
{
    const og_tensor *t = &g->t[ti];
    float bscale[1024];
    int64_t bzp[1024] = {0};
    const float *scales = t->scale;
    const int64_t *zps = t->zp;
    int ns = t->n_scale, nz = t->n_zp;
    int32_t qdim = t->qdim;
    if (t->fill == OG_FILL_BIAS && !ns && t->type != AP_TFL_FLOAT32) {
        const og_tensor *in = &g->t[t->bias_in], *w = &g->t[t->bias_filter];
        float sin = in->n_scale ? in->scale[0] : 0.0f;
        ns = nz = w->n_scale > 0 && w->n_scale <= 1024 ? w->n_scale : 1;
        for (int c = 0; c < ns; c++)
            bscale[c] = (float)((double)sin * (w->n_scale ? w->scale[c] : 0.0f) * t->bias_mul);
        scales = bscale;
        zps = bzp;
        qdim = 0;
    }
    if (!ns && !nz && !t->quant_table && t->blockwise_scales < 0)
        return NULL;
    fbb_node *q = tfl_quantization(scales, (size_t)ns, zps, (size_t)nz, qdim);
    if (t->blockwise_scales >= 0) {
        fbb_node *d = fbb_table();
        fbb_scalar(d, 0, 4, (uint32_t)t->blockwise_scales); /* scales: a tensor index */
        fbb_scalar(d, 1, 4, (uint32_t)-1);                  /* zero_points: none */
        fbb_scalar(d, 2, 4, (uint32_t)t->block_size);
        fbb_scalar(q, AP_TFL_F_QUANT_DETAILS_TYPE, 1, 2);   /* QuantizationDetails member 2 */
        fbb_ref(q, AP_TFL_F_QUANT_DETAILS, d);
    }
    return q;
}

static fbb_node *options_table(const og_op *op)
{
    const og_opt_table *tab = og_opt_table_for(op->builtin);
    fbb_node *t = fbb_table();
    for (int i = 0; i < op->n_opt; i++) {
        const og_optval *o = &op->opt[i];
        const og_field *f = &tab->fields[o->field];
        switch (f->kind) {
        case OG_K_BYTE:
        case OG_K_BOOL:
            fbb_scalar(t, f->id, 1, (uint8_t)o->i);
            break;
        case OG_K_FLOAT: {
            float v = (float)o->f;
            uint32_t bits;
            memcpy(&bits, &v, 4);
            fbb_scalar(t, f->id, 4, bits);
            break;
        }
        case OG_K_INTVEC:
            fbb_ref(t, f->id, fbb_int_array((size_t)o->n_vec, o->vec));
            break;
        case OG_K_UBYTEVEC: {
            unsigned char b[OG_MAX_DIMS * 2];
            for (int k = 0; k < o->n_vec; k++)
                b[k] = (unsigned char)o->vec[k];
            fbb_ref(t, f->id, fbb_bytes(b, (size_t)o->n_vec));
            break;
        }
        case OG_K_LONGVEC: {
            int64_t v[OG_MAX_DIMS * 2];
            for (int k = 0; k < o->n_vec; k++)
                v[k] = o->vec[k];
            fbb_ref(t, f->id, fbb_long_array((size_t)o->n_vec, v));
            break;
        }
        case OG_K_STRING:
            fbb_ref(t, f->id, fbb_str(o->str));
            break;
        default:
            fbb_scalar(t, f->id, 4, (uint32_t)o->i);
        }
    }
    return t;
}

/* SparsityParameters of a 2-D constant: traversal order [0, 1], dimension 0 dense, dimension 1
 * CSR with the spec's segments and indices (Int32Vector). */
static fbb_node *sparsity(const og_tensor *t)
{
    int32_t order[2] = {0, 1};
    fbb_node *sp = fbb_table(), *d0 = fbb_table(), *d1 = fbb_table(), *seg = fbb_table(),
             *idx = fbb_table();
    fbb_scalar(d0, 0, 1, 0); /* DENSE */
    fbb_scalar(d0, 1, 4, (uint32_t)(t->rank ? t->shape[0] : 1));
    fbb_ref(seg, 0, fbb_int_array((size_t)t->n_seg, t->seg));
    fbb_ref(idx, 0, fbb_int_array((size_t)t->n_idx, t->idx));
    fbb_scalar(d1, 0, 1, 1); /* SPARSE_CSR */
    fbb_scalar(d1, 2, 1, 1); /* Int32Vector */
    fbb_ref(d1, 3, seg);
    fbb_scalar(d1, 4, 1, 1);
    fbb_ref(d1, 5, idx);
    fbb_ref(sp, 0, fbb_int_array(2, order));
    fbb_ref(sp, 2, fbb_tables(2, d0, d1));
    return sp;
}

static fbb_node *custom_options(const og_op *op)
{
    fbb_flex_entry e[OG_MAX_CUST];
    unsigned char buf[4096];
    for (int i = 0; i < op->n_cust; i++)
        e[i] = (fbb_flex_entry){op->cust_key[i], op->cust_kind[i], op->cust_i[i], op->cust_f[i]};
    size_t n = fbb_flex_map(e, (size_t)op->n_cust, buf, sizeof buf);
    return fbb_bytes(buf, n);
}

typedef struct opcodes {
    int32_t builtin[64];
    const char *custom[64];
    int n;
} opcodes;

static uint32_t opcode_index(opcodes *oc, const og_op *op)
{
    for (int i = 0; i < oc->n; i++)
        if (oc->builtin[i] == op->builtin &&
            !strcmp(oc->custom[i], op->builtin == AP_TFL_OP_CUSTOM ? op->custom : ""))
            return (uint32_t)i;
    oc->builtin[oc->n] = op->builtin;
    oc->custom[oc->n] = op->builtin == AP_TFL_OP_CUSTOM ? op->custom : "";
    return (uint32_t)oc->n++;
}

typedef struct bufs {
    fbb_node **b;
    int n, cap;
} bufs;

static uint32_t add_buffer(bufs *bs, fbb_node *b)
{
    if (bs->n == bs->cap) {
        bs->cap = bs->cap ? 2 * bs->cap : 16;
        bs->b = realloc(bs->b, sizeof *bs->b * (size_t)bs->cap);
    }
    bs->b[bs->n] = b;
    return (uint32_t)bs->n++;
}

static fbb_node *subgraph(const og_model *m, int gi, opcodes *oc, bufs *bs)
{
    const og_graph *g = &m->g[gi];
    fbb_node **tensors = calloc((size_t)g->n_t + 1, sizeof *tensors);
    fbb_node **ops = calloc((size_t)g->n_op + 1, sizeof *ops);
    for (int i = 0; i < g->n_t; i++) {
        const og_tensor *t = &g->t[i];
        uint32_t buffer = 0;
        if (t->fill != OG_FILL_NONE) {
            size_t n;
            unsigned char *d = const_data(m, gi, t, &n);
            buffer = add_buffer(bs, tfl_buffer_aligned(d, n));
            free(d);
        }
        tensors[i] = tfl_tensor(t->name, t->type, fbb_int_array((size_t)t->rank, t->shape),
                                buffer);
        fbb_ref(tensors[i], AP_TFL_F_TENSOR_QUANTIZATION, quantization(g, i));
        if (t->variable)
            tfl_variable(tensors[i]);
        if (t->n_sig)
            fbb_ref(tensors[i], AP_TFL_F_TENSOR_SHAPE_SIGNATURE, fbb_int_array((size_t)t->n_sig, t->sig));
        if (t->seg)
            fbb_ref(tensors[i], AP_TFL_F_TENSOR_SPARSITY, sparsity(t));
    }
    for (int o = 0; o < g->n_op; o++) {
        const og_op *op = &g->op[o];
        const og_opt_table *tab = og_opt_table_for(op->builtin);
        int with = tab && !op->no_options;
        ops[o] = tfl_op(opcode_index(oc, op), fbb_int_array((size_t)op->n_in, op->in),
                        fbb_int_array((size_t)op->n_out, op->out),
                        with && tab->which == 1 ? tab->union_type : 0,
                        with && tab->which == 1 ? options_table(op) : NULL);
        if (with && tab->which == 2) {
            fbb_scalar(ops[o], AP_TFL_F_OPERATOR_BUILTIN_OPTIONS_2_TYPE, 1, tab->union_type);
            fbb_ref(ops[o], AP_TFL_F_OPERATOR_BUILTIN_OPTIONS_2, options_table(op));
        }
        if (op->n_inter)
            fbb_ref(ops[o], AP_TFL_F_OPERATOR_INTERMEDIATES,
                    fbb_int_array((size_t)op->n_inter, op->inter));
        if (op->has_cust)
            fbb_ref(ops[o], AP_TFL_F_OPERATOR_CUSTOM_OPTIONS, custom_options(op));
    }
    fbb_node *sg = tfl_subgraph(fbb_table_array((size_t)g->n_t, tensors),
                                fbb_int_array((size_t)g->n_in, g->in),
                                fbb_int_array((size_t)g->n_out, g->out),
                                fbb_table_array((size_t)g->n_op, ops), g->name);
    free(tensors);
    free(ops);
    return sg;
}

unsigned char *og_build(const og_model *m, size_t *len, char *err, size_t errlen)
{
    opcodes oc = {{0}, {0}, 0};
    bufs bs = {NULL, 0, 0};
    fbb_node *sgs[OG_MAX_GRAPHS], *codes[64];
    int n_ops = 0;
    for (int g = 0; g < m->n_g; g++)
        n_ops += m->g[g].n_op;
    if (n_ops > 64) {
        fail(err, errlen, "%s: more than 64 operators", m->name);
        return NULL;
    }
    add_buffer(&bs, tfl_buffer(NULL, 0));
    for (int g = 0; g < m->n_g; g++)
        sgs[g] = subgraph(m, g, &oc, &bs);
    for (int i = 0; i < oc.n; i++)
        codes[i] = tfl_opcode(oc.builtin[i], oc.builtin[i] == AP_TFL_OP_CUSTOM ? oc.custom[i]
                                                                               : NULL);
    fbb_node *metadata = NULL;
    if (m->offline) { /* [version 0, subgraphs, entries, entry...] */
        int32_t *words = malloc(sizeof *words * (size_t)(m->n_offline + 3));
        words[0] = 0;
        words[1] = m->n_g;
        words[2] = m->n_offline;
        memcpy(words + 3, m->offline, sizeof *words * (size_t)m->n_offline);
        fbb_node *md = fbb_table();
        fbb_ref(md, AP_TFL_F_METADATA_NAME, fbb_str("OfflineMemoryAllocation"));
        fbb_scalar(md, AP_TFL_F_METADATA_BUFFER, 4,
                   add_buffer(&bs, tfl_buffer_aligned(words, sizeof *words *
                                                             (size_t)(m->n_offline + 3))));
        metadata = fbb_tables(1, md);
        free(words);
    }
    fbb_node *model = tfl_model(fbb_table_array((size_t)oc.n, codes),
                                fbb_table_array((size_t)m->n_g, sgs),
                                fbb_table_array((size_t)bs.n, bs.b), metadata);
    unsigned char *bytes = fbb_finish(model, len);
    fbb_reset();
    free(bs.b);
    return bytes;
}
