/*
 * fb.h - checked access to a FlatBuffer held in memory (internal; the format readers of
 * src/tflite and the writers of src/export use it), and the FlexBuffer maps of custom options.
 *
 * The FlatBuffers binary format, in short (little-endian throughout):
 * - the buffer starts with a uoffset (uint32) to the root table; a 4-byte file identifier may
 *   follow it (bytes 4..7);
 * - a table starts with an soffset (int32): its vtable lies at table - soffset. The vtable holds
 *   uint16 words: its own size in bytes, the table's inline size, then one offset per field id
 *   (from the table start; 0 or beyond the vtable's end = field absent, its default applies);
 * - a field that refers to a table, vector or string holds a uoffset relative to the field's
 *   own position (always forward);
 * - a vector is a uint32 element count followed by the elements; a vector of tables holds a
 *   uoffset per element, relative to that element; a string is a byte vector (NUL after it);
 * - a union takes two field ids: a uint8 type (0 = none), then the offset to the table.
 *
 * Every function here checks what it reads against [0, len) before reading it, never reads
 * through a pointer the file provides, and reports a fault as AP_ERR_INPUT with a message
 * naming `what` and the byte offset at fault. Reads are byte-wise, so no alignment is assumed.
 */
#ifndef AP_TFLITE_FB_H
#define AP_TFLITE_FB_H

#include <assert.h>
#include <stddef.h>
#include <stdint.h>

#include "arenaplan/error.h"

typedef struct ap__fb {
    const unsigned char *p;
    size_t len;
} ap__fb;

/* A table whose header and vtable were checked. */
typedef struct ap__fb_table {
    size_t pos;        /* table start */
    size_t vt;         /* vtable start */
    uint16_t vt_size;  /* vtable bytes */
    uint16_t size;     /* table inline bytes */
} ap__fb_table;

/* A vector whose extent was checked: count elements of elem bytes from `at`. */
typedef struct ap__fb_vec {
    size_t pos;        /* position of the length word */
    size_t at;         /* first element */
    uint32_t count;
} ap__fb_vec;

/* The raw reads: the caller has checked that the bytes lie in the buffer (every function below
 * does before it reads). */
static inline uint32_t ap__fb_u32(const ap__fb *fb, size_t pos)
{
    const unsigned char *b = fb->p + pos;
    assert(pos <= fb->len && fb->len - pos >= 4);
    return (uint32_t)b[0] | ((uint32_t)b[1] << 8) | ((uint32_t)b[2] << 16) | ((uint32_t)b[3] << 24);
}

static inline uint16_t ap__fb_u16(const ap__fb *fb, size_t pos)
{
    const unsigned char *b = fb->p + pos;
    assert(pos <= fb->len && fb->len - pos >= 2);
    return (uint16_t)(b[0] | (b[1] << 8));
}

static inline uint64_t ap__fb_u64(const ap__fb *fb, size_t pos)
{
    return (uint64_t)ap__fb_u32(fb, pos) | ((uint64_t)ap__fb_u32(fb, pos + 4) << 32);
}

/* Checks the table at pos (its soffset, vtable and inline size). */
ap_status ap__fb_table_at(const ap__fb *fb, size_t pos, const char *what, ap__fb_table *t,
                          ap_error *err);

/* Position of field id in t, or 0 when absent; fails when the field's `width` bytes run past
 * the table's inline size. */
ap_status ap__fb_field(const ap__fb *fb, const ap__fb_table *t, unsigned id, unsigned width,
                       const char *what, size_t *pos, ap_error *err);

/* Scalars: *v = the field's value, or def when absent. Signed reads sign-extend. */
ap_status ap__fb_get_u8(const ap__fb *fb, const ap__fb_table *t, unsigned id, uint8_t def,
                        const char *what, uint8_t *v, ap_error *err);
ap_status ap__fb_get_i32(const ap__fb *fb, const ap__fb_table *t, unsigned id, int32_t def,
                         const char *what, int32_t *v, ap_error *err);
ap_status ap__fb_get_u32(const ap__fb *fb, const ap__fb_table *t, unsigned id, uint32_t def,
                         const char *what, uint32_t *v, ap_error *err);
ap_status ap__fb_get_u64(const ap__fb *fb, const ap__fb_table *t, unsigned id, uint64_t def,
                         const char *what, uint64_t *v, ap_error *err);

/* Follows the uoffset stored at pos: *target = pos + value, checked to leave at least `need`
 * bytes before the end of the buffer. */
ap_status ap__fb_deref(const ap__fb *fb, size_t pos, size_t need, const char *what,
                       size_t *target, ap_error *err);

/* Sub-table in field id: *present = 0 when absent, else t is the checked table. */
ap_status ap__fb_get_table(const ap__fb *fb, const ap__fb_table *parent, unsigned id,
                           const char *what, int *present, ap__fb_table *t, ap_error *err);

/* Vector in field id with elements of elem bytes; an absent field gives count 0, at 0. */
ap_status ap__fb_get_vec(const ap__fb *fb, const ap__fb_table *t, unsigned id, size_t elem,
                         const char *what, int *present, ap__fb_vec *v, ap_error *err);

/* Element i of a vector of tables, checked. */
ap_status ap__fb_vec_table(const ap__fb *fb, const ap__fb_vec *v, uint32_t i, const char *what,
                           ap__fb_table *t, ap_error *err);

/* String in field id: *s points into the buffer (not NUL-terminated), *n bytes; absent gives
 * *s = NULL, *n = 0. The bytes are checked to lie inside the buffer. */
ap_status ap__fb_get_str(const ap__fb *fb, const ap__fb_table *t, unsigned id, const char *what,
                         const unsigned char **s, uint32_t *n, ap_error *err);

#endif
