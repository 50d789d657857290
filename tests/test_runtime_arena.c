/*
 * test_runtime_arena.c - the runtime's arena: section layout, alignment over unaligned bases,
 * usage accounting, running out of space without writing outside the buffer, the usage report.
 * Runs on the host (cmocka) and on the emulated Cortex-M4 (.ci/runtime.sh).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "arenaplan_rt.h"

#define GUARD 64
#define ARENA 1000
#define GUARD_BYTE 0xA5

/* The buffer under test sits between two guard zones; mem is 64-aligned so that base + k has
 * a known misalignment k. */
static _Alignas(64) uint8_t mem[GUARD + ARENA + 64 + GUARD];

static uint8_t *base(size_t k)
{
    memset(mem, GUARD_BYTE, sizeof mem);
    return mem + GUARD + k;
}

/* Every byte outside [buf, buf + size) still holds the guard pattern. */
static void assert_guards(const uint8_t *buf, size_t size)
{
    size_t i;
    for (i = 0; i < sizeof mem; i++)
        if (mem + i < buf || mem + i >= buf + size)
            assert_int_equal(mem[i], GUARD_BYTE);
}

static void test_init_layout(void **state)
{
    size_t k;
    (void)state;
    for (k = 0; k < 64; k++) {
        ap_rt_arena a;
        uint8_t *buf = base(k);
        size_t pad = (16 - k % 16) % 16;
        assert_int_equal(ap_rt_arena_init(&a, buf, ARENA, 16), AP_RT_OK);
        assert_ptr_equal(a.buf, buf);
        assert_int_equal(a.size, ARENA);
        assert_int_equal(a.head, pad);
        assert_int_equal(a.temp, pad);
        assert_int_equal(a.top, pad);
        assert_int_equal(a.tail, ARENA);
        assert_int_equal(((uintptr_t)buf + a.head) % 16, 0);
        assert_int_equal(a.sec[AP_RT_HEAD].used, pad);
        assert_int_equal(a.sec[AP_RT_HEAD].align_lost, pad);
        assert_int_equal(a.sec[AP_RT_HEAD].high_water, pad);
        assert_int_equal(a.sec[AP_RT_TEMP].used, 0);
        assert_int_equal(a.sec[AP_RT_TAIL].used, 0);
        assert_int_equal(a.high_water, pad);
        assert_int_equal(ap_rt_free_bytes(&a), ARENA - pad);
        assert_null(a.bound);
        /* A 64-byte head alignment. */
        assert_int_equal(ap_rt_arena_init(&a, buf, ARENA, 64), AP_RT_OK);
        assert_int_equal(a.head, (64 - k) % 64);
    }
}

static void test_init_errors(void **state)
{
    ap_rt_arena a;
    uint8_t *buf = base(1);
    (void)state;
    assert_int_equal(ap_rt_arena_init(NULL, buf, ARENA, 16), AP_RT_E_ARG);
    assert_int_equal(ap_rt_arena_init(&a, NULL, ARENA, 16), AP_RT_E_ARG);
    assert_int_equal(ap_rt_arena_init(&a, buf, ARENA, 0), AP_RT_E_ALIGN);
    assert_int_equal(ap_rt_arena_init(&a, buf, ARENA, 3), AP_RT_E_ALIGN);
    assert_int_equal(ap_rt_arena_init(&a, buf, ARENA, 24), AP_RT_E_ALIGN);
    /* buf is 1 past a 64-byte boundary: 15 bytes of padding to the head base. */
    assert_int_equal(ap_rt_arena_init(&a, buf, 14, 16), AP_RT_E_NOSPACE);
    assert_int_equal(ap_rt_arena_init(&a, buf, 15, 16), AP_RT_OK);
    assert_int_equal(ap_rt_free_bytes(&a), 0);
    assert_int_equal(ap_rt_arena_init(&a, buf, 0, 1), AP_RT_OK);
    assert_int_equal(ap_rt_free_bytes(&a), 0);
    assert_guards(buf, ARENA);
}

