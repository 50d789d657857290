/* cli.c - what the commands share (cli.h): messages, the input and search options' tables,
 * loading inputs, TFLM's whole arena, planning, budgets and progress. */
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arenaplan/check.h"
#include "arenaplan/reorder.h"
#include "arenaplan/tflite.h"
#include "arenaplan/tflm.h"
#include "arenaplan/tflm_arena.h"
#include "cli.h"

/* ---- Messages -------------------------------------------------------------------------------- */

__attribute__((format(printf, 2, 0))) static void vmsg(const char *kind, const char *fmt, va_list ap)
{
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    if (m) {
        vfprintf(m, fmt, ap);
        fclose(m);
    }
    fprintf(stderr, "arenaplan: %s", kind);
    if (text) /* names from the input never reach the terminal as control sequences */
        cli_put_safe(stderr, text, len, 0);
    fputc('\n', stderr);
    free(text);
}

void cli_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vmsg("", fmt, ap);
    va_end(ap);
}

void cli_warn(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vmsg("warning: ", fmt, ap);
    va_end(ap);
}

/* The length of the valid UTF-8 sequence at s (n bytes left), or 0. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
    size_t k, need;
    unsigned c = s[0];
    if (c < 0x80)
        return 1;
    need = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
    if (!need || need > n)
        return 0;
    for (k = 1; k < need; k++)
        if ((s[k] & 0xc0) != 0x80)
            return 0;
    if ((c == 0xe0 && s[1] < 0xa0) || (c == 0xed && s[1] > 0x9f) || (c == 0xf0 && s[1] < 0x90) ||
        (c == 0xf4 && s[1] > 0x8f))
        return 0; /* overlong, a surrogate, beyond U+10FFFF */
    return need;
}

void cli_put_safe(FILE *f, const char *text, size_t len, int keep_cr)
{
    const unsigned char *s = (const unsigned char *)text;
    size_t i = 0;
    while (i < len) {
        size_t k = utf8_len(s + i, len - i);
        unsigned c = s[i];
        if (k == 1 && (c >= 0x20 || c == '\n' || c == '\t' || (keep_cr && c == '\r')) && c != 0x7f) {
            fputc((int)c, f);
        } else if (k == 2 && c == 0xc2 && s[i + 1] < 0xa0) {
            fprintf(f, "\\u%04x", (unsigned)s[i + 1]); /* a C1 control: a terminal obeys it */
        } else if (k > 1) {
            fwrite(s + i, 1, k, f);
        } else {
            fprintf(f, "\\x%02x", c); /* a control byte, or a byte of no valid character */
            k = 1;
        }
        i += k;
    }
}

const char *const cli_format_names[] = {"table", "csv", "json", "c", NULL};
const char *const cli_format_names_nc[] = {"table", "csv", "json", NULL};

/* ---- Input options ----------------------------------------------------------------------- */

void cli_input_init(cli_input_opts *o)
{
    memset(o, 0, sizeof *o);
    ap_load_options_init(&o->load);
}

/* --kernels, --inplace, --overlap: a name from the rule sets' table (tflm.h). */
static int set_value(const cli_opt *row, const char *v, ap_tflm_set set, int *value)
{
    const char *const *names = ap_tflm_set_names(set);
    char known[128] = "";
    size_t len = 0, k, n;
    ap_error err = {0};
    if (ap_tflm_set_find(set, v, value, &err) == AP_OK)
        return 0;
    for (n = 0; names[n]; n++)
        ;
    for (k = 0; k < n; k++)
        len += (size_t)snprintf(known + len, sizeof known - len, "%s%s",
                                k == 0 ? "" : k + 1 == n ? " or " : ", ", names[k]);
    cli_error("%s %s: unknown %s (%s)", row->name, v,
              set == AP_TFLM_SET_KERNELS ? "kernel set" : "rule set", known);
    return -1;
}

static int opt_align(void *ctx, const cli_opt *row, const char *v)
{
    cli_input_opts *o = ctx;
    int64_t a;
    if (cli_parse_bytes(v, &a) || a <= 0 || (a & (a - 1)) || a > (INT64_C(1) << 30)) {
        cli_error("%s %s: not a power of two between 1 and 2^30", row->name, v);
        return -1;
    }
    o->load.build.align = a;
    return 0;
}

