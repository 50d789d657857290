/*
 * limit.h - what stops a planner early (internal): a bound on its work, a deadline, the stop
 * flag (SIGINT in the CLI).
 *
 * A planner that may run long enters a limit for the time it runs; every long loop below it
 * (the placer's obstacle queries, the exact model's pair lists, the local search) spends its
 * work against the limits entered on this thread and stops when one is reached. Work is a
 * count (one unit per obstacle listed and per level of the placer's tree walked, one per pair
 * of buffers the exact model lists), so a work bound gives the same plan on every machine; the
 * clock and the flag only decide when to stop. Limits nest: work spent inside counts against
 * every limit it runs in, and the innermost reached is reported (ap_plan.stopped's reasons).
 */
#ifndef AP_LIMIT_H
#define AP_LIMIT_H

#include <signal.h>
#include <stdint.h>

#include "arenaplan/plan.h"

typedef struct ap__limit {
    uint64_t work;                /* units allowed; UINT64_MAX: no bound */
    uint64_t used;                /* units spent so far */
    double deadline;              /* ap__now() past which work stops; HUGE_VAL: none */
    volatile sig_atomic_t *stop;  /* stops once *stop is non-zero; NULL: none */
    int hit;                      /* AP_STOPPED_* once reached (then it stays reached) */
    unsigned calls;               /* spends since the clock was last read */
    struct ap__limit *outer;      /* the limit this one runs in, or NULL */
} ap__limit;

/* Initializes l: no bound, no deadline, no flag. */
void ap__limit_init(ap__limit *l);
/* Makes l the innermost limit of this thread (l->outer: the one it runs in). */
void ap__limit_enter(ap__limit *l);
/* Ends l (which must be the innermost), making its outer limit innermost again. */
void ap__limit_leave(ap__limit *l);
/* Spends units of work against every limit entered on this thread. Returns 0 while none is
 * reached, else the reason (AP_STOPPED_*) of the first one reached, innermost first: the caller
 * stops and returns AP_ERR_LIMIT. Cheap: the clock is read every 64 calls and whenever a call
 * spends 65,536 units or more. */
int ap__limit_spend(uint64_t units);
/* The reason a limit entered on this thread has been reached, or 0. */
int ap__limit_reached(void);
/* Sets err to AP_ERR_LIMIT saying that `what` stopped, and why. */
ap_status ap__limit_error(int reason, const char *what, ap_error *err);

#endif
