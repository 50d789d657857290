/*
 * exact_skyline.c - the skyline search: is there a plan within cap? A complete search that
 * learns from its failures, for models whose search buffers are all plain and meet no fixed
 * buffer (ap__exact_skyline_fits). docs/exact.md tells the story; the arguments are here.
 *
 * State: per section a floor F (every unplaced buffer covering the section sits at or above
 * it) and the set U of unplaced buffers. A completion of (U, F) places the buffers of U, each
 * aligned and at or above the floors of its sections, disjoint where they meet, within cap.
 *
 * Branching. A valley is a maximal run V of sections (of the group being solved) at one floor
 * h0 whose neighbours in the group are higher; h1 is the lower neighbour (none: unbounded).
 * Take a completion of least total offset: every buffer rests on something, its floor rounded
 * up to its alignment or the top of a lower buffer it meets (else it could move down). Either
 * a buffer inside V (all its sections in V) rests on the floor, at align_up(h0), or no buffer
 * meeting V lies below h1: follow what a buffer rests on downwards; the chain ends on a floor,
 * and a buffer reaching out of V sits at h1 or above (its floor there). So the children of a
 * node are "u at align_up(h0)" for each buffer u inside V, and "raise V to h1"; complete.
 *
 * Nogoods. Adding buffers or raising floors only removes completions, so a failure carries
 * over: a nogood (U', G) says that no placement of the buffers U' at or above the floors G
 * fits within cap, for any capacity below its bound. It holds in any state whose unplaced
 * buffers include U' and whose floors reach G. Prunes explain themselves in a few buffers and
 * floors (a section: the buffers covering it and its floor). A node whose children all failed
 * takes the union of their nogoods, each child's own change (the sections it raised) replaced
 * by what made the branching complete: the floor h0 on V and h1 on its neighbours.
 *
 * Learning. When a child's nogood already holds in the node, the choice made there was not the
 * reason: the node fails at once with it, and so on up (backjumping). Where it stops holding
 * it is stored. Stored nogoods are watched like clauses in a SAT solver: each watches one floor
 * it does not reach; when that floor is reached the watch moves to another, and a nogood that
 * reaches all its floors with its buffers unplaced fails the node it is found in (one with a
 * buffer placed waits on that buffer, "parked", until it is taken back). Every buffer in a
 * stored nogood gains activity; candidates are tried most active first, then those that the
 * last search put at the same offset (phase saving), so restarts (Luby's sequence of node
 * budgets) begin with the buffers that caused trouble and keep what worked. Restarts take the
 * leftmost and the rightmost of the lowest valleys in turn. Nogoods, activities, saved
 * offsets and the restart count live in ap__xlearn and carry over across searches and
 * capacities.
 * Everything depends on node counts only: the same input and limits give the same plan.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "planners/exact/exact_skyline.h"

/* ---- the learned nogoods ---- */

typedef struct nrec {
    uint32_t ids_at, nu;  /* buffers U' in ids[] */
    uint32_t g_at, ng;    /* floors G: (gsec, gval)[] */
    uint32_t watch;       /* the watched floor, or PARKED */
    int64_t vcap;         /* valid for capacities below this */
    uint64_t stamp;       /* age */
} nrec;

#define PARKED UINT32_MAX

typedef struct went {
    int64_t val;  /* the watched floor's value (unused for parked ones) */
    uint32_t r;
} went;

typedef struct wlist {
    went *e;  /* a section's watches: a binary heap by val (least first); else in any order */
    size_t n, cap;
} wlist;

/* Bounds on what is kept; past them the older half is dropped. */
#define MAX_RECORDS 100000
#define MAX_POOL ((size_t)2 << 20)

struct ap__xlearn {
    size_t n, nsec;
    nrec *rec;
    size_t nrec, cap_rec;
    uint32_t *ids;
    size_t nids, cap_ids;
    uint32_t *gsec;
    int64_t *gval;
    size_t ng, cap_gsec, cap_gval;
    wlist *wl;   /* per section: nogoods watching its floor, unreached (a heap by val) */
    wlist *iwl;  /* per section: nogoods idle on its floor, reached (they held when last seen) */
    wlist *bwl;  /* per buffer: nogoods parked on it */
    uint64_t stamp;
    size_t max_records;  /* past this many, the older half is dropped */
    double *act, inc;
    int64_t *saved;  /* per buffer: where the last search put it */
    uint64_t restarts;
};

typedef struct cand {
    int64_t saved;  /* the buffer was here in the last search that placed it */
    double act;
    int64_t fit, area;
    uint32_t b;  /* RAISE: the raise */
} cand;

#define RAISE UINT32_MAX

typedef struct sky {
    const ap__xmodel *m;
    ap__xlearn *L;
    int64_t cap;
    int64_t *F, *sum, *cut, *off, *mo;  /* mo: unplaced: the highest floor over its sections */
    int64_t *ms;                       /* a section of its range with that floor */
    int64_t *hp;                       /* per section: at least the highest position (mo
                                          aligned) of an unplaced buffer in it */
    uint32_t *list;                    /* all buffers; a group is a segment of it */
    uint64_t *keys;                    /* scratch for grouping */
    ap__xpair *ep;                     /* scratch for the section bound */
    uint64_t *dirty, stamp;            /* sections changed by the last placement or raise */
    uint64_t *cover;                   /* scratch for trim (stamped) */
    ap__xtr *trail;
    size_t ntrail, cap_trail;
    cand *cs;
    size_t ncs, cap_cs;
    size_t words;                      /* of a buffer bitset */
    uint64_t *ngU;                     /* per depth: the node's nogood U', G and bound */
    int64_t *ngG, *ngV;
    size_t ng_cap;
    long conflict;                     /* a stored nogood found to hold by a placement */
    int rightmost;                     /* which of the lowest valleys to take */
    uint64_t nodes, budget;
    ap__xclock *clk;
    int64_t need;
    int nomem;
} sky;

