/*
 * lifetime.c - ap_tfl_model -> ap_problem: the buffers TFLM's memory planner receives at
 * AllocateTensors(), with the lifetimes TFLM's AllocationInfoBuilder gives them.
 *
 * The rules follow tflite-micro's micro_allocation_info.cc and micro_allocator.cc (read at the
 * commit the reference figures were measured with, 90b983c2b); docs/tflite.md states them:
 * - every tensor of every subgraph gets an entry: its TFLM byte length (elements times
 *   TfLiteTypeSizeOf), first_created = last_used = -1, planned ("needs allocating") when its
 *   buffer holds no data, it is not a variable and its length is not 0;
 * - an offline plan's entries are read concatenated (one index runs across all subgraphs'
 *   tensors); a variable tensor whose entry is not -1 is planned as well, at that entry, and
 *   AllocateVariables decides its tail bytes from entry i of its subgraph-local index i
 *   (ap_tflm_variable_place);
 * - one scope counter walks subgraph 0: its inputs are created and used at the current scope;
 *   each operator opens a scope (+1) where its outputs are created; IF, WHILE and CALL_ONCE
 *   then walk their subgraphs, each opening a further scope; then the operator's inputs and
 *   outputs are used at the current scope, and its scratch buffers are created at the
 *   operator's scope and used at the current one; at the end the subgraph's outputs are
 *   created and used at the current scope. "Created" sets first_created only while it is -1
 *   (UpdateFirstCreated), "used" sets last_used (UpdateLastUsed): a tensor of a subgraph walked
 *   twice lives from its first creation to its last use;
 * - the planner receives the planned entries in order (subgraph by subgraph, tensor by tensor),
 *   then the scratch requests, sizes rounded up to 16, lifetime [first_created, last_used + 1).
 *
 * The folder src/tflm/: a model -> the problem TFLM's planner receives (lifetimes, scratch
 * buffers, sharing rules, offline plans), and the operator orders TFLM allows.
 */
#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/tflite.h"
#include "arenaplan/tflm.h"
#include "core/util.h"
#include "tflm_kernels/kernel_sets.h"
#include "tflm_kernels/prepare.h"
#include "tflm_kernels/scratch.h"
#include "tflm/lifetime.h"
#include "tflm/sharing.h"

#define TFLM_ALIGN 16          /* MicroArenaBufferAlignment() */
#define MAX_CALL_DEPTH 256     /* nested IF/WHILE/CALL_ONCE subgraphs */
#define MAX_VISITS (1L << 20)  /* operator visits across all subgraph walks (each adds a label) */

typedef struct entry {
    int64_t bytes;
    int64_t first, last;
    int needs;
} entry;

typedef struct walker {
    const ap_tfl_model *m;
    entry *e;            /* tensors of all subgraphs, then scratch requests */
    size_t n_tensors;    /* entries for tensors */
    const ap__prepare *scratch;
    size_t *scratch_first; /* per subgraph: index of its first scratch request */
    int64_t scope;
    long visits;
    int depth;
    unsigned char *active; /* subgraphs being walked (loop detection) */
    int32_t *stack;        /* subgraph path, for messages */
    ap_problem *p;         /* step labels go here */
    ap_error *err;
} walker;

static const char *op_label(char *buf, size_t n, uint32_t s, uint32_t i, const char *name)
{
    if (s == 0)
        snprintf(buf, n, "op %u %s", i, name);
    else
        snprintf(buf, n, "op %u:%u %s", s, i, name);
    return buf;
}

/* UpdateFirstCreated: only the first creation counts. */
static void created(entry *x, int64_t scope)
{
    if (x->first == -1)
        x->first = scope;
}

static void used(entry *x, int64_t scope)
{
    x->last = scope;
}

static ap_status walk(walker *w, uint32_t s);

/* MarkSubgraphLifetimesIfNecessary: TFLM switches on the operator code's extended builtin_code
 * field (not the resolved code); each invoked subgraph opens a new scope. */
