/*
 * test_runtime_greedy.c - the on-device greedy planner gives TFLM's offsets: every plan that
 * TFLM's GreedyMemoryPlanner made in corpus/reference/plans, hand-worked cases of its tie and
 * gap rules, seeded random problems against a plain reimplementation written here, and the
 * planner's argument checks. Host and emulated Cortex-M4 (the corpus is read through
 * semihosting there).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifndef AP_RT_TARGET
#include <dirent.h>
#endif

#include "arenaplan_rt.h"

#define MAXN 256

/* ------------------------------------------------------------------------------------------ */
/* A plain reimplementation of TFLM's greedy rules: explicit placement order, explicit sorted
 * list of the placed buffers that meet the one being placed. O(n^2 log n), obviously right. */

static int ref_before(const ap_rt_request *r, uint32_t i, uint32_t j)
{
    int fi = r[i].fixed >= 0, fj = r[j].fixed >= 0;
    if (fi && fj)
        return i < j;
    if (fi || fj)
        return fi;
    if (r[i].size != r[j].size)
        return r[i].size > r[j].size;
    return i > j; /* TFLM: among equal sizes, the buffer added last first */
}

static int64_t ref_plan(const ap_rt_request *r, uint32_t n, int64_t *off)
{
    uint32_t order[MAXN], placed[MAXN], meet[MAXN];
    uint32_t i, j, k, m;
    int64_t head = 0;

    for (i = 0; i < n; i++) { /* insertion sort into placement order */
        for (j = i; j > 0 && ref_before(r, i, order[j - 1]); j--)
            order[j] = order[j - 1];
        order[j] = i;
    }
    for (k = 0; k < n; k++) {
        uint32_t b = order[k];
        int64_t at = 0;
        if (r[b].fixed >= 0) {
            at = r[b].fixed;
        } else {
            /* The placed buffers live at a common step with b, by offset, then placement. */
            for (m = 0, i = 0; i < k; i++) {
                uint32_t p = placed[i];
                if (r[p].first <= r[b].last && r[b].first <= r[p].last) {
                    for (j = m; j > 0 && off[meet[j - 1]] > off[p]; j--)
                        meet[j] = meet[j - 1];
                    meet[j] = p;
                    m++;
                }
            }
            for (i = 0; i < m; i++) {
                uint32_t p = meet[i];
                if (off[p] - at >= (int64_t)r[b].size)
                    break;
                if (off[p] + r[p].size > at)
                    at = off[p] + r[p].size;
            }
        }
        off[b] = at;
        placed[k] = b;
        if (at + r[b].size > head)
            head = at + r[b].size;
    }
    return head;
}

/* ------------------------------------------------------------------------------------------ */

static uint32_t scratch[MAXN + 2];

/* Plans with the runtime, checking that nothing outside offsets[0, n) and the scratch it was
 * lent is written; returns the status. */
static ap_rt_status plan(const ap_rt_request *req, uint32_t n, int32_t *offsets, uint32_t *head)
{
    static int32_t out[MAXN + 2];
    ap_rt_status st;
    uint32_t i;

    assert_true(n <= MAXN);
    for (i = 0; i < MAXN + 2; i++) {
        out[i] = 0x5EEDF00D;
        scratch[i] = 0xDEADBEEFu;
    }
    st = ap_rt_greedy_plan(req, n, out + 1, scratch + 1, ap_rt_greedy_scratch_bytes(n), head);
    assert_int_equal(out[0], 0x5EEDF00D);
    assert_int_equal(out[n + 1], 0x5EEDF00D);
    assert_int_equal(scratch[0], 0xDEADBEEFu);
    for (i = n + 1; i < MAXN + 2; i++)
        assert_int_equal(scratch[i], 0xDEADBEEFu);
    memcpy(offsets, out + 1, n * sizeof *offsets);
    return st;
}

/* ------------------------------------------------------------------------------------------ */
/* The corpus: corpus/reference/plans/MODEL.csv (id,lower,upper,size,offset; upper exclusive). */

static const char *corpus_path(const char *rel)
{
    static char path[512];
    snprintf(path, sizeof path, "%s/corpus/reference/%s", AP_SOURCE_DIR, rel);
    return path;
}

