/* test_cli_files.c - what the CLI does with the files it is given (issue 32, items 1-3 and 5):
 * an output never replaces an input, however it is named (the same path, another spelling, a
 * symbolic or hard link, /proc/self/fd/N, /dev/fd/N); /dev/stdout, /dev/stderr and /dev/fd/N
 * are written through the descriptor (appending where it appends); an output is refused where
 * the shell's `>` would refuse it (a write-protected file), and one with several names or
 * extended attributes keeps them; every input is read once (FIFOs, pipes).
 *
 * Everything is made in the test's own temporary folder. */
#define _GNU_SOURCE /* syscall */
#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "testutil.h"

#define MODEL "corpus/models/tflm/hello_world_int8.tflite"

static const char worked_csv[] = "id,lower,end,size\nt1,0,1,100\nt2,1,3,200\nt3,2,4,150\n"
                                 "t4,3,5,300\nt5,4,6,250\n";
static const char worked_plan_csv[] = "id,lower,upper,size,offset\nt1,0,2,100,0\nt2,1,4,200,300\n"
                                      "t3,2,5,150,550\nt4,3,6,300,0\nt5,4,7,250,300\n";

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
    static char ring[16][4096];
    static unsigned k;
    char *b = ring[k++ % 16];
    snprintf(b, 4096, "%s/%s", dir, name);
    return b;
}

static char *listing(const char *dir)
{
    char cmd[4200], *out;
    snprintf(cmd, sizeof cmd, "ls -A '%s'", dir);
    char *argv[] = {"sh", "-c", cmd, NULL};
    run_result r = run_argv(argv);
    assert_int_equal(r.status, 0);
    out = r.out;
    free(r.err);
    return out;
}

static void copy_file(const char *from, const char *to)
{
    size_t n;
    char *d = read_text(from, &n);
    assert_non_null(d);
    FILE *f = fopen(to, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(d, 1, n, f), n);
    assert_int_equal(fclose(f), 0);
    free(d);
}

/* The bytes and inode of a file, to prove it untouched. */
typedef struct snapshot {
    char *bytes;
    size_t len;
    ino_t ino;
} snapshot;

static snapshot take(const char *path)
{
    snapshot s;
    struct stat st;
    s.bytes = read_text(path, &s.len);
    assert_non_null(s.bytes);
    assert_int_equal(stat(path, &st), 0);
    s.ino = st.st_ino;
    return s;
}

static void assert_unchanged(snapshot *s, const char *path)
{
    size_t n;
    struct stat st;
    char *now = read_text(path, &n);
    assert_non_null(now);
    assert_int_equal(n, s->len);
    assert_memory_equal(now, s->bytes, n);
    assert_int_equal(stat(path, &st), 0);
    assert_int_equal(st.st_ino, s->ino);
    free(now);
}

static void assert_text(const char *path, const char *want)
{
    char *text = read_text(path, NULL);
    assert_non_null(text);
    assert_string_equal(text, want);
    free(text);
}

/* ---- Item 1: an output never names an input ------------------------------------------------ */

/* fd 5 of the child, open for reading and appending on the file named by fd5_path. */
static const char *fd5_path;
static void open_fd5(void)
{
    int fd = open(fd5_path, O_RDWR | O_APPEND);
    if (fd < 0 || (fd != 5 && (dup2(fd, 5) != 5 || close(fd) != 0)))
        _exit(126);
}

/* Runs argv (the CLI's arguments, NULL-terminated) with fd 5 open on fd5_path: exit 2, the
 * message names the output and says it is the input, and the input is untouched. */
static void refused(const char *const *args, const char *input, const char *want)
{
    char *argv[16];
    int n = 0;
    argv[n++] = (char *)AP_CLI;
    for (; *args; args++)
        argv[n++] = (char *)*args;
    argv[n] = NULL;
    snapshot s = take(input);
    fd5_path = input;
    run_result r = run_argv_with(argv, -1, open_fd5);
    if (r.status != 2 || !strstr(r.err, want))
        fail_msg("%s %s: status %d, stderr \"%s\", wanted \"%s\"", argv[1], argv[2], r.status,
                 r.err, want);
    assert_unchanged(&s, input);
    free(s.bytes);
    run_free(&r);
}