static ap_status walk_calls(walker *w, uint32_t s, const ap_tfl_operator *op)
{
    int32_t raw = w->m->opcodes[op->opcode_index].builtin_code_field;
    if (raw != AP_TFL_OP_IF && raw != AP_TFL_OP_WHILE && raw != AP_TFL_OP_CALL_ONCE)
        return AP_OK;
    for (int k = 0; k < 2; k++) {
        int32_t c = op->calls[k];
        if (c < 0)
            continue;
        char lab[160], from[96];
        w->scope++;
        snprintf(lab, sizeof lab, "subgraph %d (from %s)", (int)c,
                 op_label(from, sizeof from, s, op->index, op->name));
        ap_status st = ap_problem_add_label(w->p, w->scope, lab, w->err);
        if (st != AP_OK)
            return st;
        if (w->active[c]) {
            char path[256];
            size_t k2 = 0;
            for (int d = 0; d < w->depth && k2 + 16 < sizeof path; d++)
                k2 += (size_t)snprintf(path + k2, sizeof path - k2, "%d -> ", (int)w->stack[d]);
            snprintf(path + k2, sizeof path - k2, "%d", (int)c);
            return ap_error_set(w->err, AP_ERR_INPUT,
                                "subgraph %u operator %u (%s) invokes subgraph %d, which is "
                                "already being run: a loop of subgraph calls (%s)", s,
                                op->index, op->name, (int)c, path);
        }
        if (w->depth >= MAX_CALL_DEPTH)
            return ap_error_set(w->err, AP_ERR_INPUT,
                                "subgraph %u operator %u (%s): subgraph calls nest deeper than "
                                "%d", s, op->index, op->name, MAX_CALL_DEPTH);
        if ((st = walk(w, (uint32_t)c)) != AP_OK)
            return st;
    }
    return AP_OK;
}

/* MarkAllocationLifetimes for subgraph s. */
static ap_status walk(walker *w, uint32_t s)
{
    const ap_tfl_subgraph *g = &w->m->subgraphs[s];
    entry *e = w->e + g->first_entry;
    ap_status st;
    w->active[s] = 1;
    w->stack[w->depth++] = (int32_t)s;
    for (uint32_t i = 0; i < g->n_inputs; i++) {
        created(&e[g->inputs[i]], w->scope);
        used(&e[g->inputs[i]], w->scope);
    }
    for (uint32_t i = 0; i < g->n_ops; i++) {
        const ap_tfl_operator *op = &g->ops[i];
        char lab[96];
        if (++w->visits > MAX_VISITS)
            return ap_error_set(w->err, AP_ERR_INPUT,
                                "subgraph calls run more than %ld operators in all (subgraph "
                                "%u operator %u, %s): refusing to expand them further",
                                MAX_VISITS, s, i, op->name);
        w->scope++;
        if ((st = ap_problem_add_label(w->p, w->scope, op_label(lab, sizeof lab, s, i, op->name),
                                       w->err)) != AP_OK)
            return st;
        for (uint32_t k = 0; k < op->n_outputs; k++)
            created(&e[op->outputs[k]], w->scope);
        int64_t start = w->scope;
        if ((st = walk_calls(w, s, op)) != AP_OK)
            return st;
        for (uint32_t k = 0; k < op->n_inputs; k++)
            if (op->inputs[k] >= 0)
                used(&e[op->inputs[k]], w->scope);
        for (uint32_t k = 0; k < op->n_outputs; k++)
            used(&e[op->outputs[k]], w->scope);
        /* This subgraph's requests are contiguous in Prepare order. */
        for (size_t k = w->scratch_first[s]; k < w->scratch_first[s + 1]; k++) {
            const ap__scratch *rq = &w->scratch->v[k];
            if (rq->op != i)
                continue;
            entry *x = &w->e[w->n_tensors + k];
            created(x, start);
            used(x, w->scope);
        }
    }
    for (uint32_t i = 0; i < g->n_outputs; i++) {
        created(&e[g->outputs[i]], w->scope);
        used(&e[g->outputs[i]], w->scope);
    }
    w->depth--;
    w->active[s] = 0;
    return AP_OK;
}

/* ---- Text for reports ----------------------------------------------------------------------- */

typedef struct strbuf {
    char *s;
    size_t n, cap;
} strbuf;

static int sb_add(strbuf *b, const char *t)
{
    size_t k = strlen(t);
    char *ns = ap__grow(b->s, &b->cap, b->n + k + 1, 1);
    if (!ns)
        return -1;
    b->s = ns;
    memcpy(b->s + b->n, t, k + 1);
    b->n += k;
    return 0;
}

/* Producer and consumer text of every tensor of subgraph g: CSR lists of operators. */
typedef struct users {
    uint32_t *prod_start, *prod;  /* operators with the tensor as output */
    uint32_t *cons_start, *cons;  /* operators with the tensor as input (once each) */
} users;

