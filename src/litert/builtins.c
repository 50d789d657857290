/*
 * builtins.c - what TFLite's builtin kernels do to tensors in Init and Prepare (LiteRT
 * f67457790c9c, tflite/kernels/, registered by core/kernels/register.cc's BuiltinOpResolver):
 * the temporaries they add (type, shape, arena or persistent), the outputs they make dynamic
 * (a shape that depends on data) or compute in Prepare (persistent read-only), and which may
 * share an input's bytes (inplace_operator). One table row per kernel; docs/tflite-runtime.md
 * lists them with their sources.
 *
 * Outputs keep the model's shapes: every kernel here resizes its outputs to what the model
 * states for a well-formed model (checked against the real interpreter on the dev models).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/problem.h"
#include "core/util.h"
#include "litert/builtins.h"
#include "litert/subgraph.h"
#include "tflite/flexbuf.h"

#define IN1 8u   /* kTfLiteInplaceOpInput1Shared */
#define UNMOD (AP__LRT_INPLACE_UNMODIFIED | AP__LRT_INPLACE_IN0)
#define ELEMENTWISE (AP__LRT_INPLACE_IN0 | IN1)

/* ---- helpers -------------------------------------------------------------------------------- */

static int32_t out(const ap__lrt_graph *g, uint32_t i, uint32_t k)
{
    return k < g->node[i].n_outputs ? g->node[i].outputs[k] : -1;
}

static uint32_t rank_of(const ap__lrt_graph *g, int32_t t)
{
    return t >= 0 ? g->t[t].rank : 0;
}

/* Dimension k of tensor t (0 when absent). */
static int64_t dim(const ap__lrt_graph *g, int32_t t, uint32_t k)
{
    return t >= 0 && k < g->t[t].rank ? g->t[t].dims[k] : 0;
}

static int64_t elements(const ap__lrt_graph *g, int32_t t)
{
    int64_t n = 1;
    uint32_t k;
    if (t < 0)
        return 0;
    for (k = 0; k < g->t[t].rank; k++)
        n *= g->t[t].dims[k]; /* the reader bounds every tensor's element count */
    return n;
}

static const char *op_text(const ap__lrt_graph *g, uint32_t i, char *buf, size_t n)
{
    return ap__subgraph_op_text(g, i, buf, n);
}

static ap_status fail(const ap__lrt_graph *g, uint32_t i, ap_error *err, const char *what)
{
    char buf[64];
    return ap_error_set(err, AP_ERR_INPUT,
                        "TFLite cannot allocate the model: the kernel of %s (subgraph %u) "
                        "refuses it in Prepare: %s", op_text(g, i, buf, sizeof buf), g->sg, what);
}

/* Records that what node i's kernel does on this path is not modelled (the outputs say so). */
static ap_status unmodelled(ap__lrt_graph *g, uint32_t i, const char *what, ap_error *err)
{
    return ap__subgraph_unmodelled(g, (int32_t)i, err, "%s", what);
}

/* Tensor index for a temporary the kernel adds lazily in Prepare (`if (id == -1)
 * AddTensors(1)`), kept in node slot ids[slot]. */
static ap_status lazy(ap__lrt_graph *g, uint32_t i, int slot, uint32_t count, int32_t *id,
                      ap_error *err)
{
    ap__lrt_node *nd = &g->node[i];
    uint32_t k;
    if (nd->ids[slot] < 0) {
        if ((nd->ids[slot] = ap__subgraph_add_tensors(g, count)) < 0)
            return ap_error_set(err, AP_ERR_INPUT, "more than %d tensors with the kernels' "
                                "temporaries", AP__LRT_MAX_TENSORS);
        for (k = 0; k < count; k++) {
            g->t[nd->ids[slot] + (int32_t)k].op = (int32_t)i;
            g->t[nd->ids[slot] + (int32_t)k].role = "reserved";
        }
    }
    *id = nd->ids[slot];
    return AP_OK;
}

static void temps(ap__lrt_graph *g, uint32_t i, uint32_t count)
{
    uint32_t k;
    g->node[i].n_temps = count;
    for (k = 0; k < count; k++)
        g->node[i].temps[k] = -1;
}

/* node->temporaries[slot] = t, a tensor of type and `elems` elements in arena `alloc`. */
static ap_status temp(ap__lrt_graph *g, uint32_t i, uint32_t slot, int32_t t, int type,
                      int64_t elems, ap__lrt_alloc alloc, const char *role, ap_error *err)
{
    ap__lrt_tensor *x = &g->t[t];
    int64_t bytes = ap__subgraph_bytes(type, elems);
    if (bytes < 0)
        return fail(g, i, err, "a temporary tensor's size overflows");
    g->node[i].temps[slot] = t;
    x->type = type;
    x->bytes = bytes;
    x->alloc = alloc;
    x->op = (int32_t)i;
    x->role = role;
    return AP_OK;
}

/* A product of dimensions, refusing overflow (TFLite's CheckedShapeProduct). */
static int64_t product(int64_t a, int64_t b)
{
    int64_t r;
    if (a < 0 || b < 0 || ap__mul_ovf(a, b, &r) || r > AP_MAX_VALUE)
        return -1;
    return r;
}

static int is_quantized8(int type)
{
    return type == AP_TFL_UINT8 || type == AP_TFL_INT8;
}

/* Sets every output of node i dynamic because input `why` is not constant. */
static ap_status outputs_dynamic(ap__lrt_graph *g, uint32_t i, int32_t why, const char *what,
                                 ap_error *err)
{
    char ot[64];
    uint32_t k;
    ap_status st;
    for (k = 0; k < g->node[i].n_outputs; k++)
        if ((st = ap__subgraph_set_alloc(g, out(g, i, k), AP__LRT_DYNAMIC, i, err,
                                         "%s's %s (tensor %d) is computed at run time, so its output "
                                         "shape is known only at Invoke",
                                         op_text(g, i, ot, sizeof ot), what, why)) != AP_OK)
            return st;
    return AP_OK;
}

static ap_status folded(ap__lrt_graph *g, uint32_t i, const char *because, ap_error *err)
{
    char ot[64];
    uint32_t k;
    ap_status st;
    for (k = 0; k < g->node[i].n_outputs; k++)
        if ((st = ap__subgraph_set_alloc(g, out(g, i, k), AP__LRT_PERSISTENT_RO, i, err,
                                         "%s computes it in Prepare (%s)",
                                         op_text(g, i, ot, sizeof ot), because)) != AP_OK)
            return st;
    return AP_OK;
}

static ap_status outputs_folded(ap__lrt_graph *g, uint32_t i, ap_error *err)
{
    return folded(g, i, "its inputs are constant", err);
}

/* ---- shape inputs: outputs dynamic unless the inputs that set the shape are constant ------ */

/* The shape-setting inputs of a kernel, as a bit mask, and what they are called. */
typedef struct shape_rule {
    int32_t builtin;
    unsigned dyn;        /* outputs dynamic unless all these inputs are constant */
    unsigned fold;       /* outputs persistent-ro when all these inputs are constant */
    const char *what;
} shape_rule;

#define B(k) (1u << (k))
#define ALL_INPUTS 0x80000000u

static const shape_rule shape_rules[] = {
    {AP_TFL_OP_TRANSPOSE, B(1), 0, "permutation"},                /* transpose.cc */
    {AP_TFL_OP_PAD, B(1), 0, "paddings"},                         /* pad.cc */
    {AP_TFL_OP_PADV2, B(1), 0, "paddings"},
    {AP_TFL_OP_MIRROR_PAD, B(1), 0, "paddings"},                  /* mirror_pad.cc */
    {AP_TFL_OP_SPACE_TO_BATCH_ND, B(1) | B(2), 0, "block shape or paddings"},
    {AP_TFL_OP_BATCH_TO_SPACE_ND, B(1) | B(2), 0, "block shape or crops"},
    {AP_TFL_OP_RESIZE_NEAREST_NEIGHBOR, B(1), 0, "size"},
    {AP_TFL_OP_RESIZE_BILINEAR, B(1), 0, "size"},
    {AP_TFL_OP_SPLIT, B(0), 0, "axis"},                           /* split.cc */
    {AP_TFL_OP_SPLIT_V, B(1) | B(2), 0, "size_splits or axis"},   /* split_v.cc */
    {AP_TFL_OP_EXPAND_DIMS, B(1), 0, "axis"},                     /* expand_dims.cc */
    {AP_TFL_OP_FILL, B(0), 0, "dims"},                            /* fill.cc */
    {AP_TFL_OP_BROADCAST_TO, B(1), 0, "shape"},                   /* broadcast_to.cc */
    {AP_TFL_OP_ONE_HOT, B(1), 0, "depth"},                        /* one_hot.cc */
    {AP_TFL_OP_ARG_MAX, B(1), 0, "axis"},                         /* arg_min_max.cc */
    {AP_TFL_OP_ARG_MIN, B(1), 0, "axis"},
    {AP_TFL_OP_TOPK_V2, B(1), 0, "k"},                            /* topk_v2.cc */
    {AP_TFL_OP_SPARSE_TO_DENSE, B(1), 0, "output shape"},         /* sparse_to_dense.cc */
    {AP_TFL_OP_SCATTER_ND, B(2), 0, "shape"},                     /* scatter_nd.cc */
    {AP_TFL_OP_SEGMENT_SUM, B(0) | B(1), 0, "data or segment ids"},
    {AP_TFL_OP_UNSORTED_SEGMENT_SUM, B(1) | B(2), 0, "segment ids or segment count"},
    {AP_TFL_OP_UNSORTED_SEGMENT_PROD, B(1) | B(2), 0, "segment ids or segment count"},
    {AP_TFL_OP_UNSORTED_SEGMENT_MAX, B(1) | B(2), 0, "segment ids or segment count"},
    {AP_TFL_OP_UNSORTED_SEGMENT_MIN, B(1) | B(2), 0, "segment ids or segment count"},
    {AP_TFL_OP_WHERE, B(0), 0, "condition"},                      /* where.cc */
    {AP_TFL_OP_RANDOM_STANDARD_NORMAL, B(0), 0, "shape"},         /* random_ops.cc */
    {AP_TFL_OP_RANDOM_UNIFORM, B(0), 0, "shape"},
    {AP_TFL_OP_MULTINOMIAL, B(0) | B(1), 0, "logits or sample count"},
    {AP_TFL_OP_DILATE, B(1), 0, "dilations"},                     /* dilate.cc */
    {AP_TFL_OP_RANGE, B(0) | B(1) | B(2), B(0) | B(1) | B(2), "start, limit or delta"},
    {AP_TFL_OP_TILE, B(1), B(0) | B(1), "multipliers"},           /* tile.cc */
    {AP_TFL_OP_GATHER, 0, B(0) | B(1), NULL},                     /* gather.cc */
    {AP_TFL_OP_CONCATENATION, 0, ALL_INPUTS, NULL},               /* concatenation.cc */
    {AP_TFL_OP_MUL, 0, B(0) | B(1), NULL},                        /* mul.cc */
    {AP_TFL_OP_BROADCAST_ARGS, 0, B(0) | B(1), NULL},             /* broadcast_args.cc */
};

static const shape_rule *find_rule(int32_t builtin)
{
    size_t k;
    for (k = 0; k < sizeof shape_rules / sizeof shape_rules[0]; k++)
        if (shape_rules[k].builtin == builtin)
            return &shape_rules[k];
    return NULL;
}

/* The first input in mask that is not constant, -2 when all are (absent inputs count as
 * constant: the kernels fail on them, or ignore them). */
static int32_t first_variable(const ap__lrt_graph *g, uint32_t i, unsigned mask, int mmap_only)
{
    const ap_tfl_operator *op = g->node[i].op;
    uint32_t k;
    for (k = 0; k < op->n_inputs; k++)
        if (((mask & ALL_INPUTS) || (k < 31 && (mask & B(k)))) && op->inputs[k] >= 0 &&
            !(mmap_only ? g->t[op->inputs[k]].alloc == AP__LRT_MMAP_RO
                        : ap__subgraph_const(g, op->inputs[k])))
            return op->inputs[k];
    return -2;
}

static int unspecified(const ap__lrt_graph *g, int32_t t);

static ap_status prepare_shape_rule(ap__lrt_graph *g, uint32_t i, int *result, ap_error *err)
{
    const shape_rule *r = find_rule(g->node[i].op->builtin);
    int32_t v;
    (void)result;
    if (!r)
        return AP_OK;
    if (r->builtin == AP_TFL_OP_PAD || r->builtin == AP_TFL_OP_PADV2) {
        int32_t x = ap__subgraph_input(g, i, 0);
        if (x >= 0 && g->t[x].rank == 0) {
            char ot[64];
            return ap__subgraph_set_alloc(g, out(g, i, 0), AP__LRT_DYNAMIC, i, err,
                                          "%s's input has no rank, so its output shape is known "
                                          "only at Invoke", op_text(g, i, ot, sizeof ot));
        }
    }
    /* DILATE's "constant" is IsConstantTensor: data in the model, not a tensor computed in
     * Prepare (dilate.cc); the others accept either */
    if (r->dyn && (v = first_variable(g, i, r->dyn, r->builtin == AP_TFL_OP_DILATE)) >= -1)
        return outputs_dynamic(g, i, v, r->what, err);
    /* TOPK_V2 reads the input's shape_signature too (HasUnspecifiedDimension) */
    if (r->builtin == AP_TFL_OP_TOPK_V2 && unspecified(g, ap__subgraph_input(g, i, 0)))
        return outputs_dynamic(g, i, ap__subgraph_input(g, i, 0), "input shape", err);
    if (r->fold && first_variable(g, i, r->fold, 0) == -2)
        return outputs_folded(g, i, err);
    return AP_OK;
}

/* SHAPE and RANK (shape.cc, rank.cc): the input's shape is known in Prepare, so is the
 * output. */
static ap_status prepare_always_folded(ap__lrt_graph *g, uint32_t i, int *result, ap_error *err)
{
    (void)result;
    return folded(g, i, "its input's shape is known then", err);
}

/* UNIQUE: its first output's length depends on the data. */
static ap_status prepare_unique(ap__lrt_graph *g, uint32_t i, int *result, ap_error *err)
{
    char ot[64];
    (void)result;
    return ap__subgraph_set_alloc(g, out(g, i, 0), AP__LRT_DYNAMIC, i, err,
                                  "%s's output length depends on the data",
                                  op_text(g, i, ot, sizeof ot));
}

/* STRIDED_SLICE (strided_slice.cc): the shape needs constant strides and, unless `offset`,
 * constant begin and end; with a constant input too it is computed in Prepare. */
static ap_status prepare_strided_slice(ap__lrt_graph *g, uint32_t i, int *result, ap_error *err)
{
    int32_t input = ap__subgraph_input(g, i, 0), begin = ap__subgraph_input(g, i, 1),
            end = ap__subgraph_input(g, i, 2), strides = ap__subgraph_input(g, i, 3);
    int offset = g->node[i].op->opt.offset != 0;
    (void)result;
    if (!ap__subgraph_const(g, strides))
        return outputs_dynamic(g, i, strides, "strides", err);
    if (!offset && !ap__subgraph_const(g, begin))
        return outputs_dynamic(g, i, begin, "begin", err);
    if (!offset && !ap__subgraph_const(g, end))
        return outputs_dynamic(g, i, end, "end", err);
    if (ap__subgraph_const(g, input) && ap__subgraph_const(g, begin) && ap__subgraph_const(g, end))
        return outputs_folded(g, i, err);
    return AP_OK;
}

/* SLICE (slice.cc): an output with a fully known shape keeps it; else it needs constant begin
 * and size and an input of known shape. */
static int unspecified(const ap__lrt_graph *g, int32_t t)
{
    const ap_tfl_tensor *mt;
    uint32_t k;
    /* dims_signature is set for read-write tensors only (SetTensorParametersReadWrite) */
    if (t < 0 || (uint32_t)t >= g->m->subgraphs[g->sg].n_tensors ||
        g->t[t].alloc == AP__LRT_MMAP_RO)
        return 0;
    mt = &g->m->subgraphs[g->sg].tensors[t];
    for (k = 0; mt->shape_signature && k < mt->n_shape_signature; k++)
        if (mt->shape_signature[k] == -1)
            return 1;
    return 0;
}

