/*
 * scratch.c - what TFLM's kernels do in Prepare that changes the memory plan (scratch.h): arena
 * scratch requests (RequestScratchBufferInArena) and output tensors a kernel points at memory
 * of its own, for every operator of a model. The reference kernels are one function each here,
 * written from the kernel's Prepare in tflite-micro (paths in docs/kernels.md); the CMSIS-NN
 * kernels are tables (cmsis_nn.c).
 *
 * Kernel sets:
 *   reference    TFLM's reference kernels (tensorflow/lite/micro/kernels, signal/micro/kernels,
 *                the Ethos-U kernel) built for a 32-bit microcontroller: pointers and size_t
 *                are 4 bytes. The default.
 *   reference64  the same kernels built for a 64-bit host (8-byte pointers and size_t), as the
 *                reference figures in corpus/reference were measured.
 *   cmsis-nn-m4  TFLM built with OPTIMIZED_KERNEL_DIR=cmsis_nn for a Cortex-M4 with DSP
 *   (cmsis-nn)   (arm-none-eabi-gcc): the CMSIS-NN kernels' tables (cmsis_nn.c)
 *                where the cmsis_nn directory has a kernel, these functions elsewhere.
 *   none         no kernel requests anything.
 *
 * Sizes are computed in 64 bits and refused past AP_MAX_VALUE; TFLM computes them in int.
 *
 * The folder src/tflm_kernels/: what TFLM's kernels do to memory, as data: scratch requests,
 * tail and temporary allocations, the expressions and struct layouts they are written in.
 */
#include <string.h>

#include "core/util.h"
#include "tflite/flexbuf.h"
#include "tflm_kernels/cmsis_nn.h"
#include "tflm_kernels/kernel_sets.h"
#include "tflm_kernels/prepare.h"
#include "tflm_kernels/prepare_rows.h"
#include "tflm_kernels/scratch.h"

typedef ap_status (*kernel_fn)(ap__kctx *k);

static ap_status need_rank(ap__kctx *k, const ap_tfl_tensor *t, uint32_t rank, const char *what)
{
    if (!t)
        return ap__prepare_fail(k, "missing ", what);
    if (t->rank < rank)
        return ap__prepare_fail(k, "too few dimensions in ", what);
    return AP_OK;
}

/* Appends a request of a * b * c bytes (each factor >= 0), checked for overflow. */
static ap_status req3(ap__kctx *k, int64_t a, int64_t b, int64_t c, const char *what)
{
    int64_t v;
    if (a < 0 || b < 0 || c < 0)
        return ap__prepare_fail(k, "a negative scratch size for ", what);
    if (ap__mul_ovf(a, b, &v) || ap__mul_ovf(v, c, &v))
        return ap__prepare_fail(k, "a scratch size past 2^52 bytes for ", what);
    return ap__prepare_request(k, v, what, NULL);
}

static ap_status req(ap__kctx *k, int64_t bytes, const char *what)
{
    return req3(k, bytes, 1, 1, what);
}

/* ---- Kernels ---------------------------------------------------------------------------------- */

/* CONV_2D (conv_common.cc ConvPrepare), DEPTHWISE_CONV_2D (depthwise_conv_common.cc
 * DepthwiseConvPrepare), FULLY_CONNECTED (fully_connected.cc Prepare): an INT4 filter is
 * unpacked into a scratch buffer of one byte per filter element. */
static ap_status k_int4_filter(ap__kctx *k)
{
    const ap_tfl_tensor *f = ap__prepare_in(k, 1);
    ap_status st = ap__prepare_need(k, f, "filter (input 1)");
    if (st != AP_OK || f->type != AP_TFL_INT4)
        return st;
    return req(k, f->elements, "unpacked INT4 filter");
}

/* TRANSPOSE_CONV (transpose_conv.cc Prepare, CalculateOpData): INT8 input: int32 accumulators,
 * one per output element; INT16 input: int64 accumulators, then (INT16 bias) the bias widened to
 * int64. */
