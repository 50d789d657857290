/*
 * exact_clock.h - what bounds every search of one exact run: nodes, the deadline, the stop flag,
 * and the progress report (internal; exact_clock.c).
 */
#ifndef AP_EXACT_CLOCK_H
#define AP_EXACT_CLOCK_H

#include <signal.h>

#include "arenaplan/planner.h"

/* What bounds a search run: nodes, time, the stop flag; and the progress report. With a node
 * limit the deadline is infinite: the clock then only paces the progress reports. */
typedef struct ap__xclock {
    double t0, deadline, last_report;
    uint64_t node_limit;    /* 0: none */
    volatile sig_atomic_t *stop;
    void (*progress)(const ap_progress *pr, void *ctx);
    void *progress_ctx;
    uint64_t nodes;         /* total over every search of this run */
    int64_t best, bound;    /* what the progress line shows */
    int stopped;            /* the clock or the stop flag ended the run */
} ap__xclock;

/* Counts one node; stops the run past the node limit; every 256 nodes looks at the clock and
 * the stop flag and reports progress (exact_clock.c). Returns 0 when the run must stop. */
int ap__exact_clock_tick(ap__xclock *c);

#endif
