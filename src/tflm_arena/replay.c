/*
 * replay.c - a trace replayed on an arena of N bytes (replay.h), with SingleArenaBufferAllocator's
 * exact rules: tail allocations aligned down from the end and checked against the head;
 * temporary ones aligned up from the head and checked against the tail; the resizable head; the
 * planner taking every free byte and needing 40 per buffer.
 *
 * The replay's addresses are real: the arena starts at 16 (16- but not 32-aligned, as the
 * reference measured) and ends at 16 + N, so the alignment padding is TFLM's. For a fixed
 * N mod 16, every address at the tail end moves with N and none at the head end does, so
 * success is monotone in N within each residue: the smallest working arena is a binary search
 * per residue and the least of the sixteen.
 */
#include <assert.h>
#include <string.h>

#include "tflm_arena/replay.h"

#define ARENA_BASE 16 /* 16-aligned, not 32-aligned */

static int64_t down(int64_t v, int64_t a) { return v & ~(a - 1); }
static int64_t up(int64_t v, int64_t a) { return (v + a - 1) & ~(a - 1); }

/* Long because it is SingleArenaBufferAllocator's rules, one case per kind of call, which read
 * best side by side. */
int ap__replay_run(const ap__trace *tr, int64_t n, ap__replay *r, int64_t *where)
{
    memset(r, 0, sizeof *r);
    r->base = r->head = r->temp = r->guard = ARENA_BASE;
    r->end = r->tail = ARENA_BASE + n;
    r->fail = SIZE_MAX;
    for (size_t k = 0; k < tr->n; k++) {
        const ap__trace_ev *e = &tr->v[k];
        int64_t at, low = r->temp - r->base, high = r->end - r->tail;
        int ok = 1;
        switch (e->kind) {
        case AP__EV_PERSIST:
            /* SingleArenaBufferAllocator checks a tail allocation against the head only, so it
             * may take bytes of the temporary section; but a kernel's buffer in Prepare is then
             * written over temporary tensors the kernel and DeallocateTempTfLiteTensor read
             * afterwards, and ResetTempAllocations' checksum fails: AllocateTensors fails. */
            at = down(r->tail - e->size, e->align);
            ok = at >= r->head && (e->phase != AP_TFLM_PHASE_PREPARE || at >= r->guard);
            low = r->head - r->base;
            high = r->end - at;
            if (ok) {
                r->bytes[e->cat] += r->tail - at;
                if (where) {
                    where[2 * k] = r->tail - at;
                    where[2 * k + 1] = r->end - at;
                }
                r->tail = at;
            }
            break;
        case AP__EV_TEMP:
            at = up(r->temp, e->align);
            low = at + e->size - r->base;
            ok = r->tail - at >= e->size;
            if (ok && where) {
                where[2 * k] = at + e->size - r->temp;
                where[2 * k + 1] = at - r->base;
            }
            if (ok)
                r->temp = at + e->size;
            if (ok && e->read > 0 && at + e->read > r->guard)
                r->guard = at + e->read;
            break;
        case AP__EV_RESIZE:
            assert(r->head == r->temp);
            at = up(r->base, e->align);
            low = at + e->size - r->base;
            ok = r->tail - at >= e->size;
            if (ok && where) {
                where[2 * k] = at + e->size - r->base;
                where[2 * k + 1] = at - r->base;
            }
            if (ok)
                r->head = r->temp = r->guard = at + e->size;
            break;
        case AP__EV_RESET:
            r->temp = r->guard = r->head;
            break;
        default: /* AP__EV_PLAN: every free byte, of which the planner needs e->size */
            at = up(r->temp, 16);
            low = at + e->size - r->base;
            /* GetAvailableMemory is a size_t: with the 16-aligned tail below the 16-aligned temp
             * top it wraps; AllocateTemp of that much passes when its own difference wraps too
             * (the tail below that top), and GreedyMemoryPlanner::Init's int of it is negative:
             * room for no buffer, which is enough when the planner receives none. */
            ok = e->size == 0 ? r->tail < at || down(r->tail, 16) >= at
                              : down(r->tail, 16) - at >= e->size;
            if (ok && where) {
                where[2 * k] = at + e->size - r->temp;
                where[2 * k + 1] = at - r->base;
            }
            if (ok)
                r->temp = down(r->tail, 16);
            break;
        }
        if (!ok) {
            r->fail = k;
            r->fail_low = low;
            r->fail_high = high;
            return 0;
        }
        if (e->phase != AP_TFLM_PHASE_FINISH && low > r->peak &&
            (e->kind == AP__EV_TEMP || e->kind == AP__EV_RESIZE || e->kind == AP__EV_PLAN))
            r->peak = low;
    }
    return 1;
}

int64_t ap__replay_roomy(const ap__trace *tr)
{
    return up(tr->total + 64, 16);
}

int64_t ap__replay_smallest(const ap__trace *tr, int64_t *multiple16)
{
    int64_t hi_all = ap__replay_roomy(tr), best = -1;
    ap__replay r;
    for (int64_t res = 0; res < 16; res++) {
        int64_t lo = 0, hi = hi_all / 16; /* run(res + 16 * hi) succeeds */
        if (!ap__replay_run(tr, res + 16 * hi, &r, NULL))
            continue; /* cannot happen: roomy() leaves room for everything */
        while (lo < hi) {
            int64_t mid = lo + (hi - lo) / 2;
            if (ap__replay_run(tr, res + 16 * mid, &r, NULL))
                hi = mid;
            else
                lo = mid + 1;
        }
        if (best < 0 || res + 16 * lo < best)
            best = res + 16 * lo;
        if (res == 0)
            *multiple16 = 16 * lo;
    }
    return best;
}
