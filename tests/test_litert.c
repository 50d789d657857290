/*
 * test_litert.c - the TensorFlow Lite interpreter's arena (--runtime tflite, litert.h) against
 * the real interpreter: on every dev model of corpus/reference/tflite, with the default thread
 * count and with one thread, the arena, the persistent arena, the arena tensor count and every
 * tensor's offset equal what LiteRT f67457790c9c did; the strategy alone reproduces the same
 * offsets from the buffer list written as CSV; hand-built models pin the kernel rules
 * (temporaries, in-place sharing, dynamic outputs, thread count), the libstdc++ order
 * emulation is held to values libstdc++ produced, and the command line works end to end.
 * Every plan goes through the checker.
 */
#include "testutil.h"

#include "arenaplan/csv.h"
#include "arenaplan/litert.h"
#include "arenaplan/tflite.h"
#include "litert/libstdcxx.h"
#include "test_tflite_fbb.h"

/* ---- the reference -------------------------------------------------------------------------- */

/* One row of arena_tflite*.csv. */
typedef struct ref_row {
    char model[96], set[16], status[32];
    int64_t arena, persistent, tensors, persistent_tensor_bytes, after_invoke;
} ref_row;

/* Field k (0-based) of a CSV line without quotes, into buf. */
static void field(const char *line, int k, char *buf, size_t n)
{
    size_t len = 0;
    while (k > 0 && *line)
        k -= *line++ == ',';
    while (*line && *line != ',' && *line != '\n' && len + 1 < n)
        buf[len++] = *line++;
    buf[len] = 0;
}

static int64_t field_int(const char *line, int k)
{
    char buf[32];
    field(line, k, buf, sizeof buf);
    return buf[0] ? strtoll(buf, NULL, 10) : -1;
}

/* The rows of a reference table; returns the count. */
static size_t read_rows(const char *rel, ref_row *rows, size_t cap)
{
    char *text = read_text(src_path(rel), NULL), *line, *save = NULL;
    size_t n = 0;
    assert_non_null(text);
    for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        if (strncmp(line, "model,", 6) == 0)
            continue;
        assert_true(n < cap);
        field(line, 0, rows[n].model, sizeof rows[n].model);
        field(line, 1, rows[n].set, sizeof rows[n].set);
        field(line, 2, rows[n].status, sizeof rows[n].status);
        rows[n].arena = field_int(line, 3);
        rows[n].persistent = field_int(line, 4);
        rows[n].tensors = field_int(line, 5);
        rows[n].persistent_tensor_bytes = field_int(line, 11);
        rows[n].after_invoke = field_int(line, 9);
        n++;
    }
    free(text);
    return n;
}

/* The probe models (set "probes") are not stored: opgen writes them from tests/opgen/tflite.spec
 * (the ctest litert_probes_write, which runs first), and models.csv holds the FNV-1a 64 hash of
 * the bytes their figures were measured on. */
static const char *model_path(const ref_row *r)
{
    static char buf[512];
    if (strcmp(r->set, "probes") == 0) {
        snprintf(buf, sizeof buf, "%s/litert_probes/%s.tflite", AP_TEST_TMP, r->model);
        return buf;
    }
    snprintf(buf, sizeof buf, "corpus/models/%s/%s.tflite", strcmp(r->set, "dev/tflm") == 0 ? "tflm" : "more",
             r->model);
    return src_path(buf);
}

static uint64_t fnv1a64(const unsigned char *p, size_t n)
{
    uint64_t h = 0xcbf29ce484222325u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 0x100000001b3u;
    return h;
}

/* The probe model's bytes are the ones measured: its hash is models.csv's. */
static void check_probe_hash(const char *model, const unsigned char *data, size_t len)
{
    char *text = read_text(src_path("corpus/reference/tflite/probes/models.csv"), NULL), *line, *save = NULL;
    char want[32] = "", got[32];
    assert_non_null(text);
    for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        char name[96];
        field(line, 0, name, sizeof name);
        if (strcmp(name, model) == 0)
            field(line, 1, want, sizeof want);
    }
    free(text);
    snprintf(got, sizeof got, "%016llx", (unsigned long long)fnv1a64(data, len));
    if (strcmp(want, got) != 0)
        fail_msg("%s: the model's bytes hash to %s, its figures were measured on %s", model, got,
                 want[0] ? want : "(no row in models.csv)");
}

/* What arenaplan does not model on the reference models: how many paths and the first's words
 * (every other model: none). A model whose arena the real interpreter grew at Invoke is among
 * them, whatever this table says. */
static const struct {
    const char *model;
    size_t n;
    const char *what;
} gaps[] = {
    {"litert_call_once_mul", 2, "its init subgraph 1 is allocated, run and freed at the first Invoke"},
    {"litert_multi_subgraphs_while", 2, "subgraph 1, which it prepares, has arenas of its own"},
    {"litert_nested_while", 4, "subgraph 1, which it prepares, has arenas of its own"},
    {"litert_resource_vars_calibrated", 1, "its init subgraph 1 is allocated"},
    {"litert_while_op_with_forwarding_input", 2, "subgraph 1, which it prepares"},
    {"tfsupport_dilated_conv", 1, "AllocateTensors stops after it (output 35 of op 20 SPACE_TO_BATCH_ND "
                                  "is dynamic): the 4 operators after it are prepared and planned at Invoke"},
    {"lrt_case", 2, "subgraph 1, which it prepares, has arenas of its own, not in these figures"},
    {"lrt_composite", 1, "subgraph 1, which it prepares"},
    {"lrt_composite_dynamic", 2, "subgraph 1, which it prepares"},
    {"lrt_detection_outputs_misstated", 3, "the kernel sizes output tensor 3 FLOAT32[1,10,4] where the "
                                           "model states FLOAT32[1,5,4]"},
    {"lrt_dilate_folded", 1, "AllocateTensors stops after it (output 5 of op 1 DILATE is dynamic)"},
    {"lrt_embedding_lookup_sparse", 1, "AllocateTensors stops after it"},
    {"lrt_fold_chain", 1, "AllocateTensors stops after it (the output shape of op 4 RESHAPE is not "
                          "known before Invoke): the 3 operators after it"},
    {"lrt_nms_v4_input", 1, "AllocateTensors stops after it (output 5 of op 0 NON_MAX_SUPPRESSION_V4 "
                            "is dynamic): the 1 operator after it is prepared"},
    {"lrt_rfft2d_length_folded", 1, "its fft_length is computed in Prepare, so the sizes of its "
                                    "output and its four temporaries are taken from the model's"},
    {"lrt_rfft2d_length_input", 1, "AllocateTensors stops after it (output 2 of op 0 RFFT2D is dynamic)"},
    {"lrt_topk_signature", 1, "AllocateTensors stops after it (output 2 of op 0 TOPK_V2 is dynamic)"},
    {"lrt_transpose_conv_shape_folded", 1, "AllocateTensors stops after it (output 4 of op 1 "
                                           "TRANSPOSE_CONV is dynamic)"},
};

/* The reference models with a graph input of unknown dimension: not a gap (TFLite plans the shape
 * the model states), said in the note. */
static const struct {
    const char *model;
    int tensor;
} resizable[] = {
    {"hello_world_float", 0},
    {"hello_world_int8", 0},
    {"simple_add_model", 0},
    {"sine_float", 0},
    {"armex_ds_cnn_s_quantized", 37},
    {"litert_multi_signatures", 0},
    {"mltk_keyword_spotting_on_off_v3", 0},
    {"mltk_rock_paper_scissors", 0},
    {"openmv_yolo_lc_192", 0},
    {"tinymaix_mnist_resnet_q", 0},
    {"lrt_input_signature", 0},
};

