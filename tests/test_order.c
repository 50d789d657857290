/*
 * test_order.c - the operator order search at the graph level (ap_order_solve, reorder.h).
 *
 * The truth here is computed apart from the library: a tensor's lifetime is read off an order
 * as an interval of steps (writer through last reader, start through last reader for inputs,
 * through the end for outputs), the peak is the largest sum over steps, and a brute force
 * enumerates every valid order of small random graphs (multi-output operators, bytes of 0,
 * transients, extra precedences, outputs and inputs, with and without the start step). The
 * search must find the brute force's minimum and prove it; cheap strategies must never claim
 * less; every order returned must respect every dependency.
 */
#include "arenaplan/reorder.h"
#include "core/util.h"
#include "testutil.h"

#define MAXN 64
#define MAXT 256

/* A graph the tests own: arrays ap_order_graph points into. */
typedef struct tgraph {
    uint32_t n, nt, ne;
    ap_order_tensor t[MAXT];
    uint32_t cons[MAXT][8];
    int64_t tr[MAXN];
    uint32_t e[2 * MAXN * 4];
    int start;
} tgraph;

static ap_order_graph view(const tgraph *x)
{
    ap_order_graph g = {x->n, x->t, x->nt, x->tr, NULL, x->e, x->ne, x->start};
    return g;
}

static uint32_t add_tensor(tgraph *x, int64_t bytes, int32_t producer, int to_end)
{
    ap_order_tensor *t = &x->t[x->nt];
    t->bytes = bytes;
    t->producer = producer;
    t->consumers = x->cons[x->nt];
    t->n_consumers = 0;
    t->to_end = to_end;
    return x->nt++;
}

static void add_reader(tgraph *x, uint32_t t, uint32_t op)
{
    x->cons[t][x->t[t].n_consumers++] = op;
}

/* ---- The truth, computed independently ----------------------------------------------------- */

/* Whether ord is a permutation in which every writer precedes its readers and every edge holds. */
static int valid_order(const tgraph *x, const uint32_t *ord)
{
    int pos[MAXN];
    for (uint32_t i = 0; i < x->n; i++)
        pos[i] = -1;
    for (uint32_t k = 0; k < x->n; k++) {
        if (ord[k] >= x->n || pos[ord[k]] >= 0)
            return 0;
        pos[ord[k]] = (int)k;
    }
    for (uint32_t t = 0; t < x->nt; t++)
        for (uint32_t c = 0; c < x->t[t].n_consumers; c++)
            if (x->t[t].producer >= 0 && pos[x->t[t].producer] > pos[x->t[t].consumers[c]])
                return 0;
    for (uint32_t k = 0; k < x->ne; k++)
        if (pos[x->e[2 * k]] > pos[x->e[2 * k + 1]])
            return 0;
    return 1;
}

/* Steps: 0 the start, k + 1 the k-th operator. A tensor lives over [first, last]. */
static int64_t truth_peak(const tgraph *x, const uint32_t *ord)
{
    int64_t live[MAXN + 2] = {0};
    int pos[MAXN];
    for (uint32_t k = 0; k < x->n; k++)
        pos[ord ? ord[k] : k] = (int)k + 1;
    for (uint32_t t = 0; t < x->nt; t++) {
        const ap_order_tensor *q = &x->t[t];
        int first = q->producer < 0 ? 0 : pos[q->producer], last = first;
        for (uint32_t c = 0; c < q->n_consumers; c++)
            if (pos[q->consumers[c]] > last)
                last = pos[q->consumers[c]];
        if (q->to_end)
            last = (int)x->n;
        for (int s = first; s <= last; s++)
            live[s] += q->bytes;
    }
    for (uint32_t k = 0; k < x->n; k++)
        live[pos[k]] += x->tr[k];
    int64_t peak = 0;
    for (uint32_t s = x->start ? 0 : 1; s <= x->n; s++)
        peak = live[s] > peak ? live[s] : peak;
    return peak;
}