static void users_free(users *u)
{
    free(u->prod_start);
    free(u->prod);
    free(u->cons_start);
    free(u->cons);
}

static int users_build(const ap_tfl_subgraph *g, users *u)
{
    size_t nt = g->n_tensors, np = 0, nc = 0;
    memset(u, 0, sizeof *u);
    u->prod_start = ap__zalloc(nt + 1, sizeof *u->prod_start);
    u->cons_start = ap__zalloc(nt + 1, sizeof *u->cons_start);
    if (!u->prod_start || !u->cons_start)
        return -1;
    for (uint32_t i = 0; i < g->n_ops; i++) {
        const ap_tfl_operator *op = &g->ops[i];
        for (uint32_t k = 0; k < op->n_outputs; k++)
            u->prod_start[op->outputs[k] + 1]++, np++;
        for (uint32_t k = 0; k < op->n_inputs; k++)
            if (op->inputs[k] >= 0)
                u->cons_start[op->inputs[k] + 1]++, nc++;
    }
    for (size_t t = 0; t < nt; t++) {
        u->prod_start[t + 1] += u->prod_start[t];
        u->cons_start[t + 1] += u->cons_start[t];
    }
    u->prod = ap__alloc(np + 1, sizeof *u->prod);
    u->cons = ap__alloc(nc + 1, sizeof *u->cons);
    uint32_t *fp = ap__alloc(nt + 1, sizeof *fp), *fc = ap__alloc(nt + 1, sizeof *fc);
    if (!u->prod || !u->cons || !fp || !fc) {
        free(fp);
        free(fc);
        return -1;
    }
    memcpy(fp, u->prod_start, (nt + 1) * sizeof *fp);
    memcpy(fc, u->cons_start, (nt + 1) * sizeof *fc);
    for (uint32_t i = 0; i < g->n_ops; i++) {
        const ap_tfl_operator *op = &g->ops[i];
        for (uint32_t k = 0; k < op->n_outputs; k++)
            u->prod[fp[op->outputs[k]]++] = i;
        for (uint32_t k = 0; k < op->n_inputs; k++)
            if (op->inputs[k] >= 0)
                u->cons[fc[op->inputs[k]]++] = i;
    }
    free(fp);
    free(fc);
    return 0;
}

/* "op 3 CONV_2D, op 4 ADD" for ops[from..to) of list (an operator listed once). */
static int ops_text(strbuf *b, const ap_tfl_subgraph *g, uint32_t s, const uint32_t *list,
                    uint32_t from, uint32_t to)
{
    char lab[96];
    b->n = 0;
    if (sb_add(b, "") != 0)
        return -1;
    for (uint32_t k = from; k < to; k++) {
        if (k > from && list[k] == list[k - 1])
            continue; /* an operator reading a tensor twice */
        if ((k > from && sb_add(b, ", ") != 0) ||
            sb_add(b, op_label(lab, sizeof lab, s, list[k], g->ops[list[k]].name)) != 0)
            return -1;
    }
    return 0;
}

static int in_list(const int32_t *v, uint32_t n, uint32_t t)
{
    for (uint32_t i = 0; i < n; i++)
        if (v[i] == (int32_t)t)
            return 1;
    return 0;
}

/* ---- The problem ------------------------------------------------------------------------------ */

void ap_tflite_build_options_init(ap_tflite_build_options *opt)
{
    memset(opt, 0, sizeof *opt);
}

/* A variable tensor TFLM gives no memory (ap_tflm_variable_place is 0). */
static ap_status no_memory(const ap_tfl_model *m, const int32_t *offline, uint32_t s, uint32_t i,
                           ap_error *err)
{
    const ap_tfl_subgraph *g = &m->subgraphs[s];
    return ap_error_set(err, AP_ERR_INPUT,
                        "subgraph %u tensor %u (%s) is a variable that TFLM gives no memory: "
                        "AllocateVariables reads offline plan entry %u (%d, not -1) and leaves "
                        "it out of the tail, and InitializeAllocationInfo reads its entry %zu "
                        "(-1) and does not plan it", s, i, g->tensors[i].name, i, (int)offline[i],
                        g->first_entry + i);
}

/* TFLM's InitializeAllocationInfo (with ValidateSubgraph first, per subgraph); *n_var counts
 * the variables the offline plan puts in the head. */
