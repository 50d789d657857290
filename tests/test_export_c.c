/* test_export_c.c - the C header exporter: exact content, hostile names and notes kept inside
 * their comments, and it compiles alone, cleanly, as C99 for the host and for Cortex-M4 and as
 * C++11 with a TFLM-shaped BufferPlan (the runtime's ap_rt_plan when arenaplan_rt.h comes
 * first), and binds in the runtime on the host. Without arm-none-eabi-gcc, g++ or cc on PATH
 * the compiling tests are skipped (the program exits 77, CTest's skip code, naming the tool),
 * unless CI is set: there a missing compiler fails. */
#include <unistd.h>

#include "arenaplan/export.h"
#include "arenaplan_rt.h"
#include "testutil.h"

static const char *write_header(const char *csv, const char *strategy, const char *name)
{
    static char path[4096];
    char in[4096];
    run_result r;
    snprintf(in, sizeof in, "%s", tmp_path("hdr_in.csv"));
    snprintf(path, sizeof path, "%s", tmp_path("plan.h"));
    write_text(in, csv);
    r = run_cli("plan", in, "--strategy", strategy, "--format", "c", "--name", name, "-o", path, NULL);
    if (r.status != 0)
        fail_msg("plan --format c failed: %s", r.err);
    run_free(&r);
    return path;
}

static void test_identifier(void **state)
{
    char out[64];
    (void)state;
    ap_c_identifier("models/person-detect.v2.tflite", out, sizeof out);
    assert_string_equal(out, "person_detect_v2");
    ap_c_identifier("3x3.csv", out, sizeof out);
    assert_string_equal(out, "m_3x3");
    ap_c_identifier("/a/b/.hidden", out, sizeof out);
    assert_string_equal(out, "_hidden");
    ap_c_identifier("Model", out, 4);
    assert_string_equal(out, "mod");
}

static void test_header_content(void **state)
{
    const char *path = write_header("id,lower,upper,size,name\na,0,2,32,in */ put\nb,1,3,16,\n", "greedy", "tiny");
    char *h = read_text(path, NULL);
    (void)state;
    assert_contains(h, "#define TINY_BUFFERS 2u\n");
    assert_contains(h, "#define TINY_HEAD_SIZE 48u /* max(offset + size) */\n");
    assert_contains(h, "static const int32_t tiny_offsets[TINY_BUFFERS] AP_PLAN_UNUSED = {\n"
                       "    0, /* 0: a in * / put, 32 bytes, steps [0, 2) */\n"
                       "    32, /* 1: b, 16 bytes, steps [1, 3) */\n};\n");
    assert_contains(h, "static const int32_t tiny_first[TINY_BUFFERS] AP_PLAN_UNUSED = {\n    0, 1,\n};");
    assert_contains(h, "static const int32_t tiny_last[TINY_BUFFERS] AP_PLAN_UNUSED = {\n    1, 2,\n};");
    assert_contains(h, "} tiny_buffer_plan AP_PLAN_UNUSED = {\n    (int32_t)TINY_BUFFERS,\n    {\n        0, 32,\n    },\n};");
    assert_contains(h, "static const ap_rt_plan tiny_plan AP_PLAN_UNUSED = {\n    \"tiny\", TINY_HEAD_SIZE, TINY_ALIGN, TINY_BUFFERS,\n");
    free(h);
}

static void test_bad_name(void **state)
{
    char in[4096];
    run_result r;
    (void)state;
    snprintf(in, sizeof in, "%s", tmp_path("hdr_bad.csv"));
    write_text(in, "id,lower,upper,size\na,0,1,1\n");
    r = run_cli("plan", in, "--format", "c", "--name", "9lives", "-o", tmp_path("never.h"), NULL);
    assert_int_equal(r.status, 2);
    assert_string_equal(r.err, "arenaplan: '9lives' is not a C identifier of at most 100 characters\n");
    assert_false(file_exists(tmp_path("never.h")));
    run_free(&r);
}

/* ---- Compiling the header ------------------------------------------------------------------ */

static const char *const compilers[] = {"arm-none-eabi-gcc", "g++", "cc"};
static char missing[128]; /* the compilers not on PATH, for the skip message */

/* Skips the calling test when a compiler is missing, unless CI is set (then it fails). */
static void need_compilers(void)
{
    if (!missing[0])
        return;
    if (getenv("CI") && *getenv("CI"))
        fail_msg("CI is set but %s not on PATH", missing);
    skip();
}

/* Compiles `source_text` with compiler and the flags (NULL-terminated), -Wall -Wextra -Werror
 * -pedantic, the test folder on the include path; fails the test with the diagnostics. */
