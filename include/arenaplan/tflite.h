/*
 * arenaplan/tflite.h - TensorFlow Lite models: the graph in a .tflite file, and the planning
 * problem TensorFlow Lite Micro (TFLM) builds from it.
 *
 * Two stages, each plain data in and plain data out:
 *
 *   ap_tflite_read           bytes of a .tflite file -> ap_tfl_model (the graph)
 *   ap_tflite_build_problem  ap_tfl_model -> ap_problem (the buffers TFLM's memory planner
 *                            receives at AllocateTensors(), with TFLM's lifetimes)
 *
 * ap_tflite_load_problem does both; ap_load (load.h) calls it for files that carry the "TFL3"
 * identifier.
 *
 * The reader treats the file as hostile: every offset, vtable, vector, string and union is
 * checked against the file before it is read, nothing outside [data, data + len) is touched,
 * and the walk follows the schema's fixed depth (no recursion driven by the file). A fault is
 * reported as AP_ERR_INPUT with a message naming the item and the byte offset at fault. See
 * docs/tflite.md for what is read, the lifetime rules and the kernel scratch models.
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
#include "arenaplan/load.h"
#include "arenaplan/plan.h"
#include "arenaplan/planner.h"
#include "arenaplan/problem.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Tensor types (TFLite schema enum TensorType) ---------------------------------------- */

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

/* The schema name of a type ("INT8"), or NULL for a value outside the enum. */
const char *ap_tfl_type_name(int type);

/* Bits one element occupies in a packed tensor: 32 for FLOAT32, 4 for INT4 and UINT4 (two per
 * byte), 2 for INT2, 8 for BOOL; 0 for STRING and VARIANT (no fixed size) and unknown types. */
int ap_tfl_type_bits(int type);

/* Bytes per element as TFLM sizes a tensor (TfLiteTypeSizeOf in tflite-micro's
 * memory_helpers.cc): INT4 counts one byte per element there, and the types TFLM cannot size
 * (STRING, VARIANT, UINT16, BFLOAT16, INT2, UINT4, unknown) give 0. */
int ap_tfl_tflm_type_size(int type);

/* ---- Operators ------------------------------------------------------------------------------ */

/* Builtin operator codes used by name in arenaplan (the schema has them all; any int32 code is
 * read and kept; ap_tfl_builtin_name names every code the schema defines). */
enum {
    AP_TFL_OP_ADD = 0,
    AP_TFL_OP_AVERAGE_POOL_2D = 1,
    AP_TFL_OP_CONCATENATION = 2,
    AP_TFL_OP_CONV_2D = 3,
    AP_TFL_OP_DEPTHWISE_CONV_2D = 4,
    AP_TFL_OP_FULLY_CONNECTED = 9,
    AP_TFL_OP_MAX_POOL_2D = 17,
    AP_TFL_OP_MUL = 18,
    AP_TFL_OP_RESHAPE = 22,
    AP_TFL_OP_SOFTMAX = 25,
    AP_TFL_OP_SVDF = 27,
    AP_TFL_OP_CALL = 31,
    AP_TFL_OP_CUSTOM = 32,
    AP_TFL_OP_PAD = 34,
    AP_TFL_OP_MEAN = 40,
    AP_TFL_OP_SUB = 41,
    AP_TFL_OP_UNIDIRECTIONAL_SEQUENCE_LSTM = 44,
    AP_TFL_OP_TRANSPOSE_CONV = 67,
    AP_TFL_OP_SUM = 74,
    AP_TFL_OP_REDUCE_PROD = 81,
    AP_TFL_OP_REDUCE_MAX = 82,
    AP_TFL_OP_REDUCE_MIN = 89,
    AP_TFL_OP_MIRROR_PAD = 100,
    AP_TFL_OP_ADD_N = 106,
    AP_TFL_OP_IF = 118,
    AP_TFL_OP_WHILE = 119,
    AP_TFL_OP_BATCH_MATMUL = 126,
    AP_TFL_OP_PLACEHOLDER_FOR_GREATER_OP_CODES = 127,
    AP_TFL_OP_CALL_ONCE = 129,
    AP_TFL_OP_REDUCE_ALL = 140,
    AP_TFL_OP_VAR_HANDLE = 142,
    AP_TFL_OP_READ_VARIABLE = 143,
    AP_TFL_OP_ASSIGN_VARIABLE = 144
};

