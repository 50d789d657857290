/* cmd_fit.c - `arenaplan fit`: a model that does not fit its budget; every lever measured, the
 * smallest combination that fits, and why the arena is what it is (docs/fit.md). */
#include <inttypes.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/fit.h"
#include "arenaplan/tflm_arena.h"
#include "cli.h"

static const char usage_text[] =
    "usage: arenaplan fit MODEL.tflite --budget BYTES [-o OUT.tflite] [options]\n"
    "\n"
    "For a model whose TFLM arena (kTensorArenaSize) must fit BYTES: the whole arena with stock\n"
    "TFLM; what makes it (the peak step and the tensors live there, with their producers and\n"
    "consumers; tensors kept alive by long skips or parallel branches; alignment padding; the\n"
    "tail's biggest categories); every lever arenaplan has (an embedded plan, in-place and\n"
    "overlap rules, a better operator order, the other kernel set), each measured by the code of\n"
    "the command that applies it, with its cost and that command; then the smallest combination\n"
    "that fits the budget, or the best reachable and how far it still is. -o writes the model of\n"
    "that combination: the bytes the commands it names write. Exit 0 when a combination fits,\n"
    "1 when none does, 2 for bad usage or an input that cannot be read. See docs/fit.md.\n"
    "\n"
    "options:\n";

static const char *const fit_formats[] = {"table", "json", NULL};

typedef struct fit_args {
    const char *input, *output, *kernels, *target;
    int64_t budget;
    int format; /* 0 table, 1 json */
    cli_search s;
} fit_args;

static const cli_opt fit_rows[] = {
    {"--budget", NULL, "BYTES", CLI_BYTES, offsetof(fit_args, budget), NULL, NULL, 0,
     "the most bytes TFLM's whole arena (kTensorArenaSize) may take\n"
     "(required; suffixes K, M: 1024-based)", NULL, NULL},
    {"--output", "-o", "FILE", CLI_TEXT, offsetof(fit_args, output), NULL, NULL, 0,
     "write the model of the combination chosen, when one fits (not MODEL\n"
     "itself)", "-o FILE", NULL},
    {"--format", "-f", "FMT", CLI_CHOICE, offsetof(fit_args, format), fit_formats, NULL, 0,
     "table (default) or json", NULL, "{cmd}: unknown format '{value}' (table or json)"},
    {"--kernels", NULL, "SET", CLI_TEXT, offsetof(fit_args, kernels), NULL, NULL, 0,
     "the kernel set the model is deployed with: reference (the default),\n"
     "cmsis-nn or reference64 (host64); the kernels lever tries the other", NULL, NULL},
    {"--target", NULL, "TARGET", CLI_TEXT, offsetof(fit_args, target), NULL, NULL, 0,
     "cortex-m (the default) or host64", NULL, NULL},
};

static int add_input(void *ctx, const char *arg, const char *after)
{
    fit_args *a = ctx;
    (void)after;
    if (a->input) {
        cli_error("fit: one model at a time (got '%s' and '%s')", a->input, arg);
        return -1;
    }
    a->input = arg;
    return 0;
}

/* 0, 1 after --help, -1 after an error. */
static int parse(fit_args *a, int argc, char **argv)
{
    memset(a, 0, sizeof *a);
    a->budget = -1;
    cli_search_init(&a->s);
    cli_spec spec = {"fit", usage_text, {CLI_GROUP(fit_rows, a), cli_search_group(&a->s)}, 2,
                     add_input, a, NULL};
    int rc = cli_parse(&spec, argc, argv);
    if (rc != 0)
        return rc;
    if (!a->input) {
        cli_error("fit: no model given (arenaplan fit MODEL.tflite --budget BYTES)");
        return -1;
    }
    if (a->budget < 0) {
        cli_error("fit: --budget BYTES is required (the arena the model must fit)");
        return -1;
    }
    cli_input_name(a->input);
    if (a->output && cli_check_output("-o", a->output) != 0)
        return -1;
    cli_warn_ineffective(NULL, 1);
    return 0;
}

/* ---- The table ---------------------------------------------------------------------------- */

static void levers_text(unsigned mask, char *out, size_t cap)
{
    if (mask)
        ap_fit_levers_text(mask, out, cap);
    else
        snprintf(out, cap, "none (the model as it is)");
}

static void put(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void put(const char *fmt, ...)
{
    char buf[4096];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n > 0)
        cli_put_safe(stdout, buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1, 0);
}

