/* test_report.c - the summary figures, the table, the JSON, the planning log and the ASCII
 * timeline, on problems small enough to work out by hand (docs/report.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/csv.h"
#include "arenaplan/export.h"
#include "arenaplan/report.h"
#include "testutil.h"

/* Issue 2's worked example: inclusive lifetimes [0,1],[1,3],[2,4],[3,5],[4,6]. Live bytes per
 * step 100, 300, 350, 650, 700, 550, 250: the lower bound is 700, at step 4. */
static const char example_csv[] = "id,lower,end,size\n0,0,1,100\n1,1,3,200\n2,2,4,150\n3,3,5,300\n4,4,6,250\n";

/* Writes with fn into memory and returns the text (malloc'd). */
typedef ap_status (*writer_fn)(FILE *f, const ap_problem *p, const ap_plan *plan, ap_error *err);
static char *write_to_string(writer_fn fn, const ap_problem *p, const ap_plan *plan)
{
    char *buf = NULL;
    size_t len = 0;
    ap_error err = {0};
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    if (fn(f, p, plan, &err) != AP_OK)
        fail_msg("writer failed: %s", err.msg);
    fclose(f);
    return buf;
}

static char *timeline_to_string(const ap_problem *p, const ap_plan *plan, int width)
{
    char *buf = NULL;
    size_t len = 0;
    ap_error err = {0};
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    if (ap_write_timeline(f, p, plan, width, &err) != AP_OK)
        fail_msg("timeline failed: %s", err.msg);
    fclose(f);
    return buf;
}

#define assert_starts_with(text, prefix) assert_int_equal(strncmp((text), (prefix), strlen(prefix)), 0)

/* A hand-made plan, put through the checker like every plan. */
static void hand_plan(const ap_problem *p, ap_plan *plan, const int64_t *offsets, const char *name)
{
    ap_error err = {0};
    size_t i;
    ap_plan_init(plan);
    assert_int_equal(ap_plan_reset(plan, p->n, &err), AP_OK);
    for (i = 0; i < p->n; i++)
        plan->offset[i] = offsets[i];
    snprintf(plan->strategy, sizeof plan->strategy, "%s", name);
    ap_plan_arena(p, plan);
    assert_valid_plan(p, plan);
}

static void test_summary_worked_example(void **state)
{
    ap_problem *p = problem_from_csv(example_csv);
    ap_plan plan;
    ap_summary s;
    ap_error err = {0};
    (void)state;
    ap_plan_init(&plan);
    assert_int_equal(plan_checked(p, "greedy", &plan), 700);
    /* greedy: 3 (300) at 0, 4 (250) at 300, 1 (200) at 300, 2 (150) at 550, 0 (100) at 0 */
    assert_int_equal(plan.offset[0], 0);
    assert_int_equal(plan.offset[1], 300);
    assert_int_equal(plan.offset[2], 550);
    assert_int_equal(plan.offset[3], 0);
    assert_int_equal(plan.offset[4], 300);
    assert_int_equal(ap_summary_compute(p, &plan, &s, &err), AP_OK);
    assert_int_equal(s.buffers, 5);
    assert_int_equal(s.fixed, 0);
    assert_int_equal(s.sized, 5);
    assert_int_equal(s.arena, 700);
    assert_int_equal(s.lower_bound, 700);
    assert_int_equal(s.lower_bound_no_overlap, 700);
    assert_true(s.efficiency == 1.0);
    assert_int_equal(s.total_bytes, 1000);
    assert_int_equal(s.linear_bytes, 1000);
    assert_int_equal(s.saving_bytes, 300);
    assert_true(s.saving_rate > 0.2999 && s.saving_rate < 0.3001);
    /* 3 lies on 0's bytes (0 died at 2, 3 begins at 3); 4 on 1's (1 died at 4, 4 begins at 4) */
    assert_int_equal(s.reuse_count, 2);
    assert_int_equal(s.reuses[0] + s.reuses[1] + s.reuses[2], 0);
    assert_int_equal(s.reuses[3], 1);
    assert_int_equal(s.reuses[4], 1);
    assert_true(s.reuse_rate > 0.3999 && s.reuse_rate < 0.4001);
    assert_int_equal(s.shared_count, 0);
    assert_int_equal(s.padding_bytes, 0);
    assert_int_equal(s.peak_bytes, 700);
    assert_int_equal(s.n_peaks, 1);
    assert_int_equal(s.peaks[0].first, 4);
    assert_int_equal(s.peaks[0].last, 4);
    assert_int_equal(s.n_peak_buffers, 3);
    assert_int_equal(s.peak_buffers[0], 3);
    assert_int_equal(s.peak_buffers[1], 4);
    assert_int_equal(s.peak_buffers[2], 2);
    ap_summary_free(&s);

    /* the linear plan: nothing reused, the arena is the no-reuse arena */
    assert_int_equal(plan_checked(p, "linear", &plan), 1000);
    assert_int_equal(ap_summary_compute(p, &plan, &s, &err), AP_OK);
    assert_int_equal(s.reuse_count, 0);
    assert_int_equal(s.saving_bytes, 0);
    assert_true(s.efficiency > 0.6999 && s.efficiency < 0.7001);
    ap_summary_free(&s);
    ap_plan_free(&plan);
    ap_problem_free(p);
}

/* linear_bytes is the arena of the `linear` strategy, with fixed buffers and alignments too. */
static void test_linear_bytes_match_linear_strategy(void **state)
{
    static const char *const inputs[] = {
        example_csv,
        "id,lower,upper,size,alignment,offset\na,0,2,10,,\nb,1,3,16,16,\nc,0,4,24,8,64\nd,3,5,5,4,\ne,2,6,7,,\n",
        "id,lower,upper,size,alignment\na,0,1,3,1\nb,0,1,1,32\nc,0,1,0,64\nd,5,9,33,16\n",
    };
    size_t k;
    (void)state;
    for (k = 0; k < sizeof inputs / sizeof inputs[0]; k++) {
        ap_problem *p = problem_from_csv(inputs[k]);
        ap_plan plan;
        ap_summary s;
        ap_error err = {0};
        int64_t linear;
        ap_plan_init(&plan);
        linear = plan_checked(p, "linear", &plan);
        plan_checked(p, "greedy", &plan);
        assert_int_equal(ap_summary_compute(p, &plan, &s, &err), AP_OK);
        assert_int_equal(s.linear_bytes, linear);
        assert_int_equal(s.saving_bytes, linear - plan.arena);
        ap_summary_free(&s);
        ap_plan_free(&plan);
        ap_problem_free(p);
    }
}

