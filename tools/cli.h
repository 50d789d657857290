/*
 * cli.h - what the command files of the `arenaplan` tool share: option matching, loading
 * inputs with warnings on stderr, atomic output files, exit codes. The CLI only parses and
 * prints; all logic is in the library.
 */
#ifndef AP_CLI_H
#define AP_CLI_H

#include <stdint.h>
#include <stdio.h>

#include "arenaplan/load.h"
#include "arenaplan/plan.h"
#include "arenaplan/planner.h"
#include "arenaplan/problem.h"
#include "cli_opt.h"

/* The output formats, parsed once (the choices of --format, in this order). */
typedef enum cli_format { CLI_FORMAT_TABLE, CLI_FORMAT_CSV, CLI_FORMAT_JSON, CLI_FORMAT_C } cli_format;
extern const char *const cli_format_names[];      /* "table", "csv", "json", "c", NULL */
extern const char *const cli_format_names_nc[];   /* without "c": compare, inspect */

enum { EXIT_OK = 0, EXIT_INVALID = 1, EXIT_USAGE = 2, EXIT_INTERRUPTED = 130 /* 128 + SIGINT */ };

typedef struct cli_command {
    const char *name;
    const char *summary;
    int (*run)(int argc, char **argv); /* argv[0] is the command name */
} cli_command;

