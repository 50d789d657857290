/*
 * test_tflm_cmsis.c - the CMSIS-NN kernel tables (src/tflm_kernels/cmsis_nn.c) and what they
 * need of the expression language (src/tflm_kernels/expr.c: ?:, align, definitions, the
 * operator's options and TFLM's padding); every table parsing; each CMSIS-NN code path on a
 * model built by hand that isolates it, for the measured Cortex-M4 set and for targets no set
 * offers yet (plain C, Helium, Arm Compiler 6, KERNELS_OPTIMIZED_FOR_SIZE), with the sizes
 * worked out from CMSIS-NN's size functions by hand; the buffer names; and the in-place and
 * overlap rules refused with CMSIS-NN. The dev models are checked against the real runtime in
 * test_tflite_corpus.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/tflite.h"
#include "arenaplan/tflm.h"
#include "test_tflite_fbb.h"
#include "testutil.h"
#include "tflm_kernels/expr.h"
#include "tflm_kernels/kernel_sets.h"
#include "tflm_kernels/opcodes.h"
#include "tflm_kernels/prepare.h"
#include "tflm_kernels/rows.h"
#include "tflm_kernels/scratch.h"

enum { F32 = 0, I32 = 2, I64 = 4, I16 = 7, I8 = 9, INT4 = 17 };
enum { CONV = 3, DW = 4, FC = 9, AVGPOOL = 1, MAXPOOL = 17, SOFTMAX = 25, SVDF = 27, LSTM = 44,
       TCONV = 67, BMM = 126 };

#define CORTEX_M (&ap__targets_table[AP__TARGET_CORTEX_M])

/* Builds of the CMSIS-NN kernels, with a name for messages: kernel sets of their own, as a new
 * core or compiler would be one more line of kernel_sets.h. */
typedef struct named {
    const char *name;
    ap__kernel_set s;
} named;

#define CMSIS_NN(dsp, mve, armclang, speed)                                                   \
    {"cmsis-nn", "cmsis-nn", &ap__cmsis_nn_table, CORTEX_M, {dsp, mve, armclang, speed}}
/*                                            dsp mve armclang speed */
static const named m4 = {"m4", CMSIS_NN(1, 0, 0, 1)};
static const named m0 = {"m0", CMSIS_NN(0, 0, 0, 1)};
static const named m55 = {"m55", CMSIS_NN(1, 1, 0, 1)};
static const named m55_size = {"m55-size", CMSIS_NN(1, 1, 0, 0)};
static const named m4_armclang = {"m4-armclang", CMSIS_NN(1, 0, 1, 1)};

/* ---- Handmade operators ----------------------------------------------------------------------- */

static const unsigned char four_bytes[4] = {1, 2, 3, 4};

/* Per-channel or per-tensor quantization with n scales (1.0f each) and n zero points. */
static fbb_node *quantized(fbb_node *t, unsigned n)
{
    fbb_node *scales = fbb_ints(0);
    scales->n = n;
    scales->ints = realloc(scales->ints, n * sizeof *scales->ints);
    for (unsigned i = 0; i < n; i++)
        scales->ints[i] = 0x3f800000;
    return fbb_ref(t, 4, fbb_ref(fbb_ref(fbb_table(), 2, scales), 3, fbb_zero_longs(n)));
}

/* The same along dimension d (QuantizationParameters.quantized_dimension, field 6). */
static fbb_node *quantized_along(fbb_node *t, unsigned n, unsigned d)
{
    fbb_node *scales = fbb_ints(0);
    scales->n = n;
    scales->ints = realloc(scales->ints, n * sizeof *scales->ints);
    for (unsigned i = 0; i < n; i++)
        scales->ints[i] = 0x3f800000;
    fbb_node *q = fbb_scalar(fbb_ref(fbb_ref(fbb_table(), 2, scales), 3, fbb_zero_longs(n)), 6, 4,
                             d);
    return fbb_ref(t, 4, q);
}

/* An activation tensor (never constant): quantized per tensor unless FLOAT32, as TFLM's
 * quantized kernels need (PopulateConvolutionQuantizationParams checks the input's). */
static fbb_node *act(const char *name, int type, fbb_node *dims)
{
    fbb_node *t = tfl_tensor(name, type, dims, 0);
    return type == F32 ? t : quantized(t, 1);
}

/* A model of one operator (tensors with buffer 1 are constant). */
static fbb_node *one_op(int32_t builtin, fbb_node *tensors, fbb_node *in, fbb_node *out,
                        uint8_t opt_type, fbb_node *opt)
{
    fbb_node *sg = tfl_subgraph(tensors, NULL, NULL,
                                fbb_tables(1, tfl_op(0, in, out, opt_type, opt)), NULL);
    return tfl_model(fbb_tables(1, tfl_opcode(builtin, NULL)), fbb_tables(1, sg),
                     fbb_tables(2, tfl_buffer(NULL, 0), tfl_buffer(four_bytes, 4)), NULL);
}

typedef struct built {
    unsigned char *data;
    size_t len;
    ap_tfl_model *m;
} built;

static built build(fbb_node *root)
{
    built b;
    b.data = fbb_finish(root, &b.len);
    fbb_reset();
    ap_error err = {0};
    if (ap_tflite_read(b.data, b.len, &b.m, &err) != AP_OK)
        fail_msg("%s", err.msg);
    return b;
}

static void unbuild(built *b)
{
    ap_tflite_free(b->m);
    free(b->data);
}

#define MAX_REQ 8

/* The requests (bytes as requested) of the model's operator with kernel set ks; returns their
 * count, or -1 when Prepare fails (err holds why). */
static int requests(const built *b, const named *ks, int64_t bytes[MAX_REQ],
                    const char *what[MAX_REQ], ap_error *err)
{
    ap__prepare pr = {0};
    if (ap__scratch_run_set(b->m, &ks->s, &pr, err) != AP_OK) {
        ap__prepare_free(&pr);
        return -1;
    }
    if (pr.refusal.kind != AP_TFLM_LOADS) { /* TFLM's Prepare refuses the model */
        ap_error_set(err, AP_ERR_INPUT, "%s", pr.refusal.message);
        ap__prepare_free(&pr);
        return -1;
    }
    assert_true(pr.n <= MAX_REQ);
    for (size_t i = 0; i < pr.n; i++) {
        bytes[i] = pr.v[i].bytes;
        if (what)
            what[i] = pr.v[i].what;
    }
    int n = (int)pr.n;
    ap__prepare_free(&pr);
    return n;
}

/* Asserts the requests of ks: n of them, then their bytes. */
static void expect(const built *b, const named *ks, int n, ...)
{
    int64_t got[MAX_REQ];
    ap_error err = {0};
    int k = requests(b, ks, got, NULL, &err);
    if (k < 0)
        fail_msg("%s: %s", ks->name, err.msg);
    if (k != n)
        fail_msg("%s: %d requests, expected %d", ks->name, k, n);
    va_list ap;
    va_start(ap, n);
    for (int i = 0; i < n; i++) {
        int64_t want = va_arg(ap, int64_t);
        if (got[i] != want)
            fail_msg("%s: request %d is %lld bytes, expected %lld", ks->name, i,
                     (long long)got[i], (long long)want);
    }
    va_end(ap);
}

/* Asserts that Prepare fails with ks, with a message containing why. */
static void expect_refused(const built *b, const named *ks, const char *why)
{
    int64_t got[MAX_REQ];
    ap_error err = {0};
    if (requests(b, ks, got, NULL, &err) >= 0)
        fail_msg("%s: Prepare succeeded, expected it to fail with \"%s\"", ks->name, why);
    assert_int_equal(err.code, AP_ERR_INPUT);
    assert_contains(err.msg, why);
}

#define S(x) ((int64_t)(x))

/* ---- The expression language's additions --------------------------------------------------- */

static int64_t xval(const ap__xctx *c, const char *src)
{
    int64_t v;
    ap_error err = {0};
    if (ap__expr_eval(src, c, &v, &err) != AP_OK)
        fail_msg("\"%s\": %s", src, err.msg);
    return v;
}

