/*
 * inspect.c - what `arenaplan inspect` writes about a model (inspect.h): the figures of its
 * graph and of its problem, as a table or JSON.
 */
#include <stdlib.h>
#include <string.h>

#include "arenaplan/csv.h"
#include "arenaplan/inspect.h"
#include "arenaplan/report.h"
#include "arenaplan/tflm.h"
#include "arenaplan/tflm_arena.h"
#include "planners/stock.h"
#include "report/json.h"

static int cmp_count(const void *a, const void *b)
{
    const ap_op_count *x = a, *y = b;
    if (x->count != y->count)
        return x->count > y->count ? -1 : 1;
    return strcmp(x->name, y->name);
}

/* Allowances the in-place and overlap rules added. */
static size_t rule_allowances(const ap_problem *p)
{
    return p->n_ovl;
}

static int summarize(const ap_tfl_model *m, const ap_problem *p, ap_model_summary *s)
{
    memset(s, 0, sizeof *s);
    size_t cap = 0;
    /* the offline plan the problem honoured decides where variables go */
    const int32_t *offline =
        p && strstr(p->note ? p->note : "", "offline plan honoured") ? m->offline.offsets : NULL;
    unsigned char *buffer_seen = calloc(m->n_buffers + 1, 1);
    if (!buffer_seen)
        return -1;
    for (uint32_t g = 0; g < m->n_subgraphs; g++) {
        const ap_tfl_subgraph *sg = &m->subgraphs[g];
        s->operators += sg->n_ops;
        s->tensors += sg->n_tensors;
        for (uint32_t i = 0; i < sg->n_ops; i++) {
            const char *name = ap_tfl_op_name(&sg->ops[i]);
            size_t k;
            for (k = 0; k < s->n_ops_types && strcmp(s->ops[k].name, name); k++)
                ;
            if (k == s->n_ops_types) {
                if (k == cap) {
                    ap_op_count *n = realloc(s->ops, (cap = cap ? 2 * cap : 16) * sizeof *n);
                    if (!n) {
                        free(buffer_seen);
                        return -1;
                    }
                    s->ops = n;
                }
                s->ops[s->n_ops_types++] = (ap_op_count){name, 0};
            }
            s->ops[k].count++;
        }
        for (uint32_t i = 0; i < sg->n_tensors; i++) {
            const ap_tfl_tensor *t = &sg->tensors[i];
            if (t->is_constant) {
                s->constants++;
                /* Tensors may share a buffer: count each buffer's bytes once. */
                if (!buffer_seen[t->buffer]) {
                    buffer_seen[t->buffer] = 1;
                    s->constant_bytes += (int64_t)m->buffers[t->buffer].data_len;
                }
            } else if (t->is_variable) {
                /* TFLM puts variables in the tail, TFLM-sized and 16-aligned, unless the
                 * offline plan takes them into the head. */
                int64_t b = t->elements * ap_tfl_tflm_type_size(t->type);
                int place = ap_tflm_variable_place(m, offline, g, i);
                s->variables++;
                if (place & AP_TFLM_VAR_TAIL)
                    s->variable_bytes += (b + 15) / 16 * 16;
                s->head_variables += (place & AP_TFLM_VAR_HEAD) != 0;
            }
        }
    }
    free(buffer_seen);
    qsort(s->ops, s->n_ops_types, sizeof *s->ops, cmp_count);
    if (p) {
        for (size_t i = 0; i < p->n; i++) {
            if (p->buf[i].kind == AP_KIND_SCRATCH)
                s->scratch++;
            else {
                s->planned_tensors++;
                s->fixed_tensors += p->buf[i].fixed != AP_UNFIXED;
            }
            s->planned_bytes += p->buf[i].size;
        }
        if (ap_bounds_compute(p, &s->bounds, NULL) != AP_OK)
            return -1;
    }
    return 0;
}

static const char *kind_name(ap_kind k)
{
    switch (k) {
    case AP_KIND_INPUT: return "input";
    case AP_KIND_OUTPUT: return "output";
    case AP_KIND_SCRATCH: return "scratch";
    case AP_KIND_ACTIVATION: return "activation";
    default: return "buffer";
    }
}

