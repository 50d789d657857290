/*
 * lrt.h - the TFLite interpreter as arenaplan models it, shared by the files of src/litert/
 * (internal): the tensors of one subgraph with TFLite's allocation types, the nodes with
 * their temporaries, the kernel table, and the C++ library behaviour ArenaPlanner's order
 * depends on.
 *
 *   interp.c   InterpreterBuilder and AllocateTensors' Prepare walk (ap__lrt_graph)
 *   kernels.c  what each builtin kernel's Init and Prepare do to tensors (ap__lrt_kernel)
 *   arena.c    ArenaPlanner: lifetimes, in-place sharing, the allocation order -> problem
 *   order.c    libstdc++'s unordered_set iteration and std::sort, which fix that order
 */
#ifndef AP_LRT_H
#define AP_LRT_H

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
    const int32_t *dims;   /* model tensors: the model's shape; temporaries: NULL */
    uint32_t rank;
    ap__lrt_alloc alloc;
    int32_t op;            /* temporaries: the operator that added it; -1 */
    const char *role;      /* temporaries: what the kernel keeps in it */
    int32_t why_op;        /* the operator whose Prepare set alloc, -1 */
    char *why;             /* owned; why it is dynamic or persistent-ro, NULL */
} ap__lrt_tensor;

#define AP__LRT_MAX_TEMPS 12  /* UNIDIRECTIONAL_SEQUENCE_LSTM's hybrid path, the most */
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

struct ap__lrt_kernel;

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
    char *unmodelled;      /* owned: kernel paths whose temporaries are not modelled, or NULL */
    unsigned depth;        /* WHILE/IF bodies prepared inside this one */
    const uint32_t *stack; /* subgraphs being prepared above this one (loop check) */
    uint64_t budget_own;   /* work left: operators and tensors prepared, nested ones too */
    uint64_t *budget;      /* the top graph's budget_own, shared by the graphs it prepares */
    uint32_t *readers;     /* lazily: node inputs and graph outputs naming each tensor */
} ap__lrt_graph;

/* The operators and tensors a model's control flow may make AllocateTensors prepare, nested
 * subgraphs counted each time they are prepared. */
#define AP__LRT_BUDGET (UINT64_C(1) << 22)

/* ---- interp.c: InterpreterBuilder and the Prepare walk ------------------------------------ */

#define AP__LRT_MAX_TENSORS (1 << 24)

/* Builds subgraph sg of m as InterpreterBuilder does (tensors with their allocation types,
 * nodes with their kernels and the kernels' Init); depth and stack: the subgraphs being
 * prepared around this one (control flow), for the loop check. ap__lrt_graph_prepare then
 * prepares the nodes as AllocateTensors does, stopping after the first one with a dynamic
 * output or an unknown output shape. Both fail with AP_ERR_INPUT naming what TFLite refuses. */
ap_status ap__lrt_graph_build(ap__lrt_graph *g, const ap_tfl_model *m, uint32_t sg, int threads,
                              unsigned depth, const uint32_t *stack, ap_error *err);
ap_status ap__lrt_graph_prepare(ap__lrt_graph *g, ap_error *err);
void ap__lrt_graph_free(ap__lrt_graph *g);

/* Appends count fresh tensors (context->AddTensors); returns the first index, or -1 when out
 * of memory or over AP__LRT_MAX_TENSORS. */
int32_t ap__lrt_add_tensors(ap__lrt_graph *g, uint32_t count);

/* The tensor index of input k of node i, or -1 (absent or optional). */
int32_t ap__lrt_input(const ap__lrt_graph *g, uint32_t i, uint32_t k);

/* Whether tensor t is kTfLiteMmapRo or kTfLitePersistentRo (IsConstantOrPersistentTensor). */
int ap__lrt_const(const ap__lrt_graph *g, int32_t t);

/* Sets tensor t's allocation type to a (dynamic, persistent-ro) because of node i, with a
 * reason (printf-style). Returns AP_ERR_NOMEM only. */
ap_status ap__lrt_set_alloc(ap__lrt_graph *g, int32_t t, ap__lrt_alloc a, uint32_t i,
                            ap_error *err, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));

/* GetInputTensorsCount: how many node inputs and graph outputs name tensor t (cached). Returns
 * UINT32_MAX when out of memory. */
