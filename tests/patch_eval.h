/*
 * patch_eval.h - the tests' own evaluation of int8 models, for the operators a patched prefix
 * uses (test_patch.c): CONV_2D, DEPTHWISE_CONV_2D, AVERAGE_POOL_2D, MAX_POOL_2D with per-channel
 * requantization as TFLM's reference kernels do it (integer_ops/conv.h, depthwise_conv.h,
 * pooling.h; QuantizeMultiplier, MultiplyByQuantizedMultiplier, the activation ranges), PAD,
 * SLICE and CONCATENATION. CONV_2D and DEPTHWISE_CONV_2D also for int16 activations with int8
 * weights and int64 biases (16x8: a 64-bit accumulator, no input offset, the 64-bit
 * MultiplyByQuantizedMultiplier) and for float32 (a float sum over filter row, filter column and
 * input channel in that order, taps on implicit padding skipped, then the bias and the
 * activation's clamp); PAD, SLICE and CONCATENATION on every element size (PAD writes 0 for
 * int16, as TFLM's pad.cc without constant values, and 0.0 for float32). Written from the kernels' arithmetic, not from their code, and
 * sharing nothing with the library but the model reader: the patcher writes the model, this
 * runs it.
 *
 * Implicit padding (SAME) skips the window's taps outside the image, as the kernels do; PAD
 * writes its output's zero point. ev_run evaluates operators 0 .. n-1 of subgraph 0 in order
 * and keeps every tensor's values (int8, one byte per element), so a test compares the
 * prefix's output tensor of the original with the same tensor of the patched model.
 */
#ifndef AP_TEST_PATCH_EVAL_H
#define AP_TEST_PATCH_EVAL_H

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/schema.h"
#include "arenaplan/tflite.h"
#include "tflite/fb.h"

typedef struct ev_quant {
    float scale[1024];
    int64_t zp[1024];
    uint32_t n_scale, n_zp;
} ev_quant;

typedef struct ev_model {
    const ap_tfl_model *m;
    int8_t **v;        /* per tensor: its values as bytes (int8, int16 or float32 elements) */
    ev_quant *q;       /* per tensor */
    int failed;        /* an operator it cannot evaluate */
} ev_model;

/* The tensor's QuantizationParameters, read from the file. */
static void ev_read_quant(const ap_tfl_model *m, const ap_tfl_tensor *t, ev_quant *q)
{
    ap__fb fb = {m->data, m->len};
    ap__fb_table tt, qt;
    ap__fb_vec sv, zv;
    ap_error err = {0};
    int present = 0;
    memset(q, 0, sizeof *q);
    if (ap__fb_table_at(&fb, t->table_pos, "tensor", &tt, &err) != AP_OK ||
        ap__fb_get_table(&fb, &tt, AP_TFL_F_TENSOR_QUANTIZATION, "q", &present, &qt, &err) !=
            AP_OK || !present)
        return;
    if (ap__fb_get_vec(&fb, &qt, AP_TFL_F_QUANT_SCALE, 4, "s", NULL, &sv, &err) == AP_OK)
        for (uint32_t k = 0; k < sv.count && k < 1024; k++) {
            uint32_t bits = ap__fb_u32(&fb, sv.at + 4 * k);
            memcpy(&q->scale[k], &bits, 4);
            q->n_scale = k + 1;
        }
    if (ap__fb_get_vec(&fb, &qt, AP_TFL_F_QUANT_ZERO_POINT, 8, "z", NULL, &zv, &err) == AP_OK)
        for (uint32_t k = 0; k < zv.count && k < 1024; k++) {
            q->zp[k] = (int64_t)ap__fb_u64(&fb, zv.at + 8 * k);
            q->n_zp = k + 1;
        }
}

static const unsigned char *ev_const(const ev_model *e, int32_t t)
{
    const ap_tfl_tensor *x = &e->m->subgraphs[0].tensors[t];
    const ap_tfl_buffer *b = &e->m->buffers[x->buffer];
    return x->is_constant ? e->m->data + b->data_pos : NULL;
}