/* The schema name of a builtin code ("CONV_2D"), or NULL for a code the schema does not name. */
const char *ap_tfl_builtin_name(int32_t code);

/* BuiltinOptions union members arenaplan parses (the schema's union numbering). */
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
    AP_TFL_OPT_RESHAPE = 17,
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
    int32_t block_size;       /* depth_to_space; 0 */
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
    int32_t *shape;            /* dimensions, each >= 0 (the reader refuses negative ones) */
    uint32_t rank;             /* 0 = scalar (or shape absent) */
    int32_t *shape_signature;  /* -1 = unknown dimension; NULL when absent */
    uint32_t n_shape_signature;
    int64_t elements;          /* product of shape (1 for a scalar) */
    int64_t bytes;             /* packed size: ceil(elements * ap_tfl_type_bits / 8); -1 when
                                  the type has no fixed size (STRING, VARIANT) */
    uint32_t buffer;           /* index into model->buffers */
    int is_constant;           /* its buffer holds data (TFLM: a non-empty data vector) */
    int is_variable;
    int has_quantization;      /* a quantization table with scales */
    uint32_t n_scales;         /* quantization scale count (per-channel when > 1) */
    int32_t quantized_dimension;
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
    uint32_t buffer;           /* index into model->buffers (checked) */
    size_t table_pos;
} ap_tfl_metadata;

typedef struct ap_tfl_signature {
    char *key;                 /* signature_key, "" when absent */
    uint32_t subgraph;
} ap_tfl_signature;

/* An "OfflineMemoryAllocation" metadata entry: int32 words [version, subgraph count, n,
 * offset of entry 0 .. n-1], -1 meaning "plan at runtime". */
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

/* The operator's display name: the builtin name, the custom code for CUSTOM, or "BUILTIN_<n>"
 * for codes the schema does not name. Valid while the model lives (static or model-owned). */
const char *ap_tfl_op_name(const ap_tfl_operator *op);

/* ---- Lifetimes: the problem TFLM's planner receives ----------------------------------------- */

/* Options for ap_tflite_build_problem. */
typedef struct ap_tflite_build_options {
    const char *kernels;   /* kernel set whose Prepare-time behaviour is modelled:
                              "reference" (TFLM's reference kernels on a 32-bit target, the
                              default when NULL), "reference64" (the same on a 64-bit host) or
                              "none" (see docs/tflite.md) */
    int ignore_offline;    /* 1: an embedded offline plan does not become fixed offsets */
    int64_t align;         /* the problem's default_align; 0 = 16 (TFLM's buffer alignment) */
    const char *inplace;   /* in-place rules (docs/inplace.md): NULL or "none" (TFLM: no
                              sharing), "reshape" (RESHAPE, SQUEEZE, EXPAND_DIMS outputs alias
                              their dying input), "elementwise" (those and the element-wise
                              operators) */
    const char *overlap;   /* kernel-aware overlap rules (docs/overlap.md): NULL or "none",
                              "reference" (TFLM's reference kernels' read and write order:
                              CONV_2D, DEPTHWISE_CONV_2D, AVERAGE_POOL_2D, MAX_POOL_2D and the
                              element-wise operators) */
} ap_tflite_build_options;

void ap_tflite_build_options_init(ap_tflite_build_options *opt);

/* The kernel sets ap_tflite_build_problem knows, NULL-terminated. */
extern const char *const ap_tflite_kernel_sets[];

/* The in-place and overlap rule sets it knows, NULL-terminated ("none" first). */
extern const char *const ap_tflite_inplace_sets[];
extern const char *const ap_tflite_overlap_sets[];

