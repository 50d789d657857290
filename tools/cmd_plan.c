/* cmd_plan.c - `arenaplan plan`: plan one input and print or write the plan. */
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "arenaplan/csv.h"
#include "arenaplan/export.h"
#include "arenaplan/savings.h"
#include "arenaplan/report.h"
#include "arenaplan/shared.h"
#include "arenaplan/tflm_arena.h"
#include "cli.h"

static const char usage_text[] =
    "usage: arenaplan plan INPUT [options]\n"
    "       arenaplan plan INPUT INPUT... --shared sequential|concurrent [options]\n"
    "\n"
    "Plans the arena for INPUT (a .tflite model or a CSV buffer list), proves the plan with the\n"
    "independent checker and prints it. With several inputs and --shared, plans one arena for\n"
    "all of them: sequential = they run one after another (the arena is the largest head);\n"
    "concurrent = they may run at the same time (no byte is shared between models).\n"
    "\n"
    "options:\n"
    "  --strategy NAME    planning strategy (default best; see 'arenaplan strategies')\n"
    "  --format FMT       table (default), csv, json, or c (a C header for firmware)\n"
    "  --name NAME        symbol prefix for --format c (default: from the input's file name;\n"
    "                     with --shared, \"shared\", each model's symbols NAME_FILENAME)\n"
    "  --shared MODE      sequential or concurrent, for several inputs\n"
    "  -o FILE            write the plan to FILE (atomically) instead of stdout\n"
    "  --budget BYTES     exit 1 when the arena exceeds BYTES (suffixes K, M: 1024-based): for\n"
    "                     models TFLM's whole arena (kTensorArenaSize), for buffer lists the plan\n"
    "  --budget-head BYTES  exit 1 when the head (the planned section) exceeds BYTES\n"
    "  --sort ORDER       table rows by start (first use, the default), id, size or offset\n"
    "  --hex              table offsets in hexadecimal, as addresses\n"
    "  --ops              after the table, what is live while each operator runs: bytes, share\n"
    "                     of the head (a list's arena) and the buffers\n"
    "  --log [reuse|tflm] print the planning log first: reuse (the default) says for each buffer\n"
    "                     in placement order whether it reuses bytes; tflm prints what TFLM's\n"
    "                     GreedyMemoryPlanner::PrintMemoryPlan and, for models,\n"
    "                     RecordingMicroAllocator::PrintAllocations print, byte for byte\n"
    "  --timeline         print an ASCII chart of the plan first: one row per time step, the\n"
    "                     arena scaled to the terminal's width (COLUMNS, else the terminal, else 80)\n"
    "                     (with --log or --timeline, csv and json plans need -o FILE)\n"
    "  --show-overlap     (kept for scripts: the table always shows the bytes overlap saves)\n";

#define MAX_INPUTS 64

enum { LOG_NONE, LOG_REUSE, LOG_TFLM };

typedef struct plan_args {
    const char *inputs[MAX_INPUTS];
    int ninputs;
    const char *format, *output, *budget_text, *name, *shared;
    int64_t budget, budget_head;
    int quiet, log, timeline, show_overlap, ops;
    ap_report_options table;
    ap_plan_options po;
    cli_input_opts in;
} plan_args;

