/*
 * targets.c - the targets (targets.h). A new target is one row here and one AP__TARGET_ value;
 * its struct layouts follow from the row (layout.c), its kernel sets name it (kernel_sets.h).
 */
#include <stdio.h>
#include <string.h>

#include "tflm_kernels/targets.h"

const ap__target ap__targets_table[AP__TARGETS + 1] = {
    /* arm-none-eabi-gcc, -mcpu=cortex-m4: ILP32, AAPCS short enums */
    [AP__TARGET_CORTEX_M] = {.name = "cortex-m", .title = "Cortex-M", .ptr = 4, .enum_small = 1,
                             .align8 = 8, .dcheck = 0, .model_rom = 1},
    /* gcc on x86-64 (or aarch64) Linux: LP64, int-sized enums */
    [AP__TARGET_HOST64] = {.name = "host64", .title = "64-bit host", .ptr = 8, .enum_small = 4,
                           .align8 = 8, .dcheck = 1, .model_rom = 0},
    [AP__TARGETS] = {0},
};

const ap__target *ap__targets_find(const char *name)
{
    if (!name)
        return &ap__targets_table[0];
    for (int t = 0; t < AP__TARGETS; t++)
        if (strcmp(name, ap__targets_table[t].name) == 0)
            return &ap__targets_table[t];
    return NULL;
}

void ap__targets_names(char *out, size_t cap, const char *last)
{
    size_t len = 0;
    out[0] = '\0';
    for (int t = 0; t < AP__TARGETS && len < cap; t++)
        len += (size_t)snprintf(out + len, cap - len, "%s%s",
                                t == 0 ? "" : t == AP__TARGETS - 1 ? last : ", ",
                                ap__targets_table[t].name);
}
