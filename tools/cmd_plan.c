/* cmd_plan.c - `arenaplan plan`: plan one input (or several in one arena) and print or write
 * the plan. Its options are the table below (cli_opt.h): the parser and the help at once. */
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arenaplan/csv.h"
#include "arenaplan/export.h"
#include "arenaplan/fit.h"
#include "arenaplan/report.h"
#include "arenaplan/shared.h"
#include "arenaplan/tflm.h"
#include "arenaplan/tflm_arena.h"
#include "cli.h"

#define MAX_INPUTS 64

enum { LOG_NONE, LOG_REUSE, LOG_TFLM };
enum { SHARED_NONE, SHARED_SEQUENTIAL, SHARED_CONCURRENT };
enum { ORDER_GIVEN, ORDER_BEST };
enum { ARENAS_ONE, ARENAS_SPLIT };

typedef struct plan_args {
    const char *inputs[MAX_INPUTS];
    int ninputs;
    int format; /* cli_format */
    const char *output, *name;
    int shared; /* SHARED_* */
    int64_t budget, budget_head, budget_persistent, budget_nonpersistent;
    int order, arenas; /* ORDER_*, ARENAS_* */
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
static const char *const order_names[] = {"given", "best", NULL};
static const char *const arenas_names[] = {"one", "split", NULL};

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
     "sequential or concurrent, for several inputs: sequential is TFLM's\n"
     "multi-tenant allocation (one MicroAllocator, one interpreter per model,\n"
     "created in the order of the inputs); concurrent, heads side by side, is\n"
     "for arenaplan's runtime (for TFLM: an interpreter per region of a buffer)", NULL, NULL},
    {"--order", NULL, "ORDER", CLI_CHOICE, offsetof(plan_args, order), order_names, NULL, 0,
     "with --shared sequential: given (the default) or best: tries every\n"
     "order of creation of up to 8 models and creates them in the one whose\n"
     "TFLM arena is smallest (ties keep the order given)", NULL,
     "{flag} {value}: given or best"},
    {"--arenas", NULL, "KIND", CLI_CHOICE, offsetof(plan_args, arenas), arenas_names, NULL, 0,
     "one (the default) or split: also the two sizes of TFLM's two-buffer\n"
     "allocator, MicroAllocator::Create(persistent, P, non_persistent, NP),\n"
     "for one model or --shared sequential", NULL, "{flag} {value}: one or split"},
    {"--output", "-o", "FILE", CLI_TEXT, offsetof(plan_args, output), NULL, NULL, 0,
     "write the plan to FILE (atomically) instead of stdout", "-o FILE", NULL},
    {"--budget", NULL, "BYTES", CLI_BYTES, offsetof(plan_args, budget), NULL, NULL, 0,
     "exit 1 when the arena exceeds BYTES (suffixes K, M: 1024-based): for\n"
     "models TFLM's whole arena (kTensorArenaSize), for buffer lists (no\n"
     "arena) the head", NULL, NULL},
    {"--budget-head", NULL, "BYTES", CLI_BYTES, offsetof(plan_args, budget_head), NULL, NULL, 0,
     "exit 1 when the head (the planned section) exceeds BYTES", NULL, NULL},
    {"--budget-persistent", NULL, "BYTES", CLI_BYTES, offsetof(plan_args, budget_persistent), NULL,
     NULL, 0, "exit 1 when --arenas split's persistent buffer exceeds BYTES (implies\n"
     "--arenas split)", NULL, NULL},
    {"--budget-nonpersistent", NULL, "BYTES", CLI_BYTES, offsetof(plan_args, budget_nonpersistent),
     NULL, NULL, 0, "exit 1 when --arenas split's non-persistent buffer exceeds BYTES", NULL, NULL},
    {"--sort", NULL, "ORDER", CLI_CHOICE, offsetof(plan_args, sort), sort_names, NULL, 0,
     "table rows by start (first use, the default), id, size or offset", NULL,
     "{flag} {value}: start, id, size or offset"},
    {"--hex", NULL, NULL, CLI_FLAG, offsetof(plan_args, hex), NULL, NULL, 0,
     "table offsets in hexadecimal, as addresses", NULL, NULL},
    {"--ops", NULL, NULL, CLI_FLAG, offsetof(plan_args, ops), NULL, NULL, 0,
     "after the table, what is live while each operator runs: bytes, share\n"
     "of the head and the buffers", NULL, NULL},
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
    "all of them: sequential = they run one after another (the arena is the largest head;\n"
    "TFLM's multi-tenant allocation, its kTensorArenaSize exact for the order of creation);\n"
    "concurrent = they may run at the same time (no byte is shared between models: arenaplan's\n"
    "runtime; stock TFLM needs an interpreter per region of a buffer, whose size it gives).\n"
    "\n"
    "options:\n";

