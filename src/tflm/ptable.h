/*
 * ptable.h - a kernel's Prepare as a table: what it checks and which scratch buffers it asks
 * for, as rows of text formulas (kexpr.h) over facts read from the operator and the features
 * of the target (ap__kbuild). kernels_cmsis.c holds the CMSIS-NN tables; docs/kernels.md lists
 * every row with its source.
 *
 * A table is: a gatherer (code: which input is the filter, which dimension is the depth, the
 * padding TFLM computes), named definitions (derived quantities and CMSIS-NN's predicates,
 * such as arm_nn_is_convolve_1x1), and rows run in order:
 *
 *   kind     CHECK: when `when` holds, Prepare fails and `what` says why;
 *            SCRATCH: RequestScratchBufferInArena(bytes) when `when` holds;
 *            SCRATCH_POS: the same, but only when bytes > 0 (the CMSIS-NN kernels' usual
 *            `if (buf_size > 0)`).
 *   group    0: the row stands alone. Consecutive rows with the same non-zero group are the
 *            branches of one if / else if chain: the first whose `when` holds is taken and the
 *            rest of the group is skipped (a taken SCRATCH_POS row of 0 bytes requests nothing).
 *
 * Names a formula may use, besides the table's facts and definitions: the target's features
 * dsp, mve, armclang, speed (0 or 1) and ptr (pointer size), and the tensor types FLOAT32,
 * INT32, UINT8, INT64, INT16, INT8, INT4 and NONE (-1: an absent tensor).
 */
#ifndef AP_TFLM_PTABLE_H
#define AP_TFLM_PTABLE_H

#include <stddef.h>
#include <stdint.h>

#include "tflm/kernels.h"
#include "tflm/kexpr.h"

enum { AP__PR_CHECK, AP__PR_SCRATCH, AP__PR_SCRATCH_POS };

typedef struct ap__prow {
    int kind;
    int group;
    const char *when;
    const char *bytes;  /* NULL for CHECK */
    const char *fn;     /* the function the kernel calls for the size, NULL when the kernel
                           computes it itself */
    const char *what;   /* the buffer's use, or for CHECK the reason Prepare fails */
} ap__prow;

#define AP__PFACTS_MAX 40

typedef struct ap__pfacts {
    ap__kvar v[AP__PFACTS_MAX];
    size_t n;
} ap__pfacts;

/* Adds a fact (name is static text; at most AP__PFACTS_MAX facts). */
void ap__pfact(ap__pfacts *f, const char *name, int64_t value);

/* Reads the operator into facts; fails (ap__kfail) only where TFLM's Prepare would fail
 * before any of the table's checks could run (a missing tensor). */
typedef ap_status (*ap__pgather_fn)(ap__kctx *k, ap__pfacts *f);

typedef struct ap__ptable {
    int32_t builtin;         /* operator code */
    const char *source;      /* file and function at tflite-micro 90b983c2b */
    ap__pgather_fn gather;
    const ap__kdef *defs;
    size_t n_defs;
    const ap__prow *rows;
    size_t n_rows;
} ap__ptable;

/* Runs table t on k's operator for k->build: the checks, then the requests in row order
 * (ap__kreq, with each row's what and fn). A check that holds, or a formula that divides by
 * zero or passes 2^52, fails the operator (AP_ERR_INPUT, naming it and the row); a table text
 * that does not parse is a bug (AP_ERR_INVALID, and an assert). AP_ERR_NOMEM. */
ap_status ap__ptable_run(ap__kctx *k, const ap__ptable *t);

/* Evaluates every row and definition of t on facts f for build: 0 when each one parses and
 * names only known quantities, else the index of the first bad row plus 1 (definitions count
 * after the rows). For the tests. */
size_t ap__ptable_lint(const ap__ptable *t, const ap__pfacts *f, const ap__kbuild *build);

/* The CMSIS-NN table for op, or NULL when CMSIS-NN has no kernel of its own for it (TFLM then
 * links the reference kernel). kernels_cmsis.c. */
const ap__ptable *ap__cmsis_table(const ap_tfl_operator *op);

/* Every CMSIS-NN table, NULL-terminated (for the tests and the docs check). */
extern const ap__ptable *const ap__cmsis_tables[];

#endif
