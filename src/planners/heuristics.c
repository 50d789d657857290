/*
 * heuristics.c - order-then-place heuristics: a buffer order and a fit rule.
 *
 * The classic recipe for dynamic storage allocation with known lifetimes (TFLite's arena
 * planner, XNNPACK, TVM's and Vela's greedy passes): sort the buffers by a priority, then place
 * each at a gap among the placed buffers that are live with it. Best fit takes the smallest
 * gap that holds the buffer, leaving large gaps whole for large buffers; first fit takes the
 * lowest. Orders: size, lifetime length, breadth (the live bytes at the buffer's busiest step,
 * so buffers at the peak are placed while the peak's bytes are still free), and conflicts (the
 * bytes of all buffers that meet it). The local search (search.c) and the exact solver reuse
 * ap__heuristics_decode.
 */
#include <stdlib.h>

#include "arenaplan/bounds.h"
#include "core/util.h"
#include "planners/planners.h"

ap_status ap__heuristics_decode(ap__placer *pl, const uint32_t *order, size_t n, ap__fit fit, ap_error *err)
{
    const ap_problem *p = pl->p;
    size_t i;
    ap_status st;
    ap__place_clear(pl);
    ap__place_fixed(pl, NULL, NULL);
    for (i = 0; i < n; i++) {
        uint32_t b = order[i];
        int64_t a = ap_buffer_align(p, b), x;
        if ((st = ap__place_obstacles(pl, b, err)) != AP_OK)
            return st;
        x = fit == AP__BEST_FIT ? ap__place_best_fit(pl, p->buf[b].size, a) : ap__place_first_fit(pl, p->buf[b].size, a);
        ap__place_put(pl, b, x);
    }
    return AP_OK;
}

typedef struct order_ctx {
    const ap_problem *p;
    const int64_t *key;
    int ascending_start;
} order_ctx;

static int cmp_key(uint32_t a, uint32_t b, const void *vctx)
{
    const order_ctx *c = vctx;
    const ap_buffer *x = &c->p->buf[a], *y = &c->p->buf[b];
    if (c->ascending_start) {
        if (x->lower != y->lower)
            return x->lower < y->lower ? -1 : 1;
    } else if (c->key[a] != c->key[b]) {
        return c->key[a] > c->key[b] ? -1 : 1;
    }
    if (x->size != y->size)
        return x->size > y->size ? -1 : 1;
    if (x->lower != y->lower)
        return x->lower < y->lower ? -1 : 1;
    return a < b ? -1 : a > b;
}

/* Breadth: the largest live total over each buffer's lifetime. The profile's segments are in
 * step order; a sparse table answers range maxima in O(1) after O(s log s) set-up. */
static ap_status breadth_keys(const ap_problem *p, int64_t *key, ap_error *err)
{
    ap_live_seg *seg;
    size_t ns, i, lv, levels = 1;
    int64_t **tab = NULL;
    ap_status st = ap_live_profile(p, &seg, &ns, err);
    if (st != AP_OK)
        return st;
    while (((size_t)1 << levels) <= ns)
        levels++;
    if (!(tab = ap__zalloc(levels, sizeof *tab)))
        goto oom;
    for (lv = 0; lv < levels; lv++)
        if (!(tab[lv] = ap__alloc(ns ? ns : 1, sizeof **tab)))
            goto oom;
    for (i = 0; i < ns; i++)
        tab[0][i] = seg[i].live;
    for (lv = 1; lv < levels; lv++)
        for (i = 0; i + ((size_t)1 << lv) <= ns; i++)
            tab[lv][i] = ap__max64(tab[lv - 1][i], tab[lv - 1][i + ((size_t)1 << (lv - 1))]);
    for (i = 0; i < p->n; i++) {
        /* segments whose start lies in [lower, upper); the one holding `lower` starts at it,
           since every lower is an event */
        size_t lo = 0, hi = ns, a, b, len;
        while (lo < hi) {
            size_t mid = lo + (hi - lo) / 2;
            if (seg[mid].step < p->buf[i].lower) lo = mid + 1; else hi = mid;
        }
        a = lo;
        hi = ns;
        while (lo < hi) {
            size_t mid = lo + (hi - lo) / 2;
            if (seg[mid].step < p->buf[i].upper) lo = mid + 1; else hi = mid;
        }
        b = lo;
        len = b - a;
        if (len == 0) {
            key[i] = p->buf[i].size;
            continue;
        }
        for (lv = 0; ((size_t)2 << lv) <= len; lv++) {
        }
        key[i] = ap__max64(tab[lv][a], tab[lv][b - ((size_t)1 << lv)]);
    }
    st = AP_OK;
    goto done;
oom:
    st = ap_error_set(err, AP_ERR_NOMEM, "out of memory ordering buffers");
done:
    if (tab)
        for (lv = 0; lv < levels; lv++)
            free(tab[lv]);
    free(tab);
    free(seg);
    return st;
}

static int cmp_i64(const void *x, const void *y)
{
    int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;
    return a < b ? -1 : a > b;
}

/* Conflicts: bytes of the buffers meeting i = (sizes with lower < upper_i) - (sizes with
 * upper <= lower_i) - size_i, since a buffer ending by lower_i also starts before upper_i. */
