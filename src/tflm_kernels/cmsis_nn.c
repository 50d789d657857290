/*
 * cmsis_nn.c - TFLM's CMSIS-NN kernels as rows (rows.h): what the kernels of
 * tensorflow/lite/micro/kernels/cmsis_nn/ (tflite-micro 90b983c2b) allocate in Init and
 * Prepare, what they check and which scratch buffers they request, with the sizes of Arm's
 * CMSIS-NN arm_*_get_buffer_size functions (CMSIS-NN 4ab83cc3, the commit that tflite-micro
 * pins). Operators it has no rows for keep TFLM's reference kernels: the table falls back to
 * reference.c. That covers the cmsis_nn kernels that allocate as the reference ones do (MUL,
 * PAD, TRANSPOSE, MAXIMUM, MINIMUM: the same OpData, the same temporaries, no scratch); ADD
 * allocates as the reference ADD but checks otherwise, so it has rows here. An operator with
 * rows here takes none of reference.c's: the checks TFLM's CMSIS-NN kernels share with the
 * reference ones (PoolingPrepare, CalculateSoftmaxParams, PopulateConvolutionQuantizationParams,
 * LstmTensors::ValidateTensorStatus) are rows here too, cited where TFLM has them.
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
 * with the build's features dsp, mve, armclang and speed (expr.h), so a core or a compiler is
 * one more line of kernel_sets.h, not code. Only the measured target, the Cortex-M4 with
 * arm-none-eabi-gcc, is offered as a set so far; the MVE and plain rows are written from the
 * source and unmeasured (docs/kernels.md).
 *
 * Sources are files of tensorflow/lite/micro/kernels/ (cmsis_nn/ the kernels' own) at the line
 * of the call or of the check; a size function's own file is named in the comment above.
 */
#include "tflm_kernels/row_macros.h"

#define ADD_CC "cmsis_nn/add.cc:"
#define CONV "cmsis_nn/conv.cc:"
#define DW "cmsis_nn/depthwise_conv.cc:"
#define FC "cmsis_nn/fully_connected.cc:"
#define POOL "cmsis_nn/pooling.cc:"
#define SVDF_CC "cmsis_nn/svdf.cc:"
#define LSTM_CC "cmsis_nn/unidirectional_sequence_lstm.cc:"
#define TCONV "cmsis_nn/transpose_conv.cc:"
#define BMM "cmsis_nn/batch_matmul.cc:"
#define SMX "cmsis_nn/softmax.cc:"
#define KU "tensorflow/lite/kernels/kernel_util.cc:"

/* ---- Rows the kernels share ------------------------------------------------------------------- */

/* The per-channel arrays of CONV_2D and DEPTHWISE_CONV_2D: INT8 and INT16 only. */
#define QUANT_PER_CHANNEL(op, d, src1, src2)                                                 \
    KEEP(op, "type(in(0)) == INT8 || type(in(0)) == INT16", "4 * dim(in(1), " d ")",          \
         "per-channel output multipliers", src1),                                            \
    KEEP(op, "type(in(0)) == INT8 || type(in(0)) == INT16", "4 * dim(in(1), " d ")",          \
         "per-channel output shifts", src2)

/* The type checks CONV_2D, DEPTHWISE_CONV_2D and FULLY_CONNECTED share: the input's type is the
 * output's, FLOAT32, INT16 or INT8, and the filter's fits it (TFLM: "Hybrid models are not
 * supported on TFLite Micro"); f: the file, l1..l3 the lines of the three checks. */
#define CHECK_TYPES(op, f, l1, l2, l3)                                                       \
    CHECK(op, "in_type != out_type", "input and output types differ", f l1),                 \
    CHECK(op, "in_type != FLOAT32 && in_type != INT16 && in_type != INT8",                   \
          "input type is not FLOAT32, INT16 or INT8", f l2),                                 \
    CHECK(op, "!(in_type == FLOAT32 && filter_type == FLOAT32 || in_type == INT16 && "        \
              "filter_type == INT8 || in_type == INT8 && (filter_type == INT4 || "           \
              "filter_type == INT8))", "hybrid models are not supported (input and filter types)", \
          f l3)

/* A convolution's input [n, ih, iw, ic], filter (input 1) and output [on, oh, ow, oc]. */
#define CONV_DEFS(op)                                                                        \
    DEF(op, "in_type", "type(in(0))"), DEF(op, "filter_type", "type(in(1))"),               \
    DEF(op, "out_type", "type(out(0))"), DEF(op, "n", "dim(in(0), 0)"),                     \
    DEF(op, "ih", "dim(in(0), 1)"), DEF(op, "iw", "dim(in(0), 2)"),                          \
    DEF(op, "ic", "dim(in(0), 3)"), DEF(op, "fh", "dim(in(1), 1)"),                          \
    DEF(op, "fw", "dim(in(1), 2)"), DEF(op, "on", "dim(out(0), 0)"),                         \
    DEF(op, "ow", "dim(out(0), 2)"), DEF(op, "oc", "dim(out(0), 3)")

/* PopulateConvolutionQuantizationParams (tensorflow/lite/kernels/kernel_util.cc), which the
 * CalculateOpData of CONV_2D, DEPTHWISE_CONV_2D and TRANSPOSE_CONV call for a quantized input:
 * input and filter quantized, and a per-channel filter (more than one scale) with one scale per
 * output channel (dimension d of the filter) along its quantized dimension. Its INT8 or INT4
 * filter check (:241) follows from the kernels' type checks. */
#define CONV_QUANT_CHECKS(op, when, d)                                                       \
    CHECK(op, when " && !quantized(in(0))", "the input is not quantized", KU "221"),         \
    CHECK(op, when " && !quantized(in(1))", "the filter is not quantized", KU "223"),        \
    CHECK(op, when " && scales(in(1)) > 1 && scales(in(1)) != dim(in(1), " d ")",            \
          "the filter's scale count differs from its output channels", KU "243"),            \
    CHECK(op, when " && scales(in(1)) > 1 && dim(in(1), " d ") != "                         \
              "dim(in(1), quantized_dim(in(1)))",                                            \
          "the filter's output channels differ from its quantized dimension", KU "244")

/* The reference PoolingPrepare (pooling_common.cc), which both CMSIS-NN pooling Prepares call
 * first: its temporaries and checks (the same rows as reference.c's). */
#define POOLING_PREPARE(op)                                                                  \
    TEMP(op, "in(0)", "pooling_common.cc:60"), TEMP(op, "out(0)", "pooling_common.cc:63"),  \
    NEED(op, "in(0)", "input (input 0)", "pooling_common.cc:61"),                            \
    NEED(op, "out(0)", "output (output 0)", "pooling_common.cc:64"),                         \
    CHECK(op, "(type(in(0)) == INT8 || type(in(0)) == INT16) && max(scale_nano(in(0)) - "     \
              "scale_nano(out(0)), scale_nano(out(0)) - scale_nano(in(0))) > 1000",          \
          "input and output scales differ by more than 1e-6", "pooling_common.cc:73"),       \
    CHECK(op, "(type(in(0)) == INT8 || type(in(0)) == INT16) && zero_point(in(0)) != "        \
              "zero_point(out(0))", "input and output zero points differ",                   \
          "pooling_common.cc:75"),                                                           \
    CHECK(op, "type(in(0)) != FLOAT32 && type(in(0)) != INT8 && type(in(0)) != INT16",       \
          "input type is not FLOAT32, INT8 or INT16", "pooling_common.cc:86")

/* CalculateSoftmaxParams (softmax_common.cc, after InitializeLutForInt16's lookup tables), once
 * CMSIS-NN's Prepare has allowed only FLOAT32, INT16 and INT8 inputs with the output of the same
 * type, or INT16 for INT8: the zero points and scales of the quantized kinds. TF_LITE_ENSURE_NEAR
 * (scale within 0.1% of 1 / 32768 or 1 / 65536) as two bounds; 1 / 256 is the float of bits
 * 0x3B800000, compared exactly. */
