/* json.c - the plan as JSON, with its summary (see report.h; every key: docs/json.md). */
#include <stdio.h>

#include "arenaplan/report.h"
#include "arenaplan/tflm_arena.h"
#include "core/util.h"
#include "planners/stock.h"
#include "report/json.h"
#include "report/lines.h"
#include "report/measure.h"

/* The length of the valid UTF-8 sequence at s, or 0 (a stray byte, an overlong form, a
 * surrogate, beyond U+10FFFF, or cut short by the string's end). */
static size_t utf8_len(const unsigned char *s)
{
    unsigned c = s[0];
    size_t need = c < 0x80 ? 1 : c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3
                : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
    for (size_t k = 1; k < need; k++)
        if ((s[k] & 0xc0) != 0x80)
            return 0;
    if (need > 1 && ((c == 0xe0 && s[1] < 0xa0) || (c == 0xed && s[1] > 0x9f) ||
                     (c == 0xf0 && s[1] < 0x90) || (c == 0xf4 && s[1] > 0x8f)))
        return 0;
    return need;
}

void ap_json_string(FILE *f, const char *s)
{
    const unsigned char *u = (const unsigned char *)s;
    fputc('"', f);
    while (u && *u) {
        unsigned char c = *u;
        size_t k = utf8_len(u);
        if (k == 0) {
            fputs("\\ufffd", f); /* JSON is UTF-8: a byte of no character becomes U+FFFD */
            u++;
            continue;
        }
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c == '\n')
            fputs("\\n", f);
        else if (c == '\t')
            fputs("\\t", f);
        else if (c < 0x20 || c == 0x7f)
            fprintf(f, "\\u%04x", c);
        else if (k == 2 && c == 0xc2 && u[1] < 0xa0)
            fprintf(f, "\\u%04x", u[1]); /* a C1 control, escaped as the C0 ones are */
        else
            fwrite(u, 1, k, f);
        u += k;
    }
    fputc('"', f);
}

#define PEAK_LABELS_MAX 64 /* step labels listed per run of peak steps */

static void write_summary(FILE *f, const ap_problem *p, const ap_summary *s)
{
    size_t k;
    fprintf(f, ",\"summary\":{\"buffers\":%zu,\"fixed\":%zu,\"total_bytes\":%lld,\"linear_bytes\":%lld,"
               "\"saving_bytes\":%lld,\"saving_rate\":%.4f,\"reuse_count\":%zu,\"reuse_rate\":%.4f,"
               "\"shared_count\":%zu,\"padding_bytes\":%lld,\"peak_bytes\":%lld,\"peak_steps\":[",
            s->buffers, s->fixed, (long long)s->total_bytes, (long long)s->linear_bytes,
            (long long)s->saving_bytes, s->saving_rate, s->reuse_count, s->reuse_rate, s->shared_count,
            (long long)s->padding_bytes, (long long)s->peak_bytes);
    for (k = 0; k < s->n_peaks; k++) {
        size_t shown = 0;
        fprintf(f, "%s{\"first\":%lld,\"last\":%lld", k ? "," : "", (long long)s->peaks[k].first,
                (long long)s->peaks[k].last);
        size_t nl, li = ap_problem_labels_between(p, s->peaks[k].first, s->peaks[k].last, &nl);
        for (; shown < nl && shown < PEAK_LABELS_MAX; shown++) {
            fputs(shown ? "," : ",\"labels\":[", f);
            ap_json_string(f, p->labels[li + shown].text);
        }
        fputs(shown ? "]}" : "}", f);
    }
    fputs("],\"peak_buffers\":[", f);
    for (k = 0; k < s->n_peak_buffers; k++) {
        const ap_buffer *b = &p->buf[s->peak_buffers[k]];
        fputs(k ? ",{\"id\":" : "{\"id\":", f);
        ap_json_string(f, b->id);
        if (b->name) {
            fputs(",\"name\":", f);
            ap_json_string(f, b->name);
        }
        fprintf(f, ",\"size\":%lld,\"share\":%.4f}", (long long)b->size,
                (double)b->size / (double)s->peak_bytes);
    }
    fputs("]}", f);
}

/* "ops": what is live at each operator (models: problems with step labels). */
static ap_status write_ops(FILE *f, const ap_problem *p, const ap_plan *plan, ap_error *err)
{
    ap_op_table t;
    size_t k, j;
    ap_status st;
    if (!p->n_labels)
        return AP_OK;
    if ((st = ap_op_table_compute(p, plan, &t, err)) != AP_OK)
        return st;
    fputs(",\"ops\":[", f);
    for (k = 0; k < t.n; k++) {
        const ap_op_row *r = &t.rows[k];
        fprintf(f, "%s{\"step\":%lld,\"label\":", k ? ",\n" : "\n", (long long)r->step);
        ap_json_string(f, r->label);
        fprintf(f, ",\"live_bytes\":%lld,\"share\":%.4f,\"buffers\":[", (long long)r->live_bytes, r->share);
        for (j = 0; j < r->n_buffers; j++) {
            fputs(j ? "," : "", f);
            ap_json_string(f, p->buf[r->buffers[j]].id);
        }
        fputs("]}", f);
    }
    fputc(']', f);
    ap_op_table_free(&t);
    return AP_OK;
}

