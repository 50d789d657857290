/*
 * sharing.h - which bytes an operator's output may share with its dying input (internal;
 * sharing.c): the driver over two rules, the in-place aliases (inplace.c, docs/inplace.md)
 * and the kernel-aware overlap of TFLM's reference kernels (overlap.c over walk.c,
 * docs/overlap.md).
 *
 * sharing.c holds what the rules share (the facts about a subgraph, the condition that an
 * input dies into an output) and decides; inplace.c and overlap.c are the two rules, which
 * know kernels and propose (candidate.h); neither knows the other's proposals or the graph
 * beyond the operator's tensors. Both end in an overlap allowance of the problem (problem.h):
 * the output (`over`) may share bytes with the input (`base`) while
 * d = offset(output) - offset(input) <= max_delta (== for an exact alias).
 */
#ifndef AP_TFLM_SHARING_H
#define AP_TFLM_SHARING_H

#include <stddef.h>
#include <stdint.h>

#include "arenaplan/problem.h"
#include "arenaplan/tflite.h"
#include "arenaplan/tflm.h"

/* What ap__sharing_apply did. */
typedef struct ap__sharing_result {
    size_t n_inplace, n_overlap; /* allowances added by each rule */
    uint64_t work;               /* the overlap rule's work (ap__walk_cost summed) */
    size_t n_unwalked;           /* operators the overlap rule skipped: the budget was spent */
    char unwalked[64];           /* the first of them ("CONV_2D op 1", "ADD op 2:3") */
} ap__sharing_result;

/* Applies the rules (sharing.c) to every operator of every subgraph of m and adds their
 * allowances to p (whose buffers ap_tflite_build_problem has just added). The in-place rule
 * goes first; the overlap rule leaves an output that already has an allowance alone. A
 * proposal holds only where the input dies at the operator: it is planned, no subgraph output
 * and no subgraph input other than one of subgraph 0, no variable or constant, and no
 * operator after this one reads it; the output is
 * planned, written by this operator alone, no subgraph input; and the two are live together at
 * the operator's step only. The overlap rule spends at most AP__WALK_BUDGET_BASE + m->len
 * work. Says in *res what was added and skipped. AP_ERR_NOMEM. */
ap_status ap__sharing_apply(const ap_tfl_model *m, ap_problem *p, ap_tflm_inplace inplace,
                          ap_tflm_overlap overlap, ap__sharing_result *res, ap_error *err);

#endif
