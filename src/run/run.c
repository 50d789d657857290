/*
 * run.c - the commands end to end (run.h): the options resolved once, the input loaded from its
 * bytes, TFLM's whole arena, budgets, and the commands plan, check and report. embed and reorder,
 * which write models, are in run_model.c; the JSON of results other than a plan in run_json.c.
 * Everything is built in memory; nothing is printed or written.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/bounds.h"
#include "arenaplan/check.h"
#include "arenaplan/csv.h"
#include "arenaplan/patch.h"
#include "arenaplan/reorder.h"
#include "arenaplan/report.h"
#include "arenaplan/run.h"
#include "arenaplan/tflite.h"
#include "run/run.h"
#include "run/run_json.h"
#include "tflm_kernels/kernel_sets.h"

void ap_run_options_init(ap_run_options *opt)
{
    memset(opt, 0, sizeof *opt);
    opt->threads = -1;
    opt->budget = opt->budget_head = -1;
    ap_plan_options_init(&opt->plan);
    opt->plan.strategy = NULL; /* plan: best; embed: best and the portfolio */
}

size_t ap_run_options_size(void) { return sizeof(ap_run_options); }
size_t ap_run_result_size(void) { return sizeof(ap_run_result); }
int ap_run_abi(void) { return AP_RUN_ABI; }
const char *ap_version(void) { return AP_VERSION; }

void ap_run_result_free(ap_run_result *res)
{
    if (!res)
        return;
    free(res->json);
    free(res->data);
    free(res->data2);
    free(res->warnings);
    memset(res, 0, sizeof *res);
}

/* ---- Options --------------------------------------------------------------------------------- */

/* A rule set by name (NULL: the default, value 0). */
static ap_status find_set(ap_tflm_set s, const char *name, int *v, ap_error *err)
{
    *v = 0;
    return name ? ap_tflm_set_find(s, name, v, err) : AP_OK;
}

ap_status ap_run_build_options(const ap_run_options *o, ap_tflite_build_options *out,
                               const char **target, ap_error *err)
{
    int k, in, ov;
    ap_status st;
    ap_tflite_build_options_init(out);
    if ((st = find_set(AP_TFLM_SET_KERNELS, o->kernels, &k, err)) != AP_OK ||
        (st = find_set(AP_TFLM_SET_INPLACE, o->inplace, &in, err)) != AP_OK ||
        (st = find_set(AP_TFLM_SET_OVERLAP, o->overlap, &ov, err)) != AP_OK)
        return st;
    /* the target: --target, else the kernel set's own; the set on it (kernel_sets.h) */
    const ap__kernel_set *s = ap__kernel_sets_of((ap_tflm_kernels)k);
    const ap__target *t = o->target ? ap__targets_find(o->target) : s->target;
    char known[64];
    ap_tflm_kernels on;
    if (!t) {
        ap__targets_names(known, sizeof known, " or ");
        return ap_error_set(err, AP_ERR_USAGE, "unknown target '%s' (%s)", o->target, known);
    }
    *target = t->name;
    switch (ap__kernel_sets_pair((ap_tflm_kernels)k, t, &on)) {
    case AP__PAIR_ALIAS:
        return ap_error_set(err, AP_ERR_USAGE, "kernel set %s is the %s kernel set on %s, not "
                            "on %s", s->name, s->arena_name, s->target->name, t->name);
    case AP__PAIR_OTHER_TARGET:
        return ap_error_set(err, AP_ERR_USAGE, "kernel set %s is a %s build (target %s), not "
                            "one for %s", s->name, s->target->title, s->target->name, t->name);
    }
    k = (int)on; /* on a 64-bit host TFLM's reference kernels ask for reference64's scratch */
    if (o->align < 0 || (o->align & (o->align - 1)) || o->align > (INT64_C(1) << 30))
        return ap_error_set(err, AP_ERR_USAGE, "alignment %lld is not a power of two between 1 "
                            "and 2^30", (long long)o->align);
    out->kernels = (ap_tflm_kernels)k;
    out->inplace = (ap_tflm_inplace)in;
    out->overlap = (ap_tflm_overlap)ov;
    out->ignore_offline = o->ignore_offline != 0;
    out->allow_refusal = 1; /* a model TFLM's allocator refuses: its head, the arena's refusal */
    out->align = o->align;
    return AP_OK;
}

