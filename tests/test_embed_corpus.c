/*
 * test_embed_corpus.c - embed on every corpus model the real TFLM runtime can load (status ok
 * in corpus/reference/tflm_head_sizes.csv): the copy preserves the model and carries the plan
 * (test_embed_check.h), TFLM's head with the input as it is equals the head the real runtime
 * measured, the embedded plan never makes it larger, and embedding the copy again gives the
 * same bytes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/embed.h"
#include "test_embed_check.h"
#include "testutil.h"

/* The path of the corpus model named name (the corpus keeps them in three directories). */
static int model_path(const char *name, char *out, size_t cap)
{
    static const char *const dirs[] = {"tflm", "more", "seanet"};
    for (size_t d = 0; d < 3; d++) {
        char rel[512];
        snprintf(rel, sizeof rel, "corpus/models/%s/%s.tflite", dirs[d], name);
        if (file_exists(src_path(rel))) {
            snprintf(out, cap, "%s", src_path(rel));
            return 1;
        }
    }
    return 0;
}

static void every_loadable_model(void **state)
{
    (void)state;
    size_t len;
    char *csv = read_text(src_path("corpus/reference/tflm_head_sizes.csv"), &len);
    assert_non_null(csv);
    size_t models = 0, smaller = 0, moved = 0;
    int64_t saved = 0;
    char *save = NULL;
    for (char *line = strtok_r(csv, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        char name[256], status[256];
        long long head_greedy;
        /* model,status,subgraphs,tensors,operators,planned_buffers,head_greedy,... */
        if (sscanf(line, "%255[^,],%255[^,],%*[^,],%*[^,],%*[^,],%*[^,],%lld", name, status,
                   &head_greedy) != 3 ||
            strcmp(status, "ok") != 0)
            continue;
        char path[4096];
        if (!model_path(name, path, sizeof path))
            fail_msg("corpus model %s not found", name);
        blob in = blob_file(path);
        ap_tflite_embed_result r, again;
        embed_ok(&in, NULL, NULL, 0, &r);
        if (r.head_before != head_greedy)
            fail_msg("%s: TFLM's head with the input is %lld here, %lld measured", name,
                     (long long)r.head_before, head_greedy);
        if (r.head > r.head_before)
            fail_msg("%s: the embedded plan needs %lld bytes, TFLM alone %lld", name,
                     (long long)r.head, (long long)r.head_before);
        smaller += r.head < r.head_before;
        saved += r.head_before - r.head;
        moved += r.shift != 0;
        blob once = {r.data, r.len};
        embed_ok(&once, NULL, NULL, 0, &again);
        if (again.shift != 0 || again.len != r.len || memcmp(again.data, r.data, r.len) != 0)
            fail_msg("%s: embedding the copy again changed it", name);
        ap_tflite_embed_result_free(&again);
        ap_tflite_embed_result_free(&r);
        blob_free(&in);
        models++;
    }
    free(csv);
    printf("embedded %zu models (%zu moved behind a new header); %zu with a smaller head than "
           "TFLM's own planner, %lld bytes saved in all\n", models, moved, smaller,
           (long long)saved);
    assert_int_equal(models, 161);
    assert_int_equal(moved, 161);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_loadable_model),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
