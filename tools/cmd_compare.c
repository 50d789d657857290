/* cmd_compare.c - `arenaplan compare`: every strategy on every input, side by side. */
#include <stdlib.h>
#include <string.h>

#include "arenaplan/bounds.h"
#include "arenaplan/report.h"
#include "cli.h"

static const char usage_text[] =
    "usage: arenaplan compare INPUT... [options]\n"
    "\n"
    "Plans every input with every strategy and prints a table: one row per input, one column\n"
    "per strategy with its arena in bytes and how far above the lower bound it is; the\n"
    "smallest arena of each row is marked with '*'. Every plan is proven by the checker.\n"
    "\n"
    "With --runtime tflite the models are TensorFlow Lite's arenas and the column tflite is its\n"
    "own plan (ArenaPlanner).\n"
    "\n"
    "With --inplace or --overlap every model gets two rows: planned with those rules and\n"
    "without them (the arena and the lower bound with and without sharing); csv and json then\n"
    "carry a rules column.\n"
    "\n"
    "options:\n"
    "  --format FMT       table (default), csv or json\n"
    "  -o FILE            write to FILE (atomically) instead of stdout\n";

typedef struct row {
    const char *input;
    const char *rules;  /* "inplace=... overlap=..." or "none"; NULL when no rules were asked */
    size_t nbuf;
    int64_t lower;
    int64_t *arena;  /* per column; -1 = failed */
} row;

