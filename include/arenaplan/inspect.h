/*
 * arenaplan/inspect.h - what `arenaplan inspect` writes about a model: its graph in figures
 * (subgraphs, operators by type, constant and variable bytes, metadata, the offline plan) and
 * the buffers a runtime plans for it, as a table for the terminal or as JSON. Its CSV is the
 * buffer list of csv.h (ap_write_inspect_csv).
 */
#ifndef ARENAPLAN_INSPECT_H
#define ARENAPLAN_INSPECT_H

#include <stdio.h>

#include "arenaplan/bounds.h"
#include "arenaplan/litert.h"
#include "arenaplan/problem.h"
#include "arenaplan/tflite.h"
#include "arenaplan/tflm_arena.h"

#ifdef __cplusplus
extern "C" {
#endif
AP_PUBLIC_BEGIN

/* Operators of one display name and how many there are. */
typedef struct ap_op_count {
    const char *name; /* owned by the model */
    long count;
} ap_op_count;

/* The figures of a model and of the problem built from it. */
typedef struct ap_model_summary {
    ap_op_count *ops;        /* by count, most first (ties by name) */
    size_t n_ops_types;
    long operators, tensors, constants, variables;
    long head_variables;     /* variables an honoured offline plan puts in the head */
    int64_t constant_bytes;  /* each buffer counted once */
    int64_t variable_bytes;  /* TFLM-sized, 16-aligned, those in the tail */
    size_t planned_tensors, scratch, fixed_tensors;
    int64_t planned_bytes;
    ap_bounds bounds;        /* of the problem */
} ap_model_summary;

/* Computes the figures of model m and of p (its problem, or NULL when it could not be built:
 * then only the graph's). Free with ap_model_summary_free. AP_ERR_NOMEM. */
ap_status ap_model_summary_compute(const ap_tfl_model *m, const ap_problem *p,
                                   ap_model_summary *s, ap_error *err);
void ap_model_summary_free(ap_model_summary *s);

/* What the writers show beside the model. */
typedef struct ap_inspect_options {
    const char *path;              /* the model as named by the user */
    const char *kernels;           /* the kernel set's description */
    const ap_litert_info *litert;  /* --runtime tflite: every tensor's fate; NULL for TFLM */
    const ap_tflm_arena *arena;    /* TFLM's whole arena with the model as it is, or NULL */
    const char *reorder_line;      /* a summary line ("reorder      ..."), or NULL */
    const char *arena_unknown;     /* without arena: why it is unknown, or NULL (report.h's
                                      ap_report_options.arena_unknown) */
} ap_inspect_options;

/* The table: the graph's figures, then (with p) the arena and its tail, the planned buffers'
 * figures and one row per buffer, names cut to 40 characters. */
ap_status ap_write_inspect_table(FILE *f, const ap_tfl_model *m, const ap_problem *p,
                                 const ap_model_summary *s, const ap_inspect_options *o,
                                 ap_error *err);
/* The same as one JSON object (p required); every key in docs/report.md. */
ap_status ap_write_inspect_json(FILE *f, const ap_tfl_model *m, const ap_problem *p,
                                const ap_model_summary *s, const ap_inspect_options *o,
                                ap_error *err);
/* p's buffers as a CSV buffer list (ap_csv_write with no plan): valid `plan` input. */
ap_status ap_write_inspect_csv(FILE *f, const ap_problem *p, ap_error *err);

AP_PUBLIC_END
#ifdef __cplusplus
}
#endif
#endif
