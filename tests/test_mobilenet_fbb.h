/*
 * test_mobilenet_fbb.h - MobileNetV1 with width 0.25 on a 96x96 input, built with the test
 * FlatBuffer writer (support/tflite_writer.h), for models the corpus may not hold.
 *
 * With 1 input channel it is person_detect's topology (TFLM's example: a depthwise first layer
 * with depth multiplier 8); with 3 it is MLPerf Tiny's visual wake words model vww_96_int8
 * (the same network with a 3x3 convolution, stride 2, 3 -> 8 channels first), which is held
 * out: fetched model files may not be committed, so the tests build its topology. 31
 * operators: the first layer, 13 depthwise + pointwise pairs (strides 1 2 1 2 1 2 1 1 1 1 1 2
 * 1, channels 16 32 32 64 64 128 128 128 128 128 128 256 256), a 3x3 average pool, a 1x1
 * convolution to 2 classes, RESHAPE to [1, 2], SOFTMAX. int8 activations and weights, int32
 * biases; the weights are zeros (tests that run the model draw their own). mobilenet_025 has no
 * quantization (enough for planning); mobilenet_025_q quantizes every tensor as TFLM's kernels
 * want it to load the model (activations scale 0.0235, zero point -128; weights 0.01 per
 * tensor; biases their product; SOFTMAX's output 1/256, -128) and fills the weights with a
 * fixed pattern in [-127, 127] and the biases in [-500, 500], so that its outputs depend on
 * its input.
 */
#ifndef AP_TEST_MOBILENET_FBB_H
#define AP_TEST_MOBILENET_FBB_H

#include "arenaplan/schema.h"
#include "test_tflite_fbb.h"

typedef struct mn_build {
    fbb_node *t[96], *b[96], *op[40];
    int nt, nb, nop;
    int q; /* quantize every tensor */
} mn_build;

#define MN_ACT_SCALE 0.0235f
#define MN_W_SCALE 0.01f

static void mn_quant(mn_build *m, fbb_node *t, float scale, int64_t zp)
{
    if (m->q)
        fbb_ref(t, AP_TFL_F_TENSOR_QUANTIZATION, tfl_quantization(&scale, 1, &zp, 1, 0));
}

/* An int8 activation [1, h, w, c] (no data: buffer 0). */
static int mn_act(mn_build *m, int h, int w, int c)
{
    m->t[m->nt] = tfl_tensor("act", AP_TFL_INT8, fbb_ints(4, 1, h, w, c), 0);
    mn_quant(m, m->t[m->nt], MN_ACT_SCALE, -128);
    return m->nt++;
}

/* A constant of `bytes` zero bytes, in a buffer of its own. */
static int mn_const(mn_build *m, int type, fbb_node *shape, size_t bytes)
{
    unsigned char *data = calloc(bytes + 1, 1);
    for (size_t k = 0; m->q && k < bytes; k++) /* quantized: seeded weights, small biases */
        if (type == AP_TFL_INT8)
            data[k] = (unsigned char)(int8_t)((int)((k * 73 + (size_t)m->nb * 29 + 11) % 255) - 127);
    for (size_t k = 0; m->q && type == AP_TFL_INT32 && k + 4 <= bytes; k += 4) {
        int32_t v = (int32_t)((k * 97 / 4 + (size_t)m->nb * 13) % 1001) - 500;
        memcpy(data + k, &v, 4);
    }
    m->b[m->nb] = tfl_buffer(data, bytes);
    free(data);
    m->t[m->nt] = tfl_tensor("const", type, shape, (uint32_t)m->nb++);
    if (type == AP_TFL_INT8)
        mn_quant(m, m->t[m->nt], MN_W_SCALE, 0);
    else if (type == AP_TFL_INT32)
        mn_quant(m, m->t[m->nt], MN_ACT_SCALE * MN_W_SCALE, 0);
    return m->nt++;
}

/* Operator codes of the model: 0 DEPTHWISE_CONV_2D, 1 CONV_2D, 2 AVERAGE_POOL_2D, 3 RESHAPE,
 * 4 SOFTMAX. */
static int mn_conv(mn_build *m, int in, int h, int w, int ci, int co, int k, int stride,
                   int act)
{
    int f = mn_const(m, AP_TFL_INT8, fbb_ints(4, co, k, k, ci), (size_t)(co * k * k * ci));
    int bias = mn_const(m, AP_TFL_INT32, fbb_ints(1, co), (size_t)co * 4);
    int out = mn_act(m, (h + stride - 1) / stride, (w + stride - 1) / stride, co);
    fbb_node *o = fbb_table();
    fbb_scalar(o, AP_TFL_F_CONV_2D_STRIDE_W, 4, (uint64_t)stride);
    fbb_scalar(o, AP_TFL_F_CONV_2D_STRIDE_H, 4, (uint64_t)stride);
    fbb_scalar(o, AP_TFL_F_CONV_2D_FUSED_ACTIVATION_FUNCTION, 1, (uint64_t)act);
    m->op[m->nop++] = tfl_op(1, fbb_ints(3, in, f, bias), fbb_ints(1, out), AP_TFL_OPT_CONV_2D, o);
    return out;
}

