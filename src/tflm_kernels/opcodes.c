/*
 * opcodes.c - operators by the codes the kernel tables use (opcodes.h): builtins by their
 * schema code, custom operators by their custom code; and which of them TFLM has a kernel for.
 */
#include <string.h>

#include "tflm_kernels/opcodes.h"

#define NAME(name, text) text,
static const char *const customs[] = {AP__CUSTOM_OPS(NAME)};
#undef NAME

#define N_CUSTOMS (sizeof customs / sizeof customs[0])
_Static_assert(N_CUSTOMS == AP__OP_END - AP__OP_BEFORE_CUSTOM - 1, "one name per custom code");

int32_t ap__opcodes_code(const ap_tfl_operator *op)
{
    if (op->builtin != AP_TFL_OP_CUSTOM) /* a code past the schema's is no table's */
        return op->builtin >= 0 && op->builtin <= AP__OP_BEFORE_CUSTOM ? op->builtin : -1;
    for (size_t i = 0; op->custom_code && i < N_CUSTOMS; i++)
        if (strcmp(op->custom_code, customs[i]) == 0)
            return AP__OP_BEFORE_CUSTOM + 1 + (int32_t)i;
    return -1;
}

const char *ap__opcodes_custom_name(int32_t code)
{
    if (code <= AP__OP_BEFORE_CUSTOM || code >= AP__OP_END)
        return NULL;
    return customs[code - AP__OP_BEFORE_CUSTOM - 1];
}

/* The builtin operators MicroMutableOpResolver registers (its Add* methods,
 * micro_mutable_op_resolver.h at 90b983c2b). */
#define TFLM_BUILTINS(X)                                                                     \
    X(ABS) X(ADD) X(ADD_N) X(ARG_MAX) X(ARG_MIN) X(ASSIGN_VARIABLE) X(AVERAGE_POOL_2D)       \
    X(BATCH_MATMUL) X(BATCH_TO_SPACE_ND) X(BROADCAST_ARGS) X(BROADCAST_TO) X(CALL_ONCE)      \
    X(CAST) X(CEIL) X(CONCATENATION) X(CONV_2D) X(COS) X(CUMSUM) X(DEPTHWISE_CONV_2D)        \
    X(DEPTH_TO_SPACE) X(DEQUANTIZE) X(DIV) X(DYNAMIC_UPDATE_SLICE) X(ELU)                    \
    X(EMBEDDING_LOOKUP) X(EQUAL) X(EXP) X(EXPAND_DIMS) X(FILL) X(FLOOR) X(FLOOR_DIV)         \
    X(FLOOR_MOD) X(FULLY_CONNECTED) X(GATHER) X(GATHER_ND) X(GREATER) X(GREATER_EQUAL)       \
    X(HARD_SWISH) X(IF) X(L2_NORMALIZATION) X(L2_POOL_2D) X(LEAKY_RELU) X(LESS)              \
    X(LESS_EQUAL) X(LOG) X(LOGICAL_AND) X(LOGICAL_NOT) X(LOGICAL_OR) X(LOGISTIC)             \
    X(LOG_SOFTMAX) X(MAXIMUM) X(MAX_POOL_2D) X(MEAN) X(MINIMUM) X(MIRROR_PAD) X(MUL) X(NEG)  \
    X(NOT_EQUAL) X(PACK) X(PAD) X(PADV2) X(PRELU) X(QUANTIZE) X(READ_VARIABLE)               \
    X(REDUCE_ALL) X(REDUCE_MAX) X(REDUCE_MIN) X(RELU) X(RELU6) X(RESHAPE) X(RESIZE_BILINEAR) \
    X(RESIZE_NEAREST_NEIGHBOR) X(REVERSE_V2) X(ROUND) X(RSQRT) X(SELECT_V2) X(SHAPE) X(SIN)  \
    X(SLICE) X(SOFTMAX) X(SPACE_TO_BATCH_ND) X(SPACE_TO_DEPTH) X(SPLIT) X(SPLIT_V) X(SQRT)   \
    X(SQUARE) X(SQUARED_DIFFERENCE) X(SQUEEZE) X(STRIDED_SLICE) X(SUB) X(SUM) X(SVDF)        \
    X(TANH) X(TRANSPOSE) X(TRANSPOSE_CONV) X(UNIDIRECTIONAL_SEQUENCE_LSTM) X(UNPACK)         \
    X(VAR_HANDLE) X(WHILE) X(ZEROS_LIKE)

#define CODE(name) AP__OP_##name,
static const int32_t tflm_builtins[] = {TFLM_BUILTINS(CODE)};
#undef CODE

/* The custom codes it registers (AddCustom calls of its Add* methods). Not ethos-u: AddEthosU
 * (micro_mutable_op_resolver.h:282-288) registers nothing in a build without the Ethos-U
 * co-processor kernel (CO_PROCESSOR=ethos_u), whose stub Register_ETHOSU returns nullptr
 * (kernels/ethosu.cc:23), and every kernel set arenaplan has is such a build: the real runtime
 * refuses person_detect_vela ("Failed to get registration from op code CUSTOM",
 * corpus/reference/m4). The ETHOS_U rows still size the head for a firmware that links it. */
static const char *const tflm_customs[] = {
    "CIRCULAR_BUFFER", "SignalDelay", "SignalEnergy", "SignalFftAutoScale", "SignalFilterBank",
    "SignalFilterBankLog", "SignalFilterBankSquareRoot", "SignalFilterBankSpectralSubtraction",
    "SignalFramer", "SignalIrfft", "SignalOverlapAdd", "SignalPCAN", "SignalRfft",
    "SignalStacker", "SignalWindow", "TFLM_DECODE", "TFLite_Detection_PostProcess"};

int ap__opcodes_tflm_has(const ap_tfl_operator *op)
{
    if (op->builtin != AP_TFL_OP_CUSTOM) {
        for (size_t i = 0; i < sizeof tflm_builtins / sizeof tflm_builtins[0]; i++)
            if (tflm_builtins[i] == op->builtin)
                return 1;
        return 0;
    }
    for (size_t i = 0; op->custom_code && i < sizeof tflm_customs / sizeof tflm_customs[0]; i++)
        if (strcmp(op->custom_code, tflm_customs[i]) == 0)
            return 1;
    return 0;
}
