/*
 * run_fit.c - `fit` (fit.h): every lever on a model's whole TFLM arena, measured by the code of
 * the command that applies it (ap_tflite_reorder as `reorder`, ap_tflite_patch's quick search
 * as `patch --grid 2x2`, ap_tflite_embed as `embed`, ap__run_arena_model as every command's
 * whole arena), every combination of them, the smallest
 * that fits a budget, and what makes the arena (run_fit_out.c). A lever is one row of the
 * table in run_fit_levers.c; a lever still to come is a row with available 0.
 */
#include <stdlib.h>
#include <string.h>

#include "arenaplan/embed.h"
#include "arenaplan/fit.h"
#include "arenaplan/patch.h"
#include "arenaplan/reorder.h"
#include "arenaplan/report.h"
#include "run/run.h"
#include "run/run_fit_levers.h"
#include "run/run_fit_out.h"

#define BIT(l) (1u << (l))

/* The levers a mask really applies: each with what it needs. */
static unsigned closure(unsigned mask)
{
    unsigned out = mask;
    for (int l = 0; l < AP_FIT_LEVERS; l++)
        if (mask & BIT(l))
            out |= ap__run_fit_levers_needs(l);
    return out;
}

static int count_levers(unsigned mask)
{
    int n = 0;
    for (; mask; mask &= mask - 1)
        n++;
    return n;
}

/* ---- The pipeline ------------------------------------------------------------------------- */

/* patch's result for one kernel set and one operator order (the kernels and reorder levers):
 * the quick search runs once for each and the combinations share it. */
typedef struct patch_memo {
    int done, failed;
    unsigned char *data;   /* the patched copy (malloc'd), its plan embedded */
    size_t len;
    ap_patch_spec spec;
    char why[AP_ERROR_MAX];
} patch_memo;

/* One fit: the input, the run contexts of the baseline kernel set and of the other. */
typedef struct fit_ctx {
    const ap_run_options *opt;
    ap_run_options opt_other;   /* opt with the other kernel set */
    const unsigned char *data;
    size_t len;
    const char *name;
    const char *target;
    const char *base, *other;   /* the kernel sets: the baseline, the kernels lever's (or NULL) */
    int kernels_given, target_given, had_plan;
    ap__run_ctx ctx, ctx_other;
    patch_memo patch[4];        /* by (mask has kernels) | (mask has reorder) << 1 */
} fit_ctx;

static patch_memo *memo_of(fit_ctx *f, unsigned mask)
{
    return &f->patch[((mask & BIT(AP_FIT_KERNELS)) ? 1 : 0) | ((mask & BIT(AP_FIT_REORDER)) ? 2 : 0)];
}

/* The kernel set of a combination, by its name as the options take it. */
static const char *combo_kernels(const fit_ctx *f, unsigned mask)
{
    return mask & BIT(AP_FIT_KERNELS) ? f->other : f->base;
}

/* Whether TFLM can run the combination: sharing rules are proven for the reference kernels
 * only. */
static int combo_runs(const fit_ctx *f, unsigned mask)
{
    const char *k = combo_kernels(f, mask);
    if (!k)
        return 0;
    int reference_only;
    char flags[256];
    ap__run_fit_levers_rules(mask, NULL, flags, sizeof flags, &reference_only);
    return !reference_only || strncmp(k, "reference", 9) == 0;
}

/* The run context of the combination's kernel set. */
static ap__run_ctx *combo_ctx(fit_ctx *f, unsigned mask)
{
    return mask & BIT(AP_FIT_KERNELS) ? &f->ctx_other : &f->ctx;
}

static void set_why(ap_fit_figure *fig, const char *stage, const char *msg)
{
    fig->known = 0;
    snprintf(fig->why, sizeof fig->why, "%s: %s", stage, msg);
}

/* reorder, as `arenaplan reorder` runs it. *bytes becomes the copy (owned in *own). */
static int step_reorder(fit_ctx *f, ap__run_ctx *c, ap_fit_figure *fig,
                        const unsigned char **bytes, size_t *len, unsigned char **own)
{
    ap_tflite_reorder_write_options wo;
    ap_tflite_reorder_output r;
    ap_error err = {0};
    ap_tflite_reorder_write_options_init(&wo);
    wo.find.kernels = c->build.kernels;
    if (ap_tflite_reorder(*bytes, *len, f->name, &wo, &r, &err) != AP_OK) {
        set_why(fig, "reorder", err.msg);
        return -1;
    }
    free(*own);
    *own = r.data;
    *bytes = r.data;
    *len = r.len;
    r.data = NULL;
    ap_tflite_reorder_output_free(&r);
    return 0;
}

