/*
 * run_fit_levers.c - the levers of `fit` (fit.h), one row each: its name, what it does, its
 * compute overhead, whether this version has it, the levers it brings along, and where it acts
 * in the pipeline (its stage; a rule of the embedding: its option and its command's flag).
 * Another rule of the embedding is a row here and its value in fit.h's enum; a lever acting at
 * a stage of its own (the split, after the whole arena) also needs that stage in run_fit.c.
 */
#include <stdio.h>

#include "run/run_fit_levers.h"

#define BIT(l) (1u << (l))

/* The embedding's rule options of the rule levers. */
static void set_inplace(ap_tflite_build_options *b) { b->inplace = AP_TFLM_INPLACE_ELEMENTWISE; }
static void set_overlap(ap_tflite_build_options *b) { b->overlap = AP_TFLM_OVERLAP_REFERENCE; }

/* The lever table: one row per lever (the order of ap_fit_lever_id). */
static const struct lever_row {
    ap_fit_lever_info info;
    unsigned needs;                                /* the levers it brings along */
    ap__run_fit_levers_stage stage;
    const char *flag;                              /* a rule: its option on embed's command */
    void (*set)(ap_tflite_build_options *build);   /* a rule: the embedding's options */
    int reference_only;                            /* a rule proven for the reference kernels */
} levers[AP_FIT_LEVERS] = {
    {{"embed", "best's plan embedded as TFLM's offline plan",
      "none (TFLM reads the offsets at AllocateTensors)", 1},
     0, AP__FIT_STAGE_EMBED, NULL, NULL, 0},
    {{"inplace", "element-wise and reshape outputs written over their input (--inplace "
      "elementwise)", "none (the kernels run as before, on shared bytes)", 1},
     BIT(AP_FIT_EMBED), AP__FIT_STAGE_RULE, " --inplace elementwise", set_inplace, 1},
    {{"overlap", "outputs that start inside their input where the kernel reads it first "
      "(--overlap reference)", "none (the kernels run as before, on shared bytes)", 1},
     BIT(AP_FIT_EMBED), AP__FIT_STAGE_RULE, " --overlap reference", set_overlap, 1},
    {{"reorder", "the operators in the order with the fewest bytes live",
      "none (the same operators, another order)", 1},
     0, AP__FIT_STAGE_REORDER, NULL, NULL, 0},
    {{"kernels", "the other kernel set", "the other set's speed (CMSIS-NN is the faster on "
      "Cortex-M); a firmware built with it", 1},
     0, AP__FIT_STAGE_KERNELS, NULL, NULL, 0},
    {{"split", "the persistent tail in a second buffer (two-buffer split, issue 29)", "", 0},
     0, AP__FIT_STAGE_NONE, NULL, NULL, 0},
    {{"patch", "the first layers patch by patch (patch's quick search: every prefix, a 2x2 "
      "grid)", "the halo rows computed again (the added MACs 'arenaplan patch' prints)", 1},
     BIT(AP_FIT_EMBED), AP__FIT_STAGE_PATCH, NULL, NULL, 0},
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

ap__run_fit_levers_stage ap__run_fit_levers_stage_of(int lever)
{
    return lever >= 0 && lever < AP_FIT_LEVERS ? levers[lever].stage : AP__FIT_STAGE_NONE;
}

void ap__run_fit_levers_rules(unsigned mask, ap_tflite_build_options *build, char *flags,
                              size_t cap, int *reference_only)
{
    size_t n = 0;
    int ref = 0;
    if (cap)
        flags[0] = 0;
    for (int l = 0; l < AP_FIT_LEVERS; l++)
        if ((mask & BIT(l)) && levers[l].stage == AP__FIT_STAGE_RULE) {
            if (build)
                levers[l].set(build);
            ref |= levers[l].reference_only;
            if (n < cap)
                n += (size_t)snprintf(flags + n, cap - n, "%s", levers[l].flag);
        }
    if (reference_only)
        *reference_only = ref;
}
