/*
 * test_embed_check.h - what every embed test asserts about a model it wrote, independently of
 * the library's own checks: the input's bytes are all still there (moved by a multiple of 16,
 * or untouched but for the edited entries' data), the graph reads back the same, every buffer
 * keeps its bytes and alignment, the offline plan holds the words reported, and TFLM's plan of
 * the copy (its problem planned by greedy) is the plan embed judged, proven by the checker.
 * Header-only (static functions) for the test_embed*.c programs.
 */
#ifndef AP_TEST_EMBED_CHECK_H
#define AP_TEST_EMBED_CHECK_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/embed.h"
#include "arenaplan/tflite.h"
#include "arenaplan/tflm.h"
#include "testutil.h"

typedef struct blob {
    unsigned char *p;
    size_t n;
} blob;

static inline blob blob_file(const char *path)
{
    blob b = {NULL, 0};
    ap_error err = {0};
    if (ap_read_file(path, (size_t)1 << 31, &b.p, &b.n, &err) != AP_OK)
        fail_msg("%s", err.msg);
    return b;
}

static inline blob blob_model(const char *rel)
{
    return blob_file(src_path(rel));
}

static inline void blob_free(blob *b)
{
    free(b->p);
    b->p = NULL;
    b->n = 0;
}

static inline ap_tfl_model *read_model(const unsigned char *p, size_t n)
{
    ap_tfl_model *m = NULL;
    ap_error err = {0};
    if (ap_tflite_read(p, n, &m, &err) != AP_OK)
        fail_msg("model does not read: %s", err.msg);
    return m;
}

static inline int is_edited(const char *name, const char *const *edited, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(name, edited[i]) == 0)
            return 1;
    return 0;
}

/* Whether file position pos lies in the data of a buffer that only edited entries name. */
static inline int in_edited_data(const ap_tfl_model *a, size_t pos, const char *const *edited,
                                 size_t n)
{
    for (uint32_t k = 0; k < a->n_metadata; k++) {
        const ap_tfl_buffer *b = &a->buffers[a->metadata[k].buffer];
        if (is_edited(a->metadata[k].name, edited, n) && pos >= b->data_pos &&
            pos < b->data_pos + b->data_len)
            return 1;
    }
    return 0;
}

