/*
 * reorder.c - a model's operators as an ordering problem under TFLM's rules: which orders are
 * valid, and how many bytes each step holds (ap_tflite_reorder_find in reorder.h; the rules
 * are derived in docs/reorder.md).
 *
 * Lifetimes come from TFLM's AllocationInfoBuilder (lifetime.c): in a subgraph's walk its
 * inputs and outputs are created at its first scope, each operator opens a scope, an output
 * lives from its writer's scope through its last reader's (a subgraph output through the end),
 * scratch through its operator's scope, and an IF, WHILE or CALL_ONCE walks its subgraphs
 * inside its own span, each opening scopes of its own, before its inputs and outputs are used.
 * So every step of a subgraph holds: the tensors of that subgraph the order keeps live, plus
 * what the operator itself holds only while it runs - its scratch and, during a call, the
 * called subgraph's own peak. That is an ap_order_graph per subgraph with the call's peak as
 * the operator's transient; the called subgraphs are solved first. (A subgraph run by two
 * calls would hold its tensors from the first to the last, across the operators between:
 * refused.)
 *
 * Valid orders keep every writer before its readers, the relative order of the operators that
 * touch one variable tensor (state updated in place), and the relative order of every operator
 * that touches a resource tensor or runs subgraphs (resources are named by VAR_HANDLE's
 * shared name, not by tensor, and called subgraphs may read and assign them).
 *
 * The sizes come from the problem ap_tflite_build_problem builds (so "planned" means what it
 * means there), scratch from the kernel set's Prepare model. The figures returned are those
 * of the problems built for the stored and the new order, and must equal the search's own.
 */
#include <stdlib.h>
#include <string.h>

#include "arenaplan/bounds.h"
#include "arenaplan/reorder.h"
#include "arenaplan/tflite.h"
#include "core/util.h"
#include "tflm_kernels/prepare.h"
#include "tflm_kernels/scratch.h"

#define TFLM_ALIGN 16
#define MAX_CALL_DEPTH 256

void ap_tflite_reorder_options_init(ap_tflite_reorder_options *opt)
{
    opt->kernels = AP_TFLM_KERNELS_REFERENCE;
    ap_order_options_init(&opt->order);
}

void ap_tflite_reorder_result_free(ap_tflite_reorder_result *res)
{
    if (!res)
        return;
    if (res->order)
        for (uint32_t s = 0; s < res->n_subgraphs; s++)
            free(res->order[s]);
    free(res->order);
    free(res->n_ops);
    memset(res, 0, sizeof *res);
}

/* ---- A view with other operator orders ------------------------------------------------------ */

ap_status ap_tflite_reordered_view(const ap_tfl_model *m, uint32_t *const *order,
                                   ap_tfl_model **view, ap_error *err)
{
    size_t nops = 0;
    *view = NULL;
    for (uint32_t s = 0; s < m->n_subgraphs; s++)
        nops += m->subgraphs[s].n_ops;
    /* One block: the model, its subgraphs, every operator. */
    size_t head = sizeof(ap_tfl_model) + (size_t)m->n_subgraphs * sizeof(ap_tfl_subgraph);
    unsigned char *blk = ap__alloc(head + nops * sizeof(ap_tfl_operator) + 1, 1);
    unsigned char *seen = ap__zalloc(nops + 1, 1);
    if (!blk || !seen) {
        free(blk);
        free(seen);
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory");
    }
    ap_tfl_model *v = (ap_tfl_model *)(void *)blk;
    ap_tfl_subgraph *sg = (ap_tfl_subgraph *)(void *)(blk + sizeof(ap_tfl_model));
    ap_tfl_operator *ops = (ap_tfl_operator *)(void *)(blk + head);
    *v = *m;
    v->subgraphs = sg;
    v->pool_ = NULL;
    for (uint32_t s = 0; s < m->n_subgraphs; s++) {
        const ap_tfl_subgraph *g = &m->subgraphs[s];
        const uint32_t *ord = order ? order[s] : NULL;
        sg[s] = *g;
        sg[s].ops = ops;
        memset(seen, 0, g->n_ops);
        for (uint32_t k = 0; k < g->n_ops; k++) {
            uint32_t i = ord ? ord[k] : k;
            if (i >= g->n_ops || seen[i]) {
                free(blk);
                free(seen);
                return ap_error_set(err, AP_ERR_INPUT,
                                    "subgraph %u: the order is not a permutation of its %u "
                                    "operators (position %u names %u)", s, g->n_ops, k, i);
            }
            seen[i] = 1;
            ops[k] = g->ops[i];
            ops[k].index = k;
        }
        ops += g->n_ops;
    }
    free(seen);
    *view = v;
    return AP_OK;
}

