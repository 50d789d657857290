/*
 * set_names.c - the kernel sets and rule sets by name: the one table that turns "reference64"
 * into AP_TFLM_KERNELS_REFERENCE64 and back, for the CLI, messages and the metadata embed
 * writes. A new rule set is one enum value (tflm.h) and one name here; a new kernel set is named
 * by its line in tflm_kernels/kernel_sets.h.
 */
#include <stdio.h>
#include <string.h>

#include "arenaplan/tflm.h"
#include "tflm_kernels/kernel_sets.h"

static const char *const inplace[] = {"none", "reshape", "elementwise", NULL};
static const char *const overlap[] = {"none", "reference", "slices", NULL};

static const struct family {
    const char *const *names;
    int count;
    const char *what;  /* in messages */
} families[] = {
    {ap__kernel_sets_names, AP_TFLM_KERNELS_COUNT, "kernel set"}, /* kernel_sets.h lists them */
    {inplace, AP_TFLM_INPLACE_COUNT, "in-place rule set"},
    {overlap, AP_TFLM_OVERLAP_COUNT, "overlap rule set"},
};

/* Every enum value has a name, and no more (kernel_sets.c asserts the same of the kernel sets). */
_Static_assert(sizeof inplace / sizeof *inplace == AP_TFLM_INPLACE_COUNT + 1, "in-place names");
_Static_assert(sizeof overlap / sizeof *overlap == AP_TFLM_OVERLAP_COUNT + 1, "overlap names");

static const struct family *family(ap_tflm_set s)
{
    return (unsigned)s < sizeof families / sizeof families[0] ? &families[s] : NULL;
}

const char *const *ap_tflm_set_names(ap_tflm_set s)
{
    const struct family *f = family(s);
    return f ? f->names : NULL;
}

const char *ap_tflm_set_name(ap_tflm_set s, int v)
{
    const struct family *f = family(s);
    return f && v >= 0 && v < f->count ? f->names[v] : NULL;
}

ap_status ap_tflm_set_find(ap_tflm_set s, const char *name, int *v, ap_error *err)
{
    const struct family *f = family(s);
    char known[128] = "";
    size_t len = 0;
    if (!f)
        return ap_error_set(err, AP_ERR_USAGE, "no such family of rule sets (%d)", (int)s);
    for (int i = 0; i < f->count; i++) {
        if (name && strcmp(name, f->names[i]) == 0) {
            *v = i;
            return AP_OK;
        }
        len += (size_t)snprintf(known + len, sizeof known - len, "%s%s", i ? ", " : "",
                                f->names[i]);
    }
    return ap_error_set(err, AP_ERR_USAGE, "unknown %s \"%s\" (known: %s)", f->what,
                        name ? name : "", known);
}

int ap_tflite_rules_asked(const ap_tflite_build_options *opt)
{
    return opt->inplace != AP_TFLM_INPLACE_NONE || opt->overlap != AP_TFLM_OVERLAP_NONE;
}
