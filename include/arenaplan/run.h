/*
 * arenaplan/run.h - the commands end to end, for bindings (the Python package, docs/python.md)
 * and the CLI: an input's bytes and typed options in, the result as JSON (docs/json.md) and the
 * output bytes out. Each call does what its command does, checks included:
 *
 *   ap_run_plan     load, plan, prove with the checker, TFLM's whole arena, budgets
 *                   (`arenaplan plan --format json`)
 *   ap_run_embed    a copy of a model carrying its plan, or that copy as firmware source
 *                   (`arenaplan embed`, `--format c`)
 *   ap_run_reorder  a copy whose operators run in the order with the fewest bytes live
 *                   (`arenaplan reorder`)
 *   ap_run_check    prove a plan: a CSV plan of the input, a CSV's own offset column, or a
 *                   model's own offline plan as TFLM runs it (`arenaplan check`)
 *   ap_run_report   the HTML report of several strategies' plans (`arenaplan report`)
 *
 * The input is named by options.name, which plays the part of its file name: every message
 * starts with it, and it chooses the reader as ap_load does (a model when the bytes carry
 * "TFL3" at byte 4, the name ends in .tflite, or they hold a NUL byte in their first 64 and the
 * name does not end in .csv; a CSV buffer list otherwise).
 *
 * Ownership: the caller owns the input bytes and every string and array of the options; the
 * library only reads them, during the call. The result's json, data, data2 and warnings are
 * malloc'd by the library and belong to the caller, who frees them with ap_run_result_free
 * (after a failure they are NULL, and freeing is still fine). Nothing is printed, no file is
 * read or written: the caller writes the outputs.
 *
 * Status: AP_OK when the command completed, including a check that found the plan invalid (its
 * JSON says "valid": false); otherwise the command's failure, with err naming it as the CLI's
 * message does (without the "arenaplan: " prefix): AP_ERR_USAGE for options that do not fit
 * (unknown names, options of another runtime), AP_ERR_INPUT for an input that cannot be read,
 * AP_ERR_LIMIT when a budget is exceeded ("the arena needs N bytes, D more than the budget of B
 * bytes") or cannot be checked (the whole arena unknown), and the statuses of the library calls
 * the command makes (ap_plan_problem, ap_tflite_embed, ap_tflite_reorder, ...).
 */
#ifndef ARENAPLAN_RUN_H
#define ARENAPLAN_RUN_H

#include <stddef.h>
#include <stdint.h>

#include "arenaplan/error.h"
#include "arenaplan/planner.h"
#include "arenaplan/tflite.h"
#include "arenaplan/tflm.h"

