/*
 * embed.c - a plan written into a .tflite file as TFLM's offline plan, chosen for the head TFLM
 * will reach with it (docs/embed.md).
 *
 * TFLM 90b983c2b (micro_allocation_info.cc) reads the metadata named OfflineMemoryAllocation
 * as int32 words [version, subgraphs, n, offsets...], requires n to equal the number of
 * tensors of all subgraphs, and reads the entries concatenated: InitializeAllocationInfo runs
 * one index across the subgraphs, so tensor t of subgraph s takes entry (the tensor count of
 * the subgraphs before s) + t, its own. Every planned tensor's offset is written there. One
 * exception: AllocateVariables (micro_allocator.cc) still reads entry i for variable tensor i
 * of every subgraph, so an entry that a variable of a later subgraph reads that way must stay
 * -1, or that variable gets no memory; its tensor is left to the runtime.
 *
 * Kernel scratch has no entry: TFLM's GreedyMemoryPlanner places it at runtime around the
 * fixed tensors, largest first, in the first gap. A plan that was tight with its scratch
 * placed one way may need more bytes once greedy re-places the scratch, so each candidate plan
 * (the chosen strategy, or "best" and every portfolio strategy) is judged by what TFLM will do
 * with its tensors fixed: the problem with those offsets fixed, planned by greedy without the
 * overlap allowances TFLM's planner does not know, proven by the checker against the problem as
 * read. The smallest such head wins; on a tie, the first.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/check.h"
#include "arenaplan/embed.h"
#include "arenaplan/tflite.h"
#include "arenaplan/tflm.h"
#include "core/problem.h"
#include "core/util.h"
#include "planners/planners.h"
#include "tflm/lifetime.h"

#define TFLM_ALIGN 16

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

/* The entry TFLM reads for the tensor of buffer b of p (a tensor buffer). */
static size_t entry_of(const ap_tfl_model *m, const ap_buffer *b)
{
    return m->subgraphs[b->subgraph].first_entry + (size_t)b->tensor;
}

/* The entries that must stay -1 (keep[k] = 1) and how many planned tensors they leave to the
 * runtime: AllocateVariables reads entry i for variable tensor i of every subgraph, so a
 * variable outside subgraph 0 that stays in the tail (p does not plan it) needs entry i to be
 * -1, whichever tensor owns that entry; else TFLM gives the variable no memory. */
static ap_status variable_entries(const ap_tfl_model *m, const ap_problem *p, size_t nt,
                                  unsigned char *keep, size_t *held, ap_error *err)
{
    unsigned char *planned = ap__zalloc(nt + 1, 1);
    if (!planned)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory embedding the plan");
    memset(keep, 0, nt + 1);
    for (size_t i = 0; i < p->n; i++)
        if (p->buf[i].tensor != AP_NO_INDEX)
            planned[entry_of(m, &p->buf[i])] = 1;
    for (uint32_t s = 1; s < m->n_subgraphs; s++) {
        const ap_tfl_subgraph *g = &m->subgraphs[s];
        for (uint32_t i = 0; i < g->n_tensors; i++)
            if (g->tensors[i].is_variable && !planned[g->first_entry + i])
                keep[i] = 1;
    }
    *held = 0;
    for (size_t k = 0; k < nt; k++)
        *held += keep[k] && planned[k];
    free(planned);
    return AP_OK;
}

/* The entries w[0..nt) for plan x: each planned tensor's offset at its own entry, -1 for
 * the tensors TFLM does not plan and for the entries keep holds free. */
static ap_status make_entries(const ap_tfl_model *m, const ap_problem *p, const int64_t *x,
                              const unsigned char *keep, size_t nt, int32_t *w, ap_error *err)
{
    for (size_t k = 0; k < nt; k++)
        w[k] = -1;
    for (size_t i = 0; i < p->n; i++) {
        if (p->buf[i].tensor == AP_NO_INDEX)
            continue;
        size_t k = entry_of(m, &p->buf[i]);
        if (keep[k])
            continue;
        if (x[i] > INT32_MAX)
            return ap_error_set(err, AP_ERR_OVERFLOW, "buffer %s: offset %lld does not fit the "
                                "offline plan's 32-bit entries", p->buf[i].id, (long long)x[i]);
        w[k] = (int32_t)x[i];
    }
    return AP_OK;
}

