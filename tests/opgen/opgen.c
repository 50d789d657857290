/*
 * opgen.c - the single-operator model generator's command line.
 *
 *   opgen --out DIR [--only NAME] [--spec FILE]   writes DIR/NAME.tflite for every model
 *   opgen --verify [--only NAME] [--spec FILE]    builds every model twice (the same bytes),
 *                                                 reads it back with arenaplan's reader and
 *                                                 checks it against the spec
 *   opgen --list [--only NAME] [--spec FILE]      the spec as a table, one row per model
 *   opgen --check-figures CSV --target T          a measured-figures CSV against the spec
 *                                                 (T: host, m4ref, cmsis)
 *   opgen --compare DIR [--gaps FILE] [--target T] [--print-gaps]
 *                                                 arenaplan's whole arena against DIR's
 *                                                 measured figures (corpus/reference/ops),
 *                                                 the rows of FILE known to be wrong
 *                                                 (tests/opgen/known_gaps.txt; compare.c)
 *
 * The spec is ops.spec, compiled in (--spec reads another file). Exit codes: 0 ok, 1 a check
 * failed, 2 bad usage or an unreadable or unwritable file.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arenaplan/tflite.h"
#include "opgen.h"

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, len = 0, n;
    char *buf = malloc(cap + 1);
    while ((n = fread(buf + len, 1, cap - len, f)) > 0) {
        len += n;
        if (len == cap)
            buf = realloc(buf, (cap *= 2) + 1);
    }
    fclose(f);
    buf[len] = '\0';
    return buf;
}

/* Writes bytes to path through a temporary file and a rename (no partial file is left). */
static int write_atomic(const char *path, const unsigned char *p, size_t n)
{
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.tmp%ld", path, (long)getpid());
    FILE *f = fopen(tmp, "wb");
    if (!f)
        return -1;
    int ok = fwrite(p, 1, n, f) == n;
    ok = (fclose(f) == 0) && ok;
    if (!ok || rename(tmp, path) != 0) {
        remove(tmp);
        return -1;
    }
    return 0;
}

static const char *expect_word(const og_expect *e)
{
    return e->kind == OG_EXPECT_LOAD ? "load" : e->kind == OG_EXPECT_CRASH ? "crash" : "refuse";
}

/* One table row: name, operators, tensor types of the first operator, the expectations per
 * target, the hash, the path and the source lines. */
static void list_row(const og_model *m, const unsigned char *bytes, size_t len)
{
    char ops[256] = "", types[256] = "";
    size_t lo = 0, lt = 0;
    for (int g = 0; g < m->n_g; g++)
        for (int o = 0; o < m->g[g].n_op && lo < sizeof ops - 64; o++) {
            const og_op *op = &m->g[g].op[o];
            const char *n = op->builtin == 32 ? op->custom : ap_tfl_builtin_name(op->builtin);
            lo += (size_t)snprintf(ops + lo, sizeof ops - lo, "%s%s", lo ? "," : "",
                                   n ? n : "?");
        }
    const og_graph *g0 = &m->g[0];
    const og_op *first = g0->n_op ? &g0->op[0] : NULL;
    for (int i = 0; first && i < first->n_in + first->n_out && lt < sizeof types - 64; i++) {
        int ti = i < first->n_in ? first->in[i] : first->out[i - first->n_in];
        const char *sep = i == 0 ? "" : i == first->n_in ? "->" : ",";
        if (i == first->n_in && i == 0)
            sep = "->";
        if (ti < 0) {
            lt += (size_t)snprintf(types + lt, sizeof types - lt, "%s-", sep);
            continue;
        }
        const og_tensor *t = &g0->t[ti];
        lt += (size_t)snprintf(types + lt, sizeof types - lt, "%s%s%s%s", sep,
                               og_type_short(t->type), t->fill ? "c" : "",
                               t->n_scale > 1 ? "pc" : "");
    }
    char exp[256];
    const og_expect *e = m->expect;
    if (!memcmp(&e[0], &e[1], sizeof e[0]) && !memcmp(&e[0], &e[2], sizeof e[0]))
        snprintf(exp, sizeof exp, "%s%s%s", expect_word(&e[0]), e[0].text[0] ? ":" : "",
                 e[0].text);
    else
        snprintf(exp, sizeof exp, "host=%s m4ref=%s cmsis=%s", expect_word(&e[0]),
                 expect_word(&e[1]), expect_word(&e[2]));
    printf("%s\t%s\t%s\t%s\t%016" PRIx64 "\t%s\t%s\n", m->name, ops, types, exp,
           og_fnv1a64(bytes, len), m->path, m->src);
}

