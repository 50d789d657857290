/* test_csv.c - the CSV reader and writer: column names, quoting, every error with its line. */
#include <string.h>

#include "arenaplan/csv.h"
#include "testutil.h"

static ap_status parse(const char *text, ap_problem **p, ap_error *err)
{
    ap_csv_options opt;
    ap_csv_options_init(&opt);
    return ap_csv_parse(text, strlen(text), "in.csv", &opt, p, NULL, err);
}

static void expect_error(const char *text, const char *message)
{
    ap_problem *p = NULL;
    ap_error err = {0};
    assert_int_equal(parse(text, &p, &err), AP_ERR_INPUT);
    assert_null(p);
    assert_string_equal(err.msg, message);
}

static void test_minimalloc_format(void **state)
{
    ap_problem *p = NULL;
    ap_csv_info info;
    ap_csv_options opt;
    (void)state;
    ap_csv_options_init(&opt);
    assert_int_equal(ap_csv_parse("id,lower,upper,size\n0,0,3,16\n1,-2,1,8\n", 38, "x", &opt, &p, &info, NULL), AP_OK);
    assert_int_equal(p->n, 2);
    assert_string_equal(p->buf[1].id, "1");
    assert_int_equal(p->buf[1].lower, -2);
    assert_int_equal(p->buf[1].upper, 1);
    assert_int_equal(p->buf[1].size, 8);
    assert_int_equal(p->buf[0].fixed, AP_UNFIXED);
    assert_int_equal(p->default_align, 1);
    assert_int_equal(info.has_offset, 0);
    assert_int_equal(info.inclusive_end, 0);
    ap_problem_free(p);
}

static void test_column_synonyms_and_order(void **state)
{
    ap_problem *p = NULL;
    (void)state;
    assert_int_equal(parse("Size,END,Buffer_ID,begin,alignment,offset,name\n"
                           "64,4,conv out,1,32,,\"x, y\"\n"
                           "8,0,b,0,,8,\n",
                           &p, NULL),
                     AP_OK);
    assert_string_equal(p->buf[0].id, "conv out");
    assert_int_equal(p->buf[0].lower, 1);
    assert_int_equal(p->buf[0].upper, 5); /* end is inclusive */
    assert_int_equal(p->buf[0].align, 32);
    assert_int_equal(p->buf[0].fixed, AP_UNFIXED);
    assert_string_equal(p->buf[0].name, "x, y");
    assert_int_equal(p->buf[1].fixed, 8);
    assert_null(p->buf[1].name);
    ap_problem_free(p);
    assert_int_equal(parse("buffer,start,upper,size\na,0,1,1\n", &p, NULL), AP_OK);
    ap_problem_free(p);
}

static void test_comments_blank_lines_crlf_bom_quotes(void **state)
{
    ap_problem *p = NULL;
    (void)state;
    assert_int_equal(parse("\xEF\xBB\xBF# a comment\r\nid,lower,upper,size\r\n\r\n  \r\n"
                           "\"say \"\"hi\"\"\",0,1,4\r\n# another\n b ,1,2,4",
                           &p, NULL),
                     AP_OK);
    assert_int_equal(p->n, 2);
    assert_string_equal(p->buf[0].id, "say \"hi\"");
    assert_string_equal(p->buf[1].id, "b");
    ap_problem_free(p);
}

static void warn_collect(void *ctx, const char *msg)
{
    strcat((char *)ctx, msg);
    strcat((char *)ctx, "|");
}

static void test_unknown_columns_warn(void **state)
{
    char warnings[512] = "";
    ap_problem *p = NULL;
    ap_csv_options opt;
    const char *text = "id,lower,upper,size,colour,weight\na,0,1,4,red,3\n";
    (void)state;
    ap_csv_options_init(&opt);
    opt.warn = warn_collect;
    opt.warn_ctx = warnings;
    assert_int_equal(ap_csv_parse(text, strlen(text), "in.csv", &opt, &p, NULL, NULL), AP_OK);
    assert_string_equal(warnings, "in.csv:1: column 'colour' is not used and was ignored|"
                                  "in.csv:1: column 'weight' is not used and was ignored|");
    ap_problem_free(p);
}