static void set(sky *S, int64_t *at, int64_t v)
{
    ap__xset(&S->trail, &S->ntrail, &S->cap_trail, &S->nomem, at, v);
}

/* ---- the nogood of each node on the path ---- */

static int ng_reserve(sky *S, size_t d)
{
    size_t nsec = S->L->nsec;
    if (d + 2 > S->ng_cap) {
        size_t nc = S->ng_cap * 2 + 16;
        uint64_t *u = ap__grow(S->ngU, &(size_t){S->ng_cap * S->words}, nc * S->words, sizeof *u);
        int64_t *g, *v;
        if (!u)
            return 0;
        S->ngU = u;
        if (!(g = ap__grow(S->ngG, &(size_t){S->ng_cap * nsec}, nc * nsec, sizeof *g)))
            return 0;
        S->ngG = g;
        if (!(v = ap__grow(S->ngV, &(size_t){S->ng_cap}, nc, sizeof *v)))
            return 0;
        S->ngV = v;
        S->ng_cap = nc;
    }
    return 1;
}

static uint64_t *ngU(sky *S, size_t d) { return S->ngU + d * S->words; }
static int64_t *ngG(sky *S, size_t d) { return S->ngG + d * S->L->nsec; }

static void ng_clear(sky *S, size_t d)
{
    memset(ngU(S, d), 0, S->words * sizeof *S->ngU);
    memset(ngG(S, d), 0, S->L->nsec * sizeof *S->ngG);  /* 0: no floor required */
    S->ngV[d] = INT64_MAX;
}

static void ng_buf(sky *S, size_t d, uint32_t u)
{
    ngU(S, d)[u >> 6] |= UINT64_C(1) << (u & 63);
}

static void ng_floor(sky *S, size_t d, uint32_t k, int64_t v)
{
    int64_t *g = ngG(S, d);
    if (g[k] < v)
        g[k] = v;
}

/* A prune at capacity demand v: the nogood holds below v, and so does the whole search. */
static void ng_need(sky *S, size_t d, int64_t v)
{
    if (v < S->need)
        S->need = v;
    if (v < S->ngV[d])
        S->ngV[d] = v;
}

/* A section of u's range whose floor is at least mo[u] (where mo[u] came from). */
static uint32_t top_section(const sky *S, uint32_t u)
{
    return (uint32_t)S->ms[u];
}

/* ---- stored nogoods ---- */

static int wl_push(sky *S, wlist *w, uint32_t r, int64_t val)
{
    if (w->n == w->cap) {
        went *e = ap__grow(w->e, &w->cap, w->n + 1, sizeof *w->e);
        if (!e) {
            S->nomem = 1;
            return 0;
        }
        w->e = e;
    }
    w->e[w->n].val = val;
    w->e[w->n].r = r;
    w->n++;
    return 1;
}

/* The heap of a section's watches: every entry's val is above the section's floor, so a rise
 * of the floor visits exactly the entries it reaches, least first, and one that reaches none
 * costs a comparison. */
static void heap_push(sky *S, wlist *w, uint32_t r, int64_t val)
{
    size_t i;
    if (!wl_push(S, w, r, val))
        return;
    for (i = w->n - 1; i > 0; ) {
        size_t up = (i - 1) / 2;
        went t;
        if (w->e[up].val <= w->e[i].val)
            break;
        t = w->e[up];
        w->e[up] = w->e[i];
        w->e[i] = t;
        i = up;
    }
}

static went heap_pop(wlist *w)
{
    went top = w->e[0];
    size_t i = 0;
    w->e[0] = w->e[--w->n];
    for (;;) {
        size_t c = 2 * i + 1;
        went t;
        if (c >= w->n)
            break;
        if (c + 1 < w->n && w->e[c + 1].val < w->e[c].val)
            c++;
        if (w->e[i].val <= w->e[c].val)
            break;
        t = w->e[c];
        w->e[c] = w->e[i];
        w->e[i] = t;
        i = c;
    }
    return top;
}

/* The unreached floor of record ri with the largest gap, or r->ng when it reaches them all. */
static uint32_t unreached(const sky *S, const nrec *r)
{
    const ap__xlearn *L = S->L;
    uint32_t c, q = r->ng;
    int64_t gap = 0;
    assert((size_t)r->g_at + r->ng <= L->ng);
    for (c = 0; c < r->ng; c++) {
        int64_t g = L->gval[r->g_at + c] - S->F[L->gsec[r->g_at + c]];
        if (g > gap) {
            gap = g;
            q = c;
        }
    }
    return q;
}

/* A placed buffer of record r's U', or RAISE when all are unplaced. */
static uint32_t placed_member(const sky *S, const nrec *r)
{
    uint32_t q;
    assert((size_t)r->ids_at + r->nu <= S->L->nids);
    for (q = 0; q < r->nu; q++)
        if (S->off[S->L->ids[r->ids_at + q]] != AP_UNPLACED)
            return S->L->ids[r->ids_at + q];
    return RAISE;
}

/* Watches record ri from the current state: an unreached floor, else a placed buffer of U'
 * (parked). Returns 1 when it holds now (then it stays on a reached floor, idle until that
 * floor is taken back). */
