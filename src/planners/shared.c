/* shared.c - several models in one arena, run one after another or at the same time (shared.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/shared.h"
#include "core/util.h"

typedef struct range {
    int64_t lo, hi;
} range;

typedef struct ranges {
    range *r;
    size_t n, cap;
} ranges;

static int cmp_range(const void *x, const void *y)
{
    const range *a = x, *b = y;
    return a->lo < b->lo ? -1 : a->lo > b->lo;
}

/* Adds the byte ranges a plan occupies and merges everything into disjoint sorted ranges. */
static ap_status add_ranges(ranges *rs, const ap_problem *p, const ap_plan *plan, ap_error *err)
{
    size_t i, k = 0;
    for (i = 0; i < p->n; i++) {
        range *nr;
        if (p->buf[i].size == 0)
            continue;
        if (!(nr = ap__grow(rs->r, &rs->cap, rs->n + 1, sizeof *rs->r)))
            return ap_error_set(err, AP_ERR_NOMEM, "out of memory merging plans");
        rs->r = nr;
        rs->r[rs->n].lo = plan->offset[i];
        rs->r[rs->n++].hi = plan->offset[i] + p->buf[i].size;
    }
    if (rs->n > 1)
        qsort(rs->r, rs->n, sizeof *rs->r, cmp_range);
    for (i = 0; i < rs->n; i++) {
        if (k > 0 && rs->r[i].lo <= rs->r[k - 1].hi)
            rs->r[k - 1].hi = ap__max64(rs->r[k - 1].hi, rs->r[i].hi);
        else
            rs->r[k++] = rs->r[i];
    }
    rs->n = k;
    return AP_OK;
}

/* Plans model p into the bytes left free by `taken`: p's buffers plus one fixed block per taken
 * range, live for the whole of p's run. */
static ap_status plan_around(const ap_problem *p, const ranges *taken, const ap_plan_options *opt,
                             ap_plan *out, ap_error *err)
{
    ap_problem *q = ap_problem_clone(p);
    ap_plan joint;
    int64_t lo = INT64_MAX, hi = INT64_MIN;
    size_t i;
    ap_status st = AP_OK;
    if (!q)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory planning a shared arena");
    for (i = 0; i < p->n; i++) {
        lo = ap__min64(lo, p->buf[i].lower);
        hi = ap__max64(hi, p->buf[i].upper);
    }
    for (i = 0; i < taken->n && st == AP_OK; i++) {
        ap_buffer_spec s;
        char id[48];
        ap_buffer_spec_init(&s);
        snprintf(id, sizeof id, "reserved:%zu", i);
        s.id = id;
        s.lower = lo;
        s.upper = hi;
        s.size = taken->r[i].hi - taken->r[i].lo;
        s.align = 1;
        s.fixed = taken->r[i].lo;
        st = ap_problem_add(q, &s, err);
    }
    ap_plan_init(&joint);
    if (st == AP_OK && (st = ap_problem_validate(q, err)) == AP_OK &&
        (st = ap_plan_problem(q, opt, &joint, err)) == AP_OK && (st = ap_plan_reset(out, p->n, err)) == AP_OK) {
        memcpy(out->offset, joint.offset, p->n * sizeof *out->offset);
        snprintf(out->strategy, sizeof out->strategy, "%s", joint.strategy);
        ap_plan_arena(p, out);
    }
    ap_plan_free(&joint);
    ap_problem_free(q);
    return st;
}

/* Model order for concurrent planning: largest head first, so that smaller ones fill holes. */
typedef struct order_ctx {
    const ap_plan *plans;
} order_ctx;

static int cmp_head(uint32_t a, uint32_t b, const void *ctx)
{
    const ap_plan *pl = ((const order_ctx *)ctx)->plans;
    if (pl[a].arena != pl[b].arena)
        return pl[a].arena > pl[b].arena ? -1 : 1;
    return a < b ? -1 : a > b;
}

static ap_status plan_concurrent(ap_problem *const *models, size_t k, const ap_plan_options *opt,
                                 const ap_plan *own, ap_plan *out, int64_t *arena, ap_error *err)
{
    ranges taken = {NULL, 0, 0};
    uint32_t *order = ap__alloc(k, sizeof *order);
    order_ctx ctx = {own};
    size_t i, j;
    ap_status st;
    *arena = 0;
    if (!order)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory planning a shared arena");
    for (i = 0; i < k; i++)
        order[i] = (uint32_t)i;
    if ((st = ap__sort_idx(order, k, cmp_head, &ctx, err)) != AP_OK)
        goto done;
    for (i = 0; i < k; i++) {
        uint32_t m = order[i];
        const ap_problem *p = models[m];
        int64_t top = taken.n ? taken.r[taken.n - 1].hi : 0, base;
        if ((st = ap_plan_copy(&out[m], &own[m], err)) != AP_OK)
            goto done;
        if (taken.n && p->n) {
            /* stacking the model's own plan above everything is always possible; planning it
               into the holes may do better */
            ap_plan around;
            int64_t align = 1;
            for (j = 0; j < p->n; j++)
                align = ap__max64(align, ap_buffer_align(p, j));
            base = ap__align_up(top, align);
            for (j = 0; j < p->n; j++)
                out[m].offset[j] += base;
            ap_plan_arena(p, &out[m]);
            ap_plan_init(&around);
            if ((st = plan_around(p, &taken, opt, &around, err)) != AP_OK) {
                ap_plan_free(&around);
                goto done;
            }
            if (ap__max64(around.arena, top) < out[m].arena)
                st = ap_plan_copy(&out[m], &around, err);
            ap_plan_free(&around);
            if (st != AP_OK)
                goto done;
        }
        if ((st = add_ranges(&taken, p, &out[m], err)) != AP_OK)
            goto done;
        *arena = ap__max64(*arena, out[m].arena);
    }
done:
    free(taken.r);
    free(order);
    return st;
}