static void check_gaps(const ref_row *r, const ap_problem *p, const ap_litert_info *in)
{
    size_t want = 0, k;
    const char *what = NULL;
    for (k = 0; k < sizeof gaps / sizeof gaps[0]; k++)
        if (strcmp(gaps[k].model, r->model) == 0)
            want = gaps[k].n, what = gaps[k].what;
    if (in->n_unmodelled != want)
        fail_msg("%s: %zu paths not modelled, expected %zu", r->model, in->n_unmodelled, want);
    assert_int_equal(p->n_unmodelled, want);
    if (want)
        assert_contains(in->unmodelled[0].what, what);
    for (k = 0; k < sizeof resizable / sizeof resizable[0]; k++)
        if (strcmp(resizable[k].model, r->model) == 0) {
            char words[64];
            snprintf(words, sizeof words, "graph input %d has an unknown dimension", resizable[k].tensor);
            assert_non_null(p->note);
            assert_contains(p->note, words);
        }
    /* the arena grew at Invoke: never a silent figure */
    if (r->after_invoke > r->arena)
        assert_true(in->n_unmodelled > 0);
}

typedef struct built {
    unsigned char *data;
    size_t len;
    ap_tfl_model *m;
    ap_problem *p;
    ap_litert_info *info;
    ap_status st;
    ap_error err;
} built;

static void build_model(const char *path, int threads, built *b)
{
    ap_litert_options o;
    memset(b, 0, sizeof *b);
    assert_int_equal(ap_read_file(path, (size_t)1 << 31, &b->data, &b->len, &b->err), AP_OK);
    assert_int_equal(ap_tflite_read(b->data, b->len, &b->m, &b->err), AP_OK);
    ap_litert_options_init(&o);
    o.threads = threads;
    b->st = ap_litert_build(b->m, &o, &b->p, &b->info, &b->err);
    if (b->st == AP_OK)
        assert_int_equal(ap_problem_validate(b->p, &b->err), AP_OK);
}

static void built_free(built *b)
{
    ap_problem_free(b->p);
    ap_litert_info_free(b->info);
    ap_tflite_free(b->m);
    free(b->data);
}

static long buffer_of_tensor(const ap_problem *p, int32_t t)
{
    for (size_t i = 0; i < p->n; i++)
        if (p->buf[i].tensor == t)
            return (long)i;
    return -1;
}

/* Every row of the reference plan MODEL.csv (tensor,bytes,offset) against the plan. */
static size_t compare_plan(const char *rel, const ap_problem *p, const ap_litert_info *in,
                           const int64_t *offset)
{
    char *text = read_text(src_path(rel), NULL), *line, *save = NULL;
    size_t placed = 0, rows = 0;
    assert_non_null(text);
    for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        int32_t t;
        int64_t bytes, off;
        long k;
        if (strncmp(line, "tensor,", 7) == 0)
            continue;
        rows++;
        t = (int32_t)field_int(line, 0);
        bytes = field_int(line, 1);
        off = field_int(line, 2);
        assert_true((size_t)t < in->n_tensors);
        assert_int_equal(in->tensors[t].bytes, bytes);
        k = buffer_of_tensor(p, t);
        if (off < 0) { /* no memory at AllocateTensors */
            assert_int_equal(k, -1);
            assert_true(in->tensors[t].fate == AP_LITERT_EMPTY ||
                        in->tensors[t].fate == AP_LITERT_UNUSED ||
                        in->tensors[t].fate == AP_LITERT_AT_INVOKE);
            continue;
        }
        if (k < 0 || offset[k] != off)
            fail_msg("%s: tensor %d at %lld in TFLite, %s %lld here", rel, t, (long long)off,
                     k < 0 ? "missing" : "at", k < 0 ? 0LL : (long long)offset[k]);
        assert_int_equal(p->buf[k].size, bytes);
        placed++;
    }
    assert_int_equal(placed, p->n); /* and nothing more */
    free(text);
    return rows;
}

static void reference_run(const char *table, const char *plans, int threads, size_t *ok_models)
{
    ref_row rows[64];
    size_t n = read_rows(table, rows, 64), k, ok = 0;
    for (k = 0; k < n; k++) {
        const ref_row *r = &rows[k];
        built b;
        ap_plan plan;
        char rel[256];
        size_t f, in_arena = 0;
        build_model(model_path(r), threads, &b);
        if (strcmp(r->set, "probes") == 0)
            check_probe_hash(r->model, b.data, b.len);
        if (strcmp(r->status, "ok") != 0) {
            /* the real interpreter refused it: so does the model, naming the stage */
            assert_int_equal(b.st, AP_ERR_INPUT);
            assert_contains(b.err.msg, strcmp(r->status, "build_failed") == 0
                                           ? "TFLite cannot build the model"
                                           : "TFLite cannot allocate the model");
            built_free(&b);
            continue;
        }
        if (b.st != AP_OK)
            fail_msg("%s: %s", r->model, b.err.msg);
        ap_plan_init(&plan);
        assert_int_equal(ap_litert_plan(b.p, &plan, &b.err), AP_OK);
        assert_int_equal(assert_valid_plan(b.p, &plan), plan.arena);
        if (plan.arena != r->arena)
            fail_msg("%s (threads %d): arena %lld, TFLite %lld", r->model, threads,
                     (long long)plan.arena, (long long)r->arena);
        assert_int_equal(b.info->persistent_bytes, r->persistent);
        assert_int_equal(b.info->persistent_tensor_bytes, r->persistent_tensor_bytes);
        /* tensors_in_arena counts the kTfLiteArenaRw tensors that got memory; the plan lists
         * the others too, at -1 */
        assert_int_equal(b.info->counts[AP_LITERT_ARENA] + b.info->counts[AP_LITERT_SHARED], r->tensors);
        for (f = AP_LITERT_ARENA; f <= AP_LITERT_AT_INVOKE; f++)
            in_arena += b.info->counts[f];
        assert_true(snprintf(rel, sizeof rel, "corpus/reference/tflite/%s%s/%s.csv",
                             strcmp(r->set, "probes") == 0 ? "probes/" : "", plans, r->model) <
                    (int)sizeof rel);
        assert_int_equal(compare_plan(rel, b.p, b.info, plan.offset), in_arena);
        check_gaps(r, b.p, b.info);
        ap_plan_free(&plan);
        built_free(&b);
        ok++;
    }
    *ok_models = ok;
}

static void test_reference_default_threads(void **state)
{
    size_t ok;
    (void)state;
    reference_run("corpus/reference/tflite/arena_tflite.csv", "plans", -1, &ok);
    assert_int_equal(ok, 32);
}

static void test_reference_one_thread(void **state)
{
    size_t ok;
    (void)state;
    reference_run("corpus/reference/tflite/arena_tflite_threads1.csv", "plans_threads1", 1, &ok);
    assert_int_equal(ok, 32);
}

/* The probe models of tests/opgen/tflite.spec, measured on the real interpreter: 53 allocate,
 * 4 are refused. */
static void test_probes_default_threads(void **state)
{
    size_t ok;
    (void)state;
    reference_run("corpus/reference/tflite/probes/arena_tflite.csv", "plans", -1, &ok);
    assert_int_equal(ok, 53);
}

static void test_probes_one_thread(void **state)
{
    size_t ok;
    (void)state;
    reference_run("corpus/reference/tflite/probes/arena_tflite_threads1.csv", "plans_threads1", 1, &ok);
    assert_int_equal(ok, 53);
}

