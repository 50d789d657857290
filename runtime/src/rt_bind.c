/*
 * rt_bind.c - binding a plan's offset table to the arena's head, and switching between models
 * that share one arena.
 *
 * Every model's head starts at the same head base, so the arena needs the largest head, not
 * the sum. A bind checks everything before it changes anything: a refused switch leaves the
 * bound model bound and its buffers intact.
 */
#include "arenaplan_rt.h"

#include "rt_internal.h"

ap_rt_status ap_rt_plan_check(ap_rt_arena *a, const ap_rt_plan *p)
{
    uint32_t i;

    if (!a || !p || (p->count && (!p->offsets || !p->sizes)))
        return AP_RT_E_ARG;
    if (!ap_rt__pow2(p->align) || ap_rt__pad((uintptr_t)a->buf + a->head, p->align))
        return AP_RT_E_ALIGN;
    for (i = 0; i < p->count; i++) {
        int32_t off = p->offsets[i];
        /* off + size <= head_size, written so that nothing can wrap. */
        if (off < 0 || p->sizes[i] > p->head_size || (uint32_t)off > p->head_size - p->sizes[i]) {
            a->bad_index = i;
            return AP_RT_E_PLAN;
        }
    }
    return AP_RT_OK;
}

void ap_rt_model_init(ap_rt_model *m, const ap_rt_plan *plan)
{
    m->plan = plan;
    m->tail_bytes = 0;
    m->gen = 0;
    m->in_use = false;
    m->fresh = true;
}

void ap_rt_model_set_in_use(ap_rt_model *m, bool in_use)
{
    m->in_use = in_use;
}

ap_rt_status ap_rt_bind(ap_rt_arena *a, ap_rt_model *m, ap_rt_tail_policy policy)
{
    ap_rt_status st;
    size_t tail, lost;

    if (!a || !m || !m->plan)
        return AP_RT_E_ARG;
    if (a->bound && a->bound->in_use)
        return AP_RT_E_BUSY;
    st = ap_rt_plan_check(a, m->plan);
    if (st != AP_RT_OK)
        return st;
    /* A reset returns the tail to where it was at the first bind: models' tails lie below
     * that mark, what lies above it was allocated before any model and is shared. */
    tail = a->tail;
    lost = a->sec[AP_RT_TAIL].align_lost;
    if (policy == AP_RT_TAIL_RESET && a->bound) {
        tail = a->mark;
        lost = a->mark_lost;
    }
    if (m->plan->head_size > tail - a->head)
        return AP_RT_E_NOSPACE;

    if (!a->bound) {
        a->mark = tail;
        a->mark_lost = lost;
    }
    if (policy == AP_RT_TAIL_RESET)
        a->gen++;
    a->tail = tail;
    a->sec[AP_RT_TAIL].align_lost = lost;
    a->temp = a->top = a->head + m->plan->head_size;
    a->sec[AP_RT_TEMP].align_lost = 0;
    ap_rt__account(a);
    m->fresh = m->gen != a->gen;
    if (m->fresh) {
        m->gen = a->gen;
        m->tail_bytes = 0;
    }
    a->bound = m;
    return AP_RT_OK;
}

void *ap_rt_buffer(const ap_rt_arena *a, uint32_t i)
{
    if (!a->bound || i >= a->bound->plan->count)
        return NULL;
    return a->buf + a->head + a->bound->plan->offsets[i];
}
