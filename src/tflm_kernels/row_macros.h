/*
 * row_macros.h - the macros kernel tables are written with (internal; included by the table
 * files only: reference.c, cmsis_nn.c). One macro per kind of row (rows.h), the operator first
 * and the source last, so that a table reads as a list of facts:
 *
 *   PARSE(CONV_2D, "TfLiteConvParams", "core/api/flatbuffer_conversions.cc:1396")
 *   INIT(CONV_2D, "sizeof(OpDataConv)", "OpDataConv", "kernels/conv_common.cc:77")
 *   TEMP(CONV_2D, "out(0)", "kernels/conv_common.cc:149")
 *   KEEP(CONV_2D, NULL, "4 * dim(in(1), 0)", "per-channel output multipliers", "...:177")
 *   CHECK(ADD_N, "n_in < 2", "ADD_N needs at least 2 inputs", "kernels/add_n.cc:43")
 *   SCRATCH(MEAN, NULL, "4 * rank(in(0))", "temp index", "kernels/reduce_common.cc:92")
 *
 * Operators are named as the schema names builtins (CONV_2D) or as opcodes.h names the custom
 * operators (SIGNAL_RFFT). Strings are expressions (expr.h) except the `what` texts, the
 * struct names of PARSE, and the sources. Tensor slots are in(k), out(k), inter(k).
 */
#ifndef AP_TFLM_KERNELS_ROW_MACROS_H
#define AP_TFLM_KERNELS_ROW_MACROS_H

#include "tflm_kernels/opcodes.h"
#include "tflm_kernels/rows.h"

