/*
 * arenaplan_rt.h - the arena on the microcontroller: the manual of the freestanding runtime.
 *
 * C99, freestanding: the runtime uses no heap, no stdio and no libc function; it needs only
 * <stddef.h>, <stdint.h> and <stdbool.h>. The caller owns every byte: the arena buffer, the
 * arena and model structs, the category table and the greedy planner's scratch. Nothing here
 * keeps a pointer to anything but what the caller lent it, and nothing writes into the arena
 * buffer: the runtime only hands out pointers into it, each proven to lie inside it.
 *
 * The arena is laid out as TensorFlow Lite Micro lays out its own:
 *
 *   buf                                                                     buf + size
 *   | pad | head: planned buffers  | temp ->          free          <- tail |
 *         ^ head base: buf rounded up to head_align
 *
 *   head  the non-persistent buffers of the bound model's plan, at head base + offset[i];
 *         its size is the plan's head_size (the largest plan's when models share the arena).
 *   temp  scoped allocations stacked upward from the head's end, all released at once by
 *         ap_rt_temp_reset (and by every bind).
 *   tail  persistent allocations stacked downward from the buffer's end.
 *
 * Every fallible call returns (or writes) an ap_rt_status. Failures change nothing. The arena
 * and model passed to a function must be valid (initialized, not NULL) unless its contract
 * says it checks them: a check on every allocation would cost code on every call. Nothing here
 * is thread-safe; one arena belongs to one thread at a time.
 *
 * Parts: the arena (init, tail, temp, accounting), binding plans and switching models, the
 * on-device greedy planner (TFLM's GreedyMemoryPlanner, same offsets) and an optional usage
 * report. Each lives in its own object file so firmware links only what it calls.
 * docs/runtime.md has the picture, the plan header format and the measured footprint.
 */
#ifndef ARENAPLAN_RT_H
#define ARENAPLAN_RT_H /* plan headers (`arenaplan plan --format c`) test it: their ap_rt_plan
                          is there when this header was included before them */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------------------------ */
/* Status                                                                                     */

typedef enum ap_rt_status {
    AP_RT_OK = 0,
    AP_RT_E_ARG,      /* a NULL pointer where one is needed, or a value out of its range */
    AP_RT_E_ALIGN,    /* an alignment that is not a power of two, or an address not aligned */
    AP_RT_E_NOSPACE,  /* the request does not fit in the free bytes of the arena */
    AP_RT_E_PLAN,     /* a plan is inconsistent: a negative offset, a buffer past head_size */
    AP_RT_E_BUSY,     /* the bound model is marked in use: it cannot be switched away */
    AP_RT_E_SCRATCH,  /* the scratch lent to the greedy planner is too small */
    AP_RT_E_OVERFLOW  /* a planned offset would not fit in int32_t */
} ap_rt_status;

/* ------------------------------------------------------------------------------------------ */
/* The arena                                                                                  */

/* Sections, indices into ap_rt_arena.sec. */
enum { AP_RT_HEAD = 0, AP_RT_TEMP = 1, AP_RT_TAIL = 2, AP_RT_SECTIONS = 3 };

/* Usage of one section. `used` counts alignment padding; `align_lost` is the part of `used`
 * lost to it. For the head, the padding is the gap between the buffer's start and the head
 * base. high_water is the most `used` has ever been since ap_rt_arena_init. */
typedef struct ap_rt_section {
    size_t used;
    size_t high_water;
    size_t align_lost;
} ap_rt_section;

/* A caller-named category of allocations (like TFLM's RecordingMicroAllocator: "eval tensors",
 * "op data", ...). Totals are cumulative since ap_rt_arena_set_categories: resetting temp or
 * dropping tails does not subtract. */
typedef struct ap_rt_category {
    const char *name;   /* the caller's; only read by ap_rt_report */
    size_t requested;   /* sum of the sizes asked for */
    size_t used;        /* sum of the bytes consumed, alignment padding included */
    uint32_t count;     /* number of successful allocations */
} ap_rt_category;

