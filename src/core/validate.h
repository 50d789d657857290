/* core/validate.h - problems derived from a problem, validated (internal; validate.c). */
#ifndef AP_CORE_VALIDATE_H
#define AP_CORE_VALIDATE_H

#include "arenaplan/problem.h"

/* A validated copy of p without its rule allowances (pre-planned fixed buffers may still share
 * bytes): the problem as a planner that knows no kernel rule sees it. */
ap_status ap__validate_without_rule_overlaps(const ap_problem *p, ap_problem **out,
                                             ap_error *err);

#endif
