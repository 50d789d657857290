/*
 * load.c - reading an input file and handing it to the CSV or .tflite reader (see load.h).
 *
 * The folder src/io/: inputs, a file to its reader.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "arenaplan/csv.h"
#include "arenaplan/litert.h"
#include "arenaplan/load.h"
#include "arenaplan/tflm.h"
#include "core/util.h"

#define MAX_INPUT_BYTES ((size_t)1 << 31) /* 2 GiB: FlatBuffers address at most that much */

void ap_load_options_init(ap_load_options *opt)
{
    memset(opt, 0, sizeof *opt);
    ap_litert_options_init(&opt->litert);
}

ap_status ap_read_file(const char *path, size_t max_bytes, unsigned char **data, size_t *len, ap_error *err)
{
    FILE *f = fopen(path, "rb");
    unsigned char *buf = NULL;
    size_t cap = 0, n = 0;
    struct stat st;
    *data = NULL;
    *len = 0;
    if (!f)
        return ap_error_set(err, AP_ERR_IO, "%s: cannot open: %s", path, strerror(errno));
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        fclose(f);
        return ap_error_set(err, AP_ERR_IO, "%s: is a directory, not a file to read", path);
    }
    for (;;) {
        size_t got;
        if (cap - n < 65536 + 1) {
            unsigned char *nb;
            size_t ncap = cap ? cap * 2 : 65536 * 2;
            if (ncap > max_bytes + 2)
                ncap = max_bytes + 2;
            if (ncap <= cap) {
                free(buf);
                fclose(f);
                return ap_error_set(err, AP_ERR_INPUT, "%s: larger than %zu bytes", path, max_bytes);
            }
            if (!(nb = realloc(buf, ncap))) {
                free(buf);
                fclose(f);
                return ap_error_set(err, AP_ERR_NOMEM, "%s: out of memory reading the file", path);
            }
            buf = nb;
            cap = ncap;
        }
        got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
        if (n > max_bytes) {
            free(buf);
            fclose(f);
            return ap_error_set(err, AP_ERR_INPUT, "%s: larger than %zu bytes", path, max_bytes);
        }
        if (got == 0)
            break;
    }
    if (ferror(f)) {
        int e = errno;
        free(buf);
        fclose(f);
        return ap_error_set(err, AP_ERR_IO, "%s: read error: %s", path, strerror(e));
    }
    fclose(f);
    buf[n] = 0;
    *data = buf;
    *len = n;
    return AP_OK;
}

static int looks_like_tflite(const unsigned char *d, size_t len)
{
    return len >= 8 && memcmp(d + 4, "TFL3", 4) == 0;
}

/* Whether the reader of models should judge the file: it says it is one, or it is named like
 * one, or it is binary (CSV text has no NUL byte) and not named like a CSV file. A damaged
 * model then gets the model reader's message ("file identifier ... is not TFL3") rather than a
 * CSV error, and a CSV file holding a NUL byte the CSV reader's ("binary data"). */
static int named(const char *path, const char *ext)
{
    size_t n = strlen(path), k = strlen(ext);
    return n >= k && strcasecmp(path + n - k, ext) == 0;
}

int ap_is_model_data(const unsigned char *d, size_t len, const char *path)
{
    if (looks_like_tflite(d, len) || named(path, ".tflite"))
        return 1;
    return !named(path, ".csv") && memchr(d, 0, len < 64 ? len : 64) != NULL;
}

int ap_is_tflite_file(const char *path)
{
    unsigned char head[8];
    FILE *f = fopen(path, "rb");
    size_t got;
    if (!f)
        return 0;
    got = fread(head, 1, sizeof head, f);
    fclose(f);
    return looks_like_tflite(head, got);
}

/* One warning per path the problem does not model: its head is a lower estimate. */
static void warn_unmodelled(const ap_problem *p, const char *path, const ap_load_options *opt)
{
    char msg[768];
    size_t k;
    for (k = 0; k < p->n_unmodelled; k++) {
        const ap_unmodelled *u = &p->unmodelled[k];
        if (u->op && u->node >= 0)
            snprintf(msg, sizeof msg, "%s: not modelled, so the head is a lower estimate: op %lld "
                     "%s: %s", path, (long long)u->node, u->op, u->what);
        else
            snprintf(msg, sizeof msg, "%s: not modelled, so the head is a lower estimate: %s",
                     path, u->what);
        opt->warn(opt->warn_ctx, msg);
    }
}

ap_status ap_load(const char *path, const ap_load_options *opt, ap_problem **out, ap_error *err)
{
    unsigned char *data;
    size_t len;
    ap_status st;
    *out = NULL;
    if (opt && (opt->build.align < 0 || (opt->build.align & (opt->build.align - 1))))
        return ap_error_set(err, AP_ERR_USAGE, "alignment %lld is not a power of two",
                            (long long)opt->build.align);
    if ((st = ap_read_file(path, MAX_INPUT_BYTES, &data, &len, err)) != AP_OK)
        return st;
    st = ap_load_data(data, len, path, opt, out, err);
    free(data);
    return st;
}

ap_status ap_load_data(const unsigned char *data, size_t len, const char *path,
                       const ap_load_options *opt, ap_problem **out, ap_error *err)
{
    ap_load_options defaults;
    ap_status st;
    *out = NULL;
    if (!opt) {
        ap_load_options_init(&defaults);
        opt = &defaults;
    }
    if (opt->build.align < 0 || (opt->build.align & (opt->build.align - 1)))
        return ap_error_set(err, AP_ERR_USAGE, "alignment %lld is not a power of two",
                            (long long)opt->build.align);
    if (ap_is_model_data(data, len, path) && opt->runtime == AP_RUNTIME_TFLITE) {
        ap_litert_options lo = opt->litert;
        lo.align = opt->build.align;
        st = ap_litert_load_problem(data, len, path, &lo, out, err);
    } else if (ap_is_model_data(data, len, path)) {
        st = ap_tflite_load_problem(data, len, path, &opt->build, out, err);
    } else {
        ap_csv_options co;
        ap_csv_options_init(&co);
        co.align = opt->build.align;
        co.allow_fixed_overlap = opt->allow_fixed_overlap;
        co.warn = opt->warn;
        co.warn_ctx = opt->warn_ctx;
        st = ap_csv_parse((const char *)data, len, path, &co, out, NULL, err);
    }
    if (st == AP_OK && opt->warn)
        warn_unmodelled(*out, path ? path : "<input>", opt);
    return st;
}
