/*
 * order.c - the execution order of a graph's operators with the lowest peak of live bytes
 * (ap_order_solve in reorder.h; docs/reorder.md).
 *
 * The problem. Operators run one per step; a tensor is live from its producer's step (or the
 * start) through its last reader's step (or the end). Running a set X of operators first, in
 * any order, leaves the same tensors live: L(X) depends on X alone. The next operator o then
 * has step(X, o) = L(X) + bytes(outputs of o) + transient(o) live, and the peak of an order is
 * the largest step. So an order is a path through the downward-closed sets (ideals) of the
 * precedence order, and the best order is a shortest path under the max: Liberis & Lane's
 * dynamic programme over sets of executed operators.
 *
 * How it is solved:
 * 1. Pieces. In the given order (a valid one), an operator that is the only maximal element of
 *    its prefix and the only minimal element of its suffix is comparable to every other
 *    operator: every order runs it at the same position, with the same operators before it.
 *    The operators between two such cuts form a piece whose members are fixed; the tensors
 *    that cross a piece without touching it are live throughout it (its base). Pieces are
 *    solved independently; the peak is the largest piece's (or the start step's).
 * 2. The bound. Whatever the order, an operator's inputs, outputs and transient are live at
 *    its step, and so is every tensor written by one of its ancestors (or before the piece)
 *    and read by one of its descendants (or after the piece). The largest such sum over the
 *    piece's operators bounds its peak from below (ancestor sets as bitsets).
 * 3. Cheap orders: the given order, two memory-aware list schedules (the ready operator with
 *    the smallest step; the one that frees the most), and three depth-first post-orders from
 *    the sinks (predecessors in given order, in reverse, and largest need first, Sethi-Ullman
 *    style). Where they leave a gap to the bound, a beam search over ideals (the best few sets
 *    of each size, equal sets merged). The best is the incumbent.
 * 4. The exact search, for the pieces that set the peak: can the piece be run with no step
 *    above T? A depth-first search over ideals, each one memoised once it is known to fail
 *    at T (it then fails at every lower T too), with one dominance rule: an operator that
 *    fits under T and frees at least the bytes it adds (delta <= 0) can always go first, so
 *    it is the only branch. T is probed just below the incumbent first (success lowers it,
 *    failure proves it optimal) and then halves the gap to the bound; a failure at T proves
 *    the bound T + granularity. Work is counted in search nodes against a budget, never the
 *    clock.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/reorder.h"
#include "core/util.h"

#define CLOSURE_MAX 4096           /* pieces up to this many operators get ancestor bitsets */
#define CHEAP_WORK 50000000ull     /* ready-list scans per list schedule before it gives up */
#define MEMO_WORDS_MAX (1u << 22)  /* failed ideals remembered, in 64-bit words */
#define MAX_TOTAL (INT64_C(1) << 62)
#define BEAM_WIDTH 64              /* states a beam level keeps at most */
#define BEAM_PER_NODE 16           /* a beam search may cost 16 steps per node of the budget */

const char *const ap_order_strategy_names[] = {"exact", "cheap", "list", "dfs", "stored", NULL};

int ap_order_strategy_parse(const char *name, ap_order_strategy *out)
{
    for (int i = 0; ap_order_strategy_names[i]; i++)
        if (name && strcmp(name, ap_order_strategy_names[i]) == 0) {
            *out = (ap_order_strategy)i;
            return 0;
        }
    return -1;
}

void ap_order_options_init(ap_order_options *opt)
{
    opt->strategy = AP_ORDER_EXACT;
    opt->budget = 0;
}

/* ---- A graph in CSR form ------------------------------------------------------------------ */

typedef struct sched {
    uint32_t n, nt;
    int64_t *w;            /* per tensor */
    int32_t *prod;         /* per tensor: operator or -1 */
    unsigned char *to_end; /* per tensor */
    uint32_t *cs, *c;      /* consumers per tensor (distinct, never the producer) */
    uint32_t *os, *o;      /* outputs per operator */
    uint32_t *is, *in;     /* tensors read per operator (distinct) */
    uint32_t *ps, *p;      /* predecessors per operator (distinct) */
    uint32_t *ss, *s;      /* successors per operator (distinct) */
    int64_t *tr, *trlb;    /* per operator */
    int64_t *outw;         /* per operator: bytes of its outputs */
    int64_t base;          /* bytes live throughout (tensors crossing a piece) */
    int64_t g;             /* granularity: every peak is a multiple of it */
    int start;             /* a start step counts */
} sched;

static void sched_free(sched *s)
{
    free(s->w);
    free(s->prod);
    free(s->to_end);
    free(s->cs);
    free(s->c);
    free(s->os);
    free(s->o);
    free(s->is);
    free(s->in);
    free(s->ps);
    free(s->p);
    free(s->ss);
    free(s->s);
    free(s->tr);
    free(s->trlb);
    free(s->outw);
    memset(s, 0, sizeof *s);
}

/* Raw description a sched is built from: consumers may repeat; edges are pairs. */
typedef struct raw {
    uint32_t n, nt;
    int64_t *w;
    int32_t *prod;
    unsigned char *to_end;
    uint32_t *cs, *c;      /* consumers CSR, maybe with repeats */
    uint32_t *e;           /* ne pairs */
    size_t ne;
    int64_t *tr, *trlb;
} raw;