void ap_tflite_view_free(ap_tfl_model *view)
{
    free(view);
}

/* ---- TFLM's walk: which call keeps each subgraph's lifetimes -------------------------------- */

typedef struct owner {
    int32_t s, op, slot;  /* the call that walks the subgraph (s = -1: never walked) */
    int32_t again_s, again_op; /* a second call that walks it, or -1 */
} owner;

static int is_cf_field(int32_t raw)
{
    return raw == AP_TFL_OP_IF || raw == AP_TFL_OP_WHILE || raw == AP_TFL_OP_CALL_ONCE;
}

/* Mirrors lifetime.c's walk (the model has passed it, so it is finite and loop-free), each
 * subgraph once: a second call is only recorded. */
static void walk(const ap_tfl_model *m, uint32_t s, owner *own, int depth)
{
    const ap_tfl_subgraph *g = &m->subgraphs[s];
    if (depth > MAX_CALL_DEPTH)
        return;
    for (uint32_t i = 0; i < g->n_ops; i++) {
        const ap_tfl_operator *op = &g->ops[i];
        if (!is_cf_field(m->opcodes[op->opcode_index].builtin_code_field))
            continue;
        for (int k = 0; k < 2; k++) {
            int32_t c = op->calls[k];
            if (c < 0)
                continue;
            if (own[c].s >= 0) {
                if (own[c].again_s < 0)
                    own[c].again_s = (int32_t)s, own[c].again_op = (int32_t)i;
                continue;
            }
            own[c] = (owner){(int32_t)s, (int32_t)i, k, -1, -1};
            walk(m, (uint32_t)c, own, depth + 1);
        }
    }
}

/* TFLM keeps only a tensor's first creation and last use (UpdateFirstCreated, UpdateLastUsed):
 * a subgraph walked twice holds its tensors from the first call to the last, across the
 * operators between - outside what one operator's step can hold. */
static ap_status walked_once(const ap_tfl_model *m, const owner *own, ap_error *err)
{
    for (uint32_t q = 1; q < m->n_subgraphs; q++)
        if (own[q].again_s >= 0)
            return ap_error_set(err, AP_ERR_INPUT,
                                "subgraph %u is run by operator %d of subgraph %d and again by "
                                "operator %d of subgraph %d: TFLM keeps its tensors live from "
                                "the first run to the last, across the operators between them; "
                                "reordering such a model is not supported", q,
                                (int)own[q].op, (int)own[q].s, (int)own[q].again_op,
                                (int)own[q].again_s);
    return AP_OK;
}

/* ---- One subgraph as an ordering problem ---------------------------------------------------- */

typedef struct sub_result {
    int done;
    int64_t peak, bound;
    ap_order_result r;
} sub_result;

/* Operators in stored order that share something order-sensitive become a chain. */
typedef struct edges {
    uint32_t *v;
    size_t n, cap;
} edges;

static int edge_add(edges *e, uint32_t a, uint32_t b)
{
    uint32_t *nv = ap__grow(e->v, &e->cap, 2 * (e->n + 1), sizeof *nv);
    if (!nv)
        return -1;
    e->v = nv;
    e->v[2 * e->n] = a;
    e->v[2 * e->n + 1] = b;
    e->n++;
    return 0;
}

