/* test_model_source.c - a model for firmware as C source (`embed --format c`, export.h's
 * ap_write_model_source and ap_tflm_op_methods): the operators' MicroMutableOpResolver methods,
 * the files' exact figures, the model's bytes equal to embed's copy, errors that write nothing,
 * and the files compile warning-free as C99, C11 and C++11 for the host and for Cortex-M4, and
 * link, from C and from C++, into a program built against a resolver with TFLM's method names
 * (tests/support/tflm_resolver_stub.h) that registers exactly the model's operators. Without
 * arm-none-eabi-gcc, g++ or cc on PATH the compiling tests are skipped (exit 77, CTest's skip),
 * unless CI is set: there a missing compiler fails. */
#include <unistd.h>

#include "arenaplan/export.h"
#include "arenaplan/tflite.h"
#include "test_tflite_fbb.h"
#include "testutil.h"

enum { F32 = AP_TFL_FLOAT32 };

/* ---- The operators' methods ----------------------------------------------------------------- */

/* A model of one subgraph: x -> op k -> ..., one operator per code, opcodes as given. */
static unsigned char *chain_model(size_t n, const int32_t *builtin, const char *const *custom,
                                  size_t *len)
{
    fbb_node *codes = fbb_tables(0), *tensors = fbb_tables(0), *ops = fbb_tables(0);
    /* room for the children (fbb_reset frees them) */
    free(codes->kids);
    free(tensors->kids);
    free(ops->kids);
    codes->kids = calloc(n, sizeof *codes->kids);
    tensors->kids = calloc(n + 1, sizeof *tensors->kids);
    ops->kids = calloc(n, sizeof *ops->kids);
    for (size_t k = 0; k <= n; k++) {
        char name[16];
        snprintf(name, sizeof name, "t%zu", k);
        tensors->kids[tensors->n++] = tfl_tensor(name, F32, fbb_ints(1, 4), 0);
    }
    for (size_t k = 0; k < n; k++) {
        codes->kids[codes->n++] = tfl_opcode(builtin[k], custom[k]);
        ops->kids[ops->n++] = tfl_op((uint32_t)k, fbb_ints(1, (int32_t)k),
                                     fbb_ints(1, (int32_t)k + 1), 0, NULL);
    }
    fbb_node *sg = tfl_subgraph(tensors, fbb_ints(1, 0), fbb_ints(1, (int32_t)n), ops, NULL);
    unsigned char *data = fbb_finish(tfl_model(codes, fbb_tables(1, sg),
                                               fbb_tables(1, tfl_buffer(NULL, 0)), NULL), len);
    fbb_reset();
    return data;
}

static ap_status methods_of(size_t n, const int32_t *builtin, const char *const *custom,
                            ap_tflm_op_method **out, size_t *count, ap_error *err)
{
    size_t len;
    unsigned char *data = chain_model(n, builtin, custom, &len);
    ap_tfl_model *m = NULL;
    ap_status st;
    assert_int_equal(ap_tflite_read(data, len, &m, err), AP_OK);
    st = ap_tflm_op_methods(m, out, count, err);
    ap_tflite_free(m);
    free(data);
    return st;
}

/* Builtins and TFLM's custom operators, repeated codes counted once, sorted by method. */
static void test_op_methods(void **state)
{
    static const int32_t b[] = {AP_TFL_OP_SOFTMAX, AP_TFL_OP_CUSTOM, AP_TFL_OP_CONV_2D,
                                AP_TFL_OP_SOFTMAX, AP_TFL_OP_CUSTOM, AP_TFL_OP_RELU6};
    static const char *const c[] = {NULL, "TFLite_Detection_PostProcess", NULL, NULL,
                                    "SignalWindow", NULL};
    ap_tflm_op_method *v;
    size_t n;
    ap_error err = {0};
    (void)state;
    assert_int_equal(methods_of(6, b, c, &v, &n, &err), AP_OK);
    assert_int_equal(n, 5);
    assert_string_equal(v[0].method, "AddConv2D");
    assert_string_equal(v[0].op, "CONV_2D");
    assert_int_equal(v[0].builtin, AP_TFL_OP_CONV_2D);
    assert_int_equal(v[0].line, 204);
    assert_string_equal(v[1].method, "AddDetectionPostprocess");
    assert_string_equal(v[1].op, "TFLite_Detection_PostProcess");
    assert_int_equal(v[1].builtin, AP_TFL_OP_CUSTOM);
    assert_int_equal(v[1].line, 246);
    assert_string_equal(v[2].method, "AddRelu6");
    assert_int_equal(v[2].line, 553);
    assert_string_equal(v[3].method, "AddSoftmax");
    assert_int_equal(v[3].operators, 2);
    assert_int_equal(v[3].line, 613);
    assert_string_equal(v[4].method, "AddWindow");
    assert_string_equal(v[4].op, "SignalWindow");
    assert_int_equal(v[4].operators, 1);
    assert_int_equal(v[4].line, 721);
    free(v);
}

