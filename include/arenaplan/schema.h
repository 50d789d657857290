/*
 * arenaplan/schema.h - the numbers of the TFLite schema (tensorflow/lite/schema/schema.fbs, as
 * at tflite-micro 90b983c2b) that arenaplan reads and writes, each under one name: tensor
 * types, builtin operator codes, the BuiltinOptions union members it decodes, and the field
 * ids of every table it reads.
 *
 * A field id is the field's position in its table, counted from 0, a union counting twice
 * (its _type field, then the value): the index into the table's vtable that fb.c reads
 * (src/tflite/fb.h explains the format). ap_tflite_option_scalar takes these ids too.
 */
#ifndef ARENAPLAN_SCHEMA_H
#define ARENAPLAN_SCHEMA_H

/* ---- Tensor types (enum TensorType) ---------------------------------------------------------- */

typedef enum ap_tfl_type {
    AP_TFL_FLOAT32 = 0,
    AP_TFL_FLOAT16 = 1,
    AP_TFL_INT32 = 2,
    AP_TFL_UINT8 = 3,
    AP_TFL_INT64 = 4,
    AP_TFL_STRING = 5,
    AP_TFL_BOOL = 6,
    AP_TFL_INT16 = 7,
    AP_TFL_COMPLEX64 = 8,
    AP_TFL_INT8 = 9,
    AP_TFL_FLOAT64 = 10,
    AP_TFL_COMPLEX128 = 11,
    AP_TFL_UINT64 = 12,
    AP_TFL_RESOURCE = 13,
    AP_TFL_VARIANT = 14,
    AP_TFL_UINT32 = 15,
    AP_TFL_UINT16 = 16,
    AP_TFL_INT4 = 17,
    AP_TFL_BFLOAT16 = 18,
    AP_TFL_INT2 = 19,
    AP_TFL_UINT4 = 20
} ap_tfl_type;

#define AP_TFL_TYPE_COUNT 21

/* ---- Builtin operators (enum BuiltinOperator) ---------------------------------------------- */

/* Every code the schema names, X(NAME, code): expanded into the enum below and into the name
 * table of ap_tfl_builtin_name (schema.c). Codes 206-224 are unnamed. */
