/*
 * alloc_rows.c - the tables of what TFLM's op resolver and kernels allocate in the arena.
 *
 * Shape (alloc_rows.h has the details, expr.h the expression language):
 *   parsers      { builtin operator, TfLite*Params struct its parser allocates (or NULL) }
 *   kernel rows  { operator, step (INIT | PREPARE), kind, when, repeat, expr, what }, in the
 *                order the kernel makes its calls, an operator's rows together; kind PERSIST
 *                (AllocatePersistentBuffer of `expr` bytes: tail, 16-aligned), TEMP (a
 *                temporary TfLiteTensor for the tensor `expr`), NONE (known, allocates
 *                nothing); `when` a condition, `repeat` a count (row runs for i = 0 ..)
 *   kernel sets  { name, rows, fallback set }: "reference" below; "cmsis-nn" adds its rows
 *                and falls back to "reference"
 *
 * Read from tflite-micro 90b983c2b: the parsers in tensorflow/lite/core/api/
 * flatbuffer_conversions.cc (as micro_mutable_op_resolver.h registers them), the kernels in
 * tensorflow/lite/micro/kernels/ (FILE.cc and FILE_common.cc) and signal/micro/kernels/.
 * TEMP rows for a tensor the operator does not have (an omitted bias: in(2) is -1) allocate
 * nothing, as AllocateTempInputTensor returns NULL.
 */
#include <string.h>

#include "tflm_kernels/alloc_rows.h"

/* ---- Parsers ---------------------------------------------------------------------------------- */

static const ap__parser parsers[] = {
    {"ADD", "TfLiteAddParams"},
    {"ASSIGN_VARIABLE", NULL},
    {"AVERAGE_POOL_2D", "TfLitePoolParams"},
    {"BATCH_TO_SPACE_ND", NULL},
    {"CALL_ONCE", "TfLiteCallOnceParams"},
    {"CAST", "TfLiteCastParams"},
    {"CONCATENATION", "TfLiteConcatenationParams"},
    {"CONV_2D", "TfLiteConvParams"},
    {"DEPTHWISE_CONV_2D", "TfLiteDepthwiseConvParams"},
    {"DEQUANTIZE", NULL},
    {"DIV", "TfLiteDivParams"},
    {"EQUAL", NULL},
    {"FLOOR_MOD", NULL},
    {"FULLY_CONNECTED", "TfLiteFullyConnectedParams"},
    {"GATHER", "TfLiteGatherParams"},
    {"IF", "TfLiteIfParams"},
    {"LEAKY_RELU", "TfLiteLeakyReluParams"},
    {"LESS", NULL},
    {"LOGISTIC", NULL},
    {"MAXIMUM", NULL},
    {"MAX_POOL_2D", "TfLitePoolParams"},
    {"MEAN", "TfLiteReducerParams"},
    {"MINIMUM", NULL},
    {"MUL", "TfLiteMulParams"},
    {"PACK", "TfLitePackParams"},
    {"PAD", NULL},
    {"PRELU", NULL},
    {"QUANTIZE", NULL},
    {"READ_VARIABLE", NULL},
    {"RESHAPE", "TfLiteReshapeParams"},
    {"RESIZE_NEAREST_NEIGHBOR", "TfLiteResizeNearestNeighborParams"},
    {"SHAPE", "TfLiteShapeParams"},
    {"SOFTMAX", "TfLiteSoftmaxParams"},
    {"SPACE_TO_BATCH_ND", NULL},
    {"SPLIT", "TfLiteSplitParams"},
    {"STRIDED_SLICE", "TfLiteStridedSliceParams"},
    {"SUB", "TfLiteSubParams"},
    {"SVDF", "TfLiteSVDFParams"},
    {"TRANSPOSE", NULL},
    {"TRANSPOSE_CONV", "TfLiteTransposeConvParams"},
    {"UNIDIRECTIONAL_SEQUENCE_LSTM", "TfLiteUnidirectionalSequenceLSTMParams"},
    {"VAR_HANDLE", "TfLiteVarHandleParams"},
    {"WHILE", "TfLiteWhileParams"},
};

const ap__parser *ap__alloc_rows_parsers(size_t *n)
{
    *n = sizeof parsers / sizeof parsers[0];
    return parsers;
}