/* The strategy alone: the buffer list written as CSV and read back plans to TFLite's offsets. */
static void csv_run(const char *table, const char *plans, int threads, size_t expected)
{
    ref_row rows[64];
    size_t n = read_rows(table, rows, 64), k, ok = 0;
    for (k = 0; k < n; k++) {
        built b;
        char *text = NULL, rel[256];
        size_t len = 0;
        FILE *f;
        ap_problem *q = NULL;
        ap_csv_options co;
        ap_plan plan;
        if (strcmp(rows[k].status, "ok") != 0)
            continue;
        build_model(model_path(&rows[k]), threads, &b);
        assert_int_equal(b.st, AP_OK);
        f = open_memstream(&text, &len);
        assert_non_null(f);
        assert_int_equal(ap_csv_write(f, b.p, NULL, &b.err), AP_OK);
        fclose(f);
        ap_csv_options_init(&co);
        assert_int_equal(ap_csv_parse(text, len, "list.csv", &co, &q, NULL, &b.err), AP_OK);
        assert_int_equal(q->n, b.p->n);
        /* what the model leaves out stays in the buffer list ("# unmodelled: " lines) */
        assert_int_equal(q->n_unmodelled, b.p->n_unmodelled);
        for (size_t u = 0; u < q->n_unmodelled; u++) {
            assert_int_equal(q->unmodelled[u].node, b.p->unmodelled[u].node);
            assert_string_equal(q->unmodelled[u].what, b.p->unmodelled[u].what);
            if (b.p->unmodelled[u].op)
                assert_string_equal(q->unmodelled[u].op, b.p->unmodelled[u].op);
            else
                assert_null(q->unmodelled[u].op);
        }
        ap_plan_init(&plan);
        assert_int_equal(plan_checked(q, "tflite", &plan), rows[k].arena);
        for (size_t i = 0; i < q->n; i++)
            q->buf[i].tensor = (int32_t)strtol(q->buf[i].id, NULL, 10);
        assert_true(snprintf(rel, sizeof rel, "corpus/reference/tflite/%s%s/%s.csv",
                             strcmp(rows[k].set, "probes") == 0 ? "probes/" : "", plans,
                             rows[k].model) < (int)sizeof rel);
        compare_plan(rel, q, b.info, plan.offset);
        ap_plan_free(&plan);
        ap_problem_free(q);
        free(text);
        built_free(&b);
        ok++;
    }
    assert_int_equal(ok, expected);
}

static void test_csv_default_threads(void **state)
{
    (void)state;
    csv_run("corpus/reference/tflite/arena_tflite.csv", "plans", -1, 32);
    csv_run("corpus/reference/tflite/probes/arena_tflite.csv", "plans", -1, 53);
}

static void test_csv_one_thread(void **state)
{
    (void)state;
    csv_run("corpus/reference/tflite/arena_tflite_threads1.csv", "plans_threads1", 1, 32);
    csv_run("corpus/reference/tflite/probes/arena_tflite_threads1.csv", "plans_threads1", 1, 53);
}

/* What the reference shows of the models it could not allocate fully, in words. */
static void test_invoke_and_heap_reported(void **state)
{
    built b;
    (void)state;
    build_model(src_path("corpus/models/more/tfsupport_dilated_conv.tflite"), -1, &b);
    assert_int_equal(b.st, AP_OK);
    assert_int_equal(b.info->prepared, 21);
    assert_int_equal(b.info->operators, 25);
    assert_string_equal(b.info->stop_why, "output 35 of op 20 SPACE_TO_BATCH_ND is dynamic");
    assert_int_equal(b.info->tensors[35].fate, AP_LITERT_DYNAMIC);
    assert_string_equal(b.info->tensors[35].why,
                        "op 20 SPACE_TO_BATCH_ND's block shape or paddings (tensor 34) is "
                        "computed at run time, so its output shape is known only at Invoke");
    for (int t = 36; t <= 39; t++)
        assert_int_equal(b.info->tensors[t].fate, AP_LITERT_AT_INVOKE);
    assert_int_equal(b.info->tensors[15].fate, AP_LITERT_PERSISTENT_RO); /* SHAPE */
    assert_int_equal(b.info->tensors[16].fate, AP_LITERT_PERSISTENT_RO); /* STRIDED_SLICE of it */
    assert_int_equal(b.info->tensors[18].fate, AP_LITERT_ARENA);         /* PACK does not fold */
    assert_int_equal(b.info->tensors[19].fate, AP_LITERT_SHARED);        /* ADD in place */
    assert_int_equal(b.info->tensors[19].root, 18);
    assert_contains(b.p->note, "AllocateTensors prepared 21 of 25 operators");
    assert_contains(b.p->note, "planned at Invoke: 36 37 38 39");
    assert_contains(b.p->note, "dynamic, on the heap: 35 (op 20 SPACE_TO_BATCH_ND");
    built_free(&b);

    /* READ_VARIABLE of a scalar: dynamic, and the MUL after it waits for Invoke */
    build_model(src_path("corpus/models/more/litert_call_once_mul.tflite"), -1, &b);
    assert_int_equal(b.st, AP_OK);
    assert_int_equal(b.info->tensors[1].fate, AP_LITERT_PERSISTENT); /* VAR_HANDLE: 4 bytes */
    assert_int_equal(b.info->tensors[1].bytes, 4);
    assert_int_equal(b.info->tensors[2].fate, AP_LITERT_DYNAMIC);
    assert_int_equal(b.info->tensors[3].fate, AP_LITERT_AT_INVOKE);
    built_free(&b);

    /* WHILE drops the outputs of loop variables its body passes through and nobody reads */
    build_model(src_path("corpus/models/more/litert_while_op_with_forwarding_input.tflite"), -1, &b);
    assert_int_equal(b.st, AP_OK);
    assert_int_equal(b.info->tensors[8].fate, AP_LITERT_UNUSED);
    assert_contains(b.info->tensors[8].why, "op 1 WHILE drops it");
    assert_int_equal(b.info->tensors[3].fate, AP_LITERT_CONSTANT); /* an empty data vector */
    assert_int_equal(b.info->tensors[11].fate, AP_LITERT_DYNAMIC); /* STRING */
    built_free(&b);
}

/* The temporaries the reference shows, by kernel. */
static void test_reference_temporaries(void **state)
{
    built b;
    (void)state;
    /* float CONV_2D: transposed weights in the persistent arena with threads -1, im2col in the
     * arena with one thread */
    build_model(src_path("corpus/models/more/litert_blazeface_mlkit_v1.tflite"), 1, &b);
    assert_int_equal(b.st, AP_OK);
    assert_int_equal(b.info->tensors[191].fate, AP_LITERT_ARENA);
    assert_string_equal(b.info->tensors[191].role, "im2col");
    assert_int_equal(b.info->tensors[191].bytes, 1053696);
    built_free(&b);
    build_model(src_path("corpus/models/more/litert_blazeface_mlkit_v1.tflite"), -1, &b);
    assert_int_equal(b.info->tensors[191].fate, AP_LITERT_PERSISTENT);
    assert_string_equal(b.info->tensors[191].role, "hwcn weights");
    built_free(&b);
    /* MEAN: index, resolved axes and accumulator in the arena, normalized dims dynamic */
    build_model(src_path("corpus/models/tflm/mobilenet_v2_quantized_1x3x224x224.tflite"), -1, &b);
    assert_string_equal(b.info->tensors[213].role, "index");
    assert_int_equal(b.info->tensors[213].bytes, 16);
    assert_string_equal(b.info->tensors[214].role, "resolved axes");
    assert_string_equal(b.info->tensors[215].role, "accumulator");
    assert_int_equal(b.info->tensors[215].bytes, 5120);
    assert_int_equal(b.info->tensors[216].fate, AP_LITERT_DYNAMIC);
    built_free(&b);
    /* SVDF (int8): six tensors from Init, two used */
    build_model(src_path("corpus/models/tflm/keyword_scrambled.tflite"), -1, &b);
    assert_string_equal(b.info->tensors[54].role, "scratch");
    assert_string_equal(b.info->tensors[55].role, "output accumulator");
    assert_int_equal(b.info->tensors[56].fate, AP_LITERT_NONE);
    assert_int_equal(b.info->tensors[60].op, 3); /* the second SVDF's Init */
    built_free(&b);
}

/* ---- the strategy on buffer lists ------------------------------------------------------------ */

/* SimpleMemoryArena judges a gap by its aligned start but records it by its unaligned start:
 * a later gap that is larger than the first once aligned still wins. Here the gap after
 * the 1-byte buffer at 0 is [1, 192): aligned, 128 bytes at 64, recorded as 191; the gap
 * [256, 384) is 128 bytes, less than 191, so a 100-byte buffer goes to 256, where plain best
 * fit keeps 64. */