/* patch's quick search, as `arenaplan patch --grid 2x2` runs it (memoised per kernel set and
 * order). *bytes becomes the copy. */
static int step_patch(fit_ctx *f, ap__run_ctx *c, unsigned mask, ap_fit_figure *fig,
                      const unsigned char **bytes, size_t *len, unsigned char **own)
{
    patch_memo *pm = memo_of(f, mask);
    if (!pm->done) {
        ap_tflite_patch_options po;
        ap_tflite_patch_output r;
        ap_error err = {0};
        pm->done = 1;
        ap_tflite_patch_options_init(&po);
        ap_tflite_patch_quick_options(&po, c->build.kernels, f->target);
        if (ap_tflite_patch(*bytes, *len, f->name, &po, &r, &err) != AP_OK) {
            pm->failed = 1;
            snprintf(pm->why, sizeof pm->why, "%s", err.msg);
        } else {
            pm->data = r.data;
            pm->len = r.len;
            pm->spec = r.info.spec;
            r.data = NULL;
            ap_tflite_patch_output_free(&r);
        }
    }
    if (pm->failed) {
        set_why(fig, "patch", pm->why);
        return -1;
    }
    unsigned char *copy = malloc(pm->len ? pm->len : 1);
    if (!copy) {
        set_why(fig, "patch", "out of memory");
        return -1;
    }
    memcpy(copy, pm->data, pm->len);
    free(*own);
    *own = copy;
    *bytes = copy;
    *len = pm->len;
    return 0;
}

/* embed with the combination's rules, as `arenaplan embed` runs it. */
static int step_embed(fit_ctx *f, ap__run_ctx *c, unsigned mask, ap_fit_figure *fig,
                      const unsigned char **bytes, size_t *len, unsigned char **own)
{
    ap_tflite_embed_options eo;
    ap_tflite_embed_result r;
    ap_error err = {0};
    ap_tflite_embed_options_init(&eo);
    eo.build = c->build;
    char flags[256];
    eo.build.inplace = AP_TFLM_INPLACE_NONE;
    eo.build.overlap = AP_TFLM_OVERLAP_NONE;
    ap__run_fit_levers_rules(mask, &eo.build, flags, sizeof flags, NULL);
    eo.build.ignore_offline = f->had_plan || (mask & BIT(AP_FIT_PATCH)) != 0;
    eo.plan = f->opt->plan;
    if (ap_tflite_embed(*bytes, *len, f->name, &eo, &r, &err) != AP_OK) {
        set_why(fig, "embed", err.msg);
        return -1;
    }
    free(*own);
    *own = r.data;
    *bytes = r.data;
    *len = r.len;
    r.data = NULL;
    ap_tflite_embed_result_free(&r);
    return 0;
}

/* The commands that apply mask, into fig->command (after the pipeline: patch's prefix is the
 * one its search chose). */
