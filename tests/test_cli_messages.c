/* test_cli_messages.c - results that must not mislead and messages that must name the fault
 * (issue 32, items 7 and 8): each case as the issue lists it. */
#include <sys/stat.h>

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

/* A model with one ADD, x -> y, int8[rows,n] (n a multiple of 16), with an offline plan of the
 * two entries given (NULL: none). */
static const char *add_model_rows(const char *name, int rows, int64_t n, const int32_t *entries)
{
    static char ring[4][4096];
    static unsigned r;
    char *path = ring[r++ % 4];
    fbb_node *buffers, *metadata;
    tfl_offline_plan(1, entries, entries ? 2 : 0, &buffers, &metadata);
    fbb_node *sg = tfl_subgraph(fbb_tables(2, tfl_q8_tensor("x", fbb_ints(2, rows, (int)n)),
                                           tfl_q8_tensor("y", fbb_ints(2, rows, (int)n))),
                                fbb_ints(1, 0), fbb_ints(1, 1),
                                fbb_tables(1, tfl_op(0, fbb_ints(2, 0, 0), fbb_ints(1, 1), 0, NULL)), NULL);
    size_t len;
    unsigned char *d = fbb_finish(tfl_model(fbb_tables(1, tfl_opcode(AP_TFL_OP_ADD, NULL)),
                                            fbb_tables(1, sg), buffers, metadata), &len);
    fbb_reset();
    snprintf(path, 4096, "%s", tmp_path(name));
    write_blob(path, d, len);
    free(d);
    return path;
}

static const char *add_model(const char *name, int64_t n, const int32_t *entries)
{
    return add_model_rows(name, 1, n, entries);
}

/* An offline plan that puts live tensors on shared bytes is the plan's own choice, but no
 * output calls it efficient without saying what is live; an offset that is no multiple of 16
 * fails --strict (issue 32.7). */
static void offline_plans_that_mislead(void **state)
{
    (void)state;
    const int32_t zero[2] = {0, 0}, three[2] = {3, 64};
    const char *z = add_model("zero_plan.tflite", 64, zero), *t = add_model("three_plan.tflite", 48, three);
    run_result r = run_cli("check", z, NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "valid: 2 buffers, head 64 bytes, lower bound 64 bytes (efficiency 100.0%), "
                           "counting the 1 pair of fixed tensors that share bytes while live as the "
                           "plan's own choice: 128 bytes are live at step 1, 64 more than the head\n");
    run_free(&r);
    r = run_cli("check", z, "--strict", NULL);
    assert_int_equal(r.status, 1);
    run_free(&r);
    r = run_cli("plan", z, NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "lower bound  64 bytes (efficiency 100.0%)\n             128 bytes live at "
                           "the peak: fixed buffers that the input puts on shared bytes while live");
    char want[8192];
    snprintf(want, sizeof want, "arenaplan: warning: %s: its offline plan puts 1 pair of tensors live "
             "at once on shared bytes; TFLM runs them so, which holds only with kernels made for it "
             "(Vela's NPU plans are); 'arenaplan check' names them\n", z);
    assert_contains(r.err, want);
    run_free(&r);
    r = run_cli("check", t, NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "unaligned    1 fixed tensor at offsets that are no multiple of 16, TFLM's "
                           "tensor alignment (first: subgraph 0 tensor 0 at 3); --strict refuses them\n");
    run_free(&r);
    r = run_cli("check", t, "--strict", NULL);
    assert_int_equal(r.status, 1);
    assert_contains(r.out, "invalid: 1 fixed tensor at offsets that are no multiple of 16, TFLM's "
                           "tensor alignment (first: subgraph 0 tensor 0 at 3)\n");
    run_free(&r);
}

/* Names from the input: JSON stays valid UTF-8 (a byte of no character becomes U+FFFD), and
 * tables and messages never pass a control sequence to the terminal (issue 32.7). */
static void hostile_names(void **state)
{
    (void)state;
    const char *csv = tmp_path("hostile.csv");
    write_text(csv, "id,lower,upper,size,name\n"
                    "a\xff" "b,0,2,16,\x1b]0;owned\x07title\n"
                    "c,1,3,32,\xc2\x9b" "31m\xe2\x82\xac\n");
    run_result r = run_cli("plan", csv, "--format", "json", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "\"id\":\"a\\ufffdb\"");
    assert_contains(r.out, "\"name\":\"\\u001b]0;owned\\u0007title\"");
    assert_contains(r.out, "\"name\":\"\\u009b31m\xe2\x82\xac\"");
    assert_null(strchr(r.out, '\xff'));
    run_free(&r);
    r = run_cli("plan", csv, NULL);
    assert_int_equal(r.status, 0);
    assert_null(strchr(r.out, '\x1b'));
    assert_null(strchr(r.out, '\x07'));
    assert_null(strstr(r.out, "\xc2\x9b"));
    assert_contains(r.out, "a\\xffb");
    assert_contains(r.out, "\\x1b]0;owned\\x07title");
    assert_contains(r.out, "\\u009b31m\xe2\x82\xac"); /* the euro sign is a character: kept */
    run_free(&r);
    /* a message naming a hostile id */
    write_text(csv, "id,lower,upper,size\n\x1b[2J,0,2,16\n\x1b[2J,1,3,16\n");
    r = run_cli("plan", csv, NULL);
    assert_int_equal(r.status, 2);
    assert_null(strchr(r.err, '\x1b'));
    assert_contains(r.err, "\\x1b[2J");
    run_free(&r);
}

