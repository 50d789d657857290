/*
 * arena.h - one model's trace as the multi-tenant arena needs it (internal; arena.c): the trace
 * of a model created first or later on a shared MicroAllocator, on one buffer or two, with the
 * head it lays out.
 */
#ifndef AP_TFLM_ARENA_ARENA_H
#define AP_TFLM_ARENA_ARENA_H

#include "arenaplan/tflm_arena.h"
#include "tflm_arena/trace.h"

/* How the model's interpreter is made (trace.h: ap__trace_input's fields of the same names). */
typedef struct ap__arena_mode {
    int later; /* the MicroAllocator exists: its objects are another model's */
    int split; /* the two-buffer allocator */
} ap__arena_mode;

typedef struct ap__arena_model {
    ap__trace tr;            /* a plain interpreter's trace (freed with ap__trace_free) */
    int64_t head;            /* the head it lays out (opt->head, or stock TFLM's) */
    const char *target, *kernels; /* static names, set when opt's target and kernels are known */
    ap_tflm_refusal refusal; /* kind AP_TFLM_LOADS, or why TFLM cannot load the model */
} ap__arena_model;

/* The trace of m for opt (as ap_tflm_arena_compute makes it) made as mode says. Fails as
 * ap_tflm_arena_compute does (out->refusal set when TFLM cannot load the model); out->tr is
 * then empty. */
ap_status ap__arena_trace(const ap_tfl_model *m, const ap_tflm_options *opt,
                          const ap__arena_mode *mode, ap__arena_model *out, ap_error *err);

#endif
