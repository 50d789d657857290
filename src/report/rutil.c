/* rutil.c - what the report writers share: plan checks, names, escaping, a byte-range tree. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "report/rutil.h"

ap_status ap__report_check(const ap_problem *p, const ap_plan *plan, ap_error *err)
{
    size_t i;
    if (!plan || plan->n != p->n || (p->n && !plan->offset))
        return ap_error_set(err, AP_ERR_INVALID, "the plan has %zu offsets for %zu buffers",
                            plan ? plan->n : 0, p->n);
    for (i = 0; i < p->n; i++)
        if (plan->offset[i] < 0 || plan->offset[i] > AP_MAX_VALUE)
            return ap_error_set(err, AP_ERR_INVALID, "buffer %s is not placed", p->buf[i].id);
    return AP_OK;
}

const char *ap__kind_name(ap_kind k)
{
    switch (k) {
    case AP_KIND_ACTIVATION: return "activation";
    case AP_KIND_INPUT: return "input";
    case AP_KIND_OUTPUT: return "output";
    case AP_KIND_SCRATCH: return "scratch";
    case AP_KIND_BUFFER: break;
    }
    return "buffer";
}

int ap__cmp_key(const void *a, const void *b)
{
    const ap__key *x = a, *y = b;
    if (x->v != y->v)
        return x->v < y->v ? -1 : 1;
    return x->i < y->i ? -1 : x->i > y->i;
}

int ap__is_model(const ap_problem *p)
{
    return p->origin == AP_ORIGIN_TFLM;
}

const char *ap__head_word(const ap_problem *p)
{
    return ap__is_model(p) ? "head" : "arena";
}

const char *ap__buffer_word(const ap_buffer *b)
{
    return b->kind == AP_KIND_BUFFER || b->tensor != AP_NO_INDEX ? "tensor" : "buffer";
}

/* Length of the valid UTF-8 sequence at s that XML allows as a character, or 0. */
static size_t utf8_char(const unsigned char *s)
{
    unsigned c = s[0];
    if (c < 0x80)
        return c >= 0x20 || c == '\t' || c == '\n' || c == '\r' ? 1 : 0;
    if (c >= 0xC2 && c <= 0xDF)
        return (s[1] & 0xC0) == 0x80 ? 2 : 0;
    if (c >= 0xE0 && c <= 0xEF) {
        unsigned lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
        if (s[1] < lo || s[1] > hi || (s[2] & 0xC0) != 0x80)
            return 0;
        if (c == 0xEF && s[1] == 0xBF && (s[2] == 0xBE || s[2] == 0xBF))
            return 0; /* U+FFFE, U+FFFF: not XML characters */
        return 3;
    }
    if (c >= 0xF0 && c <= 0xF4) {
        unsigned lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
        if (s[1] < lo || s[1] > hi || (s[2] & 0xC0) != 0x80 || (s[3] & 0xC0) != 0x80)
            return 0;
        return 4;
    }
    return 0;
}

void ap__xml_text(FILE *f, const char *s, size_t max_chars)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t chars = 0;
    while (u && *u) {
        size_t k = utf8_char(u);
        if (max_chars && chars + 1 >= max_chars && u[k ? k : 1]) {
            fputs("\xE2\x80\xA6", f); /* an ellipsis: the text goes on */
            return;
        }
        chars++;
        if (!k) {
            fputc('?', f);
            u++;
            continue;
        }
        switch (*u) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\'': fputs("&#39;", f); break;
        case '\n': fputs("&#10;", f); break;
        default: fwrite(u, 1, k, f);
        }
        u += k;
    }
}

void ap__json_html(FILE *f, const char *s)
{
    const unsigned char *u = (const unsigned char *)s;
    fputc('"', f);
    while (u && *u) {
        size_t k = utf8_char(u);
        unsigned c = *u;
        if (c < 0x20) {
            if (c == '\n')
                fputs("\\n", f);
            else if (c == '\t')
                fputs("\\t", f);
            else
                fprintf(f, "\\u%04x", c);
            u++;
            continue;
        }
        if (!k) {
            fputc('?', f);
            u++;
            continue;
        }
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c == '<' || c == '>' || c == '&')
            fprintf(f, "\\u%04x", c);
        else
            fwrite(u, 1, k, f);
        u += k;
    }
    fputc('"', f);
}

