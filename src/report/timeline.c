/*
 * timeline.c - the plan as an ASCII chart for the terminal, in the manner of TFLM's
 * PrintMemoryPlan (report.h, docs/report.md).
 *
 * One row per time step; the arena is scaled to the chart's columns and each live buffer
 * paints its columns with its character. A column belongs to the buffer that covers the first
 * byte of the column (floor scaling at both ends), so buffers that do not share bytes never
 * collide; a buffer too small to own a column still shows in its first column when that one
 * is free. '!' marks a column claimed by two live buffers (shared bytes under an allowance).
 * Long time ranges are grouped so the chart stays within AP_TIMELINE_MAX_ROWS rows.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/bounds.h"
#include "arenaplan/report.h"
#include "core/util.h"
#include "report/lines.h"
#include "report/measure.h"

static const char glyphs[] = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
#define NGLYPHS 62
#define LABEL_MAX 28 /* widest step label column */

static int cmp_lower(uint32_t a, uint32_t b, const void *ctx)
{
    const ap_problem *p = ctx;
    if (p->buf[a].lower != p->buf[b].lower)
        return p->buf[a].lower < p->buf[b].lower ? -1 : 1;
    return a < b ? -1 : a > b;
}

/* Column of byte v in a chart of w columns over arena bytes: floor(v * w / arena), exact
 * (v <= arena <= 2^52 and w <= 2000 < 2^11 keep the product below 2^63). */
static int64_t column(int64_t v, int64_t w, int64_t arena)
{
    return v * w / arena;
}

/* The live bytes at the end of a row: kilobytes as TFLM prints them, or bytes when the whole
 * chart stays below one kilobyte. */
static int live_text(char *buf, size_t cap, int64_t live, int64_t maxlive)
{
    if (maxlive < 1024)
        return snprintf(buf, cap, "(%lld B)", (long long)live);
    return snprintf(buf, cap, "(%.1fk)", (double)live / 1024.0);
}

static int num_width(long long v)
{
    char tmp[32];
    return snprintf(tmp, sizeof tmp, "%lld", v);
}

/* What the chart is made of (measured once): the steps and bytes it spans, how steps group into
 * rows, the columns' widths, the live profile and the buffers live at the current row. */
typedef struct chart {
    int64_t t0, t1, arena, maxlive, nsteps, group;
    int wlab, wkb, wtext, cw;   /* row label, live bytes, step label and chart columns */
    ap_live_seg *seg;
    size_t nseg, k;             /* the live profile; k: the segment of the current row */
    uint32_t *by_lower, *act;   /* buffers by first step; those live at the current row */
    size_t next, nact;
    char *line;                 /* cw + 1 bytes */
} chart;

static void chart_free(chart *c)
{
    free(c->seg);
    free(c->by_lower);
    free(c->act);
    free(c->line);
}

/* The chart's extent and column widths for a plan of p with buffers (p->n > 0). */
static ap_status measure(const ap_problem *p, int width, chart *c, ap_error *err)
{
    ap_status st = ap_live_profile(p, &c->seg, &c->nseg, err);
    char tmp[48];
    if (st != AP_OK)
        return st;
    for (size_t k = 0; k < c->nseg; k++)
        c->maxlive = ap__max64(c->maxlive, c->seg[k].live);
    c->nsteps = c->t1 - c->t0 + 1;
    c->group = (c->nsteps + AP_TIMELINE_MAX_ROWS - 1) / AP_TIMELINE_MAX_ROWS;
    /* row: "LABEL: CHART (LIVEk)  step label" */
    c->wlab = num_width(c->t0) > num_width(c->t1) ? num_width(c->t0) : num_width(c->t1);
    if (c->group > 1)
        c->wlab = 2 * c->wlab + 1;
    c->wkb = live_text(tmp, sizeof tmp, c->maxlive, c->maxlive);
    /* step labels (models) get a column of their own, so rows fit the width */
    for (size_t k = 0; k < p->n_labels; k++) {
        int w = (int)strlen(p->labels[k].text) + (c->group > 1 ? 22 : 0);
        c->wtext = w > c->wtext ? w : c->wtext;
    }
    if (c->wtext > LABEL_MAX)
        c->wtext = LABEL_MAX;
    c->cw = width - c->wlab - 2 - 1 - c->wkb - (c->wtext ? 2 + c->wtext : 0);
    c->cw = c->cw < 16 ? 16 : c->cw > 2000 ? 2000 : c->cw;
    c->by_lower = ap__alloc(p->n, sizeof *c->by_lower);
    c->act = ap__alloc(p->n, sizeof *c->act);
    c->line = malloc((size_t)c->cw + 1);
    if (!c->by_lower || !c->act || !c->line)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory drawing the timeline");
    for (size_t i = 0; i < p->n; i++)
        c->by_lower[i] = (uint32_t)i;
    return ap__sort_idx(c->by_lower, p->n, cmp_lower, p, err);
}

/* The step of the group of steps [g, gend] with the most live bytes, and those bytes: the
 * profile's segments cover [step, next step). */
static int64_t group_peak(chart *c, int64_t g, int64_t gend, int64_t *live)
{
    int64_t t = g;
    *live = -1;
    while (c->k < c->nseg && (c->k + 1 < c->nseg ? c->seg[c->k + 1].step : c->t1 + 1) <= g)
        c->k++;
    for (size_t a = c->k; a < c->nseg && c->seg[a].step <= gend; a++) {
        if (c->seg[a].live > *live) {
            *live = c->seg[a].live;
            t = ap__max64(c->seg[a].step, g);
        }
    }
    if (*live < 0)
        *live = 0; /* nothing live anywhere in the group */
    return t;
}