/* Every operator TFLM registers has at least one model: prints the ones that have none and
 * returns their count. */
static int coverage(const og_spec *spec)
{
    int n, missing = 0;
    const og_registration *r = og_registrations(&n);
    for (int i = 0; i < n; i++) {
        int models = 0;
        for (int k = 0; k < spec->n; k++)
            for (int g = 0; g < spec->m[k].n_g; g++)
                for (int o = 0; o < spec->m[k].g[g].n_op; o++) {
                    const og_op *op = &spec->m[k].g[g].op[o];
                    if (op->builtin == r[i].builtin &&
                        (!r[i].custom || !strcmp(r[i].custom, op->custom)))
                        models++;
                }
        if (!models) {
            fprintf(stderr, "opgen: no model for %s\n", r[i].method);
            missing++;
        }
    }
    return missing;
}

static int usage(void)
{
    fprintf(stderr, "usage: opgen (--out DIR | --verify | --list | --check-figures CSV --target "
                    "host|m4ref|cmsis | --compare DIR [--gaps FILE] [--target T] [--print-gaps]) "
                    "[--only NAME] [--spec FILE]\n");
    return 2;
}

typedef struct args {
    const char *out, *only, *spec, *figures, *target, *compare, *gaps;
    int verify, list, print_gaps;
} args;

static int parse_args(int argc, char **argv, args *a)
{
    memset(a, 0, sizeof *a);
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i];
        const char **slot = !strcmp(s, "--out") ? &a->out
                          : !strcmp(s, "--only") ? &a->only
                          : !strcmp(s, "--spec") ? &a->spec
                          : !strcmp(s, "--check-figures") ? &a->figures
                          : !strcmp(s, "--target") ? &a->target
                          : !strcmp(s, "--compare") ? &a->compare
                          : !strcmp(s, "--gaps") ? &a->gaps : NULL;
        if (slot) {
            if (++i == argc)
                return -1;
            *slot = argv[i];
        } else if (!strcmp(s, "--verify")) {
            a->verify = 1;
        } else if (!strcmp(s, "--list")) {
            a->list = 1;
        } else if (!strcmp(s, "--print-gaps")) {
            a->print_gaps = 1;
        } else {
            return -1;
        }
    }
    int modes = !!a->out + a->verify + a->list + !!a->figures + !!a->compare;
    if (modes != 1 || (a->figures && !a->target) || (!a->figures && !a->compare && a->target) ||
        ((a->gaps || a->print_gaps) && !a->compare))
        return -1;
    return 0;
}

static int target_of(const char *s)
{
    return !strcmp(s, "host") || !strcmp(s, "host64") ? OG_HOST
         : !strcmp(s, "m4ref") || !strcmp(s, "m4_reference") ? OG_M4_REF
         : !strcmp(s, "cmsis") || !strcmp(s, "m4_cmsis_nn") ? OG_M4_CMSIS : -1;
}