/* "Earlier" means the other buffer's lifetime ended at or before this one began. */
static void test_reuse_definition(void **state)
{
    /* a [0,2) and b [2,4) touch in time: b reuses a's bytes. c [0,4) elsewhere. z is empty and
     * never counts. d [4,6) lies on a's bytes and b's: reuses too. */
    ap_problem *p = problem_from_csv("id,lower,upper,size\na,0,2,64\nb,2,4,64\nc,0,4,32\nz,1,5,0\nd,4,6,32\n");
    static const int64_t off[] = {0, 0, 64, 0, 32};
    ap_plan plan;
    ap_summary s;
    ap_error err = {0};
    (void)state;
    hand_plan(p, &plan, off, "hand");
    assert_int_equal(ap_summary_compute(p, &plan, &s, &err), AP_OK);
    assert_int_equal(s.sized, 4);
    assert_int_equal(s.reuses[0], 0);
    assert_int_equal(s.reuses[1], 1);
    assert_int_equal(s.reuses[2], 0);
    assert_int_equal(s.reuses[3], 0);
    assert_int_equal(s.reuses[4], 1);
    assert_int_equal(s.reuse_count, 2);
    assert_true(s.reuse_rate == 0.5);
    ap_summary_free(&s);
    ap_plan_free(&plan);
    ap_problem_free(p);
}

/* Padding: free bytes directly below a buffer, fewer than its alignment. */
static void test_padding(void **state)
{
    /* a: 10 bytes at 0. b: 16 bytes, align 16, at 16 while a lives: 6 bytes of padding below it.
     * c: 8 bytes, align 8, at 32 right on b's end: none. d: align 16 at 16 after a died, nothing
     * live below it: none. e: align 16 at 64, 24 free bytes below (more than 16): not padding. */
    ap_problem *p = problem_from_csv("id,lower,upper,size,alignment\na,0,2,10,1\nb,0,2,16,16\nc,1,3,8,8\n"
                                     "d,2,4,16,16\ne,0,2,16,16\n");
    static const int64_t off[] = {0, 16, 32, 16, 64};
    ap_plan plan;
    ap_summary s;
    ap_error err = {0};
    (void)state;
    hand_plan(p, &plan, off, "hand");
    assert_int_equal(ap_summary_compute(p, &plan, &s, &err), AP_OK);
    assert_int_equal(s.padding_bytes, 6);
    assert_int_equal(s.arena, 80);
    ap_summary_free(&s);
    /* c moved to 40 (still 8-aligned) leaves 8 bytes below it, not fewer than its alignment: the
     * padding stays 6 */
    plan.offset[2] = 40;
    ap_plan_arena(p, &plan);
    assert_valid_plan(p, &plan);
    assert_int_equal(ap_summary_compute(p, &plan, &s, &err), AP_OK);
    assert_int_equal(s.padding_bytes, 6);
    ap_summary_free(&s);
    ap_plan_free(&plan);
    ap_problem_free(p);
}

static void test_peak_runs(void **state)
{
    /* peaks of 100 bytes at step 0, step 2 and steps 5-7; between them less or nothing */
    ap_problem *p = problem_from_csv("id,lower,upper,size\na,0,1,100\nb,2,3,100\nc,5,8,100\nd,3,4,40\n");
    ap_plan plan;
    ap_summary s;
    ap_error err = {0};
    (void)state;
    ap_plan_init(&plan);
    plan_checked(p, "greedy", &plan);
    assert_int_equal(ap_summary_compute(p, &plan, &s, &err), AP_OK);
    assert_int_equal(s.peak_bytes, 100);
    assert_int_equal(s.n_peaks, 3);
    assert_int_equal(s.peaks[0].first, 0);
    assert_int_equal(s.peaks[0].last, 0);
    assert_int_equal(s.peaks[1].first, 2);
    assert_int_equal(s.peaks[1].last, 2);
    assert_int_equal(s.peaks[2].first, 5);
    assert_int_equal(s.peaks[2].last, 7);
    assert_int_equal(s.n_peak_buffers, 1);
    assert_int_equal(s.peak_buffers[0], 0);
    ap_summary_free(&s);
    ap_plan_free(&plan);
    ap_problem_free(p);

    /* a hand-over at step 2 and an empty buffer that splits the live profile: one run, 0-3 */
    p = problem_from_csv("id,lower,upper,size\na,0,2,100\nb,2,4,60\nc,2,4,40\nz,1,3,0\n");
    ap_plan_init(&plan);
    plan_checked(p, "greedy", &plan);
    assert_int_equal(ap_summary_compute(p, &plan, &s, &err), AP_OK);
    assert_int_equal(s.n_peaks, 1);
    assert_int_equal(s.peaks[0].first, 0);
    assert_int_equal(s.peaks[0].last, 3);
    assert_int_equal(s.n_peak_buffers, 1); /* at step 0: a alone (z is empty and not listed) */
    ap_summary_free(&s);
    ap_plan_free(&plan);
    ap_problem_free(p);

    /* nothing but empty buffers: no peak at all */
    p = problem_from_csv("id,lower,upper,size\na,0,2,0\n");
    ap_plan_init(&plan);
    plan_checked(p, "greedy", &plan);
    assert_int_equal(ap_summary_compute(p, &plan, &s, &err), AP_OK);
    assert_int_equal(s.peak_bytes, 0);
    assert_int_equal(s.n_peaks, 0);
    assert_int_equal(s.n_peak_buffers, 0);
    assert_true(s.efficiency == 1.0);
    ap_summary_free(&s);
    ap_plan_free(&plan);
    ap_problem_free(p);
}

static void test_shared_under_allowance(void **state)
{
    /* b is an alias of a (in place); c may overlap a too but is placed apart */
    ap_problem *p = problem_from_csv("id,lower,upper,size,alias_of\na,0,2,64,\nb,1,3,64,a\nc,1,2,16,a\n");
    static const int64_t off[] = {0, 0, 64};
    ap_plan plan;
    ap_summary s;
    ap_error err = {0};
    char *log;
    (void)state;
    hand_plan(p, &plan, off, "hand");
    assert_int_equal(ap_summary_compute(p, &plan, &s, &err), AP_OK);
    assert_int_equal(s.shared_count, 1);
    assert_int_equal(s.reuse_count, 0);
    assert_int_equal(s.lower_bound_no_overlap, 144);
    ap_summary_free(&s);
    log = write_to_string(ap_write_log, p, &plan);
    assert_string_equal(log, "tensor a allocated at offset 0, size 64\n"
                             "tensor b shares offset 0, size 64 with tensor a\n"
                             "tensor c allocated at offset 64, size 16\n");
    free(log);
    log = write_to_string(ap_write_table, p, &plan);
    assert_contains(log, "shared       1 buffers share bytes with a live buffer, as allowances permit\n");
    free(log);
    ap_plan_free(&plan);
    ap_problem_free(p);
}

