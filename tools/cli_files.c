/*
 * cli_files.c - the files a command reads and writes (cli.h): every input read once, and
 * outputs written as the shell's `>` would write them, but atomically, and never over an input.
 *
 * Inputs: a command names its inputs as it parses them (cli_input_name); cli_input_read reads
 * each one once (a FIFO or a pipe has no second reading) and keeps the bytes for every later
 * use. An output that is the same file as an input (the same path, another spelling, a link,
 * a descriptor open on it) is refused before any work and again at the write.
 *
 * Outputs (cli_write_bytes), by what the path names:
 * - one of this process's descriptors (/dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N,
 *   through any links leading there): written through the descriptor, at its offset, so one
 *   opened for appending appends (what the shell does for `>/dev/stdout`);
 * - a regular file the caller may not write (mode 444, a read-only file system): refused, as
 *   the shell refuses it;
 * - a regular file with one name: a temporary file in its folder, fsync, rename over it,
 *   keeping its mode, owner (when we may) and extended attributes (ACLs, labels, user.*);
 * - a regular file with several names (hard links), or whose attributes cannot be carried
 *   over, or in a folder where no file can be made: written in place, as the shell does, so
 *   that every name and attribute stays; the output is complete in memory and its space is
 *   reserved first (fallocate, where the file system can), so a full disk or a file size
 *   limit fails before a byte of the file changes;
 * - a symbolic link: followed; the file it ends at is written as above, the link stays;
 * - a device, FIFO or socket: opened and written, never replaced;
 * - a directory, a name ending in '/', an empty name: refused.
 */
#define _GNU_SOURCE /* fallocate */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "cli.h"

const char *cli_command_name = "arenaplan";

/* ---- Inputs --------------------------------------------------------------------------------- */

typedef struct in_file {
    char *path;
    unsigned char *data; /* NULL until read */
    size_t len;
    int have_id;         /* a regular file: dev/ino name it */
    dev_t dev;
    ino_t ino;
} in_file;

static in_file *inputs;
static size_t n_inputs;

static in_file *find_input(const char *path)
{
    for (size_t i = 0; i < n_inputs; i++)
        if (strcmp(inputs[i].path, path) == 0)
            return &inputs[i];
    return NULL;
}

static void note_id(in_file *in, const struct stat *st)
{
    if (S_ISREG(st->st_mode)) {
        in->have_id = 1;
        in->dev = st->st_dev;
        in->ino = st->st_ino;
    }
}

static in_file *add_input(const char *path)
{
    in_file *in = find_input(path), *n;
    struct stat st;
    if (in)
        return in;
    if (!(n = realloc(inputs, (n_inputs + 1) * sizeof *n)))
        return NULL;
    inputs = n;
    in = &inputs[n_inputs];
    memset(in, 0, sizeof *in);
    if (!(in->path = strdup(path)))
        return NULL;
    n_inputs++;
    if (stat(path, &st) == 0)
        note_id(in, &st);
    return in;
}

void cli_input_name(const char *path)
{
    (void)add_input(path); /* out of memory: the read will say so */
}

int cli_input_read(const char *path, const unsigned char **data, size_t *len)
{
    in_file *in = add_input(path);
    ap_error err = {0};
    struct stat st;
    if (!in) {
        cli_error("%s: out of memory", path);
        return -1;
    }
    if (!in->data) {
        if (ap_read_file(path, (size_t)1 << 31, &in->data, &in->len, &err) != AP_OK) {
            cli_error("%s", err.msg);
            return -1;
        }
        /* what was read is the input, whatever the path names now */
        if (stat(path, &st) == 0)
            note_id(in, &st);
    }
    *data = in->data;
    *len = in->len;
    return 0;
}

/* cli_input_read without a message (the caller's own reading reports the fault). */
static int read_quiet(const char *path, const unsigned char **data, size_t *len)
{
    in_file *in = add_input(path);
    struct stat st;
    if (!in)
        return -1;
    if (!in->data) {
        if (ap_read_file(path, (size_t)1 << 31, &in->data, &in->len, NULL) != AP_OK)
            return -1;
        if (stat(path, &st) == 0)
            note_id(in, &st);
    }
    *data = in->data;
    *len = in->len;
    return 0;
}

