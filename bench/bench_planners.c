/*
 * bench_planners.c - every strategy on generated problems of 1k, 10k and 100k buffers: time,
 * arena, and distance to the lower bound. Prints figures; it is not a test.
 *
 * Targets (issue 2): greedy plans 100k buffers in under 1 s; best averages within 2% of the
 * lower bound on the chain and residual families.
 *
 * usage: bench_planners [max_buffers] [seeds] [strategy,...]   (defaults: 100000, 3, all)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "arenaplan/bounds.h"
#include "arenaplan/check.h"
#include "arenaplan/planner.h"
#include "gen.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static const char *strategies[] = {"linear", "greedy", "bestfit-size", "bestfit-breadth", "bestfit-conflicts",
                                   "pingpong", "search", "best"};
#define NS (sizeof strategies / sizeof strategies[0])

int main(int argc, char **argv)
{
    size_t max_n = argc > 1 ? (size_t)atol(argv[1]) : 100000, sizes[] = {1000, 10000, 100000}, si;
    int seeds = argc > 2 ? atoi(argv[2]) : 3;
    const char *only = argc > 3 ? argv[3] : NULL;
    gen_family fam;
    double best_gap_sum[4] = {0}, greedy_100k = 0;
    int best_gap_count[4] = {0}, failures = 0;

    printf("%-9s %7s %4s %-18s %10s %12s %12s %8s\n", "family", "buffers", "seed", "strategy", "seconds",
           "arena", "lower bound", "gap");
    for (fam = GEN_CHAIN; fam <= GEN_RANDOM; fam++) {
        for (si = 0; si < 3 && sizes[si] <= max_n; si++) {
            int seed;
            for (seed = 1; seed <= seeds; seed++) {
                ap_problem *p = gen_problem(fam, sizes[si], (uint64_t)seed);
                ap_bounds bd;
                size_t k;
                if (!p || ap_bounds_compute(p, &bd, NULL) != AP_OK) {
                    fprintf(stderr, "generator failed\n");
                    return 1;
                }
                for (k = 0; k < NS; k++) {
                    ap_plan_options opt;
                    ap_plan plan;
                    ap_check_result res;
                    ap_error err;
                    double t0, dt, gap;
                    if (only && !strstr(only, strategies[k]))
                        continue;
                    ap_plan_options_init(&opt);
                    opt.strategy = strategies[k];
                    ap_plan_init(&plan);
                    t0 = now();
                    if (ap_plan_problem(p, &opt, &plan, &err) != AP_OK) {
                        fprintf(stderr, "%s: %s\n", strategies[k], err.msg);
                        return 1;
                    }
                    dt = now() - t0;
                    if (ap_check(p, plan.offset, &res) != AP_OK) {
                        printf("INVALID plan from %s: %s\n", strategies[k], res.message);
                        failures++;
                    }
                    gap = 100.0 * (double)(plan.arena - bd.lower) / (double)bd.lower;
                    printf("%-9s %7zu %4d %-18s %10.4f %12lld %12lld %7.2f%%\n", gen_family_name(fam), p->n, seed,
                           strategies[k], dt, (long long)plan.arena, (long long)bd.lower, gap);
                    if (strcmp(strategies[k], "best") == 0) {
                        best_gap_sum[fam] += gap;
                        best_gap_count[fam]++;
                    }
                    if (strcmp(strategies[k], "greedy") == 0 && p->n == 100000 && dt > greedy_100k)
                        greedy_100k = dt;
                    ap_plan_free(&plan);
                }
                ap_problem_free(p);
                fflush(stdout);
            }
        }
    }
    printf("\nsummary\n");
    for (fam = GEN_CHAIN; fam <= GEN_RANDOM; fam++)
        if (best_gap_count[fam])
            printf("  best: average gap to the lower bound on %-8s %6.3f%% over %d problems%s\n", gen_family_name(fam),
                   best_gap_sum[fam] / best_gap_count[fam], best_gap_count[fam],
                   fam <= GEN_RESIDUAL ? (best_gap_sum[fam] / best_gap_count[fam] <= 2.0 ? "  (target <= 2%: met)"
                                                                                         : "  (target <= 2%: MISSED)")
                                       : "");
    if (greedy_100k > 0)
        printf("  greedy: slowest 100k-buffer plan %.3f s (target < 1 s: %s)\n", greedy_100k,
               greedy_100k < 1.0 ? "met" : "MISSED");
    if (failures)
        printf("  %d INVALID plans\n", failures);
    return failures ? 1 : 0;
}