static ap_status xfault(const ap__xctx *c, const char *src, const char *msg)
{
    int64_t v;
    ap_error err = {0};
    ap_status st = ap__expr_eval(src, c, &v, &err);
    if (st == AP_OK)
        fail_msg("\"%s\" evaluated to %lld", src, (long long)v);
    assert_string_equal(err.msg, msg);
    return st;
}

/* Conv2DOptions: padding (0 SAME, 1 VALID), stride_w, stride_h; dilations 1. */
static fbb_node *conv_opts(int padding, int sw, int sh);

/* A tensor quantized per tensor with scale s, zero point 0. */
static fbb_node *scaled_zp(const char *name, int type, fbb_node *dims, int constant, float s,
                           int64_t zp)
{
    return fbb_ref(tfl_tensor(name, type, dims, constant ? 1 : 0), 4,
                   fbb_ref(fbb_ref(fbb_table(), 2, fbb_float_array(1, &s)), 3,
                           fbb_long_array(1, &zp)));
}

static fbb_node *scaled(const char *name, int type, fbb_node *dims, int constant, float s)
{
    return scaled_zp(name, type, dims, constant, s, 0);
}

/* bias_scale_off (kernel_util.cc:322): |s_in * s_filter - s_bias| / s_out > 0.02, in double. */
static void bias_scale_checks(void)
{
    /* input 0.5, filter 0.25: 0.125 expected; biases 0.125, 0.13 (0.005 off) and 0.2; output
       0.5 (0.005 / 0.5 = 0.01: within) and 0.1 (0.05: off) */
    built b = build(one_op(FC, fbb_tables(7, scaled("x", I8, fbb_ints(2, 1, 4), 0, 0.5f),
                                          scaled("w", I8, fbb_ints(2, 4, 4), 1, 0.25f),
                                          scaled("b0", I32, fbb_ints(1, 4), 1, 0.125f),
                                          scaled("b1", I32, fbb_ints(1, 4), 1, 0.13f),
                                          scaled("y", I8, fbb_ints(2, 1, 4), 0, 0.5f),
                                          scaled("y1", I8, fbb_ints(2, 1, 4), 0, 0.1f),
                                          tfl_tensor("u", I8, fbb_ints(2, 1, 4), 0)),
                           fbb_ints(3, 0, 1, 2), fbb_ints(1, 4), 8, fbb_table()));
    const ap_tfl_subgraph *g = &b.m->subgraphs[0];
    ap__xctx c = {.t = CORTEX_M, .m = b.m, .g = g, .op = &g->ops[0]};
    assert_int_equal(xval(&c, "bias_scale_off(in(0), in(1), in(2), out(0))"), 0);
    assert_int_equal(xval(&c, "bias_scale_off(0, 1, 3, 4)"), 0);
    assert_int_equal(xval(&c, "bias_scale_off(0, 1, 3, 5)"), 1);
    /* the output as scale: 0.005 / 0.125 = 0.04 */
    assert_int_equal(xval(&c, "bias_scale_off(0, 1, 3, 2)"), 1);
    /* an unquantized output (params.scale 0): the ratio is infinite, or NaN for no
       difference; both fail TFLM's <= */
    assert_int_equal(xval(&c, "bias_scale_off(0, 1, 3, 6)"), 1);
    assert_int_equal(xval(&c, "bias_scale_off(0, 1, 2, 6)"), 1);
    assert_int_equal(xfault(&c, "bias_scale_off(0, 1, 2, 9)",
                            "a tensor the kernel reads is absent in "
                            "\"bias_scale_off(0, 1, 2, 9)\""), AP_ERR_INPUT);
    unbuild(&b);
}

static void expression_additions(void **state)
{
    (void)state;
    /* A 3x3 convolution over 8x8x3, SAME, stride 2 by 1: TFLM pads 1 left/top... */
    built b = build(one_op(CONV,
                           fbb_tables(3, tfl_tensor("x", I8, fbb_ints(4, 1, 8, 8, 3), 0),
                                      quantized(tfl_tensor("w", I8, fbb_ints(4, 16, 3, 3, 3), 1),
                                                16),
                                      tfl_tensor("y", I8, fbb_ints(4, 1, 8, 4, 16), 0)),
                           fbb_ints(2, 0, 1), fbb_ints(1, 2), 1, conv_opts(0, 2, 1)));
    static const ap__xdef defs[] = {{"ic", "dim(in(0), 3)"}, {"twice_ic", "2 * ic"},
                                    {"loop", "loop + 1"}, {"bad", "ic +"}, {"zero", "0"}};
    const ap_tfl_subgraph *g = &b.m->subgraphs[0];
    ap__xctx c = {.t = CORTEX_M, .m = b.m, .g = g, .op = &g->ops[0], .build = &m4.s.build,
                  .defs = defs, .n_defs = 5};
    /* The options and TFLM's padding: width 8 by stride 2 -> 4 outputs, total padding
       (4 - 1) * 2 + 3 - 8 = 1 -> 0 before; height by stride 1 -> 8, total 2 -> 1 before. */
    assert_int_equal(xval(&c, "stride_w * 10 + stride_h"), 21);
    assert_int_equal(xval(&c, "dilation_w * 10 + dilation_h"), 11);
    assert_int_equal(xval(&c, "pad_w * 10 + pad_h"), 1);
    assert_int_equal(xval(&c, "svdf_rank + time_major"), 0);
    assert_int_equal(xval(&c, "quantized_dim(in(1)) + quantized(in(1)) * 10"), 10);
    assert_int_equal(xval(&c, "scales(in(1)) * 100 + zero_points(in(1))"), 1616);
    /* ?: evaluates the side it picks only, right-associative, below ||. */
    assert_int_equal(xval(&c, "zero ? 1 / zero : 7"), 7);
    assert_int_equal(xval(&c, "1 ? 7 : 1 / zero"), 7);
    assert_int_equal(xval(&c, "zero ? 1 : zero ? 2 : 3"), 3);
    assert_int_equal(xval(&c, "0 || 1 ? 5 : 6"), 5);
    assert_int_equal(xval(&c, "(1 ? 2 : 3) * 10"), 20);
    /* align: ARM_NN_ROUND_UP. */
    assert_int_equal(xval(&c, "align(27, 4) * 100 + align(28, 4)"), 2828);
    assert_int_equal(xval(&c, "align(0, 16) + align(-5, 4)"), 0);
    assert_int_equal(xfault(&c, "align(3, zero)",
                            "an alignment that is not positive in \"align(3, zero)\""),
                     AP_ERR_INPUT);
    /* Definitions: evaluated where used, one may use another. */
    assert_int_equal(xval(&c, "twice_ic + ic"), 9);
    assert_int_equal(xfault(&c, "loop", "definitions nested too deep (a cycle?) in \"loop + 1\" "
                                        "(at \"+ 1\")"), AP_ERR_INVALID);
    assert_int_equal(xfault(&c, "bad", "a value expected in \"ic +\" (at \"\")"), AP_ERR_INVALID);
    assert_int_equal(xfault(&c, "zero && nosuch", "an unknown name in \"zero && nosuch\" (at "
                                                  "\"nosuch\")"), AP_ERR_INVALID);
    assert_int_equal(xfault(&c, "1 ? 2", "':' expected in \"1 ? 2\" (at \"\")"), AP_ERR_INVALID);
    /* The build's features. */
    assert_int_equal(xval(&c, "dsp * 1000 + mve * 100 + armclang * 10 + speed"), 1001);
    c.build = &m55_size.s.build;
    assert_int_equal(xval(&c, "dsp * 1000 + mve * 100 + armclang * 10 + speed"), 1100);
    /* Checking without a model: names in untaken branches and in definitions count too. */
    ap_error err = {0};
    assert_int_equal(ap__expr_check_defs("mve ? twice_ic : pad_w", CORTEX_M, defs, 5,
                                         &err), AP_OK);
    assert_int_equal(ap__expr_check_defs("0 ? nosuch : 1", CORTEX_M, defs, 5, &err),
                     AP_ERR_INVALID);
    assert_int_equal(ap__expr_check_defs("twice_ic", CORTEX_M, NULL, 0, &err),
                     AP_ERR_INVALID);
    unbuild(&b);
    /* TFLM's padding needs a 2D window: a model without one fails (names what it read). */
    b = build(one_op(FC, fbb_tables(2, tfl_tensor("x", I8, fbb_ints(2, 1, 4), 0),
                                    tfl_tensor("y", I8, fbb_ints(2, 1, 4), 0)),
                     fbb_ints(1, 0), fbb_ints(1, 1), 8, fbb_table()));
    g = &b.m->subgraphs[0];
    ap__xctx d = {.t = CORTEX_M, .m = b.m, .g = g, .op = &g->ops[0]};
    assert_int_equal(xfault(&d, "pad_w", "a tensor the kernel reads is absent in \"pad_w\""),
                     AP_ERR_INPUT);
    unbuild(&b);
    bias_scale_checks();
}

