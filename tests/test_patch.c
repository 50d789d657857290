/*
 * test_patch.c - patch-by-patch inference of a model's first layers (patch.h, docs/patch.md).
 *
 * What is checked:
 * - exactness: the original and the patched model, run by the tests' own int8 evaluation
 *   (patch_eval.h: TFLM's reference arithmetic, implicit padding skipped, PAD writing the zero
 *   point), give bit-identical prefix outputs on seeded random inputs: person_detect at several
 *   prefixes and grids, and generated chains (3x3 and 5x5 kernels, stride 2 SAME on odd and
 *   even sizes, dilation 2, depth multipliers, VALID pooling, non-zero zero points, per-channel
 *   scales) on grids 2x2, 3x1, 1x3, 2x3, 4x4; and chains of convolutions with int16
 *   activations (16x8) and in float32, every output byte equal;
 * - the copy: every input byte kept, the operators after the prefix and the weights' Buffers
 *   unchanged, the new operators only SLICE, PAD and CONCATENATION besides the chain's, its
 *   plan (best) proven by the checker, the figures exact;
 * - refusals: a prefix through RESHAPE, a pooling window on padding, impossible grids; the
 *   command's messages and exit codes for a global pooling, FULLY_CONNECTED and RESHAPE;
 * - the second goal: a VWW MobileNetV1-0.25 with a 96x96x3 input (generated:
 *   test_mobilenet_fbb.h) from a head of 55,296 bytes (73,728 with stock TFLM's greedy) to at
 *   most 32,768: operators 0-3 in a 4x4 grid with --overlap slices, +3.5% MACs.
 */
#include "arenaplan/patch.h"
#include "arenaplan/tflite.h"
#include "arenaplan/tflm.h"
#include "patch_eval.h"
#include "test_mobilenet_fbb.h"
#include "test_tflite_fbb.h"
#include "testutil.h"

/* ---- Seeded values ------------------------------------------------------------------------ */

static uint32_t rng_next(uint32_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 17;
    *s ^= *s << 5;
    return *s;
}

static int rng_in(uint32_t *s, int lo, int hi)
{
    return lo + (int)(rng_next(s) % (uint32_t)(hi - lo + 1));
}

/* ---- Generated chains --------------------------------------------------------------------- */

enum { CONV, DW, MAXP, AVGP };

typedef struct layer {
    int kind, k, s, d, valid, out; /* out: channels (CONV), multiplier (DW) */
    int act;
} layer;

typedef struct gen {
    fbb_node *t[64], *b[64], *op[16];
    int nt, nb, nop;
    uint32_t rng;
    float scale;     /* the last activation's quantization */
    int64_t zp;
    int type;        /* the activations' type: AP_TFL_INT8, INT16 (16x8) or FLOAT32 */
} gen;

static fbb_node *list(fbb_node **v, int n)
{
    fbb_node *x = fbb_new(FBB_TABLES);
    x->kids = calloc((size_t)n + 1, sizeof *x->kids);
    x->n = (size_t)n;
    memcpy(x->kids, v, (size_t)n * sizeof *v);
    return x;
}

/* An activation; same_q: its quantization the previous one's (TFLM's pooling wants it). */
static int act_tensor(gen *g, int h, int w, int c, int same_q)
{
    float scale = same_q ? g->scale : (float)rng_in(&g->rng, 10, 90) / 1000.0f;
    int64_t zp = same_q ? g->zp : rng_in(&g->rng, -20, 20);
    int type = g->type;
    if (type == AP_TFL_INT16) /* 16x8: symmetric activations */
        zp = 0, scale = same_q ? scale : scale / 256.0f;
    g->scale = scale, g->zp = zp;
    fbb_node *t = tfl_tensor("act", type, fbb_ints(4, 1, h, w, c), 0);
    if (type != AP_TFL_FLOAT32)
        fbb_ref(t, AP_TFL_F_TENSOR_QUANTIZATION, tfl_quantization(&scale, 1, &zp, 1, 0));
    g->t[g->nt] = t;
    return g->nt++;
}

