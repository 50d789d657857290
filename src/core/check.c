/*
 * check.c - the independent plan checker (see check.h).
 *
 * Shares no code with the planners on purpose: a planner bug must not be able to hide behind a
 * checker that reasons the same way. The sweep walks time once. Live buffers sit in a static
 * segment tree whose leaves are all buffers sorted by (offset, index); a leaf holds the buffer's
 * end (offset + size) while it is live and -1 otherwise, and each inner node the maximum of its
 * children. When a buffer b becomes live, the buffers sharing a byte with it are exactly the live
 * ones with offset < end(b) and end > offset(b): a prefix of the leaves, pruned by the maxima,
 * so each query costs O(log n) per reported buffer. Only allowed overlaps are ever reported
 * without stopping the sweep, so the whole check is O(n log n) plus the allowed overlaps.
 * Pre-planned fixed buffers (a model's offline plan) may share bytes with each other by a rule,
 * not by stored pairs: they live in a second tree that an incoming pre-planned buffer does not
 * query, so a thousand of them at offset 0 cost no more than a thousand anywhere else. The same
 * sweep over the fixed buffers alone is how ap_problem_validate refuses fixed offsets that
 * clash, and how ap_preplanned_sharing lists the pairs that share.
 */
#include <stdio.h>
#include <string.h>

#include "arenaplan/check.h"
#include "core/check.h"
#include "core/util.h"

typedef struct sweep sweep;

/* Whether the overlap of live buffer `live` with `incoming` is excused (or, for a collector,
 * recorded: it may then set stop). */
typedef int (*excuse_fn)(sweep *s, uint32_t live, uint32_t incoming);

struct sweep {
    const ap_problem *p;
    const int64_t *off;
    uint32_t *leaf_buf;  /* leaf k -> buffer */
    uint32_t *leaf_of;   /* buffer -> leaf */
    int64_t *tree[2];    /* per tree 2 * width nodes; node 1 is the root, leaves at width + k.
                            tree[1]: live pre-planned buffers (when the rule applies), which
                            may share bytes with each other; tree[0]: every other live buffer */
    size_t width, nleaf;
    int rule;            /* pre-planned buffers at their fixed offsets may share bytes */
    excuse_fn ok;
    uint32_t (*pairs)[2];/* a collector's pairs (ap_preplanned_sharing) */
    size_t max, found, limit;
    int stop;
};

static int cmp_by_offset(uint32_t a, uint32_t b, const void *ctx)
{
    const sweep *s = ctx;
    if (s->off[a] != s->off[b])
        return s->off[a] < s->off[b] ? -1 : 1;
    return a < b ? -1 : a > b;
}

static void tree_set(int64_t *tree, size_t width, size_t leaf, int64_t v)
{
    size_t i = width + leaf;
    tree[i] = v;
    for (i /= 2; i >= 1; i /= 2)
        tree[i] = ap__max64(tree[2 * i], tree[2 * i + 1]);
}

/* Finds, among live leaves [0, limit) of the subtree at node (covering [lo, lo+len)), the first
 * (lowest leaf) whose end exceeds `above` and which `ok` does not excuse. Returns the buffer or
 * UINT32_MAX. */
static uint32_t find_clash(sweep *s, const int64_t *tree, size_t node, size_t lo, size_t len,
                           size_t limit, int64_t above, uint32_t incoming)
{
    if (lo >= limit || tree[node] <= above || s->stop)
        return UINT32_MAX;
    if (len == 1) {
        uint32_t a = s->leaf_buf[lo];
        return s->ok(s, a, incoming) ? UINT32_MAX : a;
    }
    {
        size_t half = len / 2;
        uint32_t r = find_clash(s, tree, 2 * node, lo, half, limit, above, incoming);
        if (r != UINT32_MAX)
            return r;
        return find_clash(s, tree, 2 * node + 1, lo + half, half, limit, above, incoming);
    }
}

/* Whether allowance o holds at d = offset(over) - offset(base). */
static int relation_holds(const ap_overlap *o, int64_t d)
{
    return (o->flags & AP_OVERLAP_EXACT) ? d == o->max_delta : d <= o->max_delta;
}

