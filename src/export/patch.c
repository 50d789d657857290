/*
 * patch.c - patch-by-patch inference of a model's first layers: the chain, the receptive
 * field of each tile, the operators that compute it (ap_tflite_patch_chain,
 * ap_tflite_patch_rewrite in patch.h; docs/patch.md). patch_write.c writes the result.
 *
 * The receptive field runs backwards through the chain with TFLM's padding arithmetic
 * (ComputePaddingHeightWidth, tflm_kernels/padding.c): output rows [a, b) of an operator with
 * stride s, effective kernel e = (k - 1) * d + 1 and leading padding p read input rows
 * [a * s - p, (b - 1) * s - p + e). The part outside [0, in) is the padding TFLM's kernel
 * would have applied there: a PAD adds exactly it, and the operator then runs VALID on the
 * padded tile, whose VALID output has b - a rows. The clamped rows are what the previous
 * operator's tile must hold; at the chain's start, what the SLICE cuts from the input.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/patch.h"
#include "arenaplan/schema.h"
#include "arenaplan/tflm_arena.h"
#include "core/util.h"
#include "export/patch.h"
#include "export/patch_write.h"
#include "tflm_kernels/padding.h"

#define MAX_CHAIN 256

/* One operator of the chain, its geometry. */
typedef struct link {
    const ap_tfl_operator *op;
    int32_t in_t, out_t;
    int64_t ih, iw, ic, oh, ow, oc;
    int64_t kh, kw, sh, sw, dh, dw, ph, pw; /* ph, pw: TFLM's leading padding */
    int64_t per_out;                         /* MACs per output element */
} link;

static const ap_tfl_tensor *tensor(const ap_tfl_model *m, int32_t t)
{
    return t >= 0 && (uint32_t)t < m->subgraphs[0].n_tensors ? &m->subgraphs[0].tensors[t]
                                                              : NULL;
}

static int nhwc1(const ap_tfl_tensor *t)
{
    return t && t->rank == 4 && t->shape[0] == 1 && !t->is_constant && !t->is_variable &&
           (t->type == AP_TFL_INT8 || t->type == AP_TFL_INT16 || t->type == AP_TFL_FLOAT32);
}

static int spatial(int32_t b)
{
    return b == AP_TFL_OP_CONV_2D || b == AP_TFL_OP_DEPTHWISE_CONV_2D ||
           b == AP_TFL_OP_AVERAGE_POOL_2D || b == AP_TFL_OP_MAX_POOL_2D;
}

/* The kernel's size and MACs per output element; 0 when the weights are not what TFLM takes. */
static int kernel_of(const ap_tfl_model *m, const ap_tfl_operator *op, link *l)
{
    if (op->builtin == AP_TFL_OP_AVERAGE_POOL_2D || op->builtin == AP_TFL_OP_MAX_POOL_2D) {
        l->kh = op->opt.filter_h, l->kw = op->opt.filter_w;
        l->dh = l->dw = 1;
        l->per_out = l->kh * l->kw;
        return op->options_type == AP_TFL_OPT_POOL_2D && op->n_inputs == 1;
    }
    const ap_tfl_tensor *f = op->n_inputs >= 2 ? tensor(m, op->inputs[1]) : NULL;
    const ap_tfl_tensor *b = op->n_inputs >= 3 ? tensor(m, op->inputs[2]) : NULL;
    if (!f || !f->is_constant || f->rank != 4 || (b && !b->is_constant) || op->n_inputs > 3)
        return 0;
    l->kh = f->shape[1], l->kw = f->shape[2];
    l->dh = op->opt.dilation_h, l->dw = op->opt.dilation_w;
    int conv = op->builtin == AP_TFL_OP_CONV_2D;
    l->per_out = l->kh * l->kw * (conv ? f->shape[3] : 1);
    return op->options_type == (conv ? AP_TFL_OPT_CONV_2D : AP_TFL_OPT_DEPTHWISE_CONV_2D);
}

