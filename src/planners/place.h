/*
 * place.h - the placement engine every heuristic planner shares (internal).
 *
 * A placer holds a partial plan. For a buffer w about to be placed it lists the placed buffers
 * live at a common step as obstacles: w at offset x clashes with obstacle [lo, hi) exactly when
 * x + size(w) > lo and x < hi. Without an allowance an obstacle is the placed buffer's byte
 * range; an overlap allowance between the two buffers reshapes it, or splits it in two for an
 * exact allowance (see obstacles_for in place.c), so every planner honours allowances without
 * knowing about them. A placed buffer may thus give up to three obstacles.
 *
 * Finding the placed buffers that meet w in time uses a static segment tree over all buffers
 * sorted by lower, holding each placed buffer's upper (and -inf for unplaced ones): the placed
 * buffers with lower < upper(w) and upper > lower(w) come out in O(log n) each.
 */
#ifndef AP_PLACE_H
#define AP_PLACE_H

#include "arenaplan/plan.h"
#include "arenaplan/problem.h"

typedef struct ap__obstacle {
    int64_t lo, hi;
    uint32_t buf;
} ap__obstacle;

typedef struct ap__placer {
    const ap_problem *p;
    int64_t *off;          /* offset per buffer, AP_UNPLACED if not placed */
    int64_t arena;         /* max end over placed buffers */
    uint32_t *leaf_buf;    /* leaf k -> buffer (sorted by lower, then index) */
    uint32_t *leaf_of;     /* buffer -> leaf */
    int64_t *tree;         /* max upper of placed buffers per node */
    size_t width;
    unsigned depth;        /* log2(width): the levels a query walks */
    ap__obstacle *obs;     /* scratch for the current query */
    size_t nobs, cap_obs;
    uint32_t *adj_start;   /* allowances touching buffer i: adj[adj_start[i] .. adj_start[i+1]) */
    uint32_t *adj;         /* index into p->ovl */
    uint64_t visits;       /* obstacles listed so far: a measure of work done */
    int keep_empty;        /* 1: zero-size placed buffers stay in obstacle lists. They own no
                              byte, but TFLM's gap scan still steps over them, and `greedy`
                              must reproduce that; other planners leave this 0. */
} ap__placer;

ap_status ap__place_init(ap__placer *pl, const ap_problem *p, ap_error *err);
void ap__place_free(ap__placer *pl);

/* Forgets every placement. */
void ap__place_clear(ap__placer *pl);

/* Records buffer b at offset x. */
void ap__place_put(ap__placer *pl, uint32_t b, int64_t x);

/* Lists in pl->obs the obstacles for placing buffer w, sorted by (lo, hi, buf). Spends the
 * query's work against the thread's limits (limit.h): AP_ERR_LIMIT once one is reached. */
ap_status ap__place_obstacles(ap__placer *pl, uint32_t w, ap_error *err);

/* TFLM's gap scan over pl->obs (sorted by lo): the first position, in offset order, after which
 * the next obstacle leaves room for `size` bytes at alignment `align`. */
int64_t ap__place_first_fit(const ap__placer *pl, int64_t size, int64_t align);

/* The smallest gap between obstacles that holds size bytes (lowest on ties); if none, the end
 * of the highest obstacle. */
int64_t ap__place_best_fit(const ap__placer *pl, int64_t size, int64_t align);

/* The highest position x with x + size <= cap that clashes with no obstacle, or -1. */
int64_t ap__place_top_fit(const ap__placer *pl, int64_t size, int64_t align, int64_t cap);

/* Places every fixed buffer at its offset (in index order); appends them to order[*k]. */
void ap__place_fixed(ap__placer *pl, uint32_t *order, size_t *k);

/* Copies the placer's offsets into plan (already reset to p->n) and sets its arena. */
void ap__place_to_plan(const ap__placer *pl, ap_plan *plan);

#endif