static void test_recorded_gap_quirk(void **state)
{
    ap_problem *p = problem_from_csv("id,lower,upper,size,alignment,offset\n"
                                     "a,0,2,1,64,0\n"
                                     "b,0,2,64,64,192\n"
                                     "c,0,2,64,64,384\n"
                                     "x,0,2,100,64,\n");
    ap_plan plan;
    (void)state;
    ap_plan_init(&plan);
    assert_int_equal(plan_checked(p, "tflite", &plan), 448);
    assert_int_equal(plan.offset[3], 256);
    assert_int_equal(plan_checked(p, "bestfit-size", &plan), 448);
    assert_int_equal(plan.offset[3], 64);
    ap_plan_free(&plan);
    ap_problem_free(p);
}

/* Order: buffers live from step 0 to the last step first (in list order), then largest first,
 * then earliest, then list order; each in the smallest gap among the buffers it meets. */
static void test_allocation_order(void **state)
{
    ap_problem *p = problem_from_csv("id,lower,upper,size,alignment\n"
                                     "small_whole,0,5,8,64\n"
                                     "big,1,3,200,64\n"
                                     "late,3,5,100,64\n"
                                     "early,0,3,100,64\n"
                                     "tie,3,5,100,64\n"
                                     "whole,0,5,300,64\n");
    ap_plan plan;
    (void)state;
    ap_plan_init(&plan);
    /* small_whole 0 [0,8); whole 64 [64,364); big 384 [384,584); early: meets all three, gaps
     * [8,64) too small -> 640; late (lower 3) before tie (list order): meets the whole ones
     * only, smallest fitting gap is after whole -> 384; tie -> 512 */
    assert_int_equal(plan_checked(p, "tflite", &plan), 740);
    assert_int_equal(plan.offset[0], 0);
    assert_int_equal(plan.offset[5], 64);
    assert_int_equal(plan.offset[1], 384);
    assert_int_equal(plan.offset[3], 640);
    assert_int_equal(plan.offset[2], 384);
    assert_int_equal(plan.offset[4], 512);
    ap_plan_free(&plan);
    ap_problem_free(p);
}

/* Buffers joined by alias allowances take the offset of the one covering them all. */
static void test_aliases(void **state)
{
    ap_problem *p = problem_from_csv("id,lower,upper,size,alignment,alias_of,overlap_exact\n"
                                     "in,0,1,16,64,,\n"
                                     "root,0,4,64,64,,\n"
                                     "view,1,3,64,64,root,1\n"
                                     "other,2,4,64,64,,\n");
    ap_problem *q = problem_from_csv("id,lower,upper,size,alignment,alias_of,overlap_exact\n"
                                     "root,0,2,64,64,,\n"
                                     "longer,1,4,64,64,root,1\n"
                                     "other,2,4,64,64,,\n");
    ap_plan plan;
    (void)state;
    ap_plan_init(&plan);
    /* root (live throughout) 0; other meets it: 64; in meets root only: 64; view at root's */
    assert_int_equal(plan_checked(p, "tflite", &plan), 128);
    assert_int_equal(plan.offset[2], plan.offset[1]);
    assert_int_equal(plan.offset[0], 64);
    /* the alias outlives its base: not forced onto it, but placed like any buffer, where the
     * gap search may still use the allowance (offset 0, at delta 0 exactly) */
    assert_int_equal(plan_checked(q, "tflite", &plan), 128);
    assert_int_equal(plan.offset[1], 0);
    assert_int_equal(plan.offset[2], 64);
    ap_plan_free(&plan);
    ap_problem_free(p);
    ap_problem_free(q);
}

/* ---- libstdc++ behaviour, against values libstdc++ (GCC 12) produced ------------------------- */

static void uset_expect(const int32_t *keys, size_t n, const int32_t *want, size_t nwant)
{
    ap__uset s;
    ap_error err = {0};
    size_t k = 0;
    ap__libstdcxx_uset_init(&s);
    for (size_t i = 0; i < n; i++)
        assert_int_equal(ap__libstdcxx_uset_insert(&s, keys[i], &err), AP_OK);
    for (int32_t x = s.head; x >= 0; x = s.next[x], k++) {
        assert_true(k < nwant);
        assert_int_equal(s.key[x], want[k]);
    }
    assert_int_equal(k, nwant);
    ap__libstdcxx_uset_free(&s);
}

static int mod3_less(int32_t a, int32_t b, const void *ctx)
{
    (void)ctx;
    return a % 3 < b % 3;
}

static void test_libstdcxx_order(void **state)
{
    static const int32_t a[] = {7, 9, 10, 11}, wa[] = {11, 10, 9, 7};
    static const int32_t b[] = {3, 16, 29, 42, 1}, wb[] = {1, 42, 29, 16, 3}; /* one bucket */
    static const int32_t c[] = {40, 27, 14, 1, 53, 2, 15}, wc[] = {15, 2, 53, 1, 14, 27, 40};
    static const int32_t wd[] = {20, 19, 18, 17, 16, 15, 14, 13, 0, 1, 2, 3, 4, 5, 6, 7, 8,
                                 9, 10, 11, 12}; /* 0..20: rehashed from 13 to 29 buckets */
    static const int32_t ws[] = {0, 3, 21, 6, 18, 9, 15, 12, 1, 22, 19, 16, 13, 10, 7, 4, 11,
                                 14, 8, 17, 5, 20, 2, 23};
    int32_t d[21], v[24];
    (void)state;
    uset_expect(a, 4, wa, 4);
    uset_expect(b, 5, wb, 5);
    uset_expect(c, 7, wc, 7);
    for (int i = 0; i < 21; i++)
        d[i] = i;
    uset_expect(d, 21, wd, 21);
    uset_expect(a, 4, wa, 4); /* a repeated key changes nothing */
    {
        static const int32_t rep[] = {7, 9, 7, 10, 9, 11};
        uset_expect(rep, 6, wa, 4);
    }
    for (int i = 0; i < 24; i++)
        v[i] = i;
    ap__libstdcxx_sort(v, 24, mod3_less, NULL); /* introsort then insertion sort: not stable */
    for (int i = 0; i < 24; i++)
        assert_int_equal(v[i], ws[i]);
}

/* ---- hand-built models ----------------------------------------------------------------------- */

#define F32 AP_TFL_FLOAT32
#define I8 AP_TFL_INT8
#define I32 AP_TFL_INT32

static unsigned char zeros[4096];

static built *built_from(fbb_node *root, int threads, built *b)
{
    size_t len;
    ap_litert_options o;
    memset(b, 0, sizeof *b);
    b->data = fbb_finish(root, &len);
    fbb_reset();
    assert_int_equal(ap_tflite_read(b->data, len, &b->m, &b->err), AP_OK);
    ap_litert_options_init(&o);
    o.threads = threads;
    b->st = ap_litert_build(b->m, &o, &b->p, &b->info, &b->err);
    if (b->st == AP_OK)
        assert_int_equal(ap_problem_validate(b->p, &b->err), AP_OK);
    return b;
}

static fbb_node *conv_options(int stride)
{
    fbb_node *o = fbb_table();
    fbb_scalar(o, AP_TFL_F_CONV_2D_PADDING, 1, 0); /* SAME */
    fbb_scalar(o, AP_TFL_F_CONV_2D_STRIDE_W, 4, (uint32_t)stride);
    fbb_scalar(o, AP_TFL_F_CONV_2D_STRIDE_H, 4, (uint32_t)stride);
    return o;
}

/* in [1,8,8,4] -> CONV_2D 3x3 (16 filters) -> out [1,8,8,16] -> RELU -> y */
static fbb_node *conv_model(int filter_type)
{
    fbb_node *sg = tfl_subgraph(
        fbb_tables(5, tfl_tensor("in", F32, fbb_ints(4, 1, 8, 8, 4), 0),
                   tfl_tensor("w", filter_type, fbb_ints(4, 16, 3, 3, 4), 1),
                   tfl_tensor("b", F32, fbb_ints(1, 16), 1),
                   tfl_tensor("out", F32, fbb_ints(4, 1, 8, 8, 16), 0),
                   tfl_tensor("y", F32, fbb_ints(4, 1, 8, 8, 16), 0)),
        fbb_ints(1, 0), fbb_ints(1, 4),
        fbb_tables(2, tfl_op(0, fbb_ints(3, 0, 1, 2), fbb_ints(1, 3), AP_TFL_OPT_CONV_2D, conv_options(1)),
                   tfl_op(1, fbb_ints(1, 3), fbb_ints(1, 4), 0, NULL)),
        "main");
    return tfl_model(fbb_tables(2, tfl_opcode(AP_TFL_OP_CONV_2D, NULL), tfl_opcode(AP_TFL_OP_RELU, NULL)),
                     fbb_tables(1, sg), fbb_tables(2, tfl_buffer(NULL, 0), tfl_buffer(zeros, 4096)), NULL);
}

