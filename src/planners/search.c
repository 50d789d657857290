/*
 * search.c - local search over buffer orders (hill climbing with sideways moves).
 *
 * A plan is the best-fit decoding of an order. The arena is set by the buffers whose end is the
 * arena's top; a better plan must place one of them lower, and best fit places buffers lower
 * the earlier they come. So each step picks a top buffer (seeded random choice) and moves it
 * earlier: before a random earlier buffer it meets, to a random earlier position, or to the
 * front. The new order is decoded; it is kept if its arena is no larger (equal moves let the
 * search drift across plateaus). Arm's Vela and Apache TVM's hill-climbing planners work the
 * same way. The search stops at the lower bound or when its work budget, counted in obstacle
 * visits rather than seconds so that the result is deterministic, is spent; a raised stop flag
 * (Ctrl-C in the CLI) ends it early with the best plan so far.
 */
#include <stdlib.h>
#include <string.h>

#include "arenaplan/bounds.h"
#include "core/util.h"
#include "planners/planners.h"

#define WORK_BUDGET 20000000u /* obstacle visits, about a second on a laptop-class core */
#define MAX_ITERS 4000u

typedef struct ls_state {
    const ap_problem *p;
    ap__placer pl;
    uint32_t *cur, *cand, *tops;
    int64_t *best_off, *cur_off;
    int64_t best_arena, cur_arena;
    size_t n;
} ls_state;

/* Moves the buffer at position `from` to position `to` of cur, writing cand. */
static void move_to(ls_state *s, size_t from, size_t to)
{
    uint32_t c = s->cur[from];
    if (to <= from) {
        memcpy(s->cand, s->cur, to * sizeof *s->cand);
        s->cand[to] = c;
        memcpy(s->cand + to + 1, s->cur + to, (from - to) * sizeof *s->cand);
        memcpy(s->cand + from + 1, s->cur + from + 1, (s->n - from - 1) * sizeof *s->cand);
    } else {
        memcpy(s->cand, s->cur, from * sizeof *s->cand);
        memcpy(s->cand + from, s->cur + from + 1, (to - from) * sizeof *s->cand);
        s->cand[to] = c;
        memcpy(s->cand + to + 1, s->cur + to + 1, (s->n - to - 1) * sizeof *s->cand);
    }
}

/* Picks a move and writes the candidate order into s->cand. Returns 0 if no move applies.
 * A top buffer c (one that ends at the arena's top) is chosen; then either c itself or one of
 * the buffers it meets (the peak set: they decide where c lands) is moved, earlier or later. */
static int propose(ls_state *s, uint64_t *rng)
{
    const ap_problem *p = s->p;
    size_t ntop = 0, nmeet = 0, i, pos, from;
    uint32_t c;
    for (i = 0; i < s->n; i++) {
        uint32_t b = s->cur[i];
        if (s->cur_off[b] + p->buf[b].size == s->cur_arena && p->buf[b].size > 0)
            s->tops[ntop++] = (uint32_t)i;  /* positions, not buffers */
    }
    if (ntop == 0 || s->n < 2)
        return 0;
    pos = s->tops[ap__rand_below(rng, ntop)];
    c = s->cur[pos];
    for (i = 0; i < s->n; i++)
        if (i != pos && ap_buffers_meet(p, s->cur[i], c))
            s->tops[nmeet++] = (uint32_t)i;
    from = pos;
    if (nmeet && ap__rand_below(rng, 2))
        from = s->tops[ap__rand_below(rng, nmeet)];
    if (from == pos) {
        /* the top buffer goes earlier: to the front, or before a random earlier position */
        if (pos == 0)
            return 0;
        move_to(s, pos, ap__rand_below(rng, 3) == 0 ? 0 : ap__rand_below(rng, pos));
    } else if (ap__rand_below(rng, 2) && from + 1 < s->n) {
        /* a neighbour of the peak goes later, so that c may take its place */
        move_to(s, from, from + 1 + ap__rand_below(rng, s->n - from - 1));
    } else {
        move_to(s, from, from ? ap__rand_below(rng, from) : 0);
    }
    return 1;
}

