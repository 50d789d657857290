/*
 * test_exact_random.c - the exact planner against a brute force on small random problems.
 *
 * The brute force shares nothing with the planner: it tries every aligned offset of every
 * buffer, in order of first step, against the buffers already given an offset, with the pair
 * rule read straight from problem.h (bytes shared while both live, unless an allowance holds).
 * The only shortcut is memory: what is still to come meets none of the buffers that ended, so
 * a failure is remembered by the offsets of the buffers still live. Its minimum is the first
 * capacity it can fill; the exact planner must prove the same number optimal, with a plan the
 * checker accepts. The skyline search is also asked on its own, with its nogood store held
 * small, and so is the canonical search under each of its preorders.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/check.h"
#include "arenaplan/csv.h"
#include "core/util.h"
#include "planners/exact/exact_search.h"
#include "planners/exact/exact_skyline.h"
#include "testutil.h"

/* Work for one exact run on these small problems: far more than any needs (the most seen is
 * a few thousand nodes), so that a verdict short of a proof is a failure, not bad luck. */
#define RANDOM_NODES UINT64_C(10000000)

/* ---- the brute force ---- */

typedef struct bf {
    const ap_problem *p;
    uint32_t *order;      /* buffers by (lower, index) */
    int64_t *off;
    int64_t cap;
    int64_t **memo;       /* open addressing set of failed states: [length, values...] */
    size_t memo_cap, memo_n;
    size_t *used;         /* the slots in use, to clear them quickly */
    int full;             /* the memory filled up: the answer is unknown */
} bf;

static int pair_ok(const ap_problem *p, size_t i, int64_t xi, size_t j, int64_t xj)
{
    const ap_overlap *o;
    if (!ap_buffers_meet(p, i, j) || p->buf[i].size == 0 || p->buf[j].size == 0)
        return 1;
    if (xi >= xj + p->buf[j].size || xj >= xi + p->buf[i].size)
        return 1;
    if (p->buf[i].preplanned && p->buf[j].preplanned)
        return 1; /* pre-planned sharing: both stay at their fixed offsets */
    if ((o = ap_problem_find_overlap(p, j, i)) != NULL && xi - xj <= o->max_delta)
        return 1;
    if ((o = ap_problem_find_overlap(p, i, j)) != NULL && xj - xi <= o->max_delta)
        return 1;
    return 0;
}

/* The state before placing order[k]: k and the offsets of earlier buffers still live then
 * (by position in order; the others can meet nothing still to come). */
static int64_t *state_key(bf *B, size_t k)
{
    const ap_problem *p = B->p;
    int64_t *s = malloc((k + 2) * sizeof *s), t = p->buf[B->order[k]].lower;
    size_t i, len = 2;
    assert_non_null(s);
    s[1] = (int64_t)k;
    for (i = 0; i < k; i++)
        if (p->buf[B->order[i]].upper > t)
            s[len++] = B->off[B->order[i]] * 64 + (int64_t)i;
    s[0] = (int64_t)len;
    return s;
}

static int64_t **memo_slot(bf *B, const int64_t *key)
{
    uint64_t h = 1469598103934665603u;
    size_t i;
    for (i = 0; i < (size_t)key[0]; i++)
        h = (h ^ (uint64_t)key[i]) * 1099511628211u;
    i = (size_t)(h % B->memo_cap);
    while (B->memo[i] && (B->memo[i][0] != key[0] ||
                          memcmp(B->memo[i], key, (size_t)key[0] * sizeof *key) != 0))
        i = (i + 1) % B->memo_cap;
    return &B->memo[i];
}

