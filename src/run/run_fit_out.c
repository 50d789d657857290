/*
 * run_fit_out.c - the diagnosis `fit` gives of the model as it is (stock TFLM's plan: the peak
 * step, the buffers live there and why each is, the padding, the tail's biggest categories) and
 * the JSON of a fit (run_fit_out.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/report.h"
#include "arenaplan/tflm.h"
#include "run/run_fit_out.h"

static const char *const role_names[] = {"output", "input", "scratch", "skip", "branch", "other"};

const char *ap_fit_role_name(int role)
{
    return role >= 0 && role <= AP_FIT_ROLE_OTHER ? role_names[role] : NULL;
}

/* ---- Roles -------------------------------------------------------------------------------- */

/* Whether operator op reads (outputs 0) or writes (outputs 1) tensor t. */
static int op_touches(const ap_tfl_operator *op, int32_t t, int outputs)
{
    const int32_t *v = outputs ? op->outputs : op->inputs;
    uint32_t n = outputs ? op->n_outputs : op->n_inputs;
    for (uint32_t i = 0; i < n; i++)
        if (v[i] == t)
            return 1;
    return 0;
}

/* The role of tensor t of subgraph sg at its operator peak: written there; read there, written
 * by the operator before; kept alive across another operator (written before the one before
 * the peak, or not read at the peak): a skip when an operator before the peak read it too, a
 * branch when none did. */
static ap_fit_role tensor_role(const ap_tfl_subgraph *sg, uint32_t peak, int32_t t)
{
    int before = 0, after = 0, reads = op_touches(&sg->ops[peak], t, 0);
    int64_t writer = -1;
    if (op_touches(&sg->ops[peak], t, 1))
        return AP_FIT_ROLE_OUTPUT;
    for (uint32_t k = 0; k < sg->n_ops; k++) {
        if (k < peak && op_touches(&sg->ops[k], t, 1))
            writer = k;
        if (k < peak)
            before |= op_touches(&sg->ops[k], t, 0);
        else if (k > peak)
            after |= op_touches(&sg->ops[k], t, 0);
    }
    if (reads && writer + 1 >= (int64_t)peak)
        return AP_FIT_ROLE_INPUT;
    if (!reads && !after)
        return AP_FIT_ROLE_OTHER;
    return before ? AP_FIT_ROLE_SKIP : AP_FIT_ROLE_BRANCH;
}

/* The operator of a step label ("op 7 ADD", "op 2:3 ADD"): 0 with *g and *op, -1 otherwise. */
static int label_op(const char *label, uint32_t *g, uint32_t *op)
{
    unsigned a = 0, b = 0;
    int k = sscanf(label, "op %u:%u", &a, &b);
    if (k == 2) {
        *g = a;
        *op = b;
        return 0;
    }
    if (k == 1) {
        *g = 0;
        *op = a;
        return 0;
    }
    return -1;
}

static void set_roles(ap_fit_diagnosis *d, const ap_problem *p, const uint32_t *idx,
                      const ap_tfl_model *m)
{
    uint32_t g = 0, op = 0;
    int have = m && label_op(d->peak_label, &g, &op) == 0 && g < m->n_subgraphs &&
               op < m->subgraphs[g].n_ops;
    d->kept_alive = 0;
    for (size_t i = 0; i < d->n_live; i++) {
        const ap_buffer *b = &p->buf[idx[i]];
        ap_fit_live *l = &d->live[i];
        l->id = b->id;
        l->name = b->name;
        l->producer = b->producer;
        l->consumers = b->consumers;
        l->size = b->size;
        l->lower = b->lower;
        l->upper = b->upper;
        l->role = b->tensor == AP_NO_INDEX ? AP_FIT_ROLE_SCRATCH
                  : have && (uint32_t)b->subgraph == g
                      ? tensor_role(&m->subgraphs[g], op, b->tensor)
                      : AP_FIT_ROLE_OTHER;
        if (l->role == AP_FIT_ROLE_SKIP || l->role == AP_FIT_ROLE_BRANCH)
            d->kept_alive += l->size;
    }
}

/* ---- The diagnosis ------------------------------------------------------------------------ */

