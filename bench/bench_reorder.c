/*
 * bench_reorder.c - what another operator order saves on the corpus, and what finding it costs.
 *
 * For every model under corpus/models (or the files given as arguments) prints the peak of
 * live bytes in the stored order, in the order reorder finds, the bound over all orders, the
 * verdict, the search nodes and the CPU time of ap_tflite_reorder_find (the exact search with
 * its default budget; the best of 3 runs), and the CPU time of the quick check plan and inspect
 * make. Times are CPU time (getrusage), not wall time. Figures go to docs/reorder.md.
 *
 * Then randomly wired graphs (as NAS and random wiring make them, the graphs Serenity targets):
 * n operators, each reading the outputs of 1-3 of the 8 operators before it, outputs of
 * 1-64 KiB; the same figures from ap_order_solve.
 *
 *   ./bench/bench_reorder [--changed] [--no-random] [MODEL.tflite...]
 *                          (--changed: only models it improves)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "arenaplan/load.h"
#include "arenaplan/reorder.h"
#include "arenaplan/tflite.h"
#include "core/util.h"
#include "models.h"

static double cpu_seconds(void)
{
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return (double)u.ru_utime.tv_sec + 1e-6 * (double)u.ru_utime.tv_usec +
           (double)u.ru_stime.tv_sec + 1e-6 * (double)u.ru_stime.tv_usec;
}

typedef struct totals {
    int models, changed, refused;
    double cpu, cpu_max, quick_max;
    const char *slowest;
    char slowest_buf[256];
} totals;

/* Runs find 3 times (strategy exact, budget as given); returns the best CPU time. */
static double timed_find(const ap_tfl_model *m, uint64_t budget, ap_tflite_reorder_result *r,
                         ap_error *err, ap_status *st)
{
    double best = 1e30;
    for (int k = 0; k < 3; k++) {
        ap_tflite_reorder_options o;
        ap_tflite_reorder_options_init(&o);
        o.order.budget = budget;
        if (k)
            ap_tflite_reorder_result_free(r);
        double t = cpu_seconds();
        *st = ap_tflite_reorder_find(m, &o, r, err);
        t = cpu_seconds() - t;
        if (*st != AP_OK)
            return 0;
        best = t < best ? t : best;
    }
    return best;
}

static void one(const char *path, int changed_only, totals *tot)
{
    unsigned char *data = NULL;
    size_t len = 0;
    ap_tfl_model *m = NULL;
    ap_error err = {0};
    ap_tflite_reorder_result r, q;
    ap_status st;
    const char *name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    if (bench_model_read(path, &data, &len, &m) != 0)
        return;
    double t = timed_find(m, 0, &r, &err, &st);
    if (st != AP_OK) {
        printf("| %s | refused: %s |\n", name, err.msg);
        tot->refused++;
        goto done;
    }
    double tq = timed_find(m, AP_ORDER_QUICK_BUDGET, &q, &err, &st);
    ap_tflite_reorder_result_free(&q);
    tot->models++;
    tot->changed += r.moved > 0;
    tot->cpu += t;
    if (t > tot->cpu_max) {
        tot->cpu_max = t;
        snprintf(tot->slowest_buf, sizeof tot->slowest_buf, "%s", name);
        tot->slowest = tot->slowest_buf;
    }
    tot->quick_max = tq > tot->quick_max ? tq : tot->quick_max;
    if (!changed_only || r.moved)
        printf("| %s | %lld | %lld | %lld | %s | %.1f%% | %u | %llu | %.3f | %.3f |\n", name,
               (long long)r.peak_stored, (long long)r.peak, (long long)r.bound,
               r.proven ? "optimal (proven)" : "gap",
               r.peak_stored ? 100.0 * (double)(r.peak_stored - r.peak) / (double)r.peak_stored
                             : 0.0,
               r.moved, (unsigned long long)r.work, 1e3 * t, 1e3 * tq);
    ap_tflite_reorder_result_free(&r);
done:
    ap_tflite_free(m);
    free(data);
}

static void walk_dir(const char *dir, int changed_only, totals *tot)
{
    char **paths;
    size_t n = bench_models(dir, &paths);
    for (size_t i = 0; i < n; i++)
        one(paths[i], changed_only, tot);
    bench_models_free(paths, n);
}

/* A randomly wired graph of n operators (one output each, 1-3 reads among the `window`
 * operators before). */
