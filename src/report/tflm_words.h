/*
 * whole.h - the sentences every output writes about TFLM's whole arena (internal; whole.c).
 */
#ifndef AP_TFLM_WHOLE_H
#define AP_TFLM_WHOLE_H

#include <stddef.h>

#include "arenaplan/problem.h"
#include "arenaplan/tflm_arena.h"

/* The one line every output carries when a plan of `arena` bytes beats stock TFLM on p: writes
 * "stock TFLM (greedy): head N bytes; this plan needs `arenaplan embed` (or the header's BufferPlan)
 * to take effect" into out and returns 1; returns 0 (out untouched) when it does not. *stock
 * (when not NULL) receives ap__stock_head(p). */
int ap__stock_note(const ap_problem *p, int64_t arena, char *out, size_t cap, int64_t *stock);

/* The stock TFLM line. With arena: always, "stock TFLM (greedy): M bytes" (M stock TFLM's
 * smallest arena), followed by "; this plan needs `arenaplan embed` (or the header's
 * BufferPlan) to take effect" when the plan's arena is smaller; returns 1. Without: the line
 * ap__stock_note writes for a plan of `head` bytes (and its return value). */
int ap__stock_line(const ap_problem *p, int64_t head, const ap_tflm_whole *arena, char *out,
                   size_t cap);

#endif