static int opt_kernels(void *ctx, const cli_opt *row, const char *v)
{
    return cli_input_kernels(ctx, row, v);
}

int cli_input_kernels(cli_input_opts *ctx, const cli_opt *row, const char *v)
{
    cli_input_opts *o = ctx;
    int x;
    if (set_value(row, v, AP_TFLM_SET_KERNELS, &x) != 0)
        return -1;
    o->load.build.kernels = (ap_tflm_kernels)x;
    o->tflm_option = o->model_option = row->name;
    return 0;
}

static int opt_inplace(void *ctx, const cli_opt *row, const char *v)
{
    cli_input_opts *o = ctx;
    int x;
    if (set_value(row, v, AP_TFLM_SET_INPLACE, &x) != 0)
        return -1;
    o->load.build.inplace = (ap_tflm_inplace)x;
    o->tflm_option = row->name;
    return 0;
}

static int opt_overlap(void *ctx, const cli_opt *row, const char *v)
{
    cli_input_opts *o = ctx;
    int x;
    if (set_value(row, v, AP_TFLM_SET_OVERLAP, &x) != 0)
        return -1;
    o->load.build.overlap = (ap_tflm_overlap)x;
    o->tflm_option = row->name;
    return 0;
}

static int opt_target(void *ctx, const cli_opt *row, const char *v)
{
    cli_input_opts *o = ctx;
    if (strcmp(v, "cortex-m") && strcmp(v, "host64")) {
        cli_error("%s %s: cortex-m or host64", row->name, v);
        return -1;
    }
    o->target = v;
    o->tflm_option = o->model_option = row->name;
    return 0;
}

static int opt_ignore_offline(void *ctx, const cli_opt *row, const char *v)
{
    cli_input_opts *o = ctx;
    (void)v;
    o->load.build.ignore_offline = 1;
    o->tflm_option = o->model_option = row->name;
    return 0;
}

static int opt_runtime(void *ctx, const cli_opt *row, const char *v)
{
    cli_input_opts *o = ctx;
    if (strcmp(v, "tflm") && strcmp(v, "tflite")) {
        cli_error("%s %s: unknown runtime (tflm or tflite)", row->name, v);
        return -1;
    }
    o->load.runtime = strcmp(v, "tflite") == 0 ? AP_RUNTIME_TFLITE : AP_RUNTIME_TFLM;
    return 0;
}

static int opt_threads(void *ctx, const cli_opt *row, const char *v)
{
    cli_input_opts *o = ctx;
    uint64_t t;
    int neg = v[0] == '-';
    if (cli_parse_number(v + neg, &t) != 0 || (neg && t != 1) || t > 1 << 20) {
        cli_error("%s %s: -1 (TFLite's default) or a thread count from 0", row->name, v);
        return -1;
    }
    o->load.litert.threads = neg ? -1 : (int)t;
    o->threads_given = 1;
    return 0;
}

