/*
 * gen.h - seeded generators of planning problems shaped like real inference graphs, for the
 * benchmarks (not installed).
 */
#ifndef AP_BENCH_GEN_H
#define AP_BENCH_GEN_H

#include <stdint.h>

#include "arenaplan/problem.h"

typedef enum gen_family {
    GEN_CHAIN,    /* each buffer live over two steps: producer and consumer */
    GEN_RESIDUAL, /* a chain plus skip connections that keep a buffer alive 5-20 steps */
    GEN_BRANCHY,  /* blocks of 2-4 parallel branches joined by a concatenation */
    GEN_RANDOM    /* random interval mix */
} gen_family;

const char *gen_family_name(gen_family f);

/* A validated problem of n buffers from the family, deterministic for (family, n, seed). Sizes
 * follow a realistic mix: a few large feature maps, many small buffers, multiples of 16. */
ap_problem *gen_problem(gen_family f, size_t n, uint64_t seed);

#endif
