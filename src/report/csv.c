/*
 * csv.c - the problem and its plan as CSV (csv.h): input for `plan` and `check` again. The
 * columns a problem needs are found first (measure), then the comment lines (its note, the
 * stock TFLM line) and the header, then one row per buffer (print).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/csv.h"
#include "arenaplan/report.h"
#include "arenaplan/tflm_arena.h"
#include "core/util.h"
#include "planners/stock.h"
#include "report/lines.h"

static void put_field(FILE *f, const char *s)
{
    const char *c;
    int quote = !*s ? 0 : (s[0] == ' ' || s[strlen(s) - 1] == ' ');
    for (c = s; *c && !quote; c++)
        quote = *c == ',' || *c == '"' || *c == '\n' || *c == '\r' || *c == '#';
    if (!quote) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (c = s; *c; c++) {
        if (*c == '"')
            fputc('"', f);
        fputc(*c, f);
    }
    fputc('"', f);
}

/* The allowances a row can carry: one plain alias (alias_of) and one other (overlap_of with
 * max_delta), both exact or both not (overlap_exact). */
typedef struct row_ovl {
    const ap_overlap *alias, *other;
} row_ovl;

static ap_status collect_row_overlaps(const ap_problem *p, row_ovl *rows, int *has_alias,
                                      int *has_other, int *has_exact, ap_error *err)
{
    size_t i;
    for (i = 0; i < p->n_ovl; i++) {
        const ap_overlap *o = &p->ovl[i];
        row_ovl *r = &rows[o->over];
        const ap_overlap **slot;
        slot = (o->flags & AP_OVERLAP_ALIAS) && o->max_delta == 0 ? &r->alias : &r->other;
        if (*slot || ((r->alias || r->other) &&
                      ((r->alias ? r->alias : r->other)->flags & AP_OVERLAP_EXACT) !=
                          (o->flags & AP_OVERLAP_EXACT)))
            return ap_error_set(err, AP_ERR_INPUT,
                                "buffer '%s' has more overlap allowances than a CSV row holds "
                                "(one alias_of and one overlap_of, equally exact)",
                                p->buf[o->over].id);
        *slot = o;
        *(slot == &r->alias ? has_alias : has_other) = 1;
        *has_exact |= (o->flags & AP_OVERLAP_EXACT) != 0;
    }
    return AP_OK;
}

/* The optional columns the problem and plan need, and each row's allowances. */
typedef struct columns {
    int align, name, type, alias, other, exact, offset, fixed;
    row_ovl *rows;
} columns;

static ap_status measure(const ap_problem *p, const ap_plan *plan, columns *c, ap_error *err)
{
    memset(c, 0, sizeof *c);
    c->offset = plan != NULL;
    if (!(c->rows = ap__zalloc(p->n + 1, sizeof *c->rows)))
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory writing CSV");
    ap_status st = collect_row_overlaps(p, c->rows, &c->alias, &c->other, &c->exact, err);
    if (st != AP_OK) {
        free(c->rows);
        return st;
    }
    for (size_t i = 0; i < p->n; i++) {
        c->align |= ap_buffer_align(p, i) != 1;
        c->name |= p->buf[i].name != NULL;
        c->type |= p->buf[i].type != NULL;
        c->offset |= p->buf[i].fixed != AP_UNFIXED;
        /* a plan's offsets: say which of them are fixed */
        c->fixed |= plan && p->buf[i].fixed != AP_UNFIXED;
    }
    return AP_OK;
}

/* A model's plan's figures (opt given): the arena or why it is unknown, the head. */
static void write_figures(FILE *f, const ap_problem *p, const ap_plan *plan,
                          const ap_report_options *opt)
{
    const ap_tflm_whole *arena = ap__lines_arena(opt);
    const char *unknown = ap__lines_arena_unknown(p, opt);
    if (!arena && opt->arena && opt->arena->plan.refusal.kind != AP_TFLM_LOADS)
        arena = opt->arena; /* TFLM cannot load it: the table's words say so */
    if (arena) {
        char text[AP_ERROR_MAX + 128];
        ap_tflm_arena_text(&arena->plan, text, sizeof text);
        if (!strpbrk(text, "\r\n"))
            fprintf(f, "# arena %s\n", text);
        if (opt->split && arena->plan.refusal.kind == AP_TFLM_LOADS) {
            ap_tflm_split_text(arena->plan.split_persistent, arena->plan.split_nonpersistent,
                               arena->plan.split_used, arena->plan.target, text, sizeof text);
            fprintf(f, "# split %s\n", text);
        }
    } else if (unknown && !strpbrk(unknown, "\r\n")) {
        fprintf(f, "# arena unknown: %s\n", unknown);
    }
    fprintf(f, "# head %lld bytes\n", (long long)plan->arena);
}

