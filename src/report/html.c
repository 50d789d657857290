/*
 * html.c - the HTML report: one self-contained file (inline CSS, JS and SVG) that explains a
 * plan (report.h, docs/report.md).
 *
 * Figures and pictures are written here, in C, so the page shows them even with scripts off;
 * the script (assets/report.js) adds tooltips, the sortable table and the strategies' small
 * timelines from the data embedded as JSON. Nothing is fetched: the page works from file://.
 * Sizes stay proportional to the buffers: one short <rect> and one short JSON row each.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/report.h"
#include "arenaplan/savings.h"
#include "arenaplan/tflm_arena.h"
#include "core/problem.h"
#include "core/util.h"
#include "planners/stock.h"
#include "report/escape.h"
#include "report/html_assets.h"
#include "report/lines.h"
#include "report/measure.h"
#include "report/svg.h"

#define PEAK_ROWS 12      /* peak buffers listed; the rest are counted */
#define PEAK_RUNS 8       /* runs of peak steps listed */
#define PEAK_LABELS 6     /* operators listed for the first peak run */

static void figure(FILE *f, const char *id, const char *title, long long value, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

/* One <div><dt>title</dt><dd id data-value>text</dd></div> of the summary grid. */
static void figure(FILE *f, const char *id, const char *title, long long value, const char *fmt, ...)
{
    va_list ap;
    fprintf(f, "<div><dt>%s</dt><dd id=\"%s\" data-value=\"%lld\">", title, id, value);
    va_start(ap, fmt);
    vfprintf(f, fmt, ap);
    va_end(ap);
    fputs("</dd></div>\n", f);
}

/* The figures of the summary, one <div> each. */
static void write_figures(FILE *f, const ap_problem *p, const ap_plan *plan, const ap_summary *s,
                          const ap_tflm_whole *arena)
{
    char h[48], t1[64];
    if (arena && arena->plan.refusal.kind == AP_TFLM_LOADS) {
        char title[96];
        snprintf(title, sizeof title, "arena (kTensorArenaSize, %s)", arena->plan.target);
        figure(f, "sum-arena", title, arena->plan.min_arena, "%lld bytes <small>head %lld + tail %lld</small>",
               (long long)arena->plan.min_arena, (long long)arena->plan.head, (long long)arena->plan.tail);
    }
    ap__lines_bytes(h, sizeof h, s->arena);
    /* one word per thing: a model's planned section is its head (report.h) */
    figure(f, ap__measure_is_model(p) ? "sum-head" : "sum-arena", ap__lines_head_word(p), s->arena,
           "%lld bytes <small>%s</small>", (long long)s->arena, h);
    figure(f, "sum-lower", "lower bound", s->lower_bound, "%lld bytes", (long long)s->lower_bound);
    snprintf(t1, sizeof t1, "efficiency (lower bound / %s)", ap__lines_head_word(p));
    figure(f, "sum-efficiency", t1, (long long)(s->efficiency * 10000 + 0.5), "%.1f%%", 100.0 * s->efficiency);
    snprintf(t1, sizeof t1, "no reuse (linear %s)", ap__lines_head_word(p));
    figure(f, "sum-linear", t1, s->linear_bytes, "%lld bytes", (long long)s->linear_bytes);
    figure(f, "sum-saving", "saving against no reuse", s->saving_bytes, "%lld bytes <small>%.1f%%</small>",
           (long long)s->saving_bytes, 100.0 * s->saving_rate);
    figure(f, "sum-reuse", "buffers reusing dead bytes", (long long)s->reuse_count,
           "%zu of %zu <small>%.1f%%</small>", s->reuse_count, s->sized, 100.0 * s->reuse_rate);
    if (p->n_ovl)
        figure(f, "sum-shared", "sharing bytes with a live buffer", (long long)s->shared_count, "%zu",
               s->shared_count);
    figure(f, "sum-padding", "alignment padding", s->padding_bytes, "%lld bytes", (long long)s->padding_bytes);
    figure(f, "sum-peak", "peak live bytes", s->peak_bytes, "%lld bytes", (long long)s->peak_bytes);
    figure(f, "sum-buffers", "buffers", (long long)s->buffers, "%zu <small>%zu fixed</small>", s->buffers, s->fixed);
    if (plan->verdict != AP_VERDICT_NONE)
        figure(f, "sum-verdict", "verdict", plan->proven_bound, "%s <small>proven bound %lld</small>",
               plan->verdict == AP_VERDICT_OPTIMAL ? "optimal" : "gap", (long long)plan->proven_bound);
}

/* The peak: when, what runs there, and who holds its bytes. */
static void write_peak(FILE *f, const ap_problem *p, const ap_summary *s)
{
    size_t k, shown = 0;
    fputs("<h2 style=\"margin-top:14px\">Peak</h2>\n<p id=\"peak-steps\">", f);
    if (!s->n_peaks) {
        fputs("No bytes are live at any step.</p>\n", f);
        return;
    }
    ap__lines_peak_steps(f, s, PEAK_RUNS, "&#8211;");
    fputs("</p>\n", f);
    size_t nl, li = ap_problem_labels_between(p, s->peaks[0].first, s->peaks[0].last, &nl);
    for (; shown < nl && shown < PEAK_LABELS; shown++) {
        fputs(shown ? ", " : "<p id=\"peak-ops\">operators: ", f);
        ap__escape_xml(f, p->labels[li + shown].text, 0);
    }
    if (shown)
        fputs(shown < nl ? ", &#8230;</p>\n" : "</p>\n", f);
    fprintf(f, "<table id=\"peak-buffers\" class=\"fixed\"><colgroup><col style=\"width:130px\"><col>"
               "<col style=\"width:90px\"><col style=\"width:130px\"></colgroup><thead><tr><th>buffer</th>"
               "<th>name</th><th class=\"n\">size</th><th class=\"n\">share of it</th></tr></thead><tbody>\n");
    for (k = 0; k < s->n_peak_buffers && k < PEAK_ROWS; k++) {
        const ap_buffer *b = &p->buf[s->peak_buffers[k]];
        fprintf(f, "<tr><td>%s ", ap__lines_buffer_word(b));
        ap__escape_xml(f, b->id, 0);
        fputs("</td><td class=\"cut\" title=\"", f);
        ap__escape_xml(f, b->name ? b->name : "", 0);
        fputs("\">", f);
        ap__escape_xml(f, b->name ? b->name : "", 0);
        fprintf(f, "</td><td class=\"n\">%lld</td><td class=\"n\">%.1f%%</td></tr>\n", (long long)b->size,
                100.0 * (double)b->size / (double)s->peak_bytes);
    }
    if (s->n_peak_buffers > PEAK_ROWS) {
        int64_t rest = ap__lines_peak_rest(p, s, PEAK_ROWS);
        fprintf(f, "<tr><td colspan=\"2\">%zu more buffers</td><td class=\"n\">%lld</td><td class=\"n\">%.1f%%</td></tr>\n",
                s->n_peak_buffers - PEAK_ROWS, (long long)rest, 100.0 * (double)rest / (double)s->peak_bytes);
    }
    fputs("</tbody></table>\n", f);
}

/* The summary section: the figures, the stock TFLM line (stock: stock TFLM's head, from
 * ap__stock_head; unused with arena), the peak. */
static void write_summary(FILE *f, const ap_problem *p, const ap_plan *plan, const ap_summary *s,
                          const ap_tflm_whole *arena, int64_t stock)
{
    char line[256];
    fputs("<section id=\"summary\"><h2>Summary: ", f);
    ap__escape_xml(f, plan->strategy, 0);
    fputs("</h2>\n<dl class=\"figs\">\n", f);
    write_figures(f, p, plan, s, arena);
    fputs("</dl>\n", f);
    if (ap__lines_stock(stock, s->arena, arena, line, sizeof line)) {
        fputs("<p id=\"stock\">", f);
        ap__escape_xml(f, line, 0);
        fputs("</p>\n", f);
    }
    write_peak(f, p, s);
    fputs("</section>\n", f);
}

/* The arena of each plan: arena[k] = max(offset + size) of plans[k]. */
static int64_t *arenas(const ap_problem *p, const ap_plan *plans, size_t nplans)
{
    size_t k, i;
    int64_t *arena = ap__alloc(nplans ? nplans : 1, sizeof *arena);
    for (k = 0; arena && k < nplans; k++) {
        arena[k] = 0;
        for (i = 0; i < p->n; i++)
            arena[k] = ap__max64(arena[k], plans[k].offset[i] + p->buf[i].size);
    }
    return arena;
}

static int is_linear(const ap_plan *plan)
{
    return strcmp(plan->strategy, "linear") == 0;
}

static ap_status write_strategies(FILE *f, const ap_problem *p, const ap_plan *plans, size_t nplans,
                                  const ap_summary *s, ap_error *err)
{
    size_t k;
    int64_t best = INT64_MAX, scale = 0, *arena = arenas(p, plans, nplans);
    if (!arena)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory writing the report");
    /* one byte scale, the largest plan's, unless that is linear's: with no reuse at all it
     * would flatten every other timeline to a sliver, so it gets a scale of its own */
    for (k = 0; k < nplans; k++) {
        best = ap__min64(best, arena[k]);
        if (!is_linear(&plans[k]))
            scale = ap__max64(scale, arena[k]);
    }
    fputs("<section id=\"strategies\"><h2>Strategies side by side</h2>\n<div class=\"cards\">\n", f);
    for (k = 0; k < nplans; k++) {
        fprintf(f, "<div class=\"card%s\" data-arena=\"%lld\" data-scale=\"%lld\"><h3>", arena[k] == best ? " best" : "",
                (long long)arena[k], (long long)(is_linear(&plans[k]) || scale == 0 ? arena[k] : scale));
        ap__escape_xml(f, plans[k].strategy, 0);
        fprintf(f, "</h3><div class=\"arena\">%lld bytes</div><div class=\"over\">", (long long)arena[k]);
        if (s->lower_bound > 0)
            fprintf(f, "%+.1f%% over the lower bound", 100.0 * (double)(arena[k] - s->lower_bound) / (double)s->lower_bound);
        else
            fputs("lower bound 0", f);
        if (arena[k] == best)
            fputs(" &#183; smallest", f);
        fputs("</div><canvas width=\"240\" height=\"110\"></canvas></div>\n", f);
    }
    if (scale > 0)
        fprintf(f, "</div>\n<p class=\"note\">Each small timeline is drawn on one byte scale, the largest plan's "
                   "other than linear (%lld bytes), so their heights compare; linear, which reuses nothing, has "
                   "a scale of its own. The dashed line is the lower bound.</p></section>\n", (long long)scale);
    else
        fputs("</div>\n<p class=\"note\">The dashed line is the lower bound.</p></section>\n", f);
    free(arena);
    return AP_OK;
}

/* The legend of the live-bytes chart: a line per distinct arena (its strategies), the ones too
 * high for the chart marked, the lower bound and the live bytes. A list, so it wraps instead of
 * overlapping however many strategies and however long their names. */
static ap_status write_live_legend(FILE *f, const ap_problem *p, const ap_plan *plans, size_t nplans,
                                   const ap_summary *s, ap_error *err)
{
    size_t i, j;
    int64_t top, *arena = arenas(p, plans, nplans);
    if (!arena)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory writing the report");
    top = ap__svg_live_top(arena, nplans, s);
    fputs("<ul class=\"legend\" id=\"live-legend\">", f);
    for (i = 0; i < nplans; i++) {
        for (j = 0; j < i && arena[j] != arena[i]; j++)
            ;
        if (j < i)
            continue;
        fprintf(f, "<li data-bytes=\"%lld\"><span class=\"sw%s\" style=\"border-color:%s\"></span>", (long long)arena[i],
                i ? " dot" : "", ap__svg_plan_colour(i));
        for (j = i; j < nplans; j++)
            if (arena[j] == arena[i]) {
                fputs(j == i ? "" : ", ", f);
                ap__escape_xml(f, plans[j].strategy, 0);
            }
        fprintf(f, " <strong>%lld</strong>%s</li>", (long long)arena[i], arena[i] > top ? " (above the chart)" : "");
    }
    fprintf(f, "<li><span class=\"sw lb\"></span>lower bound <strong>%lld</strong></li><li><span class=\"sw area\"></span>"
               "live bytes</li></ul>\n", (long long)s->lower_bound);
    free(arena);
    return AP_OK;
}

#define OPS_TITLE 64 /* buffers a row's hover text names */
#define OPS_SHOWN 10 /* buffers a row shows */

/* What is live while each operator runs (models only: a buffer list has no operators). */
static ap_status write_ops(FILE *f, const ap_problem *p, const ap_plan *plan, ap_error *err)
{
    ap_op_table t;
    size_t k, j;
    ap_status st;
    if (!p->n_labels)
        return AP_OK;
    if ((st = ap_op_table_compute(p, plan, &t, err)) != AP_OK)
        return st;
    /* a model's labels: its planned section is its head */
    fputs("<section id=\"ops\"><h2>Operators</h2>\n<p class=\"note\">For each operator in execution order, the "
          "bytes live while it runs, their share of the head, and the buffers they are (largest first): where a "
          "model that does not fit needs its bytes.</p>\n<div class=\"tablewrap\"><table id=\"ops-table\" "
          "class=\"fixed\"><colgroup><col style=\"width:56px\"><col style=\"width:34%\"><col style=\"width:96px\">"
          "<col style=\"width:150px\"><col></colgroup><thead><tr><th class=\"n\">step</th><th>operator</th>"
          "<th class=\"n\">live bytes</th><th>share of the head</th><th>buffers</th></tr></thead><tbody>\n", f);
    for (k = 0; k < t.n; k++) {
        const ap_op_row *r = &t.rows[k];
        fprintf(f, "<tr data-step=\"%lld\"><td class=\"n\">%lld</td><td class=\"cut\" title=\"", (long long)r->step,
                (long long)r->step);
        ap__escape_xml(f, r->label, 0);
        fputs("\">", f);
        ap__escape_xml(f, r->label, 0);
        fprintf(f, "</td><td class=\"n\">%lld</td><td><span class=\"bar\" style=\"width:%.0fpx\"></span>%.1f%%</td>"
                   "<td class=\"cut\" title=\"", (long long)r->live_bytes, 80.0 * r->share, 100.0 * r->share);
        for (j = 0; j < r->n_buffers && j < OPS_TITLE; j++) {
            const ap_buffer *b = &p->buf[r->buffers[j]];
            fputs(j ? ", " : "", f);
            ap__escape_xml(f, b->id, 0);
            if (b->name) {
                fputs(" ", f);
                ap__escape_xml(f, b->name, 80);
            }
        }
        if (r->n_buffers > OPS_TITLE)
            fprintf(f, " and %zu more", r->n_buffers - OPS_TITLE);
        fputs("\">", f);
        for (j = 0; j < r->n_buffers && j < OPS_SHOWN; j++) {
            fputs(j ? " " : "", f);
            ap__escape_xml(f, p->buf[r->buffers[j]].id, 0);
        }
        if (r->n_buffers > OPS_SHOWN)
            fprintf(f, " and %zu more", r->n_buffers - OPS_SHOWN);
        fputs("</td></tr>\n", f);
    }
    fputs("</tbody></table></div></section>\n", f);
    ap_op_table_free(&t);
    return AP_OK;
}

static void json_opt(FILE *f, const char *s)
{
    if (s)
        ap__escape_json_html(f, s);
    else
        fputs("null", f);
}

static void write_data(FILE *f, const ap_problem *p, const ap_plan *plans, size_t nplans, const ap_summary *s)
{
    size_t i, k;
    int64_t t0 = INT64_MAX, t1 = INT64_MIN;
    for (i = 0; i < p->n; i++) {
        t0 = ap__min64(t0, p->buf[i].lower);
        t1 = ap__max64(t1, p->buf[i].upper);
    }
    if (!p->n) {
        t0 = 0;
        t1 = 1;
    }
    fprintf(f, "<script type=\"application/json\" id=\"ap-data\">{\"t0\":%lld,\"t1\":%lld,\"lower\":%lld,"
               "\"kinds\":[\"buffer\",\"activation\",\"input\",\"output\",\"scratch\"],\"colours\":[",
            (long long)t0, (long long)t1, (long long)s->lower_bound);
    for (k = 0; k < 5; k++)
        fprintf(f, "%s\"%s\"", k ? "," : "", ap__svg_kind_colour[k]);
    fputs("],\n\"labels\":[", f);
    for (i = 0; i < p->n_labels; i++) {
        fprintf(f, "%s[%lld,", i ? "," : "", (long long)p->labels[i].step);
        ap__escape_json_html(f, p->labels[i].text);
        fputc(']', f);
    }
    fputs("],\n\"b\":[", f);
    for (i = 0; i < p->n; i++) {
        const ap_buffer *b = &p->buf[i];
        fputs(i ? ",\n[" : "\n[", f);
        ap__escape_json_html(f, b->id);
        fputc(',', f);
        json_opt(f, b->name);
        fprintf(f, ",%d,%lld,%lld,%lld,%d,", (int)b->kind, (long long)b->size, (long long)b->lower,
                (long long)b->upper, strcmp(ap__lines_buffer_word(b), "buffer") == 0);
        json_opt(f, b->producer);
        fputc(',', f);
        json_opt(f, b->consumers);
        fprintf(f, ",%d,", s->reuses[i]);
        json_opt(f, b->type);
        fputc(']', f);
    }
    fputs("],\n\"plans\":[", f);
    for (k = 0; k < nplans; k++) {
        fputs(k ? ",\n{\"s\":" : "{\"s\":", f);
        ap__escape_json_html(f, plans[k].strategy);
        fputs(",\"arena\":", f);
        {
            int64_t a = 0;
            for (i = 0; i < p->n; i++)
                a = ap__max64(a, plans[k].offset[i] + p->buf[i].size);
            fprintf(f, "%lld,\"off\":[", (long long)a);
        }
        for (i = 0; i < p->n; i++)
            fprintf(f, i ? ",%lld" : "%lld", (long long)plans[k].offset[i]);
        fputs("]}", f);
    }
    fputs("]}</script>\n", f);
}

static void write_table_head(FILE *f)
{
    /* fixed widths for everything but the names, which share what is left and end in an
     * ellipsis (the whole text on hover): the numbers stay in view however long a name is */
    static const char *const head[] = {"id", "name", "type", "kind", "size", "first step", "last step",
                                       "offset", "end", "reuses", "producer", "consumers"};
    static const int numeric[] = {0, 0, 0, 0, 1, 1, 1, 1, 1, 0, 0, 0};
    static const int width[] = {72, 0, 150, 84, 80, 76, 76, 84, 84, 66, 0, 0};
    size_t c;
    fputs("<section id=\"table\"><h2>Buffers</h2>\n<p class=\"note\">Click a column to sort; hover a row to "
          "outline its rectangle; click a rectangle to find its row; hover a cut name for all of it.</p>\n"
          "<div class=\"tablewrap\"><table id=\"buffers\" class=\"fixed\"><colgroup>",
          f);
    for (c = 0; c < sizeof head / sizeof head[0]; c++)
        fprintf(f, width[c] ? "<col style=\"width:%dpx\">" : "<col>", width[c]);
    fputs("</colgroup><thead><tr>", f);
    for (c = 0; c < sizeof head / sizeof head[0]; c++)
        fprintf(f, "<th%s>%s</th>", numeric[c] ? " class=\"n\"" : "", head[c]);
    fputs("</tr></thead><tbody></tbody></table></div>\n<p class=\"note\"><span id=\"shown\"></span> "
          "<button id=\"more\" type=\"button\" hidden>show all</button></p></section>\n",
          f);
}

/* Per operator, the bytes the overlap allowances save in the first plan (issues 8 and 9):
 * only when the problem has allowances made by rules (not those of fixed offsets). */
static ap_status write_overlap_savings(FILE *f, const ap_problem *p, const ap_plan *plan, ap_error *err)
{
    ap_step_saving *sv = NULL;
    size_t n = 0, k;
    int64_t total = 0;
    ap_status st;
    if (!ap__problem_has_rule_overlaps(p))
        return AP_OK;
    if ((st = ap_overlap_savings(p, plan, &sv, &n, err)) != AP_OK)
        return st;
    for (k = 0; k < n; k++)
        total = sv[k].saved > total ? sv[k].saved : total;
    fputs("<section id=\"overlap\"><h2>Bytes saved by overlap</h2>\n<p class=\"note\">Where an overlap "
          "allowance lets an output share bytes with its dying input: the bytes the live buffers need "
          "apart, the bytes they occupy in this plan, and the most the allowances could save.</p>\n"
          "<table class=\"ovl\"><thead><tr><th>step</th><th>operator</th><th>live</th><th>in plan</th>"
          "<th>saved</th><th>most possible</th></tr></thead><tbody>\n",
          f);
    for (k = 0; k < n; k++) {
        fprintf(f, "<tr><td>%lld</td><td>", (long long)sv[k].step);
        ap__escape_xml(f, sv[k].label ? sv[k].label : "", 0);
        fprintf(f, "</td><td>%lld</td><td>%lld</td><td>%lld</td><td>%lld</td></tr>\n", (long long)sv[k].live,
                (long long)sv[k].used, (long long)sv[k].saved, (long long)sv[k].can_save);
    }
    fprintf(f, "</tbody></table><p class=\"note\">Largest saving at one step: %lld bytes.</p></section>\n",
            (long long)total);
    free(sv);
    return AP_OK;
}

/* TFLM's whole arena: how it is made up, and the tail by RecordingMicroAllocator's category. */
static void write_tflm(FILE *f, const ap_tflm_whole *w)
{
    const ap_tflm_arena *a = &w->plan;
    char text[AP_ERROR_MAX + 128];
    int c;
    ap_tflm_arena_text(a, text, sizeof text);
    fprintf(f, "<section id=\"tflm\"><h2>TFLM's arena on %s</h2>\n<p id=\"tflm-arena\">", a->target);
    ap__escape_xml(f, text, 0);
    if (a->refusal.kind != AP_TFLM_LOADS) { /* TFLM cannot load the model: no figures */
        fputs(".</p></section>\n", f);
        return;
    }
    fprintf(f, ". TFLM planning the head itself: head %lld, arena %lld bytes. A plain tflite::MicroInterpreter "
               "with the %s kernels, tflite-micro 90b983c2b (docs/arena.md).</p>\n",
            (long long)w->stock.head, (long long)w->stock.min_arena, a->kernels);
    fputs("<table id=\"tail\" class=\"fixed\"><colgroup><col><col style=\"width:100px\"><col style=\"width:120px\">"
          "<col style=\"width:110px\"></colgroup><thead><tr><th>the tail, by RecordingMicroAllocator's category</th>"
          "<th class=\"n\">allocations</th><th class=\"n\">requested</th><th class=\"n\">bytes</th></tr></thead>"
          "<tbody>\n", f);
    for (c = 0; c < AP_TFLM_CATEGORIES; c++) {
        const ap_tflm_use *u = &a->cat[c];
        fprintf(f, "<tr data-category=\"%s\"><td>%s</td><td class=\"n\">%lld</td><td class=\"n\">%lld</td>"
                   "<td class=\"n\">%lld</td></tr>\n", ap_tflm_category_name(c),
                c < AP_TFLM_OTHER ? ap_tflm_category_print_name(c) : "other (allocator objects, parameters, "
                                                                       "subgraphs, scratch handles)",
                (long long)u->count, (long long)u->requested, (long long)u->bytes);
    }
    fprintf(f, "<tr><td><strong>tail</strong></td><td></td><td></td><td class=\"n\"><strong>%lld</strong></td></tr>"
               "</tbody></table></section>\n", (long long)a->tail);
}

ap_status ap_write_html(FILE *f, const ap_problem *p, const ap_plan *plans, size_t nplans, ap_error *err)
{
    return ap_write_html_with(f, p, plans, nplans, NULL, err);
}

/* What the problem does not model, one note each: the arena below is then a lower estimate. */
static void write_unmodelled(FILE *f, const ap_problem *p)
{
    size_t k;
    for (k = 0; k < p->n_unmodelled; k++) {
        const ap_unmodelled *u = &p->unmodelled[k];
        char at[96] = "";
        if (u->op && u->node >= 0)
            snprintf(at, sizeof at, "op %lld %s: ", (long long)u->node, u->op);
        fprintf(f, "<p class=\"note\" id=\"unmodelled-%zu\">Not modelled, so the arena is a lower "
                   "estimate: ", k);
        ap__escape_xml(f, at, 0);
        ap__escape_xml(f, u->what, 0);
        fputs("</p>\n", f);
    }
}

ap_status ap_write_html_with(FILE *f, const ap_problem *p, const ap_plan *plans, size_t nplans,
                             const ap_report_options *opt, ap_error *err)
{
    const ap_tflm_whole *arena = opt ? opt->arena : NULL;
    ap_summary s;
    ap_status st;
    size_t k;
    int kinds[5] = {0};
    if (nplans == 0 || !plans)
        return ap_error_set(err, AP_ERR_USAGE, "the HTML report needs at least one plan");
    for (k = 1; k < nplans; k++)
        if ((st = ap__measure_check(p, &plans[k], err)) != AP_OK)
            return st;
    if ((st = ap_summary_compute(p, &plans[0], &s, err)) != AP_OK)
        return st;
    fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
          "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\n<title>arenaplan report",
          f);
    if (p->source) {
        fputs(": ", f);
        ap__escape_xml(f, p->source, 0);
    }
    fprintf(f, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<main>\n<h1>arenaplan report</h1>\n<p class=\"sub\">",
            ap__html_assets_css);
    ap__escape_xml(f, p->source ? p->source : "(no input name)", 0);
    fprintf(f, " &#183; %zu buffers", p->n);
    if (p->note) {
        fputs(" &#183; ", f);
        ap__escape_xml(f, p->note, 0);
    }
    fputs("</p>\n", f);
    write_unmodelled(f, p);
    write_summary(f, p, &plans[0], &s, arena, arena ? -1 : ap__stock_head(p));
    if (arena)
        write_tflm(f, arena);
    for (k = 0; opt && opt->lines && opt->lines[k]; k++) {
        fprintf(f, "<p class=\"note\" id=\"line-%zu\">", k);
        ap__escape_xml(f, opt->lines[k], 0);
        fputs("</p>\n", f);
    }

    fputs("<section id=\"timeline\"><h2>Memory timeline</h2>\n", f);
    ap__svg_timeline(f, p, &plans[0], &s, AP__SVG_INLINE);
    for (k = 0; k < p->n; k++)
        kinds[p->buf[k].kind] = 1;
    fputs("<p class=\"note\">x: time step, y: offset in the arena. One rectangle per buffer, coloured by kind (", f);
    {
        int first = 1, kk;
        for (kk = 0; kk < 5; kk++)
            if (kinds[kk]) {
                fprintf(f, "%s<span class=\"k\" style=\"background:%s\"></span>%s", first ? "" : ", ", ap__svg_kind_colour[kk],
                        ap__lines_kind((ap_kind)kk));
                first = 0;
            }
    }
    fputs("); hover one for its name, size, lifetime, offset, producer and consumers. The shaded band marks "
          "the peak; the dashed line is the lower bound.</p></section>\n",
          f);

    fputs("<section id=\"live\"><h2>Live bytes</h2>\n", f);
    if ((st = ap__svg_live(f, p, plans, nplans, &s, err)) != AP_OK ||
        (st = write_live_legend(f, p, plans, nplans, &s, err)) != AP_OK)
        goto done;
    fputs("</section>\n", f);
    if ((st = write_ops(f, p, &plans[0], err)) != AP_OK)
        goto done;
    if ((st = write_strategies(f, p, plans, nplans, &s, err)) != AP_OK)
        goto done;
    if ((st = write_overlap_savings(f, p, &plans[0], err)) != AP_OK)
        goto done;
    write_table_head(f);
    fputs("<footer>made by arenaplan " AP_VERSION "</footer>\n</main>\n<div id=\"tip\" hidden></div>\n", f);
    write_data(f, p, plans, nplans, &s);
    fprintf(f, "<script>\n%s</script>\n</body>\n</html>\n", ap__html_assets_js);
    if (ferror(f))
        st = ap_error_set(err, AP_ERR_IO, "write error");
done:
    ap_summary_free(&s);
    return st;
}
