/*
 * litert.c - the public face of the TFLite interpreter model (litert.h): options, building the
 * problem of subgraph 0 (every subgraph built first, as InterpreterBuilder does, so that a
 * model TFLite refuses is refused here too), the note every output carries, the info.
 *
 * The folder src/litert/: the TensorFlow Lite interpreter's problem (--runtime tflite).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/check.h"
#include "arenaplan/litert.h"
#include "core/util.h"
#include "litert/arena_planner.h"
#include "litert/interp.h"
#include "litert/subgraph.h"
#include "planners/planners.h"

void ap_litert_options_init(ap_litert_options *opt)
{
    memset(opt, 0, sizeof *opt);
    opt->threads = -1;
}

const char *ap_litert_fate_name(ap_litert_fate f)
{
    static const char *const names[] = {"arena", "shared", "empty", "unused", "at-invoke",
                                        "constant", "persistent", "persistent-ro", "dynamic",
                                        "none"};
    return (unsigned)f <= AP_LITERT_NONE ? names[f] : NULL;
}

void ap_litert_info_free(ap_litert_info *info)
{
    size_t k;
    if (!info)
        return;
    for (k = 0; k < info->n_tensors; k++)
        free(info->tensors[k].why);
    free(info->tensors);
    free(info->stop_why);
    for (k = 0; k < info->n_unmodelled; k++)
        free(info->unmodelled[k].what);
    free(info->unmodelled);
    free(info);
}

/* InterpreterBuilder builds every subgraph before AllocateTensors prepares subgraph 0: a tensor
 * or an operator it refuses anywhere fails the model. */
static ap_status check_subgraphs(const ap_tfl_model *m, int threads, ap_error *err)
{
    uint32_t s;
    for (s = 1; s < m->n_subgraphs; s++) {
        ap__lrt_graph g;
        ap_status st = ap__interp_build(&g, m, s, threads, 0, NULL, err);
        ap__subgraph_free(&g);
        if (st != AP_OK)
            return st;
    }
    return AP_OK;
}

/* Appends "what: a, b, c" listing the tensors of one fate (at most 12, then how many more). */
static void list_fate(char *buf, size_t cap, size_t *len, const ap_litert_info *in,
                      ap_litert_fate f, const char *what)
{
    size_t k, shown = 0;
    int w;
    if (!in->counts[f] || *len >= cap)
        return;
    w = snprintf(buf + *len, cap - *len, "; %s:", what);
    *len += w > 0 ? (size_t)w : 0;
    for (k = 0; k < in->n_tensors && *len < cap; k++) {
        const ap_litert_tensor *t = &in->tensors[k];
        if (t->fate != f)
            continue;
        if (shown++ == 12) {
            w = snprintf(buf + *len, cap - *len, " and %zu more", in->counts[f] - 12);
            *len += w > 0 ? (size_t)w : 0;
            break;
        }
        if (t->why && shown <= 3 && f != AP_LITERT_AT_INVOKE)
            w = snprintf(buf + *len, cap - *len, " %d (%s)", t->index, t->why);
        else
            w = snprintf(buf + *len, cap - *len, " %d", t->index);
        *len += w > 0 ? (size_t)w : 0;
    }
}

/* The first graph input of s with an unknown dimension (shape_signature -1): 1 with *tensor and
 * *dim set, else 0. */
static int resizable_input(const ap_tfl_subgraph *s, int32_t *tensor, uint32_t *dim)
{
    uint32_t k, j;
    for (k = 0; k < s->n_inputs; k++) {
        const ap_tfl_tensor *t;
        if (s->inputs[k] < 0)
            continue;
        t = &s->tensors[s->inputs[k]];
        for (j = 0; t->shape_signature && j < t->n_shape_signature; j++)
            if (t->shape_signature[j] == -1) {
                *tensor = s->inputs[k];
                *dim = j;
                return 1;
            }
    }
    return 0;
}

/* The note: the runtime and what the plan leaves out (heap, persistent arena, Invoke), and the
 * shape it holds for when an input may be resized. */
