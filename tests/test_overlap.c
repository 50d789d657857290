/*
 * test_overlap.c - the kernel-aware overlap bound (src/tflm/walk.c) proved three ways on
 * random shapes, then the rules on hand-built models:
 * - the closed form equals the bound read off a byte-level trace of the kernel's loop nest
 *   (tests/kernels/ref_kernels.h), for convolutions with groups, padding, strides and
 *   dilation, depthwise convolutions with depth multipliers, pools, PAD, element-wise
 *   operators and SOFTMAX, with element sizes 1, 2 and 4 and several batches;
 * - the literal simulation finds no hazard at the bound and below it, and one just above it
 *   (the bound is tight);
 * - execution: the int8 and float loops run on random data with input and output in separate
 *   buffers and again overlapped at the bound inside one arena give bit-identical outputs,
 *   and one byte beyond the bound corrupts the output.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/tflite.h"
#include "kernels/ref_kernels.h"
#include "testutil.h"
#include "tflm/walk.h"

/* ---- random shapes ----------------------------------------------------------------------- */

/* Its own generator (xorshift64*), not core/util.h's: execution_beyond_the_bound asserts that
 * one byte too far corrupts the output, which holds for the data this sequence makes (with
 * other random data a clobbered byte can happen to be rewritten with the value it had). */
static uint64_t rng_state = 0x9e3779b97f4a7c15u;

static uint64_t rnd(void)
{
    uint64_t x = rng_state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    rng_state = x;
    return x * 0x2545f4914f6cdd1du;
}

static int64_t rnd_in(int64_t lo, int64_t hi) /* [lo, hi] */
{
    return lo + (int64_t)(rnd() % (uint64_t)(hi - lo + 1));
}

/* TFLM's padding rule, written here independently of the library. */
static int t_pad(int same, int64_t in, int64_t f, int64_t s, int64_t dil, int64_t *out,
                 int64_t *pad)
{
    int64_t eff = (f - 1) * dil + 1;
    *out = same ? (in + s - 1) / s : (in + s - eff) / s;
    if (*out <= 0)
        return 0;
    int64_t total = (*out - 1) * s + eff - in;
    *pad = total > 0 ? total / 2 : 0;
    return 1;
}

static const int64_t sizes[3] = {1, 2, 4};

/* A random spatial kernel (conv, depthwise, pool) of kind; returns 0 when the shape has no
 * output. */
static int random_spatial(kop *k, int kind, int64_t es)
{
    int same = (int)rnd_in(0, 1);
    memset(k, 0, sizeof *k);
    k->kind = kind;
    k->es_in = k->es_out = es;
    k->b = rnd_in(1, 2);
    k->ih = rnd_in(1, 9);
    k->iw = rnd_in(1, 9);
    k->fh = rnd_in(1, 4);
    k->fw = rnd_in(1, 4);
    k->sh = rnd_in(1, 3);
    k->sw = rnd_in(1, 3);
    k->dh = k->dw = 1;
    if (kind == K_CONV || kind == K_DW) {
        k->dh = rnd_in(1, 3);
        k->dw = rnd_in(1, 3);
    }
    switch (kind) {
    case K_CONV: {
        int64_t groups = rnd_in(1, 3);
        k->fic = rnd_in(1, 4);
        k->ic = groups * k->fic;
        k->oc = groups * rnd_in(1, 4);
        break;
    }
    case K_DW:
        k->ic = rnd_in(1, 5);
        k->dm = rnd_in(1, 3);
        k->oc = k->ic * k->dm;
        break;
    default:
        k->ic = k->oc = rnd_in(1, 6);
        break;
    }
    return t_pad(same, k->ih, k->fh, k->sh, k->dh, &k->oh, &k->ph) &&
           t_pad(same, k->iw, k->fw, k->sw, k->dw, &k->ow, &k->pw);
}

static void random_pad(kop *k, int64_t es)
{
    int rank = (int)rnd_in(1, 5);
    memset(k, 0, sizeof *k);
    k->kind = K_PAD;
    k->es_in = k->es_out = es;
    for (int d = 0; d < 5; d++) {
        k->pin[d] = k->pout[d] = 1;
        if (d >= 5 - rank) {
            int64_t lo = rnd_in(0, 2), hi = rnd_in(0, 2);
            k->pin[d] = rnd_in(1, 4);
            k->pleft[d] = lo;
            k->pout[d] = k->pin[d] + lo + hi;
        }
    }
}

