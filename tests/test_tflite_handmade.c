/*
 * test_tflite_handmade.c - the reader, TFLM's lifetime rules and the kernel scratch models on
 * models built by hand (test_tflite_fbb.h), so each rule is checked on a model that isolates it:
 * scopes through control flow, a subgraph run twice, subgraph call loops, offline plans as TFLM
 * indexes them, the scratch of every modelled kernel, and the graph's fields.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/tflite.h"
#include "arenaplan/tflm.h"
#include "arenaplan/tflm_arena.h"
#include "test_tflite_fbb.h"
#include "testutil.h"

enum { F32 = AP_TFL_FLOAT32, I32 = AP_TFL_INT32, I64 = AP_TFL_INT64, I16 = AP_TFL_INT16,
       I8 = AP_TFL_INT8, INT4 = AP_TFL_INT4 };
static const unsigned char four_bytes[4] = {1, 2, 3, 4};

/* Builds root and loads it as a problem; returns the status, *p set on success. */
/* flags: 1 ignore_offline, 2 allow_refusal (ap_tflite_build_options). */
static ap_status load_built(fbb_node *root, const char *kernels, int flags, ap_problem **p,
                            ap_error *err)
{
    size_t len;
    unsigned char *data = fbb_finish(root, &len);
    ap_tflite_build_options lo;
    ap_tflite_build_options_init(&lo);
    lo.kernels = (ap_tflm_kernels)tflm_set(AP_TFLM_SET_KERNELS, kernels);
    lo.ignore_offline = flags & 1;
    lo.allow_refusal = (flags & 2) != 0;
    ap_status st = ap_tflite_load_problem(data, len, "built.tflite", &lo, p, err);
    free(data);
    fbb_reset();
    return st;
}

/* TFLM's whole arena of the model root (cortex-m, kernel set kernels: NULL for reference):
 * ap_tflm_arena_compute's status, *a its result. */
static ap_status arena_of(fbb_node *root, const char *kernels, ap_tflm_arena *a, ap_error *err)
{
    size_t len;
    unsigned char *data = fbb_finish(root, &len);
    ap_tfl_model *m = NULL;
    ap_tflm_options o;
    ap_tflm_options_init(&o);
    o.kernels = kernels;
    ap_status st = ap_tflite_read(data, len, &m, err);
    if (st == AP_OK)
        st = ap_tflm_arena_compute(m, &o, a, err);
    ap_tflite_free(m);
    free(data);
    fbb_reset();
    return st;
}

static ap_problem *must_load(fbb_node *root, const char *kernels)
{
    ap_problem *p = NULL;
    ap_error err = {0};
    if (load_built(root, kernels, 0, &p, &err) != AP_OK)
        fail_msg("%s", err.msg);
    return p;
}

static void assert_buf(const ap_problem *p, size_t i, const char *id, int64_t lower,
                       int64_t upper, int64_t size)
{
    if (i >= p->n)
        fail_msg("buffer %zu missing (%zu buffers)", i, p->n);
    const ap_buffer *b = &p->buf[i];
    if (strcmp(b->id, id) != 0 || b->lower != lower || b->upper != upper || b->size != size)
        fail_msg("buffer %zu: %s [%lld,%lld) %lld bytes; expected %s [%lld,%lld) %lld", i, b->id,
                 (long long)b->lower, (long long)b->upper, (long long)b->size, id,
                 (long long)lower, (long long)upper, (long long)size);
}

/* Buffers: 0 empty (the schema's sentinel), 1 holding data (constants). */
static fbb_node *two_buffers(void)
{
    return fbb_tables(2, tfl_buffer(NULL, 0), tfl_buffer(four_bytes, 4));
}

/* ---- Lifetimes ---------------------------------------------------------------------------- */

static void chain_lifetimes_ids_and_text(void **state)
{
    (void)state;
    fbb_node *sg = tfl_subgraph(
        fbb_tables(4, tfl_tensor("in", F32, fbb_ints(2, 1, 4), 0),
                   tfl_tensor("mid", F32, fbb_ints(2, 1, 4), 0),
                   tfl_tensor("out", F32, fbb_ints(2, 1, 4), 0),
                   tfl_tensor("w", F32, fbb_ints(2, 1, 4), 1)),
        fbb_ints(1, 0), fbb_ints(1, 2),
        fbb_tables(2, tfl_op(0, fbb_ints(2, 0, 3), fbb_ints(1, 1), 0, NULL),
                   tfl_op(1, fbb_ints(1, 1), fbb_ints(1, 2), 0, NULL)),
        "main");
    ap_problem *p = must_load(
        tfl_model(fbb_tables(2, tfl_opcode(AP_TFL_OP_ADD, NULL), tfl_opcode(AP_TFL_OP_RELU, NULL)), fbb_tables(1, sg),
                  two_buffers(), NULL),
        NULL);
    assert_int_equal(p->n, 3); /* the constant "w" is not planned */
    assert_buf(p, 0, "0", 0, 2, 16);
    assert_buf(p, 1, "1", 1, 3, 16);
    assert_buf(p, 2, "2", 2, 3, 16);
    assert_string_equal(p->buf[0].name, "in");
    assert_int_equal(p->buf[0].kind, AP_KIND_INPUT);
    assert_int_equal(p->buf[1].kind, AP_KIND_ACTIVATION);
    assert_int_equal(p->buf[2].kind, AP_KIND_OUTPUT);
    assert_int_equal(p->buf[1].subgraph, 0);
    assert_int_equal(p->buf[1].tensor, 1);
    assert_null(p->buf[0].producer);
    assert_string_equal(p->buf[0].consumers, "op 0 ADD");
    assert_string_equal(p->buf[1].producer, "op 0 ADD");
    assert_string_equal(p->buf[1].consumers, "op 1 RELU");
    assert_string_equal(p->buf[2].producer, "op 1 RELU");
    assert_string_equal(ap_problem_label(p, 0), "inputs");
    assert_string_equal(ap_problem_label(p, 1), "op 0 ADD");
    assert_string_equal(ap_problem_label(p, 2), "op 1 RELU");
    assert_int_equal(p->default_align, 16);
    assert_string_equal(p->source, "built.tflite");
    assert_contains(p->note, "kernel scratch: reference");
    ap_plan plan;
    ap_plan_init(&plan);
    assert_int_equal(plan_checked(p, "greedy", &plan), 32);
    ap_plan_free(&plan);
    ap_problem_free(p);
}

/* CALL_ONCE twice into subgraph 1: every walk of a subgraph opens new scopes; TFLM keeps the
 * first creation of its tensors (UpdateFirstCreated sets first_created only while it is -1) and
 * the last use (UpdateLastUsed), so they live from the first walk to the end of the second.
 * Scratch requested by an operator of subgraph 1 is requested once (Prepare runs once) and
 * spans both walks the same way. */
