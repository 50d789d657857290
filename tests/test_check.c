/* test_check.c - the independent checker: every fault kind, exact messages, allowances. */
#include <string.h>

#include "arenaplan/csv.h"
#include "core/util.h"
#include "testutil.h"

/* The published walk-through of issue 2: five tensors with inclusive lifetimes. */
static const char *worked_csv =
    "id,lower,end,size\n"
    "t1,0,1,100\n"
    "t2,1,3,200\n"
    "t3,2,4,150\n"
    "t4,3,5,300\n"
    "t5,4,6,250\n";

static void test_worked_example_rejected(void **state)
{
    ap_problem *p = problem_from_csv(worked_csv);
    int64_t off[5] = {0, 100, 0, 300, 100};
    ap_check_result res;
    (void)state;
    assert_int_equal(ap_check(p, off, &res), AP_ERR_INVALID);
    assert_int_equal(res.fault, AP_FAULT_OVERLAP);
    assert_int_equal(res.a, 1); /* the 200-byte tensor */
    assert_int_equal(res.b, 2); /* the 150-byte tensor */
    assert_string_equal(res.message,
                        "buffers 't2' (200 bytes, lifetime [1, 4), bytes [100, 300)) and 't3' (150 bytes, "
                        "lifetime [2, 5), bytes [0, 150)) are both live at steps 2-3 and share bytes [100, 150)");
    ap_problem_free(p);
}

static void test_worked_example_bound_and_best(void **state)
{
    ap_problem *p = problem_from_csv(worked_csv);
    ap_bounds bd;
    ap_plan plan;
    (void)state;
    assert_int_equal(ap_bounds_compute(p, &bd, NULL), AP_OK);
    assert_int_equal(bd.lower, 700);
    assert_int_equal(bd.live, 700);
    assert_int_equal(bd.peak_step, 4);
    ap_plan_init(&plan);
    assert_int_equal(plan_checked(p, "best", &plan), 700);
    ap_plan_free(&plan);
    ap_problem_free(p);
}

static void test_valid_plan_arena(void **state)
{
    ap_problem *p = problem_from_csv(worked_csv);
    int64_t off[5] = {0, 300, 550, 0, 300};
    ap_check_result res;
    (void)state;
    assert_int_equal(ap_check(p, off, &res), AP_OK);
    assert_int_equal(res.fault, AP_FAULT_NONE);
    assert_int_equal(res.arena, 700);
    ap_problem_free(p);
}

static void test_faults_in_index_order(void **state)
{
    ap_problem *p = problem_from_csv("id,lower,upper,size,alignment,offset\n"
                                     "a,0,2,10,4,\n"
                                     "b,0,2,10,8,\n"
                                     "c,5,6,10,,16\n");
    int64_t off[3] = {0, 12, 16};
    ap_check_result res;
    (void)state;
    /* b at 12 is not a multiple of 8 */
    assert_int_equal(ap_check(p, off, &res), AP_ERR_INVALID);
    assert_int_equal(res.fault, AP_FAULT_ALIGN);
    assert_int_equal(res.a, 1);
    assert_string_equal(res.message, "buffer 'b' at offset 12 is not aligned to 8 bytes");
    /* unplaced comes first when it is the lower index */
    off[0] = AP_UNPLACED;
    assert_int_equal(ap_check(p, off, &res), AP_ERR_INVALID);
    assert_int_equal(res.fault, AP_FAULT_UNPLACED);
    assert_string_equal(res.message, "buffer 'a' has no offset");
    /* moving a fixed buffer */
    off[0] = 0;
    off[1] = 16;
    off[2] = 32;
    assert_int_equal(ap_check(p, off, &res), AP_ERR_INVALID);
    assert_int_equal(res.fault, AP_FAULT_FIXED);
    assert_string_equal(res.message, "buffer 'c' must stay at its fixed offset 16 but is at 32");
    off[2] = 16;
    assert_int_equal(ap_check(p, off, &res), AP_OK);
    assert_int_equal(res.arena, 26);
    ap_problem_free(p);
}

