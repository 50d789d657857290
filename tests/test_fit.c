/*
 * test_fit.c - `arenaplan fit` (issue 30): every lever's figure is the figure the command it
 * names prints (the commands run as fit prints them, their numbers compared), the model -o
 * writes is byte for byte what those commands write, passes `check` and has the whole arena fit
 * printed; the diagnosis; exact messages and exit codes; plan --budget's line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/fit.h"
#include "testutil.h"

#define PD "corpus/models/tflm/person_detect.tflite"
#define MOBILENET "corpus/models/tflm/mobilenet_v2_quantized_1x3x224x224.tflite"
#define RESNET "corpus/models/more/tinymaix_mnist_resnet_q.tflite"
#define LSTM "corpus/models/more/coral_keras_lstm_mnist_ptq.tflite"
#define KWS "corpus/models/more/mltk_keyword_spotting_on_off_v3.tflite"

/* The number right after key in text; fails the test when key is absent. */
static long long number_after(const char *text, const char *key)
{
    const char *p = strstr(text, key);
    if (!p)
        fail_msg("'%s' not in:\n%s", key, text);
    return strtoll(p + strlen(key), NULL, 10);
}

/* The whole arena a command prints: embed's "arena N bytes", reorder's and patch's "A -> B
 * bytes", plan's stock TFLM line (the model as it is). */
static long long printed_arena(const char *cmd, const char *out)
{
    if (strcmp(cmd, "embed") == 0)
        return number_after(out, "\narena        ");
    if (strcmp(cmd, "reorder") == 0 || strcmp(cmd, "patch") == 0) {
        const char *p = strstr(out, "\narena        TFLM's whole arena on ");
        assert_non_null(p);
        return number_after(p, " -> ");
    }
    return number_after(out, "stock TFLM (greedy): ");
}

/* Runs the commands fit prints ("arenaplan A ... && arenaplan B ..."), OUT.tflite and
 * REORDERED.tflite in the test's directory (out, mid), PATCHED.tflite there too; returns the whole arena the last one
 * prints. A command that is no arenaplan command (the model as it is, another kernel set) is
 * measured by `plan MODEL` with the kernels and target it names (else kernels). */
static long long run_commands(const char *line, const char *model, const char *kernels,
                              const char *out, const char *mid)
{
    char buf[1024], *argv[32], *save = NULL, patched[4096];
    long long arena = -1;
    snprintf(patched, sizeof patched, "%s", tmp_path("c_patched.tflite"));
    snprintf(buf, sizeof buf, "%s", line);
    if (strstr(buf, "; then build TFLM with the ")) /* the kernels lever after the commands */
        *strstr(buf, "; then build TFLM with the ") = 0;
    if (strncmp(buf, "arenaplan ", 10) != 0) {
        const char *k = strstr(line, "--kernels "), *t = strstr(line, "--target ");
        char ks[32] = "", ts[32] = "";
        if (k)
            sscanf(k + 10, "%31s", ks);
        if (t)
            sscanf(t + 9, "%31s", ts);
        run_result r = run_cli("plan", model, "--kernels", ks[0] ? ks : kernels ? kernels : "reference",
                               ts[0] ? "--target" : NULL, ts, NULL);
        assert_int_equal(r.status, 0);
        arena = printed_arena("plan", r.out);
        run_free(&r);
        return arena;
    }
    for (char *cmd = strtok_r(buf, "&", &save); cmd; cmd = strtok_r(NULL, "&", &save)) {
        int n = 0;
        char *s2 = NULL;
        for (char *w = strtok_r(cmd, " ", &s2); w && n < 31; w = strtok_r(NULL, " ", &s2))
            argv[n++] = strcmp(w, "arenaplan") == 0          ? (char *)AP_CLI
                        : strcmp(w, "OUT.tflite") == 0       ? (char *)out
                        : strcmp(w, "REORDERED.tflite") == 0 ? (char *)mid
                        : strcmp(w, "PATCHED.tflite") == 0   ? patched
                                                             : w;
        argv[n] = NULL;
        run_result r = run_argv(argv);
        if (r.status != 0)
            fail_msg("%s: exit %d: %s", line, r.status, r.err);
        arena = printed_arena(argv[1], r.out);
        run_free(&r);
    }
    return arena;
}

static ap_fit_result fit_of(const char *rel, const char *kernels, int64_t budget)
{
    size_t len = 0;
    unsigned char *data = (unsigned char *)read_text(src_path(rel), &len);
    ap_run_options o;
    ap_fit_result r;
    ap_error err = {0};
    assert_non_null(data);
    ap_run_options_init(&o);
    o.name = src_path(rel);
    o.kernels = kernels;
    o.budget = budget;
    if (ap_fit_compute(data, len, &o, &r, &err) != AP_OK)
        fail_msg("fit %s: %s", rel, err.msg);
    free(data);
    return r;
}

