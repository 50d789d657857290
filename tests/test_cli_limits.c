/* test_cli_limits.c - limits that limit (issue 32, item 6): the work limit and the stop flag
 * bound every stage of every strategy, the exact search's model included; best says when it
 * stopped early; exact starts from best's plan, so it never ends worse. Everything here is
 * decided by work counts (ap_plan.work), never by the clock. */
#include <signal.h>

#include "core/util.h"
#include "testutil.h"

/* A chain of n buffers, one in eight feeding a step 5-20 later (the shape of a real network),
 * sizes as the benchmarks', no fixed buffer. */
static ap_problem *chain(size_t n, uint64_t seed)
{
    ap_problem *p = ap_problem_new();
    for (size_t i = 0; i < n; i++) {
        ap_buffer_spec s;
        char id[32];
        ap_buffer_spec_init(&s);
        snprintf(id, sizeof id, "b%zu", i);
        s.id = id;
        s.lower = (int64_t)i;
        s.upper = (int64_t)i + (ap__rand(&seed) % 8 == 0 ? 5 + (int64_t)(ap__rand(&seed) % 16) : 2);
        s.size = 16 * (1 + (int64_t)(ap__rand(&seed) % 4096));
        assert_int_equal(ap_problem_add(p, &s, NULL), AP_OK);
    }
    assert_int_equal(ap_problem_validate(p, NULL), AP_OK);
    return p;
}

/* Random intervals over 40 steps, as test_planners' problems. */
static ap_problem *random_problem(uint64_t seed, size_t n)
{
    ap_problem *p = ap_problem_new();
    for (size_t i = 0; i < n; i++) {
        ap_buffer_spec s;
        char id[32];
        ap_buffer_spec_init(&s);
        snprintf(id, sizeof id, "b%zu", i);
        s.id = id;
        s.lower = (int64_t)(ap__rand(&seed) % 40);
        s.upper = s.lower + 1 + (int64_t)(ap__rand(&seed) % 8);
        s.size = ap__rand(&seed) % 5 == 0 ? (int64_t)(ap__rand(&seed) % 5000) : (int64_t)(ap__rand(&seed) % 300);
        assert_int_equal(ap_problem_add(p, &s, NULL), AP_OK);
    }
    assert_int_equal(ap_problem_validate(p, NULL), AP_OK);
    return p;
}

static ap_status plan_with(const ap_problem *p, const char *strategy, uint64_t work,
                           volatile sig_atomic_t *stop, uint64_t nodes, ap_plan *plan)
{
    ap_plan_options o;
    ap_plan_options_init(&o);
    o.strategy = strategy;
    o.work_limit = work;
    o.stop = stop;
    o.node_limit = nodes;
    ap_plan_init(plan);
    return ap_plan_problem(p, &o, plan, NULL);
}

/* best under a work limit: what it finished stands, what it did not is not offered, the plan
 * says why it stopped, and the same limit gives the same plan. */
static void best_stops_at_its_work_limit(void **state)
{
    (void)state;
    ap_problem *p = chain(2000, 7);
    ap_plan greedy, full, cut, again, none;
    assert_int_equal(plan_with(p, "greedy", 0, NULL, 0, &greedy), AP_OK);
    assert_true(greedy.work > 2000);
    assert_int_equal(greedy.stopped, AP_STOPPED_NONE);
    assert_int_equal(plan_with(p, "best", 0, NULL, 0, &full), AP_OK);
    assert_int_equal(full.stopped, AP_STOPPED_NONE);
    assert_true(full.work > greedy.work);
    /* room for greedy and a little more: greedy's plan, stopped at the work limit */
    assert_int_equal(plan_with(p, "best", greedy.work + 10, NULL, 0, &cut), AP_OK);
    assert_string_equal(cut.strategy, "best:greedy");
    assert_int_equal(cut.arena, greedy.arena);
    assert_int_equal(cut.stopped, AP_STOPPED_WORK);
    assert_int_equal(cut.fallback, 0);
    assert_true(cut.work <= greedy.work + 10 + 2000); /* at most one query past the limit */
    assert_valid_plan(p, &cut);
    assert_int_equal(plan_with(p, "best", greedy.work + 10, NULL, 0, &again), AP_OK);
    assert_memory_equal(again.offset, cut.offset, p->n * sizeof *cut.offset);
    /* less than greedy needs: linear's plan, saying so */
    assert_int_equal(plan_with(p, "best", greedy.work / 2, NULL, 0, &none), AP_OK);
    assert_string_equal(none.strategy, "best:linear");
    assert_int_equal(none.fallback, 1);
    assert_int_equal(none.stopped, AP_STOPPED_WORK);
    assert_valid_plan(p, &none);
    /* a single heuristic cut short has no plan: an error naming it */
    ap_plan g;
    ap_error err = {0};
    ap_plan_options o;
    ap_plan_options_init(&o);
    o.strategy = "bestfit-size";
    o.work_limit = 100;
    ap_plan_init(&g);
    assert_int_equal(ap_plan_problem(p, &o, &g, &err), AP_ERR_LIMIT);
    assert_string_equal(err.msg, "bestfit-size stopped at its work limit before it had a plan");
    ap_plan_free(&g);
    ap_plan_free(&greedy);
    ap_plan_free(&full);
    ap_plan_free(&cut);
    ap_plan_free(&again);
    ap_plan_free(&none);
    ap_problem_free(p);
}