#ifdef __cplusplus
extern "C" {
#endif
AP_PUBLIC_BEGIN

/* The version of ap_run_options and ap_run_result's layout: bindings that mirror the structs
 * (the Python package, through ctypes) compare it, and ap_run_options_size, with their own. */
#define AP_RUN_ABI 2

typedef struct ap_run_options {
    /* the input */
    const char *name;        /* the input's name (a file name; see the top); NULL: "model" */
    const char *runtime;     /* "tflm" (NULL) or "tflite" (the TensorFlow Lite interpreter) */
    const char *target;      /* "cortex-m" or "host64"; NULL: cortex-m (host64 with kernels
                                "reference64"): whose TFLM arena is computed */
    const char *kernels;     /* a kernel set (tflm.h: "reference", "cmsis-nn", ...); NULL:
                                "reference" (on host64 "reference64") */
    const char *inplace;     /* an in-place rule set; NULL: "none" */
    const char *overlap;     /* an overlap rule set; NULL: "none" */
    int ignore_offline;      /* 1: a model's own offline plan does not fix offsets */
    int allow_fixed_overlap; /* 1: a buffer list's fixed offsets may share bytes */
    int64_t align;           /* the buffers' default alignment, a power of two; 0: the input's */
    int threads;             /* runtime "tflite": Interpreter::SetNumThreads, -1 (the default) */
    /* planning */
    ap_plan_options plan;    /* the strategy (NULL: "best"; embed: best and every portfolio
                                strategy, as ap_tflite_embed) and the search's limits */
    const char *const *strategies; /* report: the strategies, NULL-terminated; NULL: best,
                                greedy, bestfit-size, linear (tflite first for runtime tflite) */
    int64_t budget;          /* -1: none; else the most bytes TFLM's whole arena
                                (kTensorArenaSize) may take, for a buffer list its arena */
    int64_t budget_head;     /* -1: none; else the most bytes the head may take */
    /* embed */
    const char *format;      /* "tflite" (NULL): data is the copy; "c": data is the C source
                                and data2 its header (ap_write_model_source) */
    const char *symbol;      /* format "c": the symbols' prefix; NULL: from name */
    const char *header;      /* format "c": the header's file name, which the source includes;
                                NULL: SYMBOL_model.h */
    /* reorder */
    const char *order;       /* the order strategy: "exact" (NULL), "cheap", "list", "dfs" or
                                "stored" */
    uint64_t order_budget;   /* the exact search's nodes; 0: AP_ORDER_DEFAULT_BUDGET */
    int embed;               /* 1: also embed best's plan of the new order */
    /* check */
    const unsigned char *plan_csv; /* a plan (CSV with id and offset columns) of the input, or
                                NULL: a CSV input's own offset column, a model's offline plan */
    size_t plan_len;
    const char *plan_name;   /* its name, for messages; NULL: "plan" */
    int strict;              /* a model's offline plan: no sharing between fixed buffers that no
                                rule allows */
} ap_run_options;

/* Sets the defaults: every field 0 or NULL, but threads -1, budget and budget_head -1 and plan
 * as ap_plan_options_init sets it, its strategy NULL. */
void ap_run_options_init(ap_run_options *opt);

/* sizeof(ap_run_options) and sizeof(ap_run_result) as the library was built, and AP_RUN_ABI:
 * for bindings that check their mirror of the structs. */
size_t ap_run_options_size(void);
size_t ap_run_result_size(void);
int ap_run_abi(void);

typedef struct ap_run_result {
    char *json;            /* the result as JSON (docs/json.md), NUL-terminated */
    size_t json_len;
    unsigned char *data;   /* the output: embed and reorder the new model (format "c": the C
                              source), report the HTML page; NULL for plan and check */
    size_t len;
    unsigned char *data2;  /* embed format "c": the header; report: the first plan's timeline
                              as SVG; else NULL */
    size_t len2;
    char *warnings;        /* what the CLI prints as warnings, one per line ("\n" after each),
                              NUL-terminated, or NULL when there is none */
    int valid;             /* check: 1 when the plan is valid, 0 when not (the JSON's "valid");
                              1 for the other commands */
} ap_run_result;

ap_status ap_run_plan(const unsigned char *data, size_t len, const ap_run_options *opt,
                      ap_run_result *res, ap_error *err);
ap_status ap_run_embed(const unsigned char *data, size_t len, const ap_run_options *opt,
                       ap_run_result *res, ap_error *err);
ap_status ap_run_reorder(const unsigned char *data, size_t len, const ap_run_options *opt,
                         ap_run_result *res, ap_error *err);
ap_status ap_run_check(const unsigned char *data, size_t len, const ap_run_options *opt,
                       ap_run_result *res, ap_error *err);
ap_status ap_run_report(const unsigned char *data, size_t len, const ap_run_options *opt,
                        ap_run_result *res, ap_error *err);

/* Frees what a result holds and zeroes it. */
void ap_run_result_free(ap_run_result *res);

/* The version of the library ("0.1.0"). */
const char *ap_version(void);

/* ---- The pieces the commands share ---------------------------------------------------------- */

/* The build options a model is read with for opt (kernels, rules, offline plan, alignment),
 * the kernel set being the target's (reference is reference64 on host64), and the target:
 * AP_ERR_USAGE for unknown names and sets the target has not ("kernel set reference64 is the
 * reference kernel set on host64, not on cortex-m"), or options of the other runtime. */
ap_status ap_run_build_options(const ap_run_options *opt, ap_tflite_build_options *out,
                               const char **target, ap_error *err);

/* One summary line ("reorder      ...", as `plan` and `report` show it) on what another operator
 * order of model m would save under TFLM's lifetimes with kernel set kernels: from the bound,
 * the cheap orders and a search of AP_ORDER_QUICK_BUDGET nodes. Writes at most cap bytes, NUL
 * included. */
void ap_run_reorder_line(const ap_tfl_model *m, ap_tflm_kernels kernels, char *out, size_t cap);

AP_PUBLIC_END
#ifdef __cplusplus
}
#endif
#endif