static ap_status set_note(ap_problem *p, const ap_litert_info *in, const ap_tfl_subgraph *s,
                          ap_error *err)
{
    char buf[2048];
    size_t len;
    int32_t tensor;
    uint32_t dim;
    int w = snprintf(buf, sizeof buf,
                     "TFLite runtime (LiteRT f67457790c9c ArenaPlanner, threads %d, alignment %d): "
                     "subgraph 0's non-persistent arena; persistent arena %lld bytes "
                     "(%zu tensors)", in->threads, AP_LITERT_ALIGN,
                     (long long)in->persistent_bytes, in->counts[AP_LITERT_PERSISTENT]);
    len = w > 0 && (size_t)w < sizeof buf ? (size_t)w : sizeof buf - 1;
    if (in->stop_why && len < sizeof buf) {
        w = snprintf(buf + len, sizeof buf - len, "; AllocateTensors prepared %d of %u operators "
                     "(%s): the rest is planned at Invoke, when the arena may grow",
                     in->prepared, in->operators, in->stop_why);
        len += w > 0 ? (size_t)w : 0;
    }
    if (in->n_unmodelled && len < sizeof buf) {
        w = snprintf(buf + len, sizeof buf - len, "; NOT MODELLED, so the arena is a lower "
                     "estimate: %zu path%s (listed as unmodelled)", in->n_unmodelled,
                     in->n_unmodelled > 1 ? "s" : "");
        len += w > 0 ? (size_t)w : 0;
    }
    if (resizable_input(s, &tensor, &dim) && len < sizeof buf) {
        w = snprintf(buf + len, sizeof buf - len, "; graph input %d has an unknown dimension "
                     "(shape_signature -1 at dimension %u): the figures are for the shape the "
                     "model states, and an application that resizes the input "
                     "(ResizeInputTensor) gets others", tensor, dim);
        len += w > 0 ? (size_t)w : 0;
    }
    list_fate(buf, sizeof buf, &len, in, AP_LITERT_AT_INVOKE, "planned at Invoke");
    list_fate(buf, sizeof buf, &len, in, AP_LITERT_DYNAMIC, "dynamic, on the heap");
    list_fate(buf, sizeof buf, &len, in, AP_LITERT_PERSISTENT_RO, "computed in Prepare, on the heap");
    if (len >= sizeof buf)
        memcpy(buf + sizeof buf - 4, "...", 4);
    return ap_problem_set_note(p, buf, err);
}

/* What the figures of subgraph 0 cannot know from the model itself: the operators prepared only
 * at Invoke. (A graph input with an unknown dimension is not among them: TFLite plans the shape
 * the model states until the application resizes the input, so the figures are exact for it and
 * the note says so.) */
static ap_status model_gaps(ap__lrt_graph *g, ap_error *err)
{
    ap_status st;
    if (g->stop_why && g->prepared < g->n_nodes &&
        (st = ap__subgraph_unmodelled(g, (int32_t)g->prepared - 1, err,
                                      "AllocateTensors stops after it (%s): the %u operator%s after "
                                      "it %s prepared and planned at Invoke, with shapes known "
                                      "only from the data, and the arena may grow then",
                                      g->stop_why, g->n_nodes - g->prepared,
                                      g->n_nodes - g->prepared > 1 ? "s" : "",
                                      g->n_nodes - g->prepared > 1 ? "are" : "is")) != AP_OK)
        return st;
    return AP_OK;
}

/* The paths not modelled, to the info and the problem. */
static ap_status copy_gaps(const ap__lrt_graph *g, ap_problem *p, ap_litert_info *in, ap_error *err)
{
    size_t k;
    ap_status st;
    if (g->n_gaps && !(in->unmodelled = ap__zalloc(g->n_gaps, sizeof *in->unmodelled)))
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory");
    for (k = 0; k < g->n_gaps; k++) {
        ap_litert_unmodelled *u = &in->unmodelled[k];
        u->node = g->gaps[k].node;
        u->op = u->node >= 0 ? ap__subgraph_op_name(g->node[u->node].op) : NULL;
        if (!(u->what = ap__strdup(g->gaps[k].what)))
            return ap_error_set(err, AP_ERR_NOMEM, "out of memory");
        in->n_unmodelled++;
        if ((st = ap_problem_add_unmodelled(p, u->op, u->node, u->what, err)) != AP_OK)
            return st;
    }
    return AP_OK;
}

/* A loop of subgraph calls reachable from subgraph 0 (CALL_ONCE, IF, WHILE: TFLite prepares
 * some of them only at Invoke, which would then recurse without end): the first one found, in
 * a depth-first walk, as "0 -> 1 -> 0" in path. Returns 1 with a loop, 0 without, -1 out of
 * memory. Iterative: a model's nesting cannot grow the C stack. */
static int call_loop(const ap_tfl_model *m, char *path, size_t cap)
{
    uint32_t n = m->n_subgraphs, *stack = ap__alloc(n + 1, sizeof *stack), *next;
    uint8_t *state = ap__zalloc(n + 1, 1); /* 0 unseen, 1 on the path, 2 done */
    size_t depth = 0;
    int found = 0;
    next = ap__zalloc(n + 1, sizeof *next); /* per subgraph: the next (op * 2 + field) to follow */
    if (!stack || !state || !next) {
        free(stack), free(state), free(next);
        return -1;
    }
    stack[depth++] = 0;
    state[0] = 1;
    while (depth && !found) {
        uint32_t s = stack[depth - 1], k = next[s]++;
        const ap_tfl_subgraph *g = &m->subgraphs[s];
        if (k >= 2 * g->n_ops) {
            state[s] = 2;
            depth--;
            continue;
        }
        int32_t c = g->ops[k / 2].calls[k % 2];
        if (c < 0 || (uint32_t)c >= n || state[c] == 2)
            continue;
        if (state[c] == 1) {
            size_t len = 0, from = 0;
            while (stack[from] != (uint32_t)c)
                from++;
            for (size_t d = from; d < depth && len < cap; d++)
                len += (size_t)snprintf(path + len, cap - len, "%u -> ", stack[d]);
            if (len < cap)
                snprintf(path + len, cap - len, "%d", (int)c);
            found = 1;
            break;
        }
        state[c] = 1;
        stack[depth++] = (uint32_t)c;
    }
    free(stack), free(state), free(next);
    return found;
}