/* Every combination fit measured, and so every lever, is what its commands print. */
static void each_combination_is_its_commands(const char *rel, const char *kernels)
{
    ap_fit_result r = fit_of(rel, kernels, 0);
    assert_true(r.n_combos >= 10);
    for (size_t i = 0; i < r.n_combos; i++) {
        const ap_fit_figure *g = &r.combos[i];
        if (!g->known && (g->mask & (1u << AP_FIT_PATCH))) { /* a model patch refuses */
            assert_true(strncmp(g->why, "patch: ", 7) == 0);
            continue;
        }
        assert_true(g->known);
        char model[4096], out[4096], mid[4096];
        snprintf(model, sizeof model, "%s", src_path(rel));
        snprintf(out, sizeof out, "%s", tmp_path("c_out.tflite"));
        snprintf(mid, sizeof mid, "%s", tmp_path("c_mid.tflite"));
        long long printed = run_commands(g->command, model, g->kernels, out, mid);
        if (printed != g->arena)
            fail_msg("%s: %s: fit says %lld, the commands %lld", rel, g->command,
                     (long long)g->arena, printed);
    }
    for (int l = 0; l < AP_FIT_LEVERS; l++)
        if (r.lever[l].known)
            assert_true(r.lever[l].mask != 0);
    ap_fit_result_free(&r);
}

static void levers_are_the_commands_figures(void **state)
{
    (void)state;
    each_combination_is_its_commands(PD, NULL);
    each_combination_is_its_commands(PD, "cmsis-nn");
    each_combination_is_its_commands(MOBILENET, NULL);
    each_combination_is_its_commands(RESNET, NULL);
    each_combination_is_its_commands(KWS, NULL);
}

/* The figures, pinned. */
static void person_detect_figures(void **state)
{
    (void)state;
    ap_fit_result r = fit_of(PD, NULL, 65536);
    assert_int_equal(r.stock.arena, 82296);
    assert_int_equal(r.stock.head, 55296);
    assert_int_equal(r.stock.tail, 26996);
    assert_int_equal(r.lever[AP_FIT_EMBED].arena, 82296);
    assert_int_equal(r.lever[AP_FIT_EMBED].flash, 880);
    assert_int_equal(r.lever[AP_FIT_INPLACE].arena, 82296);
    assert_int_equal(r.lever[AP_FIT_OVERLAP].arena, 63880);
    assert_int_equal(r.lever[AP_FIT_OVERLAP].mask, (1u << AP_FIT_EMBED) | (1u << AP_FIT_OVERLAP));
    assert_int_equal(r.lever[AP_FIT_REORDER].arena, 82296);
    assert_int_equal(r.lever[AP_FIT_REORDER].flash, 0);
    assert_int_equal(r.lever[AP_FIT_KERNELS].arena, 82316);
    assert_string_equal(r.lever[AP_FIT_KERNELS].kernels, "cmsis-nn");
    assert_int_equal(r.lever[AP_FIT_SPLIT].mask, 0);
    assert_false(r.lever[AP_FIT_SPLIT].known);
    assert_false(ap_fit_lever(AP_FIT_SPLIT)->available);
    /* patch: its quick search (operators 0-3, 2x2), then embed; with embed's 880 bytes of plan,
       9392 of flash in all; the combinations with embed, each once more with patch */
    assert_true(ap_fit_lever(AP_FIT_PATCH)->available);
    assert_int_equal(r.lever[AP_FIT_PATCH].arena, 68324);
    assert_int_equal(r.lever[AP_FIT_PATCH].head, 36864);
    assert_int_equal(r.lever[AP_FIT_PATCH].flash, 9392);
    assert_int_equal(r.lever[AP_FIT_PATCH].mask, (1u << AP_FIT_EMBED) | (1u << AP_FIT_PATCH));
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "arenaplan patch %s --grid 2x2 --until 3 -o PATCHED.tflite && "
             "arenaplan embed PATCHED.tflite --ignore-offline -o OUT.tflite", src_path(PD));
    assert_string_equal(r.lever[AP_FIT_PATCH].command, cmd);
    assert_int_equal(r.n_combos, 24);
    assert_true(r.fits);
    assert_int_equal(r.combos[r.chosen].mask, (1u << AP_FIT_EMBED) | (1u << AP_FIT_OVERLAP));
    assert_int_equal(r.combos[r.chosen].arena, 63880);
    /* the diagnosis: the peak at op 2, its output and input; no padding; the tail */
    assert_int_equal(r.diag.peak_bytes, 55296);
    assert_int_equal(r.diag.peak_step, 3);
    assert_string_equal(r.diag.peak_label, "op 2 CONV_2D");
    assert_int_equal(r.diag.n_live, 2);
    assert_int_equal(r.diag.live[0].size, 36864);
    assert_int_equal(r.diag.live[0].role, AP_FIT_ROLE_OUTPUT);
    assert_int_equal(r.diag.live[1].role, AP_FIT_ROLE_INPUT);
    assert_int_equal(r.diag.kept_alive, 0);
    assert_int_equal(r.diag.padding, 0);
    assert_int_equal(r.diag.tail, 26996);
    assert_int_equal(r.diag.tail_order[0], AP_TFLM_PERSISTENT_BUFFER);
    assert_int_equal(r.diag.tail_cat[AP_TFLM_PERSISTENT_BUFFER].bytes, 23836);
    ap_fit_result_free(&r);
    /* with CMSIS-NN the rules come only with the kernels lever */
    r = fit_of(PD, "cmsis-nn", 65536);
    assert_int_equal(r.stock.arena, 82316);
    assert_false(r.lever[AP_FIT_INPLACE].known);
    assert_contains(r.lever[AP_FIT_INPLACE].why, "proven for TFLM's reference kernels only");
    assert_int_equal(r.lever[AP_FIT_KERNELS].arena, 82296);
    assert_int_equal(r.lever[AP_FIT_PATCH].arena, 68344);
    assert_string_equal(r.lever[AP_FIT_PATCH].kernels, "cmsis-nn");
    assert_int_equal(r.combos[r.chosen].arena, 63880);
    assert_int_equal(r.combos[r.chosen].mask, (1u << AP_FIT_EMBED) | (1u << AP_FIT_OVERLAP) |
                                                  (1u << AP_FIT_KERNELS));
    ap_fit_result_free(&r);
}