static void test_temp_exact(void **state)
{
    ap_rt_arena a;
    ap_rt_status st = AP_RT_E_ARG;
    uint8_t *buf = base(0);
    (void)state;
    assert_int_equal(ap_rt_arena_init(&a, buf, ARENA, 16), AP_RT_OK);
    assert_ptr_equal(ap_rt_temp_alloc(&a, 10, 1, AP_RT_NO_CATEGORY, &st), buf);
    assert_int_equal(st, AP_RT_OK);
    /* 10 -> 16 for an 8-aligned request: 6 bytes lost. */
    assert_ptr_equal(ap_rt_temp_alloc(&a, 8, 8, AP_RT_NO_CATEGORY, &st), buf + 16);
    assert_int_equal(a.top, 24);
    assert_int_equal(a.sec[AP_RT_TEMP].used, 24);
    assert_int_equal(a.sec[AP_RT_TEMP].align_lost, 6);
    assert_int_equal(a.sec[AP_RT_TEMP].high_water, 24);
    /* Size 0 is fine and takes only its padding. */
    assert_ptr_equal(ap_rt_temp_alloc(&a, 0, 32, AP_RT_NO_CATEGORY, NULL), buf + 32);
    assert_int_equal(a.sec[AP_RT_TEMP].used, 32);
    assert_int_equal(a.sec[AP_RT_TEMP].align_lost, 14);
    ap_rt_temp_reset(&a);
    assert_int_equal(a.top, 0);
    assert_int_equal(a.sec[AP_RT_TEMP].used, 0);
    assert_int_equal(a.sec[AP_RT_TEMP].align_lost, 0);
    assert_int_equal(a.sec[AP_RT_TEMP].high_water, 32);
    assert_int_equal(a.high_water, 32);
    assert_ptr_equal(ap_rt_temp_alloc(&a, 1, 4, AP_RT_NO_CATEGORY, NULL), buf);
}

static void test_tail_exact(void **state)
{
    ap_rt_arena a;
    ap_rt_status st = AP_RT_E_ARG;
    uint8_t *buf = base(0);
    (void)state;
    assert_int_equal(ap_rt_arena_init(&a, buf, ARENA, 16), AP_RT_OK);
    assert_ptr_equal(ap_rt_tail_alloc(&a, 10, 1, AP_RT_NO_CATEGORY, &st), buf + 990);
    assert_int_equal(st, AP_RT_OK);
    /* 990 - 8 = 982, rounded down to 976: 6 bytes lost above it. */
    assert_ptr_equal(ap_rt_tail_alloc(&a, 8, 16, AP_RT_NO_CATEGORY, &st), buf + 976);
    assert_int_equal(a.tail, 976);
    assert_int_equal(a.sec[AP_RT_TAIL].used, 24);
    assert_int_equal(a.sec[AP_RT_TAIL].align_lost, 6);
    assert_int_equal(a.sec[AP_RT_TAIL].high_water, 24);
    assert_int_equal(ap_rt_free_bytes(&a), 976);
    /* temp and tail together */
    assert_ptr_equal(ap_rt_temp_alloc(&a, 100, 4, AP_RT_NO_CATEGORY, NULL), buf);
    assert_int_equal(a.high_water, 124);
    assert_int_equal(ap_rt_free_bytes(&a), 876);
}

/* Unaligned bases: alignment is of addresses, and the arena's end need not be aligned. */
static void test_unaligned_base(void **state)
{
    ap_rt_arena a;
    uint8_t *buf = base(3); /* 3 past a 64-byte boundary */
    uint8_t *p;
    (void)state;
    assert_int_equal(ap_rt_arena_init(&a, buf, ARENA, 16), AP_RT_OK);
    assert_int_equal(a.head, 13);
    /* The end is at 1003 from the boundary: a 16-aligned 10-byte tail block starts at 992. */
    p = ap_rt_tail_alloc(&a, 10, 16, AP_RT_NO_CATEGORY, NULL);
    assert_ptr_equal(p, buf + 989);
    assert_int_equal((uintptr_t)p % 16, 0);
    assert_int_equal(a.sec[AP_RT_TAIL].align_lost, 1);
    /* temp starts at the head base (no model bound): 16-aligned already. */
    p = ap_rt_temp_alloc(&a, 5, 16, AP_RT_NO_CATEGORY, NULL);
    assert_ptr_equal(p, buf + 13);
    p = ap_rt_temp_alloc(&a, 5, 64, AP_RT_NO_CATEGORY, NULL);
    assert_ptr_equal(p, buf + 61);
    assert_int_equal((uintptr_t)p % 64, 0);
    assert_int_equal(a.sec[AP_RT_TEMP].align_lost, 43);
    assert_int_equal(a.sec[AP_RT_TEMP].used, 53);
}