/* Conv2DOptions: padding (0 SAME, 1 VALID), stride_w, stride_h; dilations 1. */
static fbb_node *conv_opts(int padding, int sw, int sh)
{
    return fbb_scalar(fbb_scalar(fbb_scalar(fbb_table(), 0, 1, (uint64_t)padding), 1, 4,
                                 (uint64_t)sw), 2, 4, (uint64_t)sh);
}

/* CONV_2D of input [1, ih, iw, ic] and filter [oc, fh, fw, fc] into [1, oh, ow, oc]. */
static built conv(int type, int ftype, int ih, int iw, int ic, int oc, int fh, int fw, int fc,
                  int oh, int ow, fbb_node *opts)
{
    return build(one_op(CONV,
                        fbb_tables(3, act("x", type, fbb_ints(4, 1, ih, iw, ic)),
                                   quantized(tfl_tensor("w", ftype, fbb_ints(4, oc, fh, fw, fc),
                                                        1), (unsigned)oc),
                                   act("y", type, fbb_ints(4, 1, oh, ow, oc))),
                        fbb_ints(2, 0, 1), fbb_ints(1, 2), 1, opts));
}

static void conv_paths(void **state)
{
    (void)state;
    /* 3x3 over 3 channels (mobilenet_v2's first convolution, measured: 112): the general path.
       Plain and DSP: two int16 columns of align(27, 4) = 28; MVE: 4 * align(27, 16) = 128. */
    built b = conv(I8, I8, 8, 8, 3, 16, 3, 3, 3, 8, 8, conv_opts(0, 1, 1));
    expect(&b, &m4, 1, S(112));
    expect(&b, &m0, 1, S(112));
    expect(&b, &m55, 1, S(128));
    unbuild(&b);
    /* An INT4 filter is sized as INT8 (TFLM calls the s8 size function). */
    b = conv(I8, INT4, 8, 8, 3, 16, 3, 3, 3, 8, 8, conv_opts(0, 1, 1));
    expect(&b, &m4, 1, S(112));
    unbuild(&b);
    /* 1x1, stride 1: arm_convolve_1x1_s8_fast, whose buffer only Arm Compiler 6 builds with
       DSP use (2 * ic int16); 1x1 with stride 2: arm_convolve_1x1_s8, none. */
    b = conv(I8, I8, 8, 8, 24, 16, 1, 1, 24, 8, 8, conv_opts(1, 1, 1));
    expect(&b, &m4, 0);
    expect(&b, &m0, 0);
    expect(&b, &m55, 0);
    expect(&b, &m4_armclang, 1, S(96));
    unbuild(&b);
    b = conv(I8, I8, 8, 8, 24, 16, 1, 1, 24, 4, 4, conv_opts(1, 2, 2));
    expect(&b, &m4_armclang, 0);
    unbuild(&b);
    /* 1xN: height 1, a 1x3 filter over 4 channels, SAME (pad 1 each side, ow 10). MVE:
       max(3*4 + 1*4, 3*4 - 4 + 1*4) = 16; others the general size 2 * align(12, 4) * 2. */
    b = conv(I8, I8, 1, 10, 4, 8, 1, 3, 4, 1, 10, conv_opts(0, 1, 1));
    expect(&b, &m4, 1, S(48));
    expect(&b, &m55, 1, S(16));
    unbuild(&b);
    /* 1xN, VALID, stride 2 over width 11 (ow 5, no padding, total_pad 0): MVE 3 * 4 = 12. */
    b = conv(I8, I8, 1, 11, 4, 8, 1, 3, 4, 1, 5, conv_opts(1, 2, 2));
    expect(&b, &m55, 1, S(12));
    unbuild(&b);
    /* 1xN, SAME, stride 2 over width 10: ow 5, total_pad 1 (odd: asym_pad 1), pad_w 0;
       right_pad_num max(1, (0 + 1 + 1) / 2) = 1, left 0, no_pad 4; pad_size_right 4:
       max(12 + 0, 8 + 4) = 12. */
    b = conv(I8, I8, 1, 10, 4, 8, 1, 3, 4, 1, 5, conv_opts(0, 2, 2));
    expect(&b, &m55, 1, S(12));
    unbuild(&b);
    /* Grouped: ic 8 over filters of 4 channels is not 1x1 even with a 1x1 window. */
    b = conv(I8, I8, 4, 4, 8, 8, 1, 1, 4, 4, 4, conv_opts(1, 1, 1));
    expect(&b, &m4, 1, S(32)); /* 2 * align(1 * 1 * 8, 4) * 2 */
    unbuild(&b);
    /* INT16: two int16 columns (no rounding); MVE 4 * align(27, 8) * 2 = 256. */
    b = conv(I16, I8, 8, 8, 3, 16, 3, 3, 3, 8, 8, conv_opts(0, 1, 1));
    expect(&b, &m4, 1, S(108));
    expect(&b, &m55, 1, S(256));
    unbuild(&b);
    /* FLOAT32 asks for nothing (the reference kernel's loops run). */
    b = conv(F32, F32, 8, 8, 3, 16, 3, 3, 3, 8, 8, conv_opts(0, 1, 1));
    expect(&b, &m4, 0);
    unbuild(&b);
    /* What TFLM's Prepare refuses. */
    b = conv(I8, F32, 8, 8, 3, 16, 3, 3, 3, 8, 8, conv_opts(0, 1, 1));
    expect_refused(&b, &m4, "TFLM's Prepare refuses the model: subgraph 0 operator 0 (CONV_2D): "
                            "hybrid models are not supported (input and filter types) "
                            "(cmsis_nn/conv.cc:");
    unbuild(&b);
    b = conv(I8, I8, 8, 8, 6, 16, 3, 3, 4, 8, 8, conv_opts(0, 1, 1));
    expect_refused(&b, &m4, "input channels are not a multiple of the filter's");
    unbuild(&b);
    b = build(one_op(CONV, fbb_tables(3, tfl_tensor("x", I8, fbb_ints(3, 8, 8, 3), 0),
                                      tfl_tensor("w", I8, fbb_ints(4, 16, 3, 3, 3), 1),
                                      tfl_tensor("y", I8, fbb_ints(4, 1, 8, 8, 16), 0)),
                     fbb_ints(2, 0, 1), fbb_ints(1, 2), 1, conv_opts(0, 1, 1)));
    expect_refused(&b, &m4, "input, filter and output need 4 dimensions");
    unbuild(&b);
    b = build(one_op(CONV, fbb_tables(2, tfl_tensor("x", I8, fbb_ints(4, 1, 8, 8, 3), 0),
                                      tfl_tensor("y", I8, fbb_ints(4, 1, 8, 8, 16), 0)),
                     fbb_ints(1, 0), fbb_ints(1, 1), 1, conv_opts(0, 1, 1)));
    expect_refused(&b, &m4, "missing filter (input 1)");
    unbuild(&b);
}

/* DEPTHWISE_CONV_2D of input [n, ih, iw, ic], filter [1, fh, fw, oc]. */
static built dw(int type, int ftype, int n, int ic, int oc, int fh, int fw, int padding,
                unsigned scales)
{
    return build(one_op(DW,
                        fbb_tables(3, act("x", type, fbb_ints(4, n, 9, 9, ic)),
                                   quantized_along(tfl_tensor("w", ftype,
                                                              fbb_ints(4, 1, fh, fw, oc), 1),
                                                   scales, 3),
                                   act("y", type, fbb_ints(4, n, 9, 9, oc))),
                        fbb_ints(2, 0, 1), fbb_ints(1, 2), 2, conv_opts(padding, 1, 1)));
}