const ap__parser *ap__alloc_rows_parser(const char *op)
{
    for (size_t i = 0; i < sizeof parsers / sizeof parsers[0]; i++)
        if (strcmp(parsers[i].op, op) == 0)
            return &parsers[i];
    return NULL;
}

/* ---- Kernel sets ------------------------------------------------------------------------------ */

#define INIT(op, bytes, what) {op, AP__KSTEP_INIT, AP__KIND_PERSIST, NULL, NULL, bytes, what}
#define INIT_IF(op, when, bytes, what) {op, AP__KSTEP_INIT, AP__KIND_PERSIST, when, NULL, bytes, what}
#define KEEP(op, when, bytes, what) {op, AP__KSTEP_PREPARE, AP__KIND_PERSIST, when, NULL, bytes, what}
#define TEMP(op, tensor) {op, AP__KSTEP_PREPARE, AP__KIND_TEMP, NULL, NULL, tensor, NULL}
#define TEMP_IF(op, when, tensor) {op, AP__KSTEP_PREPARE, AP__KIND_TEMP, when, NULL, tensor, NULL}
#define TEMP_EACH(op, count, tensor) {op, AP__KSTEP_PREPARE, AP__KIND_TEMP, NULL, count, tensor, NULL}
#define NONE(op) {op, AP__KSTEP_PREPARE, AP__KIND_NONE, NULL, NULL, NULL, NULL}

/* Per-channel multipliers and shifts: int32 each, one per output channel (dimension d of the
 * filter). CONV_2D, DEPTHWISE_CONV_2D and TRANSPOSE_CONV allocate them in every case, float
 * models too. */
#define PER_CHANNEL(op, d)                                                                   \
    KEEP(op, NULL, "4 * dim(in(1), " d ")", "per-channel output multipliers"),                 \
    KEEP(op, NULL, "4 * dim(in(1), " d ")", "per-channel output shifts")

/* FULLY_CONNECTED's CalculateOpDataFullyConnected (also called by the LSTM for each gate):
 * per-channel arrays only for a quantized input with a per-channel quantized filter. */
#define FC_PER_CHANNEL(op, input, filter)                                                     \
    KEEP(op, "type(" input ") != FLOAT32 && quantized(" filter ") && scales(" filter ") > 1",   \
         "4 * scales(" filter ")", "per-channel output multipliers"),                           \
    KEEP(op, "type(" input ") != FLOAT32 && quantized(" filter ") && scales(" filter ") > 1",   \
         "4 * scales(" filter ")", "per-channel output shifts")

/* The LSTM's integer gates (cell state INT16): input and recurrent fully-connected parts. */
#define LSTM "UNIDIRECTIONAL_SEQUENCE_LSTM"
#define LSTM_GATE(w, r)                                                                       \
    FC_PER_CHANNEL(LSTM, "in(0)", "in(" w ")"), FC_PER_CHANNEL(LSTM, "in(18)", "in(" r ")")

/* The LSTM's Prepare up to its own allocations: LstmTensors' temporaries (the 24 inputs, the
 * output), then PrepareGateParametersInteger, gates in its order: forget, input, cell, output. */
#define LSTM_PREPARE                                                                          \
    TEMP_EACH(LSTM, "24", "in(i)"), TEMP(LSTM, "out(0)"),                                    \
    LSTM_GATE("2", "6"), LSTM_GATE("1", "5"), LSTM_GATE("3", "7"), LSTM_GATE("4", "8")

/* SOFTMAX's Prepare (the reference's and CMSIS-NN's): the temporaries, then the int16 lookup
 * tables of CalculateSoftmaxParams. */
#define SOFTMAX_PREPARE                                                                       \
    TEMP("SOFTMAX", "in(0)"), TEMP("SOFTMAX", "out(0)"),                                     \
    KEEP("SOFTMAX", "type(in(0)) == INT16", "2 * 513", "exp lookup table (int16)"),          \
    KEEP("SOFTMAX", "type(in(0)) == INT16", "2 * 513", "1 / (1 + x) lookup table (int16)")

/* TRANSPOSE_CONV's Prepare (the reference's and CMSIS-NN's): output, input and filter, the
 * per-channel arrays (every type), then CalculateOpData's temporaries for quantized ones. */
