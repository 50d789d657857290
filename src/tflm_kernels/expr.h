/*
 * expr.h - the little expression language of the kernel tables (internal to src/tflm).
 *
 * A kernel table row says when a kernel allocates and how many bytes, as text such as
 *   "type(in(0)) == INT8 && scales(in(1)) > 1"      or      "4 * dim(in(1), 0)"
 * so that the tables stay data (one row per allocation) and a new kernel set is new rows, not
 * new code. ap__expr_eval evaluates one such expression for one operator of a model.
 *
 * Syntax: integers, ( ), unary - and !, * / %, + -, a comparison (== != < <= > >=, giving 0 or
 * 1; not chained: parenthesize), && and || (short-circuit), c ? a : b (only the side c picks is
 * evaluated; right-associative). Names:
 *   ptr, size_t, enum          the target's sizes (layout.h)
 *   dsp, mve, armclang, speed  how the kernel set was built (ap__xbuild below: the
 *                              CMSIS-NN switches ARM_MATH_DSP, ARM_MATH_MVEI, Arm Compiler 6,
 *                              KERNELS_OPTIMIZED_FOR_SPEED), 0 or 1; 0 without a build
 *   n_in, n_out, n_inter       the operator's input, output and intermediate counts
 *   copt_bytes                 the length of its custom options (0 when it has none)
 *   stride_w, stride_h, dilation_w, dilation_h, svdf_rank, time_major, activation, adj_x,
 *   adj_y, padding, filter_w, filter_h, block_size, axis, num_splits
 *                              the operator's builtin options (ap_tfl_options; schema defaults
 *                              when its table lacks them)
 *   align_corners, half_pixel_centers
 *                              ResizeBilinearOptions' (0 without that table, as TFLM's zeroed
 *                              params)
 *   n_squeeze_dims             the length of SqueezeOptions.squeeze_dims (0 without it)
 *   n_new_shape                the length of ReshapeOptions.new_shape (0 without it)
 *   dcheck                     1 when TFLITE_DCHECK checks in TFLM as built for the target
 *                              (targets.h)
 *   model_rom                  1 when the target's model is in read-only memory (targets.h)
 *   j                          the index of the innermost any()
 *   pad_w, pad_h               the padding TFLM computes for a 2D window over in(0) (NHWC) with
 *                              filter in(1) (dimensions 1 and 2), the options' padding, strides
 *                              and dilations (ComputePaddingHeightWidth: both 0 when an output
 *                              size cannot be computed)
 *   a definition's name        the value of its text (ap__xdef: a table's named
 *                              sub-expressions, evaluated where they are used)
 *   i                          the row's repeat index (0 when the row does not repeat)
 *   FLOAT32, INT8, ...         tensor type codes (the schema's TensorType names)
 * Functions:
 *   in(k), out(k), inter(k)    the operator's k-th input, output, intermediate tensor: a tensor
 *                              handle, or -1 when k is past the list or the slot is -1
 *   exists(t)                  1 when t is a tensor (not -1)
 *   type(t) rank(t) dim(t, d) elements(t)
 *                              the tensor's type code, rank, dimension d, element count
 *   scales(t) zero_points(t)   its quantization's scale and zero-point counts (0 when none)
 *   quantized(t)               1 when TFLM gives it a TfLiteAffineQuantization: both counts > 0
 *   constant(t) variable(t)    1 when its buffer holds data / it is a variable
 *   quantized_dim(t)           its quantization's quantized_dimension (0 when none)
 *   scale_bits(t)              its first scale's IEEE-754 bits (0 when none): equal bits are
 *                              the equal floats TFLM compares (but -0 and 0)
 *   scale_nano(t)              its first scale in billionths, rounded
 *   zero_points_nonzero(t)     1 when one of its quantization's zero points is not 0
 *   byte(t, k)                 byte k of its data (a constant tensor's buffer; the model is at
 *                              fault when it holds none or fewer than k + 1 bytes)
 *   same_scale(a, b)           1 when TFLM's params.scale (the first scale, else 0) of a and b
 *                              are equal floats
 *   same_shape(a, b)           1 when a and b have the same rank and dimensions (HaveSameShapes)
 *   value(t, k)                element k of constant tensor t (INT8, INT16, INT32 or INT64)
 *   dims_product(t, a, b)      the product of t's dimensions a .. b - 1 (1 when a >= b)
 *   bias_scale_off(x, w, b, o) 1 when |scale x * scale w - scale b| / scale o <= 0.02 does
 *                              not hold, in double (params.scale each): the bias check of
 *                              GetQuantizedConvolutionMultipler (kernel_util.cc:322)
 *   add_multipliers_bad(a, b, o, s)
 *                              1 when one of CalculateOpDataAdd's multipliers (scale a and
 *                              scale b over twice the larger, twice the larger over 2^s x scale
 *                              o, in double) fails QuantizeMultiplierSmallerThanOneExp's
 *                              TFLITE_CHECKs: not in (0, 1), or a positive shift
 *   svdf_bias_off(s, w, b)     1 when |scale b - (float)(scale s * scale w)| < 1e-5 does not
 *                              hold, in double: SVDF's INT8 bias check (svdf_common.cc:464)
 *   multiplier_shift(a, b, p)  the shift QuantizeMultiplier gives (float)(scale a / scale b)
 *                              * 2^p (TFLM's params.scale; 0 for 0)
 *   sizeof(Name) alignof(Name) a struct of the layout table, on the target
 *   copt("key")                an integer from the custom options (a FlexBuffer map); the
 *                              model is at fault when it lacks the key
 *   has_copt("key")            1 when the custom options hold the key as an integer
 *   zero_point(t)              TFLM's params.zero_point: the first zero point when the tensor
 *                              has scales and zero points, else 0
 *   scale_cmp(t, num, den)     params.scale (the first scale, else 0) against num / den, in
 *                              double: -1, 0 or 1
 *   pot_scale(t), log2_scale(t)
 *                              TFLM's CheckedLog2 of params.scale (float): 1 when its log2 is
 *                              within 1e-3 of an integer; that rounded log2
 *   same_shape(a, b)           1 when both have the same rank and dimensions (HaveSameShapes)
 *   value(t, k)                element k of constant integer (or BOOL) tensor t's data
 *   squeeze_dim(k)             element k of SqueezeOptions.squeeze_dims
 *   calls(k)                   the k-th subgraph the operator invokes (IF: then, else; WHILE:
 *                              cond, body; CALL_ONCE: init), -1 when none
 *   sg_inputs(s), sg_outputs(s) subgraph s's input and output counts
 *   sizable(t)                 1 when TFLM can size t's type (TfLiteTypeSizeOf: not STRING,
 *                              VARIANT, INT2, UINT4): else its temporary TfLiteTensor fails
 *   stretch_dims(t)            how many of t's dimensions the file gave as -1 (the reader
 *                              resolves a RESHAPE output's one: ap_tfl_tensor.n_stretch)
 *   any(n, cond)               1 when cond holds for some j = 0 .. n - 1 (in order, up to the
 *                              first), else 0: a kernel's loop of checks
 *   min(a, b) max(a, b)
 *   align(x, m)                x rounded up to a multiple of m > 0, as CMSIS-NN's
 *                              ARM_NN_ROUND_UP: ((x + m - 1) / m) * m
 * Every value is an int64; overflow and division by zero are errors.
 */
