/*
 * op_resolver.c - which method of TFLM's MicroMutableOpResolver registers each operator a model
 * runs (export.h: ap_tflm_op_methods), for the firmware source that embed --format c writes.
 *
 * The table is knowledge read from tflite-micro 90b983c2b,
 * tensorflow/lite/micro/micro_mutable_op_resolver.h: one row per Add* method (AddCustom and
 * AddBuiltin, which take a registration of the caller's, excepted), with the builtin code it
 * registers or, for the operators TFLM registers as custom ones, the name it registers them
 * under (TFLM finds a custom operator by that exact name), and the line of the header that
 * declares the method. TFLM resolves an operator by its opcode's builtin code (the larger of the
 * two fields), and an operator whose code is CUSTOM by its custom code.
 */
#include <stdlib.h>
#include <string.h>

#include "arenaplan/export.h"
#include "arenaplan/schema.h"
#include "core/util.h"

typedef struct method_row {
    int32_t builtin;    /* AP_TFL_OP_CUSTOM for custom operators */
    const char *custom; /* the custom name TFLM registers, or NULL */
    const char *method;
    int line;           /* micro_mutable_op_resolver.h at 90b983c2b */
} method_row;

static const method_row rows[] = {
    {AP_TFL_OP_ABS, NULL, "AddAbs", 123},
    {AP_TFL_OP_ADD, NULL, "AddAdd", 127},
    {AP_TFL_OP_ADD_N, NULL, "AddAddN", 131},
    {AP_TFL_OP_ARG_MAX, NULL, "AddArgMax", 136},
    {AP_TFL_OP_ARG_MIN, NULL, "AddArgMin", 141},
    {AP_TFL_OP_ASSIGN_VARIABLE, NULL, "AddAssignVariable", 146},
    {AP_TFL_OP_AVERAGE_POOL_2D, NULL, "AddAveragePool2D", 152},
    {AP_TFL_OP_BATCH_MATMUL, NULL, "AddBatchMatMul", 157},
    {AP_TFL_OP_BATCH_TO_SPACE_ND, NULL, "AddBatchToSpaceNd", 163},
    {AP_TFL_OP_BROADCAST_ARGS, NULL, "AddBroadcastArgs", 169},
    {AP_TFL_OP_BROADCAST_TO, NULL, "AddBroadcastTo", 175},
    {AP_TFL_OP_CALL_ONCE, NULL, "AddCallOnce", 181},
    {AP_TFL_OP_CAST, NULL, "AddCast", 186},
    {AP_TFL_OP_CEIL, NULL, "AddCeil", 190},
    {AP_TFL_OP_CUSTOM, "CIRCULAR_BUFFER", "AddCircularBuffer", 194},
    {AP_TFL_OP_CONCATENATION, NULL, "AddConcatenation", 198},
    {AP_TFL_OP_CONV_2D, NULL, "AddConv2D", 204},
    {AP_TFL_OP_COS, NULL, "AddCos", 209},
    {AP_TFL_OP_CUMSUM, NULL, "AddCumSum", 213},
    {AP_TFL_OP_CUSTOM, "TFLM_DECODE", "AddDecode", 218},
    {AP_TFL_OP_CUSTOM, "SignalDelay", "AddDelay", 223},
    {AP_TFL_OP_DEPTH_TO_SPACE, NULL, "AddDepthToSpace", 228},
    {AP_TFL_OP_DEPTHWISE_CONV_2D, NULL, "AddDepthwiseConv2D", 234},
    {AP_TFL_OP_DEQUANTIZE, NULL, "AddDequantize", 240},
    {AP_TFL_OP_CUSTOM, "TFLite_Detection_PostProcess", "AddDetectionPostprocess", 246},
    {AP_TFL_OP_DIV, NULL, "AddDiv", 251},
    {AP_TFL_OP_DYNAMIC_UPDATE_SLICE, NULL, "AddDynamicUpdateSlice", 256},
    {AP_TFL_OP_EMBEDDING_LOOKUP, NULL, "AddEmbeddingLookup", 261},
    {AP_TFL_OP_CUSTOM, "SignalEnergy", "AddEnergy", 267},
    {AP_TFL_OP_ELU, NULL, "AddElu", 272},
    {AP_TFL_OP_EQUAL, NULL, "AddEqual", 277},
    {AP_TFL_OP_CUSTOM, "ethos-u", "AddEthosU", 282},
    {AP_TFL_OP_EXP, NULL, "AddExp", 290},
    {AP_TFL_OP_EXPAND_DIMS, NULL, "AddExpandDims", 294},
    {AP_TFL_OP_CUSTOM, "SignalFftAutoScale", "AddFftAutoScale", 300},
    {AP_TFL_OP_FILL, NULL, "AddFill", 306},
    {AP_TFL_OP_CUSTOM, "SignalFilterBank", "AddFilterBank", 311},
    {AP_TFL_OP_CUSTOM, "SignalFilterBankLog", "AddFilterBankLog", 316},
    {AP_TFL_OP_CUSTOM, "SignalFilterBankSquareRoot", "AddFilterBankSquareRoot", 322},
    {AP_TFL_OP_CUSTOM, "SignalFilterBankSpectralSubtraction", "AddFilterBankSpectralSubtraction", 328},
    {AP_TFL_OP_FLOOR, NULL, "AddFloor", 336},
    {AP_TFL_OP_FLOOR_DIV, NULL, "AddFloorDiv", 341},
    {AP_TFL_OP_FLOOR_MOD, NULL, "AddFloorMod", 346},
    {AP_TFL_OP_CUSTOM, "SignalFramer", "AddFramer", 351},
    {AP_TFL_OP_FULLY_CONNECTED, NULL, "AddFullyConnected", 356},
    {AP_TFL_OP_GATHER, NULL, "AddGather", 362},
    {AP_TFL_OP_GATHER_ND, NULL, "AddGatherNd", 366},
    {AP_TFL_OP_GREATER, NULL, "AddGreater", 371},
    {AP_TFL_OP_GREATER_EQUAL, NULL, "AddGreaterEqual", 376},
    {AP_TFL_OP_HARD_SWISH, NULL, "AddHardSwish", 382},
    {AP_TFL_OP_IF, NULL, "AddIf", 387},
    {AP_TFL_OP_CUSTOM, "SignalIrfft", "AddIrfft", 392},
    {AP_TFL_OP_L2_NORMALIZATION, NULL, "AddL2Normalization", 398},
    {AP_TFL_OP_L2_POOL_2D, NULL, "AddL2Pool2D", 404},
    {AP_TFL_OP_LEAKY_RELU, NULL, "AddLeakyRelu", 409},
    {AP_TFL_OP_LESS, NULL, "AddLess", 414},
    {AP_TFL_OP_LESS_EQUAL, NULL, "AddLessEqual", 418},
    {AP_TFL_OP_LOG, NULL, "AddLog", 423},
    {AP_TFL_OP_LOGICAL_AND, NULL, "AddLogicalAnd", 427},
    {AP_TFL_OP_LOGICAL_NOT, NULL, "AddLogicalNot", 433},
    {AP_TFL_OP_LOGICAL_OR, NULL, "AddLogicalOr", 439},
    {AP_TFL_OP_LOGISTIC, NULL, "AddLogistic", 444},
    {AP_TFL_OP_LOG_SOFTMAX, NULL, "AddLogSoftmax", 449},
    {AP_TFL_OP_MAXIMUM, NULL, "AddMaximum", 455},
    {AP_TFL_OP_MAX_POOL_2D, NULL, "AddMaxPool2D", 460},
    {AP_TFL_OP_MIRROR_PAD, NULL, "AddMirrorPad", 465},
    {AP_TFL_OP_MEAN, NULL, "AddMean", 470},
    {AP_TFL_OP_MINIMUM, NULL, "AddMinimum", 474},
    {AP_TFL_OP_MUL, NULL, "AddMul", 479},
    {AP_TFL_OP_NEG, NULL, "AddNeg", 483},
    {AP_TFL_OP_NOT_EQUAL, NULL, "AddNotEqual", 487},
    {AP_TFL_OP_CUSTOM, "SignalOverlapAdd", "AddOverlapAdd", 492},
    {AP_TFL_OP_PACK, NULL, "AddPack", 499},
    {AP_TFL_OP_PAD, NULL, "AddPad", 503},
    {AP_TFL_OP_PADV2, NULL, "AddPadV2", 507},
    {AP_TFL_OP_CUSTOM, "SignalPCAN", "AddPCAN", 512},
    {AP_TFL_OP_PRELU, NULL, "AddPrelu", 517},
    {AP_TFL_OP_QUANTIZE, NULL, "AddQuantize", 522},
    {AP_TFL_OP_READ_VARIABLE, NULL, "AddReadVariable", 527},
    {AP_TFL_OP_REDUCE_ALL, NULL, "AddReduceAll", 533},
    {AP_TFL_OP_REDUCE_MAX, NULL, "AddReduceMax", 538},
    {AP_TFL_OP_REDUCE_MIN, NULL, "AddReduceMin", 543},
    {AP_TFL_OP_RELU, NULL, "AddRelu", 548},
    {AP_TFL_OP_RELU6, NULL, "AddRelu6", 553},
    {AP_TFL_OP_RESHAPE, NULL, "AddReshape", 558},
    {AP_TFL_OP_RESIZE_BILINEAR, NULL, "AddResizeBilinear", 563},
    {AP_TFL_OP_RESIZE_NEAREST_NEIGHBOR, NULL, "AddResizeNearestNeighbor", 569},
    {AP_TFL_OP_REVERSE_V2, NULL, "AddReverseV2", 575},
    {AP_TFL_OP_CUSTOM, "SignalRfft", "AddRfft", 580},
    {AP_TFL_OP_ROUND, NULL, "AddRound", 586},
    {AP_TFL_OP_RSQRT, NULL, "AddRsqrt", 591},
    {AP_TFL_OP_SELECT_V2, NULL, "AddSelectV2", 595},
    {AP_TFL_OP_SHAPE, NULL, "AddShape", 599},
    {AP_TFL_OP_SIN, NULL, "AddSin", 604},
    {AP_TFL_OP_SLICE, NULL, "AddSlice", 608},
    {AP_TFL_OP_SOFTMAX, NULL, "AddSoftmax", 613},
    {AP_TFL_OP_SPACE_TO_BATCH_ND, NULL, "AddSpaceToBatchNd", 618},
    {AP_TFL_OP_SPACE_TO_DEPTH, NULL, "AddSpaceToDepth", 624},
    {AP_TFL_OP_SPLIT, NULL, "AddSplit", 630},
    {AP_TFL_OP_SPLIT_V, NULL, "AddSplitV", 635},
    {AP_TFL_OP_SQUEEZE, NULL, "AddSqueeze", 640},
    {AP_TFL_OP_SQRT, NULL, "AddSqrt", 645},
    {AP_TFL_OP_SQUARE, NULL, "AddSquare", 649},
    {AP_TFL_OP_SQUARED_DIFFERENCE, NULL, "AddSquaredDifference", 654},
    {AP_TFL_OP_STRIDED_SLICE, NULL, "AddStridedSlice", 660},
    {AP_TFL_OP_CUSTOM, "SignalStacker", "AddStacker", 666},
    {AP_TFL_OP_SUB, NULL, "AddSub", 671},
    {AP_TFL_OP_SUM, NULL, "AddSum", 676},
    {AP_TFL_OP_SVDF, NULL, "AddSvdf", 680},
    {AP_TFL_OP_TANH, NULL, "AddTanh", 684},
    {AP_TFL_OP_TRANSPOSE_CONV, NULL, "AddTransposeConv", 688},
    {AP_TFL_OP_TRANSPOSE, NULL, "AddTranspose", 694},
    {AP_TFL_OP_UNPACK, NULL, "AddUnpack", 699},
    {AP_TFL_OP_UNIDIRECTIONAL_SEQUENCE_LSTM, NULL, "AddUnidirectionalSequenceLSTM", 704},
    {AP_TFL_OP_VAR_HANDLE, NULL, "AddVarHandle", 711},
    {AP_TFL_OP_WHILE, NULL, "AddWhile", 716},
    {AP_TFL_OP_CUSTOM, "SignalWindow", "AddWindow", 721},
    {AP_TFL_OP_ZEROS_LIKE, NULL, "AddZerosLike", 726},
};

