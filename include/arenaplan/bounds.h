/*
 * arenaplan/bounds.h - lower bounds on the arena, and the live-bytes profile.
 *
 * No plan can use fewer bytes than the largest total size of buffers live at one step (when no
 * overlap is allowed), nor end below a fixed buffer's end. With overlap allowances, pairs that
 * may share bytes can save at most their largest permitted overlap, which gives the weaker
 * "with overlap" bound. Fixed buffers count by the union of their byte ranges (pre-planned
 * ones may share bytes).
 */
#ifndef ARENAPLAN_BOUNDS_H
#define ARENAPLAN_BOUNDS_H

#include "arenaplan/problem.h"

#ifdef __cplusplus
extern "C" {
#endif
AP_PUBLIC_BEGIN

/* One segment of the live profile: from step `step` until the next segment's step, `live`
 * bytes (sum of sizes) are live in `count` buffers. */
typedef struct ap_live_seg {
    int64_t step;
    int64_t live;
    int64_t live_overlap; /* live minus the largest overlap the allowances could save and the
                             bytes fixed buffers share */
    size_t count;
} ap_live_seg;

typedef struct ap_bounds {
    int64_t live;          /* max live bytes at one step, ignoring allowances */
    int64_t peak_step;     /* first step where `live` is reached (0 when empty) */
    int64_t live_overlap;  /* max over steps of live bytes minus the allowances' best saving and
                              what fixed buffers share, or the largest buffer if more */
    int64_t fixed_end;     /* max(fixed + size) over fixed buffers */
    int64_t largest;       /* largest single buffer */
    int64_t lower;         /* the best of the above that is valid for this problem:
                              max(live_overlap, fixed_end) */
} ap_bounds;

/* Computes the bounds of a validated problem. O(n log n). */
ap_status ap_bounds_compute(const ap_problem *p, ap_bounds *out, ap_error *err);

/* The live profile: *segs gets a malloc'd array of *nsegs segments covering every step where
 * a buffer is live, in step order (steps where nothing is live are omitted). Free with free(). */
ap_status ap_live_profile(const ap_problem *p, ap_live_seg **segs, size_t *nsegs, ap_error *err);

AP_PUBLIC_END
#ifdef __cplusplus
}
#endif
#endif