static int32_t ev_i32(const unsigned char *p, int64_t k)
{
    uint32_t u = (uint32_t)p[4 * k] | ((uint32_t)p[4 * k + 1] << 8) |
                 ((uint32_t)p[4 * k + 2] << 16) | ((uint32_t)p[4 * k + 3] << 24);
    return (int32_t)u;
}

/* ---- TFLM's fixed-point requantization, from its definition -------------------------------- */

static void ev_quantize_multiplier(double d, int32_t *mult, int *shift)
{
    if (d == 0.0) {
        *mult = 0, *shift = 0;
        return;
    }
    double q = frexp(d, shift);
    int64_t f = (int64_t)round(q * (double)(1LL << 31));
    if (f == (1LL << 31)) {
        f /= 2;
        ++*shift;
    }
    if (*shift < -31) {
        *shift = 0;
        f = 0;
    }
    *mult = (int32_t)f;
}

static int32_t ev_high_mul(int32_t a, int32_t b)
{
    if (a == INT32_MIN && b == INT32_MIN)
        return INT32_MAX;
    int64_t ab = (int64_t)a * b;
    int64_t nudge = ab >= 0 ? (1 << 30) : (1 - (1 << 30));
    return (int32_t)((ab + nudge) / (1LL << 31));
}

static int32_t ev_div_pot(int32_t x, int e)
{
    int32_t mask = (int32_t)((1LL << e) - 1), rem = x & mask;
    int32_t threshold = (mask >> 1) + (x < 0 ? 1 : 0);
    return (x >> e) + (rem > threshold ? 1 : 0);
}

static int32_t ev_requant(int32_t x, int32_t mult, int shift)
{
    int left = shift > 0 ? shift : 0, right = shift > 0 ? 0 : -shift;
    return ev_div_pot(ev_high_mul((int32_t)((uint32_t)x << left), mult), right);
}

/* CalculateActivationRangeQuantized for int8. */
static void ev_act_range(int act, float scale, int32_t zp, int32_t *lo, int32_t *hi)
{
    int32_t z = zp + (int32_t)roundf(0.0f / scale), six = zp + (int32_t)roundf(6.0f / scale);
    int32_t m1 = zp + (int32_t)roundf(-1.0f / scale), p1 = zp + (int32_t)roundf(1.0f / scale);
    *lo = -128, *hi = 127;
    if (act == 1 || act == 3)
        *lo = z > *lo ? z : *lo;
    if (act == 3)
        *hi = six < *hi ? six : *hi;
    if (act == 2) {
        *lo = m1 > *lo ? m1 : *lo;
        *hi = p1 < *hi ? p1 : *hi;
    }
}

/* ---- The operators -------------------------------------------------------------------------- */

typedef struct ev_dims {
    int64_t h, w, c;
} ev_dims;

static ev_dims ev_hwc(const ap_tfl_tensor *t)
{
    ev_dims d = {t->shape[1], t->shape[2], t->shape[3]};
    return d;
}

static int64_t ev_pad_of(const ap_tfl_operator *op, int64_t in, int64_t out, int64_t k, int64_t s,
                         int64_t d)
{
    int64_t total = (out - 1) * s + (k - 1) * d + 1 - in;
    return op->opt.padding == 0 && total > 0 ? total / 2 : 0;
}

static int64_t ev_es(int type)
{
    return type == AP_TFL_INT16 ? 2 : type == AP_TFL_FLOAT32 ? 4 : 1;
}

static int64_t ev_i64(const unsigned char *p, int64_t k)
{
    uint64_t u = 0;
    for (int i = 7; i >= 0; i--)
        u = u << 8 | p[8 * k + i];
    return (int64_t)u;
}

/* TFLM's MultiplyByQuantizedMultiplier for a 64-bit accumulator (the 16x8 kernels): the
 * multiplier rounded to 16 bits, one rounding shift. */
static int32_t ev_requant64(int64_t x, int32_t mult, int shift)
{
    int64_t reduced = mult < 0x7FFF0000 ? (mult + (1 << 15)) >> 16 : 0x7FFF;
    int64_t total = 15 - shift;
    return (int32_t)((x * reduced + ((int64_t)1 << (total - 1))) >> total);
}

