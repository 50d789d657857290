/*
 * csv_read.c - reading buffer lists and plans from CSV (see csv.h; report/csv.c writes them).
 *
 * The reader is a small state machine over the bytes: it splits records into fields (RFC 4180
 * quoting), maps the header's names to known columns, and converts each field with range
 * checks, so every error can name its line and column. Everything is distrusted: a field that
 * is not a 64-bit integer, a value out of range, a row with the wrong number of fields, an id
 * used twice.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "arenaplan/check.h"
#include "arenaplan/csv.h"
#include "core/check.h"
#include "core/util.h"

enum col { C_ID, C_LOWER, C_UPPER, C_END, C_SIZE, C_ALIGN, C_OFFSET, C_NAME, C_ALIAS, C_OVERLAP,
           C_DELTA, C_EXACT, C_TYPE, C_FIXED, C_COUNT, C_IGNORED };

static const char *const col_names[C_COUNT] = {"id", "lower", "upper", "end", "size", "alignment",
                                               "offset", "name", "alias_of", "overlap_of",
                                               "max_delta", "overlap_exact", "type", "fixed"};

static const struct {
    const char *name;
    enum col col;
} aliases[] = {
    {"id", C_ID},          {"buffer", C_ID},   {"buffer_id", C_ID}, {"lower", C_LOWER},
    {"start", C_LOWER},    {"begin", C_LOWER}, {"upper", C_UPPER},  {"end", C_END},
    {"size", C_SIZE},      {"alignment", C_ALIGN}, {"align", C_ALIGN}, {"offset", C_OFFSET},
    {"name", C_NAME},      {"alias_of", C_ALIAS}, {"overlap_of", C_OVERLAP},
    {"max_delta", C_DELTA}, {"overlap_exact", C_EXACT}, {"type", C_TYPE},
    {"fixed", C_FIXED},
};

void ap_csv_options_init(ap_csv_options *opt)
{
    memset(opt, 0, sizeof *opt);
}

/* ---- tokenizer ------------------------------------------------------------------------ */

typedef struct field {
    char *text;  /* unquoted, NUL-terminated copy */
} field;

typedef struct reader {
    const char *s, *end;
    const char *origin;
    long line;          /* line of the record just read (1-based) */
    long next_line;
    field *f;
    size_t nf, cap_f;
    char *buf;          /* storage for the unquoted fields of one record */
    size_t cap_buf;
    ap_status failed;   /* why next_record returned -1 (err may be NULL) */
    ap_problem *collect; /* receives the "# unmodelled: " comment lines, or NULL */
} reader;

static void reader_free(reader *r)
{
    free(r->f);
    free(r->buf);
}

static int is_blank_or_comment(const char *s, const char *end)
{
    while (s < end && (*s == ' ' || *s == '\t' || *s == '\r'))
        s++;
    return s == end || *s == '\n' || *s == '#';
}

#define UNMODELLED "# unmodelled: "

/* A comment line "# unmodelled: op N NAME: what" (or "# unmodelled: what"), as the CSV writer
 * writes what a problem does not model: kept, so that a buffer list of it still says so. */
static ap_status unmodelled_line(reader *r, const char *eol, ap_error *err)
{
    size_t n = (size_t)(eol - r->s), k = sizeof UNMODELLED - 1;
    char *line, *what, *op = NULL, *end;
    long long node = -1;
    ap_status st;
    if (n < k || memcmp(r->s, UNMODELLED, k) != 0)
        return AP_OK;
    if (n > 0 && r->s[n - 1] == '\r')
        n--;
    if (!(line = ap__alloc(n - k + 1, 1)))
        return r->failed = ap_error_set(err, AP_ERR_NOMEM, "%s: out of memory", r->origin);
    memcpy(line, r->s + k, n - k);
    line[n - k] = 0;
    what = line;
    if (strncmp(line, "op ", 3) == 0) {
        node = strtoll(line + 3, &end, 10);
        if (end != line + 3 && *end == ' ' && (what = strstr(end + 1, ": ")) != NULL) {
            *what = 0;
            op = end + 1;
            what += 2;
        } else {
            what = line, node = -1;
        }
    }
    st = ap_problem_add_unmodelled(r->collect, op, node, what, err);
    free(line);
    if (st != AP_OK)
        r->failed = st;
    return st;
}

