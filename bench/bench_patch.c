/*
 * bench_patch.c - what `arenaplan patch` saves on the corpus (issue 31; docs/patch.md).
 *
 * For every model under corpus/models/tflm and corpus/models/more (or the files given as
 * arguments) whose first operator starts a chain patch can run tile by tile (a CNN's first
 * layers), prints TFLM's whole arena on cortex-m with the reference kernels before and after
 * `arenaplan patch` with its defaults (--grid auto --until auto --max-overhead 30), the prefix
 * and grid it chose, the head before and after, the multiply-accumulates it adds (percent of
 * the model's), the flash it adds (the copy's size minus the input's, its plan included), and
 * the whole arena after `patch --overlap reference` and `patch --overlap slices`. The other models are counted, with the
 * reason of the first few. The figures are ap_tflite_patch's, the code of the command.
 *
 *   ./bench/bench_patch [MODEL.tflite...]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/load.h"
#include "arenaplan/patch.h"
#include "arenaplan/tflite.h"
#include "models.h"

typedef struct totals {
    int cnn, other;
} totals;

static int run(const unsigned char *data, size_t len, const char *path, int overlap,
               ap_tflite_patch_output *r, ap_error *err)
{
    ap_tflite_patch_options o;
    ap_tflite_patch_options_init(&o);
    o.auto_grid = o.auto_until = 1;
    o.overlap = (ap_tflm_overlap)overlap;
    return ap_tflite_patch(data, len, path, &o, r, err) == AP_OK;
}

static void one(const char *path, totals *tot)
{
    unsigned char *data = NULL;
    size_t len = 0;
    ap_tfl_model *m = NULL;
    ap_error err = {0};
    uint32_t last = 0;
    const char *name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    if (bench_model_read(path, &data, &len, &m) != 0)
        return;
    if (ap_tflite_patch_chain(m, &last, NULL, 0, &err) != AP_OK) {
        if (tot->other++ < 3)
            printf("<!-- %s: %s -->\n", name, err.msg);
        goto done;
    }
    tot->cnn++;
    ap_tflite_patch_output d, v;
    memset(&d, 0, sizeof d);
    if (!run(data, len, path, 0, &d, &err)) {
        printf("| %s | | | %s | | | | | |\n", name, err.msg);
        goto done;
    }
    char pre[48];
    ap_tflite_patch_prefix_text(d.info.spec.last, pre, sizeof pre);
    printf("| %s | %lld | %lld (%+.1f%%) | %s, %ux%u | %lld -> %lld | %+.1f%% | %+lld |", name,
           (long long)d.arena_before, (long long)d.arena_after,
           100.0 * (double)(d.arena_after - d.arena_before) / (double)d.arena_before, pre,
           d.info.spec.rows, d.info.spec.cols, (long long)d.head_before, (long long)d.head_after,
           d.overhead, (long long)d.len - (long long)len);
    for (int ov = AP_TFLM_OVERLAP_REFERENCE; ov <= AP_TFLM_OVERLAP_SLICES; ov++) {
        memset(&v, 0, sizeof v);
        if (run(data, len, path, ov, &v, &err)) {
            ap_tflite_patch_prefix_text(v.info.spec.last, pre, sizeof pre);
            printf(" %lld (head %lld; %s, %ux%u) |", (long long)v.arena_after,
                   (long long)v.head_after, pre, v.info.spec.rows, v.info.spec.cols);
        } else {
            printf(" %s |", err.msg);
        }
        ap_tflite_patch_output_free(&v);
    }
    printf("\n");
    ap_tflite_patch_output_free(&d);
done:
    ap_tflite_free(m);
    free(data);
}

static void walk_dir(const char *dir, totals *tot)
{
    char **paths;
    size_t n = bench_models(dir, &paths);
    for (size_t i = 0; i < n; i++)
        one(paths[i], tot);
    bench_models_free(paths, n);
}

int main(int argc, char **argv)
{
    totals tot = {0, 0};
    printf("| model | whole arena | after patch | prefix, grid | head | MACs | flash | "
           "after patch --overlap reference | after patch --overlap slices |\n"
           "|---|---|---|---|---|---|---|---|---|\n");
    if (argc > 1) {
        for (int i = 1; i < argc; i++)
            one(argv[i], &tot);
    } else {
        walk_dir(AP_SOURCE_DIR "/corpus/models/tflm", &tot);
        walk_dir(AP_SOURCE_DIR "/corpus/models/more", &tot);
    }
    printf("\n%d models whose first operator starts a chain patch runs tile by tile; %d others "
           "(patch refuses them: their first operator is no convolution or pooling)\n", tot.cnn,
           tot.other);
    return 0;
}
