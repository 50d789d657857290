/*
 * registry.c - the strategy table, the dispatcher, and `best`, the portfolio.
 *
 * `best` runs every strategy flagged AP_STRATEGY_PORTFOLIO, proves each plan with the
 * independent checker, keeps the smallest (the first listed on ties), then lets the local
 * search start from the winner's order. Adding a strategy is one line in the table below.
 */
#include <stdio.h>
#include <string.h>

#include "arenaplan/bounds.h"
#include "arenaplan/check.h"
#include "core/util.h"
#include "planners/planners.h"

#define PF (AP_STRATEGY_PORTFOLIO | AP_STRATEGY_COMPARE)

static const ap_strategy table[] = {
    {"linear", "TFLM's LinearMemoryPlanner: buffers one after another in input order, no reuse",
     ap__plan_linear, AP_STRATEGY_COMPARE},
    {"greedy", "TFLM's GreedyMemoryPlanner, offset for offset: largest first, first gap that fits",
     ap__plan_greedy, PF},
    {"bestfit-size", "largest first, each in the smallest gap that holds it (TFLite arena, XNNPACK)",
     ap__plan_bestfit_size, PF},
    {"bestfit-length", "longest lifetime first, best fit", ap__plan_bestfit_length, AP_STRATEGY_PORTFOLIO},
    {"bestfit-breadth", "buffers at the busiest steps first (most live bytes), best fit",
     ap__plan_bestfit_breadth, PF},
    {"bestfit-conflicts", "buffers that meet the most bytes first, best fit", ap__plan_bestfit_conflicts,
     AP_STRATEGY_PORTFOLIO},
    {"firstfit-breadth", "busiest steps first, lowest gap that fits", ap__plan_firstfit_breadth,
     AP_STRATEGY_PORTFOLIO},
    {"firstfit-start", "in order of first use, lowest gap that fits", ap__plan_firstfit_start,
     AP_STRATEGY_PORTFOLIO},
    {"pingpong", "alternate bottom and top of an arena of the lower bound's size (chains)",
     ap__plan_pingpong, PF},
    {"search", "local search: moves the buffers that set the peak earlier, keeps improvements",
     ap__plan_search, AP_STRATEGY_COMPARE},
    {"best", "the whole portfolio, then local search from its winner; keeps the smallest plan",
     ap__plan_best, AP_STRATEGY_COMPARE},
    {"exact", "search for the smallest arena and prove it (or report the gap); see docs/exact.md",
     ap__plan_exact, AP_STRATEGY_COMPARE},
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
    double t0 = ap__now();
    ap_status st;
    if (!opt) {
        ap_plan_options_init(&defaults);
        opt = &defaults;
    }
    name = opt->strategy ? opt->strategy : "best";
    if (!(s = ap_strategy_find(name)))
        return unknown(name, err);
    if ((st = ap_plan_reset(out, p->n, err)) != AP_OK)
        return st;
    snprintf(out->strategy, sizeof out->strategy, "%s", s->name);
    if ((st = s->plan(p, opt, out, err)) != AP_OK)
        return st;
    ap_plan_arena(p, out);
    out->seconds = ap__now() - t0;
    return AP_OK;
}

/* Runs every portfolio strategy on plan_p and keeps in *best the smallest plan that passes the
 * checker on check_p (cand is scratch). Stops early at the bound. */
static ap_status portfolio(const ap_problem *plan_p, const ap_problem *check_p, ap_plan_options *sub,
                           int64_t bound, ap_plan *cand, ap_plan *best, ap_error *err)
{
    size_t i;
    ap_status st;
    for (i = 0; i < sizeof table / sizeof table[0] && best->arena > bound; i++) {
        if (sub->stop && *sub->stop && best->arena != INT64_MAX)
            break; /* stopped: keep what we have */
        ap_check_result res;
        if (!(table[i].flags & AP_STRATEGY_PORTFOLIO))
            continue;
        sub->strategy = table[i].name;
        if ((st = ap_plan_problem(plan_p, sub, cand, err)) != AP_OK)
            return st;
        if (ap_check(check_p, cand->offset, &res) != AP_OK)
            continue;  /* never keep a plan the checker rejects */
        if (cand->arena < best->arena) {
            ap_plan tmp = *best;
            *best = *cand;
            *cand = tmp;
        }
    }
    return AP_OK;
}