static void test_conv_threads(void **state)
{
    built b;
    ap_plan plan;
    (void)state;
    /* threads -1: the multithreaded kernel's transposed weights, persistent [36, 16] floats */
    built_from(conv_model(F32), -1, &b);
    assert_int_equal(b.st, AP_OK);
    assert_int_equal(b.info->n_tensors, 6);
    assert_int_equal(b.info->tensors[5].fate, AP_LITERT_PERSISTENT);
    assert_int_equal(b.info->tensors[5].bytes, 36 * 16 * 4);
    assert_int_equal(b.info->persistent_bytes, 36 * 16 * 4);
    assert_int_equal(b.p->n, 3);
    built_free(&b);
    /* threads 4: the same kernel path */
    built_from(conv_model(F32), 4, &b);
    assert_int_equal(b.info->tensors[5].fate, AP_LITERT_PERSISTENT);
    built_free(&b);
    /* threads 1: im2col [1, 8, 8, 36] floats in the arena during op 0 */
    built_from(conv_model(F32), 1, &b);
    assert_int_equal(b.info->tensors[5].fate, AP_LITERT_ARENA);
    assert_int_equal(b.info->tensors[5].bytes, 64 * 36 * 4);
    assert_int_equal(b.info->persistent_bytes, 0);
    assert_int_equal(b.p->buf[buffer_of_tensor(b.p, 5)].lower, 0);
    assert_int_equal(b.p->buf[buffer_of_tensor(b.p, 5)].upper, 1);
    assert_string_equal(b.p->buf[buffer_of_tensor(b.p, 5)].name, "im2col of op 0 CONV_2D");
    ap_plan_init(&plan);
    /* in [0,1024) stays; im2col (9216) and out (4096) by size: im2col 1024, out 10240; y meets
     * in and out: 1024 */
    assert_int_equal(plan_checked(b.p, "tflite", &plan), 1024 + 9216 + 4096);
    ap_plan_free(&plan);
    built_free(&b);
    /* a float input with int8 weights (hybrid): im2col of int8 whatever the threads, the
     * quantized input, scaling factors and accumulators; per-tensor scale, no offsets */
    built_from(conv_model(I8), -1, &b);
    assert_int_equal(b.info->n_tensors, 9);
    assert_string_equal(b.info->tensors[5].role, "im2col");
    assert_int_equal(b.info->tensors[5].bytes, 64 * 36);
    assert_string_equal(b.info->tensors[6].role, "quantized input");
    assert_int_equal(b.info->tensors[6].bytes, 256);
    assert_string_equal(b.info->tensors[7].role, "scaling factors");
    assert_int_equal(b.info->tensors[7].bytes, 64 * 4);
    assert_string_equal(b.info->tensors[8].role, "accumulators");
    assert_int_equal(b.info->tensors[8].bytes, 16 * 64 * 4);
    built_free(&b);
}

/* x [2,8] -> FULLY_CONNECTED (int8 weights [4,8]) -> y [2,4]: six tensors reserved, five used */
static void test_fully_connected_hybrid(void **state)
{
    fbb_node *sg = tfl_subgraph(
        fbb_tables(4, tfl_tensor("x", F32, fbb_ints(2, 2, 8), 0),
                   tfl_tensor("w", I8, fbb_ints(2, 4, 8), 1),
                   tfl_tensor("b", F32, fbb_ints(1, 4), 1),
                   tfl_tensor("y", F32, fbb_ints(2, 2, 4), 0)),
        fbb_ints(1, 0), fbb_ints(1, 3),
        fbb_tables(1, tfl_op(0, fbb_ints(3, 0, 1, 2), fbb_ints(1, 3), 0, NULL)), "main");
    built b;
    (void)state;
    built_from(tfl_model(fbb_tables(1, tfl_opcode(AP_TFL_OP_FULLY_CONNECTED, NULL)), fbb_tables(1, sg),
                         fbb_tables(2, tfl_buffer(NULL, 0), tfl_buffer(zeros, 4096)), NULL),
               -1, &b);
    assert_int_equal(b.st, AP_OK);
    assert_int_equal(b.info->n_tensors, 10);
    assert_int_equal(b.info->tensors[4].bytes, 16);     /* quantized input, int8 [2, 8] */
    assert_int_equal(b.info->tensors[5].bytes, 8);      /* scaling factors, float [2] */
    assert_int_equal(b.info->tensors[6].bytes, 32);     /* accumulators, int32 [4, 2] */
    assert_int_equal(b.info->tensors[7].bytes, 8);      /* input offsets, int32 [2] */
    assert_int_equal(b.info->tensors[8].fate, AP_LITERT_PERSISTENT); /* row sums [4] */
    assert_int_equal(b.info->tensors[8].bytes, 16);
    assert_int_equal(b.info->tensors[9].fate, AP_LITERT_NONE);       /* reserved, unused */
    assert_int_equal(b.info->counts[AP_LITERT_ARENA], 2 + 4);
    built_free(&b);
}

/* x [1,64] -> RESHAPE -> r [8,8] -> ADD(r, r2) where r2 = RELU(x'): sharing and its limits */
static void test_in_place(void **state)
{
    /* t0 x (input), t1 shape (const), t2 r = RESHAPE(x0) where x0 = RELU(x), t3 a = ADD(r, k),
     * t4 k const, t5 y = RELU(a), t6 x0 */
    fbb_node *sg = tfl_subgraph(
        fbb_tables(7, tfl_tensor("x", F32, fbb_ints(2, 1, 64), 0),
                   tfl_tensor("shape", I32, fbb_ints(1, 2), 1),
                   tfl_tensor("r", F32, fbb_ints(2, 8, 8), 0),
                   tfl_tensor("a", F32, fbb_ints(2, 8, 8), 0),
                   tfl_tensor("k", F32, fbb_ints(2, 8, 8), 2),
                   tfl_tensor("y", F32, fbb_ints(2, 8, 8), 0),
                   tfl_tensor("x0", F32, fbb_ints(2, 1, 64), 0)),
        fbb_ints(1, 0), fbb_ints(1, 5),
        fbb_tables(4, tfl_op(2, fbb_ints(1, 0), fbb_ints(1, 6), 0, NULL),
                   tfl_op(0, fbb_ints(2, 6, 1), fbb_ints(1, 2), 0, NULL),
                   tfl_op(1, fbb_ints(2, 2, 4), fbb_ints(1, 3), 0, NULL),
                   tfl_op(2, fbb_ints(1, 3), fbb_ints(1, 5), 0, NULL)),
        "main");
    static const int32_t shape[2] = {8, 8};
    built b;
    ap_plan plan;
    (void)state;
    built_from(tfl_model(fbb_tables(3, tfl_opcode(AP_TFL_OP_RESHAPE, NULL), tfl_opcode(AP_TFL_OP_ADD, NULL),
                                    tfl_opcode(AP_TFL_OP_RELU, NULL)),
                         fbb_tables(1, sg),
                         fbb_tables(3, tfl_buffer(NULL, 0), tfl_buffer(shape, 8), tfl_buffer(zeros, 256)),
                         NULL),
               -1, &b);
    assert_int_equal(b.st, AP_OK);
    /* RESHAPE's r shares x0; ADD's a shares r's root x0 (r dies at ADD, 256 bytes) */
    assert_int_equal(b.info->tensors[2].fate, AP_LITERT_SHARED);
    assert_int_equal(b.info->tensors[2].root, 6);
    assert_int_equal(b.info->tensors[3].fate, AP_LITERT_SHARED);
    assert_int_equal(b.info->tensors[3].root, 6);
    /* x0 now lives until the last reader of the group (op 3 reads a) */
    assert_int_equal(b.info->tensors[6].first_op, 0);
    assert_int_equal(b.info->tensors[6].last_op, 3);
    ap_plan_init(&plan);
    /* x [0, 5) at 0, x0 [0, 4) at 256, y [3, 5) meets both: 512; r and a nowhere else */
    assert_int_equal(b.p->n, 5);
    assert_int_equal(plan_checked(b.p, "tflite", &plan), 3 * 256);
    assert_int_equal(plan.offset[buffer_of_tensor(b.p, 2)], plan.offset[buffer_of_tensor(b.p, 6)]);
    assert_int_equal(plan.offset[buffer_of_tensor(b.p, 3)], plan.offset[buffer_of_tensor(b.p, 6)]);
    ap_plan_free(&plan);
    built_free(&b);
}

