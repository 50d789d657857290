/*
 * arena_planner.c - TFLite's ArenaPlanner over subgraph 0, its first half: which tensors live
 * when and which share bytes (LiteRT f67457790c9c, tflite/arena_planner.cc PlanAllocations,
 * IdentifyInPlaceTensors, InputTensorCanBeShared, ExecuteAllocations, and the allocation order
 * of CalculateAllocations and CreateTensorAllocationVector) -> the problem of ap_litert_build
 * and the facts of ap_litert_info. Its second half, the offsets, is the strategy "tflite"
 * (planners/simple_arena.c).
 *
 * Lifetimes by reference counts: graph outputs and variables get one extra reference, so they
 * are never freed; graph inputs and variables are allocated at node 0; each node allocates its
 * outputs, then drops a reference from each input and frees the ones that reach zero there.
 * In-place sharing is decided first: an output of a kernel with inplace_operator flags may take
 * the bytes of one of its first three inputs (not a graph input, the output no graph output,
 * both in the same arena; unless the kernel leaves the data unmodified, also the same byte
 * count above 4 and no other reader), and the readers of the output then count as readers of
 * that input. Temporaries live during their node. The tensors of the prepared nodes are then
 * allocated in one order: whole-run tensors (allocated at node 0, never freed) by index, the
 * rest by size, largest first, then by first node; ties as std::sort leaves them (order.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/litert.h"
#include "core/util.h"
#include "litert/arena_planner.h"
#include "litert/builtins.h"
#include "litert/libstdcxx.h"
#include "litert/subgraph.h"

#define UNASSIGNED INT32_MAX /* kNodeNotAssigned */
#define MAX_ALIAS_PAIRS (1 << 20) /* allowances between tensors sharing one tensor's bytes */

typedef struct planner {
    ap__lrt_graph *g;
    size_t nt;
    int32_t n;               /* execution nodes */
    unsigned char *io;       /* per tensor: 1 graph input, 2 graph output (bits) */
    int32_t *prod;           /* the node that lists it as an output (temporaries: their node) */
    int32_t *last_read;      /* the last node reading it, -1 */
    uint32_t *cons_start, *cons; /* the nodes reading it: cons[cons_start[t] .. [t + 1]) */
    int32_t *alloc, *dealloc;
    int32_t *refs;           /* refcounts_ */
    int32_t *actual;         /* actual_tensor_id_: the shared input, or -1 */
    ap__uset *sets;          /* nodes_to_tensors_ */
    int32_t *order;          /* the sorted tensors_allocated */
    size_t n_order;
} planner;

static void planner_free(planner *pl)
{
    int32_t k;
    for (k = 0; pl->sets && k < (pl->n > 0 ? pl->n : 1); k++)
        ap__libstdcxx_uset_free(&pl->sets[k]);
    free(pl->sets);
    free(pl->alloc);
    free(pl->dealloc);
    free(pl->refs);
    free(pl->actual);
    free(pl->order);
    free(pl->io);
    free(pl->prod);
    free(pl->last_read);
    free(pl->cons_start);
    free(pl->cons);
}

/* Who produces and who reads each tensor, and which are graph inputs and outputs: one pass,
 * so that nothing later walks the graph per tensor. */
