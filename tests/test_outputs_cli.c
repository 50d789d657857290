/* test_outputs_cli.c - what the user reads, through the CLI (issue 17): TFLM's own log, table
 * order and hex, the per-operator table, stock TFLM's figure in every format, types and shapes,
 * budgets on embed, report and --shared, embed's "no gain", and one header for several models. */
#include <unistd.h>

#include "testutil.h"

#define PD "corpus/models/tflm/person_detect.tflite"
#define HELLO "corpus/models/tflm/hello_world_int8.tflite"
#define BLAZE "corpus/models/more/litert_blazeface_mlkit_v1.tflite"
#define LSTM "corpus/models/tflm/trained_lstm.tflite"

#define NEEDS_EMBED "this plan needs `arenaplan embed` (or the header's BufferPlan) to take effect"
#define BLAZE_STOCK "stock TFLM (greedy): 720476 bytes; " NEEDS_EMBED
#define BLAZE_STOCK_HEAD "stock TFLM (greedy): head 688128 bytes; " NEEDS_EMBED

/* --log tflm: PrintMemoryPlan's lines with their "\r\n"; --log and --log reuse: the reuse log. */
static void log_tflm_and_reuse(void **state)
{
    (void)state;
    run_result r = run_cli("plan", src_path(PD), "--strategy", "greedy", "--log=tflm", NULL);
    assert_int_equal(r.status, 0);
    /* buffer 0 is tensor 27 (the planner's order); 30 is the output, used at one step; 31 the
     * input, whose character 'v' fills columns 26-39 at step 0 */
    assert_contains(r.out, "0 (id=0): size=256, offset=2304, first_used=28 last_used=29\r\n"
                           "1 (id=1): size=16, offset=0, first_used=29 last_used=30\r\n");
    assert_contains(r.out, "\r\n* (id=30): size=16, offset=0, first_used=31 last_used=31\r\n"
                           "v (id=31): size=9216, offset=18432, first_used=0 last_used=1\r\n"
                           "   0: ..........................vvvvvvvvvvvvvv......................"
                           ".................. (9k)\r\n");
    assert_contains(r.out, "\r\n   3: ddddddddddddddddddddddddddddddddddddddddddddddddddddd"
                           "ccccccccccccccccccccccccccc (54k)\r\n");
    /* the output's 16 bytes at offset 0 are less than a column of 55,296 / 80: no character;
     * then what RecordingMicroAllocator::PrintAllocations prints, the Cortex-M4 reference's
     * figures (corpus/reference/m4: total 82,388, tail 27,092, and each category's bytes) */
    assert_contains(r.out, "\r\n  31: ..............................................................."
                           "................. (1k)\r\n"
                           "[RecordingMicroAllocator] Arena allocation total 82388 bytes\r\n"
                           "[RecordingMicroAllocator] Arena allocation head 55296 bytes\r\n"
                           "[RecordingMicroAllocator] Arena allocation tail 27092 bytes\r\n"
                           "[RecordingMicroAllocator] 'TfLiteEvalTensor data' used 1068 bytes with alignment "
                           "overhead (requested 1068 bytes for 89 allocations)\r\n"
                           "[RecordingMicroAllocator] 'Persistent TfLiteTensor data' used 64 bytes with alignment "
                           "overhead (requested 64 bytes for 2 tensors)\r\n"
                           "[RecordingMicroAllocator] 'Persistent TfLiteTensor quantization data' used 40 bytes "
                           "with alignment overhead (requested 40 bytes for 4 allocations)\r\n"
                           "[RecordingMicroAllocator] 'Persistent buffer data' used 23828 bytes with alignment "
                           "overhead (requested 23568 bytes for 88 allocations)\r\n"
                           "[RecordingMicroAllocator] 'NodeAndRegistration struct' used 992 bytes with alignment "
                           "overhead (requested 992 bytes for 31 NodeAndRegistration structs)\r\n"
                           "\nstrategy     greedy\n");
    run_free(&r);
    r = run_cli("plan", "--log=tflm", src_path(PD), "--strategy", "greedy", "-o", "/dev/null", NULL);
    assert_int_equal(r.status, 0);
    assert_int_equal(strncmp(r.out, "0 (id=0): size=256,", 19), 0);
    run_free(&r);
    r = run_cli("plan", src_path("data/worked_example.csv"), "--strategy", "greedy", "--log", NULL);
    assert_int_equal(r.status, 0);
    assert_int_equal(strncmp(r.out, "tensor t4 allocated at offset 0, size 300\n", 42), 0);
    char *plain = strdup(r.out);
    run_free(&r);
    r = run_cli("plan", src_path("data/worked_example.csv"), "--strategy", "greedy", "--log=reuse", NULL);
    assert_string_equal(r.out, plain);
    free(plain);
    run_free(&r);
    r = run_cli("plan", src_path("data/worked_example.csv"), "--log=bogus", NULL);
    assert_int_equal(r.status, 2);
    assert_string_equal(r.err, "arenaplan: --log=bogus: reuse or tflm\n");
    run_free(&r);
    /* --log takes its kind only after '=': the next argument is an input (issue 32.8), and
       when no such file exists the message says how to write the kind */
    r = run_cli("plan", src_path("data/worked_example.csv"), "--log", "tflm", NULL);
    assert_int_equal(r.status, 2);
    assert_string_equal(r.err, "arenaplan: plan: tflm: no such input (the kind of --log comes "
                               "after '=': --log=reuse or --log=tflm; the next argument is always "
                               "an input)\n");
    run_free(&r);
}

