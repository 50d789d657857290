/*
 * schema.c - the schema facts the generator writes (tensorflow/compiler/mlir/lite/schema/
 * schema.fbs at tflite-micro 90b983c2b): tensor type names, operator names, and the options
 * table of every operator the generator gives options: its BuiltinOptions union member and
 * each field's id and kind. Field ids count the table's fields from 0 in schema order; union
 * member numbers count BuiltinOptions' members from 1 (0 is NONE).
 */
#include <ctype.h>
#include <string.h>

#include "arenaplan/schema.h"
#include "arenaplan/tflite.h"
#include "opgen.h"

/* ---- Types ------------------------------------------------------------------------------ */

static const char *const short_names[AP_TFL_TYPE_COUNT] = {
    [AP_TFL_FLOAT32] = "f32",  [AP_TFL_FLOAT16] = "f16",   [AP_TFL_INT32] = "i32",
    [AP_TFL_UINT8] = "u8",     [AP_TFL_INT64] = "i64",     [AP_TFL_STRING] = "str",
    [AP_TFL_BOOL] = "bool",    [AP_TFL_INT16] = "i16",     [AP_TFL_COMPLEX64] = "c64",
    [AP_TFL_INT8] = "i8",      [AP_TFL_FLOAT64] = "f64",   [AP_TFL_COMPLEX128] = "c128",
    [AP_TFL_UINT64] = "u64",   [AP_TFL_RESOURCE] = "res",  [AP_TFL_VARIANT] = "variant",
    [AP_TFL_UINT32] = "u32",   [AP_TFL_UINT16] = "u16",    [AP_TFL_INT4] = "i4",
    [AP_TFL_BFLOAT16] = "bf16", [AP_TFL_INT2] = "i2",      [AP_TFL_UINT4] = "u4"};

static int same_nocase(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
            return 0;
    return *a == *b;
}

int og_type_by_name(const char *s)
{
    for (int t = 0; t < AP_TFL_TYPE_COUNT; t++) {
        const char *n = ap_tfl_type_name(t);
        if (!strcmp(s, short_names[t]) || (n && same_nocase(s, n)))
            return t;
    }
    return -1;
}

const char *og_type_short(int type)
{
    return type >= 0 && type < AP_TFL_TYPE_COUNT ? short_names[type] : "?";
}

int32_t og_builtin_by_name(const char *s)
{
    for (int32_t c = 0; c <= AP_TFL_OP_TEMP_STREAMING_CONV_2D; c++) {
        const char *n = ap_tfl_builtin_name(c);
        if (n && !strcmp(n, s))
            return c;
    }
    return -1;
}

/* ---- The operators TFLM registers ------------------------------------------------------- */

/* MicroMutableOpResolver's Add* methods at 90b983c2b (M/micro_mutable_op_resolver.h), one per
 * operator (AddBuiltin and AddCustom themselves left out): the builtin code, or CUSTOM and the
 * name AddCustom registers. AddEthosU registers "ethos-u" only in an Ethos-U build. */