/* The option of TFLM's runtime given (for the message when the runtime is tflite), or NULL. */
static const char *tflm_option(const ap_run_options *o)
{
    return o->kernels ? "kernels" : o->target ? "target" : o->inplace ? "inplace"
           : o->overlap ? "overlap" : o->ignore_offline ? "ignore_offline" : NULL;
}

ap_status ap__run_begin(ap__run_ctx *c, const ap_run_options *opt, ap_run_result *res,
                        ap_error *err)
{
    memset(c, 0, sizeof *c);
    memset(res, 0, sizeof *res);
    res->valid = 1;
    if (!opt) {
        ap_run_options_init(&c->defaults);
        opt = &c->defaults;
    }
    c->opt = opt;
    c->name = opt->name ? opt->name : "model";
    if (ap__run_text_open(&c->warnings) != 0)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory");
    if (opt->runtime && strcmp(opt->runtime, "tflm") && strcmp(opt->runtime, "tflite"))
        return ap_error_set(err, AP_ERR_USAGE, "unknown runtime '%s' (tflm or tflite)", opt->runtime);
    c->runtime = opt->runtime && strcmp(opt->runtime, "tflite") == 0 ? AP_RUNTIME_TFLITE
                                                                     : AP_RUNTIME_TFLM;
    if (c->runtime == AP_RUNTIME_TFLITE && tflm_option(opt))
        return ap_error_set(err, AP_ERR_USAGE, "%s applies to runtime tflm (TensorFlow Lite "
                            "Micro), not to runtime tflite", tflm_option(opt));
    if (c->runtime == AP_RUNTIME_TFLM && opt->threads != -1)
        return ap_error_set(err, AP_ERR_USAGE, "threads applies to runtime tflite");
    if (opt->threads < -1)
        return ap_error_set(err, AP_ERR_USAGE, "threads %d: -1 (TFLite's default) or a thread "
                            "count from 0", opt->threads);
    return ap_run_build_options(opt, &c->build, &c->target, err);
}

void ap__run_warn(ap__run_ctx *c, const char *fmt, ...)
{
    va_list ap;
    if (!c->warnings.f)
        return;
    va_start(ap, fmt);
    vfprintf(c->warnings.f, fmt, ap);
    va_end(ap);
    fputc('\n', c->warnings.f);
    c->n_warnings++;
}

ap_status ap__run_end(ap__run_ctx *c, ap_run_result *res, ap_status st)
{
    if (c->warnings.f && ap__run_text_close(&c->warnings, NULL) == AP_OK && st == AP_OK &&
        c->n_warnings)
        res->warnings = c->warnings.buf;
    else
        free(c->warnings.buf);
    c->warnings.buf = NULL;
    if (st != AP_OK)
        ap_run_result_free(res);
    return st;
}

/* ---- The input ------------------------------------------------------------------------------- */

int ap__run_is_model(const unsigned char *data, size_t len, const char *name)
{
    return ap_is_model_data(data, len, name);
}

static void warn_cb(void *ctx, const char *msg)
{
    ap__run_warn(ctx, "%s", msg);
}

ap_status ap__run_load(ap__run_ctx *c, const unsigned char *data, size_t len, ap_problem **out,
                       ap_error *err)
{
    ap_load_options lo;
    int model = ap__run_is_model(data, len, c->name);
    *out = NULL;
    if (!model && c->runtime == AP_RUNTIME_TFLITE)
        ap__run_warn(c, "%s: --runtime applies to models; a buffer list is planned as written",
                     c->name);
    if (!model && ap_tflite_rules_asked(&c->build))
        ap__run_warn(c, "%s: --inplace and --overlap apply to models only; a buffer list gives "
                     "its allowances in its alias_of and overlap_of columns", c->name);
    ap_load_options_init(&lo);
    lo.build = c->build;
    lo.runtime = c->runtime;
    lo.litert.threads = c->opt->threads;
    lo.allow_fixed_overlap = c->opt->allow_fixed_overlap;
    lo.warn = warn_cb;
    lo.warn_ctx = c;
    return ap_load_data(data, len, c->name, &lo, out, err);
}

