/*
 * arena.c - TFLM's whole arena for a model (tflm_arena.h): the problem and the kernels'
 * scratch requests as for the head, the head itself (the caller's, or stock TFLM's plan), the
 * trace of AllocateTensors (trace.c) and its replay (replay.c): head, tail by category, used
 * bytes and the smallest working kTensorArenaSize; and the arena of a plan, beside stock
 * TFLM's, and of several models sharing one.
 *
 * The folder src/tflm_arena/: TFLM's whole arena, AllocateTensors replayed.
 */
#include <string.h>

#include "arenaplan/tflm.h"
#include "arenaplan/tflm_arena.h"
#include "core/util.h"
#include "tflm_arena/arena.h"
#include "tflm_arena/replay.h"
#include "tflm_arena/trace.h"
#include "tflm_kernels/kernel_sets.h"
#include "tflm_kernels/prepare.h"
#include "tflm_kernels/scratch.h"

static const char *const category_names[] = {
    "TfLiteEvalTensor",    "persistent_TfLiteTensor", "persistent_quantization",
    "persistent_buffer",   "TfLiteTensor_variable_buffer", "NodeAndRegistration",
    "operator_runtime_data", "other"};
static const char *const other_names[] = {"runtime_objects", "builtin_params", "subgraphs",
                                          "scratch_handles"};
static const char *const phase_names[] = {"create", "start",   "parse", "init",
                                          "prepare", "plan", "finish"};

const char *ap_tflm_category_name(int category)
{
    return category >= 0 && category < AP_TFLM_CATEGORIES ? category_names[category] : NULL;
}

const char *ap_tflm_other_name(int part)
{
    return part >= 0 && part < AP_TFLM_OTHER_PARTS ? other_names[part] : NULL;
}

const char *ap_tflm_phase_name(int phase)
{
    return phase >= 0 && phase < AP_TFLM_PHASES ? phase_names[phase] : NULL;
}

void ap_tflm_options_init(ap_tflm_options *opt)
{
    memset(opt, 0, sizeof *opt);
    opt->head = -1;
    opt->resource_variables = -1;
}

/* ---- One model ------------------------------------------------------------------------------- */

static void fill_use(ap_tflm_use *out, ap_tflm_use *parts, const ap__trace *tr,
                     const ap__replay *r)
{
    for (int k = 0; k < AP__CAT_COUNT; k++) {
        ap_tflm_use u = tr->use[k];
        u.bytes = r->bytes[k];
        if (k < AP__CAT_OTHER)
            out[k] = u;
        else {
            if (parts)
                parts[k - AP__CAT_OTHER] = u;
            out[AP__CAT_OTHER].bytes += u.bytes;
            out[AP__CAT_OTHER].requested += u.requested;
            out[AP__CAT_OTHER].count += u.count;
        }
    }
}

/* The traces of a model, and what they were made for. */
typedef struct env {
    ap_tflm_kernels id;      /* the kernel set, of the head's scratch requests too */
    const ap__kernel_set *set;
    int64_t head;
    ap__trace plain, rec, split; /* split: on the two-buffer allocator */
} env;

static void env_free(env *e)
{
    ap__trace_free(&e->plain);
    ap__trace_free(&e->rec);
    ap__trace_free(&e->split);
}

/* The kernel set opt's target and kernel set name mean (kernel_sets.h), and opt's head and
 * MicroResourceVariables capacity in range. */
static ap_status resolve(const ap_tflm_options *opt, env *e, ap_error *err)
{
    ap_status st = ap__kernel_sets_resolve(opt->target, opt->kernels, &e->id, err);
    if (st != AP_OK)
        return st;
    e->set = ap__kernel_sets_of(e->id);
    if (opt->head < -1)
        return ap_error_set(err, AP_ERR_USAGE, "a head of %lld bytes", (long long)opt->head);
    if (opt->resource_variables < -1 || opt->resource_variables > INT32_MAX)
        return ap_error_set(err, AP_ERR_USAGE, "a MicroResourceVariables capacity of %lld",
                            (long long)opt->resource_variables);
    return AP_OK;
}

/* The head stock TFLM lays out for p when the caller gives none: its GreedyMemoryPlanner,
 * honouring the model's own offline plan. The replay receives the head as an input; this is
 * the one place that plans it. */
static ap_status stock_head(ap_problem *p, int64_t *head, ap_error *err)
{
    ap_plan plan;
    ap_status st;
    ap_plan_init(&plan);
    if ((st = ap_problem_validate(p, err)) == AP_OK &&
        (st = ap_tflite_tflm_plan(p, &plan, err)) == AP_OK)
        *head = plan.arena;
    ap_plan_free(&plan);
    return st;
}

