/*
 * test_overlap_cli.c - allowances in and out of the tool: the --inplace and --overlap options,
 * compare with and without the rules, the per-operator savings (library and --show-overlap),
 * and the CSV columns overlap_of, max_delta and overlap_exact (read, written, round trip).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/csv.h"
#include "arenaplan/savings.h"
#include "testutil.h"

#define PD "corpus/models/tflm/person_detect.tflite"

static void options_and_notes(void **state)
{
    (void)state;
    run_result r = run_cli("plan", src_path(PD), "--overlap", "reference", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "head         36880 bytes\n");
    assert_contains(r.out, "lower bound  36880 bytes (efficiency 100.0%)");
    assert_contains(r.out, "55296 bytes without overlap allowances");
    assert_contains(r.out, "note         TFLM lifetimes; kernel scratch: reference; overlap rules: "
                           "reference kernels (30 allowances; the plan holds only with TFLM's "
                           "reference kernels, not optimized ones such as CMSIS-NN or Xtensa)");
    run_free(&r);
    /* the note travels into JSON and CSV too */
    r = run_cli("plan", src_path(PD), "--overlap", "reference", "--inplace", "elementwise", "-f",
                "json", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "\"note\":\"TFLM lifetimes; kernel scratch: reference; in-place: "
                           "elementwise (2 aliases); overlap rules: reference kernels (29 "
                           "allowances;");
    assert_contains(r.out, "\"alias_of\":\"28\"");
    run_free(&r);
    r = run_cli("plan", src_path(PD), "--overlap", "reference", "-f", "csv", NULL);
    assert_int_equal(r.status, 0);
    assert_true(strncmp(r.out, "# arena 63880 bytes (kTensorArenaSize for TFLM on cortex-m; head 36880 + "
                               "tail 26996 + 4 bytes of alignment padding", 101) == 0);
    assert_contains(r.out, "\n# head 36880 bytes\n# TFLM lifetimes; kernel scratch: reference; overlap rules:");
    assert_contains(r.out, "\nid,lower,upper,size,alignment,name,type,overlap_of,max_delta,offset\n");
    /* the pointwise convolution's output, 18439 bytes below its input at most */
    assert_contains(r.out, "\n54,3,5,36864,16,MobilenetV1/MobilenetV1/Conv2d_1_pointwise/Relu6,\"int8[1,48,48,16]\",51,-18439,");
    run_free(&r);
    /* without the options nothing changes */
    r = run_cli("plan", src_path(PD), NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "head         55296 bytes\n");
    assert_null(strstr(r.out, "overlap rules"));
    run_free(&r);
    r = run_cli("plan", src_path(PD), "--overlap", "none", "--inplace", "none", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "head         55296 bytes\n");
    run_free(&r);
}

static void bad_options(void **state)
{
    (void)state;
    run_result r = run_cli("plan", src_path(PD), "--overlap", "cmsis-nn", NULL);
    assert_int_equal(r.status, 2);
    assert_string_equal(r.err, "arenaplan: --overlap cmsis-nn: unknown rule set (none, reference or slices)\n");
    run_free(&r);
    r = run_cli("compare", src_path(PD), "--inplace", "all", NULL);
    assert_int_equal(r.status, 2);
    assert_string_equal(r.err, "arenaplan: --inplace all: unknown rule set (none, reshape or "
                               "elementwise)\n");
    run_free(&r);
    r = run_cli("plan", src_path(PD), "--overlap", NULL);
    assert_int_equal(r.status, 2);
    assert_string_equal(r.err, "arenaplan: --overlap needs a value\n");
    run_free(&r);
    /* a buffer list: the rules do not apply; say so, plan anyway */
    const char *csv = tmp_path("list.csv");
    write_text(csv, "id,lower,upper,size\na,0,2,64\nb,1,3,64\n");
    r = run_cli("plan", csv, "--overlap", "reference", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.err, "--inplace and --overlap apply to models only");
    assert_contains(r.out, "head         128 bytes\n");
    run_free(&r);
    r = run_cli("plan", "--help", NULL);
    assert_contains(r.out, "--overlap RULES");
    assert_contains(r.out, "--inplace RULES");
    assert_contains(r.out, "--show-overlap");
    run_free(&r);
}