static int parse(plan_args *a, int argc, char **argv)
{
    int i, m;
    const char *v;
    memset(a, 0, sizeof *a);
    ap_plan_options_init(&a->po);
    cli_input_init(&a->in);
    a->format = "table";
    a->budget = a->budget_head = -1;
    ap_report_options_init(&a->table);
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
        } else if ((m = cli_value(argc, argv, &i, "--strategy", "-s", &a->po.strategy)) != 0 ||
                   (m = cli_value(argc, argv, &i, "--format", "-f", &a->format)) != 0 ||
                   (m = cli_value(argc, argv, &i, "--output", "-o", &a->output)) != 0 ||
                   (m = cli_value(argc, argv, &i, "--name", NULL, &a->name)) != 0 ||
                   (m = cli_value(argc, argv, &i, "--shared", NULL, &a->shared)) != 0) {
            if (m < 0)
                return -1;
        } else if ((m = cli_budget_option(argc, argv, &i, "--budget", &a->budget)) != 0) {
            if (m < 0)
                return -1;
        } else if ((m = cli_budget_option(argc, argv, &i, "--budget-head", &a->budget_head)) != 0) {
            if (m < 0)
                return -1;
        } else if ((m = cli_search_option(&a->po, &a->quiet, argc, argv, &i)) != 0) {
            if (m < 0)
                return -1;
        } else if (cli_flag(argv, i, "--log", NULL) || strncmp(argv[i], "--log=", 6) == 0) {
            /* the value is optional: --log alone is the reuse log */
            const char *kind = argv[i][5] == '=' ? argv[i] + 6
                               : i + 1 < argc && (strcmp(argv[i + 1], "tflm") == 0 ||
                                                  strcmp(argv[i + 1], "reuse") == 0) ? argv[++i]
                                                                                     : "reuse";
            if (strcmp(kind, "reuse") && strcmp(kind, "tflm")) {
                cli_error("--log %s: reuse or tflm", kind);
                return -1;
            }
            a->log = strcmp(kind, "tflm") == 0 ? LOG_TFLM : LOG_REUSE;
        } else if ((m = cli_value(argc, argv, &i, "--sort", NULL, &v)) != 0) {
            const char *const *names = ap_row_order_names();
            int k;
            if (m < 0)
                return -1;
            for (k = 0; names[k] && strcmp(names[k], v); k++)
                ;
            if (!names[k]) {
                cli_error("--sort %s: start, id, size or offset", v);
                return -1;
            }
            a->table.order = (ap_row_order)k;
        } else if (cli_flag(argv, i, "--hex", NULL)) {
            a->table.hex = 1;
        } else if (cli_flag(argv, i, "--ops", NULL)) {
            a->ops = 1;
        } else if (cli_flag(argv, i, "--timeline", NULL)) {
            a->timeline = 1;
        } else if (cli_flag(argv, i, "--show-overlap", NULL)) {
            a->show_overlap = 1;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            cli_error("plan: unknown option '%s' (see 'arenaplan plan --help')", argv[i]);
            return -1;
        } else if (a->ninputs < MAX_INPUTS) {
            cli_input_name(argv[i]);
            a->inputs[a->ninputs++] = argv[i];
        } else {
            cli_error("plan: at most %d inputs", MAX_INPUTS);
            return -1;
        }
    }
    if (!a->ninputs) {
        cli_error("plan: no input given (see 'arenaplan plan --help')");
        return -1;
    }
    if (strcmp(a->format, "table") && strcmp(a->format, "csv") && strcmp(a->format, "json") &&
        strcmp(a->format, "c")) {
        cli_error("plan: unknown format '%s' (table, csv, json or c)", a->format);
        return -1;
    }
    if (a->shared && strcmp(a->shared, "sequential") && strcmp(a->shared, "concurrent")) {
        cli_error("plan: --shared %s: sequential or concurrent", a->shared);
        return -1;
    }
    if (a->ninputs > 1 && !a->shared) {
        cli_error("plan: several inputs need --shared sequential or --shared concurrent");
        return -1;
    }
    if (a->shared && strcmp(a->format, "table") && strcmp(a->format, "json") && strcmp(a->format, "c")) {
        cli_error("plan: --shared writes table, json or c");
        return -1;
    }
    if ((a->log || a->timeline) && strcmp(a->format, "table") && (!a->output || strcmp(a->output, "-") == 0)) {
        cli_error("plan: --log and --timeline print to stdout; write the %s plan to a file with -o FILE",
                  a->format);
        return -1;
    }
    if ((a->ops || a->table.hex || a->table.order != AP_ROWS_START) && strcmp(a->format, "table")) {
        cli_error("plan: --ops, --sort and --hex shape the table; the %s plan lists every buffer "
                  "in input order%s", a->format, strcmp(a->format, "json") ? "" : " (and \"ops\" for models)");
        return -1;
    }
    if (a->po.strategy && cli_check_strategy(a->po.strategy) != 0)
        return -1;
    if (a->output && strcmp(a->output, "-") != 0 && cli_check_output("-o", a->output) != 0)
        return -1;
    return 0;
}

