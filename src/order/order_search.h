/*
 * order_search.h - the exact search over ideals: can a piece run with no step above T?
 * (internal; order_search.c).
 */
#ifndef AP_ORDER_SEARCH_H
#define AP_ORDER_SEARCH_H

#include <stdint.h>

#include "arenaplan/error.h"
#include "order/order_graph.h"

/* What a round answers: an order (found), a proof that none exists (none), or it stopped. */
enum { AP__ORDER_FOUND, AP__ORDER_NONE, AP__ORDER_BUDGET, AP__ORDER_NOMEM };

/* A search on one piece, with its memo of failed ideals kept from round to round. */
typedef struct xsearch ap__order_search;

/* A search of piece s whose nodes are counted in *work against budget; NULL when out of
 * memory. */
ap__order_search *ap__order_search_new(const ap__sched *s, uint64_t *work, uint64_t budget);
void ap__order_search_free(ap__order_search *x);

/* One round: an order of the piece with no step above T? On R_FOUND, ord holds it. */
int ap__order_search_round(ap__order_search *x, int64_t T, uint32_t *ord, ap_error *err);

#endif