static int64_t gcd64(int64_t a, int64_t b)
{
    while (b) {
        int64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

/* Sorts each row of a CSR list and drops repeats in place; rewrites the starts. */
static void csr_unique(uint32_t *start, uint32_t *v, uint32_t rows)
{
    uint32_t k = 0;
    for (uint32_t r = 0; r < rows; r++) {
        uint32_t a = start[r], b = start[r + 1];
        qsort(v + a, b - a, sizeof *v, cmp_u32);
        start[r] = k;
        for (uint32_t i = a; i < b; i++)
            if (i == a || v[i] != v[i - 1])
                v[k++] = v[i];
    }
    start[rows] = k;
}

/* CSR from (row, value) pairs. */
static int csr_from_pairs(uint32_t rows, const uint32_t *pr, size_t np, int col,
                          uint32_t **start, uint32_t **v)
{
    *start = ap__zalloc((size_t)rows + 1, sizeof **start);
    *v = ap__alloc(np + 1, sizeof **v);
    if (!*start || !*v)
        return -1;
    for (size_t i = 0; i < np; i++)
        (*start)[pr[2 * i + col] + 1]++;
    for (uint32_t r = 0; r < rows; r++)
        (*start)[r + 1] += (*start)[r];
    uint32_t *fill = ap__alloc((size_t)rows + 1, sizeof *fill);
    if (!fill)
        return -1;
    memcpy(fill, *start, ((size_t)rows + 1) * sizeof *fill);
    for (size_t i = 0; i < np; i++)
        (*v)[fill[pr[2 * i + col]]++] = pr[2 * i + 1 - col];
    free(fill);
    csr_unique(*start, *v, rows);
    return 0;
}

/* Builds s from r (r keeps its arrays; s copies what it keeps). */
static int sched_build(sched *s, const raw *r, int64_t base, int start)
{
    uint32_t n = r->n, nt = r->nt;
    memset(s, 0, sizeof *s);
    s->n = n;
    s->nt = nt;
    s->base = base;
    s->start = start;
    s->w = ap__alloc((size_t)nt + 1, sizeof *s->w);
    s->prod = ap__alloc((size_t)nt + 1, sizeof *s->prod);
    s->to_end = ap__alloc((size_t)nt + 1, 1);
    s->cs = ap__alloc((size_t)nt + 1, sizeof *s->cs);
    s->c = ap__alloc((size_t)r->cs[nt] + 1, sizeof *s->c);
    s->tr = ap__alloc((size_t)n + 1, sizeof *s->tr);
    s->trlb = ap__alloc((size_t)n + 1, sizeof *s->trlb);
    s->outw = ap__zalloc((size_t)n + 1, sizeof *s->outw);
    if (!s->w || !s->prod || !s->to_end || !s->cs || !s->c || !s->tr || !s->trlb || !s->outw)
        return -1;
    memcpy(s->w, r->w, (size_t)nt * sizeof *s->w);
    memcpy(s->prod, r->prod, (size_t)nt * sizeof *s->prod);
    memcpy(s->to_end, r->to_end, nt);
    memcpy(s->cs, r->cs, ((size_t)nt + 1) * sizeof *s->cs);
    memcpy(s->c, r->c, (size_t)r->cs[nt] * sizeof *s->c);
    memcpy(s->tr, r->tr, (size_t)n * sizeof *s->tr);
    memcpy(s->trlb, r->trlb, (size_t)n * sizeof *s->trlb);
    csr_unique(s->cs, s->c, nt);

    /* Pairs (op, tensor) for outputs and inputs, (a, b) for precedences. */
    size_t nout = 0, nin = s->cs[nt];
    for (uint32_t t = 0; t < nt; t++)
        nout += s->prod[t] >= 0;
    uint32_t *po = ap__alloc(2 * nout + 2, sizeof *po), *pi = ap__alloc(2 * nin + 2, sizeof *pi);
    size_t ne = r->ne + nin;
    uint32_t *pe = ap__alloc(2 * ne + 2, sizeof *pe);
    if (!po || !pi || !pe) {
        free(po);
        free(pi);
        free(pe);
        return -1;
    }
    size_t ko = 0, ki = 0, ke = 0;
    for (uint32_t t = 0; t < nt; t++) {
        if (s->prod[t] >= 0) {
            po[2 * ko] = (uint32_t)s->prod[t];
            po[2 * ko++ + 1] = t;
            s->outw[s->prod[t]] += s->w[t];
        }
        for (uint32_t k = s->cs[t]; k < s->cs[t + 1]; k++) {
            pi[2 * ki] = s->c[k];
            pi[2 * ki++ + 1] = t;
            if (s->prod[t] >= 0) {
                pe[2 * ke] = (uint32_t)s->prod[t];
                pe[2 * ke++ + 1] = s->c[k];
            }
        }
    }
    for (size_t k = 0; k < r->ne; k++) {
        pe[2 * ke] = r->e[2 * k];
        pe[2 * ke++ + 1] = r->e[2 * k + 1];
    }
    int bad = csr_from_pairs(n, po, ko, 0, &s->os, &s->o) ||
              csr_from_pairs(n, pi, ki, 0, &s->is, &s->in) ||
              csr_from_pairs(n, pe, ke, 0, &s->ss, &s->s) ||
              csr_from_pairs(n, pe, ke, 1, &s->ps, &s->p);
    free(po);
    free(pi);
    free(pe);
    if (bad)
        return -1;
    int64_t g = base;
    for (uint32_t t = 0; t < nt; t++)
        g = gcd64(g, s->w[t]);
    for (uint32_t i = 0; i < n; i++)
        g = gcd64(gcd64(g, s->tr[i]), s->trlb[i]);
    s->g = g > 0 ? g : 1;
    return 0;
}

/* Bytes live at the start step: every tensor with no producer. */
static int64_t start_bytes(const sched *s)
{
    int64_t b = 0;
    for (uint32_t t = 0; t < s->nt; t++)
        if (s->prod[t] < 0)
            b += s->w[t];
    return b;
}

/* Bytes live after no operator has run: tensors with no producer still needed later. */
static int64_t live0(const sched *s)
{
    int64_t L = 0;
    for (uint32_t t = 0; t < s->nt; t++)
        if (s->prod[t] < 0 && (s->cs[t + 1] > s->cs[t] || s->to_end[t]))
            L += s->w[t];
    return L;
}

/* Runs operator o: L after it, given rc (remaining readers per tensor), which it updates. */
static int64_t run_op(const sched *s, uint32_t o, int64_t L, uint32_t *rc)
{
    L += s->outw[o];
    for (uint32_t k = s->os[o]; k < s->os[o + 1]; k++) {
        uint32_t t = s->o[k];
        if (rc[t] == 0 && !s->to_end[t])
            L -= s->w[t];
    }
    for (uint32_t k = s->is[o]; k < s->is[o + 1]; k++) {
        uint32_t t = s->in[k];
        if (--rc[t] == 0 && !s->to_end[t])
            L -= s->w[t];
    }
    return L;
}

static void rc_init(const sched *s, uint32_t *rc)
{
    for (uint32_t t = 0; t < s->nt; t++)
        rc[t] = s->cs[t + 1] - s->cs[t];
}

/* The peak of a valid order (base included; the start step when s->start). */
static int64_t sim(const sched *s, const uint32_t *ord, uint32_t *rc)
{
    int64_t L = live0(s), peak = s->start ? start_bytes(s) : 0;
    rc_init(s, rc);
    for (uint32_t k = 0; k < s->n; k++) {
        uint32_t o = ord ? ord[k] : k;
        peak = ap__max64(peak, s->base + L + s->outw[o] + s->tr[o]);
        L = run_op(s, o, L, rc);
    }
    return peak;
}

/* ---- Pieces -------------------------------------------------------------------------------- */

/* cut[k] = 1 when operator k is comparable to every other one (the given order is a valid
 * order, so positions are operator indices). */
static int find_cuts(const sched *s, unsigned char *cut)
{
    uint32_t n = s->n;
    int32_t *dmax = ap__zalloc((size_t)n + 2, sizeof *dmax);
    int32_t *dmin = ap__zalloc((size_t)n + 2, sizeof *dmin);
    if (!dmax || !dmin) {
        free(dmax);
        free(dmin);
        return -1;
    }
    for (uint32_t u = 0; u < n; u++) {
        /* u is maximal in the prefix [0, k] for u <= k < (its first successor). */
        uint32_t first = n;
        for (uint32_t k = s->ss[u]; k < s->ss[u + 1]; k++)
            if (s->s[k] < first)
                first = s->s[k];
        dmax[u]++;
        dmax[first]--;
        /* u is minimal in the suffix [k, n) for (its last predecessor) < k <= u. */
        uint32_t last1 = 0; /* last predecessor + 1 */
        for (uint32_t k = s->ps[u]; k < s->ps[u + 1]; k++)
            if (s->p[k] + 1 > last1)
                last1 = s->p[k] + 1;
        dmin[last1]++;
        dmin[u + 1]--;
    }
    int32_t cmax = 0, cmin = 0;
    for (uint32_t k = 0; k < n; k++) {
        cmax += dmax[k];
        cmin += dmin[k];
        cut[k] = cmax == 1 && cmin == 1;
    }
    free(dmax);
    free(dmin);
    return 0;
}

/* The piece of operators [a, b) as a graph of its own: local operators 0..b-a-1, the tensors
 * it writes or reads (a tensor written before it counts as written before the start; one read
 * after it lives to the end), base = the bytes live across it untouched. L_a is the live
 * bytes before operator a in any order; lastc the last reader of each tensor (-1 none);
 * mark and loc are scratch arrays of nt entries (mark all 0 on entry and exit). */
static int piece_build(const sched *s, uint32_t a, uint32_t b, int64_t L_a, const int32_t *lastc,
                       uint32_t *mark, uint32_t *loc, sched *out)
{
    uint32_t m = b - a, nt = 0;
    size_t ncons = 0, ne = 0;
    raw r;
    int rcode = -1;
    memset(&r, 0, sizeof r);
    /* The tensors it touches, in first-touch order. */
    uint32_t *list = NULL;
    size_t cap = 0;
    for (uint32_t o = a; o < b; o++) {
        for (int pass = 0; pass < 2; pass++) {
            const uint32_t *st = pass ? s->is : s->os, *v = pass ? s->in : s->o;
            for (uint32_t k = st[o]; k < st[o + 1]; k++) {
                uint32_t t = v[k];
                if (mark[t])
                    continue;
                uint32_t *nl = ap__grow(list, &cap, (size_t)nt + 1, sizeof *list);
                if (!nl)
                    goto done;
                list = nl;
                mark[t] = 1;
                loc[t] = nt;
                list[nt++] = t;
            }
        }
        for (uint32_t k = s->ps[o]; k < s->ps[o + 1]; k++)
            ne += s->p[k] >= a;
    }
    for (uint32_t j = 0; j < nt; j++) {
        uint32_t t = list[j];
        for (uint32_t k = s->cs[t]; k < s->cs[t + 1]; k++)
            ncons += s->c[k] >= a && s->c[k] < b;
    }
    r.n = m;
    r.nt = nt;
    r.w = ap__alloc((size_t)nt + 1, sizeof *r.w);
    r.prod = ap__alloc((size_t)nt + 1, sizeof *r.prod);
    r.to_end = ap__alloc((size_t)nt + 1, 1);
    r.cs = ap__alloc((size_t)nt + 1, sizeof *r.cs);
    r.c = ap__alloc(ncons + 1, sizeof *r.c);
    r.e = ap__alloc(2 * ne + 2, sizeof *r.e);
    r.tr = ap__alloc((size_t)m + 1, sizeof *r.tr);
    r.trlb = ap__alloc((size_t)m + 1, sizeof *r.trlb);
    if (!r.w || !r.prod || !r.to_end || !r.cs || !r.c || !r.e || !r.tr || !r.trlb)
        goto done;
    int64_t live_in = 0;
    uint32_t kc = 0;
    for (uint32_t j = 0; j < nt; j++) {
        uint32_t t = list[j];
        r.w[j] = s->w[t];
        r.prod[j] = s->prod[t] >= (int32_t)a ? s->prod[t] - (int32_t)a : -1;
        r.to_end[j] = s->to_end[t] || lastc[t] >= (int32_t)b;
        if (r.prod[j] < 0)
            live_in += s->w[t]; /* written before the piece and read in it */
        r.cs[j] = kc;
        for (uint32_t k = s->cs[t]; k < s->cs[t + 1]; k++)
            if (s->c[k] >= a && s->c[k] < b)
                r.c[kc++] = s->c[k] - a;
    }
    r.cs[nt] = kc;
    size_t ke = 0;
    for (uint32_t o = a; o < b; o++) {
        r.tr[o - a] = s->tr[o];
        r.trlb[o - a] = s->trlb[o];
        for (uint32_t k = s->ps[o]; k < s->ps[o + 1]; k++)
            if (s->p[k] >= a) {
                r.e[2 * ke] = s->p[k] - a;
                r.e[2 * ke++ + 1] = o - a;
            }
    }
    r.ne = ke;
    rcode = sched_build(out, &r, L_a - live_in, 0);
done:
    for (uint32_t j = 0; j < nt; j++)
        mark[list[j]] = 0;
    free(list);
    free(r.w);
    free(r.prod);
    free(r.to_end);
    free(r.cs);
    free(r.c);
    free(r.e);
    free(r.tr);
    free(r.trlb);
    return rcode;
}

/* ---- The bound ----------------------------------------------------------------------------- */

/* For each operator o: base + transient_lb(o) + its inputs and outputs + every tensor written
 * by an ancestor (or before the piece) and read by a descendant (or after the piece). */
static int piece_bound(const sched *s, int64_t *lb)
{
    uint32_t n = s->n, W = (n + 63) / 64;
    int full = n <= CLOSURE_MAX;
    uint64_t *anc = full ? ap__zalloc((size_t)n * W + 1, sizeof *anc) : NULL;
    uint32_t *stamp = ap__zalloc((size_t)s->nt + 1, sizeof *stamp);
    if ((full && !anc) || !stamp) {
        free(anc);
        free(stamp);
        return -1;
    }
    if (full)
        for (uint32_t o = 0; o < n; o++) /* predecessors come first in the given order */
            for (uint32_t k = s->ps[o]; k < s->ps[o + 1]; k++) {
                uint32_t q = s->p[k];
                uint64_t *ao = anc + (size_t)o * W, *aq = anc + (size_t)q * W;
                for (uint32_t x = 0; x < W; x++)
                    ao[x] |= aq[x];
                ao[q / 64] |= UINT64_C(1) << (q % 64);
            }
#define ANC(o, q) ((anc[(size_t)(o) * W + (q) / 64] >> ((q) % 64)) & 1)
    int64_t best = 0;
    for (uint32_t o = 0; o < n; o++) {
        int64_t v = s->base + s->trlb[o] + s->outw[o];
        for (uint32_t k = s->is[o]; k < s->is[o + 1]; k++) {
            stamp[s->in[k]] = o + 1;
            v += s->w[s->in[k]];
        }
        for (uint32_t k = s->os[o]; k < s->os[o + 1]; k++)
            stamp[s->o[k]] = o + 1;
        for (uint32_t t = 0; t < s->nt; t++) {
            if (stamp[t] == o + 1 || s->w[t] == 0)
                continue;
            int32_t p = s->prod[t];
            int before = p < 0 || (full && ANC(o, (uint32_t)p));
            if (!before)
                continue;
            int after = s->to_end[t];
            for (uint32_t k = s->cs[t]; !after && full && k < s->cs[t + 1]; k++)
                after = ANC(s->c[k], o);
            if (after)
                v += s->w[t];
        }
        lb[o] = v;
        best = ap__max64(best, v);
    }
#undef ANC
    free(anc);
    free(stamp);
    return 0;
}

/* ---- Cheap orders ------------------------------------------------------------------------- */

/* Bytes operator o frees when it runs now (rc: remaining readers). */
static int64_t frees(const sched *s, uint32_t o, const uint32_t *rc)
{
    int64_t f = 0;
    for (uint32_t k = s->os[o]; k < s->os[o + 1]; k++)
        if (rc[s->o[k]] == 0 && !s->to_end[s->o[k]])
            f += s->w[s->o[k]];
    for (uint32_t k = s->is[o]; k < s->is[o + 1]; k++)
        if (rc[s->in[k]] == 1 && !s->to_end[s->in[k]])
            f += s->w[s->in[k]];
    return f;
}

/* A list schedule: at each step the ready operator with the smallest key (by_delta: bytes
 * added minus bytes freed, then step; else step, then delta; then index). Returns 0, or 1
 * when it gave up (too much work), -1 out of memory. */
static int list_schedule(const sched *s, int by_delta, uint32_t *ord)
{
    uint32_t n = s->n;
    uint32_t *np = ap__alloc((size_t)n + 1, sizeof *np), *rc = ap__alloc((size_t)s->nt + 1, 4);
    uint32_t *ready = ap__alloc((size_t)n + 1, sizeof *ready);
    int rcode = 0;
    if (!np || !rc || !ready) {
        rcode = -1;
        goto done;
    }
    rc_init(s, rc);
    uint32_t nr = 0;
    for (uint32_t o = 0; o < n; o++)
        if ((np[o] = s->ps[o + 1] - s->ps[o]) == 0)
            ready[nr++] = o;
    int64_t L = live0(s);
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
            int64_t step = L + s->outw[o] + s->tr[o], delta = s->outw[o] - frees(s, o, rc);
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
        L = run_op(s, o, L, rc);
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

/* A depth-first post-order: from each sink (in given order), every predecessor not yet run
 * first, in the order the variant gives (0 given, 1 reverse, 2 largest need - output first),
 * then the operator. pred_order holds each operator's predecessors in visiting order. */
static int post_order(const sched *s, const uint32_t *pred_order, uint32_t *ord)
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

/* Predecessor lists reordered for post_order variant v. */
static int pred_lists(const sched *s, int v, uint32_t *out, ap_error *err)
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
static int beam_expand(const sched *s, const beam_state *lv, uint32_t cnt, const uint64_t *sets,
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
                                              st->L + s->outw[o] - frees(s, o, rc), i, o};
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

static int beam_order(const sched *s, uint32_t width, uint32_t *ord)
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
    lv[0][0] = (beam_state){0, 0, live0(s), 0, 0};
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

/* ---- The exact search ----------------------------------------------------------------------- */

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
    const sched *s;
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

static int xs_init(xsearch *x, const sched *s, uint64_t *work, uint64_t budget)
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
    const sched *s = x->s;
    memset(x->X, 0, x->W * sizeof *x->X);
    x->h = 0;
    rc_init(s, x->rc);
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
    const sched *s = x->s;
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
    const sched *s = x->s;
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
    const sched *s = x->s;
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
        int64_t d = s->outw[o] - frees(s, o, x->rc);
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


enum { R_FOUND, R_NONE, R_BUDGET, R_NOMEM };

/* One round: an order of the piece with no step above T? On R_FOUND, ord holds it. */
static int xs_round(xsearch *x, int64_t T, uint32_t *ord, ap_error *err)
{
    const sched *s = x->s;
    xs_reset(x);
    memo_entry *me = memo_find(&x->mm, x->h, x->X);
    if (me && T <= me->dead)
        return R_NONE;
    long nc = xs_frame(x, live0(s), T, err);
    if (nc < 0)
        return R_NOMEM;
    for (;;) {
        frame *f = &x->fr[x->nfr - 1];
        if (f->next == f->ce) {
            /* Every candidate failed: this state fails at T, and so at every lower T. */
            if (memo_dead(&x->mm, x->h, x->X, T) != 0)
                return R_NOMEM;
            x->ncand = f->cb;
            if (--x->nfr == 0)
                return R_NONE;
            xs_pop(x);
            continue;
        }
        uint32_t o = x->cand[f->next++];
        int64_t Ln = f->L + s->outw[o] - frees(s, o, x->rc);
        xs_push(x, o);
        if (x->depth == s->n) {
            memcpy(ord, x->path, (size_t)s->n * sizeof *ord);
            return R_FOUND;
        }
        if (*x->work >= x->budget)
            return R_BUDGET;
        ++*x->work;
        me = memo_find(&x->mm, x->h, x->X);
        if (me && T <= me->dead) {
            xs_pop(x);
            continue;
        }
        if ((nc = xs_frame(x, Ln, T, err)) < 0)
            return R_NOMEM;
    }
}

/* ---- Pieces, solved ----------------------------------------------------------------------- */

typedef struct piece {
    uint32_t a, b;        /* operators [a, b) of the graph */
    sched s;              /* built when b - a > 1 */
    uint32_t *best;       /* local order of the best known */
    int64_t given, ub, lb;
    const char *by;
    int searched;
    int proof_ok;         /* transient_lb == transient: a failed round proves a bound */
} piece;

static const char BY_GIVEN[] = "given order", BY_LIST[] = "list scheduling",
                  BY_DFS[] = "depth-first post-order", BY_BEAM[] = "beam search",
                  BY_EXACT[] = "exact search";

/* Tries one candidate order of p: keeps it when it is strictly better. */
static void consider(piece *p, const uint32_t *ord, uint32_t *rc, const char *by)
{
    int64_t v = sim(&p->s, ord, rc);
    if (v < p->ub) {
        p->ub = v;
        memcpy(p->best, ord, (size_t)(p->b - p->a) * sizeof *ord);
        p->by = by;
    }
}

static int piece_cheap(piece *p, ap_order_strategy st, uint64_t beam_work, ap_error *err)
{
    sched *s = &p->s;
    uint32_t m = s->n;
    uint32_t *ord = ap__alloc((size_t)m + 1, sizeof *ord), *rc = ap__alloc((size_t)s->nt + 1, 4);
    uint32_t *pl = ap__alloc((size_t)s->ps[m] + 1, sizeof *pl);
    int64_t *lb = ap__alloc((size_t)m + 1, sizeof *lb);
    int rcode = -1;
    if (!ord || !rc || !pl || !lb || !(p->best = ap__alloc((size_t)m + 1, sizeof *p->best)))
        goto done;
    for (uint32_t i = 0; i < m; i++)
        p->best[i] = i;
    p->given = p->ub = sim(s, NULL, rc);
    p->by = BY_GIVEN;
    if (piece_bound(s, lb) != 0)
        goto done;
    p->lb = 0;
    p->proof_ok = 1;
    for (uint32_t i = 0; i < m; i++) {
        p->lb = ap__max64(p->lb, lb[i]);
        p->proof_ok &= s->tr[i] == s->trlb[i];
    }
    if (st == AP_ORDER_EXACT || st == AP_ORDER_CHEAP || st == AP_ORDER_LIST)
        for (int v = 0; v < 2; v++) {
            int r = list_schedule(s, v, ord);
            if (r < 0)
                goto done;
            if (r == 0)
                consider(p, ord, rc, BY_LIST);
        }
    if (st == AP_ORDER_EXACT || st == AP_ORDER_CHEAP || st == AP_ORDER_DFS)
        for (int v = 0; v < 3; v++) {
            if (pred_lists(s, v, pl, err) != 0 || post_order(s, pl, ord) != 0)
                goto done;
            consider(p, ord, rc, BY_DFS);
        }
    /* Before the exact search, a beam search where the cheap orders leave a gap; its width
     * shrinks with the piece so that it costs at most beam_work steps. */
    if (st == AP_ORDER_EXACT && p->ub > p->lb && m > 8) {
        /* a level costs width * (operators + reads + precedences) */
        uint64_t per = (uint64_t)m * ((uint64_t)m + s->cs[s->nt] + s->ps[m]);
        uint64_t width = beam_work / (per ? per : 1);
        if (width > BEAM_WIDTH)
            width = BEAM_WIDTH;
        if (width >= 2) {
            if (beam_order(s, (uint32_t)width, ord) != 0)
                goto done;
            consider(p, ord, rc, BY_BEAM);
        }
    }
    rcode = 0;
done:
    free(ord);
    free(rc);
    free(pl);
    free(lb);
    return rcode;
}

/* The exact search on piece p, no lower than floor: returns R_FOUND (decided), R_BUDGET or
 * R_NOMEM. */
static int piece_search(piece *p, int64_t floor, uint64_t *work, uint64_t budget, ap_error *err)
{
    sched *s = &p->s;
    int64_t g = s->g, lo = ap__max64(p->lb, floor), hi = p->ub;
    lo = (lo + g - 1) / g * g;
    xsearch x;
    uint32_t *ord = ap__alloc((size_t)s->n + 1, sizeof *ord), *rc = ap__alloc((size_t)s->nt + 1, 4);
    int rcode = R_FOUND, first = 1;
    if (!ord || !rc || xs_init(&x, s, work, budget) != 0) {
        free(ord);
        free(rc);
        if (ord && rc)
            xs_free(&x);
        return R_NOMEM;
    }
    while (hi - g >= lo) {
        int64_t T = first ? hi - g : lo + (hi - g - lo) / g / 2 * g;
        first = 0;
        int r = xs_round(&x, T, ord, err);
        if (r == R_FOUND) {
            int64_t v = sim(s, ord, rc);
            hi = v;
            if (v < p->ub) {
                p->ub = v;
                memcpy(p->best, ord, (size_t)s->n * sizeof *ord);
                p->by = BY_EXACT;
            }
        } else if (r == R_NONE) {
            lo = T + g;
            if (p->proof_ok)
                p->lb = ap__max64(p->lb, lo);
        } else {
            rcode = r;
            break;
        }
    }
    p->searched = 1;
    free(ord);
    free(rc);
    xs_free(&x);
    return rcode;
}

/* ---- The whole graph ---------------------------------------------------------------------- */

void ap_order_result_free(ap_order_result *res)
{
    if (!res)
        return;
    free(res->order);
    memset(res, 0, sizeof *res);
}

/* Checks g and builds its sched (the given order must be valid). */
static ap_status graph_build(const ap_order_graph *g, sched *s, ap_error *err)
{
    raw r;
    ap_status st = AP_OK;
    memset(&r, 0, sizeof r);
    memset(s, 0, sizeof *s);
    uint32_t n = g->n_ops, nt = g->n_tensors;
    if (nt && !g->tensors)
        return ap_error_set(err, AP_ERR_INPUT, "the graph has %u tensors but no tensor array", nt);
    if (g->n_edges && !g->edges)
        return ap_error_set(err, AP_ERR_INPUT, "the graph has %u edges but no edge array",
                            g->n_edges);
    int64_t total = 0;
    size_t nc = 0;
    for (uint32_t t = 0; t < nt; t++) {
        const ap_order_tensor *x = &g->tensors[t];
        if (x->bytes < 0 || x->producer < -1 || x->producer >= (int64_t)n ||
            (x->n_consumers && !x->consumers))
            return ap_error_set(err, AP_ERR_INPUT,
                                "tensor %u: bytes %lld, producer %d (the graph has %u operators)",
                                t, (long long)x->bytes, (int)x->producer, n);
        if (ap__add_ovf(total, x->bytes, &total) || total > MAX_TOTAL)
            return ap_error_set(err, AP_ERR_OVERFLOW, "the tensors' bytes add up past 2^62");
        for (uint32_t k = 0; k < x->n_consumers; k++) {
            uint32_t c = x->consumers[k];
            if (c >= n)
                return ap_error_set(err, AP_ERR_INPUT,
                                    "tensor %u is read by operator %u, but the graph has %u "
                                    "operators", t, c, n);
            if ((int64_t)c == x->producer)
                return ap_error_set(err, AP_ERR_INPUT, "operator %u reads its own output "
                                    "(tensor %u)", c, t);
            if ((int64_t)c < x->producer)
                return ap_error_set(err, AP_ERR_INPUT,
                                    "operator %u reads tensor %u before operator %d writes it: "
                                    "the given order is not valid", c, t, (int)x->producer);
        }
        nc += x->n_consumers;
    }
    for (uint32_t i = 0; i < n; i++) {
        int64_t tr = g->transient ? g->transient[i] : 0;
        int64_t tl = g->transient_lb ? g->transient_lb[i] : tr;
        if (tr < 0 || tl < 0 || tl > tr)
            return ap_error_set(err, AP_ERR_INPUT,
                                "operator %u: transient %lld, its lower bound %lld (need 0 <= "
                                "bound <= transient)", i, (long long)tr, (long long)tl);
        if (ap__add_ovf(total, tr, &total) || total > MAX_TOTAL)
            return ap_error_set(err, AP_ERR_OVERFLOW, "the graph's bytes add up past 2^62");
    }
    for (uint32_t k = 0; k < g->n_edges; k++) {
        uint32_t a = g->edges[2 * k], b = g->edges[2 * k + 1];
        if (a >= n || b >= n || a >= b)
            return ap_error_set(err, AP_ERR_INPUT,
                                "edge %u (%u before %u): %s", k, a, b,
                                a >= n || b >= n ? "no such operator"
                                                 : "the given order breaks it");
    }
    r.n = n;
    r.nt = nt;
    r.w = ap__alloc((size_t)nt + 1, sizeof *r.w);
    r.prod = ap__alloc((size_t)nt + 1, sizeof *r.prod);
    r.to_end = ap__alloc((size_t)nt + 1, 1);
    r.cs = ap__alloc((size_t)nt + 1, sizeof *r.cs);
    r.c = ap__alloc(nc + 1, sizeof *r.c);
    r.e = ap__alloc(2 * (size_t)g->n_edges + 2, sizeof *r.e);
    r.tr = ap__zalloc((size_t)n + 1, sizeof *r.tr);
    r.trlb = ap__zalloc((size_t)n + 1, sizeof *r.trlb);
    if (!r.w || !r.prod || !r.to_end || !r.cs || !r.c || !r.e || !r.tr || !r.trlb) {
        st = ap_error_set(err, AP_ERR_NOMEM, "out of memory ordering operators");
        goto done;
    }
    size_t kc = 0;
    for (uint32_t t = 0; t < nt; t++) {
        const ap_order_tensor *x = &g->tensors[t];
        r.w[t] = x->bytes;
        r.prod[t] = x->producer;
        r.to_end[t] = x->to_end != 0;
        r.cs[t] = (uint32_t)kc;
        for (uint32_t k = 0; k < x->n_consumers; k++)
            r.c[kc++] = x->consumers[k];
    }
    r.cs[nt] = (uint32_t)kc;
    if (g->n_edges)
        memcpy(r.e, g->edges, 2 * (size_t)g->n_edges * sizeof *r.e);
    r.ne = g->n_edges;
    for (uint32_t i = 0; i < n; i++) {
        r.tr[i] = g->transient ? g->transient[i] : 0;
        r.trlb[i] = g->transient_lb ? g->transient_lb[i] : r.tr[i];
    }
    if (sched_build(s, &r, 0, g->start_step != 0) != 0)
        st = ap_error_set(err, AP_ERR_NOMEM, "out of memory ordering operators");
done:
    free(r.w);
    free(r.prod);
    free(r.to_end);
    free(r.cs);
    free(r.c);
    free(r.e);
    free(r.tr);
    free(r.trlb);
    if (st != AP_OK)
        sched_free(s);
    return st;
}

int64_t ap_order_peak(const ap_order_graph *g, const uint32_t *order)
{
    sched s;
    if (graph_build(g, &s, NULL) != AP_OK)
        return -1;
    uint32_t *rc = ap__alloc((size_t)s.nt + 1, sizeof *rc);
    int64_t v = rc ? sim(&s, order, rc) : -1;
    free(rc);
    sched_free(&s);
    return v;
}

typedef struct pieces {
    piece *v;
    size_t n, cap;
} pieces;

static void pieces_free(pieces *ps)
{
    for (size_t i = 0; i < ps->n; i++) {
        sched_free(&ps->v[i].s);
        free(ps->v[i].best);
    }
    free(ps->v);
}

/* Splits S at its cuts into pieces, each with its bound and its best cheap order (a cut alone
 * is a piece of one, decided already). *glb: the largest bound (the start step's included).
 * -1 when out of memory. */
static int make_pieces(const sched *S, ap_order_strategy st, uint64_t beam_work, pieces *ps,
                       int64_t *glb, ap_error *err)
{
    uint32_t n = S->n;
    int rcode = -1;
    unsigned char *cut = ap__alloc((size_t)n + 1, 1);
    int32_t *lastc = ap__alloc((size_t)S->nt + 1, sizeof *lastc);
    uint32_t *mark = ap__zalloc((size_t)S->nt + 1, sizeof *mark);
    uint32_t *loc = ap__alloc((size_t)S->nt + 1, sizeof *loc);
    uint32_t *rc = ap__alloc((size_t)S->nt + 1, sizeof *rc);
    int64_t *Lbefore = ap__alloc((size_t)n + 1, sizeof *Lbefore);
    if (!cut || !lastc || !mark || !loc || !rc || !Lbefore || find_cuts(S, cut) != 0)
        goto done;
    for (uint32_t t = 0; t < S->nt; t++)
        lastc[t] = S->cs[t + 1] > S->cs[t] ? (int32_t)S->c[S->cs[t + 1] - 1] : -1;
    /* The live bytes before each operator of the given order: the same in every order where
     * the operator is a cut, and at the start of every piece. */
    int64_t L = live0(S);
    rc_init(S, rc);
    for (uint32_t k = 0; k < n; k++) {
        Lbefore[k] = L;
        L = run_op(S, k, L, rc);
    }
    for (uint32_t k = 0; k < n;) {
        uint32_t b = k + 1;
        if (!cut[k])
            while (b < n && !cut[b])
                b++;
        piece *np = ap__grow(ps->v, &ps->cap, ps->n + 1, sizeof *ps->v);
        if (!np)
            goto done;
        ps->v = np;
        piece *p = &ps->v[ps->n++];
        memset(p, 0, sizeof *p);
        p->a = k;
        p->b = b;
        p->proof_ok = 1;
        if (b - k == 1) {
            p->given = p->ub = p->lb = Lbefore[k] + S->outw[k] + S->tr[k];
            if (S->trlb[k] != S->tr[k])
                p->lb = Lbefore[k] + S->outw[k] + S->trlb[k];
            p->by = BY_GIVEN;
            p->searched = 1;
        } else if (piece_build(S, k, b, Lbefore[k], lastc, mark, loc, &p->s) != 0 ||
                   piece_cheap(p, st, beam_work, err) != 0) {
            goto done;
        }
        *glb = ap__max64(*glb, p->lb);
        k = b;
    }
    rcode = 0;
done:
    free(cut);
    free(lastc);
    free(mark);
    free(loc);
    free(rc);
    free(Lbefore);
    return rcode;
}

/* The exact search, on the piece that sets the peak each time, until the peak is the bound or
 * the budget runs out. R_FOUND, or R_NOMEM. */
static int search_pieces(pieces *ps, int64_t *glb, uint64_t budget, ap_order_result *res,
                         ap_error *err)
{
    while (!res->exhausted) {
        piece *top = NULL;
        for (size_t i = 0; i < ps->n; i++)
            if (!ps->v[i].searched && ps->v[i].ub > *glb && (!top || ps->v[i].ub > top->ub))
                top = &ps->v[i];
        if (!top)
            break;
        int r = piece_search(top, *glb, &res->work, budget, err);
        if (r == R_NOMEM)
            return R_NOMEM;
        if (r == R_BUDGET)
            res->exhausted = 1;
        *glb = ap__max64(*glb, top->lb);
    }
    return R_FOUND;
}

/* The order: a piece keeps the given order unless that would exceed the peak. */
static void compose(const pieces *ps, int64_t start, ap_order_result *res, int64_t *peak,
                    int64_t *given)
{
    int64_t moved_given = -1;
    *peak = *given = start;
    for (size_t i = 0; i < ps->n; i++) {
        *peak = ap__max64(*peak, ps->v[i].ub);
        *given = ap__max64(*given, ps->v[i].given);
    }
    res->found_by = BY_GIVEN;
    for (size_t i = 0; i < ps->n; i++) {
        const piece *p = &ps->v[i];
        int keep = p->given <= *peak;
        for (uint32_t k = p->a; k < p->b; k++) {
            uint32_t o = keep ? k : p->a + p->best[k - p->a];
            res->order[k] = o;
            res->moved += o != k;
        }
        if (!keep && p->given > moved_given) {
            moved_given = p->given;
            res->found_by = p->by;
        }
    }
}

ap_status ap_order_solve(const ap_order_graph *g, const ap_order_options *opt,
                         ap_order_result *res, ap_error *err)
{
    ap_order_options dflt;
    ap_status st;
    sched S;
    pieces ps = {NULL, 0, 0};
    memset(res, 0, sizeof *res);
    if (!opt) {
        ap_order_options_init(&dflt);
        opt = &dflt;
    }
    if ((unsigned)opt->strategy > AP_ORDER_STORED)
        return ap_error_set(err, AP_ERR_USAGE, "unknown ordering strategy %d",
                            (int)opt->strategy);
    if ((st = graph_build(g, &S, err)) != AP_OK)
        return st;
    uint64_t budget = opt->budget ? opt->budget : AP_ORDER_DEFAULT_BUDGET;
    int64_t start = S.start ? start_bytes(&S) : 0, glb = start, peak, given;
    uint32_t *rc = ap__alloc((size_t)S.nt + 1, sizeof *rc);
    res->order = ap__alloc((size_t)S.n + 1, sizeof *res->order);
    if (!rc || !res->order ||
        make_pieces(&S, opt->strategy, BEAM_PER_NODE * budget, &ps, &glb, err) != 0)
        goto nomem;
    res->pieces = (uint32_t)ps.n;
    res->static_bound = glb;
    if (opt->strategy == AP_ORDER_EXACT && search_pieces(&ps, &glb, budget, res, err) != R_FOUND)
        goto nomem;
    compose(&ps, start, res, &peak, &given);
    res->n_ops = S.n;
    res->peak = sim(&S, res->order, rc);
    res->peak_given = given;
    res->bound = glb;
    res->proven = res->peak == glb;
    /* Invariants: the pieces' figures compose into the whole order's. */
    assert(res->peak == peak);
    assert(sim(&S, NULL, rc) == given);
    assert(glb <= peak);
    st = AP_OK;
    goto done;
nomem:
    st = ap_error_set(err, AP_ERR_NOMEM, "out of memory ordering operators");
    ap_order_result_free(res);
done:
    pieces_free(&ps);
    free(rc);
    sched_free(&S);
    return st;
}
