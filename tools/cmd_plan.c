/* cmd_plan.c - `arenaplan plan`: plan one input (or several in one arena) and print or write
 * the plan. Its options are the table below (cli_opt.h): the parser and the help at once. */
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arenaplan/csv.h"
#include "arenaplan/export.h"
#include "arenaplan/report.h"
#include "arenaplan/shared.h"
#include "arenaplan/tflm.h"
#include "arenaplan/tflm_arena.h"
#include "cli.h"

#define MAX_INPUTS 64

enum { LOG_NONE, LOG_REUSE, LOG_TFLM };
enum { SHARED_NONE, SHARED_SEQUENTIAL, SHARED_CONCURRENT };

typedef struct plan_args {
    const char *inputs[MAX_INPUTS];
    int ninputs;
    int format; /* cli_format */
    const char *output, *name;
    int shared; /* SHARED_* */
    int64_t budget, budget_head;
    int log, timeline, show_overlap, ops, hex, sort;
    const char *log_input; /* an input given right after a bare --log (for the hint) */
    cli_search s;
    cli_input_opts in;
} plan_args;

static int opt_log(void *ctx, const cli_opt *row, const char *v)
{
    plan_args *a = ctx;
    (void)row;
    if (!v || strcmp(v, "reuse") == 0)
        a->log = LOG_REUSE;
    else if (strcmp(v, "tflm") == 0)
        a->log = LOG_TFLM;
    else {
        cli_error("--log=%s: reuse or tflm", v);
        return -1;
    }
    return 0;
}

static int opt_shared(void *ctx, const cli_opt *row, const char *v)
{
    plan_args *a = ctx;
    (void)row;
    if (strcmp(v, "sequential") && strcmp(v, "concurrent")) {
        cli_error("plan: --shared %s: sequential or concurrent", v);
        return -1;
    }
    a->shared = strcmp(v, "sequential") == 0 ? SHARED_SEQUENTIAL : SHARED_CONCURRENT;
    return 0;
}

static const char *const sort_names[] = {"start", "id", "size", "offset", NULL};

static const cli_opt plan_rows[] = {
    {"--strategy", "-s", "NAME", CLI_TEXT, offsetof(plan_args, s.po.strategy), NULL, NULL, 0,
     "planning strategy (default best; see 'arenaplan strategies')", NULL, NULL},
    {"--format", "-f", "FMT", CLI_CHOICE, offsetof(plan_args, format), cli_format_names, NULL, 0,
     "table (default), csv, json, or c (a C header for firmware)", NULL,
     "{cmd}: unknown format '{value}' (table, csv, json or c)"},
    {"--name", NULL, "NAME", CLI_TEXT, offsetof(plan_args, name), NULL, NULL, 0,
     "symbol prefix for --format c, at most 100 characters (default: from\n"
     "the input's file name; with --shared, \"shared\", each model's symbols\n"
     "NAME_FILENAME)", NULL, NULL},
    {"--shared", NULL, "MODE", CLI_CALL, 0, NULL, opt_shared, 0,
     "sequential or concurrent, for several inputs", NULL, NULL},
    {"--output", "-o", "FILE", CLI_TEXT, offsetof(plan_args, output), NULL, NULL, 0,
     "write the plan to FILE (atomically) instead of stdout", "-o FILE", NULL},
    {"--budget", NULL, "BYTES", CLI_BYTES, offsetof(plan_args, budget), NULL, NULL, 0,
     "exit 1 when the arena exceeds BYTES (suffixes K, M: 1024-based): for\n"
     "models TFLM's whole arena (kTensorArenaSize), for buffer lists the plan", NULL, NULL},
    {"--budget-head", NULL, "BYTES", CLI_BYTES, offsetof(plan_args, budget_head), NULL, NULL, 0,
     "exit 1 when the head (the planned section) exceeds BYTES", NULL, NULL},
    {"--sort", NULL, "ORDER", CLI_CHOICE, offsetof(plan_args, sort), sort_names, NULL, 0,
     "table rows by start (first use, the default), id, size or offset", NULL,
     "{flag} {value}: start, id, size or offset"},
    {"--hex", NULL, NULL, CLI_FLAG, offsetof(plan_args, hex), NULL, NULL, 0,
     "table offsets in hexadecimal, as addresses", NULL, NULL},
    {"--ops", NULL, NULL, CLI_FLAG, offsetof(plan_args, ops), NULL, NULL, 0,
     "after the table, what is live while each operator runs: bytes, share\n"
     "of the head (a list's arena) and the buffers", NULL, NULL},
    {"--log", NULL, "KIND", CLI_CALL, 0, NULL, opt_log, CLI_OPTIONAL,
     "print the planning log first: --log (or --log=reuse) says for each\n"
     "buffer in placement order whether it reuses bytes; --log=tflm prints\n"
     "what TFLM's GreedyMemoryPlanner::PrintMemoryPlan and, for models,\n"
     "RecordingMicroAllocator::PrintAllocations print, byte for byte (the\n"
     "kind only after '=': the next argument is always an input)", NULL, NULL},
    {"--timeline", NULL, NULL, CLI_FLAG, offsetof(plan_args, timeline), NULL, NULL, 0,
     "print an ASCII chart of the plan first: one row per time step, the\n"
     "arena scaled to the terminal's width (COLUMNS, else the terminal, else 80)\n"
     "(with --log or --timeline, csv and json plans need -o FILE)", NULL, NULL},
    {"--show-overlap", NULL, NULL, CLI_FLAG, offsetof(plan_args, show_overlap), NULL, NULL, 0,
     "(kept for scripts: the table always shows the bytes overlap saves)", NULL, NULL},
};

