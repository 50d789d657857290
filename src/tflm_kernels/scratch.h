/*
 * scratch.h - the arena scratch requests kernels make in Prepare, for every operator of a model
 * (internal; scratch.c). Which kernels ask for how much depends on the kernel implementations
 * linked into the firmware: a "kernel set" names one such choice (ap_tflm_kernels), and its
 * rows (rows.h: reference.c, cmsis_nn.c) say what each kernel asks for.
 */
#ifndef AP_TFLM_KERNELS_SCRATCH_H
#define AP_TFLM_KERNELS_SCRATCH_H

#include "arenaplan/tflite.h"
#include "arenaplan/tflm.h"
#include "tflm_kernels/kernel_sets.h"
#include "tflm_kernels/prepare.h"

/* Runs the kernel set's model of Prepare over every operator of m in TFLM's order (subgraph by
 * subgraph, operator by operator; requests in the order the kernel makes them) and appends what
 * it finds to out (zero it first). Fails with AP_ERR_INPUT when an operator's tensors do not fit
 * what its kernel's Prepare needs (TFLM would fail there too), AP_ERR_NOMEM. set is one of
 * its enum's values (ap_tflite_build_problem checks). */
ap_status ap__scratch_run(const ap_tfl_model *m, ap_tflm_kernels set, ap__prepare *out,
                          ap_error *err);

/* The same for a kernel set given whole (the tests try builds no set offers). */
ap_status ap__scratch_run_set(const ap_tfl_model *m, const ap__kernel_set *set,
                              ap__prepare *out, ap_error *err);

#endif
