/*
 * arenaplan/plan.h - a plan: one offset per buffer of a problem, and what is known of it.
 *
 * Planners fill a plan; ap_check (check.h) proves it valid. A plan is plain data owned by the
 * caller: ap_plan_init before first use, ap_plan_free when done.
 */
#ifndef ARENAPLAN_PLAN_H
#define ARENAPLAN_PLAN_H

#include <stddef.h>
#include <stdint.h>

#include "arenaplan/problem.h"

#ifdef __cplusplus
extern "C" {
#endif
AP_PUBLIC_BEGIN

#define AP_UNPLACED (-1)

typedef enum ap_verdict {
    AP_VERDICT_NONE = 0, /* a heuristic: nothing proven beyond the lower bound */
    AP_VERDICT_OPTIMAL,  /* the arena equals a proven minimum */
    AP_VERDICT_GAP       /* search stopped; proven_bound is the best bound it proved */
} ap_verdict;

/* Why a planner stopped before it was done (ap_plan.stopped): the plan is then the best it had
 * found (exact: with its verdict). */
typedef enum ap_stopped {
    AP_STOPPED_NONE = 0, /* it ran to its end */
    AP_STOPPED_WORK,     /* its work limit (ap_plan_options.work_limit, or best's default) */
    AP_STOPPED_TIME,     /* its time limit (ap_plan_options.time_limit) */
    AP_STOPPED_NODES,    /* exact: its node limit (ap_plan_options.node_limit) */
    AP_STOPPED_SIGNAL    /* the stop flag (ap_plan_options.stop; Ctrl-C in the CLI) */
} ap_stopped;

typedef struct ap_plan {
    size_t n;             /* = problem->n */
    int64_t *offset;      /* offset of buffer i, or AP_UNPLACED */
    uint32_t *order;      /* the order the planner placed buffers in (n entries), or NULL */
    int64_t arena;        /* max(offset + size) over placed buffers; 0 when empty */
    char strategy[32];    /* the strategy that made it ("greedy", "best:bestfit-size", ...) */
    ap_verdict verdict;
    int64_t proven_bound; /* with AP_VERDICT_OPTIMAL or _GAP: the best proven lower bound */
    uint64_t nodes;       /* search nodes explored (exact), 0 for heuristics */
    double seconds;       /* wall time the planner took */
    ap_stopped stopped;   /* AP_STOPPED_NONE, or why the planner stopped early */
    int fallback;         /* 1: stopped before any heuristic had finished, the plan is linear's
                             (no reuse at all) */
    uint64_t work;        /* units of placement and model work spent (planner.h: work_limit) */
} ap_plan;

void ap_plan_init(ap_plan *plan);
void ap_plan_free(ap_plan *plan);

/* Sizes the plan for n buffers, all AP_UNPLACED, order NULL, verdict NONE. */
ap_status ap_plan_reset(ap_plan *plan, size_t n, ap_error *err);

/* Copies src into dst (dst must be initialized). */
ap_status ap_plan_copy(ap_plan *dst, const ap_plan *src, ap_error *err);

/* Recomputes plan->arena from the offsets. */
int64_t ap_plan_arena(const ap_problem *p, ap_plan *plan);

AP_PUBLIC_END
#ifdef __cplusplus
}
#endif
#endif
