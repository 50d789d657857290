/*
 * test_exact.c - the exact planner: proofs on the whole corpus, known minima, the capacity
 * mode's three answers through the CLI, the verdict in every output, stopping (time limit,
 * stop flag, SIGINT) with the best plan so far, progress, determinism.
 */
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "arenaplan/csv.h"
#include "core/util.h"
#include "testutil.h"

/* Work for every search of these tests that must end in a verdict: far more than any needs
 * (the most, 1.3 million nodes, for armex_ds_cnn_s_quantized with the rules). */
#define TEST_NODES UINT64_C(4000000)

/* A problem whose minimum (11) is above the live bound (10); found by a random search. */
static const char *const above_bound =
    "id,lower,upper,size\n"
    "a,6,9,1\nb,1,4,5\nc,4,7,4\nd,2,6,2\ne,2,7,2\nf,6,11,3\ng,7,8,5\nh,0,2,4\ni,5,6,2\n";

/* The exact planner stopped by a node limit, never by the clock: the same verdict under any
 * load. */
static int64_t exact_checked(const ap_problem *p, uint64_t node_limit, int64_t capacity,
                             ap_plan *plan)
{
    ap_plan_options opt;
    ap_error err = {0};
    ap_plan_options_init(&opt);
    opt.strategy = "exact";
    opt.node_limit = node_limit;
    opt.capacity = capacity;
    if (ap_plan_problem(p, &opt, plan, &err) != AP_OK)
        fail_msg("exact failed: %s", err.msg);
    assert_int_equal(assert_valid_plan(p, plan), plan->arena);
    return plan->arena;
}

/* Every TFLM planner input of the corpus (plans/MODEL.csv with its offsets ignored, as TFLM's
 * planner receives them, 16-byte alignment): proven optimal within TEST_NODES nodes. */
static void corpus_reference_plans(void **state)
{
    const char *dir = src_path("corpus/reference/plans");
    DIR *d = opendir(dir);
    struct dirent *e;
    int count = 0;
    (void)state;
    assert_non_null(d);
    while ((e = readdir(d)) != NULL) {
        char path[4096];
        size_t len;
        char *text;
        ap_problem *p = NULL;
        ap_csv_options co;
        ap_error err = {0};
        ap_plan plan;
        ap_bounds bd;
        if (!strstr(e->d_name, ".csv"))
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        text = read_text(path, &len);
        assert_non_null(text);
        ap_csv_options_init(&co);
        co.offset_is_plan = 1;
        co.align = 16;
        if (ap_csv_parse(text, len, path, &co, &p, NULL, &err) != AP_OK)
            fail_msg("%s", err.msg);
        free(text);
        ap_plan_init(&plan);
        exact_checked(p, TEST_NODES, -1, &plan);
        assert_int_equal(ap_bounds_compute(p, &bd, &err), AP_OK);
        if (plan.verdict != AP_VERDICT_OPTIMAL)
            fail_msg("%s: not proven optimal (%lld bytes, bound %lld)", e->d_name,
                     (long long)plan.arena, (long long)plan.proven_bound);
        assert_int_equal(plan.proven_bound, plan.arena);
        assert_true(plan.arena >= bd.lower);
        ap_plan_free(&plan);
        ap_problem_free(p);
        count++;
    }
    closedir(d);
    assert_int_equal(count, 162);
}

typedef struct walk {
    const ap_load_options *lo;
    int loaded, failed, searched; /* searched: proven above the bound by search */
} walk;

