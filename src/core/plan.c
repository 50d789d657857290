/* plan.c - allocating, copying and measuring plans (see plan.h). */
#include <string.h>

#include "arenaplan/plan.h"
#include "core/util.h"

void ap_plan_init(ap_plan *plan)
{
    memset(plan, 0, sizeof *plan);
}

void ap_plan_free(ap_plan *plan)
{
    free(plan->offset);
    free(plan->order);
    ap_plan_init(plan);
}

ap_status ap_plan_reset(ap_plan *plan, size_t n, ap_error *err)
{
    int64_t *off = ap__alloc(n, sizeof *off);
    size_t i;
    if (!off)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory for a plan of %zu buffers", n);
    ap_plan_free(plan);
    for (i = 0; i < n; i++)
        off[i] = AP_UNPLACED;
    plan->offset = off;
    plan->n = n;
    return AP_OK;
}

ap_status ap_plan_copy(ap_plan *dst, const ap_plan *src, ap_error *err)
{
    ap_plan tmp = *src;
    tmp.offset = ap__alloc(src->n, sizeof *tmp.offset);
    tmp.order = src->order ? ap__alloc(src->n, sizeof *tmp.order) : NULL;
    if (!tmp.offset || (src->order && !tmp.order)) {
        free(tmp.offset);
        free(tmp.order);
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory copying a plan");
    }
    memcpy(tmp.offset, src->offset, src->n * sizeof *tmp.offset);
    if (src->order)
        memcpy(tmp.order, src->order, src->n * sizeof *tmp.order);
    ap_plan_free(dst);
    *dst = tmp;
    return AP_OK;
}

int64_t ap_plan_arena(const ap_problem *p, ap_plan *plan)
{
    int64_t arena = 0;
    size_t i;
    for (i = 0; i < plan->n && i < p->n; i++)
        if (plan->offset[i] >= 0 && plan->offset[i] + p->buf[i].size > arena)
            arena = plan->offset[i] + p->buf[i].size;
    plan->arena = arena;
    return arena;
}
