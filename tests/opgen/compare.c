/*
 * compare.c - arenaplan's whole arena on the spec's models against the figures measured on the
 * real TFLM (corpus/reference/ops/TARGET.csv), exactly, with a list of the known gaps.
 *
 * For every model and target (host64: x86-64 reference kernels; m4_reference, m4_cmsis_nn: the
 * Cortex-M4 builds), the model's bytes are built, read with arenaplan's reader and given to
 * ap_tflm_arena_compute (stock TFLM: its own head). A row is right when:
 *   - TFLM loads the model (status ok) and arenaplan gives every figure the CSV has: head, the
 *     RecordingMicroInterpreter's tail and its seven categories, a plain interpreter's used
 *     bytes and smallest arena, the planner's buffer and scratch-request counts;
 *   - TFLM refuses the model or crashes loading it (status refused, crash) and arenaplan says
 *     that TFLM cannot load it (ap_tflm_arena.refusal, or its reader refuses the file) and, when
 *     TFLM's message names a source line and arenaplan's refusal one, the same line.
 * The known gaps (tests/opgen/known_gaps.txt: "TARGET MODEL REASON" per line, # comments) are
 * rows arenaplan does not get right yet. The comparison fails for a row that is wrong and not
 * listed, and for a listed row that is right now (the line must go), so that the list only
 * shrinks. --print-gaps prints the rows that are wrong today in the list's format.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/tflite.h"
#include "arenaplan/tflm_arena.h"
#include "opgen.h"

static const char *const target_file[OG_TARGETS] = {"host64", "m4_reference", "m4_cmsis_nn"};
static const char *const target_arch[OG_TARGETS] = {"host64", "cortex-m", "cortex-m"};
static const char *const target_kernels[OG_TARGETS] = {"reference", "reference", "cmsis-nn"};

/* The CSV columns read, in this order. */
static const char *const cols[] = {
    "name", "status", "message", "head", "tail", "TfLiteEvalTensor", "persistent_TfLiteTensor",
    "persistent_quantization", "persistent_buffer", "TfLiteTensor_variable_buffer",
    "NodeAndRegistration", "operator_runtime_data", "used_bytes", "min_arena",
    "planned_buffers", "scratch_buffers"};
#define N_COLS (sizeof cols / sizeof cols[0])
enum { C_NAME, C_STATUS, C_MESSAGE, C_HEAD, C_TAIL, C_CAT0, C_USED = C_CAT0 + 7, C_MIN,
       C_PLANNED, C_SCRATCH };

typedef struct row {
    char name[OG_NAME];
    char status[16];
    char *message;
    long long v[N_COLS];
} row;

typedef struct gap {
    int target;
    char model[OG_NAME];
    int used;
} gap;

/* The rows of dir/TARGET.csv; -1 when it cannot be read. */
static int read_rows(const char *dir, int target, row **out)
{
    char path[4096], *line = NULL, *f[64];
    size_t cap = 0;
    int col[N_COLS], n = 0, nf;
    snprintf(path, sizeof path, "%s/%s.csv", dir, target_file[target]);
    FILE *fp = fopen(path, "r");
    *out = NULL;
    if (!fp || getline(&line, &cap, fp) < 0) {
        fprintf(stderr, "compare: cannot read %s\n", path);
        if (fp)
            fclose(fp);
        free(line);
        return -1;
    }
    line[strcspn(line, "\r\n")] = '\0';
    nf = og_csv_split(line, f, 64);
    for (size_t c = 0; c < N_COLS; c++) {
        col[c] = -1;
        for (int i = 0; i < nf; i++)
            if (!strcmp(f[i], cols[c]))
                col[c] = i;
        if (col[c] < 0) {
            fprintf(stderr, "compare: %s: no column %s\n", path, cols[c]);
            fclose(fp);
            free(line);
            return -1;
        }
    }
    row *v = NULL;
    while (getline(&line, &cap, fp) >= 0) {
        line[strcspn(line, "\r\n")] = '\0';
        if (!line[0])
            continue;
        nf = og_csv_split(line, f, 64);
        v = realloc(v, (size_t)(n + 1) * sizeof *v);
        row *r = &v[n++];
        memset(r, 0, sizeof *r);
        for (size_t c = 0; c < N_COLS; c++) {
            const char *s = col[c] < nf ? f[col[c]] : "";
            if (c == C_NAME)
                snprintf(r->name, sizeof r->name, "%s", s);
            else if (c == C_STATUS)
                snprintf(r->status, sizeof r->status, "%s", s);
            else if (c == C_MESSAGE)
                r->message = strdup(s);
            else
                r->v[c] = *s ? strtoll(s, NULL, 10) : -1;
        }
    }
    free(line);
    fclose(fp);
    *out = v;
    return n;
}