static void output_never_names_an_input(void **state)
{
    (void)state;
    const char *dir = fresh_dir("f_same");
    char m[4096], a[4096], b[4096], lnk[4096], hard[4096], dotted[8192], want[16384];
    snprintf(m, sizeof m, "%s", in_dir(dir, "m.tflite"));
    snprintf(a, sizeof a, "%s", in_dir(dir, "a.csv"));
    snprintf(b, sizeof b, "%s", in_dir(dir, "b.csv"));
    snprintf(lnk, sizeof lnk, "%s", in_dir(dir, "link.tflite"));
    snprintf(hard, sizeof hard, "%s", in_dir(dir, "hard.tflite"));
    snprintf(dotted, sizeof dotted, "%s/./m.tflite", dir);
    copy_file(src_path(MODEL), m);
    write_text(a, worked_csv);
    write_text(b, worked_csv);
    assert_int_equal(symlink("m.tflite", lnk), 0);
    assert_int_equal(link(m, hard), 0);

    /* the same path */
    snprintf(want, sizeof want, "arenaplan: plan: -o %s names the input itself; plan never "
             "modifies its input\n", m);
    refused((const char *[]){"plan", m, "-o", m, NULL}, m, want);
    refused((const char *[]){"plan", m, "--format", "c", "-o", m, NULL}, m, "names the input itself");
    refused((const char *[]){"inspect", m, "-o", m, NULL}, m, "inspect: -o");
    refused((const char *[]){"inspect", m, "--format", "csv", "-o", m, NULL}, m, "names the input");
    refused((const char *[]){"report", a, "-o", a, NULL}, a, "report: -o");
    snprintf(want, sizeof want, "arenaplan: report: --svg %s names the input itself; report never "
             "modifies its input\n", a);
    refused((const char *[]){"report", a, "--svg", a, NULL}, a, want);
    refused((const char *[]){"compare", a, b, "-o", b, NULL}, b, "compare: -o");
    refused((const char *[]){"plan", a, b, "--shared", "sequential", "-o", b, NULL}, b, "plan: -o");
    refused((const char *[]){"plan", a, "--format", "csv", "-o", a, NULL}, a, "plan: -o");
    refused((const char *[]){"embed", m, "-o", m, NULL}, m, "embed: -o");
    refused((const char *[]){"reorder", m, "-o", m, NULL}, m, "reorder: -o");

    /* the same file by another name: another spelling, a symbolic link, a hard link, the
       descriptor of the input */
    snprintf(want, sizeof want, "arenaplan: plan: -o %s names the same file as the input %s; "
             "plan never modifies its input\n", dotted, m);
    refused((const char *[]){"plan", m, "-o", dotted, NULL}, m, want);
    refused((const char *[]){"plan", m, "-o", lnk, NULL}, m, "names the same file as the input");
    refused((const char *[]){"plan", lnk, "-o", m, NULL}, m, "names the same file as the input");
    refused((const char *[]){"plan", m, "-o", hard, NULL}, m, "names the same file as the input");
    refused((const char *[]){"inspect", hard, "-o", m, NULL}, m, "names the same file as the input");
    refused((const char *[]){"plan", m, "-o", "/proc/self/fd/5", NULL}, m,
            "plan: -o /proc/self/fd/5 names the same file as the input");
    refused((const char *[]){"plan", m, "-o", "/dev/fd/5", NULL}, m,
            "plan: -o /dev/fd/5 names the same file as the input");
    refused((const char *[]){"embed", m, "-o", "/dev/fd/5", NULL}, m, "names the same file");
    refused((const char *[]){"reorder", m, "-o", "/proc/self/fd/5", NULL}, m, "names the same file");
    refused((const char *[]){"report", a, "--svg", "/dev/fd/5", "-o", "-", NULL}, a,
            "report: --svg /dev/fd/5 names the same file");
    refused((const char *[]){"compare", a, b, "-o", "/dev/fd/5", NULL}, a, "compare: -o /dev/fd/5");
    /* nothing else appeared in the folder */
    char *ls = listing(dir);
    assert_string_equal(ls, "a.csv\nb.csv\nhard.tflite\nlink.tflite\nm.tflite\n");
    free(ls);
}

/* ---- Item 2: descriptors are written through ------------------------------------------------- */

