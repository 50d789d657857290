/* place.c - the shared placement engine: time queries, obstacles and gap finders (place.h). */
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "planners/limit.h"
#include "planners/place.h"

#define NONE INT64_MIN

static int cmp_lower(uint32_t a, uint32_t b, const void *ctx)
{
    const ap_problem *p = ctx;
    if (p->buf[a].lower != p->buf[b].lower)
        return p->buf[a].lower < p->buf[b].lower ? -1 : 1;
    return a < b ? -1 : a > b;
}

static ap_status build_adjacency(ap__placer *pl, ap_error *err)
{
    const ap_problem *p = pl->p;
    size_t i;
    pl->adj_start = ap__zalloc(p->n + 1, sizeof *pl->adj_start);
    pl->adj = ap__alloc(2 * p->n_ovl, sizeof *pl->adj);
    if (!pl->adj_start || !pl->adj)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory indexing overlap allowances");
    for (i = 0; i < p->n_ovl; i++) {
        pl->adj_start[p->ovl[i].base + 1]++;
        pl->adj_start[p->ovl[i].over + 1]++;
    }
    for (i = 0; i < p->n; i++)
        pl->adj_start[i + 1] += pl->adj_start[i];
    {
        uint32_t *fill = ap__alloc(p->n + 1, sizeof *fill);
        if (!fill)
            return ap_error_set(err, AP_ERR_NOMEM, "out of memory indexing overlap allowances");
        memcpy(fill, pl->adj_start, (p->n + 1) * sizeof *fill);
        for (i = 0; i < p->n_ovl; i++) {
            pl->adj[fill[p->ovl[i].base]++] = (uint32_t)i;
            pl->adj[fill[p->ovl[i].over]++] = (uint32_t)i;
        }
        free(fill);
    }
    return AP_OK;
}

ap_status ap__place_init(ap__placer *pl, const ap_problem *p, ap_error *err)
{
    size_t i;
    ap_status st;
    memset(pl, 0, sizeof *pl);
    pl->p = p;
    for (pl->width = 1; pl->width < p->n; pl->width *= 2)
        pl->depth++;
    pl->off = ap__alloc(p->n, sizeof *pl->off);
    pl->leaf_buf = ap__alloc(p->n, sizeof *pl->leaf_buf);
    pl->leaf_of = ap__alloc(p->n, sizeof *pl->leaf_of);
    pl->tree = ap__alloc(2 * pl->width, sizeof *pl->tree);
    if (!pl->off || !pl->leaf_buf || !pl->leaf_of || !pl->tree) {
        ap__place_free(pl);
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory planning %zu buffers", p->n);
    }
    for (i = 0; i < p->n; i++)
        pl->leaf_buf[i] = (uint32_t)i;
    if ((st = ap__sort_idx(pl->leaf_buf, p->n, cmp_lower, p, err)) != AP_OK ||
        (st = build_adjacency(pl, err)) != AP_OK) {
        ap__place_free(pl);
        return st;
    }
    for (i = 0; i < p->n; i++)
        pl->leaf_of[pl->leaf_buf[i]] = (uint32_t)i;
    ap__place_clear(pl);
    return AP_OK;
}

void ap__place_free(ap__placer *pl)
{
    free(pl->off);
    free(pl->leaf_buf);
    free(pl->leaf_of);
    free(pl->tree);
    free(pl->obs);
    free(pl->adj_start);
    free(pl->adj);
    memset(pl, 0, sizeof *pl);
}

void ap__place_clear(ap__placer *pl)
{
    size_t i;
    for (i = 0; i < pl->p->n; i++)
        pl->off[i] = AP_UNPLACED;
    for (i = 0; i < 2 * pl->width; i++)
        pl->tree[i] = NONE;
    pl->arena = 0;
}

void ap__place_put(ap__placer *pl, uint32_t b, int64_t x)
{
    const ap_buffer *buf = &pl->p->buf[b];
    size_t i = pl->width + pl->leaf_of[b];
    pl->off[b] = x;
    if (x + buf->size > pl->arena)
        pl->arena = x + buf->size;
    pl->tree[i] = buf->upper;
    for (i /= 2; i >= 1; i /= 2)
        pl->tree[i] = ap__max64(pl->tree[2 * i], pl->tree[2 * i + 1]);
}

/* The obstacles a placed buffer q puts in the way of w (see place.h), written to out (at most
 * 3); returns how many. Without an allowance q forbids the window of positions
 * (off(q) - size(w), off(q) + size(q)). An allowance with q as base lets w start at most
 * max_delta above q; one with w as base lets w start at least max_delta below q: either
 * shrinks the window. An exact allowance (AP_OVERLAP_EXACT) permits one position inside the
 * window instead, which splits it in two there. */
static int obstacles_for(const ap__placer *pl, uint32_t w, uint32_t q, ap__obstacle *out)
{
    const ap_problem *p = pl->p;
    int64_t off = pl->off[q], sq = p->buf[q].size, sw = p->buf[w].size;
    int64_t lo = off, hi = off + sq, pts[2];
    int np = 0, n = 0, i;
    uint32_t k;
    for (k = pl->adj_start[w]; k < pl->adj_start[w + 1]; k++) {
        const ap_overlap *a = &p->ovl[pl->adj[k]];
        int exact = (a->flags & AP_OVERLAP_EXACT) != 0;
        if (a->base == q && a->over == w) {
            if (exact)
                pts[np++] = off + a->max_delta;
            else
                lo = ap__max64(lo, off + a->max_delta + sw);
        } else if (a->base == w && a->over == q) {
            if (exact)
                pts[np++] = off - a->max_delta;
            else
                hi = ap__min64(hi, off - a->max_delta);
        }
    }
    if (np == 2 && pts[0] > pts[1]) {
        int64_t t = pts[0];
        pts[0] = pts[1];
        pts[1] = t;
    }
    for (i = 0; i < np; i++) {
        /* the window still open is (lo - sw, hi) */
        if (pts[i] > lo - sw && pts[i] < hi) {
            out[n].lo = lo, out[n].hi = pts[i], out[n++].buf = q;
            lo = pts[i] + sw;
        }
    }
    out[n].lo = lo, out[n].hi = hi, out[n++].buf = q;
    return n;
}

