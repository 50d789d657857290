/* cmd_report.c - `arenaplan report`: plans an input with several strategies and writes the
 * HTML report (and the timeline alone as SVG). */
#include <stdlib.h>
#include <string.h>

#include "arenaplan/report.h"
#include "arenaplan/tflm_arena.h"
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
    "options:\n"
    "  --strategy NAME    a strategy to plan with; repeat for several (the first is shown in\n"
    "                     detail). Default: best, greedy, bestfit-size, linear\n"
    "  -o FILE            write the HTML report to FILE (atomically); default stdout, unless\n"
    "                     --svg is given alone\n"
    "  --svg FILE         also write the first plan's memory timeline alone, as SVG\n"
    "  --budget BYTES     exit 1, writing nothing, when the first plan's arena exceeds BYTES\n"
    "                     (for models TFLM's whole arena; suffixes K, M: 1024-based)\n"
    "  --budget-head BYTES  the same for the first plan's head alone\n"
    ;

static const char *const default_strategies[] = {"best", "greedy", "bestfit-size", "linear"};

typedef struct report_args {
    const char *input, *output, *svg;
    const char **strategy;
    size_t nstrategy;
    int quiet;
    int64_t budget, budget_head;
    ap_plan_options po;
    cli_input_opts in;
} report_args;

static int add_strategy(report_args *a, const char *name)
{
    size_t i;
    if (cli_check_strategy(name) != 0)
        return -1;
    for (i = 0; i < a->nstrategy; i++)
        if (strcmp(a->strategy[i], name) == 0)
            return 0; /* once is enough */
    a->strategy[a->nstrategy++] = name;
    return 0;
}

static int parse(report_args *a, int argc, char **argv)
{
    int i, m;
    const char *v;
    memset(a, 0, sizeof *a);
    a->budget = a->budget_head = -1;
    ap_plan_options_init(&a->po);
    cli_input_init(&a->in);
    if (!(a->strategy = calloc((size_t)argc + 4, sizeof *a->strategy))) {
        cli_error("out of memory");
        return -1;
    }
    for (i = 1; i < argc; i++) {
        if (cli_is_help(argv, i)) {
            fputs(usage_text, stdout);
            fputs(cli_search_help, stdout);
            fputs(cli_input_help, stdout);
            return -2;
        }
        if ((m = cli_input_option(&a->in, argc, argv, &i)) != 0) {
            if (m < 0)
                return -1;
        } else if ((m = cli_value(argc, argv, &i, "--strategy", "-s", &v)) != 0) {
            if (m < 0 || add_strategy(a, v) != 0)
                return -1;
        } else if ((m = cli_budget_option(argc, argv, &i, "--budget-head", &a->budget_head)) != 0) {
            if (m < 0)
                return -1;
        } else if ((m = cli_value(argc, argv, &i, "--output", "-o", &a->output)) != 0 ||
                   (m = cli_value(argc, argv, &i, "--svg", NULL, &a->svg)) != 0) {
            if (m < 0)
                return -1;
        } else if ((m = cli_search_option(&a->po, &a->quiet, argc, argv, &i)) != 0 ||
                   (m = cli_budget_option(argc, argv, &i, "--budget", &a->budget)) != 0) {
            if (m < 0)
                return -1;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            cli_error("report: unknown option '%s' (see 'arenaplan report --help')", argv[i]);
            return -1;
        } else if (!a->input) {
            cli_input_name(argv[i]);
            a->input = argv[i];
        } else {
            cli_error("report: one input at a time (got '%s' and '%s')", a->input, argv[i]);
            return -1;
        }
    }
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
    return 0;
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
    /* what another operator order would save, under TFLM's lifetimes */
    char line[AP_ERROR_MAX + 128];
    const char *lines[2] = {NULL, NULL};
    ap_tflite_build_options bo;
    if (want_html && a->in.load.runtime == AP_RUNTIME_TFLM && cli_build_options(&a->in, &bo) == 0 &&
        cli_reorder_line(a->input, NULL, bo.kernels, line, sizeof line))
        lines[0] = line;
    o.lines = lines;
    if (want_html && ap_write_html_with(html.f, p, plans, nplans, &o, &err) != AP_OK)
        ok = 0;
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
    if (rc == -2 || rc < 0) {
        free(a.strategy);
        return rc == -2 ? EXIT_OK : EXIT_USAGE;
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
    a.po.stop = cli_stop_flag();
    a.po.progress = cli_progress_printer(a.quiet);
    for (k = 0; k < a.nstrategy; k++) {
        ap_plan_init(&plans[k]);
        nplans++;
        a.po.strategy = a.strategy[k];
        if ((rc = cli_plan(p, &a.po, &plans[k])) != EXIT_OK)
            goto done;
    }
    {
        ap_tflm_whole arena;
        int known = cli_arena(a.input, &a.in, p, &plans[0], &arena), have = known == 1;
        if (cli_budget_estimate(a.input, p, a.budget, a.budget_head) ||
            (known < 0 && cli_budget_unknown(a.budget)) ||
            cli_budget_exceeded(a.budget, "arena", have ? arena.plan.min_arena : plans[0].arena) ||
            cli_budget_exceeded(a.budget_head, "head", plans[0].arena))
            rc = EXIT_INVALID;
        else
            rc = write_outputs(&a, p, plans, nplans, have ? &arena : NULL);
    }
done:
    for (k = 0; k < nplans; k++)
        ap_plan_free(&plans[k]);
    free(plans);
    free(a.strategy);
    ap_problem_free(p);
    return rc;
}