/* Reads the next non-blank, non-comment record. Returns 1 on a record, 0 at the end, -1 on
 * error (r->failed, and err when given). Long because it is one state machine over the bytes
 * (RFC 4180 quoting): its states are the positions in this loop. */
static int next_record(reader *r, ap_error *err)
{
    size_t len = 0;
    for (;;) {
        const char *eol;
        if (r->s >= r->end)
            return 0;
        eol = memchr(r->s, '\n', (size_t)(r->end - r->s));
        if (!eol)
            eol = r->end;
        if (!is_blank_or_comment(r->s, eol))
            break;
        if (r->collect && unmodelled_line(r, eol, err) != AP_OK)
            return -1;
        r->s = eol < r->end ? eol + 1 : eol;
        r->next_line++;
    }
    r->line = r->next_line;
    r->nf = 0;
    /* the unquoted text is never longer than the raw record */
    {
        size_t need = (size_t)(r->end - r->s) + 1;
        if (need > r->cap_buf) {
            char *nb = realloc(r->buf, need);
            if (!nb) {
                r->failed = ap_error_set(err, AP_ERR_NOMEM, "%s: out of memory reading line %ld",
                                         r->origin, r->line);
                return -1;
            }
            r->buf = nb;
            r->cap_buf = need;
        }
    }
    for (;;) {
        const char *start = r->buf + len;
        field *nf = ap__grow(r->f, &r->cap_f, r->nf + 1, sizeof *r->f);
        if (!nf) {
            r->failed = ap_error_set(err, AP_ERR_NOMEM, "%s: out of memory reading line %ld",
                                     r->origin, r->line);
            return -1;
        }
        r->f = nf;
        while (r->s < r->end && (*r->s == ' ' || *r->s == '\t'))
            r->s++;
        if (r->s < r->end && *r->s == '"') {
            r->s++;
            for (;;) {
                if (r->s >= r->end) {
                    r->failed = ap_error_set(err, AP_ERR_INPUT, "%s:%ld: a quoted field is not closed",
                                             r->origin, r->line);
                    return -1;
                }
                if (*r->s == '"') {
                    if (r->s + 1 < r->end && r->s[1] == '"') {
                        r->buf[len++] = '"';
                        r->s += 2;
                        continue;
                    }
                    r->s++;
                    break;
                }
                if (*r->s == '\n')
                    r->next_line++;
                r->buf[len++] = *r->s++;
            }
            while (r->s < r->end && (*r->s == ' ' || *r->s == '\t' || *r->s == '\r'))
                r->s++;
            if (r->s < r->end && *r->s != ',' && *r->s != '\n') {
                r->failed = ap_error_set(err, AP_ERR_INPUT,
                                         "%s:%ld: unexpected text after a quoted field", r->origin,
                                         r->line);
                return -1;
            }
        } else {
            while (r->s < r->end && *r->s != ',' && *r->s != '\n')
                r->buf[len++] = *r->s++;
            /* trim trailing blanks and a CR */
            while (r->buf + len > start && (r->buf[len - 1] == ' ' || r->buf[len - 1] == '\t' ||
                                            r->buf[len - 1] == '\r'))
                len--;
        }
        r->buf[len++] = 0;
        r->f[r->nf++].text = (char *)start;
        if (r->s < r->end && *r->s == ',') {
            r->s++;
            continue;
        }
        if (r->s < r->end)
            r->s++; /* the newline */
        r->next_line++;
        break;
    }
    /* fields point into buf, which did not move while this record was read */
    return 1;
}

/* ---- values --------------------------------------------------------------------------- */

