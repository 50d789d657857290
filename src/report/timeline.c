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

ap_status ap_write_timeline(FILE *f, const ap_problem *p, const ap_plan *plan, int width, ap_error *err)
{
    ap_live_seg *seg = NULL;
    size_t nseg = 0, i, k, next = 0, nact = 0;
    uint32_t *by_lower = NULL, *act = NULL;
    char *line = NULL;
    int64_t t0 = INT64_MAX, t1 = INT64_MIN, arena = 0, maxlive = 0, nsteps, group, g;
    int wlab, wkb, wtext = 0, cw;
    ap_status st = ap__measure_check(p, plan, err);
    if (st != AP_OK)
        return st;
    for (i = 0; i < p->n; i++) {
        t0 = ap__min64(t0, p->buf[i].lower);
        t1 = ap__max64(t1, p->buf[i].upper - 1);
        arena = ap__max64(arena, plan->offset[i] + p->buf[i].size);
    }
    fprintf(f, "timeline of %s: %s %lld bytes", plan->strategy[0] ? plan->strategy : "the plan", ap__lines_head_word(p),
            (long long)arena);
    if (p->n == 0) {
        fputs(", no buffers\n", f);
        return ferror(f) ? ap_error_set(err, AP_ERR_IO, "write error") : AP_OK;
    }
    if ((st = ap_live_profile(p, &seg, &nseg, err)) != AP_OK)
        return st;
    for (k = 0; k < nseg; k++)
        maxlive = ap__max64(maxlive, seg[k].live);
    nsteps = t1 - t0 + 1;
    group = (nsteps + AP_TIMELINE_MAX_ROWS - 1) / AP_TIMELINE_MAX_ROWS;
    /* row: "LABEL: CHART (LIVEk)  step label" */
    wlab = num_width(t0) > num_width(t1) ? num_width(t0) : num_width(t1);
    if (group > 1)
        wlab = 2 * wlab + 1;
    {
        char tmp[48];
        wkb = live_text(tmp, sizeof tmp, maxlive, maxlive);
    }
    /* step labels (models) get a column of their own, so rows fit the width */
    for (k = 0; k < p->n_labels; k++) {
        int w = (int)strlen(p->labels[k].text) + (group > 1 ? 22 : 0);
        wtext = w > wtext ? w : wtext;
    }
    if (wtext > LABEL_MAX)
        wtext = LABEL_MAX;
    cw = width - wlab - 2 - 1 - wkb - (wtext ? 2 + wtext : 0);
    if (cw < 16)
        cw = 16;
    if (cw > 2000)
        cw = 2000;
    if (arena == 0)
        fprintf(f, ", %d columns; every buffer is empty\n", cw);
    else
        fprintf(f, ", %d columns of %.1f bytes; '.' free, '!' shared\n", cw, (double)arena / cw);
    if (group > 1)
        fprintf(f, "%lld steps: each row stands for %lld steps and shows the one with the most live bytes\n",
                (long long)nsteps, (long long)group);
    by_lower = ap__alloc(p->n, sizeof *by_lower);
    act = ap__alloc(p->n, sizeof *act);
    line = malloc((size_t)cw + 1);
    if (!by_lower || !act || !line) {
        st = ap_error_set(err, AP_ERR_NOMEM, "out of memory drawing the timeline");
        goto done;
    }
    for (i = 0; i < p->n; i++)
        by_lower[i] = (uint32_t)i;
    if ((st = ap__sort_idx(by_lower, p->n, cmp_lower, p, err)) != AP_OK)
        goto done;
    k = 0;
    for (g = t0; g <= t1; g += group) {
        int64_t gend = ap__min64(t1, g + group - 1), t = g, live = -1;
        size_t a, kept;
        const char *lab;
        char rowlab[64];
        /* the step of the group with the most live bytes: segments cover [step, next step) */
        while (k < nseg && (k + 1 < nseg ? seg[k + 1].step : t1 + 1) <= g)
            k++;
        for (a = k; a < nseg && seg[a].step <= gend; a++) {
            int64_t from = ap__max64(seg[a].step, g);
            if (seg[a].live > live) {
                live = seg[a].live;
                t = from;
            }
        }
        if (live < 0)
            live = 0; /* nothing live anywhere in the group */
        /* live buffers at t: add those that began, drop those that ended */
        while (next < p->n && p->buf[by_lower[next]].lower <= t)
            act[nact++] = by_lower[next++];
        for (a = kept = 0; a < nact; a++)
            if (p->buf[act[a]].upper > t)
                act[kept++] = act[a];
        nact = kept;
        memset(line, '.', (size_t)cw);
        line[cw] = 0;
        for (a = 0; a < nact && arena > 0; a++) {
            size_t b = act[a];
            int64_t o = plan->offset[b], s = p->buf[b].size, c0, c1, c;
            char ch = glyphs[b % NGLYPHS];
            if (s == 0)
                continue;
            c0 = column(o, cw, arena);
            c1 = column(o + s, cw, arena);
            if (c1 == c0) {
                if (c0 < cw && line[c0] == '.')
                    line[c0] = ch;
                continue;
            }
            for (c = c0; c < c1; c++)
                line[c] = line[c] == '.' ? ch : '!';
        }
        if (group > 1)
            snprintf(rowlab, sizeof rowlab, "%lld-%lld", (long long)g, (long long)gend);
        else
            snprintf(rowlab, sizeof rowlab, "%lld", (long long)g);
        fprintf(f, "%*s: %s ", wlab, rowlab, line);
        {
            char kb[48];
            live_text(kb, sizeof kb, live, maxlive);
            lab = ap_problem_label(p, t);
            if (lab) {
                char text[LABEL_MAX + 32];
                if (group > 1)
                    snprintf(text, sizeof text, "step %lld: %s", (long long)t, lab);
                else
                    snprintf(text, sizeof text, "%s", lab);
                if ((int)strlen(text) > wtext)
                    memcpy(text + wtext - 3, "...", 4); /* cut to the label column */
                fprintf(f, "%-*s  %s\n", wkb, kb, text);
            } else {
                fprintf(f, "%s\n", kb);
            }
        }
    }
    /* the legend */
    if (p->n <= 2 * NGLYPHS) {
        for (i = 0; i < p->n; i++) {
            const ap_buffer *b = &p->buf[i];
            fprintf(f, "%c %s %s, %lld bytes at %lld, steps %lld-%lld", glyphs[i % NGLYPHS],
                    ap__lines_buffer_word(b), b->id, (long long)b->size, (long long)plan->offset[i],
                    (long long)b->lower, (long long)(b->upper - 1));
            if (b->name)
                fprintf(f, ": %s", b->name);
            fputc('\n', f);
        }
    } else {
        fprintf(f, "buffer number i (in input order, from 0) is drawn with character i mod 62 of "
                   "0-9, a-z, A-Z\n");
    }
    if (ferror(f))
        st = ap_error_set(err, AP_ERR_IO, "write error");
done:
    free(seg);
    free(by_lower);
    free(act);
    free(line);
    return st;
}
