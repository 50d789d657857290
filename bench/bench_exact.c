/*
 * bench_exact.c - the exact planner on generated hard problems; prints one line per problem.
 *
 * Two families, seeded and reproducible, 150-450 buffers with sizes over three orders of
 * magnitude, in the style of the MiniMalloc and TelaMalloc benchmarks:
 *
 *  - "packed": a perfect packing, cut up. A rectangle of time x bytes (256 steps x 1 MiB) is
 *    split, guillotine fashion, into buffers (cuts in time or in bytes, uneven ones likely);
 *    then every buffer loses a random 0-8% of its size. The capacity is the rectangle's height,
 *    so a plan within it exists (the cut positions), and it sits a few percent above the live
 *    bound. Like TelaMalloc's and MiniMalloc's instances, it is tight everywhere at once.
 *  - "random": buffers with random starts, lifetimes of 1 to 64 steps, sizes log-uniform in
 *    [64 B, 64 KiB] rounded to 16; capacity the live bound plus 2, 4 or 6%. Whether a plan
 *    fits is not known in advance: "solved" means found, or proven infeasible.
 *
 * For each problem: the exact planner in capacity mode (--capacity), then, with --minimize,
 * in minimizing mode. Figures are wall-clock seconds on this machine.
 *
 *   bench_exact [--count N] [--seed S] [--time-limit T] [--minimize] [--family packed|random]
 *               [--csv DIR]   (also writes every problem as DIR/NAME.csv)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "arenaplan/bounds.h"
#include "arenaplan/check.h"
#include "arenaplan/csv.h"
#include "arenaplan/planner.h"
#include "arenaplan/problem.h"
#include "core/util.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void add(ap_problem *p, size_t i, int64_t lower, int64_t upper, int64_t size)
{
    ap_buffer_spec s;
    ap_error err = {0};
    char id[32];
    ap_buffer_spec_init(&s);
    snprintf(id, sizeof id, "%zu", i);
    s.id = id;
    s.lower = lower;
    s.upper = upper;
    s.size = size;
    if (ap_problem_add(p, &s, &err) != AP_OK) {
        fprintf(stderr, "bench_exact: %s\n", err.msg);
        exit(1);
    }
}

typedef struct rect {
    int64_t t0, t1, o0, o1;
} rect;

/* A split point strictly inside (lo, hi), often uneven so that sizes spread out. */
static int64_t cut(uint64_t *s, int64_t lo, int64_t hi)
{
    double f = ap__rand_unit(s);
    f = f * f * f;
    if (ap__rand(s) & 1)
        f = 1 - f;
    return lo + 1 + (int64_t)(f * (double)(hi - lo - 2));
}

/* The "packed" family: *cap receives the rectangle's height, known[] (n entries, when not NULL)
 * the cut positions: a plan within it. */
static ap_problem *packed(uint64_t seed, size_t n, int64_t *cap, int64_t *known)
{
    const int64_t T = 256, W = INT64_C(1) << 20, min_size = 1024;
    uint64_t s = seed * 1000003 + 1;
    rect *r = malloc(n * sizeof *r);
    ap_problem *p = ap_problem_new();
    size_t k = 1, i, tries = 0;
    r[0] = (rect){0, T, 0, W};
    while (k < n && tries++ < 100000) {
        size_t pick = (size_t)(ap__rand(&s) % k);
        rect a = r[pick], b = a;
        int in_time = ap__rand_unit(&s) < 0.5;
        if (in_time && a.t1 - a.t0 >= 2) {
            a.t1 = b.t0 = a.t0 + 1 + (int64_t)(ap__rand(&s) % (uint64_t)(a.t1 - a.t0 - 1));
        } else if (a.o1 - a.o0 >= 2 * min_size) {
            a.o1 = b.o0 = cut(&s, a.o0 / 16, a.o1 / 16) * 16;
            if (a.o1 - a.o0 < min_size || b.o1 - b.o0 < min_size)
                continue;
        } else {
            continue;
        }
        r[pick] = a;
        r[k++] = b;
    }
    for (i = 0; i < k; i++) {
        int64_t size = r[i].o1 - r[i].o0;
        size -= (int64_t)(ap__rand_unit(&s) * 0.08 * (double)size) / 16 * 16;
        add(p, i, r[i].t0, r[i].t1, size);
        if (known)
            known[i] = r[i].o0;
    }
    free(r);
    *cap = W;
    return p;
}