static void random_flat(kop *k, int kind, int64_t es_in, int64_t es_out)
{
    memset(k, 0, sizeof *k);
    k->kind = kind;
    k->es_in = es_in;
    k->es_out = es_out;
    k->depth = rnd_in(1, 7);
    k->n = kind == K_SOFTMAX ? k->depth * rnd_in(1, 5) : rnd_in(1, 40);
}

/* The library's description of the same walk. */
static void to_walk(const kop *k, ap__walk *w)
{
    memset(w, 0, sizeof *w);
    w->es_in = k->es_in;
    w->es_out = k->es_out;
    switch (k->kind) {
    case K_CONV: w->kind = AP__WALK_CONV; break;
    case K_DW: w->kind = AP__WALK_DEPTHWISE; break;
    case K_AVGPOOL:
    case K_MAXPOOL: w->kind = AP__WALK_POOL; break;
    case K_PAD:
        w->kind = AP__WALK_PAD;
        for (int d = 0; d < 5; d++) {
            w->pad_in[d] = k->pin[d];
            w->pad_out[d] = k->pout[d];
            w->pad_left[d] = k->pleft[d];
        }
        return;
    default:
        w->kind = AP__WALK_ELEMENTWISE;
        w->elements = k->n;
        return;
    }
    w->batches = k->b;
    w->in_h = k->ih, w->in_w = k->iw, w->in_c = k->ic;
    w->out_h = k->oh, w->out_w = k->ow, w->out_c = k->oc;
    w->filter_h = k->fh, w->filter_w = k->fw;
    w->stride_h = k->sh, w->stride_w = k->sw;
    w->dil_h = k->dh, w->dil_w = k->dw;
    w->pad_h = k->ph, w->pad_w = k->pw;
    w->depth_mult = k->dm;
    w->filter_in_c = k->fic;
}

static void describe(const kop *k, char *buf, size_t n)
{
    snprintf(buf, n,
             "kind %d es %lld/%lld b%lld in %lldx%lldx%lld out %lldx%lldx%lld f %lldx%lld s %lld,%lld "
             "dil %lld,%lld pad %lld,%lld dm %lld fic %lld n %lld depth %lld",
             k->kind, (long long)k->es_in, (long long)k->es_out, (long long)k->b,
             (long long)k->ih, (long long)k->iw, (long long)k->ic, (long long)k->oh,
             (long long)k->ow, (long long)k->oc, (long long)k->fh, (long long)k->fw,
             (long long)k->sh, (long long)k->sw, (long long)k->dh, (long long)k->dw,
             (long long)k->ph, (long long)k->pw, (long long)k->dm, (long long)k->fic,
             (long long)k->n, (long long)k->depth);
}

/* The three-way check for one shape. Returns the bound. */
static int64_t prove_shape(const kop *k)
{
    ap__walk w;
    char what[400];
    to_walk(k, &w);
    int64_t closed = ap__walk_max_delta(&w), traced = k_sim_max_delta(k);
    describe(k, what, sizeof what);
    if (closed != traced)
        fail_msg("closed form %lld, trace %lld for %s", (long long)closed, (long long)traced, what);
    int64_t in_bytes = k_in_elems(k) * k->es_in, out_bytes = k_out_elems(k) * k->es_out;
    /* d values where the two overlap: every one on small shapes, else the ends and 24 more */
    int64_t lo = -out_bytes + 1, hi = closed == AP__UNCONSTRAINED ? in_bytes - 1 : closed - 1;
    int every = hi - lo < 64;
    if (closed == AP__UNCONSTRAINED) {
        for (int64_t i = 0; lo <= hi && i < (every ? hi - lo + 1 : 26); i++) {
            int64_t d = every ? lo + i : i == 0 ? lo : i == 1 ? hi : rnd_in(lo, hi);
            if (!k_sim_safe(k, d))
                fail_msg("unconstrained, but d = %lld is unsafe for %s", (long long)d, what);
        }
        return closed;
    }
    if (!k_sim_safe(k, closed))
        fail_msg("the bound %lld is unsafe for %s", (long long)closed, what);
    if (k_sim_safe(k, closed + 1))
        fail_msg("the bound %lld is not tight (d + 1 is safe) for %s", (long long)closed, what);
    /* the d below the bound are safe too */
    for (int64_t i = 0; lo <= hi && i < (every ? hi - lo + 1 : 26); i++) {
        int64_t d = every ? hi - i : i == 0 ? hi : i == 1 ? lo : rnd_in(lo, hi);
        if (!k_sim_safe(k, d))
            fail_msg("d = %lld below the bound %lld is unsafe for %s", (long long)d,
                     (long long)closed, what);
    }
    return closed;
}

