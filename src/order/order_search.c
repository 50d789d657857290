/*
 * order_search.c - the exact search (order_search.h): a depth-first search over ideals, each
 * one memoised once it is known to fail at T (it then fails at every lower T too), with one
 * dominance rule: an operator that fits under T and frees at least the bytes it adds
 * (delta <= 0) can always go first, so it is the only branch. Work is counted in search nodes
 * against a budget, never the clock.
 */
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "order/order_search.h"

#define MEMO_WORDS_MAX (1u << 22)  /* failed ideals remembered, in 64-bit words */

typedef struct memo_entry {
    uint64_t h;
    int64_t dead;   /* fails at every threshold <= dead */
    size_t at;      /* its set, W words in words[] */
} memo_entry;

typedef struct memo {
    memo_entry *v;
    size_t cap, n;  /* cap a power of two; entries with at == SIZE_MAX are empty */
    uint64_t *words;
    size_t nw, capw;
    uint32_t W;
} memo;

static void memo_free(memo *mm)
{
    free(mm->v);
    free(mm->words);
    memset(mm, 0, sizeof *mm);
}

static memo_entry *memo_find(memo *mm, uint64_t h, const uint64_t *X)
{
    if (!mm->cap)
        return NULL;
    for (size_t i = h & (mm->cap - 1);; i = (i + 1) & (mm->cap - 1)) {
        memo_entry *e = &mm->v[i];
        if (e->at == SIZE_MAX)
            return NULL;
        if (e->h == h && memcmp(mm->words + e->at, X, mm->W * sizeof *X) == 0)
            return e;
    }
}

static int memo_grow(memo *mm)
{
    size_t ncap = mm->cap ? mm->cap * 2 : 1024;
    memo_entry *nv = ap__alloc(ncap, sizeof *nv);
    if (!nv)
        return -1;
    for (size_t i = 0; i < ncap; i++)
        nv[i].at = SIZE_MAX;
    for (size_t i = 0; i < mm->cap; i++) {
        memo_entry *e = &mm->v[i];
        if (e->at == SIZE_MAX)
            continue;
        size_t j = e->h & (ncap - 1);
        while (nv[j].at != SIZE_MAX)
            j = (j + 1) & (ncap - 1);
        nv[j] = *e;
    }
    free(mm->v);
    mm->v = nv;
    mm->cap = ncap;
    return 0;
}

/* Records that X fails at threshold T. Returns -1 only when out of memory; a full store
 * (MEMO_WORDS_MAX) just stops remembering. */
static int memo_dead(memo *mm, uint64_t h, const uint64_t *X, int64_t T)
{
    memo_entry *e = memo_find(mm, h, X);
    if (e) {
        if (T > e->dead)
            e->dead = T;
        return 0;
    }
    if (mm->nw + mm->W > MEMO_WORDS_MAX)
        return 0;
    if ((mm->n + 1) * 2 > mm->cap && memo_grow(mm) != 0)
        return -1;
    uint64_t *nw = ap__grow(mm->words, &mm->capw, mm->nw + mm->W, sizeof *nw);
    if (!nw)
        return -1;
    mm->words = nw;
    memcpy(mm->words + mm->nw, X, mm->W * sizeof *X);
    size_t i = h & (mm->cap - 1);
    while (mm->v[i].at != SIZE_MAX)
        i = (i + 1) & (mm->cap - 1);
    mm->v[i] = (memo_entry){h, T, mm->nw};
    mm->nw += mm->W;
    mm->n++;
    return 0;
}

typedef struct frame {
    size_t cb, ce, next;  /* candidates cand[cb .. ce), the next to try */
    int64_t L;            /* live bytes at this state */
} frame;

typedef struct xsearch {
    const ap__sched *s;
    uint32_t W;
    uint64_t *X, h, *zob;
    uint32_t *rc, *np, *ready, *rpos, nr;
    uint32_t *path, depth;
    uint32_t *pos;          /* pos[d]: where path[d] stood in the ready list */
    uint32_t *cand;
    size_t ncand, capcand;
    frame *fr;
    uint32_t nfr;
    int64_t *ckey1, *ckey2; /* per operator: sort keys of the current candidates */
    memo mm;
    uint64_t *work, budget;
} xsearch;