/* The "random" family: *cap receives the bound plus 2, 4 or 6%. */
static ap_problem *random_family(uint64_t seed, size_t n, int64_t *cap)
{
    uint64_t s = seed * 7919 + 3;
    ap_problem *p = ap_problem_new();
    ap_bounds bd;
    ap_error err = {0};
    size_t i;
    for (i = 0; i < n; i++) {
        int64_t lower = (int64_t)(ap__rand(&s) % 200);
        int64_t len = 1 + (int64_t)(64.0 * ap__rand_unit(&s) * ap__rand_unit(&s));
        double lg = 6 + 10 * ap__rand_unit(&s);  /* 2^6 .. 2^16 bytes */
        int64_t size = ((int64_t)(1 << (int)lg) + (int64_t)(ap__rand_unit(&s) * (1 << (int)lg))) /
                       16 * 16;
        add(p, i, lower, lower + len, size < 16 ? 16 : size);
    }
    if (ap_problem_validate(p, &err) != AP_OK || ap_bounds_compute(p, &bd, &err) != AP_OK) {
        fprintf(stderr, "bench_exact: %s\n", err.msg);
        exit(1);
    }
    *cap = bd.lower + bd.lower * (int64_t)(2 + 2 * (seed % 3)) / 100;
    return p;
}

typedef struct args {
    size_t count;
    uint64_t seed;
    double limit;
    int minimize;
    const char *family, *csv;
} args;

static const char *verdict_name(const ap_plan *plan)
{
    return plan->verdict == AP_VERDICT_OPTIMAL ? "optimal" : plan->verdict == AP_VERDICT_GAP ? "gap" : "-";
}