/* A whole arena beyond 32 bits is refused for cortex-m in every format, as the C header refuses
 * it; host64 plans it (issue 32.7). */
static void huge_arena_on_cortex_m(void **state)
{
    (void)state;
    const char *m = add_model_rows("huge.tflite", 2, INT64_C(1) << 30, NULL); /* two of 2 GiB */
    char want[8192];
    snprintf(want, sizeof want, "arenaplan: %s: TFLM's whole arena on cortex-m needs ", m);
    const char *formats[] = {"table", "json", "csv", "c"};
    for (size_t k = 0; k < 4; k++) {
        run_result r = run_cli("plan", m, "--strategy", "greedy", "--format", formats[k], NULL);
        if (r.status != 1 || !strstr(r.err, want) || r.out[0])
            fail_msg("--format %s: status %d, stderr \"%s\"", formats[k], r.status, r.err);
        assert_contains(r.err, "beyond the 4 GiB a 32-bit target addresses");
        run_free(&r);
    }
    run_result r = run_cli("inspect", m, NULL);
    assert_int_equal(r.status, 1);
    assert_contains(r.err, want);
    run_free(&r);
    r = run_cli("plan", m, "--strategy", "greedy", "--target", "host64", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "kTensorArenaSize for TFLM on host64");
    run_free(&r);
}

/* Options: --name at most 100 characters, options that do nothing warn, strict numbers. */
static void options_that_mislead(void **state)
{
    (void)state;
    const char *csv = tmp_path("opts.csv");
    write_text(csv, "id,lower,upper,size\na,0,2,16\nb,1,3,32\n");
    char name[128];
    memset(name, 'n', 101);
    name[101] = 0;
    run_result r = run_cli("plan", csv, "--format", "c", "--name", name, NULL);
    assert_int_equal(r.status, 2);
    assert_string_equal(r.err, "arenaplan: plan: --name is 101 characters long; a symbol prefix has "
                               "at most 100\n");
    run_free(&r);
    name[100] = 0;
    r = run_cli("plan", csv, "--format", "c", "--name", name, NULL);
    assert_int_equal(r.status, 0);
    run_free(&r);
    struct {
        const char *a[8];
        const char *warning;
    } ineffective[] = {
        {{"--strategy", "greedy", "--capacity", "1K"},
         "arenaplan: warning: --capacity applies to --strategy exact; greedy does not use it\n"},
        {{"--strategy", "best", "--node-limit", "5"},
         "arenaplan: warning: --node-limit applies to --strategy exact; best does not use it\n"},
        {{"--strategy", "linear", "--work-limit", "5"},
         "arenaplan: warning: --work-limit applies to every strategy but linear; linear does not use it\n"},
        {{"--strategy", "greedy", "--seed", "5"},
         "arenaplan: warning: --seed applies to the strategies best, search and exact; greedy does not use it\n"},
        {{"--kernels", "cmsis-nn"}, "applies to models; a buffer list is planned as written\n"},
        {{"--format", "csv", "--name", "x"},
         "arenaplan: warning: --name names the symbols of --format c; the csv plan does not use it\n"},
    };
    for (size_t k = 0; k < sizeof ineffective / sizeof ineffective[0]; k++) {
        const char **a = ineffective[k].a;
        r = run_cli("plan", csv, a[0], a[1], a[2], a[3], NULL);
        if (r.status != 0 || !strstr(r.err, ineffective[k].warning))
            fail_msg("%s %s: status %d, stderr \"%s\"", a[0], a[1], r.status, r.err);
        run_free(&r);
    }
    r = run_cli("plan", csv, "--strategy", "exact", "--capacity", "1K", "--seed", "1", NULL);
    assert_string_equal(r.err, "");
    run_free(&r);
    /* numbers: no sign, no blank on either side */
    struct {
        const char *flag, *value, *msg;
    } bad[] = {
        {"--seed", "-1", "arenaplan: --seed -1: a seed is a whole number from 0 to 2^64 - 1\n"},
        {"--budget", " 100", "arenaplan: --budget  100: not a byte count (examples: 65536, 64K, 1M)\n"},
        {"--budget", "100 ", "arenaplan: --budget 100 : not a byte count (examples: 65536, 64K, 1M)\n"},
        {"--budget", "+100", "arenaplan: --budget +100: not a byte count (examples: 65536, 64K, 1M)\n"},
        {"--time-limit", " 1", "arenaplan: --time-limit  1: not a positive number of seconds\n"},
        {"--node-limit", "0x10", "arenaplan: --node-limit 0x10: not a positive number of nodes\n"},
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        r = run_cli("plan", csv, bad[k].flag, bad[k].value, NULL);
        if (r.status != 2 || strcmp(r.err, bad[k].msg) != 0)
            fail_msg("%s '%s': status %d, stderr \"%s\"", bad[k].flag, bad[k].value, r.status, r.err);
        run_free(&r);
    }
}