static ap_status prepare_slice(ap__lrt_graph *g, uint32_t i, int *result, ap_error *err)
{
    int32_t input = ap__subgraph_input(g, i, 0), begin = ap__subgraph_input(g, i, 1),
            size = ap__subgraph_input(g, i, 2), o = out(g, i, 0);
    (void)result;
    if (!unspecified(g, o) && rank_of(g, o) > 0)
        return AP_OK;
    if (!ap__subgraph_const(g, begin))
        return outputs_dynamic(g, i, begin, "begin", err);
    if (!ap__subgraph_const(g, size))
        return outputs_dynamic(g, i, size, "size", err);
    if (unspecified(g, input))
        return outputs_dynamic(g, i, input, "input shape", err);
    return AP_OK;
}

/* RESHAPE (reshape.cc): a constant shape (or none) gives the shape in Prepare, and a constant
 * input the data; a shape computed at run time stops AllocateTensors there, the output keeping
 * the input's byte count so that it may share its bytes. */
static ap_status prepare_reshape(ap__lrt_graph *g, uint32_t i, int *result, ap_error *err)
{
    int32_t input = ap__subgraph_input(g, i, 0), shape = ap__subgraph_input(g, i, 1), o = out(g, i, 0);
    if (o < 0 || g->t[o].type == AP_TFL_STRING)
        return AP_OK;
    if (g->node[i].op->n_inputs == 1 || ap__subgraph_const(g, shape)) {
        if (ap__subgraph_const(g, input))
            return outputs_folded(g, i, err);
        return AP_OK;
    }
    if (g->t[o].alloc == AP__LRT_ARENA && input >= 0)
        g->t[o].bytes = g->t[input].bytes;
    *result = AP__LRT_SHAPE_UNKNOWN;
    return AP_OK;
}

/* A scalar field of the operator's builtin options (one the reader does not decode), dflt when
 * the table lacks it. */
static int64_t option(const ap__lrt_graph *g, uint32_t i, unsigned field, unsigned width,
                      int64_t dflt)
{
    int64_t v;
    /* without an options table TFLite's parameters stay zero (AllocatePOD value-initializes
     * them, flatbuffer_conversions.cc); with one, an absent field has its schema default */
    if (!g->node[i].op->options_pos)
        return 0;
    return ap_tflite_option_scalar(g->m, g->node[i].op, 1, field, width, 1, &v) ? v : dflt;
}

/* ---- outputs the kernel sizes itself -------------------------------------------------------- */

/* The values of constant tensor t (kTfLiteMmapRo, INT32 or INT64, its data in the file), at
 * most max of them into v: returns how many it has, or -1 when they cannot be read here (data
 * computed in Prepare, data outside the FlatBuffer, another type, a short buffer). */
static int64_t const_ints(const ap__lrt_graph *g, int32_t t, int64_t *v, int64_t max)
{
    const ap_tfl_subgraph *s = &g->m->subgraphs[g->sg];
    const ap_tfl_tensor *mt;
    const ap_tfl_buffer *b;
    int size;
    int64_t n, k;
    if (t < 0 || (uint32_t)t >= s->n_tensors || g->t[t].alloc != AP__LRT_MMAP_RO)
        return -1;
    mt = &s->tensors[t];
    size = mt->type == AP_TFL_INT32 ? 4 : mt->type == AP_TFL_INT64 ? 8 : 0;
    b = &g->m->buffers[mt->buffer];
    n = mt->elements;
    if (!size || !b->data_len_pos || b->data_len / (size_t)size < (size_t)n ||
        b->data_pos > g->m->len || g->m->len - b->data_pos < b->data_len)
        return -1;
    for (k = 0; k < n && k < max; k++) {
        const unsigned char *p = g->m->data + b->data_pos + (size_t)k * (size_t)size;
        uint64_t u = 0;
        int j;
        for (j = size - 1; j >= 0; j--)
            u = u << 8 | p[j];
        v[k] = size == 4 ? (int64_t)(int32_t)(uint32_t)u : (int64_t)u;
    }
    return n;
}

/* "int8[1,2,3]" into buf. */
static const char *shape_text(int type, const int32_t *dims, const int64_t *dims64, uint32_t rank,
                              char *buf, size_t n)
{
    size_t len;
    uint32_t k;
    const char *tn = type >= 0 ? ap_tfl_type_name(type) : NULL;
    snprintf(buf, n, "%s[", tn ? tn : "?");
    for (k = 0; k < rank && (len = strlen(buf)) + 24 < n; k++)
        snprintf(buf + len, n - len, "%s%lld", k ? "," : "",
                 dims ? (long long)dims[k] : (long long)dims64[k]);
    len = strlen(buf);
    snprintf(buf + len, n - len, "]");
    return buf;
}

/* context->ResizeTensor on output k of node i to type and dims, as the kernel does. Where the
 * model states another shape or type, the tensor takes the kernel's, and the operators that
 * read it are not modelled past it (they keep the model's shapes): said so. */
static ap_status resize_output(ap__lrt_graph *g, uint32_t i, uint32_t k, int type,
                               const int64_t *dims, uint32_t rank, ap_error *err)
{
    int32_t o = out(g, i, k);
    char was[160], now[160];
    ap_status st;
    if (o < 0)
        return AP_OK;
    if (g->t[o].type == type && ap__subgraph_same_shape(g, o, dims, rank))
        return AP_OK;
    shape_text(g->t[o].type, g->t[o].dims, NULL, g->t[o].rank, was, sizeof was);
    shape_text(type, NULL, dims, rank, now, sizeof now);
    if ((st = ap__subgraph_resize(g, o, type, dims, rank, err)) != AP_OK)
        return st;
    return ap__subgraph_unmodelled(g, (int32_t)i, err, "the kernel sizes output tensor %d %s where the "
                                   "model states %s; the operators after it keep the model's "
                                   "shapes", o, now, was);
}

/* The shape of tensor t as int64 dims (rank at most 8; more are refused by the reader). */
static uint32_t dims_of(const ap__lrt_graph *g, int32_t t, int64_t *d)
{
    uint32_t k, r = rank_of(g, t) < 8 ? rank_of(g, t) : 8;
    for (k = 0; k < r; k++)
        d[k] = g->t[t].dims[k];
    return r;
}

/* DEQUANTIZE (dequantize.cc Prepare): a float32 output of the input's shape; when the input is
 * data in the model (IsConstantTensor: kTfLiteMmapRo, not a tensor computed in Prepare) the
 * output moves to the persistent arena, where the first Invoke dequantizes it once. */
static ap_status prepare_dequantize(ap__lrt_graph *g, uint32_t i, int *result, ap_error *err)
{
    int32_t input = ap__subgraph_input(g, i, 0), o = out(g, i, 0);
    int64_t d[8];
    int t;
    char ot[64];
    ap_status st;
    (void)result;
    if (input < 0 || o < 0 || g->node[i].op->n_inputs != 1 || g->node[i].n_outputs != 1)
        return fail(g, i, err, "DEQUANTIZE takes one input and one output");
    t = g->t[input].type;
    if (t != AP_TFL_INT2 && t != AP_TFL_INT4 && t != AP_TFL_UINT4 && t != AP_TFL_UINT8 &&
        t != AP_TFL_INT8 && t != AP_TFL_INT16 && t != AP_TFL_FLOAT16)
        return fail(g, i, err, "DEQUANTIZE's input type is not one it dequantizes");
    if ((st = resize_output(g, i, 0, AP_TFL_FLOAT32, d, dims_of(g, input, d), err)) != AP_OK)
        return st;
    if (g->t[input].alloc != AP__LRT_MMAP_RO)
        return AP_OK;
    return ap__subgraph_set_alloc(g, o, AP__LRT_PERSISTENT, i, err, "%s dequantizes constant "
                                  "data once, at the first Invoke, into the persistent arena",
                                  op_text(g, i, ot, sizeof ot));
}

/* DENSIFY (densify.cc Prepare): the input must be constant sparse data; the dense output, of the
 * input's type and (dense) shape, is always in the persistent arena, filled at the first
 * Invoke. */
static ap_status prepare_densify(ap__lrt_graph *g, uint32_t i, int *result, ap_error *err)
{
    int32_t input = ap__subgraph_input(g, i, 0), o = out(g, i, 0);
    const ap_tfl_subgraph *s = &g->m->subgraphs[g->sg];
    int64_t d[8];
    char ot[64];
    ap_status st;
    (void)result;
    if (input < 0 || o < 0 || g->node[i].op->n_inputs != 1 || g->node[i].n_outputs != 1)
        return fail(g, i, err, "DENSIFY takes one input and one output");
    if (g->t[input].type == AP_TFL_STRING || g->t[input].alloc != AP__LRT_MMAP_RO ||
        (uint32_t)input >= s->n_tensors || !s->tensors[input].has_sparsity)
        return fail(g, i, err, "DENSIFY needs constant sparse data as its input");
    if ((st = resize_output(g, i, 0, g->t[input].type, d, dims_of(g, input, d), err)) != AP_OK)
        return st;
    return ap__subgraph_set_alloc(g, o, AP__LRT_PERSISTENT, i, err, "%s writes the dense "
                                  "weights once, at the first Invoke, into the persistent arena",
                                  op_text(g, i, ot, sizeof ot));
}

/* NumericVerify (numeric_verify.cc Prepare, custom): one tensor added at its first Prepare,
 * the dequantized input on the heap; the float32 output in the persistent arena. */
static ap_status prepare_numeric_verify(ap__lrt_graph *g, uint32_t i, int *result, ap_error *err)
{
    int32_t input = ap__subgraph_input(g, i, 0), ref = ap__subgraph_input(g, i, 1), o = out(g, i, 0), id = -1;
    int64_t d[8];
    uint32_t r;
    int t;
    char ot[64];
    ap_status st;
    (void)result;
    if (input < 0 || ref < 0 || o < 0 || g->node[i].op->n_inputs != 2 || g->node[i].n_outputs != 1)
        return fail(g, i, err, "NumericVerify takes two inputs and one output");
    t = g->t[input].type;
    if ((t != AP_TFL_UINT8 && t != AP_TFL_INT8 && t != AP_TFL_INT16 && t != AP_TFL_FLOAT16) ||
        g->t[ref].type != AP_TFL_FLOAT32)
        return fail(g, i, err, "NumericVerify compares a quantized input with a float32 one");
    if ((st = lazy(g, i, 0, 1, &id, err)) != AP_OK)
        return st;
    temps(g, i, 1);
    r = dims_of(g, input, d);
    if ((st = temp(g, i, 0, id, AP_TFL_FLOAT32, elements(g, input), AP__LRT_DYNAMIC,
                   "dequantized input", err)) != AP_OK ||
        (st = resize_output(g, i, 0, AP_TFL_FLOAT32, d, r, err)) != AP_OK)
        return st;
    return ap__subgraph_set_alloc(g, o, AP__LRT_PERSISTENT, i, err, "%s keeps its output in the "
                                  "persistent arena", op_text(g, i, ot, sizeof ot));
}

/* EMBEDDING_LOOKUP_SPARSE (embedding_lookup_sparse.cc Prepare): the output is always dynamic,
 * sized by the data at Invoke. */
static ap_status prepare_embedding_sparse(ap__lrt_graph *g, uint32_t i, int *result, ap_error *err)
{
    char ot[64];
    (void)result;
    if (g->node[i].op->n_inputs != 5 || g->node[i].n_outputs != 1)
        return fail(g, i, err, "EMBEDDING_LOOKUP_SPARSE takes five inputs and one output");
    return ap__subgraph_set_alloc(g, out(g, i, 0), AP__LRT_DYNAMIC, i, err, "%s sizes its "
                                  "output from the data at Invoke", op_text(g, i, ot, sizeof ot));
}

/* RFFT2D (rfft2d.cc Prepare): four tensors added at its first Prepare, all temporaries: Ooura's
 * integer work area int32 [2 + floor(sqrt(L))], its double work area [L/2 + W/4], the row
 * pointers [H] and the data [H, W + 2] (both int64 standing for double), L = max(H, W/2), for
 * fft_length [H, W]; the output complex64, the input's shape with its last two dimensions H and
 * W/2 + 1. An fft_length computed at run time makes the four and the output dynamic. */
static ap_status prepare_rfft2d(ap__lrt_graph *g, uint32_t i, int *result, ap_error *err)
{
    static const char *const roles[4] = {"fft integer work area", "fft double work area",
                                         "fft rows", "fft data"};
    int32_t input = ap__subgraph_input(g, i, 0), len = ap__subgraph_input(g, i, 1), o = out(g, i, 0), base = -1;
    int64_t fl[2], d[8], h, w, l, n[4];
    uint32_t r, k;
    char ot[64];
    ap_status st;
    (void)result;
    if (input < 0 || len < 0 || o < 0 || g->node[i].op->n_inputs != 2 || g->node[i].n_outputs != 1)
        return fail(g, i, err, "RFFT2D takes two inputs and one output");
    if (rank_of(g, input) < 2 || g->t[input].type != AP_TFL_FLOAT32)
        return fail(g, i, err, "RFFT2D needs a float32 input of rank 2 or more");
    if (rank_of(g, len) != 1 || dim(g, len, 0) != 2 || g->t[len].type != AP_TFL_INT32)
        return fail(g, i, err, "RFFT2D's fft_length is two int32 values");
    if ((st = lazy(g, i, 0, 4, &base, err)) != AP_OK)
        return st;
    temps(g, i, 4);
    for (k = 0; k < 4; k++)
        if ((st = temp(g, i, k, base + (int32_t)k, k ? AP_TFL_INT64 : AP_TFL_INT32, 0,
                       AP__LRT_ARENA, roles[k], err)) != AP_OK)
            return st;
    g->t[o].type = AP_TFL_COMPLEX64;
    if (!ap__subgraph_const(g, len)) {
        for (k = 0; k < 4; k++)
            if ((st = ap__subgraph_set_alloc(g, base + (int32_t)k, AP__LRT_DYNAMIC, i, err,
                                             "%s's fft_length is computed at run time",
                                             op_text(g, i, ot, sizeof ot))) != AP_OK)
                return st;
        return outputs_dynamic(g, i, len, "fft_length", err);
    }
    r = dims_of(g, input, d);
    if (const_ints(g, len, fl, 2) != 2) {
        /* computed in Prepare: the values are TFLite's, not known here; the model's output
         * shape stands in for them */
        if ((st = unmodelled(g, i, "its fft_length is computed in Prepare, so the sizes of its "
                             "output and its four temporaries are taken from the model's "
                             "output shape", err)) != AP_OK)
            return st;
        fl[0] = dim(g, o, rank_of(g, o) - 2);
        fl[1] = 2 * (dim(g, o, rank_of(g, o) - 1) - 1);
    }
    h = fl[0], w = fl[1];
    if (h <= 0 || w <= 0 || (h & (h - 1)) || (w & (w - 1)) || h > INT32_MAX || w > INT32_MAX)
        return fail(g, i, err, "RFFT2D's fft_length must be powers of two");
    l = h > w / 2 ? h : w / 2;
    for (k = 0; (int64_t)(k + 1) * (k + 1) <= l; k++)
        ;
    n[0] = 2 + k, n[1] = l / 2 + w / 4, n[2] = h, n[3] = product(h, w + 2);
    for (k = 0; k < 4; k++)
        if ((st = temp(g, i, k, base + (int32_t)k, k ? AP_TFL_INT64 : AP_TFL_INT32, n[k],
                       AP__LRT_ARENA, roles[k], err)) != AP_OK)
            return st;
    d[r - 2] = h;
    d[r - 1] = w / 2 + 1;
    return resize_output(g, i, 0, AP_TFL_COMPLEX64, d, r, err);
}

/* TFLite_Detection_PostProcess (detection_postprocess.cc Prepare, custom): the two tensors its
 * Init added become its temporaries in the arena, the decoded boxes float32 [anchors, 4] and
 * the scores float32 [anchors, classes + 1]; its four outputs float32 [1, D, 4], [1, D],
 * [1, D], [1] with D = max_detections x max_classes_per_detection (custom options; a missing
 * key reads 0). Fast and regular NMS alike. */
