/*
 * prepare.c - what a model of a kernel's Prepare works with (prepare.h): the operator's
 * tensors, the failure TFLM's Prepare would report, the scratch requests it appends.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/problem.h"
#include "core/util.h"
#include "tflm_kernels/prepare.h"

void ap__prepare_free(ap__prepare *pr)
{
    free(pr->v);
    free(pr->owned);
    free(pr->resized);
    memset(pr, 0, sizeof *pr);
}

ap_status ap__prepare_fail(ap__kctx *k, const char *fmt, const char *detail)
{
    return ap_error_set(k->err, AP_ERR_INPUT,
                        "subgraph %u operator %u (%s): %s%s; the TFLM kernel's Prepare would fail",
                        k->s, k->op->index, k->op->name, fmt, detail ? detail : "");
}

/* vsnprintf into out (cap bytes): a sentence that may be cut, by design. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void sentence(char *out, size_t cap, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(out, cap, fmt, ap);
    va_end(ap);
}

void ap__prepare_refusal_set(ap_tflm_refusal *r, ap_tflm_refusal_kind kind, int32_t sg, int32_t op,
                     const char *name, const char *check, const char *src, const char *phase)
{
    char at[160] = "";
    memset(r, 0, sizeof *r);
    r->kind = kind;
    r->subgraph = sg;
    r->op = op;
    snprintf(r->op_name, sizeof r->op_name, "%s", name ? name : "");
    snprintf(r->check, sizeof r->check, "%s", check ? check : "");
    snprintf(r->src, sizeof r->src, "%s", src ? src : "");
    if (op >= 0) /* else the model as a whole (the allocator's check): the check says what */
        snprintf(at, sizeof at, "subgraph %d operator %d (%s): ", (int)sg, (int)op, r->op_name);
    /* the sentence may be cut at the message's size: its start says what fails */
    if (kind == AP_TFLM_NO_KERNEL)
        sentence(r->message, sizeof r->message,
                 "TFLM has no kernel for %s: this model cannot load on TFLM (subgraph %d "
                 "operator %d)", r->op_name, (int)sg, (int)op);
    else if (kind == AP_TFLM_ABORTS)
        sentence(r->message, sizeof r->message,
                 "TFLM aborts in %s %s (%s%s%s%s): this model cannot load", r->op_name, phase,
                 at, r->check, r->src[0] ? ", " : "", r->src);
    else
        sentence(r->message, sizeof r->message,
                 "TFLM's %s refuses the model: %s%s%s%s%s: this model cannot load", phase, at,
                 r->check, r->src[0] ? " (" : "", r->src, r->src[0] ? ")" : "");
}

void ap__prepare_refuse(ap__kctx *k, ap_tflm_refusal_kind kind, const char *check,
                        const char *detail, const char *src)
{
    char text[sizeof k->out->refusal.check];
    if (k->out->refusal.kind != AP_TFLM_LOADS)
        return;
    snprintf(text, sizeof text, "%s%s", check, detail ? detail : "");
    ap__prepare_refusal_set(&k->out->refusal, kind, (int32_t)k->s, (int32_t)k->op->index, k->op->name,
                    text, src, "Prepare");
}

ap_status ap__prepare_request(ap__kctx *k, int64_t bytes, const char *what, const char *fn)
{
    if (bytes < 0)
        return ap__prepare_fail(k, "a negative scratch size for ", what);
    if (bytes > AP_MAX_VALUE)
        return ap__prepare_fail(k, "a scratch size past 2^52 bytes for ", what);
    ap__scratch *nv = ap__grow(k->out->v, &k->out->cap, k->out->n + 1, sizeof *nv);
    if (!nv)
        return ap_error_set(k->err, AP_ERR_NOMEM, "out of memory modelling kernel scratch");
    k->out->v = nv;
    nv[k->out->n++] = (ap__scratch){k->s, k->op->index, bytes, what, fn};
    return AP_OK;
}

ap_status ap__prepare_own(ap__kctx *k, int32_t t)
{
    ap__prepare *o = k->out;
    ap__tensor_ref *nv = ap__grow(o->owned, &o->cap_owned, o->n_owned + 1, sizeof *nv);
    if (!nv)
        return ap_error_set(k->err, AP_ERR_NOMEM, "out of memory modelling kernel scratch");
    o->owned = nv;
    nv[o->n_owned++] = (ap__tensor_ref){k->s, (uint32_t)t};
    return AP_OK;
}

ap_status ap__prepare_resize(ap__kctx *k, int32_t t, int64_t elements)
{
    if (elements < 0 || elements > AP_MAX_VALUE)
        return ap__prepare_fail(k, "an output reshaped to a negative or huge element count",
                                NULL);
    ap__prepare *o = k->out;
    ap__resized *nv = ap__grow(o->resized, &o->cap_resized, o->n_resized + 1, sizeof *nv);
    if (!nv)
        return ap_error_set(k->err, AP_ERR_NOMEM, "out of memory modelling kernel scratch");
    o->resized = nv;
    nv[o->n_resized++] = (ap__resized){k->s, (uint32_t)t, elements};
    return AP_OK;
}
