/* test_cli_gates.c - the numbers a build gates on (issue 32, items 4 and 9): with the in-place
 * and overlap rules, plan's arena is TFLM's whole arena with the plan embedded (the figure
 * embed gives), so --budget gates it; a whole arena that cannot be computed fails the gate
 * instead of gating the head; a model TFLM cannot load (issue 26 item 3) is said so, with no
 * whole arena, and fails --budget; embed that gains nothing still writes its copy. */
#include <sys/stat.h>
#include <unistd.h>

#include "testutil.h"
#include "test_tflite_fbb.h"

#define PD "corpus/models/tflm/person_detect.tflite"
#define MOBILENET "corpus/models/tflm/mobilenet_v2_quantized_1x3x224x224.tflite"
#define VELA "corpus/models/tflm/person_detect_vela.tflite"

static void write_blob(const char *path, const unsigned char *p, size_t n)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(p, 1, n, f), n);
    assert_int_equal(fclose(f), 0);
}

/* x -> ADD(x, x) -> ADD(a, a) -> ADD(b, b) -> y, int8[1,256]: element-wise, no broadcasting. */
static const char *add_chain(void)
{
    static char path[4096];
    fbb_node *t[4];
    const char *names[4] = {"x", "a", "b", "y"};
    for (int k = 0; k < 4; k++)
        t[k] = tfl_q8_tensor(names[k], fbb_ints(2, 1, 256));
    fbb_node *ops = fbb_tables(3, tfl_op(0, fbb_ints(2, 0, 0), fbb_ints(1, 1), 0, NULL),
                               tfl_op(0, fbb_ints(2, 1, 1), fbb_ints(1, 2), 0, NULL),
                               tfl_op(0, fbb_ints(2, 2, 2), fbb_ints(1, 3), 0, NULL));
    fbb_node *sg = tfl_subgraph(fbb_tables(4, t[0], t[1], t[2], t[3]), fbb_ints(1, 0),
                                fbb_ints(1, 3), ops, NULL);
    size_t len;
    unsigned char *data = fbb_finish(tfl_model(fbb_tables(1, tfl_opcode(AP_TFL_OP_ADD, NULL)),
                                               fbb_tables(1, sg), fbb_tables(1, tfl_buffer(NULL, 0)),
                                               NULL),
                                     &len);
    fbb_reset();
    snprintf(path, sizeof path, "%s", tmp_path("add_chain.tflite"));
    write_blob(path, data, len);
    free(data);
    return path;
}

/* The N of "arena        N bytes (kTensorArenaSize" in plan's table, or -1. */
static long long plan_arena(const char *out)
{
    const char *a = strstr(out, "\narena        ");
    long long v = -1;
    if (a && strstr(a, " bytes (kTensorArenaSize for TFLM"))
        v = strtoll(a + 14, NULL, 10);
    return v;
}

/* The N of embed's "arena        N bytes (kTensorArenaSize for TFLM on cortex-m with the copy". */
static long long embed_arena(const char *out)
{
    const char *a = strstr(out, "\narena        ");
    return a ? strtoll(a + 14, NULL, 10) : -1;
}

/* plan with rules: no warning, the whole arena known and equal to embed's with the same
 * strategy, and --budget gating it: one byte less fails (exit 1, no file), the figure passes. */