/* Reads a plan file into requests (first = lower, last = upper - 1) and TFLM's offsets. */
static uint32_t read_plan(const char *model, ap_rt_request *req, int32_t *tflm)
{
    char name[160], line[256];
    uint32_t n = 0;
    FILE *f;

    snprintf(name, sizeof name, "plans/%s.csv", model);
    f = fopen(corpus_path(name), "r");
    if (!f)
        fail_msg("cannot open %s", corpus_path(name));
    assert_non_null(fgets(line, sizeof line, f));
    assert_string_equal(line, "id,lower,upper,size,offset\n");
    while (fgets(line, sizeof line, f)) {
        long v[5];
        char *p = line, *e;
        int c;
        for (c = 0; c < 5; c++) {
            v[c] = strtol(p, &e, 10);
            assert_true(e != p);
            p = e + 1;
        }
        assert_true(n < MAXN);
        assert_int_equal(v[0], n);
        req[n].size = (uint32_t)v[3];
        req[n].first = (int32_t)v[1];
        req[n].last = (int32_t)(v[2] - 1);
        req[n].fixed = AP_RT_UNFIXED;
        tflm[n] = (int32_t)v[4];
        n++;
    }
    fclose(f);
    return n;
}

/* Plans a corpus model and asserts TFLM's offsets and head; returns the head. */
static uint32_t check_model(const char *model, const ap_rt_request *given, uint32_t n_given)
{
    static ap_rt_request req[MAXN];
    static int32_t tflm[MAXN], got[MAXN];
    static int64_t ref[MAXN];
    uint32_t n = read_plan(model, req, tflm), head = 0, i, tflm_head = 0;

    if (given) { /* the caller's requests (fixed offsets) replace the file's */
        assert_int_equal(n, n_given);
        memcpy(req, given, n * sizeof *req);
    }
    assert_int_equal(plan(req, n, got, &head), AP_RT_OK);
    for (i = 0; i < n; i++) {
        if (got[i] != tflm[i])
            fail_msg("%s: buffer %u at %d, TFLM put it at %d", model, (unsigned)i, (int)got[i],
                     (int)tflm[i]);
        if ((uint32_t)tflm[i] + req[i].size > tflm_head)
            tflm_head = (uint32_t)tflm[i] + req[i].size;
    }
    assert_int_equal(head, tflm_head);
    assert_int_equal(ref_plan(req, n, ref), head);
    for (i = 0; i < n; i++)
        assert_int_equal(ref[i], got[i]);
    return head;
}

static void test_corpus_plans(void **state)
{
    char line[512];
    unsigned models = 0;
    FILE *f = fopen(corpus_path("tflm_head_sizes.csv"), "r");
    (void)state;
    if (!f)
        fail_msg("cannot open %s", corpus_path("tflm_head_sizes.csv"));
    assert_non_null(fgets(line, sizeof line, f));
    assert_true(strncmp(line, "model,status,subgraphs,tensors,operators,planned_buffers,"
                              "head_greedy,", 64) == 0);
    while (fgets(line, sizeof line, f)) {
        char *field[7], *p = line;
        int c;
        for (c = 0; c < 7; c++) { /* model, status, ..., head_greedy */
            field[c] = p;
            p = strchr(p, ',');
            assert_non_null(p);
            *p++ = '\0';
        }
        if (strcmp(field[1], "ok") != 0)
            continue;
        assert_int_equal(check_model(field[0], NULL, 0), strtoul(field[6], NULL, 10));
        models++;
    }
    fclose(f);
    assert_int_equal(models, 161);
}

/* person_detect_vela: buffers 0-3 keep their offline offsets (all 0, overlapping on purpose);
 * the kernel's two 48-byte scratch buffers are planned around them. */
static void test_corpus_offline_plan(void **state)
{
    static const ap_rt_request req[6] = {
        {16, 1, 1, 0}, {74464, -1, 1, 0}, {74464, -1, 1, 0}, {9216, 0, 1, 0},
        {48, 1, 1, AP_RT_UNFIXED}, {48, 1, 1, AP_RT_UNFIXED},
    };
    (void)state;
    assert_int_equal(check_model("person_detect_vela.ethos-u", req, 6), 74560);
}

