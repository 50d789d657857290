/*
 * patch_write.c - a copy of a .tflite whose subgraph 0 starts with new operators: the patched
 * prefix of patch.c (docs/patch.md), every byte of the input kept.
 *
 * As rewrite.c's moved copies: a new header, then the whole input moved by a multiple of 16
 * (every byte keeps its alignment modulo 16). The header holds a new Model table, new vectors
 * of operator codes, subgraphs, buffers and metadata (the input's tables referenced where they
 * lie, new ones added), a new Subgraph 0 whose tensors and operators vectors mix the input's
 * tables with new ones, and the new tables themselves: tensors (sharing the quantization
 * tables of the tensors they stand for), operators (a chain operator's options copied with
 * padding VALID; its weights and bias the input's tensors, so the input's Buffers), SLICE and
 * PAD parameters as new Buffers aligned to 16. Every uoffset points forward: the header writes
 * a parent before its children, and the input lies after the header.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/schema.h"
#include "core/util.h"
#include "export/fbw.h"
#include "export/patch_write.h"
#include "tflite/fb.h"

#define OPT_PAD 22 /* BuiltinOptions union: PadOptions */
#define OPT_SLICE 48 /* SliceOptions */

/* ---- Tables and vectors ------------------------------------------------------------------- */

enum { F_SCALAR, F_LABEL, F_OLD };

typedef struct tfield {
    unsigned id, width;
    int kind;
    uint64_t v;
} tfield;

/* A table (vtable first, then the table at `label`): 4-byte fields, then 1-byte ones. */
static void w_table(ap__fbw *w, const tfield *f, unsigned n, size_t label)
{
    uint16_t off[32] = {0};
    unsigned maxid = 0, order[32], no = 0;
    size_t at = 4;
    for (unsigned wd = 4; wd >= 1; wd /= 2)
        for (unsigned k = 0; k < n; k++)
            if (f[k].width == wd) {
                off[f[k].id] = (uint16_t)at;
                at += wd;
                order[no++] = k;
            }
    for (unsigned k = 0; k < n; k++)
        maxid = f[k].id > maxid ? f[k].id : maxid;
    unsigned nslots = n ? maxid + 1 : 0;
    ap__fbw_pad(w, 2, 0);
    size_t vt = w->n;
    ap__fbw_int(w, 4 + 2 * nslots, 2);
    ap__fbw_int(w, at, 2);
    for (unsigned id = 0; id < nslots; id++)
        ap__fbw_int(w, off[id], 2);
    ap__fbw_pad(w, 4, 0);
    ap__fbw_here(w, label);
    ap__fbw_int(w, (uint32_t)(w->n - vt), 4);
    for (unsigned k = 0; k < no; k++) {
        const tfield *x = &f[order[k]];
        if (x->kind == F_SCALAR)
            ap__fbw_int(w, x->v, x->width);
        else
            ap__fbw_ref(w, (size_t)x->v, x->kind == F_OLD);
    }
}

/* A vector of uoffsets: element k to labels[k] or, where old[k], the input's position. */
static void w_vec_refs(ap__fbw *w, size_t label, const size_t *to, const unsigned char *old,
                       size_t n)
{
    ap__fbw_pad(w, 4, 0);
    ap__fbw_here(w, label);
    ap__fbw_int(w, n, 4);
    for (size_t k = 0; k < n; k++)
        ap__fbw_ref(w, to[k], old[k]);
}

static void w_vec_i32(ap__fbw *w, size_t label, const int32_t *v, size_t n)
{
    ap__fbw_pad(w, 4, 0);
    ap__fbw_here(w, label);
    ap__fbw_int(w, n, 4);
    for (size_t k = 0; k < n; k++)
        ap__fbw_int(w, (uint32_t)v[k], 4);
}

/* A byte vector; its first byte at a multiple of align (FlatBuffers strings: NUL after). */
static void w_vec_bytes(ap__fbw *w, size_t label, const void *p, size_t n, size_t align, int nul)
{
    ap__fbw_pad(w, align < 4 ? 4 : align, 4);
    ap__fbw_here(w, label);
    ap__fbw_int(w, n, 4);
    ap__fbw_bytes(w, p, n);
    if (nul)
        ap__fbw_int(w, 0, 1);
}

