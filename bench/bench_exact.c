/*
 * bench_exact.c - the exact planner on hard problems, alone or side by side with minimalloc;
 * prints one line per problem and a summary per family.
 *
 * Problems:
 *  - "challenging": minimalloc's 11 public instances (bench/data/minimalloc, A-K, each posed
 *    at the capacity in its file name, 1 MiB), read from --challenging DIR.
 *  - "packed": a perfect packing, cut up. A rectangle of time x bytes (256 steps x 1 MiB) is
 *    split, guillotine fashion, into buffers (cuts in time or in bytes, uneven ones likely);
 *    then every buffer loses a random 0-8% of its size. The capacity is the rectangle's height,
 *    so a plan within it exists (the cut positions), and it sits a few percent above the live
 *    bound. Like TelaMalloc's and MiniMalloc's instances, it is tight everywhere at once.
 *  - "mmlike": shaped like minimalloc's challenging instances (held out: nothing was tuned on
 *    them). A square of 1024 time units x 1 MiB on a 1 KiB grid (times multiples of 1024 as in
 *    theirs, sizes multiples of 1 KiB) cut guillotine fashion into 150-450 rectangles (evenly
 *    or unevenly, by seed), of which a random 0-10% are dropped; the capacity is the square's
 *    height, the packing limit: a plan is known (the cut positions) and most instances have a
 *    step where the live bytes fill it exactly.
 *  - "random": buffers with random starts, lifetimes of 1 to 64 steps, sizes log-uniform in
 *    [64 B, 64 KiB] rounded to 16; capacity the live bound plus 2, 4 or 6%. Whether a plan
 *    fits is not known in advance: "solved" means found, or proven infeasible.
 *
 * For each problem: the exact planner in capacity mode (the capacity above, within
 * --time-limit, default 10 s), then, with --minimize, in minimizing mode (within
 * --minimize-limit, default 10 s: the library's default). With --minimalloc PATH, the
 * minimalloc binary at PATH gets the same question (--capacity, the same time limit),
 * alternating with ours, --runs times each; its plan is read back and put through our
 * checker. Times are CPU seconds (getrusage: of this process for ours, of the child for
 * minimalloc), medians over the runs, since the machine may be shared; the ratio is
 * minimalloc's over ours.
 *
 *   bench_exact [--family challenging|packed|mmlike|random] [--count N] [--seed S]
 *               [--time-limit T] [--node-limit N] [--minimize] [--minimize-limit T] [--runs R]
 *               [--minimalloc PATH] [--challenging DIR] [--csv DIR]
 *
 * Without --family it runs challenging, packed, mmlike and random (challenging only when its
 * directory is found). --csv DIR also writes every generated problem as DIR/NAME.csv (and the
 * known plan of the packed ones as DIR/NAME.plan.csv).
 */
#define _DEFAULT_SOURCE /* wait4: the child's CPU time */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "arenaplan/bounds.h"
#include "arenaplan/check.h"
#include "arenaplan/csv.h"
#include "arenaplan/planner.h"
#include "arenaplan/problem.h"
#include "core/util.h"

#ifndef AP_SOURCE_DIR
#define AP_SOURCE_DIR "."
#endif

static const char *tmp_dir(void)
{
    const char *d = getenv("TMPDIR");
    return d && *d ? d : "/tmp";
}

static double tv_sec(struct timeval tv)
{
    return (double)tv.tv_sec + (double)tv.tv_usec * 1e-6;
}

