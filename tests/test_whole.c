/* test_whole.c - the whole arena of a plan, as the outputs show it (tflm_arena.h's
 * ap_tflm_plan_arena, ap_tflm_shared_arena, ap_tflm_arena_text; tflm.h's ap_tflite_tflm_embedded):
 * for every dev model TFLM loads, TFLM planning the head itself gives the real runtime's figures
 * (corpus/reference: the Cortex-M4 head and arena_used_bytes, the x86-64 smallest arena), and a
 * plan embedded keeps the tail and shrinks only the head. */
#include "arenaplan/tflite.h"
#include "core/util.h"
#include "arenaplan/tflm.h"
#include "arenaplan/tflm_arena.h"
#include "testutil.h"

/* The cells of a reference CSV row, by the header's column names. */
typedef struct row {
    char *cell[64];
    size_t n;
} row;

static size_t split(char *line, char **cell, size_t cap)
{
    size_t n = 0;
    char *p = line;
    line[strcspn(line, "\r\n")] = 0;
    while (n < cap) {
        cell[n++] = p;
        if (!(p = strchr(p, ',')))
            break;
        *p++ = 0;
    }
    return n;
}

static const char *col(const row *head, const row *r, const char *name)
{
    for (size_t k = 0; k < head->n && k < r->n; k++)
        if (strcmp(head->cell[k], name) == 0)
            return r->cell[k];
    fail_msg("no column %s", name);
    return NULL;
}

typedef struct model {
    unsigned char *data;
    size_t len;
    ap_tfl_model *m;
} model;

/* The model of that name under corpus/models, or one with m NULL when there is none. */
static model load(const char *name)
{
    static const char *const dirs[] = {"tflm", "more", "seanet"};
    model md = {NULL, 0, NULL};
    char rel[256];
    ap_error err = {0};
    for (size_t k = 0; k < 3 && !md.data; k++) {
        snprintf(rel, sizeof rel, "corpus/models/%s/%s.tflite", dirs[k], name);
        if (file_exists(src_path(rel)))
            assert_int_equal(ap_read_file(src_path(rel), (size_t)1 << 31, &md.data, &md.len, &err), AP_OK);
    }
    if (md.data)
        assert_int_equal(ap_tflite_read(md.data, md.len, &md.m, &err), AP_OK);
    return md;
}

static void unload(model *md)
{
    ap_tflite_free(md->m);
    free(md->data);
}

/* The plan's arena and stock TFLM's, for a plan of `strategy` on the target's problem. */
static void whole_of(const model *md, const char *target, const char *strategy, ap_tflm_whole *w,
                     ap_plan *plan, ap_problem **pp)
{
    ap_tflite_build_options bo;
    ap_tflm_options to;
    ap_error err = {0};
    ap_tflite_build_options_init(&bo);
    bo.kernels = strcmp(target, "host64") == 0 ? AP_TFLM_KERNELS_REFERENCE64 : AP_TFLM_KERNELS_REFERENCE;
    if (ap_tflite_load_problem(md->data, md->len, "model", &bo, pp, &err) != AP_OK)
        fail_msg("%s", err.msg);
    plan_checked(*pp, strategy, plan);
    ap_tflm_options_init(&to);
    to.target = target;
    if (ap_tflm_plan_arena(md->m, *pp, plan, &to, w, &err) != AP_OK)
        fail_msg("%s", err.msg);
}

/* Every dev model of a reference file: the callback checks one row. */
typedef void (*row_fn)(const row *head, const row *r, const model *md);

static int each_row(const char *rel, row_fn fn)
{
    char *text = read_text(src_path(rel), NULL), *line, *save = NULL;
    row head = {{0}, 0};
    int checked = 0;
    assert_non_null(text);
    line = strtok_r(text, "\n", &save);
    head.n = split(line, head.cell, 64);
    while ((line = strtok_r(NULL, "\n", &save))) {
        row r;
        r.n = split(line, r.cell, 64);
        int has_status = 0;
        for (size_t k = 0; k < head.n; k++)
            has_status |= strcmp(head.cell[k], "status") == 0;
        if (has_status && strcmp(col(&head, &r, "status"), "ok") != 0)
            continue;
        model md = load(r.cell[0]);
        if (!md.m)
            continue;
        fn(&head, &r, &md);
        unload(&md);
        checked++;
    }
    free(text);
    return checked;
}

