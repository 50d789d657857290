/*
 * simple_arena.c - the offsets TFLite's ArenaPlanner gives over SimpleMemoryArena (LiteRT
 * f67457790c9c, arena_planner.cc CalculateAllocations and CreateTensorAllocationVector,
 * simple_memory_arena.cc Allocate), offset for offset: strategy "tflite". The lifetimes it
 * places come from litert/arena_planner.c (--runtime tflite).
 *
 * Order: buffers live at every step of the run (lower 0, upper the problem's last) first, in
 * input order (TFLite: by tensor index); then the others by size, largest first, then by first
 * step; ties in input order. std::sort is not stable, so for a model ap_litert_build lists the
 * buffers in the order TFLite's sort leaves them, which this stable order then keeps.
 * Placement: each buffer walks, in offset order, the placed buffers live at a common step and
 * takes the smallest gap that holds it at its alignment, else the aligned end of the highest of
 * them. SimpleMemoryArena's quirk is kept: a gap is judged by its aligned start
 * (gap end - aligned start < best), but the best is recorded as gap end - unaligned start, and
 * a recorded 0 ends the walk.
 * In-place sharing: buffers joined by alias allowances take the offset of the one that covers
 * them all (find_aliases) and are not placed, as ArenaPlanner skips the tensors in
 * actual_tensor_id_.
 */
#include <stdlib.h>

#include "core/util.h"
#include "planners/place.h"
#include "planners/planners.h"

typedef struct order_ctx {
    const ap_problem *p;
    int64_t last;  /* the problem's largest upper */
} order_ctx;

static int whole_run(const order_ctx *c, uint32_t b)
{
    return c->p->buf[b].lower == 0 && c->p->buf[b].upper == c->last;
}

static int cmp_arena(uint32_t a, uint32_t b, const void *ctx)
{
    const order_ctx *c = ctx;
    const ap_buffer *x = &c->p->buf[a], *y = &c->p->buf[b];
    int wa = whole_run(c, a), wb = whole_run(c, b);
    if (wa != wb)
        return wa ? -1 : 1;
    if (wa)
        return 0;
    if (x->size != y->size)
        return x->size > y->size ? -1 : 1;
    if (x->lower != y->lower)
        return x->lower < y->lower ? -1 : 1;
    return 0;
}

/* SimpleMemoryArena::Allocate's gap search over pl->obs (sorted by offset). */
static int64_t arena_fit(const ap__placer *pl, int64_t size, int64_t align)
{
    int64_t cur = 0, best = -1, best_fit = INT64_MAX;
    size_t i;
    if (size == 0)
        return 0;
    for (i = 0; i < pl->nobs; i++) {
        int64_t x = ap__align_up(cur, align), lo = pl->obs[i].lo;
        if (x + size <= lo && lo - x < best_fit) {
            best = x;
            best_fit = lo - cur; /* the unaligned gap, as TFLite records it */
        }
        cur = ap__max64(cur, pl->obs[i].hi);
        if (best_fit == 0)
            break;
    }
    return best >= 0 ? best : ap__align_up(cur, align);
}

/* Union-find over the alias allowances: comp[] ends up naming each buffer's group root. */
static uint32_t find(uint32_t *up, uint32_t x)
{
    while (up[x] != x) {
        up[x] = up[up[x]];
        x = up[x];
    }
    return x;
}

/* alias[b] = the buffer whose offset b takes, or -1. A group of buffers joined by alias
 * allowances (AP_OVERLAP_ALIAS, delta 0, none fixed) shares one offset when one member, the
 * earliest (then the longest, the largest, the first), lives across every other member's
 * lifetime and is at least as large: TFLite's shared input, whose lifetime it extends over its
 * outputs' readers. Otherwise the group is placed buffer by buffer. */
