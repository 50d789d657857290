/*
 * embed.c - a plan written into a .tflite file as TFLM's offline plan, chosen for the head TFLM
 * will reach with it (docs/embed.md).
 *
 * TFLM 90b983c2b (micro_allocation_info.cc) reads the metadata named OfflineMemoryAllocation
 * as int32 words [version, subgraphs, n, offsets...], requires n to equal the number of
 * tensors of all subgraphs, and gives tensor i of *every* subgraph entry i (not the entry of
 * its position in the concatenation, as its documentation says). So one entry serves the
 * tensors of the same index in all subgraphs, and a plan can only be written where those that
 * TFLM plans agree on the offset. Where they do not, this file looks for one offset that suits
 * all of them among the fixed buffers (the offsets the plan gave them, then the lowest that
 * fits), else writes -1 and lets the runtime place them.
 *
 * Kernel scratch has no entry: TFLM's GreedyMemoryPlanner places it at runtime around the
 * fixed tensors, largest first, in the first gap. A plan that was tight with its scratch
 * placed one way may need more bytes once greedy re-places the scratch, so each candidate plan
 * (the chosen strategy, or "best" and every portfolio strategy) is judged by what TFLM will do
 * with its tensors fixed: the problem with those offsets fixed, planned by greedy without the
 * overlap allowances TFLM's planner does not know, proven by the checker against the problem as
 * read. The smallest such head wins; on a tie, the plan leaving the fewest tensors to the
 * runtime, then the first.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/check.h"
#include "arenaplan/embed.h"
#include "arenaplan/tflite.h"
#include "arenaplan/tflm.h"
#include "core/util.h"
#include "planners/planners.h"
#include "tflm/lifetime.h"

#define TFLM_ALIGN 16
#define RESOLVE_BUDGET 20000000 /* buffer pairs compared when resolving index conflicts, at
                                   most (a count, so the result stays deterministic) */

void ap_tflite_embed_options_init(ap_tflite_embed_options *opt)
{
    memset(opt, 0, sizeof *opt);
    ap_tflite_build_options_init(&opt->build);
    ap_plan_options_init(&opt->plan);
    opt->plan.strategy = NULL;
}

void ap_tflite_embed_result_free(ap_tflite_embed_result *res)
{
    if (!res)
        return;
    free(res->data);
    free(res->words);
    ap_problem_free(res->problem);
    ap_plan_free(&res->plan);
    ap_plan_free(&res->tflm);
    memset(res, 0, sizeof *res);
}

/* ---- Entries from a plan -------------------------------------------------------------------- */

/* The planned tensors of each tensor index: owner[start[t] .. start[t + 1]) are the problem's
 * buffers of tensor t (one per subgraph that plans a tensor t). */
typedef struct owners {
    size_t *start;
    uint32_t *owner;
    uint32_t n_index;   /* the largest subgraph's tensor count */
} owners;

static void owners_free(owners *o)
{
    free(o->start);
    free(o->owner);
}

static ap_status owners_build(const ap_tfl_model *m, const ap_problem *p, owners *o,
                              ap_error *err)
{
    o->n_index = 0;
    for (uint32_t s = 0; s < m->n_subgraphs; s++)
        if (m->subgraphs[s].n_tensors > o->n_index)
            o->n_index = m->subgraphs[s].n_tensors;
    o->start = ap__zalloc((size_t)o->n_index + 2, sizeof *o->start);
    o->owner = ap__alloc(p->n + 1, sizeof *o->owner);
    if (!o->start || !o->owner)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory embedding the plan");
    for (size_t i = 0; i < p->n; i++)
        if (p->buf[i].tensor != AP_NO_INDEX)
            o->start[(size_t)p->buf[i].tensor + 2]++;
    for (size_t t = 0; t < o->n_index; t++)
        o->start[t + 2] += o->start[t + 1];
    for (size_t i = 0; i < p->n; i++)
        if (p->buf[i].tensor != AP_NO_INDEX)
            o->owner[o->start[(size_t)p->buf[i].tensor + 1]++] = (uint32_t)i;
    return AP_OK;
}

/* Whether buffers i at oi and j at oj share bytes while both live, with no allowance that
 * holds (the checker's rule). */