static int add_input(void *ctx, const char *arg, const char *after)
{
    plan_args *a = ctx;
    if (a->ninputs == MAX_INPUTS) {
        cli_error("plan: at most %d inputs", MAX_INPUTS);
        return -1;
    }
    if (after && !a->log_input)
        a->log_input = arg;
    cli_input_name(arg);
    a->inputs[a->ninputs++] = arg;
    return 0;
}

static const char usage_text[] =
    "usage: arenaplan plan INPUT [options]\n"
    "       arenaplan plan INPUT INPUT... --shared sequential|concurrent [options]\n"
    "\n"
    "Plans the arena for INPUT (a .tflite model or a CSV buffer list), proves the plan with the\n"
    "independent checker and prints it. With several inputs and --shared, plans one arena for\n"
    "all of them: sequential = they run one after another (the arena is the largest head);\n"
    "concurrent = they may run at the same time (no byte is shared between models).\n"
    "\n"
    "options:\n";

/* What the options say together, once parsed: each refusal names the options. */
static int check_args(plan_args *a)
{
    struct stat st;
    int table = a->format == CLI_FORMAT_TABLE;
    const char *fmt = cli_format_names[a->format];
    if (a->log_input && stat(a->log_input, &st) != 0) {
        cli_error("plan: %s: no such input (the kind of --log comes after '=': --log=reuse or "
                  "--log=tflm; the next argument is always an input)", a->log_input);
        return -1;
    }
    if (!a->ninputs) {
        cli_error("plan: no input given (see 'arenaplan plan --help')");
        return -1;
    }
    if (a->name && strlen(a->name) > 100) {
        cli_error("plan: --name is %zu characters long; a symbol prefix has at most 100",
                  strlen(a->name));
        return -1;
    }
    if (a->ninputs > 1 && !a->shared) {
        cli_error("plan: several inputs need --shared sequential or --shared concurrent");
        return -1;
    }
    if (a->shared && a->format == CLI_FORMAT_CSV) {
        cli_error("plan: --shared writes table, json or c");
        return -1;
    }
    if ((a->log || a->timeline) && !table && (!a->output || strcmp(a->output, "-") == 0)) {
        cli_error("plan: --log and --timeline print to stdout; write the %s plan to a file with -o FILE",
                  fmt);
        return -1;
    }
    if ((a->ops || a->hex || a->sort) && !table) {
        cli_error("plan: --ops, --sort and --hex shape the table; the %s plan lists every buffer "
                  "in input order%s", fmt, a->format == CLI_FORMAT_JSON ? " (and \"ops\" for models)" : "");
        return -1;
    }
    if (a->name && a->format != CLI_FORMAT_C)
        cli_warn("--name names the symbols of --format c; the %s plan does not use it", fmt);
    if (a->s.po.strategy && cli_check_strategy(a->s.po.strategy) != 0)
        return -1;
    if (a->output && strcmp(a->output, "-") != 0 && cli_check_output("-o", a->output) != 0)
        return -1;
    cli_warn_ineffective(&a->s.po.strategy, 1);
    return 0;
}