static void depthwise_paths(void **state)
{
    (void)state;
    /* 3x3 with padding at most 1: arm_depthwise_conv_3x3_s8, none (but MVE's optimized kernel
       always: 4 * CH_IN_BLOCK_MVE (124) * 9). */
    built b = dw(I8, I8, 1, 16, 16, 3, 3, 0, 16);
    expect(&b, &m4, 0);
    expect(&b, &m55, 1, S(4464));
    unbuild(&b);
    /* 5x5 (mltk_keyword_spotting measured 2160 = 2 * 24 * 5 * 9 for its 5x9 windows): int16
       columns ic * fh * fw; none without DSP. */
    b = dw(I8, I8, 1, 16, 16, 5, 5, 0, 16);
    expect(&b, &m4, 1, S(800));
    expect(&b, &m0, 0);
    expect(&b, &m55, 1, S(12400));
    unbuild(&b);
    /* An INT4 filter: the DSP size even in plain C. */
    b = dw(I8, INT4, 1, 16, 16, 3, 3, 0, 16);
    expect(&b, &m4, 1, S(288));
    expect(&b, &m0, 1, S(288));
    unbuild(&b);
    /* A channel multiplier (oc != ic) or two batches: the generic kernel, none. */
    b = dw(I8, I8, 1, 8, 16, 5, 5, 0, 16);
    expect(&b, &m4, 0);
    unbuild(&b);
    b = dw(I8, I8, 2, 16, 16, 5, 5, 0, 16);
    expect(&b, &m4, 0);
    unbuild(&b);
    /* INT16 and FLOAT32 request nothing through TFLM's cmsis_nn kernel. */
    b = dw(I16, I8, 1, 16, 16, 5, 5, 0, 16);
    expect(&b, &m4, 0);
    unbuild(&b);
    /* One input channel into 8 with MVE: CMSIS-NN sizes it as a convolution with the stride
       TFLM never set. */
    b = dw(I8, I8, 1, 1, 8, 3, 3, 0, 8);
    expect(&b, &m4, 0);
    expect_refused(&b, &m55, "reads a stride that TFLM's Prepare leaves unset");
    unbuild(&b);
    b = dw(I8, I8, 1, 16, 16, 3, 3, 0, 3);
    expect_refused(&b, &m4, "the filter's scale count is neither 1 nor its output channels "
                            "(cmsis_nn/depthwise_conv.cc:116)");
    unbuild(&b);
}

/* FULLY_CONNECTED: input [batches, depth] (or [1, batches, depth]), filter [units, depth]. */
static built fc(int type, int ftype, int rank3, int depth, int units, unsigned scales,
                int filter_const)
{
    fbb_node *x = rank3 ? fbb_ints(3, 1, 2, depth) : fbb_ints(2, 2, depth);
    fbb_node *y = rank3 ? fbb_ints(3, 1, 2, units) : fbb_ints(2, 2, units);
    return build(one_op(FC,
                        fbb_tables(3, tfl_tensor("x", type, x, 0),
                                   quantized(tfl_tensor("w", ftype, fbb_ints(2, units, depth),
                                                        filter_const ? 1 : 0), scales),
                                   tfl_tensor("y", type, y, 0)),
                        fbb_ints(3, 0, 1, -1), fbb_ints(1, 2), 8, fbb_table()));
}

static void fully_connected_paths(void **state)
{
    (void)state;
    /* A rank-3 output and a depth that 4 divides run as a 1x1 convolution: per-tensor
       quantization asks for a multiplier and a shift per output channel (dtln measured 2056
       for 257 units), and arm_convolve_1x1_s8_fast's buffer (Arm Compiler 6 with DSP). */
    built b = fc(I8, I8, 1, 16, 10, 1, 1);
    expect(&b, &m4, 1, S(80));
    expect(&b, &m55, 1, S(80));
    expect(&b, &m4_armclang, 2, S(80), S(64));
    unbuild(&b);
    /* Per-channel: no fake multipliers. */
    b = fc(I8, I8, 1, 16, 10, 10, 1);
    expect(&b, &m4, 0);
    unbuild(&b);
    /* A depth of 18 is no 1x1 convolution; rank 2 neither: arm_fully_connected_s8, whose kernel
       sums only MVE keeps (4 per unit), in the tail when optimized for speed and the filter is
       constant, else in scratch. */
    b = fc(I8, I8, 1, 18, 10, 1, 1);
    expect(&b, &m4, 0);
    unbuild(&b);
    b = fc(I8, I8, 0, 16, 10, 1, 1);
    expect(&b, &m4, 0);
    expect(&b, &m55, 0);
    expect(&b, &m55_size, 1, S(40));
    unbuild(&b);
    b = fc(I8, I8, 0, 16, 10, 1, 0);
    expect(&b, &m55, 1, S(40));
    unbuild(&b);
    /* INT4 filters, INT16 and FLOAT32: nothing (the INT4 filter is not unpacked here, unlike the
       reference kernel). */
    b = fc(I8, INT4, 1, 16, 10, 1, 1);
    expect(&b, &m4, 0);
    unbuild(&b);
    b = fc(I16, I8, 1, 16, 10, 1, 1);
    expect(&b, &m4, 0);
    unbuild(&b);
    b = fc(F32, F32, 1, 16, 10, 0, 1);
    expect(&b, &m4, 0);
    unbuild(&b);
    b = fc(I16, I8, 1, 16, 10, 10, 1);
    expect_refused(&b, &m4, "per-channel quantization needs an INT8 input "
                            "(cmsis_nn/fully_connected.cc:116)");
    unbuild(&b);
    b = fc(I8, I8, 1, 16, 10, 4, 1);
    expect_refused(&b, &m4, "the filter's scale count differs from its quantized dimension");
    unbuild(&b);
}

static built pool(int32_t code, int type, int depth)
{
    fbb_node *opt = fbb_scalar(fbb_scalar(fbb_scalar(fbb_scalar(fbb_scalar(fbb_table(), 0, 1,
                                                                           1), 1, 4, 2),
                                                     2, 4, 2), 3, 4, 2), 4, 4, 2);
    return build(one_op(code, fbb_tables(2, tfl_tensor("x", type, fbb_ints(4, 1, 8, 8, depth), 0),
                                         tfl_tensor("y", type, fbb_ints(4, 1, 4, 4, depth), 0)),
                        fbb_ints(1, 0), fbb_ints(1, 1), 5, opt));
}

static void pooling_paths(void **state)
{
    (void)state;
    /* An int32 sum per channel with DSP (person_detect measured 1024 for 256 channels). */
    built b = pool(AVGPOOL, I8, 24);
    expect(&b, &m4, 1, S(96));
    expect(&b, &m0, 0);
    expect(&b, &m55, 0);
    unbuild(&b);
    b = pool(AVGPOOL, I16, 24);
    expect(&b, &m4, 1, S(96));
    unbuild(&b);
    b = pool(AVGPOOL, F32, 24);
    expect(&b, &m4, 0);
    unbuild(&b);
    b = pool(MAXPOOL, I8, 24);
    expect(&b, &m4, 0);
    unbuild(&b);
    /* The reference kernels' set asks for nothing at all. */
    b = pool(AVGPOOL, I8, 24);
    ap_error err = {0};
    ap__prepare pr = {0};
    assert_int_equal(ap__scratch_run(b.m, AP_TFLM_KERNELS_REFERENCE, &pr, &err), AP_OK);
    assert_int_equal(pr.n, 0);
    ap__prepare_free(&pr);
    unbuild(&b);
}

