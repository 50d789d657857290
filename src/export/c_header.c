/*
 * c_header.c - the plan as a C header for firmware (see export.h and docs/runtime.md).
 *
 * One header serves two runtimes: arenaplan's own (an ap_rt_plan with offsets, sizes and
 * lifetimes) and TFLM's NonPersistentMemoryPlannerShim, whose tflite::BufferPlan is an int32
 * count followed by one int32 offset per buffer (its BufferDescriptor holds only an int32), so
 * a struct of the same layout initialized here can be passed to it by a cast. Arrays are
 * marked unused for GCC and Clang so that a file including the header without using every
 * table still compiles with -Wall -Wextra -Werror, in C and in C++.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "arenaplan/bounds.h"
#include "arenaplan/export.h"
#include "core/util.h"
#include "arenaplan/tflm_arena.h"
#include "tflm/whole.h"

void ap_c_identifier(const char *text, char *out, size_t cap)
{
    const char *base = strrchr(text, '/'), *dot;
    size_t k = 0, len;
    if (cap == 0)
        return;
    base = base ? base + 1 : text;
    dot = strrchr(base, '.');
    len = dot && dot != base ? (size_t)(dot - base) : strlen(base);
    if (len == 0 || isdigit((unsigned char)base[0])) {
        const char *pre = "m_";
        while (*pre && k + 1 < cap)
            out[k++] = *pre++;
    }
    for (; len > 0 && k + 1 < cap; len--, base++)
        out[k++] = isalnum((unsigned char)*base) ? (char)tolower((unsigned char)*base) : '_';
    out[k] = 0;
}

/* A comment-safe copy of a name: no "*" followed by "/", no newlines, at most 60 bytes. */
static void comment_text(const char *s, char *out, size_t cap)
{
    size_t k = 0;
    for (; s && *s && k + 1 < cap && k < 60; s++) {
        char c = *s;
        if (c == '\n' || c == '\r' || (unsigned char)c < 0x20)
            c = ' ';
        if (c == '/' && k > 0 && out[k - 1] == '*')
            c = '|';
        out[k++] = c;
    }
    out[k] = 0;
}

static void upper(const char *s, char *out, size_t cap)
{
    size_t k = 0;
    for (; *s && k + 1 < cap; s++)
        out[k++] = (char)toupper((unsigned char)*s);
    out[k] = 0;
}

static int is_identifier(const char *s)
{
    if (!*s || isdigit((unsigned char)*s))
        return 0;
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && *s != '_')
            return 0;
    return 1;
}

#define UNUSED "AP_PLAN_UNUSED "

/* What a model's tables need: a C identifier for a name, 32-bit heads and lifetimes. Sets the
 * largest alignment a buffer needs. */
static ap_status check_model(const ap_problem *p, const ap_plan *plan, const char *name, int64_t *align,
                             ap_error *err)
{
    size_t i;
    if (!is_identifier(name) || strlen(name) > 100)
        return ap_error_set(err, AP_ERR_USAGE, "'%s' is not a C identifier of at most 100 characters", name);
    if (plan->arena > INT32_MAX)
        return ap_error_set(err, AP_ERR_OVERFLOW, "the head (%lld bytes) does not fit in 32 bits",
                            (long long)plan->arena);
    *align = 1;
    for (i = 0; i < p->n; i++) {
        if (p->buf[i].lower < INT32_MIN || p->buf[i].upper - 1 > INT32_MAX)
            return ap_error_set(err, AP_ERR_OVERFLOW, "buffer '%s': its lifetime does not fit in 32 bits",
                                p->buf[i].id);
        *align = ap__max64(*align, ap_buffer_align(p, i));
    }
    return AP_OK;
}

