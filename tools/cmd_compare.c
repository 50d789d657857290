/* cmd_compare.c - `arenaplan compare`: every strategy on every input, side by side. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/bounds.h"
#include "arenaplan/load.h"
#include "arenaplan/report.h"
#include "arenaplan/tflm_arena.h"
#include "cli.h"

static const char usage_text[] =
    "usage: arenaplan compare INPUT... [options]\n"
    "\n"
    "Plans every input with every strategy and prints a table: one row per input, one column\n"
    "per strategy with its head (the planned section) in bytes and how far above the lower\n"
    "bound it is; the smallest head of each row is marked with '*'. Every plan is proven by\n"
    "the checker.\n"
    "\n"
    "With --runtime tflite the heads are TensorFlow Lite's arenas and the column tflite is its\n"
    "own plan (ArenaPlanner).\n"
    "\n"
    "With --inplace or --overlap every model gets two rows: planned with those rules and\n"
    "without them (the head and the lower bound with and without sharing); csv and json then\n"
    "carry a rules column.\n"
    "\n"
    "With --kernels SET,SET... (e.g. reference,cmsis-nn) every model gets one row per kernel\n"
    "set, and a column 'stock arena': the kTensorArenaSize stock TFLM needs with those kernels\n"
    "on the target (head and tail; the strategies' columns are heads); csv and json then carry\n"
    "the columns kernels and stock_arena_bytes.\n"
    "\n"
    "options:\n";

typedef struct row {
    const char *input;
    const char *rules;  /* "inplace=... overlap=..." or "none"; NULL when no rules were asked */
    const char *kernels; /* the kernel set's name; NULL when --kernels gave one set */
    int64_t stock;       /* with kernels: stock TFLM's whole arena (min_arena), -1 unknown */
    char *why;           /* why it is unknown (malloc'd), or NULL */
    size_t nbuf;
    int64_t lower;
    int64_t *arena;  /* per column; -1 = failed */
} row;

static void print_table(FILE *f, const row *rows, size_t nrows, const ap_strategy **cols, size_t ncols)
{
    size_t r, c;
    int win = 5, wr = 0, wk = 0;
    for (r = 0; r < nrows; r++) {
        const char *base = strrchr(rows[r].input, '/');
        int w = (int)strlen(base ? base + 1 : rows[r].input);
        win = w > win ? w : win;
        if (rows[r].rules && (int)strlen(rows[r].rules) > wr)
            wr = (int)strlen(rows[r].rules);
        if (rows[r].kernels && (int)strlen(rows[r].kernels) > wk)
            wk = (int)strlen(rows[r].kernels);
    }
    fprintf(f, "%-*s", win, "input");
    if (wk)
        fprintf(f, " %-*s %12s", wk < 7 ? 7 : wk, "kernels", "stock arena");
    if (wr)
        fprintf(f, " %-*s", wr, "rules");
    fprintf(f, " %8s %12s", "buffers", "lower bound");
    for (c = 0; c < ncols; c++)
        fprintf(f, " %20s", cols[c]->name);
    fputc('\n', f);
    for (r = 0; r < nrows; r++) {
        const char *base = strrchr(rows[r].input, '/');
        int64_t best = INT64_MAX;
        for (c = 0; c < ncols; c++)
            if (rows[r].arena[c] >= 0 && rows[r].arena[c] < best)
                best = rows[r].arena[c];
        fprintf(f, "%-*s", win, base ? base + 1 : rows[r].input);
        if (wk) {
            char cell[24] = "-";
            if (rows[r].stock >= 0)
                snprintf(cell, sizeof cell, "%lld", (long long)rows[r].stock);
            fprintf(f, " %-*s %12s", wk < 7 ? 7 : wk, rows[r].kernels, cell);
        }
        if (wr)
            fprintf(f, " %-*s", wr, rows[r].rules ? rows[r].rules : "");
        fprintf(f, " %8zu %12lld", rows[r].nbuf, (long long)rows[r].lower);
        for (c = 0; c < ncols; c++) {
            char cell[48];
            int64_t a = rows[r].arena[c];
            if (a < 0)
                snprintf(cell, sizeof cell, "failed");
            else
                snprintf(cell, sizeof cell, "%lld (+%.1f%%)%s", (long long)a,
                         rows[r].lower ? 100.0 * (double)(a - rows[r].lower) / (double)rows[r].lower : 0.0,
                         a == best ? "*" : " ");
            fprintf(f, " %20s", cell);
        }
        fputc('\n', f);
    }
}

