/*
 * arena_planner.h - TFLite's ArenaPlanner over a prepared subgraph (internal; arena_planner.c).
 */
#ifndef AP_LITERT_ARENA_PLANNER_H
#define AP_LITERT_ARENA_PLANNER_H

#include "litert/subgraph.h"

struct ap_litert_info;
struct ap_problem;

/* Runs ArenaPlanner's PlanAllocations and the first ExecuteAllocations over the prepared graph
 * g: appends to p the arena's buffers in allocation order, the aliases of in-place sharing
 * and the step labels, and fills info (tensors, counts, persistent arena; info->tensors is
 * allocated here). */
ap_status ap__arena_planner_run(const ap__lrt_graph *g, struct ap_problem *p, struct ap_litert_info *info,
                                ap_error *err);

#endif