static void descriptors_written_through(void **state)
{
    (void)state;
    const char *dir = fresh_dir("f_fd");
    char in[4096], log[4096], want[4096];
    snprintf(in, sizeof in, "%s", in_dir(dir, "w.csv"));
    snprintf(log, sizeof log, "%s", in_dir(dir, "log.txt"));
    write_text(in, worked_csv);

    /* stdout appending to a log: the log keeps its line, the plan follows it */
    write_text(log, "log line\n");
    int fd = open(log, O_WRONLY | O_APPEND);
    assert_true(fd >= 0);
    char *argv[] = {(char *)AP_CLI, "plan", in, "--strategy", "greedy", "--format", "csv", "-o",
                    "/dev/stdout", NULL};
    run_result r = run_argv_with(argv, fd, NULL);
    close(fd);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.err, "");
    run_free(&r);
    snprintf(want, sizeof want, "log line\n%s", worked_plan_csv);
    assert_text(log, want);

    /* stdout a pipe */
    int p[2];
    assert_int_equal(pipe(p), 0);
    r = run_argv_with(argv, p[1], NULL);
    close(p[1]);
    char got[4096];
    ssize_t n = read(p[0], got, sizeof got - 1);
    close(p[0]);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.err, "");
    run_free(&r);
    assert_true(n > 0);
    got[n] = 0;
    assert_string_equal(got, worked_plan_csv);

    /* stdout an unlinked file (as the tests capture it): written through, no file made */
    r = run_cli("plan", in, "--strategy", "greedy", "--format", "csv", "-o", "/dev/stdout", NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, worked_plan_csv);
    run_free(&r);

    /* /dev/stderr */
    r = run_cli("plan", in, "--strategy", "greedy", "--format", "csv", "-o", "/dev/stderr", NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "");
    assert_string_equal(r.err, worked_plan_csv);
    run_free(&r);

    /* /dev/fd/5 and /proc/self/fd/5 appending to a file */
    const char *names[] = {"/dev/fd/5", "/proc/self/fd/5"};
    for (size_t k = 0; k < 2; k++) {
        write_text(log, "x\n");
        fd5_path = log;
        char *a5[] = {(char *)AP_CLI, "plan", in, "--strategy", "greedy", "--format", "csv",
                      "-o", (char *)names[k], NULL};
        r = run_argv_with(a5, -1, open_fd5);
        assert_int_equal(r.status, 0);
        assert_string_equal(r.err, "");
        run_free(&r);
        snprintf(want, sizeof want, "x\n%s", worked_plan_csv);
        assert_text(log, want);
    }

    /* a descriptor that is not open: named, exit 2 */
    r = run_cli("plan", in, "-o", "/dev/fd/9", NULL);
    assert_int_equal(r.status, 2);
    assert_string_equal(r.err, "arenaplan: cannot write /dev/fd/9: Bad file descriptor\n");
    run_free(&r);

    char *ls = listing(dir);
    assert_string_equal(ls, "log.txt\nw.csv\n");
    free(ls);
}

/* ---- Item 3: permissions, hard links, extended attributes ------------------------------------ */

/* As root, the child gives up the capabilities that override file permissions (and cannot get
 * them back at exec), so that it is refused what a user would be. */
static void drop_dac(void)
{
    static const int caps[] = {CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER};
    struct __user_cap_header_struct h = {_LINUX_CAPABILITY_VERSION_3, 0};
    struct __user_cap_data_struct d[2];
    if (geteuid() != 0)
        return;
    for (size_t k = 0; k < 3; k++)
        if (prctl(PR_CAPBSET_DROP, caps[k], 0, 0, 0) != 0)
            _exit(125);
    if (syscall(SYS_capget, &h, d) != 0)
        _exit(125);
    for (size_t k = 0; k < 3; k++) {
        d[0].effective &= ~CAP_TO_MASK(caps[k]);
        d[0].permitted &= ~CAP_TO_MASK(caps[k]);
        d[0].inheritable &= ~CAP_TO_MASK(caps[k]);
    }
    if (syscall(SYS_capset, &h, d) != 0)
        _exit(125);
}

/* The shell's verdict on `> path`, under drop_dac: 0 when it would write. */
static int shell_writes(const char *path)
{
    char cmd[4200];
    snprintf(cmd, sizeof cmd, "printf x > '%s'", path);
    char *argv[] = {"sh", "-c", cmd, NULL};
    run_result r = run_argv_with(argv, -1, drop_dac);
    int st = r.status;
    run_free(&r);
    return st == 0;
}

