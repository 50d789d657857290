/*
 * test_tflite_inspect.c - `arenaplan inspect`: the summary and buffer list in each format, the
 * CSV as valid `plan` input that plans to TFLM's head, and the exit codes and messages for bad
 * usage and inputs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#define HELLO "corpus/models/tflm/hello_world_int8.tflite"
#define VELA "corpus/models/tflm/person_detect_vela.tflite"

static void table_summary_and_rows(void **state)
{
    (void)state;
    run_result r = run_cli("inspect", src_path(HELLO), NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.err, "");
    assert_contains(r.out, "subgraphs    1\n  0   main                 10 tensors, 3 operators, "
                           "inputs [0], outputs [9]\n");
    assert_contains(r.out, "operators    3: FULLY_CONNECTED 3\n");
    assert_contains(r.out, "tensors      10: 4 planned, 6 constant, 0 variable\n");
    assert_contains(r.out, "constants    420 bytes (in the model file)\n");
    assert_contains(r.out, "kernels      reference: 0 scratch buffers\n");
    assert_contains(r.out, "offline plan none\n");
    assert_contains(r.out, "planned      4 buffers, 64 bytes in all; at most 32 bytes live at "
                           "once (step 1: op 0 FULLY_CONNECTED)\n");
    assert_contains(r.out, "\n9          StatefulPartitionedCall:0                int8[1,1]                    16  "
                           "[3, 4)         output     op 2 FULLY_CONNECTED     -\n");
    /* TFLM's whole arena on the Cortex-M4: the reference's plain_total is 676 = 32 + 644; the
     * planner's allocation info and scratch make AllocateTensors need 1,068 */
    assert_contains(r.out, "arena        1068 bytes (kTensorArenaSize for TFLM on cortex-m; head 32 + tail 644 "
                           "after AllocateTensors, which needs more in its plan step), TFLM planning the head "
                           "itself\n"
                           "tail         644 bytes on cortex-m, by RecordingMicroAllocator's category (a plain "
                           "MicroInterpreter, reference kernels):\n"
                           "  category                                      count  requested    bytes\n"
                           "  TfLiteEvalTensor data                            10        120      120\n");
    assert_contains(r.out, "  NodeAndRegistration struct                        3         96       96\n"
                           "  Operator runtime data                             0          0        0\n"
                           "  other                                             8        147      147\n"
                           "    runtime_objects                                 4        124      124\n");
    run_free(&r);

    /* Control flow: who runs each subgraph; ids S:T. */
    r = run_cli("inspect", src_path("corpus/models/more/litert_multi_subgraphs_while.tflite"),
                NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "while_cond           5 tensors, 1 operators, inputs [0, 1, 2], "
                           "outputs [4], run by op 0 WHILE (cond)\n");
    assert_contains(r.out, "operators    5: ADD 2, LESS 1, MUL 1, WHILE 1\n");
    assert_contains(r.out, "\n2:7        while/add_1                              int32[]                      16  "
                           "[7, 8)         output     op 2:2 ADD               -\n");
    run_free(&r);

    /* Scratch, variables and an offline plan. */
    r = run_cli("inspect", src_path("corpus/models/tflm/keyword_scrambled.tflite"), NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "kernels      reference: 14 scratch buffers\n");
    assert_contains(r.out, "op 1 SVDF: int32 filter outputs");
    run_free(&r);
    r = run_cli("inspect", src_path(VELA), "--kernels", "reference64", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "offline plan 6 entries (metadata ");
    assert_contains(r.out, "honoured\n");
    assert_contains(r.out, "operators    1: ethos-u 1\n");
    assert_contains(r.out, "(offline offset 0)");
    run_free(&r);
}

