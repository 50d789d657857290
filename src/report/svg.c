/*
 * svg.c - the memory timeline and the live-bytes curve as SVG (report.h, docs/report.md).
 *
 * The buffers are drawn in data coordinates: an inner <svg> whose viewBox spans the time steps
 * (x) and the arena's bytes (y, offset 0 at the bottom), stretched to the plot with
 * preserveAspectRatio="none". Each rectangle is then four exact integers from the plan, which
 * keeps 10k buffers small and the picture true at any zoom. Everything that must not stretch
 * (text, markers, axes) is drawn in pixel coordinates around it.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/bounds.h"
#include "core/util.h"
#include "report/escape.h"
#include "report/lines.h"
#include "report/svg.h"

#define W 1000.0   /* width of both pictures, pixels */
#define ML 74.0    /* left margin: offset labels */
#define MR 150.0   /* right margin: line labels */
#define MT 40.0    /* top margin: heading, legend */
#define MB 40.0    /* bottom margin: step labels */
#define TL_H 470.0 /* height of the timeline */
#define LV_H 260.0 /* height of the live-bytes curve */
#define PW (W - ML - MR)

#define LABEL_PX 6.2  /* width of one label character at 11px, a safe estimate */
#define LABEL_MIN_H 14.0

const char *const ap__svg_kind_colour[5] = {"#4e79a7", "#4e79a7", "#59a14f", "#f28e2b", "#e15759"};

static const char svg_style[] =
    "<style>"
    ".ap-svg{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;font-size:11px}"
    ".ap-svg .hd{font-size:14px;font-weight:600;fill:#222}"
    ".ap-svg .ax{fill:#555}.ap-svg .grid{stroke:#e3e3e3;stroke-width:1}"
    ".ap-svg .frame{fill:#fafafa;stroke:#bbb;vector-effect:non-scaling-stroke}"
    ".ap-svg .b{stroke:#fff;stroke-width:0.6;vector-effect:non-scaling-stroke}"
    ".ap-svg .b:hover,.ap-svg .b.hl{stroke:#000;stroke-width:2}"
    ".ap-svg .k0,.ap-svg .k1{fill:#4e79a7}.ap-svg .k2{fill:#59a14f}.ap-svg .k3{fill:#f28e2b}"
    ".ap-svg .k4{fill:#e15759}"
    ".ap-svg .peak{fill:#d62728;fill-opacity:0.10;pointer-events:none}"
    ".ap-svg .pk{fill:#d62728}.ap-svg .pkl{stroke:#d62728;stroke-width:1.5}"
    ".ap-svg .lb{stroke:#d62728;stroke-dasharray:6 4;stroke-width:1.3}"
    ".ap-svg .ar{stroke-width:1.3}.ap-svg .ar2{stroke-width:1.2;stroke-dasharray:2 3}"
    ".ap-svg .zsel{fill:#4e79a7;fill-opacity:0.15;stroke:#4e79a7;pointer-events:none}"
    ".ap-svg .guide{stroke:#888;stroke-width:1;stroke-dasharray:3 3;pointer-events:none}"
    ".ap-svg.zoomed .lbl,.ap-svg.zoomed .pkm{display:none}"
    ".ap-svg .lbl{fill:#fff;pointer-events:none;text-anchor:middle;dominant-baseline:central}"
    ".ap-svg .area{fill:#4e79a7;fill-opacity:0.25;stroke:none}"
    ".ap-svg .curve{fill:none;stroke:#4e79a7;stroke-width:1.6;vector-effect:non-scaling-stroke}"
    "</style>\n";

/* The time range drawn: [t0, t1), at least one step. */
static void time_range(const ap_problem *p, int64_t *t0, int64_t *t1)
{
    size_t i;
    *t0 = INT64_MAX;
    *t1 = INT64_MIN;
    for (i = 0; i < p->n; i++) {
        *t0 = ap__min64(*t0, p->buf[i].lower);
        *t1 = ap__max64(*t1, p->buf[i].upper);
    }
    if (!p->n) {
        *t0 = 0;
        *t1 = 1;
    }
}

/* A step of 1, 2 or 5 times a power of ten, at least `raw`. */
static double nice_step(double raw)
{
    double mag, m;
    if (!(raw > 0))
        return 1;
    mag = pow(10, floor(log10(raw)));
    for (m = 1; m <= 10; m = m == 1 ? 2 : m == 2 ? 5 : 10)
        if (m * mag >= raw * 0.999999)
            return m * mag;
    return 10 * mag;
}

