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
#define EW "elementwise.cc:"
#define BMM "batch_matmul.cc:"
#define BCT "broadcast_to.cc:"
#define D2S "depth_to_space.cc:"
#define DUS "dynamic_update_slice.cc:"
#define EMB "embedding_lookup.cc:"
#define EXD "expand_dims.cc:"
#define GND "gather_nd.cc:"
#define HSW "hard_swish_common.cc:"
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
    /* PrepareAbsRsqrt (elementwise.cc); its supported-type test calls a template parameter's
     * type as a function (a cast of the type to a non-null pointer): it never fails. */
    PARSE(ABS, NULL, FBC "1121"),
    INIT(ABS, "sizeof(OpDataAbsRsqrt)", "OpDataAbsRsqrt", "elementwise.cc:230"),
    TEMP(ABS, "in(0)", "elementwise.cc:107"),
    TEMP(ABS, "out(0)", "elementwise.cc:109"),
    CHECK(ABS, "n_in != 1", "ABS needs 1 input", EW "105"),
    CHECK(ABS, "n_out != 1", "ABS needs 1 output", EW "106"),
    NEED(ABS, "in(0)", "input (input 0)", EW "108"),
    NEED(ABS, "out(0)", "output (output 0)", EW "110"),
    CHECK(ABS, "type(in(0)) != type(out(0))", "input and output types differ", EW "111"),
    CHECK(ABS, "type(in(0)) == INT8 && !quantized(in(0))", "INT8 input is not quantized",
          EW "130"),
    CHECK(ABS, "(type(in(0)) == INT8 || type(in(0)) == INT16 && quantized(in(0))) && "
               "!quantized(out(0))", "quantized input, output not quantized", EW "132"),
    CHECK(ABS, "type(in(0)) == INT16 && quantized(in(0)) && zero_point(in(0)) != 0",
          "INT16 input with a zero point", EW "149"),
    CHECK(ABS, "type(in(0)) == INT16 && quantized(in(0)) && zero_point(out(0)) != 0",
          "INT16 output with a zero point", EW "150"),

    PARSE(ADD, "TfLiteAddParams", FBC "1126"),
    INIT(ADD, "sizeof(OpDataAdd)", "OpDataAdd", "add.cc:165"),
    TEMP(ADD, "in(0)", "add_common.cc:87"),
    TEMP(ADD, "in(1)", "add_common.cc:90"),
    TEMP(ADD, "out(0)", "add_common.cc:93"),
    NEED(ADD, "in(0)", "input 1 (input 0)", "add_common.cc:88"),
    NEED(ADD, "in(1)", "input 2 (input 1)", "add_common.cc:91"),
    NEED(ADD, "out(0)", "output (output 0)", "add_common.cc:94"),
    /* CalculateOpDataAdd: a TFLITE_CHECK (every build) that a quantized output is quantized. */
    ABORT(ADD, "(type(out(0)) == INT8 || type(out(0)) == INT16) && !quantized(out(0))",
          "an INT8 or INT16 output without quantization: TFLITE_CHECK_NE aborts",
          "add_common.cc:42"),
    /* then QuantizeMultiplierSmallerThanOneExp's TFLITE_CHECKs (every build): a zero scale, an
       output scale so small that its multiplier is 1 or more */
    ABORT(ADD, "(type(out(0)) == INT8 || type(out(0)) == INT16) && add_multipliers_bad(in(0), "
               "in(1), out(0), type(out(0)) == INT16 ? 15 : 20)",
          "a multiplier outside (0, 1): QuantizeMultiplierSmallerThanOneExp's TFLITE_CHECK fails",
          "add_common.cc:60"),
    CHECK(ADD, "type(out(0)) == INT32 && quantized(in(0))", "an INT32 ADD with quantized input 1",
          "add_common.cc:104"),
    CHECK(ADD, "type(out(0)) == INT32 && quantized(in(1))", "an INT32 ADD with quantized input 2",
          "add_common.cc:106"),

    /* CalculateOpData: the first input and the output, then each other input (every temporary
     * stays until Prepare ends); OpData only for INT8. */
    PARSE(ADD_N, NULL, FBC "1151"),
    TEMP(ADD_N, "in(0)", "add_n.cc:56"),
    TEMP(ADD_N, "out(0)", "add_n.cc:59"),
    TEMP_EACH(ADD_N, "n_in - 1", "in(i + 1)", "add_n.cc:65"),
    KEEP(ADD_N, "type(out(0)) == INT8", "sizeof(OpDataAddN)", "OpData", "add_n.cc:92"),
    CHECK(ADD_N, "n_in < 2", "ADD_N needs at least 2 inputs", "add_n.cc:51"),
    CHECK(ADD_N, "n_out != 1", "ADD_N needs 1 output", "add_n.cc:52"),
    NEED(ADD_N, "in(0)", "input (input 0)", "add_n.cc:57"),
    NEED(ADD_N, "out(0)", "output (output 0)", "add_n.cc:60"),
    CHECK(ADD_N, "type(out(0)) != type(in(0))", "output and input types differ", "add_n.cc:63"),
    /* the loop over inputs 1 .. n_in - 1 */
    CHECK_EACH(ADD_N, "n_in - 1", "!exists(in(i + 1))", "missing input", "add_n.cc:66"),
    CHECK_EACH(ADD_N, "n_in - 1", "!same_shape(in(0), in(i + 1))", "inputs of different shapes",
               "add_n.cc:67"),
    CHECK_EACH(ADD_N, "n_in - 1", "type(in(i + 1)) != type(in(0))", "inputs of different types",
               "add_n.cc:68"),
    CHECK_EACH(ADD_N, "n_in - 1", "type(in(0)) == INT8 && zero_point(in(i + 1)) != "
               "zero_point(in(0))", "INT8 inputs with different zero points", "add_n.cc:72"),
    CHECK_EACH(ADD_N, "n_in - 1", "type(in(0)) == INT8 && !same_scale(in(i + 1), in(0))",
               "INT8 inputs with different scales", "add_n.cc:74"),
    CHECK(ADD_N, "type(out(0)) != FLOAT32 && type(out(0)) != INT8",
          "output type is not FLOAT32 or INT8", "add_n.cc:125"),
    SCRATCH(ADD_N, "type(out(0)) == FLOAT32", "n_in * ptr", "input pointers", "add_n.cc:86"),
    SCRATCH(ADD_N, "type(out(0)) == INT8", "n_in * ptr", "input pointers", "add_n.cc:98"),

    /* No Prepare: the kernels read their tensors in Eval. */
    PARSE(ARG_MAX, "TfLiteArgMaxParams", FBC "1156"),
    NONE(ARG_MAX, "arg_min_max.cc:111"),

    PARSE(ARG_MIN, "TfLiteArgMinParams", FBC "1181"),
    NONE(ARG_MIN, "arg_min_max.cc:115"),

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

    /* BatchMatMulPrepare: the temporaries of PrepareOpContext; InitializeTemporaries: the
     * quantization data (INT8, INT16), a transposed copy of the lhs (adj_x) and of the rhs (not
     * adj_y), each a TfLiteEvalTensor, its dims and its data; then ReshapeOutputTensor's
     * writable output dims. */
    DEF(BATCH_MATMUL, "lhs_bytes", "elements(in(0)) * (type(in(0)) == FLOAT32 ? 4 : "
                                   "type(in(0)) == INT16 ? 2 : 1)"),
    DEF(BATCH_MATMUL, "rhs_bytes", "elements(in(1)) * (type(in(1)) == FLOAT32 ? 4 : "
                                   "type(in(1)) == INT16 ? 2 : 1)"),
    BATCH_MATMUL_SHAPES,
    PARSE(BATCH_MATMUL, "TfLiteBatchMatMulParams", FBC "1217"),
    INIT(BATCH_MATMUL, "sizeof(OpDataBatchMatmul)", "OpDataBatchMatmul", "batch_matmul.cc:176"),
    TEMP(BATCH_MATMUL, "in(0)", "batch_matmul.cc:48"),
    TEMP(BATCH_MATMUL, "in(1)", "batch_matmul.cc:50"),
    TEMP(BATCH_MATMUL, "out(0)", "batch_matmul.cc:52"),
    KEEP(BATCH_MATMUL, "type(in(0)) == INT8 || type(in(0)) == INT16",
         "sizeof(QuantizationOpDataBatchMatmul)", "quantization data", "batch_matmul.cc:144"),
    KEEP(BATCH_MATMUL, "adj_x", "sizeof(TfLiteEvalTensor)", "transposed lhs",
         "batch_matmul.cc:95"),
    KEEP(BATCH_MATMUL, "adj_x", "sizeof(TfLiteIntArray) + 4 * rank(in(0))",
         "transposed lhs dims", "batch_matmul.cc:105"),
    KEEP_CLEAR(BATCH_MATMUL, UNWRITTEN, "adj_x", "lhs_bytes", "transposed lhs data",
               "batch_matmul.cc:120"),
    KEEP(BATCH_MATMUL, "!adj_y", "sizeof(TfLiteEvalTensor)", "transposed rhs",
         "batch_matmul.cc:95"),
    KEEP(BATCH_MATMUL, "!adj_y", "sizeof(TfLiteIntArray) + 4 * rank(in(1))",
         "transposed rhs dims", "batch_matmul.cc:105"),
    KEEP_CLEAR(BATCH_MATMUL, UNWRITTEN, "!adj_y", "rhs_bytes", "transposed rhs data",
               "batch_matmul.cc:120"),
    KEEP_CLEAR(BATCH_MATMUL, TENSOR_DIMS, NULL, "sizeof(TfLiteIntArray) + 4 * rank(out(0))",
               "output dims (writable copy)", "batch_matmul_common.cc:43"),
    CHECK(BATCH_MATMUL, "n_in != 2", "BATCH_MATMUL needs 2 inputs", BMM "180"),
    CHECK(BATCH_MATMUL, "n_out != 1", "BATCH_MATMUL needs 1 output", BMM "181"),
    NEED(BATCH_MATMUL, "in(0)", "lhs (input 0)", BMM "185"),
    NEED(BATCH_MATMUL, "in(1)", "rhs (input 1)", BMM "187"),
    NEED(BATCH_MATMUL, "out(0)", "output (output 0)", BMM "189"),
    CHECK(BATCH_MATMUL, "type(in(0)) != FLOAT32 && type(in(0)) != INT8 && type(in(0)) != INT16",
          "lhs type is not FLOAT32, INT8 or INT16", BMM "191"),
    CHECK(BATCH_MATMUL, "type(in(1)) != FLOAT32 && type(in(1)) != INT8 && type(in(1)) != INT16",
          "rhs type is not FLOAT32, INT8 or INT16", BMM "194"),
    CHECK(BATCH_MATMUL, "type(in(0)) != type(in(1))",
          "hybrid models are not supported (lhs and rhs types differ)", BMM "199"),
    CHECK(BATCH_MATMUL, "type(in(0)) != type(out(0))", "lhs and output types differ", BMM "201"),
    CHECK(BATCH_MATMUL, "lr < 2", "lhs has fewer than 2 dimensions", BMM "206"),
    CHECK(BATCH_MATMUL, "lr > 5", "lhs has more than 5 dimensions", BMM "207"),
    CHECK(BATCH_MATMUL, "rr < 2", "rhs has fewer than 2 dimensions", BMM "208"),
    CHECK(BATCH_MATMUL, "rr > 5", "rhs has more than 5 dimensions", BMM "209"),
    CHECK(BATCH_MATMUL, "type(in(0)) == INT16 && zero_point(in(0)) != 0",
          "INT16 lhs with a zero point", BMM "242"),
    CHECK(BATCH_MATMUL, "type(in(0)) == INT16 && zero_point(in(1)) != 0",
          "INT16 rhs with a zero point", BMM "243"),
    CHECK(BATCH_MATMUL, "type(in(0)) == INT16 && zero_point(out(0)) != 0",
          "INT16 output with a zero point", BMM "244"),
    CHECK_EACH(BATCH_MATMUL, "orank - 2", "eli != eri && eli != 1 && eri != 1",
               "batch dimensions that do not broadcast", BMM "264"),
    CHECK(BATCH_MATMUL, "accum_l != accum_r", "lhs and rhs accumulation dimensions differ",
          BMM "276"),
    CHECK(BATCH_MATMUL, "orank > rank(out(0))", "output has fewer dimensions than the operands",
          "batch_matmul_common.cc:38"),
    CHECK(BATCH_MATMUL, "elements(out(0)) != out_elements",
          "output size is not the product's (TFLM does not resize tensors)",
          "batch_matmul_common.cc:66"),

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

    PARSE(BROADCAST_ARGS, NULL, FBC "1246"),
    TEMP(BROADCAST_ARGS, "in(0)", "broadcast_args.cc:37"),
    TEMP(BROADCAST_ARGS, "in(1)", "broadcast_args.cc:39"),
    TEMP(BROADCAST_ARGS, "out(0)", "broadcast_args.cc:41"),
    CHECK(BROADCAST_ARGS, "n_in != 2", "BROADCAST_ARGS needs 2 inputs", "broadcast_args.cc:32"),
    CHECK(BROADCAST_ARGS, "n_out != 1", "BROADCAST_ARGS needs 1 output", "broadcast_args.cc:33"),
    CHECK(BROADCAST_ARGS, "type(in(0)) != INT32 && type(in(0)) != INT64",
          "shape type is not INT32 or INT64", "broadcast_args.cc:43"),
    CHECK(BROADCAST_ARGS, "type(in(0)) != type(in(1))", "shape types differ",
          "broadcast_args.cc:45"),
    CHECK(BROADCAST_ARGS, "type(in(0)) != type(out(0))", "shape and output types differ",
          "broadcast_args.cc:46"),
    CHECK(BROADCAST_ARGS, "rank(in(0)) != 1", "shape 1 is not a vector", "broadcast_args.cc:49"),
    CHECK(BROADCAST_ARGS, "rank(in(1)) != 1", "shape 2 is not a vector", "broadcast_args.cc:50"),
    CHECK(BROADCAST_ARGS, "rank(out(0)) != 1", "output is not a vector", "broadcast_args.cc:53"),

    PARSE(BROADCAST_TO, NULL, FBC "1254"),
    TEMP(BROADCAST_TO, "in(0)", "broadcast_to.cc:81"),
    TEMP(BROADCAST_TO, "in(1)", "broadcast_to.cc:83"),
    TEMP(BROADCAST_TO, "out(0)", "broadcast_to.cc:85"),
    CHECK(BROADCAST_TO, "n_in != 2", "BROADCAST_TO needs 2 inputs", BCT "77"),
    CHECK(BROADCAST_TO, "n_out != 1", "BROADCAST_TO needs 1 output", BCT "78"),
    CHECK(BROADCAST_TO, "rank(in(0)) > 5", "input of more than 5 dimensions", BCT "87"),
    CHECK(BROADCAST_TO, "type(in(1)) != INT32 && type(in(1)) != INT64",
          "shape type is not INT32 or INT64", BCT "90"),
    CHECK(BROADCAST_TO, "type(in(0)) != type(out(0))", "input and output types differ", BCT "92"),
    CHECK(BROADCAST_TO, "type(in(0)) == STRING", "STRING input", BCT "96"),
    CHECK(BROADCAST_TO, "!constant(in(1))", "the shape (input 1) is not constant", BCT "98"),
    CHECK(BROADCAST_TO, "rank(in(1)) != 1", "the shape is not a vector", BCT "37"),
    CHECK(BROADCAST_TO, "rank(out(0)) != dim(in(1), 0)",
          "output rank is not the shape's length", BCT "43"),
    CHECK(BROADCAST_TO, "rank(in(0)) > rank(out(0))", "input has more dimensions than the output",
          BCT "45"),
    CHECK(BROADCAST_TO, "rank(out(0)) > 5", "output of more than 5 dimensions", BCT "47"),
    CHECK_EACH(BROADCAST_TO, "rank(in(0))", "dim(in(0), i) != 1 && dim(in(0), i) != "
               "value(in(1), rank(out(0)) - rank(in(0)) + i)",
               "the shape is not broadcastable from the input", BCT "61"),
    CHECK_EACH(BROADCAST_TO, "rank(out(0))", "dim(out(0), i) != value(in(1), i)",
               "output dimensions differ from the shape", BCT "71"),

    PARSE(CALL_ONCE, "TfLiteCallOnceParams", FBC "1259"),
    INIT(CALL_ONCE, "sizeof(OpDataCallOnce)", "OpData", "call_once.cc:41"),
    CHECK(CALL_ONCE, "n_in != 0", "CALL_ONCE has inputs", "call_once.cc:51"),
    CHECK(CALL_ONCE, "n_out != 0", "CALL_ONCE has outputs", "call_once.cc:52"),

    PARSE(CAST, "TfLiteCastParams", FBC "1289"),
    TEMP(CAST, "in(0)", "cast.cc:35"),
    TEMP(CAST, "out(0)", "cast.cc:38"),

    PARSE(CEIL, NULL, FBC "1310"),
    TEMP(CEIL, "in(0)", "ceil.cc:34"),
    TEMP(CEIL, "out(0)", "ceil.cc:37"),
    NEED(CEIL, "in(0)", "input (input 0)", "ceil.cc:35"),
    NEED(CEIL, "out(0)", "output (output 0)", "ceil.cc:38"),
    CHECK(CEIL, "n_in != 1", "CEIL needs 1 input", "ceil.cc:39"),
    CHECK(CEIL, "n_out != 1", "CEIL needs 1 output", "ceil.cc:40"),
    CHECK(CEIL, "type(in(0)) != FLOAT32", "input type is not FLOAT32", "ceil.cc:41"),
    CHECK(CEIL, "type(out(0)) != type(in(0))", "input and output types differ", "ceil.cc:42"),
    CHECK(CEIL, "elements(out(0)) != elements(in(0))", "input and output sizes differ",
          "ceil.cc:43"),
    CHECK(CEIL, "rank(out(0)) != rank(in(0))", "input and output ranks differ", "ceil.cc:44"),
    CHECK_EACH(CEIL, "rank(out(0))", "dim(out(0), i) != dim(in(0), i)",
               "input and output dimensions differ", "ceil.cc:46"),

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

    /* GenericPrepare (elementwise.cc): as ABS's, its type test never fails. */
    PARSE(COS, NULL, FBC "1399"),
    TEMP(COS, "in(0)", "elementwise.cc:84"),
    TEMP(COS, "out(0)", "elementwise.cc:87"),
    CHECK(COS, "n_in != 1", "COS needs 1 input", EW "81"),
    CHECK(COS, "n_out != 1", "COS needs 1 output", EW "82"),
    NEED(COS, "in(0)", "input (input 0)", EW "85"),
    NEED(COS, "out(0)", "output (output 0)", EW "88"),
    CHECK(COS, "type(in(0)) != type(out(0))", "input and output types differ", EW "89"),

    /* CalculateOpData: OpData only for INT8. */
    PARSE(CUMSUM, "TfLiteCumsumParams", FBC "1381"),
    TEMP(CUMSUM, "in(0)", "cumsum.cc:54"),
    TEMP(CUMSUM, "in(1)", "cumsum.cc:56"),
    TEMP(CUMSUM, "out(0)", "cumsum.cc:67"),
    KEEP(CUMSUM, "type(out(0)) == INT8", "sizeof(OpDataCumsum)", "OpData", "cumsum.cc:74"),
    CHECK(CUMSUM, "n_in != 2", "CUMSUM needs 2 inputs", "cumsum.cc:48"),
    CHECK(CUMSUM, "n_out != 1", "CUMSUM needs 1 output", "cumsum.cc:49"),
    CHECK(CUMSUM, "type(in(0)) != FLOAT32 && type(in(0)) != INT8",
          "input type is not FLOAT32 or INT8", "cumsum.cc:58"),
    CHECK(CUMSUM, "type(in(1)) != INT32", "axis type is not INT32", "cumsum.cc:60"),
    CHECK(CUMSUM, "elements(in(1)) != 1", "axis is not one value", "cumsum.cc:62"),
    CHECK(CUMSUM, "rank(in(0)) < 1", "input is a scalar", "cumsum.cc:64"),
    CHECK(CUMSUM, "type(in(0)) != type(out(0))", "input and output types differ", "cumsum.cc:69"),
    CHECK(CUMSUM, "!same_shape(in(0), out(0))", "input and output shapes differ",
          "cumsum.cc:70"),

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
    /* has_bias is `inputs == 3` (:86): an omitted bias (slot -1) is deallocated as a null
     * temporary: a TFLITE_DCHECK aborts (host64), the NDEBUG build writes through the null
     * pointer (the M4 faults). */
    ABORT(DEPTHWISE_CONV_2D, "n_in == 3 && !exists(in(2))",
          "an omitted bias (input 2 is -1) deallocated as a temporary: a null pointer",
          "depthwise_conv_common.cc:132"),
    INT4_FILTER(DEPTHWISE_CONV_2D, "depthwise_conv_common.cc:207"),

    PARSE(DEPTH_TO_SPACE, "TfLiteDepthToSpaceParams", FBC "1404"),
    TEMP(DEPTH_TO_SPACE, "in(0)", "depth_to_space.cc:47"),
    TEMP(DEPTH_TO_SPACE, "out(0)", "depth_to_space.cc:50"),
    KEEP(DEPTH_TO_SPACE, NULL, "sizeof(TfLiteIntArray) + 4 * rank(out(0))",
         "output dims (writable copy)", "depth_to_space.cc:83"),
    CHECK(DEPTH_TO_SPACE, "n_in != 1", "DEPTH_TO_SPACE needs 1 input", D2S "41"),
    CHECK(DEPTH_TO_SPACE, "n_out != 1", "DEPTH_TO_SPACE needs 1 output", D2S "42"),
    NEED(DEPTH_TO_SPACE, "in(0)", "input (input 0)", D2S "48"),
    NEED(DEPTH_TO_SPACE, "out(0)", "output (output 0)", D2S "51"),
    CHECK(DEPTH_TO_SPACE, "rank(in(0)) != 4", "input does not have 4 dimensions", D2S "53"),
    CHECK(DEPTH_TO_SPACE, "type(out(0)) != FLOAT32 && type(out(0)) != INT8",
          "output type is not FLOAT32 or INT8", D2S "56"),
    CHECK(DEPTH_TO_SPACE, "type(in(0)) != type(out(0))", "input and output types differ",
          D2S "58"),
    CHECK(DEPTH_TO_SPACE, "block_size <= 0", "block size is not positive", D2S "61"),
    CHECK(DEPTH_TO_SPACE, "dim(in(0), 3) != dim(in(0), 3) / block_size / block_size * "
                          "block_size * block_size",
          "input channels are not a multiple of the block size squared", D2S "71"),
    /* the output's new shape: [n, h * block, w * block, c / block / block] */
    RESIZE(DEPTH_TO_SPACE, "dim(in(0), 0) * dim(in(0), 1) * block_size * dim(in(0), 2) * "
                           "block_size * (dim(in(0), 3) / block_size / block_size)", D2S "85"),

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

    PARSE(DYNAMIC_UPDATE_SLICE, NULL, FBC "1491"),
    TEMP(DYNAMIC_UPDATE_SLICE, "in(0)", "dynamic_update_slice.cc:132"),
    TEMP(DYNAMIC_UPDATE_SLICE, "in(1)", "dynamic_update_slice.cc:136"),
    TEMP(DYNAMIC_UPDATE_SLICE, "in(2)", "dynamic_update_slice.cc:140"),
    TEMP(DYNAMIC_UPDATE_SLICE, "out(0)", "dynamic_update_slice.cc:144"),
    CHECK(DYNAMIC_UPDATE_SLICE, "n_in != 3", "DYNAMIC_UPDATE_SLICE needs 3 inputs", DUS "127"),
    CHECK(DYNAMIC_UPDATE_SLICE, "n_out != 1", "DYNAMIC_UPDATE_SLICE needs 1 output", DUS "128"),
    NEED(DYNAMIC_UPDATE_SLICE, "in(0)", "operand (input 0)", DUS "134"),
    NEED(DYNAMIC_UPDATE_SLICE, "in(1)", "update (input 1)", DUS "138"),
    NEED(DYNAMIC_UPDATE_SLICE, "in(2)", "start indices (input 2)", DUS "142"),
    NEED(DYNAMIC_UPDATE_SLICE, "out(0)", "output (output 0)", DUS "146"),
    CHECK(DYNAMIC_UPDATE_SLICE, "type(in(0)) != type(in(1))", "operand and update types differ",
          DUS "149"),
    CHECK(DYNAMIC_UPDATE_SLICE, "type(in(2)) != INT32 && type(in(2)) != INT64",
          "start indices type is not INT32 or INT64", DUS "150"),
    CHECK(DYNAMIC_UPDATE_SLICE, "rank(in(2)) != 1", "start indices are not a vector", DUS "153"),
    CHECK(DYNAMIC_UPDATE_SLICE, "dim(in(2), 0) != rank(in(0))",
          "start indices do not match the operand's rank", DUS "154"),
    CHECK(DYNAMIC_UPDATE_SLICE, "rank(in(1)) != rank(in(0))", "update and operand ranks differ",
          DUS "157"),
    CHECK_EACH(DYNAMIC_UPDATE_SLICE, "rank(in(0))", "dim(in(1), i) > dim(in(0), i)",
               "update larger than the operand", DUS "160"),

    /* Init keeps a 256-entry int8 lookup table whatever the type (filled for INT8 only). */
    PARSE(ELU, NULL, FBC "1499"),
    INIT(ELU, "sizeof(OpDataElu)", "OpData", "elu.cc:113"),
    TEMP(ELU, "in(0)", "elu.cc:88"),
    TEMP(ELU, "out(0)", "elu.cc:91"),
    CHECK(ELU, "n_in != 1", "ELU needs 1 input", "elu.cc:85"),
    CHECK(ELU, "n_out != 1", "ELU needs 1 output", "elu.cc:86"),
    NEED(ELU, "in(0)", "input (input 0)", "elu.cc:89"),
    NEED(ELU, "out(0)", "output (output 0)", "elu.cc:92"),
    CHECK(ELU, "type(in(0)) != type(out(0))", "input and output types differ", "elu.cc:93"),

    /* Prepare: the writable output dims, then CalculateOpData's OpData. The output's new
     * shape: the lookup's length, the value's other dimensions, the output's own past the
     * value's rank (TFLM plans that shape). The output's type is read after the dims are
     * copied (:114, CalculateOpData :58) but before the OpData is written: the OpData may lie
     * on the output's fields after its dims pointer (TENSOR_DIMS), the dims copy may not. */
    DEF(EMBEDDING_LOOKUP, "emb_elements", "dim(in(0), 0) * dims_product(in(1), 1, rank(in(1))) * "
                                          "dims_product(out(0), rank(in(1)), rank(out(0)))"),
    PARSE(EMBEDDING_LOOKUP, NULL, FBC "1507"),
    TEMP(EMBEDDING_LOOKUP, "in(0)", "embedding_lookup.cc:75"),
    TEMP(EMBEDDING_LOOKUP, "in(1)", "embedding_lookup.cc:81"),
    TEMP(EMBEDDING_LOOKUP, "out(0)", "embedding_lookup.cc:88"),
    KEEP(EMBEDDING_LOOKUP, NULL, "sizeof(TfLiteIntArray) + 4 * rank(out(0))",
         "output dims (writable copy)", "embedding_lookup.cc:102"),
    KEEP_CLEAR(EMBEDDING_LOOKUP, TENSOR_DIMS, NULL, "sizeof(OpDataEmbeddingLookup)", "OpData",
               "embedding_lookup.cc:54"),
    CHECK(EMBEDDING_LOOKUP, "n_in != 2", "EMBEDDING_LOOKUP needs 2 inputs", EMB "69"),
    CHECK(EMBEDDING_LOOKUP, "n_out != 1", "EMBEDDING_LOOKUP needs 1 output", EMB "70"),
    NEED(EMBEDDING_LOOKUP, "in(0)", "lookup (input 0)", EMB "76"),
    CHECK(EMBEDDING_LOOKUP, "rank(in(0)) != 1", "lookup is not a vector", EMB "77"),
    CHECK(EMBEDDING_LOOKUP, "type(in(0)) != INT32", "lookup type is not INT32", EMB "78"),
    NEED(EMBEDDING_LOOKUP, "in(1)", "value (input 1)", EMB "82"),
    CHECK(EMBEDDING_LOOKUP, "rank(in(1)) < 2", "value has fewer than 2 dimensions", EMB "83"),
    CHECK(EMBEDDING_LOOKUP, "type(in(1)) != FLOAT32 && type(in(1)) != INT8",
          "value type is not FLOAT32 or INT8", EMB "84"),
    NEED(EMBEDDING_LOOKUP, "out(0)", "output (output 0)", EMB "89"),
    CHECK(EMBEDDING_LOOKUP, "type(in(1)) == FLOAT32 && type(out(0)) != FLOAT32",
          "FLOAT32 value, output not FLOAT32", EMB "91"),
    CHECK(EMBEDDING_LOOKUP, "type(in(1)) == INT8 && type(out(0)) != FLOAT32 && "
                            "type(out(0)) != INT8", "output type is not FLOAT32 or INT8", EMB "93"),
    CHECK(EMBEDDING_LOOKUP, "rank(out(0)) < rank(in(1))",
          "output has fewer dimensions than the value", EMB "98"),
    CHECK(EMBEDDING_LOOKUP, "emb_elements > elements(out(0))",
          "output smaller than the lookup's result", EMB "112"),
    CHECK(EMBEDDING_LOOKUP, "type(in(1)) == INT8 && type(out(0)) == FLOAT32 && "
                            "zero_point(in(1)) != 0", "INT8 value with a zero point", EMB "59"),
    RESIZE(EMBEDDING_LOOKUP, "emb_elements", EMB "105"),

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

    PARSE(EXP, NULL, FBC "1523"),
    TEMP(EXP, "in(0)", "exp.cc:36"),
    TEMP(EXP, "out(0)", "exp.cc:39"),
    CHECK(EXP, "n_in != 1", "EXP needs 1 input", "exp.cc:33"),
    CHECK(EXP, "n_out != 1", "EXP needs 1 output", "exp.cc:34"),
    NEED(EXP, "in(0)", "input (input 0)", "exp.cc:37"),
    NEED(EXP, "out(0)", "output (output 0)", "exp.cc:40"),
    CHECK(EXP, "type(in(0)) != FLOAT32", "input type is not FLOAT32", "exp.cc:41"),
    CHECK(EXP, "type(out(0)) != type(in(0))", "input and output types differ", "exp.cc:42"),
    CHECK(EXP, "elements(out(0)) != elements(in(0))", "input and output sizes differ",
          "exp.cc:43"),
    CHECK(EXP, "rank(out(0)) != rank(in(0))", "input and output ranks differ", "exp.cc:44"),
    CHECK_EACH(EXP, "rank(out(0))", "dim(out(0), i) != dim(in(0), i)",
               "input and output dimensions differ", "exp.cc:46"),

    DEF(EXPAND_DIMS, "new_axis", "value(in(1), 0) < 0 ? rank(in(0)) + 1 + value(in(1), 0) : "
                             "value(in(1), 0)"),
    PARSE(EXPAND_DIMS, NULL, FBC "1531"),
    TEMP(EXPAND_DIMS, "in(0)", "expand_dims.cc:93"),
    TEMP(EXPAND_DIMS, "in(1)", "expand_dims.cc:96"),
    TEMP(EXPAND_DIMS, "out(0)", "expand_dims.cc:99"),
    CHECK(EXPAND_DIMS, "n_in != 2", "EXPAND_DIMS needs 2 inputs", EXD "90"),
    CHECK(EXPAND_DIMS, "n_out != 1", "EXPAND_DIMS needs 1 output", EXD "91"),
    NEED(EXPAND_DIMS, "in(0)", "input (input 0)", EXD "94"),
    NEED(EXPAND_DIMS, "in(1)", "axis (input 1)", EXD "97"),
    NEED(EXPAND_DIMS, "out(0)", "output (output 0)", EXD "100"),
    CHECK(EXPAND_DIMS, "!constant(in(1))", "the axis (input 1) is not constant", EXD "102"),
    CHECK(EXPAND_DIMS, "rank(in(1)) > 1", "the axis is not one value", EXD "37"),
    CHECK(EXPAND_DIMS, "type(in(1)) != INT32", "axis type is not INT32", EXD "46"),
    CHECK(EXPAND_DIMS, "new_axis > rank(in(0))", "axis past the input's rank", EXD "66"),
    CHECK(EXPAND_DIMS, "rank(out(0)) != rank(in(0)) + 1",
          "output rank is not the input's plus one", EXD "73"),
    CHECK_EACH(EXPAND_DIMS, "rank(out(0))", "i < new_axis && dim(out(0), i) != dim(in(0), i)",
               "output dimensions differ from the input's", EXD "77"),
    CHECK_EACH(EXPAND_DIMS, "rank(out(0))", "i == new_axis && dim(out(0), i) != 1",
               "the new dimension is not 1", EXD "79"),
    CHECK_EACH(EXPAND_DIMS, "rank(out(0))", "i > new_axis && dim(out(0), i) != dim(in(0), i - 1)",
               "output dimensions differ from the input's", EXD "81"),

    PARSE(FILL, NULL, FBC "1539"),
    TEMP(FILL, "in(0)", "fill.cc:72"),
    TEMP(FILL, "in(1)", "fill.cc:75"),
    TEMP(FILL, "out(0)", "fill.cc:78"),
    NEED(FILL, "in(0)", "dims (input 0)", "fill.cc:73"),
    NEED(FILL, "in(1)", "value (input 1)", "fill.cc:76"),
    NEED(FILL, "out(0)", "output (output 0)", "fill.cc:79"),
    CHECK(FILL, "rank(in(1)) != 0", "the value is not a scalar", "fill.cc:82"),
    CHECK(FILL, "type(in(1)) != type(out(0))", "value and output types differ", "fill.cc:85"),
    CHECK(FILL, "!constant(in(0))", "the dims (input 0) are not constant", "fill.cc:90"),
    CHECK(FILL, "rank(in(0)) != 1", "the dims are not a vector", "fill.cc:43"),
    CHECK(FILL, "rank(out(0)) != dim(in(0), 0)", "output rank is not the dims' length",
          "fill.cc:45"),
    CHECK(FILL, "type(in(0)) != INT8 && type(in(0)) != INT16 && type(in(0)) != INT32 && "
                "type(in(0)) != INT64", "dims type is not an integer type", "fill.cc:57"),
    CHECK_EACH(FILL, "rank(out(0))", "dim(out(0), i) != value(in(0), i)",
               "output dimensions differ from the dims", "fill.cc:34"),

    /* No Prepare. */
    PARSE(FLOOR, NULL, FBC "1547"),
    NONE(FLOOR, "floor.cc:45"),

    /* FloorDivInit returns NULL without allocating. */
    PARSE(FLOOR_DIV, NULL, FBC "1555"),
    TEMP(FLOOR_DIV, "in(0)", "floor_div.cc:41"),
    TEMP(FLOOR_DIV, "in(1)", "floor_div.cc:44"),
    TEMP(FLOOR_DIV, "out(0)", "floor_div.cc:47"),
    CHECK(FLOOR_DIV, "n_in != 2", "FLOOR_DIV needs 2 inputs", "floor_div.cc:37"),
    CHECK(FLOOR_DIV, "n_out != 1", "FLOOR_DIV needs 1 output", "floor_div.cc:38"),
    NEED(FLOOR_DIV, "in(0)", "input 0", "floor_div.cc:42"),
    NEED(FLOOR_DIV, "in(1)", "input 1", "floor_div.cc:45"),
    NEED(FLOOR_DIV, "out(0)", "output (output 0)", "floor_div.cc:48"),
    CHECK(FLOOR_DIV, "type(in(0)) != type(in(1))", "input types differ", "floor_div.cc:50"),
    CHECK(FLOOR_DIV, "type(in(0)) != type(out(0))", "input and output types differ",
          "floor_div.cc:51"),

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
    /* Per-tensor: GetQuantizedConvolutionMultipler (fully_connected_common.cc:138) checks the
     * bias scale against input scale x filter scale. */
    CHECK(FULLY_CONNECTED, "type(in(0)) != FLOAT32 && !(quantized(in(1)) && scales(in(1)) > 1) && "
          "exists(in(2)) && bias_scale_off(in(0), in(1), in(2), out(0))",
          "the bias scale differs from input scale x filter scale by more than 0.02 x the output "
          "scale", "tensorflow/lite/kernels/kernel_util.cc:322"),
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

    PARSE(GATHER_ND, NULL, FBC "1640"),
    TEMP(GATHER_ND, "in(0)", "gather_nd.cc:37"),
    TEMP(GATHER_ND, "in(1)", "gather_nd.cc:40"),
    TEMP(GATHER_ND, "out(0)", "gather_nd.cc:43"),
    KEEP(GATHER_ND, NULL, "sizeof(TfLiteIntArray) + 4 * rank(out(0))",
         "output dims (writable copy)", "gather_nd.cc:93"),
    CHECK(GATHER_ND, "n_in != 2", "GATHER_ND needs 2 inputs", GND "34"),
    CHECK(GATHER_ND, "n_out != 1", "GATHER_ND needs 1 output", GND "35"),
    NEED(GATHER_ND, "in(0)", "params (input 0)", GND "38"),
    NEED(GATHER_ND, "in(1)", "indices (input 1)", GND "41"),
    NEED(GATHER_ND, "out(0)", "output (output 0)", GND "44"),
    CHECK(GATHER_ND, "type(in(0)) != FLOAT32 && type(in(0)) != INT8",
          "params type is not FLOAT32 or INT8", GND "51"),
    CHECK(GATHER_ND, "type(in(1)) != INT32", "indices type is not INT32", GND "60"),
    CHECK(GATHER_ND, "rank(in(0)) < 1", "params are a scalar", GND "69"),
    CHECK(GATHER_ND, "rank(in(1)) < 1", "indices are a scalar", GND "73"),
    CHECK(GATHER_ND, "dim(in(1), rank(in(1)) - 1) > rank(in(0))",
          "index innermost dimension longer than the params' rank", GND "77"),
    CHECK(GATHER_ND, "dim(in(1), rank(in(1)) - 1) > 5",
          "index innermost dimension longer than 5", GND "81"),
    /* the output's new shape: the indices' but the last, then the params' past the index */
    RESIZE(GATHER_ND, "dims_product(in(1), 0, rank(in(1)) - 1) * "
                      "dims_product(in(0), dim(in(1), rank(in(1)) - 1), rank(in(0)))", GND "107"),

    /* ComparisonsPrepare, as EQUAL's. */
    PARSE(GREATER, NULL, FBC "1648"),
    INIT(GREATER, "sizeof(OpDataComparison)", "OpData", "comparisons.cc:546"),
    TEMP(GREATER, "in(0)", "comparisons.cc:556"),
    TEMP(GREATER, "in(1)", "comparisons.cc:559"),
    NEED(GREATER, "in(0)", "input 0", "comparisons.cc:557"),
    NEED(GREATER, "in(1)", "input 1", "comparisons.cc:560"),

    PARSE(GREATER_EQUAL, NULL, FBC "1656"),
    INIT(GREATER_EQUAL, "sizeof(OpDataComparison)", "OpData", "comparisons.cc:546"),
    TEMP(GREATER_EQUAL, "in(0)", "comparisons.cc:556"),
    TEMP(GREATER_EQUAL, "in(1)", "comparisons.cc:559"),
    NEED(GREATER_EQUAL, "in(0)", "input 0", "comparisons.cc:557"),
    NEED(GREATER_EQUAL, "in(1)", "input 1", "comparisons.cc:560"),

    PARSE(HARD_SWISH, NULL, FBC "1664"),
    INIT(HARD_SWISH, "sizeof(HardSwishParams)", "HardSwishParams", "hard_swish.cc:35"),
    TEMP(HARD_SWISH, "in(0)", "hard_swish_common.cc:42"),
    TEMP(HARD_SWISH, "out(0)", "hard_swish_common.cc:45"),
    CHECK(HARD_SWISH, "n_in != 1", "HARD_SWISH needs 1 input", HSW "38"),
    CHECK(HARD_SWISH, "n_out != 1", "HARD_SWISH needs 1 output", HSW "39"),
    NEED(HARD_SWISH, "in(0)", "input (input 0)", HSW "43"),
    NEED(HARD_SWISH, "out(0)", "output (output 0)", HSW "46"),
    CHECK(HARD_SWISH, "type(in(0)) == INT8 && multiplier_shift(in(0), out(0), -7) > 0",
          "output multiplier of 1 or more (output scale below input scale / 128)", HSW "68"),

    PARSE(IF, "TfLiteIfParams", FBC "1669"),
    INIT(IF, "sizeof(OpDataIf)", "OpData", "if.cc:43"),
    TEMP(IF, "in(0)", "if.cc:58"),
    CHECK(IF, "n_in == 0", "IF has no condition", "if.cc:53"),
    CHECK(IF, "type(in(0)) != BOOL", "the condition is not BOOL", "if.cc:61"),
    CHECK(IF, "elements(in(0)) != 1", "the condition is not one element", "if.cc:62"),
    /* (The reader refuses a then or else index past the subgraphs: if.cc:74-77.) */
    CHECK(IF, "n_in - 1 != sg_inputs(calls(0))",
          "the then subgraph's input count is not IF's inputs but the condition", "if.cc:79"),
    CHECK(IF, "n_out != sg_outputs(calls(0))",
          "the then subgraph's output count is not IF's", "if.cc:81"),

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

    /* PadPrepare (pad_common.cc), the same rows as PADV2's. */
    PARSE(PAD, NULL, FBC "1942"),
    INIT(PAD, "sizeof(OpDataPad)", "OpData", "pad_common.cc:27"),
    CHECK(PAD, "n_in != 2 && n_in != 3", "PAD needs 2 or 3 inputs", "pad_common.cc:36"),
    CHECK(PAD, "n_out != 1", "PAD needs 1 output", "pad_common.cc:37"),
    TEMP(PAD, "in(0)", "pad_common.cc:40"),
    NEED(PAD, "in(0)", "input (input 0)", "pad_common.cc:41"),
    TEMP(PAD, "in(1)", "pad_common.cc:43"),
    NEED(PAD, "in(1)", "paddings (input 1)", "pad_common.cc:44"),
    TEMP_IF(PAD, "n_in == 3", "in(2)", "pad_common.cc:47"),
    TEMP(PAD, "out(0)", "pad_common.cc:50"),
    NEED(PAD, "out(0)", "output (output 0)", "pad_common.cc:51"),
    CHECK(PAD, "type(in(0)) != type(out(0))", "input and output types differ",
          "pad_common.cc:53"),
    CHECK(PAD, "rank(in(0)) > 5", "input has more than 5 dimensions", "pad_common.cc:56"),
    CHECK(PAD, "n_in == 3 && exists(in(2)) && type(in(0)) != type(in(2))",
          "constant values and input types differ", "pad_common.cc:60"),
    CHECK(PAD, "n_in == 3 && exists(in(2)) && elements(in(2)) != 1",
          "constant values are not a scalar", "pad_common.cc:62"),
    CHECK(PAD, "elements(in(1)) != 2 * rank(out(0))",
          "paddings do not have a pair per output dimension", "pad_common.cc:66"),
    CHECK(PAD, "!constant(in(1))", "non-constant paddings", "pad_common.cc:72"),
    /* (The kernel reads the paddings as int32 whatever their type: checked for INT32 ones.) */
    CHECK(PAD, "type(in(1)) == INT32 && any(rank(out(0)), j < rank(in(0)) && "
          "dim(out(0), j) != dim(in(0), j) + value(in(1), 2 * j) + value(in(1), 2 * j + 1))",
          "an output dimension is not the input's plus its paddings", "pad_common.cc:79"),
    CHECK(PAD, "type(in(0)) == INT8 && !(n_in == 3 && exists(in(2))) && "
          "zero_point(out(0)) < -128", "output zero point below INT8's range",
          "pad_common.cc:103"),
    CHECK(PAD, "type(in(0)) == INT8 && !(n_in == 3 && exists(in(2))) && "
          "zero_point(out(0)) > 127", "output zero point above INT8's range",
          "pad_common.cc:105"),
    CHECK(PAD, "type(in(0)) == INT8 && n_in == 3 && exists(in(2)) && "
          "zero_point(out(0)) != zero_point(in(2))",
          "constant values and output zero points differ", "pad_common.cc:110"),

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

    /* A -1 in the output shape (the reader resolves it as ReshapeOutput does: stretch_dims)
     * makes ReshapeOutput copy the output's dims to the tail (CreateWritableTensorDimsWithCopy,
     * kernel_util.cc:137) and write the stretch dimension there. */
    DEF(RESHAPE, "legacy_scalar", "n_in == 1 && rank(out(0)) == 1 && dim(out(0), 0) == 0"),
    PARSE(RESHAPE, "TfLiteReshapeParams", FBC "2059"),
    /* ParseReshape copies new_shape into params->shape[8] (FlatBufferIntVectorToArray): more
     * than 8 entries fail the parser, after it allocated its struct. */
    CHECK(RESHAPE, "n_new_shape > 8", "more than 8 new_shape entries (the parser fails)",
          FBC "2076"),
    TEMP(RESHAPE, "in(0)", "reshape_common.cc:36"),
    NEED(RESHAPE, "in(0)", "input (input 0)", "reshape_common.cc:37"),
    TEMP(RESHAPE, "out(0)", "reshape_common.cc:39"),
    NEED(RESHAPE, "out(0)", "output (output 0)", "reshape_common.cc:40"),
    /* A legacy scalar (one input, an output of shape [0]) gets its rank set to 0 in the
     * model's own shape vector (the TfLiteTensor's dims point into the FlatBuffer): a model in
     * read-only memory faults; a writable one plans the output as a 1-element scalar. */
    ABORT(RESHAPE, "model_rom && legacy_scalar",
          "a legacy scalar output: writes the model's shape, which is in read-only memory",
          "reshape_common.cc:53"),
    RESIZE_IF(RESHAPE, "legacy_scalar", "1", "reshape_common.cc:53"),
    CHECK(RESHAPE, "stretch_dims(out(0)) > 1", "more than one -1 in the output shape",
          "reshape_common.cc:61"),
    KEEP(RESHAPE, "stretch_dims(out(0)) == 1", "sizeof(TfLiteIntArray) + 4 * rank(out(0))",
         "output dims (writable copy)", "reshape_common.cc:70"),
    CHECK(RESHAPE, "type(in(0)) != type(out(0))", "input and output types differ",
          "reshape_common.cc:77"),
    CHECK(RESHAPE, "(legacy_scalar ? 1 : elements(out(0))) != elements(in(0))",
          "input and output element counts differ", "reshape_common.cc:78"),

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
    NEED(SVDF, "in(2)", "weights_time (input 2)", "svdf_common.cc:385"),
    CHECK(SVDF, "svdf_rank <= 0 || dim(in(1), 0) % svdf_rank != 0",
          "the SVDF rank does not divide the filter count", "svdf_common.cc:397"),
    CHECK(SVDF, "type(in(0)) != INT8 && type(in(0)) != FLOAT32",
          "input type is not FLOAT32 or INT8", "svdf_common.cc:403"),
    CHECK(SVDF, "rank(in(0)) != 2", "the input needs 2 dimensions", "svdf_common.cc:404"),
    CHECK(SVDF, "n_out != 1", "SVDF needs 1 output", "svdf_common.cc:408"),
    NEED(SVDF, "out(0)", "output (output 0)", "svdf_common.cc:411"),
    CHECK(SVDF, "rank(out(0)) != 2", "the output needs 2 dimensions", "svdf_common.cc:412"),
    CHECK(SVDF, "dim(out(0), 0) != dim(in(0), 0)", "the output's batch differs",
          "svdf_common.cc:413"),
    CHECK(SVDF, "dim(out(0), 1) != dim(in(1), 0) / svdf_rank",
          "the output's units are not filters / rank", "svdf_common.cc:414"),
    CHECK(SVDF, "rank(in(1)) != 2", "weights_feature needs 2 dimensions", "svdf_common.cc:417"),
    CHECK(SVDF, "dim(in(1), 1) != dim(in(0), 1)", "weights_feature's input size differs",
          "svdf_common.cc:418"),
    CHECK(SVDF, "rank(in(2)) != 2", "weights_time needs 2 dimensions", "svdf_common.cc:421"),
    CHECK(SVDF, "dim(in(2), 0) != dim(in(1), 0)", "weights_time's filter count differs",
          "svdf_common.cc:422"),
    CHECK(SVDF, "exists(in(3)) && dim(in(3), 0) != dim(in(1), 0) / svdf_rank",
          "the bias size is not the unit count", "svdf_common.cc:427"),
    CHECK(SVDF, "rank(in(4)) != 2", "activation_state needs 2 dimensions", "svdf_common.cc:431"),
    CHECK(SVDF, "dim(in(4), 0) != dim(in(0), 0)", "activation_state's batch differs",
          "svdf_common.cc:432"),
    CHECK(SVDF, "dim(in(4), 1) != dim(in(2), 1) * dim(in(1), 0)",
          "activation_state's size is not memory x filters", "svdf_common.cc:433"),
    CHECK(SVDF, "!variable(in(4))", "the activation state is not a variable", "svdf_common.cc:436"),
    CHECK(SVDF, "n_in != 5", "SVDF needs 5 inputs", "svdf_common.cc:438"),
    CHECK(SVDF, "type(in(0)) == FLOAT32 && type(in(1)) != FLOAT32",
          "a FLOAT32 SVDF's weights_feature is not FLOAT32 (hybrid)", "svdf_common.cc:492"),
    CHECK(SVDF, "type(in(0)) == INT8 && type(in(1)) != INT8", "weights_feature is not INT8",
          "svdf_common.cc:444"),
    CHECK(SVDF, "type(in(0)) == INT8 && type(in(2)) != INT16 && type(in(2)) != INT8",
          "weights_time is not INT16 or INT8", "svdf_common.cc:445"),
    CHECK(SVDF, "type(in(0)) == INT8 && type(in(4)) != INT16 && type(in(4)) != INT8",
          "activation_state is not INT16 or INT8", "svdf_common.cc:447"),
    CHECK(SVDF, "type(in(0)) == INT8 && exists(in(3)) && type(in(3)) != INT32",
          "bias is not INT32", "svdf_common.cc:450"),
    CHECK(SVDF, "type(in(0)) == INT8 && type(out(0)) != INT8", "output is not INT8",
          "svdf_common.cc:453"),
    ABORT(SVDF, "type(in(0)) == INT8 && !exists(in(3))",
          "an omitted bias (input 3 is -1): its scale is read through a null pointer",
          "svdf_common.cc:466"),
    CHECK(SVDF, "type(in(0)) == INT8 && svdf_bias_off(in(4), in(2), in(3))",
          "the bias scale is not activation_state's times weights_time's (within 1e-5)",
          "svdf_common.cc:464"),
    SCRATCH(SVDF, "type(in(0)) == INT8", "dim(in(0), 0) * dim(in(1), 0) * 4",
            "int32 filter outputs", "svdf_common.cc:481"),
    SCRATCH(SVDF, "type(in(0)) == INT8", "dim(in(0), 0) * (dim(in(1), 0) / svdf_rank) * 4",
            "int32 unit outputs", "svdf_common.cc:487"),
    SCRATCH(SVDF, "type(in(0)) == FLOAT32", "dim(in(0), 0) * dim(in(1), 0) * 4",
            "float filter outputs", "svdf_common.cc:501"),
    /* The bias temporary is deallocated whether it exists or not (TODO #1751): an omitted
     * bias is a null pointer (a TFLITE_DCHECK aborts on host64; the M4 faults). */
    ABORT(SVDF, "!exists(in(3))",
          "an omitted bias (input 3) deallocated as a temporary: a null pointer",
          "svdf_common.cc:513"),

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
    CHECK(TRANSPOSE, "n_in != 2", "TRANSPOSE needs 2 inputs", "transpose_common.cc:27"),
    CHECK(TRANSPOSE, "n_out != 1", "TRANSPOSE needs 1 output", "transpose_common.cc:28"),
    CHECK(TRANSPOSE, "rank(in(0)) > 5", "the input has more than 5 dimensions",
          "transpose_common.cc:33"),
    CHECK(TRANSPOSE, "type(in(0)) != type(out(0))", "input and output types differ",
          "transpose_common.cc:35"),
    CHECK(TRANSPOSE, "!constant(in(1))", "the permutation is not constant", "transpose_common.cc:37"),
    CHECK(TRANSPOSE, "rank(in(1)) != 1", "the permutation is not a vector",
          "transpose_common.cc:44"),
    CHECK(TRANSPOSE, "dim(in(1), 0) != rank(in(0))",
          "the permutation's length is not the input's rank", "transpose_common.cc:45"),
    CHECK_EACH(TRANSPOSE, "rank(in(0))", "value(in(1), i) < 0 || value(in(1), i) >= rank(in(0))",
               "the permutation is out of bounds", "transpose_common.cc:47"),

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
    /* (The reader refuses a cond or body index past the subgraphs: while.cc:60-63.) */
    CHECK(WHILE, "n_in != sg_inputs(calls(0))", "the cond subgraph's input count is not WHILE's",
          "while.cc:65"),
    CHECK(WHILE, "n_in != sg_inputs(calls(1))", "the body subgraph's input count is not WHILE's",
          "while.cc:67"),
    CHECK(WHILE, "n_in != n_out", "WHILE's input and output counts differ", "while.cc:69"),
    CHECK(WHILE, "n_out != sg_outputs(calls(1))",
          "the body subgraph's output count is not WHILE's", "while.cc:70"),



    PARSE(ZEROS_LIKE, NULL, FBC "3001"),
    CHECK(ZEROS_LIKE, "n_in != 1", "ZEROS_LIKE needs 1 input", "zeros_like.cc:31"),
    CHECK(ZEROS_LIKE, "n_out != 1", "ZEROS_LIKE needs 1 output", "zeros_like.cc:32"),
    TEMP(ZEROS_LIKE, "in(0)", "zeros_like.cc:34"),
    NEED(ZEROS_LIKE, "in(0)", "input (input 0)", "zeros_like.cc:35"),
    TEMP(ZEROS_LIKE, "out(0)", "zeros_like.cc:37"),
    NEED(ZEROS_LIKE, "out(0)", "output (output 0)", "zeros_like.cc:38"),

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
     * (QUANT_PTRS); prune reads the zero points themselves (ALL), then copies them, int32 to
     * int8, into a buffer below: byte i written after zero point i is read, so a buffer on the
     * zero-point array clobbers a zero point still to be read (measured on x86-64: at 904 the
     * second channel's zero point copies the first's; correct from 920), so ALL too.
     * TFLITE_DCHECK that a prune output has as many zero points as scales is not modelled. */
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
    KEEP_EACH_CLEAR(TFLM_DECODE, ALL, "dcm == 2 && quantized(out(i)) && scales(out(i)) > 1 "
                    "&& zero_points_nonzero(out(i))", "n_out", "scales(out(i))",
                    "per-channel zero points", "decode_state_prune.cc:73"),
};

const ap__ktable ap__reference_table = {"reference", rows, sizeof rows / sizeof rows[0], NULL};
