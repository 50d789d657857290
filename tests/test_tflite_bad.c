/*
 * test_tflite_bad.c - hostile and broken .tflite files: real models patched in place (each
 * patch found through the reader's own record of where tables and fields lie), and every
 * truncation of two real models. Each must fail with AP_ERR_INPUT and a message naming the byte
 * offset or index at fault - never crash (the sanitizer build runs these too) - and the CLI must
 * exit 2 with the message on stderr.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "arenaplan/tflite.h"
#include "arenaplan/tflm.h"
#include "testutil.h"
#include "tflite/fb.h"

typedef struct model_file {
    unsigned char *data;
    size_t len;
    ap_tfl_model *m;
} model_file;

static model_file open_model(const char *rel)
{
    model_file f;
    ap_error err = {0};
    assert_int_equal(ap_read_file(src_path(rel), (size_t)1 << 30, &f.data, &f.len, &err), AP_OK);
    assert_int_equal(ap_tflite_read(f.data, f.len, &f.m, &err), AP_OK);
    return f;
}

static void close_model(model_file *f)
{
    ap_tflite_free(f->m);
    free(f->data);
}

/* A copy of the file's bytes to patch. */
static unsigned char *copy_of(const model_file *f)
{
    unsigned char *c = malloc(f->len);
    memcpy(c, f->data, f->len);
    return c;
}

static void put32(unsigned char *p, size_t pos, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[pos + i] = (unsigned char)(v >> (8 * i));
}

/* Position of field id of the table at table_pos (must be present). */
static size_t field_pos(const model_file *f, size_t table_pos, unsigned id, unsigned width)
{
    ap__fb fb = {f->data, f->len};
    ap__fb_table t;
    size_t pos;
    assert_int_equal(ap__fb_table_at(&fb, table_pos, "t", &t, NULL), AP_OK);
    assert_int_equal(ap__fb_field(&fb, &t, id, width, "t", &pos, NULL), AP_OK);
    assert_true(pos != 0);
    return pos;
}

/* Position of the length word of the vector in field id of the table at table_pos. */
static size_t vector_pos(const model_file *f, size_t table_pos, unsigned id)
{
    size_t fp = field_pos(f, table_pos, id, 4);
    uint32_t off = (uint32_t)f->data[fp] | (uint32_t)f->data[fp + 1] << 8 |
                   (uint32_t)f->data[fp + 2] << 16 | (uint32_t)f->data[fp + 3] << 24;
    return fp + off;
}

/* Reads the patched bytes; expects AP_ERR_INPUT; returns the message (static). */
static const char *read_fails(const unsigned char *data, size_t len)
{
    static ap_error err;
    ap_tfl_model *m = NULL;
    memset(&err, 0, sizeof err);
    ap_status st = ap_tflite_read(data, len, &m, &err);
    if (st != AP_ERR_INPUT)
        fail_msg("expected AP_ERR_INPUT, got %d (%s)", (int)st, err.msg);
    assert_null(m);
    return err.msg;
}

/* The same bytes through the CLI: exit 2, the message (after the path) on stderr. */
static void cli_fails(const unsigned char *data, size_t len, const char *msg)
{
    const char *path = tmp_path("bad.tflite");
    FILE *fp = fopen(path, "wb");
    assert_non_null(fp);
    assert_int_equal(fwrite(data, 1, len, fp), len);
    fclose(fp);
    run_result r = run_cli("plan", path, NULL);
    assert_int_equal(r.status, 2);
    assert_contains(r.err, path);
    assert_contains(r.err, msg);
    run_free(&r);
}

static void every_truncation_fails_cleanly(void **state)
{
    (void)state;
    static const char *const models[] = {"corpus/models/tflm/simple_add_model.tflite",
                                         "corpus/models/tflm/hello_world_int8.tflite",
                                         "corpus/models/more/litert_nested_while.tflite"};
    for (size_t k = 0; k < 3; k++) {
        model_file f = open_model(models[k]);
        for (size_t len = 0; len < f.len; len++) {
            /* Each prefix in its own allocation, so the sanitizer sees any read past it. */
            unsigned char *c = malloc(len ? len : 1);
            memcpy(c, f.data, len);
            read_fails(c, len);
            free(c);
        }
        close_model(&f);
    }
    unsigned char tiny[7] = {0};
    assert_string_equal(read_fails(tiny, 7), "the file is 7 bytes, too short for a TFLite "
                                             "FlatBuffer (a root offset and the \"TFL3\" "
                                             "identifier take 8)");
    model_file f = open_model("corpus/models/tflm/simple_add_model.tflite");
    assert_contains(read_fails(f.data, 900), "outside the file (900 bytes)");
    cli_fails(f.data, 900, "outside the file (900 bytes)");
    close_model(&f);
}