static void test_errors_name_line_and_column(void **state)
{
    (void)state;
    expect_error("", "in.csv: empty file (expected a header row such as id,lower,upper,size)");
    expect_error("id,lower,size\n", "in.csv:1: no 'upper' (exclusive) or 'end' (inclusive) column");
    expect_error("lower,upper,size\n", "in.csv:1: no 'id' column (or 'buffer', 'buffer_id')");
    expect_error("id,upper,size\n", "in.csv:1: no 'lower' column (or 'start', 'begin')");
    expect_error("id,lower,upper\n", "in.csv:1: no 'size' column");
    expect_error("id,lower,upper,end,size\n", "in.csv:1: give either 'upper' (exclusive) or 'end' (inclusive), not both");
    expect_error("id,lower,start,upper,size\n", "in.csv:1: columns 'lower' and 'start' both give the lower");
    expect_error("id,lower,upper,size\na,0,1,4\nb,0,1\n", "in.csv:3: expected 4 fields as in the header, found 3");
    expect_error("id,lower,upper,size\na,0,1,4x\n", "in.csv:2: column 'size': '4x' is not an integer");
    expect_error("id,lower,upper,size\na,0,1,\n", "in.csv:2: column 'size' is empty");
    expect_error("id,lower,upper,size\na,0,1,-4\n", "in.csv:2: column 'size': -4 is negative");
    expect_error("id,lower,upper,size\na,3,3,4\n",
                 "in.csv:2: column 'upper': 3 must be greater than lower 3 (upper is exclusive)");
    expect_error("id,lower,end,size\na,3,2,4\n", "in.csv:2: column 'end': 2 is before lower 3");
    expect_error("id,lower,upper,size\na,0,1,99999999999999999999\n",
                 "in.csv:2: column 'size': 99999999999999999999 is too large");
    expect_error("id,lower,upper,size\na,0,1,9007199254740993\n",
                 "in.csv:2: column 'size': 9007199254740993 is out of range (at most 2^52)");
    expect_error("id,lower,upper,size,alignment\na,0,1,4,3\n",
                 "in.csv:2: column 'alignment': 3 is not a power of two up to 2^30");
    expect_error("id,lower,upper,size,alignment,offset\na,0,1,4,8,12\n",
                 "in.csv:2: column 'offset': 12 is not a multiple of the alignment 8");
    expect_error("id,lower,upper,size\n\na,0,1,4\n\na,2,3,4\n", "in.csv:5: id 'a' is already used on line 3");
    expect_error("id,lower,upper,size\n,0,1,4\n", "in.csv:2: column 'id' is empty");
    expect_error("id,lower,upper,size\n\"a,0,1,4\n", "in.csv:2: a quoted field is not closed");
    expect_error("id,lower,upper,size,alias_of\na,0,1,4,zz\n", "in.csv:2: column 'alias_of': no buffer has the id 'zz'");
    expect_error("id,lower,upper,size,alias_of\na,0,1,4,a\n", "in.csv:2: column 'alias_of': buffer 'a' cannot alias itself");
    expect_error("id,lower,upper,size\na,0,1,2251799813685248\nb,0,1,2251799813685248\n",
                 "in.csv: the buffers' sizes add up to more than 2^52 bytes (at buffer 'b')");
}

static void test_binary_input_rejected(void **state)
{
    ap_problem *p = NULL;
    ap_error err = {0};
    ap_csv_options opt;
    (void)state;
    ap_csv_options_init(&opt);
    assert_int_equal(ap_csv_parse("id\0xx", 5, "bin", &opt, &p, NULL, &err), AP_ERR_INPUT);
    assert_string_equal(err.msg, "bin: binary data (a NUL byte at offset 2) in a CSV file");
}

static void test_alias_column(void **state)
{
    ap_problem *p = NULL;
    (void)state;
    assert_int_equal(parse("id,lower,upper,size,alias_of\nin,0,2,64,\nout,1,3,64,in\n", &p, NULL), AP_OK);
    assert_int_equal(p->n_ovl, 1);
    assert_int_equal(p->ovl[0].base, 0);
    assert_int_equal(p->ovl[0].over, 1);
    assert_int_equal(p->ovl[0].max_delta, 0);
    assert_int_equal(p->ovl[0].flags, AP_OVERLAP_ALIAS);
    ap_problem_free(p);
}

