/*
 * test_overlap_limits.c - the overlap rule's work budget on hostile models: a 1x1 CONV_2D that
 * declares 2^40 output pixels (RELU then the CONV_2D on [1, 2^20, 2^20, 1] int8, a file of a
 * few hundred bytes) would keep the rule walking for hours; the budget refuses the walk before
 * it starts, the operator gets no allowance and the note names it. Work is counted, never
 * timed. The model is also a fuzz seed (fuzz/seeds/tflite/), kept equal to what is built here.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/tflite.h"
#include "arenaplan/tflm.h"
#include "test_tflite_fbb.h"
#include "testutil.h"
#include "tflm/overlap.h"
#include "tflm/sharing.h"

#define SEED "fuzz/seeds/tflite/overlap_walk_2e40.tflite"

static const char note[] =
    "TFLM lifetimes; kernel scratch: reference; overlap rules: reference kernels (1 allowance; "
    "the plan holds only with TFLM's reference kernels, not optimized ones such as CMSIS-NN or "
    "Xtensa); work limit: no overlap allowance for CONV_2D op 1 (the walk would exceed the "
    "rule's budget of 2^24 output pixels plus one per byte of the model)";

/* RELU(in) -> a; CONV_2D(a, 1x1 filter) -> out; side x side pixels, one int8 channel in and
 * out_c out. */
static unsigned char *build(int32_t side, int32_t out_c, size_t *len)
{
    static const unsigned char one[1] = {1};
    fbb_node *t[4], *conv = fbb_table();
    t[0] = tfl_tensor("in", AP_TFL_INT8, fbb_ints(4, 1, side, side, 1), 0);
    t[1] = tfl_tensor("a", AP_TFL_INT8, fbb_ints(4, 1, side, side, 1), 0);
    t[2] = tfl_tensor("filter", AP_TFL_INT8, fbb_ints(4, out_c, 1, 1, 1), 1);
    t[3] = tfl_tensor("out", AP_TFL_INT8, fbb_ints(4, 1, side, side, out_c), 0);
    fbb_scalar(conv, AP_TFL_F_CONV_2D_PADDING, 1, 1); /* VALID */
    fbb_scalar(conv, AP_TFL_F_CONV_2D_STRIDE_W, 4, 1);
    fbb_scalar(conv, AP_TFL_F_CONV_2D_STRIDE_H, 4, 1);
    fbb_node *ops = fbb_tables(2, tfl_op(0, fbb_ints(1, 0), fbb_ints(1, 1), 0, NULL),
                               tfl_op(1, fbb_ints(2, 1, 2), fbb_ints(1, 3), AP_TFL_OPT_CONV_2D, conv));
    fbb_node *sg = tfl_subgraph(fbb_tables(4, t[0], t[1], t[2], t[3]), fbb_ints(1, 0),
                                fbb_ints(1, 3), ops, "main");
    fbb_node *root = tfl_model(fbb_tables(2, tfl_opcode(AP_TFL_OP_RELU, NULL),
                                          tfl_opcode(AP_TFL_OP_CONV_2D, NULL)),
                               fbb_tables(1, sg),
                               fbb_tables(2, tfl_buffer(NULL, 0), tfl_buffer(one, 1)), NULL);
    unsigned char *data = fbb_finish(root, len);
    fbb_reset();
    return data;
}

/* The rules on the built model, straight from ap__sharing_apply: the work it did. */
static ap__sharing_result share(const unsigned char *data, size_t len, ap_problem **out)
{
    ap_tfl_model *m = NULL;
    ap_problem *p = NULL;
    ap_tflite_build_options bo;
    ap__sharing_result res;
    ap_error err = {0};
    ap_tflite_build_options_init(&bo);
    assert_int_equal(ap_tflite_read(data, len, &m, &err), AP_OK);
    assert_int_equal(ap_tflite_build_problem(m, &bo, &p, &err), AP_OK);
    assert_int_equal(ap__sharing_apply(m, p, AP_TFLM_INPLACE_NONE, AP_TFLM_OVERLAP_REFERENCE, &res,
                                       &err),
                     AP_OK);
    ap_tflite_free(m);
    *out = p;
    return res;
}