static int run_one(const args *a, const char *family, uint64_t seed, int *solved)
{
    size_t n = 150 + (size_t)(seed * 37 % 301);
    int64_t cap;
    int is_packed = strcmp(family, "packed") == 0;
    int64_t *known = calloc(n + 1, sizeof *known);
    ap_problem *p = is_packed ? packed(seed, n, &cap, known) : random_family(seed, n, &cap);
    ap_plan plan;
    ap_plan_options opt;
    ap_error err = {0};
    ap_bounds bd;
    ap_status st;
    double t0, dt;
    char name[64];
    const char *res;
    snprintf(name, sizeof name, "%s-%llu", family, (unsigned long long)seed);
    if (ap_problem_validate(p, &err) != AP_OK || ap_bounds_compute(p, &bd, &err) != AP_OK) {
        fprintf(stderr, "bench_exact: %s: %s\n", name, err.msg);
        return 1;
    }
    if (a->csv) {
        char path[512];
        FILE *f;
        snprintf(path, sizeof path, "%s/%s.csv", a->csv, name);
        if ((f = fopen(path, "w")) != NULL) {
            ap_csv_write(f, p, NULL, &err);
            fclose(f);
        }
        if (is_packed) {  /* the cut positions: a plan within the capacity */
            ap_plan kp;
            ap_plan_init(&kp);
            snprintf(path, sizeof path, "%s/%s.plan.csv", a->csv, name);
            if (ap_plan_reset(&kp, p->n, &err) == AP_OK && (f = fopen(path, "w")) != NULL) {
                memcpy(kp.offset, known, p->n * sizeof *known);
                ap_plan_arena(p, &kp);
                ap_csv_write(f, p, &kp, &err);
                fclose(f);
            }
            ap_plan_free(&kp);
        }
    }
    ap_plan_init(&plan);
    ap_plan_options_init(&opt);
    opt.strategy = "exact";
    opt.time_limit = a->limit;
    opt.capacity = cap;
    t0 = now();
    st = ap_plan_problem(p, &opt, &plan, &err);
    dt = now() - t0;
    res = st == AP_OK ? "found" : st == AP_ERR_INFEASIBLE ? "infeasible" : st == AP_ERR_LIMIT ? "limit" : "error";
    if (st == AP_OK) {
        ap_check_result cr;
        if (ap_check(p, plan.offset, &cr) != AP_OK || plan.arena > cap) {
            fprintf(stderr, "bench_exact: %s: bad plan: %s\n", name, cr.message);
            return 1;
        }
    }
    *solved = st == AP_OK || st == AP_ERR_INFEASIBLE;
    printf("%-12s %4zu %9lld %9lld %5.2f%%  %-10s %7.3f s  %9lld %6.2f%%  %10llu",
           name, p->n, (long long)bd.lower, (long long)cap, 100.0 * (double)(cap - bd.lower) / (double)bd.lower,
           res, dt, st == AP_OK ? (long long)plan.arena : -1LL,
           st == AP_OK ? 100.0 * (double)(plan.arena - bd.lower) / (double)bd.lower : 0.0,
           (unsigned long long)plan.nodes);
    if (a->minimize) {
        opt.capacity = -1;
        t0 = now();
        st = ap_plan_problem(p, &opt, &plan, &err);
        dt = now() - t0;
        if (st == AP_OK)
            printf("   | min %9lld %-7s bound %9lld gap %5.2f%% %7.3f s", (long long)plan.arena,
                   verdict_name(&plan), (long long)plan.proven_bound,
                   100.0 * (double)(plan.arena - plan.proven_bound) / (double)plan.proven_bound, dt);
        else
            printf("   | min error: %s", err.msg);
    }
    putchar('\n');
    fflush(stdout);
    ap_plan_free(&plan);
    ap_problem_free(p);
    free(known);
    return 0;
}

int main(int argc, char **argv)
{
    args a = {10, 1, 10, 0, NULL, NULL};
    const char *families[] = {"packed", "random"};
    size_t i, f, total = 0, solved = 0;
    for (i = 1; i < (size_t)argc; i++) {
        if (strcmp(argv[i], "--count") == 0 && i + 1 < (size_t)argc)
            a.count = strtoul(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--seed") == 0 && i + 1 < (size_t)argc)
            a.seed = strtoull(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--time-limit") == 0 && i + 1 < (size_t)argc)
            a.limit = atof(argv[++i]);
        else if (strcmp(argv[i], "--family") == 0 && i + 1 < (size_t)argc)
            a.family = argv[++i];
        else if (strcmp(argv[i], "--csv") == 0 && i + 1 < (size_t)argc)
            a.csv = argv[++i];
        else if (strcmp(argv[i], "--minimize") == 0)
            a.minimize = 1;
        else {
            fprintf(stderr, "usage: bench_exact [--count N] [--seed S] [--time-limit T] [--minimize] "
                            "[--family packed|random] [--csv DIR]\n");
            return 2;
        }
    }
    printf("%-12s %4s %9s %9s %6s  %-10s %9s  %9s %7s  %10s\n", "problem", "n", "bound", "capacity",
           "slack", "result", "time", "arena", "gap", "nodes");
    for (f = 0; f < 2; f++) {
        if (a.family && strcmp(a.family, families[f]) != 0)
            continue;
        for (i = 0; i < a.count; i++) {
            int ok = 0;
            if (run_one(&a, families[f], a.seed + i, &ok) != 0)
                return 1;
            total++;
            solved += (size_t)ok;
        }
    }
    printf("solved %zu of %zu within %.3g s each\n", solved, total, a.limit);
    return solved == total ? 0 : 1;
}
