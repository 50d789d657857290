/*
 * linear.c - TFLM's LinearMemoryPlanner: every buffer after the previous one, no reuse.
 *
 * Fixed buffers keep their offsets; the others are stacked in input order above the highest
 * fixed end, each rounded up to its alignment. With TFLM's 16-byte sizes and no fixed
 * buffers this is exactly TFLM's head_linear.
 */
#include "core/util.h"
#include "planners/planners.h"

ap_status ap__linear_plan(const ap_problem *p, const ap_plan_options *opt, ap_plan *out, ap_error *err)
{
    int64_t top = 0;
    size_t i, k = 0;
    (void)opt;
    if (!(out->order = ap__alloc(p->n, sizeof *out->order)))
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory planning %zu buffers", p->n);
    for (i = 0; i < p->n; i++) {
        if (p->buf[i].fixed == AP_UNFIXED)
            continue;
        out->offset[i] = p->buf[i].fixed;
        out->order[k++] = (uint32_t)i;
        top = ap__max64(top, p->buf[i].fixed + p->buf[i].size);
    }
    for (i = 0; i < p->n; i++) {
        if (p->buf[i].fixed != AP_UNFIXED)
            continue;
        out->offset[i] = ap__align_up(top, ap_buffer_align(p, i));
        out->order[k++] = (uint32_t)i;
        top = out->offset[i] + p->buf[i].size;
    }
    return AP_OK;
}
