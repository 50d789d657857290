/*
 * replay.h - a trace (trace.h) replayed on an arena of N bytes with SingleArenaBufferAllocator's
 * rules, and the smallest N with which AllocateTensors succeeds (internal; replay.c).
 */
#ifndef AP_TFLM_ARENA_REPLAY_H
#define AP_TFLM_ARENA_REPLAY_H

#include <stdint.h>

#include "tflm_arena/trace.h"

#define AP__REPLAY_READS 32

/* How a Prepare buffer that may lie on unread temporary bytes (AP__CLEAR_TENSOR_DIMS) is held:
 * EXACT off every byte still read (what TFLM does: its success is then not monotone in N);
 * GUARD above every temporary byte still read (the other buffers' rule: monotone, never less
 * than EXACT needs); HEAD by the head alone (TFLM's own check: monotone, never more). */
enum { AP__HOLD_EXACT, AP__HOLD_GUARD, AP__HOLD_HEAD };

/* Where one replay left the arena. */
typedef struct ap__replay {
    int64_t base, end, head, temp, tail;
    int64_t guard;         /* the end of the temporary allocations a kernel still reads */
    int64_t bytes[AP__CAT_COUNT];
    int64_t peak;          /* the low end's most, before the head is reserved */
    size_t fail;           /* index of the event that failed, or SIZE_MAX */
    int64_t fail_low;      /* what that event needed at the low end (head side) */
    int64_t fail_high;     /* ... and at the high end (the tail, with its request) */
    int64_t kept;          /* the largest head reserved so far (MicroAllocator's
                              max_head_buffer_usage_): a model's head reserves at least this */
    int split;             /* two buffers (MicroAllocator::Create(persistent, P, non_persistent,
                              NP)): the tail events go to the persistent one, [pbase, pend) */
    int64_t pbase, pend, ptail;
    /* The temporary bytes still read since the section was last released, as intervals in
     * address order (adjacent ones merged; past AP__REPLAY_READS the lowest two merged, which
     * only reads more), the last temporary TfLiteTensor apart: [last_at, last_end), its
     * fields read up to last_dims (AP__CLEAR_TENSOR_DIMS, rows.h); last_at -1: none. */
    int64_t reads[AP__REPLAY_READS][2];
    int n_reads;
    int64_t last_at, last_end, last_dims;
    int mode;              /* how a TENSOR_DIMS buffer is held (replay.c): AP__HOLD_* */
} ap__replay;

/* Replays tr on an arena of n bytes into r; where (NULL, or 2 per event) receives each event's
 * bytes taken (padding included) and its offset: from the arena's end for the tail, from its
 * start for the low end. Returns 1 when every event succeeded. */
int ap__replay_run(const ap__trace *tr, int64_t n, ap__replay *r, int64_t *where);

/* The same on TFLM's two-buffer allocator: the persistent events on a buffer of p bytes (its
 * end aligned down to 16, each checked against its start only), every other event on one of np
 * bytes; both 16- but not 32-aligned. */
int ap__replay_split_run(const ap__trace *tr, int64_t p, int64_t np, ap__replay *r,
                         int64_t *where);

/* The smallest p and np with which ap__replay_split_run succeeds (each with the other roomy:
 * no event of one buffer checks the other). */
void ap__replay_split_smallest(const ap__trace *tr, int64_t *p, int64_t *np);

/* Events v[0..n) of one model (a segment of a multi-tenant trace) replayed after others: the
 * tail's top a past a multiple of 16 (0..15), the head kept so far `kept` bytes (the low end
 * then starts there). *growth: the bytes the segment adds to the tail; *need: it succeeds on
 * an arena of N bytes exactly when the tail above it takes at most N - *need bytes (with the
 * residue a), i.e. N >= (the tail before) + *need. A model whose planner receives no buffer
 * may pass on less (its planner's size wraps: replay.c); *need does not count that. */
void ap__replay_segment(const ap__trace_ev *v, size_t n, int64_t a, int64_t kept,
                        int64_t *growth, int64_t *need);

/* A size with which the replay surely succeeds: every request and its alignment, stacked. */
int64_t ap__replay_roomy(const ap__trace *tr);

/* The smallest n with which the replay succeeds; *multiple16: the smallest multiple of 16. */
int64_t ap__replay_smallest(const ap__trace *tr, int64_t *multiple16);

#endif
