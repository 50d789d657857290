/* run_fit_out.h - what `fit` says besides its figures (run_fit_out.c): the diagnosis of the
 * model as it is, and the whole result as JSON (docs/fit.md). */
#ifndef AP_RUN_RUN_FIT_OUT_H
#define AP_RUN_RUN_FIT_OUT_H

#include <stddef.h>

#include "arenaplan/fit.h"
#include "run/run.h"

/* res->diag for the model in data (c: the baseline's run context): stock TFLM's plan of it, the
 * peak step and what is live there, with each buffer's role; the padding; the tail by category.
 * res->diag_problem owns the strings. */
ap_status ap__run_fit_out_diagnose(ap__run_ctx *c, const unsigned char *data, size_t len,
                                   ap_fit_result *res, ap_error *err);

/* res as JSON into *json (malloc'd, *n bytes). */
ap_status ap__run_fit_out_json(const ap_fit_result *res, char **json, size_t *n, ap_error *err);

#endif
