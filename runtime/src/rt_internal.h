/*
 * rt_internal.h - helpers shared by the runtime's files (not part of the public API).
 */
#ifndef ARENAPLAN_RT_INTERNAL_H
#define ARENAPLAN_RT_INTERNAL_H

#include "arenaplan_rt.h"

/* Invariants as asserts in the host build (AP_RT_CHECKS: the tests and the sanitizer build run
 * them); nothing on targets, where <assert.h> is not freestanding and every byte counts. */
#if defined(AP_RT_CHECKS) && !defined(NDEBUG)
#include <assert.h>
#define AP_RT_ASSERT(x) assert(x)
#else
#define AP_RT_ASSERT(x) ((void)0)
#endif

/* Whether x is a power of two (0 is not). */
static inline bool ap_rt__pow2(size_t x)
{
    return x != 0 && (x & (x - 1)) == 0;
}

/* Bytes from address addr up to the next multiple of align (a power of two). */
static inline size_t ap_rt__pad(uintptr_t addr, size_t align)
{
    return (size_t)(0u - addr) & (align - 1);
}

/* Recomputes the sections' used bytes from the arena's offsets; raises the high-water marks. */
void ap_rt__account(ap_rt_arena *a);

#endif