static ap_status parse_i64(const reader *r, const char *col, const char *text, int64_t *out, ap_error *err)
{
    const char *s = text;
    int neg = 0;
    uint64_t v = 0;
    if (*s == '+' || *s == '-')
        neg = *s++ == '-';
    if (!isdigit((unsigned char)*s))
        goto bad;
    while (isdigit((unsigned char)*s)) {
        unsigned d = (unsigned)(*s++ - '0');
        if (v > (UINT64_C(1) << 62) / 10)
            return ap_error_set(err, AP_ERR_INPUT, "%s:%ld: column '%s': %s is too %s", r->origin,
                                r->line, col, text, neg ? "small" : "large");
        v = v * 10 + d;
    }
    if (*s)
        goto bad;
    if (v > (uint64_t)AP_MAX_VALUE + 1)
        return ap_error_set(err, AP_ERR_INPUT, "%s:%ld: column '%s': %s is out of range (at most 2^52)",
                            r->origin, r->line, col, text);
    *out = neg ? -(int64_t)v : (int64_t)v;
    return AP_OK;
bad:
    return ap_error_set(err, AP_ERR_INPUT, "%s:%ld: column '%s': '%s' is not an integer", r->origin,
                        r->line, col, text);
}

/* ---- header --------------------------------------------------------------------------- */

typedef struct header {
    int idx[C_COUNT];  /* field index of each known column, or -1 */
    size_t nfields;
    int offset_is_plan; /* the offsets are a plan: fixed only where the fixed column says 1 */
    int preplanned;     /* allow_fixed_overlap */
} header;

static ap_status read_header(reader *r, header *h, const ap_csv_options *opt, int for_plan, ap_error *err)
{
    size_t i, k;
    int got = next_record(r, err);
    if (got < 0)
        return r->failed;
    if (got == 0)
        return ap_error_set(err, AP_ERR_INPUT, "%s: empty file (expected a header row such as id,lower,upper,size)",
                            r->origin);
    for (k = 0; k < C_COUNT; k++)
        h->idx[k] = -1;
    h->nfields = r->nf;
    for (i = 0; i < r->nf; i++) {
        const char *name = r->f[i].text;
        enum col c = C_IGNORED;
        for (k = 0; k < sizeof aliases / sizeof aliases[0]; k++)
            if (strcasecmp(name, aliases[k].name) == 0)
                c = aliases[k].col;
        if (c == C_IGNORED) {
            if (opt && opt->warn) {
                char msg[AP_ERROR_MAX];
                snprintf(msg, sizeof msg, "%s:%ld: column '%s' is not used and was ignored", r->origin,
                         r->line, name);
                opt->warn(opt->warn_ctx, msg);
            }
            continue;
        }
        if (h->idx[c] >= 0)
            return ap_error_set(err, AP_ERR_INPUT, "%s:%ld: columns '%s' and '%s' both give the %s",
                                r->origin, r->line, r->f[h->idx[c]].text, name, col_names[c]);
        h->idx[c] = (int)i;
    }
    if (h->idx[C_UPPER] >= 0 && h->idx[C_END] >= 0)
        return ap_error_set(err, AP_ERR_INPUT,
                            "%s:%ld: give either 'upper' (exclusive) or 'end' (inclusive), not both",
                            r->origin, r->line);
    if (h->idx[C_ID] < 0)
        return ap_error_set(err, AP_ERR_INPUT, "%s:%ld: no 'id' column (or 'buffer', 'buffer_id')",
                            r->origin, r->line);
    if (for_plan) {
        if (h->idx[C_OFFSET] < 0)
            return ap_error_set(err, AP_ERR_INPUT, "%s:%ld: a plan needs an 'offset' column", r->origin, r->line);
        return AP_OK;
    }
    if (h->idx[C_LOWER] < 0)
        return ap_error_set(err, AP_ERR_INPUT, "%s:%ld: no 'lower' column (or 'start', 'begin')", r->origin,
                            r->line);
    if (h->idx[C_UPPER] < 0 && h->idx[C_END] < 0)
        return ap_error_set(err, AP_ERR_INPUT, "%s:%ld: no 'upper' (exclusive) or 'end' (inclusive) column",
                            r->origin, r->line);
    if (h->idx[C_SIZE] < 0)
        return ap_error_set(err, AP_ERR_INPUT, "%s:%ld: no 'size' column", r->origin, r->line);
    return AP_OK;
}

