/*
 * ops.c - what is live while each operator runs (report.h): the first thing to read when a
 * model does not fit. One row per labelled step (a model's inputs and operators), or, for a
 * buffer list, per step at which a buffer begins (between those steps the live set only
 * shrinks). A sweep over time keeps the live buffers: O(n log n) plus the rows' buffers.
 */
#include <stdlib.h>
#include <string.h>

#include "arenaplan/report.h"
#include "core/util.h"
#include "report/measure.h"

#define OPS_SHOWN 8 /* buffers the terminal table names per row */

void ap_op_table_free(ap_op_table *t)
{
    free(t->rows);
    free(t->pool_);
    memset(t, 0, sizeof *t);
}

/* The steps of the rows, ascending: the labels' steps, else every distinct lower. */
static int64_t *row_steps(const ap_problem *p, const ap__key *starts, size_t *n)
{
    size_t k, m = 0;
    int64_t *steps = ap__alloc((p->n_labels ? p->n_labels : p->n) + 1, sizeof *steps);
    if (!steps)
        return NULL;
    if (p->n_labels) {
        for (k = 0; k < p->n_labels; k++)
            steps[m++] = p->labels[k].step;
    } else {
        for (k = 0; k < p->n; k++)
            if (m == 0 || steps[m - 1] != starts[k].v)
                steps[m++] = starts[k].v;
    }
    *n = m;
    return steps;
}

ap_status ap_op_table_compute(const ap_problem *p, const ap_plan *plan, ap_op_table *t, ap_error *err)
{
    ap_status st = ap__measure_check(p, plan, err);
    ap__key *starts = NULL, *row = NULL;
    uint32_t *live = NULL;
    int64_t *steps = NULL, arena = 0;
    size_t i, k, nsteps = 0, next = 0, n_live = 0, used = 0, cap = 0, *at = NULL;
    memset(t, 0, sizeof *t);
    if (st != AP_OK)
        return st;
    for (i = 0; i < p->n; i++)
        arena = ap__max64(arena, plan->offset[i] + p->buf[i].size);
    starts = ap__alloc(p->n + 1, sizeof *starts);
    row = ap__alloc(p->n + 1, sizeof *row);
    live = ap__alloc(p->n + 1, sizeof *live);
    if (!starts || !row || !live)
        goto nomem;
    for (i = 0; i < p->n; i++) {
        starts[i].v = p->buf[i].lower;
        starts[i].i = (uint32_t)i;
    }
    qsort(starts, p->n, sizeof *starts, ap__measure_cmp_key);
    if (!(steps = row_steps(p, starts, &nsteps)) || !(t->rows = ap__zalloc(nsteps + 1, sizeof *t->rows)) ||
        !(at = ap__alloc(nsteps + 1, sizeof *at)))
        goto nomem;
    for (k = 0; k < nsteps; k++) {
        ap_op_row *r = &t->rows[k];
        int64_t s = steps[k];
        size_t kept = 0, j;
        while (next < p->n && starts[next].v <= s)
            live[n_live++] = starts[next++].i;
        for (j = 0; j < n_live; j++)
            if (p->buf[live[j]].upper > s)
                live[kept++] = live[j];
        n_live = kept;
        r->step = s;
        r->label = p->n_labels ? p->labels[k].text : NULL;
        /* largest first, ties in input order */
        for (j = 0; j < n_live; j++) {
            row[j].v = -p->buf[live[j]].size;
            row[j].i = live[j];
            r->live_bytes += p->buf[live[j]].size;
        }
        qsort(row, n_live, sizeof *row, ap__measure_cmp_key);
        r->share = arena > 0 ? (double)r->live_bytes / (double)arena : 0.0;
        r->n_buffers = n_live;
        if (used + n_live > cap) {
            size_t ncap = cap;
            uint32_t *np = ap__grow(t->pool_, &ncap, used + n_live, sizeof *t->pool_);
            if (!np)
                goto nomem;
            t->pool_ = np;
            cap = ncap;
        }
        for (j = 0; j < n_live; j++)
            t->pool_[used + j] = row[j].i;
        at[k] = used; /* the pool may still move */
        used += n_live;
        t->n++;
    }
    for (k = 0; k < t->n; k++)
        t->rows[k].buffers = t->pool_ ? t->pool_ + at[k] : NULL;
    goto done;
nomem:
    ap_op_table_free(t);
    st = ap_error_set(err, AP_ERR_NOMEM, "out of memory computing the operators' table");
done:
    free(starts);
    free(row);
    free(live);
    free(steps);
    free(at);
    return st;
}

ap_status ap_write_ops(FILE *f, const ap_problem *p, const ap_plan *plan, ap_error *err)
{
    ap_op_table t;
    size_t k, j;
    int wlab = 8, wlive = 4;
    ap_status st = ap_op_table_compute(p, plan, &t, err);
    if (st != AP_OK)
        return st;
    for (k = 0; k < t.n; k++) {
        char tmp[32];
        if (t.rows[k].label)
            wlab = ap__max64(wlab, (int64_t)strlen(t.rows[k].label));
        wlive = ap__max64(wlive, snprintf(tmp, sizeof tmp, "%lld", (long long)t.rows[k].live_bytes));
    }
    wlab = !p->n_labels ? 0 : wlab > 40 ? 40 : wlab; /* a buffer list has no operators */
    fprintf(f, "%5s  ", "step");
    if (wlab)
        fprintf(f, "%-*s  ", wlab, "operator");
    fprintf(f, "%*s  %6s  %s\n", wlive, "live", "share", "buffers (largest first)");
    for (k = 0; k < t.n; k++) {
        const ap_op_row *r = &t.rows[k];
        fprintf(f, "%5lld  ", (long long)r->step);
        if (wlab)
            fprintf(f, "%-*.*s  ", wlab, wlab, r->label ? r->label : "");
        fprintf(f, "%*lld  %5.1f%% ", wlive, (long long)r->live_bytes, 100.0 * r->share);
        for (j = 0; j < r->n_buffers && j < OPS_SHOWN; j++)
            fprintf(f, " %s", p->buf[r->buffers[j]].id);
        if (r->n_buffers > OPS_SHOWN)
            fprintf(f, " and %zu more", r->n_buffers - OPS_SHOWN);
        fputc('\n', f);
    }
    ap_op_table_free(&t);
    if (ferror(f))
        return ap_error_set(err, AP_ERR_IO, "write error");
    return AP_OK;
}