static void subgraph_walked_twice(void **state)
{
    (void)state;
    fbb_node *init1 = fbb_scalar(fbb_table(), AP_TFL_F_CALL_ONCE_INIT_SUBGRAPH_INDEX, 4, 1);
    fbb_node *init1b = fbb_scalar(fbb_table(), AP_TFL_F_CALL_ONCE_INIT_SUBGRAPH_INDEX, 4, 1);
    fbb_node *sg0 = tfl_subgraph(
        fbb_tables(2, tfl_tensor("x", F32, fbb_ints(1, 4), 0),
                   tfl_tensor("y", F32, fbb_ints(1, 4), 0)),
        fbb_ints(1, 0), fbb_ints(1, 1),
        fbb_tables(3, tfl_op(0, fbb_ints(0), fbb_ints(0), AP_TFL_OPT_CALL_ONCE, init1),
                   tfl_op(0, fbb_ints(0), fbb_ints(0), AP_TFL_OPT_CALL_ONCE, init1b),
                   tfl_op(1, fbb_ints(2, 0, 0), fbb_ints(1, 1), 0, NULL)),
        "main");
    fbb_node *sg1 = tfl_subgraph(
        fbb_tables(2, tfl_tensor("a", F32, fbb_ints(1, 4), 0),
                   tfl_tensor("b", F32, fbb_ints(1, 4), 0)),
        fbb_ints(1, 0), fbb_ints(1, 1),
        fbb_tables(1, tfl_op(2, fbb_ints(2, 0, 0), fbb_ints(1, 1), 0, NULL)), "init");
    ap_problem *p = must_load(
        tfl_model(fbb_tables(3, tfl_opcode(AP_TFL_OP_CALL_ONCE, NULL), tfl_opcode(AP_TFL_OP_ADD, NULL), tfl_opcode(AP_TFL_OP_ADD_N, NULL)),
                  fbb_tables(2, sg0, sg1), two_buffers(), NULL),
        NULL);
    assert_int_equal(p->n, 5);
    assert_buf(p, 0, "0", 0, 8, 16);
    assert_buf(p, 1, "1", 7, 8, 16);
    assert_buf(p, 2, "1:0", 2, 7, 16);
    assert_buf(p, 3, "1:1", 3, 7, 16);
    assert_buf(p, 4, "scratch0", 3, 7, 16); /* ADD_N: 2 pointers of 4 bytes */
    assert_string_equal(p->buf[4].name, "op 1:0 ADD_N: input pointers");
    assert_string_equal(p->buf[4].producer, "op 1:0 ADD_N");
    assert_int_equal(p->buf[4].kind, AP_KIND_SCRATCH);
    assert_int_equal(p->buf[4].subgraph, 1);
    assert_int_equal(p->buf[4].tensor, AP_NO_INDEX);
    assert_string_equal(p->buf[2].consumers, "op 1:0 ADD_N");
    assert_string_equal(ap_problem_label(p, 2), "subgraph 1 (from op 0 CALL_ONCE)");
    assert_string_equal(ap_problem_label(p, 3), "op 1:0 ADD_N");
    assert_string_equal(ap_problem_label(p, 5), "subgraph 1 (from op 1 CALL_ONCE)");
    assert_string_equal(ap_problem_label(p, 7), "op 2 ADD");
    ap_problem_free(p);
}

/* A subgraph output no operator writes (and no input) is created at the subgraph's end, where
 * TFLM's MarkAllocationLifetimes first marks outputs: z lives [2, 3), not from step 0. */
static void output_without_producer(void **state)
{
    (void)state;
    fbb_node *sg = tfl_subgraph(
        fbb_tables(4, tfl_tensor("x", F32, fbb_ints(1, 4), 0),
                   tfl_tensor("y", F32, fbb_ints(1, 4), 0),
                   tfl_tensor("w", F32, fbb_ints(1, 4), 0),
                   tfl_tensor("z", F32, fbb_ints(1, 4), 0)),
        fbb_ints(1, 0), fbb_ints(2, 2, 3),
        fbb_tables(2, tfl_op(0, fbb_ints(2, 0, 0), fbb_ints(1, 1), 0, NULL),
                   tfl_op(0, fbb_ints(2, 1, 1), fbb_ints(1, 2), 0, NULL)),
        "main");
    ap_problem *p = must_load(tfl_model(fbb_tables(1, tfl_opcode(AP_TFL_OP_ADD, NULL)),
                                        fbb_tables(1, sg), two_buffers(), NULL),
                              NULL);
    assert_int_equal(p->n, 4);
    assert_buf(p, 0, "0", 0, 2, 16);
    assert_buf(p, 1, "1", 1, 3, 16);
    assert_buf(p, 2, "2", 2, 3, 16);
    assert_buf(p, 3, "3", 2, 3, 16);
    ap_problem_free(p);
}

/* A subgraph never invoked keeps TFLM's -1 lifetimes: [-1, 0). */
static void subgraph_never_invoked(void **state)
{
    (void)state;
    fbb_node *sg0 = tfl_subgraph(fbb_tables(1, tfl_tensor("x", F32, fbb_ints(1, 4), 0)),
                                 fbb_ints(1, 0), fbb_ints(1, 0), fbb_tables(0), NULL);
    fbb_node *sg1 = tfl_subgraph(fbb_tables(1, tfl_tensor("z", I8, fbb_ints(1, 40), 0)),
                                 fbb_ints(1, 0), fbb_ints(1, 0), fbb_tables(0), NULL);
    ap_problem *p = must_load(
        tfl_model(fbb_tables(0), fbb_tables(2, sg0, sg1), two_buffers(), NULL), NULL);
    assert_int_equal(p->n, 2);
    assert_buf(p, 0, "0", 0, 1, 16);
    assert_buf(p, 1, "1:0", -1, 0, 48);
    ap_problem_free(p);
}

static fbb_node *call_once_options(int32_t init)
{
    return fbb_scalar(fbb_table(), AP_TFL_F_CALL_ONCE_INIT_SUBGRAPH_INDEX, 4, (uint32_t)init);
}

static fbb_node *call_once_model(int32_t sg0_calls, int32_t sg1_calls)
{
    fbb_node *sg0 = tfl_subgraph(fbb_tables(1, tfl_tensor("x", F32, fbb_ints(1, 4), 0)),
                                 fbb_ints(1, 0), fbb_ints(1, 0),
                                 fbb_tables(1, tfl_op(0, fbb_ints(0), fbb_ints(0),
                                                      AP_TFL_OPT_CALL_ONCE,
                                                      call_once_options(sg0_calls))),
                                 NULL);
    fbb_node *sg1 = tfl_subgraph(fbb_tables(1, tfl_tensor("z", F32, fbb_ints(1, 4), 0)),
                                 fbb_ints(1, 0), fbb_ints(1, 0),
                                 fbb_tables(1, tfl_op(0, fbb_ints(0), fbb_ints(0),
                                                      AP_TFL_OPT_CALL_ONCE,
                                                      call_once_options(sg1_calls))),
                                 NULL);
    return tfl_model(fbb_tables(1, tfl_opcode(AP_TFL_OP_CALL_ONCE, NULL)), fbb_tables(2, sg0, sg1),
                     two_buffers(), NULL);
}

static void subgraph_call_loops_are_refused(void **state)
{
    (void)state;
    ap_problem *p = NULL;
    ap_error err = {0};
    assert_int_equal(load_built(call_once_model(1, 0), NULL, 0, &p, &err), AP_ERR_INPUT);
    assert_string_equal(err.msg, "built.tflite: subgraph 1 operator 0 (CALL_ONCE) invokes "
                                 "subgraph 0, which is already being run: a loop of subgraph "
                                 "calls (0 -> 1 -> 0)");
    assert_null(p);
    assert_int_equal(load_built(call_once_model(0, 1), NULL, 0, &p, &err), AP_ERR_INPUT);
    assert_string_equal(err.msg, "built.tflite: subgraph 0 operator 0 (CALL_ONCE) invokes "
                                 "subgraph 0, which is already being run: a loop of subgraph "
                                 "calls (0 -> 0)");
    assert_int_equal(load_built(call_once_model(7, 0), NULL, 0, &p, &err), AP_ERR_INPUT);
    assert_contains(err.msg, "subgraph 0 operator 0 (CALL_ONCE) (options at byte ");
    assert_contains(err.msg, "CALL_ONCE invokes subgraph 7, but the model has 2 subgraphs");
    /* A WHILE without WhileOptions. */
    fbb_node *sg0 = tfl_subgraph(fbb_tables(0), NULL, NULL,
                                 fbb_tables(1, tfl_op(0, fbb_ints(0), fbb_ints(0), 0, NULL)),
                                 NULL);
    assert_int_equal(load_built(tfl_model(fbb_tables(1, tfl_opcode(AP_TFL_OP_WHILE, NULL)),
                                          fbb_tables(1, sg0), two_buffers(), NULL),
                                NULL, 0, &p, &err),
                     AP_ERR_INPUT);
    assert_contains(err.msg, "a WHILE operator without WhileOptions (options type 0)");
}

