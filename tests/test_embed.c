/*
 * test_embed.c - ap_tflite_embed and ap_tflite_set_metadata on real and hand-built models: the
 * exact offline plans written, in place and moved copies, idempotence, replacing a plan
 * (person_detect_vela's own), tensor indices shared by several subgraphs as TFLM reads them,
 * scratch left to TFLM, extra metadata entries, and the refusals (models that cannot move,
 * bad edits, damaged and truncated inputs). Every copy goes through test_embed_check.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/bounds.h"
#include "arenaplan/csv.h"
#include "arenaplan/embed.h"
#include "arenaplan/tflite.h"
#include "arenaplan/tflm.h"
#include "core/util.h"
#include "test_embed_check.h"
#include "test_tflite_fbb.h"
#include "testutil.h"
#include "tflite/fb.h"

#define HELLO "corpus/models/tflm/hello_world_int8.tflite"
#define PERSON "corpus/models/tflm/person_detect.tflite"
#define VELA "corpus/models/tflm/person_detect_vela.tflite"
#define LSTM "corpus/models/tflm/micro_speech_lstm.tflite"
#define TWO_SIG "corpus/models/more/mediapipe_test_two_signature_keys_model.tflite"

static void assert_words(const ap_tflite_embed_result *r, size_t n, const int32_t *want)
{
    char got[1024] = "";
    size_t k = 0;
    for (size_t i = 0; i < r->n_words && k < sizeof got - 16; i++)
        k += (size_t)snprintf(got + k, sizeof got - k, "%s%d", i ? ", " : "", (int)r->words[i]);
    if (r->n_words != n)
        fail_msg("%zu words (%s), expected %zu", r->n_words, got, n);
    for (size_t i = 0; i < n; i++)
        if (r->words[i] != want[i])
            fail_msg("word %zu is %d, expected %d (words: %s)", i, (int)r->words[i],
                     (int)want[i], got);
}

/* ---- Real models ---------------------------------------------------------------------------- */

static void hello_world_exact(void **state)
{
    (void)state;
    blob in = blob_model(HELLO);
    ap_tflite_embed_result r;
    embed_ok(&in, NULL, NULL, 0, &r);
    /* Tensors 0, 7, 8, 9 are planned; 1-6 are constants. */
    static const int32_t want[] = {0, 1, 10, 16, -1, -1, -1, -1, -1, -1, 0, 16, 0};
    assert_words(&r, 13, want);
    assert_int_equal(r.head, 32);
    assert_int_equal(r.head_before, 32);
    assert_int_equal(r.plan.arena, 32);
    assert_int_equal(r.tensors, 4);
    assert_int_equal(r.fixed, 4);
    assert_int_equal(r.entries, 4);
    assert_int_equal(r.held_for_variables, 0);
    assert_int_equal(r.candidates, 9);
    assert_int_equal(r.had_plan, 0);
    assert_int_equal(r.kernels_entry, 0);
    /* No offline plan before: the input moved behind a new header. */
    assert_int_equal(r.shift, 272);
    assert_int_equal(r.len, 2704 + 272);
    assert_string_equal(r.plan.strategy, "best:greedy");
    ap_tflite_embed_result_free(&r);
    blob_free(&in);
}

/* Embedding an embedded model gives the same bytes: the plan's buffer is rewritten in place
 * with the same words. */
static void embedding_twice_is_idempotent(void **state)
{
    (void)state;
    blob in = blob_model(PERSON);
    ap_tflite_embed_result r1, r2;
    embed_ok(&in, NULL, NULL, 0, &r1);
    assert_int_equal(r1.head, 55296);
    assert_int_equal(r1.fixed, 32);
    assert_int_equal(r1.tensors, 32);
    assert_int_equal(r1.shift, 880);
    blob once = {r1.data, r1.len};
    embed_ok(&once, NULL, NULL, 0, &r2);
    assert_int_equal(r2.shift, 0);
    assert_int_equal(r2.len, r1.len);
    assert_memory_equal(r2.data, r1.data, r1.len);
    assert_int_equal(r2.had_plan, 1);
    assert_int_equal(r2.head_before, 55296);
    /* And a third time from the copy of the copy. */
    ap_tflite_embed_result r3;
    blob twice = {r2.data, r2.len};
    embed_ok(&twice, NULL, NULL, 0, &r3);
    assert_memory_equal(r3.data, r1.data, r1.len);
    ap_tflite_embed_result_free(&r3);
    ap_tflite_embed_result_free(&r2);
    ap_tflite_embed_result_free(&r1);
    blob_free(&in);
}

/* An existing plan is replaced, not duplicated: re-plan an embedded model from scratch with
 * another strategy. The offsets change in place; there is still one plan. */
static void embedding_again_replaces_the_plan(void **state)
{
    (void)state;
    blob in = blob_model(HELLO);
    ap_tflite_embed_result r1, r2;
    embed_ok(&in, NULL, NULL, 0, &r1);
    blob once = {r1.data, r1.len};
    embed_ok(&once, NULL, "linear", 1, &r2);
    static const int32_t want[] = {0, 1, 10, 0, -1, -1, -1, -1, -1, -1, 16, 32, 48};
    assert_words(&r2, 13, want);
    assert_int_equal(r2.head, 64);
    assert_int_equal(r2.head_before, 32); /* the first plan, as TFLM would run it */
    assert_int_equal(r2.shift, 0);
    assert_string_equal(r2.plan.strategy, "linear");
    assert_int_equal(r2.candidates, 1);
    /* Without --ignore-offline the embedded offsets are kept whatever the strategy. */
    ap_tflite_embed_result r3;
    blob twice = {r2.data, r2.len};
    embed_ok(&twice, NULL, "bestfit-size", 0, &r3);
    assert_words(&r3, 13, want);
    assert_memory_equal(r3.data, r2.data, r2.len);
    ap_tflite_embed_result_free(&r3);
    ap_tflite_embed_result_free(&r2);
    ap_tflite_embed_result_free(&r1);
    blob_free(&in);
}

/* person_detect_vela carries Vela's plan: four tensors at offset 0 (the NPU's scratch areas
 * share the input and output on purpose). Kept, it embeds to the same bytes; replaced
 * (--ignore-offline), arenaplan's plan keeps the buffers apart. */
