/*
 * arenaplan/embed.h - writing into a .tflite file: metadata entries, and a plan embedded as
 * TFLM's offline plan (docs/embed.md).
 *
 *   ap_tflite_set_metadata   a copy of a model with metadata entries set or removed, every
 *                            other byte kept
 *   ap_tflite_diff           the proof that two models hold the same graph
 *   ap_tflite_embed          plan a model and write the plan into a copy of it
 */
#ifndef ARENAPLAN_EMBED_H
#define ARENAPLAN_EMBED_H

#include <stddef.h>
#include <stdint.h>

#include "arenaplan/error.h"
#include "arenaplan/plan.h"
#include "arenaplan/planner.h"
#include "arenaplan/problem.h"
#include "arenaplan/tflite.h"
#include "arenaplan/tflm.h"

#ifdef __cplusplus
extern "C" {
#endif
AP_PUBLIC_BEGIN

/* ---- Writing: metadata entries and an embedded plan (docs/embed.md) ------------------------ */

/* arenaplan's own metadata entry: the kernel behaviour a plan relies on, as text lines
 * "kernels=SET\ninplace=RULES\noverlap=RULES\n" (RULES "none" when not used). ap_tflite_embed
 * writes it when in-place or overlap rules were applied (the plan is then valid only with the
 * kernels those rules model) and removes it otherwise. TFLM ignores it. */
#define AP_TFL_KERNELS_NAME "arenaplan.kernels"

/* One change to a model's metadata (a name and a buffer of bytes, Model.metadata). */
typedef struct ap_tfl_metadata_edit {
    const char *name;           /* 1 to 255 bytes */
    const unsigned char *data;  /* the entry's new bytes (copied); unused when remove */
    size_t len;
    int remove;                 /* 1: drop every entry of this name (none is fine) */
} ap_tfl_metadata_edit;

/* Writes into *out (malloc'd, *out_len bytes; free it) a copy of the model in data[0..len)
 * whose metadata carries the edits, names all different: an entry set once replaces every
 * entry of that name (it keeps the place of the last one, which is the one TFLM reads, or is
 * appended), its data 16-aligned; a removal drops every entry of the name. Everything else is
 * preserved: the graph, every buffer's bytes and their alignment modulo 16, fields arenaplan
 * does not know. Two ways (docs/embed.md): in place when each entry to set exists once, owns
 * its buffer and has the new length at a 16-aligned position, and nothing is to be removed
 * (then the file keeps its size and differs only in those bytes; *shift = 0); otherwise the
 * whole input follows a new header, moved by *shift bytes (a multiple of 16). shift may be
 * NULL. The copy is read back and compared with the input (ap_tflite_diff) before it is
 * returned. Fails with AP_ERR_INPUT for a model the reader refuses, a Model table with fields
 * the schema does not define, or data kept outside the FlatBuffer at absolute file positions
 * (Buffer.offset, Operator.large_custom_options_offset: models over 2 GB), when the input must
 * move; AP_ERR_USAGE for bad edits (a name empty, too long or edited twice, or an output past
 * 2 GB); AP_ERR_INVALID if the copy failed its check (a bug); AP_ERR_NOMEM. */
ap_status ap_tflite_set_metadata(const unsigned char *data, size_t len,
                                 const ap_tfl_metadata_edit *edits, size_t n_edits,
                                 unsigned char **out, size_t *out_len, size_t *shift,
                                 ap_error *err);

/* Whether model b holds the same graph as model a, except the metadata entries whose names
 * are in ignore[0..n_ignore) and the buffers only those entries name: AP_OK when it does,
 * AP_ERR_INVALID with the first difference in *diff otherwise. Compared: every value the
 * reader decodes (operator codes, subgraphs, tensors, operators, options, signatures,
 * metadata names and buffers), every buffer's data bytes and its position modulo 16, and the
 * vtable and inline bytes of every table the reader locates (so fields it does not decode are
 * compared too; two files written differently may hold the same graph and still differ). b
 * may have more buffers than a. */
ap_status ap_tflite_diff(const ap_tfl_model *a, const ap_tfl_model *b, const char *const *ignore,
                         size_t n_ignore, ap_error *diff);

/* Options for ap_tflite_embed. */
typedef struct ap_tflite_embed_options {
    ap_tflite_build_options build; /* how the input is read: kernels, inplace, overlap,
                               ignore_offline (plan from scratch instead of keeping an existing
                               offline plan's offsets); align must be 0 or 16 (TFLM's buffer
                               alignment) */
    ap_plan_options plan;   /* plan.strategy: the one strategy to use; NULL (the default) plans
                               with "best" and with every portfolio strategy and keeps the one
                               whose embedded plan gives TFLM the smallest head. The other
                               fields (time limit, stop, progress) are passed on. */
    const ap_tfl_metadata_edit *extra; /* more metadata edits, applied with the plan; an edit
                                          of AP_TFL_KERNELS_NAME replaces the automatic one */
    size_t n_extra;
} ap_tflite_embed_options;

void ap_tflite_embed_options_init(ap_tflite_embed_options *opt);

typedef struct ap_tflite_embed_result {
    unsigned char *data;   /* the new model (malloc'd) */
    size_t len;
    size_t shift;          /* 0: the input's bytes were rewritten in place; else how far the
                              input moved behind a new header (ap_tflite_set_metadata) */
    ap_problem *problem;   /* the problem read from the input (tensors, then scratch) */
    ap_plan plan;          /* the plan the offsets come from (all buffers of problem) */
    ap_plan tflm;          /* what TFLM does with the output: tensors at the embedded offsets,
                              every other buffer placed by its GreedyMemoryPlanner; proven by
                              the checker against problem */
    int64_t head;          /* tflm.arena: the head TFLM reaches with the embedded plan */
    int had_plan;          /* the input carried an offline plan */
    int64_t head_before;   /* the head TFLM reaches with the input as it is: with its own
                              offline plan when it has one, else with its greedy planner alone;
                              -1 when TFLM would refuse the input's offline plan */
    int32_t *words;        /* the OfflineMemoryAllocation buffer: [version 0, subgraphs, n,
                              offset of entry 0 .. n-1] (n = all tensors of all subgraphs) */
    size_t n_words;
    size_t tensors;        /* planned tensors (buffers of problem that are not scratch) */
    size_t fixed;          /* planned tensors the embedded plan fixes */
    size_t entries;        /* entries other than -1 */
    size_t held_for_variables; /* planned tensors left to the runtime (-1) because a variable
                              tensor of a later subgraph reads their entry as its own
                              (TFLM's AllocateVariables reads entry i for tensor i of every
                              subgraph; a variable whose entry i is not -1 and that has no
                              entry of its own would get no memory) */
    size_t candidates;     /* plans compared */
    int kernels_entry;     /* 1: AP_TFL_KERNELS_NAME written, 0: removed (or absent) */
} ap_tflite_embed_result;

/* Plans the model in data[0..len) (path names it in messages; may be NULL) and writes into
 * res->data a copy carrying the plan as TFLM's offline plan (AP_TFL_OFFLINE_PLAN_NAME; an
 * existing one is replaced), with ap_tflite_set_metadata (so everything else is preserved).
 * The entries are concatenated, as TFLM reads them (docs/embed.md): tensor t of subgraph s
 * takes entry subgraphs[s].first_entry + t (the tensor count of the subgraphs before s, plus
 * t), holding its offset in the plan; -1 for tensors TFLM does not plan (constants, variables,
 * size 0) and for the entries of res->held_for_variables. Kernel scratch cannot be written in
 * the format; TFLM places it around the fixed offsets at runtime: every candidate plan is
 * judged by that head (res->tflm), and the smallest wins. A plan, and the TFLM plan around it,
 * must pass the checker, or nothing is returned. The copy is read back: its offline plan must
 * be the words written and its problem, planned by greedy, must give res->tflm offset for
 * offset. res is filled on success (free with ap_tflite_embed_result_free) and zeroed on
 * failure. Fails with AP_ERR_USAGE (unknown strategy or kernel set, align other than 16),
 * AP_ERR_INPUT (the model cannot be read, rewritten, or allocated by TFLM; an existing
 * offline plan of the wrong size unless load.ignore_offline), AP_ERR_INVALID (no candidate
 * passed the checker: a bug), AP_ERR_LIMIT or AP_ERR_INFEASIBLE from the chosen strategy,
 * AP_ERR_OVERFLOW (an offset past 2^31 - 1, which the format cannot hold), AP_ERR_NOMEM. */
ap_status ap_tflite_embed(const unsigned char *data, size_t len, const char *path,
                          const ap_tflite_embed_options *opt, ap_tflite_embed_result *res,
                          ap_error *err);

void ap_tflite_embed_result_free(ap_tflite_embed_result *res);

AP_PUBLIC_END
#ifdef __cplusplus
}
#endif
#endif