/* A residual block's peak: the skip is named. */
static void skip_at_the_peak(void **state)
{
    (void)state;
    ap_fit_result r = fit_of(RESNET, NULL, 4096);
    assert_string_equal(r.diag.peak_label, "op 3 ADD");
    assert_int_equal(r.diag.n_live, 3);
    assert_int_equal(r.diag.live[0].role, AP_FIT_ROLE_SKIP);
    assert_int_equal(r.diag.kept_alive, 1184);
    assert_false(r.fits);
    assert_int_equal(r.combos[r.chosen].arena, 4640);
    ap_fit_result_free(&r);
}

/* fit -o: the bytes the commands it names write; check passes; the arena is the one printed. */
static void output_is_the_commands_bytes(const char *rel, const char *budget, const char *kernels,
                                         const char *want_levers)
{
    char out[4096], cout[4096], mid[4096], model[4096], apply[1024], levers[128];
    /* copies: the paths' ring is reused */
    snprintf(out, sizeof out, "%s", tmp_path("fit_out.tflite"));
    snprintf(cout, sizeof cout, "%s", tmp_path("fit_cmd.tflite"));
    snprintf(mid, sizeof mid, "%s", tmp_path("fit_mid.tflite"));
    snprintf(model, sizeof model, "%s", src_path(rel));
    remove(out);
    run_result r = run_cli("fit", model, "--budget", budget, "-o", out,
                           kernels ? "--kernels" : NULL, kernels, NULL);
    assert_int_equal(r.status, 0);
    const char *p = strstr(r.out, "\nfits         ");
    assert_non_null(p);
    assert_int_equal(sscanf(p + 14, "%127[^:]", levers), 1);
    assert_string_equal(levers, want_levers);
    long long arena = number_after(p, ": ");
    p = strstr(r.out, "\napply        ");
    assert_non_null(p);
    assert_int_equal(sscanf(p + 14, "%1023[^\n]", apply), 1);
    run_free(&r);
    assert_int_equal(run_commands(apply, model, kernels, cout, mid), arena);
    size_t a_len = 0, b_len = 0;
    /* no arenaplan command: the model as it is */
    char *a = read_text(out, &a_len),
         *b = read_text(strncmp(apply, "arenaplan ", 10) ? model : cout, &b_len);
    remove(cout);
    assert_non_null(a);
    assert_non_null(b);
    assert_int_equal(a_len, b_len);
    assert_memory_equal(a, b, a_len);
    free(a);
    free(b);
    /* the combination's kernel set: the one its commands name */
    char ks[32] = "";
    if (strstr(apply, "--kernels "))
        sscanf(strstr(apply, "--kernels ") + 10, "%31s", ks);
    r = run_cli("plan", out, "--kernels", ks[0] ? ks : kernels ? kernels : "reference", NULL);
    assert_int_equal(r.status, 0);
    assert_int_equal(printed_arena("plan", r.out), arena);
    run_free(&r);
    if (strstr(apply, "arenaplan embed")) {
        r = run_cli("check", out, NULL);
        assert_int_equal(r.status, 0);
        assert_contains(r.out, "valid");
        run_free(&r);
    }
}

