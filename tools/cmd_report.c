/* cmd_report.c - `arenaplan report`: plans an input with several strategies and writes the
 * HTML report (and the timeline alone as SVG). */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/report.h"
#include "arenaplan/tflm_arena.h"
#include "arenaplan/fit.h"
#include "arenaplan/tflm.h"
#include "cli.h"

static const char usage_text[] =
    "usage: arenaplan report INPUT [options]\n"
    "\n"
    "Plans INPUT (a .tflite model or a CSV buffer list) with each strategy, proves every plan with\n"
    "the independent checker and writes one self-contained HTML file (no network needed): the\n"
    "summary of the first strategy's plan, its memory timeline (hover a buffer for its details),\n"
    "the live bytes against the arenas and the lower bound, the strategies side by side, and a\n"
    "sortable table of the buffers. See docs/report.md.\n"
    "\n"
    "options:\n";

static const char *const default_strategies[] = {"best", "greedy", "bestfit-size", "linear"};

typedef struct report_args {
    const char *input, *output, *svg;
    const char **strategy;
    size_t nstrategy;
    int64_t budget, budget_head;
    cli_search s;
    cli_input_opts in;
} report_args;

static int add_strategy(void *ctx, const cli_opt *row, const char *name)
{
    report_args *a = ctx;
    size_t i;
    (void)row;
    if (cli_check_strategy(name) != 0)
        return -1;
    for (i = 0; i < a->nstrategy; i++)
        if (strcmp(a->strategy[i], name) == 0)
            return 0; /* once is enough */
    a->strategy[a->nstrategy++] = name;
    return 0;
}

/* plan's options for several models in one arena and for two buffers: the report shows one
 * model's plan in one arena, so it refuses them, naming the command that has them. */
static int plan_only(void *ctx, const cli_opt *row, const char *v)
{
    (void)ctx;
    cli_error("report: %s %s: the HTML report shows one model in one arena; TFLM's multi-tenant "
              "arena (--shared sequential, --order), the regions of --shared concurrent and the "
              "two-buffer sizes (--arenas split, --budget-persistent, --budget-nonpersistent) "
              "are plan's: arenaplan plan MODEL... %s %s", row->name, v, row->name, v);
    return -1;
}

static const cli_opt report_rows[] = {
    {"--strategy", "-s", "NAME", CLI_CALL, 0, NULL, add_strategy, 0,
     "a strategy to plan with; repeat for several (the first is shown in\n"
     "detail). Default: best, greedy, bestfit-size, linear", NULL, NULL},
    {"--output", "-o", "FILE", CLI_TEXT, offsetof(report_args, output), NULL, NULL, 0,
     "write the HTML report to FILE (atomically); default stdout, unless\n"
     "--svg is given alone", "-o FILE", NULL},
    {"--svg", NULL, "FILE", CLI_TEXT, offsetof(report_args, svg), NULL, NULL, 0,
     "also write the first plan's memory timeline alone, as SVG", NULL, NULL},
    {"--budget", NULL, "BYTES", CLI_BYTES, offsetof(report_args, budget), NULL, NULL, 0,
     "exit 1, writing nothing, when the first plan's arena exceeds BYTES\n"
     "(for models TFLM's whole arena; suffixes K, M: 1024-based)", NULL, NULL},
    {"--budget-head", NULL, "BYTES", CLI_BYTES, offsetof(report_args, budget_head), NULL, NULL, 0,
     "the same for the first plan's head alone", NULL, NULL},
    {"--shared", NULL, "MODE", CLI_CALL, 0, NULL, plan_only, CLI_HIDDEN, NULL, NULL, NULL},
    {"--order", NULL, "ORDER", CLI_CALL, 0, NULL, plan_only, CLI_HIDDEN, NULL, NULL, NULL},
    {"--arenas", NULL, "KIND", CLI_CALL, 0, NULL, plan_only, CLI_HIDDEN, NULL, NULL, NULL},
    {"--budget-persistent", NULL, "BYTES", CLI_CALL, 0, NULL, plan_only, CLI_HIDDEN, NULL, NULL,
     NULL},
    {"--budget-nonpersistent", NULL, "BYTES", CLI_CALL, 0, NULL, plan_only, CLI_HIDDEN, NULL,
     NULL, NULL},
};