static float ev_f32(const unsigned char *p, int64_t k)
{
    float f;
    memcpy(&f, p + 4 * k, 4);
    return f;
}

/* The conv loops for int16 and float32 (int8: ev_conv's own): the same taps, the sums of each
 * type. */
static void ev_conv_wide(ev_model *e, const ap_tfl_operator *op, int depthwise)
{
    const ap_tfl_subgraph *g = &e->m->subgraphs[0];
    const ap_tfl_tensor *it = &g->tensors[op->inputs[0]], *ot = &g->tensors[op->outputs[0]];
    const ap_tfl_tensor *wt = &g->tensors[op->inputs[1]];
    const unsigned char *in = (const unsigned char *)e->v[op->inputs[0]];
    const unsigned char *f = ev_const(e, op->inputs[1]);
    const unsigned char *bias = op->n_inputs > 2 && op->inputs[2] >= 0 ? ev_const(e, op->inputs[2])
                                                                       : NULL;
    int fl = it->type == AP_TFL_FLOAT32;
    ev_dims I = ev_hwc(it), O = ev_hwc(ot);
    int64_t kh = wt->shape[1], kw = wt->shape[2], fc = wt->shape[3];
    int64_t sh = op->opt.stride_h, sw = op->opt.stride_w, dh = op->opt.dilation_h,
            dw = op->opt.dilation_w, mult = depthwise ? O.c / I.c : 1;
    int64_t ph = ev_pad_of(op, I.h, O.h, kh, sh, dh), pw = ev_pad_of(op, I.w, O.w, kw, sw, dw);
    ev_quant *qi = &e->q[op->inputs[0]], *qf = &e->q[op->inputs[1]], *qo = &e->q[op->outputs[0]];
    unsigned char *out = calloc((size_t)(O.h * O.w * O.c), (size_t)ev_es(it->type));
    e->v[op->outputs[0]] = (int8_t *)out;
    int act = op->opt.activation;
    float flo = act == 1 || act == 3 ? 0.0f : act == 2 ? -1.0f : -INFINITY;
    float fhi = act == 3 ? 6.0f : act == 2 ? 1.0f : INFINITY;
    int32_t lo = -32768, hi = 32767;
    if (!fl) { /* CalculateActivationRangeQuantized for int16, zero point 0 */
        float sc = qo->scale[0];
        if (act == 1 || act == 3)
            lo = 0;
        if (act == 3 && (int32_t)roundf(6.0f / sc) < hi)
            hi = (int32_t)roundf(6.0f / sc);
        if (act == 2) {
            lo = (int32_t)roundf(-1.0f / sc) > lo ? (int32_t)roundf(-1.0f / sc) : lo;
            hi = (int32_t)roundf(1.0f / sc) < hi ? (int32_t)roundf(1.0f / sc) : hi;
        }
    }
    for (int64_t oc = 0; oc < O.c; oc++) {
        int32_t m = 0;
        int sh_ = 0;
        if (!fl)
            ev_quantize_multiplier((double)qi->scale[0] * qf->scale[qf->n_scale > 1 ? oc : 0] /
                                       (double)qo->scale[0], &m, &sh_);
        int64_t ic0 = depthwise ? oc / mult : 0, nic = depthwise ? 1 : fc;
        for (int64_t y = 0; y < O.h; y++)
            for (int64_t x = 0; x < O.w; x++) {
                int64_t acc = 0;
                float total = 0.0f;
                for (int64_t a = 0; a < kh; a++)
                    for (int64_t b = 0; b < kw; b++) {
                        int64_t iy = y * sh - ph + a * dh, ix = x * sw - pw + b * dw;
                        if (iy < 0 || iy >= I.h || ix < 0 || ix >= I.w)
                            continue; /* padding: the kernels skip the tap */
                        for (int64_t k = 0; k < nic; k++) {
                            int64_t at = (iy * I.w + ix) * I.c + ic0 + k;
                            int64_t wi = depthwise ? (a * kw + b) * fc + oc
                                                   : ((oc * kh + a) * kw + b) * fc + k;
                            if (fl) {
                                total += ev_f32(in, at) * ev_f32(f, wi);
                            } else {
                                int16_t iv;
                                memcpy(&iv, in + 2 * at, 2);
                                acc += (int64_t)((const int8_t *)f)[wi] * iv;
                            }
                        }
                    }
                int64_t o = (y * O.w + x) * O.c + oc;
                if (fl) {
                    float r = total + (bias ? ev_f32(bias, oc) : 0.0f);
                    r = r < flo ? flo : r > fhi ? fhi : r;
                    memcpy(out + 4 * o, &r, 4);
                } else {
                    if (bias)
                        acc += ev_i64(bias, oc);
                    int32_t r = ev_requant64(acc, m, sh_);
                    r = r < lo ? lo : r > hi ? hi : r;
                    int16_t v = (int16_t)r;
                    memcpy(out + 2 * o, &v, 2);
                }
            }
    }
}