static void test_log(void **state)
{
    ap_problem *p = problem_from_csv(example_csv);
    ap_plan plan;
    char *log;
    ap_error err = {0};
    FILE *null = fopen("/dev/null", "w");
    (void)state;
    ap_plan_init(&plan);
    plan_checked(p, "greedy", &plan);
    assert_non_null(plan.order);
    /* placement order: largest first. 1 goes on 4's bytes (placed before it, dead before 1
     * lives? no: 1 dies at 4, 4 begins at 4), 0 on 3's */
    log = write_to_string(ap_write_log, p, &plan);
    assert_string_equal(log, "tensor 3 allocated at offset 0, size 300\n"
                             "tensor 4 allocated at offset 300, size 250\n"
                             "tensor 1 reuses offset 300, size 200\n"
                             "tensor 2 allocated at offset 550, size 150\n"
                             "tensor 0 reuses offset 0, size 100\n");
    free(log);
    /* without a placement order: input order, so the later buffers are the ones reusing */
    free(plan.order);
    plan.order = NULL;
    log = write_to_string(ap_write_log, p, &plan);
    assert_string_equal(log, "tensor 0 allocated at offset 0, size 100\n"
                             "tensor 1 allocated at offset 300, size 200\n"
                             "tensor 2 allocated at offset 550, size 150\n"
                             "tensor 3 reuses offset 0, size 300\n"
                             "tensor 4 reuses offset 300, size 250\n");
    free(log);
    /* an order that is not a permutation is refused */
    plan.order = calloc(p->n, sizeof *plan.order);
    assert_int_equal(ap_write_log(null, p, &plan, &err), AP_ERR_INVALID);
    assert_string_equal(err.msg, "the plan's placement order is not a permutation of its 5 buffers (entry 1)");
    fclose(null);
    ap_plan_free(&plan);
    ap_problem_free(p);
}

static void test_log_fixed_and_scratch(void **state)
{
    ap_problem *p = ap_problem_new();
    ap_buffer_spec sp;
    ap_error err = {0};
    ap_plan plan;
    char *log;
    static const int64_t off[] = {0, 32, 0};
    (void)state;
    ap_buffer_spec_init(&sp);
    sp.id = "0";
    sp.size = 32;
    sp.lower = 0;
    sp.upper = 2;
    sp.kind = AP_KIND_INPUT;
    sp.tensor = 0;
    sp.subgraph = 0;
    sp.fixed = 0;
    assert_int_equal(ap_problem_add(p, &sp, &err), AP_OK);
    ap_buffer_spec_init(&sp);
    sp.id = "scratch0";
    sp.size = 16;
    sp.lower = 1;
    sp.upper = 2;
    sp.kind = AP_KIND_SCRATCH;
    assert_int_equal(ap_problem_add(p, &sp, &err), AP_OK);
    ap_buffer_spec_init(&sp);
    sp.id = "0:7";
    sp.size = 8;
    sp.lower = 2;
    sp.upper = 3;
    sp.kind = AP_KIND_ACTIVATION;
    sp.subgraph = 0;
    sp.tensor = 7;
    assert_int_equal(ap_problem_add(p, &sp, &err), AP_OK);
    ap_buffer_spec_init(&sp);
    sp.id = "e";
    sp.size = 0;
    sp.lower = 0;
    sp.upper = 3;
    sp.kind = AP_KIND_SCRATCH;
    assert_int_equal(ap_problem_add(p, &sp, &err), AP_OK);
    assert_int_equal(ap_problem_validate(p, &err), AP_OK);
    {
        int64_t off4[] = {off[0], off[1], off[2], 0};
        hand_plan(p, &plan, off4, "hand");
    }
    log = write_to_string(ap_write_log, p, &plan);
    assert_string_equal(log, "tensor 0 allocated at offset 0, size 32 (fixed)\n"
                             "buffer scratch0 allocated at offset 32, size 16\n"
                             "tensor 0:7 reuses offset 0, size 8\n"
                             "buffer e allocated at offset 0, size 0\n");
    free(log);
    ap_plan_free(&plan);
    ap_problem_free(p);
}

static void test_table(void **state)
{
    ap_problem *p = problem_from_csv(example_csv);
    ap_plan plan;
    char *t;
    (void)state;
    ap_plan_init(&plan);
    plan_checked(p, "greedy", &plan);
    t = write_to_string(ap_write_table, p, &plan);
    assert_string_equal(t, "strategy     greedy\n"
                           "input        <test>\n"
                           "head         700 bytes\n"
                           "lower bound  700 bytes (efficiency 100.0%)\n"
                           "no reuse     1000 bytes (the plan saves 300, 30.0%)\n"
                           "reuse        2 of 5 buffers (40.0%) use bytes of a buffer that died before they began\n"
                           "padding      0 bytes of alignment padding\n"
                           "peak         700 bytes live at step 4\n"
                           "              42.9%  300 bytes  tensor 3\n"
                           "              35.7%  250 bytes  tensor 4\n"
                           "              21.4%  150 bytes  tensor 2\n"
                           "buffers      5, by first use\n"
                           "\n"
                           "id  size  lifetime  offset     end\n"
                           "0    100  [0, 2)         0     100\n"
                           "1    200  [1, 4)       300     500\n"
                           "2    150  [2, 5)       550     700\n"
                           "3    300  [3, 6)         0     300\n"
                           "4    250  [4, 7)       300     550\n");
    free(t);
    ap_plan_free(&plan);
    ap_problem_free(p);
}

/* Writes the table with options into memory (malloc'd text). */
static char *table_with(const ap_problem *p, const ap_plan *plan, ap_row_order order, int hex)
{
    char *buf = NULL;
    size_t len = 0;
    ap_error err = {0};
    ap_report_options o;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    ap_report_options_init(&o);
    o.order = order;
    o.hex = hex;
    if (ap_write_table_with(f, p, plan, &o, &err) != AP_OK)
        fail_msg("table failed: %s", err.msg);
    fclose(f);
    return buf;
}