/* Builds the problem TFLM's memory planner receives for model m (see docs/tflite.md):
 * - buffers: the planned tensors of every subgraph in subgraph and tensor order (a tensor is
 *   planned when its buffer holds no data, it is not a variable, its TFLM size is not 0 and no
 *   kernel gives it memory of its own in Prepare, as VAR_HANDLE does),
 *   then one buffer per kernel scratch request in Prepare order (subgraph by subgraph, operator
 *   by operator);
 * - sizes rounded up to 16 (TFLM's MicroArenaBufferAlignment);
 * - lifetimes [first_created, last_used + 1) from TFLM's AllocationInfoBuilder: scopes counted
 *   through subgraph 0 and, depth first, the subgraphs IF, WHILE and CALL_ONCE invoke; tensors
 *   never touched keep TFLM's -1 (lifetime [-1, 0));
 * - ids "17" (subgraph 0), "2:5" (tensor 5 of subgraph 2), "scratch0"; names, kinds, producer
 *   and consumer text ("op 3 CONV_2D"), step labels;
 * - an OfflineMemoryAllocation plan as fixed offsets for entries other than -1 (unless
 *   opt->ignore_offline), indexed as TFLM 90b983c2b indexes it;
 * - with opt->inplace or opt->overlap, overlap allowances from those rules: an operator's
 *   output may share bytes with an input whose last reader is that operator (no subgraph
 *   input or output). In-place aliases carry AP_OVERLAP_ALIAS (RESHAPE and SQUEEZE also
 *   AP_OVERLAP_EXACT); every allowance's `why` names the operator ("CONV_2D op 3 (reference
 *   kernel order)"); the note says which rules were applied and that overlap plans hold only
 *   for the kernels they were computed for.
 * The problem is not validated (ap_tflite_load_problem does that). Fails with AP_ERR_INPUT
 * when TFLM itself could not allocate the model (a tensor type TFLM cannot size, such as a
 * STRING tensor; an intermediate tensor with a non-zero size; a loop of subgraph calls; an
 * offline plan, when honoured, whose entry count differs from the model's tensor count; an
 * operator whose tensors its kernel's Prepare refuses), an offline offset is negative other
 * than -1, or subgraph calls nest deeper than 256 or run more than 2^20 operators in all;
 * AP_ERR_USAGE for an unknown kernel set, in-place or overlap rule set; AP_ERR_NOMEM. */
ap_status ap_tflite_build_problem(const ap_tfl_model *m, const ap_tflite_build_options *opt,
                                  ap_problem **out, ap_error *err);

/* Reads the model in data[0..len) and builds the validated problem TFLM's planner would
 * receive (ap_tflite_read + ap_tflite_build_problem + ap_problem_validate), with
 * problem->source = path. opt may be NULL (defaults: kernels "reference", offline plan
 * honoured, default_align 16, no in-place or overlap rules); opt->align overrides default_align
 * when not 0; opt->inplace and opt->overlap select the rules. Messages start with path. */
ap_status ap_tflite_load_problem(const unsigned char *data, size_t len, const char *path,
                                 const ap_load_options *opt, ap_problem **out, ap_error *err);

/* ---- Writing: metadata entries and an embedded plan (docs/embed.md) ------------------------ */

/* The metadata name TFLM reads an offline plan from (micro_allocation_info.cc). */
#define AP_TFL_OFFLINE_PLAN_NAME "OfflineMemoryAllocation"

/* arenaplan's own metadata entry: the kernel behaviour a plan relies on, as text lines
 * "kernels=SET\ninplace=RULES\noverlap=RULES\n" (RULES "none" when not used). ap_tflite_embed
 * writes it when in-place or overlap rules were applied (the plan is then valid only with the
 * kernels those rules model) and removes it otherwise. TFLM ignores it. */
#define AP_TFL_KERNELS_NAME "arenaplan.kernels"

