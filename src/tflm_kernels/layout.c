/*
 * layout.c - TFLM's objects as field lists, and the engine that lays them out for a target.
 *
 * Each entry of the table below is one struct or class of tflite-micro 90b983c2b, built as the
 * reference figures were (TF_LITE_STATIC_MEMORY defined, USE_TFLM_COMPRESSION not, no Hexagon),
 * written as the kinds of its fields in declaration order:
 *
 *   i8 u8 bool        1 byte                  i16 u16           2 bytes
 *   i32 u32 f32 int   4 bytes                 i64 u64 f64       8 bytes, aligned to align8
 *   ptr size          a pointer, size_t or intptr_t (4 or 8 bytes)
 *   vptr              a C++ class's pointer to its virtual table (one per polymorphic base)
 *   enum              an enum whose values fit in a byte: 1 byte on cortex-m (arm-none-eabi
 *                     builds with short enums), 4 on host64
 *   enum32            an enum with a fixed `int` type (`enum X : int`) or wide values: 4 bytes
 *   Name              a struct of this table, nested
 *   kind[N]           an array of N
 *   :Base             first token only: a C++ base class; the fields that follow start at the
 *                     base's data size (Itanium C++ ABI: a non-POD base's tail padding is
 *                     reused), not at its padded size
 *
 * A flexible array member (TfLiteIntArray::data) is not listed: it adds nothing to sizeof.
 * Every layout was checked once against the compilers' own: the same field lists as C structs
 * and C++ classes, compiled with arm-none-eabi-gcc 12 (-mcpu=cortex-m4 -mfloat-abi=hard) and
 * gcc 12 for x86-64, sizeof and alignof printed (docs/arena.md). The engine itself is tested
 * against the host compiler on synthetic structs (tests/test_tflm_tables.c).
 */
#include <stdio.h>
#include <string.h>

#include "tflm_kernels/layout.h"

#define CORE "tensorflow/lite/core/c/common.h"
#define TYPES "tensorflow/compiler/mlir/lite/core/c/tflite_types.h"
#define BUILTIN "tensorflow/compiler/mlir/lite/core/c/builtin_op_data.h"
#define KTYPES "tensorflow/lite/kernels/internal/types.h"
#define MICRO "tensorflow/lite/micro/"
#define KERN "tensorflow/lite/micro/kernels/"
#define SIG "signal/micro/kernels/"