/* The traces of m for opt: the planner's buffers and the kernels' scratch requests as for the
 * head, the head (opt's, or stock TFLM's), then a plain and a recording interpreter and a plain
 * one on two buffers; mode (NULL: one model alone) makes the plain trace alone, a later model's
 * or a two-buffer one as ap__arena_trace says. */
static ap_status make_env(const ap_tfl_model *m, const ap_tflm_options *opt, env *e,
                          ap_tflm_refusal *refusal, const ap__arena_mode *mode, ap_error *err)
{
    ap_tflm_options def;
    ap_tflite_build_options bo;
    ap_problem *p = NULL;
    ap__prepare pr = {0};
    ap_status st;
    if (!opt) {
        ap_tflm_options_init(&def);
        opt = &def;
    }
    memset(e, 0, sizeof *e);
    if ((st = resolve(opt, e, err)) != AP_OK)
        return st;
    ap_tflite_build_options_init(&bo);
    bo.kernels = e->id;
    bo.allow_refusal = 1; /* the trace says TFLM's allocator refusals (trace.c) */
    e->head = opt->head;
    if ((st = ap_tflite_build_problem(m, &bo, &p, err)) == AP_OK &&
        (st = ap__scratch_run(m, bo.kernels, &pr, err)) == AP_OK && e->head < 0)
        st = stock_head(p, &e->head, err);
    if (st == AP_OK) {
        ap__trace_input in = {
            .m = m,
            .set = e->set,
            .prepare = &pr,
            .planned = (int64_t)p->n,
            .head = e->head,
            .resource_slots = opt->resource_variables,
            .later = mode ? mode->later : 0,
            .split = mode ? mode->split : 0,
        };
        if ((st = ap__trace_build(&in, &e->plain, err)) == AP_OK && !mode) {
            in.recording = 1;
            if ((st = ap__trace_build(&in, &e->rec, err)) == AP_OK) {
                in.recording = 0;
                in.split = 1;
                st = ap__trace_build(&in, &e->split, err);
            }
        } else if (st != AP_OK && refusal) { /* TFLM cannot load it, or it is not modelled */
            *refusal = e->plain.refusal;
        }
    }
    ap__prepare_free(&pr);
    ap_problem_free(p);
    if (st != AP_OK)
        env_free(e);
    return st;
}

ap_status ap_tflm_arena_compute(const ap_tfl_model *m, const ap_tflm_options *opt,
                                ap_tflm_arena *out, ap_error *err)
{
    env e;
    ap__replay r;
    memset(out, 0, sizeof *out);
    ap_status st = make_env(m, opt, &e, &out->refusal, NULL, err);
    if (st != AP_OK) {
        if (out->refusal.kind != AP_TFLM_LOADS && e.set) { /* no figure: the refusal says why */
            out->target = e.set->target->name;
            out->kernels = e.set->arena_name;
            out->min_arena = out->min_arena_16 = -1;
        }
        return st;
    }
    int64_t n = ap__max64(ap__replay_roomy(&e.plain), ap__replay_roomy(&e.rec));
    out->target = e.set->target->name;
    out->kernels = e.set->arena_name;
    out->head = e.head;
    out->planned_buffers = e.plain.planned;
    out->scratch_buffers = e.plain.scratch;
    /* ap__replay_roomy leaves room for everything: both replays succeed. */
    ap__replay_run(&e.rec, n, &r, NULL);
    out->recording_tail = r.end - r.tail;
    out->recording_used = (r.head - r.base) + out->recording_tail;
    fill_use(out->recording_cat, NULL, &e.rec, &r);
    ap__replay_run(&e.plain, n, &r, NULL);
    out->tail = r.end - r.tail;
    out->used = (r.head - r.base) + out->tail;
    out->temp_peak = r.peak;
    fill_use(out->cat, out->other, &e.plain, &r);
    out->min_arena = ap__replay_smallest(&e.plain, &out->min_arena_16);
    ap__replay_split_smallest(&e.split, &out->split_persistent, &out->split_nonpersistent);
    ap__replay_split_run(&e.split, n, n, &r, NULL);
    out->split_used = (r.head - r.base) + (r.pend - r.ptail);
    ap__replay_run(&e.plain, out->min_arena - 1, &r, NULL);
    if (r.fail < e.plain.n) {
        const ap__trace_ev *f = &e.plain.v[r.fail];
        out->binding_phase = (ap_tflm_phase)f->phase;
        out->binding_subgraph = f->op >= 0 ? f->sg : -1;
        out->binding_op = f->op;
        out->binding_low = r.fail_low;
        out->binding_high = r.fail_high;
    }
    env_free(&e);
    return AP_OK;
}

