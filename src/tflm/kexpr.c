/*
 * kexpr.c - evaluates the integer expressions of the kernel tables (language in kexpr.h).
 *
 * A recursive-descent evaluator straight over the text: no tree is built, because each
 * expression is short and read once per operator. Every level takes `live`: 0 while skipping
 * an operand that && || or ?: do not need, where values are still computed (to find the end
 * of the operand and any syntax fault) but arithmetic faults are ignored. The table texts are
 * compiled in, so any syntax or name fault is a bug that the table tests catch; the depth
 * bound keeps a definition cycle from recursing without end.
 */
#include <string.h>

#include "arenaplan/problem.h"
#include "core/util.h"
#include "tflm/kexpr.h"

#define MAX_DEF_DEPTH 16

typedef struct parser {
    const char *p;
    const ap__kenv *env;
    int depth;
    ap__kx_status st;
    const char *where;
} parser;

static int64_t expr(parser *x, int live);

static void fault_at(parser *x, ap__kx_status st, const char *at)
{
    if (x->st == AP__KX_OK) {
        x->st = st;
        x->where = at;
    }
}

static void fault(parser *x, ap__kx_status st)
{
    fault_at(x, st, x->p);
}

static void skip_space(parser *x)
{
    while (*x->p == ' ' || *x->p == '\t' || *x->p == '\n')
        x->p++;
}

/* Consumes tok when the text continues with it (and, for "<" ">" "!", not with a longer
 * operator that starts the same way). */
static int eat(parser *x, const char *tok)
{
    skip_space(x);
    size_t n = strlen(tok);
    if (strncmp(x->p, tok, n) != 0)
        return 0;
    if (n == 1 && (tok[0] == '<' || tok[0] == '>' || tok[0] == '!' || tok[0] == '=') &&
        x->p[1] == '=')
        return 0;
    if (n == 1 && (tok[0] == '&' || tok[0] == '|') && x->p[1] == tok[0])
        return 0;
    x->p += n;
    return 1;
}

static void expect(parser *x, const char *tok)
{
    if (!eat(x, tok))
        fault(x, AP__KX_SYNTAX);
}

/* v, or a range fault when |v| is past AP_MAX_VALUE. */
static int64_t bound(parser *x, int live, int overflowed, int64_t v)
{
    if (overflowed || v > AP_MAX_VALUE || v < -AP_MAX_VALUE) {
        if (live)
            fault(x, AP__KX_RANGE);
        return 0;
    }
    return v;
}

static int is_name_char(char c, int first)
{
    return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
           (!first && c >= '0' && c <= '9');
}

static int64_t lookup(parser *x, int live, const char *name, size_t len)
{
    for (const ap__kenv *e = x->env; e; e = e->next) {
        for (size_t i = 0; i < e->n_vars; i++)
            if (strlen(e->vars[i].name) == len && strncmp(e->vars[i].name, name, len) == 0)
                return e->vars[i].value;
        for (size_t i = 0; i < e->n_defs; i++) {
            if (strlen(e->defs[i].name) != len || strncmp(e->defs[i].name, name, len) != 0)
                continue;
            if (x->depth >= MAX_DEF_DEPTH) {
                fault(x, AP__KX_SYNTAX);
                return 0;
            }
            parser sub = {e->defs[i].expr, x->env, x->depth + 1, AP__KX_OK, NULL};
            int64_t v = expr(&sub, live);
            skip_space(&sub);
            if (sub.st == AP__KX_OK && *sub.p != '\0')
                fault(&sub, AP__KX_SYNTAX);
            if (sub.st != AP__KX_OK && x->st == AP__KX_OK) {
                x->st = sub.st;
                x->where = sub.where;
            }
            return v;
        }
    }
    fault_at(x, AP__KX_NAME, name);
    return 0;
}

static int64_t call(parser *x, int live, const char *name, size_t len)
{
    int64_t a = expr(x, live);
    expect(x, ",");
    int64_t b = expr(x, live);
    expect(x, ")");
    if (len == 3 && strncmp(name, "max", 3) == 0)
        return a > b ? a : b;
    if (len == 3 && strncmp(name, "min", 3) == 0)
        return a < b ? a : b;
    if (len == 5 && strncmp(name, "align", 5) == 0) {
        if (b <= 0) {
            if (live)
                fault(x, AP__KX_DIV0);
            return 0;
        }
        /* ((a + b - 1) / b) * b, exactly as ARM_NN_ROUND_UP writes it. */
        int64_t v;
        int ovf = ap__add_ovf(a, b - 1, &v) || ap__mul_ovf(v / b, b, &v);
        return bound(x, live, ovf, v);
    }
    fault_at(x, AP__KX_NAME, name);
    return 0;
}