/* CPU seconds of this process so far (user and system). */
static double cpu_self(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return tv_sec(ru.ru_utime) + tv_sec(ru.ru_stime);
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

/* A split point strictly inside (lo, hi): uneven ones likely (so that sizes spread out), or
 * uniform. */
static int64_t cut(uint64_t *s, int64_t lo, int64_t hi, int uneven)
{
    double f = ap__rand_unit(s);
    if (uneven) {
        f = f * f * f;
        if (ap__rand(s) & 1)
            f = 1 - f;
    }
    return lo + 1 + (int64_t)(f * (double)(hi - lo - 2));
}

/* Cuts the rectangle [0, T) x [0, W) guillotine fashion into up to n pieces, none thinner than
 * min_size bytes, byte cuts on multiples of unit; returns how many. */
static size_t guillotine(uint64_t *s, rect *r, size_t n, int64_t T, int64_t W, int64_t unit,
                         int64_t min_size, int uneven)
{
    size_t k = 1, tries = 0;
    r[0] = (rect){0, T, 0, W};
    while (k < n && tries++ < 100000) {
        size_t pick = (size_t)(ap__rand(s) % k);
        rect a = r[pick], b = a;
        int in_time = ap__rand_unit(s) < 0.5;
        if (in_time && a.t1 - a.t0 >= 2) {
            a.t1 = b.t0 = a.t0 + 1 + (int64_t)(ap__rand(s) % (uint64_t)(a.t1 - a.t0 - 1));
        } else if (a.o1 - a.o0 >= 2 * min_size) {
            a.o1 = b.o0 = cut(s, a.o0 / unit, a.o1 / unit, uneven) * unit;
            if (a.o1 - a.o0 < min_size || b.o1 - b.o0 < min_size)
                continue;
        } else {
            continue;
        }
        r[pick] = a;
        r[k++] = b;
    }
    return k;
}

/* The "packed" family: *cap receives the rectangle's height, known[] the cut positions. */
static ap_problem *packed(uint64_t seed, size_t n, int64_t *cap, int64_t *known)
{
    uint64_t s = seed * 1000003 + 1;
    rect *r = malloc(n * sizeof *r);
    ap_problem *p = ap_problem_new();
    size_t k = guillotine(&s, r, n, 256, INT64_C(1) << 20, 16, 1024, 1), i;
    for (i = 0; i < k; i++) {
        int64_t size = r[i].o1 - r[i].o0;
        size -= (int64_t)(ap__rand_unit(&s) * 0.08 * (double)size) / 16 * 16;
        add(p, i, r[i].t0, r[i].t1, size);
        known[i] = r[i].o0;
    }
    free(r);
    *cap = INT64_C(1) << 20;
    return p;
}

/* The "mmlike" family: *cap receives the square's height, known[] the cut positions of the
 * rectangles kept. */
static ap_problem *mmlike(uint64_t seed, size_t n, int64_t *cap, int64_t *known)
{
    const int64_t unit = 1024;
    uint64_t s = seed * 2654435761u + 7;
    rect *r = malloc(n * sizeof *r);
    ap_problem *p = ap_problem_new();
    int uneven = (int)(seed & 1);
    double drop = 0.1 * ap__rand_unit(&s);
    size_t k = guillotine(&s, r, n, 1024, 1024 * unit, unit, unit, uneven), i, kept = 0;
    for (i = 0; i < k; i++) {
        if (ap__rand_unit(&s) < drop)
            continue;
        add(p, kept, r[i].t0 * unit, r[i].t1 * unit, r[i].o1 - r[i].o0);
        known[kept++] = r[i].o0;
    }
    free(r);
    *cap = 1024 * unit;
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
    double limit, min_limit;  /* capacity questions; minimizing (the library's default) */
    uint64_t node_limit;
    int minimize, runs;
    const char *family, *csv, *minimalloc, *challenging;
} args;

/* What one family run adds up to. */
typedef struct tally {
    size_t problems, solved, mm_solved, faster, mm_runs;
    double cpu, mm_cpu;
} tally;

static const char *verdict_name(const ap_plan *plan)
{
    return plan->verdict == AP_VERDICT_OPTIMAL ? "optimal"
           : plan->verdict == AP_VERDICT_GAP   ? "gap"
                                               : "-";
}

static int cmp_double(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return a < b ? -1 : a > b;
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *t = NULL;
    long n;
    if (!f)
        return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
        (t = malloc((size_t)n + 1)) != NULL) {
        *len = fread(t, 1, (size_t)n, f);
        t[*len] = 0;
    }
    fclose(f);
    return t;
}

/* Runs minimalloc on the CSV at `in` with capacity cap; *cpu gets the child's CPU seconds.
 * Returns "found" (its plan passed our checker within cap), "infeasible", "limit", or "error". */