static void combo_command(fit_ctx *f, unsigned mask, ap_fit_figure *fig)
{
    char k[96] = "", rules[256];
    const char *in = f->name;
    ap__run_fit_levers_rules(mask, NULL, rules, sizeof rules, NULL);
    size_t n = 0, cap = sizeof fig->command;
    if (mask & BIT(AP_FIT_KERNELS) || f->kernels_given)
        snprintf(k, sizeof k, " --kernels %s", combo_kernels(f, mask));
    if (f->target_given)
        snprintf(k + strlen(k), sizeof k - strlen(k), " --target %s", f->target);
    fig->command[0] = 0;
    if (mask & BIT(AP_FIT_REORDER)) {
        const char *to = mask & BIT(AP_FIT_EMBED) ? "REORDERED.tflite" : "OUT.tflite";
        n += (size_t)snprintf(fig->command + n, cap - n, "arenaplan reorder %s%s -o %s", in, k, to);
        in = to;
    }
    if (n < cap && mask & BIT(AP_FIT_PATCH)) {
        const patch_memo *pm = memo_of(f, mask);
        char until[32] = "auto";
        if (pm->done && !pm->failed)
            snprintf(until, sizeof until, "%u", pm->spec.last);
        n += (size_t)snprintf(fig->command + n, cap - n, "%sarenaplan patch %s --grid %dx%d "
                              "--until %s%s -o PATCHED.tflite", n ? " && " : "", in,
                              AP_PATCH_QUICK_GRID, AP_PATCH_QUICK_GRID, until, k);
        in = "PATCHED.tflite";
    }
    if (n < cap && mask & BIT(AP_FIT_EMBED))
        n += (size_t)snprintf(fig->command + n, cap - n, "%sarenaplan embed %s%s%s%s -o OUT.tflite",
                              n ? " && " : "", in, k, rules,
                              f->had_plan || (mask & BIT(AP_FIT_PATCH)) ? " --ignore-offline" : "");
    if (n && n < cap && mask & BIT(AP_FIT_KERNELS))
        n += (size_t)snprintf(fig->command + n, cap - n, "; then build TFLM with the %s kernels",
                              combo_kernels(f, mask));
    if (n < cap && !(mask & (BIT(AP_FIT_REORDER) | BIT(AP_FIT_EMBED))))
        snprintf(fig->command + n, cap - n, mask & BIT(AP_FIT_KERNELS)
                 ? "build TFLM with the %s kernels (the model as it is; arenaplan plan %s%s "
                   "measures it)"
                 : "%snothing to apply (the model as it is)", mask ? combo_kernels(f, mask) : "",
                 f->name, mask ? k : "");
}

/* Runs the pipeline of mask: fig filled; the output bytes in *out (when out is not NULL). */
static void run_combo(fit_ctx *f, unsigned mask, ap_fit_figure *fig, unsigned char **out,
                      size_t *out_len)
{
    ap__run_ctx *c = combo_ctx(f, mask);
    const unsigned char *bytes = f->data;
    size_t len = f->len;
    unsigned char *own = NULL;
    ap_tflm_arena a;
    char why[AP_ERROR_MAX + 64] = "";
    memset(fig, 0, sizeof *fig);
    fig->mask = mask;
    fig->kernels = combo_kernels(f, mask);
    if ((mask & BIT(AP_FIT_REORDER)) && step_reorder(f, c, fig, &bytes, &len, &own) != 0)
        goto done;
    if ((mask & BIT(AP_FIT_PATCH)) && step_patch(f, c, mask, fig, &bytes, &len, &own) != 0)
        goto done;
    if ((mask & BIT(AP_FIT_EMBED)) && step_embed(f, c, mask, fig, &bytes, &len, &own) != 0)
        goto done;
    if (ap__run_arena_model(c, bytes, len, f->name, &a, why, sizeof why) != 1) {
        fig->known = 0;
        snprintf(fig->why, sizeof fig->why, "%s", why[0] ? why : "TFLM's whole arena is not computed");
        goto done;
    }
    fig->known = 1;
    fig->arena = a.min_arena;
    fig->head = a.head;
    fig->tail = a.tail;
    fig->flash = (int64_t)len - (int64_t)f->len;
    if (out) {
        if (!own && (own = malloc(len ? len : 1)) != NULL)
            memcpy(own, bytes, len);
        *out = own;
        *out_len = len;
        own = NULL;
    }
done:
    combo_command(f, mask, fig);
    free(own);
}

/* ---- The search --------------------------------------------------------------------------- */

/* Whether combination a is better than b: fitting first, then fewer levers, then the smaller
 * arena. */
static int better(const ap_fit_figure *a, const ap_fit_figure *b, int64_t budget)
{
    int fa = a->arena <= budget, fb = b->arena <= budget;
    if (fa != fb)
        return fa;
    if (fa && count_levers(a->mask) != count_levers(b->mask))
        return count_levers(a->mask) < count_levers(b->mask);
    return a->arena < b->arena;
}

/* res->lever[l]: the combination of lever l and what it needs, or why there is none. */
static void lever_alone(const fit_ctx *f, ap_fit_result *res, int l, unsigned all)
{
    ap_fit_figure *g = &res->lever[l];
    unsigned m = closure(BIT(l));
    memset(g, 0, sizeof *g);
    if (!ap_fit_lever(l)->available)
        return;
    for (size_t i = 0; i < res->n_combos; i++)
        if (res->combos[i].mask == m) {
            *g = res->combos[i];
            return;
        }
    g->mask = m;
    g->kernels = combo_kernels(f, m);
    if (!(all & BIT(l)))
        snprintf(g->why, sizeof g->why, "no other kernel set on %s", f->target);
    else
        snprintf(g->why, sizeof g->why, "the sharing rules are proven for TFLM's reference kernels "
                 "only, not for the %s kernels (the combinations with the kernels lever have "
                 "them)", f->base);
}