static int64_t primary(parser *x, int live)
{
    skip_space(x);
    const char *s = x->p;
    if (*s >= '0' && *s <= '9') {
        int64_t v = 0;
        int ovf = 0;
        while (*x->p >= '0' && *x->p <= '9') {
            ovf |= ap__mul_ovf(v, 10, &v) || ap__add_ovf(v, *x->p - '0', &v);
            x->p++;
        }
        return bound(x, 1, ovf, v);
    }
    if (is_name_char(*s, 1)) {
        while (is_name_char(*x->p, 0))
            x->p++;
        size_t len = (size_t)(x->p - s);
        if (eat(x, "("))
            return call(x, live, s, len);
        return lookup(x, live, s, len);
    }
    if (eat(x, "(")) {
        int64_t v = expr(x, live);
        expect(x, ")");
        return v;
    }
    fault(x, AP__KX_SYNTAX);
    return 0;
}

static int64_t unary(parser *x, int live)
{
    if (eat(x, "!"))
        return !unary(x, live);
    if (eat(x, "-"))
        return -unary(x, live);
    return primary(x, live);
}

static int64_t product(parser *x, int live)
{
    int64_t v = unary(x, live);
    for (;;) {
        int op = eat(x, "*") ? '*' : eat(x, "/") ? '/' : eat(x, "%") ? '%' : 0;
        if (!op)
            return v;
        int64_t b = unary(x, live);
        if (op == '*') {
            int64_t r;
            int ovf = ap__mul_ovf(v, b, &r);
            v = bound(x, live, ovf, r);
        } else if (b == 0) {
            if (live)
                fault(x, AP__KX_DIV0);
            v = 0;
        } else {
            v = op == '/' ? v / b : v % b;
        }
    }
}

static int64_t sum(parser *x, int live)
{
    int64_t v = product(x, live);
    for (;;) {
        int op = eat(x, "+") ? '+' : eat(x, "-") ? '-' : 0;
        if (!op)
            return v;
        int64_t b = product(x, live), r;
        int ovf = op == '+' ? ap__add_ovf(v, b, &r) : __builtin_sub_overflow(v, b, &r);
        v = bound(x, live, ovf, r);
    }
}

static int64_t relation(parser *x, int live)
{
    int64_t v = sum(x, live);
    for (;;) {
        if (eat(x, "<="))
            v = v <= sum(x, live);
        else if (eat(x, ">="))
            v = v >= sum(x, live);
        else if (eat(x, "<"))
            v = v < sum(x, live);
        else if (eat(x, ">"))
            v = v > sum(x, live);
        else
            return v;
    }
}

static int64_t equality(parser *x, int live)
{
    int64_t v = relation(x, live);
    for (;;) {
        if (eat(x, "=="))
            v = v == relation(x, live);
        else if (eat(x, "!="))
            v = v != relation(x, live);
        else
            return v;
    }
}

static int64_t conjunction(parser *x, int live)
{
    int64_t v = equality(x, live);
    while (eat(x, "&&")) {
        int64_t b = equality(x, live && v);
        v = v && b;
    }
    return v;
}

static int64_t disjunction(parser *x, int live)
{
    int64_t v = conjunction(x, live);
    while (eat(x, "||")) {
        int64_t b = conjunction(x, live && !v);
        v = v || b;
    }
    return v;
}

static int64_t expr(parser *x, int live)
{
    int64_t c = disjunction(x, live);
    if (!eat(x, "?"))
        return c;
    int64_t a = expr(x, live && c);
    expect(x, ":");
    int64_t b = expr(x, live && !c);
    return c ? a : b;
}

ap__kx_status ap__kexpr_eval(const char *text, const ap__kenv *env, int64_t *value,
                             const char **where)
{
    parser x = {text, env, 0, AP__KX_OK, NULL};
    int64_t v = expr(&x, 1);
    skip_space(&x);
    if (x.st == AP__KX_OK && *x.p != '\0')
        fault(&x, AP__KX_SYNTAX);
    *value = x.st == AP__KX_OK ? v : 0;
    if (where)
        *where = x.st == AP__KX_OK ? NULL : x.where;
    return x.st;
}

const char *ap__kx_message(ap__kx_status st)
{
    switch (st) {
    case AP__KX_OK:
        return "ok";
    case AP__KX_SYNTAX:
        return "malformed expression";
    case AP__KX_NAME:
        return "unknown name";
    case AP__KX_DIV0:
        return "division by zero";
    case AP__KX_RANGE:
        return "a value past 2^52";
    }
    return "unknown status";
}
