/*
 * test_tflite_corpus.c - acceptance on the real models: for every model the real TFLM runtime
 * could allocate (status ok in corpus/reference/tflm_head_sizes.csv), the problem read from
 * the .tflite has exactly TFLM's planner buffers (count, order, sizes, lifetimes) and the
 * `greedy` strategy gives exactly TFLM's head size and every offset (plans/MODEL.csv). Plus the
 * two models TFLM's standard build cannot allocate, and the Cortex-M4 figures (m4/) of TFLM's
 * reference kernels and of its CMSIS-NN kernels: buffers, offsets, heads and every scratch
 * request.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/tflite.h"
#include "testutil.h"
#include "tflm_kernels/prepare.h"
#include "tflm_kernels/scratch.h"

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

/* The problem's rows equal the reference plan's (at rel below the source tree), and greedy
 * reproduces its offsets and head. */
static void check_against_reference(const char *name, const char *path, const char *rel,
                                    const char *kernels, int64_t head)
{
    size_t n;
    plan_row *ref = read_ref_plan(rel, &n);
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
    csv_reader cr;
    char *line = csv_open(&cr, "corpus/reference/tflm_head_sizes.csv");
    assert_non_null(strstr(line, "model,status,subgraphs,tensors,operators,planned_buffers,"
                                 "head_greedy"));
    int checked = 0;
    while ((line = csv_next(&cr)) != NULL) {
        char name[128], status[64];
        long long sg, nt, nop, planned, head;
        if (sscanf(line, "%127[^,],%63[^,],%lld,%lld,%lld,%lld,%lld", name, status, &sg, &nt,
                   &nop, &planned, &head) != 7 || strcmp(status, "ok") != 0)
            continue;
        char path[1024];
        snprintf(path, sizeof path, "%s", corpus_model(name));
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
        char rel[256];
        snprintf(rel, sizeof rel, "corpus/reference/plans/%s.csv", name);
        check_against_reference(name, path, rel, NULL, head);
        checked++;
    }
    csv_close(&cr);
    /* 161 models with status ok (person_detect_vela and the WHILE/STRING model are not). */
    assert_int_equal(checked, 161);
}

/* person_detect_vela: with TFLM's Ethos-U kernel (two scratch requests of one uint64 and one
 * size_t per tensor) on the 64-bit host the reference was measured on, and its offline plan
 * honoured, greedy gives TFLM's plan exactly. */
static void vela_matches_tflm_with_ethos_u(void **state)
{
    (void)state;
    const char *path = corpus_model("person_detect_vela");
    check_against_reference("person_detect_vela", path,
                            "corpus/reference/plans/person_detect_vela.ethos-u.csv", "reference64",
                            74560);
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
    ap_problem *p = load_model(corpus_model("person_detect_vela"), NULL);
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
    assert_int_equal(ap_load(corpus_model("person_detect_vela"), &lo, &q, &err), AP_OK);
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
    const char *path = corpus_model("litert_while_op_with_forwarding_input");
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
    /* the command line reads it for its head (allow_refusal): the whole arena is TFLM's
       allocator's refusal */
    const char *why = "TFLM's allocator refuses the model: subgraph 0 tensor 1 (increment_value) "
                      "has type STRING, which TFLM cannot size (TfLiteTypeSizeOf fails) "
                      "(micro_allocation_info.cc:197): this model cannot load";
    assert_refusal_said(path, why, 192,
                        "{\"kind\":\"prepare\",\"subgraph\":null,\"operator\":null,\"name\":null,"
                        "\"check\":\"subgraph 0 tensor 1 (increment_value) has type STRING, "
                        "which TFLM cannot size (TfLiteTypeSizeOf fails)\",\"source\":"
                        "\"micro_allocation_info.cc:197\",");
    run_result r = run_cli("plan", path, NULL);
    assert_contains(r.out, "\nbuffers      21, by first use\n");
    assert_contains(r.out, "\nreorder      another operator order keeps 176 bytes live at most "
                           "instead of 192 (-16, 8.3%, optimal): 'arenaplan reorder' writes it\n");
    run_free(&r);
    r = run_cli("plan", path, "--format", "c", NULL);
    assert_contains(r.out, "/* no LITERT_WHILE_OP_WITH_FORWARDING_INPUT_ARENA_SIZE: TFLM's whole "
                           "arena is unknown (above) */\n");
    run_free(&r);
}