/* --order, --arenas and their budgets. */
static int check_tflm_args(plan_args *a)
{
    if (a->budget_persistent >= 0 || a->budget_nonpersistent >= 0)
        a->arenas = ARENAS_SPLIT;
    if (a->order == ORDER_BEST && a->shared != SHARED_SEQUENTIAL) {
        cli_error("plan: --order best orders the interpreters of --shared sequential (TFLM's "
                  "multi-tenant allocation: one MicroAllocator, the models created one after "
                  "another); give --shared sequential");
        return -1;
    }
    if (a->order == ORDER_BEST && a->ninputs > AP_TFLM_ORDER_MAX) {
        cli_error("plan: --order best tries every order of at most %d models; %d given (--order "
                  "given creates them in the order of the inputs)", AP_TFLM_ORDER_MAX, a->ninputs);
        return -1;
    }
    if (a->arenas == ARENAS_SPLIT && a->shared == SHARED_CONCURRENT) {
        cli_error("plan: --arenas split is TFLM's two-buffer allocator, for one model or --shared "
                  "sequential (one MicroAllocator); --shared concurrent's interpreters each have "
                  "their own");
        return -1;
    }
    if (a->arenas == ARENAS_SPLIT && a->in.load.runtime == AP_RUNTIME_TFLITE) {
        cli_error("plan: --arenas split is TFLM's two-buffer allocator; TensorFlow Lite's "
                  "interpreter (--runtime tflite) has no TFLM arena");
        return -1;
    }
    if (a->arenas == ARENAS_SPLIT && a->in.load.build.kernels == AP_TFLM_KERNELS_NONE) {
        cli_error("plan: --arenas split needs a kernel set: --kernels none has no TFLM arena");
        return -1;
    }
    return 0;
}

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
    if (check_tflm_args(a) != 0)
        return -1;
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
    a->budget = a->budget_head = a->budget_persistent = a->budget_nonpersistent = -1;
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
    o.arena_unknown = arena ? NULL : cli_arena_why();
    o.split = a->arenas == ARENAS_SPLIT;
    if (a->format == CLI_FORMAT_CSV)
        return ap_csv_write_with(f, p, plan, &o, err);
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
    cli_saving_lines sv = {0};
    ap_tflite_build_options bo;
    if (a->in.load.runtime == AP_RUNTIME_TFLM && cli_build_options(&a->in, &bo) == 0)
        cli_saving_lines_fill(&sv, a->inputs[0], bo.kernels, a->in.target);
    o.lines = sv.lines;
    ap_status st = ap_write_table_with(f, p, plan, &o, err);
    if (st == AP_OK && a->ops) {
        fputc('\n', f);
        st = ap_write_ops(f, p, plan, err);
    }
    return st;
}

/* What one run holds: the problems, their plans, the shared result, the whole arenas, and
 * TFLM's figures of the set. */