static ap_status prepare_detection(ap__lrt_graph *g, uint32_t i, int *result, ap_error *err)
{
    const ap_tfl_operator *op = g->node[i].op;
    int32_t box = ap__subgraph_input(g, i, 0), cls = ap__subgraph_input(g, i, 1),
            anchors = ap__subgraph_input(g, i, 2), s = g->node[i].scratch;
    int64_t md = 0, mc = 0, dd;
    int have;
    ap_status st;
    (void)result;
    if (op->n_inputs != 3 || box < 0 || cls < 0 || anchors < 0 || s < 0)
        return fail(g, i, err, "TFLite_Detection_PostProcess takes three inputs");
    if (rank_of(g, box) != 3 || rank_of(g, cls) != 3 || rank_of(g, anchors) != 2)
        return fail(g, i, err, "TFLite_Detection_PostProcess needs 3-D boxes and scores and 2-D "
                    "anchors");
    if (g->node[i].n_outputs != 4)
        return fail(g, i, err, "TFLite_Detection_PostProcess has four outputs");
    have = op->custom_options_pos && op->custom_options_len;
    if (!have || ap__flexbuf_map_int(g->m->data + op->custom_options_pos, op->custom_options_len,
                                     "max_detections", &md) < 0 ||
        ap__flexbuf_map_int(g->m->data + op->custom_options_pos, op->custom_options_len,
                            "max_classes_per_detection", &mc) < 0) {
        if ((st = unmodelled(g, i, "its custom options are not a FlexBuffer map, so the sizes of "
                             "its outputs are the model's", err)) != AP_OK)
            return st;
    } else {
        int64_t b[3], one[1] = {1};
        dd = (int64_t)(int32_t)md * (int32_t)mc; /* AsInt32, then an int product */
        if (dd < 0 || dd > INT32_MAX)
            return fail(g, i, err, "TFLite_Detection_PostProcess's detection count is out of range");
        b[0] = 1, b[1] = dd, b[2] = 4;
        if ((st = resize_output(g, i, 0, AP_TFL_FLOAT32, b, 3, err)) != AP_OK ||
            (st = resize_output(g, i, 1, AP_TFL_FLOAT32, b, 2, err)) != AP_OK ||
            (st = resize_output(g, i, 2, AP_TFL_FLOAT32, b, 2, err)) != AP_OK ||
            (st = resize_output(g, i, 3, AP_TFL_FLOAT32, one, 1, err)) != AP_OK)
            return st;
    }
    temps(g, i, 2);
    if ((st = temp(g, i, 0, s, AP_TFL_FLOAT32, product(dim(g, box, 1), 4), AP__LRT_ARENA,
                   "decoded boxes", err)) != AP_OK)
        return st;
    return temp(g, i, 1, s + 1, AP_TFL_FLOAT32, product(dim(g, cls, 1), dim(g, cls, 2)),
                AP__LRT_ARENA, "scores", err);
}

/* NON_MAX_SUPPRESSION_V4 and _V5 (non_max_suppression.cc Prepare): the selected indices (and
 * V5's scores) are [max_output_size] when that input is constant or computed in Prepare, else
 * dynamic; the count is a scalar. */
static ap_status prepare_nms(ap__lrt_graph *g, uint32_t i, int *result, ap_error *err)
{
    const ap_tfl_operator *op = g->node[i].op;
    int32_t max = ap__subgraph_input(g, i, 2);
    int soft = op->n_inputs == 6;
    int64_t v[1], d[1];
    uint32_t k, n_sel = soft ? 2u : 1u;
    ap_status st;
    (void)result;
    if ((op->n_inputs != 5 && op->n_inputs != 6) || g->node[i].n_outputs != n_sel + 1 || max < 0)
        return fail(g, i, err, "NON_MAX_SUPPRESSION takes five inputs and two outputs (six and "
                    "three for soft NMS)");
    if ((st = resize_output(g, i, n_sel, AP_TFL_INT32, d, 0, err)) != AP_OK)
        return st;
    if (!ap__subgraph_const(g, max)) {
        char ot[64];
        for (k = 0; k < n_sel; k++)
            if ((st = ap__subgraph_set_alloc(g, out(g, i, k), AP__LRT_DYNAMIC, i, err,
                                             "%s's max_output_size (tensor %d) is computed at run "
                                             "time, so its output shape is known only at Invoke",
                                             op_text(g, i, ot, sizeof ot), max)) != AP_OK)
                return st;
        return AP_OK;
    }
    if (const_ints(g, max, v, 1) != 1)
        return unmodelled(g, i, "its max_output_size is computed in Prepare: the sizes of its "
                          "outputs are the model's", err);
    if (v[0] < 0)
        return fail(g, i, err, "NON_MAX_SUPPRESSION's max_output_size is negative");
    d[0] = v[0];
    for (k = 0; k < n_sel; k++)
        if ((st = resize_output(g, i, k, k ? AP_TFL_FLOAT32 : AP_TFL_INT32, d, 1, err)) != AP_OK)
            return st;
    return AP_OK;
}

/* LSTM's basic kernel (lstm.cc basic::Prepare): no tensors of its own; its four outputs are
 * sized from its inputs, and its two state inputs (previous activation, previous state) move
 * to the persistent arena. */
static ap_status prepare_basic_lstm(ap__lrt_graph *g, uint32_t i, ap_error *err)
{
    int32_t input = ap__subgraph_input(g, i, 0), act = ap__subgraph_input(g, i, 1),
            state = ap__subgraph_input(g, i, 4), x[2];
    int64_t d[8], batch, depth;
    uint32_t k;
    char ot[64];
    ap_status st;
    if (g->node[i].op->n_inputs != 5 || g->node[i].n_outputs != 4 || input < 0 || act < 0 ||
        state < 0 || ap__subgraph_input(g, i, 2) < 0 || ap__subgraph_input(g, i, 3) < 0)
        return fail(g, i, err, "the basic LSTM kernel takes five inputs and four outputs");
    if (rank_of(g, input) != 2 || rank_of(g, act) != 2 || rank_of(g, state) != 2)
        return fail(g, i, err, "the basic LSTM kernel needs 2-D input and states");
    batch = dim(g, input, 0);
    depth = dim(g, act, 1);
    if ((st = resize_output(g, i, 0, g->t[out(g, i, 0)].type, d, dims_of(g, act, d), err)) != AP_OK ||
        (st = resize_output(g, i, 1, g->t[out(g, i, 1)].type, d, dims_of(g, state, d), err)) != AP_OK)
        return st;
    d[0] = batch, d[1] = dim(g, input, 1) + depth;
    if ((st = resize_output(g, i, 2, g->t[out(g, i, 2)].type, d, 2, err)) != AP_OK)
        return st;
    d[1] = 4 * depth;
    if ((st = resize_output(g, i, 3, g->t[out(g, i, 3)].type, d, 2, err)) != AP_OK)
        return st;
    x[0] = act, x[1] = state;
    for (k = 0; k < 2; k++)
        if ((st = ap__subgraph_set_alloc(g, x[k], AP__LRT_PERSISTENT, i, err, "%s (the basic LSTM "
                                         "kernel) keeps its state input in the persistent arena",
                                         op_text(g, i, ot, sizeof ot))) != AP_OK)
            return st;
    return AP_OK;
}

/* Whether tensor t is a weight TFLite keeps sparsity for (a constant with a valid sparsity
 * table: TfLiteTensor::sparsity). */
static int sparse_const(const ap__lrt_graph *g, int32_t t)
{
    const ap_tfl_subgraph *s = &g->m->subgraphs[g->sg];
    return t >= 0 && (uint32_t)t < s->n_tensors && g->t[t].alloc == AP__LRT_MMAP_RO &&
           s->tensors[t].has_sparsity && s->tensors[t].sparsity_valid;
}

/* A sparse weight's ledger (make_ledger, CreateLedgerTensor): uint8 [indices + segments - 1] of
 * its dimension 1, persistent; -1 when that dimension is not a CSR one (TFLite reads null
 * arrays there). */
static int64_t ledger_elements(const ap__lrt_graph *g, int32_t t)
{
    const ap_tfl_tensor *mt = &g->m->subgraphs[g->sg].tensors[t];
    if (mt->n_dim_metadata < 2 || mt->sparse_indices1 < 0 || mt->sparse_segments1 < 0)
        return -1;
    return mt->sparse_indices1 + mt->sparse_segments1 - 1;
}

/* The hybrid LSTM's eleven temporaries after the scratch (lstm.cc full::Prepare, shared by
 * UNIDIRECTIONAL_SEQUENCE_LSTM): quantized input, output state and cell state (weights type),
 * three scaling factors float32 [batch], recovered cell weights float32 [cells], accumulators
 * int32 [cells, batch], two zero-point vectors float32 [batch], row sums int32 [6 or 8 (+ one
 * per n_cell outputs with a projection), cells] in the persistent arena. */
static ap_status hybrid_lstm_temps(ap__lrt_graph *g, uint32_t i, int32_t s, int32_t input, int wtype,
                                   int64_t batch, int64_t cells, int64_t outs, ap_error *err)
{
    static const char *const roles[] = {"input scaling factors", "output state scaling factors",
                                        "product scaling factors"};
    int32_t os = ap__subgraph_input(g, i, 18), cs = ap__subgraph_input(g, i, 19);
    int64_t rows = ap__subgraph_input(g, i, 1) < 0 ? 6 : 8;
    uint32_t k;
    ap_status st;
    if (ap__subgraph_input(g, i, 16) >= 0 && cells > 0)
        rows += (outs + cells - 1) / cells;
    if ((st = temp(g, i, 1, s + 1, wtype, elements(g, input), AP__LRT_ARENA, "quantized input",
                   err)) != AP_OK ||
        (st = temp(g, i, 2, s + 2, wtype, elements(g, os), AP__LRT_ARENA,
                   "quantized output state", err)) != AP_OK ||
        (st = temp(g, i, 3, s + 3, wtype, elements(g, cs), AP__LRT_ARENA, "quantized cell state",
                   err)) != AP_OK)
        return st;
    for (k = 0; k < 3; k++)
        if ((st = temp(g, i, 4 + k, s + 4 + (int32_t)k, AP_TFL_FLOAT32, batch, AP__LRT_ARENA,
                       roles[k], err)) != AP_OK)
            return st;
    if ((st = temp(g, i, 7, s + 7, AP_TFL_FLOAT32, cells, AP__LRT_ARENA, "recovered cell weights",
                   err)) != AP_OK ||
        (st = temp(g, i, 8, s + 8, AP_TFL_INT32, product(cells, batch), AP__LRT_ARENA,
                   "accumulators", err)) != AP_OK ||
        (st = temp(g, i, 9, s + 9, AP_TFL_FLOAT32, batch, AP__LRT_ARENA, "input zero points",
                   err)) != AP_OK ||
        (st = temp(g, i, 10, s + 10, AP_TFL_FLOAT32, batch, AP__LRT_ARENA,
                   "output state zero points", err)) != AP_OK)
        return st;
    return temp(g, i, 11, s + 11, AP_TFL_INT32, product(rows, cells), AP__LRT_PERSISTENT,
                "row sums", err);
}

/* The sparse hybrid LSTM's nine ledgers (lstm.cc, the tensors after its twelve), one per
 * weight matrix (inputs 1-8 and the projection, 16), persistent; empty for a weight that is
 * absent or not sparse. */
static ap_status lstm_ledgers(ap__lrt_graph *g, uint32_t i, int32_t base, ap_error *err)
{
    static const uint32_t weights[9] = {1, 2, 3, 4, 5, 6, 7, 8, 16};
    uint32_t k;
    ap_status st;
    if (ap__subgraph_input(g, i, 16) < 0)
        return unmodelled(g, i, "a sparse hybrid LSTM without projection weights: TFLite reads "
                          "the absent tensor", err);
    for (k = 0; k < 9; k++) {
        int32_t w = ap__subgraph_input(g, i, weights[k]);
        int64_t n = sparse_const(g, w) ? ledger_elements(g, w) : 0;
        if (n < 0)
            return unmodelled(g, i, "a sparse weight whose dimension 1 is not compressed", err);
        if ((st = temp(g, i, 12 + k, base + (int32_t)k, AP_TFL_UINT8, n, AP__LRT_PERSISTENT,
                       "ledger", err)) != AP_OK)
            return st;
    }
    return AP_OK;
}

/* The hybrid BIDIRECTIONAL_SEQUENCE_LSTM's temporaries after the two scratch buffers
 * (bidirectional_sequence_lstm.cc Prepare): quantized input and the four quantized states
 * (forward weights' type), four scaling-factor vectors float32 [batch], recovered cell weights
 * float32 [forward cells], accumulators int32 [most cells, batch], three zero-point vectors
 * float32 [batch], the forward and backward row sums int32 [rows, cells] persistent, and with
 * an auxiliary input its quantized copy. */
static ap_status hybrid_bidi_lstm(ap__lrt_graph *g, uint32_t i, int32_t s, int64_t batch,
                                  ap_error *err)
{
    static const char *const sf[] = {"input scaling factors", "aux input scaling factors",
                                     "output state scaling factors", "product scaling factors"};
    static const char *const zp[] = {"input zero points", "aux input zero points",
                                     "output state zero points"};
    static const uint32_t states[4] = {35, 37, 36, 38}; /* fw act, bw act, fw cell, bw cell */
    int32_t input = ap__subgraph_input(g, i, 0), fw = ap__subgraph_input(g, i, 4),
            bw = ap__subgraph_input(g, i, 21);
    int aux = ap__subgraph_input(g, i, 41) >= 0, wtype = g->t[fw].type, side;
    int64_t cells = dim(g, fw, 0) > dim(g, bw, 0) ? dim(g, fw, 0) : dim(g, bw, 0);
    uint32_t k;
    ap_status st;
    if (aux) {
        int64_t a = dim(g, ap__subgraph_input(g, i, 43), 0), b = dim(g, ap__subgraph_input(g, i, 47), 0);
        cells = cells > a ? cells : a;
        cells = cells > b ? cells : b;
    }
    if ((st = temp(g, i, 2, s + 2, wtype, elements(g, input), AP__LRT_ARENA, "quantized input",
                   err)) != AP_OK)
        return st;
    for (k = 0; k < 4; k++)
        if ((st = temp(g, i, 3 + k, s + 3 + (int32_t)k, wtype,
                       elements(g, ap__subgraph_input(g, i, states[k])), AP__LRT_ARENA,
                       k < 2 ? "quantized activation state" : "quantized cell state", err)) != AP_OK)
            return st;
    for (k = 0; k < 4; k++)
        if ((st = temp(g, i, 7 + k, s + 7 + (int32_t)k, AP_TFL_FLOAT32, batch, AP__LRT_ARENA,
                       sf[k], err)) != AP_OK)
            return st;
    if ((st = temp(g, i, 11, s + 11, AP_TFL_FLOAT32, dim(g, fw, 0), AP__LRT_ARENA,
                   "recovered cell weights", err)) != AP_OK ||
        (st = temp(g, i, 12, s + 12, AP_TFL_INT32, product(cells, batch), AP__LRT_ARENA,
                   "accumulators", err)) != AP_OK)
        return st;
    for (k = 0; k < 3; k++)
        if ((st = temp(g, i, 13 + k, s + 13 + (int32_t)k, AP_TFL_FLOAT32, batch, AP__LRT_ARENA,
                       zp[k], err)) != AP_OK)
            return st;
    for (side = 0; side < 2; side++) {
        /* forward: inputs 1 (input-to-input weights), 4, 8, 16; backward: 18, 21, 25, 33 */
        uint32_t o = side ? 17u : 0u;
        int32_t w = ap__subgraph_input(g, i, 4 + o), r = ap__subgraph_input(g, i, 8 + o);
        int cifg = ap__subgraph_input(g, i, 1 + o) < 0;
        int64_t rows = cifg ? 6 : 8, c = dim(g, w, 0), outs = dim(g, r, 1);
        if (aux)
            rows += cifg ? 3 : 4;
        if (ap__subgraph_input(g, i, 16 + o) >= 0 && c > 0)
            rows += (outs + c - 1) / c;
        if ((st = temp(g, i, 16 + (uint32_t)side, s + 16 + side, AP_TFL_INT32, product(rows, c),
                       AP__LRT_PERSISTENT, side ? "backward row sums" : "forward row sums",
                       err)) != AP_OK)
            return st;
    }
    if (aux)
        return temp(g, i, 18, s + 18, wtype, elements(g, ap__subgraph_input(g, i, 39)),
                    AP__LRT_ARENA, "quantized aux input", err);
    return AP_OK;
}

/* BIDIRECTIONAL_SEQUENCE_RNN (bidirectional_sequence_rnn.cc Prepare): nine tensors added in
 * Init, used by the hybrid path only (float32 input, int8 or uint8 weights): quantized input
 * and the two quantized hidden states (weights type), scaling factors float32 [batch],
 * accumulators int32 [most units, batch], zero points int32 [batch], the forward and backward
 * row sums int32 [2 (3 with an auxiliary input), units] persistent, and the quantized
 * auxiliary input. */