/* Paints the buffers live at step t into c->line. */
static void paint(const ap_problem *p, const ap_plan *plan, chart *c, int64_t t)
{
    size_t a, kept;
    /* live buffers at t: add those that began, drop those that ended */
    while (c->next < p->n && p->buf[c->by_lower[c->next]].lower <= t)
        c->act[c->nact++] = c->by_lower[c->next++];
    for (a = kept = 0; a < c->nact; a++)
        if (p->buf[c->act[a]].upper > t)
            c->act[kept++] = c->act[a];
    c->nact = kept;
    memset(c->line, '.', (size_t)c->cw);
    c->line[c->cw] = 0;
    for (a = 0; a < c->nact && c->arena > 0; a++) {
        size_t b = c->act[a];
        int64_t o = plan->offset[b], s = p->buf[b].size;
        char ch = glyphs[b % NGLYPHS];
        if (s == 0)
            continue;
        int64_t c0 = column(o, c->cw, c->arena), c1 = column(o + s, c->cw, c->arena);
        if (c1 == c0) {
            if (c0 < c->cw && c->line[c0] == '.')
                c->line[c0] = ch;
            continue;
        }
        for (int64_t x = c0; x < c1; x++)
            c->line[x] = c->line[x] == '.' ? ch : '!';
    }
}

/* One row: its steps, the chart, the live bytes and the label of step t. */
static void write_row(FILE *f, const ap_problem *p, const chart *c, int64_t g, int64_t gend,
                      int64_t t, int64_t live)
{
    char rowlab[64], kb[48];
    const char *lab = ap_problem_label(p, t);
    if (c->group > 1)
        snprintf(rowlab, sizeof rowlab, "%lld-%lld", (long long)g, (long long)gend);
    else
        snprintf(rowlab, sizeof rowlab, "%lld", (long long)g);
    fprintf(f, "%*s: %s ", c->wlab, rowlab, c->line);
    live_text(kb, sizeof kb, live, c->maxlive);
    if (!lab) {
        fprintf(f, "%s\n", kb);
        return;
    }
    char text[LABEL_MAX + 32];
    if (c->group > 1)
        snprintf(text, sizeof text, "step %lld: %s", (long long)t, lab);
    else
        snprintf(text, sizeof text, "%s", lab);
    if ((int)strlen(text) > c->wtext)
        memcpy(text + c->wtext - 3, "...", 4); /* cut to the label column */
    fprintf(f, "%-*s  %s\n", c->wkb, kb, text);
}

static void write_legend(FILE *f, const ap_problem *p, const ap_plan *plan)
{
    if (p->n > 2 * NGLYPHS) {
        fprintf(f, "buffer number i (in input order, from 0) is drawn with character i mod 62 of "
                   "0-9, a-z, A-Z\n");
        return;
    }
    for (size_t i = 0; i < p->n; i++) {
        const ap_buffer *b = &p->buf[i];
        fprintf(f, "%c %s %s, %lld bytes at %lld, steps %lld-%lld", glyphs[i % NGLYPHS],
                ap__lines_buffer_word(b), b->id, (long long)b->size, (long long)plan->offset[i],
                (long long)b->lower, (long long)(b->upper - 1));
        if (b->name)
            fprintf(f, ": %s", b->name);
        fputc('\n', f);
    }
}

ap_status ap_write_timeline(FILE *f, const ap_problem *p, const ap_plan *plan, int width, ap_error *err)
{
    chart c = {.t0 = INT64_MAX, .t1 = INT64_MIN};
    ap_status st = ap__measure_check(p, plan, err);
    if (st != AP_OK)
        return st;
    for (size_t i = 0; i < p->n; i++) {
        c.t0 = ap__min64(c.t0, p->buf[i].lower);
        c.t1 = ap__max64(c.t1, p->buf[i].upper - 1);
        c.arena = ap__max64(c.arena, plan->offset[i] + p->buf[i].size);
    }
    fprintf(f, "timeline of %s: %s %lld bytes", plan->strategy[0] ? plan->strategy : "the plan",
            ap__lines_head_word(p), (long long)c.arena);
    if (p->n == 0) {
        fputs(", no buffers\n", f);
        return ferror(f) ? ap_error_set(err, AP_ERR_IO, "write error") : AP_OK;
    }
    if ((st = measure(p, width, &c, err)) == AP_OK) {
        if (c.arena == 0)
            fprintf(f, ", %d columns; every buffer is empty\n", c.cw);
        else
            fprintf(f, ", %d columns of %.1f bytes; '.' free, '!' shared\n", c.cw,
                    (double)c.arena / c.cw);
        if (c.group > 1)
            fprintf(f, "%lld steps: each row stands for %lld steps and shows the one with the most "
                    "live bytes\n", (long long)c.nsteps, (long long)c.group);
        for (int64_t g = c.t0; g <= c.t1; g += c.group) {
            int64_t gend = ap__min64(c.t1, g + c.group - 1), live, t = group_peak(&c, g, gend, &live);
            paint(p, plan, &c, t);
            write_row(f, p, &c, g, gend, t, live);
        }
        write_legend(f, p, plan);
        if (ferror(f))
            st = ap_error_set(err, AP_ERR_IO, "write error");
    }
    chart_free(&c);
    return st;
}
