/*
 * fbw.h - the bytes written in front of a moved .tflite (rewrite.c, patch_write.c).
 *
 * Both copies write a new header, then the whole input moved behind it by a multiple of 16.
 * The header grows in one buffer; a uoffset whose target is not known yet (a table written
 * later: a label, or a table of the input, whose position is known only once the header's
 * length is) is stored as 0 and filled in by ap__fbw_append_input, which pads the header to 16
 * and appends the input. Every uoffset points forward. An allocation failure only sets nomem:
 * callers check it once, at the end.
 */
#ifndef AP_EXPORT_FBW_H
#define AP_EXPORT_FBW_H

#include <stddef.h>
#include <stdint.h>

#include "arenaplan/error.h"

/* FlatBuffers' limit: offsets are 32 bits, so a file of at most 2 GB. */
#define AP__FBW_MAX_FILE ((size_t)0x7fffffff)

typedef struct ap__fbw_fixup {
    size_t at;     /* where the uoffset is stored (header position) */
    size_t target; /* a label, or the input's position when old */
    int old;       /* target lies in the moved input: add the shift */
} ap__fbw_fixup;

typedef struct ap__fbw {
    unsigned char *p;
    size_t n, cap;
    ap__fbw_fixup *fx;
    size_t nfx, capfx;
    size_t *lab; /* each label's header position */
    size_t nlab, caplab;
    int nomem;
} ap__fbw;

void ap__fbw_bytes(ap__fbw *w, const void *src, size_t n);
/* v, little-endian, in width bytes (at most 8). */
void ap__fbw_int(ap__fbw *w, uint64_t v, unsigned width);
/* Zero bytes until (n + ahead) is a multiple of a. */
void ap__fbw_pad(ap__fbw *w, size_t a, size_t ahead);
/* A new label (its position set by ap__fbw_here); out of memory, 0 and nomem set. */
size_t ap__fbw_label(ap__fbw *w);
void ap__fbw_here(ap__fbw *w, size_t label);
/* A uoffset to a label (old 0) or to a position in the input (old 1), filled in at the end. */
void ap__fbw_ref(ap__fbw *w, size_t target, int old);
/* v, little-endian, over p[0..4). */
void ap__fbw_put_u32(unsigned char *p, uint32_t v);
/* Pads the header to 16, fills in every reference and appends data[0..len); *shift is where
 * the input starts. AP_OK; AP_ERR_NOMEM; AP_ERR_INPUT when the copy would pass FlatBuffers'
 * 2 GB. Sets no message: the caller names what it was writing. */
ap_status ap__fbw_append_input(ap__fbw *w, const unsigned char *data, size_t len, size_t *shift);
void ap__fbw_free(ap__fbw *w);

#endif
