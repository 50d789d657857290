/*
 * exact_general.c - the general search: complete for every allowance, fit for small problems.
 *
 * The canonical search (exact_search.c) places buffers in order of offset. An allowance that
 * lets u hang below a buffer v above it (u may overlap v only if v starts at most max_delta
 * above u, with max_delta >= 0) breaks that: in a least plan u may sit where only v's position,
 * decided later in offset order, holds it. Models with such pairs are "risky"; for them this
 * search provides the proofs.
 *
 * It places buffers in any order. Let A be the largest alignment, and call offset x of an
 * unplaced buffer "supported" once the buffers placed so far (or fixed ones) forbid x - A to
 * it, or x < A. Take a plan of least arena and, among those, least total offset. At every step
 * some unplaced buffer's offset in that plan is supported: if none were, moving every unplaced
 * buffer down by A would keep the plan valid (their pairs keep their differences; A keeps
 * alignment) and lower the total. Placing, at each step, the supported buffer with the least
 * (offset, index) rebuilds the plan; so branching on every unplaced buffer and every supported
 * feasible offset within the capacity is complete, and a branch can be cut when it breaks that
 * rule: when a buffer v goes to y, every buffer placed since y became supported for v (the
 * placement whose window first covered y - A) must have a smaller (offset, index) than (y, v),
 * or v should have gone before it.
 */
#include <assert.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "planners/exact/exact_general.h"

typedef struct gcand {
    int64_t y;
    uint32_t b;
} gcand;

typedef struct gs {
    const ap__xmodel *m;
    int64_t cap;
    int64_t *off;
    uint32_t *list;       /* unplaced buffers: list[0, nun) */
    size_t nun;
    ap__xwin *win;        /* scratch: windows of one buffer */
    size_t cap_win;
    gcand *cs;            /* candidates of the nodes on the current path */
    size_t ncs, cap_cs;
    uint32_t *seq;        /* the buffers placed, in order */
    uint32_t *step_of;    /* buffer -> its index in seq */
    size_t depth;
    uint64_t nodes, budget;
    ap__xclock *clk;
    int64_t need;
} gs;

static int cmp_win(const void *x, const void *y)
{
    const ap__xwin *a = x, *b = y;
    if (a->lo != b->lo)
        return a->lo < b->lo ? -1 : 1;
    return a->hi < b->hi ? -1 : a->hi > b->hi;
}

/* Gathers the windows fixed and placed buffers forbid to v, merged into disjoint open
 * intervals sorted by lo. Returns their number, or -1 when out of memory. */
static long windows_of(gs *S, uint32_t v)
{
    const ap__xmodel *m = S->m;
    size_t k = 0, j, out = 0;
    size_t need = (m->fix_start[v + 1] - m->fix_start[v]) + (m->adj_start[v + 1] - m->adj_start[v]);
    ap__xwin *w = ap__grow(S->win, &S->cap_win, need + 1, sizeof *S->win);
    if (!w)
        return -1;
    S->win = w;
    for (j = m->fix_start[v]; j < m->fix_start[v + 1]; j++)
        w[k++] = m->fix[j];
    for (j = m->adj_start[v]; j < m->adj_start[v + 1]; j++) {
        int64_t xu = S->off[m->adj[j]];
        if (xu == AP_UNPLACED || m->adj_win[j].lo >= m->adj_win[j].hi)
            continue;
        w[k].lo = xu + m->adj_win[j].lo;
        w[k].hi = xu + m->adj_win[j].hi;
        k++;
    }
    if (k > 1)
        qsort(w, k, sizeof *w, cmp_win);
    for (j = 0; j < k; j++) {
        if (out > 0 && w[j].lo < w[out - 1].hi) {
            w[out - 1].hi = ap__max64(w[out - 1].hi, w[j].hi);
            continue;
        }
        w[out++] = w[j];
    }
    return (long)out;
}

static int forbidden(const ap__xwin *w, long nw, int64_t y)
{
    long i;
    for (i = 0; i < nw && w[i].lo < y; i++)
        if (y < w[i].hi)
            return 1;
    return 0;
}

