/*
 * run_model.c - the commands that write a model (run.h): embed (a copy carrying its plan, or
 * that copy as firmware source) and reorder (a copy whose operators run in a better order).
 */
#include <stdlib.h>
#include <string.h>

#include "arenaplan/embed.h"
#include "arenaplan/export.h"
#include "arenaplan/reorder.h"
#include "arenaplan/run.h"
#include "run/run.h"
#include "run/run_json.h"

/* format "c": the source into res->data, the header into res->data2. */
static ap_status write_source(const ap__run_ctx *c, const ap_tflite_embed_result *r,
                              const ap_tflm_arena *arena, ap_run_result *res, ap_error *err)
{
    const ap_run_options *o = c->opt;
    char symbol[101], header[160];
    ap_model_source_options mo;
    ap__run_text src, hdr;
    ap_status st;
    if (o->symbol)
        snprintf(symbol, sizeof symbol, "%s", o->symbol);
    else
        ap_c_identifier(c->name, symbol, sizeof symbol);
    if (o->header)
        snprintf(header, sizeof header, "%s", o->header);
    else
        snprintf(header, sizeof header, "%s_model.h", symbol);
    memset(&mo, 0, sizeof mo);
    mo.name = o->symbol ? o->symbol : symbol;
    mo.header = o->header ? o->header : header;
    mo.input = c->name;
    mo.strategy = r->plan.strategy;
    mo.arena = arena;
    if (ap__run_text_open(&src) != 0)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory");
    if (ap__run_text_open(&hdr) != 0) {
        ap__run_text_close(&src, NULL);
        free(src.buf);
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory");
    }
    st = ap_write_model_source(r->data, r->len, &mo, src.f, hdr.f, err);
    if (ap__run_text_close(&src, st == AP_OK ? err : NULL) != AP_OK && st == AP_OK)
        st = AP_ERR_NOMEM;
    if (ap__run_text_close(&hdr, st == AP_OK ? err : NULL) != AP_OK && st == AP_OK)
        st = AP_ERR_NOMEM;
    if (st != AP_OK) {
        free(src.buf);
        free(hdr.buf);
        return st;
    }
    res->data = (unsigned char *)src.buf;
    res->len = src.len;
    res->data2 = (unsigned char *)hdr.buf;
    res->len2 = hdr.len;
    return AP_OK;
}

/* The gates of embed: the whole arena with the copy (when unknown, the budget cannot be
 * checked), the head TFLM reaches with it. */
static ap_status embed_budgets(const ap__run_ctx *c, int known, const ap_tflite_embed_result *r,
                               const ap_tflm_whole *arena, ap_error *err)
{
    ap_status st;
    if (known < 0 && c->opt->budget >= 0)
        return ap__run_budget_unknown(c->opt->budget, err);
    if ((st = ap__run_budget(c->opt->budget, known > 0 ? "arena with the copy" : "head with the copy",
                             known > 0 ? arena->plan.min_arena : r->head, err)) != AP_OK)
        return st;
    return ap__run_budget(c->opt->budget_head, "head with the copy", r->head, err);
}