/* Filter [co, k, k, ci] (conv) or [1, k, k, co] (depthwise), per-channel scales, and bias. */
static void weights(gen *g, int conv, int k, int ci, int co, int *f, int *b)
{
    size_t n = (size_t)(conv ? co * k * k * ci : k * k * co);
    int fl = g->type == AP_TFL_FLOAT32, i16 = g->type == AP_TFL_INT16;
    size_t wes = fl ? 4 : 1, bes = fl ? 4 : i16 ? 8 : 4;
    unsigned char *w = malloc(n * wes), *bias = malloc((size_t)co * bes);
    float scales[64];
    int64_t zps[64] = {0};
    for (size_t i = 0; i < n; i++) {
        int v = rng_in(&g->rng, -127, 127);
        if (fl) {
            float x = (float)v / 97.0f;
            memcpy(w + 4 * i, &x, 4);
        } else {
            w[i] = (unsigned char)(int8_t)v;
        }
    }
    for (int i = 0; i < co; i++) {
        scales[i] = (float)rng_in(&g->rng, 2, 40) / 1000.0f;
        int v = rng_in(&g->rng, -3000, 3000);
        if (fl) {
            float x = (float)v / 1000.0f;
            memcpy(bias + 4 * (size_t)i, &x, 4);
        } else if (i16) {
            int64_t x = (int64_t)v * 300;
            memcpy(bias + 8 * (size_t)i, &x, 8);
        } else {
            int32_t x = v;
            memcpy(bias + 4 * (size_t)i, &x, 4);
        }
    }
    g->b[g->nb] = tfl_buffer_aligned(w, n * wes);
    fbb_node *ft = tfl_tensor("filter", fl ? AP_TFL_FLOAT32 : AP_TFL_INT8,
                              conv ? fbb_ints(4, co, k, k, ci) : fbb_ints(4, 1, k, k, co),
                              (uint32_t)g->nb++);
    if (!fl)
        fbb_ref(ft, AP_TFL_F_TENSOR_QUANTIZATION,
                tfl_quantization(scales, (size_t)co, zps, (size_t)co, conv ? 0 : 3));
    g->t[*f = g->nt++] = ft;
    g->b[g->nb] = tfl_buffer_aligned(bias, (size_t)co * bes);
    g->t[*b = g->nt++] = tfl_tensor("bias", fl ? AP_TFL_FLOAT32 : i16 ? AP_TFL_INT64 : AP_TFL_INT32,
                                    fbb_ints(1, co), (uint32_t)g->nb++);
    free(w);
    free(bias);
}

static int out_size(int in, int k, int s, int d, int valid)
{
    int eff = (k - 1) * d + 1;
    return valid ? (in - eff + s) / s : (in + s - 1) / s;
}

static int add_layer(gen *g, int x, int *h, int *w, int *c, const layer *l)
{
    static const uint8_t opt_type[4] = {AP_TFL_OPT_CONV_2D, AP_TFL_OPT_DEPTHWISE_CONV_2D,
                                        AP_TFL_OPT_POOL_2D, AP_TFL_OPT_POOL_2D};
    int d = l->d ? l->d : 1, co = l->kind == CONV ? l->out : l->kind == DW ? *c * l->out : *c;
    int oh = out_size(*h, l->k, l->s, d, l->valid), ow = out_size(*w, l->k, l->s, d, l->valid);
    int f = -1, b = -1, y = act_tensor(g, oh, ow, co, l->kind == MAXP || l->kind == AVGP);
    fbb_node *o = fbb_table();
    fbb_scalar(o, 0, 1, (uint64_t)l->valid);
    fbb_scalar(o, 1, 4, (uint64_t)l->s);
    fbb_scalar(o, 2, 4, (uint64_t)l->s);
    if (l->kind == CONV || l->kind == DW) {
        weights(g, l->kind == CONV, l->k, *c, co, &f, &b);
        int dil = l->kind == CONV ? 4 : 5;
        if (l->kind == DW)
            fbb_scalar(o, 3, 4, (uint64_t)l->out);
        fbb_scalar(o, l->kind == CONV ? 3 : 4, 1, (uint64_t)l->act);
        fbb_scalar(o, (unsigned)dil, 4, (uint64_t)d);
        fbb_scalar(o, (unsigned)dil + 1, 4, (uint64_t)d);
        g->op[g->nop++] = tfl_op((uint32_t)l->kind, fbb_ints(3, x, f, b), fbb_ints(1, y),
                                 opt_type[l->kind], o);
    } else {
        fbb_scalar(o, 3, 4, (uint64_t)l->k);
        fbb_scalar(o, 4, 4, (uint64_t)l->k);
        fbb_scalar(o, 5, 1, (uint64_t)l->act);
        g->op[g->nop++] = tfl_op((uint32_t)l->kind, fbb_ints(1, x), fbb_ints(1, y),
                                 opt_type[l->kind], o);
    }
    *h = oh, *w = ow, *c = co;
    return y;
}

