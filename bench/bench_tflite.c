/*
 * bench_tflite.c - reading and planning a real model end to end: the file from disk, the
 * FlatBuffer read into a graph, TFLM's lifetimes and scratch into a validated problem
 * (ap_tflite_build_problem + ap_problem_validate, what ap_load does for a model), and the
 * TFLM-exact greedy plan. Prints the time of each stage (best and median of several runs).
 * Target: under 50 ms for mobilenet_v2_quantized_1x3x224x224.tflite (4 MB, 212 tensors).
 *
 * usage: bench_tflite [MODEL.tflite] [RUNS]   (default: the corpus mobilenet, 20 runs)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "arenaplan/load.h"
#include "arenaplan/planner.h"
#include "arenaplan/tflite.h"
#include "arenaplan/tflm.h"

#ifndef AP_SOURCE_DIR
#define AP_SOURCE_DIR "."
#endif

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

enum { READ_FILE, READ_MODEL, BUILD, PLAN, TOTAL, STAGES };
static const char *const stage_names[STAGES] = {"read file", "read graph", "build problem",
                                               "plan (greedy)", "end to end"};

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1]
                                : AP_SOURCE_DIR
                                  "/corpus/models/tflm/mobilenet_v2_quantized_1x3x224x224.tflite";
    int runs = argc > 2 ? atoi(argv[2]) : 20;
    if (runs < 1)
        runs = 1;
    double *t[STAGES];
    for (int s = 0; s < STAGES; s++)
        t[s] = calloc((size_t)runs, sizeof(double));
    int64_t arena = 0;
    size_t nbuf = 0, len = 0;
    for (int r = 0; r < runs; r++) {
        ap_error err = {0};
        unsigned char *data;
        ap_tfl_model *m;
        ap_problem *p;
        ap_plan plan;
        ap_plan_options po;
        double t0 = now();
        if (ap_read_file(path, (size_t)1 << 31, &data, &len, &err) != AP_OK) {
            fprintf(stderr, "bench_tflite: %s\n", err.msg);
            return 2;
        }
        double t1 = now();
        if (ap_tflite_read(data, len, &m, &err) != AP_OK) {
            fprintf(stderr, "bench_tflite: %s: %s\n", path, err.msg);
            return 2;
        }
        double t2 = now();
        if (ap_tflite_build_problem(m, NULL, &p, &err) != AP_OK ||
            ap_problem_validate(p, &err) != AP_OK) {
            fprintf(stderr, "bench_tflite: %s: %s\n", path, err.msg);
            return 2;
        }
        double t3 = now();
        ap_plan_init(&plan);
        ap_plan_options_init(&po);
        po.strategy = "greedy";
        if (ap_plan_problem(p, &po, &plan, &err) != AP_OK) {
            fprintf(stderr, "bench_tflite: %s\n", err.msg);
            return 2;
        }
        double t4 = now();
        arena = plan.arena;
        nbuf = p->n;
        ap_plan_free(&plan);
        ap_problem_free(p);
        ap_tflite_free(m);
        free(data);
        t[READ_FILE][r] = t1 - t0;
        t[READ_MODEL][r] = t2 - t1;
        t[BUILD][r] = t3 - t2;
        t[PLAN][r] = t4 - t3;
        t[TOTAL][r] = t4 - t0;
    }
    printf("model    %s (%zu bytes)\n", path, len);
    printf("buffers  %zu, greedy head %lld bytes, %d runs\n\n", nbuf, (long long)arena, runs);
    printf("%-15s %10s %10s\n", "stage", "best ms", "median ms");
    for (int s = 0; s < STAGES; s++) {
        qsort(t[s], (size_t)runs, sizeof(double), cmp_double);
        printf("%-15s %10.3f %10.3f\n", stage_names[s], t[s][0] * 1e3, t[s][runs / 2] * 1e3);
    }
    double median = t[TOTAL][runs / 2] * 1e3;
    printf("\nend to end (read file, read graph, build problem, greedy): %.3f ms median, target "
           "under 50 ms: %s\n", median, median < 50.0 ? "met" : "MISSED");
    for (int s = 0; s < STAGES; s++)
        free(t[s]);
    return 0;
}