static ap_status index_graph(planner *pl, ap_error *err)
{
    const ap__lrt_graph *g = pl->g;
    const ap_tfl_subgraph *s = &g->m->subgraphs[g->sg];
    size_t nt = g->nt, t, total = 0;
    uint32_t i, k;
    pl->io = ap__zalloc(nt ? nt : 1, 1);
    pl->prod = ap__alloc(nt ? nt : 1, sizeof *pl->prod);
    pl->last_read = ap__alloc(nt ? nt : 1, sizeof *pl->last_read);
    pl->cons_start = ap__zalloc(nt + 1, sizeof *pl->cons_start);
    if (!pl->io || !pl->prod || !pl->last_read || !pl->cons_start)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory indexing %zu tensors", nt);
    for (t = 0; t < nt; t++) {
        pl->prod[t] = g->t[t].op;
        pl->last_read[t] = -1;
    }
    for (k = 0; k < s->n_inputs; k++)
        if (s->inputs[k] >= 0 && !g->t[s->inputs[k]].dropped_input)
            pl->io[s->inputs[k]] |= 1;
    for (k = 0; k < s->n_outputs; k++)
        if (s->outputs[k] >= 0)
            pl->io[s->outputs[k]] |= 2;
    for (i = 0; i < g->n_nodes; i++) {
        const ap_tfl_operator *op = g->node[i].op;
        for (k = 0; k < g->node[i].n_outputs; k++)
            if (g->node[i].outputs[k] >= 0 && pl->prod[g->node[i].outputs[k]] < 0)
                pl->prod[g->node[i].outputs[k]] = (int32_t)i;
        for (k = 0; k < op->n_inputs; k++) {
            int32_t x = op->inputs[k];
            if (x >= 0 && pl->last_read[x] != (int32_t)i) { /* each node once */
                pl->last_read[x] = (int32_t)i;
                pl->cons_start[x + 1]++;
                total++;
            }
        }
    }
    for (t = 0; t < nt; t++)
        pl->cons_start[t + 1] += pl->cons_start[t];
    if (!(pl->cons = ap__alloc(total ? total : 1, sizeof *pl->cons)))
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory indexing %zu tensors", nt);
    for (t = 0; t < nt; t++)
        pl->last_read[t] = -1;
    {
        uint32_t *fill = ap__alloc(nt ? nt : 1, sizeof *fill);
        if (!fill)
            return ap_error_set(err, AP_ERR_NOMEM, "out of memory indexing %zu tensors", nt);
        memcpy(fill, pl->cons_start, nt * sizeof *fill);
        for (i = 0; i < g->n_nodes; i++)
            for (k = 0; k < g->node[i].op->n_inputs; k++) {
                int32_t x = g->node[i].op->inputs[k];
                if (x >= 0 && pl->last_read[x] != (int32_t)i) {
                    pl->last_read[x] = (int32_t)i;
                    pl->cons[fill[x]++] = i;
                }
            }
        free(fill);
    }
    return AP_OK;
}

static int32_t shared(const planner *pl, int32_t t)
{
    return pl->actual[t] >= 0 ? pl->actual[t] : t;
}

/* InputTensorCanBeShared */
static int can_share(const planner *pl, int32_t in, int32_t outp, int changed)
{
    const ap__lrt_graph *g = pl->g;
    const ap__lrt_tensor *a = &g->t[in], *b = &g->t[outp];
    if (changed && (a->bytes != b->bytes || a->bytes <= 4 || pl->refs[in] > 1))
        return 0;
    if ((pl->io[in] & 1) || (pl->io[outp] & 2))
        return 0;
    return !(a->alloc != b->alloc && a->alloc != AP__LRT_ARENA);
}

/* IdentifyInPlaceTensors */
static void identify_in_place(planner *pl)
{
    const ap__lrt_graph *g = pl->g;
    int32_t i;
    for (i = 0; i < pl->n; i++) {
        const ap__lrt_kernel *k = g->kernel[i];
        const ap_tfl_operator *op = g->node[i].op;
        int32_t input = -1, o, root;
        int changed;
        uint32_t j;
        if (g->node[i].n_outputs < 1 || !k || !k->inplace)
            continue;
        changed = !(k->inplace & AP__LRT_INPLACE_UNMODIFIED);
        if ((o = g->node[i].outputs[0]) < 0)
            continue;
        for (j = 0; j < op->n_inputs && j < 3; j++) {
            int32_t t = op->inputs[j];
            if (t < 0 || !(k->inplace & (AP__LRT_INPLACE_IN0 << j)))
                continue;
            if (can_share(pl, t, o, changed)) {
                input = t;
                break;
            }
        }
        if (input < 0)
            continue;
        root = shared(pl, input);
        if (changed && pl->refs[root] > 1)
            continue;
        pl->actual[o] = root;
    }
}

static ap_status allocate(planner *pl, int32_t node, int32_t t, ap_error *err)
{
    if (pl->alloc[t] != UNASSIGNED)
        return AP_OK;
    if (pl->dealloc[t] != UNASSIGNED)
        return ap_error_set(err, AP_ERR_INPUT, "TFLite cannot allocate the model: tensor %d is "
                            "produced after its last use", t);
    pl->alloc[t] = node;
    return AP_OK;
}