static int clash(const ap_problem *p, size_t i, int64_t oi, size_t j, int64_t oj)
{
    const ap_overlap *a;
    if (p->buf[i].size == 0 || p->buf[j].size == 0 || !ap_buffers_meet(p, i, j))
        return 0;
    if (oi + p->buf[i].size <= oj || oj + p->buf[j].size <= oi)
        return 0;
    if ((a = ap_problem_find_overlap(p, i, j)) && oj - oi <= a->max_delta)
        return 0;
    if ((a = ap_problem_find_overlap(p, j, i)) && oi - oj <= a->max_delta)
        return 0;
    return 1;
}

/* The search for one offset that suits every owner of an index. near[] holds the placed
 * buffers that meet an owner in time (no other can clash); budget counts the pairs compared. */
typedef struct resolver {
    const ap_problem *p;
    const owners *ow;
    const int64_t *off; /* offsets of the buffers placed so far, or AP_UNPLACED */
    uint32_t *near;
    size_t n_near;
    int64_t *cand;
    uint64_t budget;
} resolver;

/* Whether every owner of index t fits at offset o (0 also when the budget is spent). */
static int index_fits(resolver *r, size_t t, int64_t o)
{
    const ap_problem *p = r->p;
    for (size_t k = r->ow->start[t]; k < r->ow->start[t + 1]; k++) {
        size_t b = r->ow->owner[k];
        if (o % ap_buffer_align(p, b))
            return 0;
        if (r->budget < r->n_near + k) {
            r->budget = 0;
            return 0;
        }
        r->budget -= r->n_near + k;
        for (size_t q = 0; q < r->n_near; q++)
            if (clash(p, b, o, r->near[q], r->off[r->near[q]]))
                return 0;
        for (size_t k2 = r->ow->start[t]; k2 < k; k2++)
            if (clash(p, b, o, r->ow->owner[k2], o))
                return 0;
    }
    return 1;
}

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

typedef struct conflict_ctx {
    const ap_problem *p;
    const owners *ow;
} conflict_ctx;

static int64_t index_size(const ap_problem *p, const owners *ow, size_t t)
{
    int64_t s = 0;
    for (size_t k = ow->start[t]; k < ow->start[t + 1]; k++)
        s = ap__max64(s, p->buf[ow->owner[k]].size);
    return s;
}

/* Largest first, then by index. */
static int cmp_conflict(uint32_t a, uint32_t b, const void *ctx)
{
    const conflict_ctx *c = ctx;
    int64_t sa = index_size(c->p, c->ow, a), sb = index_size(c->p, c->ow, b);
    if (sa != sb)
        return sa > sb ? -1 : 1;
    return a < b ? -1 : a > b;
}

/* One offset for every owner of index t: the offsets plan x gave them (lowest first), then the
 * lowest offset, at 0 or just above a buffer they meet, that fits them all. -1 if none. */
static int64_t resolve_index(resolver *r, size_t t, const int64_t *x)
{
    const ap_problem *p = r->p;
    const owners *ow = r->ow;
    size_t nc = 0, n_owners = ow->start[t + 1] - ow->start[t];
    if (r->budget < p->n * n_owners) {
        r->budget = 0;
        return -1;
    }
    r->budget -= p->n * n_owners;
    r->n_near = 0;
    for (size_t j = 0; j < p->n; j++) {
        if (r->off[j] == AP_UNPLACED)
            continue;
        for (size_t k = ow->start[t]; k < ow->start[t + 1]; k++)
            if (ap_buffers_meet(p, ow->owner[k], j)) {
                r->near[r->n_near++] = (uint32_t)j;
                break;
            }
    }
    for (size_t k = ow->start[t]; k < ow->start[t + 1]; k++)
        r->cand[nc++] = x[ow->owner[k]];
    qsort(r->cand, nc, sizeof *r->cand, cmp_i64);
    for (size_t k = 0; k < nc; k++)
        if ((k == 0 || r->cand[k] != r->cand[k - 1]) && index_fits(r, t, r->cand[k]))
            return r->cand[k];
    nc = 0;
    r->cand[nc++] = 0;
    for (size_t q = 0; q < r->n_near; q++) {
        size_t j = r->near[q];
        r->cand[nc++] = ap__align_up(r->off[j] + p->buf[j].size, TFLM_ALIGN);
    }
    qsort(r->cand, nc, sizeof *r->cand, cmp_i64);
    for (size_t k = 0; k < nc; k++)
        if ((k == 0 || r->cand[k] != r->cand[k - 1]) && index_fits(r, t, r->cand[k]))
            return r->cand[k];
    return -1;
}