int cli_input_is_model(const char *path)
{
    const unsigned char *d;
    size_t n;
    if (read_quiet(path, &d, &n) != 0)
        return ap_is_model_data((const unsigned char *)"", 0, path);
    return ap_is_model_data(d, n, path);
}

void cli_inputs_free(void)
{
    for (size_t i = 0; i < n_inputs; i++) {
        free(inputs[i].path);
        free(inputs[i].data);
    }
    free(inputs);
    inputs = NULL;
    n_inputs = 0;
}

/* The input that st (an output's file) is, or NULL. */
static const in_file *input_of(const struct stat *st)
{
    if (!S_ISREG(st->st_mode))
        return NULL;
    for (size_t i = 0; i < n_inputs; i++)
        if (inputs[i].have_id && inputs[i].dev == st->st_dev && inputs[i].ino == st->st_ino)
            return &inputs[i];
    return NULL;
}

/* -1 after "CMD: FLAG PATH names the input ..." when st is an input's file. */
static int refuse_input(const char *flag, const char *path, const struct stat *st)
{
    const in_file *in = input_of(st);
    if (!in)
        return 0;
    if (strcmp(in->path, path) == 0)
        cli_error("%s: %s %s names the input itself; %s never modifies its input",
                  cli_command_name, flag, path, cli_command_name);
    else
        cli_error("%s: %s %s names the same file as the input %s; %s never modifies its input",
                  cli_command_name, flag, path, in->path, cli_command_name);
    return -1;
}

/* ---- What an output path names --------------------------------------------------------------- */

static int all_digits(const char *s)
{
    if (!*s)
        return 0;
    for (; *s; s++)
        if (*s < '0' || *s > '9')
            return 0;
    return 1;
}

/* Whether dir (a folder's path) is this process's descriptor folder /proc/PID/fd (or a
 * thread's, /proc/PID/task/TID/fd), however it is spelt (/dev/fd, /proc/self/fd, ...). */
static int is_own_fd_dir(const char *dir)
{
    char *real = realpath(dir, NULL), want[64];
    int yes = 0;
    if (!real)
        return 0;
    snprintf(want, sizeof want, "/proc/%ld/", (long)getpid());
    if (strncmp(real, want, strlen(want)) == 0) {
        const char *rest = real + strlen(want);
        if (strcmp(rest, "fd") == 0)
            yes = 1;
        else if (strncmp(rest, "task/", 5) == 0) {
            const char *slash = strchr(rest + 5, '/');
            yes = slash && strcmp(slash, "/fd") == 0;
        }
    }
    free(real);
    return yes;
}

/* The descriptor N when cur is DIR/N with DIR this process's descriptor folder; else -1. */
static int own_fd_at(const char *cur)
{
    const char *slash = strrchr(cur, '/');
    char *dir;
    int fd = -1;
    if (!slash || !all_digits(slash + 1) || strlen(slash + 1) > 9)
        return -1;
    if (!(dir = strndup(cur, (size_t)(slash - cur) + 1)))
        return -1;
    if (is_own_fd_dir(dir))
        fd = atoi(slash + 1);
    free(dir);
    return fd;
}

/* Follows the chain of symbolic links from path. Returns the descriptor it reaches when it
 * passes through one of this process's (*end NULL), else -1 with *end the file the chain ends
 * at (malloc'd; path itself when it is no link), or -1 with *end NULL and errno set (ELOOP
 * after 40 links, as the kernel). A relative link is read from the folder of the link. */
static int follow(const char *path, char **end)
{
    char *cur = strdup(path);
    *end = NULL;
    for (int hops = 0; cur; hops++) {
        struct stat st;
        char target[PATH_MAX], *next;
        ssize_t n;
        int fd = own_fd_at(cur);
        if (fd >= 0) {
            free(cur);
            return fd;
        }
        if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode)) {
            *end = cur; /* the end of the chain (a missing file is made there) */
            return -1;
        }
        if (hops == 40 || (n = readlink(cur, target, sizeof target - 1)) < 0) {
            if (hops == 40)
                errno = ELOOP;
            free(cur);
            return -1;
        }
        target[n] = 0;
        const char *slash = strrchr(cur, '/');
        size_t dir = target[0] == '/' || !slash ? 0 : (size_t)(slash - cur) + 1;
        if ((next = malloc(dir + (size_t)n + 1)) != NULL) {
            memcpy(next, cur, dir);
            memcpy(next + dir, target, (size_t)n + 1);
        }
        free(cur);
        cur = next;
    }
    errno = ENOMEM;
    return -1;
}

