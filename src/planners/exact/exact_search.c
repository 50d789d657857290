/*
 * exact_search.c - the canonical search: is there a plan whose arena is at most cap?
 *
 * After MiniMalloc (Moffitt, ASPLOS 2023), in our own code. Take a plan of least arena and,
 * among those, least total offset: no buffer can move down on its own, so each one sits at the
 * lowest position that its lower neighbours, the fixed buffers and its allowances leave it.
 * Sorted by offset, such a plan is rebuilt by placing buffers one at a time, each at its lowest
 * feasible offset ("minoff") given those already placed. So the search only decides which
 * buffer comes next, and only in non-decreasing order of offset (ties by a static preorder):
 * every plan is reached once, through its canonical sequence.
 *
 * Pruning, each rule sound for that least plan (docs/exact.md has the arguments):
 *  - spatial inference: a buffer whose minoff + size exceeds cap can never be placed; in a
 *    section, the plain buffers still to place need their sizes above the section's floor
 *    (the highest end placed there, and at least the current offset) and above their own
 *    minoffs (section_need);
 *  - dominance: if some unplaced c would end at or below where v would start, placing v first
 *    leaves a gap c could fill, and the plan with c moved down is never worse;
 *  - decomposition: when the unplaced buffers fall into groups that share no section, the
 *    groups are solved one after another; one failing fails the node without retrying the
 *    others' choices.
 * Every capacity prune records the capacity that would have let it through; when the whole
 * tree fails, the least of those is a proven lower bound (nothing else depends on cap).
 *
 * Allowances that hold a buffer from above (exact_model.h, "hanger") add one move: the hanger goes
 * right below the buffer just placed that holds it (hang_positions).
 *
 * The state changes of a placement go on a trail and are undone by popping it, so a success
 * deep inside a decomposed group stays in place until a later sibling fails.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "planners/exact/exact_search.h"

typedef struct cand {
    int64_t off;
    uint32_t pre, b;
    int hang;  /* placed below the sweep, held by a buffer just placed (see hang_positions) */
} cand;

typedef struct xs {
    const ap__xmodel *m;
    int64_t cap;
    int64_t *pre;       /* rank of each buffer in the preorder (of its group when dynamic) */
    int kind;           /* AP__PRE_WAT, AP__PRE_TAW or AP__PRE_TWA */
    int dynamic;        /* AP__PRE_DYNAMIC: see solve_groups */
    int allplain;       /* every search buffer is plain (section_need skips the test) */
    struct rkey *rk;    /* scratch for ranking */
    int64_t *off;       /* AP_UNPLACED or the offset */
    int64_t *minoff;    /* unplaced: lowest feasible offset above its placed plain neighbours */
    int64_t *sfloor;    /* per section: highest end placed there */
    int64_t *ssum;      /* per section: sizes of its unplaced plain buffers */
    int64_t *cut;       /* per section boundary k|k+1: unplaced buffers spanning it */
    uint32_t *list;     /* all buffers; a group of unplaced buffers is a segment of it */
    uint64_t *keys;     /* scratch for splitting a segment into groups */
    ap__xpair *ep;      /* scratch: one section's unplaced plain buffers */
    ap__xtr *trail;
    size_t ntrail, cap_trail;
    cand *cs;           /* candidates of the nodes on the current path */
    size_t ncs, cap_cs;
    uint64_t nodes, budget;
    uint64_t full_every, win_evals, win_extra; /* see full_now */
    ap__xclock *clk;
    int64_t need;
    int nomem;
} xs;

static void set(xs *S, int64_t *at, int64_t v)
{
    /* the trail is sized in xs_init for a path without dynamic ranks */
    ap__xset(&S->trail, &S->ntrail, &S->cap_trail, &S->nomem, at, v);
}

static void note_need(xs *S, int64_t v)
{
    if (v < S->need)
        S->need = v;
}

/* The lowest position >= from, aligned, outside every window fixed buffers and placed
 * allowance partners forbid to u. Windows only push up, so repeat until nothing moves. */