static void walk_models(const char *dir, walk *w)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    assert_non_null(d);
    while ((e = readdir(d)) != NULL) {
        char path[4096];
        ap_problem *p = NULL;
        ap_error err = {0};
        ap_plan plan;
        if (e->d_name[0] == '.')
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (!strstr(e->d_name, ".")) {
            walk_models(path, w);
            continue;
        }
        if (!strstr(e->d_name, ".tflite"))
            continue;
        if (ap_load(path, w->lo, &p, &err) != AP_OK) {
            w->failed++;  /* models TFLM cannot load either: one of more/ (test_tflite_corpus)
                             and 11 of blind/ (test_blind) */
            continue;
        }
        ap_plan_init(&plan);
        exact_checked(p, TEST_NODES, -1, &plan);
        if (plan.verdict != AP_VERDICT_OPTIMAL)
            fail_msg("%s: not proven optimal (%lld bytes, bound %lld)", path,
                     (long long)plan.arena, (long long)plan.proven_bound);
        {
            ap_bounds bd;
            assert_int_equal(ap_bounds_compute(p, &bd, &err), AP_OK);
            w->searched += plan.arena > bd.lower;
        }
        ap_plan_free(&plan);
        ap_problem_free(p);
        w->loaded++;
    }
    closedir(d);
}

/* Every model of corpus/models (blind/ included: 153 of its 164 load), read by ap_load with
 * default options. */
static void corpus_models(void **state)
{
    walk w = {NULL, 0, 0, 0};
    (void)state;
    walk_models(src_path("corpus/models"), &w);
    assert_int_equal(w.loaded, 315);
    assert_int_equal(w.failed, 12);
    /* every optimum is the live bound (person_detect_vela's too, 74544 bytes, now that the
       bound counts the bytes its fixed buffers share once) */
    assert_int_equal(w.searched, 0);
}

/* The same with the in-place and overlap rules, whose allowances let buffers share bytes: three
 * optima lie above the bound and need the search's proof (armex_ds_cnn_s_quantized: 9792
 * bytes against 8384; openmv_yolo_lc_192: 148080 against 148048, and tinymaix_mnist_resnet_q:
 * 2416 against 2384, since their inputs may die into the first operator's output;
 * person_detect_vela's optimum is its bound now that the bound counts its shared bytes once). */
static void corpus_models_with_rules(void **state)
{
    ap_load_options lo;
    walk w = {&lo, 0, 0, 0};
    (void)state;
    ap_load_options_init(&lo);
    lo.build.inplace = AP_TFLM_INPLACE_ELEMENTWISE;
    lo.build.overlap = AP_TFLM_OVERLAP_REFERENCE;
    walk_models(src_path("corpus/models"), &w);
    assert_int_equal(w.loaded, 315);
    assert_int_equal(w.failed, 12);
    assert_int_equal(w.searched, 3);
}

/* The minimum above the live bound is proven, not just found. */
static void proves_minimum_above_live_bound(void **state)
{
    ap_problem *p = problem_from_csv(above_bound);
    ap_plan plan;
    ap_bounds bd;
    ap_error err = {0};
    (void)state;
    ap_plan_init(&plan);
    assert_int_equal(ap_bounds_compute(p, &bd, &err), AP_OK);
    assert_int_equal(bd.lower, 10);
    assert_int_equal(exact_checked(p, TEST_NODES, -1, &plan), 11);
    assert_int_equal(plan.verdict, AP_VERDICT_OPTIMAL);
    assert_int_equal(plan.proven_bound, 11);
    assert_string_equal(plan.strategy, "exact");
    ap_plan_free(&plan);
    ap_problem_free(p);
}

/* Alignment raises the bound: three 100-byte buffers live together at multiples of 64 take
 * 128 + 128 + 100 bytes. */
static void alignment_padding_bound(void **state)
{
    ap_problem *p = problem_from_csv("id,lower,upper,size,alignment\na,0,1,100,64\nb,0,1,100,64\nc,0,1,100,64\n");
    ap_plan plan;
    (void)state;
    ap_plan_init(&plan);
    assert_int_equal(exact_checked(p, TEST_NODES, -1, &plan), 356);
    assert_int_equal(plan.verdict, AP_VERDICT_OPTIMAL);
    assert_int_equal(plan.proven_bound, 356);
    ap_plan_free(&plan);
    ap_problem_free(p);
}

/* Fixed offsets are kept; an alias lets two buffers share bytes, and here it must: w is fixed
 * at 64, so in and out both live in [0, 64). */
