/*
 * patch_pipe.c - the pipeline behind `arenaplan patch` (ap_tflite_patch in patch.h;
 * docs/patch.md): rewrites (patch.c) over the searched prefixes and grids, each measured by
 * TFLM's whole arena, the best one planned with best and embedded.
 *
 * Measuring a candidate exactly means planning it and replaying AllocateTensors; the search
 * first ranks every candidate by the whole arena with its head at the lower bound of its
 * problem (no plan does better, and best reaches it on the chains measured), then embeds best's
 * plan for the few ranked first and keeps the smallest true whole arena.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/bounds.h"
#include "arenaplan/embed.h"
#include "arenaplan/patch.h"
#include "arenaplan/tflm_arena.h"
#include "core/util.h"
#include "export/patch.h"
#include "tflm_kernels/kernel_sets.h"

#define EXACT_TRIES 4 /* candidates planned and embedded after the ranking */

void ap_tflite_patch_options_init(ap_tflite_patch_options *opt)
{
    memset(opt, 0, sizeof *opt);
    opt->max_overhead = AP_PATCH_DEFAULT_OVERHEAD;
    opt->kernels = AP_TFLM_KERNELS_REFERENCE;
}

void ap_tflite_patch_output_free(ap_tflite_patch_output *out)
{
    free(out->data);
    memset(out, 0, sizeof *out);
}

typedef struct cand {
    ap_patch_info info;
    double overhead;
    int64_t estimate; /* the whole arena with the head at the problem's bound */
} cand;

typedef struct ctx {
    const unsigned char *data;
    size_t len;
    const char *path;
    const ap_tflite_patch_options *opt;
    ap_tflm_options to;
    cand *c;
    size_t n, cap;
} ctx;

/* TFLM's whole arena of the model in data: as it is (head -1), or with the head given. */
static ap_status arena_of(const ctx *x, const unsigned char *data, size_t len, int64_t head,
                          ap_tflm_arena *a, ap_error *err)
{
    ap_tfl_model *m = NULL;
    ap_tflm_options to = x->to;
    ap_status st = ap_tflite_read(data, len, &m, err);
    to.head = head;
    if (st == AP_OK)
        st = ap_tflm_arena_compute(m, &to, a, err);
    ap_tflite_free(m);
    return st;
}

/* The lower bound of the copy's problem (x's kernels, no sharing rules). */
static ap_status bound_of(const ctx *x, const unsigned char *data, size_t len, int64_t *lb,
                          ap_error *err)
{
    ap_tfl_model *m = NULL;
    ap_tflite_build_options bo;
    ap_problem *p = NULL;
    ap_bounds b;
    ap_status st = ap_tflite_read(data, len, &m, err);
    ap_tflite_build_options_init(&bo);
    bo.kernels = x->opt->kernels;
    bo.inplace = x->opt->inplace;
    bo.overlap = x->opt->overlap;
    bo.ignore_offline = 1;
    if (st == AP_OK && (st = ap_tflite_build_problem(m, &bo, &p, err)) == AP_OK &&
        (st = ap_bounds_compute(p, &b, err)) == AP_OK)
        *lb = b.lower;
    ap_problem_free(p);
    ap_tflite_free(m);
    return st;
}

/* One candidate: rewritten, its overhead, and when within, its estimate. A spec the chain or
 * the map refuses is skipped when searching (AP_OK, nothing kept). */
