/*
 * registry.c - the strategy table and the dispatcher: a strategy is chosen by name.
 *
 * The portfolio's heuristics come from one list (AP__PORTFOLIO, planners.h) that portfolio.c
 * walks too; `best` and `exact` use that walk, never this table, so the registry sits above
 * every strategy and nothing below calls back into it. Adding a strategy is one line here (a
 * heuristic for the portfolio: one line in AP__PORTFOLIO).
 */
#include <stdio.h>
#include <string.h>

#include "planners/limit.h"
#include "planners/planners.h"

#define MEMBER(name, summary, fn, flags) {name, summary, fn, AP_STRATEGY_PORTFOLIO | (flags)},

static const ap_strategy table[] = {
    {"linear", "TFLM's LinearMemoryPlanner: buffers one after another in input order, no reuse",
     ap__linear_plan, AP_STRATEGY_COMPARE},
    AP__PORTFOLIO(MEMBER)
    {"tflite", "TFLite's ArenaPlanner, offset for offset: largest first, best fit (the default "
     "planner of --runtime tflite)", ap__simple_arena_plan, 0},
    {"search", "local search: moves the buffers that set the peak earlier, keeps improvements",
     ap__search_plan, AP_STRATEGY_COMPARE},
    {"best", "the whole portfolio, then local search from its winner; keeps the smallest plan",
     ap__portfolio_plan_best, AP_STRATEGY_COMPARE},
    {"exact", "search for the smallest arena and prove it (or report the gap); see docs/exact.md",
     ap__exact_plan, AP_STRATEGY_COMPARE},
};

const ap_strategy *ap_strategies(size_t *count)
{
    *count = sizeof table / sizeof table[0];
    return table;
}

const ap_strategy *ap_strategy_find(const char *name)
{
    size_t i;
    for (i = 0; i < sizeof table / sizeof table[0]; i++)
        if (strcmp(table[i].name, name) == 0)
            return &table[i];
    return NULL;
}

void ap_plan_options_init(ap_plan_options *opt)
{
    memset(opt, 0, sizeof *opt);
    opt->strategy = "best";
    opt->time_limit = 10;
    opt->capacity = -1;
}

static ap_status unknown(const char *name, ap_error *err)
{
    char list[AP_ERROR_MAX / 2] = "";
    size_t i, len = 0;
    for (i = 0; i < sizeof table / sizeof table[0]; i++) {
        int w = snprintf(list + len, sizeof list - len, "%s%s", i ? ", " : "", table[i].name);
        if (w < 0 || (size_t)w >= sizeof list - len)
            break;
        len += (size_t)w;
    }
    return ap_error_set(err, AP_ERR_USAGE, "unknown strategy '%s' (known: %s)", name, list);
}

ap_status ap_plan_problem(const ap_problem *p, const ap_plan_options *opt, ap_plan *out, ap_error *err)
{
    ap_plan_options defaults;
    const ap_strategy *s;
    const char *name;
    if (!opt) {
        ap_plan_options_init(&defaults);
        opt = &defaults;
    }
    name = opt->strategy ? opt->strategy : "best";
    if (!(s = ap_strategy_find(name)))
        return unknown(name, err);
    /* every strategy honours the work limit and the stop flag (best and exact add their own
       time limits); a heuristic stopped half-way has no plan to give */
    ap__limit lim;
    ap_status st;
    ap__limit_init(&lim);
    if (opt->work_limit)
        lim.work = opt->work_limit;
    lim.stop = opt->stop;
    ap__limit_enter(&lim);
    st = ap__portfolio_run(s->name, s->plan, p, opt, out, err);
    ap__limit_leave(&lim);
    out->work = lim.used;
    if (st == AP_ERR_LIMIT && lim.hit)
        return ap__limit_error(lim.hit, s->name, err);
    if (st == AP_OK && !out->stopped && lim.hit)
        out->stopped = (ap_stopped)lim.hit;
    return st;
}