#define TRANSPOSE_CONV_PREPARE                                                                \
    TEMP("TRANSPOSE_CONV", "out(0)"), TEMP("TRANSPOSE_CONV", "in(2)"),                       \
    TEMP("TRANSPOSE_CONV", "in(1)"),                                                         \
    PER_CHANNEL("TRANSPOSE_CONV", "0"),                                                      \
    TEMP_IF("TRANSPOSE_CONV", "type(in(2)) != FLOAT32", "in(2)"),                            \
    TEMP_IF("TRANSPOSE_CONV", "type(in(2)) != FLOAT32", "in(1)"),                            \
    TEMP_IF("TRANSPOSE_CONV", "type(in(2)) != FLOAT32", "in(3)"),                            \
    TEMP_IF("TRANSPOSE_CONV", "type(in(2)) != FLOAT32", "out(0)")

/* kissfft's real FFT state for fft_length L of scalar size s (kiss_fftr_alloc): the fftr
 * state, a complex FFT state of L/2 points (its struct holds one twiddle, L/2 - 1 follow) and
 * 3/2 * (L/2) complex values (tmpbuf and super twiddles). */
#define RFFT_STATE(type, s)                                                                   \
    INIT_IF("SignalRfft", "copt(\"T\") == " #type,                                           \
            "sizeof(kiss_fftr_state) + sizeof(kiss_fft_state_" #type ") + " s               \
            " * (copt(\"fft_length\") / 2 - 1) + " s " * ((copt(\"fft_length\") / 2) * 3 / 2)", \
            "FFT state")

