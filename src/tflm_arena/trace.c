/*
 * trace.c - TFLM's AllocateTensors as a list of arena calls (trace.h).
 *
 * The calls a plain (or a recording) tflite::MicroInterpreter makes from its constructor to the
 * end of AllocateTensors (tflite-micro 90b983c2b: micro_interpreter.cc, micro_allocator.cc,
 * micro_interpreter_graph.cc, micro_allocation_info.cc), phase by phase, with the kernels' Init
 * and Prepare calls taken from the kernel set's rows (tflm_kernels/rows.h: PARSE, PERSIST, TEMP) and
 * the struct sizes from the target's layouts (tflm_kernels/layout.c).
 */
#include <stdio.h>
#include <string.h>

#include "arenaplan/tflm.h"
#include "core/util.h"
#include "tflite/fb.h"
#include "tflm_arena/trace.h"
#include "tflm_kernels/expr.h"
#include "tflm_kernels/opcodes.h"

/* A resource variable TFLM's MicroResourceVariables knows (VAR_HANDLE made it). */
typedef struct resource {
    const unsigned char *container, *name;
    uint32_t container_len, name_len;
    int allocated;
} resource;

/* A VAR_HANDLE output whose resource id was set by a Prepare already run. */
typedef struct handle {
    uint32_t sg;
    int32_t tensor;
    size_t resource;
} handle;

typedef struct ctx {
    const ap_tfl_model *m;
    const ap__target *t;
    const ap__kernel_set *set; /* its rows, its target and build (kernel_sets.h) */
    int recording;
    int64_t head;
    int64_t resource_slots;  /* MicroResourceVariables capacity asked; -1: one per VAR_HANDLE */
    int64_t capacity;        /* the capacity made in the arena, or -1 (none: made elsewhere) */
    const ap__prepare *pr;   /* scratch requests and owned tensors (scratch.c) */
    ap__trace *tr;
    uint8_t phase;
    int32_t sg, op;
    int32_t tensor;          /* the tensor the next allocation is for, or -1 */
    int64_t read;            /* the next allocation's bytes read once filled (-1: all) */
    resource *res;
    size_t n_res, cap_res;
    handle *hd;
    size_t n_hd, cap_hd;
    ap_error *err;
} ctx;

/* ---- The trace -------------------------------------------------------------------------------- */

static ap_status push(ctx *c, uint8_t kind, uint8_t cat, int64_t size, int64_t align,
                      const char *what)
{
    ap__trace *tr = c->tr;
    if (size < 0)
        return ap_error_set(c->err, AP_ERR_INPUT, "subgraph %d operator %d: an allocation of "
                            "%lld bytes", c->sg, c->op, (long long)size);
    if (size > AP_MAX_VALUE || AP_MAX_VALUE - tr->total < size + align)
        return ap_error_set(c->err, AP_ERR_INPUT,
                            "subgraph %d operator %d: an allocation of %lld bytes takes TFLM's "
                            "arena past 2^52 bytes", c->sg, c->op, (long long)size);
    tr->total += size + align;
    ap__trace_ev *nv = ap__grow(tr->v, &tr->cap, tr->n + 1, sizeof *nv);
    if (!nv)
        return ap_error_set(c->err, AP_ERR_NOMEM, "out of memory tracing TFLM's arena");
    tr->v = nv;
    nv[tr->n++] = (ap__trace_ev){kind, cat, c->phase, 0, 0, c->sg, c->op, c->tensor, size,
                                 align, what, c->read >= 0 ? c->read : size};
    if (kind == AP__EV_PERSIST) {
        tr->use[cat].requested += size;
        tr->use[cat].count++;
    }
    return AP_OK;
}

static ap_status layout(ctx *c, const char *name, ap__layout *l)
{
    return ap__layout_of(c->t, name, l, c->err);
}

/* A persistent object of a struct of the layout table, at its own alignment. */
static ap_status object(ctx *c, const char *name, int64_t count, uint8_t cat)
{
    ap__layout l;
    ap_status st = layout(c, name, &l);
    if (st != AP_OK)
        return st;
    int64_t bytes;
    if (ap__mul_ovf(l.size, count, &bytes))
        return ap_error_set(c->err, AP_ERR_INPUT, "%lld %s are too many bytes", (long long)count,
                            name);
    return push(c, AP__EV_PERSIST, cat, bytes, l.align, name);
}

/* The allocations of a TfLiteTensor for x: in the tail (persistent: the interpreter's inputs
 * and outputs) or in the temporary section (a kernel's Prepare). TFLM copies the quantization
 * when the tensor has both scales and zero points. */
