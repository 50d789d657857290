/*
 * summary.c - what a plan achieves, in figures (report.h, docs/report.md).
 *
 * Reuse asks, for each buffer, whether any buffer whose lifetime ended before it began used
 * one of its bytes. Written as "the smallest `upper` among buffers covering any of my bytes is
 * <= my `lower`", it is a range-minimum question over byte ranges: a segment tree over the
 * buffers' byte boundaries answers all of them in O(n log n), whatever the time order.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/bounds.h"
#include "arenaplan/report.h"
#include "core/util.h"
#include "report/bytetree.h"
#include "report/measure.h"

void ap_summary_free(ap_summary *s)
{
    free(s->peaks);
    free(s->peak_buffers);
    free(s->reuses);
    memset(s, 0, sizeof *s);
}

/* Buffers ordered by end (offset + size), for the padding search. */
typedef struct by_end {
    int64_t end;
    uint32_t i;
} by_end;

static int cmp_end(const void *x, const void *y)
{
    const by_end *a = x, *b = y;
    if (a->end != b->end)
        return a->end < b->end ? -1 : 1;
    return a->i < b->i ? -1 : a->i > b->i;
}

static int64_t padding_bytes(const ap_problem *p, const int64_t *off, const by_end *e, size_t ne)
{
    int64_t total = 0;
    size_t i;
    for (i = 0; i < p->n; i++) {
        int64_t a = ap_buffer_align(p, i), o = off[i];
        size_t lo = 0, hi = ne;
        if (a <= 1 || p->buf[i].size == 0 || o == 0)
            continue;
        /* the first entry whose end is > o */
        while (lo < hi) {
            size_t mid = lo + (hi - lo) / 2;
            if (e[mid].end <= o)
                lo = mid + 1;
            else
                hi = mid;
        }
        /* walk down through the ends within one alignment below o; the first buffer live with
         * i is the closest neighbour below it */
        while (lo > 0 && e[lo - 1].end > o - a) {
            size_t j = e[--lo].i;
            if (j != i && ap_buffers_meet(p, i, j)) {
                total += o - e[lo].end;
                break;
            }
        }
    }
    return total;
}

/* Largest first, then input order. */
static int cmp_peak(uint32_t a, uint32_t b, const void *ctx)
{
    const ap_problem *p = ctx;
    if (p->buf[a].size != p->buf[b].size)
        return p->buf[a].size > p->buf[b].size ? -1 : 1;
    return a < b ? -1 : a > b;
}

static ap_status find_peaks(const ap_problem *p, ap_summary *s, ap_error *err)
{
    ap_live_seg *seg;
    size_t nseg, k;
    int64_t end_all = INT64_MIN, t;
    ap_status st = ap_live_profile(p, &seg, &nseg, err);
    if (st != AP_OK)
        return st;
    for (k = 0; k < p->n; k++)
        end_all = ap__max64(end_all, p->buf[k].upper);
    if (s->peak_bytes > 0 && !(s->peaks = ap__alloc(nseg, sizeof *s->peaks))) {
        free(seg);
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory summarizing %zu buffers", p->n);
    }
    for (k = 0; s->peak_bytes > 0 && k < nseg; k++) {
        int64_t last = (k + 1 < nseg ? seg[k + 1].step : end_all) - 1;
        if (seg[k].live != s->peak_bytes)
            continue;
        if (s->n_peaks && s->peaks[s->n_peaks - 1].last + 1 == seg[k].step)
            s->peaks[s->n_peaks - 1].last = last;
        else
            s->peaks[s->n_peaks++] = (ap_step_range){seg[k].step, last};
    }
    free(seg);
    if (!s->n_peaks)
        return AP_OK;
    t = s->peaks[0].first;
    if (!(s->peak_buffers = ap__alloc(p->n, sizeof *s->peak_buffers)))
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory summarizing %zu buffers", p->n);
    for (k = 0; k < p->n; k++)
        if (p->buf[k].lower <= t && t < p->buf[k].upper && p->buf[k].size > 0)
            s->peak_buffers[s->n_peak_buffers++] = (uint32_t)k;
    return ap__sort_idx(s->peak_buffers, s->n_peak_buffers, cmp_peak, p, err);
}

/* The arena, sizes and fixed count, and no reuse: fixed buffers where they must be, the rest
 * stacked above them. */
