/*
 * layout.h - TFLM's structs and classes laid out for a target (internal to src/tflm).
 *
 * The arena TFLM needs is made of its own objects (TfLiteEvalTensor, NodeAndRegistration, the
 * allocator classes, every kernel's OpData), so its size depends on how the target's C and C++
 * ABI lays them out. layout.c holds each object as a field list (the data, with the source file
 * it was read from at tflite-micro 90b983c2b) and one layout engine that applies a target's
 * rules: sizes and alignments of the scalar kinds, and the Itanium C++ ABI rule that a derived
 * class's fields may start in its base's tail padding (both targets follow it).
 */
#ifndef AP_TFLM_LAYOUT_H
#define AP_TFLM_LAYOUT_H

#include <stddef.h>
#include <stdint.h>

#include "arenaplan/error.h"
#include "tflm_kernels/targets.h"

/* The layout of one object on a target. */
typedef struct ap__layout {
    int64_t size;          /* sizeof */
    int64_t align;         /* alignof */
    int64_t dsize;         /* data size: size without tail padding (where a derived class's
                              first field may go) */
} ap__layout;

/* Lays out the struct or class called name on target t. Fails with AP_ERR_INVALID for a name
 * the table does not hold or a malformed field list (a bug: tests lay out every entry). */
ap_status ap__layout_of(const ap__target *t, const char *name, ap__layout *out, ap_error *err);

/* Lays out a field list (the syntax of layout.c's table) as one struct. */
ap_status ap__layout_fields(const ap__target *t, const char *fields, ap__layout *out,
                           ap_error *err);

/* One entry of the struct table, for documentation and tests. */
typedef struct ap__struct_def {
    const char *name;
    const char *fields;    /* see layout.c */
    const char *source;    /* the TFLM file (or library) that defines it */
} ap__struct_def;

/* The table (n entries). */
const ap__struct_def *ap__layout_structs(size_t *n);

#endif