static void vela_plan_kept_or_replaced(void **state)
{
    (void)state;
    blob in = blob_model(VELA);
    ap_tflite_embed_result r;
    embed_ok(&in, "reference64", NULL, 0, &r);
    static const int32_t kept[] = {0, 1, 6, 0, -1, -1, 0, 0, 0};
    assert_words(&r, 9, kept);
    assert_int_equal(r.shift, 0);
    assert_int_equal(r.len, in.n);
    assert_memory_equal(r.data, in.p, in.n);
    assert_int_equal(r.head, 74560); /* TFLM's head for this model (reference plans) */
    assert_int_equal(r.head_before, 74560);
    ap_tflite_embed_result_free(&r);

    embed_ok(&in, "reference64", NULL, 1, &r);
    static const int32_t replaced[] = {0, 1, 6, 158240, -1, -1, 74464, 0, 148928};
    assert_words(&r, 9, replaced);
    assert_int_equal(r.shift, 0);
    assert_int_equal(r.head, 158256);
    assert_int_equal(r.head_before, 74560);
    assert_int_equal(r.had_plan, 1);
    /* Only bytes of the three changed entries differ from the input (3 bytes each: the top
     * bytes stay 0). */
    size_t diff = 0;
    for (size_t i = 0; i < in.n; i++)
        diff += r.data[i] != in.p[i];
    assert_int_equal(diff, 9);
    ap_tflite_embed_result_free(&r);
    blob_free(&in);
}

/* Scratch cannot be embedded: the copy fixes the tensors and TFLM places the scratch. */
static void scratch_is_left_to_tflm(void **state)
{
    (void)state;
    blob in = blob_model(LSTM);
    ap_tflite_embed_result r;
    embed_ok(&in, NULL, NULL, 0, &r);
    size_t scratch = 0;
    for (size_t i = 0; i < r.problem->n; i++)
        if (r.problem->buf[i].kind == AP_KIND_SCRATCH) {
            scratch++;
            assert_int_equal(r.problem->buf[i].fixed, AP_UNFIXED);
        }
    assert_int_equal(scratch, 4);
    assert_int_equal(r.tensors, 5);
    assert_int_equal(r.fixed, 5);
    assert_int_equal(r.head, 17168);
    assert_int_equal(r.head_before, 17168);
    ap_tflite_embed_result_free(&r);
    blob_free(&in);
}

/* The default tries every portfolio strategy and keeps the smallest TFLM head: never worse
 * than any single strategy. */
static void default_is_the_best_candidate(void **state)
{
    (void)state;
    static const char *const models[] = {PERSON, LSTM,
                                         "corpus/models/more/litert_blazeface_mlkit_v1.tflite"};
    for (size_t k = 0; k < 3; k++) {
        blob in = blob_model(models[k]);
        ap_tflite_embed_result r;
        embed_ok(&in, NULL, NULL, 0, &r);
        size_t n;
        const ap_strategy *s = ap_strategies(&n);
        for (size_t i = 0; i < n; i++) {
            if (!(s[i].flags & AP_STRATEGY_PORTFOLIO))
                continue;
            ap_tflite_embed_result one;
            embed_ok(&in, NULL, s[i].name, 0, &one);
            assert_true(r.head <= one.head);
            ap_tflite_embed_result_free(&one);
        }
        if (k == 2) {
            assert_int_equal(r.head, 516096);
            assert_int_equal(r.head_before, 688128);
        }
        ap_tflite_embed_result_free(&r);
        blob_free(&in);
    }
}

/* The multi-subgraph dev models (every corpus model with several subgraphs that TFLM loads):
 * the entries of each subgraph's tensors, -1 where TFLM does not plan the tensor, and TFLM's
 * head with them - the head the real runtime measured with its own planner
 * (corpus/reference/tflm_head_sizes.csv) and the lower bound, every tensor fixed. */
typedef struct multi_case {
    const char *name;
    uint32_t n_subgraphs;
    uint32_t tensors[5];
    int32_t entries[5][12]; /* per subgraph, per tensor */
    int64_t head;
} multi_case;

static const multi_case multi_cases[] = {
    {"litert_multi_subgraphs_while", 3, {5, 5, 8},
     {{112, -1, 96, 80, 64}, {32, 16, 0, -1, 0}, {48, 16, 0, -1, -1, 32, 16, 0}}, 128},
    {"litert_nested_while", 5, {2, 3, 2, 3, 2},
     {{96, 80}, {32, 16, 0}, {64, 48}, {32, 16, 0}, {16, 0}}, 112},
    {"litert_call_once_mul", 2, {4, 2}, {{32, -1, 16, 0}, {-1, -1}}, 48},
    {"litert_multi_signatures", 2, {3, 3}, {{16, -1, 0}, {16, -1, 0}}, 32},
    {"mediapipe_test_two_signature_keys_model", 2, {9, 9},
     {{48, 16, 0, -1, -1, -1, 32, 16, 0}, {80, 64, 48, -1, -1, -1, 32, 16, 0}}, 96},
    {"litert_resource_vars_calibrated", 2, {12, 2},
     {{304, -1, -1, -1, -1, 0, 224, 112, 0, 144, 112, 0}, {-1, -1}}, 336},
};

static void multi_subgraph_models_concatenated(void **state)
{
    (void)state;
    for (size_t c = 0; c < sizeof multi_cases / sizeof *multi_cases; c++) {
        const multi_case *mc = &multi_cases[c];
        char rel[256];
        snprintf(rel, sizeof rel, "corpus/models/more/%s.tflite", mc->name);
        blob in = blob_model(rel);
        ap_tflite_embed_result r;
        embed_ok(&in, NULL, NULL, 0, &r);
        /* [version 0, subgraphs, n, subgraph 0's entries, subgraph 1's, ...] */
        int32_t want[64] = {0, (int32_t)mc->n_subgraphs, 0};
        size_t n = 3;
        for (uint32_t s = 0; s < mc->n_subgraphs; s++)
            for (uint32_t t = 0; t < mc->tensors[s]; t++)
                want[n++] = mc->entries[s][t];
        want[2] = (int32_t)(n - 3);
        assert_words(&r, n, want);
        assert_int_equal(r.head, mc->head);
        assert_int_equal(r.head_before, mc->head);
        assert_int_equal(r.fixed, r.tensors);
        assert_int_equal(r.held_for_variables, 0);
        ap_bounds bd;
        assert_int_equal(ap_bounds_compute(r.problem, &bd, NULL), AP_OK);
        assert_int_equal(bd.lower, mc->head);

        /* TFLM reading the copy: each tensor fixed at its own entry, nothing left to share;
         * its GreedyMemoryPlanner (offline buffers first) reaches the head embed claims, and
         * the plan passes the checker against the problem as read. */
        ap_problem *q = NULL;
        ap_error err = {0};
        assert_int_equal(ap_tflite_load_problem(r.data, r.len, "copy", NULL, &q, &err), AP_OK);
        size_t k = 3;
        for (uint32_t s = 0; s < mc->n_subgraphs; s++)
            for (uint32_t t = 0; t < mc->tensors[s]; t++, k++)
                for (size_t i = 0; i < q->n; i++)
                    if (q->buf[i].subgraph == (int32_t)s && q->buf[i].tensor == (int32_t)t)
                        assert_int_equal(q->buf[i].fixed, want[k]);
        size_t n_clash = 1;
        assert_int_equal(ap_tflm_offline_clashes(q, NULL, 0, &n_clash, &err), AP_OK);
        assert_int_equal(n_clash, 0);
        ap_plan t;
        ap_plan_init(&t);
        assert_int_equal(ap_tflite_tflm_plan(q, &t, &err), AP_OK);
        assert_int_equal(t.arena, mc->head);
        assert_int_equal(assert_valid_plan(r.problem, &t), mc->head);
        ap_plan_free(&t);
        ap_problem_free(q);
        ap_tflite_embed_result_free(&r);
        blob_free(&in);
    }
}

