/*
 * test_overlap_models.c - the in-place and overlap rules on models: hand-built graphs that
 * isolate each rule (test_tflite_fbb.h), then every corpus model: which outputs get an
 * allowance and with which max_delta, that an input a later operator still reads never gets
 * one, that every plan passes the checker, and that `best` never needs more bytes with the
 * rules than without (person_detect: at most 38,000 bytes instead of 55,296).
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "arenaplan/tflite.h"
#include "arenaplan/tflm.h"
#include "test_mobilenet_fbb.h"
#include "test_tflite_fbb.h"
#include "testutil.h"
#include "tflm/walk.h"

/* short names for the schema's (arenaplan/schema.h) */
enum { F32 = AP_TFL_FLOAT32, I32 = AP_TFL_INT32, I8 = AP_TFL_INT8 };
enum {
    OP_ADD = AP_TFL_OP_ADD, OP_AVG = AP_TFL_OP_AVERAGE_POOL_2D, OP_CONV = AP_TFL_OP_CONV_2D,
    OP_DW = AP_TFL_OP_DEPTHWISE_CONV_2D, OP_MAXP = AP_TFL_OP_MAX_POOL_2D, OP_RELU = AP_TFL_OP_RELU,
    OP_RESHAPE = AP_TFL_OP_RESHAPE, OP_SOFTMAX = AP_TFL_OP_SOFTMAX, OP_PAD = AP_TFL_OP_PAD,
    OP_SQUEEZE = AP_TFL_OP_SQUEEZE, OP_EXPAND_DIMS = AP_TFL_OP_EXPAND_DIMS,
    OP_QUANTIZE = AP_TFL_OP_QUANTIZE
};

/* ---- a small graph builder over test_tflite_fbb.h -------------------------------------------- */

static fbb_node *T[64], *B[64], *O[32], *C[32];
static int nT, nB, nO;
static const unsigned char four[4] = {1, 2, 3, 4};
static const unsigned char zero4[4] = {0, 0, 0, 0};

static void g_reset(void)
{
    nT = nO = 0;
    B[0] = tfl_buffer(NULL, 0);
    nB = 1;
}

static int g_tensor(int type, fbb_node *shape)
{
    char name[16];
    snprintf(name, sizeof name, "t%d", nT);
    T[nT] = tfl_tensor(name, type, shape, 0);
    return nT++;
}

static int g_const(int type, fbb_node *shape, const void *data, size_t n)
{
    char name[16];
    snprintf(name, sizeof name, "c%d", nT);
    B[nB] = tfl_buffer(data, n);
    T[nT] = tfl_tensor(name, type, shape, (uint32_t)nB++);
    return nT++;
}

static void g_op(int code, fbb_node *ins, fbb_node *outs, uint8_t opt_type, fbb_node *opt)
{
    C[nO] = tfl_opcode(code, NULL);
    O[nO] = tfl_op((uint32_t)nO, ins, outs, opt_type, opt);
    nO++;
}

static fbb_node *tables(fbb_node **v, int n)
{
    fbb_node *x = fbb_new(FBB_TABLES);
    x->kids = calloc((size_t)n + 1, sizeof *x->kids);
    x->n = (size_t)n;
    for (int i = 0; i < n; i++)
        x->kids[i] = v[i];
    return x;
}

static fbb_node *conv_opt(int padding, int stride)
{
    fbb_node *t = fbb_table();
    /* Conv2DOptions, DepthwiseConv2DOptions and Pool2DOptions start alike */
    fbb_scalar(t, AP_TFL_F_CONV_2D_PADDING, 1, (uint64_t)padding);
    fbb_scalar(t, AP_TFL_F_CONV_2D_STRIDE_W, 4, (uint64_t)stride);
    fbb_scalar(t, AP_TFL_F_CONV_2D_STRIDE_H, 4, (uint64_t)stride);
    return t;
}

static fbb_node *dw_opt(int padding, int stride, int dm)
{
    fbb_node *t = conv_opt(padding, stride);
    return fbb_scalar(t, AP_TFL_F_DEPTHWISE_CONV_2D_DEPTH_MULTIPLIER, 4, (uint64_t)dm);
}

static fbb_node *pool_opt(int padding, int stride, int f)
{
    fbb_node *t = conv_opt(padding, stride);
    fbb_scalar(t, AP_TFL_F_POOL_2D_FILTER_WIDTH, 4, (uint64_t)f);
    return fbb_scalar(t, AP_TFL_F_POOL_2D_FILTER_HEIGHT, 4, (uint64_t)f);
}

/* The problem of model bytes d (freed) with the rules named. */
static ap_problem *bytes_problem(unsigned char *d, size_t len, const char *inplace,
                                 const char *overlap)
{
    ap_tflite_build_options lo;
    ap_problem *p = NULL;
    ap_error err = {0};
    ap_tflite_build_options_init(&lo);
    lo.inplace = (ap_tflm_inplace)tflm_set(AP_TFLM_SET_INPLACE, inplace);
    lo.overlap = (ap_tflm_overlap)tflm_set(AP_TFLM_SET_OVERLAP, overlap);
    if (ap_tflite_load_problem(d, len, "built.tflite", &lo, &p, &err) != AP_OK)
        fail_msg("%s", err.msg);
    free(d);
    return p;
}

/* Builds the model and its problem with the given rules; fails the test on error. */
static ap_problem *g_load(fbb_node *inputs, fbb_node *outputs, const char *inplace,
                          const char *overlap)
{
    fbb_node *sg = tfl_subgraph(tables(T, nT), inputs, outputs, tables(O, nO), "main");
    fbb_node *root = tfl_model(tables(C, nO), fbb_tables(1, sg), tables(B, nB), NULL);
    size_t len;
    unsigned char *data = fbb_finish(root, &len);
    ap_problem *p = bytes_problem(data, len, inplace, overlap);
    fbb_reset();
    return p;
}

/* The allowance of buffer (tensor id) over on base, or NULL. */
static const ap_overlap *allowance(const ap_problem *p, const char *base, const char *over)
{
    long b = ap_problem_find_id(p, base), o = ap_problem_find_id(p, over);
    if (b < 0 || o < 0)
        fail_msg("no buffer %s or %s", base, over);
    return ap_problem_find_overlap(p, (size_t)b, (size_t)o);
}

