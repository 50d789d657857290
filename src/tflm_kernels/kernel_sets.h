/*
 * kernel_sets.h - how each kernel set's kernels were built (internal; kernel_sets.c): the
 * facts (pointer size, CMSIS-NN, the core's extensions, the compiler) its models depend on.
 */
#ifndef AP_TFLM_KERNELS_KERNEL_SETS_H
#define AP_TFLM_KERNELS_KERNEL_SETS_H

#include "arenaplan/tflm.h"

/* How a kernel set's kernels were built: the facts its models depend on. Features are 0 or 1
 * and read by the kernel tables (prepare_rows.h) under these names. */
typedef struct ap__kbuild {
    int ptr;                /* sizeof(void *) and sizeof(size_t) on the target */
    int cmsis_nn;           /* CMSIS-NN kernels (tensorflow/lite/micro/kernels/cmsis_nn) replace
                               the reference ones where they exist */
    int dsp;                /* ARM_MATH_DSP: the core has the DSP extension */
    int mve;                /* ARM_MATH_MVEI: the core has Helium (M-profile vector extension) */
    int armclang;           /* built with Arm Compiler 6 (__ARMCC_VERSION >= 6010050), which
                               some CMSIS-NN size functions test; 0 for arm-none-eabi-gcc */
    int speed;              /* KERNELS_OPTIMIZED_FOR_SPEED (TFLM's default), else ..._SIZE */
    int none;               /* no kernel behaviour at all */
} ap__kbuild;

/* The build of kernel set set, or NULL for a value outside the enum. */
const ap__kbuild *ap__kernel_sets_build(ap_tflm_kernels set);

#endif
