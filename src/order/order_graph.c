/*
 * order_graph.c - an ordering problem as arrays (order_graph.h): built from an ap_order_graph
 * (checked) or from a piece of another, simulated, cut into pieces at the operators every order
 * runs in the same place, and bounded below piece by piece.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "order/order_graph.h"

#define CLOSURE_MAX 4096           /* pieces up to this many operators get ancestor bitsets */
#define MAX_TOTAL (INT64_C(1) << 62) /* the most bytes a graph may hold in all */

/* ---- A graph in CSR form ------------------------------------------------------------------ */

void ap__order_graph_free(ap__sched *s)
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

int ap__order_graph_build(ap__sched *s, const ap__sched_raw *r, int64_t base, int start)
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

int64_t ap__order_graph_start_bytes(const ap__sched *s)
{
    int64_t b = 0;
    for (uint32_t t = 0; t < s->nt; t++)
        if (s->prod[t] < 0)
            b += s->w[t];
    return b;
}

int64_t ap__order_graph_live0(const ap__sched *s)
{
    int64_t L = 0;
    for (uint32_t t = 0; t < s->nt; t++)
        if (s->prod[t] < 0 && (s->cs[t + 1] > s->cs[t] || s->to_end[t]))
            L += s->w[t];
    return L;
}

int64_t ap__order_graph_run_op(const ap__sched *s, uint32_t o, int64_t L, uint32_t *rc)
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

void ap__order_graph_rc_init(const ap__sched *s, uint32_t *rc)
{
    for (uint32_t t = 0; t < s->nt; t++)
        rc[t] = s->cs[t + 1] - s->cs[t];
}

int64_t ap__order_graph_sim(const ap__sched *s, const uint32_t *ord, uint32_t *rc)
{
    int64_t L = ap__order_graph_live0(s), peak = s->start ? ap__order_graph_start_bytes(s) : 0;
    ap__order_graph_rc_init(s, rc);
    for (uint32_t k = 0; k < s->n; k++) {
        uint32_t o = ord ? ord[k] : k;
        peak = ap__max64(peak, s->base + L + s->outw[o] + s->tr[o]);
        L = ap__order_graph_run_op(s, o, L, rc);
    }
    return peak;
}

static void raw_free(ap__sched_raw *r)
{
    free(r->w);
    free(r->prod);
    free(r->to_end);
    free(r->cs);
    free(r->c);
    free(r->e);
    free(r->tr);
    free(r->trlb);
}

/* Allocates r's arrays for n operators, nt tensors, nc reads and ne precedences (r->n and r->nt
 * set). Returns -1 when out of memory (raw_free frees what was allocated). */
static int raw_alloc(ap__sched_raw *r, uint32_t n, uint32_t nt, size_t nc, size_t ne)
{
    r->n = n;
    r->nt = nt;
    r->w = ap__alloc((size_t)nt + 1, sizeof *r->w);
    r->prod = ap__alloc((size_t)nt + 1, sizeof *r->prod);
    r->to_end = ap__alloc((size_t)nt + 1, 1);
    r->cs = ap__alloc((size_t)nt + 1, sizeof *r->cs);
    r->c = ap__alloc(nc + 1, sizeof *r->c);
    r->e = ap__alloc(2 * ne + 2, sizeof *r->e);
    r->tr = ap__zalloc((size_t)n + 1, sizeof *r->tr);
    r->trlb = ap__zalloc((size_t)n + 1, sizeof *r->trlb);
    return r->w && r->prod && r->to_end && r->cs && r->c && r->e && r->tr && r->trlb ? 0 : -1;
}

/* ---- Pieces ------------------------------------------------------------------------------- */

int ap__order_graph_cuts(const ap__sched *s, unsigned char *cut)
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

/* The tensors operators [a, b) of s touch, in first-touch order, into *list (malloc'd, *nt of
 * them; mark[t] = 1 and loc[t] = its place for each), and *ne the precedences inside. Returns
 * -1 when out of memory (the tensors listed so far are marked). */
static int touched(const ap__sched *s, uint32_t a, uint32_t b, uint32_t *mark, uint32_t *loc,
                   uint32_t **list, uint32_t *nt, size_t *ne)
{
    size_t cap = 0;
    for (uint32_t o = a; o < b; o++) {
        for (int pass = 0; pass < 2; pass++) {
            const uint32_t *st = pass ? s->is : s->os, *v = pass ? s->in : s->o;
            for (uint32_t k = st[o]; k < st[o + 1]; k++) {
                uint32_t t = v[k];
                if (mark[t])
                    continue;
                uint32_t *nl = ap__grow(*list, &cap, (size_t)*nt + 1, sizeof **list);
                if (!nl)
                    return -1;
                *list = nl;
                mark[t] = 1;
                loc[t] = *nt;
                nl[(*nt)++] = t;
            }
        }
        for (uint32_t k = s->ps[o]; k < s->ps[o + 1]; k++)
            *ne += s->p[k] >= a;
    }
    return 0;
}

