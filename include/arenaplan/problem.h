/*
 * arenaplan/problem.h - the planning problem: buffers with sizes and lifetimes.
 *
 * A problem is a list of buffers. Buffer i needs size bytes during the half-open interval of
 * time steps [lower, upper). A plan (plan.h) gives each buffer an offset in one arena so that
 * two buffers live at a common step never share a byte, unless an overlap allowance between
 * them says they may (see ap_overlap) or both are pre-planned fixed buffers at their fixed
 * offsets (see ap_buffer.preplanned). Everything here is plain data: readers (CSV, .tflite)
 * build a problem, planners read it, the checker judges plans against it.
 *
 * Ownership: the problem owns every string and array it holds. Build it with ap_problem_new,
 * ap_problem_add and ap_problem_add_overlap, then call ap_problem_validate once before
 * planning: planners and the checker assume a validated problem, and validation guarantees
 * that no sum of sizes, offsets and alignments used while planning can overflow int64_t.
 */
#ifndef ARENAPLAN_PROBLEM_H
#define ARENAPLAN_PROBLEM_H

#include <stddef.h>
#include <stdint.h>

#include "arenaplan/error.h"

#ifdef __cplusplus
extern "C" {
#endif
AP_PUBLIC_BEGIN

#define AP_UNFIXED (-1) /* ap_buffer.fixed: no pre-planned offset */
#define AP_NO_INDEX (-1)

/* Largest size, offset or |time step| a problem may hold: 2^52. Keeping every value this far
 * below INT64_MAX lets planners add a handful of them without overflow checks. */
#define AP_MAX_VALUE (INT64_C(1) << 52)

/* What a buffer is, for reports and exporters. Planners ignore it. */
typedef enum ap_kind {
    AP_KIND_BUFFER = 0, /* a buffer from a list (CSV) */
    AP_KIND_ACTIVATION, /* a tensor produced and consumed inside a graph */
    AP_KIND_INPUT,      /* a subgraph input */
    AP_KIND_OUTPUT,     /* a subgraph output */
    AP_KIND_SCRATCH     /* kernel scratch requested in Prepare */
} ap_kind;

typedef struct ap_buffer {
    char *id;          /* as written in the input ("17", "2:5", "scratch0"); unique */
    char *name;        /* optional display name (the tensor name); NULL if none */
    char *type;        /* optional: what the user knows it as: a tensor's element type and
                          shape as Netron writes them ("int8[1,48,48,16]"), a kernel scratch
                          request's bytes and kernel ("uint8[75] (reference kernel)"); NULL */
    int64_t size;      /* bytes, 0 <= size <= AP_MAX_VALUE */
    int64_t lower;     /* first step the buffer is live */
    int64_t upper;     /* first step it is no longer live; lower < upper */
    int64_t align;     /* power of two; 0 means the problem's default_align */
    int64_t fixed;     /* pre-planned offset that every plan must keep, or AP_UNFIXED */
    int preplanned;    /* 1: fixed by a model's offline plan (or a buffer list read with
                          allow_fixed_overlap), which may put fixed buffers on shared bytes on
                          purpose (Vela does): two pre-planned buffers at their fixed offsets
                          may share bytes while both live, no allowance needed. 0 otherwise;
                          ap_problem_validate refuses two other fixed buffers that do */
    ap_kind kind;
    int32_t subgraph;  /* model origin, or AP_NO_INDEX */
    int32_t tensor;    /* tensor index in its subgraph, or AP_NO_INDEX (scratch, CSV) */
    char *producer;    /* optional text: what creates it ("op 3 CONV_2D") */
    char *consumers;   /* optional text: what reads it ("op 4 RELU, op 9 ADD") */
} ap_buffer;

/* Overlap allowance: buffer `over` may share bytes with buffer `base` while both are live, as
 * long as offset(over) - offset(base) <= max_delta. Any other byte overlap between buffers live
 * at a common step is a conflict. An alias (over shares base's bytes: an in-place operator) is
 * the case max_delta = 0; kernels that consume their input in address order allow an output to
 * start inside the input (max_delta > 0) or demand it start below (max_delta < 0). With
 * AP_OVERLAP_EXACT the relation is offset(over) - offset(base) == max_delta instead of <=. */
typedef struct ap_overlap {
    uint32_t base;
    uint32_t over;
    int64_t max_delta;
    unsigned flags;  /* AP_OVERLAP_ALIAS: declared as alias_of (CSV column, in-place rule) */
    char *why;       /* optional: the rule that allowed it ("RESHAPE op 7", "CONV_2D op 3") */
} ap_overlap;

#define AP_OVERLAP_ALIAS 1u
#define AP_OVERLAP_EXACT 4u /* the pair may share bytes only at exactly
                               offset(over) - offset(base) == max_delta (otherwise they must not
                               share any): kernels that copy with memcpy unless the two pointers
                               are equal (TFLM's RESHAPE), where a partial overlap is undefined */

/* A label for a time step, for reports ("op 3 CONV_2D"). */
typedef struct ap_step_label {
    int64_t step;
    char *text;
} ap_step_label;

/* A path of the runtime the problem does not model, so that the arena of any plan of it is a
 * lower estimate of what the runtime needs (every output says so; `--budget` refuses to gate on
 * it): a kernel path whose memory is not modelled, operators planned only at Invoke with shapes
 * that depend on data, a graph input the application may resize. */
typedef struct ap_unmodelled {
    char *op;        /* the operator's name ("RFFT2D"), or NULL when none is at fault */
    int64_t node;    /* its index in the subgraph, or -1 */
    char *what;      /* what is not modelled, in words */
} ap_unmodelled;

/* Where a problem's buffers come from: whether the outputs can give a TFLM arena beside the
 * planned section, the head (report.h). */
typedef enum ap_origin {
    AP_ORIGIN_BUFFERS = 0, /* a buffer list (CSV, or built by hand): a head, no TFLM arena */
    AP_ORIGIN_TFLM,        /* the buffers TFLM's memory planner receives for a model
                              (ap_tflite_build_problem): the head of TFLM's arena */
    AP_ORIGIN_TFLITE       /* the TensorFlow Lite interpreter's arena (ap_litert_build): its
                              planned section, the head; no TFLM arena */
} ap_origin;

typedef struct ap_problem {
    ap_buffer *buf;
    size_t n;
    ap_overlap *ovl;        /* sorted by (over, base) after ap_problem_validate */
    size_t n_ovl;
    ap_step_label *labels;  /* sorted by step after ap_problem_validate */
    size_t n_labels;
    int64_t default_align;  /* power of two; 1 unless the input or --align says otherwise */
    char *source;           /* where the problem came from (a path), or NULL */
    char *note;             /* free text carried to every output (e.g. "overlap rules: reference
                               kernels"), or NULL */
    ap_origin origin;       /* AP_ORIGIN_BUFFERS unless a model's reader says otherwise */
    ap_unmodelled *unmodelled; /* what the problem leaves out (see ap_unmodelled); empty when
                               the runtime is modelled whole */
    size_t n_unmodelled;
    size_t cap, cap_ovl, cap_labels, cap_unmodelled; /* private */
} ap_problem;

/* What ap_problem_add copies into a new buffer. Strings are copied; NULL name, producer and
 * consumers and type are fine. Set fixed = AP_UNFIXED and align = 0 unless you mean otherwise;
 * subgraph and tensor = AP_NO_INDEX when not from a model. ap_buffer_spec_init does that. */
typedef struct ap_buffer_spec {
    const char *id;
    const char *name;
    const char *type;
    int64_t size, lower, upper, align, fixed;
    int preplanned; /* see ap_buffer; meaningful with a fixed offset only */
    ap_kind kind;
    int32_t subgraph, tensor;
    const char *producer, *consumers;
} ap_buffer_spec;

void ap_buffer_spec_init(ap_buffer_spec *spec);

/* A new empty problem with default_align 1, or NULL when out of memory. */
ap_problem *ap_problem_new(void);
void ap_problem_free(ap_problem *p);

/* Appends a buffer; its index is the previous p->n. Fails with AP_ERR_NOMEM only; values are
 * judged by ap_problem_validate, so that errors can name every field. */
ap_status ap_problem_add(ap_problem *p, const ap_buffer_spec *spec, ap_error *err);

/* Appends an overlap allowance (see ap_overlap). Indices are checked by validate. */
ap_status ap_problem_add_overlap(ap_problem *p, uint32_t base, uint32_t over, int64_t max_delta,
                                 unsigned flags, const char *why, ap_error *err);

/* Appends a step label (the text is copied). */
ap_status ap_problem_add_label(ap_problem *p, int64_t step, const char *text, ap_error *err);

/* Appends what the problem does not model (strings copied; op may be NULL, node -1). */
ap_status ap_problem_add_unmodelled(ap_problem *p, const char *op, int64_t node, const char *what,
                                    ap_error *err);

/* Sets p->source / p->note (copies; NULL clears). */
ap_status ap_problem_set_source(ap_problem *p, const char *source, ap_error *err);
ap_status ap_problem_set_note(ap_problem *p, const char *note, ap_error *err);

/* Checks every rule a planner relies on and names the first buffer that breaks one: ids
 * non-empty and unique; 0 <= size <= AP_MAX_VALUE; lower < upper, both within +-AP_MAX_VALUE;
 * alignments powers of two up to 2^30; fixed offsets >= 0, aligned, and fixed + size within
 * AP_MAX_VALUE; overlaps naming two different existing buffers, at most one allowance per
 * ordered pair, |max_delta| <= AP_MAX_VALUE; the sum of all sizes and alignments within
 * AP_MAX_VALUE; no two fixed buffers sharing bytes while both live at their fixed offsets
 * unless both are pre-planned or an allowance lets them (the message names the pair, as the
 * checker would). Sorts overlaps and labels. O(n log n) plus the allowed overlaps of fixed
 * buffers that are not pre-planned. AP_ERR_INPUT on failure. Calling it again is harmless. */
ap_status ap_problem_validate(ap_problem *p, ap_error *err);

/* The alignment that applies to buffer i. */
int64_t ap_buffer_align(const ap_problem *p, size_t i);

/* Whether buffers i and j are live at a common step. */
int ap_buffers_meet(const ap_problem *p, size_t i, size_t j);

/* The allowance that lets `over` overlap `base`, or NULL. O(log n_ovl); needs validate. */
const ap_overlap *ap_problem_find_overlap(const ap_problem *p, size_t base, size_t over);

/* Index of the buffer with this id, or -1 (linear scan). */
long ap_problem_find_id(const ap_problem *p, const char *id);

/* The label of a step, or NULL. Needs validate. */
const char *ap_problem_label(const ap_problem *p, int64_t step);

/* The labels of the steps first..last (inclusive) are p->labels[k .. k + *count): returns k.
 * O(log n_labels); needs validate. Use it rather than walking the steps, which may be many. */
size_t ap_problem_labels_between(const ap_problem *p, int64_t first, int64_t last, size_t *count);

/* A deep copy, or NULL when out of memory. */
ap_problem *ap_problem_clone(const ap_problem *p);

AP_PUBLIC_END
#ifdef __cplusplus
}
#endif
#endif