static ap_status init_entries(const ap_tfl_model *m, entry *e, const int32_t *offline,
                              int allow_refusal, int64_t *fixed, size_t *n_var, ap_error *err)
{
    *n_var = 0;
    for (uint32_t s = 0; s < m->n_subgraphs; s++) {
        const ap_tfl_subgraph *g = &m->subgraphs[s];
        for (uint32_t i = 0; i < g->n_ops && !allow_refusal; i++) {
            const ap_tfl_operator *op = &g->ops[i];
            for (uint32_t k = 0; k < op->n_intermediates; k++) {
                const ap_tfl_tensor *t = &g->tensors[op->intermediates[k]];
                int64_t sz = ap_tfl_tflm_type_size(t->type);
                if (sz == 0 || t->elements != 0)
                    return ap_error_set(err, AP_ERR_INPUT,
                                        "subgraph %u operator %u (%s): intermediate tensor %u "
                                        "(%s) has %lld elements of %s; TFLM supports only empty "
                                        "intermediates and fails AllocateTensors", s, i,
                                        op->name, t->index, t->name, (long long)t->elements,
                                        ap_tfl_type_name(t->type));
            }
        }
        for (uint32_t i = 0; i < g->n_tensors; i++) {
            const ap_tfl_tensor *t = &g->tensors[i];
            size_t k = g->first_entry + i; /* the entry TFLM's offline_index reaches */
            entry *x = &e[k];
            int64_t sz = ap_tfl_tflm_type_size(t->type);
            if (sz == 0 && !allow_refusal)
                return ap_error_set(err, AP_ERR_INPUT,
                                    "subgraph %u tensor %u (%s, table at byte %zu) has type %s, "
                                    "which TFLM cannot size (TfLiteTypeSizeOf fails), so TFLM's "
                                    "AllocateTensors fails on this model; arenaplan does not "
                                    "plan it either", s, i, t->name, t->table_pos,
                                    ap_tfl_type_name(t->type));
            /* elements <= 2^52 (reader), sz <= 16: no overflow. */
            x->bytes = t->elements * sz;
            x->first = x->last = -1;
            x->needs = !t->is_constant && !t->is_variable && x->bytes != 0;
            fixed[k] = AP_UNFIXED;
            if (!offline)
                continue;
            if (t->is_variable) {
                int place = ap_tflm_variable_place(m, offline, s, i);
                if (place == 0)
                    return no_memory(m, offline, s, i, err);
                x->needs = (place & AP_TFLM_VAR_HEAD) != 0;
                *n_var += (size_t)x->needs;
            }
            int32_t off = offline[k];
            if (off != -1 && x->needs) {
                if (off < 0)
                    return ap_error_set(err, AP_ERR_INPUT,
                                        "offline plan entry %zu (for subgraph %u tensor %u, %s) "
                                        "is %d; offsets must be >= 0, or -1 to plan at runtime",
                                        k, s, i, t->name, (int)off);
                fixed[k] = off;
            }
        }
    }
    return AP_OK;
}

/* The tensor's type as Netron writes it: "int8[1,48,48,16]", "float32[]" for a scalar. cap >= 32;
 * a shape too long for out ends in ",...]". */
static void tensor_type(const ap_tfl_tensor *t, char *out, size_t cap)
{
    const char *name = ap_tfl_type_name(t->type);
    size_t k = 0;
    assert(cap >= 32);
    for (; name && *name && k < 20; name++)
        out[k++] = (char)tolower((unsigned char)*name);
    out[k++] = '[';
    for (uint32_t d = 0; d < t->rank; d++) {
        char dim[16];
        int w = snprintf(dim, sizeof dim, "%s%d", d ? "," : "", (int)t->shape[d]);
        if (k + (size_t)w + 6 > cap) {
            memcpy(out + k, ",...", 4);
            k += 4;
            break;
        }
        memcpy(out + k, dim, (size_t)w);
        k += (size_t)w;
    }
    out[k++] = ']';
    out[k] = 0;
}

