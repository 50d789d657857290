/* core/check.h - the checker's sweep for the library's own use (internal; check.c). */
#ifndef AP_CORE_CHECK_H
#define AP_CORE_CHECK_H

#include "arenaplan/check.h"
#include "arenaplan/problem.h"

/* The checker's sweep over the fixed buffers of p alone, at their fixed offsets:
 * AP_ERR_INVALID with res naming the first two that share bytes while both live, unless an
 * allowance lets them or, when !strict, both are pre-planned; AP_ERR_NOMEM. Needs p's
 * allowances sorted (ap_problem_validate calls it last). */
ap_status ap__check_fixed(const ap_problem *p, int strict, ap_check_result *res);

#endif
