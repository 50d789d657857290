/* table.c - the plan as a table for the terminal: a summary, then one row per buffer. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/report.h"
#include "arenaplan/savings.h"
#include "core/problem.h"
#include "core/util.h"
#include "planners/stock.h"
#include "report/lines.h"
#include "report/measure.h"

#define PEAK_ROWS 10   /* buffers listed under "peak"; the rest are counted */
#define PEAK_RUNS 4    /* runs of peak steps listed; the rest are counted */
#define PEAK_LABELS 3  /* step labels listed for the first peak run */

static int width_of(long long v)
{
    char tmp[32];
    return snprintf(tmp, sizeof tmp, "%lld", v);
}

static void write_peak(FILE *f, const ap_problem *p, const ap_summary *s)
{
    size_t k, shown = 0;
    if (!s->n_peaks) {
        fputs("peak         no bytes live at any step\n", f);
        return;
    }
    fprintf(f, "peak         %lld bytes live at step%s ", (long long)s->peak_bytes,
            s->n_peaks > 1 || s->peaks[0].first != s->peaks[0].last ? "s" : "");
    for (k = 0; k < s->n_peaks && k < PEAK_RUNS; k++) {
        const ap_step_range *r = &s->peaks[k];
        fputs(k ? ", " : "", f);
        if (r->first == r->last)
            fprintf(f, "%lld", (long long)r->first);
        else
            fprintf(f, "%lld-%lld", (long long)r->first, (long long)r->last);
    }
    if (s->n_peaks > PEAK_RUNS)
        fprintf(f, " and %zu more runs", s->n_peaks - PEAK_RUNS);
    fputc('\n', f);
    /* the operators at the peak (step labels of models) */
    {
        size_t nl, li = ap_problem_labels_between(p, s->peaks[0].first, s->peaks[0].last, &nl);
        for (; shown < nl && shown < PEAK_LABELS; shown++)
            fprintf(f, "%s%s", shown ? ", " : "at           ", p->labels[li + shown].text);
        if (shown)
            fputs(shown < nl ? ", ...\n" : "\n", f);
    }
    for (k = 0; k < s->n_peak_buffers && k < PEAK_ROWS; k++) {
        const ap_buffer *b = &p->buf[s->peak_buffers[k]];
        fprintf(f, "             %5.1f%%  %lld bytes  %s %s", 100.0 * (double)b->size / (double)s->peak_bytes,
                (long long)b->size, ap__lines_buffer_word(b), b->id);
        if (b->name)
            fprintf(f, "  %.60s", b->name);
        fputc('\n', f);
    }
    if (s->n_peak_buffers > PEAK_ROWS) {
        int64_t rest = 0;
        for (; k < s->n_peak_buffers; k++)
            rest += p->buf[s->peak_buffers[k]].size;
        fprintf(f, "             %5.1f%%  %lld bytes  in %zu more buffers\n",
                100.0 * (double)rest / (double)s->peak_bytes, (long long)rest, s->n_peak_buffers - PEAK_ROWS);
    }
}

static const char *const order_names[AP_ROWS_COUNT + 1] = {"start", "id", "size", "offset", NULL};

const char *const *ap_row_order_names(void)
{
    return order_names;
}

void ap_report_options_init(ap_report_options *opt)
{
    memset(opt, 0, sizeof *opt);
    opt->order = AP_ROWS_START;
}

/* A row's sort key: two values, then the input index. */
typedef struct row_key {
    int64_t a, b;
    size_t i;
} row_key;

static int cmp_key(const void *x, const void *y)
{
    const row_key *p = x, *q = y;
    if (p->a != q->a)
        return p->a < q->a ? -1 : 1;
    if (p->b != q->b)
        return p->b < q->b ? -1 : 1;
    return p->i < q->i ? -1 : p->i > q->i;
}

/* The rows in opt's order: rows[k] is the buffer of row k. */
static void row_order(const ap_problem *p, const ap_plan *plan, ap_row_order order, row_key *keys,
                      size_t *rows)
{
    size_t i;
    for (i = 0; i < p->n; i++) {
        const ap_buffer *b = &p->buf[i];
        keys[i].i = i;
        keys[i].a = order == AP_ROWS_START  ? b->lower
                    : order == AP_ROWS_SIZE ? -b->size
                    : order == AP_ROWS_OFFSET ? plan->offset[i]
                                              : 0;
        keys[i].b = order == AP_ROWS_ID ? 0 : b->lower;
    }
    if (order != AP_ROWS_ID)
        qsort(keys, p->n, sizeof *keys, cmp_key);
    for (i = 0; i < p->n; i++)
        rows[i] = keys[i].i;
}