/* Rows by first use (the default), input order, size and offset; offsets in hex. */
static void test_table_orders_and_hex(void **state)
{
    ap_problem *p = problem_from_csv(example_csv);
    ap_problem *q = problem_from_csv("id,lower,end,size\nlate,2,3,10\nearly,0,1,20\n");
    ap_plan plan, qplan;
    ap_error err = {0};
    ap_report_options o;
    char *t;
    (void)state;
    ap_plan_init(&plan);
    ap_plan_init(&qplan);
    plan_checked(p, "greedy", &plan);
    plan_checked(q, "greedy", &qplan);
    t = table_with(q, &qplan, AP_ROWS_START, 0);
    assert_contains(t, "buffers      2, by first use\n\n"
                       "id     size  lifetime  offset     end\n"
                       "early    20  [0, 2)         0      20\n"
                       "late     10  [2, 4)         0      10\n");
    free(t);
    t = table_with(q, &qplan, AP_ROWS_ID, 0);
    assert_contains(t, "buffers      2, by id\n\n"
                       "id     size  lifetime  offset     end\n"
                       "late     10  [2, 4)         0      10\n"
                       "early    20  [0, 2)         0      20\n");
    free(t);
    t = table_with(p, &plan, AP_ROWS_SIZE, 0);
    assert_contains(t, "buffers      5, by size, largest first\n\n"
                       "id  size  lifetime  offset     end\n"
                       "3    300  [3, 6)         0     300\n"
                       "4    250  [4, 7)       300     550\n"
                       "1    200  [1, 4)       300     500\n"
                       "2    150  [2, 5)       550     700\n"
                       "0    100  [0, 2)         0     100\n");
    free(t);
    /* equal offsets: first use decides */
    t = table_with(p, &plan, AP_ROWS_OFFSET, 1);
    assert_contains(t, "buffers      5, by offset\n\n"
                       "id  size  lifetime      offset         end\n"
                       "0    100  [0, 2)    0x00000000  0x00000064\n"
                       "3    300  [3, 6)    0x00000000  0x0000012c\n"
                       "1    200  [1, 4)    0x0000012c  0x000001f4\n"
                       "4    250  [4, 7)    0x0000012c  0x00000226\n"
                       "2    150  [2, 5)    0x00000226  0x000002bc\n");
    free(t);
    ap_report_options_init(&o);
    o.order = AP_ROWS_COUNT;
    assert_int_equal(ap_write_table_with(stdout, p, &plan, &o, &err), AP_ERR_USAGE);
    assert_string_equal(err.msg, "row order 4 is not an ap_row_order");
    assert_string_equal(ap_row_order_names()[AP_ROWS_OFFSET], "offset");
    assert_null(ap_row_order_names()[AP_ROWS_COUNT]);
    ap_plan_free(&plan);
    ap_plan_free(&qplan);
    ap_problem_free(p);
    ap_problem_free(q);
}

/* Step labels of models show at the peak; more than ten peak buffers are summed up. */
static void test_table_labels_and_many_peak_buffers(void **state)
{
    ap_problem *p = ap_problem_new();
    ap_error err = {0};
    ap_plan plan;
    char *t, id[8], name[16];
    int i;
    (void)state;
    for (i = 0; i < 12; i++) {
        ap_buffer_spec sp;
        ap_buffer_spec_init(&sp);
        snprintf(id, sizeof id, "%d", i);
        snprintf(name, sizeof name, "t%d", i);
        sp.id = id;
        sp.name = name;
        sp.size = 100 - i;
        sp.lower = 0;
        sp.upper = 3;
        sp.kind = AP_KIND_ACTIVATION;
        sp.subgraph = 0;
        sp.tensor = i;
        assert_int_equal(ap_problem_add(p, &sp, &err), AP_OK);
    }
    assert_int_equal(ap_problem_add_label(p, 0, "op 0 CONV_2D", &err), AP_OK);
    assert_int_equal(ap_problem_add_label(p, 2, "op 2 ADD", &err), AP_OK);
    assert_int_equal(ap_problem_validate(p, &err), AP_OK);
    ap_plan_init(&plan);
    plan_checked(p, "greedy", &plan);
    t = write_to_string(ap_write_table, p, &plan);
    assert_contains(t, "peak         1134 bytes live at steps 0-2\n"
                       "at           op 0 CONV_2D, op 2 ADD\n"
                       "               8.8%  100 bytes  tensor 0  t0\n");
    assert_contains(t, "               8.0%  91 bytes  tensor 9  t9\n"
                       "              15.8%  179 bytes  in 2 more buffers\n");
    assert_contains(t, "id  name  kind        size  lifetime  offset     end\n"
                       "0   t0    activation   100  [0, 3)         0     100\n");
    free(t);
    ap_plan_free(&plan);
    ap_problem_free(p);
}

static void test_json(void **state)
{
    ap_problem *p = problem_from_csv(example_csv);
    ap_plan plan;
    char *j;
    (void)state;
    ap_plan_init(&plan);
    plan_checked(p, "greedy", &plan);
    j = write_to_string(ap_write_json, p, &plan);
    assert_string_equal(
        j, "{\"schema\":\"arenaplan/2\",\"arena_bytes\":null,\"arena_unknown\":\"a buffer list has no TFLM arena\",\"head_bytes\":700,\"tail_bytes\":null,"
           "\"lower_bound\":700,\"efficiency\":1.0000,\"strategy\":\"greedy\","
           "\"source\":\"<test>\",\"summary\":{\"buffers\":5,\"fixed\":0,\"total_bytes\":1000,\"linear_bytes\":1000,"
           "\"saving_bytes\":300,\"saving_rate\":0.3000,\"reuse_count\":2,\"reuse_rate\":0.4000,\"shared_count\":0,"
           "\"padding_bytes\":0,\"peak_bytes\":700,\"peak_steps\":[{\"first\":4,\"last\":4}],\"peak_buffers\":["
           "{\"id\":\"3\",\"size\":300,\"share\":0.4286},{\"id\":\"4\",\"size\":250,\"share\":0.3571},"
           "{\"id\":\"2\",\"size\":150,\"share\":0.2143}]},\"buffers\":[\n"
           "{\"id\":\"0\",\"lower\":0,\"upper\":2,\"size\":100,\"offset\":0},\n"
           "{\"id\":\"1\",\"lower\":1,\"upper\":4,\"size\":200,\"offset\":300},\n"
           "{\"id\":\"2\",\"lower\":2,\"upper\":5,\"size\":150,\"offset\":550},\n"
           "{\"id\":\"3\",\"lower\":3,\"upper\":6,\"size\":300,\"offset\":0,\"reuses\":true},\n"
           "{\"id\":\"4\",\"lower\":4,\"upper\":7,\"size\":250,\"offset\":300,\"reuses\":true}]}\n");
    free(j);
    ap_plan_free(&plan);
    ap_problem_free(p);
}

