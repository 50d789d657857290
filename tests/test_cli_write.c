/* test_cli_write.c - how every command writes its output: atomically into regular files,
 * through symbolic links, directly into FIFOs and devices (never replacing them), refusing
 * directories, writing nothing past a failed --budget, and exit 2 naming the path and the
 * reason whenever a write fails (a full device, a closed pipe, a file size limit).
 *
 * No test may damage a system path if the code were wrong: FIFOs, links and folders are made
 * in the test's own temporary folder; a device is one the test makes itself (mknod, as root),
 * or, when we are not root and cannot write to /dev, the system's own, compared by type and
 * inode only. */
#define _XOPEN_SOURCE 700 /* mknod */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include "testutil.h"

static const char *worked(void)
{
    static char path[4096];
    snprintf(path, sizeof path, "%s", tmp_path("w_worked.csv"));
    write_text(path, "id,lower,end,size\nt1,0,1,100\nt2,1,3,200\nt3,2,4,150\nt4,3,5,300\n"
                     "t5,4,6,250\n");
    return path;
}

static const char worked_plan_csv[] = "id,lower,upper,size,offset\nt1,0,2,100,0\nt2,1,4,200,300\n"
                                      "t3,2,5,150,550\nt4,3,6,300,0\nt5,4,7,250,300\n";

#define MODEL "corpus/models/tflm/hello_world_int8.tflite"