uint32_t ap__lrt_readers(ap__lrt_graph *g, int32_t t);

/* The display name of node i ("op 3 CONV_2D") into buf. */
const char *ap__lrt_op_text(const ap__lrt_graph *g, uint32_t i, char *buf, size_t n);

/* Bytes per element as TFLite's GetSizeOfType gives them (0 for types it cannot size). */
int ap__lrt_type_size(int type);

/* ---- kernels.c: the builtin kernels ------------------------------------------------------- */

/* The result of a kernel's Prepare besides an error. */
enum { AP__LRT_PREPARED = 0, AP__LRT_SHAPE_UNKNOWN = 1 /* kTfLiteOutputShapeNotKnown */ };

typedef ap_status (*ap__lrt_prepare_fn)(ap__lrt_graph *g, uint32_t i, int *result, ap_error *err);

/* The inplace_operator flags of a registration (TfLiteInPlaceOp). */
#define AP__LRT_INPLACE_UNMODIFIED 1u  /* kTfLiteInplaceOpDataUnmodified */
#define AP__LRT_INPLACE_IN0 4u         /* kTfLiteInplaceOpInput0Shared; IN1 = 8, IN2 = 16 */

typedef struct ap__lrt_kernel {
    int32_t builtin;          /* BuiltinOperator, or -1 for a custom kernel */
    const char *custom;       /* the custom code a custom kernel is registered under */
    uint8_t min_version, max_version;  /* BuiltinOpResolver's registration range */
    uint8_t inplace;          /* AP__LRT_INPLACE_* */
    uint8_t init_tensors;     /* tensors its Init adds (context->AddTensors) */
    ap__lrt_prepare_fn prepare; /* NULL: outputs keep the model's shapes, nothing else */
} ap__lrt_kernel;

/* The kernel BuiltinOpResolver registers for op (its builtin code or custom code), whatever the
 * version, or NULL. */
const ap__lrt_kernel *ap__lrt_kernel_find(const ap_tfl_operator *op);

/* The tensors the kernel's Init adds for op (LSTM's depend on its kernel_type option). */
uint32_t ap__lrt_init_tensors(const ap__lrt_kernel *k, const ap_tfl_model *m,
                              const ap_tfl_operator *op);

/* ---- arena.c: ArenaPlanner ------------------------------------------------------------------ */

struct ap_litert_info;
struct ap_problem;

/* Runs ArenaPlanner's PlanAllocations and the first ExecuteAllocations over the prepared graph
 * g: appends to p the arena's buffers in allocation order, the aliases of in-place sharing
 * and the step labels, and fills info (tensors, counts, persistent arena; info->tensors is
 * allocated here). */
ap_status ap__lrt_arena(const ap__lrt_graph *g, struct ap_problem *p, struct ap_litert_info *info,
                        ap_error *err);

/* ---- order.c: libstdc++ behaviour ArenaPlanner's allocation order depends on --------------- */

/* std::unordered_set<int> as libstdc++ (GCC 12) keeps it: nodes in a singly linked list,
 * buckets pointing at the node before their first, key % bucket_count, prime rehashing. */
typedef struct ap__uset {
    int32_t *key;
    int32_t *next;         /* index of the next node, -1 = end */
    int32_t head;          /* first node (_M_before_begin._M_nxt), -1 = empty */
    int32_t *bucket;       /* node before the bucket's first; -2 = before_begin, -1 = empty */
    size_t n, cap, n_buckets;
} ap__uset;

void ap__uset_init(ap__uset *s);
void ap__uset_free(ap__uset *s);
/* Inserts key unless present. Returns AP_ERR_NOMEM only. */
ap_status ap__uset_insert(ap__uset *s, int32_t key, ap_error *err);

/* Sorts v[0..n) exactly as libstdc++'s std::sort (introsort, median-of-three, heapsort past
 * the depth limit, final insertion sort) with the strict order less(a, b, ctx), so that ties
 * come out where TFLite's binary leaves them. */
typedef int (*ap__less_fn)(int32_t a, int32_t b, const void *ctx);
void ap__std_sort(int32_t *v, size_t n, ap__less_fn less, const void *ctx);

#endif
