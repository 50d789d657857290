/* test_run.c - the commands end to end from bytes (run.h), the layer the Python package binds:
 * each result equals, byte for byte, what the CLI writes for the same input and options (plan's
 * JSON, embed's copy and C source, reorder's copy, report's HTML), check's verdicts, the
 * warnings the CLI prints, and the errors (budgets, bad options) with their exact messages and
 * nothing left in the result. */
#include "arenaplan/run.h"
#include "testutil.h"

/* The file at path (malloc'd) and its length. */
static unsigned char *slurp(const char *path, size_t *n)
{
    unsigned char *d = (unsigned char *)read_text(path, n);
    if (!d)
        fail_msg("cannot read %s", path);
    return d;
}

/* Runs the CLI (NULL-terminated arguments), asserting exit 0; its stdout (malloc'd). */
static char *cli_ok(const char *arg0, ...)
{
    char *argv[24] = {AP_CLI, (char *)arg0};
    int k = 2;
    va_list ap;
    va_start(ap, arg0);
    for (char *a; (a = va_arg(ap, char *)) != NULL && k < 22;)
        argv[k++] = a;
    va_end(ap);
    argv[k] = NULL;
    run_result r = run_argv(argv);
    if (r.status != 0)
        fail_msg("arenaplan %s exited %d: %s", arg0, r.status, r.err);
    char *out = r.out;
    r.out = NULL;
    run_free(&r);
    return out;
}

typedef ap_status (*run_fn)(const unsigned char *, size_t, const ap_run_options *, ap_run_result *,
                            ap_error *);

/* Runs fn on the file at path (named by path), asserting AP_OK. */
static void run_ok(run_fn fn, const char *path, ap_run_options *o, ap_run_result *res)
{
    size_t n;
    unsigned char *d = slurp(path, &n);
    ap_error err = {0};
    o->name = path;
    ap_status st = fn(d, n, o, res, &err);
    free(d);
    if (st != AP_OK)
        fail_msg("%s: %s", path, err.msg);
    assert_non_null(res->json);
    assert_int_equal(strlen(res->json), res->json_len);
}

static void test_plan_json_is_the_cli_s(void **state)
{
    static const char *const inputs[] = {"data/worked_example.csv",
                                         "corpus/models/tflm/person_detect.tflite",
                                         "corpus/models/tflm/micro_speech_quantized.tflite"};
    (void)state;
    for (size_t i = 0; i < 3; i++) {
        const char *path = src_path(inputs[i]);
        ap_run_options o;
        ap_run_result res;
        ap_run_options_init(&o);
        run_ok(ap_run_plan, path, &o, &res);
        char *want = cli_ok("plan", path, "--format", "json", NULL);
        assert_string_equal(res.json, want);
        assert_null(res.data);
        assert_null(res.warnings);
        assert_int_equal(res.valid, 1);
        free(want);
        ap_run_result_free(&res);
        /* the same with CMSIS-NN's kernels, greedy */
        if (i == 0)
            continue;
        ap_run_options_init(&o);
        o.kernels = "cmsis-nn";
        o.plan.strategy = "greedy";
        run_ok(ap_run_plan, path, &o, &res);
        want = cli_ok("plan", path, "--format", "json", "--kernels", "cmsis-nn", "--strategy",
                      "greedy", NULL);
        assert_string_equal(res.json, want);
        free(want);
        ap_run_result_free(&res);
        ap_run_options_init(&o);
        o.target = "host64";
        run_ok(ap_run_plan, path, &o, &res);
        want = cli_ok("plan", path, "--format", "json", "--target", "host64", NULL);
        assert_string_equal(res.json, want);
        assert_contains(res.json, "\"target\":\"host64\",\"kernels\":\"reference\"");
        free(want);
        ap_run_result_free(&res);
    }
}