/* 0, 1 after --help, -1 after an error. */
static int parse(plan_args *a, int argc, char **argv)
{
    memset(a, 0, sizeof *a);
    cli_search_init(&a->s);
    cli_input_init(&a->in);
    a->s.po.strategy = NULL;
    a->budget = a->budget_head = -1;
    cli_spec spec = {"plan", usage_text,
                     {CLI_GROUP(plan_rows, a), cli_search_group(&a->s), cli_input_group(&a->in)},
                     3, add_input, a, NULL};
    int rc = cli_parse(&spec, argc, argv);
    return rc != 0 ? rc : check_args(a);
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
    cli_out out;
    ap_status st = AP_OK;
    if (cli_out_open(&out, "-o", NULL) != 0)
        return -1;
    if (a->log == LOG_REUSE)
        st = ap_write_log(out.f, p, plan, &err);
    if (st == AP_OK && a->log == LOG_TFLM)
        st = ap_write_tflm_log(out.f, p, plan, &err);
    /* what the application prints after AllocateTensors (RecordingMicroAllocator) */
    if (st == AP_OK && a->log == LOG_TFLM && arena)
        st = ap_write_tflm_allocations(out.f, arena, &err);
    if (st == AP_OK && a->log && (a->timeline || !a->output))
        fputc('\n', out.f);
    if (st == AP_OK && a->timeline)
        st = ap_write_timeline(out.f, p, plan, terminal_width(), &err);
    if (st == AP_OK && a->timeline && !a->output)
        fputc('\n', out.f);
    out.text = a->log == LOG_TFLM ? 2 : 1; /* TFLM's log ends its lines with CRLF */
    if (cli_out_close(&out, st == AP_OK) != 0 || st != AP_OK) {
        if (st != AP_OK)
            cli_error("%s", err.msg);
        return -1;
    }
    return 0;
}

static ap_status write_one(FILE *f, const plan_args *a, const ap_problem *p, const ap_plan *plan,
                           const ap_tflm_whole *arena, ap_error *err)
{
    ap_report_options o;
    ap_report_options_init(&o);
    o.order = (ap_row_order)a->sort;
    o.hex = a->hex;
    o.arena = arena;
    if (a->format == CLI_FORMAT_CSV)
        return ap_csv_write(f, p, plan, err);
    if (a->format == CLI_FORMAT_JSON)
        return ap_write_json_with(f, p, plan, &o, err);
    if (a->format == CLI_FORMAT_C) {
        char name[101];
        if (a->name)
            snprintf(name, sizeof name, "%s", a->name); /* at most 100: check_args */
        else
            ap_c_identifier(a->inputs[0], name, sizeof name);
        return ap_write_c_header_with(f, p, plan, name, &o, err);
    }
    /* the table shows the savings whenever rules made allowances (--show-overlap is implied);
       and what another operator order would save, under TFLM's lifetimes */
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
                                    a->shared == SHARED_CONCURRENT ? AP_SHARED_CONCURRENT
                                                                   : AP_SHARED_SEQUENTIAL,
                                    r->arena, arenas, name, err);
}

