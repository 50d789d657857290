/*
 * tenants.c - TFLM's multi-tenant allocation (tflm_arena.h): several models' interpreters made
 * one after another on one MicroAllocator, as one trace. Each model's trace (arena.c) is made as
 * a later model's (no allocator objects of its own: micro_allocator.cc's Create makes them once)
 * and the traces are joined in the order of creation; the replay (replay.c) keeps the largest
 * head (max_head_buffer_usage_) and stacks the tails, so the joined trace replayed on N bytes is
 * the set's AllocateTensors calls on N bytes, and its smallest N is the set's kTensorArenaSize.
 * The same on the two-buffer allocator gives the set's two sizes. The best order of creation
 * sums per-model figures (ap__replay_segment) over every permutation.
 */
#include <string.h>

#include "arenaplan/tflm_arena.h"
#include "core/util.h"
#include "tflm_arena/arena.h"
#include "tflm_arena/replay.h"

/* The models' traces and their join. */
typedef struct set {
    ap__arena_model v[AP_TFLM_TENANTS_MAX];
    size_t n;
    ap__trace all;                       /* the join, in the order of creation */
    size_t first[AP_TFLM_TENANTS_MAX + 1]; /* model i's events: [first[i], first[i + 1]) */
} set;

static void set_free(set *s)
{
    for (size_t i = 0; i < s->n; i++)
        ap__trace_free(&s->v[i].tr);
    ap__trace_free(&s->all);
}

static ap_status check_n(size_t n, size_t max, ap_error *err)
{
    if (n < 1 || n > max)
        return ap_error_set(err, AP_ERR_USAGE, "%zu models in one set: 1 to %zu", n, max);
    return AP_OK;
}

/* Model i's trace; on a refusal, out (when not NULL) says which model. */
static ap_status model_trace(const ap_tfl_model *m, const int64_t *heads, size_t i,
                             const ap_tflm_options *opt, ap__arena_mode mode, set *s,
                             ap_tflm_tenants *out, ap_error *err)
{
    ap_tflm_options o;
    if (opt)
        o = *opt;
    else
        ap_tflm_options_init(&o);
    o.head = heads && heads[i] >= 0 ? heads[i] : -1;
    ap_status st = ap__arena_trace(m, &o, &mode, &s->v[i], err);
    s->n = i + 1;
    if (out) {
        out->target = s->v[i].target;
        out->kernels = s->v[i].kernels;
        if (st != AP_OK && s->v[i].refusal.kind != AP_TFLM_LOADS && out->refused < 0) {
            out->refused = (int32_t)i;
            out->refusal = s->v[i].refusal;
        }
    }
    return st;
}

/* The traces of m[0..n) (each a later model's when every_later, else all but the first) and
 * their join. */
static ap_status make_set(const ap_tfl_model *const *m, const int64_t *heads, size_t n,
                          const ap_tflm_options *opt, int split, int every_later, set *s,
                          ap_tflm_tenants *out, ap_error *err)
{
    size_t total = 0;
    memset(s, 0, sizeof *s);
    for (size_t i = 0; i < n; i++) {
        ap__arena_mode mode = {every_later || i > 0, split};
        ap_status st = model_trace(m[i], heads, i, opt, mode, s, out, err);
        if (st != AP_OK)
            return st;
        total += s->v[i].tr.n;
    }
    s->all.v = ap__zalloc(total ? total : 1, sizeof *s->all.v);
    if (!s->all.v)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory joining TFLM's traces");
    for (size_t i = 0; i < n; i++) {
        const ap__trace *t = &s->v[i].tr;
        s->first[i] = s->all.n;
        memcpy(s->all.v + s->all.n, t->v, t->n * sizeof *t->v);
        s->all.n += t->n;
        s->all.total += t->total;
        for (int k = 0; k < AP__CAT_COUNT; k++) {
            s->all.use[k].requested += t->use[k].requested;
            s->all.use[k].count += t->use[k].count;
        }
    }
    s->first[n] = s->all.n;
    s->all.cap = total;
    return AP_OK;
}

/* The model whose events hold event k. */
static int32_t model_of(const set *s, size_t k)
{
    size_t i = 0;
    while (i + 1 < s->n && s->first[i + 1] <= k)
        i++;
    return (int32_t)i;
}

static int is_object(const ap__trace_ev *e)
{
    return e->phase == AP_TFLM_PHASE_CREATE && e->cat == AP__CAT_OTHER + AP_TFLM_OTHER_RUNTIME &&
           e->kind == AP__EV_PERSIST;
}

/* Each model's part of the tail, laid out on an arena of out->min_arena bytes, and the
 * allocator's objects. */