/* Prints "arenaplan: " + message to stderr, control characters and invalid UTF-8 escaped
 * (cli_put_safe). */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void cli_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Writes text[0..len) to f with what a terminal would obey escaped: C0 controls but newline
 * and tab, DEL and C1 controls as \xNN / \u00NN, and each byte of no valid UTF-8 character as
 * \xNN; every other character as it is. For tables and messages, whose names come from the
 * input (a tensor name holding ESC ] ... would set the terminal's title, or worse). keep_cr
 * lets carriage returns through (TFLM's own log, byte for byte, ends its lines with CRLF). */
void cli_put_safe(FILE *f, const char *text, size_t len, int keep_cr);

/* Input options shared by plan, check, compare, inspect, report, embed. */
typedef struct cli_input_opts {
    ap_load_options load;
    const char *tflm_option;  /* the last TFLM-only option given (--kernels, ...), or NULL */
    const char *model_option; /* the last option for models only (--kernels, --target,
                                 --ignore-offline), or NULL: a buffer list warns of it */
    int threads_given;        /* --threads was given */
    const char *target;   /* --target: "cortex-m" (the default for models) or "host64" */
} cli_input_opts;

void cli_input_init(cli_input_opts *o);
/* The rows of --align, --kernels, --target, --ignore-offline, --allow-fixed-overlap,
 * --inplace, --overlap, --runtime, --threads, into o; models: --kernels and --target only. */
cli_group cli_input_group(cli_input_opts *o);
/* --kernels SET into o (for a command whose own --kernels row takes more). */
int cli_input_kernels(cli_input_opts *o, const cli_opt *row, const char *v);
cli_group cli_input_group_models(cli_input_opts *o);
/* --inplace and --overlap only, into o. */
cli_group cli_input_group_sharing(cli_input_opts *o);

/* TFLM's whole arena (tflm_arena.h) for a plan of the problem read from path, on o's target with
 * o's kernel set: 1 with *out filled; 0 when path is no model or the kernel set is "none";
 * -1 when the model's arena cannot be computed (a warning says why: the outputs then show the
 * head alone); CLI_ARENA_REFUSED after an error when the target is cortex-m and the arena
 * needs 4 GiB or more, which no 32-bit build can declare (every format refuses it alike). */
struct ap_tflm_whole;
#define CLI_ARENA_REFUSED (-2) /* cortex-m: the whole arena is beyond 32 bits (said why) */
/* TFLM itself cannot load the model (its Prepare refuses it, it has no kernel for an operator,
 * or it aborts): *out holds the refusal (out->plan.refusal), a warning said it; the head is
 * planned, the whole arena has no figure. */
#define CLI_ARENA_TFLM_REFUSES (-3)
int cli_arena(const char *path, const cli_input_opts *o, const ap_problem *p, const ap_plan *plan,
              struct ap_tflm_whole *out);

/* Why the arena the last cli_arena or cli_model_arena call gave no figure for is unknown ("TFLM's
 * whole arena on cortex-m: MSG", "--kernels none: ..."), or NULL (an arena computed; an input
 * whose outputs say why themselves: a CSV, --runtime tflite). Valid until the next call. */
const char *cli_arena_why(void);

/* TFLM's whole arena for the model in data[0..len) as it is (its own offline plan honoured),
 * on o's target: as cli_arena, name naming it in the warning. */
struct ap_tflm_arena;
int cli_model_arena(const unsigned char *data, size_t len, const char *name, const cli_input_opts *o,
                    struct ap_tflm_arena *out);

/* TFLM's multi-tenant arena (tflm_arena.h) of the models at paths[0..n) on o's target and
 * kernels, model i laying out heads[i] bytes of head. With order (not NULL) and n <=
 * AP_TFLM_ORDER_MAX, first the best order of creation (ap_tflm_tenants_order: order[], *best,
 * *given; else *best = *given = -1), and with pick *out is then computed in that order;
 * otherwise in the order given. 1 with *out
 * filled (out->refused >= 0 when TFLM cannot load a model: the set has no figure, cli_arena
 * warned); -1 after a warning when it cannot be computed (cli_arena_why says why). */
struct ap_tflm_tenants;
int cli_tenants(const char *const *paths, const int64_t *heads, size_t n, const cli_input_opts *o,
                struct ap_tflm_tenants *out, size_t *order, int64_t *best, int64_t *given,
                int pick);

/* The search options: --time-limit, --node-limit, --work-limit, --capacity, --seed, --quiet. */
typedef struct cli_search {
    ap_plan_options po;
    int quiet;
} cli_search;
void cli_search_init(cli_search *s);
cli_group cli_search_group(cli_search *s);
/* Warns of each search option given that none of the n strategies run uses: --capacity and
 * --node-limit (exact), --time-limit (best, exact), --seed (best, search, exact), --work-limit
 * (every strategy but linear). A NULL name is best. */
void cli_warn_ineffective(const char *const *strategies, size_t n);

/* 0 when the input options fit together (TFLM's options with --runtime tflm, --threads with
 * --runtime tflite); else prints why and returns -1. */
int cli_input_check(const cli_input_opts *o);
/* An ap_warn_fn that prints "arenaplan: warning: MSG". */
void cli_warn_cb(void *ctx, const char *msg);

/* The options a model is read with: o's, with the kernel set of o's target (reference is
 * reference64 on host64). -1 after an error message for a kernel set the target has not. */
int cli_build_options(const cli_input_opts *o, ap_tflite_build_options *out);

/* Loads a problem, printing warnings; prints the error and returns NULL on failure. */
ap_problem *cli_load(const char *path, const cli_input_opts *o);

/* ---- Files (cli_files.c): inputs read once, outputs never over an input ------------------- */

/* The command's name ("plan"), for messages; main sets it. */
extern const char *cli_command_name;

/* Names path as an input of the command, before outputs are checked: an output that is the
 * same file (any spelling, a link, a descriptor open on it) is refused. */
void cli_input_name(const char *path);
/* The bytes of input path, read once: a FIFO or pipe has no second reading, so every later
 * call returns the same bytes (NUL-terminated, owned here). 0, or -1 after an error message
 * naming the path. */
int cli_input_read(const char *path, const unsigned char **data, size_t *len);
/* Whether ap_load reads input path as a model (ap_is_model_data on its bytes); when it cannot
 * be read, by its name alone (the reading then reports the fault). */
int cli_input_is_model(const char *path);
/* Frees the inputs' bytes (cli_finish_stdout calls it). */
void cli_inputs_free(void);

/* An output: the command writes the whole of it into f (memory), then cli_out_close(o, 1)
 * hands it to cli_write_bytes, or to stdout. Nothing reaches the destination before that, so a
 * command that fails half-way leaves no partial output anywhere. */
typedef struct cli_out {
    FILE *f;
    char *buf;
    size_t len;
    const char *path; /* NULL: stdout */
    const char *flag; /* the option that named it ("-o", "--svg") */
    int text;         /* 1: text for a terminal (tables): written through cli_put_safe; 2: the
                         same keeping carriage returns */
} cli_out;

/* path NULL or "-": stdout. Refuses what cli_check_output refuses. 0 on success. */
int cli_out_open(cli_out *o, const char *flag, const char *path);
/* 0, or -1 after an error message when the output given with flag (e.g. "-o") cannot be
 * written: an empty name, a directory, a name ending in '/', a descriptor that is not open, or
 * the same file as an input named so far ("CMD: -o PATH names the input itself; CMD never
 * modifies its input"): usage errors to find before the work, not after. */
int cli_check_output(const char *flag, const char *path);
/* commit 1: writes the bytes (see cli_write_bytes; stdout after flushing what stdio holds);
 * commit 0: discards them. 0 on success; -1 after an error message naming the path and the
 * reason (strerror). */
int cli_out_close(cli_out *o, int commit);

/* Writes data[0..len) to path (given with flag), as the shell's `>` would but atomically and
 * never over an input; what each kind of path gets is at the head of cli_files.c (descriptors
 * written through, write-protected files refused, files with several names or attributes
 * written in place after their space is reserved, links followed, devices and FIFOs written,
 * never replaced). Returns 0, or -1 after printing "cannot write PATH: reason". */
int cli_write_bytes(const char *flag, const char *path, const unsigned char *data, size_t len);

/* Flushes stdout at exit: returns rc, or EXIT_USAGE after an error message when stdout could
 * not be written (a full disk, a closed pipe: SIGPIPE is ignored). */
int cli_finish_stdout(int rc);

/* After a planner returned: when the stop flag of opt was raised (Ctrl-C), prints
 * "interrupted: nothing written" with the best arena so far (best >= 0) and the bound, and
 * returns 1: the command then exits EXIT_INTERRUPTED writing nothing, so that no
 * complete-looking output is left. 0 otherwise. */
int cli_interrupted(const ap_plan_options *opt, int64_t best, int64_t bound);
/* A warning when `best` stopped early at a limit (plan->stopped): which, and what the plan is. */
void cli_stopped_note(const ap_plan *plan, const ap_plan_options *opt);

/* Plans p; prints the error and returns EXIT_USAGE/EXIT_INVALID on failure, EXIT_INTERRUPTED
 * after Ctrl-C (cli_interrupted). Puts the plan through the checker: a plan that fails it is
 * never returned. Warns when best stopped early (cli_stopped_note). */
int cli_plan(const ap_problem *p, ap_plan_options *opt, ap_plan *plan);

/* 0 if name is a known strategy; else prints the known ones and returns -1. */
int cli_check_strategy(const char *name);

/* Whether `bytes` exceed a budget (none when budget < 0): then prints "the WHAT needs N bytes, D
 * more than the budget of B bytes" and returns 1. */
int cli_budget_exceeded(int64_t budget, const char *what, int64_t bytes);
/* For a model whose whole arena could not be computed (cli_arena -1, a warning said why): a
 * --budget given cannot be gated, so it fails: prints why and returns 1; 0 without a budget.
 * (Gating the head instead would pass a build that must fail.) */
int cli_budget_unknown(int64_t budget);
/* For a model TFLM cannot load (CLI_ARENA_TFLM_REFUSES): a --budget given (>= 0) on the whole
 * arena fails with the refusal's message (path names the model): returns 1; 0 without one. */
struct ap_tflm_refusal;
int cli_budget_refused(int64_t budget, const char *path, const struct ap_tflm_refusal *r);

/* Whether a budget (either >= 0) cannot be checked because p's head is a lower estimate (a path
 * not modelled): prints why, naming the first, and returns 1; else 0. */
int cli_budget_estimate(const char *path, const ap_problem *p, int64_t budget, int64_t budget_head);

/* Installs a SIGINT handler that sets the flag returned (for anytime searches). */
volatile sig_atomic_t *cli_stop_flag(void);
/* A progress printer for ap_plan_options.progress: a status line on stderr when it is a
 * terminal; returns NULL (no progress) otherwise or when quiet. */
void (*cli_progress_printer(int quiet))(const ap_progress *, void *);
void cli_progress_done(void);

/* For commands that write a copy of one model (embed, reorder): the model and -o OUT given,
 * the model named as the input, OUT an output it may write (cli_check_output). 0, or -1 after
 * an error message naming cmd. */
int cli_model_copy_args(const char *cmd, const char *input, const char *output);

/* One summary line ("reorder      ...") on what another operator order of a .tflite model
 * would save, from the bound, the cheap orders and a search of AP_ORDER_QUICK_BUDGET nodes
 * (milliseconds): the model m, or the file at path when m is NULL. Returns 0 (buf empty) for
 * inputs that are no model. */
int cli_reorder_line(const char *path, const ap_tfl_model *m, ap_tflm_kernels kernels,
                     char *buf, size_t n);

/* One summary line ("patch        ...", cmd_patch.c) on what patch's quick search saves of
 * TFLM's whole arena of the .tflite model at path on target (NULL: cortex-m) with kernels
 * (ap_tflite_patch_line). Returns 0 (buf empty) for inputs that are no model and kernel set
 * none. */
int cli_patch_line(const char *path, ap_tflm_kernels kernels, const char *target, char *buf,
                   size_t n);

/* The summary lines plan's and report's tables end with: what another operator order
 * (cli_reorder_line) and patch (cli_patch_line) would save for the model at path; lines holds
 * those that apply, NULL-terminated. Zero-initialise and leave it so for no lines. */
typedef struct cli_saving_lines {
    char reorder[AP_ERROR_MAX + 128], patch[AP_ERROR_MAX + 256];
    const char *lines[3];
} cli_saving_lines;
void cli_saving_lines_fill(cli_saving_lines *s, const char *path, ap_tflm_kernels kernels,
                           const char *target);

int cmd_plan(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_strategies(int argc, char **argv);
int cmd_inspect(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_embed(int argc, char **argv);
int cmd_reorder(int argc, char **argv);
int cmd_patch(int argc, char **argv);
int cmd_fit(int argc, char **argv);

#endif
