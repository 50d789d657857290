/* cmd_check.c - `arenaplan check`: prove a plan valid, or name its first conflict. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/bounds.h"
#include "arenaplan/check.h"
#include "arenaplan/csv.h"
#include "arenaplan/tflite.h"
#include "arenaplan/tflm.h"
#include "cli.h"

static const char usage_text[] =
    "usage: arenaplan check INPUT PLAN.csv\n"
    "       arenaplan check PLAN.csv\n"
    "       arenaplan check MODEL.tflite [--strict]\n"
    "\n"
    "Checks that the plan gives every buffer of INPUT an aligned offset, keeps INPUT's fixed\n"
    "offsets, and never lets two buffers that are live at the same step share a byte. With one\n"
    "CSV file, its offset column is the plan. With one model, the plan is the model's own\n"
    "offline plan (metadata OfflineMemoryAllocation) as TFLM runs it: the tensors it fixes stay,\n"
    "TFLM's greedy planner places the rest (kernel scratch, tensors left to the runtime), and\n"
    "the head TFLM reaches is printed. Fixed buffers the plan itself puts on shared bytes while\n"
    "both are live (Vela does, for the NPU) are accepted as its own choice and listed; --strict\n"
    "refuses them. Exit 0 when valid, 1 when not (the first conflict is printed), 2 when an\n"
    "input cannot be read.\n"
    "\n"
    "options:\n";

/* The verdict. shared: pairs of fixed tensors the offline plan puts on shared bytes while both
 * live (then the bytes live at the peak exceed the head, and the line says so). */
static int report(const ap_problem *p, const int64_t *off, size_t shared)
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
    /* the planned section is the head, for every input (report.h) */
    printf("valid: %zu buffers, head %lld bytes, lower bound %lld bytes (efficiency %.1f%%)", p->n,
           (long long)res.arena, (long long)bd.lower,
           res.arena ? 100.0 * (double)bd.lower / (double)res.arena : 100.0);
    if (shared) {
        printf(", counting the %zu pair%s of fixed tensors that share bytes while live as the "
               "plan's own choice", shared, shared == 1 ? "" : "s");
        if (bd.live > res.arena)
            printf(": %lld bytes are live at step %lld, %lld more than the head",
                   (long long)bd.live, (long long)bd.peak_step, (long long)(bd.live - res.arena));
    }
    putchar('\n');
    return EXIT_OK;
}

/* One tensor of a clash: "subgraph 1 tensor 0 (a, entry 2): bytes [0, 16), lifetime [2, 5)". */
static void print_fixed(const ap_tfl_model *m, const ap_buffer *b)
{
    printf("subgraph %d tensor %d (%s, entry %zu): bytes [%lld, %lld), lifetime [%lld, %lld)",
           (int)b->subgraph, (int)b->tensor, b->name ? b->name : "",
           m->subgraphs[b->subgraph].first_entry + (size_t)b->tensor, (long long)b->fixed,
           (long long)(b->fixed + b->size), (long long)b->lower, (long long)b->upper);
}

/* The tensors the offline plan fixes on shared bytes while both are live, the first few named
 * in full. */
static int print_shared(const ap_tfl_model *m, const ap_problem *p, size_t *n_shared)
{
    enum { SHOWN = 8 };
    ap_tflm_clash c[SHOWN];
    ap_error err = {0};
    int later = 0;
    if (ap_tflm_offline_clashes(p, c, SHOWN, n_shared, &err) != AP_OK) {
        cli_error("%s", err.msg);
        return -1;
    }
    if (*n_shared == 0)
        return 0;
    printf("shared       %zu pair%s of fixed tensors share bytes while both are live: the plan's "
           "own choice, accepted as pre-planned sharing (--strict refuses it)\n", *n_shared,
           *n_shared == 1 ? "" : "s");
    for (size_t k = 0; k < *n_shared && k < SHOWN; k++) {
        const ap_buffer *a = &p->buf[c[k].a], *b = &p->buf[c[k].b];
        fputs("  ", stdout);
        print_fixed(m, a);
        fputs("\n    and ", stdout);
        print_fixed(m, b);
        putchar('\n');
        later |= a->subgraph > 0 || b->subgraph > 0;
    }
    if (*n_shared > SHOWN)
        printf("  and %zu more pair%s\n", *n_shared - SHOWN, *n_shared - SHOWN == 1 ? "" : "s");
    if (later)
        printf("note         tensors of a later subgraph share bytes: earlier arenaplan versions "
               "embedded tensor i of every subgraph at entry i, which TFLM reads as other "
               "tensors' entries (docs/embed.md); embed such a model again with "
               "--ignore-offline\n");
    return 0;
}

