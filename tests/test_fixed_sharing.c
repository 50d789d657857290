/* test_fixed_sharing.c - fixed offsets that share bytes, decided once: a model's offline plan
 * may (Vela's does, on purpose), by the checker's rule for pre-planned buffers, with no stored
 * pairs; a buffer list may not (an error naming the pair) unless --allow-fixed-overlap says it
 * may (a warning naming it); and whatever `plan` prints as proven, `check` accepts, from the
 * input and the plan or from the plan file alone. */
#include <string.h>

#include "arenaplan/bounds.h"
#include "arenaplan/csv.h"
#include "testutil.h"

#define VELA "corpus/models/tflm/person_detect_vela.tflite"

static const char waived[] = " (only a model's offline plan may place fixed buffers on shared "
                             "bytes; --allow-fixed-overlap accepts a buffer list that does)";

/* 4,000 rows bK,0,1,16,0: every pair clashes (8 million of them). */
static char *rows_4000(void)
{
    size_t cap = 64 + 4000 * 32, len;
    char *t = malloc(cap);
    assert_non_null(t);
    len = (size_t)snprintf(t, cap, "id,lower,upper,size,offset\n");
    for (int k = 0; k < 4000; k++)
        len += (size_t)snprintf(t + len, cap - len, "b%d,0,1,16,0\n", k);
    return t;
}

static int n_warnings;
static char last_warning[1024];

static void count_warning(void *ctx, const char *msg)
{
    (void)ctx;
    n_warnings++;
    snprintf(last_warning, sizeof last_warning, "%s", msg);
}

/* The library: an error naming the first pair; with allow_fixed_overlap one warning naming it,
 * no allowance stored, the bound counting the shared bytes once. */
static void four_thousand_rows_library(void **state)
{
    char *text = rows_4000();
    ap_problem *p = NULL;
    ap_csv_options co;
    ap_error err = {0};
    ap_bounds bd;
    uint32_t pairs[4][2];
    size_t count;
    static const char first[] = "fixed offsets clash: buffers 'b0' (16 bytes, lifetime [0, 1), "
                                "bytes [0, 16)) and 'b1' (16 bytes, lifetime [0, 1), bytes [0, "
                                "16)) are both live at step 0 and share bytes [0, 16)";
    char want[1024];
    (void)state;
    ap_csv_options_init(&co);
    assert_int_equal(ap_csv_parse(text, strlen(text), "rows.csv", &co, &p, NULL, &err),
                     AP_ERR_INPUT);
    snprintf(want, sizeof want, "rows.csv: %s%s", first, waived);
    assert_string_equal(err.msg, want);
    assert_null(p);

    co.allow_fixed_overlap = 1;
    co.warn = count_warning;
    n_warnings = 0;
    assert_int_equal(ap_csv_parse(text, strlen(text), "rows.csv", &co, &p, NULL, &err), AP_OK);
    assert_int_equal(n_warnings, 1);
    snprintf(want, sizeof want, "rows.csv: %s; accepted as pre-planned sharing "
             "(--allow-fixed-overlap)", first);
    assert_string_equal(last_warning, want);
    assert_int_equal(p->n, 4000);
    assert_int_equal(p->n_ovl, 0); /* a rule, not 8 million stored pairs */
    assert_int_equal(ap_bounds_compute(p, &bd, &err), AP_OK);
    assert_int_equal(bd.lower, 16);
    assert_int_equal(bd.live, 64000);
    /* listing the pairs costs what is listed: the first 1000, then it stops */
    assert_int_equal(ap_preplanned_sharing(p, pairs, 4, 1000, &count), AP_OK);
    assert_int_equal(count, 1000);
    assert_int_equal(pairs[0][0], 0);
    assert_int_equal(pairs[0][1], 1);
    assert_int_equal(pairs[1][0], 0);
    assert_int_equal(pairs[1][1], 2);
    ap_plan plan;
    ap_plan_init(&plan);
    assert_int_equal(plan_checked(p, "best", &plan), 16);
    ap_check_result res;
    assert_int_equal(ap_check_strict(p, plan.offset, &res), AP_ERR_INVALID);
    assert_string_equal(res.message, first + strlen("fixed offsets clash: "));
    ap_plan_free(&plan);
    ap_problem_free(p);
    free(text);
}

/* `check` agrees with `plan` on a buffer list: plan, check INPUT PLAN and check PLAN refuse it
 * alike without the flag, and accept it alike with it. */
static void plan_and_check_agree_on(const char *name, const char *csv, const char *strategy,
                                    const char *first_pair, int64_t arena)
{
    char in[4096], out[4200], want[2048], valid[256];
    run_result r;
    snprintf(in, sizeof in, "%s", tmp_path(name));
    snprintf(out, sizeof out, "%s.plan.csv", in);
    write_text(in, csv);
    snprintf(want, sizeof want, ": fixed offsets clash: %s%s\n", first_pair, waived);

    r = run_cli("plan", in, "--strategy", strategy, "--format", "csv", "-o", out, NULL);
    assert_int_equal(r.status, 2);
    assert_contains(r.err, want);
    assert_false(file_exists(out));
    run_free(&r);
    r = run_cli("check", in, in, NULL);
    assert_int_equal(r.status, 2);
    assert_contains(r.err, want);
    run_free(&r);

    r = run_cli("plan", in, "--strategy", strategy, "--format", "csv", "-o", out,
                "--allow-fixed-overlap", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.err, "; accepted as pre-planned sharing (--allow-fixed-overlap)\n");
    run_free(&r);
    r = run_cli("check", in, out, "--allow-fixed-overlap", NULL);
    assert_int_equal(r.status, 0);
    snprintf(valid, sizeof valid, "head %lld bytes", (long long)arena);
    assert_contains(r.out, valid);
    run_free(&r);
    /* the plan file alone: its fixed column says which offsets are fixed */
    r = run_cli("check", out, "--allow-fixed-overlap", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, valid);
    run_free(&r);
    r = run_cli("check", out, NULL);
    assert_int_equal(r.status, 2);
    assert_contains(r.err, want);
    run_free(&r);
}

