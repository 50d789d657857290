/*
 * arenaplan/litert.h - what the TensorFlow Lite interpreter (LiteRT's tflite/ tree, the
 * mobile and desktop runtime, not TFLM) makes of a model at AllocateTensors(): the buffers its
 * ArenaPlanner places in the non-persistent arena of subgraph 0, and its plan.
 *
 *   ap_litert_build          ap_tfl_model -> ap_problem (tensors and kernel temporaries in
 *                            the arena, TFLite's lifetimes, its in-place sharing) and an
 *                            ap_litert_info (every tensor's fate: arena, shared, dynamic,
 *                            persistent, planned only at Invoke, and why; the persistent arena)
 *   ap_litert_load_problem   bytes of a .tflite file -> validated ap_problem (read + build)
 *   ap_litert_plan           ap_problem -> the plan ArenaPlanner makes (strategy "tflite")
 *
 * The rules are those of LiteRT commit f67457790c9c (Subgraph, ArenaPlanner,
 * SimpleMemoryArena, the builtin kernels' Prepare), measured against the real interpreter:
 * docs/tflite-runtime.md states each with its source. TFLM is tflm.h; nothing here changes it.
 */
#ifndef ARENAPLAN_LITERT_H
#define ARENAPLAN_LITERT_H

#include <stddef.h>
#include <stdint.h>

#include "arenaplan/error.h"
#include "arenaplan/plan.h"
#include "arenaplan/problem.h"
#include "arenaplan/tflite.h"

