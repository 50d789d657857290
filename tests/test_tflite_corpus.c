/*
 * test_tflite_corpus.c - acceptance on the real models: for every model the real TFLM runtime
 * could allocate (status ok in corpus/reference/tflm_head_sizes.csv), the problem read from
 * the .tflite has exactly TFLM's planner buffers (count, order, sizes, lifetimes) and the
 * `greedy` strategy gives exactly TFLM's head size and every offset (plans/MODEL.csv). Plus the
 * two models TFLM's standard build cannot allocate.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/tflite.h"
#include "testutil.h"

typedef struct ref_row {
    int64_t lower, upper, size, offset;
} ref_row;

/* Reads plans/NAME.csv (id,lower,upper,size,offset; ids 0..n-1 in order). */
static ref_row *read_ref_plan(const char *name, size_t *n)
{
    char rel[256];
    snprintf(rel, sizeof rel, "corpus/reference/plans/%s.csv", name);
    char *text = read_text(src_path(rel), NULL);
    if (!text)
        fail_msg("cannot read %s", rel);
    size_t cap = 16, k = 0;
    ref_row *rows = malloc(cap * sizeof *rows);
    char *save = NULL;
    char *line = strtok_r(text, "\n", &save); /* header */
    assert_string_equal(line, "id,lower,upper,size,offset");
    while ((line = strtok_r(NULL, "\n", &save)) != NULL) {
        long long id, lo, up, sz, off;
        if (sscanf(line, "%lld,%lld,%lld,%lld,%lld", &id, &lo, &up, &sz, &off) != 5)
            fail_msg("%s: bad row '%s'", rel, line);
        assert_int_equal(id, (long long)k);
        if (k == cap)
            rows = realloc(rows, (cap *= 2) * sizeof *rows);
        rows[k++] = (ref_row){lo, up, sz, off};
    }
    free(text);
    *n = k;
    return rows;
}

/* The model's path (a static buffer of its own: src_path's is shared). */
static const char *model_path(const char *name)
{
    static const char *const dirs[] = {"tflm", "seanet", "more"};
    static char path[1024];
    char rel[256];
    for (size_t i = 0; i < 3; i++) {
        snprintf(rel, sizeof rel, "corpus/models/%s/%s.tflite", dirs[i], name);
        if (file_exists(src_path(rel))) {
            snprintf(path, sizeof path, "%s", src_path(rel));
            return path;
        }
    }
    fail_msg("model %s not found in corpus/models", name);
    return NULL;
}

static ap_problem *load_model(const char *path, const char *kernels)
{
    ap_load_options lo;
    ap_problem *p = NULL;
    ap_error err = {0};
    ap_load_options_init(&lo);
    lo.build.kernels = (ap_tflm_kernels)tflm_set(AP_TFLM_SET_KERNELS, kernels);
    if (ap_load(path, &lo, &p, &err) != AP_OK)
        fail_msg("%s: %s", path, err.msg);
    return p;
}

/* The problem's rows equal the reference's, and greedy reproduces its offsets and head. */
static void check_against_reference(const char *name, const char *path, const char *plan_name,
                                    const char *kernels, int64_t head)
{
    size_t n;
    ref_row *ref = read_ref_plan(plan_name, &n);
    ap_problem *p = load_model(path, kernels);
    if (p->n != n)
        fail_msg("%s: %zu buffers, TFLM planned %zu", name, p->n, n);
    assert_int_equal(p->default_align, 16);
    for (size_t i = 0; i < n; i++) {
        const ap_buffer *b = &p->buf[i];
        if (b->lower != ref[i].lower || b->upper != ref[i].upper || b->size != ref[i].size)
            fail_msg("%s: buffer %zu (%s): [%lld,%lld) %lld bytes, TFLM [%lld,%lld) %lld", name,
                     i, b->id, (long long)b->lower, (long long)b->upper, (long long)b->size,
                     (long long)ref[i].lower, (long long)ref[i].upper, (long long)ref[i].size);
    }
    ap_plan plan;
    ap_plan_init(&plan);
    int64_t arena = plan_checked(p, "greedy", &plan);
    if (arena != head)
        fail_msg("%s: greedy head %lld, TFLM %lld", name, (long long)arena, (long long)head);
    for (size_t i = 0; i < n; i++)
        if (plan.offset[i] != ref[i].offset)
            fail_msg("%s: buffer %zu (%s) at %lld, TFLM put it at %lld", name, i, p->buf[i].id,
                     (long long)plan.offset[i], (long long)ref[i].offset);
    ap_plan_free(&plan);
    ap_problem_free(p);
    free(ref);
}

static void every_ok_model_matches_tflm(void **state)
{
    (void)state;
    char *text = read_text(src_path("corpus/reference/tflm_head_sizes.csv"), NULL);
    assert_non_null(text);
    char *save = NULL;
    char *line = strtok_r(text, "\n", &save);
    assert_non_null(strstr(line, "model,status,subgraphs,tensors,operators,planned_buffers,"
                                 "head_greedy"));
    int checked = 0;
    while ((line = strtok_r(NULL, "\n", &save)) != NULL) {
        char name[128], status[64];
        long long sg, nt, nop, planned, head;
        if (sscanf(line, "%127[^,],%63[^,],%lld,%lld,%lld,%lld,%lld", name, status, &sg, &nt,
                   &nop, &planned, &head) != 7 || strcmp(status, "ok") != 0)
            continue;
        const char *path = model_path(name);
        /* The graph's counts agree with the reference's too. */
        unsigned char *data;
        size_t len;
        ap_error err = {0};
        ap_tfl_model *m;
        assert_int_equal(ap_read_file(path, (size_t)1 << 30, &data, &len, &err), AP_OK);
        if (ap_tflite_read(data, len, &m, &err) != AP_OK)
            fail_msg("%s: %s", name, err.msg);
        long long tensors = 0, ops = 0;
        for (uint32_t s = 0; s < m->n_subgraphs; s++) {
            tensors += m->subgraphs[s].n_tensors;
            ops += m->subgraphs[s].n_ops;
        }
        assert_int_equal(m->n_subgraphs, sg);
        assert_int_equal(tensors, nt);
        assert_int_equal(ops, nop);
        ap_tflite_free(m);
        free(data);
        check_against_reference(name, path, name, NULL, head);
        checked++;
    }
    free(text);
    /* 161 models with status ok (person_detect_vela and the WHILE/STRING model are not). */
    assert_int_equal(checked, 161);
}