/* TFLM's PrintMemoryPlan, byte for byte (lines end in "\r\n" as MicroPrintf's): checked against
 * the real function of tflite-micro 90b983c2b on every reference plan (see docs/report.md); here
 * the worked example by hand. The map's cells: buffer 0, bytes [0, 100) of max_size 700, paints
 * 0 * 80 / 700 = 0 up to 100 * 80 / 700 = 11 (exclusive); buffer 1 [300, 500): 34 to 57. */
static void test_tflm_log(void **state)
{
    ap_problem *p = problem_from_csv(example_csv);
    ap_plan plan;
    char *t;
    (void)state;
    ap_plan_init(&plan);
    plan_checked(p, "greedy", &plan);
    t = write_to_string(ap_write_tflm_log, p, &plan);
    assert_string_equal(
        t, "0 (id=0): size=100, offset=0, first_used=0 last_used=1\r\n"
           "1 (id=1): size=200, offset=300, first_used=1 last_used=3\r\n"
           "2 (id=2): size=150, offset=550, first_used=2 last_used=4\r\n"
           "3 (id=3): size=300, offset=0, first_used=3 last_used=5\r\n"
           "4 (id=4): size=250, offset=300, first_used=4 last_used=6\r\n"
           "   0: 00000000000..................................................................... (1k)\r\n"
           "   1: 00000000000.......................11111111111111111111111....................... (1k)\r\n"
           "   2: ..................................11111111111111111111111.....222222222222222222 (1k)\r\n"
           "   3: 333333333333333333333333333333333311111111111111111111111.....222222222222222222 (1k)\r\n"
           "   4: 33333333333333333333333333333333334444444444444444444444444444222222222222222222 (1k)\r\n"
           "   5: 33333333333333333333333333333333334444444444444444444444444444.................. (1k)\r\n"
           "   6: ..................................4444444444444444444444444444.................. (1k)\r\n");
    free(t);
    ap_plan_free(&plan);
    ap_problem_free(p);

    /* an alias paints '!' where two live buffers meet; a buffer live at one step is '*'; the
     * map is at least 80 bytes wide (64 bytes: 64 cells); steps nobody uses print empty */
    p = problem_from_csv("id,lower,upper,size,alias_of\na,0,2,64,\nb,1,3,64,a\nc,5,6,16,\n");
    plan_checked(p, "greedy", &plan);
    t = write_to_string(ap_write_tflm_log, p, &plan);
    assert_string_equal(
        t, "0 (id=0): size=64, offset=0, first_used=0 last_used=1\r\n"
           "1 (id=1): size=64, offset=0, first_used=1 last_used=2\r\n"
           "* (id=2): size=16, offset=0, first_used=5 last_used=5\r\n"
           "   0: 0000000000000000000000000000000000000000000000000000000000000000................ (1k)\r\n"
           "   1: !!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!................ (1k)\r\n"
           "   2: 1111111111111111111111111111111111111111111111111111111111111111................ (1k)\r\n"
           "   3: ................................................................................ (0k)\r\n"
           "   4: ................................................................................ (0k)\r\n"
           "   5: ****************................................................................ (1k)\r\n");
    free(t);
    ap_plan_free(&plan);
    ap_problem_free(p);

    /* the ordinal characters: 0-9, a-z, A-Z, then round again (buffer 62 is '0' again); a
     * buffer never used (TFLM's -1, -1) is listed and painted nowhere */
    {
        char csv[4096] = "id,lower,upper,size\n";
        size_t len = strlen(csv);
        for (int i = 0; i < 63; i++)
            len += (size_t)snprintf(csv + len, sizeof csv - len, "b%d,%d,%d,16\n", i, i, i + 2);
        snprintf(csv + len, sizeof csv - len, "never,-1,0,16\n");
        p = problem_from_csv(csv);
    }
    plan_checked(p, "greedy", &plan);
    t = write_to_string(ap_write_tflm_log, p, &plan);
    assert_contains(t, "\r\n9 (id=9): size=16,");
    assert_contains(t, "\r\na (id=10): size=16,");
    assert_contains(t, "\r\nA (id=36): size=16,");
    assert_contains(t, "\r\nZ (id=61): size=16,");
    assert_contains(t, "\r\n0 (id=62): size=16, offset=");
    assert_contains(t, "\r\n* (id=63): size=16, offset=0, first_used=-1 last_used=-1\r\n   0: ");
    assert_contains(t, "\r\n  63: ");
    assert_null(strstr(t, "\r\n  64: "));
    free(t);
    ap_plan_free(&plan);
    ap_problem_free(p);

    /* beyond TFLM's int, or more steps than the log may print: refused */
    {
        ap_error err = {0};
        FILE *f = fopen("/dev/null", "w");
        p = problem_from_csv("id,lower,upper,size\nbig,0,1,3000000000\n");
        plan_checked(p, "greedy", &plan);
        assert_int_equal(ap_write_tflm_log(f, p, &plan, &err), AP_ERR_OVERFLOW);
        assert_string_equal(err.msg, "buffer 'big': TFLM's log holds sizes, offsets and steps in "
                                     "32-bit ints, and this one does not fit");
        ap_plan_free(&plan);
        ap_problem_free(p);
        p = problem_from_csv("id,lower,upper,size\nlong,0,2000000,16\n");
        plan_checked(p, "greedy", &plan);
        assert_int_equal(ap_write_tflm_log(f, p, &plan, &err), AP_ERR_LIMIT);
        assert_string_equal(err.msg, "TFLM's log prints a line per step, and this plan has 2000000 "
                                     "steps (at most 1048576 are written)");
        fclose(f);
        ap_plan_free(&plan);
        ap_problem_free(p);
    }
}

/* What is live at each step where a buffer begins (a buffer list has no operators). */
static void test_ops(void **state)
{
    ap_problem *p = problem_from_csv(example_csv);
    ap_plan plan;
    ap_op_table t;
    ap_error err = {0};
    char *text;
    (void)state;
    ap_plan_init(&plan);
    plan_checked(p, "greedy", &plan);
    assert_int_equal(ap_op_table_compute(p, &plan, &t, &err), AP_OK);
    assert_int_equal(t.n, 5);
    assert_int_equal(t.rows[3].step, 3);
    assert_null(t.rows[3].label);
    assert_int_equal(t.rows[3].live_bytes, 650);
    assert_int_equal(t.rows[3].n_buffers, 3);
    assert_int_equal(t.rows[3].buffers[0], 3); /* 300 */
    assert_int_equal(t.rows[3].buffers[1], 1); /* 200 */
    assert_int_equal(t.rows[3].buffers[2], 2); /* 150 */
    assert_true(t.rows[4].share == 1.0);
    ap_op_table_free(&t);
    text = write_to_string(ap_write_ops, p, &plan);
    assert_string_equal(text, " step  live   share  buffers (largest first)\n"
                              "    0   100   14.3%  0\n"
                              "    1   300   42.9%  1 0\n"
                              "    2   350   50.0%  1 2\n"
                              "    3   650   92.9%  3 1 2\n"
                              "    4   700  100.0%  3 4 2\n");
    free(text);
    ap_plan_free(&plan);
    ap_problem_free(p);
}