static void print_table(FILE *f, const row *rows, size_t nrows, const ap_strategy **cols, size_t ncols)
{
    size_t r, c;
    int win = 5, wr = 0;
    for (r = 0; r < nrows; r++) {
        const char *base = strrchr(rows[r].input, '/');
        int w = (int)strlen(base ? base + 1 : rows[r].input);
        win = w > win ? w : win;
        if (rows[r].rules && (int)strlen(rows[r].rules) > wr)
            wr = (int)strlen(rows[r].rules);
    }
    fprintf(f, "%-*s", win, "input");
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
    int with_rules = nrows && rows[0].rules;
    fputs(with_rules ? "input,rules,buffers,lower_bound" : "input,buffers,lower_bound", f);
    for (c = 0; c < ncols; c++)
        fprintf(f, ",%s", cols[c]->name);
    fputc('\n', f);
    for (r = 0; r < nrows; r++) {
        fputs(rows[r].input, f);
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
    fputs("{\"inputs\":[", f);
    for (r = 0; r < nrows; r++) {
        fputs(r ? ",\n{\"input\":" : "\n{\"input\":", f);
        ap_json_string(f, rows[r].input);
        if (rows[r].rules) {
            fputs(",\"rules\":", f);
            ap_json_string(f, rows[r].rules);
        }
        fprintf(f, ",\"buffers\":%zu,\"lower_bound\":%lld,\"arena_bytes\":{", rows[r].nbuf,
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

int cmd_compare(int argc, char **argv)
{
    const char *format = "table", *output = NULL;
    const char **inputs = calloc((size_t)argc, sizeof *inputs);
    const ap_strategy *all, **cols = NULL;
    size_t nall, ncols = 0, ninputs = 0, nrows = 0, i, c;
    row *rows = NULL;
    cli_input_opts in;
    cli_out out;
    int m, rc = EXIT_OK, k;
    cli_input_init(&in);
    all = ap_strategies(&nall);
    if (!inputs)
        return EXIT_USAGE;
    for (k = 1; k < argc; k++) {
        if (cli_is_help(argv, k)) {
            fputs(usage_text, stdout);
            fputs(cli_input_help, stdout);
            free(inputs);
            return EXIT_OK;
        }
        if ((m = cli_input_option(&in, argc, argv, &k)) != 0 ||
            (m = cli_value(argc, argv, &k, "--format", "-f", &format)) != 0 ||
            (m = cli_value(argc, argv, &k, "--output", "-o", &output)) != 0) {
            if (m < 0) {
                free(inputs);
                return EXIT_USAGE;
            }
        } else if (argv[k][0] == '-' && argv[k][1]) {
            cli_error("compare: unknown option '%s' (see 'arenaplan compare --help')", argv[k]);
            free(inputs);
            return EXIT_USAGE;
        } else {
            inputs[ninputs++] = argv[k];
        }
    }
    if (!ninputs || (strcmp(format, "table") && strcmp(format, "csv") && strcmp(format, "json"))) {
        cli_error(ninputs ? "compare: unknown format '%s' (table, csv or json)"
                          : "compare: no input given (see 'arenaplan compare --help')%s",
                  ninputs ? format : "");
        free(inputs);
        return EXIT_USAGE;
    }
    /* with rules, each input is planned with them and without them */
    const char *rules = NULL;
    char rules_text[96] = "";
    int nvariants = 1;
    if (ap_tflite_rules_asked(&in.load.build)) {
        size_t l = 0;
        if (in.load.build.inplace != AP_TFLM_INPLACE_NONE)
            l += (size_t)snprintf(rules_text, sizeof rules_text, "inplace=%s",
                                  ap_tflm_set_name(AP_TFLM_SET_INPLACE, (int)in.load.build.inplace));
        if (in.load.build.overlap != AP_TFLM_OVERLAP_NONE)
            snprintf(rules_text + l, sizeof rules_text - l, "%soverlap=%s", l ? " " : "",
                     ap_tflm_set_name(AP_TFLM_SET_OVERLAP, (int)in.load.build.overlap));
        rules = rules_text;
        nvariants = 2;
    }
    cols = calloc(nall, sizeof *cols);
    rows = calloc(ninputs * (size_t)nvariants, sizeof *rows);
    if (!cols || !rows) {
        cli_error("out of memory");
        rc = EXIT_USAGE;
        goto done;
    }
    for (i = 0; i < nall; i++)
        if ((all[i].flags & AP_STRATEGY_COMPARE) ||
            (in.load.runtime == AP_RUNTIME_TFLITE && strcmp(all[i].name, "tflite") == 0))
            cols[ncols++] = &all[i]; /* TFLite's own plan beside ours */
    for (i = 0; i < ninputs * (size_t)nvariants; i++) {
        cli_input_opts variant = in;
        ap_problem *p;
        ap_bounds bd;
        ap_error err = {0};
        row *r = &rows[nrows];
        if (i % (size_t)nvariants == 1) {
            variant.load.build.inplace = AP_TFLM_INPLACE_NONE;
            variant.load.build.overlap = AP_TFLM_OVERLAP_NONE;
        }
        if (!(p = cli_load(inputs[i / (size_t)nvariants], &variant))) {
            rc = EXIT_USAGE;
            if (nvariants == 2 && i % 2 == 0)
                i++; /* the same input again without rules: one message is enough */
            continue;
        }
        r->rules = nvariants == 1 ? NULL : i % 2 == 0 ? rules : "none";
        if (ap_bounds_compute(p, &bd, &err) != AP_OK || !(r->arena = calloc(ncols, sizeof *r->arena))) {
            cli_error("%s: out of memory", inputs[i / (size_t)nvariants]);
            ap_problem_free(p);
            rc = EXIT_USAGE;
            continue;
        }
        r->input = inputs[i / (size_t)nvariants];
        r->nbuf = p->n;
        r->lower = bd.lower;
        for (c = 0; c < ncols; c++) {
            ap_plan_options po;
            ap_plan plan;
            ap_plan_options_init(&po);
            po.strategy = cols[c]->name;
            ap_plan_init(&plan);
            if (cli_plan(p, &po, &plan) == EXIT_OK) {
                r->arena[c] = plan.arena;
            } else {
                r->arena[c] = -1;
                rc = rc == EXIT_OK ? EXIT_INVALID : rc;
            }
            ap_plan_free(&plan);
        }
        nrows++;
        ap_problem_free(p);
    }
    if (cli_out_open(&out, output) != 0) {
        rc = EXIT_USAGE;
        goto done;
    }
    if (strcmp(format, "csv") == 0)
        print_csv(out.f, rows, nrows, cols, ncols);
    else if (strcmp(format, "json") == 0)
        print_json(out.f, rows, nrows, cols, ncols);
    else
        print_table(out.f, rows, nrows, cols, ncols);
    if (cli_out_close(&out, 1) != 0)
        rc = EXIT_USAGE;
done:
    for (i = 0; i < nrows; i++)
        free(rows[i].arena);
    free(rows);
    free(cols);
    free(inputs);
    return rc;
}