/* A chain model: input [1, h, w, c] int8, the layers in order. Opcodes 0 CONV_2D,
 * 1 DEPTHWISE_CONV_2D, 2 MAX_POOL_2D, 3 AVERAGE_POOL_2D. */
static unsigned char *gen_chain_of(int type, int h, int w, int c, const layer *l, int n,
                                   uint32_t seed, size_t *len)
{
    gen g;
    memset(&g, 0, sizeof g);
    g.rng = seed;
    g.type = type; /* FLOAT32 is 0 in the schema: always set */
    g.b[g.nb++] = tfl_buffer(NULL, 0);
    int in = act_tensor(&g, h, w, c, 0), x = in;
    for (int i = 0; i < n; i++)
        x = add_layer(&g, x, &h, &w, &c, &l[i]);
    fbb_node *sg = tfl_subgraph(list(g.t, g.nt), fbb_ints(1, in), fbb_ints(1, x),
                                list(g.op, g.nop), "main");
    fbb_node *model = tfl_model(fbb_tables(4, tfl_opcode(AP_TFL_OP_CONV_2D, NULL),
                                           tfl_opcode(AP_TFL_OP_DEPTHWISE_CONV_2D, NULL),
                                           tfl_opcode(AP_TFL_OP_MAX_POOL_2D, NULL),
                                           tfl_opcode(AP_TFL_OP_AVERAGE_POOL_2D, NULL)),
                                fbb_tables(1, sg), list(g.b, g.nb), NULL);
    unsigned char *d = fbb_finish(model, len);
    fbb_reset();
    return d;
}

static unsigned char *gen_chain(int h, int w, int c, const layer *l, int n, uint32_t seed,
                                size_t *len)
{
    return gen_chain_of(AP_TFL_INT8, h, w, c, l, n, seed, len);
}

/* ---- The exactness check ------------------------------------------------------------------ */

/* Patches data at (last, rows x cols), runs both models on `seeds` random inputs and asserts
 * the prefix's output identical; plans the copy with best through the checker. Returns the
 * info. */
static ap_patch_info patched_equal(const unsigned char *data, size_t len, uint32_t last,
                                   uint32_t rows, uint32_t cols, int seeds)
{
    ap_patch_spec sp = {last, rows, cols};
    ap_patch_info info;
    unsigned char *out = NULL;
    size_t out_len = 0;
    ap_error err = {0};
    ap_tfl_model *a = NULL, *b = NULL;
    if (ap_tflite_patch_rewrite(data, len, &sp, &out, &out_len, &info, &err) != AP_OK)
        fail_msg("patch %u %ux%u: %s", last, rows, cols, err.msg);
    assert_int_equal(ap_tflite_read(data, len, &a, &err), AP_OK);
    assert_int_equal(ap_tflite_read(out, out_len, &b, &err), AP_OK);
    /* every byte of the input kept, at the end of the copy */
    assert_true(out_len > len && memcmp(out + out_len - len, data, len) == 0);
    assert_int_equal((out_len - len) % 16, 0);
    const ap_tfl_subgraph *ga = &a->subgraphs[0], *gb = &b->subgraphs[0];
    uint32_t nb = last + 1 + info.ops_added;
    assert_int_equal(gb->n_ops, ga->n_ops + info.ops_added);
    for (uint32_t k = 0; k < nb; k++) {
        int32_t op = gb->ops[k].builtin;
        assert_true(op == AP_TFL_OP_SLICE || op == AP_TFL_OP_PAD ||
                    op == AP_TFL_OP_CONCATENATION || op == AP_TFL_OP_CONV_2D || op == AP_TFL_OP_DEPTHWISE_CONV_2D ||
                    op == AP_TFL_OP_MAX_POOL_2D || op == AP_TFL_OP_AVERAGE_POOL_2D);
        if (op == AP_TFL_OP_CONV_2D || op == AP_TFL_OP_DEPTHWISE_CONV_2D)
            assert_int_equal(gb->tensors[gb->ops[k].inputs[1]].buffer,
                             ga->tensors[gb->ops[k].inputs[1]].buffer); /* weights shared */
    }
    for (uint32_t k = last + 1; k < ga->n_ops; k++)
        assert_int_equal(gb->ops[k - last - 1 + nb].table_pos, ga->ops[k].table_pos + (out_len - len));
    int32_t y = ga->ops[last].outputs[0], x = ga->inputs[0];
    int type = ga->tensors[x].type;
    size_t nx = (size_t)ga->tensors[x].elements, ny = (size_t)ga->tensors[y].bytes;
    int8_t *in = malloc(nx * 4);
    for (int s = 0; s < seeds; s++) {
        uint32_t r = 0x9e3779b9u * (uint32_t)(s + 1) + last * 131 + rows * 7 + cols;
        for (size_t i = 0; i < nx; i++) {
            int v = rng_in(&r, -32768, 32767);
            if (type == AP_TFL_FLOAT32) {
                float fv = (float)v / 8192.0f;
                memcpy(in + 4 * i, &fv, 4);
            } else if (type == AP_TFL_INT16) {
                int16_t iv = (int16_t)v;
                memcpy(in + 2 * i, &iv, 2);
            } else {
                in[i] = (int8_t)(v >> 8);
            }
        }
        ev_model ea, eb;
        ev_run(&ea, a, in, last + 1);
        ev_run(&eb, b, in, nb);
        assert_false(ea.failed || eb.failed);
        assert_non_null(eb.v[y]);
        if (memcmp(ea.v[y], eb.v[y], ny) != 0) {
            size_t i = 0;
            while (ea.v[y][i] == eb.v[y][i])
                i++;
            fail_msg("patch %u %ux%u seed %d: output byte %zu is %d, not %d", last, rows, cols,
                     s, i, eb.v[y][i], ea.v[y][i]);
        }
        ev_free(&ea);
        ev_free(&eb);
    }
    free(in);
    /* the copy's plan, proven */
    ap_tflite_build_options bo;
    ap_problem *p = NULL;
    ap_plan plan = {0};
    ap_tflite_build_options_init(&bo);
    assert_int_equal(ap_tflite_build_problem(b, &bo, &p, &err), AP_OK);
    int64_t head = plan_checked(p, "best", &plan);
    assert_true(head > 0);
    ap_plan_free(&plan);
    ap_problem_free(p);
    ap_tflite_free(a);
    ap_tflite_free(b);
    free(out);
    return info;
}

