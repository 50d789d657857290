/* util.c - allocation with overflow checks, a stable index sort, a monotonic clock. */
#include <string.h>
#include <time.h>

#include "core/util.h"

void *ap__alloc(size_t count, size_t size)
{
    size_t bytes;
    if (__builtin_mul_overflow(count, size, &bytes))
        return NULL;
    return malloc(bytes ? bytes : 1);
}

void *ap__zalloc(size_t count, size_t size)
{
    if (count == 0 || size == 0)
        return calloc(1, 1);
    return calloc(count, size);
}

/* Grows *ptr so that it holds at least `need` elements; doubles the capacity. */
void *ap__grow(void *ptr, size_t *cap, size_t need, size_t size)
{
    size_t ncap, bytes;
    void *np;
    if (need <= *cap)
        return ptr;
    ncap = *cap ? *cap : 16;
    while (ncap < need) {
        if (ncap > SIZE_MAX / 2)
            return NULL;
        ncap *= 2;
    }
    if (__builtin_mul_overflow(ncap, size, &bytes))
        return NULL;
    np = realloc(ptr, bytes);
    if (np)
        *cap = ncap;
    return np;
}

char *ap__strdup(const char *s)
{
    size_t len;
    char *d;
    if (!s)
        return NULL;
    len = strlen(s) + 1;
    d = malloc(len);
    if (d)
        memcpy(d, s, len);
    return d;
}

double ap__now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void merge_pass(uint32_t *idx, uint32_t *tmp, size_t n, ap__cmp_fn cmp, const void *ctx)
{
    size_t width;
    uint32_t *src = idx, *dst = tmp;
    for (width = 1; width < n; width *= 2) {
        size_t lo;
        for (lo = 0; lo < n; lo += 2 * width) {
            size_t mid = lo + width < n ? lo + width : n;
            size_t hi = lo + 2 * width < n ? lo + 2 * width : n;
            size_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi)
                dst[k++] = cmp(src[j], src[i], ctx) < 0 ? src[j++] : src[i++];
            while (i < mid)
                dst[k++] = src[i++];
            while (j < hi)
                dst[k++] = src[j++];
        }
        { uint32_t *t = src; src = dst; dst = t; }
    }
    if (src != idx)
        memcpy(idx, src, n * sizeof *idx);
}

ap_status ap__sort_idx(uint32_t *idx, size_t n, ap__cmp_fn cmp, const void *ctx, ap_error *err)
{
    uint32_t *tmp;
    if (n < 2)
        return AP_OK;
    tmp = ap__alloc(n, sizeof *tmp);
    if (!tmp)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory sorting %zu buffers", n);
    merge_pass(idx, tmp, n, cmp, ctx);
    free(tmp);
    return AP_OK;
}
