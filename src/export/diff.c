/*
 * diff.c - whether two read models hold the same graph, byte for byte where bytes are kept:
 * the proof, run on every rewritten model, that rewriting preserved everything but the
 * metadata it was asked to change (see ap_tflite_diff in embed.h).
 *
 * Two levels: every value the reader decodes is compared, and every table the reader locates
 * (subgraphs, tensors, operators, their options, buffers, metadata) must have the same vtable
 * and the same inline bytes in both files. FlatBuffer tables hold only scalars and relative
 * offsets inline, so equal inline bytes also cover fields the reader does not know.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/embed.h"
#include "arenaplan/reorder.h"
#include "arenaplan/tflite.h"
#include "core/util.h"
#include "tflite/fb.h"

static ap_status differ(ap_error *e, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static ap_status differ(ap_error *e, const char *fmt, ...)
{
    char msg[AP_ERROR_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return ap_error_set(e, AP_ERR_INVALID, "%s", msg);
}

static int same_str(const char *a, const char *b)
{
    if (!a || !b)
        return a == b;
    return strcmp(a, b) == 0;
}

static int same_ints(const int32_t *a, uint32_t na, const int32_t *b, uint32_t nb)
{
    return na == nb && (na == 0 || memcmp(a, b, na * sizeof *a) == 0);
}

/* The tables at pa in a and pb in b have the same vtable and inline bytes. Positions 0 on
 * both sides (no table) are equal. */
static int same_table(const ap_tfl_model *a, size_t pa, const ap_tfl_model *b, size_t pb)
{
    ap__fb fa = {a->data, a->len}, fbb = {b->data, b->len};
    ap__fb_table ta, tb;
    if (!pa || !pb)
        return pa == pb;
    if (ap__fb_table_at(&fa, pa, "table", &ta, NULL) != AP_OK ||
        ap__fb_table_at(&fbb, pb, "table", &tb, NULL) != AP_OK)
        return 0;
    return ta.vt_size == tb.vt_size && ta.size == tb.size &&
           memcmp(a->data + ta.vt, b->data + tb.vt, ta.vt_size) == 0 &&
           memcmp(a->data + ta.pos + 4, b->data + tb.pos + 4, (size_t)ta.size - 4) == 0;
}

static int ignored(const char *name, const char *const *ignore, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(name, ignore[i]) == 0)
            return 1;
    return 0;
}

/* Buffers that only ignored metadata names: their contents may differ. */
static unsigned char *free_buffers(const ap_tfl_model *m, const char *const *ignore, size_t n)
{
    unsigned char *mark = ap__zalloc((size_t)m->n_buffers + 1, 1);
    if (!mark)
        return NULL;
    for (uint32_t k = 0; k < m->n_metadata; k++)
        if (ignored(m->metadata[k].name, ignore, n))
            mark[m->metadata[k].buffer] = 1;
    for (uint32_t k = 0; k < m->n_metadata; k++)
        if (!ignored(m->metadata[k].name, ignore, n))
            mark[m->metadata[k].buffer] = 0;
    for (uint32_t s = 0; s < m->n_subgraphs; s++)
        for (uint32_t t = 0; t < m->subgraphs[s].n_tensors; t++)
            mark[m->subgraphs[s].tensors[t].buffer] = 0;
    return mark;
}

static ap_status diff_tensor(const ap_tfl_model *a, const ap_tfl_model *b, uint32_t s, uint32_t i,
                             ap_error *e)
{
    const ap_tfl_tensor *x = &a->subgraphs[s].tensors[i], *y = &b->subgraphs[s].tensors[i];
    if (!same_str(x->name, y->name) || x->type != y->type ||
        !same_ints(x->shape, x->rank, y->shape, y->rank) ||
        !same_ints(x->shape_signature, x->n_shape_signature, y->shape_signature,
                   y->n_shape_signature) ||
        x->buffer != y->buffer || x->is_variable != y->is_variable ||
        x->is_constant != y->is_constant || x->has_quantization != y->has_quantization ||
        x->n_scales != y->n_scales || x->quantized_dimension != y->quantized_dimension)
        return differ(e, "subgraph %u tensor %u (%s) differs", s, i, x->name);
    if (!same_table(a, x->table_pos, b, y->table_pos))
        return differ(e, "subgraph %u tensor %u (%s): the table's bytes differ", s, i, x->name);
    return AP_OK;
}

