/*
 * expr.c - evaluates the kernel tables' expressions (the language is described in expr.h).
 *
 * A recursive-descent parser that evaluates as it parses: the expressions are a few dozen
 * characters and each is evaluated once per operator, so there is no tree. A `skip` depth makes
 * the untaken side of && and || (and the whole expression, for ap__expr_check) parse without
 * touching the model, so "exists(in(2)) && type(in(2)) == INT16" never reads a missing tensor.
 */
#include <ctype.h>
#include <math.h>
#include <string.h>

#include "arenaplan/schema.h"
#include "core/util.h"
#include "tflite/flexbuf.h"
#include "tflm_kernels/expr.h"
#include "tflm_kernels/padding.h"

typedef struct xp {
    const char *src;
    const char *p;
    const ap__xctx *c;     /* NULL: check only */
    const ap__target *t;
    int skip;              /* > 0: parse without evaluating */
    ap_status st;
    ap_error *err;
    const ap__xdef *defs;
    size_t n_defs;
    int depth;             /* definitions being evaluated */
    int64_t j;             /* the index of the innermost any() */
} xp;

#define MAX_DEF_DEPTH 16

static int64_t fault(xp *x, ap_status code, const char *what)
{
    /* A syntax error says where; a model fault is about the whole expression. */
    if (x->st == AP_OK && code == AP_ERR_INVALID)
        x->st = ap_error_set(x->err, code, "%s in \"%s\" (at \"%.12s\")", what, x->src, x->p);
    else if (x->st == AP_OK)
        x->st = ap_error_set(x->err, code, "%s in \"%s\"", what, x->src);
    return 0;
}

static void blank(xp *x)
{
    while (*x->p == ' ')
        x->p++;
}

static int eat(xp *x, const char *tok)
{
    blank(x);
    if (*x->p != tok[0]) /* most tries fail here: the operators are tried one by one */
        return 0;
    size_t n = strlen(tok);
    if (strncmp(x->p, tok, n) != 0)
        return 0;
    /* "<" must not take the first half of "<=", "!" of "!=", "=" is never alone */
    if (n == 1 && (tok[0] == '<' || tok[0] == '>' || tok[0] == '!') && x->p[1] == '=')
        return 0;
    if (n == 1 && (tok[0] == '&' || tok[0] == '|'))
        return 0;
    x->p += n;
    return 1;
}

static void need(xp *x, const char *tok)
{
    if (!eat(x, tok))
        fault(x, AP_ERR_INVALID, tok[0] == ')' ? "')' expected" : "',' expected");
}

static int64_t arith(xp *x, int64_t a, int64_t b, char op)
{
    int64_t r = 0;
    if (x->skip || x->st != AP_OK)
        return 0;
    switch (op) {
    case '+':
        if (ap__add_ovf(a, b, &r))
            return fault(x, AP_ERR_INPUT, "an overflow");
        return r;
    case '-':
        if (__builtin_sub_overflow(a, b, &r))
            return fault(x, AP_ERR_INPUT, "an overflow");
        return r;
    case '*':
        if (ap__mul_ovf(a, b, &r))
            return fault(x, AP_ERR_INPUT, "an overflow");
        return r;
    default: /* '/' and '%' */
        if (b == 0)
            return fault(x, AP_ERR_INPUT, "a division by zero");
        if (a == INT64_MIN && b == -1)
            return fault(x, AP_ERR_INPUT, "an overflow");
        return op == '/' ? a / b : a % b;
    }
}

static int64_t expr(xp *x);

/* The tensor named by handle h, or NULL (with a fault) when it is absent. */
static const ap_tfl_tensor *tensor(xp *x, int64_t h)
{
    if (h < 0 || !x->c || h >= (int64_t)x->c->g->n_tensors) {
        fault(x, AP_ERR_INPUT, "a tensor the kernel reads is absent");
        return NULL;
    }
    return &x->c->g->tensors[h];
}

/* in(k), out(k), inter(k): the tensor index, or -1. */
static int64_t slot(const int32_t *v, uint32_t n, int64_t k)
{
    if (k < 0 || k >= (int64_t)n || v[k] < 0)
        return -1;
    return v[k];
}

/* An identifier at x->p (letters, digits, '_'); returns its length. */
static size_t ident(xp *x)
{
    blank(x);
    size_t n = 0;
    while (isalnum((unsigned char)x->p[n]) || x->p[n] == '_')
        n++;
    return n;
}

static int is(const char *s, size_t n, const char *name)
{
    return s[0] == name[0] && strlen(name) == n && memcmp(s, name, n) == 0;
}