static int bf_place(bf *B, size_t k)
{
    const ap_problem *p = B->p;
    uint32_t b;
    const ap_buffer *x;
    int64_t a, lo, hi, off;
    int64_t *key, **slot;
    int found = 0;
    if (k == p->n)
        return 1;
    if (B->full)
        return 0;
    b = B->order[k];
    x = &p->buf[b];
    a = ap_buffer_align(p, b);
    key = state_key(B, k);
    slot = memo_slot(B, key);
    if (*slot) {
        free(key);
        return 0;
    }
    if (x->fixed != AP_UNFIXED)
        lo = hi = x->fixed;
    else if (x->size == 0)
        lo = hi = 0;  /* owns no byte: any aligned offset is as good as 0 */
    else
        lo = 0, hi = B->cap - x->size;
    for (off = lo; off <= hi && !found; off += a) {
        size_t i;
        int ok = 1;
        if (off + x->size > B->cap && x->size > 0)
            break;
        for (i = 0; i < k && ok; i++)
            ok = pair_ok(p, b, off, B->order[i], B->off[B->order[i]]);
        if (!ok)
            continue;
        B->off[b] = off;
        found = bf_place(B, k + 1);
    }
    if (found) {
        free(key);
        return 1;
    }
    if (B->memo_n * 2 >= B->memo_cap) {
        B->full = 1;
        free(key);
        return 0;
    }
    slot = memo_slot(B, key);
    *slot = key;
    B->used[B->memo_n++] = (size_t)(slot - B->memo);
    return 0;
}

static int cmp_lower(uint32_t a, uint32_t b, const void *ctx)
{
    const ap_problem *p = ctx;
    if (p->buf[a].lower != p->buf[b].lower)
        return p->buf[a].lower < p->buf[b].lower ? -1 : 1;
    return a < b ? -1 : a > b;
}

static void bf_clear(bf *B)
{
    size_t i;
    for (i = 0; i < B->memo_n; i++) {
        free(B->memo[B->used[i]]);
        B->memo[B->used[i]] = NULL;
    }
    B->memo_n = 0;
}

/* The least arena of p, by exhaustion, starting from the live-bytes bound; -1 when the
 * brute force runs out of memory (a problem too dense for it). */
static int64_t brute_min(const ap_problem *p)
{
    bf B;
    ap_bounds bd;
    ap_error err = {0};
    int64_t cap;
    size_t i;
    memset(&B, 0, sizeof B);
    B.p = p;
    B.order = malloc((p->n + 1) * sizeof *B.order);
    B.off = malloc((p->n + 1) * sizeof *B.off);
    B.memo_cap = 1u << 22;
    B.memo = calloc(B.memo_cap, sizeof *B.memo);
    B.used = malloc(B.memo_cap / 2 * sizeof *B.used);
    assert_non_null(B.used);
    assert_non_null(B.order);
    assert_non_null(B.off);
    assert_non_null(B.memo);
    for (i = 0; i < p->n; i++)
        B.order[i] = (uint32_t)i;
    assert_int_equal(ap__sort_idx(B.order, p->n, cmp_lower, p, &err), AP_OK);
    assert_int_equal(ap_bounds_compute(p, &bd, &err), AP_OK);
    for (cap = bd.lower;; cap++) {
        B.cap = cap;
        bf_clear(&B);
        if (bf_place(&B, 0) || B.full)
            break;
    }
    if (B.full)
        cap = -1;
    bf_clear(&B);
    free(B.memo);
    free(B.used);
    free(B.order);
    free(B.off);
    return cap;
}

/* ---- random problems ---- */

typedef struct gen_opts {
    int max_n, steps, max_size;
    int aligns, fixed, allowances, zero;
} gen_opts;

/* Allowances: up to `allowances` + 5 random pairs; max_delta in [-4, 6], or [0, 8] when
   allowances > 1 (buffers that may hang below another, chains of them). */

