/*
 * bounds.c - lower bounds and the live-bytes profile (see bounds.h).
 *
 * One sweep over sorted events. Each buffer adds its size over [lower, upper). Each overlap
 * allowance subtracts, over the steps where both of its buffers are live, the most bytes the
 * pair could share under it: with d = offset(over) - offset(base) <= max_delta, the shared
 * bytes are largest at d = min(0, max_delta), giving min(size_base, size_over + min(0, delta)),
 * where delta is max_delta rounded down to what the two alignments permit.
 * The union of a set of ranges is at least their total minus their pairwise intersections, so
 * live minus those savings stays a valid lower bound however the allowances interact.
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

/* Builds the sorted event list; returns the count or -1 when out of memory. */
static long build_events(const ap_problem *p, bev **out)
{
    size_t cap = 2 * p->n + 2 * p->n_ovl, n = 0, i;
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
        if (lo < hi && s > 0) {
            ev[n++] = (bev){lo, 0, s, 0};
            ev[n++] = (bev){hi, 0, -s, 0};
        }
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
    b->lower = ap__max64(p->n_ovl ? b->live_overlap : b->live, b->fixed_end);
    return AP_OK;
}
