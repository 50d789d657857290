/*
 * alloc_rows.h - what each TFLM kernel allocates in the arena, as tables (internal;
 * alloc_rows.c).
 *
 * Shape of the data (alloc_rows.c holds the tables; docs/arena.md prints them):
 *
 * 1. Parsers: one row per builtin operator the op resolver can parse, naming the TfLite*Params
 *    struct its parser allocates for every operator (MicroBuiltinDataAllocator: persistent,
 *    aligned to the struct's alignment, not recorded by RecordingMicroAllocator), or NULL when
 *    the parser allocates nothing. Parsers belong to the op resolver, not to a kernel set.
 *
 * 2. Kernel sets: rows { operator, step, kind, when, repeat, expr, what } in the order the
 *    kernel makes its calls, all rows of one operator together:
 *      op      the builtin name ("CONV_2D") or the custom code ("SignalRfft")
 *      step    INIT (the kernel's Init) or PREPARE (its Prepare)
 *      kind    PERSIST   context->AllocatePersistentBuffer(expr bytes): the tail, aligned to
 *                        16, recorded as "persistent buffer"
 *              TEMP      AllocateTempInputTensor & co. for the tensor expr: a TfLiteTensor in
 *                        the temporary section, plus a TfLiteAffineQuantization and a
 *                        zero-point TfLiteIntArray when the tensor is quantized (freed when the
 *                        operator's Prepare ends)
 *              NONE      the operator is known and allocates nothing here (so an operator
 *                        without rows can be told from one the table does not know)
 *      when    a condition (expr.h), or NULL for always
 *      repeat  a count expression, or NULL for once; the row runs for i = 0 .. count - 1
 *      expr    PERSIST: bytes; TEMP: the tensor (in(0), out(0), in(i), ...)
 *      what    what TFLM keeps there, for reports
 *    Sizes are in terms of the target (ptr, sizeof(OpDataConv), ...) and of the operator's
 *    tensors (dim(in(1), 0), scales(in(1)), ...), so one row serves every target.
 *    Kernel scratch (RequestScratchBufferInArena) is modelled by scratch.c.
 *
 * A kernel set is a name, its rows, and the set it falls back to for operators it has no rows
 * for: "reference" (TFLM's reference kernels) stands alone; an optimized set ("cmsis-nn")
 * lists rows for the kernels it replaces and falls back to "reference" for the rest.
 */
#ifndef AP_TFLM_KTABLE_H
#define AP_TFLM_KTABLE_H

#include <stddef.h>
#include <stdint.h>

enum { AP__KSTEP_INIT, AP__KSTEP_PREPARE };
enum { AP__KIND_PERSIST, AP__KIND_TEMP, AP__KIND_NONE };

typedef struct ap__krow {
    const char *op;
    uint8_t step;
    uint8_t kind;
    const char *when;
    const char *repeat;
    const char *expr;
    const char *what;
} ap__krow;

typedef struct ap__kset {
    const char *name;
    const ap__krow *rows;
    size_t n_rows;
    const char *fallback;   /* another set's name, or NULL */
} ap__kset;

typedef struct ap__parser {
    const char *op;         /* builtin operator name */
    const char *params;     /* struct of the layout table, or NULL */
} ap__parser;

/* The kernel set called name, or NULL. */
const ap__kset *ap__alloc_rows_set(const char *name);

/* The known kernel sets, NULL-terminated (for messages and tests). */
extern const ap__kset *const ap__alloc_rows_sets[];

/* The rows for operator name (builtin name or custom code) in set s or its fallbacks:
 * *first and *n; 0 when no set in the chain knows the operator. */
int ap__alloc_rows_find(const ap__kset *s, const char *name, const ap__krow **first, size_t *n);

/* The parser row of a builtin operator, or NULL when the table does not know it. */
const ap__parser *ap__alloc_rows_parser(const char *op);

/* The parser table (n rows). */
const ap__parser *ap__alloc_rows_parsers(size_t *n);

#endif
