/* rutil.h - helpers the report writers share (internal, not installed). */
#ifndef AP_REPORT_RUTIL_H
#define AP_REPORT_RUTIL_H

#include <stdio.h>

#include "arenaplan/plan.h"
#include "arenaplan/problem.h"
#include "arenaplan/report.h"

/* AP_OK when plan has p->n offsets, all placed (>= 0); AP_ERR_INVALID naming the first buffer
 * that is not. Writers call it first, so that they may index and add freely afterwards. */
ap_status ap__report_check(const ap_problem *p, const ap_plan *plan, ap_error *err);

/* "activation", "input", "output", "scratch" or "buffer". */
const char *ap__kind_name(ap_kind k);

/* by_over[i] = the first such allowance whose `over` is buffer i, or NULL (by_over has p->n
 * entries). */
void ap__rule_overlaps_by_over(const ap_problem *p, const ap_overlap **by_over);

/* A sort key: a value, then an index (qsort with ap__cmp_key: ascending, ties by index). */
typedef struct ap__key {
    int64_t v;
    uint32_t i;
} ap__key;
int ap__cmp_key(const void *a, const void *b);

/* Whether p is a model's problem for TFLM (AP_ORIGIN_TFLM): its planned section is a head. */
int ap__is_model(const ap_problem *p);

/* The word for the planned section (report.h): "head" for a TFLM model's problem, else "arena". */
const char *ap__head_word(const ap_problem *p);

/* How the planning log names a buffer: "tensor" for tensors and CSV rows, "buffer" for the
 * rest (kernel scratch). */
const char *ap__buffer_word(const ap_buffer *b);

/* Writes s as XML/HTML character data or attribute text: & < > " ' escaped, control characters
 * and bytes that are not valid UTF-8 replaced by '?', so any input gives well-formed XML.
 * At most max_chars characters are written (an ellipsis marks a cut); 0 means no limit. */
void ap__xml_text(FILE *f, const char *s, size_t max_chars);

/* Writes s as a JSON string that is also safe inside an HTML <script> element: like
 * ap_json_string, with < > & as \u003c \u003e \u0026 and invalid UTF-8 replaced by '?'. */
void ap__json_html(FILE *f, const char *s);

/* A byte count for people: "700 B", "12.5 KiB", "3.20 MiB". */
void ap__human_bytes(char *buf, size_t cap, int64_t v);

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
const char *ap__plan_colour(size_t k);

/* The top of the live-bytes chart's byte scale (arena[k]: plan k's arena): the first plan, the
 * peak and the lower bound, and every other plan up to twice as high, with a margin. */
int64_t ap__live_top(const int64_t *arena, size_t nplans, const ap_summary *s);

/* The fill colours of the kinds, indexed by ap_kind. */
extern const char *const ap__kind_colour[5];

/* The report's stylesheet and script (html_assets.c, generated from assets/). */
extern const char ap__html_css[];
extern const char ap__html_js[];

#endif
