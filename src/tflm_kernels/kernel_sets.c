/*
 * kernel_sets.c - the kernel sets (kernel_sets.h), and the rules TFLM's whole arena applies to
 * a target and a kernel set name, from that one list.
 */
#include <stdio.h>
#include <string.h>

#include "tflm_kernels/kernel_sets.h"

/* "none": a table without rows. */
const ap__ktable ap__kernel_sets_none = {"none", NULL, 0, NULL};

#define ENTRY(value, name, arena, table, target, dsp, mve, armclang, speed)                  \
    [AP_TFLM_KERNELS_##value] = {name, arena, &table, &ap__targets_table[AP__TARGET_##target],  \
                                 {dsp, mve, armclang, speed}},
static const ap__kernel_set sets[] = {AP__KERNEL_SETS(ENTRY)};
#undef ENTRY

#define NAME(value, name, arena, table, target, dsp, mve, armclang, speed) name,
const char *const ap__kernel_sets_names[] = {AP__KERNEL_SETS(NAME) NULL};
#undef NAME

_Static_assert(sizeof sets / sizeof sets[0] == AP_TFLM_KERNELS_COUNT,
               "one line of AP__KERNEL_SETS per value of ap_tflm_kernels");

#define N_SETS ((int)(sizeof sets / sizeof sets[0]))

const ap__kernel_set *ap__kernel_sets_of(ap_tflm_kernels id)
{
    return (unsigned)id < AP_TFLM_KERNELS_COUNT ? &sets[id] : NULL;
}

int ap__kernel_sets_reference_loops(const ap__kernel_set *s)
{
    return s->table == &ap__reference_table || s->table->n_rows == 0;
}

/* The first set called name (by its own name), or -1. */
static int named(const char *name)
{
    for (int k = 0; k < N_SETS; k++)
        if (strcmp(name, sets[k].name) == 0)
            return k;
    return -1;
}

/* Whether set k is built for one target only and named so ("reference64" is "reference" on
 * host64). */
static int alias(int k)
{
    return k >= 0 && sets[k].arena_name && strcmp(sets[k].name, sets[k].arena_name) != 0;
}

int ap__kernel_sets_pair(ap_tflm_kernels k, const ap__target *t, ap_tflm_kernels *out)
{
    const ap__kernel_set *s = &sets[k];
    *out = k;
    if (s->target == t || s->table->n_rows == 0)
        return AP__PAIR_OK;
    if (alias((int)k))
        return AP__PAIR_ALIAS;
    for (int j = 0; j < N_SETS; j++)
        if (sets[j].target == t && s->arena_name && sets[j].arena_name &&
            strcmp(sets[j].arena_name, s->arena_name) == 0) {
            *out = (ap_tflm_kernels)j;
            return AP__PAIR_OK;
        }
    return AP__PAIR_OTHER_TARGET;
}

ap_status ap__kernel_sets_resolve(const char *target, const char *name, ap_tflm_kernels *id,
                                  ap_error *err)
{
    char known[128];
    size_t len = 0;
    int k = named(name ? name : (name = "reference"));
    if (alias(k) && target && strcmp(target, sets[k].target->name) != 0)
        return ap_error_set(err, AP_ERR_USAGE, "kernel set \"%s\" is \"%s\" on target %s, not on %s",
                            name, sets[k].arena_name, sets[k].target->name, target);
    const ap__target *t = alias(k) ? sets[k].target : ap__targets_find(target);
    if (!t) {
        ap__targets_names(known, sizeof known, ", ");
        return ap_error_set(err, AP_ERR_USAGE, "unknown target \"%s\" (known: %s)", target,
                            known);
    }
    if (k >= 0 && sets[k].arena_name) {
        if (ap__kernel_sets_pair((ap_tflm_kernels)k, t, id) == AP__PAIR_OK)
            return AP_OK;
        return ap_error_set(err, AP_ERR_USAGE, "kernel set \"%s\" is a %s build, not one for "
                            "target %s", name, sets[k].target->title, t->name);
    }
    for (int j = 0; j < N_SETS; j++)
        if (sets[j].arena_name && sets[j].target == &ap__targets_table[0])
            len += (size_t)snprintf(known + len, sizeof known - len, "%s%s", len ? ", " : "",
                                    sets[j].name);
    return ap_error_set(err, AP_ERR_USAGE, "unknown kernel set \"%s\" for TFLM's arena (known: %s)",
                        name, known);
}