#define AP_TFL_BUILTINS(X) \
    X(ADD, 0) \
    X(AVERAGE_POOL_2D, 1) \
    X(CONCATENATION, 2) \
    X(CONV_2D, 3) \
    X(DEPTHWISE_CONV_2D, 4) \
    X(DEPTH_TO_SPACE, 5) \
    X(DEQUANTIZE, 6) \
    X(EMBEDDING_LOOKUP, 7) \
    X(FLOOR, 8) \
    X(FULLY_CONNECTED, 9) \
    X(HASHTABLE_LOOKUP, 10) \
    X(L2_NORMALIZATION, 11) \
    X(L2_POOL_2D, 12) \
    X(LOCAL_RESPONSE_NORMALIZATION, 13) \
    X(LOGISTIC, 14) \
    X(LSH_PROJECTION, 15) \
    X(LSTM, 16) \
    X(MAX_POOL_2D, 17) \
    X(MUL, 18) \
    X(RELU, 19) \
    X(RELU_N1_TO_1, 20) \
    X(RELU6, 21) \
    X(RESHAPE, 22) \
    X(RESIZE_BILINEAR, 23) \
    X(RNN, 24) \
    X(SOFTMAX, 25) \
    X(SPACE_TO_DEPTH, 26) \
    X(SVDF, 27) \
    X(TANH, 28) \
    X(CONCAT_EMBEDDINGS, 29) \
    X(SKIP_GRAM, 30) \
    X(CALL, 31) \
    X(CUSTOM, 32) \
    X(EMBEDDING_LOOKUP_SPARSE, 33) \
    X(PAD, 34) \
    X(UNIDIRECTIONAL_SEQUENCE_RNN, 35) \
    X(GATHER, 36) \
    X(BATCH_TO_SPACE_ND, 37) \
    X(SPACE_TO_BATCH_ND, 38) \
    X(TRANSPOSE, 39) \
    X(MEAN, 40) \
    X(SUB, 41) \
    X(DIV, 42) \
    X(SQUEEZE, 43) \
    X(UNIDIRECTIONAL_SEQUENCE_LSTM, 44) \
    X(STRIDED_SLICE, 45) \
    X(BIDIRECTIONAL_SEQUENCE_RNN, 46) \
    X(EXP, 47) \
    X(TOPK_V2, 48) \
    X(SPLIT, 49) \
    X(LOG_SOFTMAX, 50) \
    X(DELEGATE, 51) \
    X(BIDIRECTIONAL_SEQUENCE_LSTM, 52) \
    X(CAST, 53) \
    X(PRELU, 54) \
    X(MAXIMUM, 55) \
    X(ARG_MAX, 56) \
    X(MINIMUM, 57) \
    X(LESS, 58) \
    X(NEG, 59) \
    X(PADV2, 60) \
    X(GREATER, 61) \
    X(GREATER_EQUAL, 62) \
    X(LESS_EQUAL, 63) \
    X(SELECT, 64) \
    X(SLICE, 65) \
    X(SIN, 66) \
    X(TRANSPOSE_CONV, 67) \
    X(SPARSE_TO_DENSE, 68) \
    X(TILE, 69) \
    X(EXPAND_DIMS, 70) \
    X(EQUAL, 71) \
    X(NOT_EQUAL, 72) \
    X(LOG, 73) \
    X(SUM, 74) \
    X(SQRT, 75) \
    X(RSQRT, 76) \
    X(SHAPE, 77) \
    X(POW, 78) \
    X(ARG_MIN, 79) \
    X(FAKE_QUANT, 80) \
    X(REDUCE_PROD, 81) \
    X(REDUCE_MAX, 82) \
    X(PACK, 83) \
    X(LOGICAL_OR, 84) \
    X(ONE_HOT, 85) \
    X(LOGICAL_AND, 86) \
    X(LOGICAL_NOT, 87) \
    X(UNPACK, 88) \
    X(REDUCE_MIN, 89) \
    X(FLOOR_DIV, 90) \
    X(REDUCE_ANY, 91) \
    X(SQUARE, 92) \
    X(ZEROS_LIKE, 93) \
    X(FILL, 94) \
    X(FLOOR_MOD, 95) \
    X(RANGE, 96) \
    X(RESIZE_NEAREST_NEIGHBOR, 97) \
    X(LEAKY_RELU, 98) \
    X(SQUARED_DIFFERENCE, 99) \
    X(MIRROR_PAD, 100) \
    X(ABS, 101) \
    X(SPLIT_V, 102) \
    X(UNIQUE, 103) \
    X(CEIL, 104) \
    X(REVERSE_V2, 105) \
    X(ADD_N, 106) \
    X(GATHER_ND, 107) \
    X(COS, 108) \
    X(WHERE, 109) \
    X(RANK, 110) \
    X(ELU, 111) \
    X(REVERSE_SEQUENCE, 112) \
    X(MATRIX_DIAG, 113) \
    X(QUANTIZE, 114) \
    X(MATRIX_SET_DIAG, 115) \
    X(ROUND, 116) \
    X(HARD_SWISH, 117) \
    X(IF, 118) \
    X(WHILE, 119) \
    X(NON_MAX_SUPPRESSION_V4, 120) \
    X(NON_MAX_SUPPRESSION_V5, 121) \
    X(SCATTER_ND, 122) \
    X(SELECT_V2, 123) \
    X(DENSIFY, 124) \
    X(SEGMENT_SUM, 125) \
    X(BATCH_MATMUL, 126) \
    X(PLACEHOLDER_FOR_GREATER_OP_CODES, 127) \
    X(CUMSUM, 128) \
    X(CALL_ONCE, 129) \
    X(BROADCAST_TO, 130) \
    X(RFFT2D, 131) \
    X(CONV_3D, 132) \
    X(IMAG, 133) \
    X(REAL, 134) \
    X(COMPLEX_ABS, 135) \
    X(HASHTABLE, 136) \
    X(HASHTABLE_FIND, 137) \
    X(HASHTABLE_IMPORT, 138) \
    X(HASHTABLE_SIZE, 139) \
    X(REDUCE_ALL, 140) \
    X(CONV_3D_TRANSPOSE, 141) \
    X(VAR_HANDLE, 142) \
    X(READ_VARIABLE, 143) \
    X(ASSIGN_VARIABLE, 144) \
    X(BROADCAST_ARGS, 145) \
    X(RANDOM_STANDARD_NORMAL, 146) \
    X(BUCKETIZE, 147) \
    X(RANDOM_UNIFORM, 148) \
    X(MULTINOMIAL, 149) \
    X(GELU, 150) \
    X(DYNAMIC_UPDATE_SLICE, 151) \
    X(RELU_0_TO_1, 152) \
    X(UNSORTED_SEGMENT_PROD, 153) \
    X(UNSORTED_SEGMENT_MAX, 154) \
    X(UNSORTED_SEGMENT_SUM, 155) \
    X(ATAN2, 156) \
    X(UNSORTED_SEGMENT_MIN, 157) \
    X(SIGN, 158) \
    X(BITCAST, 159) \
    X(BITWISE_XOR, 160) \
    X(RIGHT_SHIFT, 161) \
    X(STABLEHLO_LOGISTIC, 162) \
    X(STABLEHLO_ADD, 163) \
    X(STABLEHLO_DIVIDE, 164) \
    X(STABLEHLO_MULTIPLY, 165) \
    X(STABLEHLO_MAXIMUM, 166) \
    X(STABLEHLO_RESHAPE, 167) \
    X(STABLEHLO_CLAMP, 168) \
    X(STABLEHLO_CONCATENATE, 169) \
    X(STABLEHLO_BROADCAST_IN_DIM, 170) \
    X(STABLEHLO_CONVOLUTION, 171) \
    X(STABLEHLO_SLICE, 172) \
    X(STABLEHLO_CUSTOM_CALL, 173) \
    X(STABLEHLO_REDUCE, 174) \
    X(STABLEHLO_ABS, 175) \
    X(STABLEHLO_AND, 176) \
    X(STABLEHLO_COSINE, 177) \
    X(STABLEHLO_EXPONENTIAL, 178) \
    X(STABLEHLO_FLOOR, 179) \
    X(STABLEHLO_LOG, 180) \
    X(STABLEHLO_MINIMUM, 181) \
    X(STABLEHLO_NEGATE, 182) \
    X(STABLEHLO_OR, 183) \
    X(STABLEHLO_POWER, 184) \
    X(STABLEHLO_REMAINDER, 185) \
    X(STABLEHLO_RSQRT, 186) \
    X(STABLEHLO_SELECT, 187) \
    X(STABLEHLO_SUBTRACT, 188) \
    X(STABLEHLO_TANH, 189) \
    X(STABLEHLO_SCATTER, 190) \
    X(STABLEHLO_COMPARE, 191) \
    X(STABLEHLO_CONVERT, 192) \
    X(STABLEHLO_DYNAMIC_SLICE, 193) \
    X(STABLEHLO_DYNAMIC_UPDATE_SLICE, 194) \
    X(STABLEHLO_PAD, 195) \
    X(STABLEHLO_IOTA, 196) \
    X(STABLEHLO_DOT_GENERAL, 197) \
    X(STABLEHLO_REDUCE_WINDOW, 198) \
    X(STABLEHLO_SORT, 199) \
    X(STABLEHLO_WHILE, 200) \
    X(STABLEHLO_GATHER, 201) \
    X(STABLEHLO_TRANSPOSE, 202) \
    X(DILATE, 203) \
    X(STABLEHLO_RNG_BIT_GENERATOR, 204) \
    X(REDUCE_WINDOW, 205) \
    X(TEMP_STREAMING_CONV_2D, 225)

