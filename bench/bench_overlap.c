/*
 * bench_overlap.c - what the in-place and overlap rules save on the corpus, and what they cost.
 *
 * For every model under corpus/models (or the files given as arguments) prints the head that
 * `best` plans without rules, with --inplace elementwise, with --overlap reference and with
 * both; the lower bound without and with both; greedy with both; and the time the rules add
 * to building the problem. Ends with a summary. Figures go to docs/overlap.md.
 *
 *   ./bench/bench_overlap [--all] [MODEL.tflite...]   (--all: also models the rules leave alone)
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "arenaplan/bounds.h"
#include "arenaplan/check.h"
#include "arenaplan/load.h"
#include "arenaplan/planner.h"
#include "arenaplan/tflite.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

typedef struct variant {
    ap_tflm_inplace inplace;
    ap_tflm_overlap overlap;
} variant;

static const variant variants[4] = {
    {AP_TFLM_INPLACE_NONE, AP_TFLM_OVERLAP_NONE},
    {AP_TFLM_INPLACE_ELEMENTWISE, AP_TFLM_OVERLAP_NONE},
    {AP_TFLM_INPLACE_NONE, AP_TFLM_OVERLAP_REFERENCE},
    {AP_TFLM_INPLACE_ELEMENTWISE, AP_TFLM_OVERLAP_REFERENCE}};

/* Loads path with the variant's rules; returns the problem or NULL. *secs: median of 5 loads. */
static ap_problem *load(const char *path, const variant *v, double *secs)
{
    ap_load_options lo;
    ap_problem *p = NULL;
    ap_error err = {0};
    double t[5];
    ap_load_options_init(&lo);
    lo.build.inplace = v->inplace;
    lo.build.overlap = v->overlap;
    for (int i = 0; i < 5; i++) {
        if (p)
            ap_problem_free(p);
        p = NULL;
        t[i] = now();
        if (ap_load(path, &lo, &p, &err) != AP_OK)
            return NULL;
        t[i] = now() - t[i];
    }
    for (int i = 0; i < 5; i++)
        for (int j = i + 1; j < 5; j++)
            if (t[j] < t[i]) {
                double x = t[i];
                t[i] = t[j];
                t[j] = x;
            }
    *secs = t[2];
    return p;
}

static int64_t plan_with(const ap_problem *p, const char *strategy)
{
    ap_plan_options po;
    ap_plan plan;
    ap_error err = {0};
    ap_check_result res;
    int64_t arena = -1;
    ap_plan_options_init(&po);
    po.strategy = strategy;
    ap_plan_init(&plan);
    if (ap_plan_problem(p, &po, &plan, &err) == AP_OK && ap_check(p, plan.offset, &res) == AP_OK)
        arena = plan.arena;
    ap_plan_free(&plan);
    return arena;
}

static int totals_models, totals_improved;
static int64_t totals_without, totals_with;

static void one(const char *path, int all)
{
    ap_problem *p[4];
    double secs[4];
    int64_t head[4], lower0 = 0, lower3 = 0, greedy3;
    ap_bounds bd;
    ap_error err = {0};
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    for (int v = 0; v < 4; v++)
        if (!(p[v] = load(path, &variants[v], &secs[v]))) {
            for (int k = 0; k < v; k++)
                ap_problem_free(p[k]);
            return;
        }
    if (!all && p[3]->n_ovl == p[0]->n_ovl) {
        for (int v = 0; v < 4; v++)
            ap_problem_free(p[v]);
        return;
    }
    for (int v = 0; v < 4; v++)
        head[v] = plan_with(p[v], "best");
    greedy3 = plan_with(p[3], "greedy");
    if (ap_bounds_compute(p[0], &bd, &err) == AP_OK)
        lower0 = bd.lower;
    if (ap_bounds_compute(p[3], &bd, &err) == AP_OK)
        lower3 = bd.lower;
    printf("%-42.42s %9lld %9lld %9lld %9lld %6.1f%% %9lld %9lld %9lld %5zu %7.3f %7.3f\n", base,
           (long long)head[0], (long long)head[1], (long long)head[2], (long long)head[3],
           head[0] ? 100.0 * (double)(head[0] - head[3]) / (double)head[0] : 0.0,
           (long long)lower0, (long long)lower3, (long long)greedy3, p[3]->n_ovl,
           1e3 * secs[0], 1e3 * secs[3]);
    totals_models++;
    totals_improved += head[3] < head[0];
    totals_without += head[0];
    totals_with += head[3];
    for (int v = 0; v < 4; v++)
        ap_problem_free(p[v]);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(int argc, char **argv)
{
    int all = 0, given = 0;
    printf("%-42s %9s %9s %9s %9s %7s %9s %9s %9s %5s %7s %7s\n", "model (best: head in bytes)",
           "none", "inplace", "overlap", "both", "saved", "lower", "lower+", "greedy+", "allow",
           "ms", "ms+");
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--all") == 0) {
            all = 1;
            continue;
        }
        given = 1;
        one(argv[i], 1);
    }
    if (!given) {
        const char *dirs[] = {"tflm", "more", "seanet"};
        for (int d = 0; d < 3; d++) {
            char dir[512], *names[512];
            int n = 0;
            snprintf(dir, sizeof dir, "%s/corpus/models/%s", AP_SOURCE_DIR, dirs[d]);
            DIR *dp = opendir(dir);
            struct dirent *e;
            if (!dp)
                continue;
            while ((e = readdir(dp)) && n < 512) {
                size_t l = strlen(e->d_name);
                if (l > 7 && strcmp(e->d_name + l - 7, ".tflite") == 0)
                    names[n++] = strdup(e->d_name);
            }
            closedir(dp);
            qsort(names, (size_t)n, sizeof *names, cmp_str);
            for (int i = 0; i < n; i++) {
                char path[1100];
                snprintf(path, sizeof path, "%s/%s", dir, names[i]);
                one(path, all);
                free(names[i]);
            }
        }
    }
    printf("\n%d models shown, %d with a smaller head; best's heads add up to %lld bytes "
           "without rules, %lld with both (%.1f%% less)\n",
           totals_models, totals_improved, (long long)totals_without, (long long)totals_with,
           totals_without ? 100.0 * (double)(totals_without - totals_with) / (double)totals_without
                          : 0.0);
    printf("columns: none/inplace/overlap/both = best's head with those rules; saved = none vs "
           "both; lower = lower bound without rules, lower+ = with both; greedy+ = greedy with "
           "both; allow = allowances; ms, ms+ = building the problem without and with both "
           "(median of 5)\n");
    return 0;
}