#define AP__ROW(op, kind, step, group, when, repeat, expr, what, fn, src)                   \
    {AP__OP_##op, AP__ROW_##kind, AP__STEP_##step, group, when, repeat, expr, what, fn, src, 0}

/* The op resolver's parser allocates struct params (a string), or nothing (NULL). */
#define PARSE(op, params, src) AP__ROW(op, PARSE, INIT, 0, NULL, NULL, params, NULL, NULL, src)

/* A name for an expression the operator's other rows use. */
#define DEF(op, name, expr) AP__ROW(op, DEF, INIT, 0, NULL, NULL, expr, name, NULL, NULL)

/* Init: AllocatePersistentBuffer(bytes), always or when `when` holds. */
#define INIT(op, bytes, what, src) AP__ROW(op, PERSIST, INIT, 0, NULL, NULL, bytes, what, NULL, src)
#define INIT_IF(op, when, bytes, what, src)                                                 \
    AP__ROW(op, PERSIST, INIT, 0, when, NULL, bytes, what, NULL, src)

/* Prepare: AllocatePersistentBuffer(bytes) when `when` holds (NULL: always). */
#define KEEP(op, when, bytes, what, src)                                                    \
    AP__ROW(op, PERSIST, PREPARE, 0, when, NULL, bytes, what, NULL, src)

/* Prepare: count persistent buffers of bytes (i = 0 .. count - 1) when `when` holds;
 * KEEP_EACH_CLEAR: buffers the kernel writes before it reads its temporaries again, which the
 * arena keeps clear of the temporaries it reads (clear: ALL, QUANT, QUANT_PTRS, rows.h), or
 * that may lie on temporaries no one reads any more (UNWRITTEN, TENSOR_DIMS). */
#define KEEP_EACH_CLEAR(op, clear, when, count, bytes, what, src)                           \
    {AP__OP_##op, AP__ROW_PERSIST, AP__STEP_PREPARE, 0, when, count, bytes, what, NULL, src,  \
     AP__CLEAR_##clear}
/* KEEP_CLEAR: one such buffer (clear also UNWRITTEN, TENSOR_DIMS: rows.h). */
#define KEEP_CLEAR(op, clear, when, bytes, what, src)                                       \
    KEEP_EACH_CLEAR(op, clear, when, NULL, bytes, what, src)
#define KEEP_EACH(op, when, count, bytes, what, src)                                        \
    AP__ROW(op, PERSIST, PREPARE, 0, when, count, bytes, what, NULL, src)

/* Prepare: a temporary TfLiteTensor for tensor (nothing when it is -1, an omitted input). */
#define TEMP(op, tensor, src) AP__ROW(op, TEMP, PREPARE, 0, NULL, NULL, tensor, NULL, NULL, src)
#define TEMP_IF(op, when, tensor, src)                                                      \
    AP__ROW(op, TEMP, PREPARE, 0, when, NULL, tensor, NULL, NULL, src)
#define TEMP_EACH(op, count, tensor, src)                                                   \
    AP__ROW(op, TEMP, PREPARE, 0, NULL, count, tensor, NULL, NULL, src)

/* The kernel allocates nothing in Init or Prepare. */
#define NONE(op, src) AP__ROW(op, NONE, PREPARE, 0, NULL, NULL, NULL, NULL, NULL, src)

/* Prepare fails when `when` holds, because `why`; CHECK_EACH: when it holds for one of
 * i = 0 .. count - 1 (a check in the kernel's loop). NEED: the kernel's check that its
 * temporary of the tensor is not null: the tensor must exist and TFLM must size its type
 * (PopulateTfLiteTensorFromFlatbuffer fails on a STRING tensor, micro_allocator.cc:256-258). */
#define CHECK(op, when, why, src) AP__ROW(op, CHECK, PREPARE, 0, when, NULL, NULL, why, NULL, src)
#define CHECK_EACH(op, count, when, why, src)                                                \
    AP__ROW(op, CHECK, PREPARE, 0, when, count, NULL, why, NULL, src)
#define NEED(op, tensor, what, src)                                                         \
    AP__ROW(op, CHECK, PREPARE, 0, "!exists(" tensor ") || !sizable(" tensor ")", NULL, NULL, \
            "missing " what, NULL, src)

/* Prepare aborts (or faults) when `when` holds, because `why`: a TFLITE_DCHECK, TFLITE_CHECK or
 * a null pointer the kernel reads; the model cannot load. */
#define ABORT(op, when, why, src) AP__ROW(op, ABORT, PREPARE, 0, when, NULL, NULL, why, NULL, src)

/* Prepare: RequestScratchBufferInArena(bytes) when `when` holds (NULL: always). */
#define SCRATCH(op, when, bytes, what, src)                                                 \
    AP__ROW(op, SCRATCH, PREPARE, 0, when, NULL, bytes, what, NULL, src)

/* Prepare: RequestScratchBufferInArena(bytes) of a size function fn, whatever the size. */
#define SCRATCH_BY(op, when, bytes, fn, what, src)                                          \
    AP__ROW(op, SCRATCH, PREPARE, 0, when, NULL, bytes, what, fn, src)

/* Prepare: the request of a size function fn, made only when the size is positive; in group
 * (non-zero) the branches of one if / else if chain, the first whose `when` holds taken. */
#define SIZED(op, group, when, bytes, fn, what, src)                                        \
    AP__ROW(op, SCRATCH_POS, PREPARE, group, when, NULL, bytes, what, fn, src)

/* Prepare: output 0's dimensions are rewritten (CreateWritableTensorDimsWithCopy, then the
 * kernel's own shape): TFLM plans it with `elements` elements. */
#define RESIZE(op, elements, src)                                                           \
    AP__ROW(op, RESIZE, PREPARE, 0, NULL, NULL, elements, "output 0 reshaped", NULL, src)
#define RESIZE_IF(op, when, elements, src)                                                  \
    AP__ROW(op, RESIZE, PREPARE, 0, when, NULL, elements, "output 0 reshaped", NULL, src)

/* Prepare: tensor gets memory of its own (the planner never sees it). */
#define OWN(op, tensor, what, src) AP__ROW(op, OWN, PREPARE, 0, NULL, NULL, tensor, what, NULL, src)

/* ---- TFLM code every kernel set runs: rows the tables share ----------------------------------
 * Sources are files of tensorflow/lite/micro/kernels/ unless a folder is named. */

/* Per-channel multipliers and shifts: int32 each, one per output channel (dimension d of the
 * filter), allocated whatever the types (float models too): ConvPrepare, DepthwiseConvPrepare,
 * TransposeConvPrepare; src1, src2: the two calls. */
#define PER_CHANNEL(op, d, src1, src2)                                                       \
    KEEP(op, NULL, "4 * dim(in(1), " d ")", "per-channel output multipliers", src1),         \
    KEEP(op, NULL, "4 * dim(in(1), " d ")", "per-channel output shifts", src2)

/* CalculateOpDataFullyConnected (also called by the LSTM for each gate): per-channel arrays
 * only for a quantized input with a per-channel quantized filter. */
#define FC_PER_CHANNEL(op, input, filter)                                                    \
    KEEP(op, "type(" input ") != FLOAT32 && quantized(" filter ") && scales(" filter ") > 1",  \
         "4 * scales(" filter ")", "per-channel output multipliers",                          \
         "fully_connected_common.cc:112"),                                                    \
    KEEP(op, "type(" input ") != FLOAT32 && quantized(" filter ") && scales(" filter ") > 1",  \
         "4 * scales(" filter ")", "per-channel output shifts", "fully_connected_common.cc:115")

/* The LSTM's integer gates (cell state INT16): input and recurrent fully-connected parts
 * (CreateGateParams). */
#define LSTM_GATE(w, r)                                                                      \
    FC_PER_CHANNEL(UNIDIRECTIONAL_SEQUENCE_LSTM, "in(0)", "in(" w ")"),                      \
    FC_PER_CHANNEL(UNIDIRECTIONAL_SEQUENCE_LSTM, "in(18)", "in(" r ")")

/* The LSTM's Prepare up to its own allocations: LstmTensors' temporaries (the 24 inputs, the
 * output), then PrepareGateParametersInteger, gates in its order: forget, input, cell, output. */
#define LSTM_PREPARE                                                                         \
    TEMP_EACH(UNIDIRECTIONAL_SEQUENCE_LSTM, "24", "in(i)", "lstm_eval.cc:35"),               \
    TEMP(UNIDIRECTIONAL_SEQUENCE_LSTM, "out(0)", "lstm_eval.cc:38"),                         \
    LSTM_GATE("2", "6"), LSTM_GATE("1", "5"), LSTM_GATE("3", "7"), LSTM_GATE("4", "8")

/* SOFTMAX's Prepare (the reference's and CMSIS-NN's): the temporaries, then the int16 lookup
 * tables of InitializeLutForInt16. */
#define SOFTMAX_PREPARE(src_in, src_out)                                                     \
    TEMP(SOFTMAX, "in(0)", src_in), TEMP(SOFTMAX, "out(0)", src_out),                        \
    KEEP(SOFTMAX, "type(in(0)) == INT16", "2 * 513", "exp lookup table (int16)",             \
         "softmax_common.cc:37"),                                                             \
    KEEP(SOFTMAX, "type(in(0)) == INT16", "2 * 513", "1 / (1 + x) lookup table (int16)",     \
         "softmax_common.cc:41")

/* TRANSPOSE_CONV's Prepare (the reference's and CMSIS-NN's, from file f): output, input and
 * filter, the per-channel arrays (every type), then CalculateOpData's temporaries for quantized
 * ones. */
#define TRANSPOSE_CONV_PREPARE(f, out0, in2, in1, ch1, ch2, c_in2, c_in1, c_in3, c_out0)         \
    TEMP(TRANSPOSE_CONV, "out(0)", f ":" out0), TEMP(TRANSPOSE_CONV, "in(2)", f ":" in2),    \
    TEMP(TRANSPOSE_CONV, "in(1)", f ":" in1),                                                \
    PER_CHANNEL(TRANSPOSE_CONV, "0", f ":" ch1, f ":" ch2),                                  \
    TEMP_IF(TRANSPOSE_CONV, "type(in(2)) != FLOAT32", "in(2)", f ":" c_in2),                 \
    TEMP_IF(TRANSPOSE_CONV, "type(in(2)) != FLOAT32", "in(1)", f ":" c_in1),                 \
    TEMP_IF(TRANSPOSE_CONV, "type(in(2)) != FLOAT32", "in(3)", f ":" c_in3),                 \
    TEMP_IF(TRANSPOSE_CONV, "type(in(2)) != FLOAT32", "out(0)", f ":" c_out0)

/* BATCH_MATMUL's shapes (the reference's and CMSIS-NN's Prepare): the operand ranks lr, rr, the
 * output rank orank; eli, eri dimension i of the operands extended to orank (leading 1s);
 * accum_l, accum_r the accumulation dimensions (adj_x, adj_y); out_elements the element count
 * ReshapeOutputTensor gives the output: the broadcast batch dimensions b0 .. b2 (orank <= 5),
 * the lhs rows and the rhs columns. */
#define BMM_EXT(name, t, r, k)                                                                \
    DEF(BATCH_MATMUL, name, k " < orank - " r " ? 1 : dim(" t ", " k " - (orank - " r "))")
#define BMM_BATCH(b, l, r, k)                                                                 \
    BMM_EXT(l, "in(0)", "lr", k), BMM_EXT(r, "in(1)", "rr", k),                              \
    DEF(BATCH_MATMUL, b, "orank - 2 > " k " ? (" l " == 1 ? " r " : " l ") : 1")
#define BATCH_MATMUL_SHAPES                                                                  \
    DEF(BATCH_MATMUL, "lr", "rank(in(0))"), DEF(BATCH_MATMUL, "rr", "rank(in(1))"),          \
    DEF(BATCH_MATMUL, "orank", "max(lr, rr)"),                                               \
    BMM_EXT("eli", "in(0)", "lr", "i"), BMM_EXT("eri", "in(1)", "rr", "i"),                  \
    DEF(BATCH_MATMUL, "accum_l", "adj_x ? dim(in(0), lr - 2) : dim(in(0), lr - 1)"),         \
    DEF(BATCH_MATMUL, "accum_r", "adj_y ? dim(in(1), rr - 1) : dim(in(1), rr - 2)"),         \
    BMM_BATCH("b0", "el0", "er0", "0"), BMM_BATCH("b1", "el1", "er1", "1"),                  \
    BMM_BATCH("b2", "el2", "er2", "2"),                                                      \
    DEF(BATCH_MATMUL, "out_elements", "b0 * b1 * b2 * (adj_x ? dim(in(0), lr - 1) : "        \
        "dim(in(0), lr - 2)) * (adj_y ? dim(in(1), rr - 2) : dim(in(1), rr - 1))")

#endif