static const ap__krow reference_rows[] = {
    INIT("ADD", "sizeof(OpDataAdd)", "OpDataAdd"),
    TEMP("ADD", "in(0)"), TEMP("ADD", "in(1)"), TEMP("ADD", "out(0)"),

    /* Then MicroResourceVariables::Allocate gives the variable its buffer the first time it is
     * assigned: runtime state across operators, replayed by tflm_arena/trace.c. */
    TEMP("ASSIGN_VARIABLE", "in(1)"),

    INIT("AVERAGE_POOL_2D", "sizeof(OpDataPooling)", "OpDataPooling"),
    TEMP("AVERAGE_POOL_2D", "in(0)"), TEMP("AVERAGE_POOL_2D", "out(0)"),

    TEMP("BATCH_TO_SPACE_ND", "in(0)"), TEMP("BATCH_TO_SPACE_ND", "out(0)"),

    INIT("CALL_ONCE", "sizeof(OpDataCallOnce)", "OpData"),

    TEMP("CAST", "in(0)"), TEMP("CAST", "out(0)"),

    INIT("CONCATENATION", "sizeof(OpDataConcatenation)", "OpData"),
    TEMP("CONCATENATION", "in(0)"), TEMP("CONCATENATION", "out(0)"),
    TEMP_EACH("CONCATENATION", "n_in", "in(i)"),

    INIT("CONV_2D", "sizeof(OpDataConv)", "OpDataConv"),
    TEMP("CONV_2D", "out(0)"), TEMP("CONV_2D", "in(0)"), TEMP("CONV_2D", "in(1)"),
    PER_CHANNEL("CONV_2D", "0"),
    TEMP("CONV_2D", "in(0)"), TEMP("CONV_2D", "in(1)"), TEMP("CONV_2D", "in(2)"),
    TEMP("CONV_2D", "out(0)"),

    INIT("DEPTHWISE_CONV_2D", "sizeof(OpDataConv)", "OpDataConv"),
    TEMP("DEPTHWISE_CONV_2D", "out(0)"), TEMP("DEPTHWISE_CONV_2D", "in(0)"),
    TEMP("DEPTHWISE_CONV_2D", "in(1)"),
    PER_CHANNEL("DEPTHWISE_CONV_2D", "3"),
    TEMP("DEPTHWISE_CONV_2D", "in(0)"), TEMP("DEPTHWISE_CONV_2D", "in(1)"),
    TEMP("DEPTHWISE_CONV_2D", "in(2)"), TEMP("DEPTHWISE_CONV_2D", "out(0)"),

    INIT("DEQUANTIZE", "sizeof(DequantizeOpData)", "DequantizeOpData"),
    TEMP("DEQUANTIZE", "in(0)"), TEMP("DEQUANTIZE", "out(0)"),

    INIT("DIV", "sizeof(OpDataDiv)", "OpDataDiv"),
    TEMP("DIV", "in(0)"), TEMP("DIV", "in(1)"), TEMP("DIV", "out(0)"),

    INIT("EQUAL", "sizeof(OpDataComparison)", "OpData"),
    TEMP("EQUAL", "in(0)"), TEMP("EQUAL", "in(1)"),

    TEMP("FLOOR_MOD", "in(0)"), TEMP("FLOOR_MOD", "in(1)"), TEMP("FLOOR_MOD", "out(0)"),

    INIT("FULLY_CONNECTED", "sizeof(OpDataFullyConnected)", "OpDataFullyConnected"),
    TEMP("FULLY_CONNECTED", "in(0)"), TEMP("FULLY_CONNECTED", "in(1)"),
    TEMP("FULLY_CONNECTED", "in(2)"), TEMP("FULLY_CONNECTED", "out(0)"),
    FC_PER_CHANNEL("FULLY_CONNECTED", "in(0)", "in(1)"),

    TEMP("GATHER", "in(0)"), TEMP("GATHER", "in(1)"), TEMP("GATHER", "out(0)"),
    KEEP("GATHER", NULL, "sizeof(TfLiteIntArray) + 4 * rank(out(0))", "output dims (writable copy)"),

    INIT("IF", "sizeof(OpDataIf)", "OpData"),
    TEMP("IF", "in(0)"),

    INIT("LEAKY_RELU", "sizeof(LeakyReluOpData)", "LeakyReluOpData"),
    TEMP("LEAKY_RELU", "in(0)"), TEMP("LEAKY_RELU", "out(0)"),

    INIT("LESS", "sizeof(OpDataComparison)", "OpData"),
    TEMP("LESS", "in(0)"), TEMP("LESS", "in(1)"),

    INIT("LOGISTIC", "sizeof(OpDataLogistic)", "OpDataLogistic"),
    TEMP("LOGISTIC", "in(0)"), TEMP("LOGISTIC", "out(0)"),

    NONE("MAXIMUM"),

    INIT("MAX_POOL_2D", "sizeof(OpDataPooling)", "OpDataPooling"),
    TEMP("MAX_POOL_2D", "in(0)"), TEMP("MAX_POOL_2D", "out(0)"),

    INIT("MEAN", "sizeof(OpDataReduce)", "OpDataReduce"),
    TEMP("MEAN", "in(0)"), TEMP("MEAN", "out(0)"), TEMP("MEAN", "in(1)"),
    TEMP("MEAN", "in(0)"), TEMP("MEAN", "in(1)"),
    TEMP_IF("MEAN", "type(in(0)) == INT8", "out(0)"),

    NONE("MINIMUM"),

    INIT("MUL", "sizeof(OpDataMul)", "OpDataMul"),
    TEMP("MUL", "in(0)"), TEMP("MUL", "in(1)"), TEMP("MUL", "out(0)"),

    NONE("PACK"),

    INIT("PAD", "sizeof(OpDataPad)", "OpData"),
    TEMP("PAD", "in(0)"), TEMP("PAD", "in(1)"), TEMP_IF("PAD", "n_in == 3", "in(2)"),
    TEMP("PAD", "out(0)"),

    INIT("PRELU", "sizeof(PreluParams)", "PreluParams"),
    TEMP("PRELU", "in(0)"), TEMP("PRELU", "in(1)"), TEMP("PRELU", "out(0)"),

    INIT("QUANTIZE", "sizeof(OpDataQuantizeReference)", "OpDataQuantizeReference"),
    TEMP("QUANTIZE", "in(0)"), TEMP("QUANTIZE", "out(0)"),

    TEMP("READ_VARIABLE", "in(0)"),

    /* A -1 in the output shape would make ReshapeOutput copy the output's dims to the tail
     * (CreateWritableTensorDimsWithCopy); the reader refuses negative dimensions. */
    TEMP("RESHAPE", "in(0)"), TEMP("RESHAPE", "out(0)"),

    TEMP("RESIZE_NEAREST_NEIGHBOR", "in(0)"), TEMP("RESIZE_NEAREST_NEIGHBOR", "in(1)"),
    TEMP("RESIZE_NEAREST_NEIGHBOR", "out(0)"),

    NONE("SHAPE"),

    INIT("SOFTMAX", "sizeof(SoftmaxParams)", "SoftmaxParams"),
    SOFTMAX_PREPARE,

    INIT("SPACE_TO_BATCH_ND", "sizeof(SpaceToBatchParams)", "SpaceToBatchParams"),
    TEMP("SPACE_TO_BATCH_ND", "in(0)"), TEMP("SPACE_TO_BATCH_ND", "out(0)"),

    TEMP("SPLIT", "in(0)"),

    INIT("STRIDED_SLICE", "sizeof(StridedSliceParams)", "StridedSliceParams"),
    TEMP("STRIDED_SLICE", "in(0)"), TEMP("STRIDED_SLICE", "in(1)"),
    TEMP("STRIDED_SLICE", "in(2)"), TEMP("STRIDED_SLICE", "in(3)"),
    TEMP("STRIDED_SLICE", "out(0)"),

    INIT("SUB", "sizeof(OpDataSub)", "OpDataSub"),
    TEMP("SUB", "in(0)"), TEMP("SUB", "in(1)"), TEMP("SUB", "out(0)"),

    INIT("SVDF", "sizeof(OpDataSvdf)", "OpDataSvdf"),
    TEMP("SVDF", "in(0)"), TEMP("SVDF", "in(1)"), TEMP("SVDF", "in(2)"), TEMP("SVDF", "in(3)"),
    TEMP("SVDF", "in(4)"), TEMP("SVDF", "out(0)"),

    TEMP("TRANSPOSE", "in(0)"), TEMP("TRANSPOSE", "in(1)"), TEMP("TRANSPOSE", "out(0)"),

    INIT("TRANSPOSE_CONV", "sizeof(OpDataTransposeConv)", "OpData"),
    TRANSPOSE_CONV_PREPARE,

    INIT(LSTM, "sizeof(OpDataLSTM)", "OpDataLSTM"),
    LSTM_PREPARE,

    INIT("VAR_HANDLE", "sizeof(OpDataVarHandle)", "OpData"),

    INIT("WHILE", "sizeof(OpDataWhile)", "OpData"),

    /* The signal library (custom operators). */
    INIT("SignalEnergy", "sizeof(TFLMSignalEnergyParams)", "TFLMSignalEnergyParams"),
    TEMP("SignalEnergy", "in(0)"), TEMP("SignalEnergy", "out(0)"),

    TEMP("SignalFftAutoScale", "in(0)"), TEMP("SignalFftAutoScale", "out(0)"),
    TEMP("SignalFftAutoScale", "out(1)"),

    INIT("SignalFilterBank", "sizeof(TFLMSignalFilterBankParams)", "TFLMSignalFilterBankParams"),
    INIT("SignalFilterBank", "8 * (copt(\"num_channels\") + 1)", "work area"),
    TEMP_EACH("SignalFilterBank", "6", "in(i)"), TEMP("SignalFilterBank", "out(0)"),

    INIT("SignalFilterBankLog", "sizeof(TFLMSignalLogParams)", "TFLMSignalLogParams"),
    TEMP("SignalFilterBankLog", "in(0)"), TEMP("SignalFilterBankLog", "out(0)"),

    TEMP("SignalFilterBankSquareRoot", "in(0)"), TEMP("SignalFilterBankSquareRoot", "in(1)"),
    TEMP("SignalFilterBankSquareRoot", "out(0)"),

    INIT("SignalFilterBankSpectralSubtraction", "sizeof(TFLMSignalSpectralSubtractionParams)",
         "TFLMSignalSpectralSubtractionParams"),
    INIT("SignalFilterBankSpectralSubtraction", "4 * copt(\"num_channels\")", "noise estimate"),
    TEMP("SignalFilterBankSpectralSubtraction", "in(0)"),
    TEMP("SignalFilterBankSpectralSubtraction", "out(0)"),
    TEMP("SignalFilterBankSpectralSubtraction", "out(1)"),

    INIT("SignalPCAN", "sizeof(TfLitePcanParams)", "TfLitePcanParams"),
    TEMP("SignalPCAN", "in(0)"), TEMP("SignalPCAN", "in(1)"), TEMP("SignalPCAN", "in(2)"),
    TEMP("SignalPCAN", "out(0)"),

    /* RfftInitAll: the params only for T = INT16, INT32 or FLOAT32 (else Init returns NULL). */
    INIT_IF("SignalRfft", "copt(\"T\") == INT16 || copt(\"T\") == INT32 || copt(\"T\") == FLOAT32",
            "sizeof(TfLiteAudioFrontendRfftParams)", "TfLiteAudioFrontendRfftParams"),
    RFFT_STATE(INT16, "4"), RFFT_STATE(INT32, "8"), RFFT_STATE(FLOAT32, "8"),
    TEMP("SignalRfft", "in(0)"), TEMP("SignalRfft", "out(0)"),

    INIT("SignalWindow", "sizeof(TFLMSignalWindowParams)", "TFLMSignalWindowParams"),
    TEMP("SignalWindow", "in(0)"), TEMP("SignalWindow", "in(1)"), TEMP("SignalWindow", "out(0)"),
};