static void test_bad_alignment(void **state)
{
    ap_rt_arena a;
    ap_rt_status st = AP_RT_OK;
    uint8_t *buf = base(0);
    (void)state;
    assert_int_equal(ap_rt_arena_init(&a, buf, ARENA, 16), AP_RT_OK);
    assert_null(ap_rt_tail_alloc(&a, 8, 0, AP_RT_NO_CATEGORY, &st));
    assert_int_equal(st, AP_RT_E_ALIGN);
    st = AP_RT_OK;
    assert_null(ap_rt_temp_alloc(&a, 8, 12, AP_RT_NO_CATEGORY, &st));
    assert_int_equal(st, AP_RT_E_ALIGN);
    assert_int_equal(a.top, 0);
    assert_int_equal(a.tail, ARENA);
}

/* A request that does not fit returns NULL and AP_RT_E_NOSPACE and changes nothing. */
static void test_out_of_space(void **state)
{
    ap_rt_arena a;
    ap_rt_status st = AP_RT_OK;
    uint8_t *buf = base(5);
    uint8_t *p;
    (void)state;
    assert_int_equal(ap_rt_arena_init(&a, buf, ARENA, 16), AP_RT_OK); /* head at 11 */
    assert_null(ap_rt_tail_alloc(&a, ARENA, 1, AP_RT_NO_CATEGORY, &st));
    assert_int_equal(st, AP_RT_E_NOSPACE);
    assert_null(ap_rt_temp_alloc(&a, ARENA - 10, 1, AP_RT_NO_CATEGORY, &st));
    assert_null(ap_rt_temp_alloc(&a, SIZE_MAX, 1, AP_RT_NO_CATEGORY, &st));
    assert_null(ap_rt_tail_alloc(&a, SIZE_MAX, 1, AP_RT_NO_CATEGORY, &st));
    assert_null(ap_rt_temp_alloc(&a, 1, (size_t)1 << 20, AP_RT_NO_CATEGORY, &st));
    assert_null(ap_rt_tail_alloc(&a, 1, (size_t)1 << 20, AP_RT_NO_CATEGORY, &st));
    assert_int_equal(st, AP_RT_E_NOSPACE);
    /* Exactly everything fits. */
    p = ap_rt_temp_alloc(&a, ARENA - 11, 1, AP_RT_NO_CATEGORY, &st);
    assert_ptr_equal(p, buf + 11);
    memset(p, 0x5A, ARENA - 11);
    assert_null(ap_rt_temp_alloc(&a, 1, 1, AP_RT_NO_CATEGORY, &st));
    assert_null(ap_rt_tail_alloc(&a, 1, 1, AP_RT_NO_CATEGORY, &st));
    assert_int_equal(st, AP_RT_E_NOSPACE);
    assert_non_null(ap_rt_tail_alloc(&a, 0, 1, AP_RT_NO_CATEGORY, &st));
    assert_int_equal(st, AP_RT_OK);
    assert_int_equal(a.high_water, ARENA);
    /* Temp and tail meeting in the middle: the alignment of the last request decides. */
    ap_rt_temp_reset(&a);
    assert_non_null(ap_rt_temp_alloc(&a, 500, 1, AP_RT_NO_CATEGORY, &st)); /* to 511 */
    assert_ptr_equal(ap_rt_tail_alloc(&a, 480, 1, AP_RT_NO_CATEGORY, &st), buf + 520);
    /* 9 bytes free at [511, 520); an 8-byte block aligned to 16 would start at 507 + ... */
    assert_int_equal(ap_rt_free_bytes(&a), 9);
    assert_null(ap_rt_tail_alloc(&a, 8, 16, AP_RT_NO_CATEGORY, &st)); /* 507 < 511 */
    assert_int_equal(st, AP_RT_E_NOSPACE);
    assert_null(ap_rt_temp_alloc(&a, 8, 16, AP_RT_NO_CATEGORY, &st)); /* 523 + 8 > 520 */
    assert_ptr_equal(ap_rt_tail_alloc(&a, 8, 4, AP_RT_NO_CATEGORY, &st), buf + 511);
    assert_int_equal(a.sec[AP_RT_TAIL].align_lost, 1);
    assert_int_equal(ap_rt_free_bytes(&a), 0);
    assert_guards(buf, ARENA);
}

/* xorshift32: the same sequence on every machine. */
static uint32_t rnd_state;
static uint32_t rnd(void)
{
    rnd_state ^= rnd_state << 13;
    rnd_state ^= rnd_state >> 17;
    rnd_state ^= rnd_state << 5;
    return rnd_state;
}