static int64_t size_of(xp *x, int want_align)
{
    need(x, "(");
    size_t n = ident(x);
    char name[96];
    if (n == 0 || n >= sizeof name)
        return fault(x, AP_ERR_INVALID, "a struct name expected");
    memcpy(name, x->p, n);
    name[n] = '\0';
    x->p += n;
    need(x, ")");
    ap__layout l;
    ap_error e;
    if (ap__layout_of(x->t, name, &l, &e) != AP_OK)
        return fault(x, AP_ERR_INVALID, "an unknown struct");
    return want_align ? l.align : l.size;
}

/* copt("key") (present: 0 when the kernel reads a missing key, with the model's fault) or
 * has_copt("key") (present: 1, whether the key is there): an integer of the operator's custom
 * options, a FlexBuffer map. */
static int64_t custom_option(xp *x, int present)
{
    need(x, "(");
    blank(x);
    if (*x->p != '"')
        return fault(x, AP_ERR_INVALID, "a quoted option name expected");
    const char *key = ++x->p;
    while (*x->p && *x->p != '"')
        x->p++;
    if (*x->p != '"')
        return fault(x, AP_ERR_INVALID, "an unterminated option name");
    char name[64];
    size_t n = (size_t)(x->p - key);
    x->p++;
    need(x, ")");
    if (n >= sizeof name)
        return fault(x, AP_ERR_INVALID, "an option name too long");
    memcpy(name, key, n);
    name[n] = '\0';
    if (x->skip || x->st != AP_OK)
        return 0;
    const ap_tfl_operator *op = x->c->op;
    int64_t v;
    int found = op->custom_options_pos != 0 &&
                ap__flexbuf_map_int(x->c->m->data + op->custom_options_pos,
                                    op->custom_options_len, name, &v) == 1;
    if (present)
        return found;
    if (!found)
        return fault(x, AP_ERR_INPUT, "a custom option the kernel reads is missing");
    return v;
}

/* TFLM's params of a tensor (TfLiteQuantizationParams): the first scale and zero point when
 * the quantization has both (else 0 and 0; the zero point cast to int32 as TFLM does). */
static void first_quant(const ap_tfl_tensor *t, float *scale, int32_t *zp)
{
    *scale = 0;
    *zp = 0;
    if (t->n_scales == 0 || t->n_zero_points == 0)
        return;
    memcpy(scale, &t->scale0_bits, sizeof *scale);
    *zp = (int32_t)t->zero_point0;
}

/* zero_point(t), scale_cmp(t, num, den) (the scale against num / den in double: -1, 0, 1),
 * pot_scale(t), log2_scale(t) (TFLM's CheckedLog2 of the scale: whether it is a power of two
 * within 1e-3 in the log, and the rounded log2, computed in float as TFLM does). */
static int64_t quant_fn(xp *x, const char *name, const ap_tfl_tensor *t, const int64_t *a)
{
    float s;
    int32_t zp;
    first_quant(t, &s, &zp);
    if (strcmp(name, "zero_point") == 0)
        return zp;
    if (strcmp(name, "scale_cmp") == 0) {
        if (a[2] == 0)
            return fault(x, AP_ERR_INPUT, "a division by zero");
        double v = (double)a[1] / (double)a[2];
        return (double)s < v ? -1 : (double)s > v ? 1 : 0;
    }
    float l2 = logf(s) * (1.0f / logf(2.0f)), r = roundf(l2);
    if (strcmp(name, "pot_scale") == 0)
        return fabsf(l2 - r) < 1e-3f;
    if (!(r > -1e9f && r < 1e9f)) /* log of 0 or of a NaN: TFLM's cast is undefined */
        return fault(x, AP_ERR_INPUT, "the log2 of a scale that is not positive");
    return (int64_t)r;
}

/* value(t, k): element k of constant tensor t's data (INT8, INT16, INT32, INT64, UINT8, BOOL):
 * the model is at fault when t is not constant or has no element k. */