static void print_csv(FILE *f, const row *rows, size_t nrows, const ap_strategy **cols, size_t ncols)
{
    size_t r, c;
    int with_rules = nrows && rows[0].rules, with_kernels = nrows && rows[0].kernels;
    fputs(with_kernels ? "input,kernels,stock_arena_bytes," : "input,", f);
    fputs(with_rules ? "rules,buffers,lower_bound" : "buffers,lower_bound", f);
    for (c = 0; c < ncols; c++)
        fprintf(f, ",%s", cols[c]->name);
    fputc('\n', f);
    for (r = 0; r < nrows; r++) {
        fputs(rows[r].input, f);
        if (with_kernels) {
            fprintf(f, ",%s,", rows[r].kernels);
            if (rows[r].stock >= 0)
                fprintf(f, "%lld", (long long)rows[r].stock);
        }
        if (with_rules)
            fprintf(f, ",%s", rows[r].rules);
        fprintf(f, ",%zu,%lld", rows[r].nbuf, (long long)rows[r].lower);
        for (c = 0; c < ncols; c++)
            if (rows[r].arena[c] >= 0)
                fprintf(f, ",%lld", (long long)rows[r].arena[c]);
            else
                fputs(",", f);
        fputc('\n', f);
    }
}

static void print_json(FILE *f, const row *rows, size_t nrows, const ap_strategy **cols, size_t ncols)
{
    size_t r, c;
    fputs("{\"schema\":\"" AP_JSON_SCHEMA "\",\"inputs\":[", f);
    for (r = 0; r < nrows; r++) {
        fputs(r ? ",\n{\"input\":" : "\n{\"input\":", f);
        ap_json_string(f, rows[r].input);
        if (rows[r].kernels) {
            fputs(",\"kernels\":", f);
            ap_json_string(f, rows[r].kernels);
            if (rows[r].stock >= 0) {
                fprintf(f, ",\"stock_arena_bytes\":%lld", (long long)rows[r].stock);
            } else {
                fputs(",\"stock_arena_bytes\":null,\"arena_unknown\":", f);
                ap_json_string(f, rows[r].why ? rows[r].why : "TFLM's whole arena was not computed");
            }
        }
        if (rows[r].rules) {
            fputs(",\"rules\":", f);
            ap_json_string(f, rows[r].rules);
        }
        fprintf(f, ",\"buffers\":%zu,\"lower_bound\":%lld,\"head_bytes\":{", rows[r].nbuf,
                (long long)rows[r].lower);
        for (c = 0; c < ncols; c++) {
            fprintf(f, "%s\"%s\":", c ? "," : "", cols[c]->name);
            if (rows[r].arena[c] >= 0)
                fprintf(f, "%lld", (long long)rows[r].arena[c]);
            else
                fputs("null", f);
        }
        fputs("}}", f);
    }
    fputs("]}\n", f);
}

/* Reads --kernels A,B,... into sets[] (each a known kernel set, none twice). */
static int kernel_list(const char *list, int *sets, size_t *n)
{
    char name[64];
    *n = 0;
    for (const char *p = list;;) {
        size_t l = strcspn(p, ",");
        ap_error err = {0};
        int v;
        if (l == 0 || l >= sizeof name || *n == AP_TFLM_KERNELS_COUNT) {
            cli_error("--kernels %s: a comma-separated list of kernel sets, each named once", list);
            return -1;
        }
        memcpy(name, p, l);
        name[l] = '\0';
        if (ap_tflm_set_find(AP_TFLM_SET_KERNELS, name, &v, &err) != AP_OK) {
            cli_error("--kernels %s: %s", list, err.msg);
            return -1;
        }
        for (size_t i = 0; i < *n; i++)
            if (sets[i] == v) {
                cli_error("--kernels %s: '%s' is named twice", list, name);
                return -1;
            }
        sets[(*n)++] = v;
        if (!p[l])
            return 0;
        p += l + 1;
    }
}

/* Stock TFLM's whole arena for the model at path with the options of o, or -1 (a CSV, or the
 * arena is unknown: the CLI has said why) with *why the reason (malloc'd). */
static int64_t stock_arena(const char *path, const cli_input_opts *o, char **why)
{
    const unsigned char *data;
    size_t len = 0;
    ap_tflm_arena a;
    int64_t v = -1;
    const char *text = "a buffer list has no TFLM arena";
    if (cli_input_is_model(path) && cli_input_read(path, &data, &len) == 0) {
        if (cli_model_arena(data, len, path, o, &a) == 1)
            v = a.min_arena;
        text = cli_arena_why();
    }
    *why = v < 0 && text ? strdup(text) : NULL;
    return v;
}