/* ---- Cortex-M4 (corpus/reference/m4) --------------------------------------------------------- */

typedef struct scratch_row {
    char model[128], op_type[64];
    long long op, bytes, subgraph, request;
} scratch_row;

/* Reads corpus/reference/m4/scratch_m4_DIR.csv. */
static scratch_row *read_scratch(const char *dir, size_t *n)
{
    char rel[256];
    snprintf(rel, sizeof rel, "corpus/reference/m4/scratch_m4_%s.csv", dir);
    csv_reader cr;
    size_t cap = 16, k = 0;
    scratch_row *rows = malloc(cap * sizeof *rows);
    char *line = csv_open(&cr, rel);
    assert_string_equal(line, "model,op_index,op_type,bytes,subgraph,request");
    while ((line = csv_next(&cr)) != NULL) {
        if (k == cap)
            rows = realloc(rows, (cap *= 2) * sizeof *rows);
        scratch_row *r = &rows[k++];
        if (sscanf(line, "%127[^,],%lld,%63[^,],%lld,%lld,%lld", r->model, &r->op, r->op_type,
                   &r->bytes, &r->subgraph, &r->request) != 6)
            fail_msg("%s: bad row '%s'", rel, line);
    }
    csv_close(&cr);
    *n = k;
    return rows;
}

/* The kernel set's scratch requests for the model equal the reference's one for one (the
 * operator, its type, the bytes as requested, the request's index); returns their count and
 * their bytes in *bytes. */
static size_t check_scratch(const char *name, const char *path, const char *kernels,
                            const scratch_row *ref, size_t n_ref, long long *bytes)
{
    unsigned char *data;
    size_t len, k = 0;
    ap_error err = {0};
    ap_tfl_model *m;
    assert_int_equal(ap_read_file(path, (size_t)1 << 30, &data, &len, &err), AP_OK);
    assert_int_equal(ap_tflite_read(data, len, &m, &err), AP_OK);
    ap__prepare pr = {0};
    if (ap__scratch_run(m, (ap_tflm_kernels)tflm_set(AP_TFLM_SET_KERNELS, kernels), &pr,
                        &err) != AP_OK)
        fail_msg("%s: %s", name, err.msg);
    *bytes = 0;
    for (size_t i = 0; i < n_ref; i++) {
        if (strcmp(ref[i].model, name) != 0)
            continue;
        if (k >= pr.n)
            fail_msg("%s (%s): %zu scratch requests, TFLM made more", name, kernels, pr.n);
        const ap__scratch *q = &pr.v[k];
        const ap_tfl_operator *op = &m->subgraphs[q->subgraph].ops[q->op];
        if (ref[i].request != (long long)k || q->subgraph != ref[i].subgraph ||
            q->op != ref[i].op || q->bytes != ref[i].bytes || strcmp(op->name, ref[i].op_type))
            fail_msg("%s (%s): request %zu is %lld bytes of %u:%u %s, TFLM's %lld is %lld bytes "
                     "of %lld:%lld %s", name, kernels, k, (long long)q->bytes, q->subgraph, q->op,
                     op->name, ref[i].request, ref[i].bytes, ref[i].subgraph, ref[i].op,
                     ref[i].op_type);
        *bytes += q->bytes;
        k++;
    }
    if (k != pr.n)
        fail_msg("%s (%s): %zu scratch requests, TFLM made %zu", name, kernels, pr.n, k);
    ap__prepare_free(&pr);
    ap_tflite_free(m);
    free(data);
    return k;
}

/* Every model the Cortex-M4 build of kernel directory dir (heads_m4_DIR.csv) loaded, read
 * with kernel set kernels: TFLM's buffers (plans_m4_DIR/MODEL.csv: order, lifetimes, sizes),
 * greedy's offsets and head, the planned buffer count, and every scratch request
 * (scratch_m4_DIR.csv, with the count and bytes of the heads file). The two models it could
 * not load are named in failed[] with how arenaplan treats them. Returns the models checked. */