/* The entries for plan x: w[t] for every index t (-1 where TFLM is left to plan). With
 * resolve, indices whose owners disagree get one shared offset where one fits. */
static ap_status make_entries(const ap_problem *p, const owners *ow, const int64_t *x, int resolve,
                              int32_t *w, size_t *conflicts, size_t *runtime, ap_error *err)
{
    int64_t *off = ap__alloc(p->n + 1, sizeof *off);
    int64_t *cand = ap__alloc(p->n + 2, sizeof *cand);
    uint32_t *near = ap__alloc(p->n + 1, sizeof *near);
    uint32_t *list = ap__alloc((size_t)ow->n_index + 1, sizeof *list);
    size_t nl = 0;
    ap_status st = AP_OK;
    *conflicts = *runtime = 0;
    if (!off || !cand || !near || !list) {
        st = ap_error_set(err, AP_ERR_NOMEM, "out of memory embedding the plan");
        goto done;
    }
    for (size_t i = 0; i < p->n; i++)
        off[i] = AP_UNPLACED;
    for (size_t t = 0; t < ow->n_index; t++) {
        size_t k0 = ow->start[t], k1 = ow->start[t + 1], k;
        w[t] = -1;
        if (k0 == k1)
            continue;
        for (k = k0 + 1; k < k1 && x[ow->owner[k]] == x[ow->owner[k0]]; k++)
            ;
        if (k < k1) {
            list[nl++] = (uint32_t)t;
            continue;
        }
        if (x[ow->owner[k0]] > INT32_MAX) {
            st = ap_error_set(err, AP_ERR_OVERFLOW, "buffer %s: offset %lld does not fit the "
                              "offline plan's 32-bit entries", p->buf[ow->owner[k0]].id,
                              (long long)x[ow->owner[k0]]);
            goto done;
        }
        w[t] = (int32_t)x[ow->owner[k0]];
        for (k = k0; k < k1; k++)
            off[ow->owner[k]] = w[t];
    }
    *conflicts = nl;
    *runtime = nl;
    if (!resolve || nl == 0)
        goto done;
    conflict_ctx cc = {p, ow};
    if ((st = ap__sort_idx(list, nl, cmp_conflict, &cc, err)) != AP_OK)
        goto done;
    resolver rs = {p, ow, off, near, 0, cand, RESOLVE_BUDGET};
    for (size_t k = 0; k < nl; k++) {
        size_t t = list[k];
        int64_t o = resolve_index(&rs, t, x);
        if (o < 0 || o > INT32_MAX)
            continue;
        w[t] = (int32_t)o;
        for (size_t q = ow->start[t]; q < ow->start[t + 1]; q++)
            off[ow->owner[q]] = o;
        --*runtime;
    }
done:
    free(off);
    free(cand);
    free(near);
    free(list);
    return st;
}

/* The problem TFLM builds from the model once entries w are embedded: p's buffers, tensor
 * buffers fixed where their entry is not -1 (with the alignment the reader gives an offset
 * that is not a multiple of 16), validated. */
static ap_status problem_with_entries(const ap_problem *p, const int32_t *w, ap_problem **out,
                                      ap_error *err)
{
    ap_problem *q = ap_problem_clone(p);
    ap_status st;
    *out = NULL;
    if (!q)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory embedding the plan");
    for (size_t i = 0; i < q->n; i++) {
        ap_buffer *b = &q->buf[i];
        if (b->tensor == AP_NO_INDEX)
            continue;
        int32_t o = w[b->tensor];
        b->fixed = o >= 0 ? o : AP_UNFIXED;
        b->align = o > 0 && o % TFLM_ALIGN ? (int64_t)(o & -o) : 0;
    }
    if ((st = ap_problem_validate(q, err)) != AP_OK) {
        ap_problem_free(q);
        return st;
    }
    *out = q;
    return AP_OK;
}

