/*
 * subgraph.c - one subgraph as TFLite's Subgraph holds it (subgraph.h): its tensors with their
 * allocation types and its nodes, and what the kernels' Prepare asks of it (AddTensors, an input,
 * whether a tensor is constant, who reads it, making it dynamic).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/problem.h"
#include "core/util.h"
#include "litert/subgraph.h"

int ap__subgraph_type_size(int type)
{
    switch (type) {
    case AP_TFL_FLOAT32: case AP_TFL_INT32: case AP_TFL_UINT32:
        return 4;
    case AP_TFL_INT64: case AP_TFL_UINT64: case AP_TFL_FLOAT64: case AP_TFL_COMPLEX64:
        return 8;
    case AP_TFL_COMPLEX128:
        return 16;
    case AP_TFL_INT16: case AP_TFL_UINT16: case AP_TFL_FLOAT16: case AP_TFL_BFLOAT16:
        return 2;
    case AP_TFL_UINT8: case AP_TFL_INT8: case AP_TFL_BOOL: case AP_TFL_INT4: case AP_TFL_UINT4:
    case AP_TFL_INT2:
        return 1;
    default:
        return 0;
    }
}

int32_t ap__subgraph_add_tensors(ap__lrt_graph *g, uint32_t count)
{
    size_t k, first = g->nt;
    if (g->nt + count > AP__LRT_MAX_TENSORS)
        return -1;
    if (g->nt + count > g->cap) {
        size_t cap = g->cap;
        ap__lrt_tensor *t = ap__grow(g->t, &cap, g->nt + count, sizeof *t);
        if (!t)
            return -1;
        g->t = t;
        g->cap = cap;
    }
    for (k = 0; k < count; k++) {
        ap__lrt_tensor *t = &g->t[g->nt++];
        memset(t, 0, sizeof *t);
        t->type = -1;
        t->op = -1;
        t->why_op = -1;
    }
    return (int32_t)first;
}

int32_t ap__subgraph_input(const ap__lrt_graph *g, uint32_t i, uint32_t k)
{
    const ap_tfl_operator *op = g->node[i].op;
    return k < op->n_inputs ? op->inputs[k] : -1;
}

int ap__subgraph_const(const ap__lrt_graph *g, int32_t t)
{
    return t >= 0 && (g->t[t].alloc == AP__LRT_MMAP_RO || g->t[t].alloc == AP__LRT_PERSISTENT_RO);
}

const char *ap__subgraph_op_name(const ap_tfl_operator *op)
{
    switch (op->builtin) { /* LiteRT's schema.fbs names them; the reader's schema does not */
    case 206: return "STABLEHLO_COMPOSITE";
    case 207: return "STABLEHLO_SHIFT_LEFT";
    case 209: return "STABLEHLO_CASE";
    default: return ap_tfl_op_name(op);
    }
}

const char *ap__subgraph_op_text(const ap__lrt_graph *g, uint32_t i, char *buf, size_t n)
{
    snprintf(buf, n, "op %u %s", i, ap__subgraph_op_name(g->node[i].op));
    return buf;
}

uint32_t ap__subgraph_readers(ap__lrt_graph *g, int32_t t)
{
    const ap_tfl_subgraph *s = &g->m->subgraphs[g->sg];
    uint32_t k, j;
    if (!g->readers) {
        if (!(g->readers = ap__zalloc(g->nt ? g->nt : 1, sizeof *g->readers)))
            return UINT32_MAX;
        for (k = 0; k < s->n_ops; k++)
            for (j = 0; j < s->ops[k].n_inputs; j++)
                if (s->ops[k].inputs[j] >= 0)
                    g->readers[s->ops[k].inputs[j]]++;
        for (k = 0; k < s->n_outputs; k++)
            if (s->outputs[k] >= 0)
                g->readers[s->outputs[k]]++;
    }
    return t >= 0 && (size_t)t < g->nt ? g->readers[t] : 0;
}

