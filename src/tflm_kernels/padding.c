/*
 * padding.c - TFLM's ComputePaddingHeightWidth (kernels/padding.h at tflite-micro 90b983c2b):
 * the output size and the leading padding of a 2D window, SAME or VALID. The overlap rule's walks
 * and the kernel tables' pad_w and pad_h use it.
 */
#include "tflm_kernels/padding.h"

int ap__padding_of(int32_t padding, int64_t in, int64_t filter, int64_t stride,
                     int64_t dilation, int64_t *out, int64_t *pad)
{
    int64_t eff = (filter - 1) * dilation + 1, total;
    if (stride <= 0 || dilation <= 0 || filter <= 0)
        return 0;
    if (padding == 0)
        *out = (in + stride - 1) / stride;
    else if (padding == 1)
        *out = (in + stride - eff) / stride;
    else
        return 0;
    total = (*out - 1) * stride + eff - in;
    *pad = total > 0 ? total / 2 : 0;
    return 1;
}