static ap_status add_tensor(ap_problem *p, const ap_tfl_model *m, uint32_t s, uint32_t i,
                            const entry *x, int64_t fixed, const users *u, strbuf *prod,
                            strbuf *cons, ap_error *err)
{
    const ap_tfl_subgraph *g = &m->subgraphs[s];
    const ap_tfl_tensor *t = &g->tensors[i];
    char id[32], type[128];
    if (s == 0)
        snprintf(id, sizeof id, "%u", i);
    else
        snprintf(id, sizeof id, "%u:%u", s, i);
    if (ops_text(prod, g, s, u->prod, u->prod_start[i], u->prod_start[i + 1]) != 0 ||
        ops_text(cons, g, s, u->cons, u->cons_start[i], u->cons_start[i + 1]) != 0)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory building the problem");
    ap_buffer_spec sp;
    ap_buffer_spec_init(&sp);
    sp.id = id;
    sp.name = t->name;
    tensor_type(t, type, sizeof type);
    if (x->bytes != t->elements * ap_tfl_tflm_type_size(t->type)) { /* a RESIZE row's output */
        size_t n = strlen(type);
        snprintf(type + n, sizeof type - n, " (reshaped by Prepare: %lld bytes)",
                 (long long)x->bytes);
    }
    sp.type = type;
    sp.size = ap__align_up(x->bytes, TFLM_ALIGN);
    sp.lower = x->first;
    sp.upper = x->last + 1;
    sp.fixed = fixed;
    sp.preplanned = 1; /* an offline plan may share bytes on purpose (Vela) */
    if (fixed != AP_UNFIXED && fixed % TFLM_ALIGN != 0)
        sp.align = fixed & -fixed; /* an offline offset need not be 16-aligned */
    sp.kind = in_list(g->inputs, g->n_inputs, i)    ? AP_KIND_INPUT
              : in_list(g->outputs, g->n_outputs, i) ? AP_KIND_OUTPUT
                                                     : AP_KIND_ACTIVATION;
    sp.subgraph = (int32_t)s;
    sp.tensor = (int32_t)i;
    sp.producer = prod->n ? prod->s : NULL;
    sp.consumers = cons->n ? cons->s : NULL;
    return ap_problem_add(p, &sp, err);
}

/* The names of opt's three sets (tflm.h's table); AP_ERR_USAGE for a value out of its enum. */
static ap_status set_names(const ap_tflite_build_options *opt, const char **kernels,
                           const char **inplace, const char **overlap, ap_error *err)
{
    *kernels = ap_tflm_set_name(AP_TFLM_SET_KERNELS, (int)opt->kernels);
    *inplace = ap_tflm_set_name(AP_TFLM_SET_INPLACE, (int)opt->inplace);
    *overlap = ap_tflm_set_name(AP_TFLM_SET_OVERLAP, (int)opt->overlap);
    if (!*kernels)
        return ap_error_set(err, AP_ERR_USAGE, "kernel set %d is not an ap_tflm_kernels",
                            (int)opt->kernels);
    if (!*inplace)
        return ap_error_set(err, AP_ERR_USAGE, "in-place rule set %d is not an ap_tflm_inplace",
                            (int)opt->inplace);
    if (!*overlap)
        return ap_error_set(err, AP_ERR_USAGE, "overlap rule set %d is not an ap_tflm_overlap",
                            (int)opt->overlap);
    return AP_OK;
}

/* GetOfflinePlannedOffsets: the model's offline plan when honoured (else NULL), which must
 * have an entry per tensor of all subgraphs (nt). */
static ap_status offline_plan(const ap_tfl_model *m, const ap_tflite_build_options *opt,
                              size_t nt, const int32_t **offline, ap_error *err)
{
    *offline = NULL;
    if (!m->offline.present || opt->ignore_offline)
        return AP_OK;
    if (m->offline.n != nt && opt->allow_refusal)
        return AP_OK; /* TFLM refuses the plan (GetOfflinePlannedOffsets): planned without it */
    if (m->offline.n != nt)
        return ap_error_set(err, AP_ERR_INPUT,
                            "the offline plan (metadata \"OfflineMemoryAllocation\", buffer %u) "
                            "has %u entries but the model has %zu tensors; TFLM refuses such "
                            "a plan", m->offline.buffer, m->offline.n, nt);
    *offline = m->offline.offsets;
    return AP_OK;
}

