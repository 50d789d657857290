/*
 * order_cheap.c - orders that cost little to find (order_cheap.h): two memory-aware list
 * schedules (the ready operator with the smallest step; the one that frees the most), three
 * depth-first post-orders from the sinks (predecessors in given order, in reverse, and largest
 * need first, Sethi-Ullman style), and a beam search over ideals (the best few sets of each
 * size, equal sets merged).
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "order/order_cheap.h"

#define CHEAP_WORK 50000000ull     /* ready-list scans per list schedule before it gives up */

int ap__order_cheap_list(const ap__sched *s, int by_delta, uint32_t *ord)
{
    uint32_t n = s->n;
    uint32_t *np = ap__alloc((size_t)n + 1, sizeof *np), *rc = ap__alloc((size_t)s->nt + 1, 4);
    uint32_t *ready = ap__alloc((size_t)n + 1, sizeof *ready);
    int rcode = 0;
    if (!np || !rc || !ready) {
        rcode = -1;
        goto done;
    }
    ap__order_graph_rc_init(s, rc);
    uint32_t nr = 0;
    for (uint32_t o = 0; o < n; o++)
        if ((np[o] = s->ps[o + 1] - s->ps[o]) == 0)
            ready[nr++] = o;
    int64_t L = ap__order_graph_live0(s);
    uint64_t work = 0;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t bi = 0;
        int64_t bk1 = 0, bk2 = 0;
        work += nr;
        if (work > CHEAP_WORK) {
            rcode = 1;
            goto done;
        }
        for (uint32_t i = 0; i < nr; i++) {
            uint32_t o = ready[i];
            int64_t step = L + s->outw[o] + s->tr[o], delta = s->outw[o] - ap__order_graph_frees(s, o, rc);
            int64_t k1 = by_delta ? delta : step, k2 = by_delta ? step : delta;
            if (i == 0 || k1 < bk1 || (k1 == bk1 && (k2 < bk2 || (k2 == bk2 && o < ready[bi])))) {
                bi = i;
                bk1 = k1;
                bk2 = k2;
            }
        }
        uint32_t o = ready[bi];
        ready[bi] = ready[--nr];
        ord[k] = o;
        L = ap__order_graph_run_op(s, o, L, rc);
        for (uint32_t j = s->ss[o]; j < s->ss[o + 1]; j++)
            if (--np[s->s[j]] == 0)
                ready[nr++] = s->s[j];
    }
done:
    free(np);
    free(rc);
    free(ready);
    return rcode;
}

typedef struct need_ctx {
    const int64_t *key;
} need_ctx;

static int by_key_desc(uint32_t a, uint32_t b, const void *ctx)
{
    const int64_t *k = ((const need_ctx *)ctx)->key;
    return k[a] > k[b] ? -1 : k[a] < k[b];
}

int ap__order_cheap_post_order(const ap__sched *s, const uint32_t *pred_order, uint32_t *ord)
{
    uint32_t n = s->n, k = 0;
    unsigned char *done = ap__zalloc((size_t)n + 1, 1);
    uint32_t *stack = ap__alloc((size_t)n + 1, sizeof *stack);
    uint32_t *next = ap__alloc((size_t)n + 1, sizeof *next);
    if (!done || !stack || !next) {
        free(done);
        free(stack);
        free(next);
        return -1;
    }
    for (uint32_t root = 0; root < n; root++) {
        if (done[root] || s->ss[root + 1] != s->ss[root])
            continue;
        uint32_t sp = 0;
        stack[sp++] = root;
        next[root] = s->ps[root];
        while (sp) {
            uint32_t o = stack[sp - 1];
            if (next[o] < s->ps[o + 1]) {
                uint32_t q = pred_order[next[o]++];
                if (!done[q]) {
                    /* q cannot be on the stack: the graph is acyclic */
                    next[q] = s->ps[q];
                    stack[sp++] = q;
                }
                continue;
            }
            sp--;
            if (!done[o]) {
                done[o] = 1;
                ord[k++] = o;
            }
        }
    }
    free(done);
    free(stack);
    free(next);
    return k == n ? 0 : -1;
}