#ifndef AP_RT_TARGET
/* Every plan file in the corpus was checked by the two tests above. */
static void test_corpus_complete(void **state)
{
    DIR *d = opendir(corpus_path("plans"));
    struct dirent *e;
    unsigned files = 0;
    (void)state;
    assert_non_null(d);
    while ((e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        if (len > 4 && strcmp(e->d_name + len - 4, ".csv") == 0)
            files++;
    }
    closedir(d);
    assert_int_equal(files, 161 + 1);
}
#endif

/* ------------------------------------------------------------------------------------------ */
/* Hand-worked cases */

static void test_ties_last_added_first(void **state)
{
    static const ap_rt_request req[4] = {
        {32, 0, 2, AP_RT_UNFIXED}, {32, 1, 2, AP_RT_UNFIXED}, {32, 2, 3, AP_RT_UNFIXED},
        {64, 0, 0, AP_RT_UNFIXED},
    };
    int32_t off[4];
    uint32_t head;
    (void)state;
    /* 3 (largest) at 0; then the 32s from index 2 down: 2 at 0 (3 is dead by then), 1 above
     * 2, 0 above 3 and 1. */
    assert_int_equal(plan(req, 4, off, &head), AP_RT_OK);
    assert_int_equal(off[3], 0);
    assert_int_equal(off[2], 0);
    assert_int_equal(off[1], 32);
    assert_int_equal(off[0], 64);
    assert_int_equal(head, 96);
}

static void test_gaps(void **state)
{
    static const ap_rt_request req[4] = {
        {100, 0, 1, AP_RT_UNFIXED}, {80, 1, 2, AP_RT_UNFIXED}, {60, 2, 3, AP_RT_UNFIXED},
        {30, 0, 3, AP_RT_UNFIXED},
    };
    int32_t off[4];
    uint32_t head;
    (void)state;
    /* A at 0; B meets A: 100; C meets only B: fits in the 100 bytes below it, at 0; D meets
     * all three: A and C both start at 0, B at 100 leaves no gap: D goes above B. */
    assert_int_equal(plan(req, 4, off, &head), AP_RT_OK);
    assert_int_equal(off[0], 0);
    assert_int_equal(off[1], 100);
    assert_int_equal(off[2], 0);
    assert_int_equal(off[3], 180);
    assert_int_equal(head, 210);
}

/* Planning at boot inside the arena: the scratch is counted and given back. */
static void test_plan_in_arena(void **state)
{
    static const ap_rt_request req[4] = {
        {100, 0, 1, AP_RT_UNFIXED}, {80, 1, 2, AP_RT_UNFIXED}, {60, 2, 3, AP_RT_UNFIXED},
        {30, 0, 3, AP_RT_UNFIXED},
    };
    static uint8_t buf[256 + 16];
    ap_rt_arena a, before;
    ap_rt_category cat[1] = {{"planner scratch", 0, 0, 0}};
    int32_t off[4], ref[4];
    uint32_t head = 0, ref_head;
    ap_rt_status st;
    (void)state;
    assert_int_equal(plan(req, 4, ref, &ref_head), AP_RT_OK);
    /* 3 bytes of temp leave the scratch 1 byte of padding; a 20-byte tail; 16 free for the
     * scratch (16 bytes: 4 buffers) and nothing more. */
    uint8_t *start = buf + (16 - ((uintptr_t)buf & 15));
    assert_int_equal(ap_rt_arena_init(&a, start, 3 + 1 + 16 + 20, 16), AP_RT_OK);
    ap_rt_arena_set_categories(&a, cat, 1);
    assert_non_null(ap_rt_tail_alloc(&a, 20, 1, AP_RT_NO_CATEGORY, &st));
    assert_non_null(ap_rt_temp_alloc(&a, 3, 1, AP_RT_NO_CATEGORY, &st));
    assert_int_equal(ap_rt_free_bytes(&a), 17);
    before = a;
    assert_int_equal(ap_rt_greedy_plan_in_arena(&a, req, 4, off, 0, &head), AP_RT_OK);
    assert_memory_equal(off, ref, sizeof off);
    assert_int_equal(head, ref_head);
    assert_int_equal(a.top, before.top);
    assert_int_equal(a.sec[AP_RT_TEMP].used, 3);
    assert_int_equal(a.sec[AP_RT_TEMP].high_water, 3 + 1 + 16);
    assert_int_equal(a.high_water, 3 + 1 + 16 + 20);
    assert_int_equal(cat[0].requested, 16);
    assert_int_equal(cat[0].used, 17);
    assert_int_equal(cat[0].count, 1);
    /* One more buffer does not fit: nothing changes. */
    static const ap_rt_request five[5] = {
        {1, 0, 0, AP_RT_UNFIXED}, {1, 0, 0, AP_RT_UNFIXED}, {1, 0, 0, AP_RT_UNFIXED},
        {1, 0, 0, AP_RT_UNFIXED}, {1, 0, 0, AP_RT_UNFIXED},
    };
    int32_t off5[5];
    memcpy(&before, &a, sizeof a);
    assert_int_equal(ap_rt_greedy_plan_in_arena(&a, five, 5, off5, 0, &head), AP_RT_E_NOSPACE);
    assert_memory_equal(&a, &before, sizeof a);
    assert_int_equal(cat[0].count, 1);
    /* The planner's own refusals come through, the scratch given back. */
    static const ap_rt_request bad[1] = {{8, 2, 1, AP_RT_UNFIXED}};
    assert_int_equal(ap_rt_greedy_plan_in_arena(&a, bad, 1, off, AP_RT_NO_CATEGORY, &head),
                     AP_RT_E_ARG);
    assert_int_equal(a.top, before.top);
    assert_int_equal(ap_rt_greedy_plan_in_arena(NULL, req, 4, off, 0, &head), AP_RT_E_ARG);
}

static void test_fixed_first_in_index_order(void **state)
{
    static const ap_rt_request req[5] = {
        {16, 0, 4, AP_RT_UNFIXED}, {32, 0, 4, 64}, {500, 0, 4, AP_RT_UNFIXED},
        {16, 0, 4, 0}, {8, 0, 0, 8},
    };
    int32_t off[5];
    uint32_t head;
    (void)state;
    /* fixed: 1 at 64, 3 at 0, 4 at 8 (they may overlap each other: the planner trusts them).
     * Then 2 (500): list by offset 3(0..16), 4(8..16), 1(64..96): the gap 16..64 is too small,
     * so 96. Then 0 (16): 3 ends at 16, 4 at 16, gap to 1 at 64 is 48: at 16. */
    assert_int_equal(plan(req, 5, off, &head), AP_RT_OK);
    assert_int_equal(off[1], 64);
    assert_int_equal(off[3], 0);
    assert_int_equal(off[4], 8);
    assert_int_equal(off[2], 96);
    assert_int_equal(off[0], 16);
    assert_int_equal(head, 596);
}

static void test_empty_and_zero_sizes(void **state)
{
    static const ap_rt_request req[3] = {
        {0, 0, 5, AP_RT_UNFIXED}, {16, 0, 5, AP_RT_UNFIXED}, {0, 0, 5, AP_RT_UNFIXED},
    };
    int32_t off[3];
    uint32_t head = 77;
    (void)state;
    assert_int_equal(ap_rt_greedy_plan(NULL, 0, NULL, NULL, 0, &head), AP_RT_OK);
    assert_int_equal(head, 0);
    assert_int_equal(ap_rt_greedy_scratch_bytes(0), 0);
    assert_int_equal(ap_rt_greedy_scratch_bytes(10), 40);
    /* 1 at 0; then 2 and 0 (size 0) fit in the zero-byte gap below 1, at 0. */
    assert_int_equal(plan(req, 3, off, &head), AP_RT_OK);
    assert_int_equal(off[0], 0);
    assert_int_equal(off[1], 0);
    assert_int_equal(off[2], 0);
    assert_int_equal(head, 16);
}

static void test_argument_errors(void **state)
{
    ap_rt_request req[2] = {{16, 0, 1, AP_RT_UNFIXED}, {16, 1, 2, AP_RT_UNFIXED}};
    int32_t off[2];
    uint32_t head = 5;
    uint32_t words[3];
    (void)state;
    assert_int_equal(ap_rt_greedy_plan(NULL, 2, off, words, 8, &head), AP_RT_E_ARG);
    assert_int_equal(head, 0);
    assert_int_equal(ap_rt_greedy_plan(req, 2, NULL, words, 8, NULL), AP_RT_E_ARG);
    assert_int_equal(ap_rt_greedy_plan(req, UINT32_MAX, off, words, 8, NULL), AP_RT_E_ARG);
    assert_int_equal(ap_rt_greedy_plan(req, 2, off, NULL, 8, NULL), AP_RT_E_SCRATCH);
    assert_int_equal(ap_rt_greedy_plan(req, 2, off, words, 7, NULL), AP_RT_E_SCRATCH);
    assert_int_equal(ap_rt_greedy_plan(req, 2, off, (uint8_t *)words + 1, 8, NULL),
                     AP_RT_E_ALIGN);
    assert_int_equal(ap_rt_greedy_plan(req, 2, off, words, 8, &head), AP_RT_OK);
    assert_int_equal(head, 32); /* lifetimes are inclusive: both live at step 1 */
    assert_int_equal(off[1], 0);
    assert_int_equal(off[0], 16);

    req[1].first = 3; /* first > last */
    assert_int_equal(ap_rt_greedy_plan(req, 2, off, words, 8, &head), AP_RT_E_ARG);
    assert_int_equal(head, 0);
    req[1].first = 1;
    req[1].fixed = -2;
    assert_int_equal(ap_rt_greedy_plan(req, 2, off, words, 8, NULL), AP_RT_E_ARG);
    req[1].fixed = AP_RT_UNFIXED;
    req[0].size = (uint32_t)INT32_MAX + 1;
    assert_int_equal(ap_rt_greedy_plan(req, 2, off, words, 8, NULL), AP_RT_E_ARG);
    /* Every end (offset + size) must stay within INT32_MAX: a fixed buffer... */
    req[0].size = 16;
    req[0].fixed = INT32_MAX - 16;
    assert_int_equal(ap_rt_greedy_plan(req, 2, off, words, 8, NULL), AP_RT_OK);
    req[0].fixed = INT32_MAX - 15;
    assert_int_equal(ap_rt_greedy_plan(req, 2, off, words, 8, NULL), AP_RT_E_OVERFLOW);
    /* ...and two buffers that meet, the second placed above the first. */
    req[0].fixed = AP_RT_UNFIXED;
    req[0].size = 0x7FFFFFF0u;
    req[1].size = 0xF;
    assert_int_equal(ap_rt_greedy_plan(req, 2, off, words, 8, &head), AP_RT_OK);
    assert_int_equal(head, INT32_MAX);
    assert_int_equal(off[1], 0x7FFFFFF0);
    req[1].size = 0x10;
    assert_int_equal(ap_rt_greedy_plan(req, 2, off, words, 8, &head), AP_RT_E_OVERFLOW);
    assert_int_equal(head, 0);
}

/* ------------------------------------------------------------------------------------------ */
/* Seeded random problems against the reimplementation above */

static uint32_t rnd_state;
static uint32_t rnd(void)
{
    rnd_state ^= rnd_state << 13;
    rnd_state ^= rnd_state >> 17;
    rnd_state ^= rnd_state << 5;
    return rnd_state;
}

static void test_random_against_reference(void **state)
{
    static const uint32_t sizes[8] = {0, 16, 16, 32, 48, 64, 128, 1024};
    static ap_rt_request req[MAXN];
    static int32_t got[MAXN];
    static int64_t ref[MAXN];
    uint32_t round;
    (void)state;
    rnd_state = 0x9E3779B9u;
    for (round = 0; round < 600; round++) {
        uint32_t n = rnd() % (round < 500 ? 40 : MAXN + 1), i, head = 0;
        uint32_t span = 1 + rnd() % 40; /* few steps: many buffers meet */
        int64_t ref_head;
        for (i = 0; i < n; i++) {
            uint32_t pick = rnd();
            req[i].size = pick % 3 == 0 ? rnd() % 3000 : sizes[pick % 8];
            req[i].first = (int32_t)(rnd() % span) - 2;
            req[i].last = req[i].first + (int32_t)(rnd() % 6);
            req[i].fixed = rnd() % 10 == 0 ? (int32_t)(rnd() % 4096) : AP_RT_UNFIXED;
        }
        assert_int_equal(plan(req, n, got, &head), AP_RT_OK);
        ref_head = ref_plan(req, n, ref);
        for (i = 0; i < n; i++)
            if (got[i] != ref[i])
                fail_msg("round %u: buffer %u at %d, reference %lld", (unsigned)round,
                         (unsigned)i, (int)got[i], (long long)ref[i]);
        assert_int_equal(head, ref_head);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_corpus_plans),
        cmocka_unit_test(test_corpus_offline_plan),
#ifndef AP_RT_TARGET
        cmocka_unit_test(test_corpus_complete),
#endif
        cmocka_unit_test(test_ties_last_added_first),
        cmocka_unit_test(test_gaps),
        cmocka_unit_test(test_plan_in_arena),
        cmocka_unit_test(test_fixed_first_in_index_order),
        cmocka_unit_test(test_empty_and_zero_sizes),
        cmocka_unit_test(test_argument_errors),
        cmocka_unit_test(test_random_against_reference),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