static double x_of(double v, int64_t t0, int64_t t1)
{
    return ML + (v - (double)t0) * PW / (double)(t1 - t0);
}

/* Step ticks along the bottom of a plot of height ph that starts at MT. */
static void x_axis(FILE *f, const ap_problem *p, int64_t t0, int64_t t1, double ph, ap__svg_mode mode)
{
    double st = nice_step((double)(t1 - t0) / 12.0), v;
    int64_t step = st < 1 ? 1 : (int64_t)st;
    int64_t first = t0 >= 0 ? (t0 + step - 1) / step * step : -((-t0) / step * step);
    fputs("<g class=\"ax xax\" text-anchor=\"middle\">", f);
    for (v = (double)first; v < (double)t1; v += (double)step) {
        double x = x_of(v + 0.5, t0, t1);
        fprintf(f, "<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>", x, MT + ph, x, MT + ph + 4);
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\">%lld</text>", x, MT + ph + 16, (long long)v);
    }
    /* the report's script names the operator under the pointer and zooms; a lone SVG has titles */
    fprintf(f, "<text class=\"xname\" x=\"%.1f\" y=\"%.1f\">%s</text></g>\n", ML + PW / 2, MT + ph + 32,
            mode == AP__SVG_STANDALONE ? (p->n_labels ? "time step (operator; hover a buffer for its operators)"
                                                      : "time step")
            : p->n_labels ? "time step (hover for the operator; drag to zoom, double-click to reset)"
                          : "time step (drag to zoom, double-click to reset)");
}

/* Byte ticks up the left of a plot of height ph spanning [0, top] bytes. */
static void y_axis(FILE *f, int64_t top, double ph)
{
    double unit = 1, st, v;
    const char *uname = "B";
    if (top >= 2 * 1024 * 1024) {
        unit = 1024.0 * 1024;
        uname = "MiB";
    } else if (top >= 2048) {
        unit = 1024;
        uname = "KiB";
    }
    st = nice_step((double)top / unit / 5.0) * unit;
    if (unit == 1 && st < 1)
        st = 1;
    fputs("<g class=\"ax\" text-anchor=\"end\">", f);
    for (v = 0; v <= (double)top * 1.0000001; v += st) {
        double y = MT + ph - v / (double)top * ph;
        fprintf(f, "<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>", ML - 4, y, ML + PW, y);
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\">%g %s</text>", ML - 7, y + 4, v / unit, uname);
    }
    fputs("</g>\n", f);
}

static void buffer_title(FILE *f, const ap_problem *p, const ap_plan *plan, size_t i)
{
    const ap_buffer *b = &p->buf[i];
    fprintf(f, "<title>%s ", ap__lines_buffer_word(b));
    ap__escape_xml(f, b->id, 0);
    if (b->name) {
        fputs(" ", f);
        ap__escape_xml(f, b->name, 200);
    }
    if (b->type) {
        fputs(" ", f);
        ap__escape_xml(f, b->type, 200);
    }
    fprintf(f, " (%s): %lld bytes at offset %lld-%lld, steps %lld-%lld", ap__lines_kind(b->kind),
            (long long)b->size, (long long)plan->offset[i], (long long)(plan->offset[i] + b->size),
            (long long)b->lower, (long long)(b->upper - 1));
    if (b->producer) {
        fputs("; producer ", f);
        ap__escape_xml(f, b->producer, 200);
    }
    if (b->consumers) {
        fputs("; consumers ", f);
        ap__escape_xml(f, b->consumers, 200);
    }
    fputs("</title>", f);
}

/* Kinds present, as a legend at the top right. */
static void kind_legend(FILE *f, const ap_problem *p)
{
    int present[5] = {0}, k;
    double x = W - 10;
    size_t i;
    for (i = 0; i < p->n; i++)
        present[p->buf[i].kind] = 1;
    fputs("<g class=\"ax\" text-anchor=\"end\">", f);
    for (k = 4; k >= 0; k--) {
        const char *name = ap__lines_kind((ap_kind)k);
        if (!present[k])
            continue;
        fprintf(f, "<text x=\"%.1f\" y=\"22\">%s</text>", x, name);
        x -= 5.8 * (double)strlen(name) + 4; /* about 5.8 px a character at 11 px */
        fprintf(f, "<rect class=\"k%d\" x=\"%.1f\" y=\"13\" width=\"11\" height=\"11\"/>", k, x - 11);
        x -= 24;
    }
    fputs("</g>\n", f);
}