void ap__json_tflm(FILE *f, const ap_tflm_whole *w, int split)
{
    const ap_tflm_arena *a = &w->plan;
    static const char *const kinds[] = {"loads", "prepare", "no_kernel", "aborts"};
    int c;
    fputs(",\"tflm\":{\"target\":", f);
    ap_json_string(f, a->target);
    fputs(",\"kernels\":", f);
    ap_json_string(f, a->kernels);
    if (a->refusal.kind != AP_TFLM_LOADS) { /* TFLM cannot load the model: no figure */
        const ap_tflm_refusal *r = &a->refusal;
        fprintf(f, ",\"min_arena\":null,\"refused\":{\"kind\":\"%s\",\"subgraph\":",
                kinds[r->kind]);
        if (r->op >= 0) { /* else the model as a whole (the allocator): no operator */
            fprintf(f, "%d,\"operator\":%d,\"name\":", (int)r->subgraph, (int)r->op);
            ap_json_string(f, r->op_name);
        } else {
            fputs("null,\"operator\":null,\"name\":null", f);
        }
        fputs(",\"check\":", f);
        ap_json_string(f, r->check);
        fputs(",\"source\":", f);
        ap_json_string(f, r->src);
        fputs(",\"message\":", f);
        ap_json_string(f, r->message);
        fputs("}}", f);
        return;
    }
    fprintf(f, ",\"head\":%lld,\"tail\":%lld,\"used\":%lld", (long long)a->head,
            (long long)(a->used - a->head), (long long)a->used);
    if (a->min_arena >= 0)
        fprintf(f, ",\"min_arena\":%lld", (long long)a->min_arena);
    else
        fputs(",\"min_arena\":null", f);
    if (split)
        fprintf(f, ",\"split\":{\"persistent\":%lld,\"nonpersistent\":%lld,\"used\":%lld}",
                (long long)a->split_persistent, (long long)a->split_nonpersistent,
                (long long)a->split_used);
    fprintf(f, ",\"stock_head\":%lld,\"stock_min_arena\":%lld,\"tail_breakdown\":{",
            (long long)w->stock.head, (long long)w->stock.min_arena);
    for (c = 0; c < AP_TFLM_CATEGORIES; c++)
        fprintf(f, "%s\"%s\":%lld", c ? "," : "", ap_tflm_category_name(c), (long long)a->cat[c].bytes);
    fputs("}}", f);
}

void ap__json_arena(FILE *f, int64_t arena, const char *why)
{
    if (arena >= 0 && !why) {
        fprintf(f, ",\"arena_bytes\":%lld", (long long)arena);
        return;
    }
    fputs(",\"arena_bytes\":null,\"arena_unknown\":", f);
    ap_json_string(f, why ? why : "TFLM's whole arena was not computed");
}

ap_status ap_write_json(FILE *f, const ap_problem *p, const ap_plan *plan, ap_error *err)
{
    return ap_write_json_with(f, p, plan, NULL, err);
}

/* A string field, when the text is there. */
static void string_field(FILE *f, const char *key, const char *text)
{
    if (text) {
        fprintf(f, ",\"%s\":", key);
        ap_json_string(f, text);
    }
}

/* What the problem does not model ("unmodelled": [...], always for TFLite's interpreter): its
 * head (and an arena built on it) is then a lower estimate. */
static void write_unmodelled(FILE *f, const ap_problem *p)
{
    size_t i;
    if (!p->n_unmodelled && p->origin != AP_ORIGIN_TFLITE)
        return;
    fputs(",\"unmodelled\":[", f);
    for (i = 0; i < p->n_unmodelled; i++) {
        fputs(i ? ",{\"operator\":" : "{\"operator\":", f);
        if (p->unmodelled[i].op)
            ap_json_string(f, p->unmodelled[i].op);
        else
            fputs("null", f);
        fprintf(f, ",\"node\":%lld,\"what\":", (long long)p->unmodelled[i].node);
        ap_json_string(f, p->unmodelled[i].what);
        fputc('}', f);
    }
    fputc(']', f);
    if (p->n_unmodelled)
        fputs(",\"lower_estimate\":true", f); /* head_bytes and arena_bytes */
}

/* The figures before the summary: the schema, arena, head, tail, bound, strategy, verdict, source,
 * note, stock TFLM's head and sentence, TFLM's whole arena. stock is stock TFLM's head
 * (ap__stock_head), -1 none. */
