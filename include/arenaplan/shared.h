/*
 * arenaplan/shared.h - several models sharing one arena.
 *
 * Sequential: the models run one after another, so each plans its head on its own and the
 * shared head is the largest of them (not the sum).
 *
 * Concurrent: the models may run at the same time (two threads), so no buffer of one may share
 * a byte with any buffer of another. The models are planned into one arena one after another,
 * largest head first: each later model is planned as one problem together with the bytes the
 * earlier ones occupy (their byte ranges merged into reserved blocks that are live for the whole
 * of its run), so it fills the holes the earlier plans leave before it stacks above them. No plan
 * can beat the sum of the models' optimal heads (shown in docs/shared.md), so a plan that reaches
 * the sum of the separate heads is already as good as separate arenas get.
 */
#ifndef ARENAPLAN_SHARED_H
#define ARENAPLAN_SHARED_H

#include "arenaplan/check.h"
#include "arenaplan/plan.h"
#include "arenaplan/planner.h"
#include "arenaplan/problem.h"

#ifdef __cplusplus
extern "C" {
#endif
AP_PUBLIC_BEGIN

typedef enum ap_shared_mode { AP_SHARED_SEQUENTIAL, AP_SHARED_CONCURRENT } ap_shared_mode;

typedef struct ap_shared_result {
    int64_t arena;      /* the shared arena (bytes) for the requested mode */
    int64_t separate;   /* the sum of the models' own heads: separate arenas */
    int64_t sequential; /* the shared arena if the models ran one after another */
    int64_t concurrent; /* the shared arena if they may run at the same time */
} ap_shared_result;

/* Plans k validated problems into one arena. plans[0..k) must be initialized; plans[i] receives
 * model i's offsets within the shared arena (for concurrent mode they never share bytes across
 * models). Both modes are computed so that each can be reported; `mode` chooses which one
 * plans[] and res->arena hold. */
ap_status ap_plan_shared(ap_problem *const *models, size_t k, ap_shared_mode mode,
                         const ap_plan_options *opt, ap_plan *plans, ap_shared_result *res,
                         ap_error *err);

/* Proves a shared plan: each model's plan passes ap_check, and in concurrent mode no byte is
 * used by two models. AP_ERR_INVALID with res->message naming the model(s) at fault. */
ap_status ap_check_shared(ap_problem *const *models, size_t k, ap_shared_mode mode,
                          const ap_plan *plans, ap_check_result *res);

AP_PUBLIC_END
#ifdef __cplusplus
}
#endif
#endif
