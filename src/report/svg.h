/*
 * svg.h - the pieces of SVG the standalone SVG and the HTML report share (internal; svg.c).
 */
#ifndef AP_REPORT_SVG_H
#define AP_REPORT_SVG_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "arenaplan/report.h"

/* Pieces of SVG that the standalone SVG and the HTML report share (svg.c). */
typedef enum ap__svg_mode {
    AP__SVG_STANDALONE, /* an XML document; every rectangle carries a <title> tooltip */
    AP__SVG_INLINE      /* inside the HTML report: no titles (its script shows tooltips) */
} ap__svg_mode;

/* The memory timeline: x = time step, y = offset, rectangles in <g class="bufs"> one per buffer
 * in input order (class "b kN", N the kind). */
void ap__svg_timeline(FILE *f, const ap_problem *p, const ap_plan *plan, const ap_summary *s,
                      ap__svg_mode mode);

/* The live bytes per step against the arena of each plan and the lower bound, peak marked. */
ap_status ap__svg_live(FILE *f, const ap_problem *p, const ap_plan *plans, size_t nplans,
                       const ap_summary *s, ap_error *err);

/* The colour of plan k's arena line in the live-bytes chart and its legend. */
const char *ap__svg_plan_colour(size_t k);

/* The top of the live-bytes chart's byte scale (arena[k]: plan k's arena): the first plan, the
 * peak and the lower bound, and every other plan up to twice as high, with a margin. */
int64_t ap__svg_live_top(const int64_t *arena, size_t nplans, const ap_summary *s);

/* The fill colours of the kinds, indexed by ap_kind. */
extern const char *const ap__svg_kind_colour[5];

#endif
