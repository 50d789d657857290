/*
 * fuzz_csv.c - libFuzzer target for the CSV reader and everything a parsed problem reaches:
 * validation, bounds, a few planners, the exact search, the checker, the writers, and the plan
 * reader fed the same bytes. Any crash or sanitizer report is a bug; every plan must pass the
 * checker, and no proven bound of the exact search may exceed the arena of any valid plan,
 * nor may exact end worse than best; JSON must be valid UTF-8 whatever the names; best under a
 * small work limit (and a raised stop flag) must still return a valid plan.
 * Every other input length accepts fixed offsets that share bytes (allow_fixed_overlap).
 */
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "arenaplan/bounds.h"
#include "arenaplan/check.h"
#include "arenaplan/csv.h"
#include "arenaplan/planner.h"
#include "arenaplan/report.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Whether s[0..n) is valid UTF-8 (what every JSON output must be). */
static int valid_utf8(const unsigned char *s, size_t n)
{
    for (size_t i = 0; i < n;) {
        unsigned c = s[i];
        size_t k = c < 0x80 ? 1 : c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3
                 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
        if (!k || i + k > n)
            return 0;
        for (size_t j = 1; j < k; j++)
            if ((s[i + j] & 0xc0) != 0x80)
                return 0;
        if (k > 1 && ((c == 0xe0 && s[i + 1] < 0xa0) || (c == 0xed && s[i + 1] > 0x9f) ||
                      (c == 0xf0 && s[i + 1] < 0x90) || (c == 0xf4 && s[i + 1] > 0x8f)))
            return 0;
        i += k;
    }
    return 1;
}

/* best within a work limit of `work` units (and with the stop flag raised when stop): a plan
 * the checker accepts, saying that it stopped when it did. */
static void limited_best(const ap_problem *p, uint64_t work, int stop)
{
    volatile sig_atomic_t flag = 1;
    ap_plan_options po;
    ap_plan plan;
    ap_check_result res;
    ap_error err;
    ap_plan_options_init(&po);
    po.work_limit = work;
    po.stop = stop ? &flag : NULL;
    ap_plan_init(&plan);
    if (ap_plan_problem(p, &po, &plan, &err) != AP_OK) {
        if (err.code != AP_ERR_NOMEM)
            abort(); /* best always has a plan: linear's at worst */
    } else if (ap_check(p, plan.offset, &res) != AP_OK || (plan.fallback && !plan.stopped))
        abort();
    ap_plan_free(&plan);
}

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
                {
                    char *json = NULL;
                    size_t jlen = 0;
                    FILE *m = open_memstream(&json, &jlen);
                    if (m) {
                        ap_write_json(m, p, &plan, &err);
                        fclose(m);
                        if (json && !valid_utf8((const unsigned char *)json, jlen))
                            abort(); /* JSON that is not UTF-8 (issue 32.7) */
                        free(json);
                    }
                }
                ap_write_table(sink, p, &plan, &err);
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
                if (plan.arena > least_pf && plan.stopped != AP_STOPPED_TIME)
                    abort(); /* exact starts from best's plan, no worse than the portfolio's
                                (unless its time limit cut the start itself short) */
            }
            ap_plan_free(&plan);
            /* with a node limit (no clock anywhere), exact never ends worse than best */
            ap_plan best;
            ap_plan_init(&best);
            po.strategy = "best";
            po.time_limit = 60;
            po.work_limit = 200000; /* a count: best inside exact gets the same, so the same plan */
            if (ap_plan_problem(p, &po, &best, &err) == AP_OK) {
                po.strategy = "exact";
                po.node_limit = 50;
                ap_plan_init(&plan);
                if (ap_plan_problem(p, &po, &plan, &err) == AP_OK && plan.arena > best.arena &&
                    !best.stopped)
                    abort();
                ap_plan_free(&plan);
            }
            ap_plan_free(&best);
        }
        limited_best(p, 1 + size % 97, 0);
        limited_best(p, 0, 1);
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