/* person_detect_vela: with TFLM's Ethos-U kernel (two scratch requests of one uint64 and one
 * size_t per tensor) on the 64-bit host the reference was measured on, and its offline plan
 * honoured, greedy gives TFLM's plan exactly. */
static void vela_matches_tflm_with_ethos_u(void **state)
{
    (void)state;
    const char *path = model_path("person_detect_vela");
    check_against_reference("person_detect_vela", path, "person_detect_vela.ethos-u",
                            "reference64", 74560);
    /* The offline plan made four fixed offsets (tensors 3 and 4 overlap at 0 on purpose). */
    ap_problem *p = load_model(path, "reference64");
    assert_int_equal(p->n, 6);
    assert_string_equal(p->buf[1].id, "3");
    assert_string_equal(p->buf[1].name, "_split_1_scratch");
    assert_int_equal(p->buf[0].fixed, 0);
    assert_int_equal(p->buf[1].fixed, 0);
    assert_int_equal(p->buf[2].fixed, 0);
    assert_int_equal(p->buf[3].fixed, 0);
    assert_int_equal(p->buf[4].fixed, AP_UNFIXED);
    assert_string_equal(p->buf[4].id, "scratch0");
    assert_int_equal(p->buf[4].kind, AP_KIND_SCRATCH);
    ap_problem_free(p);
}

/* The default kernel set targets a 32-bit microcontroller: size_t is 4 bytes, so the second
 * Ethos-U request is 6 * 4 = 24 bytes, 32 after rounding. */
static void vela_on_a_32_bit_target(void **state)
{
    (void)state;
    ap_problem *p = load_model(model_path("person_detect_vela"), NULL);
    assert_int_equal(p->n, 6);
    assert_int_equal(p->buf[4].size, 48);
    assert_int_equal(p->buf[5].size, 32);
    assert_string_equal(p->buf[5].name, "op 0 ethos-u: base address sizes");
    ap_plan plan;
    ap_plan_init(&plan);
    /* The fixed buffers end at 74464; the scratch buffers (live with them) go above. */
    assert_int_equal(plan_checked(p, "greedy", &plan), 74464 + 48 + 32);
    ap_plan_free(&plan);
    /* Ignoring the offline plan frees the tensors to be planned normally. */
    ap_load_options lo;
    ap_error err = {0};
    ap_problem *q = NULL;
    ap_load_options_init(&lo);
    lo.build.ignore_offline = 1;
    assert_int_equal(ap_load(model_path("person_detect_vela"), &lo, &q, &err), AP_OK);
    for (size_t i = 0; i < q->n; i++)
        assert_int_equal(q->buf[i].fixed, AP_UNFIXED);
    ap_problem_free(q);
    ap_problem_free(p);
}

/* TFLM fails AllocateTensors on this model (a STRING tensor goes through WHILE: TFLM cannot
 * size STRING). The graph reads fine; building the problem fails the same way, clearly. */
static void while_with_string_is_refused_clearly(void **state)
{
    (void)state;
    const char *path = model_path("litert_while_op_with_forwarding_input");
    unsigned char *data;
    size_t len;
    ap_error err = {0};
    ap_tfl_model *m;
    assert_int_equal(ap_read_file(path, (size_t)1 << 30, &data, &len, &err), AP_OK);
    assert_int_equal(ap_tflite_read(data, len, &m, &err), AP_OK);
    assert_int_equal(m->n_subgraphs, 3);
    assert_int_equal(m->subgraphs[0].tensors[1].type, AP_TFL_STRING);
    assert_int_equal(m->subgraphs[0].tensors[1].bytes, -1);
    assert_int_equal(m->subgraphs[0].ops[1].builtin, AP_TFL_OP_WHILE);
    assert_int_equal(m->subgraphs[0].ops[1].calls[0], 1);
    assert_int_equal(m->subgraphs[0].ops[1].calls[1], 2);
    ap_tflite_free(m);
    free(data);

    ap_problem *p = NULL;
    assert_int_equal(ap_load(path, NULL, &p, &err), AP_ERR_INPUT);
    assert_null(p);
    assert_contains(err.msg, "litert_while_op_with_forwarding_input.tflite: subgraph 0 tensor 1 "
                             "(increment_value, table at byte 2588) has type STRING, which TFLM "
                             "cannot size");
    run_result r = run_cli("plan", path, NULL);
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "has type STRING, which TFLM cannot size");
    run_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_ok_model_matches_tflm),
        cmocka_unit_test(vela_matches_tflm_with_ethos_u),
        cmocka_unit_test(vela_on_a_32_bit_target),
        cmocka_unit_test(while_with_string_is_refused_clearly),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