/* An operator TFLM has no method for is named, builtin or custom. */
static void test_op_methods_unknown(void **state)
{
    static const int32_t b1[] = {AP_TFL_OP_RELU, AP_TFL_OP_CUSTOM};
    static const char *const c1[] = {NULL, "MyOp"};
    static const int32_t b2[] = {AP_TFL_OP_HASHTABLE};
    static const char *const c2[] = {NULL};
    ap_tflm_op_method *v = (ap_tflm_op_method *)&v;
    size_t n = 9;
    ap_error err = {0};
    (void)state;
    assert_int_equal(methods_of(2, b1, c1, &v, &n, &err), AP_ERR_INPUT);
    assert_string_equal(err.msg, "subgraph 0 operator 1: custom operator 'MyOp' is none that "
                                 "TFLM's MicroMutableOpResolver registers (tflite-micro "
                                 "90b983c2b); the application would register it with AddCustom");
    assert_null(v);
    assert_int_equal(n, 0);
    assert_int_equal(methods_of(1, b2, c2, &v, &n, &err), AP_ERR_INPUT);
    assert_string_equal(err.msg, "subgraph 0 operator 0: HASHTABLE (builtin code 136) has no "
                                 "method in TFLM's MicroMutableOpResolver (tflite-micro "
                                 "90b983c2b): TFLM cannot run it");
}

/* ---- The files ------------------------------------------------------------------------------ */

/* embed MODEL --format c -o DIR/NAME.c with the extra arguments (NULL-terminated, at most 6);
 * the run's result. */
static run_result embed_c(const char *model, const char *out, ...)
{
    char *argv[16] = {AP_CLI, "embed", (char *)model, "--format", "c", "-o", (char *)out};
    int k = 7;
    va_list ap;
    va_start(ap, out);
    for (char *a; (a = va_arg(ap, char *)) != NULL && k < 14;)
        argv[k++] = a;
    va_end(ap);
    argv[k] = NULL;
    return run_argv(argv);
}

/* The bytes of the array in a generated source: every "0xHH," after the array's opening. A
 * plain scan: strstr from each byte would be quadratic under ASan, which measures the rest of the
 * string at every call. */
static unsigned char *array_bytes(const char *src, size_t *n)
{
    const char *p = strstr(src, "_MODEL_SIZE] = {\n");
    size_t cap = 1 << 16;
    unsigned char *v = malloc(cap);
    *n = 0;
    assert_non_null(p);
    for (; *p && *p != '}'; p++) {
        if (p[0] != '0' || p[1] != 'x')
            continue;
        if (*n == cap)
            v = realloc(v, cap *= 2);
        v[(*n)++] = (unsigned char)strtoul(p, NULL, 16);
        p += 3;
    }
    return v;
}