void ap__human_bytes(char *buf, size_t cap, int64_t v)
{
    double a = (double)(v < 0 ? -v : v);
    if (a < 1024)
        snprintf(buf, cap, "%lld B", (long long)v);
    else if (a < 1024.0 * 1024)
        snprintf(buf, cap, "%.1f KiB", (double)v / 1024);
    else if (a < 1024.0 * 1024 * 1024)
        snprintf(buf, cap, "%.2f MiB", (double)v / (1024.0 * 1024));
    else
        snprintf(buf, cap, "%.2f GiB", (double)v / (1024.0 * 1024 * 1024));
}

static int cmp_i64(const void *x, const void *y)
{
    int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;
    return a < b ? -1 : a > b;
}

ap_status ap__bytetree_init(ap__bytetree *t, const ap_problem *p, const int64_t *offset, ap_error *err)
{
    size_t i, m = 0, nodes;
    memset(t, 0, sizeof *t);
    if (!(t->pts = ap__alloc(2 * p->n + 2, sizeof *t->pts)))
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory summarizing %zu buffers", p->n);
    for (i = 0; i < p->n; i++)
        if (p->buf[i].size > 0) {
            t->pts[m++] = offset[i];
            t->pts[m++] = offset[i] + p->buf[i].size;
        }
    qsort(t->pts, m, sizeof *t->pts, cmp_i64);
    for (i = 0, t->m = 0; i < m; i++)
        if (t->m == 0 || t->pts[t->m - 1] != t->pts[i])
            t->pts[t->m++] = t->pts[i];
    nodes = 4 * (t->m ? t->m : 1);
    t->tag = ap__alloc(nodes, sizeof *t->tag);
    t->sub = ap__alloc(nodes, sizeof *t->sub);
    if (!t->tag || !t->sub) {
        ap__bytetree_free(t);
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory summarizing %zu buffers", p->n);
    }
    for (i = 0; i < nodes; i++)
        t->tag[i] = t->sub[i] = INT64_MAX;
    return AP_OK;
}

void ap__bytetree_free(ap__bytetree *t)
{
    free(t->pts);
    free(t->tag);
    free(t->sub);
    memset(t, 0, sizeof *t);
}

/* Index of the boundary v (it is one of pts). */
static size_t point_index(const ap__bytetree *t, int64_t v)
{
    size_t lo = 0, hi = t->m;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (t->pts[mid] < v)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* Node `node` covers elementary segments [l, r); the query covers [ql, qr). */
static void chmin_rec(ap__bytetree *t, size_t node, size_t l, size_t r, size_t ql, size_t qr, int64_t v)
{
    size_t mid;
    if (qr <= l || r <= ql)
        return;
    if (v < t->sub[node])
        t->sub[node] = v;
    if (ql <= l && r <= qr) {
        if (v < t->tag[node])
            t->tag[node] = v;
        return;
    }
    mid = l + (r - l) / 2;
    chmin_rec(t, 2 * node, l, mid, ql, qr, v);
    chmin_rec(t, 2 * node + 1, mid, r, ql, qr, v);
}

static int64_t min_rec(const ap__bytetree *t, size_t node, size_t l, size_t r, size_t ql, size_t qr)
{
    size_t mid;
    int64_t a, b, best;
    if (qr <= l || r <= ql)
        return INT64_MAX;
    if (ql <= l && r <= qr)
        return t->sub[node];
    mid = l + (r - l) / 2;
    a = min_rec(t, 2 * node, l, mid, ql, qr);
    b = min_rec(t, 2 * node + 1, mid, r, ql, qr);
    best = a < b ? a : b;
    /* a write that covered this whole node touched the part the query covers */
    return t->tag[node] < best ? t->tag[node] : best;
}

void ap__bytetree_chmin(ap__bytetree *t, int64_t lo, int64_t hi, int64_t v)
{
    if (lo >= hi || t->m < 2)
        return;
    chmin_rec(t, 1, 0, t->m - 1, point_index(t, lo), point_index(t, hi), v);
}

int64_t ap__bytetree_min(const ap__bytetree *t, int64_t lo, int64_t hi)
{
    if (lo >= hi || t->m < 2)
        return INT64_MAX;
    return min_rec(t, 1, 0, t->m - 1, point_index(t, lo), point_index(t, hi));
}

void ap__rule_overlaps_by_over(const ap_problem *p, const ap_overlap **by_over)
{
    size_t i;
    for (i = 0; i < p->n; i++)
        by_over[i] = NULL;
    for (i = 0; i < p->n_ovl; i++)
        if (!by_over[p->ovl[i].over])
            by_over[p->ovl[i].over] = &p->ovl[i];
}