/* ---- Candidates ----------------------------------------------------------------------------- */

typedef struct best_so_far {
    int found;
    int64_t head;
    ap_plan plan, tflm;
    int32_t *w;
    size_t conflicts, runtime;
} best_so_far;

/* Judges plan x: its entries (resolved or not), TFLM's plan around them, the checker. Keeps
 * it in *b when its head is smaller than the best so far. */
static ap_status judge(const ap_problem *p, const owners *ow, const ap_plan *x, int resolve,
                       int32_t *w, best_so_far *b, ap_error *err)
{
    size_t conflicts, runtime;
    ap_problem *q = NULL;
    ap_plan t;
    ap_check_result res;
    ap_status st;
    ap_plan_init(&t);
    if ((st = make_entries(p, ow, x->offset, resolve, w, &conflicts, &runtime, err)) != AP_OK ||
        (st = problem_with_entries(p, w, &q, err)) != AP_OK)
        goto done;
    if ((st = ap_tflite_tflm_plan(q, &t, err)) != AP_OK) {
        /* The fixed entries conflict (a resolution the checker rejects): not a candidate. */
        st = st == AP_ERR_INVALID ? AP_OK : st;
        goto done;
    }
    if (ap_check(p, t.offset, &res) != AP_OK) /* judged by the rules of the input */
        goto done;
    /* The smallest head; on a tie, the fewest tensors left to the runtime, then the first. */
    if (!b->found || t.arena < b->head || (t.arena == b->head && runtime < b->runtime)) {
        b->found = 1;
        b->head = t.arena;
        b->conflicts = conflicts;
        b->runtime = runtime;
        memcpy(b->w, w, (size_t)ow->n_index * sizeof *w);
        if ((st = ap_plan_copy(&b->plan, x, err)) != AP_OK ||
            (st = ap_plan_copy(&b->tflm, &t, err)) != AP_OK)
            goto done;
    }
done:
    ap_plan_free(&t);
    ap_problem_free(q);
    return st;
}

/* What every candidate is judged against, and how many were. */
typedef struct cands {
    const ap_problem *p;
    const owners *ow;
    int32_t *w;         /* scratch entries */
    best_so_far *b;
    size_t n;
} cands;

/* Judges a plan the checker accepted, with its index conflicts resolved and then without (an
 * ap__portfolio_fn; enough may be NULL). */
static ap_status take_candidate(ap_plan *x, void *ctx, int *enough, ap_error *err)
{
    cands *c = ctx;
    ap_status st = AP_OK;
    (void)enough;
    c->n++;
    for (int resolve = 1; resolve >= 0 && st == AP_OK; resolve--)
        st = judge(c->p, c->ow, x, resolve, c->w, c->b, err);
    return st;
}

/* ---- The kernels entry ---------------------------------------------------------------------- */

/* Whether the plan may rely on kernel behaviour: in-place or overlap rules were asked for, or
 * the problem carries allowances other than the pre-planned sharing of fixed buffers. */
static int relies_on_kernels(const ap_tflite_build_options *lo, const ap_problem *p)
{
    return ap_tflite_rules_asked(lo) || ap__has_rule_overlaps(p);
}

/* ---- Embedding ------------------------------------------------------------------------------ */

/* The head TFLM reaches with the input as it is: its own offline plan if it has one (-1 when
 * TFLM refuses that plan), else TFLM's greedy planner alone. p is the problem as embed read
 * it (with opt->build). */
static ap_status head_before(const unsigned char *data, size_t len, const ap_tfl_model *m,
                             const ap_tflite_build_options *lo, const ap_problem *p,
                             int64_t *head, ap_error *err)
{
    ap_problem *q = NULL;
    ap_plan t;
    ap_status st;
    *head = -1;
    if (m->offline.present && lo->ignore_offline) {
        ap_tflite_build_options l2 = *lo;
        l2.ignore_offline = 0;
        if (ap_tflite_load_problem(data, len, NULL, &l2, &q, NULL) != AP_OK)
            return AP_OK; /* TFLM would refuse the input's plan */
        p = q;
    }
    ap_plan_init(&t);
    st = ap_tflite_tflm_plan(p, &t, err);
    if (st == AP_OK)
        *head = t.arena;
    else if (st == AP_ERR_INVALID)
        st = AP_OK; /* an input plan whose offsets conflict: no head to report */
    ap_plan_free(&t);
    ap_problem_free(q);
    return st;
}