/* Every combination of the available levers that TFLM can run, measured. */
static ap_status run_combos(fit_ctx *f, ap_fit_result *res, ap_error *err)
{
    unsigned all = 0, mask;
    for (int l = 0; l < AP_FIT_LEVERS; l++)
        if (ap_fit_lever(l)->available && (l != AP_FIT_KERNELS || f->other))
            all |= BIT(l);
    if (!(res->combos = calloc((size_t)all + 1, sizeof *res->combos)))
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory");
    res->chosen = -1;
    for (mask = 0; mask <= all; mask++) {
        ap_fit_figure *fig = &res->combos[res->n_combos];
        if ((mask & ~all) || closure(mask) != mask || !combo_runs(f, mask))
            continue;
        run_combo(f, mask, fig, NULL, NULL);
        res->n_combos++;
        if (fig->known && (res->chosen < 0 || better(fig, &res->combos[res->chosen], res->budget)))
            res->chosen = (long)(fig - res->combos);
    }
    for (int l = 0; l < AP_FIT_LEVERS; l++)
        lever_alone(f, res, l, all);
    res->stock = res->combos[0];
    res->fits = res->chosen >= 0 && res->combos[res->chosen].arena <= res->budget;
    return AP_OK;
}

/* ---- The context -------------------------------------------------------------------------- */

/* The kernels lever's set: the other of reference and cmsis-nn, on cortex-m only. */
static const char *other_kernels(const ap__run_ctx *c)
{
    if (strcmp(c->target, "cortex-m") != 0)
        return NULL;
    return c->build.kernels == AP_TFLM_KERNELS_REFERENCE ? "cmsis-nn" : "reference";
}

static ap_status fit_refuse(const ap_run_options *o, ap_error *err)
{
    if (o->inplace || o->overlap)
        return ap_error_set(err, AP_ERR_USAGE, "fit: the in-place and overlap rules are levers "
                            "fit measures itself; --inplace and --overlap do not apply");
    if (o->runtime && strcmp(o->runtime, "tflm"))
        return ap_error_set(err, AP_ERR_USAGE, "fit: the levers are TFLM's; runtime %s does not "
                            "apply", o->runtime);
    if (o->budget < 0)
        return ap_error_set(err, AP_ERR_USAGE, "fit: a budget is required (--budget BYTES)");
    return AP_OK;
}

/* Opens the two run contexts (base kernels and the other set) and reads the model. */
static ap_status fit_begin(fit_ctx *f, const unsigned char *data, size_t len,
                           const ap_run_options *opt, ap_error *err)
{
    ap_run_result dummy;
    ap_tfl_model *m = NULL;
    ap_status st;
    memset(f, 0, sizeof *f);
    f->opt = opt;
    f->data = data;
    f->len = len;
    f->name = opt->name ? opt->name : "model";
    f->kernels_given = opt->kernels != NULL;
    f->target_given = opt->target != NULL;
    if ((st = ap__run_begin(&f->ctx, opt, &dummy, err)) != AP_OK)
        return st;
    f->target = f->ctx.target;
    if (!ap__run_is_model(data, len, f->name))
        return ap_error_set(err, AP_ERR_USAGE, "fit: %s is no .tflite model: the levers apply to "
                            "models", f->name);
    if (f->ctx.build.kernels == AP_TFLM_KERNELS_NONE)
        return ap_error_set(err, AP_ERR_USAGE, "fit: kernel set none has no whole arena to fit");
    f->base = ap_tflm_set_name(AP_TFLM_SET_KERNELS, (int)f->ctx.build.kernels);
    f->other = other_kernels(&f->ctx);
    f->opt_other = *opt;
    f->opt_other.kernels = f->other ? f->other : f->base;
    if ((st = ap__run_begin(&f->ctx_other, &f->opt_other, &dummy, err)) != AP_OK)
        return st;
    if ((st = ap_tflite_read(data, len, &m, err)) != AP_OK) {
        ap_error e = *err;
        return ap_error_set(err, st, "%s: %s", f->name, e.msg);
    }
    f->had_plan = m->offline.present;
    ap_tflite_free(m);
    return AP_OK;
}

