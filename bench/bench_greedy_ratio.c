/*
 * bench_greedy_ratio.c - the host's greedy (O(n log n + overlapping pairs)) against the
 * runtime's small on-device greedy, which walks every placed buffer for each new one as TFLM
 * does (O(n^2)). Same offsets (tests/test_shared.c holds them equal); this prints the times.
 *
 * usage: bench_greedy_ratio [max_buffers]   (default 30000: the O(n^2) side grows fast)
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "arenaplan/planner.h"
#include "arenaplan_rt.h"
#include "gen.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    size_t max_n = argc > 1 ? (size_t)atol(argv[1]) : 30000, n;
    printf("%-9s %8s %12s %14s %8s %s\n", "family", "buffers", "host (s)", "on-device (s)", "ratio", "same offsets");
    for (n = 1000; n <= max_n; n *= (n < 10000 ? 10 : 3)) {
        gen_family fam;
        for (fam = GEN_RESIDUAL; fam <= GEN_RANDOM; fam += 2) {
            ap_problem *p = gen_problem(fam, n, 1);
            ap_plan_options opt;
            ap_plan plan;
            ap_rt_request *req = malloc(n * sizeof *req);
            int32_t *off = malloc(n * sizeof *off);
            void *scratch = malloc(ap_rt_greedy_scratch_bytes((uint32_t)n));
            double t0, host, dev;
            size_t i, same = 1;
            ap_plan_options_init(&opt);
            opt.strategy = "greedy";
            ap_plan_init(&plan);
            t0 = now();
            ap_plan_problem(p, &opt, &plan, NULL);
            host = now() - t0;
            for (i = 0; i < n; i++) {
                req[i].size = (uint32_t)p->buf[i].size;
                req[i].first = (int32_t)p->buf[i].lower;
                req[i].last = (int32_t)p->buf[i].upper - 1;
                req[i].fixed = AP_RT_UNFIXED;
            }
            t0 = now();
            ap_rt_greedy_plan(req, (uint32_t)n, off, scratch, ap_rt_greedy_scratch_bytes((uint32_t)n), NULL);
            dev = now() - t0;
            for (i = 0; i < n; i++)
                same &= off[i] == plan.offset[i];
            printf("%-9s %8zu %12.4f %14.4f %7.0fx %s\n", gen_family_name(fam), n, host, dev, dev / host,
                   same ? "yes" : "NO");
            ap_plan_free(&plan);
            ap_problem_free(p);
            free(req);
            free(off);
            free(scratch);
        }
    }
    return 0;
}