/* The copy, read as every command reads a model: its offline plan must be the words written,
 * and TFLM's plan of it the plan judged. */
static ap_status read_back(const unsigned char *data, size_t len,
                           const ap_tflite_embed_options *opt, const int32_t *words,
                           size_t n_words, const ap_plan *tflm, ap_error *err)
{
    ap_tfl_model *m = NULL;
    ap_problem *r = NULL;
    ap_plan t;
    ap_tflite_build_options lo = opt->build;
    ap_status st;
    ap_error e = {AP_OK, ""};
    ap_plan_init(&t);
    lo.ignore_offline = 0;
    if ((st = ap_tflite_read(data, len, &m, &e)) != AP_OK)
        goto fail;
    if (!m->offline.present || m->offline.n + 3 != n_words ||
        m->offline.version != words[0] || m->offline.subgraphs != words[1] ||
        memcmp(m->offline.offsets, words + 3, m->offline.n * sizeof *words) != 0) {
        st = ap_error_set(&e, AP_ERR_INVALID, "its offline plan is not the one written");
        goto fail;
    }
    if ((st = ap_tflite_load_problem(data, len, "copy", &lo, &r, &e)) != AP_OK ||
        (st = ap_tflite_tflm_plan(r, &t, &e)) != AP_OK)
        goto fail;
    if (t.n != tflm->n || memcmp(t.offset, tflm->offset, t.n * sizeof *t.offset) != 0) {
        st = ap_error_set(&e, AP_ERR_INVALID, "TFLM's plan of it differs from the one judged");
        goto fail;
    }
    ap_plan_free(&t);
    ap_problem_free(r);
    ap_tflite_free(m);
    return AP_OK;
fail:
    ap_plan_free(&t);
    ap_problem_free(r);
    ap_tflite_free(m);
    return ap_error_set(err, AP_ERR_INVALID, "internal error: the model written does not read "
                        "back as planned: %s", e.msg);
}

static ap_status check_options(const ap_tflite_embed_options *opt, ap_error *err)
{
    if (opt->build.align != 0 && opt->build.align != TFLM_ALIGN)
        return ap_error_set(err, AP_ERR_USAGE, "TFLM aligns every buffer to %d bytes; the "
                            "alignment cannot be %lld", TFLM_ALIGN, (long long)opt->build.align);
    if (opt->plan.strategy && !ap_strategy_find(opt->plan.strategy))
        return ap_error_set(err, AP_ERR_USAGE, "unknown strategy '%s' (see 'arenaplan "
                            "strategies')", opt->plan.strategy);
    return AP_OK;
}

/* The candidates, each judged into c->b: the strategy asked for, or best and every portfolio
 * strategy. */
static ap_status choose(const ap_tflite_embed_options *opt, cands *c, ap_error *err)
{
    ap_plan x;
    ap_plan_options po = opt->plan;
    ap_check_result cr;
    ap_status st;
    po.strategy = opt->plan.strategy ? opt->plan.strategy : "best";
    ap_plan_init(&x);
    if ((st = ap_plan_problem(c->p, &po, &x, err)) == AP_OK) {
        if (ap_check(c->p, x.offset, &cr) != AP_OK)
            st = ap_error_set(err, AP_ERR_INVALID, "internal error: the plan made by '%s' fails "
                              "the checker: %s", po.strategy, cr.message);
        else
            st = take_candidate(&x, c, NULL, err);
    }
    ap_plan_free(&x);
    if (st == AP_OK && !opt->plan.strategy)
        st = ap__portfolio_each(c->p, c->p, &opt->plan, take_candidate, c, err);
    if (st == AP_OK && !c->b->found)
        st = ap_error_set(err, AP_ERR_INVALID, "internal error: no plan passed the checker once "
                          "TFLM's runtime placement was added");
    return st;
}

/* The offline plan's words [version, subgraphs, n = nt, entries] into res->words, and as
 * little-endian bytes into *bytes (malloc'd). */