static const cli_opt input_rows[] = {
    {"--align", NULL, "N", CLI_CALL, 0, NULL, opt_align, 0,
     "default alignment of buffers, a power of two (CSV: 1; models: 16)", NULL, NULL},
    {"--kernels", NULL, "SET", CLI_CALL, 0, NULL, opt_kernels, 0,
     "models: whose kernels' scratch requests to model: reference (TFLM's\n"
     "reference kernels on a 32-bit target, the default), reference64 (the\n"
     "same on a 64-bit host), cmsis-nn (= cmsis-nn-m4: TFLM with CMSIS-NN\n"
     "on a Cortex-M4 with DSP, built with arm-none-eabi-gcc) or none;\n"
     "see docs/kernels.md", NULL, NULL},
    {"--target", NULL, "TARGET", CLI_CALL, 0, NULL, opt_target, 0,
     "models: whose TFLM arena to compute: cortex-m (32-bit Arm, the\n"
     "default) or host64 (x86-64 or aarch64 Linux; its kernel set is then\n"
     "reference64)", NULL, NULL},
    {"--ignore-offline", NULL, NULL, CLI_CALL, 0, NULL, opt_ignore_offline, 0,
     "models: do not keep the offsets of an embedded offline plan", NULL, NULL},
    {"--allow-fixed-overlap", NULL, NULL, CLI_FLAG, offsetof(cli_input_opts, load.allow_fixed_overlap),
     NULL, NULL, 0,
     "buffer lists: fixed offsets may share bytes while both buffers\n"
     "live (as a model's offline plan may), with a warning; else an error", NULL, NULL},
    {"--inplace", NULL, "RULES", CLI_CALL, 0, NULL, opt_inplace, 0,
     "models: none (default; TFLM shares no bytes), reshape (RESHAPE,\n"
     "SQUEEZE, EXPAND_DIMS outputs alias their dying input) or elementwise\n"
     "(those and element-wise operators); see docs/inplace.md", NULL, NULL},
    {"--overlap", NULL, "RULES", CLI_CALL, 0, NULL, opt_overlap, 0,
     "models: none (default) or reference: an output may start inside its\n"
     "dying input as far as TFLM's reference kernels allow (CONV_2D,\n"
     "DEPTHWISE_CONV_2D, pools, element-wise); such plans hold only with\n"
     "those kernels, not CMSIS-NN or Xtensa; see docs/overlap.md; or\n"
     "slices: reference, and outputs may lie in rows of a tensor only SLICEs\n"
     "read that no later SLICE reads (patch's tiles; docs/patch.md)", NULL, NULL},
    {"--runtime", NULL, "NAME", CLI_CALL, 0, NULL, opt_runtime, 0,
     "models: tflm (default: TensorFlow Lite Micro) or tflite (the\n"
     "TensorFlow Lite interpreter's arena: ArenaPlanner's tensors, kernel\n"
     "temporaries and in-place sharing; strategy tflite is its own plan;\n"
     "see docs/tflite-runtime.md)", NULL, NULL},
    {"--threads", NULL, "N", CLI_CALL, 0, NULL, opt_threads, 0,
     "--runtime tflite: Interpreter::SetNumThreads before AllocateTensors,\n"
     "-1 (TFLite's default) or 0 and up; 1 gives float CONV_2D im2col", NULL, NULL},
};

cli_group cli_input_group(cli_input_opts *o)
{
    cli_group g = CLI_GROUP(input_rows, o);
    return g;
}

cli_group cli_input_group_sharing(cli_input_opts *o)
{
    /* --inplace and --overlap (patch) */
    cli_group g = {input_rows + 5, 2, o};
    return g;
}

cli_group cli_input_group_models(cli_input_opts *o)
{
    /* --kernels and --target only (reorder) */
    cli_group g = {input_rows + 1, 2, o};
    return g;
}

int cli_input_check(const cli_input_opts *o)
{
    if (o->load.runtime == AP_RUNTIME_TFLITE && o->tflm_option) {
        cli_error("%s applies to --runtime tflm (TensorFlow Lite Micro), not to --runtime tflite",
                  o->tflm_option);
        return -1;
    }
    if (o->load.runtime != AP_RUNTIME_TFLITE && o->threads_given) {
        cli_error("--threads applies to --runtime tflite (add --runtime tflite)");
        return -1;
    }
    return 0;
}

/* ---- Search options -------------------------------------------------------------------- */

void cli_search_init(cli_search *s)
{
    memset(s, 0, sizeof *s);
    ap_plan_options_init(&s->po);
}

