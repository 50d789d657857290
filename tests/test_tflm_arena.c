/*
 * test_tflm_arena.c - the whole TFLM arena against the real runtime: for every model TFLM
 * loads, arenaplan's figures equal corpus/reference's to the byte.
 *   cortex-m  m4/heads_m4_reference.csv: head, the recording tail and total, each
 *             RecordingMicroAllocator category, and a plain interpreter's arena_used_bytes;
 *   host64    tflm_head_sizes.csv: head, recording tail and total (every model, seanet too);
 *             min_arena_host64.csv: a plain interpreter's used bytes and the smallest arena.
 * Every mismatch is collected with its model, figure and difference in bytes, so one run
 * shows them all. Plus: the models TFLM refuses, an embedded plan (the head shrinks, the tail
 * does not), the options and the parts adding up.
 */
#include "arenaplan/embed.h"
#include "arenaplan/tflm_arena.h"
#include "testutil.h"
#include "test_tflite_fbb.h"

/* ---- Reference tables ----------------------------------------------------------------------- */

typedef struct table {
    char *text;
    char **cell;      /* rows * cols cells (pointers into text) */
    size_t rows, cols;
    char **head;      /* column names */
} table;

static void table_free(table *t)
{
    free(t->text);
    free(t->cell);
    free(t->head);
}

/* Splits line at commas into dst[0..n). */
static void split(char *line, char **dst, size_t n)
{
    char *f = line;
    for (size_t k = 0; k < n; k++) {
        char *c = strchr(f, ',');
        if (c)
            *c++ = '\0';
        dst[k] = f;
        f = c ? c : f + strlen(f);
    }
}