/* SVDF: batch 2, 8 filters of 16 inputs, rank 2 (4 units); wf constant when wf_const. */
static built svdf(int type, int wf_const)
{
    fbb_node *opt = fbb_scalar(fbb_table(), 0, 4, 2);
    return build(one_op(SVDF,
                        fbb_tables(6, tfl_tensor("x", type, fbb_ints(2, 2, 16), 0),
                                   tfl_tensor("wf", type, fbb_ints(2, 8, 16), wf_const ? 1 : 0),
                                   tfl_tensor("wt", type == I8 ? I16 : F32, fbb_ints(2, 8, 10),
                                              1),
                                   tfl_tensor("bias", type == I8 ? I32 : F32, fbb_ints(1, 4), 1),
                                   tfl_variable(tfl_tensor("state", type == I8 ? I16 : F32,
                                                           fbb_ints(2, 2, 80), 0)),
                                   tfl_tensor("y", type, fbb_ints(2, 2, 4), 0)),
                        fbb_ints(5, 0, 1, 2, 3, 4), fbb_ints(1, 5), 6, opt));
}

static void svdf_paths(void **state)
{
    (void)state;
    built b = svdf(I8, 1);
    expect(&b, &m4, 2, S(64), S(32));
    expect(&b, &m55, 2, S(64), S(32));      /* the 32-byte kernel sums go to the tail */
    expect(&b, &m55_size, 3, S(64), S(32), S(32));
    unbuild(&b);
    b = svdf(I8, 0);
    expect(&b, &m4, 2, S(64), S(32));
    expect_refused(&b, &m55, "weights_feature is not constant");
    unbuild(&b);
    b = svdf(F32, 1);
    expect(&b, &m4, 1, S(64));
    unbuild(&b);
}

/* UNIDIRECTIONAL_SEQUENCE_LSTM: input [2, 5, 3] batch-major, state 7. */
static built lstm(int type, int cell)
{
    int wt = type == F32 ? F32 : I8, bt = type == F32 ? F32 : type == I8 ? I32 : I64;
    /* input weights [7, 3] (slots 1-4), recurrent [7, 7] (5-8), biases [7] (12-15) */
    return build(one_op(LSTM,
                        fbb_tables(7, tfl_tensor("x", type, fbb_ints(3, 2, 5, 3), 0),
                                   tfl_tensor("w", wt, fbb_ints(2, 7, 3), 1),
                                   tfl_tensor("r", wt, fbb_ints(2, 7, 7), 1),
                                   tfl_tensor("b", bt, fbb_ints(1, 7), 1),
                                   tfl_variable(tfl_tensor("h", type, fbb_ints(2, 2, 7), 0)),
                                   tfl_variable(tfl_tensor("c", cell, fbb_ints(2, 2, 7), 0)),
                                   tfl_tensor("y", type, fbb_ints(3, 2, 5, 7), 0)),
                        fbb_ints(24, 0, 1, 1, 1, 1, 2, 2, 2, 2, -1, -1, -1, 3, 3, 3, 3, -1, -1,
                                 4, 5, -1, -1, -1, -1),
                        fbb_ints(1, 6), 71, fbb_table()));
}

/* A FLOAT32 LSTM as lstm() with tensors 0 x, 1 w [7, 3], 2 r [7, 7], 3 b [7], 4 h, 5 c, 6 y, and
 * three more for the slots a test changes: 7 "odd" (INT8 [7, 3]), 8 "flat" ([7]), 9 "thin"
 * ([7, 3]); in: the 24 input slots. */
static built lstm_slots(const int32_t in[24])
{
    return build(one_op(LSTM,
                        fbb_tables(10, tfl_tensor("x", F32, fbb_ints(3, 2, 5, 3), 0),
                                   tfl_tensor("w", F32, fbb_ints(2, 7, 3), 1),
                                   tfl_tensor("r", F32, fbb_ints(2, 7, 7), 1),
                                   tfl_tensor("b", F32, fbb_ints(1, 7), 1),
                                   tfl_variable(tfl_tensor("h", F32, fbb_ints(2, 2, 7), 0)),
                                   tfl_variable(tfl_tensor("c", F32, fbb_ints(2, 2, 7), 0)),
                                   tfl_tensor("y", F32, fbb_ints(3, 2, 5, 7), 0),
                                   tfl_tensor("odd", I8, fbb_ints(2, 7, 3), 1),
                                   tfl_tensor("flat", F32, fbb_ints(1, 7), 1),
                                   tfl_tensor("thin", F32, fbb_ints(2, 7, 3), 1)),
                        fbb_int_array(24, in), fbb_ints(1, 6), 71, fbb_table()));
}

/* The LSTM's loops check each tensor's properties before the next tensor: the first failing
 * line is the kernel's even where a later tensor fails an earlier line. */
static void lstm_checks_in_kernel_order(void)
{
    int32_t in[24] = {0, 1, 1, 1, 1, 2, 2, 2, 2, -1, -1, -1, 3, 3, 3, 3, -1, -1, 4, 5,
                      -1, -1, -1, -1};
    built b = lstm_slots(in);
    expect(&b, &m4, 4, S(56), S(56), S(56), S(56));
    unbuild(&b);
    /* weight 2 of another type, weight 3 missing: the type of 2 first (lstm_eval.cc:80) */
    in[2] = 7;
    in[3] = -1;
    b = lstm_slots(in);
    expect_refused(&b, &m4, "gate weights of different types (lstm_eval.cc:80)");
    unbuild(&b);
    /* weight 3 missing alone: :79 */
    in[2] = 1;
    b = lstm_slots(in);
    expect_refused(&b, &m4, "missing gate weights (CIFG is not supported) (lstm_eval.cc:79)");
    unbuild(&b);
    /* recurrent weight 6 [7, 3] (its dimension 1 is not the state), then weight 7 of rank 1:
       the dimension of 6 first (lstm_eval_common.cc:45), not the rank of 7 (:43) */
    in[3] = 1;
    in[6] = 9;
    in[7] = 8;
    b = lstm_slots(in);
    expect_refused(&b, &m4, "(lstm_eval_common.cc:45)");
    unbuild(&b);
    /* weight 7 of rank 1 alone: :43 */
    in[6] = 2;
    b = lstm_slots(in);
    expect_refused(&b, &m4, "a gate weight does not have 2 dimensions (lstm_eval_common.cc:43)");
    unbuild(&b);
    /* a weight graph input (not constant): CMSIS-NN's own check */
    in[7] = 2;
    in[1] = 0;
    b = lstm_slots(in);
    expect_refused(&b, &m4, "cmsis_nn/unidirectional_sequence_lstm.cc:355");
    unbuild(&b);
}

static void lstm_paths(void **state)
{
    (void)state;
    /* CMSIS-NN's integer LSTM keeps three buffers of batch * state int16; the float one the
       reference kernel's four (the measured LSTMs: 3 x 160 and 4 x 80). */
    built b = lstm(I8, I16);
    const char *what[MAX_REQ];
    int64_t got[MAX_REQ];
    ap_error err = {0};
    assert_int_equal(requests(&b, &m4, got, what, &err), 3);
    assert_int_equal(got[0], 28);
    assert_int_equal(got[2], 28);
    assert_string_equal(what[2], "arm_lstm_unidirectional cell state");
    unbuild(&b);
    b = lstm(I16, I16);
    expect(&b, &m4, 3, S(28), S(28), S(28));
    unbuild(&b);
    b = lstm(F32, F32);
    expect(&b, &m4, 4, S(56), S(56), S(56), S(56));
    unbuild(&b);
    b = lstm(I8, I8);
    expect_refused(&b, &m4, "cell state type is not FLOAT32 or INT16");
    unbuild(&b);
    lstm_checks_in_kernel_order();
}

/* TRANSPOSE_CONV: filter [oc, 3, 3, ic], input [1, 4, 4, ic], output [1, 8, 8, oc]. */
static built tconv(int type, int ic, int oc, int stride, int bias_type)
{
    fbb_node *opt = fbb_scalar(fbb_scalar(fbb_scalar(fbb_table(), 0, 1, 0), 1, 4,
                                          (uint64_t)stride), 2, 4, (uint64_t)stride);
    int os = 4 * stride;
    return build(one_op(TCONV,
                        fbb_tables(5, tfl_tensor("shape", I32, fbb_ints(1, 4), 1),
                                   quantized(tfl_tensor("f", I8, fbb_ints(4, oc, 3, 3, ic), 1),
                                             (unsigned)oc),
                                   act("x", type, fbb_ints(4, 1, 4, 4, ic)),
                                   tfl_tensor("b", bias_type, fbb_ints(1, oc), 1),
                                   act("y", type, fbb_ints(4, 1, os, os, oc))),
                        fbb_ints(4, 0, 1, 2, 3), fbb_ints(1, 4), 49, opt));
}

