/*
 * subgraph.h - the TFLite interpreter as arenaplan models it, shared by the files of src/litert/
 * (internal; subgraph.c): the tensors of one subgraph with TFLite's allocation types, the nodes
 * with their temporaries, and what the kernels ask of them.
 *
 *   subgraph.c       a subgraph's tensors and nodes (TFLite's Subgraph)
 *   interp.c         InterpreterBuilder and AllocateTensors' Prepare walk
 *   builtins.c       what each builtin kernel's Init and Prepare do to tensors
 *   arena_planner.c  ArenaPlanner: lifetimes, in-place sharing, the allocation order -> problem
 *   libstdcxx.c      libstdc++'s unordered_set iteration and std::sort, which fix that order
 *   litert.c         the public calls (litert.h)
 */
#ifndef AP_LITERT_SUBGRAPH_H
#define AP_LITERT_SUBGRAPH_H

#include <stddef.h>
#include <stdint.h>

#include "arenaplan/error.h"
#include "arenaplan/tflite.h"

/* TfLiteAllocationType, the values the model needs. */
typedef enum ap__lrt_alloc {
    AP__LRT_NONE = 0,       /* kTfLiteMemNone: a fresh AddTensors slot */
    AP__LRT_MMAP_RO,        /* kTfLiteMmapRo: constant data in the model */
    AP__LRT_ARENA,          /* kTfLiteArenaRw */
    AP__LRT_PERSISTENT,     /* kTfLiteArenaRwPersistent */
    AP__LRT_DYNAMIC,        /* kTfLiteDynamic */
    AP__LRT_PERSISTENT_RO,  /* kTfLitePersistentRo */
    AP__LRT_CUSTOM          /* kTfLiteCustom (WHILE's body inputs) */
} ap__lrt_alloc;

typedef struct ap__lrt_tensor {
    int type;              /* ap_tfl_type, -1 = kTfLiteNoType */
    int64_t bytes;
    const int32_t *dims;   /* model tensors: the model's shape, or own_dims once a kernel
                              resized it to another; temporaries: NULL */
    uint32_t rank;
    int32_t *own_dims;     /* owned: the shape a kernel's Prepare computed, or NULL */
    ap__lrt_alloc alloc;
    int dropped_input;     /* a graph input STABLEHLO_CASE's RemoveUnusedInputs dropped */
    int32_t op;            /* temporaries: the operator that added it; -1 */
    const char *role;      /* temporaries: what the kernel keeps in it */
    int32_t why_op;        /* the operator whose Prepare set alloc, -1 */
    char *why;             /* owned; why it is dynamic or persistent-ro, NULL */
} ap__lrt_tensor;

#define AP__LRT_MAX_TEMPS 21  /* LSTM's sparse hybrid path, the most */
#define AP__LRT_MAX_IDS 8     /* tensor ids a kernel adds lazily in Prepare */

typedef struct ap__lrt_node {
    const ap_tfl_operator *op;
    int32_t *outputs;      /* own copy: WHILE drops outputs nobody reads (-1) */
    uint32_t n_outputs;
    int32_t temps[AP__LRT_MAX_TEMPS]; /* node->temporaries */
    uint32_t n_temps;
    int32_t scratch;       /* the first tensor the kernel's Init added, or -1 */
    int32_t ids[AP__LRT_MAX_IDS];     /* tensors added in Prepare (im2col, ...), -1 none */
} ap__lrt_node;

/* A path arenaplan does not model (ap_litert_unmodelled). */
typedef struct ap__lrt_gap {
    int32_t node;          /* the operator at fault, or -1 */
    char *what;            /* owned */
} ap__lrt_gap;

struct ap__lrt_kernel;
struct ap__lrt_graph;

/* The interpreter's own steps, which a control-flow kernel (IF, WHILE) runs on the subgraphs it
 * calls: interp.c fills them in, so that the kernels never call up into it. */
typedef struct ap__lrt_steps {
    ap_status (*build)(struct ap__lrt_graph *g, const ap_tfl_model *m, uint32_t sg, int threads,
                       unsigned depth, const uint32_t *stack, ap_error *err);
    ap_status (*prepare)(struct ap__lrt_graph *g, ap_error *err);
} ap__lrt_steps;