/* ---- The input's positions ---------------------------------------------------------------- */

typedef struct old_model {
    ap__fb fb;
    ap__fb_table model, sg0;
    ap__fb_vec opcodes;
} old_model;

/* The target of the offset in field id of t (0 when absent). */
static ap_status old_ref(const old_model *o, const ap__fb_table *t, unsigned id, size_t *to,
                         ap_error *err)
{
    size_t pos;
    ap_status st = ap__fb_field(&o->fb, t, id, 4, "table", &pos, err);
    *to = 0;
    if (st == AP_OK && pos)
        st = ap__fb_deref(&o->fb, pos, 4, "offset", to, err);
    return st;
}

static ap_status old_open(const ap_tfl_model *m, old_model *o, ap_error *err)
{
    size_t root, pos;
    ap_status st;
    o->fb = (ap__fb){m->data, m->len};
    if ((st = ap__fb_deref(&o->fb, 0, 4, "root offset", &root, err)) != AP_OK ||
        (st = ap__fb_table_at(&o->fb, root, "model", &o->model, err)) != AP_OK ||
        (st = ap__fb_get_vec(&o->fb, &o->model, AP_TFL_F_MODEL_OPERATOR_CODES, 4, "model",
                             NULL, &o->opcodes, err)) != AP_OK ||
        (st = ap__fb_table_at(&o->fb, m->subgraphs[0].table_pos, "subgraph", &o->sg0, err)) !=
            AP_OK)
        return st;
    for (unsigned id = AP_TFL_F_MODEL_EXTERNAL_BUFFER_GROUPS; id < 16; id++) {
        if ((st = ap__fb_field(&o->fb, &o->model, id, 1, "model", &pos, err)) != AP_OK)
            return st;
        if (pos)
            return ap_error_set(err, AP_ERR_INPUT, "the model has data outside the FlatBuffer "
                                "(Model field %u): not patched", id);
    }
    for (uint32_t b = 0; b < m->n_buffers; b++)
        if (m->buffers[b].ext_offset)
            return ap_error_set(err, AP_ERR_INPUT, "buffer %u lies outside the FlatBuffer "
                                "(models over 2 GB): not patched", b);
    return AP_OK;
}

/* ---- The copy ----------------------------------------------------------------------------- */

/* Operator codes the graph uses beyond the input's: their index in the copy. */
typedef struct codes {
    int32_t want[3];
    uint32_t index[3];
    uint32_t n_new;
    int32_t newc[3];
} codes;

static uint32_t code_index(const codes *c, int32_t builtin)
{
    for (int k = 0; k < 3; k++)
        if (c->want[k] == builtin)
            return c->index[k];
    return 0;
}

static void find_codes(const ap_tfl_model *m, const ap__pw_graph *g, codes *c)
{
    static const int32_t want[3] = {AP_TFL_OP_SLICE, AP_TFL_OP_PAD, AP_TFL_OP_CONCATENATION};
    memset(c, 0, sizeof *c);
    for (int k = 0; k < 3; k++) {
        int used = 0, found = 0;
        c->want[k] = want[k];
        for (uint32_t i = 0; i < g->nops; i++)
            used |= g->ops[i].like < 0 && g->ops[i].builtin == want[k];
        for (uint32_t i = 0; i < m->n_opcodes && used && !found; i++)
            if (m->opcodes[i].builtin == want[k] && !m->opcodes[i].custom_code) {
                c->index[k] = i;
                found = 1;
            }
        if (used && !found) {
            c->index[k] = m->n_opcodes + c->n_new;
            c->newc[c->n_new++] = want[k];
        }
    }
}

/* The Model table and its vectors (operator codes, subgraphs, buffers, metadata). */
typedef struct labels {
    size_t model, opcodes, subgraphs, buffers, metadata, sg0, tensors, ops;
    size_t *t, *o, *oo, *c, *b, *bd; /* per new tensor, op, op options, code, buffer, data */
} labels;