static void transpose_conv_paths(void **state)
{
    (void)state;
    /* 8 input channels (not above REVERSE_TCOL_EFFICIENT_THRESHOLD, 16): a block of int32
       columns ((4 - 1) * 2 + max(3, 2)) * oc * max(3, 2) * 4 = 9 * 5 * 3 * 4 = 540, and the
       reversed-filter request of 0 bytes, which TFLM still makes. */
    built b = tconv(I8, 8, 5, 2, I32);
    expect(&b, &m4, 2, S(540), S(0));
    unbuild(&b);
    /* 20 channels, stride 2: the reversed convolution's im2col 2 * align(3 * 3 * 20, 4) * 2 =
       720 (MVE 4 * align(180, 16) = 768), and the reversed filter 20 * 3 * 3 * 5 = 900. */
    b = tconv(I8, 20, 5, 2, I32);
    expect(&b, &m4, 2, S(720), S(900));
    expect(&b, &m55, 2, S(768), S(900));
    unbuild(&b);
    /* Stride 3: no reversed convolution: ((4 - 1) * 3 + 3) * 5 * 3 * 4 = 720 and 0. */
    b = tconv(I8, 20, 5, 3, I32);
    expect(&b, &m4, 2, S(720), S(0));
    unbuild(&b);
    /* INT16: as the reference kernel: int64 accumulators, then the INT16 bias widened. */
    b = tconv(I16, 8, 5, 2, I16);
    expect(&b, &m4, 2, S(8 * 8 * 5 * 8), S(40));
    unbuild(&b);
    b = tconv(I16, 8, 5, 2, I64);
    expect(&b, &m4, 1, S(8 * 8 * 5 * 8));
    unbuild(&b);
    b = tconv(F32, 8, 5, 2, F32);
    expect_refused(&b, &m4, "hybrid models are not supported");
    unbuild(&b);
}

/* The 0-byte request is a buffer of size 0 that TFLM plans like any other (at offset 0). */
static void zero_byte_request_is_planned(void **state)
{
    (void)state;
    fbb_node *opt = fbb_scalar(fbb_scalar(fbb_scalar(fbb_table(), 0, 1, 0), 1, 4, 2), 2, 4, 2);
    fbb_node *root = one_op(TCONV,
                            fbb_tables(5, tfl_tensor("shape", I32, fbb_ints(1, 4), 1),
                                       tfl_tensor("f", I8, fbb_ints(4, 5, 3, 3, 8), 1),
                                       tfl_tensor("x", I8, fbb_ints(4, 1, 4, 4, 8), 0),
                                       tfl_tensor("b", I32, fbb_ints(1, 5), 1),
                                       tfl_tensor("y", I8, fbb_ints(4, 1, 8, 8, 5), 0)),
                            fbb_ints(4, 0, 1, 2, 3), fbb_ints(1, 4), 49, opt);
    size_t len;
    unsigned char *data = fbb_finish(root, &len);
    fbb_reset();
    ap_tflite_build_options bo;
    ap_tflite_build_options_init(&bo);
    bo.kernels = AP_TFLM_KERNELS_CMSIS_NN;
    ap_problem *p = NULL;
    ap_error err = {0};
    assert_int_equal(ap_tflite_load_problem(data, len, "tconv.tflite", &bo, &p, &err), AP_OK);
    assert_int_equal(p->n, 4);
    assert_string_equal(p->buf[2].id, "scratch0");
    assert_int_equal(p->buf[2].size, 544);
    assert_string_equal(p->buf[2].name, "op 0 TRANSPOSE_CONV: arm_transpose_conv_s8 buffer "
                                        "(arm_transpose_conv_s8_get_buffer_size)");
    assert_string_equal(p->buf[3].id, "scratch1");
    assert_int_equal(p->buf[3].size, 0);
    assert_string_equal(p->buf[3].name, "op 0 TRANSPOSE_CONV: reversed filter "
                                        "(arm_transpose_conv_s8_get_reverse_conv_buffer_size)");
    assert_contains(p->note, "kernel scratch: cmsis-nn");
    ap_plan plan;
    ap_plan_init(&plan);
    /* x (128) and y (320) live with both scratch buffers: 320 + 128 + 544. */
    assert_int_equal(plan_checked(p, "greedy", &plan), 992);
    assert_int_equal(plan.offset[3], 0);
    ap_plan_free(&plan);
    ap_problem_free(p);
    free(data);
}

/* SOFTMAX of x [1, 10] (scale 0.1) into y of type ot, scale s, zero point zp. */
static built softmax(int it, int ot, float s, int64_t zp)
{
    return build(one_op(SOFTMAX, fbb_tables(2, scaled("x", it, fbb_ints(2, 1, 10), 0, 0.1f),
                                            scaled_zp("y", ot, fbb_ints(2, 1, 10), 0, s, zp)),
                        fbb_ints(1, 0), fbb_ints(1, 1), 9, fbb_table()));
}

/* CMSIS-NN's SOFTMAX Prepare and CalculateSoftmaxParams: the types together, then the output
 * scales (within 0.1% of 1 / 32768 or 1 / 65536, exactly 1 / 256) and zero points. */