/* TFLM's planner knows no overlap allowances: what it places at runtime keeps clear of every
 * other buffer, even where in-place or overlap rules would allow sharing. Fixed buffers keep
 * their offsets, and sharing among them stays accepted. */
static void tflm_plan_ignores_rule_allowances(void **state)
{
    (void)state;
    static const char csv[] = "id,lower,upper,size,offset,alias_of\n"
                              "a,0,2,64,0,\n"
                              "b,1,3,64,,a\n"
                              "c,0,3,32,,\n"
                              "d,0,1,16,0,\n";
    ap_problem *p = NULL;
    ap_csv_options co;
    ap_plan g, t;
    ap_error err = {0};
    ap_csv_options_init(&co);
    co.allow_fixed_overlap = 1; /* d and a share bytes as an offline plan may */
    assert_int_equal(ap_csv_parse(csv, strlen(csv), "t.csv", &co, &p, NULL, &err), AP_OK);
    ap_plan_init(&g);
    ap_plan_init(&t);
    assert_int_equal(plan_checked(p, "greedy", &g), 96); /* b aliases a */
    assert_int_equal(g.offset[1], 0);
    assert_int_equal(ap_tflite_tflm_plan(p, &t, &err), AP_OK);
    assert_int_equal(t.offset[0], 0);
    assert_int_equal(t.offset[1], 64);
    assert_int_equal(t.offset[2], 128);
    assert_int_equal(t.offset[3], 0); /* d shares a's bytes: fixed there by the input */
    assert_int_equal(t.arena, 160);
    assert_int_equal(assert_valid_plan(p, &t), 160);
    ap_plan_free(&g);
    ap_plan_free(&t);
    ap_problem_free(p);
}

/* ---- Hand-built models ---------------------------------------------------------------------- */

enum { F32 = AP_TFL_FLOAT32, I8 = AP_TFL_INT8 };
static const unsigned char four_bytes[4] = {1, 2, 3, 4};

static blob built(fbb_node *root)
{
    blob b;
    b.p = fbb_finish(root, &b.n);
    fbb_reset();
    return b;
}

/* Subgraph 0: x -> ADD -> y, with CALL_ONCE of subgraph 1 first when call is set (x lives
 * across it). Subgraph 1: a (40 floats) -> ADD -> b. */
static fbb_node *two_subgraph_model(int call, fbb_node *metadata, fbb_node *buffers)
{
    fbb_node *init = fbb_scalar(fbb_table(), AP_TFL_F_CALL_ONCE_INIT_SUBGRAPH_INDEX, 4, 1);
    fbb_node *ops0 = call ? fbb_tables(2, tfl_op(1, fbb_ints(0), fbb_ints(0),
                                                 AP_TFL_OPT_CALL_ONCE, init),
                                       tfl_op(0, fbb_ints(2, 0, 0), fbb_ints(1, 1), 0, NULL))
                          : fbb_tables(1, tfl_op(0, fbb_ints(2, 0, 0), fbb_ints(1, 1), 0, NULL));
    fbb_node *sg0 = tfl_subgraph(fbb_tables(2, tfl_tensor("x", F32, fbb_ints(1, 4), 0),
                                            tfl_tensor("y", F32, fbb_ints(1, 4), 0)),
                                 fbb_ints(1, 0), fbb_ints(1, 1), ops0, "main");
    fbb_node *sg1 = tfl_subgraph(fbb_tables(2, tfl_tensor("a", F32, fbb_ints(1, 40), 0),
                                            tfl_tensor("b", F32, fbb_ints(1, 40), 0)),
                                 fbb_ints(1, 0), fbb_ints(1, 1),
                                 fbb_tables(1, tfl_op(0, fbb_ints(2, 0, 0), fbb_ints(1, 1), 0,
                                                      NULL)),
                                 "init");
    if (!buffers)
        buffers = fbb_tables(2, tfl_buffer(NULL, 0), tfl_buffer(four_bytes, 4));
    return tfl_model(fbb_tables(2, tfl_opcode(AP_TFL_OP_ADD, NULL), tfl_opcode(AP_TFL_OP_CALL_ONCE, NULL)),
                     fbb_tables(2, sg0, sg1), buffers, metadata);
}

/* Each tensor at its own entry, subgraph 0's first: [x, y, a, b]. */
static void subgraph_entries_concatenated(void **state)
{
    (void)state;
    /* Subgraph 1 never runs ([-1, 0)): a and b live together there, and apart from x and y. */
    blob in = built(two_subgraph_model(0, NULL, NULL));
    ap_tflite_embed_result r;
    embed_ok(&in, NULL, NULL, 0, &r);
    static const int32_t alone[] = {0, 2, 4, 16, 0, 160, 0};
    assert_words(&r, 7, alone);
    assert_int_equal(r.fixed, 4);
    assert_int_equal(r.head, 320);
    ap_tflite_embed_result_free(&r);
    blob_free(&in);

    /* CALL_ONCE runs subgraph 1 while x is live: x keeps clear of a and b. */
    in = built(two_subgraph_model(1, NULL, NULL));
    embed_ok(&in, NULL, NULL, 0, &r);
    static const int32_t called[] = {0, 2, 4, 320, 0, 160, 0};
    assert_words(&r, 7, called);
    assert_int_equal(r.fixed, 4);
    assert_int_equal(r.tensors, 4);
    assert_int_equal(r.head, 336);
    ap_tflite_embed_result_free(&r);
    blob_free(&in);
}

/* The fixed offsets of q's tensor buffers when tensor t of every subgraph takes entry t (the
 * reading of arenaplan's earlier embed), into a copy of q; whether two of them clash. */
