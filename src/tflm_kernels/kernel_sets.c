/*
 * kernel_sets.c - how each kernel set's kernels were built (kernel_sets.h), one row per
 * ap_tflm_kernels value.
 */
#include "tflm_kernels/kernel_sets.h"

/* How each kernel set's kernels were built, indexed by ap_tflm_kernels. A CMSIS-NN build for
 * another core or compiler is one more row here (and one name in tflm/set_names.c): its features select
 * the rows of the CMSIS-NN tables (cmsis_nn.c) that apply. Only measured builds are listed
 * (docs/kernels.md says which rows a Cortex-M0, M7 or M55 would add). */
static const ap__kbuild builds[AP_TFLM_KERNELS_COUNT] = {
    /*                               ptr cmsis dsp mve armclang speed none */
    [AP_TFLM_KERNELS_REFERENCE]   = {4,  0,    0,  0,  0,       1,    0},
    [AP_TFLM_KERNELS_REFERENCE64] = {8,  0,    0,  0,  0,       1,    0},
    /* Cortex-M4 with DSP and FPU, arm-none-eabi-gcc, TFLM's default KERNELS_OPTIMIZED_FOR_SPEED:
       the build corpus/reference/m4 measured, under two names */
    [AP_TFLM_KERNELS_CMSIS_NN]    = {4,  1,    1,  0,  0,       1,    0},
    [AP_TFLM_KERNELS_CMSIS_NN_M4] = {4,  1,    1,  0,  0,       1,    0},
    [AP_TFLM_KERNELS_NONE]        = {4,  0,    0,  0,  0,       1,    1},
};

const ap__kbuild *ap__kernel_sets_build(ap_tflm_kernels set)
{
    return (unsigned)set < AP_TFLM_KERNELS_COUNT ? &builds[set] : NULL;
}