static ap_status conflict_keys(const ap_problem *p, int64_t *key, ap_error *err)
{
    int64_t(*lo)[2] = ap__alloc(p->n, sizeof *lo), (*up)[2] = ap__alloc(p->n, sizeof *up);
    int64_t *slo = ap__alloc(p->n + 1, sizeof *slo), *sup = ap__alloc(p->n + 1, sizeof *sup);
    size_t i;
    ap_status st = AP_OK;
    if (!lo || !up || !slo || !sup) {
        st = ap_error_set(err, AP_ERR_NOMEM, "out of memory ordering buffers");
        goto done;
    }
    for (i = 0; i < p->n; i++) {
        lo[i][0] = p->buf[i].lower, lo[i][1] = p->buf[i].size;
        up[i][0] = p->buf[i].upper, up[i][1] = p->buf[i].size;
    }
    qsort(lo, p->n, sizeof *lo, cmp_i64);
    qsort(up, p->n, sizeof *up, cmp_i64);
    slo[0] = sup[0] = 0;
    for (i = 0; i < p->n; i++) {
        slo[i + 1] = slo[i] + lo[i][1];
        sup[i + 1] = sup[i] + up[i][1];
    }
    for (i = 0; i < p->n; i++) {
        size_t a = 0, b = p->n, c = 0, d = p->n;
        while (a < b) { size_t m = a + (b - a) / 2; if (lo[m][0] < p->buf[i].upper) a = m + 1; else b = m; }
        while (c < d) { size_t m = c + (d - c) / 2; if (up[m][0] <= p->buf[i].lower) c = m + 1; else d = m; }
        key[i] = slo[a] - sup[c] - p->buf[i].size;
    }
done:
    free(lo);
    free(up);
    free(slo);
    free(sup);
    return st;
}

ap_status ap__heuristics_order(const ap_problem *p, ap__order_key kind, uint32_t *order, size_t *n,
                               ap_error *err)
{
    int64_t *key = ap__alloc(p->n, sizeof *key);
    order_ctx c = {p, key, kind == AP__ORDER_START};
    size_t i, k = 0;
    ap_status st = AP_OK;
    if (!key)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory ordering buffers");
    switch (kind) {
    case AP__ORDER_SIZE:
    case AP__ORDER_START:
        for (i = 0; i < p->n; i++)
            key[i] = p->buf[i].size;
        break;
    case AP__ORDER_LENGTH:
        for (i = 0; i < p->n; i++)
            key[i] = p->buf[i].upper - p->buf[i].lower;
        break;
    case AP__ORDER_BREADTH:
        st = breadth_keys(p, key, err);
        break;
    case AP__ORDER_CONFLICTS:
        st = conflict_keys(p, key, err);
        break;
    }
    for (i = 0; st == AP_OK && i < p->n; i++)
        if (p->buf[i].fixed == AP_UNFIXED)
            order[k++] = (uint32_t)i;
    if (st == AP_OK)
        st = ap__sort_idx(order, k, cmp_key, &c, err);
    *n = k;
    free(key);
    return st;
}

/* Orders, decodes with the fit rule, and hands the result to the plan. */
static ap_status order_and_fit(const ap_problem *p, ap__order_key key, ap__fit fit, ap_plan *out,
                               ap_error *err)
{
    ap__placer pl;
    uint32_t *order = ap__alloc(p->n, sizeof *order);
    size_t n = 0;
    ap_status st;
    if (!order)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory planning %zu buffers", p->n);
    if ((st = ap__place_init(&pl, p, err)) != AP_OK) {
        free(order);
        return st;
    }
    if ((st = ap__heuristics_order(p, key, order, &n, err)) == AP_OK &&
        (st = ap__heuristics_decode(&pl, order, n, fit, err)) == AP_OK) {
        ap__place_to_plan(&pl, out);
        /* the plan's order lists fixed buffers first, as they were placed */
        {
            size_t i, k = 0;
            uint32_t *full = ap__alloc(p->n, sizeof *full);
            if (full) {
                for (i = 0; i < p->n; i++)
                    if (p->buf[i].fixed != AP_UNFIXED)
                        full[k++] = (uint32_t)i;
                for (i = 0; i < n; i++)
                    full[k++] = order[i];
                out->order = full;
            }
        }
    }
    ap__place_free(&pl);
    free(order);
    return st;
}

#define FIT_STRATEGY(fn, key, fit) \
    ap_status fn(const ap_problem *p, const ap_plan_options *opt, ap_plan *out, ap_error *err) \
    { \
        (void)opt; \
        return order_and_fit(p, key, fit, out, err); \
    }

FIT_STRATEGY(ap__heuristics_bestfit_size, AP__ORDER_SIZE, AP__BEST_FIT)
FIT_STRATEGY(ap__heuristics_bestfit_length, AP__ORDER_LENGTH, AP__BEST_FIT)
FIT_STRATEGY(ap__heuristics_bestfit_breadth, AP__ORDER_BREADTH, AP__BEST_FIT)
FIT_STRATEGY(ap__heuristics_bestfit_conflicts, AP__ORDER_CONFLICTS, AP__BEST_FIT)
FIT_STRATEGY(ap__heuristics_firstfit_breadth, AP__ORDER_BREADTH, AP__FIRST_FIT)
FIT_STRATEGY(ap__heuristics_firstfit_start, AP__ORDER_START, AP__FIRST_FIT)
