/* test_export_c.c - the C header exporter: exact content, and it compiles cleanly as C for
 * Cortex-M4 and as C++ with a TFLM-shaped BufferPlan, and binds in the runtime on the host. */
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
                       "    0, /* 0: a in *| put, 32 bytes, steps [0, 2) */\n"
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

/* Compiles `source` (which includes the header) with the given compiler and flags. */
static void compile_ok(const char *compiler, const char *lang_flag, const char *source_text, const char *ext)
{
    char src[4096], obj[4200], inc[4200], rtinc[4200];
    char *argv[20];
    int k = 0;
    run_result r;
    snprintf(src, sizeof src, "%s", tmp_path(ext));
    snprintf(obj, sizeof obj, "%s.o", src);
    snprintf(inc, sizeof inc, "-I%s", AP_TEST_TMP);
    snprintf(rtinc, sizeof rtinc, "-I%s", src_path("runtime/include"));
    write_text(src, source_text);
    argv[k++] = (char *)compiler;
    if (lang_flag)
        argv[k++] = (char *)lang_flag;
    argv[k++] = "-Wall";
    argv[k++] = "-Wextra";
    argv[k++] = "-Werror";
    argv[k++] = "-pedantic";
    argv[k++] = inc;
    argv[k++] = rtinc;
    argv[k++] = "-c";
    argv[k++] = src;
    argv[k++] = "-o";
    argv[k++] = obj;
    argv[k] = NULL;
    r = run_argv(argv);
    if (r.status != 0)
        fail_msg("%s failed (%d):\n%s%s", compiler, r.status, r.out, r.err);
    run_free(&r);
}

static void test_compiles_for_cortex_m4_and_cpp(void **state)
{
    char c_src[8192], cpp_src[8192];
    const char *path = write_header("id,lower,upper,size\na,0,2,32\nb,1,3,16\nc,2,4,48\n", "best", "net");
    char base[256];
    (void)state;
    snprintf(base, sizeof base, "%s", strrchr(path, '/') + 1);
    /* only includes it: nothing may warn about unused tables */
    snprintf(c_src, sizeof c_src, "#include \"%s\"\nint net_head(void);\nint net_head(void) { return (int)NET_HEAD_SIZE; }\n", base);
    compile_ok("arm-none-eabi-gcc", "-mcpu=cortex-m4", c_src, "use_m4.c");
    /* the host C compiler in C99 and C11 */
    compile_ok("cc", "-std=c99", c_src, "use_c99.c");
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
    compile_ok("g++", "-std=c++11", cpp_src, "use_tflm.cc");
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
        cmocka_unit_test(test_binds_in_runtime),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