static void test_plan_reading(void **state)
{
    ap_problem *p = problem_from_csv("id,lower,upper,size\na,0,2,10\nb,1,3,20\n");
    int64_t off[2];
    ap_error err = {0};
    const char *good = "offset,id\n30,b\n0,a\n";
    const char *missing = "id,offset\na,0\n";
    const char *unknown = "id,offset\na,0\nb,10\nc,5\n";
    const char *twice = "id,offset\na,0\nb,10\na,5\n";
    const char *disagree = "id,lower,upper,size,offset\na,0,2,10,0\nb,1,3,99,10\n";
    const char *nooffset = "id,size\na,10\n";
    (void)state;
    assert_int_equal(ap_csv_parse_plan(good, strlen(good), "p.csv", p, off, &err), AP_OK);
    assert_int_equal(off[0], 0);
    assert_int_equal(off[1], 30);
    assert_int_equal(ap_csv_parse_plan(missing, strlen(missing), "p.csv", p, off, &err), AP_ERR_INPUT);
    assert_string_equal(err.msg, "p.csv: no row for buffer 'b'");
    assert_int_equal(ap_csv_parse_plan(unknown, strlen(unknown), "p.csv", p, off, &err), AP_ERR_INPUT);
    assert_string_equal(err.msg, "p.csv:4: the input has no buffer with id 'c'");
    assert_int_equal(ap_csv_parse_plan(twice, strlen(twice), "p.csv", p, off, &err), AP_ERR_INPUT);
    assert_string_equal(err.msg, "p.csv:4: buffer 'a' is already placed on line 2");
    assert_int_equal(ap_csv_parse_plan(disagree, strlen(disagree), "p.csv", p, off, &err), AP_ERR_INPUT);
    assert_string_equal(err.msg, "p.csv:3: column 'size': buffer 'b' has size 20 in the input, not 99");
    assert_int_equal(ap_csv_parse_plan(nooffset, strlen(nooffset), "p.csv", p, off, &err), AP_ERR_INPUT);
    assert_string_equal(err.msg, "p.csv:1: a plan needs an 'offset' column");
    ap_problem_free(p);
}

static void test_write_round_trip(void **state)
{
    ap_problem *p = problem_from_csv("id,lower,upper,size,alignment,name,alias_of,offset\n"
                                     "\"a,1\",0,2,10,4,\"first, one\",,\n"
                                     "b,1,3,20,,,\"a,1\",\n"
                                     "\"#c\",2,4,8,8,,,16\n");
    ap_plan plan;
    char *text;
    size_t len;
    FILE *f = fopen(tmp_path("rt.csv"), "w");
    ap_problem *q = NULL;
    int64_t off[3];
    (void)state;
    ap_plan_init(&plan);
    plan_checked(p, "greedy", &plan);
    assert_int_equal(ap_csv_write(f, p, &plan, NULL), AP_OK);
    fclose(f);
    text = read_text(tmp_path("rt.csv"), &len);
    assert_string_equal(text, "id,lower,upper,size,alignment,name,alias_of,offset,fixed\n"
                              "\"a,1\",0,2,10,4,\"first, one\",,0,0\n"
                              "b,1,3,20,1,,\"a,1\",24,0\n"
                              "\"#c\",2,4,8,8,,,16,1\n");
    /* it reads back as a problem (where the fixed column says so, offsets are fixed) and as
       a plan for the original */
    assert_int_equal(parse(text, &q, NULL), AP_OK);
    assert_int_equal(q->n, 3);
    assert_string_equal(q->buf[2].id, "#c");
    assert_int_equal(q->buf[1].fixed, AP_UNFIXED);
    assert_int_equal(q->buf[2].fixed, 16);
    assert_int_equal(ap_csv_parse_plan(text, len, "rt.csv", p, off, NULL), AP_OK);
    assert_int_equal(off[2], plan.offset[2]);
    free(text);
    ap_problem_free(q);
    ap_plan_free(&plan);
    ap_problem_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_minimalloc_format),
        cmocka_unit_test(test_column_synonyms_and_order),
        cmocka_unit_test(test_comments_blank_lines_crlf_bom_quotes),
        cmocka_unit_test(test_unknown_columns_warn),
        cmocka_unit_test(test_errors_name_line_and_column),
        cmocka_unit_test(test_binary_input_rejected),
        cmocka_unit_test(test_alias_column),
        cmocka_unit_test(test_plan_reading),
        cmocka_unit_test(test_write_round_trip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
