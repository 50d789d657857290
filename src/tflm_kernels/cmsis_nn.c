/*
 * cmsis_nn.c - the CMSIS-NN kernels' Prepare as tables (prepare_rows.h): what TFLM's
 * tensorflow/lite/micro/kernels/cmsis_nn/ kernels (tflite-micro 90b983c2b) check and which
 * scratch buffers they request, with the sizes of Arm's CMSIS-NN arm_*_get_buffer_size
 * functions (CMSIS-NN 4ab83cc3, the commit that tflite-micro pins).
 *
 * CMSIS-NN picks its code paths with the preprocessor, and its size functions with it:
 *   ARM_MATH_MVEI   the core has Helium (Cortex-M55, M85): the *_mve sizes;
 *   ARM_MATH_DSP    the core has the DSP extension (Cortex-M4, M7, M33 with DSP): the *_dsp
 *                   sizes where they differ from the plain C ones;
 *   neither         plain C (Cortex-M0, M0+, M3): the remaining sizes;
 *   __ARMCC_VERSION >= 6010050  (Arm Compiler 6) arm_convolve_1x1_s8_fast's buffer, which
 *                   arm-none-eabi-gcc builds do not use;
 * and TFLM's KERNELS_OPTIMIZED_FOR_SPEED (its default) keeps the fully connected and SVDF
 * kernel sums in the persistent tail instead of a scratch buffer. Every row states its path
 * with the build's features dsp, mve, armclang and speed (ap__kbuild, names of expr.h), so a
 * core or a compiler is one more kernel set in kernel_sets.c, not code. Only the measured target,
 * the Cortex-M4 with arm-none-eabi-gcc, is offered as a set so far; the MVE and plain rows are
 * written from the source and unmeasured (docs/kernels.md).
 *
 * Operators that the cmsis_nn directory does not replace keep TFLM's reference kernels
 * (scratch.c); so do the cmsis_nn kernels that request nothing (SOFTMAX, MAX_POOL_2D, ADD,
 * MUL, PAD, TRANSPOSE, MAXIMUM, MINIMUM: none of them, nor their reference fallbacks, asks
 * for scratch).
 */
#include <string.h>

#include "tflm_kernels/cmsis_nn.h"
#include "tflm_kernels/prepare_rows.h"

#define ROWS(a) a, sizeof a / sizeof a[0]

/* ---- Shared rows and definitions ------------------------------------------------------------ */

/* The tensors a kernel's Prepare fetches first (TF_LITE_ENSURE(input != nullptr) & co.). */
#define NEED(t, what) {AP__PR_CHECK, 0, "!exists(" t ")", NULL, NULL, "missing " what}

/* The type checks CONV_2D, DEPTHWISE_CONV_2D and FULLY_CONNECTED share: the input's type is the
 * output's, FLOAT32, INT16 or INT8, and the filter's fits it (TFLM: "Hybrid models are not
 * supported on TFLite Micro"). */
#define CHECK_TYPES                                                                          \
    {AP__PR_CHECK, 0, "in_type != out_type", NULL, NULL, "input and output types differ"},    \
    {AP__PR_CHECK, 0, "in_type != FLOAT32 && in_type != INT16 && in_type != INT8", NULL, NULL, \
     "input type is not FLOAT32, INT16 or INT8"},                                           \
    {AP__PR_CHECK, 0, "!(in_type == FLOAT32 && filter_type == FLOAT32 || in_type == INT16 && " \
                      "filter_type == INT8 || in_type == INT8 && (filter_type == INT4 || "    \
                      "filter_type == INT8))", NULL, NULL,                                    \
     "hybrid models are not supported (input and filter types)"}

/* A convolution's input [n, ih, iw, ic], filter (input 1) and output [on, oh, ow, oc]. */
#define CONV_DEFS                                                                            \
    {"in_type", "type(in(0))"}, {"filter_type", "type(in(1))"}, {"out_type", "type(out(0))"}, \
    {"n", "dim(in(0), 0)"}, {"ih", "dim(in(0), 1)"}, {"iw", "dim(in(0), 2)"},                 \
    {"ic", "dim(in(0), 3)"}, {"fh", "dim(in(1), 1)"}, {"fw", "dim(in(1), 2)"},                \
    {"on", "dim(out(0), 0)"}, {"ow", "dim(out(0), 2)"}, {"oc", "dim(out(0), 3)"}

