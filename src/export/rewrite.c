/*
 * rewrite.c - a copy of a .tflite file with metadata entries set or removed, every other byte
 * kept (docs/embed.md, "How the rest of the model is preserved").
 *
 * A FlatBuffer holds only relative offsets (uoffsets point forward from where they are
 * stored; a table finds its vtable by a signed distance), plus the root offset at byte 0. So
 * the whole input can be moved, byte for byte, behind a new header without changing a single
 * reference inside it, as long as every absolute position stays meaningful (the root offset,
 * which the new header replaces, and the rare Buffer.offset / Operator.large_custom_options
 * fields of models over 2 GB, which are refused). Two ways, both checked afterwards:
 *
 * - in place: when every entry to set already exists exactly once, in a buffer of its own of
 *   exactly the new length at a 16-aligned position, and nothing is to be removed, the new
 *   bytes overwrite the old ones. The file keeps its size and every other byte. Embedding the
 *   same plan twice therefore gives the same file.
 * - moved: a new header [root offset, "TFL3", new Model table, new buffers and metadata
 *   vectors, new Metadata and Buffer tables, their strings and data] is followed by the whole
 *   input, moved by a multiple of 16 bytes so that every byte keeps its alignment modulo 16
 *   (TFLite aligns buffer data to 16). The new Model table copies the old one's fields, each
 *   offset re-aimed at the moved target; a Model field this file does not know (schema ids 8
 *   and up) is refused, since its type - offset or scalar - would be a guess. Old buffers and
 *   metadata tables are referenced where they lie; the data of a replaced entry stays in the
 *   file, unreferenced.
 *
 * Before returning, the copy is read back and compared with the input (ap_tflite_diff): same
 * graph, same bytes and alignment for every buffer, same metadata except the edited names.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arenaplan/embed.h"
#include "arenaplan/tflite.h"
#include "core/util.h"
#include "export/fbw.h"
#include "tflite/fb.h"

#define MAX_NAME 255                  /* longest metadata name accepted */
/* The Model fields a rewrite carries: version .. signature_defs. The two after them
 * (external_buffer_groups, external_buffers: data outside the FlatBuffer) are refused. */
#define MODEL_FIELDS AP_TFL_F_MODEL_EXTERNAL_BUFFER_GROUPS

/* ---- What the edits ask ------------------------------------------------------------------- */

static long find_edit(const ap_tfl_metadata_edit *e, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(e[i].name, name) == 0)
            return (long)i;
    return -1;
}

static ap_status check_edits(const ap_tfl_metadata_edit *e, size_t n, size_t len, ap_error *err)
{
    size_t total = len;
    for (size_t i = 0; i < n; i++) {
        size_t nl = e[i].name ? strlen(e[i].name) : 0;
        if (nl == 0 || nl > MAX_NAME)
            return ap_error_set(err, AP_ERR_USAGE, "metadata edit %zu: a name of 1 to %d bytes "
                                "is needed", i, MAX_NAME);
        if (find_edit(e, i, e[i].name) >= 0)
            return ap_error_set(err, AP_ERR_USAGE, "metadata edit %zu: \"%s\" is edited twice",
                                i, e[i].name);
        if (!e[i].remove && e[i].len && !e[i].data)
            return ap_error_set(err, AP_ERR_USAGE, "metadata edit %zu (\"%s\"): %zu bytes "
                                "announced but no data given", i, e[i].name, e[i].len);
        /* Each edit adds at most its data, its name and a few tables. */
        size_t add = (e[i].remove ? 0 : e[i].len) + nl + 128;
        if (add > AP__FBW_MAX_FILE || total > AP__FBW_MAX_FILE - add)
            return ap_error_set(err, AP_ERR_USAGE, "the model would grow past 2 GB, the "
                                "FlatBuffer format's limit");
        total += add;
    }
    return AP_OK;
}