static void assert_allowance(const ap_problem *p, const char *base, const char *over,
                             int64_t max_delta, unsigned flags, const char *why)
{
    const ap_overlap *o = allowance(p, base, over);
    if (!o)
        fail_msg("no allowance for %s over %s", over, base);
    if (o->max_delta != max_delta || o->flags != flags || strcmp(o->why, why) != 0)
        fail_msg("%s over %s: max_delta %lld flags %u why '%s'; expected %lld, %u, '%s'", over,
                 base, (long long)o->max_delta, o->flags, o->why, (long long)max_delta, flags,
                 why);
}

/* ---- hand-built graphs ---------------------------------------------------------------------- */

/* input -> CONV 3x3 SAME -> a -> CONV 1x1 (8 -> 16) -> b -> AVERAGE_POOL 2x2/2 -> c (output) */
static ap_problem *conv_chain(const char *overlap)
{
    g_reset();
    int in = g_tensor(I8, fbb_ints(4, 1, 8, 8, 4));
    int f1 = g_const(I8, fbb_ints(4, 8, 3, 3, 4), four, 4);
    int a = g_tensor(I8, fbb_ints(4, 1, 8, 8, 8));
    int f2 = g_const(I8, fbb_ints(4, 16, 1, 1, 8), four, 4);
    int b = g_tensor(I8, fbb_ints(4, 1, 8, 8, 16));
    int c = g_tensor(I8, fbb_ints(4, 1, 4, 4, 16));
    g_op(OP_CONV, fbb_ints(2, in, f1), fbb_ints(1, a), AP_TFL_OPT_CONV_2D, conv_opt(0, 1));
    g_op(OP_CONV, fbb_ints(2, a, f2), fbb_ints(1, b), AP_TFL_OPT_CONV_2D, conv_opt(0, 1));
    g_op(OP_AVG, fbb_ints(1, b), fbb_ints(1, c), AP_TFL_OPT_POOL_2D, pool_opt(1, 2, 2));
    return g_load(fbb_ints(1, in), fbb_ints(1, c), NULL, overlap);
}

static void overlap_rules_on_a_conv_chain(void **state)
{
    (void)state;
    ap_problem *p = conv_chain("reference");
    assert_int_equal(p->n_ovl, 3);
    /* the pointwise convolution: 63 pixels of 8 bytes and 15 channels below */
    assert_allowance(p, "2", "4", -(63 * 8 + 15), 0, "CONV_2D op 1 (reference kernel order)");
    /* the pool reads pixel (2y, 2x) first: the output may start at the input */
    assert_allowance(p, "4", "5", 0, 0, "AVERAGE_POOL_2D op 2 (reference kernel order)");
    /* the first convolution reads subgraph 0's input, which dies there like any tensor:
       pixel (7, 7) channel 7 is written at (7 * 8 + 7) * 8 + 7 and reads from pixel (6, 6),
       ((6 * 8 + 6) * 4 */
    assert_allowance(p, "0", "2", (6 * 8 + 6) * 4 - ((7 * 8 + 7) * 8 + 7), 0,
                     "CONV_2D op 0 (reference kernel order)");
    assert_contains(p->note, "overlap rules: reference kernels (3 allowances; the plan holds "
                             "only with TFLM's reference kernels, not optimized ones such as "
                             "CMSIS-NN or Xtensa)");
    ap_bounds bd;
    ap_error err = {0};
    assert_int_equal(ap_bounds_compute(p, &bd, &err), AP_OK);
    /* step 2: a (512) and b (1024) live; b may start 519 bytes below a, 528 at the 16-byte
       alignment, and share 1024 - 528 = 496 bytes */
    assert_int_equal(bd.live, 512 + 1024);
    assert_int_equal(bd.live_overlap, 512 + 1024 - 496);
    assert_int_equal(bd.lower, 1040);
    /* b at 0, a 519 bytes above rounded up to 528, c over b: 1040 */
    ap_plan plan;
    ap_plan_init(&plan);
    assert_int_equal(plan_checked(p, "best", &plan), 1040);
    ap_plan_free(&plan);
    ap_problem_free(p);

    /* without rules: no allowance, TFLM's figures */
    p = conv_chain(NULL);
    assert_int_equal(p->n_ovl, 0);
    assert_null(strstr(p->note, "overlap"));
    ap_problem_free(p);
}

/* A residual block: a feeds RELU and, later, ADD; b = RELU(a); c = ADD(a, b). */
static ap_problem *residual(const char *inplace, const char *overlap)
{
    g_reset();
    int in = g_tensor(I8, fbb_ints(4, 1, 4, 4, 8));
    int f = g_const(I8, fbb_ints(4, 8, 1, 1, 8), four, 4);
    int a = g_tensor(I8, fbb_ints(4, 1, 4, 4, 8));
    int b = g_tensor(I8, fbb_ints(4, 1, 4, 4, 8));
    int c = g_tensor(I8, fbb_ints(4, 1, 4, 4, 8));
    int d = g_tensor(I8, fbb_ints(4, 1, 4, 4, 8));
    g_op(OP_CONV, fbb_ints(2, in, f), fbb_ints(1, a), AP_TFL_OPT_CONV_2D, conv_opt(0, 1));
    g_op(OP_RELU, fbb_ints(1, a), fbb_ints(1, b), 0, NULL);
    g_op(OP_ADD, fbb_ints(2, a, b), fbb_ints(1, c), 0, NULL);
    g_op(OP_RELU, fbb_ints(1, c), fbb_ints(1, d), 0, NULL);
    return g_load(fbb_ints(1, in), fbb_ints(1, d), inplace, overlap);
}

static void residual_inputs_are_never_aliased(void **state)
{
    (void)state;
    const char *modes[3][2] = {{"elementwise", NULL}, {NULL, "reference"},
                               {"elementwise", "reference"}};
    for (int m = 0; m < 3; m++) {
        ap_problem *p = residual(modes[m][0], modes[m][1]);
        const char *sfx = modes[m][0] ? "" : " (reference kernel order)";
        unsigned fl = modes[m][0] ? AP_OVERLAP_ALIAS : 0;
        char why[64];
        /* RELU reads a, which the ADD reads later: no allowance */
        assert_null(allowance(p, "2", "3"));
        /* ADD is a's and b's last reader: the output takes the first input's place */
        snprintf(why, sizeof why, "ADD op 2%s", sfx);
        assert_allowance(p, "2", "4", 0, fl, why);
        assert_null(allowance(p, "3", "4"));
        /* the last RELU writes the subgraph output over c */
        snprintf(why, sizeof why, "RELU op 3%s", sfx);
        assert_allowance(p, "4", "5", 0, fl, why);
        /* with the overlap rule the 1x1 convolution may write a over the input, which dies
           there: channel 7 of a pixel is written 7 bytes past the pixel's first input byte */
        if (modes[m][1])
            assert_allowance(p, "0", "2", -7, 0, "CONV_2D op 0 (reference kernel order)");
        assert_int_equal(p->n_ovl, modes[m][1] ? 3 : 2);
        ap_plan plan;
        ap_plan_init(&plan);
        /* at step 3 a, b and c are live: c shares a's bytes, so 256 bytes, not 384 */
        assert_int_equal(plan_checked(p, "best", &plan), 256);
        ap_plan_free(&plan);
        ap_problem_free(p);
    }
    ap_problem *p = residual("reshape", NULL);
    assert_int_equal(p->n_ovl, 0);
    assert_contains(p->note, "in-place: reshape (0 aliases)");
    ap_problem_free(p);
}

