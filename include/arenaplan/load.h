/*
 * arenaplan/load.h - turning an input file (CSV buffer list or .tflite model) into a problem.
 *
 * ap_load reads a file as a model when it carries the TFLite file identifier "TFL3", is named
 * *.tflite, or holds a NUL byte in its first 64 bytes (binary) and is not named *.csv; anything
 * else as CSV (csv.h).
 * A model becomes the problem of the runtime chosen: TFLM's (tflm.h, the default) or the
 * TensorFlow Lite interpreter's (litert.h).
 */
#ifndef ARENAPLAN_LOAD_H
#define ARENAPLAN_LOAD_H

#include <stdint.h>

#include "arenaplan/error.h"
#include "arenaplan/litert.h"
#include "arenaplan/problem.h"
#include "arenaplan/tflm.h"

#ifdef __cplusplus
extern "C" {
#endif
AP_PUBLIC_BEGIN

/* Whose planning problem a model becomes. */
typedef enum ap_runtime {
    AP_RUNTIME_TFLM = 0,  /* TensorFlow Lite Micro's (tflm.h) */
    AP_RUNTIME_TFLITE     /* the TensorFlow Lite interpreter's ArenaPlanner (litert.h) */
} ap_runtime;

typedef struct ap_load_options {
    ap_tflite_build_options build; /* how the input becomes a problem: build.align (--align,
                                      the problem's default alignment; 0 = the input's own: 1
                                      for CSV, 16 for models) for every input, the rest (kernel
                                      set, rules, offline plan) for models */
    ap_runtime runtime;   /* whose problem a model becomes (CSV input holds its own) */
    ap_litert_options litert; /* for AP_RUNTIME_TFLITE (its align is build.align's) */
    int allow_fixed_overlap; /* a buffer list's fixed buffers may share bytes (ap_csv_options;
                                a model's offline plan always may) */
    ap_warn_fn warn;      /* receives warnings (ignored CSV columns, ...); may be NULL */
    void *warn_ctx;
} ap_load_options;

/* Sets the defaults: ap_tflite_build_options_init's, runtime TFLM, ap_litert_options_init's,
 * no warnings. */
void ap_load_options_init(ap_load_options *opt);

/* Whether the file starts like a .tflite FlatBuffer (identifier "TFL3" at byte 4). Returns 0
 * for unreadable files (ap_load then reports the error). */
int ap_is_tflite_file(const char *path);

/* Reads path into a new validated problem (*out, free with ap_problem_free). On failure *out is
 * NULL and err names the file and the fault. */
ap_status ap_load(const char *path, const ap_load_options *opt, ap_problem **out, ap_error *err);

/* The same for a file's bytes data[0..len), read once by the caller (a FIFO, a pipe): name is
 * the file's name, for the messages and for the choice between the readers (as ap_load). */
ap_status ap_load_data(const unsigned char *data, size_t len, const char *name,
                       const ap_load_options *opt, ap_problem **out, ap_error *err);

/* Whether ap_load reads data[0..len), a file named name, as a model: it carries "TFL3" at byte
 * 4, or it is named *.tflite, or it is binary (a NUL byte in its first 64 bytes) and not named
 * *.csv (a CSV file with a NUL byte gets the CSV reader's message). */
int ap_is_model_data(const unsigned char *data, size_t len, const char *name);

/* Reads a whole file into memory (malloc'd, NUL-terminated; *len excludes the NUL). Refuses
 * files larger than max_bytes. */
ap_status ap_read_file(const char *path, size_t max_bytes, unsigned char **data, size_t *len,
                       ap_error *err);

AP_PUBLIC_END
#ifdef __cplusplus
}
#endif
#endif
