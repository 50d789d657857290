/*
 * test_embed_cli.c - `arenaplan embed`, and the commands that read an embedded plan back:
 * `inspect` shows the offsets embedded, `check MODEL` verifies the model's own plan and reports
 * TFLM's head, `plan` keeps the offsets. Usage errors, damaged inputs (no output file, no
 * temporary file left), an input that is never modified (bytes and modification time).
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "arenaplan/embed.h"
#include "arenaplan/tflite.h"
#include "test_embed_check.h"
#include "test_tflite_fbb.h"
#include "testutil.h"

#define HELLO "corpus/models/tflm/hello_world_int8.tflite"
#define VELA "corpus/models/tflm/person_detect_vela.tflite"

static void write_blob(const char *path, const unsigned char *p, size_t n)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(p, 1, n, f), n);
    fclose(f);
}

/* Files in the test's temporary directory whose names start with prefix. */
static int count_files(const char *prefix)
{
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", tmp_path("x"));
    *strrchr(dir, '/') = 0;
    const char *base = strrchr(tmp_path(prefix), '/') + 1;
    DIR *d = opendir(dir);
    struct dirent *e;
    int n = 0;
    assert_non_null(d);
    while ((e = readdir(d)))
        n += strncmp(e->d_name, base, strlen(base)) == 0;
    closedir(d);
    return n;
}

static void usage_errors(void **state)
{
    (void)state;
    run_result r = run_cli("embed", "--help", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "usage: arenaplan embed MODEL.tflite -o OUT.tflite [options]\n");
    assert_contains(r.out, "  --kernels SET");
    run_free(&r);
    r = run_cli("embed", src_path(HELLO), NULL);
    assert_int_equal(r.status, 2);
    assert_string_equal(r.err, "arenaplan: embed: give the file to write with -o OUT.tflite\n");
    run_free(&r);
    r = run_cli("embed", "-o", tmp_path("x.tflite"), NULL);
    assert_int_equal(r.status, 2);
    assert_string_equal(r.err, "arenaplan: embed: no model given (see 'arenaplan embed "
                               "--help')\n");
    run_free(&r);
    r = run_cli("embed", src_path(HELLO), "-o", tmp_path("x.tflite"), "--strategy", "nope",
                NULL);
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "arenaplan: unknown strategy 'nope'; known: linear greedy");
    run_free(&r);
    r = run_cli("embed", src_path(HELLO), "-o", tmp_path("x.tflite"), "--align", "4", NULL);
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "TFLM aligns every buffer to 16 bytes; the alignment cannot be 4\n");
    run_free(&r);
    r = run_cli("embed", src_path(HELLO), "-o", tmp_path("x.tflite"), "--frob", NULL);
    assert_int_equal(r.status, 2);
    assert_string_equal(r.err, "arenaplan: embed: unknown option '--frob' (see 'arenaplan "
                               "embed --help')\n");
    run_free(&r);
    assert_false(file_exists(tmp_path("x.tflite")));
}

