/*
 * test_tflite_fbb.h - models several .tflite tests share, built with the tests' FlatBuffer writer
 * (support/tflite_writer.h).
 */
#ifndef AP_TFLITE_FBB_H
#define AP_TFLITE_FBB_H

#include "tflite_writer.h"

/* ---- Models several tests share ------------------------------------------------------------ */

/* The buffers and metadata of a model whose tensors all use buffer 0: without entries, buffer 0
 * alone and no metadata; with n entries, buffer 1 holds the offline plan [0, subgraphs, n,
 * entries] and the metadata names it. */
static inline void tfl_offline_plan(int32_t subgraphs, const int32_t *entries, size_t n,
                                    fbb_node **buffers, fbb_node **metadata)
{
    if (!entries) {
        *buffers = fbb_tables(1, tfl_buffer(NULL, 0));
        *metadata = NULL;
        return;
    }
    int32_t words[64] = {0, subgraphs, (int32_t)n};
    memcpy(words + 3, entries, n * sizeof *entries);
    fbb_node *md = fbb_table();
    fbb_ref(md, AP_TFL_F_METADATA_NAME, fbb_str("OfflineMemoryAllocation"));
    fbb_scalar(md, AP_TFL_F_METADATA_BUFFER, 4, 1);
    *buffers = fbb_tables(2, tfl_buffer(NULL, 0), tfl_buffer(words, (n + 3) * sizeof *words));
    *metadata = fbb_tables(1, md);
}

/* Subgraph 0: x -> CALL_ONCE(1), then ADD x, x -> y. Subgraph 1 has more tensors than
 * subgraph 0: a -> ADD a, a -> c; ADD a, c -> b; ADD b, b -> d (4 floats each). a lives with
 * c and b; c and d never meet. entries (6, or NULL for no offline plan): read per index (as
 * arenaplan's earlier embed wrote them), entries 2 and 3 are c's and d's; read as TFLM does,
 * a's and b's. */
static inline fbb_node *tfl_longer_callee_model(const int32_t *entries)
{
    fbb_node *init = fbb_scalar(fbb_table(), AP_TFL_F_CALL_ONCE_INIT_SUBGRAPH_INDEX, 4, 1);
    fbb_node *sg0 = tfl_subgraph(
        fbb_tables(2, tfl_tensor("x", AP_TFL_FLOAT32, fbb_ints(1, 4), 0),
                   tfl_tensor("y", AP_TFL_FLOAT32, fbb_ints(1, 4), 0)),
        fbb_ints(1, 0), fbb_ints(1, 1),
        fbb_tables(2, tfl_op(1, fbb_ints(0), fbb_ints(0), AP_TFL_OPT_CALL_ONCE, init),
                   tfl_op(0, fbb_ints(2, 0, 0), fbb_ints(1, 1), 0, NULL)),
        "main");
    fbb_node *sg1 = tfl_subgraph(
        fbb_tables(4, tfl_tensor("a", AP_TFL_FLOAT32, fbb_ints(1, 4), 0),
                   tfl_tensor("b", AP_TFL_FLOAT32, fbb_ints(1, 4), 0),
                   tfl_tensor("c", AP_TFL_FLOAT32, fbb_ints(1, 4), 0),
                   tfl_tensor("d", AP_TFL_FLOAT32, fbb_ints(1, 4), 0)),
        fbb_ints(1, 0), fbb_ints(1, 3),
        fbb_tables(3, tfl_op(0, fbb_ints(2, 0, 0), fbb_ints(1, 2), 0, NULL),
                   tfl_op(0, fbb_ints(2, 0, 2), fbb_ints(1, 1), 0, NULL),
                   tfl_op(0, fbb_ints(2, 1, 1), fbb_ints(1, 3), 0, NULL)),
        "init");
    fbb_node *buffers, *metadata;
    tfl_offline_plan(2, entries, 6, &buffers, &metadata);
    return tfl_model(fbb_tables(2, tfl_opcode(AP_TFL_OP_ADD, NULL),
                                tfl_opcode(AP_TFL_OP_CALL_ONCE, NULL)),
                     fbb_tables(2, sg0, sg1), buffers, metadata);
}

/* The entries arenaplan's earlier embed wrote for tfl_longer_callee_model (main's build, run
 * on it): entry 1 shared by y and b (16), entry 2 c's (0), entry 3 d's (0: c and d never
 * meet), entry 0 left to the runtime (x and a meet). */
static const int32_t tfl_longer_callee_earlier[6] = {-1, 16, 0, 0, -1, -1};

/* Variables in two subgraphs. Subgraph 0: x, y, s (a variable); CALL_ONCE(1), then ADD x, s
 * -> y. Subgraph 1: p, v (a variable), q; ADD p, v -> q. 4 floats each. Entries, when given
 * (6), go into an offline plan: x 0, y 1, s 2, p 3, v 4, q 5 - and AllocateVariables reads
 * entry 1 (y's) for v, its tensor 1. */
static inline fbb_node *tfl_variables_model(const int32_t *entries)
{
    fbb_node *init = fbb_scalar(fbb_table(), AP_TFL_F_CALL_ONCE_INIT_SUBGRAPH_INDEX, 4, 1);
    fbb_node *sg0 = tfl_subgraph(
        fbb_tables(3, tfl_tensor("x", AP_TFL_FLOAT32, fbb_ints(1, 4), 0),
                   tfl_tensor("y", AP_TFL_FLOAT32, fbb_ints(1, 4), 0),
                   tfl_variable(tfl_tensor("s", AP_TFL_FLOAT32, fbb_ints(1, 4), 0))),
        fbb_ints(1, 0), fbb_ints(1, 1),
        fbb_tables(2, tfl_op(1, fbb_ints(0), fbb_ints(0), AP_TFL_OPT_CALL_ONCE, init),
                   tfl_op(0, fbb_ints(2, 0, 2), fbb_ints(1, 1), 0, NULL)),
        "main");
    fbb_node *sg1 = tfl_subgraph(
        fbb_tables(3, tfl_tensor("p", AP_TFL_FLOAT32, fbb_ints(1, 4), 0),
                   tfl_variable(tfl_tensor("v", AP_TFL_FLOAT32, fbb_ints(1, 4), 0)),
                   tfl_tensor("q", AP_TFL_FLOAT32, fbb_ints(1, 4), 0)),
        fbb_ints(1, 0), fbb_ints(1, 2),
        fbb_tables(1, tfl_op(0, fbb_ints(2, 0, 1), fbb_ints(1, 2), 0, NULL)), "init");
    fbb_node *buffers, *metadata;
    tfl_offline_plan(2, entries, 6, &buffers, &metadata);
    return tfl_model(fbb_tables(2, tfl_opcode(AP_TFL_OP_ADD, NULL),
                                tfl_opcode(AP_TFL_OP_CALL_ONCE, NULL)),
                     fbb_tables(2, sg0, sg1), buffers, metadata);
}

#endif