/* PlanAllocations, then the temporaries of ExecuteAllocations(0, prepared - 1). */
/* The planner's arrays for g's tensors and nodes, each tensor unassigned. */
static ap_status planner_init(planner *pl, ap_error *err)
{
    ap__lrt_graph *g = pl->g;
    pl->nt = g->nt;
    pl->n = (int32_t)g->n_nodes;
    pl->alloc = ap__alloc(pl->nt ? pl->nt : 1, sizeof *pl->alloc);
    pl->dealloc = ap__alloc(pl->nt ? pl->nt : 1, sizeof *pl->dealloc);
    pl->refs = ap__zalloc(pl->nt ? pl->nt : 1, sizeof *pl->refs);
    pl->actual = ap__alloc(pl->nt ? pl->nt : 1, sizeof *pl->actual);
    pl->sets = ap__zalloc((size_t)(pl->n > 0 ? pl->n : 1), sizeof *pl->sets);
    if (!pl->alloc || !pl->dealloc || !pl->refs || !pl->actual || !pl->sets)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory planning %zu tensors", pl->nt);
    for (size_t t = 0; t < pl->nt; t++) {
        pl->alloc[t] = pl->dealloc[t] = UNASSIGNED;
        pl->actual[t] = -1;
    }
    for (int32_t i = 0; i < (pl->n > 0 ? pl->n : 1); i++)
        ap__libstdcxx_uset_init(&pl->sets[i]);
    return AP_OK;
}

/* Graph outputs and variables get one reference more, so they are never freed; variables and
 * graph inputs are allocated at node 0. */
static ap_status roots(planner *pl, ap_error *err)
{
    const ap_tfl_subgraph *s = &pl->g->m->subgraphs[pl->g->sg];
    ap_status st = AP_OK;
    uint32_t k;
    for (k = 0; k < s->n_outputs; k++)
        if (s->outputs[k] >= 0)
            pl->refs[s->outputs[k]]++;
    for (k = 0; k < s->n_tensors && st == AP_OK; k++)
        if (s->tensors[k].is_variable) {
            pl->refs[k]++;
            if ((st = allocate(pl, 0, (int32_t)k, err)) == AP_OK)
                st = ap__libstdcxx_uset_insert(&pl->sets[0], (int32_t)k, err);
        }
    for (k = 0; k < s->n_inputs && st == AP_OK; k++)
        if (s->inputs[k] >= 0 && !pl->g->t[s->inputs[k]].dropped_input) {
            pl->refs[s->inputs[k]]++;
            if ((st = allocate(pl, 0, s->inputs[k], err)) == AP_OK)
                st = ap__libstdcxx_uset_insert(&pl->sets[0], s->inputs[k], err);
        }
    return st;
}

/* Node by node: allocate its outputs, then drop a reference from each input (counts: the
 * references left, of the tensor whose bytes it shares) and free the ones that reach zero. */
static ap_status nodes(planner *pl, int32_t *counts, ap_error *err)
{
    ap__lrt_graph *g = pl->g;
    ap_status st = AP_OK;
    for (int32_t i = 0; i < pl->n && st == AP_OK; i++) {
        const ap__lrt_node *nd = &g->node[i];
        uint32_t k;
        for (k = 0; k < nd->n_outputs && st == AP_OK; k++)
            if (nd->outputs[k] >= 0 &&
                (st = ap__libstdcxx_uset_insert(&pl->sets[i], nd->outputs[k], err)) == AP_OK)
                st = allocate(pl, i, nd->outputs[k], err);
        for (k = 0; k < nd->op->n_inputs && st == AP_OK; k++) {
            int32_t x = nd->op->inputs[k];
            if (x < 0)
                continue;
            x = shared(pl, x);
            if (--counts[x] == 0 && pl->alloc[x] != UNASSIGNED) {
                if (pl->dealloc[x] != UNASSIGNED)
                    st = ap_error_set(err, AP_ERR_INPUT, "TFLite cannot allocate the model: "
                                      "tensor %d is freed twice", x);
                pl->dealloc[x] = i;
            }
        }
    }
    return st;
}