ap_status ap_plan_shared(ap_problem *const *models, size_t k, ap_shared_mode mode, const ap_plan_options *opt,
                         ap_plan *plans, ap_shared_result *res, ap_error *err)
{
    ap_plan *own = ap__zalloc(k, sizeof *own), *conc = ap__zalloc(k, sizeof *conc);
    size_t i;
    ap_status st = AP_OK;
    memset(res, 0, sizeof *res);
    if (!own || !conc) {
        free(own);
        free(conc);
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory planning a shared arena");
    }
    for (i = 0; i < k && st == AP_OK; i++) {
        ap_plan_init(&own[i]);
        ap_plan_init(&conc[i]);
        if ((st = ap_plan_problem(models[i], opt, &own[i], err)) == AP_OK) {
            res->separate += own[i].arena;
            res->sequential = ap__max64(res->sequential, own[i].arena);
        }
    }
    if (st == AP_OK)
        st = plan_concurrent(models, k, opt, own, conc, &res->concurrent, err);
    for (i = 0; i < k && st == AP_OK; i++)
        st = ap_plan_copy(&plans[i], mode == AP_SHARED_CONCURRENT ? &conc[i] : &own[i], err);
    res->arena = mode == AP_SHARED_CONCURRENT ? res->concurrent : res->sequential;
    for (i = 0; i < k; i++) {
        ap_plan_free(&own[i]);
        ap_plan_free(&conc[i]);
    }
    free(own);
    free(conc);
    return st;
}

typedef struct span {
    int64_t lo, hi;
    uint32_t model, buf;
} span;

static int cmp_span(const void *x, const void *y)
{
    const span *a = x, *b = y;
    if (a->lo != b->lo)
        return a->lo < b->lo ? -1 : 1;
    if (a->model != b->model)
        return a->model < b->model ? -1 : 1;
    return a->buf < b->buf ? -1 : a->buf > b->buf;
}

ap_status ap_check_shared(ap_problem *const *models, size_t k, ap_shared_mode mode, const ap_plan *plans,
                          ap_check_result *res)
{
    span *sp, top[2]; /* the earlier span reaching highest, and the highest of another model */
    size_t i, j, n = 0, total = 0;
    int have[2] = {0, 0};
    ap_status st;
    for (i = 0; i < k; i++) {
        if ((st = ap_check(models[i], plans[i].offset, res)) != AP_OK) {
            char msg[AP_ERROR_MAX];
            snprintf(msg, sizeof msg, "model %zu: %.480s", i, res->message);
            snprintf(res->message, sizeof res->message, "%s", msg);
            return st;
        }
        total += models[i]->n;
    }
    memset(res, 0, sizeof *res);
    if (mode != AP_SHARED_CONCURRENT || k < 2)
        return AP_OK;
    if (!(sp = ap__alloc(total, sizeof *sp))) {
        snprintf(res->message, sizeof res->message, "out of memory checking a shared arena");
        return AP_ERR_NOMEM;
    }
    for (i = 0; i < k; i++)
        for (j = 0; j < models[i]->n; j++)
            if (models[i]->buf[j].size > 0) {
                sp[n].lo = plans[i].offset[j];
                sp[n].hi = plans[i].offset[j] + models[i]->buf[j].size;
                sp[n].model = (uint32_t)i;
                sp[n++].buf = (uint32_t)j;
            }
    if (n > 1)
        qsort(sp, n, sizeof *sp, cmp_span);
    st = AP_OK;
    for (i = 0; i < n && st == AP_OK; i++) {
        const span *c = &sp[i], *o = NULL;
        if (have[0] && top[0].model != c->model && top[0].hi > c->lo)
            o = &top[0];
        else if (have[1] && top[1].model != c->model && top[1].hi > c->lo)
            o = &top[1];
        if (o) {
            res->fault = AP_FAULT_OVERLAP;
            res->a = o->buf;
            res->b = c->buf;
            snprintf(res->message, sizeof res->message,
                     "models %u and %u run at the same time but share bytes [%lld, %lld): buffer '%s' of "
                     "model %u and buffer '%s' of model %u",
                     o->model, c->model, (long long)c->lo, (long long)ap__min64(o->hi, c->hi),
                     models[o->model]->buf[o->buf].id, o->model, models[c->model]->buf[c->buf].id, c->model);
            st = AP_ERR_INVALID;
            break;
        }
        /* keep the highest-reaching span, and the highest of a model other than its model */
        if (!have[0] || c->hi > top[0].hi) {
            if (have[0] && top[0].model != c->model) {
                top[1] = top[0];
                have[1] = 1;
            }
            top[0] = *c;
            have[0] = 1;
        } else if (c->model != top[0].model && (!have[1] || c->hi > top[1].hi)) {
            top[1] = *c;
            have[1] = 1;
        }
    }
    free(sp);
    return st;
}