/* The report, the copy, and an input left alone. */
static void embed_writes_the_copy(void **state)
{
    (void)state;
    const char *in = tmp_path("hello_in.tflite"), *out = tmp_path("hello_out.tflite");
    blob model = blob_model(HELLO);
    write_blob(in, model.p, model.n);
    struct stat before, after;
    assert_int_equal(stat(in, &before), 0);
    run_result r = run_cli("embed", in, "-o", out, "--force", NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.err, "");
    char want[4096];
    snprintf(want, sizeof want,
             "model        %s (2704 bytes)\n"
             "wrote        %s (2976 bytes): the model moved 272 bytes behind a new header\n"
             "no gain      TFLM reaches 32 bytes with the input as it is and 32 with the copy\n"
             "offline plan 10 entries: 4 of 4 planned tensors fixed; -1 for the rest (constants, "
             "variables, empty tensors)\n"
             "scratch      none\n"
             "strategy     best:greedy (the smallest TFLM head of 9 plans)\n"
             "head         32 bytes with TFLM (the plan: 32 bytes; lower bound 32)\n"
             "before       32 bytes with TFLM, the input as it is (no offline plan: TFLM's "
             "greedy planner)\n"
             "arena        1068 bytes (kTensorArenaSize for TFLM on cortex-m with the copy; 1068 with "
             "the input as it is)\n",
             in, out);
    assert_string_equal(r.out, want);
    run_free(&r);
    /* The input: same bytes, same modification time. */
    assert_int_equal(stat(in, &after), 0);
    assert_int_equal(after.st_mtim.tv_sec, before.st_mtim.tv_sec);
    assert_int_equal(after.st_mtim.tv_nsec, before.st_mtim.tv_nsec);
    blob again = blob_file(in);
    assert_int_equal(again.n, model.n);
    assert_memory_equal(again.p, model.p, model.n);
    blob_free(&again);
    /* The copy is what the library makes. */
    ap_tflite_embed_result lib;
    embed_ok(&model, NULL, NULL, 0, &lib);
    blob copy = blob_file(out);
    assert_int_equal(copy.n, lib.len);
    assert_memory_equal(copy.p, lib.data, lib.len);
    ap_tflite_embed_result_free(&lib);
    blob_free(&copy);
    assert_int_equal(count_files("hello_out.tflite.tmp"), 0);

    /* Embedding the copy into a second file gives the same bytes; -o may not name the input. */
    const char *out2 = tmp_path("hello_out2.tflite");
    r = run_cli("embed", out, "-o", out2, "--force", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "the offline plan rewritten in place\n");
    assert_contains(r.out, "before       32 bytes with TFLM, the input as it is (its own "
                           "offline plan)\n");
    run_free(&r);
    blob a = blob_file(out), b = blob_file(out2);
    assert_int_equal(a.n, b.n);
    assert_memory_equal(a.p, b.p, a.n);
    blob_free(&a);
    blob_free(&b);
    r = run_cli("embed", out, "-o", out, NULL);
    assert_int_equal(r.status, 2);
    snprintf(want, sizeof want, "arenaplan: embed: -o %s names the input itself; embed never "
             "modifies its input\n", out);
    assert_string_equal(r.err, want);
    run_free(&r);
    blob_free(&model);
}

/* Damaged and truncated inputs: exit 2, the reader's message, no output, no temporary file,
 * and an existing output file left as it was. */