static void hostile_walk_is_refused(void **state)
{
    size_t len;
    unsigned char *data = build(1 << 20, 1, &len);
    ap_problem *p;
    (void)state;
    assert_int_equal(len, 713);
    /* the seed is this model */
    size_t seed_len;
    char *seed = read_text(src_path(SEED), &seed_len);
    assert_non_null(seed);
    assert_int_equal(seed_len, len);
    assert_memory_equal(seed, data, len);
    free(seed);

    ap__sharing_result r = share(data, len, &p);
    /* RELU's walk costs 1 (a closed form), and its output may overlap the dying input; the
       CONV_2D's 2^40 pixels are never walked and its output gets no allowance */
    assert_int_equal(r.work, 1);
    assert_int_equal(r.n_unwalked, 1);
    assert_string_equal(r.unwalked, "CONV_2D op 1");
    assert_int_equal(r.n_overlap, 1);
    assert_int_equal(p->n_ovl, 1);
    assert_string_equal(p->ovl[0].why, "RELU op 0 (reference kernel order)");
    ap_problem_free(p);

    /* through the loader: the note says so, the plan is proven */
    ap_tflite_build_options bo;
    ap_error err = {0};
    ap_tflite_build_options_init(&bo);
    bo.overlap = AP_TFLM_OVERLAP_REFERENCE;
    assert_int_equal(ap_tflite_load_problem(data, len, "walk.tflite", &bo, &p, &err), AP_OK);
    assert_string_equal(p->note, note);
    ap_plan plan;
    ap_plan_init(&plan);
    assert_int_equal(plan_checked(p, "greedy", &plan), INT64_C(2) << 40);
    ap_plan_free(&plan);
    ap_problem_free(p);
    free(data);
}

/* The same model with 16 x 16 pixels: walked (256 pixels and 1 channel of work), and the
 * CONV_2D's allowance is the one a 1x1 convolution of one channel gets (d <= 0: element j
 * reads input j only). */
static void small_walk_is_made(void **state)
{
    size_t len;
    unsigned char *data = build(16, 1, &len);
    ap_problem *p;
    (void)state;
    ap__sharing_result r = share(data, len, &p);
    assert_int_equal(r.work, 1 + 256 + 1);
    assert_int_equal(r.n_unwalked, 0);
    assert_int_equal(r.n_overlap, 2);
    assert_int_equal(p->n_ovl, 2);
    assert_string_equal(p->ovl[1].why, "CONV_2D op 1 (reference kernel order)");
    assert_int_equal(p->ovl[1].max_delta, 0);
    ap_problem_free(p);
    free(data);
}

/* The budget is paid walk by walk: a walk costing exactly what is left (257) is made, one more
 * is refused without touching the budget. */
static void budget_is_exact(void **state)
{
    size_t len;
    unsigned char *data = build(16, 1, &len);
    ap_tfl_model *m = NULL;
    ap_error err = {0};
    ap__candidate c[AP__MAX_CANDIDATES];
    uint64_t budget = 256;
    int spent = 0;
    (void)state;
    assert_int_equal(ap_tflite_read(data, len, &m, &err), AP_OK);
    const ap_tfl_subgraph *g = &m->subgraphs[0];
    assert_int_equal(ap__overlap_candidates(m, g, &g->ops[1], &budget, &spent, c), 0);
    assert_int_equal(spent, 1);
    assert_int_equal(budget, 256);
    budget = 257;
    spent = 0;
    assert_int_equal(ap__overlap_candidates(m, g, &g->ops[1], &budget, &spent, c), 1);
    assert_int_equal(spent, 0);
    assert_int_equal(budget, 0);
    assert_int_equal(c[0].max_delta, 0);
    ap_tflite_free(m);
    free(data);
}

/* One pixel and 2^30 output channels: the first pixel's walk goes channel by channel, so it is
 * paid for too, and refused. */
static void channel_walk_is_refused(void **state)
{
    size_t len;
    unsigned char *data = build(1, 1 << 30, &len);
    ap_problem *p;
    (void)state;
    ap__sharing_result r = share(data, len, &p);
    assert_int_equal(r.work, 1);
    assert_int_equal(r.n_unwalked, 1);
    assert_string_equal(r.unwalked, "CONV_2D op 1");
    assert_int_equal(p->n_ovl, 1); /* RELU's */
    ap_problem_free(p);
    free(data);
}

/* The CLI on the seed: the note in the table, the plan proven. */
static void cli_says_so(void **state)
{
    run_result r = run_cli("plan", src_path(SEED), "--overlap", "reference", "--format", "json",
                           NULL);
    (void)state;
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "\"head_bytes\":2199023255552,");
    assert_contains(r.out, note);
    run_free(&r);
}

int main(void)
{
    (void)tfl_variable; /* the builder's, unused here */
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hostile_walk_is_refused),
        cmocka_unit_test(small_walk_is_made),
        cmocka_unit_test(budget_is_exact),
        cmocka_unit_test(channel_walk_is_refused),
        cmocka_unit_test(cli_says_so),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