static ap_status write_model(ap__fbw *w, const ap_tfl_model *m, const old_model *o,
                             const ap__pw_graph *g, const codes *c, const labels *l,
                             ap_error *err)
{
    static const unsigned keep[] = {AP_TFL_F_MODEL_DESCRIPTION, AP_TFL_F_MODEL_METADATA_BUFFER,
                                    AP_TFL_F_MODEL_SIGNATURE_DEFS};
    tfield f[8];
    unsigned n = 0;
    uint32_t version;
    ap_status st = ap__fb_get_u32(&o->fb, &o->model, AP_TFL_F_MODEL_VERSION, 0, "model",
                                  &version, err);
    if (st != AP_OK)
        return st;
    f[n++] = (tfield){AP_TFL_F_MODEL_VERSION, 4, F_SCALAR, version};
    f[n++] = (tfield){AP_TFL_F_MODEL_OPERATOR_CODES, 4, F_LABEL, l->opcodes};
    f[n++] = (tfield){AP_TFL_F_MODEL_SUBGRAPHS, 4, F_LABEL, l->subgraphs};
    f[n++] = (tfield){AP_TFL_F_MODEL_BUFFERS, 4, F_LABEL, l->buffers};
    f[n++] = (tfield){AP_TFL_F_MODEL_METADATA, 4, F_LABEL, l->metadata};
    for (unsigned k = 0; k < sizeof keep / sizeof *keep; k++) {
        size_t to;
        if ((st = old_ref(o, &o->model, keep[k], &to, err)) != AP_OK)
            return st;
        if (to)
            f[n++] = (tfield){keep[k], 4, F_OLD, to};
    }
    w_table(w, f, n, l->model);
    (void)m, (void)g, (void)c;
    return AP_OK;
}

static ap_status write_top_vectors(ap__fbw *w, const ap_tfl_model *m, const old_model *o,
                                   const ap__pw_graph *g, const codes *c, const labels *l,
                                   ap_error *err)
{
    size_t n = m->n_opcodes + c->n_new + m->n_subgraphs + m->n_buffers + g->nb + m->n_metadata;
    size_t *to = ap__alloc(n + 1, sizeof *to), k = 0, at = 0;
    unsigned char *old = ap__alloc(n + 1, 1);
    ap__fb_table t;
    ap_status st = AP_OK;
    if (!to || !old) {
        st = ap_error_set(err, AP_ERR_NOMEM, "out of memory writing the model");
        goto done;
    }
    for (uint32_t i = 0; i < m->n_opcodes; i++, k++) {
        if ((st = ap__fb_vec_table(&o->fb, &o->opcodes, i, "operator code", &t, err)) != AP_OK)
            goto done;
        to[k] = t.pos, old[k] = 1;
    }
    for (uint32_t i = 0; i < c->n_new; i++, k++)
        to[k] = l->c[i], old[k] = 0;
    w_vec_refs(w, l->opcodes, to + at, old + at, k - at);
    for (at = k; k - at < m->n_subgraphs; k++)
        to[k] = k == at ? l->sg0 : m->subgraphs[k - at].table_pos, old[k] = k != at;
    w_vec_refs(w, l->subgraphs, to + at, old + at, k - at);
    for (at = k; k - at < m->n_buffers; k++)
        to[k] = m->buffers[k - at].table_pos, old[k] = 1;
    for (uint32_t i = 0; i < g->nb; i++, k++)
        to[k] = l->b[i], old[k] = 0;
    w_vec_refs(w, l->buffers, to + at, old + at, k - at);
    at = k;
    for (uint32_t i = 0; i < m->n_metadata; i++)
        if (strcmp(m->metadata[i].name, AP_TFL_OFFLINE_PLAN_NAME) != 0)
            to[k] = m->metadata[i].table_pos, old[k++] = 1;
    w_vec_refs(w, l->metadata, to + at, old + at, k - at);
done:
    free(to);
    free(old);
    return st;
}

