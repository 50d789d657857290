/*
 * rows.h - kernel knowledge as rows (internal; rows.c runs them): what each TFLM kernel of a
 * kernel set does to memory, one row per fact, keyed by the operator's code (opcodes.h), with the
 * line of tflite-micro 90b983c2b (or CMSIS-NN 4ab83cc3) it comes from. docs/kernels.md explains
 * how to write them; row_macros.h has the macros the tables are written with.
 *
 * A table (ap__ktable) is one kernel set's rows and the table it falls back to. The rows of an
 * operator are the table's rows for it if it has any, else its fallback's: a kernel set lists
 * the kernels it replaces, whole, and inherits the rest.
 *
 * Each row has a kind; two passes read them, each in row order, each its own kinds:
 *   - the head's problem (scratch.c, every operator's Prepare): CHECK (Prepare fails when
 *     `when` holds, `what` says why: TFLM refuses the model), ABORT (the same where TFLM
 *     aborts or faults instead: a TFLITE_DCHECK or TFLITE_CHECK, a null pointer), SCRATCH (RequestScratchBufferInArena(expr bytes) when
 *     `when` holds), SCRATCH_POS (the same only when expr > 0: CMSIS-NN's
 *     `if (buf_size > 0)`), OWN (the tensor expr gets memory of its own: not planned), RESIZE
 *     (Prepare rewrites output 0's dimensions, through its writable copy: TFLM plans it with
 *     expr elements, not the model's shape);
 *   - the whole arena (tflm_arena/trace.c, Init and Prepare): PERSIST (AllocatePersistentBuffer
 *     of expr bytes: the tail, 16-aligned), TEMP (a temporary TfLiteTensor for the tensor expr),
 *     NONE (the kernel allocates nothing: an operator without PERSIST, TEMP or NONE rows is one
 *     the arena does not model), each in its step (INIT or PREPARE), `repeat` times;
 * and both read DEF rows: `what` names expr, which every other row of the operator may use.
 * PARSE rows are the op resolver's, not a kernel set's: the parser of the builtin allocates the
 * TfLite*Params struct expr (or nothing, NULL); they are read from the root table (the one
 * without a fallback). Consecutive CHECK and SCRATCH rows with the same non-zero group are the
 * branches of one if / else if chain: the first whose `when` holds is taken.
 *
 * Expressions are the language of expr.h. A row that reads a tensor comes after the CHECK rows
 * that it exists and has the dimensions read (else the expression itself fails, naming what
 * it read).
 */
#ifndef AP_TFLM_KERNELS_ROWS_H
#define AP_TFLM_KERNELS_ROWS_H

#include <stddef.h>
#include <stdint.h>

#include "arenaplan/error.h"
#include "tflm_kernels/expr.h"
#include "tflm_kernels/targets.h"

enum {
    AP__ROW_PARSE, AP__ROW_DEF,
    AP__ROW_CHECK, AP__ROW_ABORT, AP__ROW_SCRATCH, AP__ROW_SCRATCH_POS, AP__ROW_OWN,
    AP__ROW_RESIZE,
    AP__ROW_PERSIST, AP__ROW_TEMP, AP__ROW_NONE,
    AP__ROW_KINDS
};
enum { AP__STEP_INIT, AP__STEP_PREPARE };

typedef struct ap__krow {
    int32_t op;            /* AP__OP_* (opcodes.h) */
    uint8_t kind;          /* AP__ROW_* */
    uint8_t step;          /* PERSIST, TEMP: AP__STEP_INIT or AP__STEP_PREPARE */
    uint8_t group;         /* CHECK, SCRATCH*: 0, or its if / else if chain */
    const char *when;      /* a condition, NULL: always */
    const char *repeat;    /* PERSIST, TEMP, CHECK (not in a group): a count, the row runs
                              for i = 0 .. count - 1 (a check in a loop: Prepare fails at the
                              first i whose `when` holds); NULL: once */
    const char *expr;      /* bytes (PERSIST, SCRATCH*), a tensor (TEMP, OWN), a value (DEF),
                              a struct (PARSE: NULL for none) */
    const char *what;      /* what the kernel keeps there, why Prepare fails (CHECK, ABORT),
                              the name (DEF) */
    const char *fn;        /* SCRATCH*: the library function that sizes it, as the kernel
                              calls it, or NULL when the kernel computes the size itself */
    const char *src;       /* where TFLM does it: "kernels/conv_common.cc:77" (tflite-micro
                              paths from tensorflow/lite/micro/, CMSIS-NN's from its root) */
    uint8_t clear;         /* PERSIST in Prepare: AP__CLEAR_* when the kernel writes the buffer
                              and then reads its temporaries (TFLM's tail allocation is checked
                              against the head only, so an arena that lets it reach into them
                              overwrites them): how much of them must stay intact */
} ap__krow;