/* A chain of n subgraphs, each running the next `calls` times (CALL_ONCE); the last is empty. */
static fbb_node *call_chain(int n, int calls)
{
    fbb_node *sgs = fbb_new(FBB_TABLES);
    sgs->kids = calloc((size_t)n, sizeof *sgs->kids);
    sgs->n = (size_t)n;
    for (int s = 0; s < n; s++) {
        fbb_node *ops = fbb_new(FBB_TABLES);
        ops->kids = calloc(2, sizeof *ops->kids);
        ops->n = s + 1 < n ? (size_t)calls : 0;
        for (size_t k = 0; k < ops->n; k++)
            ops->kids[k] = tfl_op(0, fbb_ints(0), fbb_ints(0), AP_TFL_OPT_CALL_ONCE,
                                  call_once_options(s + 1));
        sgs->kids[s] = tfl_subgraph(fbb_tables(1, tfl_tensor("t", F32, fbb_ints(1, 4), 0)),
                                    fbb_ints(1, 0), fbb_ints(1, 0), ops, NULL);
    }
    return tfl_model(fbb_tables(1, tfl_opcode(AP_TFL_OP_CALL_ONCE, NULL)), sgs, two_buffers(), NULL);
}

/* TFLM would walk these; arenaplan bounds the work and the depth, and says so. */
static void subgraph_call_limits(void **state)
{
    (void)state;
    ap_problem *p = NULL;
    ap_error err = {0};
    /* 2^21 walks of the last subgraphs: more than 2^20 operator visits. */
    assert_int_equal(load_built(call_chain(22, 2), NULL, 0, &p, &err), AP_ERR_INPUT);
    assert_contains(err.msg, "subgraph calls run more than 1048576 operators in all");
    /* 300 nested calls. */
    assert_int_equal(load_built(call_chain(300, 1), NULL, 0, &p, &err), AP_ERR_INPUT);
    assert_contains(err.msg, "subgraph 255 operator 0 (CALL_ONCE): subgraph calls nest deeper "
                             "than 256");
    /* 200 nested calls are fine: each subgraph's tensor lives in its own scope. */
    assert_int_equal(load_built(call_chain(200, 1), NULL, 0, &p, &err), AP_OK);
    assert_int_equal(p->n, 200);
    assert_buf(p, 199, "199:0", 398, 399, 16);
    ap_problem_free(p);
}

/* ---- Offline plans ------------------------------------------------------------------------- */

static fbb_node *offline_model(int32_t count, int32_t second)
{
    int32_t words[8] = {1, 2, count, 64, second, 0, 32, 48};
    fbb_node *sg0 = tfl_subgraph(
        fbb_tables(3, tfl_tensor("a", F32, fbb_ints(1, 4), 0),
                   tfl_tensor("b", F32, fbb_ints(1, 4), 0),
                   tfl_tensor("c", F32, fbb_ints(1, 4), 0)),
        fbb_ints(1, 0), fbb_ints(1, 2),
        fbb_tables(2, tfl_op(0, fbb_ints(2, 0, 0), fbb_ints(1, 1), 0, NULL),
                   tfl_op(0, fbb_ints(2, 1, 1), fbb_ints(1, 2), 0, NULL)),
        NULL);
    fbb_node *sg1 = tfl_subgraph(fbb_tables(2, tfl_tensor("d", F32, fbb_ints(1, 4), 0),
                                            tfl_tensor("e", F32, fbb_ints(1, 4), 0)),
                                 NULL, NULL, fbb_tables(0), NULL);
    fbb_node *md = fbb_table();
    fbb_ref(md, AP_TFL_F_METADATA_NAME, fbb_str("OfflineMemoryAllocation"));
    fbb_scalar(md, AP_TFL_F_METADATA_BUFFER, 4, 2);
    return tfl_model(fbb_tables(1, tfl_opcode(AP_TFL_OP_ADD, NULL)), fbb_tables(2, sg0, sg1),
                     fbb_tables(3, tfl_buffer(NULL, 0), tfl_buffer(four_bytes, 4),
                                tfl_buffer(words, sizeof words)),
                     fbb_tables(1, md));
}

/* TFLM reads the entries concatenated (InitializeAllocationInfo's offline_index runs across
 * the subgraphs): tensor i of subgraph s takes entry (tensors of earlier subgraphs) + i, -1
 * meaning "plan at runtime"; the entry count must equal all subgraphs' tensors. */
static void offline_plan_as_tflm_indexes_it(void **state)
{
    (void)state;
    ap_problem *p = must_load(offline_model(5, -1), NULL);
    assert_int_equal(p->n, 5);
    assert_int_equal(p->buf[0].fixed, 64);
    assert_int_equal(p->buf[1].fixed, AP_UNFIXED);
    assert_int_equal(p->buf[2].fixed, 0);
    assert_string_equal(p->buf[3].id, "1:0");
    assert_int_equal(p->buf[3].fixed, 32); /* entry 3, not entry 0 */
    assert_string_equal(p->buf[4].id, "1:1");
    assert_int_equal(p->buf[4].fixed, 48); /* entry 4: past subgraph 0's 3 tensors */
    assert_contains(p->note, "offline plan honoured");
    ap_plan plan;
    ap_plan_init(&plan);
    int64_t arena = plan_checked(p, "greedy", &plan);
    assert_int_equal(plan.offset[0], 64);
    assert_int_equal(plan.offset[2], 0);
    assert_int_equal(arena, 80);
    ap_plan_free(&plan);
    ap_problem_free(p);

    ap_error err = {0};
    p = NULL;
    assert_int_equal(load_built(offline_model(5, -1), NULL, 1, &p, &err), AP_OK);
    for (size_t i = 0; i < p->n; i++)
        assert_int_equal(p->buf[i].fixed, AP_UNFIXED);
    ap_problem_free(p);
    p = NULL;

    assert_int_equal(load_built(offline_model(4, -1), NULL, 0, &p, &err), AP_ERR_INPUT);
    assert_string_equal(err.msg, "built.tflite: the offline plan (metadata "
                                 "\"OfflineMemoryAllocation\", buffer 2) has 4 entries but the "
                                 "model has 5 tensors; TFLM refuses such a plan");
    /* --ignore-offline plans such a model at runtime. */
    assert_int_equal(load_built(offline_model(4, -1), NULL, 1, &p, &err), AP_OK);
    assert_int_equal(p->n, 5);
    ap_problem_free(p);
    p = NULL;
    /* allow_refusal builds it without the plan (for the head); the whole arena is TFLM's
     * refusal at GetOfflinePlannedOffsets. */
    assert_int_equal(load_built(offline_model(4, -1), NULL, 2, &p, &err), AP_OK);
    assert_int_equal(p->n, 5);
    for (size_t i = 0; i < p->n; i++)
        assert_int_equal(p->buf[i].fixed, AP_UNFIXED);
    ap_problem_free(p);
    p = NULL;
    ap_tflm_arena a;
    assert_int_equal(arena_of(offline_model(4, -1), NULL, &a, &err), AP_ERR_INPUT);
    assert_int_equal(a.refusal.kind, AP_TFLM_REFUSES);
    assert_string_equal(a.refusal.src, "micro_allocation_info.cc:361");
    assert_string_equal(a.refusal.check, "Nbr of offline buffer offsets (4) in metadata not equal "
                                         "nbr tensors (5)");
    assert_int_equal(load_built(offline_model(5, -7), NULL, 0, &p, &err), AP_ERR_INPUT);
    assert_contains(err.msg, "offline plan entry 1 (for subgraph 0 tensor 1, b) is -7");
    assert_int_equal(load_built(offline_model(6, -1), NULL, 0, &p, &err), AP_ERR_INPUT);
    assert_contains(err.msg, "the offline plan at byte ");
    assert_contains(err.msg, "claims 6 offsets, but buffer 2 holds room for 5");
}

/* TFLM's GetOfflinePlannedOffsets wants the name's length too: a name that continues past
 * "OfflineMemoryAllocation" after a NUL byte is another entry. */
static void offline_plan_name_is_exact(void **state)
{
    (void)state;
    int32_t words[8] = {0, 2, 5, 64, -1, 0, 32, 48};
    fbb_node *name = fbb_bytes("OfflineMemoryAllocation\0x", 25);
    name->kind = FBB_STR;
    fbb_node *md = fbb_table();
    fbb_ref(md, AP_TFL_F_METADATA_NAME, name);
    fbb_scalar(md, AP_TFL_F_METADATA_BUFFER, 4, 1);
    fbb_node *sg = tfl_subgraph(fbb_tables(1, tfl_tensor("a", F32, fbb_ints(1, 4), 0)), NULL,
                                NULL, fbb_tables(0), NULL);
    size_t len;
    unsigned char *data = fbb_finish(
        tfl_model(fbb_tables(0), fbb_tables(1, sg),
                  fbb_tables(2, tfl_buffer(NULL, 0), tfl_buffer(words, sizeof words)),
                  fbb_tables(1, md)),
        &len);
    fbb_reset();
    ap_tfl_model *m;
    ap_error err = {0};
    assert_int_equal(ap_tflite_read(data, len, &m, &err), AP_OK);
    assert_int_equal(m->n_metadata, 1);
    assert_string_equal(m->metadata[0].name, "OfflineMemoryAllocation");
    assert_int_equal(m->metadata[0].name_len, 25);
    assert_false(m->offline.present);
    ap_tflite_free(m);
    free(data);
}

