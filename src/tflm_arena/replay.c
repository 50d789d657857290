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

#include "core/util.h"
#include "tflm_arena/replay.h"
#include "tflm_kernels/rows.h"

#define ARENA_BASE 16 /* 16-aligned, not 32-aligned */

static int64_t down(int64_t v, int64_t a) { return v & ~(a - 1); }
static int64_t up(int64_t v, int64_t a) { return (v + a - 1) & ~(a - 1); }

/* The last temporary tensor's TfLiteAffineQuantization: its address (-1: the last temporary
 * tensor has none, or there is none) and the end of its fields. */
typedef struct quant {
    int64_t at, fields;
} quant;

/* How low persistent allocation e may reach: the head; for a kernel's buffer in Prepare the
 * temporary bytes still read (r->guard, below), or more where the kernel itself reads more of
 * its temporaries after writing the buffer (e->clear, rows.h: AP__CLEAR_*); the head alone for
 * a buffer Prepare does not write, and for one that may lie on unread bytes held by the head
 * (AP__HOLD_HEAD; AP__HOLD_EXACT holds it off the read intervals: persist()). */
static int64_t floor_of(const ap__replay *r, const ap__trace_ev *e, const quant *q)
{
    if (e->clear == AP__CLEAR_UNWRITTEN ||
        (e->clear == AP__CLEAR_TENSOR_DIMS && r->mode == AP__HOLD_HEAD))
        return r->head;
    int64_t f = e->phase == AP_TFLM_PHASE_PREPARE && r->guard > r->head ? r->guard : r->head;
    if (e->clear == AP__CLEAR_ALL && r->temp > f)
        return r->temp;
    if (e->clear == AP__CLEAR_QUANT && q->at >= 0 && q->at + q->fields > f)
        return q->at + q->fields;
    return f;
}

/* Whether [a, b) lies on temporary bytes still read (AP__CLEAR_TENSOR_DIMS: of the last
 * TfLiteTensor, its fields up to its dims pointer). */
static int reads_overlap(const ap__replay *r, int64_t a, int64_t b)
{
    for (int k = 0; k < r->n_reads; k++)
        if (r->reads[k][0] < b && r->reads[k][1] > a)
            return 1;
    return r->last_at >= 0 && r->last_at < b && r->last_dims > a;
}

/* [a, b) is read from now on (a temporary allocation's bytes). One touching the last interval
 * joins it; past AP__REPLAY_READS the first two become their hull (only more is read). */
static void reads_add(ap__replay *r, int64_t a, int64_t b)
{
    if (a >= b)
        return;
    if (r->n_reads > 0 && a <= r->reads[r->n_reads - 1][1] && b >= r->reads[r->n_reads - 1][0]) {
        int64_t *x = r->reads[r->n_reads - 1];
        x[0] = a < x[0] ? a : x[0];
        x[1] = b > x[1] ? b : x[1];
        return;
    }
    if (r->n_reads == AP__REPLAY_READS) {
        int64_t lo = ap__min64(r->reads[0][0], r->reads[1][0]);
        int64_t hi = ap__max64(r->reads[0][1], r->reads[1][1]);
        memmove(r->reads, r->reads + 1, (AP__REPLAY_READS - 1) * sizeof r->reads[0]);
        r->reads[0][0] = lo;
        r->reads[0][1] = hi;
        r->n_reads--;
    }
    r->reads[r->n_reads][0] = a;
    r->reads[r->n_reads][1] = b;
    r->n_reads++;
}

/* A tail allocation (step's first case). */
static int64_t persist(ap__replay *r, const ap__trace_ev *e, const quant *q, int64_t *low,
                       int64_t *high, int64_t *where)
{
    int64_t at, slack;
    if (r->split) { /* the persistent buffer alone: checked against its own start */
        at = down(r->ptail - e->size, e->align);
        *low = 0;
        *high = r->pend - at;
        if (where) {
            where[0] = r->ptail - at;
            where[1] = r->pend - at;
        }
        r->bytes[e->cat] += r->ptail - at;
        r->ptail = at;
        return at - r->pbase;
    }
    /* SingleArenaBufferAllocator checks a tail allocation against the head only, so it may
     * take bytes of the temporary section; but a kernel's buffer in Prepare is then written
     * over temporary tensors the kernel and DeallocateTempTfLiteTensor read afterwards, and
     * ResetTempAllocations' checksum fails: AllocateTensors fails. */
    at = down(r->tail - e->size, e->align);
    *low = floor_of(r, e, q) - r->base;
    *high = r->end - at;
    slack = at - floor_of(r, e, q);
    /* below the guard on bytes no one reads any more: TFLM succeeds (0: no bytes to spare, as
       the slack of such a place says nothing of the next one) */
    if (slack < 0 && e->clear == AP__CLEAR_TENSOR_DIMS && r->mode == AP__HOLD_EXACT &&
        e->phase == AP_TFLM_PHASE_PREPARE && at >= r->head && !reads_overlap(r, at, at + e->size))
        slack = 0;
    if (where) {
        where[0] = r->tail - at;
        where[1] = r->end - at;
    }
    r->bytes[e->cat] += r->tail - at;
    r->tail = at;
    return slack;
}

