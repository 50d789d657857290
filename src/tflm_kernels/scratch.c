/*
 * scratch.c - what TFLM's kernels do in Prepare that changes the memory plan (scratch.h): the
 * arena scratch requests (RequestScratchBufferInArena), the output tensors a kernel points at
 * memory of its own or reshapes, and the checks that make Prepare fail, for every operator of a
 * model: the CHECK, ABORT, SCRATCH, SCRATCH_POS, OWN and RESIZE rows of its kernel (rows.h), in
 * order, each expression evaluated for the operator and the kernel set (expr.c). An operator whose Prepare
 * TFLM would fail (a CHECK or ABORT row holds, a row reads what the model lacks) is the
 * result's refusal (the first one); the other operators' requests are still found.
 *
 * Sizes are computed in 64 bits and refused past AP_MAX_VALUE; TFLM computes them in int.
 */
#include <stdio.h>

#include "tflm_kernels/opcodes.h"
#include "tflm_kernels/scratch.h"

/* Evaluates text of row r. A model the expression does not fit is the operator's refusal (the
 * kernel would fail reading what is not there): recorded, and *refused set; a text that does not
 * parse is an internal error. */
static ap_status eval(ap__kctx *k, const ap__xctx *x, const ap__krow *r, const char *text,
                      int64_t *v, int *refused)
{
    ap_error e = {0};
    ap_status st = ap__expr_eval(text, x, v, &e);
    if (st == AP_OK)
        return AP_OK;
    char detail[400];
    snprintf(detail, sizeof detail, " (the kernel row of %s%s%s)", r->what ? r->what : "",
             r->fn ? ", " : "", r->fn ? r->fn : "");
    if (st == AP_ERR_INPUT) {
        ap__prepare_refuse(k, AP_TFLM_REFUSES, e.msg, detail, r->src);
        *refused = 1;
        return AP_OK;
    }
    return ap_error_set(k->err, st, "subgraph %u operator %u (%s): %s%s, %s (a bug in arenaplan)",
                        k->s, k->op->index, k->op->name, e.msg, detail,
                        r->src ? r->src : "no source");
}

/* The Prepare rows of r[0..n) for k's operator, up to the first that refuses the model
 * (recorded in k->out->refusal). */
static ap_status prepare(ap__kctx *k, const ap__krow *r, size_t n)
{
    ap__xdef defs[AP__ROWS_MAX_DEFS];
    ap__xctx x = {.t = k->set->target, .m = k->m, .g = k->g, .op = k->op, .build = &k->set->build,
                  .defs = defs, .n_defs = ap__rows_defs(r, n, defs)};
    int taken = 0, refused = 0; /* the group whose branch was taken, 0 for none */
    ap_status st;
    for (size_t i = 0; i < n; i++) {
        int64_t c = 1, v;
        if (r[i].kind != AP__ROW_CHECK && r[i].kind != AP__ROW_ABORT &&
            r[i].kind != AP__ROW_SCRATCH && r[i].kind != AP__ROW_SCRATCH_POS &&
            r[i].kind != AP__ROW_OWN && r[i].kind != AP__ROW_RESIZE)
            continue;
        if (r[i].group != 0 && r[i].group == taken)
            continue;
        if (r[i].kind == AP__ROW_CHECK && r[i].repeat) { /* CHECK_EACH: a check in a loop */
            int64_t times;
            if ((st = eval(k, &x, &r[i], r[i].repeat, &times, &refused)) != AP_OK || refused)
                return st;
            if (times > (int64_t)1 << 20) {
                ap__prepare_refuse(k, AP_TFLM_REFUSES,
                                   "a kernel table check repeats more than 2^20 times", NULL,
                                   r[i].src);
                return AP_OK;
            }
            for (x.i = 0; x.i < times; x.i++) {
                if ((st = eval(k, &x, &r[i], r[i].when, &c, &refused)) != AP_OK || refused)
                    return st;
                if (c) {
                    ap__prepare_refuse(k, AP_TFLM_REFUSES, r[i].what, NULL, r[i].src);
                    return AP_OK;
                }
            }
            x.i = 0;
            continue;
        }
        if (r[i].when && ((st = eval(k, &x, &r[i], r[i].when, &c, &refused)) != AP_OK || refused))
            return st;
        if (!c)
            continue;
        taken = r[i].group;
        if (r[i].kind == AP__ROW_CHECK || r[i].kind == AP__ROW_ABORT) {
            ap__prepare_refuse(k, r[i].kind == AP__ROW_CHECK ? AP_TFLM_REFUSES : AP_TFLM_ABORTS,
                               r[i].what, NULL, r[i].src);
            return AP_OK;
        }
        if ((st = eval(k, &x, &r[i], r[i].expr, &v, &refused)) != AP_OK || refused)
            return st;
        if (r[i].kind == AP__ROW_OWN)
            st = v >= 0 ? ap__prepare_own(k, (int32_t)v) : AP_OK;
        else if (r[i].kind == AP__ROW_RESIZE)
            st = k->op->n_outputs > 0 && k->op->outputs[0] >= 0
                     ? ap__prepare_resize(k, k->op->outputs[0], v) : AP_OK;
        else if (r[i].kind == AP__ROW_SCRATCH || v > 0)
            st = ap__prepare_request(k, v, r[i].what, r[i].fn);
        if (st != AP_OK)
            return st;
    }
    return AP_OK;
}

ap_status ap__scratch_run(const ap_tfl_model *m, ap_tflm_kernels set, ap__prepare *out,
                          ap_error *err)
{
    const ap__kernel_set *s = ap__kernel_sets_of(set);
    if (!s)
        return ap_error_set(err, AP_ERR_USAGE, "kernel set %d is not an ap_tflm_kernels",
                            (int)set);
    return ap__scratch_run_set(m, s, out, err);
}

ap_status ap__scratch_run_set(const ap_tfl_model *m, const ap__kernel_set *set,
                              ap__prepare *out, ap_error *err)
{
    ap__kctx k = {.m = m, .set = set, .out = out, .err = err};
    for (uint32_t s = 0; s < m->n_subgraphs; s++) {
        k.s = s;
        k.g = &m->subgraphs[s];
        for (uint32_t i = 0; i < k.g->n_ops; i++) {
            const ap__krow *r;
            size_t n, before = out->n;
            k.op = &k.g->ops[i];
            ap__rows_find(set->table, ap__opcodes_code(k.op), &r, &n);
            ap_status st = prepare(&k, r, n);
            if (st != AP_OK)
                return st;
            /* MicroContext refuses more than kMaxScratchBuffersPerOp (12) per operator. */
            if (out->n - before > 12)
                ap__prepare_refuse(&k, AP_TFLM_REFUSES, "more than 12 scratch requests", NULL,
                                   "micro_allocator.cc:712");
        }
    }
    return AP_OK;
}