/* The table: first use by default (person_detect's input first), --sort, --hex, types. */
static void table_order_hex_and_types(void **state)
{
    (void)state;
    run_result r = run_cli("plan", src_path(PD), NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "buffers      32, by first use\n\n"
                           "id  name                                      type              kind    "
                           "     size  lifetime  offset     end\n"
                           "88  input                                     int8[1,96,96,1]   input   "
                           "     9216  [0, 2)     18432   27648\n"
                           "34  MobilenetV1/MobilenetV1/Conv2d_0/Relu6    int8[1,48,48,8]   activation"
                           "  18432  [1, 3)         0   18432\n");
    run_free(&r);
    r = run_cli("plan", src_path(PD), "--sort", "size", "--hex", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "buffers      32, by size, largest first\n\n");
    assert_contains(r.out, "offset         end\n"
                           "54  MobilenetV1/MobilenetV1/Conv2d_1_pointwi  int8[1,48,48,16]  activation"
                           "  36864  [3, 5)    0x00000000  0x00009000\n");
    run_free(&r);
    r = run_cli("plan", src_path(PD), "--sort", "id", NULL);
    assert_contains(r.out, "by id\n\nid  name");
    assert_contains(r.out, "\n27  MobilenetV1/Logits/AvgPool_1a/AvgPool     int8[1,1,1,256]");
    run_free(&r);
    r = run_cli("plan", src_path(PD), "--sort", "offset", NULL);
    assert_contains(r.out, "by offset\n\nid  name");
    run_free(&r);
    /* kernel scratch names its operator and kernel set */
    r = run_cli("plan", src_path(LSTM), NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "\nscratch0  op 0 UNIDIRECTIONAL_SEQUENCE_LSTM: gate   uint8[80] (reference "
                           "kernel)  scratch       80  [1, 2)      5616    5696\n");
    run_free(&r);
    r = run_cli("plan", src_path(LSTM), "--kernels", "reference64", "-f", "json", NULL);
    assert_contains(r.out, "{\"id\":\"scratch0\",\"name\":\"op 0 UNIDIRECTIONAL_SEQUENCE_LSTM: gate "
                           "buffer 0\",\"type\":\"uint8[80] (reference64 kernel)\",");
    assert_contains(r.out, "{\"id\":\"0\",\"name\":\"serving_default_fixed_input:0\",\"type\":"
                           "\"float32[1,28,28]\",");
    run_free(&r);
    r = run_cli("plan", src_path(PD), "--sort", "name", NULL);
    assert_int_equal(r.status, 2);
    assert_string_equal(r.err, "arenaplan: --sort name: start, id, size or offset\n");
    run_free(&r);
    r = run_cli("plan", src_path(PD), "--hex", "-f", "csv", NULL);
    assert_int_equal(r.status, 2);
    assert_string_equal(r.err, "arenaplan: plan: --ops, --sort and --hex shape the table; the csv plan "
                               "lists every buffer in input order\n");
    run_free(&r);
}