static void print_index_list(FILE *f, const int32_t *v, uint32_t n)
{
    fputc('[', f);
    for (uint32_t i = 0; i < n; i++)
        fprintf(f, "%s%d", i ? ", " : "", (int)v[i]);
    fputc(']', f);
}

/* "op 1 WHILE (cond), op 4 IF (then)": who invokes subgraph s. */
static void print_callers(FILE *f, const ap_tfl_model *m, uint32_t s, int json)
{
    int first = 1;
    for (uint32_t g = 0; g < m->n_subgraphs; g++)
        for (uint32_t i = 0; i < m->subgraphs[g].n_ops; i++) {
            const ap_tfl_operator *op = &m->subgraphs[g].ops[i];
            for (int k = 0; k < 2; k++) {
                if (op->calls[k] != (int32_t)s)
                    continue;
                const char *role = op->builtin == AP_TFL_OP_IF ? (k ? "else" : "then")
                                 : op->builtin == AP_TFL_OP_WHILE ? (k ? "body" : "cond")
                                                                  : "init";
                char text[160];
                if (g == 0)
                    snprintf(text, sizeof text, "op %u %s (%s)", i, op->name, role);
                else
                    snprintf(text, sizeof text, "op %u:%u %s (%s)", g, i, op->name, role);
                if (json) {
                    fputs(first ? "" : ",", f);
                    ap_json_string(f, text);
                } else
                    fprintf(f, "%s%s", first ? ", run by " : ", ", text);
                first = 0;
            }
        }
}

/* --runtime tflite: the tensors outside the arena's buffers (constants aside) and why. */
static int shown_fate(ap_litert_fate f)
{
    return f != AP_LITERT_ARENA && f != AP_LITERT_SHARED && f != AP_LITERT_CONSTANT &&
           f != AP_LITERT_NONE;
}

static void json_kv_str(FILE *f, const char *key, const char *v, int comma);

static void print_litert(FILE *f, const ap_litert_info *in, int json)
{
    size_t k, n = 0;
    if (!in)
        return;
    if (json)
        fprintf(f, ",\"runtime\":\"tflite\",\"threads\":%d,\"operators_prepared\":%d,"
                "\"persistent_bytes\":%lld,\"tensors_by_fate\":[", in->threads, in->prepared,
                (long long)in->persistent_bytes);
    else
        fprintf(f, "\n%-10s %-13s %10s  %s\n", "tensor", "fate", "bytes", "why");
    for (k = 0; k < in->n_tensors; k++) {
        const ap_litert_tensor *t = &in->tensors[k];
        char who[96] = "";
        if (!shown_fate(t->fate))
            continue;
        if (t->role)
            snprintf(who, sizeof who, "%s of op %d", t->role, (int)t->op);
        if (json) {
            fprintf(f, "%s{\"tensor\":%d,\"fate\":\"%s\",\"bytes\":%lld", n++ ? "," : "",
                    (int)t->index, ap_litert_fate_name(t->fate), (long long)t->bytes);
            if (t->fate == AP_LITERT_PERSISTENT)
                fprintf(f, ",\"offset\":%lld", (long long)t->offset);
            if (who[0])
                json_kv_str(f, "temporary", who, 1);
            json_kv_str(f, "why", t->why, 1);
            fputc('}', f);
        } else {
            fprintf(f, "%-10d %-13s %10lld  %s%s%s%s\n", (int)t->index,
                    ap_litert_fate_name(t->fate), (long long)t->bytes, who,
                    who[0] && t->why ? ": " : "", t->why ? t->why : "",
                    !who[0] && !t->why ? "-" : "");
        }
    }
    if (json)
        fputs("],\"unmodelled\":[", f);
    for (k = 0; k < in->n_unmodelled; k++) { /* what the figures leave out: lower estimates */
        const ap_litert_unmodelled *u = &in->unmodelled[k];
        if (json) {
            fprintf(f, "%s{\"operator\":", k ? "," : "");
            if (u->op)
                ap_json_string(f, u->op);
            else
                fputs("null", f);
            fprintf(f, ",\"node\":%d", (int)u->node);
            json_kv_str(f, "what", u->what, 1);
            fputc('}', f);
        } else if (u->op) {
            fprintf(f, "%s op %d %s: %s\n", k ? "          " : "unmodelled", (int)u->node, u->op, u->what);
        } else {
            fprintf(f, "%s %s\n", k ? "          " : "unmodelled", u->what);
        }
    }
    if (json)
        fputc(']', f);
}

