/*
 * two_models.c - firmware that runs two real models' plans in one shared arena.
 *
 * person_detect and micro_speech_quantized take turns in one arena sized for the larger head
 * plus the models' persistent state, not for the sum of the two. Each turn binds the model's
 * plan (exported as a C header, see docs/runtime.md), then plays its schedule step by step:
 * every buffer is filled with a pattern when it is created, and at every step every live
 * buffer is checked byte for byte, so a plan in which one buffer overwrites another live one
 * is caught. Each model keeps persistent state in the tail across switches (checked too), uses
 * temp scratch per step, and is marked in use while it runs (a switch then is refused). A
 * deliberately broken plan shows that the check catches a clobber. Each plan is also computed
 * again at boot by the on-device greedy planner from the buffers' sizes and lifetimes alone:
 * the offsets must be the exported ones. Last, the usage report.
 *
 * Builds for the host (printf) and for the Cortex-M4 under QEMU (newlib over semihosting):
 * see .ci/runtime.sh. Exit status 0 when every check passes.
 */
#include <stdio.h>
#include <string.h>

#include "arenaplan_rt.h"
#include "micro_speech_quantized_plan.h"
#include "person_detect_plan.h"

#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define STATE_BYTES 1000u   /* each model's persistent state (its "kernel data") */
#define SCRATCH_BYTES 256u  /* temp scratch taken during each step */
#define HEAD_ALIGN 16u
/* The largest head, both models' tails (kept across switches), one step's scratch, and the
 * worst alignment padding of the head base, the tails and the scratch. Separate arenas would
 * each need their model's head, tail and scratch. */
#define ARENA_BYTES                                                                          \
    (HEAD_ALIGN - 1 + MAX(PERSON_DETECT_HEAD_SIZE, MICRO_SPEECH_QUANTIZED_HEAD_SIZE) +     \
     2 * (STATE_BYTES + 3) + SCRATCH_BYTES + 15)

enum { CAT_STATE, CAT_SCRATCH, CATS };

static uint8_t arena_buf[ARENA_BYTES + 1];
static int failures;

static void check(int ok, const char *what)
{
    if (!ok) {
        printf("FAIL: %s\n", what);
        failures++;
    }
}

/* The byte buffer b keeps at head offset `at`: differs between any two buffers (73 is odd). */
static uint8_t pattern(uint32_t b, uint32_t at)
{
    return (uint8_t)(at * 131u + b * 73u + 17u);
}

/* Plays the bound plan's schedule; returns the number of clobbered buffers found (and reports
 * the first). */
static int play(ap_rt_arena *a, const ap_rt_plan *p, int quiet)
{
    int32_t t, t0 = INT32_MAX, t1 = INT32_MIN;
    uint32_t b, i, clobbered = 0;

    for (b = 0; b < p->count; b++) {
        t0 = p->first[b] < t0 ? p->first[b] : t0;
        t1 = p->last[b] > t1 ? p->last[b] : t1;
    }
    for (t = t0; t <= t1; t++) {
        uint8_t *scratch;
        ap_rt_status st;
        /* The operator at step t writes the buffers it creates... */
        for (b = 0; b < p->count; b++)
            if (p->first[b] == t) {
                uint8_t *d = ap_rt_buffer(a, b);
                for (i = 0; i < p->sizes[b]; i++)
                    d[i] = pattern(b, (uint32_t)p->offsets[b] + i);
            }
        /* ...with some temp scratch of its own, above the head... */
        scratch = ap_rt_temp_alloc(a, SCRATCH_BYTES, 16, CAT_SCRATCH, &st);
        check(scratch != NULL && st == AP_RT_OK, "temp scratch for a step");
        if (scratch)
            memset(scratch, 0xEE, SCRATCH_BYTES);
        /* ...and every buffer live at t must still hold what was written into it. */
        for (b = 0; b < p->count; b++) {
            const uint8_t *d = ap_rt_buffer(a, b);
            if (p->first[b] > t || p->last[b] < t)
                continue;
            for (i = 0; i < p->sizes[b]; i++)
                if (d[i] != pattern(b, (uint32_t)p->offsets[b] + i))
                    break;
            if (i < p->sizes[b]) {
                if (!quiet || clobbered == 0)
                    printf("  %s: buffer %u clobbered at byte %u (step %ld)\n", p->name,
                           (unsigned)b, (unsigned)i, (long)t);
                clobbered++;
            }
        }
        ap_rt_temp_reset(a);
    }
    return (int)clobbered;
}

/* A model's persistent state: made when the model is fresh, checked on every later turn. */
static void state_turn(ap_rt_arena *a, ap_rt_model *m, uint8_t **state, uint8_t fill)
{
    uint32_t i;
    if (m->fresh) {
        ap_rt_status st;
        *state = ap_rt_tail_alloc(a, STATE_BYTES, 4, CAT_STATE, &st);
        check(*state != NULL && st == AP_RT_OK, "persistent state fits");
        if (*state)
            memset(*state, fill, STATE_BYTES);
        return;
    }
    for (i = 0; i < STATE_BYTES; i++)
        if ((*state)[i] != fill)
            break;
    check(i == STATE_BYTES, "persistent state kept across switches");
}