ap_status ap__subgraph_set_alloc(ap__lrt_graph *g, int32_t t, ap__lrt_alloc a, uint32_t i,
                            ap_error *err, const char *fmt, ...)
{
    char buf[256];
    va_list ap;
    if (t < 0)
        return AP_OK;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    free(g->t[t].why);
    if (!(g->t[t].why = ap__strdup(buf)))
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory");
    g->t[t].alloc = a;
    g->t[t].why_op = (int32_t)i;
    return AP_OK;
}

ap_status ap__subgraph_unmodelled(ap__lrt_graph *g, int32_t node, ap_error *err, const char *fmt,
                                  ...)
{
    char buf[400];
    va_list ap;
    ap__lrt_gap *ng;
    size_t k;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    for (k = 0; k < g->n_gaps; k++) /* a kernel prepared twice says it once */
        if (g->gaps[k].node == node && strcmp(g->gaps[k].what, buf) == 0)
            return AP_OK;
    if (!(ng = ap__grow(g->gaps, &g->cap_gaps, g->n_gaps + 1, sizeof *g->gaps)))
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory");
    g->gaps = ng;
    ng[g->n_gaps].node = node;
    if (!(ng[g->n_gaps].what = ap__strdup(buf)))
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory");
    g->n_gaps++;
    return AP_OK;
}

int64_t ap__subgraph_bytes(int type, int64_t elements)
{
    int64_t bytes;
    if (elements < 0 || ap__mul_ovf(elements, ap__subgraph_type_size(type), &bytes) ||
        bytes > AP_MAX_VALUE)
        return -1;
    if (type == AP_TFL_INT4 || type == AP_TFL_UINT4)
        return (bytes + 1) / 2;
    if (type == AP_TFL_INT2)
        return (bytes + 3) / 4;
    return bytes;
}

ap_status ap__subgraph_resize(ap__lrt_graph *g, int32_t t, int type, const int64_t *dims,
                              uint32_t rank, ap_error *err)
{
    ap__lrt_tensor *x = &g->t[t];
    int64_t n = 1, bytes;
    int32_t *d;
    uint32_t k;
    for (k = 0; k < rank; k++)
        if (dims[k] < 0 || dims[k] > INT32_MAX || ap__mul_ovf(n, dims[k], &n) || n > AP_MAX_VALUE)
            return ap_error_set(err, AP_ERR_INPUT, "TFLite cannot allocate the model: tensor %d's "
                                "shape overflows", t);
    if ((bytes = ap__subgraph_bytes(type, n)) < 0)
        return ap_error_set(err, AP_ERR_INPUT, "TFLite cannot allocate the model: tensor %d's "
                            "size overflows", t);
    if (!(d = ap__alloc(rank ? rank : 1, sizeof *d)))
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory");
    for (k = 0; k < rank; k++)
        d[k] = (int32_t)dims[k];
    free(x->own_dims);
    x->own_dims = d;
    x->dims = d;
    x->rank = rank;
    x->type = type;
    /* strings and resources keep no bytes (ResizeTensorImpl) */
    x->bytes = type == AP_TFL_STRING || type == AP_TFL_RESOURCE || type == AP_TFL_VARIANT ? 0 : bytes;
    return AP_OK;
}

int ap__subgraph_same_shape(const ap__lrt_graph *g, int32_t t, const int64_t *dims, uint32_t rank)
{
    uint32_t k;
    if (g->t[t].rank != rank)
        return 0;
    for (k = 0; k < rank; k++)
        if (g->t[t].dims[k] != dims[k])
            return 0;
    return 1;
}

void ap__subgraph_free(ap__lrt_graph *g)
{
    size_t k;
    if (!g)
        return;
    for (k = 0; k < g->nt; k++) {
        free(g->t[k].why);
        free(g->t[k].own_dims);
    }
    for (k = 0; k < g->n_gaps; k++)
        free(g->gaps[k].what);
    free(g->gaps);
    for (k = 0; k < g->n_nodes; k++)
        free(g->node[k].outputs);
    free(g->t);
    free(g->node);
    free(g->kernel);
    free(g->stop_why);
    free(g->readers);
    memset(g, 0, sizeof *g);
}