static ap_status write_words(const ap_tfl_model *m, size_t nt, const owners *ow,
                             const int32_t *entries, ap_tflite_embed_result *res,
                             unsigned char **bytes, ap_error *err)
{
    res->n_words = nt + 3;
    if (!(res->words = ap__alloc(res->n_words, sizeof *res->words)) ||
        !(*bytes = ap__alloc(res->n_words, 4)))
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory embedding the plan");
    res->words[0] = 0; /* the format version: TFLM ignores it; Vela writes 0 */
    res->words[1] = (int32_t)m->n_subgraphs;
    res->words[2] = (int32_t)nt;
    for (size_t k = 0; k < nt; k++)
        res->words[3 + k] = k < ow->n_index ? entries[k] : -1;
    for (size_t k = 0; k < res->n_words; k++) {
        uint32_t u = (uint32_t)res->words[k];
        (*bytes)[4 * k] = (unsigned char)u;
        (*bytes)[4 * k + 1] = (unsigned char)(u >> 8);
        (*bytes)[4 * k + 2] = (unsigned char)(u >> 16);
        (*bytes)[4 * k + 3] = (unsigned char)(u >> 24);
    }
    return AP_OK;
}

/* The metadata edits into edits[0..*ne) (room for opt->n_extra + 2): the offline plan, the
 * kernels entry (written or removed; text in kernels[0..n)), then the extra edits, of which
 * one may replace the kernels entry. */
static ap_status write_edits(const ap_tflite_embed_options *opt, const ap_problem *p,
                             const unsigned char *bytes, char *kernels, size_t n,
                             ap_tflite_embed_result *res, ap_tfl_metadata_edit *edits, size_t *ne,
                             ap_error *err)
{
    const ap_tflite_build_options *lo = &opt->build;
    *ne = 0;
    edits[(*ne)++] = (ap_tfl_metadata_edit){AP_TFL_OFFLINE_PLAN_NAME, bytes, 4 * res->n_words, 0};
    res->kernels_entry = relies_on_kernels(lo, p);
    /* the names are those of the table: the problem was built with these sets */
    snprintf(kernels, n, "kernels=%s\ninplace=%s\noverlap=%s\n",
             ap_tflm_set_name(AP_TFLM_SET_KERNELS, (int)lo->kernels),
             ap_tflm_set_name(AP_TFLM_SET_INPLACE, (int)lo->inplace),
             ap_tflm_set_name(AP_TFLM_SET_OVERLAP, (int)lo->overlap));
    edits[(*ne)++] = (ap_tfl_metadata_edit){AP_TFL_KERNELS_NAME, (const unsigned char *)kernels,
                                            strlen(kernels), !res->kernels_entry};
    for (size_t k = 0; k < opt->n_extra; k++) {
        size_t j;
        for (j = 0; j < *ne && strcmp(edits[j].name ? edits[j].name : "",
                                      opt->extra[k].name ? opt->extra[k].name : ""); j++)
            ;
        if (j == 0 || (j > 1 && j < *ne))
            return ap_error_set(err, AP_ERR_USAGE, j == 0 ? "the offline plan's metadata is "
                                "written by embed itself, not as an extra edit" : "extra metadata "
                                "edit %zu: its name is edited twice", k);
        if (j == 1)
            res->kernels_entry = !opt->extra[k].remove;
        edits[j < *ne ? j : (*ne)++] = opt->extra[k];
    }
    return AP_OK;
}

/* Moves the winner into res and counts what the plan fixes. */
static void fill_result(ap_problem *p, best_so_far *b, size_t nt, size_t n_cand,
                        ap_tflite_embed_result *res)
{
    for (size_t i = 0; i < p->n; i++)
        if (p->buf[i].tensor != AP_NO_INDEX) {
            res->tensors++;
            res->fixed += b->w[p->buf[i].tensor] >= 0;
        }
    for (size_t k = 0; k < nt; k++)
        res->entries += res->words[3 + k] >= 0;
    res->problem = p;
    res->plan = b->plan;
    res->tflm = b->tflm;
    ap_plan_init(&b->plan);
    ap_plan_init(&b->tflm);
    res->head = b->head;
    res->conflicts = b->conflicts;
    res->conflicts_runtime = b->runtime;
    res->candidates = n_cand;
}