static void csv_is_plan_input(void **state)
{
    (void)state;
    run_result r = run_cli("inspect", src_path(HELLO), "--format", "csv", NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(
        r.out, "id,lower,upper,size,alignment,name,type\n"
               "0,0,2,16,16,serving_default_dense_input:0,\"int8[1,1]\"\n"
               "7,1,3,16,16,sequential/dense/MatMul;sequential/dense/Relu;sequential/dense/BiasAdd,"
               "\"int8[1,16]\"\n"
               "8,2,4,16,16,sequential/dense_1/MatMul;sequential/dense_1/Relu;sequential/dense_1/"
               "BiasAdd,\"int8[1,16]\"\n"
               "9,3,4,16,16,StatefulPartitionedCall:0,\"int8[1,1]\"\n");
    run_free(&r);

    /* The vela model's CSV keeps its offline offsets (blank for the planner's own choice) and
     * plans, through `plan`, to TFLM's head with the Ethos-U kernel on a 64-bit host. */
    const char *csv = tmp_path("vela.csv");
    r = run_cli("inspect", src_path(VELA), "--kernels", "reference64", "--format", "csv", "-o",
                csv, NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "");
    run_free(&r);
    char *text = read_text(csv, NULL);
    assert_non_null(text);
    assert_string_equal(text, "id,lower,upper,size,alignment,name,type,offset\n"
                              "0,1,2,16,16,MobilenetV1/Predictions/Reshape_1,\"int8[1,2]\",0\n"
                              "3,-1,2,74464,16,_split_1_scratch,uint8[74464],0\n"
                              "4,-1,2,74464,16,_split_1_scratch_fast,uint8[74464],0\n"
                              "5,0,2,9216,16,input,\"int8[1,96,96,1]\",0\n"
                              "scratch0,1,2,48,16,op 0 ethos-u: base addresses,"
                              "uint8[48] (reference64 kernel),\n"
                              "scratch1,1,2,48,16,op 0 ethos-u: base address sizes,"
                              "uint8[48] (reference64 kernel),\n");
    free(text);
    /* a buffer list may not share fixed bytes unless told it may: only a model's offline
       plan does so on its own */
    static const char clash[] = "fixed offsets clash: buffers '3' (74464 bytes, lifetime [-1, 2), "
                                "bytes [0, 74464)) and '4' (74464 bytes, lifetime [-1, 2), bytes "
                                "[0, 74464)) are both live at steps -1-1 and share bytes [0, 74464)";
    r = run_cli("plan", csv, "--strategy", "greedy", "--format", "json", NULL);
    assert_int_equal(r.status, 2);
    assert_contains(r.err, clash);
    assert_contains(r.err, " (only a model's offline plan may place fixed buffers on shared "
                           "bytes; --allow-fixed-overlap accepts a buffer list that does)\n");
    run_free(&r);
    r = run_cli("plan", csv, "--strategy", "greedy", "--format", "json", "--allow-fixed-overlap",
                NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "\"head_bytes\":74560,");
    assert_contains(r.err, "arenaplan: warning: ");
    assert_contains(r.err, clash);
    assert_contains(r.err, "; accepted as pre-planned sharing (--allow-fixed-overlap)\n");
    run_free(&r);

    /* The same for a model with scratch buffers: mobilenet's head through the CSV. */
    csv = tmp_path("mobilenet.csv");
    r = run_cli("inspect", src_path("corpus/models/tflm/mobilenet_v2_quantized_1x3x224x224.tflite"),
                "--format", "csv", "-o", csv, NULL);
    assert_int_equal(r.status, 0);
    run_free(&r);
    r = run_cli("plan", csv, "--strategy", "greedy", "--format", "json", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "\"head_bytes\":2451840,");
    run_free(&r);
}

static void json_fields(void **state)
{
    (void)state;
    run_result r = run_cli("inspect", src_path(HELLO), "--format", "json", NULL);
    assert_int_equal(r.status, 0);
    assert_true(r.out[0] == '{');
    assert_true(strcmp(r.out + strlen(r.out) - 3, "]}\n") == 0);
    assert_contains(r.out, "\"operators_by_type\":{\"FULLY_CONNECTED\":3}");
    assert_contains(r.out, "\"tensors\":10,\"constant_tensors\":6,\"constant_bytes\":420,"
                           "\"variable_tensors\":0,\"variable_bytes\":0");
    assert_contains(r.out, "\"planned_tensors\":4,\"scratch_buffers\":0,\"planned_bytes\":64,"
                           "\"peak_live_bytes\":32");
    assert_contains(r.out, "{\"id\":\"9\",\"name\":\"StatefulPartitionedCall:0\",\"subgraph\":0,"
                           "\"tensor\":9,\"kind\":\"output\",\"size\":16,\"lower\":3,\"upper\":4,"
                           "\"fixed_offset\":null,\"producer\":\"op 2 FULLY_CONNECTED\","
                           "\"consumers\":null}");
    run_free(&r);
    r = run_cli("inspect", src_path("corpus/models/more/litert_call_once_mul.tflite"), "--format",
                "json", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "\"run_by\":[\"op 0 CALL_ONCE (init)\"]");
    assert_contains(r.out, "\"variable_tensors\":0");
    run_free(&r);
}

static void usage_and_input_errors(void **state)
{
    (void)state;
    run_result r = run_cli("inspect", NULL);
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "inspect: no model given");
    run_free(&r);
    r = run_cli("inspect", src_path(HELLO), "--format", "xml", NULL);
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "inspect: unknown format 'xml' (table, csv or json)");
    run_free(&r);
    r = run_cli("inspect", src_path(HELLO), "--kernels", "cmsis", NULL);
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "--kernels cmsis: unknown kernel set");
    run_free(&r);
    r = run_cli("inspect", src_path(HELLO), src_path(VELA), NULL);
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "inspect: one model at a time");
    run_free(&r);
    r = run_cli("inspect", tmp_path("no-such-model.tflite"), NULL);
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "no-such-model.tflite: cannot open");
    run_free(&r);
    const char *csv = tmp_path("list.csv");
    write_text(csv, "id,lower,upper,size\na,0,1,16\n");
    r = run_cli("inspect", csv, NULL);
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "is not a TensorFlow Lite model (no \"TFL3\" identifier at bytes 4-7)");
    run_free(&r);
    r = run_cli("inspect", "--help", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "usage: arenaplan inspect MODEL.tflite");
    run_free(&r);

    /* A model TFLM's allocator refuses (a STRING tensor): the graph and its head's buffers
     * (the STRING tensor not planned), the refusal in the warning and as the arena, exit 0. */
    const char *m = src_path("corpus/models/more/litert_while_op_with_forwarding_input.tflite");
    const char *why = "TFLM's allocator refuses the model: subgraph 0 tensor 1 (increment_value) "
                      "has type STRING, which TFLM cannot size (TfLiteTypeSizeOf fails) "
                      "(micro_allocation_info.cc:197): this model cannot load";
    char want[1024];
    r = run_cli("inspect", m, NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "subgraphs    3\n");
    assert_contains(r.out, "tensors      30: 21 planned, 4 constant, 0 variable\n");
    snprintf(want, sizeof want, "\narena        unknown: %s\nplanned      21 buffers, 336 bytes in "
             "all; at most 192 bytes live at once (step 8: op 2:2 ADD)\n", why);
    assert_contains(r.out, want);
    snprintf(want, sizeof want, "arenaplan: warning: %s: %s; the head is planned, but no "
             "kTensorArenaSize exists for TFLM on cortex-m\n", m, why);
    assert_string_equal(r.err, want);
    run_free(&r);
    r = run_cli("inspect", m, "--format", "csv", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "id,lower,upper,size,alignment,name,type\n0,0,2,16,16,num_iterations,"
                           "int32[1]\n");
    run_free(&r);
    r = run_cli("inspect", m, "--format", "json", NULL);
    assert_int_equal(r.status, 0);
    snprintf(want, sizeof want, "\"planned_tensors\":21,\"scratch_buffers\":0,\"planned_bytes\":"
             "336,\"peak_live_bytes\":192,\"arena_bytes\":null,\"arena_unknown\":\"%s\"", why);
    assert_contains(r.out, want);
    run_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(table_summary_and_rows),
        cmocka_unit_test(csv_is_plan_input),
        cmocka_unit_test(json_fields),
        cmocka_unit_test(usage_and_input_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