static void output_written(void **state)
{
    (void)state;
    output_is_the_commands_bytes(PD, "64K", NULL, "embed + overlap");
    output_is_the_commands_bytes(MOBILENET, "1400000", NULL, "embed + overlap");
    output_is_the_commands_bytes(KWS, "90K", NULL, "reorder");
    output_is_the_commands_bytes(KWS, "86164", NULL, "embed + overlap + reorder");
    output_is_the_commands_bytes(PD, "82300", "cmsis-nn", "kernels");
    output_is_the_commands_bytes(LSTM, "3376", NULL, "embed + inplace");
}

static void messages_and_exit_codes(void **state)
{
    (void)state;
    const char *out = tmp_path("fit_none.tflite");
    remove(out);
    run_result r = run_cli("fit", src_path(PD), "--budget", "32K", "-o", out, NULL);
    assert_int_equal(r.status, 1);
    assert_contains(r.out, "\nno fit       the best reachable is embed + overlap + patch: 56068 "
                           "bytes, still 23300 more than the budget (24 combinations tried)\n");
    assert_contains(r.out, "\nwrote        nothing: no combination fits the budget\n");
    assert_false(file_exists(out));
    run_free(&r);
    r = run_cli("fit", src_path(PD), "--budget", "90K", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "stock TFLM   82296 bytes (head 55296 + tail 26996): within the budget\n");
    assert_contains(r.out, "\nfits         none (the model as it is): 82296 bytes, 9864 within the "
                           "budget (24 combinations tried)\n");
    assert_contains(r.out, "\napply        nothing to apply (the model as it is)\n");
    assert_contains(r.out, "\n  split     not available in this version: the persistent tail in "
                           "a second buffer (two-buffer split, issue 29)\n");
    assert_contains(r.out, "\n  patch          68324 bytes (-13972 vs stock)  flash +9392 bytes  "
                           "kernels reference\n            the first layers patch by patch "
                           "(patch's quick search: every prefix, a 2x2 grid); compute: the halo "
                           "rows computed again (the added MACs 'arenaplan patch' prints)\n");
    assert_contains(r.out, "--grid 2x2 --until 3 -o PATCHED.tflite && arenaplan embed "
                           "PATCHED.tflite --ignore-offline -o OUT.tflite\n");
    assert_contains(r.out, "\npeak         55296 bytes live at step 3 (op 2 CONV_2D)\n");
    assert_contains(r.out, "\n  overlap        63880 bytes (-18416 vs stock)  flash +1008 bytes  "
                           "kernels reference\n");
    run_free(&r);
    r = run_cli("fit", src_path("corpus/models/more/litert_blazeface_mlkit_v1.tflite"), "--budget",
                "400K", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "\nhead gap     stock TFLM's head is 172032 bytes above the peak: a "
                           "better plan (embed) can win them\n");
    assert_contains(r.out, "\n  embed         548444 bytes (-172032 vs stock)");
    run_free(&r);
    r = run_cli("fit", src_path(PD), NULL);
    assert_int_equal(r.status, 2);
    assert_string_equal(r.err, "arenaplan: fit: --budget BYTES is required (the arena the model "
                               "must fit)\n");
    run_free(&r);
    r = run_cli("fit", "--budget", "1K", NULL);
    assert_int_equal(r.status, 2);
    assert_string_equal(r.err, "arenaplan: fit: no model given (arenaplan fit MODEL.tflite "
                               "--budget BYTES)\n");
    run_free(&r);
    r = run_cli("fit", src_path("data/worked_example.csv"), "--budget", "1K", NULL);
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "is no .tflite model: the levers apply to models\n");
    run_free(&r);
    r = run_cli("fit", src_path(PD), "--budget", "1K", "--inplace", "elementwise", NULL);
    assert_int_equal(r.status, 2);
    run_free(&r);
    r = run_cli("fit", src_path(PD), "--budget", "1K", "--kernels", "frob", NULL);
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "unknown kernel set \"frob\"");
    run_free(&r);
    r = run_cli("fit", src_path(PD), "--budget", "1K", "--target", "host64", "--kernels",
                "cmsis-nn", NULL);
    assert_int_equal(r.status, 2);
    run_free(&r);
    r = run_cli("fit", src_path("corpus/models/tflm/person_detect_vela.tflite"), "--budget", "1K", NULL);
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "person_detect_vela.tflite: TFLM's whole arena on cortex-m: TFLM has no "
                           "kernel for ethos-u: this model cannot load on TFLM (subgraph 0 "
                           "operator 0)");
    run_free(&r);
    r = run_cli("fit", src_path(PD), "--budget", "64K", "-o", src_path(PD), NULL);
    assert_int_equal(r.status, 2);
    run_free(&r);
}

