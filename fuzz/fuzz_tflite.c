/*
 * fuzz_tflite.c - libFuzzer target for the .tflite reader, TFLM's lifetime rules, the kernel
 * scratch models, the FlexBuffer reader, the TensorFlow Lite interpreter's arena (litert.h)
 * and the operator reordering: any input must give a model or a clean error, and any model a
 * valid problem (and an order) or a clean error, never a crash or a read outside the input
 * (built with AddressSanitizer and UBSan by .ci/fuzz.sh; see docs/tflite.md).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/check.h"
#include "arenaplan/litert.h"
#include "arenaplan/planner.h"
#include "arenaplan/reorder.h"
#include "arenaplan/tflite.h"
#include "arenaplan/tflm.h"
#include "arenaplan/tflm_arena.h"
#include "tflite/flexbuf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* A copy of exactly `size` bytes, so that any read past the end is caught. */
    unsigned char *copy = malloc(size ? size : 1);
    if (!copy)
        return 0;
    if (size)
        memcpy(copy, data, size);

    int64_t v;
    (void)ap__flexbuf_map_int(copy, size, "fft_length", &v);

    ap_tfl_model *m = NULL;
    ap_error err;
    if (ap_tflite_read(copy, size, &m, &err) == AP_OK) {
        for (uint32_t s = 0; s < m->n_subgraphs; s++)
            for (uint32_t i = 0; i < m->subgraphs[s].n_ops; i++) {
                const ap_tfl_operator *op = &m->subgraphs[s].ops[i];
                for (unsigned f = 0; f < 8; f++)
                    (void)ap_tflite_option_scalar(m, op, 1, f, 4, 1, &v);
                if (op->custom_options_pos)
                    (void)ap__flexbuf_map_int(copy + op->custom_options_pos,
                                              op->custom_options_len, "max_detections", &v);
            }
        for (int k = 0; k < AP_TFLM_KERNELS_COUNT; k++) {
            ap_tflite_build_options bo;
            ap_problem *p = NULL;
            ap_tflite_build_options_init(&bo);
            bo.kernels = (ap_tflm_kernels)k;
            bo.ignore_offline = (int)(k & 1);
            /* the in-place and overlap rules too, on every other kernel set */
            if (k & 1) {
                bo.inplace = AP_TFLM_INPLACE_ELEMENTWISE;
                bo.overlap = AP_TFLM_OVERLAP_REFERENCE;
            }
            if (ap_tflite_build_problem(m, &bo, &p, &err) == AP_OK) {
                ap_plan_options po;
                ap_plan plan;
                ap_check_result res;
                /* A built problem must always be valid: validation failing is a bug; so is a
                   plan the checker rejects. */
                if (ap_problem_validate(p, &err) != AP_OK)
                    abort();
                ap_plan_options_init(&po);
                po.strategy = "greedy";
                ap_plan_init(&plan);
                if (p->n <= 4096 && ap_plan_problem(p, &po, &plan, &err) == AP_OK) {
                    ap_tflm_whole w;
                    ap_tflm_options to;
                    if (ap_check(p, plan.offset, &res) != AP_OK)
                        abort();
                    /* the whole arena of the plan, with or without rules (issue 32.4): a plan
                       the checker accepts always has one, or a clean error from the model */
                    ap_tflm_options_init(&to);
                    to.kernels = k == AP_TFLM_KERNELS_REFERENCE64 ? "reference" : NULL;
                    to.target = k == AP_TFLM_KERNELS_REFERENCE64 ? "host64" : "cortex-m";
                    if (k <= AP_TFLM_KERNELS_REFERENCE64 &&
                        ap_tflm_plan_arena(m, p, &plan, &to, &w, &err) == AP_OK &&
                        w.plan.head < plan.arena)
                        abort(); /* TFLM lays the planned tensors out below their plan's top */
                }
                ap_plan_free(&plan);
                ap_problem_free(p);
            }
        }
        /* TFLite's arena with both thread settings: a valid problem and a plan the checker
           accepts, or a clean error. */
        for (int t = -1; t <= 1; t += 2) {
            ap_litert_options lo;
            ap_litert_info *info = NULL;
            ap_problem *p = NULL;
            ap_litert_options_init(&lo);
            lo.threads = t;
            if (ap_litert_build(m, &lo, &p, &info, &err) == AP_OK) {
                ap_plan plan;
                if (ap_problem_validate(p, &err) != AP_OK || info->n_tensors < m->subgraphs[0].n_tensors)
                    abort();
                ap_plan_init(&plan);
                if (p->n <= 4096 && ap_litert_plan(p, &plan, &err) != AP_OK && err.code != AP_ERR_NOMEM)
                    abort();
                ap_plan_free(&plan);
                ap_problem_free(p);
                ap_litert_info_free(info);
            }
        }
        /* TFLM's whole arena on both targets, and with CMSIS-NN on cortex-m: a clean error,
           or parts that add up. */
        for (int t = 0; t < 3; t++) {
            ap_tflm_options to;
            ap_tflm_arena a;
            ap_tflm_options_init(&to);
            to.target = t == 1 ? "host64" : "cortex-m";
            to.kernels = t == 2 ? "cmsis-nn" : NULL;
            if (ap_tflm_arena_compute(m, &to, &a, &err) == AP_OK) {
                int64_t sum = 0;
                for (int c = 0; c < AP_TFLM_CATEGORIES; c++)
                    sum += a.cat[c].bytes;
                if (sum != a.tail || a.used != a.head + a.tail || a.min_arena <= 0 ||
                    a.min_arena_16 < a.min_arena)
                    abort();
            }
        }
        /* Reordering: a clean answer or a clean refusal; a claim that breaks its own
           invariants, or a copy that cannot be written once found, is a bug. */
        ap_tflite_reorder_options ro;
        ap_tflite_reorder_result rr;
        ap_tflite_reorder_options_init(&ro);
        ro.order.budget = 2000;
        if (ap_tflite_reorder_find(m, &ro, &rr, &err) == AP_OK) {
            unsigned char *out = NULL;
            size_t out_len = 0;
            if (rr.peak > rr.peak_stored || rr.bound > rr.peak ||
                rr.proven != (rr.peak == rr.bound))
                abort();
            if (rr.moved) {
                ap_status st = ap_tflite_permute_operators(copy, size, rr.order, &out, &out_len,
                                                           &err);
                if (st != AP_OK && st != AP_ERR_INPUT)
                    abort();
                free(out);
            }
            ap_tflite_reorder_result_free(&rr);
        }
        ap_tflite_free(m);
    }
    free(copy);
    return 0;
}