/* One change to a model's metadata (a name and a buffer of bytes, Model.metadata). */
typedef struct ap_tfl_metadata_edit {
    const char *name;           /* 1 to 255 bytes */
    const unsigned char *data;  /* the entry's new bytes (copied); unused when remove */
    size_t len;
    int remove;                 /* 1: drop every entry of this name (none is fine) */
} ap_tfl_metadata_edit;

/* Writes into *out (malloc'd, *out_len bytes; free it) a copy of the model in data[0..len)
 * whose metadata carries the edits, names all different: an entry set once replaces every
 * entry of that name (it keeps the place of the last one, which is the one TFLM reads, or is
 * appended), its data 16-aligned; a removal drops every entry of the name. Everything else is
 * preserved: the graph, every buffer's bytes and their alignment modulo 16, fields arenaplan
 * does not know. Two ways (docs/embed.md): in place when each entry to set exists once, owns
 * its buffer and has the new length at a 16-aligned position, and nothing is to be removed
 * (then the file keeps its size and differs only in those bytes; *shift = 0); otherwise the
 * whole input follows a new header, moved by *shift bytes (a multiple of 16). shift may be
 * NULL. The copy is read back and compared with the input (ap_tflite_diff) before it is
 * returned. Fails with AP_ERR_INPUT for a model the reader refuses, a Model table with fields
 * the schema does not define, or data kept outside the FlatBuffer at absolute file positions
 * (Buffer.offset, Operator.large_custom_options_offset: models over 2 GB), when the input must
 * move; AP_ERR_USAGE for bad edits (a name empty, too long or edited twice, or an output past
 * 2 GB); AP_ERR_INVALID if the copy failed its check (a bug); AP_ERR_NOMEM. */
ap_status ap_tflite_set_metadata(const unsigned char *data, size_t len,
                                 const ap_tfl_metadata_edit *edits, size_t n_edits,
                                 unsigned char **out, size_t *out_len, size_t *shift,
                                 ap_error *err);

/* Whether model b holds the same graph as model a, except the metadata entries whose names
 * are in ignore[0..n_ignore) and the buffers only those entries name: AP_OK when it does,
 * AP_ERR_INVALID with the first difference in *diff otherwise. Compared: every value the
 * reader decodes (operator codes, subgraphs, tensors, operators, options, signatures,
 * metadata names and buffers), every buffer's data bytes and its position modulo 16, and the
 * vtable and inline bytes of every table the reader locates (so fields it does not decode are
 * compared too; two files written differently may hold the same graph and still differ). b
 * may have more buffers than a. */
ap_status ap_tflite_diff(const ap_tfl_model *a, const ap_tfl_model *b, const char *const *ignore,
                         size_t n_ignore, ap_error *diff);

/* What TFLM does at AllocateTensors with a model problem p (ap_tflite_build_problem, honouring
 * the model's offline plan): buffers with a fixed offset stay there, and TFLM's
 * GreedyMemoryPlanner places every other buffer (tensors the plan leaves to the runtime, kernel
 * scratch) around them. Plans p with "greedy" into *out (initialized by the caller), ignoring
 * the allowances of in-place and overlap rules (TFLM's planner knows none; the pre-planned
 * sharing of fixed buffers, AP_OVERLAP_FIXED, stays), and proves the plan with the checker
 * against p itself: AP_ERR_INVALID with the checker's message when it fails (the fixed offsets
 * conflict). out->arena is the head TFLM reaches. */
ap_status ap_tflite_tflm_plan(const ap_problem *p, ap_plan *out, ap_error *err);

/* Options for ap_tflite_embed. */
typedef struct ap_tflite_embed_options {
    ap_load_options load;   /* how the input is read: kernels, inplace, overlap, ignore_offline
                               (plan from scratch instead of keeping an existing offline plan's
                               offsets); align must be 0 or 16 (TFLM's buffer alignment) */
    ap_plan_options plan;   /* plan.strategy: the one strategy to use; NULL (the default) plans
                               with "best" and with every portfolio strategy and keeps the one
                               whose embedded plan gives TFLM the smallest head. The other
                               fields (time limit, stop, progress) are passed on. */
    const ap_tfl_metadata_edit *extra; /* more metadata edits, applied with the plan; an edit
                                          of AP_TFL_KERNELS_NAME replaces the automatic one */
    size_t n_extra;
} ap_tflite_embed_options;