/* The problem TFLM builds from the model once entries w are embedded: p's buffers, tensor
 * buffers fixed where their entry is not -1 (with the alignment the reader gives an offset
 * that is not a multiple of 16), validated. */
static ap_status problem_with_entries(const ap_tfl_model *m, const ap_problem *p,
                                      const int32_t *w, ap_problem **out, ap_error *err)
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
        int32_t o = w[entry_of(m, b)];
        b->fixed = o >= 0 ? o : AP_UNFIXED;
        b->preplanned = o >= 0; /* an offline plan, as TFLM reads it */
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
} best_so_far;

/* What every candidate is judged against, and how many were. */
typedef struct cands {
    const ap_tfl_model *m;
    const ap_problem *p;
    const unsigned char *keep; /* entries held -1 (variable_entries) */
    size_t nt;                 /* entries: the tensors of all subgraphs */
    int32_t *w;                /* scratch entries */
    best_so_far *b;
    size_t n;
} cands;

/* Judges plan x: its entries, TFLM's plan around them, the checker. Keeps it in c->b when its
 * head is smaller than the best so far. */
static ap_status judge(const cands *c, const ap_plan *x, ap_error *err)
{
    const ap_problem *p = c->p;
    best_so_far *b = c->b;
    ap_problem *q = NULL;
    ap_plan t;
    ap_check_result res;
    ap_status st;
    ap_plan_init(&t);
    if ((st = make_entries(c->m, p, x->offset, c->keep, c->nt, c->w, err)) != AP_OK ||
        (st = problem_with_entries(c->m, p, c->w, &q, err)) != AP_OK)
        goto done;
    if ((st = ap_tflite_tflm_plan(q, &t, err)) != AP_OK) {
        /* Fixed entries the checker rejects: not a candidate. */
        st = st == AP_ERR_INVALID ? AP_OK : st;
        goto done;
    }
    if (ap_check(p, t.offset, &res) != AP_OK) /* judged by the rules of the input */
        goto done;
    /* The smallest head; on a tie, the first. */
    if (!b->found || t.arena < b->head) {
        b->found = 1;
        b->head = t.arena;
        memcpy(b->w, c->w, c->nt * sizeof *c->w);
        if ((st = ap_plan_copy(&b->plan, x, err)) != AP_OK ||
            (st = ap_plan_copy(&b->tflm, &t, err)) != AP_OK)
            goto done;
    }
done:
    ap_plan_free(&t);
    ap_problem_free(q);
    return st;
}

/* Judges a plan the checker accepted (an ap__portfolio_fn; enough may be NULL). */
static ap_status take_candidate(ap_plan *x, void *ctx, int *enough, ap_error *err)
{
    cands *c = ctx;
    (void)enough;
    c->n++;
    return judge(c, x, err);
}

/* ---- The kernels entry ---------------------------------------------------------------------- */

/* Whether the plan may rely on kernel behaviour: in-place or overlap rules were asked for, or
 * the problem carries overlap allowances (pre-planned sharing of fixed buffers is none). */