/* The smallest peak over every valid order (n <= 9), by enumeration. */
static void brute(const tgraph *x, uint32_t *ord, uint32_t k, unsigned char *used, int64_t *best,
                  uint64_t *count)
{
    if (k == x->n) {
        if (valid_order(x, ord)) {
            int64_t v = truth_peak(x, ord);
            if (v < *best)
                *best = v;
            (*count)++;
        }
        return;
    }
    for (uint32_t o = 0; o < x->n; o++) {
        if (used[o])
            continue;
        used[o] = 1;
        ord[k] = o;
        brute(x, ord, k + 1, used, best, count);
        used[o] = 0;
    }
}

/* ---- Random graphs --------------------------------------------------------------------------- */

static void random_graph(tgraph *x, uint64_t seed, uint32_t n)
{
    uint64_t r = seed;
    memset(x, 0, sizeof *x);
    x->n = n;
    x->start = (int)(ap__rand(&r) % 2);
    uint32_t ninputs = (uint32_t)(ap__rand(&r) % 3);
    for (uint32_t i = 0; i < ninputs; i++)
        add_tensor(x, 16 * (int64_t)(ap__rand(&r) % 8), -1, ap__rand(&r) % 8 == 0);
    for (uint32_t o = 0; o < n; o++) {
        /* reads: up to 3 earlier tensors (each once per operator) */
        uint32_t nr = (uint32_t)(ap__rand(&r) % 4);
        for (uint32_t k = 0; k < nr && x->nt; k++) {
            uint32_t t = (uint32_t)(ap__rand(&r) % x->nt);
            int dup = 0;
            for (uint32_t c = 0; c < x->t[t].n_consumers; c++)
                dup |= x->cons[t][c] == o;
            if (!dup && x->t[t].n_consumers < 8 && x->t[t].producer != (int32_t)o)
                add_reader(x, t, o);
        }
        /* writes: 1-3 tensors (multi-output operators such as SPLIT) */
        uint32_t nw = 1 + (uint32_t)(ap__rand(&r) % 3 == 0) + (uint32_t)(ap__rand(&r) % 6 == 0);
        for (uint32_t k = 0; k < nw; k++)
            add_tensor(x, 16 * (int64_t)(ap__rand(&r) % 12), (int32_t)o, ap__rand(&r) % 7 == 0);
        x->tr[o] = ap__rand(&r) % 4 == 0 ? 16 * (int64_t)(ap__rand(&r) % 6) : 0;
        if (o > 0 && ap__rand(&r) % 5 == 0) {
            uint32_t a = (uint32_t)(ap__rand(&r) % o);
            x->e[2 * x->ne] = a;
            x->e[2 * x->ne++ + 1] = o;
        }
    }
}

static void solve(const tgraph *x, ap_order_strategy st, uint64_t budget, ap_order_result *res)
{
    ap_order_graph g = view(x);
    ap_order_options o;
    ap_error err = {0};
    ap_order_options_init(&o);
    o.strategy = st;
    o.budget = budget;
    if (ap_order_solve(&g, &o, res, &err) != AP_OK)
        fail_msg("ap_order_solve: %s", err.msg);
    assert_int_equal(res->n_ops, x->n);
    assert_true(valid_order(x, res->order));
    assert_int_equal(res->peak, truth_peak(x, res->order));
    assert_int_equal(res->peak, ap_order_peak(&g, res->order));
    assert_int_equal(res->peak_given, truth_peak(x, NULL));
    assert_true(res->peak <= res->peak_given);
    assert_true(res->static_bound <= res->bound);
    assert_true(res->bound <= res->peak);
    assert_int_equal(res->proven, res->peak == res->bound);
}

/* The exact search finds the brute force's minimum and proves it; cheap strategies never claim
 * less than it, nor a bound above it. */
