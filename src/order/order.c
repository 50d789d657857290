/*
 * order.c - the execution order of a graph's operators with the lowest peak of live bytes
 * (ap_order_solve in reorder.h; docs/reorder.md): the driver. The graph and its pieces are
 * order_graph.c, the cheap orders order_cheap.c, the exact search order_search.c.
 *
 * The problem. Operators run one per step; a tensor is live from its producer's step (or the
 * start) through its last reader's step (or the end). Running a set X of operators first, in
 * any order, leaves the same tensors live: L(X) depends on X alone. The next operator o then
 * has step(X, o) = L(X) + bytes(outputs of o) + transient(o) live, and the peak of an order is
 * the largest step. So an order is a path through the downward-closed sets (ideals) of the
 * precedence order, and the best order is a shortest path under the max: Liberis & Lane's
 * dynamic programme over sets of executed operators.
 *
 * How it is solved:
 * 1. Pieces. In the given order (a valid one), an operator that is the only maximal element of
 *    its prefix and the only minimal element of its suffix is comparable to every other
 *    operator: every order runs it at the same position, with the same operators before it.
 *    The operators between two such cuts form a piece whose members are fixed; the tensors
 *    that cross a piece without touching it are live throughout it (its base). Pieces are
 *    solved independently; the peak is the largest piece's (or the start step's).
 * 2. The bound. Whatever the order, an operator's inputs, outputs and transient are live at
 *    its step, and so is every tensor written by one of its ancestors (or before the piece)
 *    and read by one of its descendants (or after the piece). The largest such sum over the
 *    piece's operators bounds its peak from below (ancestor sets as bitsets).
 * 3. Cheap orders: the given order, two memory-aware list schedules (the ready operator with
 *    the smallest step; the one that frees the most), and three depth-first post-orders from
 *    the sinks (predecessors in given order, in reverse, and largest need first, Sethi-Ullman
 *    style). Where they leave a gap to the bound, a beam search over ideals (the best few sets
 *    of each size, equal sets merged). The best is the incumbent.
 * 4. The exact search, for the pieces that set the peak: can the piece be run with no step
 *    above T? A depth-first search over ideals, each one memoised once it is known to fail
 *    at T (it then fails at every lower T too), with one dominance rule: an operator that
 *    fits under T and frees at least the bytes it adds (delta <= 0) can always go first, so
 *    it is the only branch. T is probed just below the incumbent first (success lowers it,
 *    failure proves it optimal) and then halves the gap to the bound; a failure at T proves
 *    the bound T + granularity. Work is counted in search nodes against a budget, never the
 *    clock.
 *
 * The folder src/order/: operator orders of a graph with the lowest peak, for any graph.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/reorder.h"
#include "core/util.h"
#include "order/order_cheap.h"
#include "order/order_graph.h"
#include "order/order_search.h"

#define BEAM_WIDTH 64              /* states a beam level keeps at most */
#define BEAM_PER_NODE 16           /* a beam search may cost 16 steps per node of the budget */

const char *const ap_order_strategy_names[] = {"exact", "cheap", "list", "dfs", "stored", NULL};

int ap_order_strategy_parse(const char *name, ap_order_strategy *out)
{
    for (int i = 0; ap_order_strategy_names[i]; i++)
        if (name && strcmp(name, ap_order_strategy_names[i]) == 0) {
            *out = (ap_order_strategy)i;
            return 0;
        }
    return -1;
}

void ap_order_options_init(ap_order_options *opt)
{
    opt->strategy = AP_ORDER_EXACT;
    opt->budget = 0;
}

/* ---- Pieces, solved ----------------------------------------------------------------------- */

typedef struct piece {
    uint32_t a, b;        /* operators [a, b) of the graph */
    ap__sched s;              /* built when b - a > 1 */
    uint32_t *best;       /* local order of the best known */
    int64_t given, ub, lb;
    const char *by;
    int searched;
    int proof_ok;         /* transient_lb == transient: a failed round proves a bound */
} piece;

static const char BY_GIVEN[] = "given order", BY_LIST[] = "list scheduling",
                  BY_DFS[] = "depth-first post-order", BY_BEAM[] = "beam search",
                  BY_EXACT[] = "exact search";

