/*
 * arenaplan/tflite.h - reading TensorFlow Lite models (placeholder until the reader lands).
 */
#ifndef ARENAPLAN_TFLITE_H
#define ARENAPLAN_TFLITE_H

#include "arenaplan/load.h"
#include "arenaplan/problem.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Reads the model in data[0..len) and builds the problem TFLM's planner would receive. */
ap_status ap_tflite_load_problem(const unsigned char *data, size_t len, const char *path,
                                 const ap_load_options *opt, ap_problem **out, ap_error *err);

#ifdef __cplusplus
}
#endif
#endif