static int target_by_file(const char *s)
{
    for (int t = 0; t < OG_TARGETS; t++)
        if (!strcmp(s, target_file[t]))
            return t;
    return -1;
}

/* The known gaps; -1 after a malformed line (said). */
static int read_gaps(const char *path, gap **out)
{
    FILE *fp = fopen(path, "r");
    char *line = NULL;
    size_t cap = 0;
    int n = 0, lineno = 0, bad = 0;
    gap *v = NULL;
    *out = NULL;
    if (!fp) {
        fprintf(stderr, "compare: cannot read %s\n", path);
        return -1;
    }
    while (getline(&line, &cap, fp) >= 0) {
        char t[64], model[OG_NAME + 1];
        lineno++;
        line[strcspn(line, "\r\n")] = '\0';
        if (!line[0] || line[0] == '#')
            continue;
        if (sscanf(line, "%63s %64s", t, model) != 2 || target_by_file(t) < 0 ||
            strlen(model) >= OG_NAME) {
            fprintf(stderr, "compare: %s:%d: not \"TARGET MODEL REASON\" (TARGET host64, "
                            "m4_reference or m4_cmsis_nn)\n", path, lineno);
            bad = 1;
            continue;
        }
        gap *w = realloc(v, (size_t)(n + 1) * sizeof *v);
        if (!w) {
            fprintf(stderr, "compare: out of memory\n");
            bad = 1;
            break;
        }
        v = w;
        v[n].target = target_by_file(t);
        memcpy(v[n].model, model, strlen(model) + 1); /* shorter than OG_NAME: checked above */
        v[n].used = 0;
        n++;
    }
    free(line);
    fclose(fp);
    *out = v;
    return bad ? -1 : n;
}

/* The source line TFLM's message names ("tensorflow/lite/micro/kernels/x.cc:12"), into buf;
 * 0 when it names none. */
static int message_line(const char *msg, char *buf, size_t cap)
{
    for (const char *p = msg; (p = strstr(p, ":")) != NULL; p++) {
        const char *b = p;
        while (b > msg && b[-1] != ' ' && b[-1] != '|')
            b--;
        size_t flen = (size_t)(p - b);
        if (flen < 3 || !(strncmp(p - 3, ".cc", 3) == 0 || strncmp(p - 2, ".h", 2) == 0 ||
                          strncmp(p - 2, ".c", 2) == 0))
            continue;
        const char *e = p + 1;
        while (*e >= '0' && *e <= '9')
            e++;
        if (e == p + 1)
            continue;
        snprintf(buf, cap, "%.*s", (int)(e - b), b);
        return 1;
    }
    return 0;
}

/* Whether arenaplan's source (relative: "kernels/x.cc:12", or "x.cc:12") is TFLM's line. */
static int same_line(const char *tflm, const char *ours)
{
    size_t lt = strlen(tflm), lo = strlen(ours);
    return lo <= lt && !strcmp(tflm + lt - lo, ours) && (lo == lt || tflm[lt - lo - 1] == '/');
}