static void person_detect_exact(void **state)
{
    (void)state;
    unsigned char *data;
    size_t len;
    ap_error err = {0};
    assert_int_equal(ap_read_file(corpus_model("person_detect"), (size_t)1 << 26, &data,
                                  &len, &err), AP_OK);
    static const uint32_t cases[][3] = {{3, 2, 2}, {3, 3, 1}, {7, 4, 4}, {7, 2, 2}, {7, 1, 3},
                                        {13, 3, 3}, {0, 2, 5}};
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++)
        patched_equal(data, len, cases[k][0], cases[k][1], cases[k][2], 3);
    free(data);
}

static void generated_chains_exact(void **state)
{
    (void)state;
    static const layer a[] = {{CONV, 3, 2, 1, 0, 8, 3}, {DW, 3, 1, 1, 0, 1, 3},
                              {CONV, 1, 1, 1, 0, 12, 0}, {DW, 5, 2, 1, 0, 1, 1}};
    static const layer b[] = {{CONV, 5, 1, 2, 0, 4, 1}, {DW, 3, 2, 1, 0, 2, 3},
                              {MAXP, 2, 2, 1, 1, 0, 0}, {CONV, 3, 1, 1, 1, 6, 0}};
    static const layer c[] = {{DW, 3, 2, 1, 0, 4, 3}, {CONV, 3, 2, 1, 0, 6, 0},
                              {AVGP, 3, 1, 1, 1, 0, 0}, {CONV, 1, 1, 1, 0, 3, 3}};
    static const struct {
        const layer *l;
        int h, w, c, last;
    } models[] = {{a, 15, 13, 3, 3}, {a, 16, 18, 3, 3}, {a, 15, 13, 3, 1}, {b, 16, 16, 2, 3},
                  {b, 17, 15, 2, 1}, {c, 17, 20, 1, 2}, {c, 24, 24, 1, 1}};
    static const uint32_t grids[][2] = {{2, 2}, {3, 1}, {1, 3}, {2, 3}, {4, 4}};
    for (size_t k = 0; k < sizeof models / sizeof *models; k++) {
        size_t len;
        unsigned char *d = gen_chain(models[k].h, models[k].w, models[k].c, models[k].l, 4,
                                     (uint32_t)(k + 1) * 2654435761u, &len);
        ap_tfl_model *m = NULL;
        ap_error err = {0};
        assert_int_equal(ap_tflite_read(d, len, &m, &err), AP_OK);
        const ap_tfl_tensor *y = &m->subgraphs[0].tensors[m->subgraphs[0].ops[models[k].last].outputs[0]];
        for (size_t g = 0; g < sizeof grids / sizeof *grids; g++)
            if ((int32_t)grids[g][0] <= y->shape[1] && (int32_t)grids[g][1] <= y->shape[2])
                patched_equal(d, len, (uint32_t)models[k].last, grids[g][0], grids[g][1], 3);
        ap_tflite_free(m);
        free(d);
    }
}

