/*
 * exact_general.h - the general search, complete for every allowance (internal;
 * exact_general.c).
 */
#ifndef AP_EXACT_GENERAL_H
#define AP_EXACT_GENERAL_H

#include "planners/exact/exact_clock.h"
#include "planners/exact/exact_model.h"

/* The general search (exact_general.c): complete even when the model is risky, much slower. */
ap__xresult ap__exact_general_run(const ap__xmodel *m, int64_t cap, uint64_t budget,
                                  ap__xclock *clk, int64_t *xoff, int64_t *need, ap_error *err);

#endif
