/*
 * fb.c - checked FlatBuffer access: tables, fields, vectors and strings, each checked against
 * the buffer's extent before it is read (see fb.h for the format).
 */
#include <assert.h>

#include "tflite/fb.h"

/* Whether [pos, pos + n) lies inside the buffer (no overflow: pos <= len is checked first). */
static int fits(const ap__fb *fb, size_t pos, size_t n)
{
    return pos <= fb->len && n <= fb->len - pos;
}

ap_status ap__fb_table_at(const ap__fb *fb, size_t pos, const char *what, ap__fb_table *t,
                          ap_error *err)
{
    if (!fits(fb, pos, 4))
        return ap_error_set(err, AP_ERR_INPUT,
                            "%s: table at byte %zu runs past the end of the file (%zu bytes)",
                            what, pos, fb->len);
    int32_t so = (int32_t)ap__fb_u32(fb, pos);
    /* vtable = pos - soffset, computed in 64 bits so that no value can wrap. */
    int64_t vt = (int64_t)pos - (int64_t)so;
    if (vt < 0 || !fits(fb, (size_t)vt, 4))
        return ap_error_set(err, AP_ERR_INPUT,
                            "%s: vtable of the table at byte %zu lies at byte %lld, outside the "
                            "file (%zu bytes)", what, pos, (long long)vt, fb->len);
    uint16_t vt_size = ap__fb_u16(fb, (size_t)vt);
    uint16_t size = ap__fb_u16(fb, (size_t)vt + 2);
    if (vt_size < 4 || (vt_size & 1))
        return ap_error_set(err, AP_ERR_INPUT,
                            "%s: vtable at byte %lld has an invalid size %u", what,
                            (long long)vt, vt_size);
    if (!fits(fb, (size_t)vt, vt_size))
        return ap_error_set(err, AP_ERR_INPUT,
                            "%s: vtable at byte %lld (%u bytes) runs past the end of the file "
                            "(%zu bytes)", what, (long long)vt, vt_size, fb->len);
    if (size < 4 || !fits(fb, pos, size))
        return ap_error_set(err, AP_ERR_INPUT,
                            "%s: table at byte %zu (%u bytes, from its vtable at byte %lld) runs "
                            "past the end of the file (%zu bytes)", what, pos, size,
                            (long long)vt, fb->len);
    t->pos = pos;
    t->vt = (size_t)vt;
    t->vt_size = vt_size;
    t->size = size;
    return AP_OK;
}

ap_status ap__fb_field(const ap__fb *fb, const ap__fb_table *t, unsigned id, unsigned width,
                       const char *what, size_t *pos, ap_error *err)
{
    size_t slot = 4 + 2 * (size_t)id;
    *pos = 0;
    if (slot + 2 > t->vt_size)
        return AP_OK; /* an older writer: the field is absent */
    uint16_t off = ap__fb_u16(fb, t->vt + slot);
    if (off == 0)
        return AP_OK;
    if ((size_t)off + width > t->size)
        return ap_error_set(err, AP_ERR_INPUT,
                            "%s: field %u at byte %zu runs past the end of its table (table at "
                            "byte %zu, %u bytes)", what, id, t->pos + off, t->pos, t->size);
    *pos = t->pos + off;
    return AP_OK;
}

ap_status ap__fb_get_u8(const ap__fb *fb, const ap__fb_table *t, unsigned id, uint8_t def,
                        const char *what, uint8_t *v, ap_error *err)
{
    size_t pos;
    ap_status st = ap__fb_field(fb, t, id, 1, what, &pos, err);
    if (st != AP_OK)
        return st;
    *v = pos ? fb->p[pos] : def;
    return AP_OK;
}

ap_status ap__fb_get_i32(const ap__fb *fb, const ap__fb_table *t, unsigned id, int32_t def,
                         const char *what, int32_t *v, ap_error *err)
{
    size_t pos;
    ap_status st = ap__fb_field(fb, t, id, 4, what, &pos, err);
    if (st != AP_OK)
        return st;
    *v = pos ? (int32_t)ap__fb_u32(fb, pos) : def;
    return AP_OK;
}

ap_status ap__fb_get_u32(const ap__fb *fb, const ap__fb_table *t, unsigned id, uint32_t def,
                         const char *what, uint32_t *v, ap_error *err)
{
    size_t pos;
    ap_status st = ap__fb_field(fb, t, id, 4, what, &pos, err);
    if (st != AP_OK)
        return st;
    *v = pos ? ap__fb_u32(fb, pos) : def;
    return AP_OK;
}

