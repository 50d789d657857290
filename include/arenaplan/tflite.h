/*
 * arenaplan/tflite.h - TensorFlow Lite models: the graph in a .tflite file, read as it is.
 *
 *   ap_tflite_read           bytes of a .tflite file -> ap_tfl_model (the graph)
 *
 * What TensorFlow Lite Micro (TFLM) makes of the graph, the planning problem and its plan, is
 * tflm.h; writing a plan into a model is embed.h.
 *
 * The reader treats the file as hostile: every offset, vtable, vector, string and union is
 * checked against the file before it is read, nothing outside [data, data + len) is touched,
 * and the walk follows the schema's fixed depth (no recursion driven by the file). A fault is
 * reported as AP_ERR_INPUT with a message naming the item and the byte offset at fault. See
 * docs/tflite.md for what is read.
 *
 * Ownership: an ap_tfl_model owns all of its arrays and strings (free with ap_tflite_free). It
 * also keeps a borrowed pointer to the file's bytes (model->data) for the option accessors;
 * the caller keeps those bytes alive while it uses them (everything else is copied).
 */
#ifndef ARENAPLAN_TFLITE_H
#define ARENAPLAN_TFLITE_H

#include <stddef.h>
#include <stdint.h>

#include "arenaplan/error.h"
#include "arenaplan/schema.h"

