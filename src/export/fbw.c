/*
 * fbw.c - the bytes written in front of a moved .tflite (fbw.h).
 */
#include "export/fbw.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"

void ap__fbw_bytes(ap__fbw *w, const void *src, size_t n)
{
    unsigned char *np;
    if (w->nomem || n > SIZE_MAX - w->n || !(np = ap__grow(w->p, &w->cap, w->n + n, 1))) {
        w->nomem = 1;
        return;
    }
    w->p = np;
    if (n)
        memcpy(w->p + w->n, src, n);
    w->n += n;
}

void ap__fbw_int(ap__fbw *w, uint64_t v, unsigned width)
{
    unsigned char b[8];
    assert(width <= sizeof b);
    for (unsigned k = 0; k < width; k++)
        b[k] = (unsigned char)(v >> (8 * k));
    ap__fbw_bytes(w, b, width);
}

void ap__fbw_pad(ap__fbw *w, size_t a, size_t ahead)
{
    static const unsigned char zero[1];
    while (!w->nomem && (w->n + ahead) % a)
        ap__fbw_bytes(w, zero, 1);
}

size_t ap__fbw_label(ap__fbw *w)
{
    size_t *nl = ap__grow(w->lab, &w->caplab, w->nlab + 1, sizeof *nl);
    if (!nl) {
        w->nomem = 1;
        return 0;
    }
    w->lab = nl;
    w->lab[w->nlab] = 0;
    return w->nlab++;
}

void ap__fbw_here(ap__fbw *w, size_t label)
{
    if (!w->nomem)
        w->lab[label] = w->n;
}

void ap__fbw_ref(ap__fbw *w, size_t target, int old)
{
    ap__fbw_fixup *nf = ap__grow(w->fx, &w->capfx, w->nfx + 1, sizeof *nf);
    if (!nf) {
        w->nomem = 1;
        return;
    }
    w->fx = nf;
    w->fx[w->nfx++] = (ap__fbw_fixup){w->n, target, old};
    ap__fbw_int(w, 0, 4);
}

void ap__fbw_put_u32(unsigned char *p, uint32_t v)
{
    for (int j = 0; j < 4; j++)
        p[j] = (unsigned char)(v >> (8 * j));
}

ap_status ap__fbw_append_input(ap__fbw *w, const unsigned char *data, size_t len, size_t *shift)
{
    ap__fbw_pad(w, 16, 0);
    size_t d = w->n;
    if (w->nomem)
        return AP_ERR_NOMEM;
    if (len > AP__FBW_MAX_FILE - d)
        return AP_ERR_INPUT;
    for (size_t k = 0; k < w->nfx; k++) {
        const ap__fbw_fixup *f = &w->fx[k];
        size_t target = f->old ? f->target + d : w->lab[f->target];
        assert(target > f->at);
        ap__fbw_put_u32(w->p + f->at, (uint32_t)(target - f->at));
    }
    ap__fbw_bytes(w, data, len);
    if (w->nomem)
        return AP_ERR_NOMEM;
    *shift = d;
    return AP_OK;
}

void ap__fbw_free(ap__fbw *w)
{
    free(w->p);
    free(w->fx);
    free(w->lab);
    memset(w, 0, sizeof *w);
}
