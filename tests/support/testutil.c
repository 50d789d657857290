/* testutil.c - running the CLI, temporary files, and checked planning for the tests. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "arenaplan/csv.h"
#include "testutil.h"

static char *slurp_fd(int fd)
{
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    ssize_t got;
    if (!buf)
        return NULL;
    while ((got = read(fd, buf + len, cap - len - 1)) != 0) {
        if (got < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        len += (size_t)got;
        if (cap - len < 2) {
            char *nb = realloc(buf, cap * 2);
            if (!nb)
                break;
            buf = nb;
            cap *= 2;
        }
    }
    buf[len] = 0;
    return buf;
}

run_result run_argv(char *const argv[])
{
    return run_argv_with(argv, -1, NULL);
}

run_result run_argv_with(char *const argv[], int out_fd, void (*setup)(void))
{
    run_result r = {-1, NULL, NULL};
    char outname[] = "/tmp/ap_test_outXXXXXX", errname[] = "/tmp/ap_test_errXXXXXX";
    int outfd = mkstemp(outname), errfd = mkstemp(errname), wst = 0;
    pid_t pid;
    if (outfd < 0 || errfd < 0)
        fail_msg("mkstemp failed");
    unlink(outname);
    unlink(errname);
    fflush(NULL);
    pid = fork();
    if (pid == 0) {
        int devnull = open("/dev/null", O_RDONLY);
        if (devnull >= 0)
            dup2(devnull, 0);
        dup2(out_fd >= 0 ? out_fd : outfd, 1);
        dup2(errfd, 2);
        if (setup)
            setup();
        execvp(argv[0], argv);
        _exit(127);
    }
    if (pid < 0)
        fail_msg("fork failed");
    while (waitpid(pid, &wst, 0) < 0 && errno == EINTR) {
    }
    r.status = WIFEXITED(wst) ? WEXITSTATUS(wst) : 128 + WTERMSIG(wst);
    lseek(outfd, 0, SEEK_SET);
    lseek(errfd, 0, SEEK_SET);
    r.out = slurp_fd(outfd);
    r.err = slurp_fd(errfd);
    close(outfd);
    close(errfd);
    return r;
}

run_result run_cli(const char *arg0, ...)
{
    char *argv[64];
    int argc = 0;
    const char *a;
    va_list ap;
    argv[argc++] = (char *)AP_CLI;
    va_start(ap, arg0);
    for (a = arg0; a && argc < 63; a = va_arg(ap, const char *))
        argv[argc++] = (char *)a;
    va_end(ap);
    argv[argc] = NULL;
    return run_argv(argv);
}

void run_free(run_result *r)
{
    free(r->out);
    free(r->err);
    r->out = r->err = NULL;
}

/* Paths come from a ring of buffers so that several can be held at once. */
static char *next_path_buf(void)
{
    static char ring[16][4096];
    static unsigned k;
    return ring[k++ % 16];
}

const char *src_path(const char *rel)
{
    char *buf = next_path_buf();
    snprintf(buf, 4096, "%s/%s", AP_SOURCE_DIR, rel);
    return buf;
}

const char *tmp_path(const char *name)
{
    char *buf = next_path_buf();
    snprintf(buf, 4096, "%s/%d_%s", AP_TEST_TMP, (int)getpid(), name);
    return buf;
}

static int cmp_paths(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

char **corpus_model_paths(size_t *n)
{
    static const char *dirs[] = {"corpus/models/tflm", "corpus/models/more",
                                 "corpus/models/seanet"};
    char **v = NULL;
    size_t cap = 0;
    *n = 0;
    for (size_t d = 0; d < sizeof dirs / sizeof dirs[0]; d++) {
        const char *dir = src_path(dirs[d]);
        DIR *dp = opendir(dir);
        struct dirent *e;
        if (!dp)
            fail_msg("cannot read %s", dir);
        while ((e = readdir(dp))) {
            size_t k = strlen(e->d_name);
            if (k < 8 || strcmp(e->d_name + k - 7, ".tflite") != 0)
                continue;
            if (*n == cap) {
                cap = cap ? 2 * cap : 64;
                v = realloc(v, cap * sizeof *v);
            }
            v[*n] = malloc(strlen(dir) + k + 2);
            sprintf(v[(*n)++], "%s/%s", dir, e->d_name);
        }
        closedir(dp);
    }
    qsort(v, *n, sizeof *v, cmp_paths);
    return v;
}

void free_paths(char **paths, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(paths[i]);
    free(paths);
}

int tool_on_path(const char *tool)
{
    const char *path = getenv("PATH");
    char dir[4096];
    while (path && *path) {
        size_t n = strcspn(path, ":");
        snprintf(dir, sizeof dir, "%.*s/%s", (int)n, n ? path : ".", tool);
        if (access(dir, X_OK) == 0)
            return 1;
        path += n + (path[n] == ':');
    }
    return 0;
}

void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        fail_msg("cannot write %s", path);
    fputs(text, f);
    fclose(f);
}

char *read_text(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf;
    long size;
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    size = ftell(f);
    fseek(f, 0, SEEK_SET);
    buf = malloc((size_t)size + 1);
    if (buf && fread(buf, 1, (size_t)size, f) != (size_t)size) {
        free(buf);
        buf = NULL;
    }
    if (buf) {
        buf[size] = 0;
        if (len)
            *len = (size_t)size;
    }
    fclose(f);
    return buf;
}

int file_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