static int rewatch(sky *S, uint32_t ri)
{
    ap__xlearn *L = S->L;
    nrec *r;
    uint32_t q, u;
    assert(ri < L->nrec);
    r = &L->rec[ri];
    q = unreached(S, r);
    if (q < r->ng) {
        r->watch = q;
        heap_push(S, &L->wl[L->gsec[r->g_at + q]], ri, L->gval[r->g_at + q]);
        return 0;
    }
    if ((u = placed_member(S, r)) != RAISE) {
        r->watch = PARKED;
        wl_push(S, &L->bwl[u], ri, 0);
        return 0;
    }
    r->watch = 0;
    wl_push(S, &L->iwl[L->gsec[r->g_at]], ri, L->gval[r->g_at]);
    return 1;
}

/* F[k] rose: the records watching a floor it now reaches move on, park, or (all floors
 * reached, all buffers unplaced) become the conflict of the node being entered and wait, idle,
 * until the floor is taken back (reactivate). */
static void watches(sky *S, uint32_t k)
{
    ap__xlearn *L = S->L;
    wlist *w;
    int64_t h;
    assert(k < L->nsec);
    w = &L->wl[k];
    h = S->F[k];
    while (w->n > 0 && w->e[0].val <= h) {
        went e = heap_pop(w);
        uint32_t ri = e.r, q, u;
        nrec *r;
        assert(ri < L->nrec);
        r = &L->rec[ri];
        if ((q = unreached(S, r)) < r->ng) {
            r->watch = q;
            heap_push(S, &L->wl[L->gsec[r->g_at + q]], ri, L->gval[r->g_at + q]);
            continue;
        }
        if ((u = placed_member(S, r)) != RAISE) {
            r->watch = PARKED;
            wl_push(S, &L->bwl[u], ri, 0);
            continue;
        }
        if (S->conflict < 0 && S->cap < r->vcap)
            S->conflict = (long)ri;
        wl_push(S, &L->iwl[k], ri, e.val);
    }
}

/* The floors of [a, b) were taken back: the idle records whose floor is unreached again watch
 * it again. */
static void reactivate(sky *S, uint32_t a, uint32_t b)
{
    ap__xlearn *L = S->L;
    uint32_t k;
    for (k = a; k < b; k++) {
        wlist *w = &L->iwl[k];
        size_t i, j = 0;
        for (i = 0; i < w->n; i++) {
            if (w->e[i].val > S->F[k])
                heap_push(S, &L->wl[k], w->e[i].r, w->e[i].val);
            else
                w->e[j++] = w->e[i];
        }
        w->n = j;
    }
}

/* Buffer v was taken back: the records parked on it watch again. Returns one that holds in
 * this state within cap, or -1. */
static long unpark(sky *S, uint32_t v)
{
    ap__xlearn *L = S->L;
    wlist *b;
    size_t i, n;
    long holds = -1;
    assert(v < L->n);
    b = &L->bwl[v];
    n = b->n;
    b->n = 0;
    for (i = 0; i < n; i++) {
        uint32_t ri = b->e[i].r;
        if (rewatch(S, ri) && holds < 0 && S->cap < L->rec[ri].vcap)
            holds = (long)ri;
    }
    return holds;
}

/* Drops the older half of the records and watches the rest again. */
static void reduce(sky *S)
{
    ap__xlearn *L = S->L;
    size_t i, keep = 0, nid = 0, ng = 0, k;
    uint64_t cut = L->stamp - L->nrec / 2;
    for (k = 0; k < L->nsec; k++)
        L->wl[k].n = L->iwl[k].n = 0;
    for (k = 0; k < L->n; k++)
        L->bwl[k].n = 0;
    for (i = 0; i < L->nrec; i++) {
        nrec r = L->rec[i];
        if (r.stamp < cut)
            continue;
        memmove(L->ids + nid, L->ids + r.ids_at, r.nu * sizeof *L->ids);
        memmove(L->gsec + ng, L->gsec + r.g_at, r.ng * sizeof *L->gsec);
        memmove(L->gval + ng, L->gval + r.g_at, r.ng * sizeof *L->gval);
        r.ids_at = (uint32_t)nid;
        r.g_at = (uint32_t)ng;
        nid += r.nu;
        ng += r.ng;
        L->rec[keep] = r;
        rewatch(S, (uint32_t)keep);
        keep++;
    }
    L->nrec = keep;
    L->nids = nid;
    L->ng = ng;
}

/* Stores the nogood of depth d (sections [s0, s1)), which does not hold in this state, and
 * bumps the activity of its buffers. */