/* An offline entry other than -1 takes a variable tensor into the head, at that offset
 * (InitializeAllocationInfo), whatever its size; its tail bytes follow entry i of its index i
 * within its subgraph (AllocateVariables). */
static void offline_plan_and_variables(void **state)
{
    (void)state;
    ap_error err = {0};
    ap_problem *p = NULL;
    /* Entry 1 is y's: v (subgraph 1 tensor 1) reads it for the tail, entry 4 for the head. */
    static const int32_t none_for_v[6] = {-1, 32, -1, -1, -1, -1};
    assert_int_equal(load_built(tfl_variables_model(none_for_v), NULL, 0, &p, &err),
                     AP_ERR_INPUT);
    assert_string_equal(err.msg, "built.tflite: subgraph 1 tensor 1 (v) is a variable that TFLM "
                                 "gives no memory: AllocateVariables reads offline plan entry 1 "
                                 "(32, not -1) and leaves it out of the tail, and "
                                 "InitializeAllocationInfo reads its entry 4 (-1) and does not "
                                 "plan it");
    /* Ignored, the plan leaves every variable in the tail. */
    assert_int_equal(load_built(tfl_variables_model(none_for_v), NULL, 1, &p, &err), AP_OK);
    assert_int_equal(p->n, 4);
    ap_problem_free(p);

    /* Both variables in the head: s at its entry 2 (also its tail entry), v at its entry 4
     * (its tail entry, y's, is 32). Lifetimes from -1: no operator writes them. */
    static const int32_t both_head[6] = {-1, 32, 0, -1, 48, -1};
    p = must_load(tfl_variables_model(both_head), NULL);
    assert_int_equal(p->n, 6);
    assert_buf(p, 0, "0", 0, 5, 16);
    assert_buf(p, 1, "1", 4, 5, 16);
    assert_buf(p, 2, "2", -1, 5, 16);
    assert_buf(p, 4, "1:1", -1, 4, 16);
    assert_int_equal(p->buf[1].fixed, 32);
    assert_int_equal(p->buf[2].fixed, 0);
    assert_int_equal(p->buf[4].fixed, 48);
    assert_string_equal(p->buf[4].name, "v");
    assert_contains(p->note, "offline plan honoured (2 variable tensors in the head)");
    ap_plan plan;
    ap_plan_init(&plan);
    assert_int_equal(ap_tflite_tflm_plan(p, &plan, &err), AP_OK);
    /* greedy, largest first and the last added first among equals: q at 16, p at 32, x
     * above v */
    assert_int_equal(plan.offset[0], 64);
    assert_int_equal(plan.offset[3], 32);
    assert_int_equal(plan.offset[5], 16);
    assert_int_equal(plan.arena, 80);
    assert_int_equal(assert_valid_plan(p, &plan), 80);
    ap_plan_free(&plan);
    ap_problem_free(p);

    /* v in the head at 48 and in the tail too (its tail entry, 1, is -1); s in the tail. */
    static const int32_t v_head[6] = {-1, -1, -1, -1, 48, -1};
    p = must_load(tfl_variables_model(v_head), NULL);
    assert_int_equal(p->n, 5);
    assert_buf(p, 3, "1:1", -1, 4, 16);
    assert_int_equal(p->buf[3].fixed, 48);
    assert_contains(p->note, "offline plan honoured (1 variable tensor in the head)");
    ap_problem_free(p);

    /* ap_tflm_variable_place on each: tail and head bits. */
    size_t len;
    unsigned char *data = fbb_finish(tfl_variables_model(v_head), &len);
    fbb_reset();
    ap_tfl_model *m = NULL;
    assert_int_equal(ap_tflite_read(data, len, &m, &err), AP_OK);
    assert_int_equal(m->subgraphs[1].first_entry, 3);
    assert_int_equal(ap_tflm_variable_place(m, NULL, 1, 1), AP_TFLM_VAR_TAIL);
    assert_int_equal(ap_tflm_variable_place(m, m->offline.offsets, 0, 2), AP_TFLM_VAR_TAIL);
    assert_int_equal(ap_tflm_variable_place(m, m->offline.offsets, 1, 1),
                     AP_TFLM_VAR_TAIL | AP_TFLM_VAR_HEAD);
    assert_int_equal(ap_tflm_variable_place(m, none_for_v, 1, 1), 0);
    assert_int_equal(ap_tflm_variable_place(m, both_head, 1, 1), AP_TFLM_VAR_HEAD);
    assert_int_equal(ap_tflm_variable_place(m, both_head, 0, 2), AP_TFLM_VAR_HEAD);
    ap_tflite_free(m);
    free(data);
}

static void offline_plan_in_the_graph(void **state)
{
    (void)state;
    size_t len;
    unsigned char *data = fbb_finish(offline_model(5, -1), &len);
    ap_tfl_model *m;
    ap_error err = {0};
    assert_int_equal(ap_tflite_read(data, len, &m, &err), AP_OK);
    assert_int_equal(m->n_metadata, 1);
    assert_string_equal(m->metadata[0].name, "OfflineMemoryAllocation");
    assert_int_equal(m->metadata[0].buffer, 2);
    assert_true(m->offline.present);
    assert_int_equal(m->offline.version, 1);
    assert_int_equal(m->offline.subgraphs, 2);
    assert_int_equal(m->offline.n, 5);
    assert_int_equal(m->offline.offsets[0], 64);
    assert_int_equal(m->offline.offsets[1], -1);
    assert_int_equal(m->offline.offsets[3], 32);
    assert_int_equal(m->offline.offsets[4], 48);
    /* File offsets for writing a plan back (issue 7). */
    assert_int_equal(m->offline.offsets_pos, m->buffers[2].data_pos + 12);
    assert_memory_equal(data + m->buffers[2].data_pos, "\1\0\0\0\2\0\0\0", 8);
    assert_int_equal(m->buffers[2].data_len, 32);
    assert_int_equal(m->buffers[2].data_len_pos + 4, m->buffers[2].data_pos);
    ap_tflite_free(m);
    free(data);
    fbb_reset();
}

/* ---- Kernel scratch models ------------------------------------------------------------------- */

/* A model with one operator (opcode builtin/custom) over the given tensors; every tensor that is
 * not an operator input or output is a constant. */
static fbb_node *one_op(int32_t builtin, const char *custom, fbb_node *tensors, fbb_node *in,
                        fbb_node *out, uint8_t opt_type, fbb_node *opt, fbb_node *custom_opts)
{
    fbb_node *op = tfl_op(0, in, out, opt_type, opt);
    fbb_ref(op, AP_TFL_F_OPERATOR_CUSTOM_OPTIONS, custom_opts);
    fbb_node *sg = tfl_subgraph(tensors, NULL, NULL, fbb_tables(1, op), NULL);
    return tfl_model(fbb_tables(1, tfl_opcode(builtin, custom)), fbb_tables(1, sg),
                     two_buffers(), NULL);
}

/* Sizes of the scratch buffers (those after the tensors). */
static void assert_scratch(const ap_problem *p, size_t n_tensors, size_t n, ...)
{
    va_list ap;
    if (p->n != n_tensors + n)
        fail_msg("%zu buffers, expected %zu tensors and %zu scratch", p->n, n_tensors, n);
    va_start(ap, n);
    for (size_t i = 0; i < n; i++) {
        int64_t want = va_arg(ap, int64_t);
        const ap_buffer *b = &p->buf[n_tensors + i];
        char id[32];
        snprintf(id, sizeof id, "scratch%zu", i);
        assert_string_equal(b->id, id);
        if (b->size != want)
            fail_msg("scratch%zu (%s): %lld bytes, expected %lld", i, b->name,
                     (long long)b->size, (long long)want);
        assert_int_equal(b->lower, 1);
        assert_int_equal(b->upper, 2);
    }
    va_end(ap);
}