typedef struct plan_run {
    ap_problem *ps[MAX_INPUTS];
    ap_plan plans[MAX_INPUTS];
    ap_shared_result shared;
    ap_tflm_whole *arenas; /* every model's (a refusal, for one model TFLM cannot load), or
                              NULL when one is unknown */
    int unknown;           /* a model's whole arena could not be computed */
    int refused;           /* 1 + the first input TFLM cannot load, or 0 */
    ap_tflm_refusal refusal; /* its refusal */
    ap_tflm_tenants *tenants; /* sequential, every arena known: TFLM's multi-tenant arena of
                              the set in the order of the inputs (after --order best: its) */
    size_t order[AP_TFLM_ORDER_MAX]; /* the best order found (indices before any reordering) */
    int64_t best, given;   /* its min_arena and the order given's (-1: not searched) */
    int reordered;         /* --order best changed the order */
    int64_t regions;       /* concurrent, every arena known: separate interpreters' buffer */
    int64_t region_offset[MAX_INPUTS], region_size[MAX_INPUTS];
    char why[AP_ERROR_MAX + 256]; /* why the set's arena is unknown */
} plan_run;

static int order_note(const plan_args *a, const plan_run *r, char *out, size_t cap);

/* One header for the models: each named by its file (a repeated name gets its position). */
static ap_status write_shared_c(FILE *f, const plan_args *a, const plan_run *r, ap_error *err)
{
    char names[MAX_INPUTS][101], name[101], note[512];
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
    ap_c_shared_tflm t = {r->arenas ? r->arenas[0].plan.target : NULL, r->tenants,
                          a->arenas == ARENAS_SPLIT, order_note(a, r, note, sizeof note) ? note : NULL,
                          r->regions, r->region_offset, r->region_size, r->why[0] ? r->why : NULL};
    return ap_write_c_header_shared(f, r->ps, r->plans, (size_t)a->ninputs, np,
                                    a->shared == SHARED_CONCURRENT ? AP_SHARED_CONCURRENT
                                                                   : AP_SHARED_SEQUENTIAL,
                                    r->shared.arena, r->tenants || r->regions > 0 || r->why[0] ? &t : NULL,
                                    name, err);
}

static const char *shared_name(const plan_args *a)
{
    return a->shared == SHARED_CONCURRENT ? "concurrent" : "sequential";
}

/* The set's kTensorArenaSize (sequential: the multi-tenant arena; concurrent: the regions'
 * buffer), or -1 when it is unknown. */
static int64_t set_arena(const plan_args *a, const plan_run *r)
{
    if (a->shared == SHARED_CONCURRENT)
        return r->regions > 0 ? r->regions : -1;
    return r->tenants && r->tenants->refused < 0 ? r->tenants->min_arena : -1;
}

static void json_names(FILE *f, const plan_args *a, const size_t *order)
{
    fputc('[', f);
    for (int i = 0; i < a->ninputs; i++) {
        fputs(i ? "," : "", f);
        ap_json_string(f, a->inputs[order ? order[i] : (size_t)i]);
    }
    fputc(']', f);
}

