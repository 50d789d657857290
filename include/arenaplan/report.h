/*
 * arenaplan/report.h - writing plans for people and for other tools.
 *
 * Every writer takes a validated problem and a complete plan and writes to a caller's FILE.
 * They compute what they show (bounds, summary) themselves, so any plan can be written.
 */
#ifndef ARENAPLAN_REPORT_H
#define ARENAPLAN_REPORT_H

#include <stdio.h>

#include "arenaplan/plan.h"
#include "arenaplan/problem.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A table for the terminal: summary lines, then one row per buffer in input order. */
ap_status ap_write_table(FILE *f, const ap_problem *p, const ap_plan *plan, ap_error *err);

/* JSON: {"arena_bytes":N,"lower_bound":N,"efficiency":E,"strategy":"...", ...,
 * "buffers":[{"id":"...","lower":L,"upper":U,"size":S,"offset":O}, ...]} (see docs/formats.md). */
ap_status ap_write_json(FILE *f, const ap_problem *p, const ap_plan *plan, ap_error *err);

/* Writes s as a JSON string literal (quotes, escapes, control characters as \u00XX). */
void ap_json_string(FILE *f, const char *s);

#ifdef __cplusplus
}
#endif
#endif