/* Tries one candidate order of p: keeps it when it is strictly better. */
static void consider(piece *p, const uint32_t *ord, uint32_t *rc, const char *by)
{
    int64_t v = ap__order_graph_sim(&p->s, ord, rc);
    if (v < p->ub) {
        p->ub = v;
        memcpy(p->best, ord, (size_t)(p->b - p->a) * sizeof *ord);
        p->by = by;
    }
}

static int piece_cheap(piece *p, ap_order_strategy st, uint64_t beam_work, ap_error *err)
{
    ap__sched *s = &p->s;
    uint32_t m = s->n;
    uint32_t *ord = ap__alloc((size_t)m + 1, sizeof *ord), *rc = ap__alloc((size_t)s->nt + 1, 4);
    uint32_t *pl = ap__alloc((size_t)s->ps[m] + 1, sizeof *pl);
    int64_t *lb = ap__alloc((size_t)m + 1, sizeof *lb);
    int rcode = -1;
    if (!ord || !rc || !pl || !lb || !(p->best = ap__alloc((size_t)m + 1, sizeof *p->best)))
        goto done;
    for (uint32_t i = 0; i < m; i++)
        p->best[i] = i;
    p->given = p->ub = ap__order_graph_sim(s, NULL, rc);
    p->by = BY_GIVEN;
    if (ap__order_graph_bound(s, lb) != 0)
        goto done;
    p->lb = 0;
    p->proof_ok = 1;
    for (uint32_t i = 0; i < m; i++) {
        p->lb = ap__max64(p->lb, lb[i]);
        p->proof_ok &= s->tr[i] == s->trlb[i];
    }
    if (st == AP_ORDER_EXACT || st == AP_ORDER_CHEAP || st == AP_ORDER_LIST)
        for (int v = 0; v < 2; v++) {
            int r = ap__order_cheap_list(s, v, ord);
            if (r < 0)
                goto done;
            if (r == 0)
                consider(p, ord, rc, BY_LIST);
        }
    if (st == AP_ORDER_EXACT || st == AP_ORDER_CHEAP || st == AP_ORDER_DFS)
        for (int v = 0; v < 3; v++) {
            if (ap__order_cheap_pred_lists(s, v, pl, err) != 0 || ap__order_cheap_post_order(s, pl, ord) != 0)
                goto done;
            consider(p, ord, rc, BY_DFS);
        }
    /* Before the exact search, a beam search where the cheap orders leave a gap; its width
     * shrinks with the piece so that it costs at most beam_work steps. */
    if (st == AP_ORDER_EXACT && p->ub > p->lb && m > 8) {
        /* a level costs width * (operators + reads + precedences) */
        uint64_t per = (uint64_t)m * ((uint64_t)m + s->cs[s->nt] + s->ps[m]);
        uint64_t width = beam_work / (per ? per : 1);
        if (width > BEAM_WIDTH)
            width = BEAM_WIDTH;
        if (width >= 2) {
            if (ap__order_cheap_beam(s, (uint32_t)width, ord) != 0)
                goto done;
            consider(p, ord, rc, BY_BEAM);
        }
    }
    rcode = 0;
done:
    free(ord);
    free(rc);
    free(pl);
    free(lb);
    return rcode;
}

/* The exact search on piece p, no lower than floor: returns R_FOUND (decided), R_BUDGET or
 * AP__ORDER_NOMEM. */
static int piece_search(piece *p, int64_t floor, uint64_t *work, uint64_t budget, ap_error *err)
{
    ap__sched *s = &p->s;
    int64_t g = s->g, lo = ap__max64(p->lb, floor), hi = p->ub;
    lo = (lo + g - 1) / g * g;
    ap__order_search *x = NULL;
    uint32_t *ord = ap__alloc((size_t)s->n + 1, sizeof *ord), *rc = ap__alloc((size_t)s->nt + 1, 4);
    int rcode = AP__ORDER_FOUND, first = 1;
    if (!ord || !rc || !(x = ap__order_search_new(s, work, budget))) {
        free(ord);
        free(rc);
        return AP__ORDER_NOMEM;
    }
    while (hi - g >= lo) {
        int64_t T = first ? hi - g : lo + (hi - g - lo) / g / 2 * g;
        first = 0;
        int r = ap__order_search_round(x, T, ord, err);
        if (r == AP__ORDER_FOUND) {
            int64_t v = ap__order_graph_sim(s, ord, rc);
            hi = v;
            if (v < p->ub) {
                p->ub = v;
                memcpy(p->best, ord, (size_t)s->n * sizeof *ord);
                p->by = BY_EXACT;
            }
        } else if (r == AP__ORDER_NONE) {
            lo = T + g;
            if (p->proof_ok)
                p->lb = ap__max64(p->lb, lo);
        } else {
            rcode = r;
            break;
        }
    }
    p->searched = 1;
    free(ord);
    free(rc);
    ap__order_search_free(x);
    return rcode;
}

