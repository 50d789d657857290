/*
 * libstdcxx.h - the libstdc++ behaviour ArenaPlanner's allocation order depends on (internal;
 * libstdcxx.c).
 */
#ifndef AP_LITERT_LIBSTDCXX_H
#define AP_LITERT_LIBSTDCXX_H

#include <stddef.h>
#include <stdint.h>

#include "arenaplan/error.h"

/* std::unordered_set<int> as libstdc++ (GCC 12) keeps it: nodes in a singly linked list,
 * buckets pointing at the node before their first, key % bucket_count, prime rehashing. */
typedef struct ap__uset {
    int32_t *key;
    int32_t *next;         /* index of the next node, -1 = end */
    int32_t head;          /* first node (_M_before_begin._M_nxt), -1 = empty */
    int32_t *bucket;       /* node before the bucket's first; -2 = before_begin, -1 = empty */
    size_t n, cap, n_buckets;
} ap__uset;

void ap__libstdcxx_uset_init(ap__uset *s);
void ap__libstdcxx_uset_free(ap__uset *s);
/* Inserts key unless present. Returns AP_ERR_NOMEM only. */
ap_status ap__libstdcxx_uset_insert(ap__uset *s, int32_t key, ap_error *err);

/* Sorts v[0..n) exactly as libstdc++'s std::sort (introsort, median-of-three, heapsort past
 * the depth limit, final insertion sort) with the strict order less(a, b, ctx), so that ties
 * come out where TFLite's binary leaves them. */
typedef int (*ap__less_fn)(int32_t a, int32_t b, const void *ctx);
void ap__libstdcxx_sort(int32_t *v, size_t n, ap__less_fn less, const void *ctx);

#endif
