/* test_cli.c - the `arenaplan` command line: outputs, exit codes, errors, atomic files. */
#include <sys/stat.h>

#include "testutil.h"

static const char *worked_csv =
    "id,lower,end,size\n"
    "t1,0,1,100\n"
    "t2,1,3,200\n"
    "t3,2,4,150\n"
    "t4,3,5,300\n"
    "t5,4,6,250\n";

static const char *worked(void)
{
    static char path[4096];
    snprintf(path, sizeof path, "%s", tmp_path("worked.csv"));
    write_text(path, worked_csv);
    return path;
}

static void test_version_and_help(void **state)
{
    run_result r = run_cli("--version", NULL);
    (void)state;
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "arenaplan 0.1.0\n");
    run_free(&r);
    r = run_cli("--help", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "usage: arenaplan COMMAND");
    run_free(&r);
    r = run_cli(NULL);
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "usage: arenaplan COMMAND");
    run_free(&r);
    r = run_cli("frobnicate", NULL);
    assert_int_equal(r.status, 2);
    assert_string_equal(r.err, "arenaplan: unknown command 'frobnicate' (try 'arenaplan --help')\n");
    run_free(&r);
    r = run_cli("plan", "--help", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "--budget BYTES");
    run_free(&r);
    r = run_cli("check", "--help", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "usage: arenaplan check INPUT PLAN.csv");
    run_free(&r);
    r = run_cli("compare", "-h", NULL);
    assert_int_equal(r.status, 0);
    run_free(&r);
}

static void test_strategies_lists_each(void **state)
{
    run_result r = run_cli("strategies", NULL);
    (void)state;
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "greedy             TFLM's GreedyMemoryPlanner");
    assert_contains(r.out, "\nbest ");
    assert_contains(r.out, "\npingpong ");
    assert_contains(r.out, "\nsearch ");
    run_free(&r);
}

static void test_plan_table(void **state)
{
    run_result r = run_cli("plan", worked(), "--strategy", "greedy", NULL);
    (void)state;
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "strategy     greedy\n");
    assert_contains(r.out, "head         700 bytes\n");
    assert_contains(r.out, "lower bound  700 bytes (efficiency 100.0%)\n");
    assert_contains(r.out, "t4   300  [3, 6)         0     300\n");
    assert_string_equal(r.err, "");
    run_free(&r);
}

static void test_plan_csv_is_check_input(void **state)
{
    const char *in = worked();
    char plan_path[4096];
    run_result r;
    char *text;
    (void)state;
    snprintf(plan_path, sizeof plan_path, "%s", tmp_path("worked_plan.csv"));
    r = run_cli("plan", in, "--strategy", "greedy", "--format", "csv", "-o", plan_path, NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "");
    run_free(&r);
    text = read_text(plan_path, NULL);
    assert_string_equal(text, "id,lower,upper,size,offset\n"
                              "t1,0,2,100,0\n"
                              "t2,1,4,200,300\n"
                              "t3,2,5,150,550\n"
                              "t4,3,6,300,0\n"
                              "t5,4,7,250,300\n");
    free(text);
    r = run_cli("check", in, plan_path, NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "valid: 5 buffers, head 700 bytes, lower bound 700 bytes (efficiency 100.0%)\n");
    run_free(&r);
    /* the plan file alone: its offsets are the plan */
    r = run_cli("check", plan_path, NULL);
    assert_int_equal(r.status, 0);
    run_free(&r);
}

static void test_check_rejects_the_published_plan(void **state)
{
    const char *in = worked();
    char plan_path[4096];
    run_result r;
    (void)state;
    snprintf(plan_path, sizeof plan_path, "%s", tmp_path("published.csv"));
    write_text(plan_path, "id,offset\nt1,0\nt2,100\nt3,0\nt4,300\nt5,100\n");
    r = run_cli("check", in, plan_path, NULL);
    assert_int_equal(r.status, 1);
    assert_string_equal(r.out, "invalid: buffers 't2' (200 bytes, lifetime [1, 4), bytes [100, 300)) and 't3' "
                               "(150 bytes, lifetime [2, 5), bytes [0, 150)) are both live at steps 2-3 and "
                               "share bytes [100, 150)\n");
    run_free(&r);
}

static void test_plan_json(void **state)
{
    run_result r = run_cli("plan", worked(), "--format", "json", NULL);
    (void)state;
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "{\"schema\":\"arenaplan/2\",\"arena_bytes\":null,\"arena_unknown\":\"a buffer list has no TFLM arena\",\"head_bytes\":700,\"tail_bytes\":null,\"lower_bound\":700,\"efficiency\":1.0000,\"strategy\":\"best:");
    assert_contains(r.out, "{\"id\":\"t1\",\"lower\":0,\"upper\":2,\"size\":100,\"offset\":");
    run_free(&r);
}

static void test_budget(void **state)
{
    run_result r = run_cli("plan", worked(), "--budget", "699", NULL);
    (void)state;
    assert_int_equal(r.status, 1);
    assert_contains(r.err, "arenaplan: the head needs 700 bytes, 1 more than the budget of 699 bytes\n");
    run_free(&r);
    r = run_cli("plan", worked(), "--budget", "1K", "--format", "csv", NULL);
    assert_int_equal(r.status, 0);
    run_free(&r);
    r = run_cli("plan", worked(), "--budget", "lots", NULL);
    assert_int_equal(r.status, 2);
    assert_string_equal(r.err, "arenaplan: --budget lots: not a byte count (examples: 65536, 64K, 1M)\n");
    run_free(&r);
}