static int touches(const ap_tfl_operator *op, int32_t t)
{
    for (uint32_t k = 0; k < op->n_inputs; k++)
        if (op->inputs[k] == t)
            return 1;
    for (uint32_t k = 0; k < op->n_outputs; k++)
        if (op->outputs[k] == t)
            return 1;
    return 0;
}

static int is_side_effect(const ap_tfl_model *m, const ap_tfl_subgraph *g,
                          const ap_tfl_operator *op)
{
    if (op->calls[0] >= 0 || op->calls[1] >= 0 || is_cf_field(op->builtin) ||
        is_cf_field(m->opcodes[op->opcode_index].builtin_code_field))
        return 1;
    for (uint32_t k = 0; k < op->n_inputs; k++)
        if (op->inputs[k] >= 0 && g->tensors[op->inputs[k]].type == AP_TFL_RESOURCE)
            return 1;
    for (uint32_t k = 0; k < op->n_outputs; k++)
        if (g->tensors[op->outputs[k]].type == AP_TFL_RESOURCE)
            return 1;
    return 0;
}

static int in_list(const int32_t *v, uint32_t n, int32_t t)
{
    for (uint32_t i = 0; i < n; i++)
        if (v[i] == t)
            return 1;
    return 0;
}

typedef struct ctx {
    const ap_tfl_model *m;
    const int64_t *const *size;   /* size[s][t]: planned bytes, 0 when not planned */
    int64_t **scratch;            /* scratch[s][op]: bytes of its requests, rounded */
    const owner *own;
    sub_result *sub;
    const ap_order_options *oo;
    ap_error *err;
} ctx;

/* One subgraph's ordering problem, built phase by phase. */
typedef struct sub_graph {
    uint32_t s, n, nt;
    int32_t *prod;          /* per tensor: its writer (the first when several), or -1 */
    uint32_t *nwrite;       /* per tensor: operators that write it */
    uint32_t *cstart, *cons, *ncons; /* per tensor: readers other than its writer */
    ap_order_tensor *tens;
    int64_t *tr, *trlb;
    edges e;
} sub_graph;

static void sub_graph_free(sub_graph *x)
{
    free(x->prod);
    free(x->nwrite);
    free(x->cstart);
    free(x->cons);
    free(x->ncons);
    free(x->tens);
    free(x->tr);
    free(x->trlb);
    free(x->e.v);
}

/* Writers and readers; a reader before its writer is refused. */
static ap_status sub_readers(ctx *c, const ap_tfl_subgraph *g, sub_graph *x)
{
    size_t total = 0;
    for (uint32_t t = 0; t < x->nt; t++)
        x->prod[t] = -1;
    for (uint32_t i = 0; i < x->n; i++) {
        const ap_tfl_operator *op = &g->ops[i];
        for (uint32_t k = 0; k < op->n_outputs; k++)
            if (x->nwrite[op->outputs[k]]++ == 0)
                x->prod[op->outputs[k]] = (int32_t)i;
        for (uint32_t k = 0; k < op->n_inputs; k++)
            if (op->inputs[k] >= 0) {
                x->cstart[op->inputs[k] + 1]++;
                total++;
            }
    }
    for (uint32_t t = 0; t < x->nt; t++)
        x->cstart[t + 1] += x->cstart[t];
    if (!(x->cons = ap__alloc(total + 1, sizeof *x->cons)))
        return ap_error_set(c->err, AP_ERR_NOMEM, "out of memory ordering operators");
    for (uint32_t i = 0; i < x->n; i++) {
        const ap_tfl_operator *op = &g->ops[i];
        for (uint32_t k = 0; k < op->n_inputs; k++) {
            int32_t t = op->inputs[k];
            if (t < 0)
                continue;
            int32_t w = x->prod[t];
            if (x->nwrite[t] == 1 && w > (int32_t)i)
                return ap_error_set(c->err, AP_ERR_INPUT,
                                    "subgraph %u operator %u (%s) reads tensor %d (%s) before "
                                    "operator %d writes it: the stored order is not a valid "
                                    "order, so it cannot be reordered", x->s, i, op->name,
                                    (int)t, g->tensors[t].name, (int)w);
            if (w != (int32_t)i || x->nwrite[t] != 1) /* not an operator reading its output */
                x->cons[x->cstart[t] + x->ncons[t]++] = i;
        }
    }
    return AP_OK;
}