static ap_status prepare_bidi_rnn(ap__lrt_graph *g, uint32_t i, int *result, ap_error *err)
{
    int32_t input = ap__subgraph_input(g, i, 0), fw = ap__subgraph_input(g, i, 1),
            bw = ap__subgraph_input(g, i, 5), s = g->node[i].scratch;
    int aux = ap__subgraph_input(g, i, 10) >= 0, wtype;
    int64_t batch, units;
    ap_status st;
    (void)result;
    if (input < 0 || fw < 0 || bw < 0 || ap__subgraph_input(g, i, 4) < 0 ||
        ap__subgraph_input(g, i, 8) < 0 || rank_of(g, input) != 3)
        return fail(g, i, err, "BIDIRECTIONAL_SEQUENCE_RNN lacks its input, weights or hidden "
                    "states");
    if (!(is_quantized8(g->t[fw].type) && g->t[input].type == AP_TFL_FLOAT32))
        return AP_OK;
    wtype = g->t[fw].type;
    batch = option(g, i, 0, 1, 0) ? dim(g, input, 1) : dim(g, input, 0); /* time_major */
    units = dim(g, fw, 0) > dim(g, bw, 0) ? dim(g, fw, 0) : dim(g, bw, 0);
    temps(g, i, aux ? 9 : 8);
    if ((st = temp(g, i, 0, s, wtype, elements(g, input), AP__LRT_ARENA, "quantized input",
                   err)) != AP_OK ||
        (st = temp(g, i, 1, s + 1, wtype, elements(g, ap__subgraph_input(g, i, 4)), AP__LRT_ARENA,
                   "quantized forward hidden state", err)) != AP_OK ||
        (st = temp(g, i, 2, s + 2, wtype, elements(g, ap__subgraph_input(g, i, 8)), AP__LRT_ARENA,
                   "quantized backward hidden state", err)) != AP_OK ||
        (st = temp(g, i, 3, s + 3, AP_TFL_FLOAT32, batch, AP__LRT_ARENA, "scaling factors",
                   err)) != AP_OK ||
        (st = temp(g, i, 4, s + 4, AP_TFL_INT32, product(units, batch), AP__LRT_ARENA,
                   "accumulators", err)) != AP_OK ||
        (st = temp(g, i, 5, s + 5, AP_TFL_INT32, batch, AP__LRT_ARENA, "zero points",
                   err)) != AP_OK ||
        (st = temp(g, i, 6, s + 6, AP_TFL_INT32, product(aux ? 3 : 2, dim(g, fw, 0)),
                   AP__LRT_PERSISTENT, "forward row sums", err)) != AP_OK ||
        (st = temp(g, i, 7, s + 7, AP_TFL_INT32, product(aux ? 3 : 2, dim(g, bw, 0)),
                   AP__LRT_PERSISTENT, "backward row sums", err)) != AP_OK)
        return st;
    if (aux)
        return temp(g, i, 8, s + 8, wtype, elements(g, ap__subgraph_input(g, i, 9)), AP__LRT_ARENA,
                    "quantized aux input", err);
    return AP_OK;
}

/* FULLY_CONNECTED's 4-bit path (fully_connected.cc PrepareImpl4Bit, the reference 4-bit
 * helpers of the CMake build: one packed row, filter blocks 4 x 32): five temporaries, the
 * quantized input int8 [batch, cols rounded up to 32], scaling factors float32 [batch],
 * accumulators int32 [batch, units rounded up to 4], input offsets int32 [batch], and a fifth
 * never configured (no memory). */
static ap_status fc_4bit(ap__lrt_graph *g, uint32_t i, int32_t base, int64_t batch, int64_t cols,
                         int64_t units, ap_error *err)
{
    ap_status st;
    temps(g, i, 5);
    if ((st = temp(g, i, 0, base, AP_TFL_INT8, product(batch, (cols + 31) & ~(int64_t)31),
                   AP__LRT_ARENA, "quantized input", err)) != AP_OK ||
        (st = temp(g, i, 1, base + 1, AP_TFL_FLOAT32, batch, AP__LRT_ARENA, "scaling factors",
                   err)) != AP_OK ||
        (st = temp(g, i, 2, base + 2, AP_TFL_INT32, product(batch, (units + 3) & ~(int64_t)3),
                   AP__LRT_ARENA, "accumulators", err)) != AP_OK ||
        (st = temp(g, i, 3, base + 3, AP_TFL_INT32, batch, AP__LRT_ARENA, "input offsets",
                   err)) != AP_OK)
        return st;
    g->node[i].temps[4] = base + 4; /* listed, left kTfLiteMemNone */
    return AP_OK;
}

/* FULLY_CONNECTED's output (UpdateOutputSize): the input's shape with the last dimension the
 * units when keep_num_dims, else [batch, units], batch = input elements / filter columns (the
 * input's leading dimensions when the filter has no columns). */
static ap_status fc_output(ap__lrt_graph *g, uint32_t i, int32_t input, int32_t filter,
                           ap_error *err)
{
    int64_t d[8], cols = dim(g, filter, 1), batch = 1;
    uint32_t r = dims_of(g, input, d), k;
    if (g->node[i].op->opt.keep_num_dims) {
        if (r == 0 || (cols && d[r - 1] != cols))
            return fail(g, i, err, "FULLY_CONNECTED keeps the input's dimensions, but its last "
                        "is not the filter's columns");
        d[r - 1] = dim(g, filter, 0);
        return resize_output(g, i, 0, g->t[out(g, i, 0)].type, d, r, err);
    }
    if (cols)
        batch = elements(g, input) / cols;
    else
        for (k = 0; k + 1 < r; k++)
            batch = product(batch, d[k]);
    d[0] = batch, d[1] = dim(g, filter, 0);
    return resize_output(g, i, 0, g->t[out(g, i, 0)].type, d, 2, err);
}

/* FULLY_CONNECTED (fully_connected.cc, kGenericOptimized): six tensors reserved at the first
 * Prepare; a float input with quantized weights (int8, uint8, int4, int2) takes the 4-bit path
 * for constant int4 weights of suitable shape, else five temporaries (row sums persistent),
 * six with sparse weights (the ledger, persistent). */
static ap_status prepare_fully_connected(ap__lrt_graph *g, uint32_t i, int *result, ap_error *err)
{
    int32_t input = ap__subgraph_input(g, i, 0), filter = ap__subgraph_input(g, i, 1), base = -1;
    int f_type, sparse;
    int64_t batch, units, cols;
    ap_status st;
    (void)result;
    if ((st = lazy(g, i, 0, 6, &base, err)) != AP_OK)
        return st;
    if (input < 0 || filter < 0 || rank_of(g, filter) != 2 || out(g, i, 0) < 0)
        return fail(g, i, err, "FULLY_CONNECTED needs a 2-D filter");
    if ((st = fc_output(g, i, input, filter, err)) != AP_OK)
        return st;
    f_type = g->t[filter].type;
    if (g->t[input].type != AP_TFL_FLOAT32 ||
        !(is_quantized8(f_type) || f_type == AP_TFL_INT4 || f_type == AP_TFL_INT2) ||
        dim(g, filter, 1) == 0)
        return AP_OK;
    batch = elements(g, input) / dim(g, filter, 1);
    units = dim(g, filter, 0);
    cols = batch ? elements(g, input) / batch : 0;
    if (f_type == AP_TFL_INT4 && g->t[filter].alloc == AP__LRT_MMAP_RO && batch && cols % 2 == 0 &&
        units >= 4 && cols >= 32)
        return fc_4bit(g, i, base, batch, cols, units, err);
    sparse = sparse_const(g, filter);
    temps(g, i, sparse ? 6 : 5);
    if ((st = temp(g, i, 0, base, AP_TFL_INT8, elements(g, input), AP__LRT_ARENA,
                   "quantized input", err)) != AP_OK ||
        (st = temp(g, i, 1, base + 1, AP_TFL_FLOAT32, batch, AP__LRT_ARENA, "scaling factors",
                   err)) != AP_OK ||
        (st = temp(g, i, 2, base + 2, AP_TFL_INT32, product(units, batch), AP__LRT_ARENA,
                   "accumulators", err)) != AP_OK ||
        (st = temp(g, i, 3, base + 3, AP_TFL_INT32, batch, AP__LRT_ARENA, "input offsets",
                   err)) != AP_OK ||
        (st = temp(g, i, 4, base + 4, AP_TFL_INT32, units, AP__LRT_PERSISTENT, "row sums",
                   err)) != AP_OK)
        return st;
    if (!sparse)
        return AP_OK;
    if (ledger_elements(g, filter) < 0)
        return unmodelled(g, i, "sparse weights whose dimension 1 is not compressed", err);
    return temp(g, i, 5, base + 5, AP_TFL_UINT8, ledger_elements(g, filter), AP__LRT_PERSISTENT,
                "ledger", err);
}

/* CONV_3D_TRANSPOSE (conv3d_transpose.cc, kGenericOptimized): without dilation one tensor added
 * at the first Prepare, col2im float32 [in D*H*W, filter D*H*W*out channels] on the heap; with
 * a dilation above 1 the reference kernel, no tensor at all. The output takes the output_shape
 * data, or is dynamic (col2im too) when that is computed at run time. */
static ap_status prepare_conv3d_transpose(ap__lrt_graph *g, uint32_t i, int *result, ap_error *err)
{
    int32_t shape = ap__subgraph_input(g, i, 0), filter = ap__subgraph_input(g, i, 1),
            input = ap__subgraph_input(g, i, 2), id = -1;
    int dilated = 0;
    unsigned f;
    int64_t v[5];
    ap_status st;
    (void)result;
    if (shape < 0 || filter < 0 || input < 0 || g->node[i].n_outputs != 1 ||
        rank_of(g, input) != 5 || rank_of(g, filter) != 5 || rank_of(g, shape) != 1 ||
        elements(g, shape) != 5)
        return fail(g, i, err, "CONV_3D_TRANSPOSE needs 5-D input and filter and a 5-element "
                    "output shape");
    for (f = 5; f <= 7; f++) /* Conv3DOptions dilation_d, _w, _h */
        dilated |= option(g, i, f, 4, 1) > 1;
    temps(g, i, dilated ? 0 : 1);
    if (!dilated) {
        if ((st = lazy(g, i, 0, 1, &id, err)) != AP_OK ||
            (st = temp(g, i, 0, id, AP_TFL_FLOAT32,
                       product(product(product(dim(g, input, 1), dim(g, input, 2)), dim(g, input, 3)),
                               product(product(dim(g, filter, 0), dim(g, filter, 1)),
                                       product(dim(g, filter, 2), dim(g, filter, 3)))),
                       AP__LRT_DYNAMIC, "col2im", err)) != AP_OK)
            return st;
    }
    if (!ap__subgraph_const(g, shape))
        return outputs_dynamic(g, i, shape, "output shape", err);
    if (const_ints(g, shape, v, 5) != 5)
        return unmodelled(g, i, "its output shape is computed in Prepare: the output's size is "
                          "the model's", err);
    for (f = 0; f < 5; f++)
        if (v[f] < 0)
            return fail(g, i, err, "CONV_3D_TRANSPOSE's output shape has a negative dimension");
    return resize_output(g, i, 0, g->t[input].type, v, 5, err);
}

/* STABLEHLO_REDUCE_WINDOW (stablehlo_reduce_window.cc, the StableHLO semantic): two tensors
 * added in Init, both temporaries in the arena of the input's type: the input dilated by
 * base_dilations, (d - 1) * b + 1 per dimension, and that padded, + lo + hi (negative pads
 * crop); the output is the reduce-window of the padded tensor. The options are int64 vectors
 * of the input's rank (StablehloReduceWindowOptions; absent ones 1, padding 0). */
static ap_status prepare_stablehlo_reduce_window(ap__lrt_graph *g, uint32_t i, int *result,
                                                 ap_error *err)
{
    int32_t input = ap__subgraph_input(g, i, 0), s = g->node[i].scratch;
    int64_t wd[6], ws[6], bd[6], wdl[6], pad[12], dl[6], pd[6], od[6], n;
    int64_t *vec[5] = {wd, ws, bd, wdl, pad};
    uint32_t r, k, f;
    ap_status st;
    (void)result;
    if (input < 0 || s < 0 || g->node[i].op->n_inputs != 2 || g->node[i].n_outputs != 1)
        return fail(g, i, err, "STABLEHLO_REDUCE_WINDOW takes two inputs and one output");
    r = rank_of(g, input);
    if (r == 0 || r > 6)
        return fail(g, i, err, "STABLEHLO_REDUCE_WINDOW's input has rank 1 to 6");
    for (f = 0; f < 5; f++) { /* the parse checked the lengths against window_dimensions' */
        size_t want = f == 4 ? 2 * r : r;
        n = ap_tflite_option_vector(g->m, g->node[i].op, 2, f, 8, vec[f], want);
        if (n > 0 && (size_t)n != want)
            return fail(g, i, err, "STABLEHLO_REDUCE_WINDOW's windows do not have its input's "
                        "rank");
        for (k = 0; n <= 0 && k < want; k++)
            vec[f][k] = f == 4 ? 0 : 1;
    }
    for (k = 0; k < r; k++) {
        if (wd[k] <= 0 || ws[k] <= 0 || bd[k] <= 0 || wdl[k] <= 0)
            return fail(g, i, err, "STABLEHLO_REDUCE_WINDOW's windows, strides and dilations "
                        "must be positive");
        dl[k] = (dim(g, input, k) - 1) * bd[k] + 1;
        pd[k] = dl[k] + pad[2 * k] + pad[2 * k + 1];
        n = (wd[k] - 1) * wdl[k] + 1;
        od[k] = pd[k] < n ? 0 : (pd[k] - n) / ws[k] + 1;
        if (pd[k] < 0)
            return fail(g, i, err, "STABLEHLO_REDUCE_WINDOW crops more than the input holds");
    }
    temps(g, i, 2);
    if ((st = ap__subgraph_resize(g, s, g->t[input].type, dl, r, err)) != AP_OK ||
        (st = ap__subgraph_resize(g, s + 1, g->t[input].type, pd, r, err)) != AP_OK ||
        (st = temp(g, i, 0, s, g->t[input].type, elements(g, s), AP__LRT_ARENA, "dilated input",
                   err)) != AP_OK ||
        (st = temp(g, i, 1, s + 1, g->t[input].type, elements(g, s + 1), AP__LRT_ARENA,
                   "padded input", err)) != AP_OK)
        return st;
    return resize_output(g, i, 0, g->t[input].type, od, r, err);
}

/* ---- variables -------------------------------------------------------------------------- */

/* VAR_HANDLE (var_handle.cc): the resource id, 4 bytes of the persistent arena. */
static ap_status prepare_var_handle(ap__lrt_graph *g, uint32_t i, int *result, ap_error *err)
{
    int32_t o = out(g, i, 0);
    (void)result;
    (void)err;
    if (o >= 0) {
        g->t[o].alloc = AP__LRT_PERSISTENT;
        g->t[o].bytes = 4;
    }
    return AP_OK;
}

/* READ_VARIABLE (read_variable.cc): a scalar output might be unranked, so it is dynamic. */
static ap_status prepare_read_variable(ap__lrt_graph *g, uint32_t i, int *result, ap_error *err)
{
    int32_t o = out(g, i, 0);
    char ot[64];
    (void)result;
    if (o >= 0 && g->t[o].rank == 0)
        return ap__subgraph_set_alloc(g, o, AP__LRT_DYNAMIC, i, err,
                                      "%s reads a variable into a scalar, which TFLite cannot tell "
                                      "from an unranked tensor", op_text(g, i, ot, sizeof ot));
    return AP_OK;
}

/* ---- convolutions --------------------------------------------------------------------- */

/* ComputePaddingHeightWidth's output size. */
static int64_t out_size(int padding, int64_t in, int64_t filter, int64_t stride, int64_t dilation)
{
    int64_t eff = (filter - 1) * dilation + 1;
    if (stride <= 0)
        return 0;
    if (padding == 0) /* SAME */
        return (in + stride - 1) / stride;
    return in >= eff ? (in - eff + stride) / stride : 0;
}

/* CONV_2D (conv.cc, kMultithreadOptimized: the kernel BuiltinOpResolver registers on x86-64
 * builds with TFLITE_WITH_MULTITHREADED_EIGEN). */