#define S(x) ((int64_t)(x))

static fbb_node *add_n_model(int type)
{
    return one_op(AP_TFL_OP_ADD_N, NULL,
                  fbb_tables(4, tfl_tensor("a", type, fbb_ints(1, 4), 0),
                             tfl_tensor("b", type, fbb_ints(1, 4), 0),
                             tfl_tensor("c", type, fbb_ints(1, 4), 0),
                             tfl_tensor("s", type, fbb_ints(1, 4), 0)),
                  fbb_ints(3, 0, 1, 2), fbb_ints(1, 3), 0, NULL, NULL);
}

static void add_n_pointer_size_follows_the_kernel_set(void **state)
{
    (void)state;
    ap_problem *p = must_load(add_n_model(F32), NULL);
    assert_scratch(p, 4, 1, S(16)); /* 3 pointers of 4 bytes = 12 */
    assert_string_equal(p->buf[4].name, "op 0 ADD_N: input pointers");
    ap_problem_free(p);
    p = must_load(add_n_model(F32), "reference64");
    assert_scratch(p, 4, 1, S(32)); /* 3 pointers of 8 bytes = 24 */
    assert_contains(p->note, "kernel scratch: reference64");
    ap_problem_free(p);
    p = must_load(add_n_model(F32), "none");
    assert_int_equal(p->n, 4);
    ap_problem_free(p);

    /* An INT32 ADD_N: TFLM's Prepare refuses it. The head is still planned (without the
     * refused operator's request); the whole arena is the refusal. */
    ap_error err = {0};
    ap_tflm_arena a;
    p = must_load(add_n_model(I32), NULL);
    assert_int_equal(p->n, 4);
    ap_problem_free(p);
    assert_int_equal(arena_of(add_n_model(I32), NULL, &a, &err), AP_ERR_INPUT);
    assert_int_equal(a.refusal.kind, AP_TFLM_REFUSES);
    assert_int_equal(a.refusal.subgraph, 0);
    assert_int_equal(a.refusal.op, 0);
    assert_string_equal(a.refusal.op_name, "ADD_N");
    assert_string_equal(a.refusal.check, "output type is not FLOAT32 or INT8");
    assert_string_equal(a.refusal.src, "add_n.cc:125");
    assert_string_equal(a.refusal.message, "TFLM's Prepare refuses the model: subgraph 0 "
                                           "operator 0 (ADD_N): output type is not FLOAT32 or "
                                           "INT8 (add_n.cc:125): this model cannot load");
    assert_string_equal(err.msg, a.refusal.message);
    assert_int_equal(a.min_arena, -1);
    assert_string_equal(a.target, "cortex-m");
    int v;
    assert_int_equal(ap_tflm_set_find(AP_TFLM_SET_KERNELS, "cmsis", &v, &err), AP_ERR_USAGE);
    assert_string_equal(err.msg, "unknown kernel set \"cmsis\" (known: "
                                 "reference, reference64, cmsis-nn, cmsis-nn-m4, none)");
}

/* GATHER_ND's Prepare writes its output's shape (RESIZE): TFLM plans the indices' dimensions but
 * the last, then the params' past the index length: [2, 3] floats (24 -> 32 bytes), not the
 * [2, 3, 5] (120 -> 128) the model declares. */
static void reshaped_output_is_planned_as_prepare_shapes_it(void **state)
{
    (void)state;
    ap_problem *p = must_load(
        one_op(AP_TFL_OP_GATHER_ND, NULL,
               fbb_tables(3, tfl_tensor("params", F32, fbb_ints(2, 4, 3), 0),
                          tfl_tensor("indices", I32, fbb_ints(2, 2, 1), 0),
                          tfl_tensor("y", F32, fbb_ints(3, 2, 3, 5), 0)),
               fbb_ints(2, 0, 1), fbb_ints(1, 2), 0, NULL, NULL),
        NULL);
    assert_int_equal(p->n, 3);
    assert_int_equal(p->buf[0].size, 48);
    assert_int_equal(p->buf[1].size, 16);
    assert_int_equal(p->buf[2].size, 32);
    assert_string_equal(p->buf[2].type, "float32[2,3,5] (reshaped by Prepare: 24 bytes)");
    ap_problem_free(p);
}

static void reductions_and_mirror_pad(void **state)
{
    (void)state;
    /* REDUCE_MAX: an int per input dimension (4 -> 16), an int per axis entry (2 -> 8 -> 16). */
    fbb_node *axis = fbb_scalar(fbb_table(), AP_TFL_F_REDUCER_KEEP_DIMS, 1, 0);
    ap_problem *p = must_load(
        one_op(AP_TFL_OP_REDUCE_MAX, NULL,
               fbb_tables(3, tfl_tensor("x", F32, fbb_ints(4, 1, 2, 3, 4), 0),
                          tfl_tensor("axis", I32, fbb_ints(1, 2), 1),
                          tfl_tensor("y", F32, fbb_ints(2, 1, 4), 0)),
               fbb_ints(2, 0, 1), fbb_ints(1, 2), AP_TFL_OPT_REDUCER, axis, NULL),
        NULL);
    assert_scratch(p, 2, 2, S(16), S(16));
    assert_string_equal(p->buf[2].name, "op 0 REDUCE_MAX: temp index");
    assert_string_equal(p->buf[3].name, "op 0 REDUCE_MAX: resolved axes");
    ap_problem_free(p);
    /* MEAN on INT8: int32 sums per output element first (4 * 4 = 16), then the same two. */
    p = must_load(one_op(AP_TFL_OP_MEAN, NULL,
                         fbb_tables(3, tfl_tensor("x", I8, fbb_ints(4, 1, 2, 3, 4), 0),
                                    tfl_tensor("axis", I32, fbb_ints(1, 2), 1),
                                    tfl_tensor("y", I8, fbb_ints(4, 1, 1, 1, 4), 0)),
                         fbb_ints(2, 0, 1), fbb_ints(1, 2), 27, fbb_table(), NULL),
                  NULL);
    assert_scratch(p, 2, 3, S(16), S(16), S(16));
    assert_string_equal(p->buf[2].name, "op 0 MEAN: int32 sums");
    ap_problem_free(p);
    /* SUM on FLOAT32: no sums buffer. */
    p = must_load(one_op(AP_TFL_OP_SUM, NULL,
                         fbb_tables(3, tfl_tensor("x", F32, fbb_ints(3, 2, 3, 4), 0),
                                    tfl_tensor("axis", I32, fbb_ints(1, 1), 1),
                                    tfl_tensor("y", F32, fbb_ints(2, 2, 4), 0)),
                         fbb_ints(2, 0, 1), fbb_ints(1, 2), 27, fbb_table(), NULL),
                  NULL);
    assert_scratch(p, 2, 2, S(16), S(16));
    ap_problem_free(p);
    /* MIRROR_PAD: two int arrays of the input's rank. */
    p = must_load(one_op(AP_TFL_OP_MIRROR_PAD, NULL,
                         fbb_tables(3, tfl_tensor("x", F32, fbb_ints(4, 1, 2, 3, 4), 0),
                                    tfl_tensor("pad", I32, fbb_ints(2, 4, 2), 1),
                                    tfl_tensor("y", F32, fbb_ints(4, 1, 4, 5, 6), 0)),
                         fbb_ints(2, 0, 1), fbb_ints(1, 2), 77, fbb_table(), NULL),
                  NULL);
    assert_scratch(p, 2, 2, S(16), S(16));
    ap_problem_free(p);
}

/* t quantized per tensor (scale 1, zero point 0): TFLM's convolutions refuse an integer
 * filter without quantization. */
static fbb_node *per_tensor(fbb_node *t)
{
    static const float one = 1.0f;
    static const int64_t zero = 0;
    fbb_ref(t, AP_TFL_F_TENSOR_QUANTIZATION, tfl_quantization(&one, 1, &zero, 1, 0));
    return t;
}

