/*
 * linkcheck.c - proof that the runtime needs no C library: an image that calls every public
 * function of the runtime, linked with -nostdlib (only libgcc). If any runtime object called
 * malloc, free, printf, memset or any other libc function, the link would fail on an
 * undefined symbol; .ci/runtime.sh also lists the image's symbols to show none is there.
 */
#include "arenaplan_rt.h"

void _start(void);

static uint8_t buf[512];
static uint32_t scratch[4];
static volatile uint32_t sink;

static void discard(void *ctx, const char *text)
{
    (void)ctx;
    sink += (uint32_t)text[0];
}

void _start(void)
{
    static const int32_t off[2] = {0, 16};
    static const uint32_t size[2] = {16, 16};
    static const ap_rt_plan plan = {"p", 32, 16, 2, off, size, 0, 0};
    static const ap_rt_request req[4] = {
        {16, 0, 1, AP_RT_UNFIXED}, {32, 1, 2, AP_RT_UNFIXED}, {8, 0, 2, 0}, {16, 2, 3, -1}};
    static ap_rt_category cat[1] = {{"c", 0, 0, 0}};
    ap_rt_arena a;
    ap_rt_model m;
    ap_rt_status st;
    int32_t out[4];
    uint32_t head;

    ap_rt_arena_init(&a, buf + 1, sizeof buf - 1, 16);
    ap_rt_arena_set_categories(&a, cat, 1);
    sink += (uint32_t)(uintptr_t)ap_rt_tail_alloc(&a, 10, 8, 0, &st);
    sink += (uint32_t)(uintptr_t)ap_rt_temp_alloc(&a, 10, 8, 0, &st);
    ap_rt_temp_reset(&a);
    sink += (uint32_t)ap_rt_free_bytes(&a);
    sink += (uint32_t)ap_rt_plan_check(&a, &plan);
    ap_rt_model_init(&m, &plan);
    sink += (uint32_t)ap_rt_bind(&a, &m, AP_RT_TAIL_KEEP);
    ap_rt_model_set_in_use(&m, true);
    sink += (uint32_t)(uintptr_t)ap_rt_buffer(&a, 1);
    sink += (uint32_t)ap_rt_greedy_scratch_bytes(4);
    sink += (uint32_t)ap_rt_greedy_plan(req, 4, out, scratch, sizeof scratch, &head);
    sink += (uint32_t)ap_rt_greedy_plan_in_arena(&a, req, 4, out, 0, &head);
    ap_rt_report(&a, discard, 0);
    sink += (uint32_t)ap_rt_status_name(st)[0];
    for (;;)
        sink++;
}