static ap_status tensor_allocs(ctx *c, const ap_tfl_tensor *x, int persistent)
{
    ap__layout lt, lq, la;
    ap_status st;
    if ((st = layout(c, "TfLiteTensor", &lt)) != AP_OK ||
        (st = layout(c, "TfLiteAffineQuantization", &lq)) != AP_OK ||
        (st = layout(c, "TfLiteIntArray", &la)) != AP_OK)
        return st;
    uint8_t kind = persistent ? AP__EV_PERSIST : AP__EV_TEMP;
    if ((st = push(c, kind, AP_TFLM_PERSISTENT_TENSOR, lt.size, lt.align, "TfLiteTensor")) !=
        AP_OK)
        return st;
    if (!persistent) { /* the end of its dims pointer (AP__CLEAR_TENSOR_DIMS, rows.h) */
        ap__layout ld;
        if ((st = ap__layout_fields(c->t, "TfLiteQuantization TfLiteQuantizationParams ptr ptr",
                                    &ld, c->err)) != AP_OK)
            return st;
        c->tr->v[c->tr->n - 1].keep_fields = (uint8_t)ld.dsize;
    }
    if (x->n_scales == 0 || x->n_zero_points == 0)
        return AP_OK;
    /* Of a temporary tensor's quantization, DeallocateTempTfLiteTensor reads the zero-point
     * pointer (after the scale pointer); the zero points themselves no one reads. A kernel may
     * read all its fields after writing a buffer (AP__CLEAR_QUANT): their end is kept too. */
    c->read = 2 * (int64_t)c->t->ptr;
    st = push(c, kind, AP_TFLM_QUANTIZATION, lq.size, lq.align, "TfLiteAffineQuantization");
    c->read = 0;
    if (st == AP_OK && !persistent) {
        c->tr->v[c->tr->n - 1].clear = 1;
        c->tr->v[c->tr->n - 1].keep_fields = (uint8_t)lq.dsize;
    }
    if (st == AP_OK)
        st = push(c, kind, AP_TFLM_QUANTIZATION, la.size + 4 * (int64_t)x->n_scales, la.align,
                  "zero points (TfLiteIntArray)");
    c->read = -1;
    return st;
}

static ap_status tensor_struct(ctx *c, const ap_tfl_tensor *x, int persistent)
{
    c->tensor = (int32_t)x->index;
    ap_status st = tensor_allocs(c, x, persistent);
    c->tensor = -1;
    return st;
}

/* TFLM cannot load the model: refusal r is the trace's, and its sentence the error. */
static ap_status refused(ctx *c, const ap_tflm_refusal *r)
{
    c->tr->refusal = *r;
    return ap_error_set(c->err, AP_ERR_INPUT, "%s", r->message);
}

/* TFLM's step (Init, Prepare, parsing) fails (kind AP_TFLM_REFUSES) or aborts (AP_TFLM_ABORTS) on
 * operator op because what (and e's message, when not NULL), at src (NULL: not known). */
static ap_status fault_at(ctx *c, const ap_tfl_operator *op, ap_tflm_refusal_kind kind,
                          const char *what, const ap_error *e, const char *src)
{
    ap_tflm_refusal r;
    char text[AP_ERROR_MAX + 256];
    snprintf(text, sizeof text, "%s%s%s", what, e ? ": " : "", e ? e->msg : "");
    ap__prepare_refusal_set(&r, kind, c->sg, (int32_t)op->index, op->name, text, src,
                    c->phase == AP_TFLM_PHASE_INIT      ? "Init"
                    : c->phase == AP_TFLM_PHASE_PREPARE ? "Prepare"
                                                        : "op resolver");
    return refused(c, &r);
}

static ap_status fault(ctx *c, const ap_tfl_operator *op, const char *what, const ap_error *e)
{
    return fault_at(c, op, AP_TFLM_REFUSES, what, e, NULL);
}

