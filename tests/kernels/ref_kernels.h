/*
 * ref_kernels.h - C versions of TFLM's reference kernel loops, for the overlap tests.
 *
 * Each kernel here walks memory exactly as TFLM's reference kernel does (read at tflite-micro
 * head: tensorflow/lite/kernels/internal/reference/{conv.h, integer_ops/conv.h,
 * depthwiseconv_float.h, integer_ops/depthwise_conv.h, pooling.h, integer_ops/pooling.h,
 * pad.h, softmax.h}, micro/kernels/reshape.cc): the same loop nest, the same order of reads
 * and writes, written in our own code. The arithmetic is simplified (a deterministic
 * requantization, float sums), since what the overlap rules depend on is only where and when
 * each byte is read and written, and the tests compare two runs of the same code.
 *
 * One loop nest per operator serves two purposes: executing on real bytes (int8 or float32
 * elements, loaded and stored with memcpy so any byte offset works and input and output may
 * alias inside one arena), and simulating, where every read of an input element and every
 * write of an output element is reported to callbacks instead (for the byte-level proof of the
 * overlap bound, with any element sizes).
 *
 * Header-only: static inline functions, included by each test that needs them.
 */
#ifndef AP_TEST_REF_KERNELS_H
#define AP_TEST_REF_KERNELS_H

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { K_CONV, K_DW, K_AVGPOOL, K_MAXPOOL, K_PAD, K_UNARY, K_ADD, K_SOFTMAX, K_RESHAPE };

/* One kernel invocation: shapes (NHWC), parameters and, for execution, its weights. */
typedef struct kop {
    int kind;
    int is_float;        /* execution: 1 float32 elements, 0 int8 */
    int out_type;        /* execution: the output's elements: 0 as the input's, 1 int8, 2 float32
                            (QUANTIZE, DEQUANTIZE) */
    int64_t es_in, es_out; /* element sizes (simulation; execution uses 1 or 4) */
    int64_t b, ih, iw, ic, oh, ow, oc;
    int64_t fh, fw, sh, sw, dh, dw, ph, pw;
    int64_t dm;          /* depthwise: depth multiplier */
    int64_t fic;         /* conv: filter input channels (groups = ic / fic) */
    int64_t n;           /* unary, add, reshape: elements; softmax: rows * depth */
    int64_t depth;       /* softmax: row length */
    int64_t pin[5], pout[5], pleft[5]; /* pad: 5-D extended shapes, left paddings */
    /* weights and parameters (execution) */
    const int8_t *wq;    /* conv: [oc][fh][fw][fic]; depthwise: [1][fh][fw][oc] */
    const int32_t *bq;   /* bias per output channel */
    const float *wf, *bf;
    int32_t in_zp, out_zp;
} kop;

typedef struct kctx {
    const kop *k;
    const unsigned char *in, *in2; /* in2: ADD's second input */
    unsigned char *out;
    int sim;                       /* 1: report accesses instead of executing */
    void (*on_read)(void *u, int64_t elem);  /* element of input 0 */
    void (*on_write)(void *u, int64_t elem); /* element of the output */
    void *u;
} kctx;

static inline double k_load(const unsigned char *p, int is_float, int64_t i)
{
    if (is_float) {
        float v;
        memcpy(&v, p + 4 * i, 4);
        return v;
    }
    return (double)(int8_t)p[i];
}

static inline double k_in(kctx *c, int64_t i)
{
    if (c->sim) {
        c->on_read(c->u, i);
        return 0;
    }
    return k_load(c->in, c->k->is_float, i);
}

static inline int k_out_float(const kop *k)
{
    return k->out_type == 0 ? k->is_float : k->out_type == 2;
}

/* Reads back an output element the kernel wrote (float softmax's third pass). */
static inline double k_out_load(kctx *c, int64_t i)
{
    return c->sim ? 0 : k_load(c->out, k_out_float(c->k), i);
}

static inline void k_store(kctx *c, int64_t i, double v)
{
    if (c->sim) {
        c->on_write(c->u, i);
        return;
    }
    if (k_out_float(c->k)) {
        float f = (float)v;
        memcpy(c->out + 4 * i, &f, 4);
    } else {
        c->out[i] = (unsigned char)(int8_t)v;
    }
}

