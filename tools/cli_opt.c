/* cli_opt.c - the option tables' parser and help (cli_opt.h). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "arenaplan/problem.h"
#include "cli.h"
#include "cli_opt.h"

/* ---- Numbers -------------------------------------------------------------------------------- */

/* Digits only, and not too many for a uint64_t: strtoull would take a sign, blanks, "0x". */
static int plain_digits(const char *s, const char **end)
{
    const char *p = s;
    while (*p >= '0' && *p <= '9')
        p++;
    *end = p;
    return p > s;
}

int cli_parse_number(const char *s, uint64_t *out)
{
    const char *end;
    if (!s || !plain_digits(s, &end) || *end)
        return -1;
    errno = 0;
    *out = strtoull(s, NULL, 10);
    return errno ? -1 : 0;
}

int cli_parse_bytes(const char *s, int64_t *out)
{
    const char *end;
    unsigned long long v;
    int64_t mul = 1;
    if (!s || !plain_digits(s, &end))
        return -1;
    errno = 0;
    v = strtoull(s, NULL, 10);
    if (errno)
        return -1;
    if (*end) {
        if (strcasecmp(end, "k") == 0 || strcasecmp(end, "kb") == 0 || strcasecmp(end, "kib") == 0)
            mul = 1024;
        else if (strcasecmp(end, "m") == 0 || strcasecmp(end, "mb") == 0 || strcasecmp(end, "mib") == 0)
            mul = 1024 * 1024;
        else if (strcasecmp(end, "b") != 0)
            return -1;
    }
    if (v > (unsigned long long)(AP_MAX_VALUE / mul))
        return -1;
    *out = (int64_t)v * mul;
    return 0;
}

int cli_parse_seconds(const char *s, double *out)
{
    char *end;
    double v;
    /* a decimal number: digits and at most one point, nothing else (no sign, blank, exponent) */
    if (!s || !*s || strspn(s, "0123456789.") != strlen(s) || strchr(s, '.') != strrchr(s, '.') ||
        strcmp(s, ".") == 0)
        return -1;
    errno = 0;
    v = strtod(s, &end);
    if (errno || *end || !(v >= 0) || !isfinite(v) || v > 1e9)
        return -1;
    *out = v;
    return 0;
}

/* ---- Messages -------------------------------------------------------------------------------- */

static const char *kind_bad(cli_kind k)
{
    switch (k) {
    case CLI_BYTES: return "{flag} {value}: not a byte count (examples: 65536, 64K, 1M)";
    case CLI_COUNT: return "{flag} {value}: not a whole number from 1";
    case CLI_NUMBER: return "{flag} {value}: not a whole number from 0";
    case CLI_SECONDS: return "{flag} {value}: not a positive number of seconds";
    default: return "{flag} {value}: not a value it takes";
    }
}

static const char *spec_cmd; /* for {cmd} */

/* Prints o's message for a bad value (its own or its kind's, {cmd} {flag} {value} filled in). */
static int bad_value(const cli_opt *o, const char *value)
{
    const char *t = o->bad ? o->bad : kind_bad(o->kind);
    char msg[1024];
    size_t n = 0;
    while (*t && n + 1 < sizeof msg) {
        const char *sub = NULL;
        size_t skip = 0;
        if (strncmp(t, "{cmd}", 5) == 0)
            sub = spec_cmd, skip = 5;
        else if (strncmp(t, "{flag}", 6) == 0)
            sub = o->name, skip = 6;
        else if (strncmp(t, "{value}", 7) == 0)
            sub = value, skip = 7;
        if (sub) {
            n += (size_t)snprintf(msg + n, sizeof msg - n, "%s", sub);
            if (n >= sizeof msg)
                n = sizeof msg - 1;
            t += skip;
        } else
            msg[n++] = *t++;
    }
    msg[n] = 0;
    cli_error("%s", msg);
    return -1;
}

/* ---- Parsing --------------------------------------------------------------------------------- */

enum { MAX_GIVEN = 64 };
static const char *given[MAX_GIVEN];
static size_t n_given;

int cli_given(const char *name)
{
    for (size_t i = 0; i < n_given; i++)
        if (strcmp(given[i], name) == 0)
            return 1;
    return 0;
}

static int store(void *ctx, const cli_opt *o, const char *v)
{
    char *at = (char *)ctx + o->offset;
    switch (o->kind) {
    case CLI_FLAG:
        *(int *)at = 1;
        return 0;
    case CLI_TEXT:
        *(const char **)at = v;
        return 0;
    case CLI_CHOICE: {
        int k;
        for (k = 0; o->choices[k] && strcmp(o->choices[k], v); k++)
            ;
        if (!o->choices[k])
            return bad_value(o, v);
        *(int *)at = k;
        return 0;
    }
    case CLI_BYTES:
        return cli_parse_bytes(v, (int64_t *)(void *)at) == 0 ? 0 : bad_value(o, v);
    case CLI_COUNT: {
        uint64_t x;
        if (cli_parse_number(v, &x) != 0 || x == 0)
            return bad_value(o, v);
        *(uint64_t *)(void *)at = x;
        return 0;
    }
    case CLI_NUMBER:
        return cli_parse_number(v, (uint64_t *)(void *)at) == 0 ? 0 : bad_value(o, v);
    case CLI_SECONDS: {
        double x;
        if (cli_parse_seconds(v, &x) != 0 || !(x > 0))
            return bad_value(o, v);
        *(double *)(void *)at = x;
        return 0;
    }
    case CLI_CALL:
        return o->call(ctx, o, v);
    }
    return -1;
}