static void softmax_checks(void **state)
{
    (void)state;
    static const struct {
        int it, ot;
        float s;
        int64_t zp;
        const char *why; /* NULL: Prepare succeeds */
    } cases[] = {
        {I8, I8, 1.0f / 256, -128, NULL},
        {I8, I8, 1.0f / 256, 0, "zero point is not -128 (softmax_common.cc:103)"},
        {I8, I8, 1.001f / 256, -128, "scale is not 1 / 256 (softmax_common.cc:104)"},
        {I8, I16, 1.0f / 65536, -32768, NULL},
        {I8, I16, 1.0009f / 65536, -32768, NULL},
        {I8, I16, 1.0011f / 65536, -32768, "scale is not 1 / 65536 (softmax_common.cc:99)"},
        {I16, I16, 1.0f / 32768, 0, NULL},
        {I16, I16, 0.9985f / 32768, 0, "scale is not 1 / 32768 (softmax_common.cc:93)"},
        {I16, I16, 1.0f / 32768, 5, "an INT16 output with a zero point (softmax_common.cc:57)"},
        {F32, F32, 0, 0, NULL},
        {I16, I8, 1.0f / 256, -128, "not supported together (cmsis_nn/softmax.cc:55)"},
        {I32, I32, 1.0f, 0, "input data type not supported (not FLOAT32, INT16 or INT8) "
                            "(cmsis_nn/softmax.cc:60)"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        built b = softmax(cases[k].it, cases[k].ot, cases[k].s, cases[k].zp);
        if (cases[k].why)
            expect_refused(&b, &m4, cases[k].why);
        else
            expect(&b, &m4, 0);
        unbuild(&b);
    }
}

static void batch_matmul_paths(void **state)
{
    (void)state;
    built b = build(one_op(BMM, fbb_tables(3, tfl_tensor("a", I8, fbb_ints(3, 2, 4, 6), 0),
                                           tfl_tensor("b", I8, fbb_ints(3, 2, 6, 5), 1),
                                           tfl_tensor("y", I8, fbb_ints(3, 2, 4, 5), 0)),
                           fbb_ints(2, 0, 1), fbb_ints(1, 2), 101, fbb_table()));
    expect(&b, &m4, 0);
    expect(&b, &m55, 1, S(20)); /* arm_fully_connected_s8_get_buffer_size: 5 int32 sums */
    unbuild(&b);
    b = build(one_op(BMM, fbb_tables(3, tfl_tensor("a", I8, fbb_ints(1, 6), 0),
                                     tfl_tensor("b", I8, fbb_ints(2, 6, 5), 1),
                                     tfl_tensor("y", I8, fbb_ints(2, 1, 5), 0)),
                     fbb_ints(2, 0, 1), fbb_ints(1, 2), 101, fbb_table()));
    expect_refused(&b, &m4, "lhs has fewer than 2 dimensions");
    unbuild(&b);
}

/* Every row and definition of the CMSIS-NN table parses and names only known quantities (the
 * lint also holds an operator's rows and a group's branches together), and every operator it
 * has rows for runs on an operator of its kind for every build. */
static void every_table_parses(void **state)
{
    (void)state;
    built models[11];
    size_t nm = 0;
    models[nm++] = build(one_op(0, fbb_tables(2, act("x", I8, fbb_ints(2, 1, 4)),
                                              act("y", I8, fbb_ints(2, 1, 4))),
                                fbb_ints(2, 0, 0), fbb_ints(1, 1), 11, fbb_table()));
    models[nm++] = conv(I8, I8, 8, 8, 3, 16, 3, 3, 3, 8, 8, conv_opts(0, 1, 1));
    models[nm++] = dw(I8, I8, 1, 16, 16, 5, 5, 0, 16);
    models[nm++] = fc(I8, I8, 1, 16, 10, 1, 1);
    models[nm++] = pool(AVGPOOL, I8, 24);
    models[nm++] = pool(MAXPOOL, I8, 24);
    models[nm++] = svdf(I8, 1);
    models[nm++] = lstm(I8, I16);
    models[nm++] = tconv(I8, 8, 5, 2, I32);
    models[nm++] = build(one_op(BMM, fbb_tables(3, tfl_tensor("a", I8, fbb_ints(2, 4, 6), 0),
                                                tfl_tensor("b", I8, fbb_ints(2, 6, 5), 1),
                                                tfl_tensor("y", I8, fbb_ints(2, 4, 5), 0)),
                                fbb_ints(2, 0, 1), fbb_ints(1, 2), 101, fbb_table()));
    /* an INT8 softmax's output: scale 1 / 256, zero point -128 (softmax_common.cc:103-104) */
    static const float sm_scale = 1.0f / 256;
    static const int64_t sm_zp = -128;
    fbb_node *sm_q = fbb_ref(fbb_ref(fbb_table(), 2, fbb_float_array(1, &sm_scale)), 3,
                             fbb_long_array(1, &sm_zp));
    models[nm++] = build(one_op(SOFTMAX, fbb_tables(2, act("x", I8, fbb_ints(2, 1, 10)),
                                                    fbb_ref(tfl_tensor("y", I8,
                                                                       fbb_ints(2, 1, 10), 0),
                                                            4, sm_q)),
                                fbb_ints(1, 0), fbb_ints(1, 1), 9, fbb_table()));
    const ap__ktable *t = &ap__cmsis_nn_table;
    ap_error err = {0};
    size_t bad = ap__rows_lint(t, CORTEX_M, &err);
    if (bad)
        fail_msg("cmsis_nn.c row %zu (%s): %s", bad - 1, t->rows[bad - 1].src, err.msg);
    assert_ptr_equal(t->fallback, &ap__reference_table);
    size_t n_ops = 0;
    for (size_t k = 0; k < t->n_rows; k++) {
        if (k > 0 && t->rows[k - 1].op == t->rows[k].op)
            continue;
        int32_t op = t->rows[k].op;
        n_ops++;
        size_t j;
        for (j = 0; j < nm; j++)
            if (models[j].m->subgraphs[0].ops[0].builtin == op)
                break;
        if (j == nm)
            fail_msg("no model for the rows of operator %d", op);
        assert_int_equal(ap__opcodes_code(&models[j].m->subgraphs[0].ops[0]), op);
        /* Every operator of its kind runs through the rows on each build. */
        static const named *const sets[] = {&m4, &m0, &m55, &m4_armclang, &m55_size};
        for (size_t q = 0; q < 5; q++) {
            int64_t got[MAX_REQ];
            if (requests(&models[j], sets[q], got, NULL, &err) < 0 &&
                !strstr(err.msg, "reads a stride"))
                fail_msg("operator %d on %s: %s", op, sets[q]->name, err.msg);
        }
        /* Each is a kernel of cmsis_nn/: some row names its file. */
        int own = 0;
        for (size_t r = k; r < t->n_rows && t->rows[r].op == op; r++)
            own |= t->rows[r].src && strncmp(t->rows[r].src, "cmsis_nn/", 9) == 0;
        if (!own)
            fail_msg("operator %d: no row from cmsis_nn/", op);
    }
    assert_int_equal(n_ops, 11);
    for (size_t j = 0; j < nm; j++)
        unbuild(&models[j]);
    /* A broken row is caught, and a group's branches apart. */
    static const ap__krow broken[] = {
        {.op = AP__OP_CONV_2D, .kind = AP__ROW_SCRATCH, .step = AP__STEP_PREPARE,
         .when = "type(in(0)) == INT8", .expr = "2 * 2", .what = "x", .src = "here:1"},
        {.op = AP__OP_CONV_2D, .kind = AP__ROW_SCRATCH, .step = AP__STEP_PREPARE,
         .when = "type(in(0)) == INT8", .expr = "nosuch * 2", .what = "x", .src = "here:2"}};
    ap__ktable broken_table = {"broken", broken, 2, &ap__reference_table};
    assert_int_equal(ap__rows_lint(&broken_table, CORTEX_M, &err), 2);
    assert_string_equal(err.msg, "an unknown name in \"nosuch * 2\" (at \"nosuch * 2\")");
    static const ap__krow apart[] = {
        {.op = AP__OP_CONV_2D, .kind = AP__ROW_SCRATCH, .step = AP__STEP_PREPARE, .group = 1,
         .when = "1", .expr = "2", .what = "x", .src = "here:1"},
        {.op = AP__OP_CONV_2D, .kind = AP__ROW_SCRATCH, .step = AP__STEP_PREPARE,
         .expr = "2", .what = "x", .src = "here:2"},
        {.op = AP__OP_CONV_2D, .kind = AP__ROW_SCRATCH, .step = AP__STEP_PREPARE, .group = 1,
         .expr = "2", .what = "x", .src = "here:3"}};
    broken_table.rows = apart;
    broken_table.n_rows = 3;
    assert_int_equal(ap__rows_lint(&broken_table, CORTEX_M, &err), 3);
    assert_string_equal(err.msg, "row 2: a group continued after another row");
}

/* ---- Kernel sets and rules -------------------------------------------------------------------- */

/* The kernel sets are the public enum's values, each a table, a target and a build. */
static void kernel_sets_are_listed(void **state)
{
    (void)state;
    const char *const *names = ap_tflm_set_names(AP_TFLM_SET_KERNELS);
    size_t n = 0;
    for (; names[n]; n++) {
        const ap__kernel_set *s = ap__kernel_sets_of((ap_tflm_kernels)n);
        assert_non_null(s);
        assert_string_equal(s->name, names[n]);
    }
    assert_int_equal(n, AP_TFLM_KERNELS_COUNT);
    assert_null(ap__kernel_sets_of(AP_TFLM_KERNELS_COUNT));
    assert_string_equal(names[AP_TFLM_KERNELS_CMSIS_NN], "cmsis-nn");
    assert_string_equal(names[AP_TFLM_KERNELS_CMSIS_NN_M4], "cmsis-nn-m4");
    const ap__kernel_set *a = ap__kernel_sets_of(AP_TFLM_KERNELS_CMSIS_NN);
    const ap__kernel_set *b = ap__kernel_sets_of(AP_TFLM_KERNELS_CMSIS_NN_M4);
    assert_ptr_equal(a->table, &ap__cmsis_nn_table);
    assert_ptr_equal(b->table, a->table);
    assert_ptr_equal(a->target, CORTEX_M);
    assert_ptr_equal(b->target, CORTEX_M);
    assert_memory_equal(&a->build, &b->build, sizeof a->build);
    assert_memory_equal(&a->build, &m4.s.build, sizeof a->build);
    const ap__kernel_set *r = ap__kernel_sets_of(AP_TFLM_KERNELS_REFERENCE);
    assert_true(r->table == &ap__reference_table && r->target->ptr == 4 && r->arena_name);
    assert_int_equal(ap__kernel_sets_of(AP_TFLM_KERNELS_REFERENCE64)->target->ptr, 8);
    assert_null(ap__kernel_sets_of(AP_TFLM_KERNELS_NONE)->arena_name);
    assert_int_equal(ap__kernel_sets_of(AP_TFLM_KERNELS_NONE)->table->n_rows, 0);
    ap_error err = {0};
    int v;
    assert_int_equal(ap_tflm_set_find(AP_TFLM_SET_KERNELS, "cmsis-nn-m55", &v, &err),
                     AP_ERR_USAGE);
    assert_string_equal(err.msg, "unknown kernel set \"cmsis-nn-m55\" (known: reference, "
                                 "reference64, cmsis-nn, cmsis-nn-m4, none)");
}

/* The in-place and overlap rules hold for the reference kernels' loops only: with CMSIS-NN
 * the library refuses them (the CLI, embed and every other caller go through it). */
static void rules_are_refused_with_cmsis_nn(void **state)
{
    (void)state;
    const char *path = src_path("corpus/models/tflm/person_detect.tflite");
    ap_load_options lo;
    ap_problem *p = NULL;
    ap_error err = {0};
    static const char *const inplace[] = {"reshape", "elementwise"};
    for (size_t i = 0; i < 2; i++) {
        ap_load_options_init(&lo);
        lo.build.kernels = AP_TFLM_KERNELS_CMSIS_NN;
        lo.build.inplace = (ap_tflm_inplace)tflm_set(AP_TFLM_SET_INPLACE, inplace[i]);
        assert_int_equal(ap_load(path, &lo, &p, &err), AP_ERR_USAGE);
        assert_null(p);
        char want[256];
        snprintf(want, sizeof want, "in-place rules \"%s\" are proven for TFLM's reference "
                 "kernels only, not for the CMSIS-NN kernels of kernel set \"cmsis-nn\" (use "
                 "in-place rules \"none\")", inplace[i]);
        assert_contains(err.msg, want);
    }
    ap_load_options_init(&lo);
    lo.build.kernels = AP_TFLM_KERNELS_CMSIS_NN_M4;
    lo.build.overlap = AP_TFLM_OVERLAP_REFERENCE;
    assert_int_equal(ap_load(path, &lo, &p, &err), AP_ERR_USAGE);
    assert_contains(err.msg, "overlap rules \"reference\" are proven for TFLM's reference "
                             "kernels only, not for the CMSIS-NN kernels of kernel set "
                             "\"cmsis-nn-m4\" (use overlap rules \"none\")");
    /* "none" is no rule: fine. */
    lo.build.overlap = AP_TFLM_OVERLAP_NONE;
    lo.build.inplace = AP_TFLM_INPLACE_NONE;
    assert_int_equal(ap_load(path, &lo, &p, &err), AP_OK);
    ap_problem_free(p);

    run_result r = run_cli("plan", path, "--kernels", "cmsis-nn", "--overlap", "reference", NULL);
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "overlap rules \"reference\" are proven for TFLM's reference kernels "
                           "only");
    assert_string_equal(r.out, "");
    run_free(&r);
    const char *out = tmp_path("cmsis_inplace.tflite");
    r = run_cli("embed", path, "-o", out, "--kernels", "cmsis-nn", "--inplace", "elementwise",
                NULL);
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "in-place rules \"elementwise\" are proven for TFLM's reference "
                           "kernels only");
    assert_false(file_exists(out));
    run_free(&r);
}

