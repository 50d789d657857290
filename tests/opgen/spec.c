/*
 * spec.c - reads the generator's spec (ops.spec; its grammar is written at the top of that
 * file) into og_model records. Every error names the spec line.
 */
#include <ctype.h>
#include <stdint.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/schema.h"
#include "opgen.h"

typedef struct ctx {
    og_spec *spec;
    og_model *m;       /* the model being read */
    og_graph *g;       /* its current subgraph */
    int line;
    char *err;
    size_t errlen;
} ctx;

static int fail(ctx *c, const char *fmt, ...)
{
    va_list ap;
    int n = snprintf(c->err, c->errlen, "line %d: ", c->line);
    va_start(ap, fmt);
    if (n >= 0 && (size_t)n < c->errlen)
        vsnprintf(c->err + n, c->errlen - (size_t)n, fmt, ap);
    va_end(ap);
    return -1;
}

/* ---- Tokens ------------------------------------------------------------------------------ */

/* Splits s (modified) into tokens at blanks outside [], {}, "". Returns the count, -1 when a
 * bracket or quote is left open or there are more than max tokens. */
static int tokenize(char *s, char **tok, int max)
{
    int n = 0;
    while (*s) {
        while (*s == ' ' || *s == '\t')
            s++;
        if (!*s)
            break;
        if (n == max)
            return -1;
        tok[n++] = s;
        int depth = 0, quote = 0;
        for (; *s; s++) {
            if (quote) {
                quote = *s != '"';
                continue;
            }
            if (*s == '"')
                quote = 1;
            else if (*s == '[' || *s == '{')
                depth++;
            else if (*s == ']' || *s == '}')
                depth--;
            else if ((*s == ' ' || *s == '\t') && depth == 0)
                break;
        }
        if (depth || quote)
            return -1;
        if (*s)
            *s++ = '\0';
    }
    return n;
}

/* Strips the quotes of a "..." token into out. */
static int unquote(const char *s, char *out, size_t cap)
{
    size_t n = strlen(s);
    if (n < 2 || s[0] != '"' || s[n - 1] != '"' || n - 2 >= cap)
        return -1;
    memcpy(out, s + 1, n - 2);
    out[n - 2] = '\0';
    return 0;
}

static int parse_int(const char *s, int64_t *v)
{
    char *end;
    errno = 0;
    long long x = strtoll(s, &end, 10);
    if (end == s || *end || errno)
        return -1;
    *v = x;
    return 0;
}

static int parse_double(const char *s, double *v)
{
    char *end;
    errno = 0;
    double x = strtod(s, &end);
    if (end == s || *end || errno)
        return -1;
    *v = x;
    return 0;
}

/* A comma-separated list of numbers, each optionally "*N" repeated, into a malloc'd array. */
static int parse_list(const char *s, double **out, int *n)
{
    int cap = 16, k = 0;
    double *v = malloc(sizeof *v * (size_t)cap);
    const char *p = s;
    while (*p) {
        char item[64];
        size_t len = strcspn(p, ",");
        if (len == 0 || len >= sizeof item) {
            free(v);
            return -1;
        }
        memcpy(item, p, len);
        item[len] = '\0';
        p += len + (p[len] == ',');
        int64_t rep = 1;
        char *star = strchr(item, '*');
        if (star) {
            *star = '\0';
            if (parse_int(star + 1, &rep) || rep < 1 || rep > 100000) {
                free(v);
                return -1;
            }
        }
        double x;
        if (!strcmp(item, "true"))
            x = 1;
        else if (!strcmp(item, "false"))
            x = 0;
        else if (parse_double(item, &x)) {
            free(v);
            return -1;
        }
        for (int64_t r = 0; r < rep; r++) {
            if (k == cap) {
                cap *= 2;
                v = realloc(v, sizeof *v * (size_t)cap);
            }
            v[k++] = x;
        }
    }
    *out = v;
    *n = k;
    return 0;
}

/* ---- Tensors ------------------------------------------------------------------------------ */

int og_tensor_find(const og_graph *g, const char *name)
{
    for (int i = 0; i < g->n_t; i++)
        if (!strcmp(g->t[i].name, name))
            return i;
    return -1;
}