/* CONV_2D (depthwise 0) and DEPTHWISE_CONV_2D (depthwise 1), int8 with per-channel scales. */
static void ev_conv(ev_model *e, const ap_tfl_operator *op, int depthwise)
{
    if (e->m->subgraphs[0].tensors[op->inputs[0]].type != AP_TFL_INT8) {
        ev_conv_wide(e, op, depthwise);
        return;
    }
    const ap_tfl_subgraph *g = &e->m->subgraphs[0];
    const ap_tfl_tensor *it = &g->tensors[op->inputs[0]], *ft = &g->tensors[op->inputs[1]];
    const ap_tfl_tensor *ot = &g->tensors[op->outputs[0]];
    const int8_t *in = e->v[op->inputs[0]], *f = (const int8_t *)ev_const(e, op->inputs[1]);
    const unsigned char *bias = op->n_inputs > 2 && op->inputs[2] >= 0 ? ev_const(e, op->inputs[2])
                                                                       : NULL;
    ev_dims I = ev_hwc(it), O = ev_hwc(ot);
    int64_t kh = ft->shape[1], kw = ft->shape[2], fc = ft->shape[3];
    int64_t sh = op->opt.stride_h, sw = op->opt.stride_w, dh = op->opt.dilation_h,
            dw = op->opt.dilation_w, mult = depthwise ? O.c / I.c : 1;
    int64_t ph = ev_pad_of(op, I.h, O.h, kh, sh, dh), pw = ev_pad_of(op, I.w, O.w, kw, sw, dw);
    ev_quant *qi = &e->q[op->inputs[0]], *qf = &e->q[op->inputs[1]], *qo = &e->q[op->outputs[0]];
    int32_t lo, hi, in_off = (int32_t)-qi->zp[0], out_off = (int32_t)qo->zp[0];
    int8_t *out = e->v[op->outputs[0]] = calloc((size_t)(O.h * O.w * O.c), 1);
    ev_act_range(op->opt.activation, qo->scale[0], out_off, &lo, &hi);
    for (int64_t oc = 0; oc < O.c; oc++) {
        int32_t m;
        int sh_;
        double fs = qf->scale[qf->n_scale > 1 ? oc : 0];
        ev_quantize_multiplier((double)qi->scale[0] * fs / (double)qo->scale[0], &m, &sh_);
        int64_t ic0 = depthwise ? oc / mult : 0, nic = depthwise ? 1 : fc;
        for (int64_t y = 0; y < O.h; y++)
            for (int64_t x = 0; x < O.w; x++) {
                int32_t acc = 0;
                for (int64_t a = 0; a < kh; a++)
                    for (int64_t b = 0; b < kw; b++) {
                        int64_t iy = y * sh - ph + a * dh, ix = x * sw - pw + b * dw;
                        if (iy < 0 || iy >= I.h || ix < 0 || ix >= I.w)
                            continue; /* padding: the kernels skip the tap */
                        for (int64_t k = 0; k < nic; k++) {
                            int64_t ic = ic0 + k;
                            int32_t iv = in[(iy * I.w + ix) * I.c + ic];
                            int32_t fv = depthwise ? f[(a * kw + b) * fc + oc]
                                                   : f[((oc * kh + a) * kw + b) * fc + k];
                            acc += fv * (iv + in_off);
                        }
                    }
                if (bias)
                    acc += ev_i32(bias, oc);
                acc = ev_requant(acc, m, sh_) + out_off;
                acc = acc < lo ? lo : acc > hi ? hi : acc;
                out[(y * O.w + x) * O.c + oc] = (int8_t)acc;
            }
    }
}