static ap_status k_transpose_conv(ap__kctx *k)
{
    const ap_tfl_tensor *x = ap__prepare_in(k, 2), *y = ap__prepare_out(k, 0), *b = ap__prepare_in(k, 3);
    ap_status st;
    if ((st = ap__prepare_need(k, x, "input (input 2)")) != AP_OK ||
        (st = ap__prepare_need(k, y, "output (output 0)")) != AP_OK)
        return st;
    if (x->type == AP_TFL_INT8)
        return req3(k, y->elements, 4, 1, "int32 accumulators");
    if (x->type == AP_TFL_INT16) {
        if ((st = req3(k, y->elements, 8, 1, "int64 accumulators")) != AP_OK)
            return st;
        if (b && b->type == AP_TFL_INT16)
            return req3(k, b->elements, 8, 1, "bias widened to int64");
    }
    return AP_OK;
}

/* SVDF (svdf_common.cc PrepareSvdf): INT8: batch * num_filters int32, then batch * num_units
 * int32 (num_units = num_filters / rank); FLOAT32: batch * num_filters floats. */
static ap_status k_svdf(ap__kctx *k)
{
    const ap_tfl_tensor *x = ap__prepare_in(k, 0), *wf = ap__prepare_in(k, 1);
    ap_status st;
    if ((st = need_rank(k, x, 2, "input (input 0)")) != AP_OK ||
        (st = need_rank(k, wf, 1, "weights_feature (input 1)")) != AP_OK)
        return st;
    int64_t batch = ap__prepare_dim(x, 0), filters = ap__prepare_dim(wf, 0), rank = k->op->opt.rank;
    if (rank <= 0 || filters % rank != 0)
        return ap__prepare_fail(k, "the SVDF rank does not divide the filter count", NULL);
    if (x->type == AP_TFL_INT8) {
        if ((st = req3(k, batch, filters, 4, "int32 filter outputs")) != AP_OK)
            return st;
        return req3(k, batch, filters / rank, 4, "int32 unit outputs");
    }
    if (x->type == AP_TFL_FLOAT32)
        return req3(k, batch, filters, 4, "float filter outputs");
    return ap__prepare_fail(k, "input type is not FLOAT32 or INT8", NULL);
}

/* UNIDIRECTIONAL_SEQUENCE_LSTM (unidirectional_sequence_lstm.cc Prepare, CreateLstmSizeInfo):
 * four gate buffers of batch * state_dimension elements of the cell state's type (FLOAT32 or
 * INT16); batch from the input (dimension 1 when time-major, else 0), state_dimension from the
 * output state (input 18) dimension 1. */
static ap_status k_lstm(ap__kctx *k)
{
    const ap_tfl_tensor *x = ap__prepare_in(k, 0), *h = ap__prepare_in(k, 18), *c = ap__prepare_in(k, 19);
    ap_status st;
    if (k->op->n_inputs != 24)
        return ap__prepare_fail(k, "an LSTM needs 24 inputs", NULL);
    if ((st = need_rank(k, x, 3, "input (input 0)")) != AP_OK ||
        (st = need_rank(k, h, 2, "output state (input 18)")) != AP_OK ||
        (st = ap__prepare_need(k, c, "cell state (input 19)")) != AP_OK)
        return st;
    int64_t batch = k->op->opt.time_major ? ap__prepare_dim(x, 1) : ap__prepare_dim(x, 0);
    int64_t state = ap__prepare_dim(h, 1);
    int64_t esize = c->type == AP_TFL_FLOAT32 ? 4 : c->type == AP_TFL_INT16 ? 2 : 0;
    if (esize == 0)
        return ap__prepare_fail(k, "cell state type is not FLOAT32 or INT16", NULL);
    static const char *const gate[4] = {"gate buffer 0", "gate buffer 1", "gate buffer 2",
                                        "gate buffer 3"};
    for (int i = 0; i < 4; i++)
        if ((st = req3(k, batch, state, esize, gate[i])) != AP_OK)
            return st;
    return AP_OK;
}

/* MEAN and SUM (reduce_common.cc PrepareMeanOrSumHelper): INT8/INT16 input: int32 sums, one
 * per output element; then an int per input dimension (temp index) and an int per axis entry
 * (resolved axes). */
