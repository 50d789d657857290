/*
 * walk.c - how TFLM's reference kernels walk memory, and how far an operator's output may
 * reach into its dying input under that walk (walk.h; docs/overlap.md explains the model).
 *
 * The reference kernels of CONV_2D, DEPTHWISE_CONV_2D, AVERAGE_POOL_2D and MAX_POOL_2D
 * (tensorflow/lite/kernels/internal/reference/{,integer_ops/}conv.h, depthwise_conv.h,
 * depthwiseconv_float.h, pooling.h) loop over batch, out_y, out_x, then output channels, so
 * they write the output in address order; each output element reads its whole window of input
 * before it is written. Put the output at d = offset(out) - offset(in). Element j is written to
 * [d + j*es_out, d + (j+1)*es_out); that is harmless exactly when it stays below r(k), the
 * lowest input byte any later element k > j reads (or misses the input). The smallest d that
 * breaks this is min over j < k of r(k) - j*es_out - es_out + 1, and since j*es_out grows
 * with j, the worst j for a given k is k - 1: every d <= min over k >= 1 of r(k) - k*es_out is
 * safe, and that value plus one is not. r(k) is the window's first valid tap (padding skips
 * taps outside the image) in its lowest channel, so the minimum over one output pixel's
 * channels is reached at the first or last channel group (the term is linear in the group):
 * one evaluation per output pixel. PAD (pad.h) copies input elements in order into the
 * output's interior, element-wise operators and SOFTMAX (softmax.h, row by row) read element
 * i last before they write element i: closed forms below. tests/test_overlap.c holds all of
 * this equal to a literal byte-by-byte simulation of the loop nests on thousands of shapes.
 */
#include <string.h>

#include "arenaplan/problem.h"
#include "core/util.h"
#include "tflm/walk.h"
#include "tflm_kernels/padding.h"

/* ---- The closed form ------------------------------------------------------------------------ */

/* The first valid tap along one axis: the smallest k in [0, taps) with
 * 0 <= origin + dil * k < size, as a coordinate; -1 when no tap is inside. */
static int64_t first_coord(int64_t origin, int64_t dil, int64_t taps, int64_t size)
{
    int64_t k = 0;
    if (origin < 0)
        k = (-origin + dil - 1) / dil;
    if (k >= taps || origin + dil * k >= size)
        return -1;
    return origin + dil * k;
}

/* The lowest input channel that output channel oc reads. */
static int64_t ic_of(const ap__walk *w, int64_t oc)
{
    switch (w->kind) {
    case AP__WALK_CONV: {
        int64_t groups = w->in_c / w->filter_in_c, per_group = w->out_c / groups;
        return (oc / per_group) * w->filter_in_c;
    }
    case AP__WALK_DEPTHWISE:
        return oc / w->depth_mult;
    default:
        return oc;
    }
}