static void closed_form_equals_trace_spatial(void **state)
{
    (void)state;
    int kinds[4] = {K_CONV, K_DW, K_AVGPOOL, K_MAXPOOL};
    long proved = 0, negative = 0, positive = 0;
    for (int kk = 0; kk < 4; kk++)
        for (int i = 0; i < 700; i++) {
            kop k;
            if (!random_spatial(&k, kinds[kk], sizes[i % 3]))
                continue;
            int64_t b = prove_shape(&k);
            proved++;
            negative += b < 0;
            positive += b > 0 && b != AP__UNCONSTRAINED;
        }
    print_message("spatial shapes proved: %ld (%ld negative, %ld positive bounds)\n", proved,
                  negative, positive);
    /* the random shapes reach both signs of the bound */
    assert_true(proved > 2000);
    assert_true(negative > 100);
    assert_true(positive > 10);
}

static void closed_form_equals_trace_flat(void **state)
{
    (void)state;
    for (int i = 0; i < 600; i++) {
        kop k;
        random_pad(&k, sizes[i % 3]);
        prove_shape(&k);
    }
    for (int i = 0; i < 900; i++) {
        kop k;
        int kind = i % 3 == 0 ? K_UNARY : i % 3 == 1 ? K_ADD : K_SOFTMAX;
        random_flat(&k, kind, sizes[i % 9 / 3], sizes[i % 27 / 9]);
        k.is_float = (i / 27) % 2; /* SOFTMAX: both passes' orders */
        prove_shape(&k);
    }
}

/* Values the closed form gives for shapes worked out by hand (docs/overlap.md). */
static void closed_form_known_values(void **state)
{
    (void)state;
    ap__walk w;
    kop k;
    /* person_detect's op 2: 1x1 CONV_2D 48x48x8 -> 48x48x16, int8: the output must start
       18439 bytes below the input (its last pixel's 15th channel is written just below
       where that pixel's input starts) */
    memset(&k, 0, sizeof k);
    k.kind = K_CONV, k.es_in = k.es_out = 1, k.b = 1, k.ih = k.iw = k.oh = k.ow = 48;
    k.ic = k.fic = 8, k.oc = 16, k.fh = k.fw = k.sh = k.sw = k.dh = k.dw = 1;
    to_walk(&k, &w);
    assert_int_equal(ap__walk_max_delta(&w), -18439);
    /* 3x3 depthwise, stride 1, SAME (pad 1), 48x48x8: one row and one pixel below */
    memset(&k, 0, sizeof k);
    k.kind = K_DW, k.es_in = k.es_out = 1, k.b = 1, k.ih = k.iw = k.oh = k.ow = 48;
    k.ic = k.oc = 8, k.dm = 1, k.fh = k.fw = 3, k.sh = k.sw = k.dh = k.dw = 1, k.ph = k.pw = 1;
    to_walk(&k, &w);
    assert_int_equal(ap__walk_max_delta(&w), -(48 + 1) * 8);
    /* the same with stride 2 and no leading padding (48 -> 24): the output may start at the
       input's first byte */
    k.sh = k.sw = 2, k.ph = k.pw = 0, k.oh = k.ow = 24;
    to_walk(&k, &w);
    assert_int_equal(ap__walk_max_delta(&w), 0);
    /* element-wise: same width 0; float -> int8 3 (narrowing); int8 -> float over 10
       elements: the output ends where the input ends, 27 bytes below its start */
    memset(&w, 0, sizeof w);
    w.kind = AP__WALK_ELEMENTWISE, w.elements = 10, w.es_in = 1, w.es_out = 1;
    assert_int_equal(ap__walk_max_delta(&w), 0);
    w.es_in = 4;
    assert_int_equal(ap__walk_max_delta(&w), 3);
    w.es_in = 1, w.es_out = 4;
    assert_int_equal(ap__walk_max_delta(&w), -27);
    w.elements = 1;
    assert_true(ap__walk_max_delta(&w) == AP__UNCONSTRAINED);
    /* PAD 1 on each side of a 2x3x1 image (4x5x1 out): the last interior element is output
       2 * 5 + 3 = 13 and input 5: 8 bytes below */
    memset(&w, 0, sizeof w);
    w.kind = AP__WALK_PAD, w.es_in = w.es_out = 1;
    for (int d = 0; d < 5; d++)
        w.pad_in[d] = w.pad_out[d] = 1;
    w.pad_in[2] = 2, w.pad_out[2] = 4, w.pad_left[2] = 1;
    w.pad_in[3] = 3, w.pad_out[3] = 5, w.pad_left[3] = 1;
    assert_int_equal(ap__walk_max_delta(&w), 5 - 13);
}