static const char *run_minimalloc(const args *a, const ap_problem *p, const char *in, int64_t cap,
                                  double *cpu)
{
    char capacity[64], input[1100], output[1100], timeout[64], outpath[1024], errpath[1024];
    struct rusage ru;
    int status = 0;
    pid_t pid;
    const char *res = "error";
    snprintf(outpath, sizeof outpath, "%s/bench_exact_mm_%ld.csv", tmp_dir(), (long)getpid());
    snprintf(errpath, sizeof errpath, "%s/bench_exact_mm_%ld.err", tmp_dir(), (long)getpid());
    snprintf(capacity, sizeof capacity, "--capacity=%lld", (long long)cap);
    snprintf(input, sizeof input, "--input=%s", in);
    snprintf(output, sizeof output, "--output=%s", outpath);
    snprintf(timeout, sizeof timeout, "--timeout=%gs", a->limit);
    remove(outpath);
    *cpu = 0;
    fflush(stdout);
    if ((pid = fork()) < 0)
        return res;
    if (pid == 0) {
        int fd = open(errpath, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        int nul = open("/dev/null", O_WRONLY);
        if (fd >= 0)
            dup2(fd, 2);
        if (nul >= 0)
            dup2(nul, 1);
        execl(a->minimalloc, a->minimalloc, capacity, input, output, timeout, (char *)NULL);
        _exit(127);
    }
    if (wait4(pid, &status, 0, &ru) != pid)
        return res;
    *cpu = tv_sec(ru.ru_utime) + tv_sec(ru.ru_stime);
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
        size_t len = 0;
        char *text = slurp(outpath, &len);
        int64_t *off = calloc(p->n + 1, sizeof *off);
        ap_error err = {0};
        ap_check_result cr;
        if (text && off && ap_csv_parse_plan(text, len, outpath, p, off, &err) == AP_OK &&
            ap_check(p, off, &cr) == AP_OK && cr.arena <= cap)
            res = "found";
        else
            fprintf(stderr, "bench_exact: minimalloc's plan for %s fails our checker: %s\n", in,
                    err.msg[0] ? err.msg : cr.message);
        free(text);
        free(off);
    } else {
        size_t len = 0;
        char *text = slurp(errpath, &len);
        if (text && strstr(text, "DEADLINE_EXCEEDED"))
            res = "limit";
        else if (text && strstr(text, "NOT_FOUND"))
            res = "infeasible";
        free(text);
    }
    remove(outpath);
    remove(errpath);
    return res;
}

static void options_for(const args *a, ap_plan_options *opt, int64_t cap)
{
    ap_plan_options_init(opt);
    opt->strategy = "exact";
    opt->time_limit = a->limit;
    opt->node_limit = a->node_limit;
    opt->capacity = cap;
}

/* Poses p at cap to ours (and minimalloc), prints the line; in is p as a CSV file (for
 * minimalloc). */
static int bench_one(const args *a, const char *name, ap_problem *p, int64_t cap, const char *in,
                     tally *t)
{
    ap_plan plan;
    ap_plan_options opt;
    ap_error err = {0};
    ap_bounds bd;
    ap_status st = AP_OK;
    double ours[64], theirs[64], dt, mm = 0;
    const char *res = "error", *mres = "-";
    int r, runs = a->runs < 1 ? 1 : a->runs > 64 ? 64 : a->runs, solved;
    uint64_t nodes = 0;
    int64_t arena = -1;
    if (ap_problem_validate(p, &err) != AP_OK || ap_bounds_compute(p, &bd, &err) != AP_OK) {
        fprintf(stderr, "bench_exact: %s: %s\n", name, err.msg);
        return 1;
    }
    ap_plan_init(&plan);
    for (r = 0; r < runs; r++) {
        double c0 = cpu_self();
        options_for(a, &opt, cap);
        st = ap_plan_problem(p, &opt, &plan, &err);
        ours[r] = cpu_self() - c0;
        res = st == AP_OK                ? "found"
              : st == AP_ERR_INFEASIBLE ? "infeasible"
              : st == AP_ERR_LIMIT      ? "limit"
                                        : "error";
        if (st == AP_OK) {
            ap_check_result cr;
            if (ap_check(p, plan.offset, &cr) != AP_OK || plan.arena > cap) {
                fprintf(stderr, "bench_exact: %s: bad plan: %s\n", name, cr.message);
                return 1;
            }
            nodes = plan.nodes;
            arena = plan.arena;
        }
        if (a->minimalloc && in)
            mres = run_minimalloc(a, p, in, cap, &theirs[r]);
    }
    dt = median(ours, runs);
    solved = st == AP_OK || st == AP_ERR_INFEASIBLE;
    t->problems++;
    t->solved += (size_t)solved;
    t->cpu += dt;
    printf("%-14s %4zu %8lld %8lld %5.2f%%  %-10s %8.3f %10llu %8lld", name, p->n,
           (long long)bd.lower, (long long)cap, 100.0 * (double)(cap - bd.lower) / (double)bd.lower,
           res, dt, (unsigned long long)nodes, (long long)arena);
    if (a->minimalloc && in) {
        int msolved = strcmp(mres, "found") == 0 || strcmp(mres, "infeasible") == 0;
        mm = median(theirs, runs);
        t->mm_runs++;
        t->mm_solved += (size_t)msolved;
        t->mm_cpu += mm;
        t->faster += (size_t)(solved && (!msolved || dt < mm));
        printf("  | %-10s %8.3f %7.1fx", mres, mm, dt > 0 ? mm / dt : 0.0);
    }
    if (a->minimize) {
        double c0 = cpu_self();
        options_for(a, &opt, -1);
        opt.time_limit = a->min_limit;
        st = ap_plan_problem(p, &opt, &plan, &err);
        dt = cpu_self() - c0;
        if (st == AP_OK)
            printf("  | min %8lld %-7s bound %8lld gap %5.2f%% %7.3f %10llu", (long long)plan.arena,
                   verdict_name(&plan), (long long)plan.proven_bound,
                   100.0 * (double)(plan.arena - plan.proven_bound) / (double)plan.proven_bound, dt,
                   (unsigned long long)plan.nodes);
        else
            printf("  | min error: %s", err.msg);
    }
    putchar('\n');
    fflush(stdout);
    ap_plan_free(&plan);
    return 0;
}

