/*
 * permute.c - a copy of a .tflite model that runs its operators in another order, every other
 * byte kept (ap_tflite_permute_operators, ap_tflite_reorder in reorder.h; docs/reorder.md).
 *
 * A subgraph's operators are a FlatBuffer vector of uoffsets, each relative to its own slot,
 * pointing forward at an Operator table. Permuting the operators means aiming slot k at the
 * table slot order[k] aimed at: new value = target - position of slot k. Tables stay where
 * they are, so nothing else in the file changes - not the tables, not the buffers, not their
 * alignment, not the file's length. Offsets are unsigned, so this works when every table lies
 * after every slot of its vector (FlatBuffers builders write children before the vector that
 * names them, at higher addresses); the read-back comparison refuses anything else.
 *
 * ap_tflite_reorder is the pipeline behind `arenaplan reorder`: find the orders, permute,
 * re-plan (an offline plan belongs to the order it was made for), and report TFLM's head and
 * whole arena before and after.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/bounds.h"
#include "arenaplan/check.h"
#include "arenaplan/embed.h"
#include "arenaplan/reorder.h"
#include "arenaplan/tflite.h"
#include "arenaplan/tflm.h"
#include "arenaplan/tflm_arena.h"
#include "core/util.h"
#include "tflite/fb.h"
#include "tflm_kernels/kernel_sets.h"

static int identity(const uint32_t *ord, uint32_t n)
{
    for (uint32_t k = 0; ord && k < n; k++)
        if (ord[k] != k)
            return 0;
    return 1;
}

/* Where each subgraph's operators vector lies (count 0 when it has none). */
static ap_status op_vectors(const unsigned char *data, size_t len, uint32_t ns, ap__fb_vec *ov,
                            ap_error *err)
{
    ap__fb fb = {data, len};
    ap__fb_table model, sgt;
    ap__fb_vec sv;
    size_t root;
    ap_status st;
    if ((st = ap__fb_deref(&fb, 0, 4, "root offset", &root, err)) != AP_OK ||
        (st = ap__fb_table_at(&fb, root, "model", &model, err)) != AP_OK ||
        (st = ap__fb_get_vec(&fb, &model, AP_TFL_F_MODEL_SUBGRAPHS, 4, "model", NULL, &sv,
                             err)) != AP_OK)
        return st;
    if (sv.count != ns)
        return ap_error_set(err, AP_ERR_INPUT, "the model has %u subgraphs, not %u", sv.count,
                            ns);
    for (uint32_t s = 0; s < ns; s++)
        if ((st = ap__fb_vec_table(&fb, &sv, s, "subgraph", &sgt, err)) != AP_OK ||
            (st = ap__fb_get_vec(&fb, &sgt, AP_TFL_F_SUBGRAPH_OPERATORS, 4, "subgraph", NULL,
                                 &ov[s], err)) != AP_OK)
            return st;
    return AP_OK;
}

static void put_u32(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)v;
    p[1] = (unsigned char)(v >> 8);
    p[2] = (unsigned char)(v >> 16);
    p[3] = (unsigned char)(v >> 24);
}

