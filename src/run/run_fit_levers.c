/*
 * run_fit_levers.c - the levers of `fit` (fit.h), one row each: its name, what it does, its
 * compute overhead, whether this version has it, and the levers it brings along. Adding a lever
 * is a row here, its enum value in fit.h, and its step in run_fit.c's pipeline.
 */
#include <stdio.h>

#include "run/run_fit_levers.h"

#define BIT(l) (1u << (l))

/* The lever table: one row per lever (the order of ap_fit_lever_id). needs: the levers it
 * brings along. */
static const struct lever_row {
    ap_fit_lever_info info;
    unsigned needs;
} levers[AP_FIT_LEVERS] = {
    {{"embed", "best's plan embedded as TFLM's offline plan",
      "none (TFLM reads the offsets at AllocateTensors)", 1}, 0},
    {{"inplace", "element-wise and reshape outputs written over their input (--inplace "
      "elementwise)", "none (the kernels run as before, on shared bytes)", 1},
     BIT(AP_FIT_EMBED)},
    {{"overlap", "outputs that start inside their input where the kernel reads it first "
      "(--overlap reference)", "none (the kernels run as before, on shared bytes)", 1},
     BIT(AP_FIT_EMBED)},
    {{"reorder", "the operators in the order with the fewest bytes live",
      "none (the same operators, another order)", 1}, 0},
    {{"kernels", "the other kernel set", "the other set's speed (CMSIS-NN is the faster on "
      "Cortex-M); a firmware built with it", 1}, 0},
    {{"split", "the persistent tail in a second buffer (two-buffer split, issue 29)", "", 0}, 0},
    {{"patch", "patch-by-patch first layers (issue 31)", "", 0}, 0},
};

const ap_fit_lever_info *ap_fit_lever(int lever)
{
    return lever >= 0 && lever < AP_FIT_LEVERS ? &levers[lever].info : NULL;
}

void ap_fit_levers_text(unsigned mask, char *out, size_t cap)
{
    size_t n = 0;
    if (!cap)
        return;
    snprintf(out, cap, "none");
    for (int l = 0; l < AP_FIT_LEVERS && n < cap; l++)
        if (mask & (1u << l))
            n += (size_t)snprintf(out + n, cap - n, "%s%s", n ? " + " : "", levers[l].info.name);
}

unsigned ap__run_fit_levers_needs(int lever)
{
    return lever >= 0 && lever < AP_FIT_LEVERS ? levers[lever].needs : 0;
}