int64_t ap__walk_max_delta(const ap__walk *w)
{
    int64_t best = AP__UNCONSTRAINED;
    if (w->kind == AP__WALK_ELEMENTWISE) {
        /* r(k) = k * es_in */
        int64_t step = w->es_in - w->es_out;
        if (w->elements < 2)
            return best;
        return ap__min64(step, (w->elements - 1) * step);
    }
    if (w->kind == AP__WALK_PAD) {
        /* Output element k copies input element q(k) = (interior elements before k), so
           r(k) - k*es = es * (q(k) - k) = -es * (padding elements before k): it falls with k,
           and the minimum is at the last interior element. */
        int64_t n_in = 1, last = 0;
        for (int d = 0; d < AP__PAD_DIMS; d++) {
            n_in *= w->pad_in[d];
            last = last * w->pad_out[d] + w->pad_left[d] + w->pad_in[d] - 1;
        }
        if (n_in == 0 || last < 1)
            return best;
        return w->es_in * (n_in - 1 - last);
    }
    /* The candidate output channels per pixel: the last channel of the first and of the last
     * group that shares a lowest input channel (the term is linear in the group index). */
    int64_t cand[2];
    switch (w->kind) {
    case AP__WALK_CONV: {
        int64_t groups = w->in_c / w->filter_in_c, per_group = w->out_c / groups;
        cand[0] = per_group - 1;
        cand[1] = w->out_c - 1;
        break;
    }
    case AP__WALK_DEPTHWISE:
        cand[0] = w->depth_mult - 1;
        cand[1] = w->out_c - 1;
        break;
    default:
        cand[0] = 0;
        cand[1] = w->out_c - 1;
        break;
    }
    for (int64_t b = 0; b < w->batches; b++) {
        for (int64_t oy = 0; oy < w->out_h; oy++) {
            int64_t iy = first_coord(oy * w->stride_h - w->pad_h, w->dil_h, w->filter_h, w->in_h);
            if (iy < 0)
                continue; /* the whole row of outputs reads nothing */
            for (int64_t ox = 0; ox < w->out_w; ox++) {
                int64_t ix = first_coord(ox * w->stride_w - w->pad_w, w->dil_w, w->filter_w,
                                         w->in_w);
                if (ix < 0)
                    continue;
                int64_t pix = (b * w->in_h + iy) * w->in_w + ix;
                int64_t P = (b * w->out_h + oy) * w->out_w + ox;
                int64_t base = pix * w->in_c * w->es_in - P * w->out_c * w->es_out;
                if (P == 0) {
                    /* element 0 itself has no earlier write: every other channel counts */
                    for (int64_t oc = 1; oc < w->out_c; oc++)
                        best = ap__min64(best, base + ic_of(w, oc) * w->es_in - oc * w->es_out);
                    continue;
                }
                for (int k = 0; k < 2; k++)
                    best = ap__min64(best,
                                     base + ic_of(w, cand[k]) * w->es_in - cand[k] * w->es_out);
            }
        }
    }
    return best;
}

uint64_t ap__walk_cost(const ap__walk *w)
{
    int64_t px;
    if (w->kind == AP__WALK_ELEMENTWISE || w->kind == AP__WALK_PAD)
        return 1;
    if (w->batches <= 0 || w->out_h <= 0 || w->out_w <= 0)
        return 1;
    /* every pixel, and pixel 0 channel by channel */
    if (ap__mul_ovf(w->batches, w->out_h, &px) || ap__mul_ovf(px, w->out_w, &px) ||
        ap__add_ovf(px, ap__max64(w->out_c, 0), &px))
        return UINT64_MAX;
    return (uint64_t)px;
}

/* ---- Operators and their kernels ------------------------------------------------------------ */

int ap__walk_elementwise(int32_t code)
{
    switch (code) {
    case AP_TFL_OP_ADD:
    case AP_TFL_OP_SUB:
    case AP_TFL_OP_MUL:
        return 2;
    case AP_TFL_OP_RELU:
    case AP_TFL_OP_RELU6:
    case AP_TFL_OP_LOGISTIC:
    case AP_TFL_OP_TANH:
    case AP_TFL_OP_LEAKY_RELU:
    case AP_TFL_OP_HARD_SWISH:
    case AP_TFL_OP_QUANTIZE:
    case AP_TFL_OP_DEQUANTIZE:
    case AP_TFL_OP_SOFTMAX:
        return 1;
    default:
        return 0;
    }
}

static const ap_tfl_tensor *tensor_at(const ap_tfl_subgraph *g, int32_t i)
{
    return i >= 0 && (uint32_t)i < g->n_tensors ? &g->tensors[i] : NULL;
}

/* Element size of a type TFLM's reference kernels handle for these operators. */
static int64_t kernel_es(int type)
{
    switch (type) {
    case AP_TFL_FLOAT32:
    case AP_TFL_INT32:
        return 4;
    case AP_TFL_INT16:
        return 2;
    case AP_TFL_INT8:
    case AP_TFL_UINT8:
        return 1;
    default:
        return 0;
    }
}

static int same_shape(const ap_tfl_tensor *a, const ap_tfl_tensor *b)
{
    if (a->rank != b->rank)
        return 0;
    for (uint32_t i = 0; i < a->rank; i++)
        if (a->shape[i] != b->shape[i])
            return 0;
    return 1;
}