/* Compares one model on one target: 1 right, 0 wrong (why in why). */
static int judge(const og_model *m, const row *r, int target, char *why, size_t cap)
{
    char err[1024];
    size_t len;
    unsigned char *bytes = og_build(m, &len, err, sizeof err);
    ap_tfl_model *model = NULL;
    ap_error e = {0};
    ap_tflm_arena a;
    int ok = strcmp(r->status, "ok") == 0, right = 0;
    memset(&a, 0, sizeof a);
    if (!bytes) {
        snprintf(why, cap, "opgen cannot build it: %s", err);
        return 0;
    }
    ap_status st = ap_tflite_read(bytes, len, &model, &e);
    if (st != AP_OK) {
        snprintf(why, cap, "%s, arenaplan's reader refuses it: %s",
                 ok ? "TFLM loads it" : "(TFLM refuses it too)", e.msg);
        free(bytes);
        return !ok; /* a model that cannot be read has no arena either */
    }
    ap_tflm_options o;
    ap_tflm_options_init(&o);
    o.target = target_arch[target];
    o.kernels = target_kernels[target];
    st = ap_tflm_arena_compute(model, &o, &a, &e);
    const char *what = strstr(e.msg, " is not modelled") ? "not modelled" : e.msg;
    if (ok && st != AP_OK && a.refusal.kind != AP_TFLM_LOADS) {
        snprintf(why, cap, "TFLM loads it, arenaplan says it refuses: %s (%s)", a.refusal.check,
                 a.refusal.src[0] ? a.refusal.src : "no source");
    } else if (ok && st != AP_OK) {
        snprintf(why, cap, "TFLM loads it, arenaplan: %s", what);
    } else if (ok) {
        long long got[N_COLS];
        char diff[600] = "";
        size_t dl = 0;
        got[C_HEAD] = a.head;
        got[C_TAIL] = a.recording_tail;
        for (int c = 0; c < 7; c++)
            got[C_CAT0 + c] = a.recording_cat[c].bytes;
        got[C_USED] = a.used;
        got[C_MIN] = a.min_arena;
        got[C_PLANNED] = a.planned_buffers;
        got[C_SCRATCH] = a.scratch_buffers;
        for (size_t c = C_HEAD; c < N_COLS; c++)
            if (got[c] != r->v[c] && dl < sizeof diff - 80)
                dl += (size_t)snprintf(diff + dl, sizeof diff - dl, "%s%s %lld (TFLM %lld)",
                                       dl ? ", " : "", cols[c], got[c], r->v[c]);
        right = !dl;
        if (!right)
            snprintf(why, cap, "wrong: %s", diff);
    } else if (st == AP_OK) {
        snprintf(why, cap, "TFLM %s (%.100s), arenaplan gives %lld bytes", r->status, r->message,
                 (long long)a.min_arena);
    } else if (a.refusal.kind == AP_TFLM_LOADS) {
        snprintf(why, cap, "TFLM %s (%.100s), arenaplan: %s", r->status, r->message, what);
    } else {
        char line[256];
        right = !a.refusal.src[0] || !message_line(r->message, line, sizeof line) ||
                same_line(line, a.refusal.src);
        if (!right)
            snprintf(why, cap, "TFLM %s at %s, arenaplan's refusal at %s (%s)", r->status, line,
                     a.refusal.src, a.refusal.check);
    }
    ap_tflite_free(model);
    free(bytes);
    return right;
}

int og_compare(const og_spec *spec, const char *dir, const char *gaps_path, int only_target,
               const char *only, int print_gaps)
{
    gap *gaps = NULL;
    int n_gaps = 0, failures = 0;
    if (gaps_path && (n_gaps = read_gaps(gaps_path, &gaps)) < 0)
        return -1;
    for (int t = 0; t < OG_TARGETS; t++) {
        row *rows;
        int n, right = 0, listed = 0, wrong = 0, fixed = 0;
        if (only_target >= 0 && t != only_target)
            continue;
        if ((n = read_rows(dir, t, &rows)) < 0) {
            free(gaps);
            return -1;
        }
        for (int i = 0; i < n; i++) {
            const og_model *m = NULL;
            char why[2048];
            if (only && strcmp(only, rows[i].name))
                continue;
            for (int k = 0; k < spec->n && !m; k++)
                if (!strcmp(spec->m[k].name, rows[i].name))
                    m = &spec->m[k];
            if (!m) {
                fprintf(stderr, "compare: %s %s: no such model in the spec\n", target_file[t],
                        rows[i].name);
                failures++;
                continue;
            }
            gap *g = NULL;
            for (int k = 0; k < n_gaps && !g; k++)
                if (gaps[k].target == t && !strcmp(gaps[k].model, m->name))
                    g = &gaps[k];
            if (g)
                g->used = 1;
            why[0] = '\0';
            int ok = judge(m, &rows[i], t, why, sizeof why);
            for (char *p = why; *p; p++) /* one line each */
                if (*p == '\n' || *p == '\r')
                    *p = ' ';
            right += ok;
            if (!ok && print_gaps) /* the reason, short: the list is for people */
                printf("%s %s %.200s\n", target_file[t], m->name, why);
            if (ok && g) {
                fprintf(stderr, "compare: %s %s is right now: remove it from the known gaps\n",
                        target_file[t], m->name);
                fixed++;
            } else if (!ok && g) {
                listed++;
            } else if (!ok) {
                fprintf(stderr, "compare: %s %s: %s\n", target_file[t], m->name, why);
                wrong++;
            }
        }
        printf("compare: %s: %d rows, %d right, %d known gaps, %d wrong and not listed, %d "
               "listed but right now\n", target_file[t], only ? right + listed + wrong : n,
               right, listed, wrong, fixed);
        failures += wrong + fixed;
        for (int i = 0; i < n; i++)
            free(rows[i].message);
        free(rows);
    }
    for (int k = 0; k < n_gaps && !only; k++)
        if (!gaps[k].used && (only_target < 0 || gaps[k].target == only_target)) {
            fprintf(stderr, "compare: known gap %s %s: no such row\n",
                    target_file[gaps[k].target], gaps[k].model);
            failures++;
        }
    free(gaps);
    return failures;
}
