/*
 * arenaplan/check.h - the independent plan checker.
 *
 * Shares no code with the planners: it sweeps time once, keeping the live buffers in an
 * offset-ordered index, and asks for each buffer that becomes live which live buffers share a
 * byte with it (O(n log n) plus the allowed overlaps). A plan is valid when every buffer is
 * placed, every offset is a multiple of the buffer's alignment, every fixed offset is kept, no
 * offset + size overflows, and no two buffers live at a common step share a byte unless an
 * overlap allowance covers them and holds (offset(over) - offset(base) <= max_delta, or == with
 * AP_OVERLAP_EXACT), or both are pre-planned fixed buffers (ap_buffer.preplanned: fixed by a
 * model's offline plan) at their fixed offsets.
 */
#ifndef ARENAPLAN_CHECK_H
#define ARENAPLAN_CHECK_H

#include "arenaplan/plan.h"
#include "arenaplan/problem.h"

#ifdef __cplusplus
extern "C" {
#endif
AP_PUBLIC_BEGIN

typedef enum ap_fault {
    AP_FAULT_NONE = 0,
    AP_FAULT_UNPLACED,  /* buffer a has no offset (or a negative one) */
    AP_FAULT_ALIGN,     /* buffer a's offset is not a multiple of its alignment */
    AP_FAULT_FIXED,     /* buffer a was moved from its fixed offset */
    AP_FAULT_RANGE,     /* buffer a's offset + size exceeds AP_MAX_VALUE */
    AP_FAULT_OVERLAP,   /* buffers a and b share bytes while both are live */
    AP_FAULT_ALLOWANCE  /* a and b overlap under an allowance that does not hold */
} ap_fault;

typedef struct ap_check_result {
    ap_fault fault;
    size_t a, b;         /* the buffers at fault (b only for the overlap faults) */
    int64_t arena;       /* max(offset + size), computed by the checker */
    char message[AP_ERROR_MAX]; /* one sentence naming ids, lifetimes and byte ranges */
} ap_check_result;

/* Judges offsets[0..p->n) against the validated problem p. Returns AP_OK when valid,
 * AP_ERR_INVALID with the first fault in *res otherwise, AP_ERR_NOMEM when out of memory.
 * "First": per-buffer faults (unplaced, range, alignment, fixed) by buffer index before any
 * overlap; overlaps in the order of the time sweep: by the step where the later of the two
 * buffers becomes live, then by that buffer's index (res->b), its partner (res->a) being the
 * live buffer with the lowest offset among those it clashes with. res may not be NULL. Steps
 * are reported inclusively in messages ("steps 2-3"). */
ap_status ap_check(const ap_problem *p, const int64_t *offsets, ap_check_result *res);

/* ap_check without the pre-planned sharing rule: two pre-planned fixed buffers may share bytes
 * only as an allowance permits (`arenaplan check --strict`). Same results otherwise. */
ap_status ap_check_strict(const ap_problem *p, const int64_t *offsets, ap_check_result *res);

/* The pairs of pre-planned fixed buffers that share bytes while both live, at their fixed
 * offsets, where no allowance lets them (the sharing ap_check accepts by its rule alone): the
 * first max of them go to
 * pairs[k][0] < pairs[k][1] (buffer indices) in the order of the sweep (by the step where the
 * later one becomes live); *count gets how many there are, counting no further than limit (a
 * count of limit means "limit or more"). O(n log n + count log n) for a validated p.
 * AP_ERR_NOMEM. */
ap_status ap_preplanned_sharing(const ap_problem *p, uint32_t (*pairs)[2], size_t max,
                                size_t limit, size_t *count);

AP_PUBLIC_END
#ifdef __cplusplus
}
#endif
#endif
