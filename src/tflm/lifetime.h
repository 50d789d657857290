/*
 * lifetime.h - the model problem for callers that already hold the graph (internal to the
 * library; tflm.h has the public calls).
 */
#ifndef AP_TFLM_LIFETIME_H
#define AP_TFLM_LIFETIME_H

#include "arenaplan/tflm.h"

/* ap_tflite_load_problem without reading the file again: builds, names (source) and validates
 * the problem of the model m already read. Messages do not name the file (the caller, which
 * knows it, does). *out is NULL on failure. */
ap_status ap__lifetime_problem(const ap_tfl_model *m, const char *source,
                               const ap_tflite_build_options *opt, ap_problem **out, ap_error *err);

#endif
