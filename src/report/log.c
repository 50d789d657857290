/*
 * log.c - the planning log: one line per buffer in placement order, in TFLM's words
 * (report.h, docs/report.md).
 *
 * A line says "reuses" when the buffer's bytes intersect those of a buffer placed before it:
 * in a valid plan such a buffer is either dead while this one lives (reuse) or allowed to
 * overlap it (an allowance: the line says "shares", naming it). A segment tree over byte
 * ranges, written with each buffer's placement rank, answers "placed before and intersecting"
 * in O(log n); allowances are looked up per buffer.
 */
#include <stdint.h>
#include <stdlib.h>

#include "arenaplan/report.h"
#include "core/util.h"
#include "report/bytetree.h"
#include "report/lines.h"
#include "report/measure.h"

/* The allowances of each buffer, as base or over: adj[start[i] .. start[i + 1]). */
typedef struct ovl_index {
    size_t *start;
    uint32_t *adj;
} ovl_index;

static int index_overlaps(const ap_problem *p, ovl_index *x)
{
    size_t i;
    x->start = ap__zalloc(p->n + 2, sizeof *x->start);
    x->adj = ap__alloc(2 * p->n_ovl + 1, sizeof *x->adj);
    if (!x->start || !x->adj)
        return -1;
    for (i = 0; i < p->n_ovl; i++) {
        x->start[p->ovl[i].base + 2]++;
        x->start[p->ovl[i].over + 2]++;
    }
    for (i = 2; i < p->n + 2; i++)
        x->start[i] += x->start[i - 1];
    for (i = 0; i < p->n_ovl; i++) {
        x->adj[x->start[p->ovl[i].base + 1]++] = (uint32_t)i;
        x->adj[x->start[p->ovl[i].over + 1]++] = (uint32_t)i;
    }
    return 0;
}

/* The buffer placed before i (rank[j] < rank[i]) that is live with i and shares bytes with it
 * under an allowance, or -1. */
static long shared_with(const ap_problem *p, const int64_t *off, const size_t *rank,
                        const ovl_index *x, size_t i)
{
    size_t k;
    const ap_buffer *b = &p->buf[i];
    for (k = x->start[i]; k < x->start[i + 1]; k++) {
        const ap_overlap *o = &p->ovl[x->adj[k]];
        size_t j = o->over == i ? o->base : o->over;
        if (rank[j] < rank[i] && p->buf[j].size > 0 && ap_buffers_meet(p, i, j) &&
            off[j] < off[i] + b->size && off[i] < off[j] + p->buf[j].size)
            return (long)j;
    }
    return -1;
}

ap_status ap_write_log(FILE *f, const ap_problem *p, const ap_plan *plan, ap_error *err)
{
    size_t *rank = NULL, r;
    ovl_index x = {NULL, NULL};
    ap__bytetree tree;
    ap_status st = ap__measure_check(p, plan, err);
    if (st != AP_OK)
        return st;
    if (!(rank = ap__alloc(p->n ? p->n : 1, sizeof *rank)) || index_overlaps(p, &x) != 0) {
        st = ap_error_set(err, AP_ERR_NOMEM, "out of memory writing the planning log");
        goto done;
    }
    for (r = 0; r < p->n; r++)
        rank[r] = SIZE_MAX;
    for (r = 0; r < p->n; r++) {
        size_t i = plan->order ? plan->order[r] : r;
        if (i >= p->n || rank[i] != SIZE_MAX) {
            st = ap_error_set(err, AP_ERR_INVALID,
                              "the plan's placement order is not a permutation of its %zu buffers "
                              "(entry %zu)", p->n, r);
            goto done;
        }
        rank[i] = r;
    }
    if ((st = ap__bytetree_init(&tree, p, plan->offset, err)) != AP_OK)
        goto done;
    for (r = 0; r < p->n; r++) {
        size_t i = plan->order ? plan->order[r] : r;
        const ap_buffer *b = &p->buf[i];
        int64_t o = plan->offset[i], e = o + b->size;
        long j = b->size > 0 ? shared_with(p, plan->offset, rank, &x, i) : -1;
        fprintf(f, "%s %s ", ap__lines_buffer_word(b), b->id);
        if (j >= 0)
            fprintf(f, "shares offset %lld, size %lld with %s %s", (long long)o, (long long)b->size,
                    ap__lines_buffer_word(&p->buf[j]), p->buf[j].id);
        else if (b->size > 0 && ap__bytetree_min(&tree, o, e) < (int64_t)r)
            fprintf(f, "reuses offset %lld, size %lld", (long long)o, (long long)b->size);
        else
            fprintf(f, "allocated at offset %lld, size %lld", (long long)o, (long long)b->size);
        fputs(b->fixed != AP_UNFIXED ? " (fixed)\n" : "\n", f);
        if (b->size > 0)
            ap__bytetree_chmin(&tree, o, e, (int64_t)r);
    }
    ap__bytetree_free(&tree);
    if (ferror(f))
        st = ap_error_set(err, AP_ERR_IO, "write error");
done:
    free(rank);
    free(x.start);
    free(x.adj);
    return st;
}
