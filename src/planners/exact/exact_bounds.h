/*
 * exact_bounds.h - the exact planner's lower bounds beyond bounds.h (internal; exact_bounds.c).
 */
#ifndef AP_EXACT_BOUNDS_H
#define AP_EXACT_BOUNDS_H

#include "arenaplan/problem.h"
#include "planners/exact/exact_model.h"

/* Lower bounds beyond bounds.h (exact_bounds.c): live bytes with alignment padding per section. */
int64_t ap__exact_bounds_padding(const ap__xmodel *m);

/* The problem restricted to the buffers live in steps [t0, t1), lifetimes clipped: any plan of
 * p restricted to them is a plan of it, so its minimum is a lower bound of p's. NULL when
 * out of memory (err set). */
ap_problem *ap__exact_bounds_window(const ap_problem *p, int64_t t0, int64_t t1, ap_error *err);

#endif
