/*
 * test_runtime_bind.c - binding plans to the arena's head and switching between models that
 * share one arena: data pointers, the checks a bind makes, temp and tail across switches, the
 * in-use rule, and an arena sized for the largest model. Host and emulated Cortex-M4.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "arenaplan_rt.h"

#define GUARD 64
#define GUARD_BYTE 0xA5

static _Alignas(64) uint8_t mem[GUARD + 2048 + 64 + GUARD];

static uint8_t *base(size_t k)
{
    memset(mem, GUARD_BYTE, sizeof mem);
    return mem + GUARD + k;
}

static void assert_guards(const uint8_t *buf, size_t size)
{
    size_t i;
    for (i = 0; i < sizeof mem; i++)
        if (mem + i < buf || mem + i >= buf + size)
            assert_int_equal(mem[i], GUARD_BYTE);
}

/* Model A: head 304, buffers 0 and 2 share bytes (their lifetimes do not meet). */
static const int32_t a_off[3] = {0, 256, 0};
static const uint32_t a_size[3] = {256, 48, 96};
static const int32_t a_first[3] = {0, 1, 2};
static const int32_t a_last[3] = {1, 2, 2};
static const ap_rt_plan plan_a = {"A", 304, 16, 3, a_off, a_size, a_first, a_last};

/* Model B: head 512. */
static const int32_t b_off[2] = {0, 256};
static const uint32_t b_size[2] = {256, 256};
static const ap_rt_plan plan_b = {"B", 512, 16, 2, b_off, b_size, NULL, NULL};

static void test_bind_pointers(void **state)
{
    size_t k;
    (void)state;
    for (k = 0; k < 16; k++) {
        ap_rt_arena ar;
        ap_rt_model m;
        uint8_t *buf = base(k);
        uint8_t *head = buf + (16 - k) % 16;
        assert_int_equal(ap_rt_arena_init(&ar, buf, 1024, 16), AP_RT_OK);
        ap_rt_model_init(&m, &plan_a);
        assert_null(ap_rt_buffer(&ar, 0)); /* nothing bound */
        assert_int_equal(ap_rt_bind(&ar, &m, AP_RT_TAIL_KEEP), AP_RT_OK);
        assert_ptr_equal(ar.bound, &m);
        assert_ptr_equal(ap_rt_buffer(&ar, 0), head);
        assert_ptr_equal(ap_rt_buffer(&ar, 1), head + 256);
        assert_ptr_equal(ap_rt_buffer(&ar, 2), head);
        assert_null(ap_rt_buffer(&ar, 3));
        assert_null(ap_rt_buffer(&ar, UINT32_MAX));
        assert_int_equal((uintptr_t)ap_rt_buffer(&ar, 1) % 16, 0);
        /* The head ends where temp begins. */
        assert_int_equal(ar.temp, ar.head + 304);
        assert_int_equal(ar.sec[AP_RT_HEAD].used, ar.head + 304);
        assert_ptr_equal(ap_rt_temp_alloc(&ar, 8, 1, AP_RT_NO_CATEGORY, NULL), head + 304);
        assert_int_equal(ap_rt_free_bytes(&ar), 1024 - ar.head - 304 - 8);
    }
}