/* How many places name buffer b: tensors of every subgraph and metadata entries. */
static size_t buffer_users(const ap_tfl_model *m, uint32_t b)
{
    size_t users = 0;
    for (uint32_t s = 0; s < m->n_subgraphs; s++)
        for (uint32_t t = 0; t < m->subgraphs[s].n_tensors; t++)
            users += m->subgraphs[s].tensors[t].buffer == b;
    for (uint32_t k = 0; k < m->n_metadata; k++)
        users += m->metadata[k].buffer == b;
    return users;
}

/* Whether buffer b's data bytes are its own: no other buffer's data shares any of them (a
 * FlatBuffer writer may deduplicate equal vectors). */
static int data_exclusive(const ap_tfl_model *m, uint32_t b)
{
    const ap_tfl_buffer *x = &m->buffers[b];
    if (!x->data_len_pos)
        return 0;
    for (uint32_t k = 0; k < m->n_buffers; k++) {
        const ap_tfl_buffer *y = &m->buffers[k];
        if (k == b || !y->data_len_pos)
            continue;
        /* Length words and data: [len_pos, data_pos + data_len). */
        if (y->data_len_pos < x->data_pos + x->data_len &&
            x->data_len_pos < y->data_pos + y->data_len)
            return 0;
    }
    return 1;
}

/* Whether metadata entry k's buffer may simply be given new bytes: named by nothing else, no
 * Buffer.offset or size (data outside the FlatBuffer), a data vector of its own. */
static int entry_owns_buffer(const ap_tfl_model *m, uint32_t k)
{
    uint32_t b = m->metadata[k].buffer;
    const ap_tfl_buffer *x = &m->buffers[b];
    return buffer_users(m, b) == 1 && x->ext_offset == 0 && x->ext_size == 0 &&
           data_exclusive(m, b);
}

/* The last metadata entry named name, or -1; *count gets how many there are. */
static long last_entry(const ap_tfl_model *m, const char *name, size_t *count)
{
    long last = -1;
    *count = 0;
    for (uint32_t k = 0; k < m->n_metadata; k++)
        if (strcmp(m->metadata[k].name, name) == 0) {
            last = (long)k;
            ++*count;
        }
    return last;
}

static int can_write_in_place(const ap_tfl_model *m, const ap_tfl_metadata_edit *e, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        size_t count;
        long k = last_entry(m, e[i].name, &count);
        if (e[i].remove) {
            if (count)
                return 0;
            continue;
        }
        if (count != 1 || !entry_owns_buffer(m, (uint32_t)k))
            return 0;
        const ap_tfl_buffer *x = &m->buffers[m->metadata[k].buffer];
        if (x->data_len != e[i].len || x->data_pos % 16)
            return 0;
    }
    return 1;
}

/* ---- The moved layout ----------------------------------------------------------------------- */