static ap_status prepare_conv(ap__lrt_graph *g, uint32_t i, int *result, ap_error *err)
{
    const ap_tfl_options *o = &g->node[i].op->opt;
    int32_t input = ap__subgraph_input(g, i, 0), filter = ap__subgraph_input(g, i, 1), id = -1;
    int in_type, f_type, hybrid, per_channel, mt, hwcn, geometry, im2col;
    int64_t batches, in_h, in_w, f_h, f_w, f_c, c_out, out_h, out_w, groups, k, n;
    uint32_t count = 0;
    ap_status st;
    (void)result;
    if (input < 0 || filter < 0 || rank_of(g, input) != 4 || rank_of(g, filter) != 4)
        return fail(g, i, err, "CONV_2D needs a 4-D input and filter");
    if (ap__subgraph_input(g, i, 2) < 0)
        return fail(g, i, err, "CONV_2D needs a bias");
    if (o->stride_w <= 0 || o->stride_h <= 0 || o->dilation_w <= 0 || o->dilation_h <= 0)
        return fail(g, i, err, "CONV_2D's strides and dilations must be positive");
    in_type = g->t[input].type;
    f_type = g->t[filter].type;
    batches = dim(g, input, 0), in_h = dim(g, input, 1), in_w = dim(g, input, 2);
    f_h = dim(g, filter, 1), f_w = dim(g, filter, 2), f_c = dim(g, filter, 3);
    c_out = dim(g, filter, 0);
    if (f_c <= 0 || dim(g, input, 3) % f_c != 0)
        return fail(g, i, err, "the filter's channels do not divide the input's");
    groups = dim(g, input, 3) / f_c;
    hybrid = in_type == AP_TFL_FLOAT32 &&
             (f_type == AP_TFL_UINT8 || f_type == AP_TFL_INT8 || f_type == AP_TFL_INT4);
    /* per channel: several scales, and not all equal (conv.cc is_hybrid_per_channel) */
    per_channel = hybrid && (f_type == AP_TFL_INT8 || f_type == AP_TFL_INT4) &&
                  g->m->subgraphs[g->sg].tensors[filter].n_scales > 1 &&
                  g->m->subgraphs[g->sg].tensors[filter].scales_differ;
    mt = g->threads != 1 && !hybrid && o->dilation_w == 1 && o->dilation_h == 1 &&
         g->t[filter].alloc != AP__LRT_ARENA && g->t[filter].alloc != AP__LRT_DYNAMIC;
    hwcn = in_type == AP_TFL_FLOAT32 && mt;
    geometry = o->dilation_w != 1 || o->dilation_h != 1 || o->stride_w != 1 || o->stride_h != 1 ||
               f_w != 1 || f_h != 1;
    im2col = !hwcn && geometry &&
             (in_type == AP_TFL_UINT8 || in_type == AP_TFL_INT8 || in_type == AP_TFL_INT16 || !mt);
    out_h = out_size(o->padding, in_h, f_h, o->stride_h, o->dilation_h);
    out_w = out_size(o->padding, in_w, f_w, o->stride_w, o->dilation_w);
    temps(g, i, (uint32_t)(im2col + hwcn + (hybrid ? 3 + 2 * per_channel : 0)));
    if (im2col) {
        int type = hybrid ? (f_type == AP_TFL_INT4 ? AP_TFL_INT8 : f_type) : in_type;
        n = product(product(product(batches, out_h), out_w), product(product(f_h, f_w), f_c));
        if ((st = lazy(g, i, 0, 1, &id, err)) != AP_OK ||
            (st = temp(g, i, count++, id, type, n, AP__LRT_ARENA, "im2col", err)) != AP_OK)
            return st;
    }
    if (hwcn) {
        n = product(product(product(f_h, f_w), f_c), c_out);
        if ((st = lazy(g, i, 1, 1, &id, err)) != AP_OK ||
            (st = temp(g, i, count++, id, in_type, n, AP__LRT_PERSISTENT, "hwcn weights",
                       err)) != AP_OK)
            return st;
    }
    if (hybrid) {
        int64_t rows = product(product(product(batches, in_h), in_w), groups);
        if ((st = lazy(g, i, 2, 1, &id, err)) != AP_OK ||
            (st = temp(g, i, count++, id, AP_TFL_INT8, elements(g, input), AP__LRT_ARENA,
                       "quantized input", err)) != AP_OK ||
            (st = lazy(g, i, 3, 1, &id, err)) != AP_OK ||
            (st = temp(g, i, count++, id, AP_TFL_FLOAT32, rows, AP__LRT_ARENA,
                       "scaling factors", err)) != AP_OK)
            return st;
        k = product(c_out, product(product(batches, out_h), out_w));
        if ((st = lazy(g, i, 4, 1, &id, err)) != AP_OK ||
            (st = temp(g, i, count++, id, AP_TFL_INT32, k, AP__LRT_ARENA, "accumulators",
                       err)) != AP_OK)
            return st;
        if (per_channel &&
            ((st = lazy(g, i, 5, 1, &id, err)) != AP_OK ||
             (st = temp(g, i, count++, id, AP_TFL_INT32, rows, AP__LRT_ARENA, "input offsets",
                        err)) != AP_OK ||
             (st = lazy(g, i, 6, 1, &id, err)) != AP_OK ||
             (st = temp(g, i, count++, id, AP_TFL_INT32, c_out, AP__LRT_PERSISTENT, "row sums",
                        err)) != AP_OK))
            return st;
    }
    return AP_OK;
}

/* Adds a hybrid kernel's quantized input, scaling factors and input offsets (depthwise and
 * transpose convolution: the same three temporaries, lazily added). */
static ap_status hybrid_three(ap__lrt_graph *g, uint32_t i, uint32_t first_slot, int first_id,
                              int32_t input, int64_t rows, ap_error *err)
{
    int32_t id = -1;
    ap_status st;
    if ((st = lazy(g, i, first_id, 1, &id, err)) != AP_OK ||
        (st = temp(g, i, first_slot, id, AP_TFL_INT8, elements(g, input), AP__LRT_ARENA,
                   "quantized input", err)) != AP_OK ||
        (st = lazy(g, i, first_id + 1, 1, &id, err)) != AP_OK ||
        (st = temp(g, i, first_slot + 1, id, AP_TFL_FLOAT32, rows, AP__LRT_ARENA,
                   "scaling factors", err)) != AP_OK ||
        (st = lazy(g, i, first_id + 2, 1, &id, err)) != AP_OK)
        return st;
    return temp(g, i, first_slot + 2, id, AP_TFL_INT32, rows, AP__LRT_ARENA, "input offsets", err);
}

/* DEPTHWISE_CONV_2D (depthwise_conv.cc): temporaries only for a float input with int8 filter. */
static ap_status prepare_depthwise(ap__lrt_graph *g, uint32_t i, int *result, ap_error *err)
{
    int32_t input = ap__subgraph_input(g, i, 0), filter = ap__subgraph_input(g, i, 1);
    (void)result;
    if (input < 0 || filter < 0 || rank_of(g, input) != 4 || rank_of(g, filter) != 4)
        return fail(g, i, err, "DEPTHWISE_CONV_2D needs a 4-D input and filter");
    if (g->t[input].type != AP_TFL_FLOAT32 || g->t[filter].type != AP_TFL_INT8)
        return AP_OK;
    temps(g, i, 3);
    return hybrid_three(g, i, 0, 0, input, dim(g, input, 0), err);
}

/* TRANSPOSE_CONV (transpose_conv.cc, kGenericOptimized): col2im, the transposed weights and
 * the quantized kernels' scratch live on the heap (kTfLiteDynamic); a float input with int8
 * weights adds three arena temporaries. */
static ap_status prepare_transpose_conv(ap__lrt_graph *g, uint32_t i, int *result, ap_error *err)
{
    int32_t shape = ap__subgraph_input(g, i, 0), weights = ap__subgraph_input(g, i, 1),
            input = ap__subgraph_input(g, i, 2), id = -1;
    int in_type, quantized, hybrid;
    uint32_t count = 0, n;
    ap_status st;
    char ot[64];
    (void)result;
    if (input < 0 || weights < 0 || rank_of(g, input) != 4 || rank_of(g, weights) != 4)
        return fail(g, i, err, "TRANSPOSE_CONV needs a 4-D input and weights");
    in_type = g->t[input].type;
    quantized = in_type == AP_TFL_UINT8 || in_type == AP_TFL_INT8 || in_type == AP_TFL_INT16;
    hybrid = in_type == AP_TFL_FLOAT32 && g->t[weights].type == AP_TFL_INT8;
    n = 2 + (uint32_t)quantized + 3u * (uint32_t)hybrid;
    temps(g, i, n);
    if ((st = lazy(g, i, 0, 1, &id, err)) != AP_OK ||
        (st = temp(g, i, count++, id, in_type == AP_TFL_FLOAT32 ? AP_TFL_FLOAT32 : AP_TFL_INT32,
                   product(product(dim(g, input, 1), dim(g, input, 2)),
                           product(product(dim(g, weights, 0), dim(g, weights, 1)),
                                   dim(g, weights, 2))),
                   AP__LRT_DYNAMIC, "col2im", err)) != AP_OK ||
        (st = lazy(g, i, 1, 1, &id, err)) != AP_OK ||
        (st = temp(g, i, count++, id, g->t[weights].type, elements(g, weights), AP__LRT_DYNAMIC,
                   "transposed weights", err)) != AP_OK)
        return st;
    if (quantized && ((st = lazy(g, i, 2, 1, &id, err)) != AP_OK ||
                      (st = temp(g, i, count++, id,
                                 in_type == AP_TFL_INT16 ? AP_TFL_INT64 : AP_TFL_INT32,
                                 elements(g, out(g, i, 0)), AP__LRT_DYNAMIC, "scratch", err)) != AP_OK))
        return st;
    if (hybrid && dim(g, weights, 3) > 0 &&
        (st = hybrid_three(g, i, count, 3, input, elements(g, input) / dim(g, weights, 3), err)) != AP_OK)
        return st;
    /* IsConstantTensor: only data in the model (kTfLiteMmapRo) gives the shape in Prepare */
    if (shape < 0 || g->t[shape].alloc != AP__LRT_MMAP_RO)
        return ap__subgraph_set_alloc(g, out(g, i, 0), AP__LRT_DYNAMIC, i, err,
                                      "%s's output shape (tensor %d) is not constant",
                                      op_text(g, i, ot, sizeof ot), shape);
    return AP_OK;
}

/* CONV_3D (conv3d.cc, kGenericOptimized): im2col [batches, out D, H, W, filter D*H*W*in] in
 * the arena unless the filter is 1x1x1 with strides and dilations 1 (Conv3DOptions fields 1-3
 * strides, 5-7 dilations, read here: the reader does not decode them). */
static ap_status prepare_conv3d(ap__lrt_graph *g, uint32_t i, int *result, ap_error *err)
{
    int32_t input = ap__subgraph_input(g, i, 0), filter = ap__subgraph_input(g, i, 1), o = out(g, i, 0), id = -1;
    int need = 0;
    unsigned f;
    int64_t n;
    ap_status st;
    (void)result;
    if (input < 0 || filter < 0 || o < 0 || rank_of(g, input) != 5 || rank_of(g, filter) != 5 ||
        rank_of(g, o) != 5)
        return fail(g, i, err, "CONV_3D needs 5-D tensors");
    for (f = 1; f <= 3; f++)
        need |= option(g, i, f, 4, 0) != 1 || option(g, i, f + 4, 4, 1) != 1;
    need |= dim(g, filter, 0) != 1 || dim(g, filter, 1) != 1 || dim(g, filter, 2) != 1;
    temps(g, i, (uint32_t)need);
    if (!need)
        return AP_OK;
    n = product(product(product(dim(g, o, 0), dim(g, o, 1)), product(dim(g, o, 2), dim(g, o, 3))),
                product(product(dim(g, filter, 0), dim(g, filter, 1)),
                        product(dim(g, filter, 2), dim(g, filter, 3))));
    if ((st = lazy(g, i, 0, 1, &id, err)) != AP_OK)
        return st;
    return temp(g, i, 0, id, g->t[input].type, n, AP__LRT_ARENA, "im2col", err);
}

/* ---- matrix kernels ---------------------------------------------------------------------- */

/* BATCH_MATMUL (batch_matmul.cc): seven tensors reserved at the first Prepare; the transposed
 * LHS in the arena, the transposed RHS too, or persistent when the RHS is constant; a float LHS
 * with int8 RHS adds five more. */
static ap_status prepare_batch_matmul(ap__lrt_graph *g, uint32_t i, int *result, ap_error *err)
{
    int32_t lhs = ap__subgraph_input(g, i, 0), rhs = ap__subgraph_input(g, i, 1), base = -1;
    const ap_tfl_options *o = &g->node[i].op->opt;
    uint32_t lr, rr, k;
    int64_t batch, units, nb = 1, nw = 1;
    int hybrid;
    ap_status st;
    (void)result;
    if ((st = lazy(g, i, 0, 7, &base, err)) != AP_OK)
        return st;
    if (lhs < 0 || rhs < 0 || rank_of(g, lhs) < 2 || rank_of(g, rhs) < 2)
        return fail(g, i, err, "BATCH_MATMUL needs inputs of rank 2 or more");
    lr = rank_of(g, lhs);
    rr = rank_of(g, rhs);
    hybrid = g->t[lhs].type == AP_TFL_FLOAT32 && g->t[rhs].type == AP_TFL_INT8;
    temps(g, i, hybrid ? 7 : 2);
    if ((st = temp(g, i, 0, base, g->t[lhs].type, elements(g, lhs), AP__LRT_ARENA,
                   "transposed LHS", err)) != AP_OK ||
        (st = temp(g, i, 1, base + 1, g->t[rhs].type, elements(g, rhs),
                   g->t[rhs].alloc == AP__LRT_MMAP_RO ? AP__LRT_PERSISTENT : AP__LRT_ARENA,
                   "transposed RHS", err)) != AP_OK)
        return st;
    if (!hybrid)
        return AP_OK;
    batch = o->adj_x ? dim(g, lhs, lr - 1) : dim(g, lhs, lr - 2);
    units = o->adj_y ? dim(g, rhs, rr - 2) : dim(g, rhs, rr - 1);
    for (k = 0; k + 2 < lr; k++)
        nb = product(nb, dim(g, lhs, k));
    for (k = 0; k + 2 < rr; k++)
        nw = product(nw, dim(g, rhs, k));
    if ((st = temp(g, i, 2, base + 2, g->t[rhs].type, elements(g, lhs), AP__LRT_ARENA,
                   "quantized input", err)) != AP_OK ||
        (st = temp(g, i, 3, base + 3, AP_TFL_FLOAT32, product(nb, batch), AP__LRT_ARENA,
                   "scaling factors", err)) != AP_OK ||
        (st = temp(g, i, 4, base + 4, AP_TFL_INT32, product(units, batch), AP__LRT_ARENA,
                   "accumulators", err)) != AP_OK ||
        (st = temp(g, i, 5, base + 5, AP_TFL_INT32, product(nb, batch), AP__LRT_ARENA,
                   "input offsets", err)) != AP_OK)
        return st;
    return temp(g, i, 6, base + 6, AP_TFL_INT32, product(nw, units), AP__LRT_PERSISTENT,
                "row sums", err);
}

/* SVDF (svdf.cc): six tensors added in Init; the scratch (int32 for int8, else float) and,
 * for int8, the output accumulator; a float input with quantized weights uses all six. */
