/*
 * cmocka.h (target stand-in) - the part of cmocka's API the runtime's tests use, for running
 * the same tests/test_runtime_*.c on the emulated Cortex-M4, where cmocka itself is not built.
 *
 * Only what the tests call: unit tests without setup, group runs, and the assert_* macros. A
 * failed assertion prints where and why, then jumps back to the runner (setjmp/longjmp), which
 * counts it and goes on with the next test; cmocka_run_group_tests returns the number of tests
 * that failed, as cmocka's does. Output imitates cmocka's so logs read the same on both sides.
 * Include <stdarg.h>, <stddef.h> and <setjmp.h> first, as with the real cmocka.
 */
#ifndef AP_TARGET_CMOCKA_H
#define AP_TARGET_CMOCKA_H

#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define AP_RT_TARGET 1

typedef void (*CMUnitTestFunction)(void **state);

struct CMUnitTest {
    const char *name;
    CMUnitTestFunction test_func;
};

#define cmocka_unit_test(f) { #f, f }

static jmp_buf cm_jump;
static const char *cm_current;

/* what: the failed condition, or NULL when the message was printed already. */
static void cm_fail(const char *file, int line, const char *what)
{
    if (what)
        printf("[  ERROR   ] --- %s\n", what);
    printf("[   LINE   ] --- %s:%d: error: Failure!\n", file, line);
    longjmp(cm_jump, 1);
}

static void cm_int_eq(uintmax_t a, uintmax_t b, int want_equal, const char *file, int line)
{
    if ((a == b) != want_equal) {
        printf("[  ERROR   ] --- %lld (%#llx) %s %lld (%#llx)\n", (long long)a,
               (unsigned long long)a, want_equal ? "!=" : "==", (long long)b,
               (unsigned long long)b);
        printf("[   LINE   ] --- %s:%d: error: Failure!\n", file, line);
        longjmp(cm_jump, 1);
    }
}

#define assert_true(c) ((c) ? (void)0 : cm_fail(__FILE__, __LINE__, #c " is not true"))
#define assert_false(c) (!(c) ? (void)0 : cm_fail(__FILE__, __LINE__, #c " is not false"))
#define assert_null(p) assert_true((p) == NULL)
#define assert_non_null(p) assert_true((p) != NULL)
#define assert_int_equal(a, b) cm_int_eq((uintmax_t)(a), (uintmax_t)(b), 1, __FILE__, __LINE__)
#define assert_int_not_equal(a, b) \
    cm_int_eq((uintmax_t)(a), (uintmax_t)(b), 0, __FILE__, __LINE__)
#define assert_ptr_equal(a, b) \
    cm_int_eq((uintmax_t)(uintptr_t)(a), (uintmax_t)(uintptr_t)(b), 1, __FILE__, __LINE__)
#define assert_string_equal(a, b) \
    (strcmp((a), (b)) == 0 ? (void)0 \
                           : (printf("[  ERROR   ] --- \"%s\" != \"%s\"\n", (a), (b)), \
                              cm_fail(__FILE__, __LINE__, NULL)))
#define assert_memory_equal(a, b, n) \
    (memcmp((a), (b), (n)) == 0 ? (void)0 : cm_fail(__FILE__, __LINE__, "memory differs"))
#define fail_msg(...) \
    (printf("[  ERROR   ] --- "), printf(__VA_ARGS__), printf("\n"), \
     cm_fail(__FILE__, __LINE__, NULL))
#define print_message(...) printf(__VA_ARGS__)

static int cm_run(const char *group, const struct CMUnitTest *t, size_t n)
{
    /* volatile: both live across setjmp. */
    volatile size_t i;
    volatile int failed = 0;

    printf("[==========] %s: Running %u test(s).\n", group, (unsigned)n);
    for (i = 0; i < n; i++) {
        cm_current = t[i].name;
        printf("[ RUN      ] %s\n", cm_current);
        if (setjmp(cm_jump) == 0) {
            t[i].test_func(NULL);
            printf("[       OK ] %s\n", cm_current);
        } else {
            printf("[  FAILED  ] %s\n", cm_current);
            failed++;
        }
    }
    printf("[==========] %s: %u test(s) run.\n", group, (unsigned)n);
    printf("[  PASSED  ] %u test(s).\n", (unsigned)(n - (size_t)failed));
    if (failed)
        printf("[  FAILED  ] %d test(s).\n", failed);
    return failed;
}

#define cmocka_run_group_tests(tests, setup, teardown) \
    ((void)(setup), (void)(teardown), cm_run(#tests, tests, sizeof(tests) / sizeof((tests)[0])))

#endif