static void sizes(const ap_problem *p, const int64_t *off, ap_summary *s)
{
    int64_t top = 0;
    for (size_t i = 0; i < p->n; i++) {
        const ap_buffer *b = &p->buf[i];
        s->total_bytes += b->size;
        s->arena = ap__max64(s->arena, off[i] + b->size);
        s->sized += b->size > 0;
        if (b->fixed != AP_UNFIXED) {
            s->fixed++;
            top = ap__max64(top, b->fixed + b->size);
        }
    }
    for (size_t i = 0; i < p->n; i++)
        if (p->buf[i].fixed == AP_UNFIXED)
            top = ap__align_up(top, ap_buffer_align(p, i)) + p->buf[i].size;
    s->linear_bytes = top;
    s->saving_bytes = s->linear_bytes - s->arena;
    s->saving_rate = s->linear_bytes > 0 ? (double)s->saving_bytes / (double)s->linear_bytes : 0.0;
}

/* Which buffers reuse bytes of a buffer that died before they began (the file's comment). */
static ap_status reuse(const ap_problem *p, const int64_t *off, ap_summary *s, ap_error *err)
{
    ap__bytetree tree;
    ap_status st;
    if (!(s->reuses = ap__zalloc(p->n ? p->n : 1, 1)))
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory summarizing %zu buffers", p->n);
    if ((st = ap__bytetree_init(&tree, p, off, err)) != AP_OK)
        return st;
    for (size_t i = 0; i < p->n; i++)
        if (p->buf[i].size > 0)
            ap__bytetree_chmin(&tree, off[i], off[i] + p->buf[i].size, p->buf[i].upper);
    for (size_t i = 0; i < p->n; i++)
        if (p->buf[i].size > 0 &&
            ap__bytetree_min(&tree, off[i], off[i] + p->buf[i].size) <= p->buf[i].lower) {
            s->reuses[i] = 1;
            s->reuse_count++;
        }
    ap__bytetree_free(&tree);
    s->reuse_rate = s->sized ? (double)s->reuse_count / (double)s->sized : 0.0;
    return AP_OK;
}

/* Sharing under allowances: p->ovl is sorted by `over`, so the allowances of one buffer are
 * consecutive and `last` counts it once. */
static void shared(const ap_problem *p, const int64_t *off, ap_summary *s)
{
    size_t last = SIZE_MAX;
    for (size_t i = 0; i < p->n_ovl; i++) {
        const ap_overlap *o = &p->ovl[i];
        const ap_buffer *a = &p->buf[o->base], *b = &p->buf[o->over];
        if (o->over != last && a->size > 0 && b->size > 0 && ap_buffers_meet(p, o->base, o->over) &&
            off[o->base] < off[o->over] + b->size && off[o->over] < off[o->base] + a->size) {
            s->shared_count++;
            last = o->over;
        }
    }
}

static ap_status padding(const ap_problem *p, const int64_t *off, ap_summary *s, ap_error *err)
{
    size_t ne = 0;
    by_end *ends = ap__alloc(p->n ? p->n : 1, sizeof *ends);
    if (!ends)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory summarizing %zu buffers", p->n);
    for (size_t i = 0; i < p->n; i++)
        if (p->buf[i].size > 0)
            ends[ne++] = (by_end){off[i] + p->buf[i].size, (uint32_t)i};
    qsort(ends, ne, sizeof *ends, cmp_end);
    s->padding_bytes = padding_bytes(p, off, ends, ne);
    free(ends);
    return AP_OK;
}

ap_status ap_summary_compute(const ap_problem *p, const ap_plan *plan, ap_summary *s, ap_error *err)
{
    ap_bounds bd;
    ap_status st;
    memset(s, 0, sizeof *s);
    if ((st = ap__measure_check(p, plan, err)) != AP_OK || (st = ap_bounds_compute(p, &bd, err)) != AP_OK)
        return st;
    s->buffers = p->n;
    s->lower_bound = bd.lower;
    s->lower_bound_no_overlap = bd.live;
    s->peak_bytes = bd.live;
    sizes(p, plan->offset, s);
    s->efficiency = s->arena > 0 ? (double)bd.lower / (double)s->arena : 1.0;
    shared(p, plan->offset, s);
    if ((st = reuse(p, plan->offset, s, err)) != AP_OK ||
        (st = padding(p, plan->offset, s, err)) != AP_OK || (st = find_peaks(p, s, err)) != AP_OK)
        ap_summary_free(s);
    return st;
}