#define CONV_NEEDS                                                                           \
    NEED("in(0)", "input (input 0)"), NEED("in(1)", "filter (input 1)"),                    \
    NEED("out(0)", "output (output 0)")

/* ---- CONV_2D ---------------------------------------------------------------------------------- */

/* cmsis_nn/conv.cc Prepare. The filter is [oc, fh, fw, fc]; TFLM passes CMSIS-NN a filter of
 * n = 1. TFLM reads the bias with AllocateTempOutputTensor (an output index that does not
 * exist), so it always sees no bias: INT16 always takes the CMSIS-NN path. */
static const ap__xdef conv_defs[] = {
    CONV_DEFS,
    {"fc", "dim(in(1), 3)"},
    /* arm_nn_is_convolve_1x1, arm_nn_is_convolve_1_x_n (Include/arm_nnsupportfunctions.h) */
    {"is_1x1", "pad_w == 0 && pad_h == 0 && fw == 1 && fh == 1 && dilation_w == 1 && "
               "dilation_h == 1 && ic == fc"},
    {"is_1x1_fast", "stride_w == 1 && stride_h == 1"},
    {"is_1xn", "ih == 1 && dilation_w == 1 && fh == 1 && (stride_w * ic) % 4 == 0 && ic == fc"},
    /* arm_convolve_s8_get_buffer_size: two im2col columns of int16 (plain and DSP), four
       lane-rounded int8 columns (MVE) */
    {"conv_s8", "mve ? 4 * align(ic * fw * fh, 16) : 2 * align(fw * fh * ic, 4) * 2"},
    /* arm_convolve_1_x_n_s8_get_buffer_size_mve (ConvolutionFunctions/
       arm_convolve_get_buffer_sizes_s8.c) */
    {"total_pad", "(ow - 1) * stride_w + fw - iw"},
    {"asym_pad", "total_pad % 2"},
    {"right_pad_num", "pad_w + asym_pad != 0 ? max(1, (pad_w + asym_pad + stride_w - 1) / "
                      "stride_w) : 0"},
    {"left_pad_num", "pad_w != 0 ? max(1, (pad_w + stride_w - 1) / stride_w) : 0"},
    {"no_pad_num", "max(ow - (right_pad_num + left_pad_num), 0)"},
    {"conv_1xn_mve", "right_pad_num + no_pad_num + left_pad_num != ow ? conv_s8 : "
                     "max(fw * ic + pad_w * ic, fw * ic - ic + (asym_pad ? right_pad_num * ic "
                     ": pad_w * ic))"},
};

static const ap__prow conv_rows[] = {
    CONV_NEEDS,
    CHECK_TYPES,
    {AP__PR_CHECK, 0, "rank(in(0)) != 4 || rank(in(1)) != 4 || rank(out(0)) != 4", NULL, NULL,
     "input, filter and output need 4 dimensions"},
    {AP__PR_CHECK, 0, "n != on", NULL, NULL, "input and output batches differ"},
    {AP__PR_CHECK, 0, "fc <= 0 || ic % fc != 0", NULL, NULL,
     "input channels are not a multiple of the filter's"},
    /* arm_convolve_wrapper_s8_get_buffer_size (INT8 and INT4 filters alike) */
    {AP__PR_SCRATCH_POS, 1, "in_type == INT8 && is_1x1 && is_1x1_fast",
     "dsp && !mve && armclang ? 2 * ic * 2 : 0", "arm_convolve_wrapper_s8_get_buffer_size",
     "arm_convolve_1x1_s8_fast buffer"},
    {AP__PR_SCRATCH_POS, 1, "in_type == INT8 && is_1x1", "0",
     "arm_convolve_wrapper_s8_get_buffer_size", "none for arm_convolve_1x1_s8"},
    {AP__PR_SCRATCH_POS, 1, "in_type == INT8 && is_1xn && mve", "conv_1xn_mve",
     "arm_convolve_wrapper_s8_get_buffer_size", "arm_convolve_1_x_n_s8 im2col buffer"},
    {AP__PR_SCRATCH_POS, 1, "in_type == INT8", "conv_s8",
     "arm_convolve_wrapper_s8_get_buffer_size", "arm_convolve_s8 im2col buffer"},
    /* arm_convolve_wrapper_s16_get_buffer_size -> arm_convolve_s16_get_buffer_size */
    {AP__PR_SCRATCH_POS, 1, "in_type == INT16",
     "mve ? 4 * align(ic * fw * fh, 8) * 2 : 2 * ic * fw * fh * 2",
     "arm_convolve_wrapper_s16_get_buffer_size", "arm_convolve_s16 im2col buffer"},
};

