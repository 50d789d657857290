/*
 * flexbuf.h - one scalar by key from a FlexBuffer map: custom operator options (internal;
 * flexbuf.c).
 */
#ifndef AP_TFLITE_FLEXBUF_H
#define AP_TFLITE_FLEXBUF_H

#include <stddef.h>
#include <stdint.h>

/* Looks up key in the FlexBuffer map held in p[0..len) (custom operator options). Returns 1 and
 * stores the value (integers and bools as read, floats truncated) when key names a scalar, 0
 * when the key is absent or not a scalar, -1 when the buffer is not a well-formed map. Every
 * read is checked against len. */
int ap__flexbuf_map_int(const unsigned char *p, size_t len, const char *key, int64_t *value);

#endif
