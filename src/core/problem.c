/* problem.c - building, validating and querying planning problems (see problem.h). */
#include <stdlib.h>
#include <string.h>

#include "arenaplan/check.h"
#include "arenaplan/problem.h"
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

static int is_pow2(int64_t v)
{
    return v > 0 && (v & (v - 1)) == 0;
}

#define MAX_ALIGN (INT64_C(1) << 30)

/* Id uniqueness: sort indices by id and compare neighbours. */
static int cmp_id(uint32_t a, uint32_t b, const void *ctx)
{
    const ap_problem *p = ctx;
    return strcmp(p->buf[a].id, p->buf[b].id);
}

static int cmp_ovl(const void *x, const void *y)
{
    const ap_overlap *a = x, *b = y;
    if (a->over != b->over)
        return a->over < b->over ? -1 : 1;
    if (a->base != b->base)
        return a->base < b->base ? -1 : 1;
    return 0;
}

static int cmp_label(const void *x, const void *y)
{
    const ap_step_label *a = x, *b = y;
    return a->step < b->step ? -1 : a->step > b->step;
}

static ap_status check_ids(const ap_problem *p, ap_error *err)
{
    uint32_t *idx;
    size_t i;
    ap_status st = AP_OK;
    if (p->n > UINT32_MAX - 1)
        return ap_error_set(err, AP_ERR_INPUT, "too many buffers (%zu)", p->n);
    idx = ap__alloc(p->n, sizeof *idx);
    if (!idx)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory checking buffer ids");
    for (i = 0; i < p->n; i++)
        idx[i] = (uint32_t)i;
    st = ap__sort_idx(idx, p->n, cmp_id, p, err);
    for (i = 1; st == AP_OK && i < p->n; i++) {
        if (strcmp(p->buf[idx[i - 1]].id, p->buf[idx[i]].id) == 0) {
            uint32_t a = idx[i - 1] < idx[i] ? idx[i - 1] : idx[i];
            uint32_t b = idx[i - 1] < idx[i] ? idx[i] : idx[i - 1];
            st = ap_error_set(err, AP_ERR_INPUT, "buffers %u and %u share the id '%s'", a, b,
                              p->buf[a].id);
        }
    }
    free(idx);
    return st;
}

static ap_status check_buffer(const ap_problem *p, size_t i, ap_error *err)
{
    const ap_buffer *b = &p->buf[i];
    const char *id = b->id;
    if (!id[0])
        return ap_error_set(err, AP_ERR_INPUT, "buffer %zu has an empty id", i);
    if (b->size < 0 || b->size > AP_MAX_VALUE)
        return ap_error_set(err, AP_ERR_INPUT, "buffer '%s': size %lld is out of range (0 to 2^52)",
                            id, (long long)b->size);
    if (b->lower < -AP_MAX_VALUE || b->upper > AP_MAX_VALUE || b->lower > AP_MAX_VALUE ||
        b->upper < -AP_MAX_VALUE)
        return ap_error_set(err, AP_ERR_INPUT, "buffer '%s': lifetime [%lld, %lld) is out of range",
                            id, (long long)b->lower, (long long)b->upper);
    if (b->lower >= b->upper)
        return ap_error_set(err, AP_ERR_INPUT,
                            "buffer '%s': empty lifetime [%lld, %lld) (upper must exceed lower)",
                            id, (long long)b->lower, (long long)b->upper);
    if (b->align != 0 && (!is_pow2(b->align) || b->align > MAX_ALIGN))
        return ap_error_set(err, AP_ERR_INPUT,
                            "buffer '%s': alignment %lld is not a power of two up to 2^30", id,
                            (long long)b->align);
    if (b->fixed != AP_UNFIXED) {
        int64_t a = ap_buffer_align(p, i);
        if (b->fixed < 0 || b->fixed > AP_MAX_VALUE - b->size)
            return ap_error_set(err, AP_ERR_INPUT, "buffer '%s': fixed offset %lld is out of range",
                                id, (long long)b->fixed);
        if (b->fixed % a != 0)
            return ap_error_set(err, AP_ERR_INPUT,
                                "buffer '%s': fixed offset %lld is not a multiple of its alignment %lld",
                                id, (long long)b->fixed, (long long)a);
    }
    return AP_OK;
}

