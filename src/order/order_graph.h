/*
 * order_graph.h - an ordering problem in CSR form, and what every way of solving it needs: its
 * simulation (the peak of a given order), its cut into pieces that every order runs in the same
 * place, and a lower bound per piece (internal; order_graph.c; docs/reorder.md).
 */
#ifndef AP_ORDER_GRAPH_H
#define AP_ORDER_GRAPH_H

#include <stddef.h>
#include <stdint.h>

#include "arenaplan/reorder.h"

typedef struct ap__sched {
    uint32_t n, nt;
    int64_t *w;            /* per tensor */
    int32_t *prod;         /* per tensor: operator or -1 */
    unsigned char *to_end; /* per tensor */
    uint32_t *cs, *c;      /* consumers per tensor (distinct, never the producer) */
    uint32_t *os, *o;      /* outputs per operator */
    uint32_t *is, *in;     /* tensors read per operator (distinct) */
    uint32_t *ps, *p;      /* predecessors per operator (distinct) */
    uint32_t *ss, *s;      /* successors per operator (distinct) */
    int64_t *tr, *trlb;    /* per operator */
    int64_t *outw;         /* per operator: bytes of its outputs */
    int64_t base;          /* bytes live throughout (tensors crossing a piece) */
    int64_t g;             /* granularity: every peak is a multiple of it */
    int start;             /* a start step counts */
} ap__sched;

/* Raw description a sched is built from: consumers may repeat; edges are pairs. */
typedef struct ap__sched_raw {
    uint32_t n, nt;
    int64_t *w;
    int32_t *prod;
    unsigned char *to_end;
    uint32_t *cs, *c;      /* consumers CSR, maybe with repeats */
    uint32_t *e;           /* ne pairs */
    size_t ne;
    int64_t *tr, *trlb;
} ap__sched_raw;

void ap__order_graph_free(ap__sched *s);

/* Builds s from r (r keeps its arrays; s copies what it keeps). */
int ap__order_graph_build(ap__sched *s, const ap__sched_raw *r, int64_t base, int start);

/* Bytes live at the start step: every tensor with no producer. */
int64_t ap__order_graph_start_bytes(const ap__sched *s);

/* Bytes live after no operator has run: tensors with no producer still needed later. */
int64_t ap__order_graph_live0(const ap__sched *s);

/* Runs operator o: L after it, given rc (remaining readers per tensor), which it updates. */
int64_t ap__order_graph_run_op(const ap__sched *s, uint32_t o, int64_t L, uint32_t *rc);

void ap__order_graph_rc_init(const ap__sched *s, uint32_t *rc);

/* The peak of a valid order (base included; the start step when s->start). */
int64_t ap__order_graph_sim(const ap__sched *s, const uint32_t *ord, uint32_t *rc);

/* Bytes operator o frees when it runs now (rc: remaining readers). */
int64_t ap__order_graph_frees(const ap__sched *s, uint32_t o, const uint32_t *rc);

/* cut[k] = 1 when operator k is comparable to every other one (the given order is a valid
 * order, so positions are operator indices). */
int ap__order_graph_cuts(const ap__sched *s, unsigned char *cut);

/* The piece of operators [a, b) as a graph of its own: local operators 0..b-a-1, the tensors
 * it writes or reads (a tensor written before it counts as written before the start; one read
 * after it lives to the end), base = the bytes live across it untouched. L_a is the live
 * bytes before operator a in any order; lastc the last reader of each tensor (-1 none);
 * mark and loc are scratch arrays of nt entries (mark all 0 on entry and exit). */
int ap__order_graph_piece(const ap__sched *s, uint32_t a, uint32_t b, int64_t L_a, const int32_t *lastc,
                          uint32_t *mark, uint32_t *loc, ap__sched *out);

/* For each operator o: base + transient_lb(o) + its inputs and outputs + every tensor written
 * by an ancestor (or before the piece) and read by a descendant (or after the piece). */
int ap__order_graph_bound(const ap__sched *s, int64_t *lb);

/* Checks g and builds its sched (the given order must be valid). */
ap_status ap__order_graph_from(const ap_order_graph *g, ap__sched *s, ap_error *err);

#endif