/* Pass as `category` to record an allocation in no category. */
#define AP_RT_NO_CATEGORY UINT32_MAX

struct ap_rt_model;

/* The arena. The caller allocates it (statically or on its stack) and initializes it with
 * ap_rt_arena_init; every field is read-only for the caller. Offsets are from buf. */
typedef struct ap_rt_arena {
    uint8_t *buf;             /* the caller's buffer */
    size_t size;              /* its size in bytes */
    size_t head;              /* offset of the head base */
    size_t temp;              /* offset of the head's end = the temp section's start */
    size_t top;               /* offset of the first free byte above temp */
    size_t tail;              /* offset of the lowest tail byte (size when the tail is empty) */
    ap_rt_section sec[AP_RT_SECTIONS];
    size_t high_water;        /* most bytes ever used by the three sections together */
    ap_rt_category *cat;      /* the caller's category table, or NULL */
    uint32_t ncat;
    struct ap_rt_model *bound;/* the model bound now, or NULL */
    size_t mark;              /* tail offset when the first model was bound (models' tails below) */
    size_t mark_lost;         /* the tail's align_lost then */
    uint32_t gen;             /* tail generation: incremented by every AP_RT_TAIL_RESET */
    uint32_t bad_index;       /* after AP_RT_E_PLAN or AP_RT_E_ALIGN from a bind: the buffer */
} ap_rt_arena;

/* Makes an empty arena over buf[0, size). The head base is buf rounded up to head_align (a
 * power of two; TFLM uses 16); the bytes skipped count as the head's align_lost. buf need not
 * be aligned. Fails with AP_RT_E_ARG (a or buf NULL), AP_RT_E_ALIGN (head_align not a power of
 * two) or AP_RT_E_NOSPACE (size smaller than the padding); a is left unusable then. */
ap_rt_status ap_rt_arena_init(ap_rt_arena *a, void *buf, size_t size, size_t head_align);

/* Lends the arena a table of n categories (names set by the caller) and zeroes their totals.
 * Allocations name a category by its index; indices >= n (and AP_RT_NO_CATEGORY) are not
 * recorded. cat may be NULL when n is 0. The table must outlive its use by the arena. */
void ap_rt_arena_set_categories(ap_rt_arena *a, ap_rt_category *cat, uint32_t n);

/* A persistent allocation of size bytes aligned to align (a power of two), taken from the top
 * of the free space (the tail grows down). It stays until a bind with AP_RT_TAIL_RESET drops
 * every model's tail (allocations made before the first bind are never dropped). While a model
 * is bound, the bytes are also counted in that model's tail_bytes.
 * Returns the pointer, or NULL with *status (if status is not NULL) set to AP_RT_E_ALIGN or
 * AP_RT_E_NOSPACE; on success *status is AP_RT_OK. size 0 succeeds with a pointer that must not
 * be dereferenced. The memory is not cleared. */
void *ap_rt_tail_alloc(ap_rt_arena *a, size_t size, size_t align, uint32_t category,
                       ap_rt_status *status);

/* A scoped allocation from the bottom of the free space (temp grows up from the head's end),
 * with the same contract as ap_rt_tail_alloc. It lives until ap_rt_temp_reset or the next
 * bind. */
void *ap_rt_temp_alloc(ap_rt_arena *a, size_t size, size_t align, uint32_t category,
                       ap_rt_status *status);

/* Releases every temp allocation at once. */
void ap_rt_temp_reset(ap_rt_arena *a);

/* Bytes between the temp section's top and the tail: the most a request with align 1 can get. */
size_t ap_rt_free_bytes(const ap_rt_arena *a);

/* ------------------------------------------------------------------------------------------ */
/* Plans and models                                                                           */

