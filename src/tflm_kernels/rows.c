/*
 * rows.c - finding and checking the rows of kernel tables (rows.h). Running them is the
 * passes' job: scratch.c (Prepare's requests, for the head), tflm_arena/trace.c (Init and
 * Prepare's allocations, for the whole arena).
 *
 * The folder src/tflm_kernels/: what TFLM's kernels do to memory, as data: one table of rows
 * per kernel set (reference.c, cmsis_nn.c), keyed by the operators of opcodes.h, the kernel
 * sets and targets they are for, the expression language and struct layouts the rows are
 * written in, and the Prepare pass that turns them into scratch requests.
 */
#include <string.h>

#include "tflm_kernels/rows.h"

static int find_in(const ap__ktable *t, int32_t op, const ap__krow **first, size_t *n)
{
    size_t k = 0;
    while (k < t->n_rows && t->rows[k].op != op)
        k++;
    if (k == t->n_rows)
        return 0;
    size_t e = k;
    while (e < t->n_rows && t->rows[e].op == op)
        e++;
    *first = &t->rows[k];
    *n = e - k;
    return 1;
}

int ap__rows_find(const ap__ktable *t, int32_t op, const ap__krow **first, size_t *n)
{
    *first = NULL;
    *n = 0;
    for (; t; t = t->fallback)
        if (find_in(t, op, first, n))
            return 1;
    return 0;
}

const ap__krow *ap__rows_parser(const ap__ktable *t, int32_t op)
{
    const ap__krow *r;
    size_t n;
    while (t && t->fallback)
        t = t->fallback;
    if (!t || !find_in(t, op, &r, &n))
        return NULL;
    for (size_t k = 0; k < n; k++)
        if (r[k].kind == AP__ROW_PARSE)
            return &r[k];
    return NULL;
}

int ap__rows_allocate(const ap__krow *r, size_t n)
{
    for (size_t k = 0; k < n; k++)
        if (r[k].kind == AP__ROW_PERSIST || r[k].kind == AP__ROW_TEMP || r[k].kind == AP__ROW_NONE)
            return 1;
    return 0;
}

size_t ap__rows_defs(const ap__krow *r, size_t n, ap__xdef *defs)
{
    size_t d = 0;
    for (size_t k = 0; k < n && d < AP__ROWS_MAX_DEFS; k++)
        if (r[k].kind == AP__ROW_DEF)
            defs[d++] = (ap__xdef){r[k].what, r[k].expr};
    return d;
}

/* Whether the text of a row parses and names only known quantities (defs of its operator). */
static int lints(const char *text, const ap__target *tg, const ap__xdef *defs, size_t n_defs,
                 ap_error *err)
{
    return !text || ap__expr_check_defs(text, tg, defs, n_defs, err) == AP_OK;
}

/* The fields each kind needs and allows: expr, what, and no `repeat`, group or fn where
 * the kind has none. */
static const char *shape_fault(const ap__krow *r)
{
    switch (r->kind) {
    case AP__ROW_PARSE:
        return r->when || r->repeat || r->what ? "a PARSE row has a struct name only" : NULL;
    case AP__ROW_DEF:
        return !r->what || !r->expr ? "a DEF row needs a name and an expression" : NULL;
    case AP__ROW_CHECK:
    case AP__ROW_ABORT:
        return !r->when || !r->what || r->expr ? "a CHECK row needs a condition and a reason"
                                               : NULL;
    case AP__ROW_SCRATCH:
    case AP__ROW_SCRATCH_POS:
    case AP__ROW_PERSIST:
        return !r->expr || !r->what ? "a request needs bytes and a what" : NULL;
    case AP__ROW_RESIZE:
        return !r->expr ? "a RESIZE row needs an element count" : NULL;
    case AP__ROW_TEMP:
    case AP__ROW_OWN:
        return !r->expr ? "a TEMP or OWN row needs a tensor" : NULL;
    case AP__ROW_NONE:
        return r->expr || r->when ? "a NONE row has nothing else" : NULL;
    default:
        return "an unknown kind";
    }
}

size_t ap__rows_lint(const ap__ktable *t, const ap__target *tg, ap_error *err)
{
    for (size_t i = 0; i < t->n_rows; i++) {
        const ap__krow *r = &t->rows[i], *first;
        size_t n;
        ap__xdef defs[AP__ROWS_MAX_DEFS];
        const char *fault = shape_fault(r);
        if (!fault && r->group && r->kind != AP__ROW_CHECK && r->kind != AP__ROW_ABORT &&
            r->kind != AP__ROW_SCRATCH &&
            r->kind != AP__ROW_SCRATCH_POS)
            fault = "a group on a row that is no CHECK or request";
        if (!fault && ((r->repeat && r->kind != AP__ROW_CHECK) || r->step != AP__STEP_PREPARE) &&
            r->kind != AP__ROW_PERSIST && r->kind != AP__ROW_TEMP && r->kind != AP__ROW_PARSE &&
            r->kind != AP__ROW_DEF)
            fault = "a repeat or an INIT step on a Prepare-only row";
        if (!fault && r->repeat && r->group)
            fault = "a repeated CHECK in a group";
        if (!fault && r->clear && (r->kind != AP__ROW_PERSIST || r->step != AP__STEP_PREPARE))
            fault = "clear on a row that is no Prepare persistent buffer";
        if (!fault && r->group && i > 0 && t->rows[i - 1].group != r->group) {
            /* a group's branches are consecutive: the chain is one if / else if */
            for (size_t k = i; k-- > 0 && t->rows[k].op == r->op && !fault;)
                if (t->rows[k].group == r->group)
                    fault = "a group continued after another row";
        }
        if (!fault && (i == 0 || t->rows[i - 1].op != r->op)) {
            /* an operator's rows are together: find takes one run */
            for (size_t k = i; k < t->n_rows && !fault; k++)
                if (t->rows[k].op == r->op && k > i && t->rows[k - 1].op != r->op)
                    fault = "an operator's rows are not together";
        }
        if (fault) {
            ap_error_set(err, AP_ERR_INVALID, "row %zu: %s", i, fault);
            return i + 1;
        }
        find_in(t, r->op, &first, &n);
        size_t nd = ap__rows_defs(first, n, defs);
        if (r->kind == AP__ROW_PARSE)
            continue;
        if (!lints(r->when, tg, defs, nd, err) || !lints(r->repeat, tg, defs, nd, err) ||
            !lints(r->expr, tg, defs, nd, err))
            return i + 1;
    }
    return 0;
}
