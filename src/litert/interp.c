/*
 * interp.c - one subgraph as TFLite's InterpreterBuilder sets it up and AllocateTensors
 * prepares it (LiteRT f67457790c9c: core/interpreter_builder.cc ParseTensors and ParseNodes,
 * core/subgraph.cc SetTensorParametersReadWrite, AddTensors, PrepareOpsStartingAt).
 *
 * - A tensor is kTfLiteMmapRo when its buffer (index > 0) has a data vector, even an empty
 *   one, or data outside the FlatBuffer; else kTfLiteDynamic for STRING, RESOURCE and
 *   VARIANT, kTfLiteArenaRwPersistent for a variable, kTfLiteArenaRw otherwise. Its bytes are
 *   its packed size (BytesRequired: INT4 two per byte, INT2 four), 0 for the dynamic types.
 * - Each operator gets its kernel from BuiltinOpResolver (builtin code and version within the
 *   registered range, or one of the registered custom codes); a builtin without one fails the
 *   build, a custom code without one fails Prepare. The kernel's Init may add tensors
 *   (context->AddTensors): they get the next indices, operator by operator.
 * - AllocateTensors prepares the operators in order and stops after the first whose Prepare
 *   leaves an output kTfLiteDynamic or returns kTfLiteOutputShapeNotKnown; the rest is
 *   prepared at Invoke.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "litert/builtins.h"
#include "litert/interp.h"
#include "litert/subgraph.h"

/* Whether tensor t's buffer makes it read-only data (get_readonly_data in ParseTensors). */
static int has_data(const ap_tfl_model *m, const ap_tfl_tensor *t)
{
    const ap_tfl_buffer *b;
    if (t->buffer == 0 || t->buffer >= m->n_buffers)
        return 0;
    b = &m->buffers[t->buffer];
    return b->data_len_pos != 0 || b->ext_offset > 1;
}

/* ParseQuantization's checks of per-axis parameters (the ones the reader keeps). */
static ap_status check_quantization(const ap_tfl_tensor *t, uint32_t sg, ap_error *err)
{
    if (!t->has_quantization)
        return AP_OK;
    if (t->quantized_dimension < 0 || (t->rank && (uint32_t)t->quantized_dimension >= t->rank))
        return ap_error_set(err, AP_ERR_INPUT,
                            "TFLite cannot build the model: tensor %u of subgraph %u has "
                            "invalid quantization parameters (quantized_dimension must be in "
                            "range [0, %u), was %d)",
                            t->index, sg, t->rank, t->quantized_dimension);
    if (t->n_scales != 1 && t->rank && (int64_t)t->n_scales != t->shape[t->quantized_dimension])
        return ap_error_set(err, AP_ERR_INPUT,
                            "TFLite cannot build the model: tensor %u of subgraph %u has "
                            "invalid quantization parameters (%u scales, but dimension %d has "
                            "%d entries)",
                            t->index, sg, t->n_scales, t->quantized_dimension,
                            t->shape[t->quantized_dimension]);
    return AP_OK;
}

/* ParseSparsity, and SetTensorParametersReadOnly's size check: a constant that is not sparse
 * needs a buffer of at least the bytes its shape and type take (strings aside). */
static ap_status check_buffer(const ap_tfl_model *m, const ap_tfl_tensor *t, uint32_t sg,
                              ap_error *err)
{
    const ap_tfl_buffer *b = &m->buffers[t->buffer];
    uint64_t have = b->data_len_pos ? b->data_len : b->ext_size;
    if (t->has_sparsity && !t->sparsity_valid)
        return ap_error_set(err, AP_ERR_INPUT, "TFLite cannot build the model: tensor %u of "
                            "subgraph %u has invalid sparsity parameters", t->index, sg);
    if (!t->has_sparsity && t->bytes >= 0 && t->type != AP_TFL_RESOURCE &&
        (uint64_t)t->bytes > have)
        return ap_error_set(err, AP_ERR_INPUT, "TFLite cannot build the model: tensor %u of "
                            "subgraph %u is invalidly specified (its buffer %u holds %llu bytes, "
                            "its shape and type need %lld)", t->index, sg, t->buffer,
                            (unsigned long long)have, (long long)t->bytes);
    return AP_OK;
}

