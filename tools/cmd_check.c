/* cmd_check.c - `arenaplan check`: prove a plan valid, or name its first conflict. */
#include <stdlib.h>
#include <string.h>

#include "arenaplan/bounds.h"
#include "arenaplan/check.h"
#include "arenaplan/csv.h"
#include "cli.h"

static const char usage_text[] =
    "usage: arenaplan check INPUT PLAN.csv\n"
    "       arenaplan check PLAN.csv\n"
    "\n"
    "Checks that the plan gives every buffer of INPUT an aligned offset, keeps INPUT's fixed\n"
    "offsets, and never lets two buffers that are live at the same step share a byte. With one\n"
    "CSV file, its offset column is the plan. Exit 0 when valid, 1 when not (the first conflict\n"
    "is printed), 2 when an input cannot be read.\n"
    "\n"
    "options:\n";

static int report(const ap_problem *p, const int64_t *off)
{
    ap_check_result res;
    ap_bounds bd;
    ap_error err = {0};
    ap_status st = ap_check(p, off, &res);
    if (st == AP_ERR_NOMEM) {
        cli_error("%s", res.message);
        return EXIT_USAGE;
    }
    if (st != AP_OK) {
        printf("invalid: %s\n", res.message);
        return EXIT_INVALID;
    }
    if (ap_bounds_compute(p, &bd, &err) != AP_OK) {
        cli_error("%s", err.msg);
        return EXIT_USAGE;
    }
    printf("valid: %zu buffers, arena %lld bytes, lower bound %lld bytes (efficiency %.1f%%)\n", p->n,
           (long long)res.arena, (long long)bd.lower,
           res.arena ? 100.0 * (double)bd.lower / (double)res.arena : 100.0);
    return EXIT_OK;
}

int cmd_check(int argc, char **argv)
{
    const char *files[2] = {NULL, NULL};
    int nfiles = 0, i, m, rc;
    cli_input_opts in;
    ap_problem *p = NULL;
    int64_t *off = NULL;
    unsigned char *text = NULL;
    size_t len;
    ap_error err = {0};
    cli_input_init(&in);
    for (i = 1; i < argc; i++) {
        if (cli_is_help(argv, i)) {
            fputs(usage_text, stdout);
            fputs(cli_input_help, stdout);
            return EXIT_OK;
        }
        if ((m = cli_input_option(&in, argc, argv, &i)) != 0) {
            if (m < 0)
                return EXIT_USAGE;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            cli_error("check: unknown option '%s' (see 'arenaplan check --help')", argv[i]);
            return EXIT_USAGE;
        } else if (nfiles < 2) {
            files[nfiles++] = argv[i];
        } else {
            cli_error("check: at most two files (INPUT and PLAN.csv)");
            return EXIT_USAGE;
        }
    }
    if (nfiles == 0) {
        cli_error("check: no input given (see 'arenaplan check --help')");
        return EXIT_USAGE;
    }
    if (nfiles == 1 && !ap_is_tflite_file(files[0])) {
        /* a CSV whose offset column is the plan */
        ap_csv_options co;
        ap_csv_options_init(&co);
        co.align = in.load.align;
        co.offset_is_plan = 1;
        if (ap_read_file(files[0], (size_t)1 << 31, &text, &len, &err) != AP_OK ||
            ap_csv_parse((const char *)text, len, files[0], &co, &p, NULL, &err) != AP_OK) {
            cli_error("%s", err.msg);
            rc = EXIT_USAGE;
            goto done;
        }
    } else if (!(p = cli_load(files[0], &in))) {
        rc = EXIT_USAGE;
        goto done;
    }
    if (!(off = malloc((p->n ? p->n : 1) * sizeof *off))) {
        cli_error("out of memory");
        rc = EXIT_USAGE;
        goto done;
    }
    if (nfiles == 1 && ap_is_tflite_file(files[0])) {
        /* a model: its offline plan (the fixed offsets) is what is checked */
        size_t k;
        for (k = 0; k < p->n; k++)
            off[k] = p->buf[k].fixed;
        cli_error("check: %s: checking a model's own plan needs a model with an offline plan; "
                  "give a PLAN.csv to check", files[0]);
        rc = EXIT_USAGE;
        goto done;
    }
    {
        const char *plan_file = nfiles == 2 ? files[1] : files[0];
        if (nfiles == 2) {
            free(text);
            text = NULL;
            if (ap_read_file(plan_file, (size_t)1 << 31, &text, &len, &err) != AP_OK) {
                cli_error("%s", err.msg);
                rc = EXIT_USAGE;
                goto done;
            }
        }
        if (ap_csv_parse_plan((const char *)text, len, plan_file, p, off, &err) != AP_OK) {
            cli_error("%s", err.msg);
            rc = EXIT_USAGE;
            goto done;
        }
    }
    rc = report(p, off);
done:
    free(text);
    free(off);
    ap_problem_free(p);
    return rc;
}