static void test_embed_is_the_cli_s(void **state)
{
    const char *path = corpus_model("person_detect");
    char out[4096], c[4096], h[4096];
    ap_run_options o;
    ap_run_result res;
    size_t n;
    (void)state;
    snprintf(out, sizeof out, "%s", tmp_path("run_copy.tflite"));
    ap_run_options_init(&o);
    run_ok(ap_run_embed, path, &o, &res);
    free(cli_ok("embed", path, "-o", out, "--force", NULL));
    unsigned char *want = slurp(out, &n);
    assert_int_equal(res.len, n);
    assert_memory_equal(res.data, want, n);
    free(want);
    assert_contains(res.json, "{\"schema\":\"arenaplan/2\",\"command\":\"embed\",\"format\":\"tflite\",\"input_bytes\":300568,"
                              "\"output_bytes\":301448,\"shift\":880,\"strategy\":\"best:greedy\","
                              "\"candidates\":9,\"arena_bytes\":82296,\"head_bytes\":55296,\"tail_bytes\":26996,"
                              "\"plan_head_bytes\":55296,\"lower_bound\":55296,\"head_before\":55296,"
                              "\"gain\":false,\"had_plan\":false,");
    assert_contains(res.json, "\"offline_plan\":{\"entries\":89,\"tensors\":32,\"fixed\":32,"
                              "\"held_for_variables\":0},\"scratch_buffers\":0");
    ap_run_result_free(&res);
    /* as C source: the CLI's two files, the header named as the CLI names it */
    snprintf(c, sizeof c, "%s", tmp_path("run_src.c"));
    snprintf(h, sizeof h, "%s", tmp_path("run_src.h"));
    ap_run_options_init(&o);
    o.format = "c";
    o.kernels = "cmsis-nn";
    o.header = strrchr(h, '/') + 1;
    o.symbol = "pd";
    run_ok(ap_run_embed, path, &o, &res);
    free(cli_ok("embed", path, "--format", "c", "-o", c, "--kernels", "cmsis-nn", "--name", "pd",
                NULL));
    char *src = read_text(c, NULL), *hdr = read_text(h, NULL);
    assert_int_equal(res.len, strlen(src));
    assert_memory_equal(res.data, src, res.len);
    assert_int_equal(res.len2, strlen(hdr));
    assert_memory_equal(res.data2, hdr, res.len2);
    assert_contains(res.json, "\"format\":\"c\"");
    assert_contains(res.json, "\"arena_bytes\":82316,");
    free(src);
    free(hdr);
    ap_run_result_free(&res);
    /* the header's default name */
    ap_run_options_init(&o);
    o.format = "c";
    run_ok(ap_run_embed, path, &o, &res);
    assert_non_null(strstr((char *)res.data, "#include \"person_detect_model.h\"\n"));
    assert_non_null(strstr((char *)res.data2, "#define PERSON_DETECT_ARENA_SIZE 82296u"));
    ap_run_result_free(&res);
}

static void test_reorder_is_the_cli_s(void **state)
{
    const char *path = corpus_model("mltk_keyword_spotting_on_off_v3");
    char out[4096];
    ap_run_options o;
    ap_run_result res;
    size_t n;
    (void)state;
    snprintf(out, sizeof out, "%s", tmp_path("run_reordered.tflite"));
    ap_run_options_init(&o);
    run_ok(ap_run_reorder, path, &o, &res);
    free(cli_ok("reorder", path, "-o", out, NULL));
    unsigned char *want = slurp(out, &n);
    assert_int_equal(res.len, n);
    assert_memory_equal(res.data, want, n);
    free(want);
    assert_contains(res.json, "\"peak_before\":21568,\"peak\":19616,");
    assert_contains(res.json, "\"proven\":true");
    ap_run_result_free(&res);
}

static void test_report_is_the_cli_s(void **state)
{
    const char *path = src_path("data/worked_example.csv");
    char out[4096], svg[4096];
    ap_run_options o;
    ap_run_result res;
    static const char *const strategies[] = {"greedy", "linear", NULL};
    (void)state;
    snprintf(out, sizeof out, "%s", tmp_path("run_report.html"));
    snprintf(svg, sizeof svg, "%s", tmp_path("run_report.svg"));
    ap_run_options_init(&o);
    o.strategies = strategies;
    run_ok(ap_run_report, path, &o, &res);
    free(cli_ok("report", path, "--strategy", "greedy", "--strategy", "linear", "-o", out, "--svg",
                svg, NULL));
    char *html = read_text(out, NULL), *s = read_text(svg, NULL);
    assert_int_equal(res.len, strlen(html));
    assert_memory_equal(res.data, html, res.len);
    assert_int_equal(res.len2, strlen(s));
    assert_memory_equal(res.data2, s, res.len2);
    assert_contains(res.json, "\"arena_bytes\":null,\"arena_unknown\":\"a buffer list has no TFLM arena\",\"head_bytes\":700,");
    assert_contains(res.json, "\"strategy\":\"greedy\"");
    free(html);
    free(s);
    ap_run_result_free(&res);
}

