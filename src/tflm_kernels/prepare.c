/*
 * prepare.c - what a model of a kernel's Prepare works with (prepare.h): the operator's
 * tensors, the failure TFLM's Prepare would report, the scratch requests it appends.
 */
#include <stdlib.h>
#include <string.h>

#include "arenaplan/problem.h"
#include "core/util.h"
#include "tflm_kernels/prepare.h"

void ap__prepare_free(ap__prepare *pr)
{
    free(pr->v);
    free(pr->owned);
    memset(pr, 0, sizeof *pr);
}

ap_status ap__prepare_fail(ap__kctx *k, const char *fmt, const char *detail)
{
    return ap_error_set(k->err, AP_ERR_INPUT,
                        "subgraph %u operator %u (%s): %s%s; the TFLM kernel's Prepare would fail",
                        k->s, k->op->index, k->op->name, fmt, detail ? detail : "");
}

/* Input i, or NULL when missing or omitted (-1). */
const ap_tfl_tensor *ap__prepare_in(const ap__kctx *k, uint32_t i)
{
    if (i >= k->op->n_inputs || k->op->inputs[i] < 0)
        return NULL;
    return &k->g->tensors[k->op->inputs[i]];
}

const ap_tfl_tensor *ap__prepare_out(const ap__kctx *k, uint32_t i)
{
    if (i >= k->op->n_outputs)
        return NULL;
    return &k->g->tensors[k->op->outputs[i]];
}

/* Dimension d of t, or -1 when t has fewer dimensions. */
int64_t ap__prepare_dim(const ap_tfl_tensor *t, uint32_t d)
{
    return d < t->rank ? t->shape[d] : -1;
}

ap_status ap__prepare_need(ap__kctx *k, const ap_tfl_tensor *t, const char *what)
{
    return t ? AP_OK : ap__prepare_fail(k, "missing ", what);
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