/* The timeline's frame: the document's head, title, legend and axes. */
static void timeline_head(FILE *f, const ap_problem *p, const ap_plan *plan, const ap_summary *s,
                          int64_t t0, int64_t t1, int64_t top, ap__svg_mode mode)
{
    const double ph = TL_H - MT - MB;
    if (mode == AP__SVG_STANDALONE)
        fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", f);
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"ap-svg ap-timeline\" viewBox=\"0 0 %.0f %.0f\" "
               "width=\"%.0f\" height=\"%.0f\" role=\"img\">\n",
            W, TL_H, W, TL_H);
    fputs(svg_style, f);
    fputs("<title>memory timeline", f);
    if (p->source) {
        fputs(" of ", f);
        ap__escape_xml(f, p->source, 200);
    }
    fputs("</title>\n<rect x=\"0\" y=\"0\" width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n", f);
    fputs("<text class=\"hd\" x=\"10\" y=\"22\">Memory timeline: ", f);
    ap__escape_xml(f, plan->strategy[0] ? plan->strategy : "plan", 40);
    fprintf(f, ", %s %lld bytes, lower bound %lld</text>\n", ap__lines_head_word(p), (long long)s->arena,
            (long long)s->lower_bound);
    kind_legend(f, p);
    y_axis(f, top, ph);
    x_axis(f, p, t0, t1, ph, mode);
}

/* The plot in data coordinates: the frame, the peak steps, one rectangle per buffer. */
static void timeline_plot(FILE *f, const ap_problem *p, const ap_plan *plan, const ap_summary *s,
                          int64_t t0, int64_t t1, int64_t top, ap__svg_mode mode)
{
    const double ph = TL_H - MT - MB;
    fprintf(f, "<svg class=\"plot\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" viewBox=\"%lld 0 %lld %lld\" "
               "preserveAspectRatio=\"none\">\n",
            ML, MT, PW, ph, (long long)t0, (long long)(t1 - t0), (long long)top);
    fprintf(f, "<rect class=\"frame\" x=\"%lld\" y=\"0\" width=\"%lld\" height=\"%lld\"/>\n", (long long)t0,
            (long long)(t1 - t0), (long long)top);
    for (size_t i = 0; i < s->n_peaks; i++)
        fprintf(f, "<rect class=\"peak\" x=\"%lld\" y=\"0\" width=\"%lld\" height=\"%lld\"/>\n",
                (long long)s->peaks[i].first, (long long)(s->peaks[i].last - s->peaks[i].first + 1), (long long)top);
    fputs("<g class=\"bufs\">\n", f);
    for (size_t i = 0; i < p->n; i++) {
        const ap_buffer *b = &p->buf[i];
        fprintf(f, "<rect class=\"b k%d\" x=\"%lld\" y=\"%lld\" width=\"%lld\" height=\"%lld\"", (int)b->kind,
                (long long)b->lower, (long long)(top - plan->offset[i] - b->size), (long long)(b->upper - b->lower),
                (long long)b->size);
        if (mode == AP__SVG_STANDALONE) {
            fputc('>', f);
            buffer_title(f, p, plan, i);
            fputs("</rect>\n", f);
        } else {
            fputs("/>\n", f);
        }
    }
    fputs("</g>\n</svg>\n", f);
}

/* In pixels around the plot: the arena and the lower bound (one label when they meet), and a
 * marker over each run of peak steps (runs of one picture column merge), named once in the
 * right margin where no marker can cover it. */
static void timeline_marks(FILE *f, const ap_problem *p, const ap_summary *s, int64_t t0,
                           int64_t t1, int64_t top)
{
    const double ph = TL_H - MT - MB;
    if (s->lower_bound == s->arena) {
        fprintf(f, "<text class=\"ax\" x=\"%.1f\" y=\"%.1f\">%s = lower</text>", ML + PW + 8, MT + 4,
                ap__lines_head_word(p));
        fprintf(f, "<text class=\"ax\" x=\"%.1f\" y=\"%.1f\">bound %lld</text>\n", ML + PW + 8, MT + 17,
                (long long)s->arena);
        fprintf(f, "<line class=\"lb\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>", ML, MT, ML + PW + 6, MT);
    } else {
        double y = MT + ph - (double)s->lower_bound / (double)top * ph;
        fprintf(f, "<text class=\"ax\" x=\"%.1f\" y=\"%.1f\">%s %lld</text>\n", ML + PW + 8, MT + 4,
                ap__lines_head_word(p), (long long)s->arena);
        if (s->lower_bound <= top) {
            fprintf(f, "<line class=\"lb\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>", ML, y, ML + PW + 6, y);
            fprintf(f, "<text class=\"ax\" x=\"%.1f\" y=\"%.1f\">lower bound %lld</text>\n", ML + PW + 8,
                    y - MT < 14 ? MT + 18 : y + 4, (long long)s->lower_bound);
        }
    }
    for (size_t i = 0; i < s->n_peaks && i < 256; i++) {
        double x = x_of((double)s->peaks[i].first + 0.5, t0, t1);
        fprintf(f, "<path class=\"pk pkm\" d=\"M%.1f %.1fl-5 -8h10z\"/>", x, MT - 1);
    }
    if (s->n_peaks) {
        double y = MT + 38, lb = MT + ph - (double)s->lower_bound / (double)top * ph + 4;
        if (s->lower_bound != s->arena && lb - y < 14 && y - lb < 14)
            y = lb + 16; /* below the lower bound's label */
        fprintf(f, "<path class=\"pk\" d=\"M%.1f %.1fl-5 -8h10z\"/><text class=\"ax\" x=\"%.1f\" y=\"%.1f\" "
                   "fill=\"#d62728\">peak %lld</text>\n",
                ML + PW + 13, y + 3, ML + PW + 20, y, (long long)s->peak_bytes);
    }
}