/* Operator k as a link of the chain, or 0 with the reason in why. */
static int link_of(const ap_tfl_model *m, uint32_t k, link *l, char *why, size_t cap)
{
    const ap_tfl_operator *op = &m->subgraphs[0].ops[k];
    const ap_tfl_tensor *in, *out;
    int64_t oh, ow;
    memset(l, 0, sizeof *l);
    l->op = op;
    if (!spatial(op->builtin)) {
        snprintf(why, cap, "operator %u (%s) is not one patch computes tile by tile (CONV_2D, "
                 "DEPTHWISE_CONV_2D, AVERAGE_POOL_2D, MAX_POOL_2D)", k, op->name);
        return 0;
    }
    in = op->n_inputs ? tensor(m, op->inputs[0]) : NULL;
    out = op->n_outputs == 1 ? tensor(m, op->outputs[0]) : NULL;
    if (!nhwc1(in) || !nhwc1(out) || in->type != out->type || op->options2_type ||
        op->n_intermediates || op->custom_options_pos || !kernel_of(m, op, l)) {
        snprintf(why, cap, "operator %u (%s): its tensors are not what patch takes (one NHWC "
                 "input and output of batch 1, INT8, INT16 or FLOAT32, constant weights)", k,
                 op->name);
        return 0;
    }
    l->in_t = op->inputs[0], l->out_t = op->outputs[0];
    l->ih = in->shape[1], l->iw = in->shape[2], l->ic = in->shape[3];
    l->oh = out->shape[1], l->ow = out->shape[2], l->oc = out->shape[3];
    l->sh = op->opt.stride_h, l->sw = op->opt.stride_w;
    if (!ap__padding_of(op->opt.padding, l->ih, l->kh, l->sh, l->dh, &oh, &l->ph) ||
        !ap__padding_of(op->opt.padding, l->iw, l->kw, l->sw, l->dw, &ow, &l->pw) ||
        oh != l->oh || ow != l->ow) {
        snprintf(why, cap, "operator %u (%s): its output is not the size TFLM computes", k,
                 op->name);
        return 0;
    }
    int64_t th = (l->oh - 1) * l->sh + (l->kh - 1) * l->dh + 1 - l->ih;
    int64_t tw = (l->ow - 1) * l->sw + (l->kw - 1) * l->dw + 1 - l->iw;
    if ((op->builtin == AP_TFL_OP_AVERAGE_POOL_2D || op->builtin == AP_TFL_OP_MAX_POOL_2D) &&
        (th > 0 || tw > 0)) {
        snprintf(why, cap, "operator %u (%s) pads the map: a pooling window on padding cannot "
                 "be reproduced with PAD (the average counts only the taps inside the image)",
                 k, op->name);
        return 0;
    }
    return 1;
}

/* How many operators read tensor t (each input slot counts), plus 1 for a subgraph output. */
static uint32_t readers(const ap_tfl_subgraph *s, int32_t t)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < s->n_ops; i++)
        for (uint32_t j = 0; j < s->ops[i].n_inputs; j++)
            n += s->ops[i].inputs[j] == t;
    for (uint32_t j = 0; j < s->n_outputs; j++)
        n += s->outputs[j] == t;
    return n;
}

/* The chain's links 0 .. *n - 1 (at most max). */
static ap_status chain(const ap_tfl_model *m, link *l, uint32_t max, uint32_t *n, char *why,
                       size_t cap, ap_error *err)
{
    char w[256];
    const ap_tfl_subgraph *s = m->n_subgraphs ? &m->subgraphs[0] : NULL;
    *n = 0;
    if (!s || !s->n_ops)
        return ap_error_set(err, AP_ERR_INPUT, "the model has no operator to patch");
    if (!link_of(m, 0, &l[0], w, sizeof w))
        return ap_error_set(err, AP_ERR_INPUT, "nothing to patch: %s", w);
    *n = 1;
    snprintf(w, sizeof w, "operator %u is the last", s->n_ops - 1);
    while (*n < max && *n < s->n_ops) {
        if (readers(s, l[*n - 1].out_t) != 1 || s->ops[*n].n_inputs == 0 ||
            s->ops[*n].inputs[0] != l[*n - 1].out_t) {
            snprintf(w, sizeof w, "operator %u (%s) does not continue the chain: operator %u's "
                     "output is not read by it alone", *n, s->ops[*n].name, *n - 1);
            break;
        }
        if (!link_of(m, *n, &l[*n], w, sizeof w))
            break;
        (*n)++;
    }
    if (why && cap)
        snprintf(why, cap, "%s", w);
    return AP_OK;
}