static ap_status plan_allocations(planner *pl, ap_error *err)
{
    ap__lrt_graph *g = pl->g;
    int32_t *counts = NULL, i;
    uint32_t k;
    ap_status st = planner_init(pl, err);
    if (st != AP_OK || (st = roots(pl, err)) != AP_OK)
        return st;
    if (!(counts = ap__alloc(pl->nt ? pl->nt : 1, sizeof *counts)))
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory planning %zu tensors", pl->nt);
    memcpy(counts, pl->refs, pl->nt * sizeof *counts);
    for (i = 0; i < pl->n; i++)
        for (k = 0; k < g->node[i].op->n_inputs; k++)
            if (g->node[i].op->inputs[k] >= 0)
                pl->refs[g->node[i].op->inputs[k]]++;
    identify_in_place(pl);
    for (i = 0; i < pl->n; i++)
        for (k = 0; k < g->node[i].op->n_inputs; k++)
            if (g->node[i].op->inputs[k] >= 0)
                counts[shared(pl, g->node[i].op->inputs[k])]++;
    st = nodes(pl, counts, err);
    free(counts);
    /* ExecuteAllocations: the temporaries of the prepared nodes live during their node */
    for (i = 0; i < (int32_t)g->prepared && st == AP_OK; i++)
        for (k = 0; k < g->node[i].n_temps && st == AP_OK; k++) {
            int32_t x = g->node[i].temps[k];
            if (x < 0)
                continue;
            pl->alloc[x] = pl->dealloc[x] = i;
            st = ap__libstdcxx_uset_insert(&pl->sets[i], x, err);
        }
    return st;
}

/* CreateTensorAllocationVector's comparator. */
static int tflite_less(int32_t a, int32_t b, const void *ctx)
{
    const planner *pl = ctx;
    int wa = pl->alloc[a] == 0 && pl->dealloc[a] == UNASSIGNED;
    int wb = pl->alloc[b] == 0 && pl->dealloc[b] == UNASSIGNED;
    if (wa)
        return wb ? a < b : 1;
    if (wb)
        return 0;
    if (pl->g->t[a].bytes != pl->g->t[b].bytes)
        return pl->g->t[a].bytes > pl->g->t[b].bytes;
    return pl->alloc[a] < pl->alloc[b];
}

/* CalculateAllocations' list (GetTensorsToAllocate, filtered), sorted. */
static ap_status allocation_order(planner *pl, ap_error *err)
{
    const ap__lrt_graph *g = pl->g;
    size_t cap = 0, n = 0;
    int32_t i, x;
    unsigned char *seen = ap__zalloc(pl->nt ? pl->nt : 1, 1);
    /* ExecuteAllocations(0, last prepared): the last index is 0 even with no operator, so the
     * graph inputs of an empty graph get memory too */
    int32_t upto = g->prepared ? (int32_t)g->prepared : 1;
    for (i = 0; i < upto; i++)
        cap += pl->sets[i].n;
    if (!seen || !(pl->order = ap__alloc(cap ? cap : 1, sizeof *pl->order))) {
        free(seen);
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory ordering %zu tensors", cap);
    }
    for (i = 0; i < upto; i++)
        for (x = pl->sets[i].head; x >= 0; x = pl->sets[i].next[x]) {
            int32_t t = pl->sets[i].key[x];
            if (!((g->t[t].alloc == AP__LRT_ARENA && g->t[t].bytes > 0) ||
                  g->t[t].alloc == AP__LRT_PERSISTENT))
                continue;
            /* a tensor two operators write (or a graph input an operator writes) is in two
             * nodes' sets: ArenaPlanner allocates it twice, the first allocation staying as
             * a ghost; a graph no converter writes, refused rather than modelled */
            if (seen[t]) {
                free(seen);
                return ap_error_set(err, AP_ERR_INPUT, "tensor %d is written twice (an output of "
                                    "two operators, or a graph input an operator writes): "
                                    "ArenaPlanner would allocate it twice; not modelled", t);
            }
            seen[t] = 1;
            pl->order[n++] = t;
        }
    free(seen);
    pl->n_order = n;
    ap__libstdcxx_sort(pl->order, n, tflite_less, pl);
    return AP_OK;
}


/* ---- the problem and the info ------------------------------------------------------------ */