typedef struct ap__lrt_graph {
    const ap_tfl_model *m;
    uint32_t sg;
    ap__lrt_tensor *t;
    size_t nt, cap;
    ap__lrt_node *node;
    uint32_t n_nodes;
    const struct ap__lrt_kernel **kernel; /* per node */
    int threads;
    uint32_t prepared;     /* nodes prepared (AllocateTensors stops after a dynamic output) */
    char *stop_why;        /* owned */
    int has_dynamic;       /* Subgraph::HasDynamicTensors() */
    ap__lrt_gap *gaps;     /* owned: the paths not modelled, in the order found */
    size_t n_gaps, cap_gaps;
    unsigned depth;        /* WHILE/IF bodies prepared inside this one */
    const uint32_t *stack; /* subgraphs being prepared above this one (loop check) */
    uint64_t budget_own;   /* work left: operators and tensors prepared, nested ones too */
    uint64_t *budget;      /* the top graph's budget_own, shared by the graphs it prepares */
    uint32_t *readers;     /* lazily: node inputs and graph outputs naming each tensor */
    const ap__lrt_steps *steps; /* the interpreter's build and prepare, for called subgraphs */
} ap__lrt_graph;

/* The operators and tensors a model's control flow may make AllocateTensors prepare, nested
 * subgraphs counted each time they are prepared. */
#define AP__LRT_BUDGET (UINT64_C(1) << 22)

#define AP__LRT_MAX_TENSORS (1 << 24)

void ap__subgraph_free(ap__lrt_graph *g);

/* Appends count fresh tensors (context->AddTensors); returns the first index, or -1 when out
 * of memory or over AP__LRT_MAX_TENSORS. */
int32_t ap__subgraph_add_tensors(ap__lrt_graph *g, uint32_t count);

/* The tensor index of input k of node i, or -1 (absent or optional). */
int32_t ap__subgraph_input(const ap__lrt_graph *g, uint32_t i, uint32_t k);

/* Whether tensor t is kTfLiteMmapRo or kTfLitePersistentRo (IsConstantOrPersistentTensor). */
int ap__subgraph_const(const ap__lrt_graph *g, int32_t t);

/* Sets tensor t's allocation type to a (dynamic, persistent-ro) because of node i, with a
 * reason (printf-style). Returns AP_ERR_NOMEM only. */
ap_status ap__subgraph_set_alloc(ap__lrt_graph *g, int32_t t, ap__lrt_alloc a, uint32_t i,
                                 ap_error *err, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));

/* Records that what node i (or the model, node -1) does is not modelled, in words
 * (printf-style; "op 3 RFFT2D" is not repeated: the node names it). Returns AP_ERR_NOMEM only. */
ap_status ap__subgraph_unmodelled(ap__lrt_graph *g, int32_t node, ap_error *err, const char *fmt,
                                  ...) __attribute__((format(printf, 4, 5)));

/* BytesRequired (util.cc): elements of type, INT4 and UINT4 two per byte, INT2 four; -1 when
 * it overflows AP_MAX_VALUE. */
int64_t ap__subgraph_bytes(int type, int64_t elements);

/* context->ResizeTensor on tensor t: its type, a shape of its own (copied) and the bytes they
 * need. AP_ERR_INPUT when the size overflows, AP_ERR_NOMEM. */
ap_status ap__subgraph_resize(ap__lrt_graph *g, int32_t t, int type, const int64_t *dims,
                              uint32_t rank, ap_error *err);

/* Whether tensor t's shape is dims[0..rank). */
int ap__subgraph_same_shape(const ap__lrt_graph *g, int32_t t, const int64_t *dims, uint32_t rank);

/* GetInputTensorsCount: how many node inputs and graph outputs name tensor t (cached). Returns
 * UINT32_MAX when out of memory. */
uint32_t ap__subgraph_readers(ap__lrt_graph *g, int32_t t);

/* An operator's name ("CONV_2D"; the StableHLO codes past the reader's schema by LiteRT's). */
const char *ap__subgraph_op_name(const ap_tfl_operator *op);

/* The display name of node i ("op 3 CONV_2D") into buf. */
const char *ap__subgraph_op_text(const ap__lrt_graph *g, uint32_t i, char *buf, size_t n);

/* Bytes per element as TFLite's GetSizeOfType gives them (0 for types it cannot size). */
int ap__subgraph_type_size(int type);

#endif