/* A TRANSPOSE whose permutation is computed: dynamic, and what follows waits for Invoke. */
static void test_dynamic_stop(void **state)
{
    fbb_node *sg = tfl_subgraph(
        fbb_tables(5, tfl_tensor("x", F32, fbb_ints(2, 4, 4), 0),
                   tfl_tensor("perm", I32, fbb_ints(1, 2), 0),
                   tfl_tensor("t", F32, fbb_ints(2, 4, 4), 0),
                   tfl_tensor("y", F32, fbb_ints(2, 4, 4), 0),
                   tfl_tensor("p2", I32, fbb_ints(1, 2), 0)),
        fbb_ints(2, 0, 1), fbb_ints(1, 3),
        fbb_tables(3, tfl_op(1, fbb_ints(1, 1), fbb_ints(1, 4), 0, NULL),
                   tfl_op(0, fbb_ints(2, 0, 4), fbb_ints(1, 2), 0, NULL),
                   tfl_op(1, fbb_ints(1, 2), fbb_ints(1, 3), 0, NULL)),
        "main");
    built b;
    (void)state;
    built_from(tfl_model(fbb_tables(2, tfl_opcode(AP_TFL_OP_TRANSPOSE, NULL), tfl_opcode(AP_TFL_OP_NEG, NULL)),
                         fbb_tables(1, sg), fbb_tables(1, tfl_buffer(NULL, 0)), NULL),
               -1, &b);
    assert_int_equal(b.st, AP_OK);
    assert_int_equal(b.info->prepared, 2);
    assert_int_equal(b.info->tensors[2].fate, AP_LITERT_DYNAMIC);
    assert_int_equal(b.info->tensors[3].fate, AP_LITERT_AT_INVOKE);
    assert_int_equal(b.p->n, 3); /* x, perm, p2 */
    built_free(&b);
}

/* A variable lives in the persistent arena, the graph input and output in the arena for the
 * whole run: both first in the order, by index. */
static void test_variable(void **state)
{
    fbb_node *sg = tfl_subgraph(
        fbb_tables(4, tfl_tensor("x", F32, fbb_ints(1, 10), 0),
                   tfl_variable(tfl_tensor("state", F32, fbb_ints(1, 10), 0)),
                   tfl_tensor("s", F32, fbb_ints(1, 10), 0),
                   tfl_tensor("y", F32, fbb_ints(1, 10), 0)),
        fbb_ints(1, 0), fbb_ints(1, 3),
        fbb_tables(2, tfl_op(0, fbb_ints(2, 0, 1), fbb_ints(1, 2), 0, NULL),
                   tfl_op(0, fbb_ints(2, 2, 1), fbb_ints(1, 3), 0, NULL)),
        "main");
    built b;
    ap_plan plan;
    (void)state;
    built_from(tfl_model(fbb_tables(1, tfl_opcode(AP_TFL_OP_MUL, NULL)), fbb_tables(1, sg),
                         fbb_tables(1, tfl_buffer(NULL, 0)), NULL),
               -1, &b);
    assert_int_equal(b.st, AP_OK);
    assert_int_equal(b.info->tensors[1].fate, AP_LITERT_PERSISTENT);
    assert_int_equal(b.info->persistent_bytes, 40);
    /* x [0, 3) whole run; s [0, 2); y [1, 3) never freed */
    assert_int_equal(b.p->n, 3);
    assert_string_equal(b.p->buf[0].id, "0");
    assert_int_equal(b.p->buf[0].upper, 3);
    ap_plan_init(&plan);
    assert_int_equal(plan_checked(b.p, "tflite", &plan), 64 + 64 + 40);
    ap_plan_free(&plan);
    built_free(&b);
}

/* BATCH_MATMUL reserves seven tensors: the transposed LHS in the arena, the transposed
 * constant RHS in the persistent arena. */
static void test_batch_matmul(void **state)
{
    fbb_node *sg = tfl_subgraph(
        fbb_tables(4, tfl_tensor("a", F32, fbb_ints(3, 2, 3, 5), 0),
                   tfl_tensor("b", F32, fbb_ints(2, 5, 7), 1),
                   tfl_tensor("c", F32, fbb_ints(3, 2, 3, 7), 0),
                   tfl_tensor("d", F32, fbb_ints(3, 2, 3, 7), 0)),
        fbb_ints(1, 0), fbb_ints(1, 3),
        fbb_tables(2, tfl_op(0, fbb_ints(2, 0, 1), fbb_ints(1, 2), 0, NULL),
                   tfl_op(1, fbb_ints(1, 2), fbb_ints(1, 3), 0, NULL)),
        "main");
    built b;
    (void)state;
    built_from(tfl_model(fbb_tables(2, tfl_opcode(AP_TFL_OP_BATCH_MATMUL, NULL),
                                    tfl_opcode(AP_TFL_OP_RELU, NULL)),
                         fbb_tables(1, sg), fbb_tables(2, tfl_buffer(NULL, 0), tfl_buffer(zeros, 4096)), NULL),
               -1, &b);
    assert_int_equal(b.st, AP_OK);
    /* 4 model tensors, then the 7 of BATCH_MATMUL */
    assert_int_equal(b.info->n_tensors, 11);
    assert_int_equal(b.info->tensors[4].op, 0);
    assert_string_equal(b.info->tensors[4].role, "transposed LHS");
    assert_int_equal(b.info->tensors[4].fate, AP_LITERT_ARENA);
    assert_int_equal(b.info->tensors[4].bytes, 30 * 4);
    assert_string_equal(b.info->tensors[5].role, "transposed RHS");
    assert_int_equal(b.info->tensors[5].fate, AP_LITERT_PERSISTENT);
    assert_int_equal(b.info->tensors[5].bytes, 35 * 4);
    assert_int_equal(b.info->tensors[6].fate, AP_LITERT_NONE);
    assert_int_equal(b.info->n_unmodelled, 0);
    assert_int_equal(b.p->n_unmodelled, 0);
    built_free(&b);
}