/* TFLM's whole arena for the model as it is, and its tail by RecordingMicroAllocator's category. */
static void print_tail(FILE *f, const ap_tflm_arena *a)
{
    int c;
    char text[320];
    ap_tflm_arena_text(a, text, sizeof text);
    fprintf(f, "arena        %s, TFLM planning the head itself\n", text);
    fprintf(f, "tail         %lld bytes on %s, by RecordingMicroAllocator's category (a plain "
               "MicroInterpreter, %s kernels):\n", (long long)a->tail, a->target, a->kernels);
    fprintf(f, "  %-44s %6s %10s %8s\n", "category", "count", "requested", "bytes");
    for (c = 0; c < AP_TFLM_CATEGORIES; c++) {
        const ap_tflm_use *u = &a->cat[c];
        fprintf(f, "  %-44s %6lld %10lld %8lld\n", c < AP_TFLM_OTHER ? ap_tflm_category_print_name(c) : "other",
                (long long)u->count, (long long)u->requested, (long long)u->bytes);
    }
    for (c = 0; c < AP_TFLM_OTHER_PARTS; c++) {
        const ap_tflm_use *u = &a->other[c];
        fprintf(f, "    %-42s %6lld %10lld %8lld\n", ap_tflm_other_name(c), (long long)u->count,
                (long long)u->requested, (long long)u->bytes);
    }
}

/* The table's graph part: the model's figures, its metadata and offline plan. */
static void print_graph(FILE *f, const char *path, const ap_tfl_model *m, const ap_problem *p,
                        const ap_model_summary *s, const char *kernels, const ap_litert_info *lit)
{
    fprintf(f, "model        %s\n", path);
    fprintf(f, "schema       version %u%s%s\n", m->version, m->description[0] ? ", " : "",
            m->description);
    fprintf(f, "subgraphs    %u\n", m->n_subgraphs);
    for (uint32_t g = 0; g < m->n_subgraphs; g++) {
        const ap_tfl_subgraph *sg = &m->subgraphs[g];
        fprintf(f, "  %-3u %-20s %u tensors, %u operators, inputs ", g,
                sg->name[0] ? sg->name : "-", sg->n_tensors, sg->n_ops);
        print_index_list(f, sg->inputs, sg->n_inputs);
        fputs(", outputs ", f);
        print_index_list(f, sg->outputs, sg->n_outputs);
        print_callers(f, m, g, 0);
        fputc('\n', f);
    }
    fprintf(f, "operators    %ld", s->operators);
    for (size_t k = 0; k < s->n_ops_types; k++)
        fprintf(f, "%s%s %ld", k ? ", " : ": ", s->ops[k].name, s->ops[k].count);
    fputc('\n', f);
    if (p)
        fprintf(f, "tensors      %ld: %zu planned, %ld constant, %ld variable\n", s->tensors,
                s->planned_tensors, s->constants, s->variables);
    else
        fprintf(f, "tensors      %ld: %ld constant, %ld variable\n", s->tensors, s->constants,
                s->variables);
    fprintf(f, "constants    %lld bytes (in the model file)\n", (long long)s->constant_bytes);
    fprintf(f, "variables    %lld bytes (%s)", (long long)s->variable_bytes,
            lit ? "TFLM-sized; TFLite keeps them in its persistent arena"
                : "TFLM's persistent tail");
    if (s->head_variables && !lit)
        fprintf(f, "; %ld variable tensor%s in the head, at %s offline plan entr%s",
                s->head_variables, s->head_variables == 1 ? "" : "s",
                s->head_variables == 1 ? "its" : "their", s->head_variables == 1 ? "y" : "ies");
    fputc('\n', f);
    if (p)
        fprintf(f, "kernels      %s: %zu %s%s\n", kernels, s->scratch,
                lit ? "temporar" : "scratch buffer", lit ? (s->scratch == 1 ? "y" : "ies")
                                                       : (s->scratch == 1 ? "" : "s"));
    if (p && lit)
        fprintf(f, "runtime      %s\n", p->note);
    fprintf(f, "metadata     %u", m->n_metadata);
    for (uint32_t k = 0; k < m->n_metadata; k++)
        fprintf(f, "%s%s (%zu bytes)", k ? ", " : ": ", m->metadata[k].name,
                m->buffers[m->metadata[k].buffer].data_len);
    fputc('\n', f);
    if (m->offline.present) {
        fprintf(f, "offline plan %u entries (metadata %u, buffer %u)", m->offline.n,
                m->offline.metadata, m->offline.buffer);
        if (lit)
            fputs(", ignored: the TensorFlow Lite interpreter does not read it\n", f);
        else if (p && s->fixed_tensors)
            fprintf(f, ": %zu of %zu planned tensors fixed, honoured\n", s->fixed_tensors,
                    s->planned_tensors);
        else if (p && strstr(p->note ? p->note : "", "offline plan honoured"))
            fprintf(f, ": 0 of %zu planned tensors fixed, honoured\n", s->planned_tensors);
        else
            fputs(p ? ", ignored (--ignore-offline)\n" : "\n", f);
    } else
        fputs("offline plan none\n", f);
}