ap_status ap_tflite_patch_chain(const ap_tfl_model *m, uint32_t *last, char *why, size_t cap,
                                ap_error *err)
{
    link l[MAX_CHAIN];
    uint32_t n;
    ap_status st = chain(m, l, MAX_CHAIN, &n, why, cap, err);
    *last = n ? n - 1 : 0;
    return st;
}

/* ---- The graph of the patched prefix ------------------------------------------------------ */

typedef struct builder {
    const ap_tfl_model *m;
    ap__pw_graph g;
    int32_t *dead;         /* tensor slots the prefix leaves unused */
    uint32_t n_dead, used_dead;
    int32_t *buf_tensor;   /* per new buffer: its tensor */
    int nomem;
} builder;

static void *grow(builder *b, void *p, uint32_t *cap, uint32_t need, size_t size)
{
    size_t c = *cap;
    void *np = b->nomem ? NULL : ap__grow(p, &c, need, size);
    if (!np) {
        b->nomem = 1;
        return p;
    }
    *cap = (uint32_t)c;
    return np;
}

static int32_t add_tensor(builder *b, int64_t h, int64_t w, int64_t c, int32_t like,
                          const char *name)
{
    ap__pw_graph *g = &b->g;
    const ap_tfl_tensor *lt = tensor(b->m, like);
    g->t = grow(b, g->t, &g->capt, g->nt + 1, sizeof *g->t);
    if (b->nomem)
        return -1;
    ap__pw_tensor *t = &g->t[g->nt++];
    memset(t, 0, sizeof *t);
    t->index = b->used_dead < b->n_dead ? (uint32_t)b->dead[b->used_dead++] : g->n_tensors++;
    t->shape[0] = 1, t->shape[1] = (int32_t)h, t->shape[2] = (int32_t)w, t->shape[3] = (int32_t)c;
    t->rank = 4;
    t->type = lt->type;
    t->like = like;
    snprintf(t->name, sizeof t->name, "%s", name);
    return (int32_t)t->index;
}

/* A constant int32 tensor [d0] or [d0, d1] of n words, shared with an equal one. */
static int32_t add_const(builder *b, const int32_t *v, uint32_t n, int32_t d0, int32_t d1)
{
    ap__pw_graph *g = &b->g;
    for (uint32_t k = 0; k < g->nb; k++)
        if (g->b[k].n == n && memcmp(g->b[k].w, v, n * sizeof *v) == 0 &&
            g->t[b->buf_tensor[k]].shape[0] == d0)
            return (int32_t)g->t[b->buf_tensor[k]].index;
    uint32_t capb = g->capb;
    g->b = grow(b, g->b, &g->capb, g->nb + 1, sizeof *g->b);
    b->buf_tensor = grow(b, b->buf_tensor, &capb, g->nb + 1, sizeof *b->buf_tensor);
    g->t = grow(b, g->t, &g->capt, g->nt + 1, sizeof *g->t);
    if (b->nomem)
        return -1;
    memcpy(g->b[g->nb].w, v, n * sizeof *v);
    g->b[g->nb].n = n;
    ap__pw_tensor *t = &g->t[g->nt];
    memset(t, 0, sizeof *t);
    t->index = g->n_tensors++;
    t->shape[0] = d0, t->shape[1] = d1, t->rank = d1 ? 2 : 1;
    t->type = AP_TFL_INT32;
    t->like = -1;
    t->buffer = b->m->n_buffers + g->nb;
    snprintf(t->name, sizeof t->name, "patch/%s%u", d1 ? "paddings" : "slice", g->nb);
    b->buf_tensor[g->nb++] = (int32_t)g->nt++;
    return (int32_t)t->index;
}

static void add_op(builder *b, int32_t builtin, int32_t like, const int32_t *in, uint32_t n_in,
                   int32_t out, int32_t axis)
{
    ap__pw_graph *g = &b->g;
    g->ops = grow(b, g->ops, &g->capops, g->nops + 1, sizeof *g->ops);
    if (b->nomem)
        return;
    ap__pw_op *o = &g->ops[g->nops++];
    memset(o, 0, sizeof *o);
    o->builtin = builtin, o->like = like, o->out = out, o->axis = axis, o->n_in = n_in;
    memcpy(o->in, in, n_in * sizeof *in);
}

