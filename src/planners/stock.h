/* planners/stock.h - the head stock TFLM reaches (internal; stock.c, beside the public
 * ap_tflite_tflm_plan of tflm.h). */
#ifndef AP_PLANNERS_STOCK_H
#define AP_PLANNERS_STOCK_H

#include <stdint.h>

#include "arenaplan/problem.h"

/* The head stock TFLM reaches with p (ap_tflite_tflm_plan's arena) when p is a model's problem
 * for TFLM (AP_ORIGIN_TFLM); -1 for any other, or when TFLM's plan fails. */
int64_t ap__stock_head(const ap_problem *p);

#endif