/* One event on r's arena: its slack (how many bytes it has to spare; it fails below 0) and
 * what it needs at the low end (*low) and the high end (*high). Applies the event as if it
 * succeeded; where (NULL, or the event's 2 slots) receives its bytes and offset. */
static int64_t step(ap__replay *r, const ap__trace_ev *e, quant *q, int64_t *low, int64_t *high,
                    int64_t *where)
{
    int64_t at, slack = 0, size = e->size;
    *low = r->temp - r->base;
    *high = r->end - r->tail;
    switch (e->kind) {
    case AP__EV_PERSIST:
        return persist(r, e, q, low, high, where);
    case AP__EV_TEMP:
        at = up(r->temp, e->align);
        *low = at + e->size - r->base;
        slack = r->tail - at - e->size;
        if (where) {
            where[0] = at + e->size - r->temp;
            where[1] = at - r->base;
        }
        r->temp = at + e->size;
        if (e->read > 0 && at + e->read > r->guard)
            r->guard = at + e->read;
        if (e->cat == AP_TFLM_PERSISTENT_TENSOR && !e->clear) { /* a TfLiteTensor */
            if (r->last_at >= 0)
                reads_add(r, r->last_at, r->last_end);
            r->last_at = at;
            r->last_end = at + e->read;
            r->last_dims = at + (e->keep_fields ? e->keep_fields : e->read);
        } else if (e->read > 0) {
            reads_add(r, at, at + e->read);
        }
        if (e->clear) /* a temporary tensor's quantization */
            *q = (quant){at, e->keep_fields};
        else if (e->cat == AP_TFLM_PERSISTENT_TENSOR)
            q->at = -1; /* a temporary TfLiteTensor: the last tensor is this one */
        return slack;
    case AP__EV_RESIZE:
        assert(r->head == r->temp);
        /* the head reserved: MicroAllocator keeps the largest head of the models it planned
         * (max_head_buffer_usage_), so a later model of a multi-tenant arena reserves that */
        if (e->phase == AP_TFLM_PHASE_FINISH)
            size = r->kept = size > r->kept ? size : r->kept;
        at = up(r->base, e->align);
        *low = at + size - r->base;
        slack = r->tail - at - size;
        if (where) {
            where[0] = at + size - r->base;
            where[1] = at - r->base;
        }
        r->head = r->temp = r->guard = at + size;
        return slack;
    case AP__EV_RESET:
        r->temp = r->guard = r->head;
        q->at = -1;
        r->n_reads = 0;
        r->last_at = -1;
        return 0;
    default: /* AP__EV_PLAN: every free byte, of which the planner needs e->size */
        at = up(r->temp, 16);
        *low = at + e->size - r->base;
        /* GetAvailableMemory is a size_t: with the 16-aligned tail below the 16-aligned temp
         * top it wraps; AllocateTemp of that much passes when its own difference wraps too
         * (the tail below that top), and GreedyMemoryPlanner::Init's int of it is negative:
         * room for no buffer, which is enough when the planner receives none. */
        slack = down(r->tail, 16) - at - e->size;
        if (e->size == 0 && r->tail < at)
            slack = 0;
        if (where) {
            where[0] = at + e->size - r->temp;
            where[1] = at - r->base;
        }
        r->temp = down(r->tail, 16);
        return slack;
    }
}

static void start_at(ap__replay *r, int64_t n, int64_t p)
{
    memset(r, 0, sizeof *r);
    r->base = r->head = r->temp = r->guard = ARENA_BASE;
    r->end = r->tail = ARENA_BASE + n;
    r->fail = SIZE_MAX;
    r->split = p >= 0;
    /* CreatePersistentArenaAllocator aligns the persistent buffer's end down to 16 */
    r->pbase = ARENA_BASE;
    r->pend = r->ptail = p >= 0 ? down(ARENA_BASE + p, 16) : 0;
    r->last_at = -1;
}

