/*
 * arenaplan/report.h - writing plans for people and for other tools.
 *
 * Every writer takes a validated problem and a complete plan (every buffer placed: a plan that
 * passed ap_check) and writes to a caller's FILE. They compute what they show (bounds,
 * summary) themselves, so any plan can be written. A writer refuses a plan whose size does
 * not match the problem or that leaves a buffer unplaced (AP_ERR_INVALID), and reports a
 * failed write as AP_ERR_IO; it may have written part of its output by then, so callers that
 * write files write them atomically (the CLI does). docs/report.md defines every figure.
 */
#ifndef ARENAPLAN_REPORT_H
#define ARENAPLAN_REPORT_H

#include <stdio.h>

#include "arenaplan/plan.h"
#include "arenaplan/problem.h"

#ifdef __cplusplus
extern "C" {
#endif
AP_PUBLIC_BEGIN

/* A run of consecutive time steps, both ends included. */
typedef struct ap_step_range {
    int64_t first, last;
} ap_step_range;

/* What a plan achieves, in figures (docs/report.md defines each one precisely). */
typedef struct ap_summary {
    size_t buffers;          /* p->n */
    size_t fixed;            /* buffers with a fixed offset */
    size_t sized;            /* buffers with size > 0 (the ones that can reuse bytes) */
    int64_t arena;           /* the plan's arena: max(offset + size) */
    int64_t lower_bound;     /* ap_bounds.lower: no valid plan is smaller */
    int64_t lower_bound_no_overlap; /* ap_bounds.live: the bound if no overlap were allowed */
    double efficiency;       /* lower_bound / arena (1 when the arena is 0) */
    int64_t total_bytes;     /* sum of all sizes */
    int64_t linear_bytes;    /* the arena with no reuse at all: fixed buffers at their offsets,
                                every other buffer stacked above them in input order, each at the
                                next multiple of its alignment (= the `linear` strategy's arena) */
    int64_t saving_bytes;    /* linear_bytes - arena */
    double saving_rate;      /* saving_bytes / linear_bytes (0 when linear_bytes is 0) */
    size_t reuse_count;      /* buffers whose bytes intersect those of a buffer whose lifetime
                                ended before theirs began (upper <= lower) */
    double reuse_rate;       /* reuse_count / sized (0 when sized is 0) */
    size_t shared_count;     /* buffers that share bytes with a buffer live at a common step, as
                                an overlap allowance permits (in-place aliases, pre-planned
                                sharing); counted once per buffer, as the allowance's `over` */
    int64_t padding_bytes;   /* alignment padding: for each buffer, the free bytes between its
                                offset and the highest end at or below it of a buffer live at a
                                common step (0 when none), when fewer than its alignment */
    int64_t peak_bytes;      /* most live bytes at one step (sum of sizes; = lower_bound_no_overlap) */
    ap_step_range *peaks;    /* the maximal runs of steps with peak_bytes live, in step order;
                                none when peak_bytes is 0 */
    size_t n_peaks;
    uint32_t *peak_buffers;  /* buffers live at the first peak step (peaks[0].first), largest
                                first (ties: input order); their sizes add up to peak_bytes */
    size_t n_peak_buffers;
    unsigned char *reuses;   /* reuses[i] = 1 when buffer i counts in reuse_count (n entries) */
} ap_summary;

/* Computes the summary of a plan of a validated problem. O(n log n) plus, for the padding, the
 * buffers whose ends lie within an alignment below another buffer's offset. On success the
 * caller frees it with ap_summary_free; on failure nothing needs freeing. */
ap_status ap_summary_compute(const ap_problem *p, const ap_plan *plan, ap_summary *s, ap_error *err);
void ap_summary_free(ap_summary *s);

/* The order of the table's buffer rows. */
typedef enum ap_row_order {
    AP_ROWS_START = 0, /* "start": first use (lower), ties in input order; the default, the order
                          Vela's --verbose-allocation lists buffers in */
    AP_ROWS_ID,        /* "id": input order (tensor index for models) */
    AP_ROWS_SIZE,      /* "size": largest first, ties by first use */
    AP_ROWS_OFFSET,    /* "offset": lowest offset first, ties by first use */
    AP_ROWS_COUNT
} ap_row_order;

/* The names of the orders, indexed by value, NULL-terminated ("start", "id", "size",
 * "offset"). */
const char *const *ap_row_order_names(void);

struct ap_tflm_whole; /* tflm_arena.h */

/* What the writers that take options show besides the plan. */
/* A bar of ap_report_bars: one figure and a line about it. */
typedef struct ap_report_bar {
    const char *label;  /* what it measures ("embed + overlap") */
    int64_t bytes;      /* the figure, or -1: none (note says why) */
    const char *note;   /* the command that applies it, or why there is no figure; NULL: none */
} ap_report_bar;

/* Figures as a bar chart against a budget: the HTML report's levers section (fit.h). */
typedef struct ap_report_bars {
    const char *title;  /* the section's heading */
    const char *text;   /* a sentence under it, or NULL */
    int64_t budget;     /* -1: none (no line) */
    const ap_report_bar *bars;
    size_t n;
} ap_report_bars;

typedef struct ap_report_options {
    ap_row_order order; /* the table's row order (AP_ROWS_START) */
    int hex;            /* 1: the table's offsets and ends in hexadecimal (0x0000d800) */
    const struct ap_tflm_whole *arena; /* TFLM's whole arena for this plan and for stock TFLM
                           (ap_tflm_plan_arena), or NULL: the outputs then show the head alone */
    const char *const *lines; /* more summary lines, NULL-terminated, or NULL: the table prints
                           each as given ("label        text") after the peak, the HTML report
                           as a note under the summary (<p class="note" id="line-K">) */
    const char *arena_unknown; /* without arena: why TFLM's whole arena is unknown (the message of
                           the failed ap_tflm_plan_arena), or NULL: the writers then say it by the
                           problem (a buffer list, TensorFlow Lite's interpreter, not computed) */
    const ap_report_bars *levers; /* the HTML report: a section of bars against a budget
                           (<section id="levers">), or NULL: none */
    int split;          /* 1 (--arenas split): with opt->arena, the table, the JSON ("tflm":
                           {"split":...}) and the C header (NAME_PERSISTENT_ARENA_SIZE,
                           NAME_NONPERSISTENT_ARENA_SIZE) give TFLM's two-buffer allocator's sizes
                           (ap_tflm_arena.split_*) */
} ap_report_options;

void ap_report_options_init(ap_report_options *opt);

/* One word per thing, in every output and for every input: the planned section (what a plan
 * decides: max(offset + size)) is the "head"; the "tail" is TFLM's persistent section after
 * AllocateTensors; the "arena" is only ever TFLM's whole arena, the kTensorArenaSize an
 * application declares. A buffer list and TensorFlow Lite's interpreter have a head only: their
 * arena is unknown, and the outputs say why (docs/json.md). */

/* A table for the terminal: summary lines, then one row per buffer (id, name, type, kind, size,
 * lifetime, offset, end) in opt's order (NULL: the defaults). With opt->arena, it starts with
 *   arena        N bytes (kTensorArenaSize for TFLM on cortex-m; head H + tail T)
 *                stock TFLM (greedy): M bytes
 * and the head's line; without, for a model's problem whose plan is smaller than the head
 * stock TFLM reaches, a line says so ("stock TFLM (greedy): head G bytes; this plan needs ..."). */
ap_status ap_write_table_with(FILE *f, const ap_problem *p, const ap_plan *plan,
                              const ap_report_options *opt, ap_error *err);

/* ap_write_table_with with the default options. */
ap_status ap_write_table(FILE *f, const ap_problem *p, const ap_plan *plan, ap_error *err);

/* What is live while each operator runs: for a model, one row per labelled step (the inputs,
 * then each operator in execution order); for a buffer list, one per step at which a buffer
 * begins (the live set changes nowhere else). */
typedef struct ap_op_row {
    int64_t step;
    const char *label;     /* the step's label (owned by the problem), or NULL */
    int64_t live_bytes;    /* the sizes of the buffers live at the step */
    double share;          /* live_bytes / the plan's max(offset + size), its head (0 when
                              that is 0) */
    const uint32_t *buffers; /* the buffers live at the step, largest first (ties: input order) */
    size_t n_buffers;
} ap_op_row;

typedef struct ap_op_table {
    ap_op_row *rows;
    size_t n;
    uint32_t *pool_;       /* private: every row's buffers */
} ap_op_table;

/* Computes the per-operator table of a plan of a validated problem. O(n log n) plus the sum
 * over rows of the buffers live there. Free with ap_op_table_free (also after a failure). */
ap_status ap_op_table_compute(const ap_problem *p, const ap_plan *plan, ap_op_table *t,
                              ap_error *err);
void ap_op_table_free(ap_op_table *t);

/* The per-operator table for the terminal (`plan --ops`): step, operator, live bytes, their share
 * of the plan's head and the buffers (the largest eight by id, then how
 * many more). */
ap_status ap_write_ops(FILE *f, const ap_problem *p, const ap_plan *plan, ap_error *err);

/* The schema of every JSON document arenaplan writes, its first key ("schema"): the number
 * grows when a key is renamed, removed or changes meaning, not when one is added (docs/json.md). */
#define AP_JSON_SCHEMA "arenaplan/2"

/* JSON: {"schema":"arenaplan/2","arena_bytes":N|null,"head_bytes":N,"tail_bytes":N|null,
 * "lower_bound":N,"efficiency":E,"strategy":"...", ..., "summary":{...},
 * "buffers":[{"id":"...","lower":L,"upper":U,"size":S,"offset":O}, ...], "ops":[...]}: every key
 * in docs/json.md; "arena_unknown" says why arena_bytes is null; "ops" (ap_op_table) for models. */
ap_status ap_write_json(FILE *f, const ap_problem *p, const ap_plan *plan, ap_error *err);

/* ap_write_json with options: opt->arena gives arena_bytes and tail_bytes and adds the object
 * "tflm"; without it opt->arena_unknown is the reason given (docs/json.md). */
ap_status ap_write_json_with(FILE *f, const ap_problem *p, const ap_plan *plan,
                             const ap_report_options *opt, ap_error *err);

/* Writes s as a JSON string literal (quotes, escapes, control characters, DEL and C1 controls
 * as \u00XX), valid UTF-8 always: each byte of s that is part of no valid UTF-8 character
 * becomes U+FFFD (JSON cannot carry the byte itself). */
void ap_json_string(FILE *f, const char *s);

/* The planning log, one line per buffer in placement order (plan->order, or input order when
 * it is NULL), in TensorFlow Lite Micro's words:
 *   tensor 3 allocated at offset 0, size 1024      no byte was used by a buffer listed before
 *   tensor 7 reuses offset 0, size 1024            some bytes were used by a buffer listed
 *                                                  before whose lifetime does not meet its own
 *   tensor 9 shares offset 64, size 512 with tensor 8   it overlaps a buffer listed before that
 *                                                  is live with it, as an allowance permits
 * "tensor ID" names a tensor of a model or a row of a CSV list, "buffer ID" a model buffer that
 * is no tensor (kernel scratch); " (fixed)" ends the line of a fixed buffer. AP_ERR_INVALID
 * when plan->order is not a permutation of the buffers. */
ap_status ap_write_log(FILE *f, const ap_problem *p, const ap_plan *plan, ap_error *err);

/* TFLM's own printout of a plan, byte for byte as tflite-micro 90b983c2b's
 * GreedyMemoryPlanner::PrintMemoryPlan writes it (TF_LITE_SHOW_MEMORY_USE), lines ending in
 * "\r\n" as MicroPrintf's do: one line per buffer in the problem's order (the order TFLM's
 * planner receives them),
 *   0 (id=0): size=9216, offset=18432, first_used=0 last_used=1
 * ('*' instead of the ordinal character 0-9a-zA-Z for a buffer live at one step only), then one
 * line per step 0..the last step any buffer is used, an 80-column map of the head with the
 * kilobytes live rounded up:
 *    3: 3333333333...cccc (54k)
 * It equals the device's log when the plan is the one TFLM makes (greedy, or an embedded plan
 * that leaves TFLM nothing to place). AP_ERR_OVERFLOW when a size, offset or step does not fit
 * TFLM's 32-bit int; AP_ERR_LIMIT beyond AP_TFLM_LOG_MAX_STEPS steps. */
#define AP_TFLM_LOG_MAX_STEPS (1L << 20) /* as many operators as a model may run */
ap_status ap_write_tflm_log(FILE *f, const ap_problem *p, const ap_plan *plan, ap_error *err);

/* What RecordingMicroAllocator::PrintAllocations prints after AllocateTensors, byte for byte:
 * the arena's total, head and tail bytes, then each category that holds bytes, with its
 * requested bytes and allocation count (the recording figures of arena->plan). */
ap_status ap_write_tflm_allocations(FILE *f, const struct ap_tflm_whole *arena, ap_error *err);

/* Rows a timeline shows at most; longer time ranges are grouped (see ap_write_timeline). */
#define AP_TIMELINE_MAX_ROWS 500

/* An ASCII chart of the plan, like TFLM's PrintMemoryPlan: a header line, one row per time
 * step with the arena scaled to `width` characters (at least 40 are used) and a character per
 * buffer ('.' free, '!' bytes shared by two live buffers), the live kilobytes at that step and
 * its label; then a legend of the characters. With more than AP_TIMELINE_MAX_ROWS steps, each
 * row stands for a group of consecutive steps and shows the step of the group with the most
 * live bytes. */
ap_status ap_write_timeline(FILE *f, const ap_problem *p, const ap_plan *plan, int width,
                            ap_error *err);

/* The memory timeline alone as a standalone SVG document: x = time step, y = offset, one
 * <rect> per buffer (in input order) coloured by kind with a <title> tooltip, the peak steps
 * marked, labels only on rectangles large enough to read them. */
ap_status ap_write_svg(FILE *f, const ap_problem *p, const ap_plan *plan, ap_error *err);

/* A self-contained HTML report (inline CSS, JS and SVG; no network): the summary of plans[0],
 * its memory timeline with tooltips, the live-bytes curve against the arena and the lower
 * bound, the strategies side by side (every plan of plans[0..nplans)), and a sortable table of
 * the buffers. nplans >= 1; every plan is of p. */
ap_status ap_write_html(FILE *f, const ap_problem *p, const ap_plan *plans, size_t nplans,
                        ap_error *err);

/* ap_write_html with options: opt->arena (for plans[0]) adds TFLM's whole arena and its tail. */
ap_status ap_write_html_with(FILE *f, const ap_problem *p, const ap_plan *plans, size_t nplans,
                             const ap_report_options *opt, ap_error *err);

AP_PUBLIC_END
#ifdef __cplusplus
}
#endif
#endif