/* --ops on the terminal; "ops" in JSON. */
static void ops_table(void **state)
{
    (void)state;
    run_result r = run_cli("plan", src_path(PD), "--ops", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "\n step  operator                  live   share  buffers (largest first)\n"
                           "    0  inputs                    9216   16.7%  88\n"
                           "    1  op 0 DEPTHWISE_CONV_2D   27648   50.0%  34 88\n"
                           "    2  op 1 DEPTHWISE_CONV_2D   36864   66.7%  34 51\n"
                           "    3  op 2 CONV_2D             55296  100.0%  54 51\n");
    assert_contains(r.out, "   31  op 30 SOFTMAX               32    0.1%  31 87\n");
    run_free(&r);
    r = run_cli("plan", src_path(PD), "-f", "json", NULL);
    assert_contains(r.out, ",\"ops\":[\n{\"step\":0,\"label\":\"inputs\",\"live_bytes\":9216,"
                           "\"share\":0.1667,\"buffers\":[\"88\"]},");
    assert_contains(r.out, "{\"step\":3,\"label\":\"op 2 CONV_2D\",\"live_bytes\":55296,\"share\":1.0000,"
                           "\"buffers\":[\"54\",\"51\"]},");
    /* TFLM's whole arena, on the Cortex-M4 (docs/arena.md's worked example) */
    assert_contains(r.out, ",\"stock_head\":55296,\"tflm\":{\"target\":\"cortex-m\",\"kernels\":\"reference\","
                           "\"head\":55296,\"tail\":26996,\"used\":82292,\"min_arena\":82296,\"stock_head\":55296,"
                           "\"stock_min_arena\":82296,\"tail_breakdown\":{\"TfLiteEvalTensor\":1068,"
                           "\"persistent_TfLiteTensor\":64,\"persistent_quantization\":40,\"persistent_buffer\":23836,"
                           "\"TfLiteTensor_variable_buffer\":0,\"NodeAndRegistration\":992,"
                           "\"operator_runtime_data\":0,\"other\":996}},\"summary\":");
    run_free(&r);
    r = run_cli("plan", src_path(PD), "--ops", "-f", "json", NULL);
    assert_int_equal(r.status, 2);
    assert_string_equal(r.err, "arenaplan: plan: --ops, --sort and --hex shape the table; the json plan "
                               "lists every buffer in input order (and \"ops\" for models)\n");
    run_free(&r);
}

/* blazeface: best's head is 516,096 bytes, stock TFLM's 688,128; the whole arena 548,444
 * against 720,476 on the Cortex-M4 (stock: the reference's plain_total 720,480 less the 4 bytes of
 * tail padding an arena of that size spares). Every format says so in one line. */
#define BLAZE_ARENA "548444 bytes (kTensorArenaSize for TFLM on cortex-m; head 516096 + tail 32352 - 4 " \
                    "bytes of alignment padding: the tail's padding depends on where the arena ends)"