/* The peak of stock TFLM's plan: its step, label and buffers. */
static ap_status peak_of(ap_fit_diagnosis *d, const ap_problem *p, const ap_plan *plan,
                         const ap_tfl_model *m, ap_error *err)
{
    ap_summary s;
    ap_status st = ap_summary_compute(p, plan, &s, err);
    if (st != AP_OK)
        return st;
    d->peak_bytes = s.peak_bytes;
    d->padding = s.padding_bytes;
    d->head = plan->arena;
    d->head_gap = plan->arena - s.peak_bytes;
    d->peak_step = s.n_peaks ? s.peaks[0].first : -1;
    d->peak_label[0] = 0;
    if (s.n_peaks) {
        size_t cnt = 0, k = ap_problem_labels_between(p, d->peak_step, d->peak_step, &cnt);
        if (cnt)
            snprintf(d->peak_label, sizeof d->peak_label, "%s", p->labels[k].text);
    }
    d->n_live = s.n_peak_buffers;
    if (!(d->live = calloc(d->n_live ? d->n_live : 1, sizeof *d->live))) {
        ap_summary_free(&s);
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory");
    }
    set_roles(d, p, s.peak_buffers, m);
    ap_summary_free(&s);
    return AP_OK;
}

/* The tail of the model as it is, its categories largest first. */
static void tail_of(ap_fit_diagnosis *d, ap__run_ctx *c, const unsigned char *data, size_t len)
{
    ap_tflm_arena a;
    if (ap__run_arena_model(c, data, len, c->name, &a, NULL, 0) != 1)
        return;
    d->known_arena = 1;
    d->tail = a.tail;
    for (int i = 0; i < AP_TFLM_CATEGORIES; i++) {
        d->tail_cat[i] = a.cat[i];
        d->tail_order[i] = i;
    }
    for (int i = 1; i < AP_TFLM_CATEGORIES; i++) /* insertion sort, largest first, stable */
        for (int j = i; j > 0 && d->tail_cat[d->tail_order[j]].bytes >
                                     d->tail_cat[d->tail_order[j - 1]].bytes; j--) {
            int t = d->tail_order[j];
            d->tail_order[j] = d->tail_order[j - 1];
            d->tail_order[j - 1] = t;
        }
}

ap_status ap__run_fit_out_diagnose(ap__run_ctx *c, const unsigned char *data, size_t len,
                                   ap_fit_result *res, ap_error *err)
{
    ap_problem *p = NULL;
    ap_tfl_model *m = NULL;
    ap_plan plan;
    ap_status st;
    ap_plan_init(&plan);
    if ((st = ap__run_load(c, data, len, &p, err)) != AP_OK)
        return st;
    if ((st = ap_tflite_tflm_plan(p, &plan, err)) == AP_OK) {
        if (ap_tflite_read(data, len, &m, NULL) != AP_OK)
            m = NULL;
        st = peak_of(&res->diag, p, &plan, m, err);
        ap_tflite_free(m);
    }
    ap_plan_free(&plan);
    if (st != AP_OK) {
        ap_problem_free(p);
        return st;
    }
    res->diag_problem = p;
    tail_of(&res->diag, c, data, len);
    return AP_OK;
}

/* ---- JSON --------------------------------------------------------------------------------- */

static void json_str(FILE *f, const char *key, const char *v)
{
    fprintf(f, "\"%s\":", key);
    if (v)
        ap_json_string(f, v);
    else
        fputs("null", f);
}

static void json_levers_of(FILE *f, unsigned mask)
{
    int first = 1;
    fputs("\"levers\":[", f);
    for (int l = 0; l < AP_FIT_LEVERS; l++)
        if (mask & (1u << l)) {
            fprintf(f, "%s\"%s\"", first ? "" : ",", ap_fit_lever(l)->name);
            first = 0;
        }
    fputc(']', f);
}

static void json_figure(FILE *f, const ap_fit_figure *g, int64_t budget)
{
    fputc('{', f);
    json_levers_of(f, g->mask);
    fprintf(f, ",\"known\":%s,", g->known ? "true" : "false");
    if (g->known)
        fprintf(f, "\"arena_bytes\":%lld,\"head_bytes\":%lld,\"tail_bytes\":%lld,"
                "\"flash_bytes\":%lld,\"fits\":%s,\"over_budget_bytes\":%lld,",
                (long long)g->arena, (long long)g->head, (long long)g->tail,
                (long long)g->flash, g->arena <= budget ? "true" : "false",
                (long long)(g->arena > budget ? g->arena - budget : 0));
    else {
        json_str(f, "why", g->why);
        fputc(',', f);
    }
    json_str(f, "kernels", g->kernels);
    fputc(',', f);
    json_str(f, "command", g->command);
    fputc('}', f);
}