static const ap__ptable conv_table = {
    AP_TFL_OP_CONV_2D, "tensorflow/lite/micro/kernels/cmsis_nn/conv.cc Prepare",
    ROWS(conv_defs), ROWS(conv_rows)};

/* ---- DEPTHWISE_CONV_2D ------------------------------------------------------------------------ */

/* cmsis_nn/depthwise_conv.cc Prepare. The filter is [1, fh, fw, oc]. TFLM fills neither the
 * stride nor the channel multiplier of cmsis_nn_dw_conv_params before asking for the size;
 * only the MVE path for one input channel reads one (the stride), and that row refuses. */
static const ap__xdef dw_defs[] = {
    CONV_DEFS,
    {"filter_oc", "dim(in(1), 3)"},
    /* arm_depthwise_conv_wrapper_s8_get_buffer_size's condition for the optimized kernel */
    {"dw_opt", "ic == oc && n == 1 && dilation_w == 1 && dilation_h == 1"},
    /* CH_IN_BLOCK_MVE (Include/arm_nnsupportfunctions.h) */
    {"ch_in_block_mve", "124"},
    /* CONVERT_DW_CONV_WITH_ONE_INPUT_CH_AND_OUTPUT_CH_ABOVE_THRESHOLD */
    {"dw_one_in_ch_threshold", "armclang ? 8 : 1"},
    /* arm_depthwise_conv_s8_opt_get_buffer_size */
    {"dw_s8_opt", "mve ? 4 * ch_in_block_mve * fw * fh : dsp ? ic * fw * fh * 2 : 0"},
};

static const ap__prow dw_rows[] = {
    CONV_NEEDS,
    CHECK_TYPES,
    {AP__PR_CHECK, 0, "rank(in(0)) != 4 || rank(in(1)) != 4 || rank(out(0)) != 4", NULL, NULL,
     "input, filter and output need 4 dimensions"},
    {AP__PR_CHECK, 0, "(in_type == INT8 || in_type == INT16) && (!quantized(in(1)) || "
                      "scales(in(1)) != 1 && scales(in(1)) != filter_oc || scales(in(1)) != "
                      "zero_points(in(1)))", NULL, NULL,
     "the filter's quantization is not per tensor or per output channel"},
    {AP__PR_CHECK, 0, "in_type == INT8 && filter_type == INT8 && mve && ic == 1 && "
                      "oc > dw_one_in_ch_threshold", NULL, NULL,
     "CMSIS-NN's MVE size for one input channel reads a stride that TFLM's Prepare leaves "
     "unset"},
    {AP__PR_SCRATCH_POS, 1, "in_type == INT8 && filter_type == INT8 && !mve && dw_opt && "
                            "fw == 3 && fh == 3 && pad_h <= 1 && pad_w <= 1", "0",
     "arm_depthwise_conv_wrapper_s8_get_buffer_size", "none for arm_depthwise_conv_3x3_s8"},
    {AP__PR_SCRATCH_POS, 1, "in_type == INT8 && filter_type == INT8 && dw_opt", "dw_s8_opt",
     "arm_depthwise_conv_wrapper_s8_get_buffer_size", "arm_depthwise_conv_s8_opt buffer"},
    /* arm_depthwise_conv_s4_opt_get_buffer_size: the DSP size even without DSP */
    {AP__PR_SCRATCH_POS, 1, "in_type == INT8 && filter_type == INT4 && dw_opt",
     "mve ? 4 * ch_in_block_mve * fw * fh : ic * fw * fh * 2",
     "arm_depthwise_conv_wrapper_s4_get_buffer_size", "arm_depthwise_conv_s4_opt buffer"},
};

