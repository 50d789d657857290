/*
 * c_header.c - the plan as a C header for firmware (see export.h and docs/runtime.md).
 *
 * One header serves two runtimes: arenaplan's own (an ap_rt_plan with offsets, sizes and
 * lifetimes) and TFLM's NonPersistentMemoryPlannerShim, whose tflite::BufferPlan is an int32
 * count followed by one int32 offset per buffer (its BufferDescriptor holds only an int32), so
 * a struct of the same layout initialized here can be passed to it by a cast. The header
 * compiles alone (it needs <stdint.h> only); the ap_rt_plan appears when arenaplan_rt.h was
 * included before it (its guard ARENAPLAN_RT_H). Arrays are marked unused for GCC and Clang
 * so that a file including the header without using every table still compiles with -Wall
 * -Wextra -Werror, in C and in C++. Text from the input (file name, ids, tensor names, the
 * note) goes into comments escaped (put_comment), the note whole.
 *
 * The folder src/export/: files that carry a plan: C headers, a .tflite with its plan or
 * another order.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "arenaplan/bounds.h"
#include "arenaplan/export.h"
#include "export/c_header.h"
#include "arenaplan/tflm_arena.h"
#include "core/util.h"
#include "planners/stock.h"
#include "report/lines.h"

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

void ap__c_header_comment(FILE *f, const char *s, size_t max, int wrap, int indent, int *col)
{
    int prev = ' ';
    size_t k;
    for (k = 0; s && s[k] && k < max; k++) {
        unsigned char c = (unsigned char)s[k];
        if (wrap > 0 && c == ' ' && *col >= wrap) {
            *col = fprintf(f, "\n *%*s", indent - 2, "") - 1;
            prev = ' ';
            continue;
        }
        if ((prev == '*' && c == '/') || (prev == '/' && c == '*') || (prev == '?' && c == '?')) {
            fputc(' ', f);
            ++*col;
        }
        if (c < 0x20 || c >= 0x7f || c == '\\') {
            *col += fprintf(f, "\\x%02x", c);
            prev = 'x';
        } else {
            fputc(c, f);
            ++*col;
            prev = c;
        }
    }
    if (s && s[k])
        *col += fprintf(f, "...");
}

/* One line " * PRElabel value" of the opening comment; whole: the value wrapped, never cut. */
static void put_comment_line(FILE *f, const char *pre, const char *label, const char *value,
                             int whole)
{
    int col = fprintf(f, " * %s%-11s", pre, label);
    ap__c_header_comment(f, value, whole ? (size_t)-1 : 200, whole ? 92 : 0, col, &col);
    fputc('\n', f);
}

/* Whether the plan puts two buffers on shared bytes that only an allowance permits: the plan
 * then holds only with the kernels the allowances describe. */
static int plan_shares_bytes(const ap_problem *p, const ap_plan *plan)
{
    for (size_t k = 0; k < p->n_ovl; k++) {
        const ap_overlap *o = &p->ovl[k];
        int64_t a = plan->offset[o->base], b = plan->offset[o->over];
        if (a < b + p->buf[o->over].size && b < a + p->buf[o->base].size &&
            p->buf[o->base].size > 0 && p->buf[o->over].size > 0)
            return 1;
    }
    return 0;
}

static void upper(const char *s, char *out, size_t cap)
{
    size_t k = 0;
    for (; *s && k + 1 < cap; s++)
        out[k++] = (char)toupper((unsigned char)*s);
    out[k] = 0;
}