/* Operator i of b against operator ia of a (ia = i unless the operators were permuted). */
static ap_status diff_operator(const ap_tfl_model *a, const ap_tfl_model *b, uint32_t s,
                               uint32_t ia, uint32_t i, ap_error *e)
{
    const ap_tfl_operator *x = &a->subgraphs[s].ops[ia], *y = &b->subgraphs[s].ops[i];
    if (x->opcode_index != y->opcode_index ||
        !same_ints(x->inputs, x->n_inputs, y->inputs, y->n_inputs) ||
        !same_ints(x->outputs, x->n_outputs, y->outputs, y->n_outputs) ||
        !same_ints(x->intermediates, x->n_intermediates, y->intermediates, y->n_intermediates) ||
        x->options_type != y->options_type || x->options2_type != y->options2_type ||
        x->calls[0] != y->calls[0] || x->calls[1] != y->calls[1] ||
        x->custom_options_len != y->custom_options_len ||
        (x->custom_options_len &&
         memcmp(a->data + x->custom_options_pos, b->data + y->custom_options_pos,
                x->custom_options_len) != 0))
        return differ(e, "subgraph %u operator %u (%s) differs", s, ia, x->name);
    if (!same_table(a, x->table_pos, b, y->table_pos) ||
        !same_table(a, x->options_pos, b, y->options_pos) ||
        !same_table(a, x->options2_pos, b, y->options2_pos))
        return differ(e, "subgraph %u operator %u (%s): the bytes of its table or options differ",
                      s, ia, x->name);
    return AP_OK;
}

static ap_status diff_graph(const ap_tfl_model *a, const ap_tfl_model *b,
                            uint32_t *const *order, ap_error *e)
{
    ap_status st;
    if (a->version != b->version || !same_str(a->description, b->description))
        return differ(e, "the model's version or description differs");
    if (a->n_opcodes != b->n_opcodes)
        return differ(e, "operator codes: %u vs %u", a->n_opcodes, b->n_opcodes);
    for (uint32_t k = 0; k < a->n_opcodes; k++) {
        const ap_tfl_opcode *x = &a->opcodes[k], *y = &b->opcodes[k];
        if (x->deprecated_builtin_code != y->deprecated_builtin_code ||
            x->builtin_code_field != y->builtin_code_field || x->version != y->version ||
            !same_str(x->custom_code, y->custom_code))
            return differ(e, "operator code %u (%s) differs", k, x->name);
    }
    if (a->n_subgraphs != b->n_subgraphs)
        return differ(e, "subgraphs: %u vs %u", a->n_subgraphs, b->n_subgraphs);
    for (uint32_t s = 0; s < a->n_subgraphs; s++) {
        const ap_tfl_subgraph *x = &a->subgraphs[s], *y = &b->subgraphs[s];
        if (!same_str(x->name, y->name) || x->n_tensors != y->n_tensors || x->n_ops != y->n_ops ||
            !same_ints(x->inputs, x->n_inputs, y->inputs, y->n_inputs) ||
            !same_ints(x->outputs, x->n_outputs, y->outputs, y->n_outputs))
            return differ(e, "subgraph %u differs (name, tensors, operators, inputs or outputs)",
                          s);
        if (!same_table(a, x->table_pos, b, y->table_pos))
            return differ(e, "subgraph %u: the table's bytes differ", s);
        for (uint32_t i = 0; i < x->n_tensors; i++)
            if ((st = diff_tensor(a, b, s, i, e)) != AP_OK)
                return st;
        for (uint32_t i = 0; i < x->n_ops; i++) {
            uint32_t ia = order && order[s] ? order[s][i] : i;
            if ((st = diff_operator(a, b, s, ia, i, e)) != AP_OK)
                return st;
        }
    }
    if (a->n_signatures != b->n_signatures)
        return differ(e, "signatures: %u vs %u", a->n_signatures, b->n_signatures);
    for (uint32_t k = 0; k < a->n_signatures; k++)
        if (!same_str(a->signatures[k].key, b->signatures[k].key) ||
            a->signatures[k].subgraph != b->signatures[k].subgraph)
            return differ(e, "signature %u (%s) differs", k, a->signatures[k].key);
    return AP_OK;
}

