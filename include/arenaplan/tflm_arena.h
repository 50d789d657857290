/*
 * arenaplan/tflm_arena.h - the whole arena TensorFlow Lite Micro needs for a model: the number
 * a TFLM user declares as kTensorArenaSize, exact to the byte, on their target.
 *
 * TFLM's arena holds three sections (docs/arena.md explains every byte):
 *   head  the planned non-persistent buffers (what a plan decides; ap_tflite_tflm_plan);
 *   tail  persistent objects allocated from the arena's end: the allocator and planner
 *         objects, a TfLiteEvalTensor per tensor, a NodeAndRegistration per operator, each
 *         kernel's OpData and per-channel data, variable tensors, scratch-buffer handles, the
 *         interpreter's input and output TfLiteTensors;
 *   temp  during AllocateTensors only: temporary TfLiteTensors while kernels prepare, and the
 *         memory planner's allocation info and scratch.
 * ap_tflm_arena_compute replays, allocation by allocation, what a plain tflite::MicroInterpreter
 * (tflite-micro 90b983c2b, GreedyMemoryPlanner, TF_LITE_STATIC_MEMORY) does in AllocateTensors
 * on the target, with the kernels' allocations taken from their rows (src/tflm_kernels/
 * reference.c, cmsis_nn.c), and reports the tail, what arena_used_bytes() returns, and the
 * smallest arena with which AllocateTensors succeeds. It also replays a RecordingMicroInterpreter, whose figures
 * (RecordingMicroAllocator::PrintAllocations) the reference measurements use.
 *
 * Ownership: the result is plain data (no pointers to free); the model is only read.
 */
#ifndef ARENAPLAN_TFLM_ARENA_H
#define ARENAPLAN_TFLM_ARENA_H

#include <stdint.h>

#include "arenaplan/error.h"
#include "arenaplan/plan.h"
#include "arenaplan/problem.h"
#include "arenaplan/tflite.h"