static ap_status try_spec(ctx *x, const ap_patch_spec *sp, int searching, ap_error *err)
{
    unsigned char *out = NULL;
    size_t out_len = 0;
    cand c;
    ap_tflm_arena a;
    int64_t lb = 0;
    memset(&c, 0, sizeof c);
    ap_status st = ap__patch_rewrite(x->data, x->len, sp, AP__PATCH_FIGURES, &out, &out_len,
                                     &c.info, err);
    if (st == AP_ERR_USAGE && searching)
        return AP_OK;
    if (st != AP_OK)
        return st;
    c.overhead = c.info.macs_model > 0 ? 100.0 * (double)(c.info.macs_patched -
                                                          c.info.macs_prefix) /
                                             (double)c.info.macs_model
                                       : 0.0;
    c.estimate = -1;
    if (c.overhead <= x->opt->max_overhead &&
        (st = ap__patch_rewrite(x->data, x->len, sp, AP__PATCH_UNCHECKED, &out, &out_len,
                                &c.info, err)) == AP_OK &&
        (st = bound_of(x, out, out_len, &lb, err)) == AP_OK &&
        (st = arena_of(x, out, out_len, lb, &a, err)) == AP_OK)
        c.estimate = a.min_arena;
    free(out);
    if (st != AP_OK)
        return st;
    cand *nc = ap__grow(x->c, &x->cap, x->n + 1, sizeof *nc);
    if (!nc)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory searching the patches");
    x->c = nc;
    x->c[x->n++] = c;
    return AP_OK;
}

static ap_status search(ctx *x, uint32_t max_last, ap_error *err)
{
    const ap_tflite_patch_options *o = x->opt;
    uint32_t l0 = o->auto_until ? 0 : o->spec.last, l1 = o->auto_until ? max_last : o->spec.last;
    uint32_t rmax = o->auto_grid ? AP_PATCH_AUTO_MAX : 1;
    ap_status st = AP_OK;
    for (uint32_t last = l0; last <= l1 && st == AP_OK; last++)
        for (uint32_t r = 1; r <= rmax && st == AP_OK; r++)
            for (uint32_t c = 1; c <= rmax && st == AP_OK; c++) {
                ap_patch_spec sp = {last, o->auto_grid ? r : o->spec.rows,
                                    o->auto_grid ? c : o->spec.cols};
                if (o->auto_grid && r == 1 && c == 1)
                    continue;
                st = try_spec(x, &sp, o->auto_grid || o->auto_until, err);
            }
    return st;
}

static int by_estimate(const void *pa, const void *pb)
{
    const cand *a = pa, *b = pb;
    if ((a->estimate < 0) != (b->estimate < 0))
        return a->estimate < 0 ? 1 : -1;
    if (a->estimate != b->estimate)
        return a->estimate < b->estimate ? -1 : 1;
    if (a->info.macs_patched != b->info.macs_patched)
        return a->info.macs_patched < b->info.macs_patched ? -1 : 1;
    return a->info.spec.last != b->info.spec.last ? (a->info.spec.last < b->info.spec.last ? -1 : 1)
         : a->info.spec.rows != b->info.spec.rows ? (a->info.spec.rows < b->info.spec.rows ? -1 : 1)
         : (a->info.spec.cols > b->info.spec.cols) - (a->info.spec.cols < b->info.spec.cols);
}

/* The candidate rewritten again, planned with best, embedded, measured. */
static ap_status embed_one(const ctx *x, const cand *c, ap_tflite_patch_output *o, ap_error *err)
{
    unsigned char *pd = NULL;
    size_t pl = 0;
    ap_tflite_embed_options eo;
    ap_tflite_embed_result er;
    ap_tflm_arena a;
    ap_status st = ap_tflite_patch_rewrite(x->data, x->len, &c->info.spec, &pd, &pl, &o->info,
                                           err);
    if (st != AP_OK)
        return st;
    ap_tflite_embed_options_init(&eo);
    eo.build.kernels = x->opt->kernels;
    eo.build.inplace = x->opt->inplace;
    eo.build.overlap = x->opt->overlap;
    eo.build.ignore_offline = 1;
    st = ap_tflite_embed(pd, pl, x->path, &eo, &er, err);
    free(pd);
    if (st != AP_OK)
        return st;
    o->data = er.data;
    o->len = er.len;
    er.data = NULL;
    o->head_after = er.head;
    ap_tflite_embed_result_free(&er);
    o->overhead = c->overhead;
    if ((st = arena_of(x, o->data, o->len, -1, &a, err)) != AP_OK)
        return st;
    o->arena_after = a.min_arena;
    o->tail_after = a.tail;
    return AP_OK;
}