#ifdef __cplusplus
extern "C" {
#endif
AP_PUBLIC_BEGIN

/* ---- Names and sizes from the schema (schema.h has the numbers) --------------------------- */

/* The schema name of a type ("INT8"), or NULL for a value outside the enum. */
const char *ap_tfl_type_name(int type);

/* Bits one element occupies in a packed tensor: 32 for FLOAT32, 4 for INT4 and UINT4 (two per
 * byte), 2 for INT2, 8 for BOOL; 0 for STRING and VARIANT (no fixed size) and unknown types. */
int ap_tfl_type_bits(int type);

/* Bytes per element as TFLM sizes a tensor (TfLiteTypeSizeOf in tflite-micro's
 * memory_helpers.cc): INT4 counts one byte per element there, and the types TFLM cannot size
 * (STRING, VARIANT, INT2, UINT4, unknown) give 0; UINT16 and BFLOAT16 are 2 bytes. */
int ap_tfl_tflm_type_size(int type);

/* The schema name of a builtin code ("CONV_2D"), or NULL for a code the schema does not name. */
const char *ap_tfl_builtin_name(int32_t code);

/* ---- The graph ------------------------------------------------------------------------------ */

/* The options later stages need, decoded from the operator's builtin_options table. A field the
 * operator's options table does not have keeps its schema default (listed); fields that do not
 * apply to the operator keep these defaults too. For any other option use
 * ap_tflite_option_scalar. */
typedef struct ap_tfl_options {
    int32_t padding;          /* Padding: 0 SAME, 1 VALID (conv, depthwise, pool, transpose conv) */
    int32_t stride_w, stride_h;        /* 0 */
    int32_t dilation_w, dilation_h;    /* 1 */
    int32_t depth_multiplier;          /* 0 */
    int32_t filter_w, filter_h;        /* pooling; 0 */
    int32_t activation;       /* fused ActivationFunctionType: 0 NONE, 1 RELU, 2 RELU_N1_TO_1,
                                 3 RELU6, 4 TANH, 5 SIGN_BIT */
    int32_t axis;             /* concatenation, gather, pack, unpack; 0 */
    int32_t keep_dims;        /* ReducerOptions; 0 */
    int32_t keep_num_dims;    /* FullyConnectedOptions; 0 */
    int32_t weights_format;   /* FullyConnectedOptions; 0 DEFAULT */
    int32_t time_major;       /* UnidirectionalSequenceLSTMOptions; 0 */
    int32_t rank;             /* SVDFOptions; 0 */
    int32_t mirror_mode;      /* MirrorPadOptions: 0 REFLECT, 1 SYMMETRIC */
    int32_t num_splits;       /* split, split_v; 0 */
    int32_t block_size;       /* depth_to_space, space_to_depth; 0 */
    int32_t adj_x, adj_y;     /* BatchMatMulOptions; 0 */
    int32_t begin_mask, end_mask, ellipsis_mask, new_axis_mask, shrink_axis_mask, offset;
                              /* StridedSliceOptions; 0 */
    float beta;               /* SoftmaxOptions; 0 */
    float alpha;              /* LeakyReluOptions; 0 */
} ap_tfl_options;

typedef struct ap_tfl_opcode {
    int8_t deprecated_builtin_code; /* field 0, as stored (default 0) */
    int32_t builtin_code_field;     /* field 3, the extended code, as stored (default 0) */
    int32_t builtin;                /* the code that applies: the larger of the two (the schema's
                                       rule; TFLM's GetBuiltinCode) */
    int32_t version;                /* default 1 */
    char *custom_code;              /* NULL when absent */
    char *name;                     /* display name: builtin name, custom code, "BUILTIN_<n>" */
} ap_tfl_opcode;

typedef struct ap_tfl_operator {
    uint32_t index;            /* position in its subgraph */
    uint32_t opcode_index;
    int32_t builtin;           /* the opcode's resolved builtin code */
    const char *custom_code;   /* the opcode's custom code (owned by the model), or NULL */
    const char *name;          /* display name, as ap_tfl_op_name (owned by the model) */
    int32_t *inputs;           /* tensor indices; -1 = omitted optional input */
    uint32_t n_inputs;
    int32_t *outputs;
    uint32_t n_outputs;
    int32_t *intermediates;
    uint32_t n_intermediates;
    uint8_t options_type;      /* BuiltinOptions union type (AP_TFL_OPT_*), 0 = none */
    size_t options_pos;        /* file offset of the options table, 0 = none */
    ap_tfl_options opt;        /* decoded (see ap_tfl_options) */
    uint8_t options2_type;     /* BuiltinOptions2 union type, 0 = none */
    size_t options2_pos;
    size_t custom_options_pos; /* file offset of the custom_options bytes, 0 = none */
    size_t custom_options_len;
    int32_t calls[2];          /* subgraphs this operator invokes, -1 = none: IF then/else,
                                  WHILE cond/body, CALL_ONCE init (calls[1] = -1) */
    size_t table_pos;          /* file offset of the Operator table */
} ap_tfl_operator;

typedef struct ap_tfl_tensor {
    uint32_t index;            /* position in its subgraph */
    char *name;                /* "" when absent */
    int type;                  /* ap_tfl_type */
    int32_t *shape;            /* dimensions, each >= 0 (the reader refuses negative ones but
                                  the -1 of a RESHAPE's output, which it resolves: n_stretch) */
    uint32_t rank;             /* 0 = scalar (or shape absent) */
    int32_t *shape_signature;  /* -1 = unknown dimension; NULL when absent */
    uint32_t n_shape_signature;
    uint32_t n_stretch;        /* how many dimensions the file gave as -1: 0, or (the output of
                                  a RESHAPE only) 1, resolved in shape as TFLM's ReshapeOutput
                                  does (reshape_common.cc:56-75), or more (TFLM refuses them,
                                  :61; shape then holds 1 for each) */
    int64_t elements;          /* product of shape (1 for a scalar) */
    int64_t bytes;             /* packed size: ceil(elements * ap_tfl_type_bits / 8); -1 when
                                  the type has no fixed size (STRING, VARIANT) */
    uint32_t buffer;           /* index into model->buffers */
    int is_constant;           /* its buffer holds data (TFLM: a non-empty data vector) */
    int is_variable;
    int has_quantization;      /* a quantization table with scales */
    uint32_t n_scales;         /* quantization scale count (per-channel when > 1) */
    uint32_t n_zero_points;    /* quantization zero-point count (TFLM copies the quantization
                                  only when both counts are > 0) */
    int32_t quantized_dimension;
    uint32_t scale0_bits;      /* the first scale's IEEE-754 bits (0 when none) */
    int64_t zero_point0;       /* the first zero point (0 when none) */
    int scales_differ;         /* the quantization scales are not all equal (per-channel values
                                  that differ: TFLite's hybrid convolution tests this) */
    int zero_points_nonzero;   /* some quantization zero point is not 0 */
    int has_sparsity;          /* a SparsityParameters table (TFLite reads it for constant
                                  tensors only: a sparse constant's shape is its dense shape) */
    int sparsity_valid;        /* what TFLite's ParseSparsity needs: traversal_order and
                                  dim_metadata present, each dimension DENSE or SPARSE_CSR, and
                                  a CSR dimension's segments and indices present and typed */
    uint32_t n_dim_metadata;
    int64_t sparse_segments1;  /* dim_metadata[1]'s array_segments and array_indices lengths */
    int64_t sparse_indices1;   /* (FULLY_CONNECTED's ledger); -1 when absent */
    size_t table_pos;          /* file offset of the Tensor table */
} ap_tfl_tensor;

typedef struct ap_tfl_subgraph {
    uint32_t index;
    char *name;                /* "" when absent */
    ap_tfl_tensor *tensors;
    uint32_t n_tensors;
    int32_t *inputs;
    uint32_t n_inputs;
    int32_t *outputs;
    uint32_t n_outputs;
    ap_tfl_operator *ops;
    uint32_t n_ops;
    size_t table_pos;
    size_t first_entry;        /* the offline plan's entry for tensor 0: the number of tensors of
                                  the earlier subgraphs (tensor i takes entry first_entry + i) */
} ap_tfl_subgraph;

typedef struct ap_tfl_buffer {
    size_t table_pos;          /* file offset of the Buffer table */
    size_t data_pos;           /* file offset of the first data byte (0 when no data vector) */
    size_t data_len;           /* data vector length in bytes */
    size_t data_len_pos;       /* file offset of the vector's length word (0 when none) */
    uint64_t ext_offset;       /* Buffer.offset / Buffer.size: data outside the FlatBuffer
                                  (models over 2 GB); 0 when absent. TFLM ignores them. */
    uint64_t ext_size;
} ap_tfl_buffer;

typedef struct ap_tfl_metadata {
    char *name;                /* "" when absent */
    uint32_t name_len;         /* its length in the file (a name may hold a NUL byte) */
    uint32_t buffer;           /* index into model->buffers (checked) */
    size_t table_pos;
} ap_tfl_metadata;

typedef struct ap_tfl_signature {
    char *key;                 /* signature_key, "" when absent */
    uint32_t subgraph;
} ap_tfl_signature;

/* The metadata name TFLM reads an offline plan from (micro_allocation_info.cc). */
#define AP_TFL_OFFLINE_PLAN_NAME "OfflineMemoryAllocation"

/* An "OfflineMemoryAllocation" metadata entry: int32 words [version, subgraph count, n,
 * offset of entry 0 .. n-1], -1 meaning "plan at runtime". The entries of all subgraphs are
 * concatenated: tensor i of subgraph s takes entry subgraphs[s].first_entry + i. */
typedef struct ap_tfl_offline_plan {
    int present;
    uint32_t metadata;         /* index into model->metadata (TFLM uses the last one named so) */
    uint32_t buffer;
    int32_t version;
    int32_t subgraphs;
    uint32_t n;
    int32_t *offsets;
    size_t offsets_pos;        /* file offset of offsets[0] */
} ap_tfl_offline_plan;

typedef struct ap_tfl_model {
    const unsigned char *data; /* borrowed: the bytes read (see the top of this file) */
    size_t len;
    uint32_t version;          /* Model.version (schema 3) */
    char *description;         /* "" when absent */
    ap_tfl_opcode *opcodes;
    uint32_t n_opcodes;
    ap_tfl_subgraph *subgraphs;
    uint32_t n_subgraphs;
    ap_tfl_buffer *buffers;
    uint32_t n_buffers;
    ap_tfl_metadata *metadata;
    uint32_t n_metadata;
    ap_tfl_signature *signatures;
    uint32_t n_signatures;
    ap_tfl_offline_plan offline;
    void *pool_;               /* private: the allocations */
} ap_tfl_model;

/* Reads the model in data[0..len). On success *out owns a new model (free with ap_tflite_free);
 * data must outlive the model's use of its options accessors. On failure *out is NULL and err
 * names the item and byte offset at fault: AP_ERR_INPUT for a malformed file (truncated, wrong
 * identifier, offsets, vtables, vectors or strings outside the file, indices out of range,
 * negative dimensions, sizes that overflow, unknown tensor types), AP_ERR_NOMEM. Nothing is
 * printed. */
ap_status ap_tflite_read(const unsigned char *data, size_t len, ap_tfl_model **out,
                         ap_error *err);

void ap_tflite_free(ap_tfl_model *m);

/* Reads scalar field `field` (its schema field id, 0-based, the union's type slot counted) of
 * the operator's builtin_options table (which = 1) or builtin_options_2 table (which = 2), of
 * `width` bytes (1, 2, 4 or 8), sign-extending when is_signed. Returns 1 and stores the value
 * when the field is present, 0 when absent (the schema default applies) or the operator has no
 * such table. Every access is checked against the file. */
int ap_tflite_option_scalar(const ap_tfl_model *m, const ap_tfl_operator *op, int which,
                            unsigned field, unsigned width, int is_signed, int64_t *value);

/* Reads vector field `field` of the operator's builtin_options (which = 1) or
 * builtin_options_2 (which = 2) table, of integers of `width` bytes (1: unsigned bytes, also
 * a string's; 4 or 8: signed): stores at
 * most max of them in values and returns the vector's length, or -1 when the field is absent
 * or the operator has no such table. Every access is checked against the file. */
int64_t ap_tflite_option_vector(const ap_tfl_model *m, const ap_tfl_operator *op, int which,
                                unsigned field, unsigned width, int64_t *values, size_t max);

/* The operator's display name: the builtin name, the custom code for CUSTOM, or "BUILTIN_<n>"
 * for codes the schema does not name. Valid while the model lives (static or model-owned). */
const char *ap_tfl_op_name(const ap_tfl_operator *op);

AP_PUBLIC_END
#ifdef __cplusplus
}
#endif
#endif
