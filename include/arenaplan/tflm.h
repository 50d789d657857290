/*
 * arenaplan/tflm.h - what TensorFlow Lite Micro (TFLM) makes of a model graph (tflite.h): the
 * planning problem its memory planner receives at AllocateTensors(), and the plan it makes.
 *
 *   ap_tflite_build_problem  ap_tfl_model -> ap_problem (the buffers TFLM's memory planner
 *                            receives, with TFLM's lifetimes, kernel scratch and, on request,
 *                            the in-place and overlap rules' allowances)
 *   ap_tflite_load_problem   bytes of a .tflite file -> validated ap_problem (read + build);
 *                            ap_load (load.h) calls it for files that carry "TFL3"
 *   ap_tflite_tflm_plan      ap_problem -> the plan TFLM's GreedyMemoryPlanner makes
 *
 * See docs/tflite.md for the lifetime rules and the kernel scratch models, docs/inplace.md and
 * docs/overlap.md for the rules.
 */
#ifndef ARENAPLAN_TFLM_H
#define ARENAPLAN_TFLM_H

#include <stddef.h>
#include <stdint.h>

#include "arenaplan/error.h"
#include "arenaplan/load.h"
#include "arenaplan/plan.h"
#include "arenaplan/problem.h"
#include "arenaplan/tflite.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Lifetimes: the problem TFLM's planner receives ----------------------------------------- */

/* Options for ap_tflite_build_problem. */
typedef struct ap_tflite_build_options {
    const char *kernels;   /* kernel set whose Prepare-time behaviour is modelled:
                              "reference" (TFLM's reference kernels on a 32-bit target, the
                              default when NULL), "reference64" (the same on a 64-bit host) or
                              "none" (see docs/tflite.md) */
    int ignore_offline;    /* 1: an embedded offline plan does not become fixed offsets */
    int64_t align;         /* the problem's default_align; 0 = 16 (TFLM's buffer alignment) */
    const char *inplace;   /* in-place rules (docs/inplace.md): NULL or "none" (TFLM: no
                              sharing), "reshape" (RESHAPE, SQUEEZE, EXPAND_DIMS outputs alias
                              their dying input), "elementwise" (those and the element-wise
                              operators) */
    const char *overlap;   /* kernel-aware overlap rules (docs/overlap.md): NULL or "none",
                              "reference" (TFLM's reference kernels' read and write order:
                              CONV_2D, DEPTHWISE_CONV_2D, AVERAGE_POOL_2D, MAX_POOL_2D and the
                              element-wise operators) */
} ap_tflite_build_options;

void ap_tflite_build_options_init(ap_tflite_build_options *opt);

/* The kernel sets ap_tflite_build_problem knows, NULL-terminated. */
extern const char *const ap_tflite_kernel_sets[];

/* The in-place and overlap rule sets it knows, NULL-terminated ("none" first). */
extern const char *const ap_tflite_inplace_sets[];
extern const char *const ap_tflite_overlap_sets[];

/* Builds the problem TFLM's memory planner receives for model m (see docs/tflite.md):
 * - buffers: the planned tensors of every subgraph in subgraph and tensor order (a tensor is
 *   planned when its buffer holds no data, it is not a variable, its TFLM size is not 0 and no
 *   kernel gives it memory of its own in Prepare, as VAR_HANDLE does),
 *   then one buffer per kernel scratch request in Prepare order (subgraph by subgraph, operator
 *   by operator);
 * - sizes rounded up to 16 (TFLM's MicroArenaBufferAlignment);
 * - lifetimes [first_created, last_used + 1) from TFLM's AllocationInfoBuilder: scopes counted
 *   through subgraph 0 and, depth first, the subgraphs IF, WHILE and CALL_ONCE invoke; tensors
 *   never touched keep TFLM's -1 (lifetime [-1, 0));
 * - ids "17" (subgraph 0), "2:5" (tensor 5 of subgraph 2), "scratch0"; names, kinds, producer
 *   and consumer text ("op 3 CONV_2D"), step labels;
 * - an OfflineMemoryAllocation plan as fixed offsets for entries other than -1 (unless
 *   opt->ignore_offline), indexed as TFLM 90b983c2b indexes it;
 * - with opt->inplace or opt->overlap, overlap allowances from those rules: an operator's
 *   output may share bytes with an input whose last reader is that operator (no subgraph
 *   input or output). In-place aliases carry AP_OVERLAP_ALIAS (RESHAPE and SQUEEZE also
 *   AP_OVERLAP_EXACT); every allowance's `why` names the operator ("CONV_2D op 3 (reference
 *   kernel order)"); the note says which rules were applied and that overlap plans hold only
 *   for the kernels they were computed for.
 * The problem is not validated (ap_tflite_load_problem does that). Fails with AP_ERR_INPUT
 * when TFLM itself could not allocate the model (a tensor type TFLM cannot size, such as a
 * STRING tensor; an intermediate tensor with a non-zero size; a loop of subgraph calls; an
 * offline plan, when honoured, whose entry count differs from the model's tensor count; an
 * operator whose tensors its kernel's Prepare refuses), an offline offset is negative other
 * than -1, or subgraph calls nest deeper than 256 or run more than 2^20 operators in all;
 * AP_ERR_USAGE for an unknown kernel set, in-place or overlap rule set; AP_ERR_NOMEM. */
ap_status ap_tflite_build_problem(const ap_tfl_model *m, const ap_tflite_build_options *opt,
                                  ap_problem **out, ap_error *err);

/* Reads the model in data[0..len) and builds the validated problem TFLM's planner would
 * receive (ap_tflite_read + ap_tflite_build_problem + ap_problem_validate), with
 * problem->source = path. opt may be NULL (defaults: kernels "reference", offline plan
 * honoured, default_align 16, no in-place or overlap rules); opt->align overrides default_align
 * when not 0; opt->inplace and opt->overlap select the rules. Messages start with path. */
ap_status ap_tflite_load_problem(const unsigned char *data, size_t len, const char *path,
                                 const ap_load_options *opt, ap_problem **out, ap_error *err);

/* What TFLM does at AllocateTensors with a model problem p (ap_tflite_build_problem, honouring
 * the model's offline plan): buffers with a fixed offset stay there, and TFLM's
 * GreedyMemoryPlanner places every other buffer (tensors the plan leaves to the runtime, kernel
 * scratch) around them. Plans p with "greedy" into *out (initialized by the caller), ignoring
 * the allowances of in-place and overlap rules (TFLM's planner knows none; the pre-planned
 * sharing of fixed buffers, AP_OVERLAP_FIXED, stays), and proves the plan with the checker
 * against p itself: AP_ERR_INVALID with the checker's message when it fails (the fixed offsets
 * conflict). out->arena is the head TFLM reaches. */
ap_status ap_tflite_tflm_plan(const ap_problem *p, ap_plan *out, ap_error *err);

#ifdef __cplusplus
}
#endif
#endif