static const ap__ptable dw_table = {
    AP_TFL_OP_DEPTHWISE_CONV_2D, "tensorflow/lite/micro/kernels/cmsis_nn/depthwise_conv.cc "
    "Prepare", ROWS(dw_defs), ROWS(dw_rows)};

/* ---- FULLY_CONNECTED -------------------------------------------------------------------------- */

/* cmsis_nn/fully_connected.cc Prepare (and fully_connected_common.cc
 * CalculateOpDataFullyConnected for per-channel quantization). */
static const ap__xdef fc_defs[] = {
    {"in_type", "type(in(0))"},
    {"filter_type", "type(in(1))"},
    {"out_type", "type(out(0))"},
    {"accum_depth", "dim(in(1), rank(in(1)) - 1)"},
    {"out_depth", "dim(out(0), rank(out(0)) - 1)"},
    {"per_channel", "quantized(in(1)) && scales(in(1)) > 1"},
    {"conv_1x1_possible", "rank(out(0)) > 2 && accum_depth % 4 == 0"},
    /* arm_fully_connected_s8_get_buffer_size: kernel sums (MVE only) */
    {"fc_s8", "mve ? out_depth * 4 : 0"},
    /* KERNELS_OPTIMIZED_FOR_SPEED keeps those sums in the persistent tail */
    {"sums_persistent", "speed && fc_s8 > 0 && constant(in(1)) && (!exists(in(2)) || "
                        "constant(in(2)))"},
};

static const ap__prow fc_rows[] = {
    NEED("in(0)", "input (input 0)"),
    NEED("in(1)", "filter (input 1)"),
    NEED("out(0)", "output (output 0)"),
    {AP__PR_CHECK, 0, "rank(in(1)) == 0 || rank(out(0)) == 0", NULL, NULL,
     "a scalar filter or output"},
    CHECK_TYPES,
    {AP__PR_CHECK, 0, "in_type != FLOAT32 && per_channel && (filter_type == INT4 || "
                      "in_type != INT8)", NULL, NULL,
     "per-channel quantization needs an INT8 input and an INT8 filter"},
    {AP__PR_CHECK, 0, "in_type != FLOAT32 && per_channel && scales(in(1)) != "
                      "dim(in(1), quantized_dim(in(1)))", NULL, NULL,
     "the filter's scale count differs from its quantized dimension"},
    {AP__PR_SCRATCH, 0, "in_type == INT8 && filter_type != INT4 && conv_1x1_possible && "
                        "!per_channel", "out_depth * 4 * 2", NULL,
     "per-channel multipliers and shifts for a per-tensor 1x1 convolution"},
    {AP__PR_SCRATCH_POS, 1, "in_type == INT16", "0", "arm_fully_connected_s16_get_buffer_size",
     "none for arm_fully_connected_s16"},
    {AP__PR_SCRATCH_POS, 1, "in_type == INT8 && filter_type != INT4 && conv_1x1_possible",
     "dsp && !mve && armclang ? 2 * accum_depth * 2 : 0",
     "arm_convolve_1x1_s8_fast_get_buffer_size", "arm_convolve_1x1_s8_fast buffer"},
    {AP__PR_SCRATCH_POS, 1, "in_type == INT8 && filter_type != INT4 && !sums_persistent",
     "fc_s8", "arm_fully_connected_s8_get_buffer_size", "arm_fully_connected_s8 kernel sums"},
};

static const ap__ptable fc_table = {
    AP_TFL_OP_FULLY_CONNECTED, "tensorflow/lite/micro/kernels/cmsis_nn/fully_connected.cc "
    "Prepare", ROWS(fc_defs), ROWS(fc_rows)};

/* ---- AVERAGE_POOL_2D -------------------------------------------------------------------------- */

/* cmsis_nn/pooling.cc AveragePrepare (after the reference PoolingPrepare). MAX_POOL_2D's
 * MaxPrepare requests nothing. */
static const ap__xdef avgpool_defs[] = {
    {"in_type", "type(in(0))"},
    {"depth", "dim(in(0), 3)"},
    /* arm_avgpool_s8_get_buffer_size and arm_avgpool_s16_get_buffer_size: one int32 sum per
       channel on DSP cores, none with MVE or plain C */
    {"avgpool", "mve ? 0 : dsp ? depth * 4 : 0"},
};

