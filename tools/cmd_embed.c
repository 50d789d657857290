/* cmd_embed.c - `arenaplan embed`: a copy of a model carrying its plan as TFLM's offline plan. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/bounds.h"
#include "arenaplan/embed.h"
#include "arenaplan/export.h"
#include "arenaplan/tflm_arena.h"
#include "cli.h"

static const char usage_text[] =
    "usage: arenaplan embed MODEL.tflite -o OUT.tflite [options]\n"
    "       arenaplan embed MODEL.tflite --format c -o model_data.c [options]\n"
    "\n"
    "Writes a copy of MODEL that carries a memory plan as TFLM's offline plan (the metadata\n"
    "\"OfflineMemoryAllocation\"): TFLM then keeps every planned tensor at its embedded offset\n"
    "and places only kernel scratch itself, around them. An existing offline plan is replaced\n"
    "(its offsets are kept unless --ignore-offline); everything else in the model is kept byte\n"
    "for byte. Prints the head TFLM will reach with the copy. MODEL is never modified; OUT is\n"
    "written atomically, and only when the plan passes the checker. See docs/embed.md.\n"
    "\n"
    "With --format c, the copy becomes firmware source: model_data.c holds it as a 16-aligned\n"
    "C array, and the header beside it (model_data.h) declares it with NAME_ARENA_SIZE\n"
    "(kTensorArenaSize), NAME_OP_COUNT and NAME_ADD_OPS(resolver), the MicroMutableOpResolver\n"
    "methods of its operators (docs/embed.md).\n"
    "\n"
    "options:\n";

/* Whether the copy gains nothing: TFLM reaches no smaller head with it than with the input. */
static int no_gain(const ap_tflite_embed_result *r)
{
    return r->head_before >= 0 && r->head >= r->head_before;
}

static void report(const char *input, size_t in_len, const char *output, int in_plan,
                   const ap_tflite_embed_result *r, const ap_tflm_whole *arena,
                   const char *header)
{
    const ap_problem *p = r->problem;
    size_t scratch = 0;
    int64_t scratch_bytes = 0;
    ap_bounds bd;
    for (size_t i = 0; i < p->n; i++)
        if (p->buf[i].tensor == AP_NO_INDEX) {
            scratch++;
            scratch_bytes += p->buf[i].size;
        }
    printf("model        %s (%zu bytes)\n", input, in_len);
    if (header)
        printf("wrote        %s and %s: the copy (%zu bytes) as a 16-aligned C array\n", output,
               header, r->len);
    else if (r->shift == 0)
        printf("wrote        %s (%zu bytes): the offline plan rewritten in place\n", output,
               r->len);
    else
        printf("wrote        %s (%zu bytes): the model moved %zu bytes behind a new header\n",
               output, r->len, r->shift);
    if (no_gain(r))
        printf("no gain      TFLM reaches %lld bytes with the input as it is and %lld with the "
               "copy\n", (long long)r->head_before, (long long)r->head);
    printf("offline plan %zu entries: %zu of %zu planned tensors fixed; -1 for the rest "
           "(constants, variables, empty tensors%s)\n", r->n_words - 3, r->fixed, r->tensors,
           r->held_for_variables ? ", tensors whose entry a variable reads" : "");
    size_t shared = 0;
    if (ap_tflm_offline_clashes(p, NULL, 0, &shared, NULL) == AP_OK && shared)
        printf("shared       %zu pair%s of tensors that the input's offline plan fixes share "
               "bytes while both are live, and keep their offsets ('arenaplan check' names "
               "them; --ignore-offline plans from scratch)\n", shared, shared == 1 ? "" : "s");
    if (r->held_for_variables)
        printf("variables    %zu planned tensor%s left to the runtime: a variable tensor of a "
               "later subgraph reads %s entry as its own (TFLM's AllocateVariables reads entry "
               "i for tensor i of every subgraph)\n", r->held_for_variables,
               r->held_for_variables == 1 ? "" : "s", r->held_for_variables == 1 ? "its" : "their");
    if (scratch)
        printf("scratch      %zu buffer%s, %lld bytes: placed by TFLM at runtime around the "
               "fixed tensors\n", scratch, scratch == 1 ? "" : "s", (long long)scratch_bytes);
    else
        printf("scratch      none\n");
    if (r->candidates > 1)
        printf("strategy     %s (the smallest TFLM head of %zu plans)\n", r->plan.strategy,
               r->candidates);
    else
        printf("strategy     %s\n", r->plan.strategy);
    if (ap_bounds_compute(p, &bd, NULL) == AP_OK)
        printf("head         %lld bytes with TFLM (the plan: %lld bytes; lower bound %lld)\n",
               (long long)r->head, (long long)r->plan.arena, (long long)bd.lower);
    if (r->head_before < 0)
        printf("before       TFLM refuses the input's own offline plan\n");
    else
        printf("before       %lld bytes with TFLM, the input as it is (%s)\n",
               (long long)r->head_before,
               in_plan ? "its own offline plan" : "no offline plan: TFLM's greedy planner");
    if (arena)
        printf("arena        %lld bytes (kTensorArenaSize for TFLM on %s with the copy; %lld with the "
               "input as it is)\n", (long long)arena->plan.min_arena, arena->plan.target,
               (long long)arena->stock.min_arena);
    if (r->kernels_entry)
        printf("kernels      metadata \"%s\" records the kernel behaviour the plan relies on\n",
               AP_TFL_KERNELS_NAME);
}