/* ---- execution ------------------------------------------------------------------------------ */

typedef struct weights {
    int8_t *wq;
    int32_t *bq;
    float *wf, *bf;
} weights;

static void fill_random(unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (unsigned char)rnd();
}

static void fill_floats(unsigned char *p, int64_t n)
{
    for (int64_t i = 0; i < n; i++) {
        float v = (float)((int64_t)(rnd() % 2001) - 1000) / 250.f;
        memcpy(p + 4 * i, &v, 4);
    }
}

static void make_weights(kop *k, weights *wt)
{
    int64_t nw = k->kind == K_CONV ? k->oc * k->fh * k->fw * k->fic : k->fh * k->fw * k->oc;
    memset(wt, 0, sizeof *wt);
    wt->wq = malloc((size_t)nw + 1);
    wt->bq = malloc(((size_t)k->oc + 1) * sizeof *wt->bq);
    wt->wf = malloc(((size_t)nw + 1) * sizeof *wt->wf);
    wt->bf = malloc(((size_t)k->oc + 1) * sizeof *wt->bf);
    for (int64_t i = 0; i < nw; i++) {
        wt->wq[i] = (int8_t)rnd();
        wt->wf[i] = (float)((int64_t)(rnd() % 201) - 100) / 50.f;
    }
    for (int64_t i = 0; i < k->oc; i++) {
        wt->bq[i] = (int32_t)(rnd() % 2001) - 1000;
        wt->bf[i] = (float)((int64_t)(rnd() % 201) - 100) / 10.f;
    }
    k->wq = wt->wq, k->bq = wt->bq, k->wf = wt->wf, k->bf = wt->bf;
    k->in_zp = (int32_t)rnd_in(-5, 5), k->out_zp = (int32_t)rnd_in(-5, 5);
}

static void free_weights(weights *wt)
{
    free(wt->wq);
    free(wt->bq);
    free(wt->wf);
    free(wt->bf);
}

/* Runs k once with separate buffers and once with the output at in + d inside one arena;
 * returns whether the outputs are bit-identical. */
static int run_overlapped(const kop *k, int64_t d)
{
    int64_t es = k->is_float ? 4 : 1;
    int64_t ib = k_in_elems(k) * es, ob = k_out_elems(k) * es;
    int64_t lo = d < 0 ? d : 0, hi = ib > d + ob ? ib : d + ob, a = -lo;
    unsigned char *in = malloc((size_t)ib + 1), *in2 = malloc((size_t)ib + 1);
    unsigned char *out = malloc((size_t)ob + 1), *arena = malloc((size_t)(hi - lo) + 1);
    if (k->is_float) {
        fill_floats(in, ib / 4);
        fill_floats(in2, ib / 4);
    } else {
        fill_random(in, (size_t)ib);
        fill_random(in2, (size_t)ib);
    }
    fill_random(out, (size_t)ob);
    fill_random(arena, (size_t)(hi - lo));
    memcpy(arena + a, in, (size_t)ib);
    k_exec(k, in, in2, out);
    k_exec(k, arena + a, in2, arena + a + d);
    int same = memcmp(out, arena + a + d, (size_t)ob) == 0;
    free(in);
    free(in2);
    free(out);
    free(arena);
    return same;
}