static ap_status k_mean_sum(ap__kctx *k)
{
    const ap_tfl_tensor *x = ap__prepare_in(k, 0), *ax = ap__prepare_in(k, 1), *y = ap__prepare_out(k, 0);
    ap_status st;
    if ((st = ap__prepare_need(k, x, "input (input 0)")) != AP_OK ||
        (st = ap__prepare_need(k, ax, "axis (input 1)")) != AP_OK ||
        (st = ap__prepare_need(k, y, "output (output 0)")) != AP_OK)
        return st;
    if (x->type == AP_TFL_INT8 || x->type == AP_TFL_INT16)
        if ((st = req3(k, y->elements, 4, 1, "int32 sums")) != AP_OK)
            return st;
    if ((st = req3(k, x->rank, 4, 1, "temp index")) != AP_OK)
        return st;
    return req3(k, ax->elements, 4, 1, "resolved axes");
}

/* REDUCE_MAX and REDUCE_MIN (reduce_common.cc PrepareMinMaxHelper): an int per input dimension,
 * then an int per axis entry. */
static ap_status k_min_max(ap__kctx *k)
{
    const ap_tfl_tensor *x = ap__prepare_in(k, 0), *ax = ap__prepare_in(k, 1);
    ap_status st;
    if ((st = ap__prepare_need(k, x, "input (input 0)")) != AP_OK ||
        (st = ap__prepare_need(k, ax, "axis (input 1)")) != AP_OK)
        return st;
    if ((st = req3(k, x->rank, 4, 1, "temp index")) != AP_OK)
        return st;
    return req3(k, ax->elements, 4, 1, "resolved axes");
}

/* MIRROR_PAD (mirror_pad.cc MirrorPadPrepare): two int arrays of the input's rank (output and
 * input element counts per dimension). */
static ap_status k_mirror_pad(ap__kctx *k)
{
    const ap_tfl_tensor *x = ap__prepare_in(k, 0);
    ap_status st = ap__prepare_need(k, x, "input (input 0)");
    if (st != AP_OK || (st = req3(k, x->rank, 4, 1, "output dimension sizes")) != AP_OK)
        return st;
    return req3(k, x->rank, 4, 1, "input dimension sizes");
}

/* ADD_N (add_n.cc CalculateOpData): FLOAT32 or INT8 output: one pointer per input. */
static ap_status k_add_n(ap__kctx *k)
{
    const ap_tfl_tensor *y = ap__prepare_out(k, 0);
    ap_status st = ap__prepare_need(k, y, "output (output 0)");
    if (st != AP_OK)
        return st;
    if (k->op->n_inputs < 2)
        return ap__prepare_fail(k, "ADD_N needs at least 2 inputs", NULL);
    if (y->type != AP_TFL_FLOAT32 && y->type != AP_TFL_INT8)
        return ap__prepare_fail(k, "output type is not FLOAT32 or INT8", NULL);
    return req3(k, k->op->n_inputs, k->build->ptr, 1, "input pointers");
}

/* VAR_HANDLE (var_handle.cc VarHandlePrepare): the output points at the kernel's resource id, so
 * the planner never sees it. */
static ap_status k_var_handle(ap__kctx *k)
{
    if (k->op->n_outputs == 0)
        return ap__prepare_fail(k, "VAR_HANDLE has no output", NULL);
    ap__prepare *o = k->out;
    ap__tensor_ref *nv = ap__grow(o->owned, &o->cap_owned, o->n_owned + 1, sizeof *nv);
    if (!nv)
        return ap_error_set(k->err, AP_ERR_NOMEM, "out of memory modelling kernel scratch");
    o->owned = nv;
    nv[o->n_owned++] = (ap__tensor_ref){k->s, (uint32_t)k->op->outputs[0]};
    return AP_OK;
}

/* An integer from the operator's custom options (a FlexBuffer map). */
static int custom_int(ap__kctx *k, const char *key, int64_t *v)
{
    const ap_tfl_operator *op = k->op;
    if (op->custom_options_pos == 0)
        return 0;
    return ap__flexbuf_map_int(k->m->data + op->custom_options_pos, op->custom_options_len, key,
                               v) == 1;
}