/* An overlap between live buffers a and b is excused by an allowance that holds. */
static int allowance_holds(sweep *s, uint32_t a, uint32_t b)
{
    const ap_overlap *o = ap_problem_find_overlap(s->p, a, b);
    if (o && relation_holds(o, s->off[b] - s->off[a]))
        return 1;
    o = ap_problem_find_overlap(s->p, b, a);
    return o && relation_holds(o, s->off[a] - s->off[b]);
}

static int allowance_exists(const ap_problem *p, uint32_t a, uint32_t b)
{
    return ap_problem_find_overlap(p, a, b) || ap_problem_find_overlap(p, b, a);
}

/* A pre-planned buffer at its fixed offset (check_each has made sure of the offset when the
 * sweep checks a plan). */
static int preplanned_at(const sweep *s, uint32_t b)
{
    const ap_buffer *x = &s->p->buf[b];
    return x->fixed != AP_UNFIXED && x->preplanned && s->off[b] == x->fixed;
}

typedef struct event {
    int64_t t;
    int start; /* 0 = end (processed first at equal t), 1 = start */
    uint32_t buf;
} event;

static int cmp_event(const void *x, const void *y)
{
    const event *a = x, *b = y;
    if (a->t != b->t)
        return a->t < b->t ? -1 : 1;
    if (a->start != b->start)
        return a->start - b->start;
    return a->buf < b->buf ? -1 : a->buf > b->buf;
}

static void describe(char *out, size_t cap, const ap_problem *p, const int64_t *off, uint32_t a,
                     uint32_t b, int allowed)
{
    const ap_buffer *x = &p->buf[a], *y = &p->buf[b];
    int64_t t0 = ap__max64(x->lower, y->lower), t1 = ap__min64(x->upper, y->upper) - 1;
    int64_t b0 = ap__max64(off[a], off[b]);
    int64_t b1 = ap__min64(off[a] + x->size, off[b] + y->size);
    char steps[64];
    if (t0 == t1)
        snprintf(steps, sizeof steps, "step %lld", (long long)t0);
    else
        snprintf(steps, sizeof steps, "steps %lld-%lld", (long long)t0, (long long)t1);
    snprintf(out, cap,
             "buffers '%s' (%lld bytes, lifetime [%lld, %lld), bytes [%lld, %lld)) and '%s' "
             "(%lld bytes, lifetime [%lld, %lld), bytes [%lld, %lld)) are both live at %s and "
             "share bytes [%lld, %lld)%s",
             x->id, (long long)x->size, (long long)x->lower, (long long)x->upper,
             (long long)off[a], (long long)(off[a] + x->size), y->id, (long long)y->size,
             (long long)y->lower, (long long)y->upper, (long long)off[b],
             (long long)(off[b] + y->size), steps, (long long)b0, (long long)b1,
             allowed ? ", beyond what their overlap allowance permits" : "");
}

static ap_status check_each(const ap_problem *p, const int64_t *off, ap_check_result *res)
{
    size_t i;
    for (i = 0; i < p->n; i++) {
        const ap_buffer *b = &p->buf[i];
        int64_t a = ap_buffer_align(p, i);
        res->a = i;
        if (off[i] < 0) {
            res->fault = AP_FAULT_UNPLACED;
            snprintf(res->message, sizeof res->message, "buffer '%s' has no offset", b->id);
        } else if (off[i] > AP_MAX_VALUE - b->size) {
            res->fault = AP_FAULT_RANGE;
            snprintf(res->message, sizeof res->message,
                     "buffer '%s' at offset %lld with size %lld ends beyond 2^52", b->id,
                     (long long)off[i], (long long)b->size);
        } else if (off[i] % a != 0) {
            res->fault = AP_FAULT_ALIGN;
            snprintf(res->message, sizeof res->message,
                     "buffer '%s' at offset %lld is not aligned to %lld bytes", b->id,
                     (long long)off[i], (long long)a);
        } else if (b->fixed != AP_UNFIXED && off[i] != b->fixed) {
            res->fault = AP_FAULT_FIXED;
            snprintf(res->message, sizeof res->message,
                     "buffer '%s' must stay at its fixed offset %lld but is at %lld", b->id,
                     (long long)b->fixed, (long long)off[i]);
        } else {
            if (off[i] + b->size > res->arena)
                res->arena = off[i] + b->size;
            continue;
        }
        return AP_ERR_INVALID;
    }
    return AP_OK;
}

