/*
 * exact.c - the `exact` strategy: the smallest arena with a proof, or the best plan found and
 * how far the minimum can be below it (docs/exact.md has the whole story).
 *
 * It starts from best's plan (an upper bound, hi: exact never ends worse than best) and the
 * strongest cheap lower bound (lo), then narrows the gap with feasibility searches: "is there
 * a plan within C bytes?" A search that finds one lowers hi to its arena; one that exhausts its
 * tree proves no plan within C exists and raises lo past C (to the least capacity any of its
 * capacity prunes would have let through). hi = lo is a proof of optimality.
 *
 * Searches are bounded by node budgets that double round after round, and every decision
 * depends on node counts only, so the same input and limits give the same plan; the clock (or
 * a node limit, opt->node_limit, which replaces it) and the stop flag (SIGINT) only decide
 * when to stop, and then the best plan so far is returned
 * with its verdict. In a round: try C = lo (the bound is often the answer); if undecided, try
 * to prove lo too small on windows of time around the busiest step (relaxations); then walk
 * down from hi in steps of 1/32 of the gap, past up to 16 capacities it cannot decide. Each
 * attempt on a plain model without fixed buffers first runs the skyline search, whose
 * learning (ap__xlearn) lives as long as the run; if undecided, or on other models, the
 * canonical search under MiniMalloc's TWA order, static then dynamic; on risky models
 * (exact_model.h) only the general search's exhaustion counts as a proof.
 *
 * With a capacity (opt->capacity >= 0) it answers that one question instead: a plan within
 * the capacity, "infeasible (proven)", or "no plan found within the time limit".
 *
 * The folder src/planners/exact/: the exact planner, one file per part of the algorithm.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/bounds.h"
#include "arenaplan/check.h"
#include "core/util.h"
#include "planners/exact/exact_bounds.h"
#include "planners/exact/exact_clock.h"
#include "planners/exact/exact_general.h"
#include "planners/exact/exact_model.h"
#include "planners/exact/exact_search.h"
#include "planners/exact/exact_skyline.h"
#include "planners/limit.h"
#include "planners/planners.h"

/* Checks the clock between searches, so that a run stopped early stops soon. */
static int clock_ok(ap__xclock *c)
{
    if (!c->stopped && (ap__now() >= c->deadline || (c->stop && *c->stop)))
        c->stopped = 1;
    return !c->stopped;
}

typedef struct run {
    const ap_problem *p;
    ap__xmodel m;
    ap__xclock clk;
    int64_t lo, hi;      /* proven lower bound; arena of the best plan */
    int64_t lower;       /* bounds.h's lower bound: the portfolio stops at a plan this small */
    int64_t *best;       /* offsets of the best plan (whole problem) */
    int64_t *xoff;       /* scratch: search-buffer offsets */
    int64_t *cand;       /* scratch: whole-problem offsets */
    uint64_t budget;
    int start_stopped;   /* AP_STOPPED_*: best, the start, stopped early */
    ap__xlearn *learn;   /* the skyline search's learning, for m (NULL until used) */
    ap_error *err;
} run;

static int64_t round_up(int64_t v, int64_t g)
{
    return v <= 0 ? 0 : (v + g - 1) / g * g;
}

/* Raises the proven bound (never past hi: a plan of arena hi exists). */
static void raise_lo(run *R, int64_t v)
{
    v = ap__min64(round_up(v, R->m.gran), R->hi);
    if (v > R->lo)
        R->lo = v;
    R->clk.bound = R->lo;
}

/* Takes a plan found within cap if it is better; the checker must agree (it shares no code
 * with the searches). */
static ap_status accept(run *R, int64_t cap, ap_error *err)
{
    ap_check_result res;
    ap_status st;
    ap__exact_model_offsets(&R->m, R->xoff, R->cand);
    st = ap_check(R->p, R->cand, &res);
    if (st == AP_ERR_NOMEM)
        return ap_error_set(err, st, "%s", res.message);
    if (st != AP_OK)
        return ap_error_set(err, AP_ERR_INVALID,
                            "internal error: the exact search made an invalid plan: %s", res.message);
    if (res.arena > cap)
        return ap_error_set(err, AP_ERR_INVALID,
                            "internal error: the exact search found a plan of %lld bytes for a "
                            "capacity of %lld", (long long)res.arena, (long long)cap);
    if (res.arena < R->hi) {
        R->hi = res.arena;
        memcpy(R->best, R->cand, R->p->n * sizeof *R->best);
        R->clk.best = R->hi;
    }
    return AP_OK;
}