static void fit_end(fit_ctx *f, ap_fit_result *res, ap_status st)
{
    ap_run_result w, dummy;
    for (size_t i = 0; i < sizeof f->patch / sizeof f->patch[0]; i++)
        free(f->patch[i].data);
    memset(&w, 0, sizeof w);
    memset(&dummy, 0, sizeof dummy);
    ap__run_end(&f->ctx, &w, st);
    if (f->ctx_other.warnings.f)
        ap__run_end(&f->ctx_other, &dummy, AP_ERR_INPUT);
    if (res)
        res->warnings = w.warnings;
    else
        free(w.warnings);
}

static ap_status fit_measure(fit_ctx *f, ap_fit_result *res, ap_error *err)
{
    ap_status st;
    res->budget = f->opt->budget;
    res->target = f->target;
    res->kernels = f->base;
    res->other_kernels = f->other;
    res->input_len = f->len;
    if ((st = run_combos(f, res, err)) != AP_OK)
        return st;
    if (!res->stock.known)
        return ap_error_set(err, AP_ERR_INPUT, "fit: %s: %s", f->name, res->stock.why);
    return AP_OK;
}

ap_status ap_fit_compute(const unsigned char *data, size_t len, const ap_run_options *opt,
                     ap_fit_result *res, ap_error *err)
{
    fit_ctx f;
    ap_run_options defaults;
    ap_status st;
    memset(res, 0, sizeof *res);
    memset(&f, 0, sizeof f);
    if (!opt) {
        ap_run_options_init(&defaults);
        opt = &defaults;
    }
    if ((st = fit_refuse(opt, err)) != AP_OK)
        return st;
    if ((st = fit_begin(&f, data, len, opt, err)) == AP_OK &&
        (st = fit_measure(&f, res, err)) == AP_OK &&
        (st = ap__run_fit_out_diagnose(&f.ctx, data, len, res, err)) == AP_OK) {
        ap_fit_figure again;
        run_combo(&f, res->combos[res->chosen].mask, &again, &res->data, &res->len);
        if (!res->data)
            st = ap_error_set(err, AP_ERR_NOMEM, "out of memory");
        else
            st = ap__run_fit_out_json(res, &res->json, &res->json_len, err);
    }
    fit_end(&f, st == AP_OK ? res : NULL, st);
    if (st != AP_OK)
        ap_fit_result_free(res);
    return st;
}

int ap_fit_smallest(const unsigned char *data, size_t len, const ap_run_options *opt,
                    int64_t *arena, unsigned *mask)
{
    fit_ctx f;
    ap_fit_result res;
    ap_run_options o = *opt;
    ap_error err = {0};
    int ok = 0;
    memset(&res, 0, sizeof res);
    o.inplace = o.overlap = NULL;
    o.budget = 0; /* nothing fits: the smallest arena is chosen */
    if (fit_begin(&f, data, len, &o, &err) == AP_OK && fit_measure(&f, &res, &err) == AP_OK &&
        res.chosen >= 0) {
        *arena = res.combos[res.chosen].arena;
        *mask = res.combos[res.chosen].mask;
        ok = 1;
    }
    fit_end(&f, NULL, AP_ERR_INPUT);
    ap_fit_result_free(&res);
    return ok;
}

ap_status ap_run_fit(const unsigned char *data, size_t len, const ap_run_options *opt,
                     ap_run_result *res, ap_error *err)
{
    ap_fit_result r;
    ap_status st;
    memset(res, 0, sizeof *res);
    res->valid = 1;
    if ((st = ap_fit_compute(data, len, opt, &r, err)) != AP_OK)
        return st;
    res->json = r.json;
    res->json_len = r.json_len;
    res->data = r.data;
    res->len = r.len;
    res->warnings = r.warnings;
    r.json = NULL;
    r.data = NULL;
    r.warnings = NULL;
    ap_fit_result_free(&r);
    return AP_OK;
}

void ap_fit_result_free(ap_fit_result *res)
{
    if (!res)
        return;
    free(res->combos);
    free(res->diag.live);
    ap_problem_free(res->diag_problem);
    free(res->data);
    free(res->json);
    free(res->warnings);
    memset(res, 0, sizeof *res);
}