/* --shared sequential's "tflm": the multi-tenant arena as TFLM lays it out. */
static void json_tenants(FILE *f, const plan_args *a, const plan_run *r)
{
    const ap_tflm_tenants *t = r->tenants;
    fputs("\"tflm\":{\"target\":", f);
    ap_json_string(f, t->target);
    fputs(",\"kernels\":", f);
    ap_json_string(f, t->kernels);
    fputs(",\"allocation\":\"multi-tenant\",\"order\":", f);
    json_names(f, a, NULL);
    if (t->refused >= 0) {
        fprintf(f, ",\"min_arena\":null,\"refused\":{\"input\":");
        ap_json_string(f, a->inputs[t->refused]);
        fputs(",\"message\":", f);
        ap_json_string(f, t->refusal.message);
        fputs("}},", f);
        return;
    }
    fprintf(f, ",\"min_arena\":%lld,\"min_arena_16\":%lld,\"used\":%lld,\"head\":%lld,"
               "\"head_model\":%d,\"objects\":%lld,\"tail\":%lld,\"tails\":%lld,\"arena\":%lld,"
               "\"models\":[", (long long)t->min_arena, (long long)t->min_arena_16,
            (long long)t->used, (long long)t->head, (int)t->head_model, (long long)t->objects,
            (long long)t->tail, (long long)t->tail, (long long)t->min_arena);
    for (size_t i = 0; i < t->n; i++) {
        fputs(i ? ",{\"input\":" : "{\"input\":", f);
        ap_json_string(f, a->inputs[i]);
        fprintf(f, ",\"head\":%lld,\"tail\":%lld,\"tail_start\":%lld}",
                (long long)t->model[i].head, (long long)t->model[i].tail,
                (long long)t->model[i].tail_start);
    }
    fputc(']', f);
    if (r->best >= 0) {
        fputs(",\"best_order\":{\"order\":", f);
        json_names(f, a, r->reordered ? NULL : r->order);
        fprintf(f, ",\"min_arena\":%lld,\"given_min_arena\":%lld,\"picked\":%s}",
                (long long)r->best, (long long)r->given, a->order == ORDER_BEST ? "true" : "false");
    }
    if (a->arenas == ARENAS_SPLIT) {
        fprintf(f, ",\"split\":{\"persistent\":%lld,\"nonpersistent\":%lld,\"used\":%lld,"
                   "\"models\":[", (long long)t->split_persistent,
                (long long)t->split_nonpersistent, (long long)t->split_used);
        for (size_t i = 0; i < t->n; i++)
            fprintf(f, "%s{\"persistent\":%lld}", i ? "," : "", (long long)t->model[i].persistent);
        fputs("]}", f);
    }
    fputs("},", f);
}

/* --shared concurrent's "tflm": separate interpreters, a region of one buffer each. */
static void json_regions(FILE *f, const plan_args *a, const plan_run *r)
{
    fputs("\"tflm\":{\"target\":", f);
    ap_json_string(f, r->arenas[0].plan.target);
    fputs(",\"kernels\":", f);
    ap_json_string(f, r->arenas[0].plan.kernels);
    fprintf(f, ",\"allocation\":\"regions\",\"min_arena\":%lld,\"arena\":%lld,\"regions\":[",
            (long long)r->regions, (long long)r->regions);
    for (int i = 0; i < a->ninputs; i++) {
        fputs(i ? ",{\"input\":" : "{\"input\":", f);
        ap_json_string(f, a->inputs[i]);
        fprintf(f, ",\"offset\":%lld,\"bytes\":%lld}", (long long)r->region_offset[i],
                (long long)r->region_size[i]);
    }
    fputs("]},", f);
}

/* --shared's JSON: the shared figures (the arena: kTensorArenaSize of the set; the head: the
 * shared head), then each model's plan. */
static ap_status write_shared_json(FILE *f, const plan_args *a, const plan_run *r, ap_error *err)
{
    int64_t whole = set_arena(a, r);
    const ap_shared_result *sr = &r->shared;
    ap_report_options o;
    ap_status st = AP_OK;
    ap_report_options_init(&o);
    o.split = a->arenas == ARENAS_SPLIT;
    fprintf(f, "{\"schema\":\"" AP_JSON_SCHEMA "\",\"shared\":\"%s\"", shared_name(a));
    if (whole >= 0)
        fprintf(f, ",\"arena_bytes\":%lld", (long long)whole);
    else {
        fputs(",\"arena_bytes\":null,\"arena_unknown\":", f);
        ap_json_string(f, r->ps[0]->origin == AP_ORIGIN_BUFFERS ? "a buffer list has no TFLM arena"
                                                                 : r->why);
    }
    fprintf(f, ",\"head_bytes\":%lld,\"separate_bytes\":%lld,\"saving_bytes\":%lld,"
               "\"sequential_bytes\":%lld,\"concurrent_bytes\":%lld,",
            (long long)sr->arena, (long long)sr->separate, (long long)(sr->separate - sr->arena),
            (long long)sr->sequential, (long long)sr->concurrent);
    if (r->tenants)
        json_tenants(f, a, r);
    else if (r->regions > 0)
        json_regions(f, a, r);
    fputs("\"models\":[", f);
    for (int i = 0; i < a->ninputs && st == AP_OK; i++) {
        fputs(i ? "," : "", f);
        o.arena = r->arenas ? &r->arenas[i] : NULL;
        o.arena_unknown = r->arenas ? NULL : r->why;
        st = ap_write_json_with(f, r->ps[i], &r->plans[i], &o, err);
    }
    fputs("]}\n", f);
    return st;
}