static void compile_ok(const char *compiler, const char *source_text, const char *ext, ...)
{
    char src[4096], obj[4200], inc[4200];
    char *argv[24];
    int k = 0;
    const char *flag;
    va_list ap;
    run_result r;
    snprintf(src, sizeof src, "%s", tmp_path(ext));
    snprintf(obj, sizeof obj, "%s.o", src);
    snprintf(inc, sizeof inc, "-I%s", AP_TEST_TMP);
    write_text(src, source_text);
    argv[k++] = (char *)compiler;
    va_start(ap, ext);
    while ((flag = va_arg(ap, const char *)) != NULL && k < 16)
        argv[k++] = (char *)flag;
    va_end(ap);
    argv[k++] = "-Wall";
    argv[k++] = "-Wextra";
    argv[k++] = "-Werror";
    argv[k++] = "-pedantic";
    argv[k++] = inc;
    argv[k++] = "-c";
    argv[k++] = src;
    argv[k++] = "-o";
    argv[k++] = obj;
    argv[k] = NULL;
    r = run_argv(argv);
    if (r.status != 0)
        fail_msg("%s %s failed (%d):\n%s%s", compiler, ext, r.status, r.out, r.err);
    run_free(&r);
}

/* The header alone in C99 (host and Cortex-M4) and C++11, and after arenaplan_rt.h, whose
 * ap_rt_plan it then gives. */
static void compile_everywhere(const char *header, const char *name, const char *upper)
{
    char alone[1024], with_rt[1024], rtinc[4200];
    snprintf(rtinc, sizeof rtinc, "-I%s", src_path("runtime/include"));
    /* only includes it: nothing may warn about unused tables */
    snprintf(alone, sizeof alone,
             "#include \"%s\"\n#ifdef ARENAPLAN_RT_H\n#error \"included the runtime\"\n#endif\n"
             "int head(void);\nint head(void) { return (int)%s_HEAD_SIZE + "
             "%s_NEEDS_REFERENCE_KERNELS; }\n", header, upper, upper);
    compile_ok("cc", alone, "alone_c99.c", "-std=c99", NULL);
    compile_ok("cc", alone, "alone_c11.c", "-std=c11", NULL);
    compile_ok("arm-none-eabi-gcc", alone, "alone_m4.c", "-std=c99", "-mcpu=cortex-m4", "-mthumb",
               NULL);
    compile_ok("g++", alone, "alone_cpp.cc", "-std=c++11", NULL);
    snprintf(with_rt, sizeof with_rt,
             "#include \"arenaplan_rt.h\"\n#include \"%s\"\n"
             "const ap_rt_plan *plan(void);\nconst ap_rt_plan *plan(void) { return &%s_plan; }\n",
             header, name);
    compile_ok("cc", with_rt, "rt_c99.c", "-std=c99", rtinc, NULL);
    compile_ok("arm-none-eabi-gcc", with_rt, "rt_m4.c", "-std=c99", "-mcpu=cortex-m4", "-mthumb",
               rtinc, NULL);
    compile_ok("g++", with_rt, "rt_cpp.cc", "-std=c++11", rtinc, NULL);
}

static void test_compiles_for_cortex_m4_and_cpp(void **state)
{
    char cpp_src[8192];
    const char *path = write_header("id,lower,upper,size\na,0,2,32\nb,1,3,16\nc,2,4,48\n", "best", "net");
    char base[256];
    (void)state;
    need_compilers();
    snprintf(base, sizeof base, "%s", strrchr(path, '/') + 1);
    compile_everywhere(base, "net", "NET");
    /* C++ with TFLM's BufferPlan layout */
    snprintf(cpp_src, sizeof cpp_src,
             "#include <cstdint>\n"
             "namespace tflite {\n"
             "struct BufferDescriptor { int32_t offset; };\n"
             "struct BufferPlan { int32_t buffer_count; BufferDescriptor buffer_plan_entries[1]; };\n"
             "}\n"
             "#include \"%s\"\n"
             "int32_t third_offset();\n"
             "int32_t third_offset() {\n"
             "  const tflite::BufferPlan *p = reinterpret_cast<const tflite::BufferPlan *>(&net_buffer_plan);\n"
             "  return p->buffer_count == 3 ? net_offsets[2] : -1;\n"
             "}\n",
             base);
    compile_ok("g++", cpp_src, "use_tflm.cc", "-std=c++11", NULL);
}

/* Names and ids that would close or open a comment, splice a line, form a trigraph or carry
 * bytes no source file should: escaped, and the header still compiles everywhere. */
