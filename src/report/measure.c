/* measure.c - what every writer measures before it prints (measure.h): that the plan is whole,
 * whether the problem is a model's, which allowance lets each buffer share bytes. */
#include "report/measure.h"

ap_status ap__measure_check(const ap_problem *p, const ap_plan *plan, ap_error *err)
{
    size_t i;
    if (!plan || plan->n != p->n || (p->n && !plan->offset))
        return ap_error_set(err, AP_ERR_INVALID, "the plan has %zu offsets for %zu buffers",
                            plan ? plan->n : 0, p->n);
    for (i = 0; i < p->n; i++)
        if (plan->offset[i] < 0 || plan->offset[i] > AP_MAX_VALUE)
            return ap_error_set(err, AP_ERR_INVALID, "buffer %s is not placed", p->buf[i].id);
    return AP_OK;
}

int ap__measure_cmp_key(const void *a, const void *b)
{
    const ap__key *x = a, *y = b;
    if (x->v != y->v)
        return x->v < y->v ? -1 : 1;
    return x->i < y->i ? -1 : x->i > y->i;
}

int ap__measure_is_model(const ap_problem *p)
{
    return p->origin == AP_ORIGIN_TFLM;
}

void ap__measure_by_over(const ap_problem *p, const ap_overlap **by_over)
{
    size_t i;
    for (i = 0; i < p->n; i++)
        by_over[i] = NULL;
    for (i = 0; i < p->n_ovl; i++)
        if (!by_over[p->ovl[i].over])
            by_over[p->ovl[i].over] = &p->ovl[i];
}