/* Subgraph 0: its tensors and operators vectors new, the rest the input's. */
static ap_status write_subgraph(ap__fbw *w, const ap_tfl_model *m, const old_model *o,
                                const ap__pw_graph *g, const labels *l, ap_error *err)
{
    static const unsigned keep[] = {AP_TFL_F_SUBGRAPH_INPUTS, AP_TFL_F_SUBGRAPH_OUTPUTS,
                                    AP_TFL_F_SUBGRAPH_NAME};
    const ap_tfl_subgraph *s = &m->subgraphs[0];
    tfield f[6];
    unsigned n = 0;
    ap_status st;
    f[n++] = (tfield){AP_TFL_F_SUBGRAPH_TENSORS, 4, F_LABEL, l->tensors};
    f[n++] = (tfield){AP_TFL_F_SUBGRAPH_OPERATORS, 4, F_LABEL, l->ops};
    for (unsigned k = 0; k < 3; k++) {
        size_t to;
        if ((st = old_ref(o, &o->sg0, keep[k], &to, err)) != AP_OK)
            return st;
        if (to)
            f[n++] = (tfield){keep[k], 4, F_OLD, to};
    }
    w_table(w, f, n, l->sg0);
    size_t nt = g->n_tensors, no = g->nops + (s->n_ops - g->keep_from);
    size_t *to = ap__alloc(nt + no + 1, sizeof *to);
    unsigned char *old = ap__alloc(nt + no + 1, 1);
    if (!to || !old) {
        free(to);
        free(old);
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory writing the model");
    }
    for (size_t i = 0; i < nt; i++)
        to[i] = i < s->n_tensors ? s->tensors[i].table_pos : 0, old[i] = 1;
    for (uint32_t k = 0; k < g->nt; k++)
        to[g->t[k].index] = l->t[k], old[g->t[k].index] = 0;
    for (size_t i = 0; i < no; i++) {
        int mine = i < g->nops;
        to[nt + i] = mine ? l->o[i] : s->ops[g->keep_from + i - g->nops].table_pos;
        old[nt + i] = (unsigned char)!mine;
    }
    w_vec_refs(w, l->tensors, to, old, nt);
    w_vec_refs(w, l->ops, to + nt, old + nt, no);
    free(to);
    free(old);
    return AP_OK;
}

static ap_status write_tensor(ap__fbw *w, const ap_tfl_model *m, const old_model *o,
                              const ap__pw_tensor *t, size_t label, ap_error *err)
{
    size_t shape = ap__fbw_label(w), name = ap__fbw_label(w), q = 0;
    tfield f[5];
    unsigned n = 0;
    ap_status st;
    if (t->like >= 0) {
        ap__fb_table tt;
        if ((st = ap__fb_table_at(&o->fb, m->subgraphs[0].tensors[t->like].table_pos, "tensor",
                                  &tt, err)) != AP_OK ||
            (st = old_ref(o, &tt, AP_TFL_F_TENSOR_QUANTIZATION, &q, err)) != AP_OK)
            return st;
    }
    f[n++] = (tfield){AP_TFL_F_TENSOR_SHAPE, 4, F_LABEL, shape};
    f[n++] = (tfield){AP_TFL_F_TENSOR_TYPE, 1, F_SCALAR, (uint64_t)t->type};
    f[n++] = (tfield){AP_TFL_F_TENSOR_BUFFER, 4, F_SCALAR, t->buffer};
    f[n++] = (tfield){AP_TFL_F_TENSOR_NAME, 4, F_LABEL, name};
    if (q)
        f[n++] = (tfield){AP_TFL_F_TENSOR_QUANTIZATION, 4, F_OLD, q};
    w_table(w, f, n, label);
    w_vec_i32(w, shape, t->shape, t->rank);
    w_vec_bytes(w, name, t->name, strlen(t->name), 4, 1);
    return AP_OK;
}

/* The scalar fields of the options tables a chain operator may have: widths by field id. */
static const unsigned char *option_widths(uint8_t type, unsigned *n)
{
    static const unsigned char conv[] = {1, 4, 4, 1, 4, 4, 1};
    static const unsigned char dw[] = {1, 4, 4, 4, 1, 4, 4};
    static const unsigned char pool[] = {1, 4, 4, 4, 4, 1};
    switch (type) {
    case AP_TFL_OPT_CONV_2D: *n = sizeof conv; return conv;
    case AP_TFL_OPT_DEPTHWISE_CONV_2D: *n = sizeof dw; return dw;
    case AP_TFL_OPT_POOL_2D: *n = sizeof pool; return pool;
    default: *n = 0; return NULL;
    }
}

