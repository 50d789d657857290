/*
 * test_tflm_tables.c - the data behind TFLM's arena: struct layouts, the kernel tables and
 * their expression language.
 *   - every struct of the layout table has the size and alignment the compilers give it:
 *     the figures below were printed by arm-none-eabi-g++ 12 (-mcpu=cortex-m4
 *     -mfloat-abi=hard) and g++ 12 (x86-64) for the same field lists written as C++ classes,
 *     independently of the layout engine;
 *   - the engine follows the host compiler on synthetic structs (LP64 hosts);
 *   - every row of every kernel set's table is well formed, names what exists and parses on
 *     both targets; parsers, operators and fallbacks are where the rows say;
 *   - the expression language evaluates and refuses as documented.
 */
#include "tflm_kernels/expr.h"
#include "tflm_kernels/kernel_sets.h"
#include "tflm_kernels/layout.h"
#include "tflm_kernels/opcodes.h"
#include "tflm_kernels/rows.h"
#include "tflm_kernels/targets.h"
#include "testutil.h"
#include "test_tflite_fbb.h"

#include "arenaplan/export.h"
#include "arenaplan/tflite.h"

#define CORTEX_M (&ap__targets_table[AP__TARGET_CORTEX_M])
#define HOST64 (&ap__targets_table[AP__TARGET_HOST64])

typedef struct fixed_layout {
    const char *name;
    int64_t m_size, m_align, h_size, h_align; /* cortex-m, host64 */
} fixed_layout;