static void test_usage_errors(void **state)
{
    run_result r = run_cli("plan", NULL);
    (void)state;
    assert_int_equal(r.status, 2);
    assert_string_equal(r.err, "arenaplan: plan: no input given (see 'arenaplan plan --help')\n");
    run_free(&r);
    r = run_cli("plan", worked(), "--strategy", "magic", NULL);
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "arenaplan: unknown strategy 'magic'; known: linear greedy");
    run_free(&r);
    r = run_cli("plan", worked(), "--format", "xml", NULL);
    assert_int_equal(r.status, 2);
    assert_string_equal(r.err, "arenaplan: plan: unknown format 'xml' (table, csv, json or c)\n");
    run_free(&r);
    r = run_cli("plan", worked(), "--align", "3", NULL);
    assert_int_equal(r.status, 2);
    assert_string_equal(r.err, "arenaplan: --align 3: not a power of two between 1 and 2^30\n");
    run_free(&r);
    r = run_cli("plan", worked(), "--strategy", NULL);
    assert_int_equal(r.status, 2);
    assert_string_equal(r.err, "arenaplan: --strategy needs a value\n");
    run_free(&r);
    r = run_cli("plan", worked(), "--wat", NULL);
    assert_int_equal(r.status, 2);
    assert_string_equal(r.err, "arenaplan: plan: unknown option '--wat' (see 'arenaplan plan --help')\n");
    run_free(&r);
    r = run_cli("plan", "/nonexistent/x.csv", NULL);
    assert_int_equal(r.status, 2);
    assert_string_equal(r.err, "arenaplan: /nonexistent/x.csv: cannot open: No such file or directory\n");
    run_free(&r);
}

static void test_bad_input_no_output_file(void **state)
{
    char out[4096], bad[4096];
    run_result r;
    (void)state;
    snprintf(bad, sizeof bad, "%s", tmp_path("bad.csv"));
    write_text(bad, "id,lower,upper,size\na,0,1,4\nb,0,x,4\n");
    snprintf(out, sizeof out, "%s", tmp_path("never.csv"));
    remove(out);
    r = run_cli("plan", bad, "-o", out, NULL);
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "bad.csv:3: column 'upper': 'x' is not an integer\n");
    assert_false(file_exists(out));
    run_free(&r);
}

static void test_align_option(void **state)
{
    const char *in = tmp_path("align.csv");
    run_result r;
    (void)state;
    write_text(in, "id,lower,upper,size\na,0,2,10\nb,0,2,10\n");
    r = run_cli("plan", in, "--align", "64", "--strategy", "greedy", "--format", "csv", NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "id,lower,upper,size,alignment,offset\na,0,2,10,64,64\nb,0,2,10,64,0\n");
    run_free(&r);
}

static void test_compare(void **state)
{
    const char *in = worked();
    run_result r = run_cli("compare", in, in, NULL);
    (void)state;
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "buffers  lower bound               linear               greedy         bestfit-size");
    assert_contains(r.out, "_worked.csv        5          700       1000 (+42.9%)          700 (+0.0%)*");
    run_free(&r);
    r = run_cli("compare", in, "--format", "csv", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "input,buffers,lower_bound,linear,greedy,bestfit-size,bestfit-breadth,pingpong,search,best,exact\n");
    assert_contains(r.out, ",5,700,1000,700,700,700,");
    run_free(&r);
    r = run_cli("compare", in, "/nonexistent.csv", NULL);
    assert_int_equal(r.status, 2);
    assert_contains(r.out, "worked.csv");
    assert_contains(r.err, "/nonexistent.csv: cannot open");
    run_free(&r);
}

static void test_warning_for_ignored_column(void **state)
{
    const char *in = tmp_path("extra.csv");
    run_result r;
    (void)state;
    write_text(in, "id,lower,upper,size,colour\na,0,1,4,red\n");
    r = run_cli("plan", in, "--format", "csv", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.err, "arenaplan: warning: ");
    assert_contains(r.err, "extra.csv:1: column 'colour' is not used and was ignored\n");
    run_free(&r);
}

/* Steps are just numbers: a lifetime of 2^40 steps must cost no more than one of 2 (a fuzzer
 * found the reports walking every step of the peak looking for labels). */
static void test_huge_step_ranges(void **state)
{
    char in[4096], html[4096];
    run_result r;
    (void)state;
    snprintf(in, sizeof in, "%s", tmp_path("huge.csv"));
    snprintf(html, sizeof html, "%s", tmp_path("huge.html"));
    write_text(in, "id,lower,end,size\na,4,1099511627776,250\nb,-1099511627776,5,100\n");
    r = run_cli("plan", in, "--format", "json", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "\"head_bytes\":350,");
    run_free(&r);
    r = run_cli("plan", in, "--timeline", "--log", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "peak         350 bytes live at steps 4-5\n");
    run_free(&r);
    r = run_cli("report", in, "-o", html, NULL);
    assert_int_equal(r.status, 0);
    assert_true(file_exists(html));
    run_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_version_and_help),
        cmocka_unit_test(test_strategies_lists_each),
        cmocka_unit_test(test_plan_table),
        cmocka_unit_test(test_plan_csv_is_check_input),
        cmocka_unit_test(test_check_rejects_the_published_plan),
        cmocka_unit_test(test_plan_json),
        cmocka_unit_test(test_budget),
        cmocka_unit_test(test_usage_errors),
        cmocka_unit_test(test_bad_input_no_output_file),
        cmocka_unit_test(test_align_option),
        cmocka_unit_test(test_compare),
        cmocka_unit_test(test_warning_for_ignored_column),
        cmocka_unit_test(test_huge_step_ranges),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