/* int16 (16x8) and float32 chains: bit-identical too (docs/patch.md: PAD writes 0 and 0.0;
 * each padded tap adds 0 to the integer sum, +-0.0 to the float one, in the same order). The
 * evaluator checks every prefix output byte; a non-trivial output is asserted (not all one
 * value). */
static void wide_types_exact(void **state)
{
    (void)state;
    static const layer a[] = {{CONV, 3, 2, 1, 0, 8, 3}, {DW, 3, 1, 1, 0, 1, 3},
                              {CONV, 1, 1, 1, 0, 12, 0}, {DW, 5, 2, 1, 0, 1, 1}};
    static const layer b[] = {{CONV, 5, 1, 2, 0, 4, 1}, {DW, 3, 2, 1, 0, 2, 3},
                              {CONV, 3, 1, 1, 1, 6, 0}, {DW, 3, 2, 1, 0, 1, 0}};
    static const int types[] = {AP_TFL_INT16, AP_TFL_FLOAT32};
    static const struct {
        const layer *l;
        int h, w, c, last;
    } models[] = {{a, 15, 13, 3, 3}, {a, 16, 18, 3, 3}, {b, 17, 15, 2, 3}, {b, 16, 16, 2, 1}};
    static const uint32_t grids[][2] = {{2, 2}, {3, 1}, {1, 3}, {2, 3}};
    for (size_t t = 0; t < 2; t++)
        for (size_t k = 0; k < sizeof models / sizeof *models; k++) {
            size_t len;
            unsigned char *d = gen_chain_of(types[t], models[k].h, models[k].w, models[k].c,
                                            models[k].l, 4, (uint32_t)(k + 7) * 2654435761u, &len);
            ap_tfl_model *m = NULL;
            ap_error err = {0};
            assert_int_equal(ap_tflite_read(d, len, &m, &err), AP_OK);
            const ap_tfl_subgraph *sg = &m->subgraphs[0];
            const ap_tfl_tensor *y = &sg->tensors[sg->ops[models[k].last].outputs[0]];
            assert_int_equal(y->type, types[t]);
            /* the evaluated output is not one value everywhere */
            ev_model e;
            uint32_t r = 12345;
            size_t nx = (size_t)sg->tensors[sg->inputs[0]].bytes;
            int8_t *in = malloc(nx);
            for (size_t i = 0; i < nx; i++)
                in[i] = (int8_t)rng_in(&r, -128, 127);
            if (types[t] == AP_TFL_FLOAT32)
                for (size_t i = 0; i < nx / 4; i++) {
                    float fv = (float)rng_in(&r, -9999, 9999) / 4096.0f;
                    memcpy(in + 4 * i, &fv, 4);
                }
            ev_run(&e, m, in, (uint32_t)models[k].last + 1);
            assert_false(e.failed);
            size_t es = types[t] == AP_TFL_FLOAT32 ? 4 : 2, differ = 0;
            for (size_t i = 1; i < (size_t)y->elements; i++)
                differ += memcmp(e.v[sg->ops[models[k].last].outputs[0]] + i * es,
                                 e.v[sg->ops[models[k].last].outputs[0]], es) != 0;
            assert_true(differ > 0);
            ev_free(&e);
            free(in);
            for (size_t g = 0; g < sizeof grids / sizeof *grids; g++)
                if ((int32_t)grids[g][0] <= y->shape[1] && (int32_t)grids[g][1] <= y->shape[2])
                    patched_equal(d, len, (uint32_t)models[k].last, grids[g][0], grids[g][1], 3);
            ap_tflite_free(m);
            free(d);
        }
}