static const char *field_of(const reader *r, const header *h, enum col c)
{
    return h->idx[c] >= 0 ? r->f[h->idx[c]].text : NULL;
}

static ap_status check_width(const reader *r, const header *h, ap_error *err)
{
    if (r->nf != h->nfields)
        return ap_error_set(err, AP_ERR_INPUT, "%s:%ld: expected %zu fields as in the header, found %zu",
                            r->origin, r->line, h->nfields, r->nf);
    return AP_OK;
}

/* Reads an integer column; empty optional fields leave *out unchanged. */
static ap_status get_int(const reader *r, const header *h, enum col c, int required, int64_t *out,
                         ap_error *err)
{
    const char *t = field_of(r, h, c);
    if (!t || !*t) {
        if (required)
            return ap_error_set(err, AP_ERR_INPUT, "%s:%ld: column '%s' is empty", r->origin, r->line,
                                col_names[c]);
        return AP_OK;
    }
    return parse_i64(r, col_names[c], t, out, err);
}

/* ---- ids: sorted index for lookups and duplicate detection ---------------------------- */

typedef struct id_index {
    const ap_problem *p;
    uint32_t *by_id;
} id_index;

static int cmp_id(uint32_t a, uint32_t b, const void *ctx)
{
    const ap_problem *p = ctx;
    int c = strcmp(p->buf[a].id, p->buf[b].id);
    return c ? c : (a < b ? -1 : a > b);
}

static ap_status id_index_build(id_index *ix, const ap_problem *p, ap_error *err)
{
    size_t i;
    ix->p = p;
    if (!(ix->by_id = ap__alloc(p->n, sizeof *ix->by_id)))
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory indexing ids");
    for (i = 0; i < p->n; i++)
        ix->by_id[i] = (uint32_t)i;
    return ap__sort_idx(ix->by_id, p->n, cmp_id, p, err);
}

static long id_index_find(const id_index *ix, const char *id)
{
    size_t lo = 0, hi = ix->p->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (strcmp(ix->p->buf[ix->by_id[mid]].id, id) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < ix->p->n && strcmp(ix->p->buf[ix->by_id[lo]].id, id) == 0)
        return (long)ix->by_id[lo];
    return -1;
}

/* ---- problem -------------------------------------------------------------------------- */

/* An allowance named by alias_of or overlap_of, resolved once every id is known. */
typedef struct pending_alias {
    uint32_t buf;
    long line;
    char *target;
    enum col col;    /* C_ALIAS or C_OVERLAP, for messages */
    int64_t delta;
    unsigned flags;
} pending_alias;