static const og_registration registrations[] = {
    {"AddAbs", AP_TFL_OP_ABS, NULL},
    {"AddAdd", AP_TFL_OP_ADD, NULL},
    {"AddAddN", AP_TFL_OP_ADD_N, NULL},
    {"AddArgMax", AP_TFL_OP_ARG_MAX, NULL},
    {"AddArgMin", AP_TFL_OP_ARG_MIN, NULL},
    {"AddAssignVariable", AP_TFL_OP_ASSIGN_VARIABLE, NULL},
    {"AddAveragePool2D", AP_TFL_OP_AVERAGE_POOL_2D, NULL},
    {"AddBatchMatMul", AP_TFL_OP_BATCH_MATMUL, NULL},
    {"AddBatchToSpaceNd", AP_TFL_OP_BATCH_TO_SPACE_ND, NULL},
    {"AddBroadcastArgs", AP_TFL_OP_BROADCAST_ARGS, NULL},
    {"AddBroadcastTo", AP_TFL_OP_BROADCAST_TO, NULL},
    {"AddCallOnce", AP_TFL_OP_CALL_ONCE, NULL},
    {"AddCast", AP_TFL_OP_CAST, NULL},
    {"AddCeil", AP_TFL_OP_CEIL, NULL},
    {"AddCircularBuffer", AP_TFL_OP_CUSTOM, "CIRCULAR_BUFFER"},
    {"AddConcatenation", AP_TFL_OP_CONCATENATION, NULL},
    {"AddConv2D", AP_TFL_OP_CONV_2D, NULL},
    {"AddCos", AP_TFL_OP_COS, NULL},
    {"AddCumSum", AP_TFL_OP_CUMSUM, NULL},
    {"AddDecode", AP_TFL_OP_CUSTOM, "TFLM_DECODE"},
    {"AddDelay", AP_TFL_OP_CUSTOM, "SignalDelay"},
    {"AddDepthToSpace", AP_TFL_OP_DEPTH_TO_SPACE, NULL},
    {"AddDepthwiseConv2D", AP_TFL_OP_DEPTHWISE_CONV_2D, NULL},
    {"AddDequantize", AP_TFL_OP_DEQUANTIZE, NULL},
    {"AddDetectionPostprocess", AP_TFL_OP_CUSTOM, "TFLite_Detection_PostProcess"},
    {"AddDiv", AP_TFL_OP_DIV, NULL},
    {"AddDynamicUpdateSlice", AP_TFL_OP_DYNAMIC_UPDATE_SLICE, NULL},
    {"AddElu", AP_TFL_OP_ELU, NULL},
    {"AddEmbeddingLookup", AP_TFL_OP_EMBEDDING_LOOKUP, NULL},
    {"AddEnergy", AP_TFL_OP_CUSTOM, "SignalEnergy"},
    {"AddEqual", AP_TFL_OP_EQUAL, NULL},
    {"AddEthosU", AP_TFL_OP_CUSTOM, "ethos-u"},
    {"AddExp", AP_TFL_OP_EXP, NULL},
    {"AddExpandDims", AP_TFL_OP_EXPAND_DIMS, NULL},
    {"AddFftAutoScale", AP_TFL_OP_CUSTOM, "SignalFftAutoScale"},
    {"AddFill", AP_TFL_OP_FILL, NULL},
    {"AddFilterBank", AP_TFL_OP_CUSTOM, "SignalFilterBank"},
    {"AddFilterBankLog", AP_TFL_OP_CUSTOM, "SignalFilterBankLog"},
    {"AddFilterBankSpectralSubtraction", AP_TFL_OP_CUSTOM, "SignalFilterBankSpectralSubtraction"},
    {"AddFilterBankSquareRoot", AP_TFL_OP_CUSTOM, "SignalFilterBankSquareRoot"},
    {"AddFloor", AP_TFL_OP_FLOOR, NULL},
    {"AddFloorDiv", AP_TFL_OP_FLOOR_DIV, NULL},
    {"AddFloorMod", AP_TFL_OP_FLOOR_MOD, NULL},
    {"AddFramer", AP_TFL_OP_CUSTOM, "SignalFramer"},
    {"AddFullyConnected", AP_TFL_OP_FULLY_CONNECTED, NULL},
    {"AddGather", AP_TFL_OP_GATHER, NULL},
    {"AddGatherNd", AP_TFL_OP_GATHER_ND, NULL},
    {"AddGreater", AP_TFL_OP_GREATER, NULL},
    {"AddGreaterEqual", AP_TFL_OP_GREATER_EQUAL, NULL},
    {"AddHardSwish", AP_TFL_OP_HARD_SWISH, NULL},
    {"AddIf", AP_TFL_OP_IF, NULL},
    {"AddIrfft", AP_TFL_OP_CUSTOM, "SignalIrfft"},
    {"AddL2Normalization", AP_TFL_OP_L2_NORMALIZATION, NULL},
    {"AddL2Pool2D", AP_TFL_OP_L2_POOL_2D, NULL},
    {"AddLeakyRelu", AP_TFL_OP_LEAKY_RELU, NULL},
    {"AddLess", AP_TFL_OP_LESS, NULL},
    {"AddLessEqual", AP_TFL_OP_LESS_EQUAL, NULL},
    {"AddLog", AP_TFL_OP_LOG, NULL},
    {"AddLogSoftmax", AP_TFL_OP_LOG_SOFTMAX, NULL},
    {"AddLogicalAnd", AP_TFL_OP_LOGICAL_AND, NULL},
    {"AddLogicalNot", AP_TFL_OP_LOGICAL_NOT, NULL},
    {"AddLogicalOr", AP_TFL_OP_LOGICAL_OR, NULL},
    {"AddLogistic", AP_TFL_OP_LOGISTIC, NULL},
    {"AddMaxPool2D", AP_TFL_OP_MAX_POOL_2D, NULL},
    {"AddMaximum", AP_TFL_OP_MAXIMUM, NULL},
    {"AddMean", AP_TFL_OP_MEAN, NULL},
    {"AddMinimum", AP_TFL_OP_MINIMUM, NULL},
    {"AddMirrorPad", AP_TFL_OP_MIRROR_PAD, NULL},
    {"AddMul", AP_TFL_OP_MUL, NULL},
    {"AddNeg", AP_TFL_OP_NEG, NULL},
    {"AddNotEqual", AP_TFL_OP_NOT_EQUAL, NULL},
    {"AddOverlapAdd", AP_TFL_OP_CUSTOM, "SignalOverlapAdd"},
    {"AddPCAN", AP_TFL_OP_CUSTOM, "SignalPCAN"},
    {"AddPack", AP_TFL_OP_PACK, NULL},
    {"AddPad", AP_TFL_OP_PAD, NULL},
    {"AddPadV2", AP_TFL_OP_PADV2, NULL},
    {"AddPrelu", AP_TFL_OP_PRELU, NULL},
    {"AddQuantize", AP_TFL_OP_QUANTIZE, NULL},
    {"AddReadVariable", AP_TFL_OP_READ_VARIABLE, NULL},
    {"AddReduceAll", AP_TFL_OP_REDUCE_ALL, NULL},
    {"AddReduceMax", AP_TFL_OP_REDUCE_MAX, NULL},
    {"AddReduceMin", AP_TFL_OP_REDUCE_MIN, NULL},
    {"AddRelu", AP_TFL_OP_RELU, NULL},
    {"AddRelu6", AP_TFL_OP_RELU6, NULL},
    {"AddReshape", AP_TFL_OP_RESHAPE, NULL},
    {"AddResizeBilinear", AP_TFL_OP_RESIZE_BILINEAR, NULL},
    {"AddResizeNearestNeighbor", AP_TFL_OP_RESIZE_NEAREST_NEIGHBOR, NULL},
    {"AddReverseV2", AP_TFL_OP_REVERSE_V2, NULL},
    {"AddRfft", AP_TFL_OP_CUSTOM, "SignalRfft"},
    {"AddRound", AP_TFL_OP_ROUND, NULL},
    {"AddRsqrt", AP_TFL_OP_RSQRT, NULL},
    {"AddSelectV2", AP_TFL_OP_SELECT_V2, NULL},
    {"AddShape", AP_TFL_OP_SHAPE, NULL},
    {"AddSin", AP_TFL_OP_SIN, NULL},
    {"AddSlice", AP_TFL_OP_SLICE, NULL},
    {"AddSoftmax", AP_TFL_OP_SOFTMAX, NULL},
    {"AddSpaceToBatchNd", AP_TFL_OP_SPACE_TO_BATCH_ND, NULL},
    {"AddSpaceToDepth", AP_TFL_OP_SPACE_TO_DEPTH, NULL},
    {"AddSplit", AP_TFL_OP_SPLIT, NULL},
    {"AddSplitV", AP_TFL_OP_SPLIT_V, NULL},
    {"AddSqrt", AP_TFL_OP_SQRT, NULL},
    {"AddSquare", AP_TFL_OP_SQUARE, NULL},
    {"AddSquaredDifference", AP_TFL_OP_SQUARED_DIFFERENCE, NULL},
    {"AddSqueeze", AP_TFL_OP_SQUEEZE, NULL},
    {"AddStacker", AP_TFL_OP_CUSTOM, "SignalStacker"},
    {"AddStridedSlice", AP_TFL_OP_STRIDED_SLICE, NULL},
    {"AddSub", AP_TFL_OP_SUB, NULL},
    {"AddSum", AP_TFL_OP_SUM, NULL},
    {"AddSvdf", AP_TFL_OP_SVDF, NULL},
    {"AddTanh", AP_TFL_OP_TANH, NULL},
    {"AddTranspose", AP_TFL_OP_TRANSPOSE, NULL},
    {"AddTransposeConv", AP_TFL_OP_TRANSPOSE_CONV, NULL},
    {"AddUnidirectionalSequenceLSTM", AP_TFL_OP_UNIDIRECTIONAL_SEQUENCE_LSTM, NULL},
    {"AddUnpack", AP_TFL_OP_UNPACK, NULL},
    {"AddVarHandle", AP_TFL_OP_VAR_HANDLE, NULL},
    {"AddWhile", AP_TFL_OP_WHILE, NULL},
    {"AddWindow", AP_TFL_OP_CUSTOM, "SignalWindow"},
    {"AddZerosLike", AP_TFL_OP_ZEROS_LIKE, NULL},
};