/* Rows (or columns) [a, b) an operator's output tile reads, clamped to [0, in), and the padding
 * beyond each end. */
typedef struct span {
    int64_t a, b, pa, pb;
} span;

static span back(int64_t oa, int64_t ob, int64_t s, int64_t k, int64_t d, int64_t lead,
                 int64_t in)
{
    int64_t a = oa * s - lead, e = (ob - 1) * s - lead + (k - 1) * d + 1;
    span r = {a < 0 ? 0 : a, e > in ? in : e, a < 0 ? -a : 0, e > in ? e - in : 0};
    return r;
}

/* One tile: SLICE, then per link PAD (where needed) and the operator. Its last tensor. */
static int32_t tile(builder *b, const link *l, uint32_t n, span y, span x, unsigned r,
                    unsigned c, int64_t *macs, uint32_t *pads)
{
    span ys[MAX_CHAIN + 1], xs[MAX_CHAIN + 1];
    char name[80];
    ys[n] = y, xs[n] = x;
    for (uint32_t k = n; k-- > 0;) {
        ys[k] = back(ys[k + 1].a, ys[k + 1].b, l[k].sh, l[k].kh, l[k].dh, l[k].ph, l[k].ih);
        xs[k] = back(xs[k + 1].a, xs[k + 1].b, l[k].sw, l[k].kw, l[k].dw, l[k].pw, l[k].iw);
    }
    int32_t begin[4] = {0, (int32_t)ys[0].a, (int32_t)xs[0].a, 0};
    int32_t size[4] = {1, (int32_t)(ys[0].b - ys[0].a), (int32_t)(xs[0].b - xs[0].a),
                       (int32_t)l[0].ic};
    snprintf(name, sizeof name, "patch/r%uc%u/slice", r, c);
    int32_t cur = add_tensor(b, size[1], size[2], size[3], l[0].in_t, name);
    int32_t in[4] = {l[0].in_t, add_const(b, begin, 4, 4, 0), add_const(b, size, 4, 4, 0)};
    add_op(b, AP_TFL_OP_SLICE, -1, in, 3, cur, 0);
    for (uint32_t k = 0; k < n && !b->nomem; k++) {
        span py = ys[k], px = xs[k];
        if (py.pa || py.pb || px.pa || px.pb) {
            int32_t p[8] = {0, 0, (int32_t)py.pa, (int32_t)py.pb, (int32_t)px.pa,
                            (int32_t)px.pb, 0, 0};
            snprintf(name, sizeof name, "patch/r%uc%u/pad%u", r, c, k);
            int32_t pin[2] = {cur, add_const(b, p, 8, 4, 2)};
            cur = add_tensor(b, py.b - py.a + py.pa + py.pb, px.b - px.a + px.pa + px.pb,
                             l[k].ic, l[k].in_t, name);
            add_op(b, AP_TFL_OP_PAD, -1, pin, 2, cur, 0);
            (*pads)++;
        }
        const ap_tfl_operator *op = l[k].op;
        int32_t oin[3] = {cur, op->n_inputs > 1 ? op->inputs[1] : -1,
                          op->n_inputs > 2 ? op->inputs[2] : -1};
        int64_t th = ys[k + 1].b - ys[k + 1].a, tw = xs[k + 1].b - xs[k + 1].a;
        snprintf(name, sizeof name, "patch/r%uc%u/op%u", r, c, k);
        cur = k + 1 == n ? -1 : add_tensor(b, th, tw, l[k].oc, l[k].out_t, name);
        if (k + 1 == n) {
            snprintf(name, sizeof name, "patch/r%uc%u", r, c);
            cur = add_tensor(b, th, tw, l[k].oc, l[k].out_t, name);
        }
        add_op(b, 0, (int32_t)op->index, oin, op->n_inputs, cur, 0);
        *macs += th * tw * l[k].oc * l[k].per_out;
    }
    return cur;
}

/* The tiles and their assembly: per row band the tiles, then their CONCATENATION along the
 * width; the bands' along the height into the prefix's output. */