/* The allowances a row declares (alias_of, overlap_of with max_delta, overlap_exact). */
static ap_status read_allowances(const reader *r, const header *h, uint32_t buf,
                                 pending_alias **al, size_t *nal, size_t *cap, ap_error *err)
{
    const char *alias = field_of(r, h, C_ALIAS), *over = field_of(r, h, C_OVERLAP);
    const char *delta = field_of(r, h, C_DELTA), *exact = field_of(r, h, C_EXACT);
    int64_t d = 0;
    unsigned ex = 0;
    ap_status st;
    if (delta && *delta) {
        if (!over || !*over)
            return ap_error_set(err, AP_ERR_INPUT,
                                "%s:%ld: column 'max_delta' is set but 'overlap_of' is empty",
                                r->origin, r->line);
        if ((st = parse_i64(r, "max_delta", delta, &d, err)) != AP_OK)
            return st;
    }
    if (exact && *exact) {
        if (strcmp(exact, "0") != 0 && strcmp(exact, "1") != 0)
            return ap_error_set(err, AP_ERR_INPUT,
                                "%s:%ld: column 'overlap_exact': '%s' is not 0 or 1", r->origin,
                                r->line, exact);
        if (exact[0] == '1') {
            if ((!alias || !*alias) && (!over || !*over))
                return ap_error_set(err, AP_ERR_INPUT,
                                    "%s:%ld: column 'overlap_exact' is 1 but neither 'alias_of' "
                                    "nor 'overlap_of' names a buffer", r->origin, r->line);
            ex = AP_OVERLAP_EXACT;
        }
    }
    for (int k = 0; k < 2; k++) {
        const char *t = k == 0 ? alias : over;
        pending_alias *na;
        if (!t || !*t)
            continue;
        if (!(na = ap__grow(*al, cap, *nal + 1, sizeof **al)))
            return ap_error_set(err, AP_ERR_NOMEM, "%s: out of memory at line %ld", r->origin,
                                r->line);
        *al = na;
        na[*nal].buf = buf;
        na[*nal].line = r->line;
        na[*nal].col = k == 0 ? C_ALIAS : C_OVERLAP;
        na[*nal].delta = k == 0 ? 0 : d;
        na[*nal].flags = (k == 0 ? AP_OVERLAP_ALIAS : 0u) | ex;
        if (!(na[*nal].target = ap__strdup(t)))
            return ap_error_set(err, AP_ERR_NOMEM, "%s: out of memory at line %ld", r->origin,
                                r->line);
        ++*nal;
    }
    return AP_OK;
}

static ap_status read_row(reader *r, const header *h, ap_problem *p, ap_buffer_spec *s, ap_error *err)
{
    ap_status st;
    const char *id = field_of(r, h, C_ID);
    int64_t end = 0;
    if ((st = check_width(r, h, err)) != AP_OK)
        return st;
    if (!*id)
        return ap_error_set(err, AP_ERR_INPUT, "%s:%ld: column 'id' is empty", r->origin, r->line);
    ap_buffer_spec_init(s);
    s->id = id;
    s->name = field_of(r, h, C_NAME);
    if (s->name && !*s->name)
        s->name = NULL;
    s->type = field_of(r, h, C_TYPE);
    if (s->type && !*s->type)
        s->type = NULL;
    if ((st = get_int(r, h, C_LOWER, 1, &s->lower, err)) != AP_OK ||
        (st = get_int(r, h, C_SIZE, 1, &s->size, err)) != AP_OK ||
        (st = get_int(r, h, C_ALIGN, 0, &s->align, err)) != AP_OK ||
        (st = get_int(r, h, C_OFFSET, 0, &s->fixed, err)) != AP_OK)
        return st;
    if (h->idx[C_FIXED] >= 0 || h->offset_is_plan) {
        /* a plan's offset is the fixed offset only where its fixed column says 1 */
        int64_t fx = 0;
        if ((st = get_int(r, h, C_FIXED, 0, &fx, err)) != AP_OK)
            return st;
        if (fx != 0 && fx != 1)
            return ap_error_set(err, AP_ERR_INPUT, "%s:%ld: column 'fixed': %lld is not 0 or 1",
                                r->origin, r->line, (long long)fx);
        if (fx && s->fixed == AP_UNFIXED)
            return ap_error_set(err, AP_ERR_INPUT, "%s:%ld: column 'fixed': 1 without an offset",
                                r->origin, r->line);
        if (!fx)
            s->fixed = AP_UNFIXED;
    }
    s->preplanned = h->preplanned;
    if (h->idx[C_END] >= 0) {
        if ((st = get_int(r, h, C_END, 1, &end, err)) != AP_OK)
            return st;
        s->upper = end + 1;
        if (end < s->lower)
            return ap_error_set(err, AP_ERR_INPUT, "%s:%ld: column 'end': %lld is before lower %lld",
                                r->origin, r->line, (long long)end, (long long)s->lower);
    } else {
        if ((st = get_int(r, h, C_UPPER, 1, &s->upper, err)) != AP_OK)
            return st;
        if (s->upper <= s->lower)
            return ap_error_set(err, AP_ERR_INPUT,
                                "%s:%ld: column 'upper': %lld must be greater than lower %lld (upper is exclusive)",
                                r->origin, r->line, (long long)s->upper, (long long)s->lower);
    }
    if (s->size < 0)
        return ap_error_set(err, AP_ERR_INPUT, "%s:%ld: column 'size': %lld is negative", r->origin,
                            r->line, (long long)s->size);
    if (h->idx[C_ALIGN] >= 0 && *field_of(r, h, C_ALIGN) &&
        (s->align <= 0 || (s->align & (s->align - 1)) || s->align > (INT64_C(1) << 30)))
        return ap_error_set(err, AP_ERR_INPUT,
                            "%s:%ld: column 'alignment': %lld is not a power of two up to 2^30",
                            r->origin, r->line, (long long)s->align);
    if (s->fixed != AP_UNFIXED) {
        int64_t a = s->align > 0 ? s->align : p->default_align;
        if (s->fixed < 0)
            return ap_error_set(err, AP_ERR_INPUT, "%s:%ld: column 'offset': %lld is negative",
                                r->origin, r->line, (long long)s->fixed);
        if (s->fixed % a)
            return ap_error_set(err, AP_ERR_INPUT,
                                "%s:%ld: column 'offset': %lld is not a multiple of the alignment %lld",
                                r->origin, r->line, (long long)s->fixed, (long long)a);
    }
    return AP_OK;
}