#ifdef __cplusplus
extern "C" {
#endif
AP_PUBLIC_BEGIN

/* The tail's parts. The first seven are RecordingMicroAllocator's categories (its
 * RecordedAllocationType, in its order); OTHER is everything they do not cover, so that the
 * parts add up to the tail. Bytes are as TFLM records them: alignment padding included. */
typedef enum ap_tflm_category {
    AP_TFLM_EVAL_TENSOR = 0,        /* TfLiteEvalTensor arrays, one per subgraph */
    AP_TFLM_PERSISTENT_TENSOR,      /* the interpreter's input/output TfLiteTensor structs */
    AP_TFLM_QUANTIZATION,           /* their TfLiteAffineQuantization and zero-point arrays */
    AP_TFLM_PERSISTENT_BUFFER,      /* AllocatePersistentBuffer: kernels' OpData and arrays,
                                       resource variables, the input/output pointer arrays */
    AP_TFLM_VARIABLE_BUFFER,        /* variable tensors' data */
    AP_TFLM_NODE_AND_REGISTRATION,  /* NodeAndRegistration arrays, one per subgraph */
    AP_TFLM_OP_DATA,                /* "operator runtime data": TFLM records nothing here */
    AP_TFLM_OTHER,                  /* the sum of the ap_tflm_other parts */
    AP_TFLM_CATEGORIES
} ap_tflm_category;

/* The parts of AP_TFLM_OTHER. */
typedef enum ap_tflm_other {
    AP_TFLM_OTHER_RUNTIME = 0,      /* the buffer allocator, GreedyMemoryPlanner, MicroAllocator
                                       and MicroBuiltinDataAllocator objects */
    AP_TFLM_OTHER_PARAMS,           /* the builtin operators' parsed TfLite*Params structs */
    AP_TFLM_OTHER_SUBGRAPHS,        /* the SubgraphAllocations array */
    AP_TFLM_OTHER_SCRATCH_HANDLES,  /* the ScratchBufferHandle array */
    AP_TFLM_OTHER_PARTS
} ap_tflm_other;

/* The category's name as the JSON output spells it ("TfLiteEvalTensor",
 * "persistent_TfLiteTensor", "persistent_quantization", "persistent_buffer",
 * "TfLiteTensor_variable_buffer", "NodeAndRegistration", "operator_runtime_data", "other"),
 * or NULL out of range. */
const char *ap_tflm_category_name(int category);

/* The name of a part of AP_TFLM_OTHER ("runtime_objects", "builtin_params", "subgraphs",
 * "scratch_handles"), or NULL. */
const char *ap_tflm_other_name(int part);

/* What AllocateTensors is doing (for the step that decides the minimum arena). */
typedef enum ap_tflm_phase {
    AP_TFLM_PHASE_CREATE = 0,   /* the interpreter's constructor: allocator objects */
    AP_TFLM_PHASE_START,        /* StartModelAllocation: eval tensors, node arrays */
    AP_TFLM_PHASE_PARSE,        /* parsing the builtin options */
    AP_TFLM_PHASE_INIT,         /* the kernels' Init */
    AP_TFLM_PHASE_PREPARE,      /* the kernels' Prepare (temporary tensors, persistent data) */
    AP_TFLM_PHASE_PLAN,         /* CommitStaticMemoryPlan: allocation info, variables, the
                                   memory planner's scratch */
    AP_TFLM_PHASE_FINISH,       /* the head reserved, the input/output tensors */
    AP_TFLM_PHASES
} ap_tflm_phase;

/* "create", "start", "parse", "init", "prepare", "plan", "finish", or NULL. */
const char *ap_tflm_phase_name(int phase);

/* Bytes, requested bytes and allocation count of one category (count as
 * RecordingMicroAllocator counts: one per tensor for eval tensors, one per operator for nodes). */
typedef struct ap_tflm_use {
    int64_t bytes;
    int64_t requested;
    int64_t count;
} ap_tflm_use;

/* Why TFLM cannot load a model (ap_tflm_arena.refusal): AllocateTensors fails, so no arena size
 * makes it work and there is no kTensorArenaSize to give. */
typedef enum ap_tflm_refusal_kind {
    AP_TFLM_LOADS = 0,      /* no refusal: AllocateTensors succeeds given the bytes */
    AP_TFLM_REFUSES,        /* a kernel's Prepare (or Init, or the allocator) returns an error:
                               a check of TFLM's source (TF_LITE_ENSURE*, a kernel log and
                               kTfLiteError) fails on the model */
    AP_TFLM_NO_KERNEL,      /* TFLM has no kernel for an operator at all (a builtin code its
                               op resolver does not register, a Flex or other unknown custom
                               operator): the model cannot load on TFLM */
    AP_TFLM_ABORTS          /* TFLM aborts or faults in a kernel's Prepare (TFLITE_DCHECK or
                               TFLITE_CHECK, a null pointer read): the model cannot load */
} ap_tflm_refusal_kind;

/* TFLM's refusal of a model, as every output says it. Plain data. */
typedef struct ap_tflm_refusal {
    ap_tflm_refusal_kind kind;
    int32_t subgraph, op;   /* the operator at fault, or -1 (the model as a whole: the
                               allocator's offline plan and tensor type checks; the message
                               then names no operator, the JSON has null) */
    char op_name[64];       /* its name ("CONV_2D", a custom code), or "" */
    char check[256];        /* what fails, in words (the check of the source) */
    char src[96];           /* where in tflite-micro 90b983c2b (or CMSIS-NN): "kernels/
                               conv_common.cc:90", or "" */
    char message[AP_ERROR_MAX]; /* the whole sentence: "TFLM's Prepare refuses the model:
                               subgraph 0 operator 0 (CONV_2D): ... (kernels/...:90)" */
} ap_tflm_refusal;

typedef struct ap_tflm_options {
    const char *target;    /* "cortex-m" (32-bit Arm EABI, short enums; the default when NULL)
                              or "host64" (x86-64 / aarch64 Linux, LP64) */
    const char *kernels;   /* "reference" (TFLM's reference kernels; the default when NULL);
                              "reference64" means "reference" on host64 (the older name);
                              "cmsis-nn" or "cmsis-nn-m4" (TFLM with Arm's CMSIS-NN kernels,
                              a Cortex-M4 build: target cortex-m only; docs/kernels.md) */
    int64_t head;          /* -1 (the default): TFLM plans the head itself (GreedyMemoryPlanner,
                              honouring the model's own offline plan when it has one); >= 0: the
                              head a plan gives, as TFLM lays it out (ap_tflite_embed_result's
                              head for an embedded plan) */
    int64_t resource_variables; /* a model with VAR_HANDLE operators needs the application's
                              MicroResourceVariables (MicroResourceVariables::Create(allocator,
                              n) with the interpreter's allocator, before AllocateTensors): its
                              capacity n; -1 (the default): one per VAR_HANDLE operator, as the
                              reference measurements did; 0: made outside the arena */
} ap_tflm_options;

void ap_tflm_options_init(ap_tflm_options *opt);

/* The whole arena of one model. Figures are a plain tflite::MicroInterpreter's (what an
 * application uses) unless named recording_. tail and used are for an arena whose size is a
 * multiple of 16 (its end, like its start, 16-aligned); the tail's alignment padding depends
 * on where the arena ends. */
typedef struct ap_tflm_arena {
    const char *target;             /* the target's name (static) */
    const char *kernels;            /* the kernel set's name (static) */
    int64_t head;                   /* the head: the planned section */
    int64_t tail;                   /* the persistent section after AllocateTensors */
    int64_t used;                   /* arena_used_bytes(): head + tail */
    int64_t min_arena;              /* the smallest kTensorArenaSize (bytes, any value, with a
                                       16-aligned but not 32-aligned start) with which
                                       AllocateTensors succeeds */
    int64_t min_arena_16;           /* the smallest that is a multiple of 16 (where the arena
                                       ends changes the tail's padding, so this is not always
                                       min_arena rounded up: person_detect on cortex-m needs
                                       82,296 bytes, or 82,304 as a multiple of 16) */
    ap_tflm_use cat[AP_TFLM_CATEGORIES];  /* the tail by category; cat[AP_TFLM_OTHER] is the
                                             sum of other[] */
    ap_tflm_use other[AP_TFLM_OTHER_PARTS];
    int64_t temp_peak;              /* the most bytes the low end of the arena held during
                                       AllocateTensors: the scratch-request list plus the
                                       temporary section, counting the planner's scratch as the
                                       40 bytes per buffer it needs */
    ap_tflm_phase binding_phase;    /* the step that fails with min_arena - 1 bytes */
    int32_t binding_subgraph;       /* its operator, or -1 */
    int32_t binding_op;
    int64_t binding_low;            /* at that step (with min_arena - 1 bytes): what it needed
                                       at the low end (the head side: scratch-request list,
                                       temporary section, or head) */
    int64_t binding_high;           /* ... and at the high end (the tail, its request included);
                                       low + high > min_arena - 1 */
    int64_t planned_buffers;        /* buffers the memory planner receives */
    int64_t scratch_buffers;        /* of those, kernel scratch requests */
    int64_t split_persistent;       /* TFLM's two-buffer allocator, MicroAllocator::Create(
                                       persistent, P, non_persistent, NP) (docs/shared.md): the
                                       smallest P (the tail, allocated from its 16-aligned-down
                                       end, and the allocator's objects) ... */
    int64_t split_nonpersistent;    /* ... and the smallest NP (the head, and during
                                       AllocateTensors the scratch-request list, the temporary
                                       section and the planner's scratch), each with the other
                                       buffer large; both 16- but not 32-aligned */
    int64_t split_used;             /* arena_used_bytes() on the two buffers: head + persistent */
    int64_t recording_tail;         /* the same model in a RecordingMicroInterpreter */
    int64_t recording_used;
    ap_tflm_use recording_cat[AP_TFLM_CATEGORIES];
    ap_tflm_refusal refusal;        /* kind AP_TFLM_LOADS, or why TFLM cannot load the model
                                       (then ap_tflm_arena_compute fails and this is the one
                                       field set besides target and kernels; min_arena -1) */
} ap_tflm_arena;

/* Computes the arena of model m (read by ap_tflite_read) for opt (NULL: defaults) into *out.
 * Fails, with *out zeroed, with AP_ERR_USAGE for an unknown target or kernel set (or
 * "reference64" with target "cortex-m", a CMSIS-NN set with "host64") or a head below -1;
 * AP_ERR_INPUT when TFLM could not allocate the model (as ap_tflite_build_problem says), when
 * an operator is one arenaplan does not model ("not modelled": the message names it), or when
 * the model's own offline plan cannot be honoured; AP_ERR_NOMEM. AP_ERR_INPUT with
 * out->refusal.kind set (and out->refusal.message as the error's text) when TFLM itself cannot
 * load the model: it has no kernel for an operator, or a kernel's Init or Prepare (or the
 * allocator) refuses or aborts on it (a check of the source fails: a type it does not take, a
 * shape, a tensor it reads absent, a custom option missing). */
ap_status ap_tflm_arena_compute(const ap_tfl_model *m, const ap_tflm_options *opt,
                                ap_tflm_arena *out, ap_error *err);

/* The whole arena of a plan and of stock TFLM, for the outputs (report.h). */
typedef struct ap_tflm_whole {
    ap_tflm_arena plan;     /* the model carrying the plan (embed): plan.head is the head TFLM
                               lays out with it (ap_tflite_tflm_embedded) */
    ap_tflm_arena stock;    /* TFLM planning the head itself (its GreedyMemoryPlanner) */
} ap_tflm_whole;

/* The arena of model m with plan (a plan of p, the problem of m) embedded, and without:
 * ap_tflm_arena_compute with opt->head the embedded head, then -1. opt->head is ignored.
 * Fails as those two calls do. */
ap_status ap_tflm_plan_arena(const ap_tfl_model *m, const ap_problem *p, const ap_plan *plan,
                             const ap_tflm_options *opt, ap_tflm_whole *out, ap_error *err);

/* The whole arena of k models sharing one (shared.h), from each one's w[i].plan: the largest
 * head plus every model's tail, as TFLM's multi-tenant allocation keeps every model's tail while
 * the models take turns in the head; and at least, for each model, its own smallest arena with the
 * other models' tails in place (its AllocateTensors may need more than its head and tail). For
 * models sharing it concurrently, each model's head is its extent within the shared head (its
 * offsets are the shared plan's), so the largest is the shared head. Sets *head and *tails (when
 * not NULL) to the largest head and the sum of the tails. An estimate, kept for its callers: it
 * counts the allocator's objects once per model and ignores the order of creation, so it is
 * not TFLM's figure; ap_tflm_tenants_compute (below) is, and `plan --shared` prints that. */
int64_t ap_tflm_shared_arena(const ap_tflm_whole *w, size_t k, int64_t *head, int64_t *tails);

/* ---- Several models on one MicroAllocator: TFLM's multi-tenant allocation ------------------
 * One MicroAllocator over one arena (MicroAllocator::Create(arena, N)), then one plain
 * MicroInterpreter per model on it, in a given order, AllocateTensors on each as it is created
 * (a model with VAR_HANDLE operators first gets its MicroResourceVariables, as
 * ap_tflm_options.resource_variables says). The allocator's own objects are made once, at the
 * arena's end; each model's head starts at the arena's start and the allocator keeps the
 * largest; the tails stack below the objects in the order of creation; a model's
 * AllocateTensors needs room for its temporaries beside the tails of the models made before
 * it, so the order changes the figure (docs/shared.md). */

#define AP_TFLM_TENANTS_MAX 64  /* models in one set */
#define AP_TFLM_ORDER_MAX 8     /* ap_tflm_tenants_order tries every order up to this many */

/* One model of the set, as TFLM lays it out in an arena of min_arena bytes. */
typedef struct ap_tflm_tenant {
    int64_t head;         /* its own head (the plan's, as TFLM lays it out) */
    int64_t tail;         /* the bytes its interpreter's allocations take in the tail, padding
                             included (its MicroResourceVariables too) */
    int64_t tail_start;   /* its part of the tail is [tail_start, tail_start + tail), from the
                             arena's start */
    int64_t persistent;   /* on the two-buffer allocator: its part of the persistent buffer */
} ap_tflm_tenant;

typedef struct ap_tflm_tenants {
    const char *target, *kernels;  /* static names */
    size_t n;
    int64_t head;         /* the head TFLM keeps: the largest of the models' */
    int32_t head_model;   /* the first model with that head */
    int64_t objects;      /* the allocator's own objects at the arena's end, made once
                             (SingleArenaBufferAllocator, GreedyMemoryPlanner, MicroAllocator) */
    int64_t tail;         /* the whole tail after the last AllocateTensors, objects included
                             (an arena of a multiple of 16 bytes) */
    int64_t used;         /* arena_used_bytes() then: head + tail */
    int64_t min_arena;    /* the smallest kTensorArenaSize with which every model's
                             AllocateTensors succeeds (16- but not 32-aligned start); -1 when
                             TFLM refuses a model */
    int64_t min_arena_16; /* the smallest that is a multiple of 16 */
    int32_t binding_model;         /* the model whose step fails with min_arena - 1 bytes (-1:
                                      the allocator's objects) */
    ap_tflm_phase binding_phase;   /* that step */
    int64_t split_persistent;      /* MicroAllocator::Create(persistent, P, non_persistent, NP)
                                      with the same interpreters: the smallest P (objects and
                                      every tail) ... */
    int64_t split_nonpersistent;   /* ... the smallest NP (the largest head, and each model's
                                      AllocateTensors' temporaries) ... */
    int64_t split_used;            /* ... and arena_used_bytes() on them: head + persistent */
    ap_tflm_tenant model[AP_TFLM_TENANTS_MAX];
    int32_t refused;               /* the first model TFLM cannot load, or -1 */
    ap_tflm_refusal refusal;       /* its refusal (kind AP_TFLM_LOADS when none) */
} ap_tflm_tenants;

/* The multi-tenant arena of models m[0..n) created in that order (1 <= n <=
 * AP_TFLM_TENANTS_MAX), model i laying out heads[i] bytes of head (heads NULL, or an entry -1:
 * stock TFLM plans it), on opt's target and kernels (opt->head is ignored). Fails as
 * ap_tflm_arena_compute does; when TFLM cannot load a model, with out->refused its index,
 * out->refusal its refusal and out->min_arena -1. AP_ERR_USAGE for n out of range. */
ap_status ap_tflm_tenants_compute(const ap_tfl_model *const *m, const int64_t *heads, size_t n,
                                  const ap_tflm_options *opt, ap_tflm_tenants *out,
                                  ap_error *err);

/* The order of creation with the smallest multi-tenant min_arena: tries every permutation of
 * the n models (n <= AP_TFLM_ORDER_MAX; the given order wins ties) and writes it to order[0..n)
 * (indices into m), its min_arena to *best and the given order's to *given. Each order is
 * summed from per-model figures (each model replayed once per tail alignment and head kept),
 * which equal ap_tflm_tenants_compute's min_arena but for a model whose planner receives no
 * buffer. AP_ERR_USAGE for n out of range; fails as ap_tflm_tenants_compute does. */
ap_status ap_tflm_tenants_order(const ap_tfl_model *const *m, const int64_t *heads, size_t n,
                                const ap_tflm_options *opt, size_t *order, int64_t *best,
                                int64_t *given, ap_error *err);

/* Separate interpreters, each with its own MicroAllocator on its own region of one buffer (what
 * stock TFLM offers for models that may run at the same time): every region but the last
 * starts 16-aligned, so each takes its min_arena rounded up to 16 but the last, which is the
 * one that gains most from not rounding (the latest of those). The bytes of the buffer; *last (when not NULL) the
 * model put last. min_arena[0..n) are the models' own; -1 when one is -1. */
int64_t ap_tflm_regions(const int64_t *min_arena, size_t n, size_t *last);

/* The figures of a, as every output writes them: "N bytes (kTensorArenaSize for TFLM on
 * cortex-m; head H + tail T)", N the smallest arena; when that is not head + tail (T as in an
 * arena of a multiple of 16 bytes), the text says why: the tail's padding, which depends on
 * where the arena ends, or the step of AllocateTensors whose temporary section decides. Writes at
 * most cap bytes, NUL included. */
void ap_tflm_arena_text(const ap_tflm_arena *a, char *out, size_t cap);

/* The two-buffer allocator's sizes as every output writes them: "persistent P + non-persistent
 * NP bytes (TFLM's two-buffer allocator on TARGET: MicroAllocator::Create(persistent, P,
 * non_persistent, NP); arena_used_bytes() U)". */
void ap_tflm_split_text(int64_t persistent, int64_t nonpersistent, int64_t used,
                        const char *target, char *out, size_t cap);

/* The multi-tenant arena of t, as every output writes it: "N bytes (kTensorArenaSize for TFLM
 * on TARGET: multi-tenant, ...; the largest head H + the tail T ...)", saying why when N is not
 * H + T; or why there is none (a model TFLM refuses; names[i] names model i). */
void ap_tflm_tenants_text(const ap_tflm_tenants *t, const char *const *names, char *out,
                          size_t cap);

/* The RecordingMicroAllocator category's words in PrintAllocations ("TfLiteEvalTensor data",
 * ...) and what it counts ("allocations", "tensors", "NodeAndRegistration structs", ...), for
 * the first seven categories; NULL otherwise. */
const char *ap_tflm_category_print_name(int category);
const char *ap_tflm_category_print_unit(int category);

/* Where an allocation of ap_tflm_arena_items lives. */
enum {
    AP_TFLM_TAIL = 0,     /* the persistent tail */
    AP_TFLM_TEMP = 1,     /* the temporary section (released when the step ends) */
    AP_TFLM_LOW_END = 2   /* the resizable buffer at the arena's start: the scratch-request
                             list during setup, then the head */
};

/* One allocation a plain MicroInterpreter makes, in order. */
typedef struct ap_tflm_item {
    ap_tflm_phase phase;
    int32_t subgraph;     /* the subgraph of its operator or tensor, or -1 */
    int32_t op;           /* the operator whose Init or Prepare made it, or -1 */
    int32_t tensor;       /* the tensor it is for (a TfLiteTensor, a variable), or -1 */
    int section;          /* AP_TFLM_TAIL, AP_TFLM_TEMP, AP_TFLM_LOW_END */
    int category;         /* tail: ap_tflm_category (AP_TFLM_OTHER for the other parts); -1 */
    int other_part;       /* ap_tflm_other when category is AP_TFLM_OTHER, else -1 */
    const char *what;     /* what TFLM keeps there (static text: a struct name, "per-channel
                             output shifts", ...) */
    int64_t requested;    /* bytes asked for (the planner: the 40 per buffer it needs) */
    int64_t bytes;        /* bytes it took, alignment padding included (the low end's buffer:
                             its new size) */
    int64_t offset;       /* the tail: its start's distance from the arena's end; otherwise
                             from the arena's start */
} ap_tflm_item;

/* Lists every allocation of AllocateTensors for m and opt (as ap_tflm_arena_compute: a plain
 * interpreter, an arena whose size is a multiple of 16) into *items, a malloc'd array of *n
 * items that the caller frees. Fails like ap_tflm_arena_compute, with *items NULL. */
ap_status ap_tflm_arena_items(const ap_tfl_model *m, const ap_tflm_options *opt,
                              ap_tflm_item **items, size_t *n, ap_error *err);

AP_PUBLIC_END
#ifdef __cplusplus
}
#endif
#endif