static int64_t element(xp *x, const ap_tfl_tensor *t, int64_t k)
{
    const ap_tfl_model *m = x->c->m;
    int w = t->type == AP_TFL_INT8 || t->type == AP_TFL_UINT8 || t->type == AP_TFL_BOOL ? 1
          : t->type == AP_TFL_INT16 ? 2 : t->type == AP_TFL_INT32 ? 4
          : t->type == AP_TFL_INT64 ? 8 : 0;
    if (w == 0)
        return fault(x, AP_ERR_INPUT, "a value of a tensor type the kernel does not read");
    if (!t->is_constant || t->buffer >= m->n_buffers || k < 0 || k >= t->elements)
        return fault(x, AP_ERR_INPUT, "a constant value the kernel reads is absent");
    const ap_tfl_buffer *b = &m->buffers[t->buffer];
    if (b->data_pos == 0 || (uint64_t)(k + 1) * (uint64_t)w > b->data_len)
        return fault(x, AP_ERR_INPUT, "a constant value the kernel reads is absent");
    const unsigned char *p = m->data + b->data_pos + (size_t)k * (size_t)w;
    uint64_t u = 0;
    for (int i = w; i-- > 0;)
        u = u << 8 | p[i];
    if (t->type == AP_TFL_UINT8 || t->type == AP_TFL_BOOL)
        return (int64_t)u;
    if (w < 8) {
        uint64_t sign = UINT64_C(1) << (8 * w - 1);
        u = (u ^ sign) - sign;
    }
    return (int64_t)u;
}

/* SqueezeOptions.squeeze_dims: n_squeeze_dims (the vector's length; 0 without it or the
 * options, as TFLM's zeroed params), squeeze_dim(k) its element k. */
static int64_t squeeze_dims(xp *x, int64_t *v, size_t max)
{
    const ap_tfl_operator *op = x->c->op;
    if (op->options_type != AP_TFL_OPT_SQUEEZE)
        return 0;
    int64_t n = ap_tflite_option_vector(x->c->m, op, 1, AP_TFL_F_SQUEEZE_SQUEEZE_DIMS, 4, v, max);
    return n < 0 ? 0 : n;
}

static int64_t squeeze_dim(xp *x, int64_t k)
{
    int64_t v[8];
    int64_t n = squeeze_dims(x, v, 8);
    if (k < 0 || k >= n || k >= 8)
        return fault(x, AP_ERR_INPUT, "a squeeze dimension past the list");
    return v[k];
}

static int64_t tensor_fn(xp *x, const char *name, const int64_t *a);

/* scale_nano(t): t's first scale in billionths, rounded. */
static int64_t scale_nano(xp *x, const ap_tfl_tensor *t)
{
    float fv;
    memcpy(&fv, &t->scale0_bits, sizeof fv);
    double v = (double)fv * 1e9;
    if (!(v > -9e15 && v < 9e15))
        return fault(x, AP_ERR_INPUT, "a scale past 9e6");
    return (int64_t)(v < 0 ? v - 0.5 : v + 0.5);
}

/* byte(t, k): byte k of constant tensor t's data. */
static int64_t data_byte(xp *x, const ap_tfl_tensor *t, int64_t k)
{
    const ap_tfl_buffer *b = t->buffer < x->c->m->n_buffers ? &x->c->m->buffers[t->buffer] : NULL;
    if (!t->is_constant || !b || b->data_pos == 0)
        return fault(x, AP_ERR_INPUT, "a tensor the kernel reads the data of holds none");
    if (k < 0 || (uint64_t)k >= b->data_len)
        return fault(x, AP_ERR_INPUT, "a byte past the data of a tensor the kernel reads");
    return x->c->m->data[b->data_pos + (size_t)k];
}

/* TFLM's TfLiteTensor params.scale of t (PopulateTfLiteTensorFromFlatbuffer): the first scale
 * when the quantization has scales and zero points, else 0. */
/* Whether QuantizeMultiplierSmallerThanOneExp(m) fails a TFLITE_CHECK: m in (0, 1), and the
 * shift QuantizeMultiplier gives not above 0 (its rounding up to 2^31 adds one). */
static int smaller_than_one_fails(double m)
{
    if (!(m < 1.0) || !(m > 0.0))
        return 1;
    int shift;
    double q = frexp(m, &shift);
    if ((int64_t)llround(q * (double)(1LL << 31)) == 1LL << 31)
        shift++;
    return shift < -31 ? 0 : shift > 0;
}

static float params_scale(const ap_tfl_tensor *t)
{
    float f = 0;
    if (t->n_scales > 0 && t->n_zero_points > 0)
        memcpy(&f, &t->scale0_bits, sizeof f);
    return f;
}

/* The functions that read a tensor's data or quantization, or compare two tensors:
 * scale_bits, scale_nano, zero_points_nonzero, byte, value, same_scale, multiplier_shift,
 * dims_product, same_shape (t is the first argument's tensor); zero_point and the scale
 * tests are quant_fn's. */