ap_status ap_run_embed(const unsigned char *data, size_t len, const ap_run_options *opt,
                       ap_run_result *res, ap_error *err)
{
    ap__run_ctx c;
    ap_tflite_embed_options eo;
    ap_tflite_embed_result r;
    ap_tflm_whole arena;
    char why[AP_ERROR_MAX + 64] = "";
    const char *format;
    int known = 0, c_source;
    ap_status st;
    memset(&r, 0, sizeof r);
    if ((st = ap__run_begin(&c, opt, res, err)) != AP_OK)
        return ap__run_end(&c, res, st);
    format = c.opt->format ? c.opt->format : "tflite";
    c_source = strcmp(format, "c") == 0;
    if (!c_source && strcmp(format, "tflite"))
        st = ap_error_set(err, AP_ERR_USAGE, "embed: unknown format '%s' (tflite or c)", format);
    else if (c.runtime == AP_RUNTIME_TFLITE)
        st = ap_error_set(err, AP_ERR_USAGE, "embed: an offline plan is read by TFLM only; the "
                          "TensorFlow Lite interpreter ignores it (runtime tflite does not apply)");
    if (st != AP_OK)
        return ap__run_end(&c, res, st);
    ap_tflite_embed_options_init(&eo);
    eo.build = c.build;
    eo.plan = c.opt->plan;
    if ((st = ap_tflite_embed(data, len, c.name, &eo, &r, err)) != AP_OK)
        return ap__run_end(&c, res, st);
    /* TFLM's arena with the copy, read as TFLM reads it, and with the input */
    known = ap__run_arena_model(&c, r.data, r.len, c.name, &arena.plan, why, sizeof why);
    if (known > 0)
        known = ap__run_arena_model(&c, data, len, c.name, &arena.stock, why, sizeof why);
    if ((st = embed_budgets(&c, known, &r, &arena, err)) != AP_OK)
        goto done;
    if (c_source && known <= 0) {
        st = ap_error_set(err, AP_ERR_INPUT, "embed: format c: the source needs TFLM's whole arena "
                          "(NAME_ARENA_SIZE), which is unknown for %s: %s", c.name,
                          known < 0 ? why : "kernel set none");
        goto done;
    }
    if ((st = ap__run_json_embed(&r, len, known > 0 ? &arena : NULL, known < 0 ? why : NULL,
                                 format, &res->json, &res->json_len, err)) != AP_OK)
        goto done;
    if (c_source) {
        st = write_source(&c, &r, &arena.plan, res, err);
    } else {
        res->data = r.data; /* the copy is the caller's now */
        res->len = r.len;
        r.data = NULL;
    }
done:
    ap_tflite_embed_result_free(&r);
    return ap__run_end(&c, res, st);
}

/* The order options of reorder from opt. */
static ap_status reorder_options(const ap__run_ctx *c, ap_tflite_reorder_write_options *wo,
                                 ap_error *err)
{
    const ap_run_options *o = c->opt;
    ap_tflite_reorder_write_options_init(wo);
    if (ap_tflite_rules_asked(&c->build) || (c->build.align && c->build.align != 16) ||
        c->runtime == AP_RUNTIME_TFLITE)
        return ap_error_set(err, AP_ERR_USAGE, "reorder: the order is chosen for TFLM's own "
                            "lifetimes (no sharing, 16-byte buffers); inplace, overlap, align and "
                            "runtime tflite do not apply");
    wo->find.kernels = c->build.kernels;
    if (o->order && ap_order_strategy_parse(o->order, &wo->find.order.strategy) != 0)
        return ap_error_set(err, AP_ERR_USAGE, "reorder: unknown strategy '%s' (exact, cheap, "
                            "list, dfs or stored)", o->order);
    wo->find.order.budget = o->order_budget;
    wo->embed = o->embed != 0;
    return AP_OK;
}

ap_status ap_run_reorder(const unsigned char *data, size_t len, const ap_run_options *opt,
                         ap_run_result *res, ap_error *err)
{
    ap__run_ctx c;
    ap_tflite_reorder_write_options wo;
    ap_tflite_reorder_output r;
    ap_status st;
    memset(&r, 0, sizeof r);
    if ((st = ap__run_begin(&c, opt, res, err)) != AP_OK ||
        (st = reorder_options(&c, &wo, err)) != AP_OK ||
        (st = ap_tflite_reorder(data, len, c.name, &wo, &r, err)) != AP_OK)
        goto done;
    if ((st = ap__run_json_reorder(&r, len, &res->json, &res->json_len, err)) != AP_OK)
        goto done;
    res->data = r.data;
    res->len = r.len;
    r.data = NULL;
done:
    ap_tflite_reorder_output_free(&r);
    return ap__run_end(&c, res, st);
}