static void build(builder *b, const link *l, uint32_t n, const ap_patch_spec *sp,
                  ap_patch_info *info)
{
    const link *z = &l[n - 1];
    int32_t bands[AP_PATCH_MAX_GRID], tiles[AP_PATCH_MAX_GRID];
    char name[80];
    for (unsigned r = 0; r < sp->rows && !b->nomem; r++) {
        span y = {z->oh * r / sp->rows, z->oh * (r + 1) / sp->rows, 0, 0};
        for (unsigned c = 0; c < sp->cols && !b->nomem; c++) {
            span x = {z->ow * c / sp->cols, z->ow * (c + 1) / sp->cols, 0, 0};
            tiles[c] = tile(b, l, n, y, x, r, c, &info->macs_patched, &info->pads);
        }
        bands[r] = tiles[0];
        if (sp->cols > 1) {
            snprintf(name, sizeof name, "patch/r%u", r);
            bands[r] = sp->rows == 1 ? z->out_t
                                     : add_tensor(b, y.b - y.a, z->ow, z->oc, z->out_t, name);
            add_op(b, AP_TFL_OP_CONCATENATION, -1, tiles, sp->cols, bands[r], 2);
        }
    }
    if (sp->rows > 1)
        add_op(b, AP_TFL_OP_CONCATENATION, -1, bands, sp->rows, z->out_t, 1);
}

/* ---- Figures and the public calls --------------------------------------------------------- */

static int64_t op_macs(const ap_tfl_model *m, const ap_tfl_operator *op)
{
    const ap_tfl_tensor *out = op->n_outputs ? tensor(m, op->outputs[0]) : NULL;
    const ap_tfl_tensor *f = op->n_inputs > 1 ? tensor(m, op->inputs[1]) : NULL;
    if (!out)
        return 0;
    switch (op->builtin) {
    case AP_TFL_OP_CONV_2D:
        return f && f->rank == 4 ? out->elements * f->shape[1] * f->shape[2] * f->shape[3] : 0;
    case AP_TFL_OP_DEPTHWISE_CONV_2D:
        return f && f->rank == 4 ? out->elements * f->shape[1] * f->shape[2] : 0;
    case AP_TFL_OP_AVERAGE_POOL_2D:
    case AP_TFL_OP_MAX_POOL_2D:
        return out->elements * op->opt.filter_h * op->opt.filter_w;
    case AP_TFL_OP_FULLY_CONNECTED:
        return f && f->rank >= 1 ? out->elements * f->shape[f->rank - 1] : 0;
    default:
        return 0;
    }
}

static ap_status check_spec(const ap_tfl_model *m, const link *l, uint32_t n,
                            const ap_patch_spec *sp, const char *why, ap_error *err)
{
    const ap_tfl_subgraph *s = &m->subgraphs[0];
    if (sp->last >= s->n_ops)
        return ap_error_set(err, AP_ERR_USAGE, "operator %u: subgraph 0 has %u operators",
                            sp->last, s->n_ops);
    if (sp->last >= n)
        return ap_error_set(err, AP_ERR_INPUT, "the prefix cannot reach operator %u (%s): %s",
                            sp->last, s->ops[sp->last].name, why);
    const link *z = &l[sp->last];
    if (sp->rows < 1 || sp->cols < 1 || sp->rows > AP_PATCH_MAX_GRID ||
        sp->cols > AP_PATCH_MAX_GRID || (sp->rows == 1 && sp->cols == 1))
        return ap_error_set(err, AP_ERR_USAGE, "grid %ux%u: rows and columns from 1 to %d, "
                            "not both 1 (TFLM's CONCATENATION takes at most %d inputs)",
                            sp->rows, sp->cols, AP_PATCH_MAX_GRID, AP_PATCH_MAX_GRID);
    if (sp->rows > z->oh || sp->cols > z->ow)
        return ap_error_set(err, AP_ERR_USAGE, "grid %ux%u: operator %u's output is %lldx%lld",
                            sp->rows, sp->cols, sp->last, (long long)z->oh, (long long)z->ow);
    return AP_OK;
}

/* The copy read back: it must load in TFLM (reference kernels, the target's tables), as the
 * input must (orig 1: a refusal is the input's, not the patcher's). */