/* ---- The whole graph ---------------------------------------------------------------------- */

void ap_order_result_free(ap_order_result *res)
{
    if (!res)
        return;
    free(res->order);
    memset(res, 0, sizeof *res);
}

int64_t ap_order_peak(const ap_order_graph *g, const uint32_t *order)
{
    ap__sched s;
    if (ap__order_graph_from(g, &s, NULL) != AP_OK)
        return -1;
    uint32_t *rc = ap__alloc((size_t)s.nt + 1, sizeof *rc);
    int64_t v = rc ? ap__order_graph_sim(&s, order, rc) : -1;
    free(rc);
    ap__order_graph_free(&s);
    return v;
}

typedef struct pieces {
    piece *v;
    size_t n, cap;
} pieces;

static void pieces_free(pieces *ps)
{
    for (size_t i = 0; i < ps->n; i++) {
        ap__order_graph_free(&ps->v[i].s);
        free(ps->v[i].best);
    }
    free(ps->v);
}

/* Splits S at its cuts into pieces, each with its bound and its best cheap order (a cut alone
 * is a piece of one, decided already). *glb: the largest bound (the start step's included).
 * -1 when out of memory. */
static int make_pieces(const ap__sched *S, ap_order_strategy st, uint64_t beam_work, pieces *ps,
                       int64_t *glb, ap_error *err)
{
    uint32_t n = S->n;
    int rcode = -1;
    unsigned char *cut = ap__alloc((size_t)n + 1, 1);
    int32_t *lastc = ap__alloc((size_t)S->nt + 1, sizeof *lastc);
    uint32_t *mark = ap__zalloc((size_t)S->nt + 1, sizeof *mark);
    uint32_t *loc = ap__alloc((size_t)S->nt + 1, sizeof *loc);
    uint32_t *rc = ap__alloc((size_t)S->nt + 1, sizeof *rc);
    int64_t *Lbefore = ap__alloc((size_t)n + 1, sizeof *Lbefore);
    if (!cut || !lastc || !mark || !loc || !rc || !Lbefore || ap__order_graph_cuts(S, cut) != 0)
        goto done;
    for (uint32_t t = 0; t < S->nt; t++)
        lastc[t] = S->cs[t + 1] > S->cs[t] ? (int32_t)S->c[S->cs[t + 1] - 1] : -1;
    /* The live bytes before each operator of the given order: the same in every order where
     * the operator is a cut, and at the start of every piece. */
    int64_t L = ap__order_graph_live0(S);
    ap__order_graph_rc_init(S, rc);
    for (uint32_t k = 0; k < n; k++) {
        Lbefore[k] = L;
        L = ap__order_graph_run_op(S, k, L, rc);
    }
    for (uint32_t k = 0; k < n;) {
        uint32_t b = k + 1;
        if (!cut[k])
            while (b < n && !cut[b])
                b++;
        piece *np = ap__grow(ps->v, &ps->cap, ps->n + 1, sizeof *ps->v);
        if (!np)
            goto done;
        ps->v = np;
        piece *p = &ps->v[ps->n++];
        memset(p, 0, sizeof *p);
        p->a = k;
        p->b = b;
        p->proof_ok = 1;
        if (b - k == 1) {
            p->given = p->ub = p->lb = Lbefore[k] + S->outw[k] + S->tr[k];
            if (S->trlb[k] != S->tr[k])
                p->lb = Lbefore[k] + S->outw[k] + S->trlb[k];
            p->by = BY_GIVEN;
            p->searched = 1;
        } else if (ap__order_graph_piece(S, k, b, Lbefore[k], lastc, mark, loc, &p->s) != 0 ||
                   piece_cheap(p, st, beam_work, err) != 0) {
            goto done;
        }
        *glb = ap__max64(*glb, p->lb);
        k = b;
    }
    rcode = 0;
done:
    free(cut);
    free(lastc);
    free(mark);
    free(loc);
    free(rc);
    free(Lbefore);
    return rcode;
}

