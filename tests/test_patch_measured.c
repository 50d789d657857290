/*
 * test_patch_measured.c - `arenaplan patch`'s whole arena against the real TFLM
 * (corpus/reference/patch/, README.md there: how it was measured).
 *
 * Every row of host64.csv (x86-64) and m4_reference.csv (Cortex-M4, reference kernels) is a
 * model patched and run on TFLM: its outputs were byte-identical to the original's over 20
 * seeded inputs (asserted from the file), and TFLM's measured smallest arena of the original
 * and of the patched copy are the figures ap_tflite_patch prints ("arena ... A -> B"), exactly.
 * The prefix and grid of each row are the ones its patch line names (the search that chose them
 * is test_patch's); the sharing rules are the options'; m4_cmsis_nn.csv the same with CMSIS-NN,
 * where the measure helper's arenaplan refused the sharing rules (REFUSED rows: refused here).
 * The models_*.csv rows of the goals with --overlap slices: the generated 96x96x3 VWW
 * model (vww96x3w: the bytes test_mobilenet_fbb.h builds) patched 4x4 and person_detect 5x1.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/patch.h"
#include "test_mobilenet_fbb.h"
#include "testutil.h"

#define CMSIS_ROWS 32 /* m4_cmsis_nn.csv */

/* Field k (0-based) of a CSV line into out; a quoted field may hold commas. */
static int field(const char *line, int k, char *out, size_t cap)
{
    const char *p = line;
    for (int i = 0; i < k; i++) {
        if (*p == '"') {
            p = strchr(p + 1, '"');
            if (!p)
                return 0;
            p++;
        }
        p = strchr(p, ',');
        if (!p)
            return 0;
        p++;
    }
    size_t n = 0;
    int quoted = *p == '"';
    p += quoted;
    while (*p && *p != '\n' && (quoted ? *p != '"' : *p != ',') && n + 1 < cap)
        out[n++] = *p++;
    out[n] = 0;
    return 1;
}

static const char *model_path(const char *name)
{
    static char path[4096];
    static const char *dirs[] = {"corpus/models/tflm/", "corpus/models/more/",
                                 "corpus/models/seanet/"};
    for (size_t d = 0; d < 3; d++) {
        char rel[512];
        snprintf(rel, sizeof rel, "%s%s.tflite", dirs[d], name);
        snprintf(path, sizeof path, "%s", src_path(rel));
        if (file_exists(path))
            return path;
    }
    fail_msg("no corpus model %s", name);
    return NULL;
}

/* The spec a patch line names: "operators 0-L in a RxC grid" or "operator 0 in a RxC grid". */
static void spec_of(const char *line, ap_patch_spec *sp)
{
    if (sscanf(line, "operators 0-%u in a %ux%u", &sp->last, &sp->rows, &sp->cols) == 3)
        return;
    sp->last = 0;
    if (sscanf(line, "operator 0 in a %ux%u", &sp->rows, &sp->cols) != 2)
        fail_msg("patch line '%s'", line);
}

/* ap_tflite_patch of sp on host64 or cortex-m with the reference kernels (cmsis: CMSIS-NN);
 * err (when not NULL) takes a failure, else it fails the test. */
static ap_tflite_patch_output patched_with(const unsigned char *d, size_t len,
                                           const ap_patch_spec *sp, int host64, int cmsis,
                                           ap_tflm_overlap ov, ap_error *err)
{
    ap_tflite_patch_options o;
    ap_tflite_patch_output r;
    ap_error e = {0};
    ap_tflite_patch_options_init(&o);
    o.spec = *sp;
    o.overlap = ov;
    o.target = host64 ? "host64" : "cortex-m";
    o.kernels = host64 ? AP_TFLM_KERNELS_REFERENCE64
              : cmsis ? AP_TFLM_KERNELS_CMSIS_NN : AP_TFLM_KERNELS_REFERENCE;
    if (ap_tflite_patch(d, len, "model", &o, &r, err ? err : &e) != AP_OK && !err)
        fail_msg("patch %u %ux%u: %s", sp->last, sp->rows, sp->cols, e.msg);
    return r;
}

static ap_tflite_patch_output patched(const unsigned char *d, size_t len, const ap_patch_spec *sp,
                                      int host64, ap_tflm_overlap ov)
{
    return patched_with(d, len, sp, host64, 0, ov, NULL);
}

/* The rows of file (first = the column of the model's name; a kernels column before it names
 * the kernel set). A REFUSED row (the measure helper's arenaplan refused the options) must be
 * refused here too: sharing rules with CMSIS-NN. */
