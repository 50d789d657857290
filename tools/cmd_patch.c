/* cmd_patch.c - `arenaplan patch`: a copy of a model whose first layers run patch by patch,
 * with best's plan embedded. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/patch.h"
#include "arenaplan/tflite.h"
#include "cli.h"

static const char usage_text[] =
    "usage: arenaplan patch MODEL.tflite -o OUT.tflite [--grid auto|RxC] [--until auto|OP]\n"
    "                       [--max-overhead PCT] [options]\n"
    "\n"
    "Rewrites the first operators of MODEL (a chain of CONV_2D, DEPTHWISE_CONV_2D and pooling,\n"
    "operators 0 .. OP) to run patch by patch (MCUNetV2): the chain's output is cut into a grid\n"
    "of R x C tiles, each computed from a SLICE of the input with the halo its receptive field\n"
    "needs, PAD where TFLM's SAME padding applies, and the chain's own operators with VALID\n"
    "padding on the tile, their weights shared (the same Buffers); CONCATENATION assembles the\n"
    "tiles. Only builtin operators stock TFLM runs; the outputs are bit-identical for int8 and\n"
    "int16, equal for float32. Halo rows are computed again: the added multiply-accumulates are\n"
    "the cost. With auto, every grid 1..8 x 1..8 and every prefix of the chain are tried and\n"
    "the smallest whole TFLM arena within --max-overhead kept. best's plan for the copy is\n"
    "embedded as TFLM's offline plan (with --overlap reference, a plan that holds only with\n"
    "TFLM's reference kernels; the copy records it; --overlap slices also puts later tiles in\n"
    "the input rows no later SLICE reads). MODEL is never modified; OUT is written\n"
    "atomically. See docs/patch.md.\n"
    "\n"
    "options:\n";

typedef struct patch_args {
    const char *input, *output, *grid, *until, *overhead;
    cli_input_opts in;
} patch_args;

static const cli_opt patch_rows[] = {
    {"--output", "-o", "FILE", CLI_TEXT, offsetof(patch_args, output), NULL, NULL, 0,
     "the copy to write (required; not MODEL itself)", "-o FILE", NULL},
    {"--grid", NULL, "RxC", CLI_TEXT, offsetof(patch_args, grid), NULL, NULL, 0,
     "auto (default: 1..8 x 1..8), or rows x columns of tiles, each 1..10", NULL, NULL},
    {"--until", NULL, "OP", CLI_TEXT, offsetof(patch_args, until), NULL, NULL, 0,
     "auto (default: every prefix of the chain), or the last operator\n"
     "patched (its index in subgraph 0)", NULL, NULL},
    {"--max-overhead", NULL, "PCT", CLI_TEXT, offsetof(patch_args, overhead), NULL, NULL, 0,
     "added MACs allowed, percent of the model's (default 30)", NULL, NULL},
};

static int add_input(void *ctx, const char *arg, const char *after)
{
    patch_args *a = ctx;
    (void)after;
    if (a->input) {
        cli_error("patch: one model at a time (got '%s' and '%s')", a->input, arg);
        return -1;
    }
    a->input = arg;
    return 0;
}

static int parse_grid(const char *s, ap_tflite_patch_options *o)
{
    unsigned r, c;
    char tail;
    if (!s || strcmp(s, "auto") == 0) {
        o->auto_grid = 1;
        return 0;
    }
    if (sscanf(s, "%u%*[xX]%u%c", &r, &c, &tail) != 2 || r < 1 || c < 1 ||
        r > AP_PATCH_MAX_GRID || c > AP_PATCH_MAX_GRID) {
        cli_error("patch: --grid %s: auto, or RxC with rows and columns from 1 to %d", s,
                  AP_PATCH_MAX_GRID);
        return -1;
    }
    o->spec.rows = r, o->spec.cols = c;
    return 0;
}

static int parse_rest(const patch_args *a, ap_tflite_patch_options *o)
{
    uint64_t op;
    char *end;
    if (!a->until || strcmp(a->until, "auto") == 0) {
        o->auto_until = 1;
    } else if (cli_parse_number(a->until, &op) != 0 || op > UINT32_MAX) {
        cli_error("patch: --until %s: auto, or an operator index", a->until);
        return -1;
    } else {
        o->spec.last = (uint32_t)op;
    }
    if (a->overhead) {
        double v = strtod(a->overhead, &end);
        if (end == a->overhead || *end || !(v >= 0.0 && v <= 1e6)) {
            cli_error("patch: --max-overhead %s: a percentage >= 0", a->overhead);
            return -1;
        }
        o->max_overhead = v;
    }
    return 0;
}

/* 0, 1 after --help, -1 after an error; o filled. */
static int parse(patch_args *a, ap_tflite_patch_options *o, int argc, char **argv)
{
    ap_tflite_build_options bo;
    memset(a, 0, sizeof *a);
    cli_input_init(&a->in);
    cli_spec spec = {"patch", usage_text,
                     {CLI_GROUP(patch_rows, a), cli_input_group_models(&a->in),
                      cli_input_group_sharing(&a->in)},
                     3, add_input, a, NULL};
    int rc = cli_parse(&spec, argc, argv);
    if (rc != 0)
        return rc;
    if (cli_model_copy_args("patch", a->input, a->output) != 0 ||
        cli_build_options(&a->in, &bo) != 0 || parse_grid(a->grid, o) != 0 ||
        parse_rest(a, o) != 0)
        return -1;
    o->kernels = bo.kernels;
    o->inplace = bo.inplace;
    o->overlap = bo.overlap;
    o->target = a->in.target;
    return 0;
}