/* The exact search, on the piece that sets the peak each time, until the peak is the bound or
 * the budget runs out. AP__ORDER_FOUND, or AP__ORDER_NOMEM. */
static int search_pieces(pieces *ps, int64_t *glb, uint64_t budget, ap_order_result *res,
                         ap_error *err)
{
    while (!res->exhausted) {
        piece *top = NULL;
        for (size_t i = 0; i < ps->n; i++)
            if (!ps->v[i].searched && ps->v[i].ub > *glb && (!top || ps->v[i].ub > top->ub))
                top = &ps->v[i];
        if (!top)
            break;
        int r = piece_search(top, *glb, &res->work, budget, err);
        if (r == AP__ORDER_NOMEM)
            return AP__ORDER_NOMEM;
        if (r == AP__ORDER_BUDGET)
            res->exhausted = 1;
        *glb = ap__max64(*glb, top->lb);
    }
    return AP__ORDER_FOUND;
}

/* The order: a piece keeps the given order unless that would exceed the peak. */
static void compose(const pieces *ps, int64_t start, ap_order_result *res, int64_t *peak,
                    int64_t *given)
{
    int64_t moved_given = -1;
    *peak = *given = start;
    for (size_t i = 0; i < ps->n; i++) {
        *peak = ap__max64(*peak, ps->v[i].ub);
        *given = ap__max64(*given, ps->v[i].given);
    }
    res->found_by = BY_GIVEN;
    for (size_t i = 0; i < ps->n; i++) {
        const piece *p = &ps->v[i];
        int keep = p->given <= *peak;
        for (uint32_t k = p->a; k < p->b; k++) {
            uint32_t o = keep ? k : p->a + p->best[k - p->a];
            res->order[k] = o;
            res->moved += o != k;
        }
        if (!keep && p->given > moved_given) {
            moved_given = p->given;
            res->found_by = p->by;
        }
    }
}

ap_status ap_order_solve(const ap_order_graph *g, const ap_order_options *opt,
                         ap_order_result *res, ap_error *err)
{
    ap_order_options dflt;
    ap_status st;
    ap__sched S;
    pieces ps = {NULL, 0, 0};
    memset(res, 0, sizeof *res);
    if (!opt) {
        ap_order_options_init(&dflt);
        opt = &dflt;
    }
    if ((unsigned)opt->strategy > AP_ORDER_STORED)
        return ap_error_set(err, AP_ERR_USAGE, "unknown ordering strategy %d",
                            (int)opt->strategy);
    if ((st = ap__order_graph_from(g, &S, err)) != AP_OK)
        return st;
    uint64_t budget = opt->budget ? opt->budget : AP_ORDER_DEFAULT_BUDGET;
    int64_t start = S.start ? ap__order_graph_start_bytes(&S) : 0, glb = start, peak, given;
    uint32_t *rc = ap__alloc((size_t)S.nt + 1, sizeof *rc);
    res->order = ap__alloc((size_t)S.n + 1, sizeof *res->order);
    if (!rc || !res->order ||
        make_pieces(&S, opt->strategy, BEAM_PER_NODE * budget, &ps, &glb, err) != 0)
        goto nomem;
    res->pieces = (uint32_t)ps.n;
    res->static_bound = glb;
    if (opt->strategy == AP_ORDER_EXACT && search_pieces(&ps, &glb, budget, res, err) != AP__ORDER_FOUND)
        goto nomem;
    compose(&ps, start, res, &peak, &given);
    res->n_ops = S.n;
    res->peak = ap__order_graph_sim(&S, res->order, rc);
    res->peak_given = given;
    res->bound = glb;
    res->proven = res->peak == glb;
    /* Invariants: the pieces' figures compose into the whole order's. */
    assert(res->peak == peak);
    assert(ap__order_graph_sim(&S, NULL, rc) == given);
    assert(glb <= peak);
    st = AP_OK;
    goto done;
nomem:
    st = ap_error_set(err, AP_ERR_NOMEM, "out of memory ordering operators");
    ap_order_result_free(res);
done:
    pieces_free(&ps);
    free(rc);
    ap__order_graph_free(&S);
    return st;
}