/* Conv, depthwise and pooling: NHWC tensors of rank 4, one type in and out. */
static int spatial_walk(const ap_tfl_subgraph *g, const ap_tfl_operator *op, ap__walk *w)
{
    const ap_tfl_tensor *in = tensor_at(g, op->inputs[0]), *out = tensor_at(g, op->outputs[0]);
    const ap_tfl_tensor *f = NULL;
    int64_t oh, ow;
    if (!in || !out || in->rank != 4 || out->rank != 4 || in->type != out->type)
        return 0;
    if (in->type != AP_TFL_FLOAT32 && in->type != AP_TFL_INT8 && in->type != AP_TFL_INT16)
        return 0;
    memset(w, 0, sizeof *w);
    w->batches = in->shape[0];
    w->in_h = in->shape[1], w->in_w = in->shape[2], w->in_c = in->shape[3];
    w->out_h = out->shape[1], w->out_w = out->shape[2], w->out_c = out->shape[3];
    w->es_in = w->es_out = kernel_es(in->type);
    w->stride_h = op->opt.stride_h, w->stride_w = op->opt.stride_w;
    w->dil_h = w->dil_w = 1;
    if (out->shape[0] != in->shape[0] || w->in_c <= 0 || w->out_c <= 0)
        return 0;
    if (op->builtin == AP_TFL_OP_CONV_2D || op->builtin == AP_TFL_OP_DEPTHWISE_CONV_2D) {
        if (op->n_inputs < 2 || !(f = tensor_at(g, op->inputs[1])) || f->rank != 4)
            return 0;
        w->filter_h = f->shape[1], w->filter_w = f->shape[2];
        w->dil_h = op->opt.dilation_h, w->dil_w = op->opt.dilation_w;
    }
    switch (op->builtin) {
    case AP_TFL_OP_CONV_2D:
        w->kind = AP__WALK_CONV;
        w->filter_in_c = f->shape[3];
        if (f->shape[0] != w->out_c || w->filter_in_c <= 0 || w->in_c % w->filter_in_c != 0 ||
            w->out_c % (w->in_c / w->filter_in_c) != 0)
            return 0;
        break;
    case AP_TFL_OP_DEPTHWISE_CONV_2D:
        w->kind = AP__WALK_DEPTHWISE;
        w->depth_mult = op->opt.depth_multiplier;
        if (f->shape[3] != w->out_c || w->depth_mult <= 0 || w->in_c * w->depth_mult != w->out_c)
            return 0;
        break;
    case AP_TFL_OP_AVERAGE_POOL_2D:
    case AP_TFL_OP_MAX_POOL_2D:
        w->kind = AP__WALK_POOL;
        w->filter_h = op->opt.filter_h, w->filter_w = op->opt.filter_w;
        if (w->in_c != w->out_c)
            return 0;
        break;
    default:
        return 0;
    }
    /* TFLM computes the padding from its own output size; a model whose output tensor has
     * another size is not one the kernel was prepared for: no rule. */
    if (!ap__padding_of(op->opt.padding, w->in_h, w->filter_h, w->stride_h, w->dil_h, &oh,
                          &w->pad_h) ||
        !ap__padding_of(op->opt.padding, w->in_w, w->filter_w, w->stride_w, w->dil_w, &ow,
                          &w->pad_w) ||
        oh != w->out_h || ow != w->out_w)
        return 0;
    return w->batches > 0 && w->out_h > 0 && w->out_w > 0;
}

