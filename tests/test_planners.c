/* test_planners.c - every strategy: validity, determinism, TFLM's figures, known optima. */
#include <dirent.h>
#include <string.h>

#include "core/util.h"
#include "arenaplan/csv.h"
#include "testutil.h"

static const char *all_strategies[] = {"linear", "greedy", "bestfit-size", "bestfit-length", "bestfit-breadth",
                                       "bestfit-conflicts", "firstfit-breadth", "firstfit-start", "pingpong",
                                       "search", "best"};
#define NSTRAT (sizeof all_strategies / sizeof all_strategies[0])


/* A random problem: n buffers, optional alignments, some fixed (non-clashing, placed on a
 * private band above everything else), some alias / overlap allowances. */
static ap_problem *random_problem(uint64_t seed, size_t n, int with_extras)
{
    ap_problem *p = ap_problem_new();
    size_t i;
    int64_t band = 1 << 20;
    for (i = 0; i < n; i++) {
        ap_buffer_spec s;
        char id[32];
        ap_buffer_spec_init(&s);
        snprintf(id, sizeof id, "b%zu", i);
        s.id = id;
        s.lower = (int64_t)(ap__rand(&seed) % 40) - 5;
        s.upper = s.lower + 1 + (int64_t)(ap__rand(&seed) % 8);
        s.size = (ap__rand(&seed) % 5 == 0) ? (int64_t)(ap__rand(&seed) % 5000) : (int64_t)(ap__rand(&seed) % 300);
        if (with_extras && ap__rand(&seed) % 4 == 0)
            s.align = (int64_t)1 << (ap__rand(&seed) % 6);
        if (with_extras && ap__rand(&seed) % 10 == 0) {
            s.align = 16;
            s.fixed = band;
            band += 16 * (1 + (s.size + 15) / 16);
        }
        assert_int_equal(ap_problem_add(p, &s, NULL), AP_OK);
    }
    if (with_extras)
        for (i = 1; i < n; i += 3) {
            uint32_t a = (uint32_t)(ap__rand(&seed) % i);
            int64_t d = (int64_t)(ap__rand(&seed) % 64) - 32;
            if (p->buf[a].fixed == AP_UNFIXED && p->buf[i].fixed == AP_UNFIXED)
                assert_int_equal(ap_problem_add_overlap(p, a, (uint32_t)i, d, 0, "test", NULL), AP_OK);
        }
    assert_int_equal(ap_problem_validate(p, NULL), AP_OK);
    return p;
}

static void test_every_strategy_valid_on_random_problems(void **state)
{
    uint64_t seed;
    (void)state;
    for (seed = 1; seed <= 60; seed++) {
        ap_problem *p = random_problem(seed, 5 + seed % 50, seed % 2 == 0);
        ap_bounds bd;
        size_t k;
        int64_t best = -1, min_other = INT64_MAX;
        assert_int_equal(ap_bounds_compute(p, &bd, NULL), AP_OK);
        for (k = 0; k < NSTRAT; k++) {
            ap_plan plan;
            int64_t arena;
            size_t i;
            ap_plan_init(&plan);
            arena = plan_checked(p, all_strategies[k], &plan);
            assert_true(arena >= bd.lower);
            for (i = 0; i < p->n; i++)
                if (p->buf[i].fixed != AP_UNFIXED)
                    assert_int_equal(plan.offset[i], p->buf[i].fixed);
            if (strcmp(all_strategies[k], "best") == 0)
                best = arena;
            else if (strcmp(all_strategies[k], "linear") && strcmp(all_strategies[k], "search"))
                min_other = arena < min_other ? arena : min_other;
            ap_plan_free(&plan);
        }
        /* best keeps the smallest plan of its portfolio */
        assert_true(best <= min_other);
        ap_problem_free(p);
    }
}

static void test_deterministic(void **state)
{
    ap_problem *p = random_problem(99, 200, 1);
    size_t k;
    (void)state;
    for (k = 0; k < NSTRAT; k++) {
        ap_plan a, b;
        ap_plan_init(&a);
        ap_plan_init(&b);
        plan_checked(p, all_strategies[k], &a);
        plan_checked(p, all_strategies[k], &b);
        assert_memory_equal(a.offset, b.offset, p->n * sizeof *a.offset);
        assert_string_equal(a.strategy, b.strategy);
        ap_plan_free(&a);
        ap_plan_free(&b);
    }
    ap_problem_free(p);
}

