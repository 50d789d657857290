/* run_fit_levers.h - the lever table of `fit` (run_fit_levers.c); ap_fit_lever and
 * ap_fit_levers_text (fit.h) read it too. */
#ifndef AP_RUN_RUN_FIT_LEVERS_H
#define AP_RUN_RUN_FIT_LEVERS_H

#include <stddef.h>

#include "arenaplan/fit.h"
#include "arenaplan/tflm.h"

/* Where a lever acts in a combination's pipeline (run_fit.c's run_combo), in this order. */
typedef enum ap__run_fit_levers_stage {
    AP__FIT_STAGE_NONE = 0,  /* not in this version */
    AP__FIT_STAGE_KERNELS,   /* the kernel set every later stage uses */
    AP__FIT_STAGE_REORDER,   /* the model's operators reordered (ap_tflite_reorder) */
    AP__FIT_STAGE_PATCH,     /* the first layers patch by patch (ap_tflite_patch) */
    AP__FIT_STAGE_EMBED,     /* a plan embedded (ap_tflite_embed) */
    AP__FIT_STAGE_RULE       /* a rule of the embedding (its build options, its flag) */
} ap__run_fit_levers_stage;

/* The levers lever brings along (a mask), 0 out of range. */
unsigned ap__run_fit_levers_needs(int lever);

/* The stage of lever (NONE out of range). */
ap__run_fit_levers_stage ap__run_fit_levers_stage_of(int lever);

/* The rules of mask: each one's options set in *build (when not NULL), their flags (" --inplace
 * elementwise ...") into flags (cap bytes), and in *reference_only (when not NULL) whether one
 * of them is proven for the reference kernels only. */
void ap__run_fit_levers_rules(unsigned mask, ap_tflite_build_options *build, char *flags,
                              size_t cap, int *reference_only);

#endif