static const cli_opt search_rows[] = {
    {"--time-limit", NULL, "S", CLI_SECONDS, offsetof(cli_search, po.time_limit), NULL, NULL, 0,
     "seconds for best (once its first heuristic has a plan) and exact\n"
     "(every stage); default 10", NULL, NULL},
    {"--node-limit", NULL, "N", CLI_COUNT, offsetof(cli_search, po.node_limit), NULL, NULL, 0,
     "exact: stop the search after N nodes instead of on time (the same\n"
     "result on every machine; replaces --time-limit for the search)", NULL,
     "{flag} {value}: not a positive number of nodes"},
    {"--work-limit", NULL, "N", CLI_COUNT, offsetof(cli_search, po.work_limit), NULL, NULL, 0,
     "best, exact's start and every heuristic: stop after N units of\n"
     "placement work (an obstacle listed, a tree level walked) instead of\n"
     "on time (the same result on every machine)", NULL,
     "{flag} {value}: not a positive number of work units"},
    {"--capacity", NULL, "BYTES", CLI_BYTES, offsetof(cli_search, po.capacity), NULL, NULL, 0,
     "exact: find a plan within BYTES, or prove there is none", NULL, NULL},
    {"--seed", NULL, "N", CLI_NUMBER, offsetof(cli_search, po.seed), NULL, NULL, 0,
     "seed for randomized steps (default 0; results stay deterministic)", NULL,
     "{flag} {value}: a seed is a whole number from 0 to 2^64 - 1"},
    {"--quiet", "-q", NULL, CLI_FLAG, offsetof(cli_search, quiet), NULL, NULL, 0,
     "no progress line on stderr", NULL, NULL},
};

cli_group cli_search_group(cli_search *s)
{
    cli_group g = CLI_GROUP(search_rows, s);
    return g;
}

/* Whether strategy s uses the search option named flag. */
static int uses(const char *s, const char *flag)
{
    int work = strcmp(flag, "--work-limit") == 0;
    if (!s || strcmp(s, "best") == 0)
        return work || strcmp(flag, "--time-limit") == 0 || strcmp(flag, "--seed") == 0;
    if (strcmp(s, "exact") == 0)
        return 1;
    if (strcmp(s, "search") == 0)
        return work || strcmp(flag, "--seed") == 0;
    return work && strcmp(s, "linear") != 0;
}

void cli_warn_ineffective(const char *const *strategies, size_t n)
{
    static const char *const flags[][2] = {
        {"--capacity", "--strategy exact"},
        {"--node-limit", "--strategy exact"},
        {"--time-limit", "the strategies best and exact"},
        {"--seed", "the strategies best, search and exact"},
        {"--work-limit", "every strategy but linear"},
    };
    for (size_t k = 0; k < sizeof flags / sizeof flags[0]; k++) {
        size_t i;
        if (!cli_given(flags[k][0]))
            continue;
        for (i = 0; i < n && !uses(strategies[i], flags[k][0]); i++)
            ;
        if (i < n)
            continue;
        if (n == 1)
            cli_warn("%s applies to %s; %s does not use it", flags[k][0], flags[k][1],
                     strategies[0] ? strategies[0] : "best");
        else
            cli_warn("%s applies to %s; none of the strategies asked uses it", flags[k][0],
                     flags[k][1]);
    }
}

void cli_warn_cb(void *ctx, const char *msg)
{
    (void)ctx;
    cli_warn("%s", msg);
}

/* The target of o: --target, else host64 for --kernels reference64, else cortex-m. */
static const char *target_of(const cli_input_opts *o)
{
    if (o->target)
        return o->target;
    return o->load.build.kernels == AP_TFLM_KERNELS_REFERENCE64 ? "host64" : "cortex-m";
}

int cli_build_options(const cli_input_opts *o, ap_tflite_build_options *out)
{
    *out = o->load.build;
    /* a model TFLM's allocator refuses is read for its head; the whole arena says the refusal */
    out->allow_refusal = 1;
    /* on a 64-bit host TFLM's reference kernels ask for the scratch of reference64 */
    if (strcmp(target_of(o), "host64") == 0 && out->kernels == AP_TFLM_KERNELS_REFERENCE)
        out->kernels = AP_TFLM_KERNELS_REFERENCE64;
    if (o->target && strcmp(o->target, "cortex-m") == 0 && out->kernels == AP_TFLM_KERNELS_REFERENCE64) {
        cli_error("--kernels reference64 is the reference kernel set on host64, not on cortex-m");
        return -1;
    }
    if (strcmp(target_of(o), "host64") == 0 && (out->kernels == AP_TFLM_KERNELS_CMSIS_NN ||
                                                out->kernels == AP_TFLM_KERNELS_CMSIS_NN_M4)) {
        cli_error("--kernels %s is a Cortex-M build (--target cortex-m), not one for host64",
                  ap_tflm_set_name(AP_TFLM_SET_KERNELS, (int)out->kernels));
        return -1;
    }
    return 0;
}

