/*
 * verify.c - a generated model read back with arenaplan's reader (ap_tflite_read) and compared
 * with its spec: subgraphs, tensors (type, shape, constant, variable, quantization counts and
 * dimension), operators (code, custom code, inputs, outputs, options member, custom options),
 * subgraph inputs and outputs. A model the spec says the reader refuses must be refused with
 * the message given.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "arenaplan/tflite.h"
#include "opgen.h"
#include "tflite/fb.h"
#include "tflite/flexbuf.h"

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return -1;
}

static int same_list(const int32_t *a, uint32_t na, const int32_t *b, int nb)
{
    if ((int)na != nb)
        return 0;
    for (int i = 0; i < nb; i++)
        if (a[i] != b[i])
            return 0;
    return 1;
}

/* The scale count the builder writes for tensor t of g (a bias derives its own). */
static int written_scales(const og_graph *g, const og_tensor *t)
{
    if (t->fill == OG_FILL_BIAS && !t->n_scale && t->type != AP_TFL_FLOAT32) {
        int n = g->t[t->bias_filter].n_scale;
        return n > 0 && n <= 1024 ? n : 1;
    }
    return t->n_scale;
}

static int check_tensor(const og_model *m, const og_graph *g, int i, const ap_tfl_tensor *r,
                        char *err, size_t errlen)
{
    const og_tensor *t = &g->t[i];
    const char *where = m->name;
    if (strcmp(r->name, t->name))
        return fail(err, errlen, "%s: tensor %d named \"%s\", spec \"%s\"", where, i, r->name,
                    t->name);
    if (r->type != t->type)
        return fail(err, errlen, "%s: tensor %s has type %d, spec %d", where, t->name, r->type,
                    t->type);
    /* The reader resolves a RESHAPE output's -1 dimensions (ap_tfl_tensor.n_stretch). */
    int stretch = 0, same = (int)r->rank == t->rank;
    for (int d = 0; same && d < t->rank; d++) {
        stretch += t->shape[d] == -1;
        same = t->shape[d] == -1 ? r->shape[d] >= 0 : r->shape[d] == t->shape[d];
    }
    if (!same || (uint32_t)stretch != r->n_stretch)
        return fail(err, errlen, "%s: tensor %s: shape differs from the spec", where, t->name);
    if (r->is_constant != (t->fill != OG_FILL_NONE))
        return fail(err, errlen, "%s: tensor %s: constant %d, spec %d", where, t->name,
                    r->is_constant, t->fill != OG_FILL_NONE);
    if (r->is_variable != t->variable)
        return fail(err, errlen, "%s: tensor %s: variable %d, spec %d", where, t->name,
                    r->is_variable, t->variable);
    int ns = written_scales(g, t), nz = t->fill == OG_FILL_BIAS && !t->n_scale ? ns : t->n_zp;
    if ((int)r->n_scales != ns || (int)r->n_zero_points != nz)
        return fail(err, errlen, "%s: tensor %s: %u scales, %u zero points; spec %d, %d", where,
                    t->name, r->n_scales, r->n_zero_points, ns, nz);
    if ((ns || nz) && r->quantized_dimension != t->qdim)
        return fail(err, errlen, "%s: tensor %s: quantized dimension %d, spec %d", where,
                    t->name, r->quantized_dimension, t->qdim);
    return 0;
}