static const fixed_layout compiled[] = {
    {"TfLiteIntArray", 4, 4, 4, 4},
    {"TfLiteQuantizationParams", 8, 4, 8, 4},
    {"TfLiteQuantization", 8, 4, 16, 8},
    {"TfLiteAffineQuantization", 12, 4, 24, 8},
    {"TfLiteTensor", 32, 4, 64, 8},
    {"TfLiteEvalTensor", 12, 4, 24, 8},
    {"TfLiteNode", 28, 4, 56, 8},
    {"NodeAndRegistration", 32, 4, 64, 8},
    {"SubgraphAllocations", 8, 4, 16, 8},
    {"ScratchBufferHandle", 4, 4, 8, 8},
    {"ScratchBufferRequest", 12, 4, 16, 8},
    {"AllocationInfo", 24, 4, 32, 8},
    {"SingleArenaBufferAllocator", 36, 4, 72, 8},
    {"PersistentArenaBufferAllocator", 16, 4, 32, 8},
    {"NonPersistentArenaBufferAllocator", 32, 4, 56, 8},
    {"RecordingSingleArenaBufferAllocator", 52, 4, 104, 8},
    {"MicroAllocator", 36, 4, 72, 8},
    {"RecordedAllocation", 12, 4, 24, 8},
    {"RecordingMicroAllocator", 124, 4, 248, 8},
    {"MicroBuiltinDataAllocator", 8, 4, 16, 8},
    {"MicroResourceVariables", 12, 4, 16, 8},
    {"MicroResourceVariable", 20, 4, 40, 8},
    {"GreedyMemoryPlanner", 44, 4, 72, 8},
    {"GreedyPlannerPerBuffer", 40, 4, 40, 4},
    {"TfLitePaddingValues", 16, 4, 16, 4},
    {"TfLiteConvParams", 28, 4, 28, 4},
    {"TfLitePoolParams", 40, 4, 40, 4},
    {"TfLiteDepthwiseConvParams", 28, 4, 28, 4},
    {"TfLiteSVDFParams", 8, 4, 12, 4},
    {"TfLiteFullyConnectedParams", 5, 1, 16, 4},
    {"TfLiteSoftmaxParams", 4, 4, 4, 4},
    {"TfLiteConcatenationParams", 8, 4, 8, 4},
    {"TfLiteCumsumParams", 2, 1, 2, 1},
    {"TfLiteAddParams", 2, 1, 8, 4},
    {"TfLiteMulParams", 1, 1, 4, 4},
    {"TfLiteSubParams", 2, 1, 8, 4},
    {"TfLiteDivParams", 1, 1, 4, 4},
    {"TfLiteUnidirectionalSequenceLSTMParams", 16, 4, 16, 4},
    {"TfLiteResizeNearestNeighborParams", 2, 1, 2, 1},
    {"TfLiteReshapeParams", 36, 4, 36, 4},
    {"TfLiteCastParams", 2, 1, 8, 4},
    {"TfLiteGatherParams", 8, 4, 8, 4},
    {"TfLiteReducerParams", 1, 1, 1, 1},
    {"TfLiteSplitParams", 4, 4, 4, 4},
    {"TfLiteSqueezeParams", 36, 4, 36, 4},
    {"TfLiteStridedSliceParams", 24, 4, 24, 4},
    {"TfLiteTransposeConvParams", 16, 4, 20, 4},
    {"TfLiteShapeParams", 1, 1, 4, 4},
    {"TfLitePackParams", 8, 4, 8, 4},
    {"TfLiteLeakyReluParams", 4, 4, 4, 4},
    {"TfLiteIfParams", 8, 4, 8, 4},
    {"TfLiteWhileParams", 8, 4, 8, 4},
    {"TfLiteCallOnceParams", 4, 4, 4, 4},
    {"TfLiteVarHandleParams", 8, 4, 16, 8},
    {"TfLiteMirrorPaddingParams", 1, 1, 4, 4},
    {"TfLiteBatchMatMulParams", 3, 1, 3, 1},
    {"TfLiteDepthToSpaceParams", 4, 4, 4, 4},
    {"TfLiteSplitVParams", 4, 4, 4, 4},
    {"TfLiteUnpackParams", 8, 4, 8, 4},
    {"TfLiteSpaceToDepthParams", 4, 4, 4, 4},
    {"TfLiteResizeBilinearParams", 2, 1, 2, 1},
    {"TfLiteArgMaxParams", 1, 1, 4, 4},
    {"TfLiteArgMinParams", 1, 1, 4, 4},
    {"TfLiteL2NormParams", 1, 1, 4, 4},
    {"PaddingValues", 8, 2, 8, 2},
    {"QuantizationParams", 16, 8, 16, 8},
    {"DequantizationParams", 16, 8, 16, 8},
    {"ArithmeticParams", 104, 8, 104, 8},
    {"ActivationParams", 12, 4, 12, 4},
    {"ConcatenationParams", 24, 4, 40, 8},
    {"ComparisonParams", 32, 4, 32, 4},
    {"ConvParams", 56, 4, 56, 4},
    {"FullyConnectedParams", 40, 4, 40, 4},
    {"HardSwishParams", 20, 4, 20, 4},
    {"L2NormalizationParams", 4, 4, 4, 4},
    {"PadParams", 52, 4, 52, 4},
    {"PreluParams", 28, 4, 28, 4},
    {"ReluParams", 28, 4, 28, 4},
    {"SoftmaxParams", 56, 8, 80, 8},
    {"SpaceToBatchParams", 4, 4, 4, 4},
    {"StridedSliceParams", 84, 4, 84, 4},
    {"OpDataAdd", 60, 4, 60, 4},
    {"OpDataAddN", 40, 4, 40, 4},
    {"QuantizationOpDataBatchMatmul", 28, 4, 28, 4},
    {"OpDataBatchMatmul", 16, 4, 32, 8},
    {"OpDataCumsum", 36, 4, 36, 4},
    {"OpDataElu", 256, 1, 256, 1},
    {"OpDataEmbeddingLookup", 8, 4, 16, 8},
    {"OpDataSub", 52, 4, 52, 4},
    {"OpDataMul", 36, 4, 36, 4},
    {"OpDataDiv", 28, 4, 28, 4},
    {"OpDataConv", 56, 4, 72, 8},
    {"OpDataFullyConnected", 48, 4, 64, 8},
    {"OpDataPooling", 32, 4, 32, 4},
    {"OpDataPad", 56, 4, 56, 4},
    {"OpDataQuantizeReference", 32, 8, 32, 8},
    {"DequantizeOpData", 32, 8, 32, 8},
    {"LeakyReluOpData", 24, 4, 24, 4},
    {"OpDataLogistic", 16, 4, 16, 4},
    {"LogSoftmaxOpData", 28, 4, 40, 8},
    {"OpDataMirrorPad", 20, 4, 20, 4},
    {"OpDataConcatenation", 24, 4, 40, 8},
    {"OpDataComparison", 32, 4, 32, 4},
    {"OpDataAbsRsqrt", 28, 4, 28, 4},
    {"ReluOpData", 28, 4, 28, 4},
    {"Relu6OpData", 8, 4, 8, 4},
    {"OpDataTanh", 16, 4, 16, 4},
    {"OpDataSelect", 1, 1, 1, 1},
    {"OpDataSquaredDifference", 112, 8, 112, 8},
    {"OpDataTransposeConv", 72, 4, 80, 8},
    {"OpDataSvdf", 36, 4, 36, 4},
    {"OpDataReduce", 44, 4, 44, 4},
    {"OpDataWhile", 8, 4, 8, 4},
    {"OpDataIf", 8, 4, 8, 4},
    {"OpDataCallOnce", 8, 4, 8, 4},
    {"OpDataVarHandle", 4, 4, 4, 4},
    {"OpDataCircularBuffer", 8, 4, 8, 4},
    {"CenterSizeEncoding", 16, 4, 16, 4},
    {"OpDataDetectionPostProcess", 112, 4, 112, 4},
    {"DecodeState", 12, 4, 24, 8},
    {"DecodeStateLut", 36, 4, 72, 8},
    {"DecodeStatePrune", 40, 4, 80, 8},
    {"DecodeStateHuffman", 28, 4, 56, 8},
    {"LstmSizeInfo", 20, 4, 20, 4},
    {"CellStateInfo", 12, 4, 12, 4},
    {"GateParameters", 80, 4, 80, 4},
    {"InterGateParameters", 312, 8, 312, 8},
    {"OpDataLSTM", 688, 8, 688, 8},
    /* The CMSIS-NN kernels' structs: printed from the kernels' own definitions (their .cc files
       and CMSIS-NN 4ab83cc3's headers compiled with the same two compilers). */
    {"cmsis_nn_dims", 16, 4, 16, 4},
    {"CmsisNnBatchMatmulOpData", 36, 4, 56, 8},
    {"CmsisNnConvOpData", 60, 4, 80, 8},
    {"CmsisNnFullyConnectedOpData", 72, 4, 96, 8},
    {"CmsisNnPoolingOpData", 36, 4, 36, 4},
    {"CMSISNNSoftmaxParams", 64, 8, 88, 8},
    {"CmsisNnOpDataSvdf", 40, 4, 48, 8},
    {"CmsisNnOpDataSvdfSize", 44, 4, 48, 8},
    {"CmsisNnTransposeConvOpData", 76, 4, 88, 8},
    {"cmsis_nn_lstm_gate", 40, 4, 64, 8},
    {"cmsis_nn_lstm_params", 220, 4, 320, 8},
    {"CmsisNnLstmOpData", 912, 8, 1008, 8},
    {"TFLMSignalWindowParams", 8, 4, 8, 4},
    {"TfLiteAudioFrontendRfftParams", 32, 4, 48, 8},
    {"TfLitePcanParams", 4, 4, 4, 4},
    {"FilterbankConfig", 32, 4, 56, 8},
    {"TFLMSignalFilterBankParams", 36, 4, 64, 8},
    {"TFLMSignalLogParams", 8, 4, 8, 4},
    {"SpectralSubtractionConfig", 36, 4, 36, 4},
    {"TFLMSignalSpectralSubtractionParams", 44, 4, 56, 8},
    {"TFLMSignalEnergyParams", 8, 4, 8, 4},
    {"CircularBuffer", 24, 4, 40, 8},
    {"TFLMSignalFrontendDelayParams", 20, 4, 32, 8},
    {"TFLMSignalFramerParams", 28, 4, 40, 8},
    {"TfLiteAudioFrontendIrfftParams", 24, 4, 32, 8},
    {"IrfftFloatState", 8, 4, 16, 8},
    {"TFLMSignalOverlapAddParams", 24, 4, 32, 8},
    {"TFLMSignalStackerParams", 36, 4, 56, 8},
    {"kiss_fftr_state", 12, 4, 24, 8},
    {"kiss_fft_state_INT16", 268, 4, 268, 4},
    {"kiss_fft_state_INT32", 272, 4, 272, 4},
    {"kiss_fft_state_FLOAT32", 272, 4, 272, 4},
};

