/*
 * measure.h - what every writer measures before it prints (internal; measure.c). Writers
 * measure (this, the summary, bounds, stock TFLM's head), then summarise (lines.h), then print.
 */
#ifndef AP_REPORT_MEASURE_H
#define AP_REPORT_MEASURE_H

#include <stddef.h>
#include <stdint.h>

#include "arenaplan/plan.h"
#include "arenaplan/problem.h"

/* AP_OK when plan has p->n offsets, all placed (>= 0); AP_ERR_INVALID naming the first buffer
 * that is not. Writers call it first, so that they may index and add freely afterwards. */
ap_status ap__measure_check(const ap_problem *p, const ap_plan *plan, ap_error *err);

/* by_over[i] = the first such allowance whose `over` is buffer i, or NULL (by_over has p->n
 * entries). */
void ap__measure_by_over(const ap_problem *p, const ap_overlap **by_over);

/* A sort key: a value, then an index (qsort with ap__measure_cmp_key: ascending, ties by index). */
typedef struct ap__key {
    int64_t v;
    uint32_t i;
} ap__key;
int ap__measure_cmp_key(const void *a, const void *b);

/* Whether p is a model's problem for TFLM (AP_ORIGIN_TFLM): its planned section is a head. */
int ap__measure_is_model(const ap_problem *p);

#endif