static ap_status diff_buffers(const ap_tfl_model *a, const ap_tfl_model *b,
                              const char *const *ignore, size_t n_ignore, ap_error *e)
{
    unsigned char *fa = free_buffers(a, ignore, n_ignore), *fb = free_buffers(b, ignore, n_ignore);
    ap_status st = AP_OK;
    if (!fa || !fb) {
        st = ap_error_set(e, AP_ERR_NOMEM, "out of memory comparing models");
        goto done;
    }
    if (b->n_buffers < a->n_buffers) {
        st = differ(e, "buffers: %u vs %u", a->n_buffers, b->n_buffers);
        goto done;
    }
    for (uint32_t k = 0; k < a->n_buffers; k++) {
        const ap_tfl_buffer *x = &a->buffers[k], *y = &b->buffers[k];
        if (fa[k] && fb[k])
            continue;
        if (x->data_len != y->data_len || x->ext_offset != y->ext_offset ||
            x->ext_size != y->ext_size ||
            (x->data_len && memcmp(a->data + x->data_pos, b->data + y->data_pos, x->data_len))) {
            st = differ(e, "buffer %u: its data differs", k);
            goto done;
        }
        if (x->data_len && x->data_pos % 16 != y->data_pos % 16) {
            st = differ(e, "buffer %u: its data moved from byte %zu (%zu modulo 16) to byte %zu "
                        "(%zu modulo 16)", k, x->data_pos, x->data_pos % 16, y->data_pos,
                        y->data_pos % 16);
            goto done;
        }
        if (!same_table(a, x->table_pos, b, y->table_pos)) {
            st = differ(e, "buffer %u: the table's bytes differ", k);
            goto done;
        }
    }
done:
    free(fa);
    free(fb);
    return st;
}

static ap_status diff_metadata(const ap_tfl_model *a, const ap_tfl_model *b,
                               const char *const *ignore, size_t n_ignore, ap_error *e)
{
    uint32_t j = 0;
    for (uint32_t k = 0; k < a->n_metadata; k++) {
        const ap_tfl_metadata *x = &a->metadata[k];
        if (ignored(x->name, ignore, n_ignore))
            continue;
        while (j < b->n_metadata && ignored(b->metadata[j].name, ignore, n_ignore))
            j++;
        if (j == b->n_metadata)
            return differ(e, "metadata %u (\"%s\") is missing", k, x->name);
        const ap_tfl_metadata *y = &b->metadata[j++];
        if (!same_str(x->name, y->name) || x->buffer != y->buffer)
            return differ(e, "metadata %u (\"%s\") differs", k, x->name);
        if (!same_table(a, x->table_pos, b, y->table_pos))
            return differ(e, "metadata %u (\"%s\"): the table's bytes differ", k, x->name);
    }
    for (; j < b->n_metadata; j++)
        if (!ignored(b->metadata[j].name, ignore, n_ignore))
            return differ(e, "metadata \"%s\" was added", b->metadata[j].name);
    return AP_OK;
}

ap_status ap_tflite_diff(const ap_tfl_model *a, const ap_tfl_model *b, const char *const *ignore,
                         size_t n_ignore, ap_error *diff)
{
    return ap_tflite_diff_reordered(a, b, NULL, ignore, n_ignore, diff);
}

ap_status ap_tflite_diff_reordered(const ap_tfl_model *a, const ap_tfl_model *b,
                                   uint32_t *const *order, const char *const *ignore,
                                   size_t n_ignore, ap_error *diff)
{
    ap_status st;
    /* The order must be a permutation, or an operator could be compared twice and another
     * never. */
    for (uint32_t s = 0; order && s < a->n_subgraphs; s++) {
        uint32_t n = a->subgraphs[s].n_ops;
        unsigned char *seen = order[s] ? ap__zalloc((size_t)n + 1, 1) : NULL;
        if (order[s] && !seen)
            return ap_error_set(diff, AP_ERR_NOMEM, "out of memory comparing models");
        for (uint32_t i = 0; seen && i < n; i++) {
            if (order[s][i] >= n || seen[order[s][i]]) {
                free(seen);
                return differ(diff, "subgraph %u: the order is not a permutation of its %u "
                              "operators (position %u names %u)", s, n, i, order[s][i]);
            }
            seen[order[s][i]] = 1;
        }
        free(seen);
    }
    if ((st = diff_graph(a, b, order, diff)) != AP_OK ||
        (st = diff_buffers(a, b, ignore, n_ignore, diff)) != AP_OK ||
        (st = diff_metadata(a, b, ignore, n_ignore, diff)) != AP_OK)
        return st;
    return AP_OK;
}
