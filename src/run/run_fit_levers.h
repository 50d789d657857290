/* run_fit_levers.h - the lever table of `fit` (run_fit_levers.c); ap_fit_lever and
 * ap_fit_levers_text (fit.h) read it too. */
#ifndef AP_RUN_RUN_FIT_LEVERS_H
#define AP_RUN_RUN_FIT_LEVERS_H

#include "arenaplan/fit.h"

/* The levers lever brings along (a mask), 0 out of range. */
unsigned ap__run_fit_levers_needs(int lever);

#endif
