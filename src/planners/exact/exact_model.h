/*
 * exact_model.h - the exact planner's search model (internal; exact_model.c builds it;
 * docs/exact.md has the algorithm and its proofs), and what every search on it shares: the
 * trail, the answer.
 *
 * The model keeps only what a search needs. Zero-size buffers own no byte and go to offset 0;
 * fixed buffers never move and become forbidden windows of the buffers that meet them; the
 * rest, the "search buffers", get offsets. Every pair of meeting search buffers u, v carries
 * the open window of d = x_u - x_v that the pair forbids: (-size u, size v) without an
 * allowance, narrower (possibly empty) with one. Time is cut into sections, the maximal sets
 * of search buffers live together (cliques of the interval graph); a buffer covers a contiguous
 * range of them.
 *
 * A feasibility search answers: is there a plan whose arena is at most `cap`? It returns
 * AP__FOUND with the offsets, AP__NONE when it explored everything (a proof, with the smallest
 * capacity that any of its capacity prunes would have let through in `need`), AP__ABORT when
 * its node budget, the clock or the stop flag ended it first, AP__ERROR (err set) when out of
 * memory.
 */
#ifndef AP_EXACT_MODEL_H
#define AP_EXACT_MODEL_H

#include "arenaplan/problem.h"
#include "core/util.h"

/* A forbidden open window (lo, hi): of an offset, or of a difference of two offsets. */
typedef struct ap__xwin {
    int64_t lo, hi;
} ap__xwin;

typedef struct ap__xmodel {
    const ap_problem *p;
    size_t n;             /* search buffers */
    uint32_t *pidx;       /* search buffer -> problem index */
    int64_t *size, *align, *lower, *upper;
    uint32_t *sec_lo, *sec_hi; /* sections covered: [sec_lo, sec_hi) */
    size_t nsec;
    uint32_t *sec_start, *sec_buf; /* section -> its buffers (CSR) */
    uint32_t *adj_start, *adj;     /* meeting search buffers, sorted (CSR), free pairs included */
    ap__xwin *adj_win;    /* per adjacency entry (u, v): forbidden x_u - x_v; empty when lo >= hi */
    uint8_t *plain;       /* 1: no allowance with any buffer it meets, so its bytes are its own */
    uint32_t *fix_start;  /* forbidden absolute windows from fixed buffers (CSR, sorted by lo) */
    ap__xwin *fix;
    int64_t gran;         /* every canonical offset and arena is a multiple of this */
    int64_t tgran;        /* every lifetime starts and ends on a grid of steps this far apart */
    int64_t amax;         /* largest alignment of a search buffer */
    int64_t fixed_end;    /* max end of fixed buffers */
    long clash_a, clash_b; /* two fixed buffers that clash where the input fixed them (so no
                              plan exists), problem indices; -1 when none */
    uint8_t *hanger;      /* an allowance may hold it from above: it hangs from a buffer whose
                             window (of d = x_u - x_v) ends below 0 (see exact_search.c) */
    uint8_t *nodom;       /* a hanger or meets one: dominance and minoff prunes skip it */
    int hanging;          /* some buffer is a hanger */
    int risky;            /* chains of hanging buffers, or a cycle of equal-offset allowances:
                             the canonical search still finds plans but proves nothing */
} ap__xmodel;

ap_status ap__exact_model_build(ap__xmodel *m, const ap_problem *p, ap_error *err);
void ap__exact_model_free(ap__xmodel *m);

/* Whole-problem offsets from search-buffer offsets (fixed ones kept, zero-size ones at 0). */
void ap__exact_model_offsets(const ap__xmodel *m, const int64_t *xoff, int64_t *offsets);

/* Groups: buffers that share no section can be solved one group after another.
 * ap__exact_model_group_sort orders list[begin, end) by first section (keys: scratch as long as
 * list), which makes every group a contiguous run; ap__exact_model_group_end returns the end of the
 * run that starts at g, its sections in [*s0, *s1). ap__exact_model_splits: whether placing v left
 * a section boundary of its range that no unplaced buffer spans (cut[k] == 0), so that its group
 * falls apart. */
void ap__exact_model_group_sort(const ap__xmodel *m, uint32_t *list, uint64_t *keys, size_t begin,
                                size_t end);
size_t ap__exact_model_group_end(const ap__xmodel *m, const uint32_t *list, size_t g, size_t end,
                                 uint32_t *s0, uint32_t *s1);
int ap__exact_model_splits(const ap__xmodel *m, const int64_t *cut, uint32_t v);

/* The one-machine bound of a section (both searches): (position, size) pairs sorted by
 * position, highest first; the order of equal positions does not change the bound. An
 * insertion sort for the few of short lifetimes, a quicksort for the many of long ones (an
 * insertion sort there cost more than the rest of the search; the C library's qsort, with a
 * call per comparison, more still). */
typedef struct ap__xpair {
    int64_t pos, size;
} ap__xpair;
void ap__exact_model_sort_desc(ap__xpair *e, size_t n);

/* The searches' trail: each change of a cell with its old value, undone newest first. */
typedef struct ap__xtr {
    int64_t *at;
    int64_t old;
} ap__xtr;

/* Sets *at = v and records the old value on the trail (*trail, *n entries of *cap), growing
 * it when full; out of memory, it sets *nomem (the search then stops: the state no longer
 * matters) and still sets *at. */
static inline void ap__xset(ap__xtr **trail, size_t *n, size_t *cap, int *nomem, int64_t *at, int64_t v)
{
    if (*n == *cap) {
        ap__xtr *t = ap__grow(*trail, cap, *n + 1, sizeof **trail);
        if (!t) {
            *nomem = 1;
            *at = v;
            return;
        }
        *trail = t;
    }
    (*trail)[*n].at = at;
    (*trail)[*n].old = *at;
    (*n)++;
    *at = v;
}

static inline void ap__xundo(ap__xtr *trail, size_t *n, size_t mark)
{
    while (*n > mark) {
        (*n)--;
        *trail[*n].at = trail[*n].old;
    }
}

typedef enum ap__xresult { AP__FOUND, AP__NONE, AP__ABORT, AP__ERROR /* out of memory */ } ap__xresult;

#endif