static ap_problem *random_problem(uint64_t seed, const gen_opts *g)
{
    uint64_t r = seed * 7919 + 17;
    ap_problem *p = ap_problem_new();
    ap_error err = {0};
    size_t n = 1 + ap__rand_below(&r, (uint64_t)g->max_n), i, k;
    char id[32];
    assert_non_null(p);
    p->default_align = g->aligns && ap__rand_below(&r, 3) == 0 ? 2 : 1;
    for (i = 0; i < n; i++) {
        ap_buffer_spec s;
        ap_buffer_spec_init(&s);
        snprintf(id, sizeof id, "b%zu", i);
        s.id = id;
        s.lower = (int64_t)ap__rand_below(&r, (uint64_t)g->steps);
        /* lifetimes of 1-4 steps: with more live together the brute force is too slow */
        s.upper = s.lower + 1 + (int64_t)ap__rand_below(&r, 4);
        s.size = g->zero && ap__rand_below(&r, 12) == 0 ? 0 : 1 + (int64_t)ap__rand_below(&r, (uint64_t)g->max_size);
        if (g->aligns) {
            static const int64_t al[] = {0, 0, 0, 1, 2, 4, 8};
            s.align = al[ap__rand_below(&r, 7)];
        }
        if (g->fixed && ap__rand_below(&r, 8) == 0) {
            int64_t a = s.align ? s.align : p->default_align;
            s.fixed = (int64_t)ap__rand_below(&r, 12) / a * a;
            s.preplanned = 1; /* they may clash, as in an offline plan */
        }
        assert_int_equal(ap_problem_add(p, &s, &err), AP_OK);
    }
    for (k = 0; g->allowances && n > 1 && k < (size_t)ap__rand_below(&r, 5 + (uint64_t)g->allowances); k++) {
        uint32_t a = (uint32_t)ap__rand_below(&r, n), b = (uint32_t)ap__rand_below(&r, n);
        int64_t md = g->allowances > 1 ? (int64_t)ap__rand_below(&r, 9) : (int64_t)ap__rand_below(&r, 11) - 4;
        if (a == b || ap_problem_find_overlap(p, a, b) ||
            (p->buf[a].fixed != AP_UNFIXED && p->buf[b].fixed != AP_UNFIXED))
            continue;  /* between fixed buffers it could forbid what the input fixed */
        /* validate sorts the allowances; add them in a fresh order each time */
        assert_int_equal(ap_problem_add_overlap(p, a, b, md, 0, NULL, &err), AP_OK);
        assert_int_equal(ap_problem_validate(p, &err), AP_OK);
    }
    if (g->allowances > 1) {
        /* a chain a <- b <- c: a may hang below b, and b below c */
        uint32_t c[3];
        for (k = 0; k < 3; k++)
            c[k] = (uint32_t)ap__rand_below(&r, n);
        for (k = 0; k + 1 < 3; k++) {
            int64_t md = 1 + (int64_t)ap__rand_below(&r, 4);
            if (c[k] == c[k + 1] || ap_problem_find_overlap(p, c[k], c[k + 1]) ||
                (p->buf[c[k]].fixed != AP_UNFIXED && p->buf[c[k + 1]].fixed != AP_UNFIXED))
                continue;
            assert_int_equal(ap_problem_add_overlap(p, c[k], c[k + 1], md, 0, NULL, &err), AP_OK);
            assert_int_equal(ap_problem_validate(p, &err), AP_OK);
        }
    }
    if (ap_problem_validate(p, &err) != AP_OK)
        fail_msg("random problem %llu rejected: %s", (unsigned long long)seed, err.msg);
    return p;
}

static void compare_many(const gen_opts *g, uint64_t first, uint64_t count)
{
    uint64_t seed, skipped = 0;
    if (getenv("AP_STRESS"))  /* a longer run by hand: AP_STRESS=50 runs 50 times as many */
        count *= strtoull(getenv("AP_STRESS"), NULL, 10);
    for (seed = first; seed < first + count; seed++) {
        ap_problem *p = random_problem(seed, g);
        ap_plan plan;
        ap_plan_options opt;
        ap_error err = {0};
        int64_t want = brute_min(p), got;
        if (want < 0) {
            skipped++;
            ap_problem_free(p);
            continue;
        }
        ap_plan_init(&plan);
        ap_plan_options_init(&opt);
        opt.strategy = "exact";
        opt.node_limit = RANDOM_NODES;  /* never the clock: the verdict must not depend on load */
        if (ap_plan_problem(p, &opt, &plan, &err) != AP_OK)
            fail_msg("seed %llu: exact failed: %s", (unsigned long long)seed, err.msg);
        got = assert_valid_plan(p, &plan);
        if (got != want || plan.verdict != AP_VERDICT_OPTIMAL || plan.proven_bound != want) {
            ap_csv_write(stderr, p, &plan, NULL);
            fail_msg("seed %llu: exact says %lld (%s, bound %lld), brute force %lld",
                     (unsigned long long)seed, (long long)got,
                     plan.verdict == AP_VERDICT_OPTIMAL ? "optimal" : "gap",
                     (long long)plan.proven_bound, (long long)want);
        }
        ap_plan_free(&plan);
        ap_problem_free(p);
    }
    /* the brute force gives up on a very few dense problems, never with the default counts */
    if (getenv("AP_STRESS"))
        assert_true(skipped * 100 <= count);
    else
        assert_int_equal(skipped, 0);
}