/* The operators touching tensor t, in stored order, become a chain. */
static int chain_tensor(const ap_tfl_subgraph *g, sub_graph *x, int32_t t)
{
    int32_t last = -1;
    for (uint32_t i = 0; i < x->n; i++)
        if (touches(&g->ops[i], t)) {
            if (last >= 0 && edge_add(&x->e, (uint32_t)last, i) != 0)
                return -1;
            last = (int32_t)i;
        }
    return 0;
}

/* The tensors of the ordering problem; what cannot be reordered safely is refused; variables
 * and tensors with several writers chain their operators. */
static ap_status sub_tensors(ctx *c, const ap_tfl_subgraph *g, sub_graph *x)
{
    for (uint32_t t = 0; t < x->nt; t++) {
        const ap_tfl_tensor *tt = &g->tensors[t];
        int64_t w = c->size[x->s][t];
        int input = in_list(g->inputs, g->n_inputs, (int32_t)t);
        int output = in_list(g->outputs, g->n_outputs, (int32_t)t);
        if (x->nwrite[t] > 1 && w > 0)
            return ap_error_set(c->err, AP_ERR_INPUT,
                                "subgraph %u tensor %u (%s) is written by %u operators: TFLM "
                                "keeps only the last writer's lifetime, and reordering them is "
                                "not supported", x->s, t, tt->name, x->nwrite[t]);
        if (x->nwrite[t] && input)
            return ap_error_set(c->err, AP_ERR_INPUT,
                                "subgraph %u tensor %u (%s) is an input of the subgraph and "
                                "written by operator %d: readers before and after the write see "
                                "different values, so the order cannot change", x->s, t,
                                tt->name, (int)x->prod[t]);
        if (w > 0 && output && !x->nwrite[t] && !input)
            return ap_error_set(c->err, AP_ERR_INPUT,
                                "subgraph %u tensor %u (%s) is an output no operator writes: "
                                "TFLM creates it at the subgraph's last step only; reordering "
                                "such a model is not supported", x->s, t, tt->name);
        if (x->s != 0 && w > 0 && !x->nwrite[t] && !input && x->ncons[t] && !output)
            return ap_error_set(c->err, AP_ERR_INPUT,
                                "subgraph %u tensor %u (%s) is read but never written: TFLM "
                                "keeps it live from before the first operator of subgraph 0, "
                                "across the calls; reordering such a model is not supported",
                                x->s, t, tt->name);
        ap_order_tensor *ot = &x->tens[t];
        ot->bytes = w;
        ot->producer = x->nwrite[t] == 1 ? x->prod[t] : -1;
        ot->consumers = x->cons + x->cstart[t];
        ot->n_consumers = x->nwrite[t] > 1 ? 0 : x->ncons[t];
        ot->to_end = output;
        /* Never touched (no writer, reader, input or output): live at step -1 only, the same
         * in every order; leave it out. */
        if (!x->nwrite[t] && !x->ncons[t] && !input && !output)
            ot->bytes = 0;
        /* State that operators update in place, and tensors several operators write: their
         * operators keep their relative order. */
        if ((tt->is_variable || x->nwrite[t] > 1) && chain_tensor(g, x, (int32_t)t) != 0)
            return ap_error_set(c->err, AP_ERR_NOMEM, "out of memory ordering operators");
    }
    return AP_OK;
}