/* A plan as the C header exporter (`arenaplan plan MODEL --format c`) writes it: buffer i of
 * the model lives at head base + offsets[i] and needs sizes[i] bytes from step first[i] to step
 * last[i] (inclusive; a problem's half-open [lower, upper) is first = lower, last = upper - 1).
 * head_size is max(offsets[i] + sizes[i]); align is the alignment the plan's offsets assume of
 * the head base (the largest alignment any buffer needs, a power of two). All arrays hold count
 * entries and must stay unchanged while the plan is bound. first and last are not needed to
 * bind and may be NULL; offsets and sizes may be NULL only when count is 0. */
typedef struct ap_rt_plan {
    const char *name;         /* the model's name, for reports; may be NULL */
    uint32_t head_size;
    uint32_t align;
    uint32_t count;
    const int32_t *offsets;
    const uint32_t *sizes;
    const int32_t *first;
    const int32_t *last;
} ap_rt_plan;

/* Checks that a plan can be bound in this arena, without binding it: the arrays are present,
 * align is a power of two and the head base is a multiple of it (else AP_RT_E_ALIGN), every
 * offset is >= 0 and offsets[i] + sizes[i] <= head_size (else AP_RT_E_PLAN with a->bad_index
 * = i). Whether head_size fits the free space is decided by ap_rt_bind. */
ap_rt_status ap_rt_plan_check(ap_rt_arena *a, const ap_rt_plan *plan);

/* How the tail is treated when a bind switches models. */
typedef enum ap_rt_tail_policy {
    AP_RT_TAIL_KEEP = 0,  /* every model keeps its persistent allocations: switching back to a
                             model finds its tail as it left it (the arena needs the largest
                             head plus every model's tail) */
    AP_RT_TAIL_RESET = 1  /* the tail returns to where it was at the first bind: every model's
                             persistent allocations are dropped and each model must rebuild its
                             state when bound (the arena needs only the largest head + tail) */
} ap_rt_tail_policy;

/* One model sharing the arena. The caller owns it; ap_rt_model_init before use. Fields are
 * read-only except through the functions below. */
typedef struct ap_rt_model {
    const ap_rt_plan *plan;
    size_t tail_bytes;        /* tail bytes allocated while bound, kept since the last reset */
    uint32_t gen;             /* the arena's tail generation its tail belongs to (0: none yet) */
    bool in_use;              /* set by ap_rt_model_set_in_use */
    bool fresh;               /* set by ap_rt_bind: the model has no kept tail and must
                                 (re)build its persistent state */
} ap_rt_model;

/* Prepares m for plan (which must outlive m's use). m is not bound to anything yet. */
void ap_rt_model_init(ap_rt_model *m, const ap_rt_plan *plan);

/* Marks the model as running (true) or idle (false). While the bound model is in use, every
 * ap_rt_bind fails with AP_RT_E_BUSY: switching would overwrite its live buffers. */
void ap_rt_model_set_in_use(ap_rt_model *m, bool in_use);

/* Binds m: the switch between models sharing one arena. In order:
 *   - AP_RT_E_ARG if a, m or m->plan is NULL; AP_RT_E_BUSY if the bound model is in use;
 *   - the checks of ap_rt_plan_check;
 *   - AP_RT_E_NOSPACE if the plan's head_size does not fit below the tail (the tail as the
 *     policy leaves it).
 * On failure nothing changes (the previously bound model stays bound). On success: every temp
 * allocation is released, the tail is kept or reset as policy says, the head is resized to the
 * plan's head_size and m is bound. m->fresh tells whether m's tail was kept from an earlier
 * bind (false) or m starts with no tail (true: first bind, or a reset dropped it). Binding
 * the bound model again is allowed (it resets temp, and the tail with AP_RT_TAIL_RESET). */
ap_rt_status ap_rt_bind(ap_rt_arena *a, ap_rt_model *m, ap_rt_tail_policy policy);

/* The data pointer of buffer i of the bound model's plan (head base + offsets[i]), or NULL when
 * no model is bound or i >= count. The bytes are the caller's to fill; they are shared with
 * other buffers of the plan whose lifetimes do not overlap, and with every other model. */