/* CreatePlan's first part: the planned tensors, subgraph by subgraph, in tensor order. */
static ap_status add_tensors(ap_problem *p, const ap_tfl_model *m, const entry *e,
                             const int64_t *fixed, ap_error *err)
{
    users u = {0};
    strbuf prod = {0}, cons = {0};
    ap_status st = AP_OK;
    for (uint32_t s = 0; s < m->n_subgraphs && st == AP_OK; s++) {
        const ap_tfl_subgraph *g = &m->subgraphs[s];
        int built = 0;
        for (uint32_t i = 0; i < g->n_tensors && st == AP_OK; i++) {
            const entry *x = &e[g->first_entry + i];
            if (!x->needs)
                continue;
            if (!built) {
                users_free(&u);
                if (users_build(g, &u) != 0) {
                    st = ap_error_set(err, AP_ERR_NOMEM, "out of memory building the problem");
                    break;
                }
                built = 1;
            }
            st = add_tensor(p, m, s, i, x, fixed[g->first_entry + i], &u, &prod, &cons, err);
        }
    }
    users_free(&u);
    free(prod.s);
    free(cons.s);
    return st;
}

/* CreatePlan's second part: one buffer per scratch request, x[k] its lifetime. */
static ap_status add_scratch(ap_problem *p, const ap_tfl_model *m, const ap__prepare *sc,
                             const entry *x, const char *kernels, ap_error *err)
{
    ap_status st = AP_OK;
    for (size_t k = 0; k < sc->n && st == AP_OK; k++) {
        const ap__scratch *rq = &sc->v[k];
        const ap_tfl_operator *op = &m->subgraphs[rq->subgraph].ops[rq->op];
        char id[32], lab[96], name[320], type[96];
        ap_buffer_spec sp;
        snprintf(id, sizeof id, "scratch%zu", k);
        op_label(lab, sizeof lab, rq->subgraph, rq->op, op->name);
        if (rq->fn)
            snprintf(name, sizeof name, "%s: %s (%s)", lab, rq->what, rq->fn);
        else
            snprintf(name, sizeof name, "%s: %s", lab, rq->what);
        /* the bytes the kernel asked for, before TFLM rounds them up to 16 */
        snprintf(type, sizeof type, "uint8[%lld] (%s kernel)", (long long)x[k].bytes, kernels);
        ap_buffer_spec_init(&sp);
        sp.id = id;
        sp.name = name;
        sp.type = type;
        sp.size = ap__align_up(x[k].bytes, TFLM_ALIGN);
        sp.lower = x[k].first;
        sp.upper = x[k].last + 1;
        sp.kind = AP_KIND_SCRATCH;
        sp.subgraph = (int32_t)rq->subgraph;
        sp.producer = lab;
        st = ap_problem_add(p, &sp, err);
    }
    return st;
}

/* The in-place and overlap rules' allowances between an operator's output and its dying input
 * (sharing.c), and the note that says what the problem was built with. */
static ap_status add_rules(ap_problem *p, const ap_tfl_model *m,
                           const ap_tflite_build_options *opt, const char *kernels,
                           const char *inplace, const char *overlap, int offline, size_t n_var,
                           ap_error *err)
{
    size_t rl = 0;
    char note[1024], rules[640] = "", vars[96] = "";
    ap__sharing_result sr;
    ap_status st;
    if ((st = ap__sharing_apply(m, p, opt->inplace, opt->overlap, &sr, err)) != AP_OK)
        return st;
    size_t n_ip = sr.n_inplace, n_ov = sr.n_overlap;
    if (opt->inplace != AP_TFLM_INPLACE_NONE)
        rl += (size_t)snprintf(rules + rl, sizeof rules - rl, "; in-place: %s (%zu alias%s)",
                               inplace, n_ip, n_ip == 1 ? "" : "es");
    if (opt->overlap != AP_TFLM_OVERLAP_NONE)
        rl += (size_t)snprintf(rules + rl, sizeof rules - rl,
                               "; overlap rules: %s kernels (%zu allowance%s; the plan holds only "
                               "with TFLM's %s kernels, not optimized ones such as CMSIS-NN or "
                               "Xtensa)", overlap, n_ov, n_ov == 1 ? "" : "s", overlap);
    if (sr.n_unwalked) {
        char more[48] = "";
        if (sr.n_unwalked > 1)
            snprintf(more, sizeof more, " and %zu later operators", sr.n_unwalked - 1);
        snprintf(rules + rl, sizeof rules - rl,
                 "; work limit: no overlap allowance for %s%s (the walk would exceed the rule's "
                 "budget of 2^24 output pixels plus one per byte of the model)", sr.unwalked,
                 more);
    }
    if (n_var)
        snprintf(vars, sizeof vars, " (%zu variable tensor%s in the head)", n_var,
                 n_var == 1 ? "" : "s");
    snprintf(note, sizeof note, "TFLM lifetimes; kernel scratch: %s%s%s%s", kernels,
             offline ? "; offline plan honoured" : "", vars, rules);
    return ap_problem_set_note(p, note, err);
}

