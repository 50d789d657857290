/*
 * candidate.h - what a sharing rule proposes for one operator (internal; inplace.c and
 * overlap.c propose, sharing.c decides).
 */
#ifndef AP_TFLM_CANDIDATE_H
#define AP_TFLM_CANDIDATE_H

#include <stddef.h>
#include <stdint.h>

/* What a rule proposes for one operator: its output out_tensor may share bytes with its input
 * in_tensor while offset(out) - offset(in) <= max_delta (AP__UNCONSTRAINED: wherever the
 * input's bytes are), with the allowance flags. A rule knows kernels, not the graph: the driver
 * (sharing.c) keeps the first proposal whose input dies into its output there. */
typedef struct ap__candidate {
    int32_t in_tensor, out_tensor;
    int64_t max_delta;
    unsigned flags;
} ap__candidate;

#define AP__MAX_CANDIDATES 2 /* proposals per operator at most: ADD, SUB, MUL offer both inputs */

#endif