/* --compare: 0 when every row is right or a known gap, 1 otherwise. */
static int compare(const og_spec *spec, const args *a)
{
    int target = a->target ? target_of(a->target) : -1;
    if (a->target && target < 0)
        return usage();
    int failures = og_compare(spec, a->compare, a->gaps, target, a->only, a->print_gaps);
    if (failures < 0)
        return 2;
    if (failures)
        printf("compare: %d failure%s (above)\n", failures, failures == 1 ? "" : "s");
    return failures ? 1 : 0;
}

static int check_figures(const og_spec *spec, const args *a)
{
    int target = target_of(a->target);
    if (target < 0)
        return usage();
    int problems = og_check_figures(spec, a->figures, target, a->only);
    if (problems < 0) {
        fprintf(stderr, "opgen: cannot read %s: %s\n", a->figures, strerror(errno));
        return 2;
    }
    int n = 0;
    for (int i = 0; i < spec->n; i++)
        n += !a->only || !strcmp(a->only, spec->m[i].name);
    printf("%d models, %d problems in %s\n", n, problems, a->figures);
    return problems ? 1 : 0;
}

/* --out, --verify, --list over the selected models. */
static int each_model(const og_spec *spec, const args *a)
{
    int done = 0, bad = 0;
    if (a->out && mkdir(a->out, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "opgen: cannot create %s: %s\n", a->out, strerror(errno));
        return 2;
    }
    for (int i = 0; i < spec->n; i++) {
        const og_model *m = &spec->m[i];
        if (a->only && strcmp(a->only, m->name))
            continue;
        char err[1024];
        size_t len, len2;
        unsigned char *bytes = og_build(m, &len, err, sizeof err), *again;
        if (!bytes) {
            fprintf(stderr, "opgen: %s\n", err);
            bad++;
            continue;
        }
        done++;
        if (a->list)
            list_row(m, bytes, len);
        if (a->verify) {
            again = og_build(m, &len2, err, sizeof err);
            if (!again || len2 != len || memcmp(again, bytes, len)) {
                fprintf(stderr, "opgen: %s: two builds differ\n", m->name);
                bad++;
            } else if (og_verify(m, bytes, len, err, sizeof err)) {
                fprintf(stderr, "opgen: %s\n", err);
                bad++;
            }
            free(again);
        }
        if (a->out) {
            char path[4096];
            snprintf(path, sizeof path, "%s/%s.tflite", a->out, m->name);
            if (write_atomic(path, bytes, len)) {
                fprintf(stderr, "opgen: cannot write %s: %s\n", path, strerror(errno));
                free(bytes);
                return 2;
            }
        }
        free(bytes);
    }
    if (a->only && !done && !bad) {
        fprintf(stderr, "opgen: no model named %s\n", a->only);
        return 2;
    }
    if (a->verify && !a->only && !a->spec) { /* coverage: of the builtin spec (TFLM's resolver) */
        int missing = coverage(spec);
        printf("%d models verified, %d failed; %d of the registered operators have no model\n",
               done, bad, missing);
        bad += missing;
    } else if (a->verify) {
        printf("%d models verified, %d failed\n", done, bad);
    }
    else if (a->out)
        printf("%d models written to %s\n", done, a->out);
    return bad ? 1 : 0;
}

int main(int argc, char **argv)
{
    args a;
    if (parse_args(argc, argv, &a))
        return usage();
    char *text = NULL;
    if (a.spec && !(text = read_file(a.spec))) {
        fprintf(stderr, "opgen: cannot read %s: %s\n", a.spec, strerror(errno));
        return 2;
    }
    og_spec spec;
    char err[1024];
    if (og_spec_parse(text ? text : (const char *)og_builtin_spec, &spec, err, sizeof err)) {
        fprintf(stderr, "opgen: %s: %s\n", a.spec ? a.spec : "ops.spec (built in)", err);
        free(text);
        return 2;
    }
    free(text);
    int rc = a.figures ? check_figures(&spec, &a) : a.compare ? compare(&spec, &a)
                                                   : each_model(&spec, &a);
    og_spec_free(&spec);
    return rc;
}
