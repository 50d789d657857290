/*
 * exact_model.c - builds the exact planner's search model from a validated problem (exact_model.h):
 * which buffers are searched, the sections of time, who meets whom and what each pair forbids,
 * the windows fixed buffers forbid, the granularity of offsets, and whether the allowances
 * keep the canonical search complete.
 */
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "planners/exact/exact_model.h"
#include "planners/limit.h"

/* One unit of work per pair listed (limit.h): the model of a large problem stops with the
 * deadline or the stop flag, not after it. */
static ap_status spend(uint64_t units, ap_error *err)
{
    int reason = ap__limit_spend(units);
    return reason ? ap__limit_error(reason, "the exact search's model", err) : AP_OK;
}

/* The adjacency lists hold every meeting pair twice; past this the search is out of reach. */
#define MAX_ADJACENCY (UINT64_C(40000000))

static int64_t gcd64(int64_t a, int64_t b)
{
    if (a < 0)
        a = -a;
    if (b < 0)
        b = -b;
    while (b) {
        int64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

typedef struct sev {
    int64_t t;
    int start;   /* ends sort before starts: half-open lifetimes that touch do not meet */
    uint32_t b;
} sev;

static int cmp_sev(const void *x, const void *y)
{
    const sev *a = x, *b = y;
    if (a->t != b->t)
        return a->t < b->t ? -1 : 1;
    if (a->start != b->start)
        return a->start - b->start;
    return a->b < b->b ? -1 : a->b > b->b;
}

/* Sections are the sets of buffers live just before an end that follows a start: the maximal
 * cliques of the interval graph, in time order. */
static ap_status build_sections(ap__xmodel *m, ap_error *err)
{
    size_t n = m->n, i, k, nev = 2 * n;
    sev *ev = ap__alloc(nev ? nev : 1, sizeof *ev);
    int started = 0;
    uint32_t *fill;
    if (!ev)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory building sections");
    for (i = 0; i < n; i++) {
        ev[2 * i] = (sev){m->lower[i], 1, (uint32_t)i};
        ev[2 * i + 1] = (sev){m->upper[i], 0, (uint32_t)i};
    }
    qsort(ev, nev, sizeof *ev, cmp_sev);
    m->nsec = 0;
    for (i = 0; i < nev; i++) {
        if (ev[i].start) {
            m->sec_lo[ev[i].b] = (uint32_t)m->nsec;
            started = 1;
            continue;
        }
        if (started) {
            m->nsec++;
            started = 0;
        }
        m->sec_hi[ev[i].b] = (uint32_t)m->nsec;
    }
    free(ev);
    m->sec_start = ap__zalloc(m->nsec + 1, sizeof *m->sec_start);
    if (!m->sec_start)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory building sections");
    for (i = 0; i < n; i++) {
        ap_status st = spend(2 * (uint64_t)(m->sec_hi[i] - m->sec_lo[i]) + 1, err);
        if (st != AP_OK)
            return st;
        for (k = m->sec_lo[i]; k < m->sec_hi[i]; k++)
            m->sec_start[k + 1]++;
    }
    for (k = 0; k < m->nsec; k++)
        m->sec_start[k + 1] += m->sec_start[k];
    m->sec_buf = ap__alloc(m->sec_start[m->nsec] ? m->sec_start[m->nsec] : 1, sizeof *m->sec_buf);
    fill = ap__alloc(m->nsec + 1, sizeof *fill);
    if (!m->sec_buf || !fill) {
        free(fill);
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory building sections");
    }
    memcpy(fill, m->sec_start, (m->nsec + 1) * sizeof *fill);
    for (i = 0; i < n; i++)
        for (k = m->sec_lo[i]; k < m->sec_hi[i]; k++)
            m->sec_buf[fill[k]++] = (uint32_t)i;
    free(fill);
    return AP_OK;
}

static int cmp_lower(uint32_t a, uint32_t b, const void *ctx)
{
    const ap__xmodel *m = ctx;
    if (m->lower[a] != m->lower[b])
        return m->lower[a] < m->lower[b] ? -1 : 1;
    return a < b ? -1 : a > b;
}

/* The window of d = x_u - x_f that buffer f (problem index q) forbids to u (problem index pu):
 * the byte overlap (-size u, size f), cut by the allowances that excuse part of it. */
static ap__xwin pair_window(const ap_problem *p, size_t pu, size_t q)
{
    const ap_overlap *o;
    ap__xwin w;
    w.lo = -p->buf[pu].size;
    w.hi = p->buf[q].size;
    if ((o = ap_problem_find_overlap(p, q, pu)) != NULL)  /* u over q: d <= max_delta is fine */
        w.lo = ap__max64(w.lo, o->max_delta);
    if ((o = ap_problem_find_overlap(p, pu, q)) != NULL)  /* q over u: d >= -max_delta is fine */
        w.hi = ap__min64(w.hi, -o->max_delta);
    return w;
}

static int cmp_u32(const void *x, const void *y)
{
    uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
    return a < b ? -1 : a > b;
}

static ap_status build_adjacency(ap__xmodel *m, ap_error *err)
{
    size_t n = m->n, i, j;
    uint32_t *by_lower = ap__alloc(n ? n : 1, sizeof *by_lower), *fill = NULL;
    uint64_t total = 0;
    ap_status st = AP_OK;
    m->adj_start = ap__zalloc(n + 1, sizeof *m->adj_start);
    if (!by_lower || !m->adj_start) {
        st = ap_error_set(err, AP_ERR_NOMEM, "out of memory listing meeting buffers");
        goto done;
    }
    for (i = 0; i < n; i++)
        by_lower[i] = (uint32_t)i;
    if ((st = ap__sort_idx(by_lower, n, cmp_lower, m, err)) != AP_OK)
        goto done;
    /* Pass 1 counts, pass 2 fills: in lower order, j meets i while lower_j < upper_i. */
    for (i = 0; i < n; i++) {
        for (j = i + 1; j < n && m->lower[by_lower[j]] < m->upper[by_lower[i]]; j++) {
            m->adj_start[by_lower[i] + 1]++;
            m->adj_start[by_lower[j] + 1]++;
            if ((total += 2) > MAX_ADJACENCY) {
                st = ap_error_set(err, AP_ERR_LIMIT,
                                  "too many pairs of buffers live together for the exact search");
                goto done;
            }
        }
        /* this pass, the fill and the windows: three visits of each pair */
        if ((st = spend(3 * (j - i) + 1, err)) != AP_OK)
            goto done;
    }
    for (i = 0; i < n; i++)
        m->adj_start[i + 1] += m->adj_start[i];
    m->adj = ap__alloc(total ? total : 1, sizeof *m->adj);
    m->adj_win = ap__alloc(total ? total : 1, sizeof *m->adj_win);
    fill = ap__alloc(n + 1, sizeof *fill);
    if (!m->adj || !m->adj_win || !fill) {
        st = ap_error_set(err, AP_ERR_NOMEM, "out of memory listing meeting buffers");
        goto done;
    }
    memcpy(fill, m->adj_start, (n + 1) * sizeof *fill);
    for (i = 0; i < n; i++)
        for (j = i + 1; j < n && m->lower[by_lower[j]] < m->upper[by_lower[i]]; j++) {
            m->adj[fill[by_lower[i]]++] = by_lower[j];
            m->adj[fill[by_lower[j]]++] = by_lower[i];
        }
    for (i = 0; i < n; i++) {
        size_t a = m->adj_start[i], b = m->adj_start[i + 1];
        if (b > a)
            qsort(m->adj + a, b - a, sizeof *m->adj, cmp_u32);
        m->plain[i] = 1;
        for (j = a; j < b; j++) {
            uint32_t v = m->adj[j];
            m->adj_win[j] = pair_window(m->p, m->pidx[i], m->pidx[v]);
            if (m->adj_win[j].lo != -m->size[i] || m->adj_win[j].hi != m->size[v])
                m->plain[i] = 0;
        }
    }
done:
    free(by_lower);
    free(fill);
    return st;
}

static int cmp_win(const void *x, const void *y)
{
    const ap__xwin *a = x, *b = y;
    if (a->lo != b->lo)
        return a->lo < b->lo ? -1 : 1;
    return a->hi < b->hi ? -1 : a->hi > b->hi;
}

static int cmp_problem_lower(uint32_t a, uint32_t b, const void *ctx)
{
    const ap_problem *p = ctx;
    if (p->buf[a].lower != p->buf[b].lower)
        return p->buf[a].lower < p->buf[b].lower ? -1 : 1;
    return a < b ? -1 : a > b;
}

/* The fixed buffers of p with bytes (problem indices), sorted by lower, into *out (malloc'd,
 * *nf of them). Both passes below walk only these: a loop over every buffer for each one would
 * be quadratic in the problem (50,000 buffers, none fixed: 2.5e9 steps, seconds). */
static ap_status fixed_by_lower(const ap_problem *p, uint32_t **out, size_t *nf, ap_error *err)
{
    size_t q, k = 0;
    uint32_t *f = ap__alloc(p->n + 1, sizeof *f);
    *out = NULL;
    *nf = 0;
    if (!f)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory indexing fixed buffers");
    for (q = 0; q < p->n; q++)
        if (p->buf[q].fixed != AP_UNFIXED && p->buf[q].size > 0)
            f[k++] = (uint32_t)q;
    ap_status st = ap__sort_idx(f, k, cmp_problem_lower, p, err);
    if (st != AP_OK) {
        free(f);
        return st;
    }
    *out = f;
    *nf = k;
    return AP_OK;
}

/* Whether two fixed buffers already clash: then no plan exists at all. (Validation refuses
 * such inputs, and pre-planned buffers may share bytes: kept as a guard.) In lower order, j
 * meets i while lower_j < upper_i. */
static void find_fixed_clash(ap__xmodel *m, const uint32_t *f, size_t nf)
{
    const ap_problem *p = m->p;
    size_t a, b;
    m->clash_a = m->clash_b = -1;
    for (a = 0; a < nf; a++)
        for (b = a + 1; b < nf && p->buf[f[b]].lower < p->buf[f[a]].upper; b++) {
            size_t i = f[a] < f[b] ? f[a] : f[b], j = f[a] < f[b] ? f[b] : f[a];
            ap__xwin w;
            int64_t d;
            if (p->buf[i].preplanned && p->buf[j].preplanned)
                continue;
            w = pair_window(p, i, j);
            d = p->buf[i].fixed - p->buf[j].fixed;
            if (d > w.lo && d < w.hi && (m->clash_a < 0 || (long)i < m->clash_a ||
                                         ((long)i == m->clash_a && (long)j < m->clash_b))) {
                m->clash_a = (long)i; /* the first pair in index order, as before */
                m->clash_b = (long)j;
            }
        }
}

/* The absolute windows that fixed buffers forbid to each search buffer (f: the fixed buffers
 * by lower; those starting at or after the buffer's end cannot meet it). */
static ap_status build_fixed(ap__xmodel *m, const uint32_t *f, size_t nf, ap_error *err)
{
    const ap_problem *p = m->p;
    size_t i, c, k = 0, cap = 0;
    m->fix_start = ap__zalloc(m->n + 1, sizeof *m->fix_start);
    if (!m->fix_start)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory indexing fixed buffers");
    for (i = 0; i < m->n; i++) {
        size_t pu = m->pidx[i], first = k;
        for (c = 0; c < nf && p->buf[f[c]].lower < p->buf[pu].upper; c++) {
            size_t q = f[c];
            ap__xwin w;
            if (!ap_buffers_meet(p, pu, q))
                continue;
            w = pair_window(p, pu, q);
            if (w.lo >= w.hi)
                continue;
            {
                ap__xwin *nw = ap__grow(m->fix, &cap, k + 1, sizeof *m->fix);
                if (!nw)
                    return ap_error_set(err, AP_ERR_NOMEM, "out of memory indexing fixed buffers");
                m->fix = nw;
            }
            m->fix[k].lo = p->buf[q].fixed + w.lo;
            m->fix[k].hi = p->buf[q].fixed + w.hi;
            k++;
        }
        if (k > first)
            qsort(m->fix + first, k - first, sizeof *m->fix, cmp_win);
        m->fix_start[i + 1] = (uint32_t)k;
    }
    return AP_OK;
}

/* A pair whose window (of d = x_u - x_v) ends at hi <= 0 lets v hold u from above: u cannot
 * go lower while overlapping v, so u may sit at x_v + hi, placed because of v. With hi = 0 the
 * two share an offset and the canonical order places v first (ties are free for buffers with
 * allowances); with hi < 0, u "hangs" below v and the search places it right after v. Both
 * are complete unless a hanging buffer holds another in turn (a chain: what rests on the
 * lower one may need placing before the top of the chain), or the equal-offset demands form a
 * cycle. Those models are risky. See docs/exact.md. */
static ap_status detect_risky(ap__xmodel *m, ap_error *err)
{
    size_t n = m->n, i, j, head = 0, tail = 0, seen = 0;
    uint32_t *indeg = ap__zalloc(n ? n : 1, sizeof *indeg);
    uint32_t *queue = ap__alloc(n ? n : 1, sizeof *queue);
    uint8_t *holds = ap__zalloc(n ? n : 1, sizeof *holds);
    int any_tie = 0;
    m->risky = 0;
    m->hanging = 0;
    if (!indeg || !queue || !holds) {
        free(indeg);
        free(queue);
        free(holds);
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory examining allowances");
    }
    for (i = 0; i < n; i++)
        for (j = m->adj_start[i]; j < m->adj_start[i + 1]; j++) {
            ap__xwin w = m->adj_win[j];
            if (w.lo >= w.hi)
                continue;
            if (w.lo >= 0)
                holds[i] = 1;  /* window(adj[j], i) = -w ends at -w.lo <= 0: i holds adj[j] */
            if (w.hi < 0)
                m->hanger[i] = 1;
            else if (w.hi == 0) {
                indeg[i]++;  /* edge adj[j] -> i: at equal offsets adj[j] comes first */
                any_tie = 1;
            }
        }
    for (i = 0; i < n; i++) {
        if (m->hanger[i]) {
            m->hanging = 1;
            if (holds[i])
                m->risky = 1;
        }
        m->nodom[i] = m->hanger[i];
        for (j = m->adj_start[i]; j < m->adj_start[i + 1]; j++)
            if (m->hanger[m->adj[j]])
                m->nodom[i] = 1;
    }
    if (!m->risky && any_tie) {
        /* Kahn's algorithm over the tie edges. */
        for (i = 0; i < n; i++)
            if (indeg[i] == 0)
                queue[tail++] = (uint32_t)i;
        while (head < tail) {
            uint32_t v = queue[head++];
            seen++;
            for (j = m->adj_start[v]; j < m->adj_start[v + 1]; j++) {
                /* window(u, v) = -window(v, u): its top is 0 when this one's bottom is */
                ap__xwin w = m->adj_win[j];
                if (w.lo < w.hi && w.lo == 0 && --indeg[m->adj[j]] == 0)
                    queue[tail++] = m->adj[j];
            }
        }
        m->risky = seen < n;
    }
    free(indeg);
    free(queue);
    free(holds);
    return AP_OK;
}

ap_status ap__exact_model_build(ap__xmodel *m, const ap_problem *p, ap_error *err)
{
    size_t i, k = 0;
    ap_status st;
    memset(m, 0, sizeof *m);
    m->p = p;
    for (i = 0; i < p->n; i++)
        if (p->buf[i].fixed == AP_UNFIXED && p->buf[i].size > 0)
            m->n++;
    m->pidx = ap__alloc(m->n + 1, sizeof *m->pidx);
    m->size = ap__alloc(m->n + 1, sizeof *m->size);
    m->align = ap__alloc(m->n + 1, sizeof *m->align);
    m->lower = ap__alloc(m->n + 1, sizeof *m->lower);
    m->upper = ap__alloc(m->n + 1, sizeof *m->upper);
    m->sec_lo = ap__alloc(m->n + 1, sizeof *m->sec_lo);
    m->sec_hi = ap__alloc(m->n + 1, sizeof *m->sec_hi);
    m->plain = ap__alloc(m->n + 1, sizeof *m->plain);
    m->hanger = ap__zalloc(m->n + 1, sizeof *m->hanger);
    m->nodom = ap__zalloc(m->n + 1, sizeof *m->nodom);
    if (!m->pidx || !m->size || !m->align || !m->lower || !m->upper || !m->sec_lo || !m->sec_hi ||
        !m->plain || !m->hanger || !m->nodom) {
        ap__exact_model_free(m);
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory building the search model");
    }
    m->gran = 0;
    m->amax = 1;
    for (i = 0; i < p->n; i++) {
        const ap_buffer *b = &p->buf[i];
        if (b->fixed != AP_UNFIXED) {
            m->fixed_end = ap__max64(m->fixed_end, b->fixed + b->size);
            m->gran = gcd64(gcd64(m->gran, b->fixed), b->size);
            continue;
        }
        if (b->size == 0)
            continue;
        m->pidx[k] = (uint32_t)i;
        m->size[k] = b->size;
        m->align[k] = ap_buffer_align(p, i);
        m->lower[k] = b->lower;
        m->upper[k] = b->upper;
        /* aligning to 1 changes no offset: only larger alignments can break the gcd */
        m->gran = gcd64(m->gran, b->size);
        if (m->align[k] > 1)
            m->gran = gcd64(m->gran, m->align[k]);
        m->amax = ap__max64(m->amax, m->align[k]);
        k++;
    }
    for (i = 0; i < p->n_ovl; i++)
        m->gran = gcd64(m->gran, p->ovl[i].max_delta);
    m->tgran = 0;
    for (i = 1; i < p->n; i++)
        m->tgran = gcd64(gcd64(m->tgran, p->buf[i].lower - p->buf[0].lower),
                         p->buf[i].upper - p->buf[0].lower);
    if (p->n > 0)
        m->tgran = gcd64(m->tgran, p->buf[0].upper - p->buf[0].lower);
    if (m->tgran <= 0)
        m->tgran = 1;
    if (m->gran <= 0)
        m->gran = 1;
    uint32_t *fixed = NULL;
    size_t nfixed = 0;
    if ((st = build_sections(m, err)) != AP_OK || (st = build_adjacency(m, err)) != AP_OK ||
        (st = fixed_by_lower(p, &fixed, &nfixed, err)) != AP_OK ||
        (st = build_fixed(m, fixed, nfixed, err)) != AP_OK || (st = detect_risky(m, err)) != AP_OK) {
        free(fixed);
        ap__exact_model_free(m);
        return st;
    }
    find_fixed_clash(m, fixed, nfixed);
    free(fixed);
    return AP_OK;
}

void ap__exact_model_free(ap__xmodel *m)
{
    free(m->pidx);
    free(m->size);
    free(m->align);
    free(m->lower);
    free(m->upper);
    free(m->sec_lo);
    free(m->sec_hi);
    free(m->sec_start);
    free(m->sec_buf);
    free(m->adj_start);
    free(m->adj);
    free(m->adj_win);
    free(m->plain);
    free(m->hanger);
    free(m->nodom);
    free(m->fix_start);
    free(m->fix);
    memset(m, 0, sizeof *m);
}

void ap__exact_model_offsets(const ap__xmodel *m, const int64_t *xoff, int64_t *offsets)
{
    const ap_problem *p = m->p;
    size_t i;
    for (i = 0; i < p->n; i++)
        offsets[i] = p->buf[i].fixed != AP_UNFIXED ? p->buf[i].fixed : 0;
    for (i = 0; i < m->n; i++)
        offsets[m->pidx[i]] = xoff[i];
}

static int cmp_u64(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return a < b ? -1 : a > b;
}

void ap__exact_model_group_sort(const ap__xmodel *m, uint32_t *list, uint64_t *keys, size_t begin, size_t end)
{
    size_t i;
    for (i = begin; i < end; i++)
        keys[i] = (uint64_t)m->sec_lo[list[i]] << 32 | list[i];
    if (end - begin > 1)
        qsort(keys + begin, end - begin, sizeof *keys, cmp_u64);
    for (i = begin; i < end; i++)
        list[i] = (uint32_t)(keys[i] & 0xffffffffu);
}

size_t ap__exact_model_group_end(const ap__xmodel *m, const uint32_t *list, size_t g, size_t end, uint32_t *s0,
                                 uint32_t *s1)
{
    size_t e = g + 1;
    *s0 = m->sec_lo[list[g]];
    *s1 = m->sec_hi[list[g]];
    while (e < end && m->sec_lo[list[e]] < *s1) {
        if (m->sec_hi[list[e]] > *s1)
            *s1 = m->sec_hi[list[e]];
        e++;
    }
    return e;
}

int ap__exact_model_splits(const ap__xmodel *m, const int64_t *cut, uint32_t v)
{
    uint32_t k;
    for (k = m->sec_lo[v]; k + 1 < m->sec_hi[v]; k++)
        if (cut[k] == 0)
            return 1;
    return 0;
}

void ap__exact_model_sort_desc(ap__xpair *e, size_t n)
{
    while (n > 16) {
        int64_t pivot;
        size_t i = 0, j = n - 1, mid = n / 2;
        ap__xpair t;
        /* median of three, as the pivot */
        if (e[mid].pos > e[0].pos)
            t = e[mid], e[mid] = e[0], e[0] = t;
        if (e[j].pos > e[0].pos)
            t = e[j], e[j] = e[0], e[0] = t;
        if (e[j].pos > e[mid].pos)
            t = e[j], e[j] = e[mid], e[mid] = t;
        pivot = e[mid].pos;
        for (;;) {  /* Hoare: [0, i) >= pivot, (j, n) <= pivot */
            while (e[i].pos > pivot)
                i++;
            while (e[j].pos < pivot)
                j--;
            if (i >= j)
                break;
            t = e[i], e[i] = e[j], e[j] = t;
            i++;
            j--;
        }
        /* recurse into the smaller side, loop on the larger */
        if (j + 1 < n - j - 1) {
            ap__exact_model_sort_desc(e, j + 1);
            e += j + 1;
            n -= j + 1;
        } else {
            ap__exact_model_sort_desc(e + j + 1, n - j - 1);
            n = j + 1;
        }
    }
    {
        size_t q;
        for (q = 1; q < n; q++) {
            ap__xpair x = e[q];
            size_t r = q;
            for (; r > 0 && e[r - 1].pos < x.pos; r--)
                e[r] = e[r - 1];
            e[r] = x;
        }
    }
}