/* Plain buffers: sizes and lifetimes only. */
static void plain_problems(void **state)
{
    gen_opts g = {12, 8, 8, 0, 0, 0, 0};
    (void)state;
    compare_many(&g, 1, 400);
}

/* With alignments, fixed offsets and zero-size buffers. */
static void aligned_fixed_problems(void **state)
{
    gen_opts g = {12, 8, 8, 1, 1, 0, 1};
    (void)state;
    compare_many(&g, 1000, 400);
}

/* Everything, overlap allowances included (negative, zero and positive max_delta). */
static void allowance_problems(void **state)
{
    gen_opts g = {12, 8, 8, 1, 1, 1, 1};
    (void)state;
    compare_many(&g, 2000, 400);
}

/* Many allowances that let buffers hang below others, in chains: the general search's share. */
static void hanging_problems(void **state)
{
    gen_opts g = {8, 6, 8, 1, 1, 8, 0};
    (void)state;
    compare_many(&g, 3000, 400);
}

/* One question to one search alone: the skyline search with the store L, or (L NULL) the
 * canonical search under preorder; on FOUND the plan goes through the checker and must fit. */
static ap__xresult search_asks(const ap_problem *p, const ap__xmodel *m, ap__xlearn *L,
                               int preorder, int64_t cap, int64_t *need)
{
    ap__xclock clk;
    ap_error err = {0};
    int64_t *xoff = malloc((p->n + 1) * sizeof *xoff), *off = malloc((p->n + 1) * sizeof *off);
    ap__xresult r;
    assert_non_null(xoff);
    assert_non_null(off);
    memset(&clk, 0, sizeof clk);
    clk.t0 = clk.last_report = ap__now();
    clk.deadline = HUGE_VAL;  /* decided by the node budget alone */
    if (L)
        r = ap__exact_skyline_run(m, L, cap, RANDOM_NODES, &clk, xoff, need, &err);
    else
        r = ap__exact_search_run(m, cap, preorder, RANDOM_NODES, &clk, xoff, need, &err);
    assert_int_not_equal(r, AP__ERROR);
    assert_int_not_equal(r, AP__ABORT);
    if (r == AP__FOUND) {
        ap_check_result res;
        ap__exact_model_offsets(m, xoff, off);
        if (ap_check(p, off, &res) != AP_OK)
            fail_msg("the %s search made an invalid plan: %s", L ? "skyline" : "canonical",
                     res.message);
        assert_true(res.arena <= cap);
    }
    free(xoff);
    free(off);
    return r;
}

/* Asks one kind of search about every random problem of the family g (seeds first ..
 * first + count - 1, count times AP_STRESS) whose brute-force minimum is known; ask returns
 * how many questions it asked. Returns the total. */
typedef size_t ask_fn(const ap_problem *p, const ap__xmodel *m, int64_t want, uint64_t seed,
                      size_t arg);

static uint64_t each_problem(const gen_opts *g, uint64_t first, uint64_t *count, ask_fn *ask,
                             size_t arg)
{
    uint64_t seed, asked = 0;
    if (getenv("AP_STRESS"))
        *count *= strtoull(getenv("AP_STRESS"), NULL, 10);
    for (seed = first; seed < first + *count; seed++) {
        ap_problem *p = random_problem(seed, g);
        ap__xmodel m;
        ap_error err = {0};
        int64_t want = brute_min(p);
        assert_int_equal(ap__exact_model_build(&m, p, &err), AP_OK);
        if (want > 0 && m.n > 0)
            asked += ask(p, &m, want, seed, arg);
        ap__exact_model_free(&m);
        ap_problem_free(p);
    }
    return asked;
}

/* The skyline search alone, its nogood store held to `limit` records so that it drops and
 * renumbers them all the time, one store for both questions (what it learns at one capacity
 * carries to the other): no plan within min - 1, proven, with a need of at most min; a plan
 * within min. Asked in both orders. */
