/*
 * planners.h - the strategies' entry points and the helpers they share (internal).
 *
 * Each strategy is an ap_planner_fn: it receives a validated problem and a plan already reset
 * to p->n unplaced buffers, fills every offset, may set plan->order (malloc'd), and leaves the
 * arena, strategy name and timing to ap_plan_problem (registry.c).
 */
#ifndef AP_PLANNERS_H
#define AP_PLANNERS_H

#include "arenaplan/planner.h"
#include "planners/place.h"

ap_status ap__plan_linear(const ap_problem *p, const ap_plan_options *opt, ap_plan *out, ap_error *err);
ap_status ap__plan_greedy(const ap_problem *p, const ap_plan_options *opt, ap_plan *out, ap_error *err);
ap_status ap__plan_bestfit_size(const ap_problem *p, const ap_plan_options *opt, ap_plan *out, ap_error *err);
ap_status ap__plan_bestfit_length(const ap_problem *p, const ap_plan_options *opt, ap_plan *out, ap_error *err);
ap_status ap__plan_bestfit_breadth(const ap_problem *p, const ap_plan_options *opt, ap_plan *out, ap_error *err);
ap_status ap__plan_bestfit_conflicts(const ap_problem *p, const ap_plan_options *opt, ap_plan *out, ap_error *err);
ap_status ap__plan_firstfit_breadth(const ap_problem *p, const ap_plan_options *opt, ap_plan *out, ap_error *err);
ap_status ap__plan_firstfit_start(const ap_problem *p, const ap_plan_options *opt, ap_plan *out, ap_error *err);
ap_status ap__plan_pingpong(const ap_problem *p, const ap_plan_options *opt, ap_plan *out, ap_error *err);
ap_status ap__plan_search(const ap_problem *p, const ap_plan_options *opt, ap_plan *out, ap_error *err);
ap_status ap__plan_best(const ap_problem *p, const ap_plan_options *opt, ap_plan *out, ap_error *err);
ap_status ap__plan_exact(const ap_problem *p, const ap_plan_options *opt, ap_plan *out, ap_error *err);

/* The local search of search.c started from start[0..n) (the non-fixed buffers in order). */
ap_status ap__search_from(const ap_problem *p, const uint32_t *start, size_t n, uint64_t seed,
                          volatile sig_atomic_t *stop, ap_plan *out, ap_error *err);

/* How a decoder picks a position. */
typedef enum ap__fit { AP__FIRST_FIT, AP__BEST_FIT } ap__fit;

/* Places the fixed buffers, then the non-fixed buffers of order[0..n) with the given rule.
 * pl must be initialized; it is cleared first. */
ap_status ap__decode(ap__placer *pl, const uint32_t *order, size_t n, ap__fit fit, ap_error *err);

/* Buffer orders used by the heuristics (keys: bigger first; ties by size, then lower, then
 * index). Fill order[] with the non-fixed buffers and set *n. */
typedef enum ap__order_key {
    AP__ORDER_SIZE,      /* size */
    AP__ORDER_LENGTH,    /* upper - lower */
    AP__ORDER_BREADTH,   /* live bytes at the busiest step of the buffer's lifetime */
    AP__ORDER_CONFLICTS, /* total bytes of the buffers that meet it */
    AP__ORDER_START      /* earliest lower first (ties: bigger first) */
} ap__order_key;

ap_status ap__make_order(const ap_problem *p, ap__order_key key, uint32_t *order, size_t *n,
                         ap_error *err);

#endif