/* AVERAGE_POOL_2D and MAX_POOL_2D, int8: the window clamped to the image. */
static void ev_pool(ev_model *e, const ap_tfl_operator *op, int max)
{
    const ap_tfl_subgraph *g = &e->m->subgraphs[0];
    if (g->tensors[op->inputs[0]].type != AP_TFL_INT8) {
        e->failed = 1;
        return;
    }
    ev_dims I = ev_hwc(&g->tensors[op->inputs[0]]), O = ev_hwc(&g->tensors[op->outputs[0]]);
    const int8_t *in = e->v[op->inputs[0]];
    int64_t kh = op->opt.filter_h, kw = op->opt.filter_w, sh = op->opt.stride_h,
            sw = op->opt.stride_w;
    int64_t ph = ev_pad_of(op, I.h, O.h, kh, sh, 1), pw = ev_pad_of(op, I.w, O.w, kw, sw, 1);
    ev_quant *qo = &e->q[op->outputs[0]];
    int32_t lo, hi;
    int8_t *out = e->v[op->outputs[0]] = calloc((size_t)(O.h * O.w * O.c), 1);
    ev_act_range(op->opt.activation, qo->scale[0], (int32_t)qo->zp[0], &lo, &hi);
    for (int64_t y = 0; y < O.h; y++)
        for (int64_t x = 0; x < O.w; x++)
            for (int64_t c = 0; c < O.c; c++) {
                int32_t acc = max ? -128 : 0, n = 0;
                for (int64_t a = 0; a < kh; a++)
                    for (int64_t b = 0; b < kw; b++) {
                        int64_t iy = y * sh - ph + a, ix = x * sw - pw + b;
                        if (iy < 0 || iy >= I.h || ix < 0 || ix >= I.w)
                            continue;
                        int32_t v = in[(iy * I.w + ix) * I.c + c];
                        acc = max ? (v > acc ? v : acc) : acc + v;
                        n++;
                    }
                if (!max)
                    acc = acc > 0 ? (acc + n / 2) / n : (acc - n / 2) / n;
                acc = acc < lo ? lo : acc > hi ? hi : acc;
                out[(y * O.w + x) * O.c + c] = (int8_t)acc;
            }
}

/* PAD (int8: its output's zero point; int16 0; float32 0.0), SLICE and CONCATENATION, on
 * [1, h, w, c] tensors of any element size (es bytes). */
static void ev_pad(ev_model *e, const ap_tfl_operator *op)
{
    const ap_tfl_subgraph *g = &e->m->subgraphs[0];
    const ap_tfl_tensor *ot = &g->tensors[op->outputs[0]];
    ev_dims I = ev_hwc(&g->tensors[op->inputs[0]]), O = ev_hwc(ot);
    int64_t es = ev_es(ot->type);
    const unsigned char *p = ev_const(e, op->inputs[1]);
    int64_t top = ev_i32(p, 2), left = ev_i32(p, 4);
    int8_t *out = e->v[op->outputs[0]] = malloc((size_t)(O.h * O.w * O.c * es));
    memset(out, ot->type == AP_TFL_INT8 ? (int)(int8_t)e->q[op->outputs[0]].zp[0] : 0,
           (size_t)(O.h * O.w * O.c * es));
    for (int64_t y = 0; y < I.h; y++)
        memcpy(out + (((y + top) * O.w + left) * O.c) * es,
               e->v[op->inputs[0]] + y * I.w * I.c * es, (size_t)(I.w * I.c * es));
}