static void test_half_open_lifetimes_touching(void **state)
{
    /* [0,2) and [2,4) never meet: sharing bytes is fine; [0,3) meets [2,4) at step 2 only */
    ap_problem *p = problem_from_csv("id,lower,upper,size\na,0,2,8\nb,2,4,8\nc,0,3,8\n");
    int64_t ok[3] = {0, 0, 8}, bad[3] = {0, 8, 8};
    ap_check_result res;
    (void)state;
    assert_int_equal(ap_check(p, ok, &res), AP_OK);
    assert_int_equal(ap_check(p, bad, &res), AP_ERR_INVALID);
    assert_string_equal(res.message, "buffers 'c' (8 bytes, lifetime [0, 3), bytes [8, 16)) and 'b' (8 bytes, "
                                     "lifetime [2, 4), bytes [8, 16)) are both live at step 2 and share bytes [8, 16)");
    ap_problem_free(p);
}

static void test_zero_size_never_clashes(void **state)
{
    ap_problem *p = problem_from_csv("id,lower,upper,size\na,0,4,0\nb,0,4,8\n");
    int64_t off[2] = {4, 0};
    ap_check_result res;
    (void)state;
    assert_int_equal(ap_check(p, off, &res), AP_OK);
    assert_int_equal(res.arena, 8);
    ap_problem_free(p);
}

static void test_finds_clash_behind_allowed_overlap(void **state)
{
    /* a is long; b may alias a (allowed overlap); c overlaps a but not b and has no allowance:
       the checker must look past b to find a. */
    ap_problem *p = problem_from_csv("id,lower,upper,size,alias_of\n"
                                     "a,0,10,1000,\n"
                                     "b,0,10,10,a\n"
                                     "c,5,6,10,\n");
    int64_t off[3] = {0, 0, 30};
    ap_check_result res;
    (void)state;
    assert_int_equal(p->n_ovl, 1);
    assert_int_equal(ap_check(p, off, &res), AP_ERR_INVALID);
    assert_int_equal(res.fault, AP_FAULT_OVERLAP);
    assert_int_equal(res.a, 0);
    assert_int_equal(res.b, 2);
    off[2] = 1000;
    assert_int_equal(ap_check(p, off, &res), AP_OK);
    ap_problem_free(p);
}

static void test_alias_allowance_rules(void **state)
{
    ap_problem *p = problem_from_csv("id,lower,upper,size,alias_of\n"
                                     "in,0,2,100,\n"
                                     "out,1,3,100,in\n"
                                     "other,1,2,50,\n");
    int64_t same[3] = {0, 0, 100}, below[3] = {100, 40, 200}, above[3] = {0, 10, 200}, clash[3] = {0, 0, 80};
    ap_check_result res;
    (void)state;
    assert_int_equal(ap_check(p, same, &res), AP_OK);   /* at one offset */
    assert_int_equal(ap_check(p, below, &res), AP_OK);  /* output below its input: allowed */
    assert_int_equal(ap_check(p, above, &res), AP_ERR_INVALID);
    assert_int_equal(res.fault, AP_FAULT_ALLOWANCE);
    assert_contains(res.message, "beyond what their overlap allowance permits");
    /* a third buffer overlapping the aliased pair while live is rejected */
    assert_int_equal(ap_check(p, clash, &res), AP_ERR_INVALID);
    assert_int_equal(res.fault, AP_FAULT_OVERLAP);
    assert_int_equal(res.b, 2);
    ap_problem_free(p);
}

static void test_partial_overlap_allowance(void **state)
{
    /* over may start at most 16 bytes above base (max_delta = 16) */
    ap_problem *p = problem_from_csv("id,lower,upper,size\nbase,0,2,64\nover,1,3,64\n");
    ap_error err = {0};
    int64_t ok[2] = {0, 16}, bad[2] = {0, 17}, apart[2] = {0, 64};
    ap_check_result res;
    (void)state;
    assert_int_equal(ap_problem_add_overlap(p, 0, 1, 16, 0, "test", &err), AP_OK);
    assert_int_equal(ap_problem_validate(p, &err), AP_OK);
    assert_int_equal(ap_check(p, ok, &res), AP_OK);
    assert_int_equal(ap_check(p, bad, &res), AP_ERR_INVALID);
    assert_int_equal(res.fault, AP_FAULT_ALLOWANCE);
    assert_int_equal(ap_check(p, apart, &res), AP_OK);
    ap_problem_free(p);
}