/* The fixed tensors whose offline offset is no multiple of 16, TFLM's tensor alignment (TFLM
 * takes the offset as it is; a kernel reading floats there may fault): with strict, "invalid"
 * naming the first; else a line counting them. Returns their count. */
static size_t unaligned(const ap_problem *p, int strict)
{
    size_t n = 0, first = 0;
    for (size_t i = 0; i < p->n; i++)
        if (p->buf[i].fixed != AP_UNFIXED && p->buf[i].tensor != AP_NO_INDEX && p->buf[i].fixed % 16 &&
            n++ == 0)
            first = i;
    if (!n)
        return 0;
    const ap_buffer *b = &p->buf[first];
    printf("%s%zu fixed tensor%s at offsets that are no multiple of 16, TFLM's tensor alignment "
           "(first: subgraph %d tensor %d at %lld)%s\n", strict ? "invalid: " : "unaligned    ", n,
           n == 1 ? "" : "s", (int)b->subgraph, (int)b->tensor, (long long)b->fixed,
           strict ? "" : "; --strict refuses them");
    return n;
}

/* Reads the model with its offline plan into *m: an exit code (EXIT_OK to go on). */
static int read_planned_model(const char *path, const cli_input_opts *in, ap_tfl_model **m)
{
    const unsigned char *data;
    size_t len = 0, all = 0;
    ap_error err = {0};
    if (in->load.runtime == AP_RUNTIME_TFLITE) {
        cli_error("check: %s: an offline plan is TFLM's (the TensorFlow Lite interpreter ignores "
                  "it); give a PLAN.csv to check against the --runtime tflite buffers", path);
        return EXIT_USAGE;
    }
    if (in->load.build.ignore_offline) {
        cli_error("check: %s: --ignore-offline leaves no plan to check", path);
        return EXIT_USAGE;
    }
    /* the reading names the path; ap_tflite_read, given bytes, does not */
    if (cli_input_read(path, &data, &len) != 0)
        return EXIT_USAGE;
    if (ap_tflite_read(data, len, m, &err) != AP_OK) {
        cli_error("%s: %s", path, err.msg);
        return EXIT_USAGE;
    }
    if (!(*m)->offline.present) {
        cli_error("check: %s has no offline plan (metadata \"%s\"): give a PLAN.csv to check, "
                  "or write one into a copy with 'arenaplan embed'", path,
                  AP_TFL_OFFLINE_PLAN_NAME);
        return EXIT_USAGE;
    }
    for (uint32_t g = 0; g < (*m)->n_subgraphs; g++)
        all += (*m)->subgraphs[g].n_tensors;
    if ((*m)->offline.n != all) {
        printf("invalid: the offline plan has %u entries but the model has %zu tensors; TFLM "
               "refuses it (AllocateTensors fails)\n", (*m)->offline.n, all);
        return EXIT_INVALID;
    }
    return EXIT_OK;
}

/* "offline plan N entries: ...": what the plan fixes and what TFLM places itself. */
static void print_entries(const ap_tfl_model *m, const ap_problem *p)
{
    size_t tensors = 0, fixed = 0, scratch = 0;
    for (size_t i = 0; i < p->n; i++) {
        if (p->buf[i].tensor == AP_NO_INDEX)
            scratch++;
        else {
            tensors++;
            fixed += p->buf[i].fixed != AP_UNFIXED;
        }
    }
    printf("offline plan %u entries: %zu of %zu planned tensors fixed; TFLM places %zu buffer%s "
           "at runtime (%zu tensor%s, %zu scratch)\n", m->offline.n, fixed, tensors,
           p->n - fixed, p->n - fixed == 1 ? "" : "s", tensors - fixed,
           tensors - fixed == 1 ? "" : "s", scratch);
}

/* A model's own offline plan, as TFLM runs it. */
static int check_model(const char *path, const cli_input_opts *in, int strict)
{
    size_t shared = 0;
    ap_tfl_model *m = NULL;
    ap_problem *p = NULL;
    ap_plan t;
    ap_error err = {0};
    ap_check_result res;
    ap_status st;
    int rc;
    ap_plan_init(&t);
    if ((rc = read_planned_model(path, in, &m)) != EXIT_OK)
        goto done;
    rc = EXIT_USAGE;
    if (!(p = cli_load(path, in)))
        goto done;
    print_entries(m, p);
    if ((st = ap_tflite_tflm_plan(p, &t, &err)) != AP_OK) {
        if (st != AP_ERR_INVALID) {
            cli_error("%s", err.msg);
            goto done;
        }
        printf("invalid: %s\n", err.msg);
        rc = EXIT_INVALID;
        goto done;
    }
    if (print_shared(m, p, &shared) != 0)
        goto done;
    if (unaligned(p, strict) && strict) {
        rc = EXIT_INVALID;
        goto done;
    }
    if (strict && ap_check_strict(p, t.offset, &res) != AP_OK) {
        printf("invalid: %s\n", res.message);
        rc = EXIT_INVALID;
        goto done;
    }
    printf("tflm head    %lld bytes (fixed tensors, then the rest placed by TFLM's greedy "
           "planner)\n", (long long)t.arena);
    rc = report(p, t.offset, shared);
done:
    ap_plan_free(&t);
    ap_problem_free(p);
    ap_tflite_free(m);
    return rc;
}