static void xs_free(xsearch *x)
{
    free(x->X);
    free(x->zob);
    free(x->rc);
    free(x->np);
    free(x->ready);
    free(x->rpos);
    free(x->path);
    free(x->pos);
    free(x->cand);
    free(x->fr);
    free(x->ckey1);
    free(x->ckey2);
    memo_free(&x->mm);
}

static int xs_init(xsearch *x, const ap__sched *s, uint64_t *work, uint64_t budget)
{
    uint32_t n = s->n;
    memset(x, 0, sizeof *x);
    x->s = s;
    x->W = (n + 63) / 64;
    x->mm.W = x->W;
    x->work = work;
    x->budget = budget;
    x->X = ap__zalloc(x->W + 1, sizeof *x->X);
    x->zob = ap__alloc((size_t)n + 1, sizeof *x->zob);
    x->rc = ap__alloc((size_t)s->nt + 1, sizeof *x->rc);
    x->np = ap__alloc((size_t)n + 1, sizeof *x->np);
    x->ready = ap__alloc((size_t)n + 1, sizeof *x->ready);
    x->rpos = ap__alloc((size_t)n + 1, sizeof *x->rpos);
    x->path = ap__alloc((size_t)n + 1, sizeof *x->path);
    x->pos = ap__alloc((size_t)n + 1, sizeof *x->pos);
    x->fr = ap__alloc((size_t)n + 2, sizeof *x->fr);
    x->ckey1 = ap__alloc((size_t)n + 1, sizeof *x->ckey1);
    x->ckey2 = ap__alloc((size_t)n + 1, sizeof *x->ckey2);
    if (!x->X || !x->zob || !x->rc || !x->np || !x->ready || !x->rpos || !x->path || !x->pos ||
        !x->fr || !x->ckey1 || !x->ckey2)
        return -1;
    uint64_t seed = UINT64_C(0x6f72646572); /* fixed: deterministic hashing */
    for (uint32_t o = 0; o < n; o++)
        x->zob[o] = ap__rand(&seed);
    return 0;
}

static void xs_reset(xsearch *x)
{
    const ap__sched *s = x->s;
    memset(x->X, 0, x->W * sizeof *x->X);
    x->h = 0;
    ap__order_graph_rc_init(s, x->rc);
    x->nr = 0;
    for (uint32_t o = 0; o < s->n; o++) {
        x->rpos[o] = UINT32_MAX;
        if ((x->np[o] = s->ps[o + 1] - s->ps[o]) == 0) {
            x->rpos[o] = x->nr;
            x->ready[x->nr++] = o;
        }
    }
    x->depth = 0;
    x->nfr = 0;
    x->ncand = 0;
}

static void xs_push(xsearch *x, uint32_t o)
{
    const ap__sched *s = x->s;
    x->X[o / 64] |= UINT64_C(1) << (o % 64);
    x->h ^= x->zob[o];
    for (uint32_t k = s->is[o]; k < s->is[o + 1]; k++)
        x->rc[s->in[k]]--;
    uint32_t pos = x->rpos[o], last = x->ready[--x->nr];
    x->ready[pos] = last;
    x->rpos[last] = pos;
    x->rpos[o] = UINT32_MAX;
    for (uint32_t k = s->ss[o]; k < s->ss[o + 1]; k++) {
        uint32_t q = s->s[k];
        if (--x->np[q] == 0) {
            x->rpos[q] = x->nr;
            x->ready[x->nr++] = q;
        }
    }
    x->pos[x->depth] = pos;
    x->path[x->depth++] = o;
}

/* Undoes the last xs_push. */
static void xs_pop(xsearch *x)
{
    const ap__sched *s = x->s;
    x->depth--;
    uint32_t o = x->path[x->depth], pos_before = x->pos[x->depth];
    for (uint32_t k = s->ss[o + 1]; k-- > s->ss[o];) {
        uint32_t q = s->s[k];
        if (x->np[q]++ == 0) {
            x->nr--; /* q was appended last */
            x->rpos[q] = UINT32_MAX;
        }
    }
    /* Put o back at pos_before, the operator there back at the end. */
    uint32_t other = x->ready[pos_before];
    if (pos_before < x->nr) {
        x->ready[x->nr] = other;
        x->rpos[other] = x->nr;
    }
    x->ready[pos_before] = o;
    x->rpos[o] = pos_before;
    x->nr++;
    for (uint32_t k = s->is[o]; k < s->is[o + 1]; k++)
        x->rc[s->in[k]]++;
    x->h ^= x->zob[o];
    x->X[o / 64] &= ~(UINT64_C(1) << (o % 64));
}