static void write_head(FILE *f, const ap_problem *p, const ap_plan *plan, const ap_summary *s,
                       const ap_report_options *opt, int64_t stock)
{
    const ap_tflm_whole *arena = ap__lines_arena(opt);
    char note[256];
    fputs("{\"schema\":\"" AP_JSON_SCHEMA "\"", f);
    ap__json_arena(f, arena ? arena->plan.min_arena : -1, ap__lines_arena_unknown(p, opt));
    fprintf(f, ",\"head_bytes\":%lld", (long long)s->arena);
    if (arena)
        fprintf(f, ",\"tail_bytes\":%lld", (long long)arena->plan.tail);
    else
        fputs(",\"tail_bytes\":null", f);
    fprintf(f, ",\"lower_bound\":%lld,\"efficiency\":%.4f,\"strategy\":",
            (long long)s->lower_bound, s->efficiency);
    ap_json_string(f, plan->strategy);
    if (plan->verdict != AP_VERDICT_NONE)
        fprintf(f, ",\"verdict\":\"%s\",\"proven_bound\":%lld,\"gap_bytes\":%lld",
                plan->verdict == AP_VERDICT_OPTIMAL ? "optimal" : "gap", (long long)plan->proven_bound,
                (long long)(plan->arena - plan->proven_bound));
    if (p->n_ovl)
        fprintf(f, ",\"lower_bound_no_overlap\":%lld", (long long)s->lower_bound_no_overlap);
    string_field(f, "source", p->source);
    string_field(f, "note", p->note);
    write_unmodelled(f, p);
    int line = ap__lines_stock_head(stock, s->arena, note, sizeof note);
    if (arena && arena->plan.refusal.kind == AP_TFLM_LOADS) /* the sentence about the whole
                                                                arena; the head's figure stays */
        line = ap__lines_stock(stock, s->arena, arena, note, sizeof note) &&
               arena->plan.min_arena < arena->stock.min_arena;
    if (line || stock >= 0)
        fprintf(f, ",\"stock_head\":%lld", (long long)stock);
    if (line)
        string_field(f, "stock_note", note);
    if (opt && opt->arena) /* also when TFLM refuses the model (min_arena null) */
        ap__json_tflm(f, opt->arena, opt->split);
}

/* One buffer: what it is, where, and the allowance that lets it share bytes (by_over). */
static void write_buffer(FILE *f, const ap_problem *p, const ap_plan *plan, const ap_summary *s,
                         const ap_overlap *by_over, size_t i)
{
    const ap_buffer *b = &p->buf[i];
    fputs(i ? ",\n{\"id\":" : "\n{\"id\":", f);
    ap_json_string(f, b->id);
    string_field(f, "name", b->name);
    string_field(f, "type", b->type);
    if (b->tensor != AP_NO_INDEX) /* a model's tensor: its index in its subgraph */
        fprintf(f, ",\"tensor\":%d", (int)b->tensor);
    fprintf(f, ",\"lower\":%lld,\"upper\":%lld,\"size\":%lld,\"offset\":%lld", (long long)b->lower,
            (long long)b->upper, (long long)b->size, (long long)plan->offset[i]);
    if (ap_buffer_align(p, i) != 1)
        fprintf(f, ",\"alignment\":%lld", (long long)ap_buffer_align(p, i));
    if (b->fixed != AP_UNFIXED)
        fputs(",\"fixed\":true", f);
    if (b->kind != AP_KIND_BUFFER)
        fprintf(f, ",\"kind\":\"%s\"", ap__lines_kind(b->kind));
    string_field(f, "producer", b->producer);
    string_field(f, "consumers", b->consumers);
    if (s->reuses[i])
        fputs(",\"reuses\":true", f);
    if (by_over && (by_over->flags & AP_OVERLAP_ALIAS)) {
        string_field(f, "alias_of", p->buf[by_over->base].id);
    } else if (by_over) {
        string_field(f, "overlap_of", p->buf[by_over->base].id);
        fprintf(f, ",\"max_delta\":%lld", (long long)by_over->max_delta);
        if (by_over->flags & AP_OVERLAP_EXACT)
            fputs(",\"overlap_exact\":true", f);
    }
    fputc('}', f);
}

ap_status ap_write_json_with(FILE *f, const ap_problem *p, const ap_plan *plan,
                             const ap_report_options *opt, ap_error *err)
{
    ap_summary s;
    const ap_overlap **by_over;
    ap_status st = ap_summary_compute(p, plan, &s, err);
    if (st != AP_OK)
        return st;
    if (!(by_over = ap__zalloc(p->n ? p->n : 1, sizeof *by_over))) {
        ap_summary_free(&s);
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory writing JSON");
    }
    ap__measure_by_over(p, by_over);
    write_head(f, p, plan, &s, opt, ap__stock_head(p));
    write_summary(f, p, &s);
    fputs(",\"buffers\":[", f);
    for (size_t i = 0; i < p->n; i++)
        write_buffer(f, p, plan, &s, by_over[i], i);
    fputc(']', f);
    if ((st = write_ops(f, p, plan, err)) == AP_OK) {
        fputs("}\n", f);
        if (ferror(f))
            st = ap_error_set(err, AP_ERR_IO, "write error");
    }
    free(by_over);
    ap_summary_free(&s);
    return st;
}