/* allow_fixed_overlap: says which fixed buffers share bytes first (the error it waived). */
static ap_status warn_fixed_overlap(const ap_problem *p, const char *origin,
                                    const ap_csv_options *opt, ap_error *err)
{
    ap_check_result res;
    char msg[AP_ERROR_MAX + 256];
    ap_status st = ap__check_fixed(p, 1, &res);
    if (st == AP_ERR_NOMEM)
        return ap_error_set(err, st, "%s: %s", origin, res.message);
    if (st != AP_OK) {
        snprintf(msg, sizeof msg, "%s: fixed offsets clash: %s; accepted as pre-planned sharing "
                 "(--allow-fixed-overlap)", origin, res.message);
        opt->warn(opt->warn_ctx, msg);
    }
    return AP_OK;
}

static ap_status find_duplicate_ids(const ap_problem *p, const long *lines, const char *origin, id_index *ix,
                                    ap_error *err)
{
    size_t i;
    ap_status st = id_index_build(ix, p, err);
    for (i = 1; st == AP_OK && i < p->n; i++) {
        uint32_t a = ix->by_id[i - 1], b = ix->by_id[i];
        if (strcmp(p->buf[a].id, p->buf[b].id) == 0)
            return ap_error_set(err, AP_ERR_INPUT, "%s:%ld: id '%s' is already used on line %ld", origin,
                                lines[b], p->buf[b].id, lines[a]);
    }
    return st;
}

/* The rows after the header: one buffer each (lines[i]: buffer i's line) and the allowances
 * they name, kept in al[0..*nal) until every id is known. */
static ap_status read_rows(reader *r, const header *h, ap_problem *p, long **lines,
                           pending_alias **al, size_t *nal, ap_error *err)
{
    size_t cap_al = 0, cap_lines = 0;
    ap_status st;
    int got;
    while ((got = next_record(r, err)) > 0) {
        ap_buffer_spec s;
        long *nl;
        if ((st = read_row(r, h, p, &s, err)) != AP_OK || (st = ap_problem_add(p, &s, err)) != AP_OK)
            return st;
        if (!(nl = ap__grow(*lines, &cap_lines, p->n, sizeof *nl)))
            return ap_error_set(err, AP_ERR_NOMEM, "%s: out of memory at line %ld", r->origin,
                                r->line);
        *lines = nl;
        nl[p->n - 1] = r->line;
        if ((st = read_allowances(r, h, (uint32_t)(p->n - 1), al, nal, &cap_al, err)) != AP_OK)
            return st;
    }
    return got < 0 ? r->failed : AP_OK;
}