/* Accumulator -> int8. TFLM rescales with a fixed-point multiplier and clamps; here a
 * multiplicative hash stands in, so that any change of the accumulator (a clobbered input
 * byte) shows in the output with high probability, which the tightness tests rely on. */
static inline double k_requant(const kop *k, int64_t acc)
{
    uint32_t h = (uint32_t)(acc + k->out_zp) * 2654435761u;
    return (double)(int8_t)(h >> 24);
}

static int64_t k_off4(int64_t d1, int64_t d2, int64_t d3, int64_t i0, int64_t i1, int64_t i2,
                      int64_t i3)
{
    return ((i0 * d1 + i1) * d2 + i2) * d3 + i3;
}

/* CONV_2D: batch, out_y, out_x, out_channel; taps outside the image are skipped. */
static inline void k_conv(kctx *c)
{
    const kop *k = c->k;
    int64_t groups = k->ic / k->fic, per_group = k->oc / groups;
    for (int64_t b = 0; b < k->b; b++)
        for (int64_t oy = 0; oy < k->oh; oy++) {
            int64_t y0 = oy * k->sh - k->ph;
            for (int64_t ox = 0; ox < k->ow; ox++) {
                int64_t x0 = ox * k->sw - k->pw;
                for (int64_t o = 0; o < k->oc; o++) {
                    int64_t g = o / per_group, acc = 0;
                    float accf = 0.f;
                    for (int64_t fy = 0; fy < k->fh; fy++) {
                        int64_t y = y0 + k->dh * fy;
                        for (int64_t fx = 0; fx < k->fw; fx++) {
                            int64_t x = x0 + k->dw * fx;
                            if (x < 0 || x >= k->iw || y < 0 || y >= k->ih)
                                continue;
                            for (int64_t i = 0; i < k->fic; i++) {
                                double v = k_in(c, k_off4(k->ih, k->iw, k->ic, b, y, x,
                                                          i + g * k->fic));
                                int64_t wi = k_off4(k->fh, k->fw, k->fic, o, fy, fx, i);
                                if (c->sim)
                                    continue;
                                if (k->is_float)
                                    accf += (float)v * k->wf[wi];
                                else
                                    acc += (int64_t)k->wq[wi] * ((int64_t)v + k->in_zp);
                            }
                        }
                    }
                    if (c->sim)
                        k_store(c, k_off4(k->oh, k->ow, k->oc, b, oy, ox, o), 0);
                    else if (k->is_float)
                        k_store(c, k_off4(k->oh, k->ow, k->oc, b, oy, ox, o), accf + k->bf[o]);
                    else
                        k_store(c, k_off4(k->oh, k->ow, k->oc, b, oy, ox, o),
                                k_requant(k, acc + k->bq[o]));
                }
            }
        }
}

/* DEPTHWISE_CONV_2D: batch, out_y, out_x, in_channel, multiplier. */
static inline void k_dw(kctx *c)
{
    const kop *k = c->k;
    for (int64_t b = 0; b < k->b; b++)
        for (int64_t oy = 0; oy < k->oh; oy++)
            for (int64_t ox = 0; ox < k->ow; ox++)
                for (int64_t ic = 0; ic < k->ic; ic++)
                    for (int64_t m = 0; m < k->dm; m++) {
                        int64_t o = m + ic * k->dm, acc = 0;
                        int64_t x0 = ox * k->sw - k->pw, y0 = oy * k->sh - k->ph;
                        float accf = 0.f;
                        for (int64_t fy = 0; fy < k->fh; fy++)
                            for (int64_t fx = 0; fx < k->fw; fx++) {
                                int64_t x = x0 + k->dw * fx, y = y0 + k->dh * fy;
                                if (x < 0 || x >= k->iw || y < 0 || y >= k->ih)
                                    continue;
                                double v = k_in(c, k_off4(k->ih, k->iw, k->ic, b, y, x, ic));
                                int64_t wi = k_off4(k->fh, k->fw, k->oc, 0, fy, fx, o);
                                if (c->sim)
                                    continue;
                                if (k->is_float)
                                    accf += (float)v * k->wf[wi];
                                else
                                    acc += (int64_t)k->wq[wi] * ((int64_t)v + k->in_zp);
                            }
                        int64_t oi = k_off4(k->oh, k->ow, k->oc, b, oy, ox, o);
                        if (c->sim)
                            k_store(c, oi, 0);
                        else if (k->is_float)
                            k_store(c, oi, accf + k->bf[o]);
                        else
                            k_store(c, oi, k_requant(k, acc + k->bq[o]));
                    }
}