static int push_cand(gs *S, uint32_t b, int64_t y)
{
    gcand *n = ap__grow(S->cs, &S->cap_cs, S->ncs + 1, sizeof *S->cs);
    if (!n)
        return 0;
    S->cs = n;
    S->cs[S->ncs].y = y;
    S->cs[S->ncs].b = b;
    S->ncs++;
    return 1;
}

/* Adds v's supported, feasible positions within the capacity to the candidate stack. Returns
 * 0 when v has no feasible position within the capacity at all (the node fails: positions
 * only ever get taken away), -1 when out of memory, 1 otherwise. */
static int list_positions(gs *S, uint32_t v)
{
    const ap__xmodel *m = S->m;
    int64_t a = m->align[v], s = m->size[v], A = m->amax, y, low = 0;
    long nw = windows_of(S, v), i;
    const ap__xwin *w;
    if (nw < 0)
        return -1;
    w = S->win;
    for (i = 0; i < nw; i++)  /* the lowest feasible position */
        if (low > w[i].lo && low < w[i].hi)
            low = ap__align_up(w[i].hi, a);
    if (low + s > S->cap) {
        if (low + s < S->need)
            S->need = low + s;
        return 0;
    }
    for (i = -1; i < nw; i++) {
        /* i = -1: positions below A; else positions whose x - A falls in window i */
        int64_t from = i < 0 ? 0 : ap__max64(w[i].hi, w[i].lo + A + 1);
        int64_t to = i < 0 ? A : w[i].hi + A;
        for (y = ap__align_up(from, a); y < to; y += a) {
            if (forbidden(w, nw, y))
                continue;
            if (y + s > S->cap) {
                if (y + s < S->need)
                    S->need = y + s;
                break;
            }
            if (!push_cand(S, v, y))
                return -1;
        }
    }
    return 1;
}

static int cmp_gcand(const void *x, const void *y)
{
    const gcand *a = x, *b = y;
    if (a->y != b->y)
        return a->y < b->y ? -1 : 1;
    return a->b < b->b ? -1 : a->b > b->b;
}

static int cmp_lo(const void *x, const void *y)
{
    const ap__xwin *a = x, *b = y;
    return a->lo < b->lo ? -1 : a->lo > b->lo;
}

/* Spatial inference: in each section the plain unplaced buffers own their bytes, and those
 * cannot be any placed buffer's (all live there), so their sizes must fit in the capacity less
 * the union of the placed buffers' bytes. Capacity c' > cap adds at most c' - cap free bytes,
 * hence the need. Returns 0 to prune. */
static int room_left(gs *S)
{
    const ap__xmodel *m = S->m;
    size_t k;
    for (k = 0; k < m->nsec; k++) {
        int64_t want = 0, used = 0, end = 0;
        size_t j, nw = 0;
        for (j = m->sec_start[k]; j < m->sec_start[k + 1]; j++) {
            uint32_t b = m->sec_buf[j];
            if (S->off[b] == AP_UNPLACED) {
                if (m->plain[b])
                    want += m->size[b];
                continue;
            }
            S->win[nw].lo = S->off[b];
            S->win[nw].hi = S->off[b] + m->size[b];
            nw++;
        }
        if (want == 0)
            continue;
        if (nw > 1)
            qsort(S->win, nw, sizeof *S->win, cmp_lo);
        for (j = 0; j < nw; j++) {
            int64_t lo = ap__max64(S->win[j].lo, end);
            if (S->win[j].hi > lo)
                used += S->win[j].hi - lo;
            end = ap__max64(end, S->win[j].hi);
        }
        if (want > S->cap - used) {
            if (S->cap + want - (S->cap - used) < S->need)
                S->need = S->cap + want - (S->cap - used);
            return 0;
        }
    }
    return 1;
}

/* When offset y became supported for v: the step in seq whose placement first forbade y - A,
 * or -1 (always: y < A, or a fixed buffer forbids y - A). */