ap_status ap__fb_get_u64(const ap__fb *fb, const ap__fb_table *t, unsigned id, uint64_t def,
                         const char *what, uint64_t *v, ap_error *err)
{
    size_t pos;
    ap_status st = ap__fb_field(fb, t, id, 8, what, &pos, err);
    if (st != AP_OK)
        return st;
    *v = pos ? ap__fb_u64(fb, pos) : def;
    return AP_OK;
}

ap_status ap__fb_deref(const ap__fb *fb, size_t pos, size_t need, const char *what,
                       size_t *target, ap_error *err)
{
    if (!fits(fb, pos, 4))
        return ap_error_set(err, AP_ERR_INPUT, "%s: offset at byte %zu runs past the end of "
                            "the file (%zu bytes)", what, pos, fb->len);
    uint32_t off = ap__fb_u32(fb, pos);
    /* Offsets point forward; 0 would make an item point at itself. */
    if (off == 0 || (size_t)off > fb->len - pos || !fits(fb, pos + off, need))
        return ap_error_set(err, AP_ERR_INPUT,
                            "%s: offset %u at byte %zu points to byte %llu, outside the file "
                            "(%zu bytes)", what, off, pos,
                            (unsigned long long)pos + off, fb->len);
    *target = pos + off;
    return AP_OK;
}

ap_status ap__fb_get_table(const ap__fb *fb, const ap__fb_table *parent, unsigned id,
                           const char *what, int *present, ap__fb_table *t, ap_error *err)
{
    size_t pos, target;
    ap_status st = ap__fb_field(fb, parent, id, 4, what, &pos, err);
    *present = 0;
    if (st != AP_OK || pos == 0)
        return st;
    st = ap__fb_deref(fb, pos, 4, what, &target, err);
    if (st != AP_OK)
        return st;
    st = ap__fb_table_at(fb, target, what, t, err);
    if (st == AP_OK)
        *present = 1;
    return st;
}

static ap_status vec_at(const ap__fb *fb, size_t target, size_t elem, const char *what,
                        ap__fb_vec *v, ap_error *err)
{
    uint32_t count = ap__fb_u32(fb, target); /* deref checked 4 bytes */
    size_t room = fb->len - target - 4;
    if (elem != 0 && (size_t)count > room / elem)
        return ap_error_set(err, AP_ERR_INPUT,
                            "%s: vector at byte %zu has %u elements of %zu bytes, running past "
                            "the end of the file (%zu bytes)", what, target, count, elem,
                            fb->len);
    v->pos = target;
    v->at = target + 4;
    v->count = count;
    return AP_OK;
}

ap_status ap__fb_get_vec(const ap__fb *fb, const ap__fb_table *t, unsigned id, size_t elem,
                         const char *what, int *present, ap__fb_vec *v, ap_error *err)
{
    size_t pos, target;
    ap_status st = ap__fb_field(fb, t, id, 4, what, &pos, err);
    v->pos = v->at = 0;
    v->count = 0;
    if (present)
        *present = 0;
    if (st != AP_OK || pos == 0)
        return st;
    st = ap__fb_deref(fb, pos, 4, what, &target, err);
    if (st != AP_OK)
        return st;
    st = vec_at(fb, target, elem, what, v, err);
    if (st == AP_OK && present)
        *present = 1;
    return st;
}

ap_status ap__fb_vec_table(const ap__fb *fb, const ap__fb_vec *v, uint32_t i, const char *what,
                           ap__fb_table *t, ap_error *err)
{
    size_t target = 0;
    ap_status st;
    assert(i < v->count); /* callers walk [0, count); the extent of the vector was checked */
    st = ap__fb_deref(fb, v->at + 4 * (size_t)i, 4, what, &target, err);
    if (st != AP_OK)
        return st;
    return ap__fb_table_at(fb, target, what, t, err);
}

ap_status ap__fb_get_str(const ap__fb *fb, const ap__fb_table *t, unsigned id, const char *what,
                         const unsigned char **s, uint32_t *n, ap_error *err)
{
    ap__fb_vec v;
    ap_status st = ap__fb_get_vec(fb, t, id, 1, what, NULL, &v, err);
    *s = NULL;
    *n = 0;
    if (st != AP_OK || v.pos == 0)
        return st;
    *s = fb->p + v.at;
    *n = v.count;
    return AP_OK;
}