static void stock_line_in_every_format(void **state)
{
    (void)state;
    run_result r = run_cli("plan", src_path(BLAZE), NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "\narena        " BLAZE_ARENA "\n             " BLAZE_STOCK "\n"
                           "head         516096 bytes\nlower bound  516096 bytes");
    run_free(&r);
    r = run_cli("plan", src_path(BLAZE), "-f", "json", NULL);
    assert_contains(r.out, ",\"stock_head\":688128,\"stock_note\":\"" BLAZE_STOCK "\",\"tflm\":{\"target\":"
                           "\"cortex-m\",\"kernels\":\"reference\",\"head\":516096,\"tail\":32352,\"used\":548448,"
                           "\"min_arena\":548444,\"stock_head\":688128,\"stock_min_arena\":720476,");
    run_free(&r);
    /* the CSV: the arena, the head and the stock line as comment lines, in the table's words */
    r = run_cli("plan", src_path(BLAZE), "-f", "csv", NULL);
    assert_int_equal(strncmp(r.out, "# arena " BLAZE_ARENA "\n# head 516096 bytes\n# " BLAZE_STOCK
                             "\nid,lower,upper,size,alignment,name,type,offset\n",
                             strlen("# arena " BLAZE_ARENA "\n# head 516096 bytes\n# " BLAZE_STOCK
                                    "\nid,lower,upper,size,alignment,name,type,offset\n")),
                     0);
    run_free(&r);
    r = run_cli("plan", src_path(BLAZE), "-f", "c", NULL);
    assert_contains(r.out, " * strategy:  best:bestfit-size\n * arena:     " BLAZE_ARENA "\n");
    assert_contains(r.out, " * note:      TFLM lifetimes; kernel scratch: reference\n * " BLAZE_STOCK "\n */\n");
    assert_contains(r.out, "#define LITERT_BLAZEFACE_MLKIT_V1_ARENA_SIZE 548444u /* kTensorArenaSize: TFLM's "
                           "whole arena on cortex-m */\n/* alignas(16) static uint8_t "
                           "tensor_arena[LITERT_BLAZEFACE_MLKIT_V1_ARENA_SIZE]; */\n");
    run_free(&r);
    /* greedy is stock TFLM: the figure, nothing to embed */
    r = run_cli("plan", src_path(BLAZE), "--strategy", "greedy", NULL);
    assert_contains(r.out, "\n             stock TFLM (greedy): 720476 bytes\nhead         688128 bytes\n");
    run_free(&r);
    /* no kernel set, no arena: the head alone, the head's line, and why no arena */
    r = run_cli("plan", src_path(BLAZE), "--kernels", "none", NULL);
    assert_contains(r.out, "\narena        unknown: --kernels none: no kernel set, so no TFLM arena\nhead ");
    assert_contains(r.out, "\nhead         516096 bytes\n             " BLAZE_STOCK_HEAD "\n");
    run_free(&r);
    /* TensorFlow Lite's interpreter has no TFLM arena and tail: its head is the plan's, no stock
     * TFLM line, no --target */
    r = run_cli("plan", src_path("corpus/models/tflm/hello_world_float.tflite"), "--runtime", "tflite", NULL);
    assert_int_equal(r.status, 0);
    /* its input's batch is unknown (shape_signature -1): the figures hold for the shape the model
     * states, which the note says; not a gap */
    assert_contains(r.out, "graph input 0 has an unknown dimension (shape_signature -1 at dimension "
                           "0): the figures are for the shape the model states");
    assert_contains(r.out, "\nhead         132 bytes\nlower bound  132 bytes");
    assert_null(strstr(r.out, "stock TFLM"));
    run_free(&r);
    r = run_cli("plan", src_path("corpus/models/tflm/hello_world_float.tflite"), "--runtime", "tflite",
                "-f", "json", NULL);
    assert_null(strstr(r.out, "stock_head"));
    assert_null(strstr(r.out, "\"tflm\""));
    run_free(&r);
    r = run_cli("plan", src_path("corpus/models/tflm/hello_world_float.tflite"), "--runtime", "tflite",
                "--target", "host64", NULL);
    assert_int_equal(r.status, 2);
    assert_string_equal(r.err, "arenaplan: --target applies to --runtime tflm (TensorFlow Lite Micro), not "
                               "to --runtime tflite\n");
    run_free(&r);
    /* the report */
    const char *html = tmp_path("blaze.html");
    r = run_cli("report", src_path(BLAZE), "--strategy", "best", "-o", html, NULL);
    assert_int_equal(r.status, 0);
    run_free(&r);
    char *text = read_text(html, NULL);
    assert_contains(text, "<p id=\"stock\">stock TFLM (greedy): 720476 bytes; this plan needs `arenaplan "
                          "embed` (or the header&#39;s BufferPlan) to take effect</p>");
    assert_contains(text, "<dd id=\"sum-arena\" data-value=\"548444\">548444 bytes <small>head 516096 + tail "
                          "32352</small></dd>");
    assert_contains(text, "<dd id=\"sum-head\" data-value=\"516096\">516096 bytes <small>504.0 KiB</small></dd>");
    assert_contains(text, "<tr data-category=\"TfLiteEvalTensor\"><td>TfLiteEvalTensor data</td>"
                          "<td class=\"n\">191</td><td class=\"n\">2292</td><td class=\"n\">2292</td></tr>");
    free(text);
}