static void broadcasting_and_widths(void **state)
{
    (void)state;
    /* ADD with a broadcast second operand: no alias; QUANTIZE int8 -> int8 aliases, float ->
       int8 does not (sizes differ) but the overlap rule lets it start 3 bytes in */
    g_reset();
    int in = g_tensor(I8, fbb_ints(4, 1, 4, 4, 8));
    int bias = g_tensor(I8, fbb_ints(4, 1, 1, 1, 8));
    int a = g_tensor(I8, fbb_ints(4, 1, 4, 4, 8));
    int b = g_tensor(I8, fbb_ints(4, 1, 4, 4, 8));
    int q = g_tensor(I8, fbb_ints(4, 1, 4, 4, 8));
    int fl = g_tensor(F32, fbb_ints(2, 4, 8));
    int fa = g_tensor(F32, fbb_ints(2, 4, 8));
    int fq = g_tensor(I8, fbb_ints(2, 4, 8));
    g_op(OP_RELU, fbb_ints(1, in), fbb_ints(1, a), 0, NULL);
    g_op(OP_ADD, fbb_ints(2, a, bias), fbb_ints(1, b), 0, NULL);
    g_op(OP_QUANTIZE, fbb_ints(1, b), fbb_ints(1, q), 0, NULL);
    g_op(OP_RELU, fbb_ints(1, fl), fbb_ints(1, fa), 0, NULL);
    g_op(OP_QUANTIZE, fbb_ints(1, fa), fbb_ints(1, fq), 0, NULL);
    ap_problem *p = g_load(fbb_ints(3, in, bias, fl), fbb_ints(2, q, fq), "elementwise", NULL);
    assert_null(allowance(p, "2", "3"));
    assert_allowance(p, "3", "4", 0, AP_OVERLAP_ALIAS, "QUANTIZE op 2");
    assert_null(allowance(p, "6", "7"));
    /* the two RELUs write over the subgraph inputs they read last */
    assert_allowance(p, "0", "2", 0, AP_OVERLAP_ALIAS, "RELU op 0");
    assert_allowance(p, "5", "6", 0, AP_OVERLAP_ALIAS, "RELU op 3");
    assert_int_equal(p->n_ovl, 3);
    ap_problem_free(p);
}

static void quantize_narrowing_overlap(void **state)
{
    (void)state;
    g_reset();
    int fl = g_tensor(F32, fbb_ints(2, 4, 8));
    int fa = g_tensor(F32, fbb_ints(2, 4, 8));
    int fq = g_tensor(I8, fbb_ints(2, 4, 8));
    int fd = g_tensor(F32, fbb_ints(2, 4, 8));
    g_op(OP_RELU, fbb_ints(1, fl), fbb_ints(1, fa), 0, NULL);
    g_op(OP_QUANTIZE, fbb_ints(1, fa), fbb_ints(1, fq), 0, NULL);
    g_op(6 /* DEQUANTIZE */, fbb_ints(1, fq), fbb_ints(1, fd), 0, NULL);
    ap_problem *p = g_load(fbb_ints(1, fl), fbb_ints(1, fd), NULL, "reference");
    /* float -> int8: element i is written below where input i + 1 starts: 3 bytes in */
    assert_allowance(p, "1", "2", 3, 0, "QUANTIZE op 1 (reference kernel order)");
    /* int8 -> float over 32 elements: the output must end where the input ends */
    assert_allowance(p, "2", "3", -31 * 3, 0, "DEQUANTIZE op 2 (reference kernel order)");
    ap_plan plan;
    ap_plan_init(&plan);
    plan_checked(p, "best", &plan);
    ap_plan_free(&plan);
    ap_problem_free(p);
}

static void reshape_family_aliases(void **state)
{
    (void)state;
    for (int mode = 0; mode < 2; mode++) {
        g_reset();
        int32_t shape2[2] = {4, 32};
        int in = g_tensor(I8, fbb_ints(4, 1, 4, 4, 8));
        int a = g_tensor(I8, fbb_ints(4, 1, 4, 4, 8));
        int s = g_const(I32, fbb_ints(1, 2), shape2, sizeof shape2);
        int r = g_tensor(I8, fbb_ints(2, 4, 32));
        int e = g_tensor(I8, fbb_ints(3, 1, 4, 32));
        int axis = g_const(I32, fbb_ints(0), zero4, 4); /* EXPAND_DIMS at 0: [1, 4, 32] */
        int q = g_tensor(I8, fbb_ints(2, 4, 32));
        int sm = g_tensor(I8, fbb_ints(2, 4, 32));
        g_op(OP_RELU, fbb_ints(1, in), fbb_ints(1, a), 0, NULL);
        g_op(OP_RESHAPE, fbb_ints(2, a, s), fbb_ints(1, r), 0, NULL);
        g_op(OP_EXPAND_DIMS, fbb_ints(2, r, axis), fbb_ints(1, e), 0, NULL);
        g_op(OP_SQUEEZE, fbb_ints(1, e), fbb_ints(1, q), 0, NULL);
        g_op(OP_SOFTMAX, fbb_ints(1, q), fbb_ints(1, sm), 0, NULL);
        ap_problem *p = g_load(fbb_ints(1, in), fbb_ints(1, sm), mode ? "elementwise" : "reshape",
                               NULL);
        /* RESHAPE and SQUEEZE memcpy: exact; EXPAND_DIMS copies forward: d <= 0 */
        assert_allowance(p, "1", "3", 0, AP_OVERLAP_ALIAS | AP_OVERLAP_EXACT, "RESHAPE op 1");
        assert_allowance(p, "3", "4", 0, AP_OVERLAP_ALIAS, "EXPAND_DIMS op 2");
        assert_allowance(p, "4", "6", 0, AP_OVERLAP_ALIAS | AP_OVERLAP_EXACT, "SQUEEZE op 3");
        if (mode) {
            assert_allowance(p, "6", "7", 0, AP_OVERLAP_ALIAS, "SOFTMAX op 4");
            assert_allowance(p, "0", "1", 0, AP_OVERLAP_ALIAS, "RELU op 0");
            assert_int_equal(p->n_ovl, 5);
        } else {
            assert_int_equal(p->n_ovl, 3);
        }
        /* every buffer from a on can share one place (and with element-wise aliases the input
           too): the arena is two buffers, or one */
        ap_plan plan;
        ap_plan_init(&plan);
        assert_int_equal(plan_checked(p, "best", &plan), mode ? 128 : 256);
        assert_int_equal(plan.offset[ap_problem_find_id(p, "1")],
                         plan.offset[ap_problem_find_id(p, "3")]);
        ap_plan_free(&plan);
        ap_problem_free(p);
    }
}