/* --format c: the header's path beside the source (*.c, *.cc, *.cpp -> *.h), malloc'd; NULL
 * after an error message. */
static char *header_path(const char *source)
{
    const char *dot = strrchr(source, '.'), *slash = strrchr(source, '/');
    char *h;
    if (!dot || (slash && dot < slash) || dot == (slash ? slash + 1 : source) ||
        (strcmp(dot, ".c") && strcmp(dot, ".cc") && strcmp(dot, ".cpp"))) {
        cli_error("embed: --format c: -o %s must name a C or C++ source (*.c, *.cc or *.cpp); the "
                  "header is written beside it", source);
        return NULL;
    }
    if (!(h = malloc((size_t)(dot - source) + 3))) {
        cli_error("out of memory");
        return NULL;
    }
    memcpy(h, source, (size_t)(dot - source));
    strcpy(h + (dot - source), ".h");
    return h;
}

/* --format c: the copy as model_data.c and model_data.h (the header first, so the source, which
 * a build rule names as its output, is the newer). 0, or -1 after an error message. */
static int write_source(const char *input, const char *output, const char *header,
                        const char *name, const ap_tflite_embed_result *r,
                        const ap_tflm_arena *arena)
{
    char id[101];
    const char *slash = strrchr(header, '/');
    ap_model_source_options mo = {0};
    ap_error err = {0};
    cli_out src, hdr;
    ap_status st;
    if (name)
        snprintf(id, sizeof id, "%s", name);
    else
        ap_c_identifier(input, id, sizeof id);
    mo.name = id;
    mo.header = slash ? slash + 1 : header;
    mo.input = input;
    mo.strategy = r->plan.strategy;
    mo.arena = arena;
    if (cli_out_open(&src, "-o", output) != 0)
        return -1;
    if (cli_out_open(&hdr, "-o", header) != 0) {
        cli_out_close(&src, 0);
        return -1;
    }
    st = ap_write_model_source(r->data, r->len, &mo, src.f, hdr.f, &err);
    if (st != AP_OK) {
        cli_error("%s", err.msg);
        cli_out_close(&hdr, 0);
        cli_out_close(&src, 0);
        return -1;
    }
    if (cli_out_close(&hdr, 1) != 0) {
        cli_out_close(&src, 0);
        return -1;
    }
    return cli_out_close(&src, 1);
}