/* The sweep over the buffers that `take` selects (all, or the fixed ones) at offsets: the first
 * overlap that s->ok does not excuse, in the order ap_check documents. An incoming pre-planned
 * buffer (when the rule applies) is only compared with the live buffers of tree 0: those of
 * tree 1 may share its bytes, and skipping them keeps the sweep O(n log n) however many do.
 * Long because it is the checker's one loop: the trees, the events and the first fault are
 * its state, and a reader verifies the checker by reading this function whole. */
static ap_status sweep_run(sweep *s, int fixed_only, ap_check_result *res)
{
    const ap_problem *p = s->p;
    const int64_t *offsets = s->off;
    event *ev = NULL;
    size_t i, nev = 0;
    ap_status st = AP_OK;
    for (i = 0; i < p->n; i++)
        if (p->buf[i].size > 0 && (!fixed_only || p->buf[i].fixed != AP_UNFIXED))
            s->nleaf++;
    for (s->width = 1; s->width < s->nleaf; s->width *= 2) {
    }
    s->leaf_buf = ap__alloc(s->nleaf, sizeof *s->leaf_buf);
    s->leaf_of = ap__alloc(p->n, sizeof *s->leaf_of);
    s->tree[0] = ap__alloc(2 * s->width, sizeof *s->tree[0]);
    s->tree[1] = ap__alloc(2 * s->width, sizeof *s->tree[1]);
    ev = ap__alloc(2 * s->nleaf, sizeof *ev);
    if (!s->leaf_buf || !s->leaf_of || !s->tree[0] || !s->tree[1] || !ev) {
        st = AP_ERR_NOMEM;
        snprintf(res->message, sizeof res->message, "out of memory checking %zu buffers", p->n);
        goto done;
    }
    s->nleaf = 0;
    for (i = 0; i < p->n; i++) {
        if (p->buf[i].size == 0 || (fixed_only && p->buf[i].fixed == AP_UNFIXED))
            continue;  /* owns no byte, so it cannot clash; or not asked about */
        s->leaf_buf[s->nleaf++] = (uint32_t)i;
        ev[nev].t = p->buf[i].lower, ev[nev].start = 1, ev[nev++].buf = (uint32_t)i;
        ev[nev].t = p->buf[i].upper, ev[nev].start = 0, ev[nev++].buf = (uint32_t)i;
    }
    if (ap__sort_idx(s->leaf_buf, s->nleaf, cmp_by_offset, s, NULL) != AP_OK) {
        st = AP_ERR_NOMEM;
        snprintf(res->message, sizeof res->message, "out of memory checking %zu buffers", p->n);
        goto done;
    }
    for (i = 0; i < s->nleaf; i++)
        s->leaf_of[s->leaf_buf[i]] = (uint32_t)i;
    for (i = 0; i < 2 * s->width; i++)
        s->tree[0][i] = s->tree[1][i] = -1;
    qsort(ev, nev, sizeof *ev, cmp_event);

    for (i = 0; i < nev && !s->stop; i++) {
        uint32_t b = ev[i].buf, a;
        size_t limit;
        int64_t end = offsets[b] + p->buf[b].size;
        int pre = s->rule && preplanned_at(s, b);
        if (!ev[i].start) {
            tree_set(s->tree[pre], s->width, s->leaf_of[b], -1);
            continue;
        }
        /* Leaves with offset < end(b) form a prefix: binary search its length. */
        {
            size_t lo = 0, hi = s->nleaf;
            while (lo < hi) {
                size_t mid = lo + (hi - lo) / 2;
                if (offsets[s->leaf_buf[mid]] < end)
                    lo = mid + 1;
                else
                    hi = mid;
            }
            limit = lo;
        }
        a = find_clash(s, s->tree[0], 1, 0, s->width, limit, offsets[b], b);
        if (a == UINT32_MAX && !pre)
            a = find_clash(s, s->tree[1], 1, 0, s->width, limit, offsets[b], b);
        if (a != UINT32_MAX) {
            res->fault = allowance_exists(p, a, b) ? AP_FAULT_ALLOWANCE : AP_FAULT_OVERLAP;
            res->a = a;
            res->b = b;
            describe(res->message, sizeof res->message, p, offsets, a, b,
                     res->fault == AP_FAULT_ALLOWANCE);
            st = AP_ERR_INVALID;
            goto done;
        }
        tree_set(s->tree[pre], s->width, s->leaf_of[b], end);
    }
done:
    free(s->leaf_buf);
    free(s->leaf_of);
    free(s->tree[0]);
    free(s->tree[1]);
    free(ev);
    return st;
}