static void put_offset(FILE *f, int hex, int w, int64_t v)
{
    if (hex)
        fprintf(f, "%*s0x%0*llx", w - 10 > 0 ? w - 10 : 0, "", 8, (unsigned long long)v);
    else
        fprintf(f, "%*lld", w, (long long)v);
}

#define TYPE_WIDTH 34 /* the type column's widest; longer types end in "..." */

ap_status ap_write_table_with(FILE *f, const ap_problem *p, const ap_plan *plan,
                              const ap_report_options *opt, ap_error *err)
{
    ap_summary s;
    ap_report_options defaults;
    size_t i, k, *rows = NULL;
    row_key *keys = NULL;
    int wid = 2, wname = 0, wtype = 0, wsize = 4, wlife = 8, woff = 6, wkind = 0;
    char stock[256];
    const ap_overlap **by_over = NULL;
    ap_status st;
    if (!opt) {
        ap_report_options_init(&defaults);
        opt = &defaults;
    }
    if ((unsigned)opt->order >= AP_ROWS_COUNT)
        return ap_error_set(err, AP_ERR_USAGE, "row order %d is not an ap_row_order", (int)opt->order);
    if ((st = ap_summary_compute(p, plan, &s, err)) != AP_OK)
        return st;
    rows = ap__alloc(p->n ? p->n : 1, sizeof *rows);
    keys = ap__alloc(p->n ? p->n : 1, sizeof *keys);
    if (ap__problem_has_rule_overlaps(p))
        by_over = ap__zalloc(p->n, sizeof *by_over); /* rows say whose bytes each one may share */
    if (!rows || !keys || (ap__problem_has_rule_overlaps(p) && !by_over)) {
        st = ap_error_set(err, AP_ERR_NOMEM, "out of memory writing the table");
        goto done;
    }
    if (by_over)
        ap__measure_by_over(p, by_over);
    row_order(p, plan, opt->order, keys, rows);
    for (i = 0; i < p->n; i++) {
        const ap_buffer *b = &p->buf[i];
        int w = (int)strlen(b->id), wl = width_of(b->lower) + width_of(b->upper) + 4;
        wid = w > wid ? w : wid;
        if (b->name)
            wname = (int)strlen(b->name) > wname ? (int)strlen(b->name) : wname;
        if (b->type)
            wtype = (int)strlen(b->type) > wtype ? (int)strlen(b->type) : wtype;
        if (b->kind != AP_KIND_BUFFER)
            wkind = 10;
        wsize = width_of(b->size) > wsize ? width_of(b->size) : wsize;
        wlife = wl > wlife ? wl : wlife;
        woff = width_of(plan->offset[i] + b->size) > woff ? width_of(plan->offset[i] + b->size) : woff;
    }
    if (opt->hex)
        woff = woff > 10 ? woff : 10;
    if (wname > 40)
        wname = 40;
    if (wname && wname < 4)
        wname = 4;
    wtype = wtype > TYPE_WIDTH ? TYPE_WIDTH : wtype && wtype < 4 ? 4 : wtype;
    fprintf(f, "strategy     %s\n", plan->strategy);
    if (p->source)
        fprintf(f, "input        %s\n", p->source);
    if (p->note)
        fprintf(f, "note         %s\n", p->note);
    if (opt->arena) {
        char text[320];
        ap_tflm_arena_text(&opt->arena->plan, text, sizeof text);
        fprintf(f, "arena        %s\n", text);
        if (ap__lines_stock(-1, s.arena, opt->arena, stock, sizeof stock))
            fprintf(f, "             %s\n", stock);
    }
    fprintf(f, "%-12s %lld bytes", ap__lines_head_word(p), (long long)s.arena);
    if (opt->arena && opt->arena->plan.head != s.arena)
        fprintf(f, " (TFLM lays it out in %lld with the plan embedded: it places the kernel scratch)",
                (long long)opt->arena->plan.head);
    fputc('\n', f);
    if (!opt->arena && ap__lines_stock_head(ap__stock_head(p), s.arena, stock, sizeof stock))
        fprintf(f, "             %s\n", stock);
    fprintf(f, "lower bound  %lld bytes (efficiency %.1f%%)\n", (long long)s.lower_bound, 100.0 * s.efficiency);
    if (p->n_ovl)
        fprintf(f, "             %lld bytes without overlap allowances\n", (long long)s.lower_bound_no_overlap);
    if (plan->verdict == AP_VERDICT_OPTIMAL)
        fprintf(f, "verdict      optimal: no plan is smaller (proven)\n");
    else if (plan->verdict == AP_VERDICT_GAP)
        fprintf(f, "verdict      best found, %lld bytes (%.2f%%) above the best proven lower bound %lld\n",
                (long long)(plan->arena - plan->proven_bound),
                plan->proven_bound ? 100.0 * (double)(plan->arena - plan->proven_bound) / (double)plan->proven_bound : 0.0,
                (long long)plan->proven_bound);
    fprintf(f, "no reuse     %lld bytes (the plan saves %lld, %.1f%%)\n", (long long)s.linear_bytes,
            (long long)s.saving_bytes, 100.0 * s.saving_rate);
    fprintf(f, "reuse        %zu of %zu buffers (%.1f%%) use bytes of a buffer that died before they began\n",
            s.reuse_count, s.sized, 100.0 * s.reuse_rate);
    if (p->n_ovl)
        fprintf(f, "shared       %zu buffers share bytes with a live buffer, as allowances permit\n",
                s.shared_count);
    fprintf(f, "padding      %lld bytes of alignment padding\n", (long long)s.padding_bytes);
    write_peak(f, p, &s);
    for (i = 0; opt && opt->lines && opt->lines[i]; i++)
        fprintf(f, "%s\n", opt->lines[i]);
    fprintf(f, "buffers      %zu", p->n);
    if (s.fixed)
        fprintf(f, " (%zu fixed)", s.fixed);
    if (p->n > 1)
        fprintf(f, ", by %s", opt->order == AP_ROWS_START ? "first use" : opt->order == AP_ROWS_ID ? "id"
                              : opt->order == AP_ROWS_SIZE ? "size, largest first" : "offset");
    fputs("\n\n", f);
    fprintf(f, "%-*s  ", wid, "id");
    if (wname)
        fprintf(f, "%-*s  ", wname, "name");
    if (wtype)
        fprintf(f, "%-*s  ", wtype, "type");
    if (wkind)
        fprintf(f, "%-*s  ", wkind, "kind");
    fprintf(f, "%*s  %-*s  %*s  %*s\n", wsize, "size", wlife, "lifetime", woff, "offset", woff, "end");
    for (k = 0; k < p->n; k++) {
        const ap_buffer *b = &p->buf[i = rows[k]];
        char life[64];
        snprintf(life, sizeof life, "[%lld, %lld)", (long long)b->lower, (long long)b->upper);
        fprintf(f, "%-*s  ", wid, b->id);
        if (wname)
            fprintf(f, "%-*.*s  ", wname, wname, b->name ? b->name : "");
        if (wtype && b->type && (int)strlen(b->type) > wtype)
            fprintf(f, "%.*s...  ", wtype - 3, b->type);
        else if (wtype)
            fprintf(f, "%-*s  ", wtype, b->type ? b->type : "");
        if (wkind)
            fprintf(f, "%-*s  ", wkind, ap__lines_kind(b->kind));
        fprintf(f, "%*lld  %-*s  ", wsize, (long long)b->size, wlife, life);
        put_offset(f, opt->hex, woff, plan->offset[i]);
        fputs("  ", f);
        put_offset(f, opt->hex, woff, plan->offset[i] + b->size);
        fputs(b->fixed != AP_UNFIXED ? "  fixed" : "", f);
        if (by_over && by_over[i] && (by_over[i]->flags & AP_OVERLAP_ALIAS))
            fprintf(f, "  alias of %s", p->buf[by_over[i]->base].id);
        else if (by_over && by_over[i])
            fprintf(f, "  overlaps %s (offset delta <= %lld)", p->buf[by_over[i]->base].id,
                    (long long)by_over[i]->max_delta);
        fputc('\n', f);
    }
    if (ap__problem_has_rule_overlaps(p)) {
        fputc('\n', f);
        if ((st = ap_write_overlap_savings(f, p, plan, err)) != AP_OK)
            goto done;
    }
    if (ferror(f))
        st = ap_error_set(err, AP_ERR_IO, "write error");
done:
    free(by_over);
    free(rows);
    free(keys);
    ap_summary_free(&s);
    return st;
}

ap_status ap_write_table(FILE *f, const ap_problem *p, const ap_plan *plan, ap_error *err)
{
    return ap_write_table_with(f, p, plan, NULL, err);
}