static const ap__prow avgpool_rows[] = {
    NEED("in(0)", "input (input 0)"),
    NEED("out(0)", "output (output 0)"),
    {AP__PR_CHECK, 0, "(in_type == INT8 || in_type == INT16) && (rank(in(0)) != 4 || "
                      "rank(out(0)) != 4)", NULL, NULL, "input and output need 4 dimensions"},
    {AP__PR_SCRATCH_POS, 1, "in_type == INT8", "avgpool", "arm_avgpool_s8_get_buffer_size",
     "arm_avgpool_s8 channel sums"},
    {AP__PR_SCRATCH_POS, 1, "in_type == INT16", "avgpool", "arm_avgpool_s16_get_buffer_size",
     "arm_avgpool_s16 channel sums"},
};

static const ap__ptable avgpool_table = {
    AP_TFL_OP_AVERAGE_POOL_2D, "tensorflow/lite/micro/kernels/cmsis_nn/pooling.cc "
    "AveragePrepare", ROWS(avgpool_defs), ROWS(avgpool_rows)};

/* ---- SVDF ------------------------------------------------------------------------------------- */

/* cmsis_nn/svdf.cc CmsisNnPrepareSvdf. */
static const ap__xdef svdf_defs[] = {
    {"in_type", "type(in(0))"},
    {"batch", "dim(in(0), 0)"},
    {"filters", "dim(in(1), 0)"},
    {"units", "filters / svdf_rank"},
    /* arm_svdf_s8_get_buffer_size: kernel sums (MVE only) */
    {"svdf_s8", "mve ? filters * 4 : 0"},
};

static const ap__prow svdf_rows[] = {
    NEED("in(0)", "input (input 0)"),
    NEED("in(1)", "weights_feature (input 1)"),
    {AP__PR_CHECK, 0, "rank(in(0)) == 0 || rank(in(1)) == 0", NULL, NULL,
     "a scalar input or weights_feature"},
    {AP__PR_CHECK, 0, "svdf_rank <= 0 || filters % svdf_rank != 0", NULL, NULL,
     "the SVDF rank does not divide the filter count"},
    {AP__PR_CHECK, 0, "in_type != FLOAT32 && in_type != INT8", NULL, NULL,
     "input type is not FLOAT32 or INT8"},
    {AP__PR_CHECK, 0, "rank(in(0)) != 2", NULL, NULL, "the input needs 2 dimensions"},
    {AP__PR_SCRATCH, 0, "in_type == INT8", "batch * filters * 4", NULL, "int32 filter outputs"},
    {AP__PR_SCRATCH, 0, "in_type == INT8", "batch * units * 4", NULL, "int32 unit outputs"},
    {AP__PR_CHECK, 0, "in_type == INT8 && svdf_s8 > 0 && speed && !constant(in(1))", NULL, NULL,
     "weights_feature is not constant (the kernel sums it in Prepare)"},
    {AP__PR_SCRATCH_POS, 0, "in_type == INT8 && !speed", "svdf_s8",
     "arm_svdf_s8_get_buffer_size", "arm_svdf_s8 kernel sums"},
    {AP__PR_SCRATCH, 0, "in_type == FLOAT32", "batch * filters * 4", NULL,
     "float filter outputs"},
};

static const ap__ptable svdf_table = {
    AP_TFL_OP_SVDF, "tensorflow/lite/micro/kernels/cmsis_nn/svdf.cc CmsisNnPrepareSvdf",
    ROWS(svdf_defs), ROWS(svdf_rows)};

/* ---- UNIDIRECTIONAL_SEQUENCE_LSTM ------------------------------------------------------------- */

/* cmsis_nn/unidirectional_sequence_lstm.cc UnidirectionalSequenceLstmPrepare, with
 * lstm_shared.cc CreateLstmSizeInfo: batch from the input (dimension 1 when time-major, else
 * 0), state from the output state (input 18) dimension 1. */