static int64_t data_call(xp *x, const char *name, const ap_tfl_tensor *t, const int64_t *a)
{
    if (strcmp(name, "scale_bits") == 0)
        return t->scale0_bits;
    if (strcmp(name, "scale_nano") == 0)
        return scale_nano(x, t);
    if (strcmp(name, "zero_points_nonzero") == 0)
        return t->zero_points_nonzero;
    if (strcmp(name, "byte") == 0)
        return data_byte(x, t, a[1]);
    if (strcmp(name, "value") == 0)
        return element(x, t, a[1]);
    const ap_tfl_tensor *u = NULL;
    if (strcmp(name, "same_scale") == 0 || strcmp(name, "multiplier_shift") == 0 ||
        strcmp(name, "same_shape") == 0 || strcmp(name, "bias_scale_off") == 0 ||
        strcmp(name, "svdf_bias_off") == 0 || strcmp(name, "add_multipliers_bad") == 0) {
        if (!(u = tensor(x, a[1])))
            return 0;
    }
    if (strcmp(name, "bias_scale_off") == 0) { /* GetQuantizedConvolutionMultipler's check */
        const ap_tfl_tensor *b = tensor(x, a[2]), *o = b ? tensor(x, a[3]) : NULL;
        if (!o)
            return 0;
        double diff = fabs((double)params_scale(t) * (double)params_scale(u) -
                           (double)params_scale(b));
        return !(diff / (double)params_scale(o) <= 0.02);
    }
    if (strcmp(name, "add_multipliers_bad") == 0) { /* CalculateOpDataAdd's three, in double */
        const ap_tfl_tensor *o = tensor(x, a[2]);
        if (!o)
            return 0;
        if (a[3] < 0 || a[3] > 30)
            return fault(x, AP_ERR_INVALID, "an add_multipliers_bad left shift past 30");
        double twice = 2 * (double)(params_scale(t) > params_scale(u) ? params_scale(t)
                                                                       : params_scale(u));
        double out = twice / ((double)(1 << a[3]) * (double)params_scale(o));
        return smaller_than_one_fails((double)params_scale(t) / twice) ||
               smaller_than_one_fails((double)params_scale(u) / twice) ||
               smaller_than_one_fails(out);
    }
    if (strcmp(name, "svdf_bias_off") == 0) { /* SVDF's INT8 bias check: float product */
        const ap_tfl_tensor *b = tensor(x, a[2]);
        if (!b)
            return 0;
        float product = params_scale(t) * params_scale(u);
        return !(fabs((double)params_scale(b) - (double)product) < 1e-5);
    }
    if (strcmp(name, "same_scale") == 0)
        return params_scale(t) == params_scale(u);
    if (strcmp(name, "multiplier_shift") == 0) {
        /* QuantizeMultiplier's shift for (float)(scale a / scale b) * 2^p (a power of two
         * commutes with the float rounding: HardSwishPrepare's (1/128 * in) / out) */
        if (a[2] < -64 || a[2] > 64)
            return fault(x, AP_ERR_INVALID, "a multiplier_shift power past 64");
        double m = ldexp((double)(params_scale(t) / params_scale(u)), (int)a[2]);
        if (m == 0.0 || !isfinite(m))
            return 0;
        int shift;
        double q = frexp(m, &shift);
        int64_t q_fixed = (int64_t)llround(q * (double)(1LL << 31));
        if (q_fixed == 1LL << 31)
            shift++;
        return shift < -31 ? 0 : shift;
    }
    if (strcmp(name, "dims_product") == 0) {
        if (a[1] < 0 || a[2] > (int64_t)t->rank)
            return fault(x, AP_ERR_INPUT, "a dimension past the tensor's rank");
        int64_t v = 1;
        for (int64_t d = a[1]; d < a[2]; d++)
            v = arith(x, v, t->shape[d], '*');
        return v;
    }
    /* same_shape */
    if (u->rank != t->rank)
        return 0;
    for (uint32_t d = 0; d < t->rank; d++)
        if (t->shape[d] != u->shape[d])
            return 0;
    return 1;
}