static size_t clashes_read_per_index(const ap_problem *q, const int32_t *entries)
{
    ap_problem *o = ap_problem_clone(q);
    ap_error err = {0};
    size_t n = 0;
    assert_non_null(o);
    for (size_t i = 0; i < o->n; i++) {
        o->buf[i].fixed = AP_UNFIXED;
        if (o->buf[i].tensor != AP_NO_INDEX && entries[o->buf[i].tensor] >= 0)
            o->buf[i].fixed = entries[o->buf[i].tensor];
        o->buf[i].preplanned = o->buf[i].fixed != AP_UNFIXED; /* an offline plan's */
    }
    assert_int_equal(ap_problem_validate(o, &err), AP_OK);
    assert_int_equal(ap_tflm_offline_clashes(o, NULL, 0, &n, &err), AP_OK);
    ap_problem_free(o);
    return n;
}

/* Where a later subgraph has more tensors than subgraph 0, the layout arenaplan's earlier
 * embed wrote (tensor i of every subgraph at entry i, merged per index) gives, read as TFLM
 * reads it, clashing offsets to tensors live together; the concatenated layout does not. */
static void longer_callee_subgraph(void **state)
{
    (void)state;
    const int32_t *old = tfl_longer_callee_earlier;
    blob in = built(tfl_longer_callee_model(old));
    ap_problem *q = NULL;
    ap_error err = {0};
    assert_int_equal(ap_tflite_load_problem(in.p, in.n, "old.tflite", NULL, &q, &err), AP_OK);
    /* Read per index, as it was meant: no clash. */
    assert_int_equal(clashes_read_per_index(q, old), 0);
    /* Read as TFLM reads it: a (1:0) takes entry 2, c's 0; b (1:1) entry 3, d's 0; a and b
     * meet at op 1:1, which reads a and writes b. */
    ap_tflm_clash c[2];
    size_t n = 0;
    assert_int_equal(ap_tflm_offline_clashes(q, c, 2, &n, &err), AP_OK);
    assert_int_equal(n, 1);
    assert_string_equal(q->buf[c[0].a].id, "1:0");
    assert_string_equal(q->buf[c[0].b].id, "1:1");
    assert_int_equal(q->buf[c[0].a].fixed, 0);
    assert_int_equal(q->buf[c[0].b].fixed, 0);
    assert_true(ap_buffers_meet(q, c[0].a, c[0].b));
    ap_problem_free(q);

    /* Re-embedding it keeps the offsets TFLM reads, the clash included (the head TFLM
     * reaches with it, 48 bytes, is that of a and b on shared bytes). */
    ap_tflite_embed_result r;
    embed_ok(&in, NULL, NULL, 0, &r);
    assert_int_equal(r.head_before, 48);
    assert_int_equal(r.head, 48);
    assert_int_equal(ap_tflite_load_problem(r.data, r.len, "kept.tflite", NULL, &q, &err),
                     AP_OK);
    assert_int_equal(ap_tflm_offline_clashes(q, NULL, 0, &n, &err), AP_OK);
    assert_int_equal(n, 1);
    ap_problem_free(q);
    ap_tflite_embed_result_free(&r);

    /* Embedded from scratch (--ignore-offline), as from the model without a plan: each tensor
     * at its own entry, no clash as TFLM reads them. */
    static const int32_t want[] = {0, 2, 6, 48, 0, 32, 16, 0, 0};
    blob plain = built(tfl_longer_callee_model(NULL));
    embed_ok(&plain, NULL, NULL, 0, &r);
    assert_words(&r, 9, want);
    assert_int_equal(r.fixed, 6);
    assert_int_equal(r.head, 64);
    assert_int_equal(r.head_before, 64);
    assert_int_equal(ap_tflite_load_problem(r.data, r.len, "new.tflite", NULL, &q, &err), AP_OK);
    assert_int_equal(ap_tflm_offline_clashes(q, NULL, 0, &n, &err), AP_OK);
    assert_int_equal(n, 0);
    /* (read per index, entry 0 would put x and a, live together, both at 48) */
    assert_int_equal(clashes_read_per_index(q, r.words + 3), 1);
    ap_problem_free(q);
    ap_tflite_embed_result_free(&r);
    embed_ok(&in, NULL, NULL, 1, &r);
    assert_words(&r, 9, want);
    assert_int_equal(r.head_before, 48);
    ap_tflite_embed_result_free(&r);
    blob_free(&plain);
    blob_free(&in);
}

/* A variable outside subgraph 0 that stays in the tail needs entry i, for its index i, to be
 * -1 (TFLM's AllocateVariables reads that one): v (subgraph 1 tensor 1) holds y's entry 1 free,
 * and TFLM places y at runtime. */
static void entries_held_for_variables(void **state)
{
    (void)state;
    blob in = built(tfl_variables_model(NULL));
    ap_tflite_embed_result r;
    embed_ok(&in, NULL, NULL, 0, &r);
    static const int32_t want[] = {0, 2, 6, 32, -1, -1, 16, -1, 0};
    assert_words(&r, 9, want);
    assert_int_equal(r.held_for_variables, 1);
    assert_int_equal(r.tensors, 4);
    assert_int_equal(r.fixed, 3);
    assert_int_equal(r.head, 48);
    ap_tfl_model *m = read_model(r.data, r.len);
    assert_int_equal(ap_tflm_variable_place(m, m->offline.offsets, 1, 1), AP_TFLM_VAR_TAIL);
    assert_int_equal(ap_tflm_variable_place(m, m->offline.offsets, 0, 2), AP_TFLM_VAR_TAIL);
    ap_tflite_free(m);
    ap_tflite_embed_result_free(&r);
    blob_free(&in);

    /* A plan that puts v in the head keeps it there (a fixed buffer of the problem); then
     * nothing needs holding. */
    static const int32_t v_head[6] = {-1, -1, -1, -1, 48, -1};
    in = built(tfl_variables_model(v_head));
    embed_ok(&in, NULL, NULL, 0, &r);
    assert_int_equal(r.held_for_variables, 0);
    assert_int_equal(r.tensors, 5);
    assert_int_equal(r.fixed, 5);
    assert_int_equal(r.words[3 + 4], 48);
    ap_tflite_embed_result_free(&r);
    blob_free(&in);
}