static int64_t settle(const xs *S, uint32_t u, int64_t from)
{
    const ap__xmodel *m = S->m;
    int64_t a = m->align[u], x = ap__align_up(from, a);
    int moved = 1;
    while (moved) {
        uint32_t j;
        moved = 0;
        for (j = m->fix_start[u]; j < m->fix_start[u + 1]; j++)
            if (x > m->fix[j].lo && x < m->fix[j].hi) {
                x = ap__align_up(m->fix[j].hi, a);
                moved = 1;
            }
        if (m->plain[u])
            continue;
        for (j = m->adj_start[u]; j < m->adj_start[u + 1]; j++) {
            int64_t xv = S->off[m->adj[j]];
            ap__xwin w = m->adj_win[j];
            if (xv == AP_UNPLACED || w.lo >= w.hi)
                continue;
            if (x > xv + w.lo && x < xv + w.hi) {
                x = ap__align_up(xv + w.hi, a);
                moved = 1;
            }
        }
    }
    return x;
}

/* Places v at x: raises floors and neighbours' minoffs, lowers sums and cuts (all trailed). */
static void place(xs *S, uint32_t v, int64_t x)
{
    const ap__xmodel *m = S->m;
    int64_t top = x + m->size[v];
    uint32_t k, j;
    set(S, &S->off[v], x);
    for (k = m->sec_lo[v]; k < m->sec_hi[v]; k++) {
        if (S->sfloor[k] < top)
            set(S, &S->sfloor[k], top);
        if (m->plain[v])
            set(S, &S->ssum[k], S->ssum[k] - m->size[v]);
        if (k + 1 < m->sec_hi[v])
            set(S, &S->cut[k], S->cut[k] - 1);
    }
    for (j = m->adj_start[v]; j < m->adj_start[v + 1]; j++) {
        uint32_t u = m->adj[j];
        ap__xwin w = m->adj_win[j]; /* forbids x_v - x_u in (lo, hi): x_u in (x - hi, x - lo) */
        int64_t mo, nm, lo = x - w.hi, hi = x - w.lo;
        if (S->off[u] != AP_UNPLACED || w.lo >= w.hi)
            continue;
        mo = S->minoff[u];
        if (w.lo == -m->size[v] && w.hi == m->size[u])
            nm = mo < hi ? settle(S, u, hi) : mo; /* plain pair: u comes later, so above v */
        else
            nm = mo > lo && mo < hi ? settle(S, u, hi) : mo;
        if (nm != mo)
            set(S, &S->minoff[u], nm);
    }
}

static int cmp_cand(const void *x, const void *y)
{
    const cand *a = x, *b = y;
    if (a->off != b->off)
        return a->off < b->off ? -1 : 1;
    if (a->pre != b->pre)
        return a->pre < b->pre ? -1 : 1;
    return a->hang - b->hang;
}

static ap__xresult node(xs *S, size_t begin, size_t end, uint32_t s0, uint32_t s1, int64_t L,
                        int64_t Lpre);

static int push_cand(xs *S, uint32_t u, int64_t off, int hang)
{
    cand *ncs = ap__grow(S->cs, &S->cap_cs, S->ncs + 1, sizeof *S->cs);
    if (!ncs) {
        S->nomem = 1;
        return 0;
    }
    S->cs = ncs;
    S->cs[S->ncs].off = off;
    S->cs[S->ncs].pre = (uint32_t)S->pre[u];
    S->cs[S->ncs].b = u;
    S->cs[S->ncs].hang = hang;
    S->ncs++;
    return 1;
}

/* Whether u at x clashes with nothing placed or fixed (minoff only covers offsets >= L). */
static int fits(const xs *S, uint32_t u, int64_t x)
{
    const ap__xmodel *m = S->m;
    uint32_t j;
    for (j = m->fix_start[u]; j < m->fix_start[u + 1]; j++)
        if (x > m->fix[j].lo && x < m->fix[j].hi)
            return 0;
    for (j = m->adj_start[u]; j < m->adj_start[u + 1]; j++) {
        int64_t xv = S->off[m->adj[j]];
        if (xv != AP_UNPLACED && x > xv + m->adj_win[j].lo && x < xv + m->adj_win[j].hi)
            return 0;
    }
    return 1;
}