static void search_agrees_with_brute_force(void **state)
{
    (void)state;
    int improved = 0, cheap_missed = 0, graphs = 0;
    for (uint64_t seed = 1; seed <= 600; seed++) {
        tgraph x;
        uint32_t ord[MAXN];
        unsigned char used[MAXN] = {0};
        int64_t best = INT64_MAX;
        uint64_t count = 0;
        random_graph(&x, seed * 7919, 1 + (uint32_t)(seed % 8));
        brute(&x, ord, 0, used, &best, &count);
        assert_true(count >= 1);
        ap_order_result r;
        solve(&x, AP_ORDER_EXACT, 1000000, &r);
        if (r.peak != best || !r.proven)
            fail_msg("seed %llu (%u operators): the search says %lld (%s), the brute force %lld",
                     (unsigned long long)seed, x.n, (long long)r.peak,
                     r.proven ? "proven" : "not proven", (long long)best);
        improved += best < r.peak_given;
        ap_order_result_free(&r);
        for (int st = AP_ORDER_CHEAP; st <= AP_ORDER_STORED; st++) {
            solve(&x, (ap_order_strategy)st, 0, &r);
            assert_true(r.peak >= best);
            assert_true(r.bound <= best);
            if (st == AP_ORDER_CHEAP)
                cheap_missed += r.peak > best;
            if (st == AP_ORDER_STORED)
                assert_int_equal(r.moved, 0);
            ap_order_result_free(&r);
        }
        graphs++;
    }
    print_message("%d graphs: %d where another order beats the given one, %d where the cheap "
                  "orders miss the optimum\n", graphs, improved, cheap_missed);
    /* the graphs exercise both: orders that matter, and the exact search beyond cheap ones */
    assert_int_equal(graphs, 600);
    assert_true(improved >= 100);
    assert_true(cheap_missed >= 5);
}

/* Larger graphs: no brute force, but every claim is checked, runs repeat exactly, and a
 * small budget stops the search with a gap it reports. */
static void larger_graphs_and_budgets(void **state)
{
    (void)state;
    int exhausted = 0;
    for (uint64_t seed = 1; seed <= 60; seed++) {
        tgraph x;
        random_graph(&x, seed * 104729, 20 + (uint32_t)(seed % 40));
        ap_order_result a, b, c;
        solve(&x, AP_ORDER_EXACT, 200000, &a);
        solve(&x, AP_ORDER_EXACT, 200000, &b);
        assert_int_equal(a.peak, b.peak);
        assert_int_equal(a.bound, b.bound);
        assert_int_equal(a.work, b.work);
        assert_memory_equal(a.order, b.order, x.n * sizeof *a.order);
        solve(&x, AP_ORDER_EXACT, 3, &c);
        assert_true(c.peak >= a.peak || !a.proven);
        assert_true(c.work <= 3);
        if (c.exhausted) {
            exhausted++;
            assert_true(c.bound <= a.peak);
        }
        ap_order_result_free(&a);
        ap_order_result_free(&b);
        ap_order_result_free(&c);
    }
    assert_true(exhausted >= 1);
}

/* A graph whose cheap orders miss the optimum: with one search node the search runs out and
 * says so; with enough it proves the optimum. */
static void budget_exhausted_then_proven(void **state)
{
    (void)state;
    for (uint64_t seed = 1;; seed++) {
        tgraph x;
        uint32_t ord[MAXN];
        unsigned char used[MAXN] = {0};
        int64_t best = INT64_MAX;
        uint64_t count = 0;
        ap_order_result cheap, one, full;
        assert_true(seed < 5000);
        random_graph(&x, seed * 7919, 8);
        solve(&x, AP_ORDER_CHEAP, 0, &cheap);
        brute(&x, ord, 0, used, &best, &count);
        int missed = cheap.peak > best && cheap.bound < best;
        ap_order_result_free(&cheap);
        if (!missed)
            continue;
        solve(&x, AP_ORDER_EXACT, 1, &one);
        assert_int_equal(one.exhausted, 1);
        assert_int_equal(one.work, 1);
        solve(&x, AP_ORDER_EXACT, 0, &full);
        assert_int_equal(full.exhausted, 0);
        assert_int_equal(full.proven, 1);
        assert_int_equal(full.peak, best);
        assert_string_equal(full.found_by, "exact search");
        ap_order_result_free(&one);
        ap_order_result_free(&full);
        return;
    }
}

/* ---- Graphs with known answers ------------------------------------------------------------- */

/* mltk_keyword_spotting_on_off_v3's first block: the shortcut convolution (op 4) reads op 0's
 * output; run early, it frees that tensor before the widest step. */