/* Constants, variables and empty tensors are left to the runtime (-1). */
static void unplanned_tensors_get_minus_one(void **state)
{
    (void)state;
    fbb_node *sg = tfl_subgraph(
        fbb_tables(5, tfl_tensor("in", F32, fbb_ints(1, 4), 0),
                   tfl_variable(tfl_tensor("state", F32, fbb_ints(1, 4), 0)),
                   tfl_tensor("empty", F32, fbb_ints(1, 0), 0),
                   tfl_tensor("w", F32, fbb_ints(1, 1), 1),
                   tfl_tensor("out", F32, fbb_ints(1, 4), 0)),
        fbb_ints(1, 0), fbb_ints(1, 4),
        fbb_tables(1, tfl_op(0, fbb_ints(4, 0, 1, 2, 3), fbb_ints(1, 4), 0, NULL)), NULL);
    blob in = built(tfl_model(fbb_tables(1, tfl_opcode(AP_TFL_OP_ADD, NULL)), fbb_tables(1, sg),
                              fbb_tables(2, tfl_buffer(NULL, 0), tfl_buffer(four_bytes, 4)),
                              NULL));
    ap_tflite_embed_result r;
    embed_ok(&in, NULL, NULL, 0, &r);
    static const int32_t want[] = {0, 1, 5, 16, -1, -1, -1, 0};
    assert_words(&r, 8, want);
    assert_int_equal(r.tensors, 2);
    assert_int_equal(r.fixed, 2);
    assert_int_equal(r.entries, 2);
    ap_tflite_embed_result_free(&r);
    blob_free(&in);
}

/* A Model table with a field the schema does not define cannot move, but an existing plan of
 * the right size can still be rewritten in place. */
static void unknown_model_field(void **state)
{
    (void)state;
    ap_tflite_embed_result r;
    ap_tflite_embed_options o;
    ap_error err = {0};
    ap_tflite_embed_options_init(&o);
    fbb_node *root = two_subgraph_model(0, NULL, NULL);
    fbb_scalar(root, AP_TFL_F_MODEL_EXTERNAL_BUFFERS, 4, 77);
    blob in = built(root);
    assert_int_equal(ap_tflite_embed(in.p, in.n, "odd.tflite", &o, &r, &err), AP_ERR_INPUT);
    assert_contains(err.msg, "odd.tflite: the Model table (byte ");
    assert_contains(err.msg, ") has field 9, which the TFLite schema arenaplan knows does not "
                             "define; arenaplan cannot move the table without knowing that "
                             "field's type");
    assert_null(r.data);
    blob_free(&in);

    /* With a plan of the right size at a 16-aligned position (the constant buffer's length
     * moves it 4 bytes at a time), the plan is rewritten in place. */
    int32_t words[7] = {0, 2, 4, -1, -1, -1, -1};
    static const unsigned char sixteen[16] = {0};
    int done = 0;
    for (size_t pad = 4; pad <= 16 && !done; pad += 4) {
        fbb_node *md = fbb_table();
        fbb_ref(md, AP_TFL_F_METADATA_NAME, fbb_str(AP_TFL_OFFLINE_PLAN_NAME));
        fbb_scalar(md, AP_TFL_F_METADATA_BUFFER, 4, 2);
        root = two_subgraph_model(0, fbb_tables(1, md),
                                  fbb_tables(3, tfl_buffer(NULL, 0), tfl_buffer(sixteen, pad),
                                             tfl_buffer(words, sizeof words)));
        fbb_scalar(root, AP_TFL_F_MODEL_EXTERNAL_BUFFERS, 4, 77);
        in = built(root);
        ap_tfl_model *m = read_model(in.p, in.n);
        size_t pos = m->buffers[2].data_pos;
        ap_tflite_free(m);
        if (pos % 16 == 0) {
            embed_ok(&in, NULL, NULL, 0, &r);
            assert_int_equal(r.shift, 0);
            static const int32_t want[] = {0, 2, 4, 16, 0, 160, 0};
            assert_words(&r, 7, want);
            ap_tflite_embed_result_free(&r);
            done = 1;
        }
        blob_free(&in);
    }
    assert_true(done);
}

/* The moved Model table carries every field over: the version (a scalar), and offsets to
 * what it names, including metadata_buffer (field 5), which the reader does not decode. A
 * metadata_buffer pointing out of the file is refused. */
static void model_fields_carried_over(void **state)
{
    (void)state;
    fbb_node *root = two_subgraph_model(0, NULL, NULL);
    fbb_ref(root, AP_TFL_F_MODEL_METADATA_BUFFER, fbb_ints(2, 1, 0));
    fbb_ref(root, AP_TFL_F_MODEL_DESCRIPTION, fbb_str("a description"));
    blob in = built(root);
    ap_tflite_embed_result r;
    embed_ok(&in, NULL, NULL, 0, &r);
    assert_true(r.shift > 0);
    ap_tfl_model *m = read_model(r.data, r.len);
    assert_string_equal(m->description, "a description");
    assert_int_equal(m->version, 3);
    ap_tflite_free(m);
    ap__fb fb = {r.data, r.len};
    ap__fb_table t;
    ap__fb_vec v;
    size_t rootpos;
    assert_int_equal(ap__fb_deref(&fb, 0, 4, "root", &rootpos, NULL), AP_OK);
    assert_int_equal(ap__fb_table_at(&fb, rootpos, "model", &t, NULL), AP_OK);
    assert_true(rootpos < r.shift); /* the new Model table is in the header */
    assert_int_equal(ap__fb_get_vec(&fb, &t, 5, 4, "md", NULL, &v, NULL), AP_OK);
    assert_int_equal(v.count, 2);
    assert_int_equal(ap__fb_u32(&fb, v.at), 1);
    assert_int_equal(ap__fb_u32(&fb, v.at + 4), 0);
    assert_true(v.pos >= r.shift); /* the vector itself is the input's, moved */
    ap_tflite_embed_result_free(&r);
    blob_free(&in);

    root = two_subgraph_model(0, NULL, NULL);
    fbb_scalar(root, AP_TFL_F_MODEL_METADATA_BUFFER, 4, 0x7fff0000);
    in = built(root);
    ap_tflite_embed_options o;
    ap_error err = {0};
    ap_tflite_embed_options_init(&o);
    assert_int_equal(ap_tflite_embed(in.p, in.n, "m.tflite", &o, &r, &err), AP_ERR_INPUT);
    assert_contains(err.msg, "m.tflite: model: metadata_buffer: offset 2147418112 at byte ");
    blob_free(&in);
}

/* Data kept outside the FlatBuffer at absolute positions (Buffer.offset, models over 2 GB) or
 * an operator's large custom options cannot move. */