static int mn_dw(mn_build *m, int in, int h, int w, int ci, int mult, int stride)
{
    int co = ci * mult;
    int f = mn_const(m, AP_TFL_INT8, fbb_ints(4, 1, 3, 3, co), (size_t)(9 * co));
    int bias = mn_const(m, AP_TFL_INT32, fbb_ints(1, co), (size_t)co * 4);
    int out = mn_act(m, (h + stride - 1) / stride, (w + stride - 1) / stride, co);
    fbb_node *o = fbb_table();
    fbb_scalar(o, AP_TFL_F_DEPTHWISE_CONV_2D_STRIDE_W, 4, (uint64_t)stride);
    fbb_scalar(o, AP_TFL_F_DEPTHWISE_CONV_2D_STRIDE_H, 4, (uint64_t)stride);
    fbb_scalar(o, AP_TFL_F_DEPTHWISE_CONV_2D_DEPTH_MULTIPLIER, 4, (uint64_t)mult);
    fbb_scalar(o, AP_TFL_F_DEPTHWISE_CONV_2D_FUSED_ACTIVATION_FUNCTION, 1, 3); /* RELU6 */
    m->op[m->nop++] =
        tfl_op(0, fbb_ints(3, in, f, bias), fbb_ints(1, out), AP_TFL_OPT_DEPTHWISE_CONV_2D, o);
    return out;
}

static fbb_node *mn_list(fbb_node **v, int n)
{
    fbb_node *x = fbb_new(FBB_TABLES);
    x->kids = calloc((size_t)n + 1, sizeof *x->kids);
    x->n = (size_t)n;
    memcpy(x->kids, v, (size_t)n * sizeof *v);
    return x;
}

/* The model's bytes (free them); *len their count; q: quantized. Resets the writer. */
static unsigned char *mobilenet_025_q(int in_c, int q, size_t *len)
{
    static const int strides[13] = {1, 2, 1, 2, 1, 2, 1, 1, 1, 1, 1, 2, 1};
    static const int chans[13] = {16, 32, 32, 64, 64, 128, 128, 128, 128, 128, 128, 256, 256};
    mn_build m;
    memset(&m, 0, sizeof m);
    m.q = q;
    m.b[m.nb++] = tfl_buffer(NULL, 0);
    int in = mn_act(&m, 96, 96, in_c), x, h = 48, c = 8;
    x = in_c == 1 ? mn_dw(&m, in, 96, 96, 1, 8, 2) : mn_conv(&m, in, 96, 96, in_c, 8, 3, 2, 3);
    for (int l = 0; l < 13; l++) {
        x = mn_dw(&m, x, h, h, c, 1, strides[l]);
        h = (h + strides[l] - 1) / strides[l];
        x = mn_conv(&m, x, h, h, c, chans[l], 1, 1, 3);
        c = chans[l];
    }
    int pooled = mn_act(&m, 1, 1, c);
    fbb_node *po = fbb_table();
    fbb_scalar(po, AP_TFL_F_POOL_2D_PADDING, 1, 1); /* VALID */
    fbb_scalar(po, AP_TFL_F_POOL_2D_STRIDE_W, 4, 2);
    fbb_scalar(po, AP_TFL_F_POOL_2D_STRIDE_H, 4, 2);
    fbb_scalar(po, AP_TFL_F_POOL_2D_FILTER_WIDTH, 4, 3);
    fbb_scalar(po, AP_TFL_F_POOL_2D_FILTER_HEIGHT, 4, 3);
    m.op[m.nop++] = tfl_op(2, fbb_ints(1, x), fbb_ints(1, pooled), AP_TFL_OPT_POOL_2D, po);
    int logits = mn_conv(&m, pooled, 1, 1, c, 2, 1, 1, 0);
    int32_t shape[2] = {1, 2};
    m.b[m.nb] = tfl_buffer(shape, sizeof shape);
    m.t[m.nt] = tfl_tensor("shape", AP_TFL_INT32, fbb_ints(1, 2), (uint32_t)m.nb++);
    int shp = m.nt++;
    m.t[m.nt] = tfl_tensor("flat", AP_TFL_INT8, fbb_ints(2, 1, 2), 0);
    mn_quant(&m, m.t[m.nt], MN_ACT_SCALE, -128);
    int flat = m.nt++;
    m.op[m.nop++] = tfl_op(3, fbb_ints(2, logits, shp), fbb_ints(1, flat), 0, NULL);
    m.t[m.nt] = tfl_tensor("out", AP_TFL_INT8, fbb_ints(2, 1, 2), 0);
    mn_quant(&m, m.t[m.nt], 1.0f / 256.0f, -128);
    int out = m.nt++;
    fbb_node *so = fbb_table();
    fbb_scalar(so, AP_TFL_F_SOFTMAX_BETA, 4, 0x3f800000u); /* beta 1.0f */
    m.op[m.nop++] = tfl_op(4, fbb_ints(1, flat), fbb_ints(1, out), AP_TFL_OPT_SOFTMAX, so);
    fbb_node *sg = tfl_subgraph(mn_list(m.t, m.nt), fbb_ints(1, in), fbb_ints(1, out),
                                mn_list(m.op, m.nop), "main");
    fbb_node *model = tfl_model(fbb_tables(5, tfl_opcode(AP_TFL_OP_DEPTHWISE_CONV_2D, NULL),
                                           tfl_opcode(AP_TFL_OP_CONV_2D, NULL),
                                           tfl_opcode(AP_TFL_OP_AVERAGE_POOL_2D, NULL),
                                           tfl_opcode(AP_TFL_OP_RESHAPE, NULL),
                                           tfl_opcode(AP_TFL_OP_SOFTMAX, NULL)),
                                fbb_tables(1, sg), mn_list(m.b, m.nb), NULL);
    unsigned char *d = fbb_finish(model, len);
    fbb_reset();
    return d;
}

static inline unsigned char *mobilenet_025(int in_c, size_t *len)
{
    return mobilenet_025_q(in_c, 0, len);
}

#endif