/* --budget on embed, report and plan --shared: over it, exit 1 and nothing written. For models
 * it gates TFLM's whole arena, --budget-head the head alone. */
static void budgets(void **state)
{
    (void)state;
    char msg[512];
    const char *out = tmp_path("budget.tflite");
    unlink(out);
    run_result r = run_cli("embed", src_path(BLAZE), "-o", out, "--budget", "548443", NULL);
    assert_int_equal(r.status, 1);
    assert_string_equal(r.err, "arenaplan: the arena with the copy needs 548444 bytes, 1 more than the budget "
                               "of 548443 bytes\n");
    assert_string_equal(r.out, "");
    assert_false(file_exists(out));
    run_free(&r);
    r = run_cli("embed", src_path(BLAZE), "-o", out, "--budget-head", "503K", NULL);
    assert_int_equal(r.status, 1);
    assert_string_equal(r.err, "arenaplan: the head with the copy needs 516096 bytes, 1024 more than the budget "
                               "of 515072 bytes\n");
    assert_false(file_exists(out));
    run_free(&r);
    r = run_cli("embed", src_path(BLAZE), "-o", out, "--budget", "548444", "--budget-head", "504K", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "head         516096 bytes with TFLM");
    assert_contains(r.out, "arena        548444 bytes (kTensorArenaSize for TFLM on cortex-m with the copy; "
                           "720476 with the input as it is)\n");
    assert_true(file_exists(out));
    run_free(&r);
    r = run_cli("embed", src_path(BLAZE), "-o", out, "--budget", "lots", NULL);
    assert_int_equal(r.status, 2);
    assert_string_equal(r.err, "arenaplan: --budget lots: not a byte count (examples: 65536, 64K, 1M)\n");
    run_free(&r);

    /* a buffer list has no TFLM arena: --budget gates its head */
    const char *html = tmp_path("budget.html");
    unlink(html);
    r = run_cli("report", src_path("data/worked_example.csv"), "--budget", "600", "-o", html, NULL);
    assert_int_equal(r.status, 1);
    assert_string_equal(r.err, "arenaplan: the head needs 700 bytes, 100 more than the budget of 600 bytes\n");
    assert_false(file_exists(html));
    run_free(&r);
    r = run_cli("report", src_path("data/worked_example.csv"), "--budget", "700", "-o", html, NULL);
    assert_int_equal(r.status, 0);
    assert_true(file_exists(html));
    run_free(&r);
    unlink(html);
    r = run_cli("report", src_path(PD), "-s", "greedy", "--budget", "82295", "-o", html, NULL);
    assert_int_equal(r.status, 1);
    assert_string_equal(r.err, "arenaplan: the arena needs 82296 bytes, 1 more than the budget of 82295 bytes\n");
    assert_false(file_exists(html));
    run_free(&r);
    r = run_cli("report", src_path(PD), "-s", "greedy", "--budget-head", "55295", "-o", html, NULL);
    assert_int_equal(r.status, 1);
    assert_string_equal(r.err, "arenaplan: the head needs 55296 bytes, 1 more than the budget of 55295 bytes\n");
    assert_false(file_exists(html));
    run_free(&r);

    /* plan: the whole arena on the target, or the head */
    r = run_cli("plan", src_path(PD), "--budget", "82296", NULL);
    assert_int_equal(r.status, 0);
    run_free(&r);
    r = run_cli("plan", src_path(PD), "--target", "host64", "--budget", "82296", NULL);
    assert_int_equal(r.status, 1);
    snprintf(msg, sizeof msg, "arenaplan: the arena needs 85016 bytes, 2720 more than the budget of "
             "82296 bytes\narenaplan: the levers reach 60472 bytes (embed + overlap + patch), within "
             "the budget: see `arenaplan fit %s --budget 82296`\n", src_path(PD));
    assert_string_equal(r.err, msg);
    run_free(&r);
    r = run_cli("plan", src_path(PD), "--budget-head", "54K", NULL);
    assert_int_equal(r.status, 0);
    run_free(&r);

    /* --shared sequential: TFLM's multi-tenant arena, the largest head and every model's tail
     * below the allocator's objects, made once; concurrent: separate interpreters, a region
     * each (person_detect's 82,296 last, hello_world's 1,068 rounded up to 1,072 first) */
    r = run_cli("plan", src_path(PD), src_path(HELLO), "--shared", "sequential", "--budget", "82824", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "arena        82824 bytes (kTensorArenaSize for TFLM on cortex-m: multi-tenant, one "
                           "MicroAllocator and an interpreter per model, created in this order; the largest "
                           "head 55296 + the tail 27524 + 4 bytes of alignment padding: the tail's padding "
                           "depends on where the arena ends)\n");
    assert_contains(r.out, "allocator objects [82708, 82824): 116 bytes, made once\n");
    run_free(&r);
    r = run_cli("plan", src_path(PD), src_path(HELLO), "--shared", "sequential", "--budget", "82823", NULL);
    assert_int_equal(r.status, 1);
    assert_string_equal(r.err, "arenaplan: the arena needs 82824 bytes, 1 more than the budget of 82823 bytes\n");
    run_free(&r);
    r = run_cli("plan", src_path(PD), src_path(HELLO), "--shared", "concurrent", "--budget", "82940", NULL);
    assert_int_equal(r.status, 1);
    assert_string_equal(r.err, "arenaplan: the arena needs 83368 bytes, 428 more than the budget of 82940 bytes\n");
    assert_contains(r.out, "person_detect.tflite [1072, 83368): its own arena, 82296 bytes\n");
    run_free(&r);
    r = run_cli("plan", src_path(PD), src_path(HELLO), "--shared", "concurrent", "--budget-head", "55296", NULL);
    assert_int_equal(r.status, 1);
    assert_string_equal(r.err, "arenaplan: the head needs 55328 bytes, 32 more than the budget of 55296 bytes\n");
    run_free(&r);
}