#define AP__TFL_BUILTIN_ENUM(name, code) AP_TFL_OP_##name = code,
/* Builtin operator codes: AP_TFL_OP_CONV_2D = 3, ... An operator's code may be any int32 (the
 * reader keeps it); ap_tfl_builtin_name names those the schema defines. */
typedef enum ap_tfl_builtin { AP_TFL_BUILTINS(AP__TFL_BUILTIN_ENUM) } ap_tfl_builtin;
#undef AP__TFL_BUILTIN_ENUM

/* ---- Builtin options (union BuiltinOptions) ------------------------------------------------ */

/* BuiltinOptions union members arenaplan decodes (the schema's union numbering; any value is
 * read and kept in ap_tfl_operator.options_type). */
enum {
    AP_TFL_OPT_NONE = 0,
    AP_TFL_OPT_CONV_2D = 1,
    AP_TFL_OPT_DEPTHWISE_CONV_2D = 2,
    AP_TFL_OPT_POOL_2D = 5,
    AP_TFL_OPT_SVDF = 6,
    AP_TFL_OPT_FULLY_CONNECTED = 8,
    AP_TFL_OPT_SOFTMAX = 9,
    AP_TFL_OPT_CONCATENATION = 10,
    AP_TFL_OPT_ADD = 11,
    AP_TFL_OPT_L2_NORM = 12,
    AP_TFL_OPT_RESIZE_BILINEAR = 15,
    AP_TFL_OPT_RESHAPE = 17,
    AP_TFL_OPT_SPACE_TO_DEPTH = 19,
    AP_TFL_OPT_MUL = 21,
    AP_TFL_OPT_GATHER = 23,
    AP_TFL_OPT_REDUCER = 27,
    AP_TFL_OPT_SUB = 28,
    AP_TFL_OPT_SQUEEZE = 30,
    AP_TFL_OPT_STRIDED_SLICE = 32,
    AP_TFL_OPT_SPLIT = 35,
    AP_TFL_OPT_TRANSPOSE_CONV = 49,
    AP_TFL_OPT_PACK = 59,
    AP_TFL_OPT_UNPACK = 64,
    AP_TFL_OPT_UNIDIRECTIONAL_SEQUENCE_LSTM = 71,
    AP_TFL_OPT_LEAKY_RELU = 75,
    AP_TFL_OPT_MIRROR_PAD = 77,
    AP_TFL_OPT_SPLIT_V = 79,
    AP_TFL_OPT_IF = 92,
    AP_TFL_OPT_WHILE = 93,
    AP_TFL_OPT_DEPTH_TO_SPACE = 94,
    AP_TFL_OPT_BATCH_MATMUL = 101,
    AP_TFL_OPT_CALL_ONCE = 103
};