static void build_residual(tgraph *x)
{
    memset(x, 0, sizeof *x);
    x->n = 6;
    x->start = 1;
    uint32_t in = add_tensor(x, 10192, -1, 0);
    add_reader(x, in, 0);
    uint32_t t0 = add_tensor(x, 3920, 0, 0);
    add_reader(x, t0, 1);
    add_reader(x, t0, 4);
    uint32_t t1 = add_tensor(x, 11760, 1, 0);
    add_reader(x, t1, 2);
    uint32_t t2 = add_tensor(x, 5888, 2, 0);
    add_reader(x, t2, 3);
    uint32_t t3 = add_tensor(x, 1968, 3, 0);
    add_reader(x, t3, 5);
    uint32_t t4 = add_tensor(x, 1968, 4, 0);
    add_reader(x, t4, 5);
    add_tensor(x, 1968, 5, 1);
}

static void residual_block(void **state)
{
    (void)state;
    tgraph x;
    ap_order_result r;
    build_residual(&x);
    solve(&x, AP_ORDER_EXACT, 0, &r);
    assert_int_equal(r.peak_given, 21568);
    assert_int_equal(r.peak, 19616);
    assert_int_equal(r.proven, 1);
    const uint32_t want[6] = {0, 4, 1, 2, 3, 5};
    assert_memory_equal(r.order, want, sizeof want);
    assert_int_equal(r.moved, 4);
    ap_order_result_free(&r);
    /* an edge that keeps op 4 after op 3: the stored order is the only choice left */
    x.e[0] = 3;
    x.e[1] = 4;
    x.ne = 1;
    solve(&x, AP_ORDER_EXACT, 0, &r);
    assert_int_equal(r.peak, 21568);
    assert_int_equal(r.moved, 0);
    assert_int_equal(r.pieces, 6);
    assert_string_equal(r.found_by, "given order");
    ap_order_result_free(&r);
}

/* A SPLIT into four, each part widened and narrowed again, then joined. Stored: every part
 * widened first (the converter's habit with unrolled sequences). */
static void split_branches(void **state)
{
    (void)state;
    tgraph x;
    memset(&x, 0, sizeof x);
    x.n = 10;
    x.start = 1;
    uint32_t in = add_tensor(&x, 64, -1, 0), part[4], wide[4], narrow[4];
    add_reader(&x, in, 0);
    for (int i = 0; i < 4; i++)
        part[i] = add_tensor(&x, 16, 0, 0); /* op 0 SPLIT: four outputs */
    for (int i = 0; i < 4; i++) {
        add_reader(&x, part[i], 1 + i);     /* ops 1-4 widen */
        wide[i] = add_tensor(&x, 256, 1 + i, 0);
        add_reader(&x, wide[i], 5 + i);     /* ops 5-8 narrow */
        narrow[i] = add_tensor(&x, 16, 5 + i, 0);
        add_reader(&x, narrow[i], 9);       /* op 9 joins */
    }
    add_tensor(&x, 64, 9, 1);
    ap_order_result r;
    solve(&x, AP_ORDER_EXACT, 0, &r);
    assert_int_equal(r.peak_given, 1040);
    assert_int_equal(r.peak, 320);
    assert_int_equal(r.proven, 1);
    assert_int_equal(r.bound, 320);
    ap_order_result_free(&r);
    /* the cheap orders already find it */
    solve(&x, AP_ORDER_CHEAP, 0, &r);
    assert_int_equal(r.peak, 320);
    assert_int_equal(r.work, 0);
    ap_order_result_free(&r);
}

/* Transients count at their operator's step only; the start step counts only when asked. */
static void transients_and_start(void **state)
{
    (void)state;
    tgraph x;
    memset(&x, 0, sizeof x);
    /* op 0 writes a 100-byte output to the end; op 1 needs 500 of scratch. Running op 1 first
     * keeps op 0's output out of its step. */
    x.n = 2;
    add_tensor(&x, 100, 0, 1);
    add_tensor(&x, 0, 1, 0);
    x.tr[1] = 500;
    ap_order_result r;
    solve(&x, AP_ORDER_EXACT, 0, &r);
    assert_int_equal(r.peak_given, 600);
    assert_int_equal(r.peak, 500);
    assert_int_equal(r.order[0], 1);
    ap_order_result_free(&r);
    /* an input of 1000 bytes read by nobody: counts at the start step only */
    add_tensor(&x, 1000, -1, 0);
    solve(&x, AP_ORDER_EXACT, 0, &r);
    assert_int_equal(r.peak, 500);
    ap_order_result_free(&r);
    x.start = 1;
    solve(&x, AP_ORDER_EXACT, 0, &r);
    assert_int_equal(r.peak, 1000);
    assert_int_equal(r.proven, 1);
    ap_order_result_free(&r);
}

