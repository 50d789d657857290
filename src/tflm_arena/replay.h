/*
 * replay.h - a trace (trace.h) replayed on an arena of N bytes with SingleArenaBufferAllocator's
 * rules, and the smallest N with which AllocateTensors succeeds (internal; replay.c).
 */
#ifndef AP_TFLM_ARENA_REPLAY_H
#define AP_TFLM_ARENA_REPLAY_H

#include <stdint.h>

#include "tflm_arena/trace.h"

/* Where one replay left the arena. */
typedef struct ap__replay {
    int64_t base, end, head, temp, tail;
    int64_t guard;         /* the end of the temporary allocations a kernel still reads */
    int64_t bytes[AP__CAT_COUNT];
    int64_t peak;          /* the low end's most, before the head is reserved */
    size_t fail;           /* index of the event that failed, or SIZE_MAX */
    int64_t fail_low;      /* what that event needed at the low end (head side) */
    int64_t fail_high;     /* ... and at the high end (the tail, with its request) */
} ap__replay;

/* Replays tr on an arena of n bytes into r; where (NULL, or 2 per event) receives each event's
 * bytes taken (padding included) and its offset: from the arena's end for the tail, from its
 * start for the low end. Returns 1 when every event succeeded. */
int ap__replay_run(const ap__trace *tr, int64_t n, ap__replay *r, int64_t *where);

/* A size with which the replay surely succeeds: every request and its alignment, stacked. */
int64_t ap__replay_roomy(const ap__trace *tr);

/* The smallest n with which the replay succeeds; *multiple16: the smallest multiple of 16. */
int64_t ap__replay_smallest(const ap__trace *tr, int64_t *multiple16);

#endif