const og_registration *og_registrations(int *n)
{
    *n = (int)(sizeof registrations / sizeof *registrations);
    return registrations;
}

/* ---- Options tables -------------------------------------------------------------------- */

static const char *const padding[] = {"SAME", "VALID", NULL};
static const char *const activation[] = {"NONE", "RELU", "RELU_N1_TO_1", "RELU6", "TANH",
                                         "SIGN_BIT", NULL};
static const char *const mirror_mode[] = {"REFLECT", "SYMMETRIC", NULL};
static const char *const weights_format[] = {"DEFAULT", "SHUFFLED4x16INT8", NULL};
/* A TensorType-valued byte field: value names are the type names (og_enum_value). */
static const char *const tensor_type[] = {NULL};

#define F(name, id, kind) {name, id, kind, NULL}
#define E(name, id, names) {name, id, OG_K_BYTE, names}
#define ACT(id) E("fused_activation_function", id, activation)

static const og_field conv_2d[] = {E("padding", 0, padding), F("stride_w", 1, OG_K_INT),
    F("stride_h", 2, OG_K_INT), ACT(3), F("dilation_w_factor", 4, OG_K_INT),
    F("dilation_h_factor", 5, OG_K_INT), E("quantized_bias_type", 6, tensor_type)};
static const og_field depthwise[] = {E("padding", 0, padding), F("stride_w", 1, OG_K_INT),
    F("stride_h", 2, OG_K_INT), F("depth_multiplier", 3, OG_K_INT), ACT(4),
    F("dilation_w_factor", 5, OG_K_INT), F("dilation_h_factor", 6, OG_K_INT)};
