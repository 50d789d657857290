/*
 * lines.h - the words and sentences the outputs share (internal; lines.c): what a plan's
 * planned section and buffers are called, and the lines about TFLM's arena and stock TFLM.
 * They are given figures, never compute them: the writers measure (measure.h) first.
 */
#ifndef AP_REPORT_LINES_H
#define AP_REPORT_LINES_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "arenaplan/problem.h"
#include "arenaplan/report.h"
#include "arenaplan/tflm_arena.h"

/* "activation", "input", "output", "scratch" or "buffer". */
const char *ap__lines_kind(ap_kind k);

/* The word for the planned section (report.h): "head", for every input. */
const char *ap__lines_head_word(const ap_problem *p);

/* TFLM's whole arena for a plan of p as opt gives it (opt->arena), or NULL when it is unknown:
 * an arena whose min_arena is below 0 (TFLM refuses the model) counts as unknown. */
const ap_tflm_whole *ap__lines_arena(const ap_report_options *opt);

/* Why the arena is unknown, when ap__lines_arena gives NULL (else NULL): opt->arena_unknown when
 * given, else by the problem: "a buffer list has no TFLM arena", "TensorFlow Lite's interpreter
 * (--runtime tflite) has no TFLM arena", "TFLM refuses the model", or "TFLM's whole arena was not
 * computed". opt may be NULL. */
const char *ap__lines_arena_unknown(const ap_problem *p, const ap_report_options *opt);

/* How the planning log names a buffer: "tensor" for tensors and CSV rows, "buffer" for the
 * rest (kernel scratch). */
const char *ap__lines_buffer_word(const ap_buffer *b);

/* A byte count for people: "700 B", "12.5 KiB", "3.20 MiB". */
void ap__lines_bytes(char *buf, size_t cap, int64_t v);

/* The line every output carries when a plan's head of `head` bytes beats stock TFLM's head
 * (stock_head, from ap__stock_head; -1 when there is none): writes "stock TFLM (greedy): head N
 * bytes; this plan needs `arenaplan embed` (or the header's BufferPlan) to take effect" into out
 * and returns 1; returns 0 (out untouched) when it does not beat it. */
int ap__lines_stock_head(int64_t stock_head, int64_t head, char *out, size_t cap);

/* The stock TFLM line. With arena: always, "stock TFLM (greedy): M bytes" (M stock TFLM's
 * smallest arena), followed by "; this plan needs `arenaplan embed` (or the header's
 * BufferPlan) to take effect" when the plan's arena is smaller; returns 1. Without: what
 * ap__lines_stock_head writes for stock_head and head (and its return value). */
int ap__lines_stock(int64_t stock_head, int64_t head, const ap_tflm_whole *arena, char *out,
                    size_t cap);

/* When the peak is: "N bytes live at step S" or "... at steps S, A-B, ..." for the first
 * max_runs runs of s->peaks (ranges joined by dash), then " and K more runs". s->n_peaks > 0. */
void ap__lines_peak_steps(FILE *f, const ap_summary *s, size_t max_runs, const char *dash);

/* The bytes of the peak buffers from index `from` on (those a list of `from` rows leaves out). */
int64_t ap__lines_peak_rest(const ap_problem *p, const ap_summary *s, size_t from);

/* One line saying what a problem does not model (ap_unmodelled), after lead: "op 3 RFFT2D: what"
 * (or what alone when no operator is at fault). */
void ap__lines_unmodelled(FILE *f, const char *lead, const ap_unmodelled *u);

#endif