static void gate(const char *model, const char *rule, const char *set, long long want)
{
    char budget[32], out[4096];
    run_result r = run_cli("plan", model, rule, set, NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.err, "");
    long long whole = plan_arena(r.out);
    const char *s = strstr(r.out, "strategy     best:");
    assert_non_null(s);
    char strategy[64];
    assert_int_equal(sscanf(s + 18, "%63s", strategy), 1);
    run_free(&r);
    if (want >= 0)
        assert_int_equal(whole, want);
    assert_true(whole > 0);

    snprintf(out, sizeof out, "%s", tmp_path("gate_copy.tflite"));
    r = run_cli("embed", model, rule, set, "--strategy", strategy, "-o", out, NULL);
    assert_int_equal(r.status, 0);
    assert_int_equal(embed_arena(r.out), whole);
    run_free(&r);

    snprintf(out, sizeof out, "%s", tmp_path("gate_plan.h"));
    unlink(out);
    snprintf(budget, sizeof budget, "%lld", whole - 1);
    r = run_cli("plan", model, rule, set, "--budget", budget, "--format", "c", "-o", out, NULL);
    assert_int_equal(r.status, 1);
    char msg[256];
    snprintf(msg, sizeof msg, "arenaplan: the arena needs %lld bytes, 1 more than the budget of %lld "
             "bytes\n", whole, whole - 1);
    /* then the smallest arena fit's levers reach (test_fit pins that line) */
    assert_memory_equal(r.err, msg, strlen(msg));
    assert_contains(r.err + strlen(msg), "arenaplan: the levers reach ");
    assert_contains(r.err + strlen(msg), "see `arenaplan fit");
    run_free(&r);
    assert_false(file_exists(out));
    snprintf(budget, sizeof budget, "%lld", whole);
    r = run_cli("plan", model, rule, set, "--budget", budget, "--format", "c", "-o", out, NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.err, "");
    run_free(&r);
    char *h = read_text(out, NULL);
    char define[128];
    snprintf(define, sizeof define, "_ARENA_SIZE %lldu", whole);
    assert_contains(h, define);
    free(h);
}

static void rules_gate_the_whole_arena(void **state)
{
    (void)state;
    /* the case: embed says the arena needs 63,880 bytes; plan --budget 40K must fail */
    run_result r = run_cli("plan", src_path(PD), "--overlap", "reference", "--budget", "40K", NULL);
    assert_int_equal(r.status, 1);
    assert_string_equal(r.err, "arenaplan: the arena needs 63880 bytes, 22920 more than the budget "
                               "of 40960 bytes\n"
                               "arenaplan: the levers reach 56068 bytes at best (embed + overlap + "
                               "patch), still 15108 more than the budget: see `arenaplan fit`\n");
    assert_contains(r.out, "\narena        63880 bytes (kTensorArenaSize for TFLM on cortex-m; head "
                           "36880 + tail 26996");
    run_free(&r);
    gate(src_path(PD), "--overlap", "reference", 63880);
    gate(src_path(PD), "--inplace", "elementwise", 82296);
    gate(src_path(MOBILENET), "--overlap", "reference", 1396324);
    gate(add_chain(), "--inplace", "elementwise", -1);
    gate(add_chain(), "--overlap", "reference", -1);
    /* the report and compare see the same whole arena */
    char html[4096];
    snprintf(html, sizeof html, "%s", tmp_path("gate.html"));
    r = run_cli("report", src_path(PD), "--overlap", "reference", "--budget", "63879", "-o", html, NULL);
    assert_int_equal(r.status, 1);
    assert_string_equal(r.err, "arenaplan: the arena needs 63880 bytes, 1 more than the budget of "
                               "63879 bytes\n");
    run_free(&r);
}

/* A model with no whole arena (person_detect_vela: a stock TFLM has no ethos-u kernel): --budget
 * cannot gate it and fails, writing nothing; --budget-head still gates the head. */
static void unknown_arena_fails_the_gate(void **state)
{
    (void)state;
    char out[4096];
    snprintf(out, sizeof out, "%s", tmp_path("vela_plan.h"));
    unlink(out);
    run_result r = run_cli("plan", src_path(VELA), "--budget", "1M", "--format", "c", "-o", out, NULL);
    assert_int_equal(r.status, 1);
    assert_contains(r.err, "TFLM has no kernel for ethos-u: this model cannot load on TFLM "
                           "(subgraph 0 operator 0); the head is planned, but no kTensorArenaSize "
                           "exists for TFLM on cortex-m\n");
    assert_contains(r.err, "arenaplan: --budget 1048576: ");
    assert_contains(r.err, "there is no whole arena to gate (--budget-head gates the head)\n");
    run_free(&r);
    assert_false(file_exists(out));
    r = run_cli("plan", src_path(VELA), "--budget-head", "1M", "--format", "c", "-o", out, NULL);
    assert_int_equal(r.status, 0);
    run_free(&r);
    assert_true(file_exists(out));
}

