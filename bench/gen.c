/* gen.c - seeded problem generators for the benchmarks (see gen.h). */
#include <math.h>
#include <stdio.h>

#include "core/util.h"
#include "gen.h"

static int64_t between(uint64_t *s, int64_t lo, int64_t hi)
{
    return lo + (int64_t)(ap__rand(s) % (uint64_t)(hi - lo + 1));
}

/* Log-uniform sizes: 40% small buffers (64 B .. 4 KiB), 60% feature maps of comparable sizes
 * (8 KiB .. 64 KiB), rounded up to 16 bytes as TFLM does. (With a few huge maps the largest
 * pair alone sets the peak and every planner reaches the bound; comparable maps make packing
 * matter, as in real networks.) */
static int64_t size_of(uint64_t *s)
{
    double lo = 64, hi = 4096;
    int64_t v;
    if (ap__rand_unit(s) < 0.6)
        lo = 8192, hi = 65536;
    v = (int64_t)exp(log(lo) + ap__rand_unit(s) * (log(hi) - log(lo)));
    return (v + 15) & ~(int64_t)15;
}

const char *gen_family_name(gen_family f)
{
    switch (f) {
    case GEN_CHAIN: return "chain";
    case GEN_RESIDUAL: return "residual";
    case GEN_BRANCHY: return "branchy";
    case GEN_RANDOM: return "random";
    }
    return "?";
}

static void add(ap_problem *p, size_t i, int64_t lower, int64_t upper, int64_t size)
{
    ap_buffer_spec b;
    char id[24];
    ap_buffer_spec_init(&b);
    snprintf(id, sizeof id, "%zu", i);
    b.id = id;
    b.lower = lower;
    b.upper = upper;
    b.size = size;
    ap_problem_add(p, &b, NULL);
}

ap_problem *gen_problem(gen_family f, size_t n, uint64_t seed)
{
    ap_problem *p = ap_problem_new();
    uint64_t s = seed * 1000003u + (uint64_t)f;
    size_t i = 0;
    int64_t t = 0;
    if (!p)
        return NULL;
    switch (f) {
    case GEN_CHAIN:
        for (i = 0; i < n; i++)
            add(p, i, (int64_t)i, (int64_t)i + 2, size_of(&s));
        break;
    case GEN_RESIDUAL:
        /* a chain; about one buffer in eight also feeds an operator 5-20 steps later */
        for (i = 0; i < n; i++) {
            int64_t upper = (int64_t)i + 2;
            if (ap__rand_unit(&s) < 0.125)
                upper = (int64_t)i + between(&s, 5, 20);
            add(p, i, (int64_t)i, upper, size_of(&s));
        }
        break;
    case GEN_BRANCHY:
        /* blocks: an input, 2-4 branches of 1-3 operators each run one after another, then a
           concatenation that reads every branch's last buffer */
        while (i < n) {
            int64_t in_step = t, branches = between(&s, 2, 4), b;
            size_t first = i;
            int64_t ends[4];
            add(p, i++, t, t + 1, size_of(&s)); /* block input; extended below */
            t++;
            for (b = 0; b < branches && i < n; b++) {
                int64_t ops = between(&s, 1, 3), k;
                for (k = 0; k < ops && i < n; k++) {
                    add(p, i++, t, t + 2, size_of(&s));
                    t++;
                }
                ends[b] = (int64_t)i - 1;
            }
            /* the input lives until the last branch has read it */
            p->buf[first].upper = t;
            for (b = 0; b < branches; b++)
                if (ends[b] >= (int64_t)first && (size_t)ends[b] < i)
                    p->buf[ends[b]].upper = t + 1; /* read by the concatenation at step t */
            if (i < n)
                add(p, i++, t, t + 2, size_of(&s)); /* the concatenation's output */
            t++;
            (void)in_step;
        }
        break;
    case GEN_RANDOM:
        for (i = 0; i < n; i++) {
            int64_t lower = between(&s, 0, (int64_t)n / 2);
            int64_t len = 1 + (int64_t)(-log(1 - ap__rand_unit(&s)) * 8);
            add(p, i, lower, lower + len, size_of(&s));
        }
        break;
    }
    if (ap_problem_validate(p, NULL) != AP_OK) {
        ap_problem_free(p);
        return NULL;
    }
    return p;
}