/* ---- Field ids of the tables the reader reads -------------------------------------------- */

/* Model */
enum {
    AP_TFL_F_MODEL_VERSION = 0,
    AP_TFL_F_MODEL_OPERATOR_CODES,
    AP_TFL_F_MODEL_SUBGRAPHS,
    AP_TFL_F_MODEL_DESCRIPTION,
    AP_TFL_F_MODEL_BUFFERS,
    AP_TFL_F_MODEL_METADATA_BUFFER,
    AP_TFL_F_MODEL_METADATA,
    AP_TFL_F_MODEL_SIGNATURE_DEFS,
    AP_TFL_F_MODEL_EXTERNAL_BUFFER_GROUPS,
    AP_TFL_F_MODEL_EXTERNAL_BUFFERS,
    AP_TFL_F_MODEL_FIELDS /* fields the schema defines */
};

/* OperatorCode */
enum {
    AP_TFL_F_OPCODE_DEPRECATED_BUILTIN_CODE = 0,
    AP_TFL_F_OPCODE_CUSTOM_CODE,
    AP_TFL_F_OPCODE_VERSION,
    AP_TFL_F_OPCODE_BUILTIN_CODE,
    AP_TFL_F_OPCODE_FIELDS /* fields the schema defines */
};

/* SubGraph */
enum {
    AP_TFL_F_SUBGRAPH_TENSORS = 0,
    AP_TFL_F_SUBGRAPH_INPUTS,
    AP_TFL_F_SUBGRAPH_OUTPUTS,
    AP_TFL_F_SUBGRAPH_OPERATORS,
    AP_TFL_F_SUBGRAPH_NAME,
    AP_TFL_F_SUBGRAPH_DEBUG_METADATA_INDEX,
    AP_TFL_F_SUBGRAPH_FIELDS /* fields the schema defines */
};

