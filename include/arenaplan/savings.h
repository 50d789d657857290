/*
 * arenaplan/savings.h - what overlap allowances save, step by step.
 *
 * An overlap allowance (problem.h) lets two buffers share bytes; in-place and kernel-aware
 * rules (docs/inplace.md, docs/overlap.md) create them for models. These functions report,
 * for every step at which some allowance applies (both of its buffers live), how many bytes
 * the buffers live there need without sharing, how many a plan actually occupies, and the
 * most the allowances could save there (what the "with overlap" lower bound subtracts). For a
 * model a step is an operator ("op 2 CONV_2D"), so this is the per-operator saving.
 */
#ifndef ARENAPLAN_SAVINGS_H
#define ARENAPLAN_SAVINGS_H

#include <stdio.h>

#include "arenaplan/plan.h"
#include "arenaplan/problem.h"

#ifdef __cplusplus
extern "C" {
#endif
AP_PUBLIC_BEGIN

typedef struct ap_step_saving {
    int64_t step;       /* first step of the segment (every step of it has the same buffers) */
    int64_t end;        /* first step after it */
    const char *label;  /* the label of `step` ("op 2 CONV_2D"), borrowed from the problem, or
                           NULL */
    size_t count;       /* buffers live */
    int64_t live;       /* their sizes added up: the bytes needed without sharing */
    int64_t used;       /* bytes they occupy in the plan: the union of their byte ranges; -1
                           without a plan */
    int64_t saved;      /* live - used: what sharing saves here in this plan; -1 without one */
    int64_t can_save;   /* the most the allowances active here could save (live minus the
                           profile's live_overlap, bounds.h) */
} ap_step_saving;

/* Lists, in step order, the segments of steps where at least one allowance applies: *out gets
 * a malloc'd array of *n entries (free() it; NULL and 0 when there is none). plan may be NULL
 * (then used and saved are -1); when given it must be complete (any plan: a plan the checker
 * rejects is measured as it is). Needs a validated problem. Time O(S * L log L) for S segments
 * with L live buffers. AP_ERR_NOMEM on failure. */
ap_status ap_overlap_savings(const ap_problem *p, const ap_plan *plan, ap_step_saving **out,
                             size_t *n, ap_error *err);

/* Writes the savings as a table for the terminal, one row per segment:
 *
 *   bytes saved by overlap
 *   step  operator        live  in plan  saved  most possible
 *      3  op 2 CONV_2D   55296    36880  18416          18425
 *
 * ("in plan" and "saved" are "-" when plan is NULL). Writes nothing when no allowance applies
 * anywhere. A hook for reports: the table and HTML writers can call it. AP_ERR_NOMEM,
 * AP_ERR_IO. */
ap_status ap_write_overlap_savings(FILE *f, const ap_problem *p, const ap_plan *plan,
                                   ap_error *err);

AP_PUBLIC_END
#ifdef __cplusplus
}
#endif
#endif
