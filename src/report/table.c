/* table.c - the plan as a table for the terminal: a summary, then one row per buffer. */
#include <stdio.h>
#include <string.h>

#include "arenaplan/bounds.h"
#include "arenaplan/report.h"
#include "core/util.h"

static int width_of(long long v)
{
    char tmp[32];
    return snprintf(tmp, sizeof tmp, "%lld", v);
}

ap_status ap_write_table(FILE *f, const ap_problem *p, const ap_plan *plan, ap_error *err)
{
    ap_bounds bd;
    size_t i, nfixed = 0;
    int wid = 2, wname = 0, wsize = 4, wlife = 8, woff = 6;
    int64_t linear = 0;
    ap_status st = ap_bounds_compute(p, &bd, err);
    if (st != AP_OK)
        return st;
    for (i = 0; i < p->n; i++) {
        const ap_buffer *b = &p->buf[i];
        int w = (int)strlen(b->id), wl = width_of(b->lower) + width_of(b->upper) + 4;
        wid = w > wid ? w : wid;
        if (b->name)
            wname = (int)strlen(b->name) > wname ? (int)strlen(b->name) : wname;
        wsize = width_of(b->size) > wsize ? width_of(b->size) : wsize;
        wlife = wl > wlife ? wl : wlife;
        woff = width_of(plan->offset[i]) > woff ? width_of(plan->offset[i]) : woff;
        nfixed += b->fixed != AP_UNFIXED;
        linear += b->size;
    }
    if (wname > 40)
        wname = 40;
    if (wname && wname < 4)
        wname = 4;
    fprintf(f, "strategy     %s\n", plan->strategy);
    if (p->source)
        fprintf(f, "input        %s\n", p->source);
    if (p->note)
        fprintf(f, "note         %s\n", p->note);
    fprintf(f, "arena        %lld bytes\n", (long long)plan->arena);
    fprintf(f, "lower bound  %lld bytes (efficiency %.1f%%)\n", (long long)bd.lower,
            plan->arena ? 100.0 * (double)bd.lower / (double)plan->arena : 100.0);
    if (p->n_ovl)
        fprintf(f, "             %lld bytes without overlap allowances\n", (long long)bd.live);
    if (plan->verdict == AP_VERDICT_OPTIMAL)
        fprintf(f, "verdict      optimal: no plan is smaller (proven)\n");
    else if (plan->verdict == AP_VERDICT_GAP)
        fprintf(f, "verdict      best found, %lld bytes (%.2f%%) above the best proven lower bound %lld\n",
                (long long)(plan->arena - plan->proven_bound),
                plan->proven_bound ? 100.0 * (double)(plan->arena - plan->proven_bound) / (double)plan->proven_bound : 0.0,
                (long long)plan->proven_bound);
    fprintf(f, "no reuse     %lld bytes (the plan saves %lld)\n", (long long)linear,
            (long long)(linear - plan->arena));
    fprintf(f, "buffers      %zu", p->n);
    if (nfixed)
        fprintf(f, " (%zu fixed)", nfixed);
    fputs("\n\n", f);
    fprintf(f, "%-*s  ", wid, "id");
    if (wname)
        fprintf(f, "%-*s  ", wname, "name");
    fprintf(f, "%*s  %-*s  %*s  %*s\n", wsize, "size", wlife, "lifetime", woff, "offset", woff, "end");
    for (i = 0; i < p->n; i++) {
        const ap_buffer *b = &p->buf[i];
        char life[64];
        snprintf(life, sizeof life, "[%lld, %lld)", (long long)b->lower, (long long)b->upper);
        fprintf(f, "%-*s  ", wid, b->id);
        if (wname)
            fprintf(f, "%-*.*s  ", wname, wname, b->name ? b->name : "");
        fprintf(f, "%*lld  %-*s  %*lld  %*lld%s\n", wsize, (long long)b->size, wlife, life, woff,
                (long long)plan->offset[i], woff, (long long)(plan->offset[i] + b->size),
                b->fixed != AP_UNFIXED ? "  fixed" : "");
    }
    if (ferror(f))
        return ap_error_set(err, AP_ERR_IO, "write error");
    return AP_OK;
}