/* Reads element i of a constant int32 or int64 tensor's data; 0 when it has none there. */
static int const_int(const ap_tfl_model *m, const ap_tfl_tensor *t, int64_t i, int64_t *v)
{
    const ap_tfl_buffer *b;
    int64_t es = t->type == AP_TFL_INT32 ? 4 : t->type == AP_TFL_INT64 ? 8 : 0;
    uint64_t x = 0;
    if (!es || !t->is_constant || t->buffer >= m->n_buffers || i < 0 || i >= t->elements)
        return 0;
    b = &m->buffers[t->buffer];
    if (!b->data_pos || b->data_len < (size_t)((i + 1) * es) || b->data_pos > m->len ||
        m->len - b->data_pos < b->data_len)
        return 0;
    for (int k = (int)es - 1; k >= 0; k--)
        x = (x << 8) | m->data[b->data_pos + (size_t)(i * es) + (size_t)k];
    *v = es == 4 ? (int64_t)(int32_t)(uint32_t)x : (int64_t)x;
    return 1;
}

/* PAD and PADV2 (TFLM's pad.cc and reference PadImpl): the paddings are a constant
 * [rank, 2] tensor; the output's shape is the input's plus both paddings. */
static int pad_walk(const ap_tfl_model *m, const ap_tfl_subgraph *g, const ap_tfl_operator *op,
                    ap__walk *w)
{
    const ap_tfl_tensor *in = tensor_at(g, op->inputs[0]), *out = tensor_at(g, op->outputs[0]);
    const ap_tfl_tensor *pads = op->n_inputs >= 2 ? tensor_at(g, op->inputs[1]) : NULL;
    if (!in || !out || !pads || in->type != out->type || in->rank != out->rank ||
        in->rank > AP__PAD_DIMS || pads->elements != 2 * (int64_t)in->rank ||
        (w->es_in = kernel_es(in->type)) == 0)
        return 0;
    for (uint32_t k = 1; k < op->n_inputs; k++)
        if (op->inputs[k] == op->inputs[0])
            return 0;
    w->kind = AP__WALK_PAD;
    w->es_out = w->es_in;
    for (int d = 0; d < AP__PAD_DIMS; d++)
        w->pad_out[d] = w->pad_in[d] = 1, w->pad_left[d] = 0;
    for (uint32_t d = 0; d < in->rank; d++) {
        int64_t lo, hi;
        int e = AP__PAD_DIMS - (int)in->rank + (int)d;
        if (!const_int(m, pads, 2 * (int64_t)d, &lo) || !const_int(m, pads, 2 * (int64_t)d + 1, &hi) ||
            lo < 0 || hi < 0 || lo > AP_MAX_VALUE || hi > AP_MAX_VALUE ||
            in->shape[d] + lo + hi != out->shape[d])
            return 0;
        w->pad_in[e] = in->shape[d];
        w->pad_out[e] = out->shape[d];
        w->pad_left[e] = lo;
    }
    return 1;
}

int ap__walk_of(const ap_tfl_model *m, const ap_tfl_subgraph *g, const ap_tfl_operator *op,
                uint32_t slot, ap__walk *w)
{
    int arity = ap__walk_elementwise(op->builtin);
    if (op->n_outputs < 1 || slot >= op->n_inputs || op->inputs[slot] < 0)
        return 0;
    if (op->builtin == AP_TFL_OP_PAD || op->builtin == AP_TFL_OP_PADV2) {
        memset(w, 0, sizeof *w);
        return slot == 0 && pad_walk(m, g, op, w);
    }
    if (arity == 0)
        return slot == 0 && spatial_walk(g, op, w);
    const ap_tfl_tensor *in = tensor_at(g, op->inputs[slot]), *out = tensor_at(g, op->outputs[0]);
    if (!in || !out || (arity == 2 && op->n_inputs < 2) || in->elements != out->elements)
        return 0;
    if (arity == 2) {
        /* ADD, SUB, MUL broadcast unless both inputs have the output's shape */
        for (uint32_t k = 0; k < 2; k++) {
            const ap_tfl_tensor *x = tensor_at(g, op->inputs[k]);
            if (!x || !same_shape(x, out) || x->type != out->type)
                return 0;
        }
    }
    memset(w, 0, sizeof *w);
    w->kind = AP__WALK_ELEMENTWISE;
    w->elements = out->elements;
    w->es_in = kernel_es(in->type);
    w->es_out = kernel_es(out->type);
    return w->es_in > 0 && w->es_out > 0;
}