/* The allowances of al[0..nal), now that the ids they name are known (ix). */
static ap_status link_allowances(ap_problem *p, const id_index *ix, const pending_alias *al,
                                 size_t nal, const char *origin, ap_error *err)
{
    for (size_t i = 0; i < nal; i++) {
        long t = id_index_find(ix, al[i].target);
        ap_status st;
        if (t < 0)
            return ap_error_set(err, AP_ERR_INPUT, "%s:%ld: column '%s': no buffer has the id '%s'",
                                origin, al[i].line, col_names[al[i].col], al[i].target);
        if ((uint32_t)t == al[i].buf)
            return ap_error_set(err, AP_ERR_INPUT, "%s:%ld: column '%s': buffer '%s' cannot %s itself",
                                origin, al[i].line, col_names[al[i].col], al[i].target,
                                al[i].col == C_ALIAS ? "alias" : "overlap");
        if ((st = ap_problem_add_overlap(p, (uint32_t)t, al[i].buf, al[i].delta, al[i].flags,
                                         col_names[al[i].col], err)) != AP_OK)
            return st;
    }
    return AP_OK;
}

ap_status ap_csv_parse(const char *text, size_t len, const char *origin, const ap_csv_options *opt,
                       ap_problem **out, ap_csv_info *info, ap_error *err)
{
    reader r;
    header h;
    ap_problem *p = ap_problem_new();
    pending_alias *al = NULL;
    size_t nal = 0, i;
    long *lines = NULL;
    id_index ix = {NULL, NULL};
    ap_status st;

    *out = NULL;
    memset(&r, 0, sizeof r);
    if (!p)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory");
    r.origin = origin ? origin : "<input>";
    r.collect = p;
    r.s = text;
    r.end = text + len;
    r.next_line = 1;
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
        r.s += 3;
    if (memchr(text, 0, len)) {
        st = ap_error_set(err, AP_ERR_INPUT, "%s: binary data (a NUL byte at offset %zu) in a CSV file",
                          r.origin, (size_t)((const char *)memchr(text, 0, len) - text));
        goto fail;
    }
    if (opt && opt->align)
        p->default_align = opt->align;
    if ((st = read_header(&r, &h, opt, 0, err)) != AP_OK)
        goto fail;
    h.offset_is_plan = opt && opt->offset_is_plan;
    h.preplanned = opt && opt->allow_fixed_overlap;
    if (info) {
        info->has_offset = h.idx[C_OFFSET] >= 0 && (!h.offset_is_plan || h.idx[C_FIXED] >= 0);
        info->inclusive_end = h.idx[C_END] >= 0;
    }
    if ((st = read_rows(&r, &h, p, &lines, &al, &nal, err)) != AP_OK ||
        (st = find_duplicate_ids(p, lines, r.origin, &ix, err)) != AP_OK ||
        (st = link_allowances(p, &ix, al, nal, r.origin, err)) != AP_OK)
        goto fail;
    if ((st = ap_problem_set_source(p, origin, err)) != AP_OK)
        goto fail;
    if ((st = ap_problem_validate(p, err)) != AP_OK) {
        char msg[AP_ERROR_MAX];
        snprintf(msg, sizeof msg, "%s", err ? err->msg : "");
        ap_error_set(err, st, "%s: %s", r.origin, msg);
        goto fail;
    }
    if (h.preplanned && opt->warn && (st = warn_fixed_overlap(p, r.origin, opt, err)) != AP_OK)
        goto fail;
    *out = p;
    p = NULL;
    st = AP_OK;
    goto done;
fail:
    ap_problem_free(p);
done:
    for (i = 0; i < nal; i++)
        free(al[i].target);
    free(al);
    free(lines);
    free(ix.by_id);
    reader_free(&r);
    return st;
}

