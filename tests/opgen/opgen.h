/*
 * opgen.h - the single-operator model generator (issue 26 item 4): a spec of models (ops.spec:
 * every operator TFLM 90b983c2b's MicroMutableOpResolver registers, at each type its kernel
 * accepts, with the shapes, options, constants and quantization that reach each branch of its
 * allocation rules, and models TFLM must refuse) turned into .tflite files with the tests'
 * FlatBuffer writer (tests/support/tflite_writer.h).
 *
 *   spec.c     the spec language -> og_model (the grammar is at the top of ops.spec)
 *   schema.c   type names, operator names, the options tables of the operators (schema facts)
 *   build.c    og_model -> .tflite bytes (deterministic: the same spec gives the same bytes)
 *   verify.c   the bytes read back with arenaplan's reader, checked against the spec
 *   figures.c  measured-figure CSVs checked against the spec (names, hashes, expectations)
 *   compare.c  arenaplan's whole arena against the measured figures, with the known gaps
 *   opgen.c    the command line
 */
#ifndef AP_OPGEN_H
#define AP_OPGEN_H

#include <stddef.h>
#include <stdint.h>

#define OG_NAME 64
#define OG_MAX_DIMS 8
#define OG_MAX_OP_IN 48
#define OG_MAX_OP_OUT 8
#define OG_MAX_OPTS 16
#define OG_MAX_CUST 24
#define OG_MAX_GRAPHS 4
#define OG_MAX_IO 40

/* How a tensor's constant data is made. */
enum {
    OG_FILL_NONE,   /* not constant */
    OG_FILL_RANDOM, /* deterministic pseudo-random values of the type (seeded by model, tensor) */
    OG_FILL_VALUES, /* the values listed in the spec */
    OG_FILL_BIAS,   /* a bias: random small integers; scales from an input and a filter */
    OG_FILL_BYTES   /* raw bytes listed in the spec (hex) */
};

typedef struct og_tensor {
    char name[OG_NAME];
    int type;                     /* ap_tfl_type */
    int rank;
    int32_t shape[OG_MAX_DIMS];
    /* quantization: written when n_scale or n_zp > 0, or quant_table */
    int n_scale, n_zp;
    float *scale;
    int64_t *zp;
    int32_t qdim;
    int quant_table;              /* write an (empty) quantization table even without vectors */
    int fill;                     /* OG_FILL_* */
    double *values;               /* OG_FILL_VALUES */
    int n_values;
    unsigned char *bytes;         /* OG_FILL_BYTES */
    int n_bytes;
    int bias_in, bias_filter;     /* OG_FILL_BIAS: tensor indices in the graph */
    double bias_mul;              /* the bias scales are s_in * s_filter[c] * bias_mul */
    int variable;
    int blockwise_scales;         /* >= 0: BlockwiseQuantization details, this scales tensor */
    int block_size;
    int32_t sig[OG_MAX_DIMS];     /* shape_signature, written when n_sig > 0 */
    int n_sig;
    int32_t *seg, *idx;           /* sparsity: dimension 0 dense, 1 CSR with these segments and
                                     indices (the constant's data holds the kept values) */
    int n_seg, n_idx;
} og_tensor;

/* A builtin option value, by the option table's field. */
typedef struct og_optval {
    int field;                    /* index into the operator's og_opt_table fields */
    int64_t i;
    double f;
    int32_t vec[OG_MAX_DIMS * 2];
    int n_vec;
    char str[OG_NAME];
} og_optval;

typedef struct og_op {
    int32_t builtin;              /* AP_TFL_OP_*; CUSTOM for custom operators */
    char custom[OG_NAME];         /* custom code when builtin is CUSTOM */
    int32_t in[OG_MAX_OP_IN];     /* tensor indices, -1 omitted */
    int n_in;
    int32_t out[OG_MAX_OP_OUT];
    int n_out;
    int32_t inter[OG_MAX_OP_OUT]; /* intermediate tensors */
    int n_inter;
    og_optval opt[OG_MAX_OPTS];
    int n_opt;
    int no_options;               /* write no builtin options table */
    int custom_on_builtin;        /* write custom options on a builtin (TFLM refuses) */
    char cust_key[OG_MAX_CUST][OG_NAME];
    char cust_kind[OG_MAX_CUST];  /* 'i', 'f', 'b' */
    int64_t cust_i[OG_MAX_CUST];
    double cust_f[OG_MAX_CUST];
    int n_cust;
    int has_cust;                 /* custom options present (a map, maybe empty) */
} og_op;

typedef struct og_graph {
    char name[OG_NAME];
    og_tensor *t;
    int n_t, cap_t;
    og_op *op;
    int n_op, cap_op;
    int32_t in[OG_MAX_IO], out[OG_MAX_IO];
    int n_in, n_out;
    int io_given;                 /* inputs/outputs given in the spec (else derived) */
} og_graph;

/* What TFLM does with the model on one target. */
enum { OG_EXPECT_LOAD, OG_EXPECT_REFUSE, OG_EXPECT_CRASH };
enum { OG_HOST, OG_M4_REF, OG_M4_CMSIS, OG_TARGETS };

typedef struct og_expect {
    int kind;                     /* OG_EXPECT_* */
    char text[160];               /* refusal: a substring of TFLM's message */
} og_expect;