typedef struct live {
    uint8_t *p;
    size_t size;
    uint8_t fill;
} live;

/* Random temp and tail requests with random alignments on every base misalignment, against a
 * model of the two bump pointers kept here: every pointer is the expected one (aligned, inside
 * the buffer), a refusal happens exactly when no aligned block fits, blocks stay disjoint (each
 * is filled and re-checked at the end), the accounting adds up, and the guards hold. */
static void test_random_requests(void **state)
{
    static live blocks[400];
    uint32_t round;
    (void)state;
    rnd_state = 0x12345678u;
    for (round = 0; round < 64; round++) {
        ap_rt_arena a;
        size_t k = round % 64, nb = 0, size = ARENA - (rnd() % 200), b, i, j;
        uint8_t *buf = base(k);
        uintptr_t lo, hi, end; /* the model: temp's top and the tail, as addresses */
        uintptr_t high;
        uint32_t step;
        assert_int_equal(ap_rt_arena_init(&a, buf, size, 16), AP_RT_OK);
        lo = ((uintptr_t)buf + 15) & ~(uintptr_t)15;
        high = lo - (uintptr_t)buf;
        hi = end = (uintptr_t)buf + size;
        for (step = 0; step < 300; step++) {
            size_t want = rnd() % 48, align = (size_t)1 << (rnd() % 7);
            int tail = rnd() & 1;
            ap_rt_status st = AP_RT_E_ARG;
            uintptr_t expect = 0;
            int fits;
            uint8_t *p = tail ? ap_rt_tail_alloc(&a, want, align, AP_RT_NO_CATEGORY, &st)
                              : ap_rt_temp_alloc(&a, want, align, AP_RT_NO_CATEGORY, &st);
            if (tail) {
                fits = hi - lo >= want && ((hi - want) & ~(uintptr_t)(align - 1)) >= lo;
                if (fits)
                    expect = (hi - want) & ~(uintptr_t)(align - 1);
            } else {
                expect = (lo + align - 1) & ~(uintptr_t)(align - 1);
                fits = expect <= hi && hi - expect >= want;
            }
            if (!fits) {
                assert_null(p);
                assert_int_equal(st, AP_RT_E_NOSPACE);
                assert_int_equal(ap_rt_free_bytes(&a), hi - lo);
                continue;
            }
            assert_int_equal(st, AP_RT_OK);
            assert_ptr_equal(p, expect);
            if (tail)
                hi = expect;
            else
                lo = expect + want;
            assert_int_equal(ap_rt_free_bytes(&a), hi - lo);
            if (lo - (uintptr_t)buf + (end - hi) > high)
                high = lo - (uintptr_t)buf + (end - hi);
            assert_true(nb < sizeof blocks / sizeof blocks[0]);
            blocks[nb].p = p;
            blocks[nb].size = want;
            blocks[nb].fill = (uint8_t)(nb * 7 + 1);
            memset(p, blocks[nb].fill, want);
            nb++;
            if (rnd() % 50 == 0) { /* drop every temp block */
                ap_rt_temp_reset(&a);
                lo = (uintptr_t)buf + a.head;
                for (b = 0, j = 0; b < nb; b++)
                    if ((uintptr_t)blocks[b].p >= hi)
                        blocks[j++] = blocks[b];
                nb = j;
            }
        }
        for (b = 0; b < nb; b++)
            for (i = 0; i < blocks[b].size; i++)
                assert_int_equal(blocks[b].p[i], blocks[b].fill);
        assert_int_equal(a.sec[AP_RT_TEMP].used, lo - ((uintptr_t)buf + a.head));
        assert_int_equal(a.sec[AP_RT_TAIL].used, end - hi);
        assert_int_equal(a.high_water, high);
        assert_guards(buf, size);
    }
}