static void damaged_inputs_write_nothing(void **state)
{
    (void)state;
    blob model = blob_model(HELLO);
    const char *bad = tmp_path("bad.tflite"), *out = tmp_path("bad_out.tflite");
    write_blob(bad, model.p, 100);
    run_result r = run_cli("embed", bad, "-o", out, NULL);
    assert_int_equal(r.status, 2);
    char want[4096];
    snprintf(want, sizeof want, "arenaplan: %s: model: offset 984 at byte 56 points to byte "
             "1040, outside the file (100 bytes)\n", bad);
    assert_string_equal(r.err, want);
    assert_string_equal(r.out, "");
    run_free(&r);
    assert_false(file_exists(out));

    unsigned char *c = malloc(model.n);
    memcpy(c, model.p, model.n);
    memcpy(c + 4, "TFL2", 4);
    write_blob(bad, c, model.n);
    write_text(out, "keep me");
    r = run_cli("embed", bad, "-o", out, NULL);
    assert_int_equal(r.status, 2);
    snprintf(want, sizeof want, "arenaplan: %s: file identifier at bytes 4-7 is \"TFL2\", not "
             "\"TFL3\": not a TFLite model\n", bad);
    assert_string_equal(r.err, want);
    run_free(&r);
    char *kept = read_text(out, NULL);
    assert_string_equal(kept, "keep me");
    free(kept);
    assert_int_equal(count_files("bad_out.tflite.tmp"), 0);

    /* A model TFLM's allocator refuses (a STRING tensor through a WHILE loop): embedded as
     * any model TFLM refuses, for its head; the warning says the copy cannot load, no
     * kTensorArenaSize: --format c (which needs it) and --budget fail, writing nothing. */
    const char *lw = src_path("corpus/models/more/litert_while_op_with_forwarding_input.tflite");
    const char *why = "TFLM's allocator refuses the model: subgraph 0 tensor 1 (increment_value) "
                      "has type STRING, which TFLM cannot size (TfLiteTypeSizeOf fails) "
                      "(micro_allocation_info.cc:197): this model cannot load";
    r = run_cli("embed", lw, "-o", out, "--budget", "1M", NULL);
    assert_int_equal(r.status, 1);
    snprintf(want, sizeof want, "arenaplan: --budget 1048576: %s: %s; there is no whole arena to "
             "gate (--budget-head gates the head)\n", out, why);
    assert_contains(r.err, want);
    run_free(&r);
    kept = read_text(out, NULL);
    assert_string_equal(kept, "keep me");
    free(kept);
    const char *lw_c = tmp_path("string_model.c");
    r = run_cli("embed", lw, "-o", lw_c, "--format", "c", NULL);
    assert_int_equal(r.status, 2);
    snprintf(want, sizeof want, "arenaplan: embed: --format c: the source needs TFLM's whole arena "
             "(NAME_ARENA_SIZE), which is unknown for %s (see the warning)\n", lw);
    assert_contains(r.err, want);
    run_free(&r);
    assert_false(file_exists(lw_c));
    const char *lw_out = tmp_path("string_model.tflite");
    r = run_cli("embed", lw, "-o", lw_out, NULL);
    assert_int_equal(r.status, 0);
    snprintf(want, sizeof want, "arenaplan: warning: %s: %s; the head is planned, but no "
             "kTensorArenaSize exists for TFLM on cortex-m\n", lw_out, why);
    assert_string_equal(r.err, want);
    assert_contains(r.out, "head         192 bytes with TFLM (the plan: 192 bytes; lower bound "
                           "192)\n");
    assert_null(strstr(r.out, "\narena "));
    run_free(&r);
    assert_true(file_exists(lw_out));

    r = run_cli("embed", tmp_path("missing.tflite"), "-o", out, NULL);
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "missing.tflite");
    run_free(&r);
    free(c);
    blob_free(&model);
}