/* The lines of the opening comment that describe one model (prefix before each). */
static void model_comment(FILE *f, const ap_problem *p, const ap_plan *plan, const ap_bounds *bd,
                          const ap_tflm_whole *arena, const char *pre)
{
    char text[64], stock[256];
    if (p->source) {
        comment_text(p->source, text, sizeof text);
        fprintf(f, " * %sinput:     %s\n", pre, text);
    }
    fprintf(f, " * %sstrategy:  %s\n", pre, plan->strategy);
    if (arena) {
        char at[320];
        ap_tflm_arena_text(&arena->plan, at, sizeof at);
        fprintf(f, " * %sarena:     %s\n", pre, at);
    }
    fprintf(f, " * %shead:      %lld bytes (lower bound %lld)\n", pre, (long long)plan->arena, (long long)bd->lower);
    fprintf(f, " * %sbuffers:   %zu, in the order the planner received them%s\n", pre, p->n,
            p->buf && p->n && p->buf[0].tensor != AP_NO_INDEX ? " (tensors, then kernel scratch)" : "");
    if (p->note) {
        comment_text(p->note, text, sizeof text);
        fprintf(f, " * %snote:      %s\n", pre, text);
    }
    if (ap__stock_line(p, plan->arena, arena, stock, sizeof stock))
        fprintf(f, " * %s%s\n", pre, stock);
}

/* NAME_ARENA_SIZE and the declaration it is for. */
static void arena_size(FILE *f, const char *up, int64_t bytes, const char *target)
{
    fprintf(f, "#define %s_ARENA_SIZE %lldu /* kTensorArenaSize: TFLM's whole arena on %s */\n"
               "/* alignas(16) static uint8_t tensor_arena[%s_ARENA_SIZE]; */\n\n",
            up, (long long)bytes, target, up);
}

static void preamble(FILE *f, const char *up)
{
    fprintf(f, "#ifndef AP_PLAN_%s_H\n#define AP_PLAN_%s_H\n\n#include <stdint.h>\n", up, up);
    fputs("#ifndef AP_PLAN_NO_RUNTIME\n#include \"arenaplan_rt.h\"\n#endif\n\n", f);
    fputs("#ifndef AP_PLAN_UNUSED\n#if defined(__GNUC__) || defined(__clang__)\n"
          "#define AP_PLAN_UNUSED __attribute__((unused))\n#else\n#define AP_PLAN_UNUSED\n#endif\n#endif\n\n", f);
}

