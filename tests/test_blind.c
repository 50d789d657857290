/*
 * test_blind.c - 164 public models no one here chose (corpus/models/blind: LiteRT's and TFLM's
 * test models, measured on the real TFLM 90b983c2b after arenaplan's figures for them were
 * written down) against corpus/reference/blind/{host64,m4_reference,m4_cmsis_nn}.csv:
 * model,sha256,status,min_arena. Where TFLM loads the model (status ok), arenaplan's whole arena
 * (ap_tflm_arena_compute, TFLM planning the head itself) equals the measured minimum exactly;
 * where TFLM refuses it or crashes, arenaplan gives no figure (a refusal, or the reader's
 * error); beyond_ram rows (more than the QEMU board's 16 MiB) have no measurement. The tallies
 * are asserted too, so a row that changes verdict fails the test.
 */
#include <string.h>

#include "arenaplan/tflite.h"
#include "arenaplan/tflm_arena.h"
#include "testutil.h"

typedef struct tally {
    int exact, refused_said, read_error, no_measure;
} tally;

static void one_file(const char *rel, const char *target, const char *kernels, tally *t)
{
    csv_reader r;
    char *line = csv_open(&r, rel);
    assert_string_equal(line, "model,sha256,status,min_arena");
    char report[8192] = "";
    size_t used = 0;
    while ((line = csv_next(&r))) {
        char *f[4] = {0};
        size_t n = csv_fields(line, f, 4);
        if (n < 3)
            fail_msg("%s: a row with %zu fields", rel, n);
        char path[512];
        snprintf(path, sizeof path, "corpus/models/blind/%s.tflite", f[0]);
        size_t len = 0;
        unsigned char *data = (unsigned char *)read_text(src_path(path), &len);
        if (!data)
            fail_msg("%s: cannot read", path);
        ap_tfl_model *m = NULL;
        ap_error err = {0};
        ap_status st = ap_tflite_read(data, len, &m, &err);
        if (strcmp(f[2], "beyond_ram") == 0) {
            t->no_measure++;
        } else if (st != AP_OK) {
            /* the reader stops: only right where TFLM cannot load the model either */
            if (strcmp(f[2], "ok") == 0)
                used += (size_t)snprintf(report + used, sizeof report - used,
                                         "%s %s: TFLM loads it (%s), arenaplan: %s\n", f[0],
                                         target, f[3], err.msg);
            t->read_error++;
        } else {
            ap_tflm_options o;
            ap_tflm_arena a;
            ap_tflm_options_init(&o);
            o.target = target;
            o.kernels = kernels;
            st = ap_tflm_arena_compute(m, &o, &a, &err);
            if (strcmp(f[2], "ok") == 0) {
                long long want = atoll(f[3]);
                if (st != AP_OK || a.min_arena != want)
                    used += (size_t)snprintf(report + used, sizeof report - used,
                                             "%s %s: min_arena %lld vs measured %lld (%s)\n",
                                             f[0], target, st == AP_OK ? (long long)a.min_arena
                                                                       : -1LL,
                                             want, st == AP_OK ? "" : err.msg);
                else
                    t->exact++;
            } else {
                if (st == AP_OK)
                    used += (size_t)snprintf(report + used, sizeof report - used,
                                             "%s %s: TFLM %s, arenaplan says %lld bytes\n", f[0],
                                             target, f[2], (long long)a.min_arena);
                else if (a.refusal.kind == AP_TFLM_LOADS)
                    used += (size_t)snprintf(report + used, sizeof report - used,
                                             "%s %s: TFLM %s, arenaplan fails without saying "
                                             "TFLM refuses: %s\n", f[0], target, f[2], err.msg);
                else
                    t->refused_said++;
            }
        }
        ap_tflite_free(m); /* NULL where the reader stopped */
        free(data);
        if (used >= sizeof report - 256)
            break;
    }
    csv_close(&r);
    if (used)
        fail_msg("%s:\n%s", rel, report);
}

/* Each file's expected tallies: exact figures, refusals said, reader errors (on models TFLM
 * cannot load either), rows without a measurement. */
static const struct blind_case {
    const char *file, *target, *kernels;
    int exact, refused_said, read_error, no_measure;
} cases[] = {
    {"corpus/reference/blind/host64.csv", "host64", NULL, 87, 74, 3, 0},
    {"corpus/reference/blind/m4_reference.csv", "cortex-m", NULL, 84, 74, 3, 3},
    {"corpus/reference/blind/m4_cmsis_nn.csv", "cortex-m", "cmsis-nn", 82, 76, 3, 3},
};

static void test_case(void **state)
{
    const struct blind_case *c = *state;
    tally t = {0};
    one_file(c->file, c->target, c->kernels, &t);
    assert_int_equal(t.exact, c->exact);
    assert_int_equal(t.refused_said, c->refused_said);
    assert_int_equal(t.read_error, c->read_error);
    assert_int_equal(t.no_measure, c->no_measure);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        {"host64", test_case, NULL, NULL, (void *)&cases[0]},
        {"m4_reference", test_case, NULL, NULL, (void *)&cases[1]},
        {"m4_cmsis_nn", test_case, NULL, NULL, (void *)&cases[2]},
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