static void wrong_identifier(void **state)
{
    (void)state;
    model_file f = open_model("corpus/models/tflm/simple_add_model.tflite");
    unsigned char *c = copy_of(&f);
    memcpy(c + 4, "TFL2", 4);
    assert_string_equal(read_fails(c, f.len), "file identifier at bytes 4-7 is \"TFL2\", not "
                                              "\"TFL3\": not a TFLite model");
    c[5] = 0xff;
    assert_string_equal(read_fails(c, f.len), "file identifier at bytes 4-7 is \"T\\xffL2\", "
                                              "not \"TFL3\": not a TFLite model");
    free(c);
    close_model(&f);
}

static void offsets_and_vtables_out_of_range(void **state)
{
    (void)state;
    model_file f = open_model("corpus/models/tflm/simple_add_model.tflite");
    char want[256];
    unsigned char *c = copy_of(&f);
    uint32_t root = (uint32_t)f.data[0] | (uint32_t)f.data[1] << 8;

    put32(c, 0, 0xfffffff0u);
    assert_string_equal(read_fails(c, f.len), "root table: offset 4294967280 at byte 0 points "
                                              "to byte 4294967280, outside the file (976 bytes)");
    cli_fails(c, f.len, "root table: offset 4294967280 at byte 0");
    memcpy(c, f.data, f.len);

    /* The root table's vtable 100000 bytes further on. */
    put32(c, root, (uint32_t)-100000);
    snprintf(want, sizeof want, "root table: vtable of the table at byte %u lies at byte %u, "
             "outside the file (976 bytes)", root, root + 100000);
    assert_string_equal(read_fails(c, f.len), want);
    memcpy(c, f.data, f.len);

    /* A vtable claiming 65520 bytes. */
    int32_t so = (int32_t)((uint32_t)f.data[root] | (uint32_t)f.data[root + 1] << 8 |
                           (uint32_t)f.data[root + 2] << 16 | (uint32_t)f.data[root + 3] << 24);
    size_t vt = (size_t)((int64_t)root - so);
    c[vt] = 0xf0;
    c[vt + 1] = 0xff;
    snprintf(want, sizeof want, "root table: vtable at byte %zu (65520 bytes) runs past the end "
             "of the file (976 bytes)", vt);
    assert_string_equal(read_fails(c, f.len), want);
    memcpy(c, f.data, f.len);

    /* A field offset beyond the table's inline size: the table shrinks to 4 bytes. */
    c[vt + 2] = 4;
    c[vt + 3] = 0;
    assert_contains(read_fails(c, f.len), "model: field 0 at byte ");
    assert_contains(read_fails(c, f.len), "runs past the end of its table");
    free(c);
    close_model(&f);
}

static void vectors_and_strings_past_the_end(void **state)
{
    (void)state;
    model_file f = open_model("corpus/models/tflm/simple_add_model.tflite");
    char want[256];
    unsigned char *c = copy_of(&f);
    uint32_t root = (uint32_t)f.data[0] | (uint32_t)f.data[1] << 8;

    size_t sv = vector_pos(&f, root, 2); /* Model.subgraphs */
    put32(c, sv, 0x40000000u);
    snprintf(want, sizeof want, "subgraphs: vector at byte %zu has 1073741824 elements of 4 "
             "bytes, running past the end of the file (976 bytes)", sv);
    assert_string_equal(read_fails(c, f.len), want);
    cli_fails(c, f.len, want);
    memcpy(c, f.data, f.len);

    const ap_tfl_tensor *t0 = &f.m->subgraphs[0].tensors[0];
    size_t name = vector_pos(&f, t0->table_pos, 3);
    put32(c, name, 5000);
    snprintf(want, sizeof want, "subgraph 0 tensor 0: vector at byte %zu has 5000 elements of 1 "
             "bytes, running past the end of the file (976 bytes)", name);
    assert_string_equal(read_fails(c, f.len), want);
    memcpy(c, f.data, f.len);

    size_t shape = vector_pos(&f, t0->table_pos, 0);
    put32(c, shape, 0xffffffffu);
    assert_contains(read_fails(c, f.len), "has 4294967295 elements of 4 bytes");
    free(c);
    close_model(&f);
}