/* A chain operator's options: every field the input's table has, padding (field 0) VALID. */
static ap_status write_like_options(ap__fbw *w, const ap_tfl_model *m, const old_model *o,
                                    const ap_tfl_operator *op, size_t label, ap_error *err)
{
    unsigned nw = 0, n = 0;
    const unsigned char *wd = option_widths(op->options_type, &nw);
    tfield f[16];
    ap__fb_table t;
    ap_status st;
    if (!wd || !op->options_pos)
        return ap_error_set(err, AP_ERR_INPUT, "operator %u (%s): no options table to copy",
                            op->index, op->name);
    if ((st = ap__fb_table_at(&o->fb, op->options_pos, "options", &t, err)) != AP_OK)
        return st;
    for (unsigned id = nw; id < (unsigned)(t.vt_size - 4) / 2; id++) {
        size_t pos;
        if ((st = ap__fb_field(&o->fb, &t, id, 1, "options", &pos, err)) != AP_OK)
            return st;
        if (pos)
            return ap_error_set(err, AP_ERR_INPUT, "operator %u (%s): its options have field "
                                "%u, which this version does not know: not patched", op->index,
                                op->name, id);
    }
    f[n++] = (tfield){0, 1, F_SCALAR, 1};
    for (unsigned id = 1; id < nw; id++) {
        int64_t v;
        if (ap_tflite_option_scalar(m, op, 1, id, wd[id], 0, &v))
            f[n++] = (tfield){id, wd[id], F_SCALAR, (uint64_t)v};
    }
    w_table(w, f, n, label);
    return AP_OK;
}

static ap_status write_op(ap__fbw *w, const ap_tfl_model *m, const old_model *o, const codes *c,
                          const ap__pw_op *x, size_t label, ap_error *err)
{
    size_t ins = ap__fbw_label(w), outs = ap__fbw_label(w), opt = ap__fbw_label(w);
    const ap_tfl_operator *like = x->like >= 0 ? &m->subgraphs[0].ops[x->like] : NULL;
    uint32_t opcode = like ? like->opcode_index : code_index(c, x->builtin);
    uint8_t type = like ? like->options_type
                        : x->builtin == AP_TFL_OP_PAD ? OPT_PAD
                        : x->builtin == AP_TFL_OP_SLICE ? OPT_SLICE : AP_TFL_OPT_CONCATENATION;
    tfield f[5] = {{AP_TFL_F_OPERATOR_OPCODE_INDEX, 4, F_SCALAR, opcode},
                   {AP_TFL_F_OPERATOR_INPUTS, 4, F_LABEL, ins},
                   {AP_TFL_F_OPERATOR_OUTPUTS, 4, F_LABEL, outs},
                   {AP_TFL_F_OPERATOR_BUILTIN_OPTIONS_TYPE, 1, F_SCALAR, type},
                   {AP_TFL_F_OPERATOR_BUILTIN_OPTIONS, 4, F_LABEL, opt}};
    w_table(w, f, 5, label);
    w_vec_i32(w, ins, x->in, x->n_in);
    w_vec_i32(w, outs, &x->out, 1);
    if (like)
        return write_like_options(w, m, o, like, opt, err);
    if (x->builtin == AP_TFL_OP_CONCATENATION) {
        tfield cf[2] = {{0, 4, F_SCALAR, (uint32_t)x->axis}, {1, 1, F_SCALAR, 0}};
        w_table(w, cf, 2, opt);
    } else {
        w_table(w, NULL, 0, opt);
    }
    return AP_OK;
}