/* Models the real interpreter refuses, and options it refuses. */
static void test_refusals(void **state)
{
    fbb_node *sg;
    fbb_node *oc;
    built b;
    ap_problem *p = NULL;
    ap_litert_options o;
    ap_error err = {0};
    (void)state;
    /* CONV_2D version 9: BuiltinOpResolver registers 1-8 */
    oc = tfl_opcode(AP_TFL_OP_RELU, NULL);
    fbb_scalar(oc, AP_TFL_F_OPCODE_VERSION, 4, 9);
    sg = tfl_subgraph(fbb_tables(2, tfl_tensor("x", F32, fbb_ints(1, 4), 0), tfl_tensor("y", F32, fbb_ints(1, 4), 0)),
                      fbb_ints(1, 0), fbb_ints(1, 1), fbb_tables(1, tfl_op(0, fbb_ints(1, 0), fbb_ints(1, 1), 0, NULL)),
                      "main");
    built_from(tfl_model(fbb_tables(1, oc), fbb_tables(1, sg), fbb_tables(1, tfl_buffer(NULL, 0)), NULL), -1, &b);
    assert_int_equal(b.st, AP_ERR_INPUT);
    assert_string_equal(b.err.msg, "TFLite cannot build the model: no builtin kernel for RELU version 9 "
                                   "(operator 0 of subgraph 0)");
    built_free(&b);
    /* a custom operator without a kernel */
    sg = tfl_subgraph(fbb_tables(2, tfl_tensor("x", F32, fbb_ints(1, 4), 0), tfl_tensor("y", F32, fbb_ints(1, 4), 0)),
                      fbb_ints(1, 0), fbb_ints(1, 1), fbb_tables(1, tfl_op(0, fbb_ints(1, 0), fbb_ints(1, 1), 0, NULL)),
                      "main");
    built_from(tfl_model(fbb_tables(1, tfl_opcode(AP_TFL_OP_CUSTOM, "Mystery")), fbb_tables(1, sg),
                         fbb_tables(1, tfl_buffer(NULL, 0)), NULL), -1, &b);
    assert_int_equal(b.st, AP_ERR_INPUT);
    assert_string_equal(b.err.msg, "TFLite cannot allocate the model: op 0 Mystery of subgraph 0 is the "
                                   "custom operator \"Mystery\", which has no kernel (an unresolved custom op)");
    /* two operators writing one tensor: ArenaPlanner would allocate it twice */
    sg = tfl_subgraph(fbb_tables(2, tfl_tensor("x", F32, fbb_ints(1, 4), 0), tfl_tensor("y", F32, fbb_ints(1, 4), 0)),
                      fbb_ints(1, 0), fbb_ints(1, 1),
                      fbb_tables(2, tfl_op(0, fbb_ints(1, 0), fbb_ints(1, 1), 0, NULL),
                                 tfl_op(0, fbb_ints(1, 0), fbb_ints(1, 1), 0, NULL)),
                      "main");
    {
        built twice;
        built_from(tfl_model(fbb_tables(1, tfl_opcode(AP_TFL_OP_RELU, NULL)), fbb_tables(1, sg),
                             fbb_tables(1, tfl_buffer(NULL, 0)), NULL), -1, &twice);
        assert_int_equal(twice.st, AP_ERR_INPUT);
        assert_string_equal(twice.err.msg, "tensor 1 is written twice (an output of two operators, "
                                           "or a graph input an operator writes): ArenaPlanner "
                                           "would allocate it twice; not modelled");
        built_free(&twice);
    }
    /* threads below -1, an alignment that is no power of two */
    ap_litert_options_init(&o);
    o.threads = -2;
    assert_int_equal(ap_litert_build(b.m, &o, &p, NULL, &err), AP_ERR_USAGE);
    assert_string_equal(err.msg, "threads -2: TFLite takes -1 (its default) or a count from 0");
    ap_litert_options_init(&o);
    o.align = 48;
    assert_int_equal(ap_litert_build(b.m, &o, &p, NULL, &err), AP_ERR_USAGE);
    assert_null(p);
    built_free(&b);
}

/* A WHILE whose body runs the WHILE's own subgraph: TFLite would recurse without end. */
static void test_while_loop_refused(void **state)
{
    fbb_node *w0 = fbb_table(), *w1 = fbb_table();
    fbb_node *sg0, *sg1;
    built b;
    (void)state;
    fbb_scalar(w0, AP_TFL_F_WHILE_COND_SUBGRAPH_INDEX, 4, 1);
    fbb_scalar(w0, AP_TFL_F_WHILE_BODY_SUBGRAPH_INDEX, 4, 1);
    fbb_scalar(w1, AP_TFL_F_WHILE_COND_SUBGRAPH_INDEX, 4, 1);
    fbb_scalar(w1, AP_TFL_F_WHILE_BODY_SUBGRAPH_INDEX, 4, 1);
    sg0 = tfl_subgraph(fbb_tables(2, tfl_tensor("x", F32, fbb_ints(1, 4), 0), tfl_tensor("y", F32, fbb_ints(1, 4), 0)),
                       fbb_ints(1, 0), fbb_ints(1, 1),
                       fbb_tables(1, tfl_op(0, fbb_ints(1, 0), fbb_ints(1, 1), AP_TFL_OPT_WHILE, w0)), "main");
    sg1 = tfl_subgraph(fbb_tables(2, tfl_tensor("a", F32, fbb_ints(1, 4), 0), tfl_tensor("b", F32, fbb_ints(1, 4), 0)),
                       fbb_ints(1, 0), fbb_ints(1, 1),
                       fbb_tables(1, tfl_op(0, fbb_ints(1, 0), fbb_ints(1, 1), AP_TFL_OPT_WHILE, w1)), "loop");
    built_from(tfl_model(fbb_tables(1, tfl_opcode(AP_TFL_OP_WHILE, NULL)), fbb_tables(2, sg0, sg1),
                         fbb_tables(1, tfl_buffer(NULL, 0)), NULL), -1, &b);
    assert_int_equal(b.st, AP_ERR_INPUT);
    assert_string_equal(b.err.msg, "TFLite cannot allocate the model: op 0 WHILE of subgraph 1 calls "
                                   "subgraph 1, which is already being prepared (TFLite would recurse "
                                   "without end)");
    built_free(&b);
}

/* ---- the command line ------------------------------------------------------------------------ */