/* AllocationInfoBuilder and CreatePlan, step by step: Prepare's requests, the offline plan,
 * the lifetimes (walk), the buffers in TFLM's order, then the rules. */
/* The in-place and overlap rules were derived from, and tested against, the loops of TFLM's
 * reference kernels; CMSIS-NN's loops have no such proof. */
static ap_status rules_allowed(const ap_tflite_build_options *opt, const char *kernels,
                               const char *inplace, const char *overlap, ap_error *err)
{
    if (!ap__kernel_sets_reference_loops(ap__kernel_sets_of(opt->kernels)) &&
        opt->inplace != AP_TFLM_INPLACE_NONE)
        return ap_error_set(err, AP_ERR_USAGE, "in-place rules \"%s\" are proven for TFLM's "
                            "reference kernels only, not for the CMSIS-NN kernels of kernel set "
                            "\"%s\" (use in-place rules \"none\")", inplace, kernels);
    if (!ap__kernel_sets_reference_loops(ap__kernel_sets_of(opt->kernels)) &&
        opt->overlap != AP_TFLM_OVERLAP_NONE)
        return ap_error_set(err, AP_ERR_USAGE, "overlap rules \"%s\" are proven for TFLM's "
                            "reference kernels only, not for the CMSIS-NN kernels of kernel set "
                            "\"%s\" (use overlap rules \"none\")", overlap, kernels);
    return AP_OK;
}

/* The entries before the walk: every tensor's (init_entries), then one per scratch request of
 * sc; tensors a kernel pointed at memory of its own in Prepare are not planned (but a variable
 * with an offline entry is, whatever its memory: InitializeAllocationInfo sets it last). */
static ap_status make_entries(const ap_tfl_model *m, const ap__prepare *sc, size_t nt,
                              const int32_t *offline, int allow_refusal, entry *e, int64_t *fixed,
                              size_t *n_var, ap_error *err)
{
    ap_status st = init_entries(m, e, offline, allow_refusal, fixed, n_var, err);
    if (st != AP_OK)
        return st;
    /* An output Prepare reshaped: TFLM sizes it from its eval tensor's new dimensions. */
    for (size_t k = 0; k < sc->n_resized; k++) {
        const ap_tfl_subgraph *g = &m->subgraphs[sc->resized[k].subgraph];
        const ap_tfl_tensor *t = &g->tensors[sc->resized[k].tensor];
        entry *x = &e[g->first_entry + sc->resized[k].tensor];
        if (ap__mul_ovf(sc->resized[k].elements, ap_tfl_tflm_type_size(t->type), &x->bytes))
            return ap_error_set(err, AP_ERR_INPUT, "subgraph %u tensor %u (%s): reshaped in "
                                "Prepare past 2^63 bytes", sc->resized[k].subgraph,
                                sc->resized[k].tensor, t->name);
        x->needs = !t->is_constant && !t->is_variable && x->bytes != 0;
    }
    for (size_t k = 0; k < sc->n_owned; k++) {
        const ap_tfl_subgraph *g = &m->subgraphs[sc->owned[k].subgraph];
        uint32_t t = sc->owned[k].tensor;
        if (!(g->tensors[t].is_variable && offline && offline[g->first_entry + t] != -1))
            e[g->first_entry + t].needs = 0;
    }
    for (size_t k = 0; k < sc->n; k++) {
        e[nt + k].bytes = sc->v[k].bytes;
        e[nt + k].first = e[nt + k].last = -1;
        e[nt + k].needs = 1;
    }
    return AP_OK;
}

