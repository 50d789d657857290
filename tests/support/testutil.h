/* testutil.h - shared helpers for the cmocka tests. */
#ifndef AP_TESTUTIL_H
#define AP_TESTUTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
/* cmocka needs the three headers above first. */
#include <cmocka.h>

#include "arenaplan/bounds.h"
#include "arenaplan/check.h"
#include "arenaplan/load.h"
#include "arenaplan/plan.h"
#include "arenaplan/planner.h"
#include "arenaplan/problem.h"

/* The output of a command run by run_cli / run_cmd. Free with run_free. */
typedef struct run_result {
    int status;   /* exit code, or 128 + signal when killed by one */
    char *out;    /* everything written to stdout (NUL-terminated) */
    char *err;    /* everything written to stderr */
} run_result;

/* Runs the arenaplan CLI with the given arguments (NULL-terminated list), stdin from /dev/null. */
run_result run_cli(const char *arg0, ...);
/* Runs argv[0] with argv (NULL-terminated) through execvp. */
run_result run_argv(char *const argv[]);
/* The same with the child's stdout on out_fd (when >= 0: r.out is then empty) and setup()
 * called in the child just before exec (when not NULL: limits, signal dispositions). */
run_result run_argv_with(char *const argv[], int out_fd, void (*setup)(void));
void run_free(run_result *r);

/* Path of a file below the source tree (from a ring of 16 static buffers: valid for the next
 * 15 calls of src_path/tmp_path). */
const char *src_path(const char *rel);
/* A path in the test's temporary directory, unique to this process (same ring). */
const char *tmp_path(const char *name);
/* Every .tflite model under corpus/models (tflm, more, seanet), full paths sorted by path:
 * *n of them (free with free_paths). */
char **corpus_model_paths(size_t *n);
void free_paths(char **paths, size_t n);
/* Writes text to a file; fails the test on error. */
void write_text(const char *path, const char *text);
/* Whether an executable named tool is on PATH (for tests that compile: a fresh machine may
 * lack a cross compiler; CI has them all). */
int tool_on_path(const char *tool);

/* Reads a whole file (malloc'd, NUL-terminated) or NULL. */
char *read_text(const char *path, size_t *len);
int file_exists(const char *path);

/* The path of corpus model name (corpus/models/{tflm,seanet,more}/name.tflite), from the
 * same ring as src_path; fails the test when no directory has it. */
const char *corpus_model(const char *name);

/* Reads the text file rel below the source tree line by line (LF or CRLF; empty lines are
 * skipped). csv_open returns the first line and fails the test when the file cannot be read;
 * csv_next returns the next line or NULL at the end. Lines are writable and valid until
 * csv_close. */
typedef struct csv_reader {
    char *text, *save;
} csv_reader;
char *csv_open(csv_reader *r, const char *rel);
char *csv_next(csv_reader *r);
void csv_close(csv_reader *r);

/* One row of a reference plan (corpus/reference/.../plans.../MODEL.csv). */
typedef struct plan_row {
    int64_t lower, upper, size, offset;
} plan_row;

/* Reads the reference plan at rel below the source tree (id,lower,upper,size,offset; ids
 * 0..n-1 in order) into a malloc'd array of *n rows; fails the test when it cannot. */
plan_row *read_ref_plan(const char *rel, size_t *n);

/* Splits line in place at every comma (no quoting: the reference CSVs have none) into at
 * most max fields; returns the field count. */
size_t csv_fields(char *line, char **field, size_t max);

/* Builds a validated problem from rows "id,lower,upper,size" parsed by the CSV reader. */
ap_problem *problem_from_csv(const char *csv_text);

/* Plans p with the named strategy, asserts AP_OK, checks the plan with ap_check (asserting
 * it is valid and that plan->arena equals the checker's arena) and returns the arena. */
int64_t plan_checked(const ap_problem *p, const char *strategy, ap_plan *plan);

/* Asserts that the plan passes the independent checker; returns the checker's arena. */
int64_t assert_valid_plan(const ap_problem *p, const ap_plan *plan);

/* The value of a rule set named in a test (tflm.h's table); NULL is the default, 0. Fails the
 * test on an unknown name. */
int tflm_set(ap_tflm_set set, const char *name);

/* Asserts that haystack contains needle, printing both when it does not. */
/* A model TFLM refuses (why: the refusal's whole sentence), said alike by every output of plan
 * on cortex-m: the warning on stderr and exit 0, the arena line and a head of head bytes, JSON's
 * min_arena null followed by "refused":json_refused (the object's start), no NAME_ARENA_SIZE in
 * the C header, and --budget 1M failing (exit 1) with the refusal. */
void assert_refusal_said(const char *model, const char *why, long long head,
                         const char *json_refused);

#define assert_contains(haystack, needle) assert_contains_impl((haystack), (needle), __FILE__, __LINE__)
void assert_contains_impl(const char *haystack, const char *needle, const char *file, int line);

#endif
