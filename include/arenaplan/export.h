/*
 * arenaplan/export.h - putting a plan where firmware uses it.
 */
#ifndef ARENAPLAN_EXPORT_H
#define ARENAPLAN_EXPORT_H

#include <stdio.h>

#include "arenaplan/plan.h"
#include "arenaplan/problem.h"
#include "arenaplan/report.h"
#include "arenaplan/shared.h"
#include "arenaplan/tflite.h"

#ifdef __cplusplus
extern "C" {
#endif
AP_PUBLIC_BEGIN

/* Writes a C header (C99 and C++ compatible) for firmware: the head size, the offsets of every
 * buffer in the problem's order (for models: the order TFLM's planner receives them, tensors
 * then scratch), sizes and lifetimes, a struct laid out like TFLM's tflite::BufferPlan for
 * NonPersistentMemoryPlannerShim, UPPER_NEEDS_REFERENCE_KERNELS (1 when the plan shares bytes
 * that only the problem's overlap allowances permit), and an ap_rt_plan for the arenaplan
 * runtime when arenaplan_rt.h was included before it. The header compiles alone (C99, C++11).
 * `name` becomes the prefix of every symbol: it must be a C identifier (see ap_c_identifier).
 * The input's file name (not its folder), ids, tensor names and the whole note go in comments,
 * escaped so that no text can close or open a comment, splice a line or form a trigraph.
 * AP_ERR_OVERFLOW when an offset or size does not fit in 32 bits. */
ap_status ap_write_c_header(FILE *f, const ap_problem *p, const ap_plan *plan, const char *name,
                            ap_error *err);

/* ap_write_c_header with options: opt->arena (report.h) adds NAME_ARENA_SIZE, TFLM's whole
 * arena (kTensorArenaSize) on its target, with the declaration it is for in a comment
 * (alignas(16) static uint8_t tensor_arena[NAME_ARENA_SIZE];). */
ap_status ap_write_c_header_with(FILE *f, const ap_problem *p, const ap_plan *plan, const char *name,
                                 const ap_report_options *opt, ap_error *err);

/* TFLM's figures of a set of models, for its header (docs/shared.md). */
struct ap_tflm_tenants;
typedef struct ap_c_shared_tflm {
    const char *target;
    /* sequential: TFLM's multi-tenant arena (one MicroAllocator, the interpreters created in the
     * order of the models): NAME_ARENA_SIZE is its min_arena; the comment lays out its head and
     * tails */
    const struct ap_tflm_tenants *tenants;
    int split;            /* sequential: also NAME_PERSISTENT_ARENA_SIZE and
                             NAME_NONPERSISTENT_ARENA_SIZE (tenants' split_*) */
    const char *order_note; /* sequential: a sentence for the comment (another order needs
                             less), or NULL */
    /* concurrent: separate interpreters, each with its own MicroAllocator on its own region of
     * one buffer: NAME_ARENA_SIZE is the buffer (ap_tflm_regions), model i's region
     * NAME_MODELNAME_REGION_OFFSET / _REGION_SIZE */
    int64_t regions;
    const int64_t *region_offset, *region_size;
    const char *unknown;  /* neither (a model TFLM refuses, an arena not computed): why; the
                             comment says it and no NAME_ARENA_SIZE is defined */
} ap_c_shared_tflm;

/* One header for k models sharing one arena (shared.h: ap_plan_shared's plans, res->arena as
 * head): NAME_MODELS, NAME_HEAD_SIZE (the shared head), then each model's defines and tables as
 * ap_write_c_header writes them, every symbol prefixed by NAME_MODELNAME (model_names[i], C
 * identifiers; the caller makes them distinct), its offsets within the shared head. It compiles
 * as the single-model header does; tflm (or NULL: TFLM's arena unknown) adds NAME_ARENA_SIZE as
 * it says. AP_ERR_USAGE for a name that is no C identifier, AP_ERR_OVERFLOW past 32 bits,
 * AP_ERR_INVALID when a model's head exceeds head. */
ap_status ap_write_c_header_shared(FILE *f, ap_problem *const *models, const ap_plan *plans, size_t k,
                                   const char *const *model_names, ap_shared_mode mode, int64_t head,
                                   const ap_c_shared_tflm *tflm, const char *name, ap_error *err);

/* Makes a lower-case C identifier from text (a file name: its directory and extension are
 * dropped; other characters become '_'; a leading digit gets "m_" before it). Writes at most
 * cap bytes including the NUL. */
void ap_c_identifier(const char *text, char *out, size_t cap);

/* ---- A model for firmware: the model as a C array, its arena and its operators ------------ */

/* One operator type a model runs and the method of TFLM's MicroMutableOpResolver that
 * registers it (tflite-micro 90b983c2b, tensorflow/lite/micro/micro_mutable_op_resolver.h). */
typedef struct ap_tflm_op_method {
    const char *op;       /* the builtin's schema name ("CONV_2D"), or for the operators TFLM
                             registers as custom ones the name it registers ("CIRCULAR_BUFFER",
                             "TFLite_Detection_PostProcess", "SignalWindow", ...); static */
    int32_t builtin;      /* its builtin code (AP_TFL_OP_CUSTOM for a custom one) */
    const char *method;   /* "AddConv2D" (static) */
    int line;             /* the line of micro_mutable_op_resolver.h that declares the method */
    uint32_t operators;   /* how many operators of the model (all subgraphs) it registers */
} ap_tflm_op_method;

/* The MicroMutableOpResolver methods model m needs: one per distinct method its operators
 * (every subgraph) resolve to, sorted by method name, into *out (malloc'd, *n entries; free it;
 * NULL when the model has no operator). The count is the tOpCount a
 * tflite::MicroMutableOpResolver<tOpCount> needs for them. AP_ERR_INPUT naming the subgraph
 * and operator when TFLM has no method for one: a builtin code TFLM does not register, or a
 * custom operator TFLM does not know (the application would AddCustom it with a registration of
 * its own); AP_ERR_NOMEM. */
ap_status ap_tflm_op_methods(const ap_tfl_model *m, ap_tflm_op_method **out, size_t *n,
                             ap_error *err);

struct ap_tflm_arena; /* tflm_arena.h */

/* What ap_write_model_source writes besides the model. */
typedef struct ap_model_source_options {
    const char *name;     /* the symbols' prefix, a C identifier of at most 100 characters
                             (ap_c_identifier makes one from a file name) */
    const char *header;   /* the header's file name, which the source includes ("model_data.h");
                             a plain name: no folder, no quote or backslash */
    const char *input;    /* the input's name for the opening comment (its folder is dropped),
                             or NULL */
    const char *strategy; /* the plan's strategy for the comment, or NULL */
    const struct ap_tflm_arena *arena; /* TFLM's whole arena with this model (the embedded
                             plan's), or NULL: NAME_ARENA_SIZE and NAME_HEAD_SIZE then are not
                             defined */
} ap_model_source_options;

/* Writes a model for firmware as two files that compile as C (C99 and later) and C++ (C++11
 * and later), warning-free with -Wall -Wextra -pedantic:
 * - source (model_data.c): the model's bytes as `const unsigned char NAME_model[]`, aligned to
 *   16 bytes as TFLM needs (alignas(16) in C++11, _Alignas(16) in C11, GCC's aligned attribute
 *   otherwise), and `const unsigned int NAME_model_len`;
 * - header (model_data.h): their declarations (extern "C" in C++), NAME_MODEL_SIZE, and from
 *   opt->arena NAME_ARENA_SIZE (kTensorArenaSize: TFLM's whole arena, arena->min_arena) and
 *   NAME_HEAD_SIZE (arena->head); NAME_OP_COUNT, the operators' count (ap_tflm_op_methods), and
 *   the X-macro NAME_OPS(X, r), which expands to X(r, AddConv2D) ... once per method, so that
 *   C++ code writes
 *     tflite::MicroMutableOpResolver<NAME_OP_COUNT> r; NAME_ADD_OPS(r);
 *   (NAME_ADD_OPS calls each method on r, ignoring its status; NAME_OPS with an X of the
 *   caller's checks it).
 * NAME is opt->name in capitals. The model is read (it must be one ap_tflite_read accepts) but
 * not changed. Fails with AP_ERR_USAGE for a name that is no C identifier or a bad header name,
 * AP_ERR_INPUT for a model that cannot be read or that has an operator TFLM has no method for
 * (ap_tflm_op_methods), AP_ERR_OVERFLOW for a model of 2^32 bytes or more, AP_ERR_IO when a
 * write fails (the files may then hold part of their text), AP_ERR_NOMEM. */
ap_status ap_write_model_source(const unsigned char *model, size_t len,
                                const ap_model_source_options *opt, FILE *source, FILE *header,
                                ap_error *err);

AP_PUBLIC_END
#ifdef __cplusplus
}
#endif
#endif
