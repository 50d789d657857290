/*
 * savings.c - the bytes overlap allowances save, segment by segment (savings.h).
 *
 * The steps where some allowance applies are the union of its two buffers' common lifetimes.
 * Cut that union at every buffer's lower and upper: inside each piece the same buffers are
 * live. For each piece, the live bytes and the allowances' possible saving come from the live
 * profile (bounds.h); the bytes the plan occupies are the union of the live buffers' byte
 * ranges (sorted by offset, merged).
 */
#include <stdlib.h>
#include <string.h>

#include "arenaplan/bounds.h"
#include "arenaplan/savings.h"
#include "core/util.h"

static int cmp_i64(const void *x, const void *y)
{
    int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;
    return a < b ? -1 : a > b;
}

typedef struct range {
    int64_t lo, hi;
} range;

static int cmp_range(const void *x, const void *y)
{
    const range *a = x, *b = y;
    if (a->lo != b->lo)
        return a->lo < b->lo ? -1 : 1;
    return a->hi < b->hi ? -1 : a->hi > b->hi;
}

/* The profile segment holding step t (segments start at their step; the profile covers every
 * step where something is live). */
static const ap_live_seg *seg_at(const ap_live_seg *seg, size_t ns, int64_t t)
{
    size_t lo = 0, hi = ns;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (seg[mid].step <= t)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo ? &seg[lo - 1] : NULL;
}

/* The steps where some allowance applies: the common lifetimes of the allowances' buffers,
 * merged into act[0..*nact) by start. */
static void active(const ap_problem *p, int64_t (*act)[2], size_t *nact)
{
    size_t n = 0, m = 0;
    for (size_t i = 0; i < p->n_ovl; i++) {
        const ap_buffer *a = &p->buf[p->ovl[i].base], *b = &p->buf[p->ovl[i].over];
        int64_t lo = ap__max64(a->lower, b->lower), hi = ap__min64(a->upper, b->upper);
        if (lo < hi) {
            act[n][0] = lo;
            act[n++][1] = hi;
        }
    }
    *nact = n;
    if (n == 0)
        return;
    qsort(act, n, sizeof *act, cmp_i64); /* by start (the first member) */
    for (size_t i = 1; i < n; i++) {
        if (act[i][0] <= act[m][1])
            act[m][1] = ap__max64(act[m][1], act[i][1]);
        else
            memcpy(act[++m], act[i], sizeof act[i]);
    }
    *nact = m + 1;
}

/* Cut points: every buffer boundary and every active interval's ends, sorted. */
static size_t cuts(const ap_problem *p, int64_t (*act)[2], size_t nact, int64_t *cut)
{
    size_t n = 0;
    for (size_t i = 0; i < p->n; i++) {
        cut[n++] = p->buf[i].lower;
        cut[n++] = p->buf[i].upper;
    }
    for (size_t i = 0; i < nact; i++) {
        cut[n++] = act[i][0];
        cut[n++] = act[i][1];
    }
    qsort(cut, n, sizeof *cut, cmp_i64);
    return n;
}

/* The bytes the plan occupies at step t: the union of the live buffers' byte ranges (rg:
 * scratch for p->n ranges). */
static int64_t used_at(const ap_problem *p, const ap_plan *plan, int64_t t, range *rg)
{
    size_t nr = 0;
    int64_t used = 0;
    for (size_t i = 0; i < p->n; i++) {
        const ap_buffer *b = &p->buf[i];
        if (b->lower <= t && t < b->upper && b->size > 0) {
            rg[nr].lo = plan->offset[i];
            rg[nr++].hi = plan->offset[i] + b->size;
        }
    }
    qsort(rg, nr, sizeof *rg, cmp_range);
    for (size_t i = 0, j; i < nr; i = j) {
        int64_t lo = rg[i].lo, hi = rg[i].hi;
        for (j = i + 1; j < nr && rg[j].lo <= hi; j++)
            hi = ap__max64(hi, rg[j].hi);
        used += hi - lo;
    }
    return used;
}

/* One segment [t0, t1): what is live there, what the allowances could save, what the plan
 * occupies. */