/* AVERAGE_POOL_2D and MAX_POOL_2D: batch, out_y, out_x, channel; the window clamped to the
 * image. */
static inline void k_pool(kctx *c)
{
    const kop *k = c->k;
    for (int64_t b = 0; b < k->b; b++)
        for (int64_t oy = 0; oy < k->oh; oy++)
            for (int64_t ox = 0; ox < k->ow; ox++)
                for (int64_t ch = 0; ch < k->ic; ch++) {
                    int64_t x0 = ox * k->sw - k->pw, y0 = oy * k->sh - k->ph;
                    int64_t fxs = x0 < 0 ? -x0 : 0, fxe = k->fw < k->iw - x0 ? k->fw : k->iw - x0;
                    int64_t fys = y0 < 0 ? -y0 : 0, fye = k->fh < k->ih - y0 ? k->fh : k->ih - y0;
                    int64_t count = 0;
                    double sum = 0, mx = k->is_float ? -INFINITY : -128;
                    float sumf = 0.f;
                    for (int64_t fy = fys; fy < fye; fy++)
                        for (int64_t fx = fxs; fx < fxe; fx++) {
                            double v = k_in(c, k_off4(k->ih, k->iw, k->ic, b, y0 + fy, x0 + fx, ch));
                            if (k->is_float)
                                sumf += (float)v;
                            else
                                sum += v;
                            mx = v > mx ? v : mx;
                            count++;
                        }
                    int64_t oi = k_off4(k->oh, k->ow, k->oc, b, oy, ox, ch);
                    if (c->sim) {
                        k_store(c, oi, 0);
                    } else if (k->kind == K_MAXPOOL) {
                        k_store(c, oi, mx);
                    } else if (count == 0) {
                        return; /* TFLM's AveragePool returns false here */
                    } else if (k->is_float) {
                        k_store(c, oi, sumf / (float)count);
                    } else {
                        int64_t a = (int64_t)sum;
                        a = a > 0 ? (a + count / 2) / count : (a - count / 2) / count;
                        k_store(c, oi, (double)a);
                    }
                }
}

/* PAD (PadImpl): the output in order, 5-D; interior elements take the next input element. */
static inline void k_pad(kctx *c)
{
    const kop *k = c->k;
    int64_t in = 0, out = 0, i[5];
    for (i[0] = 0; i[0] < k->pout[0]; i[0]++)
        for (i[1] = 0; i[1] < k->pout[1]; i[1]++)
            for (i[2] = 0; i[2] < k->pout[2]; i[2]++)
                for (i[3] = 0; i[3] < k->pout[3]; i[3]++)
                    for (i[4] = 0; i[4] < k->pout[4]; i[4]++) {
                        int inside = 1;
                        for (int d = 0; d < 5; d++)
                            inside &= i[d] >= k->pleft[d] && i[d] < k->pleft[d] + k->pin[d];
                        if (inside)
                            k_store(c, out++, k_in(c, in++));
                        else
                            k_store(c, out++, k->is_float ? 0.0 : (double)k->out_zp);
                    }
}