static void test_struct_table(void **state)
{
    (void)state;
    size_t n;
    const ap__struct_def *d = ap__layout_structs(&n);
    assert_int_equal(n, sizeof compiled / sizeof compiled[0]);
    for (size_t i = 0; i < n; i++) {
        ap__layout m, h;
        ap_error err = {0};
        assert_string_equal(d[i].name, compiled[i].name);
        assert_non_null(d[i].source);
        if (ap__layout_of(CORTEX_M, d[i].name, &m, &err) != AP_OK ||
            ap__layout_of(HOST64, d[i].name, &h, &err) != AP_OK)
            fail_msg("%s", err.msg);
        if (m.size != compiled[i].m_size || m.align != compiled[i].m_align ||
            h.size != compiled[i].h_size || h.align != compiled[i].h_align)
            fail_msg("%s: cortex-m %lld/%lld, host64 %lld/%lld; the compilers say %lld/%lld, "
                     "%lld/%lld", d[i].name, (long long)m.size, (long long)m.align,
                     (long long)h.size, (long long)h.align, (long long)compiled[i].m_size,
                     (long long)compiled[i].m_align, (long long)compiled[i].h_size,
                     (long long)compiled[i].h_align);
    }
}

static int64_t fields(const ap__target *t, const char *f)
{
    ap__layout l;
    ap_error err = {0};
    if (ap__layout_fields(t, f, &l, &err) != AP_OK)
        fail_msg("%s", err.msg);
    return l.size * 100 + l.align;
}