static void test_cli(void **state)
{
    const char *hello = src_path("corpus/models/tflm/hello_world_float.tflite");
    run_result r;
    (void)state;
    r = run_cli("plan", hello, "--runtime", "tflite", "--strategy", "tflite", "--format", "json", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "{\"schema\":\"arenaplan/2\",\"arena_bytes\":null,\"arena_unknown\":\"TensorFlow Lite's interpreter (--runtime tflite) has no TFLM arena\",\"head_bytes\":192,");
    assert_contains(r.out, "\"id\":\"0\",\"name\":\"serving_default_dense_input:0\",\"tensor\":0,"
                           "\"lower\":0,\"upper\":4,\"size\":4,\"offset\":0,\"alignment\":64");
    assert_contains(r.out, "\"tensor\":9,\"lower\":2,\"upper\":4,\"size\":4,\"offset\":64");
    assert_contains(r.out, "\"note\":\"TFLite runtime (LiteRT f67457790c9c ArenaPlanner, threads -1");
    run_free(&r);
    /* the temporaries by their operator, with one thread */
    r = run_cli("plan", src_path("corpus/models/more/tflmhist_magic_wand.tflite"), "--runtime", "tflite",
                "--threads", "1", "--strategy", "tflite", "--format", "json", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "\"head_bytes\":15168,");
    assert_contains(r.out, "\"name\":\"im2col of op 2 CONV_2D\",\"tensor\":16,");
    run_free(&r);
    r = run_cli("plan", hello, "--threads", "1", NULL);
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "--threads applies to --runtime tflite (add --runtime tflite)");
    run_free(&r);
    r = run_cli("plan", hello, "--runtime", "tflite", "--inplace", "reshape", NULL);
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "--inplace applies to --runtime tflm (TensorFlow Lite Micro), not to "
                           "--runtime tflite");
    run_free(&r);
    r = run_cli("plan", hello, "--runtime", "tfl", NULL);
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "--runtime tfl: unknown runtime (tflm or tflite)");
    run_free(&r);
    r = run_cli("plan", hello, "--runtime", "tflite", "--threads", "-2", NULL);
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "--threads -2: -1 (TFLite's default) or a thread count from 0");
    run_free(&r);
    r = run_cli("plan", src_path("corpus/models/tflm/person_detect.tflite"), "--runtime", "tflite", NULL);
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "person_detect.tflite: TFLite cannot build the model: tensor 33 of "
                           "subgraph 0 has invalid quantization parameters");
    run_free(&r);
    /* compare: TFLite's own plan beside ours and the bound */
    r = run_cli("compare", hello, src_path("corpus/models/tflm/mobilenet_v2_quantized_1x3x224x224.tflite"),
                "--runtime", "tflite", "--format", "csv", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, ",pingpong,tflite,");
    assert_contains(r.out, "hello_world_float.tflite,4,132,"); /* 4 buffers, bound 132 bytes */
    assert_contains(r.out, ",192,");                           /* TFLite's own: 192 */
    assert_contains(r.out, "mobilenet_v2_quantized_1x3x224x224.tflite,89,2602368,");
    run_free(&r);
    /* inspect: the fates of the tensors outside the arena */
    r = run_cli("inspect", src_path("corpus/models/more/litert_call_once_mul.tflite"), "--runtime",
                "tflite", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "1          persistent             4  -\n");
    assert_contains(r.out, "2          dynamic                4  op 2 READ_VARIABLE reads a variable "
                           "into a scalar");
    assert_contains(r.out, "3          at-invoke              4  op 4 MUL is prepared only at Invoke");
    run_free(&r);
    r = run_cli("inspect", src_path("corpus/models/more/litert_call_once_mul.tflite"), "--runtime",
                "tflite", "--format", "json", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "\"runtime\":\"tflite\",\"threads\":-1,\"operators_prepared\":3,"
                           "\"persistent_bytes\":4,\"tensors_by_fate\":[{\"tensor\":1,\"fate\":"
                           "\"persistent\",\"bytes\":4,\"offset\":0,\"why\":null}");
    run_free(&r);
    /* report: TFLite's plan first */
    r = run_cli("report", hello, "--runtime", "tflite", "-o", tmp_path("litert.html"), NULL);
    assert_int_equal(r.status, 0);
    run_free(&r);
    {
        char *html = read_text(tmp_path("litert.html"), NULL);
        assert_non_null(html);
        assert_contains(html, "tflite");
        free(html);
    }
    /* never a silent number: what is not modelled is said on stderr, in the arena line and in
     * JSON, and --budget refuses to gate on it, writing nothing */
    {
        const char *dil = src_path("corpus/models/more/tfsupport_dilated_conv.tflite");
        const char *stop = "op 20 SPACE_TO_BATCH_ND: AllocateTensors stops after it (output 35 of op 20 "
                           "SPACE_TO_BATCH_ND is dynamic): the 4 operators after it are prepared and "
                           "planned at Invoke, with shapes known only from the data, and the arena may "
                           "grow then";
        char *text;
        r = run_cli("plan", dil, "--runtime", "tflite", "--strategy", "tflite", NULL);
        assert_int_equal(r.status, 0);
        assert_contains(r.err, "tfsupport_dilated_conv.tflite: not modelled, so the head is a lower "
                               "estimate: op 20 SPACE_TO_BATCH_ND: AllocateTensors stops after it");
        assert_contains(r.out, "\nhead         324 bytes, a lower estimate: 1 path not modelled\n"
                               "unmodelled   op 20 SPACE_TO_BATCH_ND: AllocateTensors stops after it");
        run_free(&r);
        r = run_cli("plan", dil, "--runtime", "tflite", "--strategy", "tflite", "--format", "json", NULL);
        assert_contains(r.out, "\"unmodelled\":[{\"operator\":\"SPACE_TO_BATCH_ND\",\"node\":20,"
                               "\"what\":\"AllocateTensors stops after it (output 35");
        assert_null(strstr(r.out, "{\"operator\":null,\"node\":-1,\"what\":\"graph input 0"));
        assert_contains(r.out, "],\"lower_estimate\":true,");
        run_free(&r);
        r = run_cli("plan", dil, "--runtime", "tflite", "--strategy", "tflite", "--budget", "1M", "-o",
                    tmp_path("dil.json"), NULL);
        assert_int_equal(r.status, 1);
        assert_contains(r.err, "arenaplan: ");
        assert_contains(r.err, "tfsupport_dilated_conv.tflite: cannot check the budget: the head is a "
                               "lower estimate, not modelled: op 20 SPACE_TO_BATCH_ND: AllocateTensors "
                               "stops after it");
        assert_null(strstr(r.err, "(and more"));
        assert_null(fopen(tmp_path("dil.json"), "r"));
        run_free(&r);
        /* several paths: the first, and a word for the rest */
        r = run_cli("plan", src_path("corpus/models/more/litert_nested_while.tflite"), "--runtime",
                    "tflite", "--budget", "1M", "-o", tmp_path("dil.json"), NULL);
        assert_int_equal(r.status, 1);
        assert_contains(r.err, "(and more, above)\n");
        assert_null(fopen(tmp_path("dil.json"), "r"));
        run_free(&r);
        r = run_cli("report", dil, "--runtime", "tflite", "--budget", "1M", "-o", tmp_path("dil.html"), NULL);
        assert_int_equal(r.status, 1);
        assert_contains(r.err, "cannot check the budget: the head is a lower estimate");
        assert_null(fopen(tmp_path("dil.html"), "r"));
        run_free(&r);
        r = run_cli("report", dil, "--runtime", "tflite", "-o", tmp_path("dil.html"), NULL);
        assert_int_equal(r.status, 0);
        run_free(&r);
        text = read_text(tmp_path("dil.html"), NULL);
        assert_non_null(text);
        assert_contains(text, "<p class=\"note\" id=\"unmodelled-0\">Not modelled, so the head is a "
                              "lower estimate: op 20 SPACE_TO_BATCH_ND: AllocateTensors stops after it");
        free(text);
        /* the buffer list keeps them, and so does a plan of it */
        r = run_cli("plan", dil, "--runtime", "tflite", "--strategy", "tflite", "--format", "csv", "-o",
                    tmp_path("dil.csv"), NULL);
        assert_int_equal(r.status, 0);
        run_free(&r);
        text = read_text(tmp_path("dil.csv"), NULL);
        assert_non_null(text);
        assert_contains(text, "# unmodelled: ");
        assert_contains(text, stop);
        free(text);
        r = run_cli("plan", tmp_path("dil.csv"), "--budget", "1M", NULL);
        assert_int_equal(r.status, 1);
        assert_contains(r.err, "dil.csv: cannot check the budget: the head is a lower estimate, not "
                               "modelled: op 20 SPACE_TO_BATCH_ND");
        run_free(&r);
        r = run_cli("plan", tmp_path("dil.csv"), NULL);
        assert_int_equal(r.status, 0);
        assert_contains(r.out, "unmodelled   op 20 SPACE_TO_BATCH_ND: AllocateTensors stops after it");
        run_free(&r);
        /* a model modelled whole: an empty list, and the budget gates */
        r = run_cli("plan", src_path("corpus/models/tflm/dtln_noise_suppression.tflite"), "--runtime",
                    "tflite", "--strategy", "tflite", "--format", "json", "--budget", "2240", NULL);
        assert_int_equal(r.status, 0);
        assert_contains(r.out, "\"unmodelled\":[],");
        assert_null(strstr(r.out, "lower_estimate"));
        assert_string_equal(r.err, "");
        run_free(&r);
        r = run_cli("plan", src_path("corpus/models/tflm/dtln_noise_suppression.tflite"), "--runtime",
                    "tflite", "--strategy", "tflite", "--budget", "2239", NULL);
        assert_int_equal(r.status, 1);
        assert_contains(r.err, "the head needs 2240 bytes, 1 more than the budget of 2239 bytes");
        run_free(&r);
    }
    r = run_cli("embed", hello, "--runtime", "tflite", "-o", tmp_path("x.tflite"), NULL);
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "embed: an offline plan is read by TFLM only");
    run_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reference_default_threads),
        cmocka_unit_test(test_reference_one_thread),
        cmocka_unit_test(test_probes_default_threads),
        cmocka_unit_test(test_probes_one_thread),
        cmocka_unit_test(test_csv_default_threads),
        cmocka_unit_test(test_csv_one_thread),
        cmocka_unit_test(test_invoke_and_heap_reported),
        cmocka_unit_test(test_reference_temporaries),
        cmocka_unit_test(test_recorded_gap_quirk),
        cmocka_unit_test(test_allocation_order),
        cmocka_unit_test(test_aliases),
        cmocka_unit_test(test_libstdcxx_order),
        cmocka_unit_test(test_conv_threads),
        cmocka_unit_test(test_fully_connected_hybrid),
        cmocka_unit_test(test_in_place),
        cmocka_unit_test(test_dynamic_stop),
        cmocka_unit_test(test_variable),
        cmocka_unit_test(test_batch_matmul),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_while_loop_refused),
        cmocka_unit_test(test_cli),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