static int relies_on_kernels(const ap_tflite_build_options *lo, const ap_problem *p)
{
    return ap_tflite_rules_asked(lo) || ap__problem_has_rule_overlaps(p);
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
        size_t nt = 0;
        for (uint32_t s = 0; s < m->n_subgraphs; s++)
            nt += m->subgraphs[s].n_tensors;
        l2.ignore_offline = 0;
        if (m->offline.n != nt || ap_tflite_load_problem(data, len, NULL, &l2, &q, NULL) != AP_OK)
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
static ap_status write_words(const ap_tfl_model *m, size_t nt, const int32_t *entries,
                             ap_tflite_embed_result *res,
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
        res->words[3 + k] = entries[k];
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
static void fill_result(const ap_tfl_model *m, ap_problem *p, best_so_far *b, size_t nt,
                        size_t n_cand, ap_tflite_embed_result *res)
{
    for (size_t i = 0; i < p->n; i++)
        if (p->buf[i].tensor != AP_NO_INDEX) {
            res->tensors++;
            res->fixed += b->w[entry_of(m, &p->buf[i])] >= 0;
        }
    for (size_t k = 0; k < nt; k++)
        res->entries += res->words[3 + k] >= 0;
    res->problem = p;
    res->plan = b->plan;
    res->tflm = b->tflm;
    ap_plan_init(&b->plan);
    ap_plan_init(&b->tflm);
    res->head = b->head;
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
    best_so_far b = {0};
    int32_t *w = NULL;
    ap_tfl_metadata_edit *edits = NULL;
    unsigned char *bytes = NULL, *keep = NULL;
    char kernels[256];
    size_t nt = 0, ne = 0;
    cands c = {NULL, NULL, NULL, 0, NULL, &b, 0};
    ap_status st;
    ap_plan_init(&b.plan);
    ap_plan_init(&b.tflm);

    /* The problem as every command reads the model (kernels, rules, offline plan), and the
     * graph for the tensor counts. */
    if ((st = check_options(opt, err)) != AP_OK ||
        (st = ap_tflite_read(data, len, &m, err)) != AP_OK ||
        (st = ap__lifetime_problem(m, path, lo, &p, err)) != AP_OK)
        goto done;
    for (uint32_t s = 0; s < m->n_subgraphs; s++)
        nt += m->subgraphs[s].n_tensors;
    if (nt > (size_t)INT32_MAX - 3) {
        st = ap_error_set(err, AP_ERR_OVERFLOW, "the model has %zu tensors, more than the offline "
                          "plan's 32-bit count can hold", nt);
        goto done;
    }
    /* an offline plan TFLM refuses is replaced only when asked (the problem, read with
       allow_refusal, was built without it) */
    if (m->offline.present && !lo->ignore_offline && m->offline.n != nt) {
        st = ap_error_set(err, AP_ERR_INPUT, "the offline plan (metadata \"%s\", buffer %u) has "
                          "%u entries but the model has %zu tensors; TFLM refuses such a plan "
                          "(--ignore-offline replaces it)", AP_TFL_OFFLINE_PLAN_NAME,
                          m->offline.buffer, m->offline.n, nt);
        goto done;
    }
    res->had_plan = m->offline.present;
    if ((st = head_before(data, len, m, lo, p, &res->head_before, err)) != AP_OK)
        goto done;
    w = ap__alloc(nt + 1, sizeof *w);
    b.w = ap__alloc(nt + 1, sizeof *b.w);
    keep = ap__alloc(nt + 1, 1);
    edits = ap__alloc(opt->n_extra + 2, sizeof *edits);
    if (!w || !b.w || !keep || !edits) {
        st = ap_error_set(err, AP_ERR_NOMEM, "out of memory embedding the plan");
        goto done;
    }
    c = (cands){m, p, keep, nt, w, &b, 0};
    if ((st = variable_entries(m, p, nt, keep, &res->held_for_variables, err)) != AP_OK ||
        (st = choose(opt, &c, err)) != AP_OK ||
        (st = write_words(m, nt, b.w, res, &bytes, err)) != AP_OK ||
        (st = write_edits(opt, p, bytes, kernels, sizeof kernels, res, edits, &ne, err)) !=
            AP_OK ||
        (st = ap_tflite_set_metadata(data, len, edits, ne, &res->data, &res->len, &res->shift,
                                     err)) != AP_OK ||
        (st = read_back(res->data, res->len, opt, res->words, res->n_words, &b.tflm, err)) !=
            AP_OK)
        goto done;
    fill_result(m, p, &b, nt, c.n, res);
    p = NULL; /* res owns it */
done:
    ap_plan_free(&b.plan);
    ap_plan_free(&b.tflm);
    free(b.w);
    free(w);
    free(edits);
    free(bytes);
    free(keep);
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