static og_tensor *new_tensor(og_graph *g)
{
    if (g->n_t == g->cap_t) {
        g->cap_t = g->cap_t ? 2 * g->cap_t : 16;
        g->t = realloc(g->t, sizeof *g->t * (size_t)g->cap_t);
    }
    og_tensor *t = &g->t[g->n_t++];
    memset(t, 0, sizeof *t);
    t->bias_in = t->bias_filter = t->blockwise_scales = -1;
    t->bias_mul = 1.0;
    return t;
}

/* "[d0,d1,...]" (or "[]" for a scalar). */
static int parse_shape(ctx *c, const char *s, og_tensor *t)
{
    size_t n = strlen(s);
    if (n < 2 || s[0] != '[' || s[n - 1] != ']')
        return fail(c, "shape \"%s\": expected [d0,d1,...]", s);
    char buf[128];
    if (n - 2 >= sizeof buf)
        return fail(c, "shape \"%s\" too long", s);
    memcpy(buf, s + 1, n - 2);
    buf[n - 2] = '\0';
    t->rank = 0;
    if (!buf[0])
        return 0;
    double *v = NULL;
    int k = 0;
    if (parse_list(buf, &v, &k) || k > OG_MAX_DIMS) {
        if (k <= OG_MAX_DIMS)
            return fail(c, "shape \"%s\": bad dimension", s);
        free(v);
        return fail(c, "shape \"%s\": more than %d dimensions", s, OG_MAX_DIMS);
    }
    for (int i = 0; i < k; i++)
        t->shape[i] = (int32_t)v[i];
    t->rank = k;
    free(v);
    return 0;
}

static int set_scales(og_tensor *t, const double *v, int n)
{
    free(t->scale);
    t->scale = malloc(sizeof *t->scale * (size_t)(n ? n : 1));
    for (int i = 0; i < n; i++)
        t->scale[i] = (float)v[i];
    t->n_scale = n;
    return 0;
}

static int set_zps(og_tensor *t, const double *v, int n)
{
    free(t->zp);
    t->zp = malloc(sizeof *t->zp * (size_t)(n ? n : 1));
    for (int i = 0; i < n; i++)
        t->zp[i] = (int64_t)v[i];
    t->n_zp = n;
    return 0;
}

static int hexval(int ch)
{
    if (ch >= '0' && ch <= '9')
        return ch - '0';
    ch = tolower(ch);
    return ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : -1;
}

/* "a:b:c" (n bytes of s) into a malloc'd int array. */
static int parse_ints_colon(const char *s, size_t n, int32_t **out, int *count)
{
    char buf[4096];
    int k = 0;
    if (n >= sizeof buf)
        return -1;
    memcpy(buf, s, n);
    buf[n] = '\0';
    *out = malloc(sizeof **out * (n / 2 + 2));
    for (char *tok = buf;;) {
        char *colon = strchr(tok, ':');
        int64_t x;
        if (colon)
            *colon = '\0';
        if (parse_int(tok, &x))
            return -1;
        (*out)[k++] = (int32_t)x;
        if (!colon)
            break;
        tok = colon + 1;
    }
    *count = k;
    return 0;
}