static void test_greedy_ties_last_added_first(void **state)
{
    /* TFLM places equal sizes in reverse order of addition */
    ap_problem *p = problem_from_csv("id,lower,upper,size\na,0,2,16\nb,0,2,16\nc,0,2,16\nd,0,2,32\n");
    ap_plan plan;
    (void)state;
    ap_plan_init(&plan);
    assert_int_equal(plan_checked(p, "greedy", &plan), 80);
    assert_int_equal(plan.offset[3], 0);
    assert_int_equal(plan.offset[2], 32);
    assert_int_equal(plan.offset[1], 48);
    assert_int_equal(plan.offset[0], 64);
    assert_int_equal(plan.order[0], 3);
    assert_int_equal(plan.order[1], 2);
    ap_plan_free(&plan);
    ap_problem_free(p);
}

static void test_greedy_first_gap_in_offset_order(void **state)
{
    /* big0 [0,2) and big1 [3,5) share offset 0; small [1,4) meets both and must go above;
       tiny [5,6) meets nothing and goes to 0 */
    ap_problem *p = problem_from_csv("id,lower,upper,size\nbig0,0,2,100\nbig1,3,5,100\nsmall,1,4,50\ntiny,5,6,10\n");
    ap_plan plan;
    (void)state;
    ap_plan_init(&plan);
    assert_int_equal(plan_checked(p, "greedy", &plan), 150);
    assert_int_equal(plan.offset[0], 0);
    assert_int_equal(plan.offset[1], 0);
    assert_int_equal(plan.offset[2], 100);
    assert_int_equal(plan.offset[3], 0);
    ap_plan_free(&plan);
    ap_problem_free(p);
}

static void test_alignment_respected(void **state)
{
    ap_problem *p = problem_from_csv("id,lower,upper,size,alignment\na,0,2,10,\nb,0,2,10,64\nc,0,2,3,\nd,0,2,5,8\n");
    size_t k;
    (void)state;
    for (k = 0; k < NSTRAT; k++) {
        ap_plan plan;
        ap_plan_init(&plan);
        plan_checked(p, all_strategies[k], &plan);
        assert_int_equal(plan.offset[1] % 64, 0);
        assert_int_equal(plan.offset[3] % 8, 0);
        ap_plan_free(&plan);
    }
    ap_problem_free(p);
}

static void test_pingpong_packs_chains(void **state)
{
    /* each buffer lives two steps: optimum = max adjacent pair = lower bound */
    static const int64_t sizes[] = {300, 1000, 200, 900, 400, 100, 800, 700, 100, 300};
    ap_problem *p = ap_problem_new();
    ap_plan plan;
    ap_bounds bd;
    size_t i;
    (void)state;
    for (i = 0; i < 10; i++) {
        ap_buffer_spec s;
        char id[32];
        ap_buffer_spec_init(&s);
        snprintf(id, sizeof id, "%zu", i);
        s.id = id;
        s.lower = (int64_t)i;
        s.upper = (int64_t)i + 2;
        s.size = sizes[i];
        assert_int_equal(ap_problem_add(p, &s, NULL), AP_OK);
    }
    assert_int_equal(ap_problem_validate(p, NULL), AP_OK);
    assert_int_equal(ap_bounds_compute(p, &bd, NULL), AP_OK);
    assert_int_equal(bd.lower, 1500);
    ap_plan_init(&plan);
    assert_int_equal(plan_checked(p, "pingpong", &plan), 1500);
    assert_int_equal(plan.offset[0], 0);
    assert_int_equal(plan.offset[1], 500);  /* top: 1500 - 1000 */
    assert_int_equal(plan.offset[2], 0);
    assert_int_equal(plan_checked(p, "best", &plan), 1500);
    ap_plan_free(&plan);
    ap_problem_free(p);
}

/* Reads one column of a CSV line by index (no quotes in the reference files). */
static int64_t column(const char *line, int idx)
{
    while (idx-- > 0) {
        line = strchr(line, ',');
        if (!line)
            return -1;
        line++;
    }
    return strtoll(line, NULL, 10);
}

/* Looks up a model's row in tflm_head_sizes.csv: head_greedy and head_linear. */
static int reference_heads(const char *model, int64_t *greedy, int64_t *linear)
{
    char *text = read_text(src_path("corpus/reference/tflm_head_sizes.csv"), NULL), *line;
    size_t n = strlen(model);
    int found = 0;
    assert_non_null(text);
    for (line = text; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
        if (strncmp(line, model, n) == 0 && line[n] == ',' && strncmp(line + n + 1, "ok,", 3) == 0) {
            *greedy = column(line, 6);
            *linear = column(line, 7);
            found = 1;
            break;
        }
    }
    free(text);
    return found;
}

/* The problems TFLM's planner received for every corpus model, with TFLM's own greedy plans:
 * our greedy must give every offset and the head size; linear the linear head. */