/* One model's defines and tables, every symbol prefixed by name (up: the same in capitals). */
static void model_tables(FILE *f, const ap_problem *p, const ap_plan *plan, const char *name,
                         const char *up, int64_t align)
{
    char text[64];
    size_t i;
    fprintf(f, "#define %s_BUFFERS %zuu\n", up, p->n);
    fprintf(f, "#define %s_HEAD_SIZE %lldu /* max(offset + size) */\n", up, (long long)plan->arena);
    fprintf(f, "#define %s_ALIGN %lldu /* the largest alignment a buffer needs */\n\n", up, (long long)align);
    if (p->n == 0) {
        fputs("#ifndef AP_PLAN_NO_RUNTIME\n", f);
        fprintf(f, "static const ap_rt_plan %s_plan " UNUSED "= {\n    \"%s\", %s_HEAD_SIZE, %s_ALIGN, %s_BUFFERS,\n"
                   "    NULL, NULL, NULL, NULL,\n};\n#endif\n\n", name, name, up, up, up);
        return;
    }
    fprintf(f, "/* Offset of each buffer from the head's start. */\nstatic const int32_t %s_offsets[%s_BUFFERS] " UNUSED "= {\n",
            name, up);
    for (i = 0; i < p->n; i++) {
        const ap_buffer *b = &p->buf[i];
        char idtext[64];
        char typetext[64];
        comment_text(b->id, idtext, sizeof idtext);
        comment_text(b->name, text, sizeof text);
        comment_text(b->type, typetext, sizeof typetext);
        fprintf(f, "    %lld, /* %zu: %s%s%s%s%s%s, %lld bytes, steps [%lld, %lld) */\n", (long long)plan->offset[i], i,
                b->tensor != AP_NO_INDEX ? "tensor " : "", idtext, b->name ? " " : "", b->name ? text : "",
                b->type ? ", " : "", b->type ? typetext : "", (long long)b->size, (long long)b->lower,
                (long long)b->upper);
    }
    fprintf(f, "};\n\nstatic const uint32_t %s_sizes[%s_BUFFERS] " UNUSED "= {", name, up);
    for (i = 0; i < p->n; i++)
        fprintf(f, "%s%lld,", i % 8 ? " " : "\n    ", (long long)p->buf[i].size);
    fprintf(f, "\n};\n\n/* First and last step each buffer is live (inclusive). */\n"
               "static const int32_t %s_first[%s_BUFFERS] " UNUSED "= {", name, up);
    for (i = 0; i < p->n; i++)
        fprintf(f, "%s%lld,", i % 8 ? " " : "\n    ", (long long)p->buf[i].lower);
    fprintf(f, "\n};\n\nstatic const int32_t %s_last[%s_BUFFERS] " UNUSED "= {", name, up);
    for (i = 0; i < p->n; i++)
        fprintf(f, "%s%lld,", i % 8 ? " " : "\n    ", (long long)(p->buf[i].upper - 1));
    fprintf(f, "\n};\n\n#ifndef AP_PLAN_NO_RUNTIME\n/* For the arenaplan runtime: ap_rt_model_init(&model, &%s_plan). */\n"
               "static const ap_rt_plan %s_plan " UNUSED "= {\n"
               "    \"%s\", %s_HEAD_SIZE, %s_ALIGN, %s_BUFFERS,\n"
               "    %s_offsets, %s_sizes, %s_first, %s_last,\n};\n#endif\n\n",
            name, name, name, up, up, up, name, name, name, name);
    fprintf(f, "/* For TFLM: laid out like tflite::BufferPlan (int32 buffer_count, then one int32 offset per\n"
               " * buffer), for tflite::micro::NonPersistentMemoryPlannerShim:\n"
               " *   tflite::micro::NonPersistentMemoryPlannerShim planner(\n"
               " *       reinterpret_cast<const tflite::BufferPlan *>(&%s_buffer_plan));\n"
               " * The head this plan needs is %s_HEAD_SIZE bytes. The shim reports a head of 0 bytes\n"
               " * (GetMaximumMemorySize), so TFLM neither reserves nor checks it: the arena must hold\n"
               " * %s_HEAD_SIZE bytes more than arena_used_bytes() reports. Entry k is the k-th buffer\n"
               " * CreatePlan adds (the order above), not an offline plan entry (one per tensor of all\n"
               " * subgraphs); the model must have no OfflineMemoryAllocation entry other than -1: the\n"
               " * shim takes no offline offsets (that AddBuffer fails with kTfLiteError). */\n"
               "static const struct {\n    int32_t buffer_count;\n    int32_t buffer_plan_entries[%s_BUFFERS];\n"
               "} %s_buffer_plan " UNUSED "= {\n    (int32_t)%s_BUFFERS,\n    {",
            name, up, up, up, name, up);
    for (i = 0; i < p->n; i++)
        fprintf(f, "%s%lld,", i % 8 ? " " : "\n        ", (long long)plan->offset[i]);
    fputs("\n    },\n};\n\n", f);
}

ap_status ap_write_c_header(FILE *f, const ap_problem *p, const ap_plan *plan, const char *name,
                            ap_error *err)
{
    return ap_write_c_header_with(f, p, plan, name, NULL, err);
}

