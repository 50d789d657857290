/*
 * run_json.c - the JSON of the commands' results (run_json.h): a plan's is the report's
 * (ap_write_json_with); check's, embed's and reorder's say in figures what the CLI prints in
 * sentences (docs/json.md). A figure that does not apply or is unknown is null.
 */
#include <stdio.h>
#include <stdlib.h>

#include "arenaplan/bounds.h"
#include "arenaplan/report.h"
#include "report/json.h"
#include "run/run_text.h"
#include "run/run_json.h"

/* "key":N, or "key":null when n < 0. */
static void num(FILE *f, const char *key, int64_t n)
{
    if (n < 0)
        fprintf(f, ",\"%s\":null", key);
    else
        fprintf(f, ",\"%s\":%lld", key, (long long)n);
}

static void str(FILE *f, const char *key, const char *s)
{
    fprintf(f, ",\"%s\":", key);
    if (s)
        ap_json_string(f, s);
    else
        fputs("null", f);
}

static ap_status finish(ap__run_text *t, char **json, size_t *n, ap_error *err)
{
    ap_status st = ap__run_text_close(t, err);
    *json = st == AP_OK ? t->buf : NULL;
    *n = st == AP_OK ? t->len : 0;
    return st;
}

ap_status ap__run_json_plan(const ap_problem *p, const ap_plan *plan, const ap_tflm_whole *arena,
                            const char *why, const unsigned char *data, size_t len, char **json,
                            size_t *n, ap_error *err)
{
    ap_report_options ro;
    ap__run_text t;
    ap_status st;
    (void)data;
    (void)len;
    *json = NULL;
    *n = 0;
    ap_report_options_init(&ro);
    ro.arena = arena;
    /* a model's arena is not computed only with kernel set none (run.c's arena_applies) */
    ro.arena_unknown = arena ? NULL : why ? why : "--kernels none: no kernel set, so no TFLM arena";
    if (ap__run_text_open(&t) != 0)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory");
    st = ap_write_json_with(t.f, p, plan, &ro, err);
    if (st != AP_OK) {
        ap__run_text_close(&t, NULL);
        free(t.buf);
        return st;
    }
    return finish(&t, json, n, err);
}

ap_status ap__run_json_check_write(const ap__run_json_check *v, char **json, size_t *n,
                                   ap_error *err)
{
    ap__run_text t;
    if (ap__run_text_open(&t) != 0)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory");
    fprintf(t.f, "{\"schema\":\"" AP_JSON_SCHEMA "\",\"command\":\"check\",\"valid\":%s", v->valid ? "true" : "false");
    str(t.f, "message", v->valid ? NULL : v->message);
    fprintf(t.f, ",\"buffers\":%zu", v->buffers);
    num(t.f, "head_bytes", v->valid ? v->head : -1);
    num(t.f, "lower_bound", v->valid ? v->lower_bound : -1);
    if (v->valid)
        fprintf(t.f, ",\"efficiency\":%.4f",
                v->head ? (double)v->lower_bound / (double)v->head : 1.0);
    else
        fputs(",\"efficiency\":null", t.f);
    fprintf(t.f, ",\"model\":%s", v->model ? "true" : "false");
    if (v->entries) {
        fprintf(t.f, ",\"offline_plan\":{\"entries\":%u,\"tensors\":%zu,\"fixed\":%zu,"
                     "\"scratch\":%zu,\"shared_pairs\":%zu", v->entries, v->tensors, v->fixed,
                v->scratch, v->shared);
        num(t.f, "tflm_head_bytes", v->tflm_head);
        fputc('}', t.f);
    }
    fputs("}\n", t.f);
    return finish(&t, json, n, err);
}