/* The hanging moves of u: held from above by a buffer v placed at the sweep L (its window
 * (lo, hi) ends below 0), u may sit at the lowest offset v allows while overlapping it,
 * x_v + hi, below L. In a least plan a hanger sits there exactly when v is what stops it going
 * lower; the plan's canonical sequence places it right after v. Returns 0 when out of memory. */
static int hang_positions(xs *S, uint32_t u, int64_t L)
{
    const ap__xmodel *m = S->m;
    uint32_t j;
    for (j = m->adj_start[u]; j < m->adj_start[u + 1]; j++) {
        ap__xwin w = m->adj_win[j];
        int64_t y;
        if (S->off[m->adj[j]] != L || w.lo >= w.hi || w.hi >= 0)
            continue;
        y = ap__align_up(L + w.hi, m->align[u]);
        if (y < 0 || y >= L || !fits(S, u, y))
            continue;
        if (y + m->size[u] > S->cap) {
            note_need(S, y + m->size[u]);
            continue;
        }
        if (!push_cand(S, u, y, 1))
            return 0;
    }
    return 1;
}

static void rank(xs *S, size_t g, size_t e, const int64_t *tot, int track);

/* Solves the unplaced buffers of list[begin, end) group by group (groups share no section).
 * The segment is reordered so that each group is a contiguous run. A dynamic search (as
 * MiniMalloc's) solves each group afresh: its buffers ranked again, T from the sizes still
 * unplaced, and the sweep back at 0. Still complete: the sweep only ever excluded buffers below
 * it, and a plan's canonical sequence restricted to the group is one this search explores
 * from 0; the ranks break ties only, and are undone with the trail. Not on models with
 * hangers: a hanger is offered right below its holder at the sweep, which must stay. */
static ap__xresult solve_groups(xs *S, size_t begin, size_t end, int64_t L, int64_t Lpre,
                                int split)
{
    size_t g, e;
    int fresh = S->dynamic && split && !S->m->hanging;  /* hangers need the sweep (see node) */
    ap__exact_model_group_sort(S->m, S->list, S->keys, begin, end);
    for (g = begin; g < end; g = e) {
        uint32_t s0, s1;
        ap__xresult r;
        e = ap__exact_model_group_end(S->m, S->list, g, end, &s0, &s1);
        if (fresh)
            rank(S, g, e, S->ssum, 1);
        if ((r = node(S, g, e, s0, s1, fresh ? 0 : L, fresh ? -1 : Lpre)) != AP__FOUND)
            return r;
    }
    return S->nomem ? AP__ERROR : AP__FOUND;
}

/* The least end of the plain buffers still to place in section k, or 0 if none. They own
 * disjoint bytes, each at or above the section's floor and its own minoff. Cheap form: from the
 * lowest of those starts, the sum of their sizes. Full form: those starting at t or above need
 * their sizes above t, for every t: one machine with release times, whose least makespan this
 * is; it sorts the buffers whose minoff is above the floor. *cheap gets the cheap form. */
static int64_t section_need(xs *S, uint32_t k, int64_t L, int full, int64_t *cheap)
{
    const ap__xmodel *m = S->m;
    int64_t floor = ap__max64(S->sfloor[k], L), need, sum = 0, fsum = 0, low = INT64_MAX, high = 0;
    int64_t above = S->cap - S->ssum[k];
    uint32_t j;
    size_t nb = 0, q;
    *cheap = 0;
    if (S->ssum[k] == 0)
        return 0;
    /* the hottest loop of the canonical search on long lifetimes (70 buffers a section on
       minimalloc's J): what it reads in locals, and the plain test only where needed */
    const int64_t *off = S->off, *minoff = S->minoff, *size = m->size;
    const uint8_t *plain = S->allplain ? NULL : m->plain;
    ap__xpair *ep = S->ep;
    /* the full form: a threshold t at or below cap - ssum[k] gives at most cap, so only the
       buffers above it can be thresholds of a prune or count towards one (the result is exact
       whenever it is above cap) */
    for (j = m->sec_start[k]; j < m->sec_start[k + 1]; j++) {
        uint32_t u = m->sec_buf[j];
        int64_t mo;
        if (off[u] != AP_UNPLACED || (plain && !plain[u]))
            continue;
        mo = minoff[u];
        low = ap__min64(low, mo);
        if (full && mo > floor && mo > above) {
            ep[nb].pos = mo;
            ep[nb].size = size[u];
            nb++;
            high = ap__max64(high, mo);
            fsum += size[u];
        }
    }
    need = *cheap = ap__max64(floor, low) + S->ssum[k];
    /* every such t gives at most high + their sizes: when that fits, the sort cannot prune */
    if (!full || need > S->cap || high + fsum <= S->cap)
        return need;
    ap__exact_model_sort_desc(S->ep, nb);
    for (q = 0; q < nb; q++) {
        sum += S->ep[q].size;
        need = ap__max64(need, S->ep[q].pos + sum);
    }
    return need;
}

