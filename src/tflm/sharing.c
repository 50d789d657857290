/*
 * sharing.c - which bytes an operator's output may share with its inputs (sharing.h): the
 * driver asks the in-place rule (inplace.c), then the overlap rule (overlap.c), what each
 * operator's kernel allows, and keeps the first proposal whose input dies into the output
 * there, which needs the facts about the subgraph kept here (who reads a tensor last, who
 * writes it, what the subgraph takes and gives). The rules never call back.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "tflm/inplace.h"
#include "tflm/overlap.h"
#include "tflm/sharing.h"
#include "tflm/walk.h"

/* Facts about one subgraph's tensors that the condition needs. */
typedef struct graph_facts {
    const ap_tfl_subgraph *g;
    uint32_t s;              /* its index */
    int32_t *last_reader;    /* per tensor: the last operator that reads it, or -1 */
    uint32_t *producers;     /* per tensor: operators that write it */
    unsigned char *io;       /* per tensor: 1 subgraph input, 2 subgraph output (bits) */
    const long *buf;         /* per tensor: its buffer in the problem, or -1 (not planned) */
} graph_facts;

/* Whether tensor t of the subgraph dies at operator `op` and may be the base of an allowance
 * for output tensor `out` (the condition in sharing.h). */
static int dies_into(const graph_facts *f, const ap_problem *p, uint32_t op, int32_t t,
                     int32_t out)
{
    const ap_tfl_subgraph *g = f->g;
    if (t < 0 || out < 0 || (uint32_t)t >= g->n_tensors || (uint32_t)out >= g->n_tensors ||
        t == out)
        return 0;
    if (f->buf[t] < 0 || f->buf[out] < 0 || (f->io[out] & 1))
        return 0;
    /* A subgraph input dies like any tensor in subgraph 0, the one the application invokes:
     * TFLM ends its lifetime at its last reader and gives its bytes to later tensors, so the
     * application cannot rely on it after Invoke anyway. Not in a subgraph a control-flow
     * operator runs (its inputs take the caller's tensors), not when it is an output too. */
    if ((f->io[t] & 2) || ((f->io[t] & 1) && f->s != 0))
        return 0;
    if (g->tensors[t].is_variable || g->tensors[t].is_constant)
        return 0;
    /* earlier readers are done with it; no later one may exist */
    if (f->last_reader[t] != (int32_t)op || f->producers[out] != 1)
        return 0;
    const ap_buffer *bi = &p->buf[f->buf[t]], *bo = &p->buf[f->buf[out]];
    /* live together at exactly one step: the operator's (operator scopes start at 1; a
       subgraph no operator runs keeps TFLM's [-1, 0) for every tensor) */
    return bo->lower > 0 && bi->upper == bo->lower + 1 && bi->lower <= bo->lower;
}

static void op_why(char *buf, size_t n, uint32_t s, uint32_t i, const char *name,
                   const char *what)
{
    if (s == 0)
        snprintf(buf, n, "%s op %u%s", name, i, what);
    else
        snprintf(buf, n, "%s op %u:%u%s", name, s, i, what);
}

static void facts_free(graph_facts *f)
{
    free(f->last_reader);
    free(f->producers);
    free(f->io);
}

static int facts_build(graph_facts *f, const ap_tfl_model *m, uint32_t s, const long *buf)
{
    const ap_tfl_subgraph *g = &m->subgraphs[s];
    size_t nt = g->n_tensors;
    memset(f, 0, sizeof *f);
    f->g = g;
    f->s = s;
    f->buf = buf;
    f->last_reader = ap__alloc(nt + 1, sizeof *f->last_reader);
    f->producers = ap__zalloc(nt + 1, sizeof *f->producers);
    f->io = ap__zalloc(nt + 1, 1);
    if (!f->last_reader || !f->producers || !f->io)
        return -1;
    for (size_t t = 0; t < nt; t++)
        f->last_reader[t] = -1;
    for (uint32_t i = 0; i < g->n_inputs; i++)
        f->io[g->inputs[i]] |= 1;
    for (uint32_t i = 0; i < g->n_outputs; i++)
        f->io[g->outputs[i]] |= 2;
    for (uint32_t i = 0; i < g->n_ops; i++) {
        const ap_tfl_operator *op = &g->ops[i];
        for (uint32_t k = 0; k < op->n_outputs; k++)
            f->producers[op->outputs[k]]++;
        for (uint32_t k = 0; k < op->n_inputs; k++) {
            int32_t t = op->inputs[k];
            if (t >= 0)
                f->last_reader[t] = (int32_t)i;
        }
    }
    return 0;
}

/* Adds the allowance of the first of the n proposals whose input dies into its output, unless
 * that output already has one (claimed); an unconstrained delta becomes the base's size, which
 * already allows every placement. */