/* Cortex-M4: stock TFLM is the reference's head and plain arena_used_bytes; the best plan
 * embedded keeps the tail, and its head is the plan's with the scratch TFLM places. */
static void m4_row(const row *head, const row *r, const model *md)
{
    ap_tflm_whole greedy, best;
    ap_plan plan, emb;
    ap_problem *p;
    ap_error err = {0};
    ap_plan_init(&plan);
    whole_of(md, "cortex-m", "greedy", &greedy, &plan, &p);
    if (greedy.stock.head != atoll(col(head, r, "head")) || greedy.stock.used != atoll(col(head, r, "plain_total")))
        fail_msg("%s: stock head %lld, used %lld; the reference %s, %s", r->cell[0], (long long)greedy.stock.head,
                 (long long)greedy.stock.used, col(head, r, "head"), col(head, r, "plain_total"));
    /* greedy's plan is stock TFLM's: the same arena */
    assert_int_equal(greedy.plan.head, greedy.stock.head);
    assert_int_equal(greedy.plan.min_arena, greedy.stock.min_arena);
    ap_problem_free(p);
    whole_of(md, "cortex-m", "best", &best, &plan, &p);
    ap_plan_init(&emb);
    assert_int_equal(ap_tflite_tflm_embedded(p, &plan, &emb, &err), AP_OK);
    assert_int_equal(best.plan.head, emb.arena);
    assert_true(best.plan.head >= plan.arena);
    assert_int_equal(best.plan.tail, best.stock.tail);
    assert_int_equal(best.plan.used, best.plan.head + best.plan.tail);
    assert_int_equal(best.stock.used, greedy.stock.used);
    ap_plan_free(&emb);
    ap_plan_free(&plan);
    ap_problem_free(p);
}

static void test_cortex_m4(void **state)
{
    (void)state;
    assert_int_equal(each_row("corpus/reference/m4/heads_m4_reference.csv", m4_row), 34);
}

/* x86-64: the smallest arena AllocateTensors accepts, measured by bisection with the real runtime. */
static void host64_row(const row *head, const row *r, const model *md)
{
    ap_tflm_whole w;
    ap_plan plan;
    ap_problem *p;
    ap_plan_init(&plan);
    whole_of(md, "host64", "greedy", &w, &plan, &p);
    if (w.plan.min_arena != atoll(col(head, r, "min_arena")) || w.plan.used != atoll(col(head, r, "used_bytes")))
        fail_msg("%s: min_arena %lld, used %lld; the reference %s, %s", r->cell[0], (long long)w.plan.min_arena,
                 (long long)w.plan.used, col(head, r, "min_arena"), col(head, r, "used_bytes"));
    /* one model alone: its own arena */
    assert_int_equal(ap_tflm_shared_arena(&w, 1, NULL, NULL), ap__max64(w.plan.used, w.plan.min_arena));
    ap_plan_free(&plan);
    ap_problem_free(p);
}

static void test_host64_min_arena(void **state)
{
    (void)state;
    assert_int_equal(each_row("corpus/reference/min_arena_host64.csv", host64_row), 34);
}