static void fixed_and_alias(void **state)
{
    ap_problem *p = problem_from_csv("id,lower,upper,size,offset,alias_of\n"
                                     "in,0,2,64,,\nout,1,3,64,,in\nw,0,3,32,64,\n");
    ap_plan plan;
    (void)state;
    ap_plan_init(&plan);
    assert_int_equal(exact_checked(p, TEST_NODES, -1, &plan), 96);
    assert_int_equal(plan.verdict, AP_VERDICT_OPTIMAL);
    assert_int_equal(plan.offset[0], 0);
    assert_int_equal(plan.offset[1], 0);
    assert_int_equal(plan.offset[2], 64);
    ap_plan_free(&plan);
    ap_problem_free(p);
}

/* ---- hard problems: a perfect packing cut up (bench_exact's "packed" family) ---- */

/* bench_exact's packed problem `seed` (n buffers), written as CSV to a temporary file. Seed 1:
 * 187 buffers, live bound 1024144, a plan of 1048576 bytes known to exist (the cut positions;
 * the skyline search finds one in 0.1 s, the canonical search alone took 21 s). Seed 4: 298
 * buffers, live bound 1023696; minimizing it ends 6% above the bound after minutes, so a run
 * on it is stopped by its limit or a signal, never by a proof. */
static const char *packed_problem(uint64_t seed, size_t n, ap_problem **out)
{
    const int64_t T = 256, W = INT64_C(1) << 20, min_size = 1024;
    uint64_t s = seed * 1000003 + 1;
    int64_t (*r)[4] = calloc(n, sizeof *r);
    size_t k = 1, i, tries = 0;
    ap_problem *p = ap_problem_new();
    ap_error err = {0};
    char name[32];
    const char *path;
    FILE *f;
    assert_non_null(r);
    snprintf(name, sizeof name, "packed%llu.csv", (unsigned long long)seed);
    path = tmp_path(name);
    r[0][0] = 0, r[0][1] = T, r[0][2] = 0, r[0][3] = W;
    while (k < n && tries++ < 100000) {
        size_t pick = (size_t)(ap__rand(&s) % k);
        int64_t a[4], b[4];
        memcpy(a, r[pick], sizeof a);
        memcpy(b, r[pick], sizeof b);
        if (ap__rand_unit(&s) < 0.5 && a[1] - a[0] >= 2) {
            a[1] = b[0] = a[0] + 1 + (int64_t)(ap__rand(&s) % (uint64_t)(a[1] - a[0] - 1));
        } else if (a[3] - a[2] >= 2 * min_size) {
            double g = ap__rand_unit(&s);
            int64_t lo = a[2] / 16, hi = a[3] / 16;
            g = g * g * g;
            if (ap__rand(&s) & 1)
                g = 1 - g;
            a[3] = b[2] = (lo + 1 + (int64_t)(g * (double)(hi - lo - 2))) * 16;
            if (a[3] - a[2] < min_size || b[3] - b[2] < min_size)
                continue;
        } else {
            continue;
        }
        memcpy(r[pick], a, sizeof a);
        memcpy(r[k++], b, sizeof b);
    }
    assert_int_equal(k, n);
    for (i = 0; i < k; i++) {
        ap_buffer_spec sp;
        char id[32];
        int64_t size = r[i][3] - r[i][2];
        size -= (int64_t)(ap__rand_unit(&s) * 0.08 * (double)size) / 16 * 16;
        ap_buffer_spec_init(&sp);
        snprintf(id, sizeof id, "%zu", i);
        sp.id = id;
        sp.lower = r[i][0];
        sp.upper = r[i][1];
        sp.size = size;
        assert_int_equal(ap_problem_add(p, &sp, &err), AP_OK);
    }
    free(r);
    assert_int_equal(ap_problem_validate(p, &err), AP_OK);
    f = fopen(path, "w");
    assert_non_null(f);
    assert_int_equal(ap_csv_write(f, p, NULL, &err), AP_OK);
    fclose(f);
    if (out)
        *out = p;
    else
        ap_problem_free(p);
    return path;
}

