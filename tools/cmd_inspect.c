/* cmd_inspect.c - `arenaplan inspect`: what a .tflite model holds and the buffers TFLM (or
 * TFLite) plans for it; the writing is src/report/inspect.c's (inspect.h). */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/inspect.h"
#include "arenaplan/litert.h"
#include "arenaplan/tflite.h"
#include "arenaplan/tflm.h"
#include "arenaplan/tflm_arena.h"
#include "cli.h"

static const char usage_text[] =
    "usage: arenaplan inspect MODEL.tflite [options]\n"
    "\n"
    "Reads a TensorFlow Lite model and shows its subgraphs, operators by type, tensors,\n"
    "constant and variable bytes, and the buffers TFLM's memory planner receives for it (tensor\n"
    "index and name, size, lifetime, producing and consuming operators). The CSV output is a\n"
    "buffer list that 'arenaplan plan' accepts. With --runtime tflite: the buffers of TensorFlow\n"
    "Lite's arena, and every other tensor's fate (persistent, dynamic, planned at Invoke) and why.\n"
    "\n"
    "options:\n";

typedef struct inspect_args {
    const char *input, *output;
    int format; /* cli_format */
    cli_input_opts in;
} inspect_args;

static const cli_opt inspect_rows[] = {
    {"--format", "-f", "FMT", CLI_CHOICE, offsetof(inspect_args, format), cli_format_names_nc, NULL, 0,
     "table (default), csv or json", NULL, "{cmd}: unknown format '{value}' (table, csv or json)"},
    {"--output", "-o", "FILE", CLI_TEXT, offsetof(inspect_args, output), NULL, NULL, 0,
     "write to FILE (atomically) instead of stdout", "-o FILE", NULL},
};

static int add_input(void *ctx, const char *arg, const char *after)
{
    inspect_args *a = ctx;
    (void)after;
    if (a->input) {
        cli_error("inspect: one model at a time (got '%s' and '%s')", a->input, arg);
        return -1;
    }
    cli_input_name(arg);
    a->input = arg;
    return 0;
}

static int parse(inspect_args *a, int argc, char **argv)
{
    memset(a, 0, sizeof *a);
    cli_input_init(&a->in);
    cli_spec spec = {"inspect", usage_text, {CLI_GROUP(inspect_rows, a), cli_input_group(&a->in)}, 2,
                     add_input, a, NULL};
    int rc = cli_parse(&spec, argc, argv);
    if (rc != 0)
        return rc;
    if (!a->input) {
        cli_error("inspect: no model given (see 'arenaplan inspect --help')");
        return -1;
    }
    if (a->output && strcmp(a->output, "-") != 0 && cli_check_output("-o", a->output) != 0)
        return -1;
    return cli_input_check(&a->in);
}

/* What inspect measures: the model, its problem (or why there is none), the summary. */
typedef struct inspected {
    ap_tfl_model *model;
    ap_problem *p;          /* NULL when the runtime cannot build it (perr says why) */
    ap_status pst;
    ap_error perr;
    ap_litert_info *lit;    /* --runtime tflite */
    ap_tflite_build_options bo;
    ap_model_summary s;
    char kernels[64];
} inspected;

/* The problem of the runtime asked; it may fail where the graph did not (TFLM cannot allocate
 * every model): the table then still shows the graph. */
static int build(const inspect_args *a, const unsigned char *data, size_t len, inspected *x)
{
    x->bo = a->in.load.build;
    if (a->in.load.runtime == AP_RUNTIME_TFLITE) {
        ap_litert_options lo = a->in.load.litert;
        lo.align = a->in.load.build.align;
        if ((x->pst = ap_litert_build(x->model, &lo, &x->p, &x->lit, &x->perr)) == AP_OK &&
            (x->pst = ap_problem_set_source(x->p, a->input, &x->perr)) == AP_OK)
            x->pst = ap_problem_validate(x->p, &x->perr);
        if (x->pst != AP_OK) {
            char msg[AP_ERROR_MAX];
            snprintf(msg, sizeof msg, "%s", x->perr.msg);
            ap_error_set(&x->perr, x->pst, "%s: %s", a->input, msg);
            ap_problem_free(x->p);
            x->p = NULL;
        }
    } else {
        if (cli_build_options(&a->in, &x->bo) != 0)
            return -1;
        x->pst = ap_tflite_load_problem(data, len, a->input, &x->bo, &x->p, &x->perr);
    }
    snprintf(x->kernels, sizeof x->kernels, "%s", ap_tflm_set_name(AP_TFLM_SET_KERNELS, (int)x->bo.kernels));
    if (x->lit)
        snprintf(x->kernels, sizeof x->kernels, "tflite (builtin kernels, threads %d)", x->lit->threads);
    return 0;
}

