/*
 * arenaplan/fit.h - "it does not fit": every lever arenaplan has on a model's whole TFLM arena
 * (kTensorArenaSize), each measured by the code of the command that applies it, the smallest
 * combination of levers that fits a budget (or the best reachable), and a diagnosis of what
 * makes the arena (docs/fit.md; `arenaplan fit`).
 *
 * A lever is one row of a table (src/run/run_fit_levers.c): its name, its cost, and where it
 * acts in the pipeline every combination runs (a rule of the embedding also its option and the
 * flag of its command):
 *
 *   kernels (the kernel set TFLM is built with)  ->  reorder (ap_tflite_reorder, as `arenaplan
 *   reorder`)  ->  embed (ap_tflite_embed with the in-place and overlap rules asked, as
 *   `arenaplan embed`)  ->  TFLM's whole arena of the bytes that come out (ap_tflm_arena_compute,
 *   as every command computes it).
 *
 * A lever that needs another (in-place and overlap rules need an embedded plan, which is how
 * TFLM gets to share bytes) brings it along; a combination TFLM cannot run (sharing rules with
 * CMSIS-NN kernels, which they are not proven for) is not tried. Levers not in this version
 * (the two-buffer split, patch-by-patch first layers) are rows too, listed as not available,
 * with no figure.
 *
 * Ownership: ap_fit_result holds malloc'd arrays and the output model; ap_fit_result_free frees
 * them. Nothing is printed or written.
 */
#ifndef ARENAPLAN_FIT_H
#define ARENAPLAN_FIT_H

#include <stddef.h>
#include <stdint.h>

#include "arenaplan/error.h"
#include "arenaplan/run.h"
#include "arenaplan/tflm_arena.h"

