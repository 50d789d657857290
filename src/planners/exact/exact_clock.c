/*
 * exact_clock.c - what bounds every search of one exact run: the node count, the deadline and
 * the stop flag, and the progress report (exact_clock.h). Its own file so that the searches depend
 * on the model and the clock only, never on the driver (exact.c) that calls them.
 */
#include "core/util.h"
#include "planners/exact/exact_clock.h"

int ap__exact_clock_tick(ap__xclock *c)
{
    c->nodes++;
    if (c->stopped)
        return 0;
    if (c->node_limit && c->nodes > c->node_limit) {
        c->stopped = 1;
        return 0;
    }
    if ((c->nodes & 255) == 0) {
        double t = ap__now();
        if (t >= c->deadline || (c->stop && *c->stop)) {
            c->stopped = 1;
            return 0;
        }
        if (c->progress && c->best > 0 && t - c->last_report >= 0.1) {  /* once a plan exists */
            ap_progress pr;
            pr.elapsed = t - c->t0;
            pr.best_arena = c->best;
            pr.bound = c->bound;
            pr.nodes = c->nodes;
            c->progress(&pr, c->progress_ctx);
            c->last_report = t;
        }
    }
    return 1;
}