static void sweep_init(sweep *s, const ap_problem *p, const int64_t *off, int rule, excuse_fn ok)
{
    memset(s, 0, sizeof *s);
    s->p = p;
    s->off = off;
    s->rule = rule;
    s->ok = ok;
}

/* With the rule on, two buffers in different trees never both qualify, so the excuse is an
 * allowance alone. */
static ap_status check_with(const ap_problem *p, const int64_t *offsets, int rule,
                            ap_check_result *res)
{
    sweep s;
    ap_status st;
    memset(res, 0, sizeof *res);
    if ((st = check_each(p, offsets, res)) != AP_OK)
        return st;
    sweep_init(&s, p, offsets, rule, allowance_holds);
    return sweep_run(&s, 0, res);
}

ap_status ap_check(const ap_problem *p, const int64_t *offsets, ap_check_result *res)
{
    return check_with(p, offsets, 1, res);
}

ap_status ap_check_strict(const ap_problem *p, const int64_t *offsets, ap_check_result *res)
{
    return check_with(p, offsets, 0, res);
}

/* The sweep over the fixed buffers alone, at their fixed offsets (s set up without offsets). */
static ap_status sweep_fixed(sweep *s, ap_check_result *res)
{
    const ap_problem *p = s->p;
    int64_t *off;
    ap_status st;
    size_t nf = 0;
    for (size_t i = 0; i < p->n && nf < 2; i++)
        nf += p->buf[i].fixed != AP_UNFIXED && p->buf[i].size > 0;
    if (nf < 2)
        return AP_OK; /* nothing can clash */
    if (!(off = ap__alloc(p->n, sizeof *off))) {
        snprintf(res->message, sizeof res->message, "out of memory checking fixed offsets");
        return AP_ERR_NOMEM;
    }
    for (size_t i = 0; i < p->n; i++)
        off[i] = p->buf[i].fixed;
    s->off = off;
    st = sweep_run(s, 1, res);
    free(off);
    return st;
}

ap_status ap__check_fixed(const ap_problem *p, int strict, ap_check_result *res)
{
    sweep s;
    memset(res, 0, sizeof *res);
    sweep_init(&s, p, NULL, !strict, allowance_holds);
    return sweep_fixed(&s, res);
}

/* The collector: a pair of pre-planned buffers that no allowance lets share bytes is recorded
 * (and excused, so that the sweep goes on); anything else is left to the allowances. */
static int record_pair(sweep *s, uint32_t a, uint32_t b)
{
    if (allowance_holds(s, a, b))
        return 1;
    if (!(preplanned_at(s, a) && preplanned_at(s, b)))
        return 0;
    if (s->found < s->max) {
        s->pairs[s->found][0] = a < b ? a : b;
        s->pairs[s->found][1] = a < b ? b : a;
    }
    if (++s->found >= s->limit)
        s->stop = 1;
    return 1;
}

ap_status ap_preplanned_sharing(const ap_problem *p, uint32_t (*pairs)[2], size_t max,
                                size_t limit, size_t *count)
{
    sweep s;
    ap_check_result res;
    ap_status st;
    sweep_init(&s, p, NULL, 0, record_pair);
    s.pairs = pairs;
    s.max = max;
    s.limit = limit ? limit : 1;
    st = sweep_fixed(&s, &res);
    *count = s.found;
    /* validate refused every other clash of fixed buffers */
    return st == AP_ERR_INVALID ? AP_OK : st;
}