/* embed gaining nothing: says so, writes the copy all the same, exit 0 (--force, kept for
 * scripts, changes nothing). */
static void embed_no_gain(void **state)
{
    (void)state;
    const char *out = tmp_path("nogain.tflite");
    unlink(out);
    run_result r = run_cli("embed", src_path(PD), "-o", out, NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "\nno gain      TFLM reaches 55296 bytes with the input as it is and "
                           "55296 with the copy\n");
    assert_contains(r.out, "head         55296 bytes with TFLM (the plan: 55296 bytes; lower bound 55296)\n");
    assert_contains(r.out, "\nwrote        ");
    assert_true(file_exists(out));
    run_free(&r);
    unlink(out);
    r = run_cli("embed", src_path(PD), "-o", out, "--force", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "\nwrote        ");
    assert_contains(r.out, "\nno gain      ");
    assert_true(file_exists(out));
    run_free(&r);
    /* with a gain it writes without --force */
    unlink(out);
    r = run_cli("embed", src_path(BLAZE), "-o", out, NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "before       688128 bytes with TFLM, the input as it is (no offline plan: "
                           "TFLM's greedy planner)\n");
    assert_true(file_exists(out));
    run_free(&r);
}

static char missing[128]; /* the compilers not on PATH, for the skip message */