static void test_person_detect_files(void **state)
{
    char c[4096], h[4096], copy[4096];
    run_result r;
    (void)state;
    snprintf(c, sizeof c, "%s", tmp_path("pd_data.c"));
    snprintf(h, sizeof h, "%s", tmp_path("pd_data.h"));
    snprintf(copy, sizeof copy, "%s", tmp_path("pd_copy.tflite"));
    r = embed_c(corpus_model("person_detect"), c, NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "_pd_data.c and ");
    assert_contains(r.out, "_pd_data.h: the copy (301448 bytes) as a 16-aligned C array\n");
    assert_contains(r.out, "arena        82296 bytes (kTensorArenaSize for TFLM on cortex-m with the copy; 82296 with the input as it is)\n");
    assert_string_equal(r.err, "");
    run_free(&r);
    char *hdr = read_text(h, NULL), *src = read_text(c, NULL);
    assert_contains(hdr, " * input:     person_detect.tflite\n * model:     301448 bytes, 16-aligned\n"
                         " * strategy:  best:greedy\n");
    assert_contains(hdr, "#define PERSON_DETECT_MODEL_SIZE 301448u /* bytes of person_detect_model */\n"
                         "#define PERSON_DETECT_ARENA_SIZE 82296u /* kTensorArenaSize: TFLM's whole arena on cortex-m */\n");
    assert_contains(hdr, "#define PERSON_DETECT_HEAD_SIZE 55296u /* its head: the planned section */\n");
    assert_contains(hdr, "#define PERSON_DETECT_OP_COUNT 5u\n#define PERSON_DETECT_OPS(X, r) \\\n"
                         "    X(r, AddAveragePool2D) /* AVERAGE_POOL_2D: 1 operator */ \\\n"
                         "    X(r, AddConv2D) /* CONV_2D: 14 operators */ \\\n"
                         "    X(r, AddDepthwiseConv2D) /* DEPTHWISE_CONV_2D: 14 operators */ \\\n"
                         "    X(r, AddReshape) /* RESHAPE: 1 operator */ \\\n"
                         "    X(r, AddSoftmax) /* SOFTMAX: 1 operator */\n"
                         "#define PERSON_DETECT_ADD_OPS(r) do { PERSON_DETECT_OPS(AP_MODEL_ADD_OP, r) } while (0)\n");
    assert_contains(hdr, "extern const unsigned char person_detect_model[PERSON_DETECT_MODEL_SIZE];\n");
    assert_null(strstr(hdr, AP_TEST_TMP)); /* the input by its file name only */
    assert_contains(src, "_pd_data.h\"\n");
    assert_contains(src, "#define AP_MODEL_ALIGN16 alignas(16)\n");
    assert_contains(src, "#define AP_MODEL_ALIGN16 _Alignas(16)\n");
    assert_contains(src, "AP_MODEL_ALIGN16 const unsigned char person_detect_model[PERSON_DETECT_MODEL_SIZE] = {\n"
                         "    0x1c, 0x00, 0x00, 0x00, 0x54, 0x46, 0x4c, 0x33,");
    /* the array is embed's copy, byte for byte */
    r = run_cli("embed", corpus_model("person_detect"), "-o", copy, "--force", NULL);
    assert_int_equal(r.status, 0);
    run_free(&r);
    size_t n, m;
    unsigned char *bytes = array_bytes(src, &n), *want = (unsigned char *)read_text(copy, &m);
    assert_int_equal(n, 301448);
    assert_int_equal(m, n);
    assert_memory_equal(bytes, want, n);
    free(bytes);
    free(want);
    free(hdr);
    free(src);
}

/* --kernels cmsis-nn: its arena, and --name for the symbols. */
static void test_cmsis_and_name(void **state)
{
    char c[4096];
    run_result r;
    (void)state;
    snprintf(c, sizeof c, "%s", tmp_path("kws.cc"));
    r = embed_c(corpus_model("person_detect"), c, "--kernels", "cmsis-nn", "--name", "net", NULL);
    assert_int_equal(r.status, 0);
    run_free(&r);
    char *hdr = read_text(tmp_path("kws.h"), NULL);
    assert_non_null(hdr);
    assert_contains(hdr, "#define NET_ARENA_SIZE ");
    assert_contains(hdr, "#define NET_OP_COUNT 5u\n");
    assert_contains(hdr, "extern const unsigned char net_model[NET_MODEL_SIZE];\n");
    free(hdr);
}

