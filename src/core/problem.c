/*
 * problem.c - building, copying and querying planning problems (problem.h; validate.c checks
 * them).
 *
 * The folder src/core/: what every stage stands on: the problem, the plan, the checker, bounds.
 */
#include <stdlib.h>
#include <string.h>

#include "arenaplan/problem.h"
#include "core/problem.h"
#include "core/util.h"

void ap_buffer_spec_init(ap_buffer_spec *spec)
{
    memset(spec, 0, sizeof *spec);
    spec->fixed = AP_UNFIXED;
    spec->kind = AP_KIND_BUFFER;
    spec->subgraph = AP_NO_INDEX;
    spec->tensor = AP_NO_INDEX;
}

ap_problem *ap_problem_new(void)
{
    ap_problem *p = calloc(1, sizeof *p);
    if (p)
        p->default_align = 1;
    return p;
}

static void free_buffer(ap_buffer *b)
{
    free(b->id);
    free(b->name);
    free(b->type);
    free(b->producer);
    free(b->consumers);
}

void ap_problem_free(ap_problem *p)
{
    size_t i;
    if (!p)
        return;
    for (i = 0; i < p->n; i++)
        free_buffer(&p->buf[i]);
    for (i = 0; i < p->n_ovl; i++)
        free(p->ovl[i].why);
    for (i = 0; i < p->n_labels; i++)
        free(p->labels[i].text);
    for (i = 0; i < p->n_unmodelled; i++) {
        free(p->unmodelled[i].op);
        free(p->unmodelled[i].what);
    }
    free(p->unmodelled);
    free(p->buf);
    free(p->ovl);
    free(p->labels);
    free(p->source);
    free(p->note);
    free(p);
}

/* Copies an optional string; returns 0 when a non-NULL source could not be copied. */
static int dup_opt(char **dst, const char *src)
{
    *dst = src ? ap__strdup(src) : NULL;
    return !src || *dst;
}

ap_status ap_problem_add(ap_problem *p, const ap_buffer_spec *s, ap_error *err)
{
    ap_buffer *nb = ap__grow(p->buf, &p->cap, p->n + 1, sizeof *p->buf);
    ap_buffer *b;
    if (!nb)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory adding buffer %zu", p->n);
    p->buf = nb;
    b = &p->buf[p->n];
    memset(b, 0, sizeof *b);
    b->size = s->size;
    b->lower = s->lower;
    b->upper = s->upper;
    b->align = s->align;
    b->fixed = s->fixed;
    b->preplanned = s->fixed != AP_UNFIXED && s->preplanned;
    b->kind = s->kind;
    b->subgraph = s->subgraph;
    b->tensor = s->tensor;
    if (!dup_opt(&b->id, s->id ? s->id : "") || !dup_opt(&b->name, s->name) ||
        !dup_opt(&b->type, s->type) || !dup_opt(&b->producer, s->producer) || !dup_opt(&b->consumers, s->consumers)) {
        free_buffer(b);
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory adding buffer %zu", p->n);
    }
    p->n++;
    return AP_OK;
}

ap_status ap_problem_add_overlap(ap_problem *p, uint32_t base, uint32_t over, int64_t max_delta,
                                 unsigned flags, const char *why, ap_error *err)
{
    ap_overlap *no = ap__grow(p->ovl, &p->cap_ovl, p->n_ovl + 1, sizeof *p->ovl);
    ap_overlap *o;
    if (!no)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory adding an overlap allowance");
    p->ovl = no;
    o = &p->ovl[p->n_ovl];
    o->base = base;
    o->over = over;
    o->max_delta = max_delta;
    o->flags = flags;
    if (!dup_opt(&o->why, why))
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory adding an overlap allowance");
    p->n_ovl++;
    return AP_OK;
}

ap_status ap_problem_add_label(ap_problem *p, int64_t step, const char *text, ap_error *err)
{
    ap_step_label *nl = ap__grow(p->labels, &p->cap_labels, p->n_labels + 1, sizeof *p->labels);
    if (!nl)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory adding a step label");
    p->labels = nl;
    nl[p->n_labels].step = step;
    if (!dup_opt(&nl[p->n_labels].text, text ? text : ""))
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory adding a step label");
    p->n_labels++;
    return AP_OK;
}

ap_status ap_problem_add_unmodelled(ap_problem *p, const char *op, int64_t node, const char *what,
                                    ap_error *err)
{
    ap_unmodelled *nu = ap__grow(p->unmodelled, &p->cap_unmodelled, p->n_unmodelled + 1,
                                 sizeof *p->unmodelled);
    if (!nu)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory");
    p->unmodelled = nu;
    nu += p->n_unmodelled;
    nu->node = node;
    if (!dup_opt(&nu->op, op) || !dup_opt(&nu->what, what ? what : "")) {
        free(nu->op);
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory");
    }
    p->n_unmodelled++;
    return AP_OK;
}