typedef struct emit {
    const ap__lrt_graph *g;
    planner pl;
    ap_problem *p;
    ap_litert_info *info;
    uint32_t *buf_of;       /* tensor -> problem buffer, UINT32_MAX */
    uint32_t *group;        /* per buffer: the root's list of its aliases (root -> newest ->
                               older ...), UINT32_MAX ends it */
    size_t pairs;           /* allowances between aliases of one root */
    char *cons;             /* scratch for consumer lists */
    size_t cons_cap;
} emit;

static const char *op_name(const ap__lrt_graph *g, int32_t i, char *buf, size_t n)
{
    return ap__subgraph_op_text(g, (uint32_t)i, buf, n);
}

/* The consumers of tensor t, "op 4 RELU, op 9 ADD" (at most 8, then ", ..."), or NULL. */
static const char *consumers(emit *e, int32_t t, ap_error *err)
{
    const planner *pl = &e->pl;
    size_t len = 0;
    uint32_t k;
    char ot[64];
    for (k = pl->cons_start[t]; k < pl->cons_start[t + 1]; k++) {
        int more = k - pl->cons_start[t] == 8;
        const char *piece = more ? "..." : op_name(e->g, (int32_t)pl->cons[k], ot, sizeof ot);
        size_t need = len + strlen(piece) + 3;
        if (need > e->cons_cap) {
            char *s = ap__grow(e->cons, &e->cons_cap, need, 1);
            if (!s) {
                ap_error_set(err, AP_ERR_NOMEM, "out of memory");
                return NULL;
            }
            e->cons = s;
        }
        len += (size_t)sprintf(e->cons + len, "%s%s", len ? ", " : "", piece);
        if (more)
            break;
    }
    return len ? e->cons : NULL;
}

static ap_status add_buffer(emit *e, int32_t t, int64_t lower, int64_t upper, ap_error *err)
{
    const ap__lrt_graph *g = e->g;
    const ap_tfl_subgraph *s = &g->m->subgraphs[g->sg];
    ap_buffer_spec sp;
    char id[16], name[160], prod[64], own[64];
    int32_t pr = e->pl.prod[t];
    ap_status st;
    ap_buffer_spec_init(&sp);
    snprintf(id, sizeof id, "%d", t);
    sp.id = id;
    sp.size = g->t[t].bytes;
    sp.lower = lower;
    sp.upper = upper;
    sp.subgraph = (int32_t)g->sg;
    sp.tensor = t;
    if ((uint32_t)t < s->n_tensors) {
        sp.name = s->tensors[t].name[0] ? s->tensors[t].name : NULL;
        sp.kind = (e->pl.io[t] & 1)   ? AP_KIND_INPUT
                  : (e->pl.io[t] & 2) ? AP_KIND_OUTPUT
                                      : AP_KIND_ACTIVATION;
    } else {
        snprintf(name, sizeof name, "%s of %s", g->t[t].role, op_name(g, g->t[t].op, own, sizeof own));
        sp.name = name;
        sp.kind = AP_KIND_SCRATCH;
    }
    if (pr >= 0)
        sp.producer = op_name(g, pr, prod, sizeof prod);
    else if (sp.kind == AP_KIND_INPUT)
        sp.producer = "graph input";
    if (e->pl.cons_start[t] < e->pl.cons_start[t + 1] && !(sp.consumers = consumers(e, t, err)))
        return AP_ERR_NOMEM;
    if ((st = ap_problem_add(e->p, &sp, err)) != AP_OK)
        return st;
    e->buf_of[t] = (uint32_t)(e->p->n - 1);
    return AP_OK;
}

static int64_t upper_of(const planner *pl, int32_t t)
{
    return pl->dealloc[t] == UNASSIGNED ? (int64_t)pl->n + 1 : (int64_t)pl->dealloc[t] + 1;
}

/* Whether CalculateAllocations skips t because it shares its input's bytes. */
static int skipped_as_shared(const emit *e, int32_t t)
{
    int32_t r = e->pl.actual[t];
    return r >= 0 && e->g->t[r].alloc == AP__LRT_ARENA && e->g->t[r].bytes == e->g->t[t].bytes;
}

/* The arena tensors in allocation order, then the shared outputs whose input has bytes there
 * (ResolveTensorAllocation points them into it, even past the prepared nodes), as aliases
 * living from their operator to their own last reader: every pair of the group that meets in
 * time gets an exact allowance at delta 0. */