static void test_fixed_buffers_sharing_bytes_are_preplanned(void **state)
{
    /* Vela's offline plan puts several buffers at offset 0 on purpose: pre-planned buffers
       may, by the checker's rule, with no allowance stored */
    static const char csv[] = "id,lower,upper,size,offset\n"
                              "0,1,2,16,0\n1,-1,2,74464,0\n2,-1,2,74464,0\n3,0,2,9216,0\n4,1,2,48,\n5,1,2,48,\n";
    ap_problem *p = NULL;
    ap_csv_options co;
    ap_error err = {0};
    ap_plan plan;
    ap_check_result res;
    int64_t want[6] = {0, 0, 0, 0, 74512, 74464};
    size_t i;
    (void)state;
    ap_csv_options_init(&co);
    assert_int_equal(ap_csv_parse(csv, strlen(csv), "vela.csv", &co, &p, NULL, &err), AP_ERR_INPUT);
    assert_string_equal(err.msg, "vela.csv: fixed offsets clash: buffers '1' (74464 bytes, lifetime "
                                 "[-1, 2), bytes [0, 74464)) and '2' (74464 bytes, lifetime [-1, 2), "
                                 "bytes [0, 74464)) are both live at steps -1-1 and share bytes [0, "
                                 "74464) (only a model's offline plan may place fixed buffers on "
                                 "shared bytes; --allow-fixed-overlap accepts a buffer list that does)");
    co.allow_fixed_overlap = 1;
    assert_int_equal(ap_csv_parse(csv, strlen(csv), "vela.csv", &co, &p, NULL, &err), AP_OK);
    assert_int_equal(p->n_ovl, 0);
    for (i = 0; i < 4; i++)
        assert_int_equal(p->buf[i].preplanned, 1);
    ap_plan_init(&plan);
    assert_int_equal(plan_checked(p, "greedy", &plan), 74560);
    for (i = 0; i < 6; i++)
        assert_int_equal(plan.offset[i], want[i]);
    /* the strict checker refuses what the rule accepts */
    assert_int_equal(ap_check_strict(p, plan.offset, &res), AP_ERR_INVALID);
    assert_int_equal(res.fault, AP_FAULT_OVERLAP);
    assert_int_equal(res.a, 1);
    assert_int_equal(res.b, 2);
    /* a scratch buffer on the shared bytes is still a conflict */
    plan.offset[4] = 0;
    assert_int_equal(ap_check(p, plan.offset, &res), AP_ERR_INVALID);
    assert_int_equal(res.b, 4);
    /* the bound counts the shared bytes once: the union at step 1 is 74464 + 96 */
    ap_bounds bd;
    assert_int_equal(ap_bounds_compute(p, &bd, &err), AP_OK);
    assert_int_equal(bd.lower, 74560);
    assert_int_equal(bd.live, 158256);
    ap_plan_free(&plan);
    ap_problem_free(p);
}

/* Buffer i of a random plan: up to 5 steps within 10, 0-32 bytes, an offset in 0-56 (off[i]);
 * fixed there and pre-planned one time in two when with_fixed. */
static void add_random_buffer(ap_problem *p, size_t i, uint64_t *seed, int with_fixed,
                              int64_t *off)
{
    ap_buffer_spec s;
    char id[32];
    uint64_t r = ap__rand(seed);
    ap_buffer_spec_init(&s);
    snprintf(id, sizeof id, "b%zu", i);
    s.id = id;
    s.lower = (int64_t)((r >> 20) % 10);
    s.upper = s.lower + 1 + (int64_t)((r >> 30) % 5);
    s.size = (int64_t)((r >> 40) % 5) * 8;
    off[i] = (int64_t)((r >> 50) % 8) * 8;
    if (with_fixed && (r >> 60) % 2) {
        s.fixed = off[i];
        s.preplanned = 1;
    }
    assert_int_equal(ap_problem_add(p, &s, NULL), AP_OK);
}