/* Refusals name the fault and write nothing. */
static void test_errors_write_nothing(void **state)
{
    char c[4096], h[4096];
    run_result r;
    (void)state;
    snprintf(c, sizeof c, "%s", tmp_path("never.c"));
    snprintf(h, sizeof h, "%s", tmp_path("never.h"));
    r = embed_c(corpus_model("person_detect"), tmp_path("never.txt"), NULL);
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "embed: --format c: -o ");
    assert_contains(r.err, "never.txt must name a C or C++ source (*.c, *.cc or *.cpp); the "
                           "header is written beside it\n");
    run_free(&r);
    r = embed_c(corpus_model("person_detect"), c, "--name", "9lives", NULL);
    assert_int_equal(r.status, 2);
    assert_string_equal(r.err, "arenaplan: '9lives' is not a C identifier of at most 100 characters\n");
    run_free(&r);
    r = embed_c(corpus_model("person_detect"), c, "--budget", "80K", NULL);
    assert_int_equal(r.status, 1);
    assert_string_equal(r.err, "arenaplan: the arena with the copy needs 82296 bytes, 376 more "
                               "than the budget of 81920 bytes\n");
    run_free(&r);
    assert_false(file_exists(c));
    assert_false(file_exists(h));
    r = run_cli("embed", corpus_model("person_detect"), "-o", tmp_path("x.tflite"), "--name", "n", NULL);
    assert_int_equal(r.status, 2);
    assert_string_equal(r.err, "arenaplan: embed: --name names the symbols of --format c\n");
    run_free(&r);
    r = run_cli("embed", corpus_model("person_detect"), "-o", tmp_path("x.tflite"), "--format", "h", NULL);
    assert_int_equal(r.status, 2);
    assert_string_equal(r.err, "arenaplan: embed: unknown format 'h' (tflite or c)\n");
    run_free(&r);
}

/* ---- Compiling and linking ------------------------------------------------------------------ */

static const char *const compilers[] = {"arm-none-eabi-gcc", "g++", "cc"};
static char missing[128];

static void need_compilers(void)
{
    if (!missing[0])
        return;
    if (getenv("CI") && *getenv("CI"))
        fail_msg("CI is set but %s not on PATH", missing);
    skip();
}

/* Runs compiler with the flags (NULL-terminated) and -Wall -Wextra -Werror -pedantic; fails
 * the test with its diagnostics. */
static void cc_ok(const char *compiler, ...)
{
    char *argv[32];
    int k = 0;
    va_list ap;
    run_result r;
    argv[k++] = (char *)compiler;
    argv[k++] = "-Wall";
    argv[k++] = "-Wextra";
    argv[k++] = "-Werror";
    argv[k++] = "-pedantic";
    va_start(ap, compiler);
    for (char *a; (a = va_arg(ap, char *)) != NULL && k < 30;)
        argv[k++] = a;
    va_end(ap);
    argv[k] = NULL;
    r = run_argv(argv);
    if (r.status != 0)
        fail_msg("%s failed (%d):\n%s%s", compiler, r.status, r.out, r.err);
    run_free(&r);
}

static void test_compiles_as_c_cpp_and_for_m4(void **state)
{
    char c[4096];
    run_result r;
    (void)state;
    need_compilers();
    snprintf(c, sizeof c, "%s", tmp_path("speech.c"));
    r = embed_c(corpus_model("micro_speech_quantized"), c, "--strategy", "greedy", NULL);
    assert_int_equal(r.status, 0);
    run_free(&r);
    cc_ok("cc", "-std=c99", "-c", c, "-o", tmp_path("speech_c99.o"), NULL);
    cc_ok("cc", "-std=c11", "-c", c, "-o", tmp_path("speech_c11.o"), NULL);
    cc_ok("g++", "-std=c++11", "-x", "c++", "-c", c, "-o", tmp_path("speech_cpp11.o"), NULL);
    cc_ok("g++", "-std=c++17", "-x", "c++", "-c", c, "-o", tmp_path("speech_cpp17.o"), NULL);
    cc_ok("arm-none-eabi-gcc", "-std=c11", "-mcpu=cortex-m4", "-mthumb", "-c", c, "-o",
          tmp_path("speech_m4.o"), NULL);
    cc_ok("arm-none-eabi-gcc", "-std=c99", "-mcpu=cortex-m4", "-mthumb", "-c", c, "-o",
          tmp_path("speech_m4_c99.o"), NULL);
}

/* A C++ program that registers the model's operators with the stub resolver and checks the
 * array; prints what it registered. */