/* The canonical searches of an attempt, after the skyline search: MiniMalloc's TWA preorder, static
 * and with its groups ranked afresh (exact_search.h). Its WAT and TAW preorders found no plan that
 * these and the skyline search did not find sooner, on minimalloc's instances or the held-out ones
 * (docs/exact.md); each search more in a round is budget the others lose. */
static const int canonical_order[] = {AP__PRE_TWA, AP__PRE_TWA | AP__PRE_DYNAMIC};

/* One feasibility question for model m at capacity cap within the round's budget. */
static ap__xresult attempt(run *R, const ap__xmodel *m, int64_t cap, int64_t *need, ap_error *err)
{
    size_t i;
    ap__xresult r = AP__ABORT;
    *need = INT64_MAX;
    if (!clock_ok(&R->clk))
        return AP__ABORT;
    if (m == &R->m && ap__exact_skyline_fits(m)) {
        if (!R->learn && !(R->learn = ap__exact_skyline_learn_new(m))) {
            ap_error_set(err, AP_ERR_NOMEM, "out of memory in the exact search");
            return AP__ERROR;
        }
        r = ap__exact_skyline_run(m, R->learn, cap, R->budget, &R->clk, R->xoff, need, err);
        if (r != AP__ABORT || R->clk.stopped)
            return r;
    }
    for (i = 0; i < sizeof canonical_order / sizeof *canonical_order; i++) {
        if ((canonical_order[i] & AP__PRE_DYNAMIC) && m->hanging)
            continue;  /* the same search as the static one there (exact_search.c) */
        r = ap__exact_search_run(m, cap, canonical_order[i], R->budget, &R->clk, R->xoff, need, err);
        if (r == AP__FOUND || r == AP__ERROR || (r == AP__NONE && !m->risky))
            return r;
        if (r == AP__NONE || R->clk.stopped)
            break;  /* risky: the canonical search proves nothing */
    }
    if (m->risky && !R->clk.stopped)
        r = ap__exact_general_run(m, cap, R->budget, &R->clk, R->xoff, need, err);
    return r == AP__NONE && m->risky && R->clk.stopped ? AP__ABORT : r;
}

/* Tries to prove lo too small on windows of time around the busiest step: each window's
 * problem is a relaxation (exact_bounds.h). Returns 1 when a window proved it, 0 when none
 * did, -1 on error. */
static int relax(run *R, int64_t peak, int64_t t_min, int64_t t_max)
{
    int64_t w;
    /* window widths on the lifetimes' grid: narrower ones hold the busiest step alone */
    for (w = R->m.tgran; peak - w > t_min || peak + w + 1 < t_max; w *= 2) {
        ap_error e2 = {0};
        ap_problem *sub = ap__exact_bounds_window(R->p, peak - w, peak + w + 1, &e2);
        ap__xmodel sm;
        ap__xresult r;
        int64_t need;
        if (!sub || ap__exact_model_build(&sm, sub, &e2) != AP_OK) {
            ap_problem_free(sub);
            if (e2.code != AP_ERR_NOMEM)
                return 0;  /* a window too big to model: nothing to prove here */
            ap_error_set(R->err, AP_ERR_NOMEM, "%s", e2.msg);
            return -1;
        }
        /* xoff is sized for the whole model, which has at least as many buffers */
        r = attempt(R, &sm, R->lo, &need, R->err);
        ap__exact_model_free(&sm);
        ap_problem_free(sub);
        if (r == AP__ERROR)
            return -1;
        if (r == AP__NONE) {
            raise_lo(R, ap__max64(need, R->lo + 1));
            return 1;
        }
        if (r == AP__ABORT)
            return 0;  /* wider windows are harder still */
    }
    return 0;
}