static const char *shared_name(const plan_args *a)
{
    return a->shared == SHARED_CONCURRENT ? "concurrent" : "sequential";
}

/* --shared's JSON: the shared figures, then each model's plan. */
static ap_status write_shared_json(FILE *f, const plan_args *a, ap_problem **ps, const ap_plan *plans,
                                   const ap_shared_result *r, const ap_tflm_whole *arenas, ap_error *err)
{
    int64_t whole_head = 0, tails = 0;
    int64_t whole = arenas ? ap_tflm_shared_arena(arenas, (size_t)a->ninputs, &whole_head, &tails) : -1;
    ap_report_options o;
    ap_status st = AP_OK;
    ap_report_options_init(&o);
    fprintf(f, "{\"shared\":\"%s\",\"arena_bytes\":%lld,\"separate_bytes\":%lld,\"saving_bytes\":%lld,"
               "\"sequential_bytes\":%lld,\"concurrent_bytes\":%lld,",
            shared_name(a), (long long)r->arena, (long long)r->separate,
            (long long)(r->separate - r->arena), (long long)r->sequential, (long long)r->concurrent);
    if (arenas)
        fprintf(f, "\"tflm\":{\"target\":\"%s\",\"head\":%lld,\"tails\":%lld,\"arena\":%lld},",
                arenas[0].plan.target, (long long)whole_head, (long long)tails, (long long)whole);
    fputs("\"models\":[", f);
    for (int i = 0; i < a->ninputs && st == AP_OK; i++) {
        fputs(i ? "," : "", f);
        o.arena = arenas ? &arenas[i] : NULL;
        st = ap_write_json_with(f, ps[i], &plans[i], &o, err);
    }
    fputs("]}\n", f);
    return st;
}

/* arenas: every model's whole arena, or NULL when one is unknown. */
static ap_status write_shared(FILE *f, const plan_args *a, ap_problem **ps, const ap_plan *plans,
                              const ap_shared_result *r, const ap_tflm_whole *arenas, ap_error *err)
{
    int64_t saving = r->separate - r->arena, whole_head = 0, tails = 0;
    int64_t whole = arenas ? ap_tflm_shared_arena(arenas, (size_t)a->ninputs, &whole_head, &tails) : -1;
    ap_report_options o;
    ap_status st = AP_OK;
    if (a->format == CLI_FORMAT_C)
        return write_shared_c(f, a, ps, plans, r, arenas, err);
    if (a->format == CLI_FORMAT_JSON)
        return write_shared_json(f, a, ps, plans, r, arenas, err);
    ap_report_options_init(&o);
    o.order = (ap_row_order)a->sort;
    o.hex = a->hex;
    if (arenas)
        fprintf(f, "arena        %lld bytes (kTensorArenaSize for TFLM on %s; the shared head %lld + the "
                   "models' tails %lld%s)\n", (long long)whole, arenas[0].plan.target, (long long)whole_head,
                (long long)tails, whole != whole_head + tails ? ", one model's AllocateTensors needing more beside the others' tails" : "");
    fprintf(f, "shared       %s: %lld bytes for %d models\n", shared_name(a), (long long)r->arena, a->ninputs);
    fprintf(f, "separate     %lld bytes (the shared arena saves %lld, %.1f%%)\n", (long long)r->separate,
            (long long)saving, r->separate ? 100.0 * (double)saving / (double)r->separate : 0.0);
    fprintf(f, "sequential   %lld bytes (the largest head)\n", (long long)r->sequential);
    fprintf(f, "concurrent   %lld bytes (no byte shared between models)\n", (long long)r->concurrent);
    for (int i = 0; i < a->ninputs && st == AP_OK; i++) {
        fprintf(f, "\n== model %d: %s (head %lld bytes)\n", i, a->inputs[i], (long long)plans[i].arena);
        o.arena = arenas ? &arenas[i] : NULL;
        st = ap_write_table_with(f, ps[i], &plans[i], &o, err);
    }
    return st;
}