static const char program[] =
    "#include <cstdint>\n#include <cstdio>\n"
    "#include \"tflm_resolver_stub.h\"\n#include \"%s\"\n"
    "static_assert(%s_ARENA_SIZE == %su, \"the arena\");\n"
    "int main() {\n"
    "    tflite::MicroMutableOpResolver<%s_OP_COUNT> resolver;\n"
    "    %s_ADD_OPS(resolver);\n"
    "    if (resolver.registered != %s_OP_COUNT || resolver.refused) return 1;\n"
    "    if (reinterpret_cast<std::uintptr_t>(%s_model) %% 16 != 0) return 2;\n"
    "    if (%s_model_len != sizeof %s_model || %s_model[4] != 'T') return 3;\n"
    "    for (unsigned k = 0; k < resolver.registered; k++) std::printf(\"%%s\\n\", resolver.names[k]);\n"
    "    return 0;\n}\n";

/* Builds the program for the model's source at c (symbols name, NAME; its arena), with the
 * source compiled by source_cc (cc as C, g++ as C++), runs it and returns what it printed. */
static char *link_and_run(const char *c, const char *name, const char *up, const char *arena,
                          const char *source_cc, const char *tag)
{
    char text[4096], main_cc[4400], main_o[4500], src_o[4400], exe[4400], inc[4200], stub[4200];
    char hdr[512];
    const char *base = strrchr(c, '/') + 1;
    snprintf(hdr, sizeof hdr, "%.*s.h", (int)(strrchr(base, '.') - base), base);
    snprintf(text, sizeof text, program, hdr, up, arena, up, up, up, name, name, name, name);
    snprintf(main_cc, sizeof main_cc, "%s_%s_main.cc", tmp_path(name), tag);
    snprintf(main_o, sizeof main_o, "%s.o", main_cc);
    snprintf(src_o, sizeof src_o, "%s_%s_src.o", tmp_path(name), tag);
    snprintf(exe, sizeof exe, "%s_%s_prog", tmp_path(name), tag);
    snprintf(inc, sizeof inc, "-I%s", AP_TEST_TMP);
    snprintf(stub, sizeof stub, "-I%s", src_path("tests/support"));
    write_text(main_cc, text);
    cc_ok("g++", "-std=c++11", inc, stub, "-c", main_cc, "-o", main_o, NULL);
    if (strcmp(source_cc, "cc") == 0)
        cc_ok("cc", "-std=c11", "-c", c, "-o", src_o, NULL);
    else
        cc_ok("g++", "-std=c++11", "-x", "c++", "-c", c, "-o", src_o, NULL);
    cc_ok("g++", main_o, src_o, "-o", exe, NULL);
    char *argv[] = {exe, NULL};
    run_result r = run_argv(argv);
    if (r.status != 0)
        fail_msg("%s exited %d: %s", exe, r.status, r.err);
    char *out = r.out;
    r.out = NULL;
    run_free(&r);
    return out;
}

static void test_links_with_resolver(void **state)
{
    char c[4096];
    run_result r;
    (void)state;
    need_compilers();
    snprintf(c, sizeof c, "%s", tmp_path("pd.c"));
    r = embed_c(corpus_model("person_detect"), c, "--name", "pd", "--strategy", "greedy", NULL);
    assert_int_equal(r.status, 0);
    run_free(&r);
    static const char want[] = "AddAveragePool2D\nAddConv2D\nAddDepthwiseConv2D\nAddReshape\nAddSoftmax\n";
    for (int k = 0; k < 2; k++) {
        char *out = link_and_run(c, "pd", "PD", "82296", k ? "g++" : "cc", k ? "cpp" : "c");
        assert_string_equal(out, want);
        free(out);
    }
    /* TFLM's custom signal operators, by their methods */
    snprintf(c, sizeof c, "%s", tmp_path("audio.c"));
    r = embed_c(corpus_model("audio_preprocessor_int8"), c, "--name", "audio", "--strategy",
                "greedy", NULL);
    assert_int_equal(r.status, 0);
    run_free(&r);
    char *hdr = read_text(tmp_path("audio.h"), NULL), *at = strstr(hdr, "#define AUDIO_ARENA_SIZE ");
    char arena[32];
    assert_non_null(at);
    snprintf(arena, sizeof arena, "%lu", strtoul(at + strlen("#define AUDIO_ARENA_SIZE "), NULL, 10));
    free(hdr);
    char *out = link_and_run(c, "audio", "AUDIO", arena, "cc", "c");
    assert_contains(out, "AddFilterBank\nAddFilterBankLog\nAddFilterBankSpectralSubtraction\n");
    assert_contains(out, "AddPCAN\n");
    free(out);
}