/* The table's planned part: the arena and its tail, the buffers' figures, a row per buffer. */
static void print_planned(FILE *f, const ap_problem *p, const ap_model_summary *s,
                          const ap_litert_info *lit, const ap_tflm_arena *arena,
                          const char *unknown, const char *reorder_line)
{
    if (arena)
        print_tail(f, arena);
    else if (unknown)
        fprintf(f, "arena        unknown: %s\n", unknown);
    fprintf(f, "planned      %zu buffers, %lld bytes in all; at most %lld bytes live at once "
            "(step %lld: %s)\n", p->n, (long long)s->planned_bytes, (long long)s->bounds.live,
            (long long)s->bounds.peak_step,
            ap_problem_label(p, s->bounds.peak_step) ? ap_problem_label(p, s->bounds.peak_step)
                                                    : "-");
    if (rule_allowances(p))
        /* --inplace / --overlap: the rules, their kernels and what they allow */
        fprintf(f, "overlap      %zu allowances; with them at least %lld bytes (lower bound)\n"
                   "note         %s\n", rule_allowances(p), (long long)s->bounds.lower, p->note);
    if (reorder_line && reorder_line[0])
        fprintf(f, "%s\n", reorder_line);
    fputc('\n', f);
    fprintf(f, "%-10s %-40s %-20s %10s  %-14s %-10s %-24s %s\n", "id", "name", "type", "size",
            "lifetime", "kind", "producer", "consumers");
    for (size_t i = 0; i < p->n; i++) {
        const ap_buffer *b = &p->buf[i];
        char life[48], name[44], type[24];
        const char *nm = b->name ? b->name : "", *ty = b->type ? b->type : "";
        if (strlen(nm) > 40)
            snprintf(name, sizeof name, "%.37s...", nm);
        else
            snprintf(name, sizeof name, "%s", nm);
        if (strlen(ty) > 20)
            snprintf(type, sizeof type, "%.17s...", ty);
        else
            snprintf(type, sizeof type, "%s", ty);
        snprintf(life, sizeof life, "[%lld, %lld)", (long long)b->lower, (long long)b->upper);
        fprintf(f, "%-10s %-40s %-20s %10lld  %-14s %-10s %-24s %s", b->id, name, type, (long long)b->size,
                life, kind_name(b->kind), b->producer ? b->producer : "-",
                b->consumers ? b->consumers : "-");
        if (b->fixed != AP_UNFIXED)
            fprintf(f, "  (offline offset %lld)", (long long)b->fixed);
        fputc('\n', f);
    }
    print_litert(f, lit, 0);
}

static void json_kv_str(FILE *f, const char *key, const char *v, int comma)
{
    fprintf(f, "%s\"%s\":", comma ? "," : "", key);
    if (v)
        ap_json_string(f, v);
    else
        fputs("null", f);
}