static void int4_filters_are_unpacked_to_scratch(void **state)
{
    (void)state;
    fbb_node *conv = fbb_scalar(fbb_scalar(fbb_table(), AP_TFL_F_CONV_2D_STRIDE_W, 4, 1),
                                AP_TFL_F_CONV_2D_STRIDE_H, 4, 1);
    ap_problem *p = must_load(
        one_op(AP_TFL_OP_CONV_2D, NULL,
               fbb_tables(3, tfl_tensor("x", I8, fbb_ints(4, 1, 5, 5, 4), 0),
                          per_tensor(tfl_tensor("f", INT4, fbb_ints(4, 8, 3, 3, 4), 1)),
                          tfl_tensor("y", I8, fbb_ints(4, 1, 3, 3, 8), 0)),
               fbb_ints(2, 0, 1), fbb_ints(1, 2), AP_TFL_OPT_CONV_2D, conv, NULL),
        NULL);
    assert_scratch(p, 2, 1, S(288)); /* 8*3*3*4 filter elements, one byte each */
    assert_string_equal(p->buf[2].name, "op 0 CONV_2D: unpacked INT4 filter");
    ap_problem_free(p);
    p = must_load(one_op(AP_TFL_OP_DEPTHWISE_CONV_2D, NULL,
                         fbb_tables(3, tfl_tensor("x", I8, fbb_ints(4, 1, 5, 5, 8), 0),
                                    per_tensor(tfl_tensor("f", INT4, fbb_ints(4, 1, 3, 3, 8), 1)),
                                    tfl_tensor("y", I8, fbb_ints(4, 1, 3, 3, 8), 0)),
                         fbb_ints(2, 0, 1), fbb_ints(1, 2), 2, fbb_table(), NULL),
                  NULL);
    assert_scratch(p, 2, 1, S(80)); /* 72 */
    ap_problem_free(p);
    p = must_load(one_op(AP_TFL_OP_FULLY_CONNECTED, NULL,
                         fbb_tables(4, tfl_tensor("x", I8, fbb_ints(2, 1, 20), 0),
                                    per_tensor(tfl_tensor("f", INT4, fbb_ints(2, 10, 20), 1)),
                                    tfl_tensor("y", I8, fbb_ints(2, 1, 10), 0),
                                    tfl_tensor("unused", I8, fbb_ints(1, 3), 1)),
                         fbb_ints(3, 0, 1, -1), fbb_ints(1, 2), 8, fbb_table(), NULL),
                  NULL);
    assert_scratch(p, 2, 1, S(208)); /* 200 */
    ap_problem_free(p);
    /* An INT8 filter asks for nothing. */
    p = must_load(one_op(AP_TFL_OP_CONV_2D, NULL,
                         fbb_tables(3, tfl_tensor("x", I8, fbb_ints(4, 1, 5, 5, 4), 0),
                                    tfl_tensor("f", I8, fbb_ints(4, 8, 3, 3, 4), 1),
                                    tfl_tensor("y", I8, fbb_ints(4, 1, 3, 3, 8), 0)),
                         fbb_ints(2, 0, 1), fbb_ints(1, 2), 1, fbb_table(), NULL),
                  NULL);
    assert_int_equal(p->n, 2);
    ap_problem_free(p);
}

static fbb_node *svdf_model(int type)
{
    fbb_node *opt = fbb_scalar(fbb_table(), AP_TFL_F_SVDF_RANK, 4, 2); /* rank 2 */
    return one_op(AP_TFL_OP_SVDF, NULL,
                  fbb_tables(6, tfl_tensor("x", type, fbb_ints(2, 2, 16), 0),
                             tfl_tensor("wf", type, fbb_ints(2, 8, 16), 1),
                             tfl_tensor("wt", type == I8 ? I16 : F32, fbb_ints(2, 8, 10), 1),
                             tfl_tensor("bias", type == I8 ? I32 : F32, fbb_ints(1, 4), 1),
                             tfl_variable(tfl_tensor("state", type == I8 ? I16 : F32,
                                                     fbb_ints(2, 2, 80), 0)),
                             tfl_tensor("y", type, fbb_ints(2, 2, 4), 0)),
                  fbb_ints(5, 0, 1, 2, 3, 4), fbb_ints(1, 5), AP_TFL_OPT_SVDF, opt, NULL);
}

static void svdf_transpose_conv_lstm(void **state)
{
    (void)state;
    /* SVDF: batch 2, 8 filters, rank 2 (4 units). The variable state is not planned. */
    ap_problem *p = must_load(svdf_model(F32), NULL);
    assert_scratch(p, 2, 1, S(64));
    ap_problem_free(p);
    p = must_load(svdf_model(I8), NULL);
    assert_scratch(p, 2, 2, S(64), S(32));
    ap_problem_free(p);

    /* TRANSPOSE_CONV: output 1x4x4x2 = 32 elements. */
    fbb_node *tc = fbb_scalar(fbb_scalar(fbb_table(), AP_TFL_F_TRANSPOSE_CONV_STRIDE_W, 4, 2),
                              AP_TFL_F_TRANSPOSE_CONV_STRIDE_H, 4, 2);
    p = must_load(one_op(AP_TFL_OP_TRANSPOSE_CONV, NULL,
                         fbb_tables(5, tfl_tensor("shape", I32, fbb_ints(1, 4), 1),
                                    per_tensor(tfl_tensor("f", I8, fbb_ints(4, 2, 3, 3, 2), 1)),
                                    tfl_tensor("x", I8, fbb_ints(4, 1, 2, 2, 2), 0),
                                    tfl_tensor("b", I32, fbb_ints(1, 2), 1),
                                    tfl_tensor("y", I8, fbb_ints(4, 1, 4, 4, 2), 0)),
                         fbb_ints(4, 0, 1, 2, 3), fbb_ints(1, 4), AP_TFL_OPT_TRANSPOSE_CONV, tc, NULL),
                  NULL);
    assert_scratch(p, 2, 1, S(128));
    ap_problem_free(p);
    p = must_load(one_op(AP_TFL_OP_TRANSPOSE_CONV, NULL,
                         fbb_tables(5, tfl_tensor("shape", I32, fbb_ints(1, 4), 1),
                                    per_tensor(tfl_tensor("f", I8, fbb_ints(4, 2, 3, 3, 2), 1)),
                                    tfl_tensor("x", I16, fbb_ints(4, 1, 2, 2, 2), 0),
                                    tfl_tensor("b", I16, fbb_ints(1, 2), 1),
                                    tfl_tensor("y", I16, fbb_ints(4, 1, 4, 4, 2), 0)),
                         fbb_ints(4, 0, 1, 2, 3), fbb_ints(1, 4), 49, fbb_table(), NULL),
                  NULL);
    assert_scratch(p, 2, 2, S(256), S(16)); /* int64 accumulators, then the bias widened */
    ap_problem_free(p);

    /* UNIDIRECTIONAL_SEQUENCE_LSTM: 24 inputs; batch 2 (batch-major), state 7, FLOAT32 cell:
     * four buffers of 2 * 7 * 4 = 56 bytes; time-major takes batch from dimension 1 (5). */
    for (int tm = 0; tm < 2; tm++) {
        fbb_node *lo = fbb_scalar(fbb_table(), AP_TFL_F_UNIDIRECTIONAL_SEQUENCE_LSTM_TIME_MAJOR, 1,
                                  (uint64_t)tm);
        p = must_load(
            one_op(AP_TFL_OP_UNIDIRECTIONAL_SEQUENCE_LSTM, NULL,
                   fbb_tables(5, tfl_tensor("x", F32, fbb_ints(3, 2, 5, 3), 0),
                              tfl_tensor("w", F32, fbb_ints(2, 7, 3), 1),
                              tfl_variable(tfl_tensor("h", F32, fbb_ints(2, 2, 7), 0)),
                              tfl_variable(tfl_tensor("c", F32, fbb_ints(2, 2, 7), 0)),
                              tfl_tensor("y", F32, fbb_ints(3, 2, 5, 7), 0)),
                   fbb_ints(24, 0, 1, 1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 2,
                            3, -1, -1, -1, -1),
                   fbb_ints(1, 4), AP_TFL_OPT_UNIDIRECTIONAL_SEQUENCE_LSTM, lo, NULL),
            NULL);
        if (tm == 0)
            assert_scratch(p, 2, 4, S(64), S(64), S(64), S(64));
        else
            assert_scratch(p, 2, 4, S(144), S(144), S(144), S(144));
        ap_problem_free(p);
    }
}