static const og_field pool_2d[] = {E("padding", 0, padding), F("stride_w", 1, OG_K_INT),
    F("stride_h", 2, OG_K_INT), F("filter_width", 3, OG_K_INT), F("filter_height", 4, OG_K_INT),
    ACT(5)};
static const og_field svdf[] = {F("rank", 0, OG_K_INT), ACT(1),
    F("asymmetric_quantize_inputs", 2, OG_K_BOOL)};
static const og_field fully_connected[] = {ACT(0), E("weights_format", 1, weights_format),
    F("keep_num_dims", 2, OG_K_BOOL), F("asymmetric_quantize_inputs", 3, OG_K_BOOL),
    E("quantized_bias_type", 4, tensor_type)};
static const og_field softmax[] = {F("beta", 0, OG_K_FLOAT)};
static const og_field concatenation[] = {F("axis", 0, OG_K_INT), ACT(1)};
static const og_field add_sub[] = {ACT(0), F("pot_scale_int16", 1, OG_K_BOOL)};
static const og_field act_only[] = {ACT(0)};
static const og_field resize_bilinear[] = {F("new_height", 0, OG_K_INT),
    F("new_width", 1, OG_K_INT), F("align_corners", 2, OG_K_BOOL),
    F("half_pixel_centers", 3, OG_K_BOOL)};
static const og_field reshape[] = {F("new_shape", 0, OG_K_INTVEC)};
static const og_field block_size[] = {F("block_size", 0, OG_K_INT)};
static const og_field gather[] = {F("axis", 0, OG_K_INT), F("batch_dims", 1, OG_K_INT)};
static const og_field reducer[] = {F("keep_dims", 0, OG_K_BOOL)};
static const og_field squeeze[] = {F("squeeze_dims", 0, OG_K_INTVEC)};
static const og_field lstm[] = {ACT(0), F("cell_clip", 1, OG_K_FLOAT),
    F("proj_clip", 2, OG_K_FLOAT), F("time_major", 3, OG_K_BOOL),
    F("asymmetric_quantize_inputs", 4, OG_K_BOOL),
    F("diagonal_recurrent_tensors", 5, OG_K_BOOL)};
static const og_field strided_slice[] = {F("begin_mask", 0, OG_K_INT),
    F("end_mask", 1, OG_K_INT), F("ellipsis_mask", 2, OG_K_INT),
    F("new_axis_mask", 3, OG_K_INT), F("shrink_axis_mask", 4, OG_K_INT),
    F("offset", 5, OG_K_BOOL)};
