/*
 * validate.c - ap_problem_validate (problem.h): everything a planner relies on, checked once
 * (ids unique, sizes, lifetimes, alignments and fixed offsets in range, allowances naming real
 * buffers, fixed buffers that do not clash), and the problem without its rule allowances.
 */
#include <stdlib.h>
#include <string.h>

#include "arenaplan/check.h"
#include "arenaplan/problem.h"
#include "core/check.h"
#include "core/util.h"
#include "core/validate.h"

static int is_pow2(int64_t v)
{
    return v > 0 && (v & (v - 1)) == 0;
}

#define MAX_ALIGN (INT64_C(1) << 30)

/* Id uniqueness: sort indices by id and compare neighbours. */
static int cmp_id(uint32_t a, uint32_t b, const void *ctx)
{
    const ap_problem *p = ctx;
    return strcmp(p->buf[a].id, p->buf[b].id);
}

static int cmp_ovl(const void *x, const void *y)
{
    const ap_overlap *a = x, *b = y;
    if (a->over != b->over)
        return a->over < b->over ? -1 : 1;
    if (a->base != b->base)
        return a->base < b->base ? -1 : 1;
    return 0;
}

static int cmp_label(const void *x, const void *y)
{
    const ap_step_label *a = x, *b = y;
    return a->step < b->step ? -1 : a->step > b->step;
}

static ap_status check_ids(const ap_problem *p, ap_error *err)
{
    uint32_t *idx;
    size_t i;
    ap_status st = AP_OK;
    if (p->n > UINT32_MAX - 1)
        return ap_error_set(err, AP_ERR_INPUT, "too many buffers (%zu)", p->n);
    idx = ap__alloc(p->n, sizeof *idx);
    if (!idx)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory checking buffer ids");
    for (i = 0; i < p->n; i++)
        idx[i] = (uint32_t)i;
    st = ap__sort_idx(idx, p->n, cmp_id, p, err);
    for (i = 1; st == AP_OK && i < p->n; i++) {
        if (strcmp(p->buf[idx[i - 1]].id, p->buf[idx[i]].id) == 0) {
            uint32_t a = idx[i - 1] < idx[i] ? idx[i - 1] : idx[i];
            uint32_t b = idx[i - 1] < idx[i] ? idx[i] : idx[i - 1];
            st = ap_error_set(err, AP_ERR_INPUT, "buffers %u and %u share the id '%s'", a, b,
                              p->buf[a].id);
        }
    }
    free(idx);
    return st;
}

static ap_status check_buffer(const ap_problem *p, size_t i, ap_error *err)
{
    const ap_buffer *b = &p->buf[i];
    const char *id = b->id;
    if (!id[0])
        return ap_error_set(err, AP_ERR_INPUT, "buffer %zu has an empty id", i);
    if (b->size < 0 || b->size > AP_MAX_VALUE)
        return ap_error_set(err, AP_ERR_INPUT, "buffer '%s': size %lld is out of range (0 to 2^52)",
                            id, (long long)b->size);
    if (b->lower < -AP_MAX_VALUE || b->upper > AP_MAX_VALUE || b->lower > AP_MAX_VALUE ||
        b->upper < -AP_MAX_VALUE)
        return ap_error_set(err, AP_ERR_INPUT, "buffer '%s': lifetime [%lld, %lld) is out of range",
                            id, (long long)b->lower, (long long)b->upper);
    if (b->lower >= b->upper)
        return ap_error_set(err, AP_ERR_INPUT,
                            "buffer '%s': empty lifetime [%lld, %lld) (upper must exceed lower)",
                            id, (long long)b->lower, (long long)b->upper);
    if (b->align != 0 && (!is_pow2(b->align) || b->align > MAX_ALIGN))
        return ap_error_set(err, AP_ERR_INPUT,
                            "buffer '%s': alignment %lld is not a power of two up to 2^30", id,
                            (long long)b->align);
    if (b->fixed != AP_UNFIXED) {
        int64_t a = ap_buffer_align(p, i);
        if (b->fixed < 0 || b->fixed > AP_MAX_VALUE - b->size)
            return ap_error_set(err, AP_ERR_INPUT, "buffer '%s': fixed offset %lld is out of range",
                                id, (long long)b->fixed);
        if (b->fixed % a != 0)
            return ap_error_set(err, AP_ERR_INPUT,
                                "buffer '%s': fixed offset %lld is not a multiple of its alignment %lld",
                                id, (long long)b->fixed, (long long)a);
    }
    return AP_OK;
}