static int ends_in_slash(const char *path)
{
    size_t n = strlen(path);
    return n > 0 && path[n - 1] == '/';
}

/* The folder of path (malloc'd): "." for a bare name. */
static char *folder_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        return strdup(".");
    if (slash == path)
        return strdup("/");
    return strndup(path, (size_t)(slash - path));
}

int cli_check_output(const char *flag, const char *path)
{
    struct stat st;
    char *end = NULL;
    int fd;
    if (!path[0]) {
        cli_error("cannot write '': %s was given an empty file name", flag);
        return -1;
    }
    if ((fd = follow(path, &end)) >= 0) {
        if (fstat(fd, &st) != 0) {
            cli_error("cannot write %s: %s", path, strerror(errno));
            return -1;
        }
        return refuse_input(flag, path, &st);
    }
    if (end && stat(end, &st) == 0 && S_ISDIR(st.st_mode)) {
        cli_error("cannot write %s: is a directory", path);
        free(end);
        return -1;
    }
    free(end);
    if (ends_in_slash(path)) {
        cli_error("cannot write %s: the name ends in '/', as a folder's does; give a file name",
                  path);
        return -1;
    }
    if (stat(path, &st) == 0 && refuse_input(flag, path, &st) != 0)
        return -1;
    return 0;
}

/* ---- Writing ------------------------------------------------------------------------------- */

static int write_all(int fd, const void *bytes, size_t len)
{
    const char *data = bytes;
    while (len > 0) {
        ssize_t k = write(fd, data, len);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0) {
            if (k == 0)
                errno = EIO;
            return -1;
        }
        data += k;
        len -= (size_t)k;
    }
    return 0;
}

/* Gives the new file (fd) every extended attribute of the old one (real) it lacks: 0, or -1
 * when one cannot be read or set (the caller then writes in place, keeping them all). */
static int copy_attributes(const char *real, int fd)
{
    ssize_t n = listxattr(real, NULL, 0);
    char *names, *value = NULL, *have = NULL;
    int rc = 0;
    if (n < 0)
        return errno == ENOTSUP ? 0 : -1;
    if (n == 0)
        return 0;
    if (!(names = malloc((size_t)n)) || (n = listxattr(real, names, (size_t)n)) < 0) {
        free(names);
        return -1;
    }
    for (char *name = names; rc == 0 && name < names + n; name += strlen(name) + 1) {
        ssize_t v = getxattr(real, name, NULL, 0), h;
        if (v < 0 || !(value = realloc(value, (size_t)v + 1)) || !(have = realloc(have, (size_t)v + 1)) ||
            (v = getxattr(real, name, value, (size_t)v)) < 0) {
            rc = -1;
            break;
        }
        /* one the new file already has (a label its folder gave it) is left alone */
        h = fgetxattr(fd, name, have, (size_t)v);
        if (h == v && memcmp(have, value, (size_t)v) == 0)
            continue;
        if (fsetxattr(fd, name, value, (size_t)v, 0) != 0)
            rc = -1;
    }
    free(names);
    free(value);
    free(have);
    return rc;
}

enum { REPLACED = 0, FAILED = -1, IN_PLACE = 1 };

/* Writes to a new temporary file in real's folder and renames it over real (old: real's stat,
 * or NULL for a new file). FAILED with errno set (nothing left behind; *folder_fault says
 * whether the folder refused the temporary file), or IN_PLACE when an existing file must be
 * written in place (the folder takes no file, or an attribute cannot be carried over). */
