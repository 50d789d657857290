/*
 * arenaplan/planner.h - planning strategies, chosen by name.
 *
 * Every strategy takes a validated problem and fills a plan that honours fixed offsets,
 * alignment and overlap allowances. Strategies are deterministic: the same problem and options
 * give the same plan, byte for byte (random choices use fixed seeds; searches are bounded by
 * counts of steps). Only `best` and `exact` also stop on time (time_limit, 10 s by default),
 * unless given a work limit (best, exact's start) or a node limit (exact's search); every
 * strategy stops soon after the stop flag is raised, and at a work limit. A plan made by a
 * strategy that stopped early says why (ap_plan.stopped).
 */
#ifndef ARENAPLAN_PLANNER_H
#define ARENAPLAN_PLANNER_H

#include <signal.h>

#include "arenaplan/plan.h"
#include "arenaplan/problem.h"

#ifdef __cplusplus
extern "C" {
#endif
AP_PUBLIC_BEGIN

/* What a long search reports while it runs (see ap_plan_options.progress). */
typedef struct ap_progress {
    double elapsed;      /* seconds since the search began */
    int64_t best_arena;  /* smallest valid arena found so far */
    int64_t bound;       /* best proven lower bound so far */
    uint64_t nodes;      /* search nodes explored */
} ap_progress;

typedef struct ap_plan_options {
    const char *strategy;     /* a name from ap_strategies(); NULL means "best" */
    double time_limit;        /* seconds for `best` and `exact` (every stage: the exact model,
                                 the start from best's plan, the search); <= 0: 10. Unused
                                 when a work_limit (best) or node_limit (exact's search) is set */
    uint64_t node_limit;      /* exact: when non-zero, stop after this many search nodes instead
                                 of on time (time_limit is then ignored): the same plan and
                                 verdict on every machine, under any load. 0: stop on time */
    uint64_t work_limit;      /* best, exact's start and every heuristic: stop after this many
                                 units of placement work (an obstacle listed, a level of the
                                 placer's tree walked: a count, the same plan on every machine)
                                 instead of on time. 0: none (best then stops on time) */
    int64_t capacity;         /* exact: find a plan within this many bytes; -1: minimize */
    uint64_t seed;            /* base seed for randomized steps (local search); 0 is fine */
    volatile sig_atomic_t *stop; /* if not NULL, a search stops soon after *stop becomes non-zero */
    void (*progress)(const ap_progress *pr, void *ctx); /* called about 10 times a second by
                                                            long searches; may be NULL */
    void *progress_ctx;
} ap_plan_options;

/* Sets defaults: strategy "best", time_limit 10, capacity -1, everything else 0 / NULL
 * (node_limit 0: the exact search stops on time). */
void ap_plan_options_init(ap_plan_options *opt);

typedef ap_status (*ap_planner_fn)(const ap_problem *p, const ap_plan_options *opt,
                                   ap_plan *out, ap_error *err);

typedef struct ap_strategy {
    const char *name;
    const char *summary;  /* one line for `arenaplan strategies` */
    ap_planner_fn plan;
    unsigned flags;       /* AP_STRATEGY_* */
} ap_strategy;

#define AP_STRATEGY_PORTFOLIO 1u /* `best` runs it */
#define AP_STRATEGY_COMPARE   2u /* `compare` shows it as a column */

/* The registry: a table of *count strategies, in the order `strategies` lists them. */
const ap_strategy *ap_strategies(size_t *count);

/* The strategy with this name, or NULL. */
const ap_strategy *ap_strategy_find(const char *name);

/* Plans p with opt->strategy. On AP_OK the plan is complete and its arena, strategy and
 * seconds are set; the caller should still run ap_check (tests always do). AP_ERR_USAGE for
 * an unknown strategy name (the message lists the known ones). */
ap_status ap_plan_problem(const ap_problem *p, const ap_plan_options *opt, ap_plan *out,
                          ap_error *err);

AP_PUBLIC_END
#ifdef __cplusplus
}
#endif
#endif