static int add_input(void *ctx, const char *arg, const char *after)
{
    report_args *a = ctx;
    (void)after;
    if (a->input) {
        cli_error("report: one input at a time (got '%s' and '%s'); several models in one "
                  "arena: arenaplan plan MODEL MODEL... --shared sequential|concurrent", a->input,
                  arg);
        return -1;
    }
    cli_input_name(arg);
    a->input = arg;
    return 0;
}

/* 0, 1 after --help, -1 after an error. */
static int parse(report_args *a, int argc, char **argv)
{
    memset(a, 0, sizeof *a);
    a->budget = a->budget_head = -1;
    cli_search_init(&a->s);
    cli_input_init(&a->in);
    if (!(a->strategy = calloc((size_t)argc + 4, sizeof *a->strategy))) {
        cli_error("out of memory");
        return -1;
    }
    cli_spec spec = {"report", usage_text,
                     {CLI_GROUP(report_rows, a), cli_search_group(&a->s), cli_input_group(&a->in)},
                     3, add_input, a, NULL};
    int rc = cli_parse(&spec, argc, argv);
    if (rc != 0)
        return rc;
    if (!a->input) {
        cli_error("report: no input given (see 'arenaplan report --help')");
        return -1;
    }
    if (a->svg && a->output && strcmp(a->svg, "-") == 0 && strcmp(a->output, "-") == 0) {
        cli_error("report: the HTML report and the SVG cannot both go to stdout");
        return -1;
    }
    if ((a->output && strcmp(a->output, "-") != 0 && cli_check_output("-o", a->output) != 0) ||
        (a->svg && strcmp(a->svg, "-") != 0 && cli_check_output("--svg", a->svg) != 0))
        return -1;
    if (!a->nstrategy) {
        size_t k;
        if (a->in.load.runtime == AP_RUNTIME_TFLITE) /* TFLite's own plan first */
            a->strategy[a->nstrategy++] = "tflite";
        for (k = 0; k < sizeof default_strategies / sizeof default_strategies[0]; k++)
            a->strategy[a->nstrategy++] = default_strategies[k];
    }
    cli_warn_ineffective(a->strategy, a->nstrategy);
    return 0;
}

/* The levers of fit as bars (docs/fit.md): stock TFLM, each lever, the combination fit chooses.
 * 1 with *b filled (its texts in r, lab and text), 0 when fit has no figures for the input. */
typedef struct report_levers {
    ap_fit_result r;
    ap_report_bar bars[AP_FIT_LEVERS + 2];
    char chosen[160], text[320];
    ap_report_bars b;
} report_levers;

static int fit_levers(const report_args *a, report_levers *l)
{
    const unsigned char *data;
    size_t len = 0, n = 0;
    ap_run_options o;
    ap_error err = {0};
    char names[128];
    memset(l, 0, sizeof *l);
    if (cli_input_read(a->input, &data, &len) != 0)
        return 0;
    ap_run_options_init(&o);
    o.name = a->input;
    o.target = a->in.target;
    if (cli_given("--kernels"))
        o.kernels = ap_tflm_set_name(AP_TFLM_SET_KERNELS, (int)a->in.load.build.kernels);
    o.budget = a->budget >= 0 ? a->budget : 0;
    if (ap_fit_compute(data, len, &o, &l->r, &err) != AP_OK)
        return 0;
    l->bars[n++] = (ap_report_bar){"stock TFLM", l->r.stock.arena, "the model as it is"};
    for (int k = 0; k < AP_FIT_LEVERS; k++) {
        const ap_fit_figure *g = &l->r.lever[k];
        l->bars[n++] = (ap_report_bar){ap_fit_lever(k)->name, g->known ? g->arena : -1,
                                       g->known ? g->command : g->mask ? g->why
                                                                       : "not available in this version"};
    }
    const ap_fit_figure *c = &l->r.combos[l->r.chosen];
    if (c->mask)
        ap_fit_levers_text(c->mask, names, sizeof names);
    else
        snprintf(names, sizeof names, "the model as it is");
    snprintf(l->chosen, sizeof l->chosen, "%s: %s", l->r.fits ? "fits" : a->budget >= 0 ? "best" : "smallest",
             names);
    l->bars[n++] = (ap_report_bar){l->chosen, c->arena, c->command};
    snprintf(l->text, sizeof l->text, "TFLM's whole arena (kTensorArenaSize) with each lever of "
             "'arenaplan fit', measured by the code of the command named (with what it needs: the "
             "rules come with an embedded plan), and the combination fit chooses (%zu tried).",
             l->r.n_combos);
    l->b = (ap_report_bars){a->budget >= 0 ? "Levers against the budget" : "Levers", l->text,
                            a->budget, l->bars, n};
    return 1;
}