/* Tensor */
enum {
    AP_TFL_F_TENSOR_SHAPE = 0,
    AP_TFL_F_TENSOR_TYPE,
    AP_TFL_F_TENSOR_BUFFER,
    AP_TFL_F_TENSOR_NAME,
    AP_TFL_F_TENSOR_QUANTIZATION,
    AP_TFL_F_TENSOR_IS_VARIABLE,
    AP_TFL_F_TENSOR_SPARSITY,
    AP_TFL_F_TENSOR_SHAPE_SIGNATURE,
    AP_TFL_F_TENSOR_HAS_RANK,
    AP_TFL_F_TENSOR_VARIANT_TENSORS,
    AP_TFL_F_TENSOR_EXTERNAL_BUFFER,
    AP_TFL_F_TENSOR_FIELDS /* fields the schema defines */
};

/* SparsityParameters, DimensionMetadata, and the tables of union SparseIndexVector */
enum {
    AP_TFL_F_SPARSITY_TRAVERSAL_ORDER = 0,
    AP_TFL_F_SPARSITY_BLOCK_MAP,
    AP_TFL_F_SPARSITY_DIM_METADATA
};
enum {
    AP_TFL_F_DIM_FORMAT = 0,          /* DimensionType: 0 DENSE, 1 SPARSE_CSR */
    AP_TFL_F_DIM_DENSE_SIZE,
    AP_TFL_F_DIM_ARRAY_SEGMENTS_TYPE, /* SparseIndexVector: 1 Int32Vector, 2 Uint16Vector, 3 Uint8Vector */
    AP_TFL_F_DIM_ARRAY_SEGMENTS,
    AP_TFL_F_DIM_ARRAY_INDICES_TYPE,
    AP_TFL_F_DIM_ARRAY_INDICES
};
#define AP_TFL_F_INDEX_VECTOR_VALUES 0

/* QuantizationParameters */
enum {
    AP_TFL_F_QUANT_MIN = 0,
    AP_TFL_F_QUANT_MAX,
    AP_TFL_F_QUANT_SCALE,
    AP_TFL_F_QUANT_ZERO_POINT,
    AP_TFL_F_QUANT_DETAILS_TYPE,
    AP_TFL_F_QUANT_DETAILS,
    AP_TFL_F_QUANT_QUANTIZED_DIMENSION,
    AP_TFL_F_QUANT_FIELDS /* fields the schema defines */
};

/* Operator */
enum {
    AP_TFL_F_OPERATOR_OPCODE_INDEX = 0,
    AP_TFL_F_OPERATOR_INPUTS,
    AP_TFL_F_OPERATOR_OUTPUTS,
    AP_TFL_F_OPERATOR_BUILTIN_OPTIONS_TYPE,
    AP_TFL_F_OPERATOR_BUILTIN_OPTIONS,
    AP_TFL_F_OPERATOR_CUSTOM_OPTIONS,
    AP_TFL_F_OPERATOR_CUSTOM_OPTIONS_FORMAT,
    AP_TFL_F_OPERATOR_MUTATING_VARIABLE_INPUTS,
    AP_TFL_F_OPERATOR_INTERMEDIATES,
    AP_TFL_F_OPERATOR_LARGE_CUSTOM_OPTIONS_OFFSET,
    AP_TFL_F_OPERATOR_LARGE_CUSTOM_OPTIONS_SIZE,
    AP_TFL_F_OPERATOR_BUILTIN_OPTIONS_2_TYPE,
    AP_TFL_F_OPERATOR_BUILTIN_OPTIONS_2,
    AP_TFL_F_OPERATOR_DEBUG_METADATA_INDEX,
    AP_TFL_F_OPERATOR_FIELDS /* fields the schema defines */
};

/* Buffer */
enum {
    AP_TFL_F_BUFFER_DATA = 0,
    AP_TFL_F_BUFFER_OFFSET,
    AP_TFL_F_BUFFER_SIZE,
    AP_TFL_F_BUFFER_FIELDS /* fields the schema defines */
};