static void test_layout_engine(void **state)
{
    (void)state;
    const ap__target *h = HOST64, *m = CORTEX_M;
#if defined(__LP64__) && defined(__SIZEOF_POINTER__) && __SIZEOF_POINTER__ == 8
    /* The host compiler's own layouts (SysV LP64: the host64 rules). */
    struct s1 { int8_t a; double b; int16_t c; };
    struct s2 { void *a; int32_t b; };
    struct s3 { int16_t a[3]; int8_t b; };
    struct s5 { uint8_t a; size_t b[2]; _Bool c; };
    assert_int_equal(fields(h, "i8 f64 i16"), (int64_t)sizeof(struct s1) * 100 + _Alignof(struct s1));
    assert_int_equal(fields(h, "ptr i32"), (int64_t)sizeof(struct s2) * 100 + _Alignof(struct s2));
    assert_int_equal(fields(h, "i16[3] i8"), (int64_t)sizeof(struct s3) * 100 + _Alignof(struct s3));
    assert_int_equal(fields(h, "u8 size[2] bool"), (int64_t)sizeof(struct s5) * 100 + _Alignof(struct s5));
#endif
    /* The rules themselves. */
    assert_int_equal(fields(h, "i8 f64 i16"), 2408);
    assert_int_equal(fields(m, "i8 f64 i16"), 2408);       /* AAPCS: doubles 8-aligned */
    assert_int_equal(fields(m, "ptr size vptr"), 1204);
    assert_int_equal(fields(h, "ptr size vptr"), 2408);
    assert_int_equal(fields(m, "enum enum"), 201);          /* short enums */
    assert_int_equal(fields(h, "enum enum"), 804);
    assert_int_equal(fields(m, "enum32 enum"), 804);
    assert_int_equal(fields(m, "TfLiteIntArray i8"), 804);  /* nested: full size */
    /* A base class: fields continue in its tail padding (Itanium C++ ABI). */
    assert_int_equal(fields(h, ":GreedyMemoryPlanner i8"), 7208);
    assert_int_equal(fields(h, "GreedyMemoryPlanner i8"), 8008);
    ap__layout l;
    ap_error err = {0};
    assert_int_equal(ap__layout_fields(h, "i32 nosuch", &l, &err), AP_ERR_INVALID);
    assert_string_equal(err.msg, "struct (fields): unknown field kind 'nosuch'");
    assert_int_equal(ap__layout_fields(h, "i32 :TfLiteIntArray", &l, &err), AP_ERR_INVALID);
    assert_int_equal(ap__layout_fields(h, "i32[0]", &l, &err), AP_ERR_INVALID);
    assert_int_equal(ap__layout_of(h, "NoSuchStruct", &l, &err), AP_ERR_INVALID);
    assert_string_equal(err.msg, "no layout of NoSuchStruct in the struct table");
    assert_ptr_equal(ap__targets_find(NULL), CORTEX_M);
    assert_ptr_equal(ap__targets_find("host64"), HOST64);
    assert_null(ap__targets_find("cortex-a"));
}

/* The rows of op in t of kinds PERSIST and TEMP (what the whole arena replays), into out. */
static size_t allocations(const ap__ktable *t, int32_t op, const ap__krow **out, size_t cap)
{
    const ap__krow *r;
    size_t n, k = 0;
    if (!ap__rows_find(t, op, &r, &n))
        return 0;
    for (size_t j = 0; j < n; j++)
        if ((r[j].kind == AP__ROW_PERSIST || r[j].kind == AP__ROW_TEMP) && k < cap)
            out[k++] = &r[j];
    return k;
}

/* One table: well formed and parsing on both targets; its builtins' allocation rows have a
 * parser, its custom operators are opcodes.h's; PARSE rows in the root only. */
static void check_table(const ap__ktable *t)
{
    for (size_t k = 0; k < AP__TARGETS; k++) {
        ap_error err = {0};
        size_t bad = ap__rows_lint(t, &ap__targets_table[k], &err);
        if (bad)
            fail_msg("%s on %s: row %zu (%s): %s", t->name, ap__targets_table[k].name, bad - 1,
                     t->rows[bad - 1].src ? t->rows[bad - 1].src : "-", err.msg);
    }
    for (size_t k = 0; k < t->n_rows; k++) {
        const ap__krow *r = &t->rows[k], *first;
        size_t n;
        char row[128];
        snprintf(row, sizeof row, "%s row %zu (%s)", t->name, k, r->src ? r->src : "-");
        if (r->src)
            assert_non_null(strchr(r->src, ':')); /* file:line */
        else
            assert_true(r->kind == AP__ROW_DEF);
        if (r->op <= AP__OP_BEFORE_CUSTOM) {
            if (!ap_tfl_builtin_name(r->op))
                fail_msg("%s: not a builtin operator", row);
            ap__rows_find(t, r->op, &first, &n);
            /* The op resolver registers a parser for every builtin the arena models. */
            if (ap__rows_allocate(first, n) && !ap__rows_parser(t, r->op))
                fail_msg("%s: a builtin without a parser row", row);
        } else if (!ap__opcodes_custom_name(r->op)) {
            fail_msg("%s: an operator opcodes.h does not name", row);
        }
        if (r->kind == AP__ROW_PARSE && t->fallback)
            fail_msg("%s: a parser outside the root table", row);
    }
}

