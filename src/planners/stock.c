/*
 * stock.c - the plan stock TFLM itself makes at AllocateTensors for a model problem: the
 * offline plan's fixed offsets kept, every other buffer placed by its GreedyMemoryPlanner,
 * which knows no in-place or overlap rule (ap_tflite_tflm_plan in tflm.h). embed judges its
 * candidates by it; `check` compares a plan with it; every output names its head when a plan
 * beats it.
 */
#include <stdio.h>

#include "arenaplan/check.h"
#include "arenaplan/tflm.h"
#include "core/problem.h"
#include "core/util.h"
#include "core/validate.h"
#include "planners/planners.h"
#include "planners/stock.h"

ap_status ap_tflite_tflm_plan(const ap_problem *p, ap_plan *out, ap_error *err)
{
    ap_plan_options po;
    ap_check_result res;
    ap_problem *q = NULL;
    ap_status st;
    if (ap__problem_has_rule_overlaps(p) && (st = ap__validate_without_rule_overlaps(p, &q, err)) != AP_OK)
        return st;
    ap_plan_options_init(&po);
    if ((st = ap__portfolio_run("greedy", ap__greedy_plan, q ? q : p, &po, out, err)) == AP_OK &&
        (st = ap_check(p, out->offset, &res)) != AP_OK)
        st = ap_error_set(err, st, "%s", res.message);
    ap_problem_free(q);
    return st;
}

ap_status ap_tflite_tflm_embedded(const ap_problem *p, const ap_plan *plan, ap_plan *out, ap_error *err)
{
    ap_problem *q;
    ap_status st;
    size_t i;
    if (plan->n != p->n)
        return ap_error_set(err, AP_ERR_INVALID, "the plan has %zu offsets for %zu buffers", plan->n, p->n);
    for (i = 0; i < p->n; i++)
        if (plan->offset[i] < 0)
            return ap_error_set(err, AP_ERR_INVALID, "buffer '%s' has no offset", p->buf[i].id);
    ap_check_result res;
    if ((st = ap_check(p, plan->offset, &res)) != AP_OK)
        return ap_error_set(err, st, "%s", res.message);
    if (!(q = ap_problem_clone(p)))
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory embedding the plan");
    /* every tensor fixed where the plan put it, as the offline plan embed writes: pre-planned,
       so that the bytes the plan's rules let two tensors share stay shared once TFLM's planner,
       which knows no rule, places the scratch around them (as embed's own copy is read) */
    for (i = 0; i < q->n; i++)
        if (q->buf[i].tensor != AP_NO_INDEX) {
            q->buf[i].fixed = plan->offset[i];
            q->buf[i].preplanned = 1;
        }
    if ((st = ap_problem_validate(q, err)) == AP_OK)
        st = ap_tflite_tflm_plan(q, out, err);
    ap_problem_free(q);
    return st;
}

int64_t ap__stock_head(const ap_problem *p)
{
    ap_plan plan;
    int64_t head = -1;
    if (p->origin != AP_ORIGIN_TFLM)
        return -1; /* a buffer list, or TFLite's arena: no model for TFLM to plan */
    ap_plan_init(&plan);
    if (ap_tflite_tflm_plan(p, &plan, NULL) == AP_OK)
        head = plan.arena;
    ap_plan_free(&plan);
    return head;
}