static int write_csv(const char *path, const ap_problem *p, const int64_t *known)
{
    FILE *f = fopen(path, "w");
    ap_error err = {0};
    ap_plan kp;
    int ok;
    if (!f)
        return 0;
    ap_plan_init(&kp);
    if (known && ap_plan_reset(&kp, p->n, &err) == AP_OK) {
        memcpy(kp.offset, known, p->n * sizeof *known);
        ap_plan_arena(p, &kp);
    }
    ok = ap_csv_write(f, p, known ? &kp : NULL, &err) == AP_OK;
    ok &= fclose(f) == 0;
    ap_plan_free(&kp);
    return ok;
}

/* One generated problem. */
static int run_generated(const args *a, const char *family, uint64_t seed, tally *t)
{
    size_t n = 150 + (size_t)(seed * 37 % 301);
    int64_t cap, *known = calloc(n + 1, sizeof *known);
    ap_problem *p;
    char name[64], path[1024], *in = NULL;
    int rc;
    if (strcmp(family, "packed") == 0)
        p = packed(seed, n, &cap, known);
    else if (strcmp(family, "mmlike") == 0)
        p = mmlike(seed, n, &cap, known);
    else
        p = random_family(seed, n, &cap), free(known), known = NULL;
    snprintf(name, sizeof name, "%s-%llu", family, (unsigned long long)seed);
    if (a->csv) {
        snprintf(path, sizeof path, "%s/%s.csv", a->csv, name);
        write_csv(path, p, NULL);
        if (known) {  /* the cut positions: a plan within the capacity */
            snprintf(path, sizeof path, "%s/%s.plan.csv", a->csv, name);
            write_csv(path, p, known);
        }
    }
    if (a->minimalloc) {
        snprintf(path, sizeof path, "%s/bench_exact_%ld.csv", tmp_dir(), (long)getpid());
        if (!write_csv(path, p, NULL)) {
            fprintf(stderr, "bench_exact: cannot write %s\n", path);
            return 1;
        }
        in = path;
    }
    rc = bench_one(a, name, p, cap, in, t);
    if (in)
        remove(in);
    ap_problem_free(p);
    free(known);
    return rc;
}

static int cmp_str(const void *x, const void *y)
{
    return strcmp(*(char *const *)x, *(char *const *)y);
}