int ap__c_header_is_identifier(const char *s)
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
    if (!ap__c_header_is_identifier(name) || strlen(name) > 100)
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
                          const ap_tflm_whole *arena, const char *unknown, const char *pre)
{
    char stock[256];
    if (p->source) {
        /* the file name alone: the header is the same on every machine (reproducible builds) */
        const char *base = strrchr(p->source, '/');
        put_comment_line(f, pre, "input:", base ? base + 1 : p->source, 0);
    }
    put_comment_line(f, pre, "strategy:", plan->strategy, 0);
    if (arena) {
        char at[AP_ERROR_MAX + 128];
        ap_tflm_arena_text(&arena->plan, at, sizeof at);
        fprintf(f, " * %sarena:     %s\n", pre, at);
    } else if (unknown) {
        char at[AP_ERROR_MAX + 128];
        snprintf(at, sizeof at, "unknown: %s", unknown);
        put_comment_line(f, pre, "arena:", at, 1);
    }
    fprintf(f, " * %shead:      %lld bytes (lower bound %lld)\n", pre, (long long)plan->arena, (long long)bd->lower);
    fprintf(f, " * %sbuffers:   %zu, in the order the planner received them%s\n", pre, p->n,
            p->buf && p->n && p->buf[0].tensor != AP_NO_INDEX ? " (tensors, then kernel scratch)" : "");
    if (p->note)
        put_comment_line(f, pre, "note:", p->note, 1);
    if (ap__lines_stock(arena ? -1 : ap__stock_head(p), plan->arena, arena, stock, sizeof stock))
        fprintf(f, " * %s%s\n", pre, stock);
}

/* NAME_ARENA_SIZE and the declaration it is for. */
static void arena_size(FILE *f, const char *up, int64_t bytes, const char *target)
{
    fprintf(f, "#define %s_ARENA_SIZE %lldu /* kTensorArenaSize: TFLM's whole arena on %s */\n"
               "/* alignas(16) static uint8_t tensor_arena[%s_ARENA_SIZE]; */\n\n",
            up, (long long)bytes, target, up);
}

/* NAME_PERSISTENT_ARENA_SIZE and NAME_NONPERSISTENT_ARENA_SIZE: TFLM's two-buffer allocator. */
static void split_sizes(FILE *f, const char *up, int64_t p, int64_t np, const char *target)
{
    fprintf(f, "/* TFLM's two-buffer allocator on %s: MicroAllocator::Create(persistent_arena,\n"
               " * %s_PERSISTENT_ARENA_SIZE, nonpersistent_arena, %s_NONPERSISTENT_ARENA_SIZE), each\n"
               " * alignas(16); the interpreters take that allocator. */\n"
               "#define %s_PERSISTENT_ARENA_SIZE %lldu /* the tail and the allocator's objects */\n"
               "#define %s_NONPERSISTENT_ARENA_SIZE %lldu /* the head and the temporaries */\n\n",
            target, up, up, up, (long long)p, up, (long long)np);
}

/* --arenas split when the sizes are unknown: firmware that uses them fails to compile. */
static void no_split_sizes(FILE *f, const char *up)
{
    fprintf(f, "/* no %s_PERSISTENT_ARENA_SIZE, %s_NONPERSISTENT_ARENA_SIZE: TFLM's two-buffer sizes "
               "are unknown (above) */\n\n", up, up);
}

static void preamble(FILE *f, const char *up)
{
    fprintf(f, "#ifndef AP_PLAN_%s_H\n#define AP_PLAN_%s_H\n\n#include <stdint.h>\n\n", up, up);
    fputs("#ifndef AP_PLAN_UNUSED\n#if defined(__GNUC__) || defined(__clang__)\n"
          "#define AP_PLAN_UNUSED __attribute__((unused))\n#else\n#define AP_PLAN_UNUSED\n#endif\n#endif\n\n", f);
}