#ifndef AP_TFLM_EXPR_H
#define AP_TFLM_EXPR_H

#include <stddef.h>
#include <stdint.h>

#include "arenaplan/error.h"
#include "arenaplan/tflite.h"
#include "tflm_kernels/layout.h"
#include "tflm_kernels/targets.h"

/* A named sub-expression of a table. */
typedef struct ap__xdef {
    const char *name;
    const char *expr;
} ap__xdef;

/* How a kernel set's kernels were built: the features its rows may read, 0 or 1 each. */
typedef struct ap__xbuild {
    uint8_t dsp;           /* ARM_MATH_DSP: the core has the DSP extension */
    uint8_t mve;           /* ARM_MATH_MVEI: the core has Helium (M-profile vectors) */
    uint8_t armclang;      /* built with Arm Compiler 6 (__ARMCC_VERSION >= 6010050), which
                              some CMSIS-NN size functions test; 0: arm-none-eabi-gcc */
    uint8_t speed;         /* KERNELS_OPTIMIZED_FOR_SPEED (TFLM's default), else _SIZE */
} ap__xbuild;

/* What an expression is evaluated for. */
typedef struct ap__xctx {
    const ap__target *t;
    const ap_tfl_model *m;
    const ap_tfl_subgraph *g;
    const ap_tfl_operator *op;
    int64_t i;
    const ap__xbuild *build;        /* the kernel set's build features, or NULL */
    const ap__xdef *defs;           /* the names an expression may use besides the built-in
                                       ones (looked up after them; nested at most 16 deep) */
    size_t n_defs;
} ap__xctx;

/* Evaluates src for c into *out. Fails with AP_ERR_INVALID for a syntax error or an unknown
 * name (a bug in a table: tests evaluate every row), AP_ERR_INPUT when the model does not fit
 * the expression (a tensor it reads is absent, a dimension past the rank, a custom option
 * missing, an overflow); the message quotes the expression. */
ap_status ap__expr_eval(const char *src, const ap__xctx *c, int64_t *out, ap_error *err);

/* Checks src's syntax and names without a model (tensor functions are not evaluated). */
ap_status ap__expr_check(const char *src, const ap__target *t, ap_error *err);

/* The same with definitions (which are checked where they are used). */
ap_status ap__expr_check_defs(const char *src, const ap__target *t, const ap__xdef *defs,
                              size_t n_defs, ap_error *err);

#endif