/* The first EXACT_TRIES ranked candidates embedded; the smallest whole arena kept. */
static ap_status pick(const ctx *x, ap_tflite_patch_output *out, ap_error *err)
{
    ap_tflite_patch_output best, o;
    memset(&best, 0, sizeof best);
    for (size_t k = 0; k < x->n && k < EXACT_TRIES && x->c[k].estimate >= 0; k++) {
        memset(&o, 0, sizeof o);
        ap_status st = embed_one(x, &x->c[k], &o, err);
        if (st != AP_OK) {
            ap_tflite_patch_output_free(&o);
            ap_tflite_patch_output_free(&best);
            return st;
        }
        if (!best.data || o.arena_after < best.arena_after ||
            (o.arena_after == best.arena_after &&
             o.info.macs_patched < best.info.macs_patched)) {
            ap_tflite_patch_output_free(&best);
            best = o;
        } else {
            ap_tflite_patch_output_free(&o);
        }
    }
    best.arena_before = out->arena_before;
    best.head_before = out->head_before;
    best.tail_before = out->tail_before;
    best.target = out->target;
    best.kernels = out->kernels;
    *out = best;
    return AP_OK;
}

static ap_status none_within(const ctx *x, const ap_tfl_model *m, ap_error *err)
{
    const cand *low = NULL;
    for (size_t k = 0; k < x->n; k++)
        if (!low || x->c[k].overhead < low->overhead)
            low = &x->c[k];
    if (!low && !x->opt->auto_until && x->opt->spec.last < m->subgraphs[0].n_ops &&
        m->subgraphs[0].ops[x->opt->spec.last].n_outputs == 1 &&
        m->subgraphs[0].ops[x->opt->spec.last].outputs[0] >= 0) {
        const ap_tfl_operator *op = &m->subgraphs[0].ops[x->opt->spec.last];
        const ap_tfl_tensor *y = &m->subgraphs[0].tensors[op->outputs[0]];
        return ap_error_set(err, AP_ERR_INPUT, "operator %u (%s): its output is %dx%d, which no "
                            "grid of 2 tiles or more cuts: every element of it reads the whole "
                            "map (a global pooling)", x->opt->spec.last, op->name,
                            y->rank == 4 ? (int)y->shape[1] : 1, y->rank == 4 ? (int)y->shape[2] : 1);
    }
    if (!low)
        return ap_error_set(err, AP_ERR_USAGE, "no prefix and grid to try");
    char pre[48];
    ap_tflite_patch_prefix_text(low->info.spec.last, pre, sizeof pre);
    return ap_error_set(err, AP_ERR_USAGE, "no patch within --max-overhead %g%%: the lowest "
                        "overhead tried is %.1f%% (%s, grid %ux%u)", x->opt->max_overhead,
                        low->overhead, pre, low->info.spec.rows, low->info.spec.cols);
}