static void pad_and_depthwise(void **state)
{
    (void)state;
    g_reset();
    int32_t pads[8] = {0, 0, 1, 1, 1, 1, 0, 0};
    int in = g_tensor(I8, fbb_ints(4, 1, 6, 6, 4));
    int a = g_tensor(I8, fbb_ints(4, 1, 6, 6, 4));
    int pd = g_const(I32, fbb_ints(2, 4, 2), pads, sizeof pads);
    int b = g_tensor(I8, fbb_ints(4, 1, 8, 8, 4));
    int f = g_const(I8, fbb_ints(4, 1, 3, 3, 8), four, 4);
    int c = g_tensor(I8, fbb_ints(4, 1, 6, 6, 8));
    int d = g_tensor(I8, fbb_ints(4, 1, 3, 3, 8));
    g_op(OP_RELU, fbb_ints(1, in), fbb_ints(1, a), 0, NULL);
    g_op(OP_PAD, fbb_ints(2, a, pd), fbb_ints(1, b), 0, NULL);
    /* VALID 3x3 depthwise with multiplier 2 on the padded 8x8 */
    g_op(OP_DW, fbb_ints(2, b, f), fbb_ints(1, c), AP_TFL_OPT_DEPTHWISE_CONV_2D, dw_opt(1, 1, 2));
    g_op(OP_MAXP, fbb_ints(1, c), fbb_ints(1, d), AP_TFL_OPT_POOL_2D, pool_opt(1, 2, 2));
    ap_problem *p = g_load(fbb_ints(1, in), fbb_ints(1, d), NULL, "reference");
    /* PAD: the last interior element is output (6 * 8 + 6) * 4 + 3 and input 143 */
    assert_allowance(p, "1", "3", 143 - ((6 * 8 + 6) * 4 + 3), 0,
                     "PAD op 1 (reference kernel order)");
    /* depthwise, multiplier 2: output pixel (y, x) channel 2i + 1 reads input (y, x, i) first */
    ap__walk w;
    memset(&w, 0, sizeof w);
    w.kind = AP__WALK_DEPTHWISE, w.batches = 1, w.in_h = w.in_w = 8, w.in_c = 4;
    w.out_h = w.out_w = 6, w.out_c = 8, w.filter_h = w.filter_w = 3, w.stride_h = w.stride_w = 1;
    w.dil_h = w.dil_w = 1, w.depth_mult = 2, w.es_in = w.es_out = 1;
    int64_t dw = ap__walk_max_delta(&w);
    /* pixel (5, 5): reads from input pixel (5, 5) = 45, writes from output pixel 35; the
       last channel 7 reads input channel 3 */
    assert_int_equal(dw, 45 * 4 + 3 - (35 * 8 + 7));
    assert_allowance(p, "3", "5", dw, 0, "DEPTHWISE_CONV_2D op 2 (reference kernel order)");
    assert_allowance(p, "5", "6", 0, 0, "MAX_POOL_2D op 3 (reference kernel order)");
    ap_plan plan;
    ap_plan_init(&plan);
    plan_checked(p, "best", &plan);
    ap_plan_free(&plan);
    ap_problem_free(p);
}

static void not_modelled_or_inconsistent(void **state)
{
    (void)state;
    /* a convolution whose output tensor has another size than TFLM computes, and one whose
       input is also a subgraph output: no allowances; the subgraph input dies at op 2 (the
       second RELU), which may write c over it */
    g_reset();
    int in = g_tensor(I8, fbb_ints(4, 1, 8, 8, 4));
    int a = g_tensor(I8, fbb_ints(4, 1, 8, 8, 4));
    int f = g_const(I8, fbb_ints(4, 4, 3, 3, 4), four, 4);
    int b = g_tensor(I8, fbb_ints(4, 1, 7, 7, 4));
    int c = g_tensor(I8, fbb_ints(4, 1, 8, 8, 4));
    int d = g_tensor(I8, fbb_ints(4, 1, 8, 8, 4));
    g_op(OP_RELU, fbb_ints(1, in), fbb_ints(1, a), 0, NULL);
    g_op(OP_CONV, fbb_ints(2, a, f), fbb_ints(1, b), AP_TFL_OPT_CONV_2D, conv_opt(0, 1));
    g_op(OP_RELU, fbb_ints(1, in), fbb_ints(1, c), 0, NULL);
    g_op(OP_CONV, fbb_ints(2, c, f), fbb_ints(1, d), AP_TFL_OPT_CONV_2D, conv_opt(0, 1));
    /* a variable (a state, kept in TFLM's tail, not planned) read for the last time */
    int v = g_tensor(I8, fbb_ints(1, 16));
    int e = g_tensor(I8, fbb_ints(1, 16));
    tfl_variable(T[v]);
    g_op(OP_RELU, fbb_ints(1, v), fbb_ints(1, e), 0, NULL);
    ap_problem *p = g_load(fbb_ints(1, in), fbb_ints(4, b, c, d, e), "elementwise", "reference");
    assert_allowance(p, "0", "4", 0, AP_OVERLAP_ALIAS, "RELU op 2");
    assert_int_equal(p->n_ovl, 1);
    assert_int_equal(ap_problem_find_id(p, "6"), -1);
    ap_problem_free(p);
}