static const og_field num_splits[] = {F("num_splits", 0, OG_K_INT)};
static const og_field cast[] = {E("in_data_type", 0, tensor_type),
    E("out_data_type", 1, tensor_type)};
static const og_field output_type[] = {E("output_type", 0, tensor_type)};
static const og_field out_type[] = {E("out_type", 0, tensor_type)};
static const og_field transpose_conv[] = {E("padding", 0, padding), F("stride_w", 1, OG_K_INT),
    F("stride_h", 2, OG_K_INT), ACT(3), E("quantized_bias_type", 4, tensor_type)};
static const og_field pack[] = {F("values_count", 0, OG_K_INT), F("axis", 1, OG_K_INT)};
static const og_field unpack[] = {F("num", 0, OG_K_INT), F("axis", 1, OG_K_INT)};
static const og_field resize_nn[] = {F("align_corners", 0, OG_K_BOOL),
    F("half_pixel_centers", 1, OG_K_BOOL)};
static const og_field leaky_relu[] = {F("alpha", 0, OG_K_FLOAT)};
static const og_field mirror_pad[] = {E("mode", 0, mirror_mode)};
static const og_field if_opts[] = {F("then_subgraph_index", 0, OG_K_INT),
    F("else_subgraph_index", 1, OG_K_INT)};
static const og_field while_opts[] = {F("cond_subgraph_index", 0, OG_K_INT),
    F("body_subgraph_index", 1, OG_K_INT)};
static const og_field batch_matmul[] = {F("adj_x", 0, OG_K_BOOL), F("adj_y", 1, OG_K_BOOL),
    F("asymmetric_quantize_inputs", 2, OG_K_BOOL)};
static const og_field cumsum[] = {F("exclusive", 0, OG_K_BOOL), F("reverse", 1, OG_K_BOOL)};
static const og_field call_once[] = {F("init_subgraph_index", 0, OG_K_INT)};
static const og_field var_handle[] = {F("container", 0, OG_K_STRING),
    F("shared_name", 1, OG_K_STRING)};

/* The options of operators only TensorFlow Lite's interpreter registers (LiteRT f67457790c9c
 * tflite/converter/schema/schema.fbs), for the models of tflite.spec. */
static const char *const lstm_kernel[] = {"FULL", "BASIC", NULL};
static const og_field lstm_full[] = {ACT(0), F("cell_clip", 1, OG_K_FLOAT),
    F("proj_clip", 2, OG_K_FLOAT), E("kernel_type", 3, lstm_kernel),
    F("asymmetric_quantize_inputs", 4, OG_K_BOOL)};
static const og_field conv_3d[] = {E("padding", 0, padding), F("stride_d", 1, OG_K_INT),
    F("stride_w", 2, OG_K_INT), F("stride_h", 3, OG_K_INT), ACT(4),
    F("dilation_d_factor", 5, OG_K_INT), F("dilation_w_factor", 6, OG_K_INT),
    F("dilation_h_factor", 7, OG_K_INT)};
static const og_field bidi_lstm[] = {ACT(0), F("cell_clip", 1, OG_K_FLOAT),
    F("proj_clip", 2, OG_K_FLOAT), F("merge_outputs", 3, OG_K_BOOL),
    F("time_major", 4, OG_K_BOOL), F("asymmetric_quantize_inputs", 5, OG_K_BOOL)};
static const og_field bidi_rnn[] = {F("time_major", 0, OG_K_BOOL), ACT(1),
    F("merge_outputs", 2, OG_K_BOOL), F("asymmetric_quantize_inputs", 3, OG_K_BOOL)};
static const og_field rnn[] = {ACT(0), F("asymmetric_quantize_inputs", 1, OG_K_BOOL)};
static const og_field sequence_rnn[] = {F("time_major", 0, OG_K_BOOL), ACT(1),
    F("asymmetric_quantize_inputs", 2, OG_K_BOOL)};
static const og_field composite[] = {F("name", 0, OG_K_STRING),
    F("decomposition_subgraph_index", 1, OG_K_INT), F("composite_attributes", 2, OG_K_UBYTEVEC),
    F("version", 4, OG_K_INT)};
