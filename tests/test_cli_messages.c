/* test_cli_messages.c - results that must not mislead and messages that must name the fault
 * (issue 32, items 7 and 8): each case as the issue lists it. */
#include "testutil.h"
#include "test_tflite_fbb.h"
#define F32 AP_TFL_FLOAT32
static void write_blob(const char *path, const unsigned char *p, size_t n)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(p, 1, n, f), n);
    assert_int_equal(fclose(f), 0);
}
/* sg0: [CALL_ONCE init=c0] ADD; sg1 (when c1 >= -1): [CALL_ONCE init=c1 when c1>=0] ADD */
static const char *calls_model(const char *name, int c0, int c1)
{
    static char ring[4][4096];
    static unsigned r;
    char *path = ring[r++ % 4];
    fbb_node *ops0 = c0 >= 0 ? fbb_tables(2, tfl_op(1, fbb_ints(0), fbb_ints(0), AP_TFL_OPT_CALL_ONCE,
                                                    fbb_scalar(fbb_table(), AP_TFL_F_CALL_ONCE_INIT_SUBGRAPH_INDEX, 4, (uint32_t)c0)),
                                          tfl_op(0, fbb_ints(2, 0, 0), fbb_ints(1, 1), 0, NULL))
                             : fbb_tables(1, tfl_op(0, fbb_ints(2, 0, 0), fbb_ints(1, 1), 0, NULL));
    fbb_node *sg0 = tfl_subgraph(fbb_tables(2, tfl_tensor("x", F32, fbb_ints(1, 4), 0),
                                            tfl_tensor("y", F32, fbb_ints(1, 4), 0)),
                                 fbb_ints(1, 0), fbb_ints(1, 1), ops0, "main");
    fbb_node *ops1 = c1 >= 0 ? fbb_tables(2, tfl_op(1, fbb_ints(0), fbb_ints(0), AP_TFL_OPT_CALL_ONCE,
                                                    fbb_scalar(fbb_table(), AP_TFL_F_CALL_ONCE_INIT_SUBGRAPH_INDEX, 4, (uint32_t)c1)),
                                          tfl_op(0, fbb_ints(2, 0, 0), fbb_ints(1, 1), 0, NULL))
                             : fbb_tables(1, tfl_op(0, fbb_ints(2, 0, 0), fbb_ints(1, 1), 0, NULL));
    fbb_node *sg1 = tfl_subgraph(fbb_tables(2, tfl_tensor("a", F32, fbb_ints(1, 40), 0),
                                            tfl_tensor("b", F32, fbb_ints(1, 40), 0)),
                                 fbb_ints(1, 0), fbb_ints(1, 1), ops1, "init");
    size_t len;
    unsigned char *d = fbb_finish(tfl_model(fbb_tables(2, tfl_opcode(AP_TFL_OP_ADD, NULL), tfl_opcode(AP_TFL_OP_CALL_ONCE, NULL)),
                                            fbb_tables(2, sg0, sg1), fbb_tables(1, tfl_buffer(NULL, 0)), NULL), &len);
    fbb_reset();
    snprintf(path, 4096, "%s", tmp_path(name));
    write_blob(path, d, len);
    free(d);
    return path;
}
/* --runtime tflite refuses subgraphs that call one another in a loop reachable from subgraph 0,
 * as TFLM's lifetimes do (a loop no call reaches is planned by both). */
static void tflite_refuses_call_loops(void **state)
{
    (void)state;
    const char *self = calls_model("self0.tflite", 0, -1), *unreached = calls_model("self1.tflite", -1, 1),
               *mutual = calls_model("mutual.tflite", 1, 0);
    char want[8192];
    run_result r = run_cli("plan", self, "--runtime", "tflite", NULL);
    assert_int_equal(r.status, 2);
    snprintf(want, sizeof want, "arenaplan: %s: TFLite cannot run the model: its subgraphs call one "
             "another in a loop (0 -> 0), so Invoke would recurse without end\n", self);
    assert_string_equal(r.err, want);
    assert_string_equal(r.out, "");
    run_free(&r);
    r = run_cli("inspect", mutual, "--runtime", "tflite", "--format", "json", NULL);
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "call one another in a loop (0 -> 1 -> 0)");
    run_free(&r);
    r = run_cli("plan", mutual, NULL);
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "a loop of subgraph calls (0 -> 1 -> 0)");
    run_free(&r);
    for (int rt = 0; rt < 2; rt++) {
        r = run_cli("plan", unreached, "--runtime", rt ? "tflite" : "tflm", NULL);
        assert_int_equal(r.status, 0);
        run_free(&r);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(tflite_refuses_call_loops)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
