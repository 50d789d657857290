/* core/problem.h - what the library asks of a problem beyond problem.h (internal; problem.c). */
#ifndef AP_CORE_PROBLEM_H
#define AP_CORE_PROBLEM_H

#include "arenaplan/problem.h"

/* Whether the problem has overlap allowances (rules: aliases, in-place, kernel-aware overlap;
 * the pre-planned sharing of fixed buffers is no allowance). */
int ap__problem_has_rule_overlaps(const ap_problem *p);

#endif