static int check_m4(const char *dir, const char *kernels)
{
    char rel[256];
    snprintf(rel, sizeof rel, "corpus/reference/m4/heads_m4_%s.csv", dir);
    size_t n_scratch;
    scratch_row *scratch = read_scratch(dir, &n_scratch);
    csv_reader cr;
    char *f[32];
    char *line = csv_open(&cr, rel);
    assert_int_equal(csv_fields(line, f, 32), 21);
    assert_string_equal(f[0], "model");
    assert_string_equal(f[2], "status");
    assert_string_equal(f[6], "planned_buffers");
    assert_string_equal(f[7], "head");
    assert_string_equal(f[18], "scratch_buffers");
    assert_string_equal(f[19], "scratch_bytes");
    int checked = 0, failed = 0;
    while ((line = csv_next(&cr)) != NULL) {
        assert_int_equal(csv_fields(line, f, 32), 21);
        char path[1024];
        snprintf(path, sizeof path, "%s", corpus_model(f[0]));
        if (strncmp(f[2], "FAILED", 6) == 0) {
            /* The firmware registered no ethos-u kernel (arenaplan models it in every set:
               a firmware that runs the model links it); TFLM cannot size a STRING tensor
               (arenaplan refuses the model too). */
            ap_problem *p = NULL;
            ap_load_options lo;
            ap_error err = {0};
            ap_load_options_init(&lo);
            lo.build.kernels = (ap_tflm_kernels)tflm_set(AP_TFLM_SET_KERNELS, kernels);
            ap_status st = ap_load(path, &lo, &p, &err);
            if (strcmp(f[0], "person_detect_vela") == 0)
                assert_int_equal(st, AP_OK);
            else if (strcmp(f[0], "litert_while_op_with_forwarding_input") == 0)
                assert_int_equal(st, AP_ERR_INPUT);
            else
                fail_msg("%s: TFLM failed (%s); no test says what arenaplan does", f[0], f[2]);
            ap_problem_free(p);
            failed++;
            continue;
        }
        assert_string_equal(f[2], "ok");
        snprintf(rel, sizeof rel, "corpus/reference/m4/plans_m4_%s/%s.csv", dir, f[0]);
        check_against_reference(f[0], path, rel, kernels, atoll(f[7]));
        ap_problem *p = load_model(path, kernels);
        assert_int_equal((long long)p->n, atoll(f[6]));
        ap_problem_free(p);
        long long bytes;
        size_t n = check_scratch(f[0], path, kernels, scratch, n_scratch, &bytes);
        assert_int_equal((long long)n, atoll(f[18]));
        assert_int_equal(bytes, atoll(f[19]));
        checked++;
    }
    assert_int_equal(failed, 2);
    free(scratch);
    csv_close(&cr);
    return checked;
}

/* TFLM's reference kernels on the Cortex-M4: the default set ("reference"). */
static void m4_reference_kernels_match_tflm(void **state)
{
    (void)state;
    assert_int_equal(check_m4("reference", "reference"), 34);
}

/* TFLM with CMSIS-NN on the Cortex-M4: --kernels cmsis-nn (and its other name cmsis-nn-m4). */
static void m4_cmsis_nn_kernels_match_tflm(void **state)
{
    (void)state;
    assert_int_equal(check_m4("cmsis_nn", "cmsis-nn"), 34);
    assert_int_equal(check_m4("cmsis_nn", "cmsis-nn-m4"), 34);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_ok_model_matches_tflm),
        cmocka_unit_test(vela_matches_tflm_with_ethos_u),
        cmocka_unit_test(vela_on_a_32_bit_target),
        cmocka_unit_test(while_with_string_is_refused_clearly),
        cmocka_unit_test(m4_reference_kernels_match_tflm),
        cmocka_unit_test(m4_cmsis_nn_kernels_match_tflm),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