/* Buffer names carry the CMSIS-NN function that sized each request; the head is the one the
 * real runtime measured (person_detect: 55,296 with a 1,024-byte pooling buffer). */
static void buffer_names_name_the_function(void **state)
{
    (void)state;
    run_result r = run_cli("inspect", src_path("corpus/models/tflm/person_detect.tflite"),
                           "--kernels", "cmsis-nn", "--format", "csv", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "scratch0,28,29,1024,16,op 27 AVERAGE_POOL_2D: arm_avgpool_s8 channel "
                           "sums (arm_avgpool_s8_get_buffer_size)");
    run_free(&r);
    r = run_cli("plan", src_path("corpus/models/more/mltk_keyword_spotting_on_off_v3.tflite"),
                "--kernels", "cmsis-nn", "--strategy", "greedy", "--format", "csv", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "op 0 CONV_2D: arm_convolve_s8 im2col buffer "
                           "(arm_convolve_wrapper_s8_get_buffer_size)");
    assert_contains(r.out, "op 2 DEPTHWISE_CONV_2D: arm_depthwise_conv_s8_opt buffer "
                           "(arm_depthwise_conv_wrapper_s8_get_buffer_size)");
    run_free(&r);
    r = run_cli("plan", src_path("corpus/models/more/mltk_keyword_spotting_on_off_v3.tflite"),
                "--kernels", "cmsis-nn", "--strategy", "greedy", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "head         23728 bytes");
    run_free(&r);
}

/* compare --kernels reference,cmsis-nn: a row per kernel set with its own buffers, heads and
 * stock TFLM arena (dtln: 13 buffers, head 1,424 with the reference kernels; 12 and 2,464 with
 * CMSIS-NN, as heads_m4_*.csv; the arenas are head + plain tail + what AllocateTensors needs
 * beyond it). */
static void compare_kernel_sets_side_by_side(void **state)
{
    (void)state;
    const char *dtln = src_path("corpus/models/tflm/dtln_noise_suppression.tflite");
    run_result r = run_cli("compare", dtln, "--kernels", "reference,cmsis-nn", "--format", "csv",
                           NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "input,kernels,stock_arena_bytes,buffers,lower_bound,linear,greedy,");
    assert_contains(r.out, "dtln_noise_suppression.tflite,reference,5128,13,1424,3120,1424,");
    assert_contains(r.out, "dtln_noise_suppression.tflite,cmsis-nn,14360,12,2464,4672,2464,");
    run_free(&r);
    r = run_cli("compare", dtln, "--kernels", "reference,cmsis-nn", "--format", "json", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "\"kernels\":\"cmsis-nn\",\"stock_arena_bytes\":14360,\"buffers\":12");
    run_free(&r);
    r = run_cli("compare", dtln, "--kernels", "reference,cmsis,none", NULL);
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "--kernels reference,cmsis,none: unknown kernel set \"cmsis\"");
    run_free(&r);
    r = run_cli("compare", dtln, "--kernels", "cmsis-nn,reference,cmsis-nn", NULL);
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "'cmsis-nn' is named twice");
    run_free(&r);
}

/* The CLI's whole arena is the chosen kernel set's: dtln's CMSIS-NN tail is 11,892 bytes in a
 * plain interpreter (heads_m4_cmsis_nn.csv: recording tail 11,988, plain_total 14,356), not the
 * reference kernels' 3,220; CMSIS-NN on host64 is refused. */
static void cli_arena_uses_the_kernel_set(void **state)
{
    (void)state;
    const char *dtln = src_path("corpus/models/tflm/dtln_noise_suppression.tflite");
    run_result r = run_cli("plan", dtln, "--kernels", "cmsis-nn", "--strategy", "greedy", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "kTensorArenaSize for TFLM on cortex-m; head 2464 + tail 11892");
    run_free(&r);
    r = run_cli("plan", dtln, "--kernels", "cmsis-nn", "--target", "host64", NULL);
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "--kernels cmsis-nn is a Cortex-M build (--target cortex-m), not one "
                           "for host64");
    assert_string_equal(r.out, "");
    run_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(expression_additions),
        cmocka_unit_test(conv_paths),
        cmocka_unit_test(depthwise_paths),
        cmocka_unit_test(fully_connected_paths),
        cmocka_unit_test(pooling_paths),
        cmocka_unit_test(svdf_paths),
        cmocka_unit_test(lstm_paths),
        cmocka_unit_test(transpose_conv_paths),
        cmocka_unit_test(zero_byte_request_is_planned),
        cmocka_unit_test(softmax_checks),
        cmocka_unit_test(batch_matmul_paths),
        cmocka_unit_test(every_table_parses),
        cmocka_unit_test(kernel_sets_are_listed),
        cmocka_unit_test(rules_are_refused_with_cmsis_nn),
        cmocka_unit_test(buffer_names_name_the_function),
        cmocka_unit_test(cli_arena_uses_the_kernel_set),
        cmocka_unit_test(compare_kernel_sets_side_by_side),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
