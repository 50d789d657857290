/*
 * lines.c - the words and sentences the outputs share (lines.h): the figures of TFLM's whole
 * arena as every output writes them (tflm_arena.h), the stock TFLM line, the words
 * RecordingMicroAllocator prints for its categories (PrintAllocations,
 * recording_micro_allocator.cc at 90b983c2b), and what planned sections and buffers are called.
 */
#include <stdio.h>
#include <string.h>

#include "arenaplan/tflm.h"
#include "arenaplan/tflm_arena.h"
#include "report/lines.h"
#include "report/measure.h"

#define NEEDS_EMBED "this plan needs `arenaplan embed` (or the header's BufferPlan) to take effect"

void ap_tflm_arena_text(const ap_tflm_arena *a, char *out, size_t cap)
{
    if (a->refusal.kind != AP_TFLM_LOADS) { /* no figure: why */
        snprintf(out, cap, "no kTensorArenaSize for TFLM on %s: %s", a->target ? a->target : "?",
                 a->refusal.message);
        return;
    }
    int k = snprintf(out, cap, "%lld bytes (kTensorArenaSize for TFLM on %s; head %lld + tail %lld",
                     (long long)a->min_arena, a->target, (long long)a->head, (long long)a->tail);
    if (k < 0 || (size_t)k >= cap)
        return;
    if (a->min_arena == a->used)
        snprintf(out + k, cap - (size_t)k, ")");
    else if (a->binding_phase == AP_TFLM_PHASE_FINISH) { /* head + tail decide, padding differs */
        int64_t d = a->min_arena - a->used; /* tail and used are for an arena of a multiple of 16 */
        snprintf(out + k, cap - (size_t)k, " %c %lld bytes of alignment padding: the tail's padding "
                 "depends on where the arena ends)", d > 0 ? '+' : '-', (long long)(d > 0 ? d : -d));
    }
    else /* the temporary section during AllocateTensors decides */
        snprintf(out + k, cap - (size_t)k, " after AllocateTensors, which needs more in its %s step)",
                 ap_tflm_phase_name(a->binding_phase));
}

void ap_tflm_split_text(int64_t persistent, int64_t nonpersistent, int64_t used,
                        const char *target, char *out, size_t cap)
{
    snprintf(out, cap, "persistent %lld + non-persistent %lld bytes (TFLM's two-buffer allocator "
             "on %s: MicroAllocator::Create(persistent, %lld, non_persistent, %lld), both "
             "16-aligned; arena_used_bytes() %lld)", (long long)persistent,
             (long long)nonpersistent, target, (long long)persistent, (long long)nonpersistent,
             (long long)used);
}

void ap_tflm_tenants_text(const ap_tflm_tenants *t, const char *const *names, char *out,
                          size_t cap)
{
    if (t->refused >= 0) {
        snprintf(out, cap, "no kTensorArenaSize for TFLM on %s: %s: %s", t->target ? t->target : "?",
                 names[t->refused], t->refusal.message);
        return;
    }
    int k = snprintf(out, cap, "%lld bytes (kTensorArenaSize for TFLM on %s: multi-tenant, one "
                     "MicroAllocator and an interpreter per model, created in this order; the "
                     "largest head %lld + the tail %lld", (long long)t->min_arena, t->target,
                     (long long)t->head, (long long)t->tail);
    if (k < 0 || (size_t)k >= cap)
        return;
    int64_t d = t->min_arena - t->used;
    if (d == 0)
        snprintf(out + k, cap - (size_t)k, ")");
    else if (t->binding_phase == AP_TFLM_PHASE_FINISH || t->binding_model < 0)
        snprintf(out + k, cap - (size_t)k, " %c %lld bytes of alignment padding: the tail's padding "
                 "depends on where the arena ends)", d > 0 ? '+' : '-', (long long)(d > 0 ? d : -d));
    else
        snprintf(out + k, cap - (size_t)k, ", and more for %s's AllocateTensors: its %s step beside "
                 "the tails made before it)", names[t->binding_model],
                 ap_tflm_phase_name(t->binding_phase));
}

int ap__lines_stock_head(int64_t stock_head, int64_t head, char *out, size_t cap)
{
    if (stock_head < 0 || head >= stock_head)
        return 0;
    snprintf(out, cap, "stock TFLM (greedy): head %lld bytes; " NEEDS_EMBED, (long long)stock_head);
    return 1;
}

int ap__lines_stock(int64_t stock_head, int64_t head, const ap_tflm_whole *arena, char *out,
                    size_t cap)
{
    if (!arena || arena->plan.refusal.kind != AP_TFLM_LOADS)
        return ap__lines_stock_head(stock_head, head, out, cap);
    snprintf(out, cap, "stock TFLM (greedy): %lld bytes%s", (long long)arena->stock.min_arena,
             arena->plan.min_arena < arena->stock.min_arena ? "; " NEEDS_EMBED : "");
    return 1;
}

