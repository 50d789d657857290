/*
 * portfolio.c - the portfolio: every heuristic of AP__PORTFOLIO run on one problem, each plan
 * proven by the independent checker; and `best`, which keeps the smallest (the first listed on
 * ties) and lets the local search start from the winner's order.
 *
 * `best`, `exact` (its first upper bound) and embed (its candidates) all walk the portfolio
 * here; the walk calls the heuristics directly, not through the registry, so no strategy goes
 * back up through ap_plan_problem.
 *
 * `best` runs within a limit (limit.h): its time limit (10 s by default from its start, but
 * never before the first heuristic, greedy, O(n log n + pairs of buffers that meet), has given
 * a plan), or, when given, its work limit; and the stop flag. Once one is reached, it keeps the
 * smallest plan finished so far (a heuristic cut short offers none) and says so in
 * plan->stopped; when no heuristic had finished (the stop flag, the work limit, or a limit of
 * the caller's such as exact's time limit), linear's plan, which needs no placement work, with
 * plan->fallback set.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "arenaplan/bounds.h"
#include "arenaplan/check.h"
#include "core/problem.h"
#include "core/util.h"
#include "core/validate.h"
#include "planners/limit.h"
#include "planners/planners.h"

#define MEMBER(name, summary, fn, flags) {name, fn},

static const struct member {
    const char *name;
    ap_planner_fn plan;
} members[] = {AP__PORTFOLIO(MEMBER)};

ap_status ap__portfolio_run(const char *name, ap_planner_fn fn, const ap_problem *p,
                       const ap_plan_options *opt, ap_plan *out, ap_error *err)
{
    double t0 = ap__now();
    ap_status st;
    if ((st = ap_plan_reset(out, p->n, err)) != AP_OK)
        return st;
    snprintf(out->strategy, sizeof out->strategy, "%s", name);
    if ((st = fn(p, opt, out, err)) != AP_OK)
        return st;
    ap_plan_arena(p, out);
    out->seconds = ap__now() - t0;
    return AP_OK;
}

ap_status ap__portfolio_each(const ap_problem *plan_p, const ap_problem *check_p,
                             const ap_plan_options *opt, ap__portfolio_fn take, void *ctx,
                             ap_error *err)
{
    ap_plan cand;
    ap_status st = AP_OK;
    int enough = 0;
    size_t i;
    ap_plan_init(&cand);
    for (i = 0; i < sizeof members / sizeof members[0] && !enough && st == AP_OK; i++) {
        ap_check_result res;
        if ((st = ap__portfolio_run(members[i].name, members[i].plan, plan_p, opt, &cand, err)) != AP_OK)
            break; /* AP_ERR_LIMIT too: a limit entered by the caller was reached */
        st = ap_check(check_p, cand.offset, &res);
        if (st == AP_ERR_NOMEM)
            ap_error_set(err, st, "%s", res.message);
        else if (st != AP_OK)
            st = AP_OK;  /* never offer a plan the checker rejects */
        else
            st = take(&cand, ctx, &enough, err);
    }
    ap_plan_free(&cand);
    return st;
}

typedef struct smallest {
    ap_plan *best;
    int64_t bound;
    volatile sig_atomic_t *stop;
    ap__limit *lim;  /* best's limit, or NULL */
    double deadline; /* what lim's deadline becomes once there is a plan */
} smallest;

static int is_enough(const smallest *s)
{
    return s->best->arena <= s->bound || (s->stop && *s->stop && s->best->arena != INT64_MAX);
}

static ap_status keep_smallest(ap_plan *cand, void *ctx, int *enough, ap_error *err)
{
    smallest *s = ctx;
    (void)err;
    if (cand->arena < s->best->arena) {
        ap_plan tmp = *s->best;
        *s->best = *cand;
        *cand = tmp;
    }
    if (s->lim)
        s->lim->deadline = s->deadline; /* it has a plan: from now on, on time */
    *enough = is_enough(s);
    return AP_OK;
}

static ap_status portfolio_best(const ap_problem *plan_p, const ap_problem *check_p,
                                const ap_plan_options *opt, int64_t bound, ap_plan *best,
                                ap__limit *lim, double deadline, ap_error *err)
{
    smallest s;
    ap_status st;
    s.best = best;
    s.bound = bound;
    s.stop = opt->stop;
    s.lim = lim;
    s.deadline = deadline;
    if (is_enough(&s))
        return AP_OK;
    st = ap__portfolio_each(plan_p, check_p, opt, keep_smallest, &s, err);
    return st == AP_ERR_LIMIT ? AP_OK : st; /* the plans finished so far stand */
}