/* The figures of two person_detect patches, exactly. */
static void person_detect_figures(void **state)
{
    (void)state;
    unsigned char *data;
    size_t len;
    ap_error err = {0};
    assert_int_equal(ap_read_file(corpus_model("person_detect"), (size_t)1 << 26, &data, &len,
                                  &err), AP_OK);
    ap_patch_info a = patched_equal(data, len, 3, 2, 2, 1);
    assert_int_equal(a.ops_added, 29);
    assert_int_equal(a.tensors_added, 43);
    assert_int_equal(a.buffers_added, 14);
    assert_int_equal(a.pads, 10);
    assert_int_equal(a.macs_model, 7160192);
    assert_int_equal(a.macs_prefix, 709632);
    assert_int_equal(a.macs_patched, 750416);
    assert_int_equal(a.flash_added, 8288);
    ap_patch_info b = patched_equal(data, len, 7, 4, 4, 1);
    assert_int_equal(b.ops_added, 186);
    assert_int_equal(b.tensors_added, 219);
    assert_int_equal(b.buffers_added, 33);
    assert_int_equal(b.pads, 45);
    assert_int_equal(b.macs_prefix, 1801728);
    assert_int_equal(b.macs_patched, 3069504);
    assert_int_equal(b.flash_added, 38432);
    uint32_t last;
    char why[256];
    ap_tfl_model *m = NULL;
    assert_int_equal(ap_tflite_read(data, len, &m, &err), AP_OK);
    assert_int_equal(ap_tflite_patch_chain(m, &last, why, sizeof why, &err), AP_OK);
    assert_int_equal(last, 28);
    assert_string_equal(why, "operator 29 (RESHAPE) is not one patch computes tile by tile "
                             "(CONV_2D, DEPTHWISE_CONV_2D, AVERAGE_POOL_2D, MAX_POOL_2D)");
    ap_tflite_free(m);
    free(data);
}

static void refuse(const unsigned char *d, size_t len, uint32_t last, uint32_t rows,
                   uint32_t cols, ap_status want, const char *msg)
{
    ap_patch_spec sp = {last, rows, cols};
    unsigned char *out = (unsigned char *)"untouched";
    size_t out_len = 1;
    ap_error err = {0};
    assert_int_equal(ap_tflite_patch_rewrite(d, len, &sp, &out, &out_len, NULL, &err), want);
    assert_null(out);
    assert_int_equal(out_len, 0);
    assert_string_equal(err.msg, msg);
}

static void refusals(void **state)
{
    (void)state;
    unsigned char *data;
    size_t len;
    ap_error err = {0};
    assert_int_equal(ap_read_file(corpus_model("person_detect"), (size_t)1 << 26, &data, &len,
                                  &err), AP_OK);
    refuse(data, len, 29, 2, 2, AP_ERR_INPUT,
           "the prefix cannot reach operator 29 (RESHAPE): operator 29 (RESHAPE) is not one "
           "patch computes tile by tile (CONV_2D, DEPTHWISE_CONV_2D, AVERAGE_POOL_2D, "
           "MAX_POOL_2D)");
    refuse(data, len, 27, 2, 1, AP_ERR_USAGE, "grid 2x1: operator 27's output is 1x1");
    refuse(data, len, 7, 1, 1, AP_ERR_USAGE, "grid 1x1: rows and columns from 1 to 10, not "
           "both 1 (TFLM's CONCATENATION takes at most 10 inputs)");
    refuse(data, len, 7, 11, 1, AP_ERR_USAGE, "grid 11x1: rows and columns from 1 to 10, not "
           "both 1 (TFLM's CONCATENATION takes at most 10 inputs)");
    refuse(data, len, 31, 2, 1, AP_ERR_USAGE, "operator 31: subgraph 0 has 31 operators");
    free(data);
    /* an average pool on padding, and a chain that starts with it */
    static const layer l[] = {{CONV, 3, 2, 1, 0, 4, 0}, {AVGP, 3, 1, 1, 0, 0, 0}};
    unsigned char *d = gen_chain(12, 12, 2, l, 2, 7, &len);
    refuse(d, len, 1, 2, 2, AP_ERR_INPUT, "the prefix cannot reach operator 1 (AVERAGE_POOL_2D): "
           "operator 1 (AVERAGE_POOL_2D) pads the map: a pooling window on padding cannot be "
           "reproduced with PAD (the average counts only the taps inside the image)");
    free(d);
    d = gen_chain(12, 12, 2, l + 1, 1, 7, &len);
    refuse(d, len, 0, 2, 2, AP_ERR_INPUT, "nothing to patch: operator 0 (AVERAGE_POOL_2D) pads "
           "the map: a pooling window on padding cannot be reproduced with PAD (the average "
           "counts only the taps inside the image)");
    free(d);
}