static int cmp_obstacle(const void *x, const void *y)
{
    const ap__obstacle *a = x, *b = y;
    if (a->lo != b->lo)
        return a->lo < b->lo ? -1 : 1;
    if (a->hi != b->hi)
        return a->hi < b->hi ? -1 : 1;
    return a->buf < b->buf ? -1 : a->buf > b->buf;
}

static int64_t p_size(const ap__placer *pl, uint32_t b)
{
    return pl->p->buf[b].size;
}

/* Collects placed buffers among leaves [lo, lo+len) below node with leaf index < limit and
 * upper > after. */
static ap_status collect(ap__placer *pl, uint32_t w, size_t node, size_t lo, size_t len, size_t limit,
                         int64_t after, ap_error *err)
{
    if (lo >= limit || pl->tree[node] <= after)
        return AP_OK;
    if (len == 1) {
        uint32_t q = pl->leaf_buf[lo];
        ap__obstacle *no;
        if (q == w || (!pl->keep_empty && p_size(pl, q) == 0))
            return AP_OK;
        no = ap__grow(pl->obs, &pl->cap_obs, pl->nobs + 3, sizeof *pl->obs);
        if (!no)
            return ap_error_set(err, AP_ERR_NOMEM, "out of memory listing obstacles");
        pl->obs = no;
        pl->nobs += (size_t)obstacles_for(pl, w, q, pl->obs + pl->nobs);
        pl->visits++;
        return AP_OK;
    }
    {
        size_t half = len / 2;
        ap_status st = collect(pl, w, 2 * node, lo, half, limit, after, err);
        if (st == AP_OK)
            st = collect(pl, w, 2 * node + 1, lo + half, half, limit, after, err);
        return st;
    }
}

ap_status ap__place_obstacles(ap__placer *pl, uint32_t w, ap_error *err)
{
    const ap_problem *p = pl->p;
    const ap_buffer *b = &p->buf[w];
    size_t lo = 0, hi = p->n;
    ap_status st;
    /* leaves with lower < upper(w) form a prefix */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (p->buf[pl->leaf_buf[mid]].lower < b->upper)
            lo = mid + 1;
        else
            hi = mid;
    }
    pl->nobs = 0;
    uint64_t before = pl->visits;
    st = collect(pl, w, 1, 0, pl->width, lo, b->lower, err);
    if (st == AP_OK && pl->nobs > 1)
        qsort(pl->obs, pl->nobs, sizeof *pl->obs, cmp_obstacle);
    /* the work of the query: the obstacles listed and the tree's levels (limit.h) */
    int reason = st == AP_OK ? ap__limit_spend(pl->visits - before + pl->depth + 1) : 0;
    return reason ? ap__limit_error(reason, "placement", err) : st;
}

int64_t ap__place_first_fit(const ap__placer *pl, int64_t size, int64_t align)
{
    int64_t cand = 0;
    size_t i;
    for (i = 0; i < pl->nobs; i++) {
        if (pl->obs[i].lo - ap__align_up(cand, align) >= size)
            break;
        cand = ap__max64(cand, pl->obs[i].hi);
    }
    return ap__align_up(cand, align);
}

int64_t ap__place_best_fit(const ap__placer *pl, int64_t size, int64_t align)
{
    int64_t cand = 0, best = -1, best_gap = INT64_MAX;
    size_t i;
    for (i = 0; i < pl->nobs; i++) {
        int64_t x = ap__align_up(cand, align), gap = pl->obs[i].lo - x;
        if (gap >= size && gap < best_gap) {
            best = x;
            best_gap = gap;
        }
        cand = ap__max64(cand, pl->obs[i].hi);
    }
    return best >= 0 ? best : ap__align_up(cand, align);
}

int64_t ap__place_top_fit(const ap__placer *pl, int64_t size, int64_t align, int64_t cap)
{
    int64_t cand = 0, best = -1;
    size_t i;
    /* Walk the gaps bottom-up and keep the highest feasible aligned position in each. */
    for (i = 0; i <= pl->nobs; i++) {
        int64_t gap_end = i < pl->nobs ? ap__min64(pl->obs[i].lo, cap) : cap;
        int64_t x = (gap_end - size) & ~(align - 1);
        if (gap_end - size >= 0 && x >= cand && x >= 0)
            best = ap__max64(best, x);
        if (i < pl->nobs)
            cand = ap__max64(cand, pl->obs[i].hi);
        if (cand >= cap)
            break;
    }
    return best;
}

void ap__place_fixed(ap__placer *pl, uint32_t *order, size_t *k)
{
    size_t i;
    for (i = 0; i < pl->p->n; i++) {
        if (pl->p->buf[i].fixed == AP_UNFIXED)
            continue;
        ap__place_put(pl, (uint32_t)i, pl->p->buf[i].fixed);
        if (order)
            order[(*k)++] = (uint32_t)i;
    }
}

void ap__place_to_plan(const ap__placer *pl, ap_plan *plan)
{
    memcpy(plan->offset, pl->off, pl->p->n * sizeof *plan->offset);
    plan->arena = pl->arena;
}