/* A model's problem (tensors, types, operators) on which greedy, stock TFLM's planner, needs 160
 * bytes and the best plan 144: every format names stock TFLM's head, in the same words. */
static ap_problem *small_model(void)
{
    static const int64_t rows[5][3] = {{2, 5, 64}, {4, 5, 48}, {1, 4, 64}, {0, 1, 16}, {4, 7, 32}};
    ap_problem *p = ap_problem_new();
    ap_error err = {0};
    for (int i = 0; i < 5; i++) {
        ap_buffer_spec sp;
        char id[8], type[32];
        ap_buffer_spec_init(&sp);
        snprintf(id, sizeof id, "%d", i);
        snprintf(type, sizeof type, "int8[1,%lld]", (long long)rows[i][2]);
        sp.id = id;
        sp.type = type;
        sp.lower = rows[i][0];
        sp.upper = rows[i][1];
        sp.size = rows[i][2];
        sp.kind = AP_KIND_ACTIVATION;
        sp.subgraph = 0;
        sp.tensor = i;
        assert_int_equal(ap_problem_add(p, &sp, &err), AP_OK);
    }
    for (int t = 0; t < 7; t++) {
        char lab[32];
        snprintf(lab, sizeof lab, t ? "op %d ADD" : "inputs", t - 1);
        assert_int_equal(ap_problem_add_label(p, t, lab, &err), AP_OK);
    }
    p->origin = AP_ORIGIN_TFLM; /* as ap_tflite_build_problem marks its problems */
    assert_int_equal(ap_problem_validate(p, &err), AP_OK);
    return p;
}

#define STOCK_LINE "stock TFLM (greedy): head 160 bytes; this plan needs `arenaplan embed` (or the header's " \
                   "BufferPlan) to take effect"

static ap_status write_c(FILE *f, const ap_problem *p, const ap_plan *plan, ap_error *err)
{
    return ap_write_c_header(f, p, plan, "small", err);
}

static ap_status write_csv(FILE *f, const ap_problem *p, const ap_plan *plan, ap_error *err)
{
    return ap_csv_write(f, p, plan, err);
}

static void test_stock_note_everywhere(void **state)
{
    ap_problem *p = small_model();
    ap_plan plan;
    char *t;
    (void)state;
    ap_plan_init(&plan);
    assert_int_equal(plan_checked(p, "greedy", &plan), 160);
    /* TFLM's own plan: no line, but JSON still gives the figure */
    t = write_to_string(ap_write_table, p, &plan);
    assert_null(strstr(t, "stock TFLM"));
    free(t);
    t = write_to_string(ap_write_json, p, &plan);
    assert_contains(t, ",\"stock_head\":160,\"summary\":");
    assert_null(strstr(t, "stock_note"));
    free(t);
    assert_int_equal(plan_checked(p, "best", &plan), 144);
    t = write_to_string(ap_write_table, p, &plan);
    /* a model's planned section is its head; the stock line beside it */
    assert_contains(t, "\nhead         144 bytes\n             " STOCK_LINE "\nlower bound  ");
    assert_contains(t, "id  type        kind        size  lifetime  offset     end\n"
                       "3   int8[1,16]  activation    16  [0, 1)         0      16\n"
                       "2   int8[1,64]  activation    64  [1, 4)        64     128\n");
    free(t);
    t = write_to_string(ap_write_json, p, &plan);
    assert_contains(t, ",\"stock_head\":160,\"stock_note\":\"" STOCK_LINE "\",\"summary\":");
    assert_contains(t, "{\"id\":\"0\",\"type\":\"int8[1,64]\",\"tensor\":0,\"lower\":2,");
    assert_contains(t, ",\"ops\":[\n{\"step\":0,\"label\":\"inputs\",\"live_bytes\":16,\"share\":0.1111,"
                       "\"buffers\":[\"3\"]},\n{\"step\":1,\"label\":\"op 0 ADD\",\"live_bytes\":64,");
    assert_contains(t, "{\"step\":4,\"label\":\"op 3 ADD\",\"live_bytes\":144,\"share\":1.0000,"
                       "\"buffers\":[\"0\",\"1\",\"4\"]},");
    free(t);
    t = write_to_string(write_csv, p, &plan);
    assert_contains(t, "# " STOCK_LINE "\nid,lower,upper,size,type,offset\n0,2,5,64,\"int8[1,64]\",0\n");
    free(t);
    t = write_to_string(write_c, p, &plan);
    assert_contains(t, " * buffers:   5, in the order the planner received them (tensors, then kernel "
                       "scratch)\n * " STOCK_LINE "\n */\n");
    assert_contains(t, "    0, /* 0: tensor 0, int8[1,64], 64 bytes, steps [2, 5) */\n");
    free(t);
    ap_plan_free(&plan);
    ap_problem_free(p);
}

static void test_timeline(void **state)
{
    ap_problem *p = problem_from_csv(example_csv);
    ap_plan plan;
    char *t;
    (void)state;
    ap_plan_init(&plan);
    plan_checked(p, "greedy", &plan);
    /* 80 characters: "S: " + 69 columns of 700/69 bytes + " (700 B)"; columns by floor:
     * buffer 0, bytes [0, 100), covers columns 0 to 100 * 69 / 700 = 9 (exclusive) */
    t = timeline_to_string(p, &plan, 80);
    assert_string_equal(
        t, "timeline of greedy: head 700 bytes, 69 columns of 10.1 bytes; '.' free, '!' shared\n"
           "0: 000000000............................................................ (100 B)\n"
           "1: 000000000....................11111111111111111111.................... (300 B)\n"
           "2: .............................11111111111111111111.....222222222222222 (350 B)\n"
           "3: 3333333333333333333333333333311111111111111111111.....222222222222222 (650 B)\n"
           "4: 333333333333333333333333333334444444444444444444444444222222222222222 (700 B)\n"
           "5: 333333333333333333333333333334444444444444444444444444............... (550 B)\n"
           "6: .............................4444444444444444444444444............... (250 B)\n"
           "0 tensor 0, 100 bytes at 0, steps 0-1\n"
           "1 tensor 1, 200 bytes at 300, steps 1-3\n"
           "2 tensor 2, 150 bytes at 550, steps 2-4\n"
           "3 tensor 3, 300 bytes at 0, steps 3-5\n"
           "4 tensor 4, 250 bytes at 300, steps 4-6\n");
    free(t);
    /* narrower than anything useful: the chart keeps 16 columns */
    t = timeline_to_string(p, &plan, 10);
    assert_contains(t, "16 columns of 43.8 bytes");
    assert_contains(t, "\n4: 3333334444442222 (700 B)\n5: 333333444444.... (550 B)\n");
    free(t);
    ap_plan_free(&plan);
    ap_problem_free(p);
}