static void store(sky *S, size_t d, uint32_t s0, uint32_t s1)
{
    ap__xlearn *L = S->L;
    const uint64_t *u = ngU(S, d);
    const int64_t *g = ngG(S, d);
    size_t w;
    uint32_t k, nu = 0, ng = 0;
    nrec *r;
    for (w = 0; w < S->words; w++)
        nu += (uint32_t)__builtin_popcountll(u[w]);
    for (k = s0; k < s1; k++)
        ng += g[k] != 0;
    if (ng == 0)
        return;  /* it holds everywhere: the search fails anyway */
    if (L->nrec >= L->max_records || L->nids + nu > MAX_POOL || L->ng + ng > MAX_POOL)
        reduce(S);
    {
        nrec *nr = ap__grow(L->rec, &L->cap_rec, L->nrec + 1, sizeof *L->rec);
        uint32_t *ni, *ns;
        int64_t *nv;
        if (nr)
            L->rec = nr;
        ni = nr ? ap__grow(L->ids, &L->cap_ids, L->nids + nu, sizeof *L->ids) : NULL;
        if (ni)
            L->ids = ni;
        ns = ni ? ap__grow(L->gsec, &L->cap_gsec, L->ng + ng, sizeof *L->gsec) : NULL;
        if (ns)
            L->gsec = ns;
        nv = ns ? ap__grow(L->gval, &L->cap_gval, L->ng + ng, sizeof *L->gval) : NULL;
        if (!nv) {
            S->nomem = 1;
            return;
        }
        L->gval = nv;
    }
    r = &L->rec[L->nrec];
    r->ids_at = (uint32_t)L->nids;
    r->nu = nu;
    r->g_at = (uint32_t)L->ng;
    r->ng = ng;
    r->vcap = S->ngV[d];
    r->stamp = L->stamp++;
    for (w = 0; w < S->words; w++) {
        uint64_t x = u[w];
        while (x) {
            uint32_t id = (uint32_t)(w * 64 + (size_t)__builtin_ctzll(x));
            L->ids[L->nids++] = id;
            if ((L->act[id] += L->inc) > 1e100) {
                size_t z;
                for (z = 0; z < L->n; z++)
                    L->act[z] *= 1e-100;
                L->inc *= 1e-100;
            }
            x &= x - 1;
        }
    }
    L->inc *= 1.02;  /* recent failures weigh more */
    for (k = s0; k < s1; k++)
        if (g[k]) {
            L->gsec[L->ng] = k;
            L->gval[L->ng] = g[k];
            L->ng++;
        }
    L->nrec++;
    rewatch(S, (uint32_t)(L->nrec - 1));
}

/* ---- state changes ---- */

static void mark(sky *S, uint32_t a, uint32_t b)
{
    uint32_t k;
    for (k = a; k < b; k++)
        S->dirty[k] = S->stamp;
}

/* Raises the floors of [a, b), all at one value (a valley or inside one), to h. All floors
 * first, then the watches: a nogood then moves straight past the run. */
static void rise(sky *S, uint32_t a, uint32_t b, int64_t h)
{
    uint32_t k;
    for (k = a; k < b; k++)
        set(S, &S->F[k], h);
    for (k = a; k < b; k++)
        watches(S, k);
}

/* mo[u] rose: u's sections are to be checked again, and their highest positions may rise. */
static void lifted(sky *S, uint32_t u)
{
    const ap__xmodel *m = S->m;
    int64_t p = ap__align_up(S->mo[u], m->align[u]), *hp = S->hp;
    uint64_t *dirty = S->dirty, stamp = S->stamp;
    uint32_t k, end = m->sec_hi[u];
    /* locals: the trail's stores could alias S's fields, which the loop would reload */
    for (k = m->sec_lo[u]; k < end; k++) {
        dirty[k] = stamp;
        if (hp[k] < p)
            set(S, &hp[k], p);
    }
}

static void place(sky *S, uint32_t v, int64_t x)
{
    const ap__xmodel *m = S->m;
    int64_t top = x + m->size[v];
    uint32_t k, j;
    S->stamp++;
    set(S, &S->off[v], x);
    S->L->saved[v] = x;
    mark(S, m->sec_lo[v], m->sec_hi[v]);
    for (k = m->sec_lo[v]; k < m->sec_hi[v]; k++) {
        set(S, &S->sum[k], S->sum[k] - m->size[v]);
        if (k + 1 < m->sec_hi[v])
            set(S, &S->cut[k], S->cut[k] - 1);
    }
    for (j = m->adj_start[v]; j < m->adj_start[v + 1]; j++) {
        uint32_t u = m->adj[j];
        if (S->off[u] == AP_UNPLACED && S->mo[u] < top) {
            set(S, &S->mo[u], top);
            set(S, &S->ms[u], ap__max64(m->sec_lo[u], m->sec_lo[v]));  /* one they share */
            lifted(S, u);
        }
    }
    rise(S, m->sec_lo[v], m->sec_hi[v], top);
}

static void raise_valley(sky *S, uint32_t a, uint32_t b, int64_t h)
{
    const ap__xmodel *m = S->m;
    uint32_t k, j;
    S->stamp++;
    mark(S, a, b);
    for (k = a; k < b; k++)
        for (j = m->sec_start[k]; j < m->sec_start[k + 1]; j++) {
            uint32_t u = m->sec_buf[j];
            if (S->off[u] == AP_UNPLACED && S->mo[u] < h) {
                set(S, &S->mo[u], h);
                set(S, &S->ms[u], k);
                lifted(S, u);
            }
        }
    rise(S, a, b, h);
}

/* ---- the capacity checks ---- */

/* Section k: the least capacity its unplaced buffers need, each at or above the floor and its
 * own lowest position p (mo rounded up): those with p >= t need their sizes above t, for every
 * t (one machine with release times). *t gets the threshold that gives it; the floor F[k]
 * means all of them. */
static int64_t section_need(sky *S, uint32_t k, int64_t *t)
{
    const ap__xmodel *m = S->m;
    int64_t need = S->F[k] + S->sum[k], low = S->cap - S->sum[k], sum = 0, high = 0;
    uint32_t j;
    size_t nb = 0, q;
    *t = S->F[k];
    if (need > S->cap || S->hp[k] <= low)
        return need;
    /* a threshold t at or below cap - sum[k] gives at most cap: only the buffers above it can
       be thresholds of a prune, or count towards one (the result is exact whenever it is
       above cap, and at most cap otherwise); hp[k] tells when there are none */
    /* what the loop reads, in locals (its stores to ep may otherwise reload them) */
    const int64_t *off = S->off, *mo = S->mo, *align = m->align, *size = m->size;
    ap__xpair *ep = S->ep;
    for (j = m->sec_start[k]; j < m->sec_start[k + 1]; j++) {
        uint32_t u = m->sec_buf[j];
        int64_t p;
        if (off[u] != AP_UNPLACED)
            continue;
        p = ap__align_up(mo[u], align[u]);
        if (p > low) {
            ep[nb].pos = p;
            ep[nb].size = size[u];
            nb++;
            high = ap__max64(high, p);
            sum += size[u];
        }
    }
    if (high + sum <= S->cap)
        return need;  /* no threshold can exceed the capacity */
    sum = 0;
    ap__exact_model_sort_desc(S->ep, nb);
    for (q = 0; q < nb; q++) {
        sum += S->ep[q].size;
        if (S->ep[q].pos + sum > need) {
            need = S->ep[q].pos + sum;
            *t = S->ep[q].pos;
        }
    }
    return need;
}