/* out preserves in, except the metadata entries named in edited. */
static inline void assert_preserved(const blob *in, const unsigned char *out, size_t out_len,
                             size_t shift, const char *const *edited, size_t n_edited)
{
    ap_tfl_model *a = read_model(in->p, in->n), *b = read_model(out, out_len);
    ap_error err = {0};
    if (shift) {
        /* Moved: the whole input follows the new header, byte for byte. */
        assert_int_equal(shift % 16, 0);
        assert_int_equal(out_len, shift + in->n);
        assert_memory_equal(out + shift, in->p, in->n);
    } else {
        /* In place: only the edited entries' data changed. */
        assert_int_equal(out_len, in->n);
        for (size_t i = 0; i < in->n; i++)
            if (out[i] != in->p[i] && !in_edited_data(a, i, edited, n_edited))
                fail_msg("byte %zu changed outside the edited entries", i);
    }
    /* The graph. */
    assert_int_equal(a->n_subgraphs, b->n_subgraphs);
    assert_int_equal(a->n_opcodes, b->n_opcodes);
    for (uint32_t s = 0; s < a->n_subgraphs; s++) {
        const ap_tfl_subgraph *x = &a->subgraphs[s], *y = &b->subgraphs[s];
        assert_string_equal(x->name, y->name);
        assert_int_equal(x->n_tensors, y->n_tensors);
        assert_int_equal(x->n_ops, y->n_ops);
        for (uint32_t t = 0; t < x->n_tensors; t++) {
            const ap_tfl_tensor *u = &x->tensors[t], *v = &y->tensors[t];
            assert_string_equal(u->name, v->name);
            assert_int_equal(u->type, v->type);
            assert_int_equal(u->rank, v->rank);
            if (u->rank)
                assert_memory_equal(u->shape, v->shape, u->rank * sizeof *u->shape);
            assert_int_equal(u->buffer, v->buffer);
            assert_int_equal(u->is_variable, v->is_variable);
        }
        for (uint32_t i = 0; i < x->n_ops; i++) {
            assert_int_equal(x->ops[i].opcode_index, y->ops[i].opcode_index);
            assert_int_equal(x->ops[i].n_inputs, y->ops[i].n_inputs);
            assert_int_equal(x->ops[i].n_outputs, y->ops[i].n_outputs);
            if (x->ops[i].n_inputs)
                assert_memory_equal(x->ops[i].inputs, y->ops[i].inputs,
                                    x->ops[i].n_inputs * sizeof *x->ops[i].inputs);
        }
    }
    /* Every buffer a tensor names: same bytes, same position modulo 16. */
    assert_true(b->n_buffers >= a->n_buffers);
    for (uint32_t s = 0; s < a->n_subgraphs; s++)
        for (uint32_t t = 0; t < a->subgraphs[s].n_tensors; t++) {
            uint32_t k = a->subgraphs[s].tensors[t].buffer;
            const ap_tfl_buffer *x = &a->buffers[k], *y = &b->buffers[k];
            assert_int_equal(x->data_len, y->data_len);
            if (x->data_len) {
                assert_memory_equal(in->p + x->data_pos, out + y->data_pos, x->data_len);
                assert_int_equal(x->data_pos % 16, y->data_pos % 16);
            }
        }
    /* The metadata not edited: same names, in order, same bytes. */
    uint32_t j = 0;
    for (uint32_t k = 0; k < a->n_metadata; k++) {
        if (is_edited(a->metadata[k].name, edited, n_edited))
            continue;
        while (j < b->n_metadata && is_edited(b->metadata[j].name, edited, n_edited))
            j++;
        assert_true(j < b->n_metadata);
        assert_string_equal(a->metadata[k].name, b->metadata[j].name);
        const ap_tfl_buffer *x = &a->buffers[a->metadata[k].buffer];
        const ap_tfl_buffer *y = &b->buffers[b->metadata[j].buffer];
        assert_int_equal(x->data_len, y->data_len);
        if (x->data_len)
            assert_memory_equal(in->p + x->data_pos, out + y->data_pos, x->data_len);
        j++;
    }
    if (ap_tflite_diff(a, b, edited, n_edited, &err) != AP_OK)
        fail_msg("%s", err.msg);
    ap_tflite_free(a);
    ap_tflite_free(b);
}

/* How many metadata entries of m are named name. */
static inline size_t count_entries(const ap_tfl_model *m, const char *name)
{
    size_t n = 0;
    for (uint32_t k = 0; k < m->n_metadata; k++)
        n += strcmp(m->metadata[k].name, name) == 0;
    return n;
}