/* ---- plans ---------------------------------------------------------------------------- */

static ap_status agree(const reader *r, const header *h, enum col c, int64_t want, const char *id,
                       ap_error *err)
{
    int64_t v = 0;
    ap_status st;
    if (h->idx[c] < 0 || !*field_of(r, h, c))
        return AP_OK;
    if ((st = parse_i64(r, col_names[c], field_of(r, h, c), &v, err)) != AP_OK)
        return st;
    if (v != want)
        return ap_error_set(err, AP_ERR_INPUT, "%s:%ld: column '%s': buffer '%s' has %s %lld in the input, not %lld",
                            r->origin, r->line, col_names[c], id, col_names[c], (long long)want, (long long)v);
    return AP_OK;
}

ap_status ap_csv_parse_plan(const char *text, size_t len, const char *origin, const ap_problem *p,
                            int64_t *offsets, ap_error *err)
{
    reader r;
    header h;
    id_index ix = {NULL, NULL};
    long *line_of = ap__zalloc(p->n, sizeof *line_of);
    ap_status st;
    size_t i;
    int got;
    memset(&r, 0, sizeof r);
    r.origin = origin ? origin : "<plan>";
    r.s = text;
    r.end = text + len;
    r.next_line = 1;
    if (!line_of)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory reading a plan");
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
        r.s += 3;
    if ((st = read_header(&r, &h, NULL, 1, err)) != AP_OK || (st = id_index_build(&ix, p, err)) != AP_OK)
        goto done;
    for (i = 0; i < p->n; i++)
        offsets[i] = AP_UNPLACED;
    while ((got = next_record(&r, err)) > 0) {
        const char *id = field_of(&r, &h, C_ID);
        long b;
        int64_t off = AP_UNPLACED;
        if ((st = check_width(&r, &h, err)) != AP_OK)
            goto done;
        if ((b = id_index_find(&ix, id)) < 0) {
            st = ap_error_set(err, AP_ERR_INPUT, "%s:%ld: the input has no buffer with id '%s'", r.origin,
                              r.line, id);
            goto done;
        }
        if (line_of[b]) {
            st = ap_error_set(err, AP_ERR_INPUT, "%s:%ld: buffer '%s' is already placed on line %ld",
                              r.origin, r.line, id, line_of[b]);
            goto done;
        }
        line_of[b] = r.line;
        off = INT64_MIN; /* an empty cell: unplaced, which the checker names */
        if ((st = get_int(&r, &h, C_OFFSET, 0, &off, err)) != AP_OK ||
            (st = agree(&r, &h, C_LOWER, p->buf[b].lower, id, err)) != AP_OK ||
            (st = agree(&r, &h, C_UPPER, p->buf[b].upper, id, err)) != AP_OK ||
            (st = agree(&r, &h, C_END, p->buf[b].upper - 1, id, err)) != AP_OK ||
            (st = agree(&r, &h, C_SIZE, p->buf[b].size, id, err)) != AP_OK)
            goto done;
        if (off < 0 && off != INT64_MIN) {
            st = ap_error_set(err, AP_ERR_INPUT, "%s:%ld: column 'offset': %lld is negative (a plan "
                              "places every buffer at an offset from 0)", r.origin, r.line,
                              (long long)off);
            goto done;
        }
        offsets[b] = off < 0 ? AP_UNPLACED : off;
    }
    if (got < 0) {
        st = r.failed;
        goto done;
    }
    for (i = 0; i < p->n; i++)
        if (!line_of[i]) {
            st = ap_error_set(err, AP_ERR_INPUT, "%s: no row for buffer '%s'", r.origin, p->buf[i].id);
            goto done;
        }
    st = AP_OK;
done:
    free(line_of);
    free(ix.by_id);
    reader_free(&r);
    return st;
}