static int cand_cmp(uint32_t a, uint32_t b, const void *ctx)
{
    const xsearch *x = ctx;
    if (x->ckey1[a] != x->ckey1[b])
        return x->ckey1[a] < x->ckey1[b] ? -1 : 1;
    if (x->ckey2[a] != x->ckey2[b])
        return x->ckey2[a] < x->ckey2[b] ? -1 : 1;
    return a < b ? -1 : a > b;
}

/* Pushes a frame with the candidates of the current state under T: the ready operators whose
 * step fits, most freeing first, or only the best one that frees what it adds. Returns the
 * number of candidates, or -1 out of memory. */
static long xs_frame(xsearch *x, int64_t L, int64_t T, ap_error *err)
{
    const ap__sched *s = x->s;
    size_t cb = x->ncand;
    uint32_t free_op = UINT32_MAX;
    int64_t free_d = 0;
    uint32_t *nc = ap__grow(x->cand, &x->capcand, x->ncand + x->nr + 1, sizeof *nc);
    if (!nc)
        return -1;
    x->cand = nc;
    for (uint32_t i = 0; i < x->nr; i++) {
        uint32_t o = x->ready[i];
        int64_t step = s->base + L + s->outw[o] + s->tr[o];
        if (step > T)
            continue;
        /* rc has o's inputs counted as unread still: frees() wants that */
        int64_t d = s->outw[o] - ap__order_graph_frees(s, o, x->rc);
        if (d <= 0 && (free_op == UINT32_MAX || d < free_d || (d == free_d && o < free_op))) {
            free_op = o;
            free_d = d;
        }
        x->ckey1[o] = d;
        x->ckey2[o] = step;
        x->cand[x->ncand++] = o;
    }
    if (free_op != UINT32_MAX) {
        x->ncand = cb;
        x->cand[x->ncand++] = free_op;
    } else if (x->ncand - cb > 1 &&
               ap__sort_idx(x->cand + cb, x->ncand - cb, cand_cmp, x, err) != AP_OK) {
        return -1;
    }
    x->fr[x->nfr++] = (frame){cb, x->ncand, cb, L};
    return (long)(x->ncand - cb);
}


int ap__order_search_round(ap__order_search *x, int64_t T, uint32_t *ord, ap_error *err)
{
    const ap__sched *s = x->s;
    xs_reset(x);
    memo_entry *me = memo_find(&x->mm, x->h, x->X);
    if (me && T <= me->dead)
        return AP__ORDER_NONE;
    long nc = xs_frame(x, ap__order_graph_live0(s), T, err);
    if (nc < 0)
        return AP__ORDER_NOMEM;
    for (;;) {
        frame *f = &x->fr[x->nfr - 1];
        if (f->next == f->ce) {
            /* Every candidate failed: this state fails at T, and so at every lower T. */
            if (memo_dead(&x->mm, x->h, x->X, T) != 0)
                return AP__ORDER_NOMEM;
            x->ncand = f->cb;
            if (--x->nfr == 0)
                return AP__ORDER_NONE;
            xs_pop(x);
            continue;
        }
        uint32_t o = x->cand[f->next++];
        int64_t Ln = f->L + s->outw[o] - ap__order_graph_frees(s, o, x->rc);
        xs_push(x, o);
        if (x->depth == s->n) {
            memcpy(ord, x->path, (size_t)s->n * sizeof *ord);
            return AP__ORDER_FOUND;
        }
        if (*x->work >= x->budget)
            return AP__ORDER_BUDGET;
        ++*x->work;
        me = memo_find(&x->mm, x->h, x->X);
        if (me && T <= me->dead) {
            xs_pop(x);
            continue;
        }
        if ((nc = xs_frame(x, Ln, T, err)) < 0)
            return AP__ORDER_NOMEM;
    }
}

ap__order_search *ap__order_search_new(const ap__sched *s, uint64_t *work, uint64_t budget)
{
    xsearch *x = malloc(sizeof *x);
    if (!x)
        return NULL;
    if (xs_init(x, s, work, budget) != 0) {
        xs_free(x);
        free(x);
        return NULL;
    }
    return x;
}

void ap__order_search_free(ap__order_search *x)
{
    if (x) {
        xs_free(x);
        free(x);
    }
}
