/*
 * kexpr.h - integer expressions over named quantities: the conditions and byte formulas of the
 * kernel tables (kernels_cmsis.c) are kept as text, so that a table row reads like the C source
 * it was written from, docs/kernels.md can quote it, and a new target (another Cortex-M core,
 * another compiler) is a row to add rather than code to write.
 *
 * The language is C's integer expressions: decimal numbers; names; ( ); unary ! and -;
 * * / % + - < <= > >= == != && || and ?: with C's precedence, associativity and truncating
 * division; and three functions: max(a, b), min(a, b) and align(x, m) (x rounded up to a
 * multiple of m, as CMSIS-NN's ARM_NN_ROUND_UP). Comparisons and ! give 0 or 1. && || and ?:
 * evaluate only the operand that decides (a division by zero in the other one is no fault, so a
 * guard such as `rank > 0 && filters % rank == 0` works as in C). Every value, intermediate ones
 * included, must stay within +-AP_MAX_VALUE (2^52).
 */
#ifndef AP_TFLM_KEXPR_H
#define AP_TFLM_KEXPR_H

#include <stddef.h>
#include <stdint.h>

/* A named value. */
typedef struct ap__kvar {
    const char *name;
    int64_t value;
} ap__kvar;

/* A named sub-expression, evaluated (in the environment where it is used) each time its name
 * is read. */
typedef struct ap__kdef {
    const char *name;
    const char *expr;
} ap__kdef;

/* Where names are looked up: vars, then defs, then the next environment. */
typedef struct ap__kenv {
    const ap__kvar *vars;
    size_t n_vars;
    const ap__kdef *defs;
    size_t n_defs;
    const struct ap__kenv *next;
} ap__kenv;

typedef enum ap__kx_status {
    AP__KX_OK = 0,
    AP__KX_SYNTAX,  /* malformed text, or definitions nested past 16 (a cycle) */
    AP__KX_NAME,    /* a name no environment defines */
    AP__KX_DIV0,    /* division, remainder or align by zero */
    AP__KX_RANGE    /* a value past +-2^52 */
} ap__kx_status;

/* Evaluates expr in env into *value. On failure *value is 0 and, when where is not NULL,
 * *where points at the text where evaluation stopped (inside expr or inside a definition).
 * Syntax and name faults are reported even in operands that are not evaluated (they are bugs
 * of the table), division by zero and range faults only where a value is needed. */
ap__kx_status ap__kexpr_eval(const char *expr, const ap__kenv *env, int64_t *value,
                             const char **where);

/* A static description of a status ("division by zero"). */
const char *ap__kx_message(ap__kx_status st);

#endif
