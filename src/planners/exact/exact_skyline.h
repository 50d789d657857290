/*
 * exact_skyline.h - the skyline search, which learns from its failures (internal;
 * exact_skyline.c).
 */
#ifndef AP_EXACT_SKYLINE_H
#define AP_EXACT_SKYLINE_H

#include "planners/exact/exact_clock.h"
#include "planners/exact/exact_model.h"

/* The skyline search (exact_skyline.c): complete for models whose search buffers are all plain
 * and meet no fixed buffer, not too large for its per-depth nogoods (ap__exact_skyline_fits);
 * learns nogoods and activities, kept in an ap__xlearn across searches and capacities of one
 * model, and restarts (Luby's sequence) until a search decides or budget nodes are spent. */
typedef struct ap__xlearn ap__xlearn;
int ap__exact_skyline_fits(const ap__xmodel *m);
ap__xlearn *ap__exact_skyline_learn_new(const ap__xmodel *m);  /* NULL when out of memory */
void ap__exact_skyline_learn_free(ap__xlearn *L);
/* Nogoods kept before the older half is dropped (default 100 000; the tests lower it). */
void ap__exact_skyline_learn_limit(ap__xlearn *L, size_t max_records);
ap__xresult ap__exact_skyline_run(const ap__xmodel *m, ap__xlearn *L, int64_t cap,
                                  uint64_t budget, ap__xclock *clk, int64_t *xoff, int64_t *need,
                                  ap_error *err);

#endif
