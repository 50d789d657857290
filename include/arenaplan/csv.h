/*
 * arenaplan/csv.h - buffer lists and plans as CSV.
 *
 * Input (compatible with minimalloc's format): a header row naming the columns, then one row
 * per buffer. Columns, in any order, matched case-insensitively:
 *   id        (or buffer, buffer_id)  the buffer's id, kept as written
 *   lower     (or start, begin)       first step live
 *   upper     (exclusive)             first step no longer live; or
 *   end       (inclusive)             last step live (upper = end + 1)
 *   size                              bytes
 *   alignment (optional, or align)    power of two
 *   offset    (optional)              a fixed offset the plan must keep (in a plan file: the plan)
 *   name      (optional)              display name
 *   type      (optional)              what the user knows it as ("int8[1,48,48,16]")
 *   alias_of  (optional)              id of a buffer whose bytes this one may share
 *                                     (an overlap allowance with max_delta 0: this buffer
 *                                     starts at or below that one)
 *   overlap_of (optional)             id of a buffer this one may overlap while
 *   max_delta  (optional, default 0)  offset(this) - offset(that) <= max_delta (problem.h)
 *   overlap_exact (optional, 0 or 1)  1: the row's alias_of / overlap_of allowance holds only
 *                                     at exactly that distance (AP_OVERLAP_EXACT)
 *   fixed     (optional, 0 or 1)      whether the row's offset is a fixed offset (1) or only
 *                                     a plan's (0); without the column every offset given is
 *                                     fixed, and in a plan file none is
 * Two fixed buffers may not share bytes while both live (unless an allowance lets them): only
 * a model's offline plan may do that on purpose; allow_fixed_overlap accepts a list that does.
 * Other columns are ignored with a warning. Blank lines and lines starting with '#' are
 * skipped. Fields may be double-quoted ("a,b" and "say ""hi"""). Errors name the line and the
 * column. Output: id,lower,upper,size[,alignment][,name][,type][,alias_of][,overlap_of,max_delta]
 * [,overlap_exact],offset[,fixed] - valid input for both `plan` and `check`; the overlap
 * columns appear when the problem has such allowances (a model read with --inplace or
 * --overlap), and then a first comment line carries the problem's note (which rules, which
 * kernels); the fixed column when a plan is written for a problem with fixed buffers.
 */
#ifndef ARENAPLAN_CSV_H
#define ARENAPLAN_CSV_H

#include <stdio.h>

#include "arenaplan/error.h"
#include "arenaplan/plan.h"
#include "arenaplan/problem.h"

#ifdef __cplusplus
extern "C" {
#endif
AP_PUBLIC_BEGIN

typedef struct ap_csv_options {
    int64_t align;   /* the problem's default alignment; 0 = 1 */
    int offset_is_plan; /* 1: the offset column is a plan to be checked, not fixed offsets:
                           ignore it here (but where a fixed column says 1) and read it with
                           ap_csv_parse_plan */
    int allow_fixed_overlap; /* 1: fixed buffers may share bytes while both live (pre-planned
                                sharing, ap_buffer.preplanned): warns (warn) naming the first
                                pair that does. 0: that is an input error naming the pair */
    ap_warn_fn warn; /* receives "file:1: column 'x' ignored" warnings; may be NULL */
    void *warn_ctx;
} ap_csv_options;

void ap_csv_options_init(ap_csv_options *opt);

/* What the header row held. */
typedef struct ap_csv_info {
    int has_offset;    /* an offset column was present (its values became fixed offsets) */
    int inclusive_end; /* lifetimes were given with `end` */
} ap_csv_info;

/* Parses text[0..len) into a new validated problem. origin names the input in messages.
 * info may be NULL. */
ap_status ap_csv_parse(const char *text, size_t len, const char *origin, const ap_csv_options *opt,
                       ap_problem **out, ap_csv_info *info, ap_error *err);

/* Parses a plan (a CSV with id and offset columns) for the problem p: offsets[i] receives the
 * offset of the row whose id is p->buf[i].id. Every buffer must have exactly one row and every
 * row must name a buffer of p; when the plan also carries lower/upper/end/size columns they must
 * agree with p. AP_ERR_INPUT names the line and column at fault. */
ap_status ap_csv_parse_plan(const char *text, size_t len, const char *origin, const ap_problem *p,
                            int64_t *offsets, ap_error *err);

/* Writes the problem's buffers with the plan's offsets (plan may be NULL: no offset column).
 * Lifetimes are written as lower/upper (exclusive). Each row carries the buffer's overlap
 * allowances (it being `over`): AP_ERR_INPUT, before anything is written, when a buffer has
 * more than one plain alias and one other allowance, or the two differ in exactness. */
ap_status ap_csv_write(FILE *f, const ap_problem *p, const ap_plan *plan, ap_error *err);

struct ap_report_options; /* report.h */

/* ap_csv_write with the figures of a model's plan in comment lines first, in the table's words
 * (docs/json.md): "# arena N bytes (kTensorArenaSize ...)" with opt->arena, else "# arena
 * unknown: why" (opt->arena_unknown), then "# head H bytes" and the stock TFLM line (the whole
 * arena's with opt->arena). A buffer list's CSV is ap_csv_write's. opt may be NULL. */
ap_status ap_csv_write_with(FILE *f, const ap_problem *p, const ap_plan *plan,
                            const struct ap_report_options *opt, ap_error *err);

AP_PUBLIC_END
#ifdef __cplusplus
}
#endif
#endif