static const ap__xdef lstm_defs[] = {
    {"in_type", "type(in(0))"},
    {"cell_type", "type(in(19))"},
    {"batch", "time_major ? dim(in(0), 1) : dim(in(0), 0)"},
    {"state", "dim(in(18), 1)"},
    /* TfLiteTypeGetSize of the cell state */
    {"cell_size", "cell_type == FLOAT32 ? 4 : 2"},
    /* the CMSIS-NN kernels arm_lstm_unidirectional_s8 and _s16, which use three buffers;
       otherwise the reference float kernel, which uses four */
    {"cmsis_lstm", "(in_type == INT8 || in_type == INT16) && cell_type == INT16"},
    {"gate", "batch * state * cell_size"},
};

static const ap__prow lstm_rows[] = {
    {AP__PR_CHECK, 0, "n_in != 24 || n_out != 1", NULL, NULL,
     "an LSTM needs 24 inputs and 1 output"},
    NEED("in(0)", "input (input 0)"),
    NEED("in(18)", "output state (input 18)"),
    NEED("in(19)", "cell state (input 19)"),
    {AP__PR_CHECK, 0, "rank(in(0)) < 3 || rank(in(18)) < 2", NULL, NULL,
     "too few dimensions in the input or the output state"},
    {AP__PR_CHECK, 0, "cell_type != FLOAT32 && cell_type != INT16", NULL, NULL,
     "cell state type is not FLOAT32 or INT16"},
    {AP__PR_SCRATCH, 0, "cmsis_lstm", "gate", NULL, "arm_lstm_unidirectional temp1"},
    {AP__PR_SCRATCH, 0, "cmsis_lstm", "gate", NULL, "arm_lstm_unidirectional temp2"},
    {AP__PR_SCRATCH, 0, "cmsis_lstm", "gate", NULL, "arm_lstm_unidirectional cell state"},
    {AP__PR_SCRATCH, 0, "!cmsis_lstm", "gate", NULL, "gate buffer 0"},
    {AP__PR_SCRATCH, 0, "!cmsis_lstm", "gate", NULL, "gate buffer 1"},
    {AP__PR_SCRATCH, 0, "!cmsis_lstm", "gate", NULL, "gate buffer 2"},
    {AP__PR_SCRATCH, 0, "!cmsis_lstm", "gate", NULL, "gate buffer 3"},
};

static const ap__ptable lstm_table = {
    AP_TFL_OP_UNIDIRECTIONAL_SEQUENCE_LSTM, "tensorflow/lite/micro/kernels/cmsis_nn/"
    "unidirectional_sequence_lstm.cc UnidirectionalSequenceLstmPrepare",
    ROWS(lstm_defs), ROWS(lstm_rows)};

/* ---- TRANSPOSE_CONV --------------------------------------------------------------------------- */

/* cmsis_nn/transpose_conv.cc Prepare, then CalculateOpData. Inputs: 0 the output shape, 1 the
 * filter [oc, fh, fw, ic], 2 the input, 3 the bias (optional). CMSIS-NN's output depth is the
 * filter's dimension 0. The INT8 requests are made whatever their size, 0 included. */
static const ap__xdef tconv_defs[] = {
    {"in_type", "type(in(2))"},
    {"filter_type", "type(in(1))"},
    {"out_type", "type(out(0))"},
    {"oc", "dim(in(1), 0)"},
    {"fh", "dim(in(1), 1)"},
    {"fw", "dim(in(1), 2)"},
    {"iw", "dim(in(2), 2)"},
    {"ic", "dim(in(2), 3)"},
    /* REVERSE_TCOL_EFFICIENT_THRESHOLD (Include/arm_nnsupportfunctions.h) */
    {"reverse_conv", "stride_w <= 2 && stride_h <= 2 && ic > 16"},
    /* arm_transpose_conv_s8_get_buffer_size: an im2col buffer for the reversed convolution,
       else a block of int32 columns (its MAX(filter w, stride h) as CMSIS-NN writes it) */
    {"tconv_s8", "reverse_conv ? (mve ? 4 * align(ic * fw * fh, 16) : 2 * align(fw * fh * ic, "
                 "4) * 2) : ((iw - 1) * stride_w + max(fw, stride_h)) * oc * max(fh, stride_h) "
                 "* 4"},
};

