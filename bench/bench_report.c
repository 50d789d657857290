/*
 * bench_report.c - how long the report writers take and how large their outputs are, on
 * generated problems of 1k, 10k and 100k buffers: bare (CSV-like ids only) and model-like
 * (tensor names, producers, consumers, a label per step). Prints figures; it is not a test.
 *
 * Target (issue 5): 10k buffers render in under 1 s to an HTML file under 5 MB. "Render" is
 * writing the report of three plans (greedy, bestfit-size, linear), summary included; the
 * planning itself is timed apart.
 *
 * usage: bench_report [max_buffers] [repeats]   (defaults: 100000, 3; the median is printed)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "arenaplan/check.h"
#include "arenaplan/planner.h"
#include "arenaplan/report.h"
#include "gen.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The problem again, dressed like a model: names, producers, consumers, kinds, step labels. */
static ap_problem *dress(const ap_problem *p)
{
    ap_problem *q = ap_problem_new();
    ap_error err = {0};
    int64_t tmax = 0, t;
    size_t i;
    for (i = 0; i < p->n && q; i++) {
        const ap_buffer *b = &p->buf[i];
        char name[96], prod[64], cons[96];
        ap_buffer_spec sp;
        ap_buffer_spec_init(&sp);
        snprintf(name, sizeof name, "model/block_%zu/expanded_conv_%zu/depthwise/Relu6", i / 7, i % 7);
        snprintf(prod, sizeof prod, "op %lld DEPTHWISE_CONV_2D", (long long)b->lower);
        snprintf(cons, sizeof cons, "op %lld CONV_2D, op %lld ADD", (long long)b->upper - 1, (long long)b->upper - 1);
        sp.id = b->id;
        sp.name = name;
        sp.size = b->size;
        sp.lower = b->lower;
        sp.upper = b->upper;
        sp.kind = i == 0 ? AP_KIND_INPUT : i + 1 == p->n ? AP_KIND_OUTPUT : i % 11 == 5 ? AP_KIND_SCRATCH : AP_KIND_ACTIVATION;
        sp.subgraph = 0;
        sp.tensor = sp.kind == AP_KIND_SCRATCH ? AP_NO_INDEX : (int32_t)i;
        sp.producer = prod;
        sp.consumers = cons;
        tmax = b->upper > tmax ? b->upper : tmax;
        if (ap_problem_add(q, &sp, &err) != AP_OK) {
            ap_problem_free(q);
            return NULL;
        }
    }
    for (t = 0; t < tmax && q; t++) {
        char lab[48];
        snprintf(lab, sizeof lab, "op %lld CONV_2D", (long long)t);
        if (ap_problem_add_label(q, t, lab, &err) != AP_OK) {
            ap_problem_free(q);
            return NULL;
        }
    }
    if (q && ap_problem_validate(q, &err) != AP_OK) {
        ap_problem_free(q);
        return NULL;
    }
    return q;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

typedef struct job {
    const char *name;
    int what; /* 0 summary, 1 table, 2 json, 3 log, 4 timeline, 5 svg, 6 html */
} job;

static const job jobs[] = {{"summary", 0}, {"table", 1}, {"json", 2},   {"log", 3},
                           {"timeline", 4}, {"svg", 5}, {"html", 6}};
#define NJOBS (sizeof jobs / sizeof jobs[0])

/* Runs one writer into a temporary file; returns seconds, *bytes the size written, or -1. */
static double run_job(const job *j, const ap_problem *p, const ap_plan *plans, long *bytes)
{
    FILE *f = tmpfile();
    ap_error err = {0};
    ap_status st = AP_OK;
    ap_summary s;
    double t0;
    if (!f)
        return -1;
    t0 = now();
    switch (j->what) {
    case 0:
        st = ap_summary_compute(p, &plans[0], &s, &err);
        if (st == AP_OK)
            ap_summary_free(&s);
        break;
    case 1: st = ap_write_table(f, p, &plans[0], &err); break;
    case 2: st = ap_write_json(f, p, &plans[0], &err); break;
    case 3: st = ap_write_log(f, p, &plans[0], &err); break;
    case 4: st = ap_write_timeline(f, p, &plans[0], 120, &err); break;
    case 5: st = ap_write_svg(f, p, &plans[0], &err); break;
    default: st = ap_write_html(f, p, plans, 3, &err); break;
    }
    fflush(f);
    t0 = now() - t0;
    *bytes = ftell(f);
    fclose(f);
    if (st != AP_OK) {
        fprintf(stderr, "%s failed: %s\n", j->name, err.msg);
        return -1;
    }
    return t0;
}

int main(int argc, char **argv)
{
    size_t max_n = argc > 1 ? (size_t)atol(argv[1]) : 100000, sizes[] = {1000, 10000, 100000}, si, k;
    int repeats = argc > 2 ? atoi(argv[2]) : 3, dressed, failures = 0;
    static const char *const strategies[3] = {"greedy", "bestfit-size", "linear"};
    if (repeats < 1)
        repeats = 1;
    printf("%-8s %7s %-9s %10s %9s %12s\n", "input", "buffers", "output", "plan s", "write s", "bytes");
    for (si = 0; si < sizeof sizes / sizeof sizes[0] && sizes[si] <= max_n; si++) {
        for (dressed = 0; dressed < 2; dressed++) {
            ap_problem *bare = gen_problem(GEN_RESIDUAL, sizes[si], 1), *p = dressed ? dress(bare) : bare;
            ap_plan plans[3];
            double tplan = now();
            if (!p) {
                fprintf(stderr, "cannot generate %zu buffers\n", sizes[si]);
                return 1;
            }
            for (k = 0; k < 3; k++) {
                ap_plan_options po;
                ap_check_result res;
                ap_error err = {0};
                ap_plan_options_init(&po);
                po.strategy = strategies[k];
                ap_plan_init(&plans[k]);
                if (ap_plan_problem(p, &po, &plans[k], &err) != AP_OK || ap_check(p, plans[k].offset, &res) != AP_OK) {
                    fprintf(stderr, "%s failed on %zu buffers\n", strategies[k], p->n);
                    return 1;
                }
            }
            tplan = now() - tplan;
            for (k = 0; k < NJOBS; k++) {
                double t[16];
                long bytes = 0;
                int r;
                for (r = 0; r < repeats && r < 16; r++)
                    if ((t[r] = run_job(&jobs[k], p, plans, &bytes)) < 0)
                        return 1;
                qsort(t, (size_t)r, sizeof t[0], cmp_double);
                printf("%-8s %7zu %-9s %10.3f %9.4f %12ld", dressed ? "model" : "bare", p->n, jobs[k].name,
                       k ? 0.0 : tplan, t[r / 2], bytes);
                if (jobs[k].what == 6 && p->n == 10000) {
                    int ok = t[r / 2] < 1.0 && bytes < 5L * 1024 * 1024;
                    failures += !ok;
                    printf("   target <1 s, <5 MB: %s", ok ? "met" : "MISSED");
                }
                putchar('\n');
            }
            for (k = 0; k < 3; k++)
                ap_plan_free(&plans[k]);
            if (dressed)
                ap_problem_free(p);
            ap_problem_free(bare);
        }
    }
    return failures ? 1 : 0;
}
