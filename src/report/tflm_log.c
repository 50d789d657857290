/*
 * tflm_log.c - the plan in TFLM's own words, byte for byte: what tflite-micro 90b983c2b's
 * GreedyMemoryPlanner::PrintMemoryPlan prints (built with TF_LITE_SHOW_MEMORY_USE, called at the
 * end of CommitStaticMemoryPlan), so that a user can diff it against the device's log
 * (report.h, docs/report.md), and what RecordingMicroAllocator::PrintAllocations prints after
 * AllocateTensors, from TFLM's whole arena (tflm_arena.h).
 *
 * TFLM prints through MicroPrintf, which ends every line with "\r\n". Its buffer ids are the
 * order the planner received the buffers in, which is the problem's order. The map's cell of a
 * step holds a buffer's character when exactly one live buffer paints it and '!' when two or more
 * do (TFLM paints buffer after buffer, writing '!' over any cell already painted), so the map
 * does not depend on the order buffers are painted in: a sweep over time paints only the live
 * buffers, O(n log n + the sum over steps of the buffers live there) instead of TFLM's steps x n.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/report.h"
#include "arenaplan/tflm_arena.h"
#include "core/util.h"
#include "report/measure.h"

#define LINE_WIDTH 80 /* PrintMemoryPlan's kLineWidth */

/* GetOrdinalCharacter: 0-9, a-z, A-Z, then round again. */
static char ordinal(size_t i)
{
    i %= 62;
    return i < 10 ? (char)('0' + i) : i < 36 ? (char)('a' + (i - 10)) : (char)('A' + (i - 36));
}

ap_status ap_write_tflm_log(FILE *f, const ap_problem *p, const ap_plan *plan, ap_error *err)
{
    ap_status st = ap__measure_check(p, plan, err);
    int64_t max_size = LINE_WIDTH, max_time = 0;
    ap__key *order = NULL;
    uint32_t *live = NULL;
    size_t i, next = 0, n_live = 0;
    if (st != AP_OK)
        return st;
    /* TFLM holds these in int: a plan beyond that is no plan TFLM could print */
    for (i = 0; i < p->n; i++) {
        const ap_buffer *b = &p->buf[i];
        if (b->size > INT32_MAX || plan->offset[i] > INT32_MAX || b->lower < INT32_MIN ||
            b->upper - 1 > INT32_MAX)
            return ap_error_set(err, AP_ERR_OVERFLOW,
                                "buffer '%s': TFLM's log holds sizes, offsets and steps in 32-bit "
                                "ints, and this one does not fit", b->id);
        max_size = ap__max64(max_size, plan->offset[i] + b->size);
        max_time = ap__max64(max_time, b->upper - 1);
    }
    if (max_time + 1 > AP_TFLM_LOG_MAX_STEPS)
        return ap_error_set(err, AP_ERR_LIMIT,
                            "TFLM's log prints a line per step, and this plan has %lld steps "
                            "(at most %ld are written)", (long long)max_time + 1,
                            (long)AP_TFLM_LOG_MAX_STEPS);
    for (i = 0; i < p->n; i++) {
        const ap_buffer *b = &p->buf[i];
        fprintf(f, "%c (id=%zu): size=%lld, offset=%lld, first_used=%lld last_used=%lld\r\n",
                b->lower != b->upper - 1 ? ordinal(i) : '*', i, (long long)b->size,
                (long long)plan->offset[i], (long long)b->lower, (long long)(b->upper - 1));
    }
    if (!(order = ap__alloc(p->n + 1, sizeof *order)) || !(live = ap__alloc(p->n + 1, sizeof *live))) {
        st = ap_error_set(err, AP_ERR_NOMEM, "out of memory writing TFLM's log");
        goto done;
    }
    for (i = 0; i < p->n; i++) {
        order[i].v = p->buf[i].lower;
        order[i].i = (uint32_t)i;
    }
    qsort(order, p->n, sizeof *order, ap__measure_cmp_key);
    for (int64_t t = 0; t <= max_time; t++) {
        char line[LINE_WIDTH + 1];
        unsigned char painted[LINE_WIDTH];
        int64_t use = 0;
        size_t k, kept = 0;
        while (next < p->n && order[next].v <= t)
            live[n_live++] = order[next++].i;
        memset(line, '.', LINE_WIDTH);
        memset(painted, 0, sizeof painted);
        for (k = 0; k < n_live; k++) {
            size_t j = live[k];
            const ap_buffer *b = &p->buf[j];
            if (b->upper <= t)
                continue; /* dead: leaves the list */
            live[kept++] = (uint32_t)j;
            use += b->size;
            /* TFLM computes these in int, which overflows past 26,843,545 bytes; here they
             * stay exact */
            for (int64_t c = plan->offset[j] * LINE_WIDTH / max_size,
                         e = (plan->offset[j] + b->size) * LINE_WIDTH / max_size;
                 c < e; c++) {
                line[c] = painted[c] ? '!' : b->lower == b->upper - 1 ? '*' : ordinal(j);
                painted[c] = 1;
            }
        }
        n_live = kept;
        line[LINE_WIDTH] = 0;
        fprintf(f, "%4lld: %s (%lldk)\r\n", (long long)t, line, (long long)((use + 1023) / 1024));
    }
    if (ferror(f))
        st = ap_error_set(err, AP_ERR_IO, "write error");
done:
    free(order);
    free(live);
    return st;
}

ap_status ap_write_tflm_allocations(FILE *f, const ap_tflm_whole *arena, ap_error *err)
{
    const ap_tflm_arena *a = &arena->plan;
    int c;
    /* the recording allocator's figures: PrintAllocations is RecordingMicroAllocator's */
    fprintf(f, "[RecordingMicroAllocator] Arena allocation total %lld bytes\r\n", (long long)a->recording_used);
    fprintf(f, "[RecordingMicroAllocator] Arena allocation head %lld bytes\r\n", (long long)a->head);
    fprintf(f, "[RecordingMicroAllocator] Arena allocation tail %lld bytes\r\n", (long long)a->recording_tail);
    for (c = 0; c < AP_TFLM_OTHER; c++) {
        const ap_tflm_use *u = &a->recording_cat[c];
        if (u->bytes > 0 || u->requested > 0)
            fprintf(f, "[RecordingMicroAllocator] '%s' used %lld bytes with alignment overhead (requested "
                       "%lld bytes for %lld %s)\r\n",
                    ap_tflm_category_print_name(c), (long long)u->bytes, (long long)u->requested,
                    (long long)u->count, ap_tflm_category_print_unit(c));
    }
    if (ferror(f))
        return ap_error_set(err, AP_ERR_IO, "write error");
    return AP_OK;
}