/* What one run holds: the problems, their plans, the shared result, the whole arenas. */
typedef struct plan_run {
    ap_problem *ps[MAX_INPUTS];
    ap_plan plans[MAX_INPUTS];
    ap_shared_result shared;
    ap_tflm_whole *arenas; /* every model's (a refusal, for one model TFLM cannot load), or
                              NULL when one is unknown */
    int unknown;           /* a model's whole arena could not be computed */
    int refused;           /* 1 + the first input TFLM cannot load, or 0 */
    ap_tflm_refusal refusal; /* its refusal */
} plan_run;

/* Measure: loads every input, plans (one arena for them all with --shared), and computes
 * TFLM's whole arena of every model. An exit code. */
static int measure(plan_args *a, plan_run *r)
{
    ap_error err = {0};
    int have_all = 1;
    for (int i = 0; i < a->ninputs; i++) {
        size_t shared = 0;
        if (!(r->ps[i] = cli_load(a->inputs[i], &a->in)))
            return EXIT_USAGE;
        if (r->ps[i]->origin == AP_ORIGIN_TFLM &&
            ap_tflm_offline_clashes(r->ps[i], NULL, 0, &shared, NULL) == AP_OK && shared)
            cli_warn("%s: its offline plan puts %zu pair%s of tensors live at once on shared bytes; "
                     "TFLM runs them so, which holds only with kernels made for it (Vela's NPU "
                     "plans are); 'arenaplan check' names them", a->inputs[i], shared,
                     shared == 1 ? "" : "s");
    }
    a->s.po.stop = cli_stop_flag();
    a->s.po.progress = cli_progress_printer(a->s.quiet);
    if (a->shared) {
        ap_shared_mode mode = a->shared == SHARED_CONCURRENT ? AP_SHARED_CONCURRENT : AP_SHARED_SEQUENTIAL;
        ap_check_result res;
        ap_status st = ap_plan_shared(r->ps, (size_t)a->ninputs, mode, &a->s.po, r->plans, &r->shared, &err);
        cli_progress_done();
        if (cli_interrupted(&a->s.po, st == AP_OK ? r->shared.arena : -1, -1))
            return EXIT_INTERRUPTED;
        if (st != AP_OK) {
            cli_error("%s", err.msg);
            return st == AP_ERR_USAGE || st == AP_ERR_INPUT ? EXIT_USAGE : EXIT_INVALID;
        }
        if (ap_check_shared(r->ps, (size_t)a->ninputs, mode, r->plans, &res) != AP_OK) {
            cli_error("internal error: the shared plan fails the checker: %s", res.message);
            return EXIT_INVALID;
        }
    } else {
        int rc = cli_plan(r->ps[0], &a->s.po, &r->plans[0]);
        if (rc != EXIT_OK)
            return rc;
    }
    if (!(r->arenas = calloc((size_t)a->ninputs, sizeof *r->arenas))) {
        cli_error("out of memory");
        return EXIT_USAGE;
    }
    for (int i = 0; i < a->ninputs; i++) {
        int k = cli_arena(a->inputs[i], &a->in, r->ps[i], &r->plans[i], &r->arenas[i]);
        if (k == CLI_ARENA_REFUSED)
            return EXIT_INVALID;
        if (k == CLI_ARENA_TFLM_REFUSES && !r->refused) {
            r->refused = i + 1;
            r->refusal = r->arenas[i].plan.refusal;
        }
        /* one model TFLM cannot load: its outputs say so; in a shared arena, it is unknown */
        if (k == CLI_ARENA_TFLM_REFUSES && !a->shared)
            continue;
        have_all &= k == 1;
        r->unknown |= k < 0;
    }
    if (!have_all) {
        free(r->arenas);
        r->arenas = NULL;
    }
    return EXIT_OK;
}