/* A model of one operator (builtin code op, no options) over tensor x: input x, output x, the
 * operator reading nothing and writing nothing; written to tmp/NAME. */
static const char *one_op_model(int32_t op, const char *name)
{
    static char path[4096];
    fbb_node *t = tfl_tensor("x", AP_TFL_FLOAT32, fbb_ints(1, 4), 0);
    fbb_node *ops = fbb_tables(1, tfl_op(0, fbb_ints(0), fbb_ints(0), 0, NULL));
    fbb_node *sg = tfl_subgraph(fbb_tables(1, t), fbb_ints(1, 0), fbb_ints(1, 0), ops, NULL);
    size_t len;
    unsigned char *data = fbb_finish(tfl_model(fbb_tables(1, tfl_opcode(op, NULL)),
                                               fbb_tables(1, sg), fbb_tables(1, tfl_buffer(NULL, 0)),
                                               NULL),
                                     &len);
    fbb_reset();
    snprintf(path, sizeof path, "%s", tmp_path(name));
    write_blob(path, data, len);
    free(data);
    return path;
}

/* A model TFLM refuses (VAR_HANDLE's Prepare: no output): plan says so, plans the head and
 * exits 0; no whole arena in any format; --budget fails with the refusal, --budget-head gates. */
static void tflm_refusal_is_said(void **state)
{
    (void)state;
    char out[4096], want[2048];
    const char *m = one_op_model(AP_TFL_OP_VAR_HANDLE, "var_handle_no_output.tflite");
    const char *why = "TFLM's Prepare refuses the model: subgraph 0 operator 0 (VAR_HANDLE): "
                      "VAR_HANDLE has no output (var_handle.cc:65): this model cannot load";
    snprintf(want, sizeof want, "{\"kind\":\"prepare\",\"subgraph\":0,\"operator\":0,"
             "\"name\":\"VAR_HANDLE\",\"check\":\"VAR_HANDLE has no output\",\"source\":"
             "\"var_handle.cc:65\",\"message\":\"%s\"}}", why);
    assert_refusal_said(m, why, 16, want);
    run_result r = run_cli("plan", m, "--format", "json", NULL);
    assert_contains(r.out, ",\"tflm\":{\"target\":\"cortex-m\",\"kernels\":\"reference\","
                           "\"min_arena\":null,");
    run_free(&r);
    r = run_cli("plan", m, "--format", "c", NULL);
    snprintf(want, sizeof want, " * arena:     no kTensorArenaSize for TFLM on cortex-m: %s\n", why);
    assert_contains(r.out, want);
    run_free(&r);
    snprintf(out, sizeof out, "%s", tmp_path("var_handle_no_output.h"));
    unlink(out);
    r = run_cli("plan", m, "--budget", "1M", "--format", "c", "-o", out, NULL);
    assert_int_equal(r.status, 1);
    snprintf(want, sizeof want, "arenaplan: --budget 1048576: %s: %s; there is no whole arena to "
             "gate (--budget-head gates the head)\n", m, why);
    assert_contains(r.err, want);
    run_free(&r);
    assert_false(file_exists(out));
    r = run_cli("plan", m, "--budget-head", "16", "--format", "c", "-o", out, NULL);
    assert_int_equal(r.status, 0);
    run_free(&r);
    assert_true(file_exists(out));
    r = run_cli("plan", m, "--budget-head", "15", NULL);
    assert_int_equal(r.status, 1);
    assert_contains(r.err, "arenaplan: the head needs 16 bytes, 1 more than the budget of 15 bytes\n");
    run_free(&r);
}

/* A set with a model TFLM refuses: the set's kTensorArenaSize is unknown, every output names the
 * model and why; --budget fails. */
