/*
 * arenaplan/patch.h - patch-by-patch inference of a model's first layers (MCUNetV2), written
 * with the builtin operators stock TFLM runs (docs/patch.md).
 *
 *   ap_tflite_patch_chain    how far a model's first operators form a chain that can be patched
 *   ap_tflite_patch_rewrite  model bytes -> a copy whose prefix runs patch by patch
 *
 * The prefix is operators 0 .. last of subgraph 0: CONV_2D, DEPTHWISE_CONV_2D, AVERAGE_POOL_2D
 * or MAX_POOL_2D, each reading the previous one's output (the first reads a tensor the
 * application writes), NHWC with batch 1, one element type. Its output (the last operator's)
 * is cut into a grid of rows x cols tiles. For each tile the copy holds: a SLICE of the
 * prefix's input (the rows and columns the tile's receptive field needs, computed backwards
 * through the chain with TFLM's padding arithmetic), then, per operator of the chain, a PAD
 * where the tile's window crosses the map's border (the padding TFLM's kernel would have
 * applied, on exactly the sides where it applies) and the operator itself with VALID padding,
 * its weights and bias the original tensors (the same Buffers: nothing is copied). The tiles
 * are assembled by CONCATENATION: along the width per row band, then along the height into
 * the prefix's original output tensor, which the rest of the graph reads as before.
 *
 * Exactness: PAD fills with its output's zero point (TFLM's pad.cc without constant values),
 * the value a convolution's implicit padding stands for (its input offset cancels it), so
 * int8 and int16 outputs are bit-identical and float32 ones equal (padding 0.0). A pooling
 * operator whose window would need padding is refused (average pooling divides by the taps
 * inside the image, max pooling would need the type's lowest value), as are operators whose
 * output mixes the whole map (FULLY_CONNECTED, RESHAPE, MEAN, global pooling: every operator
 * outside the list above).
 */
#ifndef ARENAPLAN_PATCH_H
#define ARENAPLAN_PATCH_H

#include <stddef.h>
#include <stdint.h>

#include "arenaplan/error.h"
#include "arenaplan/tflite.h"
#include "arenaplan/tflm.h"

