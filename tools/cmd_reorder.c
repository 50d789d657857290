/* cmd_reorder.c - `arenaplan reorder`: a copy of a model whose operators run in the order that
 * keeps the fewest bytes live. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/reorder.h"
#include "arenaplan/tflite.h"
#include "arenaplan/tflm_arena.h"
#include "cli.h"

static const char usage_text[] =
    "usage: arenaplan reorder MODEL.tflite -o OUT.tflite [options]\n"
    "\n"
    "Finds, for every subgraph TFLM runs, the execution order of its operators that keeps the\n"
    "fewest bytes live at once under TFLM's lifetimes (kernel scratch included), and writes a\n"
    "copy of MODEL whose operators vectors are permuted: every other byte stays as it was.\n"
    "Orders keep every tensor's writer before its readers, the operators of one variable in\n"
    "order, and every operator touching a resource or running a subgraph in order. The peak is\n"
    "the arena no planner can beat for the new order; plan the copy with 'best' (TFLM's own\n"
    "greedy planner may not reach it), or give --embed to write best's plan into the copy. An\n"
    "offline plan of MODEL belongs to the stored order: it is recomputed for the new one. MODEL\n"
    "is never modified; OUT is written atomically. See docs/reorder.md.\n"
    "\n"
    "options:\n";

static void report(const char *input, size_t in_len, const char *output,
                   const ap_tflite_reorder_output *o)
{
    const ap_tflite_reorder_result *r = &o->found;
    uint32_t total = 0;
    for (uint32_t s = 0; s < r->n_subgraphs; s++)
        total += r->n_ops[s];
    printf("model        %s (%zu bytes)\n", input, in_len);
    if (r->moved == 0)
        printf("wrote        %s (%zu bytes): the stored order is already the best found%s\n",
               output, o->len, o->plan == AP_REORDER_PLAN_EMBEDDED ? "" : "; a copy of the input");
    else
        printf("wrote        %s (%zu bytes): the operators of %u subgraph%s permuted, %s\n",
               output, o->len, r->reordered, r->reordered == 1 ? "" : "s",
               o->plan == AP_REORDER_PLAN_NONE ? "every other byte as it was"
                                               : "the offline plan rewritten (below)");
    printf("order        %u of %u operators moved (%s; %u piece%s, %llu search node%s)\n",
           r->moved, total, r->found_by, r->pieces, r->pieces == 1 ? "" : "s",
           (unsigned long long)r->work, r->work == 1 ? "" : "s");
    printf("peak         %lld -> %lld bytes live at most", (long long)r->peak_stored,
           (long long)r->peak);
    if (r->proven)
        printf(": optimal (proven: no order needs fewer)\n");
    else
        printf("; every order needs at least %lld (gap %lld bytes%s)\n", (long long)r->bound,
               (long long)(r->peak - r->bound),
               r->exhausted ? ", the search's budget ran out" : "");
    if (o->head_before >= 0)
        printf("plans        best: %lld bytes for the new order; TFLM's greedy planner: %lld -> "
               "%lld\n", (long long)o->best_after, (long long)o->head_before,
               (long long)o->greedy_after);
    else
        printf("plans        best: %lld bytes for the new order; TFLM's greedy planner: %lld (TFLM "
               "refuses the input's own offline plan)\n", (long long)o->best_after,
               (long long)o->greedy_after);
    switch (o->plan) {
    case AP_REORDER_PLAN_NONE:
        if (o->greedy_after > o->best_after)
            printf("             TFLM's own planner misses best's plan by %lld bytes: --embed "
                   "writes best's plan into the copy\n",
                   (long long)(o->greedy_after - o->best_after));
        break;
    case AP_REORDER_PLAN_KEPT:
        printf("offline plan kept (the order did not change)\n");
        break;
    case AP_REORDER_PLAN_EMBEDDED:
        printf("offline plan embedded for the new order\n");
        break;
    case AP_REORDER_PLAN_RECOMPUTED:
        printf("offline plan recomputed for the new order (the input's belongs to the stored "
               "order)\n");
        break;
    case AP_REORDER_PLAN_DROPPED:
        printf("offline plan dropped (the input's belongs to the stored order, and a new one "
               "could not be made: %s)\n", o->plan_note);
        break;
    }
    if (o->plan != AP_REORDER_PLAN_NONE && o->head_after >= 0)
        printf("head         %lld bytes with TFLM and the copy's offline plan\n",
               (long long)o->head_after);
    else if (o->plan != AP_REORDER_PLAN_NONE)
        printf("head         none: TFLM refuses the copy's offline plan (--embed writes one of "
               "the new order)\n");
    if (o->arena_before >= 0 && o->arena_after >= 0) {
        printf("arena        TFLM's whole arena on %s: %lld -> %lld bytes (the smallest "
               "kTensorArenaSize; ", o->target, (long long)o->arena_before,
               (long long)o->arena_after);
        if (o->tail_before == o->tail_after)
            printf("the tail, %lld bytes, unchanged)\n", (long long)o->tail_after);
        else
            printf("the tail %lld -> %lld bytes)\n", (long long)o->tail_before,
                   (long long)o->tail_after);
    }
}

typedef struct reorder_args {
    const char *input, *output, *strategy;
    uint64_t budget;
    int embed;
    const char *refused; /* an input option that does not apply to the order */
    cli_input_opts in;
} reorder_args;

