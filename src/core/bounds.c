/*
 * bounds.c - lower bounds and the live-bytes profile (see bounds.h).
 *
 * One sweep over sorted events. Each buffer adds its size over [lower, upper). Each overlap
 * allowance subtracts, over the steps where both of its buffers are live, the most bytes the
 * pair could share under it: with d = offset(over) - offset(base) <= max_delta, the shared
 * bytes are largest at d = min(0, max_delta), giving min(size_base, size_over + min(0, delta)),
 * where delta is max_delta rounded down to what the two alignments permit.
 * The union of a set of ranges is at least their total minus their pairwise intersections, so
 * live minus those savings stays a valid lower bound however the allowances interact. Fixed
 * buffers are known exactly: their saving at a step is their total minus the union of their
 * byte ranges (a second sweep, a coverage tree over their offsets), which also covers the
 * pre-planned sharing of offline plans; allowances between two fixed buffers add nothing.
 */
#include <stdlib.h>

#include "arenaplan/bounds.h"
#include "core/util.h"

typedef struct bev {
    int64_t t;
    int64_t d_live;   /* change of live bytes */
    int64_t d_save;   /* change of the allowance savings */
    int d_count;
} bev;

static int cmp_bev(const void *x, const void *y)
{
    const bev *a = x, *b = y;
    return a->t < b->t ? -1 : a->t > b->t;
}

/* The most bytes an allowance lets its two buffers share. Both offsets are multiples of
 * their alignments, so d = offset(over) - offset(base) is a multiple of the smaller one, g:
 * the largest d allowed is max_delta rounded down to a multiple of g (an exact allowance whose
 * max_delta is no such multiple never holds). The overlap of [d, d + size(over)) with
 * [0, size(base)) is largest at the largest d <= 0 allowed, or at d = 0. */
static int64_t allowance_saving(const ap_problem *p, const ap_overlap *o)
{
    int64_t sb = p->buf[o->base].size, so = p->buf[o->over].size;
    int64_t g = ap__min64(ap_buffer_align(p, o->base), ap_buffer_align(p, o->over));
    int64_t md = o->max_delta, r = md % g, s;
    if (r != 0) {
        if (o->flags & AP_OVERLAP_EXACT)
            return 0;
        md -= r < 0 ? r + g : r; /* floor to a multiple of g */
    }
    if ((o->flags & AP_OVERLAP_EXACT) && md > 0)
        s = ap__min64(sb - md, so);
    else
        s = ap__min64(sb, so + ap__min64(0, md));
    return s > 0 ? s : 0;
}

/* ---- The union of the fixed buffers' bytes, step by step ---------------------------------- */

/* A coverage tree over the elementary ranges [xs[k], xs[k+1]): cnt counts the ranges covering
 * a node whole, len the bytes covered below it. */
typedef struct cover {
    const int64_t *xs;
    int32_t *cnt;
    int64_t *len;
} cover;

static void cover_add(cover *c, size_t node, size_t lo, size_t hi, size_t a, size_t b, int d)
{
    if (b <= lo || hi <= a)
        return;
    if (a <= lo && hi <= b) {
        c->cnt[node] += d;
    } else {
        size_t mid = lo + (hi - lo) / 2;
        cover_add(c, 2 * node, lo, mid, a, b, d);
        cover_add(c, 2 * node + 1, mid, hi, a, b, d);
    }
    if (c->cnt[node] > 0)
        c->len[node] = c->xs[hi] - c->xs[lo];
    else
        c->len[node] = hi - lo == 1 ? 0 : c->len[2 * node] + c->len[2 * node + 1];
}

static int cmp_i64(const void *x, const void *y)
{
    int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;
    return a < b ? -1 : a > b;
}