/* Every corpus model whose arena is known: its header's methods all exist in the resolver (one
 * C++ program including every header registers every model's operators). */
static void test_every_corpus_model(void **state)
{
    size_t n, done = 0;
    char **paths;
    char cc[4096], exe[4000], inc[4200], stub[4200], name[32], up[32];
    FILE *f;
    (void)state;
    need_compilers();
    paths = corpus_model_paths(&n);
    snprintf(cc, sizeof cc, "%s", tmp_path("every.cc"));
    snprintf(exe, sizeof exe, "%s", tmp_path("every"));
    f = fopen(cc, "w");
    assert_non_null(f);
    fputs("#include \"tflm_resolver_stub.h\"\nstatic unsigned bad = 0;\n", f);
    for (size_t i = 0; i < n; i++) {
        char c[4096], h[4096];
        snprintf(name, sizeof name, "model%zu", i);
        snprintf(up, sizeof up, "MODEL%zu", i);
        snprintf(c, sizeof c, "%s_%s.c", exe, name);
        snprintf(h, sizeof h, "%s_%s.h", exe, name);
        run_result r = embed_c(paths[i], c, "--name", name, "--strategy", "greedy", NULL);
        if (r.status == 0) {
            fprintf(f, "#include \"%s\"\nstatic void add_%s() {\n"
                       "    tflite::MicroMutableOpResolver<%s_OP_COUNT> r;\n    %s_ADD_OPS(r);\n"
                       "    bad += r.registered != %s_OP_COUNT || r.refused;\n}\n",
                    strrchr(h, '/') + 1, name, up, up, up);
            done++;
        } else if (!strstr(r.err, "TFLM's whole arena") && !strstr(r.err, "TFLM's AllocateTensors fails")) {
            /* only models whose whole arena is unknown, or that TFLM cannot allocate */
            fail_msg("%s: %s", paths[i], r.err);
        }
        run_free(&r);
    }
    fputs("int main() {\n", f);
    for (size_t i = 0; i < n; i++) {
        snprintf(name, sizeof name, "model%zu", i);
        char h[4200];
        snprintf(h, sizeof h, "%s_%s.h", exe, name);
        if (file_exists(h))
            fprintf(f, "    add_%s();\n", name);
    }
    fputs("    return bad ? 1 : 0;\n}\n", f);
    fclose(f);
    free_paths(paths, n);
    assert_true(done >= 160);
    snprintf(inc, sizeof inc, "-I%s", AP_TEST_TMP);
    snprintf(stub, sizeof stub, "-I%s", src_path("tests/support"));
    cc_ok("g++", "-std=c++11", inc, stub, cc, "-o", exe, NULL);
    char *argv[] = {exe, NULL};
    run_result r = run_argv(argv);
    assert_int_equal(r.status, 0);
    run_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_op_methods),
        cmocka_unit_test(test_op_methods_unknown),
        cmocka_unit_test(test_person_detect_files),
        cmocka_unit_test(test_cmsis_and_name),
        cmocka_unit_test(test_errors_write_nothing),
        cmocka_unit_test(test_compiles_as_c_cpp_and_for_m4),
        cmocka_unit_test(test_links_with_resolver),
        cmocka_unit_test(test_every_corpus_model),
    };
    int failed;
    for (size_t k = 0; k < sizeof compilers / sizeof compilers[0]; k++)
        if (!tool_on_path(compilers[k]))
            snprintf(missing + strlen(missing), sizeof missing - strlen(missing), "%s%s",
                     missing[0] ? ", " : "", compilers[k]);
    failed = cmocka_run_group_tests(tests, NULL, NULL);
    if (failed == 0 && missing[0]) {
        printf("skipped: the model sources were not compiled: %s not on PATH\n", missing);
        return 77;
    }
    return failed;
}