/* After sorting: two allowances for one ordered pair are an input error. */
static ap_status refuse_duplicate_overlaps(const ap_problem *p, ap_error *err)
{
    for (size_t i = 1; i < p->n_ovl; i++)
        if (cmp_ovl(&p->ovl[i - 1], &p->ovl[i]) == 0)
            return ap_error_set(err, AP_ERR_INPUT, "buffer '%s' has two overlap allowances on '%s'",
                                p->buf[p->ovl[i].over].id, p->buf[p->ovl[i].base].id);
    return AP_OK;
}

/* Fixed offsets that clash are the input's fault, named like a checker fault, unless both
 * buffers are pre-planned (the sharing of an offline plan) or an allowance covers them. */
static ap_status refuse_fixed_clash(const ap_problem *p, ap_error *err)
{
    ap_check_result res;
    ap_status st = ap__check_fixed(p, 0, &res);
    if (st == AP_ERR_NOMEM)
        return ap_error_set(err, st, "%s", res.message);
    if (st != AP_OK)
        return ap_error_set(err, AP_ERR_INPUT,
                            "fixed offsets clash: %s (only a model's offline plan may place fixed "
                            "buffers on shared bytes; --allow-fixed-overlap accepts a buffer list "
                            "that does)", res.message);
    return AP_OK;
}

ap_status ap_problem_validate(ap_problem *p, ap_error *err)
{
    size_t i;
    int64_t total = 0;
    ap_status st;
    if (!is_pow2(p->default_align) || p->default_align > MAX_ALIGN)
        return ap_error_set(err, AP_ERR_INPUT, "default alignment %lld is not a power of two up to 2^30",
                            (long long)p->default_align);
    for (i = 0; i < p->n; i++) {
        if ((st = check_buffer(p, i, err)) != AP_OK)
            return st;
        /* Every planner stays below the sum of all sizes and alignments plus the highest fixed
         * end, so bounding that sum rules out overflow everywhere downstream. */
        total += p->buf[i].size + ap_buffer_align(p, i);
        if (p->buf[i].fixed != AP_UNFIXED)
            total += p->buf[i].fixed;
        if (total > AP_MAX_VALUE)
            return ap_error_set(err, AP_ERR_INPUT,
                                "the buffers' sizes add up to more than 2^52 bytes (at buffer '%s')",
                                p->buf[i].id);
    }
    if ((st = check_ids(p, err)) != AP_OK)
        return st;
    for (i = 0; i < p->n_ovl; i++) {
        const ap_overlap *o = &p->ovl[i];
        if (o->base >= p->n || o->over >= p->n)
            return ap_error_set(err, AP_ERR_INPUT, "overlap allowance %zu names buffer %u, but there are %zu",
                                i, o->base >= p->n ? o->base : o->over, p->n);
        if (o->base == o->over)
            return ap_error_set(err, AP_ERR_INPUT, "buffer '%s' is declared to overlap itself",
                                p->buf[o->base].id);
        if (o->max_delta < -AP_MAX_VALUE || o->max_delta > AP_MAX_VALUE)
            return ap_error_set(err, AP_ERR_INPUT, "overlap allowance of '%s' on '%s' is out of range",
                                p->buf[o->over].id, p->buf[o->base].id);
    }
    if (p->n_ovl > 1)
        qsort(p->ovl, p->n_ovl, sizeof *p->ovl, cmp_ovl);
    if ((st = refuse_duplicate_overlaps(p, err)) != AP_OK || (st = refuse_fixed_clash(p, err)) != AP_OK)
        return st;
    if (p->n_labels > 1)
        qsort(p->labels, p->n_labels, sizeof *p->labels, cmp_label);
    return AP_OK;
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
    if (ap_problem_set_source(q, p->source, NULL) != AP_OK || ap_problem_set_note(q, p->note, NULL) != AP_OK)
        goto fail;
    return q;
fail:
    ap_problem_free(q);
    return NULL;
}

int ap__has_rule_overlaps(const ap_problem *p)
{
    return p->n_ovl > 0;
}

ap_status ap__without_rule_overlaps(const ap_problem *p, ap_problem **out, ap_error *err)
{
    ap_problem *q = ap_problem_clone(p);
    size_t i;
    ap_status st;
    *out = NULL;
    if (!q)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory copying the problem");
    for (i = 0; i < q->n_ovl; i++)
        free(q->ovl[i].why);
    q->n_ovl = 0;
    if ((st = ap_problem_validate(q, err)) != AP_OK) {
        ap_problem_free(q);
        return st;
    }
    *out = q;
    return AP_OK;
}