static void unknown_rule_sets(void **state)
{
    (void)state;
    unsigned char *data;
    size_t len;
    ap_tflite_build_options lo;
    ap_problem *p = NULL;
    ap_error err = {0};
    g_reset();
    int in = g_tensor(I8, fbb_ints(1, 4)), out = g_tensor(I8, fbb_ints(1, 4));
    g_op(OP_RELU, fbb_ints(1, in), fbb_ints(1, out), 0, NULL);
    fbb_node *sg = tfl_subgraph(tables(T, nT), fbb_ints(1, in), fbb_ints(1, out), tables(O, nO), NULL);
    data = fbb_finish(tfl_model(tables(C, nO), fbb_tables(1, sg), tables(B, nB), NULL), &len);
    fbb_reset();
    int v;
    /* names are looked up in the one table; the loader takes the values */
    assert_int_equal(ap_tflm_set_find(AP_TFLM_SET_INPLACE, "everything", &v, &err), AP_ERR_USAGE);
    assert_string_equal(err.msg, "unknown in-place rule set \"everything\" (known: none, "
                                 "reshape, elementwise)");
    assert_int_equal(ap_tflm_set_find(AP_TFLM_SET_OVERLAP, "cmsis-nn", &v, &err), AP_ERR_USAGE);
    assert_string_equal(err.msg, "unknown overlap rule set \"cmsis-nn\" (known: none, "
                                 "reference, slices)");
    ap_tflite_build_options_init(&lo);
    lo.inplace = AP_TFLM_INPLACE_COUNT;
    assert_int_equal(ap_tflite_load_problem(data, len, "m.tflite", &lo, &p, &err), AP_ERR_USAGE);
    assert_string_equal(err.msg, "m.tflite: in-place rule set 3 is not an ap_tflm_inplace");
    lo.inplace = AP_TFLM_INPLACE_NONE;
    lo.overlap = AP_TFLM_OVERLAP_COUNT;
    assert_int_equal(ap_tflite_load_problem(data, len, "m.tflite", &lo, &p, &err), AP_ERR_USAGE);
    assert_string_equal(err.msg, "m.tflite: overlap rule set 3 is not an ap_tflm_overlap");
    assert_null(p);
    free(data);
}

/* ---- the checker and the placer with aliases ------------------------------------------------- */

static void checker_with_aliases(void **state)
{
    (void)state;
    /* a (0..2), b aliases a at step 1 (plain), c aliases b exactly at step 2, x lives 0..3 */
    ap_problem *p = problem_from_csv("id,lower,upper,size\na,0,2,64\nb,1,3,64\nc,2,4,64\nx,0,4,32\n");
    ap_error err = {0};
    ap_check_result res;
    assert_int_equal(ap_problem_add_overlap(p, 0, 1, 0, AP_OVERLAP_ALIAS, "RELU op 1", &err), AP_OK);
    assert_int_equal(ap_problem_add_overlap(p, 1, 2, 0, AP_OVERLAP_ALIAS | AP_OVERLAP_EXACT,
                                            "RESHAPE op 2", &err), AP_OK);
    assert_int_equal(ap_problem_validate(p, &err), AP_OK);
    int64_t ok[4] = {0, 0, 0, 64};
    assert_int_equal(ap_check(p, ok, &res), AP_OK);
    assert_int_equal(res.arena, 96);
    /* the plain alias may sit below its base... */
    int64_t below[4] = {48, 0, 0, 112};
    assert_int_equal(ap_check(p, below, &res), AP_OK);
    /* ...not above it */
    int64_t above[4] = {0, 16, 16, 80};
    assert_int_equal(ap_check(p, above, &res), AP_ERR_INVALID);
    assert_int_equal(res.fault, AP_FAULT_ALLOWANCE);
    assert_contains(res.message, "beyond what their overlap allowance permits");
    /* the exact alias only at the same offset: 16 below its base is refused */
    int64_t shifted[4] = {16, 16, 0, 96};
    assert_int_equal(ap_check(p, shifted, &res), AP_ERR_INVALID);
    assert_int_equal(res.fault, AP_FAULT_ALLOWANCE);
    assert_string_equal(p->buf[res.a].id, "b");
    assert_string_equal(p->buf[res.b].id, "c");
    /* any other buffer that touches the aliased bytes while live is a conflict */
    int64_t intruder[4] = {0, 0, 0, 48};
    assert_int_equal(ap_check(p, intruder, &res), AP_ERR_INVALID);
    assert_int_equal(res.fault, AP_FAULT_OVERLAP);
    assert_string_equal(p->buf[res.a].id, "a");
    assert_string_equal(p->buf[res.b].id, "x");
    /* every planner uses the aliases: two 64-byte places are never needed */
    const char *all[] = {"greedy", "bestfit-size", "bestfit-breadth", "firstfit-breadth",
                         "pingpong", "search", "best"};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
        ap_plan plan;
        ap_plan_init(&plan);
        assert_int_equal(plan_checked(p, all[i], &plan), 96);
        ap_plan_free(&plan);
    }
    ap_problem_free(p);
}

/* The bound with allowances: d is a multiple of the smaller alignment, so max_delta counts
 * rounded down to it; an exact allowance at a distance no alignment permits saves nothing. */
static void bound_with_alignment(void **state)
{
    (void)state;
    struct {
        int64_t md;
        unsigned flags;
        int64_t live_overlap;
    } cases[] = {
        {-19, 0, 96 + 64 - (64 - 32)}, /* -19 -> -32: 32 bytes shared */
        {-16, 0, 96 + 64 - 48},
        {0, 0, 96 + 64 - 64},
        {40, 0, 96 + 64 - 64},        /* d = 0 is allowed: all of b */
        {-16, AP_OVERLAP_EXACT, 96 + 64 - 48},
        {-8, AP_OVERLAP_EXACT, 96 + 64},  /* never holds at 16-byte offsets */
        {32, AP_OVERLAP_EXACT, 96 + 64 - 64}, /* b inside a, 32 bytes in */
        {48, AP_OVERLAP_EXACT, 96 + 64 - 48}, /* b sticks out of a by 16 */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ap_problem *p = problem_from_csv("id,lower,upper,size,alignment\na,0,2,96,16\nb,1,3,64,32\n");
        ap_error err = {0};
        ap_bounds bd;
        assert_int_equal(ap_problem_add_overlap(p, 0, 1, cases[i].md, cases[i].flags, "t", &err),
                         AP_OK);
        assert_int_equal(ap_problem_validate(p, &err), AP_OK);
        assert_int_equal(ap_bounds_compute(p, &bd, &err), AP_OK);
        if (bd.live_overlap != (cases[i].live_overlap > 96 ? cases[i].live_overlap : 96))
            fail_msg("max_delta %lld flags %u: live_overlap %lld, expected %lld",
                     (long long)cases[i].md, cases[i].flags, (long long)bd.live_overlap,
                     (long long)cases[i].live_overlap);
        /* and the bound holds: best is never below it */
        ap_plan plan;
        ap_plan_init(&plan);
        assert_true(plan_checked(p, "best", &plan) >= bd.lower);
        ap_plan_free(&plan);
        ap_problem_free(p);
    }
}