/* The order line of --shared sequential, or 0 when there is nothing to say (one model). */
static int order_note(const plan_args *a, const plan_run *r, char *out, size_t cap)
{
    size_t k = 0;
    if (a->shared != SHARED_SEQUENTIAL || a->ninputs < 2 || !r->tenants || r->tenants->refused >= 0)
        return 0;
    if (r->best < 0)
        snprintf(out, cap, "not searched: --order best tries every order of at most %d models",
                 AP_TFLM_ORDER_MAX);
    else if (r->reordered)
        snprintf(out, cap, "created in the best order of the %d models (--order best): %lld bytes; "
                 "the order given needs %lld", a->ninputs, (long long)r->best, (long long)r->given);
    else if (r->best == r->given)
        snprintf(out, cap, "the order given needs the least of every order of creation");
    else {
        k = (size_t)snprintf(out, cap, "another order of creation needs %lld bytes, %lld less "
                             "(--order best creates them so):", (long long)r->best,
                             (long long)(r->given - r->best));
        for (int i = 0; i < a->ninputs && k < cap; i++)
            k += (size_t)snprintf(out + k, cap - k, "%s %s", i ? "," : "", a->inputs[r->order[i]]);
    }
    return 1;
}

/* --shared sequential's table lines: TFLM's multi-tenant arena as it lays it out. */
static void table_tenants(FILE *f, const plan_args *a, const plan_run *r)
{
    const ap_tflm_tenants *t = r->tenants;
    char text[AP_ERROR_MAX + 1024];
    ap_tflm_tenants_text(t, a->inputs, text, sizeof text);
    fprintf(f, "arena        %s\n", text);
    if (t->refused < 0) {
        fprintf(f, "tflm         head [0, %lld): %s's, the largest (each model's head starts at the "
                   "arena's start)\n", (long long)t->head, a->inputs[t->head_model]);
        fprintf(f, "             allocator objects [%lld, %lld): %lld bytes, made once\n",
                (long long)(t->min_arena - t->objects), (long long)t->min_arena,
                (long long)t->objects);
        for (size_t i = 0; i < t->n; i++)
            fprintf(f, "             tail of %s [%lld, %lld): %lld bytes\n", a->inputs[i],
                    (long long)t->model[i].tail_start,
                    (long long)(t->model[i].tail_start + t->model[i].tail),
                    (long long)t->model[i].tail);
    }
    if (order_note(a, r, text, sizeof text))
        fprintf(f, "order        %s\n", text);
    if (a->arenas == ARENAS_SPLIT && t->refused < 0) {
        ap_tflm_split_text(t->split_persistent, t->split_nonpersistent, t->split_used, t->target,
                           text, sizeof text);
        fprintf(f, "split        %s\n", text);
    }
}