/* The JSON's graph part and the planned figures (the object is left open). */
static void json_graph(FILE *f, const char *path, const ap_tfl_model *m, const ap_problem *p,
                       const ap_model_summary *s, const char *kernels, const ap_litert_info *lit)
{
    fputs("{\"schema\":\"" AP_JSON_SCHEMA "\"", f);
    json_kv_str(f, "model", path, 1);
    fprintf(f, ",\"tflite_schema_version\":%u", m->version);
    json_kv_str(f, "description", m->description, 1);
    fputs(",\"subgraphs\":[", f);
    for (uint32_t g = 0; g < m->n_subgraphs; g++) {
        const ap_tfl_subgraph *sg = &m->subgraphs[g];
        fprintf(f, "%s{\"index\":%u", g ? "," : "", g);
        json_kv_str(f, "name", sg->name, 1);
        fprintf(f, ",\"tensors\":%u,\"operators\":%u,\"inputs\":", sg->n_tensors, sg->n_ops);
        print_index_list(f, sg->inputs, sg->n_inputs);
        fputs(",\"outputs\":", f);
        print_index_list(f, sg->outputs, sg->n_outputs);
        fputs(",\"run_by\":[", f);
        print_callers(f, m, g, 1);
        fputs("]}", f);
    }
    fprintf(f, "],\"operators\":%ld,\"operators_by_type\":{", s->operators);
    for (size_t k = 0; k < s->n_ops_types; k++) {
        if (k)
            fputc(',', f);
        ap_json_string(f, s->ops[k].name);
        fprintf(f, ":%ld", s->ops[k].count);
    }
    fprintf(f, "},\"tensors\":%ld,\"constant_tensors\":%ld,\"constant_bytes\":%lld,"
            "\"variable_tensors\":%ld,\"variable_bytes\":%lld", s->tensors, s->constants,
            (long long)s->constant_bytes, s->variables, (long long)s->variable_bytes);
    if (s->head_variables)
        fprintf(f, ",\"head_variable_tensors\":%ld", s->head_variables);
    json_kv_str(f, "kernels", kernels, 1);
    fputs(",\"metadata\":[", f);
    for (uint32_t k = 0; k < m->n_metadata; k++) {
        fputs(k ? ",{" : "{", f);
        json_kv_str(f, "name", m->metadata[k].name, 0);
        fprintf(f, ",\"buffer\":%u,\"bytes\":%zu}", m->metadata[k].buffer,
                m->buffers[m->metadata[k].buffer].data_len);
    }
    fputc(']', f);
    if (m->offline.present)
        fprintf(f, ",\"offline_plan\":{\"entries\":%u,\"metadata\":%u,\"buffer\":%u,"
                "\"honoured\":%s,\"fixed_tensors\":%zu}", m->offline.n, m->offline.metadata,
                m->offline.buffer,
                strstr(p->note ? p->note : "", "offline plan honoured") ? "true" : "false",
                s->fixed_tensors);
    else
        fputs(",\"offline_plan\":null", f);
    fprintf(f, ",\"planned_tensors\":%zu,\"scratch_buffers\":%zu,\"planned_bytes\":%lld,"
            "\"peak_live_bytes\":%lld", s->planned_tensors, s->scratch,
            (long long)s->planned_bytes, (long long)s->bounds.live);
    if (rule_allowances(p)) {
        fprintf(f, ",\"overlap_allowances\":%zu,\"lower_bound_with_overlap\":%lld",
                rule_allowances(p), (long long)s->bounds.lower);
        json_kv_str(f, "note", p->note, 1);
    }
    print_litert(f, lit, 1);
}

/* The JSON's arena: TFLM's whole arena with the model as it is (TFLM planning the head itself,
 * honouring the model's own offline plan), its head and tail, and "tflm"; the head alone (stock
 * TFLM's) when the arena is unknown. */
