/*
 * cmsis_nn.h - the CMSIS-NN kernels' Prepare tables (internal; cmsis_nn.c).
 */
#ifndef AP_TFLM_KERNELS_CMSIS_NN_H
#define AP_TFLM_KERNELS_CMSIS_NN_H

#include "arenaplan/tflite.h"
#include "tflm_kernels/prepare_rows.h"

/* The CMSIS-NN table for op, or NULL when CMSIS-NN has no kernel of its own for it (TFLM then
 * links the reference kernel). */
const ap__ptable *ap__cmsis_nn_table(const ap_tfl_operator *op);

/* Every CMSIS-NN table, NULL-terminated (for the tests). */
extern const ap__ptable *const ap__cmsis_nn_tables[];

#endif