/* --shared concurrent's table lines: what stock TFLM needs for it. */
static void table_regions(FILE *f, const plan_args *a, const plan_run *r)
{
    fprintf(f, "arena        %lld bytes (kTensorArenaSize for TFLM on %s: one MicroInterpreter per "
               "model, each with its own MicroAllocator on its own 16-aligned region of one "
               "buffer, each model's arena as stock TFLM plans it alone; one MicroAllocator "
               "cannot run models at once)\n",
            (long long)r->regions, r->arenas[0].plan.target);
    for (int i = 0; i < a->ninputs; i++)
        fprintf(f, "%s %s [%lld, %lld): its own arena, %lld bytes\n",
                i ? "            " : "regions     ", a->inputs[i], (long long)r->region_offset[i],
                (long long)(r->region_offset[i] + r->region_size[i]), (long long)r->region_size[i]);
}

static ap_status write_shared(FILE *f, const plan_args *a, const plan_run *r, ap_error *err)
{
    const ap_shared_result *sr = &r->shared;
    int64_t saving = sr->separate - sr->arena;
    ap_report_options o;
    ap_status st = AP_OK;
    if (a->format == CLI_FORMAT_C)
        return write_shared_c(f, a, r, err);
    if (a->format == CLI_FORMAT_JSON)
        return write_shared_json(f, a, r, err);
    ap_report_options_init(&o);
    o.order = (ap_row_order)a->sort;
    o.hex = a->hex;
    o.split = a->arenas == ARENAS_SPLIT;
    if (r->tenants)
        table_tenants(f, a, r);
    else if (r->regions > 0)
        table_regions(f, a, r);
    else if (r->ps[0]->origin == AP_ORIGIN_TFLM && r->why[0])
        fprintf(f, "arena        unknown: %s\n", r->why);
    fputs(a->shared == SHARED_CONCURRENT
              ? "mode         concurrent: the models may run at once, their heads side by side in "
                "one arena, for arenaplan's runtime (runtime/); stock TFLM has no such set-up: "
                "for it, one interpreter per region of a buffer (the arena line)\n"
              : a->order == ORDER_BEST
              ? "mode         sequential: one model runs at a time; TFLM's multi-tenant allocation "
                "(one MicroAllocator, an interpreter per model, created in the best order found: "
                "the order of the models below)\n"
              : "mode         sequential: one model runs at a time; TFLM's multi-tenant allocation "
                "(one MicroAllocator, an interpreter per model, created in the order of the "
                "inputs)\n", f);
    /* the planned sections alone: the arena line above is TFLM's whole arena */
    fprintf(f, "shared       %s: a head of %lld bytes for %d models\n", shared_name(a),
            (long long)sr->arena, a->ninputs);
    fprintf(f, "separate     %lld bytes of heads, each model's own (the shared head saves %lld, "
            "%.1f%%)\n", (long long)sr->separate, (long long)saving,
            sr->separate ? 100.0 * (double)saving / (double)sr->separate : 0.0);
    fprintf(f, "sequential   %lld bytes (the largest head)\n", (long long)sr->sequential);
    fprintf(f, "concurrent   %lld bytes (the heads side by side: no byte shared between models)\n",
            (long long)sr->concurrent);
    for (int i = 0; i < a->ninputs && st == AP_OK; i++) {
        fprintf(f, "\n== model %d: %s (head %lld bytes%s)\n", i, a->inputs[i],
                (long long)r->plans[i].arena,
                r->arenas ? "; its arena line: the model alone" : "");
        o.arena = r->arenas ? &r->arenas[i] : NULL;
        st = ap_write_table_with(f, r->ps[i], &r->plans[i], &o, err);
    }
    return st;
}

/* --order best: the inputs, their problems, plans and arenas put in the order found. */
static void reorder_inputs(plan_args *a, plan_run *r)
{
    const char *in[MAX_INPUTS];
    ap_problem *ps[MAX_INPUTS];
    ap_plan plans[MAX_INPUTS];
    ap_tflm_whole w[AP_TFLM_ORDER_MAX];
    int n = a->ninputs;
    for (int i = 0; i < n; i++) {
        in[i] = a->inputs[r->order[i]];
        ps[i] = r->ps[r->order[i]];
        plans[i] = r->plans[r->order[i]];
        w[i] = r->arenas[r->order[i]];
    }
    for (int i = 0; i < n; i++) {
        a->inputs[i] = in[i];
        r->ps[i] = ps[i];
        r->plans[i] = plans[i];
        r->arenas[i] = w[i];
        r->reordered |= r->order[i] != (size_t)i;
    }
}

