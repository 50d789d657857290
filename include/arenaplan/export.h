/*
 * arenaplan/export.h - putting a plan where firmware uses it.
 */
#ifndef ARENAPLAN_EXPORT_H
#define ARENAPLAN_EXPORT_H

#include <stdio.h>

#include "arenaplan/plan.h"
#include "arenaplan/problem.h"
#include "arenaplan/report.h"
#include "arenaplan/shared.h"

#ifdef __cplusplus
extern "C" {
#endif
AP_PUBLIC_BEGIN

/* Writes a C header (C99 and C++ compatible) for firmware: the head size, the offsets of every
 * buffer in the problem's order (for models: the order TFLM's planner receives them, tensors
 * then scratch), sizes and lifetimes, a struct laid out like TFLM's tflite::BufferPlan for
 * NonPersistentMemoryPlannerShim, UPPER_NEEDS_REFERENCE_KERNELS (1 when the plan shares bytes
 * that only the problem's overlap allowances permit), and an ap_rt_plan for the arenaplan
 * runtime when arenaplan_rt.h was included before it. The header compiles alone (C99, C++11).
 * `name` becomes the prefix of every symbol: it must be a C identifier (see ap_c_identifier).
 * The input's file name (not its folder), ids, tensor names and the whole note go in comments,
 * escaped so that no text can close or open a comment, splice a line or form a trigraph.
 * AP_ERR_OVERFLOW when an offset or size does not fit in 32 bits. */
ap_status ap_write_c_header(FILE *f, const ap_problem *p, const ap_plan *plan, const char *name,
                            ap_error *err);

/* ap_write_c_header with options: opt->arena (report.h) adds NAME_ARENA_SIZE, TFLM's whole
 * arena (kTensorArenaSize) on its target, with the declaration it is for in a comment
 * (alignas(16) static uint8_t tensor_arena[NAME_ARENA_SIZE];). */
ap_status ap_write_c_header_with(FILE *f, const ap_problem *p, const ap_plan *plan, const char *name,
                                 const ap_report_options *opt, ap_error *err);

/* One header for k models sharing one arena (shared.h: ap_plan_shared's plans, res->arena as
 * head): NAME_MODELS, NAME_HEAD_SIZE (the shared head), then each model's defines and tables as
 * ap_write_c_header writes them, every symbol prefixed by NAME_MODELNAME (model_names[i], C
 * identifiers; the caller makes them distinct), its offsets within the shared head. It compiles
 * as the single-model header does; arenas (k, each model's ap_tflm_plan_arena; or NULL) add
 * NAME_ARENA_SIZE, the whole arena of them all (ap_tflm_shared_arena). AP_ERR_USAGE for a name
 * that is no C identifier, AP_ERR_OVERFLOW past 32 bits, AP_ERR_INVALID when a model's head
 * exceeds head. */
ap_status ap_write_c_header_shared(FILE *f, ap_problem *const *models, const ap_plan *plans, size_t k,
                                   const char *const *model_names, ap_shared_mode mode, int64_t head,
                                   const struct ap_tflm_whole *arenas, const char *name, ap_error *err);

/* Makes a lower-case C identifier from text (a file name: its directory and extension are
 * dropped; other characters become '_'; a leading digit gets "m_" before it). Writes at most
 * cap bytes including the NUL. */
void ap_c_identifier(const char *text, char *out, size_t cap);

AP_PUBLIC_END
#ifdef __cplusplus
}
#endif
#endif
