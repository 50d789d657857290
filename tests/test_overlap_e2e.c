/*
 * test_overlap_e2e.c - whole models run in planned arenas.
 *
 * A small interpreter runs every operator of a model with the reference loops of
 * tests/kernels/ref_kernels.h (TFLM's loop order; random weights, random input) twice: once
 * with every tensor in a buffer of its own (no sharing at all), once inside one arena at the
 * offsets of a plan made with the in-place and overlap rules (and proved by the checker).
 * After each operator its output must be bit-identical in both runs. person_detect runs with
 * every strategy; every other corpus model whose operators the interpreter knows runs too.
 * Reordered models (reorder.h) run in their new order against the stored one.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "arenaplan/embed.h"
#include "arenaplan/patch.h"
#include "arenaplan/reorder.h"
#include "arenaplan/tflite.h"
#include "arenaplan/tflm.h"
#include "kernels/ref_kernels.h"
#include "test_mobilenet_fbb.h"
#include "testutil.h"

static uint64_t rng_state = 0x243f6a8885a308d3u;

static uint64_t rnd(void)
{
    return ap__rand(&rng_state);
}

/* TFLM's padding rule (ComputePaddingHeightWidth), written here on its own. */
static int t_pad(int32_t padding, int64_t in, int64_t f, int64_t s, int64_t dil, int64_t out,
                 int64_t *pad)
{
    int64_t eff = (f - 1) * dil + 1, o;
    if (s <= 0 || (padding != 0 && padding != 1))
        return 0;
    o = padding == 0 ? (in + s - 1) / s : (in + s - eff) / s;
    if (o != out)
        return 0;
    int64_t total = (o - 1) * s + eff - in;
    *pad = total > 0 ? total / 2 : 0;
    return 1;
}

typedef struct model_run {
    const ap_tfl_model *m;
    const ap_tfl_subgraph *g;
    unsigned char **sep;   /* per tensor: its own buffer (non-constants) */
    unsigned char *arena;
    int64_t arena_size;
    int64_t *off;          /* per tensor: offset in the arena, or -1 (not planned) */
} model_run;

static int is_float_type(int t)
{
    return t == AP_TFL_FLOAT32;
}

static int64_t es_of(int t)
{
    return t == AP_TFL_FLOAT32 ? 4 : t == AP_TFL_INT8 ? 1 : 0;
}