static void test_kernel_tables(void **state)
{
    (void)state;
    /* Every table a kernel set runs; each falls back to the reference table, or is it. */
    for (int id = 0; id < AP_TFLM_KERNELS_COUNT; id++) {
        const ap__ktable *t = ap__kernel_sets_of((ap_tflm_kernels)id)->table;
        assert_true(t->fallback == &ap__reference_table || t == &ap__reference_table ||
                    t->n_rows == 0);
        check_table(t);
    }
    /* The parsers: 100 builtins, each with its struct in the layout table and rows for its
       kernel's allocations. */
    const ap__ktable *ref = &ap__reference_table;
    size_t np = 0;
    for (size_t k = 0; k < ref->n_rows; k++) {
        const ap__krow *r = &ref->rows[k], *first;
        size_t n;
        ap__layout l;
        ap_error err = {0};
        if (r->kind != AP__ROW_PARSE)
            continue;
        np++;
        assert_ptr_equal(ap__rows_parser(ref, r->op), r);
        if (r->expr && (ap__layout_of(HOST64, r->expr, &l, &err) != AP_OK ||
                        ap__layout_of(CORTEX_M, r->expr, &l, &err) != AP_OK))
            fail_msg("parser %s: %s", ap_tfl_builtin_name(r->op), err.msg);
        ap__rows_find(ref, r->op, &first, &n);
        if (!ap__rows_allocate(first, n))
            fail_msg("parser %s: no kernel rows", ap_tfl_builtin_name(r->op));
    }
    assert_int_equal(np, 100);
    const ap__krow *a[16], *r;
    size_t n;
    assert_int_equal(allocations(ref, AP__OP_CONV_2D, a, 16), 10);
    assert_string_equal(a[0]->expr, "sizeof(OpDataConv)");
    /* ethos-u: rows for its scratch, none for the whole arena (no set registers it). */
    assert_int_equal(ap__rows_find(ref, AP__OP_ETHOS_U, &r, &n), 1);
    assert_false(ap__rows_allocate(r, n));
    assert_int_equal(ap__rows_find(ref, AP__OP_END, &r, &n), 0);
    assert_int_equal(n, 0);
    /* CMSIS-NN: its own rows where its kernels allocate differently, the reference ones
       elsewhere; both names of the set are one table. */
    const ap__ktable *cm = ap__kernel_sets_of(AP_TFLM_KERNELS_CMSIS_NN)->table;
    assert_string_equal(cm->name, "cmsis-nn");
    assert_ptr_equal(cm->fallback, ref);
    assert_ptr_equal(ap__kernel_sets_of(AP_TFLM_KERNELS_CMSIS_NN_M4)->table, cm);
    assert_int_equal(allocations(cm, AP__OP_CONV_2D, a, 16), 10);
    assert_string_equal(a[0]->expr, "sizeof(CmsisNnConvOpData)");
    assert_string_equal(a[4]->when, "type(in(0)) == INT8 || type(in(0)) == INT16");
    /* ADD: CMSIS-NN's own rows (its checks differ), the reference kernel's OpData */
    assert_int_equal(allocations(cm, AP__OP_ADD, a, 16), 4);
    assert_string_equal(a[0]->expr, "sizeof(OpDataAdd)");
    assert_true(a[0] >= cm->rows && a[0] < cm->rows + cm->n_rows);
    /* MUL: the reference rows */
    assert_true(ap__rows_find(cm, AP__OP_MUL, &r, &n) && r >= ref->rows &&
                r < ref->rows + ref->n_rows);
    assert_int_equal(ap__rows_find(cm, AP__OP_ETHOS_U, &r, &n), 1);
    assert_true(r >= ref->rows && r < ref->rows + ref->n_rows);
}

/* hello_world_int8: three FULLY_CONNECTED operators over int8 tensors. */
static ap_tfl_model *load_hello(unsigned char **data)
{
    size_t len;
    ap_tfl_model *m = NULL;
    ap_error err = {0};
    *data = (unsigned char *)read_text(src_path("corpus/models/tflm/hello_world_int8.tflite"), &len);
    assert_non_null(*data);
    assert_int_equal(ap_tflite_read(*data, len, &m, &err), AP_OK);
    return m;
}

static ap_status eval(const ap__xctx *c, const char *src, int64_t *v, ap_error *err)
{
    return ap__expr_eval(src, c, v, err);
}

static int64_t value(const ap__xctx *c, const char *src)
{
    int64_t v = -999;
    ap_error err = {0};
    if (eval(c, src, &v, &err) != AP_OK)
        fail_msg("%s: %s", src, err.msg);
    return v;
}