/* ---- TFLM's whole arena ---------------------------------------------------------------------- */

static void arena_options(const ap__run_ctx *c, ap_tflm_options *to)
{
    ap_tflm_options_init(to);
    to->target = c->target;
    /* the arena names the reference kernels "reference" on every target */
    to->kernels = c->build.kernels == AP_TFLM_KERNELS_REFERENCE64
                      ? "reference"
                      : ap_tflm_set_name(AP_TFLM_SET_KERNELS, (int)c->build.kernels);
}

static int arena_applies(const ap__run_ctx *c, const unsigned char *data, size_t len)
{
    return ap__run_is_model(data, len, c->name) && c->build.kernels != AP_TFLM_KERNELS_NONE &&
           c->runtime == AP_RUNTIME_TFLM;
}

/* The warning for an arena that cannot be computed, and its reason in why. */
static int unknown_arena(ap__run_ctx *c, const char *name, const ap_tflm_options *to,
                         const char *msg, char *why, size_t cap)
{
    ap__run_warn(c, "%s: TFLM's whole arena on %s: %s; showing the head only", name, to->target, msg);
    if (why)
        snprintf(why, cap, "TFLM's whole arena on %s: %s", to->target, msg);
    return -1;
}

int ap__run_arena(ap__run_ctx *c, const unsigned char *data, size_t len, const ap_problem *p,
                  const ap_plan *plan, ap_tflm_whole *out, char *why, size_t cap)
{
    ap_tfl_model *m = NULL;
    ap_tflm_options to;
    ap_error err = {0};
    ap_status st;
    if (!arena_applies(c, data, len))
        return 0;
    arena_options(c, &to);
    if ((st = ap_tflite_read(data, len, &m, &err)) == AP_OK)
        st = ap_tflm_plan_arena(m, p, plan, &to, out, &err);
    ap_tflite_free(m);
    return st == AP_OK ? 1 : unknown_arena(c, c->name, &to, err.msg, why, cap);
}

int ap__run_arena_model(ap__run_ctx *c, const unsigned char *data, size_t len, const char *name,
                        ap_tflm_arena *out, char *why, size_t cap)
{
    ap_tfl_model *m = NULL;
    ap_tflm_options to;
    ap_error err = {0};
    ap_status st;
    if (c->build.kernels == AP_TFLM_KERNELS_NONE || c->runtime == AP_RUNTIME_TFLITE)
        return 0;
    arena_options(c, &to);
    if ((st = ap_tflite_read(data, len, &m, &err)) == AP_OK)
        st = ap_tflm_arena_compute(m, &to, out, &err);
    ap_tflite_free(m);
    return st == AP_OK ? 1 : unknown_arena(c, name, &to, err.msg, why, cap);
}

ap_status ap__run_budget(int64_t budget, const char *what, int64_t bytes, ap_error *err)
{
    if (budget < 0 || bytes <= budget)
        return AP_OK;
    return ap_error_set(err, AP_ERR_LIMIT, "the %s needs %lld bytes, %lld more than the budget "
                        "of %lld bytes", what, (long long)bytes, (long long)(bytes - budget),
                        (long long)budget);
}

ap_status ap__run_budget_unknown(int64_t budget, ap_error *err)
{
    return ap_error_set(err, AP_ERR_LIMIT, "budget %lld: TFLM's whole arena is unknown (see the "
                        "warning), so it cannot be gated; budget_head gates the head",
                        (long long)budget);
}

ap_status ap__run_plan_checked(const ap_problem *p, const ap_plan_options *opt, ap_plan *plan,
                               ap_error *err)
{
    ap_check_result res;
    ap_status st = ap_plan_problem(p, opt, plan, err);
    if (st != AP_OK)
        return st;
    if (ap_check(p, plan->offset, &res) != AP_OK)
        return ap_error_set(err, AP_ERR_INVALID, "internal error: the plan made by '%s' fails the "
                            "checker: %s", plan->strategy, res.message);
    return AP_OK;
}