/* Metadata */
enum {
    AP_TFL_F_METADATA_NAME = 0,
    AP_TFL_F_METADATA_BUFFER,
    AP_TFL_F_METADATA_FIELDS /* fields the schema defines */
};

/* SignatureDef */
enum {
    AP_TFL_F_SIGNATURE_INPUTS = 0,
    AP_TFL_F_SIGNATURE_OUTPUTS,
    AP_TFL_F_SIGNATURE_SIGNATURE_KEY,
    AP_TFL_F_SIGNATURE_DEPRECATED_TAG,
    AP_TFL_F_SIGNATURE_SUBGRAPH_INDEX,
    AP_TFL_F_SIGNATURE_FIELDS /* fields the schema defines */
};

/* ---- Field ids of the options tables the reader decodes ----------------------------------- */

/* Conv2DOptions */
enum {
    AP_TFL_F_CONV_2D_PADDING = 0,
    AP_TFL_F_CONV_2D_STRIDE_W,
    AP_TFL_F_CONV_2D_STRIDE_H,
    AP_TFL_F_CONV_2D_FUSED_ACTIVATION_FUNCTION,
    AP_TFL_F_CONV_2D_DILATION_W_FACTOR,
    AP_TFL_F_CONV_2D_DILATION_H_FACTOR,
    AP_TFL_F_CONV_2D_QUANTIZED_BIAS_TYPE,
    AP_TFL_F_CONV_2D_FIELDS /* fields the schema defines */
};

/* DepthwiseConv2DOptions */
enum {
    AP_TFL_F_DEPTHWISE_CONV_2D_PADDING = 0,
    AP_TFL_F_DEPTHWISE_CONV_2D_STRIDE_W,
    AP_TFL_F_DEPTHWISE_CONV_2D_STRIDE_H,
    AP_TFL_F_DEPTHWISE_CONV_2D_DEPTH_MULTIPLIER,
    AP_TFL_F_DEPTHWISE_CONV_2D_FUSED_ACTIVATION_FUNCTION,
    AP_TFL_F_DEPTHWISE_CONV_2D_DILATION_W_FACTOR,
    AP_TFL_F_DEPTHWISE_CONV_2D_DILATION_H_FACTOR,
    AP_TFL_F_DEPTHWISE_CONV_2D_FIELDS /* fields the schema defines */
};

/* Pool2DOptions */
enum {
    AP_TFL_F_POOL_2D_PADDING = 0,
    AP_TFL_F_POOL_2D_STRIDE_W,
    AP_TFL_F_POOL_2D_STRIDE_H,
    AP_TFL_F_POOL_2D_FILTER_WIDTH,
    AP_TFL_F_POOL_2D_FILTER_HEIGHT,
    AP_TFL_F_POOL_2D_FUSED_ACTIVATION_FUNCTION,
    AP_TFL_F_POOL_2D_FIELDS /* fields the schema defines */
};

/* SVDFOptions */
enum {
    AP_TFL_F_SVDF_RANK = 0,
    AP_TFL_F_SVDF_FUSED_ACTIVATION_FUNCTION,
    AP_TFL_F_SVDF_ASYMMETRIC_QUANTIZE_INPUTS,
    AP_TFL_F_SVDF_FIELDS /* fields the schema defines */
};

/* FullyConnectedOptions */
enum {
    AP_TFL_F_FULLY_CONNECTED_FUSED_ACTIVATION_FUNCTION = 0,
    AP_TFL_F_FULLY_CONNECTED_WEIGHTS_FORMAT,
    AP_TFL_F_FULLY_CONNECTED_KEEP_NUM_DIMS,
    AP_TFL_F_FULLY_CONNECTED_ASYMMETRIC_QUANTIZE_INPUTS,
    AP_TFL_F_FULLY_CONNECTED_QUANTIZED_BIAS_TYPE,
    AP_TFL_F_FULLY_CONNECTED_FIELDS /* fields the schema defines */
};

