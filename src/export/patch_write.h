/*
 * patch_write.h - the operators and tensors a patched prefix adds, as plain data, and the
 * writer that puts them into a copy of the model (internal; patch_write.c, docs/patch.md).
 */
#ifndef AP_EXPORT_PATCH_WRITE_H
#define AP_EXPORT_PATCH_WRITE_H

#include <stddef.h>
#include <stdint.h>

#include "arenaplan/error.h"
#include "arenaplan/tflite.h"

#define AP__PW_MAX_IN 10 /* CONCATENATION's inputs at most */

/* A tensor of subgraph 0 the copy holds at index `index` (a slot the prefix's dead tensors
 * leave, or one past the input's). */
typedef struct ap__pw_tensor {
    uint32_t index;
    int32_t shape[4];
    uint32_t rank;
    int type;
    int32_t like;       /* the input's tensor whose quantization table it shares, -1 none */
    uint32_t buffer;    /* Buffer index (0: none; the input's count and up: new ones) */
    char name[80];
} ap__pw_tensor;

/* An operator of the copy's new prefix. */
typedef struct ap__pw_op {
    int32_t builtin;    /* AP_TFL_OP_SLICE, PAD or CONCATENATION; or 0 with like >= 0 */
    int32_t like;       /* a chain operator's index in the input: its opcode, options
                           (padding VALID) and constant inputs; -1 for the new ones */
    int32_t in[AP__PW_MAX_IN];
    uint32_t n_in;
    int32_t out;
    int32_t axis;       /* CONCATENATION */
} ap__pw_op;

/* A new Buffer of int32 words (SLICE's begin and size, PAD's paddings). */
typedef struct ap__pw_buffer {
    int32_t w[8];
    uint32_t n;
} ap__pw_buffer;

typedef struct ap__pw_graph {
    ap__pw_tensor *t;
    uint32_t nt, capt;
    ap__pw_op *ops;
    uint32_t nops, capops;
    ap__pw_buffer *b;
    uint32_t nb, capb;
    uint32_t keep_from; /* the input's operators from this one on follow the new ones */
    uint32_t n_tensors; /* tensors of the copy's subgraph 0 */
} ap__pw_graph;

/* Writes the copy: subgraph 0's operators are g's then the input's from g->keep_from, its
 * tensors the input's with g's set at their indices, the Buffers the input's then g's, the
 * operator codes the input's plus SLICE, PAD, CONCATENATION where g needs one the input lacks;
 * the metadata without an offline plan. *out is malloc'd. Messages do not name the file. */
ap_status ap__patch_write_model(const ap_tfl_model *m, const ap__pw_graph *g,
                                unsigned char **out, size_t *out_len, ap_error *err);

#endif