static void absolute_positions_refused(void **state)
{
    (void)state;
    ap_tflite_embed_result r;
    ap_tflite_embed_options o;
    ap_error err = {0};
    ap_tflite_embed_options_init(&o);
    fbb_node *far = fbb_scalar(fbb_scalar(fbb_table(), AP_TFL_F_BUFFER_OFFSET, 8, 4096),
                               AP_TFL_F_BUFFER_SIZE, 8, 16);
    blob in = built(two_subgraph_model(
        0, NULL, fbb_tables(3, tfl_buffer(NULL, 0), tfl_buffer(four_bytes, 4), far)));
    assert_int_equal(ap_tflite_embed(in.p, in.n, "big.tflite", &o, &r, &err), AP_ERR_INPUT);
    assert_contains(err.msg, "big.tflite: buffer 2 (table at byte ");
    assert_contains(err.msg, "keeps its data outside the FlatBuffer (Buffer.offset 4096, size "
                             "16, a format for models over 2 GB) at an absolute file position; "
                             "arenaplan does not rewrite such models");
    blob_free(&in);
    /* An offset of 1 is no position (the schema: valid only above 1). */
    far = fbb_scalar(fbb_table(), AP_TFL_F_BUFFER_OFFSET, 8, 1);
    in = built(two_subgraph_model(
        0, NULL, fbb_tables(3, tfl_buffer(NULL, 0), tfl_buffer(four_bytes, 4), far)));
    embed_ok(&in, NULL, NULL, 0, &r);
    assert_true(r.shift > 0);
    ap_tflite_embed_result_free(&r);
    blob_free(&in);

    fbb_node *op = tfl_op(0, fbb_ints(2, 0, 0), fbb_ints(1, 1), 0, NULL);
    fbb_scalar(op, AP_TFL_F_OPERATOR_LARGE_CUSTOM_OPTIONS_OFFSET, 8, 100000);
    fbb_node *sg = tfl_subgraph(fbb_tables(2, tfl_tensor("x", F32, fbb_ints(1, 4), 0),
                                           tfl_tensor("y", F32, fbb_ints(1, 4), 0)),
                                fbb_ints(1, 0), fbb_ints(1, 1), fbb_tables(1, op), NULL);
    in = built(tfl_model(fbb_tables(1, tfl_opcode(AP_TFL_OP_ADD, NULL)), fbb_tables(1, sg),
                         fbb_tables(1, tfl_buffer(NULL, 0)), NULL));
    assert_int_equal(ap_tflite_embed(in.p, in.n, "big.tflite", &o, &r, &err), AP_ERR_INPUT);
    assert_contains(err.msg, "subgraph 0 operator 0 keeps its custom options outside the "
                             "FlatBuffer (large_custom_options_offset 100000");
    blob_free(&in);
}

/* ---- Metadata edits ------------------------------------------------------------------------- */

static void metadata_set_replace_remove(void **state)
{
    (void)state;
    blob in = blob_model(HELLO);
    static const unsigned char abc[] = "abc", wxyz[] = "wxyz", vwxy[] = "vwxy";
    ap_tfl_metadata_edit e[2] = {{"arenaplan.test", abc, 3, 0},
                                 {"min_runtime_version", NULL, 0, 1}};
    unsigned char *out = NULL, *out2 = NULL;
    size_t len, len2, shift;
    ap_error err = {0};
    static const char *const edited[] = {"arenaplan.test", "min_runtime_version"};

    /* Add one entry, remove another: the input moves. */
    assert_int_equal(ap_tflite_set_metadata(in.p, in.n, e, 2, &out, &len, &shift, &err), AP_OK);
    assert_int_equal(shift % 16, 0);
    assert_true(shift > 0);
    assert_preserved(&in, out, len, shift, edited, 2);
    ap_tfl_model *m = read_model(out, len);
    assert_int_equal(m->n_metadata, 2);
    assert_string_equal(m->metadata[0].name, "CONVERSION_METADATA");
    assert_string_equal(m->metadata[1].name, "arenaplan.test");
    const ap_tfl_buffer *b = &m->buffers[m->metadata[1].buffer];
    assert_int_equal(b->data_len, 3);
    assert_int_equal(b->data_pos % 16, 0);
    assert_memory_equal(out + b->data_pos, "abc", 3);
    assert_int_equal(m->metadata[1].buffer, 13); /* a new buffer after the 13 there were */
    assert_int_equal(m->n_buffers, 14);
    ap_tflite_free(m);

    /* The same length again: in place, only those bytes change. */
    blob once = {out, len};
    e[0] = (ap_tfl_metadata_edit){"arenaplan.test", wxyz, 3, 0};
    assert_int_equal(ap_tflite_set_metadata(out, len, e, 2, &out2, &len2, &shift, &err), AP_OK);
    assert_int_equal(shift, 0);
    assert_int_equal(len2, len);
    assert_preserved(&once, out2, len2, 0, edited, 2);
    m = read_model(out2, len2);
    assert_memory_equal(out2 + m->buffers[m->metadata[1].buffer].data_pos, "wxy", 3);
    ap_tflite_free(m);
    free(out2);

    /* Another length: the input moves again; the entry keeps its place and buffer. */
    e[0] = (ap_tfl_metadata_edit){"arenaplan.test", vwxy, 4, 0};
    assert_int_equal(ap_tflite_set_metadata(out, len, e, 1, &out2, &len2, &shift, &err), AP_OK);
    assert_true(shift > 0);
    assert_preserved(&once, out2, len2, shift, edited, 1);
    m = read_model(out2, len2);
    assert_int_equal(m->n_metadata, 2);
    assert_int_equal(m->metadata[1].buffer, 13);
    assert_int_equal(m->n_buffers, 14);
    assert_memory_equal(out2 + m->buffers[13].data_pos, "vwxy", 4);
    ap_tflite_free(m);
    free(out2);
    free(out);

    /* Refused edits. */
    ap_tfl_metadata_edit bad[2] = {{"", abc, 3, 0}, {"x", abc, 3, 0}};
    assert_int_equal(ap_tflite_set_metadata(in.p, in.n, bad, 1, &out, &len, NULL, &err),
                     AP_ERR_USAGE);
    assert_string_equal(err.msg, "metadata edit 0: a name of 1 to 255 bytes is needed");
    bad[0].name = "x";
    assert_int_equal(ap_tflite_set_metadata(in.p, in.n, bad, 2, &out, &len, NULL, &err),
                     AP_ERR_USAGE);
    assert_string_equal(err.msg, "metadata edit 1: \"x\" is edited twice");
    bad[0].data = NULL;
    assert_int_equal(ap_tflite_set_metadata(in.p, in.n, bad, 1, &out, &len, NULL, &err),
                     AP_ERR_USAGE);
    assert_string_equal(err.msg, "metadata edit 0 (\"x\"): 3 bytes announced but no data given");
    assert_null(out);
    blob_free(&in);
}

/* Duplicate entries of a name collapse to one, at the place of the last (the one TFLM
 * reads). A buffer shared with a tensor is never overwritten. */