static void json_levers(FILE *f, const ap_fit_result *r)
{
    fputs("\"levers\":[", f);
    for (int l = 0; l < AP_FIT_LEVERS; l++) {
        const ap_fit_lever_info *i = ap_fit_lever(l);
        fprintf(f, "%s{", l ? "," : "");
        json_str(f, "name", i->name);
        fputc(',', f);
        json_str(f, "title", i->title);
        fprintf(f, ",\"available\":%s", i->available ? "true" : "false");
        if (i->available) {
            fputc(',', f);
            json_str(f, "compute", i->compute);
            fputs(",\"figure\":", f);
            if (r->lever[l].mask)
                json_figure(f, &r->lever[l], r->budget);
            else
                fputs("null", f);
        }
        fputc('}', f);
    }
    fputc(']', f);
}

static void json_diag(FILE *f, const ap_fit_diagnosis *d)
{
    fprintf(f, "\"diagnosis\":{\"peak_bytes\":%lld,\"peak_step\":%lld,", (long long)d->peak_bytes,
            (long long)d->peak_step);
    json_str(f, "peak_operator", d->peak_label);
    fputs(",\"live\":[", f);
    for (size_t i = 0; i < d->n_live; i++) {
        const ap_fit_live *l = &d->live[i];
        fprintf(f, "%s{", i ? "," : "");
        json_str(f, "id", l->id);
        fputc(',', f);
        json_str(f, "name", l->name);
        fprintf(f, ",\"size\":%lld,\"lifetime\":[%lld,%lld],\"role\":\"%s\",", (long long)l->size,
                (long long)l->lower, (long long)l->upper, ap_fit_role_name(l->role));
        json_str(f, "producer", l->producer);
        fputc(',', f);
        json_str(f, "consumers", l->consumers);
        fputc('}', f);
    }
    fprintf(f, "],\"kept_alive_bytes\":%lld,\"stock_head_bytes\":%lld,\"padding_bytes\":%lld,"
            "\"head_above_peak_bytes\":%lld,\"tail\":", (long long)d->kept_alive,
            (long long)d->head, (long long)d->padding, (long long)d->head_gap);
    if (!d->known_arena) {
        fputs("null}", f);
        return;
    }
    fprintf(f, "{\"tail_bytes\":%lld,\"categories\":[", (long long)d->tail);
    for (int i = 0; i < AP_TFLM_CATEGORIES; i++) {
        const ap_tflm_use *u = &d->tail_cat[d->tail_order[i]];
        fprintf(f, "%s{\"name\":\"%s\",\"bytes\":%lld,\"count\":%lld}", i ? "," : "",
                ap_tflm_category_name(d->tail_order[i]), (long long)u->bytes, (long long)u->count);
    }
    fputs("]}}", f);
}

ap_status ap__run_fit_out_json(const ap_fit_result *r, char **json, size_t *n, ap_error *err)
{
    ap__run_text t;
    ap_status st;
    if (ap__run_text_open(&t) != 0)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory");
    fprintf(t.f, "{\"schema\":\"" AP_JSON_SCHEMA "\",\"command\":\"fit\",\"target\":\"%s\","
                 "\"kernels\":\"%s\",", r->target, r->kernels);
    json_str(t.f, "other_kernels", r->other_kernels);
    fprintf(t.f, ",\"budget\":%lld,\"fits\":%s,\"arena_bytes\":%lld,\"input_bytes\":%zu,"
            "\"stock\":", (long long)r->budget, r->fits ? "true" : "false",
            (long long)r->combos[r->chosen].arena, r->input_len);
    json_figure(t.f, &r->stock, r->budget);
    fputc(',', t.f);
    json_levers(t.f, r);
    fputs(",\"combinations\":[", t.f);
    for (size_t i = 0; i < r->n_combos; i++) {
        fputs(i ? "," : "", t.f);
        json_figure(t.f, &r->combos[i], r->budget);
    }
    fputs("],\"chosen\":", t.f);
    json_figure(t.f, &r->combos[r->chosen], r->budget);
    fputc(',', t.f);
    json_diag(t.f, &r->diag);
    fputs("}\n", t.f);
    if ((st = ap__run_text_close(&t, err)) != AP_OK)
        return st;
    *json = t.buf;
    *n = t.len;
    return AP_OK;
}