static void test_plan_check_errors(void **state)
{
    ap_rt_arena ar;
    ap_rt_model m;
    int32_t off[3] = {0, 16, 32};
    uint32_t size[3] = {16, 16, 16};
    ap_rt_plan p = {"p", 48, 16, 3, off, size, NULL, NULL};
    uint8_t *buf = base(0);
    (void)state;
    assert_int_equal(ap_rt_arena_init(&ar, buf, 1024, 16), AP_RT_OK);
    ap_rt_model_init(&m, &p);
    assert_int_equal(ap_rt_plan_check(&ar, &p), AP_RT_OK);
    assert_int_equal(ap_rt_plan_check(&ar, NULL), AP_RT_E_ARG);
    assert_int_equal(ap_rt_plan_check(NULL, &p), AP_RT_E_ARG);
    assert_int_equal(ap_rt_bind(&ar, NULL, AP_RT_TAIL_KEEP), AP_RT_E_ARG);
    assert_int_equal(ap_rt_bind(NULL, &m, AP_RT_TAIL_KEEP), AP_RT_E_ARG);

    p.offsets = NULL;
    assert_int_equal(ap_rt_bind(&ar, &m, AP_RT_TAIL_KEEP), AP_RT_E_ARG);
    p.offsets = off;
    p.sizes = NULL;
    assert_int_equal(ap_rt_bind(&ar, &m, AP_RT_TAIL_KEEP), AP_RT_E_ARG);
    p.sizes = size;

    p.align = 0;
    assert_int_equal(ap_rt_bind(&ar, &m, AP_RT_TAIL_KEEP), AP_RT_E_ALIGN);
    p.align = 48;
    assert_int_equal(ap_rt_bind(&ar, &m, AP_RT_TAIL_KEEP), AP_RT_E_ALIGN);
    p.align = 1;
    assert_int_equal(ap_rt_plan_check(&ar, &p), AP_RT_OK);
    p.align = 16;

    off[1] = -16;
    assert_int_equal(ap_rt_bind(&ar, &m, AP_RT_TAIL_KEEP), AP_RT_E_PLAN);
    assert_int_equal(ar.bad_index, 1);
    off[1] = 16;
    off[2] = 33; /* 33 + 16 > 48 */
    assert_int_equal(ap_rt_bind(&ar, &m, AP_RT_TAIL_KEEP), AP_RT_E_PLAN);
    assert_int_equal(ar.bad_index, 2);
    off[2] = 32;
    size[0] = 49;
    assert_int_equal(ap_rt_bind(&ar, &m, AP_RT_TAIL_KEEP), AP_RT_E_PLAN);
    assert_int_equal(ar.bad_index, 0);
    /* Sums that would wrap in 32 bits. */
    p.head_size = UINT32_MAX;
    size[0] = UINT32_MAX;
    off[0] = 1;
    assert_int_equal(ap_rt_plan_check(&ar, &p), AP_RT_E_PLAN);
    assert_int_equal(ar.bad_index, 0);
    size[0] = 16;
    off[0] = INT32_MAX;
    assert_int_equal(ap_rt_plan_check(&ar, &p), AP_RT_OK); /* consistent, but cannot fit: */
    assert_int_equal(ap_rt_bind(&ar, &m, AP_RT_TAIL_KEEP), AP_RT_E_NOSPACE);
    assert_null(ar.bound);
    off[0] = 0;
    p.head_size = 48;
    assert_int_equal(ap_rt_bind(&ar, &m, AP_RT_TAIL_KEEP), AP_RT_OK);

    /* An empty plan binds with NULL arrays. */
    {
        ap_rt_plan empty = {NULL, 0, 1, 0, NULL, NULL, NULL, NULL};
        ap_rt_model e;
        ap_rt_model_init(&e, &empty);
        assert_int_equal(ap_rt_bind(&ar, &e, AP_RT_TAIL_KEEP), AP_RT_OK);
        assert_int_equal(ar.temp, ar.head);
        assert_null(ap_rt_buffer(&ar, 0));
    }
}

/* The plan's alignment is checked against the head base's address. */
static void test_bind_alignment(void **state)
{
    static const int32_t off[1] = {64};
    static const uint32_t size[1] = {64};
    static const ap_rt_plan p64 = {"p64", 128, 64, 1, off, size, NULL, NULL};
    ap_rt_arena ar;
    ap_rt_model m;
    (void)state;
    ap_rt_model_init(&m, &p64);
    /* head base 16 past a 64-byte boundary */
    assert_int_equal(ap_rt_arena_init(&ar, base(5), 1024, 16), AP_RT_OK);
    assert_int_equal(ap_rt_bind(&ar, &m, AP_RT_TAIL_KEEP), AP_RT_E_ALIGN);
    /* the same buffer with a 64-byte head alignment */
    assert_int_equal(ap_rt_arena_init(&ar, base(5), 1024, 64), AP_RT_OK);
    assert_int_equal(ar.head, 59);
    assert_int_equal(ap_rt_bind(&ar, &m, AP_RT_TAIL_KEEP), AP_RT_OK);
    assert_int_equal((uintptr_t)ap_rt_buffer(&ar, 0) % 64, 0);
}