#define SOFTMAX_CALCULATE_CHECKS                                                             \
    CHECK(SOFTMAX, "type(in(0)) == INT16 && zero_point(out(0)) != 0",                        \
          "an INT16 output with a zero point", "softmax_common.cc:57"),                      \
    CHECK(SOFTMAX, "type(in(0)) == INT16 && zero_point(in(0)) != 0",                         \
          "an INT16 input with a zero point", "softmax_common.cc:91"),                       \
    CHECK(SOFTMAX, "type(in(0)) == INT16 && (scale_cmp(out(0), 999, 32768000) < 0 || "        \
                   "scale_cmp(out(0), 1001, 32768000) > 0)",                                 \
          "an INT16 output's scale is not 1 / 32768", "softmax_common.cc:93"),               \
    CHECK(SOFTMAX, "type(in(0)) == INT8 && type(out(0)) == INT16 && zero_point(out(0)) != "   \
                   "-32768", "an INT16 output's zero point is not -32768",                   \
          "softmax_common.cc:98"),                                                           \
    CHECK(SOFTMAX, "type(in(0)) == INT8 && type(out(0)) == INT16 && (scale_cmp(out(0), 999, " \
                   "65536000) < 0 || scale_cmp(out(0), 1001, 65536000) > 0)",                \
          "an INT16 output's scale is not 1 / 65536", "softmax_common.cc:99"),               \
    CHECK(SOFTMAX, "type(in(0)) == INT8 && type(out(0)) == INT8 && zero_point(out(0)) != "    \
                   "-128", "an INT8 output's zero point is not -128",                        \
          "softmax_common.cc:103"),                                                          \
    CHECK(SOFTMAX, "type(in(0)) == INT8 && type(out(0)) == INT8 && "                          \
                   "scale_bits(out(0)) != 998244352", "an INT8 output's scale is not 1 / 256", \
          "softmax_common.cc:104")

/* CmsisNnPrepareSvdf's shape checks (cmsis_nn/svdf.cc:104-134): the output [batch, units],
 * weights_feature [filters, input size], weights_time [filters, memory], the bias [units], the
 * activation state [batch, memory * filters], a variable, and 5 inputs. */
#define SVDF_SHAPE_CHECKS                                                                    \
    CHECK(SVDF, "n_out != 1", "SVDF needs 1 output", SVDF_CC "104"),                         \
    NEED(SVDF, "out(0)", "output (output 0)", SVDF_CC "107"),                                \
    CHECK(SVDF, "rank(out(0)) != 2", "the output needs 2 dimensions", SVDF_CC "108"),        \
    CHECK(SVDF, "dim(out(0), 0) != batch", "the output's batch differs", SVDF_CC "109"),     \
    CHECK(SVDF, "dim(out(0), 1) != units", "the output's dimension 1 is not the unit count",  \
          SVDF_CC "110"),                                                                    \
    CHECK(SVDF, "rank(in(1)) != 2", "weights_feature needs 2 dimensions", SVDF_CC "113"),    \
    CHECK(SVDF, "dim(in(1), 1) != dim(in(0), 1)", "weights_feature's input size differs",    \
          SVDF_CC "114"),                                                                    \
    CHECK(SVDF, "rank(in(2)) != 2", "weights_time needs 2 dimensions", SVDF_CC "117"),       \
    CHECK(SVDF, "dim(in(2), 0) != filters", "weights_time's filter count differs",           \
          SVDF_CC "118"),                                                                    \
    CHECK(SVDF, "exists(in(3)) && dim(in(3), 0) != units", "the bias size is not the unit "  \
                "count", SVDF_CC "123"),                                                     \
    CHECK(SVDF, "rank(in(4)) != 2", "activation_state needs 2 dimensions", SVDF_CC "127"),   \
    CHECK(SVDF, "dim(in(4), 0) != batch", "activation_state's batch differs", SVDF_CC "128"), \
    CHECK(SVDF, "dim(in(4), 1) != dim(in(2), 1) * filters",                                  \
          "activation_state's size is not memory x filters", SVDF_CC "129"),                 \
    CHECK(SVDF, "!variable(in(4))", "activation_state is not a variable", SVDF_CC "132"),    \
    CHECK(SVDF, "n_in != 5", "SVDF needs 5 inputs", SVDF_CC "134")

/* LstmTensors::ValidateTensorStatus (lstm_eval.cc:55-103): input, output state (a variable of
 * the input's type), cell state (a variable), output (the input's type); the gate weights (1 to
 * 8) and biases (12 to 15) present and each of the type of the first; no peephole (9 to 11),
 * projection (16, 17) or layer normalization (20 to 23) tensors. The kernel checks each weight's
 * presence, then its type, before the next: the presence row holds only before a type
 * difference (any), so the first failing check is the kernel's. */
#define LSTM_STATUS_CHECKS                                                                   \
    NEED(UNIDIRECTIONAL_SEQUENCE_LSTM, "in(0)", "input (input 0)", "lstm_eval.cc:58"),       \
    NEED(UNIDIRECTIONAL_SEQUENCE_LSTM, "in(18)", "output state (input 18)", "lstm_eval.cc:60"), \
    CHECK(UNIDIRECTIONAL_SEQUENCE_LSTM, "!variable(in(18))", "the output state (input 18) is "   \
          "not a variable", "lstm_eval.cc:62"),                                              \
    CHECK(UNIDIRECTIONAL_SEQUENCE_LSTM, "type(in(18)) != type(in(0))", "the output state's "     \
          "type is not the input's", "lstm_eval.cc:64"),                                     \
    NEED(UNIDIRECTIONAL_SEQUENCE_LSTM, "in(19)", "cell state (input 19)", "lstm_eval.cc:67"),  \
    CHECK(UNIDIRECTIONAL_SEQUENCE_LSTM, "!variable(in(19))", "the cell state (input 19) is not " \
          "a variable", "lstm_eval.cc:68"),                                                  \
    NEED(UNIDIRECTIONAL_SEQUENCE_LSTM, "out(0)", "output (output 0)", "lstm_eval.cc:70"),    \
    CHECK(UNIDIRECTIONAL_SEQUENCE_LSTM, "type(out(0)) != type(in(0))", "the output's type is "   \
          "not the input's", "lstm_eval.cc:72"),                                             \
    CHECK_EACH(UNIDIRECTIONAL_SEQUENCE_LSTM, "8", "!exists(in(i + 1)) && !any(i, "             \
               "type(in(j + 1)) != type(in(1)))", "missing gate weights (CIFG is not "         \
               "supported)", "lstm_eval.cc:79"),                                             \
    CHECK_EACH(UNIDIRECTIONAL_SEQUENCE_LSTM, "8", "type(in(i + 1)) != type(in(1))",           \
               "gate weights of different types", "lstm_eval.cc:80"),                        \
    CHECK_EACH(UNIDIRECTIONAL_SEQUENCE_LSTM, "4", "!exists(in(i + 12)) && !any(i, "            \
               "type(in(j + 12)) != type(in(12)))", "missing gate biases", "lstm_eval.cc:86"), \
    CHECK_EACH(UNIDIRECTIONAL_SEQUENCE_LSTM, "4", "type(in(i + 12)) != type(in(12))",         \
               "gate biases of different types", "lstm_eval.cc:87"),                         \
    CHECK_EACH(UNIDIRECTIONAL_SEQUENCE_LSTM, "3", "exists(in(i + 9))",                       \
               "an LSTM with peephole weights (inputs 9 to 11)", "lstm_eval.cc:92"),         \
    CHECK_EACH(UNIDIRECTIONAL_SEQUENCE_LSTM, "2", "exists(in(i + 16))",                      \
               "an LSTM with projection tensors (inputs 16, 17)", "lstm_eval.cc:96"),        \
    CHECK_EACH(UNIDIRECTIONAL_SEQUENCE_LSTM, "4", "exists(in(i + 20))",                      \
               "an LSTM with layer normalization (inputs 20 to 23)", "lstm_eval.cc:100")

/* ValidateTensorSize (lstm_eval_common.cc:58-101): each gate weight [state, input dimension]
 * (inputs 1 to 4) or [state, state] (5 to 8), each check of a weight before the next weight's
 * (the any() terms: a row holds only where no earlier weight fails a later check), each bias
 * [state], the states batch x state elements, the output [the input's 0, 1, state]. */