static size_t index_of(const int64_t *xs, size_t m, int64_t v)
{
    size_t lo = 0, hi = m;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (xs[mid] < v)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

typedef struct fev {
    int64_t t;
    uint32_t buf;
    int d; /* +1 start, -1 end */
} fev;

static int cmp_fev(const void *x, const void *y)
{
    const fev *a = x, *b = y;
    return a->t < b->t ? -1 : a->t > b->t;
}

/* Appends to ev[*n] the changes of the fixed buffers' saving (their live total minus the union
 * of their live byte ranges): at most one event per distinct start or end step. 0, or -1 when
 * out of memory. */
static int fixed_union_events(const ap_problem *p, bev *ev, size_t *n)
{
    size_t nf = 0, m = 0, k, i;
    for (i = 0; i < p->n; i++)
        nf += p->buf[i].fixed != AP_UNFIXED && p->buf[i].size > 0;
    if (nf < 2)
        return 0;
    int64_t *xs = ap__alloc(2 * nf, sizeof *xs);
    fev *fe = ap__alloc(2 * nf, sizeof *fe);
    cover c = {xs, ap__zalloc(8 * nf, sizeof *c.cnt), ap__zalloc(8 * nf, sizeof *c.len)};
    int rc = -1;
    if (!xs || !fe || !c.cnt || !c.len)
        goto done;
    for (i = 0, k = 0; i < p->n; i++) {
        const ap_buffer *b = &p->buf[i];
        if (b->fixed == AP_UNFIXED || b->size == 0)
            continue;
        xs[m++] = b->fixed;
        xs[m++] = b->fixed + b->size;
        fe[k++] = (fev){b->lower, (uint32_t)i, 1};
        fe[k++] = (fev){b->upper, (uint32_t)i, -1};
    }
    qsort(xs, m, sizeof *xs, cmp_i64);
    for (i = 1, k = 1; i < m; i++)
        if (xs[i] != xs[k - 1])
            xs[k++] = xs[i];
    m = k;
    qsort(fe, 2 * nf, sizeof *fe, cmp_fev);
    int64_t total = 0, saving = 0;
    for (i = 0; i < 2 * nf;) {
        int64_t t = fe[i].t;
        for (; i < 2 * nf && fe[i].t == t; i++) {
            const ap_buffer *b = &p->buf[fe[i].buf];
            total += fe[i].d * b->size;
            if (m > 1)
                cover_add(&c, 1, 0, m - 1, index_of(xs, m, b->fixed),
                          index_of(xs, m, b->fixed + b->size), fe[i].d);
        }
        int64_t now = total - (m > 1 ? c.len[1] : 0);
        if (now != saving) {
            ev[(*n)++] = (bev){t, 0, now - saving, 0};
            saving = now;
        }
    }
    rc = 0;
done:
    free(xs);
    free(fe);
    free(c.cnt);
    free(c.len);
    return rc;
}

/* Builds the sorted event list; returns the count or -1 when out of memory. */
static long build_events(const ap_problem *p, bev **out)
{
    size_t cap = 4 * p->n + 2 * p->n_ovl, n = 0, i;
    bev *ev = ap__alloc(cap ? cap : 1, sizeof *ev);
    if (!ev)
        return -1;
    for (i = 0; i < p->n; i++) {
        const ap_buffer *b = &p->buf[i];
        ev[n++] = (bev){b->lower, b->size, 0, 1};
        ev[n++] = (bev){b->upper, -b->size, 0, -1};
    }
    for (i = 0; i < p->n_ovl; i++) {
        const ap_overlap *o = &p->ovl[i];
        const ap_buffer *a = &p->buf[o->base], *b = &p->buf[o->over];
        int64_t lo = ap__max64(a->lower, b->lower), hi = ap__min64(a->upper, b->upper);
        int64_t s = allowance_saving(p, o);
        if (a->fixed != AP_UNFIXED && b->fixed != AP_UNFIXED)
            continue; /* counted exactly by the union of the fixed buffers */
        if (lo < hi && s > 0) {
            ev[n++] = (bev){lo, 0, s, 0};
            ev[n++] = (bev){hi, 0, -s, 0};
        }
    }
    if (fixed_union_events(p, ev, &n) != 0) {
        free(ev);
        return -1;
    }
    qsort(ev, n, sizeof *ev, cmp_bev);
    *out = ev;
    return (long)n;
}

ap_status ap_live_profile(const ap_problem *p, ap_live_seg **segs, size_t *nsegs, ap_error *err)
{
    bev *ev;
    long n = build_events(p, &ev);
    size_t i = 0, k = 0;
    int64_t live = 0, save = 0;
    size_t count = 0;
    ap_live_seg *out;
    if (n < 0 || !(out = ap__alloc((size_t)n + 1, sizeof *out))) {
        if (n >= 0)
            free(ev);
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory computing the live profile");
    }
    while (i < (size_t)n) {
        int64_t t = ev[i].t;
        for (; i < (size_t)n && ev[i].t == t; i++) {
            live += ev[i].d_live;
            save += ev[i].d_save;
            count = (size_t)((long)count + ev[i].d_count);
        }
        if (count > 0) {
            int64_t lo = live - save;
            out[k].step = t;
            out[k].live = live;
            out[k].live_overlap = lo > 0 ? lo : 0;
            out[k].count = count;
            k++;
        } else if (k > 0 && out[k - 1].count > 0) {
            /* a gap where nothing is live closes the previous segment */
            out[k].step = t;
            out[k].live = 0;
            out[k].live_overlap = 0;
            out[k].count = 0;
            k++;
        }
    }
    free(ev);
    /* Drop the empty closing markers: callers read a segment's end from the next one, so an
     * empty segment is kept only where a gap follows; remove a trailing one. */
    if (k > 0 && out[k - 1].count == 0)
        k--;
    *segs = out;
    *nsegs = k;
    return AP_OK;
}

ap_status ap_bounds_compute(const ap_problem *p, ap_bounds *b, ap_error *err)
{
    ap_live_seg *segs;
    size_t n, i;
    ap_status st = ap_live_profile(p, &segs, &n, err);
    if (st != AP_OK)
        return st;
    b->live = 0;
    b->peak_step = 0;
    b->live_overlap = 0;
    b->fixed_end = 0;
    b->largest = 0;
    for (i = 0; i < n; i++) {
        if (segs[i].live > b->live) {
            b->live = segs[i].live;
            b->peak_step = segs[i].step;
        }
        if (segs[i].live_overlap > b->live_overlap)
            b->live_overlap = segs[i].live_overlap;
    }
    free(segs);
    for (i = 0; i < p->n; i++) {
        const ap_buffer *x = &p->buf[i];
        if (x->size > b->largest)
            b->largest = x->size;
        if (x->fixed != AP_UNFIXED && x->fixed + x->size > b->fixed_end)
            b->fixed_end = x->fixed + x->size;
    }
    b->live_overlap = ap__max64(b->live_overlap, b->largest);
    b->lower = ap__max64(b->live_overlap, b->fixed_end);
    return AP_OK;
}
