/*
 * reference.c - TFLM's reference kernels as rows (rows.h): what each one's parser, Init and
 * Prepare do to memory, read from tflite-micro 90b983c2b. The root table every other kernel set
 * falls back to; it also holds the op resolver's parsers (PARSE), which belong to no kernel set.
 *
 * An operator is its rows, together: PARSE (for builtins), then its Init, then its Prepare in
 * the order the kernel makes its calls (temporary tensors, persistent buffers, checks, scratch
 * requests). Sources are files of tensorflow/lite/micro/kernels/ at the line of the call,
 * unless a folder is named (signal/micro/kernels/, tensorflow/lite/core/api/ for the parsers'
 * flatbuffer_conversions.cc). A TEMP row for a tensor the operator does not have (an omitted
 * bias: in(2) is -1) allocates nothing, as AllocateTempInputTensor returns NULL.
 *
 * Adding an operator is adding its rows here (docs/kernels.md says how).
 */
#include "tflm_kernels/row_macros.h"

#define FBC "tensorflow/lite/core/api/flatbuffer_conversions.cc:"
#define SIG "signal/micro/kernels/"

/* SoftmaxPrepare's quantization checks (softmax_common.cc), after the lookup tables; 1 / 256 is
 * the float of bits 0x3B800000. */
#define SOFTMAX_CHECKS                                                                       \
    CHECK(SOFTMAX, "type(in(0)) == INT16 && zero_point(in(0)) != 0",                         \
          "an INT16 input with a zero point", "softmax_common.cc:91"),                       \
    CHECK(SOFTMAX, "type(in(0)) == INT16 && zero_point(out(0)) != 0",                        \
          "an INT16 output with a zero point", "softmax_common.cc:92"),                      \
    CHECK(SOFTMAX, "type(in(0)) == INT8 && type(out(0)) == INT16 && zero_point(out(0)) != -32768", \
          "an INT16 output's zero point is not -32768", "softmax_common.cc:98"),            \
    CHECK(SOFTMAX, "type(in(0)) == INT8 && type(out(0)) != INT16 && type(out(0)) != INT8",   \
          "an INT8 softmax's output is not INT8 or INT16", "softmax_common.cc:102"),        \
    CHECK(SOFTMAX, "type(in(0)) == INT8 && type(out(0)) == INT8 && zero_point(out(0)) != -128", \
          "an INT8 output's zero point is not -128", "softmax_common.cc:103"),              \
    CHECK(SOFTMAX, "type(in(0)) == INT8 && type(out(0)) == INT8 && "                          \
          "scale_bits(out(0)) != 998244352", "an INT8 output's scale is not 1 / 256",       \
          "softmax_common.cc:104")

/* LstmTensors::ValidateTensorStatus: the eight gate weights (inputs 1 to 8) present, the
 * peephole, projection and layer-normalization tensors of the LSTM variants absent. */