/* One model's defines and tables, every symbol prefixed by name (up: the same in capitals). */
static void model_tables(FILE *f, const ap_problem *p, const ap_plan *plan, const char *name,
                         const char *up, int64_t align)
{
    size_t i;
    fprintf(f, "#define %s_BUFFERS %zuu\n", up, p->n);
    fprintf(f, "#define %s_HEAD_SIZE %lldu /* max(offset + size) */\n", up, (long long)plan->arena);
    fprintf(f, "#define %s_ALIGN %lldu /* the largest alignment a buffer needs */\n", up, (long long)align);
    fprintf(f, "/* 1 when the plan shares bytes that only in-place or overlap rules allow (see the note):\n"
               " * it then holds only with the kernels they describe; #if it to #error elsewhere */\n"
               "#define %s_NEEDS_REFERENCE_KERNELS %d\n\n", up, plan_shares_bytes(p, plan));
    if (p->n == 0) {
        fputs("#ifdef ARENAPLAN_RT_H\n", f);
        fprintf(f, "static const ap_rt_plan %s_plan " UNUSED "= {\n    \"%s\", %s_HEAD_SIZE, %s_ALIGN, %s_BUFFERS,\n"
                   "    NULL, NULL, NULL, NULL,\n};\n#endif\n\n", name, name, up, up, up);
        return;
    }
    fprintf(f, "/* Offset of each buffer from the head's start. */\nstatic const int32_t %s_offsets[%s_BUFFERS] " UNUSED "= {\n",
            name, up);
    for (i = 0; i < p->n; i++) {
        const ap_buffer *b = &p->buf[i];
        int col = fprintf(f, "    %lld, /* %zu: %s", (long long)plan->offset[i], i,
                          b->tensor != AP_NO_INDEX ? "tensor " : "");
        ap__c_header_comment(f, b->id, 60, 0, 0, &col);
        if (b->name) {
            fputc(' ', f);
            ap__c_header_comment(f, b->name, 60, 0, 0, &col);
        }
        if (b->type) {
            fputs(", ", f);
            ap__c_header_comment(f, b->type, 60, 0, 0, &col);
        }
        fprintf(f, ", %lld bytes, steps [%lld, %lld) */\n", (long long)b->size, (long long)b->lower,
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
    fprintf(f, "\n};\n\n#ifdef ARENAPLAN_RT_H\n/* For the arenaplan runtime, when arenaplan_rt.h was included first:\n"
               " * ap_rt_model_init(&model, &%s_plan). */\n"
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
    const ap_tflm_whole *arena = ap__lines_arena(opt);
    /* a model's arena unknown: the comment and the missing NAME_ARENA_SIZE say why */
    const char *unknown = !arena && p->origin == AP_ORIGIN_TFLM && opt && (opt->arena_unknown || opt->arena)
                          ? ap__lines_arena_unknown(p, opt) : NULL;
    char up[128];
    ap_bounds bd;
    int64_t align;
    ap_status st;
    if ((st = check_model(p, plan, name, &align, err)) != AP_OK ||
        (st = ap_bounds_compute(p, &bd, err)) != AP_OK)
        return st;
    upper(name, up, sizeof up);
    fprintf(f, "/* Generated by arenaplan %s. Do not edit: run arenaplan again.\n", AP_VERSION);
    /* a model TFLM cannot load: the comment's arena line is the table's (ap_tflm_arena_text) */
    model_comment(f, p, plan, &bd, opt && opt->arena && opt->arena->plan.refusal.kind != AP_TFLM_LOADS
                  ? opt->arena : arena, unknown, "");
    fputs(" */\n", f);
    preamble(f, up);
    if (arena && arena->plan.refusal.kind == AP_TFLM_LOADS) { /* refused: no size to give */
        arena_size(f, up, arena->plan.min_arena, arena->plan.target);
        if (opt->split)
            split_sizes(f, up, arena->plan.split_persistent, arena->plan.split_nonpersistent,
                        arena->plan.target);
    } else if (unknown) {
        fprintf(f, "/* no %s_ARENA_SIZE: TFLM's whole arena is unknown (above) */\n\n", up);
        if (opt->split)
            no_split_sizes(f, up);
    }
    model_tables(f, p, plan, name, up, align);
    fputs("#endif\n", f);
    return ferror(f) ? ap_error_set(err, AP_ERR_IO, "write error") : AP_OK;
}

/* The comment's lines on TFLM's arena of a set. */
static void shared_comment(FILE *f, const ap_c_shared_tflm *t, size_t k, const char *const *names)
{
    char text[AP_ERROR_MAX + 512];
    if (t->unknown && !t->tenants && t->regions <= 0)
        put_comment_line(f, "", "arena:", t->unknown, 1);
    else if (t->tenants) {
        const ap_tflm_tenants *x = t->tenants;
        ap_tflm_tenants_text(x, names, text, sizeof text);
        put_comment_line(f, "", "arena:", text, 1);
        fprintf(f, " * tflm:      the head [0, %lld) (model %d's, the largest; each model's starts at "
                   "the arena's start);\n *            the allocator's objects [%lld, %lld)\n",
                (long long)x->head, (int)x->head_model, (long long)(x->min_arena - x->objects),
                (long long)x->min_arena);
        for (size_t i = 0; i < k; i++)
            fprintf(f, " *            model %zu's tail [%lld, %lld)\n", i,
                    (long long)x->model[i].tail_start,
                    (long long)(x->model[i].tail_start + x->model[i].tail));
        if (t->order_note)
            put_comment_line(f, "", "order:", t->order_note, 1);
        if (t->split) {
            ap_tflm_split_text(x->split_persistent, x->split_nonpersistent, x->split_used,
                               x->target, text, sizeof text);
            put_comment_line(f, "", "split:", text, 1);
        }
    } else
        fprintf(f, " * arena:     %lld bytes: one MicroInterpreter per model, each with its own "
                   "MicroAllocator on its own\n *            16-aligned region of one buffer "
                   "(NAME_MODELNAME_REGION_OFFSET)\n", (long long)t->regions);
}

/* NAME_ARENA_SIZE of a set, and the sizes and regions that go with it. */
static void shared_sizes(FILE *f, const ap_c_shared_tflm *t, const char *up, size_t k,
                         const char *name, const char *const *names)
{
    char mup[256], mname[256];
    if ((t->tenants && t->tenants->refused >= 0) || (!t->tenants && t->regions <= 0)) {
        fprintf(f, "/* no %s_ARENA_SIZE: TFLM's whole arena of the set is unknown (above) */\n\n", up);
        if (t->split)
            no_split_sizes(f, up);
        return;
    }
    arena_size(f, up, t->tenants ? t->tenants->min_arena : t->regions, t->target);
    if (t->tenants && t->split)
        split_sizes(f, up, t->tenants->split_persistent, t->tenants->split_nonpersistent,
                    t->target);
    for (size_t i = 0; !t->tenants && i < k; i++) {
        snprintf(mname, sizeof mname, "%s_%s", name, names[i]);
        upper(mname, mup, sizeof mup);
        fprintf(f, "#define %s_REGION_OFFSET %lldu /* its interpreter's arena: tensor_arena + this */\n"
                   "#define %s_REGION_SIZE %lldu\n", mup, (long long)t->region_offset[i], mup,
                (long long)t->region_size[i]);
    }
    if (!t->tenants)
        fputc('\n', f);
}

ap_status ap_write_c_header_shared(FILE *f, ap_problem *const *models, const ap_plan *plans, size_t k,
                                   const char *const *model_names, ap_shared_mode mode, int64_t head,
                                   const ap_c_shared_tflm *tflm, const char *name, ap_error *err)
{
    char up[128], mname[128], mup[128], pre[32];
    int64_t align;
    size_t i;
    ap_status st;
    if (!ap__c_header_is_identifier(name) || strlen(name) > 100)
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
        model_comment(f, models[i], &plans[i], &bd, NULL, NULL, pre);
    }
    if (tflm)
        shared_comment(f, tflm, k, model_names);
    fputs(" */\n", f);
    preamble(f, up);
    if (tflm)
        shared_sizes(f, tflm, up, k, name, model_names);
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
