/*
 * inplace.c - in-place operators: outputs that may take over the bytes of an input that dies at
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
 * - element-wise operators (mode "elementwise"; ap__walk_elementwise) read element i of every
 *   input before writing element i of the output, in index order; with the same element size
 *   on both sides every d <= 0 is safe. ADD, SUB and MUL qualify only without broadcasting
 *   (both inputs have the output's shape), QUANTIZE only between types of one width.
 * The input must die at the operator (sharing.c checks): no subgraph input or output, no other
 * reader, no variable or constant, live with the output at that step only. Sizes must match:
 * the same bytes for the reshape family, the same element count and size for the others.
 */
#include <assert.h>
#include <string.h>

#include "tflm/inplace.h"
#include "tflm/walk.h"

static const ap_tfl_tensor *tensor_at(const ap_tfl_subgraph *g, int32_t i)
{
    return i >= 0 && (uint32_t)i < g->n_tensors ? &g->tensors[i] : NULL;
}

static size_t reshape_like(const ap_tfl_subgraph *g, const ap_tfl_operator *op, ap__candidate *c)
{
    const ap_tfl_tensor *in, *out;
    if (op->n_inputs < 1 || op->n_outputs < 1)
        return 0;
    in = tensor_at(g, op->inputs[0]);
    out = tensor_at(g, op->outputs[0]);
    /* TFLM sizes both as elements times the type's size; the kernels copy that many bytes */
    if (!in || !out || in->type != out->type || in->elements != out->elements)
        return 0;
    for (uint32_t k = 1; k < op->n_inputs; k++)
        if (op->inputs[k] == op->inputs[0])
            return 0; /* the shape operand is the data itself */
    c->in_tensor = op->inputs[0];
    c->out_tensor = op->outputs[0];
    c->max_delta = 0;
    c->flags = AP_OVERLAP_ALIAS | (op->builtin == AP_TFL_OP_EXPAND_DIMS ? 0u : AP_OVERLAP_EXACT);
    return 1;
}

size_t ap__inplace_candidates(const ap_tfl_model *m, const ap_tfl_subgraph *g,
                              const ap_tfl_operator *op, int elementwise, ap__candidate *c)
{
    int arity;
    size_t n = 0;
    if (op->builtin == AP_TFL_OP_RESHAPE || op->builtin == AP_TFL_OP_SQUEEZE ||
        op->builtin == AP_TFL_OP_EXPAND_DIMS)
        return reshape_like(g, op, c);
    if (!elementwise || (arity = ap__walk_elementwise(op->builtin)) == 0)
        return 0;
    for (uint32_t k = 0; k < (uint32_t)arity && k < op->n_inputs; k++) {
        ap__walk w;
        if (!ap__walk_of(m, g, op, k, &w) || w.es_in != w.es_out)
            continue;
        assert(n < AP__MAX_CANDIDATES);
        c[n].in_tensor = op->inputs[k];
        c[n].out_tensor = op->outputs[0];
        c[n].max_delta = 0;
        c[n].flags = AP_OVERLAP_ALIAS;
        n++;
    }
    return n;
}