/* Compiles a C file with the given compiler; fails the test with its output otherwise. A
 * missing compiler fails the test in CI; elsewhere the program ends with 77 (CTest's skip)
 * once everything else has passed, naming it. */
static void compile(const char *cc, const char *flag, const char *src)
{
    char inc[4200], rt[4200], obj[4200];
    if (!tool_on_path(cc)) {
        /* a fresh machine may lack it (tools/setup-deps --test installs no cross compiler) */
        if (getenv("CI") && *getenv("CI"))
            fail_msg("CI is set but %s is not on PATH", cc);
        if (!strstr(missing, cc))
            snprintf(missing + strlen(missing), sizeof missing - strlen(missing), "%s%s",
                     missing[0] ? ", " : "", cc);
        return;
    }
    snprintf(inc, sizeof inc, "-I%s", AP_TEST_TMP);
    snprintf(rt, sizeof rt, "-I%s", src_path("runtime/include"));
    snprintf(obj, sizeof obj, "%s.o", src);
    char *argv[] = {(char *)cc, (char *)flag, "-Wall", "-Wextra", "-Werror", "-pedantic", inc, rt,
                    "-c", (char *)src, "-o", obj, NULL};
    run_result r = run_argv(argv);
    if (r.status != 0)
        fail_msg("%s failed (%d):\n%s%s", cc, r.status, r.out, r.err);
    run_free(&r);
}

/* --shared --format c: one header; each model's symbols under its own prefix; compiles for the
 * Cortex-M4, as C99 and as C++, like the single-model header. */
