/*
 * share.h - rules that let an operator's output share bytes with its dying input (internal to
 * src/tflm): in-place aliases (share_inplace.c, docs/inplace.md) and the kernel-aware overlap of
 * TFLM's reference kernels (share_overlap.c, docs/overlap.md).
 *
 * One module, three files: share.c holds what the rules share (the facts about a subgraph,
 * the condition that an input dies into an output) and the driver; share_inplace.c and
 * share_overlap.c are the two rules, which know kernels and propose; neither knows the other's
 * proposals or the graph beyond the operator's tensors. Both end in an overlap allowance of
 * the problem (problem.h): the output (`over`) may share bytes with the input (`base`) while
 * d = offset(output) - offset(input) <= max_delta (== for an exact alias).
 */
#ifndef AP_TFLM_SHARE_H
#define AP_TFLM_SHARE_H

#include <stdint.h>

#include "arenaplan/problem.h"
#include "arenaplan/tflite.h"
#include "arenaplan/tflm.h"

/* How a reference kernel walks memory. Every modelled kernel writes its output elements once
 * each, in address order, and reads all the input an element needs before writing it. */
typedef enum ap__walk_kind {
    AP__WALK_CONV,        /* CONV_2D: NHWC, filter [out_c, fh, fw, filter_in_c], groups */
    AP__WALK_DEPTHWISE,   /* DEPTHWISE_CONV_2D: output channel ic * depth_mult + m */
    AP__WALK_POOL,        /* AVERAGE_POOL_2D, MAX_POOL_2D: channel by channel */
    AP__WALK_ELEMENTWISE, /* element i of the output from element i of the input (SOFTMAX:
                             row i of the output from row i of the input, see share_overlap.c) */
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
 * (ap__op_walk checks that). */
int64_t ap__walk_max_delta(const ap__walk *w);

/* TFLM's padding (ComputePaddingHeightWidth): for padding 0 (SAME) or 1 (VALID), the output
 * size TFLM computes and the leading padding. Returns 0 for an unknown padding or stride 0. */
int ap__tflm_padding(int32_t padding, int64_t in, int64_t filter, int64_t stride,
                     int64_t dilation, int64_t *out, int64_t *pad);

/* Describes how the reference kernel of operator op (of subgraph g of m) walks its input
 * op->inputs[slot] and output 0, when that kernel is modelled: CONV_2D, DEPTHWISE_CONV_2D,
 * AVERAGE_POOL_2D, MAX_POOL_2D, PAD, PADV2 (slot 0; PAD's paddings are read from the model's
 * constant data) and the element-wise operators of ap__elementwise_op (for ADD, SUB and MUL
 * either input, when neither broadcasts). Returns 1 and fills *w, or 0 when the operator is not
 * modelled or its tensors are not what the kernel accepts (then no rule applies; TFLM would
 * refuse most such models). */
int ap__op_walk(const ap_tfl_model *m, const ap_tfl_subgraph *g, const ap_tfl_operator *op,
                uint32_t slot, ap__walk *w);

/* Whether TFLM's reference kernel for builtin code `code` computes output element i from
 * element i of its inputs, reading before writing, in index order (without broadcasting):
 * ADD, SUB, MUL (2: binary), RELU, RELU6, LOGISTIC, TANH, LEAKY_RELU, HARD_SWISH, QUANTIZE,
 * DEQUANTIZE, and SOFTMAX, which walks rows in order and reads input element i last before it
 * writes output element i (1: unary); 0 for any other code. */
int ap__elementwise_op(int32_t code);

/* What a rule proposes for one operator: its output out_tensor may share bytes with its input
 * in_tensor while offset(out) - offset(in) <= max_delta (AP__UNCONSTRAINED: wherever the
 * input's bytes are), with the allowance flags. A rule knows kernels, not the graph: the driver
 * (share.c) keeps the first proposal whose input dies into its output there. */
typedef struct ap__candidate {
    int32_t in_tensor, out_tensor;
    int64_t max_delta;
    unsigned flags;
} ap__candidate;

#define AP__MAX_CANDIDATES 2 /* proposals per operator at most: ADD, SUB, MUL offer both inputs */

/* The in-place rule (share_inplace.c) for op of subgraph g, element-wise operators included
 * when elementwise: writes its proposals into c[0 .. AP__MAX_CANDIDATES), in order of
 * preference, and returns how many. */
size_t ap__inplace_candidates(const ap_tfl_model *m, const ap_tfl_subgraph *g,
                              const ap_tfl_operator *op, int elementwise, ap__candidate *c);

/* The overlap rule (share_overlap.c) for op: the main input of a modelled kernel (for
 * element-wise operators, each input in turn), max_delta from ap__walk_max_delta. As above;
 * each walk is paid from *budget (ap__walk_cost): a walk that costs more than is left is not
 * made, and *spent is set (the operator then gets no proposal). */
size_t ap__overlap_candidates(const ap_tfl_model *m, const ap_tfl_subgraph *g,
                              const ap_tfl_operator *op, uint64_t *budget, int *spent,
                              ap__candidate *c);

/* What ap__share_rules did. */
typedef struct ap__share_result {
    size_t n_inplace, n_overlap; /* allowances added by each rule */
    uint64_t work;               /* the overlap rule's work (ap__walk_cost summed) */
    size_t n_unwalked;           /* operators the overlap rule skipped: the budget was spent */
    char unwalked[64];           /* the first of them ("CONV_2D op 1", "ADD op 2:3") */
} ap__share_result;

/* Applies the rules (share.c) to every operator of every subgraph of m and adds their
 * allowances to p (whose buffers ap_tflite_build_problem has just added). The in-place rule
 * goes first; the overlap rule leaves an output that already has an allowance alone. A
 * proposal holds only where the input dies at the operator: it is planned, no subgraph output
 * and no subgraph input other than one of subgraph 0, no variable or constant, and no
 * operator after this one reads it; the output is
 * planned, written by this operator alone, no subgraph input; and the two are live together at
 * the operator's step only. The overlap rule spends at most AP__WALK_BUDGET_BASE + m->len
 * work. Says in *res what was added and skipped. AP_ERR_NOMEM. */
ap_status ap__share_rules(const ap_tfl_model *m, ap_problem *p, ap_tflm_inplace inplace,
                          ap_tflm_overlap overlap, ap__share_result *res, ap_error *err);

#endif