static void test_check(void **state)
{
    ap_run_options o;
    ap_run_result res;
    size_t n;
    unsigned char *plan = slurp(src_path("data/worked_example_published_plan.csv"), &n);
    (void)state;
    /* a CSV plan of the input: invalid, with the checker's message */
    ap_run_options_init(&o);
    o.plan_csv = plan;
    o.plan_len = n;
    run_ok(ap_run_check, src_path("data/worked_example.csv"), &o, &res);
    assert_int_equal(res.valid, 0);
    assert_string_equal(res.json,
                        "{\"schema\":\"arenaplan/2\",\"command\":\"check\",\"valid\":false,\"message\":\"buffers 't2' (200 "
                        "bytes, lifetime [1, 4), bytes [100, 300)) and 't3' (150 bytes, lifetime "
                        "[2, 5), bytes [0, 150)) are both live at steps 2-3 and share bytes [100, "
                        "150)\",\"buffers\":5,\"head_bytes\":null,\"lower_bound\":null,"
                        "\"efficiency\":null,\"model\":false}\n");
    ap_run_result_free(&res);
    free(plan);
    /* a model's own offline plan, as TFLM runs it */
    char copy[4096];
    snprintf(copy, sizeof copy, "%s", tmp_path("run_check.tflite"));
    free(cli_ok("embed", corpus_model("person_detect"), "-o", copy, "--force", NULL));
    ap_run_options_init(&o);
    run_ok(ap_run_check, copy, &o, &res);
    assert_int_equal(res.valid, 1);
    assert_string_equal(res.json,
                        "{\"schema\":\"arenaplan/2\",\"command\":\"check\",\"valid\":true,\"message\":null,\"buffers\":32,"
                        "\"head_bytes\":55296,\"lower_bound\":55296,\"efficiency\":1.0000,"
                        "\"model\":true,\"offline_plan\":{\"entries\":89,\"tensors\":32,"
                        "\"fixed\":32,\"scratch\":0,\"shared_pairs\":0,\"tflm_head_bytes\":55296}}\n");
    ap_run_result_free(&res);
    /* a CSV plan: its own offset column */
    char csv[4096];
    snprintf(csv, sizeof csv, "%s", tmp_path("run_plan.csv"));
    write_text(csv, "id,lower,upper,size,offset\na,0,2,32,0\nb,1,3,16,32\n");
    ap_run_options_init(&o);
    run_ok(ap_run_check, csv, &o, &res);
    assert_int_equal(res.valid, 1);
    assert_contains(res.json, "\"valid\":true,\"message\":null,\"buffers\":2,\"head_bytes\":48,");
    ap_run_result_free(&res);
}

/* Warnings the CLI prints come back as lines. */
static void test_warnings(void **state)
{
    char csv[4096];
    ap_run_options o;
    ap_run_result res;
    (void)state;
    snprintf(csv, sizeof csv, "%s", tmp_path("run_warn.csv"));
    write_text(csv, "id,lower,upper,size,colour\na,0,2,32,red\n");
    ap_run_options_init(&o);
    o.inplace = "reshape";
    run_ok(ap_run_plan, csv, &o, &res);
    assert_non_null(res.warnings);
    assert_contains(res.warnings, ": --inplace and --overlap apply to models only; a buffer list "
                                  "gives its allowances in its alias_of and overlap_of columns\n");
    assert_contains(res.warnings, "colour");
    ap_run_result_free(&res);
}

/* Errors: the status, the message, and nothing in the result. */
static void assert_fails(run_fn fn, const char *path, ap_run_options *o, ap_status want,
                         const char *msg)
{
    size_t n;
    unsigned char *d = slurp(path, &n);
    ap_error err = {0};
    ap_run_result res;
    memset(&res, 0xab, sizeof res);
    o->name = path;
    assert_int_equal(fn(d, n, o, &res, &err), want);
    free(d);
    assert_string_equal(err.msg, msg);
    assert_null(res.json);
    assert_null(res.data);
    assert_null(res.data2);
    assert_null(res.warnings);
    ap_run_result_free(&res);
}