static const ap__kset reference_set = {
    "reference", reference_rows, sizeof reference_rows / sizeof reference_rows[0], NULL};

/* TFLM built with OPTIMIZED_KERNEL_DIR=cmsis_nn (the files of tensorflow/lite/micro/kernels/cmsis_nn):
 * rows for the kernels whose allocations differ from the reference ones; ADD, MUL, PAD,
 * TRANSPOSE, MAXIMUM and MINIMUM allocate as the reference kernels do (the same OpData, the same
 * temporaries), every other operator runs its reference kernel. The build's features (dsp, mve,
 * armclang, speed: expr.h) decide the rows that differ between cores; the scratch requests are
 * cmsis_nn.c's. docs/kernels.md lists them with their sources. */
#define INT8_OR_16(t) "(type(" t ") == INT8 || type(" t ") == INT16)"
#define LSTM_SUMS(type, bytes)                                                               \
    {LSTM, AP__KSTEP_PREPARE, AP__KIND_PERSIST,                                              \
     "type(in(0)) == " type " && type(in(19)) == INT16", "8", bytes, "kernel sums"}

static const ap__krow cmsis_rows[] = {
    /* conv.cc: temporaries of Prepare (the bias is read as output 2, which does not exist:
       nothing), per-channel arrays for INT8 and INT16 only, CalculateOpDataConv's. */
    INIT("CONV_2D", "sizeof(CmsisNnConvOpData)", "OpData"),
    TEMP("CONV_2D", "in(0)"), TEMP("CONV_2D", "in(1)"), TEMP("CONV_2D", "out(0)"),
    KEEP("CONV_2D", INT8_OR_16("in(0)"), "4 * dim(in(1), 0)", "per-channel output multipliers"),
    KEEP("CONV_2D", INT8_OR_16("in(0)"), "4 * dim(in(1), 0)", "per-channel output shifts"),
    TEMP("CONV_2D", "in(0)"), TEMP("CONV_2D", "in(1)"), TEMP("CONV_2D", "in(2)"),
    TEMP("CONV_2D", "out(0)"),

    /* depthwise_conv.cc, then CalculateOpDataDepthwiseConv. */
    INIT("DEPTHWISE_CONV_2D", "sizeof(CmsisNnConvOpData)", "OpData"),
    TEMP("DEPTHWISE_CONV_2D", "in(0)"), TEMP("DEPTHWISE_CONV_2D", "in(1)"),
    TEMP("DEPTHWISE_CONV_2D", "out(0)"),
    KEEP("DEPTHWISE_CONV_2D", INT8_OR_16("in(0)"), "4 * dim(in(1), 3)",
         "per-channel output multipliers"),
    KEEP("DEPTHWISE_CONV_2D", INT8_OR_16("in(0)"), "4 * dim(in(1), 3)",
         "per-channel output shifts"),
    TEMP("DEPTHWISE_CONV_2D", "in(0)"), TEMP("DEPTHWISE_CONV_2D", "in(1)"),
    TEMP("DEPTHWISE_CONV_2D", "in(2)"), TEMP("DEPTHWISE_CONV_2D", "out(0)"),

    /* fully_connected.cc: the kernel sums of arm_fully_connected_s8 (MVE) are kept when
       optimized for speed with a constant filter and a constant or absent bias. */
    INIT("FULLY_CONNECTED", "sizeof(CmsisNnFullyConnectedOpData)", "OpData"),
    TEMP("FULLY_CONNECTED", "in(0)"), TEMP("FULLY_CONNECTED", "in(1)"),
    TEMP("FULLY_CONNECTED", "in(2)"), TEMP("FULLY_CONNECTED", "out(0)"),
    FC_PER_CHANNEL("FULLY_CONNECTED", "in(0)", "in(1)"),
    KEEP("FULLY_CONNECTED",
         "mve && speed && type(in(0)) == INT8 && type(in(1)) != INT4 && !(rank(out(0)) > 2 && "
         "dim(in(1), rank(in(1)) - 1) % 4 == 0) && constant(in(1)) && (!exists(in(2)) || "
         "constant(in(2)))",
         "4 * dim(out(0), rank(out(0)) - 1)", "kernel sums"),

    /* pooling.cc: AveragePrepare takes the temporaries again after PoolingPrepare. */
    INIT("AVERAGE_POOL_2D", "sizeof(CmsisNnPoolingOpData)", "OpData"),
    TEMP("AVERAGE_POOL_2D", "in(0)"), TEMP("AVERAGE_POOL_2D", "out(0)"),
    TEMP("AVERAGE_POOL_2D", "in(0)"), TEMP("AVERAGE_POOL_2D", "out(0)"),
    INIT("MAX_POOL_2D", "sizeof(CmsisNnPoolingOpData)", "OpData"),
    TEMP("MAX_POOL_2D", "in(0)"), TEMP("MAX_POOL_2D", "out(0)"),

    INIT("SOFTMAX", "sizeof(CMSISNNSoftmaxParams)", "CMSISNNSoftmaxParams"),
    SOFTMAX_PREPARE,

    /* svdf.cc: arm_svdf_s8's kernel sums (MVE) are kept when optimized for speed. */
    INIT_IF("SVDF", "speed", "sizeof(CmsisNnOpDataSvdf)", "CmsisNnOpDataSvdf"),
    INIT_IF("SVDF", "!speed", "sizeof(CmsisNnOpDataSvdfSize)", "CmsisNnOpDataSvdf"),
    TEMP("SVDF", "in(0)"), TEMP("SVDF", "in(1)"), TEMP("SVDF", "in(2)"), TEMP("SVDF", "in(3)"),
    TEMP("SVDF", "in(4)"), TEMP("SVDF", "out(0)"),
    KEEP("SVDF", "mve && speed && type(in(0)) == INT8", "4 * dim(in(1), 0)", "kernel sums"),

    INIT("TRANSPOSE_CONV", "sizeof(CmsisNnTransposeConvOpData)", "OpData"),
    TRANSPOSE_CONV_PREPARE,

    /* unidirectional_sequence_lstm.cc: the reference kernel's Prepare, then, for CMSIS-NN's
       integer LSTM (INT16 cell state), the kernel sums of the four gates' input and recurrent
       parts (CMSIS_NN_PortOpData): int32 for an INT8 input, int64 for INT16. */
    INIT(LSTM, "sizeof(CmsisNnLstmOpData)", "OpData"),
    LSTM_PREPARE,
    LSTM_SUMS("INT8", "4 * dim(in(18), 1)"),
    LSTM_SUMS("INT16", "8 * dim(in(18), 1)"),
};