static void test_switch_keep_tails(void **state)
{
    ap_rt_arena ar;
    ap_rt_model ma, mb;
    uint8_t *buf = base(0), *ta, *tb, *shared, *t;
    ap_rt_status st;
    size_t i;
    (void)state;
    assert_int_equal(ap_rt_arena_init(&ar, buf, 1024, 16), AP_RT_OK);
    ap_rt_model_init(&ma, &plan_a);
    ap_rt_model_init(&mb, &plan_b);
    assert_true(ma.fresh);
    /* Allocated before any model: shared, above every model's tail. */
    shared = ap_rt_tail_alloc(&ar, 16, 16, AP_RT_NO_CATEGORY, NULL);
    assert_ptr_equal(shared, buf + 1008);
    memset(shared, 0x11, 16);

    assert_int_equal(ap_rt_bind(&ar, &ma, AP_RT_TAIL_KEEP), AP_RT_OK);
    assert_true(ma.fresh);
    assert_int_equal(ar.mark, 1008);
    ta = ap_rt_tail_alloc(&ar, 100, 4, AP_RT_NO_CATEGORY, NULL);
    assert_ptr_equal(ta, buf + 908);
    memset(ta, 0xAA, 100);
    assert_int_equal(ma.tail_bytes, 100);
    t = ap_rt_temp_alloc(&ar, 50, 1, AP_RT_NO_CATEGORY, NULL);
    assert_ptr_equal(t, buf + 304);

    /* Switch to B, keeping A's tail: temp is released, the head grows to 512. */
    assert_int_equal(ap_rt_bind(&ar, &mb, AP_RT_TAIL_KEEP), AP_RT_OK);
    assert_ptr_equal(ar.bound, &mb);
    assert_true(mb.fresh);
    assert_int_equal(ar.temp, 512);
    assert_int_equal(ar.top, 512);
    assert_int_equal(ar.tail, 908);
    assert_int_equal(ar.sec[AP_RT_HEAD].used, 512);
    assert_int_equal(ar.sec[AP_RT_TEMP].used, 0);
    tb = ap_rt_tail_alloc(&ar, 60, 4, AP_RT_NO_CATEGORY, NULL);
    assert_ptr_equal(tb, buf + 848);
    memset(tb, 0xBB, 60);
    assert_int_equal(mb.tail_bytes, 60);
    assert_int_equal(ma.tail_bytes, 100);
    memset(ap_rt_buffer(&ar, 0), 0x55, 512); /* B's whole head */
    /* B's tail leaves 336 free bytes above its head; a bigger temp block does not fit. */
    assert_int_equal(ap_rt_free_bytes(&ar), 336);
    assert_null(ap_rt_temp_alloc(&ar, 337, 1, AP_RT_NO_CATEGORY, &st));
    assert_int_equal(st, AP_RT_E_NOSPACE);

    /* Back to A: its tail is as it left it, and it is not fresh. */
    assert_int_equal(ap_rt_bind(&ar, &ma, AP_RT_TAIL_KEEP), AP_RT_OK);
    assert_false(ma.fresh);
    assert_int_equal(ma.tail_bytes, 100);
    assert_int_equal(ar.temp, 304);
    assert_int_equal(ar.tail, 848);
    for (i = 0; i < 100; i++)
        assert_int_equal(ta[i], 0xAA);
    for (i = 0; i < 60; i++)
        assert_int_equal(tb[i], 0xBB);
    for (i = 0; i < 16; i++)
        assert_int_equal(shared[i], 0x11);
    /* A allocates more while bound again: counted to A. */
    assert_non_null(ap_rt_tail_alloc(&ar, 8, 8, AP_RT_NO_CATEGORY, NULL));
    assert_int_equal(ma.tail_bytes, 108);
    assert_int_equal(mb.tail_bytes, 60);
    assert_int_equal(ar.sec[AP_RT_TAIL].used, 16 + 100 + 60 + 8);
    assert_int_equal(ar.high_water, 512 + 16 + 100 + 60);
    assert_guards(buf, 1024);
}