static void indices_out_of_range(void **state)
{
    (void)state;
    model_file f = open_model("corpus/models/tflm/simple_add_model.tflite");
    char want[256];
    unsigned char *c = copy_of(&f);
    const ap_tfl_subgraph *g = &f.m->subgraphs[0];
    const ap_tfl_operator *op = &g->ops[0];

    size_t ins = vector_pos(&f, op->table_pos, 1);
    put32(c, ins + 4, 99);
    assert_string_equal(read_fails(c, f.len), "subgraph 0 operator 0 (ADD): inputs[0] names "
                                              "tensor 99, but the subgraph has 3 tensors");
    cli_fails(c, f.len, "inputs[0] names tensor 99");
    put32(c, ins + 4, (uint32_t)-2);
    assert_string_equal(read_fails(c, f.len), "subgraph 0 operator 0 (ADD): inputs[0] names "
                                              "tensor -2, but the subgraph has 3 tensors");
    memcpy(c, f.data, f.len);

    size_t outs = vector_pos(&f, op->table_pos, 2);
    put32(c, outs + 4, (uint32_t)-1); /* -1 means "omitted" only for inputs */
    assert_string_equal(read_fails(c, f.len), "subgraph 0 operator 0 (ADD): outputs[0] names "
                                              "tensor -1, but the subgraph has 3 tensors");
    memcpy(c, f.data, f.len);

    size_t sg_out = vector_pos(&f, g->table_pos, 2);
    put32(c, sg_out + 4, 3);
    assert_string_equal(read_fails(c, f.len), "subgraph 0: outputs[0] names tensor 3, but the "
                                              "subgraph has 3 tensors");
    memcpy(c, f.data, f.len);

    size_t buf = field_pos(&f, g->tensors[1].table_pos, 2, 4);
    put32(c, buf, 1000);
    snprintf(want, sizeof want, "subgraph 0 tensor 1 (serving_default_input_2:0) (table at byte "
             "%zu): names buffer 1000, but the model has %u buffers", g->tensors[1].table_pos,
             f.m->n_buffers);
    assert_string_equal(read_fails(c, f.len), want);
    memcpy(c, f.data, f.len);

    free(c);
    close_model(&f);

    /* An operator code index past the model's operator codes (ADD's index 0 is the field's
     * default and not stored, so take a model whose operators use several codes). */
    f = open_model("corpus/models/tflm/micro_speech_quantized.tflite");
    c = copy_of(&f);
    op = NULL;
    for (uint32_t i = 0; i < f.m->subgraphs[0].n_ops && !op; i++)
        if (f.m->subgraphs[0].ops[i].opcode_index > 0)
            op = &f.m->subgraphs[0].ops[i];
    assert_non_null(op);
    size_t opc = field_pos(&f, op->table_pos, 0, 4);
    put32(c, opc, 99);
    snprintf(want, sizeof want, "subgraph 0 operator %u (table at byte %zu): opcode_index 99, "
             "but the model has %u operator codes", op->index, op->table_pos, f.m->n_opcodes);
    assert_string_equal(read_fails(c, f.len), want);
    free(c);
    close_model(&f);
}