static void print_diag(const ap_fit_diagnosis *d)
{
    put("peak         %" PRId64 " bytes live at step %" PRId64 "%s%s%s\n", d->peak_bytes,
        d->peak_step, d->peak_label[0] ? " (" : "", d->peak_label, d->peak_label[0] ? ")" : "");
    for (size_t i = 0; i < d->n_live; i++) {
        const ap_fit_live *l = &d->live[i];
        put("  %8" PRId64 "  %-7s  %s %s: from %s, read by %s\n", l->size,
            ap_fit_role_name(l->role), l->role == AP_FIT_ROLE_SCRATCH ? "scratch" : "tensor",
            l->name ? l->name : l->id, l->producer ? l->producer : "the start",
            l->consumers && l->consumers[0] ? l->consumers : "no operator");
    }
    put("kept alive   %" PRId64 " bytes at the peak by long skips or parallel branches\n",
        d->kept_alive);
    put("padding      %" PRId64 " bytes of alignment padding in stock TFLM's head (%" PRId64
        " bytes; the peak's live bytes are %" PRId64 ")\n", d->padding, d->head, d->peak_bytes);
    if (d->head_gap > 0)
        put("head gap     stock TFLM's head is %" PRId64 " bytes above the peak: a better plan "
            "(embed) can win them\n", d->head_gap);
    if (!d->known_arena)
        return;
    put("tail         %" PRId64 " bytes:", d->tail);
    for (int i = 0, shown = 0; i < AP_TFLM_CATEGORIES && shown < 3; i++) {
        const ap_tflm_use *u = &d->tail_cat[d->tail_order[i]];
        if (u->bytes <= 0)
            continue;
        put("%s %s %" PRId64, shown ? "," : "", ap_tflm_category_name(d->tail_order[i]), u->bytes);
        shown++;
    }
    put("\n");
}

static void print_lever(const ap_fit_result *r, int l)
{
    const ap_fit_lever_info *i = ap_fit_lever(l);
    const ap_fit_figure *g = &r->lever[l];
    if (!i->available) {
        put("  %-9s not available in this version: %s\n", i->name, i->title);
        return;
    }
    if (!g->known) {
        put("  %-9s no figure: %s\n", i->name, g->why);
        return;
    }
    put("  %-9s %10" PRId64 " bytes (%+" PRId64 " vs stock)  flash %+" PRId64 " bytes  kernels %s\n",
        i->name, g->arena, g->arena - r->stock.arena, g->flash, g->kernels);
    put("            %s; compute: %s\n            %s\n", i->title, i->compute, g->command);
}

static void print_table(const fit_args *a, const ap_fit_result *r)
{
    const ap_fit_figure *c = &r->combos[r->chosen];
    char names[256];
    put("model        %s (%zu bytes), TFLM on %s with the %s kernels\n", a->input, r->input_len,
        r->target, r->kernels);
    put("budget       %" PRId64 " bytes\n", r->budget);
    put("stock TFLM   %" PRId64 " bytes (head %" PRId64 " + tail %" PRId64 ")", r->stock.arena,
        r->stock.head, r->stock.tail);
    if (r->stock.arena > r->budget)
        put(": %" PRId64 " more than the budget\n", r->stock.arena - r->budget);
    else
        put(": within the budget\n");
    print_diag(&r->diag);
    put("levers       (TFLM's whole arena, measured: the same code as the command named)\n");
    for (int l = 0; l < AP_FIT_LEVERS; l++)
        print_lever(r, l);
    levers_text(c->mask, names, sizeof names);
    if (r->fits)
        put("fits         %s: %" PRId64 " bytes, %" PRId64 " within the budget (%zu combinations "
            "tried)\n", names, c->arena, r->budget - c->arena, r->n_combos);
    else
        put("no fit       the best reachable is %s: %" PRId64 " bytes, still %" PRId64 " more "
            "than the budget (%zu combinations tried)\n", names, c->arena, c->arena - r->budget,
            r->n_combos);
    put("apply        %s\n", c->command);
}

int cmd_fit(int argc, char **argv)
{
    fit_args a;
    ap_run_options o;
    ap_fit_result r;
    const unsigned char *data;
    size_t len = 0;
    ap_error err = {0};
    int rc = parse(&a, argc, argv);
    if (rc != 0)
        return rc > 0 ? EXIT_OK : EXIT_USAGE;
    if (cli_input_read(a.input, &data, &len) != 0)
        return EXIT_USAGE;
    ap_run_options_init(&o);
    o.name = a.input;
    o.kernels = a.kernels;
    o.target = a.target;
    o.budget = a.budget;
    o.plan = a.s.po;
    o.plan.stop = cli_stop_flag();
    ap_status st = ap_fit_compute(data, len, &o, &r, &err);
    if (cli_interrupted(&o.plan, -1, -1)) { /* Ctrl-C: the figures are not all measured */
        if (st == AP_OK)
            ap_fit_result_free(&r);
        return EXIT_INTERRUPTED;
    }
    if (st != AP_OK) {
        cli_error("%s", err.msg);
        return EXIT_USAGE;
    }
    for (char *w = r.warnings, *nl; w && *w; w = nl + 1) { /* one warning per line */
        if (!(nl = strchr(w, '\n')))
            break;
        *nl = 0;
        cli_warn("%s", w);
    }
    /* no file when nothing fits (a make rule must not see a fresh output) */
    if (a.output && r.fits && cli_write_bytes("-o", a.output, r.data, r.len) != 0) {
        ap_fit_result_free(&r);
        return EXIT_USAGE;
    }
    if (a.format == 1)
        fwrite(r.json, 1, r.json_len, stdout);
    else {
        print_table(&a, &r);
        if (a.output && r.fits)
            put("wrote        %s (%zu bytes)\n", a.output, r.len);
        else if (a.output)
            put("wrote        nothing: no combination fits the budget\n");
    }
    rc = r.fits ? EXIT_OK : EXIT_INVALID;
    ap_fit_result_free(&r);
    return rc;
}