static void test_switch_reset_tails(void **state)
{
    ap_rt_arena ar;
    ap_rt_model ma, mb;
    uint8_t *buf = base(3), *shared;
    size_t i;
    (void)state;
    assert_int_equal(ap_rt_arena_init(&ar, buf, 1024, 16), AP_RT_OK); /* head at 13 */
    ap_rt_model_init(&ma, &plan_a);
    ap_rt_model_init(&mb, &plan_b);
    shared = ap_rt_tail_alloc(&ar, 10, 8, AP_RT_NO_CATEGORY, NULL); /* 1027-10=1017 -> 1016 */
    assert_ptr_equal(shared, buf + 1013);
    memset(shared, 0x22, 10);
    assert_int_equal(ar.sec[AP_RT_TAIL].align_lost, 1);

    assert_int_equal(ap_rt_bind(&ar, &ma, AP_RT_TAIL_RESET), AP_RT_OK);
    assert_true(ma.fresh);
    assert_int_equal(ar.tail, 1013); /* nothing to drop at the first bind */
    assert_non_null(ap_rt_tail_alloc(&ar, 200, 16, AP_RT_NO_CATEGORY, NULL));
    assert_int_equal(ar.sec[AP_RT_TAIL].used, 211);
    assert_int_equal(ma.tail_bytes, 200);

    /* Switching to B with a reset drops A's tail, not the shared block. */
    assert_int_equal(ap_rt_bind(&ar, &mb, AP_RT_TAIL_RESET), AP_RT_OK);
    assert_true(mb.fresh);
    assert_int_equal(ar.tail, 1013);
    assert_int_equal(ar.sec[AP_RT_TAIL].used, 11);
    assert_int_equal(ar.sec[AP_RT_TAIL].align_lost, 1);
    for (i = 0; i < 10; i++)
        assert_int_equal(shared[i], 0x22);
    assert_non_null(ap_rt_tail_alloc(&ar, 40, 4, AP_RT_NO_CATEGORY, NULL));

    /* Back to A with KEEP: B's tail stays, but A's was dropped: A is fresh with no tail. */
    assert_int_equal(ap_rt_bind(&ar, &ma, AP_RT_TAIL_KEEP), AP_RT_OK);
    assert_true(ma.fresh);
    assert_int_equal(ma.tail_bytes, 0);
    assert_int_equal(mb.tail_bytes, 40);
    /* Rebinding the bound model with RESET makes it fresh again. */
    assert_int_equal(ap_rt_bind(&ar, &ma, AP_RT_TAIL_KEEP), AP_RT_OK);
    assert_false(ma.fresh);
    assert_int_equal(ap_rt_bind(&ar, &ma, AP_RT_TAIL_RESET), AP_RT_OK);
    assert_true(ma.fresh);
    assert_int_equal(ar.tail, 1013);
    assert_guards(buf, 1024);
}

static void test_in_use_refused(void **state)
{
    ap_rt_arena ar;
    ap_rt_model ma, mb;
    uint8_t *buf = base(0), *t;
    (void)state;
    assert_int_equal(ap_rt_arena_init(&ar, buf, 1024, 16), AP_RT_OK);
    ap_rt_model_init(&ma, &plan_a);
    ap_rt_model_init(&mb, &plan_b);
    assert_int_equal(ap_rt_bind(&ar, &ma, AP_RT_TAIL_KEEP), AP_RT_OK);
    ap_rt_model_set_in_use(&ma, true);
    t = ap_rt_temp_alloc(&ar, 16, 1, AP_RT_NO_CATEGORY, NULL);
    assert_int_equal(ap_rt_bind(&ar, &mb, AP_RT_TAIL_KEEP), AP_RT_E_BUSY);
    assert_int_equal(ap_rt_bind(&ar, &mb, AP_RT_TAIL_RESET), AP_RT_E_BUSY);
    assert_int_equal(ap_rt_bind(&ar, &ma, AP_RT_TAIL_KEEP), AP_RT_E_BUSY);
    /* Nothing changed: A is bound, its temp block is still there. */
    assert_ptr_equal(ar.bound, &ma);
    assert_int_equal(ar.top, 304 + 16);
    assert_ptr_equal(ap_rt_buffer(&ar, 1), buf + 256);
    assert_ptr_equal(t, buf + 304);
    /* Another model being in use does not matter; only the bound one. */
    ap_rt_model_set_in_use(&ma, false);
    ap_rt_model_set_in_use(&mb, true);
    assert_int_equal(ap_rt_bind(&ar, &mb, AP_RT_TAIL_KEEP), AP_RT_OK);
    assert_int_equal(ap_rt_bind(&ar, &ma, AP_RT_TAIL_KEEP), AP_RT_E_BUSY);
    ap_rt_model_set_in_use(&mb, false);
    assert_int_equal(ap_rt_bind(&ar, &ma, AP_RT_TAIL_KEEP), AP_RT_OK);
}