int ap__order_graph_piece(const ap__sched *s, uint32_t a, uint32_t b, int64_t L_a, const int32_t *lastc,
                          uint32_t *mark, uint32_t *loc, ap__sched *out)
{
    uint32_t nt = 0, *list = NULL, kc = 0;
    size_t ncons = 0, ne = 0, ke = 0;
    int64_t live_in = 0;
    ap__sched_raw r;
    int rcode = -1;
    memset(&r, 0, sizeof r);
    if (touched(s, a, b, mark, loc, &list, &nt, &ne) != 0)
        goto done;
    for (uint32_t j = 0; j < nt; j++)
        for (uint32_t k = s->cs[list[j]]; k < s->cs[list[j] + 1]; k++)
            ncons += s->c[k] >= a && s->c[k] < b;
    if (raw_alloc(&r, b - a, nt, ncons, ne) != 0)
        goto done;
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
    rcode = ap__order_graph_build(out, &r, L_a - live_in, 0);
done:
    for (uint32_t j = 0; j < nt; j++)
        mark[list[j]] = 0;
    free(list);
    raw_free(&r);
    return rcode;
}

/* ---- The bound ----------------------------------------------------------------------------- */

int ap__order_graph_bound(const ap__sched *s, int64_t *lb)
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

int64_t ap__order_graph_frees(const ap__sched *s, uint32_t o, const uint32_t *rc)
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

/* ---- From an ap_order_graph ---------------------------------------------------------------- */

/* Checks g: tensors with their readers after their writer (the given order is valid), the
 * transients, the edges, the bytes in all. *nc receives the number of reads. */
static ap_status check_graph(const ap_order_graph *g, size_t *nc, ap_error *err)
{
    uint32_t n = g->n_ops, nt = g->n_tensors;
    int64_t total = 0;
    if (nt && !g->tensors)
        return ap_error_set(err, AP_ERR_INPUT, "the graph has %u tensors but no tensor array", nt);
    if (g->n_edges && !g->edges)
        return ap_error_set(err, AP_ERR_INPUT, "the graph has %u edges but no edge array",
                            g->n_edges);
    *nc = 0;
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
        *nc += x->n_consumers;
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
    return AP_OK;
}


/* The checked graph g, with nc reads, as raw arrays. Returns -1 when out of memory. */
static int raw_of(const ap_order_graph *g, size_t nc, ap__sched_raw *r)
{
    uint32_t n = g->n_ops, nt = g->n_tensors;
    size_t kc = 0;
    if (raw_alloc(r, n, nt, nc, g->n_edges) != 0)
        return -1;
    for (uint32_t t = 0; t < nt; t++) {
        const ap_order_tensor *x = &g->tensors[t];
        r->w[t] = x->bytes;
        r->prod[t] = x->producer;
        r->to_end[t] = x->to_end != 0;
        r->cs[t] = (uint32_t)kc;
        for (uint32_t k = 0; k < x->n_consumers; k++)
            r->c[kc++] = x->consumers[k];
    }
    r->cs[nt] = (uint32_t)kc;
    if (g->n_edges)
        memcpy(r->e, g->edges, 2 * (size_t)g->n_edges * sizeof *r->e);
    r->ne = g->n_edges;
    for (uint32_t i = 0; i < n; i++) {
        r->tr[i] = g->transient ? g->transient[i] : 0;
        r->trlb[i] = g->transient_lb ? g->transient_lb[i] : r->tr[i];
    }
    return 0;
}

ap_status ap__order_graph_from(const ap_order_graph *g, ap__sched *s, ap_error *err)
{
    ap__sched_raw r;
    size_t nc = 0;
    memset(&r, 0, sizeof r);
    memset(s, 0, sizeof *s);
    ap_status st = check_graph(g, &nc, err);
    if (st != AP_OK)
        return st;
    if (raw_of(g, nc, &r) != 0 || ap__order_graph_build(s, &r, 0, g->start_step != 0) != 0)
        st = ap_error_set(err, AP_ERR_NOMEM, "out of memory ordering operators");
    raw_free(&r);
    if (st != AP_OK)
        ap__order_graph_free(s);
    return st;
}