/* TFLite_Detection_PostProcess (detection_postprocess.cc Prepare): eleven buffers sized from
 * the box count (input 0 dimension 1), the class predictions (input 1) and the options
 * max_detections and num_classes. */
static ap_status k_detection_postprocess(ap__kctx *k)
{
    const ap_tfl_tensor *boxes = ap__prepare_in(k, 0), *cls = ap__prepare_in(k, 1);
    ap_status st;
    int64_t maxdet, ncls;
    if ((st = need_rank(k, boxes, 3, "box encodings (input 0)")) != AP_OK ||
        (st = need_rank(k, cls, 3, "class predictions (input 1)")) != AP_OK)
        return st;
    if (!custom_int(k, "max_detections", &maxdet) || !custom_int(k, "num_classes", &ncls))
        return ap__prepare_fail(k, "custom options lack max_detections or num_classes", NULL);
    if (maxdet < 0 || ncls < 0 || maxdet > INT32_MAX || ncls > INT32_MAX)
        return ap__prepare_fail(k, "negative max_detections or num_classes", NULL);
    int64_t nb = ap__prepare_dim(boxes, 1);
    int64_t most = ncls > maxdet ? ncls : maxdet, least = nb < maxdet ? nb : maxdet;
    if ((st = req3(k, nb, 1, 1, "active candidates")) != AP_OK ||
        (st = req3(k, nb, 4, 4, "decoded boxes")) != AP_OK ||
        (st = req3(k, ap__prepare_dim(cls, 1) * ap__prepare_dim(cls, 2), 4, 1, "scores")) != AP_OK ||
        (st = req3(k, nb, 4, 1, "score buffer")) != AP_OK ||
        (st = req3(k, nb, 4, 1, "kept scores")) != AP_OK ||
        (st = req3(k, maxdet * nb, 4, 1, "scores after NMS")) != AP_OK ||
        (st = req3(k, maxdet * nb, 4, 1, "sorted values")) != AP_OK ||
        (st = req3(k, nb, 4, 1, "kept indices")) != AP_OK ||
        (st = req3(k, maxdet * nb, 4, 1, "sorted indices")) != AP_OK ||
        (st = req3(k, most, nb, 4, "buffer")) != AP_OK)
        return st;
    return req3(k, least, nb, 4, "selected");
}

/* SignalRfft (signal/micro/kernels/rfft.cc RfftPrepare): a work area of fft_length elements of
 * the input's type (INT16, INT32 or FLOAT32). fft_length comes from the custom options; when
 * they lack it, from the output: fft_length / 2 + 1 complex values. */
static ap_status k_signal_rfft(ap__kctx *k)
{
    const ap_tfl_tensor *x = ap__prepare_in(k, 0), *y = ap__prepare_out(k, 0);
    ap_status st;
    if ((st = ap__prepare_need(k, x, "input (input 0)")) != AP_OK ||
        (st = need_rank(k, y, 1, "output (output 0)")) != AP_OK)
        return st;
    int64_t esize = x->type == AP_TFL_INT16 ? 2
                  : (x->type == AP_TFL_INT32 || x->type == AP_TFL_FLOAT32) ? 4 : 0;
    if (esize == 0)
        return ap__prepare_fail(k, "input type is not INT16, INT32 or FLOAT32", NULL);
    int64_t fft;
    if (!custom_int(k, "fft_length", &fft))
        fft = (ap__prepare_dim(y, y->rank - 1) / 2 - 1) * 2;
    if (fft < 0 || fft > INT32_MAX)
        return ap__prepare_fail(k, "a negative fft_length", NULL);
    return req3(k, fft, esize, 1, "FFT work area");
}

/* ethos-u (Arm's Ethos-U kernel, kernels/ethos_u/ethosu.cc Prepare): one uint64 base address and
 * one size_t size per input and output tensor. */