/* The limit `best` runs in: the work limit when given, else the time limit (armed by the
 * first plan, keep_smallest); the stop flag. */
static void best_limit(const ap_plan_options *opt, ap__limit *l, double *deadline)
{
    ap__limit_init(l);
    l->stop = opt->stop;
    *deadline = HUGE_VAL;
    if (opt->work_limit)
        l->work = opt->work_limit;
    else
        *deadline = ap__now() + (opt->time_limit > 0 ? opt->time_limit : 10);
}

static ap_status plan_best(const ap_problem *p, const ap_plan_options *opt, ap__limit *lim,
                           double deadline, ap_plan *out, ap_error *err);

ap_status ap__portfolio_plan_best(const ap_problem *p, const ap_plan_options *opt, ap_plan *out, ap_error *err)
{
    ap__limit lim;
    ap_status st;
    double deadline;
    best_limit(opt, &lim, &deadline);
    ap__limit_enter(&lim);
    st = plan_best(p, opt, &lim, deadline, out, err);
    ap__limit_leave(&lim);
    return st;
}

/* The local search from the winner's order, then from the breadth order (the search's own
 * start): *best becomes whatever is smallest (and passes the checker). */
static ap_status search_from_best(const ap_problem *p, const ap_plan_options *opt, int64_t lower,
                                  ap_plan *best, ap_error *err)
{
    ap_plan cand;
    ap_status st = AP_OK;
    ap_plan_init(&cand);
    for (size_t i = 0; i < 2 && best->arena > lower && best->arena != INT64_MAX &&
                       !(opt->stop && *opt->stop) && !ap__limit_reached(); i++) {
        size_t k = 0, j;
        uint32_t *start = ap__alloc(p->n, sizeof *start);
        if (!start) {
            st = ap_error_set(err, AP_ERR_NOMEM, "out of memory in the portfolio");
            break;
        }
        if (i == 0 && best->order) {
            for (j = 0; j < p->n; j++)
                if (p->buf[best->order[j]].fixed == AP_UNFIXED)
                    start[k++] = best->order[j];
        } else if (i == 0 || (st = ap__heuristics_order(p, AP__ORDER_BREADTH, start, &k, err)) != AP_OK) {
            free(start);
            if (st != AP_OK)
                break;
            continue;
        }
        if ((st = ap_plan_reset(&cand, p->n, err)) == AP_OK)
            st = ap__search_from(p, start, k, opt->seed + i, opt->stop, &cand, err);
        free(start);
        if (st == AP_ERR_LIMIT) { /* stopped before its first plan */
            st = AP_OK;
            break;
        }
        if (st != AP_OK)
            break;
        snprintf(cand.strategy, sizeof cand.strategy, "search");
        if (ap_plan_arena(p, &cand) < best->arena) {
            ap_check_result res;
            if (ap_check(p, cand.offset, &res) == AP_OK) {
                ap_plan tmp = *best;
                *best = cand;
                cand = tmp;
            }
        }
    }
    ap_plan_free(&cand);
    return st;
}

static ap_status plan_best(const ap_problem *p, const ap_plan_options *opt, ap__limit *lim,
                           double deadline, ap_plan *out, ap_error *err)
{
    ap_plan best;
    ap_bounds bd;
    ap_status st;
    if ((st = ap_bounds_compute(p, &bd, err)) != AP_OK)
        return st;
    ap_plan_init(&best);
    best.arena = INT64_MAX;
    if ((st = portfolio_best(p, p, opt, bd.lower, &best, lim, deadline, err)) != AP_OK)
        goto done;
    if (best.arena > bd.lower && ap__problem_has_rule_overlaps(p) && !ap__limit_reached()) {
        /* Heuristics guided by overlap allowances can, on rare problems, do worse than without
           them; a plan for the problem without them is valid with them, so try those too and
           `best` is never worse for the rules. */
        ap_problem *strict;
        if ((st = ap__validate_without_rule_overlaps(p, &strict, err)) != AP_OK)
            goto done;
        st = portfolio_best(strict, p, opt, bd.lower, &best, lim, deadline, err);
        ap_problem_free(strict);
        if (st != AP_OK)
            goto done;
    }
    if ((st = search_from_best(p, opt, bd.lower, &best, err)) != AP_OK)
        goto done;
    if (best.arena == INT64_MAX && ap__limit_reached()) {
        /* stopped before any heuristic finished: linear's plan needs no placement work */
        if ((st = ap__portfolio_run("linear", ap__linear_plan, p, opt, &best, err)) != AP_OK)
            goto done;
        best.fallback = 1;
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
        out->stopped = (ap_stopped)ap__limit_reached();
    }
done:
    ap_plan_free(&best);
    return st;
}