typedef struct check_args {
    const char *files[2];
    int nfiles, strict;
    cli_input_opts in;
} check_args;

static const cli_opt check_rows[] = {
    {"--strict", NULL, NULL, CLI_FLAG, offsetof(check_args, strict), NULL, NULL, 0,
     "models: no byte sharing between fixed buffers that no rule allows,\n"
     "and every fixed offset a multiple of 16 (TFLM's tensor alignment)", NULL, NULL},
};

static int add_file(void *ctx, const char *arg, const char *after)
{
    check_args *a = ctx;
    (void)after;
    if (a->nfiles == 2) {
        cli_error("check: at most two files (INPUT and PLAN.csv)");
        return -1;
    }
    cli_input_name(arg);
    a->files[a->nfiles++] = arg;
    return 0;
}

/* A CSV whose offset column is the plan: the problem into *p, its offsets into *off. */
static int plan_csv(const check_args *a, ap_problem **p, int64_t **off)
{
    ap_csv_options co;
    ap_error err = {0};
    const unsigned char *text;
    size_t len;
    ap_csv_options_init(&co);
    co.align = a->in.load.build.align;
    co.offset_is_plan = 1;
    co.allow_fixed_overlap = a->in.load.allow_fixed_overlap;
    co.warn = cli_warn_cb;
    if (cli_input_read(a->files[0], &text, &len) != 0)
        return -1;
    if (ap_csv_parse((const char *)text, len, a->files[0], &co, p, NULL, &err) != AP_OK) {
        cli_error("%s", err.msg);
        return -1;
    }
    if (!(*off = malloc(((*p)->n ? (*p)->n : 1) * sizeof **off))) {
        cli_error("out of memory");
        return -1;
    }
    if (ap_csv_parse_plan((const char *)text, len, a->files[0], *p, *off, &err) != AP_OK) {
        cli_error("%s", err.msg);
        return -1;
    }
    return 0;
}

/* INPUT's buffers and PLAN.csv's offsets (matched by id). */
static int input_and_plan(const check_args *a, ap_problem **p, int64_t **off)
{
    ap_error err = {0};
    const unsigned char *text;
    size_t len;
    if (cli_input_is_model(a->files[1])) {
        cli_error("check: %s is a model, not a plan: give the plan as a CSV file with an offset "
                  "column ('arenaplan plan INPUT --format csv' writes one)", a->files[1]);
        return -1;
    }
    if (!(*p = cli_load(a->files[0], &a->in)))
        return -1;
    if (!(*off = malloc(((*p)->n ? (*p)->n : 1) * sizeof **off))) {
        cli_error("out of memory");
        return -1;
    }
    if (cli_input_read(a->files[1], &text, &len) != 0)
        return -1;
    if (ap_csv_parse_plan((const char *)text, len, a->files[1], *p, *off, &err) != AP_OK) {
        cli_error("%s", err.msg);
        return -1;
    }
    return 0;
}

int cmd_check(int argc, char **argv)
{
    check_args a;
    ap_problem *p = NULL;
    int64_t *off = NULL;
    int rc;
    memset(&a, 0, sizeof a);
    cli_input_init(&a.in);
    cli_spec spec = {"check", usage_text, {CLI_GROUP(check_rows, &a), cli_input_group(&a.in)}, 2,
                     add_file, &a, NULL};
    if ((rc = cli_parse(&spec, argc, argv)) != 0)
        return rc > 0 ? EXIT_OK : EXIT_USAGE;
    if (a.nfiles == 0) {
        cli_error("check: no input given (see 'arenaplan check --help')");
        return EXIT_USAGE;
    }
    if (a.nfiles == 1 && cli_input_is_model(a.files[0]))
        return check_model(a.files[0], &a.in, a.strict);
    if (a.strict) {
        cli_error("check: --strict applies to a model's own offline plan");
        return EXIT_USAGE;
    }
    rc = (a.nfiles == 1 ? plan_csv(&a, &p, &off) : input_and_plan(&a, &p, &off)) != 0 ? EXIT_USAGE
                                                                                       : report(p, off, 0);
    free(off);
    ap_problem_free(p);
    return rc;
}