/* The budgets of a plan: the whole arena when known (a model's arena unknown cannot be gated),
 * a buffer list's arena, and the head. */
static ap_status plan_budgets(const ap__run_ctx *c, int known, int64_t head, int64_t whole,
                              ap_error *err)
{
    ap_status st;
    if (known < 0 && c->opt->budget >= 0)
        return ap__run_budget_unknown(c->opt->budget, err);
    if ((st = ap__run_budget(c->opt->budget, known > 0 ? "arena" : "head", known > 0 ? whole : head, err)) != AP_OK)
        return st;
    return ap__run_budget(c->opt->budget_head, "head", head, err);
}

/* ---- plan -------------------------------------------------------------------------------------- */

ap_status ap_run_plan(const unsigned char *data, size_t len, const ap_run_options *opt,
                      ap_run_result *res, ap_error *err)
{
    ap__run_ctx c;
    ap_problem *p = NULL;
    ap_plan plan;
    ap_tflm_whole arena;
    char why[AP_ERROR_MAX + 64] = "";
    int known = 0;
    ap_status st;
    ap_plan_init(&plan);
    if ((st = ap__run_begin(&c, opt, res, err)) != AP_OK ||
        (st = ap__run_load(&c, data, len, &p, err)) != AP_OK ||
        (st = ap__run_plan_checked(p, &c.opt->plan, &plan, err)) != AP_OK)
        goto done;
    known = ap__run_arena(&c, data, len, p, &plan, &arena, why, sizeof why);
    if ((st = plan_budgets(&c, known, plan.arena, known > 0 ? arena.plan.min_arena : -1, err)) !=
        AP_OK)
        goto done;
    st = ap__run_json_plan(p, &plan, known > 0 ? &arena : NULL, known < 0 ? why : NULL, data, len,
                           &res->json, &res->json_len, err);
done:
    ap_plan_free(&plan);
    ap_problem_free(p);
    return ap__run_end(&c, res, st);
}

/* ---- check ------------------------------------------------------------------------------------- */

/* The verdict on offsets for p: the checker's, and the figures of a valid plan. */
static ap_status check_verdict(const ap_problem *p, const int64_t *off, ap__run_json_check *v,
                               ap_error *err)
{
    ap_check_result r;
    ap_bounds bd;
    ap_status st = ap_check(p, off, &r);
    if (st == AP_ERR_NOMEM)
        return ap_error_set(err, st, "%s", r.message);
    v->buffers = p->n;
    if (st != AP_OK) {
        v->valid = 0;
        snprintf(v->message, sizeof v->message, "%s", r.message);
        return AP_OK;
    }
    if ((st = ap_bounds_compute(p, &bd, err)) != AP_OK)
        return st;
    v->valid = 1;
    v->head = r.arena;
    v->lower_bound = bd.lower;
    return AP_OK;
}