/* Plans p's buffers on the device (TFLM's greedy) and compares with the exported offsets. */
static void plan_at_boot(const ap_rt_plan *p)
{
    static ap_rt_request req[PERSON_DETECT_BUFFERS + MICRO_SPEECH_QUANTIZED_BUFFERS];
    static int32_t offsets[PERSON_DETECT_BUFFERS + MICRO_SPEECH_QUANTIZED_BUFFERS];
    static uint32_t scratch[PERSON_DETECT_BUFFERS + MICRO_SPEECH_QUANTIZED_BUFFERS];
    uint32_t b, head = 0, same = 0;
    ap_rt_status st;

    for (b = 0; b < p->count; b++) {
        req[b].size = p->sizes[b];
        req[b].first = p->first[b];
        req[b].last = p->last[b];
        req[b].fixed = AP_RT_UNFIXED;
    }
    st = ap_rt_greedy_plan(req, p->count, offsets, scratch, sizeof scratch, &head);
    check(st == AP_RT_OK, "greedy planning at boot");
    for (b = 0; st == AP_RT_OK && b < p->count; b++)
        same += offsets[b] == p->offsets[b];
    printf("planned at boot: %-22s head %6u, %u of %u offsets as exported, %u bytes of scratch\n",
           p->name, (unsigned)head, (unsigned)same, (unsigned)p->count,
           (unsigned)ap_rt_greedy_scratch_bytes(p->count));
    check(same == p->count && head == p->head_size, "boot plan equals the exported plan");
}

static void print_text(void *ctx, const char *text)
{
    (void)ctx;
    fputs(text, stdout);
}

int main(void)
{
    static ap_rt_category cats[CATS] = {{"state", 0, 0, 0}, {"scratch", 0, 0, 0}};
    ap_rt_arena a;
    ap_rt_model pd, ms, broken_m;
    ap_rt_model *models[2];
    uint8_t *state[2] = {NULL, NULL};
    int32_t broken_off[PERSON_DETECT_BUFFERS];
    ap_rt_plan broken;
    uint32_t b, victim = 0, turn;

    printf("arena: %u bytes for heads of %u (person_detect) and %u (micro_speech_quantized);"
           " separate arenas would need %u\n",
           (unsigned)ARENA_BYTES, (unsigned)PERSON_DETECT_HEAD_SIZE,
           (unsigned)MICRO_SPEECH_QUANTIZED_HEAD_SIZE,
           (unsigned)(PERSON_DETECT_HEAD_SIZE + MICRO_SPEECH_QUANTIZED_HEAD_SIZE +
                      2 * (HEAD_ALIGN - 1 + STATE_BYTES + 3 + SCRATCH_BYTES + 15)));

    /* An arena base that is not aligned, on purpose: the head base is rounded up. */
    check(ap_rt_arena_init(&a, arena_buf + 1, ARENA_BYTES, HEAD_ALIGN) == AP_RT_OK, "init");
    ap_rt_arena_set_categories(&a, cats, CATS);
    ap_rt_model_init(&pd, &person_detect_plan);
    ap_rt_model_init(&ms, &micro_speech_quantized_plan);
    models[0] = &pd;
    models[1] = &ms;
    plan_at_boot(&person_detect_plan);
    plan_at_boot(&micro_speech_quantized_plan);

    for (turn = 0; turn < 4; turn++) {
        ap_rt_model *m = models[turn % 2];
        ap_rt_status st = ap_rt_bind(&a, m, AP_RT_TAIL_KEEP);
        int clobbered;
        check(st == AP_RT_OK, "bind");
        if (st != AP_RT_OK) {
            printf("  bind %s: %s\n", m->plan->name, ap_rt_status_name(st));
            continue;
        }
        state_turn(&a, m, &state[turn % 2], (uint8_t)(0xA0 + turn % 2));
        ap_rt_model_set_in_use(m, true);
        /* While it runs, the other model cannot take the arena. */
        check(ap_rt_bind(&a, models[(turn + 1) % 2], AP_RT_TAIL_KEEP) == AP_RT_E_BUSY,
              "switch refused while in use");
        clobbered = play(&a, m->plan, 0);
        ap_rt_model_set_in_use(m, false);
        printf("turn %u: %-22s %2u buffers, head %6u, %s, tail kept %u: %s\n", (unsigned)turn,
               m->plan->name, (unsigned)m->plan->count, (unsigned)m->plan->head_size,
               m->fresh ? "fresh" : "state kept", (unsigned)m->tail_bytes,
               clobbered ? "CLOBBERED" : "no buffer clobbered another live one");
        check(clobbered == 0, "no clobber");
    }

    /* The check is not vacuous: move one buffer onto another one live at the same time. */
    memcpy(broken_off, person_detect_offsets, sizeof broken_off);
    for (b = 1; b < PERSON_DETECT_BUFFERS && !victim; b++)
        if (person_detect_first[b] <= person_detect_last[0] &&
            person_detect_first[0] <= person_detect_last[b] &&
            person_detect_sizes[b] <= person_detect_sizes[0])
            victim = b;
    check(victim != 0, "a buffer that meets buffer 0");
    broken = person_detect_plan;
    broken.name = "person_detect (broken)";
    broken.offsets = broken_off;
    broken_off[victim] = person_detect_offsets[0];
    ap_rt_model_init(&broken_m, &broken);
    check(ap_rt_bind(&a, &broken_m, AP_RT_TAIL_RESET) == AP_RT_OK, "bind broken plan");
    printf("broken plan (buffer %u moved onto buffer 0):\n", (unsigned)victim);
    check(play(&a, &broken, 1) > 0, "the broken plan is caught");

    /* A reset dropped every model's tail: a model bound again starts fresh. */
    check(ap_rt_bind(&a, &ms, AP_RT_TAIL_KEEP) == AP_RT_OK && ms.fresh, "fresh after reset");
    check(ap_rt_bind(&a, &pd, AP_RT_TAIL_KEEP) == AP_RT_OK, "bind person_detect again");

    printf("\n");
    ap_rt_report(&a, print_text, NULL);
    printf("\n%s\n", failures ? "FAILED" : "OK: two models shared one arena");
    return failures ? 1 : 0;
}