/* Resources and calls: one chain. Transients: scratch, and the largest peak of the subgraphs
 * this operator's calls keep. */
static ap_status sub_chain_and_transients(ctx *c, const ap_tfl_subgraph *g, sub_graph *x)
{
    int32_t last = -1;
    for (uint32_t i = 0; i < x->n; i++)
        if (is_side_effect(c->m, g, &g->ops[i])) {
            if (last >= 0 && edge_add(&x->e, (uint32_t)last, i) != 0)
                return ap_error_set(c->err, AP_ERR_NOMEM, "out of memory ordering operators");
            last = (int32_t)i;
        }
    for (uint32_t q = 1; q < c->m->n_subgraphs; q++) {
        const owner *o = &c->own[q];
        if (o->s != (int32_t)x->s)
            continue;
        x->tr[o->op] = ap__max64(x->tr[o->op], c->sub[q].peak);
        x->trlb[o->op] = ap__max64(x->trlb[o->op], c->sub[q].bound);
    }
    for (uint32_t i = 0; i < x->n; i++) {
        x->tr[i] += c->scratch[x->s][i];
        x->trlb[i] += c->scratch[x->s][i];
    }
    return AP_OK;
}

static ap_status sub_solve(ctx *c, uint32_t s)
{
    const ap_tfl_subgraph *g = &c->m->subgraphs[s];
    sub_graph x;
    ap_status st;
    memset(&x, 0, sizeof x);
    x.s = s;
    x.n = g->n_ops;
    x.nt = g->n_tensors;
    x.prod = ap__alloc((size_t)x.nt + 1, sizeof *x.prod);
    x.nwrite = ap__zalloc((size_t)x.nt + 1, sizeof *x.nwrite);
    x.ncons = ap__zalloc((size_t)x.nt + 1, sizeof *x.ncons);
    x.cstart = ap__zalloc((size_t)x.nt + 2, sizeof *x.cstart);
    x.tens = ap__alloc((size_t)x.nt + 1, sizeof *x.tens);
    x.tr = ap__zalloc((size_t)x.n + 1, sizeof *x.tr);
    x.trlb = ap__zalloc((size_t)x.n + 1, sizeof *x.trlb);
    if (!x.prod || !x.nwrite || !x.ncons || !x.cstart || !x.tens || !x.tr || !x.trlb)
        st = ap_error_set(c->err, AP_ERR_NOMEM, "out of memory ordering operators");
    else if ((st = sub_readers(c, g, &x)) == AP_OK && (st = sub_tensors(c, g, &x)) == AP_OK &&
             (st = sub_chain_and_transients(c, g, &x)) == AP_OK) {
        ap_order_graph og = {.n_ops = x.n, .tensors = x.tens, .n_tensors = x.nt, .transient = x.tr,
                             .transient_lb = x.trlb, .edges = x.e.v, .n_edges = (uint32_t)x.e.n,
                             .start_step = 1};
        sub_result *r = &c->sub[s];
        if ((st = ap_order_solve(&og, c->oo, &r->r, c->err)) == AP_OK) {
            r->peak = r->r.peak;
            r->bound = r->r.bound;
            r->done = 1;
        }
    }
    sub_graph_free(&x);
    return st;
}

/* Callees before callers: post-order over the ownership tree from subgraph 0. */
static ap_status solve_tree(ctx *c, uint32_t s, int depth)
{
    ap_status st;
    if (depth > MAX_CALL_DEPTH)
        return ap_error_set(c->err, AP_ERR_INPUT, "subgraph calls nest deeper than %d",
                            MAX_CALL_DEPTH);
    for (uint32_t q = 1; q < c->m->n_subgraphs; q++)
        if (c->own[q].s == (int32_t)s && !c->sub[q].done &&
            (st = solve_tree(c, q, depth + 1)) != AP_OK)
            return st;
    return sub_solve(c, s);
}