static void segment(const ap_problem *p, const ap_plan *plan, const ap_live_seg *seg, size_t ns,
                    int64_t t0, int64_t t1, range *rg, ap_step_saving *r)
{
    const ap_live_seg *s = seg_at(seg, ns, t0);
    r->step = t0;
    r->end = t1;
    r->label = ap_problem_label(p, t0);
    r->count = s ? s->count : 0;
    r->live = s ? s->live : 0;
    r->can_save = s ? s->live - s->live_overlap : 0;
    r->used = r->saved = -1;
    if (plan) {
        r->used = used_at(p, plan, t0, rg);
        r->saved = r->live - r->used;
    }
}

ap_status ap_overlap_savings(const ap_problem *p, const ap_plan *plan, ap_step_saving **out,
                             size_t *n, ap_error *err)
{
    ap_live_seg *seg = NULL;
    size_t ns = 0, nact = 0, ncut = 0, k = 0;
    int64_t (*act)[2] = NULL, *cut = NULL;
    range *rg = NULL;
    ap_step_saving *res = NULL;
    ap_status st;
    *out = NULL;
    *n = 0;
    if (p->n_ovl == 0)
        return AP_OK;
    if ((st = ap_live_profile(p, &seg, &ns, err)) != AP_OK)
        return st;
    act = ap__alloc(p->n_ovl, sizeof *act);
    cut = ap__alloc(2 * p->n + 2 * p->n_ovl + 1, sizeof *cut);
    rg = ap__alloc(p->n + 1, sizeof *rg);
    if (act && cut && rg) {
        active(p, act, &nact);
        ncut = nact ? cuts(p, act, nact, cut) : 0;
        if (nact && !(res = ap__alloc(ncut + 1, sizeof *res)))
            st = AP_ERR_NOMEM;
    } else {
        st = AP_ERR_NOMEM;
    }
    for (size_t c = 0, a = 0; st == AP_OK && c + 1 < ncut; c++) {
        int64_t t0 = cut[c], t1 = cut[c + 1];
        if (t0 == t1)
            continue;
        while (a < nact && act[a][1] <= t0)
            a++;
        if (a == nact)
            break;
        if (act[a][0] <= t0) /* else no allowance applies in [t0, t1) */
            segment(p, plan, seg, ns, t0, t1, rg, &res[k++]);
    }
    free(seg);
    free(act);
    free(cut);
    free(rg);
    if (st != AP_OK || k == 0) {
        free(res);
        res = NULL;
        k = 0;
    }
    *out = res;
    *n = k;
    return st == AP_OK ? AP_OK
                       : ap_error_set(err, AP_ERR_NOMEM, "out of memory measuring overlap savings");
}

ap_status ap_write_overlap_savings(FILE *f, const ap_problem *p, const ap_plan *plan,
                                   ap_error *err)
{
    ap_step_saving *r;
    size_t n, i;
    int wl = 8;
    ap_status st = ap_overlap_savings(p, plan, &r, &n, err);
    if (st != AP_OK || n == 0)
        return st;
    for (i = 0; i < n; i++) {
        int w = r[i].label ? (int)strlen(r[i].label) : 1;
        wl = w > wl ? w : wl;
    }
    if (wl > 40)
        wl = 40;
    fputs("bytes saved by overlap\n", f);
    fprintf(f, "%6s  %-*s  %10s  %10s  %10s  %13s\n", "step", wl, "operator", "live", "in plan",
            "saved", "most possible");
    for (i = 0; i < n; i++) {
        char step[48];
        if (r[i].end == r[i].step + 1)
            snprintf(step, sizeof step, "%lld", (long long)r[i].step);
        else
            snprintf(step, sizeof step, "%lld-%lld", (long long)r[i].step,
                     (long long)(r[i].end - 1));
        fprintf(f, "%6s  %-*.*s  %10lld  ", step, wl, wl, r[i].label ? r[i].label : "-",
                (long long)r[i].live);
        if (plan)
            fprintf(f, "%10lld  %10lld  ", (long long)r[i].used, (long long)r[i].saved);
        else
            fprintf(f, "%10s  %10s  ", "-", "-");
        fprintf(f, "%13lld\n", (long long)r[i].can_save);
    }
    free(r);
    if (ferror(f))
        return ap_error_set(err, AP_ERR_IO, "write error");
    return AP_OK;
}