static ap_status set_str(char **dst, const char *src, ap_error *err)
{
    char *copy = NULL;
    if (src && !(copy = ap__strdup(src)))
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory");
    free(*dst);
    *dst = copy;
    return AP_OK;
}

ap_status ap_problem_set_source(ap_problem *p, const char *source, ap_error *err)
{
    return set_str(&p->source, source, err);
}

ap_status ap_problem_set_note(ap_problem *p, const char *note, ap_error *err)
{
    return set_str(&p->note, note, err);
}

int64_t ap_buffer_align(const ap_problem *p, size_t i)
{
    int64_t a = p->buf[i].align;
    return a > 0 ? a : p->default_align;
}

int ap_buffers_meet(const ap_problem *p, size_t i, size_t j)
{
    const ap_buffer *a = &p->buf[i], *b = &p->buf[j];
    return a->lower < b->upper && b->lower < a->upper;
}

const ap_overlap *ap_problem_find_overlap(const ap_problem *p, size_t base, size_t over)
{
    size_t lo = 0, hi = p->n_ovl;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const ap_overlap *o = &p->ovl[mid];
        if (o->over < over || (o->over == over && o->base < base))
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < p->n_ovl && p->ovl[lo].over == over && p->ovl[lo].base == base)
        return &p->ovl[lo];
    return NULL;
}

long ap_problem_find_id(const ap_problem *p, const char *id)
{
    size_t i;
    for (i = 0; i < p->n; i++)
        if (strcmp(p->buf[i].id, id) == 0)
            return (long)i;
    return -1;
}

static size_t first_label_at_or_after(const ap_problem *p, int64_t step);

const char *ap_problem_label(const ap_problem *p, int64_t step)
{
    size_t lo = first_label_at_or_after(p, step);
    return lo < p->n_labels && p->labels[lo].step == step ? p->labels[lo].text : NULL;
}

static size_t first_label_at_or_after(const ap_problem *p, int64_t step)
{
    size_t lo = 0, hi = p->n_labels;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (p->labels[mid].step < step)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

size_t ap_problem_labels_between(const ap_problem *p, int64_t first, int64_t last, size_t *count)
{
    size_t a = first_label_at_or_after(p, first);
    size_t b = last < INT64_MAX ? first_label_at_or_after(p, last + 1) : p->n_labels;
    *count = b > a ? b - a : 0;
    return a;
}

ap_problem *ap_problem_clone(const ap_problem *p)
{
    ap_problem *q = ap_problem_new();
    size_t i;
    if (!q)
        return NULL;
    q->default_align = p->default_align;
    q->origin = p->origin;
    for (i = 0; i < p->n; i++) {
        const ap_buffer *b = &p->buf[i];
        ap_buffer_spec s;
        ap_buffer_spec_init(&s);
        s.id = b->id;
        s.name = b->name;
        s.type = b->type;
        s.size = b->size;
        s.lower = b->lower;
        s.upper = b->upper;
        s.align = b->align;
        s.fixed = b->fixed;
        s.preplanned = b->preplanned;
        s.kind = b->kind;
        s.subgraph = b->subgraph;
        s.tensor = b->tensor;
        s.producer = b->producer;
        s.consumers = b->consumers;
        if (ap_problem_add(q, &s, NULL) != AP_OK)
            goto fail;
    }
    for (i = 0; i < p->n_ovl; i++) {
        const ap_overlap *o = &p->ovl[i];
        if (ap_problem_add_overlap(q, o->base, o->over, o->max_delta, o->flags, o->why, NULL) != AP_OK)
            goto fail;
    }
    for (i = 0; i < p->n_labels; i++)
        if (ap_problem_add_label(q, p->labels[i].step, p->labels[i].text, NULL) != AP_OK)
            goto fail;
    for (i = 0; i < p->n_unmodelled; i++)
        if (ap_problem_add_unmodelled(q, p->unmodelled[i].op, p->unmodelled[i].node,
                                      p->unmodelled[i].what, NULL) != AP_OK)
            goto fail;
    if (ap_problem_set_source(q, p->source, NULL) != AP_OK || ap_problem_set_note(q, p->note, NULL) != AP_OK)
        goto fail;
    return q;
fail:
    ap_problem_free(q);
    return NULL;
}

int ap__problem_has_rule_overlaps(const ap_problem *p)
{
    return p->n_ovl > 0;
}