static const char *hard_problem(ap_problem **out)
{
    return packed_problem(1, 187, out);
}

/* One the search cannot finish: it ends on its limit or a signal. */
static const char *endless_problem(ap_problem **out)
{
    return packed_problem(4, 298, out);
}

/* --capacity: a plan (exit 0), "infeasible (proven)" by the bound and by exhaustive search,
 * and "no plan found within the time limit" (exit 1 for both). */
static void capacity_mode_cli(void **state)
{
    const char *in = tmp_path("above.csv"), *hard;
    run_result r;
    (void)state;
    write_text(in, above_bound);

    r = run_cli("plan", in, "--strategy", "exact", "--capacity", "11", "--format", "csv", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "id,lower,upper,size,offset\n");
    assert_string_equal(r.err, "");
    run_free(&r);

    r = run_cli("plan", in, "--strategy", "exact", "--capacity", "10", NULL);
    assert_int_equal(r.status, 1);
    assert_string_equal(r.out, "");
    assert_contains(r.err, "arenaplan: no plan fits in 10 bytes: infeasible (proven) by exhaustive search (");
    assert_contains(r.err, "nodes); the arena needs at least 11 bytes\n");
    run_free(&r);

    r = run_cli("plan", in, "--strategy", "exact", "--capacity", "9", NULL);
    assert_int_equal(r.status, 1);
    assert_contains(r.err, "arenaplan: no plan fits in 9 bytes: infeasible (proven): the arena needs "
                           "at least 10 bytes");
    run_free(&r);

    /* a capacity 0.2% above the bound: plans exist (one at the bound itself), but the search
       finds none in 20 s (measured), let alone in 20 000 nodes */
    hard = hard_problem(NULL);
    r = run_cli("plan", hard, "--strategy", "exact", "--capacity", "1026000", "--node-limit", "20000", NULL);
    assert_int_equal(r.status, 1);
    assert_string_equal(r.out, "");
    assert_contains(r.err, "arenaplan: no plan found within the node limit (20000 nodes) for a "
                           "capacity of 1026000 bytes: the best plan found needs ");
    assert_contains(r.err, "bytes; no plan can use fewer than 1024144 bytes\n");
    run_free(&r);

    /* a node limit is a positive count */
    r = run_cli("plan", in, "--strategy", "exact", "--node-limit", "0", NULL);
    assert_int_equal(r.status, 2);
    assert_string_equal(r.out, "");
    assert_contains(r.err, "arenaplan: --node-limit 0: not a positive number of nodes\n");
    run_free(&r);

    /* the portfolio's plan answers a loose capacity at once */
    r = run_cli("plan", hard, "--strategy", "exact", "--capacity", "2M", "--format", "json", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "\"strategy\":\"exact\",\"verdict\":\"gap\",\"proven_bound\":1024144,");
    run_free(&r);
}

/* The verdict in JSON and in the table, for a proof and for a gap. */
static void verdict_in_outputs(void **state)
{
    const char *in = tmp_path("above2.csv"), *hard;
    run_result r;
    (void)state;
    write_text(in, above_bound);
    r = run_cli("plan", in, "--strategy", "exact", "--format", "json", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "{\"schema\":\"arenaplan/2\",\"arena_bytes\":null,\"arena_unknown\":\"a buffer list has no TFLM arena\",\"head_bytes\":11,\"tail_bytes\":null,\"lower_bound\":10,");
    assert_contains(r.out, "\"strategy\":\"exact\",\"verdict\":\"optimal\",\"proven_bound\":11,\"gap_bytes\":0");
    run_free(&r);
    r = run_cli("plan", in, "--strategy", "exact", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "optimal");
    run_free(&r);

    /* minimizing proves this one optimal, but only after 790 000 nodes (measured) */
    hard = hard_problem(NULL);
    r = run_cli("plan", hard, "--strategy", "exact", "--node-limit", "2000", "--format", "json", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "\"verdict\":\"gap\",\"proven_bound\":1024144,\"gap_bytes\":");
    assert_string_equal(r.err, "");  /* no progress line when stderr is not a terminal */
    run_free(&r);
}