/* ---- The model ------------------------------------------------------------------------------ */

/* The problem TFLM builds for m (offline plan ignored), its bound and the live bytes at step
 * -1 (tensors no walk touches). */
static ap_status figures(const ap_tfl_model *m, ap_tflm_kernels kernels, ap_problem **pp,
                         int64_t *peak, int64_t *minus1, ap_error *err)
{
    ap_tflite_build_options bo;
    ap_problem *p = NULL;
    ap_bounds b;
    ap_status st;
    ap_tflite_build_options_init(&bo);
    bo.kernels = kernels;
    bo.ignore_offline = 1;
    bo.allow_refusal = 1; /* a model TFLM's allocator refuses: the lifetimes of its head */
    if ((st = ap_tflite_build_problem(m, &bo, &p, err)) != AP_OK ||
        (st = ap_problem_validate(p, err)) != AP_OK ||
        (st = ap_bounds_compute(p, &b, err)) != AP_OK) {
        ap_problem_free(p);
        return st;
    }
    *peak = b.live;
    *minus1 = 0;
    for (size_t i = 0; i < p->n; i++)
        if (p->buf[i].lower <= -1 && p->buf[i].upper > -1)
            *minus1 += p->buf[i].size;
    if (pp)
        *pp = p;
    else
        ap_problem_free(p);
    return AP_OK;
}

/* Per subgraph: planned sizes (from the problem p), scratch per operator (from Prepare), the
 * identity order; no call owns a subgraph yet. -1 when out of memory. */
static int gather(const ap_tfl_model *m, const ap_problem *p, const ap__prepare *pr,
                  int64_t **size, int64_t **scratch, owner *own, ap_tflite_reorder_result *res)
{
    for (uint32_t s = 0; s < m->n_subgraphs; s++) {
        const ap_tfl_subgraph *g = &m->subgraphs[s];
        size[s] = ap__zalloc((size_t)g->n_tensors + 1, sizeof **size);
        scratch[s] = ap__zalloc((size_t)g->n_ops + 1, sizeof **scratch);
        res->order[s] = ap__alloc((size_t)g->n_ops + 1, sizeof **res->order);
        if (!size[s] || !scratch[s] || !res->order[s])
            return -1;
        res->n_ops[s] = g->n_ops;
        for (uint32_t i = 0; i < g->n_ops; i++)
            res->order[s][i] = i;
        own[s] = (owner){-1, -1, -1, -1, -1};
    }
    for (size_t i = 0; i < p->n; i++)
        if (p->buf[i].tensor >= 0)
            size[p->buf[i].subgraph][p->buf[i].tensor] = p->buf[i].size;
    for (size_t k = 0; k < pr->n; k++)
        scratch[pr->v[k].subgraph][pr->v[k].op] += ap__align_up(pr->v[k].bytes, TFLM_ALIGN);
    return 0;
}

/* The subgraphs' orders and figures into res. */
static void collect(const ap_tfl_model *m, const sub_result *sub, ap_tflite_reorder_result *res)
{
    res->found_by = "given order";
    for (uint32_t s = m->n_subgraphs; s-- > 0;) {
        if (!sub[s].done)
            continue;
        memcpy(res->order[s], sub[s].r.order, (size_t)m->subgraphs[s].n_ops * sizeof(uint32_t));
        res->work += sub[s].r.work;
        res->moved += sub[s].r.moved;
        res->reordered += sub[s].r.moved > 0;
        res->pieces += sub[s].r.pieces;
        res->exhausted |= sub[s].r.exhausted;
        if (sub[s].r.moved) /* subgraph 0's, else the first reordered one's */
            res->found_by = sub[s].r.found_by;
    }
}