/* A call of one of the tensor and helper functions; args already parsed into a[0..na). */
static int64_t call(xp *x, const char *f, size_t fn, const int64_t *a, int na)
{
    static const struct {
        const char *name;
        int args;
    } fns[] = {{"in", 1},         {"out", 1},       {"inter", 1},     {"exists", 1},
               {"type", 1},       {"rank", 1},      {"dim", 2},       {"elements", 1},
               {"scales", 1},     {"zero_points", 1}, {"quantized", 1}, {"constant", 1},
               {"variable", 1},   {"min", 2},       {"max", 2},       {"align", 2},
               {"quantized_dim", 1}, {"zero_point", 1}, {"scale_bits", 1},
               {"scale_nano", 1}, {"byte", 2}, {"zero_points_nonzero", 1},
               {"same_scale", 2}, {"same_shape", 2}, {"value", 2}, {"multiplier_shift", 3},
               {"dims_product", 3}, {"scale_cmp", 3}, {"pot_scale", 1}, {"log2_scale", 1},
               {"squeeze_dim", 1}, {"stretch_dims", 1}, {"bias_scale_off", 4}, {"svdf_bias_off", 3}, {"add_multipliers_bad", 4},
               {"calls", 1}, {"sg_inputs", 1}, {"sg_outputs", 1}, {"sizable", 1}};
    size_t k = 0;
    while (k < sizeof fns / sizeof fns[0] && !is(f, fn, fns[k].name))
        k++;
    if (k == sizeof fns / sizeof fns[0])
        return fault(x, AP_ERR_INVALID, "an unknown function");
    if (na != fns[k].args)
        return fault(x, AP_ERR_INVALID, "a wrong argument count");
    if (x->skip || x->st != AP_OK)
        return 0;
    const ap_tfl_operator *op = x->c->op;
    const char *name = fns[k].name;
    if (strcmp(name, "in") == 0)
        return slot(op->inputs, op->n_inputs, a[0]);
    if (strcmp(name, "out") == 0)
        return slot(op->outputs, op->n_outputs, a[0]);
    if (strcmp(name, "inter") == 0)
        return slot(op->intermediates, op->n_intermediates, a[0]);
    if (strcmp(name, "exists") == 0)
        return a[0] >= 0;
    if (strcmp(name, "min") == 0)
        return a[0] < a[1] ? a[0] : a[1];
    if (strcmp(name, "max") == 0)
        return a[0] > a[1] ? a[0] : a[1];
    if (strcmp(name, "align") == 0) {
        if (a[1] <= 0)
            return fault(x, AP_ERR_INPUT, "an alignment that is not positive");
        return arith(x, arith(x, arith(x, a[0], a[1] - 1, '+'), a[1], '/'), a[1], '*');
    }
    if (strcmp(name, "squeeze_dim") == 0)
        return squeeze_dim(x, a[0]);
    if (strcmp(name, "calls") == 0)
        return a[0] == 0 || a[0] == 1 ? op->calls[a[0]] : -1;
    if (strcmp(name, "sg_inputs") == 0 || strcmp(name, "sg_outputs") == 0) {
        if (a[0] < 0 || a[0] >= (int64_t)x->c->m->n_subgraphs)
            return fault(x, AP_ERR_INPUT, "a subgraph the model does not have");
        const ap_tfl_subgraph *g = &x->c->m->subgraphs[a[0]];
        return strcmp(name, "sg_inputs") == 0 ? g->n_inputs : g->n_outputs;
    }
    return tensor_fn(x, name, a);
}

/* A call of one of the functions of a tensor (a[0]). */
static int64_t tensor_fn(xp *x, const char *name, const int64_t *a)
{
    const ap_tfl_tensor *t = tensor(x, a[0]);
    if (!t)
        return 0;
    if (strcmp(name, "zero_point") == 0 || strcmp(name, "scale_cmp") == 0 ||
        strcmp(name, "pot_scale") == 0 || strcmp(name, "log2_scale") == 0)
        return quant_fn(x, name, t, a);
    if (strcmp(name, "type") == 0)
        return t->type;
    if (strcmp(name, "rank") == 0)
        return t->rank;
    if (strcmp(name, "dim") == 0) {
        if (a[1] < 0 || a[1] >= (int64_t)t->rank)
            return fault(x, AP_ERR_INPUT, "a dimension past the tensor's rank");
        return t->shape[a[1]];
    }
    if (strcmp(name, "elements") == 0)
        return t->elements;
    if (strcmp(name, "scales") == 0)
        return t->n_scales;
    if (strcmp(name, "zero_points") == 0)
        return t->n_zero_points;
    if (strcmp(name, "quantized") == 0)
        return t->n_scales > 0 && t->n_zero_points > 0;
    if (strcmp(name, "constant") == 0)
        return t->is_constant;
    if (strcmp(name, "quantized_dim") == 0)
        return t->quantized_dimension;
    if (strcmp(name, "stretch_dims") == 0)
        return t->n_stretch;
    if (strcmp(name, "sizable") == 0)
        return ap_tfl_tflm_type_size(t->type) > 0;
    if (strcmp(name, "variable") != 0) /* the rest: zero_point .. dims_product */
        return data_call(x, name, t, a);
    return t->is_variable; /* "variable" */
}