/* The nogood of a section prune at k with threshold t: the buffers counted and the floors
 * that put them at or above t. */
static void explain_section(sky *S, size_t d, uint32_t k, int64_t t)
{
    const ap__xmodel *m = S->m;
    uint32_t j;
    if (t == S->F[k])
        ng_floor(S, d, k, S->F[k]);
    for (j = m->sec_start[k]; j < m->sec_start[k + 1]; j++) {
        uint32_t u = m->sec_buf[j];
        if (S->off[u] != AP_UNPLACED)
            continue;
        if (t == S->F[k])
            ng_buf(S, d, u);
        else if (ap__align_up(S->mo[u], m->align[u]) >= t) {
            ng_buf(S, d, u);
            ng_floor(S, d, top_section(S, u), S->mo[u]);
        }
    }
}

/* Returns 0 to prune, with the nogood at depth d. Sections not changed by the move that made
 * this node (stamp st; 0: check all) passed in the parent. */
static int feasible_here(sky *S, size_t begin, size_t end, uint32_t s0, uint32_t s1, size_t d,
                         uint64_t st)
{
    const ap__xmodel *m = S->m;
    size_t i;
    uint32_t k;
    for (i = begin; i < end; i++) {
        uint32_t u = S->list[i];
        int64_t top = ap__align_up(S->mo[u], m->align[u]) + m->size[u];
        if (top > S->cap) {
            ng_need(S, d, top);
            ng_buf(S, d, u);
            ng_floor(S, d, top_section(S, u), S->mo[u]);
            return 0;
        }
    }
    for (k = s0; k < s1; k++) {
        int64_t t, need;
        if (st && S->dirty[k] != st)
            continue;
        if ((need = section_need(S, k, &t)) > S->cap) {
            ng_need(S, d, need);
            explain_section(S, d, k, t);
            return 0;
        }
    }
    return 1;
}

/* ---- the search ---- */

static int cmp_cand(const void *x, const void *y)
{
    const cand *a = x, *b = y;
    if (a->act != b->act)
        return a->act > b->act ? -1 : 1;
    if (a->saved != b->saved)
        return a->saved > b->saved ? -1 : 1;
    if (a->fit != b->fit)
        return a->fit > b->fit ? -1 : 1;
    if (a->area != b->area)
        return a->area > b->area ? -1 : 1;
    return a->b < b->b ? -1 : a->b > b->b;
}

static ap__xresult node(sky *S, size_t begin, size_t end, uint32_t s0, uint32_t s1, size_t d,
                        uint64_t st);

/* Solves list[begin, end) group by group (groups share no section); a failing group's nogood
 * is at depth d. */
static ap__xresult groups(sky *S, size_t begin, size_t end, size_t d, uint64_t st)
{
    size_t g, e;
    ap__exact_model_group_sort(S->m, S->list, S->keys, begin, end);
    for (g = begin; g < end; g = e) {
        uint32_t s0, s1;
        ap__xresult r;
        e = ap__exact_model_group_end(S->m, S->list, g, end, &s0, &s1);
        if ((r = node(S, g, e, s0, s1, d, st)) != AP__FOUND)
            return r;
    }
    return AP__FOUND;
}

static int push_cand(sky *S, uint32_t u, double act, int64_t fit, int64_t area, int64_t saved)
{
    cand *c = ap__grow(S->cs, &S->cap_cs, S->ncs + 1, sizeof *S->cs);
    if (!c) {
        S->nomem = 1;
        return 0;
    }
    S->cs = c;
    S->cs[S->ncs].act = act;
    S->cs[S->ncs].saved = saved;
    S->cs[S->ncs].fit = fit;
    S->cs[S->ncs].area = area;
    S->cs[S->ncs].b = u;
    S->ncs++;
    return 1;
}

/* Whether the child's nogood (depth d + 1) holds in this node: only the sections the child
 * changed, [a, b), can differ. */
static int child_holds(sky *S, size_t d, uint32_t a, uint32_t b)
{
    const int64_t *g = ngG(S, d + 1);
    uint32_t k;
    for (k = a; k < b; k++)
        if (g[k] > S->F[k])
            return 0;
    return 1;
}

static void take_child(sky *S, size_t d, uint32_t s0, uint32_t s1)
{
    memcpy(ngU(S, d), ngU(S, d + 1), S->words * sizeof *S->ngU);
    memcpy(ngG(S, d) + s0, ngG(S, d + 1) + s0, (s1 - s0) * sizeof *S->ngG);
    S->ngV[d] = S->ngV[d + 1];
}

/* Adds the child's nogood to this node's, except its floors on [a, b), the sections the child
 * changed: the valley's floors (already in) stand for them. */