static ap_status build(const ap_tfl_model *m, const ap_tflite_build_options *opt, ap_problem *p,
                       ap_error *err)
{
    const char *kernels, *inplace, *overlap;
    ap_status st;
    if ((st = set_names(opt, &kernels, &inplace, &overlap, err)) != AP_OK ||
        (st = rules_allowed(opt, kernels, inplace, overlap, err)) != AP_OK)
        return st;
    size_t nt = 0, n_var = 0;
    size_t *sfirst = ap__zalloc((size_t)m->n_subgraphs + 1, sizeof *sfirst);
    ap__prepare sc = {0};
    entry *e = NULL;
    int64_t *fixed = NULL;
    const int32_t *offline = NULL;
    unsigned char *active = ap__zalloc(m->n_subgraphs, 1);
    int32_t *stack = ap__alloc(MAX_CALL_DEPTH + 1, sizeof *stack);
    if (!sfirst || !active || !stack) {
        st = ap_error_set(err, AP_ERR_NOMEM, "out of memory building the problem");
        goto done;
    }
    for (uint32_t s = 0; s < m->n_subgraphs; s++) {
        assert(m->subgraphs[s].first_entry == nt);
        nt += m->subgraphs[s].n_tensors;
    }
    /* Prepare: kernels' scratch requests, in Prepare order. */
    if ((st = ap__scratch_run(m, opt->kernels, &sc, err)) != AP_OK)
        goto done;
    for (size_t k = 0; k < sc.n; k++)
        sfirst[sc.v[k].subgraph + 1]++;
    for (uint32_t s = 0; s < m->n_subgraphs; s++)
        sfirst[s + 1] += sfirst[s];
    if ((st = offline_plan(m, opt, nt, &offline, err)) != AP_OK)
        goto done;
    e = ap__zalloc(nt + sc.n + 1, sizeof *e);
    fixed = ap__alloc(nt + 1, sizeof *fixed);
    if (!e || !fixed) {
        st = ap_error_set(err, AP_ERR_NOMEM, "out of memory building the problem");
        goto done;
    }
    if ((st = make_entries(m, &sc, nt, offline, opt->allow_refusal, e, fixed, &n_var, err)) !=
            AP_OK ||
        (st = ap_problem_add_label(p, 0, "inputs", err)) != AP_OK)
        goto done;
    walker w = {.m = m, .e = e, .n_tensors = nt, .scratch = &sc, .scratch_first = sfirst,
                .active = active, .stack = stack, .p = p, .err = err};
    if ((st = walk(&w, 0)) != AP_OK ||
        (st = add_tensors(p, m, e, fixed, err)) != AP_OK ||
        (st = add_scratch(p, m, &sc, e + nt, kernels, err)) != AP_OK)
        goto done;
    p->default_align = opt->align > 0 ? opt->align : TFLM_ALIGN;
    st = add_rules(p, m, opt, kernels, inplace, overlap, offline != NULL, n_var, err);
done:
    free(sfirst);
    ap__prepare_free(&sc);
    free(e);
    free(fixed);
    free(active);
    free(stack);
    return st;
}

ap_status ap_tflite_build_problem(const ap_tfl_model *m, const ap_tflite_build_options *opt,
                                  ap_problem **out, ap_error *err)
{
    ap_tflite_build_options dflt;
    if (!opt) {
        ap_tflite_build_options_init(&dflt);
        opt = &dflt;
    }
    *out = NULL;
    ap_problem *p = ap_problem_new();
    if (!p)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory building the problem");
    p->origin = AP_ORIGIN_TFLM;
    ap_status st = build(m, opt, p, err);
    if (st != AP_OK) {
        ap_problem_free(p);
        return st;
    }
    *out = p;
    return AP_OK;
}

ap_status ap__lifetime_problem(const ap_tfl_model *m, const char *source,
                               const ap_tflite_build_options *opt, ap_problem **out, ap_error *err)
{
    ap_status st;
    if ((st = ap_tflite_build_problem(m, opt, out, err)) == AP_OK &&
        (st = ap_problem_set_source(*out, source, err)) == AP_OK)
        st = ap_problem_validate(*out, err);
    if (st != AP_OK) {
        ap_problem_free(*out);
        *out = NULL;
    }
    return st;
}

ap_status ap_tflite_load_problem(const unsigned char *data, size_t len, const char *path,
                                 const ap_tflite_build_options *opt, ap_problem **out,
                                 ap_error *err)
{
    ap_tfl_model *m = NULL;
    ap_error e = {AP_OK, ""};
    ap_status st;
    *out = NULL;
    if (!path)
        path = "model";
    if ((st = ap_tflite_read(data, len, &m, &e)) == AP_OK)
        st = ap__lifetime_problem(m, path, opt, out, &e);
    ap_tflite_free(m);
    /* given the path, it names it (the rule in error.h) */
    return st == AP_OK ? AP_OK : ap_error_set(err, st, "%s: %s", path, e.msg);
}