static const ap__struct_def structs[] = {
    /* The C API (TF_LITE_STATIC_MEMORY). TfLiteType has 24 values and TfLiteAllocationType 9:
     * both are `enum`; TfLiteQuantizationType is declared `: int` in C++. */
    {"TfLiteIntArray", "int", CORE},
    {"TfLiteQuantizationParams", "f32 i32", TYPES},
    {"TfLiteQuantization", "enum32 ptr", CORE},
    {"TfLiteAffineQuantization", "ptr ptr i32", CORE},
    {"TfLiteTensor", "TfLiteQuantization TfLiteQuantizationParams ptr ptr size enum enum bool",
     CORE},
    {"TfLiteEvalTensor", "ptr ptr enum", CORE},
    {"TfLiteNode", "ptr ptr ptr ptr ptr ptr int", CORE},

    /* The allocator, the interpreter's arena objects and the planner. */
    {"NodeAndRegistration", "TfLiteNode ptr", MICRO "micro_allocator.h"},
    {"SubgraphAllocations", "ptr ptr", MICRO "micro_allocator.h"},
    {"ScratchBufferHandle", "ptr", MICRO "micro_allocator.h"},
    {"ScratchBufferRequest", "size int int", MICRO "micro_allocator.h"},
    {"AllocationInfo", "size ptr int int i32 bool", MICRO "micro_allocation_info.h"},
    {"SingleArenaBufferAllocator", "vptr vptr ptr ptr ptr ptr ptr size int",
     MICRO "arena_allocator/single_arena_buffer_allocator.h"},
    {"PersistentArenaBufferAllocator", "vptr ptr ptr ptr",
     MICRO "arena_allocator/persistent_arena_buffer_allocator.h"},
    {"NonPersistentArenaBufferAllocator", "vptr ptr ptr ptr ptr size int bool",
     MICRO "arena_allocator/non_persistent_arena_buffer_allocator.h"},
    {"RecordingSingleArenaBufferAllocator", ":SingleArenaBufferAllocator size size size size",
     MICRO "arena_allocator/recording_single_arena_buffer_allocator.h"},
    {"MicroAllocator", "vptr ptr ptr ptr ptr bool size ptr size", MICRO "micro_allocator.h"},
    {"RecordedAllocation", "size size size", MICRO "recording_micro_allocator.h"},
    {"RecordingMicroAllocator", ":MicroAllocator ptr RecordedAllocation[7]",
     MICRO "recording_micro_allocator.h"},
    {"MicroBuiltinDataAllocator", "vptr ptr", MICRO "micro_allocator.cc"},
    {"MicroResourceVariables", "ptr int int", MICRO "micro_resource_variable.h"},
    {"MicroResourceVariable", "ptr ptr ptr size i8", MICRO "micro_resource_variable.h"},
    {"GreedyMemoryPlanner", "vptr int int ptr ptr ptr ptr int int ptr bool",
     MICRO "memory_planner/greedy_memory_planner.h"},
    /* GreedyMemoryPlanner::per_buffer_size(): BufferRequirements (4 int), two sort ints, a
     * ListEntry (3 int), the offset int. */
    {"GreedyPlannerPerBuffer", "int[4] int int int[3] int",
     MICRO "memory_planner/greedy_memory_planner.h"},

    /* Builtin parameters (the op resolver's parsers allocate one per operator). */
    {"TfLitePaddingValues", "int int int int", BUILTIN},
    {"TfLiteConvParams", "enum int int enum int int enum", BUILTIN},
    {"TfLitePoolParams", "enum int int int int enum TfLitePaddingValues", BUILTIN},
    {"TfLiteDepthwiseConvParams", "enum int int int enum int int", BUILTIN},
    {"TfLiteSVDFParams", "int enum bool", BUILTIN},
    {"TfLiteFullyConnectedParams", "enum enum bool bool enum", BUILTIN},
    {"TfLiteSoftmaxParams", "f32", BUILTIN},
    {"TfLiteConcatenationParams", "int enum", BUILTIN},
    {"TfLiteCumsumParams", "bool bool", BUILTIN},
    {"TfLiteAddParams", "enum bool", BUILTIN},
    {"TfLiteMulParams", "enum", BUILTIN},
    {"TfLiteSubParams", "enum bool", BUILTIN},
    {"TfLiteDivParams", "enum", BUILTIN},
    {"TfLiteUnidirectionalSequenceLSTMParams", "enum f32 f32 bool bool bool", BUILTIN},
    {"TfLiteResizeNearestNeighborParams", "bool bool", BUILTIN},
    {"TfLiteReshapeParams", "i32[8] int", BUILTIN},
    {"TfLiteCastParams", "enum enum", BUILTIN},
    {"TfLiteGatherParams", "int int", BUILTIN},
    {"TfLiteReducerParams", "bool", BUILTIN},
    {"TfLiteSplitParams", "int", BUILTIN},
    {"TfLiteSqueezeParams", "i32[8] int", BUILTIN},
    {"TfLiteStridedSliceParams", "int int int int int bool", BUILTIN},
    {"TfLiteTransposeConvParams", "enum int int enum enum", BUILTIN},
    {"TfLiteShapeParams", "enum", BUILTIN},
    {"TfLitePackParams", "int int", BUILTIN},
    {"TfLiteLeakyReluParams", "f32", BUILTIN},
    {"TfLiteIfParams", "int int", BUILTIN},
    {"TfLiteWhileParams", "int int", BUILTIN},
    {"TfLiteCallOnceParams", "int", BUILTIN},
    {"TfLiteVarHandleParams", "ptr ptr", BUILTIN},
    {"TfLiteMirrorPaddingParams", "enum", BUILTIN},
    {"TfLiteBatchMatMulParams", "bool bool bool", BUILTIN},
    {"TfLiteDepthToSpaceParams", "int", BUILTIN},
    {"TfLiteSplitVParams", "int", BUILTIN},
    {"TfLiteUnpackParams", "int int", BUILTIN},
    {"TfLiteSpaceToDepthParams", "int", BUILTIN},
    {"TfLiteResizeBilinearParams", "bool bool", BUILTIN},
    {"TfLiteArgMaxParams", "enum", BUILTIN},
    {"TfLiteArgMinParams", "enum", BUILTIN},
    {"TfLiteL2NormParams", "enum", BUILTIN},

    /* Kernel parameter structs of kernels/internal (enum classes there are `: uint8_t`). */
    {"PaddingValues", "i16 i16 i16 i16", KTYPES},
    {"QuantizationParams", "i32 f64", KTYPES},
    {"DequantizationParams", "f64 i32", KTYPES},
    {"ArithmeticParams",
     "u8 i32 i32 i32 i32 int int i32 int i32 int i32 i32 f32 f32 i64 i64 i16 i16 int[5]", KTYPES},
    {"ActivationParams", "u8 i32 i32", KTYPES},
    {"ConcatenationParams", "i32 ptr ptr i32 i32 f32", KTYPES},
    {"ComparisonParams", "int i32 i32 int i32 i32 int bool", KTYPES},
    {"ConvParams", "u8 PaddingValues i16 i16 i16 i16 i32 i32 i32 i32 int i32 i32 f32 f32", KTYPES},
    {"FullyConnectedParams", "i32 i32 i32 i32 int i32 i32 f32 f32 bool bool u8", KTYPES},
    {"HardSwishParams", "i16 i16 i16 int i16 int", KTYPES},
    {"L2NormalizationParams", "i32", KTYPES},
    {"PadParams", "i8 i32[5] i8 i32[5] u8", KTYPES},
    {"PreluParams", "i32 i32 i32 i32 int i32 int", KTYPES},
    {"ReluParams", ":ActivationParams i32 i32 i32 int", KTYPES},
    {"SoftmaxParams", "f64 i32 i32 i32 i32 int i32 f32 ptr ptr ptr ptr ptr", KTYPES},
    {"SpaceToBatchParams", "i32", KTYPES},
    {"StridedSliceParams", "i8 i32[5] i8 i32[5] i8 i32[5] u16 u16 u16 u16 u16 bool", KTYPES},

    /* The reference kernels' OpData. */
    {"OpDataAdd", "bool int int i32 i32 i32 i32 i32 int int i32 i32 i32 f32 f32", KERN "add.h"},
    {"OpDataAddN", "i32 i32 i32 i32 i32 i32 int int int int", KERN "add_n.cc (OpData)"},
    {"QuantizationOpDataBatchMatmul", "i32 int i32 i32 i32 i32 i32", KERN "batch_matmul.h"},
    {"OpDataBatchMatmul", "ptr ptr ptr bool bool bool", KERN "batch_matmul.h"},
    {"OpDataCumsum", "i32 i32 i32 i32 i32 i32 int int int", KERN "cumsum.cc (OpData)"},
    {"OpDataElu", "i8[256]", KERN "elu.cc (OpData)"},
    {"OpDataEmbeddingLookup", "f32 size", KERN "embedding_lookup.cc (OpData)"},
    {"OpDataSub", "bool int int i32 i32 i32 i32 i32 int int i32 i32 i32", KERN "sub.h"},
    {"OpDataMul", "i32 i32 i32 i32 i32 i32 int f32 f32", KERN "mul.h"},
    {"OpDataDiv", "i32 i32 i32 i32 i32 i32 int", KERN "div.cc"},
    {"OpDataConv", "TfLitePaddingValues i32 i32 i32 i32 int ptr ptr i32 i32 int", KERN "conv.h"},
    {"OpDataFullyConnected", "i32 int i32 i32 int i32 i32 i32 int ptr ptr bool",
     KERN "fully_connected.h"},
    {"OpDataPooling", "TfLitePaddingValues i32 i32 f32 f32", KERN "pooling.h"},
    {"OpDataPad", "PadParams i32", KERN "pad.h (OpData)"},
    {"OpDataQuantizeReference", "QuantizationParams i32 int i32", KERN "quantize.h"},
    {"DequantizeOpData", "DequantizationParams i32 int i32", KERN "dequantize.h"},
    {"LeakyReluOpData", "i32 i32 i32 i32 i32 i32", KERN "leaky_relu.h"},
    {"OpDataLogistic", "i32 i32 i32 int", KERN "logistic.h"},
    {"LogSoftmaxOpData", "i32 i32 i32 i32 int size size", KERN "log_softmax.cc"},
    {"OpDataMirrorPad", "int int int int int", KERN "mirror_pad.cc"},
    {"OpDataConcatenation", "ConcatenationParams", KERN "concatenation.cc (OpData)"},
    {"OpDataComparison", "ComparisonParams", KERN "comparisons.cc (OpData)"},
    /* TfLiteQuantizationType is `: int`, TfLiteType a small enum. */
    {"OpDataAbsRsqrt", "i32 int int int bool enum32 enum", KERN "elementwise.cc"},
    {"ReluOpData", "ReluParams", KERN "activations.h"},
    {"Relu6OpData", "i32 i32", KERN "activations.h"},
    {"OpDataTanh", "i32 i32 i32 int", KERN "tanh.cc (OpData)"},
    {"OpDataSelect", "bool", KERN "select.cc (OpData)"},
    {"OpDataSquaredDifference", "bool ArithmeticParams", KERN "squared_difference.cc (OpData)"},
    {"OpDataTransposeConv", "ConvParams int int ptr ptr", KERN "transpose_conv.cc (OpData)"},
    {"OpDataSvdf", "i32 i32 int int int int int int int", KERN "svdf.h"},
    {"OpDataReduce", "i32 int int int int int f32 int f32 int int", KERN "reduce.h"},
    {"OpDataWhile", "int int", KERN "while.cc (OpData)"},
    {"OpDataIf", "int int", KERN "if.cc (OpData)"},
    {"OpDataCallOnce", "int bool", KERN "call_once.cc (OpData)"},
    {"OpDataVarHandle", "i32", KERN "var_handle.cc (OpData)"},
    {"OpDataCircularBuffer", "int int", KERN "circular_buffer.h"},
    {"CenterSizeEncoding", "f32 f32 f32 f32", KERN "detection_postprocess.cc"},
    {"OpDataDetectionPostProcess",
     "int int int f32 f32 int bool CenterSizeEncoding int[11] TfLiteQuantizationParams[3]",
     KERN "detection_postprocess.cc (OpData)"},
    /* TFLM_DECODE's states: polymorphic classes (a vptr), the derived fields after the base's. */
    {"DecodeState", "vptr ptr ptr", KERN "decode_state.h"},
    {"DecodeStateLut", ":DecodeState ptr size size size ptr u8 u8 bool", KERN "decode_state_lut.h"},
    {"DecodeStatePrune", ":DecodeState ptr size size size ptr ptr i8 bool",
     KERN "decode_state_prune.h"},
    {"DecodeStateHuffman", ":DecodeState ptr size ptr bool u8", KERN "decode_state_huffman.h"},
    {"LstmSizeInfo", "bool int int int int", KERN "lstm_shared.h"},
    {"CellStateInfo", "f32 i16 i32", KERN "lstm_shared.h"},
    {"GateParameters", "FullyConnectedParams FullyConnectedParams", KERN "lstm_shared.h"},
    {"InterGateParameters", "ArithmeticParams[3]", KERN "lstm_shared.h"},
    {"OpDataLSTM",
     "LstmSizeInfo CellStateInfo enum GateParameters GateParameters GateParameters "
     "GateParameters InterGateParameters int[4]",
     KERN "lstm_shared.h"},

    /* The CMSIS-NN kernels' OpData (tensorflow/lite/micro/kernels/cmsis_nn/, the structs of
     * their anonymous namespaces, named here by kernel; KERNELS_OPTIMIZED_FOR_SPEED) and the
     * CMSIS-NN types they hold (CMSIS-NN 4ab83cc3 Include/arm_nn_types.h). */
    {"cmsis_nn_dims", "i32 i32 i32 i32", "CMSIS-NN arm_nn_types.h"},
    {"CmsisNnBatchMatmulOpData", "OpDataBatchMatmul cmsis_nn_dims int",
     KERN "cmsis_nn/batch_matmul.cc (OpData)"},
    {"CmsisNnConvOpData", "OpDataConv int", KERN "cmsis_nn/conv.cc, depthwise_conv.cc (OpData)"},
    {"CmsisNnFullyConnectedOpData", "OpDataFullyConnected int int ptr i32 i32 i32",
     KERN "cmsis_nn/fully_connected.cc (OpData)"},
    {"CmsisNnPoolingOpData", "OpDataPooling int", KERN "cmsis_nn/pooling.cc (OpData)"},
    {"CMSISNNSoftmaxParams", "SoftmaxParams i32 i32", KERN "cmsis_nn/softmax.cc"},
    {"CmsisNnOpDataSvdf", "i32 i32 int int int int int int int ptr", KERN "cmsis_nn/svdf.cc"},
    {"CmsisNnOpDataSvdfSize", "i32 i32 int int int int int int int int ptr",
     KERN "cmsis_nn/svdf.cc (KERNELS_OPTIMIZED_FOR_SIZE)"},
    {"CmsisNnTransposeConvOpData", "ConvParams int int int ptr ptr",
     KERN "cmsis_nn/transpose_conv.cc (OpData)"},
    {"cmsis_nn_lstm_gate", "i32 i32 ptr ptr i32 i32 ptr ptr ptr enum", "CMSIS-NN arm_nn_types.h"},
    {"cmsis_nn_lstm_params", "i32[15] cmsis_nn_lstm_gate[4]", "CMSIS-NN arm_nn_types.h"},
    {"CmsisNnLstmOpData", "OpDataLSTM cmsis_nn_lstm_params",
     KERN "cmsis_nn/unidirectional_sequence_lstm.cc (OpData)"},

    /* The signal library's kernels. */
    {"TFLMSignalWindowParams", "i32 i32", SIG "window.cc"},
    {"TfLiteAudioFrontendRfftParams", "i32 i32 i32 i32 enum ptr int ptr", SIG "rfft.cc"},
    {"TfLitePcanParams", "int", SIG "pcan.cc"},
    {"FilterbankConfig", "i32 ptr ptr ptr ptr ptr i32 i32", "signal/src/filter_bank.h"},
    {"TFLMSignalFilterBankParams", "FilterbankConfig ptr", SIG "filter_bank.cc"},
    {"TFLMSignalLogParams", "int int", SIG "filter_bank_log.cc"},
    {"SpectralSubtractionConfig", "i32 u32 u32 u32 u32 u32 u32 u32 bool",
     "signal/src/filter_bank_spectral_subtraction.h"},
    {"TFLMSignalSpectralSubtractionParams", "SpectralSubtractionConfig ptr size",
     SIG "filter_bank_spectral_subtraction.cc"},
    {"TFLMSignalEnergyParams", "i32 i32", SIG "energy.cc"},
    {"CircularBuffer", "size size size i32 i32 ptr", "signal/src/circular_buffer.h"},
    {"TFLMSignalFrontendDelayParams", "i32 i32 i32 ptr ptr", SIG "delay.cc"},
    {"TFLMSignalFramerParams", "i32 i32 i32 i32 bool ptr ptr", SIG "framer.cc"},
    {"TfLiteAudioFrontendIrfftParams", "i32 i32 i32 i32 enum ptr", SIG "irfft.cc"},
    {"IrfftFloatState", "i32 ptr", "signal/src/irfft_float.cc"},
    {"TFLMSignalOverlapAddParams", "i32 i32 i32 i32 enum ptr", SIG "overlap_add.cc"},
    {"TFLMSignalStackerParams", "i32 i32 i32 i32 size size bool ptr ptr", SIG "stacker.cc"},
    /* kissfft v130 (as TFLM downloads and patches it) sizes the real FFT's state from these:
     * kiss_fft_state is {int nfft, inverse, factors[2 * MAXFACTORS = 64]; kiss_fft_cpx
     * twiddles[1]}, kiss_fftr_state three pointers. */
    {"kiss_fftr_state", "ptr ptr ptr", "kissfft v130 tools/kiss_fftr.c"},
    {"kiss_fft_state_INT16", "int int int[64] i16[2]", "kissfft v130 _kiss_fft_guts.h"},
    {"kiss_fft_state_INT32", "int int int[64] i32[2]", "kissfft v130 _kiss_fft_guts.h"},
    {"kiss_fft_state_FLOAT32", "int int int[64] f32[2]", "kissfft v130 _kiss_fft_guts.h"},
};