static void test_greedy_matches_tflm_on_every_reference_plan(void **state)
{
    DIR *d = opendir(src_path("corpus/reference/plans"));
    struct dirent *e;
    int checked = 0;
    (void)state;
    assert_non_null(d);
    while ((e = readdir(d)) != NULL) {
        char path[1024], model[256];
        size_t len = strlen(e->d_name), i;
        char *text;
        ap_problem *p = NULL;
        ap_csv_options opt;
        ap_error err = {0};
        ap_plan plan;
        int64_t *ref, head_greedy = -1, head_linear = -1;
        if (len < 5 || strcmp(e->d_name + len - 4, ".csv") || strstr(e->d_name, "ethos-u"))
            continue;  /* the Ethos-U plan has fixed offsets: see test_check.c */
        snprintf(path, sizeof path, "%s/%s", src_path("corpus/reference/plans"), e->d_name);
        snprintf(model, sizeof model, "%.*s", (int)(len - 4), e->d_name);
        text = read_text(path, &len);
        ap_csv_options_init(&opt);
        opt.offset_is_plan = 1;
        opt.align = 16;
        if (ap_csv_parse(text, len, path, &opt, &p, NULL, &err) != AP_OK)
            fail_msg("%s", err.msg);
        ref = malloc(p->n * sizeof *ref);
        assert_int_equal(ap_csv_parse_plan(text, len, path, p, ref, NULL), AP_OK);
        ap_plan_init(&plan);
        plan_checked(p, "greedy", &plan);
        for (i = 0; i < p->n; i++)
            if (plan.offset[i] != ref[i])
                fail_msg("%s: buffer %s at %lld, TFLM put it at %lld", model, p->buf[i].id,
                         (long long)plan.offset[i], (long long)ref[i]);
        assert_true(reference_heads(model, &head_greedy, &head_linear));
        assert_int_equal(plan.arena, head_greedy);
        plan_checked(p, "linear", &plan);
        assert_int_equal(plan.arena, head_linear);
        /* and the portfolio never does worse than TFLM */
        assert_true(plan_checked(p, "best", &plan) <= head_greedy);
        ap_plan_free(&plan);
        free(ref);
        free(text);
        ap_problem_free(p);
        checked++;
    }
    closedir(d);
    assert_int_equal(checked, 161);
}

static void test_unknown_strategy(void **state)
{
    ap_problem *p = problem_from_csv("id,lower,upper,size\na,0,1,1\n");
    ap_plan_options opt;
    ap_plan plan;
    ap_error err = {0};
    (void)state;
    ap_plan_options_init(&opt);
    opt.strategy = "magic";
    ap_plan_init(&plan);
    assert_int_equal(ap_plan_problem(p, &opt, &plan, &err), AP_ERR_USAGE);
    assert_contains(err.msg, "unknown strategy 'magic' (known: linear, greedy, bestfit-size,");
    ap_plan_free(&plan);
    ap_problem_free(p);
}

static void test_empty_problem(void **state)
{
    ap_problem *p = problem_from_csv("id,lower,upper,size\n");
    size_t k;
    (void)state;
    for (k = 0; k < NSTRAT; k++) {
        ap_plan plan;
        ap_plan_init(&plan);
        assert_int_equal(plan_checked(p, all_strategies[k], &plan), 0);
        ap_plan_free(&plan);
    }
    ap_problem_free(p);
}

/* A raised stop flag (Ctrl-C) makes `best` return at once: no heuristic gets to finish, so the
 * plan is linear's (which needs no placement work), and the plan says why (issue 32.6). */
static void test_best_honours_stop(void **state)
{
    ap_problem *p = random_problem(321, 300, 0);
    volatile sig_atomic_t stop = 1;
    ap_plan_options opt;
    ap_plan plan;
    (void)state;
    ap_plan_options_init(&opt);
    opt.stop = &stop;
    ap_plan_init(&plan);
    assert_int_equal(ap_plan_problem(p, &opt, &plan, NULL), AP_OK);
    assert_string_equal(plan.strategy, "best:linear");
    assert_int_equal(plan.stopped, AP_STOPPED_SIGNAL);
    assert_int_equal(plan.fallback, 1);
    assert_valid_plan(p, &plan);
    ap_plan_free(&plan);
    ap_problem_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_strategy_valid_on_random_problems),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_greedy_ties_last_added_first),
        cmocka_unit_test(test_greedy_first_gap_in_offset_order),
        cmocka_unit_test(test_alignment_respected),
        cmocka_unit_test(test_pingpong_packs_chains),
        cmocka_unit_test(test_greedy_matches_tflm_on_every_reference_plan),
        cmocka_unit_test(test_unknown_strategy),
        cmocka_unit_test(test_empty_problem),
        cmocka_unit_test(test_best_honours_stop),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
