/*
 * arenaplan/reorder.h - the operator order: which valid execution order of a model's operators
 * needs the fewest bytes live at once (docs/reorder.md).
 *
 * TFLM runs a subgraph's operators in the order the file stores them, and a tensor holds its
 * bytes from the operator that writes it to the last one that reads it. Where the graph
 * branches, another order that respects every dependency may keep fewer bytes live at its
 * busiest step. What is minimised is exactly the lower bound of the problem TFLM's planner
 * then receives (ap_tflite_build_problem on the reordered model, kernel scratch included):
 * the peak of live bytes over all steps. A planner such as "best" then places the buffers of
 * that problem; TFLM's own greedy planner need not reach its bound.
 *
 * Two levels, and the writer:
 *
 *   ap_order_solve          a graph: operators, tensors with sizes, producers and readers,
 *                           extra precedences -> the order with the lowest peak, its proof or
 *                           its gap (plain data, nothing TFLite-specific)
 *   ap_tflite_reorder_find  a model -> one such order per subgraph, with TFLM's execution-order
 *                           rules (data edges, variables, resources, control flow) and TFLM's
 *                           lifetimes (scratch, called subgraphs)
 *   ap_tflite_reorder       model bytes -> a copy whose operators vectors are permuted, every
 *                           other byte as it was (the offline plan recomputed or dropped)
 *
 * The search (docs/reorder.md): a lower bound over all orders (for each operator, the bytes
 * that must be live while it runs, whatever the order), cheap orders first (memory-aware list
 * scheduling, depth-first post-orders), a beam search over operator sets, then an exact search
 * over downward-closed operator sets (the states of Liberis & Lane's dynamic programme),
 * memoised, pruned by the best order known and by a threshold that halves the gap to the bound
 * (Serenity's budgeting), within a work budget counted in search nodes - never the clock, so
 * results are deterministic. The graph splits at operators every order must run at the same
 * position; the pieces are solved one by one.
 */
#ifndef ARENAPLAN_REORDER_H
#define ARENAPLAN_REORDER_H

#include <stddef.h>
#include <stdint.h>

#include "arenaplan/error.h"
#include "arenaplan/planner.h"
#include "arenaplan/tflite.h"
#include "arenaplan/tflm.h"