/* inspect shows the embedded offsets; plan keeps them. */
static void inspect_and_plan_read_the_plan(void **state)
{
    (void)state;
    const char *out = tmp_path("vela_out.tflite");
    run_result r = run_cli("embed", src_path(VELA), "-o", out, "--force", "--ignore-offline", "--kernels",
                           "reference64", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "wrote        ");
    assert_contains(r.out, " (269728 bytes): the offline plan rewritten in place\n");
    assert_contains(r.out, "scratch      2 buffers, 96 bytes: placed by TFLM at runtime around "
                           "the fixed tensors\n");
    assert_contains(r.out, "head         158256 bytes with TFLM (the plan: 158256 bytes; lower "
                           "bound 158256)\n");
    assert_contains(r.out, "before       74560 bytes with TFLM, the input as it is (its own "
                           "offline plan)\n");
    run_free(&r);
    r = run_cli("inspect", out, "--kernels", "reference64", "--format", "csv", NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "id,lower,upper,size,alignment,name,type,offset\n"
                               "0,1,2,16,16,MobilenetV1/Predictions/Reshape_1,\"int8[1,2]\",158240\n"
                               "3,-1,2,74464,16,_split_1_scratch,uint8[74464],74464\n"
                               "4,-1,2,74464,16,_split_1_scratch_fast,uint8[74464],0\n"
                               "5,0,2,9216,16,input,\"int8[1,96,96,1]\",148928\n"
                               "scratch0,1,2,48,16,op 0 ethos-u: base addresses,"
                               "uint8[48] (reference64 kernel),\n"
                               "scratch1,1,2,48,16,op 0 ethos-u: base address sizes,"
                               "uint8[48] (reference64 kernel),\n");
    run_free(&r);
    r = run_cli("inspect", out, NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "metadata     2: vela_version (6 bytes), OfflineMemoryAllocation "
                           "(36 bytes)\n");
    assert_contains(r.out, "offline plan 6 entries (metadata 1, buffer 4): 4 of 4 planned "
                           "tensors fixed, honoured\n");
    assert_contains(r.out, "(offline offset 148928)\n");
    run_free(&r);
    r = run_cli("inspect", out, "--ignore-offline", NULL);
    assert_contains(r.out, "offline plan 6 entries (metadata 1, buffer 4), ignored "
                           "(--ignore-offline)\n");
    run_free(&r);
    /* Vela's plan replaced: no pre-planned sharing left, so even --strict passes. */
    r = run_cli("check", out, "--strict", "--kernels", "reference64", NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(
        r.out, "offline plan 6 entries: 4 of 4 planned tensors fixed; TFLM places 2 buffers at "
               "runtime (0 tensors, 2 scratch)\n"
               "tflm head    158256 bytes (fixed tensors, then the rest placed by TFLM's greedy "
               "planner)\n"
               "valid: 6 buffers, head 158256 bytes, lower bound 158256 bytes (efficiency "
               "100.0%)\n");
    run_free(&r);
    r = run_cli("plan", out, "--strategy", "bestfit-size", "--kernels", "reference64",
                "--format", "csv", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "0,1,2,16,16,MobilenetV1/Predictions/Reshape_1,\"int8[1,2]\",158240,1\n");
    assert_contains(r.out, "5,0,2,9216,16,input,\"int8[1,96,96,1]\",148928,1\n");
    run_free(&r);
}

/* check MODEL: the model's own plan as TFLM runs it. */
static void check_verifies_the_models_plan(void **state)
{
    (void)state;
    run_result r = run_cli("check", src_path(VELA), "--kernels", "reference64", NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.err, "");
    assert_string_equal(
        r.out,
        "offline plan 6 entries: 4 of 4 planned tensors fixed; TFLM places 2 buffers at runtime "
        "(0 tensors, 2 scratch)\n"
        "shared       6 pairs of fixed tensors share bytes while both are live: the plan's own "
        "choice, accepted as pre-planned sharing (--strict refuses it)\n"
        "  subgraph 0 tensor 0 (MobilenetV1/Predictions/Reshape_1, entry 0): bytes [0, 16), "
        "lifetime [1, 2)\n"
        "    and subgraph 0 tensor 3 (_split_1_scratch, entry 3): bytes [0, 74464), lifetime "
        "[-1, 2)\n"
        "  subgraph 0 tensor 0 (MobilenetV1/Predictions/Reshape_1, entry 0): bytes [0, 16), "
        "lifetime [1, 2)\n"
        "    and subgraph 0 tensor 4 (_split_1_scratch_fast, entry 4): bytes [0, 74464), "
        "lifetime [-1, 2)\n"
        "  subgraph 0 tensor 0 (MobilenetV1/Predictions/Reshape_1, entry 0): bytes [0, 16), "
        "lifetime [1, 2)\n"
        "    and subgraph 0 tensor 5 (input, entry 5): bytes [0, 9216), lifetime [0, 2)\n"
        "  subgraph 0 tensor 3 (_split_1_scratch, entry 3): bytes [0, 74464), lifetime [-1, 2)\n"
        "    and subgraph 0 tensor 4 (_split_1_scratch_fast, entry 4): bytes [0, 74464), "
        "lifetime [-1, 2)\n"
        "  subgraph 0 tensor 3 (_split_1_scratch, entry 3): bytes [0, 74464), lifetime [-1, 2)\n"
        "    and subgraph 0 tensor 5 (input, entry 5): bytes [0, 9216), lifetime [0, 2)\n"
        "  subgraph 0 tensor 4 (_split_1_scratch_fast, entry 4): bytes [0, 74464), lifetime "
        "[-1, 2)\n"
        "    and subgraph 0 tensor 5 (input, entry 5): bytes [0, 9216), lifetime [0, 2)\n"
        "tflm head    74560 bytes (fixed tensors, then the rest placed by TFLM's greedy "
        "planner)\n"
        "valid: 6 buffers, head 74560 bytes, lower bound 74560 bytes (efficiency 100.0%), "
        "counting the 6 pairs of fixed tensors that share bytes while live as the plan's own "
        "choice: 158256 bytes are live at step 1, 83696 more than the head\n");
    run_free(&r);
    r = run_cli("check", src_path(VELA), "--strict", NULL);
    assert_int_equal(r.status, 1);
    assert_contains(r.out, "invalid: buffers '3' (74464 bytes, lifetime [-1, 2), bytes [0, "
                           "74464)) and '4' (74464 bytes, lifetime [-1, 2), bytes [0, 74464)) "
                           "are both live");
    run_free(&r);

    /* An embedded plan passes --strict. */
    const char *out = tmp_path("check_out.tflite");
    r = run_cli("embed", src_path(HELLO), "-o", out, "--force", NULL);
    assert_int_equal(r.status, 0);
    run_free(&r);
    r = run_cli("check", out, "--strict", NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(
        r.out, "offline plan 10 entries: 4 of 4 planned tensors fixed; TFLM places 0 buffers at "
               "runtime (0 tensors, 0 scratch)\n"
               "tflm head    32 bytes (fixed tensors, then the rest placed by TFLM's greedy "
               "planner)\n"
               "valid: 4 buffers, head 32 bytes, lower bound 32 bytes (efficiency 100.0%)\n");
    run_free(&r);

    /* No plan, a plan TFLM refuses, and options that leave nothing to check. */
    r = run_cli("check", src_path(HELLO), NULL);
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "hello_world_int8.tflite has no offline plan (metadata "
                           "\"OfflineMemoryAllocation\"): give a PLAN.csv to check, or write "
                           "one into a copy with 'arenaplan embed'\n");
    run_free(&r);
    r = run_cli("check", out, "--ignore-offline", NULL);
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "--ignore-offline leaves no plan to check\n");
    run_free(&r);
    r = run_cli("check", src_path("tests/data/none.csv"), "--strict", NULL);
    assert_int_equal(r.status, 2);
    assert_string_equal(r.err, "arenaplan: check: --strict applies to a model's own offline "
                               "plan\n");
    run_free(&r);

    static const unsigned char four[4] = {1, 2, 3, 4};
    int32_t words[5] = {0, 1, 2, 0, 0}; /* 2 entries for 3 tensors */
    fbb_node *md = fbb_table();
    fbb_ref(md, AP_TFL_F_METADATA_NAME, fbb_str(AP_TFL_OFFLINE_PLAN_NAME));
    fbb_scalar(md, AP_TFL_F_METADATA_BUFFER, 4, 2);
    fbb_node *sg = tfl_subgraph(fbb_tables(3, tfl_tensor("x", AP_TFL_FLOAT32, fbb_ints(1, 4), 0),
                                           tfl_tensor("y", AP_TFL_FLOAT32, fbb_ints(1, 4), 0),
                                           tfl_variable(tfl_tensor("s", AP_TFL_FLOAT32,
                                                                    fbb_ints(1, 4), 0))),
                                fbb_ints(1, 0), fbb_ints(1, 1),
                                fbb_tables(1, tfl_op(0, fbb_ints(2, 0, 2), fbb_ints(1, 1), 0,
                                                     NULL)),
                                NULL);
    size_t len;
    unsigned char *data = fbb_finish(
        tfl_model(fbb_tables(1, tfl_opcode(AP_TFL_OP_ADD, NULL)), fbb_tables(1, sg),
                  fbb_tables(3, tfl_buffer(NULL, 0), tfl_buffer(four, 4),
                             tfl_buffer(words, sizeof words)),
                  fbb_tables(1, md)),
        &len);
    fbb_reset();
    const char *wrong = tmp_path("wrong_count.tflite");
    write_blob(wrong, data, len);
    free(data);
    r = run_cli("check", wrong, NULL);
    assert_int_equal(r.status, 1);
    assert_string_equal(r.out, "invalid: the offline plan has 2 entries but the model has 3 "
                               "tensors; TFLM refuses it (AllocateTensors fails)\n");
    run_free(&r);
    /* embed replaces it with --ignore-offline only. */
    const char *fixed = tmp_path("wrong_fixed.tflite");
    r = run_cli("embed", wrong, "-o", fixed, NULL);
    assert_int_equal(r.status, 2);
    char want[1024];
    snprintf(want, sizeof want, "arenaplan: %s: the offline plan (metadata "
             "\"OfflineMemoryAllocation\", buffer 2) has 2 entries but the model has 3 tensors; "
             "TFLM refuses such a plan (--ignore-offline replaces it)\n", wrong);
    assert_string_equal(r.err, want);
    run_free(&r);
    assert_false(file_exists(fixed));
    r = run_cli("embed", wrong, "-o", fixed, "--ignore-offline", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "before       TFLM refuses the input's own offline plan\n");
    run_free(&r);
    r = run_cli("check", fixed, NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "offline plan 3 entries: 2 of 2 planned tensors fixed");
    run_free(&r);
}