typedef struct embed_args {
    const char *input, *output, *name;
    int format; /* 0 tflite, 1 c */
    int force;
    int64_t budget, budget_head;
    cli_search s;
    cli_input_opts in;
} embed_args;

static const char *const embed_formats[] = {"tflite", "c", NULL};

static const cli_opt embed_rows[] = {
    {"--output", "-o", "FILE", CLI_TEXT, offsetof(embed_args, output), NULL, NULL, 0,
     "the copy to write (required; not MODEL itself); with --format c the\n"
     "C source (*.c, *.cc or *.cpp), its header beside it (*.h)", "-o FILE", NULL},
    {"--format", "-f", "FMT", CLI_CHOICE, offsetof(embed_args, format), embed_formats, NULL, 0,
     "tflite (the default: the model) or c (the model as C source)", NULL,
     "{cmd}: unknown format '{value}' (tflite or c)"},
    {"--name", NULL, "NAME", CLI_TEXT, offsetof(embed_args, name), NULL, NULL, 0,
     "--format c: the symbols' prefix, at most 100 characters (default:\n"
     "from MODEL's file name)", NULL, NULL},
    {"--strategy", "-s", "NAME", CLI_TEXT, offsetof(embed_args, s.po.strategy), NULL, NULL, 0,
     "plan with NAME only (default: best and every portfolio strategy,\n"
     "keeping the plan that gives TFLM the smallest head)", NULL, NULL},
    {"--budget", NULL, "BYTES", CLI_BYTES, offsetof(embed_args, budget), NULL, NULL, 0,
     "exit 1, writing nothing, when TFLM's whole arena with the copy\n"
     "(kTensorArenaSize) exceeds BYTES (suffixes K, M: 1024-based)", NULL, NULL},
    {"--budget-head", NULL, "BYTES", CLI_BYTES, offsetof(embed_args, budget_head), NULL, NULL, 0,
     "the same for the head TFLM reaches with the copy", NULL, NULL},
    {"--force", NULL, NULL, CLI_FLAG, offsetof(embed_args, force), NULL, NULL, 0,
     "(kept for scripts: the copy is written even when it gains nothing over\n"
     "the input as it is; embed then says \"no gain\" and exits 0)", NULL, NULL},
};

static int add_input(void *ctx, const char *arg, const char *after)
{
    embed_args *a = ctx;
    (void)after;
    if (a->input) {
        cli_error("embed: one model at a time (got '%s' and '%s')", a->input, arg);
        return -1;
    }
    a->input = arg;
    return 0;
}

static int parse(embed_args *a, int argc, char **argv)
{
    memset(a, 0, sizeof *a);
    cli_search_init(&a->s);
    cli_input_init(&a->in);
    a->s.po.strategy = NULL;
    a->budget = a->budget_head = -1;
    cli_spec spec = {"embed", usage_text,
                     {CLI_GROUP(embed_rows, a), cli_search_group(&a->s), cli_input_group(&a->in)},
                     3, add_input, a, NULL};
    int rc = cli_parse(&spec, argc, argv);
    if (rc != 0)
        return rc;
    if (!a->input) {
        cli_error("embed: no model given (see 'arenaplan embed --help')");
        return -1;
    }
    if (a->in.load.runtime == AP_RUNTIME_TFLITE || a->in.threads_given) {
        cli_error("embed: an offline plan is read by TFLM only; the TensorFlow Lite interpreter "
                  "ignores it (--runtime tflite and --threads do not apply)");
        return -1;
    }
    if (a->name && !a->format) {
        cli_error("embed: --name names the symbols of --format c");
        return -1;
    }
    if (a->name && strlen(a->name) > 100) {
        cli_error("embed: --name is %zu characters long; a symbol prefix has at most 100",
                  strlen(a->name));
        return -1;
    }
    if (cli_model_copy_args("embed", a->input, a->output) != 0)
        return -1;
    if (a->s.po.strategy && cli_check_strategy(a->s.po.strategy) != 0)
        return -1;
    cli_warn_ineffective(&a->s.po.strategy, 1);
    return 0;
}