/* The full section bound pays where it prunes (random lifetimes: ten times fewer nodes) and
 * costs up to five times the node rate where it does not (long lifetimes, many buffers per
 * section: it prunes a node the cheap bound would prune a step later). So it runs at every node
 * while it prunes at 5% or more of the nodes it runs at, measured over windows of at least
 * 128 runs; otherwise at every 256th node, still measuring. Decided by counts, so the search
 * stays deterministic. */
#define FULL_WINDOW 2048

static int full_now(xs *S)
{
    if (S->nodes % FULL_WINDOW == 0 && S->nodes > 0 && S->win_evals >= 128) {
        S->full_every = S->win_extra * 20 >= S->win_evals ? 1 : 256;
        S->win_extra = S->win_evals = 0;
    }
    if (S->nodes % S->full_every != 0)
        return 0;
    S->win_evals++;
    return 1;
}

/* Capacity checks of a node (see the top of the file); returns 0 to prune. */
static int feasible_here(xs *S, size_t begin, size_t end, uint32_t s0, uint32_t s1, int64_t L,
                         int64_t *min_height)
{
    const ap__xmodel *m = S->m;
    size_t i;
    uint32_t k;
    int full;
    *min_height = INT64_MAX;
    for (i = begin; i < end; i++) {
        uint32_t u = S->list[i];
        int64_t top = S->minoff[u] + m->size[u];
        if (m->hanger[u])
            continue;  /* it may yet hang below its minoff */
        if (top > S->cap) {
            note_need(S, top);
            return 0;
        }
        /* moving c down to its minoff could land on a hanger placed later: no dominance */
        if (top < *min_height && !m->nodom[u])
            *min_height = top;
    }
    full = full_now(S);
    for (k = s0; k < s1; k++) {
        int64_t cheap, need = section_need(S, k, L, full, &cheap);
        if (need > S->cap) {
            if (cheap <= S->cap)
                S->win_extra++;
            note_need(S, need);
            return 0;
        }
    }
    return 1;
}

static ap__xresult node(xs *S, size_t begin, size_t end, uint32_t s0, uint32_t s1, int64_t L,
                        int64_t Lpre)
{
    const ap__xmodel *m = S->m;
    size_t i, c0, nc;
    int64_t min_height;
    if (begin == end)
        return AP__FOUND;
    if (S->nodes >= S->budget || !ap__exact_clock_tick(S->clk))
        return AP__ABORT;
    S->nodes++;
    if (!feasible_here(S, begin, end, s0, s1, L, &min_height))
        return AP__NONE;

    c0 = S->ncs;
    for (i = begin; i < end; i++) {
        uint32_t u = S->list[i];
        int64_t mo = S->minoff[u];
        if (m->hanger[u] && !hang_positions(S, u, L)) {
            S->ncs = c0;
            return AP__ERROR;
        }
        if (mo >= min_height)
            continue;  /* dominated: a buffer ending at or below mo would leave a gap */
        /* canonical order: offsets never decrease; equal offsets follow the preorder, except
           for buffers with allowances, which may have to follow the buffer they overlap */
        if (mo < L || (mo == L && (int64_t)S->pre[u] < Lpre && m->plain[u]))
            continue;
        if (mo + m->size[u] > S->cap) {
            note_need(S, mo + m->size[u]);  /* a hanger, which the node checks let through */
            continue;
        }
        if (!push_cand(S, u, mo, 0)) {
            S->ncs = c0;
            return AP__ERROR;
        }
    }
    nc = S->ncs - c0;
    if (nc > 1)
        qsort(S->cs + c0, nc, sizeof *S->cs, cmp_cand);

    for (i = 0; i < nc; i++) {
        uint32_t v = S->cs[c0 + i].b;
        int64_t x = S->cs[c0 + i].off;
        size_t mark = S->ntrail, pos;
        int hang = S->cs[c0 + i].hang;
        ap__xresult r;
        assert(hang || x == S->minoff[v]);  /* nothing placed since the candidates were listed */
        for (pos = begin; S->list[pos] != v; pos++) {
        }
        S->list[pos] = S->list[end - 1];
        S->list[end - 1] = v;
        place(S, v, x);
        if (S->nomem)
            r = AP__ERROR;
        else if (ap__exact_model_splits(S->m, S->cut, v))
            r = solve_groups(S, begin, end - 1, hang ? L : x, hang ? Lpre : S->pre[v], 1);
        else
            r = node(S, begin, end - 1, s0, s1, hang ? L : x, hang ? Lpre : S->pre[v]);
        if (r == AP__FOUND) {
            S->ncs = c0;
            return r;
        }
        ap__xundo(S->trail, &S->ntrail, mark);
        if (r != AP__NONE) {
            S->ncs = c0;
            return r;
        }
    }
    S->ncs = c0;
    return AP__NONE;
}