void *ap_rt_buffer(const ap_rt_arena *a, uint32_t i);

/* ------------------------------------------------------------------------------------------ */
/* On-device greedy planning                                                                  */

/* A buffer to plan: size bytes live from step first to step last inclusive (TFLM's
 * first_created / last_used), at a fixed offset (an offline plan: the planner keeps it) or
 * AP_RT_UNFIXED to let the planner choose. */
typedef struct ap_rt_request {
    uint32_t size;
    int32_t first;
    int32_t last;
    int32_t fixed;
} ap_rt_request;

#define AP_RT_UNFIXED (-1)

/* Bytes of scratch ap_rt_greedy_plan needs for n buffers: 4 per buffer (SIZE_MAX when that
 * does not fit in size_t). The requests (16 bytes each) and the offsets (4 each) are the
 * caller's too: 24 bytes per buffer in all, where TFLM's GreedyMemoryPlanner needs 40. */
size_t ap_rt_greedy_scratch_bytes(uint32_t n);

/* Plans n buffers exactly as TFLM's GreedyMemoryPlanner does, so the offsets are the same:
 * buffers with a fixed offset are placed first, in index order, where they say; then the others
 * in order of size, largest first, and among equal sizes the one with the HIGHER index first.
 * Each goes at the lowest offset, scanning in offset order the buffers already placed whose
 * lifetimes overlap its own, where it fits before the next such buffer; else after the last.
 * O(n^2) time, no heap, no recursion.
 *
 * scratch: ap_rt_greedy_scratch_bytes(n) bytes, 4-byte aligned, lent for the call only.
 * offsets_out: n entries (unspecified after a failure). head_size_out (may be NULL): max(offset
 * + size), 0 on failure or when n is 0.
 * Fails with AP_RT_E_ARG (NULL arrays with n > 0; a size above INT32_MAX; first > last; a fixed
 * offset below -1; n = UINT32_MAX), AP_RT_E_SCRATCH (scratch NULL or too small), AP_RT_E_ALIGN
 * (scratch not 4-byte aligned) or AP_RT_E_OVERFLOW (an offset + size above INT32_MAX). */
ap_rt_status ap_rt_greedy_plan(const ap_rt_request *req, uint32_t n, int32_t *offsets_out,
                               void *scratch, size_t scratch_bytes, uint32_t *head_size_out);

/* ap_rt_greedy_plan with its scratch taken from the arena: ap_rt_greedy_scratch_bytes(n)
 * bytes (4-aligned) on top of the temp section, recorded in `category` (as ap_rt_temp_alloc
 * records; AP_RT_NO_CATEGORY for none), and given back before it returns, leaving the temp
 * section as it was. The arena's high-water marks count them, as TFLM's arena counts its
 * memory planner's scratch during AllocateTensors: after firmware that plans at boot has set
 * up, a->high_water is the arena it needs (docs/runtime.md). Fails with AP_RT_E_ARG (a NULL),
 * AP_RT_E_NOSPACE (the scratch does not fit the free bytes: nothing changes) or any status of
 * ap_rt_greedy_plan. */
ap_rt_status ap_rt_greedy_plan_in_arena(ap_rt_arena *a, const ap_rt_request *req, uint32_t n,
                                        int32_t *offsets_out, uint32_t category,
                                        uint32_t *head_size_out);

/* ------------------------------------------------------------------------------------------ */
/* Reporting (optional: rt_report.c; no stdio, the caller supplies the output)                */

/* Receives one NUL-terminated piece of text at a time. */
typedef void (*ap_rt_write_fn)(void *ctx, const char *text);

/* Writes the usage report: the arena's bytes, each section's used / high-water / align-lost,
 * the free bytes, the bound model, and each category's count / requested / used. */
void ap_rt_report(const ap_rt_arena *a, ap_rt_write_fn write, void *ctx);

/* A short English name of a status ("no space", ...). Never NULL. */
const char *ap_rt_status_name(ap_rt_status s);

#ifdef __cplusplus
}
#endif
#endif