/* `arenaplan patch`'s refusals, word for word, exit 2 and no file. */
static void command_refusals(void **state)
{
    (void)state;
    const char *out = tmp_path("patch_refused.tflite");
    char pd[4096], want[8192];
    snprintf(pd, sizeof pd, "%s", src_path("corpus/models/tflm/person_detect.tflite"));
    static const struct {
        const char *model, *until, *grid, *msg;
    } cases[] = {
        /* person_detect's 3x3 average pool of a 3x3 map: a global pooling */
        {NULL, "27", NULL, "operator 27 (AVERAGE_POOL_2D): its output is 1x1, which no grid of 2 "
                           "tiles or more cuts: every element of it reads the whole map (a global "
                           "pooling)"},
        {NULL, "27", "2x2", "grid 2x2: operator 27's output is 1x1"},
        {NULL, "29", NULL, "the prefix cannot reach operator 29 (RESHAPE): operator 29 (RESHAPE) "
                           "is not one patch computes tile by tile (CONV_2D, DEPTHWISE_CONV_2D, "
                           "AVERAGE_POOL_2D, MAX_POOL_2D)"},
        {"corpus/models/tflm/hello_world_int8.tflite", NULL, NULL,
         "nothing to patch: operator 0 (FULLY_CONNECTED) is not one patch computes tile by tile "
         "(CONV_2D, DEPTHWISE_CONV_2D, AVERAGE_POOL_2D, MAX_POOL_2D)"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        char model[4096];
        snprintf(model, sizeof model, "%s", cases[k].model ? src_path(cases[k].model) : pd);
        remove(out);
        run_result r = run_cli("patch", model, "-o", out, cases[k].until ? "--until" : NULL,
                               cases[k].until, cases[k].grid ? "--grid" : NULL, cases[k].grid,
                               NULL);
        assert_int_equal(r.status, 2);
        snprintf(want, sizeof want, "arenaplan: %s: %s\n", model, cases[k].msg);
        assert_string_equal(r.err, want);
        assert_string_equal(r.out, "");
        assert_false(file_exists(out));
        run_free(&r);
    }
}

/* A search that finds no copy with a smaller whole arena writes nothing and exits 1 (seanet's
 * conv0: the new operators' tail outweighs the head the tiles save, 10,936 -> 11,536 at best on
 * cortex-m); a grid and a prefix both given are written as asked, with the note. */
static void command_no_saving(void **state)
{
    (void)state;
    const char *out = tmp_path("patch_no_saving.tflite");
    char model[4096], want[8192];
    snprintf(model, sizeof model, "%s", src_path("corpus/models/seanet/conv0.tflite"));
    static const struct {
        const char *opt, *val, *what;
    } cases[] = {{NULL, NULL, "grid and prefix"}, {"--grid", "1x2", "prefix"},
                 {"--until", "0", "grid"}};
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        remove(out);
        run_result r = run_cli("patch", model, "-o", out, cases[k].opt, cases[k].val, NULL);
        assert_int_equal(r.status, 1);
        snprintf(want, sizeof want, "arenaplan: %s: no %s shrinks TFLM's whole arena (10936 "
                 "bytes; at best 11536): nothing written (give --grid and --until both to write "
                 "that copy all the same)\n", model, cases[k].what);
        assert_string_equal(r.err, want);
        assert_non_null(strstr(r.out, "arena        TFLM's whole arena on cortex-m: 10936 -> "
                                      "11536 bytes"));
        assert_null(strstr(r.out, "wrote"));
        assert_false(file_exists(out));
        run_free(&r);
    }
    run_result r = run_cli("patch", model, "-o", out, "--grid", "1x2", "--until", "0", NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.err, "");
    assert_non_null(strstr(r.out, "note         patching does not shrink the whole arena here"));
    assert_non_null(strstr(r.out, "wrote        "));
    assert_true(file_exists(out));
    run_free(&r);
    remove(out);
}

/* The generated VWW model (96x96x3 int8: 27,648 bytes of input, live whole at the first step):
 * head 55,296 bytes at best (the lower bound), 73,728 with stock TFLM. Operators 0-3 in a 4x4
 * grid reach 38,992 with the reference overlap rules, 31,968 with --overlap slices (tiles and
 * bands in the input's dead rows): the goal, at most 32,768; +263,520 MACs (+3.5%). */