/* Every DIR/NAME.CAPACITY.csv, in name order, at its capacity. */
static int run_challenging(const args *a, tally *t)
{
    DIR *d = opendir(a->challenging);
    struct dirent *e;
    char *names[256];
    size_t count = 0, i;
    int rc = 0;
    if (!d) {
        fprintf(stderr, "bench_exact: %s: %s\n", a->challenging, strerror(errno));
        return 1;
    }
    while ((e = readdir(d)) != NULL && count < 256) {
        size_t len = strlen(e->d_name);
        /* NAME.CAPACITY.csv: two dots */
        if (len > 4 && strcmp(e->d_name + len - 4, ".csv") == 0 &&
            strchr(e->d_name, '.') != e->d_name + len - 4)
            names[count++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(names, count, sizeof *names, cmp_str);
    for (i = 0; i < count && rc == 0; i++) {
        char path[1024], name[64];
        const char *dot = strchr(names[i], '.');
        size_t len = 0;
        char *text;
        ap_problem *p = NULL;
        ap_csv_options co;
        ap_error err = {0};
        int64_t cap = strtoll(dot + 1, NULL, 10);
        snprintf(path, sizeof path, "%s/%s", a->challenging, names[i]);
        snprintf(name, sizeof name, "%.*s", (int)(dot - names[i]), names[i]);
        if (!(text = slurp(path, &len))) {
            fprintf(stderr, "bench_exact: %s: cannot read\n", path);
            rc = 1;
            break;
        }
        ap_csv_options_init(&co);
        if (ap_csv_parse(text, len, path, &co, &p, NULL, &err) != AP_OK) {
            fprintf(stderr, "bench_exact: %s\n", err.msg);
            rc = 1;
        } else {
            rc = bench_one(a, name, p, cap, path, t);
        }
        free(text);
        ap_problem_free(p);
    }
    for (i = 0; i < count; i++)
        free(names[i]);
    return rc;
}

static void summary(const args *a, const char *family, const tally *t)
{
    printf("%s: solved %zu of %zu within %.3g s each, %.3f CPU s in all", family, t->solved,
           t->problems, a->limit, t->cpu);
    if (t->mm_runs)
        printf("; minimalloc solved %zu of %zu, %.3f CPU s in all; ours solved and faster on %zu "
               "of %zu", t->mm_solved, t->mm_runs, t->mm_cpu, t->faster, t->mm_runs);
    printf("\n\n");
}

static int usage(void)
{
    fprintf(stderr, "usage: bench_exact [--family challenging|packed|mmlike|random] [--count N] "
                    "[--seed S] [--time-limit T] [--node-limit N] [--minimize] [--minimize-limit T] "
                    "[--runs R] [--minimalloc PATH] [--challenging DIR] [--csv DIR]\n");
    return 2;
}

int main(int argc, char **argv)
{
    args a = {10, 1, 10, 10, 0, 0, 0, NULL, NULL, NULL, AP_SOURCE_DIR "/bench/data/minimalloc"};
    const char *families[] = {"challenging", "packed", "mmlike", "random"};
    size_t i, f, all = 0, all_solved = 0;
    int runs_given = 0;
    for (i = 1; i < (size_t)argc; i++) {
        const char *v = i + 1 < (size_t)argc ? argv[i + 1] : NULL;
        if (strcmp(argv[i], "--minimize") == 0) {
            a.minimize = 1;
            continue;
        }
        if (!v)
            return usage();
        i++;
        if (strcmp(argv[i - 1], "--count") == 0)
            a.count = strtoul(v, NULL, 10);
        else if (strcmp(argv[i - 1], "--seed") == 0)
            a.seed = strtoull(v, NULL, 10);
        else if (strcmp(argv[i - 1], "--time-limit") == 0)
            a.limit = atof(v);
        else if (strcmp(argv[i - 1], "--minimize-limit") == 0)
            a.min_limit = atof(v);
        else if (strcmp(argv[i - 1], "--node-limit") == 0)
            a.node_limit = strtoull(v, NULL, 10);
        else if (strcmp(argv[i - 1], "--runs") == 0)
            a.runs = atoi(v), runs_given = 1;
        else if (strcmp(argv[i - 1], "--family") == 0)
            a.family = v;
        else if (strcmp(argv[i - 1], "--csv") == 0)
            a.csv = v;
        else if (strcmp(argv[i - 1], "--minimalloc") == 0)
            a.minimalloc = v;
        else if (strcmp(argv[i - 1], "--challenging") == 0)
            a.challenging = v;
        else
            return usage();
    }
    if (!runs_given)
        a.runs = a.minimalloc ? 3 : 1;
    if (a.minimalloc && access(a.minimalloc, X_OK) != 0) {
        fprintf(stderr, "bench_exact: --minimalloc %s: not an executable\n", a.minimalloc);
        return 2;
    }
    printf("CPU seconds (median of %d run%s)%s%s\n", a.runs, a.runs == 1 ? "" : "s",
           a.minimalloc ? "; minimalloc: " : "", a.minimalloc ? a.minimalloc : "");
    printf("%-14s %4s %8s %8s %6s  %-10s %8s %10s %8s%s%s\n", "problem", "n", "bound", "capacity",
           "slack", "result", "cpu s", "nodes", "arena",
           a.minimalloc ? "  | minimalloc cpu s   ratio" : "",
           a.minimize ? "  | minimizing: arena verdict bound gap cpu s nodes" : "");
    for (f = 0; f < sizeof families / sizeof *families; f++) {
        tally t;
        int rc = 0;
        if (a.family ? strcmp(a.family, families[f]) != 0
                     : f == 0 && access(a.challenging, R_OK) != 0)
            continue;
        memset(&t, 0, sizeof t);
        if (f == 0)
            rc = run_challenging(&a, &t);
        for (i = 0; f > 0 && i < a.count && rc == 0; i++)
            rc = run_generated(&a, families[f], a.seed + i, &t);
        if (rc)
            return 1;
        summary(&a, families[f], &t);
        all += t.problems;
        all_solved += t.solved;
    }
    return all_solved == all ? 0 : 1;
}