static const og_field stablehlo_case[] = {F("branch_subgraph_indices", 0, OG_K_INTVEC)};
static const og_field reduce_window[] = {F("window_dimensions", 0, OG_K_LONGVEC),
    F("window_strides", 1, OG_K_LONGVEC), F("base_dilations", 2, OG_K_LONGVEC),
    F("window_dilations", 3, OG_K_LONGVEC), F("padding", 4, OG_K_LONGVEC),
    F("body_subgraph_index", 5, OG_K_INT)};

#define T(op, member, fields) {AP_TFL_OP_##op, member, fields, (int)(sizeof fields / sizeof *fields), 1}
#define T2(code, member, fields) {code, member, fields, (int)(sizeof fields / sizeof *fields), 2}

static const og_opt_table tables[] = {
    T(ADD, 11, add_sub),
    T(AVERAGE_POOL_2D, 5, pool_2d),
    T(CONCATENATION, 10, concatenation),
    T(CONV_2D, 1, conv_2d),
    T(DEPTHWISE_CONV_2D, 2, depthwise),
    T(DEPTH_TO_SPACE, 94, block_size),
    T(FULLY_CONNECTED, 8, fully_connected),
    T(L2_NORMALIZATION, 12, act_only),
    T(L2_POOL_2D, 5, pool_2d),
    T(MAX_POOL_2D, 5, pool_2d),
    T(MUL, 21, act_only),
    T(RESHAPE, 17, reshape),
    T(RESIZE_BILINEAR, 15, resize_bilinear),
    T(SOFTMAX, 9, softmax),
    T(SPACE_TO_DEPTH, 19, block_size),
    T(SVDF, 6, svdf),
    T(GATHER, 23, gather),
    T(MEAN, 27, reducer),
    T(SUM, 27, reducer),
    T(REDUCE_MAX, 27, reducer),
    T(REDUCE_MIN, 27, reducer),
    T(REDUCE_ALL, 27, reducer),
    T(REDUCE_PROD, 27, reducer),
    T(REDUCE_ANY, 27, reducer),
    T(SUB, 28, add_sub),
    T(DIV, 29, act_only),
    T(SQUEEZE, 30, squeeze),
    T(UNIDIRECTIONAL_SEQUENCE_LSTM, 71, lstm),
    T(STRIDED_SLICE, 32, strided_slice),
    T(SPLIT, 35, num_splits),
    T(CAST, 37, cast),
    T(ARG_MAX, 40, output_type),
    T(ARG_MIN, 57, output_type),
    T(TRANSPOSE_CONV, 49, transpose_conv),
    T(SHAPE, 55, out_type),
    T(PACK, 59, pack),
    T(UNPACK, 64, unpack),
    T(RESIZE_NEAREST_NEIGHBOR, 74, resize_nn),
    T(LEAKY_RELU, 75, leaky_relu),
    T(MIRROR_PAD, 77, mirror_pad),
    T(SPLIT_V, 79, num_splits),
    T(IF, 92, if_opts),
    T(WHILE, 93, while_opts),
    T(BATCH_MATMUL, 101, batch_matmul),
    T(CUMSUM, 102, cumsum),
    T(CALL_ONCE, 103, call_once),
    T(VAR_HANDLE, 111, var_handle),
    T(RNN, 7, rnn),
    T(LSTM, 14, lstm_full),
    T(UNIDIRECTIONAL_SEQUENCE_RNN, 31, sequence_rnn),
    T(BIDIRECTIONAL_SEQUENCE_LSTM, 69, bidi_lstm),
    T(BIDIRECTIONAL_SEQUENCE_RNN, 70, bidi_rnn),
    T(CONV_3D, 106, conv_3d),
    T(CONV_3D_TRANSPOSE, 106, conv_3d),
    T2(AP_TFL_OP_STABLEHLO_REDUCE_WINDOW, 13, reduce_window),
    T2(206, 21, composite), /* STABLEHLO_COMPOSITE */
    T2(209, 23, stablehlo_case), /* STABLEHLO_CASE */
};

const og_opt_table *og_opt_table_for(int32_t builtin)
{
    for (size_t i = 0; i < sizeof tables / sizeof *tables; i++)
        if (tables[i].builtin == builtin)
            return &tables[i];
    return NULL;
}

int og_enum_value(const og_field *f, const char *s)
{
    if (f->names == tensor_type)
        return og_type_by_name(s);
    for (int v = 0; f->names && f->names[v]; v++)
        if (!strcmp(f->names[v], s))
            return v;
    return -1;
}