static void merge_child(sky *S, size_t d, uint32_t s0, uint32_t s1, uint32_t a, uint32_t b)
{
    uint64_t *u = ngU(S, d);
    const uint64_t *cu = ngU(S, d + 1);
    int64_t *g = ngG(S, d);
    const int64_t *cg = ngG(S, d + 1);
    size_t w;
    uint32_t k;
    for (w = 0; w < S->words; w++)
        u[w] |= cu[w];
    for (k = s0; k < s1; k++)
        if ((k < a || k >= b) && g[k] < cg[k])
            g[k] = cg[k];
    if (S->ngV[d + 1] < S->ngV[d])
        S->ngV[d] = S->ngV[d + 1];
}

/* Drops the floors of the nogood at depth d on sections none of its buffers covers: they
 * constrain nothing it speaks of. */
static void trim(sky *S, size_t d, uint32_t s0, uint32_t s1)
{
    const ap__xmodel *m = S->m;
    const uint64_t *u = ngU(S, d);
    int64_t *g = ngG(S, d);
    uint32_t k;
    size_t w;
    S->stamp++;
    for (w = 0; w < S->words; w++) {
        uint64_t x = u[w];
        while (x) {
            uint32_t id = (uint32_t)(w * 64 + (size_t)__builtin_ctzll(x));
            for (k = m->sec_lo[id]; k < m->sec_hi[id]; k++)
                S->cover[k] = S->stamp;
            x &= x - 1;
        }
    }
    for (k = s0; k < s1; k++)
        if (S->cover[k] != S->stamp)
            g[k] = 0;
}

/* Loads stored record ri as the nogood of depth d. */
static void load(sky *S, size_t d, long ri)
{
    const ap__xlearn *L = S->L;
    const nrec *r = &L->rec[ri];
    uint32_t q;
    ng_clear(S, d);
    for (q = 0; q < r->nu; q++)
        ng_buf(S, d, L->ids[r->ids_at + q]);
    for (q = 0; q < r->ng; q++)
        ng_floor(S, d, L->gsec[r->g_at + q], L->gval[r->g_at + q]);
    ng_need(S, d, r->vcap);
}

/* The valley of [s0, s1): the lowest run of equal floors [*a, *b) (leftmost, or rightmost
 * when S->rightmost), at *h0, with *h1 the lower of its neighbours (or "no ceiling"); the
 * floors it depends on go into depth d's nogood. */
static void valley(sky *S, uint32_t s0, uint32_t s1, size_t d, uint32_t *a, uint32_t *b,
                   int64_t *h0, int64_t *h1)
{
    uint32_t k, lo = s0, hi;
    for (k = s0 + 1; k < s1; k++)
        if (S->F[k] < S->F[lo] || (S->rightmost && S->F[k] == S->F[lo]))
            lo = k;
    for (hi = lo + 1; hi < s1 && S->F[hi] == S->F[lo]; hi++) {
    }
    while (lo > s0 && S->F[lo - 1] == S->F[lo])
        lo--;
    *h0 = S->F[lo];
    *h1 = INT64_MAX / 4;  /* no neighbour: nothing may meet the valley above the floor */
    if (lo > s0)
        *h1 = S->F[lo - 1];
    if (hi < s1)
        *h1 = ap__min64(*h1, S->F[hi]);
    for (k = lo; k < hi; k++)
        ng_floor(S, d, k, *h0);
    if (lo > s0)
        ng_floor(S, d, lo - 1, *h1);
    if (hi < s1)
        ng_floor(S, d, hi, *h1);
    *a = lo;
    *b = hi;
}

/* Pushes the candidates of valley [a, b) at h0 onto S->cs, in order: the buffers inside it,
 * most active first, then those the last search put here, then those that fill it from end
 * to end, then by area; the raise last. A buffer that cannot fit within cap there goes into
 * depth d's nogood instead. Returns how many, or -1 when out of memory (none kept). */
static long candidates(sky *S, uint32_t a, uint32_t b, int64_t h0, size_t d)
{
    const ap__xmodel *m = S->m;
    size_t c0 = S->ncs;
    uint32_t k;
    for (k = a; k < b; k++) {
        uint32_t j;
        for (j = m->sec_start[k]; j < m->sec_start[k + 1]; j++) {
            uint32_t u = m->sec_buf[j];
            int64_t x;
            if (S->off[u] != AP_UNPLACED || m->sec_lo[u] != k || m->sec_hi[u] > b)
                continue;
            x = ap__align_up(h0, m->align[u]);
            if (x + m->size[u] > S->cap) {
                ng_need(S, d, x + m->size[u]);
                ng_buf(S, d, u);
                continue;
            }
            if (!push_cand(S, u, S->L->act[u], m->sec_lo[u] == a && m->sec_hi[u] == b,
                           m->size[u] * (m->upper[u] - m->lower[u]), S->L->saved[u] == x)) {
                S->ncs = c0;
                return -1;
            }
        }
    }
    if (!push_cand(S, RAISE, -1.0, 0, 0, 0)) {
        S->ncs = c0;
        return -1;
    }
    qsort(S->cs + c0, S->ncs - c0, sizeof *S->cs, cmp_cand);
    return (long)(S->ncs - c0);
}

/* The child of candidate v: v placed at the valley's floor h0 (moved to the end of the group
 * list[begin, end)), or the valley [a, b) raised to h1 (v = RAISE); its search. [*ca, *cb): the
 * sections the move changed. The caller undoes it. */
