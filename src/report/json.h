/*
 * json.h - what the JSON writers share (internal; json.c): the "tflm" object and the arena's
 * keys, written alike by the plan's JSON and by the commands' (run/run_json.c). docs/json.md.
 */
#ifndef AP_REPORT_JSON_H
#define AP_REPORT_JSON_H

#include <stdint.h>
#include <stdio.h>

#include "arenaplan/tflm_arena.h"

/* ,"tflm":{"target":..,"kernels":..,"head":H,"tail":T,"used":U,"min_arena":M (null when below
 * 0),"stock_head":..,"stock_min_arena":..,"tail_breakdown":{...}}: w->plan, w->stock. */
void ap__json_tflm(FILE *f, const ap_tflm_whole *w, int split);

/* ,"arena_bytes":N when arena >= 0 and why is NULL; else ,"arena_bytes":null,"arena_unknown":why
 * (a default sentence when why is NULL). */
void ap__json_arena(FILE *f, int64_t arena, const char *why);

#endif