static void report(const char *input, size_t in_len, const char *output,
                   const ap_tflite_patch_output *r)
{
    const ap_patch_info *i = &r->info;
    long long added = (long long)(i->macs_patched - i->macs_prefix);
    char pre[48];
    ap_tflite_patch_prefix_text(i->spec.last, pre, sizeof pre);
    printf("model        %s (%zu bytes)\n", input, in_len);
    printf("patch        %s in a %ux%u grid: %u tiles, %u operators added "
           "(SLICE, %u PAD, CONCATENATION)\n", pre, i->spec.rows, i->spec.cols,
           i->spec.rows * i->spec.cols, i->ops_added, i->pads);
    if (r->candidates > 1)
        printf("searched     %u candidates, %u within --max-overhead; the smallest whole arena "
               "kept\n", r->candidates, r->within);
    printf("macs         %+lld multiply-accumulates of halo recomputation: %+.1f%% of the "
           "model's %lld (the prefix: %lld -> %lld)\n", added, r->overhead,
           (long long)i->macs_model, (long long)i->macs_prefix, (long long)i->macs_patched);
    printf("flash        +%lld bytes for the patch (tables, SLICE and PAD parameters; weights "
           "shared), +%lld with the embedded plan\n", (long long)i->flash_added,
           (long long)r->len - (long long)in_len);
    printf("head         %lld -> %lld bytes (TFLM with the copy's offline plan)\n",
           (long long)r->head_before, (long long)r->head_after);
    printf("arena        TFLM's whole arena on %s: %lld -> %lld bytes (the smallest "
           "kTensorArenaSize; the tail %lld -> %lld bytes)\n", r->target,
           (long long)r->arena_before, (long long)r->arena_after, (long long)r->tail_before,
           (long long)r->tail_after);
    if (r->arena_after >= r->arena_before)
        printf("note         patching does not shrink the whole arena here: the tail the new "
               "operators bring outweighs the head it saves\n");
    if (output)
        printf("wrote        %s (%zu bytes)\n", output, r->len);
}

int cmd_patch(int argc, char **argv)
{
    patch_args a;
    ap_tflite_patch_options o;
    const unsigned char *data;
    size_t len = 0;
    ap_error err = {0};
    ap_tflite_patch_output r;
    int rc;
    ap_tflite_patch_options_init(&o);
    if ((rc = parse(&a, &o, argc, argv)) != 0)
        return rc > 0 ? EXIT_OK : EXIT_USAGE;
    memset(&r, 0, sizeof r);
    if (cli_input_read(a.input, &data, &len) != 0)
        return EXIT_USAGE;
    ap_status st = ap_tflite_patch(data, len, a.input, &o, &r, &err);
    if (st != AP_OK) {
        cli_error("%s: %s", a.input, err.msg);
        rc = EXIT_USAGE;
    } else if (r.arena_after >= r.arena_before && (o.auto_grid || o.auto_until)) {
        /* A search that finds nothing smaller keeps the model as it is: no copy that only
         * costs flash and MACs. A grid and prefix both given are written as asked. */
        report(a.input, len, NULL, &r);
        cli_error("%s: no %s shrinks TFLM's whole arena (%lld bytes; at best %lld): nothing "
                  "written (give --grid and --until both to write that copy all the same)",
                  a.input, o.auto_grid && o.auto_until ? "grid and prefix"
                  : o.auto_grid ? "grid" : "prefix",
                  (long long)r.arena_before, (long long)r.arena_after);
        rc = EXIT_INVALID;
    } else if (cli_write_bytes("-o", a.output, r.data, r.len) != 0) {
        rc = EXIT_USAGE;
    } else {
        report(a.input, len, a.output, &r);
        rc = EXIT_OK;
    }
    ap_tflite_patch_output_free(&r);
    return rc;
}

int cli_patch_line(const char *path, ap_tflm_kernels kernels, const char *target, char *buf,
                   size_t n)
{
    const unsigned char *data;
    size_t len = 0;
    buf[0] = 0;
    if (!cli_input_is_model(path) || cli_input_read(path, &data, &len) != 0)
        return 0;
    ap_tflite_patch_line(data, len, kernels, target, buf, n);
    return buf[0] != 0;
}