static ap__xresult child(sky *S, size_t begin, size_t end, uint32_t s0, uint32_t s1, size_t d,
                         uint32_t v, uint32_t a, uint32_t b, int64_t h0, int64_t h1,
                         uint32_t *ca, uint32_t *cb)
{
    const ap__xmodel *m = S->m;
    ap__xresult r;
    size_t pos;
    *ca = a;
    *cb = b;
    if (v == RAISE) {
        raise_valley(S, a, b, h1);
        return S->nomem ? AP__ERROR : node(S, begin, end, s0, s1, d + 1, S->stamp);
    }
    for (pos = begin; S->list[pos] != v; pos++) {
    }
    assert(pos < end);
    S->list[pos] = S->list[end - 1];
    S->list[end - 1] = v;
    place(S, v, ap__align_up(h0, m->align[v]));
    *ca = m->sec_lo[v];
    *cb = m->sec_hi[v];
    if (S->nomem)
        r = AP__ERROR;
    else if (ap__exact_model_splits(S->m, S->cut, v))
        r = groups(S, begin, end - 1, d + 1, S->stamp);
    else
        r = node(S, begin, end - 1, s0, s1, d + 1, S->stamp);
    if (r == AP__NONE)
        ng_buf(S, d, v);
    return r;
}

/* Solves the group list[begin, end) over sections [s0, s1); st: see feasible_here. Tries the
 * valley's candidates in turn; after each failure it learns (a backjump, a stored nogood that
 * holds, a new one) before the next. */
static ap__xresult node(sky *S, size_t begin, size_t end, uint32_t s0, uint32_t s1, size_t d,
                        uint64_t st)
{
    size_t i, c0;
    long nc;
    uint32_t a, b;
    int64_t h0, h1;
    if (!ng_reserve(S, d)) {
        S->nomem = 1;
        return AP__ERROR;
    }
    if (S->conflict >= 0) {  /* the move that made this node completed a stored nogood */
        load(S, d, S->conflict);
        S->conflict = -1;
        return AP__NONE;
    }
    if (begin == end)
        return AP__FOUND;
    if (S->nodes >= S->budget || !ap__exact_clock_tick(S->clk))
        return AP__ABORT;
    S->nodes++;
    ng_clear(S, d);
    if (!feasible_here(S, begin, end, s0, s1, d, st))
        return AP__NONE;
    valley(S, s0, s1, d, &a, &b, &h0, &h1);
    c0 = S->ncs;
    if ((nc = candidates(S, a, b, h0, d)) < 0)
        return AP__ERROR;

    for (i = 0; i < (size_t)nc; i++) {
        size_t mark0 = S->ntrail;
        uint64_t n0 = S->nodes;
        uint32_t v = S->cs[c0 + i].b, ca, cb;
        long holds = -1;
        ap__xresult r = child(S, begin, end, s0, s1, d, v, a, b, h0, h1, &ca, &cb);
        S->conflict = -1;
        if (r == AP__FOUND) {
            S->ncs = c0;
            return r;
        }
        ap__xundo(S->trail, &S->ntrail, mark0);
        reactivate(S, ca, cb);
        if (v != RAISE)
            holds = unpark(S, v);
        if (S->nomem)
            r = AP__ERROR;
        if (r != AP__NONE) {
            S->ncs = c0;
            return r;
        }
        if (child_holds(S, d, ca, cb)) {
            take_child(S, d, s0, s1);  /* backjump */
            S->ncs = c0;
            return AP__NONE;
        }
        if (holds >= 0)
            load(S, d, holds);  /* a stored nogood holds here already; before store, which
                                   may drop records and renumber the rest */
        if (S->nodes - n0 >= 2)
            store(S, d + 1, s0, s1);  /* leaves are cheaper to redo than to store */
        if (holds >= 0) {
            S->ncs = c0;
            return S->nomem ? AP__ERROR : AP__NONE;
        }
        merge_child(S, d, s0, s1, ca, cb);
    }
    S->ncs = c0;
    trim(S, d, s0, s1);
    return S->nomem ? AP__ERROR : AP__NONE;
}

/* ---- the learning state and the restarts ---- */

int ap__exact_skyline_fits(const ap__xmodel *m)
{
    size_t i;
    if (m->fix_start[m->n] != 0)
        return 0;
    /* each depth of the path keeps a nogood: a floor per section and a bit per buffer, and the
       path is about n deep; past 2 million words (16 MB a depth-n path) it is not worth it */
    if ((double)m->n * ((double)m->nsec + (double)m->n / 64 + 2) > 2e6)
        return 0;
    for (i = 0; i < m->n; i++)
        if (!m->plain[i])
            return 0;
    return 1;
}

ap__xlearn *ap__exact_skyline_learn_new(const ap__xmodel *m)
{
    ap__xlearn *L = ap__zalloc(1, sizeof *L);
    size_t i;
    if (!L)
        return NULL;
    L->n = m->n;
    L->nsec = m->nsec + 1;
    L->max_records = MAX_RECORDS;
    L->inc = 1.0;
    L->wl = ap__zalloc(L->nsec, sizeof *L->wl);
    L->iwl = ap__zalloc(L->nsec, sizeof *L->iwl);
    L->bwl = ap__zalloc(L->n + 1, sizeof *L->bwl);
    L->act = ap__zalloc(L->n + 1, sizeof *L->act);
    L->saved = ap__alloc(L->n + 1, sizeof *L->saved);
    if (!L->wl || !L->iwl || !L->bwl || !L->act || !L->saved) {
        ap__exact_skyline_learn_free(L);
        return NULL;
    }
    for (i = 0; i < L->n; i++)
        L->saved[i] = -1;
    return L;
}

void ap__exact_skyline_learn_limit(ap__xlearn *L, size_t max_records)
{
    L->max_records = max_records > 1 ? max_records : 1;
}