static void permissions_like_the_shell(void **state)
{
    (void)state;
    const char *dir = fresh_dir("f_perm");
    char in[4096], ro[4096], want[16384];
    snprintf(in, sizeof in, "%s", in_dir(dir, "w.csv"));
    snprintf(ro, sizeof ro, "%s", in_dir(dir, "ro.csv"));
    write_text(in, worked_csv);
    write_text(ro, "keep\n");
    assert_int_equal(chmod(ro, 0444), 0);
    /* the shell refuses to write a mode-444 file in a writable folder, and so do we */
    assert_false(shell_writes(ro));
    assert_text(ro, "keep\n");
    char *argv[] = {(char *)AP_CLI, "plan", in, "--format", "csv", "-o", ro, NULL};
    run_result r = run_argv_with(argv, -1, drop_dac);
    assert_int_equal(r.status, 2);
    snprintf(want, sizeof want, "arenaplan: cannot write %s: Permission denied\n", ro);
    assert_string_equal(r.err, want);
    run_free(&r);
    assert_text(ro, "keep\n");
    struct stat st;
    assert_int_equal(stat(ro, &st), 0);
    assert_int_equal(st.st_mode & 07777, 0444);

    /* a writable file in a folder we may not write: the shell writes it in place, and so do
       we (no temporary file can be made there) */
    char sub[4096], f[8192];
    snprintf(sub, sizeof sub, "%s", in_dir(dir, "ro_dir"));
    assert_int_equal(mkdir(sub, 0755), 0);
    snprintf(f, sizeof f, "%s/plan.csv", sub);
    write_text(f, "old\n");
    assert_int_equal(chmod(f, 0666), 0);
    assert_int_equal(chmod(sub, 0555), 0);
    assert_true(shell_writes(f));
    char *argv2[] = {(char *)AP_CLI, "plan", in, "--strategy", "greedy", "--format", "csv", "-o", f, NULL};
    r = run_argv_with(argv2, -1, drop_dac);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.err, "");
    run_free(&r);
    assert_text(f, worked_plan_csv);
    /* a new file there: refused, naming the folder */
    snprintf(f, sizeof f, "%s/new.csv", sub);
    argv2[8] = f;
    r = run_argv_with(argv2, -1, drop_dac);
    assert_int_equal(r.status, 2);
    snprintf(want, sizeof want, "arenaplan: cannot write %s: cannot create a file in %s: "
             "Permission denied\n", f, sub);
    assert_string_equal(r.err, want);
    run_free(&r);
    assert_int_equal(chmod(sub, 0755), 0);
    assert_false(file_exists(f));
}

static void links_and_attributes_kept(void **state)
{
    (void)state;
    const char *dir = fresh_dir("f_links");
    char in[4096], out[4096], other[4096];
    snprintf(in, sizeof in, "%s", in_dir(dir, "w.csv"));
    snprintf(out, sizeof out, "%s", in_dir(dir, "plan.csv"));
    snprintf(other, sizeof other, "%s", in_dir(dir, "other_name.csv"));
    write_text(in, worked_csv);

    /* a file with two names: both see the new content (written in place, as the shell does) */
    write_text(out, "old\n");
    assert_int_equal(link(out, other), 0);
    struct stat before, after;
    assert_int_equal(stat(out, &before), 0);
    run_result r = run_cli("plan", in, "--strategy", "greedy", "--format", "csv", "-o", out, NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.err, "");
    run_free(&r);
    assert_text(out, worked_plan_csv);
    assert_text(other, worked_plan_csv);
    assert_int_equal(stat(out, &after), 0);
    assert_int_equal(after.st_ino, before.st_ino);
    assert_int_equal(after.st_nlink, 2);
    /* a shorter output leaves no tail of the longer old content */
    write_text(in, "id,lower,end,size\nt1,0,1,100\n");
    r = run_cli("plan", in, "--format", "csv", "-o", out, NULL);
    assert_int_equal(r.status, 0);
    run_free(&r);
    assert_text(other, "id,lower,upper,size,offset\nt1,0,2,100,0\n");
    write_text(in, worked_csv);

    /* extended attributes stay (the file is replaced atomically, carrying them) */
    char attr[4096];
    snprintf(attr, sizeof attr, "%s", in_dir(dir, "attr.csv"));
    write_text(attr, "old\n");
    if (setxattr(attr, "user.arenaplan_test", "kept", 4, 0) != 0) {
        printf("skipped: the test folder's file system has no user extended attributes: %s\n",
               strerror(errno));
        return;
    }
    r = run_cli("plan", in, "--strategy", "greedy", "--format", "csv", "-o", attr, NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.err, "");
    run_free(&r);
    assert_text(attr, worked_plan_csv);
    char v[16] = "";
    assert_int_equal(getxattr(attr, "user.arenaplan_test", v, sizeof v), 4);
    assert_memory_equal(v, "kept", 4);
    char *ls = listing(dir);
    assert_string_equal(ls, "attr.csv\nother_name.csv\nplan.csv\nw.csv\n");
    free(ls);
}

/* ---- Item 5: every input is read once --------------------------------------------------------- */

/* The CLI under an alarm: a second open of a FIFO would wait forever. */
static void alarm_20(void)
{
    alarm(20);
}

