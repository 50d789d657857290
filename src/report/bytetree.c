/* bytetree.c - a segment tree over the byte boundaries of a plan's buffers (bytetree.h): the
 * smallest value written over any byte of a range, in O(log n). */
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "report/bytetree.h"

static int cmp_i64(const void *x, const void *y)
{
    int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;
    return a < b ? -1 : a > b;
}

ap_status ap__bytetree_init(ap__bytetree *t, const ap_problem *p, const int64_t *offset, ap_error *err)
{
    size_t i, m = 0, nodes;
    memset(t, 0, sizeof *t);
    if (!(t->pts = ap__alloc(2 * p->n + 2, sizeof *t->pts)))
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory summarizing %zu buffers", p->n);
    for (i = 0; i < p->n; i++)
        if (p->buf[i].size > 0) {
            t->pts[m++] = offset[i];
            t->pts[m++] = offset[i] + p->buf[i].size;
        }
    qsort(t->pts, m, sizeof *t->pts, cmp_i64);
    for (i = 0, t->m = 0; i < m; i++)
        if (t->m == 0 || t->pts[t->m - 1] != t->pts[i])
            t->pts[t->m++] = t->pts[i];
    nodes = 4 * (t->m ? t->m : 1);
    t->tag = ap__alloc(nodes, sizeof *t->tag);
    t->sub = ap__alloc(nodes, sizeof *t->sub);
    if (!t->tag || !t->sub) {
        ap__bytetree_free(t);
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory summarizing %zu buffers", p->n);
    }
    for (i = 0; i < nodes; i++)
        t->tag[i] = t->sub[i] = INT64_MAX;
    return AP_OK;
}

void ap__bytetree_free(ap__bytetree *t)
{
    free(t->pts);
    free(t->tag);
    free(t->sub);
    memset(t, 0, sizeof *t);
}

/* Index of the boundary v (it is one of pts). */
static size_t point_index(const ap__bytetree *t, int64_t v)
{
    size_t lo = 0, hi = t->m;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (t->pts[mid] < v)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* Node `node` covers elementary segments [l, r); the query covers [ql, qr). */
static void chmin_rec(ap__bytetree *t, size_t node, size_t l, size_t r, size_t ql, size_t qr, int64_t v)
{
    size_t mid;
    if (qr <= l || r <= ql)
        return;
    if (v < t->sub[node])
        t->sub[node] = v;
    if (ql <= l && r <= qr) {
        if (v < t->tag[node])
            t->tag[node] = v;
        return;
    }
    mid = l + (r - l) / 2;
    chmin_rec(t, 2 * node, l, mid, ql, qr, v);
    chmin_rec(t, 2 * node + 1, mid, r, ql, qr, v);
}

static int64_t min_rec(const ap__bytetree *t, size_t node, size_t l, size_t r, size_t ql, size_t qr)
{
    size_t mid;
    int64_t a, b, best;
    if (qr <= l || r <= ql)
        return INT64_MAX;
    if (ql <= l && r <= qr)
        return t->sub[node];
    mid = l + (r - l) / 2;
    a = min_rec(t, 2 * node, l, mid, ql, qr);
    b = min_rec(t, 2 * node + 1, mid, r, ql, qr);
    best = a < b ? a : b;
    /* a write that covered this whole node touched the part the query covers */
    return t->tag[node] < best ? t->tag[node] : best;
}

void ap__bytetree_chmin(ap__bytetree *t, int64_t lo, int64_t hi, int64_t v)
{
    if (lo >= hi || t->m < 2)
        return;
    chmin_rec(t, 1, 0, t->m - 1, point_index(t, lo), point_index(t, hi), v);
}

int64_t ap__bytetree_min(const ap__bytetree *t, int64_t lo, int64_t hi)
{
    if (lo >= hi || t->m < 2)
        return INT64_MAX;
    return min_rec(t, 1, 0, t->m - 1, point_index(t, lo), point_index(t, hi));
}