static int corpus_rows(const char *file, int first, int host64)
{
    size_t len = 0;
    char *text = read_text(src_path(file), &len);
    int rows = 0;
    assert_non_null(text);
    for (char *line = strchr(text, '\n'); line && line[1]; line = strchr(line + 1, '\n')) {
        char name[128], opts[128], identical[8], diff[32], orig[32], after[32], pl[256];
        const char *l = line + 1;
        assert_true(field(l, first, name, sizeof name) && field(l, first + 1, opts, sizeof opts) &&
                    field(l, first + 3, identical, sizeof identical) &&
                    field(l, first + 4, diff, sizeof diff) &&
                    field(l, first + 5, orig, sizeof orig) &&
                    field(l, first + 6, after, sizeof after) &&
                    field(l, first + 14, pl, sizeof pl));
        char kern[32] = "reference";
        if (first > 0)
            assert_true(field(l, 0, kern, sizeof kern));
        int cmsis = strcmp(kern, "cmsis_nn") == 0;
        ap_tflm_overlap ov = strstr(opts, "--overlap_reference") ? AP_TFLM_OVERLAP_REFERENCE
                                                                 : AP_TFLM_OVERLAP_NONE;
        unsigned char *d = NULL;
        size_t dl = 0;
        ap_error err = {0};
        assert_int_equal(ap_read_file(model_path(name), (size_t)1 << 30, &d, &dl, &err), AP_OK);
        ap_patch_spec sp = {3, 2, 2};
        if (strcmp(identical, "REFUSED") == 0) {
            ap_tflite_patch_output r = patched_with(d, dl, &sp, host64, cmsis, ov, &err);
            assert_null(r.data);
            assert_contains(err.msg, "proven for TFLM's reference kernels only");
            assert_contains(pl, "proven for TFLM's reference kernels only");
            free(d);
            rows++;
            continue;
        }
        assert_string_equal(identical, "1");
        assert_string_equal(diff, "0.0");
        spec_of(pl, &sp);
        ap_tflite_patch_output r = patched_with(d, dl, &sp, host64, cmsis, ov, NULL);
        if (r.arena_before != strtoll(orig, NULL, 10) || r.arena_after != strtoll(after, NULL, 10))
            fail_msg("%s %s (%s): arenaplan %lld -> %lld, TFLM measured %s -> %s", file, name, opts,
                     (long long)r.arena_before, (long long)r.arena_after, orig, after);
        ap_tflite_patch_output_free(&r);
        free(d);
        rows++;
    }
    free(text);
    return rows;
}

static void corpus_on_host64(void **state)
{
    (void)state;
    assert_int_equal(corpus_rows("corpus/reference/patch/host64.csv", 0, 1), 32);
}

static void corpus_on_m4(void **state)
{
    (void)state;
    assert_int_equal(corpus_rows("corpus/reference/patch/m4_reference.csv", 1, 0), 32);
    assert_int_equal(corpus_rows("corpus/reference/patch/m4_cmsis_nn.csv", 1, 0), CMSIS_ROWS);
}

/* The VWW model's rows (vww96x3w: the bytes mobilenet_025_q builds) and person_detect's with
 * --overlap slices: VWW 4x4, operators 0-3: M4 100728 -> 77216, x86-64 103448 -> 86080, head
 * 31968; person_detect 5x1: M4 82296 -> 52968, x86-64 85016 -> 57744, head 20176. */
static void goals_with_slices(void **state)
{
    (void)state;
    static const struct {
        const char *file, *key;
        int first, host64, pd;
        uint32_t rows, cols;
        int64_t head;
    } sets[] = {
        {"corpus/reference/patch/models_m4_reference.csv",
         "reference,vww96x3w_int8_orig,vww96x3w_int8_patch_4x4_until3_slices,", 1, 0, 0, 4, 4, 31968},
        {"corpus/reference/patch/models_host64.csv",
         "vww96x3w_int8_orig.tflite,vww96x3w_int8_patch_4x4_until3_slices_host64.tflite,", 0, 1, 0,
         4, 4, 31968},
        {"corpus/reference/patch/models_m4_reference.csv",
         "reference,person_detect,person_detect_patch_5x1_until3_slices,", 1, 0, 1, 5, 1, 20176},
        {"corpus/reference/patch/models_host64.csv",
         "person_detect.tflite,person_detect_patch_5x1_until3_slices_host64.tflite,", 0, 1, 1, 5, 1,
         20176}};
    size_t vlen, plen;
    unsigned char *vww = mobilenet_025_q(3, 1, &vlen), *pd = NULL;
    ap_error err = {0};
    assert_int_equal(ap_read_file(src_path("corpus/models/tflm/person_detect.tflite"), (size_t)1 << 26,
                                  &pd, &plen, &err), AP_OK);
    for (size_t k = 0; k < sizeof sets / sizeof *sets; k++) {
        size_t tl = 0;
        char *text = read_text(src_path(sets[k].file), &tl);
        const char *row = strstr(text, sets[k].key);
        assert_non_null(row);
        char identical[8], diff[32], orig[32], after[32];
        assert_true(field(row, sets[k].first + 3, identical, sizeof identical) &&
                    field(row, sets[k].first + 4, diff, sizeof diff) &&
                    field(row, sets[k].first + 5, orig, sizeof orig) &&
                    field(row, sets[k].first + 6, after, sizeof after));
        assert_string_equal(identical, "1");
        assert_string_equal(diff, "0.0");
        ap_patch_spec sp = {3, sets[k].rows, sets[k].cols};
        ap_tflite_patch_output r = patched(sets[k].pd ? pd : vww, sets[k].pd ? plen : vlen, &sp,
                                           sets[k].host64, AP_TFLM_OVERLAP_SLICES);
        assert_int_equal(r.arena_before, strtoll(orig, NULL, 10));
        assert_int_equal(r.arena_after, strtoll(after, NULL, 10));
        assert_int_equal(r.head_after, sets[k].head);
        ap_tflite_patch_output_free(&r);
        free(text);
    }
    free(vww);
    free(pd);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(corpus_on_host64),
        cmocka_unit_test(corpus_on_m4),
        cmocka_unit_test(goals_with_slices),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
