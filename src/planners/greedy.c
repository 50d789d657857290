/*
 * greedy.c - TFLM's GreedyMemoryPlanner, reproduced offset for offset.
 *
 * TFLM's rules (shared/DESIGN.md): buffers with a fixed (offline) offset are placed first, in
 * input order. The others are placed largest first; TFLM fills its sort array from the back
 * and bubble-sorts it stably, so among equal sizes the buffer added last goes first: the order
 * is (size descending, index descending), a total order any sort reproduces. Each buffer then
 * takes the first gap, walking in offset order the placed buffers that are live at a common
 * step, in which it fits; else the end of the last of them. TFLM walks a linked list of every
 * placed buffer for each new one (O(n^2)); here the placer's time index hands over only the
 * buffers that meet it, sorted by offset, and the same scan runs over them.
 */
#include <stdlib.h>

#include "arenaplan/planner.h"
#include "core/util.h"
#include "planners/place.h"
#include "planners/planners.h"

static int cmp_tflm(uint32_t a, uint32_t b, const void *ctx)
{
    const ap_problem *p = ctx;
    if (p->buf[a].size != p->buf[b].size)
        return p->buf[a].size > p->buf[b].size ? -1 : 1;
    return a > b ? -1 : a < b;
}

ap_status ap__greedy_plan(const ap_problem *p, const ap_plan_options *opt, ap_plan *out, ap_error *err)
{
    ap__placer pl;
    uint32_t *order = NULL;
    size_t k = 0, i, first_online;
    ap_status st;
    (void)opt;
    if ((st = ap__place_init(&pl, p, err)) != AP_OK)
        return st;
    pl.keep_empty = 1;
    if (!(order = ap__alloc(p->n, sizeof *order))) {
        st = ap_error_set(err, AP_ERR_NOMEM, "out of memory planning %zu buffers", p->n);
        goto done;
    }
    ap__place_fixed(&pl, order, &k);
    first_online = k;
    for (i = 0; i < p->n; i++)
        if (p->buf[i].fixed == AP_UNFIXED)
            order[k++] = (uint32_t)i;
    if ((st = ap__sort_idx(order + first_online, k - first_online, cmp_tflm, p, err)) != AP_OK)
        goto done;
    for (i = first_online; i < k; i++) {
        uint32_t b = order[i];
        if ((st = ap__place_obstacles(&pl, b, err)) != AP_OK)
            goto done;
        ap__place_put(&pl, b, ap__place_first_fit(&pl, p->buf[b].size, ap_buffer_align(p, b)));
    }
    ap__place_to_plan(&pl, out);
    out->order = order;
    order = NULL;
done:
    free(order);
    ap__place_free(&pl);
    return st;
}