/* Refuses what cannot move: absolute file positions, and Model fields of unknown type. */
static ap_status check_movable(const ap_tfl_model *m, const ap__fb *fb, const ap__fb_table *model,
                               ap_error *err)
{
    ap_status st;
    for (unsigned id = MODEL_FIELDS; 4 + 2 * (size_t)id + 2 <= model->vt_size; id++) {
        size_t pos;
        if ((st = ap__fb_field(fb, model, id, 0, "model", &pos, err)) != AP_OK)
            return st;
        if (pos)
            return ap_error_set(err, AP_ERR_INPUT,
                                "the Model table (byte %zu) has field %u, which the TFLite schema "
                                "arenaplan knows does not define; arenaplan cannot move the "
                                "table without knowing that field's type", model->pos, id);
    }
    /* Every offset the new Model table re-aims must lead into the file (the reader follows
     * all of them but metadata_buffer). */
    for (unsigned id = AP_TFL_F_MODEL_OPERATOR_CODES; id < MODEL_FIELDS; id++) {
        size_t pos, target;
        if (id == AP_TFL_F_MODEL_BUFFERS || id == AP_TFL_F_MODEL_METADATA)
            continue;
        if ((st = ap__fb_field(fb, model, id, 4, "model", &pos, err)) != AP_OK)
            return st;
        if (pos && (st = ap__fb_deref(fb, pos, 4, id == AP_TFL_F_MODEL_METADATA_BUFFER
                                                    ? "model: metadata_buffer" : "model",
                                      &target, err)) != AP_OK)
            return st;
        if (pos && id == AP_TFL_F_MODEL_METADATA_BUFFER &&
            (size_t)ap__fb_u32(fb, target) > (fb->len - target - 4) / 4)
            return ap_error_set(err, AP_ERR_INPUT, "model: metadata_buffer: vector at byte %zu "
                                "runs past the end of the file (%zu bytes)", target, fb->len);
    }
    /* The schema: these offsets count from the file's start and are valid only above 1. */
    for (uint32_t b = 0; b < m->n_buffers; b++)
        if (m->buffers[b].ext_offset > 1)
            return ap_error_set(err, AP_ERR_INPUT,
                                "buffer %u (table at byte %zu) keeps its data outside the "
                                "FlatBuffer (Buffer.offset %llu, size %llu, a format for models "
                                "over 2 GB) at an absolute file position; arenaplan does not "
                                "rewrite such models", b, m->buffers[b].table_pos,
                                (unsigned long long)m->buffers[b].ext_offset,
                                (unsigned long long)m->buffers[b].ext_size);
    for (uint32_t s = 0; s < m->n_subgraphs; s++)
        for (uint32_t i = 0; i < m->subgraphs[s].n_ops; i++) {
            /* Operator.large_custom_options_offset: an absolute file position. */
            ap__fb_table t;
            uint64_t v;
            if ((st = ap__fb_table_at(fb, m->subgraphs[s].ops[i].table_pos, "operator", &t,
                                      err)) != AP_OK ||
                (st = ap__fb_get_u64(fb, &t, AP_TFL_F_OPERATOR_LARGE_CUSTOM_OPTIONS_OFFSET, 0,
                                    "operator", &v, err)) != AP_OK)
                return st;
            if (v > 1)
                return ap_error_set(err, AP_ERR_INPUT,
                                    "subgraph %u operator %u keeps its custom options outside "
                                    "the FlatBuffer (large_custom_options_offset %llu, for "
                                    "models over 2 GB); arenaplan does not rewrite such models",
                                    s, i, (unsigned long long)v);
        }
    return AP_OK;
}

/* One entry of the new metadata vector. */
typedef struct out_entry {
    long old;          /* old Metadata table kept as it is (index), or -1: a new table */
    size_t edit;       /* for new tables: the edit giving name and data */
    uint32_t buffer;   /* for new tables: the buffer index */
} out_entry;

/* A buffer slot that gets a new Buffer table. */
typedef struct out_buffer {
    uint32_t index;
    size_t edit;
} out_buffer;

typedef struct plan_out {
    out_entry *entries;
    size_t n_entries;
    out_buffer *bufs;
    size_t n_bufs;
    uint32_t n_buffers; /* the new buffers vector's length */
} plan_out;