/* The walk of a round: its step, a fraction of the gap, and how many undecided capacities it
 * tries (each with that fraction of the round's budget) before the next round doubles it. */
#define WALK_STEPS 32
#define WALK_UNDECIDED 16

/* Minimizes: rounds of growing budgets until hi = lo or the clock stops it. */
static ap_status minimize(run *R, int64_t peak, int64_t t_min, int64_t t_max)
{
    ap_status st;
    int64_t need, g = R->m.gran;
    uint64_t round = 0;  /* rounds that reached the windows */
    int relax_decided = 0;
    while (R->lo < R->hi && clock_ok(&R->clk)) {
        int64_t tried = R->lo, step, c;
        int undecided;
        ap__xresult r = attempt(R, &R->m, tried, &need, R->err);
        if (r == AP__ERROR)
            return R->err->code;
        if (r == AP__FOUND) {
            if ((st = accept(R, R->lo, R->err)) != AP_OK)
                return st;
            continue;
        }
        if (r == AP__NONE) {
            raise_lo(R, ap__max64(need, R->lo + 1));
            continue;
        }
        if (R->clk.stopped)
            break;
        /* the windows cost two of the round's budgets (the two canonical searches of an
           attempt) and, where they never decide, buy nothing: until they first do, they run in
           rounds 0, 1, 2, 4, 8, ... only, a share that falls to nothing while each try still
           gets a budget twice the last one (measured: docs/exact.md) */
        if (relax_decided || (round & (round - 1)) == 0) {
            int rr = relax(R, peak, t_min, t_max);
            if (rr < 0)
                return R->err->code;
            relax_decided |= rr;
        }
        round++;
        /* walk down from hi in steps of 1/32 of the gap, past undecided capacities: the
           searches are not monotone in the capacity (one that fails at C may succeed just
           below), so trying many of them finds more plans; each with a 16th of the budget, so
           that the walk costs about what the attempt at lo does, which is where most proofs
           come from (measured: docs/exact.md) */
        step = ap__max64(g, (R->hi - R->lo) / WALK_STEPS / g * g);
        undecided = 0;
        c = R->hi;
        while (R->lo < R->hi && !R->clk.stopped && undecided < WALK_UNDECIDED) {
            uint64_t budget = R->budget;
            c = ap__max64(R->lo, ap__min64(c, R->hi) - step);
            if (c == tried)
                break;  /* undecided with this budget already */
            R->budget = (uint64_t)ap__max64(1000, (int64_t)(budget / WALK_UNDECIDED));
            r = attempt(R, &R->m, c, &need, R->err);
            R->budget = budget;
            if (r == AP__ERROR)
                return R->err->code;
            if (r == AP__FOUND) {
                if ((st = accept(R, c, R->err)) != AP_OK)
                    return st;
                continue;
            }
            if (r == AP__NONE) {
                raise_lo(R, ap__max64(need, c + 1));
                break;
            }
            undecided++;
        }
        if (R->lo < R->hi && !R->clk.stopped)
            R->budget *= 2;
    }
    return AP_OK;
}

/* The start and the first upper bound: `best`'s plan (so that exact never ends worse than
 * best), proven by the checker. best runs within what is left of the time limit (or within
 * the work limit), and stops with the stop flag: then its best plan so far, or linear's. */
static ap_status start_plan(run *R, const ap_plan_options *opt, ap_error *err)
{
    ap_plan best;
    ap_plan_options bo = *opt;
    ap_check_result res;
    ap_status st;
    if (!opt->work_limit && R->clk.deadline != HUGE_VAL)
        bo.time_limit = ap__max64(1, (int64_t)((R->clk.deadline - ap__now()) * 1e6)) / 1e6;
    ap_plan_init(&best);
    st = ap__portfolio_plan_best(R->p, &bo, &best, err);
    if (st == AP_OK && (st = ap_check(R->p, best.offset, &res)) != AP_OK)
        st = ap_error_set(err, st, "internal error: best's plan fails the checker: %s", res.message);
    if (best.stopped && !R->start_stopped)
        R->start_stopped = best.stopped;
    if (st == AP_OK && best.arena < R->hi) {
        memcpy(R->best, best.offset, R->p->n * sizeof *R->best);
        R->hi = best.arena;
        R->clk.best = R->hi;
    }
    ap_plan_free(&best);
    if (st == AP_OK && R->hi == INT64_MAX)
        st = ap_error_set(err, AP_ERR_INVALID, "no heuristic of the portfolio produced a valid plan");
    return st;
}