/* The placer splits an obstacle at an exact allowance's one position. */
static void placer_exact_position(void **state)
{
    (void)state;
    /* base a (lifetime 0..2, 64 bytes) is placed first (larger); b (48 bytes, 1..3) may share
       a's bytes only at a + 16 exactly */
    ap_problem *p = problem_from_csv("id,lower,upper,size\na,0,2,64\nb,1,3,48\n");
    ap_error err = {0};
    assert_int_equal(ap_problem_add_overlap(p, 0, 1, 16, AP_OVERLAP_EXACT, "test", &err), AP_OK);
    assert_int_equal(ap_problem_validate(p, &err), AP_OK);
    ap_plan plan;
    ap_plan_init(&plan);
    assert_int_equal(plan_checked(p, "greedy", &plan), 64);
    assert_int_equal(plan.offset[0], 0);
    assert_int_equal(plan.offset[1], 16);
    ap_plan_free(&plan);
    ap_problem_free(p);
    /* the same allowance seen from the base: greedy places b first (larger) at 0, where a
       cannot start 16 below it, so a goes above (80 bytes); an order that places a first
       finds the shared position, and best keeps it */
    p = problem_from_csv("id,lower,upper,size\na,0,2,32\nb,1,3,48\n");
    assert_int_equal(ap_problem_add_overlap(p, 0, 1, 16, AP_OVERLAP_EXACT, "test", &err), AP_OK);
    assert_int_equal(ap_problem_validate(p, &err), AP_OK);
    ap_plan_init(&plan);
    assert_int_equal(plan_checked(p, "greedy", &plan), 80);
    assert_int_equal(plan.offset[0], 48);
    ap_plan_free(&plan);
    ap_plan_init(&plan);
    assert_int_equal(plan_checked(p, "best", &plan), 64);
    assert_int_equal(plan.offset[1] - plan.offset[0], 16);
    ap_plan_free(&plan);
    ap_problem_free(p);
}

/* ---- the corpus ------------------------------------------------------------------------------ */

typedef struct model_file {
    char path[512];
} model_file;

static size_t list_models(model_file **out)
{
    const char *dirs[] = {"corpus/models/tflm", "corpus/models/more", "corpus/models/seanet"};
    size_t n = 0, cap = 0;
    *out = NULL;
    for (size_t d = 0; d < 3; d++) {
        const char *dir = src_path(dirs[d]);
        DIR *dp = opendir(dir);
        struct dirent *e;
        assert_non_null(dp);
        while ((e = readdir(dp))) {
            size_t l = strlen(e->d_name);
            if (l < 8 || strcmp(e->d_name + l - 7, ".tflite") != 0)
                continue;
            if (n == cap) {
                cap = cap ? 2 * cap : 64;
                *out = realloc(*out, cap * sizeof **out);
            }
            snprintf((*out)[n++].path, sizeof (*out)[0].path, "%s/%s", dir, e->d_name);
        }
        closedir(dp);
    }
    return n;
}

static ap_problem *load_with(const char *path, const char *inplace, const char *overlap)
{
    ap_load_options lo;
    ap_problem *p = NULL;
    ap_error err = {0};
    ap_load_options_init(&lo);
    lo.build.inplace = (ap_tflm_inplace)tflm_set(AP_TFLM_SET_INPLACE, inplace);
    lo.build.overlap = (ap_tflm_overlap)tflm_set(AP_TFLM_SET_OVERLAP, overlap);
    return ap_load(path, &lo, &p, &err) == AP_OK ? p : NULL;
}

/* Checks every allowance against the graph, independently of the rules' code: the operator
 * the allowance names writes `over` as output 0 and reads `base`; no operator after it reads
 * base; base is no subgraph output, and no subgraph input unless of subgraph 0. */
static void check_against_graph(const ap_tfl_model *m, const ap_problem *p, const char *path)
{
    for (size_t i = 0; i < p->n_ovl; i++) {
        const ap_overlap *o = &p->ovl[i];
        const ap_buffer *base = &p->buf[o->base], *over = &p->buf[o->over];
        const char *at = strstr(o->why, " op ");
        unsigned s = 0, k = 0;
        assert_non_null(at);
        if (sscanf(at + 4, "%u:%u", &s, &k) != 2) {
            s = 0;
            assert_int_equal(sscanf(at + 4, "%u", &k), 1);
        }
        assert_int_equal(base->subgraph, (int)s);
        assert_int_equal(over->subgraph, (int)s);
        const ap_tfl_subgraph *g = &m->subgraphs[s];
        const ap_tfl_operator *op = &g->ops[k];
        int reads = 0;
        assert_int_equal(op->outputs[0], over->tensor);
        for (uint32_t q = 0; q < op->n_inputs; q++)
            reads |= op->inputs[q] == base->tensor;
        assert_true(reads);
        for (uint32_t j = k + 1; j < g->n_ops; j++)
            for (uint32_t q = 0; q < g->ops[j].n_inputs; q++)
                if (g->ops[j].inputs[q] == base->tensor)
                    fail_msg("%s: %s over %s, but operator %u reads %s later", path, over->id,
                             base->id, j, base->id);
        for (uint32_t q = 0; q < g->n_inputs && s != 0; q++)
            assert_int_not_equal(g->inputs[q], base->tensor);
        for (uint32_t q = 0; q < g->n_outputs; q++)
            assert_int_not_equal(g->outputs[q], base->tensor);
        /* they meet at that operator's step only */
        assert_int_equal(base->upper, over->lower + 1);
    }
}

static void corpus_allowances_follow_the_graph(void **state)
{
    (void)state;
    model_file *files;
    size_t n = list_models(&files), with = 0, total = 0;
    assert_true(n >= 160);
    for (size_t i = 0; i < n; i++) {
        ap_problem *p = load_with(files[i].path, "elementwise", "reference");
        if (!p)
            continue; /* models TFLM cannot allocate (the STRING one) */
        size_t len;
        unsigned char *data = NULL;
        ap_tfl_model *m = NULL;
        ap_error err = {0};
        assert_int_equal(ap_read_file(files[i].path, (size_t)1 << 30, &data, &len, &err), AP_OK);
        assert_int_equal(ap_tflite_read(data, len, &m, &err), AP_OK);
        check_against_graph(m, p, files[i].path);
        with += p->n_ovl > 0;
        total += p->n_ovl;
        ap_tflite_free(m);
        free(data);
        ap_problem_free(p);
    }
    /* the seanet models are single operators on subgraph inputs: no allowance there */
    assert_true(with >= 20);
    assert_true(total >= 300);
    free(files);
}