/* A plan with kernel scratch: TFLM places the scratch around the embedded tensors. */
static void test_embedded_with_scratch(void **state)
{
    (void)state;
    model md = load("trained_lstm");
    ap_tflm_whole w;
    ap_plan plan, emb;
    ap_problem *p;
    ap_error err = {0};
    ap_plan_init(&plan);
    whole_of(&md, "cortex-m", "best", &w, &plan, &p);
    ap_plan_init(&emb);
    assert_int_equal(ap_tflite_tflm_embedded(p, &plan, &emb, &err), AP_OK);
    for (size_t i = 0; i < p->n; i++)
        if (p->buf[i].tensor != AP_NO_INDEX)
            assert_int_equal(emb.offset[i], plan.offset[i]);
    assert_valid_plan(p, &emb);
    assert_int_equal(w.plan.head, emb.arena);
    /* an incomplete plan is refused */
    plan.offset[0] = AP_UNPLACED;
    assert_int_equal(ap_tflite_tflm_embedded(p, &plan, &emb, &err), AP_ERR_INVALID);
    assert_string_equal(err.msg, "buffer '0' has no offset");
    ap_plan_free(&emb);
    ap_plan_free(&plan);
    ap_problem_free(p);
    unload(&md);
}

/* The arena's sentence, in its three cases. */
static void test_arena_text(void **state)
{
    (void)state;
    ap_tflm_arena a;
    char text[320];
    memset(&a, 0, sizeof a);
    a.target = "cortex-m";
    a.head = 32;
    a.tail = 644;
    a.used = a.min_arena = 676;
    ap_tflm_arena_text(&a, text, sizeof text);
    assert_string_equal(text, "676 bytes (kTensorArenaSize for TFLM on cortex-m; head 32 + tail 644)");
    a.min_arena = 1068;
    a.binding_phase = AP_TFLM_PHASE_PLAN;
    ap_tflm_arena_text(&a, text, sizeof text);
    assert_string_equal(text, "1068 bytes (kTensorArenaSize for TFLM on cortex-m; head 32 + tail 644 after "
                              "AllocateTensors, which needs more in its plan step)");
    a.min_arena = 672;
    a.binding_phase = AP_TFLM_PHASE_FINISH;
    ap_tflm_arena_text(&a, text, sizeof text);
    assert_string_equal(text, "672 bytes (kTensorArenaSize for TFLM on cortex-m; head 32 + tail 644 - 4 bytes "
                              "of alignment padding: the tail's padding depends on where the arena ends)");
    a.min_arena = 680; /* person_detect's case on the Cortex-M4: 4 bytes more than head + tail */
    ap_tflm_arena_text(&a, text, sizeof text);
    assert_string_equal(text, "680 bytes (kTensorArenaSize for TFLM on cortex-m; head 32 + tail 644 + 4 bytes "
                              "of alignment padding: the tail's padding depends on where the arena ends)");
    a.min_arena = 672;
    ap_tflm_arena_text(&a, text, 20);
    assert_string_equal(text, "672 bytes (kTensorA");
    /* PrintAllocations' words */
    assert_string_equal(ap_tflm_category_print_name(AP_TFLM_NODE_AND_REGISTRATION), "NodeAndRegistration struct");
    assert_string_equal(ap_tflm_category_print_unit(AP_TFLM_NODE_AND_REGISTRATION), "NodeAndRegistration structs");
    assert_null(ap_tflm_category_print_name(AP_TFLM_OTHER));
}

/* Models sharing an arena: the largest head, every tail, and each one's setup beside the others. */
static void test_shared_arena(void **state)
{
    (void)state;
    ap_tflm_whole w[2];
    int64_t head, tails;
    memset(w, 0, sizeof w);
    w[0].plan.head = 1000;
    w[0].plan.tail = 300;
    w[0].plan.min_arena = 1300;
    w[1].plan.head = 200;
    w[1].plan.tail = 100;
    w[1].plan.min_arena = 700; /* its AllocateTensors needs 400 more than its head and tail */
    assert_int_equal(ap_tflm_shared_arena(w, 2, &head, &tails), 1400);
    assert_int_equal(head, 1000);
    assert_int_equal(tails, 400);
    w[1].plan.min_arena = 1500;
    assert_int_equal(ap_tflm_shared_arena(w, 2, NULL, NULL), 1800); /* 1500 beside the other's 300 */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cortex_m4),
        cmocka_unit_test(test_host64_min_arena),
        cmocka_unit_test(test_embedded_with_scratch),
        cmocka_unit_test(test_arena_text),
        cmocka_unit_test(test_shared_arena),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