/* Runs the search from start[0..n) (non-fixed buffers) and writes the best plan found. */
static ap_status local_search(const ap_problem *p, const uint32_t *start, size_t n, uint64_t seed,
                              volatile sig_atomic_t *stop, ap_plan *out, ap_error *err)
{
    ls_state s;
    ap_bounds bd;
    uint64_t rng = seed ^ UINT64_C(0x5eed0fa7e4a11ce5), per_decode;
    unsigned it, iters;
    ap_status st;
    memset(&s, 0, sizeof s);
    s.p = p;
    s.n = n;
    if ((st = ap_bounds_compute(p, &bd, err)) != AP_OK)
        return st;
    if ((st = ap__place_init(&s.pl, p, err)) != AP_OK)
        return st;
    s.cur = ap__alloc(n + 1, sizeof *s.cur);
    s.cand = ap__alloc(n + 1, sizeof *s.cand);
    s.tops = ap__alloc(n + 1, sizeof *s.tops);
    s.best_off = ap__alloc(p->n, sizeof *s.best_off);
    s.cur_off = ap__alloc(p->n, sizeof *s.cur_off);
    if (!s.cur || !s.cand || !s.tops || !s.best_off || !s.cur_off) {
        st = ap_error_set(err, AP_ERR_NOMEM, "out of memory in the local search");
        goto done;
    }
    memcpy(s.cur, start, n * sizeof *s.cur);
    if ((st = ap__heuristics_decode(&s.pl, s.cur, n, AP__BEST_FIT, err)) != AP_OK)
        goto done;
    s.cur_arena = s.best_arena = s.pl.arena;
    memcpy(s.best_off, s.pl.off, p->n * sizeof *s.best_off);
    memcpy(s.cur_off, s.pl.off, p->n * sizeof *s.cur_off);
    per_decode = s.pl.visits + p->n + 1;
    iters = (unsigned)(WORK_BUDGET / per_decode);
    if (iters > MAX_ITERS)
        iters = MAX_ITERS;
    for (it = 0; it < iters && s.best_arena > bd.lower && !(stop && *stop); it++) {
        uint32_t *t;
        if (!propose(&s, &rng))
            break;
        if ((st = ap__heuristics_decode(&s.pl, s.cand, n, AP__BEST_FIT, err)) == AP_ERR_LIMIT) {
            st = AP_OK; /* a limit (limit.h) was reached: the best plan so far stands */
            break;
        }
        if (st != AP_OK)
            goto done;
        if (s.pl.arena <= s.cur_arena) {
            t = s.cur, s.cur = s.cand, s.cand = t;
            s.cur_arena = s.pl.arena;
            memcpy(s.cur_off, s.pl.off, p->n * sizeof *s.cur_off);
            if (s.pl.arena < s.best_arena) {
                s.best_arena = s.pl.arena;
                memcpy(s.best_off, s.pl.off, p->n * sizeof *s.best_off);
            }
        }
    }
    memcpy(out->offset, s.best_off, p->n * sizeof *out->offset);
done:
    ap__place_free(&s.pl);
    free(s.cur);
    free(s.cand);
    free(s.tops);
    free(s.best_off);
    free(s.cur_off);
    return st;
}

ap_status ap__search_from(const ap_problem *p, const uint32_t *start, size_t n, uint64_t seed,
                          volatile sig_atomic_t *stop, ap_plan *out, ap_error *err)
{
    return local_search(p, start, n, seed, stop, out, err);
}

ap_status ap__search_plan(const ap_problem *p, const ap_plan_options *opt, ap_plan *out, ap_error *err)
{
    uint32_t *order = ap__alloc(p->n, sizeof *order);
    size_t n = 0;
    ap_status st;
    if (!order)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory planning %zu buffers", p->n);
    st = ap__heuristics_order(p, AP__ORDER_BREADTH, order, &n, err);
    if (st == AP_OK)
        st = local_search(p, order, n, opt ? opt->seed : 0, opt ? opt->stop : NULL, out, err);
    free(order);
    return st;
}