ap_status ap_tflite_permute_operators(const unsigned char *data, size_t len,
                                      uint32_t *const *order, unsigned char **out,
                                      size_t *out_len, ap_error *err)
{
    ap_tfl_model *a = NULL, *b = NULL;
    ap__fb_vec *ov = NULL;
    unsigned char *copy = NULL;
    ap__fb fb = {data, len};
    ap_error e = {AP_OK, ""};
    ap_status st;
    *out = NULL;
    *out_len = 0;
    if ((st = ap_tflite_read(data, len, &a, err)) != AP_OK)
        return st;
    uint32_t ns = a->n_subgraphs;
    if (!(ov = ap__zalloc((size_t)ns + 1, sizeof *ov)) || !(copy = ap__alloc(len + 1, 1))) {
        st = ap_error_set(err, AP_ERR_NOMEM, "out of memory permuting operators");
        goto done;
    }
    memcpy(copy, data, len);
    if ((st = op_vectors(data, len, ns, ov, err)) != AP_OK)
        goto done;
    for (uint32_t s = 0; s < ns; s++) {
        const uint32_t *ord = order ? order[s] : NULL;
        uint32_t n = a->subgraphs[s].n_ops;
        if (identity(ord, n))
            continue;
        for (uint32_t q = 0; q < ns; q++) {
            size_t lo = ov[s].at, hi = lo + 4 * (size_t)n;
            size_t qlo = ov[q].at, qhi = qlo + 4 * (size_t)ov[q].count;
            if (q != s && ov[q].count && qlo < hi && lo < qhi) {
                st = ap_error_set(err, AP_ERR_INPUT,
                                  "subgraphs %u and %u share the bytes of their operators "
                                  "vectors: permuting one would permute the other", s, q);
                goto done;
            }
        }
        for (uint32_t k = 0; k < n; k++) {
            uint32_t i = ord[k];
            if (i >= n) {
                st = ap_error_set(err, AP_ERR_INPUT, "subgraph %u: position %u of the order "
                                  "names operator %u, but it has %u", s, k, i, n);
                goto done;
            }
            size_t slot = ov[s].at + 4 * (size_t)k, from = ov[s].at + 4 * (size_t)i;
            size_t target = from + ap__fb_u32(&fb, from);
            if (target <= slot || target - slot > UINT32_MAX) {
                st = ap_error_set(err, AP_ERR_INPUT,
                                  "subgraph %u operator %u: its table (byte %zu) lies before "
                                  "slot %u of the operators vector (byte %zu), so the vector "
                                  "cannot be permuted in place", s, i, target, k, slot);
                goto done;
            }
            put_u32(copy + slot, (uint32_t)(target - slot));
        }
    }
    /* The proof: the copy holds the same graph, operators permuted, every byte of every table
     * and buffer as it was. */
    if ((st = ap_tflite_read(copy, len, &b, &e)) != AP_OK ||
        (st = ap_tflite_diff_reordered(a, b, order, NULL, 0, &e)) != AP_OK) {
        st = ap_error_set(err, AP_ERR_INPUT, "the operators cannot be permuted in place: %s",
                          e.msg);
        goto done;
    }
    *out = copy;
    *out_len = len;
    copy = NULL;
done:
    free(copy);
    free(ov);
    ap_tflite_free(a);
    ap_tflite_free(b);
    return st;
}

/* ---- The pipeline ----------------------------------------------------------------------- */

void ap_tflite_reorder_write_options_init(ap_tflite_reorder_write_options *opt)
{
    ap_tflite_reorder_options_init(&opt->find);
    opt->embed = 0;
    ap_plan_options_init(&opt->plan);
    opt->plan.strategy = NULL;
}

void ap_tflite_reorder_output_free(ap_tflite_reorder_output *out)
{
    if (!out)
        return;
    ap_tflite_reorder_result_free(&out->found);
    free(out->data);
    memset(out, 0, sizeof *out);
}

/* TFLM's head for the model in data (its offline plan honoured unless ignore), or -1 when
 * TFLM would refuse its offline plan; with best, also "best"'s arena. */
static ap_status heads(const unsigned char *data, size_t len, const char *path,
                       ap_tflm_kernels kernels, int ignore, int64_t *tflm, int64_t *best,
                       ap_error *err)
{
    ap_tflite_build_options lo;
    ap_problem *p = NULL;
    ap_plan pl;
    ap_status st;
    ap_tfl_model *m = NULL;
    size_t nt = 0;
    ap_tflite_build_options_init(&lo);
    lo.kernels = kernels;
    lo.ignore_offline = ignore;
    lo.allow_refusal = 1; /* a model TFLM's allocator refuses: the head of its lifetimes */
    *tflm = -1;
    if ((st = ap_tflite_read(data, len, &m, err)) != AP_OK)
        return st;
    for (uint32_t s = 0; s < m->n_subgraphs; s++)
        nt += m->subgraphs[s].n_tensors;
    int bad_plan = !ignore && m->offline.present && m->offline.n != nt;
    ap_tflite_free(m);
    if (bad_plan)
        return AP_OK; /* TFLM refuses the offline plan (allow_refusal would plan without it) */
    ap_plan_init(&pl);
    if ((st = ap_tflite_load_problem(data, len, path, &lo, &p, err)) != AP_OK)
        return st == AP_ERR_INPUT && !ignore ? AP_OK : st;
    if ((st = ap_tflite_tflm_plan(p, &pl, err)) == AP_OK)
        *tflm = pl.arena;
    ap_plan_free(&pl);
    if (st == AP_OK && best) {
        ap_plan_options po;
        ap_check_result cr;
        ap_plan_options_init(&po);
        ap_plan_init(&pl);
        if ((st = ap_plan_problem(p, &po, &pl, err)) == AP_OK) {
            if (ap_check(p, pl.offset, &cr) != AP_OK)
                st = ap_error_set(err, AP_ERR_INVALID, "internal error: best's plan of the "
                                  "reordered model fails the checker: %s", cr.message);
            *best = pl.arena;
        }
        ap_plan_free(&pl);
    }
    ap_problem_free(p);
    return st;
}