static ap_status no_plan_in_time(run *R, int64_t cap, const ap_plan_options *opt, const char *why)
{
    const char *stopped = R->clk.stop && *R->clk.stop ? "interrupted before " : "";
    char limit[80];
    if (opt->node_limit)
        snprintf(limit, sizeof limit, "node limit (%s%llu nodes)", stopped,
                 (unsigned long long)opt->node_limit);
    else
        snprintf(limit, sizeof limit, "time limit (%s%.3g s)", stopped,
                 opt->time_limit > 0 ? opt->time_limit : 10);
    return ap_error_set(R->err, AP_ERR_LIMIT,
                        "no plan found within the %s for a capacity of %lld bytes%s: the best plan "
                        "found needs %lld bytes; no plan can use fewer than %lld bytes",
                        limit, (long long)cap, why, (long long)R->hi, (long long)R->lo);
}

/* Answers "is there a plan within cap?" (opt->capacity): a quick search first (often enough,
 * and cheaper than the portfolio), then the portfolio, then rounds of growing budgets. */
static ap_status within(run *R, const ap_plan_options *opt, int64_t cap)
{
    int64_t need;
    ap_status st;
    int round;
    if (cap < R->lo)
        return ap_error_set(R->err, AP_ERR_INFEASIBLE,
                            "no plan fits in %lld bytes: infeasible (proven): the arena needs at "
                            "least %lld bytes (bytes live at one step, alignment, fixed buffers)",
                            (long long)cap, (long long)R->lo);
    for (round = 0;; round++) {
        ap__xresult r;
        if (round == 1) {
            if ((st = start_plan(R, opt, R->err)) != AP_OK)
                return st;
            if (R->hi <= cap)
                return AP_OK;
        }
        if (round > 0)
            R->budget *= 2;
        r = attempt(R, &R->m, cap, &need, R->err);
        if (r == AP__ERROR)
            return R->err->code;
        if (r == AP__FOUND)
            return accept(R, cap, R->err);
        if (r == AP__NONE) {
            raise_lo(R, ap__max64(need, cap + 1));
            return ap_error_set(R->err, AP_ERR_INFEASIBLE,
                                "no plan fits in %lld bytes: infeasible (proven) by exhaustive "
                                "search (%llu nodes); the arena needs at least %lld bytes",
                                (long long)cap, (unsigned long long)R->clk.nodes, (long long)R->lo);
        }
        if (R->clk.stopped) {
            /* the clock ran out in the first search: the portfolio still gets its turn */
            if (round == 0 && !(R->clk.stop && *R->clk.stop) && start_plan(R, opt, R->err) == AP_OK &&
                R->hi <= cap)
                return AP_OK;
            return no_plan_in_time(R, cap, opt, "");
        }
    }
}

/* Why a run that ended with a gap stopped (ap_plan.stopped). */
static ap_stopped stopped_why(const run *R, const ap_plan_options *opt, const ap__limit *lim)
{
    if (opt->stop && *opt->stop)
        return AP_STOPPED_SIGNAL;
    if (R->clk.stopped && opt->node_limit && R->clk.nodes > opt->node_limit)
        return AP_STOPPED_NODES;
    if (R->clk.stopped || lim->hit == AP_STOPPED_TIME)
        return AP_STOPPED_TIME;
    return (ap_stopped)(lim->hit ? lim->hit : R->start_stopped);
}

static void run_free(run *R)
{
    ap__exact_model_free(&R->m);
    ap__exact_skyline_learn_free(R->learn);
    free(R->best);
    free(R->xoff);
    free(R->cand);
}