/* SoftmaxOptions */
enum {
    AP_TFL_F_SOFTMAX_BETA = 0,
    AP_TFL_F_SOFTMAX_FIELDS /* fields the schema defines */
};

/* ConcatenationOptions */
enum {
    AP_TFL_F_CONCATENATION_AXIS = 0,
    AP_TFL_F_CONCATENATION_FUSED_ACTIVATION_FUNCTION,
    AP_TFL_F_CONCATENATION_FIELDS /* fields the schema defines */
};

/* AddOptions */
enum {
    AP_TFL_F_ADD_FUSED_ACTIVATION_FUNCTION = 0,
    AP_TFL_F_ADD_POT_SCALE_INT16,
    AP_TFL_F_ADD_FIELDS /* fields the schema defines */
};

/* MulOptions */
enum {
    AP_TFL_F_MUL_FUSED_ACTIVATION_FUNCTION = 0,
    AP_TFL_F_MUL_FIELDS /* fields the schema defines */
};

/* GatherOptions */
enum {
    AP_TFL_F_GATHER_AXIS = 0,
    AP_TFL_F_GATHER_BATCH_DIMS,
    AP_TFL_F_GATHER_FIELDS /* fields the schema defines */
};

/* L2NormOptions */
enum {
    AP_TFL_F_L2_NORM_FUSED_ACTIVATION_FUNCTION = 0,
    AP_TFL_F_L2_NORM_FIELDS /* fields the schema defines */
};

/* ResizeBilinearOptions (new_height and new_width are deprecated) */
enum {
    AP_TFL_F_RESIZE_BILINEAR_NEW_HEIGHT = 0,
    AP_TFL_F_RESIZE_BILINEAR_NEW_WIDTH,
    AP_TFL_F_RESIZE_BILINEAR_ALIGN_CORNERS,
    AP_TFL_F_RESIZE_BILINEAR_HALF_PIXEL_CENTERS,
    AP_TFL_F_RESIZE_BILINEAR_FIELDS /* fields the schema defines */
};

/* SpaceToDepthOptions */
enum {
    AP_TFL_F_SPACE_TO_DEPTH_BLOCK_SIZE = 0,
    AP_TFL_F_SPACE_TO_DEPTH_FIELDS /* fields the schema defines */
};

/* ReshapeOptions */
enum {
    AP_TFL_F_RESHAPE_NEW_SHAPE = 0,
    AP_TFL_F_RESHAPE_FIELDS /* fields the schema defines */
};

/* SqueezeOptions */
enum {
    AP_TFL_F_SQUEEZE_SQUEEZE_DIMS = 0,
    AP_TFL_F_SQUEEZE_FIELDS /* fields the schema defines */
};

/* ReducerOptions */
enum {
    AP_TFL_F_REDUCER_KEEP_DIMS = 0,
    AP_TFL_F_REDUCER_FIELDS /* fields the schema defines */
};

/* SubOptions */
enum {
    AP_TFL_F_SUB_FUSED_ACTIVATION_FUNCTION = 0,
    AP_TFL_F_SUB_POT_SCALE_INT16,
    AP_TFL_F_SUB_FIELDS /* fields the schema defines */
};

/* StridedSliceOptions */
enum {
    AP_TFL_F_STRIDED_SLICE_BEGIN_MASK = 0,
    AP_TFL_F_STRIDED_SLICE_END_MASK,
    AP_TFL_F_STRIDED_SLICE_ELLIPSIS_MASK,
    AP_TFL_F_STRIDED_SLICE_NEW_AXIS_MASK,
    AP_TFL_F_STRIDED_SLICE_SHRINK_AXIS_MASK,
    AP_TFL_F_STRIDED_SLICE_OFFSET,
    AP_TFL_F_STRIDED_SLICE_FIELDS /* fields the schema defines */
};

/* SplitOptions */
enum {
    AP_TFL_F_SPLIT_NUM_SPLITS = 0,
    AP_TFL_F_SPLIT_FIELDS /* fields the schema defines */
};