/* The options of TFLM's whole arena for o: its target, and its kernel set by name (the arena
 * names the reference kernels "reference" on every target). */
static void arena_options(const cli_input_opts *o, ap_tflm_options *to)
{
    ap_tflm_options_init(to);
    to->target = target_of(o);
    to->kernels = o->load.build.kernels == AP_TFLM_KERNELS_REFERENCE64
                      ? "reference"
                      : ap_tflm_set_name(AP_TFLM_SET_KERNELS, (int)o->load.build.kernels);
}

ap_problem *cli_load(const char *path, const cli_input_opts *o)
{
    ap_load_options lo = o->load;
    ap_problem *p = NULL;
    ap_error err = {0};
    const unsigned char *data;
    size_t len;
    lo.warn = cli_warn_cb;
    if (cli_input_check(o) != 0)
        return NULL;
    if (cli_input_read(path, &data, &len) != 0)
        return NULL;
    int model = ap_is_model_data(data, len, path);
    if (o->load.runtime == AP_RUNTIME_TFLITE && !model)
        cli_warn("%s: --runtime applies to models; a buffer list is planned as written", path);
    if (o->model_option && !model)
        cli_warn("%s: %s applies to models; a buffer list is planned as written", path,
                 o->model_option);
    if (o->load.allow_fixed_overlap && model)
        cli_warn("%s: --allow-fixed-overlap applies to buffer lists; a model's offline plan may "
                 "always place fixed tensors on shared bytes", path);
    if (cli_build_options(o, &lo.build) != 0)
        return NULL;
    if (ap_tflite_rules_asked(&lo.build) && !model)
        cli_warn("%s: --inplace and --overlap apply to models only; a buffer list gives its "
                 "allowances in its alias_of and overlap_of columns", path);
    if (ap_load_data(data, len, path, &lo, &p, &err) != AP_OK) {
        cli_error("%s", err.msg);
        return NULL;
    }
    return p;
}

int cli_interrupted(const ap_plan_options *opt, int64_t best, int64_t bound)
{
    if (!opt->stop || !*opt->stop)
        return 0;
    cli_progress_done();
    if (best >= 0)
        cli_error("interrupted: nothing written (the best plan so far needs %lld bytes; no plan "
                  "needs fewer than %lld); a --time-limit or --node-limit stops with the plan",
                  (long long)best, (long long)bound);
    else
        cli_error("interrupted: nothing written");
    return 1;
}

void cli_stopped_note(const ap_plan *plan, const ap_plan_options *opt)
{
    if (!plan->stopped || plan->stopped == AP_STOPPED_SIGNAL || strncmp(plan->strategy, "best", 4))
        return;
    if (plan->stopped == AP_STOPPED_WORK)
        cli_warn("best stopped at its work limit (%llu units; --work-limit raises it): %s",
                 (unsigned long long)opt->work_limit,
                 plan->fallback ? "no heuristic had finished, the plan is linear's (no reuse)"
                                : "the plan is the best found by then");
    else
        cli_warn("best stopped at its time limit (%.3g s; --time-limit raises it, --work-limit "
                 "N makes it the same on every machine): %s",
                 opt->time_limit > 0 ? opt->time_limit : 10,
                 plan->fallback ? "no heuristic had finished, the plan is linear's (no reuse)"
                                : "the plan is the best found by then");
}

int cli_plan(const ap_problem *p, ap_plan_options *opt, ap_plan *plan)
{
    ap_error err = {0};
    ap_check_result res;
    ap_status st = ap_plan_problem(p, opt, plan, &err);
    if (cli_interrupted(opt, st == AP_OK ? plan->arena : -1,
                        st == AP_OK && plan->verdict ? plan->proven_bound : -1))
        return EXIT_INTERRUPTED;
    if (st != AP_OK) {
        cli_progress_done();
        cli_error("%s", err.msg);
        return st == AP_ERR_USAGE || st == AP_ERR_INPUT ? EXIT_USAGE : EXIT_INVALID;
    }
    cli_progress_done();
    cli_stopped_note(plan, opt);
    if (ap_check(p, plan->offset, &res) != AP_OK) {
        cli_error("internal error: the plan made by '%s' fails the checker: %s", plan->strategy, res.message);
        return EXIT_INVALID;
    }
    return EXIT_OK;
}

