/*
 * prepare_rows.c - runs a kernel's Prepare table (prepare_rows.h) on one operator: the rows in
 * order, each expression evaluated for the operator and the build (expr.c), turned into checks
 * that fail and scratch requests.
 */
#include <stdio.h>

#include "tflm_kernels/prepare_rows.h"

/* Evaluates one text of row i; a model fault becomes the operator's failure, a text that does
 * not parse an internal error. */
static ap_status eval(ap__kctx *k, const ap__ptable *t, const ap__xctx *x, size_t i,
                      const char *text, int64_t *v)
{
    ap_error e = {0};
    ap_status st = ap__expr_eval(text, x, v, &e);
    if (st == AP_OK)
        return AP_OK;
    const ap__prow *r = &t->rows[i];
    char detail[400];
    snprintf(detail, sizeof detail, " (row %zu of the kernel's table: %s%s%s)", i, r->what,
             r->fn ? ", " : "", r->fn ? r->fn : "");
    if (st == AP_ERR_INPUT)
        return ap__prepare_fail(k, e.msg, detail);
    return ap_error_set(k->err, st, "subgraph %u operator %u (%s): %s%s (a bug in arenaplan)",
                        k->s, k->op->index, k->op->name, e.msg, detail);
}

ap_status ap__prepare_rows_run(ap__kctx *k, const ap__ptable *t)
{
    const ap__target *tg = k->build->ptr == 8 ? &ap__layout_host64 : &ap__layout_cortex_m;
    ap__xctx x = {.t = tg, .m = k->m, .g = k->g, .op = k->op, .build = k->build,
                  .defs = t->defs, .n_defs = t->n_defs};
    int taken = 0; /* the group whose branch was taken, 0 for none */
    ap_status st;
    for (size_t i = 0; i < t->n_rows; i++) {
        const ap__prow *r = &t->rows[i];
        if (r->group != 0 && r->group == taken)
            continue;
        int64_t c, bytes;
        if ((st = eval(k, t, &x, i, r->when, &c)) != AP_OK)
            return st;
        if (!c)
            continue;
        taken = r->group;
        if (r->kind == AP__PR_CHECK)
            return ap__prepare_fail(k, r->what, NULL);
        if ((st = eval(k, t, &x, i, r->bytes, &bytes)) != AP_OK)
            return st;
        if (r->kind == AP__PR_SCRATCH_POS && bytes <= 0)
            continue;
        if ((st = ap__prepare_request(k, bytes, r->what, r->fn)) != AP_OK)
            return st;
    }
    return AP_OK;
}

static int lints(const ap__ptable *t, const char *text, ap_error *err)
{
    return ap__expr_check_defs(text, &ap__layout_cortex_m, t->defs, t->n_defs, err) != AP_OK;
}

size_t ap__prepare_rows_lint(const ap__ptable *t, ap_error *err)
{
    for (size_t i = 0; i < t->n_rows; i++) {
        const ap__prow *r = &t->rows[i];
        if (lints(t, r->when, err) || (r->bytes && lints(t, r->bytes, err)))
            return i + 1;
        if ((r->kind != AP__PR_CHECK) != (r->bytes != NULL) || !r->what) {
            ap_error_set(err, AP_ERR_INVALID, "row %zu: a CHECK has no bytes, a request has "
                         "bytes, every row a what", i);
            return i + 1;
        }
    }
    for (size_t i = 0; i < t->n_defs; i++)
        if (lints(t, t->defs[i].expr, err))
            return t->n_rows + i + 1;
    return 0;
}