int ap__order_cheap_pred_lists(const ap__sched *s, int v, uint32_t *out, ap_error *err)
{
    uint32_t n = s->n;
    memcpy(out, s->p, (size_t)s->ps[n] * sizeof *out);
    if (v == 0)
        return 0;
    if (v == 1) {
        for (uint32_t o = 0; o < n; o++)
            for (uint32_t a = s->ps[o], b = s->ps[o + 1]; a + 1 < b; a++, b--) {
                uint32_t t = out[a];
                out[a] = out[b - 1];
                out[b - 1] = t;
            }
        return 0;
    }
    /* Sethi-Ullman on the graph taken as a tree: need(o) = the most live while o's cone runs,
     * predecessors in decreasing need - output order; key = need - output. */
    int64_t *need = ap__alloc((size_t)n + 1, sizeof *need), *key = ap__alloc((size_t)n + 1, 8);
    if (!need || !key) {
        free(need);
        free(key);
        return -1;
    }
    need_ctx ctx = {key};
    for (uint32_t o = 0; o < n; o++) {
        uint32_t a = s->ps[o], b = s->ps[o + 1];
        if (b - a > 1 && ap__sort_idx(out + a, b - a, by_key_desc, &ctx, err) != AP_OK) {
            free(need);
            free(key);
            return -1;
        }
        int64_t held = 0, nd = 0;
        for (uint32_t k = a; k < b; k++) {
            nd = ap__max64(nd, held + need[out[k]]);
            held += s->outw[out[k]];
        }
        need[o] = ap__max64(nd, held + s->outw[o] + s->tr[o]);
        key[o] = need[o] - s->outw[o];
    }
    free(need);
    free(key);
    return 0;
}

/* A beam search over ideals: level k keeps the `width` best sets of k operators (by the peak
 * so far, then the live bytes), each extended by every ready operator; equal sets merge.
 * Between the cheap orders and the exact search: it sees ahead where greedy choices do not,
 * at O(n * width * (n + reads)) cost. Returns 0, or -1 out of memory. */
typedef struct beam_state {
    uint64_t h;
    int64_t peak, L;
    uint32_t parent, op;  /* in the previous level; the operator added */
} beam_state;

/* Better states first: lower peak, then fewer live bytes; ties by where they come from. */
static int beam_rank(const void *a, const void *b)
{
    const beam_state *x = a, *y = b;
    if (x->peak != y->peak)
        return x->peak < y->peak ? -1 : 1;
    if (x->L != y->L)
        return x->L < y->L ? -1 : 1;
    if (x->parent != y->parent)
        return x->parent < y->parent ? -1 : 1;
    return x->op < y->op ? -1 : x->op > y->op;
}

/* By set hash, then best first: equal sets end up next to each other, the best one first. */
static int beam_cmp(const void *a, const void *b)
{
    const beam_state *x = a, *y = b;
    if (x->h != y->h)
        return x->h < y->h ? -1 : 1;
    return beam_rank(a, b);
}

/* A growing array of beam states. */
typedef struct beam_kids {
    beam_state *v;
    size_t n, cap;
} beam_kids;

/* Every extension of the states of one level (X: their sets, W words each) by one ready
 * operator, appended to kids. -1 when out of memory. */
static int beam_expand(const ap__sched *s, const beam_state *lv, uint32_t cnt, const uint64_t *sets,
                       uint32_t W, const uint64_t *zob, uint32_t *rc, beam_kids *kids)
{
    for (uint32_t i = 0; i < cnt; i++) {
        const uint64_t *X = sets + (size_t)i * W;
        const beam_state *st = &lv[i];
        /* remaining readers of every tensor, given X */
        for (uint32_t t = 0; t < s->nt; t++) {
            uint32_t r = 0;
            for (uint32_t c = s->cs[t]; c < s->cs[t + 1]; c++)
                r += !((X[s->c[c] / 64] >> (s->c[c] % 64)) & 1);
            rc[t] = r;
        }
        for (uint32_t o = 0; o < s->n; o++) {
            if ((X[o / 64] >> (o % 64)) & 1)
                continue;
            int ready = 1;
            for (uint32_t q = s->ps[o]; ready && q < s->ps[o + 1]; q++)
                ready = (X[s->p[q] / 64] >> (s->p[q] % 64)) & 1;
            if (!ready)
                continue;
            beam_state *nv = ap__grow(kids->v, &kids->cap, kids->n + 1, sizeof *nv);
            if (!nv)
                return -1;
            kids->v = nv;
            int64_t step = s->base + st->L + s->outw[o] + s->tr[o];
            kids->v[kids->n++] = (beam_state){st->h ^ zob[o], ap__max64(st->peak, step),
                                              st->L + s->outw[o] - ap__order_graph_frees(s, o, rc), i, o};
        }
    }
    return 0;
}

