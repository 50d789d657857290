/* test_report_overlap.c - reports mark what overlap rules allow: table rows, JSON fields, the
 * per-operator savings in the table and the HTML report (issues 8 and 9). */
#include "testutil.h"

static const char *model(void)
{
    return src_path("corpus/models/tflm/person_detect.tflite");
}

static void test_table_marks_and_savings(void **state)
{
    run_result r = run_cli("plan", model(), "--overlap", "reference", NULL);
    (void)state;
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "head         36880 bytes\n");
    assert_contains(r.out, "             55296 bytes without overlap allowances\n");
    assert_contains(r.out, "  36864  [3, 5)         0   36864  overlaps 51 (offset delta <= -18439)\n");
    assert_contains(r.out, "bytes saved by overlap\n");
    assert_contains(r.out, "     3  op 2 CONV_2D                  55296       36880       18416          18416\n");
    run_free(&r);
    /* without rules: no marks, no savings table */
    r = run_cli("plan", model(), NULL);
    assert_int_equal(r.status, 0);
    assert_null(strstr(r.out, "overlaps "));
    assert_null(strstr(r.out, "bytes saved by overlap"));
    run_free(&r);
}

static void test_json_fields(void **state)
{
    run_result r = run_cli("plan", model(), "--overlap", "reference", "--format", "json", NULL);
    (void)state;
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "\"consumers\":\"op 3 DEPTHWISE_CONV_2D\",\"reuses\":true,\"overlap_of\":\"51\",\"max_delta\":-18439}");
    run_free(&r);
}

static void test_aliases_in_table_and_json(void **state)
{
    char in[4096];
    run_result r;
    (void)state;
    snprintf(in, sizeof in, "%s", tmp_path("alias.csv"));
    write_text(in, "id,lower,upper,size,alias_of\nin,0,2,64,\nout,1,3,64,in\n");
    r = run_cli("plan", in, "--strategy", "greedy", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "out    64  [1, 3)         0      64  alias of in\n");
    assert_contains(r.out, "     1  -                128          64          64             64\n");
    run_free(&r);
    r = run_cli("plan", in, "--format", "json", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "\"id\":\"out\",\"lower\":1,\"upper\":3,\"size\":64,\"offset\":0,");
    assert_contains(r.out, "\"alias_of\":\"in\"}");
    run_free(&r);
}

static void test_html_section(void **state)
{
    char out[4096];
    char *html;
    run_result r;
    (void)state;
    snprintf(out, sizeof out, "%s", tmp_path("ovl.html"));
    r = run_cli("report", model(), "--overlap", "reference", "--strategy", "best", "-o", out, NULL);
    assert_int_equal(r.status, 0);
    run_free(&r);
    html = read_text(out, NULL);
    assert_non_null(html);
    assert_contains(html, "<section id=\"overlap\"><h2>Bytes saved by overlap</h2>");
    assert_contains(html, "<tr><td>3</td><td>op 2 CONV_2D</td><td>55296</td><td>36880</td><td>18416</td><td>18416</td></tr>");
    free(html);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table_marks_and_savings),
        cmocka_unit_test(test_json_fields),
        cmocka_unit_test(test_aliases_in_table_and_json),
        cmocka_unit_test(test_html_section),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