/* A constant int32 element of the model (PAD's paddings). */
static int const_i32(const ap_tfl_model *m, const ap_tfl_tensor *t, int64_t i, int64_t *v)
{
    const ap_tfl_buffer *b = &m->buffers[t->buffer];
    if (t->type != AP_TFL_INT32 || !b->data_pos || b->data_len < (size_t)(4 * (i + 1)))
        return 0;
    const unsigned char *p = m->data + b->data_pos + 4 * i;
    *v = (int32_t)((uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
                   (uint32_t)p[3] << 24);
    return 1;
}

typedef struct op_weights {
    int8_t *wq;
    int32_t *bq;
    float *wf, *bf;
} op_weights;

/* Describes operator op as a kop, with fresh random weights; 0 when the interpreter does not
 * know the operator or its types. */
static int describe_op(const model_run *r, const ap_tfl_operator *op, kop *k, op_weights *w)
{
    const ap_tfl_subgraph *g = r->g;
    const ap_tfl_tensor *in, *out;
    memset(k, 0, sizeof *k);
    memset(w, 0, sizeof *w);
    if (op->n_inputs < 1 || op->n_outputs != 1 || op->inputs[0] < 0)
        return 0;
    in = &g->tensors[op->inputs[0]];
    out = &g->tensors[op->outputs[0]];
    if (!es_of(in->type) || !es_of(out->type))
        return 0;
    k->is_float = is_float_type(in->type);
    k->es_in = es_of(in->type);
    k->es_out = es_of(out->type);
    if (in->type != out->type) {
        /* QUANTIZE float -> int8, DEQUANTIZE int8 -> float */
        if (op->builtin != 114 && op->builtin != 6)
            return 0;
        k->kind = K_UNARY;
        k->out_type = is_float_type(out->type) ? 2 : 1;
        k->n = in->elements;
        return 1;
    }
    k->in_zp = 3;
    k->out_zp = -2;
    switch (op->builtin) {
    case AP_TFL_OP_CONV_2D:
    case AP_TFL_OP_DEPTHWISE_CONV_2D:
    case AP_TFL_OP_AVERAGE_POOL_2D:
    case AP_TFL_OP_MAX_POOL_2D: {
        if (in->rank != 4 || out->rank != 4)
            return 0;
        k->b = in->shape[0], k->ih = in->shape[1], k->iw = in->shape[2], k->ic = in->shape[3];
        k->oh = out->shape[1], k->ow = out->shape[2], k->oc = out->shape[3];
        k->sh = op->opt.stride_h, k->sw = op->opt.stride_w;
        k->dh = k->dw = 1;
        if (op->builtin == AP_TFL_OP_AVERAGE_POOL_2D || op->builtin == AP_TFL_OP_MAX_POOL_2D) {
            k->kind = op->builtin == AP_TFL_OP_MAX_POOL_2D ? K_MAXPOOL : K_AVGPOOL;
            k->fh = op->opt.filter_h, k->fw = op->opt.filter_w;
        } else {
            const ap_tfl_tensor *f = &g->tensors[op->inputs[1]];
            k->fh = f->shape[1], k->fw = f->shape[2];
            k->dh = op->opt.dilation_h, k->dw = op->opt.dilation_w;
            if (op->builtin == AP_TFL_OP_CONV_2D) {
                k->kind = K_CONV;
                k->fic = f->shape[3];
            } else {
                k->kind = K_DW;
                k->dm = op->opt.depth_multiplier;
            }
            int64_t nw = k->kind == K_CONV ? k->oc * k->fh * k->fw * k->fic : k->fh * k->fw * k->oc;
            w->wq = malloc((size_t)nw);
            w->wf = malloc((size_t)nw * sizeof *w->wf);
            w->bq = malloc((size_t)k->oc * sizeof *w->bq);
            w->bf = malloc((size_t)k->oc * sizeof *w->bf);
            for (int64_t i = 0; i < nw; i++) {
                w->wq[i] = (int8_t)rnd();
                w->wf[i] = (float)((int64_t)(rnd() % 201) - 100) / 400.f;
            }
            for (int64_t i = 0; i < k->oc; i++) {
                w->bq[i] = (int32_t)(rnd() % 2001) - 1000;
                w->bf[i] = (float)((int64_t)(rnd() % 201) - 100) / 50.f;
            }
            k->wq = w->wq, k->bq = w->bq, k->wf = w->wf, k->bf = w->bf;
        }
        return t_pad(op->opt.padding, k->ih, k->fh, k->sh, k->dh, k->oh, &k->ph) &&
               t_pad(op->opt.padding, k->iw, k->fw, k->sw, k->dw, k->ow, &k->pw);
    }
    case 34: { /* PAD */
        const ap_tfl_tensor *pd = &g->tensors[op->inputs[1]];
        k->kind = K_PAD;
        for (int d = 0; d < 5; d++)
            k->pin[d] = k->pout[d] = 1, k->pleft[d] = 0;
        for (uint32_t d = 0; d < in->rank; d++) {
            int e = 5 - (int)in->rank + (int)d;
            if (!const_i32(r->m, pd, 2 * (int64_t)d, &k->pleft[e]))
                return 0;
            k->pin[e] = in->shape[d];
            k->pout[e] = out->shape[d];
        }
        return in->rank <= 5;
    }
    case AP_TFL_OP_RESHAPE:
    case 43: /* SQUEEZE */
        k->kind = K_RESHAPE;
        k->n = in->elements;
        return 1;
    case AP_TFL_OP_SOFTMAX:
        k->kind = K_SOFTMAX;
        k->n = in->elements;
        k->depth = in->rank ? in->shape[in->rank - 1] : 1;
        return k->depth > 0;
    case AP_TFL_OP_ADD:
        if (op->n_inputs != 2 || g->tensors[op->inputs[1]].elements != in->elements)
            return 0;
        k->kind = K_ADD;
        k->n = in->elements;
        return 1;
    case 19: /* RELU */
    case 21: /* RELU6 */
    case 14: /* LOGISTIC */
    case 28: /* TANH */
    case 98: /* LEAKY_RELU */
    case 114: /* QUANTIZE (same type here) */
        k->kind = K_UNARY;
        k->n = in->elements;
        return 1;
    default:
        return 0;
    }
}

static void free_weights(op_weights *w)
{
    free(w->wq);
    free(w->bq);
    free(w->wf);
    free(w->bf);
}

/* ---- operators the rules do not model ---------------------------------------------------------
 * Their outputs never share bytes with their inputs, so only their results matter, not their
 * loop order: plain loops over int8 or float elements. */

enum { X_FC = 1, X_TRANSPOSE, X_MEAN, X_CONCAT, X_PRELU, X_RESIZE, X_SLICE };

static double x_load(const unsigned char *p, int type, int64_t i)
{
    return k_load(p, is_float_type(type), i);
}

static void x_store(unsigned char *p, int type, int64_t i, double v)
{
    if (is_float_type(type)) {
        float f = (float)v;
        memcpy(p + 4 * i, &f, 4);
    } else {
        uint32_t h = (uint32_t)(int64_t)(v != v ? 0 : v > 1e9 ? 1e9 : v < -1e9 ? -1e9 : v);
        p[i] = (unsigned char)((h * 2654435761u) >> 24);
    }
}

/* STRIDED_SLICE (or SLICE: begin and size, stride 1) over the input's dimensions: the first
 * index, the stride and the count per dimension (a shrunk dimension counts 1); 0 when the
 * slice is not one this runs. */
static int slice_plan(const model_run *r, const ap_tfl_operator *op, int64_t *start,
                      int64_t *step, int64_t *count)
{
    const ap_tfl_subgraph *g = r->g;
    const ap_tfl_tensor *in = &g->tensors[op->inputs[0]], *out = &g->tensors[op->outputs[0]];
    int64_t total = 1;
    if (op->builtin == AP_TFL_OP_SLICE) {
        if (op->n_inputs != 3 || in->rank > 6 || op->inputs[1] < 0 || op->inputs[2] < 0)
            return 0;
        for (uint32_t d = 0; d < in->rank; d++) {
            int64_t b, n;
            if (!const_i32(r->m, &g->tensors[op->inputs[1]], d, &b) ||
                !const_i32(r->m, &g->tensors[op->inputs[2]], d, &n))
                return 0;
            if (n == -1)
                n = in->shape[d] - b;
            if (b < 0 || n < 0 || b + n > in->shape[d])
                return 0;
            start[d] = b, step[d] = 1, count[d] = n;
            total *= n;
        }
        return total == out->elements;
    }
    if (op->n_inputs != 4 || in->rank > 6 || op->opt.ellipsis_mask || op->opt.new_axis_mask ||
        op->opt.offset)
        return 0;
    for (uint32_t d = 0; d < in->rank; d++) {
        int64_t b, e, st, dim = in->shape[d];
        if (op->inputs[1] < 0 || op->inputs[2] < 0 || op->inputs[3] < 0 ||
            !const_i32(r->m, &g->tensors[op->inputs[1]], d, &b) ||
            !const_i32(r->m, &g->tensors[op->inputs[2]], d, &e) ||
            !const_i32(r->m, &g->tensors[op->inputs[3]], d, &st) || st == 0)
            return 0;
        if (b < 0)
            b += dim;
        if (e < 0)
            e += dim;
        if (op->opt.begin_mask >> d & 1)
            b = st > 0 ? 0 : dim - 1;
        if (op->opt.end_mask >> d & 1)
            e = st > 0 ? dim : -1;
        b = st > 0 ? (b < 0 ? 0 : b > dim ? dim : b) : (b < -1 ? -1 : b > dim - 1 ? dim - 1 : b);
        e = st > 0 ? (e < 0 ? 0 : e > dim ? dim : e) : (e < -1 ? -1 : e > dim - 1 ? dim - 1 : e);
        start[d] = b;
        step[d] = st;
        if (op->opt.shrink_axis_mask >> d & 1)
            count[d] = 1;
        else if (st > 0)
            count[d] = e > b ? (e - b + st - 1) / st : 0;
        else
            count[d] = b > e ? (b - e - st - 1) / -st : 0;
        total *= count[d];
    }
    return total == out->elements;
}

static int extra_kind(const model_run *r, const ap_tfl_operator *op)
{
    const ap_tfl_subgraph *g = r->g;
    if (op->n_outputs != 1 || op->n_inputs < 1 || op->inputs[0] < 0)
        return 0;
    const ap_tfl_tensor *in = &g->tensors[op->inputs[0]], *out = &g->tensors[op->outputs[0]];
    if (!es_of(out->type) || (op->builtin != AP_TFL_OP_CONCATENATION && in->type != out->type))
        return 0;
    switch (op->builtin) {
    case AP_TFL_OP_FULLY_CONNECTED:
        return op->n_inputs >= 2 && op->inputs[1] >= 0 ? X_FC : 0;
    case 39: /* TRANSPOSE */
        return in->rank <= 6 && op->n_inputs >= 2 ? X_TRANSPOSE : 0;
    case AP_TFL_OP_MEAN:
        return in->rank <= 6 && op->n_inputs >= 2 ? X_MEAN : 0;
    case AP_TFL_OP_CONCATENATION:
        for (uint32_t k = 0; k < op->n_inputs; k++)
            if (op->inputs[k] < 0 || g->tensors[op->inputs[k]].type != out->type)
                return 0;
        return X_CONCAT;
    case 54: /* PRELU */
        return X_PRELU;
    case 97: /* RESIZE_NEAREST_NEIGHBOR */
        return in->rank == 4 && out->rank == 4 ? X_RESIZE : 0;
    case AP_TFL_OP_SLICE: /* constant begin and size */
    case 45: { /* STRIDED_SLICE: constant begin, end, strides; no ellipsis or new axes */
        int64_t start[6], step[6], count[6];
        return slice_plan(r, op, start, step, count) ? X_SLICE : 0;
    }
    default:
        return 0;
    }
}

/* Runs an unmodelled operator; ins[k] points at input k's bytes, out at the output's. */
static void run_extra(const model_run *r, const ap_tfl_operator *op, int kind,
                      unsigned char *const *ins, unsigned char *out)
{
    const ap_tfl_subgraph *g = r->g;
    const ap_tfl_tensor *in = &g->tensors[op->inputs[0]], *ot = &g->tensors[op->outputs[0]];
    int type = ot->type;
    switch (kind) {
    case X_FC: {
        const ap_tfl_tensor *f = &g->tensors[op->inputs[1]];
        int64_t depth = f->shape[f->rank - 1], units = f->shape[0];
        int64_t batches = depth ? in->elements / depth : 0;
        for (int64_t b = 0; b < batches; b++)
            for (int64_t u = 0; u < units; u++) {
                double acc = 0;
                for (int64_t d = 0; d < depth; d++)
                    acc += x_load(ins[0], in->type, b * depth + d) * (double)((u * 7 + d * 3) % 5 - 2);
                x_store(out, type, b * units + u, acc);
            }
        break;
    }
    case X_TRANSPOSE:
    case X_MEAN: {
        const ap_tfl_tensor *pt = &g->tensors[op->inputs[1]];
        int64_t rank = in->rank, idx[6] = {0}, param[6] = {0}, sums_n = ot->elements;
        double *sum = calloc((size_t)sums_n + 1, sizeof *sum);
        int64_t *cnt = calloc((size_t)sums_n + 1, sizeof *cnt);
        int reduce[6] = {0};
        for (int64_t k = 0; k < pt->elements && k < 6; k++) {
            assert_true(const_i32(r->m, pt, k, &param[k]));
            if (kind == X_MEAN)
                reduce[param[k] < 0 ? param[k] + rank : param[k]] = 1;
        }
        for (int64_t e = 0; e < in->elements; e++) {
            int64_t rem = e, o = 0;
            for (int64_t d = rank - 1; d >= 0; d--) {
                idx[d] = rem % in->shape[d];
                rem /= in->shape[d];
            }
            if (kind == X_TRANSPOSE) {
                /* output index i takes the input's dimension perm[i] */
                for (int64_t d = 0; d < rank; d++)
                    o = o * in->shape[param[d]] + idx[param[d]];
            } else {
                for (int64_t d = 0; d < rank; d++)
                    if (!reduce[d])
                        o = o * in->shape[d] + idx[d];
            }
            sum[o] += x_load(ins[0], in->type, e);
            cnt[o]++;
        }
        for (int64_t o = 0; o < sums_n; o++)
            x_store(out, type, o, cnt[o] ? sum[o] / (double)cnt[o] : 0);
        free(sum);
        free(cnt);
        break;
    }
    case X_CONCAT: {
        int64_t axis = op->opt.axis < 0 ? op->opt.axis + (int64_t)ot->rank : op->opt.axis, outer = 1,
                inner = 1, o = 0;
        for (int64_t d = 0; d < axis; d++)
            outer *= ot->shape[d];
        for (int64_t d = axis + 1; d < ot->rank; d++)
            inner *= ot->shape[d];
        for (int64_t a = 0; a < outer; a++)
            for (uint32_t k = 0; k < op->n_inputs; k++) {
                const ap_tfl_tensor *t = &g->tensors[op->inputs[k]];
                int64_t run = t->shape[axis] * inner;
                for (int64_t e = 0; e < run; e++)
                    x_store(out, type, o++, x_load(ins[k], t->type, a * run + e));
            }
        break;
    }
    case X_PRELU:
        for (int64_t e = 0; e < ot->elements; e++) {
            double v = x_load(ins[0], in->type, e);
            x_store(out, type, e, v > 0 ? v : v / 4);
        }
        break;
    case X_SLICE: {
        int64_t start[6], step[6], count[6], idx[6] = {0}, rank = in->rank;
        assert_true(slice_plan(r, op, start, step, count));
        for (int64_t o = 0; o < ot->elements; o++) {
            int64_t rem = o, src = 0;
            for (int64_t d = rank - 1; d >= 0; d--) {
                idx[d] = rem % count[d];
                rem /= count[d];
            }
            for (int64_t d = 0; d < rank; d++)
                src = src * in->shape[d] + start[d] + idx[d] * step[d];
            x_store(out, type, o, x_load(ins[0], in->type, src));
        }
        break;
    }
    case X_RESIZE:
        for (int64_t b = 0; b < ot->shape[0]; b++)
            for (int64_t y = 0; y < ot->shape[1]; y++)
                for (int64_t x = 0; x < ot->shape[2]; x++)
                    for (int64_t c = 0; c < ot->shape[3]; c++) {
                        int64_t sy = y * in->shape[1] / ot->shape[1];
                        int64_t sx = x * in->shape[2] / ot->shape[2];
                        x_store(out, type, ((b * ot->shape[1] + y) * ot->shape[2] + x) * ot->shape[3] + c,
                                x_load(ins[0], in->type,
                                       ((b * in->shape[1] + sy) * in->shape[2] + sx) * in->shape[3] + c));
                    }
        break;
    }
}

/* Whether the interpreter knows every operator of subgraph 0 (and the model has only it). */
static int supported(const ap_tfl_model *m)
{
    model_run r = {m, &m->subgraphs[0], NULL, NULL, 0, NULL};
    if (m->n_subgraphs != 1)
        return 0;
    for (uint32_t i = 0; i < r.g->n_ops; i++) {
        kop k;
        op_weights w;
        int ok = describe_op(&r, &r.g->ops[i], &k, &w) || extra_kind(&r, &r.g->ops[i]);
        free_weights(&w);
        if (!ok)
            return 0;
    }
    return 1;
}

/* Where tensor t's bytes are: its own buffer, or (arena side) its planned place. Constants
 * are never planned and stay in their own buffer for both runs. */
static unsigned char *where(const model_run *r, int32_t t, int arena_side)
{
    return arena_side && r->off[t] >= 0 ? r->arena + r->off[t] : r->sep[t];
}

/* A buffer of its own for tensor t, filled from the generator (floats in [-2, 2]). */
static void fill_tensor(model_run *r, uint32_t t)
{
    const ap_tfl_tensor *tt = &r->g->tensors[t];
    r->off[t] = -1;
    r->sep[t] = malloc((size_t)(tt->elements * 4 + 1));
    for (int64_t i = 0; i < tt->elements * 4; i++)
        r->sep[t][i] = (unsigned char)rnd();
    if (is_float_type(tt->type))
        for (int64_t i = 0; i < tt->elements; i++) {
            float v = (float)((int64_t)(rnd() % 2001) - 1000) / 500.f;
            memcpy(r->sep[t] + 4 * i, &v, 4);
        }
}

/* Runs the model both ways under plan (of problem p) and compares after every operator.
 * Returns the number of operators run. */
static int run_both(const ap_tfl_model *m, const ap_problem *p, const ap_plan *plan,
                    const char *what)
{
    model_run r = {m, &m->subgraphs[0], NULL, NULL, plan->arena, NULL};
    const ap_tfl_subgraph *g = r.g;
    r.sep = calloc(g->n_tensors + 1, sizeof *r.sep);
    r.off = malloc((g->n_tensors + 1) * sizeof *r.off);
    r.arena = malloc((size_t)plan->arena + 1);
    for (size_t i = 0; i < (size_t)plan->arena; i++)
        r.arena[i] = (unsigned char)rnd();
    for (uint32_t t = 0; t < g->n_tensors; t++)
        fill_tensor(&r, t);
    for (size_t i = 0; i < p->n; i++)
        if (p->buf[i].subgraph == 0 && p->buf[i].tensor >= 0)
            r.off[p->buf[i].tensor] = plan->offset[i];
    /* the model's inputs: the same values in both places */
    for (uint32_t k = 0; k < g->n_inputs; k++) {
        int32_t t = g->inputs[k];
        int64_t bytes = g->tensors[t].elements * es_of(g->tensors[t].type);
        assert_true(r.off[t] >= 0);
        memcpy(r.arena + r.off[t], r.sep[t], (size_t)bytes);
    }
    for (uint32_t i = 0; i < g->n_ops; i++) {
        const ap_tfl_operator *op = &g->ops[i];
        int32_t to = op->outputs[0];
        int64_t ob = g->tensors[to].elements * es_of(g->tensors[to].type);
        kop k;
        op_weights w;
        assert_true(r.off[to] >= 0);
        if (describe_op(&r, op, &k, &w)) {
            int32_t ti = op->inputs[0], t2 = k.kind == K_ADD ? op->inputs[1] : ti;
            int64_t ib = g->tensors[ti].elements * es_of(g->tensors[ti].type);
            if (k.kind == K_RESHAPE && r.off[ti] >= 0 && r.off[ti] != r.off[to])
                /* TFLM would memcpy: the two must not overlap partially */
                assert_true(r.off[to] + ob <= r.off[ti] || r.off[ti] + ib <= r.off[to]);
            k_exec(&k, where(&r, ti, 0), where(&r, t2, 0), where(&r, to, 0));
            k_exec(&k, where(&r, ti, 1), where(&r, t2, 1), where(&r, to, 1));
        } else {
            int kind = extra_kind(&r, op);
            unsigned char *ins0[16], *ins1[16];
            assert_true(kind != 0 && op->n_inputs <= 16);
            for (uint32_t q = 0; q < op->n_inputs; q++) {
                ins0[q] = op->inputs[q] >= 0 ? where(&r, op->inputs[q], 0) : NULL;
                ins1[q] = op->inputs[q] >= 0 ? where(&r, op->inputs[q], 1) : NULL;
            }
            run_extra(&r, op, kind, ins0, where(&r, to, 0));
            run_extra(&r, op, kind, ins1, where(&r, to, 1));
        }
        if (memcmp(r.sep[to], r.arena + r.off[to], (size_t)ob) != 0)
            fail_msg("%s: operator %u (%s) gives another output in the planned arena (output at "
                     "%lld)", what, i, op->name, (long long)r.off[to]);
        free_weights(&w);
    }
    for (uint32_t t = 0; t < g->n_tensors; t++)
        free(r.sep[t]);
    free(r.sep);
    free(r.off);
    free(r.arena);
    return (int)g->n_ops;
}

typedef struct loaded {
    unsigned char *data;
    size_t len;
    ap_tfl_model *m;
} loaded;

static void load_model(const char *path, loaded *l)
{
    ap_error err = {0};
    assert_int_equal(ap_read_file(path, (size_t)1 << 30, &l->data, &l->len, &err), AP_OK);
    assert_int_equal(ap_tflite_read(l->data, l->len, &l->m, &err), AP_OK);
}

static void unload_model(loaded *l)
{
    ap_tflite_free(l->m);
    free(l->data);
}

static ap_problem *problem_of(const loaded *l, const char *inplace, const char *overlap)
{
    ap_tflite_build_options lo;
    ap_problem *p = NULL;
    ap_error err = {0};
    ap_tflite_build_options_init(&lo);
    lo.inplace = (ap_tflm_inplace)tflm_set(AP_TFLM_SET_INPLACE, inplace);
    lo.overlap = (ap_tflm_overlap)tflm_set(AP_TFLM_SET_OVERLAP, overlap);
    if (ap_tflite_load_problem(l->data, l->len, "model", &lo, &p, &err) != AP_OK)
        fail_msg("%s", err.msg);
    return p;
}

/* MobileNetV1-0.25 (l) with every strategy and the overlap rules, greedy and best with three
 * more rule combinations: its first operator writes over the model's input, which dies there. */
static void network_in_planned_arenas(const loaded *l, const char *name)
{
    const char *rules[4][2] = {{NULL, "reference"}, {"elementwise", "reference"},
                               {"elementwise", NULL}, {"reshape", NULL}};
    const char *strategies[] = {"greedy", "bestfit-size", "bestfit-breadth", "firstfit-breadth",
                                "firstfit-start", "pingpong", "search", "best"};
    assert_true(supported(l->m));
    for (int r = 0; r < 4; r++) {
        ap_problem *p = problem_of(l, rules[r][0], rules[r][1]);
        for (size_t s = 0; s < sizeof strategies / sizeof strategies[0]; s++) {
            ap_plan plan;
            char what[128];
            /* every strategy with the overlap rules alone; greedy and best with the others */
            if (r > 0 && strcmp(strategies[s], "greedy") != 0 && strcmp(strategies[s], "best") != 0)
                continue;
            ap_plan_init(&plan);
            int64_t arena = plan_checked(p, strategies[s], &plan);
            snprintf(what, sizeof what, "%s, --inplace %s --overlap %s, %s", name,
                     rules[r][0] ? rules[r][0] : "none", rules[r][1] ? rules[r][1] : "none",
                     strategies[s]);
            assert_int_equal(run_both(l->m, p, &plan, what), 31);
            if (rules[r][1] && strcmp(strategies[s], "best") == 0)
                assert_int_equal(arena, 36880);
            ap_plan_free(&plan);
        }
        ap_problem_free(p);
    }
}

static void person_detect_in_planned_arenas(void **state)
{
    (void)state;
    loaded l;
    load_model(src_path("corpus/models/tflm/person_detect.tflite"), &l);
    network_in_planned_arenas(&l, "person_detect");
    unload_model(&l);
}

/* MLPerf Tiny's vww_96_int8 (held out; test_mobilenet_fbb.h builds its topology): a 96x96x3
 * input its first convolution overwrites as it goes, 36,880 bytes in all. */
static void vww_in_planned_arenas(void **state)
{
    (void)state;
    loaded l;
    ap_error err = {0};
    l.data = mobilenet_025(3, &l.len);
    assert_int_equal(ap_tflite_read(l.data, l.len, &l.m, &err), AP_OK);
    network_in_planned_arenas(&l, "vww_96_int8");
    unload_model(&l);
}

/* The same model patched (patch.h: operators 0-3 in a 4x4 grid of SLICE, PAD, the chain's
 * operators VALID and CONCATENATION) and planned with --overlap slices (the reference rules and
 * the dead-rows rule): tiles of the later row bands and the concatenated bands lie in rows of the
 * input no later SLICE reads. Every operator's output is the same in the planned arena; best's
 * head is the goal, at most 32,768 bytes (31,968). */
static void vww_patched_in_planned_arenas(void **state)
{
    (void)state;
    loaded l;
    ap_error err = {0};
    size_t len;
    unsigned char *orig = mobilenet_025_q(3, 1, &len);
    ap_patch_spec sp = {3, 4, 4};
    assert_int_equal(ap_tflite_patch_rewrite(orig, len, &sp, &l.data, &l.len, NULL, &err), AP_OK);
    free(orig);
    assert_int_equal(ap_tflite_read(l.data, l.len, &l.m, &err), AP_OK);
    assert_true(supported(l.m));
    const char *strategies[] = {"greedy", "best"};
    ap_problem *p = problem_of(&l, NULL, "slices");
    int dead_rows = 0;
    for (size_t i = 0; i < p->n_ovl; i++)
        dead_rows += p->ovl[i].why && strstr(p->ovl[i].why, "dead: only SLICEs read it") != NULL;
    assert_true(dead_rows > 0);
    for (size_t s = 0; s < 2; s++) {
        ap_plan plan;
        ap_plan_init(&plan);
        int64_t head = plan_checked(p, strategies[s], &plan);
        assert_int_equal(run_both(l.m, p, &plan, strategies[s]), (int)l.m->subgraphs[0].n_ops);
        if (s == 1)
            assert_int_equal(head, 31968);
        ap_plan_free(&plan);
    }
    ap_problem_free(p);
    unload_model(&l);
}

/* The same on every corpus model the interpreter can run. */
static void corpus_models_in_planned_arenas(void **state)
{
    (void)state;
    const char *dirs[] = {"corpus/models/tflm", "corpus/models/more", "corpus/models/seanet"};
    int models = 0, with_allowances = 0;
    for (size_t d = 0; d < 3; d++) {
        const char *dir = src_path(dirs[d]);
        DIR *dp = opendir(dir);
        struct dirent *e;
        assert_non_null(dp);
        while ((e = readdir(dp))) {
            char path[512];
            size_t n = strlen(e->d_name);
            loaded l;
            if (n < 8 || strcmp(e->d_name + n - 7, ".tflite") != 0)
                continue;
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            load_model(path, &l);
            if (supported(l.m)) {
                ap_problem *p = problem_of(&l, "elementwise", "reference");
                ap_plan plan;
                ap_plan_init(&plan);
                plan_checked(p, "best", &plan);
                run_both(l.m, p, &plan, path);
                if (getenv("AP_TEST_VERBOSE"))
                    print_message("ran %s (%zu allowances, arena %lld)\n", e->d_name, p->n_ovl,
                                  (long long)plan.arena);
                models++;
                with_allowances += p->n_ovl > 0;
                ap_plan_free(&plan);
                ap_problem_free(p);
            }
            unload_model(&l);
        }
        closedir(dp);
    }
    print_message("ran %d corpus models in planned arenas, %d with allowances\n", models,
                  with_allowances);
    assert_true(models >= 15);
    assert_true(with_allowances >= 11);
}

/* embed writes an overlap plan into the model; TFLM keeps the embedded offsets and places the
 * rest: the model runs in that arena as without sharing, and the copy records its kernels. */
static void embedded_plans_run(void **state)
{
    (void)state;
    const char *models[] = {"corpus/models/tflm/person_detect.tflite",
                            "corpus/models/more/armex_ds_cnn_s_quantized.tflite",
                            "corpus/models/more/openmv_fomo_face_detection.tflite"};
    const int64_t heads[] = {36880, 9792, 115248};
    for (size_t i = 0; i < 3; i++) {
        loaded l, copy;
        ap_tflite_embed_options eo;
        ap_tflite_embed_result res;
        ap_error err = {0};
        load_model(src_path(models[i]), &l);
        ap_tflite_embed_options_init(&eo);
        eo.build.inplace = AP_TFLM_INPLACE_ELEMENTWISE;
        eo.build.overlap = AP_TFLM_OVERLAP_REFERENCE;
        if (ap_tflite_embed(l.data, l.len, models[i], &eo, &res, &err) != AP_OK)
            fail_msg("%s", err.msg);
        assert_int_equal(res.head, heads[i]);
        assert_int_equal(res.kernels_entry, 1);
        copy.data = res.data, copy.len = res.len;
        assert_int_equal(ap_tflite_read(copy.data, copy.len, &copy.m, &err), AP_OK);
        int found = 0;
        for (uint32_t k = 0; k < copy.m->n_metadata; k++)
            if (strcmp(copy.m->metadata[k].name, AP_TFL_KERNELS_NAME) == 0) {
                const ap_tfl_buffer *b = &copy.m->buffers[copy.m->metadata[k].buffer];
                for (size_t q = 0; q + 17 <= b->data_len; q++)
                    found |= memcmp(copy.data + b->data_pos + q, "overlap=reference", 17) == 0;
            }
        assert_true(found);
        /* TFLM's plan for the copy: the embedded offsets, proved against the rules */
        assert_int_equal(assert_valid_plan(res.problem, &res.tflm), heads[i]);
        assert_true(run_both(copy.m, res.problem, &res.tflm, models[i]) > 0);
        ap_tflite_free(copy.m);
        ap_tflite_embed_result_free(&res);
        unload_model(&l);
    }
}

/* ---- Reordered models compute what the stored order computes --------------------------------
 * The operators run in the model's own order; weights are drawn per operator from a generator
 * seeded by its output tensor, inputs per tensor from its index, so the same operator gets the
 * same weights whatever its position. */

/* Runs subgraph 0 of m, every tensor in a buffer of its own (plan NULL) or non-constant ones at
 * the plan's offsets in one arena; returns each tensor's bytes at the end (out[t], malloc'd,
 * NULL for tensors the plan shares), the caller frees them. */
static unsigned char **run_in_order(const ap_tfl_model *m, const ap_problem *p, const ap_plan *plan)
{
    model_run r = {m, &m->subgraphs[0], NULL, NULL, plan ? plan->arena : 0, NULL};
    const ap_tfl_subgraph *g = r.g;
    r.sep = calloc(g->n_tensors + 1, sizeof *r.sep);
    r.off = malloc((g->n_tensors + 1) * sizeof *r.off);
    r.arena = malloc((size_t)r.arena_size + 1);
    rng_state = 0x9e3779b97f4a7c15u;
    for (int64_t i = 0; i < r.arena_size; i++)
        r.arena[i] = (unsigned char)rnd();
    for (uint32_t t = 0; t < g->n_tensors; t++) {
        rng_state = 0x243f6a8885a308d3u ^ ((uint64_t)(t + 1) * 0x9e3779b97f4a7c15u);
        fill_tensor(&r, t);
    }
    for (size_t i = 0; plan && i < p->n; i++)
        if (p->buf[i].subgraph == 0 && p->buf[i].tensor >= 0)
            r.off[p->buf[i].tensor] = plan->offset[i];
    for (uint32_t k = 0; k < g->n_inputs; k++) {
        int32_t t = g->inputs[k];
        if (r.off[t] >= 0)
            memcpy(r.arena + r.off[t], r.sep[t],
                   (size_t)(g->tensors[t].elements * es_of(g->tensors[t].type)));
    }
    int side = plan != NULL;
    for (uint32_t i = 0; i < g->n_ops; i++) {
        const ap_tfl_operator *op = &g->ops[i];
        kop k;
        op_weights w;
        rng_state = 0x6a09e667f3bcc909u ^ ((uint64_t)(op->outputs[0] + 1) * 0xbf58476d1ce4e5b9u);
        if (describe_op(&r, op, &k, &w)) {
            int32_t ti = op->inputs[0], t2 = k.kind == K_ADD ? op->inputs[1] : ti;
            k_exec(&k, where(&r, ti, side), where(&r, t2, side), where(&r, op->outputs[0], side));
        } else {
            int kind = extra_kind(&r, op);
            unsigned char *ins[16];
            assert_true(kind != 0 && op->n_inputs <= 16);
            for (uint32_t q = 0; q < op->n_inputs; q++)
                ins[q] = op->inputs[q] >= 0 ? where(&r, op->inputs[q], side) : NULL;
            run_extra(&r, op, kind, ins, where(&r, op->outputs[0], side));
        }
        free_weights(&w);
    }
    unsigned char **out = calloc(g->n_tensors + 1, sizeof *out);
    for (uint32_t t = 0; t < g->n_tensors; t++) {
        int64_t bytes = g->tensors[t].elements * es_of(g->tensors[t].type);
        int output = 0;
        for (uint32_t k = 0; k < g->n_outputs; k++)
            output |= g->outputs[k] == (int32_t)t;
        if (!side || output || r.off[t] < 0) {
            out[t] = malloc((size_t)bytes + 1);
            memcpy(out[t], where(&r, (int32_t)t, side), (size_t)bytes);
        }
        free(r.sep[t]);
    }
    free(r.sep);
    free(r.off);
    free(r.arena);
    return out;
}

static void free_outputs(unsigned char **o, uint32_t n)
{
    for (uint32_t t = 0; t < n; t++)
        free(o[t]);
    free(o);
}

/* Every corpus model the interpreter runs, reordered: where operators move, every tensor ends
 * with the bytes it has in the stored order (separate buffers), and the model's outputs are the
 * same again when the reordered model runs in the arena best plans for it; elsewhere the copy
 * is the input. */
static void reordered_models_compute_the_same(void **state)
{
    (void)state;
    size_t npaths;
    char **paths = corpus_model_paths(&npaths);
    int models = 0, reordered = 0;
    for (size_t i = 0; i < npaths; i++) {
        const char *name = strrchr(paths[i], '/') + 1;
        loaded l, c;
        load_model(paths[i], &l);
        if (!supported(l.m)) {
            unload_model(&l);
            continue;
        }
        ap_tflite_reorder_output ro;
        ap_error err = {0};
        if (ap_tflite_reorder(l.data, l.len, paths[i], NULL, &ro, &err) != AP_OK)
            fail_msg("%s", err.msg);
        models++;
        if (!ro.found.moved) {
            /* nothing moves: the copy is the input, byte for byte */
            assert_int_equal(ro.len, l.len);
            assert_memory_equal(ro.data, l.data, l.len);
            ap_tflite_reorder_output_free(&ro);
            unload_model(&l);
            continue;
        }
        c.data = ro.data;
        c.len = ro.len;
        ro.data = NULL;
        assert_int_equal(ap_tflite_read(c.data, c.len, &c.m, &err), AP_OK);
        const ap_tfl_subgraph *g = &l.m->subgraphs[0];
        unsigned char **want = run_in_order(l.m, NULL, NULL);
        unsigned char **got = run_in_order(c.m, NULL, NULL);
        for (uint32_t t = 0; t < g->n_tensors; t++)
            if (memcmp(want[t], got[t],
                       (size_t)(g->tensors[t].elements * es_of(g->tensors[t].type))) != 0)
                fail_msg("%s reordered: tensor %u ends with other bytes", name, t);
        ap_problem *p = problem_of(&c, NULL, NULL);
        ap_plan plan;
        ap_plan_init(&plan);
        assert_int_equal(plan_checked(p, "best", &plan), ro.best_after);
        unsigned char **in_arena = run_in_order(c.m, p, &plan);
        for (uint32_t k = 0; k < g->n_outputs; k++) {
            int32_t t = g->outputs[k];
            if (memcmp(want[t], in_arena[t],
                       (size_t)(g->tensors[t].elements * es_of(g->tensors[t].type))) != 0)
                fail_msg("%s reordered, in best's arena: output %d differs", name, t);
        }
        reordered++;
        print_message("%s: %u operators moved, peak %lld -> %lld, outputs equal\n", name,
                      ro.found.moved, (long long)ro.found.peak_stored, (long long)ro.found.peak);
        free_outputs(want, g->n_tensors);
        free_outputs(got, g->n_tensors);
        free_outputs(in_arena, g->n_tensors);
        ap_plan_free(&plan);
        ap_problem_free(p);
        ap_tflite_reorder_output_free(&ro);
        unload_model(&c);
        unload_model(&l);
    }
    free_paths(paths, npaths);
    assert_int_equal(models, 16);
    assert_int_equal(reordered, 2); /* mltk_keyword_spotting_on_off_v3, mediapipe_hand_recrop */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(person_detect_in_planned_arenas),
        cmocka_unit_test(vww_in_planned_arenas),
        cmocka_unit_test(vww_patched_in_planned_arenas),
        cmocka_unit_test(corpus_models_in_planned_arenas),
        cmocka_unit_test(embedded_plans_run),
        cmocka_unit_test(reordered_models_compute_the_same),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
