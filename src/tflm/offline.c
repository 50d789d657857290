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

#include "arenaplan/check.h"
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

/* Whether pair x comes before pair y: by the lower offset, then by index. */
static int before(const ap_problem *p, const ap_tflm_clash *x, const ap_tflm_clash *y)
{
    int64_t fx = ap__min64(p->buf[x->a].fixed, p->buf[x->b].fixed);
    int64_t fy = ap__min64(p->buf[y->a].fixed, p->buf[y->b].fixed);
    if (fx != fy)
        return fx < fy;
    return x->a != y->a ? x->a < y->a : x->b < y->b;
}

ap_status ap_tflm_offline_clashes(const ap_problem *p, ap_tflm_clash *out, size_t max,
                                  size_t *n, ap_error *err)
{
    /* the checker's sweep (check.h): a cost per pair that shares, none for pairs that only
       share offsets at other steps */
    uint32_t (*pairs)[2] = ap__alloc(max ? max : 1, sizeof *pairs);
    ap_status st;
    *n = 0;
    if (!pairs)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory comparing fixed offsets");
    if ((st = ap_preplanned_sharing(p, pairs, max, SIZE_MAX, n)) != AP_OK) {
        free(pairs);
        return ap_error_set(err, st, "out of memory comparing fixed offsets");
    }
    /* the few kept, in the promised order (an insertion sort: max is a handful) */
    for (size_t k = 0; k < max && k < *n; k++) {
        ap_tflm_clash c = {pairs[k][0], pairs[k][1]};
        size_t j = k;
        for (; j > 0 && before(p, &c, &out[j - 1]); j--)
            out[j] = out[j - 1];
        out[j] = c;
    }
    free(pairs);
    return AP_OK;
}