/* A FlexBuffer map {max_detections: md, num_classes: nc} (values below 128, width 1). */
static fbb_node *detection_options(unsigned md, unsigned nc)
{
    unsigned char b[40];
    memcpy(b, "max_detections", 15);    /* 0..14 */
    memcpy(b + 15, "num_classes", 12);  /* 15..26 */
    b[27] = 2;                          /* keys vector size */
    b[28] = 28;                         /* key 0 at 28 - 28 = 0 */
    b[29] = 14;                         /* key 1 at 29 - 14 = 15 */
    b[30] = 2;                          /* keys vector at 30 - 2 = 28 */
    b[31] = 1;                          /* key width */
    b[32] = 2;                          /* map size */
    b[33] = (unsigned char)md;
    b[34] = (unsigned char)nc;
    b[35] = 1 << 2;                     /* INT, width 1 */
    b[36] = 1 << 2;
    b[37] = 4;                          /* root: map data at 37 - 4 = 33 */
    b[38] = 9 << 2;                     /* MAP, children of width 1 */
    b[39] = 1;                          /* root width */
    return fbb_bytes(b, sizeof b);
}

static void custom_kernels(void **state)
{
    (void)state;
    /* TFLite_Detection_PostProcess: 10 boxes, 3 classes (+ background), 3 detections. */
    ap_problem *p = must_load(
        one_op(AP_TFL_OP_CUSTOM, "TFLite_Detection_PostProcess",
               fbb_tables(7, tfl_tensor("boxes", F32, fbb_ints(3, 1, 10, 4), 0),
                          tfl_tensor("scores", F32, fbb_ints(3, 1, 10, 4), 0),
                          tfl_tensor("anchors", F32, fbb_ints(2, 10, 4), 1),
                          tfl_tensor("o0", F32, fbb_ints(3, 1, 3, 4), 0),
                          tfl_tensor("o1", F32, fbb_ints(2, 1, 3), 0),
                          tfl_tensor("o2", F32, fbb_ints(2, 1, 3), 0),
                          tfl_tensor("o3", F32, fbb_ints(1, 1), 0)),
               fbb_ints(3, 0, 1, 2), fbb_ints(4, 3, 4, 5, 6), 0, NULL, detection_options(3, 3)),
        NULL);
    /* 10, 160, 160, 40, 40, 120, 120, 40, 120, 120, 120, rounded up to 16 */
    assert_scratch(p, 6, 11, S(16), S(160), S(160), S(48), S(48), S(128), S(128), S(48),
                   S(128), S(128), S(128));
    ap_problem_free(p);
    /* Without custom options TFLM's Init reads a FlexBuffer root from none (before the
     * buffer): it faults, the head is still planned, the whole arena is the refusal. A map that
     * lacks a key reads 0 for it, as flexbuffers' Null: opgen's
     * detection_postprocess_missing_keys loads on TFLM. */
    ap_error err = {0};
    ap_tflm_arena a;
    assert_int_equal(
        arena_of(one_op(AP_TFL_OP_CUSTOM, "TFLite_Detection_PostProcess",
                        fbb_tables(3, tfl_tensor("boxes", F32, fbb_ints(3, 1, 10, 4), 0),
                                   tfl_tensor("scores", F32, fbb_ints(3, 1, 10, 4), 0),
                                   tfl_tensor("anchors", F32, fbb_ints(2, 10, 4), 1)),
                        fbb_ints(3, 0, 1, 2), fbb_ints(0), 0, NULL, NULL),
                 NULL, &a, &err),
        AP_ERR_INPUT);
    assert_int_equal(a.refusal.kind, AP_TFLM_ABORTS);
    assert_contains(err.msg, "(TFLite_Detection_PostProcess): no custom options: Init reads a "
                             "FlexBuffer map from none (TFLM crashes)");

    /* SignalRfft: fft_length from the output (258 values = 129 complex -> 256), INT16. */
    p = must_load(one_op(AP_TFL_OP_CUSTOM, "SignalRfft",
                         fbb_tables(2, tfl_tensor("x", I16, fbb_ints(1, 240), 0),
                                    tfl_tensor("y", I16, fbb_ints(1, 258), 0)),
                         fbb_ints(1, 0), fbb_ints(1, 1), 0, NULL, NULL),
                  NULL);
    assert_scratch(p, 2, 1, S(512));
    ap_problem_free(p);

    /* VAR_HANDLE's output gets the kernel's own memory: not planned. */
    p = must_load(one_op(AP_TFL_OP_VAR_HANDLE, NULL,
                         fbb_tables(1, tfl_tensor("h", AP_TFL_RESOURCE, fbb_ints(0), 0)),
                         fbb_ints(0), fbb_ints(1, 0), 0, NULL, NULL),
                  NULL);
    assert_int_equal(p->n, 0);
    ap_problem_free(p);
    p = must_load(one_op(AP_TFL_OP_VAR_HANDLE, NULL,
                         fbb_tables(1, tfl_tensor("h", AP_TFL_RESOURCE, fbb_ints(0), 0)),
                         fbb_ints(0), fbb_ints(1, 0), 0, NULL, NULL),
                  "none");
    assert_int_equal(p->n, 1);
    ap_problem_free(p);
}

/* ---- The graph --------------------------------------------------------------------------------- */