#define LSTM_WEIGHT_WANT(k) "(" k " < 4 ? dim(in(0), 2) : state)"
#define LSTM_SIZE_CHECKS                                                                     \
    CHECK_EACH(UNIDIRECTIONAL_SEQUENCE_LSTM, "8", "rank(in(i + 1)) != 2 && !any(i, "          \
               "dim(in(j + 1), 0) != state || dim(in(j + 1), 1) != " LSTM_WEIGHT_WANT("j") ")", \
               "a gate weight does not have 2 dimensions", "lstm_eval_common.cc:43"),        \
    CHECK_EACH(UNIDIRECTIONAL_SEQUENCE_LSTM, "8", "dim(in(i + 1), 0) != state && !any(i, "    \
               "dim(in(j + 1), 1) != " LSTM_WEIGHT_WANT("j") ")",                            \
               "a gate weight's dimension 0 is not the state size", "lstm_eval_common.cc:44"), \
    CHECK_EACH(UNIDIRECTIONAL_SEQUENCE_LSTM, "8", "dim(in(i + 1), 1) != " LSTM_WEIGHT_WANT("i"), \
               "a gate weight's dimension 1 is not the input or state size",                 \
               "lstm_eval_common.cc:45"),                                                    \
    CHECK_EACH(UNIDIRECTIONAL_SEQUENCE_LSTM, "4", "rank(in(i + 12)) != 1 && !any(i, "         \
               "dim(in(j + 12), 0) != state)", "a gate bias does not have 1 dimension",      \
               "lstm_eval_common.cc:51"),                                                    \
    CHECK_EACH(UNIDIRECTIONAL_SEQUENCE_LSTM, "4", "dim(in(i + 12), 0) != state",             \
               "a gate bias's size is not the state size", "lstm_eval_common.cc:52"),        \
    CHECK(UNIDIRECTIONAL_SEQUENCE_LSTM, "elements(in(18)) != batch * state",                 \
          "the output state's size is not batch x state", "lstm_eval_common.cc:85"),         \
    CHECK(UNIDIRECTIONAL_SEQUENCE_LSTM, "elements(in(19)) != batch * state",                 \
          "the cell state's size is not batch x state", "lstm_eval_common.cc:87"),           \
    CHECK(UNIDIRECTIONAL_SEQUENCE_LSTM, "rank(out(0)) != 3", "the output does not have 3 "   \
          "dimensions", "lstm_eval_common.cc:91"),                                           \
    CHECK(UNIDIRECTIONAL_SEQUENCE_LSTM, "dim(out(0), 0) != dim(in(0), 0)", "the output's "    \
          "dimension 0 is not the input's", "lstm_eval_common.cc:92"),                       \
    CHECK(UNIDIRECTIONAL_SEQUENCE_LSTM, "dim(out(0), 1) != dim(in(0), 1)", "the output's "    \
          "dimension 1 is not the input's", "lstm_eval_common.cc:95"),                       \
    CHECK(UNIDIRECTIONAL_SEQUENCE_LSTM, "dim(out(0), 2) != state", "the output's dimension 2 " \
          "is not the state size", "lstm_eval_common.cc:98")

#define CONV_NEEDS(op, f, l1, l2, l3)                                                        \
    NEED(op, "in(0)", "input (input 0)", f l1), NEED(op, "in(1)", "filter (input 1)", f l2), \
    NEED(op, "out(0)", "output (output 0)", f l3)

