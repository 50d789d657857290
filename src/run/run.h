/* run.h - what the commands of run/ share (run.c): the options resolved, the input loaded,
 * TFLM's whole arena, budgets, warnings and text built in memory. */
#ifndef AP_RUN_RUN_H
#define AP_RUN_RUN_H

#include <stdio.h>

#include "arenaplan/load.h"
#include "arenaplan/run.h"
#include "arenaplan/tflm_arena.h"
#include "run/run_text.h"

/* Text written into memory (open_memstream). */

/* One command's run. */
typedef struct ap__run_ctx {
    const ap_run_options *opt;
    ap_run_options defaults;       /* opt when the caller passed NULL */
    const char *name;              /* opt->name or "model" */
    ap_runtime runtime;
    ap_tflite_build_options build; /* with the target's kernel set */
    const char *target;
    ap__run_text warnings;
    int n_warnings;
} ap__run_ctx;

/* Resolves the options (ap_run_build_options and the runtime's) and zeroes res. */
ap_status ap__run_begin(ap__run_ctx *c, const ap_run_options *opt, ap_run_result *res,
                        ap_error *err);
/* Hands the warnings to res (when st is AP_OK; frees everything of res otherwise) and
 * returns st. */
ap_status ap__run_end(ap__run_ctx *c, ap_run_result *res, ap_status st);
/* A warning line. */
void ap__run_warn(ap__run_ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Whether data, named name, is read as a model (load.h's rule). */
int ap__run_is_model(const unsigned char *data, size_t len, const char *name);
/* The input as a validated problem, as ap_load makes it, warnings collected. */
ap_status ap__run_load(ap__run_ctx *c, const unsigned char *data, size_t len, ap_problem **out,
                       ap_error *err);

/* TFLM's whole arena for plan (of p, the problem of the model in data): 1 with *out filled;
 * 0 when the input is no model, the runtime is tflite or the kernel set none; -1 after a
 * warning when it cannot be computed (why is in *why, cap bytes, when why is not NULL). */
int ap__run_arena(ap__run_ctx *c, const unsigned char *data, size_t len, const ap_problem *p,
                  const ap_plan *plan, ap_tflm_whole *out, char *why, size_t cap);
/* TFLM's whole arena for the model in data as it is (its own offline plan honoured), as
 * ap__run_arena; name names it in the warning. */
int ap__run_arena_model(ap__run_ctx *c, const unsigned char *data, size_t len, const char *name,
                        ap_tflm_arena *out, char *why, size_t cap);

/* AP_OK when bytes is within budget (none when budget < 0); else AP_ERR_LIMIT "the WHAT needs N
 * bytes, D more than the budget of B bytes". */
ap_status ap__run_budget(int64_t budget, const char *what, int64_t bytes, ap_error *err);
/* AP_ERR_LIMIT: a budget on a whole arena that is unknown. */
ap_status ap__run_budget_unknown(int64_t budget, ap_error *err);

/* Plans p with opt (strategy as given) and proves the plan with the checker. */
ap_status ap__run_plan_checked(const ap_problem *p, const ap_plan_options *opt, ap_plan *plan,
                               ap_error *err);

#endif