static int run_held(const ap__trace *tr, int64_t n, int64_t p, int mode, ap__replay *r,
                    int64_t *where)
{
    quant q = {-1, 0};
    start_at(r, n, p);
    r->mode = mode;
    for (size_t k = 0; k < tr->n; k++) {
        const ap__trace_ev *e = &tr->v[k];
        int64_t low, high;
        if (step(r, e, &q, &low, &high, where ? &where[2 * k] : NULL) < 0) {
            r->fail = k; /* the rest of *r is past the event: only these fields are read */
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

static int run(const ap__trace *tr, int64_t n, int64_t p, ap__replay *r, int64_t *where)
{
    return run_held(tr, n, p, AP__HOLD_EXACT, r, where);
}

int ap__replay_run(const ap__trace *tr, int64_t n, ap__replay *r, int64_t *where)
{
    return run(tr, n, -1, r, where);
}

int ap__replay_split_run(const ap__trace *tr, int64_t p, int64_t np, ap__replay *r,
                         int64_t *where)
{
    return run(tr, np, p, r, where);
}

void ap__replay_segment(const ap__trace_ev *v, size_t n, int64_t a, int64_t kept,
                        int64_t *growth, int64_t *need)
{
    ap__replay r;
    quant q = {-1, 0};
    int64_t total = 64 + kept, least = INT64_MAX, low, high;
    for (size_t k = 0; k < n; k++)
        total += v[k].size + v[k].align;
    start_at(&r, up(total, 16) + a, -1); /* the end: 16 + that, a past a multiple of 16 */
    r.mode = AP__HOLD_GUARD; /* *need from slacks that move with the end */
    r.head = r.temp = r.guard = ARENA_BASE + kept;
    r.kept = kept;
    for (size_t k = 0; k < n; k++) {
        int64_t slack = step(&r, &v[k], &q, &low, &high, NULL);
        if (v[k].kind != AP__EV_RESET && slack < least)
            least = slack;
    }
    *growth = r.end - r.tail;
    /* every slack moves with the arena's end: the events need end - slack of it */
    *need = least == INT64_MAX ? 0 : r.end - ARENA_BASE - least;
}

int64_t ap__replay_roomy(const ap__trace *tr)
{
    return up(tr->total + 64, 16);
}

/* The least n in [lo, hi] with which ok(n) holds, ok(hi) holding and ok monotone. */
static int64_t least(const ap__trace *tr, int64_t lo, int64_t hi, int split_p,
                     int64_t other)
{
    ap__replay r;
    while (lo < hi) {
        int64_t mid = lo + (hi - lo) / 2;
        if (split_p ? run(tr, other, mid, &r, NULL) : run(tr, mid, other, &r, NULL))
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

void ap__replay_split_smallest(const ap__trace *tr, int64_t *p, int64_t *np)
{
    int64_t roomy = ap__replay_roomy(tr);
    /* each buffer alone decides its own minimum: no event of one checks the other */
    *p = least(tr, 0, roomy, 1, roomy);
    *np = least(tr, 0, roomy, 0, roomy);
}

/* The least k in [0, hi] with which the replay held by mode succeeds on res + 16 k (it does on
 * hi; monotone modes only). */
static int64_t least_held(const ap__trace *tr, int64_t res, int64_t hi, int mode)
{
    ap__replay r;
    int64_t lo = 0;
    while (lo < hi) {
        int64_t mid = lo + (hi - lo) / 2;
        if (run_held(tr, res + 16 * mid, -1, mode, &r, NULL))
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

/* Per residue of N mod 16, success is monotone when every buffer is held off the guard
 * (AP__HOLD_GUARD) or by the head alone (AP__HOLD_HEAD), and TFLM's own (AP__HOLD_EXACT) lies
 * between: a buffer on a field no one reads loads, a few bytes more may put it on one that is
 * read (BATCH_MATMUL's output dims on the output's zero-point pointer) and fail, more again
 * loads. So the bisections bound it, and the values between are tried one by one: the smallest
 * arena with which AllocateTensors succeeds, as TFLM's own measurement finds it. */
int64_t ap__replay_smallest(const ap__trace *tr, int64_t *multiple16)
{
    int64_t hi_all = ap__replay_roomy(tr), best = -1;
    int pockets = 0;
    ap__replay r;
    for (size_t k = 0; k < tr->n && !pockets; k++)
        pockets = tr->v[k].kind == AP__EV_PERSIST && tr->v[k].clear == AP__CLEAR_TENSOR_DIMS;
    for (int64_t res = 0; res < 16; res++) {
        int64_t hi = hi_all / 16; /* run(res + 16 * hi) succeeds */
        if (!ap__replay_run(tr, res + 16 * hi, &r, NULL))
            continue; /* cannot happen: roomy() leaves room for everything */
        int64_t k = least_held(tr, res, hi, AP__HOLD_GUARD);
        if (pockets)
            for (int64_t j = least_held(tr, res, k, AP__HOLD_HEAD); j < k; j++)
                if (ap__replay_run(tr, res + 16 * j, &r, NULL)) {
                    k = j;
                    break;
                }
        if (best < 0 || res + 16 * k < best)
            best = res + 16 * k;
        if (res == 0)
            *multiple16 = 16 * k;
    }
    return best;
}