ap_problem *problem_from_csv(const char *csv_text)
{
    ap_problem *p = NULL;
    ap_error err = {0};
    ap_csv_options opt;
    ap_csv_options_init(&opt);
    if (ap_csv_parse(csv_text, strlen(csv_text), "<test>", &opt, &p, NULL, &err) != AP_OK)
        fail_msg("test CSV rejected: %s", err.msg);
    return p;
}

int64_t assert_valid_plan(const ap_problem *p, const ap_plan *plan)
{
    ap_check_result res;
    ap_status st = ap_check(p, plan->offset, &res);
    if (st != AP_OK)
        fail_msg("plan by '%s' fails the checker: %s", plan->strategy, res.message);
    return res.arena;
}

int64_t plan_checked(const ap_problem *p, const char *strategy, ap_plan *plan)
{
    ap_plan_options opt;
    ap_error err = {0};
    ap_status st;
    int64_t arena;
    ap_plan_options_init(&opt);
    opt.strategy = strategy;
    st = ap_plan_problem(p, &opt, plan, &err);
    if (st != AP_OK)
        fail_msg("strategy %s failed: %s", strategy, err.msg);
    arena = assert_valid_plan(p, plan);
    assert_int_equal(arena, plan->arena);
    return arena;
}

void assert_contains_impl(const char *haystack, const char *needle, const char *file, int line)
{
    if (!haystack || !strstr(haystack, needle)) {
        print_error("%s:%d: expected to find\n  [%s]\nin\n  [%s]\n", file, line, needle,
                    haystack ? haystack : "(null)");
        fail();
    }
}

void assert_refusal_said(const char *model, const char *why, long long head,
                         const char *json_refused)
{
    char want[4096];
    snprintf(want, sizeof want, "arenaplan: warning: %s: %s; the head is planned, but no "
             "kTensorArenaSize exists for TFLM on cortex-m\n", model, why);
    run_result r = run_cli("plan", model, NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.err, want);
    snprintf(want, sizeof want, "\narena        no kTensorArenaSize for TFLM on cortex-m: %s\n"
             "head         %lld bytes\n", why, head);
    assert_contains(r.out, want);
    run_free(&r);
    r = run_cli("plan", model, "--format", "json", NULL);
    assert_int_equal(r.status, 0);
    snprintf(want, sizeof want, ",\"min_arena\":null,\"refused\":%s", json_refused);
    assert_contains(r.out, want);
    run_free(&r);
    r = run_cli("plan", model, "--format", "c", NULL);
    assert_int_equal(r.status, 0);
    assert_null(strstr(r.out, "_ARENA_SIZE "));           /* no #define NAME_ARENA_SIZE N */
    assert_contains(r.out, "_ARENA_SIZE: TFLM's whole arena is unknown (above) */\n"); /* in its place */
    run_free(&r);
    r = run_cli("plan", model, "--budget", "1M", NULL);
    assert_int_equal(r.status, 1);
    snprintf(want, sizeof want, "arenaplan: --budget 1048576: %s: %s; there is no whole arena to "
             "gate (--budget-head gates the head)\n", model, why);
    assert_contains(r.err, want);
    run_free(&r);
}

int tflm_set(ap_tflm_set set, const char *name)
{
    ap_error err = {0};
    int v = 0;
    if (name && ap_tflm_set_find(set, name, &v, &err) != AP_OK)
        fail_msg("%s", err.msg);
    return v;
}

const char *corpus_model(const char *name)
{
    static const char *const dirs[] = {"tflm", "seanet", "more"};
    char rel[256];
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
        snprintf(rel, sizeof rel, "corpus/models/%s/%s.tflite", dirs[i], name);
        const char *path = src_path(rel);
        if (file_exists(path))
            return path;
    }
    fail_msg("model %s not found in corpus/models", name);
    return NULL;
}

char *csv_open(csv_reader *r, const char *rel)
{
    r->save = NULL;
    r->text = read_text(src_path(rel), NULL);
    if (!r->text)
        fail_msg("cannot read %s", rel);
    char *line = strtok_r(r->text, "\r\n", &r->save);
    if (!line)
        fail_msg("%s is empty", rel);
    return line;
}

char *csv_next(csv_reader *r)
{
    return strtok_r(NULL, "\r\n", &r->save);
}

void csv_close(csv_reader *r)
{
    free(r->text);
    r->text = NULL;
}

plan_row *read_ref_plan(const char *rel, size_t *n)
{
    csv_reader cr;
    size_t cap = 16, k = 0;
    plan_row *rows = malloc(cap * sizeof *rows);
    char *line = csv_open(&cr, rel);
    assert_string_equal(line, "id,lower,upper,size,offset");
    while ((line = csv_next(&cr)) != NULL) {
        long long id, lo, up, sz, off;
        if (sscanf(line, "%lld,%lld,%lld,%lld,%lld", &id, &lo, &up, &sz, &off) != 5)
            fail_msg("%s: bad row '%s'", rel, line);
        assert_int_equal(id, (long long)k);
        if (k == cap)
            rows = realloc(rows, (cap *= 2) * sizeof *rows);
        rows[k++] = (plan_row){lo, up, sz, off};
    }
    csv_close(&cr);
    *n = k;
    return rows;
}

size_t csv_fields(char *line, char **field, size_t max)
{
    size_t n = 0;
    while (n < max) {
        field[n++] = line;
        char *comma = strchr(line, ',');
        if (!comma)
            break;
        *comma = '\0';
        line = comma + 1;
    }
    return n;
}