#define LSTM_NEED(k)                                                                         \
    CHECK(UNIDIRECTIONAL_SEQUENCE_LSTM, "!exists(in(" #k "))", "missing gate weights (input "  \
          #k "): CIFG is not supported", "lstm_eval.cc:79")
#define LSTM_NONE(k, what, line)                                                             \
    CHECK(UNIDIRECTIONAL_SEQUENCE_LSTM, "exists(in(" #k "))", "an LSTM with " what " (input " \
          #k ")", "lstm_eval.cc:" line)

/* CONCATENATION's checks of input k (the kernel's loop over at most 10 inputs): its type, its
 * rank, then for INT8 the output's scale and zero point, for INT16 a zero point of 0. */
#define CONCAT_INPUT(k)                                                                      \
    CHECK(CONCATENATION, "n_in > " #k " && type(in(" #k ")) != type(in(0))",                 \
          "input " #k "'s type differs from input 0's", "concatenation.cc:166"),            \
    CHECK(CONCATENATION, "n_in > " #k " && rank(in(" #k ")) > 5",                           \
          "input " #k " has more than 5 dimensions", "concatenation.cc:170"),               \
    CHECK(CONCATENATION, "n_in > " #k " && type(in(0)) == INT8 && "                          \
          "scale_bits(in(" #k ")) != scale_bits(out(0))",                                    \
          "input " #k "'s scale differs from the output's", "concatenation.cc:183"),        \
    CHECK(CONCATENATION, "n_in > " #k " && type(in(0)) == INT8 && "                          \
          "zero_point(in(" #k ")) != zero_point(out(0))",                                    \
          "input " #k "'s zero point differs from the output's", "concatenation.cc:185"),   \
    CHECK(CONCATENATION, "n_in > " #k " && type(in(0)) == INT16 && zero_point(in(" #k ")) != 0", \
          "input " #k " (INT16) has a zero point", "concatenation.cc:189")

/* A convolution's INT4 filter is unpacked into scratch, one byte per element (ConvPrepare,
 * DepthwiseConvPrepare, FullyConnectedPrepare). */
#define INT4_FILTER(op, src)                                                                 \
    NEED(op, "in(1)", "filter (input 1)", src),                                              \
    SCRATCH(op, "type(in(1)) == INT4", "elements(in(1))", "unpacked INT4 filter", src)

/* The elementwise kernels' GenericPrepare (elementwise.cc:79): LOG, SIN, SQRT, SQUARE (FLOAT32),
 * LOGICAL_NOT (BOOL). Its type check, `if (!IsSupportedType(input->type))`, casts the type to the
 * unnamed template parameter's function pointer type (never null for a type TFLM reads): every
 * type passes Prepare, and Invoke fails. */
#define GENERIC_PREPARE(op)                                                                  \
    CHECK(op, "n_in != 1", #op " needs 1 input", "elementwise.cc:81"),                      \
    CHECK(op, "n_out != 1", #op " needs 1 output", "elementwise.cc:82"),                    \
    TEMP(op, "in(0)", "elementwise.cc:84"),                                                  \
    NEED(op, "in(0)", "input (input 0)", "elementwise.cc:85"),                               \
    TEMP(op, "out(0)", "elementwise.cc:87"),                                                 \
    NEED(op, "out(0)", "output (output 0)", "elementwise.cc:88"),                            \
    CHECK(op, "type(in(0)) != type(out(0))", "input and output types differ",              \
          "elementwise.cc:89")

/* kissfft's real FFT state for fft_length L of scalar size s (kiss_fftr_alloc): the fftr
 * state, a complex FFT state of L/2 points (its struct holds one twiddle, L/2 - 1 follow) and
 * 3/2 * (L/2) complex values (tmpbuf and super twiddles). An odd L: kiss_fftr_alloc returns
 * before it sets the size ("Real FFT optimization must be even"), so the state is 0 bytes. */
#define RFFT_STATE(type, s)                                                                  \
    INIT_IF(SIGNAL_RFFT, "copt(\"T\") == " #type,                                           \
            "copt(\"fft_length\") % 2 != 0 ? 0 : "                                          \
            "sizeof(kiss_fftr_state) + sizeof(kiss_fft_state_" #type ") + " s              \
            " * (copt(\"fft_length\") / 2 - 1) + " s " * ((copt(\"fft_length\") / 2) * 3 / 2)", \
            "FFT state", SIG "rfft.cc:71")

static const ap__krow rows[] = {
    PARSE(ADD, "TfLiteAddParams", FBC "1126"),
    INIT(ADD, "sizeof(OpDataAdd)", "OpDataAdd", "add.cc:165"),
    TEMP(ADD, "in(0)", "add_common.cc:87"),
    TEMP(ADD, "in(1)", "add_common.cc:90"),
    TEMP(ADD, "out(0)", "add_common.cc:93"),
    CHECK(ADD, "type(out(0)) == INT32 && quantized(in(0))", "an INT32 ADD with quantized input 1",
          "add_common.cc:104"),
    CHECK(ADD, "type(out(0)) == INT32 && quantized(in(1))", "an INT32 ADD with quantized input 2",
          "add_common.cc:106"),

    NEED(ADD_N, "out(0)", "output (output 0)", "add_n.cc:60"),
    CHECK(ADD_N, "n_in < 2", "ADD_N needs at least 2 inputs", "add_n.cc:51"),
    CHECK(ADD_N, "type(out(0)) != FLOAT32 && type(out(0)) != INT8",
          "output type is not FLOAT32 or INT8", "add_n.cc:125"),
    SCRATCH(ADD_N, NULL, "n_in * ptr", "input pointers", "add_n.cc:99"),

    /* Then MicroResourceVariables::Allocate gives the variable its buffer the first time it is
     * assigned: runtime state across operators, replayed by tflm_arena/trace.c. */
    PARSE(ASSIGN_VARIABLE, NULL, FBC "1209"),
    TEMP(ASSIGN_VARIABLE, "in(1)", "assign_variable.cc:72"),
    CHECK(ASSIGN_VARIABLE, "n_in != 2", "ASSIGN_VARIABLE needs 2 inputs", "assign_variable.cc:54"),
    CHECK(ASSIGN_VARIABLE, "n_out != 0", "ASSIGN_VARIABLE has outputs", "assign_variable.cc:55"),

    PARSE(AVERAGE_POOL_2D, "TfLitePoolParams", FBC "1955"),
    INIT(AVERAGE_POOL_2D, "sizeof(OpDataPooling)", "OpDataPooling", "pooling.cc:96"),
    TEMP(AVERAGE_POOL_2D, "in(0)", "pooling_common.cc:60"),
    TEMP(AVERAGE_POOL_2D, "out(0)", "pooling_common.cc:63"),
    CHECK(AVERAGE_POOL_2D, "(type(in(0)) == INT8 || type(in(0)) == INT16) && "
              "max(scale_nano(in(0)) - scale_nano(out(0)), scale_nano(out(0)) - scale_nano(in(0))) > 1000",
          "input and output scales differ by more than 1e-6", "pooling_common.cc:73"),
    CHECK(AVERAGE_POOL_2D, "(type(in(0)) == INT8 || type(in(0)) == INT16) && zero_point(in(0)) != zero_point(out(0))",
          "input and output zero points differ", "pooling_common.cc:75"),
    CHECK(AVERAGE_POOL_2D, "type(in(0)) != FLOAT32 && type(in(0)) != INT8 && type(in(0)) != INT16",
          "input type is not FLOAT32, INT8 or INT16", "pooling_common.cc:86"),

    PARSE(BATCH_TO_SPACE_ND, NULL, FBC "1238"),
    TEMP(BATCH_TO_SPACE_ND, "in(0)", "batch_to_space_nd.cc:48"),
    TEMP(BATCH_TO_SPACE_ND, "out(0)", "batch_to_space_nd.cc:50"),
    CHECK(BATCH_TO_SPACE_ND, "n_in != 3", "BATCH_TO_SPACE_ND needs 3 inputs", "batch_to_space_nd.cc:41"),
    CHECK(BATCH_TO_SPACE_ND, "n_out != 1", "BATCH_TO_SPACE_ND needs 1 output", "batch_to_space_nd.cc:42"),
    NEED(BATCH_TO_SPACE_ND, "in(0)", "input (input 0)", "batch_to_space_nd.cc:51"),
    NEED(BATCH_TO_SPACE_ND, "out(0)", "output (output 0)", "batch_to_space_nd.cc:51"),
    CHECK(BATCH_TO_SPACE_ND, "rank(in(0)) < 3", "input has fewer than 3 dimensions",
          "batch_to_space_nd.cc:53"),
    CHECK(BATCH_TO_SPACE_ND, "rank(out(0)) < 3", "output has fewer than 3 dimensions",
          "batch_to_space_nd.cc:54"),
    CHECK(BATCH_TO_SPACE_ND, "rank(in(0)) > 4", "input has more than 4 dimensions",
          "batch_to_space_nd.cc:55"),
    CHECK(BATCH_TO_SPACE_ND, "rank(out(0)) > 4", "output has more than 4 dimensions",
          "batch_to_space_nd.cc:56"),
    CHECK(BATCH_TO_SPACE_ND, "type(in(0)) != type(out(0))", "input and output types differ",
          "batch_to_space_nd.cc:57"),

    PARSE(CALL_ONCE, "TfLiteCallOnceParams", FBC "1259"),
    INIT(CALL_ONCE, "sizeof(OpDataCallOnce)", "OpData", "call_once.cc:41"),
    CHECK(CALL_ONCE, "n_in != 0", "CALL_ONCE has inputs", "call_once.cc:51"),
    CHECK(CALL_ONCE, "n_out != 0", "CALL_ONCE has outputs", "call_once.cc:52"),

    PARSE(CAST, "TfLiteCastParams", FBC "1289"),
    TEMP(CAST, "in(0)", "cast.cc:35"),
    TEMP(CAST, "out(0)", "cast.cc:38"),

    PARSE(CONCATENATION, "TfLiteConcatenationParams", FBC "1315"),
    INIT(CONCATENATION, "sizeof(OpDataConcatenation)", "OpData", "concatenation.cc:125"),
    TEMP(CONCATENATION, "in(0)", "concatenation.cc:136"),
    TEMP(CONCATENATION, "out(0)", "concatenation.cc:140"),
    TEMP_EACH(CONCATENATION, "n_in", "in(i)", "concatenation.cc:167"),
    CHECK(CONCATENATION, "activation != 0", "a fused activation", "concatenation.cc:147"),
    CHECK(CONCATENATION, "type(in(0)) != FLOAT32 && type(in(0)) != INT8 && type(in(0)) != INT16 && "
          "type(in(0)) != INT32 && type(in(0)) != INT64 && type(in(0)) != BOOL",
          "input type is not FLOAT32, INT8, INT16, INT32, INT64 or BOOL", "concatenation.cc:148"),
    CHECK(CONCATENATION, "type(out(0)) != type(in(0))", "output and input types differ",
          "concatenation.cc:154"),
    CHECK(CONCATENATION, "n_in > 10", "more than 10 inputs", "concatenation.cc:158"),
    CONCAT_INPUT(0), CONCAT_INPUT(1), CONCAT_INPUT(2), CONCAT_INPUT(3), CONCAT_INPUT(4),
    CONCAT_INPUT(5), CONCAT_INPUT(6), CONCAT_INPUT(7), CONCAT_INPUT(8), CONCAT_INPUT(9),

    PARSE(CONV_2D, "TfLiteConvParams", FBC "1344"),
    INIT(CONV_2D, "sizeof(OpDataConv)", "OpDataConv", "conv_common.cc:77"),
    TEMP(CONV_2D, "out(0)", "conv_common.cc:149"),
    TEMP(CONV_2D, "in(0)", "conv_common.cc:152"),
    TEMP(CONV_2D, "in(1)", "conv_common.cc:155"),
    NEED(CONV_2D, "out(0)", "output (output 0)", "conv_common.cc:150"),
    NEED(CONV_2D, "in(0)", "input (input 0)", "conv_common.cc:153"),
    NEED(CONV_2D, "in(1)", "filter (input 1)", "conv_common.cc:156"),
    CHECK(CONV_2D, "type(in(0)) != type(out(0))", "input and output types differ",
          "conv_common.cc:158"),
    CHECK(CONV_2D, "!(type(in(0)) == FLOAT32 && type(in(1)) == FLOAT32 || type(in(0)) == INT16 && "
          "type(in(1)) == INT8 || type(in(0)) == INT8 && (type(in(1)) == INT4 || "
          "type(in(1)) == INT8))", "hybrid models are not supported (input and filter types)",
          "conv_common.cc:159"),
    CHECK(CONV_2D, "(type(in(0)) == INT8 || type(in(0)) == INT16) && !quantized(in(1))",
          "the filter is not quantized", "conv_common.cc:185"),
    CHECK(CONV_2D, "(type(in(0)) == INT8 || type(in(0)) == INT16) && scales(in(1)) != 1 && "
          "scales(in(1)) != dim(in(1), 0)",
          "the filter's scale count is neither 1 nor its output channels", "conv_common.cc:194"),
    PER_CHANNEL(CONV_2D, "0", "conv_common.cc:177", "conv_common.cc:180"),
    TEMP(CONV_2D, "in(0)", "conv_common.cc:101"),
    TEMP(CONV_2D, "in(1)", "conv_common.cc:104"),
    TEMP(CONV_2D, "in(2)", "conv_common.cc:107"),
    TEMP(CONV_2D, "out(0)", "conv_common.cc:109"),
    INT4_FILTER(CONV_2D, "conv_common.cc:209"),

    PARSE(DEPTHWISE_CONV_2D, "TfLiteDepthwiseConvParams", FBC "1429"),
    INIT(DEPTHWISE_CONV_2D, "sizeof(OpDataConv)", "OpDataConv", "depthwise_conv.cc:33"),
    TEMP(DEPTHWISE_CONV_2D, "out(0)", "depthwise_conv_common.cc:149"),
    TEMP(DEPTHWISE_CONV_2D, "in(0)", "depthwise_conv_common.cc:152"),
    TEMP(DEPTHWISE_CONV_2D, "in(1)", "depthwise_conv_common.cc:155"),
    NEED(DEPTHWISE_CONV_2D, "out(0)", "output (output 0)", "depthwise_conv_common.cc:150"),
    NEED(DEPTHWISE_CONV_2D, "in(0)", "input (input 0)", "depthwise_conv_common.cc:153"),
    NEED(DEPTHWISE_CONV_2D, "in(1)", "filter (input 1)", "depthwise_conv_common.cc:156"),
    CHECK(DEPTHWISE_CONV_2D, "type(in(0)) == INT8 && !quantized(in(1))",
          "the filter is not quantized", "depthwise_conv_common.cc:176"),
    CHECK(DEPTHWISE_CONV_2D, "type(in(0)) == INT8 && scales(in(1)) != 1 && "
          "scales(in(1)) != dim(in(1), 3)",
          "the filter's scale count is neither 1 nor its output channels",
          "depthwise_conv_common.cc:185"),
    CHECK(DEPTHWISE_CONV_2D, "type(in(0)) == INT8 && scales(in(1)) != zero_points(in(1))",
          "the filter's scale and zero-point counts differ", "depthwise_conv_common.cc:190"),
    CHECK(DEPTHWISE_CONV_2D, "!(type(in(0)) == type(in(1)) || type(in(0)) == INT8 && "
          "(type(in(1)) == INT4 || type(in(1)) == INT8) || type(in(0)) == INT16 && "
          "type(in(1)) == INT8)", "hybrid models are not supported (input and filter types)",
          "depthwise_conv_common.cc:194"),
    PER_CHANNEL(DEPTHWISE_CONV_2D, "3", "depthwise_conv_common.cc:168",
                "depthwise_conv_common.cc:171"),
    TEMP(DEPTHWISE_CONV_2D, "in(0)", "depthwise_conv_common.cc:101"),
    TEMP(DEPTHWISE_CONV_2D, "in(1)", "depthwise_conv_common.cc:104"),
    TEMP(DEPTHWISE_CONV_2D, "in(2)", "depthwise_conv_common.cc:107"),
    TEMP(DEPTHWISE_CONV_2D, "out(0)", "depthwise_conv_common.cc:109"),
    INT4_FILTER(DEPTHWISE_CONV_2D, "depthwise_conv_common.cc:207"),

    PARSE(DEQUANTIZE, NULL, FBC "1468"),
    INIT(DEQUANTIZE, "sizeof(DequantizeOpData)", "DequantizeOpData", "dequantize.cc:34"),
    TEMP(DEQUANTIZE, "in(0)", "dequantize_common.cc:38"),
    TEMP(DEQUANTIZE, "out(0)", "dequantize_common.cc:40"),
    CHECK(DEQUANTIZE, "n_in != 1", "DEQUANTIZE needs 1 input", "dequantize_common.cc:32"),
    CHECK(DEQUANTIZE, "n_out != 1", "DEQUANTIZE needs 1 output", "dequantize_common.cc:33"),
    CHECK(DEQUANTIZE, "type(in(0)) != INT8 && type(in(0)) != INT16 && type(in(0)) != UINT8",
          "input type is not INT8, INT16 or UINT8", "dequantize_common.cc:43"),
    CHECK(DEQUANTIZE, "type(out(0)) != FLOAT32", "output type is not FLOAT32",
          "dequantize_common.cc:46"),

    PARSE(DIV, "TfLiteDivParams", FBC "1473"),
    INIT(DIV, "sizeof(OpDataDiv)", "OpDataDiv", "div.cc:70"),
    TEMP(DIV, "in(0)", "div.cc:79"),
    TEMP(DIV, "in(1)", "div.cc:82"),
    TEMP(DIV, "out(0)", "div.cc:85"),
    CHECK(DIV, "type(in(0)) != type(in(1))", "input types differ", "div.cc:49"),
    CHECK(DIV, "type(in(0)) != type(out(0))", "input and output types differ", "div.cc:50"),

    PARSE(EQUAL, NULL, FBC "1515"),
    INIT(EQUAL, "sizeof(OpDataComparison)", "OpData", "comparisons.cc:546"),
    TEMP(EQUAL, "in(0)", "comparisons.cc:556"),
    TEMP(EQUAL, "in(1)", "comparisons.cc:559"),
    ABORT(EQUAL, "type(in(0)) == INT8 && (scale_nano(in(0)) <= 0 || scale_nano(in(0)) >= 1000000000)",
          "input 1's scale is not in (0, 1): QuantizeMultiplierSmallerThanOneExp's TFLITE_CHECK",
          "comparisons.cc:569"),
    ABORT(EQUAL, "type(in(0)) == INT8 && (scale_nano(in(1)) <= 0 || scale_nano(in(1)) >= 1000000000)",
          "input 2's scale is not in (0, 1): QuantizeMultiplierSmallerThanOneExp's TFLITE_CHECK",
          "comparisons.cc:574"),

    PARSE(FLOOR_MOD, NULL, FBC "1563"),
    TEMP(FLOOR_MOD, "in(0)", "floor_mod.cc:46"),
    TEMP(FLOOR_MOD, "in(1)", "floor_mod.cc:49"),
    TEMP(FLOOR_MOD, "out(0)", "floor_mod.cc:52"),
    CHECK(FLOOR_MOD, "type(in(0)) != type(in(1))", "input types differ", "floor_mod.cc:55"),
    CHECK(FLOOR_MOD, "type(in(0)) != type(out(0))", "input and output types differ",
          "floor_mod.cc:56"),

    PARSE(FULLY_CONNECTED, "TfLiteFullyConnectedParams", FBC "1568"),
    INIT(FULLY_CONNECTED, "sizeof(OpDataFullyConnected)", "OpDataFullyConnected",
         "fully_connected.cc:32"),
    TEMP(FULLY_CONNECTED, "in(0)", "fully_connected.cc:47"),
    TEMP(FULLY_CONNECTED, "in(1)", "fully_connected.cc:49"),
    TEMP(FULLY_CONNECTED, "in(2)", "fully_connected.cc:53"),
    TEMP(FULLY_CONNECTED, "out(0)", "fully_connected.cc:54"),
    NEED(FULLY_CONNECTED, "in(0)", "input (input 0)", "fully_connected.cc:48"),
    NEED(FULLY_CONNECTED, "in(1)", "filter (input 1)", "fully_connected.cc:51"),
    NEED(FULLY_CONNECTED, "out(0)", "output (output 0)", "fully_connected.cc:56"),
    CHECK(FULLY_CONNECTED, "type(in(0)) != type(out(0))", "input and output types differ",
          "fully_connected.cc:57"),
    CHECK(FULLY_CONNECTED, "type(in(0)) == FLOAT32 && type(in(1)) != FLOAT32 || type(in(0)) == INT8 && "
          "type(in(1)) != INT8 && type(in(1)) != INT4 || type(in(0)) == INT16 && type(in(1)) != INT8",
          "the filter's type does not go with the input's (hybrid)", "fully_connected.cc:63"),
    CHECK(FULLY_CONNECTED, "type(in(0)) != FLOAT32 && quantized(in(1)) && scales(in(1)) > 1 && "
          "!(type(in(0)) == INT8 && type(in(1)) != INT4 || type(in(0)) == INT16 && type(in(1)) != INT4)",
          "per-channel quantization of an INT4 filter", "fully_connected_common.cc:99"),
    CHECK(FULLY_CONNECTED, "type(in(0)) != FLOAT32 && type(out(0)) != INT8 && type(out(0)) != INT16 && "
          "type(out(0)) != UINT8", "a quantized output type other than INT8, INT16 or UINT8",
          "tensorflow/lite/kernels/kernel_util.cc:405"),
    FC_PER_CHANNEL(FULLY_CONNECTED, "in(0)", "in(1)"),
    INT4_FILTER(FULLY_CONNECTED, "fully_connected.cc:74"),

    PARSE(GATHER, "TfLiteGatherParams", FBC "1619"),
    TEMP(GATHER, "in(0)", "gather.cc:109"),
    TEMP(GATHER, "in(1)", "gather.cc:112"),
    TEMP(GATHER, "out(0)", "gather.cc:115"),
    CHECK(GATHER, "n_in != 2", "GATHER needs 2 inputs", "gather.cc:103"),
    CHECK(GATHER, "n_out != 1", "GATHER needs 1 output", "gather.cc:104"),
    CHECK(GATHER, "type(in(1)) != INT32", "positions of a type other than INT32", "gather.cc:122"),
    CHECK(GATHER, "type(in(0)) != FLOAT32 && type(in(0)) != INT8",
          "input type is not FLOAT32 or INT8", "gather.cc:137"),
    KEEP(GATHER, NULL, "sizeof(TfLiteIntArray) + 4 * rank(out(0))", "output dims (writable copy)",
         "gather.cc:167"),

    PARSE(IF, "TfLiteIfParams", FBC "1669"),
    INIT(IF, "sizeof(OpDataIf)", "OpData", "if.cc:43"),
    TEMP(IF, "in(0)", "if.cc:58"),
    CHECK(IF, "n_in == 0", "IF has no condition", "if.cc:53"),
    CHECK(IF, "type(in(0)) != BOOL", "the condition is not BOOL", "if.cc:61"),
    CHECK(IF, "elements(in(0)) != 1", "the condition is not one element", "if.cc:62"),

    /* L2NormPrepare: FLOAT32 and INT8; no fused activation. */
    PARSE(L2_NORMALIZATION, "TfLiteL2NormParams", FBC "1693"),
    INIT(L2_NORMALIZATION, "sizeof(L2NormalizationParams)", "L2NormalizationParams",
         "l2norm.cc:77"),
    CHECK(L2_NORMALIZATION, "n_in != 1", "L2_NORMALIZATION needs 1 input", "l2norm.cc:44"),
    CHECK(L2_NORMALIZATION, "n_out != 1", "L2_NORMALIZATION needs 1 output", "l2norm.cc:45"),
    TEMP(L2_NORMALIZATION, "in(0)", "l2norm.cc:50"),
    NEED(L2_NORMALIZATION, "in(0)", "input (input 0)", "l2norm.cc:51"),
    TEMP(L2_NORMALIZATION, "out(0)", "l2norm.cc:53"),
    NEED(L2_NORMALIZATION, "out(0)", "output (output 0)", "l2norm.cc:54"),
    CHECK(L2_NORMALIZATION, "rank(in(0)) > 4", "input has more than 4 dimensions",
          "l2norm.cc:55"),
    CHECK(L2_NORMALIZATION, "type(out(0)) != FLOAT32 && type(out(0)) != INT8",
          "output type is not FLOAT32 or INT8", "l2norm.cc:57"),
    CHECK(L2_NORMALIZATION, "type(in(0)) != type(out(0))", "input and output types differ",
          "l2norm.cc:59"),
    CHECK(L2_NORMALIZATION, "activation != 0", "a fused activation", "l2norm.cc:68"),

    /* L2Prepare: FLOAT32 only; the output's dims are copied to the tail and rewritten with the
     * window's output size. */
    /* ComputeOutSize (tensorflow/lite/kernels/padding.h), dilation 1: 0 for a stride of 0
     * or an unknown padding. */
    DEF(L2_POOL_2D, "oh", "stride_h == 0 ? 0 : padding == 0 ? (dim(in(0), 1) + stride_h - 1) / "
                          "stride_h : padding == 1 ? (dim(in(0), 1) + stride_h - filter_h) / "
                          "stride_h : 0"),
    DEF(L2_POOL_2D, "ow", "stride_w == 0 ? 0 : padding == 0 ? (dim(in(0), 2) + stride_w - 1) / "
                          "stride_w : padding == 1 ? (dim(in(0), 2) + stride_w - filter_w) / "
                          "stride_w : 0"),
    PARSE(L2_POOL_2D, "TfLitePoolParams", FBC "1955"),
    CHECK(L2_POOL_2D, "n_in != 1", "L2_POOL_2D needs 1 input", "l2_pool_2d.cc:44"),
    CHECK(L2_POOL_2D, "n_out != 1", "L2_POOL_2D needs 1 output", "l2_pool_2d.cc:45"),
    TEMP(L2_POOL_2D, "out(0)", "l2_pool_2d.cc:47"),
    NEED(L2_POOL_2D, "out(0)", "output (output 0)", "l2_pool_2d.cc:48"),
    TEMP(L2_POOL_2D, "in(0)", "l2_pool_2d.cc:50"),
    NEED(L2_POOL_2D, "in(0)", "input (input 0)", "l2_pool_2d.cc:51"),
    CHECK(L2_POOL_2D, "rank(in(0)) != 4", "input does not have 4 dimensions", "l2_pool_2d.cc:52"),
    CHECK(L2_POOL_2D, "rank(out(0)) != 4", "output does not have 4 dimensions",
          "l2_pool_2d.cc:53"),
    CHECK(L2_POOL_2D, "type(in(0)) != type(out(0))", "input and output types differ",
          "l2_pool_2d.cc:54"),
    CHECK(L2_POOL_2D, "type(in(0)) != FLOAT32", "input type is not FLOAT32", "l2_pool_2d.cc:71"),
    KEEP(L2_POOL_2D, NULL, "sizeof(TfLiteIntArray) + 4 * rank(out(0))",
         "output dims (writable copy)", "kernel_util.cc:137"),
    /* Then the interpreter refuses an output with a dimension <= 0 (CheckDynamicTensors). */
    CHECK(L2_POOL_2D, "dim(in(0), 0) <= 0 || oh <= 0 || ow <= 0 || dim(in(0), 3) <= 0",
          "the output the window makes has a dimension <= 0 (a dynamic tensor)", "tensorflow/lite/micro/micro_interpreter_graph.cc:165"),

    PARSE(LEAKY_RELU, "TfLiteLeakyReluParams", FBC "1720"),
    INIT(LEAKY_RELU, "sizeof(LeakyReluOpData)", "LeakyReluOpData", "leaky_relu.cc:50"),
    TEMP(LEAKY_RELU, "in(0)", "leaky_relu_common.cc:38"),
    TEMP(LEAKY_RELU, "out(0)", "leaky_relu_common.cc:41"),
    CHECK(LEAKY_RELU, "n_in != 1", "LEAKY_RELU needs 1 input", "leaky_relu_common.cc:35"),
    CHECK(LEAKY_RELU, "n_out != 1", "LEAKY_RELU needs 1 output", "leaky_relu_common.cc:36"),
    CHECK(LEAKY_RELU, "type(in(0)) != type(out(0))", "input and output types differ",
          "leaky_relu_common.cc:43"),

    PARSE(LESS, NULL, FBC "1739"),
    INIT(LESS, "sizeof(OpDataComparison)", "OpData", "comparisons.cc:546"),
    TEMP(LESS, "in(0)", "comparisons.cc:556"),
    TEMP(LESS, "in(1)", "comparisons.cc:559"),
    ABORT(LESS, "type(in(0)) == INT8 && (scale_nano(in(0)) <= 0 || scale_nano(in(0)) >= 1000000000)",
          "input 1's scale is not in (0, 1): QuantizeMultiplierSmallerThanOneExp's TFLITE_CHECK",
          "comparisons.cc:569"),
    ABORT(LESS, "type(in(0)) == INT8 && (scale_nano(in(1)) <= 0 || scale_nano(in(1)) >= 1000000000)",
          "input 2's scale is not in (0, 1): QuantizeMultiplierSmallerThanOneExp's TFLITE_CHECK",
          "comparisons.cc:574"),

    PARSE(LESS_EQUAL, NULL, FBC "1747"),
    INIT(LESS_EQUAL, "sizeof(OpDataComparison)", "OpData", "comparisons.cc:546"),
    TEMP(LESS_EQUAL, "in(0)", "comparisons.cc:556"),
    NEED(LESS_EQUAL, "in(0)", "input 0", "comparisons.cc:557"),
    TEMP(LESS_EQUAL, "in(1)", "comparisons.cc:559"),
    NEED(LESS_EQUAL, "in(1)", "input 1", "comparisons.cc:560"),
    /* INT8: QuantizeMultiplierSmallerThanOneExp's TFLITE_CHECKs (quantization_util.cc:117,
     * 118) abort for a scale outside (0, 1). */
    ABORT(LESS_EQUAL, "type(in(0)) == INT8 && (scale_cmp(in(0), 1, 1) >= 0 || "
          "scale_cmp(in(0), 0, 1) <= 0)",
          "input 0's scale is not in (0, 1): a TFLITE_CHECK aborts", "comparisons.cc:569"),
    ABORT(LESS_EQUAL, "type(in(0)) == INT8 && (scale_cmp(in(1), 1, 1) >= 0 || "
          "scale_cmp(in(1), 0, 1) <= 0)",
          "input 1's scale is not in (0, 1): a TFLITE_CHECK aborts", "comparisons.cc:574"),

    PARSE(LOG, NULL, FBC "1755"),
    GENERIC_PREPARE(LOG),

    PARSE(LOGICAL_AND, NULL, FBC "1763"),
    NONE(LOGICAL_AND, "logical.cc:41"),

    PARSE(LOGICAL_NOT, NULL, FBC "1771"),
    GENERIC_PREPARE(LOGICAL_NOT),

    PARSE(LOGICAL_OR, NULL, FBC "1779"),
    NONE(LOGICAL_OR, "logical.cc:37"),

    PARSE(LOGISTIC, NULL, FBC "1787"),
    INIT(LOGISTIC, "sizeof(OpDataLogistic)", "OpDataLogistic", "logistic.cc:35"),
    TEMP(LOGISTIC, "in(0)", "logistic_common.cc:38"),
    TEMP(LOGISTIC, "out(0)", "logistic_common.cc:41"),
    CHECK(LOGISTIC, "type(in(0)) != type(out(0))", "input and output types differ",
          "logistic_common.cc:44"),
    CHECK(LOGISTIC, "type(in(0)) == INT8 && zero_point(out(0)) != -128",
          "an INT8 output's zero point is not -128", "logistic_common.cc:46"),
    CHECK(LOGISTIC, "type(in(0)) == INT16 && zero_point(in(0)) != 0",
          "an INT16 input's zero point is not 0", "logistic_common.cc:70"),
    CHECK(LOGISTIC, "type(in(0)) == INT16 && zero_point(out(0)) != 0",
          "an INT16 output's zero point is not 0", "logistic_common.cc:71"),

    /* LogSoftmaxPrepare (CalculateOpData): the OpData only for INT8, in Prepare. */
    PARSE(LOG_SOFTMAX, NULL, FBC "1795"),
    CHECK(LOG_SOFTMAX, "n_in != 1", "LOG_SOFTMAX needs 1 input", "log_softmax.cc:49"),
    CHECK(LOG_SOFTMAX, "n_out != 1", "LOG_SOFTMAX needs 1 output", "log_softmax.cc:50"),
    TEMP(LOG_SOFTMAX, "in(0)", "log_softmax.cc:52"),
    NEED(LOG_SOFTMAX, "in(0)", "input (input 0)", "log_softmax.cc:53"),
    TEMP(LOG_SOFTMAX, "out(0)", "log_softmax.cc:55"),
    NEED(LOG_SOFTMAX, "out(0)", "output (output 0)", "log_softmax.cc:56"),
    CHECK(LOG_SOFTMAX, "type(in(0)) != type(out(0))", "input and output types differ",
          "log_softmax.cc:57"),
    CHECK(LOG_SOFTMAX, "!same_shape(in(0), out(0))", "input and output shapes differ",
          "log_softmax.cc:59"),
    KEEP(LOG_SOFTMAX, "type(in(0)) == INT8", "sizeof(LogSoftmaxOpData)", "LogSoftmaxOpData",
         "log_softmax.cc:63"),
    CHECK(LOG_SOFTMAX, "type(in(0)) == INT8 && scale_cmp(out(0), 16, 256) != 0",
          "INT8 output scale is not 16 / 256", "log_softmax.cc:72"),
    CHECK(LOG_SOFTMAX, "type(in(0)) == INT8 && zero_point(out(0)) != 127",
          "INT8 output zero point is not 127", "log_softmax.cc:73"),

    PARSE(MAXIMUM, NULL, FBC "1837"),
    NONE(MAXIMUM, "maximum_minimum.cc:70"),

    PARSE(MAX_POOL_2D, "TfLitePoolParams", FBC "1955"),
    INIT(MAX_POOL_2D, "sizeof(OpDataPooling)", "OpDataPooling", "pooling.cc:96"),
    TEMP(MAX_POOL_2D, "in(0)", "pooling_common.cc:60"),
    TEMP(MAX_POOL_2D, "out(0)", "pooling_common.cc:63"),
    CHECK(MAX_POOL_2D, "(type(in(0)) == INT8 || type(in(0)) == INT16) && "
              "max(scale_nano(in(0)) - scale_nano(out(0)), scale_nano(out(0)) - scale_nano(in(0))) > 1000",
          "input and output scales differ by more than 1e-6", "pooling_common.cc:73"),
    CHECK(MAX_POOL_2D, "(type(in(0)) == INT8 || type(in(0)) == INT16) && zero_point(in(0)) != zero_point(out(0))",
          "input and output zero points differ", "pooling_common.cc:75"),
    CHECK(MAX_POOL_2D, "type(in(0)) != FLOAT32 && type(in(0)) != INT8 && type(in(0)) != INT16",
          "input type is not FLOAT32, INT8 or INT16", "pooling_common.cc:86"),

    /* PrepareMeanOrSumHelper, then PrepareSimple's temporaries; sums for INT8/INT16. */
    PARSE(MEAN, "TfLiteReducerParams", FBC "2017"),
    INIT(MEAN, "sizeof(OpDataReduce)", "OpDataReduce", "reduce.cc:35"),
    TEMP(MEAN, "in(0)", "reduce_common.cc:226"),
    TEMP(MEAN, "out(0)", "reduce_common.cc:227"),
    TEMP(MEAN, "in(1)", "reduce_common.cc:228"),
    TEMP(MEAN, "in(0)", "reduce_common.cc:40"),
    TEMP(MEAN, "in(1)", "reduce_common.cc:50"),
    TEMP_IF(MEAN, "type(in(0)) == INT8", "out(0)", "reduce_common.cc:55"),
    CHECK(MEAN, "exists(in(1)) && type(in(1)) != INT32", "the axis is not INT32",
          "reduce_common.cc:52"),
    NEED(MEAN, "in(0)", "input (input 0)", "reduce_common.cc:226"),
    NEED(MEAN, "in(1)", "axis (input 1)", "reduce_common.cc:228"),
    NEED(MEAN, "out(0)", "output (output 0)", "reduce_common.cc:227"),
    SCRATCH(MEAN, "type(in(0)) == INT8 || type(in(0)) == INT16", "4 * elements(out(0))",
            "int32 sums", "reduce_common.cc:239"),
    SCRATCH(MEAN, NULL, "4 * rank(in(0))", "temp index", "reduce_common.cc:247"),
    SCRATCH(MEAN, NULL, "4 * elements(in(1))", "resolved axes", "reduce_common.cc:249"),

    PARSE(MINIMUM, NULL, FBC "1845"),
    NONE(MINIMUM, "maximum_minimum.cc:75"),

    PARSE(MIRROR_PAD, "TfLiteMirrorPaddingParams", FBC "1850"),
    INIT(MIRROR_PAD, "sizeof(OpDataMirrorPad)", "OpDataMirrorPad", "mirror_pad.cc:166"),
    TEMP(MIRROR_PAD, "in(0)", "mirror_pad.cc:175"),
    TEMP(MIRROR_PAD, "in(1)", "mirror_pad.cc:177"),
    TEMP(MIRROR_PAD, "out(0)", "mirror_pad.cc:179"),
    ABORT(MIRROR_PAD, "!exists(in(0))", "missing input (input 0): a null pointer read",
          "mirror_pad.cc:175"),
    ABORT(MIRROR_PAD, "!exists(in(1))", "missing paddings (input 1): a null pointer read",
          "mirror_pad.cc:177"),
    CHECK(MIRROR_PAD, "rank(in(1)) != 2", "paddings do not have 2 dimensions",
          "mirror_pad.cc:181"),
    CHECK(MIRROR_PAD, "dim(in(1), 0) != rank(in(0))",
          "paddings do not have a row per input dimension", "mirror_pad.cc:182"),
    SCRATCH(MIRROR_PAD, NULL, "4 * rank(in(0))", "output dimension sizes", "mirror_pad.cc:196"),
    SCRATCH(MIRROR_PAD, NULL, "4 * rank(in(0))", "input dimension sizes", "mirror_pad.cc:199"),

    PARSE(MUL, "TfLiteMulParams", FBC "1876"),
    INIT(MUL, "sizeof(OpDataMul)", "OpDataMul", "mul_common.cc:35"),
    TEMP(MUL, "in(0)", "mul_common.cc:43"),
    TEMP(MUL, "in(1)", "mul_common.cc:46"),
    TEMP(MUL, "out(0)", "mul_common.cc:49"),
    CHECK(MUL, "n_in != 2", "MUL needs 2 inputs", "mul_common.cc:52"),
    CHECK(MUL, "n_out != 1", "MUL needs 1 output", "mul_common.cc:53"),
    CHECK(MUL, "type(in(0)) != type(in(1))", "input types differ", "mul_common.cc:55"),
    CHECK(MUL, "type(in(0)) == INT16 && zero_point(in(0)) != 0", "an INT16 input 1 with a zero point",
          "mul_common.cc:73"),
    CHECK(MUL, "type(in(0)) == INT16 && zero_point(in(1)) != 0", "an INT16 input 2 with a zero point",
          "mul_common.cc:74"),
    CHECK(MUL, "type(in(0)) == INT16 && zero_point(out(0)) != 0", "an INT16 output with a zero point",
          "mul_common.cc:75"),

    PARSE(NEG, NULL, FBC "1901"),
    NONE(NEG, "neg.cc:54"),

    PARSE(NOT_EQUAL, NULL, FBC "1909"),
    INIT(NOT_EQUAL, "sizeof(OpDataComparison)", "OpData", "comparisons.cc:546"),
    TEMP(NOT_EQUAL, "in(0)", "comparisons.cc:556"),
    NEED(NOT_EQUAL, "in(0)", "input 0", "comparisons.cc:557"),
    TEMP(NOT_EQUAL, "in(1)", "comparisons.cc:559"),
    NEED(NOT_EQUAL, "in(1)", "input 1", "comparisons.cc:560"),
    /* INT8: QuantizeMultiplierSmallerThanOneExp's TFLITE_CHECKs (quantization_util.cc:117,
     * 118) abort for a scale outside (0, 1). */
    ABORT(NOT_EQUAL, "type(in(0)) == INT8 && (scale_cmp(in(0), 1, 1) >= 0 || "
          "scale_cmp(in(0), 0, 1) <= 0)",
          "input 0's scale is not in (0, 1): a TFLITE_CHECK aborts", "comparisons.cc:569"),
    ABORT(NOT_EQUAL, "type(in(0)) == INT8 && (scale_cmp(in(1), 1, 1) >= 0 || "
          "scale_cmp(in(1), 0, 1) <= 0)",
          "input 1's scale is not in (0, 1): a TFLITE_CHECK aborts", "comparisons.cc:574"),

    PARSE(PACK, "TfLitePackParams", FBC "1914"),
    NONE(PACK, "pack.cc:113"),

    PARSE(PAD, NULL, FBC "1942"),
    INIT(PAD, "sizeof(OpDataPad)", "OpData", "pad_common.cc:27"),
    TEMP(PAD, "in(0)", "pad_common.cc:40"),
    TEMP(PAD, "in(1)", "pad_common.cc:43"),
    TEMP_IF(PAD, "n_in == 3", "in(2)", "pad_common.cc:47"),
    TEMP(PAD, "out(0)", "pad_common.cc:50"),
    CHECK(PAD, "n_in != 2 && n_in != 3", "PAD needs 2 or 3 inputs", "pad_common.cc:36"),
    CHECK(PAD, "n_out != 1", "PAD needs 1 output", "pad_common.cc:37"),
    CHECK(PAD, "type(in(0)) != type(out(0))", "input and output types differ", "pad_common.cc:53"),
    CHECK(PAD, "rank(in(0)) > 5", "the input has more than 5 dimensions", "pad_common.cc:56"),
    CHECK(PAD, "n_in == 3 && exists(in(2)) && type(in(2)) != type(in(0))",
          "the constant values' type differs from the input's", "pad_common.cc:60"),
    CHECK(PAD, "n_in == 3 && exists(in(2)) && elements(in(2)) != 1",
          "more than one constant value", "pad_common.cc:62"),
    CHECK(PAD, "!constant(in(1))", "the paddings are not constant", "pad_common.cc:72"),

    /* PadPrepare, as PAD's (cmsis_nn/pad.cc registers the same Init and Prepare). */
    PARSE(PADV2, NULL, FBC "1950"),
    INIT(PADV2, "sizeof(OpDataPad)", "OpData", "pad_common.cc:27"),
    CHECK(PADV2, "n_in != 2 && n_in != 3", "PADV2 needs 2 or 3 inputs", "pad_common.cc:36"),
    CHECK(PADV2, "n_out != 1", "PADV2 needs 1 output", "pad_common.cc:37"),
    TEMP(PADV2, "in(0)", "pad_common.cc:40"),
    NEED(PADV2, "in(0)", "input (input 0)", "pad_common.cc:41"),
    TEMP(PADV2, "in(1)", "pad_common.cc:43"),
    NEED(PADV2, "in(1)", "paddings (input 1)", "pad_common.cc:44"),
    TEMP_IF(PADV2, "n_in == 3", "in(2)", "pad_common.cc:47"),
    TEMP(PADV2, "out(0)", "pad_common.cc:50"),
    NEED(PADV2, "out(0)", "output (output 0)", "pad_common.cc:51"),
    CHECK(PADV2, "type(in(0)) != type(out(0))", "input and output types differ",
          "pad_common.cc:53"),
    CHECK(PADV2, "rank(in(0)) > 5", "input has more than 5 dimensions", "pad_common.cc:56"),
    CHECK(PADV2, "n_in == 3 && exists(in(2)) && type(in(0)) != type(in(2))",
          "constant values and input types differ", "pad_common.cc:60"),
    CHECK(PADV2, "n_in == 3 && exists(in(2)) && elements(in(2)) != 1",
          "constant values are not a scalar", "pad_common.cc:62"),
    CHECK(PADV2, "elements(in(1)) != 2 * rank(out(0))",
          "paddings do not have a pair per output dimension", "pad_common.cc:66"),
    CHECK(PADV2, "!constant(in(1))", "non-constant paddings", "pad_common.cc:72"),
    /* (The kernel reads the paddings as int32 whatever their type: checked for INT32 ones.) */
    CHECK(PADV2, "type(in(1)) == INT32 && any(rank(out(0)), j < rank(in(0)) && "
          "dim(out(0), j) != dim(in(0), j) + value(in(1), 2 * j) + value(in(1), 2 * j + 1))",
          "an output dimension is not the input's plus its paddings", "pad_common.cc:79"),
    CHECK(PADV2, "type(in(0)) == INT8 && !(n_in == 3 && exists(in(2))) && "
          "zero_point(out(0)) < -128", "output zero point below INT8's range",
          "pad_common.cc:103"),
    CHECK(PADV2, "type(in(0)) == INT8 && !(n_in == 3 && exists(in(2))) && "
          "zero_point(out(0)) > 127", "output zero point above INT8's range",
          "pad_common.cc:105"),
    CHECK(PADV2, "type(in(0)) == INT8 && n_in == 3 && exists(in(2)) && "
          "zero_point(out(0)) != zero_point(in(2))",
          "constant values and output zero points differ", "pad_common.cc:110"),

    PARSE(PRELU, NULL, FBC "1996"),
    INIT(PRELU, "sizeof(PreluParams)", "PreluParams", "prelu.cc:32"),
    TEMP(PRELU, "in(0)", "prelu_common.cc:89"),
    TEMP(PRELU, "in(1)", "prelu_common.cc:91"),
    TEMP(PRELU, "out(0)", "prelu_common.cc:93"),
    CHECK(PRELU, "type(out(0)) == INT16 && type(in(1)) != INT8", "an INT16 PRELU's alpha is not INT8",
          "prelu_common.cc:101"),

    PARSE(QUANTIZE, NULL, FBC "2004"),
    INIT(QUANTIZE, "sizeof(OpDataQuantizeReference)", "OpDataQuantizeReference",
         "quantize.cc:31"),
    TEMP(QUANTIZE, "in(0)", "quantize_common.cc:41"),
    TEMP(QUANTIZE, "out(0)", "quantize_common.cc:43"),
    CHECK(QUANTIZE, "n_in != 1", "QUANTIZE needs 1 input", "quantize_common.cc:36"),
    CHECK(QUANTIZE, "n_out != 1", "QUANTIZE needs 1 output", "quantize_common.cc:37"),
    CHECK(QUANTIZE, "!quantized(out(0))", "the output is not quantized", "quantize_common.cc:48"),
    CHECK(QUANTIZE, "scales(out(0)) != 1", "the output is quantized per channel",
          "quantize_common.cc:54"),

    PARSE(READ_VARIABLE, NULL, FBC "2012"),
    TEMP(READ_VARIABLE, "in(0)", "read_variable.cc:45"),

    /* PrepareAllHelper: BOOL input; then PrepareSimple. */
    PARSE(REDUCE_ALL, "TfLiteReducerParams", FBC "2017"),
    INIT(REDUCE_ALL, "sizeof(OpDataReduce)", "OpDataReduce", "reduce.cc:35"),
    TEMP(REDUCE_ALL, "in(0)", "reduce_common.cc:265"),
    TEMP(REDUCE_ALL, "out(0)", "reduce_common.cc:266"),
    TEMP(REDUCE_ALL, "in(1)", "reduce_common.cc:267"),
    ABORT(REDUCE_ALL, "!exists(in(0))", "missing input (input 0): a null pointer read",
          "reduce_common.cc:268"),
    CHECK(REDUCE_ALL, "type(in(0)) != BOOL", "input type is not BOOL", "reduce_common.cc:268"),
    TEMP(REDUCE_ALL, "in(0)", "reduce_common.cc:40"),
    ABORT(REDUCE_ALL, "!exists(in(0))", "missing input (input 0): a null pointer read",
          "reduce_common.cc:40"),
    CHECK(REDUCE_ALL, "n_in != 2", "REDUCE_ALL needs 2 inputs", "reduce_common.cc:46"),
    CHECK(REDUCE_ALL, "n_out != 1", "REDUCE_ALL needs 1 output", "reduce_common.cc:47"),
    TEMP(REDUCE_ALL, "in(1)", "reduce_common.cc:50"),
    NEED(REDUCE_ALL, "in(1)", "axis (input 1)", "reduce_common.cc:51"),
    CHECK(REDUCE_ALL, "type(in(1)) != INT32", "axis type is not INT32", "reduce_common.cc:52"),
    TEMP_IF(REDUCE_ALL, "type(in(0)) == INT8", "out(0)", "reduce_common.cc:55"),
    ABORT(REDUCE_ALL, "!exists(out(0))", "missing output (output 0): a null pointer read",
          "reduce_common.cc:275"),
    SCRATCH(REDUCE_ALL, NULL, "4 * rank(in(0))", "temp index", "reduce_common.cc:278"),
    SCRATCH(REDUCE_ALL, NULL, "4 * elements(in(1))", "resolved axes", "reduce_common.cc:280"),

    /* PrepareMinMaxHelper: PrepareSimple first, then its own temporaries. */
    PARSE(REDUCE_MAX, "TfLiteReducerParams", FBC "2017"),
    INIT(REDUCE_MAX, "sizeof(OpDataReduce)", "OpDataReduce", "reduce.cc:35"),
    TEMP(REDUCE_MAX, "in(0)", "reduce_common.cc:40"),
    ABORT(REDUCE_MAX, "!exists(in(0))", "missing input (input 0): a null pointer read",
          "reduce_common.cc:40"),
    CHECK(REDUCE_MAX, "n_in != 2", "REDUCE_MAX needs 2 inputs", "reduce_common.cc:46"),
    CHECK(REDUCE_MAX, "n_out != 1", "REDUCE_MAX needs 1 output", "reduce_common.cc:47"),
    TEMP(REDUCE_MAX, "in(1)", "reduce_common.cc:50"),
    NEED(REDUCE_MAX, "in(1)", "axis (input 1)", "reduce_common.cc:51"),
    CHECK(REDUCE_MAX, "type(in(1)) != INT32", "axis type is not INT32", "reduce_common.cc:52"),
    TEMP_IF(REDUCE_MAX, "type(in(0)) == INT8", "out(0)", "reduce_common.cc:55"),
    ABORT(REDUCE_MAX, "!exists(out(0))", "missing output (output 0): a null pointer read",
          "reduce_common.cc:208"),
    TEMP(REDUCE_MAX, "in(0)", "reduce_common.cc:202"),
    TEMP(REDUCE_MAX, "out(0)", "reduce_common.cc:203"),
    TEMP(REDUCE_MAX, "in(1)", "reduce_common.cc:204"),
    SCRATCH(REDUCE_MAX, NULL, "4 * rank(in(0))", "temp index", "reduce_common.cc:211"),
    SCRATCH(REDUCE_MAX, NULL, "4 * elements(in(1))", "resolved axes", "reduce_common.cc:213"),

    /* PrepareMinMaxHelper: PrepareSimple first, then its own temporaries. */
    PARSE(REDUCE_MIN, "TfLiteReducerParams", FBC "2017"),
    INIT(REDUCE_MIN, "sizeof(OpDataReduce)", "OpDataReduce", "reduce.cc:35"),
    TEMP(REDUCE_MIN, "in(0)", "reduce_common.cc:40"),
    ABORT(REDUCE_MIN, "!exists(in(0))", "missing input (input 0): a null pointer read",
          "reduce_common.cc:40"),
    CHECK(REDUCE_MIN, "n_in != 2", "REDUCE_MIN needs 2 inputs", "reduce_common.cc:46"),
    CHECK(REDUCE_MIN, "n_out != 1", "REDUCE_MIN needs 1 output", "reduce_common.cc:47"),
    TEMP(REDUCE_MIN, "in(1)", "reduce_common.cc:50"),
    NEED(REDUCE_MIN, "in(1)", "axis (input 1)", "reduce_common.cc:51"),
    CHECK(REDUCE_MIN, "type(in(1)) != INT32", "axis type is not INT32", "reduce_common.cc:52"),
    TEMP_IF(REDUCE_MIN, "type(in(0)) == INT8", "out(0)", "reduce_common.cc:55"),
    ABORT(REDUCE_MIN, "!exists(out(0))", "missing output (output 0): a null pointer read",
          "reduce_common.cc:208"),
    TEMP(REDUCE_MIN, "in(0)", "reduce_common.cc:202"),
    TEMP(REDUCE_MIN, "out(0)", "reduce_common.cc:203"),
    TEMP(REDUCE_MIN, "in(1)", "reduce_common.cc:204"),
    SCRATCH(REDUCE_MIN, NULL, "4 * rank(in(0))", "temp index", "reduce_common.cc:211"),
    SCRATCH(REDUCE_MIN, NULL, "4 * elements(in(1))", "resolved axes", "reduce_common.cc:213"),

    PARSE(RELU, NULL, FBC "2046"),
    INIT(RELU, "sizeof(ReluOpData)", "ReluOpData", "activations.cc:35"),
    TEMP(RELU, "in(0)", "activations_common.cc:94"),
    NEED(RELU, "in(0)", "input (input 0)", "activations_common.cc:95"),
    TEMP(RELU, "out(0)", "activations_common.cc:97"),
    NEED(RELU, "out(0)", "output (output 0)", "activations_common.cc:98"),
    CHECK(RELU, "type(in(0)) == INT16 && zero_point(in(0)) != 0", "INT16 input zero point is not 0",
          "activations_common.cc:103"),
    CHECK(RELU, "type(in(0)) == INT16 && zero_point(out(0)) != 0",
          "INT16 output zero point is not 0", "activations_common.cc:104"),

    /* Relu6Prepare: the input only. */
    PARSE(RELU6, NULL, FBC "2054"),
    INIT(RELU6, "sizeof(Relu6OpData)", "Relu6OpData", "activations.cc:82"),
    TEMP(RELU6, "in(0)", "activations_common.cc:121"),
    NEED(RELU6, "in(0)", "input (input 0)", "activations_common.cc:122"),

    /* A -1 in the output shape would make ReshapeOutput copy the output's dims to the tail
     * (CreateWritableTensorDimsWithCopy); the reader refuses negative dimensions. */
    PARSE(RESHAPE, "TfLiteReshapeParams", FBC "2059"),
    TEMP(RESHAPE, "in(0)", "reshape_common.cc:36"),
    TEMP(RESHAPE, "out(0)", "reshape_common.cc:39"),
    CHECK(RESHAPE, "type(in(0)) != type(out(0))", "input and output types differ",
          "reshape_common.cc:77"),
    CHECK(RESHAPE, "(n_in == 1 && rank(out(0)) == 1 && dim(out(0), 0) == 0 ? 1 : elements(out(0))) "
          "!= elements(in(0))", "input and output element counts differ", "reshape_common.cc:78"),

    PARSE(RESIZE_BILINEAR, "TfLiteResizeBilinearParams", FBC "2096"),
    CHECK(RESIZE_BILINEAR, "n_in != 2", "RESIZE_BILINEAR needs 2 inputs", "resize_bilinear.cc:36"),
    CHECK(RESIZE_BILINEAR, "n_out != 1", "RESIZE_BILINEAR needs 1 output",
          "resize_bilinear.cc:37"),
    TEMP(RESIZE_BILINEAR, "in(0)", "resize_bilinear.cc:40"),
    TEMP(RESIZE_BILINEAR, "in(1)", "resize_bilinear.cc:42"),
    TEMP(RESIZE_BILINEAR, "out(0)", "resize_bilinear.cc:44"),
    ABORT(RESIZE_BILINEAR, "!exists(in(0))", "missing input (input 0): a null pointer read",
          "resize_bilinear.cc:46"),
    ABORT(RESIZE_BILINEAR, "!exists(in(1))", "missing size (input 1): a null pointer read",
          "resize_bilinear.cc:47"),
    ABORT(RESIZE_BILINEAR, "!exists(out(0))", "missing output (output 0): a null pointer read",
          "resize_bilinear.cc:50"),
    CHECK(RESIZE_BILINEAR, "rank(in(0)) != 4", "input does not have 4 dimensions",
          "resize_bilinear.cc:46"),
    CHECK(RESIZE_BILINEAR, "rank(in(1)) != 1", "size does not have 1 dimension",
          "resize_bilinear.cc:47"),
    CHECK(RESIZE_BILINEAR, "type(in(1)) != INT32", "size type is not INT32",
          "resize_bilinear.cc:49"),
    CHECK(RESIZE_BILINEAR, "!constant(in(1))", "non-constant size", "resize_bilinear.cc:52"),
    CHECK(RESIZE_BILINEAR, "half_pixel_centers && align_corners",
          "half_pixel_centers and align_corners both set", "resize_bilinear.cc:58"),

    PARSE(RESIZE_NEAREST_NEIGHBOR, "TfLiteResizeNearestNeighborParams", FBC "2123"),
    TEMP(RESIZE_NEAREST_NEIGHBOR, "in(0)", "resize_nearest_neighbor.cc:42"),
    TEMP(RESIZE_NEAREST_NEIGHBOR, "in(1)", "resize_nearest_neighbor.cc:44"),
    TEMP(RESIZE_NEAREST_NEIGHBOR, "out(0)", "resize_nearest_neighbor.cc:46"),
    CHECK(RESIZE_NEAREST_NEIGHBOR, "rank(in(0)) != 4", "the input does not have 4 dimensions",
          "resize_nearest_neighbor.cc:50"),
    CHECK(RESIZE_NEAREST_NEIGHBOR, "rank(in(1)) != 1", "the size does not have 1 dimension",
          "resize_nearest_neighbor.cc:51"),
    CHECK(RESIZE_NEAREST_NEIGHBOR, "type(in(1)) != INT32", "the size is not INT32",
          "resize_nearest_neighbor.cc:52"),
    CHECK(RESIZE_NEAREST_NEIGHBOR, "dim(in(1), 0) != 2", "the size does not have 2 elements",
          "resize_nearest_neighbor.cc:53"),

    PARSE(REVERSE_V2, NULL, FBC "2521"),
    CHECK(REVERSE_V2, "n_in != 2", "REVERSE_V2 needs 2 inputs", "reverse.cc:47"),
    CHECK(REVERSE_V2, "n_out != 1", "REVERSE_V2 needs 1 output", "reverse.cc:48"),
    TEMP(REVERSE_V2, "in(0)", "reverse.cc:52"),
    NEED(REVERSE_V2, "in(0)", "input (input 0)", "reverse.cc:53"),
    TEMP(REVERSE_V2, "in(1)", "reverse.cc:55"),
    NEED(REVERSE_V2, "in(1)", "axis (input 1)", "reverse.cc:56"),
    TEMP(REVERSE_V2, "out(0)", "reverse.cc:58"),
    NEED(REVERSE_V2, "out(0)", "output (output 0)", "reverse.cc:59"),
    CHECK(REVERSE_V2, "rank(in(1)) != 1", "axis does not have 1 dimension", "reverse.cc:60"),
    CHECK(REVERSE_V2, "rank(in(0)) > 6", "input has more than 6 dimensions", "reverse.cc:61"),
    CHECK(REVERSE_V2, "rank(in(0)) < elements(in(1))", "more axes than input dimensions",
          "reverse.cc:62"),
    CHECK(REVERSE_V2, "type(in(0)) != INT32 && type(in(0)) != FLOAT32 && type(in(0)) != UINT8 && "
          "type(in(0)) != INT8 && type(in(0)) != INT16 && type(in(0)) != INT64 && "
          "type(in(0)) != BOOL", "input type is not supported by reverse", "reverse.cc:64"),
    CHECK(REVERSE_V2, "type(in(1)) != INT32", "axis type is not INT32", "reverse.cc:73"),
    CHECK(REVERSE_V2, "type(in(0)) != type(out(0))", "input and output types differ",
          "reverse.cc:79"),

    PARSE(ROUND, NULL, FBC "2529"),
    TEMP(ROUND, "in(0)", "round.cc:33"),
    NEED(ROUND, "in(0)", "input (input 0)", "round.cc:34"),
    TEMP(ROUND, "out(0)", "round.cc:36"),
    NEED(ROUND, "out(0)", "output (output 0)", "round.cc:37"),
    CHECK(ROUND, "n_in != 1", "ROUND needs 1 input", "round.cc:38"),
    CHECK(ROUND, "n_out != 1", "ROUND needs 1 output", "round.cc:39"),
    CHECK(ROUND, "type(in(0)) != FLOAT32", "input type is not FLOAT32", "round.cc:40"),
    CHECK(ROUND, "type(out(0)) != type(in(0))", "input and output types differ", "round.cc:41"),
    CHECK(ROUND, "elements(out(0)) != elements(in(0))", "input and output sizes differ",
          "round.cc:42"),
    CHECK(ROUND, "rank(out(0)) != rank(in(0))", "input and output ranks differ", "round.cc:43"),
    CHECK(ROUND, "any(rank(out(0)), dim(out(0), j) != dim(in(0), j))",
          "input and output dimensions differ", "round.cc:45"),

    /* PrepareAbsRsqrt: the quantized path for INT8 (INT16 with quantization). */
    PARSE(RSQRT, NULL, FBC "2537"),
    INIT(RSQRT, "sizeof(OpDataAbsRsqrt)", "OpDataAbsRsqrt", "elementwise.cc:230"),
    CHECK(RSQRT, "n_in != 1", "RSQRT needs 1 input", "elementwise.cc:105"),
    CHECK(RSQRT, "n_out != 1", "RSQRT needs 1 output", "elementwise.cc:106"),
    TEMP(RSQRT, "in(0)", "elementwise.cc:107"),
    NEED(RSQRT, "in(0)", "input (input 0)", "elementwise.cc:108"),
    TEMP(RSQRT, "out(0)", "elementwise.cc:109"),
    NEED(RSQRT, "out(0)", "output (output 0)", "elementwise.cc:110"),
    CHECK(RSQRT, "type(in(0)) != type(out(0))", "input and output types differ",
          "elementwise.cc:111"),
    CHECK(RSQRT, "type(in(0)) == INT8 && !quantized(in(0))", "input is not quantized",
          "elementwise.cc:130"),
    CHECK(RSQRT, "(type(in(0)) == INT8 || type(in(0)) == INT16 && quantized(in(0))) && "
          "!quantized(out(0))", "output is not quantized", "elementwise.cc:132"),
    CHECK(RSQRT, "type(in(0)) == INT16 && quantized(in(0)) && zero_point(in(0)) != 0",
          "INT16 input zero point is not 0", "elementwise.cc:149"),
    CHECK(RSQRT, "type(in(0)) == INT16 && quantized(in(0)) && zero_point(out(0)) != 0",
          "INT16 output zero point is not 0", "elementwise.cc:150"),

    /* CheckBroadcastShape, for inputs of different shapes (unless all four are one element):
     * d0, d1, d2 the inputs' dimensions j from the last (1 past their rank), mx the broadcast
     * one; the first j where they do not broadcast or the output differs fails. */
    DEF(SELECT_V2, "d0", "j >= rank(in(0)) ? 1 : dim(in(0), rank(in(0)) - 1 - j)"),
    DEF(SELECT_V2, "d1", "j >= rank(in(1)) ? 1 : dim(in(1), rank(in(1)) - 1 - j)"),
    DEF(SELECT_V2, "d2", "j >= rank(in(2)) ? 1 : dim(in(2), rank(in(2)) - 1 - j)"),
    DEF(SELECT_V2, "mx", "min(min(d0, d1), d2) == 0 ? 0 : max(max(d0, d1), d2)"),
    DEF(SELECT_V2, "bad_b", "!(d0 == 1 || d0 == mx) || !(d1 == 1 || d1 == mx) || "
                            "!(d2 == 1 || d2 == mx)"),
    DEF(SELECT_V2, "bad_o", "dim(out(0), rank(out(0)) - 1 - j) != mx"),
    DEF(SELECT_V2, "odims", "max(max(rank(in(0)), rank(in(1))), rank(in(2)))"),
    DEF(SELECT_V2, "bcast", "!(same_shape(in(0), in(1)) && same_shape(in(1), in(2))) && "
                            "!(elements(in(0)) == 1 && elements(in(1)) == 1 && "
                            "elements(in(2)) == 1 && elements(out(0)) == 1)"),
    PARSE(SELECT_V2, NULL, FBC "2553"),
    INIT(SELECT_V2, "sizeof(OpDataSelect)", "OpData", "select.cc:41"),
    CHECK(SELECT_V2, "n_in != 3", "SELECT_V2 needs 3 inputs", "select.cc:78"),
    CHECK(SELECT_V2, "n_out != 1", "SELECT_V2 needs 1 output", "select.cc:79"),
    TEMP(SELECT_V2, "in(0)", "select.cc:83"),
    TEMP(SELECT_V2, "in(1)", "select.cc:86"),
    TEMP(SELECT_V2, "in(2)", "select.cc:89"),
    TEMP(SELECT_V2, "out(0)", "select.cc:92"),
    ABORT(SELECT_V2, "!exists(in(0))", "missing condition (input 0): a null pointer read",
          "select.cc:95"),
    ABORT(SELECT_V2, "!exists(in(1))", "missing x (input 1): a null pointer read",
          "select.cc:96"),
    ABORT(SELECT_V2, "!exists(in(2))", "missing y (input 2): a null pointer read",
          "select.cc:96"),
    ABORT(SELECT_V2, "!exists(out(0))", "missing output (output 0): a null pointer read",
          "select.cc:97"),
    CHECK(SELECT_V2, "type(in(0)) != BOOL", "condition type is not BOOL", "select.cc:95"),
    CHECK(SELECT_V2, "type(in(1)) != type(in(2))", "x and y types differ", "select.cc:96"),
    CHECK(SELECT_V2, "bcast && odims != rank(out(0))", "the output's rank is not the broadcast one",
          "select.cc:55"),
    CHECK(SELECT_V2, "bcast && any(odims, bad_b && !any(j, bad_o))",
          "the input shapes are not broadcastable", "select.cc:67"),
    CHECK(SELECT_V2, "bcast && any(odims, bad_o)", "an output dimension is not the broadcast one",
          "select.cc:70"),

    PARSE(SHAPE, "TfLiteShapeParams", FBC "2558"),
    NONE(SHAPE, "shape.cc:38"),

    PARSE(SIN, NULL, FBC "2584"),
    GENERIC_PREPARE(SIN),

    /* SlicePrepare checks with TFLITE_DCHECK only (on in debug builds). */
    PARSE(SLICE, NULL, FBC "2592"),
    CHECK(SLICE, "n_in != 3", "SLICE needs 3 inputs", "slice.cc:50"),
    CHECK(SLICE, "n_out != 1", "SLICE needs 1 output", "slice.cc:51"),
    TEMP(SLICE, "in(0)", "slice.cc:54"),
    TEMP(SLICE, "in(1)", "slice.cc:57"),
    TEMP(SLICE, "in(2)", "slice.cc:60"),
    TEMP(SLICE, "out(0)", "slice.cc:63"),
    ABORT(SLICE, "dcheck && (!exists(in(0)) || !exists(in(1)) || !exists(in(2)) || "
          "!exists(out(0)))", "a missing tensor: a TFLITE_DCHECK aborts", "slice.cc:55"),
    ABORT(SLICE, "dcheck && type(in(0)) != type(out(0))",
          "input and output types differ: a TFLITE_DCHECK aborts", "slice.cc:67"),
    ABORT(SLICE, "dcheck && type(in(1)) != type(in(2))",
          "begin and size types differ: a TFLITE_DCHECK aborts", "slice.cc:68"),
    ABORT(SLICE, "dcheck && type(in(1)) != INT32 && type(in(1)) != INT64",
          "begin type is not INT32 or INT64: a TFLITE_DCHECK aborts", "slice.cc:69"),
    ABORT(SLICE, "dcheck && type(in(2)) != INT32 && type(in(2)) != INT64",
          "size type is not INT32 or INT64: a TFLITE_DCHECK aborts", "slice.cc:70"),
    ABORT(SLICE, "dcheck && rank(in(1)) != 1", "begin does not have 1 dimension: a TFLITE_DCHECK "
          "aborts", "slice.cc:71"),
    ABORT(SLICE, "dcheck && rank(in(2)) != 1", "size does not have 1 dimension: a TFLITE_DCHECK "
          "aborts", "slice.cc:72"),
    ABORT(SLICE, "dcheck && elements(in(1)) != elements(in(2))",
          "begin and size lengths differ: a TFLITE_DCHECK aborts", "slice.cc:73"),
    ABORT(SLICE, "dcheck && rank(in(0)) > 5",
          "input has more than 5 dimensions: a TFLITE_DCHECK aborts", "slice.cc:74"),

    PARSE(SOFTMAX, "TfLiteSoftmaxParams", FBC "2597"),
    INIT(SOFTMAX, "sizeof(SoftmaxParams)", "SoftmaxParams", "softmax_common.cc:142"),
    SOFTMAX_PREPARE("softmax_common.cc:150", "softmax_common.cc:153"),
    SOFTMAX_CHECKS,

    PARSE(SPACE_TO_BATCH_ND, NULL, FBC "2625"),
    INIT(SPACE_TO_BATCH_ND, "sizeof(SpaceToBatchParams)", "SpaceToBatchParams",
         "space_to_batch_nd.cc:45"),
    TEMP(SPACE_TO_BATCH_ND, "in(0)", "space_to_batch_nd.cc:55"),
    TEMP(SPACE_TO_BATCH_ND, "out(0)", "space_to_batch_nd.cc:57"),
    NEED(SPACE_TO_BATCH_ND, "in(0)", "input (input 0)", "space_to_batch_nd.cc:58"),
    NEED(SPACE_TO_BATCH_ND, "out(0)", "output (output 0)", "space_to_batch_nd.cc:58"),
    CHECK(SPACE_TO_BATCH_ND, "rank(in(0)) < 3", "input has fewer than 3 dimensions",
          "space_to_batch_nd.cc:60"),
    CHECK(SPACE_TO_BATCH_ND, "rank(out(0)) < 3", "output has fewer than 3 dimensions",
          "space_to_batch_nd.cc:61"),
    CHECK(SPACE_TO_BATCH_ND, "rank(in(0)) > 4", "input has more than 4 dimensions",
          "space_to_batch_nd.cc:62"),
    CHECK(SPACE_TO_BATCH_ND, "rank(out(0)) > 4", "output has more than 4 dimensions",
          "space_to_batch_nd.cc:63"),
    CHECK(SPACE_TO_BATCH_ND, "type(in(0)) != type(out(0))", "input and output types differ",
          "space_to_batch_nd.cc:64"),

    /* SpaceToDepth's Prepare: FLOAT32 and INT8; the output's dims are copied to the tail and
     * rewritten. */
    PARSE(SPACE_TO_DEPTH, "TfLiteSpaceToDepthParams", FBC "2630"),
    CHECK(SPACE_TO_DEPTH, "n_in != 1", "SPACE_TO_DEPTH needs 1 input", "space_to_depth.cc:40"),
    CHECK(SPACE_TO_DEPTH, "n_out != 1", "SPACE_TO_DEPTH needs 1 output", "space_to_depth.cc:41"),
    TEMP(SPACE_TO_DEPTH, "in(0)", "space_to_depth.cc:46"),
    NEED(SPACE_TO_DEPTH, "in(0)", "input (input 0)", "space_to_depth.cc:47"),
    TEMP(SPACE_TO_DEPTH, "out(0)", "space_to_depth.cc:49"),
    NEED(SPACE_TO_DEPTH, "out(0)", "output (output 0)", "space_to_depth.cc:50"),
    CHECK(SPACE_TO_DEPTH, "rank(in(0)) != 4", "input does not have 4 dimensions",
          "space_to_depth.cc:52"),
    CHECK(SPACE_TO_DEPTH, "type(out(0)) != FLOAT32 && type(out(0)) != INT8",
          "output type is not FLOAT32 or INT8", "space_to_depth.cc:55"),
    CHECK(SPACE_TO_DEPTH, "type(in(0)) != type(out(0))", "input and output types differ",
          "space_to_depth.cc:57"),
    CHECK(SPACE_TO_DEPTH, "block_size == 0", "a block size of 0 (TFLM divides by it)",
          "space_to_depth.cc:62"),
    CHECK(SPACE_TO_DEPTH, "dim(in(0), 1) != dim(in(0), 1) / block_size * block_size",
          "the block size does not divide the input height", "space_to_depth.cc:65"),
    CHECK(SPACE_TO_DEPTH, "dim(in(0), 2) != dim(in(0), 2) / block_size * block_size",
          "the block size does not divide the input width", "space_to_depth.cc:66"),
    KEEP(SPACE_TO_DEPTH, NULL, "sizeof(TfLiteIntArray) + 4 * rank(out(0))",
         "output dims (writable copy)", "kernel_util.cc:137"),
    CHECK(SPACE_TO_DEPTH, "dim(in(0), 0) <= 0 || dim(in(0), 1) / block_size <= 0 || "
          "dim(in(0), 2) / block_size <= 0 || dim(in(0), 3) * block_size * block_size <= 0",
          "the output has a dimension <= 0 (a dynamic tensor)", "tensorflow/lite/micro/micro_interpreter_graph.cc:165"),

    PARSE(SPLIT, "TfLiteSplitParams", FBC "2655"),
    TEMP(SPLIT, "in(0)", "split.cc:72"),
    CHECK(SPLIT, "!constant(in(0))", "the axis is not constant", "split.cc:78"),

    /* SplitVPrepare: the axis (input 2) only. */
    PARSE(SPLIT_V, "TfLiteSplitVParams", FBC "2679"),
    CHECK(SPLIT_V, "n_in != 3", "SPLIT_V needs 3 inputs", "split_v.cc:75"),
    TEMP(SPLIT_V, "in(2)", "split_v.cc:81"),
    NEED(SPLIT_V, "in(2)", "axis (input 2)", "split_v.cc:82"),
    CHECK(SPLIT_V, "!constant(in(2))", "non-constant axis", "split_v.cc:82"),

    PARSE(SQRT, NULL, FBC "2764"),
    GENERIC_PREPARE(SQRT),

    PARSE(SQUARE, NULL, FBC "2772"),
    GENERIC_PREPARE(SQUARE),

    PARSE(SQUARED_DIFFERENCE, NULL, FBC "2780"),
    INIT(SQUARED_DIFFERENCE, "sizeof(OpDataSquaredDifference)", "OpData",
         "squared_difference.cc:44"),
    CHECK(SQUARED_DIFFERENCE, "n_in != 2", "SQUARED_DIFFERENCE needs 2 inputs",
          "squared_difference.cc:91"),
    CHECK(SQUARED_DIFFERENCE, "n_out != 1", "SQUARED_DIFFERENCE needs 1 output",
          "squared_difference.cc:92"),
    TEMP(SQUARED_DIFFERENCE, "in(0)", "squared_difference.cc:97"),
    NEED(SQUARED_DIFFERENCE, "in(0)", "input 0", "squared_difference.cc:98"),
    TEMP(SQUARED_DIFFERENCE, "in(1)", "squared_difference.cc:100"),
    NEED(SQUARED_DIFFERENCE, "in(1)", "input 1", "squared_difference.cc:101"),
    TEMP(SQUARED_DIFFERENCE, "out(0)", "squared_difference.cc:103"),
    NEED(SQUARED_DIFFERENCE, "out(0)", "output (output 0)", "squared_difference.cc:104"),
    CHECK(SQUARED_DIFFERENCE, "type(in(0)) != type(in(1))", "input types differ",
          "squared_difference.cc:106"),
    CHECK(SQUARED_DIFFERENCE, "type(in(0)) == INT8 && (zero_point(in(0)) < -128 || "
          "zero_point(in(0)) > 127)", "input 0's zero point outside INT8's range",
          "squared_difference.cc:115"),
    CHECK(SQUARED_DIFFERENCE, "type(in(0)) == INT8 && (zero_point(in(1)) < -128 || "
          "zero_point(in(1)) > 127)", "input 1's zero point outside INT8's range",
          "squared_difference.cc:119"),
    CHECK(SQUARED_DIFFERENCE, "type(in(0)) == INT8 && (zero_point(out(0)) < -128 || "
          "zero_point(out(0)) > 127)", "output zero point outside INT8's range",
          "squared_difference.cc:123"),
    CHECK(SQUARED_DIFFERENCE, "type(in(0)) == INT16 && zero_point(in(0)) != 0",
          "INT16 input 0's zero point is not 0", "squared_difference.cc:136"),
    CHECK(SQUARED_DIFFERENCE, "type(in(0)) == INT16 && zero_point(in(1)) != 0",
          "INT16 input 1's zero point is not 0", "squared_difference.cc:137"),
    CHECK(SQUARED_DIFFERENCE, "type(in(0)) == INT16 && zero_point(out(0)) != 0",
          "INT16 output zero point is not 0", "squared_difference.cc:138"),
    /* PrepareQuantized: an input multiplier of scale / (2 * max scale) must be in (0, 1) for
     * QuantizeMultiplierSmallerThanOneExp's TFLITE_CHECKs. */
    ABORT(SQUARED_DIFFERENCE, "(type(in(0)) == INT8 || type(in(0)) == INT16) && "
          "(scale_cmp(in(0), 0, 1) <= 0 || scale_cmp(in(1), 0, 1) <= 0)",
          "an input scale that is not positive: a TFLITE_CHECK aborts",
          "squared_difference.cc:72"),

    /* A squeeze dimension counted from the end (negative) is one past the rank less. */
    DEF(SQUEEZE, "sq", "squeeze_dim(j) < 0 ? squeeze_dim(j) + rank(in(0)) : squeeze_dim(j)"),
    PARSE(SQUEEZE, "TfLiteSqueezeParams", FBC "2728"),
    CHECK(SQUEEZE, "n_squeeze_dims > 8", "more than 8 squeeze dimensions (the parser fails)",
          FBC "2744"),
    CHECK(SQUEEZE, "n_in != 1", "SQUEEZE needs 1 input", "squeeze.cc:48"),
    CHECK(SQUEEZE, "n_out != 1", "SQUEEZE needs 1 output", "squeeze.cc:49"),
    TEMP(SQUEEZE, "in(0)", "squeeze.cc:34"),
    TEMP(SQUEEZE, "out(0)", "squeeze.cc:35"),
    ABORT(SQUEEZE, "!exists(in(0))", "missing input (input 0): a null pointer read",
          "squeeze.cc:52"),
    ABORT(SQUEEZE, "!exists(out(0))", "missing output (output 0): a null pointer read",
          "squeeze.cc:57"),
    CHECK(SQUEEZE, "rank(in(0)) > 8", "input has more than 8 dimensions", "squeeze.cc:61"),
    CHECK(SQUEEZE, "any(n_squeeze_dims, sq < 0 || sq >= rank(in(0)) || dim(in(0), sq) != 1)",
          "a squeeze dimension past the input's or not of size 1", "squeeze.cc:74"),

    PARSE(STRIDED_SLICE, "TfLiteStridedSliceParams", FBC "2785"),
    INIT(STRIDED_SLICE, "sizeof(StridedSliceParams)", "StridedSliceParams",
         "strided_slice_common.cc:132"),
    TEMP(STRIDED_SLICE, "in(0)", "strided_slice_common.cc:37"),
    TEMP(STRIDED_SLICE, "in(1)", "strided_slice_common.cc:39"),
    TEMP(STRIDED_SLICE, "in(2)", "strided_slice_common.cc:40"),
    TEMP(STRIDED_SLICE, "in(3)", "strided_slice_common.cc:41"),
    TEMP(STRIDED_SLICE, "out(0)", "strided_slice_common.cc:43"),
    CHECK(STRIDED_SLICE, "rank(in(0)) > 4", "the input has more than 4 dimensions",
          "strided_slice_common.cc:142"),
    CHECK(STRIDED_SLICE, "!constant(in(1))", "begin is not constant", "strided_slice_common.cc:144"),

    PARSE(SUB, "TfLiteSubParams", FBC "2817"),
    INIT(SUB, "sizeof(OpDataSub)", "OpDataSub", "sub.cc:36"),
    TEMP(SUB, "in(0)", "sub_common.cc:89"),
    TEMP(SUB, "in(1)", "sub_common.cc:92"),
    TEMP(SUB, "out(0)", "sub_common.cc:95"),
    CHECK(SUB, "type(out(0)) == INT32 && quantized(in(0))", "an INT32 SUB with quantized input 1",
          "sub_common.cc:103"),
    CHECK(SUB, "type(out(0)) == INT32 && quantized(in(1))", "an INT32 SUB with quantized input 2",
          "sub_common.cc:105"),

    /* PrepareMeanOrSumHelper, then PrepareSimple (as MEAN); sums for INT8/INT16. */
    PARSE(SUM, "TfLiteReducerParams", FBC "2017"),
    INIT(SUM, "sizeof(OpDataReduce)", "OpDataReduce", "reduce.cc:35"),
    TEMP(SUM, "in(0)", "reduce_common.cc:226"),
    TEMP(SUM, "out(0)", "reduce_common.cc:227"),
    TEMP(SUM, "in(1)", "reduce_common.cc:228"),
    ABORT(SUM, "!exists(in(0))", "missing input (input 0): a null pointer read",
          "reduce_common.cc:226"),
    ABORT(SUM, "!exists(in(1))", "missing axis (input 1): a null pointer read",
          "reduce_common.cc:228"),
    ABORT(SUM, "!exists(out(0))", "missing output (output 0): a null pointer read",
          "reduce_common.cc:227"),
    SCRATCH(SUM, "type(in(0)) == INT8 || type(in(0)) == INT16", "4 * elements(out(0))",
            "int32 sums", "reduce_common.cc:239"),
    SCRATCH(SUM, NULL, "4 * rank(in(0))", "temp index", "reduce_common.cc:247"),
    SCRATCH(SUM, NULL, "4 * elements(in(1))", "resolved axes", "reduce_common.cc:249"),
    TEMP(SUM, "in(0)", "reduce_common.cc:40"),
    CHECK(SUM, "n_in != 2", "SUM needs 2 inputs", "reduce_common.cc:46"),
    CHECK(SUM, "n_out != 1", "SUM needs 1 output", "reduce_common.cc:47"),
    TEMP(SUM, "in(1)", "reduce_common.cc:50"),
    CHECK(SUM, "type(in(1)) != INT32", "axis type is not INT32", "reduce_common.cc:52"),
    TEMP_IF(SUM, "type(in(0)) == INT8", "out(0)", "reduce_common.cc:55"),

    /* PrepareSvdf: INT8 keeps int32 filter and unit outputs, FLOAT32 float filter outputs
     * (num_units = num_filters / rank). */
    PARSE(SVDF, "TfLiteSVDFParams", FBC "2842"),
    INIT(SVDF, "sizeof(OpDataSvdf)", "OpDataSvdf", "svdf.cc:37"),
    TEMP(SVDF, "in(0)", "svdf_common.cc:378"),
    TEMP(SVDF, "in(1)", "svdf_common.cc:381"),
    TEMP(SVDF, "in(2)", "svdf_common.cc:384"),
    TEMP(SVDF, "in(3)", "svdf_common.cc:387"),
    TEMP(SVDF, "in(4)", "svdf_common.cc:388"),
    TEMP(SVDF, "out(0)", "svdf_common.cc:410"),
    CHECK(SVDF, "n_in < 5 || !exists(in(4))", "missing activation state (input 4)",
          "svdf_common.cc:390"),
    NEED(SVDF, "in(0)", "input (input 0)", "svdf_common.cc:378"),
    CHECK(SVDF, "rank(in(0)) < 2", "too few dimensions in input (input 0)", "svdf_common.cc:404"),
    NEED(SVDF, "in(1)", "weights_feature (input 1)", "svdf_common.cc:381"),
    CHECK(SVDF, "rank(in(1)) < 1", "too few dimensions in weights_feature (input 1)",
          "svdf_common.cc:417"),
    CHECK(SVDF, "svdf_rank <= 0 || dim(in(1), 0) % svdf_rank != 0",
          "the SVDF rank does not divide the filter count", "svdf_common.cc:397"),
    CHECK(SVDF, "type(in(0)) != INT8 && type(in(0)) != FLOAT32",
          "input type is not FLOAT32 or INT8", "svdf_common.cc:403"),
    CHECK(SVDF, "rank(out(0)) == 2 && dim(out(0), 1) != dim(in(1), 0) / svdf_rank",
          "the output's units are not filters / rank", "svdf_common.cc:414"),
    CHECK(SVDF, "!variable(in(4))", "the activation state is not a variable", "svdf_common.cc:436"),
    CHECK(SVDF, "type(in(0)) == FLOAT32 && type(in(1)) != FLOAT32",
          "a FLOAT32 SVDF's weights_feature is not FLOAT32 (hybrid)", "svdf_common.cc:492"),
    SCRATCH(SVDF, "type(in(0)) == INT8", "dim(in(0), 0) * dim(in(1), 0) * 4",
            "int32 filter outputs", "svdf_common.cc:481"),
    SCRATCH(SVDF, "type(in(0)) == INT8", "dim(in(0), 0) * (dim(in(1), 0) / svdf_rank) * 4",
            "int32 unit outputs", "svdf_common.cc:487"),
    SCRATCH(SVDF, "type(in(0)) == FLOAT32", "dim(in(0), 0) * dim(in(1), 0) * 4",
            "float filter outputs", "svdf_common.cc:501"),

    /* TanhPrepare: a temporary input, then CalculateArithmeticOpData's. */
    PARSE(TANH, NULL, FBC "2872"),
    INIT(TANH, "sizeof(OpDataTanh)", "OpData", "tanh.cc:46"),
    TEMP(TANH, "in(0)", "tanh.cc:141"),
    NEED(TANH, "in(0)", "input (input 0)", "tanh.cc:142"),
    CHECK(TANH, "n_in != 1", "TANH needs 1 input", "tanh.cc:52"),
    CHECK(TANH, "n_out != 1", "TANH needs 1 output", "tanh.cc:53"),
    TEMP(TANH, "in(0)", "tanh.cc:55"),
    TEMP(TANH, "out(0)", "tanh.cc:58"),
    NEED(TANH, "out(0)", "output (output 0)", "tanh.cc:59"),
    CHECK(TANH, "type(in(0)) != type(out(0))", "input and output types differ", "tanh.cc:61"),
    CHECK(TANH, "type(in(0)) == INT16 && zero_point(in(0)) != 0", "INT16 input zero point is not 0",
          "tanh.cc:89"),
    CHECK(TANH, "type(in(0)) == INT16 && zero_point(out(0)) != 0",
          "INT16 output zero point is not 0", "tanh.cc:90"),
    /* The input multiplier (scale * 3 * 4096 doubled up to 32767) for a scale that is not 2^-12
     * or 2^-11: a TFLITE_DCHECK_LE (tanh.cc:121) when it starts above 32767. */
    ABORT(TANH, "dcheck && type(in(0)) == INT16 && !(pot_scale(in(0)) && "
          "(log2_scale(in(0)) == -12 || log2_scale(in(0)) == -11)) && "
          "scale_cmp(in(0), 32767, 12288) > 0",
          "INT16 input scale above 32767 / 12288: a TFLITE_DCHECK aborts", "tanh.cc:121"),
    CHECK(TANH, "type(in(0)) == INT16 && !pot_scale(out(0))",
          "INT16 output scale is not a power of two", "tanh.cc:123"),
    CHECK(TANH, "type(in(0)) == INT16 && log2_scale(out(0)) != -15",
          "INT16 output scale is not 2^-15", "tanh.cc:125"),

    PARSE(TRANSPOSE, NULL, FBC "2880"),
    TEMP(TRANSPOSE, "in(0)", "transpose.h:30"),
    TEMP(TRANSPOSE, "in(1)", "transpose.h:31"),
    TEMP(TRANSPOSE, "out(0)", "transpose.h:33"),
    CHECK(TRANSPOSE, "rank(in(0)) > 5", "the input has more than 5 dimensions",
          "transpose_common.cc:33"),
    CHECK(TRANSPOSE, "!constant(in(1))", "the permutation is not constant", "transpose_common.cc:37"),

    /* TransposeConvPrepare: INT8 input, int32 accumulators one per output element; INT16,
     * int64 ones, then (INT16 bias) the bias widened to int64 (CalculateOpData). */
    PARSE(TRANSPOSE_CONV, "TfLiteTransposeConvParams", FBC "2885"),
    INIT(TRANSPOSE_CONV, "sizeof(OpDataTransposeConv)", "OpData", "transpose_conv.cc:149"),
    TRANSPOSE_CONV_PREPARE("transpose_conv.cc", "163", "166", "169", "187", "190", "101", "103",
                           "107", "108"),
    NEED(TRANSPOSE_CONV, "in(2)", "input (input 2)", "transpose_conv.cc:166"),
    NEED(TRANSPOSE_CONV, "out(0)", "output (output 0)", "transpose_conv.cc:163"),
    NEED(TRANSPOSE_CONV, "in(1)", "filter (input 1)", "transpose_conv.cc:169"),
    CHECK(TRANSPOSE_CONV, "!(type(in(2)) == type(in(1)) || type(in(2)) == INT16 && type(in(1)) == INT8)",
          "hybrid models are not supported (input and filter types)", "transpose_conv.cc:172"),
    SCRATCH(TRANSPOSE_CONV, "type(in(2)) == INT8", "4 * elements(out(0))", "int32 accumulators",
            "transpose_conv.cc:196"),
    SCRATCH(TRANSPOSE_CONV, "type(in(2)) == INT16", "8 * elements(out(0))", "int64 accumulators",
            "transpose_conv.cc:205"),
    CHECK(TRANSPOSE_CONV, "(type(in(2)) == INT8 || type(in(2)) == INT16) && !quantized(in(1))",
          "the filter is not quantized", "transpose_conv.cc:213"),
    SCRATCH(TRANSPOSE_CONV, "type(in(2)) == INT16 && exists(in(3)) && type(in(3)) == INT16",
            "8 * elements(in(3))", "bias widened to int64", "transpose_conv.cc:130"),

    /* UnidirectionalSequenceLstmPrepare: four gate buffers of batch * state elements of the cell
     * state's type; batch from the input (dimension 1 when time-major), state from the output
     * state (input 18). */
    PARSE(UNIDIRECTIONAL_SEQUENCE_LSTM, "TfLiteUnidirectionalSequenceLSTMParams", FBC "2703"),
    DEF(UNIDIRECTIONAL_SEQUENCE_LSTM, "gate",
        "(time_major ? dim(in(0), 1) : dim(in(0), 0)) * dim(in(18), 1) * "
        "(type(in(19)) == FLOAT32 ? 4 : 2)"),
    INIT(UNIDIRECTIONAL_SEQUENCE_LSTM, "sizeof(OpDataLSTM)", "OpDataLSTM",
         "unidirectional_sequence_lstm.cc:40"),
    LSTM_PREPARE,
    CHECK(UNIDIRECTIONAL_SEQUENCE_LSTM, "n_in != 24", "an LSTM needs 24 inputs",
          "unidirectional_sequence_lstm.cc:46"),
    CHECK(UNIDIRECTIONAL_SEQUENCE_LSTM, "!variable(in(19))", "the cell state (input 19) is not a "
          "variable", "lstm_eval.cc:68"),
    LSTM_NEED(1), LSTM_NEED(2), LSTM_NEED(3), LSTM_NEED(4), LSTM_NEED(5), LSTM_NEED(6),
    LSTM_NEED(7), LSTM_NEED(8),
    LSTM_NONE(9, "peephole", "92"), LSTM_NONE(10, "peephole", "92"),
    LSTM_NONE(11, "peephole", "92"), LSTM_NONE(16, "projection", "96"),
    LSTM_NONE(17, "projection", "96"), LSTM_NONE(20, "layer normalization", "100"),
    LSTM_NONE(21, "layer normalization", "100"), LSTM_NONE(22, "layer normalization", "100"),
    LSTM_NONE(23, "layer normalization", "100"),
    CHECK(UNIDIRECTIONAL_SEQUENCE_LSTM, "exists(out(0)) && rank(out(0)) != 3",
          "the output does not have 3 dimensions", "lstm_eval_common.cc:91"),
    NEED(UNIDIRECTIONAL_SEQUENCE_LSTM, "in(0)", "input (input 0)", "lstm_eval.cc:35"),
    CHECK(UNIDIRECTIONAL_SEQUENCE_LSTM, "rank(in(0)) < 3", "too few dimensions in input (input 0)",
          "unidirectional_sequence_lstm.cc:60"),
    NEED(UNIDIRECTIONAL_SEQUENCE_LSTM, "in(18)", "output state (input 18)", "lstm_eval.cc:35"),
    CHECK(UNIDIRECTIONAL_SEQUENCE_LSTM, "rank(in(18)) < 2",
          "too few dimensions in output state (input 18)", "unidirectional_sequence_lstm.cc:60"),
    NEED(UNIDIRECTIONAL_SEQUENCE_LSTM, "in(19)", "cell state (input 19)", "lstm_eval.cc:35"),
    CHECK(UNIDIRECTIONAL_SEQUENCE_LSTM, "type(in(19)) != FLOAT32 && type(in(19)) != INT16",
          "cell state type is not FLOAT32 or INT16", "unidirectional_sequence_lstm.cc:80"),
    SCRATCH(UNIDIRECTIONAL_SEQUENCE_LSTM, NULL, "gate", "gate buffer 0",
            "unidirectional_sequence_lstm.cc:88"),
    SCRATCH(UNIDIRECTIONAL_SEQUENCE_LSTM, NULL, "gate", "gate buffer 1",
            "unidirectional_sequence_lstm.cc:88"),
    SCRATCH(UNIDIRECTIONAL_SEQUENCE_LSTM, NULL, "gate", "gate buffer 2",
            "unidirectional_sequence_lstm.cc:88"),
    SCRATCH(UNIDIRECTIONAL_SEQUENCE_LSTM, NULL, "gate", "gate buffer 3",
            "unidirectional_sequence_lstm.cc:88"),

    PARSE(UNPACK, "TfLiteUnpackParams", FBC "2917"),
    NONE(UNPACK, "unpack.cc:108"),

    /* VarHandlePrepare points the output at the kernel's resource id. */
    PARSE(VAR_HANDLE, "TfLiteVarHandleParams", FBC "2942"),
    INIT(VAR_HANDLE, "sizeof(OpDataVarHandle)", "OpData", "var_handle.cc:41"),
    CHECK(VAR_HANDLE, "n_out == 0", "VAR_HANDLE has no output", "var_handle.cc:65"),
    OWN(VAR_HANDLE, "out(0)", "the resource id", "var_handle.cc:70"),

    PARSE(WHILE, "TfLiteWhileParams", FBC "2973"),
    INIT(WHILE, "sizeof(OpDataWhile)", "OpData", "while.cc:41"),



    PARSE(ZEROS_LIKE, NULL, FBC "3001"),
    CHECK(ZEROS_LIKE, "n_in != 1", "ZEROS_LIKE needs 1 input", "zeros_like.cc:31"),
    CHECK(ZEROS_LIKE, "n_out != 1", "ZEROS_LIKE needs 1 output", "zeros_like.cc:32"),
    TEMP(ZEROS_LIKE, "in(0)", "zeros_like.cc:34"),
    NEED(ZEROS_LIKE, "in(0)", "input (input 0)", "zeros_like.cc:35"),
    TEMP(ZEROS_LIKE, "out(0)", "zeros_like.cc:37"),
    NEED(ZEROS_LIKE, "out(0)", "output (output 0)", "zeros_like.cc:38"),

    /* ---- Custom operators: the signal library, detection, Ethos-U ---------------------------- */

    /* Ethos-U's Prepare: a uint64 base address and a size_t size per input and output. */
    CHECK(ETHOS_U, "n_in == 0", "ethos-u has no inputs", "ethos_u/ethosu.cc:42"),
    SCRATCH(ETHOS_U, NULL, "(n_in + n_out) * 8", "base addresses", "ethos_u/ethosu.cc:50"),
    SCRATCH(ETHOS_U, NULL, "(n_in + n_out) * ptr", "base address sizes", "ethos_u/ethosu.cc:52"),

    /* DetectionPostProcessPrepare: eleven buffers from the box count (input 0 dimension 1),
     * the class predictions (input 1) and the options max_detections and num_classes. */
    DEF(TFLITE_DETECTION_POSTPROCESS, "boxes", "dim(in(0), 1)"),
    DEF(TFLITE_DETECTION_POSTPROCESS, "maxdet", "copt(\"max_detections\")"),
    DEF(TFLITE_DETECTION_POSTPROCESS, "ncls", "copt(\"num_classes\")"),
    NEED(TFLITE_DETECTION_POSTPROCESS, "in(0)", "box encodings (input 0)",
         "detection_postprocess.cc:162"),
    CHECK(TFLITE_DETECTION_POSTPROCESS, "rank(in(0)) < 3",
          "too few dimensions in box encodings (input 0)", "detection_postprocess.cc:168"),
    NEED(TFLITE_DETECTION_POSTPROCESS, "in(1)", "class predictions (input 1)",
         "detection_postprocess.cc:164"),
    CHECK(TFLITE_DETECTION_POSTPROCESS, "rank(in(1)) < 3",
          "too few dimensions in class predictions (input 1)", "detection_postprocess.cc:169"),
    CHECK(TFLITE_DETECTION_POSTPROCESS, "!has_copt(\"max_detections\") || "
          "!has_copt(\"num_classes\")", "custom options lack max_detections or num_classes",
          "detection_postprocess.cc:144"),
    CHECK(TFLITE_DETECTION_POSTPROCESS, "maxdet < 0 || ncls < 0 || maxdet > 2147483647 || "
          "ncls > 2147483647", "negative max_detections or num_classes",
          "detection_postprocess.cc:130"),
    SCRATCH(TFLITE_DETECTION_POSTPROCESS, NULL, "boxes", "active candidates",
            "detection_postprocess.cc:187"),
    SCRATCH(TFLITE_DETECTION_POSTPROCESS, NULL, "boxes * 4 * 4", "decoded boxes",
            "detection_postprocess.cc:189"),
    SCRATCH(TFLITE_DETECTION_POSTPROCESS, NULL, "dim(in(1), 1) * dim(in(1), 2) * 4", "scores",
            "detection_postprocess.cc:192"),
    SCRATCH(TFLITE_DETECTION_POSTPROCESS, NULL, "boxes * 4", "score buffer",
            "detection_postprocess.cc:199"),
    SCRATCH(TFLITE_DETECTION_POSTPROCESS, NULL, "boxes * 4", "kept scores",
            "detection_postprocess.cc:201"),
    SCRATCH(TFLITE_DETECTION_POSTPROCESS, NULL, "maxdet * boxes * 4", "scores after NMS",
            "detection_postprocess.cc:203"),
    SCRATCH(TFLITE_DETECTION_POSTPROCESS, NULL, "maxdet * boxes * 4", "sorted values",
            "detection_postprocess.cc:206"),
    SCRATCH(TFLITE_DETECTION_POSTPROCESS, NULL, "boxes * 4", "kept indices",
            "detection_postprocess.cc:209"),
    SCRATCH(TFLITE_DETECTION_POSTPROCESS, NULL, "maxdet * boxes * 4", "sorted indices",
            "detection_postprocess.cc:211"),
    SCRATCH(TFLITE_DETECTION_POSTPROCESS, NULL, "max(ncls, maxdet) * boxes * 4", "buffer",
            "detection_postprocess.cc:215"),
    SCRATCH(TFLITE_DETECTION_POSTPROCESS, NULL, "min(boxes, maxdet) * boxes * 4", "selected",
            "detection_postprocess.cc:218"),

    INIT(SIGNAL_ENERGY, "sizeof(TFLMSignalEnergyParams)", "TFLMSignalEnergyParams",
         SIG "energy.cc:49"),
    TEMP(SIGNAL_ENERGY, "in(0)", SIG "energy.cc:69"),
    TEMP(SIGNAL_ENERGY, "out(0)", SIG "energy.cc:72"),
    CHECK(SIGNAL_ENERGY, "rank(in(0)) != 1", "the input does not have 1 dimension",
          SIG "energy.cc:75"),

    TEMP(SIGNAL_FFT_AUTO_SCALE, "in(0)", SIG "fft_auto_scale_common.cc:31"),
    TEMP(SIGNAL_FFT_AUTO_SCALE, "out(0)", SIG "fft_auto_scale_common.cc:34"),
    TEMP(SIGNAL_FFT_AUTO_SCALE, "out(1)", SIG "fft_auto_scale_common.cc:37"),
    CHECK(SIGNAL_FFT_AUTO_SCALE, "type(in(0)) != INT16", "the input is not INT16",
          SIG "fft_auto_scale_common.cc:44"),

    INIT(SIGNAL_FILTER_BANK, "sizeof(TFLMSignalFilterBankParams)", "TFLMSignalFilterBankParams",
         SIG "filter_bank.cc:54"),
    INIT(SIGNAL_FILTER_BANK, "8 * (copt(\"num_channels\") + 1)", "work area",
         SIG "filter_bank.cc:64"),
    TEMP_EACH(SIGNAL_FILTER_BANK, "6", "in(i)", SIG "filter_bank.cc:80"),
    TEMP(SIGNAL_FILTER_BANK, "out(0)", SIG "filter_bank.cc:117"),
    CHECK(SIGNAL_FILTER_BANK, "type(in(0)) != UINT32", "the input is not UINT32",
          SIG "filter_bank.cc:83"),

    INIT(SIGNAL_FILTER_BANK_LOG, "sizeof(TFLMSignalLogParams)", "TFLMSignalLogParams",
         SIG "filter_bank_log.cc:50"),
    TEMP(SIGNAL_FILTER_BANK_LOG, "in(0)", SIG "filter_bank_log.cc:69"),
    TEMP(SIGNAL_FILTER_BANK_LOG, "out(0)", SIG "filter_bank_log.cc:71"),

    TEMP(SIGNAL_FILTER_BANK_SQUARE_ROOT, "in(0)", SIG "filter_bank_square_root_common.cc:33"),
    TEMP(SIGNAL_FILTER_BANK_SQUARE_ROOT, "in(1)", SIG "filter_bank_square_root_common.cc:35"),
    TEMP(SIGNAL_FILTER_BANK_SQUARE_ROOT, "out(0)", SIG "filter_bank_square_root_common.cc:37"),
    CHECK(SIGNAL_FILTER_BANK_SQUARE_ROOT, "rank(in(1)) != 0", "the scale bits are not a scalar",
          SIG "filter_bank_square_root_common.cc:43"),

    INIT(SIGNAL_FILTER_BANK_SPECTRAL_SUBTRACTION, "sizeof(TFLMSignalSpectralSubtractionParams)",
         "TFLMSignalSpectralSubtractionParams", SIG "filter_bank_spectral_subtraction.cc:65"),
    INIT(SIGNAL_FILTER_BANK_SPECTRAL_SUBTRACTION, "4 * copt(\"num_channels\")", "noise estimate",
         SIG "filter_bank_spectral_subtraction.cc:91"),
    TEMP(SIGNAL_FILTER_BANK_SPECTRAL_SUBTRACTION, "in(0)",
         SIG "filter_bank_spectral_subtraction.cc:109"),
    TEMP(SIGNAL_FILTER_BANK_SPECTRAL_SUBTRACTION, "out(0)",
         SIG "filter_bank_spectral_subtraction.cc:111"),
    TEMP(SIGNAL_FILTER_BANK_SPECTRAL_SUBTRACTION, "out(1)",
         SIG "filter_bank_spectral_subtraction.cc:113"),

    INIT(SIGNAL_PCAN, "sizeof(TfLitePcanParams)", "TfLitePcanParams", SIG "pcan.cc:47"),
    TEMP(SIGNAL_PCAN, "in(0)", SIG "pcan.cc:62"),
    TEMP(SIGNAL_PCAN, "in(1)", SIG "pcan.cc:65"),
    TEMP(SIGNAL_PCAN, "in(2)", SIG "pcan.cc:68"),
    TEMP(SIGNAL_PCAN, "out(0)", SIG "pcan.cc:71"),

    /* RfftInitAll: the params only for T = INT16, INT32 or FLOAT32 (else Init returns NULL).
     * RfftPrepare: a work area of fft_length elements of the input's type; fft_length from the
     * custom options or, without it, from the output: fft_length / 2 + 1 complex values. */
    DEF(SIGNAL_RFFT, "fft", "has_copt(\"fft_length\") ? copt(\"fft_length\") : "
                            "(dim(out(0), rank(out(0)) - 1) / 2 - 1) * 2"),
    INIT_IF(SIGNAL_RFFT, "copt(\"T\") == INT16 || copt(\"T\") == INT32 || copt(\"T\") == FLOAT32",
            "sizeof(TfLiteAudioFrontendRfftParams)", "TfLiteAudioFrontendRfftParams",
            SIG "rfft.cc:62"),
    RFFT_STATE(INT16, "4"), RFFT_STATE(INT32, "8"), RFFT_STATE(FLOAT32, "8"),
    TEMP(SIGNAL_RFFT, "in(0)", SIG "rfft.cc:83"),
    TEMP(SIGNAL_RFFT, "out(0)", SIG "rfft.cc:86"),
    NEED(SIGNAL_RFFT, "in(0)", "input (input 0)", SIG "rfft.cc:83"),
    NEED(SIGNAL_RFFT, "out(0)", "output (output 0)", SIG "rfft.cc:86"),
    CHECK(SIGNAL_RFFT, "has_copt(\"T\") && type(in(0)) != copt(\"T\")", "the input's type is not T",
          SIG "rfft.cc:91"),
    CHECK(SIGNAL_RFFT, "has_copt(\"T\") && type(out(0)) != copt(\"T\")", "the output's type is not T",
          SIG "rfft.cc:92"),
    CHECK(SIGNAL_RFFT, "rank(out(0)) < 1", "too few dimensions in output (output 0)",
          SIG "rfft.cc:89"),
    CHECK(SIGNAL_RFFT, "type(in(0)) != INT16 && type(in(0)) != INT32 && type(in(0)) != FLOAT32",
          "input type is not INT16, INT32 or FLOAT32", SIG "rfft.cc:168"),
    CHECK(SIGNAL_RFFT, "fft < 0 || fft > 2147483647", "a negative fft_length", SIG "rfft.cc:66"),
    SCRATCH(SIGNAL_RFFT, NULL, "fft * (type(in(0)) == INT16 ? 2 : 4)", "FFT work area",
            SIG "rfft.cc:104"),

    INIT(SIGNAL_WINDOW, "sizeof(TFLMSignalWindowParams)", "TFLMSignalWindowParams",
         SIG "window.cc:48"),
    TEMP(SIGNAL_WINDOW, "in(0)", SIG "window.cc:63"),
    TEMP(SIGNAL_WINDOW, "in(1)", SIG "window.cc:66"),
    TEMP(SIGNAL_WINDOW, "out(0)", SIG "window.cc:69"),
};

const ap__ktable ap__reference_table = {"reference", rows, sizeof rows / sizeof rows[0], NULL};