/* Everything an embed result must satisfy (kernels: the set it was made with). */
static inline void assert_embedded(const blob *in, const ap_tflite_embed_result *r,
                                   const char *kernels)
{
    static const char *const edited[] = {AP_TFL_OFFLINE_PLAN_NAME, AP_TFL_KERNELS_NAME};
    assert_non_null(r->data);
    assert_preserved(in, r->data, r->len, r->shift, edited, 2);

    /* One offline plan, the words reported, 16-aligned. */
    ap_tfl_model *b = read_model(r->data, r->len);
    assert_int_equal(count_entries(b, AP_TFL_OFFLINE_PLAN_NAME), 1);
    assert_int_equal(count_entries(b, AP_TFL_KERNELS_NAME), r->kernels_entry ? 1 : 0);
    assert_true(b->offline.present);
    size_t nt = 0;
    for (uint32_t s = 0; s < b->n_subgraphs; s++)
        nt += b->subgraphs[s].n_tensors;
    assert_int_equal(r->n_words, nt + 3);
    assert_int_equal(b->offline.n, nt);
    assert_int_equal(r->words[0], 0);
    assert_int_equal(r->words[1], (int32_t)b->n_subgraphs);
    assert_int_equal(r->words[2], (int32_t)nt);
    assert_int_equal(b->offline.version, 0);
    assert_int_equal(b->offline.subgraphs, (int32_t)b->n_subgraphs);
    if (nt)
        assert_memory_equal(b->offline.offsets, r->words + 3, nt * sizeof *r->words);
    assert_int_equal(b->buffers[b->offline.buffer].data_pos % 16, 0);

    /* The copy's problem: tensors fixed at their entries, as TFLM reads them (concatenated:
     * tensor t of subgraph s takes entry (the tensors of the subgraphs before s) + t). */
    size_t *first = calloc((size_t)b->n_subgraphs + 1, sizeof *first);
    assert_non_null(first);
    for (uint32_t s = 1; s < b->n_subgraphs; s++)
        first[s] = first[s - 1] + b->subgraphs[s - 1].n_tensors;
    ap_tflite_build_options lo;
    ap_problem *q = NULL;
    ap_error err = {0};
    ap_tflite_build_options_init(&lo);
    lo.kernels = (ap_tflm_kernels)tflm_set(AP_TFLM_SET_KERNELS, kernels);
    if (ap_tflite_load_problem(r->data, r->len, "copy", &lo, &q, &err) != AP_OK)
        fail_msg("%s", err.msg);
    const ap_problem *p = r->problem;
    assert_int_equal(q->n, p->n);
    size_t fixed = 0, tensors = 0;
    for (size_t i = 0; i < q->n; i++) {
        assert_string_equal(q->buf[i].id, p->buf[i].id);
        if (q->buf[i].tensor == AP_NO_INDEX) {
            assert_int_equal(q->buf[i].fixed, AP_UNFIXED);
            continue;
        }
        int32_t w = r->words[3 + first[q->buf[i].subgraph] + (size_t)q->buf[i].tensor];
        tensors++;
        fixed += w >= 0;
        assert_int_equal(q->buf[i].fixed, w >= 0 ? w : AP_UNFIXED);
    }
    assert_int_equal(r->tensors, tensors);
    assert_int_equal(r->fixed, fixed);

    /* TFLM's plan of the copy is the plan embed judged, valid against the input's rules. */
    ap_plan t;
    ap_plan_init(&t);
    int64_t head = plan_checked(q, "greedy", &t);
    assert_int_equal(head, r->head);
    assert_int_equal(r->tflm.arena, r->head);
    assert_memory_equal(t.offset, r->tflm.offset, q->n * sizeof *t.offset);
    assert_int_equal(assert_valid_plan(p, &r->tflm), r->head);
    assert_valid_plan(p, &r->plan);
    for (size_t i = 0; i < p->n; i++)
        if (p->buf[i].tensor != AP_NO_INDEX &&
            r->words[3 + first[p->buf[i].subgraph] + (size_t)p->buf[i].tensor] >= 0)
            assert_int_equal(r->tflm.offset[i],
                             r->words[3 + first[p->buf[i].subgraph] + (size_t)p->buf[i].tensor]);
    free(first);
    ap_plan_free(&t);
    ap_problem_free(q);
    ap_tflite_free(b);
}

/* Embeds in with the given kernel set and strategy (NULL: the defaults), asserts success and
 * everything above. */
static inline void embed_ok(const blob *in, const char *kernels, const char *strategy,
                     int ignore_offline, ap_tflite_embed_result *r)
{
    ap_tflite_embed_options o;
    ap_error err = {0};
    ap_tflite_embed_options_init(&o);
    o.build.kernels = (ap_tflm_kernels)tflm_set(AP_TFLM_SET_KERNELS, kernels);
    o.build.ignore_offline = ignore_offline;
    o.plan.strategy = strategy;
    if (ap_tflite_embed(in->p, in->n, "in.tflite", &o, r, &err) != AP_OK)
        fail_msg("%s", err.msg);
    assert_embedded(in, r, kernels);
}

#endif