static ap_status take(const graph_facts *f, ap_problem *p, uint32_t s, const ap_tfl_operator *op,
                      const ap__candidate *c, size_t n, const char *what, unsigned char *claimed,
                      size_t *count, ap_error *err)
{
    char why[128];
    for (size_t k = 0; k < n; k++) {
        if (!dies_into(f, p, op->index, c[k].in_tensor, c[k].out_tensor))
            continue;
        long base = f->buf[c[k].in_tensor], over = f->buf[c[k].out_tensor];
        if (claimed[over])
            return AP_OK;
        int64_t d = c[k].max_delta == AP__UNCONSTRAINED ? p->buf[base].size : c[k].max_delta;
        op_why(why, sizeof why, s, op->index, op->name, what);
        claimed[over] = 1;
        ++*count;
        return ap_problem_add_overlap(p, (uint32_t)base, (uint32_t)over, d, c[k].flags, why, err);
    }
    return AP_OK;
}

/* ---- Dead rows: a tensor only SLICEs read ------------------------------------------------ */

/* Whether the problem already has an allowance of over on base (before validate: unsorted). */
static int has_pair(const ap_problem *p, long base, long over)
{
    for (size_t i = 0; i < p->n_ovl; i++)
        if (p->ovl[i].base == (uint32_t)base && p->ovl[i].over == (uint32_t)over)
            return 1;
    return 0;
}