static ap_status plan_moved(const ap_tfl_model *m, const ap_tfl_metadata_edit *e, size_t n,
                            plan_out *po, ap_error *err)
{
    po->entries = ap__alloc((size_t)m->n_metadata + n + 1, sizeof *po->entries);
    po->bufs = ap__alloc(n + 1, sizeof *po->bufs);
    po->n_entries = po->n_bufs = 0;
    po->n_buffers = m->n_buffers;
    if (!po->entries || !po->bufs)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory rewriting the model");
    size_t *done = ap__zalloc(n + 1, sizeof *done);
    if (!done)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory rewriting the model");
    for (uint32_t k = 0; k < m->n_metadata; k++) {
        long i = find_edit(e, n, m->metadata[k].name);
        size_t count;
        if (i < 0) {
            po->entries[po->n_entries++] = (out_entry){(long)k, 0, 0};
            continue;
        }
        /* An edited name: removed, or kept once, at the place of its last entry (TFLM reads
         * the last one). */
        if (e[i].remove || last_entry(m, e[i].name, &count) != (long)k)
            continue;
        done[i] = 1;
        if (entry_owns_buffer(m, k)) {
            /* The old Metadata table still names the right buffer: keep it, give the buffer a
             * new table. */
            po->entries[po->n_entries++] = (out_entry){(long)k, 0, 0};
            po->bufs[po->n_bufs++] = (out_buffer){m->metadata[k].buffer, (size_t)i};
        } else {
            po->entries[po->n_entries++] = (out_entry){-1, (size_t)i, po->n_buffers};
            po->bufs[po->n_bufs++] = (out_buffer){po->n_buffers++, (size_t)i};
        }
    }
    for (size_t i = 0; i < n; i++)
        if (!e[i].remove && !done[i]) {
            po->entries[po->n_entries++] = (out_entry){-1, i, po->n_buffers};
            po->bufs[po->n_bufs++] = (out_buffer){po->n_buffers++, i};
        }
    free(done);
    if (po->n_buffers < m->n_buffers) /* wrapped past 2^32 buffers */
        return ap_error_set(err, AP_ERR_INPUT, "the model has too many buffers to add one");
    return AP_OK;
}

/* The root offset, the identifier and a new Model table: every field up to MODEL_FIELDS kept
 * (offsets aimed at their moved targets), buffers and metadata pointing at vectors written
 * next (*buffers_ref, *metadata_ref: where their offsets go; 0 when absent). */
static ap_status write_model_table(ap__fbw *w, const ap__fb *fb, const ap__fb_table *model,
                                   const plan_out *po, size_t *buffers_ref, size_t *metadata_ref,
                                   ap_error *err)
{
    size_t field_pos[MODEL_FIELDS];
    int present[MODEL_FIELDS];
    unsigned nfields = 0;
    ap_status st;
    for (unsigned id = 0; id < MODEL_FIELDS; id++) {
        if ((st = ap__fb_field(fb, model, id, 4, "model", &field_pos[id], err)) != AP_OK)
            return st;
        present[id] = field_pos[id] != 0;
    }
    present[AP_TFL_F_MODEL_BUFFERS] = present[AP_TFL_F_MODEL_BUFFERS] || po->n_buffers > 0;
    present[AP_TFL_F_MODEL_METADATA] = present[AP_TFL_F_MODEL_METADATA] || po->n_entries > 0;
    for (unsigned id = 0; id < MODEL_FIELDS; id++)
        nfields += (unsigned)present[id];

    /* Root offset and identifier. */
    size_t root_at = w->n;
    ap__fbw_int(w, 0, 4);
    ap__fbw_bytes(w, "TFL3", 4);
    /* Model vtable: every field id up to metadata's last, in id order. */
    size_t vt = w->n;
    ap__fbw_int(w, (uint16_t)(4 + 2 * MODEL_FIELDS), 2);
    ap__fbw_int(w, (uint16_t)(4 + 4 * nfields), 2);
    for (unsigned id = 0, slot = 0; id < MODEL_FIELDS; id++)
        ap__fbw_int(w, present[id] ? (uint16_t)(4 + 4 * slot++) : 0, 2);
    ap__fbw_pad(w, 4, 0);
    size_t table = w->n;
    if (!w->nomem)
        ap__fbw_put_u32(w->p + root_at, (uint32_t)table);
    ap__fbw_int(w, (uint32_t)(table - vt), 4); /* soffset: vtable = table - soffset */
    *buffers_ref = *metadata_ref = 0;
    for (unsigned id = 0; id < MODEL_FIELDS; id++) {
        if (!present[id])
            continue;
        if (id == AP_TFL_F_MODEL_BUFFERS) {
            *buffers_ref = w->n;
            ap__fbw_int(w, 0, 4);
        } else if (id == AP_TFL_F_MODEL_METADATA) {
            *metadata_ref = w->n;
            ap__fbw_int(w, 0, 4);
        } else if (id == AP_TFL_F_MODEL_VERSION) {
            ap__fbw_int(w, ap__fb_u32(fb, field_pos[id]), 4); /* version: a scalar, copied */
        } else {
            /* An offset: aim it at the same (moved) target. */
            ap__fbw_ref(w, field_pos[id] + ap__fb_u32(fb, field_pos[id]), 1);
        }
    }
    return AP_OK;
}