/* One attribute of a {...} list. */
static int parse_attr(ctx *c, og_tensor *t, char *a)
{
    char *eq = strchr(a, '=');
    const char *val = eq ? eq + 1 : NULL;
    if (eq)
        *eq = '\0';
    double *v = NULL;
    int n = 0;
    if (!strcmp(a, "const") && !val) {
        t->fill = OG_FILL_RANDOM;
    } else if (!strcmp(a, "var") && !val) {
        t->variable = 1;
    } else if (!strcmp(a, "qtable") && !val) {
        t->quant_table = 1;
    } else if (!*a && val) { /* "=v1,v2": the values */
        if (parse_list(val, &t->values, &t->n_values))
            return fail(c, "bad values \"%s\"", val);
        t->fill = OG_FILL_VALUES;
    } else if (!strcmp(a, "bytes") && val) {
        size_t len = strlen(val);
        if (len % 2)
            return fail(c, "bytes=\"%s\": an even number of hex digits", val);
        t->bytes = malloc(len / 2 + 1);
        for (size_t i = 0; i < len; i += 2) {
            int hi = hexval((unsigned char)val[i]), lo = hexval((unsigned char)val[i + 1]);
            if (hi < 0 || lo < 0)
                return fail(c, "bytes=\"%s\": not hex", val);
            t->bytes[i / 2] = (unsigned char)(hi * 16 + lo);
        }
        t->n_bytes = (int)(len / 2);
        t->fill = OG_FILL_BYTES;
    } else if (!strcmp(a, "q") && val) { /* q=SCALE,ZP: per tensor */
        if (parse_list(val, &v, &n) || n != 2) {
            free(v);
            return fail(c, "q=\"%s\": expected SCALE,ZERO_POINT", val);
        }
        set_scales(t, v, 1);
        set_zps(t, v + 1, 1);
    } else if ((!strcmp(a, "scale") || !strcmp(a, "zp")) && val) {
        if (parse_list(val, &v, &n))
            return fail(c, "%s=\"%s\": bad list", a, val);
        (a[0] == 's' ? set_scales : set_zps)(t, v, n);
    } else if (!strcmp(a, "pc") && val) { /* pc=DIM:S0,S1,...: per channel, zero points 0 */
        const char *colon = strchr(val, ':');
        int64_t dim;
        char d[16];
        if (!colon || (size_t)(colon - val) >= sizeof d)
            return fail(c, "pc=\"%s\": expected DIM:S0,S1,...", val);
        memcpy(d, val, (size_t)(colon - val));
        d[colon - val] = '\0';
        if (parse_int(d, &dim) || parse_list(colon + 1, &v, &n))
            return fail(c, "pc=\"%s\": expected DIM:S0,S1,...", val);
        set_scales(t, v, n);
        memset(v, 0, sizeof *v * (size_t)n);
        set_zps(t, v, n);
        t->qdim = (int32_t)dim;
    } else if (!strcmp(a, "qdim") && val) {
        int64_t d;
        if (parse_int(val, &d))
            return fail(c, "qdim=\"%s\"", val);
        t->qdim = (int32_t)d;
    } else if ((!strcmp(a, "bias") || !strcmp(a, "blockwise")) && val) {
        char buf[128];
        snprintf(buf, sizeof buf, "%s", val);
        char *p2 = strchr(buf, ','), *p3 = p2 ? strchr(p2 + 1, ',') : NULL;
        if (!p2)
            return fail(c, "%s=\"%s\": expected two names", a, val);
        *p2++ = '\0';
        if (p3)
            *p3++ = '\0';
        if (a[1] == 'i') { /* bias=INPUT,FILTER[,MUL] */
            t->bias_in = og_tensor_find(c->g, buf);
            t->bias_filter = og_tensor_find(c->g, p2);
            if (t->bias_in < 0 || t->bias_filter < 0)
                return fail(c, "bias=\"%s\": unknown tensor", val);
            if (p3 && parse_double(p3, &t->bias_mul))
                return fail(c, "bias=\"%s\": bad multiplier", val);
            t->fill = OG_FILL_BIAS;
        } else { /* blockwise=SCALES,BLOCK */
            int64_t bs;
            t->blockwise_scales = og_tensor_find(c->g, buf);
            if (t->blockwise_scales < 0 || parse_int(p2, &bs))
                return fail(c, "blockwise=\"%s\": expected SCALES_TENSOR,BLOCK", val);
            t->block_size = (int)bs;
        }
    } else if (!strcmp(a, "sig") && val) { /* sig=D,D,...: the shape_signature */
        if (parse_list(val, &v, &n) || n > OG_MAX_DIMS)
            return fail(c, "sig=\"%s\": bad list", val);
        for (int i = 0; i < n; i++)
            t->sig[i] = (int32_t)v[i];
        t->n_sig = n;
    } else if (!strcmp(a, "sparse") && val) { /* sparse=S:S:.../I:I:...: CSR along dimension 1 */
        const char *slash = strchr(val, '/');
        if (!slash || parse_ints_colon(val, (size_t)(slash - val), &t->seg, &t->n_seg) ||
            parse_ints_colon(slash + 1, strlen(slash + 1), &t->idx, &t->n_idx))
            return fail(c, "sparse=\"%s\": expected SEG:SEG.../IDX:IDX...", val);
    } else {
        return fail(c, "unknown tensor attribute \"%s%s%s\"", a, val ? "=" : "", val ? val : "");
    }
    free(v);
    return 0;
}