#ifdef __cplusplus
extern "C" {
#endif
AP_PUBLIC_BEGIN

/* ---- Graph level ---------------------------------------------------------------------------- */

/* A tensor of an ordering problem. It is live from the step of the operator that writes it
 * (or from the start, producer -1) through the step of the last operator that reads it, or
 * through the end when to_end is set; a tensor no operator reads is live at its producer's
 * step only (or, with producer -1, at the start step only). */
typedef struct ap_order_tensor {
    int64_t bytes;              /* bytes while live, >= 0 (0: it only orders operators) */
    int32_t producer;           /* the operator that writes it, or -1 (live from the start) */
    const uint32_t *consumers;  /* operators that read it (repeats are fine) */
    uint32_t n_consumers;
    int to_end;                 /* live until the end (a subgraph output) */
} ap_order_tensor;

/* An ordering problem: n_ops operators whose given order 0, 1, ..., n_ops - 1 must itself be
 * valid (it is the order kept where nothing better is needed). */
typedef struct ap_order_graph {
    uint32_t n_ops;
    const ap_order_tensor *tensors;
    uint32_t n_tensors;
    const int64_t *transient;    /* per operator: bytes live only during its own step (kernel
                                    scratch, the subgraphs it runs), >= 0; NULL = none */
    const int64_t *transient_lb; /* per operator: a lower bound on transient over every way of
                                    ordering what the operator runs (called subgraphs); NULL =
                                    transient is exact. The bound uses it; an exhausted search
                                    proves a bound only where the two agree. */
    const uint32_t *edges;       /* n_edges pairs (a, b): operator a runs before b */
    uint32_t n_edges;
    int start_step;              /* 1: a step before the first operator, where every tensor
                                    with producer -1 is live, counts (TFLM's "inputs" scope) */
} ap_order_graph;

/* Which orders to try. */
typedef enum ap_order_strategy {
    AP_ORDER_EXACT = 0,  /* bound, cheap orders, then the exact search (the default) */
    AP_ORDER_CHEAP,      /* bound and every cheap order (list scheduling, post-orders) */
    AP_ORDER_LIST,       /* bound and the list schedules only */
    AP_ORDER_DFS,        /* bound and the depth-first post-orders only */
    AP_ORDER_STORED      /* bound and the given order only (reports what reordering could
                            gain at most, changes nothing) */
} ap_order_strategy;

/* The names ("exact", "cheap", "list", "dfs", "stored") in enum order, NULL-terminated. */
extern const char *const ap_order_strategy_names[];

/* Parses a strategy name: 0 and *out on success, -1 for an unknown name. */
int ap_order_strategy_parse(const char *name, ap_order_strategy *out);

/* The exact search's default work budget: search nodes across every piece and round. */
#define AP_ORDER_DEFAULT_BUDGET 2000000u

/* The budget of the quick check `plan`, `inspect` and `report` make: enough to prove the
 * stored or a cheap order optimal on every corpus model, a few milliseconds at most. */
#define AP_ORDER_QUICK_BUDGET 10000u

typedef struct ap_order_options {
    ap_order_strategy strategy;
    uint64_t budget;   /* exact search nodes; 0 = AP_ORDER_DEFAULT_BUDGET. The beam search
                          (exact strategy only) may take 16 elementary steps per node of it. */
} ap_order_options;

void ap_order_options_init(ap_order_options *opt);

typedef struct ap_order_result {
    uint32_t *order;       /* order[k] = the operator that runs k-th (malloc'd, n_ops) */
    uint32_t n_ops;
    int64_t peak;          /* the peak of order */
    int64_t peak_given;    /* the peak of the given order */
    int64_t bound;         /* a proven lower bound on the peak of every valid order */
    int64_t static_bound;  /* the per-operator part of it (before any search raised it) */
    int proven;            /* peak == bound: no valid order has a lower peak */
    int exhausted;         /* the budget ran out before the search could decide */
    const char *found_by;  /* what found order: "given order", "list scheduling",
                              "depth-first post-order", "beam search", "exact search" (static
                              text) */
    uint64_t work;         /* exact search nodes spent */
    uint32_t pieces;       /* pieces the graph split into (operators every order runs at the
                              same position cut it) */
    uint32_t moved;        /* operators whose position differs from the given order */
} ap_order_result;

/* Finds a valid order of g's operators (every producer before its readers, every edge's a
 * before its b) with the lowest peak of live bytes it can, within opt's strategy and budget
 * (opt may be NULL: exact, default budget). Where the given order is as good as the order
 * found at every piece that matters, its operators stay where they were. Deterministic.
 * res is filled on success (free with ap_order_result_free) and zeroed on failure. Fails with
 * AP_ERR_INPUT when g is malformed (an index out of range, negative bytes, the given order
 * breaks an edge or reads a tensor before its producer, an operator reads its own output),
 * AP_ERR_OVERFLOW when the bytes of all tensors do not fit 2^62, AP_ERR_NOMEM. */
ap_status ap_order_solve(const ap_order_graph *g, const ap_order_options *opt,
                         ap_order_result *res, ap_error *err);

void ap_order_result_free(ap_order_result *res);

/* The peak of live bytes of a valid order of g (order NULL: the given order). */
int64_t ap_order_peak(const ap_order_graph *g, const uint32_t *order);

/* ---- Model level ---------------------------------------------------------------------------- */

/* Options for ap_tflite_reorder_find. */
typedef struct ap_tflite_reorder_options {
    ap_tflm_kernels kernels; /* kernel set whose scratch is modelled (as ap_tflite_build_options;
                                reference by default) */
    ap_order_options order;
} ap_tflite_reorder_options;

void ap_tflite_reorder_options_init(ap_tflite_reorder_options *opt);

typedef struct ap_tflite_reorder_result {
    uint32_t n_subgraphs;
    uint32_t **order;      /* order[s][k]: the stored index of the operator subgraph s runs
                              k-th (n_ops of s entries; the identity where s keeps its order) */
    uint32_t *n_ops;       /* per subgraph */
    int64_t peak_stored;   /* the lower bound (peak live bytes) of TFLM's problem for the
                              stored order (ap_tflite_build_problem, offline plan ignored) */
    int64_t peak;          /* the same for the order found: the arena no planner can beat for
                              the reordered model, and what "best" then plans */
    int64_t bound;         /* proven lower bound on that peak over every valid order */
    int proven;            /* peak == bound */
    int exhausted;         /* the work budget ran out before a search could decide */
    const char *found_by;  /* what found the order of the subgraph that sets the peak */
    uint64_t work;         /* exact search nodes spent, all subgraphs */
    uint32_t moved;        /* operators whose position changed, all subgraphs */
    uint32_t reordered;    /* subgraphs whose order changed */
    uint32_t pieces;       /* pieces the subgraphs split into */
} ap_tflite_reorder_result;

/* Finds, for every subgraph TFLM runs, the execution order with the lowest peak of live bytes
 * under TFLM's lifetimes (docs/reorder.md), keeping: every tensor's writer before its readers;
 * the relative order of the operators that touch one variable tensor; the relative order of
 * every operator that touches a resource tensor or runs subgraphs (IF, WHILE, CALL_ONCE), so
 * that variables, resources and TFLM's walk of the called subgraphs stay as stored. Subgraphs
 * TFLM never runs keep their order. The figures are those of the problems built from m and from
 * m with the new orders (the offline plan ignored: it belongs to the stored order; built with
 * allow_refusal, so a model TFLM's allocator refuses is ordered for the head of its lifetimes,
 * as plan shows it); they are checked against the search's own model of the lifetimes. res is
 * filled on success (free with ap_tflite_reorder_result_free) and zeroed on failure. Fails with
 * AP_ERR_INPUT when ap_tflite_build_problem does (with allow_refusal) or the stored order cannot
 * be reordered safely (a tensor written by two operators, a subgraph input written by an operator, a tensor
 * read before the operator that writes it, a planned tensor of a called subgraph that is read
 * but never written, a planned output no operator writes, a subgraph run by two calls),
 * AP_ERR_USAGE for a kernel set out of range, AP_ERR_INVALID when the
 * search's model and the problem disagree (a bug), AP_ERR_NOMEM. Messages name no file. */
ap_status ap_tflite_reorder_find(const ap_tfl_model *m, const ap_tflite_reorder_options *opt,
                                 ap_tflite_reorder_result *res, ap_error *err);

void ap_tflite_reorder_result_free(ap_tflite_reorder_result *res);

/* A view of m whose subgraphs run in the orders given (order[s] as in ap_tflite_reorder_result;
 * order NULL or order[s] NULL: stored order), as the reader would return the reordered file:
 * operator k of subgraph s is m's operator order[s][k] with index k. It borrows everything else
 * from m (which must outlive it); free it with ap_tflite_view_free (never ap_tflite_free).
 * Fails with AP_ERR_INPUT when an order is not a permutation, AP_ERR_NOMEM. */
ap_status ap_tflite_reordered_view(const ap_tfl_model *m, uint32_t *const *order,
                                   ap_tfl_model **view, ap_error *err);

void ap_tflite_view_free(ap_tfl_model *view);

/* ---- Writing the reordered model ------------------------------------------------------------ */

/* As ap_tflite_diff (embed.h), for a model b whose operators are a's permuted: operator k of
 * b's subgraph s is compared with operator order[s][k] of a (order NULL or order[s] NULL: the
 * same position). Everything else must be equal as ap_tflite_diff requires. AP_ERR_INVALID
 * with the first difference, also when an order is not a permutation. */
ap_status ap_tflite_diff_reordered(const ap_tfl_model *a, const ap_tfl_model *b,
                                   uint32_t *const *order, const char *const *ignore,
                                   size_t n_ignore, ap_error *diff);

/* Writes into *out (malloc'd, *out_len = len bytes; free it) a copy of the model in
 * data[0..len) whose subgraph s runs its operators in order[s] (as in
 * ap_tflite_reorder_result; NULL entries keep the stored order). The copy differs from the
 * input only in the operators vectors' offsets: each slot is aimed at another operator table,
 * so every table, buffer and byte elsewhere stays where it was. It is read back and compared
 * with the input (ap_tflite_diff_reordered) before it is returned. Fails with AP_ERR_INPUT for
 * a model the reader refuses, an order that is not a permutation, or a file whose operators
 * vector cannot be permuted in place (an operator table stored before its vector, a vector
 * shared with another subgraph: the read-back names what would change); AP_ERR_NOMEM. */
ap_status ap_tflite_permute_operators(const unsigned char *data, size_t len,
                                      uint32_t *const *order, unsigned char **out,
                                      size_t *out_len, ap_error *err);

/* What happened to the input's offline plan (OfflineMemoryAllocation). */
typedef enum ap_reorder_plan {
    AP_REORDER_PLAN_NONE = 0,    /* the input had none and none was asked for */
    AP_REORDER_PLAN_KEPT,        /* the order did not change: the input's plan stays valid */
    AP_REORDER_PLAN_EMBEDDED,    /* --embed: a plan of the new order was written */
    AP_REORDER_PLAN_RECOMPUTED,  /* the input's plan replaced by one for the new order */
    AP_REORDER_PLAN_DROPPED      /* the input's plan removed (plan_note says why) */
} ap_reorder_plan;

typedef struct ap_tflite_reorder_write_options {
    ap_tflite_reorder_options find;
    int embed;              /* 1: embed a plan of the reordered model (ap_tflite_embed) */
    ap_plan_options plan;   /* the embedding's planner (strategy NULL: as ap_tflite_embed) */
} ap_tflite_reorder_write_options;

void ap_tflite_reorder_write_options_init(ap_tflite_reorder_write_options *opt);

typedef struct ap_tflite_reorder_output {
    ap_tflite_reorder_result found;
    unsigned char *data;     /* the new model (malloc'd) */
    size_t len;
    int had_plan;            /* the input carried an offline plan */
    ap_reorder_plan plan;
    char plan_note[AP_ERROR_MAX]; /* why a plan was dropped ("" otherwise) */
    int64_t head_before;     /* TFLM's head with the input as it is (its offline plan when it
                                has one, else TFLM's greedy planner); -1 when TFLM would refuse
                                the input's offline plan */
    int64_t head_after;      /* TFLM's head with the output as written */
    int64_t greedy_after;    /* TFLM's greedy planner alone on the reordered model */
    int64_t best_after;      /* "best" on the reordered model (no offline plan) */
    const char *target;      /* the target of the whole-arena figures: "cortex-m" (kernels
                                reference or cmsis-nn), "host64" (reference64), NULL (none: not
                                computed) */
    int64_t arena_before;    /* TFLM's whole arena (tflm_arena.h: the smallest kTensorArenaSize,
                                min_arena) for the input, and for the output as written; -1 when
                                it cannot be computed (an operator the arena's kernel tables do
                                not know) */
    int64_t arena_after;
    int64_t tail_before;     /* the persistent tail of each (Init and Prepare run in the new
                                order: the tail could change, and is compared) */
    int64_t tail_after;
} ap_tflite_reorder_output;

/* Finds the orders (ap_tflite_reorder_find) for the model in data[0..len) and writes the
 * reordered copy into out->data (ap_tflite_permute_operators; the input's bytes when nothing
 * moves). The input's offline plan belongs to the stored order: when the order changes it is
 * recomputed for the new one (ap_tflite_embed, planned from scratch), or dropped with a note
 * when that fails; with opt->embed a plan of the new order is embedded in any case. Every plan
 * written is checked as ap_tflite_embed checks it. Every message starts with path (NULL:
 * "model"). out is filled on success (free with ap_tflite_reorder_output_free) and zeroed on
 * failure. Fails as ap_tflite_reorder_find, ap_tflite_permute_operators and ap_tflite_embed
 * do. */
ap_status ap_tflite_reorder(const unsigned char *data, size_t len, const char *path,
                            const ap_tflite_reorder_write_options *opt,
                            ap_tflite_reorder_output *out, ap_error *err);

void ap_tflite_reorder_output_free(ap_tflite_reorder_output *out);

AP_PUBLIC_END
#ifdef __cplusplus
}
#endif
#endif