static size_t skyline_asks(const ap_problem *p, const ap__xmodel *m, int64_t want, uint64_t seed,
                           size_t limit)
{
    int order;
    int64_t need;
    for (order = 0; order < 2 && ap__exact_skyline_fits(m); order++) {
        ap__xlearn *L = ap__exact_skyline_learn_new(m);
        int q;
        assert_non_null(L);
        ap__exact_skyline_learn_limit(L, limit);
        for (q = 0; q < 2; q++) {
            int64_t cap = (q == order) ? want - 1 : want;
            ap__xresult r = search_asks(p, m, L, 0, cap, &need);
            if (cap < want && (r != AP__NONE || need > want || need <= cap))
                fail_msg("seed %llu: within %lld the skyline search says %d (need %lld), the "
                         "brute force's minimum is %lld", (unsigned long long)seed,
                         (long long)cap, (int)r, (long long)need, (long long)want);
            if (cap == want && r != AP__FOUND)
                fail_msg("seed %llu: no plan within the minimum %lld", (unsigned long long)seed,
                         (long long)want);
        }
        ap__exact_skyline_learn_free(L);
    }
    return (size_t)order;
}

static void skyline_small_store(void **state)
{
    gen_opts plain = {12, 8, 8, 0, 0, 0, 0}, aligned = {12, 8, 8, 1, 0, 0, 1};
    uint64_t count = 300;
    (void)state;
    /* most problems ask twice */
    assert_true(each_problem(&plain, 5000, &count, skyline_asks, 2) >= count);
    count = 300;
    assert_true(each_problem(&aligned, 6000, &count, skyline_asks, 3) >= count);
}

/* Every preorder of the canonical search, static and dynamic (groups ranked afresh, the sweep
 * back at 0), alone, on models it is complete for (not risky): no plan within the brute
 * force's minimum less one, proven, with a need of at most the minimum; a plan within the
 * minimum. */
static size_t canonical_asks(const ap_problem *p, const ap__xmodel *m, int64_t want,
                             uint64_t seed, size_t arg)
{
    static const int orders[] = {AP__PRE_WAT, AP__PRE_TAW, AP__PRE_TWA, AP__PRE_WAT | AP__PRE_DYNAMIC,
                                 AP__PRE_TAW | AP__PRE_DYNAMIC, AP__PRE_TWA | AP__PRE_DYNAMIC};
    size_t o;
    int64_t need;
    (void)arg;
    /* below the end of the fixed buffers the bound answers, not a search */
    if (m->risky || m->clash_a >= 0 || want - 1 < m->fixed_end)
        return 0;
    for (o = 0; o < sizeof orders / sizeof *orders; o++) {
        ap__xresult r = search_asks(p, m, NULL, orders[o], want - 1, &need);
        if (r != AP__NONE || need > want || need <= want - 1)
            fail_msg("seed %llu, preorder %d: within %lld the canonical search says %d (need "
                     "%lld), the brute force's minimum is %lld", (unsigned long long)seed,
                     orders[o], (long long)(want - 1), (int)r, (long long)need, (long long)want);
        if (search_asks(p, m, NULL, orders[o], want, &need) != AP__FOUND)
            fail_msg("seed %llu, preorder %d: no plan within the minimum %lld",
                     (unsigned long long)seed, orders[o], (long long)want);
    }
    return o;
}

static void canonical_each_order(void **state)
{
    const gen_opts families[] = {
        {12, 8, 8, 0, 0, 0, 0}, {12, 8, 8, 1, 1, 0, 1}, {12, 8, 8, 1, 1, 1, 1}};
    size_t f;
    (void)state;
    for (f = 0; f < 3; f++) {  /* plain; aligned, fixed, zero sizes; allowances */
        uint64_t count = 200;
        /* most problems are asked six times */
        uint64_t asked = each_problem(&families[f], 7000 + 1000 * f, &count, canonical_asks, 0);
        assert_true(asked >= 3 * count);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(plain_problems),
        cmocka_unit_test(aligned_fixed_problems),
        cmocka_unit_test(allowance_problems),
        cmocka_unit_test(hanging_problems),
        cmocka_unit_test(skyline_small_store),
        cmocka_unit_test(canonical_each_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