void ap__exact_skyline_learn_free(ap__xlearn *L)
{
    size_t i;
    if (!L)
        return;
    for (i = 0; L->wl && i < L->nsec; i++)
        free(L->wl[i].e);
    for (i = 0; L->iwl && i < L->nsec; i++)
        free(L->iwl[i].e);
    for (i = 0; L->bwl && i < L->n; i++)
        free(L->bwl[i].e);
    free(L->wl);
    free(L->iwl);
    free(L->bwl);
    free(L->act);
    free(L->saved);
    free(L->rec);
    free(L->ids);
    free(L->gsec);
    free(L->gval);
    free(L);
}

static void sky_free(sky *S)
{
    free(S->F);
    free(S->sum);
    free(S->cut);
    free(S->off);
    free(S->mo);
    free(S->ms);
    free(S->hp);
    free(S->list);
    free(S->keys);
    free(S->ep);
    free(S->dirty);
    free(S->cover);
    free(S->trail);
    free(S->cs);
    free(S->ngU);
    free(S->ngG);
    free(S->ngV);
}

/* One search from the root with a node budget. */
static ap__xresult one_search(sky *S, uint64_t budget)
{
    const ap__xmodel *m = S->m;
    ap__xlearn *L = S->L;
    size_t i;
    uint32_t k;
    memset(S->F, 0, L->nsec * sizeof *S->F);
    memset(S->sum, 0, L->nsec * sizeof *S->sum);
    memset(S->cut, 0, L->nsec * sizeof *S->cut);
    memset(S->hp, 0, L->nsec * sizeof *S->hp);
    memset(S->mo, 0, (m->n + 1) * sizeof *S->mo);
    for (i = 0; i < m->n; i++)
        S->ms[i] = m->sec_lo[i];
    for (i = 0; i < m->n; i++) {
        S->off[i] = AP_UNPLACED;
        S->list[i] = (uint32_t)i;
        for (k = m->sec_lo[i]; k < m->sec_hi[i]; k++) {
            S->sum[k] += m->size[i];
            if (k + 1 < m->sec_hi[i])
                S->cut[k]++;
        }
    }
    /* nogoods parked on buffers placed in the last search, or idle on floors it reached, watch
       floors again */
    reactivate(S, 0, (uint32_t)m->nsec);
    for (i = 0; i < m->n; i++)
        unpark(S, (uint32_t)i);
    S->ntrail = 0;
    S->ncs = 0;
    S->conflict = -1;
    S->nodes = 0;
    S->budget = budget;
    S->need = INT64_MAX;
    return S->nomem ? AP__ERROR : groups(S, 0, m->n, 0, 0);
}

/* Luby's sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ... (i from 1). */
static uint64_t luby(uint64_t i)
{
    for (;;) {
        uint64_t k = 1;
        while ((UINT64_C(1) << k) - 1 < i)
            k++;
        if ((UINT64_C(1) << k) - 1 == i)
            return UINT64_C(1) << (k - 1);
        i -= (UINT64_C(1) << (k - 1)) - 1;
    }
}

ap__xresult ap__exact_skyline_run(const ap__xmodel *m, ap__xlearn *L, int64_t cap, uint64_t budget,
                                  ap__xclock *clk, int64_t *xoff, int64_t *need, ap_error *err)
{
    sky S;
    size_t nsec = L->nsec;
    uint64_t spent = 0, unit = (uint64_t)ap__max64(256, 2 * (int64_t)m->n);
    ap__xresult r = AP__ABORT;
    memset(&S, 0, sizeof S);
    S.m = m;
    S.L = L;
    S.cap = cap;
    S.clk = clk;
    S.need = INT64_MAX;
    S.words = (m->n + 63) / 64 + 1;
    S.F = ap__alloc(nsec, sizeof *S.F);
    S.sum = ap__alloc(nsec, sizeof *S.sum);
    S.cut = ap__alloc(nsec, sizeof *S.cut);
    S.hp = ap__alloc(nsec, sizeof *S.hp);
    S.dirty = ap__zalloc(nsec, sizeof *S.dirty);
    S.cover = ap__zalloc(nsec, sizeof *S.cover);
    S.off = ap__alloc(m->n + 1, sizeof *S.off);
    S.mo = ap__alloc(m->n + 1, sizeof *S.mo);
    S.ms = ap__alloc(m->n + 1, sizeof *S.ms);
    S.list = ap__alloc(m->n + 1, sizeof *S.list);
    S.keys = ap__alloc(m->n + 1, sizeof *S.keys);
    S.ep = ap__alloc(m->n + 1, sizeof *S.ep);
    if (!S.F || !S.sum || !S.cut || !S.hp || !S.dirty || !S.cover || !S.off || !S.mo || !S.ms || !S.list || !S.keys ||
        !S.ep)
        r = AP__ERROR;
    /* restarts until one decides or the budget is spent. The last segment runs whole, past the
       budget if need be (by less than the whole run so far: Luby's segments grow no faster):
       then the sequence of searches does not depend on how the caller cuts its budgets, and
       a run asked in many short calls behaves as one asked once */
    while (r == AP__ABORT && spent < budget && !clk->stopped) {
        S.rightmost = (int)(L->restarts & 1);  /* the valley: leftmost, rightmost, in turn */
        r = one_search(&S, luby(L->restarts + 1) * unit);
        spent += S.nodes;
        if (r == AP__ABORT && !clk->stopped)
            L->restarts++;
    }
    if (r == AP__FOUND)
        memcpy(xoff, S.off, m->n * sizeof *xoff);
    if (r == AP__ERROR)
        ap_error_set(err, AP_ERR_NOMEM, "out of memory in the exact search");
    *need = r == AP__NONE ? S.need : INT64_MAX;
    sky_free(&S);
    return r;
}