/* The truth: the problem TFLM builds for the new orders must peak where the search says. */
static ap_status verify(const ap_tfl_model *m, ap_tflm_kernels kernels, const sub_result *sub,
                        int64_t minus1, ap_tflite_reorder_result *res, ap_error *err)
{
    ap_tfl_model *view = NULL;
    int64_t m1b = 0;
    ap_status st;
    if ((st = ap_tflite_reordered_view(m, res->order, &view, err)) == AP_OK &&
        (st = figures(view, kernels, NULL, &res->peak, &m1b, err)) == AP_OK) {
        int64_t model_peak = m->n_subgraphs ? ap__max64(sub[0].peak, minus1) : minus1;
        if (res->peak != model_peak || m1b != minus1)
            st = ap_error_set(err, AP_ERR_INVALID,
                              "internal error: the reordered model's problem peaks at %lld "
                              "bytes but the search's model of TFLM's lifetimes says %lld (a "
                              "bug)", (long long)res->peak, (long long)model_peak);
        res->bound = m->n_subgraphs ? ap__max64(sub[0].bound, minus1) : minus1;
        res->proven = res->peak == res->bound;
    }
    ap_tflite_view_free(view);
    return st;
}

ap_status ap_tflite_reorder_find(const ap_tfl_model *m, const ap_tflite_reorder_options *opt,
                                 ap_tflite_reorder_result *res, ap_error *err)
{
    ap_tflite_reorder_options dflt;
    ap_status st;
    ap_problem *p = NULL;
    ap__prepare pr = {0};
    uint32_t ns = m->n_subgraphs;
    int64_t minus1 = 0;
    memset(res, 0, sizeof *res);
    if (!opt) {
        ap_tflite_reorder_options_init(&dflt);
        opt = &dflt;
    }
    if ((unsigned)opt->kernels >= AP_TFLM_KERNELS_COUNT)
        return ap_error_set(err, AP_ERR_USAGE, "kernel set %d is none of the %d known",
                            (int)opt->kernels, (int)AP_TFLM_KERNELS_COUNT);
    int64_t **size = ap__zalloc((size_t)ns + 1, sizeof *size);
    int64_t **scratch = ap__zalloc((size_t)ns + 1, sizeof *scratch);
    owner *own = ap__alloc((size_t)ns + 1, sizeof *own);
    sub_result *sub = ap__zalloc((size_t)ns + 1, sizeof *sub);
    res->order = ap__zalloc((size_t)ns + 1, sizeof *res->order);
    res->n_ops = ap__zalloc((size_t)ns + 1, sizeof *res->n_ops);
    res->n_subgraphs = ns;
    ctx c = {m, (const int64_t *const *)size, scratch, own, sub, &opt->order, err};
    if (!size || !scratch || !own || !sub || !res->order || !res->n_ops)
        st = ap_error_set(err, AP_ERR_NOMEM, "out of memory ordering operators");
    else if ((st = figures(m, opt->kernels, &p, &res->peak_stored, &minus1, err)) == AP_OK &&
             (st = ap__scratch_run(m, opt->kernels, &pr, err)) == AP_OK) {
        if (gather(m, p, &pr, size, scratch, own, res) != 0)
            st = ap_error_set(err, AP_ERR_NOMEM, "out of memory ordering operators");
        else if (ns) {
            walk(m, 0, own, 0);
            if ((st = walked_once(m, own, err)) == AP_OK)
                st = solve_tree(&c, 0, 0);
        }
    }
    if (st == AP_OK) {
        collect(m, sub, res);
        st = verify(m, opt->kernels, sub, minus1, res, err);
    }
    for (uint32_t s = 0; s < ns; s++) {
        if (size)
            free(size[s]);
        if (scratch)
            free(scratch[s]);
        if (sub)
            ap_order_result_free(&sub[s].r);
    }
    free(size);
    free(scratch);
    free(own);
    free(sub);
    ap__prepare_free(&pr);
    ap_problem_free(p);
    if (st != AP_OK)
        ap_tflite_reorder_result_free(res);
    return st;
}