/* The stop flag, raised before the run: every strategy returns after one step of work at most,
 * on 50,000 buffers; the exact search's model included (it used to take seconds there). */
static void stop_flag_acts_in_every_stage(void **state)
{
    (void)state;
    ap_problem *p = chain(50000, 3);
    volatile sig_atomic_t stop = 1;
    size_t n;
    const ap_strategy *s = ap_strategies(&n);
    for (size_t k = 0; k < n; k++) {
        ap_plan plan;
        ap_status st = plan_with(p, s[k].name, 0, &stop, 0, &plan);
        if (strcmp(s[k].name, "linear") == 0) {
            /* no placement work: they finish */
            if (st != AP_OK)
                fail_msg("%s: status %d", s[k].name, (int)st);
        } else if (st == AP_OK) {
            assert_int_equal(plan.stopped, AP_STOPPED_SIGNAL);
            assert_valid_plan(p, &plan);
        } else {
            assert_int_equal(st, AP_ERR_LIMIT);
        }
        /* one query or one model step: its listed obstacles, its tree levels */
        if (plan.work > 100)
            fail_msg("%s spent %llu units after the stop flag", s[k].name,
                     (unsigned long long)plan.work);
        ap_plan_free(&plan);
    }
    /* exact under a work limit stops in its model or its start, and says so */
    ap_plan plan;
    assert_int_equal(plan_with(p, "exact", 5000, NULL, 1, &plan), AP_OK);
    assert_int_equal(plan.stopped, AP_STOPPED_WORK);
    assert_int_equal(plan.verdict, AP_VERDICT_GAP);
    assert_true(plan.work <= 5000 + 100);
    assert_valid_plan(p, &plan);
    ap_plan_free(&plan);
    ap_problem_free(p);
}

/* exact starts from best's plan: with any node limit it never ends worse than best. */
static void exact_never_worse_than_best(void **state)
{
    (void)state;
    int worse_start = 0;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        ap_problem *p = random_problem(seed, 60 + seed % 40);
        ap_plan best, exact;
        assert_int_equal(plan_with(p, "best", 0, NULL, 0, &best), AP_OK);
        assert_int_equal(plan_with(p, "exact", 0, NULL, 1, &exact), AP_OK);
        assert_valid_plan(p, &exact);
        if (exact.arena > best.arena)
            fail_msg("seed %llu: exact %lld > best %lld", (unsigned long long)seed,
                     (long long)exact.arena, (long long)best.arena);
        worse_start += best.arena < exact.arena;
        ap_plan_free(&best);
        ap_plan_free(&exact);
        ap_problem_free(p);
    }
    assert_int_equal(worse_start, 0);
}

/* The CLI: --work-limit, and the warning when best stopped early. */
static void cli_says_when_best_stopped(void **state)
{
    (void)state;
    const char *csv = tmp_path("limits_chain.csv");
    FILE *f = fopen(csv, "w");
    assert_non_null(f);
    fputs("id,lower,upper,size\n", f);
    for (int i = 0; i < 500; i++)
        fprintf(f, "b%d,%d,%d,%d\n", i, i, i + 2 + (i % 7 == 0 ? 9 : 0), 16 * (1 + (i * 37) % 97));
    fclose(f);
    run_result r = run_cli("plan", csv, "--work-limit", "50", NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.err, "arenaplan: warning: best stopped at its work limit (50 units; "
                               "--work-limit raises it): no heuristic had finished, the plan is "
                               "linear's (no reuse)\n");
    assert_contains(r.out, "strategy     best:linear\n");
    run_free(&r);
    r = run_cli("plan", csv, "--work-limit", "0", NULL);
    assert_int_equal(r.status, 2);
    assert_string_equal(r.err, "arenaplan: --work-limit 0: not a positive number of work units\n");
    run_free(&r);
    r = run_cli("plan", csv, "--strategy", "greedy", "--work-limit", "50", NULL);
    assert_int_equal(r.status, 1);
    assert_string_equal(r.err, "arenaplan: greedy stopped at its work limit before it had a plan\n");
    run_free(&r);
    r = run_cli("plan", csv, NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.err, "");
    run_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(best_stops_at_its_work_limit),
        cmocka_unit_test(stop_flag_acts_in_every_stage),
        cmocka_unit_test(exact_never_worse_than_best),
        cmocka_unit_test(cli_says_when_best_stopped),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