/* TFLM's figures of the set, once every model's arena is known. An exit code. */
static int measure_set(plan_args *a, plan_run *r)
{
    int64_t v[MAX_INPUTS];
    size_t n = (size_t)a->ninputs;
    if (r->refused)
        snprintf(r->why, sizeof r->why, "%s: %s", a->inputs[r->refused - 1], r->refusal.message);
    else if (!r->arenas && r->ps[0]->origin == AP_ORIGIN_TFLM)
        snprintf(r->why, sizeof r->why, "%s", cli_arena_why() ? cli_arena_why()
                 : "TFLM's whole arena of a model of the set is unknown (see the warning)");
    if (!r->arenas)
        return EXIT_OK;
    for (size_t i = 0; i < n; i++)
        v[i] = a->shared == SHARED_CONCURRENT ? r->arenas[i].stock.min_arena /* its own arena */
                                              : r->arenas[i].plan.head;
    if (a->shared == SHARED_CONCURRENT) {
        size_t last;
        int64_t at = 0;
        r->regions = ap_tflm_regions(v, n, &last);
        for (size_t i = 0; i <= n; i++) { /* in the inputs' order, `last` put last */
            size_t k = i == n ? last : i;
            if (i < n && i == last)
                continue;
            r->region_offset[k] = at;
            r->region_size[k] = v[k];
            at += (v[k] + 15) / 16 * 16;
        }
        return EXIT_OK;
    }
    if (!(r->tenants = calloc(1, sizeof *r->tenants))) {
        cli_error("out of memory");
        return EXIT_USAGE;
    }
    if (cli_tenants(a->inputs, v, n, &a->in, r->tenants, r->order, &r->best, &r->given,
                    a->order == ORDER_BEST) < 0) {
        free(r->tenants);
        r->tenants = NULL;
        r->unknown = 1;
        snprintf(r->why, sizeof r->why, "%s", cli_arena_why() ? cli_arena_why() : "unknown");
        return EXIT_OK;
    }
    if (a->order == ORDER_BEST && r->best >= 0)
        reorder_inputs(a, r);
    return EXIT_OK;
}

/* Measure: loads every input, plans (one arena for them all with --shared), and computes
 * TFLM's whole arena of every model (and of the set). An exit code. */