/* The gate on TFLM's whole arena with the copy (the head when it is unknown for another
 * reason than a failure, which fails a --budget). */
static int gate(const embed_args *a, int known, const ap_tflm_whole *arena, int64_t head)
{
    if ((known == CLI_ARENA_TFLM_REFUSES &&
         cli_budget_refused(a->budget, a->output, &arena->plan.refusal)) ||
        (known < 0 && known != CLI_ARENA_TFLM_REFUSES && cli_budget_unknown(a->budget)) ||
        cli_budget_exceeded(a->budget, known > 0 ? "arena with the copy" : "head with the copy",
                            known > 0 ? arena->plan.min_arena : head) ||
        cli_budget_exceeded(a->budget_head, "head with the copy", head))
        return EXIT_INVALID;
    return EXIT_OK;
}

int cmd_embed(int argc, char **argv)
{
    embed_args a;
    ap_tflite_embed_options eo;
    const unsigned char *data;
    size_t len = 0;
    ap_error err = {0};
    ap_tflite_embed_result r;
    ap_tflm_whole arena;
    char *header = NULL;
    int rc = parse(&a, argc, argv), known, have;
    if (rc != 0)
        return rc > 0 ? EXIT_OK : EXIT_USAGE;
    if (a.format && (!(header = header_path(a.output)) || cli_check_output("-o", header) != 0)) {
        free(header);
        return EXIT_USAGE;
    }
    ap_tflite_embed_options_init(&eo);
    eo.plan = a.s.po;
    if (cli_build_options(&a.in, &eo.build) != 0) {
        free(header);
        return EXIT_USAGE;
    }
    eo.plan.stop = cli_stop_flag();
    eo.plan.progress = cli_progress_printer(a.s.quiet);
    memset(&r, 0, sizeof r);
    if (cli_input_read(a.input, &data, &len) != 0) {
        free(header);
        return EXIT_USAGE;
    }
    ap_status st = ap_tflite_embed(data, len, a.input, &eo, &r, &err);
    cli_progress_done();
    if (cli_interrupted(&eo.plan, -1, -1)) {
        rc = EXIT_INTERRUPTED;
        goto done;
    }
    if (st != AP_OK) {
        cli_error("%s", err.msg);
        rc = st == AP_ERR_INVALID || st == AP_ERR_LIMIT || st == AP_ERR_INFEASIBLE ? EXIT_INVALID
                                                                                 : EXIT_USAGE;
        goto done;
    }
    /* TFLM's arena with the copy, read as TFLM reads it, and with the input */
    known = cli_model_arena(r.data, r.len, a.output, &a.in, &arena.plan);
    if (known == CLI_ARENA_REFUSED) {
        rc = EXIT_INVALID;
        goto done;
    }
    have = known == 1 && cli_model_arena(data, len, a.input, &a.in, &arena.stock) == 1;
    if ((rc = gate(&a, have ? 1 : known == CLI_ARENA_TFLM_REFUSES ? known : known < 0 ? -1 : 0,
                   &arena, r.head)) != EXIT_OK)
        goto done;
    if (header && !have) {
        cli_error("embed: --format c: the source needs TFLM's whole arena (NAME_ARENA_SIZE), "
                  "which is unknown for %s (see the warning)", a.input);
        rc = EXIT_USAGE;
        goto done;
    }
    /* a copy that gains nothing is written all the same: it is correct, and a build step
       expecting it must find it */
    if (header ? write_source(a.input, a.output, header, a.name, &r, &arena.plan) != 0
               : cli_write_bytes("-o", a.output, r.data, r.len) != 0) {
        rc = EXIT_USAGE;
        goto done;
    }
    report(a.input, len, a.output, r.had_plan, &r, have ? &arena : NULL, header);
    rc = EXIT_OK;
done:
    ap_tflite_embed_result_free(&r);
    free(header);
    return rc;
}