/* What does not apply to the order: sharing rules, another alignment, TFLite's runtime (the
 * values that change nothing pass); options that do nothing for reorder warn. */
static int opt_refused(void *ctx, const cli_opt *row, const char *v)
{
    reorder_args *a = ctx;
    if (!v)
        cli_warn("%s does nothing for reorder: the offline plan is recomputed for the new order",
                 row->name);
    else if (!(strcmp(row->name, "--align") == 0 && strcmp(v, "16") == 0) &&
             !(strcmp(row->name, "--runtime") == 0 && strcmp(v, "tflm") == 0) &&
             !((strcmp(row->name, "--inplace") == 0 || strcmp(row->name, "--overlap") == 0) &&
               strcmp(v, "none") == 0))
        a->refused = row->name;
    return 0;
}

/* Parsed to be refused with a reason (not listed: they do not apply). */
static const cli_opt refused_rows[] = {
    {"--inplace", NULL, "RULES", CLI_CALL, 0, NULL, opt_refused, CLI_HIDDEN, NULL, NULL, NULL},
    {"--overlap", NULL, "RULES", CLI_CALL, 0, NULL, opt_refused, CLI_HIDDEN, NULL, NULL, NULL},
    {"--align", NULL, "N", CLI_CALL, 0, NULL, opt_refused, CLI_HIDDEN, NULL, NULL, NULL},
    {"--runtime", NULL, "NAME", CLI_CALL, 0, NULL, opt_refused, CLI_HIDDEN, NULL, NULL, NULL},
    {"--threads", NULL, "N", CLI_CALL, 0, NULL, opt_refused, CLI_HIDDEN, NULL, NULL, NULL},
    {"--ignore-offline", NULL, NULL, CLI_CALL, 0, NULL, opt_refused, CLI_HIDDEN, NULL, NULL, NULL},
    {"--allow-fixed-overlap", NULL, NULL, CLI_CALL, 0, NULL, opt_refused, CLI_HIDDEN, NULL, NULL, NULL},
};

static int opt_budget(void *ctx, const cli_opt *row, const char *v)
{
    reorder_args *a = ctx;
    (void)row;
    if (cli_parse_number(v, &a->budget) != 0 || a->budget == 0) {
        cli_error("reorder: --budget %s: a positive number of search nodes", v);
        return -1;
    }
    return 0;
}