static int measure(plan_args *a, plan_run *r)
{
    ap_error err = {0};
    int have_all = 1;
    for (int i = 0; i < a->ninputs; i++) {
        size_t shared = 0;
        if (!(r->ps[i] = cli_load(a->inputs[i], &a->in)))
            return EXIT_USAGE;
        if (a->arenas == ARENAS_SPLIT && r->ps[i]->origin != AP_ORIGIN_TFLM) {
            cli_error("plan: --arenas split: %s is %s, which has no TFLM arena", a->inputs[i],
                      r->ps[i]->origin == AP_ORIGIN_BUFFERS ? "a buffer list" : "no TFLM model");
            return EXIT_USAGE;
        }
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
    return a->shared ? measure_set(a, r) : EXIT_OK;
}

/* After a failed --budget on one model's whole arena: one more line, the smallest arena the
 * levers of `fit` reach (computed only now, when the budget failed). */
static void fit_hint(const plan_args *a)
{
    const unsigned char *data;
    size_t len = 0;
    ap_run_options o;
    int64_t best;
    unsigned mask;
    char names[128];
    if (a->ninputs != 1 || a->shared || cli_input_read(a->inputs[0], &data, &len) != 0)
        return;
    ap_run_options_init(&o);
    o.name = a->inputs[0];
    o.target = a->in.target;
    if (cli_given("--kernels"))
        o.kernels = ap_tflm_set_name(AP_TFLM_SET_KERNELS, (int)a->in.load.build.kernels);
    o.plan.time_limit = a->s.po.time_limit;
    o.plan.work_limit = a->s.po.work_limit;
    if (!ap_fit_smallest(data, len, &o, &best, &mask))
        return;
    ap_fit_levers_text(mask, names, sizeof names);
    if (best <= a->budget)
        cli_error("the levers reach %lld bytes (%s), within the budget: see `arenaplan fit %s "
                  "--budget %lld`", (long long)best, names, a->inputs[0], (long long)a->budget);
    else
        cli_error("the levers reach %lld bytes at best (%s), still %lld more than the budget: see "
                  "`arenaplan fit`", (long long)best, names, (long long)(best - a->budget));
}

/* Summarise: the gate. --budget gates the whole arena when it is known (it fails when a model's
 * is unknown, or TFLM cannot load a model), else the plan; --budget-head the head; neither gates
 * an arena that is a lower estimate (a path not modelled). */
/* --budget-persistent and --budget-nonpersistent on the two-buffer allocator's sizes. */
static int gate_split(const plan_args *a, const plan_run *r)
{
    int64_t p = -1, np = -1;
    if (a->budget_persistent < 0 && a->budget_nonpersistent < 0)
        return EXIT_OK;
    if (!a->shared && r->arenas && r->arenas[0].plan.refusal.kind == AP_TFLM_LOADS) {
        p = r->arenas[0].plan.split_persistent;
        np = r->arenas[0].plan.split_nonpersistent;
    } else if (a->shared && set_arena(a, r) >= 0) {
        p = r->tenants->split_persistent;
        np = r->tenants->split_nonpersistent;
    }
    if (p < 0) {
        cli_error("--budget-persistent, --budget-nonpersistent: TFLM's two-buffer sizes are "
                  "unknown (%s), so they cannot be gated", r->refused ? r->refusal.message
                  : r->why[0] ? r->why : cli_arena_why() ? cli_arena_why() : "above");
        return EXIT_INVALID;
    }
    if (cli_budget_exceeded(a->budget_persistent, "persistent buffer", p) ||
        cli_budget_exceeded(a->budget_nonpersistent, "non-persistent buffer", np))
        return EXIT_INVALID;
    return EXIT_OK;
}

static int gate(const plan_args *a, const plan_run *r)
{
    int64_t head = a->shared ? r->shared.arena : r->plans[0].arena;
    int64_t whole = !r->arenas ? -1 : a->shared ? set_arena(a, r) : r->arenas[0].plan.min_arena;
    for (int i = 0; i < a->ninputs; i++) /* an arena that is a lower estimate cannot be gated */
        if (cli_budget_estimate(a->inputs[i], r->ps[i], a->budget, a->budget_head))
            return EXIT_INVALID;
    if (r->refused && cli_budget_refused(a->budget, a->inputs[r->refused - 1], &r->refusal))
        return EXIT_INVALID;
    if (r->unknown && cli_budget_unknown(a->budget))
        return EXIT_INVALID;
    if (cli_budget_exceeded(a->budget, whole >= 0 ? "arena" : "head", whole >= 0 ? whole : head)) {
        if (whole >= 0)
            fit_hint(a);
        return EXIT_INVALID;
    }
    if (cli_budget_exceeded(a->budget_head, "head", head))
        return EXIT_INVALID;
    return gate_split(a, r);
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
    st = a->shared ? write_shared(out.f, a, r, &err)
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
    free(r.tenants);
    for (i = 0; i < a.ninputs; i++) {
        ap_plan_free(&r.plans[i]);
        ap_problem_free(r.ps[i]);
    }
    return rc;
}