static ap_status find_aliases(const ap_problem *p, long *alias, ap_error *err)
{
    uint32_t *up = ap__alloc(p->n ? p->n : 1, sizeof *up), *best, i;
    size_t k;
    if (!up)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory planning %zu buffers", p->n);
    for (i = 0; i < p->n; i++)
        up[i] = i;
    for (k = 0; k < p->n_ovl; k++) {
        const ap_overlap *o = &p->ovl[k];
        if ((o->flags & AP_OVERLAP_ALIAS) && o->max_delta == 0 &&
            p->buf[o->base].fixed == AP_UNFIXED && p->buf[o->over].fixed == AP_UNFIXED)
            up[find(up, o->base)] = find(up, o->over);
    }
    best = ap__alloc(p->n ? p->n : 1, sizeof *best);
    if (!best) {
        free(up);
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory planning %zu buffers", p->n);
    }
    for (i = 0; i < p->n; i++)
        best[i] = UINT32_MAX;
    for (i = 0; i < p->n; i++) { /* the candidate root of each group */
        uint32_t r = find(up, i), c = best[r];
        const ap_buffer *x = &p->buf[i];
        if (c == UINT32_MAX || x->lower < p->buf[c].lower ||
            (x->lower == p->buf[c].lower &&
             (x->upper > p->buf[c].upper ||
              (x->upper == p->buf[c].upper && x->size > p->buf[c].size))))
            best[r] = i;
    }
    for (i = 0; i < p->n; i++) { /* a group whose candidate does not cover it: no sharing */
        uint32_t r = find(up, i), c = best[r];
        const ap_buffer *x = &p->buf[i], *y = &p->buf[c];
        if (y->lower > x->lower || y->upper < x->upper || y->size < x->size)
            best[r] = UINT32_MAX - 1;
    }
    for (i = 0; i < p->n; i++) {
        uint32_t c = best[find(up, i)];
        alias[i] = c < UINT32_MAX - 1 && c != i ? (long)c : -1;
    }
    free(up);
    free(best);
    return AP_OK;
}

ap_status ap__simple_arena_plan(const ap_problem *p, const ap_plan_options *opt, ap_plan *out, ap_error *err)
{
    ap__placer pl;
    order_ctx c = {p, 0};
    uint32_t *order = NULL;
    long *alias = NULL;
    size_t k = 0, i, first;
    ap_status st;
    (void)opt;
    if ((st = ap__place_init(&pl, p, err)) != AP_OK)
        return st;
    order = ap__alloc(p->n ? p->n : 1, sizeof *order);
    alias = ap__alloc(p->n ? p->n : 1, sizeof *alias);
    if (!order || !alias) {
        st = ap_error_set(err, AP_ERR_NOMEM, "out of memory planning %zu buffers", p->n);
        goto done;
    }
    if ((st = find_aliases(p, alias, err)) != AP_OK)
        goto done;
    for (i = 0; i < p->n; i++)
        c.last = ap__max64(c.last, p->buf[i].upper);
    ap__place_fixed(&pl, order, &k);
    first = k;
    for (i = 0; i < p->n; i++)
        if (p->buf[i].fixed == AP_UNFIXED && alias[i] < 0)
            order[k++] = (uint32_t)i;
    if ((st = ap__sort_idx(order + first, k - first, cmp_arena, &c, err)) != AP_OK)
        goto done;
    for (i = first; i < k; i++) {
        uint32_t b = order[i];
        if ((st = ap__place_obstacles(&pl, b, err)) != AP_OK)
            goto done;
        ap__place_put(&pl, b, arena_fit(&pl, p->buf[b].size, ap_buffer_align(p, b)));
    }
    for (i = 0; i < p->n; i++)
        if (alias[i] >= 0) {
            ap__place_put(&pl, (uint32_t)i, pl.off[alias[i]]);
            order[k++] = (uint32_t)i;
        }
    ap__place_to_plan(&pl, out);
    out->order = order;
    order = NULL;
done:
    free(order);
    free(alias);
    ap__place_free(&pl);
    return st;
}