/* Element-wise: output i from input i (unary: a requantizing activation; ADD: both inputs). */
static inline void k_elementwise(kctx *c)
{
    const kop *k = c->k;
    for (int64_t i = 0; i < k->n; i++) {
        double v = k_in(c, i), r;
        if (k->kind == K_ADD) {
            double v2 = c->sim ? 0 : k_load(c->in2, k->is_float, i);
            r = k->is_float ? (double)((float)v + (float)v2)
                            : k_requant(k, (int64_t)v + (int64_t)v2 + k->in_zp);
        } else if (k->is_float != k_out_float(k)) {
            /* QUANTIZE float -> int8, DEQUANTIZE int8 -> float */
            float t = (float)v * 20.f;
            r = !k->is_float ? (double)((float)v * 0.05f)
                : !(t > -128.f) ? -128.0 : !(t < 127.f) ? 127.0 : (double)(int64_t)t;
        } else {
            r = k->is_float ? (double)((float)v > 0.f ? (float)v : 0.25f * (float)v)
                            : k_requant(k, (int64_t)v - k->in_zp);
        }
        k_store(c, i, r);
    }
}

/* SOFTMAX, row by row: a pass for the row's maximum, one for the sum of exponentials (float:
 * it keeps each exponential in the output), one that writes the output (int8: from the input
 * again; float: from the output). */
static inline void k_softmax(kctx *c)
{
    const kop *k = c->k;
    for (int64_t r = 0; r < k->n / k->depth; r++) {
        int64_t base = r * k->depth;
        double mx = -INFINITY;
        for (int64_t j = 0; j < k->depth; j++) {
            double v = k_in(c, base + j);
            mx = v > mx ? v : mx;
        }
        if (k->is_float) {
            float sum = 0.f;
            for (int64_t j = 0; j < k->depth; j++) {
                float e = expf((float)(k_in(c, base + j) - mx));
                k_store(c, base + j, e);
                sum += e;
            }
            for (int64_t j = 0; j < k->depth; j++)
                k_store(c, base + j, (float)k_out_load(c, base + j) / sum);
        } else {
            int64_t sum = 0;
            for (int64_t j = 0; j < k->depth; j++)
                sum += 256 + (int64_t)(k_in(c, base + j) - mx);
            for (int64_t j = 0; j < k->depth; j++) {
                int64_t e = 256 + (int64_t)(k_in(c, base + j) - mx);
                k_store(c, base + j, (double)((e * 255) / (sum ? sum : 1) - 128));
            }
        }
    }
}

/* RESHAPE: nothing when the two pointers are equal, else memcpy (TFLM's reshape.cc). */
static inline void k_reshape(kctx *c)
{
    const kop *k = c->k;
    if (c->sim) {
        for (int64_t i = 0; i < k->n; i++) {
            k_in(c, i);
            k_store(c, i, 0);
        }
        return;
    }
    if (c->in != c->out)
        memcpy(c->out, c->in, (size_t)(k->n * (k->is_float ? 4 : 1)));
}

static inline void k_run(kctx *c)
{
    switch (c->k->kind) {
    case K_CONV: k_conv(c); break;
    case K_DW: k_dw(c); break;
    case K_AVGPOOL:
    case K_MAXPOOL: k_pool(c); break;
    case K_PAD: k_pad(c); break;
    case K_UNARY:
    case K_ADD: k_elementwise(c); break;
    case K_SOFTMAX: k_softmax(c); break;
    case K_RESHAPE: k_reshape(c); break;
    }
}

/* Executes k reading input(s) at in (and in2) and writing out (they may overlap). */
static inline void k_exec(const kop *k, const unsigned char *in, const unsigned char *in2,
                   unsigned char *out)
{
    kctx c;
    memset(&c, 0, sizeof c);
    c.k = k;
    c.in = in;
    c.in2 = in2;
    c.out = out;
    k_run(&c);
}

/* Element counts. */
static inline int64_t k_in_elems(const kop *k)
{
    switch (k->kind) {
    case K_PAD: return k->pin[0] * k->pin[1] * k->pin[2] * k->pin[3] * k->pin[4];
    case K_UNARY: case K_ADD: case K_SOFTMAX: case K_RESHAPE: return k->n;
    default: return k->b * k->ih * k->iw * k->ic;
    }
}

static inline int64_t k_out_elems(const kop *k)
{
    switch (k->kind) {
    case K_PAD: return k->pout[0] * k->pout[1] * k->pout[2] * k->pout[3] * k->pout[4];
    case K_UNARY: case K_ADD: case K_SOFTMAX: case K_RESHAPE: return k->n;
    default: return k->b * k->oh * k->ow * k->oc;
    }
}