/* A stop flag already raised: the portfolio's plan comes back at once, with its verdict. */
static void stop_flag(void **state)
{
    ap_problem *p;
    ap_plan plan;
    ap_plan_options opt;
    ap_error err = {0};
    volatile sig_atomic_t stop = 1;
    (void)state;
    hard_problem(&p);
    ap_plan_init(&plan);
    ap_plan_options_init(&opt);
    opt.strategy = "exact";
    opt.stop = &stop;
    assert_int_equal(ap_plan_problem(p, &opt, &plan, &err), AP_OK);
    assert_valid_plan(p, &plan);
    assert_int_equal(plan.verdict, AP_VERDICT_GAP);
    assert_int_equal(plan.proven_bound, 1024144);
    assert_true(plan.arena > 1048576);
    assert_int_equal(plan.nodes, 0);
    ap_plan_free(&plan);
    ap_problem_free(p);
}

/* Whether process pid catches SIGINT: its SigCgt mask in /proc (-1 when unreadable). */
static int catches_sigint(pid_t pid)
{
    char path[64], line[256];
    int r = -1;
    FILE *f;
    snprintf(path, sizeof path, "/proc/%ld/status", (long)pid);
    if (!(f = fopen(path, "r")))
        return -1;
    while (fgets(line, sizeof line, f))
        if (strncmp(line, "SigCgt:", 7) == 0)
            r = (int)((strtoull(line + 7, NULL, 16) >> (SIGINT - 1)) & 1);
    fclose(f);
    return r;
}

/* Waits until pid catches SIGINT; 0 if it never does (it exited, or a minute went by). */
static int wait_catching_sigint(pid_t pid)
{
    int tries;
    for (tries = 0; tries < 60000; tries++) {
        int c = catches_sigint(pid);
        if (c != 0)
            return c > 0;
        nanosleep(&(struct timespec){0, 1000000}, NULL);
    }
    return 0;
}

/* Ctrl-C: the CLI stops, writes nothing that could pass for a finished output (issue 32.7),
 * names the best arena so far and the bound on stderr, and exits 130 (128 + SIGINT). */
static void sigint_writes_nothing(void **state)
{
    const char *hard = endless_problem(NULL), *out = tmp_path("sigint.json"),
               *errs = tmp_path("sigint.err");
    pid_t pid;
    int status;
    size_t len;
    char *text;
    (void)state;
    pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        FILE *f = freopen(out, "w", stdout), *e = freopen(errs, "w", stderr);
        (void)f;
        (void)e;
        /* no clock: only the signal can end it */
        execl(AP_CLI, AP_CLI, "plan", hard, "--strategy", "exact", "--node-limit", "100000000000",
              "--format", "json", (char *)NULL);
        _exit(127);
    }
    /* signal once the CLI catches SIGINT (before it, the signal would kill it): whenever it
       comes after that, the run stops, so nothing depends on timing */
    assert_true(wait_catching_sigint(pid));
    kill(pid, SIGINT);
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 130);
    text = read_text(out, &len);
    assert_non_null(text);
    assert_int_equal(len, 0);
    free(text);
    text = read_text(errs, &len);
    assert_non_null(text);
    assert_contains(text, "arenaplan: interrupted: nothing written (the best plan so far needs ");
    assert_contains(text, " bytes; no plan needs fewer than 1023696); a --time-limit or --node-limit "
                          "stops with the plan\n");
    free(text);
}

typedef struct seen {
    int calls;
    ap_progress last;
    int sane;
    volatile sig_atomic_t stop;  /* raised at the third report: the run ends on a count */
} seen;

static void on_progress(const ap_progress *pr, void *ctx)
{
    seen *s = ctx;
    if (pr->best_arena < pr->bound || pr->elapsed < s->last.elapsed || pr->nodes < s->last.nodes)
        s->sane = 0;
    s->last = *pr;
    if (++s->calls == 3)
        s->stop = 1;
}

