/*
 * models.c - the .tflite files of a folder, by name (models.h).
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/load.h"
#include "arenaplan/tflite.h"
#include "models.h"

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

void bench_models_free(char **paths, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(paths[i]);
    free(paths);
}

size_t bench_models(const char *dir, char ***paths)
{
    DIR *dp = opendir(dir);
    struct dirent *e;
    char **names = NULL;
    size_t n = 0, cap = 0;
    *paths = NULL;
    if (!dp)
        return 0;
    while ((e = readdir(dp))) {
        size_t k = strlen(e->d_name);
        if (k < 8 || strcmp(e->d_name + k - 7, ".tflite") != 0)
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 64;
            char **nn = realloc(names, cap * sizeof *names);
            if (!nn)
                goto oom;
            names = nn;
        }
        size_t sz = strlen(dir) + k + 2;
        if (!(names[n] = malloc(sz)))
            goto oom;
        snprintf(names[n++], sz, "%s/%s", dir, e->d_name);
    }
    closedir(dp);
    if (n)
        qsort(names, n, sizeof *names, by_name);
    *paths = names;
    return n;
oom:
    closedir(dp);
    bench_models_free(names, n);
    return 0;
}

int bench_model_read(const char *path, unsigned char **data, size_t *len, ap_tfl_model **m)
{
    ap_error err = {0};
    *data = NULL;
    *m = NULL;
    if (ap_read_file(path, (size_t)1 << 31, data, len, &err) != AP_OK ||
        ap_tflite_read(*data, *len, m, &err) != AP_OK) {
        fprintf(stderr, "%s: %s\n", path, err.msg);
        free(*data);
        *data = NULL;
        return -1;
    }
    return 0;
}