/* Reads a reference CSV (no quoting: the reference files have no commas inside fields). */
static table table_read(const char *rel)
{
    table t = {0};
    t.text = read_text(src_path(rel), NULL);
    if (!t.text)
        fail_msg("cannot read %s", rel);
    char *save = NULL;
    for (char *line = strtok_r(t.text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        size_t cols = 1;
        for (char *p = line; *p; p++)
            cols += *p == ',';
        if (!t.head) {
            t.cols = cols;
            t.head = calloc(cols, sizeof *t.head);
            split(line, t.head, cols);
            continue;
        }
        if (cols != t.cols)
            fail_msg("%s: a row with %zu fields, the header has %zu", rel, cols, t.cols);
        t.cell = realloc(t.cell, (t.rows + 1) * t.cols * sizeof *t.cell);
        split(line, &t.cell[t.rows * t.cols], t.cols);
        t.rows++;
    }
    return t;
}

static const char *cell(const table *t, size_t row, const char *col)
{
    for (size_t k = 0; k < t->cols; k++)
        if (strcmp(t->head[k], col) == 0)
            return t->cell[row * t->cols + k];
    fail_msg("no column %s", col);
    return NULL;
}

static int64_t num(const table *t, size_t row, const char *col)
{
    return strtoll(cell(t, row, col), NULL, 10);
}

/* ---- Models --------------------------------------------------------------------------------- */

typedef struct model {
    unsigned char *data;
    size_t len;
    ap_tfl_model *m;
} model;

static model model_load(const char *name)
{
    static const char *const dirs[] = {"tflm", "seanet", "more"};
    char rel[256];
    model md = {0};
    for (size_t i = 0; i < 3 && !md.data; i++) {
        snprintf(rel, sizeof rel, "corpus/models/%s/%s.tflite", dirs[i], name);
        md.data = (unsigned char *)read_text(src_path(rel), &md.len);
    }
    if (!md.data)
        fail_msg("model %s not found", name);
    ap_error err = {0};
    if (ap_tflite_read(md.data, md.len, &md.m, &err) != AP_OK)
        fail_msg("%s: %s", name, err.msg);
    return md;
}

static void model_free(model *md)
{
    ap_tflite_free(md->m);
    free(md->data);
}

static ap_tflm_arena arena_with(const model *md, const char *target, const char *kernels,
                                int64_t head)
{
    ap_tflm_options o;
    ap_tflm_arena a;
    ap_error err = {0};
    ap_tflm_options_init(&o);
    o.target = target;
    o.kernels = kernels;
    o.head = head;
    if (ap_tflm_arena_compute(md->m, &o, &a, &err) != AP_OK)
        fail_msg("%s: %s", target, err.msg);
    return a;
}

static ap_tflm_arena arena_of(const model *md, const char *target, int64_t head)
{
    return arena_with(md, target, NULL, head);
}

/* Mismatches, collected: "model target figure: ours vs reference (+d bytes)". */
typedef struct report {
    char *text;
    size_t len, cap;
    int count;
} report;

static void mismatch(report *r, const char *model_name, const char *target, const char *what,
                     int64_t ours, int64_t ref)
{
    if (ours == ref)
        return;
    char line[256];
    int n = snprintf(line, sizeof line, "%s %s %s: %lld vs reference %lld (%+lld bytes)\n",
                     model_name, target, what, (long long)ours, (long long)ref,
                     (long long)(ours - ref));
    if (r->len + (size_t)n + 1 > r->cap) {
        r->cap = (r->len + (size_t)n + 1) * 2;
        r->text = realloc(r->text, r->cap);
    }
    memcpy(r->text + r->len, line, (size_t)n + 1);
    r->len += (size_t)n;
    r->count++;
}

static void report_end(report *r, int checked)
{
    if (r->count)
        fail_msg("%d of the figures differ from the reference (%d models):\n%s", r->count,
                 checked, r->text);
    free(r->text);
}

/* The parts add up: categories to the tail, other's parts to other. */
static void assert_parts(const ap_tflm_arena *a)
{
    int64_t sum = 0, other = 0, rsum = 0;
    for (int k = 0; k < AP_TFLM_CATEGORIES; k++) {
        sum += a->cat[k].bytes;
        rsum += a->recording_cat[k].bytes;
    }
    for (int k = 0; k < AP_TFLM_OTHER_PARTS; k++)
        other += a->other[k].bytes;
    assert_int_equal(sum, a->tail);
    assert_int_equal(rsum, a->recording_tail);
    assert_int_equal(other, a->cat[AP_TFLM_OTHER].bytes);
    assert_int_equal(a->used, a->head + a->tail);
    assert_int_equal(a->recording_used, a->head + a->recording_tail);
    assert_int_equal(a->cat[AP_TFLM_OP_DATA].bytes, 0);
    assert_true(a->min_arena > 0);
    assert_true(a->binding_low + a->binding_high > a->min_arena - 1);
}

/* ---- Against the reference ------------------------------------------------------------------ */

/* One reference row against our figures for its model: adds mismatches to r. */
typedef void (*row_check)(const table *t, size_t row, const char *name, const ap_tflm_arena *a,
                          report *r, int *tally);

/* Runs check over every row of the reference file rel that TFLM loaded (no status column, or
 * "ok"), on target with kernel set kernels (NULL: reference); expects `rows` such rows and no
 * mismatch. */
static void against(const char *rel, const char *target, const char *kernels, int rows,
                    row_check check, int *tally)
{
    table t = table_read(rel);
    report r = {0};
    int checked = 0, has_status = 0;
    for (size_t k = 0; k < t.cols; k++)
        has_status |= strcmp(t.head[k], "status") == 0;
    for (size_t i = 0; i < t.rows; i++) {
        const char *name = cell(&t, i, "model");
        if (has_status && strcmp(cell(&t, i, "status"), "ok") != 0)
            continue;
        model md = model_load(name);
        ap_tflm_arena a = arena_with(&md, target, kernels, -1);
        assert_parts(&a);
        assert_string_equal(a.target, target);
        check(&t, i, name, &a, &r, tally);
        model_free(&md);
        checked++;
    }
    assert_int_equal(checked, rows);
    report_end(&r, checked);
    table_free(&t);
}

static void m4_row(const table *t, size_t i, const char *name, const ap_tflm_arena *a,
                   report *r, int *tally)
{
    static const char *const cats[] = {
        "TfLiteEvalTensor", "persistent_TfLiteTensor", "persistent_quantization",
        "persistent_buffer", "TfLiteTensor_variable_buffer", "NodeAndRegistration",
        "operator_runtime_data"};
    (void)tally;
    mismatch(r, name, "cortex-m", "head", a->head, num(t, i, "head"));
    mismatch(r, name, "cortex-m", "recording tail", a->recording_tail, num(t, i, "tail"));
    mismatch(r, name, "cortex-m", "recording total", a->recording_used, num(t, i, "total"));
    mismatch(r, name, "cortex-m", "plain arena_used_bytes", a->used, num(t, i, "plain_total"));
    for (int k = 0; k < 7; k++) {
        assert_string_equal(ap_tflm_category_name(k), cats[k]);
        mismatch(r, name, "cortex-m", cats[k], a->recording_cat[k].bytes, num(t, i, cats[k]));
    }
    mismatch(r, name, "cortex-m", "scratch buffers", a->scratch_buffers,
             num(t, i, "scratch_buffers"));
    mismatch(r, name, "cortex-m", "planned buffers", a->planned_buffers,
             num(t, i, "planned_buffers"));
    /* The recording classes' cost, modelled: RecordingSingleArenaBufferAllocator (+16) and
     * RecordingMicroAllocator (+88), plus what the shift does to alignment. */
    int64_t extra = a->recording_tail - a->tail;
    if (extra < 96 || extra > 112)
        fail_msg("%s: the recording classes take %lld bytes", name, (long long)extra);
}

static void host64_row(const table *t, size_t i, const char *name, const ap_tflm_arena *a,
                       report *r, int *tally)
{
    (void)tally;
    mismatch(r, name, "host64", "head", a->head, num(t, i, "head_greedy"));
    mismatch(r, name, "host64", "recording tail", a->recording_tail, num(t, i, "tail"));
    mismatch(r, name, "host64", "recording total", a->recording_used, num(t, i, "total"));
    mismatch(r, name, "host64", "planned buffers", a->planned_buffers,
             num(t, i, "planned_buffers"));
    /* 32 + 176 bytes of recording classes, 16-aligned already: no padding changes. */
    mismatch(r, name, "host64", "recording extra", a->recording_tail - a->tail, 208);
}

static void min_arena_row(const table *t, size_t i, const char *name, const ap_tflm_arena *a,
                          report *r, int *above)
{
    mismatch(r, name, "host64", "plain arena_used_bytes", a->used, num(t, i, "used_bytes"));
    mismatch(r, name, "host64", "min_arena", a->min_arena, num(t, i, "min_arena"));
    /* Where the minimum exceeds what is used at the end, the temporary section during
     * planning decides; elsewhere the final head + tail (up to reused tail padding). */
    if (a->min_arena > a->used) {
        assert_int_equal(a->binding_phase, AP_TFLM_PHASE_PLAN);
        (*above)++;
    } else {
        assert_int_equal(a->binding_phase, AP_TFLM_PHASE_FINISH);
        assert_true(a->used - a->min_arena <= 8);
    }
}

static void test_cortex_m4(void **state)
{
    (void)state;
    against("corpus/reference/m4/heads_m4_reference.csv", "cortex-m", NULL, 34, m4_row, NULL);
}

/* TFLM with the CMSIS-NN kernels on the Cortex-M4 (m4/heads_m4_cmsis_nn.csv): the same
 * figures, every one exact, under both names of the set. */
static void test_cortex_m4_cmsis_nn(void **state)
{
    (void)state;
    against("corpus/reference/m4/heads_m4_cmsis_nn.csv", "cortex-m", "cmsis-nn", 34, m4_row,
            NULL);
    against("corpus/reference/m4/heads_m4_cmsis_nn.csv", "cortex-m", "cmsis-nn-m4", 34, m4_row,
            NULL);
}

static void test_host64(void **state)
{
    (void)state;
    against("corpus/reference/tflm_head_sizes.csv", "host64", NULL, 161, host64_row, NULL);
}

static void test_host64_min_arena(void **state)
{
    int above = 0;
    (void)state;
    against("corpus/reference/min_arena_host64.csv", "host64", NULL, 34, min_arena_row, &above);
    assert_int_equal(above, 14);
}

/* ---- The step that decides, worked examples ----------------------------------------------- */

static void test_worked_examples(void **state)
{
    (void)state;
    model md = model_load("hello_world_float");
    ap_tflm_arena a = arena_of(&md, "host64", -1);
    /* 1,216 used, 1,608 needed: the planning step's temporary section decides. */
    assert_int_equal(a.used, 1216);
    assert_int_equal(a.min_arena, 1608);
    assert_int_equal(a.binding_phase, AP_TFLM_PHASE_PLAN);
    assert_string_equal(ap_tflm_phase_name(a.binding_phase), "plan");
    /* 12 scratch-request slots (192) + 1 size_t + 10 AllocationInfo (320) + pad, then the
     * planner's 4 x 40 bytes from a 16-aligned start. */
    assert_int_equal(a.temp_peak, 688);
    assert_int_equal(a.binding_low, 688);
    model_free(&md);

    md = model_load("person_detect");
    a = arena_of(&md, "cortex-m", -1);
    assert_int_equal(a.head, 55296);
    assert_int_equal(a.tail, 26996);
    assert_int_equal(a.used, 82292);
    assert_int_equal(a.min_arena, 82296);
    assert_int_equal(a.min_arena_16, 82304);
    assert_int_equal(a.binding_phase, AP_TFLM_PHASE_FINISH);
    assert_int_equal(a.cat[AP_TFLM_EVAL_TENSOR].bytes, 1068);
    assert_int_equal(a.cat[AP_TFLM_EVAL_TENSOR].count, 89);
    assert_int_equal(a.cat[AP_TFLM_NODE_AND_REGISTRATION].count, 31);
    assert_int_equal(a.cat[AP_TFLM_PERSISTENT_BUFFER].bytes, 23836);
    assert_int_equal(a.other[AP_TFLM_OTHER_RUNTIME].bytes, 124);
    assert_int_equal(a.other[AP_TFLM_OTHER_PARAMS].bytes, 864);
    assert_int_equal(a.other[AP_TFLM_OTHER_SUBGRAPHS].bytes, 8);
    assert_int_equal(a.cat[AP_TFLM_OTHER].bytes, 996);

    /* Every allocation, listed: the tail's add up, in order, to the tail. */
    ap_tflm_item *it = NULL;
    size_t n = 0;
    ap_error err = {0};
    assert_int_equal(ap_tflm_arena_items(md.m, NULL, &it, &n, &err), AP_OK);
    int64_t bytes[AP_TFLM_CATEGORIES] = {0}, end = 0, temps = 0;
    for (size_t i = 0; i < n; i++) {
        if (it[i].section == AP_TFLM_TAIL) {
            bytes[it[i].category] += it[i].bytes;
            end += it[i].bytes;
            assert_int_equal(it[i].offset, end);
            assert_true(it[i].bytes >= it[i].requested);
        }
        temps += it[i].section == AP_TFLM_TEMP && it[i].phase == AP_TFLM_PHASE_PREPARE;
    }
    assert_int_equal(end, a.tail);
    for (int k = 0; k < AP_TFLM_CATEGORIES; k++)
        assert_int_equal(bytes[k], a.cat[k].bytes);
    assert_string_equal(it[0].what, "SingleArenaBufferAllocator");
    assert_int_equal(it[0].bytes, 36);
    assert_int_equal(it[0].other_part, AP_TFLM_OTHER_RUNTIME);
    assert_string_equal(it[n - 1].what, "zero points (TfLiteIntArray)");
    assert_int_equal(it[n - 1].tensor, 87); /* the output's quantization, last */
    /* The 31 operators' temporary TfLiteTensors and their quantization in Prepare: 7 per
     * (depthwise) convolution, 2 for the rest, 3 allocations each for these quantized ones. */
    assert_int_equal(temps, 606);
    free(it);
    assert_int_equal(ap_tflm_arena_items(md.m, &(ap_tflm_options){"riscv", NULL, -1, -1}, &it,
                                         &n, &err), AP_ERR_USAGE);
    assert_null(it);
    assert_int_equal(n, 0);
    model_free(&md);
}

/* ---- An embedded plan: the head shrinks, the tail does not ---------------------------------- */

static void test_embedded_plan(void **state)
{
    (void)state;
    model md = model_load("person_detect");
    ap_tflite_embed_options eo;
    ap_tflite_embed_result res;
    ap_error err = {0};
    ap_tflite_embed_options_init(&eo);
    eo.plan.strategy = "greedy";
    eo.build.overlap = AP_TFLM_OVERLAP_REFERENCE; /* a smaller head than TFLM's (overlap.md) */
    if (ap_tflite_embed(md.data, md.len, "person_detect", &eo, &res, &err) != AP_OK)
        fail_msg("%s", err.msg);
    const char *targets[] = {"cortex-m", "host64"};
    for (int k = 0; k < 2; k++) {
        ap_tflm_arena stock = arena_of(&md, targets[k], -1);
        ap_tflm_arena ours = arena_of(&md, targets[k], res.head);
        assert_int_equal(stock.head, 55296);
        assert_true(res.head < stock.head);
        assert_int_equal(ours.head, res.head);
        assert_int_equal(ours.tail, stock.tail);
        assert_int_equal(ours.used, res.head + stock.tail);
        assert_true(ours.min_arena <= stock.min_arena - (stock.head - res.head) + 16);
        /* The embedded model, planned by TFLM itself, honours the plan: the same figures. */
        ap_tfl_model *em = NULL;
        assert_int_equal(ap_tflite_read(res.data, res.len, &em, &err), AP_OK);
        model e = {res.data, res.len, em};
        ap_tflm_arena embedded = arena_of(&e, targets[k], -1);
        assert_int_equal(embedded.head, ours.head);
        assert_int_equal(embedded.tail, ours.tail);
        assert_int_equal(embedded.min_arena, ours.min_arena);
        ap_tflite_free(em);
    }
    ap_tflite_embed_result_free(&res);
    model_free(&md);
}

/* ---- Options, refusals ------------------------------------------------------------------------ */

static void test_options(void **state)
{
    (void)state;
    model md = model_load("hello_world_int8");
    ap_tflm_options o;
    ap_tflm_arena a, b;
    ap_error err = {0};

    /* NULL options: cortex-m, reference, TFLM's own head. */
    assert_int_equal(ap_tflm_arena_compute(md.m, NULL, &a, &err), AP_OK);
    assert_string_equal(a.target, "cortex-m");
    assert_string_equal(a.kernels, "reference");
    assert_int_equal(a.head, 32);
    assert_int_equal(a.recording_tail, 756);
    assert_int_equal(a.used, 676);

    /* "reference64" is "reference" on host64. */
    ap_tflm_options_init(&o);
    o.kernels = "reference64";
    assert_int_equal(ap_tflm_arena_compute(md.m, &o, &b, &err), AP_OK);
    assert_string_equal(b.target, "host64");
    assert_string_equal(b.kernels, "reference");
    assert_int_equal(b.recording_tail, 1360);
    assert_int_equal(b.used, 1184);
    assert_int_equal(b.min_arena, 1608);
    o.target = "cortex-m";
    assert_int_equal(ap_tflm_arena_compute(md.m, &o, &b, &err), AP_ERR_USAGE);
    assert_string_equal(err.msg, "kernel set \"reference64\" is \"reference\" on target host64, "
                                 "not on cortex-m");
    assert_int_equal(b.tail, 0);

    ap_tflm_options_init(&o);
    o.target = "riscv";
    assert_int_equal(ap_tflm_arena_compute(md.m, &o, &b, &err), AP_ERR_USAGE);
    assert_string_equal(err.msg, "unknown target \"riscv\" (known: cortex-m, host64)");
    ap_tflm_options_init(&o);
    o.kernels = "xtensa";
    assert_int_equal(ap_tflm_arena_compute(md.m, &o, &b, &err), AP_ERR_USAGE);
    assert_string_equal(err.msg, "unknown kernel set \"xtensa\" for TFLM's arena (known: "
                                 "reference, cmsis-nn, cmsis-nn-m4)");
    o.kernels = "none";
    assert_int_equal(ap_tflm_arena_compute(md.m, &o, &b, &err), AP_ERR_USAGE);
    /* CMSIS-NN is a Cortex-M build: its set names the cores it was measured on. */
    ap_tflm_options_init(&o);
    o.kernels = "cmsis-nn";
    assert_int_equal(ap_tflm_arena_compute(md.m, &o, &b, &err), AP_OK);
    assert_string_equal(b.kernels, "cmsis-nn");
    assert_string_equal(b.target, "cortex-m");
    assert_int_equal(b.recording_tail, 836); /* heads_m4_cmsis_nn.csv: 3 larger FC OpData */
    o.target = "host64";
    assert_int_equal(ap_tflm_arena_compute(md.m, &o, &b, &err), AP_ERR_USAGE);
    assert_string_equal(err.msg, "kernel set \"cmsis-nn\" is a Cortex-M build, not one for "
                                 "target host64");
    ap_tflm_options_init(&o);
    o.head = -2;
    assert_int_equal(ap_tflm_arena_compute(md.m, &o, &b, &err), AP_ERR_USAGE);
    assert_string_equal(err.msg, "a head of -2 bytes");

    /* A head given: only the head changes. */
    ap_tflm_options_init(&o);
    o.head = 1000;
    assert_int_equal(ap_tflm_arena_compute(md.m, &o, &b, &err), AP_OK);
    assert_int_equal(b.head, 1000);
    assert_int_equal(b.tail, a.tail);
    assert_int_equal(b.used, 1000 + a.tail);
    model_free(&md);

    /* Resource variables: the default capacity is one per VAR_HANDLE (2 here); none in the
     * arena takes away the object (16) and the slots (2 x 20 = 40, 48 aligned). */
    md = model_load("litert_call_once_mul");
    ap_tflm_options_init(&o);
    assert_int_equal(ap_tflm_arena_compute(md.m, &o, &a, &err), AP_OK);
    assert_int_equal(a.recording_tail, 832);
    o.resource_variables = 0;
    assert_int_equal(ap_tflm_arena_compute(md.m, &o, &b, &err), AP_OK);
    assert_int_equal(a.recording_tail - b.recording_tail, 64);
    assert_int_equal(a.cat[AP_TFLM_PERSISTENT_BUFFER].bytes - b.cat[AP_TFLM_PERSISTENT_BUFFER].bytes,
                     a.tail - b.tail);
    o.resource_variables = 1; /* one variable: enough */
    assert_int_equal(ap_tflm_arena_compute(md.m, &o, &b, &err), AP_OK);
    assert_int_equal(a.recording_tail - b.recording_tail, 16);
    o.resource_variables = -2;
    assert_int_equal(ap_tflm_arena_compute(md.m, &o, &b, &err), AP_ERR_USAGE);

    model_free(&md);
}

static void test_refused(void **state)
{
    (void)state;
    ap_tflm_arena a;
    ap_error err = {0};
    model md = model_load("person_detect_vela");
    assert_int_equal(ap_tflm_arena_compute(md.m, NULL, &a, &err), AP_ERR_INPUT);
    /* A stock build registers no ethos-u kernel (AddEthosU adds nothing): TFLM's refusal, as
     * measured (corpus/reference/m4/heads_m4_reference.csv). */
    assert_string_equal(err.msg, "TFLM has no kernel for ethos-u: this model cannot load on TFLM "
                                 "(subgraph 0 operator 0)");
    assert_int_equal(a.min_arena, -1);
    assert_int_equal(a.refusal.kind, AP_TFLM_NO_KERNEL);
    model_free(&md);
    md = model_load("litert_while_op_with_forwarding_input");
    assert_int_equal(ap_tflm_arena_compute(md.m, NULL, &a, &err), AP_ERR_INPUT);
    assert_contains(err.msg, "has type STRING, which TFLM cannot size");
    model_free(&md);
}

/* Models without operators, written with the tests' writer: n_tensors int8[1,16] tensors, the
 * first the input, the last the output (none: no inputs or outputs). */
static ap_tfl_model *zero_ops(int n_tensors, unsigned char **bytes)
{
    fbb_node *t[2];
    for (int k = 0; k < n_tensors; k++)
        t[k] = tfl_tensor(k ? "y" : "x", AP_TFL_INT8, fbb_ints(2, 1, 16), 0);
    fbb_node *tensors = n_tensors == 2 ? fbb_tables(2, t[0], t[1])
                      : n_tensors == 1 ? fbb_tables(1, t[0]) : fbb_tables(0);
    fbb_node *io_in = n_tensors ? fbb_ints(1, 0) : fbb_ints(0);
    fbb_node *io_out = n_tensors ? fbb_ints(1, n_tensors - 1) : fbb_ints(0);
    fbb_node *sg = tfl_subgraph(tensors, io_in, io_out, fbb_tables(0), NULL);
    size_t len;
    unsigned char *data = fbb_finish(tfl_model(fbb_tables(0), fbb_tables(1, sg),
                                               fbb_tables(1, tfl_buffer(NULL, 0)), NULL),
                                     &len);
    fbb_reset();
    ap_tfl_model *m = NULL;
    ap_error err = {0};
    if (ap_tflite_read(data, len, &m, &err) != AP_OK)
        fail_msg("%s", err.msg);
    *bytes = data; /* freed after the model */
    return m;
}

/* The real TFLM's minimum arenas of models with no operators (measured on x86-64 and under QEMU
 * for the Cortex-M4, reference and CMSIS-NN builds alike): none of them is the planner's room
 * alone, since its size_t of free bytes wraps (docs/arena.md). */
static void test_zero_operators(void **state)
{
    (void)state;
    static const struct {
        int tensors;
        int64_t host64, cortex_m;
    } rows[] = {{0, 448, 280}, {1, 560, 368}, {2, 648, 444}};
    static const char *const kernels[] = {"reference", "cmsis-nn"};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        unsigned char *bytes;
        ap_tfl_model *m = zero_ops(rows[i].tensors, &bytes);
        ap_tflm_options o;
        ap_tflm_arena a;
        ap_error err = {0};
        ap_tflm_options_init(&o);
        o.target = "host64";
        assert_int_equal(ap_tflm_arena_compute(m, &o, &a, &err), AP_OK);
        assert_int_equal(a.min_arena, rows[i].host64);
        for (int k = 0; k < 2; k++) {
            o.target = "cortex-m";
            o.kernels = kernels[k];
            assert_int_equal(ap_tflm_arena_compute(m, &o, &a, &err), AP_OK);
            assert_int_equal(a.min_arena, rows[i].cortex_m);
        }
        ap_tflite_free(m);
        free(bytes);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cortex_m4),       cmocka_unit_test(test_cortex_m4_cmsis_nn),
        cmocka_unit_test(test_host64),
        cmocka_unit_test(test_host64_min_arena), cmocka_unit_test(test_worked_examples),
        cmocka_unit_test(test_embedded_plan),   cmocka_unit_test(test_options),
        cmocka_unit_test(test_refused),         cmocka_unit_test(test_zero_operators),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