/* Element k of a constant INT32 vector of 4, or 0 when it is not one (*ok cleared). */
static int32_t const_i32(const ap_tfl_model *m, const ap_tfl_subgraph *g, int32_t t, uint32_t k,
                         int *ok)
{
    const ap_tfl_tensor *x = t >= 0 && (uint32_t)t < g->n_tensors ? &g->tensors[t] : NULL;
    if (!x || !x->is_constant || x->type != AP_TFL_INT32 || x->elements != 4 ||
        x->buffer >= m->n_buffers || m->buffers[x->buffer].data_len < 16) {
        *ok = 0;
        return 0;
    }
    const unsigned char *b = m->data + m->buffers[x->buffer].data_pos + 4 * k;
    return (int32_t)((uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
                     (uint32_t)b[3] << 24);
}

/* The last operator reading each row of tensor t ([1, H, W, C]) into last[0..H), -1 for rows
 * none reads; 0 when t is not a tensor only SLICE operators read (as their input 0, begin and
 * size constant INT32 vectors of 4 within the shape) or cannot be the base of an allowance. */
static int slice_rows(const graph_facts *f, const ap_tfl_model *m, int32_t t, int32_t *last)
{
    const ap_tfl_subgraph *g = f->g;
    const ap_tfl_tensor *x = &g->tensors[t];
    int readers = 0;
    if (f->buf[t] < 0 || (f->io[t] & 2) || ((f->io[t] & 1) && f->s != 0) || x->is_variable ||
        x->is_constant || x->rank != 4 || x->shape[0] != 1 || x->shape[1] < 2 ||
        x->bytes <= 0 || x->bytes % x->shape[1] != 0)
        return 0;
    for (int32_t r = 0; r < x->shape[1]; r++)
        last[r] = -1;
    for (uint32_t i = 0; i < g->n_ops; i++) {
        const ap_tfl_operator *op = &g->ops[i];
        int reads = 0, ok = 1;
        for (uint32_t k = 0; k < op->n_inputs; k++)
            reads += op->inputs[k] == t;
        if (!reads)
            continue;
        if (op->builtin != AP_TFL_OP_SLICE || reads != 1 || op->n_inputs != 3 ||
            op->inputs[0] != t)
            return 0;
        int32_t b1 = const_i32(m, g, op->inputs[1], 1, &ok);
        int32_t s1 = const_i32(m, g, op->inputs[2], 1, &ok);
        if (!ok || b1 < 0 || b1 >= x->shape[1])
            return 0;
        int32_t e1 = s1 == -1 ? x->shape[1] : b1 + s1;
        if (s1 < -1 || s1 == 0 || e1 > x->shape[1])
            return 0;
        for (int32_t r = b1; r < e1; r++)
            last[r] = (int32_t)i;
        readers++;
    }
    return readers > 1;
}

/* The dead-rows rule (--overlap slices; docs/patch.md): when only SLICE operators read a tensor t, its leading
 * rows that some SLICE read and no operator from op on reads are dead bytes at op; an output
 * op writes (alone) may lie within them: offset(out) + size(out) <= offset(t) + dead, i.e.
 * offset(out) - offset(t) <= dead - size(out). The reference SLICE kernel reads the elements
 * of its slice only. */
static ap_status dead_rows(const graph_facts *f, const ap_tfl_model *m, ap_problem *p,
                           uint32_t s, size_t *count, ap_error *err)
{
    const ap_tfl_subgraph *g = f->g;
    int32_t *last = NULL;
    ap_status st = AP_OK;
    char why[160];
    for (uint32_t t = 0; t < g->n_tensors && st == AP_OK; t++) {
        const ap_tfl_tensor *x = &g->tensors[t];
        if (x->rank != 4 || x->shape[1] < 2)
            continue;
        int32_t *nl = realloc(last, (size_t)x->shape[1] * sizeof *last);
        if (!nl) {
            st = ap_error_set(err, AP_ERR_NOMEM, "out of memory applying overlap rules");
            break;
        }
        last = nl;
        if (!slice_rows(f, m, (int32_t)t, last))
            continue;
        int64_t row = x->bytes / x->shape[1];
        long base = f->buf[t];
        for (uint32_t j = 0; j < g->n_ops && st == AP_OK; j++) {
            int32_t dead = 0;
            while (dead < x->shape[1] && last[dead] >= 0 && last[dead] < (int32_t)j)
                dead++;
            if (!dead)
                continue;
            const ap_tfl_operator *op = &g->ops[j];
            for (uint32_t k = 0; k < op->n_outputs && st == AP_OK; k++) {
                int32_t out = op->outputs[k];
                if (out < 0 || (uint32_t)out >= g->n_tensors || out == (int32_t)t ||
                    f->buf[out] < 0 || (f->io[out] & 1) || f->producers[out] != 1)
                    continue;
                long over = f->buf[out];
                int64_t d = (int64_t)dead * row - p->buf[over].size;
                if (d < 0 || has_pair(p, base, over))
                    continue;
                snprintf(why, sizeof why, "%s op %u (rows 0-%d of tensor %u dead: only SLICEs "
                         "read it)", op->name, j, dead - 1, t);
                if (s)
                    snprintf(why, sizeof why, "%s op %u:%u (rows 0-%d of tensor %u dead: only "
                             "SLICEs read it)", op->name, s, j, dead - 1, t);
                st = ap_problem_add_overlap(p, (uint32_t)base, (uint32_t)over, d, 0, why, err);
                ++*count;
            }
        }
    }
    free(last);
    return st;
}

ap_status ap__sharing_apply(const ap_tfl_model *m, ap_problem *p, ap_tflm_inplace inplace,
                          ap_tflm_overlap overlap, ap__sharing_result *res, ap_error *err)
{
    int ip = inplace != AP_TFLM_INPLACE_NONE, ov = overlap != AP_TFLM_OVERLAP_NONE;
    int rows = overlap == AP_TFLM_OVERLAP_SLICES;
    ap_status st = AP_OK;
    uint64_t budget = AP__WALK_BUDGET_BASE + (uint64_t)m->len, left = budget;
    memset(res, 0, sizeof *res);
    if (!ip && !ov)
        return AP_OK;

    /* tensor (subgraph, index) -> buffer */
    size_t nt = 0, *base = ap__alloc((size_t)m->n_subgraphs + 1, sizeof *base);
    long *buf = NULL;
    if (!base)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory applying overlap rules");
    for (uint32_t s = 0; s < m->n_subgraphs; s++) {
        base[s] = nt;
        nt += m->subgraphs[s].n_tensors;
    }
    /* claimed[i]: buffer i is already the `over` of an allowance */
    unsigned char *claimed = ap__zalloc(p->n + 1, 1);
    if (!(buf = ap__alloc(nt + 1, sizeof *buf)) || !claimed) {
        free(base);
        free(buf);
        free(claimed);
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory applying overlap rules");
    }
    for (size_t t = 0; t < nt; t++)
        buf[t] = -1;
    for (size_t i = 0; i < p->n; i++) {
        const ap_buffer *b = &p->buf[i];
        if (b->subgraph >= 0 && b->tensor >= 0 && (uint32_t)b->subgraph < m->n_subgraphs)
            buf[base[b->subgraph] + (size_t)b->tensor] = (long)i;
    }
    for (uint32_t s = 0; s < m->n_subgraphs && st == AP_OK; s++) {
        const ap_tfl_subgraph *g = &m->subgraphs[s];
        graph_facts f;
        if (facts_build(&f, m, s, buf + base[s]) != 0) {
            facts_free(&f);
            st = ap_error_set(err, AP_ERR_NOMEM, "out of memory applying overlap rules");
            break;
        }
        for (uint32_t i = 0; i < g->n_ops && st == AP_OK; i++) {
            const ap_tfl_operator *op = &g->ops[i];
            ap__candidate c[AP__MAX_CANDIDATES];
            size_t n;
            int spent = 0;
            if (ip) {
                n = ap__inplace_candidates(m, g, op, inplace == AP_TFLM_INPLACE_ELEMENTWISE, c);
                st = take(&f, p, s, op, c, n, "", claimed, &res->n_inplace, err);
            }
            if (st == AP_OK && ov) {
                n = ap__overlap_candidates(m, g, op, &left, &spent, c);
                st = take(&f, p, s, op, c, n, " (reference kernel order)", claimed,
                          &res->n_overlap, err);
            }
            if (spent && res->n_unwalked++ == 0)
                op_why(res->unwalked, sizeof res->unwalked, s, i, op->name, "");
        }
        if (st == AP_OK && rows)
            st = dead_rows(&f, m, p, s, &res->n_overlap, err);
        facts_free(&f);
    }
    res->work = budget - left;
    free(buf);
    free(base);
    free(claimed);
    return st;
}