static void tflm_refusal_in_a_set(void **state)
{
    (void)state;
    char hw[512], want[2048];
    const char *m = one_op_model(AP_TFL_OP_VAR_HANDLE, "var_handle_set.tflite");
    const char *why = "TFLM's Prepare refuses the model: subgraph 0 operator 0 (VAR_HANDLE): "
                      "VAR_HANDLE has no output (var_handle.cc:65): this model cannot load";
    snprintf(hw, sizeof hw, "%s", src_path("corpus/models/tflm/hello_world_int8.tflite"));
    run_result r = run_cli("plan", hw, m, "--shared", "sequential", NULL);
    assert_int_equal(r.status, 0);
    snprintf(want, sizeof want, "arena        unknown: %s: %s\n", m, why);
    assert_contains(r.out, want);
    run_free(&r);
    r = run_cli("plan", hw, m, "--shared", "sequential", "--format", "json", NULL);
    snprintf(want, sizeof want, "\"arena_bytes\":null,\"arena_unknown\":\"%s: %s\"", m, why);
    assert_contains(r.out, want);
    run_free(&r);
    r = run_cli("plan", hw, m, "--shared", "sequential", "--format", "c", NULL);
    assert_null(strstr(r.out, "_ARENA_SIZE "));
    assert_contains(r.out, "/* no SHARED_ARENA_SIZE: TFLM's whole arena of the set is unknown (above) */\n");
    run_free(&r);
    r = run_cli("plan", hw, m, "--shared", "sequential", "--budget", "1M", NULL);
    assert_int_equal(r.status, 1);
    snprintf(want, sizeof want, "arenaplan: --budget 1048576: %s: %s; there is no whole arena to "
             "gate (--budget-head gates the head)\n", m, why);
    assert_contains(r.err, want);
    run_free(&r);
    r = run_cli("plan", hw, m, "--shared", "sequential", "--budget-persistent", "1M", NULL);
    assert_int_equal(r.status, 1);
    assert_contains(r.err, "arenaplan: --budget-persistent, --budget-nonpersistent: TFLM's "
                           "two-buffer sizes are unknown (");
    run_free(&r);
}

/* A model TFLM's allocator refuses (ADD(x, x) -> y with a 3-element intermediate tensor:
 * ValidateSubgraph, micro_allocation_info.cc:167): every command reads it for its head (the
 * intermediate as a tensor no operator touches); the whole arena is the refusal. */
static void allocator_refusal_is_said(void **state)
{
    (void)state;
    char out[4096], want[8192];
    fbb_node *op = tfl_op(0, fbb_ints(2, 0, 0), fbb_ints(1, 1), 0, NULL);
    fbb_ref(op, 8, fbb_ints(1, 2)); /* Operator.intermediates */
    fbb_node *sg = tfl_subgraph(fbb_tables(3, tfl_tensor("x", AP_TFL_FLOAT32, fbb_ints(1, 4), 0),
                                           tfl_tensor("y", AP_TFL_FLOAT32, fbb_ints(1, 4), 0),
                                           tfl_tensor("im", AP_TFL_FLOAT32, fbb_ints(1, 3), 0)),
                                fbb_ints(1, 0), fbb_ints(1, 1), fbb_tables(1, op), NULL);
    size_t len;
    unsigned char *data = fbb_finish(tfl_model(fbb_tables(1, tfl_opcode(AP_TFL_OP_ADD, NULL)),
                                               fbb_tables(1, sg),
                                               fbb_tables(1, tfl_buffer(NULL, 0)), NULL),
                                     &len);
    fbb_reset();
    const char *m = tmp_path("intermediate.tflite");
    write_blob(m, data, len);
    free(data);
    const char *why = "TFLM's allocator refuses the model: subgraph 0 operator 0 (ADD): Does not "
                      "support intermediate tensor with non-zero size: 12 (tensor 2, im) "
                      "(micro_allocation_info.cc:167): this model cannot load";
    snprintf(want, sizeof want, "{\"kind\":\"prepare\",\"subgraph\":0,\"operator\":0,"
             "\"name\":\"ADD\",\"check\":\"Does not support intermediate tensor with non-zero "
             "size: 12 (tensor 2, im)\",\"source\":\"micro_allocation_info.cc:167\",\"message\":"
             "\"%s\"}}", why);
    assert_refusal_said(m, why, 32, want);
    run_result r = run_cli("plan", m, NULL);
    assert_contains(r.out, "\nbuffers      3, by first use\n");
    run_free(&r);
    r = run_cli("report", m, NULL);
    assert_int_equal(r.status, 0);
    run_free(&r);
    r = run_cli("inspect", m, NULL);
    assert_int_equal(r.status, 0);
    snprintf(want, sizeof want, "\narena        unknown: %s\n", why);
    assert_contains(r.out, want);
    run_free(&r);
    /* reorder and embed write their copies (which cannot load either: the warning) */
    snprintf(out, sizeof out, "%s", tmp_path("intermediate_copy.tflite"));
    r = run_cli("reorder", m, "-o", out, NULL);
    assert_int_equal(r.status, 0);
    snprintf(want, sizeof want, "arenaplan: warning: %s: %s; the head is planned, but no "
             "kTensorArenaSize exists for TFLM on cortex-m\n", m, why);
    assert_string_equal(r.err, want);
    run_free(&r);
    r = run_cli("embed", m, "-o", out, NULL);
    assert_int_equal(r.status, 0);
    snprintf(want, sizeof want, "arenaplan: warning: %s: %s; the head is planned, but no "
             "kTensorArenaSize exists for TFLM on cortex-m\n", out, why);
    assert_string_equal(r.err, want);
    run_free(&r);
    /* fit needs the whole arena: it fails, naming the refusal */
    r = run_cli("fit", m, "--budget", "1M", "-o", out, NULL);
    assert_int_equal(r.status, 2);
    snprintf(want, sizeof want, "arenaplan: fit: %s: TFLM's whole arena on cortex-m: %s\n", m, why);
    assert_string_equal(r.err, want);
    run_free(&r);
}