/* A model's own offline plan, as TFLM runs it (cmd_check's check_model). */
static ap_status check_model(ap__run_ctx *c, const unsigned char *data, size_t len,
                             ap__run_json_check *v, ap_error *err)
{
    ap_tfl_model *m = NULL;
    ap_problem *p = NULL;
    ap_plan t;
    ap_check_result res;
    ap_status st;
    size_t all = 0;
    ap_plan_init(&t);
    if (c->runtime == AP_RUNTIME_TFLITE)
        return ap_error_set(err, AP_ERR_USAGE, "check: %s: an offline plan is TFLM's (the "
                            "TensorFlow Lite interpreter ignores it); give a plan to check against "
                            "the runtime tflite buffers", c->name);
    if (c->build.ignore_offline)
        return ap_error_set(err, AP_ERR_USAGE, "check: %s: ignore_offline leaves no plan to check",
                            c->name);
    if ((st = ap_tflite_read(data, len, &m, err)) != AP_OK) {
        ap_error e = *err;
        st = ap_error_set(err, st, "%s: %s", c->name, e.msg);
        goto done;
    }
    if (!m->offline.present) {
        st = ap_error_set(err, AP_ERR_USAGE, "check: %s has no offline plan (metadata \"%s\"): give "
                          "a plan to check, or write one into a copy with embed", c->name,
                          AP_TFL_OFFLINE_PLAN_NAME);
        goto done;
    }
    v->model = 1;
    v->entries = m->offline.n;
    for (uint32_t g = 0; g < m->n_subgraphs; g++)
        all += m->subgraphs[g].n_tensors;
    if (m->offline.n != all) {
        v->valid = 0;
        snprintf(v->message, sizeof v->message, "the offline plan has %u entries but the model has "
                 "%zu tensors; TFLM refuses it (AllocateTensors fails)", m->offline.n, all);
        goto done;
    }
    if ((st = ap__run_load(c, data, len, &p, err)) != AP_OK)
        goto done;
    for (size_t i = 0; i < p->n; i++) {
        if (p->buf[i].tensor == AP_NO_INDEX)
            v->scratch++;
        else {
            v->tensors++;
            v->fixed += p->buf[i].fixed != AP_UNFIXED;
        }
    }
    if ((st = ap_tflite_tflm_plan(p, &t, err)) != AP_OK) {
        if (st == AP_ERR_INVALID) {
            v->valid = 0;
            snprintf(v->message, sizeof v->message, "%s", err->msg);
            st = AP_OK;
        }
        goto done;
    }
    if ((st = ap_tflm_offline_clashes(p, NULL, 0, &v->shared, err)) != AP_OK)
        goto done;
    if (c->opt->strict && ap_check_strict(p, t.offset, &res) != AP_OK) {
        v->valid = 0;
        snprintf(v->message, sizeof v->message, "%s", res.message);
        goto done;
    }
    v->tflm_head = t.arena;
    st = check_verdict(p, t.offset, v, err);
done:
    ap_plan_free(&t);
    ap_problem_free(p);
    ap_tflite_free(m);
    return st;
}

/* A plan given as CSV (opt->plan_csv), or a CSV's own offset column. */
static ap_status check_csv(ap__run_ctx *c, const unsigned char *data, size_t len,
                           ap__run_json_check *v, ap_error *err)
{
    const ap_run_options *o = c->opt;
    ap_problem *p = NULL;
    int64_t *off = NULL;
    ap_status st;
    if (c->opt->strict)
        return ap_error_set(err, AP_ERR_USAGE, "check: strict applies to a model's own offline plan");
    if (o->plan_csv) {
        st = ap__run_load(c, data, len, &p, err);
    } else {
        ap_csv_options co;
        ap_csv_options_init(&co);
        co.align = c->build.align;
        co.offset_is_plan = 1;
        co.allow_fixed_overlap = o->allow_fixed_overlap;
        co.warn = warn_cb;
        co.warn_ctx = c;
        st = ap_csv_parse((const char *)data, len, c->name, &co, &p, NULL, err);
    }
    if (st != AP_OK)
        return st;
    if (!(off = malloc((p->n ? p->n : 1) * sizeof *off))) {
        ap_problem_free(p);
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory");
    }
    if (o->plan_csv)
        st = ap_csv_parse_plan((const char *)o->plan_csv, o->plan_len,
                               o->plan_name ? o->plan_name : "plan", p, off, err);
    else
        st = ap_csv_parse_plan((const char *)data, len, c->name, p, off, err);
    if (st == AP_OK)
        st = check_verdict(p, off, v, err);
    v->model = p->origin == AP_ORIGIN_TFLM;
    free(off);
    ap_problem_free(p);
    return st;
}