static void execution_at_the_bound(void **state)
{
    (void)state;
    int kinds[] = {K_CONV, K_DW, K_AVGPOOL, K_MAXPOOL, K_PAD, K_UNARY, K_ADD, K_SOFTMAX};
    long runs = 0;
    for (size_t kk = 0; kk < sizeof kinds / sizeof kinds[0]; kk++)
        for (int i = 0; i < 160; i++) {
            kop k;
            weights wt;
            ap__walk w;
            int is_float = i % 2;
            int64_t es = is_float ? 4 : 1;
            if (kinds[kk] <= K_MAXPOOL) {
                if (!random_spatial(&k, kinds[kk], es))
                    continue;
            } else if (kinds[kk] == K_PAD) {
                random_pad(&k, es);
            } else {
                random_flat(&k, kinds[kk], es, es);
            }
            k.is_float = is_float;
            make_weights(&k, &wt);
            to_walk(&k, &w);
            int64_t b = ap__walk_max_delta(&w), ob = k_out_elems(&k) * es;
            if (b == AP__UNCONSTRAINED)
                b = 0;
            /* at the bound, and at a few places below it where the two still overlap */
            for (int t = 0; t < 4; t++) {
                int64_t d = t == 0 ? b : b - rnd_in(1, ob > 1 ? ob - 1 : 1);
                char what[400];
                if (!run_overlapped(&k, d)) {
                    describe(&k, what, sizeof what);
                    fail_msg("%s run at d = %lld (bound %lld) differs from the separate run: %s",
                             is_float ? "float" : "int8", (long long)d, (long long)b, what);
                }
                runs++;
            }
            free_weights(&wt);
        }
    print_message("overlapped runs identical to separate ones: %ld\n", runs);
    assert_true(runs > 3000);
}

/* One byte beyond the bound corrupts the output, on shapes where the overwritten input byte
 * changes the result: the bound is tight in execution too. */
static void execution_beyond_the_bound(void **state)
{
    (void)state;
    kop k;
    weights wt;
    ap__walk w;
    int corrupted = 0, tried = 0;
    /* person_detect's pointwise convolution, smaller: 6x6x8 -> 6x6x16, int8 and float */
    for (int is_float = 0; is_float < 2; is_float++) {
        memset(&k, 0, sizeof k);
        k.kind = K_CONV, k.b = 1, k.ih = k.iw = k.oh = k.ow = 6, k.ic = k.fic = 8, k.oc = 16;
        k.fh = k.fw = k.sh = k.sw = k.dh = k.dw = 1;
        k.is_float = is_float, k.es_in = k.es_out = is_float ? 4 : 1;
        make_weights(&k, &wt);
        to_walk(&k, &w);
        int64_t b = ap__walk_max_delta(&w);
        assert_int_equal(b, -((36 - 1) * 8 + 15) * (is_float ? 4 : 1));
        assert_true(run_overlapped(&k, b));
        assert_false(run_overlapped(&k, b + 1));
        free_weights(&wt);
    }
    /* 3x3 depthwise with padding, and a 2x2 average pool, int8 */
    memset(&k, 0, sizeof k);
    k.kind = K_DW, k.b = 1, k.ih = k.iw = k.oh = k.ow = 7, k.ic = k.oc = 4, k.dm = 1;
    k.fh = k.fw = 3, k.sh = k.sw = k.dh = k.dw = 1, k.ph = k.pw = 1, k.es_in = k.es_out = 1;
    make_weights(&k, &wt);
    to_walk(&k, &w);
    assert_int_equal(ap__walk_max_delta(&w), -(7 + 1) * 4);
    assert_true(run_overlapped(&k, -(7 + 1) * 4));
    assert_false(run_overlapped(&k, -(7 + 1) * 4 + 1));
    free_weights(&wt);
    /* over many random convolutions one byte beyond the bound nearly always shows */
    for (int i = 0; i < 300; i++) {
        if (!random_spatial(&k, i % 2 ? K_CONV : K_DW, 1))
            continue;
        make_weights(&k, &wt);
        to_walk(&k, &w);
        int64_t b = ap__walk_max_delta(&w);
        if (b != AP__UNCONSTRAINED && k_out_elems(&k) > 1) {
            tried++;
            corrupted += !run_overlapped(&k, b + 1);
        }
        free_weights(&wt);
    }
    assert_true(tried > 100);
    print_message("one byte beyond the bound corrupted %d of %d random convolutions\n", corrupted, tried);
    assert_true(corrupted * 100 >= tried * 95);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(closed_form_known_values),
        cmocka_unit_test(closed_form_equals_trace_spatial),
        cmocka_unit_test(closed_form_equals_trace_flat),
        cmocka_unit_test(execution_at_the_bound),
        cmocka_unit_test(execution_beyond_the_bound),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