/* Preorder keys (MiniMalloc's): W lifetime length, A size x length, T the largest total of
 * the sections it covers; larger first, in the priority of the preorder's kind, then by
 * index. */
typedef struct rkey {
    int64_t t, w;
    double a;
    uint32_t b;
} rkey;

static int cmp_i64(int64_t x, int64_t y)
{
    return x > y ? -1 : x < y;
}

static int cmp_a(const rkey *x, const rkey *y)
{
    return x->a > y->a ? -1 : x->a < y->a;
}

static int cmp_b(const rkey *x, const rkey *y)
{
    return x->b < y->b ? -1 : x->b > y->b;
}

static int cmp_wat(const void *p, const void *q)
{
    const rkey *x = p, *y = q;
    int c = cmp_i64(x->w, y->w);
    if (!c)
        c = cmp_a(x, y);
    if (!c)
        c = cmp_i64(x->t, y->t);
    return c ? c : cmp_b(x, y);
}

static int cmp_taw(const void *p, const void *q)
{
    const rkey *x = p, *y = q;
    int c = cmp_i64(x->t, y->t);
    if (!c)
        c = cmp_a(x, y);
    if (!c)
        c = cmp_i64(x->w, y->w);
    return c ? c : cmp_b(x, y);
}

static int cmp_twa(const void *p, const void *q)
{
    const rkey *x = p, *y = q;
    int c = cmp_i64(x->t, y->t);
    if (!c)
        c = cmp_i64(x->w, y->w);
    if (!c)
        c = cmp_a(x, y);
    return c ? c : cmp_b(x, y);
}

/* Ranks the buffers list[g, e) (ranks 0 up) by the preorder, T from the section totals tot[]
 * (trailed when track is set: a dynamic order within a group, undone on backtracking). */
static void rank(xs *S, size_t g, size_t e, const int64_t *tot, int track)
{
    const ap__xmodel *m = S->m;
    int (*cmp)(const void *, const void *) =
        S->kind == AP__PRE_WAT ? cmp_wat : S->kind == AP__PRE_TAW ? cmp_taw : cmp_twa;
    size_t i;
    for (i = g; i < e; i++) {
        uint32_t u = S->list[i], k;
        rkey *r = &S->rk[i - g];
        r->b = u;
        r->w = m->upper[u] - m->lower[u];
        r->a = (double)m->size[u] * (double)r->w;
        r->t = 0;
        for (k = m->sec_lo[u]; k < m->sec_hi[u]; k++)
            r->t = ap__max64(r->t, tot[k]);
    }
    qsort(S->rk, e - g, sizeof *S->rk, cmp);
    for (i = 0; i < e - g; i++) {
        uint32_t u = S->rk[i].b;
        if (!track)
            S->pre[u] = (int64_t)i;
        else if (S->pre[u] != (int64_t)i)
            set(S, &S->pre[u], (int64_t)i);
    }
}

