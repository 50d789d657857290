/*
 * walk.h - how TFLM's reference kernels walk memory (internal; walk.c): the order in which an
 * operator reads its input and writes its output, and from it the largest distance the output
 * may start above the input without overwriting bytes a later element still reads
 * (docs/overlap.md derives it). The in-place and overlap rules read it.
 */
#ifndef AP_TFLM_WALK_H
#define AP_TFLM_WALK_H

#include <stdint.h>

#include "arenaplan/tflite.h"

/* How a reference kernel walks memory. Every modelled kernel writes its output elements once
 * each, in address order, and reads all the input an element needs before writing it. */
typedef enum ap__walk_kind {
    AP__WALK_CONV,        /* CONV_2D: NHWC, filter [out_c, fh, fw, filter_in_c], groups */
    AP__WALK_DEPTHWISE,   /* DEPTHWISE_CONV_2D: output channel ic * depth_mult + m */
    AP__WALK_POOL,        /* AVERAGE_POOL_2D, MAX_POOL_2D: channel by channel */
    AP__WALK_ELEMENTWISE, /* element i of the output from element i of the input (SOFTMAX:
                             row i of the output from row i of the input, see walk.c) */
    AP__WALK_PAD          /* PAD, PADV2: output in order, interior elements copied from the
                             input in order */
} ap__walk_kind;

#define AP__PAD_DIMS 5 /* TFLM's PadImpl extends every shape to 5 dimensions */

typedef struct ap__walk {
    ap__walk_kind kind;
    int64_t batches, in_h, in_w, in_c, out_h, out_w, out_c;
    int64_t filter_h, filter_w, stride_h, stride_w, dil_h, dil_w, pad_h, pad_w;
    int64_t depth_mult;    /* depthwise */
    int64_t filter_in_c;   /* conv: input channels per group (in_c / groups) */
    int64_t elements;      /* elementwise: element count */
    int64_t pad_out[AP__PAD_DIMS], pad_in[AP__PAD_DIMS], pad_left[AP__PAD_DIMS]; /* pad */
    int64_t es_in, es_out; /* element sizes in bytes */
} ap__walk;

/* ap__walk_max_delta's answer when no output element after the first reads the input: then
 * every d is safe. */
#define AP__UNCONSTRAINED INT64_MAX

/* The work the overlap rule may spend on one model, in output pixels walked (the walk of
 * CONV_2D, DEPTHWISE_CONV_2D and the pools visits each once, and the channels of the first;
 * the other walks cost 1): this
 * many plus one per byte of the file. Real models need far less (the corpus at most 82K in
 * all); a small hostile file may declare 2^40 pixels. An operator whose walk would exceed
 * what is left gets no allowance, and the problem's note names it. */
#define AP__WALK_BUDGET_BASE (UINT64_C(1) << 24)

/* What ap__walk_max_delta costs for w: batches * out_h * out_w + out_c for the spatial walks
 * (each pixel, and pixel 0 channel by channel; saturated at UINT64_MAX), 1 for the others. */
uint64_t ap__walk_cost(const ap__walk *w);

/* The largest d = offset(output) - offset(input) such that every d' <= d is safe for the
 * kernel's read and write order: no write hits an input byte that a later output element
 * still reads. With r(j) the lowest input byte element j reads and elements written in
 * address order, the answer is min over j >= 1 of r(j) - j * es_out (docs/overlap.md derives
 * it); computed per output pixel in O(batches * out_h * out_w). The walk must be consistent
 * (ap__walk_of checks that). */
int64_t ap__walk_max_delta(const ap__walk *w);

/* Describes how the reference kernel of operator op (of subgraph g of m) walks its input
 * op->inputs[slot] and output 0, when that kernel is modelled: CONV_2D, DEPTHWISE_CONV_2D,
 * AVERAGE_POOL_2D, MAX_POOL_2D, PAD, PADV2 (slot 0; PAD's paddings are read from the model's
 * constant data) and the element-wise operators of ap__walk_elementwise (for ADD, SUB and MUL
 * either input, when neither broadcasts). Returns 1 and fills *w, or 0 when the operator is not
 * modelled or its tensors are not what the kernel accepts (then no rule applies; TFLM would
 * refuse most such models). */
int ap__walk_of(const ap_tfl_model *m, const ap_tfl_subgraph *g, const ap_tfl_operator *op,
                uint32_t slot, ap__walk *w);

/* Whether TFLM's reference kernel for builtin code `code` computes output element i from
 * element i of its inputs, reading before writing, in index order (without broadcasting):
 * ADD, SUB, MUL (2: binary), RELU, RELU6, LOGISTIC, TANH, LEAKY_RELU, HARD_SWISH, QUANTIZE,
 * DEQUANTIZE, and SOFTMAX, which walks rows in order and reads input element i last before it
 * writes output element i (1: unary); 0 for any other code. */
int ap__walk_elementwise(int32_t code);

#endif