static void lay_out(const set *s, ap_tflm_tenants *out, int64_t *where)
{
    ap__replay r;
    int64_t dist = 0; /* the tail's bytes so far, from the arena's end */
    ap__replay_run(&s->all, out->min_arena, &r, where);
    for (size_t i = 0; i < s->n; i++) {
        int64_t before = dist;
        for (size_t k = s->first[i]; k < s->first[i + 1]; k++) {
            if (s->all.v[k].kind != AP__EV_PERSIST)
                continue;
            dist = where[2 * k + 1];
            if (is_object(&s->all.v[k])) {
                out->objects = dist;
                before = dist;
            }
        }
        out->model[i].tail = dist - before;
        out->model[i].tail_start = out->min_arena - dist;
    }
}

/* The set on one buffer: used, the smallest arena, the layout, the step that decides. */
static ap_status one_buffer(const set *s, ap_tflm_tenants *out, ap_error *err)
{
    ap__replay r;
    int64_t *where = ap__zalloc(s->all.n ? s->all.n : 1, 2 * sizeof *where);
    if (!where)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory replaying TFLM's arena");
    ap__replay_run(&s->all, ap__replay_roomy(&s->all), &r, NULL); /* roomy: it succeeds */
    out->tail = r.end - r.tail;
    out->head = r.head - r.base;
    out->used = out->head + out->tail;
    out->min_arena = ap__replay_smallest(&s->all, &out->min_arena_16);
    lay_out(s, out, where);
    ap__replay_run(&s->all, out->min_arena - 1, &r, NULL);
    out->binding_model = -1;
    if (r.fail < s->all.n) {
        out->binding_phase = (ap_tflm_phase)s->all.v[r.fail].phase;
        out->binding_model = is_object(&s->all.v[r.fail]) ? -1 : model_of(s, r.fail);
    }
    free(where);
    return AP_OK;
}

/* The set on the two-buffer allocator. */
static ap_status two_buffers(const set *s, ap_tflm_tenants *out, ap_error *err)
{
    ap__replay r;
    int64_t roomy = ap__replay_roomy(&s->all);
    int64_t *where = ap__zalloc(s->all.n ? s->all.n : 1, 2 * sizeof *where);
    if (!where)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory replaying TFLM's arena");
    ap__replay_split_smallest(&s->all, &out->split_persistent, &out->split_nonpersistent);
    ap__replay_split_run(&s->all, roomy, roomy, &r, where);
    out->split_used = (r.head - r.base) + (r.pend - r.ptail);
    for (size_t i = 0; i < s->n; i++) {
        out->model[i].persistent = 0;
        for (size_t k = s->first[i]; k < s->first[i + 1]; k++)
            if (s->all.v[k].kind == AP__EV_PERSIST && !is_object(&s->all.v[k]))
                out->model[i].persistent += where[2 * k];
    }
    free(where);
    return AP_OK;
}

ap_status ap_tflm_tenants_compute(const ap_tfl_model *const *m, const int64_t *heads, size_t n,
                                  const ap_tflm_options *opt, ap_tflm_tenants *out,
                                  ap_error *err)
{
    set s;
    memset(out, 0, sizeof *out);
    out->refused = out->binding_model = -1;
    out->min_arena = out->min_arena_16 = -1;
    ap_status st = check_n(n, AP_TFLM_TENANTS_MAX, err);
    if (st != AP_OK)
        return st;
    out->n = n;
    if ((st = make_set(m, heads, n, opt, 0, 0, &s, out, err)) == AP_OK) {
        for (size_t i = 0; i < n; i++) {
            out->model[i].head = s.v[i].head;
            if (s.v[i].head > out->model[out->head_model].head)
                out->head_model = (int32_t)i;
        }
        st = one_buffer(&s, out, err);
    }
    set_free(&s);
    if (st != AP_OK)
        return st;
    if ((st = make_set(m, heads, n, opt, 1, 0, &s, out, err)) == AP_OK)
        st = two_buffers(&s, out, err);
    set_free(&s);
    if (st != AP_OK)
        out->min_arena = out->min_arena_16 = -1;
    return st;
}

/* ---- The best order ------------------------------------------------------------------------ */

/* What a model adds, for each tail alignment (16) and head kept (the largest of the models
 * before: 0 or one of theirs, n + 1 values), computed when first asked. */
typedef struct memo {
    int64_t growth, need;
    int done;
} memo;