typedef struct og_model {
    char name[OG_NAME];
    int line;                     /* the spec line of "model" */
    og_graph g[OG_MAX_GRAPHS];
    int n_g;
    og_expect expect[OG_TARGETS];
    char path[600];               /* the branch the model is meant to reach */
    char src[400];                /* the source lines of that branch */
    char tags[80];                /* "cmsis" etc. */
    int reader_refuses;           /* arenaplan's reader is expected to refuse the file */
    char reader_text[120];        /* a substring of the reader's message */
    int32_t *offline;             /* OfflineMemoryAllocation entries, NULL: no such metadata */
    int n_offline;
} og_model;

typedef struct og_spec {
    og_model *m;
    int n, cap;
} og_spec;

/* ops.spec, compiled in (ops_spec.c, written by embed.cmake at build time), NUL-terminated. */
extern const unsigned char og_builtin_spec[];

/* ---- schema.c --------------------------------------------------------------------------- */

/* Option field kinds. */
enum { OG_K_INT, OG_K_BYTE, OG_K_BOOL, OG_K_FLOAT, OG_K_INTVEC, OG_K_STRING, OG_K_LONGVEC,
       OG_K_UBYTEVEC };

typedef struct og_field {
    const char *name;
    unsigned id;                  /* field id in the options table */
    int kind;                     /* OG_K_* */
    const char *const *names;     /* OG_K_BYTE: value names (index = value), NULL-terminated */
} og_field;

typedef struct og_opt_table {
    int32_t builtin;
    uint8_t union_type;           /* BuiltinOptions member (BuiltinOptions2's when which is 2) */
    const og_field *fields;
    int n_fields;
    int which;                    /* 1: builtin_options, 2: builtin_options_2 */
} og_opt_table;

/* One operator registration of TFLM's MicroMutableOpResolver (an Add* method). */
typedef struct og_registration {
    const char *method;           /* "AddConv2D" */
    int32_t builtin;              /* its builtin code; CUSTOM for custom operators */
    const char *custom;           /* the custom name, or NULL */
} og_registration;

/* The 118 operator registrations (Add* methods) of MicroMutableOpResolver at 90b983c2b. */
const og_registration *og_registrations(int *n);
/* The type named s ("int8", "i8", ...), or -1. */
int og_type_by_name(const char *s);
/* The short name of a type ("i8"). */
const char *og_type_short(int type);
/* The builtin code named s ("CONV_2D"), or -1. */
int32_t og_builtin_by_name(const char *s);
/* The options table of a builtin operator, or NULL when it has none. */
const og_opt_table *og_opt_table_for(int32_t builtin);
/* The value named s for a byte field with names (or a tensor type name), -1 when unknown. */
int og_enum_value(const og_field *f, const char *s);

/* ---- spec.c ----------------------------------------------------------------------------- */

/* Parses the spec text; on error writes a message naming the line to err and returns -1. */
int og_spec_parse(const char *text, og_spec *spec, char *err, size_t errlen);
void og_spec_free(og_spec *spec);
/* Index of the tensor named name in g, or -1. */
int og_tensor_find(const og_graph *g, const char *name);

/* ---- build.c ---------------------------------------------------------------------------- */

/* The model's .tflite bytes (malloc'd; the caller frees), NULL on error (err says why). */
unsigned char *og_build(const og_model *m, size_t *len, char *err, size_t errlen);
/* Elements of the tensor's shape (1 for a scalar; a negative dimension counts 0). */
int64_t og_elements(const og_tensor *t);
/* FNV-1a 64 of the bytes (the figures' key with the name). */
uint64_t og_fnv1a64(const unsigned char *p, size_t n);

/* ---- verify.c --------------------------------------------------------------------------- */

/* Reads the bytes back with arenaplan's reader and checks them against the spec. 0 ok, else
 * -1 with err naming the first difference. */
int og_verify(const og_model *m, const unsigned char *data, size_t len, char *err,
              size_t errlen);

/* ---- figures.c -------------------------------------------------------------------------- */

/* Splits one CSV record (RFC 4180 quoting, no line breaks inside fields) of line into at most
 * max fields, in place (figures.c; compare.c reads the same files). Returns the count. */
int og_csv_split(char *line, char **f, int max);

/* Checks a measured-figures CSV (corpus/reference/ops/TARGET.csv) against the spec: every row names
 * a model of the spec with the hash of its bytes today, every model has a row, and the measured
 * status agrees with the spec's expectation for target; only (when not NULL) limits all of it
 * to that model. Prints one line per problem to stderr; returns the number of problems, -1 when
 * the file cannot be read. */
int og_check_figures(const og_spec *spec, const char *csv_path, int target, const char *only);

/* ---- compare.c -------------------------------------------------------------------------- */

/* Compares arenaplan's whole arena on every model with dir/TARGET.csv for each target
 * (only_target: OG_HOST..., or -1 for all; only: one model, or NULL), against the known gaps of
 * gaps_path (NULL: none). Prints a summary per target and each failure to stderr; print_gaps
 * prints every row that is wrong in the gaps file's format to stdout. Returns the failures
 * (rows wrong and not listed, listed rows now right, listed rows that do not exist), -1 when a
 * file cannot be read. */
int og_compare(const og_spec *spec, const char *dir, const char *gaps_path, int only_target,
               const char *only, int print_gaps);

#endif
