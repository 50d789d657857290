/*
 * tflm.c - the plan TFLM itself makes at AllocateTensors for a model problem: the offline
 * plan's fixed offsets kept, every other buffer placed by its GreedyMemoryPlanner, which knows
 * no in-place or overlap rule (ap_tflite_tflm_plan in tflm.h). embed judges its candidates
 * by it; `check` compares a plan with it.
 */
#include "arenaplan/check.h"
#include "arenaplan/tflm.h"
#include "core/util.h"
#include "planners/planners.h"

ap_status ap_tflite_tflm_plan(const ap_problem *p, ap_plan *out, ap_error *err)
{
    ap_plan_options po;
    ap_check_result res;
    ap_problem *q = NULL;
    ap_status st;
    if (ap__has_rule_overlaps(p) && (st = ap__without_rule_overlaps(p, &q, err)) != AP_OK)
        return st;
    ap_plan_options_init(&po);
    if ((st = ap__plan_run("greedy", ap__plan_greedy, q ? q : p, &po, out, err)) == AP_OK &&
        (st = ap_check(p, out->offset, &res)) != AP_OK)
        st = ap_error_set(err, st, "%s", res.message);
    ap_problem_free(q);
    return st;
}