static void test_expressions(void **state)
{
    (void)state;
    unsigned char *data;
    ap_tfl_model *m = load_hello(&data);
    const ap_tfl_subgraph *g = &m->subgraphs[0];
    ap__xctx c = {.t = CORTEX_M, .m = m, .g = g, .op = &g->ops[0]};
    int64_t v;
    ap_error err = {0};

    /* Arithmetic, precedence, comparisons, logic. */
    assert_int_equal(value(&c, "1 + 2 * 3 - 4 / 2 % 3"), 5);
    assert_int_equal(value(&c, "-(2 + 3) * 2"), -10);
    assert_int_equal(value(&c, "3 < 4 && 4 <= 4 && 5 > 4 && (4 >= 5) == 0 && 1 != 2"), 1);
    assert_int_equal(value(&c, "!0 + !7"), 1);
    assert_int_equal(value(&c, "0 || 2"), 1);
    assert_int_equal(value(&c, "min(3, 9) + max(3, 9)"), 12);
    /* Target sizes. */
    assert_int_equal(value(&c, "ptr + size_t + enum"), 9);
    c.t = HOST64;
    assert_int_equal(value(&c, "ptr + size_t + enum"), 20);
    assert_int_equal(value(&c, "sizeof(TfLiteTensor) * 100 + alignof(TfLiteTensor)"), 6408);
    c.t = CORTEX_M;
    assert_int_equal(value(&c, "sizeof(OpDataFullyConnected)"), 48);
    /* The kernel set's build: nothing without one; the CMSIS-NN Cortex-M4 build has DSP. */
    assert_int_equal(value(&c, "dsp * 1000 + mve * 100 + armclang * 10 + speed"), 0);
    c.build = &ap__kernel_sets_of(AP_TFLM_KERNELS_CMSIS_NN)->build;
    assert_int_equal(value(&c, "dsp * 1000 + mve * 100 + armclang * 10 + speed"), 1001);
    assert_int_equal(value(&c, "0 && mve"), 0);
    c.build = NULL;
    /* The operator and its tensors: input [1,1] int8, filter [16,1], bias [16], output [1,16]. */
    assert_int_equal(value(&c, "n_in * 10 + n_out"), 31);
    assert_int_equal(value(&c, "in(0)"), g->ops[0].inputs[0]);
    assert_int_equal(value(&c, "in(3)"), -1);
    assert_int_equal(value(&c, "exists(in(2)) * 10 + exists(in(3))"), 10);
    assert_int_equal(value(&c, "type(in(0)) == INT8 && type(in(2)) == INT32"), 1);
    assert_int_equal(value(&c, "rank(in(1)) * 100 + dim(in(1), 0) * 10 + dim(in(1), 1)"), 361);
    assert_int_equal(value(&c, "elements(out(0))"), 16);
    assert_int_equal(value(&c, "scales(in(1)) * 10 + zero_points(in(1))"), 11);
    assert_int_equal(value(&c, "quantized(in(0)) + constant(in(1)) * 10 + variable(in(0)) * 100"),
                     11);
    /* Data and quantization: value() is the buffer's little-endian integers, sign-extended;
       TfLiteTensor's params (first scale and zero point); shapes. */
    assert_int_equal(value(&c, "value(in(1), 3) == (byte(in(1), 3) >= 128 ? byte(in(1), 3) - 256 "
                               ": byte(in(1), 3))"), 1);
    assert_int_equal(value(&c, "value(in(2), 1) == byte(in(2), 4) + 256 * byte(in(2), 5) + "
                               "65536 * byte(in(2), 6) + 16777216 * (byte(in(2), 7) >= 128 ? "
                               "byte(in(2), 7) - 256 : byte(in(2), 7))"), 1);
    assert_int_equal(value(&c, "zero_point(in(1)) * 10 + same_scale(in(0), in(0))"), 1);
    assert_int_equal(value(&c, "same_shape(in(1), in(1)) * 10 + same_shape(in(0), out(0))"), 10);
    assert_int_equal(value(&c, "dims_product(in(1), 0, 2) * 10 + dims_product(in(1), 1, 1)"), 161);
    /* QuantizeMultiplier(1.0) is 2^30 << 1, of 0.5 2^30 << 0 */
    assert_int_equal(value(&c, "multiplier_shift(in(0), in(0), 0) * 10 + "
                               "multiplier_shift(in(0), in(0), -1)"), 10);
    assert_int_equal(eval(&c, "value(in(0), 0)", &v, &err), AP_ERR_INPUT);
    assert_contains(err.msg, "a constant value the kernel reads is absent");
    assert_int_equal(eval(&c, "value(in(1), 16)", &v, &err), AP_ERR_INPUT);
    assert_contains(err.msg, "a constant value the kernel reads is absent");
    assert_int_equal(eval(&c, "dims_product(in(1), 0, 3)", &v, &err), AP_ERR_INPUT);
    assert_contains(err.msg, "a dimension past the tensor's rank");
    c.i = 7;
    assert_int_equal(value(&c, "i * 2"), 14);
    /* A constant's data bytes (the filter: 16 int8 weights), zero points, custom options. */
    const ap_tfl_tensor *filter = &g->tensors[g->ops[0].inputs[1]];
    assert_int_equal(value(&c, "byte(in(1), 15)"),
                     m->data[m->buffers[filter->buffer].data_pos + 15]);
    assert_int_equal(value(&c, "zero_points_nonzero(in(0)) * 10 + zero_points_nonzero(in(1))"),
                     10);
    assert_int_equal(value(&c, "copt_bytes"), 0);
    /* && and || do not evaluate what they skip. */
    assert_int_equal(value(&c, "exists(in(5)) && dim(in(5), 0) > 0"), 0);
    assert_int_equal(value(&c, "!exists(in(5)) || dim(in(5), 0) > 0"), 1);
    /* Quantization params, constant values, shapes, loops (input scale 0.02448, zero point
       -128; the filter's first value -9). */
    assert_int_equal(value(&c, "zero_point(in(0)) * 10 + zero_point(in(1))"), -1280);
    assert_int_equal(value(&c, "scale_cmp(in(0), 1, 40) * 10 + scale_cmp(in(0), 1, 41)"), -9);
    assert_int_equal(value(&c, "pot_scale(in(0)) * 10 + log2_scale(in(0))"), -5);
    assert_int_equal(value(&c, "value(in(1), 0) * 10 + value(in(2), 0)"), -90);
    assert_int_equal(value(&c, "same_shape(in(0), in(0)) * 10 + same_shape(in(1), in(2))"), 10);
    assert_int_equal(value(&c, "any(rank(in(1)), dim(in(1), j) == 1) * 10 + "
                               "any(rank(in(1)), dim(in(1), j) == 2)"), 10);
    assert_int_equal(value(&c, "any(0, dim(in(9), 0)) + any(3, j == 2 && any(2, j == 1) && "
                               "j == 2)"), 1);
    /* hello_world's first FULLY_CONNECTED has a fused RELU (1). */
    assert_int_equal(value(&c, "dcheck * 10 + n_squeeze_dims + align_corners + activation"), 1);
    c.t = HOST64;
    assert_int_equal(value(&c, "dcheck"), 1);
    c.t = CORTEX_M;

    /* Model faults: AP_ERR_INPUT, naming the expression. */
    assert_int_equal(eval(&c, "dim(in(5), 0)", &v, &err), AP_ERR_INPUT);
    assert_string_equal(err.msg, "a tensor the kernel reads is absent in \"dim(in(5), 0)\"");
    assert_int_equal(eval(&c, "dim(in(1), 2)", &v, &err), AP_ERR_INPUT);
    assert_contains(err.msg, "a dimension past the tensor's rank");
    assert_int_equal(eval(&c, "9223372036854775807 + 1", &v, &err), AP_ERR_INPUT);
    assert_contains(err.msg, "an overflow");
    assert_int_equal(eval(&c, "4 / (2 - 2)", &v, &err), AP_ERR_INPUT);
    assert_contains(err.msg, "a division by zero");
    assert_int_equal(eval(&c, "copt(\"fft_length\")", &v, &err), AP_ERR_INPUT);
    assert_contains(err.msg, "a custom option the kernel reads is missing");
    assert_int_equal(eval(&c, "byte(in(0), 0)", &v, &err), AP_ERR_INPUT);
    assert_contains(err.msg, "a tensor the kernel reads the data of holds none");
    assert_int_equal(eval(&c, "byte(in(1), 16)", &v, &err), AP_ERR_INPUT);
    assert_contains(err.msg, "a byte past the data of a tensor the kernel reads");
    assert_int_equal(eval(&c, "value(in(1), 16)", &v, &err), AP_ERR_INPUT);
    assert_contains(err.msg, "a constant value the kernel reads is absent");
    assert_int_equal(eval(&c, "value(in(0), 0)", &v, &err), AP_ERR_INPUT);
    assert_int_equal(eval(&c, "squeeze_dim(0)", &v, &err), AP_ERR_INPUT);
    /* Table faults: AP_ERR_INVALID. */
    static const char *const bad[] = {"1 +", "foo", "dim(in(0))", "sizeof(NoSuch)", "(1",
                                      "1 2", "nosuch(1)", "copt(fft)", "1 & 2", "",
                                      "9223372036854775808"};
    static const char *const why[] = {"a value expected", "an unknown name", "a wrong argument count",
                                      "an unknown struct", "')' expected", "trailing text",
                                      "an unknown function", "a quoted option name expected",
                                      "trailing text", "a value expected",
                                      "a number too large"};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        assert_int_equal(eval(&c, bad[k], &v, &err), AP_ERR_INVALID);
        assert_contains(err.msg, why[k]);
        assert_int_equal(ap__expr_check(bad[k], HOST64, &err), AP_ERR_INVALID);
    }
    assert_int_equal(ap__expr_check("dim(in(9), 4) + copt(\"x\")", HOST64, &err), AP_OK);
    /* a table's definition may not hide a name of the language (EXPAND_DIMS's "axis" once read
       the options' axis, 0, instead of its own) */
    const ap__xdef hides[] = {{"axis", "1"}}, own[] = {{"new_axis", "1"}};
    assert_int_equal(ap__expr_check_defs("new_axis + 1", HOST64, own, 1, &err), AP_OK);
    assert_int_equal(ap__expr_check_defs("axis + 1", HOST64, hides, 1, &err), AP_ERR_INVALID);
    assert_contains(err.msg, "the definition \"axis\" hides a name of the expression language");
    ap_tflite_free(m);
    free(data);
}