/* Summarise: the gate. --budget gates the whole arena when it is known (it fails when a model's
 * is unknown, or TFLM cannot load a model), else the plan; --budget-head the head; neither gates
 * an arena that is a lower estimate (a path not modelled). */
static int gate(const plan_args *a, const plan_run *r)
{
    int64_t head = a->shared ? r->shared.arena : r->plans[0].arena;
    int64_t whole = !r->arenas ? -1
                    : a->shared ? ap_tflm_shared_arena(r->arenas, (size_t)a->ninputs, NULL, NULL)
                                : r->arenas[0].plan.min_arena;
    for (int i = 0; i < a->ninputs; i++) /* an arena that is a lower estimate cannot be gated */
        if (cli_budget_estimate(a->inputs[i], r->ps[i], a->budget, a->budget_head))
            return EXIT_INVALID;
    if (r->refused && cli_budget_refused(a->budget, a->inputs[r->refused - 1], &r->refusal))
        return EXIT_INVALID;
    if (r->unknown && cli_budget_unknown(a->budget))
        return EXIT_INVALID;
    if (cli_budget_exceeded(a->budget, "arena", whole >= 0 ? whole : head) ||
        cli_budget_exceeded(a->budget_head, "head", head))
        return EXIT_INVALID;
    return EXIT_OK;
}

/* Print: the explanations, then the plan (no file past a failed gate). */
static int print(const plan_args *a, const plan_run *r, int gated)
{
    ap_error err = {0};
    cli_out out;
    ap_status st;
    for (int i = 0; i < a->ninputs; i++) {
        if (a->ninputs > 1 && (a->log || a->timeline))
            printf("%s%s:\n", i ? "\n" : "", a->inputs[i]);
        if (print_explanations(a, r->ps[i], &r->plans[i],
                               r->arenas && !r->refused ? &r->arenas[i] : NULL) != 0)
            return EXIT_USAGE;
    }
    /* A failed gate writes no file (a make rule must not see a fresh output); on stdout the
     * plan still follows the message, which comes first so that a broken stdout cannot hide
     * it. */
    if (gated != EXIT_OK && a->output && strcmp(a->output, "-") != 0)
        return gated;
    if (cli_out_open(&out, "-o", a->output) != 0)
        return EXIT_USAGE;
    out.text = a->format == CLI_FORMAT_TABLE;
    st = a->shared ? write_shared(out.f, a, (ap_problem **)r->ps, r->plans, &r->shared, r->arenas, &err)
                   : write_one(out.f, a, r->ps[0], &r->plans[0], r->arenas, &err);
    if (st != AP_OK) {
        cli_out_close(&out, 0);
        cli_error("%s", err.msg);
        /* only a plan the format cannot express (a head beyond 32 bits) is the input's fault */
        return st == AP_ERR_OVERFLOW ? EXIT_INVALID : EXIT_USAGE;
    }
    return cli_out_close(&out, 1) != 0 ? EXIT_USAGE : gated;
}

int cmd_plan(int argc, char **argv)
{
    plan_args a;
    plan_run r;
    int rc = parse(&a, argc, argv), i;
    if (rc != 0)
        return rc > 0 ? EXIT_OK : EXIT_USAGE;
    memset(&r, 0, sizeof r);
    for (i = 0; i < a.ninputs; i++)
        ap_plan_init(&r.plans[i]);
    if ((rc = measure(&a, &r)) == EXIT_OK)
        rc = print(&a, &r, gate(&a, &r));
    free(r.arenas);
    for (i = 0; i < a.ninputs; i++) {
        ap_plan_free(&r.plans[i]);
        ap_problem_free(r.ps[i]);
    }
    return rc;
}