static void metadata_duplicates_and_shared_buffers(void **state)
{
    (void)state;
    fbb_node *m1 = fbb_table(), *m2 = fbb_table(), *m3 = fbb_table();
    fbb_ref(m1, AP_TFL_F_METADATA_NAME, fbb_str("k"));
    fbb_scalar(m1, AP_TFL_F_METADATA_BUFFER, 4, 1); /* buffer 1: also the constant tensor's data */
    fbb_ref(m2, AP_TFL_F_METADATA_NAME, fbb_str("other"));
    fbb_scalar(m2, AP_TFL_F_METADATA_BUFFER, 4, 0);
    fbb_ref(m3, AP_TFL_F_METADATA_NAME, fbb_str("k"));
    fbb_scalar(m3, AP_TFL_F_METADATA_BUFFER, 4, 1);
    fbb_node *sg = tfl_subgraph(fbb_tables(2, tfl_tensor("x", F32, fbb_ints(1, 1), 1),
                                           tfl_tensor("y", F32, fbb_ints(1, 1), 0)),
                                fbb_ints(0), fbb_ints(1, 1),
                                fbb_tables(1, tfl_op(0, fbb_ints(2, 0, 0), fbb_ints(1, 1), 0,
                                                     NULL)),
                                NULL);
    blob in = built(tfl_model(fbb_tables(1, tfl_opcode(AP_TFL_OP_ADD, NULL)), fbb_tables(1, sg),
                              fbb_tables(2, tfl_buffer(NULL, 0), tfl_buffer(four_bytes, 4)),
                              fbb_tables(3, m1, m2, m3)));
    static const unsigned char nine[4] = {9, 9, 9, 9};
    ap_tfl_metadata_edit e = {"k", nine, 4, 0};
    unsigned char *out = NULL;
    size_t len, shift;
    ap_error err = {0};
    static const char *const edited[] = {"k"};
    assert_int_equal(ap_tflite_set_metadata(in.p, in.n, &e, 1, &out, &len, &shift, &err), AP_OK);
    assert_true(shift > 0);
    assert_preserved(&in, out, len, shift, edited, 1);
    ap_tfl_model *m = read_model(out, len);
    assert_int_equal(m->n_metadata, 2);
    assert_string_equal(m->metadata[0].name, "other");
    assert_string_equal(m->metadata[1].name, "k");
    assert_int_equal(m->metadata[1].buffer, 2); /* a new buffer: buffer 1 is the tensor's */
    assert_memory_equal(out + m->buffers[2].data_pos, nine, 4);
    assert_memory_equal(out + m->buffers[1].data_pos, four_bytes, 4);
    ap_tflite_free(m);
    free(out);
    blob_free(&in);
}

/* The kernels entry: written when in-place or overlap rules are asked for, removed when a
 * later plan does not rely on them; an extra edit of that name replaces the automatic one. */
static void kernels_entry_written_and_removed(void **state)
{
    (void)state;
    blob in = blob_model(HELLO);
    ap_tflite_embed_options o;
    ap_tflite_embed_result r1, r2, r3;
    ap_error err = {0};
    ap_tflite_embed_options_init(&o);
    o.build.inplace = AP_TFLM_INPLACE_ELEMENTWISE;
    assert_int_equal(ap_tflite_embed(in.p, in.n, "h.tflite", &o, &r1, &err), AP_OK);
    assert_embedded(&in, &r1, NULL);
    assert_int_equal(r1.kernels_entry, 1);
    ap_tfl_model *m = read_model(r1.data, r1.len);
    assert_int_equal(m->n_metadata, 4);
    assert_string_equal(m->metadata[3].name, AP_TFL_KERNELS_NAME);
    const ap_tfl_buffer *b = &m->buffers[m->metadata[3].buffer];
    static const char text[] = "kernels=reference\ninplace=elementwise\noverlap=none\n";
    assert_int_equal(b->data_len, strlen(text));
    assert_memory_equal(r1.data + b->data_pos, text, strlen(text));
    ap_tflite_free(m);

    /* Without rules: the entry goes. */
    blob once = {r1.data, r1.len};
    ap_tflite_embed_options_init(&o);
    assert_int_equal(ap_tflite_embed(once.p, once.n, "h.tflite", &o, &r2, &err), AP_OK);
    assert_embedded(&once, &r2, NULL);
    assert_int_equal(r2.kernels_entry, 0);
    m = read_model(r2.data, r2.len);
    assert_int_equal(count_entries(m, AP_TFL_KERNELS_NAME), 0);
    assert_int_equal(m->n_metadata, 3);
    ap_tflite_free(m);

    /* An extra edit (as the overlap rules would pass) replaces the automatic entry. */
    static const unsigned char mine[] = "kernels=reference\noverlap=reference\n";
    ap_tfl_metadata_edit x = {AP_TFL_KERNELS_NAME, mine, sizeof mine - 1, 0};
    o.extra = &x;
    o.n_extra = 1;
    assert_int_equal(ap_tflite_embed(in.p, in.n, "h.tflite", &o, &r3, &err), AP_OK);
    assert_embedded(&in, &r3, NULL);
    assert_int_equal(r3.kernels_entry, 1);
    m = read_model(r3.data, r3.len);
    b = &m->buffers[m->metadata[3].buffer];
    assert_int_equal(b->data_len, sizeof mine - 1);
    assert_memory_equal(r3.data + b->data_pos, mine, sizeof mine - 1);
    ap_tflite_free(m);
    ap_tflite_embed_result_free(&r3);

    /* The offline plan itself is not an extra edit. */
    x.name = AP_TFL_OFFLINE_PLAN_NAME;
    assert_int_equal(ap_tflite_embed(in.p, in.n, "h.tflite", &o, &r3, &err), AP_ERR_USAGE);
    assert_string_equal(err.msg, "h.tflite: the offline plan's metadata is written by embed "
                                 "itself, not as an extra edit");
    ap_tflite_embed_result_free(&r2);
    ap_tflite_embed_result_free(&r1);
    blob_free(&in);
}

/* ---- Refusals ------------------------------------------------------------------------------- */