/* Reads the model, judges the candidates, writes the winner's words into a copy and reads it
 * back. */
static ap_status embed(const unsigned char *data, size_t len, const char *path,
                       const ap_tflite_embed_options *opt, ap_tflite_embed_result *res,
                       ap_error *err)
{
    const ap_tflite_build_options *lo = &opt->build;
    ap_tfl_model *m = NULL;
    ap_problem *p = NULL;
    owners ow = {0};
    best_so_far b = {0};
    int32_t *w = NULL;
    ap_tfl_metadata_edit *edits = NULL;
    unsigned char *bytes = NULL;
    char kernels[256];
    size_t nt = 0, ne = 0;
    cands c = {NULL, &ow, NULL, &b, 0};
    ap_status st;
    ap_plan_init(&b.plan);
    ap_plan_init(&b.tflm);

    /* The problem as every command reads the model (kernels, rules, offline plan), and the
     * graph for the tensor counts. */
    if ((st = check_options(opt, err)) != AP_OK ||
        (st = ap_tflite_read(data, len, &m, err)) != AP_OK ||
        (st = ap__tflite_problem(m, path, lo, &p, err)) != AP_OK ||
        (st = owners_build(m, p, &ow, err)) != AP_OK)
        goto done;
    for (uint32_t s = 0; s < m->n_subgraphs; s++)
        nt += m->subgraphs[s].n_tensors;
    if (nt > (size_t)INT32_MAX - 3) {
        st = ap_error_set(err, AP_ERR_OVERFLOW, "the model has %zu tensors, more than the offline "
                          "plan's 32-bit count can hold", nt);
        goto done;
    }
    res->had_plan = m->offline.present;
    if ((st = head_before(data, len, m, lo, p, &res->head_before, err)) != AP_OK)
        goto done;
    w = ap__alloc((size_t)ow.n_index + 1, sizeof *w);
    b.w = ap__alloc((size_t)ow.n_index + 1, sizeof *b.w);
    edits = ap__alloc(opt->n_extra + 2, sizeof *edits);
    if (!w || !b.w || !edits) {
        st = ap_error_set(err, AP_ERR_NOMEM, "out of memory embedding the plan");
        goto done;
    }
    c.p = p;
    c.w = w;
    if ((st = choose(opt, &c, err)) != AP_OK ||
        (st = write_words(m, nt, &ow, b.w, res, &bytes, err)) != AP_OK ||
        (st = write_edits(opt, p, bytes, kernels, sizeof kernels, res, edits, &ne, err)) !=
            AP_OK ||
        (st = ap_tflite_set_metadata(data, len, edits, ne, &res->data, &res->len, &res->shift,
                                     err)) != AP_OK ||
        (st = read_back(res->data, res->len, opt, res->words, res->n_words, &b.tflm, err)) !=
            AP_OK)
        goto done;
    fill_result(p, &b, nt, c.n, res);
    p = NULL; /* res owns it */
done:
    ap_plan_free(&b.plan);
    ap_plan_free(&b.tflm);
    free(b.w);
    free(w);
    free(edits);
    free(bytes);
    owners_free(&ow);
    ap_problem_free(p);
    ap_tflite_free(m);
    return st;
}

ap_status ap_tflite_embed(const unsigned char *data, size_t len, const char *path,
                          const ap_tflite_embed_options *opt, ap_tflite_embed_result *res,
                          ap_error *err)
{
    ap_tflite_embed_options dflt;
    ap_error e = {AP_OK, ""};
    ap_status st;
    memset(res, 0, sizeof *res);
    ap_plan_init(&res->plan);
    ap_plan_init(&res->tflm);
    if (!opt) {
        ap_tflite_embed_options_init(&dflt);
        opt = &dflt;
    }
    if (!path)
        path = "model";
    if ((st = embed(data, len, path, opt, res, &e)) != AP_OK) {
        ap_tflite_embed_result_free(res);
        /* embed's own messages never name the file: given the path, this names it once */
        return ap_error_set(err, st, "%s: %s", path, e.msg);
    }
    return AP_OK;
}