ap_status ap_litert_build(const ap_tfl_model *m, const ap_litert_options *opt, ap_problem **out,
                          ap_litert_info **info_out, ap_error *err)
{
    ap_litert_options defaults;
    ap__lrt_graph g;
    ap_litert_info *in = NULL;
    ap_problem *p = NULL;
    ap_status st;
    *out = NULL;
    if (info_out)
        *info_out = NULL;
    memset(&g, 0, sizeof g);
    if (!opt) {
        ap_litert_options_init(&defaults);
        opt = &defaults;
    }
    if (opt->threads < -1)
        return ap_error_set(err, AP_ERR_USAGE, "threads %d: TFLite takes -1 (its default) or a "
                            "count from 0", opt->threads);
    if (opt->align < 0 || (opt->align & (opt->align - 1)))
        return ap_error_set(err, AP_ERR_USAGE, "alignment %lld is not a power of two",
                            (long long)opt->align);
    if (m->n_subgraphs == 0)
        return ap_error_set(err, AP_ERR_INPUT, "TFLite cannot build the model: it has no subgraph");
    if (!(p = ap_problem_new()) || !(in = ap__zalloc(1, sizeof *in))) {
        st = ap_error_set(err, AP_ERR_NOMEM, "out of memory");
        goto fail;
    }
    p->default_align = opt->align ? opt->align : AP_LITERT_ALIGN;
    p->origin = AP_ORIGIN_TFLITE;
    if ((st = check_subgraphs(m, opt->threads, err)) != AP_OK ||
        (st = ap__interp_build(&g, m, 0, opt->threads, 0, NULL, err)) != AP_OK ||
        (st = ap__interp_prepare(&g, err)) != AP_OK)
        goto fail;
    /* the loops AllocateTensors meets, prepare refused; those that only Invoke meets here */
    char loop[160];
    int looped = call_loop(m, loop, sizeof loop);
    if (looped) {
        st = looped < 0 ? ap_error_set(err, AP_ERR_NOMEM, "out of memory")
                        : ap_error_set(err, AP_ERR_INPUT, "TFLite cannot run the model: its subgraphs "
                                       "call one another in a loop (%s), so Invoke would recurse "
                                       "without end", loop);
        goto fail;
    }
    in->model_tensors = m->subgraphs[0].n_tensors;
    in->operators = g.n_nodes;
    in->prepared = (int32_t)g.prepared;
    in->threads = opt->threads;
    if (g.stop_why && !(in->stop_why = ap__strdup(g.stop_why))) {
        st = ap_error_set(err, AP_ERR_NOMEM, "out of memory");
        goto fail;
    }
    if ((st = model_gaps(&g, err)) != AP_OK || (st = ap__arena_planner_run(&g, p, in, err)) != AP_OK ||
        (st = copy_gaps(&g, p, in, err)) != AP_OK || (st = set_note(p, in, &m->subgraphs[0], err)) != AP_OK)
        goto fail;
    ap__subgraph_free(&g);
    *out = p;
    if (info_out)
        *info_out = in;
    else
        ap_litert_info_free(in);
    return AP_OK;
fail:
    ap__subgraph_free(&g);
    ap_problem_free(p);
    ap_litert_info_free(in);
    return st;
}

ap_status ap_litert_load_problem(const unsigned char *data, size_t len, const char *path,
                                 const ap_litert_options *opt, ap_problem **out, ap_error *err)
{
    ap_tfl_model *m = NULL;
    ap_problem *p = NULL;
    ap_status st;
    const char *name = path ? path : "model";
    *out = NULL;
    if ((st = ap_tflite_read(data, len, &m, err)) != AP_OK ||
        (st = ap_litert_build(m, opt, &p, NULL, err)) != AP_OK ||
        (st = ap_problem_set_source(p, path, err)) != AP_OK ||
        (st = ap_problem_validate(p, err)) != AP_OK) {
        char msg[AP_ERROR_MAX];
        snprintf(msg, sizeof msg, "%s", err ? err->msg : "");
        ap_problem_free(p);
        ap_tflite_free(m);
        return ap_error_set(err, st, "%s: %s", name, msg);
    }
    ap_tflite_free(m);
    *out = p;
    return AP_OK;
}

ap_status ap_litert_plan(const ap_problem *p, ap_plan *out, ap_error *err)
{
    ap_plan_options po;
    ap_check_result res;
    ap_status st;
    ap_plan_options_init(&po);
    if ((st = ap__portfolio_run("tflite", ap__simple_arena_plan, p, &po, out, err)) == AP_OK &&
        (st = ap_check(p, out->offset, &res)) != AP_OK)
        st = ap_error_set(err, st, "%s", res.message);
    return st;
}
