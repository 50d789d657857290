/*
 * exact_bounds.c - lower bounds for the exact planner beyond the live bytes of bounds.h.
 *
 * Two cheap ones. Alignment padding: the plain buffers of a section are live together and own
 * their bytes, so sorted by offset each starts where the previous ended, rounded up to the
 * smallest alignment g among them; the arena is at least the sum of their sizes rounded up to
 * g, less the largest rounding (the top buffer needs none). And relaxations: the buffers live in
 * a window of steps, their lifetimes clipped to it, form a problem every plan of the whole
 * restricts to, so its proven minimum bounds the whole (exact.c solves such windows around the
 * busiest steps when the whole problem resists).
 */
#include <stdlib.h>

#include "core/util.h"
#include "planners/exact/exact_bounds.h"

int64_t ap__exact_bounds_padding(const ap__xmodel *m)
{
    int64_t best = 0;
    size_t k;
    for (k = 0; k < m->nsec; k++) {
        int64_t g = INT64_MAX, sum = 0, pad = 0;
        uint32_t j;
        for (j = m->sec_start[k]; j < m->sec_start[k + 1]; j++)
            if (m->plain[m->sec_buf[j]])
                g = ap__min64(g, m->align[m->sec_buf[j]]);
        if (g == INT64_MAX)
            continue;
        for (j = m->sec_start[k]; j < m->sec_start[k + 1]; j++) {
            uint32_t b = m->sec_buf[j];
            int64_t r;
            if (!m->plain[b])
                continue;
            r = ap__align_up(m->size[b], g);
            sum += r;
            pad = ap__max64(pad, r - m->size[b]);
        }
        best = ap__max64(best, sum - pad);
    }
    return best;
}

ap_problem *ap__exact_bounds_window(const ap_problem *p, int64_t t0, int64_t t1, ap_error *err)
{
    ap_problem *w = ap_problem_new();
    long *map = ap__alloc(p->n + 1, sizeof *map);
    size_t i, k = 0;
    if (!w || !map) {
        ap_error_set(err, AP_ERR_NOMEM, "out of memory building a relaxation");
        goto fail;
    }
    w->default_align = p->default_align;
    for (i = 0; i < p->n; i++) {
        const ap_buffer *b = &p->buf[i];
        ap_buffer_spec s;
        map[i] = -1;
        if (b->lower >= t1 || b->upper <= t0)
            continue;
        ap_buffer_spec_init(&s);
        s.id = b->id;
        s.size = b->size;
        s.lower = ap__max64(b->lower, t0);
        s.upper = ap__min64(b->upper, t1);
        s.align = b->align;
        s.fixed = b->fixed;
        if (ap_problem_add(w, &s, err) != AP_OK)
            goto fail;
        map[i] = (long)k++;
    }
    for (i = 0; i < p->n_ovl; i++) {
        const ap_overlap *o = &p->ovl[i];
        if (map[o->base] < 0 || map[o->over] < 0)
            continue;
        if (ap_problem_add_overlap(w, (uint32_t)map[o->base], (uint32_t)map[o->over], o->max_delta,
                                   o->flags, NULL, err) != AP_OK)
            goto fail;
    }
    if (ap_problem_validate(w, err) != AP_OK)
        goto fail;
    free(map);
    return w;
fail:
    free(map);
    ap_problem_free(w);
    return NULL;
}