/* The operator code a line of tests/kernels/resolver_methods.txt names; -1: none. */
#define OP_NAME_ROW(name, code) {#name, code},
#define CUSTOM_ROW(name, text) {text, AP__OP_##name},
static int32_t op_named(const char *kind, const char *name)
{
    static const struct {
        const char *name;
        int32_t op;
    } builtins[] = {AP_TFL_BUILTINS(OP_NAME_ROW)}, customs[] = {AP__CUSTOM_OPS(CUSTOM_ROW)};
    int custom = strcmp(kind, "custom") == 0;
    size_t n = custom ? sizeof customs / sizeof customs[0] : sizeof builtins / sizeof builtins[0];
    for (size_t i = 0; i < n; i++)
        if (strcmp(custom ? customs[i].name : builtins[i].name, name) == 0)
            return custom ? customs[i].op : builtins[i].op;
    return -1;
}
#undef OP_NAME_ROW
#undef CUSTOM_ROW

/* The method ap_tflm_op_methods (embed --format c) names for a model of one operator `code`
 * (custom: the name), and its line. */
static void method_of(int32_t builtin, const char *custom, char *method, int *line)
{
    fbb_node *op = tfl_op(0, fbb_ints(0), fbb_ints(0), 0, NULL);
    fbb_node *sg = tfl_subgraph(fbb_tables(0), fbb_ints(0), fbb_ints(0), fbb_tables(1, op), NULL);
    size_t len, n = 0;
    unsigned char *data = fbb_finish(tfl_model(fbb_tables(1, tfl_opcode(builtin, custom)),
                                               fbb_tables(1, sg),
                                               fbb_tables(1, tfl_buffer(NULL, 0)), NULL),
                                     &len);
    fbb_reset();
    ap_tfl_model *m = NULL;
    ap_tflm_op_method *v = NULL;
    ap_error err = {0};
    if (ap_tflite_read(data, len, &m, &err) != AP_OK ||
        ap_tflm_op_methods(m, &v, &n, &err) != AP_OK)
        fail_msg("%s: %s", custom ? custom : ap_tfl_builtin_name(builtin), err.msg);
    assert_int_equal(n, 1);
    snprintf(method, 64, "%s", v[0].method);
    *line = v[0].line;
    free(v);
    ap_tflite_free(m);
    free(data);
}