/* PrintRecordedAllocation's arguments, category by category. */
static const char *const print_words[AP_TFLM_OTHER][2] = {
    {"TfLiteEvalTensor data", "allocations"},
    {"Persistent TfLiteTensor data", "tensors"},
    {"Persistent TfLiteTensor quantization data", "allocations"},
    {"Persistent buffer data", "allocations"},
    {"TfLiteTensor variable buffer data", "allocations"},
    {"NodeAndRegistration struct", "NodeAndRegistration structs"},
    {"Operator runtime data", "OpData structs"},
};

const char *ap_tflm_category_print_name(int category)
{
    return category >= 0 && category < AP_TFLM_OTHER ? print_words[category][0] : NULL;
}

const char *ap_tflm_category_print_unit(int category)
{
    return category >= 0 && category < AP_TFLM_OTHER ? print_words[category][1] : NULL;
}

/* ---- Words ---------------------------------------------------------------------------------- */

const char *ap__lines_kind(ap_kind k)
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

const char *ap__lines_head_word(const ap_problem *p)
{
    (void)p;
    return "head";
}

const ap_tflm_whole *ap__lines_arena(const ap_report_options *opt)
{
    return opt && opt->arena && opt->arena->plan.refusal.kind == AP_TFLM_LOADS &&
           opt->arena->plan.min_arena >= 0 ? opt->arena : NULL;
}

const char *ap__lines_arena_unknown(const ap_problem *p, const ap_report_options *opt)
{
    if (ap__lines_arena(opt))
        return NULL;
    if (p->origin == AP_ORIGIN_BUFFERS)
        return "a buffer list has no TFLM arena";
    if (p->origin == AP_ORIGIN_TFLITE)
        return "TensorFlow Lite's interpreter (--runtime tflite) has no TFLM arena";
    if (opt && opt->arena && opt->arena->plan.refusal.kind != AP_TFLM_LOADS)
        return opt->arena->plan.refusal.message; /* TFLM cannot load the model */
    if (opt && opt->arena_unknown)
        return opt->arena_unknown;
    return opt && opt->arena ? "TFLM refuses the model" : "TFLM's whole arena was not computed";
}

const char *ap__lines_buffer_word(const ap_buffer *b)
{
    return b->kind == AP_KIND_BUFFER || b->tensor != AP_NO_INDEX ? "tensor" : "buffer";
}

void ap__lines_bytes(char *buf, size_t cap, int64_t v)
{
    double a = (double)(v < 0 ? -v : v);
    if (a < 1024)
        snprintf(buf, cap, "%lld B", (long long)v);
    else if (a < 1024.0 * 1024)
        snprintf(buf, cap, "%.1f KiB", (double)v / 1024);
    else if (a < 1024.0 * 1024 * 1024)
        snprintf(buf, cap, "%.2f MiB", (double)v / (1024.0 * 1024));
    else
        snprintf(buf, cap, "%.2f GiB", (double)v / (1024.0 * 1024 * 1024));
}

/* ---- The peak ------------------------------------------------------------------------------- */

void ap__lines_peak_steps(FILE *f, const ap_summary *s, size_t max_runs, const char *dash)
{
    fprintf(f, "%lld bytes live at step%s ", (long long)s->peak_bytes,
            s->n_peaks > 1 || s->peaks[0].first != s->peaks[0].last ? "s" : "");
    for (size_t k = 0; k < s->n_peaks && k < max_runs; k++) {
        const ap_step_range *r = &s->peaks[k];
        fputs(k ? ", " : "", f);
        if (r->first == r->last)
            fprintf(f, "%lld", (long long)r->first);
        else
            fprintf(f, "%lld%s%lld", (long long)r->first, dash, (long long)r->last);
    }
    if (s->n_peaks > max_runs)
        fprintf(f, " and %zu more runs", s->n_peaks - max_runs);
}

int64_t ap__lines_peak_rest(const ap_problem *p, const ap_summary *s, size_t from)
{
    int64_t rest = 0;
    for (size_t k = from; k < s->n_peak_buffers; k++)
        rest += p->buf[s->peak_buffers[k]].size;
    return rest;
}

void ap__lines_unmodelled(FILE *f, const char *lead, const ap_unmodelled *u)
{
    if (u->op && u->node >= 0)
        fprintf(f, "%sop %lld %s: %s\n", lead, (long long)u->node, u->op, u->what);
    else
        fprintf(f, "%s%s\n", lead, u->what);
}