/* `best` with the rules never needs more than without; every plan passes the checker. */
static void corpus_best_is_never_worse(void **state)
{
    (void)state;
    model_file *files;
    size_t n = list_models(&files), improved = 0;
    for (size_t i = 0; i < n; i++) {
        ap_problem *without = load_with(files[i].path, NULL, NULL);
        ap_problem *with = load_with(files[i].path, "elementwise", "reference");
        if (!without) {
            assert_null(with);
            continue;
        }
        assert_non_null(with);
        assert_int_equal(with->n, without->n);
        if (with->n_ovl == without->n_ovl) {
            /* no rule applied: the same problem */
            ap_problem_free(without);
            ap_problem_free(with);
            continue;
        }
        ap_plan a, b;
        ap_plan_init(&a);
        ap_plan_init(&b);
        int64_t x = plan_checked(without, "best", &a), y = plan_checked(with, "best", &b);
        if (y > x)
            fail_msg("%s: best needs %lld bytes with the rules, %lld without", files[i].path,
                     (long long)y, (long long)x);
        improved += y < x;
        ap_plan_free(&a);
        ap_plan_free(&b);
        ap_problem_free(without);
        ap_problem_free(with);
    }
    assert_true(improved >= 9);
    free(files);
}

static void person_detect_head(void **state)
{
    (void)state;
    const char *path = src_path("corpus/models/tflm/person_detect.tflite");
    ap_problem *p = load_with(path, NULL, "reference");
    ap_bounds bd;
    ap_error err = {0};
    assert_non_null(p);
    /* 14 CONV_2D, 14 DEPTHWISE_CONV_2D (the first reads the model's input, which dies there),
       the pool, SOFTMAX */
    assert_int_equal(p->n_ovl, 30);
    assert_int_equal(ap_bounds_compute(p, &bd, &err), AP_OK);
    assert_int_equal(bd.live, 55296);
    /* step 3: 18432 + 36864 live; the pointwise output may start 18439 bytes below its input,
       18448 at the 16-byte alignment both have, and share 36864 - 18448 = 18416 bytes */
    assert_int_equal(bd.live_overlap, 55296 - 18416);
    assert_int_equal(bd.lower, 36880);
    ap_plan plan;
    ap_plan_init(&plan);
    int64_t best = plan_checked(p, "best", &plan);
    assert_true(best <= 38000);
    assert_int_equal(best, 36880); /* the bound: optimal */
    ap_plan_free(&plan);
    ap_problem_free(p);
}

static int cmp_life(const void *a, const void *b)
{
    const int64_t *x = a, *y = b;
    for (int k = 0; k < 3; k++)
        if (x[k] != y[k])
            return x[k] < y[k] ? -1 : 1;
    return 0;
}

/* MLPerf Tiny's vww_96_int8 (held out: its topology built by test_mobilenet_fbb.h) reads a
 * 96x96x3 input of 27,648 bytes at its first convolution, which was its peak with the overlap
 * rule (46,080 bytes) while the input could not be overlapped. The input dies there: the
 * output may now start just below it, and best plans the network in 36,880 bytes, as
 * person_detect (the same network on a 1-channel input). */
static void input_dies_into_the_first_output(void **state)
{
    (void)state;
    size_t len;
    unsigned char *d;
    /* the 1-channel build is person_detect's problem, buffer for buffer */
    ap_problem *pd = load_with(src_path("corpus/models/tflm/person_detect.tflite"), NULL, NULL);
    d = mobilenet_025(1, &len);
    ap_problem *b1 = bytes_problem(d, len, NULL, NULL);
    assert_int_equal(b1->n, pd->n);
    int64_t (*la)[3] = calloc(pd->n, sizeof *la), (*lb)[3] = calloc(pd->n, sizeof *lb);
    for (size_t i = 0; i < pd->n; i++) {
        la[i][0] = pd->buf[i].lower, la[i][1] = pd->buf[i].upper, la[i][2] = pd->buf[i].size;
        lb[i][0] = b1->buf[i].lower, lb[i][1] = b1->buf[i].upper, lb[i][2] = b1->buf[i].size;
    }
    qsort(la, pd->n, sizeof *la, cmp_life);
    qsort(lb, pd->n, sizeof *lb, cmp_life);
    assert_memory_equal(la, lb, pd->n * sizeof *la);
    free(la);
    free(lb);
    ap_problem_free(pd);
    ap_problem_free(b1);

    /* vww_96_int8: TFLM's own head 73,728, the bound 55,296 (the figures) */
    d = mobilenet_025(3, &len);
    ap_problem *p = bytes_problem(d, len, NULL, NULL);
    ap_plan plan;
    ap_bounds bd;
    ap_error err = {0};
    ap_plan_init(&plan);
    assert_int_equal(plan_checked(p, "greedy", &plan), 73728);
    assert_int_equal(ap_bounds_compute(p, &bd, &err), AP_OK);
    assert_int_equal(bd.lower, 55296);
    ap_plan_free(&plan);
    ap_problem_free(p);
    d = mobilenet_025(3, &len);
    p = bytes_problem(d, len, NULL, "reference");
    /* the 3x3 convolution, stride 2, SAME (no leading padding): output pixel (y, x) reads from
       input pixel (2y, 2x) first; the worst element is pixel (0, 47) channel 7, written at
       47 * 8 + 7 after reading from 2 * 47 * 3: max_delta = 282 - 383 = -101 */
    assert_allowance(p, "0", "3", 2 * 47 * 3 - (47 * 8 + 7), 0,
                     "CONV_2D op 0 (reference kernel order)");
    assert_int_equal(p->n_ovl, 30);
    assert_int_equal(ap_bounds_compute(p, &bd, &err), AP_OK);
    assert_int_equal(bd.lower, 36880);
    ap_plan_init(&plan);
    int64_t best = plan_checked(p, "best", &plan);
    assert_true(best <= 38000);
    assert_int_equal(best, 36880);
    /* at the first convolution: the input and 101 bytes, 112 at the 16-byte alignment */
    long in = ap_problem_find_id(p, "0"), out = ap_problem_find_id(p, "3");
    assert_true(plan.offset[in] - plan.offset[out] >= 101);
    ap_plan_free(&plan);
    ap_problem_free(p);
}