typedef struct search {
    const set *s;           /* every model a later one's */
    const ap__trace_ev *objects; /* the allocator's objects (the first events of a first model) */
    size_t n_objects;
    int64_t heads[AP_TFLM_ORDER_MAX + 1]; /* heads[0] = 0, heads[1 + i] model i's */
    memo m[AP_TFLM_ORDER_MAX][16][AP_TFLM_ORDER_MAX + 1];
    memo obj[16];
} search;

static const memo *segment(search *x, int model, int64_t a, int kept)
{
    memo *e = model < 0 ? &x->obj[a] : &x->m[model][a][kept];
    if (!e->done) {
        if (model < 0)
            ap__replay_segment(x->objects, x->n_objects, a, 0, &e->growth, &e->need);
        else
            ap__replay_segment(x->s->v[model].tr.v, x->s->v[model].tr.n, a, x->heads[kept],
                               &e->growth, &e->need);
        e->done = 1;
    }
    return e;
}

/* The smallest arena of the order, residue by residue of the arena's size mod 16. */
static int64_t order_arena(search *x, const size_t *order, size_t n)
{
    int64_t best = -1;
    for (int64_t r = 0; r < 16; r++) {
        const memo *e = segment(x, -1, r, 0);
        int64_t t = e->growth, bound = e->need;
        int kept = 0;
        for (size_t i = 0; i < n; i++) {
            e = segment(x, (int)order[i], ((r - t) % 16 + 16) % 16, kept);
            bound = ap__max64(bound, t + e->need);
            t += e->growth;
            if (x->heads[1 + order[i]] > x->heads[kept])
                kept = 1 + (int)order[i];
        }
        int64_t size = bound <= r ? r : r + 16 * ((bound - r + 15) / 16);
        if (best < 0 || size < best)
            best = size;
    }
    return best;
}

/* The next permutation in lexicographic order; 0 after the last. */
static int next_order(size_t *v, size_t n)
{
    size_t i = n - 1, j = n - 1;
    while (i > 0 && v[i - 1] >= v[i])
        i--;
    if (i == 0)
        return 0;
    while (v[j] <= v[i - 1])
        j--;
    size_t t = v[i - 1];
    v[i - 1] = v[j];
    v[j] = t;
    for (j = n - 1; i < j; i++, j--) {
        t = v[i];
        v[i] = v[j];
        v[j] = t;
    }
    return 1;
}

static ap_status objects_of(const ap_tfl_model *m, const int64_t *heads,
                            const ap_tflm_options *opt, set *first, size_t *n, ap_error *err)
{
    ap__arena_mode mode = {0, 0};
    memset(first, 0, sizeof *first);
    ap_status st = model_trace(m, heads, 0, opt, mode, first, NULL, err);
    *n = 0;
    while (st == AP_OK && *n < first->v[0].tr.n && is_object(&first->v[0].tr.v[*n]))
        (*n)++;
    return st;
}

ap_status ap_tflm_tenants_order(const ap_tfl_model *const *m, const int64_t *heads, size_t n,
                                const ap_tflm_options *opt, size_t *order, int64_t *best,
                                int64_t *given, ap_error *err)
{
    set s, first;
    size_t v[AP_TFLM_ORDER_MAX];
    ap_status st = check_n(n, AP_TFLM_ORDER_MAX, err);
    if (st != AP_OK)
        return st;
    search *x = ap__zalloc(1, sizeof *x);
    if (!x)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory searching the orders");
    if ((st = make_set(m, heads, n, opt, 0, 1, &s, NULL, err)) == AP_OK &&
        (st = objects_of(m[0], heads, opt, &first, &x->n_objects, err)) == AP_OK) {
        x->s = &s;
        x->objects = first.v[0].tr.v;
        for (size_t i = 0; i < n; i++) {
            x->heads[1 + i] = s.v[i].head;
            v[i] = order[i] = i;
        }
        *best = *given = order_arena(x, v, n);
        while (next_order(v, n)) {
            int64_t a = order_arena(x, v, n);
            if (a < *best) {
                *best = a;
                memcpy(order, v, n * sizeof *v);
            }
        }
        set_free(&first);
    }
    set_free(&s);
    free(x);
    return st;
}

int64_t ap_tflm_regions(const int64_t *min_arena, size_t n, size_t *last)
{
    int64_t sum = 0, gain = -1;
    size_t at = 0;
    for (size_t i = 0; i < n; i++) {
        if (min_arena[i] < 0)
            return -1;
        int64_t rounded = (min_arena[i] + 15) / 16 * 16;
        sum += rounded;
        if (rounded - min_arena[i] >= gain) { /* ties: the later, keeping the order given */
            gain = rounded - min_arena[i];
            at = i;
        }
    }
    if (last)
        *last = at;
    return n ? sum - gain : 0;
}