ap_status ap__exact_plan(const ap_problem *p, const ap_plan_options *opt, ap_plan *out, ap_error *err)
{
    run R;
    ap_bounds bd;
    ap_status st;
    int64_t t_min = 0, t_max = 0;
    double limit = opt->time_limit > 0 ? opt->time_limit : 10;
    size_t i;
    memset(&R, 0, sizeof R);
    R.p = p;
    R.err = err;
    R.hi = INT64_MAX;
    R.clk.t0 = R.clk.last_report = ap__now();
    R.clk.deadline = opt->node_limit ? HUGE_VAL : R.clk.t0 + limit;
    R.clk.node_limit = opt->node_limit;
    R.clk.stop = opt->stop;
    R.clk.progress = opt->progress;
    R.clk.progress_ctx = opt->progress_ctx;
    R.best = ap__alloc(p->n + 1, sizeof *R.best);
    R.cand = ap__alloc(p->n + 1, sizeof *R.cand);
    R.xoff = ap__alloc(p->n + 1, sizeof *R.xoff);
    if (!R.best || !R.cand || !R.xoff) {
        run_free(&R);
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory for the exact search");
    }
    if ((st = ap_bounds_compute(p, &bd, err)) != AP_OK) {
        run_free(&R);
        return st;
    }
    R.lower = bd.lower;
    /* every stage (the model, the start, the searches) within the deadline and the flag */
    ap__limit lim;
    ap__limit_init(&lim);
    lim.deadline = R.clk.deadline;
    lim.stop = opt->stop;
    ap__limit_enter(&lim);
    st = ap__exact_model_build(&R.m, p, err);
    if (st == AP_ERR_LIMIT) {
        /* too big to search: the portfolio's plan, and what is proven about it */
        R.lo = bd.lower;
        if (opt->capacity >= 0 && opt->capacity < R.lo)
            st = ap_error_set(err, AP_ERR_INFEASIBLE,
                              "no plan fits in %lld bytes: infeasible (proven): the arena needs at "
                              "least %lld bytes", (long long)opt->capacity, (long long)R.lo);
        else if ((st = start_plan(&R, opt, err)) == AP_OK && opt->capacity >= 0 && R.hi > opt->capacity)
            st = no_plan_in_time(&R, opt->capacity, opt, " (too many buffers live together to search)");
    } else if (st == AP_OK && R.m.clash_a >= 0) {
        st = ap_error_set(err, AP_ERR_INFEASIBLE,
                          "no plan exists: infeasible (proven): fixed buffers '%s' and '%s' share "
                          "bytes where the input fixed them",
                          p->buf[R.m.clash_a].id, p->buf[R.m.clash_b].id);
    } else if (st == AP_OK) {
        R.lo = round_up(ap__max64(ap__max64(bd.lower, R.m.fixed_end), ap__exact_bounds_padding(&R.m)),
                        R.m.gran);
        R.clk.bound = R.lo;
        R.budget = (uint64_t)ap__max64(1000, 4 * (int64_t)R.m.n);
        for (i = 0; i < p->n; i++) {
            t_min = i ? ap__min64(t_min, p->buf[i].lower) : p->buf[i].lower;
            t_max = i ? ap__max64(t_max, p->buf[i].upper) : p->buf[i].upper;
        }
        if (opt->capacity >= 0)
            st = within(&R, opt, opt->capacity);
        else if ((st = start_plan(&R, opt, err)) == AP_OK) {
            R.lo = ap__min64(R.lo, R.hi);
            R.clk.bound = R.lo;
            st = minimize(&R, bd.peak_step, t_min, t_max);
        }
    }
    if (st == AP_OK) {
        memcpy(out->offset, R.best, p->n * sizeof *out->offset);
        out->verdict = R.lo >= R.hi ? AP_VERDICT_OPTIMAL : AP_VERDICT_GAP;
        out->proven_bound = ap__min64(R.lo, R.hi);
        out->nodes = R.clk.nodes;
        if (out->verdict == AP_VERDICT_GAP)
            out->stopped = stopped_why(&R, opt, &lim);
    }
    ap__limit_leave(&lim);
    run_free(&R);
    return st;
}
