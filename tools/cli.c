/* cli.c - option matching, input loading, atomic output and progress for the CLI (cli.h). */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arenaplan/check.h"
#include "arenaplan/reorder.h"
#include "arenaplan/tflite.h"
#include "arenaplan/tflm.h"
#include "arenaplan/tflm_arena.h"
#include "cli.h"

__attribute__((format(printf, 2, 0))) static void vmsg(const char *kind, const char *fmt, va_list ap)
{
    fprintf(stderr, "arenaplan: %s", kind);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
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

int cli_value(int argc, char **argv, int *i, const char *lng, const char *shrt, const char **val)
{
    const char *a = argv[*i];
    size_t n = strlen(lng);
    if (strncmp(a, lng, n) == 0 && a[n] == '=') {
        *val = a + n + 1;
        return 1;
    }
    if (strcmp(a, lng) != 0 && !(shrt && strcmp(a, shrt) == 0))
        return 0;
    if (*i + 1 >= argc) {
        cli_error("%s needs a value", lng);
        return -1;
    }
    *val = argv[++*i];
    return 1;
}

int cli_flag(char **argv, int i, const char *lng, const char *shrt)
{
    return strcmp(argv[i], lng) == 0 || (shrt && strcmp(argv[i], shrt) == 0);
}

int cli_is_help(char **argv, int i)
{
    return cli_flag(argv, i, "--help", "-h");
}

int cli_parse_bytes(const char *s, int64_t *out)
{
    char *end;
    unsigned long long v;
    int64_t mul = 1;
    if (!s || !*s || *s == '-' || *s == '+')
        return -1;
    errno = 0;
    v = strtoull(s, &end, 10);
    if (errno || end == s)
        return -1;
    if (*end) {
        if (strcasecmp(end, "k") == 0 || strcasecmp(end, "kb") == 0 || strcasecmp(end, "kib") == 0)
            mul = 1024;
        else if (strcasecmp(end, "m") == 0 || strcasecmp(end, "mb") == 0 || strcasecmp(end, "mib") == 0)
            mul = 1024 * 1024;
        else if (strcasecmp(end, "b") != 0)
            return -1;
    }
    if (v > (unsigned long long)(AP_MAX_VALUE / mul))
        return -1;
    *out = (int64_t)v * mul;
    return 0;
}

int cli_parse_seconds(const char *s, double *out)
{
    char *end;
    double v;
    if (!s || !*s)
        return -1;
    errno = 0;
    v = strtod(s, &end);
    if (errno || *end || !(v >= 0) || !isfinite(v) || v > 1e9)
        return -1;
    *out = v;
    return 0;
}

void cli_input_init(cli_input_opts *o)
{
    memset(o, 0, sizeof *o);
    ap_load_options_init(&o->load);
}

const char cli_input_help[] =
    "  --align N          default alignment of buffers, a power of two (CSV: 1; models: 16)\n"
    "  --kernels SET      models: whose kernels' scratch requests to model: reference (TFLM's\n"
    "                     reference kernels on a 32-bit target, the default), reference64 (the\n"
    "                     same on a 64-bit host), cmsis-nn (= cmsis-nn-m4: TFLM with CMSIS-NN\n"
    "                     on a Cortex-M4 with DSP, built with arm-none-eabi-gcc) or none;\n"
    "                     see docs/kernels.md\n"
    "  --target TARGET    models: whose TFLM arena to compute: cortex-m (32-bit Arm, the\n"
    "                     default) or host64 (x86-64 or aarch64 Linux; its kernel set is then\n"
    "                     reference64)\n"
    "  --ignore-offline   models: do not keep the offsets of an embedded offline plan\n"
    "  --allow-fixed-overlap  buffer lists: fixed offsets may share bytes while both buffers\n"
    "                     live (as a model's offline plan may), with a warning; else an error\n"
    "  --inplace RULES    models: none (default; TFLM shares no bytes), reshape (RESHAPE,\n"
    "                     SQUEEZE, EXPAND_DIMS outputs alias their dying input) or elementwise\n"
    "                     (those and element-wise operators); see docs/inplace.md\n"
    "  --overlap RULES    models: none (default) or reference: an output may start inside its\n"
    "                     dying input as far as TFLM's reference kernels allow (CONV_2D,\n"
    "                     DEPTHWISE_CONV_2D, pools, element-wise); such plans hold only with\n"
    "                     those kernels, not CMSIS-NN or Xtensa; see docs/overlap.md\n"
    "  --runtime NAME     models: tflm (default: TensorFlow Lite Micro) or tflite (the\n"
    "                     TensorFlow Lite interpreter's arena: ArenaPlanner's tensors, kernel\n"
    "                     temporaries and in-place sharing; strategy tflite is its own plan;\n"
    "                     see docs/tflite-runtime.md)\n"
    "  --threads N        --runtime tflite: Interpreter::SetNumThreads before AllocateTensors,\n"
    "                     -1 (TFLite's default) or 0 and up; 1 gives float CONV_2D im2col\n";

/* --kernels, --inplace, --overlap: a name from the rule sets' table (tflm.h). Returns 1 with
 * *value set, 0 when argv[*i] is another option, -1 after an error message. */
static int set_option(int argc, char **argv, int *i, const char *flag, ap_tflm_set set, int *value)
{
    const char *v, *const *names = ap_tflm_set_names(set);
    char known[128] = "";
    size_t len = 0, k, n;
    ap_error err = {0};
    int m = cli_value(argc, argv, i, flag, NULL, &v);
    if (m <= 0)
        return m;
    if (ap_tflm_set_find(set, v, value, &err) == AP_OK)
        return 1;
    for (n = 0; names[n]; n++)
        ;
    for (k = 0; k < n; k++)
        len += (size_t)snprintf(known + len, sizeof known - len, "%s%s",
                                k == 0 ? "" : k + 1 == n ? " or " : ", ", names[k]);
    cli_error("%s %s: unknown %s (%s)", flag, v, set == AP_TFLM_SET_KERNELS ? "kernel set" : "rule set",
              known);
    return -1;
}

int cli_input_option(cli_input_opts *o, int argc, char **argv, int *i)
{
    const char *v;
    int m, x;
    if ((m = cli_value(argc, argv, i, "--align", NULL, &v)) != 0) {
        int64_t a;
        if (m < 0)
            return -1;
        if (cli_parse_bytes(v, &a) || a <= 0 || (a & (a - 1)) || a > (INT64_C(1) << 30)) {
            cli_error("--align %s: not a power of two between 1 and 2^30", v);
            return -1;
        }
        o->load.build.align = a;
        return 1;
    }
    if ((m = set_option(argc, argv, i, "--kernels", AP_TFLM_SET_KERNELS, &x)) != 0) {
        o->load.build.kernels = (ap_tflm_kernels)x;
        o->tflm_option = "--kernels";
        return m;
    }
    if ((m = cli_value(argc, argv, i, "--target", NULL, &v)) != 0) {
        if (m < 0)
            return -1;
        if (strcmp(v, "cortex-m") && strcmp(v, "host64")) {
            cli_error("--target %s: cortex-m or host64", v);
            return -1;
        }
        o->target = v;
        o->tflm_option = "--target";
        return 1;
    }
    if (cli_flag(argv, *i, "--ignore-offline", NULL)) {
        o->load.build.ignore_offline = 1;
        o->tflm_option = "--ignore-offline";
        return 1;
    }
    if (cli_flag(argv, *i, "--allow-fixed-overlap", NULL)) {
        o->load.allow_fixed_overlap = 1;
        return 1;
    }
    if ((m = set_option(argc, argv, i, "--inplace", AP_TFLM_SET_INPLACE, &x)) != 0) {
        o->load.build.inplace = (ap_tflm_inplace)x;
        o->tflm_option = "--inplace";
        return m;
    }
    if ((m = set_option(argc, argv, i, "--overlap", AP_TFLM_SET_OVERLAP, &x)) != 0) {
        o->load.build.overlap = (ap_tflm_overlap)x;
        o->tflm_option = "--overlap";
        return m;
    }
    if ((m = cli_value(argc, argv, i, "--runtime", NULL, &v)) != 0) {
        if (m > 0 && (strcmp(v, "tflm") == 0 || strcmp(v, "tflite") == 0)) {
            o->load.runtime = strcmp(v, "tflite") == 0 ? AP_RUNTIME_TFLITE : AP_RUNTIME_TFLM;
            return 1;
        }
        if (m > 0)
            cli_error("--runtime %s: unknown runtime (tflm or tflite)", v);
        return -1;
    }
    if ((m = cli_value(argc, argv, i, "--threads", NULL, &v)) != 0) {
        char *end;
        long t;
        if (m < 0)
            return -1;
        errno = 0;
        t = strtol(v, &end, 10);
        if (!*v || *end || errno || t < -1 || t > 1 << 20) {
            cli_error("--threads %s: -1 (TFLite's default) or a thread count from 0", v);
            return -1;
        }
        o->load.litert.threads = (int)t;
        o->threads_given = 1;
        return 1;
    }
    return 0;
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

const char cli_search_help[] =
    "  --time-limit S     seconds for best (once its first heuristic has a plan) and exact\n"
    "                     (every stage); default 10\n"
    "  --node-limit N     exact: stop the search after N nodes instead of on time (the same\n"
    "                     result on every machine; replaces --time-limit for the search)\n"
    "  --work-limit N     best, exact's start and every heuristic: stop after N units of\n"
    "                     placement work (an obstacle listed, a tree level walked) instead of\n"
    "                     on time (the same result on every machine)\n"
    "  --capacity BYTES   exact: find a plan within BYTES, or prove there is none\n"
    "  --seed N           seed for randomized steps (default 0; results stay deterministic)\n"
    "  --quiet            no progress line on stderr\n";

/* A whole decimal number, no sign. Returns 0 on success. */
static int parse_count(const char *v, uint64_t *out)
{
    char *end;
    errno = 0;
    *out = strtoull(v, &end, 10);
    return !*v || *end || *v == '-' || errno ? -1 : 0;
}

int cli_search_option(ap_plan_options *po, int *quiet, int argc, char **argv, int *i)
{
    const char *v;
    int m;
    if ((m = cli_value(argc, argv, i, "--capacity", NULL, &v)) != 0) {
        if (m > 0 && cli_parse_bytes(v, &po->capacity) == 0)
            return 1;
        if (m > 0)
            cli_error("--capacity %s: not a byte count (examples: 65536, 64K, 1M)", v);
        return -1;
    }
    if ((m = cli_value(argc, argv, i, "--time-limit", NULL, &v)) != 0) {
        if (m > 0 && cli_parse_seconds(v, &po->time_limit) == 0 && po->time_limit > 0)
            return 1;
        if (m > 0)
            cli_error("--time-limit %s: not a positive number of seconds", v);
        return -1;
    }
    if ((m = cli_value(argc, argv, i, "--node-limit", NULL, &v)) != 0) {
        if (m > 0 && parse_count(v, &po->node_limit) == 0 && po->node_limit > 0)
            return 1;
        if (m > 0)
            cli_error("--node-limit %s: not a positive number of nodes", v);
        return -1;
    }
    if ((m = cli_value(argc, argv, i, "--work-limit", NULL, &v)) != 0) {
        if (m > 0 && parse_count(v, &po->work_limit) == 0 && po->work_limit > 0)
            return 1;
        if (m > 0)
            cli_error("--work-limit %s: not a positive number of work units", v);
        return -1;
    }
    if ((m = cli_value(argc, argv, i, "--seed", NULL, &v)) != 0) {
        if (m > 0 && parse_count(v, &po->seed) == 0)
            return 1;
        if (m > 0)
            cli_error("--seed %s: not a number", v);
        return -1;
    }
    if (cli_flag(argv, *i, "--quiet", "-q")) {
        *quiet = 1;
        return 1;
    }
    return 0;
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

int cli_budget_option(int argc, char **argv, int *i, const char *flag, int64_t *budget)
{
    const char *v;
    int m = cli_value(argc, argv, i, flag, NULL, &v);
    if (m > 0 && cli_parse_bytes(v, budget) != 0) {
        cli_error("%s %s: not a byte count (examples: 65536, 64K, 1M)", flag, v);
        return -1;
    }
    return m;
}

int cli_budget_estimate(const char *path, const ap_problem *p, int64_t budget, int64_t budget_head)
{
    const ap_unmodelled *u = p->n_unmodelled ? &p->unmodelled[0] : NULL;
    char at[96] = "";
    if ((budget < 0 && budget_head < 0) || !u)
        return 0;
    if (u->op && u->node >= 0)
        snprintf(at, sizeof at, "op %lld %s: ", (long long)u->node, u->op);
    cli_error("%s: cannot check the budget: the arena is a lower estimate, not modelled: %s%s%s",
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

int cli_model_arena(const unsigned char *data, size_t len, const char *name, const cli_input_opts *o,
                    ap_tflm_arena *out)
{
    ap_tfl_model *m = NULL;
    ap_tflm_options to;
    ap_error err = {0};
    ap_status st;
    if (o->load.build.kernels == AP_TFLM_KERNELS_NONE || o->load.runtime == AP_RUNTIME_TFLITE)
        return 0;
    arena_options(o, &to);
    if ((st = ap_tflite_read(data, len, &m, &err)) == AP_OK)
        st = ap_tflm_arena_compute(m, &to, out, &err);
    ap_tflite_free(m);
    if (st != AP_OK) {
        cli_warn("%s: TFLM's whole arena on %s: %s; showing the head only", name, to.target, err.msg);
        return -1;
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
    if (p->origin != AP_ORIGIN_TFLM || o->load.build.kernels == AP_TFLM_KERNELS_NONE ||
        o->load.runtime == AP_RUNTIME_TFLITE || cli_input_read(path, &data, &len) != 0)
        return 0;
    arena_options(o, &to);
    if ((st = ap_tflite_read(data, len, &m, &err)) == AP_OK)
        st = ap_tflm_plan_arena(m, p, plan, &to, out, &err);
    ap_tflite_free(m);
    if (st != AP_OK) {
        cli_warn("%s: TFLM's whole arena on %s: %s; showing the head only", path, to.target, err.msg);
        return -1;
    }
    return 1;
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