ap_status ap__run_json_embed(const ap_tflite_embed_result *r, size_t in_len,
                             const ap_tflm_whole *arena, const char *why, const char *format,
                             char **json, size_t *n, ap_error *err)
{
    const ap_problem *p = r->problem;
    size_t scratch = 0;
    int64_t scratch_bytes = 0;
    ap_bounds bd;
    ap__run_text t;
    for (size_t i = 0; i < p->n; i++)
        if (p->buf[i].tensor == AP_NO_INDEX) {
            scratch++;
            scratch_bytes += p->buf[i].size;
        }
    if (ap_bounds_compute(p, &bd, err) != AP_OK)
        return err ? err->code : AP_ERR_NOMEM;
    if (ap__run_text_open(&t) != 0)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory");
    fputs("{\"schema\":\"" AP_JSON_SCHEMA "\",\"command\":\"embed\",\"format\":", t.f);
    ap_json_string(t.f, format);
    fprintf(t.f, ",\"input_bytes\":%zu,\"output_bytes\":%zu,\"shift\":%zu", in_len, r->len, r->shift);
    str(t.f, "strategy", r->plan.strategy);
    fprintf(t.f, ",\"candidates\":%zu", r->candidates);
    ap__json_arena(t.f, arena ? arena->plan.min_arena : -1,
                   arena ? NULL : why ? why : "--kernels none: no kernel set, so no TFLM arena");
    fprintf(t.f, ",\"head_bytes\":%lld", (long long)r->head);
    num(t.f, "tail_bytes", arena ? arena->plan.tail : -1);
    fprintf(t.f, ",\"plan_head_bytes\":%lld,\"lower_bound\":%lld", (long long)r->plan.arena,
            (long long)bd.lower);
    num(t.f, "head_before", r->head_before);
    fprintf(t.f, ",\"gain\":%s,\"had_plan\":%s",
            r->head_before >= 0 && r->head >= r->head_before ? "false" : "true",
            r->had_plan ? "true" : "false");
    if (arena) /* the copy's (plan) and the input's (stock) */
        ap__json_tflm(t.f, arena, 0);
    fprintf(t.f, ",\"offline_plan\":{\"entries\":%zu,\"tensors\":%zu,\"fixed\":%zu,"
                 "\"held_for_variables\":%zu},\"scratch_buffers\":%zu,\"scratch_bytes\":%lld,"
                 "\"kernels_entry\":%s}\n",
            r->n_words - 3, r->tensors, r->fixed, r->held_for_variables, scratch,
            (long long)scratch_bytes, r->kernels_entry ? "true" : "false");
    return finish(&t, json, n, err);
}

static const char *const plan_words[] = {"none", "kept", "embedded", "recomputed", "dropped"};

ap_status ap__run_json_reorder(const ap_tflite_reorder_output *o, size_t in_len, char **json,
                               size_t *n, ap_error *err)
{
    const ap_tflite_reorder_result *r = &o->found;
    uint32_t total = 0;
    ap__run_text t;
    for (uint32_t s = 0; s < r->n_subgraphs; s++)
        total += r->n_ops[s];
    if (ap__run_text_open(&t) != 0)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory");
    fprintf(t.f, "{\"schema\":\"" AP_JSON_SCHEMA "\",\"command\":\"reorder\",\"input_bytes\":%zu,\"output_bytes\":%zu,"
                 "\"operators\":%u,\"moved\":%u,\"reordered_subgraphs\":%u",
            in_len, o->len, total, r->moved, r->reordered);
    str(t.f, "found_by", r->found_by);
    fprintf(t.f, ",\"pieces\":%u,\"search_nodes\":%llu,\"peak_before\":%lld,\"peak\":%lld,"
                 "\"bound\":%lld,\"proven\":%s,\"exhausted\":%s,\"best_head_bytes\":%lld",
            r->pieces, (unsigned long long)r->work, (long long)r->peak_stored, (long long)r->peak,
            (long long)r->bound, r->proven ? "true" : "false", r->exhausted ? "true" : "false",
            (long long)o->best_after);
    num(t.f, "head_before", o->head_before);
    fprintf(t.f, ",\"greedy_head_after\":%lld", (long long)o->greedy_after);
    str(t.f, "offline_plan", plan_words[o->plan]);
    if (o->plan == AP_REORDER_PLAN_DROPPED)
        str(t.f, "offline_plan_note", o->plan_note);
    fprintf(t.f, ",\"head_bytes\":%lld", (long long)o->head_after);
    str(t.f, "target", o->target);
    num(t.f, "arena_before", o->target ? o->arena_before : -1);
    ap__json_arena(t.f, o->target ? o->arena_after : -1,
                   !o->target ? "--kernels none: no kernel set, so no TFLM arena"
                   : o->arena_after < 0 ? "TFLM's whole arena could not be computed (an operator "
                                          "its kernel tables do not know)" : NULL);
    num(t.f, "tail_before", o->target ? o->tail_before : -1);
    num(t.f, "tail_bytes", o->target ? o->tail_after : -1);
    fputs("}\n", t.f);
    return finish(&t, json, n, err);
}
