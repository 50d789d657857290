/*
 * whole.c - the whole arena of a plan, for the outputs (tflm_arena.h): TFLM's arena with the
 * plan embedded and with TFLM planning the head itself, and the words RecordingMicroAllocator
 * prints for its categories (PrintAllocations, recording_micro_allocator.cc at 90b983c2b).
 */
#include <stdio.h>
#include <string.h>

#include "arenaplan/tflm.h"
#include "arenaplan/tflm_arena.h"
#include "planners/planners.h"
#include "planners/stock.h"
#include "report/tflm_words.h"

#define NEEDS_EMBED "this plan needs `arenaplan embed` (or the header's BufferPlan) to take effect"

void ap_tflm_arena_text(const ap_tflm_arena *a, char *out, size_t cap)
{
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

int ap__stock_note(const ap_problem *p, int64_t arena, char *out, size_t cap, int64_t *stock)
{
    int64_t head = ap__stock_head(p);
    if (stock)
        *stock = head;
    if (head < 0 || arena >= head)
        return 0;
    snprintf(out, cap, "stock TFLM (greedy): head %lld bytes; " NEEDS_EMBED, (long long)head);
    return 1;
}

int ap__stock_line(const ap_problem *p, int64_t head, const ap_tflm_whole *arena, char *out, size_t cap)
{
    if (!arena)
        return ap__stock_note(p, head, out, cap, NULL);
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