static int replace_atomically(const char *real, const struct stat *old, const void *data,
                              size_t len, int *folder_fault)
{
    char *dir = folder_of(real), *tmp;
    const char *base = strrchr(real, '/') ? strrchr(real, '/') + 1 : real;
    int fd, e;
    *folder_fault = 0;
    if (!dir || !(tmp = malloc(strlen(dir) + NAME_MAX + 2))) {
        free(dir);
        errno = ENOMEM;
        return FAILED;
    }
    /* the file's name, cut so that the temporary name fits a folder entry */
    sprintf(tmp, "%s/%.*s.tmp.XXXXXX", dir, NAME_MAX - 11, base);
    if ((fd = mkstemp(tmp)) < 0) {
        e = errno;
        free(tmp);
        free(dir);
        *folder_fault = 1;
        errno = e;
        return old && (e == EACCES || e == EPERM || e == EROFS || e == ENOSPC || e == EDQUOT)
                   ? IN_PLACE : FAILED;
    }
    /* mkstemp makes the file private (0600): give it the owner (when we may: root), the mode
       the file had (or the mode a plain create would give) and its attributes */
    mode_t mask = umask(0);
    umask(mask);
    if (old && fchown(fd, old->st_uid, old->st_gid) != 0)
        (void)0; /* not ours to give away: the new file stays ours */
    if (fchmod(fd, old ? old->st_mode & 07777 : 0666 & ~mask) != 0)
        goto fail;
    if (old && copy_attributes(real, fd) != 0) {
        close(fd);
        unlink(tmp);
        free(tmp);
        free(dir);
        return IN_PLACE;
    }
    if (write_all(fd, data, len) != 0 || fsync(fd) != 0)
        goto fail;
    if (close(fd) != 0) {
        fd = -1;
        goto fail;
    }
    fd = -1;
    if (rename(tmp, real) != 0)
        goto fail;
    free(tmp);
    /* the rename itself reaches the disk with the folder; a folder that cannot be synced
       (some file systems refuse) has still been written */
    if ((fd = open(dir, O_RDONLY | O_DIRECTORY)) >= 0) {
        fsync(fd);
        close(fd);
    }
    free(dir);
    return REPLACED;
fail:
    e = errno;
    if (fd >= 0)
        close(fd);
    unlink(tmp);
    free(tmp);
    free(dir);
    errno = e;
    return FAILED;
}

/* Writes real in place, keeping its inode (every name, every attribute). The space is reserved
 * before the first byte changes; *changed says whether the file was touched when it fails. */
static int write_in_place(const char *real, const void *data, size_t len, int *changed)
{
    int fd = open(real, O_WRONLY | O_NOCTTY | O_CLOEXEC), e;
    struct stat st;
    *changed = 0;
    if (fd < 0)
        return -1;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        e = fstat(fd, &st) != 0 ? errno : EINVAL; /* replaced by something else meanwhile */
        close(fd);
        errno = e;
        return -1;
    }
    if (len > 0 && fallocate(fd, 0, 0, (off_t)len) != 0 && errno != EOPNOTSUPP && errno != ENOSYS) {
        e = errno;
        close(fd);
        errno = e;
        return -1;
    }
    *changed = 1;
    if (write_all(fd, data, len) != 0 || ftruncate(fd, (off_t)len) != 0 || fsync(fd) != 0) {
        e = errno;
        close(fd);
        errno = e;
        return -1;
    }
    return close(fd);
}