static ap_status prepare_svdf(ap__lrt_graph *g, uint32_t i, int *result, ap_error *err)
{
    int32_t input = ap__subgraph_input(g, i, 0), wf = ap__subgraph_input(g, i, 1),
            wt = ap__subgraph_input(g, i, 2), s = g->node[i].scratch;
    int64_t batch, filters, units, rank = g->node[i].op->opt.rank;
    int integer, hybrid;
    ap_status st;
    (void)result;
    if (input < 0 || wf < 0 || wt < 0 || rank <= 0 || dim(g, wf, 0) % rank != 0)
        return fail(g, i, err, "SVDF's rank does not divide its filter count");
    batch = dim(g, input, 0);
    filters = dim(g, wf, 0);
    units = filters / rank;
    integer = g->t[input].type == AP_TFL_INT8;
    hybrid = is_quantized8(g->t[wf].type) && g->t[input].type == AP_TFL_FLOAT32;
    temps(g, i, hybrid ? 6 : integer ? 2 : 1);
    if ((st = temp(g, i, 0, s, integer ? AP_TFL_INT32 : AP_TFL_FLOAT32, product(batch, filters),
                   AP__LRT_ARENA, "scratch", err)) != AP_OK)
        return st;
    if (hybrid &&
        ((st = temp(g, i, 1, s + 1, g->t[wf].type, elements(g, input), AP__LRT_ARENA,
                    "quantized input", err)) != AP_OK ||
         (st = temp(g, i, 2, s + 2, AP_TFL_FLOAT32, batch, AP__LRT_ARENA, "scaling factors",
                    err)) != AP_OK ||
         (st = temp(g, i, 3, s + 3, AP_TFL_FLOAT32, elements(g, wt), AP__LRT_PERSISTENT,
                    "float time weights", err)) != AP_OK ||
         (st = temp(g, i, 4, s + 4, AP_TFL_FLOAT32, batch, AP__LRT_ARENA, "zero points",
                    err)) != AP_OK ||
         (st = temp(g, i, 5, s + 5, AP_TFL_FLOAT32, filters, AP__LRT_PERSISTENT, "row sums",
                    err)) != AP_OK))
        return st;
    if (integer)
        return temp(g, i, 1, s + 1, AP_TFL_INT32, product(units, batch), AP__LRT_ARENA,
                    "output accumulator", err);
    return AP_OK;
}

/* UNIDIRECTIONAL_SEQUENCE_LSTM (unidirectional_sequence_lstm.cc): twelve tensors added in
 * Init. Float: one scratch [batch, 4 or 5 gates x cells + 16]; int8: six gate buffers
 * [batch, cells] (int16 x4, int8, int32); a float input with quantized weights: twelve. */
static ap_status prepare_sequence_lstm(ap__lrt_graph *g, uint32_t i, int *result, ap_error *err)
{
    int32_t input = ap__subgraph_input(g, i, 0), w_out = ap__subgraph_input(g, i, 4),
            r_out = ap__subgraph_input(g, i, 8), os = ap__subgraph_input(g, i, 18),
            cs = ap__subgraph_input(g, i, 19), s = g->node[i].scratch;
    int cifg = ap__subgraph_input(g, i, 1) < 0, integer, hybrid, wtype;
    int64_t batch, cells, outs;
    uint32_t k;
    ap_status st;
    (void)result;
    if (input < 0 || w_out < 0 || r_out < 0 || rank_of(g, input) < 2 || os < 0 || cs < 0)
        return fail(g, i, err, "UNIDIRECTIONAL_SEQUENCE_LSTM lacks an input, its weights or "
                    "its state");
    batch = g->node[i].op->opt.time_major ? dim(g, input, 1) : dim(g, input, 0);
    cells = dim(g, w_out, 0);
    outs = rank_of(g, r_out) == 1 ? dim(g, r_out, 0) : dim(g, r_out, 1);
    integer = g->t[input].type == AP_TFL_INT8;
    wtype = g->t[w_out].type;
    hybrid = is_quantized8(wtype) && g->t[input].type == AP_TFL_FLOAT32;
    temps(g, i, hybrid ? 12 : integer ? 6 : 1);
    if ((st = temp(g, i, 0, s, g->t[input].type,
                   product(batch, cells * (cifg ? 4 : 5) + 16), AP__LRT_ARENA, "scratch",
                   err)) != AP_OK)
        return st;
    if (hybrid)
        return hybrid_lstm_temps(g, i, s, input, wtype, batch, cells, outs, err);
    if (integer)
        for (k = 0; k < 6; k++) {
            int type = k == 4 ? AP_TFL_INT8 : k == 5 ? AP_TFL_INT32 : AP_TFL_INT16;
            if ((st = temp(g, i, k, s + (int32_t)k, type, product(batch, cells), AP__LRT_ARENA,
                           "gate scratch", err)) != AP_OK)
                return st;
        }
    return AP_OK;
}

/* RNN and UNIDIRECTIONAL_SEQUENCE_RNN (basic_rnn.cc, unidirectional_sequence_rnn.cc): six
 * tensors added in Init, used only for a float input with quantized weights. */
static ap_status prepare_rnn(ap__lrt_graph *g, uint32_t i, int *result, ap_error *err)
{
    int32_t input = ap__subgraph_input(g, i, 0), w = ap__subgraph_input(g, i, 1),
            hidden = ap__subgraph_input(g, i, 4), s = g->node[i].scratch;
    int seq = g->node[i].op->builtin == AP_TFL_OP_UNIDIRECTIONAL_SEQUENCE_RNN;
    int64_t batch, units;
    ap_status st;
    (void)result;
    if (input < 0 || w < 0 || hidden < 0)
        return fail(g, i, err, "the RNN lacks its input, weights or hidden state");
    if (!(is_quantized8(g->t[w].type) && g->t[input].type == AP_TFL_FLOAT32))
        return AP_OK;
    /* SequenceRNNOptions field 0 is time_major */
    batch = seq && option(g, i, 0, 1, 0) ? dim(g, input, 1) : dim(g, input, 0);
    units = dim(g, w, 0);
    temps(g, i, 6);
    if ((st = temp(g, i, 0, s, g->t[w].type, elements(g, input), AP__LRT_ARENA, "quantized input",
                   err)) != AP_OK ||
        (st = temp(g, i, 1, s + 1, g->t[w].type, elements(g, hidden), AP__LRT_ARENA,
                   "quantized hidden state", err)) != AP_OK ||
        (st = temp(g, i, 2, s + 2, AP_TFL_FLOAT32, batch, AP__LRT_ARENA, "scaling factors",
                   err)) != AP_OK ||
        (st = temp(g, i, 3, s + 3, AP_TFL_INT32, product(units, batch), AP__LRT_ARENA,
                   "accumulators", err)) != AP_OK ||
        (st = temp(g, i, 4, s + 4, AP_TFL_INT32, batch, AP__LRT_ARENA, "zero points",
                   err)) != AP_OK)
        return st;
    return temp(g, i, 5, s + 5, AP_TFL_INT32, product(2, units), AP__LRT_PERSISTENT, "row sums",
                err);
}

/* LSTM (lstm.cc): the full kernel adds 12 + 9 tensors in Init (the basic kernel none, its
 * scratch is among its outputs). Float: one scratch [batch, 4 or 5 gates x cells]; int8 with
 * 5 intermediates: six [batch, cells] (int16 x4, int8, int32), with 12: eight (int8 x2, int16
 * x6); a float input with quantized weights: the twelve of the sequence LSTM. */
static ap_status prepare_lstm(ap__lrt_graph *g, uint32_t i, int *result, ap_error *err)
{
    const ap_tfl_operator *op = g->node[i].op;
    int32_t input = ap__subgraph_input(g, i, 0), w_out = ap__subgraph_input(g, i, 4), s = g->node[i].scratch;
    int cifg = ap__subgraph_input(g, i, 1) < 0;
    int64_t batch, cells;
    uint32_t k;
    ap_status st;
    (void)result;
    if (s < 0) /* the basic kernel */
        return prepare_basic_lstm(g, i, err);
    if (input < 0 || w_out < 0 || rank_of(g, input) != 2)
        return fail(g, i, err, "LSTM lacks its input or weights");
    batch = dim(g, input, 0);
    cells = dim(g, w_out, 0);
    if (is_quantized8(g->t[w_out].type) && g->t[input].type == AP_TFL_FLOAT32) {
        int32_t r_out = ap__subgraph_input(g, i, 8);
        int sparse = sparse_const(g, w_out);
        ap_status st2;
        temps(g, i, sparse ? 21 : 12);
        if ((st2 = temp(g, i, 0, s, g->t[input].type, product(batch, cells * (cifg ? 4 : 5)),
                        AP__LRT_ARENA, "scratch", err)) != AP_OK ||
            (st2 = hybrid_lstm_temps(g, i, s, input, g->t[w_out].type, batch, cells,
                                     rank_of(g, r_out) == 2 ? dim(g, r_out, 1) : 0, err)) != AP_OK)
            return st2;
        return sparse ? lstm_ledgers(g, i, s + 12, err) : AP_OK;
    }
    if (g->t[input].type == AP_TFL_INT8) {
        int eight = op->n_intermediates != 5;
        temps(g, i, eight ? 8 : 6);
        for (k = 0; k < (eight ? 8u : 6u); k++) {
            int type = eight ? (k < 2 ? AP_TFL_INT8 : AP_TFL_INT16)
                             : (k == 4 ? AP_TFL_INT8 : k == 5 ? AP_TFL_INT32 : AP_TFL_INT16);
            if ((st = temp(g, i, k, s + (int32_t)k, type, product(batch, cells), AP__LRT_ARENA,
                           "gate scratch", err)) != AP_OK)
                return st;
        }
        return AP_OK;
    }
    temps(g, i, 1);
    return temp(g, i, 0, s, g->t[input].type, product(batch, cells * (cifg ? 4 : 5)),
                AP__LRT_ARENA, "scratch", err);
}

/* BIDIRECTIONAL_SEQUENCE_LSTM (bidirectional_sequence_lstm.cc): 19 tensors added in Init; the
 * forward and backward scratch [batch, 4 or 5 gates x cells], the forward one 16 more (the
 * source adds them to the forward buffer only); the hybrid path's 17 more are not modelled. */
static ap_status prepare_bidi_lstm(ap__lrt_graph *g, uint32_t i, int *result, ap_error *err)
{
    int32_t input = ap__subgraph_input(g, i, 0), fw = ap__subgraph_input(g, i, 4), bw = ap__subgraph_input(g, i, 21),
            s = g->node[i].scratch;
    int fw_cifg = ap__subgraph_input(g, i, 1) < 0, bw_cifg = ap__subgraph_input(g, i, 18) < 0, hybrid;
    int64_t batch;
    ap_status st;
    (void)result;
    if (input < 0 || fw < 0 || bw < 0 || rank_of(g, input) != 3)
        return fail(g, i, err, "BIDIRECTIONAL_SEQUENCE_LSTM lacks its input or weights");
    /* CheckInputTensorDimensions checks both directions' weights against the counts it is given,
     * and Prepare calls it with the forward counts, then the backward ones
     * (bidirectional_sequence_lstm.cc:382-411, 569-571, 683-685) */
    if (dim(g, fw, 0) != dim(g, bw, 0) ||
        dim(g, ap__subgraph_input(g, i, 8), 1) != dim(g, ap__subgraph_input(g, i, 25), 1))
        return fail(g, i, err, "BIDIRECTIONAL_SEQUENCE_LSTM checks each direction's weights "
                    "against the other's cell and output counts: they must be equal");
    hybrid = is_quantized8(g->t[fw].type) && g->t[input].type == AP_TFL_FLOAT32;
    batch = option(g, i, 4, 1, 1) ? dim(g, input, 1) : dim(g, input, 0); /* time_major */
    temps(g, i, !hybrid ? 2 : ap__subgraph_input(g, i, 41) >= 0 ? 19 : 18);
    if ((st = temp(g, i, 0, s, g->t[input].type,
                   product(batch, dim(g, fw, 0) * (fw_cifg ? 4 : 5) + 16), AP__LRT_ARENA,
                   "forward scratch", err)) != AP_OK)
        return st;
    if ((st = temp(g, i, 1, s + 1, g->t[input].type,
                   product(batch, dim(g, bw, 0) * (bw_cifg ? 4 : 5)), AP__LRT_ARENA,
                   "backward scratch", err)) != AP_OK)
        return st;
    return hybrid ? hybrid_bidi_lstm(g, i, s, batch, err) : AP_OK;
}

/* ---- reductions and sums ------------------------------------------------------------------- */

/* MEAN, SUM, REDUCE_PROD, REDUCE_MAX, REDUCE_MIN, REDUCE_ANY, REDUCE_ALL (reduce.cc): four
 * tensors added at the first Prepare: an index [rank] (arena), the resolved axes [axes] (arena
 * for a constant axis, else dynamic with the output), the accumulator [output elements]
 * (MEAN, SUM, PROD only) and the normalized dims [rank] (arena for a constant input, else
 * dynamic). A constant PROD of at most 8 elements is computed in Prepare. */
static ap_status prepare_reduce(ap__lrt_graph *g, uint32_t i, int *result, ap_error *err)
{
    int32_t input = ap__subgraph_input(g, i, 0), axis = ap__subgraph_input(g, i, 1), o = out(g, i, 0), base = -1;
    int32_t b = g->node[i].op->builtin;
    int in_type, acc_type, accumulates = b == AP_TFL_OP_MEAN || b == AP_TFL_OP_SUM ||
                                         b == AP_TFL_OP_REDUCE_PROD;
    ap_status st;
    char ot[64];
    (void)result;
    if (input < 0 || axis < 0 || o < 0)
        return fail(g, i, err, "a reduction needs its input and axis");
    if ((st = lazy(g, i, 0, 4, &base, err)) != AP_OK)
        return st;
    in_type = g->t[input].type;
    switch (in_type) {
    case AP_TFL_FLOAT32: acc_type = AP_TFL_FLOAT32; break;
    case AP_TFL_INT32: case AP_TFL_INT64: acc_type = AP_TFL_INT64; break;
    case AP_TFL_UINT8: case AP_TFL_INT8: case AP_TFL_INT16: acc_type = AP_TFL_INT32; break;
    case AP_TFL_BOOL: acc_type = AP_TFL_BOOL; break;
    default: return fail(g, i, err, "the reduction's input type is not supported");
    }
    temps(g, i, 4);
    if ((st = temp(g, i, 0, base, AP_TFL_INT32, rank_of(g, input), AP__LRT_ARENA, "index",
                   err)) != AP_OK ||
        (st = temp(g, i, 1, base + 1, AP_TFL_INT32, elements(g, axis), AP__LRT_ARENA,
                   "resolved axes", err)) != AP_OK ||
        (st = temp(g, i, 2, base + 2, acc_type, elements(g, o),
                   accumulates ? AP__LRT_ARENA : AP__LRT_NONE, "accumulator", err)) != AP_OK ||
        (st = temp(g, i, 3, base + 3, AP_TFL_INT32, rank_of(g, input), AP__LRT_ARENA,
                   "normalized dims", err)) != AP_OK)
        return st;
    if (!ap__subgraph_const(g, input) &&
        (st = ap__subgraph_set_alloc(g, base + 3, AP__LRT_DYNAMIC, i, err,
                                     "%s's input is not constant", op_text(g, i, ot, sizeof ot))) != AP_OK)
        return st;
    if (!ap__subgraph_const(g, axis)) {
        if ((st = outputs_dynamic(g, i, axis, "axis", err)) != AP_OK ||
            (st = ap__subgraph_set_alloc(g, base + 1, AP__LRT_DYNAMIC, i, err, "%s's axis is not "
                                         "constant", op_text(g, i, ot, sizeof ot))) != AP_OK)
            return st;
        if (accumulates)
            return ap__subgraph_set_alloc(g, base + 2, AP__LRT_DYNAMIC, i, err, "%s's axis is not "
                                          "constant", op_text(g, i, ot, sizeof ot));
        return AP_OK;
    }
    if (b == AP_TFL_OP_REDUCE_PROD && ap__subgraph_const(g, input) && elements(g, o) <= 8) {
        int32_t k;
        for (k = 1; k < 4; k++)
            if ((st = ap__subgraph_set_alloc(g, base + k, AP__LRT_DYNAMIC, i, err, "%s is computed "
                                             "in Prepare", op_text(g, i, ot, sizeof ot))) != AP_OK)
                return st;
        return outputs_folded(g, i, err);
    }
    return AP_OK;
}

/* ADD_N (add_n.cc): one tensor added in Init, the sums of up to max_num_threads pairs
 * (CpuBackendContext: SetNumThreads(-1) means 1 thread). */
static ap_status prepare_add_n(ap__lrt_graph *g, uint32_t i, int *result, ap_error *err)
{
    int32_t input = ap__subgraph_input(g, i, 0);
    int64_t n = g->node[i].op->n_inputs, threads = g->threads < 0 ? 1 : g->threads;
    int64_t count = n / 2 > 1 ? n / 2 : 1;
    (void)result;
    if (input < 0 || n < 2)
        return fail(g, i, err, "ADD_N needs two inputs or more");
    if (count > threads)
        count = threads;
    temps(g, i, 1);
    return temp(g, i, 0, g->node[i].scratch, g->t[input].type, product(count, elements(g, input)),
                AP__LRT_ARENA, "scratch", err);
}