/* Measure: reads the model and builds what is shown. An exit code. */
static int measure(const inspect_args *a, inspected *x)
{
    const unsigned char *data;
    size_t len = 0;
    ap_error err = {0};
    if (cli_input_read(a->input, &data, &len) != 0)
        return EXIT_USAGE;
    if (len < 8 || memcmp(data + 4, "TFL3", 4) != 0) {
        cli_error("inspect: %s is not a TensorFlow Lite model (no \"TFL3\" identifier at bytes "
                  "4-7)", a->input);
        return EXIT_USAGE;
    }
    if (ap_tflite_read(data, len, &x->model, &err) != AP_OK) {
        cli_error("%s: %s", a->input, err.msg);
        return EXIT_USAGE;
    }
    if (build(a, data, len, x) != 0)
        return EXIT_USAGE;
    if (ap_model_summary_compute(x->model, x->p, &x->s, &err) != AP_OK) {
        cli_error("%s", err.msg);
        return EXIT_USAGE;
    }
    return EXIT_OK;
}

/* Print: the table (with TFLM's whole arena and the reorder line), the JSON or the CSV. */
static int print(const inspect_args *a, inspected *x)
{
    ap_inspect_options o = {a->input, x->kernels, x->lit, NULL, NULL, NULL};
    ap_tflm_arena arena;
    char line[AP_ERROR_MAX + 128] = "";
    ap_error err = {0};
    ap_status st;
    cli_out out;
    const unsigned char *data;
    size_t len;
    if (x->pst != AP_OK && a->format != CLI_FORMAT_TABLE) {
        cli_error("%s", x->perr.msg);
        return EXIT_USAGE;
    }
    if (a->format != CLI_FORMAT_CSV && x->pst == AP_OK && !x->lit &&
        cli_input_read(a->input, &data, &len) == 0) {
        /* TFLM's whole arena, in the table and the JSON (refused beyond 32 bits on cortex-m, as
           plan does) */
        int k = cli_model_arena(data, len, a->input, &a->in, &arena);
        if (k == CLI_ARENA_REFUSED)
            return EXIT_INVALID;
        if (k == 1)
            o.arena = &arena;
        else
            o.arena_unknown = cli_arena_why();
    }
    if (a->format == CLI_FORMAT_TABLE && !x->lit &&
        cli_reorder_line(a->input, x->model, x->bo.kernels, line, sizeof line))
        o.reorder_line = line;
    if (cli_out_open(&out, "-o", a->output) != 0)
        return EXIT_USAGE;
    out.text = a->format == CLI_FORMAT_TABLE;
    st = a->format == CLI_FORMAT_CSV    ? ap_write_inspect_csv(out.f, x->p, &err)
         : a->format == CLI_FORMAT_JSON ? ap_write_inspect_json(out.f, x->model, x->p, &x->s, &o, &err)
                                        : ap_write_inspect_table(out.f, x->model, x->p, &x->s, &o, &err);
    if (st != AP_OK) {
        cli_out_close(&out, 0);
        cli_error("%s", err.msg);
        return EXIT_USAGE;
    }
    if (cli_out_close(&out, 1) != 0)
        return EXIT_USAGE;
    if (x->pst != AP_OK) { /* after the graph, the reason there are no buffers */
        cli_error("%s", x->perr.msg);
        return EXIT_USAGE;
    }
    return EXIT_OK;
}

int cmd_inspect(int argc, char **argv)
{
    inspect_args a;
    inspected x;
    int rc = parse(&a, argc, argv);
    if (rc != 0)
        return rc > 0 ? EXIT_OK : EXIT_USAGE;
    memset(&x, 0, sizeof x);
    if ((rc = measure(&a, &x)) == EXIT_OK)
        rc = print(&a, &x);
    ap_model_summary_free(&x.s);
    ap_litert_info_free(x.lit);
    ap_problem_free(x.p);
    ap_tflite_free(x.model);
    return rc;
}
