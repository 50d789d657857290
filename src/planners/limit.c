/* limit.c - the limits that stop planners early (limit.h). */
#include <assert.h>
#include <math.h>

#include "core/util.h"
#include "planners/limit.h"

/* The innermost limit of this thread: planners on other threads have their own. */
static _Thread_local ap__limit *current;

void ap__limit_init(ap__limit *l)
{
    l->work = UINT64_MAX;
    l->used = 0;
    l->deadline = HUGE_VAL;
    l->stop = NULL;
    l->hit = AP_STOPPED_NONE;
    l->calls = 0;
    l->outer = NULL;
}

void ap__limit_enter(ap__limit *l)
{
    l->outer = current;
    current = l;
}

void ap__limit_leave(ap__limit *l)
{
    assert(current == l);
    current = l->outer;
}

static int check(ap__limit *l, uint64_t units)
{
    if (l->hit)
        return l->hit;
    l->used = units > UINT64_MAX - l->used ? UINT64_MAX : l->used + units;
    if (l->used > l->work)
        l->hit = AP_STOPPED_WORK;
    else if (l->stop && *l->stop)
        l->hit = AP_STOPPED_SIGNAL;
    else if (l->deadline != HUGE_VAL && (++l->calls >= 64 || units >= 65536)) {
        l->calls = 0;
        if (ap__now() >= l->deadline)
            l->hit = AP_STOPPED_TIME;
    }
    return l->hit;
}

int ap__limit_spend(uint64_t units)
{
    int reason = 0;
    for (ap__limit *l = current; l; l = l->outer) {
        int r = check(l, units);
        if (r && !reason)
            reason = r;
    }
    return reason;
}

int ap__limit_reached(void)
{
    for (ap__limit *l = current; l; l = l->outer)
        if (l->hit)
            return l->hit;
    return 0;
}

ap_status ap__limit_error(int reason, const char *what, ap_error *err)
{
    const char *why = reason == AP_STOPPED_SIGNAL ? "interrupted"
                      : reason == AP_STOPPED_TIME ? "stopped at its time limit"
                                                  : "stopped at its work limit";
    return ap_error_set(err, AP_ERR_LIMIT, "%s %s before it had a plan", what, why);
}