/* check names the tensors whose offline offsets clash: a model embedded by an earlier
 * arenaplan (tensor i of every subgraph at entry i), read as TFLM reads it. embed keeps the
 * offsets and says so; --ignore-offline plans from scratch, and the copy checks clean. */
static void check_names_clashing_tensors(void **state)
{
    (void)state;
    size_t len;
    unsigned char *data = fbb_finish(tfl_longer_callee_model(tfl_longer_callee_earlier), &len);
    fbb_reset();
    const char *in = tmp_path("old_layout.tflite"), *out = tmp_path("old_layout_new.tflite");
    write_blob(in, data, len);
    free(data);
    static const char clash[] =
        "shared       1 pair of fixed tensors share bytes while both are live: the plan's own "
        "choice, accepted as pre-planned sharing (--strict refuses it)\n"
        "  subgraph 1 tensor 0 (a, entry 2): bytes [0, 16), lifetime [2, 5)\n"
        "    and subgraph 1 tensor 1 (b, entry 3): bytes [0, 16), lifetime [4, 6)\n"
        "note         tensors of a later subgraph share bytes: earlier arenaplan versions "
        "embedded tensor i of every subgraph at entry i, which TFLM reads as other tensors' "
        "entries (docs/embed.md); embed such a model again with --ignore-offline\n";
    run_result r = run_cli("check", in, NULL);
    assert_int_equal(r.status, 0);
    char want[2048];
    snprintf(want, sizeof want,
             "offline plan 6 entries: 3 of 6 planned tensors fixed; TFLM places 3 buffers at "
             "runtime (3 tensors, 0 scratch)\n%s"
             "tflm head    48 bytes (fixed tensors, then the rest placed by TFLM's greedy "
             "planner)\n"
             "valid: 6 buffers, head 48 bytes, lower bound 48 bytes (efficiency 100.0%%), "
             "counting the 1 pair of fixed tensors that share bytes while live as the plan's own "
             "choice: 64 bytes are live at step 4, 16 more than the head\n",
             clash);
    assert_string_equal(r.out, want);
    run_free(&r);
    r = run_cli("check", in, "--strict", NULL);
    assert_int_equal(r.status, 1);
    assert_contains(r.out, clash);
    assert_contains(r.out, "invalid: buffers '1:0' (16 bytes, lifetime [2, 5), bytes [0, 16)) "
                           "and '1:1' (16 bytes, lifetime [4, 6), bytes [0, 16)) are both live "
                           "at step 4 and share bytes [0, 16)\n");
    run_free(&r);

    r = run_cli("embed", in, "-o", out, NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "shared       1 pair of tensors that the input's offline plan fixes "
                           "share bytes while both are live, and keep their offsets ('arenaplan "
                           "check' names them; --ignore-offline plans from scratch)\n");
    run_free(&r);
    r = run_cli("embed", in, "-o", out, "--force", "--ignore-offline", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "offline plan 6 entries: 6 of 6 planned tensors fixed; -1 for the "
                           "rest (constants, variables, empty tensors)\n");
    assert_contains(r.out, "head         64 bytes with TFLM (the plan: 64 bytes; lower bound "
                           "64)\n");
    assert_contains(r.out, "before       48 bytes with TFLM, the input as it is (its own "
                           "offline plan)\n");
    assert_null(strstr(r.out, "shared"));
    run_free(&r);
    r = run_cli("check", out, "--strict", NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "offline plan 6 entries: 6 of 6 planned tensors fixed; TFLM "
                               "places 0 buffers at runtime (0 tensors, 0 scratch)\n"
                               "tflm head    64 bytes (fixed tensors, then the rest placed by "
                               "TFLM's greedy planner)\n"
                               "valid: 6 buffers, head 64 bytes, lower bound 64 bytes "
                               "(efficiency 100.0%)\n");
    run_free(&r);
}