/* Runs the rows of one operator's step: Init or Prepare. */
static ap_status rows(ctx *c, const ap_tfl_subgraph *g, const ap_tfl_operator *op, int step)
{
    const ap__krow *r;
    size_t n;
    ap__rows_find(c->set->table, ap__opcodes_code(op), &r, &n); /* known: the parse phase checked */
    ap__xdef defs[AP__ROWS_MAX_DEFS];
    ap__xctx x = {.t = c->t, .m = c->m, .g = g, .op = op, .build = &c->set->build, .defs = defs,
                  .n_defs = ap__rows_defs(r, n, defs)};
    for (size_t k = 0; k < n; k++) {
        if (r[k].step != step || (r[k].kind != AP__ROW_PERSIST && r[k].kind != AP__ROW_TEMP))
            continue;
        int64_t times = 1, v;
        ap_error e = {0};
        ap_status st;
        if (r[k].repeat && (st = ap__expr_eval(r[k].repeat, &x, &times, &e)) != AP_OK)
            return st == AP_ERR_INPUT ? fault(c, op, "the kernel would fail", &e)
                                      : ap_error_set(c->err, st, "%s", e.msg);
        if (times > (int64_t)1 << 20)
            return fault(c, op, "a kernel table row repeats more than 2^20 times", NULL);
        for (x.i = 0; x.i < times; x.i++) {
            if (r[k].when) {
                if ((st = ap__expr_eval(r[k].when, &x, &v, &e)) != AP_OK)
                    return st == AP_ERR_INPUT ? fault(c, op, "the kernel would fail", &e)
                                              : ap_error_set(c->err, st, "%s", e.msg);
                if (!v)
                    continue;
            }
            if ((st = ap__expr_eval(r[k].expr, &x, &v, &e)) != AP_OK)
                return st == AP_ERR_INPUT ? fault(c, op, "the kernel would fail", &e)
                                          : ap_error_set(c->err, st, "%s", e.msg);
            if (r[k].kind == AP__ROW_PERSIST) {
                st = push(c, AP__EV_PERSIST, AP_TFLM_PERSISTENT_BUFFER, v, 16, r[k].what);
                if (st == AP_OK)
                    c->tr->v[c->tr->n - 1].clear = r[k].clear;
            }
            else if (v >= 0 && v < (int64_t)g->n_tensors)
                st = tensor_struct(c, &g->tensors[v], 0);
            if (st != AP_OK)
                return st;
        }
    }
    return AP_OK;
}

/* ---- Resource variables (VAR_HANDLE, ASSIGN_VARIABLE) ----------------------------------------
 * Code, not rows, because this is state across operators: VAR_HANDLE finds or creates a
 * resource by its container and shared_name (strings of its options) and ASSIGN_VARIABLE
 * allocates the variable's buffer only the first time any operator assigns it. A row sees one
 * operator; the rows of these two say what each allocates on its own (reference.c), and the
 * code below adds what depends on the operators before. */

/* VarHandleOptions' string field id (0 container, 1 shared_name), or NULL. */
static ap_status var_name(ctx *c, const ap_tfl_operator *op, unsigned id,
                          const unsigned char **s, uint32_t *n)
{
    *s = NULL;
    *n = 0;
    if (op->options_pos == 0)
        return AP_OK;
    ap__fb fb = {c->m->data, c->m->len};
    ap__fb_table t;
    ap_status st = ap__fb_table_at(&fb, op->options_pos, "VarHandleOptions", &t, c->err);
    if (st != AP_OK)
        return st;
    return ap__fb_get_str(&fb, &t, id, "VarHandleOptions", s, n, c->err);
}

static int same(const unsigned char *a, uint32_t na, const unsigned char *b, uint32_t nb)
{
    return na == nb && (na == 0 || memcmp(a, b, na) == 0);
}

/* VAR_HANDLE's Prepare: MicroResourceVariables::CreateIdIfNoneFound, and the output tensor
 * now points at the id. */
static ap_status var_handle(ctx *c, const ap_tfl_operator *op)
{
    const unsigned char *cont, *name;
    uint32_t nc, nn;
    ap_status st;
    if ((st = var_name(c, op, 0, &cont, &nc)) != AP_OK ||
        (st = var_name(c, op, 1, &name, &nn)) != AP_OK)
        return st;
    if (!name)
        return fault_at(c, op, AP_TFLM_ABORTS, "VAR_HANDLE has no shared_name (FindId reads a "
                        "null string)", NULL, "micro_resource_variable.cc:152");
    size_t id = 0;
    while (id < c->n_res && !((!cont || (c->res[id].container &&
                                         same(cont, nc, c->res[id].container,
                                              c->res[id].container_len))) &&
                              same(name, nn, c->res[id].name, c->res[id].name_len)))
        id++;
    if (id == c->n_res) {
        if (c->capacity >= 0 && (int64_t)c->n_res >= c->capacity) {
            char what[128];
            snprintf(what, sizeof what, "a resource variable past MicroResourceVariables' "
                     "capacity of %lld", (long long)c->capacity);
            return fault(c, op, what, NULL);
        }
        resource *nr = ap__grow(c->res, &c->cap_res, c->n_res + 1, sizeof *nr);
        if (!nr)
            return ap_error_set(c->err, AP_ERR_NOMEM, "out of memory tracing TFLM's arena");
        c->res = nr;
        nr[c->n_res++] = (resource){cont, name, nc, nn, 0};
    }
    if (op->n_outputs == 0)
        return fault(c, op, "VAR_HANDLE has no output", NULL);
    handle *nh = ap__grow(c->hd, &c->cap_hd, c->n_hd + 1, sizeof *nh);
    if (!nh)
        return ap_error_set(c->err, AP_ERR_NOMEM, "out of memory tracing TFLM's arena");
    c->hd = nh;
    nh[c->n_hd++] = (handle){(uint32_t)c->sg, op->outputs[0], id};
    return AP_OK;
}