static long support_step(const gs *S, uint32_t v, int64_t y)
{
    const ap__xmodel *m = S->m;
    int64_t z = y - m->amax;
    long best = LONG_MAX;
    size_t j;
    if (z < 0)
        return -1;
    for (j = m->fix_start[v]; j < m->fix_start[v + 1]; j++)
        if (z > m->fix[j].lo && z < m->fix[j].hi)
            return -1;
    for (j = m->adj_start[v]; j < m->adj_start[v + 1]; j++) {
        uint32_t u = m->adj[j];
        int64_t xu = S->off[u];
        if (xu == AP_UNPLACED || z <= xu + m->adj_win[j].lo || z >= xu + m->adj_win[j].hi)
            continue;
        if ((long)S->step_of[u] < best)
            best = (long)S->step_of[u];
    }
    assert(best != LONG_MAX);  /* y is a candidate only because something forbids y - A */
    return best;
}

/* Whether placing v at y now keeps the sequence canonical (see the top of the file). */
static int canonical(const gs *S, uint32_t v, int64_t y)
{
    size_t j;
    long from = support_step(S, v, y) + 1;
    for (j = (size_t)from; j < S->depth; j++) {
        uint32_t b = S->seq[j];
        int64_t x = S->off[b];
        if (x > y || (x == y && b > v))
            return 0;
    }
    return 1;
}

static ap__xresult gnode(gs *S)
{
    size_t c0 = S->ncs, i, nc;
    if (S->nun == 0)
        return AP__FOUND;
    if (S->nodes >= S->budget || !ap__exact_clock_tick(S->clk))
        return AP__ABORT;
    S->nodes++;
    if (!room_left(S))
        return AP__NONE;
    for (i = 0; i < S->nun; i++) {
        int r = list_positions(S, S->list[i]);
        if (r <= 0) {
            S->ncs = c0;
            return r < 0 ? AP__ERROR : AP__NONE;
        }
    }
    nc = S->ncs - c0;
    if (nc > 1)
        qsort(S->cs + c0, nc, sizeof *S->cs, cmp_gcand);
    for (i = 0; i < nc; i++) {
        uint32_t v = S->cs[c0 + i].b;
        int64_t y = S->cs[c0 + i].y;
        size_t pos;
        ap__xresult r;
        if (!canonical(S, v, y))
            continue;
        for (pos = 0; S->list[pos] != v; pos++) {
        }
        S->list[pos] = S->list[--S->nun];
        S->list[S->nun] = v;
        S->off[v] = y;
        S->step_of[v] = (uint32_t)S->depth;
        S->seq[S->depth++] = v;
        r = gnode(S);
        S->depth--;
        S->off[v] = AP_UNPLACED;
        S->nun++;  /* v is back at list[nun - 1]; the set is what it was */
        if (r != AP__NONE) {
            S->ncs = c0;
            if (r == AP__FOUND)
                S->off[v] = y;  /* keep the plan: the caller copies it out */
            return r;
        }
    }
    S->ncs = c0;
    return AP__NONE;
}

ap__xresult ap__exact_general_run(const ap__xmodel *m, int64_t cap, uint64_t budget, ap__xclock *clk,
                                  int64_t *xoff, int64_t *need, ap_error *err)
{
    gs S;
    size_t i;
    ap__xresult r = AP__ERROR;
    memset(&S, 0, sizeof S);
    S.m = m;
    S.cap = cap;
    S.budget = budget;
    S.clk = clk;
    S.need = INT64_MAX;
    S.nun = m->n;
    S.off = ap__alloc(m->n + 1, sizeof *S.off);
    S.list = ap__alloc(m->n + 1, sizeof *S.list);
    S.seq = ap__alloc(m->n + 1, sizeof *S.seq);
    S.step_of = ap__alloc(m->n + 1, sizeof *S.step_of);
    S.win = ap__alloc(m->n + 1, sizeof *S.win);  /* room_left's scratch; windows_of grows it */
    S.cap_win = m->n + 1;
    if (S.off && S.list && S.seq && S.step_of && S.win) {
        for (i = 0; i < m->n; i++) {
            S.off[i] = AP_UNPLACED;
            S.list[i] = (uint32_t)i;
        }
        r = gnode(&S);
        if (r == AP__FOUND)
            memcpy(xoff, S.off, m->n * sizeof *xoff);
    }
    if (r == AP__ERROR)
        ap_error_set(err, AP_ERR_NOMEM, "out of memory in the exact search");
    *need = S.need;
    free(S.off);
    free(S.list);
    free(S.seq);
    free(S.step_of);
    free(S.win);
    free(S.cs);
    return r;
}