/* Not for an input that is also an output (it must survive), nor in a subgraph an IF runs
 * (its inputs take the caller's tensors): only subgraph 0's inputs die like other tensors. */
static void inputs_that_must_survive(void **state)
{
    (void)state;
    g_reset();
    int x = g_tensor(I8, fbb_ints(1, 16)), y = g_tensor(I8, fbb_ints(1, 16));
    g_op(OP_RELU, fbb_ints(1, x), fbb_ints(1, y), 0, NULL);
    ap_problem *p = g_load(fbb_ints(1, x), fbb_ints(2, x, y), "elementwise", "reference");
    assert_int_equal(p->n_ovl, 0);
    ap_problem_free(p);
    g_reset();
    x = g_tensor(I8, fbb_ints(1, 16));
    y = g_tensor(I8, fbb_ints(1, 16));
    g_op(OP_RELU, fbb_ints(1, x), fbb_ints(1, y), 0, NULL);
    p = g_load(fbb_ints(1, x), fbb_ints(1, y), "elementwise", "reference");
    assert_allowance(p, "0", "1", 0, AP_OVERLAP_ALIAS, "RELU op 0");
    ap_problem_free(p);

    /* IF(cond, x) -> y runs subgraph 1 or 2, each RELU(a) -> b of its own input */
    fbb_node *sgs[3];
    fbb_node *ifo = fbb_table();
    fbb_scalar(ifo, AP_TFL_F_IF_THEN_SUBGRAPH_INDEX, 4, 1);
    fbb_scalar(ifo, AP_TFL_F_IF_ELSE_SUBGRAPH_INDEX, 4, 2);
    sgs[0] = tfl_subgraph(fbb_tables(3, tfl_tensor("cond", AP_TFL_BOOL, fbb_ints(0), 0),
                                     tfl_tensor("x", I8, fbb_ints(1, 16), 0),
                                     tfl_tensor("y", I8, fbb_ints(1, 16), 0)),
                          fbb_ints(2, 0, 1), fbb_ints(1, 2),
                          fbb_tables(1, tfl_op(0, fbb_ints(2, 0, 1), fbb_ints(1, 2),
                                               AP_TFL_OPT_IF, ifo)),
                          "main");
    for (int k = 1; k <= 2; k++)
        sgs[k] = tfl_subgraph(fbb_tables(2, tfl_tensor("a", I8, fbb_ints(1, 16), 0),
                                         tfl_tensor("b", I8, fbb_ints(1, 16), 0)),
                              fbb_ints(1, 0), fbb_ints(1, 1),
                              fbb_tables(1, tfl_op(1, fbb_ints(1, 0), fbb_ints(1, 1), 0, NULL)),
                              k == 1 ? "then" : "else");
    size_t len;
    unsigned char *d = fbb_finish(
        tfl_model(fbb_tables(2, tfl_opcode(AP_TFL_OP_IF, NULL), tfl_opcode(OP_RELU, NULL)),
                  fbb_tables(3, sgs[0], sgs[1], sgs[2]), fbb_tables(1, tfl_buffer(NULL, 0)),
                  NULL),
        &len);
    fbb_reset();
    p = bytes_problem(d, len, "elementwise", "reference");
    assert_int_equal(p->n_ovl, 0);
    ap_problem_free(p);
}

/* Damaged models: wherever the rules find an allowance in a model the reader accepts, the
 * problem validates and its plans pass the checker; nothing crashes (run under the sanitizers
 * too). Mutations hit random bytes, with a bias to the first 4 KiB where tables and shapes lie. */
static void damaged_models_with_rules(void **state)
{
    (void)state;
    const char *models[] = {"corpus/models/more/armex_ds_cnn_s_quantized.tflite",
                            "corpus/models/tflm/micro_speech_quantized.tflite",
                            "corpus/models/more/tinymaix_mnist_resnet_q.tflite"};
    uint64_t x = 0x1234567u;
    int loaded = 0, with = 0;
    for (size_t m = 0; m < 3; m++) {
        unsigned char *data;
        size_t len;
        ap_error err = {0};
        assert_int_equal(ap_read_file(src_path(models[m]), (size_t)1 << 30, &data, &len, &err),
                         AP_OK);
        unsigned char *copy = malloc(len);
        for (int round = 0; round < 400; round++) {
            memcpy(copy, data, len);
            for (int k = 0; k < 1 + round % 4; k++) {
                uint64_t r = ap__rand(&x);
                size_t at = (r >> 8) % (round % 2 ? len : (len < 4096 ? len : 4096));
                copy[at] = (unsigned char)(r >> 40);
            }
            ap_tflite_build_options lo;
            ap_problem *p = NULL;
            ap_tflite_build_options_init(&lo);
            lo.inplace = AP_TFLM_INPLACE_ELEMENTWISE;
            lo.overlap = AP_TFLM_OVERLAP_REFERENCE;
            if (ap_tflite_load_problem(copy, len, "damaged", &lo, &p, &err) != AP_OK)
                continue;
            loaded++;
            with += p->n_ovl > 0;
            ap_plan plan;
            ap_plan_init(&plan);
            plan_checked(p, "greedy", &plan);
            ap_plan_free(&plan);
            ap_plan_init(&plan);
            plan_checked(p, "bestfit-breadth", &plan);
            ap_plan_free(&plan);
            ap_problem_free(p);
        }
        free(copy);
        free(data);
    }
    assert_true(loaded > 100);
    assert_true(with > 100);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(overlap_rules_on_a_conv_chain),
        cmocka_unit_test(residual_inputs_are_never_aliased),
        cmocka_unit_test(broadcasting_and_widths),
        cmocka_unit_test(quantize_narrowing_overlap),
        cmocka_unit_test(reshape_family_aliases),
        cmocka_unit_test(pad_and_depthwise),
        cmocka_unit_test(not_modelled_or_inconsistent),
        cmocka_unit_test(unknown_rule_sets),
        cmocka_unit_test(checker_with_aliases),
        cmocka_unit_test(placer_exact_position),
        cmocka_unit_test(bound_with_alignment),
        cmocka_unit_test(person_detect_head),
        cmocka_unit_test(input_dies_into_the_first_output),
        cmocka_unit_test(inputs_that_must_survive),
        cmocka_unit_test(corpus_allowances_follow_the_graph),
        cmocka_unit_test(corpus_best_is_never_worse),
        cmocka_unit_test(damaged_models_with_rules),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