static volatile sig_atomic_t stop_flag;

static void on_sigint(int sig)
{
    (void)sig;
    stop_flag = 1;
}

volatile sig_atomic_t *cli_stop_flag(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    return &stop_flag;
}

static int progress_shown;

static void print_progress(const ap_progress *pr, void *ctx)
{
    double gap = pr->bound > 0 ? 100.0 * (double)(pr->best_arena - pr->bound) / (double)pr->bound : 0.0;
    (void)ctx;
    fprintf(stderr, "\r\033[K%6.1f s  best %lld  bound %lld  gap %.2f%%  %.0f nodes/s", pr->elapsed,
            (long long)pr->best_arena, (long long)pr->bound, gap,
            pr->elapsed > 0 ? (double)pr->nodes / pr->elapsed : 0.0);
    fflush(stderr);
    progress_shown = 1;
}

void (*cli_progress_printer(int quiet))(const ap_progress *, void *)
{
    if (quiet || !isatty(2))
        return NULL;
    return print_progress;
}

void cli_progress_done(void)
{
    if (progress_shown) {
        fputs("\r\033[K", stderr);
        fflush(stderr);
        progress_shown = 0;
    }
}

int cli_check_strategy(const char *name)
{
    size_t n, i;
    const ap_strategy *s = ap_strategies(&n);
    if (ap_strategy_find(name))
        return 0;
    fprintf(stderr, "arenaplan: unknown strategy '%s'; known:", name);
    for (i = 0; i < n; i++)
        fprintf(stderr, " %s", s[i].name);
    fputc('\n', stderr);
    return -1;
}

int cli_budget_estimate(const char *path, const ap_problem *p, int64_t budget, int64_t budget_head)
{
    const ap_unmodelled *u = p->n_unmodelled ? &p->unmodelled[0] : NULL;
    char at[96] = "";
    if ((budget < 0 && budget_head < 0) || !u)
        return 0;
    if (u->op && u->node >= 0)
        snprintf(at, sizeof at, "op %lld %s: ", (long long)u->node, u->op);
    cli_error("%s: cannot check the budget: the head is a lower estimate, not modelled: %s%s%s",
              path, at, u->what, p->n_unmodelled > 1 ? " (and more, above)" : "");
    return 1;
}

int cli_budget_exceeded(int64_t budget, const char *what, int64_t bytes)
{
    if (budget < 0 || bytes <= budget)
        return 0;
    cli_error("the %s needs %lld bytes, %lld more than the budget of %lld bytes", what, (long long)bytes,
              (long long)(bytes - budget), (long long)budget);
    return 1;
}

int cli_budget_unknown(int64_t budget)
{
    if (budget < 0)
        return 0;
    cli_error("--budget %lld: TFLM's whole arena is unknown (above), so it cannot be gated; "
              "--budget-head gates the head", (long long)budget);
    return 1;
}

static char arena_why[AP_ERROR_MAX + 96]; /* why the last arena asked for is unknown */

const char *cli_arena_why(void)
{
    return arena_why[0] ? arena_why : NULL;
}

/* The reason cli_arena and cli_model_arena give for kernel set none, or for an error. */
static void set_arena_why(const cli_input_opts *o, const char *target, const char *msg)
{
    if (msg)
        snprintf(arena_why, sizeof arena_why, "TFLM's whole arena on %s: %s", target, msg);
    else if (o->load.build.kernels == AP_TFLM_KERNELS_NONE && o->load.runtime != AP_RUNTIME_TFLITE)
        snprintf(arena_why, sizeof arena_why, "--kernels none: no kernel set, so no TFLM arena");
    else
        arena_why[0] = 0;
}

int cli_budget_refused(int64_t budget, const char *path, const ap_tflm_refusal *r)
{
    if (budget < 0)
        return 0;
    cli_error("--budget %lld: %s: %s; there is no whole arena to gate (--budget-head gates the "
              "head)", (long long)budget, path, r->message);
    return 1;
}

