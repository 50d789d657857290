/*
 * planners.h - the strategies' entry points and the helpers they share (internal).
 *
 * Each strategy is an ap_planner_fn: it receives a validated problem and a plan already reset
 * to p->n unplaced buffers, fills every offset, may set plan->order (malloc'd), and leaves the
 * arena, strategy name and timing to ap__portfolio_run (portfolio.c).
 *
 * The folder src/planners/: the strategies, a problem -> a plan.
 */
#ifndef AP_PLANNERS_H
#define AP_PLANNERS_H

#include "arenaplan/planner.h"
#include "planners/place.h"

ap_status ap__linear_plan(const ap_problem *p, const ap_plan_options *opt, ap_plan *out, ap_error *err);
ap_status ap__greedy_plan(const ap_problem *p, const ap_plan_options *opt, ap_plan *out, ap_error *err);
ap_status ap__heuristics_bestfit_size(const ap_problem *p, const ap_plan_options *opt, ap_plan *out, ap_error *err);
ap_status ap__heuristics_bestfit_length(const ap_problem *p, const ap_plan_options *opt, ap_plan *out, ap_error *err);
ap_status ap__heuristics_bestfit_breadth(const ap_problem *p, const ap_plan_options *opt, ap_plan *out, ap_error *err);
ap_status ap__heuristics_bestfit_conflicts(const ap_problem *p, const ap_plan_options *opt, ap_plan *out, ap_error *err);
ap_status ap__heuristics_firstfit_breadth(const ap_problem *p, const ap_plan_options *opt, ap_plan *out, ap_error *err);
ap_status ap__heuristics_firstfit_start(const ap_problem *p, const ap_plan_options *opt, ap_plan *out, ap_error *err);
ap_status ap__simple_arena_plan(const ap_problem *p, const ap_plan_options *opt, ap_plan *out, ap_error *err);
ap_status ap__pingpong_plan(const ap_problem *p, const ap_plan_options *opt, ap_plan *out, ap_error *err);
ap_status ap__search_plan(const ap_problem *p, const ap_plan_options *opt, ap_plan *out, ap_error *err);
ap_status ap__portfolio_plan_best(const ap_problem *p, const ap_plan_options *opt, ap_plan *out, ap_error *err);
ap_status ap__exact_plan(const ap_problem *p, const ap_plan_options *opt, ap_plan *out, ap_error *err);

/* The portfolio: the heuristics that `best`, `exact` and embed run and compare, in this order
 * (the first listed wins ties). One list, expanded into the strategy table (registry.c) and the
 * portfolio walk (portfolio.c): X(name, summary, function, flags besides AP_STRATEGY_PORTFOLIO). */
#define AP__PORTFOLIO(X) \
    X("greedy", "TFLM's GreedyMemoryPlanner, offset for offset: largest first, first gap that fits", \
      ap__greedy_plan, AP_STRATEGY_COMPARE) \
    X("bestfit-size", "largest first, each in the smallest gap that holds it (TFLite arena, XNNPACK)", \
      ap__heuristics_bestfit_size, AP_STRATEGY_COMPARE) \
    X("bestfit-length", "longest lifetime first, best fit", ap__heuristics_bestfit_length, 0) \
    X("bestfit-breadth", "buffers at the busiest steps first (most live bytes), best fit", \
      ap__heuristics_bestfit_breadth, AP_STRATEGY_COMPARE) \
    X("bestfit-conflicts", "buffers that meet the most bytes first, best fit", \
      ap__heuristics_bestfit_conflicts, 0) \
    X("firstfit-breadth", "busiest steps first, lowest gap that fits", ap__heuristics_firstfit_breadth, 0) \
    X("firstfit-start", "in order of first use, lowest gap that fits", ap__heuristics_firstfit_start, 0) \
    X("pingpong", "alternate bottom and top of an arena of the lower bound's size (chains)", \
      ap__pingpong_plan, AP_STRATEGY_COMPARE)

/* Runs one strategy function as ap_plan_problem does once it has found it by name: resets out
 * to p->n unplaced buffers, names it, plans, and sets the arena and the seconds taken. */
ap_status ap__portfolio_run(const char *name, ap_planner_fn fn, const ap_problem *p,
                            const ap_plan_options *opt, ap_plan *out, ap_error *err);

/* What the portfolio walk offers each plan to: cand is complete (arena and strategy set) and
 * accepted by the checker; take may swap its contents with a plan of its own (the walk resets
 * cand before the next member). Setting *enough ends the walk. */
typedef ap_status (*ap__portfolio_fn)(ap_plan *cand, void *ctx, int *enough, ap_error *err);

/* The portfolio walk (portfolio.c): plans plan_p with every member of AP__PORTFOLIO in turn
 * (opt->strategy is ignored) and offers take() each plan the checker accepts on check_p; a plan
 * it rejects is never offered. Stops at the first error (a member's, the checker's out of
 * memory, or take's) and returns it. */
ap_status ap__portfolio_each(const ap_problem *plan_p, const ap_problem *check_p,
                             const ap_plan_options *opt, ap__portfolio_fn take, void *ctx,
                             ap_error *err);

/* The local search of search.c started from start[0..n) (the non-fixed buffers in order). */
ap_status ap__search_from(const ap_problem *p, const uint32_t *start, size_t n, uint64_t seed,
                          volatile sig_atomic_t *stop, ap_plan *out, ap_error *err);

/* How a decoder picks a position. */
typedef enum ap__fit { AP__FIRST_FIT, AP__BEST_FIT } ap__fit;

/* Places the fixed buffers, then the non-fixed buffers of order[0..n) with the given rule.
 * pl must be initialized; it is cleared first. */
ap_status ap__heuristics_decode(ap__placer *pl, const uint32_t *order, size_t n, ap__fit fit, ap_error *err);

/* Buffer orders used by the heuristics (keys: bigger first; ties by size, then lower, then
 * index). Fill order[] with the non-fixed buffers and set *n. */
typedef enum ap__order_key {
    AP__ORDER_SIZE,      /* size */
    AP__ORDER_LENGTH,    /* upper - lower */
    AP__ORDER_BREADTH,   /* live bytes at the busiest step of the buffer's lifetime */
    AP__ORDER_CONFLICTS, /* total bytes of the buffers that meet it */
    AP__ORDER_START      /* earliest lower first (ties: bigger first) */
} ap__order_key;

ap_status ap__heuristics_order(const ap_problem *p, ap__order_key key, uint32_t *order, size_t *n,
                               ap_error *err);

#endif
