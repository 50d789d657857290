/*
 * arenaplan/export.h - putting a plan where firmware uses it.
 */
#ifndef ARENAPLAN_EXPORT_H
#define ARENAPLAN_EXPORT_H

#include <stdio.h>

#include "arenaplan/plan.h"
#include "arenaplan/problem.h"

#ifdef __cplusplus
extern "C" {
#endif
AP_PUBLIC_BEGIN

/* Writes a C header (C99 and C++ compatible) for firmware: the head size, the offsets of every
 * buffer in the problem's order (for models: the order TFLM's planner receives them, tensors
 * then scratch), sizes and lifetimes, an ap_rt_plan for the arenaplan runtime (arenaplan_rt.h;
 * define AP_PLAN_NO_RUNTIME before including to leave it out), and a struct laid out like TFLM's
 * tflite::BufferPlan for NonPersistentMemoryPlannerShim. `name` becomes the prefix of every
 * symbol: it must be a C identifier (see ap_c_identifier). Tensor names go in comments.
 * AP_ERR_OVERFLOW when an offset or size does not fit in 32 bits. */
ap_status ap_write_c_header(FILE *f, const ap_problem *p, const ap_plan *plan, const char *name,
                            ap_error *err);

/* Makes a lower-case C identifier from text (a file name: its directory and extension are
 * dropped; other characters become '_'; a leading digit gets "m_" before it). Writes at most
 * cap bytes including the NUL. */
void ap_c_identifier(const char *text, char *out, size_t cap);

AP_PUBLIC_END
#ifdef __cplusplus
}
#endif
#endif