/* A fresh empty folder below the test's temporary folder. */
static const char *fresh_dir(const char *name)
{
    const char *d = tmp_path(name);
    char cmd[4200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", d);
    assert_int_equal(system(cmd), 0);
    assert_int_equal(mkdir(d, 0755), 0);
    return d;
}

static const char *in_dir(const char *dir, const char *name)
{
    static char ring[8][4096];
    static unsigned k;
    char *b = ring[k++ % 8];
    snprintf(b, 4096, "%s/%s", dir, name);
    return b;
}

/* The names in a folder, sorted, one per line ("" when empty). */
static char *listing(const char *dir)
{
    char cmd[4200], *out;
    run_result r;
    snprintf(cmd, sizeof cmd, "ls -A '%s'", dir);
    char *argv[] = {"sh", "-c", cmd, NULL};
    r = run_argv(argv);
    assert_int_equal(r.status, 0);
    out = r.out;
    free(r.err);
    return out;
}

/* ---- Devices -------------------------------------------------------------------------------- */

typedef struct device {
    const char *path;
    ino_t ino;
    dev_t rdev;
} device;

/* A character device with the numbers of /dev/null (1, 3) or /dev/full (1, 7): made by the test
 * when root; else the system's own when /dev is not writable by us (so that no bug could
 * replace it); 0 when neither is possible (that part of the test is skipped). */
static int make_device(device *d, const char *name, unsigned minor, const char *sys)
{
    struct stat st;
    int fd;
    if (geteuid() == 0) {
        d->path = tmp_path(name);
        unlink(d->path);
        if (mknod(d->path, S_IFCHR | 0666, makedev(1, minor)) != 0) {
            printf("skipped: cannot make a device (%s): %s\n", name, strerror(errno));
            return 0;
        }
    } else if (access("/dev", W_OK) != 0) {
        d->path = sys;
    } else {
        printf("skipped: /dev is writable by a non-root user\n");
        return 0;
    }
    /* opened read-only, only to know what it is */
    fd = open(d->path, O_RDONLY);
    assert_true(fd >= 0);
    assert_int_equal(fstat(fd, &st), 0);
    close(fd);
    assert_true(S_ISCHR(st.st_mode));
    d->ino = st.st_ino;
    d->rdev = st.st_rdev;
    return 1;
}

static void assert_same_device(const device *d)
{
    struct stat st;
    int fd = open(d->path, O_RDONLY);
    assert_true(fd >= 0);
    assert_int_equal(fstat(fd, &st), 0);
    close(fd);
    assert_true(S_ISCHR(st.st_mode));
    assert_int_equal(st.st_ino, d->ino);
    assert_int_equal(st.st_rdev, d->rdev);
}

/* stdout on /dev/full: writing through a descriptor can never replace the device. */
static run_result run_full_stdout(char *const argv[])
{
    int fd = open("/dev/full", O_WRONLY);
    run_result r;
    assert_true(fd >= 0);
    r = run_argv_with(argv, fd, NULL);
    close(fd);
    return r;
}

/* stdout on a pipe nobody reads any more. */
static run_result run_broken_stdout(char *const argv[])
{
    int p[2];
    run_result r;
    assert_int_equal(pipe(p), 0);
    close(p[0]);
    r = run_argv_with(argv, p[1], NULL);
    close(p[1]);
    return r;
}

/* plan --strategy greedy --format csv -o out: exit 0, nothing on stderr. */
static void plan_to(const char *out)
{
    run_result r = run_cli("plan", worked(), "--strategy", "greedy", "--format", "csv", "-o", out,
                           NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.err, "");
    run_free(&r);
}

static void assert_text(const char *path, const char *want)
{
    char *text = read_text(path, NULL);
    assert_non_null(text);
    assert_string_equal(text, want);
    free(text);
}

static void assert_link(const char *link, const char *want)
{
    char buf[4096];
    ssize_t n = readlink(link, buf, sizeof buf - 1);
    assert_true(n > 0);
    buf[n] = 0;
    assert_string_equal(buf, want);
}

/* ---- Regular files, links, FIFOs ------------------------------------------------------------ */

/* An existing regular file is replaced atomically and keeps its permission bits; nothing else
 * is left in the folder. */
static void regular_file_replaced(void **state)
{
    const char *dir = fresh_dir("w_reg"), *out = in_dir(dir, "plan.csv");
    struct stat st;
    char *ls;
    (void)state;
    write_text(out, "old\n");
    assert_int_equal(chmod(out, 0640), 0);
    plan_to(out);
    assert_text(out, worked_plan_csv);
    assert_int_equal(stat(out, &st), 0);
    assert_int_equal(st.st_mode & 07777, 0640);
    ls = listing(dir);
    assert_string_equal(ls, "plan.csv\n");
    free(ls);
}

/* A chain of links (relative and absolute) is followed: the file at its end holds the output,
 * each link still points where it did; a dangling link gets its target made. */
static void symlinks_followed(void **state)
{
    const char *dir = fresh_dir("w_links");
    char target[4096], abs_link[4096], buf[4096];
    run_result r;
    char *ls;
    (void)state;
    assert_int_equal(mkdir(in_dir(dir, "sub"), 0755), 0);
    assert_int_equal(mkdir(in_dir(dir, "links"), 0755), 0);
    snprintf(target, sizeof target, "%s", in_dir(dir, "sub/target.csv"));
    write_text(target, "old\n");
    /* links/rel -> ../sub/target.csv (relative to the link's folder), abs -> links/rel
       (absolute), top -> abs (relative, same folder) */
    assert_int_equal(symlink("../sub/target.csv", in_dir(dir, "links/rel")), 0);
    snprintf(abs_link, sizeof abs_link, "%s", in_dir(dir, "links/rel"));
    assert_int_equal(symlink(abs_link, in_dir(dir, "abs")), 0);
    assert_int_equal(symlink("abs", in_dir(dir, "top")), 0);
    plan_to(in_dir(dir, "top"));
    assert_text(target, worked_plan_csv);
    assert_link(in_dir(dir, "top"), "abs");
    assert_link(in_dir(dir, "abs"), abs_link);
    assert_link(in_dir(dir, "links/rel"), "../sub/target.csv");
    ls = listing(in_dir(dir, "sub"));
    assert_string_equal(ls, "target.csv\n");
    free(ls);

    /* a dangling link: its target is created, the link stays */
    assert_int_equal(symlink("sub/new.csv", in_dir(dir, "dangling")), 0);
    plan_to(in_dir(dir, "dangling"));
    assert_text(in_dir(dir, "sub/new.csv"), worked_plan_csv);
    assert_link(in_dir(dir, "dangling"), "sub/new.csv");

    /* a loop of links is an error naming the path, and nothing is written */
    assert_int_equal(symlink("loop2", in_dir(dir, "loop1")), 0);
    assert_int_equal(symlink("loop1", in_dir(dir, "loop2")), 0);
    r = run_cli("plan", worked(), "-o", in_dir(dir, "loop1"), NULL);
    assert_int_equal(r.status, 2);
    snprintf(buf, sizeof buf, "arenaplan: cannot write %s: Too many levels of symbolic links\n",
             in_dir(dir, "loop1"));
    assert_string_equal(r.err, buf);
    run_free(&r);
}

/* A FIFO read by a child process: the reader gets the bytes, the FIFO stays a FIFO. */
static void fifo_written_directly(void **state)
{
    const char *dir = fresh_dir("w_fifo"), *fifo = in_dir(dir, "fifo");
    char got_path[4096];
    struct stat st;
    pid_t pid;
    int keep, wst;
    char *text;
    (void)state;
    snprintf(got_path, sizeof got_path, "%s", tmp_path("w_fifo_got.csv"));
    assert_int_equal(mkfifo(fifo, 0644), 0);
    /* held open for reading and writing until the command is done, so that neither side
       waits in open and the reader sees the end once the command has finished, whatever it
       did: a bug cannot hang the test */
    keep = open(fifo, O_RDWR);
    assert_true(keep >= 0);
    fflush(NULL);
    pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        char buf[4096];
        ssize_t n;
        /* keep is a writer, so this open does not wait; the end comes once the parent and
           the command have closed theirs */
        int in = open(fifo, O_RDONLY), out = open(got_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        close(keep);
        if (in < 0 || out < 0)
            _exit(1);
        while ((n = read(in, buf, sizeof buf)) > 0)
            if (write(out, buf, (size_t)n) != n)
                _exit(1);
        _exit(n == 0 ? 0 : 1);
    }
    plan_to(fifo);
    close(keep);
    assert_int_equal(waitpid(pid, &wst, 0), pid);
    assert_true(WIFEXITED(wst) && WEXITSTATUS(wst) == 0);
    assert_text(got_path, worked_plan_csv);
    assert_int_equal(lstat(fifo, &st), 0);
    assert_true(S_ISFIFO(st.st_mode));
    text = listing(dir);
    assert_string_equal(text, "fifo\n");
    free(text);
}

/* A device is written through, never replaced: a null device takes the output (exit 0), a
 * full one refuses it (exit 2 naming the path and ENOSPC). */
static void devices_written_directly(void **state)
{
    device null, full;
    char want[4200];
    run_result r;
    (void)state;
    if (make_device(&null, "w_null", 3, "/dev/null")) {
        r = run_cli("plan", worked(), "-o", null.path, NULL);
        assert_int_equal(r.status, 0);
        assert_string_equal(r.err, "");
        run_free(&r);
        assert_same_device(&null);
    }
    if (make_device(&full, "w_full", 7, "/dev/full")) {
        r = run_cli("plan", worked(), "--format", "json", "-o", full.path, NULL);
        assert_int_equal(r.status, 2);
        snprintf(want, sizeof want, "arenaplan: cannot write %s: No space left on device\n",
                 full.path);
        assert_string_equal(r.err, want);
        run_free(&r);
        assert_same_device(&full);
    }
}

/* A directory, or a path ending in '/', is a usage error: found before any work, nothing
 * written. */
static void directories_refused(void **state)
{
    const char *dir = fresh_dir("w_dir");
    char want[8400], slash[4200], *ls;
    run_result r;
    (void)state;
    r = run_cli("plan", worked(), "-o", dir, NULL);
    assert_int_equal(r.status, 2);
    snprintf(want, sizeof want, "arenaplan: cannot write %s: is a directory\n", dir);
    assert_string_equal(r.err, want);
    run_free(&r);
    /* a name ending in '/' that names no folder is not called a directory (issue 32.8) */
    snprintf(slash, sizeof slash, "%s/new/", dir);
    r = run_cli("report", worked(), "-o", slash, NULL);
    assert_int_equal(r.status, 2);
    snprintf(want, sizeof want, "arenaplan: cannot write %s: the name ends in '/', as a folder's "
             "does; give a file name\n", slash);
    assert_string_equal(r.err, want);
    run_free(&r);
    r = run_cli("embed", src_path(MODEL), "-o", dir, NULL);
    assert_int_equal(r.status, 2);
    snprintf(want, sizeof want, "arenaplan: cannot write %s: is a directory\n", dir);
    assert_string_equal(r.err, want);
    assert_string_equal(r.out, "");
    run_free(&r);
    ls = listing(dir);
    assert_string_equal(ls, "");
    free(ls);
}

/* A file size limit makes the write of the temporary file fail: exit 2 naming EFBIG, the old
 * file untouched, no temporary file left. The limit is above what stderr gets (a regular
 * file too), below the header. */
static void limit_fsize(void)
{
    struct rlimit rl = {512, 512};
    signal(SIGXFSZ, SIG_IGN); /* the failed write returns EFBIG instead of killing */
    setrlimit(RLIMIT_FSIZE, &rl);
}

static void failed_write_leaves_nothing(void **state)
{
    const char *dir = fresh_dir("w_fail"), *out = in_dir(dir, "plan.h");
    char want[4200], *ls;
    run_result r;
    (void)state;
    write_text(out, "old\n");
    char *argv[] = {(char *)AP_CLI, "plan", (char *)worked(), "--format", "c", "-o",
                    (char *)out, NULL};
    r = run_argv_with(argv, -1, limit_fsize);
    assert_int_equal(r.status, 2);
    snprintf(want, sizeof want, "arenaplan: cannot write %s: File too large\n", out);
    assert_string_equal(r.err, want);
    run_free(&r);
    assert_text(out, "old\n");
    ls = listing(dir);
    assert_string_equal(ls, "plan.h\n");
    free(ls);
}

/* ---- --budget ------------------------------------------------------------------------------- */

/* A failed gate writes no file, not even over an old one; the message comes first, so that a
 * broken stdout cannot hide it. */
static void budget_writes_nothing(void **state)
{
    const char *dir = fresh_dir("w_budget"), *out = in_dir(dir, "plan.h");
    const char *msg = "arenaplan: the head needs 700 bytes, 1 more than the budget of 699 bytes\n";
    char *text, *ls;
    run_result r;
    (void)state;
    r = run_cli("plan", worked(), "--budget", "699", "--format", "c", "--name", "w", "-o", out, NULL);
    assert_int_equal(r.status, 1);
    assert_string_equal(r.err, msg);
    run_free(&r);
    ls = listing(dir);
    assert_string_equal(ls, "");
    free(ls);
    write_text(out, "old\n");
    r = run_cli("plan", worked(), "--budget", "699", "--format", "c", "--name", "w", "-o", out, NULL);
    assert_int_equal(r.status, 1);
    run_free(&r);
    assert_text(out, "old\n");
    /* within the budget, the file is written */
    r = run_cli("plan", worked(), "--budget", "700", "--format", "c", "--name", "w", "-o", out, NULL);
    assert_int_equal(r.status, 0);
    run_free(&r);
    text = read_text(out, NULL);
    assert_contains(text, "#define W_HEAD_SIZE 700u");
    free(text);
    /* stdout still gets the plan after the message */
    r = run_cli("plan", worked(), "--budget", "699", NULL);
    assert_int_equal(r.status, 1);
    assert_string_equal(r.err, msg);
    assert_contains(r.out, "head         700 bytes\n");
    run_free(&r);

    char *argv[] = {(char *)AP_CLI, "plan", (char *)worked(), "--budget", "699", NULL};
    char want[512];
    r = run_broken_stdout(argv);
    assert_int_equal(r.status, 2);
    snprintf(want, sizeof want, "%sarenaplan: cannot write to stdout: Broken pipe\n", msg);
    assert_string_equal(r.err, want);
    run_free(&r);
}

/* ---- Exit 2 on a failed write, in every command --------------------------------------------- */

/* Runs argv with stdout on /dev/full: exit 2, "cannot write to stdout: No space left on
 * device" as the last line of stderr. */
static void full_stdout_fails(char *const argv[])
{
    run_result r = run_full_stdout(argv);
    const char *tail = "arenaplan: cannot write to stdout: No space left on device\n";
    size_t n = strlen(r.err), t = strlen(tail);
    if (r.status != 2 || n < t || strcmp(r.err + n - t, tail) != 0)
        fail_msg("%s %s: status %d, stderr \"%s\"", argv[1], argv[2] ? argv[2] : "", r.status,
                 r.err);
    run_free(&r);
}

/* Runs the CLI with -o on the full device: exit 2 naming it and ENOSPC; the device stays. */
static void full_output_fails(const device *full, char *const argv[])
{
    run_result r = run_argv(argv);
    char want[8192];
    snprintf(want, sizeof want, "arenaplan: cannot write %s: No space left on device\n",
             full->path);
    if (r.status != 2 || !strstr(r.err, want))
        fail_msg("%s: status %d, stderr \"%s\"", argv[1], r.status, r.err);
    run_free(&r);
    assert_same_device(full);
}

static void write_errors_exit_2(void **state)
{
    char *in = (char *)worked(), *model = (char *)src_path(MODEL);
    char *cli = (char *)AP_CLI;
    char plan_csv[4096], ok_model[4096];
    device full;
    (void)state;
    snprintf(plan_csv, sizeof plan_csv, "%s", tmp_path("w_plan.csv"));
    snprintf(ok_model, sizeof ok_model, "%s", tmp_path("w_embedded.tflite"));
    write_text(plan_csv, worked_plan_csv);
    {
        char *a[][9] = {
            {cli, "--help", NULL},
            {cli, "--version", NULL},
            {cli, "strategies", NULL},
            {cli, "strategies", "--help", NULL},
            {cli, "plan", "--help", NULL},
            {cli, "plan", in, NULL},
            {cli, "plan", in, "--format", "json", NULL},
            {cli, "plan", in, "--format", "c", NULL},
            {cli, "plan", in, "--format", "csv", NULL},
            {cli, "plan", in, "--log", "--timeline", NULL},
            {cli, "check", in, plan_csv, NULL},
            {cli, "compare", in, NULL},
            {cli, "inspect", model, NULL},
            {cli, "inspect", model, "--format", "json", NULL},
            {cli, "report", in, NULL},
            {cli, "report", in, "--svg", "-", NULL},
            /* embed's summary: the copy is written, the summary is not */
            {cli, "embed", model, "-o", ok_model, "--force", NULL},
            {cli, "check", ok_model, NULL},
        };
        for (size_t k = 0; k < sizeof a / sizeof a[0]; k++)
            full_stdout_fails(a[k]);
    }
    {
        char *argv[] = {cli, "strategies", NULL};
        run_result r = run_broken_stdout(argv);
        assert_int_equal(r.status, 2);
        assert_string_equal(r.err, "arenaplan: cannot write to stdout: Broken pipe\n");
        run_free(&r);
    }
    if (!make_device(&full, "w_full2", 7, "/dev/full"))
        return;
    char *f = (char *)full.path;
    char *b[][9] = {
        {cli, "plan", in, "-o", f, NULL},
        {cli, "plan", in, "--format", "json", "-o", f, NULL},
        {cli, "plan", in, "--format", "c", "-o", f, NULL},
        {cli, "plan", in, in, "--shared", "sequential", "-o", f, NULL},
        {cli, "compare", in, "-o", f, NULL},
        {cli, "inspect", model, "--format", "csv", "-o", f, NULL},
        {cli, "report", in, "-o", f, NULL},
        {cli, "report", in, "--svg", f, NULL},
        {cli, "embed", model, "-o", f, "--force", NULL},
    };
    for (size_t k = 0; k < sizeof b / sizeof b[0]; k++)
        full_output_fails(&full, b[k]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(regular_file_replaced),
        cmocka_unit_test(symlinks_followed),
        cmocka_unit_test(fifo_written_directly),
        cmocka_unit_test(devices_written_directly),
        cmocka_unit_test(directories_refused),
        cmocka_unit_test(failed_write_leaves_nothing),
        cmocka_unit_test(budget_writes_nothing),
        cmocka_unit_test(write_errors_exit_2),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