/* NAME:TYPE[DIMS]{ATTRS} or TYPE[DIMS]{ATTRS} (s is modified). Returns the tensor index. */
static int parse_decl(ctx *c, char *s)
{
    char *colon = strchr(s, ':'), *br = strchr(s, '[');
    char name[OG_NAME] = "";
    if (colon && br && colon < br) {
        *colon = '\0';
        if (strlen(s) >= sizeof name)
            return fail(c, "tensor name \"%s\" too long", s);
        snprintf(name, sizeof name, "%s", s);
        s = colon + 1;
        if (og_tensor_find(c->g, name) >= 0)
            return fail(c, "tensor \"%s\" declared twice", name);
    }
    br = strchr(s, '[');
    if (!br)
        return fail(c, "tensor \"%s\": expected TYPE[DIMS]", s);
    *br = '\0';
    int type = og_type_by_name(s);
    if (type < 0)
        return fail(c, "unknown tensor type \"%s\"", s);
    *br = '[';
    char *close = strchr(br, ']');
    if (!close)
        return fail(c, "tensor shape not closed");
    char *attrs = close[1] == '{' ? close + 1 : NULL;
    if (!attrs && close[1])
        return fail(c, "unexpected \"%s\" after the shape", close + 1);
    char shape[128];
    if ((size_t)(close - br + 1) >= sizeof shape)
        return fail(c, "shape too long");
    memcpy(shape, br, (size_t)(close - br + 1));
    shape[close - br + 1] = '\0';
    og_tensor *t = new_tensor(c->g);
    int idx = c->g->n_t - 1;
    t->type = type;
    if (name[0])
        snprintf(t->name, sizeof t->name, "%s", name);
    else
        snprintf(t->name, sizeof t->name, "t%d", idx);
    if (parse_shape(c, shape, t))
        return -1;
    if (attrs) {
        size_t n = strlen(attrs);
        if (attrs[n - 1] != '}')
            return fail(c, "attributes not closed");
        attrs[n - 1] = '\0';
        char *tok[32];
        int k = tokenize(attrs + 1, tok, 32);
        if (k < 0)
            return fail(c, "bad attribute list");
        for (int i = 0; i < k; i++)
            if (parse_attr(c, t, tok[i]))
                return -1;
    }
    return idx;
}

/* A tensor item of an op line: a declaration, a reference, N*DECL, or "-" (omitted). Appends
 * the indices to list. */
static int parse_item(ctx *c, char *s, int32_t *list, int *n, int max)
{
    int64_t rep = 1;
    char *star = strchr(s, '*'), *br = strchr(s, '[');
    if (star && br && star < br) {
        *star = '\0';
        if (parse_int(s, &rep) || rep < 1)
            return fail(c, "bad repeat \"%s\"", s);
        s = star + 1;
    }
    for (int64_t r = 0; r < rep; r++) {
        if (*n == max)
            return fail(c, "more than %d tensors", max);
        int idx;
        if (!strcmp(s, "-")) {
            idx = -1;
        } else if (strchr(s, '[')) {
            char copy[512];
            if (strlen(s) >= sizeof copy)
                return fail(c, "tensor item too long");
            strcpy(copy, s);
            if ((idx = parse_decl(c, copy)) < 0)
                return -1;
        } else if ((idx = og_tensor_find(c->g, s)) < 0) {
            return fail(c, "unknown tensor \"%s\"", s);
        }
        list[(*n)++] = idx;
    }
    return 0;
}

/* ---- Operators ------------------------------------------------------------------------------ */