/* The width of the terminal for --timeline: COLUMNS, else the terminal stdout is, else 80. */
static int terminal_width(void)
{
    const char *c = getenv("COLUMNS");
    struct winsize ws;
    if (c && *c) {
        char *end;
        long v = strtol(c, &end, 10);
        if (!*end && v > 0 && v < 100000)
            return (int)v;
    }
    if (isatty(1) && ioctl(1, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
        return ws.ws_col;
    return 80;
}

/* --log and --timeline, on stdout before the plan. arena: TFLM's whole arena, or NULL. */
static int print_explanations(const plan_args *a, const ap_problem *p, const ap_plan *plan,
                              const ap_tflm_whole *arena)
{
    ap_error err = {0};
    if (a->log == LOG_REUSE && ap_write_log(stdout, p, plan, &err) != AP_OK)
        goto fail;
    if (a->log == LOG_TFLM && ap_write_tflm_log(stdout, p, plan, &err) != AP_OK)
        goto fail;
    /* what the application prints after AllocateTensors (RecordingMicroAllocator) */
    if (a->log == LOG_TFLM && arena && ap_write_tflm_allocations(stdout, arena, &err) != AP_OK)
        goto fail;
    if (a->log && (a->timeline || !a->output))
        fputc('\n', stdout);
    if (a->timeline && ap_write_timeline(stdout, p, plan, terminal_width(), &err) != AP_OK)
        goto fail;
    if (a->timeline && !a->output)
        fputc('\n', stdout);
    return 0;
fail:
    cli_error("%s", err.msg);
    return -1;
}

static ap_status write_one(FILE *f, const plan_args *a, const ap_problem *p, const ap_plan *plan,
                           const ap_tflm_whole *arena, ap_error *err)
{
    ap_report_options o = a->table;
    o.arena = arena;
    if (strcmp(a->format, "csv") == 0)
        return ap_csv_write(f, p, plan, err);
    if (strcmp(a->format, "json") == 0)
        return ap_write_json_with(f, p, plan, &o, err);
    if (strcmp(a->format, "c") == 0) {
        char name[101];
        if (a->name)
            snprintf(name, sizeof name, "%s", a->name);
        else
            ap_c_identifier(a->inputs[0], name, sizeof name);
        return ap_write_c_header_with(f, p, plan, name, &o, err);
    }
    (void)a->show_overlap; /* the table shows the savings whenever rules made allowances */
    /* what another operator order would save, under TFLM's lifetimes */
    char line[AP_ERROR_MAX + 128];
    const char *lines[2] = {NULL, NULL};
    ap_tflite_build_options bo;
    if (a->in.load.runtime == AP_RUNTIME_TFLM && cli_build_options(&a->in, &bo) == 0 &&
        cli_reorder_line(a->inputs[0], NULL, bo.kernels, line, sizeof line))
        lines[0] = line;
    o.lines = lines;
    ap_status st = ap_write_table_with(f, p, plan, &o, err);
    if (st == AP_OK && a->ops) {
        fputc('\n', f);
        st = ap_write_ops(f, p, plan, err);
    }
    return st;
}

/* --budget gates the whole arena when it is known (else the head), --budget-head the head;
 * neither gates an arena that is a lower estimate (a path not modelled). */
static int budget_check(const plan_args *a, ap_problem **ps, int64_t head, int64_t whole)
{
    int i;
    for (i = 0; i < a->ninputs; i++)
        if (cli_budget_estimate(a->inputs[i], ps[i], a->budget, a->budget_head))
            return EXIT_INVALID;
    if (cli_budget_exceeded(a->budget, "arena", whole >= 0 ? whole : head) ||
        cli_budget_exceeded(a->budget_head, "head", head))
        return EXIT_INVALID;
    return EXIT_OK;
}

/* One header for the models: each named by its file (a repeated name gets its position). */
static ap_status write_shared_c(FILE *f, const plan_args *a, ap_problem **ps, const ap_plan *plans,
                                const ap_shared_result *r, const ap_tflm_whole *arenas, ap_error *err)
{
    char names[MAX_INPUTS][101], name[101];
    const char *np[MAX_INPUTS];
    int i, j;
    for (i = 0; i < a->ninputs; i++) {
        ap_c_identifier(a->inputs[i], names[i], 90);
        for (j = 0; j < i; j++)
            if (strcmp(names[i], names[j]) == 0) {
                size_t len = strlen(names[i]);
                snprintf(names[i] + len, sizeof names[i] - len, "_%d", i);
                break;
            }
        np[i] = names[i];
    }
    snprintf(name, sizeof name, "%s", a->name ? a->name : "shared");
    return ap_write_c_header_shared(f, ps, plans, (size_t)a->ninputs, np,
                                    strcmp(a->shared, "concurrent") == 0 ? AP_SHARED_CONCURRENT
                                                                         : AP_SHARED_SEQUENTIAL,
                                    r->arena, arenas, name, err);
}

/* arenas: every model's whole arena, or NULL when one is unknown. */
static ap_status write_shared(FILE *f, const plan_args *a, ap_problem **ps, const ap_plan *plans,
                              const ap_shared_result *r, const ap_tflm_whole *arenas, ap_error *err)
{
    int i;
    int64_t saving = r->separate - r->arena, whole_head = 0, tails = 0;
    int64_t whole = arenas ? ap_tflm_shared_arena(arenas, (size_t)a->ninputs, &whole_head, &tails) : -1;
    ap_report_options o = a->table;
    ap_status st = AP_OK;
    if (strcmp(a->format, "c") == 0)
        return write_shared_c(f, a, ps, plans, r, arenas, err);
    if (strcmp(a->format, "json") == 0) {
        fprintf(f, "{\"shared\":\"%s\",\"arena_bytes\":%lld,\"separate_bytes\":%lld,\"saving_bytes\":%lld,"
                   "\"sequential_bytes\":%lld,\"concurrent_bytes\":%lld,",
                a->shared, (long long)r->arena, (long long)r->separate, (long long)saving,
                (long long)r->sequential, (long long)r->concurrent);
        if (arenas)
            fprintf(f, "\"tflm\":{\"target\":\"%s\",\"head\":%lld,\"tails\":%lld,\"arena\":%lld},",
                    arenas[0].plan.target, (long long)whole_head, (long long)tails, (long long)whole);
        fputs("\"models\":[", f);
        for (i = 0; i < a->ninputs && st == AP_OK; i++) {
            fputs(i ? "," : "", f);
            o.arena = arenas ? &arenas[i] : NULL;
            st = ap_write_json_with(f, ps[i], &plans[i], &o, err);
        }
        fputs("]}\n", f);
        return st;
    }
    if (arenas)
        fprintf(f, "arena        %lld bytes (kTensorArenaSize for TFLM on %s; the shared head %lld + the "
                   "models' tails %lld%s)\n", (long long)whole, arenas[0].plan.target, (long long)whole_head,
                (long long)tails, whole != whole_head + tails ? ", one model's AllocateTensors needing more beside the others' tails" : "");
    fprintf(f, "shared       %s: %lld bytes for %d models\n", a->shared, (long long)r->arena, a->ninputs);
    fprintf(f, "separate     %lld bytes (the shared arena saves %lld, %.1f%%)\n", (long long)r->separate,
            (long long)saving, r->separate ? 100.0 * (double)saving / (double)r->separate : 0.0);
    fprintf(f, "sequential   %lld bytes (the largest head)\n", (long long)r->sequential);
    fprintf(f, "concurrent   %lld bytes (no byte shared between models)\n", (long long)r->concurrent);
    for (i = 0; i < a->ninputs && st == AP_OK; i++) {
        fprintf(f, "\n== model %d: %s (head %lld bytes)\n", i, a->inputs[i], (long long)plans[i].arena);
        o.arena = arenas ? &arenas[i] : NULL;
        st = ap_write_table_with(f, ps[i], &plans[i], &o, err);
    }
    return st;
}

int cmd_plan(int argc, char **argv)
{
    plan_args a;
    ap_problem *ps[MAX_INPUTS] = {NULL};
    ap_plan plans[MAX_INPUTS];
    ap_shared_result shared;
    ap_error err = {0};
    cli_out out;
    ap_tflm_whole *arenas = NULL;
    int rc = parse(&a, argc, argv), i, nloaded = 0, have_all = 1, unknown = 0;
    ap_status st;
    if (rc == -2)
        return EXIT_OK;
    if (rc < 0)
        return EXIT_USAGE;
    for (i = 0; i < a.ninputs; i++)
        ap_plan_init(&plans[i]);
    for (i = 0; i < a.ninputs; i++, nloaded++)
        if (!(ps[i] = cli_load(a.inputs[i], &a.in))) {
            rc = EXIT_USAGE;
            goto done;
        }
    a.po.stop = cli_stop_flag();
    a.po.progress = cli_progress_printer(a.quiet);
    if (a.shared) {
        ap_shared_mode mode = strcmp(a.shared, "concurrent") == 0 ? AP_SHARED_CONCURRENT : AP_SHARED_SEQUENTIAL;
        ap_check_result res;
        st = ap_plan_shared(ps, (size_t)a.ninputs, mode, &a.po, plans, &shared, &err);
        cli_progress_done();
        if (cli_interrupted(&a.po, st == AP_OK ? shared.arena : -1, -1)) {
            rc = EXIT_INTERRUPTED;
            goto done;
        }
        if (st != AP_OK) {
            cli_error("%s", err.msg);
            rc = st == AP_ERR_USAGE || st == AP_ERR_INPUT ? EXIT_USAGE : EXIT_INVALID;
            goto done;
        }
        if (ap_check_shared(ps, (size_t)a.ninputs, mode, plans, &res) != AP_OK) {
            cli_error("internal error: the shared plan fails the checker: %s", res.message);
            rc = EXIT_INVALID;
            goto done;
        }
    } else if ((rc = cli_plan(ps[0], &a.po, &plans[0])) != EXIT_OK) {
        goto done;
    }
    /* TFLM's whole arena, for every model (all or nothing, for a shared one) */
    if (!(arenas = calloc((size_t)a.ninputs, sizeof *arenas))) {
        cli_error("out of memory");
        rc = EXIT_USAGE;
        goto done;
    }
    for (i = 0; i < a.ninputs; i++) {
        int k = cli_arena(a.inputs[i], &a.in, ps[i], &plans[i], &arenas[i]);
        have_all &= k == 1;
        unknown |= k < 0;
    }
    if (!have_all) {
        free(arenas);
        arenas = NULL;
    }
    for (i = 0; i < a.ninputs; i++) {
        if (a.ninputs > 1 && (a.log || a.timeline))
            printf("%s%s:\n", i ? "\n" : "", a.inputs[i]);
        if (print_explanations(&a, ps[i], &plans[i], arenas ? &arenas[i] : NULL) != 0) {
            rc = EXIT_USAGE;
            goto done;
        }
    }
    /* A failed gate writes no file (a make rule must not see a fresh output); on stdout the
     * plan still follows the message, which comes first so that a broken stdout cannot hide
     * it. */
    int gate = unknown && cli_budget_unknown(a.budget)
                   ? EXIT_INVALID
                   : budget_check(&a, ps, a.shared ? shared.arena : plans[0].arena,
                                  !arenas ? -1
                                  : a.shared ? ap_tflm_shared_arena(arenas, (size_t)a.ninputs, NULL, NULL)
                                             : arenas[0].plan.min_arena);
    if (gate != EXIT_OK && a.output && strcmp(a.output, "-") != 0) {
        rc = gate;
        goto done;
    }
    if (cli_out_open(&out, "-o", a.output) != 0) {
        rc = EXIT_USAGE;
        goto done;
    }
    st = a.shared ? write_shared(out.f, &a, ps, plans, &shared, arenas, &err)
                  : write_one(out.f, &a, ps[0], &plans[0], arenas, &err);
    if (st != AP_OK) {
        cli_out_close(&out, 0);
        cli_error("%s", err.msg);
        /* only a plan the format cannot express (a head beyond 32 bits) is the input's fault */
        rc = st == AP_ERR_OVERFLOW ? EXIT_INVALID : EXIT_USAGE;
        goto done;
    }
    rc = cli_out_close(&out, 1) != 0 ? EXIT_USAGE : gate;
done:
    free(arenas);
    for (i = 0; i < a.ninputs; i++) {
        ap_plan_free(&plans[i]);
        ap_problem_free(ps[i]);
    }
    (void)nloaded;
    return rc;
}
