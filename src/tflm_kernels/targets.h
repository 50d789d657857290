/*
 * targets.h - the targets TFLM's arena is computed for (internal; targets.c): one row each,
 * its name, the C and C++ data model its struct layouts follow (layout.c applies it), and the
 * word messages call its builds by. Which kernel sets a target has is said where each kernel
 * set is listed (kernel_sets.h: every set names its target), so the pairing is stated once.
 */
#ifndef AP_TFLM_KERNELS_TARGETS_H
#define AP_TFLM_KERNELS_TARGETS_H

#include <stddef.h>

/* A target's data model. */
typedef struct ap__target {
    const char *name;      /* "cortex-m", "host64" */
    const char *title;     /* "Cortex-M": "a Cortex-M build" */
    int ptr;               /* sizeof(void *), sizeof(size_t), sizeof(intptr_t) */
    int enum_small;        /* sizeof an enum whose values fit in a byte: 1 with the bare-metal
                              ARM EABI's short enums (arm-none-eabi-gcc's default), 4 on LP64
                              Linux */
    int align8;            /* alignof(int64_t), alignof(double): 8 on both (AAPCS, SysV) */
    int dcheck;            /* TFLITE_DCHECK checks (and aborts) in TFLM as built for it, as
                              measured (corpus/reference/ops): the host64 build has no NDEBUG
                              (BUILD_TYPE=default), the Cortex-M builds are release ones */
    int model_rom;         /* the model is in read-only memory (a firmware's const array in
                              flash): a kernel that writes the model's own data faults, as
                              measured on the Cortex-M4 (QEMU); the host's model is writable */
} ap__target;

/* The targets, the default first; ap__targets_table[AP__TARGETS] has a NULL name. */
enum { AP__TARGET_CORTEX_M, AP__TARGET_HOST64, AP__TARGETS };
extern const ap__target ap__targets_table[AP__TARGETS + 1];

/* The target called name, the default (cortex-m) for NULL, or NULL for an unknown name. */
const ap__target *ap__targets_find(const char *name);

/* The names for messages, last the separator before the last one: "cortex-m, host64" (", "),
 * "cortex-m or host64" (" or "). */
void ap__targets_names(char *out, size_t cap, const char *last);

#endif