/* TFLM's whole arena (the smallest kTensorArenaSize, as every output gives it) and its tail for
 * the model in data on target, or -1 for both when the arena's tables cannot model it. */
static ap_status whole_arena(const unsigned char *data, size_t len, const char *target,
                             const char *kernels, int64_t *arena, int64_t *tail, ap_error *err)
{
    ap_tfl_model *m = NULL;
    ap_tflm_options to;
    ap_tflm_arena a;
    ap_status st;
    *arena = *tail = -1;
    if (!target || (st = ap_tflite_read(data, len, &m, err)) != AP_OK)
        return AP_OK; /* the caller read this model already */
    ap_tflm_options_init(&to);
    to.target = target;
    to.kernels = kernels;
    st = ap_tflm_arena_compute(m, &to, &a, err);
    if (st == AP_OK) {
        *arena = a.min_arena;
        *tail = a.tail;
    }
    ap_tflite_free(m);
    return st == AP_ERR_NOMEM ? st : AP_OK;
}

/* Plans the reordered model and embeds the plan (from scratch: the old plan's offsets belong
 * to the old lifetimes). */
static ap_status embed_new(const unsigned char *data, size_t len, const char *path,
                           const ap_tflite_reorder_write_options *opt, unsigned char **out,
                           size_t *out_len, ap_error *err)
{
    ap_tflite_embed_options eo;
    ap_tflite_embed_result er;
    ap_tflite_embed_options_init(&eo);
    eo.build.kernels = opt->find.kernels;
    eo.build.ignore_offline = 1;
    eo.build.allow_refusal = 1; /* as heads */
    eo.plan = opt->plan;
    ap_status st = ap_tflite_embed(data, len, path, &eo, &er, err);
    if (st != AP_OK)
        return st;
    *out = er.data;
    *out_len = er.len;
    er.data = NULL;
    ap_tflite_embed_result_free(&er);
    return AP_OK;
}

/* The copy's bytes: the input permuted, its offline plan kept, recomputed, embedded or dropped
 * (out->plan says which). Messages of the calls given the path (embedding) start with it; the
 * others do not: *named says which one err holds. */
static ap_status write_copy(const unsigned char *data, size_t len, const char *path,
                            const ap_tflite_reorder_write_options *opt,
                            ap_tflite_reorder_output *out, int *named, ap_error *err)
{
    unsigned char *perm = NULL;
    size_t plen = 0;
    ap_status st = AP_OK;
    *named = 0;
    if (out->found.moved) {
        if ((st = ap_tflite_permute_operators(data, len, out->found.order, &perm, &plen, err)) !=
            AP_OK)
            return st;
    } else if (!(perm = ap__alloc(len + 1, 1))) {
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory");
    } else {
        memcpy(perm, data, len);
        plen = len;
    }
    if (!opt->embed && !(out->had_plan && out->found.moved)) {
        out->data = perm;
        out->len = plen;
        out->plan = out->had_plan ? AP_REORDER_PLAN_KEPT : AP_REORDER_PLAN_NONE;
        return AP_OK;
    }
    ap_error ee = {AP_OK, ""};
    st = embed_new(perm, plen, path, opt, &out->data, &out->len, &ee);
    if (st == AP_OK) {
        out->plan = opt->embed ? AP_REORDER_PLAN_EMBEDDED : AP_REORDER_PLAN_RECOMPUTED;
    } else if (opt->embed || st == AP_ERR_NOMEM) {
        *err = ee;
        *named = 1;
    } else {
        /* The old plan cannot stay: its offsets may clash under the new lifetimes. */
        ap_tfl_metadata_edit rm = {AP_TFL_OFFLINE_PLAN_NAME, NULL, 0, 1};
        snprintf(out->plan_note, sizeof out->plan_note, "%s", ee.msg);
        st = ap_tflite_set_metadata(perm, plen, &rm, 1, &out->data, &out->len, NULL, err);
        out->plan = AP_REORDER_PLAN_DROPPED;
    }
    free(perm);
    return st;
}