static int parse_option(ctx *c, og_op *op, char *s)
{
    char *eq = strchr(s, '=');
    if (!eq)
        return fail(c, "option \"%s\": expected KEY=VALUE", s);
    *eq = '\0';
    const char *key = s, *val = eq + 1;
    if (key[0] == '@') { /* a custom option */
        if (op->n_cust == OG_MAX_CUST)
            return fail(c, "too many custom options");
        int k = op->n_cust++;
        op->has_cust = 1;
        snprintf(op->cust_key[k], OG_NAME, "%s", key + 1);
        if (!strcmp(val, "true") || !strcmp(val, "false")) {
            op->cust_kind[k] = 'b';
            op->cust_i[k] = val[0] == 't';
        } else if (strchr(val, '.') || strchr(val, 'e')) {
            op->cust_kind[k] = 'f';
            if (parse_double(val, &op->cust_f[k]))
                return fail(c, "custom option %s: bad float \"%s\"", key, val);
        } else {
            op->cust_kind[k] = 'i';
            if (parse_int(val, &op->cust_i[k]))
                return fail(c, "custom option %s: bad int \"%s\"", key, val);
        }
        return 0;
    }
    const og_opt_table *tab = og_opt_table_for(op->builtin);
    if (!tab)
        return fail(c, "operator has no options table (option \"%s\")", key);
    int f = -1;
    for (int i = 0; i < tab->n_fields; i++)
        if (!strcmp(tab->fields[i].name, key))
            f = i;
    if (f < 0)
        return fail(c, "unknown option \"%s\"", key);
    if (op->n_opt == OG_MAX_OPTS)
        return fail(c, "too many options");
    og_optval *o = &op->opt[op->n_opt++];
    memset(o, 0, sizeof *o);
    o->field = f;
    const og_field *fd = &tab->fields[f];
    switch (fd->kind) {
    case OG_K_BYTE:
        o->i = og_enum_value(fd, val);
        if (o->i < 0 && parse_int(val, &o->i))
            return fail(c, "option %s: unknown value \"%s\"", key, val);
        return 0;
    case OG_K_BOOL:
        if (strcmp(val, "true") && strcmp(val, "false"))
            return fail(c, "option %s: expected true or false", key);
        o->i = val[0] == 't';
        return 0;
    case OG_K_FLOAT:
        return parse_double(val, &o->f) ? fail(c, "option %s: bad float", key) : 0;
    case OG_K_STRING:
        return unquote(val, o->str, sizeof o->str) ? fail(c, "option %s: expected \"...\"", key)
                                                    : 0;
    case OG_K_INTVEC:
    case OG_K_LONGVEC:
    case OG_K_UBYTEVEC: {
        size_t n = strlen(val);
        double *v = NULL;
        int k = 0;
        char buf[128];
        if (n < 2 || val[0] != '[' || val[n - 1] != ']' || n - 2 >= sizeof buf)
            return fail(c, "option %s: expected [a,b,...]", key);
        memcpy(buf, val + 1, n - 2);
        buf[n - 2] = '\0';
        if (!buf[0]) {
            o->n_vec = 0;
            return 0;
        }
        if (parse_list(buf, &v, &k))
            return fail(c, "option %s: bad vector", key);
        if (k > (int)(sizeof o->vec / sizeof *o->vec)) {
            free(v);
            return fail(c, "option %s: more than %d values", key,
                        (int)(sizeof o->vec / sizeof *o->vec));
        }
        for (int i = 0; i < k; i++)
            o->vec[i] = (int32_t)v[i];
        o->n_vec = k;
        free(v);
        return 0;
    }
    default:
        return parse_int(val, &o->i) ? fail(c, "option %s: bad int \"%s\"", key, val) : 0;
    }
}

