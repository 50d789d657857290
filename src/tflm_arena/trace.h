/*
 * trace.h - TFLM's AllocateTensors as a list of arena calls (internal; trace.c): every
 * allocation a plain or a recording tflite::MicroInterpreter makes from its constructor to the
 * end of AllocateTensors, in order, with what it is for. None depends on the arena's size, so
 * a model's trace is made once and replayed (replay.h) on arenas of any size.
 */
#ifndef AP_TFLM_ARENA_TRACE_H
#define AP_TFLM_ARENA_TRACE_H

#include <stddef.h>
#include <stdint.h>

#include "arenaplan/error.h"
#include "arenaplan/tflite.h"
#include "arenaplan/tflm_arena.h"
#include "tflm_kernels/kernel_sets.h"
#include "tflm_kernels/layout.h"
#include "tflm_kernels/prepare.h"

/* The tail's categories as a trace counts them: the seven recorded ones, then the parts of
 * "other" (ap_tflm_other) from AP__CAT_OTHER on. */
enum { AP__CAT_OTHER = AP_TFLM_OTHER, AP__CAT_COUNT = AP_TFLM_OTHER + AP_TFLM_OTHER_PARTS };

/* What a call does: a persistent allocation (the tail), a temporary one, a new size of the
 * resizable buffer at the arena's start (the scratch-request list, then the head), the
 * temporary section released, the memory planner taking every free byte. */
enum { AP__EV_PERSIST, AP__EV_TEMP, AP__EV_RESIZE, AP__EV_RESET, AP__EV_PLAN };

typedef struct ap__trace_ev {
    uint8_t kind, cat, phase;  /* AP__EV_*, AP__CAT_* (persistent), ap_tflm_phase */
    uint8_t clear;             /* persistent: how far it may reach into the temporary section
                                  (AP__CLEAR_*, rows.h; TFLM checks a tail allocation against
                                  the head only); temporary TfLiteAffineQuantization: 1 */
    uint8_t keep_fields;       /* that quantization: the end of its fields; a temporary
                                  TfLiteTensor: the end of its dims pointer */
    int32_t sg, op;
    int32_t tensor;            /* the tensor it is for, or -1 */
    int64_t size, align;
    const char *what;          /* static text */
    int64_t read;              /* a temporary allocation: how many of its first bytes TFLM
                                  still reads after it is filled (size; 0 for a temporary
                                  tensor's zero points, the zero-point pointer's end for its
                                  TfLiteAffineQuantization): a kernel's persistent buffer may
                                  overwrite the rest (replay.c) */
} ap__trace_ev;

typedef struct ap__trace {
    ap__trace_ev *v;
    size_t n, cap;
    int64_t total;             /* sum of sizes and alignments: the replay's addresses stay below */
    ap_tflm_use use[AP__CAT_COUNT]; /* requested bytes and counts (bytes come from the replay) */
    int64_t planned, scratch;  /* buffers the planner receives; of them, scratch requests */
    ap_tflm_refusal refusal;   /* after a failed build: why TFLM cannot load the model, or kind
                                  AP_TFLM_LOADS when the failure is arenaplan's (not modelled) */
} ap__trace;

/* What a trace is made from: the model and the facts of the build that decide TFLM's calls.
 * The head is an input: the replay lays out what a plan (or stock TFLM's planner) decided. */
typedef struct ap__trace_input {
    const ap_tfl_model *m;
    const ap__kernel_set *set; /* its rows, its target, its build (kernel_sets.h) */
    const ap__prepare *prepare; /* the scratch requests and owned tensors of Prepare */
    int64_t planned;           /* buffers the memory planner receives */
    int64_t head;              /* the head's bytes */
    int64_t resource_slots;    /* MicroResourceVariables capacity asked; -1: one per VAR_HANDLE */
    int recording;             /* a RecordingMicroInterpreter (its allocator objects) */
    int later;                 /* 1: a later model on a MicroAllocator made before (TFLM's
                                  multi-tenant allocation): its objects are not made again;
                                  the trace starts with the model's MicroResourceVariables */
    int split;                 /* 1: MicroAllocator::Create(persistent, P, non_persistent, NP):
                                  its allocator objects are a PersistentArenaBufferAllocator and
                                  a NonPersistentArenaBufferAllocator (replay.h replays the
                                  trace on two buffers) */
} ap__trace_input;

/* Makes the trace of in into *tr (freed with ap__trace_free, also after a failure). Fails with
 * AP_ERR_INPUT where TFLM's Init, Prepare or allocator would (the message names the operator),
 * AP_ERR_NOMEM. */
ap_status ap__trace_build(const ap__trace_input *in, ap__trace *tr, ap_error *err);
void ap__trace_free(ap__trace *tr);

#endif