static void bad_shapes_and_types(void **state)
{
    (void)state;
    model_file f = open_model("corpus/models/tflm/simple_add_model.tflite");
    char want[256];
    unsigned char *c = copy_of(&f);
    const ap_tfl_tensor *t2 = &f.m->subgraphs[0].tensors[2];
    size_t shape = vector_pos(&f, t2->table_pos, 0);

    put32(c, shape + 4 + 4, (uint32_t)-5);
    snprintf(want, sizeof want, "subgraph 0 tensor 2 (PartitionedCall:0) (table at byte %zu): "
             "dimension 1 is -5; shapes must not be negative (dynamic shapes cannot be planned; "
             "TFLM resolves a -1 only in a RESHAPE's output)", t2->table_pos);
    assert_string_equal(read_fails(c, f.len), want);
    cli_fails(c, f.len, "dimension 1 is -5");
    /* A -1 is refused too outside a RESHAPE's output (this one is ADD's). */
    put32(c, shape + 4 + 4, (uint32_t)-1);
    assert_contains(read_fails(c, f.len), "dimension 1 is -1; shapes must not be negative");
    memcpy(c, f.data, f.len);

    for (int d = 0; d < 4; d++)
        put32(c, shape + 4 + 4 * (size_t)d, 0x7fffffffu);
    snprintf(want, sizeof want, "subgraph 0 tensor 2 (PartitionedCall:0) (table at byte %zu): "
             "the product of its 4 dimensions overflows (more than 2^52 elements at dimension "
             "1)", t2->table_pos);
    assert_string_equal(read_fails(c, f.len), want);
    memcpy(c, f.data, f.len);

    /* 2^25 * 2^26 INT8 elements = 2^51 bytes: large but within what a problem can hold. */
    put32(c, shape + 4, 1u << 25);
    put32(c, shape + 8, 1u << 26);
    put32(c, shape + 12, 1);
    put32(c, shape + 16, 1);
    ap_tfl_model *m = NULL;
    ap_error err = {0};
    assert_int_equal(ap_tflite_read(c, f.len, &m, &err), AP_OK);
    assert_int_equal(m->subgraphs[0].tensors[2].bytes, INT64_C(1) << 51);
    ap_tflite_free(m);
    memcpy(c, f.data, f.len);

    size_t type = field_pos(&f, t2->table_pos, 1, 1);
    c[type] = 42;
    snprintf(want, sizeof want, "subgraph 0 tensor 2 (PartitionedCall:0) (table at byte %zu): "
             "unknown tensor type 42 (the schema defines 0 to 20)", t2->table_pos);
    assert_string_equal(read_fails(c, f.len), want);
    cli_fails(c, f.len, "unknown tensor type 42");
    c[type] = 0xff; /* -1 as the schema's signed byte */
    assert_contains(read_fails(c, f.len), "unknown tensor type -1");
    /* A type TFLM cannot size reads fine but cannot be planned. */
    c[type] = AP_TFL_UINT4;
    assert_int_equal(ap_tflite_read(c, f.len, &m, &err), AP_OK);
    ap_tflite_free(m);
    ap_problem *p = NULL;
    assert_int_equal(ap_tflite_load_problem(c, f.len, "u4.tflite", NULL, &p, &err),
                     AP_ERR_INPUT);
    assert_contains(err.msg, "u4.tflite: subgraph 0 tensor 2 (PartitionedCall:0, table at byte ");
    assert_contains(err.msg, "has type UINT4, which TFLM cannot size");
    /* allow_refusal builds it for the head, that tensor not planned. */
    ap_tflite_build_options bo;
    ap_tflite_build_options_init(&bo);
    bo.allow_refusal = 1;
    assert_int_equal(ap_tflite_load_problem(c, f.len, "u4.tflite", &bo, &p, &err), AP_OK);
    for (size_t k = 0; k < p->n; k++)
        assert_true(p->buf[k].tensor != 2);
    ap_problem_free(p);
    p = NULL;
    /* UINT16 (and BFLOAT16) are 2 bytes for TFLM (memory_helpers.cc:74-76): sized, planned. */
    c[type] = AP_TFL_UINT16;
    assert_int_equal(ap_tflite_load_problem(c, f.len, "u16.tflite", NULL, &p, &err), AP_OK);
    ap_problem_free(p);
    p = NULL;
    free(c);
    close_model(&f);
}

/* Random byte flips over a real model: whatever happens, the reader and the lifetime rules
 * return a status (the sanitizer build checks no byte outside the file is read). */
static void random_corruptions_never_crash(void **state)
{
    (void)state;
    model_file f = open_model("corpus/models/more/litert_multi_subgraphs_while.tflite");
    uint64_t seed = 12345;
    int failed = 0;
    for (int round = 0; round < 3000; round++) {
        unsigned char *c = copy_of(&f);
        int flips = 1 + (int)(round % 4);
        for (int k = 0; k < flips; k++) {
            uint64_t r = ap__rand(&seed);
            size_t pos = (size_t)(r >> 33) % f.len;
            c[pos] = (unsigned char)(r >> 17);
        }
        ap_problem *p = NULL;
        ap_error err = {0};
        ap_status st = ap_tflite_load_problem(c, f.len, "x", NULL, &p, &err);
        if (st == AP_OK) {
            ap_plan plan;
            ap_plan_init(&plan);
            plan_checked(p, "greedy", &plan);
            ap_plan_free(&plan);
            ap_problem_free(p);
        } else {
            assert_true(st == AP_ERR_INPUT || st == AP_ERR_USAGE);
            assert_true(strlen(err.msg) > 3);
            failed++;
        }
        free(c);
    }
    /* Most flips land in weights or names and leave a valid model; many do not. */
    assert_true(failed > 100);
    close_model(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_truncation_fails_cleanly),
        cmocka_unit_test(wrong_identifier),
        cmocka_unit_test(offsets_and_vtables_out_of_range),
        cmocka_unit_test(vectors_and_strings_past_the_end),
        cmocka_unit_test(indices_out_of_range),
        cmocka_unit_test(bad_shapes_and_types),
        cmocka_unit_test(random_corruptions_never_crash),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
