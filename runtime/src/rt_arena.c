/*
 * rt_arena.c - the arena over a caller's buffer: head base, temp and tail bump allocators, and
 * the usage accounting (per section and per caller-named category).
 *
 * Positions are kept as offsets from buf, never as pointers, so that no pointer outside the
 * buffer is ever formed: a request is proven to fit by comparing offsets before the pointer is
 * made. Alignment is of addresses (buf need not be aligned), so padding is computed from
 * (uintptr_t)buf + offset. Invariant: head <= temp <= top <= tail <= size.
 */
#include "arenaplan_rt.h"

#include "rt_internal.h"

ap_rt_status ap_rt_arena_init(ap_rt_arena *a, void *buf, size_t size, size_t head_align)
{
    size_t pad;
    uint8_t *p = buf;
    size_t i;

    if (!a || !buf)
        return AP_RT_E_ARG;
    if (!ap_rt__pow2(head_align))
        return AP_RT_E_ALIGN;
    pad = ap_rt__pad((uintptr_t)buf, head_align);
    if (pad > size)
        return AP_RT_E_NOSPACE;
    /* Field by field: a struct assignment could make the compiler call memset. */
    for (i = 0; i < sizeof *a; i++)
        ((volatile uint8_t *)a)[i] = 0;
    a->buf = p;
    a->size = size;
    a->head = a->temp = a->top = pad;
    a->tail = a->mark = size;
    a->gen = 1;
    ap_rt__account(a);
    a->sec[AP_RT_HEAD].align_lost = pad;
    return AP_RT_OK;
}

void ap_rt_arena_set_categories(ap_rt_arena *a, ap_rt_category *cat, uint32_t n)
{
    uint32_t i;

    a->cat = cat;
    a->ncat = cat ? n : 0;
    for (i = 0; i < a->ncat; i++) {
        cat[i].requested = cat[i].used = 0;
        cat[i].count = 0;
    }
}

/* Recomputes every section's use from the offsets and raises the high-water marks. */
void ap_rt__account(ap_rt_arena *a)
{
    size_t total = 0;
    int s;

    AP_RT_ASSERT(a->head <= a->temp && a->temp <= a->top && a->top <= a->tail &&
                 a->tail <= a->size);
    a->sec[AP_RT_HEAD].used = a->temp;
    a->sec[AP_RT_TEMP].used = a->top - a->temp;
    a->sec[AP_RT_TAIL].used = a->size - a->tail;
    for (s = 0; s < AP_RT_SECTIONS; s++) {
        ap_rt_section *sec = &a->sec[s];
        if (sec->used > sec->high_water)
            sec->high_water = sec->used;
        total += sec->used;
    }
    if (total > a->high_water)
        a->high_water = total;
}

/* Records a successful allocation of size bytes that consumed size + pad in section s. */
static void *record(ap_rt_arena *a, int s, size_t at, size_t size, size_t pad, uint32_t category,
                    ap_rt_status *status)
{
    a->sec[s].align_lost += pad;
    ap_rt__account(a);
    if (category < a->ncat) {
        ap_rt_category *c = &a->cat[category];
        c->requested += size;
        c->used += size + pad;
        c->count++;
    }
    if (s == AP_RT_TAIL && a->bound)
        a->bound->tail_bytes += size + pad;
    if (status)
        *status = AP_RT_OK;
    return a->buf + at;
}

static void *fail(ap_rt_status *status, ap_rt_status why)
{
    if (status)
        *status = why;
    return NULL;
}

void *ap_rt_tail_alloc(ap_rt_arena *a, size_t size, size_t align, uint32_t category,
                       ap_rt_status *status)
{
    size_t free_bytes = a->tail - a->top, at, pad;

    if (!ap_rt__pow2(align))
        return fail(status, AP_RT_E_ALIGN);
    if (size > free_bytes)
        return fail(status, AP_RT_E_NOSPACE);
    /* Round the new tail start down to align; it must stay at or above temp's top. */
    pad = ((uintptr_t)a->buf + a->tail - size) & (align - 1);
    if (pad > free_bytes - size)
        return fail(status, AP_RT_E_NOSPACE);
    at = a->tail - size - pad;
    a->tail = at;
    return record(a, AP_RT_TAIL, at, size, pad, category, status);
}

void *ap_rt_temp_alloc(ap_rt_arena *a, size_t size, size_t align, uint32_t category,
                       ap_rt_status *status)
{
    size_t free_bytes = a->tail - a->top, at, pad;

    if (!ap_rt__pow2(align))
        return fail(status, AP_RT_E_ALIGN);
    pad = ap_rt__pad((uintptr_t)a->buf + a->top, align);
    if (pad > free_bytes || size > free_bytes - pad)
        return fail(status, AP_RT_E_NOSPACE);
    at = a->top + pad;
    a->top = at + size;
    return record(a, AP_RT_TEMP, at, size, pad, category, status);
}

void ap_rt_temp_reset(ap_rt_arena *a)
{
    a->top = a->temp;
    a->sec[AP_RT_TEMP].align_lost = 0;
    ap_rt__account(a);
}

size_t ap_rt_free_bytes(const ap_rt_arena *a)
{
    return a->tail - a->top;
}