static ap_status add_buffers(emit *e, ap_error *err)
{
    const planner *pl = &e->pl;
    const ap__lrt_graph *g = e->g;
    char why[200], ot[64];
    size_t k, t;
    ap_status st;
    for (k = 0; k < pl->n_order; k++) {
        int32_t x = pl->order[k];
        if (g->t[x].alloc != AP__LRT_ARENA || skipped_as_shared(e, x))
            continue;
        if ((st = add_buffer(e, x, pl->alloc[x], upper_of(pl, x), err)) != AP_OK)
            return st;
    }
    for (t = 0; t < pl->nt; t++) {
        int32_t r = pl->actual[t];
        int64_t last;
        uint32_t bt, u;
        if (r < 0 || e->buf_of[r] == UINT32_MAX || !skipped_as_shared(e, (int32_t)t) ||
            g->t[t].bytes == 0 || pl->alloc[t] == UNASSIGNED)
            continue;
        last = ap__max64(pl->last_read[t], pl->alloc[t]);
        if ((st = add_buffer(e, (int32_t)t, pl->alloc[t],
                             ap__min64(last + 1, e->p->buf[e->buf_of[r]].upper), err)) != AP_OK)
            return st;
        bt = e->buf_of[t];
        snprintf(why, sizeof why, "%s writes tensor %zu into the bytes of its input %d "
                 "(TFLite's in-place sharing)", op_name(g, pl->alloc[t], ot, sizeof ot), t, r);
        if ((st = ap_problem_add_overlap(e->p, e->buf_of[r], bt, 0,
                                         AP_OVERLAP_ALIAS | AP_OVERLAP_EXACT, why, err)) != AP_OK)
            return st;
        /* the earlier aliases of the same input, newest first */
        for (u = e->group[e->buf_of[r]]; u != UINT32_MAX; u = e->group[u]) {
            const ap_buffer *a = &e->p->buf[u], *b = &e->p->buf[bt];
            if (a->upper <= b->lower || b->upper <= a->lower)
                continue;
            if (++e->pairs > MAX_ALIAS_PAIRS)
                return ap_error_set(err, AP_ERR_INPUT, "more than %d pairs of tensors share one "
                                    "tensor's bytes at a time (tensor %d)", MAX_ALIAS_PAIRS, r);
            if ((st = ap_problem_add_overlap(e->p, u, bt, 0, AP_OVERLAP_ALIAS | AP_OVERLAP_EXACT,
                                             why, err)) != AP_OK)
                return st;
        }
        e->group[bt] = e->group[e->buf_of[r]];
        e->group[e->buf_of[r]] = bt;
    }
    return AP_OK;
}

static ap_status add_labels(emit *e, ap_error *err)
{
    char ot[64];
    int32_t i;
    ap_status st;
    for (i = 0; i < e->pl.n; i++)
        if ((st = ap_problem_add_label(e->p, i, op_name(e->g, i, ot, sizeof ot), err)) != AP_OK)
            return st;
    return ap_problem_add_label(e->p, e->pl.n, "after the last operator (graph outputs and "
                                "tensors nobody reads stay)", err);
}

static ap_litert_fate fate_of(const emit *e, int32_t t)
{
    const ap__lrt_tensor *x = &e->g->t[t];
    switch (x->alloc) {
    case AP__LRT_MMAP_RO: return AP_LITERT_CONSTANT;
    case AP__LRT_PERSISTENT: return AP_LITERT_PERSISTENT;
    case AP__LRT_PERSISTENT_RO: return AP_LITERT_PERSISTENT_RO;
    case AP__LRT_DYNAMIC: return AP_LITERT_DYNAMIC;
    case AP__LRT_ARENA: break;
    default: return AP_LITERT_NONE;
    }
    if (e->buf_of[t] != UINT32_MAX)
        return e->pl.actual[t] >= 0 && skipped_as_shared(e, t) ? AP_LITERT_SHARED : AP_LITERT_ARENA;
    if (x->bytes == 0)
        return AP_LITERT_EMPTY;
    if (e->pl.alloc[t] == UNASSIGNED)
        return AP_LITERT_UNUSED;
    return AP_LITERT_AT_INVOKE;
}

/* The persistent arena: every allocation there lives to the end, so each goes after the
 * highest end, aligned. */