static void bad_options_and_inputs(void **state)
{
    (void)state;
    blob in = blob_model(HELLO);
    ap_tflite_embed_options o;
    ap_tflite_embed_result r;
    ap_error err = {0};
    ap_tflite_embed_options_init(&o);
    o.build.align = 4;
    assert_int_equal(ap_tflite_embed(in.p, in.n, "h.tflite", &o, &r, &err), AP_ERR_USAGE);
    assert_string_equal(err.msg, "h.tflite: TFLM aligns every buffer to 16 bytes; the alignment "
                                 "cannot be 4");
    ap_tflite_embed_options_init(&o);
    o.plan.strategy = "nope";
    assert_int_equal(ap_tflite_embed(in.p, in.n, "h.tflite", &o, &r, &err), AP_ERR_USAGE);
    assert_string_equal(err.msg, "h.tflite: unknown strategy 'nope' (see 'arenaplan "
                                 "strategies')");
    ap_tflite_embed_options_init(&o);
    int v = -1;
    assert_int_equal(ap_tflm_set_find(AP_TFLM_SET_KERNELS, "cmsis", &v, &err), AP_ERR_USAGE);
    assert_contains(err.msg, "unknown kernel set \"cmsis\"");
    assert_int_equal(v, -1);
    o.build.kernels = AP_TFLM_KERNELS_COUNT;
    assert_int_equal(ap_tflite_embed(in.p, in.n, "h.tflite", &o, &r, &err), AP_ERR_USAGE);
    assert_string_equal(err.msg, "h.tflite: kernel set 5 is not an ap_tflm_kernels");
    assert_null(r.data);

    /* Every truncation of the model is refused with the reader's message. */
    ap_tflite_embed_options_init(&o);
    for (size_t n = 0; n < in.n; n += 1 + n / 16) {
        assert_int_equal(ap_tflite_embed(in.p, n, "cut.tflite", &o, &r, &err), AP_ERR_INPUT);
        assert_contains(err.msg, "cut.tflite: ");
        assert_null(r.data);
    }
    /* A wrong identifier, and a root offset out of the file. */
    unsigned char *c = malloc(in.n);
    memcpy(c, in.p, in.n);
    memcpy(c + 4, "TFL2", 4);
    assert_int_equal(ap_tflite_embed(c, in.n, "x.tflite", &o, &r, &err), AP_ERR_INPUT);
    assert_string_equal(err.msg, "x.tflite: file identifier at bytes 4-7 is \"TFL2\", not "
                                 "\"TFL3\": not a TFLite model");
    memcpy(c + 4, "TFL3", 4);
    c[0] = 0xff;
    c[1] = 0xff;
    assert_int_equal(ap_tflite_embed(c, in.n, "x.tflite", &o, &r, &err), AP_ERR_INPUT);
    assert_contains(err.msg, "x.tflite: root table: offset ");
    free(c);
    blob_free(&in);

    /* An offline plan of the wrong size: TFLM refuses it; --ignore-offline replaces it. */
    int32_t words[6] = {0, 1, 3, 0, 0, 0};
    fbb_node *md = fbb_table();
    fbb_ref(md, AP_TFL_F_METADATA_NAME, fbb_str(AP_TFL_OFFLINE_PLAN_NAME));
    fbb_scalar(md, AP_TFL_F_METADATA_BUFFER, 4, 2);
    in = built(two_subgraph_model(0, fbb_tables(1, md),
                                  fbb_tables(3, tfl_buffer(NULL, 0), tfl_buffer(four_bytes, 4),
                                             tfl_buffer(words, sizeof words))));
    assert_int_equal(ap_tflite_embed(in.p, in.n, "w.tflite", &o, &r, &err), AP_ERR_INPUT);
    assert_contains(err.msg, "has 3 entries but the model has 4 tensors; TFLM refuses such a "
                             "plan");
    embed_ok(&in, NULL, NULL, 1, &r);
    assert_int_equal(r.head_before, -1);
    assert_int_equal(r.n_words, 7);
    assert_true(r.shift > 0); /* 16 bytes now, not 24: the buffer is replaced */
    ap_tflite_embed_result_free(&r);
    blob_free(&in);
}

/* Random damage to real models: embed either refuses the file (no output) or writes a copy
 * that passes every check of test_embed_check.h - never anything in between. */
static void damaged_models_embed_or_fail_cleanly(void **state)
{
    (void)state;
    static const char *const models[] = {HELLO, VELA, TWO_SIG};
    uint64_t seed = 7;
    size_t ok = 0, refused = 0;
    for (size_t k = 0; k < 3; k++) {
        blob in = blob_model(models[k]);
        /* Damage only the FlatBuffer structure, not the large constant data of vela. */
        size_t span = in.n < 4096 ? in.n : 4096;
        for (int round = 0; round < 400; round++) {
            blob c = {malloc(in.n), in.n};
            memcpy(c.p, in.p, in.n);
            int flips = 1 + (int)(ap__rand(&seed) % 3);
            for (int f = 0; f < flips; f++) {
                size_t at = (size_t)(ap__rand(&seed) % span);
                if (k == 1 && at >= 256)
                    at = in.n - 1 - at % 1500; /* vela keeps its graph tables at the end */
                c.p[at] = (unsigned char)ap__rand(&seed);
            }
            ap_tflite_embed_options o;
            ap_tflite_embed_result r;
            ap_error err = {0};
            ap_tflite_embed_options_init(&o);
            if (ap_tflite_embed(c.p, c.n, "d.tflite", &o, &r, &err) == AP_OK) {
                assert_embedded(&c, &r, NULL);
                ap_tflite_embed_result_free(&r);
                ok++;
            } else {
                assert_null(r.data);
                assert_true(strncmp(err.msg, "d.tflite: ", 10) == 0);
                refused++;
            }
            blob_free(&c);
        }
        blob_free(&in);
    }
    printf("%zu damaged models embedded and checked, %zu refused\n", ok, refused);
    assert_true(ok > 100);
    assert_true(refused > 100);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hello_world_exact),
        cmocka_unit_test(embedding_twice_is_idempotent),
        cmocka_unit_test(embedding_again_replaces_the_plan),
        cmocka_unit_test(vela_plan_kept_or_replaced),
        cmocka_unit_test(scratch_is_left_to_tflm),
        cmocka_unit_test(default_is_the_best_candidate),
        cmocka_unit_test(multi_subgraph_models_concatenated),
        cmocka_unit_test(tflm_plan_ignores_rule_allowances),
        cmocka_unit_test(subgraph_entries_concatenated),
        cmocka_unit_test(longer_callee_subgraph),
        cmocka_unit_test(entries_held_for_variables),
        cmocka_unit_test(unplanned_tensors_get_minus_one),
        cmocka_unit_test(unknown_model_field),
        cmocka_unit_test(model_fields_carried_over),
        cmocka_unit_test(absolute_positions_refused),
        cmocka_unit_test(metadata_set_replace_remove),
        cmocka_unit_test(metadata_duplicates_and_shared_buffers),
        cmocka_unit_test(kernels_entry_written_and_removed),
        cmocka_unit_test(bad_options_and_inputs),
        cmocka_unit_test(damaged_models_embed_or_fail_cleanly),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