/* Messages that name the fault (issue 32.8). */
static void messages_name_the_fault(void **state)
{
    (void)state;
    char want[8192], dir[4096], tflm[8192];
    snprintf(dir, sizeof dir, "%s", tmp_path("msg_dir"));
    mkdir(dir, 0755);
    run_result r = run_cli("plan", dir, NULL);
    assert_int_equal(r.status, 2);
    snprintf(want, sizeof want, "arenaplan: %s: is a directory, not a file to read\n", dir);
    assert_string_equal(r.err, want);
    run_free(&r);
    const char *csv = tmp_path("msg.csv");
    write_text(csv, "id,lower,upper,size\na,0,2,16\n");
    r = run_cli("plan", csv, "-o", "", NULL);
    assert_int_equal(r.status, 2);
    assert_string_equal(r.err, "arenaplan: cannot write '': -o was given an empty file name\n");
    run_free(&r);
    /* a file name as long as a folder takes: written (the temporary name is cut to fit) */
    char longname[4096];
    int n = snprintf(longname, sizeof longname, "%s/", dir);
    memset(longname + n, 'x', 250);
    strcpy(longname + n + 250, ".csv");
    r = run_cli("plan", csv, "--format", "csv", "-o", longname, NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.err, "");
    run_free(&r);
    assert_true(file_exists(longname));
    write_text(csv, "id,lower,upper,size\na,-9223372036854775808,2,16\n");
    r = run_cli("plan", csv, NULL);
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "column 'lower': -9223372036854775808 is too small\n");
    run_free(&r);
    write_text(csv, "id,lower,upper,size\na,0,2,16\n");
    const char *plan = tmp_path("msg_plan.csv");
    write_text(plan, "id,offset\na,-5\n");
    r = run_cli("check", csv, plan, NULL);
    assert_int_equal(r.status, 2);
    snprintf(want, sizeof want, "arenaplan: %s:2: column 'offset': -5 is negative (a plan places every "
             "buffer at an offset from 0)\n", plan);
    assert_string_equal(r.err, want);
    run_free(&r);
    /* a damaged model is judged by the model reader, a CSV with a NUL by the CSV reader */
    const char *bad = tmp_path("damaged.tflite"), *m = add_model("msg_model.tflite", 16, NULL);
    size_t len;
    char *bytes = read_text(m, &len);
    memcpy(bytes + 4, "TFL2", 4);
    write_blob(bad, (unsigned char *)bytes, len);
    free(bytes);
    r = run_cli("check", bad, NULL);
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "file identifier at bytes 4-7 is \"TFL2\", not \"TFL3\": not a TFLite model");
    run_free(&r);
    write_blob(csv, (const unsigned char *)"id,lower,upper,size\na\0,0,2,16\n", 31);
    r = run_cli("plan", csv, NULL);
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "binary data (a NUL byte at offset 21) in a CSV file");
    run_free(&r);
    r = run_cli("check", m, m, NULL);
    assert_int_equal(r.status, 2);
    snprintf(want, sizeof want, "arenaplan: check: %s is a model, not a plan: give the plan as a CSV "
             "file with an offset column ('arenaplan plan INPUT --format csv' writes one)\n", m);
    assert_string_equal(r.err, want);
    run_free(&r);
    /* an input named tflm after --log is an input */
    snprintf(tflm, sizeof tflm, "%s/tflm", dir);
    write_text(tflm, "id,lower,upper,size\na,0,2,16\n");
    r = run_cli("plan", "--log", tflm, "--strategy", "greedy", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "tensor a allocated at offset 0, size 16\n");
    run_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tflite_refuses_call_loops),
        cmocka_unit_test(offline_plans_that_mislead),
        cmocka_unit_test(hostile_names),
        cmocka_unit_test(huge_arena_on_cortex_m),
        cmocka_unit_test(options_that_mislead),
        cmocka_unit_test(messages_name_the_fault),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
