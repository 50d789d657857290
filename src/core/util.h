/* util.h - small internal helpers shared by the library's modules (not installed). */
#ifndef AP_UTIL_H
#define AP_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "arenaplan/error.h"

/* malloc/calloc/realloc that fail cleanly on count * size overflow. */
void *ap__alloc(size_t count, size_t size);
void *ap__zalloc(size_t count, size_t size);
void *ap__grow(void *ptr, size_t *cap, size_t need, size_t size);
char *ap__strdup(const char *s);

/* Rounds v up to a multiple of the power of two a (values within AP_MAX_VALUE). */
static inline int64_t ap__align_up(int64_t v, int64_t a)
{
    return (v + a - 1) & ~(a - 1);
}

static inline int64_t ap__max64(int64_t a, int64_t b) { return a > b ? a : b; }
static inline int64_t ap__min64(int64_t a, int64_t b) { return a < b ? a : b; }

/* Checked arithmetic: return 0 and store the result, or 1 on overflow. */
static inline int ap__add_ovf(int64_t a, int64_t b, int64_t *r) { return __builtin_add_overflow(a, b, r); }
static inline int ap__mul_ovf(int64_t a, int64_t b, int64_t *r) { return __builtin_mul_overflow(a, b, r); }

/* Monotonic seconds. */
double ap__now(void);

/* Deterministic 64-bit generator (splitmix64). */
static inline uint64_t ap__rand(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* Uniform in [0, 1). */
static inline double ap__rand_unit(uint64_t *state)
{
    return (double)(ap__rand(state) >> 11) / 9007199254740992.0;
}

/* Uniform in [0, n) for n > 0. */
static inline uint64_t ap__rand_below(uint64_t *state, uint64_t n)
{
    return ap__rand(state) % n;
}

/* A stable merge sort of n uint32 indices by cmp(a, b, ctx) (negative: a before b). */
typedef int (*ap__cmp_fn)(uint32_t a, uint32_t b, const void *ctx);
ap_status ap__sort_idx(uint32_t *idx, size_t n, ap__cmp_fn cmp, const void *ctx, ap_error *err);

#endif