static void json_output(void **state)
{
    (void)state;
    run_result r = run_cli("fit", src_path(PD), "--budget", "64K", "--format", "json", NULL);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "{\"schema\":\"arenaplan/2\",\"command\":\"fit\",\"target\":\"cortex-m\",\"kernels\":\"reference\","
                           "\"other_kernels\":\"cmsis-nn\",\"budget\":65536,\"fits\":true,");
    assert_contains(r.out, "\"chosen\":{\"levers\":[\"embed\",\"overlap\"],\"known\":true,"
                           "\"arena_bytes\":63880,");
    assert_contains(r.out, "{\"name\":\"split\",\"title\":");
    assert_contains(r.out, "\"available\":false}");
    assert_contains(r.out, "\"peak_operator\":\"op 2 CONV_2D\"");
    run_free(&r);
}

/* plan --budget that fails: one more line, only then. */
static void plan_budget_line(void **state)
{
    (void)state;
    char want[1024];
    run_result r = run_cli("plan", src_path(PD), "--budget", "64K", NULL);
    assert_int_equal(r.status, 1);
    snprintf(want, sizeof want, "arenaplan: the arena needs 82296 bytes, 16760 more than the "
             "budget of 65536 bytes\narenaplan: the levers reach 56068 bytes (embed + overlap + "
             "patch), within the budget: see `arenaplan fit %s --budget 65536`\n", src_path(PD));
    assert_string_equal(r.err, want);
    run_free(&r);
    r = run_cli("plan", src_path(PD), "--budget", "32K", NULL);
    assert_int_equal(r.status, 1);
    assert_string_equal(r.err, "arenaplan: the arena needs 82296 bytes, 49528 more than the budget "
                               "of 32768 bytes\narenaplan: the levers reach 56068 bytes at best "
                               "(embed + overlap + patch), still 23300 more than the budget: see "
                               "`arenaplan fit`\n");
    run_free(&r);
    r = run_cli("plan", src_path(PD), "--budget", "82296", NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.err, "");
    run_free(&r);
}

/* The HTML report's section: the levers as bars against the budget. */
static void report_section(void **state)
{
    (void)state;
    char html[4096];
    snprintf(html, sizeof html, "%s", tmp_path("fit_report.html"));
    run_result r = run_cli("report", src_path(PD), "--budget", "90K", "-o", html, NULL);
    assert_int_equal(r.status, 0);
    run_free(&r);
    char *t = read_text(html, NULL);
    assert_non_null(t);
    assert_contains(t, "<section id=\"levers\"><h2>Levers against the budget</h2>");
    assert_contains(t, "<text x=\"182\" y=\"93\" text-anchor=\"end\">overlap</text><rect class=\"bar\" "
                       "data-bytes=\"63880\"");
    assert_contains(t, "text-anchor=\"middle\">budget 92160</text>");
    assert_contains(t, "<li><strong>split</strong>: not available in this version</li>");
    assert_contains(t, "<li><strong>fits: the model as it is</strong>: nothing to apply (the model as "
                       "it is)</li>");
    free(t);
    /* a buffer list has no levers */
    r = run_cli("report", src_path("data/worked_example.csv"), "-o", html, NULL);
    assert_int_equal(r.status, 0);
    run_free(&r);
    t = read_text(html, NULL);
    assert_null(strstr(t, "id=\"levers\""));
    free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(person_detect_figures),
        cmocka_unit_test(skip_at_the_peak),
        cmocka_unit_test(levers_are_the_commands_figures),
        cmocka_unit_test(output_written),
        cmocka_unit_test(messages_and_exit_codes),
        cmocka_unit_test(json_output),
        cmocka_unit_test(plan_budget_line),
        cmocka_unit_test(report_section),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