/* A regular file or a new one at real (st: its stat, or NULL when there is none). */
static int write_file(const char *path, const char *real, const struct stat *st, const void *data,
                      size_t len)
{
    int fault, changed, how;
    if (st && faccessat(AT_FDCWD, real, W_OK, AT_EACCESS) != 0) {
        /* what the shell's `>` would meet: a write-protected file, a read-only file system */
        cli_error("cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    how = st && st->st_nlink > 1 ? IN_PLACE : replace_atomically(real, st, data, len, &fault);
    if (how == REPLACED)
        return 0;
    if (how == FAILED) {
        int e = errno;
        char *dir = folder_of(real);
        if (fault && dir && (e == EACCES || e == EPERM || e == EROFS))
            cli_error("cannot write %s: cannot create a file in %s: %s", path, dir, strerror(e));
        else
            cli_error("cannot write %s: %s", path, strerror(e));
        free(dir);
        return -1;
    }
    if (write_in_place(real, data, len, &changed) != 0) {
        cli_error("cannot write %s: %s%s", path, strerror(errno),
                  changed ? " (written in place: the file may now be incomplete)" : "");
        return -1;
    }
    return 0;
}

/* A device, FIFO or socket: it is not ours to replace. */
static int write_device(const char *path, const char *real, const void *data, size_t len)
{
    int fd = open(real, O_WRONLY | O_NOCTTY | O_CLOEXEC);
    if (fd < 0 || write_all(fd, data, len) != 0) {
        cli_error("cannot write %s: %s", path, strerror(errno));
        if (fd >= 0)
            close(fd);
        return -1;
    }
    if (close(fd) != 0) {
        cli_error("cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

int cli_write_bytes(const char *flag, const char *path, const unsigned char *data, size_t len)
{
    struct stat st;
    char *real = NULL;
    int rc = -1, fd;
    if (cli_check_output(flag, path) != 0)
        return -1;
    if ((fd = follow(path, &real)) >= 0) {
        /* one of our descriptors: through it, after what stdio holds for it */
        fflush(stdout);
        fflush(stderr);
        if (fstat(fd, &st) != 0 || write_all(fd, data, len) != 0) {
            cli_error("cannot write %s: %s", path, strerror(errno));
            return -1;
        }
        return 0;
    }
    if (!real) {
        cli_error("cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    if (lstat(real, &st) != 0) {
        if (errno == ENOENT)
            rc = write_file(path, real, NULL, data, len);
        else
            cli_error("cannot write %s: %s", path, strerror(errno));
    } else if (S_ISDIR(st.st_mode))
        cli_error("cannot write %s: is a directory", path);
    else if (refuse_input(flag, path, &st) != 0)
        ;
    else if (S_ISREG(st.st_mode))
        rc = write_file(path, real, &st, data, len);
    else
        rc = write_device(path, real, data, len);
    free(real);
    return rc;
}

/* ---- Outputs built in memory -------------------------------------------------------------- */

int cli_out_open(cli_out *o, const char *flag, const char *path)
{
    memset(o, 0, sizeof *o);
    if (path && strcmp(path, "-") != 0) {
        if (cli_check_output(flag, path) != 0)
            return -1;
        o->path = path;
        o->flag = flag;
    }
    if (!(o->f = open_memstream(&o->buf, &o->len))) {
        cli_error("out of memory");
        return -1;
    }
    return 0;
}

static int stdout_failed; /* the error was reported: cli_finish_stdout says nothing more */

/* A text output (a table) with its control characters escaped (cli_put_safe), in place of
 * o's bytes. 1, or 0 out of memory. */
static int safe_text(cli_out *o)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (!m)
        return 0;
    cli_put_safe(m, o->buf, o->len, o->text == 2);
    if (fclose(m) != 0 || !buf) {
        free(buf);
        return 0;
    }
    free(o->buf);
    o->buf = buf;
    o->len = len;
    return 1;
}

int cli_out_close(cli_out *o, int commit)
{
    int rc = 0;
    if (!o->f)
        return -1;
    if (fclose(o->f) != 0 || !o->buf) {
        cli_error("out of memory writing %s", o->path ? o->path : "the output");
        rc = -1;
    } else if (commit && o->text && !safe_text(o)) {
        cli_error("out of memory writing %s", o->path ? o->path : "the output");
        rc = -1;
    } else if (commit && o->path) {
        rc = cli_write_bytes(o->flag, o->path, (const unsigned char *)o->buf, o->len);
    } else if (commit && (fflush(stdout) != 0 || write_all(1, o->buf, o->len) != 0)) {
        cli_error("cannot write to stdout: %s", strerror(errno));
        stdout_failed = 1;
        rc = -1;
    }
    free(o->buf);
    memset(o, 0, sizeof *o);
    return rc;
}

int cli_finish_stdout(int rc)
{
    /* stdio keeps the error of a failed write; errno still holds its reason unless the final
       flush has one of its own */
    int e = errno;
    cli_inputs_free();
    if (fflush(stdout) != 0)
        e = errno;
    else if (!ferror(stdout))
        return rc;
    if (stdout_failed)
        return EXIT_USAGE;
    cli_error("cannot write to stdout: %s", strerror(e ? e : EIO));
    return EXIT_USAGE;
}

int cli_model_copy_args(const char *cmd, const char *input, const char *output)
{
    if (!input) {
        cli_error("%s: no model given (see 'arenaplan %s --help')", cmd, cmd);
        return -1;
    }
    if (!output || strcmp(output, "-") == 0) {
        cli_error("%s: give the file to write with -o OUT.tflite", cmd);
        return -1;
    }
    cli_input_name(input);
    return cli_check_output("-o", output);
}