static void shared_header(void **state)
{
    (void)state;
    char hdr[4096];
    snprintf(hdr, sizeof hdr, "%s", tmp_path("two_models.h"));
    run_result r = run_cli("plan", src_path(PD), src_path(HELLO), "--shared", "concurrent", "-f", "c",
                           "--name", "two", "-o", hdr, NULL);
    assert_int_equal(r.status, 0);
    run_free(&r);
    char *h = read_text(hdr, NULL);
    assert_non_null(h);
    assert_contains(h, " * models:    2 sharing one head, concurrent (they may run at once: no byte is "
                       "shared between models)\n * head:      55328 bytes\n * model 0:   two_person_detect\n");
    assert_contains(h, " * arena:     83368 bytes: one MicroInterpreter per model, each with its own "
                       "MicroAllocator on its own\n");
    assert_contains(h, "#define TWO_ARENA_SIZE 83368u /* kTensorArenaSize: TFLM's whole arena on cortex-m */\n"
                       "/* alignas(16) static uint8_t tensor_arena[TWO_ARENA_SIZE]; */\n\n"
                       "#define TWO_PERSON_DETECT_REGION_OFFSET 1072u /* its interpreter's arena: "
                       "tensor_arena + this */\n#define TWO_PERSON_DETECT_REGION_SIZE 82296u\n"
                       "#define TWO_HELLO_WORLD_INT8_REGION_OFFSET 0u");
    assert_contains(h, "#define TWO_MODELS 2u\n#define TWO_HEAD_SIZE 55328u");
    assert_contains(h, "#define TWO_PERSON_DETECT_BUFFERS 32u\n#define TWO_PERSON_DETECT_HEAD_SIZE 55296u");
    assert_contains(h, "#define TWO_HELLO_WORLD_INT8_BUFFERS 4u\n#define TWO_HELLO_WORLD_INT8_HEAD_SIZE 55328u");
    /* hello_world lies above person_detect: its first buffer starts at 55,296 or higher */
    assert_contains(h, "static const int32_t two_hello_world_int8_offsets[TWO_HELLO_WORLD_INT8_BUFFERS] "
                       "AP_PLAN_UNUSED = {\n    553");
    free(h);
    char src[8192];
    const char *base = strrchr(hdr, '/') + 1, *c = tmp_path("use_two.c");
    snprintf(src, sizeof src, "#include \"%s\"\nint two(void);\n"
             "static unsigned char tensor_arena[TWO_ARENA_SIZE];\n"
             "int two(void) { return (int)TWO_HEAD_SIZE + two_hello_world_int8_offsets[0] + tensor_arena[0]; }\n",
             base);
    write_text(c, src);
    compile("cc", "-std=c99", c);
    compile("arm-none-eabi-gcc", "-mcpu=cortex-m4", c);
    const char *cpp = tmp_path("use_two.cc");
    /* the runtime's ap_rt_plan is there when arenaplan_rt.h comes first */
    snprintf(src, sizeof src, "#include \"arenaplan_rt.h\"\n#include \"%s\"\nint two();\nint two() { return (int)two_person_detect_plan.count + "
             "two_hello_world_int8_buffer_plan.buffer_count; }\n", base);
    write_text(cpp, src);
    compile("g++", "-std=c++11", cpp);
    /* one model's header: its ARENA_SIZE declares the arena, as the comment says */
    snprintf(hdr, sizeof hdr, "%s", tmp_path("pd_arena.h"));
    r = run_cli("plan", src_path(PD), "-f", "c", "-o", hdr, NULL);
    assert_int_equal(r.status, 0);
    run_free(&r);
    h = read_text(hdr, NULL);
    assert_contains(h, "#define PERSON_DETECT_ARENA_SIZE 82296u /* kTensorArenaSize: TFLM's whole arena on "
                       "cortex-m */\n/* alignas(16) static uint8_t tensor_arena[PERSON_DETECT_ARENA_SIZE]; */\n");
    free(h);
    base = strrchr(hdr, '/') + 1;
    c = tmp_path("use_arena.c");
    snprintf(src, sizeof src, "#include <stdalign.h>\n#include \"%s\"\nalignas(16) uint8_t "
             "tensor_arena[PERSON_DETECT_ARENA_SIZE];\n", base);
    write_text(c, src);
    compile("arm-none-eabi-gcc", "-mcpu=cortex-m4", c);
    compile("cc", "-std=c11", c);
    /* the same file twice: the second copy's symbols get its position */
    r = run_cli("plan", src_path(HELLO), src_path(HELLO), "--shared", "sequential", "-f", "c", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "#define SHARED_HELLO_WORLD_INT8_BUFFERS 4u");
    assert_contains(r.out, "#define SHARED_HELLO_WORLD_INT8_1_BUFFERS 4u");
    run_free(&r);
    r = run_cli("plan", src_path(HELLO), src_path(HELLO), "--shared", "sequential", "-f", "csv", NULL);
    assert_int_equal(r.status, 2);
    assert_string_equal(r.err, "arenaplan: plan: --shared writes table, json or c\n");
    run_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(log_tflm_and_reuse),
        cmocka_unit_test(table_order_hex_and_types),
        cmocka_unit_test(ops_table),
        cmocka_unit_test(stock_line_in_every_format),
        cmocka_unit_test(budgets),
        cmocka_unit_test(embed_no_gain),
        cmocka_unit_test(shared_header),
    };
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    if (failed == 0 && missing[0]) {
        printf("skipped: the headers were not compiled: %s not on PATH\n", missing);
        return 77;
    }
    return failed;
}
