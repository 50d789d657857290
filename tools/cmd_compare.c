/* cmd_compare.c - `arenaplan compare`: every strategy on every input, side by side. */
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
    "With --kernels SET,SET... (e.g. reference,cmsis-nn) every model gets one row per kernel\n"
    "set, and a column 'tflm arena': the kTensorArenaSize stock TFLM needs with those kernels on\n"
    "the target (head and tail; the strategies' columns are heads); csv and json then carry a\n"
    "kernels column.\n"
    "\n"
    "options:\n"
    "  --format FMT       table (default), csv or json\n"
    "  -o FILE            write to FILE (atomically) instead of stdout\n";

typedef struct row {
    const char *input;
    const char *rules;  /* "inplace=... overlap=..." or "none"; NULL when no rules were asked */
    const char *kernels; /* the kernel set's name; NULL when --kernels gave one set */
    int64_t tflm_arena;  /* with kernels: stock TFLM's whole arena (min_arena), -1 unknown */
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
        fprintf(f, " %-*s %12s", wk < 7 ? 7 : wk, "kernels", "tflm arena");
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
            if (rows[r].tflm_arena >= 0)
                snprintf(cell, sizeof cell, "%lld", (long long)rows[r].tflm_arena);
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
    fputs(with_kernels ? "input,kernels,tflm_arena," : "input,", f);
    fputs(with_rules ? "rules,buffers,lower_bound" : "buffers,lower_bound", f);
    for (c = 0; c < ncols; c++)
        fprintf(f, ",%s", cols[c]->name);
    fputc('\n', f);
    for (r = 0; r < nrows; r++) {
        fputs(rows[r].input, f);
        if (with_kernels) {
            fprintf(f, ",%s,", rows[r].kernels);
            if (rows[r].tflm_arena >= 0)
                fprintf(f, "%lld", (long long)rows[r].tflm_arena);
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
    fputs("{\"inputs\":[", f);
    for (r = 0; r < nrows; r++) {
        fputs(r ? ",\n{\"input\":" : "\n{\"input\":", f);
        ap_json_string(f, rows[r].input);
        if (rows[r].kernels) {
            fputs(",\"kernels\":", f);
            ap_json_string(f, rows[r].kernels);
            if (rows[r].tflm_arena >= 0)
                fprintf(f, ",\"tflm_arena\":%lld", (long long)rows[r].tflm_arena);
            else
                fputs(",\"tflm_arena\":null", f);
        }
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
 * arena is unknown: the CLI has said why). */
static int64_t stock_arena(const char *path, const cli_input_opts *o)
{
    const unsigned char *data;
    size_t len = 0;
    ap_tflm_arena a;
    int64_t v = -1;
    if (cli_input_is_model(path) && cli_input_read(path, &data, &len) == 0 &&
        cli_model_arena(data, len, path, o, &a) == 1)
        v = a.min_arena;
    return v;
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
    int kset[AP_TFLM_KERNELS_COUNT];
    size_t nkset = 0;
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
        const char *kv;
        int at = k;
        if ((m = cli_value(argc, argv, &k, "--kernels", NULL, &kv)) > 0 && strchr(kv, ',')) {
            if (kernel_list(kv, kset, &nkset) != 0) {
                free(inputs);
                return EXIT_USAGE;
            }
            continue;
        }
        k = at;
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
            cli_input_name(argv[k]);
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
    if (output && strcmp(output, "-") != 0 && cli_check_output("-o", output) != 0) {
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
    /* with a list of kernel sets, each input (and rules variant) once per set */
    size_t nk = nkset ? nkset : 1;
    nvariants *= (int)nk;
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
        size_t v = i % (size_t)nvariants, nr = (size_t)nvariants / nk; /* rules variants */
        if (nr == 2 && v % 2 == 1) {
            variant.load.build.inplace = AP_TFLM_INPLACE_NONE;
            variant.load.build.overlap = AP_TFLM_OVERLAP_NONE;
        }
        if (nkset)
            variant.load.build.kernels = (ap_tflm_kernels)kset[v / nr];
        if (!(p = cli_load(inputs[i / (size_t)nvariants], &variant))) {
            rc = EXIT_USAGE;
            if (nr == 2 && v % 2 == 0)
                i++; /* the same input again without rules: one message is enough */
            continue;
        }
        r->rules = nr == 1 ? NULL : v % 2 == 0 ? rules : "none";
        r->kernels = nkset ? ap_tflm_set_name(AP_TFLM_SET_KERNELS, kset[v / nr]) : NULL;
        r->tflm_arena = nkset ? stock_arena(inputs[i / (size_t)nvariants], &variant) : -1;
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
    if (cli_out_open(&out, "-o", output) != 0) {
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
