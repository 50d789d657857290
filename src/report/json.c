/* json.c - the plan as JSON (see report.h and docs/formats.md). */
#include <stdio.h>

#include "arenaplan/bounds.h"
#include "arenaplan/report.h"
#include "core/util.h"

void ap_json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c == '\n')
            fputs("\\n", f);
        else if (c == '\t')
            fputs("\\t", f);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

static const char *kind_name(ap_kind k)
{
    switch (k) {
    case AP_KIND_ACTIVATION: return "activation";
    case AP_KIND_INPUT: return "input";
    case AP_KIND_OUTPUT: return "output";
    case AP_KIND_SCRATCH: return "scratch";
    case AP_KIND_BUFFER: break;
    }
    return "buffer";
}

ap_status ap_write_json(FILE *f, const ap_problem *p, const ap_plan *plan, ap_error *err)
{
    ap_bounds bd;
    size_t i;
    ap_status st = ap_bounds_compute(p, &bd, err);
    const ap_overlap **alias;
    if (st != AP_OK)
        return st;
    if (!(alias = ap__zalloc(p->n, sizeof *alias)))
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory writing JSON");
    for (i = 0; i < p->n_ovl; i++)
        if (p->ovl[i].flags & AP_OVERLAP_ALIAS)
            alias[p->ovl[i].over] = &p->ovl[i];
    fprintf(f, "{\"arena_bytes\":%lld,\"lower_bound\":%lld,\"efficiency\":%.4f,\"strategy\":",
            (long long)plan->arena, (long long)bd.lower,
            plan->arena > 0 ? (double)bd.lower / (double)plan->arena : 1.0);
    ap_json_string(f, plan->strategy);
    if (plan->verdict != AP_VERDICT_NONE)
        fprintf(f, ",\"verdict\":\"%s\",\"proven_bound\":%lld,\"gap_bytes\":%lld",
                plan->verdict == AP_VERDICT_OPTIMAL ? "optimal" : "gap", (long long)plan->proven_bound,
                (long long)(plan->arena - plan->proven_bound));
    if (p->n_ovl)
        fprintf(f, ",\"lower_bound_no_overlap\":%lld", (long long)bd.live);
    if (p->source) {
        fputs(",\"source\":", f);
        ap_json_string(f, p->source);
    }
    if (p->note) {
        fputs(",\"note\":", f);
        ap_json_string(f, p->note);
    }
    fputs(",\"buffers\":[", f);
    for (i = 0; i < p->n; i++) {
        const ap_buffer *b = &p->buf[i];
        fputs(i ? ",\n{\"id\":" : "\n{\"id\":", f);
        ap_json_string(f, b->id);
        if (b->name) {
            fputs(",\"name\":", f);
            ap_json_string(f, b->name);
        }
        fprintf(f, ",\"lower\":%lld,\"upper\":%lld,\"size\":%lld,\"offset\":%lld", (long long)b->lower,
                (long long)b->upper, (long long)b->size, (long long)plan->offset[i]);
        if (ap_buffer_align(p, i) != 1)
            fprintf(f, ",\"alignment\":%lld", (long long)ap_buffer_align(p, i));
        if (b->fixed != AP_UNFIXED)
            fputs(",\"fixed\":true", f);
        if (b->kind != AP_KIND_BUFFER)
            fprintf(f, ",\"kind\":\"%s\"", kind_name(b->kind));
        if (alias[i]) {
            fputs(",\"alias_of\":", f);
            ap_json_string(f, p->buf[alias[i]->base].id);
        }
        fputc('}', f);
    }
    fputs("]}\n", f);
    free(alias);
    if (ferror(f))
        return ap_error_set(err, AP_ERR_IO, "write error");
    return AP_OK;
}