/* Labels on the rectangles large enough to hold one: the name when it fits whole, else the id
 * (cut names of one model look all alike: "MobilenetV1/Mobi..."); the tooltip has the rest. */
static void timeline_labels(FILE *f, const ap_problem *p, const ap_plan *plan, int64_t t0,
                            int64_t t1, int64_t top)
{
    const double ph = TL_H - MT - MB;
    fputs("\n<g class=\"lbl\">", f);
    for (size_t i = 0; i < p->n; i++) {
        const ap_buffer *b = &p->buf[i];
        double pw = (double)(b->upper - b->lower) * PW / (double)(t1 - t0);
        double hh = (double)b->size * ph / (double)top;
        if (hh < LABEL_MIN_H || pw < 2 * LABEL_PX + 6)
            continue;
        size_t fit = (size_t)((pw - 6) / LABEL_PX);
        const char *text = b->name && strlen(b->name) <= fit ? b->name : b->id;
        if (strlen(text) > fit)
            continue;
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\">", x_of(((double)b->lower + (double)b->upper) / 2, t0, t1),
                MT + ph - ((double)plan->offset[i] + (double)b->size / 2) / (double)top * ph);
        ap__escape_xml(f, text, 0);
        fputs("</text>", f);
    }
    fputs("</g>\n", f);
}

void ap__svg_timeline(FILE *f, const ap_problem *p, const ap_plan *plan, const ap_summary *s,
                      ap__svg_mode mode)
{
    int64_t t0, t1, top = s->arena > 0 ? s->arena : 1;
    time_range(p, &t0, &t1);
    timeline_head(f, p, plan, s, t0, t1, top, mode);
    timeline_plot(f, p, plan, s, t0, t1, top, mode);
    timeline_marks(f, p, s, t0, t1, top);
    timeline_labels(f, p, plan, t0, t1, top);
    fputs("</svg>\n", f);
}

/* Arena lines of the plans, one per distinct arena, coloured as in the legend that html.c
 * writes below the chart (ap__svg_plan_colour); arenas above the chart's top are named there. */
static void arena_lines(FILE *f, const int64_t *arena, size_t nplans, int64_t top, double ph)
{
    size_t i, j;
    for (i = 0; i < nplans; i++) {
        double y = MT + ph - (double)arena[i] / (double)top * ph;
        for (j = 0; j < i; j++)
            if (arena[j] == arena[i])
                break;
        if (j < i || arena[i] > top)
            continue;
        fprintf(f, "<line class=\"%s\" stroke=\"%s\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>",
                i == 0 ? "ar" : "ar2", ap__svg_plan_colour(i), ML, y, ML + PW + 6, y);
    }
    fputc('\n', f);
}

const char *ap__svg_plan_colour(size_t k)
{
    static const char *const c[] = {"#222222", "#9467bd", "#17becf", "#8c564b", "#e377c2", "#7f7f7f",
                                    "#bcbd22", "#1f77b4"};
    return c[k % (sizeof c / sizeof c[0])];
}

int64_t ap__svg_live_top(const int64_t *arena, size_t nplans, const ap_summary *s)
{
    int64_t top = ap__max64(s->peak_bytes, s->lower_bound);
    size_t k;
    /* the scale fits the first plan; others up to twice its height are drawn, the rest named */
    top = ap__max64(top, nplans ? arena[0] : 0);
    for (k = 1; k < nplans; k++)
        if (arena[k] <= 2 * top)
            top = ap__max64(top, arena[k]);
    return top + top / 12 + 1;
}

