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
#include "arenaplan/plan.h"
#include "arenaplan/problem.h"
#include "arenaplan/tflite.h"

#ifdef __cplusplus
extern "C" {
#endif
AP_PUBLIC_BEGIN

/* ---- Lifetimes: the problem TFLM's planner receives ----------------------------------------- */

/* ---- Rule sets: which runtime behaviour is modelled, by value and by one name table ------- */

/* Kernel sets whose Prepare-time behaviour is modelled (scratch requests, tensors given memory
 * of their own; docs/tflite.md). */
typedef enum ap_tflm_kernels {
    AP_TFLM_KERNELS_REFERENCE = 0, /* "reference": TFLM's reference kernels, 32-bit target */
    AP_TFLM_KERNELS_REFERENCE64,   /* "reference64": the same built for a 64-bit host */
    AP_TFLM_KERNELS_CMSIS_NN,      /* "cmsis-nn": TFLM with Arm's CMSIS-NN kernels on a
                                      Cortex-M4 with DSP, arm-none-eabi-gcc (docs/kernels.md) */
    AP_TFLM_KERNELS_CMSIS_NN_M4,   /* "cmsis-nn-m4": the same set, named by its core */
    AP_TFLM_KERNELS_NONE,          /* "none": no kernel behaviour */
    AP_TFLM_KERNELS_COUNT
} ap_tflm_kernels;

/* In-place rules (docs/inplace.md). */
typedef enum ap_tflm_inplace {
    AP_TFLM_INPLACE_NONE = 0,      /* "none": TFLM shares nothing */
    AP_TFLM_INPLACE_RESHAPE,       /* "reshape": RESHAPE, SQUEEZE, EXPAND_DIMS outputs alias
                                      their dying input */
    AP_TFLM_INPLACE_ELEMENTWISE,   /* "elementwise": those and the element-wise operators */
    AP_TFLM_INPLACE_COUNT
} ap_tflm_inplace;

/* Kernel-aware overlap rules (docs/overlap.md). */
typedef enum ap_tflm_overlap {
    AP_TFLM_OVERLAP_NONE = 0,      /* "none" */
    AP_TFLM_OVERLAP_REFERENCE,     /* "reference": TFLM's reference kernels' read and write
                                      order (CONV_2D, DEPTHWISE_CONV_2D, AVERAGE_POOL_2D,
                                      MAX_POOL_2D, PAD and the element-wise operators) */
    AP_TFLM_OVERLAP_SLICES,        /* "slices": reference, and the rows of a tensor only SLICE
                                      operators read that no later SLICE reads are free for
                                      outputs (patch's tiles: docs/patch.md) */
    AP_TFLM_OVERLAP_COUNT
} ap_tflm_overlap;

/* The three families of rule sets, for the name table. */
typedef enum ap_tflm_set {
    AP_TFLM_SET_KERNELS,  /* values ap_tflm_kernels; called "kernel set" in messages */
    AP_TFLM_SET_INPLACE,  /* ap_tflm_inplace; "in-place rule set" */
    AP_TFLM_SET_OVERLAP   /* ap_tflm_overlap; "overlap rule set" */
} ap_tflm_set;

/* The names of family s, indexed by value, NULL-terminated (the order of the enum). */
const char *const *ap_tflm_set_names(ap_tflm_set s);

/* The name of value v of family s ("reference64"), or NULL when v is none of its values. */
const char *ap_tflm_set_name(ap_tflm_set s, int v);

/* Finds name in family s: AP_OK with *v set, or AP_ERR_USAGE naming it and the known names
 * ("unknown kernel set \"cmsis\" (known: reference, reference64, cmsis-nn, cmsis-nn-m4,
 * none)"). */
ap_status ap_tflm_set_find(ap_tflm_set s, const char *name, int *v, ap_error *err);

/* ---- Lifetimes: the problem TFLM's planner receives ----------------------------------------- */

/* Options for ap_tflite_build_problem (and, inside ap_load_options, for every input). */
typedef struct ap_tflite_build_options {
    ap_tflm_kernels kernels;  /* kernel set whose Prepare-time behaviour is modelled */
    ap_tflm_inplace inplace;  /* in-place rules */
    ap_tflm_overlap overlap;  /* kernel-aware overlap rules */
    int ignore_offline;       /* 1: an embedded offline plan does not become fixed offsets */
    int allow_refusal;        /* 1: a model TFLM's allocator refuses is built all the same, for
                                 its head: a tensor whose type TFLM cannot size (STRING) is not
                                 planned, an intermediate tensor with a size is ignored, an
                                 offline plan whose entry count is not the tensor count is not
                                 used (TFLM's refusal is the whole arena's: tflm_arena.h) */
    int64_t align;            /* the problem's default_align; 0 = the input's own (16, TFLM's
                                 buffer alignment, for models; 1 for a buffer list) */
} ap_tflite_build_options;

/* Sets the defaults: reference kernels, no in-place or overlap rules, offline plan honoured,
 * align 0 (all zero). */
void ap_tflite_build_options_init(ap_tflite_build_options *opt);

/* Whether opt asks for in-place or overlap rules (the plan then relies on kernel behaviour). */
int ap_tflite_rules_asked(const ap_tflite_build_options *opt);

/* Builds the problem TFLM's memory planner receives for model m (see docs/tflite.md):
 * - buffers: the planned tensors of every subgraph in subgraph and tensor order (a tensor is
 *   planned when its buffer holds no data, it is not a variable, its TFLM size is not 0 and no
 *   kernel gives it memory of its own in Prepare, as VAR_HANDLE does; and a variable is
 *   planned when the offline plan gives it an entry),
 *   then one buffer per kernel scratch request in Prepare order (subgraph by subgraph, operator
 *   by operator);
 * - sizes rounded up to 16 (TFLM's MicroArenaBufferAlignment);
 * - lifetimes [first_created, last_used + 1) from TFLM's AllocationInfoBuilder: scopes counted
 *   through subgraph 0 and, depth first, the subgraphs IF, WHILE and CALL_ONCE invoke; tensors
 *   never touched keep TFLM's -1 (lifetime [-1, 0));
 * - ids "17" (subgraph 0), "2:5" (tensor 5 of subgraph 2), "scratch0"; names, kinds, producer
 *   and consumer text ("op 3 CONV_2D"), step labels;
 * - an OfflineMemoryAllocation plan as fixed offsets for entries other than -1 (unless
 *   opt->ignore_offline), read as TFLM 90b983c2b reads it: the entries of all subgraphs
 *   concatenated (tensor i of subgraph s takes entry subgraphs[s].first_entry + i); a
 *   variable tensor whose entry is not -1 is planned too, there (ap_tflm_variable_place);
 * - with opt->inplace or opt->overlap, overlap allowances from those rules: an operator's
 *   output may share bytes with an input whose last reader is that operator (no subgraph
 *   input or output). In-place aliases carry AP_OVERLAP_ALIAS (RESHAPE and SQUEEZE also
 *   AP_OVERLAP_EXACT); every allowance's `why` names the operator ("CONV_2D op 3 (reference
 *   kernel order)"); the note says which rules were applied and that overlap plans hold only
 *   for the kernels they were computed for.
 * The problem is not validated (ap_tflite_load_problem does that). Fails with AP_ERR_INPUT
 * when TFLM itself could not allocate the model (without opt->allow_refusal: a tensor type
 * TFLM cannot size, such as a STRING tensor; an intermediate tensor with a non-zero size; an
 * offline plan, when honoured, whose entry count differs from the model's tensor count; and
 * always: a loop of subgraph calls; an offline plan, when honoured,
 * that leaves a variable tensor no memory; an operator whose tensors its kernel's Prepare
 * refuses), an offline offset is negative other
 * than -1, or subgraph calls nest deeper than 256 or run more than 2^20 operators in all;
 * AP_ERR_USAGE for a kernel set, in-place or overlap rule set out of its enum, or for in-place
 * or overlap rules with a CMSIS-NN kernel set (they are proven for the reference kernels'
 * loops only); AP_ERR_NOMEM. */
ap_status ap_tflite_build_problem(const ap_tfl_model *m, const ap_tflite_build_options *opt,
                                  ap_problem **out, ap_error *err);

/* Where TFLM 90b983c2b keeps variable tensor i of subgraph s of m, given offline, the model's
 * offline plan entries when they are honoured (NULL when there are none or they are ignored;
 * else one per tensor of all subgraphs). A bit set of:
 * - AP_TFLM_VAR_TAIL: AllocateVariables gives it its bytes in the persistent tail (16-aligned):
 *   there is no offline plan, or entry i is -1. That function reads entry i - the index
 *   within the tensor's own subgraph - for every subgraph (the layout before tflite-micro
 *   #1195, which changed only InitializeAllocationInfo), so outside subgraph 0 it reads the
 *   entry of another tensor;
 * - AP_TFLM_VAR_HEAD: InitializeAllocationInfo plans it in the head at its own entry
 *   (subgraphs[s].first_entry + i) when that is not -1, whatever its size or data, with the
 *   lifetime the walk gives it (from -1 when no operator writes it). It then holds its state
 *   only while no other buffer reuses those bytes.
 * Both bits: it takes tail bytes it never uses (the head pointer replaces them). 0: neither,
 * TFLM gives it no memory (its data pointer stays that of the file, or NULL), and
 * ap_tflite_build_problem refuses the model. s and i must name a variable tensor of m. */
enum { AP_TFLM_VAR_TAIL = 1, AP_TFLM_VAR_HEAD = 2 };
int ap_tflm_variable_place(const ap_tfl_model *m, const int32_t *offline, uint32_t s,
                           uint32_t i);

/* A pair of buffers of a problem, by index (a < b). */
typedef struct ap_tflm_clash {
    size_t a, b;
} ap_tflm_clash;

/* The pairs of buffers of p with fixed offsets (for a model: the tensors its offline plan
 * fixes) that share a byte at a step where both are live and that no allowance of the
 * problem's in-place or overlap rules lets share them: the sharing the plan itself chose
 * (the checker accepts it for pre-planned buffers, ap_buffer.preplanned; validation refuses
 * it for others). The first max pairs the checker's sweep meets (by the step where the later
 * one becomes live), in order of the lower offset, then of index, go into out[0..max) (out may
 * be NULL when max is 0), their number into *n. Buffers of size 0 share nothing. p must be
 * validated. Work: the sweep, O(n log n), and O(log n) per pair that shares (ap_preplanned_
 * sharing). AP_ERR_NOMEM. */
ap_status ap_tflm_offline_clashes(const ap_problem *p, ap_tflm_clash *out, size_t max,
                                  size_t *n, ap_error *err);

/* Reads the model in data[0..len) and builds the validated problem TFLM's planner would
 * receive (ap_tflite_read + ap_tflite_build_problem + ap_problem_validate), with
 * problem->source = path. opt may be NULL (the defaults of ap_tflite_build_options_init).
 * Messages start with path. */
ap_status ap_tflite_load_problem(const unsigned char *data, size_t len, const char *path,
                                 const ap_tflite_build_options *opt, ap_problem **out,
                                 ap_error *err);

/* What TFLM does at AllocateTensors with a model problem p (ap_tflite_build_problem, honouring
 * the model's offline plan): buffers with a fixed offset stay there, and TFLM's
 * GreedyMemoryPlanner places every other buffer (tensors the plan leaves to the runtime, kernel
 * scratch) around them. Plans p with "greedy" into *out (initialized by the caller), ignoring
 * the allowances of in-place and overlap rules (TFLM's planner knows none; the pre-planned
 * sharing of fixed buffers, a rule of the checker, stays), and proves the plan with the checker
 * against p itself: AP_ERR_INVALID with the checker's message when it fails (the fixed offsets
 * conflict). out->arena is the head TFLM reaches. */
ap_status ap_tflite_tflm_plan(const ap_problem *p, ap_plan *out, ap_error *err);

/* What TFLM does at AllocateTensors when the model carries `plan` as its offline plan (embed.h):
 * every tensor of p stays at plan's offset, and TFLM's GreedyMemoryPlanner places the kernel
 * scratch buffers (which the format cannot hold) around them. Into *out (initialized by the
 * caller), proven by the checker against p; out->arena is the head TFLM lays out with the plan.
 * Fails as ap_tflite_tflm_plan does, and with AP_ERR_INVALID when plan is not complete. */
ap_status ap_tflite_tflm_embedded(const ap_problem *p, const ap_plan *plan, ap_plan *out,
                                  ap_error *err);

AP_PUBLIC_END
#ifdef __cplusplus
}
#endif
#endif