static void test_errors(void **state)
{
    const char *pd = corpus_model("person_detect");
    ap_run_options o;
    (void)state;
    ap_run_options_init(&o);
    o.budget = 80 * 1024;
    assert_fails(ap_run_plan, pd, &o, AP_ERR_LIMIT,
                 "the arena needs 82296 bytes, 376 more than the budget of 81920 bytes");
    assert_fails(ap_run_embed, pd, &o, AP_ERR_LIMIT,
                 "the arena with the copy needs 82296 bytes, 376 more than the budget of 81920 "
                 "bytes");
    ap_run_options_init(&o);
    o.budget_head = 600;
    assert_fails(ap_run_plan, src_path("data/worked_example.csv"), &o, AP_ERR_LIMIT,
                 "the head needs 700 bytes, 100 more than the budget of 600 bytes");
    ap_run_options_init(&o);
    o.kernels = "cmsis";
    assert_fails(ap_run_plan, pd, &o, AP_ERR_USAGE,
                 "unknown kernel set \"cmsis\" (known: reference, reference64, cmsis-nn, "
                 "cmsis-nn-m4, none)");
    ap_run_options_init(&o);
    o.kernels = "cmsis-nn";
    o.target = "host64";
    assert_fails(ap_run_plan, pd, &o, AP_ERR_USAGE,
                 "kernel set cmsis-nn is a Cortex-M build (target cortex-m), not one for host64");
    ap_run_options_init(&o);
    o.kernels = "reference64";
    o.target = "cortex-m";
    assert_fails(ap_run_plan, pd, &o, AP_ERR_USAGE,
                 "kernel set reference64 is the reference kernel set on host64, not on cortex-m");
    ap_run_options_init(&o);
    o.target = "riscv";
    assert_fails(ap_run_plan, pd, &o, AP_ERR_USAGE, "unknown target 'riscv' (cortex-m or host64)");
    ap_run_options_init(&o);
    o.runtime = "tflite";
    o.kernels = "reference";
    assert_fails(ap_run_plan, pd, &o, AP_ERR_USAGE,
                 "kernels applies to runtime tflm (TensorFlow Lite Micro), not to runtime tflite");
    ap_run_options_init(&o);
    o.threads = 2;
    assert_fails(ap_run_plan, pd, &o, AP_ERR_USAGE, "threads applies to runtime tflite");
    ap_run_options_init(&o);
    o.plan.strategy = "fastest";
    assert_fails(ap_run_plan, pd, &o, AP_ERR_USAGE,
                 "unknown strategy 'fastest' (known: linear, greedy, bestfit-size, bestfit-length, "
                 "bestfit-breadth, bestfit-conflicts, firstfit-breadth, firstfit-start, pingpong, "
                 "tflite, search, best, exact)");
    ap_run_options_init(&o);
    o.format = "h";
    assert_fails(ap_run_embed, pd, &o, AP_ERR_USAGE, "embed: unknown format 'h' (tflite or c)");
    ap_run_options_init(&o);
    o.inplace = "reshape";
    assert_fails(ap_run_reorder, pd, &o, AP_ERR_USAGE,
                 "reorder: the order is chosen for TFLM's own lifetimes (no sharing, 16-byte "
                 "buffers); inplace, overlap, align and runtime tflite do not apply");
    ap_run_options_init(&o);
    char want[8192];
    snprintf(want, sizeof want, "check: %s has no offline plan (metadata \"OfflineMemoryAllocation\"): "
             "give a plan to check, or write one into a copy with embed", pd);
    assert_fails(ap_run_check, pd, &o, AP_ERR_USAGE, want);
    char bad[4096];
    snprintf(bad, sizeof bad, "%s", tmp_path("run_bad.csv"));
    write_text(bad, "id,lower,upper,size\na,0,x,1\n");
    ap_run_options_init(&o);
    snprintf(want, sizeof want, "%s:2: column 'upper': 'x' is not an integer", bad);
    assert_fails(ap_run_plan, bad, &o, AP_ERR_INPUT, want);
}

/* The ABI a binding checks. */
static void test_abi(void **state)
{
    (void)state;
    assert_int_equal(ap_run_abi(), AP_RUN_ABI);
    assert_int_equal(ap_run_options_size(), sizeof(ap_run_options));
    assert_int_equal(ap_run_result_size(), sizeof(ap_run_result));
    assert_string_equal(ap_version(), AP_VERSION);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_plan_json_is_the_cli_s),
        cmocka_unit_test(test_embed_is_the_cli_s),
        cmocka_unit_test(test_reorder_is_the_cli_s),
        cmocka_unit_test(test_report_is_the_cli_s),
        cmocka_unit_test(test_check),
        cmocka_unit_test(test_warnings),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_abi),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