static ap_status run(xp *x, int64_t *out);

/* TFLM's padding for a 2D window (ComputePaddingHeightWidth, tensorflow/lite/kernels/padding.h):
 * both paddings stay 0 when either output size cannot be computed (an unknown padding, a
 * stride, dilation or filter size that is not positive, a VALID window larger than its input). */
static int64_t window_pad(xp *x, int height)
{
    const ap_tfl_operator *op = x->c->op;
    const ap_tfl_tensor *in = tensor(x, slot(op->inputs, op->n_inputs, 0));
    const ap_tfl_tensor *f = in ? tensor(x, slot(op->inputs, op->n_inputs, 1)) : NULL;
    if (!f)
        return 0;
    if (in->rank < 3 || f->rank < 3)
        return fault(x, AP_ERR_INPUT, "a dimension past the tensor's rank");
    const ap_tfl_options *o = &op->opt;
    int64_t oh, ow, ph = 0, pw = 0;
    if (!ap__padding_of(o->padding, in->shape[2], f->shape[2], o->stride_w, o->dilation_w, &ow,
                        &pw) || ow < 0 ||
        !ap__padding_of(o->padding, in->shape[1], f->shape[1], o->stride_h, o->dilation_h, &oh,
                        &ph) || oh < 0)
        ph = pw = 0;
    return height ? ph : pw;
}

/* A builtin option, or TFLM's padding (pad_w, pad_h). */
static int64_t option(xp *x, const char *name)
{
    const ap_tfl_options *o = &x->c->op->opt;
    if (strcmp(name, "stride_w") == 0)
        return o->stride_w;
    if (strcmp(name, "stride_h") == 0)
        return o->stride_h;
    if (strcmp(name, "dilation_w") == 0)
        return o->dilation_w;
    if (strcmp(name, "dilation_h") == 0)
        return o->dilation_h;
    if (strcmp(name, "svdf_rank") == 0)
        return o->rank;
    if (strcmp(name, "time_major") == 0)
        return o->time_major;
    if (strcmp(name, "activation") == 0)
        return o->activation;
    if (strcmp(name, "adj_x") == 0)
        return o->adj_x;
    if (strcmp(name, "adj_y") == 0)
        return o->adj_y;
    if (strcmp(name, "padding") == 0)
        return o->padding;
    if (strcmp(name, "filter_w") == 0)
        return o->filter_w;
    if (strcmp(name, "filter_h") == 0)
        return o->filter_h;
    if (strcmp(name, "block_size") == 0)
        return o->block_size;
    if (strcmp(name, "axis") == 0)
        return o->axis;
    if (strcmp(name, "num_splits") == 0)
        return o->num_splits;
    if (strcmp(name, "align_corners") == 0 || strcmp(name, "half_pixel_centers") == 0) {
        /* ResizeBilinearOptions' bools (TFLM's params are zeroed without the table) */
        int64_t v = 0;
        if (x->c->op->options_type == AP_TFL_OPT_RESIZE_BILINEAR)
            ap_tflite_option_scalar(x->c->m, x->c->op, 1,
                                    strcmp(name, "align_corners") == 0
                                        ? AP_TFL_F_RESIZE_BILINEAR_ALIGN_CORNERS
                                        : AP_TFL_F_RESIZE_BILINEAR_HALF_PIXEL_CENTERS,
                                    1, 0, &v);
        return v != 0;
    }
    if (strcmp(name, "n_squeeze_dims") == 0) {
        int64_t v[8];
        return squeeze_dims(x, v, 8);
    }
    if (strcmp(name, "n_new_shape") == 0) { /* ReshapeOptions.new_shape's length, 0 without */
        int64_t n = x->c->op->options_type != AP_TFL_OPT_RESHAPE ? -1
                    : ap_tflite_option_vector(x->c->m, x->c->op, 1, AP_TFL_F_RESHAPE_NEW_SHAPE,
                                              4, NULL, 0);
        return n < 0 ? 0 : n;
    }
    return window_pad(x, strcmp(name, "pad_h") == 0);
}

/* A definition's value: its text evaluated here (in skip mode when skipping, so a check sees
 * its names). */
static int64_t definition(xp *x, const ap__xdef *d)
{
    if (x->depth >= MAX_DEF_DEPTH)
        return fault(x, AP_ERR_INVALID, "definitions nested too deep (a cycle?)");
    xp sub = *x;
    sub.src = sub.p = d->expr;
    sub.st = AP_OK;
    sub.depth = x->depth + 1;
    int64_t v = 0;
    if (run(&sub, &v) != AP_OK && x->st == AP_OK)
        x->st = sub.st;
    return v;
}