#ifdef __cplusplus
extern "C" {
#endif
AP_PUBLIC_BEGIN

/* The levers, in the order of the table (bit 1u << lever in a combination's mask). */
typedef enum ap_fit_lever_id {
    AP_FIT_EMBED = 0,  /* best's plan embedded as TFLM's offline plan (`embed`) */
    AP_FIT_INPLACE,    /* in-place rules (`embed --inplace elementwise`) */
    AP_FIT_OVERLAP,    /* overlap rules (`embed --overlap reference`) */
    AP_FIT_REORDER,    /* a better operator order (`reorder`) */
    AP_FIT_KERNELS,    /* the other kernel set (reference <-> cmsis-nn, on cortex-m) */
    AP_FIT_SPLIT,      /* the tail in a second buffer (issue 29): not in this version */
    AP_FIT_PATCH,      /* patch-by-patch first layers (`patch --grid 2x2`, then `embed`) */
    AP_FIT_LEVERS
} ap_fit_lever_id;

/* What a lever is (static data from the table). */
typedef struct ap_fit_lever_info {
    const char *name;      /* "embed", "inplace", "overlap", "reorder", "kernels", "split",
                              "patch" */
    const char *title;     /* what it does, a few words */
    const char *compute;   /* its compute overhead, in words */
    int available;         /* 0: not in this version (no figure) */
} ap_fit_lever_info;

/* The lever's row, or NULL out of range. */
const ap_fit_lever_info *ap_fit_lever(int lever);

/* One measured combination of levers (a single lever is the combination of it and what it
 * needs). */
typedef struct ap_fit_figure {
    unsigned mask;         /* the levers (1u << ap_fit_lever_id) */
    int known;             /* 1: measured; 0: the pipeline failed (why says it) */
    int64_t arena;         /* TFLM's whole arena (the smallest kTensorArenaSize) */
    int64_t head;          /* its head and tail */
    int64_t tail;
    int64_t flash;         /* model bytes: the output's size minus the input's */
    const char *kernels;   /* the kernel set TFLM needs for it ("reference", "cmsis-nn") */
    char command[640];     /* the commands that apply it, MODEL and OUT.tflite as placeholders */
    char why[AP_ERROR_MAX + 64]; /* known 0: the stage that failed and its message */
} ap_fit_figure;

/* A tensor (or kernel scratch) live at the peak step. */
typedef enum ap_fit_role {
    AP_FIT_ROLE_OUTPUT = 0,  /* written by the peak operator */
    AP_FIT_ROLE_INPUT,       /* read by the peak operator, written by the one before it */
    AP_FIT_ROLE_SCRATCH,     /* kernel scratch */
    AP_FIT_ROLE_SKIP,        /* kept alive across another operator for the peak operator or a
                                later one, and read before the peak too (a long skip) */
    AP_FIT_ROLE_BRANCH,      /* kept alive so, read by no operator before the peak (a parallel
                                branch waiting to be joined) */
    AP_FIT_ROLE_OTHER        /* live for another reason (a subgraph's output, another
                                subgraph's tensor) */
} ap_fit_role;

/* "output", "input", "scratch", "skip", "branch", "other". */
const char *ap_fit_role_name(int role);

typedef struct ap_fit_live {
    const char *id;        /* the buffer's id, name, producer and consumers (the diagnosis's
                              problem owns them) */
    const char *name;
    const char *producer;
    const char *consumers;
    int64_t size;
    int64_t lower, upper;  /* its lifetime in steps */
    ap_fit_role role;
} ap_fit_live;

/* What makes the arena of the model as it is (stock TFLM). */
typedef struct ap_fit_diagnosis {
    int64_t peak_bytes;    /* the most bytes live at one step */
    int64_t peak_step;
    char peak_label[128];  /* the step's operator ("op 2 CONV_2D") */
    ap_fit_live *live;     /* the buffers live there, largest first */
    size_t n_live;
    int64_t kept_alive;    /* bytes of them that are skips or branches */
    int64_t head;          /* stock TFLM's head, and the bytes of it that no tensor uses */
    int64_t padding;       /* alignment padding in stock TFLM's plan (ap_summary) */
    int64_t head_gap;      /* stock head - peak_bytes: what a better plan could win at most */
    int known_arena;       /* 1: the tail figures are known */
    int64_t tail;
    int tail_order[AP_TFLM_CATEGORIES]; /* the categories, largest first */
    ap_tflm_use tail_cat[AP_TFLM_CATEGORIES];
} ap_fit_diagnosis;

typedef struct ap_fit_result {
    int64_t budget;             /* the budget asked (bytes) */
    const char *target;         /* the target and the baseline kernel set (static) */
    const char *kernels;
    const char *other_kernels;  /* the kernels lever's set, or NULL (none on this target) */
    size_t input_len;
    ap_fit_figure stock;        /* the model as it is, stock TFLM */
    ap_fit_figure lever[AP_FIT_LEVERS]; /* each lever with what it needs; mask 0 for a lever
                                           not in this version, known 0 with why for one that
                                           cannot apply here */
    ap_fit_figure *combos;      /* every combination tried, in mask order */
    size_t n_combos;
    long chosen;                /* the smallest combination (fewest levers, then the smallest
                                   arena) that fits; else the smallest arena reached: an index
                                   of combos, -1 when nothing was measured */
    int fits;                   /* combos[chosen] fits the budget */
    ap_fit_diagnosis diag;
    void *diag_problem;         /* private: owns the strings of diag.live */
    unsigned char *data;        /* the model of combos[chosen] (the bytes the commands write) */
    size_t len;
    char *json;                 /* all of it as JSON (docs/fit.md) */
    size_t json_len;
    char *warnings;             /* what the commands warned, "\n" after each, or NULL */
} ap_fit_result;

/* Measures every lever and combination for the model in data[0..len) (opt: name, target,
 * kernels as the user deploys; budget required, >= 0; the plan's limits apply to every embed;
 * inplace, overlap, runtime tflite and a buffer list are refused: the levers choose the rules).
 * Fails with AP_ERR_USAGE for options that do not apply, AP_ERR_INPUT when the model cannot be
 * read or TFLM's whole arena of the model as it is is unknown, AP_ERR_NOMEM. res is zeroed on
 * failure. */
ap_status ap_fit_compute(const unsigned char *data, size_t len, const ap_run_options *opt,
                     ap_fit_result *res, ap_error *err);

void ap_fit_result_free(ap_fit_result *res);

/* ap_fit_compute as the other commands of run.h return their results (the Python package):
 * res->json the JSON, res->data the model of the combination chosen (the one that fits, or the
 * best reachable: the JSON's "fits" says which), res->warnings. Fails as ap_fit_compute. */
ap_status ap_run_fit(const unsigned char *data, size_t len, const ap_run_options *opt,
                     ap_run_result *res, ap_error *err);

/* The smallest whole arena the levers reach for the model (as ap_fit_compute's best figure, without
 * the diagnosis, output or JSON; opt's budget, inplace and overlap ignored): 1 with *arena and
 * *mask (its levers) set, 0 when none is known. For `plan --budget`'s failure line. */
int ap_fit_smallest(const unsigned char *data, size_t len, const ap_run_options *opt,
                    int64_t *arena, unsigned *mask);

/* The levers of mask as text ("embed + overlap"; "none" for 0). Writes at most cap bytes. */
void ap_fit_levers_text(unsigned mask, char *out, size_t cap);

AP_PUBLIC_END
#ifdef __cplusplus
}
#endif
#endif