/* Every registration of MicroMutableOpResolver at 90b983c2b (tests/kernels/resolver_methods.txt,
 * read from its header) is an operator TFLM has a kernel for, with rows for the whole arena in
 * every kernel set that has an arena (reference on cortex-m and host64, CMSIS-NN: its own rows
 * or the reference ones), a parser row for a builtin, and the method and line embed names; but
 * AddEthosU, which registers nothing in a stock build. And no operator outside the list has a
 * kernel (the tables' ap__opcodes_tflm_has). */
static void test_resolver_registrations(void **state)
{
    (void)state;
    char *text = read_text(src_path("tests/kernels/resolver_methods.txt"), NULL);
    assert_non_null(text);
    unsigned char listed[AP__OP_END - AP__OP_BEFORE_CUSTOM + 1] = {0};
    unsigned char listed_builtin[AP__OP_BEFORE_CUSTOM + 1] = {0};
    int rows = 0, customs = 0;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        char method[64], kind[16], name[64], got[64];
        int at, got_line;
        if (line[0] == '#')
            continue;
        if (sscanf(line, "%63s %d %15s %63s", method, &at, kind, name) != 4)
            fail_msg("resolver_methods.txt: malformed line \"%s\"", line);
        int32_t op = op_named(kind, name);
        if (op < 0)
            fail_msg("%s: no operator %s %s", method, kind, name);
        int custom = strcmp(kind, "custom") == 0;
        rows++;
        customs += custom;
        if (custom)
            listed[op - AP__OP_BEFORE_CUSTOM] = 1;
        else
            listed_builtin[op] = 1;
        ap_tfl_operator o = {0};
        o.builtin = custom ? AP_TFL_OP_CUSTOM : op;
        o.custom_code = custom ? name : NULL;
        int ethos = op == AP__OP_ETHOS_U;
        if (ap__opcodes_tflm_has(&o) != !ethos)
            fail_msg("%s: ap__opcodes_tflm_has says %d", method, ap__opcodes_tflm_has(&o));
        /* IF, WHILE, CALL_ONCE: a model needs options and subgraphs to call (not made here) */
        int calls = op == AP_TFL_OP_IF || op == AP_TFL_OP_WHILE || op == AP_TFL_OP_CALL_ONCE;
        if (!calls)
            method_of(o.builtin, o.custom_code, got, &got_line);
        if (!calls && (strcmp(got, method) || got_line != at))
            fail_msg("%s (line %d): embed names %s (line %d)", method, at, got, got_line);
        if (!custom && !ap__rows_parser(&ap__reference_table, op))
            fail_msg("%s: no PARSE row", method);
        for (int id = 0; id < AP_TFLM_KERNELS_COUNT; id++) {
            const ap__kernel_set *s = ap__kernel_sets_of((ap_tflm_kernels)id);
            const ap__krow *first;
            size_t n;
            if (!s->arena_name)
                continue; /* kernel set none: no arena */
            int found = ap__rows_find(s->table, op, &first, &n);
            if (ethos ? found && ap__rows_allocate(first, n)
                      : !found || !ap__rows_allocate(first, n))
                fail_msg("%s: kernel set %s %s rows for the whole arena", method, s->name,
                         ethos ? "has" : "has no");
        }
    }
    free(text);
    assert_int_equal(rows, 118);
    assert_int_equal(customs, 18);
    /* nothing else has a kernel: every other builtin code and custom operator is refused */
    for (int32_t code = 0; code <= AP__OP_BEFORE_CUSTOM; code++) {
        ap_tfl_operator o = {0};
        o.builtin = code;
        if (code != AP_TFL_OP_CUSTOM && !listed_builtin[code] && ap__opcodes_tflm_has(&o))
            fail_msg("builtin %d (%s) has a kernel but no method", code, ap_tfl_builtin_name(code));
    }
    for (int32_t op = AP__OP_BEFORE_CUSTOM + 1; op < AP__OP_END; op++)
        if (!listed[op - AP__OP_BEFORE_CUSTOM])
            fail_msg("custom operator %s has no method", ap__opcodes_custom_name(op));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_struct_table),
        cmocka_unit_test(test_layout_engine),
        cmocka_unit_test(test_kernel_tables),
        cmocka_unit_test(test_expressions),
        cmocka_unit_test(test_resolver_registrations),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
