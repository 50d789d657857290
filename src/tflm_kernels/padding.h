/*
 * padding.h - the padding TFLM's kernels compute for a 2D window (internal; padding.c).
 */
#ifndef AP_TFLM_KERNELS_PADDING_H
#define AP_TFLM_KERNELS_PADDING_H

#include <stdint.h>

/* TFLM's padding (ComputePaddingHeightWidth): for padding 0 (SAME) or 1 (VALID), the output
 * size TFLM computes and the leading padding. Returns 0 for an unknown padding or stride 0. */
int ap__padding_of(int32_t padding, int64_t in, int64_t filter, int64_t stride,
                     int64_t dilation, int64_t *out, int64_t *pad);

#endif