static const ap__kset cmsis_set = {
    "cmsis-nn", cmsis_rows, sizeof cmsis_rows / sizeof cmsis_rows[0], "reference"};
static const ap__kset cmsis_m4_set = {
    "cmsis-nn-m4", cmsis_rows, sizeof cmsis_rows / sizeof cmsis_rows[0], "reference"};

const ap__kset *const ap__alloc_rows_sets[] = {&reference_set, &cmsis_set, &cmsis_m4_set, NULL};

const ap__kset *ap__alloc_rows_set(const char *name)
{
    for (size_t i = 0; ap__alloc_rows_sets[i]; i++)
        if (strcmp(ap__alloc_rows_sets[i]->name, name) == 0)
            return ap__alloc_rows_sets[i];
    return NULL;
}

int ap__alloc_rows_find(const ap__kset *s, const char *name, const ap__krow **first, size_t *n)
{
    for (int depth = 0; s && depth < 8; depth++) {
        size_t k = 0;
        while (k < s->n_rows && strcmp(s->rows[k].op, name) != 0)
            k++;
        if (k < s->n_rows) {
            size_t e = k;
            while (e < s->n_rows && strcmp(s->rows[e].op, name) == 0)
                e++;
            *first = &s->rows[k];
            *n = e - k;
            return 1;
        }
        s = s->fallback ? ap__alloc_rows_set(s->fallback) : NULL;
    }
    return 0;
}