ap_status ap_tflite_patch(const unsigned char *data, size_t len, const char *path,
                          const ap_tflite_patch_options *opt, ap_tflite_patch_output *out,
                          ap_error *err)
{
    ap_tflite_patch_options dflt;
    ctx x;
    ap_tfl_model *m = NULL;
    ap_tflm_arena a;
    uint32_t max_last = 0;
    ap_status st;
    memset(out, 0, sizeof *out);
    if (!opt) {
        ap_tflite_patch_options_init(&dflt);
        opt = &dflt;
    }
    memset(&x, 0, sizeof x);
    x.data = data, x.len = len, x.path = path ? path : "model", x.opt = opt;
    const ap__kernel_set *set = ap__kernel_sets_of(opt->kernels);
    if (!set || !set->arena_name)
        return ap_error_set(err, AP_ERR_USAGE, "patch minimises TFLM's whole arena: the kernel "
                            "set %s has no model of it", set ? set->name : "given");
    ap_tflm_options_init(&x.to);
    x.to.target = opt->target;
    x.to.kernels = set->arena_name;
    if ((st = ap_tflite_read(data, len, &m, err)) != AP_OK ||
        (st = ap_tflite_patch_chain(m, &max_last, NULL, 0, err)) != AP_OK ||
        (st = arena_of(&x, data, len, -1, &a, err)) != AP_OK)
        goto done;
    out->arena_before = a.min_arena, out->head_before = a.head, out->tail_before = a.tail;
    out->target = a.target, out->kernels = a.kernels;
    if ((st = search(&x, max_last, err)) != AP_OK)
        goto done;
    out->candidates = (uint32_t)x.n;
    for (size_t k = 0; k < x.n; k++)
        out->within += x.c[k].estimate >= 0;
    if (!out->within) {
        st = none_within(&x, m, err);
        goto done;
    }
    qsort(x.c, x.n, sizeof *x.c, by_estimate);
    uint32_t nc = out->candidates, nw = out->within;
    st = pick(&x, out, err);
    out->candidates = nc, out->within = nw;
done:
    if (st != AP_OK)
        ap_tflite_patch_output_free(out);
    ap_tflite_free(m);
    free(x.c);
    return st;
}

void ap_tflite_patch_prefix_text(uint32_t last, char *out, size_t cap)
{
    if (last == 0)
        snprintf(out, cap, "operator 0");
    else
        snprintf(out, cap, "operators 0-%u", last);
}

void ap_tflite_patch_quick_options(ap_tflite_patch_options *opt, ap_tflm_kernels kernels,
                                   const char *target)
{
    opt->auto_grid = 0;
    opt->auto_until = 1;
    opt->spec.rows = opt->spec.cols = AP_PATCH_QUICK_GRID;
    opt->kernels = kernels;
    opt->target = target;
}

void ap_tflite_patch_line(const unsigned char *data, size_t len, ap_tflm_kernels kernels,
                          const char *target, char *out, size_t cap)
{
    ap_tflite_patch_options o;
    ap_tflite_patch_output r;
    ap_error err = {0};
    char pre[48];
    if (!cap)
        return;
    out[0] = 0;
    if (kernels == AP_TFLM_KERNELS_NONE)
        return;
    ap_tflite_patch_options_init(&o);
    ap_tflite_patch_quick_options(&o, kernels, target);
    if (ap_tflite_patch(data, len, NULL, &o, &r, &err) != AP_OK) {
        snprintf(out, cap, "patch        %s", err.msg);
        return;
    }
    ap_tflite_patch_prefix_text(r.info.spec.last, pre, sizeof pre);
    if (r.arena_after < r.arena_before) {
        long long d = (long long)(r.arena_before - r.arena_after);
        snprintf(out, cap, "patch        %s patch by patch in a %ux%u grid: TFLM's whole arena "
                 "%lld -> %lld bytes (-%lld, %.1f%%; head %lld -> %lld), %+.1f%% MACs, +%lld "
                 "bytes of flash (a quick search; 'arenaplan patch' searches further and writes "
                 "it)", pre, r.info.spec.rows, r.info.spec.cols, (long long)r.arena_before,
                 (long long)r.arena_after, d, 100.0 * (double)d / (double)r.arena_before,
                 (long long)r.head_before, (long long)r.head_after, r.overhead,
                 (long long)r.len - (long long)len);
    } else {
        snprintf(out, cap, "patch        no prefix in a %ux%u grid shrinks TFLM's whole arena "
                 "(%lld bytes; at best %lld, %s): the tail the new operators bring outweighs "
                 "the head they save (a quick search; 'arenaplan patch' searches further)",
                 r.info.spec.rows, r.info.spec.cols, (long long)r.arena_before,
                 (long long)r.arena_after, pre);
    }
    ap_tflite_patch_output_free(&r);
}