typedef struct compare_args {
    const char **inputs;
    size_t ninputs;
    int format; /* cli_format */
    const char *output;
    int kset[AP_TFLM_KERNELS_COUNT]; /* --kernels A,B,...: the sets, in order */
    size_t nkset;
    cli_input_opts in;
} compare_args;

/* --kernels: a list of sets (one row per set), or one set (the input option). */
static int opt_kernels(void *ctx, const cli_opt *opt, const char *v)
{
    compare_args *a = ctx;
    if (strchr(v, ','))
        return kernel_list(v, a->kset, &a->nkset);
    return cli_input_kernels(&a->in, opt, v);
}

static const cli_opt compare_rows[] = {
    {"--format", "-f", "FMT", CLI_CHOICE, offsetof(compare_args, format), cli_format_names_nc, NULL, 0,
     "table (default), csv or json", NULL, "{cmd}: unknown format '{value}' (table, csv or json)"},
    {"--output", "-o", "FILE", CLI_TEXT, offsetof(compare_args, output), NULL, NULL, 0,
     "write to FILE (atomically) instead of stdout", "-o FILE", NULL},
    {"--kernels", NULL, "SET[,SET...]", CLI_CALL, 0, NULL, opt_kernels, 0,
     "models: the kernel set whose scratch is modelled (see below), or a\n"
     "list of sets: one row per set, with stock TFLM's whole arena", NULL, NULL},
};

static int add_input(void *ctx, const char *arg, const char *after)
{
    compare_args *a = ctx;
    (void)after;
    cli_input_name(arg);
    a->inputs[a->ninputs++] = arg;
    return 0;
}

/* 0, 1 after --help, -1 after an error. */
static int parse(compare_args *a, int argc, char **argv)
{
    memset(a, 0, sizeof *a);
    cli_input_init(&a->in);
    if (!(a->inputs = calloc((size_t)argc, sizeof *a->inputs))) {
        cli_error("out of memory");
        return -1;
    }
    cli_spec spec = {"compare", usage_text, {CLI_GROUP(compare_rows, a), cli_input_group(&a->in)}, 2,
                     add_input, a, NULL};
    int rc = cli_parse(&spec, argc, argv);
    if (rc != 0)
        return rc;
    if (!a->ninputs) {
        cli_error("compare: no input given (see 'arenaplan compare --help')");
        return -1;
    }
    if (a->output && strcmp(a->output, "-") != 0 && cli_check_output("-o", a->output) != 0)
        return -1;
    return 0;
}

/* The variants of each input: with the rules and without (when rules were asked), times each
 * kernel set of the list. */
typedef struct variants {
    char rules[96]; /* "inplace=... overlap=..." */
    size_t nr;      /* 2 with rules, else 1 */
    size_t nk;      /* kernel sets */
} variants;

static void variants_of(const compare_args *a, variants *v)
{
    size_t l = 0;
    v->rules[0] = 0;
    v->nr = 1;
    v->nk = a->nkset ? a->nkset : 1;
    if (!ap_tflite_rules_asked(&a->in.load.build))
        return;
    if (a->in.load.build.inplace != AP_TFLM_INPLACE_NONE)
        l += (size_t)snprintf(v->rules, sizeof v->rules, "inplace=%s",
                              ap_tflm_set_name(AP_TFLM_SET_INPLACE, (int)a->in.load.build.inplace));
    if (a->in.load.build.overlap != AP_TFLM_OVERLAP_NONE)
        snprintf(v->rules + l, sizeof v->rules - l, "%soverlap=%s", l ? " " : "",
                 ap_tflm_set_name(AP_TFLM_SET_OVERLAP, (int)a->in.load.build.overlap));
    v->nr = 2;
}

/* Measure one row: input `input` as variant k (rules variant k % nr, kernel set k / nr), with
 * every column's strategy. Returns 1 with *r filled, 0 when the input could not be loaded (said
 * why), -1 out of memory. *rc becomes EXIT_INVALID when a strategy failed. */
