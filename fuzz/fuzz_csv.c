/*
 * fuzz_csv.c - libFuzzer target for the CSV reader and everything a parsed problem reaches:
 * validation, bounds, a few planners, the exact search, the checker, the writers, and the plan
 * reader fed the same bytes. Any crash or sanitizer report is a bug; every plan must pass the
 * checker, and no proven bound of the exact search may exceed the arena of any valid plan.
 * Every other input length accepts fixed offsets that share bytes (allow_fixed_overlap).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "arenaplan/bounds.h"
#include "arenaplan/check.h"
#include "arenaplan/csv.h"
#include "arenaplan/planner.h"
#include "arenaplan/report.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* the first three are in the portfolio that the exact search starts from */
    static const char *strategies[] = {"greedy", "bestfit-breadth", "pingpong", "linear"};
    static FILE *sink;
    ap_problem *p = NULL;
    ap_csv_options opt;
    ap_error err;
    size_t k;
    if (size > 1 << 16)
        return 0;
    if (!sink)
        sink = fopen("/dev/null", "w");
    ap_csv_options_init(&opt);
    opt.align = (size & 1) ? 16 : 0;
    opt.allow_fixed_overlap = (size & 2) != 0; /* fixed buffers that share bytes: the rule */
    if (ap_csv_parse((const char *)data, size, "fuzz", &opt, &p, NULL, &err) != AP_OK)
        return 0;
    if (p->n <= 2000) {
        ap_bounds bd;
        int64_t *off = malloc((p->n ? p->n : 1) * sizeof *off);
        int64_t least = INT64_MAX, least_pf = INT64_MAX; /* of all plans; of the portfolio's */
        ap_bounds_compute(p, &bd, &err);
        for (k = 0; k < sizeof strategies / sizeof strategies[0]; k++) {
            ap_plan_options po;
            ap_plan plan;
            ap_check_result res;
            ap_plan_options_init(&po);
            po.strategy = strategies[k];
            ap_plan_init(&plan);
            if (ap_plan_problem(p, &po, &plan, &err) == AP_OK) {
                if (ap_check(p, plan.offset, &res) != AP_OK)
                    abort(); /* a planner produced an invalid plan */
                if (plan.arena < bd.lower)
                    abort(); /* a plan below the lower bound: the bound is wrong */
                ap_csv_write(sink, p, &plan, &err);
                ap_write_json(sink, p, &plan, &err);
                if (plan.arena < least)
                    least = plan.arena;
                if (k < 3 && plan.arena < least_pf)
                    least_pf = plan.arena;
            }
            ap_plan_free(&plan);
        }
        if (p->n <= 40) {  /* the exact search: its proofs against the heuristics' plans */
            ap_plan_options po;
            ap_plan plan;
            ap_check_result res;
            ap_plan_options_init(&po);
            po.strategy = "exact";
            po.time_limit = 0.1;
            ap_plan_init(&plan);
            if (ap_plan_problem(p, &po, &plan, &err) == AP_OK) {
                if (ap_check(p, plan.offset, &res) != AP_OK || res.arena != plan.arena)
                    abort(); /* an invalid plan */
                if (plan.proven_bound > plan.arena || plan.proven_bound > least ||
                    (plan.verdict == AP_VERDICT_OPTIMAL && plan.arena != plan.proven_bound))
                    abort(); /* a proven bound above a valid plan: a wrong proof */
                if (plan.arena > least_pf)
                    abort(); /* exact starts from the portfolio's best plan */
            }
            ap_plan_free(&plan);
        }
        if (off) {
            ap_check_result res;
            if (ap_csv_parse_plan((const char *)data, size, "fuzz", p, off, &err) == AP_OK)
                ap_check(p, off, &res);
            free(off);
        }
    }
    ap_problem_free(p);
    return 0;
}