/* After sorting: two allowances for one ordered pair are an input error. */
static ap_status refuse_duplicate_overlaps(const ap_problem *p, ap_error *err)
{
    for (size_t i = 1; i < p->n_ovl; i++)
        if (cmp_ovl(&p->ovl[i - 1], &p->ovl[i]) == 0)
            return ap_error_set(err, AP_ERR_INPUT, "buffer '%s' has two overlap allowances on '%s'",
                                p->buf[p->ovl[i].over].id, p->buf[p->ovl[i].base].id);
    return AP_OK;
}

/* Fixed offsets that clash are the input's fault, named like a checker fault, unless both
 * buffers are pre-planned (the sharing of an offline plan) or an allowance covers them. */
static ap_status refuse_fixed_clash(const ap_problem *p, ap_error *err)
{
    ap_check_result res;
    ap_status st = ap__check_fixed(p, 0, &res);
    if (st == AP_ERR_NOMEM)
        return ap_error_set(err, st, "%s", res.message);
    if (st != AP_OK)
        return ap_error_set(err, AP_ERR_INPUT,
                            "fixed offsets clash: %s (only a model's offline plan may place fixed "
                            "buffers on shared bytes; --allow-fixed-overlap accepts a buffer list "
                            "that does)", res.message);
    return AP_OK;
}

ap_status ap_problem_validate(ap_problem *p, ap_error *err)
{
    size_t i;
    int64_t total = 0;
    ap_status st;
    if (!is_pow2(p->default_align) || p->default_align > MAX_ALIGN)
        return ap_error_set(err, AP_ERR_INPUT, "default alignment %lld is not a power of two up to 2^30",
                            (long long)p->default_align);
    for (i = 0; i < p->n; i++) {
        if ((st = check_buffer(p, i, err)) != AP_OK)
            return st;
        /* Every planner stays below the sum of all sizes and alignments plus the highest fixed
         * end, so bounding that sum rules out overflow everywhere downstream. */
        total += p->buf[i].size + ap_buffer_align(p, i);
        if (p->buf[i].fixed != AP_UNFIXED)
            total += p->buf[i].fixed;
        if (total > AP_MAX_VALUE)
            return ap_error_set(err, AP_ERR_INPUT,
                                "the buffers' sizes add up to more than 2^52 bytes (at buffer '%s')",
                                p->buf[i].id);
    }
    if ((st = check_ids(p, err)) != AP_OK)
        return st;
    for (i = 0; i < p->n_ovl; i++) {
        const ap_overlap *o = &p->ovl[i];
        if (o->base >= p->n || o->over >= p->n)
            return ap_error_set(err, AP_ERR_INPUT, "overlap allowance %zu names buffer %u, but there are %zu",
                                i, o->base >= p->n ? o->base : o->over, p->n);
        if (o->base == o->over)
            return ap_error_set(err, AP_ERR_INPUT, "buffer '%s' is declared to overlap itself",
                                p->buf[o->base].id);
        if (o->max_delta < -AP_MAX_VALUE || o->max_delta > AP_MAX_VALUE)
            return ap_error_set(err, AP_ERR_INPUT, "overlap allowance of '%s' on '%s' is out of range",
                                p->buf[o->over].id, p->buf[o->base].id);
    }
    if (p->n_ovl > 1)
        qsort(p->ovl, p->n_ovl, sizeof *p->ovl, cmp_ovl);
    if ((st = refuse_duplicate_overlaps(p, err)) != AP_OK || (st = refuse_fixed_clash(p, err)) != AP_OK)
        return st;
    if (p->n_labels > 1)
        qsort(p->labels, p->n_labels, sizeof *p->labels, cmp_label);
    return AP_OK;
}

ap_status ap__validate_without_rule_overlaps(const ap_problem *p, ap_problem **out, ap_error *err)
{
    ap_problem *q = ap_problem_clone(p);
    size_t i;
    ap_status st;
    *out = NULL;
    if (!q)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory copying the problem");
    for (i = 0; i < q->n_ovl; i++)
        free(q->ovl[i].why);
    q->n_ovl = 0;
    if ((st = ap_problem_validate(q, err)) != AP_OK) {
        ap_problem_free(q);
        return st;
    }
    *out = q;
    return AP_OK;
}