static void test_categories(void **state)
{
    ap_rt_arena a;
    ap_rt_category cats[2] = {{"op data", 99, 99, 99}, {"tensors", 0, 0, 0}};
    uint8_t *buf = base(0);
    (void)state;
    assert_int_equal(ap_rt_arena_init(&a, buf, ARENA, 16), AP_RT_OK);
    ap_rt_arena_set_categories(&a, cats, 2);
    assert_int_equal(cats[0].count, 0); /* zeroed */
    assert_int_equal(cats[0].requested, 0);
    assert_int_equal(cats[0].used, 0);
    assert_non_null(ap_rt_tail_alloc(&a, 10, 1, 0, NULL));   /* at 990 */
    assert_non_null(ap_rt_tail_alloc(&a, 10, 16, 0, NULL));  /* 980 -> 976: 4 lost */
    assert_non_null(ap_rt_temp_alloc(&a, 3, 1, 1, NULL));    /* at 0 */
    assert_non_null(ap_rt_temp_alloc(&a, 4, 4, 1, NULL));    /* 3 -> 4: 1 lost */
    assert_non_null(ap_rt_temp_alloc(&a, 4, 4, AP_RT_NO_CATEGORY, NULL));
    assert_non_null(ap_rt_temp_alloc(&a, 4, 4, 2, NULL));    /* no such category */
    assert_null(ap_rt_temp_alloc(&a, 5000, 4, 1, NULL));     /* failures are not counted */
    assert_int_equal(cats[0].count, 2);
    assert_int_equal(cats[0].requested, 20);
    assert_int_equal(cats[0].used, 24);
    assert_int_equal(cats[1].count, 2);
    assert_int_equal(cats[1].requested, 7);
    assert_int_equal(cats[1].used, 8);
    ap_rt_temp_reset(&a); /* cumulative: a reset does not subtract */
    assert_int_equal(cats[1].used, 8);
    ap_rt_arena_set_categories(&a, NULL, 5);
    assert_int_equal(a.ncat, 0);
    assert_non_null(ap_rt_tail_alloc(&a, 10, 1, 0, NULL));
}

typedef struct text {
    char s[1024];
    size_t n;
} text;

static void append(void *ctx, const char *s)
{
    text *t = ctx;
    size_t len = strlen(s);
    assert_true(t->n + len < sizeof t->s);
    memcpy(t->s + t->n, s, len + 1);
    t->n += len;
}

static void test_report(void **state)
{
    static const int32_t offsets[2] = {0, 32};
    static const uint32_t sizes[2] = {32, 16};
    static const ap_rt_plan plan = {"tiny", 48, 16, 2, offsets, sizes, NULL, NULL};
    ap_rt_arena a;
    ap_rt_model m;
    ap_rt_category cats[2] = {{"op data", 0, 0, 0}, {"scratch", 0, 0, 0}};
    text t;
    uint8_t *buf = base(4);
    (void)state;
    t.n = 0;
    t.s[0] = '\0';
    assert_int_equal(ap_rt_arena_init(&a, buf, ARENA, 16), AP_RT_OK); /* head at 12 */
    ap_rt_arena_set_categories(&a, cats, 2);
    ap_rt_model_init(&m, &plan);
    assert_int_equal(ap_rt_bind(&a, &m, AP_RT_TAIL_KEEP), AP_RT_OK);
    assert_non_null(ap_rt_tail_alloc(&a, 100, 16, 0, NULL)); /* 904 -> 896 from the boundary */
    assert_non_null(ap_rt_temp_alloc(&a, 20, 8, 1, NULL));  /* at 60 (64 from the boundary) */
    ap_rt_temp_reset(&a);
    assert_non_null(ap_rt_temp_alloc(&a, 7, 1, 1, NULL));
    ap_rt_report(&a, append, &t);
    assert_string_equal(t.s,
                        "arena 1000 bytes, head base +12, model tiny\n"
                        "section           used  high-water  align-lost\n"
                        "head                60          60          12\n"
                        "temp                 7          20           0\n"
                        "tail               108         108           8\n"
                        "total              175         188\n"
                        "free               825\n"
                        "category         count   requested        used\n"
                        "op data              1         100         108\n"
                        "scratch              2          27          27\n");
}

static void test_status_names(void **state)
{
    (void)state;
    assert_string_equal(ap_rt_status_name(AP_RT_OK), "ok");
    assert_string_equal(ap_rt_status_name(AP_RT_E_NOSPACE), "no space");
    assert_string_equal(ap_rt_status_name(AP_RT_E_BUSY), "model in use");
    assert_string_equal(ap_rt_status_name((ap_rt_status)99), "unknown status");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_init_layout),
        cmocka_unit_test(test_init_errors),
        cmocka_unit_test(test_temp_exact),
        cmocka_unit_test(test_tail_exact),
        cmocka_unit_test(test_unaligned_base),
        cmocka_unit_test(test_bad_alignment),
        cmocka_unit_test(test_out_of_space),
        cmocka_unit_test(test_random_requests),
        cmocka_unit_test(test_categories),
        cmocka_unit_test(test_report),
        cmocka_unit_test(test_status_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