/* op OP IN... -> OUT... [OPTIONS]; the tokens after "op". */
static int parse_op(ctx *c, char **tok, int n)
{
    og_graph *g = c->g;
    if (n < 1)
        return fail(c, "op: missing operator");
    if (g->n_op == g->cap_op) {
        g->cap_op = g->cap_op ? 2 * g->cap_op : 2;
        g->op = realloc(g->op, sizeof *g->op * (size_t)g->cap_op);
    }
    og_op *op = &g->op[g->n_op++];
    memset(op, 0, sizeof *op);
    if (!strncmp(tok[0], "custom:", 7)) {
        op->builtin = AP_TFL_OP_CUSTOM;
        snprintf(op->custom, sizeof op->custom, "%s", tok[0] + 7);
    } else if ((op->builtin = og_builtin_by_name(tok[0])) < 0) {
        int64_t code;
        if (parse_int(tok[0], &code)) /* a raw code (one the schema does not name) */
            return fail(c, "unknown operator \"%s\"", tok[0]);
        op->builtin = (int32_t)code;
    }
    int i = 1, outputs = 0;
    for (; i < n; i++) {
        if (!strcmp(tok[i], "->")) {
            if (outputs)
                return fail(c, "two \"->\"");
            outputs = 1;
            continue;
        }
        const char *eq = strchr(tok[i], '='), *br = strchr(tok[i], '[');
        int is_tensor = !eq || (br && br < eq); /* a declaration's attributes follow its shape */
        if (!strcmp(tok[i], "noopts")) {
            op->no_options = 1;
            continue;
        }
        if (!strcmp(tok[i], "@")) { /* custom options: an empty map */
            op->has_cust = 1;
            continue;
        }
        if (!is_tensor) {
            if (parse_option(c, op, tok[i]))
                return -1;
        } else if (outputs && tok[i][0] == '~') { /* an intermediate tensor */
            if (parse_item(c, tok[i] + 1, op->inter, &op->n_inter, OG_MAX_OP_OUT))
                return -1;
        } else if (outputs) {
            if (parse_item(c, tok[i], op->out, &op->n_out, OG_MAX_OP_OUT))
                return -1;
        } else if (parse_item(c, tok[i], op->in, &op->n_in, OG_MAX_OP_IN)) {
            return -1;
        }
    }
    if (!outputs)
        return fail(c, "op: missing \"->\"");
    return 0;
}

/* ---- Models ---------------------------------------------------------------------------------- */

static int parse_expect(ctx *c, const char *kw, char **tok, int n)
{
    og_expect e = {0};
    if (n < 1)
        return fail(c, "expect: missing result");
    if (!strcmp(tok[0], "load") && n == 1)
        e.kind = OG_EXPECT_LOAD;
    else if (!strcmp(tok[0], "crash") && n == 1)
        e.kind = OG_EXPECT_CRASH;
    else if (!strcmp(tok[0], "refuse") && n == 2) {
        e.kind = OG_EXPECT_REFUSE;
        if (unquote(tok[1], e.text, sizeof e.text))
            return fail(c, "expect refuse: the message substring in quotes");
    } else {
        return fail(c, "expect: load, crash or refuse \"MESSAGE\"");
    }
    int on[OG_TARGETS] = {1, 1, 1};
    if (kw[6] == '.') { /* expect.TARGET[,TARGET] */
        memset(on, 0, sizeof on);
        char buf[64];
        snprintf(buf, sizeof buf, "%s", kw + 7);
        for (char *t = strtok(buf, ","); t; t = strtok(NULL, ",")) {
            if (!strcmp(t, "host"))
                on[OG_HOST] = 1;
            else if (!strcmp(t, "m4"))
                on[OG_M4_REF] = on[OG_M4_CMSIS] = 1;
            else if (!strcmp(t, "m4ref"))
                on[OG_M4_REF] = 1;
            else if (!strcmp(t, "ref"))
                on[OG_HOST] = on[OG_M4_REF] = 1;
            else if (!strcmp(t, "cmsis"))
                on[OG_M4_CMSIS] = 1;
            else
                return fail(c, "expect: unknown target \"%s\" (host, m4, m4ref, ref, cmsis)", t);
        }
    } else if (kw[6]) {
        return fail(c, "unknown keyword \"%s\"", kw);
    }
    for (int t = 0; t < OG_TARGETS; t++)
        if (on[t])
            c->m->expect[t] = e;
    return 0;
}

static int parse_io(ctx *c, char **tok, int n, int32_t *list, int *count)
{
    og_graph *g = c->g;
    *count = 0;
    for (int i = 0; i < n; i++) {
        int idx = og_tensor_find(g, tok[i]);
        if (idx < 0)
            return fail(c, "unknown tensor \"%s\"", tok[i]);
        if (*count == OG_MAX_IO)
            return fail(c, "too many graph inputs or outputs");
        list[(*count)++] = idx;
    }
    g->io_given = 1;
    return 0;
}