/* The copy's problem must peak where the search said: its stored order is the new one
 * (messages without the path). */
static ap_status check_copy(const ap_tflite_reorder_output *out, ap_tflm_kernels kernels,
                            ap_error *err)
{
    ap_tfl_model *b = NULL;
    ap_tflite_reorder_options ro;
    ap_tflite_reorder_result r;
    ap_status st;
    ap_tflite_reorder_options_init(&ro);
    ro.kernels = kernels;
    ro.order.strategy = AP_ORDER_STORED;
    if ((st = ap_tflite_read(out->data, out->len, &b, err)) == AP_OK &&
        (st = ap_tflite_reorder_find(b, &ro, &r, err)) == AP_OK) {
        if (r.peak_stored != out->found.peak)
            st = ap_error_set(err, AP_ERR_INVALID, "internal error: the model written peaks at "
                              "%lld bytes, not the %lld found", (long long)r.peak_stored,
                              (long long)out->found.peak);
        ap_tflite_reorder_result_free(&r);
    }
    ap_tflite_free(b);
    return st;
}

ap_status ap_tflite_reorder(const unsigned char *data, size_t len, const char *path,
                            const ap_tflite_reorder_write_options *opt,
                            ap_tflite_reorder_output *out, ap_error *err)
{
    ap_tflite_reorder_write_options dflt;
    ap_tfl_model *m = NULL;
    ap_error e = {AP_OK, ""};
    ap_status st;
    int named = 0;
    memset(out, 0, sizeof *out);
    if (!opt) {
        ap_tflite_reorder_write_options_init(&dflt);
        opt = &dflt;
    }
    if (!path)
        path = "model";
    ap_tflm_kernels k = opt->find.kernels;
    if ((st = ap_tflite_read(data, len, &m, &e)) != AP_OK ||
        (st = ap_tflite_reorder_find(m, &opt->find, &out->found, &e)) != AP_OK)
        goto fail;
    out->had_plan = m->offline.present;
    named = 1; /* ap_tflite_load_problem, inside heads, names the path */
    if ((st = heads(data, len, path, k, 0, &out->head_before, NULL, &e)) != AP_OK)
        goto fail;
    if ((st = write_copy(data, len, path, opt, out, &named, &e)) != AP_OK)
        goto fail;
    /* What the copy gives: TFLM as written, greedy and best on the new order. */
    named = 1;
    if ((st = heads(out->data, out->len, path, k, 0, &out->head_after, NULL, &e)) != AP_OK ||
        (st = heads(out->data, out->len, path, k, 1, &out->greedy_after, &out->best_after,
                    &e)) != AP_OK)
        goto fail;
    named = 0;
    if ((st = check_copy(out, k, &e)) != AP_OK)
        goto fail;
    /* the whole arena where tflm_arena.h models the kernel set, on the set's target */
    const ap__kernel_set *set = ap__kernel_sets_of(k);
    const char *ks = set ? set->arena_name : NULL;
    out->target = ks ? set->target->name : NULL;
    if ((st = whole_arena(data, len, out->target, ks, &out->arena_before, &out->tail_before,
                          &e)) != AP_OK ||
        (st = whole_arena(out->data, out->len, out->target, ks, &out->arena_after,
                          &out->tail_after, &e)) != AP_OK)
        goto fail;
    ap_tflite_free(m);
    return AP_OK;
fail:
    ap_tflite_free(m);
    ap_tflite_reorder_output_free(out);
    if (named)
        return ap_error_set(err, st, "%s", e.msg);
    return ap_error_set(err, st, "%s: %s", path, e.msg);
}