static void compare_with_and_without(void **state)
{
    (void)state;
    run_result r = run_cli("compare", src_path(PD), "--inplace", "elementwise", "--overlap",
                           "reference", "-f", "csv", NULL);
    assert_int_equal(r.status, 0);
    char expect[512];
    snprintf(expect, sizeof expect,
             "input,rules,buffers,lower_bound,linear,greedy,bestfit-size,bestfit-breadth,"
             "pingpong,search,best,exact\n"
             "%s,inplace=elementwise overlap=reference,32,36880,241072,",
             src_path(PD));
    assert_true(strncmp(r.out, expect, strlen(expect)) == 0);
    assert_contains(r.out, ",36880,36880\n"); /* best and exact with the rules */
    snprintf(expect, sizeof expect, "\n%s,none,32,55296,241072,55296,55296,55296,55296,55296,55296,55296\n",
             src_path(PD));
    assert_contains(r.out, expect);
    run_free(&r);
    r = run_cli("compare", src_path(PD), "--overlap", "reference", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "rules");
    assert_contains(r.out, "overlap=reference");
    assert_contains(r.out, "36880 (+0.0%)*");
    assert_contains(r.out, "none ");
    run_free(&r);
    r = run_cli("compare", src_path(PD), "--overlap", "reference", "-f", "json", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "\"rules\":\"overlap=reference\",\"buffers\":32,\"lower_bound\":36880");
    assert_contains(r.out, "\"rules\":\"none\",\"buffers\":32,\"lower_bound\":55296");
    run_free(&r);
    /* without rules the output keeps its old shape */
    r = run_cli("compare", src_path(PD), "-f", "csv", NULL);
    assert_true(strncmp(r.out, "input,buffers,lower_bound,", 26) == 0);
    run_free(&r);
}

static void savings_per_operator(void **state)
{
    (void)state;
    /* a 64-byte input, b 96 bytes may start 32 below it (both live at step 1); c aliases b at
       step 2; x (16 bytes) lives throughout */
    ap_problem *p = problem_from_csv("id,lower,upper,size\na,0,2,64\nb,1,3,96\nc,2,4,96\nx,0,4,16\n");
    ap_error err = {0};
    assert_int_equal(ap_problem_add_overlap(p, 0, 1, -32, 0, "CONV_2D op 1", &err), AP_OK);
    assert_int_equal(ap_problem_add_overlap(p, 1, 2, 0, AP_OVERLAP_ALIAS, "RELU op 2", &err), AP_OK);
    assert_int_equal(ap_problem_add_label(p, 1, "op 1 CONV_2D", &err), AP_OK);
    assert_int_equal(ap_problem_add_label(p, 2, "op 2 RELU", &err), AP_OK);
    assert_int_equal(ap_problem_validate(p, &err), AP_OK);
    ap_plan plan;
    ap_plan_init(&plan);
    assert_int_equal(ap_plan_reset(&plan, p->n, &err), AP_OK);
    plan.offset[0] = 32, plan.offset[1] = 0, plan.offset[2] = 0, plan.offset[3] = 96;
    assert_int_equal(assert_valid_plan(p, &plan), 112);
    ap_plan_arena(p, &plan);
    ap_step_saving *s;
    size_t n;
    assert_int_equal(ap_overlap_savings(p, &plan, &s, &n, &err), AP_OK);
    assert_int_equal(n, 2);
    assert_int_equal(s[0].step, 1);
    assert_int_equal(s[0].end, 2);
    assert_string_equal(s[0].label, "op 1 CONV_2D");
    assert_int_equal(s[0].count, 3);
    assert_int_equal(s[0].live, 64 + 96 + 16);
    assert_int_equal(s[0].used, 112);       /* [0, 96) and [96, 112) */
    assert_int_equal(s[0].saved, 64);
    assert_int_equal(s[0].can_save, 64);    /* min(64, 96 - 32) */
    assert_int_equal(s[1].step, 2);
    assert_int_equal(s[1].live, 96 + 96 + 16);
    assert_int_equal(s[1].saved, 96);
    assert_int_equal(s[1].can_save, 96);
    free(s);
    /* without a plan: what could be saved */
    assert_int_equal(ap_overlap_savings(p, NULL, &s, &n, &err), AP_OK);
    assert_int_equal(n, 2);
    assert_int_equal(s[0].used, -1);
    assert_int_equal(s[0].saved, -1);
    assert_int_equal(s[0].can_save, 64);
    free(s);
    /* the table */
    const char *path = tmp_path("savings.txt");
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    assert_int_equal(ap_write_overlap_savings(f, p, &plan, &err), AP_OK);
    fclose(f);
    char *text = read_text(path, NULL);
    assert_string_equal(text,
                        "bytes saved by overlap\n"
                        "  step  operator            live     in plan       saved  most possible\n"
                        "     1  op 1 CONV_2D         176         112          64             64\n"
                        "     2  op 2 RELU            208         112          96             96\n");
    free(text);
    ap_plan_free(&plan);
    ap_problem_free(p);
    /* no allowance: nothing */
    p = problem_from_csv("id,lower,upper,size\na,0,2,64\n");
    assert_int_equal(ap_overlap_savings(p, NULL, &s, &n, &err), AP_OK);
    assert_int_equal(n, 0);
    assert_null(s);
    ap_problem_free(p);
}