static void ev_slice(ev_model *e, const ap_tfl_operator *op)
{
    const ap_tfl_subgraph *g = &e->m->subgraphs[0];
    ev_dims I = ev_hwc(&g->tensors[op->inputs[0]]), O = ev_hwc(&g->tensors[op->outputs[0]]);
    const unsigned char *b = ev_const(e, op->inputs[1]);
    int64_t es = ev_es(g->tensors[op->outputs[0]].type);
    int64_t y0 = ev_i32(b, 1), x0 = ev_i32(b, 2), c0 = ev_i32(b, 3);
    int8_t *out = e->v[op->outputs[0]] = malloc((size_t)(O.h * O.w * O.c * es));
    for (int64_t y = 0; y < O.h; y++)
        for (int64_t x = 0; x < O.w; x++)
            memcpy(out + ((y * O.w + x) * O.c) * es,
                   e->v[op->inputs[0]] + (((y0 + y) * I.w + x0 + x) * I.c + c0) * es,
                   (size_t)(O.c * es));
}

static void ev_concat(ev_model *e, const ap_tfl_operator *op)
{
    const ap_tfl_subgraph *g = &e->m->subgraphs[0];
    ev_dims O = ev_hwc(&g->tensors[op->outputs[0]]);
    int64_t es = ev_es(g->tensors[op->outputs[0]].type);
    int8_t *out = e->v[op->outputs[0]] = malloc((size_t)(O.h * O.w * O.c * es));
    int64_t at = 0; /* the offset along the axis */
    for (uint32_t k = 0; k < op->n_inputs; k++) {
        ev_dims I = ev_hwc(&g->tensors[op->inputs[k]]);
        const int8_t *in = e->v[op->inputs[k]];
        for (int64_t y = 0; y < I.h; y++)
            for (int64_t x = 0; x < I.w; x++) {
                int64_t oy = op->opt.axis == 1 ? at + y : y, ox = op->opt.axis == 2 ? at + x : x;
                memcpy(out + ((oy * O.w + ox) * O.c) * es, in + ((y * I.w + x) * I.c) * es,
                       (size_t)(I.c * es));
            }
        at += op->opt.axis == 1 ? I.h : I.w;
    }
}

/* Runs operators 0 .. n-1 of subgraph 0 on input (the first subgraph input's bytes: its
 * elements at their size). */
static void ev_run(ev_model *e, const ap_tfl_model *m, const int8_t *input, uint32_t n)
{
    const ap_tfl_subgraph *g = &m->subgraphs[0];
    memset(e, 0, sizeof *e);
    e->m = m;
    e->v = calloc(g->n_tensors, sizeof *e->v);
    e->q = calloc(g->n_tensors, sizeof *e->q);
    for (uint32_t t = 0; t < g->n_tensors; t++)
        ev_read_quant(m, &g->tensors[t], &e->q[t]);
    int32_t x = g->inputs[0];
    size_t nb = (size_t)(g->tensors[x].elements * ev_es(g->tensors[x].type));
    e->v[x] = malloc(nb);
    memcpy(e->v[x], input, nb);
    for (uint32_t i = 0; i < n && i < g->n_ops; i++) {
        const ap_tfl_operator *op = &g->ops[i];
        switch (op->builtin) {
        case AP_TFL_OP_CONV_2D: ev_conv(e, op, 0); break;
        case AP_TFL_OP_DEPTHWISE_CONV_2D: ev_conv(e, op, 1); break;
        case AP_TFL_OP_AVERAGE_POOL_2D: ev_pool(e, op, 0); break;
        case AP_TFL_OP_MAX_POOL_2D: ev_pool(e, op, 1); break;
        case AP_TFL_OP_PAD: ev_pad(e, op); break;
        case AP_TFL_OP_SLICE: ev_slice(e, op); break;
        case AP_TFL_OP_CONCATENATION: ev_concat(e, op); break;
        default: e->failed = 1; return;
        }
    }
}

static void ev_free(ev_model *e)
{
    for (uint32_t t = 0; e->v && t < e->m->subgraphs[0].n_tensors; t++)
        free(e->v[t]);
    free(e->v);
    free(e->q);
}

#endif