/* Bad graphs are refused with a sentence naming the fault. */
static void bad_graphs(void **state)
{
    (void)state;
    tgraph x;
    ap_order_result r;
    ap_error err;
    ap_order_graph g;

    build_residual(&x);
    x.cons[1][0] = 0; /* op 0 reads its own output */
    g = view(&x);
    assert_int_equal(ap_order_solve(&g, NULL, &r, &err), AP_ERR_INPUT);
    assert_string_equal(err.msg, "operator 0 reads its own output (tensor 1)");
    assert_null(r.order);

    build_residual(&x);
    x.t[2].producer = 3; /* t1 written by op 3 but read by op 2 */
    g = view(&x);
    assert_int_equal(ap_order_solve(&g, NULL, &r, &err), AP_ERR_INPUT);
    assert_string_equal(err.msg, "operator 2 reads tensor 2 before operator 3 writes it: the "
                                 "given order is not valid");

    build_residual(&x);
    add_reader(&x, 6, 9);
    g = view(&x);
    assert_int_equal(ap_order_solve(&g, NULL, &r, &err), AP_ERR_INPUT);
    assert_string_equal(err.msg, "tensor 6 is read by operator 9, but the graph has 6 operators");

    build_residual(&x);
    x.t[3].bytes = -16;
    g = view(&x);
    assert_int_equal(ap_order_solve(&g, NULL, &r, &err), AP_ERR_INPUT);
    assert_string_equal(err.msg, "tensor 3: bytes -16, producer 2 (the graph has 6 operators)");

    build_residual(&x);
    x.e[0] = 4;
    x.e[1] = 2;
    x.ne = 1;
    g = view(&x);
    assert_int_equal(ap_order_solve(&g, NULL, &r, &err), AP_ERR_INPUT);
    assert_string_equal(err.msg, "edge 0 (4 before 2): the given order breaks it");

    build_residual(&x);
    x.tr[2] = -1;
    g = view(&x);
    assert_int_equal(ap_order_solve(&g, NULL, &r, &err), AP_ERR_INPUT);
    assert_string_equal(err.msg, "operator 2: transient -1, its lower bound -1 (need 0 <= bound "
                                 "<= transient)");

    build_residual(&x);
    x.t[0].bytes = INT64_C(1) << 62;
    x.t[1].bytes = INT64_C(1) << 62;
    g = view(&x);
    assert_int_equal(ap_order_solve(&g, NULL, &r, &err), AP_ERR_OVERFLOW);
    assert_string_equal(err.msg, "the tensors' bytes add up past 2^62");

    ap_order_options o;
    ap_order_options_init(&o);
    o.strategy = (ap_order_strategy)9;
    build_residual(&x);
    g = view(&x);
    assert_int_equal(ap_order_solve(&g, &o, &r, &err), AP_ERR_USAGE);

    ap_order_strategy s;
    assert_int_equal(ap_order_strategy_parse("dfs", &s), 0);
    assert_int_equal(s, AP_ORDER_DFS);
    assert_int_equal(ap_order_strategy_parse("magic", &s), -1);
    /* an empty graph is fine */
    memset(&x, 0, sizeof x);
    g = view(&x);
    assert_int_equal(ap_order_solve(&g, NULL, &r, &err), AP_OK);
    assert_int_equal(r.peak, 0);
    assert_int_equal(r.proven, 1);
    ap_order_result_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(search_agrees_with_brute_force),
        cmocka_unit_test(larger_graphs_and_budgets),
        cmocka_unit_test(budget_exhausted_then_proven),
        cmocka_unit_test(residual_block),
        cmocka_unit_test(split_branches),
        cmocka_unit_test(transients_and_start),
        cmocka_unit_test(bad_graphs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