/* An operator TFLM has no kernel for (DENSIFY): not "not modelled" but TFLM's own gap. */
static void tflm_without_kernel_is_said(void **state)
{
    (void)state;
    char want[1024];
    const char *m = one_op_model(AP_TFL_OP_DENSIFY, "densify.tflite");
    run_result r = run_cli("plan", m, "--target", "host64", NULL);
    assert_int_equal(r.status, 0);
    snprintf(want, sizeof want, "arenaplan: warning: %s: TFLM has no kernel for DENSIFY: this "
             "model cannot load on TFLM (subgraph 0 operator 0); the head is planned, but no "
             "kTensorArenaSize exists for TFLM on host64\n", m);
    assert_string_equal(r.err, want);
    assert_contains(r.out, "\narena        no kTensorArenaSize for TFLM on host64: TFLM has no "
                           "kernel for DENSIFY: this model cannot load on TFLM (subgraph 0 "
                           "operator 0)\n");
    run_free(&r);
    r = run_cli("plan", m, "--format", "json", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "\"min_arena\":null,\"refused\":{\"kind\":\"no_kernel\",\"subgraph\":0,"
                           "\"operator\":0,\"name\":\"DENSIFY\",");
    run_free(&r);
}

/* embed that gains nothing writes the copy all the same (it is correct, and its arena is then
 * known), says "no gain" and exits 0. */
static void embed_without_gain_writes(void **state)
{
    (void)state;
    char out[4096], want[8192];
    snprintf(out, sizeof out, "%s", tmp_path("nogain_copy.tflite"));
    unlink(out);
    run_result r = run_cli("embed", src_path(PD), "-o", out, NULL);
    assert_int_equal(r.status, 0);
    snprintf(want, sizeof want, "model        %s (300568 bytes)\nwrote        %s (", src_path(PD), out);
    assert_int_equal(strncmp(r.out, want, strlen(want)), 0);
    assert_contains(r.out, "\nno gain      TFLM reaches 55296 bytes with the input as it is and 55296 "
                           "with the copy\n");
    run_free(&r);
    assert_true(file_exists(out));
    /* the copy is a model carrying the plan */
    r = run_cli("check", out, NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "tflm head    55296 bytes");
    run_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rules_gate_the_whole_arena),
        cmocka_unit_test(unknown_arena_fails_the_gate),
        cmocka_unit_test(tflm_refusal_is_said), cmocka_unit_test(tflm_refusal_in_a_set),
        cmocka_unit_test(tflm_without_kernel_is_said), cmocka_unit_test(allocator_refusal_is_said),
        cmocka_unit_test(embed_without_gain_writes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