/* Small buffers keep a column when it is free; aliases show '!'; step labels end the rows. */
static void test_timeline_small_shared_labels(void **state)
{
    ap_problem *p = problem_from_csv("id,lower,upper,size,alias_of\nbig,0,2,1000,\ntiny,0,1,1,\nal,1,2,500,big\n");
    static const int64_t off[] = {40, 0, 40};
    ap_plan plan;
    ap_error err = {0};
    char *t;
    (void)state;
    assert_int_equal(ap_problem_add_label(p, 0, "op 0 CONV_2D", &err), AP_OK);
    assert_int_equal(ap_problem_add_label(p, 1, "op 1 A_VERY_LONG_OPERATOR_NAME_THAT_GOES_ON", &err), AP_OK);
    assert_int_equal(ap_problem_validate(p, &err), AP_OK);
    hand_plan(p, &plan, off, "hand");
    /* 70 = "0: " + 30 columns + " (1.0k)" + "  " + a label column of 28 (longer labels are cut) */
    t = timeline_to_string(p, &plan, 70);
    /* 1040 bytes over 30 columns: big covers columns 1-29 (floor(40*30/1040) = 1); tiny, one byte,
     * owns no column but shows in its first, which is free; al shares big's bytes: '!' */
    assert_string_equal(t, "timeline of hand: head 1040 bytes, 30 columns of 34.7 bytes; '.' free, '!' shared\n"
                           "0: 100000000000000000000000000000 (1.0k)  op 0 CONV_2D\n"
                           "1: .!!!!!!!!!!!!!!000000000000000 (1.5k)  op 1 A_VERY_LONG_OPERATOR...\n"
                           "0 tensor big, 1000 bytes at 40, steps 0-1\n"
                           "1 tensor tiny, 1 bytes at 0, steps 0-0\n"
                           "2 tensor al, 500 bytes at 40, steps 1-1\n");
    free(t);
    ap_plan_free(&plan);
    ap_problem_free(p);
}

/* Over AP_TIMELINE_MAX_ROWS steps, rows stand for groups and show their busiest step. */
static void test_timeline_grouped(void **state)
{
    ap_problem *p = problem_from_csv("id,lower,upper,size\na,0,1200,10\nb,1000,1001,90\nc,5,6,20\n");
    ap_plan plan;
    char *t, *line;
    int rows = 0;
    (void)state;
    ap_plan_init(&plan);
    plan_checked(p, "greedy", &plan);
    t = timeline_to_string(p, &plan, 60);
    assert_contains(t, "1200 steps: each row stands for 3 steps and shows the one with the most live bytes\n");
    assert_contains(t, "\n      0-2: ");
    assert_contains(t, "\n1197-1199: ");
    for (line = t; line; line = strchr(line, '\n')) {
        long long a, b;
        char colon;
        line += *line == '\n';
        rows += sscanf(line, "%lld-%lld%c", &a, &b, &colon) == 3 && colon == ':';
    }
    assert_int_equal(rows, 400);
    /* the group 999-1001 shows step 1000 (100 bytes), the group 3-5 step 5 (30 bytes) */
    assert_contains(t, "\n      3-5: 22222222............................00000 (30 B)\n");
    assert_contains(t, "\n 999-1001: 11111111111111111111111111111111111100000 (100 B)\n1002-1004");
    free(t);
    ap_plan_free(&plan);
    ap_problem_free(p);

    p = problem_from_csv("id,lower,upper,size\n");
    ap_plan_init(&plan);
    plan_checked(p, "greedy", &plan);
    t = timeline_to_string(p, &plan, 80);
    assert_string_equal(t, "timeline of greedy: head 0 bytes, no buffers\n");
    free(t);
    ap_plan_free(&plan);
    ap_problem_free(p);
}

/* Real models: names, kinds, producers, operators at the peak; TFLM's person detection model. */
static void test_model_person_detect(void **state)
{
    ap_problem *p = NULL;
    ap_error err = {0};
    ap_plan plan;
    ap_summary s;
    char *t;
    (void)state;
    if (ap_load(src_path("corpus/models/tflm/person_detect.tflite"), NULL, &p, &err) != AP_OK)
        fail_msg("%s", err.msg);
    ap_plan_init(&plan);
    assert_int_equal(plan_checked(p, "greedy", &plan), 55296);
    assert_int_equal(ap_summary_compute(p, &plan, &s, &err), AP_OK);
    assert_int_equal(s.buffers, 32);
    assert_int_equal(s.lower_bound, 55296);
    assert_int_equal(s.linear_bytes, 241072); /* TFLM's LinearMemoryPlanner: head_linear */
    assert_int_equal(s.saving_bytes, 185776);
    assert_int_equal(s.reuse_count, 29);
    assert_int_equal(s.peak_bytes, 55296);
    assert_int_equal(s.n_peaks, 1);
    assert_int_equal(s.peaks[0].first, 3);
    assert_int_equal(s.peaks[0].last, 3);
    assert_string_equal(ap_problem_label(p, 3), "op 2 CONV_2D");
    assert_int_equal(s.n_peak_buffers, 2);
    assert_string_equal(p->buf[s.peak_buffers[0]].name, "MobilenetV1/MobilenetV1/Conv2d_1_pointwise/Relu6");
    assert_string_equal(p->buf[s.peak_buffers[1]].name, "MobilenetV1/MobilenetV1/Conv2d_1_depthwise/Relu6");
    ap_summary_free(&s);
    t = write_to_string(ap_write_table, p, &plan);
    assert_contains(t, "peak         55296 bytes live at step 3\n"
                       "at           op 2 CONV_2D\n"
                       "              66.7%  36864 bytes  tensor 54  MobilenetV1/MobilenetV1/Conv2d_1_pointwise/Relu6\n"
                       "              33.3%  18432 bytes  tensor 51  MobilenetV1/MobilenetV1/Conv2d_1_depthwise/Relu6\n");
    free(t);
    t = write_to_string(ap_write_json, p, &plan);
    assert_contains(t, "\"peak_steps\":[{\"first\":3,\"last\":3,\"labels\":[\"op 2 CONV_2D\"]}]");
    assert_contains(t, "\"kind\":\"activation\",\"producer\":\"op 2 CONV_2D\",\"consumers\":\"op 3 DEPTHWISE_CONV_2D\"");
    free(t);
    t = write_to_string(ap_write_log, p, &plan);
    assert_starts_with(t, "tensor 54 allocated at offset 0, size 36864\n"
                          "tensor 62 reuses offset 0, size 18432\n");
    free(t);
    t = timeline_to_string(p, &plan, 100);
    assert_contains(t, "\n 3: ");
    assert_contains(t, " (54.0k)  op 2 CONV_2D\n");
    free(t);
    ap_plan_free(&plan);
    ap_problem_free(p);
}