/* What a Prepare persistent buffer (ap__krow.clear) must leave intact of the temporaries, when
 * the last temporary tensor is quantized (else the whole section: its TfLiteTensor is read):
 * AP__CLEAR_ALL every byte; AP__CLEAR_QUANT all but the zero-point array after the last
 * tensor's TfLiteAffineQuantization (the kernel reads its fields, not its zero points);
 * AP__CLEAR_QUANT_PTRS that quantization up to the end of its zero_point pointer (what
 * DeallocateTempTfLiteTensor reads; the kernel reads nothing of it): what the replay keeps of
 * the temporaries for every Prepare persistent buffer anyway (replay.c's guard), said in a row
 * for the reader. Two kinds need less than that guard:
 * AP__CLEAR_UNWRITTEN: Prepare writes nothing into the buffer (Eval fills it before reading
 * it: BATCH_MATMUL's transposed operands), so it may lie on any temporary bytes: only TFLM's
 * own check against the head holds it;
 * AP__CLEAR_TENSOR_DIMS: once the buffer is written, nothing reads the last temporary
 * TfLiteTensor's fields after its dims pointer (bytes, type, allocation_type, is_variable):
 * the kernel reads its dims, DeallocateTempTfLiteTensor its quantization (and writes its data
 * and dims pointers), so the buffer may lie on those fields, or on any other temporary bytes
 * no one reads (a zero-point array, the tail of a TfLiteAffineQuantization), but on nothing
 * read (replay.c: the read intervals). */
enum { AP__CLEAR_NONE, AP__CLEAR_ALL, AP__CLEAR_QUANT, AP__CLEAR_QUANT_PTRS, AP__CLEAR_UNWRITTEN,
       AP__CLEAR_TENSOR_DIMS };

typedef struct ap__ktable {
    const char *name;             /* "reference", "cmsis-nn" */
    const ap__krow *rows;         /* an operator's rows together */
    size_t n_rows;
    const struct ap__ktable *fallback; /* NULL: the root */
} ap__ktable;

/* The root table (reference.c): TFLM's reference kernels and the op resolver's parsers. Every
 * other table falls back to it. */
extern const ap__ktable ap__reference_table;

/* The rows of operator code op in t, else in its fallbacks: *first and *n; 0 (and *n = 0) when
 * no table of the chain has rows for it. */
int ap__rows_find(const ap__ktable *t, int32_t op, const ap__krow **first, size_t *n);

/* The PARSE row of builtin op in t's root, or NULL. */
const ap__krow *ap__rows_parser(const ap__ktable *t, int32_t op);

/* Whether rows r[0..n) say what Init and Prepare allocate (a PERSIST, TEMP or NONE row). */
int ap__rows_allocate(const ap__krow *r, size_t n);

/* The DEF rows of r[0..n) as definitions, into defs[0..AP__ROWS_MAX_DEFS); returns how many. */
#define AP__ROWS_MAX_DEFS 32
size_t ap__rows_defs(const ap__krow *r, size_t n, ap__xdef *defs);

/* 0 when every row of t (not its fallbacks) is well formed and its expressions parse and name
 * only known quantities on target tg, else the index of the first bad one plus 1, with err
 * saying why. For the tests. */
size_t ap__rows_lint(const ap__ktable *t, const ap__target *tg, ap_error *err);

#endif
