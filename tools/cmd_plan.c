/* cmd_plan.c - `arenaplan plan`: plan one input and print or write the plan. */
#include <stdlib.h>
#include <string.h>

#include "arenaplan/csv.h"
#include "arenaplan/report.h"
#include "cli.h"

static const char usage_text[] =
    "usage: arenaplan plan INPUT [options]\n"
    "\n"
    "Plans the arena for INPUT (a .tflite model or a CSV buffer list), proves the plan with the\n"
    "independent checker and prints it.\n"
    "\n"
    "options:\n"
    "  --strategy NAME    planning strategy (default best; see 'arenaplan strategies')\n"
    "  --format FMT       table (default), csv or json\n"
    "  -o FILE            write the plan to FILE (atomically) instead of stdout\n"
    "  --budget BYTES     exit 1 when the arena exceeds BYTES (suffixes K, M: 1024-based)\n"
    "  --time-limit S     seconds for searches that stop on time (exact; default 10)\n"
    "  --capacity BYTES   exact: find a plan within BYTES, or prove there is none\n"
    "  --seed N           seed for randomized steps (default 0; results stay deterministic)\n"
    "  --quiet            no progress line on stderr\n";

typedef struct plan_args {
    const char *input, *format, *output, *budget_text;
    int64_t budget;
    int quiet;
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
    a->budget = -1;
    for (i = 1; i < argc; i++) {
        if (cli_is_help(argv, i)) {
            fputs(usage_text, stdout);
            fputs(cli_input_help, stdout);
            return -2;
        }
        if ((m = cli_input_option(&a->in, argc, argv, &i)) != 0) {
            if (m < 0)
                return -1;
        } else if ((m = cli_value(argc, argv, &i, "--strategy", "-s", &a->po.strategy)) != 0 ||
                   (m = cli_value(argc, argv, &i, "--format", "-f", &a->format)) != 0 ||
                   (m = cli_value(argc, argv, &i, "--output", "-o", &a->output)) != 0) {
            if (m < 0)
                return -1;
        } else if ((m = cli_value(argc, argv, &i, "--budget", NULL, &v)) != 0) {
            if (m < 0 || cli_parse_bytes(v, &a->budget)) {
                if (m > 0)
                    cli_error("--budget %s: not a byte count (examples: 65536, 64K, 1M)", v);
                return -1;
            }
        } else if ((m = cli_value(argc, argv, &i, "--capacity", NULL, &v)) != 0) {
            if (m < 0 || cli_parse_bytes(v, &a->po.capacity)) {
                if (m > 0)
                    cli_error("--capacity %s: not a byte count (examples: 65536, 64K, 1M)", v);
                return -1;
            }
        } else if ((m = cli_value(argc, argv, &i, "--time-limit", NULL, &v)) != 0) {
            if (m < 0 || cli_parse_seconds(v, &a->po.time_limit) || a->po.time_limit <= 0) {
                if (m > 0)
                    cli_error("--time-limit %s: not a positive number of seconds", v);
                return -1;
            }
        } else if ((m = cli_value(argc, argv, &i, "--seed", NULL, &v)) != 0) {
            char *end;
            if (m < 0)
                return -1;
            a->po.seed = strtoull(v, &end, 10);
            if (!*v || *end) {
                cli_error("--seed %s: not a number", v);
                return -1;
            }
        } else if (cli_flag(argv, i, "--quiet", "-q")) {
            a->quiet = 1;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            cli_error("plan: unknown option '%s' (see 'arenaplan plan --help')", argv[i]);
            return -1;
        } else if (!a->input) {
            a->input = argv[i];
        } else {
            cli_error("plan: one input at a time (got '%s' and '%s')", a->input, argv[i]);
            return -1;
        }
    }
    if (!a->input) {
        cli_error("plan: no input given (see 'arenaplan plan --help')");
        return -1;
    }
    if (strcmp(a->format, "table") && strcmp(a->format, "csv") && strcmp(a->format, "json")) {
        cli_error("plan: unknown format '%s' (table, csv or json)", a->format);
        return -1;
    }
    if (a->po.strategy && cli_check_strategy(a->po.strategy) != 0)
        return -1;
    return 0;
}

int cmd_plan(int argc, char **argv)
{
    plan_args a;
    ap_problem *p;
    ap_plan plan;
    ap_error err = {0};
    cli_out out;
    int rc = parse(&a, argc, argv);
    ap_status st;
    if (rc == -2)
        return EXIT_OK;
    if (rc < 0)
        return EXIT_USAGE;
    if (!(p = cli_load(a.input, &a.in)))
        return EXIT_USAGE;
    ap_plan_init(&plan);
    a.po.stop = cli_stop_flag();
    a.po.progress = cli_progress_printer(a.quiet);
    if ((rc = cli_plan(p, &a.po, &plan)) != EXIT_OK)
        goto done;
    if (cli_out_open(&out, a.output) != 0) {
        rc = EXIT_USAGE;
        goto done;
    }
    if (strcmp(a.format, "csv") == 0)
        st = ap_csv_write(out.f, p, &plan, &err);
    else if (strcmp(a.format, "json") == 0)
        st = ap_write_json(out.f, p, &plan, &err);
    else
        st = ap_write_table(out.f, p, &plan, &err);
    if (st != AP_OK) {
        cli_out_close(&out, 0);
        cli_error("%s", err.msg);
        rc = EXIT_USAGE;
        goto done;
    }
    if (cli_out_close(&out, 1) != 0) {
        rc = EXIT_USAGE;
        goto done;
    }
    if (a.budget >= 0 && plan.arena > a.budget) {
        cli_error("the arena needs %lld bytes, %lld more than the budget of %lld bytes",
                  (long long)plan.arena, (long long)(plan.arena - a.budget), (long long)a.budget);
        rc = EXIT_INVALID;
    }
done:
    ap_plan_free(&plan);
    ap_problem_free(p);
    return rc;
}
