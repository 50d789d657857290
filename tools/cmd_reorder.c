/* cmd_reorder.c - `arenaplan reorder`: a copy of a model whose operators run in the order that
 * keeps the fewest bytes live. */
#include <stdlib.h>
#include <string.h>

#include "arenaplan/reorder.h"
#include "arenaplan/tflite.h"
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
    "options:\n"
    "  -o FILE            the copy to write (required; not MODEL itself)\n"
    "  --strategy NAME    exact (default: the bound, cheap orders, then the exact search),\n"
    "                     cheap (list schedules and depth-first post-orders), list, dfs, or\n"
    "                     stored (keep the order; report the bound)\n"
    "  --budget N         exact search nodes (default 2000000); when they run out, the best\n"
    "                     order found is written with its distance from the bound\n"
    "  --embed            also embed best's plan of the new order as TFLM's offline plan\n"
    "  --kernels SET      kernel set whose scratch is modelled (reference, reference64, none)\n"
    "  --target T         cortex-m (the default) or host64: whose TFLM arena is reported\n";

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
    printf("plans        best: %lld bytes for the new order; TFLM's greedy planner: %lld -> %lld\n",
           (long long)o->best_after, (long long)o->head_before, (long long)o->greedy_after);
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
    if (o->plan != AP_REORDER_PLAN_NONE)
        printf("head         %lld bytes with TFLM and the copy's offline plan\n",
               (long long)o->head_after);
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

int cmd_reorder(int argc, char **argv)
{
    const char *input = NULL, *output = NULL, *strategy = NULL, *budget = NULL;
    ap_tflite_reorder_write_options wo;
    cli_input_opts in;
    int i, m, rc = EXIT_USAGE;
    ap_tflite_reorder_write_options_init(&wo);
    cli_input_init(&in);
    for (i = 1; i < argc; i++) {
        if (cli_is_help(argv, i)) {
            fputs(usage_text, stdout);
            return EXIT_OK;
        }
        if ((m = cli_input_option(&in, argc, argv, &i)) != 0 ||
            (m = cli_value(argc, argv, &i, "--output", "-o", &output)) != 0 ||
            (m = cli_value(argc, argv, &i, "--strategy", "-s", &strategy)) != 0 ||
            (m = cli_value(argc, argv, &i, "--budget", NULL, &budget)) != 0) {
            if (m < 0)
                return EXIT_USAGE;
        } else if (cli_flag(argv, i, "--embed", NULL)) {
            wo.embed = 1;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            cli_error("reorder: unknown option '%s' (see 'arenaplan reorder --help')", argv[i]);
            return EXIT_USAGE;
        } else if (!input) {
            input = argv[i];
        } else {
            cli_error("reorder: one model at a time (got '%s' and '%s')", input, argv[i]);
            return EXIT_USAGE;
        }
    }
    if (cli_model_copy_args("reorder", input, output) != 0)
        return EXIT_USAGE;
    if (ap_tflite_rules_asked(&in.load.build) ||
        (in.load.build.align && in.load.build.align != 16) ||
        in.load.runtime == AP_RUNTIME_TFLITE || in.threads_given) {
        cli_error("reorder: the order is chosen for TFLM's own lifetimes (no sharing, 16-byte "
                  "buffers); --inplace, --overlap, --align, --runtime tflite and --threads do "
                  "not apply");
        return EXIT_USAGE;
    }
    ap_tflite_build_options bo;
    if (cli_build_options(&in, &bo) != 0)
        return EXIT_USAGE;
    wo.find.kernels = bo.kernels;
    if (strategy && ap_order_strategy_parse(strategy, &wo.find.order.strategy) != 0) {
        cli_error("reorder: unknown strategy '%s' (exact, cheap, list, dfs or stored)", strategy);
        return EXIT_USAGE;
    }
    if (budget) {
        char *end;
        unsigned long long v = strtoull(budget, &end, 10);
        if (!*budget || *end || budget[0] == '-' || v == 0) {
            cli_error("reorder: --budget %s: a positive number of search nodes", budget);
            return EXIT_USAGE;
        }
        wo.find.order.budget = v;
    }

    const unsigned char *data;
    size_t len = 0;
    ap_error err = {0};
    ap_tflite_reorder_output r;
    memset(&r, 0, sizeof r);
    if (cli_input_read(input, &data, &len) != 0)
        return EXIT_USAGE;
    ap_status st = ap_tflite_reorder(data, len, input, &wo, &r, &err);
    if (st != AP_OK) {
        cli_error("%s", err.msg);
        rc = st == AP_ERR_INVALID ? EXIT_INVALID : EXIT_USAGE;
        goto done;
    }
    if (cli_write_bytes("-o", output, r.data, r.len) != 0)
        goto done;
    report(input, len, output, &r);
    rc = EXIT_OK;
done:
    ap_tflite_reorder_output_free(&r);
    return rc;
}
