/*
 * ptable.c - runs a kernel table (ptable.h) on one operator: gathers its facts, evaluates the
 * rows in order against the facts, the table's definitions and the target's features, and
 * turns the rows that apply into checks that fail and scratch requests.
 */
#include <assert.h>
#include <stdio.h>

#include "tflm/ptable.h"

static const ap__kvar type_names[] = {
    {"FLOAT32", 0}, {"INT32", 2}, {"UINT8", 3}, {"INT64", 4},
    {"INT16", 7},   {"INT8", 9},  {"INT4", 17}, {"NONE", -1},
};

void ap__pfact(ap__pfacts *f, const char *name, int64_t value)
{
    assert(f->n < AP__PFACTS_MAX);
    if (f->n < AP__PFACTS_MAX)
        f->v[f->n++] = (ap__kvar){name, value};
}

/* The environments of a table run: facts and definitions, then the target, then the types. */
typedef struct envs {
    ap__kvar target[5];
    ap__kenv types, tgt, top;
} envs;

static void envs_init(envs *e, const ap__ptable *t, const ap__pfacts *f, const ap__kbuild *build)
{
    e->target[0] = (ap__kvar){"dsp", build->dsp};
    e->target[1] = (ap__kvar){"mve", build->mve};
    e->target[2] = (ap__kvar){"armclang", build->armclang};
    e->target[3] = (ap__kvar){"speed", build->speed};
    e->target[4] = (ap__kvar){"ptr", build->ptr};
    e->types = (ap__kenv){type_names, sizeof type_names / sizeof type_names[0], NULL, 0, NULL};
    e->tgt = (ap__kenv){e->target, 5, NULL, 0, &e->types};
    e->top = (ap__kenv){f->v, f->n, t->defs, t->n_defs, &e->tgt};
}

/* Evaluates one text of row i; a fault becomes the operator's failure (arithmetic) or an
 * internal error (a table that does not parse). */
static ap_status eval(ap__kctx *k, const ap__ptable *t, const envs *e, size_t i,
                      const char *text, int64_t *v)
{
    const char *where = NULL;
    ap__kx_status xs = ap__kexpr_eval(text, &e->top, v, &where);
    if (xs == AP__KX_OK)
        return AP_OK;
    const ap__prow *r = &t->rows[i];
    char detail[200];
    snprintf(detail, sizeof detail, " in row %zu of its kernel table (%s%s%s): \"%s\"", i,
             r->what, r->fn ? ", " : "", r->fn ? r->fn : "", text);
    if (xs == AP__KX_SYNTAX || xs == AP__KX_NAME) {
        assert(!"a kernel table row does not parse");
        return ap_error_set(k->err, AP_ERR_INVALID, "subgraph %u operator %u (%s): %s at \"%s\"%s"
                            " (a bug in arenaplan)", k->s, k->op->index, k->op->name,
                            ap__kx_message(xs), where ? where : "", detail);
    }
    return ap__kfail(k, ap__kx_message(xs), detail);
}

ap_status ap__ptable_run(ap__kctx *k, const ap__ptable *t)
{
    ap__pfacts f = {0};
    ap_status st = t->gather(k, &f);
    if (st != AP_OK)
        return st;
    envs e;
    envs_init(&e, t, &f, k->build);
    int taken = 0; /* the group whose branch was taken, 0 for none */
    for (size_t i = 0; i < t->n_rows; i++) {
        const ap__prow *r = &t->rows[i];
        if (r->group != 0 && r->group == taken)
            continue;
        int64_t c, bytes;
        if ((st = eval(k, t, &e, i, r->when, &c)) != AP_OK)
            return st;
        if (!c)
            continue;
        taken = r->group;
        if (r->kind == AP__PR_CHECK)
            return ap__kfail(k, r->what, NULL);
        if ((st = eval(k, t, &e, i, r->bytes, &bytes)) != AP_OK)
            return st;
        if (r->kind == AP__PR_SCRATCH_POS && bytes <= 0)
            continue;
        if ((st = ap__kreq(k, bytes, r->what, r->fn)) != AP_OK)
            return st;
    }
    return AP_OK;
}

static int lints(const char *text, const envs *e)
{
    int64_t v;
    ap__kx_status xs = ap__kexpr_eval(text, &e->top, &v, NULL);
    return xs == AP__KX_SYNTAX || xs == AP__KX_NAME;
}

size_t ap__ptable_lint(const ap__ptable *t, const ap__pfacts *f, const ap__kbuild *build)
{
    envs e;
    envs_init(&e, t, f, build);
    for (size_t i = 0; i < t->n_rows; i++) {
        const ap__prow *r = &t->rows[i];
        if (lints(r->when, &e) || (r->kind != AP__PR_CHECK) != (r->bytes != NULL) ||
            (r->bytes && lints(r->bytes, &e)) || !r->what)
            return i + 1;
    }
    for (size_t i = 0; i < t->n_defs; i++)
        if (lints(t->defs[i].expr, &e))
            return t->n_rows + i + 1;
    return 0;
}