static void join(char *out, size_t cap, char **tok, int n)
{
    size_t len = strlen(out);
    for (int i = 0; i < n; i++) {
        int k = snprintf(out + len, cap - len, "%s%s", len ? " " : "", tok[i]);
        if (k < 0 || (size_t)k >= cap - len)
            break;
        len += (size_t)k;
    }
}

static og_graph *new_graph(ctx *c, const char *name)
{
    og_model *m = c->m;
    if (m->n_g == OG_MAX_GRAPHS)
        return NULL;
    og_graph *g = &m->g[m->n_g++];
    memset(g, 0, sizeof *g);
    snprintf(g->name, sizeof g->name, "%s", name);
    return g;
}

static int start_model(ctx *c, char **tok, int n)
{
    og_spec *s = c->spec;
    if (n != 1)
        return fail(c, "model NAME");
    for (const char *p = tok[0]; *p; p++)
        if (!(islower((unsigned char)*p) || isdigit((unsigned char)*p) || *p == '_'))
            return fail(c, "model name \"%s\": only a-z, 0-9 and _", tok[0]);
    if (strlen(tok[0]) >= OG_NAME)
        return fail(c, "model name too long");
    for (int i = 0; i < s->n; i++)
        if (!strcmp(s->m[i].name, tok[0]))
            return fail(c, "model \"%s\" defined twice (line %d)", tok[0], s->m[i].line);
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 64;
        s->m = realloc(s->m, sizeof *s->m * (size_t)s->cap);
    }
    c->m = &s->m[s->n++];
    memset(c->m, 0, sizeof *c->m);
    snprintf(c->m->name, sizeof c->m->name, "%s", tok[0]);
    c->m->line = c->line;
    c->g = new_graph(c, "main");
    return 0;
}

static int finish_model(ctx *c)
{
    og_model *m = c->m;
    if (!m)
        return 0;
    if (!m->path[0] || !m->src[0]) {
        c->line = m->line;
        return fail(c, "model %s: needs a path and a src line", m->name);
    }
    return 0;
}

static int statement(ctx *c, char **tok, int n)
{
    const char *kw = tok[0];
    if (!strcmp(kw, "model")) {
        if (finish_model(c))
            return -1;
        return start_model(c, tok + 1, n - 1);
    }
    if (!c->m)
        return fail(c, "\"%s\" before any model", kw);
    if (!strcmp(kw, "subgraph")) {
        if (n != 2 || !(c->g = new_graph(c, tok[1])))
            return fail(c, "subgraph NAME (at most %d subgraphs)", OG_MAX_GRAPHS);
        return 0;
    }
    if (!strcmp(kw, "t")) {
        for (int i = 1; i < n; i++) {
            char copy[512];
            snprintf(copy, sizeof copy, "%s", tok[i]);
            if (parse_decl(c, copy) < 0)
                return -1;
        }
        return 0;
    }
    if (!strcmp(kw, "op"))
        return parse_op(c, tok + 1, n - 1);
    if (!strcmp(kw, "inputs"))
        return parse_io(c, tok + 1, n - 1, c->g->in, &c->g->n_in);
    if (!strcmp(kw, "outputs"))
        return parse_io(c, tok + 1, n - 1, c->g->out, &c->g->n_out);
    if (!strncmp(kw, "expect", 6))
        return parse_expect(c, kw, tok + 1, n - 1);
    if (!strcmp(kw, "path")) {
        join(c->m->path, sizeof c->m->path, tok + 1, n - 1);
        return 0;
    }
    if (!strcmp(kw, "src")) {
        join(c->m->src, sizeof c->m->src, tok + 1, n - 1);
        return 0;
    }
    if (!strcmp(kw, "tags")) {
        join(c->m->tags, sizeof c->m->tags, tok + 1, n - 1);
        return 0;
    }
    if (!strcmp(kw, "offline")) { /* offline PLAN_ENTRY... (all subgraphs' tensors, in order) */
        og_model *m = c->m;
        free(m->offline);
        m->offline = malloc(sizeof *m->offline * (size_t)(n > 1 ? n - 1 : 1));
        m->n_offline = 0;
        for (int i = 1; i < n; i++) {
            int64_t v;
            if (parse_int(tok[i], &v) || v < -1 || v > INT32_MAX)
                return fail(c, "offline: entries are offsets or -1");
            m->offline[m->n_offline++] = (int32_t)v;
        }
        return 0;
    }
    if (!strcmp(kw, "reader")) {
        if (n != 3 || strcmp(tok[1], "refuses") ||
            unquote(tok[2], c->m->reader_text, sizeof c->m->reader_text))
            return fail(c, "reader refuses \"MESSAGE\"");
        c->m->reader_refuses = 1;
        return 0;
    }
    return fail(c, "unknown keyword \"%s\"", kw);
}