static const ap__krow rows[] = {
    /* ---- ADD ----------------------------------------------------------------------------------
     * InitAdd, PrepareAdd. The kernel's OpData (add.cc:37) has OpDataAdd's fields; its checks
     * are its own: the types (no INT64, no mixed inputs), zero points of 0 for INT16, then
     * CalculateOpData, whose QuantizeMultiplierSmallerThanOneExp aborts on a multiplier that is
     * not in (0, 1) (tensorflow/lite/kernels/internal/quantization_util.cc:117-118): a zero
     * scale (an input or the output not quantized) makes one 0, NaN or infinite. An output scale
     * below 2^-19 (INT8; INT16 2^-14) of the inputs' largest aborts too: no row reads that. */
    INIT(ADD, "sizeof(OpDataAdd)", "OpData", ADD_CC "285"),
    TEMP(ADD, "in(0)", ADD_CC "295"),
    TEMP(ADD, "in(1)", ADD_CC "298"),
    TEMP(ADD, "out(0)", ADD_CC "301"),
    NEED(ADD, "in(0)", "input1 (input 0)", ADD_CC "296"),
    NEED(ADD, "in(1)", "input2 (input 1)", ADD_CC "299"),
    NEED(ADD, "out(0)", "output (output 0)", ADD_CC "302"),
    CHECK(ADD, "type(in(0)) != type(out(0))", "input1 and output types differ", ADD_CC "304"),
    CHECK(ADD, "type(in(0)) != FLOAT32 && type(in(0)) != INT32 && type(in(0)) != INT16 && "
               "type(in(0)) != INT8", "input data type not supported (not FLOAT32, INT32, INT16 "
               "or INT8)", ADD_CC "305"),
    CHECK(ADD, "type(in(0)) != type(in(1))", "hybrid models are not supported (input types "
               "differ)", ADD_CC "310"),
    CHECK(ADD, "type(in(0)) == INT16 && zero_point(in(0)) != 0", "an INT16 input1 with a zero "
               "point", ADD_CC "314"),
    CHECK(ADD, "type(in(0)) == INT16 && zero_point(in(1)) != 0", "an INT16 input2 with a zero "
               "point", ADD_CC "315"),
    CHECK(ADD, "type(in(0)) == INT16 && zero_point(out(0)) != 0", "an INT16 output with a zero "
               "point", ADD_CC "316"),
    ABORT(ADD, "(type(out(0)) == INT8 || type(out(0)) == INT16) && (!quantized(in(0)) || "
               "scale_bits(in(0)) == 0 || !quantized(in(1)) || scale_bits(in(1)) == 0 || "
               "!quantized(out(0)) || scale_bits(out(0)) == 0 || add_multipliers_bad(in(0), in(1), "
               "out(0), type(out(0)) == INT16 ? 15 : 20))",
          "a zero scale, or a multiplier outside (0, 1): QuantizeMultiplierSmallerThanOneExp's "
          "TFLITE_CHECK fails", ADD_CC "87"),
    CHECK(ADD, "type(out(0)) == INT32 && quantized(in(0))", "an INT32 ADD with quantized input1",
          ADD_CC "327"),
    CHECK(ADD, "type(out(0)) == INT32 && quantized(in(1))", "an INT32 ADD with quantized input2",
          ADD_CC "329"),

    /* ---- CONV_2D ------------------------------------------------------------------------------
     * Prepare. The filter is [oc, fh, fw, fc]; TFLM passes CMSIS-NN a filter of n = 1. TFLM
     * reads the bias with AllocateTempOutputTensor (an output index that does not exist), so it
     * always sees no bias (the row allocates nothing): INT16 always takes the CMSIS-NN path. */
    CONV_DEFS(CONV_2D),
    DEF(CONV_2D, "fc", "dim(in(1), 3)"),
    /* arm_nn_is_convolve_1x1, arm_nn_is_convolve_1_x_n (Include/arm_nnsupportfunctions.h) */
    DEF(CONV_2D, "is_1x1", "pad_w == 0 && pad_h == 0 && fw == 1 && fh == 1 && dilation_w == 1 && "
                           "dilation_h == 1 && ic == fc"),
    DEF(CONV_2D, "is_1x1_fast", "stride_w == 1 && stride_h == 1"),
    DEF(CONV_2D, "is_1xn", "ih == 1 && dilation_w == 1 && fh == 1 && (stride_w * ic) % 4 == 0 && "
                           "ic == fc"),
    /* arm_convolve_s8_get_buffer_size: two im2col columns of int16 (plain and DSP), four
       lane-rounded int8 columns (MVE) */
    DEF(CONV_2D, "conv_s8", "mve ? 4 * align(ic * fw * fh, 16) : 2 * align(fw * fh * ic, 4) * 2"),
    /* arm_convolve_1_x_n_s8_get_buffer_size_mve (ConvolutionFunctions/
       arm_convolve_get_buffer_sizes_s8.c) */
    DEF(CONV_2D, "total_pad", "(ow - 1) * stride_w + fw - iw"),
    DEF(CONV_2D, "asym_pad", "total_pad % 2"),
    DEF(CONV_2D, "right_pad_num", "pad_w + asym_pad != 0 ? max(1, (pad_w + asym_pad + stride_w - "
                                  "1) / stride_w) : 0"),
    DEF(CONV_2D, "left_pad_num", "pad_w != 0 ? max(1, (pad_w + stride_w - 1) / stride_w) : 0"),
    DEF(CONV_2D, "no_pad_num", "max(ow - (right_pad_num + left_pad_num), 0)"),
    DEF(CONV_2D, "conv_1xn_mve", "right_pad_num + no_pad_num + left_pad_num != ow ? conv_s8 : "
                                 "max(fw * ic + pad_w * ic, fw * ic - ic + (asym_pad ? "
                                 "right_pad_num * ic : pad_w * ic))"),
    INIT(CONV_2D, "sizeof(CmsisNnConvOpData)", "OpData", CONV "42"),
    TEMP(CONV_2D, "in(0)", CONV "57"),
    TEMP(CONV_2D, "in(1)", CONV "60"),
    TEMP(CONV_2D, "out(0)", CONV "63"),
    QUANT_PER_CHANNEL(CONV_2D, "0", CONV "125", CONV "128"),
    TEMP(CONV_2D, "in(0)", "conv_common.cc:101"),
    TEMP(CONV_2D, "in(1)", "conv_common.cc:104"),
    TEMP(CONV_2D, "in(2)", "conv_common.cc:107"),
    TEMP(CONV_2D, "out(0)", "conv_common.cc:109"),
    CONV_NEEDS(CONV_2D, CONV, "58", "61", "64"),
    CHECK_TYPES(CONV_2D, CONV, "69", "70", "75"),
    CHECK(CONV_2D, "rank(in(0)) != 4 || rank(in(1)) != 4 || rank(out(0)) != 4",
          "input, filter and output need 4 dimensions", CONV "85"),
    CHECK(CONV_2D, "n != on", "input and output batches differ", CONV "89"),
    CHECK(CONV_2D, "fc <= 0 || ic % fc != 0", "input channels are not a multiple of the filter's",
          CONV "92"),
    /* CalculateOpDataConv, then (INT16: the bias TFLM reads is always absent) the zero points */
    CHECK(CONV_2D, "n_in != 2 && n_in != 3", "CONV_2D needs 2 or 3 inputs", "conv_common.cc:88"),
    CHECK(CONV_2D, "n_out != 1", "CONV_2D needs 1 output", "conv_common.cc:89"),
    CONV_QUANT_CHECKS(CONV_2D, "in_type != FLOAT32", "0"),
    CHECK(CONV_2D, "in_type == INT16 && zero_point(in(0)) != 0", "an INT16 input with a zero "
                   "point", CONV "158"),
    CHECK(CONV_2D, "in_type == INT16 && zero_point(out(0)) != 0", "an INT16 output with a zero "
                   "point", CONV "159"),
    /* arm_convolve_wrapper_s8_get_buffer_size (INT8 and INT4 filters alike) */
    SIZED(CONV_2D, 1, "in_type == INT8 && is_1x1 && is_1x1_fast",
          "dsp && !mve && armclang ? 2 * ic * 2 : 0", "arm_convolve_wrapper_s8_get_buffer_size",
          "arm_convolve_1x1_s8_fast buffer", CONV "155"),
    SIZED(CONV_2D, 1, "in_type == INT8 && is_1x1", "0", "arm_convolve_wrapper_s8_get_buffer_size",
          "none for arm_convolve_1x1_s8", CONV "155"),
    SIZED(CONV_2D, 1, "in_type == INT8 && is_1xn && mve", "conv_1xn_mve",
          "arm_convolve_wrapper_s8_get_buffer_size", "arm_convolve_1_x_n_s8 im2col buffer",
          CONV "155"),
    SIZED(CONV_2D, 1, "in_type == INT8", "conv_s8", "arm_convolve_wrapper_s8_get_buffer_size",
          "arm_convolve_s8 im2col buffer", CONV "155"),
    /* arm_convolve_wrapper_s16_get_buffer_size -> arm_convolve_s16_get_buffer_size */
    SIZED(CONV_2D, 1, "in_type == INT16", "mve ? 4 * align(ic * fw * fh, 8) * 2 : 2 * ic * fw * fh * 2",
          "arm_convolve_wrapper_s16_get_buffer_size", "arm_convolve_s16 im2col buffer",
          CONV "160"),

    /* ---- DEPTHWISE_CONV_2D --------------------------------------------------------------------
     * Prepare, then CalculateOpDataDepthwiseConv. The filter is [1, fh, fw, oc]. TFLM fills
     * neither the stride nor the channel multiplier of cmsis_nn_dw_conv_params before asking
     * for the size; only the MVE path for one input channel reads one (the stride), and that
     * row refuses. */
    CONV_DEFS(DEPTHWISE_CONV_2D),
    DEF(DEPTHWISE_CONV_2D, "filter_oc", "dim(in(1), 3)"),
    /* arm_depthwise_conv_wrapper_s8_get_buffer_size's condition for the optimized kernel */
    DEF(DEPTHWISE_CONV_2D, "dw_opt", "ic == oc && n == 1 && dilation_w == 1 && dilation_h == 1"),
    /* CH_IN_BLOCK_MVE (Include/arm_nnsupportfunctions.h) */
    DEF(DEPTHWISE_CONV_2D, "ch_in_block_mve", "124"),
    /* CONVERT_DW_CONV_WITH_ONE_INPUT_CH_AND_OUTPUT_CH_ABOVE_THRESHOLD */
    DEF(DEPTHWISE_CONV_2D, "dw_one_in_ch_threshold", "armclang ? 8 : 1"),
    /* arm_depthwise_conv_s8_opt_get_buffer_size */
    DEF(DEPTHWISE_CONV_2D, "dw_s8_opt", "mve ? 4 * ch_in_block_mve * fw * fh : dsp ? ic * fw * "
                                        "fh * 2 : 0"),
    INIT(DEPTHWISE_CONV_2D, "sizeof(CmsisNnConvOpData)", "OpData", DW "55"),
    TEMP(DEPTHWISE_CONV_2D, "in(0)", DW "69"),
    TEMP(DEPTHWISE_CONV_2D, "in(1)", DW "72"),
    TEMP(DEPTHWISE_CONV_2D, "out(0)", DW "75"),
    QUANT_PER_CHANNEL(DEPTHWISE_CONV_2D, "3", DW "128", DW "131"),
    TEMP(DEPTHWISE_CONV_2D, "in(0)", "depthwise_conv_common.cc:101"),
    TEMP(DEPTHWISE_CONV_2D, "in(1)", "depthwise_conv_common.cc:104"),
    TEMP(DEPTHWISE_CONV_2D, "in(2)", "depthwise_conv_common.cc:107"),
    TEMP(DEPTHWISE_CONV_2D, "out(0)", "depthwise_conv_common.cc:109"),
    CONV_NEEDS(DEPTHWISE_CONV_2D, DW, "70", "73", "76"),
    CHECK_TYPES(DEPTHWISE_CONV_2D, DW, "78", "79", "84"),
    CHECK(DEPTHWISE_CONV_2D, "rank(in(0)) != 4 || rank(in(1)) != 4 || rank(out(0)) != 4",
          "input, filter and output need 4 dimensions", DW "58"),
    CHECK(DEPTHWISE_CONV_2D, "in_type != FLOAT32 && !quantized(in(1))",
          "the filter is not quantized", DW "101"),
    CHECK(DEPTHWISE_CONV_2D, "in_type == INT16 && zero_point(in(0)) != 0",
          "an INT16 input with a zero point", DW "105"),
    CHECK(DEPTHWISE_CONV_2D, "in_type == INT16 && zero_point(out(0)) != 0",
          "an INT16 output with a zero point", DW "106"),
    CHECK(DEPTHWISE_CONV_2D, "in_type != FLOAT32 && scales(in(1)) != 1 && scales(in(1)) != "
                             "filter_oc",
          "the filter's scale count is neither 1 nor its output channels", DW "116"),
    CHECK(DEPTHWISE_CONV_2D, "in_type != FLOAT32 && scales(in(1)) != zero_points(in(1))",
          "the filter's scale and zero-point counts differ", DW "120"),
    /* CalculateOpDataDepthwiseConv: it deallocates the bias temporary when the operator has 3
       inputs, a null pointer when the third is omitted (-1): TFLITE_DCHECK aborts, or (NDEBUG)
       the write through it faults */
    CHECK(DEPTHWISE_CONV_2D, "n_in != 2 && n_in != 3", "DEPTHWISE_CONV_2D needs 2 or 3 inputs",
          "depthwise_conv_common.cc:88"),
    CHECK(DEPTHWISE_CONV_2D, "n_out != 1", "DEPTHWISE_CONV_2D needs 1 output",
          "depthwise_conv_common.cc:89"),
    CONV_QUANT_CHECKS(DEPTHWISE_CONV_2D, "in_type != FLOAT32", "3"),
    ABORT(DEPTHWISE_CONV_2D, "n_in == 3 && !exists(in(2))",
          "an omitted bias (input 2 is -1) deallocated as a temporary tensor",
          "depthwise_conv_common.cc:132"),
    CHECK(DEPTHWISE_CONV_2D, "in_type == INT8 && filter_type == INT8 && mve && ic == 1 && "
                             "oc > dw_one_in_ch_threshold",
          "CMSIS-NN's MVE size for one input channel reads a stride that TFLM's Prepare leaves "
          "unset", DW "177"),
    SIZED(DEPTHWISE_CONV_2D, 1, "in_type == INT8 && filter_type == INT8 && !mve && dw_opt && "
                                "fw == 3 && fh == 3 && pad_h <= 1 && pad_w <= 1", "0",
          "arm_depthwise_conv_wrapper_s8_get_buffer_size", "none for arm_depthwise_conv_3x3_s8",
          DW "177"),
    SIZED(DEPTHWISE_CONV_2D, 1, "in_type == INT8 && filter_type == INT8 && dw_opt", "dw_s8_opt",
          "arm_depthwise_conv_wrapper_s8_get_buffer_size", "arm_depthwise_conv_s8_opt buffer",
          DW "177"),
    /* arm_depthwise_conv_s4_opt_get_buffer_size: the DSP size even without DSP */
    SIZED(DEPTHWISE_CONV_2D, 1, "in_type == INT8 && filter_type == INT4 && dw_opt",
          "mve ? 4 * ch_in_block_mve * fw * fh : ic * fw * fh * 2",
          "arm_depthwise_conv_wrapper_s4_get_buffer_size", "arm_depthwise_conv_s4_opt buffer",
          DW "180"),

    /* ---- FULLY_CONNECTED ----------------------------------------------------------------------
     * Prepare (and fully_connected_common.cc CalculateOpDataFullyConnected for per-channel
     * quantization). The kernel sums of arm_fully_connected_s8 (MVE) are kept when optimized
     * for speed with a constant filter and a constant or absent bias. */
    DEF(FULLY_CONNECTED, "in_type", "type(in(0))"),
    DEF(FULLY_CONNECTED, "filter_type", "type(in(1))"),
    DEF(FULLY_CONNECTED, "out_type", "type(out(0))"),
    DEF(FULLY_CONNECTED, "accum_depth", "dim(in(1), rank(in(1)) - 1)"),
    DEF(FULLY_CONNECTED, "out_depth", "dim(out(0), rank(out(0)) - 1)"),
    DEF(FULLY_CONNECTED, "per_channel", "quantized(in(1)) && scales(in(1)) > 1"),
    DEF(FULLY_CONNECTED, "conv_1x1_possible", "rank(out(0)) > 2 && accum_depth % 4 == 0"),
    /* arm_fully_connected_s8_get_buffer_size: kernel sums (MVE only) */
    DEF(FULLY_CONNECTED, "fc_s8", "mve ? out_depth * 4 : 0"),
    /* KERNELS_OPTIMIZED_FOR_SPEED keeps those sums in the persistent tail */
    DEF(FULLY_CONNECTED, "sums_persistent", "speed && fc_s8 > 0 && constant(in(1)) && "
                                            "(!exists(in(2)) || constant(in(2)))"),
    INIT(FULLY_CONNECTED, "sizeof(CmsisNnFullyConnectedOpData)", "OpData", FC "51"),
    TEMP(FULLY_CONNECTED, "in(0)", FC "64"),
    TEMP(FULLY_CONNECTED, "in(1)", FC "66"),
    TEMP(FULLY_CONNECTED, "in(2)", FC "70"),
    TEMP(FULLY_CONNECTED, "out(0)", FC "71"),
    FC_PER_CHANNEL(FULLY_CONNECTED, "in(0)", "in(1)"),
    KEEP(FULLY_CONNECTED, "mve && speed && type(in(0)) == INT8 && type(in(1)) != INT4 && "
                          "!(rank(out(0)) > 2 && dim(in(1), rank(in(1)) - 1) % 4 == 0) && "
                          "constant(in(1)) && (!exists(in(2)) || constant(in(2)))",
         "4 * dim(out(0), rank(out(0)) - 1)", "kernel sums", FC "162"),
    NEED(FULLY_CONNECTED, "in(0)", "input (input 0)", FC "65"),
    NEED(FULLY_CONNECTED, "in(1)", "filter (input 1)", FC "68"),
    NEED(FULLY_CONNECTED, "out(0)", "output (output 0)", FC "73"),
    CHECK(FULLY_CONNECTED, "rank(in(1)) == 0 || rank(out(0)) == 0", "a scalar filter or output",
          FC "54"),
    CHECK_TYPES(FULLY_CONNECTED, FC, "75", "76", "81"),
    /* CalculateOpDataFullyConnected: a per-channel filter (no INT4), or a per-tensor one with
       GetQuantizedConvolutionMultipler's bias scale check; then the kernel's own checks */
    CHECK(FULLY_CONNECTED, "in_type != FLOAT32 && per_channel && filter_type == INT4",
          "per-channel quantization of an INT4 filter", "fully_connected_common.cc:99"),
    CHECK(FULLY_CONNECTED, "in_type != FLOAT32 && per_channel && scales(in(1)) != "
                           "dim(in(1), quantized_dim(in(1)))",
          "the filter's scale count differs from its quantized dimension",
          "fully_connected_common.cc:107"),
    CHECK(FULLY_CONNECTED, "in_type != FLOAT32 && !per_channel && exists(in(2)) && "
                           "bias_scale_off(in(0), in(1), in(2), out(0))",
          "the bias scale is more than 0.02 output scales from input scale x filter scale",
          KU "322"),
    CHECK(FULLY_CONNECTED, "in_type != FLOAT32 && per_channel && in_type != INT8",
          "per-channel quantization needs an INT8 input", FC "116"),
    CHECK(FULLY_CONNECTED, "in_type == INT16 && zero_point(in(0)) != 0",
          "an INT16 input with a zero point", FC "124"),
    CHECK(FULLY_CONNECTED, "in_type == INT16 && zero_point(out(0)) != 0",
          "an INT16 output with a zero point", FC "125"),
    SCRATCH(FULLY_CONNECTED, "in_type == INT8 && filter_type != INT4 && conv_1x1_possible && "
                             "!per_channel", "out_depth * 4 * 2",
            "per-channel multipliers and shifts for a per-tensor 1x1 convolution", FC "137"),
    SIZED(FULLY_CONNECTED, 1, "in_type == INT16", "0", "arm_fully_connected_s16_get_buffer_size",
          "none for arm_fully_connected_s16", FC "126"),
    SIZED(FULLY_CONNECTED, 1, "in_type == INT8 && filter_type != INT4 && conv_1x1_possible",
          "dsp && !mve && armclang ? 2 * accum_depth * 2 : 0",
          "arm_convolve_1x1_s8_fast_get_buffer_size", "arm_convolve_1x1_s8_fast buffer", FC "147"),
    SIZED(FULLY_CONNECTED, 1, "in_type == INT8 && filter_type != INT4 && !sums_persistent",
          "fc_s8", "arm_fully_connected_s8_get_buffer_size", "arm_fully_connected_s8 kernel sums",
          FC "149"),

    /* ---- AVERAGE_POOL_2D, MAX_POOL_2D ---------------------------------------------------------
     * AveragePrepare takes the temporaries again after the reference PoolingPrepare (its checks
     * too: pooling.cc:154, :161); MaxPrepare requests nothing. */
    DEF(AVERAGE_POOL_2D, "in_type", "type(in(0))"),
    DEF(AVERAGE_POOL_2D, "depth", "dim(in(0), 3)"),
    /* arm_avgpool_s8_get_buffer_size and arm_avgpool_s16_get_buffer_size: one int32 sum per
       channel on DSP cores, none with MVE or plain C */
    DEF(AVERAGE_POOL_2D, "avgpool", "mve ? 0 : dsp ? depth * 4 : 0"),
    INIT(AVERAGE_POOL_2D, "sizeof(CmsisNnPoolingOpData)", "OpData", POOL "150"),
    POOLING_PREPARE(AVERAGE_POOL_2D),
    TEMP(AVERAGE_POOL_2D, "in(0)", POOL "166"),
    TEMP(AVERAGE_POOL_2D, "out(0)", POOL "168"),
    CHECK(AVERAGE_POOL_2D, "(in_type == INT8 || in_type == INT16) && (rank(in(0)) != 4 || "
                           "rank(out(0)) != 4)", "input and output need 4 dimensions", POOL "170"),
    SIZED(AVERAGE_POOL_2D, 1, "in_type == INT8", "avgpool", "arm_avgpool_s8_get_buffer_size",
          "arm_avgpool_s8 channel sums", POOL "183"),
    SIZED(AVERAGE_POOL_2D, 1, "in_type == INT16", "avgpool", "arm_avgpool_s16_get_buffer_size",
          "arm_avgpool_s16 channel sums", POOL "182"),

    INIT(MAX_POOL_2D, "sizeof(CmsisNnPoolingOpData)", "OpData", POOL "150"),
    POOLING_PREPARE(MAX_POOL_2D),

    /* ---- SOFTMAX ------------------------------------------------------------------------------ */
    INIT(SOFTMAX, "sizeof(CMSISNNSoftmaxParams)", "CMSISNNSoftmaxParams", "cmsis_nn/softmax.cc:40"),
    CHECK(SOFTMAX, "n_in != 1", "SOFTMAX needs 1 input", SMX "47"),
    CHECK(SOFTMAX, "n_out != 1", "SOFTMAX needs 1 output", SMX "48"),
    SOFTMAX_PREPARE(SMX "49", SMX "52"),
    NEED(SOFTMAX, "in(0)", "input (input 0)", SMX "50"),
    CHECK(SOFTMAX, "rank(in(0)) < 1", "a scalar input", SMX "51"),
    NEED(SOFTMAX, "out(0)", "output (output 0)", SMX "53"),
    CHECK(SOFTMAX, "type(in(0)) != type(out(0)) && !(type(in(0)) == INT8 && type(out(0)) == INT16)",
          "input and output data types are not supported together", SMX "55"),
    CHECK(SOFTMAX, "type(in(0)) != FLOAT32 && type(in(0)) != INT16 && type(in(0)) != INT8",
          "input data type not supported (not FLOAT32, INT16 or INT8)", SMX "60"),
    SOFTMAX_CALCULATE_CHECKS,

    /* ---- SVDF ---------------------------------------------------------------------------------
     * CmsisNnPrepareSvdf; arm_svdf_s8's kernel sums (MVE) are kept when optimized for speed. */
    DEF(SVDF, "in_type", "type(in(0))"),
    DEF(SVDF, "batch", "dim(in(0), 0)"),
    DEF(SVDF, "filters", "dim(in(1), 0)"),
    DEF(SVDF, "units", "filters / svdf_rank"),
    /* arm_svdf_s8_get_buffer_size: kernel sums (MVE only) */
    DEF(SVDF, "svdf_s8", "mve ? filters * 4 : 0"),
    INIT_IF(SVDF, "speed", "sizeof(CmsisNnOpDataSvdf)", "CmsisNnOpDataSvdf", SVDF_CC "56"),
    INIT_IF(SVDF, "!speed", "sizeof(CmsisNnOpDataSvdfSize)", "CmsisNnOpDataSvdf", SVDF_CC "56"),
    TEMP(SVDF, "in(0)", SVDF_CC "74"),
    TEMP(SVDF, "in(1)", SVDF_CC "77"),
    TEMP(SVDF, "in(2)", SVDF_CC "80"),
    TEMP(SVDF, "in(3)", SVDF_CC "83"),
    TEMP(SVDF, "in(4)", SVDF_CC "84"),
    TEMP(SVDF, "out(0)", SVDF_CC "106"),
    KEEP(SVDF, "mve && speed && type(in(0)) == INT8", "4 * dim(in(1), 0)", "kernel sums",
         SVDF_CC "198"),
    NEED(SVDF, "in(0)", "input (input 0)", SVDF_CC "75"),
    NEED(SVDF, "in(1)", "weights_feature (input 1)", SVDF_CC "78"),
    NEED(SVDF, "in(2)", "weights_time (input 2)", SVDF_CC "81"),
    NEED(SVDF, "in(4)", "activation_state (input 4)", SVDF_CC "86"),
    CHECK(SVDF, "rank(in(0)) == 0 || rank(in(1)) == 0", "a scalar input or weights_feature",
          SVDF_CC "59"),
    CHECK(SVDF, "svdf_rank <= 0 || filters % svdf_rank != 0",
          "the SVDF rank does not divide the filter count", SVDF_CC "93"),
    CHECK(SVDF, "in_type != FLOAT32 && in_type != INT8", "input type is not FLOAT32 or INT8",
          SVDF_CC "98"),
    CHECK(SVDF, "rank(in(0)) != 2", "the input needs 2 dimensions", SVDF_CC "100"),
    SVDF_SHAPE_CHECKS,
    /* INT8, then its bias scale check (:160), read through the bias pointer: null when the
       bias is omitted */
    CHECK(SVDF, "in_type == INT8 && type(in(1)) != INT8", "weights_feature is not INT8",
          SVDF_CC "140"),
    CHECK(SVDF, "in_type == INT8 && type(in(2)) != INT16 && type(in(2)) != INT8",
          "weights_time is not INT16 or INT8", SVDF_CC "141"),
    CHECK(SVDF, "in_type == INT8 && type(in(4)) != INT16 && type(in(4)) != INT8",
          "activation_state is not INT16 or INT8", SVDF_CC "143"),
    CHECK(SVDF, "in_type == INT8 && exists(in(3)) && type(in(3)) != INT32", "bias is not INT32",
          SVDF_CC "146"),
    CHECK(SVDF, "in_type == INT8 && type(out(0)) != INT8", "output is not INT8", SVDF_CC "149"),
    ABORT(SVDF, "in_type == INT8 && !exists(in(3))",
          "an omitted bias (input 3 is -1): its scale is read through a null pointer",
          SVDF_CC "162"),
    CHECK(SVDF, "in_type == INT8 && svdf_bias_off(in(4), in(2), in(3))",
          "the bias scale is not activation_state's times weights_time's (within 1e-5)",
          SVDF_CC "160"),
    SCRATCH(SVDF, "in_type == INT8", "batch * filters * 4", "int32 filter outputs", SVDF_CC "177"),
    SCRATCH(SVDF, "in_type == INT8", "batch * units * 4", "int32 unit outputs", SVDF_CC "183"),
    CHECK(SVDF, "in_type == INT8 && svdf_s8 > 0 && speed && !constant(in(1))",
          "weights_feature is not constant (the kernel sums it in Prepare)", SVDF_CC "196"),
    SIZED(SVDF, 0, "in_type == INT8 && !speed", "svdf_s8", "arm_svdf_s8_get_buffer_size",
          "arm_svdf_s8 kernel sums", SVDF_CC "206"),
    /* FLOAT32 */
    CHECK(SVDF, "in_type == FLOAT32 && type(in(1)) != FLOAT32", "weights_feature is not FLOAT32",
          SVDF_CC "224"),
    CHECK(SVDF, "in_type == FLOAT32 && type(in(2)) != FLOAT32", "weights_time is not FLOAT32",
          SVDF_CC "225"),
    CHECK(SVDF, "in_type == FLOAT32 && type(in(4)) != FLOAT32",
          "activation_state is not FLOAT32", SVDF_CC "226"),
    CHECK(SVDF, "in_type == FLOAT32 && exists(in(3)) && type(in(3)) != FLOAT32",
          "bias is not FLOAT32", SVDF_CC "228"),
    CHECK(SVDF, "in_type == FLOAT32 && type(out(0)) != FLOAT32", "output is not FLOAT32",
          SVDF_CC "230"),
    SCRATCH(SVDF, "in_type == FLOAT32", "batch * filters * 4", "float filter outputs",
            SVDF_CC "233"),
    /* DeallocateTempTfLiteTensor(bias) with an omitted bias: a write through a null pointer */
    ABORT(SVDF, "!exists(in(3))", "an omitted bias (input 3 is -1) deallocated as a temporary "
                "tensor", SVDF_CC "245"),

    /* ---- TRANSPOSE_CONV -----------------------------------------------------------------------
     * Prepare, then CalculateOpData. Inputs: 0 the output shape, 1 the filter [oc, fh, fw, ic],
     * 2 the input, 3 the bias (optional). CMSIS-NN's output depth is the filter's dimension 0.
     * The INT8 requests are made whatever their size, 0 included. */
    DEF(TRANSPOSE_CONV, "in_type", "type(in(2))"),
    DEF(TRANSPOSE_CONV, "filter_type", "type(in(1))"),
    DEF(TRANSPOSE_CONV, "out_type", "type(out(0))"),
    DEF(TRANSPOSE_CONV, "oc", "dim(in(1), 0)"),
    DEF(TRANSPOSE_CONV, "fh", "dim(in(1), 1)"),
    DEF(TRANSPOSE_CONV, "fw", "dim(in(1), 2)"),
    DEF(TRANSPOSE_CONV, "iw", "dim(in(2), 2)"),
    DEF(TRANSPOSE_CONV, "ic", "dim(in(2), 3)"),
    /* REVERSE_TCOL_EFFICIENT_THRESHOLD (Include/arm_nnsupportfunctions.h) */
    DEF(TRANSPOSE_CONV, "reverse_conv", "stride_w <= 2 && stride_h <= 2 && ic > 16"),
    /* arm_transpose_conv_s8_get_buffer_size: an im2col buffer for the reversed convolution,
       else a block of int32 columns (its MAX(filter w, stride h) as CMSIS-NN writes it) */
    DEF(TRANSPOSE_CONV, "tconv_s8", "reverse_conv ? (mve ? 4 * align(ic * fw * fh, 16) : 2 * "
                                    "align(fw * fh * ic, 4) * 2) : ((iw - 1) * stride_w + max(fw, "
                                    "stride_h)) * oc * max(fh, stride_h) * 4"),
    INIT(TRANSPOSE_CONV, "sizeof(CmsisNnTransposeConvOpData)", "OpData", TCONV "154"),
    TRANSPOSE_CONV_PREPARE("cmsis_nn/transpose_conv.cc", "168", "171", "174", "199", "202", "109",
                           "112", "115", "117"),
    NEED(TRANSPOSE_CONV, "in(1)", "filter (input 1)", TCONV "175"),
    NEED(TRANSPOSE_CONV, "in(2)", "input (input 2)", TCONV "172"),
    NEED(TRANSPOSE_CONV, "out(0)", "output (output 0)", TCONV "169"),
    CHECK(TRANSPOSE_CONV, "in_type != out_type", "input and output types differ", TCONV "177"),
    CHECK(TRANSPOSE_CONV, "in_type != FLOAT32 && in_type != INT16 && in_type != INT8",
          "input type is not FLOAT32, INT16 or INT8", TCONV "178"),
    CHECK(TRANSPOSE_CONV, "!(in_type == FLOAT32 && filter_type == FLOAT32 || in_type == INT16 && "
                          "filter_type == INT8 || in_type == INT8 && filter_type == INT8)",
          "hybrid models are not supported (input and filter types)", TCONV "183"),
    CHECK(TRANSPOSE_CONV, "in_type == INT8 && (rank(in(2)) != 4 || rank(in(1)) != 4 || "
                          "rank(out(0)) != 4)", "input, filter and output need 4 dimensions",
          TCONV "205"),
    SCRATCH_BY(TRANSPOSE_CONV, "in_type == INT8", "tconv_s8",
               "arm_transpose_conv_s8_get_buffer_size", "arm_transpose_conv_s8 buffer",
               TCONV "241"),
    SCRATCH_BY(TRANSPOSE_CONV, "in_type == INT8", "reverse_conv ? ic * fw * fh * oc : 0",
               "arm_transpose_conv_s8_get_reverse_conv_buffer_size", "reversed filter",
               TCONV "250"),
    SCRATCH(TRANSPOSE_CONV, "in_type == INT16", "elements(out(0)) * 8", "int64 accumulators",
            TCONV "258"),
    /* the filter's quantization, then CalculateOpData: its counts, the quantized kinds'
       PopulateConvolutionQuantizationParams, and for INT16 the bias type, read through a null
       pointer when the bias is omitted */
    CHECK(TRANSPOSE_CONV, "in_type != FLOAT32 && !quantized(in(1))", "the filter is not quantized",
          TCONV "266"),
    CHECK(TRANSPOSE_CONV, "in_type != FLOAT32 && scales(in(1)) != 1 && scales(in(1)) != oc",
          "the filter's scale count is neither 1 nor its output channels", TCONV "275"),
    CHECK(TRANSPOSE_CONV, "in_type != FLOAT32 && scales(in(1)) != zero_points(in(1))",
          "the filter's scale and zero-point counts differ", TCONV "279"),
    CHECK(TRANSPOSE_CONV, "n_in != 3 && n_in != 4", "TRANSPOSE_CONV needs 3 or 4 inputs",
          TCONV "81"),
    CHECK(TRANSPOSE_CONV, "n_out != 1", "TRANSPOSE_CONV needs 1 output", TCONV "82"),
    CHECK(TRANSPOSE_CONV, "in_type != FLOAT32 && !quantized(in(2))", "the input is not quantized",
          KU "221"),
    CHECK(TRANSPOSE_CONV, "in_type != FLOAT32 && scales(in(1)) > 1 && oc != "
                          "dim(in(1), quantized_dim(in(1)))",
          "the filter's output channels differ from its quantized dimension", KU "244"),
    ABORT(TRANSPOSE_CONV, "in_type == INT16 && !exists(in(3))",
          "an omitted bias (input 3 is -1): its type is read through a null pointer",
          TCONV "134"),
    SCRATCH(TRANSPOSE_CONV, "in_type == INT16 && exists(in(3)) && type(in(3)) == INT16",
            "elements(in(3)) * 8", "bias widened to int64", TCONV "136"),

    /* ---- UNIDIRECTIONAL_SEQUENCE_LSTM ---------------------------------------------------------
     * UnidirectionalSequenceLstmPrepare with lstm_shared.cc CreateLstmSizeInfo: the reference
     * kernel's Prepare, then, for CMSIS-NN's integer LSTM (INT16 cell state), the kernel sums of
     * the four gates' input and recurrent parts (CMSIS_NN_PortOpData): int32 for an INT8 input,
     * int64 for INT16. Batch from the input (dimension 1 when time-major, else 0), state from
     * the output state (input 18) dimension 1. */
    DEF(UNIDIRECTIONAL_SEQUENCE_LSTM, "in_type", "type(in(0))"),
    DEF(UNIDIRECTIONAL_SEQUENCE_LSTM, "cell_type", "type(in(19))"),
    DEF(UNIDIRECTIONAL_SEQUENCE_LSTM, "batch", "time_major ? dim(in(0), 1) : dim(in(0), 0)"),
    DEF(UNIDIRECTIONAL_SEQUENCE_LSTM, "state", "dim(in(18), 1)"),
    /* TfLiteTypeGetSize of the cell state */
    DEF(UNIDIRECTIONAL_SEQUENCE_LSTM, "cell_size", "cell_type == FLOAT32 ? 4 : 2"),
    /* the CMSIS-NN kernels arm_lstm_unidirectional_s8 and _s16, which use three buffers;
       otherwise the reference float kernel, which uses four */
    DEF(UNIDIRECTIONAL_SEQUENCE_LSTM, "cmsis_lstm", "(in_type == INT8 || in_type == INT16) && "
                                                    "cell_type == INT16"),
    DEF(UNIDIRECTIONAL_SEQUENCE_LSTM, "gate", "batch * state * cell_size"),
    INIT(UNIDIRECTIONAL_SEQUENCE_LSTM, "sizeof(CmsisNnLstmOpData)", "OpData", LSTM_CC "332"),
    LSTM_PREPARE,
    KEEP_EACH(UNIDIRECTIONAL_SEQUENCE_LSTM, "type(in(0)) == INT8 && type(in(19)) == INT16", "8",
              "4 * dim(in(18), 1)", "kernel sums", LSTM_CC "121"),
    KEEP_EACH(UNIDIRECTIONAL_SEQUENCE_LSTM, "type(in(0)) == INT16 && type(in(19)) == INT16", "8",
              "8 * dim(in(18), 1)", "kernel sums", LSTM_CC "121"),
    CHECK(UNIDIRECTIONAL_SEQUENCE_LSTM, "n_out != 1", "an LSTM needs 1 output", LSTM_CC "337"),
    CHECK(UNIDIRECTIONAL_SEQUENCE_LSTM, "n_in != 24", "an LSTM needs 24 inputs", LSTM_CC "338"),
    LSTM_STATUS_CHECKS,
    CHECK_EACH(UNIDIRECTIONAL_SEQUENCE_LSTM, "8", "!constant(in(i + 1))",
               "a gate weight (inputs 1 to 8) is not constant", LSTM_CC "355"),
    CHECK_EACH(UNIDIRECTIONAL_SEQUENCE_LSTM, "4", "!constant(in(i + 12))",
               "a gate bias (inputs 12 to 15) is not constant", LSTM_CC "360"),
    CHECK(UNIDIRECTIONAL_SEQUENCE_LSTM, "rank(in(0)) < 3 || rank(in(18)) < 2",
          "too few dimensions in the input or the output state (CreateLstmSizeInfo reads them)",
          LSTM_CC "366"),
    LSTM_SIZE_CHECKS,
    CHECK(UNIDIRECTIONAL_SEQUENCE_LSTM, "cell_type != FLOAT32 && cell_type != INT16",
          "cell state type is not FLOAT32 or INT16", LSTM_CC "378"),
    SCRATCH(UNIDIRECTIONAL_SEQUENCE_LSTM, "cmsis_lstm", "gate", "arm_lstm_unidirectional temp1",
            LSTM_CC "413"),
    SCRATCH(UNIDIRECTIONAL_SEQUENCE_LSTM, "cmsis_lstm", "gate", "arm_lstm_unidirectional temp2",
            LSTM_CC "413"),
    SCRATCH(UNIDIRECTIONAL_SEQUENCE_LSTM, "cmsis_lstm", "gate",
            "arm_lstm_unidirectional cell state", LSTM_CC "413"),
    SCRATCH(UNIDIRECTIONAL_SEQUENCE_LSTM, "!cmsis_lstm", "gate", "gate buffer 0", LSTM_CC "413"),
    SCRATCH(UNIDIRECTIONAL_SEQUENCE_LSTM, "!cmsis_lstm", "gate", "gate buffer 1", LSTM_CC "413"),
    SCRATCH(UNIDIRECTIONAL_SEQUENCE_LSTM, "!cmsis_lstm", "gate", "gate buffer 2", LSTM_CC "413"),
    SCRATCH(UNIDIRECTIONAL_SEQUENCE_LSTM, "!cmsis_lstm", "gate", "gate buffer 3", LSTM_CC "413"),

    /* ---- BATCH_MATMUL -------------------------------------------------------------------------
     * Prepare: the temporaries, a transposed copy of the lhs (adj_x) and of the rhs (not adj_y),
     * each a TfLiteEvalTensor, its dims and its data, ReshapeOutputTensor's writable output dims,
     * then the quantization data (both operands not FLOAT32). The output's last dimension is
     * CMSIS-NN's c. */
    DEF(BATCH_MATMUL, "in_type", "type(in(0))"),
    DEF(BATCH_MATMUL, "out_c", "rank(out(0)) > 0 ? dim(out(0), rank(out(0)) - 1) : 1"),
    DEF(BATCH_MATMUL, "fc_s8", "mve ? out_c * 4 : 0"),
    BATCH_MATMUL_SHAPES,
    DEF(BATCH_MATMUL, "lhs_bytes", "elements(in(0)) * (type(in(0)) == FLOAT32 ? 4 : "
                                   "type(in(0)) == INT16 ? 2 : 1)"),
    DEF(BATCH_MATMUL, "rhs_bytes", "elements(in(1)) * (type(in(1)) == FLOAT32 ? 4 : "
                                   "type(in(1)) == INT16 ? 2 : 1)"),
    INIT(BATCH_MATMUL, "sizeof(CmsisNnBatchMatmulOpData)", "OpData", BMM "186"),
    TEMP(BATCH_MATMUL, "in(0)", BMM "198"),
    TEMP(BATCH_MATMUL, "in(1)", BMM "201"),
    TEMP(BATCH_MATMUL, "out(0)", BMM "204"),
    KEEP(BATCH_MATMUL, "adj_x", "sizeof(TfLiteEvalTensor)", "transposed lhs", BMM "151"),
    KEEP(BATCH_MATMUL, "adj_x", "sizeof(TfLiteIntArray) + 4 * rank(in(0))",
         "transposed lhs dims", BMM "161"),
    KEEP_CLEAR(BATCH_MATMUL, UNWRITTEN, "adj_x", "lhs_bytes", "transposed lhs data", BMM "176"),
    KEEP(BATCH_MATMUL, "!adj_y", "sizeof(TfLiteEvalTensor)", "transposed rhs", BMM "151"),
    KEEP(BATCH_MATMUL, "!adj_y", "sizeof(TfLiteIntArray) + 4 * rank(in(1))",
         "transposed rhs dims", BMM "161"),
    KEEP_CLEAR(BATCH_MATMUL, UNWRITTEN, "!adj_y", "rhs_bytes", "transposed rhs data",
               BMM "176"),
    KEEP_CLEAR(BATCH_MATMUL, TENSOR_DIMS, NULL, "sizeof(TfLiteIntArray) + 4 * rank(out(0))",
               "output dims (writable copy)", "batch_matmul_common.cc:43"),
    KEEP(BATCH_MATMUL, "type(in(0)) != FLOAT32 && type(in(1)) != FLOAT32",
         "sizeof(QuantizationOpDataBatchMatmul)", "quantization data", BMM "287"),
    NEED(BATCH_MATMUL, "in(0)", "lhs (input 0)", BMM "199"),
    NEED(BATCH_MATMUL, "in(1)", "rhs (input 1)", BMM "202"),
    NEED(BATCH_MATMUL, "out(0)", "output (output 0)", BMM "205"),
    CHECK(BATCH_MATMUL, "in_type != type(in(1))",
          "hybrid models are not supported (lhs and rhs types differ)", BMM "207"),
    CHECK(BATCH_MATMUL, "in_type != type(out(0))", "lhs and output types differ", BMM "208"),
    CHECK(BATCH_MATMUL, "in_type != FLOAT32 && in_type != INT16 && in_type != INT8",
          "input type is not FLOAT32, INT16 or INT8", BMM "209"),
    CHECK(BATCH_MATMUL, "lr < 2", "lhs has fewer than 2 dimensions", BMM "218"),
    CHECK(BATCH_MATMUL, "lr > 4", "lhs has more than 4 dimensions", BMM "219"),
    CHECK(BATCH_MATMUL, "rr < 2", "rhs has fewer than 2 dimensions", BMM "220"),
    CHECK(BATCH_MATMUL, "rr > 4", "rhs has more than 4 dimensions", BMM "221"),
    CHECK_EACH(BATCH_MATMUL, "orank - 2", "eli != eri && eli != 1 && eri != 1",
               "batch dimensions that do not broadcast", BMM "242"),
    CHECK(BATCH_MATMUL, "accum_l != accum_r", "lhs and rhs accumulation dimensions differ",
          BMM "255"),
    CHECK(BATCH_MATMUL, "orank > rank(out(0))", "output has fewer dimensions than the operands",
          "batch_matmul_common.cc:38"),
    CHECK(BATCH_MATMUL, "elements(out(0)) != out_elements",
          "output size is not the product's (TFLM does not resize tensors)",
          "batch_matmul_common.cc:66"),
    CHECK(BATCH_MATMUL, "in_type == INT16 && zero_point(in(0)) != 0",
          "INT16 lhs with a zero point", BMM "319"),
    CHECK(BATCH_MATMUL, "in_type == INT16 && zero_point(in(1)) != 0",
          "INT16 rhs with a zero point", BMM "320"),
    CHECK(BATCH_MATMUL, "in_type == INT16 && zero_point(out(0)) != 0",
          "INT16 output with a zero point", BMM "321"),
    SIZED(BATCH_MATMUL, 0, "in_type == INT8", "fc_s8", "arm_fully_connected_s8_get_buffer_size",
          "arm_batch_matmul_s8 kernel sums", BMM "312"),
};

const ap__ktable ap__cmsis_nn_table = {"cmsis-nn", rows, sizeof rows / sizeof rows[0],
                                       &ap__reference_table};
