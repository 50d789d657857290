/*
 * rt_greedy.c - TFLM's GreedyMemoryPlanner on the device: the same offsets, 4 bytes of scratch
 * per buffer instead of TFLM's 40.
 *
 * The algorithm (TFLM's, written anew): buffers are placed one at a time in a fixed order:
 * first those with a fixed (offline-planned) offset, in index order, at that offset; then the
 * others by size, largest first. TFLM lays the online buffers into its sort array from the back
 * and sorts that array with a stable sort, so among equal sizes the buffer added last (the
 * higher index) is placed first. An online buffer goes to the first gap, scanning the placed
 * buffers that overlap it in time in order of offset, that is big enough; else just above the
 * highest end among them. The offset order of placed buffers with equal offsets is the order
 * they were placed in (a new buffer goes after every placed one at its offset or below).
 *
 * Where TFLM keeps copies of the requirements, a sort array and a list node per buffer, this
 * keeps only the offset-ordered list's links in scratch: the requests are read where the
 * caller has them, the offsets are written straight into the caller's output, and the next
 * buffer in placement order is found afresh each time (the placement order is a strict total
 * order, so "the first buffer after the current one" is well defined). Both are O(n^2).
 */
#include "arenaplan_rt.h"

#include "rt_internal.h"

#define NIL UINT32_MAX

size_t ap_rt_greedy_scratch_bytes(uint32_t n)
{
#if SIZE_MAX / 4 < UINT32_MAX
    if (n > SIZE_MAX / sizeof(uint32_t))
        return SIZE_MAX;
#endif
    return (size_t)n * sizeof(uint32_t);
}

/* Whether buffer i is placed before buffer j (false when i == j). */
static bool before(const ap_rt_request *r, uint32_t i, uint32_t j)
{
    bool fi = r[i].fixed >= 0, fj = r[j].fixed >= 0;

    if (fi != fj)
        return fi;
    if (fi || r[i].size == r[j].size)
        return fi ? i < j : i > j;
    return r[i].size > r[j].size;
}

ap_rt_status ap_rt_greedy_plan(const ap_rt_request *req, uint32_t n, int32_t *offsets_out,
                               void *scratch, size_t scratch_bytes, uint32_t *head_size_out)
{
    uint32_t *next = scratch; /* next[i]: the placed buffer after i in offset order, or NIL */
    uint32_t head = NIL;      /* the placed buffer with the lowest offset */
    uint32_t cur = NIL;       /* the buffer placed last */
    uint32_t end = 0, i, k;

    if (head_size_out)
        *head_size_out = 0;
    if (n == NIL || (n && (!req || !offsets_out)))
        return AP_RT_E_ARG;
    if (n && (!scratch || scratch_bytes < ap_rt_greedy_scratch_bytes(n)))
        return AP_RT_E_SCRATCH;
    if ((uintptr_t)scratch & (sizeof(uint32_t) - 1))
        return AP_RT_E_ALIGN;
    for (i = 0; i < n; i++) {
        const ap_rt_request *r = &req[i];
        if (r->size > INT32_MAX || r->first > r->last || r->fixed < AP_RT_UNFIXED)
            return AP_RT_E_ARG;
        if (r->fixed >= 0 && r->size > (uint32_t)(INT32_MAX - r->fixed))
            return AP_RT_E_OVERFLOW;
    }

    for (k = 0; k < n; k++) {
        const ap_rt_request *r;
        uint32_t b = NIL, at, e, prev;

        /* The next buffer in placement order: the first of those after cur. */
        for (i = 0; i < n; i++)
            if ((cur == NIL || before(req, cur, i)) && (b == NIL || before(req, i, b)))
                b = i;
        cur = b;
        r = &req[b];

        if (r->fixed >= 0) {
            at = (uint32_t)r->fixed;
        } else {
            at = 0;
            for (e = head; e != NIL; e = next[e]) {
                const ap_rt_request *q = &req[e];
                uint32_t qo = (uint32_t)offsets_out[e];
                if (q->first > r->last || r->first > q->last)
                    continue; /* not live at a common step */
                if (qo >= at && qo - at >= r->size)
                    break;    /* the gap below q is big enough */
                if (qo + q->size > at)
                    at = qo + q->size;
            }
            /* at <= INT32_MAX (an end of a placed buffer), so the sum cannot wrap. */
            if (r->size > (uint32_t)INT32_MAX - at)
                return AP_RT_E_OVERFLOW;
        }
        offsets_out[b] = (int32_t)at;
        if (at + r->size > end)
            end = at + r->size;

        /* Link b after every placed buffer whose offset is <= at. */
        prev = NIL;
        for (e = head; e != NIL && (uint32_t)offsets_out[e] <= at; e = next[e])
            prev = e;
        next[b] = e;
        if (prev == NIL)
            head = b;
        else
            next[prev] = b;
    }
    if (head_size_out)
        *head_size_out = end;
    return AP_RT_OK;
}

/* The scratch goes on top of the temp section and comes off again, so the arena's high-water
 * mark counts it as TFLM's arena counts its planner's scratch in AllocateTensors. */
ap_rt_status ap_rt_greedy_plan_in_arena(ap_rt_arena *a, const ap_rt_request *req, uint32_t n,
                                        int32_t *offsets_out, uint32_t category,
                                        uint32_t *head_size_out)
{
    size_t need = ap_rt_greedy_scratch_bytes(n), top, room, pad;
    ap_rt_status st;

    if (!a)
        return AP_RT_E_ARG;
    top = a->top;
    room = a->tail - top;
    pad = ap_rt__pad((uintptr_t)a->buf + top, sizeof(uint32_t));
    if (pad > room || need > room - pad)
        return AP_RT_E_NOSPACE;
    a->top = top + pad + need;
    ap_rt__account(a);
    if (category < a->ncat) {
        a->cat[category].requested += need;
        a->cat[category].used += need + pad;
        a->cat[category].count++;
    }
    st = ap_rt_greedy_plan(req, n, offsets_out, a->buf + top + pad, need, head_size_out);
    a->top = top;
    ap_rt__account(a);
    return st;
}