static const cli_opt reorder_rows[] = {
    {"--output", "-o", "FILE", CLI_TEXT, offsetof(reorder_args, output), NULL, NULL, 0,
     "the copy to write (required; not MODEL itself)", "-o FILE", NULL},
    {"--strategy", "-s", "NAME", CLI_TEXT, offsetof(reorder_args, strategy), NULL, NULL, 0,
     "exact (default: the bound, cheap orders, then the exact search),\n"
     "cheap (list schedules and depth-first post-orders), list, dfs, or\n"
     "stored (keep the order; report the bound)", NULL, NULL},
    {"--budget", NULL, "N", CLI_CALL, 0, NULL, opt_budget, 0,
     "exact search nodes (default 2000000); when they run out, the best\n"
     "order found is written with its distance from the bound", NULL, NULL},
    {"--embed", NULL, NULL, CLI_FLAG, offsetof(reorder_args, embed), NULL, NULL, 0,
     "also embed best's plan of the new order as TFLM's offline plan", NULL, NULL},
};

static int add_input(void *ctx, const char *arg, const char *after)
{
    reorder_args *a = ctx;
    (void)after;
    if (a->input) {
        cli_error("reorder: one model at a time (got '%s' and '%s')", a->input, arg);
        return -1;
    }
    a->input = arg;
    return 0;
}

/* 0, 1 after --help, -1 after an error; wo filled. */
static int parse(reorder_args *a, ap_tflite_reorder_write_options *wo, int argc, char **argv)
{
    ap_tflite_build_options bo;
    memset(a, 0, sizeof *a);
    cli_input_init(&a->in);
    cli_spec spec = {"reorder", usage_text,
                     {CLI_GROUP(reorder_rows, a), cli_input_group_models(&a->in), CLI_GROUP(refused_rows, a)},
                     3, add_input, a, NULL};
    int rc = cli_parse(&spec, argc, argv);
    if (rc != 0)
        return rc;
    if (a->refused) {
        cli_error("reorder: the order is chosen for TFLM's own lifetimes (no sharing, 16-byte "
                  "buffers); --inplace, --overlap, --align, --runtime tflite and --threads do "
                  "not apply (%s was given)", a->refused);
        return -1;
    }
    if (cli_model_copy_args("reorder", a->input, a->output) != 0 || cli_build_options(&a->in, &bo) != 0)
        return -1;
    wo->embed = a->embed;
    wo->find.kernels = bo.kernels;
    if (a->strategy && ap_order_strategy_parse(a->strategy, &wo->find.order.strategy) != 0) {
        cli_error("reorder: unknown strategy '%s' (exact, cheap, list, dfs or stored)", a->strategy);
        return -1;
    }
    if (a->budget)
        wo->find.order.budget = a->budget;
    return 0;
}

int cmd_reorder(int argc, char **argv)
{
    reorder_args a;
    ap_tflite_reorder_write_options wo;
    const unsigned char *data;
    size_t len = 0;
    ap_error err = {0};
    ap_tflite_reorder_output r;
    int rc;
    ap_tflite_reorder_write_options_init(&wo);
    if ((rc = parse(&a, &wo, argc, argv)) != 0)
        return rc > 0 ? EXIT_OK : EXIT_USAGE;
    memset(&r, 0, sizeof r);
    if (cli_input_read(a.input, &data, &len) != 0)
        return EXIT_USAGE;
    /* a model TFLM cannot load is reordered all the same (its lifetimes are meaningful): the
       warning says the copy cannot load either */
    ap_tflm_arena whole;
    if (wo.find.kernels != AP_TFLM_KERNELS_NONE)
        (void)cli_model_arena(data, len, a.input, &a.in, &whole);
    ap_status st = ap_tflite_reorder(data, len, a.input, &wo, &r, &err);
    if (st != AP_OK) {
        cli_error("%s", err.msg);
        rc = st == AP_ERR_INVALID ? EXIT_INVALID : EXIT_USAGE;
    } else if (cli_write_bytes("-o", a.output, r.data, r.len) != 0) {
        rc = EXIT_USAGE;
    } else {
        report(a.input, len, a.output, &r);
        rc = EXIT_OK;
    }
    ap_tflite_reorder_output_free(&r);
    return rc;
}
