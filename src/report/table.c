/*
 * table.c - the plan as a table for the terminal: a summary, then one row per buffer.
 *
 * The folder src/report/: outputs for people and tools, one file per format; every writer
 * measures, summarises (lines.c), then prints.
 */
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
    fputs("peak         ", f);
    ap__lines_peak_steps(f, s, PEAK_RUNS, "-");
    fputc('\n', f);
    /* the operators at the peak (step labels of models) */
    size_t nl, li = ap_problem_labels_between(p, s->peaks[0].first, s->peaks[0].last, &nl);
    for (; shown < nl && shown < PEAK_LABELS; shown++)
        fprintf(f, "%s%s", shown ? ", " : "at           ", p->labels[li + shown].text);
    if (shown)
        fputs(shown < nl ? ", ...\n" : "\n", f);
    for (k = 0; k < s->n_peak_buffers && k < PEAK_ROWS; k++) {
        const ap_buffer *b = &p->buf[s->peak_buffers[k]];
        fprintf(f, "             %5.1f%%  %lld bytes  %s %s", 100.0 * (double)b->size / (double)s->peak_bytes,
                (long long)b->size, ap__lines_buffer_word(b), b->id);
        if (b->name)
            fprintf(f, "  %.60s", b->name);
        fputc('\n', f);
    }
    if (s->n_peak_buffers > PEAK_ROWS) {
        int64_t rest = ap__lines_peak_rest(p, s, PEAK_ROWS);
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

/* What the table measures before it prints: the summary, the rows' order, the allowance each
 * buffer has, the columns' widths (0: no such column). */
typedef struct table {
    ap_summary s;
    size_t *rows;
    row_key *keys;
    const ap_overlap **by_over;  /* NULL without rule allowances */
    int wid, wname, wtype, wsize, wlife, woff, wkind;
} table;

static void table_free(table *t)
{
    free(t->by_over);
    free(t->rows);
    free(t->keys);
    ap_summary_free(&t->s);
}

static void widths(const ap_problem *p, const ap_plan *plan, int hex, table *t)
{
    t->wid = 2, t->wsize = 4, t->wlife = 8, t->woff = 6;
    for (size_t i = 0; i < p->n; i++) {
        const ap_buffer *b = &p->buf[i];
        int w = (int)strlen(b->id), wl = width_of(b->lower) + width_of(b->upper) + 4;
        t->wid = w > t->wid ? w : t->wid;
        if (b->name)
            t->wname = (int)strlen(b->name) > t->wname ? (int)strlen(b->name) : t->wname;
        if (b->type)
            t->wtype = (int)strlen(b->type) > t->wtype ? (int)strlen(b->type) : t->wtype;
        if (b->kind != AP_KIND_BUFFER)
            t->wkind = 10;
        t->wsize = width_of(b->size) > t->wsize ? width_of(b->size) : t->wsize;
        t->wlife = wl > t->wlife ? wl : t->wlife;
        w = width_of(plan->offset[i] + b->size);
        t->woff = w > t->woff ? w : t->woff;
    }
    if (hex)
        t->woff = t->woff > 10 ? t->woff : 10;
    if (t->wname > 40)
        t->wname = 40;
    if (t->wname && t->wname < 4)
        t->wname = 4;
    t->wtype = t->wtype > TYPE_WIDTH ? TYPE_WIDTH : t->wtype && t->wtype < 4 ? 4 : t->wtype;
}

static ap_status measure(const ap_problem *p, const ap_plan *plan, const ap_report_options *opt,
                         table *t, ap_error *err)
{
    ap_status st;
    memset(t, 0, sizeof *t);
    if ((st = ap_summary_compute(p, plan, &t->s, err)) != AP_OK)
        return st;
    t->rows = ap__alloc(p->n ? p->n : 1, sizeof *t->rows);
    t->keys = ap__alloc(p->n ? p->n : 1, sizeof *t->keys);
    if (ap__problem_has_rule_overlaps(p))
        t->by_over = ap__zalloc(p->n, sizeof *t->by_over); /* whose bytes each one may share */
    if (!t->rows || !t->keys || (ap__problem_has_rule_overlaps(p) && !t->by_over))
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory writing the table");
    if (t->by_over)
        ap__measure_by_over(p, t->by_over);
    row_order(p, plan, opt->order, t->keys, t->rows);
    widths(p, plan, opt->hex, t);
    return AP_OK;
}

/* The rest of the arena line, and what the problem does not model, one line each. */
static void write_unmodelled(FILE *f, const ap_problem *p)
{
    size_t i;
    if (p->n_unmodelled)
        fprintf(f, ", a lower estimate: %zu path%s not modelled", p->n_unmodelled,
                p->n_unmodelled > 1 ? "s" : "");
    fputc('\n', f);
    for (i = 0; i < p->n_unmodelled; i++)
        ap__lines_unmodelled(f, "unmodelled   ", &p->unmodelled[i]);
}

/* The lines above the rows: what was planned, TFLM's arena and stock TFLM's, the head and how
 * good it is, the peak, the caller's lines. */
static void write_summary(FILE *f, const ap_problem *p, const ap_plan *plan,
                          const ap_report_options *opt, const ap_summary *s)
{
    char stock[256];
    fprintf(f, "strategy     %s\n", plan->strategy);
    if (p->source)
        fprintf(f, "input        %s\n", p->source);
    if (p->note)
        fprintf(f, "note         %s\n", p->note);
    if (opt->arena) {
        char text[AP_ERROR_MAX + 128];
        ap_tflm_arena_text(&opt->arena->plan, text, sizeof text);
        fprintf(f, "arena        %s\n", text);
        if (ap__lines_stock(-1, s->arena, opt->arena, stock, sizeof stock))
            fprintf(f, "             %s\n", stock);
        const ap_tflm_arena *a = &opt->arena->plan;
        if (opt->split && a->refusal.kind == AP_TFLM_LOADS) {
            ap_tflm_split_text(a->split_persistent, a->split_nonpersistent, a->split_used,
                               a->target, text, sizeof text);
            fprintf(f, "split        %s\n", text);
        }
    } else if (opt->arena_unknown && p->origin == AP_ORIGIN_TFLM) {
        fprintf(f, "arena        unknown: %s\n", opt->arena_unknown);
    }
    fprintf(f, "%-12s %lld bytes", ap__lines_head_word(p), (long long)s->arena);
    int refused = opt->arena && opt->arena->plan.refusal.kind != AP_TFLM_LOADS;
    if (opt->arena && !refused && opt->arena->plan.head != s->arena)
        fprintf(f, " (TFLM lays it out in %lld with the plan embedded: it places the kernel scratch)",
                (long long)opt->arena->plan.head);
    write_unmodelled(f, p);
    if ((!opt->arena || refused) && ap__lines_stock_head(ap__stock_head(p), s->arena, stock, sizeof stock))
        fprintf(f, "             %s\n", stock);
    fprintf(f, "lower bound  %lld bytes (efficiency %.1f%%)\n", (long long)s->lower_bound, 100.0 * s->efficiency);
    if (p->n_ovl)
        fprintf(f, "             %lld bytes without overlap allowances\n", (long long)s->lower_bound_no_overlap);
    else if (s->lower_bound_no_overlap > s->lower_bound)
        /* pre-planned sharing: the bound and the efficiency count it as the input's choice */
        fprintf(f, "             %lld bytes live at the peak: fixed buffers that the input puts "
                   "on shared bytes while live (an offline plan's own choice) count once\n",
                (long long)s->lower_bound_no_overlap);
    if (plan->verdict == AP_VERDICT_OPTIMAL)
        fprintf(f, "verdict      optimal: no plan is smaller (proven)\n");
    else if (plan->verdict == AP_VERDICT_GAP)
        fprintf(f, "verdict      best found, %lld bytes (%.2f%%) above the best proven lower bound %lld\n",
                (long long)(plan->arena - plan->proven_bound),
                plan->proven_bound ? 100.0 * (double)(plan->arena - plan->proven_bound) / (double)plan->proven_bound : 0.0,
                (long long)plan->proven_bound);
    fprintf(f, "no reuse     %lld bytes (the plan saves %lld, %.1f%%)\n", (long long)s->linear_bytes,
            (long long)s->saving_bytes, 100.0 * s->saving_rate);
    fprintf(f, "reuse        %zu of %zu buffers (%.1f%%) use bytes of a buffer that died before they began\n",
            s->reuse_count, s->sized, 100.0 * s->reuse_rate);
    if (p->n_ovl)
        fprintf(f, "shared       %zu buffers share bytes with a live buffer, as allowances permit\n",
                s->shared_count);
    fprintf(f, "padding      %lld bytes of alignment padding\n", (long long)s->padding_bytes);
    write_peak(f, p, s);
    for (size_t i = 0; opt->lines && opt->lines[i]; i++)
        fprintf(f, "%s\n", opt->lines[i]);
    fprintf(f, "buffers      %zu", p->n);
    if (s->fixed)
        fprintf(f, " (%zu fixed)", s->fixed);
    if (p->n > 1)
        fprintf(f, ", by %s", opt->order == AP_ROWS_START ? "first use" : opt->order == AP_ROWS_ID ? "id"
                              : opt->order == AP_ROWS_SIZE ? "size, largest first" : "offset");
    fputs("\n\n", f);
}

static void write_heading(FILE *f, const table *t)
{
    fprintf(f, "%-*s  ", t->wid, "id");
    if (t->wname)
        fprintf(f, "%-*s  ", t->wname, "name");
    if (t->wtype)
        fprintf(f, "%-*s  ", t->wtype, "type");
    if (t->wkind)
        fprintf(f, "%-*s  ", t->wkind, "kind");
    fprintf(f, "%*s  %-*s  %*s  %*s\n", t->wsize, "size", t->wlife, "lifetime", t->woff, "offset",
            t->woff, "end");
}

static void write_row(FILE *f, const ap_problem *p, const ap_plan *plan, int hex, const table *t,
                      size_t i)
{
    const ap_buffer *b = &p->buf[i];
    const ap_overlap *o = t->by_over ? t->by_over[i] : NULL;
    char life[64];
    snprintf(life, sizeof life, "[%lld, %lld)", (long long)b->lower, (long long)b->upper);
    fprintf(f, "%-*s  ", t->wid, b->id);
    if (t->wname)
        fprintf(f, "%-*.*s  ", t->wname, t->wname, b->name ? b->name : "");
    if (t->wtype && b->type && (int)strlen(b->type) > t->wtype)
        fprintf(f, "%.*s...  ", t->wtype - 3, b->type);
    else if (t->wtype)
        fprintf(f, "%-*s  ", t->wtype, b->type ? b->type : "");
    if (t->wkind)
        fprintf(f, "%-*s  ", t->wkind, ap__lines_kind(b->kind));
    fprintf(f, "%*lld  %-*s  ", t->wsize, (long long)b->size, t->wlife, life);
    put_offset(f, hex, t->woff, plan->offset[i]);
    fputs("  ", f);
    put_offset(f, hex, t->woff, plan->offset[i] + b->size);
    fputs(b->fixed != AP_UNFIXED ? "  fixed" : "", f);
    if (o && (o->flags & AP_OVERLAP_ALIAS))
        fprintf(f, "  alias of %s", p->buf[o->base].id);
    else if (o)
        fprintf(f, "  overlaps %s (offset delta <= %lld)", p->buf[o->base].id, (long long)o->max_delta);
    fputc('\n', f);
}

ap_status ap_write_table_with(FILE *f, const ap_problem *p, const ap_plan *plan,
                              const ap_report_options *opt, ap_error *err)
{
    ap_report_options defaults;
    table t;
    ap_status st;
    if (!opt) {
        ap_report_options_init(&defaults);
        opt = &defaults;
    }
    if ((unsigned)opt->order >= AP_ROWS_COUNT)
        return ap_error_set(err, AP_ERR_USAGE, "row order %d is not an ap_row_order", (int)opt->order);
    if ((st = measure(p, plan, opt, &t, err)) == AP_OK) {
        write_summary(f, p, plan, opt, &t.s);
        write_heading(f, &t);
        for (size_t k = 0; k < p->n; k++)
            write_row(f, p, plan, opt->hex, &t, t.rows[k]);
        if (ap__problem_has_rule_overlaps(p)) {
            fputc('\n', f);
            st = ap_write_overlap_savings(f, p, plan, err);
        }
        if (st == AP_OK && ferror(f))
            st = ap_error_set(err, AP_ERR_IO, "write error");
    }
    table_free(&t);
    return st;
}

ap_status ap_write_table(FILE *f, const ap_problem *p, const ap_plan *plan, ap_error *err)
{
    return ap_write_table_with(f, p, plan, NULL, err);
}