ap_status ap_run_check(const unsigned char *data, size_t len, const ap_run_options *opt,
                       ap_run_result *res, ap_error *err)
{
    ap__run_ctx c;
    ap__run_json_check v;
    ap_status st;
    memset(&v, 0, sizeof v);
    v.head = v.lower_bound = v.tflm_head = -1;
    if ((st = ap__run_begin(&c, opt, res, err)) != AP_OK)
        return ap__run_end(&c, res, st);
    if (!c.opt->plan_csv && ap__run_is_model(data, len, c.name))
        st = check_model(&c, data, len, &v, err);
    else
        st = check_csv(&c, data, len, &v, err);
    if (st == AP_OK)
        st = ap__run_json_check_write(&v, &res->json, &res->json_len, err);
    res->valid = v.valid;
    return ap__run_end(&c, res, st);
}

/* ---- report ------------------------------------------------------------------------------------ */

static const char *const default_strategies[] = {"best", "greedy", "bestfit-size", "linear", NULL};
static const char *const tflite_strategies[] = {"tflite", "best", "greedy", "bestfit-size",
                                                "linear", NULL};

/* The strategies, each once, into *out (malloc'd), their count in *n. */
static ap_status report_strategies(const ap__run_ctx *c, const char ***out, size_t *n,
                                   ap_error *err)
{
    const char *const *s = c->opt->strategies ? c->opt->strategies
                            : c->runtime == AP_RUNTIME_TFLITE ? tflite_strategies
                                                              : default_strategies;
    size_t k = 0, i, j;
    while (s[k])
        k++;
    if (!(*out = malloc((k ? k : 1) * sizeof **out)))
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory");
    *n = 0;
    for (i = 0; i < k; i++) {
        if (!ap_strategy_find(s[i]))
            return ap_error_set(err, AP_ERR_USAGE, "unknown strategy '%s'", s[i]);
        for (j = 0; j < *n && strcmp((*out)[j], s[i]); j++)
            ;
        if (j == *n)
            (*out)[(*n)++] = s[i];
    }
    if (!*n)
        return ap_error_set(err, AP_ERR_USAGE, "report: no strategy given");
    return AP_OK;
}

/* Why a model's arena is unknown after ap__run_arena gave known (why: its reason), or NULL: a
 * model's arena is not computed (0) only with kernel set none. */
static const char *arena_why(const ap_problem *p, int known, const char *why)
{
    if (known > 0 || p->origin != AP_ORIGIN_TFLM)
        return NULL;
    return known < 0 ? why : "--kernels none: no kernel set, so no TFLM arena";
}

/* The HTML page and the first plan's SVG into res. */
static ap_status report_outputs(ap__run_ctx *c, const unsigned char *data, size_t len,
                                const ap_problem *p, const ap_plan *plans, size_t n,
                                const ap_tflm_whole *arena, const char *why, ap_run_result *res,
                                ap_error *err)
{
    ap_report_options ro;
    ap__run_text html, svg;
    char line[AP_ERROR_MAX + 128], pline[AP_ERROR_MAX + 256];
    const char *lines[3] = {NULL, NULL, NULL};
    ap_status st;
    ap_report_options_init(&ro);
    ro.arena = arena;
    ro.arena_unknown = arena ? NULL : why;
    if (c->runtime == AP_RUNTIME_TFLM && ap__run_is_model(data, len, c->name)) {
        ap_tfl_model *m = NULL;
        if (ap_tflite_read(data, len, &m, NULL) == AP_OK) {
            ap_run_reorder_line(m, c->build.kernels, line, sizeof line);
            lines[0] = line;
        }
        ap_tflite_free(m);
        ap_tflite_patch_line(data, len, c->build.kernels, c->target, pline, sizeof pline);
        if (pline[0])
            lines[lines[0] ? 1 : 0] = pline;
    }
    ro.lines = lines;
    if (ap__run_text_open(&html) != 0)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory");
    st = ap_write_html_with(html.f, p, plans, n, &ro, err);
    if (ap__run_text_close(&html, st == AP_OK ? err : NULL) != AP_OK && st == AP_OK)
        st = AP_ERR_NOMEM;
    if (st != AP_OK) {
        free(html.buf);
        return st;
    }
    res->data = (unsigned char *)html.buf;
    res->len = html.len;
    if (ap__run_text_open(&svg) != 0)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory");
    st = ap_write_svg(svg.f, p, &plans[0], err);
    if (ap__run_text_close(&svg, st == AP_OK ? err : NULL) != AP_OK && st == AP_OK)
        st = AP_ERR_NOMEM;
    if (st != AP_OK) {
        free(svg.buf);
        return st;
    }
    res->data2 = (unsigned char *)svg.buf;
    res->len2 = svg.len;
    return AP_OK;
}