static void persistent_arena(emit *e)
{
    int64_t end = 0;
    size_t k;
    for (k = 0; k < e->pl.n_order; k++) {
        int32_t x = e->pl.order[k];
        ap_litert_tensor *it = &e->info->tensors[x];
        if (e->g->t[x].alloc != AP__LRT_PERSISTENT)
            continue;
        e->info->persistent_tensor_bytes += e->g->t[x].bytes;
        if (e->g->t[x].bytes == 0) {
            it->offset = 0;
            continue;
        }
        it->offset = ap__align_up(end, AP_LITERT_ALIGN);
        end = it->offset + e->g->t[x].bytes;
    }
    e->info->persistent_bytes = end;
}

static ap_status fill_info(emit *e, ap_error *err)
{
    const ap__lrt_graph *g = e->g;
    ap_litert_info *in = e->info;
    char ot[64], msg[256];
    size_t t;
    in->n_tensors = g->nt;
    if (!(in->tensors = ap__zalloc(g->nt ? g->nt : 1, sizeof *in->tensors)))
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory");
    for (t = 0; t < g->nt; t++) {
        ap_litert_tensor *it = &in->tensors[t];
        const ap__lrt_tensor *x = &g->t[t];
        it->index = (int32_t)t;
        it->op = t >= in->model_tensors ? x->op : -1;
        it->role = t >= in->model_tensors ? x->role : NULL;
        it->type = x->type;
        it->bytes = x->bytes;
        it->fate = fate_of(e, (int32_t)t);
        it->root = it->fate == AP_LITERT_SHARED ? e->pl.actual[t] : -1;
        it->first_op = e->pl.alloc[t] == UNASSIGNED ? -1 : e->pl.alloc[t];
        it->last_op = e->pl.dealloc[t] == UNASSIGNED ? -1 : e->pl.dealloc[t];
        it->offset = -1;
        it->why_op = x->why_op;
        msg[0] = 0;
        if (x->why)
            snprintf(msg, sizeof msg, "%s", x->why);
        else if (it->fate == AP_LITERT_AT_INVOKE && it->first_op < (int32_t)g->n_nodes)
            snprintf(msg, sizeof msg, "%s is prepared only at Invoke (AllocateTensors stopped "
                     "after %s)", op_name(g, it->first_op, ot, sizeof ot),
                     g->stop_why ? g->stop_why : "an earlier operator");
        else if (it->fate == AP_LITERT_UNUSED)
            snprintf(msg, sizeof msg, "no operator produces it and it is no graph input");
        if (msg[0] && !(it->why = ap__strdup(msg)))
            return ap_error_set(err, AP_ERR_NOMEM, "out of memory");
        in->counts[it->fate]++;
    }
    persistent_arena(e);
    for (t = 0; t < e->p->n; t++)
        in->arena_tensor_bytes += e->p->buf[t].size;
    return AP_OK;
}

ap_status ap__arena_planner_run(const ap__lrt_graph *g, ap_problem *p, ap_litert_info *info, ap_error *err)
{
    emit e;
    size_t t;
    ap_status st;
    memset(&e, 0, sizeof e);
    e.g = g;
    e.p = p;
    e.info = info;
    e.pl.g = (ap__lrt_graph *)g;
    if ((st = index_graph(&e.pl, err)) != AP_OK || (st = plan_allocations(&e.pl, err)) != AP_OK ||
        (st = allocation_order(&e.pl, err)) != AP_OK)
        goto done;
    if (!(e.buf_of = ap__alloc(e.pl.nt ? e.pl.nt : 1, sizeof *e.buf_of)) ||
        !(e.group = ap__alloc(e.pl.nt ? e.pl.nt : 1, sizeof *e.group))) {
        st = ap_error_set(err, AP_ERR_NOMEM, "out of memory");
        goto done;
    }
    for (t = 0; t < e.pl.nt; t++)
        e.buf_of[t] = e.group[t] = UINT32_MAX;
    if ((st = add_buffers(&e, err)) == AP_OK && (st = add_labels(&e, err)) == AP_OK)
        st = fill_info(&e, err);
done:
    free(e.buf_of);
    free(e.group);
    free(e.cons);
    planner_free(&e.pl);
    return st;
}
