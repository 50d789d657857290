/*
 * overlap.c - the kernel-aware overlap rule (`--overlap reference`; docs/overlap.md): an
 * operator's output may reach into its dying main input as far as the reference kernel's walk
 * (walk.c) allows; for element-wise operators each input in turn. Each walk is paid from the
 * model's work budget, so a hostile file cannot make the rule run long.
 */
#include <assert.h>

#include "tflm/overlap.h"
#include "tflm/walk.h"

/* The main input of a modelled kernel; for element-wise operators each input in turn. */
size_t ap__overlap_candidates(const ap_tfl_model *m, const ap_tfl_subgraph *g,
                              const ap_tfl_operator *op, uint64_t *budget, int *spent,
                              ap__candidate *c)
{
    int arity = ap__walk_elementwise(op->builtin);
    uint32_t slots = arity == 2 ? 2 : 1;
    size_t n = 0;
    for (uint32_t k = 0; k < slots && k < op->n_inputs; k++) {
        ap__walk w;
        int32_t t = op->inputs[k];
        if (!ap__walk_of(m, g, op, k, &w))
            continue;
        if (arity == 0) {
            /* the kernel reads its other inputs (filter, bias) too: they must be other
               tensors */
            int twice = 0;
            for (uint32_t q = 1; q < op->n_inputs; q++)
                twice |= op->inputs[q] == t;
            if (twice)
                continue;
        }
        uint64_t cost = ap__walk_cost(&w);
        if (cost > *budget) {
            *spent = 1;
            return 0;
        }
        *budget -= cost;
        assert(n < AP__MAX_CANDIDATES);
        c[n].in_tensor = t;
        c[n].out_tensor = op->outputs[0];
        c[n].max_delta = ap__walk_max_delta(&w); /* may be AP__UNCONSTRAINED */
        c[n].flags = 0;
        n++;
    }
    return n;
}