/* The warning for a model TFLM cannot load. */
static void warn_refused(const char *path, const ap_tflm_arena *a)
{
    snprintf(arena_why, sizeof arena_why, "%s", a->refusal.message);
    cli_warn("%s: %s; the head is planned, but no kTensorArenaSize exists for TFLM on %s", path,
             a->refusal.message, a->target ? a->target : "this target");
}

int cli_model_arena(const unsigned char *data, size_t len, const char *name, const cli_input_opts *o,
                    ap_tflm_arena *out)
{
    ap_tfl_model *m = NULL;
    ap_tflm_options to;
    ap_error err = {0};
    ap_status st;
    set_arena_why(o, NULL, NULL);
    if (o->load.build.kernels == AP_TFLM_KERNELS_NONE || o->load.runtime == AP_RUNTIME_TFLITE)
        return 0;
    arena_options(o, &to);
    if ((st = ap_tflite_read(data, len, &m, &err)) == AP_OK)
        st = ap_tflm_arena_compute(m, &to, out, &err);
    ap_tflite_free(m);
    if (st != AP_OK && out->refusal.kind != AP_TFLM_LOADS) {
        warn_refused(name, out);
        return CLI_ARENA_TFLM_REFUSES;
    }
    if (st != AP_OK) {
        set_arena_why(o, to.target, err.msg);
        cli_warn("%s: TFLM's whole arena on %s: %s; showing the head only", name, to.target, err.msg);
        return -1;
    }
    if (strcmp(to.target, "cortex-m") == 0 && out->min_arena > (int64_t)UINT32_MAX) {
        cli_error("%s: TFLM's whole arena on cortex-m needs %lld bytes, beyond the 4 GiB a 32-bit "
                  "target addresses: no cortex-m build can declare it (--target host64 plans it "
                  "for a 64-bit host)", name, (long long)out->min_arena);
        return CLI_ARENA_REFUSED;
    }
    return 1;
}

int cli_arena(const char *path, const cli_input_opts *o, const ap_problem *p, const ap_plan *plan,
              ap_tflm_whole *out)
{
    const unsigned char *data;
    size_t len = 0;
    ap_tfl_model *m = NULL;
    ap_tflm_options to;
    ap_error err = {0};
    ap_status st;
    set_arena_why(o, NULL, NULL);
    if (p->origin != AP_ORIGIN_TFLM || o->load.build.kernels == AP_TFLM_KERNELS_NONE ||
        o->load.runtime == AP_RUNTIME_TFLITE || cli_input_read(path, &data, &len) != 0)
        return 0;
    arena_options(o, &to);
    if ((st = ap_tflite_read(data, len, &m, &err)) == AP_OK)
        st = ap_tflm_plan_arena(m, p, plan, &to, out, &err);
    ap_tflite_free(m);
    if (st != AP_OK && out->plan.refusal.kind != AP_TFLM_LOADS) {
        warn_refused(path, &out->plan);
        return CLI_ARENA_TFLM_REFUSES;
    }
    if (st != AP_OK) {
        set_arena_why(o, to.target, err.msg);
        cli_warn("%s: TFLM's whole arena on %s: %s; showing the head only", path, to.target, err.msg);
        return -1;
    }
    if (strcmp(to.target, "cortex-m") == 0 && out->plan.min_arena > (int64_t)UINT32_MAX) {
        cli_error("%s: TFLM's whole arena on cortex-m needs %lld bytes, beyond the 4 GiB a 32-bit "
                  "target addresses: no cortex-m build can declare it (--target host64 plans it "
                  "for a 64-bit host)", path, (long long)out->plan.min_arena);
        return CLI_ARENA_REFUSED;
    }
    return 1;
}

/* The models at paths[0..n), read. 0, or -1 (a warning said why). */
static int read_models(const char *const *paths, size_t n, ap_tfl_model **m)
{
    for (size_t i = 0; i < n; i++) {
        const unsigned char *data;
        size_t len = 0;
        ap_error err = {0};
        if (cli_input_read(paths[i], &data, &len) != 0 ||
            ap_tflite_read(data, len, &m[i], &err) != AP_OK) {
            cli_warn("%s: %s", paths[i], err.msg);
            return -1;
        }
    }
    return 0;
}