static void show_overlap_on_person_detect(void **state)
{
    (void)state;
    run_result r = run_cli("plan", src_path(PD), "--overlap", "reference", "--show-overlap", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "\nbytes saved by overlap\n");
    assert_contains(r.out, "\n     3  op 2 CONV_2D                  55296       36880       18416          18416\n");
    run_free(&r);
    /* no allowances: no section */
    r = run_cli("plan", src_path(PD), "--show-overlap", NULL);
    assert_int_equal(r.status, 0);
    assert_null(strstr(r.out, "bytes saved by overlap"));
    run_free(&r);
}

static void csv_columns(void **state)
{
    (void)state;
    ap_problem *p = problem_from_csv(
        "id,lower,upper,size,alias_of,overlap_of,max_delta,overlap_exact\n"
        "a,0,2,64,,,,\n"
        "b,1,3,64,a,,,\n"
        "c,2,4,64,,b,-16,\n"
        "d,3,5,64,,c,0,1\n"
        "e,4,6,64,d,,,1\n");
    const ap_overlap *o;
    assert_int_equal(p->n_ovl, 4);
    o = ap_problem_find_overlap(p, 0, 1);
    assert_non_null(o);
    assert_int_equal(o->max_delta, 0);
    assert_int_equal(o->flags, AP_OVERLAP_ALIAS);
    o = ap_problem_find_overlap(p, 1, 2);
    assert_int_equal(o->max_delta, -16);
    assert_int_equal(o->flags, 0);
    assert_string_equal(o->why, "overlap_of");
    o = ap_problem_find_overlap(p, 2, 3);
    assert_int_equal(o->flags, AP_OVERLAP_EXACT);
    o = ap_problem_find_overlap(p, 3, 4);
    assert_int_equal(o->flags, AP_OVERLAP_ALIAS | AP_OVERLAP_EXACT);
    /* written and read back: the same allowances */
    const char *path = tmp_path("ovl.csv");
    FILE *f = fopen(path, "w");
    ap_error err = {0};
    assert_int_equal(ap_csv_write(f, p, NULL, &err), AP_OK);
    fclose(f);
    char *text = read_text(path, NULL);
    assert_string_equal(text, "id,lower,upper,size,alias_of,overlap_of,max_delta,overlap_exact\n"
                              "a,0,2,64,,,,\n"
                              "b,1,3,64,a,,,0\n"
                              "c,2,4,64,,b,-16,0\n"
                              "d,3,5,64,,c,0,1\n"
                              "e,4,6,64,d,,,1\n");
    ap_problem *q = problem_from_csv(text);
    assert_int_equal(q->n_ovl, 4);
    for (size_t i = 0; i < 4; i++) {
        assert_int_equal(q->ovl[i].base, p->ovl[i].base);
        assert_int_equal(q->ovl[i].over, p->ovl[i].over);
        assert_int_equal(q->ovl[i].max_delta, p->ovl[i].max_delta);
        assert_int_equal(q->ovl[i].flags, p->ovl[i].flags);
    }
    free(text);
    ap_problem_free(q);
    /* the plan for it uses them: every buffer at one place but where exactness forbids */
    ap_plan plan;
    ap_plan_init(&plan);
    int64_t arena = plan_checked(p, "best", &plan);
    assert_true(arena <= 80);
    ap_plan_free(&plan);
    ap_problem_free(p);

    /* a buffer with more allowances than a row holds is refused before anything is written */
    p = problem_from_csv("id,lower,upper,size\na,0,2,64\nb,0,2,64\nc,1,3,64\n");
    assert_int_equal(ap_problem_add_overlap(p, 0, 2, -8, 0, "x", &err), AP_OK);
    assert_int_equal(ap_problem_add_overlap(p, 1, 2, -8, 0, "y", &err), AP_OK);
    assert_int_equal(ap_problem_validate(p, &err), AP_OK);
    f = fopen(path, "w");
    assert_int_equal(ap_csv_write(f, p, NULL, &err), AP_ERR_INPUT);
    assert_string_equal(err.msg, "buffer 'c' has more overlap allowances than a CSV row holds "
                                 "(one alias_of and one overlap_of, equally exact)");
    assert_int_equal(ftell(f), 0);
    fclose(f);
    ap_problem_free(p);
}