const ap__struct_def *ap__layout_structs(size_t *n)
{
    *n = sizeof structs / sizeof structs[0];
    return structs;
}

static const ap__struct_def *find(const char *name, size_t len)
{
    for (size_t i = 0; i < sizeof structs / sizeof structs[0]; i++)
        if (strlen(structs[i].name) == len && memcmp(structs[i].name, name, len) == 0)
            return &structs[i];
    return NULL;
}

/* The layout of a scalar kind, or 0 when tok[0..len) is not one. */
static int scalar(const ap__target *t, const char *tok, size_t len, ap__layout *out)
{
    static const struct {
        const char *name;
        int size; /* 0: pointer size, -1: small enum, -8: align8 */
    } kinds[] = {
        {"i8", 1},   {"u8", 1},   {"bool", 1}, {"i16", 2}, {"u16", 2},   {"i32", 4},
        {"u32", 4},  {"f32", 4},  {"int", 4},  {"i64", -8}, {"u64", -8}, {"f64", -8},
        {"ptr", 0},  {"vptr", 0}, {"size", 0}, {"enum", -1}, {"enum32", 4},
    };
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        if (strlen(kinds[i].name) != len || memcmp(kinds[i].name, tok, len) != 0)
            continue;
        int s = kinds[i].size;
        int64_t size = s == 0 ? t->ptr : s == -1 ? t->enum_small : s == -8 ? 8 : s;
        int64_t align = s == -8 ? t->align8 : size;
        *out = (ap__layout){size, align, size};
        return 1;
    }
    return 0;
}