ap_status ap_run_report(const unsigned char *data, size_t len, const ap_run_options *opt,
                        ap_run_result *res, ap_error *err)
{
    ap__run_ctx c;
    ap_problem *p = NULL;
    ap_plan *plans = NULL;
    const char **names = NULL;
    size_t n = 0, k, made = 0;
    ap_tflm_whole arena;
    char why[AP_ERROR_MAX + 64] = "";
    int known = 0;
    ap_status st;
    if ((st = ap__run_begin(&c, opt, res, err)) != AP_OK ||
        (st = report_strategies(&c, &names, &n, err)) != AP_OK ||
        (st = ap__run_load(&c, data, len, &p, err)) != AP_OK)
        goto done;
    if (!(plans = calloc(n, sizeof *plans))) {
        st = ap_error_set(err, AP_ERR_NOMEM, "out of memory");
        goto done;
    }
    for (k = 0; k < n; k++, made++) {
        ap_plan_options po = c.opt->plan;
        ap_plan_init(&plans[k]);
        po.strategy = names[k];
        if ((st = ap__run_plan_checked(p, &po, &plans[k], err)) != AP_OK)
            goto done;
    }
    known = ap__run_arena(&c, data, len, p, &plans[0], &arena, why, sizeof why);
    if ((st = plan_budgets(&c, known, plans[0].arena, known > 0 ? arena.plan.min_arena : -1,
                           err)) != AP_OK ||
        (st = report_outputs(&c, data, len, p, plans, n, known > 0 ? &arena : NULL,
                             arena_why(p, known, why), res, err)) != AP_OK)
        goto done;
    st = ap__run_json_plan(p, &plans[0], known > 0 ? &arena : NULL, known < 0 ? why : NULL, data,
                           len, &res->json, &res->json_len, err);
done:
    for (k = 0; k < made; k++)
        ap_plan_free(&plans[k]);
    free(plans);
    free(names);
    ap_problem_free(p);
    return ap__run_end(&c, res, st);
}

/* ---- The reorder line ------------------------------------------------------------------------ */

void ap_run_reorder_line(const ap_tfl_model *m, ap_tflm_kernels kernels, char *buf, size_t n)
{
    ap_tflite_reorder_options ro;
    ap_tflite_reorder_result r;
    ap_error err = {0};
    if (n == 0)
        return;
    buf[0] = 0;
    ap_tflite_reorder_options_init(&ro);
    ro.kernels = kernels;
    ro.order.budget = AP_ORDER_QUICK_BUDGET;
    if (ap_tflite_reorder_find(m, &ro, &r, &err) != AP_OK) {
        snprintf(buf, n, "reorder      the operator order cannot change: %s", err.msg);
        return;
    }
    if (r.moved) {
        long long d = (long long)(r.peak_stored - r.peak);
        snprintf(buf, n, "reorder      another operator order keeps %lld bytes live at most "
                 "instead of %lld (-%lld, %.1f%%%s): 'arenaplan reorder' writes it",
                 (long long)r.peak, (long long)r.peak_stored, d,
                 100.0 * (double)d / (double)r.peak_stored, r.proven ? ", optimal" : "");
    } else if (r.proven) {
        snprintf(buf, n, "reorder      the stored operator order is optimal: every order keeps "
                 "%lld bytes live at some step", (long long)r.peak);
    } else {
        snprintf(buf, n, "reorder      no order found beats the stored one (%lld bytes live at "
                 "most) in a quick search; every order needs at least %lld: 'arenaplan reorder' "
                 "searches further", (long long)r.peak, (long long)r.bound);
    }
    ap_tflite_reorder_result_free(&r);
}