static void csv_errors(void **state)
{
    (void)state;
    struct {
        const char *text, *msg;
    } cases[] = {
        {"id,lower,upper,size,max_delta\na,0,2,64,-8\n",
         "t.csv:2: column 'max_delta' is set but 'overlap_of' is empty"},
        {"id,lower,upper,size,overlap_of,max_delta\na,0,2,64,b,-8\n",
         "t.csv:2: column 'overlap_of': no buffer has the id 'b'"},
        {"id,lower,upper,size,overlap_of\na,0,2,64,a\n",
         "t.csv:2: column 'overlap_of': buffer 'a' cannot overlap itself"},
        {"id,lower,upper,size,overlap_of,max_delta\na,0,2,64,,\nb,0,2,64,a,x\n",
         "t.csv:3: column 'max_delta': 'x' is not an integer"},
        {"id,lower,upper,size,overlap_of,overlap_exact\na,0,2,64,,\nb,0,2,64,a,2\n",
         "t.csv:3: column 'overlap_exact': '2' is not 0 or 1"},
        {"id,lower,upper,size,overlap_exact\na,0,2,64,1\n",
         "t.csv:2: column 'overlap_exact' is 1 but neither 'alias_of' nor 'overlap_of' names a buffer"},
        {"id,lower,upper,size,alias_of,overlap_of\na,0,2,64,,\nb,0,2,64,a,a\n",
         "t.csv: buffer 'b' has two overlap allowances on 'a'"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ap_problem *p = NULL;
        ap_error err = {0};
        ap_csv_options opt;
        ap_csv_options_init(&opt);
        assert_int_equal(ap_csv_parse(cases[i].text, strlen(cases[i].text), "t.csv", &opt, &p,
                                      NULL, &err),
                         AP_ERR_INPUT);
        assert_string_equal(err.msg, cases[i].msg);
        assert_null(p);
    }
}

/* inspect writes the allowances; plan and check read them back and agree. */
static void inspect_csv_round_trip(void **state)
{
    (void)state;
    const char *list = tmp_path("pd.csv"), *plan = tmp_path("pd_plan.csv");
    run_result r = run_cli("inspect", src_path(PD), "--inplace", "elementwise", "--overlap",
                           "reference", "-f", "csv", "-o", list, NULL);
    assert_int_equal(r.status, 0);
    run_free(&r);
    r = run_cli("plan", list, NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "head         36880 bytes\n");
    run_free(&r);
    r = run_cli("plan", src_path(PD), "--inplace", "elementwise", "--overlap", "reference", "-f",
                "csv", "-o", plan, NULL);
    assert_int_equal(r.status, 0);
    run_free(&r);
    r = run_cli("check", list, plan, NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "valid: 32 buffers, head 36880 bytes");
    run_free(&r);
    /* inspect names the rules and the bound they allow */
    r = run_cli("inspect", src_path(PD), "--overlap", "reference", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "\noverlap      30 allowances; with them at least 36880 bytes (lower bound)\n"
                           "note         TFLM lifetimes; kernel scratch: reference; overlap rules:");
    run_free(&r);
    r = run_cli("inspect", src_path(PD), "--overlap", "reference", "-f", "json", NULL);
    assert_contains(r.out, "\"peak_live_bytes\":55296,\"overlap_allowances\":30,"
                           "\"lower_bound_with_overlap\":36880,\"note\":");
    run_free(&r);
    r = run_cli("inspect", src_path(PD), NULL);
    assert_null(strstr(r.out, "allowances"));
    run_free(&r);
    /* the same plan against the model without the rules: the overlaps are refused, the first
       at the first operator, which writes its output over the model's input (the input may
       start 9313 bytes above it, 9328 at the 16-byte alignment: pixel (47, 47) channel 7 is
       written at (47 * 48 + 47) * 8 + 7 and reads from (94, 94), 94 * 96 + 94) */
    r = run_cli("check", src_path(PD), plan, NULL);
    assert_int_equal(r.status, 1);
    assert_contains(r.out, "invalid: buffers '88' (9216 bytes, lifetime [0, 2), bytes [9328, "
                           "18544)) and '34' (18432 bytes, lifetime [1, 3), bytes [0, 18432)) "
                           "are both live at step 1 and share bytes [9328, 18432)");
    run_free(&r);
    /* and with them: valid */
    r = run_cli("check", src_path(PD), plan, "--inplace", "elementwise", "--overlap", "reference",
                NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "valid: 32 buffers, head 36880 bytes, lower bound 36880 bytes");
    run_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(options_and_notes),
        cmocka_unit_test(bad_options),
        cmocka_unit_test(compare_with_and_without),
        cmocka_unit_test(savings_per_operator),
        cmocka_unit_test(show_overlap_on_person_detect),
        cmocka_unit_test(csv_columns),
        cmocka_unit_test(csv_errors),
        cmocka_unit_test(inspect_csv_round_trip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
