/* run_json.h - the JSON of the commands' results (run_json.c; docs/json.md). */
#ifndef AP_RUN_RUN_JSON_H
#define AP_RUN_RUN_JSON_H

#include <stddef.h>

#include "arenaplan/embed.h"
#include "arenaplan/reorder.h"
#include "arenaplan/tflm_arena.h"

/* A plan's JSON (ap_write_json_with, with TFLM's whole arena when known; why: the reason it is
 * unknown, or NULL) into *json (malloc'd, *n bytes). data, len: the input's bytes. */
ap_status ap__run_json_plan(const ap_problem *p, const ap_plan *plan, const ap_tflm_whole *arena,
                            const char *why, const unsigned char *data, size_t len, char **json,
                            size_t *n, ap_error *err);

/* What check found. Figures are -1 when they do not apply. */
typedef struct ap__run_json_check {
    int valid;
    char message[AP_ERROR_MAX + 64]; /* the first conflict, when not valid */
    size_t buffers;
    int64_t head, lower_bound;       /* of a valid plan */
    int model;                       /* the input is a model (its buffers TFLM's) */
    /* a model's own offline plan */
    uint32_t entries;                /* 0: checked against a CSV plan */
    size_t tensors, fixed, scratch, shared;
    int64_t tflm_head;
} ap__run_json_check;

ap_status ap__run_json_check_write(const ap__run_json_check *v, char **json, size_t *n,
                                   ap_error *err);

/* embed's result: r, the input's size, TFLM's whole arena with the copy (arena->plan) and with
 * the input (arena->stock) or NULL (why: the reason, or NULL), the format written. */
ap_status ap__run_json_embed(const ap_tflite_embed_result *r, size_t in_len,
                             const ap_tflm_whole *arena, const char *why, const char *format,
                             char **json, size_t *n, ap_error *err);

/* reorder's result. */
ap_status ap__run_json_reorder(const ap_tflite_reorder_output *o, size_t in_len, char **json,
                               size_t *n, ap_error *err);

#endif