/* TransposeConvOptions */
enum {
    AP_TFL_F_TRANSPOSE_CONV_PADDING = 0,
    AP_TFL_F_TRANSPOSE_CONV_STRIDE_W,
    AP_TFL_F_TRANSPOSE_CONV_STRIDE_H,
    AP_TFL_F_TRANSPOSE_CONV_FUSED_ACTIVATION_FUNCTION,
    AP_TFL_F_TRANSPOSE_CONV_QUANTIZED_BIAS_TYPE,
    AP_TFL_F_TRANSPOSE_CONV_FIELDS /* fields the schema defines */
};

/* PackOptions */
enum {
    AP_TFL_F_PACK_VALUES_COUNT = 0,
    AP_TFL_F_PACK_AXIS,
    AP_TFL_F_PACK_FIELDS /* fields the schema defines */
};

/* UnpackOptions */
enum {
    AP_TFL_F_UNPACK_NUM = 0,
    AP_TFL_F_UNPACK_AXIS,
    AP_TFL_F_UNPACK_FIELDS /* fields the schema defines */
};

/* UnidirectionalSequenceLSTMOptions */
enum {
    AP_TFL_F_UNIDIRECTIONAL_SEQUENCE_LSTM_FUSED_ACTIVATION_FUNCTION = 0,
    AP_TFL_F_UNIDIRECTIONAL_SEQUENCE_LSTM_CELL_CLIP,
    AP_TFL_F_UNIDIRECTIONAL_SEQUENCE_LSTM_PROJ_CLIP,
    AP_TFL_F_UNIDIRECTIONAL_SEQUENCE_LSTM_TIME_MAJOR,
    AP_TFL_F_UNIDIRECTIONAL_SEQUENCE_LSTM_ASYMMETRIC_QUANTIZE_INPUTS,
    AP_TFL_F_UNIDIRECTIONAL_SEQUENCE_LSTM_DIAGONAL_RECURRENT_TENSORS,
    AP_TFL_F_UNIDIRECTIONAL_SEQUENCE_LSTM_FIELDS /* fields the schema defines */
};

/* LeakyReluOptions */
enum {
    AP_TFL_F_LEAKY_RELU_ALPHA = 0,
    AP_TFL_F_LEAKY_RELU_FIELDS /* fields the schema defines */
};

/* MirrorPadOptions */
enum {
    AP_TFL_F_MIRROR_PAD_MODE = 0,
    AP_TFL_F_MIRROR_PAD_FIELDS /* fields the schema defines */
};

/* SplitVOptions */
enum {
    AP_TFL_F_SPLIT_V_NUM_SPLITS = 0,
    AP_TFL_F_SPLIT_V_FIELDS /* fields the schema defines */
};

/* IfOptions */
enum {
    AP_TFL_F_IF_THEN_SUBGRAPH_INDEX = 0,
    AP_TFL_F_IF_ELSE_SUBGRAPH_INDEX,
    AP_TFL_F_IF_FIELDS /* fields the schema defines */
};

/* WhileOptions */
enum {
    AP_TFL_F_WHILE_COND_SUBGRAPH_INDEX = 0,
    AP_TFL_F_WHILE_BODY_SUBGRAPH_INDEX,
    AP_TFL_F_WHILE_FIELDS /* fields the schema defines */
};

/* DepthToSpaceOptions */
enum {
    AP_TFL_F_DEPTH_TO_SPACE_BLOCK_SIZE = 0,
    AP_TFL_F_DEPTH_TO_SPACE_FIELDS /* fields the schema defines */
};

/* BatchMatMulOptions */
enum {
    AP_TFL_F_BATCH_MATMUL_ADJ_X = 0,
    AP_TFL_F_BATCH_MATMUL_ADJ_Y,
    AP_TFL_F_BATCH_MATMUL_ASYMMETRIC_QUANTIZE_INPUTS,
    AP_TFL_F_BATCH_MATMUL_FIELDS /* fields the schema defines */
};

/* CallOnceOptions */
enum {
    AP_TFL_F_CALL_ONCE_INIT_SUBGRAPH_INDEX = 0,
    AP_TFL_F_CALL_ONCE_FIELDS /* fields the schema defines */
};

#endif