/* Subgraph inputs and outputs not given in the spec: inputs are the tensors some operator reads
 * that are neither constant, variable, nor written by an operator of the subgraph; outputs the
 * tensors an operator writes that no operator reads. Both in tensor order. */
static void derive_io(og_graph *g)
{
    if (g->io_given)
        return;
    char *read = calloc((size_t)g->n_t + 1, 1), *written = calloc((size_t)g->n_t + 1, 1);
    for (int o = 0; o < g->n_op; o++) {
        for (int i = 0; i < g->op[o].n_in; i++)
            if (g->op[o].in[i] >= 0)
                read[g->op[o].in[i]] = 1;
        for (int i = 0; i < g->op[o].n_out; i++)
            written[g->op[o].out[i]] = 1;
    }
    g->n_in = g->n_out = 0;
    for (int t = 0; t < g->n_t; t++) {
        if (read[t] && !written[t] && g->t[t].fill == OG_FILL_NONE && !g->t[t].variable &&
            g->n_in < OG_MAX_IO)
            g->in[g->n_in++] = t;
        if (written[t] && !read[t] && g->n_out < OG_MAX_IO)
            g->out[g->n_out++] = t;
    }
    free(read);
    free(written);
}

int og_spec_parse(const char *text, og_spec *spec, char *err, size_t errlen)
{
    ctx c = {spec, NULL, NULL, 0, err, errlen};
    memset(spec, 0, sizeof *spec);
    char *line = NULL;
    size_t cap = 0, len = 0;
    const char *p = text;
    int rc = 0, lineno = 0, start = 0;
    while (*p && rc == 0) {
        const char *e = strchr(p, '\n');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        lineno++;
        if (len == 0)
            start = lineno;
        if (len + n + 2 > cap) {
            cap = 2 * (len + n + 2);
            line = realloc(line, cap);
        }
        memcpy(line + len, p, n);
        len += n;
        line[len] = '\0';
        p += n + (e != NULL);
        if (len && line[len - 1] == '\r')
            line[--len] = '\0';
        if (len && line[len - 1] == '\\') { /* continued on the next line */
            line[len - 1] = ' ';
            continue;
        }
        c.line = start;
        char *hash = line;
        while (*hash == ' ' || *hash == '\t')
            hash++;
        if (*hash && *hash != '#') {
            char *tok[160];
            int k = tokenize(line, tok, 160);
            if (k < 0)
                rc = fail(&c, "unbalanced brackets or quotes, or too many items");
            else if (k > 0)
                rc = statement(&c, tok, k);
        }
        len = 0;
    }
    if (rc == 0)
        rc = finish_model(&c);
    free(line);
    if (rc == 0)
        for (int i = 0; i < spec->n; i++)
            for (int g = 0; g < spec->m[i].n_g; g++)
                derive_io(&spec->m[i].g[g]);
    if (rc)
        og_spec_free(spec);
    return rc;
}

void og_spec_free(og_spec *spec)
{
    for (int i = 0; i < spec->n; i++)
        for (int g = 0; g < spec->m[i].n_g; g++) {
            og_graph *gr = &spec->m[i].g[g];
            for (int t = 0; t < gr->n_t; t++) {
                free(gr->t[t].scale);
                free(gr->t[t].zp);
                free(gr->t[t].values);
                free(gr->t[t].bytes);
                free(gr->t[t].seg);
                free(gr->t[t].idx);
            }
            free(gr->t);
            free(gr->op);
        }
    for (int i = 0; i < spec->n; i++)
        free(spec->m[i].offline);
    free(spec->m);
    memset(spec, 0, sizeof *spec);
}