static void write_codes_buffers(ap__fbw *w, const ap__pw_graph *g, const codes *c, const labels *l)
{
    for (uint32_t k = 0; k < c->n_new; k++) {
        int32_t b = c->newc[k];
        tfield f[3] = {{AP_TFL_F_OPCODE_DEPRECATED_BUILTIN_CODE, 1, F_SCALAR,
                        (uint64_t)(b < 127 ? b : 127)},
                       {AP_TFL_F_OPCODE_VERSION, 4, F_SCALAR, 1},
                       {AP_TFL_F_OPCODE_BUILTIN_CODE, 4, F_SCALAR, (uint64_t)b}};
        w_table(w, f, 3, l->c[k]);
    }
    for (uint32_t k = 0; k < g->nb; k++) {
        tfield f[1] = {{AP_TFL_F_BUFFER_DATA, 4, F_LABEL, l->bd[k]}};
        w_table(w, f, 1, l->b[k]);
    }
    for (uint32_t k = 0; k < g->nb; k++) {
        unsigned char bytes[32];
        for (uint32_t i = 0; i < g->b[k].n; i++)
            for (int j = 0; j < 4; j++)
                bytes[4 * i + (uint32_t)j] = (unsigned char)((uint32_t)g->b[k].w[i] >> (8 * j));
        w_vec_bytes(w, l->bd[k], bytes, 4 * (size_t)g->b[k].n, 16, 0);
    }
}

static int make_labels(ap__fbw *w, const ap__pw_graph *g, const codes *c, labels *l)
{
    size_t *one[] = {&l->model, &l->opcodes, &l->subgraphs, &l->buffers, &l->metadata,
                     &l->sg0, &l->tensors, &l->ops};
    for (size_t k = 0; k < sizeof one / sizeof *one; k++)
        *one[k] = ap__fbw_label(w);
    size_t n = (size_t)g->nt + g->nops + c->n_new + 2 * (size_t)g->nb + 1;
    size_t *all = ap__alloc(n, sizeof *all);
    if (!all)
        return -1;
    for (size_t k = 0; k + 1 < n; k++)
        all[k] = ap__fbw_label(w);
    l->t = all;
    l->o = l->t + g->nt;
    l->c = l->o + g->nops;
    l->b = l->c + c->n_new;
    l->bd = l->b + g->nb;
    l->oo = NULL;
    return w->nomem ? -1 : 0;
}

static ap_status finish(ap__fbw *w, const ap_tfl_model *m, unsigned char **out, size_t *out_len,
                        ap_error *err)
{
    size_t shift;
    ap_status st = ap__fbw_append_input(w, m->data, m->len, &shift);
    if (st == AP_ERR_NOMEM)
        return ap_error_set(err, st, "out of memory writing the model");
    if (st != AP_OK)
        return ap_error_set(err, st, "the model would grow past 2 GB");
    *out = w->p;
    *out_len = w->n;
    w->p = NULL;
    return AP_OK;
}

ap_status ap__patch_write_model(const ap_tfl_model *m, const ap__pw_graph *g,
                                unsigned char **out, size_t *out_len, ap_error *err)
{
    ap__fbw w = {0};
    old_model o;
    codes c;
    labels l = {0};
    ap_status st;
    *out = NULL;
    *out_len = 0;
    if ((st = old_open(m, &o, err)) != AP_OK)
        return st;
    find_codes(m, g, &c);
    if (make_labels(&w, g, &c, &l) != 0) {
        st = ap_error_set(err, AP_ERR_NOMEM, "out of memory writing the model");
        goto done;
    }
    size_t root = w.n;
    ap__fbw_int(&w, 0, 4);
    ap__fbw_bytes(&w, "TFL3", 4);
    if ((st = write_model(&w, m, &o, g, &c, &l, err)) != AP_OK ||
        (st = write_top_vectors(&w, m, &o, g, &c, &l, err)) != AP_OK ||
        (st = write_subgraph(&w, m, &o, g, &l, err)) != AP_OK)
        goto done;
    for (uint32_t k = 0; k < g->nt && st == AP_OK; k++)
        st = write_tensor(&w, m, &o, &g->t[k], l.t[k], err);
    for (uint32_t k = 0; k < g->nops && st == AP_OK; k++)
        st = write_op(&w, m, &o, &c, &g->ops[k], l.o[k], err);
    if (st != AP_OK)
        goto done;
    write_codes_buffers(&w, g, &c, &l);
    if (!w.nomem)
        ap__fbw_put_u32(w.p + root, (uint32_t)(w.lab[l.model] - root));
    st = finish(&w, m, out, out_len, err);
done:
    ap__fbw_free(&w);
    free(l.t);
    return st;
}