ap_status ap__svg_live(FILE *f, const ap_problem *p, const ap_plan *plans, size_t nplans, const ap_summary *s,
                       ap_error *err)
{
    const double ph = LV_H - MT - MB;
    ap_live_seg *seg = NULL;
    size_t nseg = 0, i, k;
    int64_t t0, t1, top, *arena;
    ap_status st;
    time_range(p, &t0, &t1);
    if (!(arena = ap__alloc(nplans ? nplans : 1, sizeof *arena)))
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory drawing the live bytes");
    if ((st = ap_live_profile(p, &seg, &nseg, err)) != AP_OK) {
        free(arena);
        return st;
    }
    for (k = 0; k < nplans; k++) {
        arena[k] = 0;
        for (i = 0; i < p->n; i++)
            arena[k] = ap__max64(arena[k], plans[k].offset[i] + p->buf[i].size);
    }
    top = ap__svg_live_top(arena, nplans, s);
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"ap-svg ap-live\" viewBox=\"0 0 %.0f %.0f\" "
               "width=\"%.0f\" height=\"%.0f\" role=\"img\">\n",
            W, LV_H, W, LV_H);
    fputs("<title>live bytes per step</title>\n", f);
    fprintf(f, "<text class=\"hd\" x=\"10\" y=\"22\">Live bytes per step against the %ss and the lower bound</text>\n",
            ap__lines_head_word(p));
    y_axis(f, top, ph);
    x_axis(f, p, t0, t1, ph, AP__SVG_INLINE);
    fprintf(f, "<svg class=\"plot\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" viewBox=\"%lld 0 %lld %lld\" "
               "preserveAspectRatio=\"none\">\n",
            ML, MT, PW, ph, (long long)t0, (long long)(t1 - t0), (long long)top);
    fprintf(f, "<rect class=\"frame\" x=\"%lld\" y=\"0\" width=\"%lld\" height=\"%lld\"/>\n", (long long)t0,
            (long long)(t1 - t0), (long long)top);
    if (nseg) {
        int pass;
        for (pass = 0; pass < 2; pass++) {
            fprintf(f, "<path class=\"%s\" d=\"M%lld %lld", pass ? "curve" : "area", (long long)seg[0].step,
                    (long long)top);
            for (k = 0; k < nseg; k++)
                fprintf(f, "V%lldH%lld", (long long)(top - seg[k].live),
                        (long long)(k + 1 < nseg ? seg[k + 1].step : t1));
            fprintf(f, "V%lld%s\"/>\n", (long long)top, pass ? "" : "Z");
        }
    }
    free(seg);
    fputs("</svg>\n", f);
    arena_lines(f, arena, nplans, top, ph);
    {
        double y = MT + ph - (double)s->lower_bound / (double)top * ph;
        fprintf(f, "<line class=\"lb\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>", ML, y, ML + PW + 6, y);
        fprintf(f, "<text class=\"ax\" x=\"%.1f\" y=\"%.1f\">lower bound %lld</text>\n", ML + PW + 8, y + 14,
                (long long)s->lower_bound);
    }
    if (s->n_peaks) {
        double x = x_of((double)s->peaks[0].first + 0.5, t0, t1);
        double y = MT + ph - (double)s->peak_bytes / (double)top * ph;
        fprintf(f, "<circle class=\"pk pkm\" id=\"peak-mark\" cx=\"%.1f\" cy=\"%.1f\" r=\"4.5\"/>", x, y);
        fprintf(f, "<text class=\"ax pkm\" x=\"%.1f\" y=\"%.1f\" fill=\"#d62728\" text-anchor=\"%s\">peak %lld at step %lld</text>\n",
                x + (x > ML + PW / 2 ? -8 : 8), y - 8, x > ML + PW / 2 ? "end" : "start", (long long)s->peak_bytes,
                (long long)s->peaks[0].first);
    }
    fputs("</svg>\n", f);
    free(arena);
    return AP_OK;
}

ap_status ap_write_svg(FILE *f, const ap_problem *p, const ap_plan *plan, ap_error *err)
{
    ap_summary s;
    ap_status st = ap_summary_compute(p, plan, &s, err);
    if (st != AP_OK)
        return st;
    ap__svg_timeline(f, p, plan, &s, AP__SVG_STANDALONE);
    ap_summary_free(&s);
    if (ferror(f))
        return ap_error_set(err, AP_ERR_IO, "write error");
    return AP_OK;
}