/* ---- Byte-level simulation ----------------------------------------------------------------- */

/* The literal check: runs k's loop nest with the output at d = offset(out) - offset(in) and
 * reports whether any read sees an input byte that an earlier write covered. */
typedef struct ksafe {
    const kop *k;
    int64_t d, in_bytes;
    unsigned char *clobbered; /* per input byte */
    int bad;
} ksafe;

static inline void ksafe_read(void *u, int64_t e)
{
    ksafe *s = u;
    for (int64_t b = e * s->k->es_in; b < (e + 1) * s->k->es_in; b++)
        if (s->clobbered[b])
            s->bad = 1;
}

static inline void ksafe_write(void *u, int64_t e)
{
    ksafe *s = u;
    for (int64_t b = s->d + e * s->k->es_out; b < s->d + (e + 1) * s->k->es_out; b++)
        if (b >= 0 && b < s->in_bytes)
            s->clobbered[b] = 1;
}

static inline int k_sim_safe(const kop *k, int64_t d)
{
    ksafe s = {k, d, k_in_elems(k) * k->es_in, NULL, 0};
    kctx c;
    s.clobbered = calloc((size_t)s.in_bytes + 1, 1);
    memset(&c, 0, sizeof c);
    c.k = k;
    c.sim = 1;
    c.on_read = ksafe_read;
    c.on_write = ksafe_write;
    c.u = &s;
    k_run(&c);
    free(s.clobbered);
    return !s.bad;
}

/* The bound from the event trace alone: record every access in order; a write at time t of
 * output bytes [lo, hi) (relative to the output) needs d + hi <= the lowest input byte whose
 * last read comes after t. The largest safe d is the minimum of those limits (INT64_MAX when
 * nothing constrains it). Independent of how the closed form reasons. */
typedef struct kev {
    int64_t elem;
    int write;
} kev;

typedef struct ktrace {
    kev *ev;
    size_t n, cap;
} ktrace;

static inline void ktrace_push(ktrace *t, int64_t e, int write)
{
    if (t->n == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 1024;
        t->ev = realloc(t->ev, t->cap * sizeof *t->ev);
    }
    t->ev[t->n].elem = e;
    t->ev[t->n++].write = write;
}

static inline void ktrace_read(void *u, int64_t e) { ktrace_push(u, e, 0); }
static inline void ktrace_write(void *u, int64_t e) { ktrace_push(u, e, 1); }

static inline int64_t k_sim_max_delta(const kop *k)
{
    ktrace t = {NULL, 0, 0};
    kctx c;
    int64_t in_bytes = k_in_elems(k) * k->es_in, best = INT64_MAX, pending = INT64_MAX;
    size_t *last = malloc(((size_t)in_bytes + 1) * sizeof *last);
    memset(&c, 0, sizeof c);
    c.k = k;
    c.sim = 1;
    c.on_read = ktrace_read;
    c.on_write = ktrace_write;
    c.u = &t;
    k_run(&c);
    for (int64_t b = 0; b < in_bytes; b++)
        last[b] = SIZE_MAX;
    for (size_t i = 0; i < t.n; i++)
        if (!t.ev[i].write)
            for (int64_t b = t.ev[i].elem * k->es_in; b < (t.ev[i].elem + 1) * k->es_in; b++)
                last[b] = i;
    /* backwards: `pending` is the lowest byte whose last read lies after the current event */
    for (size_t i = t.n; i-- > 0;) {
        if (t.ev[i].write) {
            if (pending != INT64_MAX) {
                int64_t lim = pending - (t.ev[i].elem + 1) * k->es_out;
                best = lim < best ? lim : best;
            }
        } else {
            for (int64_t b = t.ev[i].elem * k->es_in; b < (t.ev[i].elem + 1) * k->es_in; b++)
                if (last[b] == i && b < pending)
                    pending = b;
        }
    }
    free(last);
    free(t.ev);
    return best;
}

#endif
