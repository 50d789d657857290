/*
 * offline.c - an offline plan (metadata "OfflineMemoryAllocation") as TFLM 90b983c2b reads it,
 * beyond the fixed offsets lifetime.c gives the tensors: where variable tensors go, and which
 * fixed tensors the plan puts on shared bytes while both are live.
 *
 * Two functions of TFLM read the same entries two ways (docs/embed.md): InitializeAllocationInfo
 * (micro_allocation_info.cc) runs one index across all subgraphs' tensors, so tensor i of
 * subgraph s takes entry first_entry + i; AllocateVariables (micro_allocator.cc) indexes the
 * entries by i alone, in every subgraph. tflite-micro #1195 changed the first and not the
 * second, so for a variable tensor outside subgraph 0 the head and the tail are decided by two
 * different entries.
 */
#include <assert.h>
#include <stdlib.h>

#include "arenaplan/tflm.h"
#include "core/util.h"

int ap_tflm_variable_place(const ap_tfl_model *m, const int32_t *offline, uint32_t s,
                           uint32_t i)
{
    assert(s < m->n_subgraphs && i < m->subgraphs[s].n_tensors &&
           m->subgraphs[s].tensors[i].is_variable);
    if (!offline)
        return AP_TFLM_VAR_TAIL;
    /* i <= first_entry + i < n: entry i exists */
    return (offline[i] == -1 ? AP_TFLM_VAR_TAIL : 0) |
           (offline[m->subgraphs[s].first_entry + i] != -1 ? AP_TFLM_VAR_HEAD : 0);
}

static int cmp_offset(uint32_t a, uint32_t b, const void *ctx)
{
    const ap_problem *p = ctx;
    if (p->buf[a].fixed != p->buf[b].fixed)
        return p->buf[a].fixed < p->buf[b].fixed ? -1 : 1;
    return a < b ? -1 : a > b;
}

/* Whether an allowance of the problem's rules (not pre-planned sharing) lets buffers i and j
 * share bytes at their fixed offsets (the checker's relation). */
static int rule_permits(const ap_problem *p, size_t i, size_t j)
{
    for (int k = 0; k < 2; k++) {
        size_t base = k ? j : i, over = k ? i : j;
        const ap_overlap *o = ap_problem_find_overlap(p, base, over);
        if (!o || (o->flags & AP_OVERLAP_FIXED))
            continue;
        int64_t d = p->buf[over].fixed - p->buf[base].fixed;
        if ((o->flags & AP_OVERLAP_EXACT) ? d == o->max_delta : d <= o->max_delta)
            return 1;
    }
    return 0;
}

ap_status ap_tflm_offline_clashes(const ap_problem *p, ap_tflm_clash *out, size_t max,
                                  size_t *n, ap_error *err)
{
    uint32_t *fx = ap__alloc(p->n + 1, sizeof *fx);
    size_t nf = 0;
    ap_status st;
    *n = 0;
    if (!fx)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory comparing fixed offsets");
    for (size_t i = 0; i < p->n; i++)
        if (p->buf[i].fixed != AP_UNFIXED && p->buf[i].size > 0)
            fx[nf++] = (uint32_t)i;
    /* Swept in order of offset: only the buffers that start below one's end can share its
     * bytes. */
    st = ap__sort_idx(fx, nf, cmp_offset, p, err);
    for (size_t i = 0; st == AP_OK && i < nf; i++) {
        const ap_buffer *a = &p->buf[fx[i]];
        for (size_t j = i + 1; j < nf && p->buf[fx[j]].fixed < a->fixed + a->size; j++) {
            if (!ap_buffers_meet(p, fx[i], fx[j]) || rule_permits(p, fx[i], fx[j]))
                continue;
            if (*n < max)
                out[*n] = (ap_tflm_clash){fx[i] < fx[j] ? fx[i] : fx[j],
                                          fx[i] < fx[j] ? fx[j] : fx[i]};
            ++*n;
        }
    }
    free(fx);
    return st;
}