static int has_rule_overlaps(const ap_problem *p)
{
    size_t i;
    for (i = 0; i < p->n_ovl; i++)
        if (!(p->ovl[i].flags & AP_OVERLAP_FIXED))
            return 1;
    return 0;
}

/* A copy of p without the allowances that rules made (those of fixed buffers stay). */
static ap_problem *without_rule_overlaps(const ap_problem *p)
{
    ap_problem *q = ap_problem_clone(p);
    size_t i, k = 0;
    if (!q)
        return NULL;
    for (i = 0; i < q->n_ovl; i++) {
        if (q->ovl[i].flags & AP_OVERLAP_FIXED)
            q->ovl[k++] = q->ovl[i];
        else
            free(q->ovl[i].why);
    }
    q->n_ovl = k;
    if (ap_problem_validate(q, NULL) != AP_OK) {
        ap_problem_free(q);
        return NULL;
    }
    return q;
}

ap_status ap__plan_best(const ap_problem *p, const ap_plan_options *opt, ap_plan *out, ap_error *err)
{
    ap_plan cand, best;
    ap_plan_options sub = *opt;
    ap_bounds bd;
    size_t i;
    ap_status st;
    if ((st = ap_bounds_compute(p, &bd, err)) != AP_OK)
        return st;
    ap_plan_init(&cand);
    ap_plan_init(&best);
    best.arena = INT64_MAX;
    if ((st = portfolio(p, p, &sub, bd.lower, &cand, &best, err)) != AP_OK)
        goto done;
    if (best.arena > bd.lower && has_rule_overlaps(p)) {
        /* Heuristics guided by overlap allowances can, on rare problems, do worse than without
           them; a plan for the problem without them is valid with them, so try those too and
           `best` is never worse for the rules. */
        ap_problem *strict = without_rule_overlaps(p);
        if (!strict) {
            st = ap_error_set(err, AP_ERR_NOMEM, "out of memory in the portfolio");
            goto done;
        }
        st = portfolio(strict, p, &sub, bd.lower, &cand, &best, err);
        ap_problem_free(strict);
        if (st != AP_OK)
            goto done;
    }
    /* local search from the winner's order, then from the breadth order (the search's own
       start), keeping whatever is smallest */
    for (i = 0; i < 2 && best.arena > bd.lower && best.arena != INT64_MAX && !(opt->stop && *opt->stop); i++) {
        size_t k = 0, j;
        uint32_t *start = ap__alloc(p->n, sizeof *start);
        if (!start) {
            st = ap_error_set(err, AP_ERR_NOMEM, "out of memory in the portfolio");
            goto done;
        }
        if (i == 0 && best.order) {
            for (j = 0; j < p->n; j++)
                if (p->buf[best.order[j]].fixed == AP_UNFIXED)
                    start[k++] = best.order[j];
        } else if (i == 0 || (st = ap__make_order(p, AP__ORDER_BREADTH, start, &k, err)) != AP_OK) {
            free(start);
            if (st != AP_OK)
                goto done;
            continue;
        }
        if ((st = ap_plan_reset(&cand, p->n, err)) == AP_OK)
            st = ap__search_from(p, start, k, opt->seed + i, opt->stop, &cand, err);
        free(start);
        if (st != AP_OK)
            goto done;
        snprintf(cand.strategy, sizeof cand.strategy, "search");
        if (ap_plan_arena(p, &cand) < best.arena) {
            ap_check_result res;
            if (ap_check(p, cand.offset, &res) == AP_OK) {
                ap_plan tmp = best;
                best = cand;
                cand = tmp;
            }
        }
    }
    if (best.arena == INT64_MAX) {
        st = ap_error_set(err, AP_ERR_INVALID, "no strategy of the portfolio produced a valid plan");
        goto done;
    }
    {
        char winner[32];
        snprintf(winner, sizeof winner, "%s", best.strategy);
        ap_plan_free(out);
        *out = best;
        ap_plan_init(&best);
        snprintf(out->strategy, sizeof out->strategy, "best:%.26s", winner);
    }
done:
    ap_plan_free(&cand);
    ap_plan_free(&best);
    return st;
}