/* The row a is for, in spec's groups: *group set; NULL when none is. *eq points at the value
 * after '=' when a is "--name=value". */
static const cli_opt *find(const cli_spec *spec, const char *a, const cli_group **group,
                           const char **eq)
{
    *eq = NULL;
    for (size_t g = 0; g < spec->ngroups; g++)
        for (size_t i = 0; i < spec->groups[g].n; i++) {
            const cli_opt *o = &spec->groups[g].opts[i];
            size_t n = strlen(o->name);
            if (strcmp(a, o->name) == 0 || (o->shrt && strcmp(a, o->shrt) == 0) ||
                (strncmp(a, o->name, n) == 0 && a[n] == '=')) {
                if (a[n] == '=' && strncmp(a, o->name, n) == 0)
                    *eq = a + n + 1;
                *group = &spec->groups[g];
                return o;
            }
        }
    return NULL;
}

int cli_parse(const cli_spec *spec, int argc, char **argv)
{
    const cli_opt *bare_optional = NULL; /* the CLI_OPTIONAL row just given without a value */
    int options = 1;
    spec_cmd = spec->cmd;
    n_given = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *eq;
        const cli_group *g;
        const cli_opt *o;
        if (options && strcmp(a, "--") == 0) {
            options = 0;
            continue;
        }
        if (options && (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0)) {
            cli_help(spec, stdout);
            return 1;
        }
        if (!options || a[0] != '-' || !a[1]) {
            const char *after = bare_optional ? bare_optional->name : NULL;
            bare_optional = NULL;
            if (!spec->positional) {
                cli_error("%s: unexpected argument '%s'", spec->cmd, a);
                return -1;
            }
            if (spec->positional(spec->pctx, a, after) != 0)
                return -1;
            continue;
        }
        bare_optional = NULL;
        if (!(o = find(spec, a, &g, &eq))) {
            cli_error("%s: unknown option '%s' (see 'arenaplan %s --help')", spec->cmd, a, spec->cmd);
            return -1;
        }
        if (n_given < MAX_GIVEN)
            given[n_given++] = o->name;
        if (!o->arg) { /* a flag */
            if (eq) {
                cli_error("%s takes no value ('%s')", o->name, a);
                return -1;
            }
            if (store(g->ctx, o, NULL) != 0)
                return -1;
            continue;
        }
        const char *v = eq;
        if (!v && (o->flags & CLI_OPTIONAL)) {
            bare_optional = o; /* CLI_CALL rows only: the call takes NULL as "no value" */
        } else if (!v) {
            if (i + 1 >= argc) {
                cli_error("%s needs a value", o->name);
                return -1;
            }
            v = argv[++i];
        }
        if (store(g->ctx, o, v) != 0)
            return -1;
    }
    return 0;
}

/* ---- Help ------------------------------------------------------------------------------------ */

static void help_row(FILE *f, const cli_opt *o)
{
    char left[64];
    const char *h = o->help;
    if (o->show)
        snprintf(left, sizeof left, "%s", o->show);
    else if (!o->arg)
        snprintf(left, sizeof left, "%s", o->name);
    else if (o->flags & CLI_OPTIONAL)
        snprintf(left, sizeof left, "%s[=%s]", o->name, o->arg);
    else
        snprintf(left, sizeof left, "%s %s", o->name, o->arg);
    /* the help's column is 21: a longer name takes two spaces after it */
    fprintf(f, "  %-*s", strlen(left) < 17 ? 19 : (int)strlen(left) + 2, left);
    for (int first = 1; h && *h; first = 0) {
        const char *nl = strchr(h, '\n');
        size_t n = nl ? (size_t)(nl - h) : strlen(h);
        fprintf(f, "%s%.*s\n", first ? "" : "                     ", (int)n, h);
        h += n + (nl ? 1 : 0);
    }
}

/* Whether a row of an earlier group has o's name (it takes o's place: the parser finds it
 * first). */
static int shadowed(const cli_spec *spec, size_t g, const cli_opt *o)
{
    for (size_t e = 0; e < g; e++)
        for (size_t i = 0; i < spec->groups[e].n; i++)
            if (strcmp(spec->groups[e].opts[i].name, o->name) == 0)
                return 1;
    return 0;
}

void cli_help(const cli_spec *spec, FILE *f)
{
    fputs(spec->usage, f);
    for (size_t g = 0; g < spec->ngroups; g++)
        for (size_t i = 0; i < spec->groups[g].n; i++) {
            const cli_opt *o = &spec->groups[g].opts[i];
            if (!(o->flags & CLI_HIDDEN) && !shadowed(spec, g, o))
                help_row(f, o);
        }
    if (spec->after)
        fputs(spec->after, f);
}