static ap_status init_tensors(ap__lrt_graph *g, ap_error *err)
{
    const ap_tfl_subgraph *s = &g->m->subgraphs[g->sg];
    uint32_t i;
    ap_status st;
    if (ap__subgraph_add_tensors(g, s->n_tensors) < 0)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory for %u tensors", s->n_tensors);
    for (i = 0; i < s->n_tensors; i++) {
        const ap_tfl_tensor *mt = &s->tensors[i];
        ap__lrt_tensor *t = &g->t[i];
        int dyn = mt->type == AP_TFL_STRING || mt->type == AP_TFL_RESOURCE ||
                  mt->type == AP_TFL_VARIANT;
        if ((st = check_quantization(mt, g->sg, err)) != AP_OK)
            return st;
        t->type = mt->type;
        t->dims = mt->shape;
        t->rank = mt->rank;
        t->bytes = dyn || mt->bytes < 0 ? 0 : mt->bytes;
        if (has_data(g->m, mt)) {
            if (mt->is_variable)
                return ap_error_set(err, AP_ERR_INPUT,
                                    "TFLite cannot build the model: tensor %u of subgraph %u "
                                    "is a variable tensor with a buffer", i, g->sg);
            if ((st = check_buffer(g->m, mt, g->sg, err)) != AP_OK)
                return st;
            t->alloc = AP__LRT_MMAP_RO;
        } else if (dyn) {
            if (mt->is_variable)
                return ap_error_set(err, AP_ERR_INPUT,
                                    "TFLite cannot build the model: tensor %u of subgraph %u "
                                    "is a string variable", i, g->sg);
            t->alloc = AP__LRT_DYNAMIC;
        } else {
            t->alloc = mt->is_variable ? AP__LRT_PERSISTENT : AP__LRT_ARENA;
        }
    }
    return AP_OK;
}

static ap_status init_nodes(ap__lrt_graph *g, ap_error *err)
{
    const ap_tfl_subgraph *s = &g->m->subgraphs[g->sg];
    uint32_t i;
    g->n_nodes = s->n_ops;
    g->node = ap__zalloc(s->n_ops ? s->n_ops : 1, sizeof *g->node);
    g->kernel = ap__zalloc(s->n_ops ? s->n_ops : 1, sizeof *g->kernel);
    if (!g->node || !g->kernel)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory for %u operators", s->n_ops);
    for (i = 0; i < s->n_ops; i++) {
        ap__lrt_node *nd = &g->node[i];
        const ap_tfl_operator *op = &s->ops[i];
        const ap_tfl_opcode *oc = &g->m->opcodes[op->opcode_index];
        const ap__lrt_kernel *k = ap__builtins_find(op);
        int v;
        nd->op = op;
        nd->scratch = -1;
        for (v = 0; v < AP__LRT_MAX_IDS; v++)
            nd->ids[v] = -1;
        if (!(nd->outputs = ap__alloc(op->n_outputs ? op->n_outputs : 1, sizeof *nd->outputs)))
            return ap_error_set(err, AP_ERR_NOMEM, "out of memory");
        if (op->n_outputs)
            memcpy(nd->outputs, op->outputs, op->n_outputs * sizeof *nd->outputs);
        nd->n_outputs = op->n_outputs;
        if (k && (oc->version < k->min_version || oc->version > k->max_version))
            k = NULL;
        if (!k && op->builtin != AP_TFL_OP_CUSTOM)
            return ap_error_set(err, AP_ERR_INPUT,
                                "TFLite cannot build the model: no builtin kernel for %s "
                                "version %d (operator %u of subgraph %u)",
                                ap__subgraph_op_name(op), oc->version, i, g->sg);
        g->kernel[i] = k;
        if (k) {
            ap_status st = ap__builtins_parse(g->m, op, i, g->sg, err);
            if (st != AP_OK)
                return st;
        }
        if (k && ap__builtins_init_tensors(k, g->m, op)) {
            uint32_t n = ap__builtins_init_tensors(k, g->m, op);
            if ((nd->scratch = ap__subgraph_add_tensors(g, n)) < 0)
                return ap_error_set(err, AP_ERR_INPUT, "more than %d tensors with the kernels' "
                                    "temporaries", AP__LRT_MAX_TENSORS);
            for (v = 0; v < (int)n; v++) {
                g->t[nd->scratch + v].op = (int32_t)i;
                g->t[nd->scratch + v].role = "reserved";
            }
        }
    }
    return AP_OK;
}