ap_status ap_tflm_arena_items(const ap_tfl_model *m, const ap_tflm_options *opt,
                              ap_tflm_item **items, size_t *n_items, ap_error *err)
{
    env e;
    ap__replay r;
    *items = NULL;
    *n_items = 0;
    ap_status st = make_env(m, opt, &e, NULL, NULL, err);
    if (st != AP_OK)
        return st;
    size_t k = 0;
    for (size_t i = 0; i < e.plain.n; i++)
        k += e.plain.v[i].kind == AP__EV_PERSIST || e.plain.v[i].kind == AP__EV_TEMP ||
             e.plain.v[i].kind == AP__EV_PLAN || (e.plain.v[i].kind == AP__EV_RESIZE &&
                                               e.plain.v[i].size > 0);
    ap_tflm_item *v = ap__zalloc(k ? k : 1, sizeof *v);
    int64_t *where = ap__zalloc(e.plain.n ? e.plain.n : 1, 2 * sizeof *where);
    if (!v || !where) {
        free(v);
        free(where);
        env_free(&e);
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory listing TFLM's arena");
    }
    ap__replay_run(&e.plain, ap__replay_roomy(&e.plain), &r, where);
    k = 0;
    for (size_t i = 0; i < e.plain.n; i++) {
        const ap__trace_ev *f = &e.plain.v[i];
        if (!(f->kind == AP__EV_PERSIST || f->kind == AP__EV_TEMP || f->kind == AP__EV_PLAN ||
              (f->kind == AP__EV_RESIZE && f->size > 0)))
            continue;
        ap_tflm_item *it = &v[k++];
        it->phase = (ap_tflm_phase)f->phase;
        it->subgraph = f->op >= 0 || f->tensor >= 0 ? f->sg : -1;
        it->op = f->op;
        it->tensor = f->tensor;
        it->section = f->kind == AP__EV_PERSIST ? AP_TFLM_TAIL
                    : f->kind == AP__EV_RESIZE  ? AP_TFLM_LOW_END
                                            : AP_TFLM_TEMP;
        it->category = f->kind == AP__EV_PERSIST ? (f->cat < AP__CAT_OTHER ? f->cat : AP_TFLM_OTHER) : -1;
        it->other_part = f->kind == AP__EV_PERSIST && f->cat >= AP__CAT_OTHER ? f->cat - AP__CAT_OTHER : -1;
        it->what = f->what;
        it->requested = f->size;
        it->bytes = where[2 * i];
        it->offset = where[2 * i + 1];
    }
    *items = v;
    *n_items = k;
    free(where);
    env_free(&e);
    return AP_OK;
}

/* ---- A plan, several models ------------------------------------------------------------------ */

ap_status ap_tflm_plan_arena(const ap_tfl_model *m, const ap_problem *p, const ap_plan *plan,
                             const ap_tflm_options *opt, ap_tflm_whole *out, ap_error *err)
{
    ap_tflm_options o;
    ap_plan tflm;
    ap_status st;
    memset(out, 0, sizeof *out);
    if (opt)
        o = *opt;
    else
        ap_tflm_options_init(&o);
    ap_plan_init(&tflm);
    st = ap_tflite_tflm_embedded(p, plan, &tflm, err);
    o.head = tflm.arena;
    ap_plan_free(&tflm);
    if (st != AP_OK)
        return st;
    if ((st = ap_tflm_arena_compute(m, &o, &out->plan, err)) != AP_OK) {
        out->stock = out->plan; /* a refusal is stock TFLM's too */
        return st;
    }
    o.head = -1;
    if ((st = ap_tflm_arena_compute(m, &o, &out->stock, err)) != AP_OK)
        memset(out, 0, sizeof *out);
    return st;
}

int64_t ap_tflm_shared_arena(const ap_tflm_whole *w, size_t k, int64_t *head, int64_t *tails)
{
    int64_t h = 0, t = 0;
    size_t i;
    for (i = 0; i < k; i++) {
        h = w[i].plan.head > h ? w[i].plan.head : h;
        t += w[i].plan.tail;
    }
    int64_t n = h + t;
    for (i = 0; i < k; i++) /* model i's setup beside the others' tails */
        n = w[i].plan.min_arena + t - w[i].plan.tail > n ? w[i].plan.min_arena + t - w[i].plan.tail : n;
    if (head)
        *head = h;
    if (tails)
        *tails = t;
    return n;
}

ap_status ap__arena_trace(const ap_tfl_model *m, const ap_tflm_options *opt,
                          const ap__arena_mode *mode, ap__arena_model *out, ap_error *err)
{
    env e;
    memset(out, 0, sizeof *out);
    ap_status st = make_env(m, opt, &e, &out->refusal, mode, err);
    if (e.set) {
        out->target = e.set->target->name;
        out->kernels = e.set->arena_name;
    }
    if (st != AP_OK)
        return st;
    out->tr = e.plain; /* the one trace made: out owns it */
    out->head = e.head;
    return AP_OK;
}
