/*
 * pingpong.c - placement from both ends of the arena.
 *
 * In a chain each operator reads one buffer and writes the next; placing them alternately at
 * the bottom and at the top of an arena of the lower bound's size packs the chain perfectly
 * (buffer i and i+1 can never collide when size(i) + size(i+1) <= the bound). Generalized:
 * buffers go in order of their first step; each takes the side opposite to the most recently
 * started placed buffer it meets; the bottom side is the lowest fitting gap, the top side the
 * highest fitting position under the capacity. When the top side has no room the buffer falls
 * back to the lowest gap, so the plan is always complete; its arena may exceed the capacity.
 * Tried at a few capacities from the lower bound up; the smallest arena wins.
 */
#include <stdlib.h>

#include "arenaplan/bounds.h"
#include "core/util.h"
#include "planners/planners.h"

static ap_status run_at(ap__placer *pl, const uint32_t *order, size_t n, int64_t cap, uint8_t *side,
                        ap_error *err)
{
    const ap_problem *p = pl->p;
    size_t i, j;
    ap_status st;
    ap__place_clear(pl);
    ap__place_fixed(pl, NULL, NULL);
    for (i = 0; i < p->n; i++)
        side[i] = 0;
    for (i = 0; i < n; i++) {
        uint32_t b = order[i], newest = UINT32_MAX;
        int64_t a = ap_buffer_align(p, b), x = -1;
        if ((st = ap__place_obstacles(pl, b, err)) != AP_OK)
            return st;
        for (j = 0; j < pl->nobs; j++) {
            uint32_t q = pl->obs[j].buf;
            if (newest == UINT32_MAX || p->buf[q].lower > p->buf[newest].lower ||
                (p->buf[q].lower == p->buf[newest].lower && q > newest))
                newest = q;
        }
        side[b] = newest == UINT32_MAX ? 0 : (uint8_t)!side[newest];
        if (side[b])
            x = ap__place_top_fit(pl, p->buf[b].size, a, cap);
        if (x < 0) {
            x = ap__place_first_fit(pl, p->buf[b].size, a);
            side[b] = 0;
        }
        ap__place_put(pl, b, x);
    }
    return AP_OK;
}

ap_status ap__pingpong_plan(const ap_problem *p, const ap_plan_options *opt, ap_plan *out, ap_error *err)
{
    ap__placer pl;
    ap_bounds bd;
    uint32_t *order = ap__alloc(p->n, sizeof *order);
    uint8_t *side = ap__alloc(p->n, 1);
    int64_t *best = ap__alloc(p->n, sizeof *best), best_arena = INT64_MAX;
    size_t n = 0, t;
    ap_status st;
    (void)opt;
    if (!order || !side || !best) {
        free(order), free(side), free(best);
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory planning %zu buffers", p->n);
    }
    if ((st = ap__place_init(&pl, p, err)) != AP_OK) {
        free(order), free(side), free(best);
        return st;
    }
    if ((st = ap_bounds_compute(p, &bd, err)) != AP_OK ||
        (st = ap__heuristics_order(p, AP__ORDER_START, order, &n, err)) != AP_OK)
        goto done;
    /* capacities: the bound, then a few percent above it (top placements that fail at the
       bound may fit with slack, and a failed top placement costs a fallback) */
    for (t = 0; t < 4; t++) {
        static const int permille[4] = {1000, 1010, 1030, 1100};
        int64_t cap = bd.lower * permille[t] / 1000;
        size_t i;
        if ((st = run_at(&pl, order, n, cap, side, err)) != AP_OK)
            goto done;
        if (pl.arena < best_arena) {
            best_arena = pl.arena;
            for (i = 0; i < p->n; i++)
                best[i] = pl.off[i];
        }
        if (best_arena <= bd.lower)
            break;
    }
    {
        size_t i;
        for (i = 0; i < p->n; i++)
            out->offset[i] = best[i];
    }
done:
    ap__place_free(&pl);
    free(order);
    free(side);
    free(best);
    return st;
}
