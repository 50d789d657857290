/*
 * share_inplace.c - in-place operators: outputs that may take over the bytes of an input that dies at
 * their operator (`--inplace reshape|elementwise`; docs/inplace.md states each rule and the
 * kernels it holds for).
 *
 * An in-place rule proposes an alias: an allowance with max_delta 0 and AP_OVERLAP_ALIAS.
 * - RESHAPE and SQUEEZE only relabel bytes, but TFLM's kernels copy with memcpy: RESHAPE
 *   unless the two pointers are equal, SQUEEZE always (a copy of a buffer onto itself, which
 *   every memcpy performs byte for byte). A partial overlap would be an overlapping memcpy,
 *   undefined in C, so their alias is exact (AP_OVERLAP_EXACT): the same offset, or none.
 * - EXPAND_DIMS copies element by element in index order: output i is written after input i
 *   was read, so the output may start at the input or below it (the plain alias, d <= 0).
 * - element-wise operators (mode "elementwise"; ap__elementwise_op) read element i of every
 *   input before writing element i of the output, in index order; with the same element size
 *   on both sides every d <= 0 is safe. ADD, SUB and MUL qualify only without broadcasting
 *   (both inputs have the output's shape), QUANTIZE only between types of one width.
 * The input must die at the operator (ap__dies_into): no subgraph input or output, no other
 * reader, no variable or constant, live with the output at that step only. Sizes must match:
 * the same bytes for the reshape family, the same element count and size for the others.
 */
#include <string.h>

#include "tflm/share.h"

static const ap_tfl_tensor *tensor_at(const ap_tfl_subgraph *g, int32_t i)
{
    return i >= 0 && (uint32_t)i < g->n_tensors ? &g->tensors[i] : NULL;
}

static int reshape_like(const ap__graph_facts *f, const ap_tfl_operator *op,
                        const ap_problem *p, ap__candidate *c)
{
    const ap_tfl_tensor *in, *out;
    if (op->n_inputs < 1 || op->n_outputs < 1)
        return 0;
    in = tensor_at(f->g, op->inputs[0]);
    out = tensor_at(f->g, op->outputs[0]);
    /* TFLM sizes both as elements times the type's size; the kernels copy that many bytes */
    if (!in || !out || in->type != out->type || in->elements != out->elements)
        return 0;
    for (uint32_t k = 1; k < op->n_inputs; k++)
        if (op->inputs[k] == op->inputs[0])
            return 0; /* the shape operand is the data itself */
    if (!ap__dies_into(f, p, op->index, op->inputs[0], op->outputs[0]))
        return 0;
    c->in_tensor = op->inputs[0];
    c->out_tensor = op->outputs[0];
    c->max_delta = 0;
    c->flags = AP_OVERLAP_ALIAS | (op->builtin == AP_TFL_OP_EXPAND_DIMS ? 0u : AP_OVERLAP_EXACT);
    return 1;
}

int ap__inplace_candidate(const ap__graph_facts *f, const ap_tfl_operator *op, int elementwise,
                          const ap_problem *p, ap__candidate *c)
{
    int arity;
    if (op->builtin == AP_TFL_OP_RESHAPE || op->builtin == AP_TFL_OP_SQUEEZE ||
        op->builtin == AP_TFL_OP_EXPAND_DIMS)
        return reshape_like(f, op, p, c);
    if (!elementwise || (arity = ap__elementwise_op(op->builtin)) == 0)
        return 0;
    for (uint32_t k = 0; k < (uint32_t)arity && k < op->n_inputs; k++) {
        ap__walk w;
        if (!ap__op_walk(f->m, f->g, op, k, &w) || w.es_in != w.es_out ||
            !ap__dies_into(f, p, op->index, op->inputs[k], op->outputs[0]))
            continue;
        c->in_tensor = op->inputs[k];
        c->out_tensor = op->outputs[0];
        c->max_delta = 0;
        c->flags = AP_OVERLAP_ALIAS;
        return 1;
    }
    return 0;
}