/* ---- control flow ------------------------------------------------------------------------- */

/* Prepares subgraph sg as WHILE and IF do: the caller's tensors `from` copied into its inputs
 * (type and shape), its non-resource inputs made kTfLiteCustom, then AllocateTensors. On
 * success *dynamic = HasDynamicTensors() and sub holds the prepared graph (free it). */
static ap_status prepare_called(ap__lrt_graph *g, uint32_t i, int32_t sg, const int32_t *from,
                                uint32_t n_from, ap__lrt_graph *sub, ap_error *err)
{
    const ap_tfl_subgraph *s;
    uint32_t stack[64], k;
    char ot[64];
    ap_status st;
    memset(sub, 0, sizeof *sub);
    if (sg < 0 || (uint32_t)sg >= g->m->n_subgraphs)
        return fail(g, i, err, "it calls a subgraph the model does not have");
    for (k = 0; k <= g->depth && k < 64; k++)
        if ((k == g->depth ? g->sg : g->stack[k]) == (uint32_t)sg)
            return ap_error_set(err, AP_ERR_INPUT,
                                "TFLite cannot allocate the model: %s of subgraph %u calls "
                                "subgraph %d, which is already being prepared (TFLite would "
                                "recurse without end)", op_text(g, i, ot, sizeof ot), g->sg, sg);
    if (g->depth + 1 >= 64)
        return fail(g, i, err, "control flow nests deeper than 64 subgraphs");
    for (k = 0; k < g->depth; k++)
        stack[k] = g->stack[k];
    stack[g->depth] = g->sg;
    s = &g->m->subgraphs[sg];
    if (s->n_inputs != n_from)
        return fail(g, i, err, "the called subgraph's input count differs from the operator's");
    if (*g->budget < s->n_tensors)
        return ap_error_set(err, AP_ERR_INPUT, "TFLite's control flow would prepare more than "
                            "%llu operators and tensors in all (subgraph %d)",
                            (unsigned long long)AP__LRT_BUDGET, sg);
    *g->budget -= s->n_tensors;
    if ((st = g->steps->build(sub, g->m, (uint32_t)sg, g->threads, g->depth + 1, stack, err)) !=
        AP_OK)
        return st;
    sub->budget = g->budget;
    for (k = 0; k < n_from; k++) {
        int32_t dst = s->inputs[k], src = from[k];
        if (dst < 0 || src < 0)
            continue;
        sub->t[dst].type = g->t[src].type;
        sub->t[dst].dims = g->t[src].dims;
        sub->t[dst].rank = g->t[src].rank;
        sub->t[dst].bytes = g->t[src].bytes;
        if (g->t[src].type != AP_TFL_RESOURCE && g->t[src].type != AP_TFL_VARIANT)
            sub->t[dst].alloc = AP__LRT_CUSTOM;
    }
    st = g->steps->prepare(sub, err);
    sub->stack = NULL; /* the array dies with this frame; the nested calls are prepared */
    for (k = 0; st == AP_OK && k < sub->n_gaps; k++) { /* what it leaves out, left out here */
        char at[96] = "";
        if (sub->gaps[k].node >= 0)
            ap__subgraph_op_text(sub, (uint32_t)sub->gaps[k].node, at, sizeof at);
        st = ap__subgraph_unmodelled(g, (int32_t)i, err, "in subgraph %d%s%s: %s", sg,
                                     at[0] ? ", " : "", at, sub->gaps[k].what);
    }
    if (st == AP_OK)
        st = ap__subgraph_unmodelled(g, (int32_t)i, err, "subgraph %d, which it prepares, has "
                                     "arenas of its own, not in these figures", sg);
    return st;
}

static int same_dims(const ap__lrt_tensor *a, const ap__lrt_tensor *b)
{
    return a->rank == b->rank && (a->rank == 0 || memcmp(a->dims, b->dims, a->rank * sizeof *a->dims) == 0);
}

/* WHILE (while.cc): outputs of loop variables the body passes through unchanged and nobody
 * reads are dropped; the body is prepared; when it has dynamic tensors or changes a loop
 * variable's shape, every output is dynamic. */
static ap_status prepare_while(ap__lrt_graph *g, uint32_t i, int *result, ap_error *err)
{
    const ap_tfl_operator *op = g->node[i].op;
    ap__lrt_node *nd = &g->node[i];
    ap__lrt_graph body;
    const ap_tfl_subgraph *bs;
    int dynamic = 0;
    uint32_t k;
    char ot[64], msg[160];
    ap_status st;
    (void)result;
    if (op->n_outputs != op->n_inputs)
        return fail(g, i, err, "WHILE has as many outputs as inputs");
    /* the condition first (while.cc:103-120), then the body */
    st = prepare_called(g, i, op->calls[0], op->inputs, op->n_inputs, &body, err);
    ap__subgraph_free(&body);
    if (st != AP_OK)
        return st;
    if ((st = prepare_called(g, i, op->calls[1], op->inputs, op->n_inputs, &body, err)) != AP_OK) {
        ap__subgraph_free(&body);
        return st;
    }
    bs = &g->m->subgraphs[op->calls[1]];
    if (bs->n_outputs != op->n_inputs) {
        ap__subgraph_free(&body);
        return fail(g, i, err, "the body's output count differs from the loop's");
    }
    for (k = 0; k < op->n_inputs; k++) {
        int32_t o = nd->outputs[k], bi = bs->inputs[k];
        uint32_t n_readers;
        if (bi < 0 || bi != bs->outputs[k] || o < 0 || op->inputs[k] < 0)
            continue;
        if ((n_readers = ap__subgraph_readers(g, o)) == UINT32_MAX) {
            ap__subgraph_free(&body);
            return ap_error_set(err, AP_ERR_NOMEM, "out of memory");
        }
        if (n_readers != 0)
            continue;
        if (g->t[op->inputs[k]].type == AP_TFL_STRING || g->t[op->inputs[k]].type == AP_TFL_RESOURCE ||
            g->t[op->inputs[k]].type == AP_TFL_VARIANT)
            continue;
        /* the tensor stays kTfLiteArenaRw, but no node produces it any more */
        nd->outputs[k] = -1;
        free(g->t[o].why);
        snprintf(msg, sizeof msg, "%s drops it: the body passes the loop variable through and "
                 "nobody reads it", op_text(g, i, ot, sizeof ot));
        if (!(g->t[o].why = ap__strdup(msg))) {
            ap__subgraph_free(&body);
            return ap_error_set(err, AP_ERR_NOMEM, "out of memory");
        }
        g->t[o].why_op = (int32_t)i;
    }
    dynamic = body.has_dynamic;
    for (k = 0; !dynamic && k < op->n_inputs; k++) {
        const ap__lrt_tensor *bi, *bo;
        if (bs->inputs[k] < 0 || bs->outputs[k] < 0)
            continue;
        bi = &body.t[bs->inputs[k]];
        bo = &body.t[bs->outputs[k]];
        if (!same_dims(bi, bo)) {
            int64_t total = (bi->rank ? bi->dims[0] : 0) + (bo->rank ? bo->dims[0] : 0);
            if (total != 1)
                dynamic = 1;
        }
    }
    ap__subgraph_free(&body);
    if (dynamic)
        for (k = 0; k < nd->n_outputs; k++)
            if ((st = ap__subgraph_set_alloc(g, nd->outputs[k], AP__LRT_DYNAMIC, i, err,
                                             "%s's body has dynamic tensors or changes a loop "
                                             "variable's shape", op_text(g, i, ot, sizeof ot))) != AP_OK)
                return st;
    return AP_OK;
}

/* IF (if.cc): both branches are prepared; dynamic tensors in either, or outputs whose shapes
 * differ between them, make every output dynamic. */
static ap_status prepare_if(ap__lrt_graph *g, uint32_t i, int *result, ap_error *err)
{
    const ap_tfl_operator *op = g->node[i].op;
    ap__lrt_graph br[2];
    int dynamic = 0, b;
    uint32_t k;
    char ot[64];
    ap_status st = AP_OK;
    (void)result;
    memset(br, 0, sizeof br);
    if (op->n_inputs < 1)
        return fail(g, i, err, "IF needs a condition");
    for (b = 0; b < 2 && st == AP_OK; b++)
        if ((st = prepare_called(g, i, op->calls[b], op->inputs + 1, op->n_inputs - 1, &br[b],
                                 err)) == AP_OK)
            dynamic |= br[b].has_dynamic;
    for (b = 0; b < 2 && st == AP_OK; b++)
        if (g->m->subgraphs[op->calls[b]].n_outputs != op->n_outputs)
            st = fail(g, i, err, "a branch's output count differs from the operator's");
    for (k = 0; st == AP_OK && !dynamic && k < op->n_outputs; k++) {
        int32_t a = g->m->subgraphs[op->calls[0]].outputs[k], c = g->m->subgraphs[op->calls[1]].outputs[k];
        dynamic = a >= 0 && c >= 0 && !same_dims(&br[0].t[a], &br[1].t[c]);
    }
    ap__subgraph_free(&br[0]);
    ap__subgraph_free(&br[1]);
    if (st != AP_OK || !dynamic)
        return st;
    for (k = 0; k < g->node[i].n_outputs; k++)
        if ((st = ap__subgraph_set_alloc(g, out(g, i, k), AP__LRT_DYNAMIC, i, err,
                                         "%s's branches have dynamic tensors or outputs of different "
                                         "shapes", op_text(g, i, ot, sizeof ot))) != AP_OK)
            return st;
    return AP_OK;
}

/* STABLEHLO_COMPOSITE (stablehlo_composite.cc Prepare; composite inlining is an interpreter
 * option, off by default): the decomposition subgraph (StableHLOCompositeOptions field 1) is
 * prepared like IF's branches; dynamic tensors there make every output dynamic. */
static ap_status prepare_composite(ap__lrt_graph *g, uint32_t i, int *result, ap_error *err)
{
    const ap_tfl_operator *op = g->node[i].op;
    ap__lrt_graph sub;
    int64_t sg = -1;
    int dynamic;
    uint32_t k;
    char ot[64];
    ap_status st;
    (void)result;
    if (op->n_inputs < 1)
        return fail(g, i, err, "STABLEHLO_COMPOSITE needs an input");
    if (!ap_tflite_option_scalar(g->m, op, 2, 1, 4, 1, &sg))
        sg = 0; /* the schema default */
    if (sg < 0 || (uint64_t)sg >= g->m->n_subgraphs ||
        g->m->subgraphs[sg].n_outputs != op->n_outputs)
        return fail(g, i, err, "STABLEHLO_COMPOSITE's decomposition subgraph does not match it");
    if ((st = prepare_called(g, i, (int32_t)sg, op->inputs, op->n_inputs, &sub, err)) != AP_OK) {
        ap__subgraph_free(&sub);
        return st;
    }
    dynamic = sub.has_dynamic;
    ap__subgraph_free(&sub);
    for (k = 0; dynamic && k < g->node[i].n_outputs; k++)
        if ((st = ap__subgraph_set_alloc(g, out(g, i, k), AP__LRT_DYNAMIC, i, err,
                                         "%s's decomposition has dynamic tensors",
                                         op_text(g, i, ot, sizeof ot))) != AP_OK)
            return st;
    return AP_OK;
}

/* STABLEHLO_CASE (stablehlo_case.cc Prepare): every subgraph of the model but the first is
 * checked and prepared, not only the branches; RemoveUnusedInputs runs on every subgraph, the
 * calling one included, whose graph inputs nobody reads then lose their bytes; dynamic tensors
 * in any, or branches whose outputs differ in shape, make every output dynamic. */
static ap_status prepare_case(ap__lrt_graph *g, uint32_t i, int *result, ap_error *err)
{
    const ap_tfl_operator *op = g->node[i].op;
    const ap_tfl_subgraph *top = &g->m->subgraphs[g->sg];
    ap__lrt_graph *subs;
    int64_t br[64], nb;
    int dynamic = 0;
    uint32_t s, k, n = g->m->n_subgraphs;
    char ot[64];
    ap_status st = AP_OK;
    (void)result;
    nb = ap_tflite_option_vector(g->m, op, 2, 0, 4, br, 64);
    if (nb <= 0 || op->n_inputs < 1 || op->inputs[0] < 0 ||
        g->t[op->inputs[0]].type != AP_TFL_INT32 || elements(g, op->inputs[0]) != 1)
        return fail(g, i, err, "STABLEHLO_CASE needs branches and an int32 index");
    if (g->sg != 0 || g->depth > 0)
        return unmodelled(g, i, "STABLEHLO_CASE outside subgraph 0 changes the inputs of "
                          "subgraph 0 (RemoveUnusedInputs)", err);
    if (nb > 64 || (uint64_t)nb + 1 < n)
        return unmodelled(g, i, "STABLEHLO_CASE with fewer branches than subgraphs reads past its "
                          "branch list", err);
    for (k = 0; k + 1 < n && k < (uint32_t)nb; k++)
        if (br[k] < 1 || (uint64_t)br[k] >= n)
            return fail(g, i, err, "a branch of STABLEHLO_CASE is not a subgraph it can call");
    for (s = 1; s < n; s++)
        if (g->m->subgraphs[s].n_inputs != op->n_inputs - 1 ||
            g->m->subgraphs[s].n_outputs != op->n_outputs)
            return fail(g, i, err, "a subgraph's inputs or outputs differ from STABLEHLO_CASE's");
    for (k = 0; k < top->n_inputs; k++) { /* RemoveUnusedInputs on the calling subgraph */
        int32_t x = top->inputs[k];
        uint32_t readers = x >= 0 ? ap__subgraph_readers(g, x) : 1;
        if (readers == UINT32_MAX)
            return ap_error_set(err, AP_ERR_NOMEM, "out of memory");
        if (readers == 0) {
            g->t[x].bytes = 0;
            g->t[x].dropped_input = 1;
        }
    }
    if (!(subs = ap__zalloc(n, sizeof *subs)))
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory");
    for (s = 1; s < n && st == AP_OK; s++)
        if ((st = prepare_called(g, i, (int32_t)s, op->inputs + 1, op->n_inputs - 1, &subs[s],
                                 err)) == AP_OK)
            dynamic |= subs[s].has_dynamic;
    for (s = 1; st == AP_OK && !dynamic && s + 1 < n; s++) /* branches 1.. against branch 0 */
        for (k = 0; !dynamic && k < op->n_outputs; k++) {
            const ap_tfl_subgraph *a = &g->m->subgraphs[br[0]], *b = &g->m->subgraphs[br[s]];
            dynamic = a->outputs[k] >= 0 && b->outputs[k] >= 0 &&
                      !same_dims(&subs[br[0]].t[a->outputs[k]], &subs[br[s]].t[b->outputs[k]]);
        }
    for (s = 0; s < n; s++)
        ap__subgraph_free(&subs[s]);
    free(subs);
    for (k = 0; st == AP_OK && dynamic && k < g->node[i].n_outputs; k++)
        st = ap__subgraph_set_alloc(g, out(g, i, k), AP__LRT_DYNAMIC, i, err, "%s's branches have "
                                    "dynamic tensors or outputs of different shapes",
                                    op_text(g, i, ot, sizeof ot));
    return st;
}

/* CALL_ONCE (call_once.cc): Prepare only checks; the first Invoke allocates the init subgraph,
 * runs it and frees its arena. */
static ap_status prepare_call_once(ap__lrt_graph *g, uint32_t i, int *result, ap_error *err)
{
    int64_t sg = -1;
    (void)result;
    ap_tflite_option_scalar(g->m, g->node[i].op, 1, 0, 4, 1, &sg); /* init_subgraph_index */
    return ap__subgraph_unmodelled(g, (int32_t)i, err, "its init subgraph %lld is allocated, run "
                                   "and freed at the first Invoke, with arenas of its own, not in "
                                   "these figures", (long long)sg);
}

/* ---- the table ---------------------------------------------------------------------------- */

#define K(op, lo, hi, inplace, init, fn) {AP_TFL_OP_##op, NULL, lo, hi, inplace, init, fn},
#define R prepare_shape_rule

/* BuiltinOpResolver's registrations (core/kernels/register.cc): versions, inplace flags
 * (Register_* in kernels/), tensors added in Init, Prepare's effect. */