#ifdef __cplusplus
extern "C" {
#endif
AP_PUBLIC_BEGIN

/* TFLite's tensor and arena alignment (kDefaultTensorAlignment, kDefaultArenaAlignment). */
#define AP_LITERT_ALIGN 64

typedef struct ap_litert_options {
    int threads;    /* Interpreter::SetNumThreads before AllocateTensors: -1 (TFLite's default:
                       let the runtime decide) or 0 and up. It picks the float CONV_2D kernel
                       path (1: im2col in the arena; otherwise the multithreaded path with
                       transposed weights in the persistent arena) and ADD_N's scratch. */
    int64_t align;  /* the problem's default_align; 0 = AP_LITERT_ALIGN (what TFLite uses) */
} ap_litert_options;

/* threads -1, align 0. */
void ap_litert_options_init(ap_litert_options *opt);

/* What became of a tensor of subgraph 0 at AllocateTensors (TfLiteTensor::allocation_type and
 * ArenaPlanner's bookkeeping). */
typedef enum ap_litert_fate {
    AP_LITERT_ARENA = 0,      /* a buffer of the problem: bytes of the non-persistent arena */
    AP_LITERT_SHARED,         /* in the problem too, as an alias: it uses its input's bytes
                                 (ArenaPlanner's in-place sharing; `root` names the input) */
    AP_LITERT_EMPTY,          /* kTfLiteArenaRw with 0 bytes: no memory */
    AP_LITERT_UNUSED,         /* kTfLiteArenaRw, but no operator produces it and it is no graph
                                 input: ArenaPlanner never allocates it */
    AP_LITERT_AT_INVOKE,      /* kTfLiteArenaRw, planned only at Invoke: its operator comes
                                 after the one where AllocateTensors stopped preparing */
    AP_LITERT_CONSTANT,       /* kTfLiteMmapRo: data in the model file */
    AP_LITERT_PERSISTENT,     /* kTfLiteArenaRwPersistent: variables, VAR_HANDLE resources and
                                 kernel temporaries kept across runs (offset in that arena) */
    AP_LITERT_PERSISTENT_RO,  /* kTfLitePersistentRo: computed in Prepare (SHAPE, constant
                                 folding), heap memory */
    AP_LITERT_DYNAMIC,        /* kTfLiteDynamic: heap memory sized at Invoke (strings,
                                 resources, outputs whose shape depends on data) */
    AP_LITERT_NONE            /* a temporary slot the kernel reserved but did not use, or an
                                 operator output WHILE dropped (no consumer) */
} ap_litert_fate;

typedef struct ap_litert_tensor {
    int32_t index;        /* TFLite's tensor index: the model's tensors, then the kernels'
                             temporaries (context->AddTensors, in Init then Prepare order) */
    int32_t op;           /* temporaries: the operator that owns it; else -1 */
    const char *role;     /* temporaries: the kernel's name for it ("im2col", ...); else NULL */
    int type;             /* ap_tfl_type; -1 for a slot no kernel typed */
    int64_t bytes;        /* TfLiteTensor::bytes after Prepare */
    ap_litert_fate fate;
    int32_t root;         /* AP_LITERT_SHARED: the tensor whose bytes it uses; else -1 */
    int32_t first_op, last_op; /* arena and shared tensors: ArenaPlanner's alloc and dealloc
                             node (last_op -1: never freed) */
    int64_t offset;       /* AP_LITERT_PERSISTENT: offset in the persistent arena; else -1 */
    int32_t why_op;       /* the operator whose Prepare decided the fate, or -1 */
    char *why;            /* why, in words (dynamic, persistent-ro, at-invoke); NULL if plain */
} ap_litert_tensor;

/* A path the figures do not model (docs/tflite-runtime.md, "Never a silent number"): a kernel
 * path whose memory is not modelled, a kernel output whose shape differs from the model's,
 * operators TFLite prepares only at Invoke (shapes known from data, the arena grows then), a
 * graph input with an unknown dimension, or a subgraph with an arena of its own. */
typedef struct ap_litert_unmodelled {
    int32_t node;          /* the operator of subgraph 0 at fault, or -1 (the model) */
    const char *op;        /* its name ("RFFT2D"), or NULL */
    char *what;            /* what is not known, in words */
} ap_litert_unmodelled;

typedef struct ap_litert_info {
    uint32_t model_tensors;    /* tensors of subgraph 0 in the model */
    uint32_t operators;        /* operators of subgraph 0 */
    int32_t prepared;          /* operators prepared at AllocateTensors (all of them, unless one
                                  had a dynamic output or an unknown output shape) */
    char *stop_why;            /* why preparing stopped early, or NULL */
    ap_litert_unmodelled *unmodelled; /* what arenaplan does not model (see
                                  ap_litert_unmodelled), in the order found: the arena is then a
                                  lower estimate. Empty when everything is modelled */
    size_t n_unmodelled;
    int threads;
    ap_litert_tensor *tensors; /* every tensor of subgraph 0, by index */
    size_t n_tensors;
    int64_t arena_tensor_bytes;      /* sum of the problem's buffer sizes */
    int64_t persistent_bytes;        /* the persistent arena's high-water mark */
    int64_t persistent_tensor_bytes; /* sum of the persistent tensors' bytes */
    size_t counts[AP_LITERT_NONE + 1]; /* tensors per fate */
} ap_litert_info;

void ap_litert_info_free(ap_litert_info *info);

/* Builds the problem TFLite's ArenaPlanner solves for subgraph 0 of model m at AllocateTensors
 * (docs/tflite-runtime.md):
 * - buffers: the kTfLiteArenaRw tensors with bytes, model tensors and kernel temporaries,
 *   listed in the order ArenaPlanner allocates them (the order its std::sort leaves them in);
 *   ids and `tensor` are TFLite's tensor indices ("212"; temporaries have indices past the
 *   model's and are named by their operator: "im2col of op 3 CONV_2D"); sizes exact;
 * - time steps are operators: a tensor lives from the operator that produces it (graph inputs:
 *   0) to its last reader, inclusive, [first, last + 1); tensors never freed (graph inputs and
 *   outputs, tensors nobody reads) to the extra step n (after the last operator), [first,
 *   n + 1); temporaries during their operator, [i, i + 1);
 * - in-place sharing (RESHAPE, SQUEEZE, EXPAND_DIMS, BITCAST; ADD, SUB, MUL, DIV, SOFTMAX,
 *   DYNAMIC_UPDATE_SLICE when their input dies there and has the same size): the output is an
 *   alias of its input (allowance AP_OVERLAP_ALIAS | AP_OVERLAP_EXACT, delta 0), the input
 *   lives on until the output's last reader;
 * - default_align opt->align (0: 64); a note with the runtime, the threads and what TFLite adds
 *   at Invoke.
 * On success *out owns the problem (not validated) and, if info is not NULL, *info a new
 * ap_litert_info (free with ap_litert_info_free). Fails with AP_ERR_INPUT where the real
 * interpreter fails to build or allocate the model, naming the cause as TFLite does (an
 * operator without a builtin kernel or above its highest registered version, a custom
 * operator, quantization parameters it rejects, a subgraph calling itself), or where the model
 * holds more than 2^24 tensors with temporaries; AP_ERR_USAGE for threads below -1 or an align
 * that is not a power of two; AP_ERR_NOMEM. */
ap_status ap_litert_build(const ap_tfl_model *m, const ap_litert_options *opt, ap_problem **out,
                          ap_litert_info **info, ap_error *err);

/* Reads the model in data[0..len) and builds the validated problem (ap_tflite_read +
 * ap_litert_build + ap_problem_validate), problem->source = path; messages start with path.
 * opt may be NULL (the defaults). */
ap_status ap_litert_load_problem(const unsigned char *data, size_t len, const char *path,
                                 const ap_litert_options *opt, ap_problem **out, ap_error *err);

/* The plan TFLite's ArenaPlanner makes for p: strategy "tflite" (planner.h), proven by the
 * checker. out must be initialized (ap_plan_init); AP_ERR_INVALID with the checker's message
 * if the plan fails it. For a problem from ap_litert_build, out->arena is TFLite's arena size
 * (Subgraph::GetMemoryAllocInfo) and every offset is TFLite's. */
ap_status ap_litert_plan(const ap_problem *p, ap_plan *out, ap_error *err);

/* The name of a fate ("arena", "shared", "empty", "unused", "at-invoke", "constant",
 * "persistent", "persistent-ro", "dynamic", "none"), or NULL. */
const char *ap_litert_fate_name(ap_litert_fate f);

AP_PUBLIC_END
#ifdef __cplusplus
}
#endif
#endif