/* Writes what was asked; commits the files only when everything was written. */
static int write_outputs(const report_args *a, const ap_problem *p, const ap_plan *plans, size_t nplans,
                         const ap_tflm_whole *arena)
{
    ap_report_options o;
    cli_out html = {0}, svg = {0};
    ap_error err = {0};
    int want_html = a->output || !a->svg, ok = 1;
    if (want_html && cli_out_open(&html, "-o", a->output) != 0)
        return EXIT_USAGE;
    if (a->svg && cli_out_open(&svg, "--svg", a->svg) != 0) {
        if (want_html)
            cli_out_close(&html, 0);
        return EXIT_USAGE;
    }
    ap_report_options_init(&o);
    o.arena = arena;
    o.arena_unknown = arena ? NULL : cli_arena_why();
    /* what another operator order would save, under TFLM's lifetimes */
    cli_saving_lines sv = {0};
    ap_tflite_build_options bo;
    if (want_html && a->in.load.runtime == AP_RUNTIME_TFLM && cli_build_options(&a->in, &bo) == 0)
        cli_saving_lines_fill(&sv, a->input, bo.kernels, a->in.target);
    o.lines = sv.lines;
    report_levers lv;
    if (want_html && arena && a->in.load.runtime == AP_RUNTIME_TFLM && fit_levers(a, &lv))
        o.levers = &lv.b;
    if (want_html && ap_write_html_with(html.f, p, plans, nplans, &o, &err) != AP_OK)
        ok = 0;
    if (o.levers)
        ap_fit_result_free(&lv.r);
    if (ok && a->svg && ap_write_svg(svg.f, p, &plans[0], &err) != AP_OK)
        ok = 0;
    if (!ok)
        cli_error("%s", err.msg);
    /* the SVG first: if the report then fails to land, the user still sees an error */
    if (a->svg && cli_out_close(&svg, ok) != 0)
        ok = 0;
    if (want_html && cli_out_close(&html, ok) != 0)
        ok = 0;
    return ok ? EXIT_OK : EXIT_USAGE;
}

int cmd_report(int argc, char **argv)
{
    report_args a;
    ap_problem *p = NULL;
    ap_plan *plans = NULL;
    size_t k, nplans = 0;
    int rc = parse(&a, argc, argv);
    if (rc != 0) {
        free(a.strategy);
        return rc > 0 ? EXIT_OK : EXIT_USAGE;
    }
    if (!(p = cli_load(a.input, &a.in))) {
        free(a.strategy);
        return EXIT_USAGE;
    }
    if (!(plans = calloc(a.nstrategy, sizeof *plans))) {
        cli_error("out of memory");
        rc = EXIT_USAGE;
        goto done;
    }
    a.s.po.stop = cli_stop_flag();
    a.s.po.progress = cli_progress_printer(a.s.quiet);
    for (k = 0; k < a.nstrategy; k++) {
        ap_plan_init(&plans[k]);
        nplans++;
        a.s.po.strategy = a.strategy[k];
        if ((rc = cli_plan(p, &a.s.po, &plans[k])) != EXIT_OK)
            goto done;
    }
    {
        ap_tflm_whole arena;
        int known = cli_arena(a.input, &a.in, p, &plans[0], &arena), have = known == 1;
        int refused = known == CLI_ARENA_TFLM_REFUSES; /* the outputs say it, without figures */
        if (known == CLI_ARENA_REFUSED || cli_budget_estimate(a.input, p, a.budget, a.budget_head) ||
            (refused && cli_budget_refused(a.budget, a.input, &arena.plan.refusal)) ||
            (known < 0 && !refused && cli_budget_unknown(a.budget)) ||
            cli_budget_exceeded(a.budget, have ? "arena" : "head", have ? arena.plan.min_arena : plans[0].arena) ||
            cli_budget_exceeded(a.budget_head, "head", plans[0].arena))
            rc = EXIT_INVALID;
        else
            rc = write_outputs(&a, p, plans, nplans, have || refused ? &arena : NULL);
    }
done:
    for (k = 0; k < nplans; k++)
        ap_plan_free(&plans[k]);
    free(plans);
    free(a.strategy);
    ap_problem_free(p);
    return rc;
}