static int check_op(const og_model *m, int gi, int o, const ap_tfl_model *rm,
                    const ap_tfl_operator *r, char *err, size_t errlen)
{
    const og_op *op = &m->g[gi].op[o];
    const og_opt_table *tab = og_opt_table_for(op->builtin);
    if (r->builtin != op->builtin)
        return fail(err, errlen, "%s: operator %d of subgraph %d has code %d, spec %d", m->name,
                    o, gi, r->builtin, op->builtin);
    const char *cc = rm->opcodes[r->opcode_index].custom_code;
    if (op->builtin == AP_TFL_OP_CUSTOM && (!cc || strcmp(cc, op->custom)))
        return fail(err, errlen, "%s: operator %d: custom code \"%s\", spec \"%s\"", m->name, o,
                    cc ? cc : "(none)", op->custom);
    if (!same_list(r->inputs, r->n_inputs, op->in, op->n_in) ||
        !same_list(r->outputs, r->n_outputs, op->out, op->n_out) ||
        !same_list(r->intermediates, r->n_intermediates, op->inter, op->n_inter))
        return fail(err, errlen, "%s: operator %d: inputs, outputs or intermediates differ",
                    m->name, o);
    int want = tab && !op->no_options && tab->which == 1 ? tab->union_type : 0;
    int want2 = tab && !op->no_options && tab->which == 2 ? tab->union_type : 0;
    if (r->options_type != want || r->options2_type != want2)
        return fail(err, errlen, "%s: operator %d: options member %u (options 2: %u), spec %d (%d)",
                    m->name, o, r->options_type, r->options2_type, want, want2);
    if ((r->custom_options_pos != 0) != (op->has_cust != 0))
        return fail(err, errlen, "%s: operator %d: custom options %s", m->name, o,
                    op->has_cust ? "missing" : "unexpected");
    for (int k = 0; k < op->n_cust; k++) { /* the FlexBuffer map, through the library's reader */
        int64_t v = 0;
        double spec_v = op->cust_kind[k] == 'f' ? op->cust_f[k] : (double)op->cust_i[k];
        int got = ap__flexbuf_map_int(rm->data + r->custom_options_pos, r->custom_options_len,
                                   op->cust_key[k], &v);
        if (got != 1 || v != (int64_t)spec_v)
            return fail(err, errlen, "%s: operator %d: custom option %s reads %lld, spec %g",
                        m->name, o, op->cust_key[k], (long long)v, spec_v);
    }
    return 0;
}

int og_verify(const og_model *m, const unsigned char *data, size_t len, char *err,
              size_t errlen)
{
    ap_tfl_model *rm = NULL;
    ap_error e = {0};
    ap_status st = ap_tflite_read(data, len, &rm, &e);
    if (m->reader_refuses) {
        if (st == AP_OK) {
            ap_tflite_free(rm);
            return fail(err, errlen, "%s: the reader was expected to refuse it", m->name);
        }
        if (!strstr(e.msg, m->reader_text))
            return fail(err, errlen, "%s: the reader refused it with \"%s\", spec \"%s\"",
                        m->name, e.msg, m->reader_text);
        return 0;
    }
    if (st != AP_OK)
        return fail(err, errlen, "%s: the reader refused it: %s", m->name, e.msg);
    int rc = 0;
    if ((int)rm->n_subgraphs != m->n_g)
        rc = fail(err, errlen, "%s: %u subgraphs, spec %d", m->name, rm->n_subgraphs, m->n_g);
    for (int g = 0; g < m->n_g && rc == 0; g++) {
        const og_graph *sg = &m->g[g];
        const ap_tfl_subgraph *rg = &rm->subgraphs[g];
        if ((int)rg->n_tensors != sg->n_t || (int)rg->n_ops != sg->n_op) {
            rc = fail(err, errlen, "%s: subgraph %d: %u tensors, %u operators; spec %d, %d",
                      m->name, g, rg->n_tensors, rg->n_ops, sg->n_t, sg->n_op);
            break;
        }
        if (!same_list(rg->inputs, rg->n_inputs, sg->in, sg->n_in) ||
            !same_list(rg->outputs, rg->n_outputs, sg->out, sg->n_out))
            rc = fail(err, errlen, "%s: subgraph %d: inputs or outputs differ", m->name, g);
        for (int i = 0; i < sg->n_t && rc == 0; i++)
            rc = check_tensor(m, sg, i, &rg->tensors[i], err, errlen);
        for (int o = 0; o < sg->n_op && rc == 0; o++)
            rc = check_op(m, g, o, rm, &rg->ops[o], err, errlen);
    }
    if (rc == 0 && (rm->offline.present != (m->offline != NULL) ||
                    (m->offline && !same_list(rm->offline.offsets, rm->offline.n, m->offline,
                                              m->n_offline))))
        rc = fail(err, errlen, "%s: the offline plan differs from the spec", m->name);
    ap_tflite_free(rm);
    return rc;
}
