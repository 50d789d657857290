/*
 * figures.c - a measured-figures CSV (corpus/reference/ops/TARGET.csv) checked against the spec.
 *
 * The CSV has a header row; the columns read here are name, fnv1a64 (the hash of the model's
 * bytes, 16 hex digits), status (ok, refused, crash) and message (TFLM's own text). Every row
 * must name a model of the spec whose bytes still hash to fnv1a64 (else the figure describes
 * another model), every model must have a row, and the measured status must be the spec's
 * expectation for the target: ok for "load", refused with the expected text inside the message
 * for "refuse", crash for "crash". A model tagged "unmeasured" (written from the source, waiting
 * for the real runtime) may have no row yet; once it has one, the row is checked as any.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "opgen.h"

/* Splits one CSV record (RFC 4180 quoting, no line breaks inside fields) of line into at most
 * max fields (modified in place). Returns the count. */
int og_csv_split(char *line, char **f, int max)
{
    int n = 0;
    char *p = line;
    while (n < max) {
        char *out = p;
        f[n++] = p;
        if (*p == '"') {
            char *q = p + 1;
            for (;;) {
                if (!*q)
                    break;
                if (*q == '"' && q[1] == '"') {
                    *out++ = '"';
                    q += 2;
                } else if (*q == '"') {
                    q++;
                    break;
                } else {
                    *out++ = *q++;
                }
            }
            p = q;
        } else {
            while (*p && *p != ',')
                *out++ = *p++;
        }
        char *next = *p == ',' ? p + 1 : NULL;
        *out = '\0';
        if (!next)
            break;
        p = next;
    }
    return n;
}

static int column(char **h, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(h[i], name))
            return i;
    return -1;
}

static const char *const status_of[] = {"ok", "refused", "crash"};

static int check_row(const og_spec *spec, char **f, int nf, const int *col, int target,
                     const char *only, char *seen)
{
    int problems = 0;
    if (nf <= col[0] || nf <= col[1] || nf <= col[2] || nf <= col[3]) {
        fprintf(stderr, "figures: a row has too few columns\n");
        return 1;
    }
    const char *name = f[col[0]];
    int mi = -1;
    if (only && strcmp(only, name))
        return 0;
    for (int i = 0; i < spec->n; i++)
        if (!strcmp(spec->m[i].name, name))
            mi = i;
    if (mi < 0) {
        fprintf(stderr, "figures: %s: no such model in the spec\n", name);
        return 1;
    }
    const og_model *m = &spec->m[mi];
    seen[mi] = 1;
    char err[512];
    size_t len;
    unsigned char *bytes = og_build(m, &len, err, sizeof err);
    if (!bytes) {
        fprintf(stderr, "figures: %s: %s\n", name, err);
        return 1;
    }
    char hash[32];
    snprintf(hash, sizeof hash, "%016" PRIx64, og_fnv1a64(bytes, len));
    free(bytes);
    if (strcmp(hash, f[col[1]])) {
        fprintf(stderr, "figures: %s: measured on bytes with hash %s, the spec gives %s today\n",
                name, f[col[1]], hash);
        problems++;
    }
    const og_expect *e = &m->expect[target];
    const char *st = f[col[2]], *msg = f[col[3]];
    if (strcmp(st, status_of[e->kind])) {
        fprintf(stderr, "figures: %s: measured %s (%s), the spec expects %s%s%s\n", name, st, msg,
                status_of[e->kind], e->kind == OG_EXPECT_REFUSE ? " with " : "", e->text);
        problems++;
    } else if (e->kind == OG_EXPECT_REFUSE && !strstr(msg, e->text)) {
        fprintf(stderr, "figures: %s: refused with \"%s\", the spec expects \"%s\" in it\n", name,
                msg, e->text);
        problems++;
    }
    return problems;
}

int og_check_figures(const og_spec *spec, const char *csv_path, int target, const char *only)
{
    FILE *fp = fopen(csv_path, "r");
    if (!fp)
        return -1;
    char *line = NULL, *hline = NULL;
    size_t cap = 0;
    int problems = 0, col[4], nh = 0;
    char *h[64], *f[64];
    char *seen = calloc((size_t)spec->n + 1, 1);
    if (getline(&hline, &cap, fp) < 0) {
        fclose(fp);
        free(seen);
        free(hline);
        return -1;
    }
    hline[strcspn(hline, "\r\n")] = '\0';
    nh = og_csv_split(hline, h, 64);
    const char *need[4] = {"name", "fnv1a64", "status", "message"};
    for (int i = 0; i < 4; i++)
        if ((col[i] = column(h, nh, need[i])) < 0) {
            fprintf(stderr, "figures: %s: no column %s\n", csv_path, need[i]);
            problems++;
        }
    cap = 0;
    int header_ok = problems == 0;
    while (header_ok && getline(&line, &cap, fp) >= 0) {
        line[strcspn(line, "\r\n")] = '\0';
        if (!line[0])
            continue;
        int nf = og_csv_split(line, f, 64);
        problems += check_row(spec, f, nf, col, target, only, seen);
    }
    for (int i = 0; i < spec->n && header_ok; i++)
        if (!seen[i] && (!only || !strcmp(only, spec->m[i].name)) && problems < 1000 &&
            !strstr(spec->m[i].tags, "unmeasured")) {
            fprintf(stderr, "figures: %s: no row for it\n", spec->m[i].name);
            problems++;
        }
    free(seen);
    free(line);
    free(hline);
    fclose(fp);
    return problems;
}