#ifdef __cplusplus
extern "C" {
#endif
AP_PUBLIC_BEGIN

#define AP_PATCH_MAX_GRID 10 /* TFLM's CONCATENATION takes at most 10 inputs */

/* What to patch: operators 0 .. last of subgraph 0, their output cut into rows x cols tiles
 * (1 .. AP_PATCH_MAX_GRID each, at most the output's height and width, not both 1). */
typedef struct ap_patch_spec {
    uint32_t last;
    uint32_t rows, cols;
} ap_patch_spec;

/* What a rewrite did. MACs count multiply-accumulates the way the kernels loop: per output
 * element, kernel height x width x input channels for CONV_2D (its filter's inner dimension),
 * kernel height x width for DEPTHWISE_CONV_2D and pooling, the filter's inner dimension for
 * FULLY_CONNECTED; other operators count 0. A window tap on padding counts (the nominal
 * count), in the original and in the patched prefix alike. */
typedef struct ap_patch_info {
    ap_patch_spec spec;
    uint32_t ops_added;       /* operators of the copy minus the input's */
    uint32_t tensors_added;   /* tensors of the copy minus the input's */
    uint32_t buffers_added;   /* Buffers (the SLICE and PAD parameters; deduplicated) */
    uint32_t pads;            /* PAD operators */
    int64_t macs_model;       /* the input model's MACs */
    int64_t macs_prefix;      /* the prefix's, as written */
    int64_t macs_patched;     /* the prefix's, patch by patch (halo rows computed again) */
    int64_t flash_added;      /* bytes the copy has beyond the input */
} ap_patch_info;

/* The last operator a prefix may end at: *last = the largest index such that operators
 * 0 .. *last of subgraph 0 form a chain that can be patched. Fails with AP_ERR_INPUT and a
 * message saying why operator 0 cannot start one (nothing is patchable), naming the operator;
 * why the chain stops after *last is in *why (may be NULL; a sentence, cap bytes). */
ap_status ap_tflite_patch_chain(const ap_tfl_model *m, uint32_t *last, char *why, size_t cap,
                                ap_error *err);

/* Writes a copy of the model in data[0..len) whose prefix runs patch by patch (above). The
 * input's bytes stay as they were, moved behind a new header (the FlatBuffer's new Model,
 * Subgraph, operator and tensor tables, and the new Buffers); an offline plan the input carries
 * is dropped (it belongs to the input's tensors). The copy is read back and its new operators
 * checked against TFLM's refusals (reference kernels). On success *out (malloc'd) and *out_len
 * hold the copy and info (may be NULL) is filled. Fails with AP_ERR_USAGE for a bad grid or
 * prefix, AP_ERR_INPUT naming the operator and the reason for what cannot be patched,
 * AP_ERR_NOMEM; nothing is written then. Messages do not name the file. */
ap_status ap_tflite_patch_rewrite(const unsigned char *data, size_t len,
                                  const ap_patch_spec *spec, unsigned char **out,
                                  size_t *out_len, ap_patch_info *info, ap_error *err);

/* ---- The pipeline behind `arenaplan patch` ------------------------------------------------- */

#define AP_PATCH_DEFAULT_OVERHEAD 30.0 /* percent of the model's MACs (docs/patch.md: why) */
#define AP_PATCH_AUTO_MAX 8             /* --grid auto tries rows and columns 1 .. 8 */

typedef struct ap_tflite_patch_options {
    ap_patch_spec spec;      /* the prefix and grid when not searched */
    int auto_grid;           /* search rows x cols in 1 .. AP_PATCH_AUTO_MAX each */
    int auto_until;          /* search the prefix's last operator over the whole chain */
    double max_overhead;     /* candidates adding more MACs than this percentage of the
                                model's are not kept (default AP_PATCH_DEFAULT_OVERHEAD) */
    ap_tflm_kernels kernels; /* whose whole arena is minimised and whose rules plan the copy */
    ap_tflm_inplace inplace; /* the sharing rules the copy is planned with (tflm.h; none) */
    ap_tflm_overlap overlap;
    const char *target;      /* the whole arena's target (NULL: cortex-m) */
} ap_tflite_patch_options;

void ap_tflite_patch_options_init(ap_tflite_patch_options *opt);

typedef struct ap_tflite_patch_output {
    unsigned char *data;     /* the patched copy with best's plan embedded (malloc'd) */
    size_t len;
    ap_patch_info info;      /* the rewrite kept */
    double overhead;         /* its added MACs, percent of the model's */
    const char *target, *kernels; /* the whole arena's (static) */
    int64_t arena_before, head_before, tail_before; /* TFLM on the input as it is */
    int64_t arena_after, head_after, tail_after;    /* TFLM on the copy, its plan embedded */
    uint32_t candidates;     /* rewrites measured */
    uint32_t within;         /* of those, within max_overhead */
} ap_tflite_patch_output;

/* Patches the model (one spec, or the best of the searched ones: the smallest whole arena
 * within the overhead, then the fewest MACs), plans the copy with best and embeds the plan
 * (ap_tflite_embed), and measures TFLM's whole arena before and after on the target. Fails as
 * ap_tflite_patch_rewrite, and with AP_ERR_USAGE when no candidate is within the overhead or
 * the kernel set has no whole-arena model; messages of the embedding start with path. The
 * output is filled on success (free with ap_tflite_patch_output_free), zeroed on failure. */
ap_status ap_tflite_patch(const unsigned char *data, size_t len, const char *path,
                          const ap_tflite_patch_options *opt, ap_tflite_patch_output *out,
                          ap_error *err);

void ap_tflite_patch_output_free(ap_tflite_patch_output *out);

/* "operator 0" or "operators 0-LAST": how the prefix ending at last is named in messages. */
void ap_tflite_patch_prefix_text(uint32_t last, char *out, size_t cap);

#define AP_PATCH_QUICK_GRID 2 /* the quick search: every prefix of the chain, a 2x2 grid */

/* The quick search of `plan`, `report` and `fit`: opt (from ap_tflite_patch_options_init) set
 * to every prefix of the chain in an AP_PATCH_QUICK_GRID x AP_PATCH_QUICK_GRID grid, with
 * kernels and target. `arenaplan patch --grid 2x2` runs the same search. */
void ap_tflite_patch_quick_options(ap_tflite_patch_options *opt, ap_tflm_kernels kernels,
                                   const char *target);

/* One summary line ("patch        ...", as `plan` and `report` show it) on what the quick search
 * saves of TFLM's whole arena of the model in data[0..len) on target with kernels (no sharing
 * rules): the prefix and grid, the arena before and after, the MACs and the flash added, or why
 * nothing is patched. Writes at most cap bytes, NUL included; empty for the kernel set none. */
void ap_tflite_patch_line(const unsigned char *data, size_t len, ap_tflm_kernels kernels,
                          const char *target, char *out, size_t cap);

AP_PUBLIC_END
#ifdef __cplusplus
}
#endif
#endif
