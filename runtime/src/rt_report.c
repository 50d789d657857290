/*
 * rt_report.c - the arena's usage report as text, written through a caller's callback (the
 * runtime has no stdio), and the names of statuses. Optional: firmware that never prints does
 * not link this file.
 */
#include "arenaplan_rt.h"

typedef struct out {
    ap_rt_write_fn write;
    void *ctx;
} out;

/* Writes s left-aligned in a field of width characters (wider text is written whole). */
static void put_str(const out *o, const char *s, unsigned width)
{
    unsigned len = 0;

    while (s[len])
        len++;
    o->write(o->ctx, s);
    for (; len < width; len++)
        o->write(o->ctx, " ");
}

/* Writes v right-aligned in a field of width characters. */
static void put_num(const out *o, size_t v, unsigned width)
{
    char text[24];
    char *p = text + sizeof text - 1;

    *p = '\0';
    do {
        *--p = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (width > (unsigned)(text + sizeof text - 1 - p) && p > text)
        *--p = ' ';
    o->write(o->ctx, p);
}

static void put_row(const out *o, const char *label, size_t a, size_t b, size_t c, int columns)
{
    put_str(o, label, 12);
    put_num(o, a, 10);
    if (columns > 1)
        put_num(o, b, 12);
    if (columns > 2)
        put_num(o, c, 12);
    o->write(o->ctx, "\n");
}

void ap_rt_report(const ap_rt_arena *a, ap_rt_write_fn write, void *ctx)
{
    static const char *const names[AP_RT_SECTIONS] = {"head", "temp", "tail"};
    out o;
    uint32_t i;
    int s;

    o.write = write;
    o.ctx = ctx;
    write(ctx, "arena ");
    put_num(&o, a->size, 0);
    write(ctx, " bytes, head base +");
    put_num(&o, a->head, 0);
    write(ctx, ", model ");
    write(ctx, !a->bound ? "(none)" : a->bound->plan->name ? a->bound->plan->name : "(unnamed)");
    write(ctx, "\n");
    put_str(&o, "section", 12);
    write(ctx, "      used  high-water  align-lost\n");
    for (s = 0; s < AP_RT_SECTIONS; s++)
        put_row(&o, names[s], a->sec[s].used, a->sec[s].high_water, a->sec[s].align_lost, 3);
    put_row(&o, "total", a->sec[0].used + a->sec[1].used + a->sec[2].used, a->high_water, 0, 2);
    put_row(&o, "free", a->tail - a->top, 0, 0, 1);
    if (a->ncat) {
        put_str(&o, "category", 12);
        write(ctx, "     count   requested        used\n");
    }
    for (i = 0; i < a->ncat; i++)
        put_row(&o, a->cat[i].name ? a->cat[i].name : "?", a->cat[i].count, a->cat[i].requested,
                a->cat[i].used, 3);
}

const char *ap_rt_status_name(ap_rt_status s)
{
    switch (s) {
    case AP_RT_OK: return "ok";
    case AP_RT_E_ARG: return "bad argument";
    case AP_RT_E_ALIGN: return "bad alignment";
    case AP_RT_E_NOSPACE: return "no space";
    case AP_RT_E_PLAN: return "bad plan";
    case AP_RT_E_BUSY: return "model in use";
    case AP_RT_E_SCRATCH: return "scratch too small";
    case AP_RT_E_OVERFLOW: return "offset overflow";
    }
    return "unknown status";
}
