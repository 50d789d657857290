/*
 * exact_search.h - the canonical search (internal; exact_search.c).
 */
#ifndef AP_EXACT_SEARCH_H
#define AP_EXACT_SEARCH_H

#include "planners/exact/exact_clock.h"
#include "planners/exact/exact_model.h"

/* Buffer preorders that break ties and set the canonical search's dynamic order; with
 * AP__PRE_DYNAMIC added, each group found by decomposition is ranked again and searched from
 * offset 0 (exact_search.c, solve_groups). */
enum { AP__PRE_WAT, AP__PRE_TAW, AP__PRE_TWA, AP__PRE_COUNT, AP__PRE_DYNAMIC = 4 };

/* The canonical search (exact_search.c): is there a plan within cap? budget counts nodes. */
ap__xresult ap__exact_search_run(const ap__xmodel *m, int64_t cap, int preorder, uint64_t budget,
                                 ap__xclock *clk, int64_t *xoff, int64_t *need, ap_error *err);

#endif