/* The buffers and metadata vectors: the old tables where they lie, a slot for each new table
 * (new_buf_ref[k], new_md_ref[k]: where its offset goes). */
static void write_vectors(ap__fbw *w, const ap_tfl_model *m, const plan_out *po, size_t buffers_ref,
                          size_t metadata_ref, size_t *new_buf_ref, size_t *new_md_ref)
{
    size_t buffers_vec = w->n, metadata_vec;
    ap__fbw_int(w, po->n_buffers, 4);
    for (uint32_t b = 0; b < po->n_buffers; b++) {
        size_t k;
        for (k = 0; k < po->n_bufs && po->bufs[k].index != b; k++)
            ;
        if (k < po->n_bufs) {
            new_buf_ref[k] = w->n;
            ap__fbw_int(w, 0, 4);
        } else {
            ap__fbw_ref(w, m->buffers[b].table_pos, 1);
        }
    }
    metadata_vec = w->n;
    ap__fbw_int(w, (uint32_t)po->n_entries, 4);
    for (size_t k = 0; k < po->n_entries; k++) {
        if (po->entries[k].old >= 0) {
            ap__fbw_ref(w, m->metadata[po->entries[k].old].table_pos, 1);
        } else {
            new_md_ref[k] = w->n;
            ap__fbw_int(w, 0, 4);
        }
    }
    if (!w->nomem) {
        if (buffers_ref)
            ap__fbw_put_u32(w->p + buffers_ref, (uint32_t)(buffers_vec - buffers_ref));
        if (metadata_ref)
            ap__fbw_put_u32(w->p + metadata_ref, (uint32_t)(metadata_vec - metadata_ref));
    }
}

/* New Metadata tables (name, buffer) sharing one vtable, then their names. */
static ap_status write_metadata_tables(ap__fbw *w, const ap_tfl_metadata_edit *e, const plan_out *po,
                                       const size_t *new_md_ref, ap_error *err)
{
    size_t md_vt = w->n, n_new_md = 0;
    for (size_t k = 0; k < po->n_entries; k++)
        n_new_md += po->entries[k].old < 0;
    if (n_new_md) {
        ap__fbw_int(w, 8, 2);  /* vtable size */
        ap__fbw_int(w, 12, 2); /* table size: soffset, name, buffer */
        ap__fbw_int(w, 4, 2);  /* name */
        ap__fbw_int(w, 8, 2);  /* buffer */
    }
    size_t *name_ref = ap__zalloc(po->n_entries + 1, sizeof *name_ref);
    if (!name_ref)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory rewriting the model");
    for (size_t k = 0; k < po->n_entries; k++) {
        if (po->entries[k].old >= 0)
            continue;
        size_t t = w->n;
        if (!w->nomem)
            ap__fbw_put_u32(w->p + new_md_ref[k], (uint32_t)(t - new_md_ref[k]));
        ap__fbw_int(w, (uint32_t)(t - md_vt), 4);
        name_ref[k] = w->n;
        ap__fbw_int(w, 0, 4);
        ap__fbw_int(w, po->entries[k].buffer, 4);
    }
    for (size_t k = 0; k < po->n_entries; k++) {
        if (po->entries[k].old >= 0)
            continue;
        const char *name = e[po->entries[k].edit].name;
        size_t s = w->n;
        if (!w->nomem)
            ap__fbw_put_u32(w->p + name_ref[k], (uint32_t)(s - name_ref[k]));
        ap__fbw_int(w, (uint32_t)strlen(name), 4);
        ap__fbw_bytes(w, name, strlen(name) + 1); /* with the NUL FlatBuffers strings carry */
        ap__fbw_pad(w, 4, 0);
    }
    free(name_ref);
    return AP_OK;
}

