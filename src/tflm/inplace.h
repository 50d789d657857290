/*
 * inplace.h - the in-place rule: outputs that take over a dying input's bytes (internal;
 * inplace.c, docs/inplace.md).
 */
#ifndef AP_TFLM_INPLACE_H
#define AP_TFLM_INPLACE_H

#include "arenaplan/tflite.h"
#include "arenaplan/problem.h"
#include "tflm/candidate.h"

/* The in-place rule (inplace.c) for op of subgraph g, element-wise operators included
 * when elementwise: writes its proposals into c[0 .. AP__MAX_CANDIDATES), in order of
 * preference, and returns how many. */
size_t ap__inplace_candidates(const ap_tfl_model *m, const ap_tfl_subgraph *g,
                              const ap_tfl_operator *op, int elementwise, ap__candidate *c);

#endif