static void graph_fields(void **state)
{
    (void)state;
    fbb_node *conv = fbb_table();
    fbb_scalar(conv, AP_TFL_F_CONV_2D_PADDING, 1, 1); /* VALID */
    fbb_scalar(conv, AP_TFL_F_CONV_2D_STRIDE_W, 4, 2);
    fbb_scalar(conv, AP_TFL_F_CONV_2D_STRIDE_H, 4, 3);
    fbb_scalar(conv, AP_TFL_F_CONV_2D_FUSED_ACTIVATION_FUNCTION, 1, 3); /* RELU6 */
    fbb_node *old = fbb_table(); /* an old converter: only deprecated_builtin_code */
    fbb_scalar(old, AP_TFL_F_OPCODE_DEPRECATED_BUILTIN_CODE, 1, AP_TFL_OP_CONV_2D);
    fbb_node *op0 = tfl_op(0, fbb_ints(3, 0, 1, -1), fbb_ints(1, 2), AP_TFL_OPT_CONV_2D, conv);
    fbb_node *op1 = tfl_op(1, fbb_ints(1, 2), fbb_ints(1, 3), 0, NULL);
    fbb_ref(op1, AP_TFL_F_OPERATOR_INTERMEDIATES, fbb_ints(1, 4));
    fbb_node *op2 = tfl_op(2, fbb_ints(1, 3), fbb_ints(1, 5), 0, NULL);
    fbb_ref(op2, AP_TFL_F_OPERATOR_CUSTOM_OPTIONS, fbb_bytes("\1\2\3", 3));
    fbb_node *sg = tfl_subgraph(
        fbb_tables(6, tfl_tensor("x", I8, fbb_ints(4, 1, 8, 8, 3), 0),
                   per_tensor(tfl_tensor("w", INT4, fbb_ints(4, 5, 3, 3, 3), 1)),
                   tfl_tensor("y", I8, fbb_ints(4, 1, 3, 2, 5), 0),
                   tfl_tensor("g", F32, fbb_ints(4, 1, 3, 2, 5), 0),
                   tfl_tensor("im", I16, fbb_ints(1, 0), 0),
                   tfl_tensor("z", I8, NULL, 0)),
        fbb_ints(1, 0), fbb_ints(1, 5), fbb_tables(3, op0, op1, op2), "main");
    fbb_node *sig = fbb_table();
    fbb_ref(sig, AP_TFL_F_SIGNATURE_SIGNATURE_KEY, fbb_str("serving_default"));
    fbb_scalar(sig, AP_TFL_F_SIGNATURE_SUBGRAPH_INDEX, 4, 0);
    fbb_node *root = tfl_model(
        fbb_tables(3, old, tfl_opcode(AP_TFL_OP_GELU, NULL), tfl_opcode(AP_TFL_OP_CUSTOM, "MyOp")),
        fbb_tables(1, sg), two_buffers(), NULL);
    fbb_ref(root, AP_TFL_F_MODEL_DESCRIPTION, fbb_str("hand made"));
    fbb_ref(root, AP_TFL_F_MODEL_SIGNATURE_DEFS, fbb_tables(1, sig));
    size_t len;
    unsigned char *data = fbb_finish(root, &len);
    fbb_reset();
    ap_tfl_model *m;
    ap_error err = {0};
    assert_int_equal(ap_tflite_read(data, len, &m, &err), AP_OK);
    assert_int_equal(m->version, 3);
    assert_string_equal(m->description, "hand made");
    assert_int_equal(m->n_opcodes, 3);
    assert_int_equal(m->opcodes[0].builtin, AP_TFL_OP_CONV_2D);
    assert_int_equal(m->opcodes[0].builtin_code_field, 0);
    assert_int_equal(m->opcodes[1].deprecated_builtin_code, 127);
    assert_int_equal(m->opcodes[1].builtin_code_field, 150);
    assert_int_equal(m->opcodes[1].builtin, 150);
    assert_string_equal(m->opcodes[1].name, "GELU");
    assert_string_equal(m->opcodes[2].custom_code, "MyOp");
    assert_string_equal(m->opcodes[2].name, "MyOp");
    assert_int_equal(m->n_signatures, 1);
    assert_string_equal(m->signatures[0].key, "serving_default");
    const ap_tfl_subgraph *g = &m->subgraphs[0];
    assert_string_equal(g->name, "main");
    const ap_tfl_operator *c = &g->ops[0];
    assert_string_equal(ap_tfl_op_name(c), "CONV_2D");
    assert_int_equal(c->n_inputs, 3);
    assert_int_equal(c->inputs[2], -1);
    assert_int_equal(c->options_type, AP_TFL_OPT_CONV_2D);
    assert_int_equal(c->opt.padding, 1);
    assert_int_equal(c->opt.stride_w, 2);
    assert_int_equal(c->opt.stride_h, 3);
    assert_int_equal(c->opt.activation, 3);
    assert_int_equal(c->opt.dilation_w, 1); /* schema default */
    assert_int_equal(c->opt.dilation_h, 1);
    int64_t v = 0;
    assert_int_equal(ap_tflite_option_scalar(m, c, 1, 2, 4, 1, &v), 1);
    assert_int_equal(v, 3);
    assert_int_equal(ap_tflite_option_scalar(m, c, 1, 4, 4, 1, &v), 0); /* absent */
    assert_int_equal(ap_tflite_option_scalar(m, &g->ops[1], 1, 0, 4, 1, &v), 0);
    assert_int_equal(g->ops[1].n_intermediates, 1);
    assert_int_equal(g->ops[1].intermediates[0], 4);
    assert_string_equal(g->ops[1].name, "GELU");
    assert_int_equal(g->ops[2].custom_options_len, 3);
    assert_memory_equal(data + g->ops[2].custom_options_pos, "\1\2\3", 3);
    /* Sizes: INT4 packs two per byte (135 elements -> 68 bytes); a shapeless tensor is a
     * scalar; an empty dimension gives no elements. */
    assert_int_equal(g->tensors[1].type, AP_TFL_INT4);
    assert_int_equal(g->tensors[1].elements, 135);
    assert_int_equal(g->tensors[1].bytes, 68);
    assert_true(g->tensors[1].is_constant);
    assert_int_equal(g->tensors[3].bytes, 120);
    assert_int_equal(g->tensors[5].rank, 0);
    assert_int_equal(g->tensors[5].elements, 1);
    assert_int_equal(g->tensors[4].elements, 0);
    assert_string_equal(ap_tfl_type_name(g->tensors[3].type), "FLOAT32");
    assert_int_equal(ap_tfl_type_bits(AP_TFL_INT2), 2);
    assert_int_equal(ap_tfl_tflm_type_size(AP_TFL_INT4), 1);
    assert_int_equal(ap_tfl_tflm_type_size(AP_TFL_STRING), 0);
    assert_null(ap_tfl_type_name(21));
    assert_string_equal(ap_tfl_builtin_name(129), "CALL_ONCE");
    assert_null(ap_tfl_builtin_name(300));

    /* The problem: the empty intermediate is fine (TFLM refuses only non-empty ones); the
     * deprecated-only opcode still selects the CONV_2D kernel, which unpacks the INT4 filter. */
    ap_problem *p = NULL;
    assert_int_equal(ap_tflite_load_problem(data, len, "m.tflite", NULL, &p, &err), AP_OK);
    assert_int_equal(p->n, 5); /* x, y, g, z, then the filter scratch */
    assert_string_equal(p->buf[3].id, "5");
    assert_int_equal(p->buf[3].size, 16);
    assert_string_equal(p->buf[4].name, "op 0 CONV_2D: unpacked INT4 filter");
    assert_int_equal(p->buf[4].size, 144);
    ap_problem_free(p);
    ap_tflite_free(m);
    free(data);
}

static void nonempty_intermediate_is_refused(void **state)
{
    (void)state;
    fbb_node *op = tfl_op(0, fbb_ints(1, 0), fbb_ints(1, 1), 0, NULL);
    fbb_ref(op, 8, fbb_ints(1, 2));
    fbb_node *sg = tfl_subgraph(fbb_tables(3, tfl_tensor("x", I8, fbb_ints(1, 4), 0),
                                           tfl_tensor("y", I8, fbb_ints(1, 4), 0),
                                           tfl_tensor("im", I16, fbb_ints(1, 3), 0)),
                                fbb_ints(1, 0), fbb_ints(1, 1), fbb_tables(1, op), NULL);
    ap_problem *p = NULL;
    ap_error err = {0};
    assert_int_equal(load_built(tfl_model(fbb_tables(1, tfl_opcode(AP_TFL_OP_ADD, NULL)),
                                          fbb_tables(1, sg), two_buffers(), NULL),
                                NULL, 0, &p, &err),
                     AP_ERR_INPUT);
    assert_string_equal(err.msg, "built.tflite: subgraph 0 operator 0 (ADD): intermediate "
                                 "tensor 2 (im) has 3 elements of INT16; TFLM supports only "
                                 "empty intermediates and fails AllocateTensors");
}

/* A non-constant INT4 tensor is planned at one byte per element, as TFLM sizes it. */
static void int4_activation_planned_as_tflm_sizes_it(void **state)
{
    (void)state;
    fbb_node *sg = tfl_subgraph(fbb_tables(1, tfl_tensor("q", INT4, fbb_ints(2, 3, 7), 0)),
                                fbb_ints(1, 0), fbb_ints(1, 0), fbb_tables(0), NULL);
    ap_problem *p = must_load(tfl_model(fbb_tables(0), fbb_tables(1, sg), two_buffers(), NULL),
                              NULL);
    assert_buf(p, 0, "0", 0, 1, 32); /* 21 elements -> 21 bytes -> 32 */
    ap_problem_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(chain_lifetimes_ids_and_text),
        cmocka_unit_test(subgraph_walked_twice),
        cmocka_unit_test(output_without_producer),
        cmocka_unit_test(subgraph_never_invoked),
        cmocka_unit_test(subgraph_call_loops_are_refused),
        cmocka_unit_test(subgraph_call_limits),
        cmocka_unit_test(offline_plan_as_tflm_indexes_it),
        cmocka_unit_test(offline_plan_in_the_graph),
        cmocka_unit_test(offline_plan_and_variables),
        cmocka_unit_test(offline_plan_name_is_exact),
        cmocka_unit_test(add_n_pointer_size_follows_the_kernel_set),
        cmocka_unit_test(reshaped_output_is_planned_as_prepare_shapes_it),
        cmocka_unit_test(reductions_and_mirror_pad),
        cmocka_unit_test(int4_filters_are_unpacked_to_scratch),
        cmocka_unit_test(svdf_transpose_conv_lstm),
        cmocka_unit_test(custom_kernels),
        cmocka_unit_test(graph_fields),
        cmocka_unit_test(nonempty_intermediate_is_refused),
        cmocka_unit_test(int4_activation_planned_as_tflm_sizes_it),
    };
    int r = cmocka_run_group_tests(tests, NULL, NULL);
    fbb_reset();
    return r;
}
