/* test_shared.c - several models in one arena: sequential, concurrent, the check, the CLI;
 * and the host's greedy against the runtime's on-device greedy (one result, two codes). */
#include "core/util.h"
#include "arenaplan/shared.h"
#include "arenaplan_rt.h"
#include "testutil.h"

static void plan_both(ap_problem **ps, size_t k, ap_shared_mode mode, ap_plan *plans, ap_shared_result *r)
{
    ap_plan_options opt;
    ap_error err = {0};
    ap_check_result res;
    size_t i;
    ap_plan_options_init(&opt);
    opt.strategy = "greedy";
    for (i = 0; i < k; i++)
        ap_plan_init(&plans[i]);
    if (ap_plan_shared(ps, k, mode, &opt, plans, r, &err) != AP_OK)
        fail_msg("%s", err.msg);
    if (ap_check_shared(ps, k, mode, plans, &res) != AP_OK)
        fail_msg("%s", res.message);
    for (i = 0; i < k; i++)
        assert_valid_plan(ps[i], &plans[i]);
}

static void test_sequential_is_largest_head(void **state)
{
    ap_problem *ps[2];
    ap_plan plans[2];
    ap_shared_result r;
    (void)state;
    ps[0] = problem_from_csv("id,lower,upper,size\na,0,2,100\nb,1,3,200\n");
    ps[1] = problem_from_csv("id,lower,upper,size\nx,0,9,120\n");
    plan_both(ps, 2, AP_SHARED_SEQUENTIAL, plans, &r);
    assert_int_equal(r.arena, 300);
    assert_int_equal(r.sequential, 300);
    assert_int_equal(r.separate, 420);
    assert_int_equal(r.concurrent, 420);
    assert_int_equal(plans[1].offset[0], 0); /* its own plan, from the arena's start */
    ap_plan_free(&plans[0]);
    ap_plan_free(&plans[1]);
    ap_problem_free(ps[0]);
    ap_problem_free(ps[1]);
}

static void test_concurrent_fills_holes(void **state)
{
    /* model 0 leaves bytes [10, 100) unused for its whole run: a fixed buffer sits at 100 */
    ap_problem *ps[2];
    ap_plan plans[2];
    ap_shared_result r;
    (void)state;
    ps[0] = problem_from_csv("id,lower,upper,size,offset\na,0,2,10,\nf,0,2,10,100\n");
    ps[1] = problem_from_csv("id,lower,upper,size\nb,0,5,80\n");
    plan_both(ps, 2, AP_SHARED_CONCURRENT, plans, &r);
    assert_int_equal(r.separate, 190);
    assert_int_equal(r.concurrent, 110);
    assert_int_equal(r.arena, 110);
    assert_int_equal(plans[1].offset[0], 10);
    ap_plan_free(&plans[0]);
    ap_plan_free(&plans[1]);
    ap_problem_free(ps[0]);
    ap_problem_free(ps[1]);
}

static void test_concurrent_stacks_and_check_catches_sharing(void **state)
{
    ap_problem *ps[2];
    ap_plan plans[2];
    ap_shared_result r;
    ap_check_result res;
    (void)state;
    ps[0] = problem_from_csv("id,lower,upper,size\na,0,2,100\nb,2,4,100\n");
    ps[1] = problem_from_csv("id,lower,upper,size\nx,0,2,60\ny,2,4,60\n");
    plan_both(ps, 2, AP_SHARED_CONCURRENT, plans, &r);
    assert_int_equal(r.concurrent, 160);
    /* the larger model first, the smaller stacked above it */
    assert_int_equal(plans[0].offset[0], 0);
    assert_int_equal(plans[1].offset[0], 100);
    /* sequential sharing of the same bytes is wrong when they run at once */
    plans[1].offset[0] = 40;
    assert_int_equal(ap_check_shared(ps, 2, AP_SHARED_CONCURRENT, plans, &res), AP_ERR_INVALID);
    assert_string_equal(res.message, "models 0 and 1 run at the same time but share bytes [40, 100): "
                                     "buffer 'a' of model 0 and buffer 'x' of model 1");
    assert_int_equal(ap_check_shared(ps, 2, AP_SHARED_SEQUENTIAL, plans, &res), AP_OK);
    ap_plan_free(&plans[0]);
    ap_plan_free(&plans[1]);
    ap_problem_free(ps[0]);
    ap_problem_free(ps[1]);
}