static void four_thousand_rows_cli(void **state)
{
    char *text = rows_4000();
    (void)state;
    plan_and_check_agree_on("rows4000.csv", text, "best",
                            "buffers 'b0' (16 bytes, lifetime [0, 1), bytes [0, 16)) and 'b1' (16 "
                            "bytes, lifetime [0, 1), bytes [0, 16)) are both live at step 0 and "
                            "share bytes [0, 16)", 16);
    free(text);
}

static void small_lists(void **state)
{
    (void)state;
    /* two fixed, partly on the same bytes, and one the planner places around them */
    plan_and_check_agree_on("two.csv", "id,lower,upper,size,offset\na,0,2,64,0\nb,1,3,64,32\nc,0,3,16,\n",
                            "greedy",
                            "buffers 'a' (64 bytes, lifetime [0, 2), bytes [0, 64)) and 'b' (64 "
                            "bytes, lifetime [1, 3), bytes [32, 96)) are both live at step 1 and "
                            "share bytes [32, 64)", 112);
    plan_and_check_agree_on("exact.csv", "id,lower,upper,size,offset\na,0,2,64,0\nb,1,3,64,32\n",
                            "exact",
                            "buffers 'a' (64 bytes, lifetime [0, 2), bytes [0, 64)) and 'b' (64 "
                            "bytes, lifetime [1, 3), bytes [32, 96)) are both live at step 1 and "
                            "share bytes [32, 64)", 96);

    /* no clash: the same bytes at other steps, or an allowance that holds there */
    ap_problem *p = problem_from_csv("id,lower,upper,size,offset\na,0,1,16,0\nb,1,2,16,0\n");
    assert_int_equal(p->buf[0].preplanned, 0);
    ap_problem_free(p);
    p = problem_from_csv("id,lower,upper,size,offset,alias_of\na,0,2,64,0,\nb,1,3,64,0,a\n");
    assert_int_equal(p->n_ovl, 1);
    ap_problem_free(p);
}

/* A model's offline plan shares on its own, by the rule: plan, check MODEL PLAN and check MODEL
 * agree; the plan file alone is a buffer list and needs the flag. */
static void offline_plan_shares(void **state)
{
    char out[4096];
    run_result r;
    (void)state;
    snprintf(out, sizeof out, "%s", tmp_path("vela.plan.csv"));
    r = run_cli("plan", src_path(VELA), "--format", "csv", "-o", out, NULL);
    assert_int_equal(r.status, 0);
    assert_null(strstr(r.err, "clash"));
    run_free(&r);
    char *text = read_text(out, NULL);
    /* the arena's line: why it is unknown (the library's message, test_outputs_agree.py) */
    const char *unknown = "# arena no kTensorArenaSize for TFLM on cortex-m: TFLM has no kernel for "
                          "ethos-u: this model cannot load on TFLM (subgraph 0 operator 0)";
    assert_int_equal(strncmp(text, unknown, strlen(unknown)), 0);
    assert_non_null(strchr(text, '\n'));
    assert_string_equal(strchr(text, '\n') + 1, "# head 74544 bytes\n"
                              "id,lower,upper,size,alignment,name,type,offset,fixed\n"
                              "0,1,2,16,16,MobilenetV1/Predictions/Reshape_1,\"int8[1,2]\",0,1\n"
                              "3,-1,2,74464,16,_split_1_scratch,uint8[74464],0,1\n"
                              "4,-1,2,74464,16,_split_1_scratch_fast,uint8[74464],0,1\n"
                              "5,0,2,9216,16,input,\"int8[1,96,96,1]\",0,1\n"
                              "scratch0,1,2,48,16,op 0 ethos-u: base addresses,uint8[48] (reference "
                              "kernel),74464,0\n"
                              "scratch1,1,2,32,16,op 0 ethos-u: base address sizes,uint8[24] (reference "
                              "kernel),74512,0\n");
    free(text);
    r = run_cli("check", src_path(VELA), out, NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "valid: 6 buffers, head 74544 bytes, lower bound 74544 bytes "
                               "(efficiency 100.0%)\n");
    run_free(&r);
    r = run_cli("check", out, "--allow-fixed-overlap", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "valid: 6 buffers, head 74544 bytes");
    run_free(&r);
    r = run_cli("check", out, NULL);
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "fixed offsets clash: buffers '3' (74464 bytes");
    run_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(four_thousand_rows_library),
        cmocka_unit_test(four_thousand_rows_cli),
        cmocka_unit_test(small_lists),
        cmocka_unit_test(offline_plan_shares),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
