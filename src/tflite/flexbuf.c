/*
 * flexbuf.c - reads one scalar by key from a FlexBuffer map (custom operator options), every
 * access checked against the buffer.
 *
 * The FlexBuffers format, in short (little-endian): the last byte of the buffer is the root's
 * byte width, the byte before it the root's packed type (type << 2 | log2 of its children's
 * width), and the root value sits just before those two bytes. Offsets point backwards: the
 * target is the offset's own position minus its value. A map's data address is preceded by
 * three words of the map's width: the offset to its keys vector, the keys' byte width, and the
 * element count; the values follow the address, then one packed type byte per value. Keys are
 * offsets to NUL-terminated strings, sorted.
 */
#include <string.h>

#include "tflite/flexbuf.h"

enum {
    FX_INT = 1,
    FX_UINT = 2,
    FX_FLOAT = 3,
    FX_INDIRECT_INT = 6,
    FX_INDIRECT_UINT = 7,
    FX_INDIRECT_FLOAT = 8,
    FX_MAP = 9,
    FX_BOOL = 26
};

static int fits(size_t len, size_t pos, size_t n)
{
    return pos <= len && n <= len - pos;
}

static int width_ok(uint64_t w)
{
    return w == 1 || w == 2 || w == 4 || w == 8;
}

/* Unsigned value of width w at pos (checked by the caller). */
static uint64_t rd_u(const unsigned char *p, size_t pos, unsigned w)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < w; i++)
        v |= (uint64_t)p[pos + i] << (8 * i);
    return v;
}

static int64_t rd_i(const unsigned char *p, size_t pos, unsigned w)
{
    uint64_t u = rd_u(p, pos, w);
    if (w < 8) {
        uint64_t sign = UINT64_C(1) << (8 * w - 1);
        u = (u ^ sign) - sign;
    }
    return (int64_t)u;
}

/* Follows a backward offset of width w stored at pos; 0 on failure. */
static int back(const unsigned char *p, size_t len, size_t pos, unsigned w, size_t *target)
{
    if (!fits(len, pos, w))
        return 0;
    uint64_t off = rd_u(p, pos, w);
    if (off > pos)
        return 0;
    *target = pos - (size_t)off;
    return 1;
}

static int64_t float_to_int(const unsigned char *p, size_t pos, unsigned w)
{
    double d;
    if (w == 4) {
        float f;
        uint32_t u = (uint32_t)rd_u(p, pos, 4);
        memcpy(&f, &u, sizeof f);
        d = f;
    } else {
        uint64_t u = rd_u(p, pos, 8);
        memcpy(&d, &u, sizeof d);
    }
    if (!(d > -9.0e18 && d < 9.0e18))
        return 0; /* NaN or out of range: treated as 0 */
    return (int64_t)d;
}

int ap__flexbuf_map_int(const unsigned char *p, size_t len, const char *key, int64_t *value)
{
    if (!p || len < 3)
        return -1;
    unsigned rbw = p[len - 1];
    unsigned rpacked = p[len - 2];
    if (!width_ok(rbw) || len < 2 + (size_t)rbw)
        return -1;
    size_t rpos = len - 2 - rbw;
    if ((rpacked >> 2) != FX_MAP)
        return -1;
    unsigned bw = 1u << (rpacked & 3);
    size_t data;
    if (!back(p, len, rpos, rbw, &data) || data < 3 * (size_t)bw || !fits(len, data, 0))
        return -1;
    uint64_t n = rd_u(p, data - bw, bw);
    uint64_t kbw = rd_u(p, data - 2 * (size_t)bw, bw);
    size_t keys;
    if (!width_ok(kbw) || !back(p, len, data - 3 * (size_t)bw, bw, &keys))
        return -1;
    /* values (n * bw bytes) and their type bytes (n) must fit */
    if (n > (len - data) / ((size_t)bw + 1))
        return -1;
    if (keys < kbw || rd_u(p, keys - kbw, (unsigned)kbw) < n || n > (len - keys) / kbw)
        return -1;
    size_t klen = strlen(key);
    for (size_t i = 0; i < (size_t)n; i++) {
        size_t kp;
        if (!back(p, len, keys + i * kbw, (unsigned)kbw, &kp) || !fits(len, kp, klen + 1))
            continue;
        if (memcmp(p + kp, key, klen) != 0 || p[kp + klen] != '\0')
            continue;
        size_t vpos = data + i * bw;
        unsigned packed = p[data + (size_t)n * bw + i];
        unsigned t = packed >> 2, cw = 1u << (packed & 3);
        size_t target = 0;
        switch (t) {
        case FX_INT:
            *value = rd_i(p, vpos, bw);
            return 1;
        case FX_UINT:
        case FX_BOOL:
            *value = (int64_t)rd_u(p, vpos, bw);
            return 1;
        case FX_FLOAT:
            if (bw < 4)
                return -1;
            *value = float_to_int(p, vpos, bw);
            return 1;
        case FX_INDIRECT_INT:
        case FX_INDIRECT_UINT:
        case FX_INDIRECT_FLOAT:
            if (!back(p, len, vpos, bw, &target) || !fits(len, target, cw))
                return -1;
            if (t == FX_INDIRECT_FLOAT) {
                if (cw < 4)
                    return -1;
                *value = float_to_int(p, target, cw);
            } else
                *value = t == FX_INDIRECT_INT ? rd_i(p, target, cw)
                                              : (int64_t)rd_u(p, target, cw);
            return 1;
        default:
            return 0; /* present but not a scalar */
        }
    }
    return 0;
}