/* New Buffer tables (data) sharing one vtable, then their data, 16-aligned. */
static ap_status write_buffer_tables(ap__fbw *w, const ap_tfl_metadata_edit *e, const plan_out *po,
                                     const size_t *new_buf_ref, ap_error *err)
{
    size_t buf_vt = w->n;
    if (po->n_bufs) {
        ap__fbw_int(w, 6, 2); /* vtable size */
        ap__fbw_int(w, 8, 2); /* table size: soffset, data */
        ap__fbw_int(w, 4, 2); /* data */
        ap__fbw_pad(w, 4, 0);
    }
    size_t *data_ref = ap__zalloc(po->n_bufs + 1, sizeof *data_ref);
    if (!data_ref)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory rewriting the model");
    for (size_t k = 0; k < po->n_bufs; k++) {
        size_t t = w->n;
        if (!w->nomem)
            ap__fbw_put_u32(w->p + new_buf_ref[k], (uint32_t)(t - new_buf_ref[k]));
        ap__fbw_int(w, (uint32_t)(t - buf_vt), 4);
        data_ref[k] = w->n;
        ap__fbw_int(w, 0, 4);
    }
    for (size_t k = 0; k < po->n_bufs; k++) {
        const ap_tfl_metadata_edit *x = &e[po->bufs[k].edit];
        ap__fbw_pad(w, 16, 4); /* the data, after its length word, starts 16-aligned */
        if (!w->nomem)
            ap__fbw_put_u32(w->p + data_ref[k], (uint32_t)(w->n - data_ref[k]));
        ap__fbw_int(w, (uint32_t)x->len, 4);
        ap__fbw_bytes(w, x->data, x->len);
    }
    free(data_ref);
    return AP_OK;
}

/* The input follows the new header, moved by *shift, a multiple of 16; the references into it
 * are resolved now that the shift is known. */
static ap_status append_input(ap__fbw *w, const ap_tfl_model *m, size_t *shift, ap_error *err)
{
    ap_status st = ap__fbw_append_input(w, m->data, m->len, shift);
    if (st == AP_ERR_NOMEM)
        return ap_error_set(err, st, "out of memory rewriting the model");
    if (st != AP_OK)
        return ap_error_set(err, st, "the model would grow past 2 GB, the FlatBuffer format's "
                            "limit");
    return AP_OK;
}

/* The moved copy: a new header (Model table, its buffers and metadata vectors, the new
 * tables and their bytes), then the whole input. */
static ap_status write_moved(const ap_tfl_model *m, const ap__fb *fb, const ap__fb_table *model,
                             const ap_tfl_metadata_edit *e, const plan_out *po, unsigned char **out,
                             size_t *out_len, size_t *shift, ap_error *err)
{
    ap__fbw w = {0};
    size_t buffers_ref, metadata_ref;
    size_t *new_buf_ref = ap__zalloc(po->n_bufs + 1, sizeof *new_buf_ref);
    size_t *new_md_ref = ap__zalloc(po->n_entries + 1, sizeof *new_md_ref);
    ap_status st;
    if (!new_buf_ref || !new_md_ref)
        st = ap_error_set(err, AP_ERR_NOMEM, "out of memory rewriting the model");
    else if ((st = write_model_table(&w, fb, model, po, &buffers_ref, &metadata_ref, err)) ==
             AP_OK) {
        write_vectors(&w, m, po, buffers_ref, metadata_ref, new_buf_ref, new_md_ref);
        if ((st = write_metadata_tables(&w, e, po, new_md_ref, err)) == AP_OK &&
            (st = write_buffer_tables(&w, e, po, new_buf_ref, err)) == AP_OK &&
            (st = append_input(&w, m, shift, err)) == AP_OK) {
            *out = w.p;
            *out_len = w.n;
            w.p = NULL;
        }
    }
    free(new_buf_ref);
    free(new_md_ref);
    ap__fbw_free(&w);
    return st;
}

/* ---- Checking the copy -------------------------------------------------------------------- */

