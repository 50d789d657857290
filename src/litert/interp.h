/*
 * interp.h - InterpreterBuilder and AllocateTensors' Prepare walk (internal; interp.c).
 */
#ifndef AP_LITERT_INTERP_H
#define AP_LITERT_INTERP_H

#include <stdint.h>

#include "litert/subgraph.h"

/* Builds subgraph sg of m as InterpreterBuilder does (tensors with their allocation types,
 * nodes with their kernels and the kernels' Init); depth and stack: the subgraphs being
 * prepared around this one (control flow), for the loop check. ap__interp_prepare then
 * prepares the nodes as AllocateTensors does, stopping after the first one with a dynamic
 * output or an unknown output shape. Both fail with AP_ERR_INPUT naming what TFLite refuses. */
ap_status ap__interp_build(ap__lrt_graph *g, const ap_tfl_model *m, uint32_t sg, int threads,
                           unsigned depth, const uint32_t *stack, ap_error *err);
ap_status ap__interp_prepare(ap__lrt_graph *g, ap_error *err);

#endif