#define N_ROWS (sizeof rows / sizeof rows[0])

/* The row that registers operator code (builtin, custom), or NULL. */
static const method_row *find_row(int32_t builtin, const char *custom)
{
    for (size_t k = 0; k < N_ROWS; k++) {
        if (rows[k].builtin != builtin)
            continue;
        if (builtin != AP_TFL_OP_CUSTOM || (custom && strcmp(rows[k].custom, custom) == 0))
            return &rows[k];
    }
    return NULL;
}

static int by_method(const void *a, const void *b)
{
    return strcmp(((const ap_tflm_op_method *)a)->method, ((const ap_tflm_op_method *)b)->method);
}

/* The message for an operator TFLM has no method for. */
static ap_status no_method(const ap_tfl_subgraph *g, const ap_tfl_operator *op, ap_error *err)
{
    if (op->builtin == AP_TFL_OP_CUSTOM)
        return ap_error_set(err, AP_ERR_INPUT,
                            "subgraph %u operator %u: custom operator '%s' is none that TFLM's "
                            "MicroMutableOpResolver registers (tflite-micro 90b983c2b); the "
                            "application would register it with AddCustom", g->index, op->index,
                            op->custom_code ? op->custom_code : "");
    return ap_error_set(err, AP_ERR_INPUT,
                        "subgraph %u operator %u: %s (builtin code %d) has no method in TFLM's "
                        "MicroMutableOpResolver (tflite-micro 90b983c2b): TFLM cannot run it",
                        g->index, op->index, op->name, (int)op->builtin);
}