static const ap__prow tconv_rows[] = {
    NEED("in(1)", "filter (input 1)"),
    NEED("in(2)", "input (input 2)"),
    NEED("out(0)", "output (output 0)"),
    {AP__PR_CHECK, 0, "in_type != out_type", NULL, NULL, "input and output types differ"},
    {AP__PR_CHECK, 0, "in_type != FLOAT32 && in_type != INT16 && in_type != INT8", NULL, NULL,
     "input type is not FLOAT32, INT16 or INT8"},
    {AP__PR_CHECK, 0, "!(in_type == FLOAT32 && filter_type == FLOAT32 || in_type == INT16 && "
                      "filter_type == INT8 || in_type == INT8 && filter_type == INT8)", NULL,
     NULL, "hybrid models are not supported (input and filter types)"},
    {AP__PR_CHECK, 0, "in_type == INT8 && (rank(in(2)) != 4 || rank(in(1)) != 4 || "
                      "rank(out(0)) != 4)", NULL, NULL,
     "input, filter and output need 4 dimensions"},
    {AP__PR_SCRATCH, 0, "in_type == INT8", "tconv_s8", "arm_transpose_conv_s8_get_buffer_size",
     "arm_transpose_conv_s8 buffer"},
    {AP__PR_SCRATCH, 0, "in_type == INT8", "reverse_conv ? ic * fw * fh * oc : 0",
     "arm_transpose_conv_s8_get_reverse_conv_buffer_size", "reversed filter"},
    {AP__PR_SCRATCH, 0, "in_type == INT16", "elements(out(0)) * 8", NULL, "int64 accumulators"},
    {AP__PR_SCRATCH, 0, "in_type == INT16 && exists(in(3)) && type(in(3)) == INT16",
     "elements(in(3)) * 8", NULL, "bias widened to int64"},
};

static const ap__ptable tconv_table = {
    AP_TFL_OP_TRANSPOSE_CONV, "tensorflow/lite/micro/kernels/cmsis_nn/transpose_conv.cc "
    "Prepare, CalculateOpData", ROWS(tconv_defs), ROWS(tconv_rows)};

/* ---- BATCH_MATMUL ----------------------------------------------------------------------------- */

/* cmsis_nn/batch_matmul.cc Prepare: the output's last dimension is CMSIS-NN's c. */
static const ap__xdef bmm_defs[] = {
    {"in_type", "type(in(0))"},
    {"out_c", "rank(out(0)) > 0 ? dim(out(0), rank(out(0)) - 1) : 1"},
    {"fc_s8", "mve ? out_c * 4 : 0"},
};

static const ap__prow bmm_rows[] = {
    NEED("in(0)", "lhs (input 0)"),
    NEED("in(1)", "rhs (input 1)"),
    NEED("out(0)", "output (output 0)"),
    {AP__PR_CHECK, 0, "in_type != type(in(1)) || in_type != type(out(0))", NULL, NULL,
     "input and output types differ"},
    {AP__PR_CHECK, 0, "in_type != FLOAT32 && in_type != INT16 && in_type != INT8", NULL, NULL,
     "input type is not FLOAT32, INT16 or INT8"},
    {AP__PR_CHECK, 0, "rank(in(0)) < 2 || rank(in(0)) > 4 || rank(in(1)) < 2 || "
                      "rank(in(1)) > 4", NULL, NULL, "an operand without 2 to 4 dimensions"},
    {AP__PR_SCRATCH_POS, 0, "in_type == INT8", "fc_s8", "arm_fully_connected_s8_get_buffer_size",
     "arm_batch_matmul_s8 kernel sums"},
};

static const ap__ptable bmm_table = {
    AP_TFL_OP_BATCH_MATMUL, "tensorflow/lite/micro/kernels/cmsis_nn/batch_matmul.cc Prepare",
    ROWS(bmm_defs), ROWS(bmm_rows)};

/* ---- The set ---------------------------------------------------------------------------------- */

const ap__ptable *const ap__cmsis_nn_tables[] = {
    &conv_table, &dw_table, &fc_table, &avgpool_table, &svdf_table, &lstm_table, &tconv_table,
    &bmm_table, NULL,
};

const ap__ptable *ap__cmsis_nn_table(const ap_tfl_operator *op)
{
    for (size_t i = 0; ap__cmsis_nn_tables[i]; i++)
        if (ap__cmsis_nn_tables[i]->builtin == op->builtin)
            return ap__cmsis_nn_tables[i];
    return NULL;
}