/* About ten reports a second while the search runs, each with sane figures; the run ends after
 * three of them (by the stop flag). */
static void progress_reports(void **state)
{
    ap_problem *p;
    ap_plan plan;
    ap_plan_options opt;
    ap_error err = {0};
    seen s;
    (void)state;
    memset(&s, 0, sizeof s);
    s.sane = 1;
    endless_problem(&p);
    ap_plan_init(&plan);
    ap_plan_options_init(&opt);
    opt.strategy = "exact";
    /* the third report stops the run, however fast the machine; the node limit (minutes of
       search) only bounds a run whose reports never come */
    opt.node_limit = UINT64_C(50000000);
    opt.stop = &s.stop;
    opt.progress = on_progress;
    opt.progress_ctx = &s;
    assert_int_equal(ap_plan_problem(p, &opt, &plan, &err), AP_OK);
    assert_valid_plan(p, &plan);
    assert_true(s.calls >= 3);
    assert_true(s.sane);
    assert_int_equal(s.last.bound, 1023696);
    assert_true(s.last.best_arena >= plan.arena);
    assert_true(s.last.nodes > 0);
    ap_plan_free(&plan);
    ap_problem_free(p);
}

/* The same input and limits give the same plan, byte for byte. */
static void deterministic(void **state)
{
    ap_problem *p;
    ap_plan a, b;
    int round;
    (void)state;
    hard_problem(&p);
    for (round = 0; round < 2; round++) {
        /* capacity mode: the hard problem's known capacity, which only the skyline search
           answers in time; minimizing on a problem proven optimal */
        int64_t cap = round == 0 ? 1048576 : -1;
        ap_problem *q = round == 0 ? p : problem_from_csv(above_bound);
        ap_plan_init(&a);
        ap_plan_init(&b);
        exact_checked(q, TEST_NODES, cap, &a);
        exact_checked(q, TEST_NODES, cap, &b);
        if (round == 0)
            assert_true(a.arena <= 1048576 && a.arena >= 1024144 && a.nodes > 0);
        assert_memory_equal(a.offset, b.offset, q->n * sizeof *a.offset);
        assert_int_equal(a.nodes, b.nodes);
        assert_int_equal(a.verdict, b.verdict);
        ap_plan_free(&a);
        ap_plan_free(&b);
        if (q != p)
            ap_problem_free(q);
    }
    ap_problem_free(p);
}

/* Fixed buffers the input placed on each other against their allowance: no plan exists. */
/* Fixed offsets that clash beyond their allowance are the input's fault: refused by the
 * reader (validation), before any planner. */
static void clashing_fixed_buffers(void **state)
{
    const char *in = tmp_path("clash.csv");
    run_result r;
    (void)state;
    write_text(in, "id,lower,upper,size,offset,alias_of\na,0,2,64,0,\nb,1,3,64,32,a\n");
    r = run_cli("plan", in, "--strategy", "exact", NULL);
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "_clash.csv: fixed offsets clash: buffers 'a' (64 bytes, lifetime [0, 2), "
                           "bytes [0, 64)) and 'b' (64 bytes, lifetime [1, 3), bytes [32, 96)) are "
                           "both live at step 1 and share bytes [32, 64), beyond what their overlap "
                           "allowance permits");
    run_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(corpus_reference_plans),
        cmocka_unit_test(corpus_models),
        cmocka_unit_test(corpus_models_with_rules),
        cmocka_unit_test(proves_minimum_above_live_bound),
        cmocka_unit_test(alignment_padding_bound),
        cmocka_unit_test(fixed_and_alias),
        cmocka_unit_test(capacity_mode_cli),
        cmocka_unit_test(verdict_in_outputs),
        cmocka_unit_test(stop_flag),
        cmocka_unit_test(sigint_writes_nothing),
        cmocka_unit_test(progress_reports),
        cmocka_unit_test(deterministic),
        cmocka_unit_test(clashing_fixed_buffers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