static int64_t number(xp *x)
{
    int64_t v = 0;
    while (isdigit((unsigned char)*x->p)) {
        int d = *x->p - '0';
        if (v > (INT64_MAX - d) / 10)
            return fault(x, AP_ERR_INVALID, "a number too large");
        v = v * 10 + d;
        x->p++;
    }
    return v;
}

/* The arguments of a call of the function called name (the '(' eaten), then the call. */
static int64_t call_args(xp *x, const char *name, size_t n)
{
    int64_t a[4] = {0, 0, 0, 0};
    int na = 0;
    if (!eat(x, ")")) {
        do {
            int64_t v = expr(x);
            if (na < 4)
                a[na] = v;
            na++;
        } while (eat(x, ","));
        need(x, ")");
    }
    return call(x, name, n, a, na);
}

/* A name without arguments: the target's sizes, the build's features, the operator's counts
 * and options, a type, a definition. */
static int64_t named(xp *x, const char *name, size_t n)
{
    if (is(name, n, "ptr") || is(name, n, "size_t"))
        return x->t->ptr;
    if (is(name, n, "enum"))
        return x->t->enum_small;
    if (is(name, n, "dsp") || is(name, n, "mve") || is(name, n, "armclang") ||
        is(name, n, "speed")) {
        const ap__xbuild *b = x->c ? x->c->build : NULL;
        if (x->skip || x->st != AP_OK || !b)
            return 0;
        return is(name, n, "dsp") ? b->dsp : is(name, n, "mve") ? b->mve
             : is(name, n, "armclang") ? b->armclang : b->speed;
    }
    if (is(name, n, "dcheck"))
        return x->t->dcheck;
    if (is(name, n, "model_rom"))
        return x->t->model_rom;
    if (is(name, n, "j"))
        return x->skip || x->st != AP_OK ? 0 : x->j;
    if (is(name, n, "i") || is(name, n, "n_in") || is(name, n, "n_out") ||
        is(name, n, "n_inter") || is(name, n, "copt_bytes")) {
        if (x->skip || x->st != AP_OK)
            return 0;
        const ap_tfl_operator *op = x->c->op;
        return is(name, n, "i")       ? x->c->i
             : is(name, n, "n_in")    ? (int64_t)op->n_inputs
             : is(name, n, "n_out")   ? (int64_t)op->n_outputs
             : is(name, n, "n_inter") ? (int64_t)op->n_intermediates
             : op->custom_options_pos ? (int64_t)op->custom_options_len : 0;
    }
    for (int ty = 0; ty < AP_TFL_TYPE_COUNT; ty++)
        if (is(name, n, ap_tfl_type_name(ty)))
            return ty;
    static const char *const options[] = {"stride_w",   "stride_h",      "dilation_w",
                                          "dilation_h", "svdf_rank",     "time_major",
                                          "pad_w",      "pad_h",         "activation",
                                          "padding",    "filter_w",      "filter_h",
                                          "block_size", "axis",          "num_splits",
                                          "align_corners", "half_pixel_centers",
                                          "n_squeeze_dims", "adj_x", "adj_y",
                                          "n_new_shape"};
    for (size_t k = 0; k < sizeof options / sizeof options[0]; k++)
        if (is(name, n, options[k]))
            return x->skip || x->st != AP_OK ? 0 : option(x, options[k]);
    for (size_t k = 0; k < x->n_defs; k++)
        if (is(name, n, x->defs[k].name))
            return definition(x, &x->defs[k]);
    x->p = name;
    return fault(x, AP_ERR_INVALID, "an unknown name");
}

/* any(n, cond): 1 when cond holds for some j = 0 .. n - 1 (evaluated in that order, up to the
 * first that holds; j is the index of the innermost any()). */
static int64_t any_of(xp *x)
{
    need(x, "(");
    int64_t n = expr(x), found = 0, saved = x->j;
    need(x, ",");
    const char *body = x->p;
    if (!x->skip && x->st == AP_OK && n > ((int64_t)1 << 20))
        return fault(x, AP_ERR_INPUT, "an any() over more than 2^20 values");
    if (x->skip || x->st != AP_OK || n <= 0) {
        x->skip++;
        expr(x);
        x->skip--;
    } else {
        for (int64_t k = 0; k < n && !found && x->st == AP_OK; k++) {
            x->p = body;
            x->j = k;
            found = expr(x) != 0;
        }
    }
    x->j = saved;
    need(x, ")");
    return found;
}

