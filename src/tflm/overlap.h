/*
 * overlap.h - the kernel-aware overlap rule: how far an output may reach into its dying input
 * (internal; overlap.c, docs/overlap.md).
 */
#ifndef AP_TFLM_OVERLAP_H
#define AP_TFLM_OVERLAP_H

#include <stdint.h>

#include "arenaplan/tflite.h"
#include "tflm/candidate.h"

/* The overlap rule (overlap.c) for op: the main input of a modelled kernel (for
 * element-wise operators, each input in turn), max_delta from ap__walk_max_delta. As above;
 * each walk is paid from *budget (ap__walk_cost): a walk that costs more than is left is not
 * made, and *spent is set (the operator then gets no proposal). */
size_t ap__overlap_candidates(const ap_tfl_model *m, const ap_tfl_subgraph *g,
                              const ap_tfl_operator *op, uint64_t *budget, int *spent,
                              ap__candidate *c);

#endif