static void vww_head_goal(void **state)
{
    (void)state;
    size_t len;
    unsigned char *d = mobilenet_025_q(3, 1, &len);
    ap_patch_info i = patched_equal(d, len, 3, 4, 4, 1);
    assert_int_equal(i.macs_model, 7491968);
    assert_int_equal(i.macs_prefix, 1041408);
    assert_int_equal(i.macs_patched - i.macs_prefix, 263520);
    assert_int_equal(i.ops_added, 107);
    assert_int_equal(i.pads, 26);
    ap_tflite_patch_options o;
    ap_tflite_patch_output r;
    ap_error err = {0};
    ap_tflite_patch_options_init(&o);
    o.spec.last = 3, o.spec.rows = 4, o.spec.cols = 4;
    o.overlap = AP_TFLM_OVERLAP_REFERENCE;
    assert_int_equal(ap_tflite_patch(d, len, "vww", &o, &r, &err), AP_OK);
    assert_int_equal(r.head_before, 73728);
    assert_int_equal(r.arena_before, 100728);
    assert_int_equal(r.head_after, 38992);
    ap_tflite_patch_output_free(&r);
    o.overlap = AP_TFLM_OVERLAP_SLICES;
    assert_int_equal(ap_tflite_patch(d, len, "vww", &o, &r, &err), AP_OK);
    assert_int_equal(r.head_after, 31968);
    assert_true(r.head_after <= 32768);
    assert_int_equal(r.arena_after, 77216);
    assert_int_equal(r.tail_after, 45236);
    /* the copy's plan under its rules, proven by the checker: no plan of best does better */
    ap_tfl_model *m = NULL;
    ap_tflite_build_options bo;
    ap_problem *p = NULL;
    ap_plan plan = {0};
    assert_int_equal(ap_tflite_read(r.data, r.len, &m, &err), AP_OK);
    ap_tflite_build_options_init(&bo);
    bo.overlap = AP_TFLM_OVERLAP_SLICES;
    bo.ignore_offline = 1;
    assert_int_equal(ap_tflite_build_problem(m, &bo, &p, &err), AP_OK);
    assert_int_equal(ap_problem_validate(p, &err), AP_OK);
    assert_int_equal(plan_checked(p, "best", &plan), 31968);
    ap_plan_free(&plan);
    ap_problem_free(p);
    ap_tflite_free(m);
    ap_tflite_patch_output_free(&r);
    free(d);
}

/* person_detect's goal (a head of at most 24,576 bytes): operators 0-3 in a 5x1 grid with
 * --overlap slices, 20,176 (24,608 at 2x2 with reference), +79,872 MACs (+1.1%). */
static void person_detect_head_goal(void **state)
{
    (void)state;
    unsigned char *data;
    size_t len;
    ap_error err = {0};
    ap_tflite_patch_options o;
    ap_tflite_patch_output r;
    assert_int_equal(ap_read_file(corpus_model("person_detect"), (size_t)1 << 26, &data, &len,
                                  &err), AP_OK);
    ap_tflite_patch_options_init(&o);
    o.spec.last = 3, o.spec.rows = 2, o.spec.cols = 2;
    o.overlap = AP_TFLM_OVERLAP_REFERENCE;
    assert_int_equal(ap_tflite_patch(data, len, "pd", &o, &r, &err), AP_OK);
    assert_int_equal(r.head_after, 24608);
    assert_int_equal(r.arena_after, 56068);
    ap_tflite_patch_output_free(&r);
    o.spec.rows = 5, o.spec.cols = 1;
    o.overlap = AP_TFLM_OVERLAP_SLICES;
    assert_int_equal(ap_tflite_patch(data, len, "pd", &o, &r, &err), AP_OK);
    assert_int_equal(r.head_after, 20176);
    assert_int_equal(r.arena_after, 52968);
    assert_int_equal(r.info.macs_patched - r.info.macs_prefix, 79872);
    ap_tflite_patch_output_free(&r);
    free(data);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(person_detect_exact),
        cmocka_unit_test(generated_chains_exact),
        cmocka_unit_test(wide_types_exact),
        cmocka_unit_test(person_detect_figures),
        cmocka_unit_test(refusals),
        cmocka_unit_test(command_refusals),
        cmocka_unit_test(command_no_saving),
        cmocka_unit_test(vww_head_goal),
        cmocka_unit_test(person_detect_head_goal),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