/* Keeps the best of each set among kids (sorted by hash, best first: equal sets are next to
 * each other); returns how many remain. */
static size_t beam_merge(beam_state *kids, size_t nk, const uint64_t *sets, uint32_t W)
{
    size_t m = 0;
    for (size_t j = 0; j < nk; j++) {
        int same = 0;
        for (size_t q = m; q-- > 0 && kids[q].h == kids[j].h && !same;) {
            const uint64_t *a = sets + (size_t)kids[q].parent * W,
                           *b = sets + (size_t)kids[j].parent * W;
            same = 1;
            for (uint32_t w = 0; same && w < W; w++) {
                uint64_t xa = a[w], xb = b[w];
                if (kids[q].op / 64 == w)
                    xa |= UINT64_C(1) << (kids[q].op % 64);
                if (kids[j].op / 64 == w)
                    xb |= UINT64_C(1) << (kids[j].op % 64);
                same = xa == xb;
            }
        }
        if (!same)
            kids[m++] = kids[j];
    }
    return m;
}

int ap__order_cheap_beam(const ap__sched *s, uint32_t width, uint32_t *ord)
{
    uint32_t n = s->n, W = (n + 63) / 64;
    int rcode = -1;
    /* levels[k]: up to width states; sets[k]: their X, W words each */
    beam_state **lv = ap__zalloc((size_t)n + 1, sizeof *lv);
    uint32_t *cnt = ap__zalloc((size_t)n + 1, sizeof *cnt);
    uint64_t **sets = ap__zalloc((size_t)n + 1, sizeof *sets);
    uint64_t *zob = ap__alloc((size_t)n + 1, sizeof *zob);
    uint32_t *rc = ap__alloc((size_t)s->nt + 1, sizeof *rc);
    beam_kids kids = {NULL, 0, 0};
    if (!lv || !cnt || !sets || !zob || !rc)
        goto done;
    uint64_t seed = UINT64_C(0x6265616d);
    for (uint32_t o = 0; o < n; o++)
        zob[o] = ap__rand(&seed);
    if (!(lv[0] = ap__alloc(1, sizeof **lv)) || !(sets[0] = ap__zalloc(W + 1, sizeof **sets)))
        goto done;
    lv[0][0] = (beam_state){0, 0, ap__order_graph_live0(s), 0, 0};
    cnt[0] = 1;
    for (uint32_t k = 0; k < n; k++) {
        kids.n = 0;
        if (beam_expand(s, lv[k], cnt[k], sets[k], W, zob, rc, &kids) != 0)
            goto done;
        qsort(kids.v, kids.n, sizeof *kids.v, beam_cmp);
        size_t m = beam_merge(kids.v, kids.n, sets[k], W);
        qsort(kids.v, m, sizeof *kids.v, beam_rank);
        if (m > width)
            m = width;
        if (!(lv[k + 1] = ap__alloc(m + 1, sizeof **lv)) ||
            !(sets[k + 1] = ap__alloc(m * W + 1, sizeof **sets)))
            goto done;
        for (size_t j = 0; j < m; j++) {
            uint64_t *X = sets[k + 1] + j * W;
            memcpy(X, sets[k] + (size_t)kids.v[j].parent * W, W * sizeof *X);
            X[kids.v[j].op / 64] |= UINT64_C(1) << (kids.v[j].op % 64);
            lv[k + 1][j] = kids.v[j];
        }
        cnt[k + 1] = (uint32_t)m;
        assert(m > 0); /* a valid order exists, so some set of k + 1 operators is reached */
    }
    for (uint32_t k = n, i = 0; k > 0; k--) {
        ord[k - 1] = lv[k][i].op;
        i = lv[k][i].parent;
    }
    rcode = 0;
done:
    for (uint32_t k = 0; lv && sets && k <= n; k++) {
        free(lv[k]);
        free(sets[k]);
    }
    free(lv);
    free(cnt);
    free(sets);
    free(zob);
    free(rc);
    free(kids.v);
    return rcode;
}