/* Kernel scratch buffers are "buffer scratchN" in the log. */
static void test_model_scratch_in_log(void **state)
{
    ap_problem *p = NULL;
    ap_error err = {0};
    ap_plan plan;
    char *t;
    (void)state;
    if (ap_load(src_path("corpus/models/tflm/keyword_scrambled.tflite"), NULL, &p, &err) != AP_OK)
        fail_msg("%s", err.msg);
    ap_plan_init(&plan);
    assert_int_equal(plan_checked(p, "greedy", &plan), 672);
    t = write_to_string(ap_write_log, p, &plan);
    assert_starts_with(t, "buffer scratch7 allocated at offset 0, size 256\n"
                          "buffer scratch6 allocated at offset 256, size 256\n"
                          "buffer scratch5 reuses offset 0, size 256\n");
    assert_contains(t, "\ntensor 0 allocated at offset 512, size 96\n");
    free(t);
    ap_plan_free(&plan);
    ap_problem_free(p);
}

/* The no-reuse arena is TFLM's LinearMemoryPlanner head on every model TFLM could load. */
static void test_models_linear_is_tflm_linear(void **state)
{
    char *csv = read_text(src_path("corpus/reference/tflm_head_sizes.csv"), NULL), *line, *save = NULL;
    int checked = 0;
    (void)state;
    assert_non_null(csv);
    for (line = strtok_r(csv, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        char name[128], status[64], path[512];
        long long sub, tensors, ops, planned, greedy, linear;
        ap_problem *p = NULL;
        ap_error err = {0};
        ap_plan plan;
        ap_summary s;
        if (sscanf(line, "%127[^,],%63[^,],%lld,%lld,%lld,%lld,%lld,%lld", name, status, &sub, &tensors, &ops,
                   &planned, &greedy, &linear) != 8 || strcmp(status, "ok") != 0)
            continue;
        snprintf(path, sizeof path, "corpus/models/tflm/%s.tflite", name);
        if (!file_exists(src_path(path)))
            snprintf(path, sizeof path, "corpus/models/more/%s.tflite", name);
        if (!file_exists(src_path(path)))
            continue;
        if (ap_load(src_path(path), NULL, &p, &err) != AP_OK)
            fail_msg("%s", err.msg);
        ap_plan_init(&plan);
        plan_checked(p, "greedy", &plan);
        assert_int_equal(ap_summary_compute(p, &plan, &s, &err), AP_OK);
        if (s.linear_bytes != linear)
            fail_msg("%s: no-reuse arena %lld, TFLM's linear head %lld", name, (long long)s.linear_bytes, linear);
        ap_summary_free(&s);
        ap_plan_free(&plan);
        ap_problem_free(p);
        checked++;
    }
    free(csv);
    assert_true(checked >= 30);
}

/* Writers refuse plans that do not fit the problem. */
static void test_writers_refuse_incomplete_plans(void **state)
{
    ap_problem *p = problem_from_csv(example_csv);
    ap_plan plan;
    ap_error err = {0};
    ap_summary s;
    FILE *null = fopen("/dev/null", "w");
    writer_fn fns[] = {ap_write_table, ap_write_json, ap_write_log, ap_write_svg};
    size_t k;
    (void)state;
    ap_plan_init(&plan);
    assert_int_equal(ap_plan_reset(&plan, p->n, &err), AP_OK);
    plan.offset[0] = 0; /* the rest AP_UNPLACED */
    for (k = 0; k < sizeof fns / sizeof fns[0]; k++) {
        memset(&err, 0, sizeof err);
        assert_int_equal(fns[k](null, p, &plan, &err), AP_ERR_INVALID);
        assert_string_equal(err.msg, "buffer 1 is not placed");
    }
    assert_int_equal(ap_write_timeline(null, p, &plan, 80, &err), AP_ERR_INVALID);
    assert_int_equal(ap_write_html(null, p, &plan, 1, &err), AP_ERR_INVALID);
    assert_int_equal(ap_summary_compute(p, &plan, &s, &err), AP_ERR_INVALID);
    assert_int_equal(ap_write_html(null, p, &plan, 0, &err), AP_ERR_USAGE);
    plan.n = 3;
    assert_int_equal(ap_write_json(null, p, &plan, &err), AP_ERR_INVALID);
    assert_string_equal(err.msg, "the plan has 3 offsets for 5 buffers");
    plan.n = 5;
    fclose(null);
    ap_plan_free(&plan);
    ap_problem_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_summary_worked_example),
        cmocka_unit_test(test_linear_bytes_match_linear_strategy),
        cmocka_unit_test(test_reuse_definition),
        cmocka_unit_test(test_padding),
        cmocka_unit_test(test_peak_runs),
        cmocka_unit_test(test_shared_under_allowance),
        cmocka_unit_test(test_log),
        cmocka_unit_test(test_log_fixed_and_scratch),
        cmocka_unit_test(test_table),
        cmocka_unit_test(test_table_orders_and_hex),
        cmocka_unit_test(test_tflm_log),
        cmocka_unit_test(test_ops),
        cmocka_unit_test(test_stock_note_everywhere),
        cmocka_unit_test(test_table_labels_and_many_peak_buffers),
        cmocka_unit_test(test_json),
        cmocka_unit_test(test_timeline),
        cmocka_unit_test(test_timeline_small_shared_labels),
        cmocka_unit_test(test_timeline_grouped),
        cmocka_unit_test(test_model_person_detect),
        cmocka_unit_test(test_model_scratch_in_log),
        cmocka_unit_test(test_models_linear_is_tflm_linear),
        cmocka_unit_test(test_writers_refuse_incomplete_plans),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