static void test_random_plans_agree_with_pairwise_check(void **state)
{
    /* The sweep must agree with the obvious O(n^2) definition on random plans. */
    uint64_t seed = 12345;
    int round;
    (void)state;
    for (round = 0; round < 300; round++) {
        ap_problem *p = ap_problem_new();
        int64_t off[24];
        size_t n = 2 + (size_t)ap__rand_below(&seed, 20), i, j;
        int expect_ok = 1;
        ap_check_result res;
        for (i = 0; i < n; i++)
            add_random_buffer(p, i, &seed, 0, off);
        assert_int_equal(ap_problem_validate(p, NULL), AP_OK);
        for (i = 0; i < n; i++)
            for (j = i + 1; j < n; j++)
                if (ap_buffers_meet(p, i, j) && p->buf[i].size && p->buf[j].size &&
                    off[i] < off[j] + p->buf[j].size &&
                    off[j] < off[i] + p->buf[i].size)
                    expect_ok = 0;
        assert_int_equal(ap_check(p, off, &res) == AP_OK, expect_ok);
        ap_problem_free(p);
    }
}

/* The same with pre-planned fixed buffers among them: the rule (both pre-planned, both at their
 * fixed offsets) against the pairwise definition, the strict checker without it, the listing
 * of shared pairs, and the bound, which no valid plan may undercut. */
static void test_random_preplanned_agree_with_pairwise_check(void **state)
{
    uint64_t seed = 777;
    (void)state;
    for (int round = 0; round < 400; round++) {
        ap_problem *p = ap_problem_new();
        int64_t off[24], arena = 0;
        size_t n = 2 + (size_t)ap__rand_below(&seed, 20), i, j, shared = 0, listed;
        int expect_ok = 1, expect_strict = 1;
        uint32_t pairs[4][2];
        ap_check_result res;
        ap_bounds bd;
        for (i = 0; i < n; i++) {
            add_random_buffer(p, i, &seed, 1, off);
            arena = ap__max64(arena, off[i] + p->buf[i].size);
        }
        assert_int_equal(ap_problem_validate(p, NULL), AP_OK);
        for (i = 0; i < n; i++)
            for (j = i + 1; j < n; j++)
                if (ap_buffers_meet(p, i, j) && p->buf[i].size && p->buf[j].size &&
                    off[i] < off[j] + p->buf[j].size && off[j] < off[i] + p->buf[i].size) {
                    int both = p->buf[i].preplanned && p->buf[j].preplanned;
                    shared += both;
                    expect_ok &= both;
                    expect_strict = 0;
                }
        assert_int_equal(ap_check(p, off, &res) == AP_OK, expect_ok);
        assert_int_equal(ap_check_strict(p, off, &res) == AP_OK, expect_strict);
        assert_int_equal(ap_preplanned_sharing(p, pairs, 4, 1000, &listed), AP_OK);
        assert_int_equal(listed, shared);
        assert_int_equal(ap_bounds_compute(p, &bd, NULL), AP_OK);
        if (expect_ok)
            assert_true(bd.lower <= arena);
        ap_plan plan;
        ap_plan_init(&plan);
        assert_true(plan_checked(p, "greedy", &plan) >= bd.lower);
        ap_plan_free(&plan);
        ap_problem_free(p);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_worked_example_rejected),
        cmocka_unit_test(test_worked_example_bound_and_best),
        cmocka_unit_test(test_valid_plan_arena),
        cmocka_unit_test(test_faults_in_index_order),
        cmocka_unit_test(test_half_open_lifetimes_touching),
        cmocka_unit_test(test_zero_size_never_clashes),
        cmocka_unit_test(test_finds_clash_behind_allowed_overlap),
        cmocka_unit_test(test_alias_allowance_rules),
        cmocka_unit_test(test_partial_overlap_allowance),
        cmocka_unit_test(test_fixed_buffers_sharing_bytes_are_preplanned),
        cmocka_unit_test(test_random_plans_agree_with_pairwise_check),
        cmocka_unit_test(test_random_preplanned_agree_with_pairwise_check),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