ap_status ap_tflm_op_methods(const ap_tfl_model *m, ap_tflm_op_method **out, size_t *n,
                             ap_error *err)
{
    ap_tflm_op_method *v = NULL;
    size_t cap = 0, k = 0;
    *out = NULL;
    *n = 0;
    for (uint32_t s = 0; s < m->n_subgraphs; s++) {
        const ap_tfl_subgraph *g = &m->subgraphs[s];
        for (uint32_t i = 0; i < g->n_ops; i++) {
            const ap_tfl_operator *op = &g->ops[i];
            const method_row *row = find_row(op->builtin, op->custom_code);
            size_t j;
            if (!row) {
                free(v);
                return no_method(g, op, err);
            }
            for (j = 0; j < k && strcmp(v[j].method, row->method) != 0; j++)
                ;
            if (j == k) {
                ap_tflm_op_method *grown = ap__grow(v, &cap, k + 1, sizeof *v);
                if (!grown) {
                    free(v);
                    return ap_error_set(err, AP_ERR_NOMEM, "out of memory listing the operators");
                }
                v = grown;
                v[k].op = row->custom ? row->custom : ap_tfl_builtin_name(row->builtin);
                v[k].builtin = row->builtin;
                v[k].method = row->method;
                v[k].line = row->line;
                v[k].operators = 0;
                k++;
            }
            v[j].operators++;
        }
    }
    if (k > 1)
        qsort(v, k, sizeof *v, by_method);
    *out = v;
    *n = k;
    return AP_OK;
}