static ap_status verify(const unsigned char *data, size_t len, int orig, ap_error *err)
{
    ap_tfl_model *m = NULL;
    ap_tflm_arena a;
    ap_error e = {AP_OK, ""};
    ap_status st = ap_tflite_read(data, len, &m, &e);
    if (st == AP_OK)
        st = ap_tflm_arena_compute(m, NULL, &a, &e);
    ap_tflite_free(m);
    if (st == AP_OK || st == AP_ERR_NOMEM)
        return st == AP_OK ? AP_OK : ap_error_set(err, st, "%s", e.msg);
    if (orig)
        return ap_error_set(err, AP_ERR_INPUT, "not patched: the model itself does not load in "
                            "TFLM: %s", e.msg);
    return ap_error_set(err, AP_ERR_INVALID, "internal error: the patched model would not load "
                        "in TFLM: %s", e.msg);
}

static ap_status rewrite(const ap_tfl_model *m, const link *l, const ap_patch_spec *sp,
                         int figures_only, unsigned char **out, size_t *out_len,
                         ap_patch_info *info, ap_error *err)
{
    builder b;
    ap_status st;
    memset(&b, 0, sizeof b);
    b.m = m;
    b.g.n_tensors = m->subgraphs[0].n_tensors;
    b.g.keep_from = sp->last + 1;
    b.dead = ap__alloc(sp->last + 1, sizeof *b.dead);
    if (!b.dead)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory patching the model");
    for (uint32_t k = 0; k < sp->last; k++)
        b.dead[b.n_dead++] = l[k].out_t;
    build(&b, l, sp->last + 1, sp, info);
    if (b.nomem)
        st = ap_error_set(err, AP_ERR_NOMEM, "out of memory patching the model");
    else if (!figures_only)
        st = ap__patch_write_model(m, &b.g, out, out_len, err);
    else
        st = AP_OK;
    info->ops_added = b.g.nops - (sp->last + 1);
    info->tensors_added = b.g.n_tensors - m->subgraphs[0].n_tensors;
    info->buffers_added = b.g.nb;
    free(b.dead);
    free(b.buf_tensor);
    free(b.g.t);
    free(b.g.ops);
    free(b.g.b);
    return st;
}

ap_status ap__patch_rewrite(const unsigned char *data, size_t len, const ap_patch_spec *spec,
                            int mode, unsigned char **out, size_t *out_len, ap_patch_info *info,
                            ap_error *err)
{
    ap_tfl_model *m = NULL;
    link *l = ap__alloc(MAX_CHAIN, sizeof *l);
    char why[256] = "";
    uint32_t n = 0;
    ap_status st;
    *out = NULL;
    *out_len = 0;
    memset(info, 0, sizeof *info);
    info->spec = *spec;
    if (!l)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory patching the model");
    if ((st = ap_tflite_read(data, len, &m, err)) != AP_OK ||
        (st = chain(m, l, MAX_CHAIN, &n, why, sizeof why, err)) != AP_OK ||
        (st = check_spec(m, l, n, spec, why, err)) != AP_OK ||
        (mode == AP__PATCH_FULL && (st = verify(data, len, 1, err)) != AP_OK))
        goto done;
    for (uint32_t k = 0; k < m->subgraphs[0].n_ops; k++)
        info->macs_model += op_macs(m, &m->subgraphs[0].ops[k]);
    for (uint32_t k = 0; k <= spec->last; k++)
        info->macs_prefix += op_macs(m, l[k].op);
    if ((st = rewrite(m, l, spec, mode == AP__PATCH_FIGURES, out, out_len, info, err)) !=
            AP_OK ||
        (mode == AP__PATCH_FULL && (st = verify(*out, *out_len, 0, err)) != AP_OK)) {
        free(*out);
        *out = NULL;
        *out_len = 0;
        goto done;
    }
    if (*out)
        info->flash_added = (int64_t)*out_len - (int64_t)len;
done:
    ap_tflite_free(m);
    free(l);
    return st;
}

ap_status ap_tflite_patch_rewrite(const unsigned char *data, size_t len,
                                  const ap_patch_spec *spec, unsigned char **out,
                                  size_t *out_len, ap_patch_info *info, ap_error *err)
{
    ap_patch_info mine;
    return ap__patch_rewrite(data, len, spec, AP__PATCH_FULL, out, out_len, info ? info : &mine,
                             err);
}
