/*
 * bytetree.h - a segment tree over byte ranges (internal; bytetree.c).
 */
#ifndef AP_REPORT_BYTETREE_H
#define AP_REPORT_BYTETREE_H

#include <stddef.h>
#include <stdint.h>

#include "arenaplan/problem.h"

/* A segment tree over the distinct byte boundaries of a set of ranges: chmin writes a value
 * over a byte range, min reads the smallest value written over any byte of a range.
 * O(log m) per call for m boundaries. Ranges must have been declared to ap__bytetree_init. */
typedef struct ap__bytetree {
    int64_t *pts;   /* sorted distinct boundaries */
    size_t m;       /* count of pts; elementary segments [pts[k], pts[k+1]) */
    int64_t *tag;   /* min of values written over the whole node */
    int64_t *sub;   /* min of values written over any part of the node */
} ap__bytetree;

/* Boundaries are offset[i] and offset[i] + size[i] for the buffers of p with size > 0. */
ap_status ap__bytetree_init(ap__bytetree *t, const ap_problem *p, const int64_t *offset, ap_error *err);
void ap__bytetree_chmin(ap__bytetree *t, int64_t lo, int64_t hi, int64_t v);
int64_t ap__bytetree_min(const ap__bytetree *t, int64_t lo, int64_t hi); /* INT64_MAX: none */
void ap__bytetree_free(ap__bytetree *t);

#endif
