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

/* The inverse FFT's state for T = type, scalar size s (IrfftInt16GetNeededMemory & co.): the
 * kissfft real FFT state as RFFT_STATE sizes it, none for an odd fft_length (kiss_fftr_alloc
 * returns before it sizes anything: a 0-byte buffer), after `extra` bytes (FLOAT32's
 * IrfftFloatState). */
#define IRFFT_STATE(type, s, extra)                                                          \
    INIT_IF(SIGNAL_IRFFT, "copt(\"T\") == " #type,                                         \
            extra " + (copt(\"fft_length\") % 2 != 0 ? 0 : sizeof(kiss_fftr_state) + "     \
            "sizeof(kiss_fft_state_" #type ") + " s " * (copt(\"fft_length\") / 2 - 1) + " s  \
            " * ((copt(\"fft_length\") / 2) * 3 / 2))",                                    \
            "inverse FFT state", SIG "irfft.cc:71")

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

    NEED(MIRROR_PAD, "in(0)", "input (input 0)", "mirror_pad.cc:175"),
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

    NEED(REDUCE_MAX, "in(0)", "input (input 0)", "reduce_common.cc:202"),
    NEED(REDUCE_MAX, "in(1)", "axis (input 1)", "reduce_common.cc:204"),
    SCRATCH(REDUCE_MAX, NULL, "4 * rank(in(0))", "temp index", "reduce_common.cc:211"),
    SCRATCH(REDUCE_MAX, NULL, "4 * elements(in(1))", "resolved axes", "reduce_common.cc:213"),

    NEED(REDUCE_MIN, "in(0)", "input (input 0)", "reduce_common.cc:202"),
    NEED(REDUCE_MIN, "in(1)", "axis (input 1)", "reduce_common.cc:204"),
    SCRATCH(REDUCE_MIN, NULL, "4 * rank(in(0))", "temp index", "reduce_common.cc:211"),
    SCRATCH(REDUCE_MIN, NULL, "4 * elements(in(1))", "resolved axes", "reduce_common.cc:213"),

    /* A -1 in the output shape would make ReshapeOutput copy the output's dims to the tail
     * (CreateWritableTensorDimsWithCopy); the reader refuses negative dimensions. */
    PARSE(RESHAPE, "TfLiteReshapeParams", FBC "2059"),
    TEMP(RESHAPE, "in(0)", "reshape_common.cc:36"),
    TEMP(RESHAPE, "out(0)", "reshape_common.cc:39"),
    CHECK(RESHAPE, "type(in(0)) != type(out(0))", "input and output types differ",
          "reshape_common.cc:77"),
    CHECK(RESHAPE, "(n_in == 1 && rank(out(0)) == 1 && dim(out(0), 0) == 0 ? 1 : elements(out(0))) "
          "!= elements(in(0))", "input and output element counts differ", "reshape_common.cc:78"),

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

    PARSE(SHAPE, "TfLiteShapeParams", FBC "2558"),
    NONE(SHAPE, "shape.cc:38"),

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

    PARSE(SPLIT, "TfLiteSplitParams", FBC "2655"),
    TEMP(SPLIT, "in(0)", "split.cc:72"),
    CHECK(SPLIT, "!constant(in(0))", "the axis is not constant", "split.cc:78"),

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

    NEED(SUM, "in(0)", "input (input 0)", "reduce_common.cc:226"),
    NEED(SUM, "in(1)", "axis (input 1)", "reduce_common.cc:228"),
    NEED(SUM, "out(0)", "output (output 0)", "reduce_common.cc:227"),
    SCRATCH(SUM, "type(in(0)) == INT8 || type(in(0)) == INT16", "4 * elements(out(0))",
            "int32 sums", "reduce_common.cc:239"),
    SCRATCH(SUM, NULL, "4 * rank(in(0))", "temp index", "reduce_common.cc:247"),
    SCRATCH(SUM, NULL, "4 * elements(in(1))", "resolved axes", "reduce_common.cc:249"),

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

    /* VarHandlePrepare points the output at the kernel's resource id. */
    PARSE(VAR_HANDLE, "TfLiteVarHandleParams", FBC "2942"),
    INIT(VAR_HANDLE, "sizeof(OpDataVarHandle)", "OpData", "var_handle.cc:41"),
    CHECK(VAR_HANDLE, "n_out == 0", "VAR_HANDLE has no output", "var_handle.cc:65"),
    OWN(VAR_HANDLE, "out(0)", "the resource id", "var_handle.cc:70"),

    PARSE(WHILE, "TfLiteWhileParams", FBC "2973"),
    INIT(WHILE, "sizeof(OpDataWhile)", "OpData", "while.cc:41"),

    /* ---- Custom operators: the signal library, detection, Ethos-U ---------------------------- */

    /* CircularBufferInit: its OpData (cycles_max from the custom options, 0 without them).
     * CircularBufferPrepare: int8 only. The shape checks read dimensions 0 to 3 whatever the
     * ranks: past a rank TFLM reads what follows the dims, which arenaplan cannot know, so the
     * checks are made only where the dimensions exist. */
    INIT(CIRCULAR_BUFFER, "sizeof(OpDataCircularBuffer)", "OpDataCircularBuffer",
         "circular_buffer.cc:56"),
    TEMP(CIRCULAR_BUFFER, "in(0)", "circular_buffer_common.cc:42"),
    TEMP(CIRCULAR_BUFFER, "out(0)", "circular_buffer_common.cc:43"),
    NEED(CIRCULAR_BUFFER, "in(0)", "input (input 0)", "circular_buffer_common.cc:50"),
    NEED(CIRCULAR_BUFFER, "out(0)", "output (output 0)", "circular_buffer_common.cc:51"),
    CHECK(CIRCULAR_BUFFER, "rank(in(0)) > 0 && rank(out(0)) > 0 && dim(in(0), 0) != dim(out(0), 0)",
          "input and output dimension 0 differ", "circular_buffer_common.cc:52"),
    CHECK(CIRCULAR_BUFFER, "rank(in(0)) > 1 && dim(in(0), 1) != 1", "input dimension 1 is not 1",
          "circular_buffer_common.cc:53"),
    CHECK(CIRCULAR_BUFFER, "rank(in(0)) > 2 && rank(out(0)) > 2 && dim(in(0), 2) != dim(out(0), 2)",
          "input and output dimension 2 differ", "circular_buffer_common.cc:54"),
    CHECK(CIRCULAR_BUFFER, "rank(in(0)) > 3 && rank(out(0)) > 3 && dim(in(0), 3) != dim(out(0), 3)",
          "input and output dimension 3 differ", "circular_buffer_common.cc:55"),
    CHECK(CIRCULAR_BUFFER, "type(in(0)) != type(out(0))", "input and output types differ",
          "circular_buffer_common.cc:57"),
    CHECK(CIRCULAR_BUFFER, "type(in(0)) != INT8", "input type is not INT8",
          "circular_buffer_common.cc:60"),

    /* Ethos-U's Prepare: a uint64 base address and a size_t size per input and output. */
    CHECK(ETHOS_U, "n_in == 0", "ethos-u has no inputs", "ethos_u/ethosu.cc:42"),
    SCRATCH(ETHOS_U, NULL, "(n_in + n_out) * 8", "base addresses", "ethos_u/ethosu.cc:50"),
    SCRATCH(ETHOS_U, NULL, "(n_in + n_out) * ptr", "base address sizes", "ethos_u/ethosu.cc:52"),

    /* DetectionPostProcessInit: its OpData, the options read from the FlexBuffer map (a key
     * the map lacks reads as 0: flexbuffers' Null). DetectionPostProcessPrepare: the three
     * inputs' temporaries, then eleven scratch buffers from the box count (input 0 dimension
     * 1), the class predictions (input 1) and max_detections and num_classes. */
    DEF(TFLITE_DETECTION_POSTPROCESS, "boxes", "dim(in(0), 1)"),
    DEF(TFLITE_DETECTION_POSTPROCESS, "maxdet",
        "has_copt(\"max_detections\") ? copt(\"max_detections\") : 0"),
    DEF(TFLITE_DETECTION_POSTPROCESS, "ncls",
        "has_copt(\"num_classes\") ? copt(\"num_classes\") : 0"),
    INIT(TFLITE_DETECTION_POSTPROCESS, "sizeof(OpDataDetectionPostProcess)", "OpData",
         "detection_postprocess.cc:128"),
    ABORT(TFLITE_DETECTION_POSTPROCESS, "copt_bytes == 0",
          "no custom options: Init reads a FlexBuffer map from none (TFLM crashes)",
          "detection_postprocess.cc:126"),
    CHECK(TFLITE_DETECTION_POSTPROCESS, "n_in != 3", "TFLite_Detection_PostProcess needs 3 inputs",
          "detection_postprocess.cc:160"),
    TEMP(TFLITE_DETECTION_POSTPROCESS, "in(0)", "detection_postprocess.cc:162"),
    TEMP(TFLITE_DETECTION_POSTPROCESS, "in(1)", "detection_postprocess.cc:164"),
    TEMP(TFLITE_DETECTION_POSTPROCESS, "in(2)", "detection_postprocess.cc:167"),
    NEED(TFLITE_DETECTION_POSTPROCESS, "in(0)", "box encodings (input 0)",
         "detection_postprocess.cc:168"),
    CHECK(TFLITE_DETECTION_POSTPROCESS, "rank(in(0)) != 3",
          "box encodings (input 0) do not have 3 dimensions", "detection_postprocess.cc:168"),
    NEED(TFLITE_DETECTION_POSTPROCESS, "in(1)", "class predictions (input 1)",
         "detection_postprocess.cc:169"),
    CHECK(TFLITE_DETECTION_POSTPROCESS, "rank(in(1)) != 3",
          "class predictions (input 1) do not have 3 dimensions", "detection_postprocess.cc:169"),
    NEED(TFLITE_DETECTION_POSTPROCESS, "in(2)", "anchors (input 2)", "detection_postprocess.cc:170"),
    CHECK(TFLITE_DETECTION_POSTPROCESS, "rank(in(2)) != 2",
          "anchors (input 2) do not have 2 dimensions", "detection_postprocess.cc:170"),
    CHECK(TFLITE_DETECTION_POSTPROCESS, "n_out != 4", "TFLite_Detection_PostProcess needs 4 outputs",
          "detection_postprocess.cc:172"),
    CHECK(TFLITE_DETECTION_POSTPROCESS, "maxdet < 0 || ncls < 0 || maxdet > 2147483647 || "
          "ncls > 2147483647", "max_detections or num_classes negative or past int: a scratch "
          "request of a negative size", "detection_postprocess.cc:203"),
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

    /* DelayInit: the params (delay_length, the map's first value). DelayPrepare: INT16 only;
     * for each outer row (elements / innermost dimension) a circular buffer of innermost +
     * delay_length values (CircularBufferGetNeededMemory: the struct and twice the capacity in
     * int16), after the two pointer arrays. */
    DEF(SIGNAL_DELAY, "frame", "dim(in(0), rank(in(0)) - 1)"),
    DEF(SIGNAL_DELAY, "outer", "elements(in(0)) / frame"),
    INIT(SIGNAL_DELAY, "sizeof(TFLMSignalFrontendDelayParams)", "TFLMSignalFrontendDelayParams",
         SIG "delay.cc:49"),
    CHECK(SIGNAL_DELAY, "n_in != 1", "SignalDelay needs 1 input", SIG "delay.cc:62"),
    CHECK(SIGNAL_DELAY, "n_out != 1", "SignalDelay needs 1 output", SIG "delay.cc:63"),
    TEMP(SIGNAL_DELAY, "in(0)", SIG "delay.cc:67"),
    NEED(SIGNAL_DELAY, "in(0)", "input (input 0)", SIG "delay.cc:68"),
    TEMP(SIGNAL_DELAY, "out(0)", SIG "delay.cc:70"),
    NEED(SIGNAL_DELAY, "out(0)", "output (output 0)", SIG "delay.cc:71"),
    CHECK(SIGNAL_DELAY, "type(in(0)) != INT16", "input type is not INT16", SIG "delay.cc:73"),
    CHECK(SIGNAL_DELAY, "type(out(0)) != INT16", "output type is not INT16", SIG "delay.cc:74"),
    ABORT(SIGNAL_DELAY, "rank(in(0)) < 1", "a scalar input: the kernel reads its dimension -1",
          SIG "delay.cc:82"),
    ABORT(SIGNAL_DELAY, "frame == 0", "innermost input dimension 0: the kernel divides by it",
          SIG "delay.cc:83"),
    KEEP(SIGNAL_DELAY, NULL, "outer * ptr", "state buffer pointers", SIG "delay.cc:87"),
    KEEP(SIGNAL_DELAY, NULL, "outer * ptr", "circular buffer pointers", SIG "delay.cc:90"),
    KEEP_EACH(SIGNAL_DELAY, NULL, "outer",
              "sizeof(CircularBuffer) + 4 * (frame + copt(\"delay_length\"))",
              "circular buffer", SIG "delay.cc:98"),

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

    /* FramerInit: the params (frame_size, frame_step, prefill: the map's values in that
     * order). FramerPrepare: INT16 in and out, a BOOL scalar output_valid; for each outer row a
     * circular buffer of frame_size rounded up to a multiple of frame_step. */
    DEF(SIGNAL_FRAMER, "inner", "dim(in(0), rank(in(0)) - 1)"),
    DEF(SIGNAL_FRAMER, "step", "copt(\"frame_step\")"),
    INIT(SIGNAL_FRAMER, "sizeof(TFLMSignalFramerParams)", "TFLMSignalFramerParams",
         SIG "framer.cc:65"),
    CHECK(SIGNAL_FRAMER, "n_in != 1", "SignalFramer needs 1 input", SIG "framer.cc:80"),
    CHECK(SIGNAL_FRAMER, "n_out != 2", "SignalFramer needs 2 outputs", SIG "framer.cc:81"),
    TEMP(SIGNAL_FRAMER, "in(0)", SIG "framer.cc:86"),
    NEED(SIGNAL_FRAMER, "in(0)", "input (input 0)", SIG "framer.cc:87"),
    TEMP(SIGNAL_FRAMER, "out(0)", SIG "framer.cc:89"),
    NEED(SIGNAL_FRAMER, "out(0)", "output (output 0)", SIG "framer.cc:90"),
    TEMP(SIGNAL_FRAMER, "out(1)", SIG "framer.cc:92"),
    NEED(SIGNAL_FRAMER, "out(1)", "output_valid (output 1)", SIG "framer.cc:93"),
    CHECK(SIGNAL_FRAMER, "rank(in(0)) + 1 != rank(out(0))",
          "the output does not have one dimension more than the input", SIG "framer.cc:95"),
    CHECK(SIGNAL_FRAMER, "rank(out(1)) != 0", "output_valid (output 1) is not a scalar",
          SIG "framer.cc:96"),
    CHECK(SIGNAL_FRAMER, "type(in(0)) != INT16", "input type is not INT16", SIG "framer.cc:98"),
    CHECK(SIGNAL_FRAMER, "type(out(0)) != INT16", "output type is not INT16", SIG "framer.cc:99"),
    CHECK(SIGNAL_FRAMER, "type(out(1)) != BOOL", "output_valid type is not BOOL",
          SIG "framer.cc:100"),
    ABORT(SIGNAL_FRAMER, "rank(in(0)) < 1", "a scalar input: the kernel reads its dimension -1",
          SIG "framer.cc:105"),
    CHECK(SIGNAL_FRAMER, "inner < step", "the innermost input dimension is less than frame_step",
          SIG "framer.cc:106"),
    ABORT(SIGNAL_FRAMER, "step == 0", "frame_step 0: the kernel divides by it",
          SIG "framer.cc:107"),
    CHECK(SIGNAL_FRAMER, "inner % step != 0",
          "frame_step does not divide the innermost input dimension", SIG "framer.cc:107"),
    ABORT(SIGNAL_FRAMER, "inner == 0", "innermost input dimension 0: the kernel divides by it",
          SIG "framer.cc:108"),
    KEEP(SIGNAL_FRAMER, NULL, "elements(in(0)) / inner * ptr", "state buffer pointers",
         SIG "framer.cc:112"),
    KEEP(SIGNAL_FRAMER, NULL, "elements(in(0)) / inner * ptr", "circular buffer pointers",
         SIG "framer.cc:115"),
    KEEP_EACH(SIGNAL_FRAMER, NULL, "elements(in(0)) / inner",
              "sizeof(CircularBuffer) + 4 * ((copt(\"frame_size\") + step - 1) / step * step)",
              "circular buffer", SIG "framer.cc:129"),

    /* IrfftInitAll: T (the map's first value) INT16, INT32 or FLOAT32, else Init returns NULL
     * and IrfftPrepareAll reads the type through it; the params, then the state for fft_length
     * (the map's second value). IrfftPrepare: the temporaries and the checks only. */
    INIT_IF(SIGNAL_IRFFT, "copt(\"T\") == INT16 || copt(\"T\") == INT32 || copt(\"T\") == FLOAT32",
            "sizeof(TfLiteAudioFrontendIrfftParams)", "TfLiteAudioFrontendIrfftParams",
            SIG "irfft.cc:57"),
    IRFFT_STATE(INT16, "4", "0"), IRFFT_STATE(INT32, "8", "0"),
    IRFFT_STATE(FLOAT32, "8", "sizeof(IrfftFloatState)"),
    ABORT(SIGNAL_IRFFT, "copt(\"T\") != INT16 && copt(\"T\") != INT32 && copt(\"T\") != FLOAT32",
          "T is not INT16, INT32 or FLOAT32: Init returns NULL, which Prepare reads",
          SIG "irfft.cc:168"),
    CHECK(SIGNAL_IRFFT, "n_in != 1", "SignalIrfft needs 1 input", SIG "irfft.cc:83"),
    CHECK(SIGNAL_IRFFT, "n_out != 1", "SignalIrfft needs 1 output", SIG "irfft.cc:84"),
    TEMP(SIGNAL_IRFFT, "in(0)", SIG "irfft.cc:89"),
    NEED(SIGNAL_IRFFT, "in(0)", "input (input 0)", SIG "irfft.cc:90"),
    TEMP(SIGNAL_IRFFT, "out(0)", SIG "irfft.cc:92"),
    NEED(SIGNAL_IRFFT, "out(0)", "output (output 0)", SIG "irfft.cc:93"),
    CHECK(SIGNAL_IRFFT, "rank(in(0)) != rank(out(0))", "input and output ranks differ",
          SIG "irfft.cc:95"),
    CHECK(SIGNAL_IRFFT, "type(in(0)) != copt(\"T\")", "input type is not T", SIG "irfft.cc:97"),
    CHECK(SIGNAL_IRFFT, "type(out(0)) != copt(\"T\")", "output type is not T",
          SIG "irfft.cc:98"),
    ABORT(SIGNAL_IRFFT, "rank(in(0)) < 1", "a scalar input: the kernel reads its dimension -1",
          SIG "irfft.cc:106"),

    /* OverlapAddInitAll: T (the map's first value) INT16 or FLOAT32, else Init returns NULL
     * and OverlapAddPrepareAll reads the type through it; frame_step the map's second value.
     * OverlapAddPrepare: per outer row (elements / (frame_size * n_frames), the input's last two
     * dimensions) a state buffer of frame_size values. */
    DEF(SIGNAL_OVERLAP_ADD, "frame", "dim(in(0), rank(in(0)) - 1)"),
    DEF(SIGNAL_OVERLAP_ADD, "frames", "dim(in(0), rank(in(0)) - 2)"),
    INIT_IF(SIGNAL_OVERLAP_ADD, "copt(\"T\") == INT16 || copt(\"T\") == FLOAT32",
            "sizeof(TFLMSignalOverlapAddParams)", "TFLMSignalOverlapAddParams",
            SIG "overlap_add.cc:63"),
    ABORT(SIGNAL_OVERLAP_ADD, "copt(\"T\") != INT16 && copt(\"T\") != FLOAT32",
          "T is not INT16 or FLOAT32: Init returns NULL, which Prepare reads",
          SIG "overlap_add.cc:174"),
    CHECK(SIGNAL_OVERLAP_ADD, "n_in != 1", "SignalOverlapAdd needs 1 input",
          SIG "overlap_add.cc:78"),
    CHECK(SIGNAL_OVERLAP_ADD, "n_out != 1", "SignalOverlapAdd needs 1 output",
          SIG "overlap_add.cc:79"),
    TEMP(SIGNAL_OVERLAP_ADD, "in(0)", SIG "overlap_add.cc:84"),
    NEED(SIGNAL_OVERLAP_ADD, "in(0)", "input (input 0)", SIG "overlap_add.cc:85"),
    TEMP(SIGNAL_OVERLAP_ADD, "out(0)", SIG "overlap_add.cc:87"),
    NEED(SIGNAL_OVERLAP_ADD, "out(0)", "output (output 0)", SIG "overlap_add.cc:88"),
    CHECK(SIGNAL_OVERLAP_ADD, "rank(in(0)) != rank(out(0)) + 1",
          "the input does not have one dimension more than the output", SIG "overlap_add.cc:90"),
    CHECK(SIGNAL_OVERLAP_ADD, "type(in(0)) != copt(\"T\")", "input type is not T",
          SIG "overlap_add.cc:92"),
    CHECK(SIGNAL_OVERLAP_ADD, "type(out(0)) != copt(\"T\")", "output type is not T",
          SIG "overlap_add.cc:93"),
    CHECK(SIGNAL_OVERLAP_ADD, "rank(in(0)) < 2", "the input has fewer than 2 dimensions",
          SIG "overlap_add.cc:99"),
    ABORT(SIGNAL_OVERLAP_ADD, "frame * frames == 0",
          "frame_size or n_frames is 0: the kernel divides by their product",
          SIG "overlap_add.cc:106"),
    KEEP(SIGNAL_OVERLAP_ADD, NULL, "elements(in(0)) / (frame * frames) * ptr",
         "state buffer pointers", SIG "overlap_add.cc:108"),
    KEEP_EACH(SIGNAL_OVERLAP_ADD, NULL, "elements(in(0)) / (frame * frames)",
              "frame * (copt(\"T\") == INT16 ? 2 : 4)", "state buffer", SIG "overlap_add.cc:113"),

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

    /* StackerInit: the params and a circular buffer of num_channels * (left + right context
     * + 1) values (the map's values: num_channels, stacker_left_context,
     * stacker_right_context, stacker_step). StackerPrepare: checks only. */
    INIT(SIGNAL_STACKER, "sizeof(TFLMSignalStackerParams)", "TFLMSignalStackerParams",
         SIG "stacker.cc:59"),
    INIT(SIGNAL_STACKER, "sizeof(CircularBuffer) + 4 * (copt(\"num_channels\") * "
         "(copt(\"stacker_left_context\") + copt(\"stacker_right_context\") + 1))",
         "circular buffer", SIG "stacker.cc:80"),
    CHECK(SIGNAL_STACKER, "n_in != 1", "SignalStacker needs 1 input", SIG "stacker.cc:92"),
    CHECK(SIGNAL_STACKER, "n_out != 2", "SignalStacker needs 2 outputs", SIG "stacker.cc:93"),
    TEMP(SIGNAL_STACKER, "in(0)", SIG "stacker.cc:98"),
    NEED(SIGNAL_STACKER, "in(0)", "input (input 0)", SIG "stacker.cc:99"),
    TEMP(SIGNAL_STACKER, "out(0)", SIG "stacker.cc:101"),
    NEED(SIGNAL_STACKER, "out(0)", "output (output 0)", SIG "stacker.cc:102"),
    TEMP(SIGNAL_STACKER, "out(1)", SIG "stacker.cc:104"),
    NEED(SIGNAL_STACKER, "out(1)", "output_valid (output 1)", SIG "stacker.cc:105"),
    CHECK(SIGNAL_STACKER, "rank(in(0)) != 1", "the input is not 1-dimensional",
          SIG "stacker.cc:107"),
    CHECK(SIGNAL_STACKER, "rank(out(0)) != 1", "the output is not 1-dimensional",
          SIG "stacker.cc:108"),
    CHECK(SIGNAL_STACKER, "rank(out(1)) != 0", "output_valid (output 1) is not a scalar",
          SIG "stacker.cc:109"),
    CHECK(SIGNAL_STACKER, "type(in(0)) != INT16", "input type is not INT16", SIG "stacker.cc:111"),
    CHECK(SIGNAL_STACKER, "type(out(0)) != INT16", "output type is not INT16",
          SIG "stacker.cc:112"),
    CHECK(SIGNAL_STACKER, "type(out(1)) != BOOL", "output_valid type is not BOOL",
          SIG "stacker.cc:113"),

    INIT(SIGNAL_WINDOW, "sizeof(TFLMSignalWindowParams)", "TFLMSignalWindowParams",
         SIG "window.cc:48"),
    TEMP(SIGNAL_WINDOW, "in(0)", SIG "window.cc:63"),
    TEMP(SIGNAL_WINDOW, "in(1)", SIG "window.cc:66"),
    TEMP(SIGNAL_WINDOW, "out(0)", SIG "window.cc:69"),

    /* Decode (TFLM_DECODE, no Init): two inputs, the encoded tensor and its ancillary data,
     * per output. Prepare: a DecodeState pointer per output, then for each output i the
     * temporaries of inputs 2i and 2i + 1 and output i (released only after Prepare: they
     * add up), the checks, and the DecodeState of the type the ancillary's DCM header names
     * (byte 0: 0 LUT, 1 Huffman, 2 prune, 127 custom; byte 1 the DCM version; byte 4 the
     * type's version; byte 5 Huffman's table flags) with what its Setup keeps: the prune
     * state copies per-channel zero points when one is not 0. Without decompression memory
     * of the application's (MicroInterpreter's alternate memory: none) the outputs are
     * planned as any tensor. Each state is constructed (written) before its Setup reads the
     * temporaries, and TFLM lets it reach into them: it must leave what is read afterwards
     * (rows.h, AP__CLEAR_*). LUT reads the output's quantization fields, not its zero points
     * (QUANT); Huffman nothing of the quantization but what DeallocateTempTfLiteTensor reads
     * (QUANT_PTRS); prune reads the zero points themselves (ALL), then copies them into a
     * buffer below, a forward copy that may overlap its source (QUANT_PTRS). TFLITE_DCHECK that
     * a prune output has as many zero points as scales is not modelled. */
    DEF(TFLM_DECODE, "anc", "in(2 * i + 1)"),
    DEF(TFLM_DECODE, "dcm", "byte(anc, 0)"),
    DEF(TFLM_DECODE, "axis_bad", "quantized(out(i)) && !(quantized_dim(out(i)) == "
                                 "rank(out(i)) - 1 && scales(out(i)) > 1) && "
                                 "quantized_dim(out(i)) != 0"),
    CHECK(TFLM_DECODE, "n_out == 0", "TFLM_DECODE has no output", "decode.cc:55"),
    CHECK(TFLM_DECODE, "n_in != 2 * n_out", "TFLM_DECODE needs two inputs per output",
          "decode.cc:56"),
    KEEP(TFLM_DECODE, NULL, "n_out * ptr", "DecodeState pointers", "decode.cc:60"),
    TEMP_EACH(TFLM_DECODE, "3 * n_out", "i % 3 == 2 ? out(i / 3) : in(i / 3 * 2 + i % 3)",
              "decode.cc:74"),
    CHECK_EACH(TFLM_DECODE, "n_out", "!exists(in(2 * i))", "missing an encoded input",
               "decode.cc:75"),
    CHECK_EACH(TFLM_DECODE, "n_out", "!exists(anc)", "missing an ancillary input", "decode.cc:81"),
    CHECK_EACH(TFLM_DECODE, "n_out", "!exists(out(i))", "missing an output", "decode.cc:87"),
    CHECK_EACH(TFLM_DECODE, "n_out", "!constant(in(2 * i))", "an encoded input is not constant",
               "decode.cc:93"),
    CHECK_EACH(TFLM_DECODE, "n_out", "!constant(anc)", "an ancillary input is not constant",
               "decode.cc:94"),
    CHECK_EACH(TFLM_DECODE, "n_out", "byte(anc, 1) != 1", "a DCM version is not 1",
               "decode.cc:96"),
    CHECK_EACH(TFLM_DECODE, "n_out", "dcm != 0 && dcm != 1 && dcm != 2",
               "a decode type TFLM lacks (127, custom, is not yet supported): no DecodeState",
               "decode.cc:137"),
    CHECK_EACH(TFLM_DECODE, "n_out", "byte(anc, 4) != 1", "a decode type's version is not 1",
               "decode_state_lut.cc:33"),
    CHECK_EACH(TFLM_DECODE, "n_out", "(dcm == 0 || dcm == 2) && axis_bad",
               "an output quantized along an axis the decoder does not support",
               "decode_state_lut.cc:47"),
    CHECK_EACH(TFLM_DECODE, "n_out", "dcm == 2 && quantized(out(i)) && type(out(i)) != INT8 && "
               "zero_points_nonzero(out(i))", "a pruned output not INT8 with a non-zero zero point",
               "decode_state_prune.cc:63"),
    CHECK_EACH(TFLM_DECODE, "n_out", "dcm == 1 && byte(anc, 5) % 2 == 0 && type(out(i)) != INT8",
               "a Huffman output with a 16-bit table is not INT8", "decode_state_huffman.cc:45"),
    KEEP_EACH_CLEAR(TFLM_DECODE, QUANT, "dcm == 0", "n_out", "sizeof(DecodeStateLut)",
                    "DecodeStateLut", "decode_state.cc:29"),
    KEEP_EACH_CLEAR(TFLM_DECODE, ALL, "dcm == 2", "n_out", "sizeof(DecodeStatePrune)",
                    "DecodeStatePrune", "decode_state.cc:42"),
    KEEP_EACH_CLEAR(TFLM_DECODE, QUANT_PTRS, "dcm == 1", "n_out", "sizeof(DecodeStateHuffman)",
                    "DecodeStateHuffman", "decode_state.cc:55"),
    KEEP_EACH_CLEAR(TFLM_DECODE, QUANT_PTRS, "dcm == 2 && quantized(out(i)) && scales(out(i)) > 1 "
                    "&& zero_points_nonzero(out(i))", "n_out", "scales(out(i))",
                    "per-channel zero points", "decode_state_prune.cc:73"),
};

const ap__ktable ap__reference_table = {"reference", rows, sizeof rows / sizeof rows[0], NULL};