static void test_cli_shared(void **state)
{
    char a[4096], b[4096];
    run_result r;
    (void)state;
    snprintf(a, sizeof a, "%s", tmp_path("sh_a.csv"));
    snprintf(b, sizeof b, "%s", tmp_path("sh_b.csv"));
    write_text(a, "id,lower,upper,size\na,0,2,100\nb,1,3,200\n");
    write_text(b, "id,lower,upper,size\nx,0,9,120\n");
    r = run_cli("plan", a, b, "--shared", "sequential", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "shared       sequential: a head of 300 bytes for 2 models\n"
                           "separate     420 bytes of heads, each model's own (the shared head saves 120, 28.6%)\n"
                           "sequential   300 bytes (the largest head)\n"
                           "concurrent   420 bytes (the heads side by side: no byte shared between models)\n");
    run_free(&r);
    r = run_cli("plan", a, b, "--shared", "concurrent", "--format", "json", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "{\"schema\":\"arenaplan/2\",\"shared\":\"concurrent\",\"arena_bytes\":null,\"arena_unknown\":\"a buffer list has no TFLM arena\",\"head_bytes\":420,\"separate_bytes\":420,\"saving_bytes\":0,"
                           "\"sequential_bytes\":300,\"concurrent_bytes\":420,\"models\":[{\"schema\":\"arenaplan/2\",\"arena_bytes\":null,\"arena_unknown\":\"a buffer list has no TFLM arena\",\"head_bytes\":300,");
    run_free(&r);
    r = run_cli("plan", a, b, NULL);
    assert_int_equal(r.status, 2);
    assert_string_equal(r.err, "arenaplan: plan: several inputs need --shared sequential or --shared concurrent\n");
    run_free(&r);
    r = run_cli("plan", a, b, "--shared", "parallel", NULL);
    assert_int_equal(r.status, 2);
    assert_string_equal(r.err, "arenaplan: plan: --shared parallel: sequential or concurrent\n");
    run_free(&r);
    r = run_cli("plan", a, b, "--shared", "sequential", "--budget", "299", NULL);
    assert_int_equal(r.status, 1);
    run_free(&r);
}


/* The host's fast greedy and the runtime's small one must give the same offsets. */
static void test_host_greedy_equals_runtime_greedy(void **state)
{
    uint64_t seed = 7;
    int round;
    (void)state;
    for (round = 0; round < 200; round++) {
        size_t n = 1 + (size_t)(ap__rand(&seed) % 80), i;
        ap_problem *p = ap_problem_new();
        ap_rt_request *req = calloc(n, sizeof *req);
        int32_t *off = calloc(n, sizeof *off);
        void *scratch = malloc(ap_rt_greedy_scratch_bytes((uint32_t)n) + 4);
        uint32_t head = 0;
        ap_plan plan;
        int64_t fixed_top = 4096;
        for (i = 0; i < n; i++) {
            ap_buffer_spec s;
            char id[32];
            ap_buffer_spec_init(&s);
            snprintf(id, sizeof id, "%zu", i);
            s.id = id;
            s.lower = (int64_t)(ap__rand(&seed) % 30);
            s.upper = s.lower + 1 + (int64_t)(ap__rand(&seed) % 6);
            s.size = 16 * (int64_t)(ap__rand(&seed) % 20);
            if (ap__rand(&seed) % 12 == 0) {
                s.fixed = fixed_top;
                fixed_top += s.size + 16 * (int64_t)(ap__rand(&seed) % 3);
            }
            assert_int_equal(ap_problem_add(p, &s, NULL), AP_OK);
            req[i].size = (uint32_t)s.size;
            req[i].first = (int32_t)s.lower;
            req[i].last = (int32_t)s.upper - 1;
            req[i].fixed = s.fixed == AP_UNFIXED ? AP_RT_UNFIXED : (int32_t)s.fixed;
        }
        assert_int_equal(ap_problem_validate(p, NULL), AP_OK);
        ap_plan_init(&plan);
        plan_checked(p, "greedy", &plan);
        assert_int_equal(ap_rt_greedy_plan(req, (uint32_t)n, off, scratch, ap_rt_greedy_scratch_bytes((uint32_t)n), &head),
                         AP_RT_OK);
        for (i = 0; i < n; i++)
            if (off[i] != plan.offset[i])
                fail_msg("round %d buffer %zu: host %lld, runtime %d", round, i, (long long)plan.offset[i], off[i]);
        assert_int_equal(head, plan.arena);
        ap_plan_free(&plan);
        ap_problem_free(p);
        free(req);
        free(off);
        free(scratch);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sequential_is_largest_head),
        cmocka_unit_test(test_concurrent_fills_holes),
        cmocka_unit_test(test_concurrent_stacks_and_check_catches_sharing),
        cmocka_unit_test(test_cli_shared),
        cmocka_unit_test(test_host_greedy_equals_runtime_greedy),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