static const ap__lrt_kernel kernels[] = {
    K(ABS, 1, 5, 0, 0, NULL) K(HARD_SWISH, 1, 1, 0, 0, NULL) K(RELU, 1, 3, 0, 0, NULL)
    K(RELU_N1_TO_1, 1, 1, 0, 0, NULL) K(RELU_0_TO_1, 1, 1, 0, 0, NULL) K(RELU6, 1, 3, 0, 0, NULL)
    K(TANH, 1, 3, 0, 0, NULL) K(LOGISTIC, 1, 3, 0, 0, NULL) K(AVERAGE_POOL_2D, 1, 3, 0, 0, NULL)
    K(MAX_POOL_2D, 1, 3, 0, 0, NULL) K(L2_POOL_2D, 1, 1, 0, 0, NULL)
    K(CONV_2D, 1, 8, 0, 0, prepare_conv) K(DEPTHWISE_CONV_2D, 1, 7, 0, 0, prepare_depthwise)
    K(SVDF, 1, 4, 0, 6, prepare_svdf) K(RNN, 1, 3, 0, 6, prepare_rnn)
    K(BIDIRECTIONAL_SEQUENCE_RNN, 1, 3, 0, 9, prepare_bidi_rnn)
    K(UNIDIRECTIONAL_SEQUENCE_RNN, 1, 3, 0, 6, prepare_rnn) K(EMBEDDING_LOOKUP, 1, 5, 0, 0, NULL)
    K(EMBEDDING_LOOKUP_SPARSE, 1, 1, 0, 0, prepare_embedding_sparse)
    K(FULLY_CONNECTED, 1, 14, 0, 0, prepare_fully_connected) K(LSH_PROJECTION, 1, 1, 0, 0, NULL)
    K(HASHTABLE_LOOKUP, 1, 1, 0, 0, NULL) K(SOFTMAX, 1, 4, AP__LRT_INPLACE_IN0, 0, NULL)
    K(CONCATENATION, 1, 7, 0, 0, R) K(ADD, 1, 6, ELEMENTWISE, 0, NULL)
    K(SPACE_TO_BATCH_ND, 1, 4, 0, 0, R) K(BATCH_TO_SPACE_ND, 1, 4, 0, 0, R)
    K(MUL, 1, 8, ELEMENTWISE, 0, R) K(L2_NORMALIZATION, 1, 2, 0, 0, NULL)
    K(LOCAL_RESPONSE_NORMALIZATION, 1, 1, 0, 0, NULL) K(LSTM, 1, 4, 0, 21, prepare_lstm)
    K(BIDIRECTIONAL_SEQUENCE_LSTM, 1, 3, 0, 19, prepare_bidi_lstm)
    K(UNIDIRECTIONAL_SEQUENCE_LSTM, 1, 4, 0, 12, prepare_sequence_lstm) K(PAD, 1, 6, 0, 0, R)
    K(PADV2, 1, 6, 0, 0, R) K(RESHAPE, 1, 1, UNMOD, 0, prepare_reshape)
    K(RESIZE_BILINEAR, 1, 4, 0, 0, R) K(RESIZE_NEAREST_NEIGHBOR, 1, 4, 0, 0, R)
    K(SKIP_GRAM, 1, 1, 0, 0, NULL) K(SPACE_TO_DEPTH, 1, 2, 0, 0, NULL)
    K(DEPTH_TO_SPACE, 1, 2, 0, 0, NULL) K(GATHER, 1, 8, 0, 0, R) K(TRANSPOSE, 1, 9, 0, 0, R)
    K(MEAN, 1, 3, 0, 0, prepare_reduce) K(DIV, 1, 2, ELEMENTWISE, 0, NULL)
    K(SUB, 1, 5, ELEMENTWISE, 0, NULL) K(SPLIT, 1, 5, 0, 0, R) K(SPLIT_V, 1, 3, 0, 0, R)
    K(SQUEEZE, 1, 2, UNMOD, 0, NULL) K(STRIDED_SLICE, 1, 8, 0, 0, prepare_strided_slice)
    K(EXP, 1, 2, 0, 0, NULL) K(TOPK_V2, 1, 3, 0, 0, R) K(LOG, 1, 2, 0, 0, NULL)
    K(LOG_SOFTMAX, 1, 2, 0, 0, NULL) K(CAST, 1, 9, 0, 0, NULL) K(DEQUANTIZE, 1, 9, 0, 0, prepare_dequantize)
    K(PRELU, 1, 1, 0, 0, NULL) K(MAXIMUM, 1, 4, 0, 0, NULL) K(MINIMUM, 1, 4, 0, 0, NULL)
    K(ARG_MAX, 1, 3, 0, 0, R) K(ARG_MIN, 1, 3, 0, 0, R) K(GREATER, 1, 2, 0, 0, NULL)
    K(GREATER_EQUAL, 1, 3, 0, 0, NULL) K(LESS, 1, 3, 0, 0, NULL) K(LESS_EQUAL, 1, 2, 0, 0, NULL)
    K(FLOOR, 1, 1, 0, 0, NULL) K(CEIL, 1, 1, 0, 0, NULL) K(ROUND, 1, 1, 0, 0, NULL)
    K(NEG, 1, 1, 0, 0, NULL) K(SELECT, 1, 4, 0, 0, NULL) K(SELECT_V2, 1, 2, 0, 0, NULL)
    K(SLICE, 1, 8, 0, 0, prepare_slice) K(SIN, 1, 2, 0, 0, NULL) K(COS, 1, 2, 0, 0, NULL)
    K(TRANSPOSE_CONV, 1, 5, 0, 0, prepare_transpose_conv) K(TILE, 1, 3, 0, 0, R)
    K(SUM, 1, 2, 0, 0, prepare_reduce) K(REDUCE_PROD, 1, 2, 0, 0, prepare_reduce)
    K(REDUCE_MAX, 1, 3, 0, 0, prepare_reduce) K(REDUCE_MIN, 1, 3, 0, 0, prepare_reduce)
    K(REDUCE_ANY, 1, 1, 0, 0, prepare_reduce) K(REDUCE_ALL, 1, 1, 0, 0, prepare_reduce)
    K(EXPAND_DIMS, 1, 1, UNMOD, 0, R) K(SPARSE_TO_DENSE, 1, 3, 0, 0, R)
    K(EQUAL, 1, 5, 0, 0, NULL) K(NOT_EQUAL, 1, 4, 0, 0, NULL) K(SQRT, 1, 2, 0, 0, NULL)
    K(RSQRT, 1, 3, 0, 0, NULL) K(SHAPE, 1, 1, 0, 0, prepare_always_folded)
    K(RANK, 1, 1, 0, 0, prepare_always_folded) K(POW, 1, 1, 0, 0, NULL)
    K(FAKE_QUANT, 1, 2, 0, 0, NULL) K(PACK, 1, 5, 0, 0, NULL) K(ONE_HOT, 1, 1, 0, 0, R)
    K(LOGICAL_OR, 1, 1, 0, 0, NULL) K(LOGICAL_AND, 1, 1, 0, 0, NULL)
    K(LOGICAL_NOT, 1, 1, 0, 0, NULL) K(UNPACK, 1, 6, 0, 0, NULL) K(FLOOR_DIV, 1, 3, 0, 0, NULL)
    K(SQUARE, 1, 1, 0, 0, NULL) K(ZEROS_LIKE, 1, 1, 0, 0, NULL) K(FLOOR_MOD, 1, 2, 0, 0, NULL)
    K(RANGE, 1, 2, 0, 0, R) K(LEAKY_RELU, 1, 2, 0, 0, NULL)
    K(SQUARED_DIFFERENCE, 1, 2, 0, 0, NULL) K(FILL, 1, 5, 0, 0, R) K(MIRROR_PAD, 1, 3, 0, 0, R)
    K(UNIQUE, 1, 1, 0, 0, prepare_unique) K(REVERSE_V2, 1, 4, 0, 0, NULL)
    K(ADD_N, 1, 1, 0, 1, prepare_add_n) K(GATHER_ND, 1, 6, 0, 0, NULL) K(WHERE, 1, 2, 0, 0, R)
    K(ELU, 1, 1, 0, 0, NULL) K(REVERSE_SEQUENCE, 1, 1, 0, 0, NULL)
    K(MATRIX_DIAG, 1, 1, 0, 0, NULL) K(QUANTIZE, 1, 6, 0, 0, NULL)
    K(MATRIX_SET_DIAG, 1, 1, 0, 0, NULL) K(IF, 1, 1, 0, 0, prepare_if)
    K(WHILE, 1, 1, 0, 0, prepare_while) K(NON_MAX_SUPPRESSION_V4, 1, 1, 0, 0, prepare_nms)
    K(NON_MAX_SUPPRESSION_V5, 1, 1, 0, 0, prepare_nms) K(SCATTER_ND, 1, 1, 0, 0, R)
    K(DENSIFY, 1, 1, 0, 0, prepare_densify) K(SEGMENT_SUM, 1, 1, 0, 0, R)
    K(BATCH_MATMUL, 1, 4, 0, 0, prepare_batch_matmul) K(CUMSUM, 1, 1, 0, 0, NULL)
    K(BROADCAST_TO, 2, 4, 0, 0, R) K(CALL_ONCE, 1, 1, 0, 0, prepare_call_once) K(RFFT2D, 1, 1, 0, 0, prepare_rfft2d)
    K(CONV_3D, 1, 1, 0, 0, prepare_conv3d) K(IMAG, 1, 1, 0, 0, NULL) K(REAL, 1, 1, 0, 0, NULL)
    K(COMPLEX_ABS, 1, 1, 0, 0, NULL) K(BROADCAST_ARGS, 1, 1, 0, 0, R)
    K(HASHTABLE, 1, 1, 0, 0, NULL) K(HASHTABLE_FIND, 1, 1, 0, 0, NULL)
    K(HASHTABLE_IMPORT, 1, 1, 0, 0, NULL) K(HASHTABLE_SIZE, 1, 1, 0, 0, NULL)
    K(CONV_3D_TRANSPOSE, 1, 1, 0, 0, prepare_conv3d_transpose) K(VAR_HANDLE, 1, 1, 0, 0, prepare_var_handle)
    K(READ_VARIABLE, 1, 1, 0, 0, prepare_read_variable) K(ASSIGN_VARIABLE, 1, 1, 0, 0, NULL)
    K(MULTINOMIAL, 1, 1, 0, 0, R) K(RANDOM_STANDARD_NORMAL, 1, 1, 0, 0, R)
    K(BUCKETIZE, 1, 1, 0, 0, NULL) K(RANDOM_UNIFORM, 1, 1, 0, 0, R) K(GELU, 1, 3, 0, 0, NULL)
    K(DYNAMIC_UPDATE_SLICE, 1, 6, AP__LRT_INPLACE_IN0, 0, NULL)
    K(UNSORTED_SEGMENT_PROD, 1, 1, 0, 0, R) K(UNSORTED_SEGMENT_MAX, 1, 1, 0, 0, R)
    K(UNSORTED_SEGMENT_MIN, 1, 1, 0, 0, R) K(UNSORTED_SEGMENT_SUM, 1, 1, 0, 0, R)
    K(ATAN2, 1, 1, 0, 0, NULL) K(SIGN, 1, 2, 0, 0, NULL) K(BITCAST, 1, 1, UNMOD, 0, NULL)
    K(BITWISE_XOR, 1, 1, 0, 0, NULL) K(RIGHT_SHIFT, 1, 1, 0, 0, NULL)
    K(STABLEHLO_SCATTER, 1, 1, 0, 0, NULL) K(DILATE, 1, 1, 0, 0, R)
    K(STABLEHLO_RNG_BIT_GENERATOR, 1, 1, 0, 0, NULL) K(REDUCE_WINDOW, 1, 1, 0, 0, NULL)
    K(STABLEHLO_REDUCE_WINDOW, 1, 1, 0, 2, prepare_stablehlo_reduce_window) K(STABLEHLO_GATHER, 1, 1, 0, 0, NULL)
    K(STABLEHLO_ADD, 1, 1, 0, 0, NULL) K(STABLEHLO_AND, 1, 1, 0, 0, NULL)
    K(STABLEHLO_MULTIPLY, 1, 1, 0, 0, NULL) K(STABLEHLO_MAXIMUM, 1, 1, 0, 0, NULL)
    K(STABLEHLO_MINIMUM, 1, 1, 0, 0, NULL) K(STABLEHLO_PAD, 1, 1, 0, 0, NULL)
    /* codes the TFLM schema of schema.h does not name (LiteRT's schema.fbs) */
    {206, NULL, 1, 1, 0, 0, prepare_composite}, /* STABLEHLO_COMPOSITE */
    {207, NULL, 1, 1, 0, 0, NULL}, /* STABLEHLO_SHIFT_LEFT */
    {209, NULL, 1, 1, 0, 0, prepare_case}, /* STABLEHLO_CASE */
};

/* The custom kernels BuiltinOpResolver registers (AddCustom, version 1). */
static const ap__lrt_kernel customs[] = {
    {-1, "NumericVerify", 1, 1, 0, 0, prepare_numeric_verify},
    {-1, "Mfcc", 1, 1, 0, 0, NULL},
    {-1, "AudioSpectrogram", 1, 1, 0, 0, NULL},
    {-1, "TFLite_Detection_PostProcess", 1, 1, 0, 2, prepare_detection},
    {-1, "aeq.hadamard_rotation", 1, 1, 0, 0, NULL},
};

/* The operators whose options InterpreterBuilder's parse (core/api/flatbuffer_conversions.cc)
 * refuses, failing the build: the StableHLO ones with required builtin_options_2 fields. */
ap_status ap__builtins_parse(const ap_tfl_model *m, const ap_tfl_operator *op, uint32_t i,
                             uint32_t sg, ap_error *err)
{
    const char *why = NULL;
    int64_t v[1];
    switch (op->builtin) {
    case AP_TFL_OP_STABLEHLO_REDUCE_WINDOW: { /* ParseStablehloReduceWindow */
        int64_t n = ap_tflite_option_vector(m, op, 2, 0, 8, v, 1), f, k;
        if (op->options2_type != 13)
            why = "no StablehloReduceWindowOptions";
        else if (n <= 0)
            why = "no window_dimensions";
        else if (n > 8)
            why = "window_dimensions has more than 8 entries";
        for (f = 1; !why && f <= 4; f++)
            if ((k = ap_tflite_option_vector(m, op, 2, (unsigned)f, 8, v, 1)) > 0 &&
                k != (f == 4 ? 2 * n : n))
                why = "an option's length differs from window_dimensions'";
        break;
    }
    case 206: /* STABLEHLO_COMPOSITE, ParseStablehloComposite */
        if (op->options2_type != 21)
            why = "no StableHLOCompositeOptions";
        else if (ap_tflite_option_vector(m, op, 2, 0, 1, v, 1) < 0)
            why = "its options lack the required name";
        else if (ap_tflite_option_vector(m, op, 2, 2, 1, v, 1) < 0)
            why = "its options lack the required composite_attributes";
        break;
    case 209: /* STABLEHLO_CASE, ParseStablehloCase */
        if (op->options2_type != 23 || ap_tflite_option_vector(m, op, 2, 0, 4, v, 1) < 0)
            why = "no branch_subgraph_indices";
        else if (ap_tflite_option_vector(m, op, 2, 0, 4, v, 1) > 20)
            why = "more than 20 branches";
        break;
    default:
        break;
    }
    if (!why)
        return AP_OK;
    return ap_error_set(err, AP_ERR_INPUT, "TFLite cannot build the model: operator %u (%s) of "
                        "subgraph %u: %s", i, ap__subgraph_op_name(op), sg, why);
}

uint32_t ap__builtins_init_tensors(const ap__lrt_kernel *k, const ap_tfl_model *m,
                                   const ap_tfl_operator *op)
{
    int64_t type;
    /* LSTMOptions field 3, kernel_type: FULL (0, the default) or BASIC (1) */
    if (k->builtin == AP_TFL_OP_LSTM && ap_tflite_option_scalar(m, op, 1, 3, 1, 0, &type) &&
        type == 1)
        return 0;
    return k->init_tensors;
}

const ap__lrt_kernel *ap__builtins_find(const ap_tfl_operator *op)
{
    size_t k;
    if (op->builtin == AP_TFL_OP_CUSTOM) {
        for (k = 0; op->custom_code && k < sizeof customs / sizeof customs[0]; k++)
            if (strcmp(customs[k].custom, op->custom_code) == 0)
                return &customs[k];
        return NULL;
    }
    for (k = 0; k < sizeof kernels / sizeof kernels[0]; k++)
        if (kernels[k].builtin == op->builtin)
            return &kernels[k];
    return NULL;
}