/* The arena two models need is the larger model's head plus the tail, not the sum. */
static void test_largest_not_sum(void **state)
{
    ap_rt_arena ar;
    ap_rt_model ma, mb;
    ap_rt_status st;
    uint8_t *buf = base(0);
    (void)state;
    ap_rt_model_init(&ma, &plan_a);
    ap_rt_model_init(&mb, &plan_b);
    /* 512 (B's head) + 64 of tail for each model in turn, reset between them. */
    assert_int_equal(ap_rt_arena_init(&ar, buf, 576, 16), AP_RT_OK);
    assert_int_equal(ap_rt_bind(&ar, &ma, AP_RT_TAIL_RESET), AP_RT_OK);
    assert_non_null(ap_rt_tail_alloc(&ar, 64, 16, AP_RT_NO_CATEGORY, NULL));
    assert_int_equal(ap_rt_bind(&ar, &mb, AP_RT_TAIL_RESET), AP_RT_OK);
    assert_non_null(ap_rt_tail_alloc(&ar, 64, 16, AP_RT_NO_CATEGORY, NULL));
    assert_int_equal(ap_rt_free_bytes(&ar), 0);
    assert_int_equal(ap_rt_bind(&ar, &ma, AP_RT_TAIL_RESET), AP_RT_OK);
    assert_int_equal(ar.high_water, 576);
    /* Keeping both tails needs 64 more: B's head still fits beside A's tail, B's tail not. */
    assert_non_null(ap_rt_tail_alloc(&ar, 64, 16, AP_RT_NO_CATEGORY, &st));
    assert_int_equal(ap_rt_bind(&ar, &mb, AP_RT_TAIL_KEEP), AP_RT_OK);
    assert_null(ap_rt_tail_alloc(&ar, 64, 16, AP_RT_NO_CATEGORY, &st));
    assert_int_equal(st, AP_RT_E_NOSPACE);
    /* With 16 more bytes of A's tail, B's head no longer fits: the switch is refused and
     * leaves A bound with its temp block. */
    assert_int_equal(ap_rt_bind(&ar, &ma, AP_RT_TAIL_KEEP), AP_RT_OK);
    assert_non_null(ap_rt_tail_alloc(&ar, 16, 16, AP_RT_NO_CATEGORY, &st));
    assert_non_null(ap_rt_temp_alloc(&ar, 8, 1, AP_RT_NO_CATEGORY, &st));
    assert_int_equal(ap_rt_bind(&ar, &mb, AP_RT_TAIL_KEEP), AP_RT_E_NOSPACE);
    assert_ptr_equal(ar.bound, &ma);
    assert_int_equal(ar.tail, 496);
    assert_int_equal(ar.top, 312);
    /* A reset makes room again. */
    assert_int_equal(ap_rt_bind(&ar, &mb, AP_RT_TAIL_RESET), AP_RT_OK);
    assert_int_equal(ar.tail, 576);
    /* ...and one byte less than the largest head fails outright. */
    assert_int_equal(ap_rt_arena_init(&ar, buf, 511, 16), AP_RT_OK);
    assert_int_equal(ap_rt_bind(&ar, &ma, AP_RT_TAIL_KEEP), AP_RT_OK);
    assert_int_equal(ap_rt_bind(&ar, &mb, AP_RT_TAIL_KEEP), AP_RT_E_NOSPACE);
    assert_ptr_equal(ar.bound, &ma);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bind_pointers),
        cmocka_unit_test(test_plan_check_errors),
        cmocka_unit_test(test_bind_alignment),
        cmocka_unit_test(test_switch_keep_tails),
        cmocka_unit_test(test_switch_reset_tails),
        cmocka_unit_test(test_in_use_refused),
        cmocka_unit_test(test_largest_not_sum),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