static int64_t primary(xp *x)
{
    blank(x);
    if (x->st != AP_OK)
        return 0;
    if (eat(x, "(")) {
        int64_t v = expr(x);
        need(x, ")");
        return v;
    }
    if (isdigit((unsigned char)*x->p))
        return number(x);
    size_t n = ident(x);
    if (n == 0)
        return fault(x, AP_ERR_INVALID, "a value expected");
    const char *name = x->p;
    x->p += n;
    if (is(name, n, "sizeof"))
        return size_of(x, 0);
    if (is(name, n, "alignof"))
        return size_of(x, 1);
    if (is(name, n, "copt") || is(name, n, "has_copt"))
        return custom_option(x, is(name, n, "has_copt"));
    if (is(name, n, "any"))
        return any_of(x);
    if (eat(x, "("))
        return call_args(x, name, n);
    return named(x, name, n);
}

static int64_t unary(xp *x)
{
    if (eat(x, "-")) {
        int64_t v = unary(x);
        return arith(x, 0, v, '-');
    }
    if (eat(x, "!"))
        return !unary(x);
    return primary(x);
}

static int64_t product(xp *x)
{
    int64_t v = unary(x);
    for (;;) {
        char op = eat(x, "*") ? '*' : eat(x, "/") ? '/' : eat(x, "%") ? '%' : 0;
        if (!op)
            return v;
        v = arith(x, v, unary(x), op);
    }
}

static int64_t sum(xp *x)
{
    int64_t v = product(x);
    for (;;) {
        char op = eat(x, "+") ? '+' : eat(x, "-") ? '-' : 0;
        if (!op)
            return v;
        v = arith(x, v, product(x), op);
    }
}

static int64_t compare(xp *x)
{
    int64_t a = sum(x);
    if (eat(x, "=="))
        return a == sum(x);
    if (eat(x, "!="))
        return a != sum(x);
    if (eat(x, "<="))
        return a <= sum(x);
    if (eat(x, ">="))
        return a >= sum(x);
    if (eat(x, "<"))
        return a < sum(x);
    if (eat(x, ">"))
        return a > sum(x);
    return a;
}

static int64_t conjunction(xp *x)
{
    int64_t v = compare(x);
    while (eat(x, "&&")) {
        x->skip += !v;
        int64_t w = compare(x);
        x->skip -= !v;
        v = v && w;
    }
    return v;
}

static int64_t disjunction(xp *x)
{
    int64_t v = conjunction(x);
    while (eat(x, "||")) {
        x->skip += !!v;
        int64_t w = conjunction(x);
        x->skip -= !!v;
        v = v || w;
    }
    return v;
}

static int64_t expr(xp *x)
{
    int64_t c = disjunction(x);
    if (!eat(x, "?"))
        return c;
    x->skip += !c;
    int64_t a = expr(x);
    x->skip -= !c;
    if (!eat(x, ":"))
        return fault(x, AP_ERR_INVALID, "':' expected");
    x->skip += !!c;
    int64_t b = expr(x);
    x->skip -= !!c;
    return c ? a : b;
}

static ap_status run(xp *x, int64_t *out)
{
    int64_t v = expr(x);
    blank(x);
    if (x->st == AP_OK && *x->p)
        fault(x, AP_ERR_INVALID, "trailing text");
    if (out)
        *out = v;
    return x->st;
}

ap_status ap__expr_eval(const char *src, const ap__xctx *c, int64_t *out, ap_error *err)
{
    xp x = {.src = src, .p = src, .c = c, .t = c->t, .err = err, .defs = c->defs,
            .n_defs = c->n_defs};
    return run(&x, out);
}

ap_status ap__expr_check(const char *src, const ap__target *t, ap_error *err)
{
    return ap__expr_check_defs(src, t, NULL, 0, err);
}

ap_status ap__expr_check_defs(const char *src, const ap__target *t, const ap__xdef *defs,
                              size_t n_defs, ap_error *err)
{
    xp x = {.src = src, .p = src, .t = t, .skip = 1, .err = err, .defs = defs, .n_defs = n_defs};
    for (size_t k = 0; k < n_defs; k++) { /* a definition may not hide a name of the language */
        ap_error e = {0};
        xp y = {.src = defs[k].name, .p = defs[k].name, .t = t, .skip = 1, .err = &e};
        if (run(&y, NULL) == AP_OK)
            return ap_error_set(err, AP_ERR_INVALID, "the definition \"%s\" hides a name of the "
                                "expression language (an option, a type or a count)", defs[k].name);
    }
    return run(&x, NULL);
}