/* The static preorder, T from the totals of all buffers. */
static ap_status make_preorder(xs *S, ap_error *err)
{
    const ap__xmodel *m = S->m;
    int64_t *sec_total = ap__zalloc(m->nsec + 1, sizeof *sec_total);
    size_t i;
    uint32_t s;
    if (!sec_total)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory ordering buffers");
    for (i = 0; i < m->n; i++)
        for (s = m->sec_lo[i]; s < m->sec_hi[i]; s++)
            sec_total[s] += m->size[i];
    rank(S, 0, m->n, sec_total, 0);
    free(sec_total);
    return AP_OK;
}

static void xs_free(xs *S)
{
    free(S->pre);
    free(S->rk);
    free(S->off);
    free(S->minoff);
    free(S->sfloor);
    free(S->ssum);
    free(S->cut);
    free(S->list);
    free(S->keys);
    free(S->ep);
    free(S->trail);
    free(S->cs);
}

static ap_status xs_init(xs *S, const ap__xmodel *m, int64_t cap, int preorder, ap_error *err)
{
    size_t i, nsec = m->nsec + 1;
    uint32_t k;
    memset(S, 0, sizeof *S);
    S->m = m;
    S->cap = cap;
    S->need = INT64_MAX;
    S->full_every = 1;
    /* A path places each buffer once; a placement trails its offset, per covered section a
       floor, a sum and a cut, and per neighbour a minoff. */
    S->cap_trail = m->n + 3 * (size_t)m->sec_start[m->nsec] + (size_t)m->adj_start[m->n] + 1;
    S->pre = ap__alloc(m->n + 1, sizeof *S->pre);
    S->rk = ap__alloc(m->n + 1, sizeof *S->rk);
    S->off = ap__alloc(m->n + 1, sizeof *S->off);
    S->minoff = ap__alloc(m->n + 1, sizeof *S->minoff);
    S->sfloor = ap__zalloc(nsec, sizeof *S->sfloor);
    S->ssum = ap__zalloc(nsec, sizeof *S->ssum);
    S->cut = ap__zalloc(nsec, sizeof *S->cut);
    S->list = ap__alloc(m->n + 1, sizeof *S->list);
    S->keys = ap__alloc(m->n + 1, sizeof *S->keys);
    S->ep = ap__alloc(m->n + 1, sizeof *S->ep);
    S->trail = ap__alloc(S->cap_trail, sizeof *S->trail);
    if (!S->pre || !S->rk || !S->off || !S->minoff || !S->sfloor || !S->ssum || !S->cut ||
        !S->list || !S->keys || !S->ep || !S->trail) {
        xs_free(S);
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory for the exact search");
    }
    S->allplain = 1;
    for (i = 0; i < m->n; i++) {
        S->allplain &= m->plain[i] != 0;
        S->off[i] = AP_UNPLACED;
        S->list[i] = (uint32_t)i;
        for (k = m->sec_lo[i]; k < m->sec_hi[i]; k++) {
            if (m->plain[i])
                S->ssum[k] += m->size[i];
            if (k + 1 < m->sec_hi[i])
                S->cut[k]++;
        }
    }
    for (i = 0; i < m->n; i++)
        S->minoff[i] = settle(S, (uint32_t)i, 0);
    S->kind = preorder & ~AP__PRE_DYNAMIC;
    S->dynamic = (preorder & AP__PRE_DYNAMIC) != 0;
    return make_preorder(S, err);
}

ap__xresult ap__exact_search_run(const ap__xmodel *m, int64_t cap, int preorder, uint64_t budget,
                                 ap__xclock *clk, int64_t *xoff, int64_t *need, ap_error *err)
{
    xs S;
    ap__xresult r;
    if (xs_init(&S, m, cap, preorder, err) != AP_OK)
        return AP__ERROR;
    S.budget = budget;
    S.clk = clk;
    r = solve_groups(&S, 0, m->n, 0, -1, 0);
    if (r == AP__FOUND)
        memcpy(xoff, S.off, m->n * sizeof *xoff);
    if (r == AP__ERROR)
        ap_error_set(err, AP_ERR_NOMEM, "out of memory in the exact search");
    *need = S.need;
    xs_free(&S);
    return r;
}
