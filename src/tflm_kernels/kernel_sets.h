/*
 * kernel_sets.h - the kernel sets, one line each (internal; kernel_sets.c): the value of
 * ap_tflm_kernels (tflm.h) it is, its name, the name TFLM's whole arena takes it by, its rows
 * (a table of rows.h, one file each: reference.c, cmsis_nn.c), the target it is built for
 * (targets.h) and the build's features the rows read (expr.h: dsp, mve, armclang, speed).
 *
 * This list is the one statement of which kernel set runs on which target. A new kernel set
 * (ESP-NN for ESP32, say) is a file of rows falling back to the reference table, one line here,
 * and its value in the public enum (a _Static_assert holds the two to each other).
 */
#ifndef AP_TFLM_KERNELS_KERNEL_SETS_H
#define AP_TFLM_KERNELS_KERNEL_SETS_H

#include <stdint.h>

#include "arenaplan/error.h"
#include "arenaplan/tflm.h"
#include "tflm_kernels/rows.h"
#include "tflm_kernels/targets.h"

/* X(value, name, arena name (NULL: none), table, target, dsp, mve, armclang, speed) */
#define AP__KERNEL_SETS(X)                                                                    \
    /* TFLM's reference kernels on a 32-bit microcontroller: the default */                   \
    X(REFERENCE, "reference", "reference", ap__reference_table, CORTEX_M, 0, 0, 0, 1)        \
    /* the same kernels on a 64-bit host, as corpus/reference measured them */               \
    X(REFERENCE64, "reference64", "reference", ap__reference_table, HOST64, 0, 0, 0, 1)      \
    /* OPTIMIZED_KERNEL_DIR=cmsis_nn, Cortex-M4 with DSP and FPU, arm-none-eabi-gcc, TFLM's   \
       default KERNELS_OPTIMIZED_FOR_SPEED: the build corpus/reference/m4 measured, under two \
       names */                                                                               \
    X(CMSIS_NN, "cmsis-nn", "cmsis-nn", ap__cmsis_nn_table, CORTEX_M, 1, 0, 0, 1)            \
    X(CMSIS_NN_M4, "cmsis-nn-m4", "cmsis-nn-m4", ap__cmsis_nn_table, CORTEX_M, 1, 0, 0, 1)   \
    /* no kernel behaviour: no scratch, no arena */                                           \
    X(NONE, "none", NULL, ap__kernel_sets_none, CORTEX_M, 0, 0, 0, 1)

#define AP__KERNEL_SETS_DECLARE(value, name, arena, table, target, dsp, mve, armclang, speed) \
    extern const ap__ktable table;
AP__KERNEL_SETS(AP__KERNEL_SETS_DECLARE)
#undef AP__KERNEL_SETS_DECLARE

/* A kernel set. A build no set offers (a Cortex-M55, Arm Compiler 6) is one of these too. */
typedef struct ap__kernel_set {
    const char *name;           /* "cmsis-nn" */
    const char *arena_name;     /* what ap_tflm_options.kernels calls it, NULL: no arena */
    const ap__ktable *table;
    const ap__target *target;
    ap__xbuild build;           /* the features its rows read (expr.h) */
} ap__kernel_set;

/* The kernel set of value id, or NULL for a value outside the enum. */
const ap__kernel_set *ap__kernel_sets_of(ap_tflm_kernels id);

/* Whether set k runs on target t, into *out the set that does: k itself (or any target, for a
 * set without rows), the set of the same arena name built for t (AP__PAIR_OK: "reference" on
 * host64 is "reference64"); AP__PAIR_ALIAS when k is one target's name of a set
 * ("reference64" on cortex-m), AP__PAIR_OTHER_TARGET when no set of its name is built for t
 * ("cmsis-nn" on host64). The one statement of which set goes with which target: the arena's
 * names (ap__kernel_sets_resolve) and run/run.c's options both ask it. */
enum { AP__PAIR_OK, AP__PAIR_ALIAS, AP__PAIR_OTHER_TARGET };
int ap__kernel_sets_pair(ap_tflm_kernels k, const ap__target *t, ap_tflm_kernels *out);

/* The kernel set TFLM's whole arena means by a target and a kernel set name (ap_tflm_options:
 * NULL target: the one the name implies, else the default; NULL name: "reference"), into *id.
 * AP_ERR_USAGE naming the target, the set or why they do not go together. */
ap_status ap__kernel_sets_resolve(const char *target, const char *name, ap_tflm_kernels *id,
                                  ap_error *err);

/* Whether the set runs the reference kernels' loops (or none), the ones the in-place and
 * overlap rules were proven for. */
int ap__kernel_sets_reference_loops(const ap__kernel_set *s);

/* Every value's name, NULL-terminated, in the enum's order (for tflm/set_names.c). */
extern const char *const ap__kernel_sets_names[];

#endif