/* Runs the CLI's args with the named FIFO fifo fed once with the bytes of file by a child. */
static run_result run_with_fifo(const char *fifo, const char *file, const char *const *args)
{
    size_t n;
    char *bytes = read_text(file, &n);
    assert_non_null(bytes);
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        alarm(20);
        int fd = open(fifo, O_WRONLY);
        if (fd < 0 || write(fd, bytes, n) != (ssize_t)n)
            _exit(1);
        _exit(close(fd) == 0 ? 0 : 1);
    }
    char *argv[16];
    int k = 0;
    argv[k++] = (char *)AP_CLI;
    for (; *args; args++)
        argv[k++] = (char *)*args;
    argv[k] = NULL;
    run_result r = run_argv_with(argv, -1, alarm_20);
    int wst;
    kill(pid, SIGKILL); /* a writer left waiting for a second reader */
    assert_int_equal(waitpid(pid, &wst, 0), pid);
    free(bytes);
    return r;
}

static void inputs_read_once(void **state)
{
    (void)state;
    const char *dir = fresh_dir("f_fifo");
    char fifo[4096], fifo2[4096], plan[4096], html[4096];
    snprintf(fifo, sizeof fifo, "%s", in_dir(dir, "in"));
    snprintf(fifo2, sizeof fifo2, "%s", in_dir(dir, "in2"));
    snprintf(plan, sizeof plan, "%s", in_dir(dir, "plan.csv"));
    snprintf(html, sizeof html, "%s", in_dir(dir, "r.html"));
    assert_int_equal(mkfifo(fifo, 0644), 0);
    write_text(plan, worked_plan_csv);

    /* a model through a FIFO: planned with its whole arena, as from the file */
    run_result want = run_cli("plan", src_path(MODEL), NULL);
    assert_int_equal(want.status, 0);
    run_result r = run_with_fifo(fifo, src_path(MODEL), (const char *[]){"plan", fifo, NULL});
    assert_int_equal(r.status, 0);
    assert_string_equal(r.err, "");
    assert_contains(r.out, "arena        1068 bytes (kTensorArenaSize for TFLM on cortex-m;");
    assert_string_equal(strstr(r.out, "\nnote"), strstr(want.out, "\nnote"));
    run_free(&r);
    run_free(&want);
    r = run_with_fifo(fifo, src_path(MODEL), (const char *[]){"report", fifo, "-o", html, NULL});
    assert_int_equal(r.status, 0);
    assert_string_equal(r.err, "");
    run_free(&r);
    char *h = read_text(html, NULL);
    assert_contains(h, "1068");
    free(h);
    r = run_with_fifo(fifo, src_path(MODEL), (const char *[]){"inspect", fifo, NULL});
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "arena        1068 bytes");
    run_free(&r);
    r = run_with_fifo(fifo, src_path(MODEL), (const char *[]){"compare", fifo, "--format", "csv", NULL});
    assert_int_equal(r.status, 0);
    assert_string_equal(r.err, "");
    run_free(&r);
    /* a buffer list and its plan */
    write_text(in_dir(dir, "w.csv"), worked_csv);
    r = run_with_fifo(fifo, in_dir(dir, "w.csv"), (const char *[]){"check", fifo, plan, NULL});
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "valid: 5 buffers, head 700 bytes, lower bound 700 bytes (efficiency 100.0%)\n");
    run_free(&r);
    r = run_with_fifo(fifo, plan, (const char *[]){"check", fifo, NULL});
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "valid: 5 buffers, head 700 bytes, lower bound 700 bytes (efficiency 100.0%)\n");
    run_free(&r);
    /* a model's own offline plan through a FIFO */
    r = run_with_fifo(fifo, src_path("corpus/models/tflm/person_detect_vela.tflite"),
                      (const char *[]){"check", fifo, NULL});
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "\nvalid: ");
    run_free(&r);

    /* process substitution (a pipe on /dev/fd/N) */
    if (!tool_on_path("bash")) {
        printf("skipped: no bash for process substitution\n");
        return;
    }
    char cmd[16384];
    snprintf(cmd, sizeof cmd, "'%s' plan <(cat '%s') --format csv && '%s' check <(cat '%s') <(cat '%s')",
             AP_CLI, src_path(MODEL), AP_CLI, in_dir(dir, "w.csv"), plan);
    char *argv[] = {"bash", "-c", cmd, NULL};
    r = run_argv_with(argv, -1, alarm_20);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.err, "");
    assert_contains(r.out, "id,lower,upper,size,");
    assert_contains(r.out, "valid: 5 buffers, head 700 bytes");
    run_free(&r);
    (void)fifo2;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(output_never_names_an_input),
        cmocka_unit_test(descriptors_written_through),
        cmocka_unit_test(permissions_like_the_shell),
        cmocka_unit_test(links_and_attributes_kept),
        cmocka_unit_test(inputs_read_once),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