int cli_tenants(const char *const *paths, const int64_t *heads, size_t n, const cli_input_opts *o,
                ap_tflm_tenants *out, size_t *order, int64_t *best, int64_t *given, int pick)
{
    ap_tfl_model *m[AP_TFLM_TENANTS_MAX] = {0};
    const ap_tfl_model *mm[AP_TFLM_TENANTS_MAX];
    int64_t hh[AP_TFLM_TENANTS_MAX];
    ap_tflm_options to;
    ap_error err = {0};
    ap_status st = AP_ERR_USAGE;
    int searched = 0;
    arena_options(o, &to);
    memset(out, 0, sizeof *out);
    out->refused = -1;
    if (best)
        *best = *given = -1;
    if (n <= AP_TFLM_TENANTS_MAX && read_models(paths, n, m) == 0) {
        if (order && n <= AP_TFLM_ORDER_MAX)
            searched = ap_tflm_tenants_order((const ap_tfl_model *const *)m, heads, n, &to, order,
                                             best, given, &err) == AP_OK && pick;
        for (size_t i = 0; i < n; i++) { /* the best order when searched */
            mm[i] = m[searched ? order[i] : i];
            hh[i] = heads[searched ? order[i] : i];
        }
        st = ap_tflm_tenants_compute(mm, hh, n, &to, out, &err);
    }
    for (size_t i = 0; i < n && i < AP_TFLM_TENANTS_MAX; i++)
        ap_tflite_free(m[i]);
    if (st == AP_OK || out->refused >= 0)
        return 1;
    if (err.msg[0]) {
        cli_warn("TFLM's multi-tenant arena on %s: %s", to.target, err.msg);
        snprintf(arena_why, sizeof arena_why, "TFLM's whole arena on %s: %s", to.target, err.msg);
    }
    return -1;
}

void cli_saving_lines_fill(cli_saving_lines *s, const char *path, ap_tflm_kernels kernels,
                           const char *target)
{
    size_t n = 0;
    if (cli_reorder_line(path, NULL, kernels, s->reorder, sizeof s->reorder))
        s->lines[n++] = s->reorder;
    if (cli_patch_line(path, kernels, target, s->patch, sizeof s->patch))
        s->lines[n++] = s->patch;
    s->lines[n] = NULL;
}

int cli_reorder_line(const char *path, const ap_tfl_model *m, ap_tflm_kernels kernels, char *buf,
                     size_t n)
{
    const unsigned char *data;
    size_t len = 0;
    ap_tfl_model *own = NULL;
    ap_tflite_reorder_options ro;
    ap_tflite_reorder_result r;
    ap_error err = {0};
    buf[0] = 0;
    if (!m) {
        if (!cli_input_is_model(path) || cli_input_read(path, &data, &len) != 0 ||
            ap_tflite_read(data, len, &own, &err) != AP_OK)
            return 0;
        m = own;
    }
    ap_tflite_reorder_options_init(&ro);
    ro.kernels = kernels;
    ro.order.budget = AP_ORDER_QUICK_BUDGET;
    if (ap_tflite_reorder_find(m, &ro, &r, &err) != AP_OK) {
        snprintf(buf, n, "reorder      the operator order cannot change: %s", err.msg);
    } else if (r.moved) {
        long long d = (long long)(r.peak_stored - r.peak);
        snprintf(buf, n, "reorder      another operator order keeps %lld bytes live at most "
                 "instead of %lld (-%lld, %.1f%%%s): 'arenaplan reorder' writes it",
                 (long long)r.peak, (long long)r.peak_stored, d,
                 100.0 * (double)d / (double)r.peak_stored,
                 r.proven ? ", optimal" : "");
    } else if (r.proven) {
        snprintf(buf, n, "reorder      the stored operator order is optimal: every order keeps "
                 "%lld bytes live at some step", (long long)r.peak);
    } else {
        snprintf(buf, n, "reorder      no order found beats the stored one (%lld bytes live at "
                 "most) in a quick search; every order needs at least %lld: 'arenaplan reorder' "
                 "searches further", (long long)r.peak, (long long)r.bound);
    }
    ap_tflite_reorder_result_free(&r);
    ap_tflite_free(own);
    return buf[0] != 0;
}