static int measure_row(const compare_args *a, const variants *v, const char *input, size_t k,
                       const ap_strategy **cols, size_t ncols, row *r, int *rc)
{
    cli_input_opts variant = a->in;
    ap_bounds bd;
    ap_error err = {0};
    ap_problem *p;
    if (v->nr == 2 && k % 2 == 1) {
        variant.load.build.inplace = AP_TFLM_INPLACE_NONE;
        variant.load.build.overlap = AP_TFLM_OVERLAP_NONE;
    }
    if (a->nkset)
        variant.load.build.kernels = (ap_tflm_kernels)a->kset[k / v->nr];
    if (!(p = cli_load(input, &variant)))
        return 0;
    r->rules = v->nr == 1 ? NULL : k % 2 == 0 ? v->rules : "none";
    r->kernels = a->nkset ? ap_tflm_set_name(AP_TFLM_SET_KERNELS, a->kset[k / v->nr]) : NULL;
    r->stock = a->nkset ? stock_arena(input, &variant, &r->why) : -1;
    if (ap_bounds_compute(p, &bd, &err) != AP_OK || !(r->arena = calloc(ncols, sizeof *r->arena))) {
        cli_error("%s: out of memory", input);
        ap_problem_free(p);
        return -1;
    }
    r->input = input;
    r->nbuf = p->n;
    r->lower = bd.lower;
    for (size_t c = 0; c < ncols; c++) {
        ap_plan_options po;
        ap_plan plan;
        ap_plan_options_init(&po);
        po.strategy = cols[c]->name;
        ap_plan_init(&plan);
        if (cli_plan(p, &po, &plan) == EXIT_OK) {
            r->arena[c] = plan.arena;
        } else {
            r->arena[c] = -1;
            *rc = *rc == EXIT_OK ? EXIT_INVALID : *rc;
        }
        ap_plan_free(&plan);
    }
    ap_problem_free(p);
    return 1;
}

/* The columns: every strategy compare shows, and TFLite's own plan with --runtime tflite. */
static size_t columns(const compare_args *a, const ap_strategy **cols)
{
    size_t nall, n = 0;
    const ap_strategy *all = ap_strategies(&nall);
    for (size_t i = 0; i < nall; i++)
        if ((all[i].flags & AP_STRATEGY_COMPARE) ||
            (a->in.load.runtime == AP_RUNTIME_TFLITE && strcmp(all[i].name, "tflite") == 0))
            cols[n++] = &all[i];
    return n;
}

static void print(const compare_args *a, FILE *f, const row *rows, size_t nrows,
                  const ap_strategy **cols, size_t ncols)
{
    if (a->format == CLI_FORMAT_CSV)
        print_csv(f, rows, nrows, cols, ncols);
    else if (a->format == CLI_FORMAT_JSON)
        print_json(f, rows, nrows, cols, ncols);
    else
        print_table(f, rows, nrows, cols, ncols);
}

int cmd_compare(int argc, char **argv)
{
    compare_args a;
    variants v;
    size_t nall, ncols, nrows = 0, i, per;
    const ap_strategy **cols = NULL;
    row *rows = NULL;
    cli_out out;
    int rc = parse(&a, argc, argv);
    if (rc != 0) {
        free(a.inputs);
        return rc > 0 ? EXIT_OK : EXIT_USAGE;
    }
    variants_of(&a, &v);
    per = v.nr * v.nk;
    ap_strategies(&nall);
    cols = calloc(nall, sizeof *cols);
    rows = calloc(a.ninputs * per, sizeof *rows);
    if (!cols || !rows) {
        cli_error("out of memory");
        rc = EXIT_USAGE;
        goto done;
    }
    ncols = columns(&a, cols);
    for (i = 0; i < a.ninputs * per; i++) {
        int got = measure_row(&a, &v, a.inputs[i / per], i % per, cols, ncols, &rows[nrows], &rc);
        if (got > 0)
            nrows++;
        else {
            rc = EXIT_USAGE;
            if (got == 0 && v.nr == 2 && i % 2 == 0)
                i++; /* the same input again without rules: one message is enough */
        }
    }
    if (cli_out_open(&out, "-o", a.output) != 0) {
        rc = EXIT_USAGE;
        goto done;
    }
    out.text = a.format == CLI_FORMAT_TABLE;
    print(&a, out.f, rows, nrows, cols, ncols);
    if (cli_out_close(&out, 1) != 0)
        rc = EXIT_USAGE;
done:
    for (i = 0; i < nrows; i++) {
        free(rows[i].arena);
        free(rows[i].why);
    }
    free(rows);
    free(cols);
    free(a.inputs);
    return rc;
}