static ap_status check_copy(const ap_tfl_model *in, const unsigned char *data, size_t len,
                            const ap_tfl_metadata_edit *e, size_t n, ap_error *err)
{
    ap_tfl_model *out = NULL;
    ap_error e2 = {AP_OK, ""};
    const char **names = ap__alloc(n + 1, sizeof *names);
    ap_status st;
    if (!names)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory checking the rewritten model");
    for (size_t i = 0; i < n; i++)
        names[i] = e[i].name;
    if ((st = ap_tflite_read(data, len, &out, &e2)) != AP_OK) {
        st = ap_error_set(err, AP_ERR_INVALID, "internal error: the rewritten model does not "
                          "read back: %s", e2.msg);
        goto done;
    }
    if ((st = ap_tflite_diff(in, out, names, n, &e2)) != AP_OK) {
        st = ap_error_set(err, AP_ERR_INVALID, "internal error: the rewritten model differs "
                          "from the input: %s", e2.msg);
        goto done;
    }
    for (size_t i = 0; i < n; i++) {
        size_t count;
        long k = last_entry(out, e[i].name, &count);
        const ap_tfl_buffer *b = k >= 0 ? &out->buffers[out->metadata[k].buffer] : NULL;
        if (e[i].remove ? count != 0
                        : count != 1 || b->data_len != e[i].len || b->data_pos % 16 ||
                              (e[i].len && memcmp(data + b->data_pos, e[i].data, e[i].len))) {
            st = ap_error_set(err, AP_ERR_INVALID, "internal error: metadata \"%s\" did not come "
                              "out as asked in the rewritten model", e[i].name);
            goto done;
        }
    }
done:
    free(names);
    ap_tflite_free(out);
    return st;
}

ap_status ap_tflite_set_metadata(const unsigned char *data, size_t len,
                                 const ap_tfl_metadata_edit *edits, size_t n_edits,
                                 unsigned char **out, size_t *out_len, size_t *shift,
                                 ap_error *err)
{
    ap_tfl_model *m = NULL;
    plan_out po = {0};
    unsigned char *res = NULL;
    size_t res_len = 0, moved = 0;
    ap_status st;
    *out = NULL;
    *out_len = 0;
    if (shift)
        *shift = 0;
    if ((st = check_edits(edits, n_edits, len, err)) != AP_OK ||
        (st = ap_tflite_read(data, len, &m, err)) != AP_OK)
        return st;
    if (can_write_in_place(m, edits, n_edits)) {
        if (!(res = malloc(len ? len : 1))) {
            st = ap_error_set(err, AP_ERR_NOMEM, "out of memory rewriting the model");
            goto done;
        }
        memcpy(res, data, len);
        res_len = len;
        for (size_t i = 0; i < n_edits; i++) {
            size_t count;
            long k = last_entry(m, edits[i].name, &count);
            if (!edits[i].remove && edits[i].len)
                memcpy(res + m->buffers[m->metadata[k].buffer].data_pos, edits[i].data,
                       edits[i].len);
        }
    } else {
        ap__fb fb = {data, len};
        ap__fb_table model;
        size_t root;
        if ((st = ap__fb_deref(&fb, 0, 4, "root table", &root, err)) != AP_OK ||
            (st = ap__fb_table_at(&fb, root, "root table", &model, err)) != AP_OK ||
            (st = check_movable(m, &fb, &model, err)) != AP_OK ||
            (st = plan_moved(m, edits, n_edits, &po, err)) != AP_OK ||
            (st = write_moved(m, &fb, &model, edits, &po, &res, &res_len, &moved, err)) != AP_OK)
            goto done;
    }
    if ((st = check_copy(m, res, res_len, edits, n_edits, err)) != AP_OK)
        goto done;
    *out = res;
    *out_len = res_len;
    if (shift)
        *shift = moved;
    res = NULL;
done:
    free(res);
    free(po.entries);
    free(po.bufs);
    ap_tflite_free(m);
    return st;
}