static void test_hostile_names(void **state)
{
    const char *csv = "id,lower,upper,size,name\n"
                      "x*/,0,2,32,\"in */ out /* again // ?\?/ end\\\"\n"
                      "\"y/\",1,3,16,\"*/\"\n"
                      "z,2,4,16,\"tab\there caf\xc3\xa9 ?\?= \\\"\n";
    const char *path = write_header(csv, "greedy", "evil");
    char *h = read_text(path, NULL);
    (void)state;
    assert_contains(h, "    0, /* 0: x* / in * / out / * again // ? ?/ end\\x5c, 32 bytes, steps [0, 2) */\n");
    assert_contains(h, "    32, /* 1: y/ * /, 16 bytes, steps [1, 3) */\n");
    assert_contains(h, "    0, /* 2: z tab\\x09here caf\\xc3\\xa9 ? ?= \\x5c, 16 bytes, steps [2, 4) */\n");
    /* the input by its file name only */
    assert_contains(h, " * input:     ");
    assert_contains(h, "_hdr_in.csv\n");
    assert_null(strstr(h, AP_TEST_TMP));
    assert_contains(h, "#define EVIL_NEEDS_REFERENCE_KERNELS 0\n");
    free(h);
    need_compilers();
    compile_everywhere(strrchr(path, '/') + 1, "evil", "EVIL");
}

/* The note of a plan made with overlap rules, whole (wrapped, never cut), and the macro that
 * says the plan relies on the reference kernels. */
static void test_rule_note_whole(void **state)
{
    char path[4096];
    run_result r;
    char *h;
    (void)state;
    snprintf(path, sizeof path, "%s", tmp_path("rules.h"));
    r = run_cli("plan", src_path("corpus/models/tflm/micro_speech_quantized.tflite"), "--overlap",
                "reference", "--inplace", "elementwise", "--format", "c", "--name", "speech", "-o",
                path, NULL);
    assert_int_equal(r.status, 0);
    run_free(&r);
    h = read_text(path, NULL);
    assert_contains(h, " * input:     micro_speech_quantized.tflite\n");
    assert_contains(h, " * note:      TFLM lifetimes; kernel scratch: reference; in-place: elementwise (2 aliases); overlap\n"
                       " *            rules: reference kernels (1 allowance; the plan holds only with TFLM's reference\n"
                       " *            kernels, not optimized ones such as CMSIS-NN or Xtensa)\n");
    assert_contains(h, "#define SPEECH_NEEDS_REFERENCE_KERNELS 1\n");
    free(h);
    /* without the rules nothing is shared */
    r = run_cli("plan", src_path("corpus/models/tflm/micro_speech_quantized.tflite"), "--format",
                "c", "--name", "speech", "-o", path, NULL);
    assert_int_equal(r.status, 0);
    run_free(&r);
    h = read_text(path, NULL);
    assert_contains(h, "#define SPEECH_NEEDS_REFERENCE_KERNELS 0\n");
    free(h);
    need_compilers();
    compile_everywhere(strrchr(path, '/') + 1, "speech", "SPEECH");
}

static void test_binds_in_runtime(void **state)
{
    /* the header's numbers are the plan: bind them in the runtime on the host */
    ap_problem *p = problem_from_csv("id,lower,upper,size\na,0,2,32\nb,1,3,16\nc,2,4,48\n");
    ap_plan plan;
    int32_t offs[3];
    uint32_t sizes[3];
    int32_t first[3], last[3];
    ap_rt_plan rp;
    ap_rt_arena arena;
    static uint8_t mem[1024];
    size_t i;
    (void)state;
    ap_plan_init(&plan);
    plan_checked(p, "best", &plan);
    for (i = 0; i < 3; i++) {
        offs[i] = (int32_t)plan.offset[i];
        sizes[i] = (uint32_t)p->buf[i].size;
        first[i] = (int32_t)p->buf[i].lower;
        last[i] = (int32_t)p->buf[i].upper - 1;
    }
    rp.name = "net";
    rp.head_size = (uint32_t)plan.arena;
    rp.align = 1;
    rp.count = 3;
    rp.offsets = offs;
    rp.sizes = sizes;
    rp.first = first;
    rp.last = last;
    assert_int_equal(ap_rt_arena_init(&arena, mem, sizeof mem, 16), AP_RT_OK);
    assert_int_equal(ap_rt_plan_check(&arena, &rp), AP_RT_OK);
    ap_plan_free(&plan);
    ap_problem_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_identifier),
        cmocka_unit_test(test_header_content),
        cmocka_unit_test(test_bad_name),
        cmocka_unit_test(test_compiles_for_cortex_m4_and_cpp),
        cmocka_unit_test(test_hostile_names),
        cmocka_unit_test(test_rule_note_whole),
        cmocka_unit_test(test_binds_in_runtime),
    };
    int failed;
    for (size_t k = 0; k < sizeof compilers / sizeof compilers[0]; k++)
        if (!tool_on_path(compilers[k]))
            snprintf(missing + strlen(missing), sizeof missing - strlen(missing), "%s%s",
                     missing[0] ? ", " : "", compilers[k]);
    failed = cmocka_run_group_tests(tests, NULL, NULL);
    if (failed == 0 && missing[0]) {
        printf("skipped: the header was not compiled: %s not on PATH\n", missing);
        return 77;
    }
    return failed;
}
