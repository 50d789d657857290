/*
 * kernels.h - the arena scratch requests kernels make in Prepare (internal to src/tflm).
 *
 * TFLM kernels may call RequestScratchBufferInArena from Prepare; each request becomes one more
 * buffer for the memory planner, live for its operator's scope. Which kernels ask for how much
 * depends on the kernel implementations linked into the firmware: a "kernel set" names one such
 * choice (ap_tflm_kernels). kernels.c models TFLM's reference kernels and no kernels at all;
 * kernels_cmsis.c the CMSIS-NN kernels, as tables (ptable.h).
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
    const char *fn;         /* static text: the library function that sized it, as the
                               kernel calls it ("arm_convolve_wrapper_s8_get_buffer_size"), or
                               NULL when the kernel computes the size itself */
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

/* How a kernel set's kernels were built: the facts its models depend on. Features are 0 or 1
 * and read by the kernel tables (ptable.h) under these names. */
typedef struct ap__kbuild {
    int ptr;                /* sizeof(void *) and sizeof(size_t) on the target */
    int cmsis_nn;           /* CMSIS-NN kernels (tensorflow/lite/micro/kernels/cmsis_nn) replace
                               the reference ones where they exist */
    int dsp;                /* ARM_MATH_DSP: the core has the DSP extension */
    int mve;                /* ARM_MATH_MVEI: the core has Helium (M-profile vector extension) */
    int armclang;           /* built with Arm Compiler 6 (__ARMCC_VERSION >= 6010050), which
                               some CMSIS-NN size functions test; 0 for arm-none-eabi-gcc */
    int speed;              /* KERNELS_OPTIMIZED_FOR_SPEED (TFLM's default), else ..._SIZE */
    int none;               /* no kernel behaviour at all */
} ap__kbuild;

/* The build of kernel set set, or NULL for a value outside the enum. */
const ap__kbuild *ap__kernel_build(ap_tflm_kernels set);

/* The operator a kernel model is looking at, and where its findings go. */
typedef struct ap__kctx {
    const ap_tfl_model *m;
    const ap_tfl_subgraph *g;
    const ap_tfl_operator *op;
    uint32_t s;             /* the operator's subgraph */
    const ap__kbuild *build;
    ap__prepare *out;
    ap_error *err;
} ap__kctx;

/* Fails as the kernel's Prepare would: AP_ERR_INPUT naming the operator, with msg and detail
 * (NULL for none) as the reason. */
ap_status ap__kfail(ap__kctx *k, const char *msg, const char *detail);

/* Input or output i of the operator, or NULL when it is missing or omitted (-1). */
const ap_tfl_tensor *ap__kin(const ap__kctx *k, uint32_t i);
const ap_tfl_tensor *ap__kout(const ap__kctx *k, uint32_t i);

/* AP_OK when t is present, else the operator fails: "missing <what>". */
ap_status ap__kneed(ap__kctx *k, const ap_tfl_tensor *t, const char *what);

/* Dimension d of t, or -1 when t has fewer dimensions. */
int64_t ap__kdim(const ap_tfl_tensor *t, uint32_t d);

/* Appends a scratch request of bytes (0 <= bytes <= AP_MAX_VALUE, else the operator fails);
 * what and fn are static text (see ap__scratch). AP_ERR_NOMEM. */
ap_status ap__kreq(ap__kctx *k, int64_t bytes, const char *what, const char *fn);

/* Runs the kernel set's model of Prepare over every operator of m in TFLM's order (subgraph by
 * subgraph, operator by operator; requests in the order the kernel makes them) and appends what
 * it finds to out (zero it first). Fails with AP_ERR_INPUT when an operator's tensors do not fit
 * what its kernel's Prepare needs (TFLM would fail there too), AP_ERR_NOMEM. set is one of
 * its enum's values (ap_tflite_build_problem checks). */
ap_status ap__kernel_prepare(const ap_tfl_model *m, ap_tflm_kernels set, ap__prepare *out,
                             ap_error *err);

/* The same for a build given by its features (the tests try builds no set offers). */
ap_status ap__kernel_prepare_build(const ap_tfl_model *m, const ap__kbuild *build,
                                   ap__prepare *out, ap_error *err);

#endif