/* The comment lines the reader skips, then the header. opt: a model's plan's options (its
 * figures first), or NULL. */
static void write_head(FILE *f, const ap_problem *p, const ap_plan *plan, const columns *c,
                       const ap_report_options *opt)
{
    const ap_tflm_whole *arena = ap__lines_arena(opt);
    char stock[256];
    if (opt)
        write_figures(f, p, plan, opt);
    /* Allowances from in-place or overlap rules hold only for the kernels the note names:
       say so in a comment line (the reader skips it). */
    if ((c->alias || c->other) && p->note && !strpbrk(p->note, "\r\n"))
        fprintf(f, "# %s\n", p->note);
    if (plan && ap__lines_stock(arena ? -1 : ap__stock_head(p), plan->arena, arena, stock,
                                sizeof stock))
        fprintf(f, "# %s\n", stock);
    /* what the problem does not model: the reader keeps these lines */
    for (size_t k = 0; k < p->n_unmodelled; k++)
        if (!strpbrk(p->unmodelled[k].what, "\r\n") && (!p->unmodelled[k].op || !strpbrk(p->unmodelled[k].op, "\r\n")))
            ap__lines_unmodelled(f, "# unmodelled: ", &p->unmodelled[k]);
    fputs("id,lower,upper,size", f);
    fputs(c->align ? ",alignment" : "", f);
    fputs(c->name ? ",name" : "", f);
    fputs(c->type ? ",type" : "", f);
    fputs(c->alias ? ",alias_of" : "", f);
    fputs(c->other ? ",overlap_of,max_delta" : "", f);
    fputs(c->exact ? ",overlap_exact" : "", f);
    fputs(c->offset ? ",offset" : "", f);
    fputs(c->fixed ? ",fixed" : "", f);
    fputc('\n', f);
}

static void write_row(FILE *f, const ap_problem *p, const ap_plan *plan, const columns *c, size_t i)
{
    const ap_buffer *b = &p->buf[i];
    const row_ovl *r = &c->rows[i];
    put_field(f, b->id);
    fprintf(f, ",%lld,%lld,%lld", (long long)b->lower, (long long)b->upper, (long long)b->size);
    if (c->align)
        fprintf(f, ",%lld", (long long)ap_buffer_align(p, i));
    if (c->name) {
        fputc(',', f);
        put_field(f, b->name ? b->name : "");
    }
    if (c->type) {
        fputc(',', f);
        put_field(f, b->type ? b->type : "");
    }
    if (c->alias) {
        fputc(',', f);
        put_field(f, r->alias ? p->buf[r->alias->base].id : "");
    }
    if (c->other) {
        fputc(',', f);
        put_field(f, r->other ? p->buf[r->other->base].id : "");
        if (r->other)
            fprintf(f, ",%lld", (long long)r->other->max_delta);
        else
            fputc(',', f);
    }
    if (c->exact) {
        const ap_overlap *o = r->alias ? r->alias : r->other;
        fputs(o ? (o->flags & AP_OVERLAP_EXACT ? ",1" : ",0") : ",", f);
    }
    if (c->offset) {
        int64_t off = plan ? plan->offset[i] : b->fixed;
        if (off >= 0)
            fprintf(f, ",%lld", (long long)off);
        else
            fputc(',', f);
    }
    if (c->fixed)
        fputs(b->fixed != AP_UNFIXED ? ",1" : ",0", f);
    fputc('\n', f);
}

ap_status ap_csv_write(FILE *f, const ap_problem *p, const ap_plan *plan, ap_error *err)
{
    return ap_csv_write_with(f, p, plan, NULL, err);
}

ap_status ap_csv_write_with(FILE *f, const ap_problem *p, const ap_plan *plan,
                            const ap_report_options *opt, ap_error *err)
{
    columns c;
    ap_status st = measure(p, plan, &c, err);
    if (st != AP_OK)
        return st;
    write_head(f, p, plan, &c, plan && p->origin == AP_ORIGIN_TFLM ? opt : NULL);
    for (size_t i = 0; i < p->n; i++)
        write_row(f, p, plan, &c, i);
    free(c.rows);
    if (ferror(f))
        return ap_error_set(err, AP_ERR_IO, "write error");
    return AP_OK;
}