ap_status ap_write_c_header_with(FILE *f, const ap_problem *p, const ap_plan *plan, const char *name,
                                 const ap_report_options *opt, ap_error *err)
{
    const ap_tflm_whole *arena = opt ? opt->arena : NULL;
    char up[128];
    ap_bounds bd;
    int64_t align;
    ap_status st;
    if ((st = check_model(p, plan, name, &align, err)) != AP_OK ||
        (st = ap_bounds_compute(p, &bd, err)) != AP_OK)
        return st;
    upper(name, up, sizeof up);
    fprintf(f, "/* Generated by arenaplan %s. Do not edit: run arenaplan again.\n", AP_VERSION);
    model_comment(f, p, plan, &bd, arena, "");
    fputs(" */\n", f);
    preamble(f, up);
    if (arena)
        arena_size(f, up, arena->plan.min_arena, arena->plan.target);
    model_tables(f, p, plan, name, up, align);
    fputs("#endif\n", f);
    return ferror(f) ? ap_error_set(err, AP_ERR_IO, "write error") : AP_OK;
}

ap_status ap_write_c_header_shared(FILE *f, ap_problem *const *models, const ap_plan *plans, size_t k,
                                   const char *const *model_names, ap_shared_mode mode, int64_t head,
                                   const ap_tflm_whole *arenas, const char *name, ap_error *err)
{
    char up[128], mname[128], mup[128], pre[32];
    int64_t align;
    size_t i;
    ap_status st;
    if (!is_identifier(name) || strlen(name) > 100)
        return ap_error_set(err, AP_ERR_USAGE, "'%s' is not a C identifier of at most 100 characters", name);
    if (head > INT32_MAX)
        return ap_error_set(err, AP_ERR_OVERFLOW, "the shared head (%lld bytes) does not fit in 32 bits",
                            (long long)head);
    for (i = 0; i < k; i++) {
        snprintf(mname, sizeof mname, "%s_%s", name, model_names[i]);
        if ((st = check_model(models[i], &plans[i], mname, &align, err)) != AP_OK)
            return st;
        if (plans[i].arena > head)
            return ap_error_set(err, AP_ERR_INVALID, "model %zu's head (%lld bytes) lies outside the "
                                "shared head of %lld bytes", i, (long long)plans[i].arena, (long long)head);
    }
    upper(name, up, sizeof up);
    fprintf(f, "/* Generated by arenaplan %s. Do not edit: run arenaplan again.\n", AP_VERSION);
    fprintf(f, " * models:    %zu sharing one head, %s\n", k,
            mode == AP_SHARED_SEQUENTIAL ? "sequential (one runs at a time: the head is the largest of theirs)"
                                         : "concurrent (they may run at once: no byte is shared between models)");
    fprintf(f, " * head:      %lld bytes\n", (long long)head);
    for (i = 0; i < k; i++) {
        ap_bounds bd;
        if ((st = ap_bounds_compute(models[i], &bd, err)) != AP_OK)
            return st;
        snprintf(pre, sizeof pre, "model %zu ", i);
        fprintf(f, " * model %zu:   %s_%s\n", i, name, model_names[i]);
        model_comment(f, models[i], &plans[i], &bd, NULL, pre);
    }
    fputs(" */\n", f);
    preamble(f, up);
    if (arenas) {
        int64_t h, t, whole = ap_tflm_shared_arena(arenas, k, &h, &t);
        fprintf(f, "/* TFLM's whole arena for the models on %s: the shared head %lld + their tails %lld%s */\n",
                arenas[0].plan.target, (long long)h, (long long)t,
                whole != h + t ? ", and more for one model's AllocateTensors beside the others' tails" : "");
        arena_size(f, up, whole, arenas[0].plan.target);
    }
    fprintf(f, "#define %s_MODELS %zuu\n", up, k);
    fprintf(f, "#define %s_HEAD_SIZE %lldu /* the shared head: every model's buffers lie within it */\n\n", up,
            (long long)head);
    for (i = 0; i < k; i++) {
        snprintf(mname, sizeof mname, "%s_%s", name, model_names[i]);
        upper(mname, mup, sizeof mup);
        check_model(models[i], &plans[i], mname, &align, NULL);
        fprintf(f, "/* ---- model %zu ---- */\n", i);
        model_tables(f, models[i], &plans[i], mname, mup, align);
    }
    fputs("#endif\n", f);
    return ferror(f) ? ap_error_set(err, AP_ERR_IO, "write error") : AP_OK;
}
