/*
 * prepare_rows.h - a kernel's Prepare as a table: what it checks and which scratch buffers it asks
 * for, as rows of expressions (expr.h, the language of the arena's kernel tables) over the
 * operator's tensors and options and the features of the build (ap__kbuild). cmsis_nn.c
 * holds the CMSIS-NN tables; docs/kernels.md lists every row with its source.
 *
 * A table is named definitions (the quantities the kernel reads, such as "ic" for
 * "dim(in(0), 3)", and CMSIS-NN's predicates, such as arm_nn_is_convolve_1x1) and rows run in
 * order:
 *
 *   kind     CHECK: when `when` holds, Prepare fails and `what` says why;
 *            SCRATCH: RequestScratchBufferInArena(bytes) when `when` holds;
 *            SCRATCH_POS: the same, but only when bytes > 0 (the CMSIS-NN kernels' usual
 *            `if (buf_size > 0)`).
 *   group    0: the row stands alone. Consecutive rows with the same non-zero group are the
 *            branches of one if / else if chain: the first whose `when` holds is taken and the
 *            rest of the group is skipped (a taken SCRATCH_POS row of 0 bytes requests nothing).
 *
 * A check that reads a tensor comes after the checks that it exists and has the dimensions
 * read (else the expression itself fails, naming what it read).
 */
#ifndef AP_TFLM_PTABLE_H
#define AP_TFLM_PTABLE_H

#include <stddef.h>
#include <stdint.h>

#include "tflm_kernels/expr.h"
#include "tflm_kernels/prepare.h"

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

typedef struct ap__ptable {
    int32_t builtin;         /* operator code */
    const char *source;      /* file and function at tflite-micro 90b983c2b */
    const ap__xdef *defs;
    size_t n_defs;
    const ap__prow *rows;
    size_t n_rows;
} ap__ptable;

/* Runs table t on k's operator for k->build: the checks, then the requests in row order
 * (ap__prepare_request, with each row's what and fn). A check that holds, or an expression the model does
 * not fit (a tensor or dimension it reads is absent, a division by zero, an overflow), fails
 * the operator (AP_ERR_INPUT, naming it and the row); a table text that does not parse is a bug
 * (AP_ERR_INVALID). AP_ERR_NOMEM. */
ap_status ap__prepare_rows_run(ap__kctx *k, const ap__ptable *t);

/* 0 when every row and definition of t parses and names only known quantities, else the index
 * of the first bad one plus 1 (definitions count after the rows), with err saying why. For
 * the tests. */
size_t ap__prepare_rows_lint(const ap__ptable *t, ap_error *err);

#endif