static void json_arena(FILE *f, const ap_problem *p, const ap_tflm_arena *a, const char *unknown)
{
    int64_t head = a ? a->head : ap__stock_head(p);
    ap__json_arena(f, a ? a->min_arena : -1,
                   a ? NULL : p->origin == AP_ORIGIN_TFLITE
                              ? "TensorFlow Lite's interpreter (--runtime tflite) has no TFLM arena"
                              : unknown ? unknown : "TFLM's whole arena was not computed");
    if (head >= 0 && (a || p->origin == AP_ORIGIN_TFLM))
        fprintf(f, ",\"head_bytes\":%lld", (long long)head);
    else
        fputs(",\"head_bytes\":null", f);
    if (!a) {
        fputs(",\"tail_bytes\":null", f);
        return;
    }
    fprintf(f, ",\"tail_bytes\":%lld,\"tflm\":{\"target\":", (long long)a->tail);
    ap_json_string(f, a->target);
    fputs(",\"kernels\":", f);
    ap_json_string(f, a->kernels);
    fprintf(f, ",\"head\":%lld,\"tail\":%lld,\"used\":%lld,\"min_arena\":%lld,\"tail_breakdown\":{",
            (long long)a->head, (long long)a->tail, (long long)a->used, (long long)a->min_arena);
    for (int c = 0; c < AP_TFLM_CATEGORIES; c++)
        fprintf(f, "%s\"%s\":%lld", c ? "," : "", ap_tflm_category_name(c), (long long)a->cat[c].bytes);
    fputs("}}", f);
}

/* The JSON's buffers, one object each. */
static void json_buffers(FILE *f, const ap_problem *p)
{
    fputs(",\"buffers\":[", f);
    for (size_t i = 0; i < p->n; i++) {
        const ap_buffer *b = &p->buf[i];
        fputs(i ? ",{" : "{", f);
        json_kv_str(f, "id", b->id, 0);
        json_kv_str(f, "name", b->name, 1);
        fprintf(f, ",\"subgraph\":%d", (int)b->subgraph);
        if (b->tensor >= 0)
            fprintf(f, ",\"tensor\":%d", (int)b->tensor);
        else
            fputs(",\"tensor\":null", f);
        json_kv_str(f, "kind", kind_name(b->kind), 1);
        fprintf(f, ",\"size\":%lld,\"lower\":%lld,\"upper\":%lld", (long long)b->size,
                (long long)b->lower, (long long)b->upper);
        if (b->fixed != AP_UNFIXED)
            fprintf(f, ",\"fixed_offset\":%lld", (long long)b->fixed);
        else
            fputs(",\"fixed_offset\":null", f);
        json_kv_str(f, "producer", b->producer, 1);
        json_kv_str(f, "consumers", b->consumers, 1);
        fputc('}', f);
    }
    fputs("]}\n", f);
}


ap_status ap_model_summary_compute(const ap_tfl_model *m, const ap_problem *p,
                                   ap_model_summary *s, ap_error *err)
{
    if (summarize(m, p, s) != 0) {
        ap_model_summary_free(s);
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory summarizing the model");
    }
    return AP_OK;
}

void ap_model_summary_free(ap_model_summary *s)
{
    free(s->ops);
    memset(s, 0, sizeof *s);
}

static ap_status written(FILE *f, ap_error *err)
{
    return ferror(f) ? ap_error_set(err, AP_ERR_IO, "write error") : AP_OK;
}

ap_status ap_write_inspect_table(FILE *f, const ap_tfl_model *m, const ap_problem *p,
                                 const ap_model_summary *s, const ap_inspect_options *o,
                                 ap_error *err)
{
    print_graph(f, o->path, m, p, s, o->kernels, o->litert);
    if (p)
        print_planned(f, p, s, o->litert, o->arena, o->arena ? NULL : o->arena_unknown,
                      o->reorder_line);
    return written(f, err);
}

ap_status ap_write_inspect_json(FILE *f, const ap_tfl_model *m, const ap_problem *p,
                                const ap_model_summary *s, const ap_inspect_options *o,
                                ap_error *err)
{
    if (!p)
        return ap_error_set(err, AP_ERR_USAGE, "inspect's JSON needs the model's problem");
    json_graph(f, o->path, m, p, s, o->kernels, o->litert);
    json_arena(f, p, o->arena, o->arena_unknown);
    json_buffers(f, p);
    return written(f, err);
}

ap_status ap_write_inspect_csv(FILE *f, const ap_problem *p, ap_error *err)
{
    return ap_csv_write(f, p, NULL, err);
}
