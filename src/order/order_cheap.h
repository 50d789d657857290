/*
 * order_cheap.h - cheap orders of a piece: list schedules, depth-first post-orders and a beam
 * search over ideals (internal; order_cheap.c).
 */
#ifndef AP_ORDER_CHEAP_H
#define AP_ORDER_CHEAP_H

#include <stdint.h>

#include "arenaplan/error.h"
#include "order/order_graph.h"

/* A list schedule: at each step the ready operator with the smallest key (by_delta: bytes
 * added minus bytes freed, then step; else step, then delta; then index). Returns 0, or 1
 * when it gave up (too much work), -1 out of memory. */
int ap__order_cheap_list(const ap__sched *s, int by_delta, uint32_t *ord);

/* A depth-first post-order: from each sink (in given order), every predecessor not yet run
 * first, in the order the variant gives (0 given, 1 reverse, 2 largest need - output first),
 * then the operator. pred_order holds each operator's predecessors in visiting order. */
int ap__order_cheap_post_order(const ap__sched *s, const uint32_t *pred_order, uint32_t *ord);

/* Predecessor lists reordered for post_order variant v. */
int ap__order_cheap_pred_lists(const ap__sched *s, int v, uint32_t *out, ap_error *err);

int ap__order_cheap_beam(const ap__sched *s, uint32_t width, uint32_t *ord);

#endif