static ap_status k_ethos_u(ap__kctx *k)
{
    int64_t n = (int64_t)k->op->n_inputs + k->op->n_outputs;
    ap_status st;
    if (k->op->n_inputs == 0)
        return ap__prepare_fail(k, "ethos-u has no inputs", NULL);
    if ((st = req3(k, n, 8, 1, "base addresses")) != AP_OK)
        return st;
    return req3(k, n, k->build->ptr, 1, "base address sizes");
}

/* ---- Kernel sets ------------------------------------------------------------------------------ */

typedef struct builtin_entry {
    int32_t code;
    kernel_fn fn;
} builtin_entry;

typedef struct custom_entry {
    const char *name;
    kernel_fn fn;
} custom_entry;

static const builtin_entry reference_builtins[] = {
    {AP_TFL_OP_CONV_2D, k_int4_filter},
    {AP_TFL_OP_DEPTHWISE_CONV_2D, k_int4_filter},
    {AP_TFL_OP_FULLY_CONNECTED, k_int4_filter},
    {AP_TFL_OP_TRANSPOSE_CONV, k_transpose_conv},
    {AP_TFL_OP_SVDF, k_svdf},
    {AP_TFL_OP_UNIDIRECTIONAL_SEQUENCE_LSTM, k_lstm},
    {AP_TFL_OP_MEAN, k_mean_sum},
    {AP_TFL_OP_SUM, k_mean_sum},
    {AP_TFL_OP_REDUCE_MAX, k_min_max},
    {AP_TFL_OP_REDUCE_MIN, k_min_max},
    {AP_TFL_OP_MIRROR_PAD, k_mirror_pad},
    {AP_TFL_OP_ADD_N, k_add_n},
    {AP_TFL_OP_VAR_HANDLE, k_var_handle},
};

static const custom_entry reference_customs[] = {
    {"TFLite_Detection_PostProcess", k_detection_postprocess},
    {"SignalRfft", k_signal_rfft},
    {"ethos-u", k_ethos_u},
};

static kernel_fn lookup(const ap_tfl_operator *op)
{
    if (op->builtin == AP_TFL_OP_CUSTOM) {
        if (!op->custom_code)
            return NULL;
        for (size_t i = 0; i < sizeof reference_customs / sizeof reference_customs[0]; i++)
            if (strcmp(op->custom_code, reference_customs[i].name) == 0)
                return reference_customs[i].fn;
        return NULL;
    }
    for (size_t i = 0; i < sizeof reference_builtins / sizeof reference_builtins[0]; i++)
        if (reference_builtins[i].code == op->builtin)
            return reference_builtins[i].fn;
    return NULL;
}

ap_status ap__scratch_run(const ap_tfl_model *m, ap_tflm_kernels set, ap__prepare *out,
                          ap_error *err)
{
    const ap__kbuild *b = ap__kernel_sets_build(set);
    if (!b)
        return ap_error_set(err, AP_ERR_USAGE, "kernel set %d is not an ap_tflm_kernels",
                            (int)set);
    return ap__scratch_run_build(m, b, out, err);
}

ap_status ap__scratch_run_build(const ap_tfl_model *m, const ap__kbuild *b,
                                ap__prepare *out, ap_error *err)
{
    if (b->none)
        return AP_OK;
    ap__kctx k = {.m = m, .build = b, .out = out, .err = err};
    for (uint32_t s = 0; s < m->n_subgraphs; s++) {
        k.s = s;
        k.g = &m->subgraphs[s];
        for (uint32_t i = 0; i < k.g->n_ops; i++) {
            k.op = &k.g->ops[i];
            const ap__ptable *t = b->cmsis_nn ? ap__cmsis_nn_table(k.op) : NULL;
            kernel_fn fn = t ? NULL : lookup(k.op);
            size_t before = out->n;
            ap_status st = t ? ap__prepare_rows_run(&k, t) : fn ? fn(&k) : AP_OK;
            if (st != AP_OK)
                return st;
            /* MicroAllocator refuses more than kMaxScratchBuffersPerOp (12) per operator. */
            if (out->n - before > 12)
                return ap__prepare_fail(&k, "more than 12 scratch requests", NULL);
        }
    }
    return AP_OK;
}