void ap_tflite_embed_options_init(ap_tflite_embed_options *opt);

typedef struct ap_tflite_embed_result {
    unsigned char *data;   /* the new model (malloc'd) */
    size_t len;
    size_t shift;          /* 0: the input's bytes were rewritten in place; else how far the
                              input moved behind a new header (ap_tflite_set_metadata) */
    ap_problem *problem;   /* the problem read from the input (tensors, then scratch) */
    ap_plan plan;          /* the plan the offsets come from (all buffers of problem) */
    ap_plan tflm;          /* what TFLM does with the output: tensors at the embedded offsets,
                              every other buffer placed by its GreedyMemoryPlanner; proven by
                              the checker against problem */
    int64_t head;          /* tflm.arena: the head TFLM reaches with the embedded plan */
    int had_plan;          /* the input carried an offline plan */
    int64_t head_before;   /* the head TFLM reaches with the input as it is: with its own
                              offline plan when it has one, else with its greedy planner alone;
                              -1 when TFLM would refuse the input's offline plan */
    int32_t *words;        /* the OfflineMemoryAllocation buffer: [version 0, subgraphs, n,
                              offset of entry 0 .. n-1] (n = all tensors of all subgraphs) */
    size_t n_words;
    size_t tensors;        /* planned tensors (buffers of problem that are not scratch) */
    size_t fixed;          /* planned tensors the embedded plan fixes */
    size_t entries;        /* entries other than -1 */
    size_t conflicts;      /* tensor indices whose tensors in different subgraphs were planned
                              at different offsets (TFLM reads one entry per index) */
    size_t conflicts_runtime; /* of those, left to the runtime (-1) */
    size_t candidates;     /* plans compared */
    int kernels_entry;     /* 1: AP_TFL_KERNELS_NAME written, 0: removed (or absent) */
} ap_tflite_embed_result;

/* Plans the model in data[0..len) (path names it in messages; may be NULL) and writes into
 * res->data a copy carrying the plan as TFLM's offline plan (AP_TFL_OFFLINE_PLAN_NAME; an
 * existing one is replaced), with ap_tflite_set_metadata (so everything else is preserved).
 * Entry i holds the offset of tensor i of every subgraph, as TFLM reads it (docs/embed.md):
 * -1 for tensors TFLM does not plan (constants, variables, size 0) and for indices whose
 * tensors in several subgraphs cannot share one offset. Kernel scratch cannot be written in
 * the format; TFLM places it around the fixed offsets at runtime: every candidate plan is
 * judged by that head (res->tflm), and the smallest wins. A plan, and the TFLM plan around it,
 * must pass the checker, or nothing is returned. The copy is read back: its offline plan must
 * be the words written and its problem, planned by greedy, must give res->tflm offset for
 * offset. res is filled on success (free with ap_tflite_embed_result_free) and zeroed on
 * failure. Fails with AP_ERR_USAGE (unknown strategy or kernel set, align other than 16),
 * AP_ERR_INPUT (the model cannot be read, rewritten, or allocated by TFLM; an existing
 * offline plan of the wrong size unless load.ignore_offline), AP_ERR_INVALID (no candidate
 * passed the checker: a bug), AP_ERR_LIMIT or AP_ERR_INFEASIBLE from the chosen strategy,
 * AP_ERR_OVERFLOW (an offset past 2^31 - 1, which the format cannot hold), AP_ERR_NOMEM. */
ap_status ap_tflite_embed(const unsigned char *data, size_t len, const char *path,
                          const ap_tflite_embed_options *opt, ap_tflite_embed_result *res,
                          ap_error *err);

void ap_tflite_embed_result_free(ap_tflite_embed_result *res);

#ifdef __cplusplus
}
#endif
#endif