/* Variables: embed says which entries it holds for them; inspect counts a variable the
 * offline plan takes into the head, and its tail bytes by the entry AllocateVariables reads. */
static void variables_in_embed_and_inspect(void **state)
{
    (void)state;
    size_t len;
    unsigned char *data = fbb_finish(tfl_variables_model(NULL), &len);
    fbb_reset();
    const char *in = tmp_path("vars.tflite"), *out = tmp_path("vars_out.tflite");
    write_blob(in, data, len);
    free(data);
    run_result r = run_cli("embed", in, "-o", out, "--force", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "offline plan 6 entries: 3 of 4 planned tensors fixed; -1 for the "
                           "rest (constants, variables, empty tensors, tensors whose entry a "
                           "variable reads)\n"
                           "variables    1 planned tensor left to the runtime: a variable "
                           "tensor of a later subgraph reads its entry as its own (TFLM's "
                           "AllocateVariables reads entry i for tensor i of every subgraph)\n");
    run_free(&r);
    r = run_cli("inspect", out, NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "variables    32 bytes (TFLM's persistent tail)\n");
    run_free(&r);

    static const int32_t v_head[6] = {-1, -1, -1, -1, 48, -1};
    data = fbb_finish(tfl_variables_model(v_head), &len);
    fbb_reset();
    write_blob(in, data, len);
    free(data);
    r = run_cli("inspect", in, NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "tensors      6: 5 planned, 0 constant, 2 variable\n");
    assert_contains(r.out, "variables    32 bytes (TFLM's persistent tail); 1 variable tensor "
                           "in the head, at its offline plan entry\n");
    assert_contains(r.out, "\n1:1        v                                        float32[4]                   16 "
                           " [-1, 4)        activation -                        op 1:0 ADD  "
                           "(offline offset 48)\n");
    run_free(&r);
    r = run_cli("inspect", in, "--format", "json", NULL);
    assert_contains(r.out, "\"variable_tensors\":2,\"variable_bytes\":32,"
                           "\"head_variable_tensors\":1,");
    run_free(&r);
    r = run_cli("inspect", in, "--ignore-offline", NULL);
    assert_contains(r.out, "variables    32 bytes (TFLM's persistent tail)\n");
    run_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(usage_errors),
        cmocka_unit_test(embed_writes_the_copy),
        cmocka_unit_test(damaged_inputs_write_nothing),
        cmocka_unit_test(inspect_and_plan_read_the_plan),
        cmocka_unit_test(check_verifies_the_models_plan),
        cmocka_unit_test(check_names_clashing_tensors),
        cmocka_unit_test(variables_in_embed_and_inspect),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