/* What a control-flow kernel runs on the subgraphs it calls (subgraph.h). */
static const ap__lrt_steps steps = {ap__interp_build, ap__interp_prepare};

ap_status ap__interp_build(ap__lrt_graph *g, const ap_tfl_model *m, uint32_t sg, int threads,
                           unsigned depth, const uint32_t *stack, ap_error *err)
{
    ap_status st;
    memset(g, 0, sizeof *g);
    g->m = m;
    g->sg = sg;
    g->threads = threads;
    g->depth = depth;
    g->stack = stack;
    g->budget_own = AP__LRT_BUDGET;
    g->budget = &g->budget_own;
    g->steps = &steps;
    if ((st = init_tensors(g, err)) != AP_OK || (st = init_nodes(g, err)) != AP_OK)
        return st;
    return AP_OK;
}

/* HasDynamicTensor over node i's outputs. */
static int32_t dynamic_output(const ap__lrt_graph *g, uint32_t i)
{
    const ap__lrt_node *nd = &g->node[i];
    uint32_t k;
    for (k = 0; k < nd->n_outputs; k++)
        if (nd->outputs[k] >= 0 && g->t[nd->outputs[k]].alloc == AP__LRT_DYNAMIC)
            return nd->outputs[k];
    return -1;
}

ap_status ap__interp_prepare(ap__lrt_graph *g, ap_error *err)
{
    const ap_tfl_subgraph *s = &g->m->subgraphs[g->sg];
    uint32_t i, k;
    char buf[96];
    ap_status st;
    for (k = 0; k < s->n_outputs; k++)
        if (s->outputs[k] >= 0 && g->t[s->outputs[k]].alloc == AP__LRT_DYNAMIC)
            g->has_dynamic = 1;
    for (i = 0; i < g->n_nodes; i++) {
        const ap__lrt_kernel *kn = g->kernel[i];
        int result = AP__LRT_PREPARED;
        int32_t d;
        if (*g->budget == 0)
            return ap_error_set(err, AP_ERR_INPUT, "TFLite's control flow would prepare more than "
                                "%llu operators and tensors in all (subgraph %u)",
                                (unsigned long long)AP__LRT_BUDGET, g->sg);
        (*g->budget)--;
        if (!kn)
            return ap_error_set(err, AP_ERR_INPUT,
                                "TFLite cannot allocate the model: %s of subgraph %u is the "
                                "custom operator \"%s\", which has no kernel (an unresolved "
                                "custom op)", ap__subgraph_op_text(g, i, buf, sizeof buf), g->sg,
                                g->node[i].op->custom_code ? g->node[i].op->custom_code : "");
        if (kn->prepare && (st = kn->prepare(g, i, &result, err)) != AP_OK)
            return st;
        g->prepared = i + 1;
        d = dynamic_output(g, i);
        if (d >= 0 || result == AP__LRT_SHAPE_UNKNOWN) {
            g->has_dynamic = 1;
            free(g->stop_why);
            if (d >= 0)
                snprintf(buf, sizeof buf, "output %d of ", d);
            else
                snprintf(buf, sizeof buf, "the output shape of ");
            {
                char ot[64], msg[256];
                snprintf(msg, sizeof msg, "%s%s is %s", buf, ap__subgraph_op_text(g, i, ot, sizeof ot),
                         d >= 0 ? "dynamic" : "not known before Invoke");
                if (!(g->stop_why = ap__strdup(msg)))
                    return ap_error_set(err, AP_ERR_NOMEM, "out of memory");
            }
            break;
        }
    }
    return AP_OK;
}