/* ASSIGN_VARIABLE's Prepare, after its temporary tensor: when its resource id tensor was set
 * by a VAR_HANDLE already prepared, MicroResourceVariables::Allocate gives the variable its
 * buffer the first time (tensor->bytes of the value, through AllocatePersistentBuffer). */
/* The resource a constant INT32 id tensor names (its first value), or -1: ASSIGN_VARIABLE reads
 * the id's data in Prepare, so a constant id is one VAR_HANDLE need not have set. */
static int64_t constant_id(const ctx *c, const ap_tfl_tensor *id)
{
    const ap_tfl_buffer *b;
    if (id->type != AP_TFL_INT32 || !id->is_constant || id->buffer >= c->m->n_buffers)
        return -1;
    b = &c->m->buffers[id->buffer];
    if (b->data_len < 4 || b->data_pos + 4 > c->m->len)
        return -1;
    const unsigned char *p = c->m->data + b->data_pos;
    return (int32_t)((uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
                     (uint32_t)p[3] << 24);
}

static ap_status assign_variable(ctx *c, const ap_tfl_subgraph *g, const ap_tfl_operator *op)
{
    int64_t id = -1;
    if (op->n_inputs < 2 || op->inputs[0] < 0 || op->inputs[1] < 0)
        return fault(c, op, "ASSIGN_VARIABLE needs 2 inputs", NULL);
    for (size_t k = 0; k < c->n_hd && id < 0; k++)
        if (c->hd[k].sg == (uint32_t)c->sg && c->hd[k].tensor == op->inputs[0])
            id = (int64_t)c->hd[k].resource;
    if (id < 0 && (id = constant_id(c, &g->tensors[op->inputs[0]])) >= 0 &&
        id >= (int64_t)c->n_res) /* MicroResourceVariables::Allocate */
        return fault_at(c, op, AP_TFLM_REFUSES, "a constant resource id no VAR_HANDLE made",
                        NULL, "micro_resource_variable.cc:85");
    if (id < 0)
        return AP_OK;
    resource *r = &c->res[id];
    if (r->allocated)
        return AP_OK;
    r->allocated = 1;
    const ap_tfl_tensor *v = &g->tensors[op->inputs[1]];
    int64_t bytes;
    if (ap__mul_ovf(v->elements, ap_tfl_tflm_type_size(v->type), &bytes))
        return fault(c, op, "a resource variable past 2^63 bytes", NULL);
    return push(c, AP__EV_PERSIST, AP_TFLM_PERSISTENT_BUFFER, bytes, 16,
                "resource variable buffer");
}

/* ---- AllocateTensors, step by step -------------------------------------------------------------- */

/* MicroAllocator::Create: the buffer allocator, the planner, the MicroAllocator; with two
 * buffers (micro_allocator.cc:582) a PersistentArenaBufferAllocator and, in the persistent
 * buffer too, a NonPersistentArenaBufferAllocator take the first one's place. */
static ap_status allocator_objects(ctx *c, int split)
{
    ap_status st;
    const char *buf = c->recording ? "RecordingSingleArenaBufferAllocator"
                                   : "SingleArenaBufferAllocator";
    const char *alloc = c->recording ? "RecordingMicroAllocator" : "MicroAllocator";
    const uint8_t cat = AP__CAT_OTHER + AP_TFLM_OTHER_RUNTIME;
    if (split && ((st = object(c, "PersistentArenaBufferAllocator", 1, cat)) != AP_OK ||
                  (st = object(c, "NonPersistentArenaBufferAllocator", 1, cat)) != AP_OK))
        return st;
    if ((!split && (st = object(c, buf, 1, cat)) != AP_OK) ||
        (st = object(c, "GreedyMemoryPlanner", 1, cat)) != AP_OK)
        return st;
    return object(c, alloc, 1, cat);
}

static ap_status create(ctx *c, const ap__trace_input *in)
{
    ap_status st;
    c->phase = AP_TFLM_PHASE_CREATE;
    if (!in->later && (st = allocator_objects(c, in->split)) != AP_OK)
        return st;
    /* A model with resource variables needs the application's MicroResourceVariables, made
     * in the same arena right after the allocator (MicroResourceVariables::Create(allocator,
     * n): the object, then n variable slots, through AllocatePersistentBuffer). */
    int64_t n = c->resource_slots;
    if (n < 0) {
        n = 0;
        for (uint32_t s = 0; s < c->m->n_subgraphs; s++)
            for (uint32_t i = 0; i < c->m->subgraphs[s].n_ops; i++)
                n += c->m->subgraphs[s].ops[i].builtin == AP_TFL_OP_VAR_HANDLE;
    }
    c->capacity = n ? n : -1;
    if (n == 0)
        return AP_OK;
    ap__layout vars, var;
    if ((st = layout(c, "MicroResourceVariables", &vars)) != AP_OK ||
        (st = layout(c, "MicroResourceVariable", &var)) != AP_OK ||
        (st = push(c, AP__EV_PERSIST, AP_TFLM_PERSISTENT_BUFFER, vars.size, 16,
                   "MicroResourceVariables")) != AP_OK)
        return st;
    return push(c, AP__EV_PERSIST, AP_TFLM_PERSISTENT_BUFFER, var.size * n, 16,
                "resource variable slots");
}

static ap_status start(ctx *c)
{
    const ap_tfl_model *m = c->m;
    ap__layout req;
    ap_status st;
    c->phase = AP_TFLM_PHASE_START;
    if ((st = object(c, "MicroBuiltinDataAllocator", 1, AP__CAT_OTHER + AP_TFLM_OTHER_RUNTIME)) !=
            AP_OK ||
        (st = layout(c, "ScratchBufferRequest", &req)) != AP_OK ||
        (st = push(c, AP__EV_RESIZE, 0, 12 * req.size, req.align, "scratch-request list")) != AP_OK ||
        (st = object(c, "SubgraphAllocations", m->n_subgraphs,
                     AP__CAT_OTHER + AP_TFLM_OTHER_SUBGRAPHS)) != AP_OK)
        return st;
    for (uint32_t s = 0; s < m->n_subgraphs; s++)
        if ((st = object(c, "TfLiteEvalTensor", m->subgraphs[s].n_tensors,
                         AP_TFLM_EVAL_TENSOR)) != AP_OK)
            return st;
    for (uint32_t s = 0; s < m->n_subgraphs; s++)
        if ((st = object(c, "NodeAndRegistration", m->subgraphs[s].n_ops,
                         AP_TFLM_NODE_AND_REGISTRATION)) != AP_OK)
            return st;
    /* RecordingMicroAllocator counts one per tensor and one per operator. */
    c->tr->use[AP_TFLM_EVAL_TENSOR].count = 0;
    c->tr->use[AP_TFLM_NODE_AND_REGISTRATION].count = 0;
    for (uint32_t s = 0; s < m->n_subgraphs; s++) {
        c->tr->use[AP_TFLM_EVAL_TENSOR].count += m->subgraphs[s].n_tensors;
        c->tr->use[AP_TFLM_NODE_AND_REGISTRATION].count += m->subgraphs[s].n_ops;
    }
    return AP_OK;
}

/* PrepareNodeAndRegistrationDataFromFlatbuffer: every operator needs a registration (the
 * kernel set's tables must know it) and a builtin one gets its parsed params. */
static ap_status parse(ctx *c)
{
    const ap_tfl_model *m = c->m;
    c->phase = AP_TFLM_PHASE_PARSE;
    /* An operator TFLM has no kernel for fails GetRegistrationFromOpCode: nothing loads. */
    for (uint32_t s = 0; s < m->n_subgraphs; s++) {
        c->sg = (int32_t)s;
        for (uint32_t i = 0; i < m->subgraphs[s].n_ops; i++) {
            const ap_tfl_operator *op = &m->subgraphs[s].ops[i];
            ap_tflm_refusal r;
            if (ap__opcodes_tflm_has(op))
                continue;
            ap__prepare_refusal_set(&r, AP_TFLM_NO_KERNEL, (int32_t)s, (int32_t)i, op->name,
                            "no registration in MicroMutableOpResolver", NULL, "op resolver");
            return refused(c, &r);
        }
    }
    for (uint32_t s = 0; s < m->n_subgraphs; s++) {
        const ap_tfl_subgraph *g = &m->subgraphs[s];
        c->sg = (int32_t)s;
        for (uint32_t i = 0; i < g->n_ops; i++) {
            const ap_tfl_operator *op = &g->ops[i];
            const ap__krow *r;
            size_t n;
            c->op = (int32_t)i;
            int builtin = op->builtin != AP_TFL_OP_CUSTOM;
            int32_t code = ap__opcodes_code(op);
            const ap__krow *pa = builtin ? ap__rows_parser(c->set->table, code) : NULL;
            if (!ap__rows_find(c->set->table, code, &r, &n) || !ap__rows_allocate(r, n) ||
                (builtin && !pa)) {
                /* a refusal found in Prepare stands: TFLM cannot load the model either way */
                if (c->pr->refusal.kind != AP_TFLM_LOADS)
                    return refused(c, &c->pr->refusal);
                return ap_error_set(c->err, AP_ERR_INPUT,
                                    "subgraph %u operator %u: %s %s is not modelled for TFLM's "
                                    "%s kernels (TFLM has the kernel; arenaplan has no table "
                                    "rows for it in src/tflm_kernels/)",
                                    s, i, builtin ? "builtin operator" : "custom operator",
                                    op->name, c->set->arena_name);
            }
            if (builtin && op->custom_options_pos)
                return fault(c, op, "a builtin operator with custom options (TFLM refuses it)",
                             NULL);
            if (pa && pa->expr) {
                ap_status st = object(c, pa->expr, 1, AP__CAT_OTHER + AP_TFLM_OTHER_PARAMS);
                if (st != AP_OK)
                    return st;
            }
        }
    }
    c->op = -1;
    return AP_OK;
}

static ap_status init(ctx *c)
{
    const ap_tfl_model *m = c->m;
    c->phase = AP_TFLM_PHASE_INIT;
    for (uint32_t s = 0; s < m->n_subgraphs; s++) {
        c->sg = (int32_t)s;
        for (uint32_t i = 0; i < m->subgraphs[s].n_ops; i++) {
            c->op = (int32_t)i;
            ap_status st = rows(c, &m->subgraphs[s], &m->subgraphs[s].ops[i], AP__STEP_INIT);
            if (st != AP_OK)
                return st;
        }
    }
    c->op = -1;
    return AP_OK;
}

static ap_status prepare(ctx *c)
{
    const ap_tfl_model *m = c->m;
    ap__layout req;
    ap_status st = layout(c, "ScratchBufferRequest", &req);
    size_t next = 0;
    int64_t requests = 0;
    if (st != AP_OK)
        return st;
    c->phase = AP_TFLM_PHASE_PREPARE;
    for (uint32_t s = 0; s < m->n_subgraphs; s++) {
        const ap_tfl_subgraph *g = &m->subgraphs[s];
        c->sg = (int32_t)s;
        for (uint32_t i = 0; i < g->n_ops; i++) {
            const ap_tfl_operator *op = &g->ops[i];
            c->op = (int32_t)i;
            /* the operator whose Prepare fails (scratch.c found it): AllocateTensors stops */
            if (c->pr->refusal.kind != AP_TFLM_LOADS && c->pr->refusal.subgraph == (int32_t)s &&
                c->pr->refusal.op == (int32_t)i)
                return refused(c, &c->pr->refusal);
            if ((st = rows(c, g, op, AP__STEP_PREPARE)) != AP_OK)
                return st;
            if (op->builtin == AP_TFL_OP_VAR_HANDLE)
                st = var_handle(c, op);
            else if (op->builtin == AP_TFL_OP_ASSIGN_VARIABLE)
                st = assign_variable(c, g, op);
            if (st != AP_OK)
                return st;
            /* The scratch requests this operator made (tflm_kernels/scratch.c, same order), then
             * FinishPrepareNodeAllocations: temp released, the request list resized to leave
             * room for 12 more. */
            while (next < c->pr->n && c->pr->v[next].subgraph == s && c->pr->v[next].op == i) {
                next++;
                requests++;
            }
            if ((st = push(c, AP__EV_RESET, 0, 0, 1, "temporary section released")) != AP_OK ||
                (st = push(c, AP__EV_RESIZE, 0, (requests + 12) * req.size, req.align,
                           "scratch-request list")) != AP_OK)
                return st;
        }
    }
    c->op = -1;
    c->tr->scratch = requests;
    return AP_OK;
}

/* What CommitStaticMemoryPlan refuses before it plans (micro_allocation_info.cc): an offline
 * plan whose entry count is not the tensor count (GetOfflinePlannedOffsets), then, subgraph by
 * subgraph (InitializeAllocationInfo), an intermediate tensor TFLM cannot size or with a size
 * (ValidateSubgraph), a tensor whose type TFLM cannot size (TfLiteEvalTensorByteLength). A
 * Prepare that took a temporary of such a tensor failed before (its kernel's NEED row). The
 * problem was built without them (ap_tflite_build_options.allow_refusal). */
static ap_status allocator_checks(ctx *c, int64_t tensors)
{
    const ap_tfl_model *m = c->m;
    ap_tflm_refusal r;
    char text[256];
    if (m->offline.present && (int64_t)m->offline.n != tensors) {
        snprintf(text, sizeof text, "Nbr of offline buffer offsets (%u) in metadata not equal "
                 "nbr tensors (%lld)", m->offline.n, (long long)tensors);
        ap__prepare_refusal_set(&r, AP_TFLM_REFUSES, -1, -1, NULL, text,
                                "micro_allocation_info.cc:361", "allocator");
        return refused(c, &r);
    }
    for (uint32_t s = 0; s < m->n_subgraphs; s++) {
        const ap_tfl_subgraph *g = &m->subgraphs[s];
        for (uint32_t i = 0; i < g->n_ops; i++)
            for (uint32_t k = 0; k < g->ops[i].n_intermediates; k++) {
                const ap_tfl_tensor *t = &g->tensors[g->ops[i].intermediates[k]];
                int64_t sz = ap_tfl_tflm_type_size(t->type);
                if (sz != 0 && t->elements == 0)
                    continue;
                if (sz == 0)
                    snprintf(text, sizeof text, "intermediate tensor %u (%s) has type %s, which "
                             "TFLM cannot size", t->index, t->name, ap_tfl_type_name(t->type));
                else
                    snprintf(text, sizeof text, "Does not support intermediate tensor with "
                             "non-zero size: %lld (tensor %u, %s)", (long long)(t->elements * sz),
                             t->index, t->name);
                ap__prepare_refusal_set(&r, AP_TFLM_REFUSES, (int32_t)s, (int32_t)i,
                                        g->ops[i].name, text, sz == 0 ?
                                        "micro_allocation_info.cc:165" :
                                        "micro_allocation_info.cc:167", "allocator");
                return refused(c, &r);
            }
        for (uint32_t i = 0; i < g->n_tensors; i++) {
            const ap_tfl_tensor *t = &g->tensors[i];
            if (ap_tfl_tflm_type_size(t->type) != 0)
                continue;
            snprintf(text, sizeof text, "subgraph %u tensor %u (%s) has type %s, which TFLM "
                     "cannot size (TfLiteTypeSizeOf fails)", s, i, t->name,
                     ap_tfl_type_name(t->type));
            ap__prepare_refusal_set(&r, AP_TFLM_REFUSES, -1, -1, NULL, text,
                                    "micro_allocation_info.cc:197", "allocator");
            return refused(c, &r);
        }
    }
    return AP_OK;
}

/* FinishModelAllocation: scratch handles, then CommitStaticMemoryPlan. */
static ap_status plan(ctx *c)
{
    const ap_tfl_model *m = c->m;
    ap__layout sz, info;
    int64_t tensors = 0, bytes;
    ap_status st;
    c->phase = AP_TFLM_PHASE_PLAN;
    c->sg = -1;
    if (c->tr->scratch > 0 &&
        (st = object(c, "ScratchBufferHandle", c->tr->scratch,
                     AP__CAT_OTHER + AP_TFLM_OTHER_SCRATCH_HANDLES)) != AP_OK)
        return st;
    for (uint32_t s = 0; s < m->n_subgraphs; s++)
        tensors += m->subgraphs[s].n_tensors;
    if ((st = layout(c, "AllocationInfo", &info)) != AP_OK)
        return st;
    sz = (ap__layout){c->t->ptr, c->t->ptr, c->t->ptr};
    if ((st = push(c, AP__EV_TEMP, 0, sz.size * m->n_subgraphs, sz.align,
                   "subgraph offsets (size_t)")) != AP_OK ||
        (st = push(c, AP__EV_TEMP, 0, info.size * (tensors + c->tr->scratch), info.align,
                   "AllocationInfo per tensor and scratch request")) != AP_OK ||
        (st = allocator_checks(c, tensors)) != AP_OK)
        return st;
    /* AllocateVariables indexes the offline plan by the tensor's index in its own subgraph
     * (InitializeAllocationInfo reads it concatenated): TFLM's code, kept. allocator_checks
     * refused a plan whose entry count is not the tensor count (and a variable TFLM cannot
     * size, which AllocateVariables would refuse a step earlier). */
    const int32_t *off = m->offline.present ? m->offline.offsets : NULL;
    for (uint32_t s = 0; s < m->n_subgraphs; s++) {
        const ap_tfl_subgraph *g = &m->subgraphs[s];
        c->sg = (int32_t)s;
        for (uint32_t i = 0; i < g->n_tensors; i++) {
            const ap_tfl_tensor *x = &g->tensors[i];
            if (!x->is_variable || !(ap_tflm_variable_place(m, off, s, i) & AP_TFLM_VAR_TAIL))
                continue;
            if (ap__mul_ovf(x->elements, ap_tfl_tflm_type_size(x->type), &bytes))
                return ap_error_set(c->err, AP_ERR_INPUT, "variable tensor %u of subgraph %u is "
                                    "past 2^63 bytes", i, s);
            c->tensor = (int32_t)i;
            st = push(c, AP__EV_PERSIST, AP_TFLM_VARIABLE_BUFFER, bytes, 16, "variable tensor data");
            c->tensor = -1;
            if (st != AP_OK)
                return st;
        }
    }
    c->sg = -1;
    if ((st = layout(c, "GreedyPlannerPerBuffer", &info)) != AP_OK ||
        (st = push(c, AP__EV_PLAN, 0, info.size * c->tr->planned, 16,
                   "memory planner scratch (all free bytes; 40 per buffer needed)")) != AP_OK ||
        (st = push(c, AP__EV_RESET, 0, 0, 1, "temporary section released")) != AP_OK)
        return st;
    return push(c, AP__EV_RESIZE, 0, 0, 1, "scratch-request list released");
}

/* The head reserved, then the interpreter's input and output TfLiteTensors. */
static ap_status finish(ctx *c)
{
    const ap_tfl_subgraph *g = &c->m->subgraphs[0];
    ap_status st;
    c->phase = AP_TFLM_PHASE_FINISH;
    c->sg = 0;
    if ((st = push(c, AP__EV_RESIZE, 0, c->head, 16, "head (the planned buffers)")) != AP_OK)
        return st;
    for (int out = 0; out < 2; out++) {
        const int32_t *v = out ? g->outputs : g->inputs;
        uint32_t n = out ? g->n_outputs : g->n_inputs;
        if ((st = push(c, AP__EV_PERSIST, AP_TFLM_PERSISTENT_BUFFER, (int64_t)c->t->ptr * n, 16,
                       out ? "output tensor pointers" : "input tensor pointers")) != AP_OK)
            return st;
        for (uint32_t i = 0; i < n; i++)
            if (v[i] >= 0 && (st = tensor_struct(c, &g->tensors[v[i]], 1)) != AP_OK)
                return st;
    }
    return AP_OK;
}

static ap_status build(ctx *c, const ap__trace_input *in)
{
    ap_status st;
    c->sg = c->op = -1;
    if ((st = create(c, in)) != AP_OK || (st = start(c)) != AP_OK || (st = parse(c)) != AP_OK ||
        (st = init(c)) != AP_OK || (st = prepare(c)) != AP_OK || (st = plan(c)) != AP_OK)
        return st;
    return finish(c);
}

/* ---- The entry ------------------------------------------------------------------------------ */

ap_status ap__trace_build(const ap__trace_input *in, ap__trace *tr, ap_error *err)
{
    ctx c = {
        .m = in->m,
        .t = in->set->target,
        .set = in->set,
        .recording = in->recording,
        .head = in->head,
        .resource_slots = in->resource_slots,
        .capacity = -1,
        .pr = in->prepare,
        .tr = tr,
        .sg = -1,
        .op = -1,
        .tensor = -1,
        .read = -1,
        .err = err,
    };
    memset(tr, 0, sizeof *tr);
    tr->planned = in->planned;
    ap_status st = build(&c, in);
    free(c.res);
    free(c.hd);
    return st;
}

void ap__trace_free(ap__trace *tr)
{
    free(tr->v);
    memset(tr, 0, sizeof *tr);
}
