/*
 * prepare.h - what a model of a kernel's Prepare sees and finds (internal; prepare.c): the
 * operator and its tensors, failing as the kernel's Prepare would, and the results: the
 * arena scratch requests (RequestScratchBufferInArena, each one more buffer for the memory
 * planner, live for its operator's scope) and the tensors a kernel gives memory of its own.
 */
#ifndef AP_TFLM_KERNELS_PREPARE_H
#define AP_TFLM_KERNELS_PREPARE_H

#include <stddef.h>
#include <stdint.h>

#include "arenaplan/tflite.h"
#include "arenaplan/tflm_arena.h"
#include "tflm_kernels/kernel_sets.h"

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

/* An output whose dimensions Prepare rewrites: TFLM plans it with `elements` elements. */
typedef struct ap__resized {
    uint32_t subgraph, tensor;
    int64_t elements;
} ap__resized;

/* What Prepare does that the memory plan depends on. Free with ap__prepare_free. */
typedef struct ap__prepare {
    ap__scratch *v;         /* scratch requests in Prepare order */
    size_t n, cap;
    ap__tensor_ref *owned;  /* tensors given data in Prepare */
    size_t n_owned, cap_owned;
    ap__resized *resized;   /* outputs reshaped in Prepare, in Prepare order */
    size_t n_resized, cap_resized;
    ap_tflm_refusal refusal; /* the first operator whose Prepare fails or aborts (a CHECK or
                               ABORT row holds, a row does not fit the model), kind
                               AP_TFLM_LOADS when none: TFLM stops there, so no arena; the
                               requests of the other operators are still found, for the head */
} ap__prepare;

void ap__prepare_free(ap__prepare *pr);

/* The operator a kernel model is looking at, and where its findings go. */
typedef struct ap__kctx {
    const ap_tfl_model *m;
    const ap_tfl_subgraph *g;
    const ap_tfl_operator *op;
    uint32_t s;             /* the operator's subgraph */
    const ap__kernel_set *set; /* the kernel set, its target and build */
    ap__prepare *out;
    ap_error *err;
} ap__kctx;

/* Fails as the kernel's Prepare would: AP_ERR_INPUT naming the operator, with msg and detail
 * (NULL for none) as the reason. */
ap_status ap__prepare_fail(ap__kctx *k, const char *msg, const char *detail);

/* Records that the operator's Prepare refuses the model (kind AP_TFLM_REFUSES) or aborts
 * (AP_TFLM_ABORTS) because check, detail (NULL: none) after it, at src (NULL: unknown), unless
 * an earlier operator's refusal is recorded. */
void ap__prepare_refuse(ap__kctx *k, ap_tflm_refusal_kind kind, const char *check,
                        const char *detail, const char *src);

/* Fills *r: kind, the operator (sg, op, -1 for the model; name), check, src (NULL: none) and
 * the sentence every output prints, for a failure in TFLM's step `phase` ("Prepare", "Init",
 * "the allocator"). */
void ap__prepare_refusal_set(ap_tflm_refusal *r, ap_tflm_refusal_kind kind, int32_t sg, int32_t op,
                     const char *name, const char *check, const char *src, const char *phase);

/* Appends a scratch request of bytes (0 <= bytes <= AP_MAX_VALUE, else the operator fails);
 * what and fn are static text (see ap__scratch). AP_ERR_NOMEM. */
ap_status ap__prepare_request(ap__kctx *k, int64_t bytes, const char *what, const char *fn);

/* Records that tensor t of the operator's subgraph gets memory of its own. AP_ERR_NOMEM. */
ap_status ap__prepare_own(ap__kctx *k, int32_t t);

/* Records that Prepare gives tensor t of the operator's subgraph `elements` elements (0 <=
 * elements <= AP_MAX_VALUE, else the operator fails). AP_ERR_NOMEM. */
ap_status ap__prepare_resize(ap__kctx *k, int32_t t, int64_t elements);

#endif