static ap_status lay(const ap__target *t, const ap__struct_def *d, int depth, ap__layout *out,
                     ap_error *err);

/* The layout of one field token tok[0..len) (without its [N] suffix). */
static ap_status field(const ap__target *t, const ap__struct_def *d, const char *tok, size_t len,
                       int depth, ap__layout *out, ap_error *err)
{
    if (scalar(t, tok, len, out))
        return AP_OK;
    const ap__struct_def *sub = find(tok, len);
    if (!sub)
        return ap_error_set(err, AP_ERR_INVALID, "struct %s: unknown field kind '%.*s'",
                            d->name, (int)len, tok);
    return lay(t, sub, depth + 1, out, err);
}

static ap_status lay(const ap__target *t, const ap__struct_def *d, int depth, ap__layout *out,
                     ap_error *err)
{
    if (depth > 8)
        return ap_error_set(err, AP_ERR_INVALID, "struct %s: nested too deep", d->name);
    int64_t off = 0, align = 1;
    const char *p = d->fields;
    int first = 1;
    while (*p) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        const char *tok = p;
        while (*p && *p != ' ' && *p != '[')
            p++;
        size_t len = (size_t)(p - tok);
        int64_t count = 1;
        if (*p == '[') {
            count = 0;
            for (p++; *p >= '0' && *p <= '9'; p++)
                count = count * 10 + (*p - '0');
            if (*p != ']' || count <= 0)
                return ap_error_set(err, AP_ERR_INVALID, "struct %s: bad array count",
                                    d->name);
            p++;
        }
        int base = tok[0] == ':';
        if (base && (!first || count != 1))
            return ap_error_set(err, AP_ERR_INVALID, "struct %s: a base class comes first",
                                d->name);
        ap__layout f;
        ap_status st = field(t, d, tok + base, len - (size_t)base, depth, &f, err);
        if (st != AP_OK)
            return st;
        if (f.align > align)
            align = f.align;
        off = (off + f.align - 1) / f.align * f.align;
        /* A base class ends at its data size (later fields may use its tail padding); every
         * other field, and array elements, at their full size. */
        off += base ? f.dsize : f.size * count;
        first = 0;
    }
    int64_t size = (off + align - 1) / align * align;
    if (size == 0)
        size = 1; /* C++: an empty class still takes a byte (none in the table) */
    *out = (ap__layout){size, align, off};
    return AP_OK;
}

ap_status ap__layout_fields(const ap__target *t, const char *fields, ap__layout *out,
                           ap_error *err)
{
    ap__struct_def d = {"(fields)", fields, NULL};
    return lay(t, &d, 0, out, err);
}

ap_status ap__layout_of(const ap__target *t, const char *name, ap__layout *out, ap_error *err)
{
    const ap__struct_def *d = find(name, strlen(name));
    if (!d)
        return ap_error_set(err, AP_ERR_INVALID, "no layout of %s in the struct table", name);
    return lay(t, d, 0, out, err);
}
