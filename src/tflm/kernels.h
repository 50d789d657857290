/*
 * kernels.h - the arena scratch requests kernels make in Prepare (internal to src/tflm).
 *
 * TFLM kernels may call RequestScratchBufferInArena from Prepare; each request becomes one more
 * buffer for the memory planner, live for its operator's scope. Which kernels ask for how much
 * depends on the kernel implementations linked into the firmware: a "kernel set" names one such
 * choice (ap_tflm_kernels). kernels.c models TFLM's reference kernels and no kernels at all.
 */
#ifndef AP_TFLM_KERNELS_H
#define AP_TFLM_KERNELS_H

#include <stddef.h>
#include <stdint.h>

#include "arenaplan/tflite.h"
#include "arenaplan/tflm.h"

/* One scratch request. */
typedef struct ap__scratch {
    uint32_t subgraph, op;  /* the operator that asked, in its subgraph */
    int64_t bytes;          /* as requested (the planner rounds it up to 16) */
    const char *what;       /* static text: what the kernel keeps there */
} ap__scratch;

/* A tensor a kernel gives memory of its own in Prepare (so the planner never sees it). */
typedef struct ap__tensor_ref {
    uint32_t subgraph, tensor;
} ap__tensor_ref;

/* What Prepare does that the memory plan depends on. Free with ap__prepare_free. */
typedef struct ap__prepare {
    ap__scratch *v;         /* scratch requests in Prepare order */
    size_t n, cap;
    ap__tensor_ref *owned;  /* tensors given data in Prepare */
    size_t n_owned, cap_owned;
} ap__prepare;

void ap__prepare_free(ap__prepare *pr);

/* Runs the kernel set's model of Prepare over every operator of m in TFLM's order (subgraph by
 * subgraph, operator by operator; requests in the order the kernel makes them) and appends what
 * it finds to out (zero it first). Fails with AP_ERR_INPUT when an operator's tensors do not fit
 * what its kernel's Prepare needs (TFLM would fail there too), AP_ERR_NOMEM. set is one of
 * its enum's values (ap_tflite_build_problem checks). */
ap_status ap__kernel_prepare(const ap_tfl_model *m, ap_tflm_kernels set, ap__prepare *out,
                             ap_error *err);

#endif