static void random_wired(uint64_t seed, uint32_t n, uint32_t window, ap_order_tensor *t,
                         uint32_t *cons, uint32_t *ncons)
{
    uint64_t r = seed;
    for (uint32_t o = 0; o < n; o++) {
        t[o].bytes = 1024 * (int64_t)(1 + ap__rand(&r) % 64);
        t[o].producer = (int32_t)o;
        t[o].consumers = cons + 8 * (size_t)o;
        t[o].to_end = o == n - 1;
        ncons[o] = 0;
    }
    for (uint32_t o = 1; o < n; o++) {
        uint32_t k = 1 + (uint32_t)(ap__rand(&r) % 3);
        for (uint32_t j = 0; j < k; j++) {
            uint32_t back = 1 + (uint32_t)(ap__rand(&r) % (o < window ? o : window)), q = o - back,
                     dup = 0;
            for (uint32_t c = 0; c < ncons[q]; c++)
                dup |= cons[8 * (size_t)q + c] == o;
            if (!dup && ncons[q] < 8)
                cons[8 * (size_t)q + ncons[q]++] = o;
        }
    }
    for (uint32_t o = 0; o < n; o++)
        t[o].n_consumers = ncons[o];
}

static void random_graphs(void)
{
    static const uint32_t sizes[] = {16, 32, 64, 128, 256};
    static const uint32_t windows[] = {8, 32};
    printf("\n| operators | window | seed | given peak | best peak | bound | verdict | saved | "
           "nodes | CPU ms |\n|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|\n");
    for (size_t wi = 0; wi < 2; wi++)
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
        for (uint64_t seed = 1; seed <= 3; seed++) {
            uint32_t n = sizes[s], win = windows[wi];
            ap_order_tensor *t = calloc(n, sizeof *t);
            uint32_t *cons = calloc(8 * (size_t)n, sizeof *cons), *ncons = calloc(n, 4);
            random_wired(seed * 1000003 + n, n, win, t, cons, ncons);
            ap_order_graph g = {n, t, n, NULL, NULL, NULL, 0, 1};
            ap_order_result r;
            ap_error err = {0};
            double c = cpu_seconds();
            ap_status st = ap_order_solve(&g, NULL, &r, &err);
            c = cpu_seconds() - c;
            if (st == AP_OK)
                printf("| %u | %u | %llu | %lld | %lld | %lld | %s | %.1f%% | %llu | %.1f |\n", n,
                       win, (unsigned long long)seed, (long long)r.peak_given, (long long)r.peak,
                       (long long)r.bound,
                       r.proven ? "optimal (proven)" : r.exhausted ? "budget out" : "gap",
                       100.0 * (double)(r.peak_given - r.peak) / (double)r.peak_given,
                       (unsigned long long)r.work, 1e3 * c);
            else
                printf("| %u | %u | %llu | error: %s |\n", n, win, (unsigned long long)seed,
                       err.msg);
            ap_order_result_free(&r);
            free(t);
            free(cons);
            free(ncons);
        }
}

int main(int argc, char **argv)
{
    totals tot;
    int changed_only = 0, files = 0, rnd = 1;
    memset(&tot, 0, sizeof tot);
    printf("| model | stored peak | best peak | bound | verdict | saved | moved | nodes | CPU ms "
           "| quick CPU ms |\n|---|---:|---:|---:|---|---:|---:|---:|---:|---:|\n");
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--changed") == 0) {
            changed_only = 1;
            continue;
        }
        if (strcmp(argv[i], "--no-random") == 0) {
            rnd = 0;
            continue;
        }
        one(argv[i], changed_only, &tot);
        files++;
    }
    if (!files) {
        const char *dirs[] = {"corpus/models/tflm", "corpus/models/more", "corpus/models/seanet"};
        for (int d = 0; d < 3; d++) {
            char path[1024];
            snprintf(path, sizeof path, "%s/%s", AP_SOURCE_DIR, dirs[d]);
            walk_dir(path, changed_only, &tot);
        }
    }
    printf("\n%d models (%d refused): %d reordered; CPU %.1f ms in all, the slowest %.3f ms "
           "(%s); the quick check at most %.3f ms\n", tot.models, tot.refused, tot.changed,
           1e3 * tot.cpu, 1e3 * tot.cpu_max, tot.slowest ? tot.slowest : "-",
           1e3 * tot.quick_max);
    if (rnd)
        random_graphs();
    return 0;
}
