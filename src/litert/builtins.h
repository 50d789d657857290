/*
 * builtins.h - what TFLite's builtin kernels do to tensors in Init and Prepare (internal;
 * builtins.c).
 */
#ifndef AP_LITERT_BUILTINS_H
#define AP_LITERT_BUILTINS_H

#include <stdint.h>

#include "arenaplan/tflite.h"
#include "litert/subgraph.h"

/* The result of a kernel's Prepare besides an error. */
enum { AP__LRT_PREPARED = 0, AP__LRT_SHAPE_UNKNOWN = 1 /* kTfLiteOutputShapeNotKnown */ };

typedef ap_status (*ap__lrt_prepare_fn)(ap__lrt_graph *g, uint32_t i, int *result, ap_error *err);

/* The inplace_operator flags of a registration (TfLiteInPlaceOp). */
#define AP__LRT_INPLACE_UNMODIFIED 1u  /* kTfLiteInplaceOpDataUnmodified */
#define AP__LRT_INPLACE_IN0 4u         /* kTfLiteInplaceOpInput0Shared; IN1 = 8, IN2 = 16 */

typedef struct ap__lrt_kernel {
    int32_t builtin;          /* BuiltinOperator, or -1 for a custom kernel */
    const char *custom;       /* the custom code a custom kernel is registered under */
    uint8_t min_version, max_version;  /* BuiltinOpResolver's registration range */
    uint8_t inplace;          /* AP__LRT_INPLACE_* */
    uint8_t init_tensors;     /* tensors its Init adds (context->AddTensors) */
    ap__lrt_prepare_fn prepare; /* NULL: outputs keep the model's shapes, nothing else */
} ap__lrt_kernel;

/* The kernel BuiltinOpResolver registers for op (its builtin code or custom code), whatever the
 * version, or NULL. */
const ap__lrt_kernel *ap__builtins_find(const ap_tfl_operator *op);

/* Whether InterpreterBuilder parses operator i of subgraph sg: AP_ERR_INPUT ("TFLite cannot build
 * the model") for options its parse refuses. */
ap_status ap__builtins_parse(const ap_tfl_model *m, const ap_tfl_operator *op, uint32_t i,
                             uint32_t sg, ap_error *err);

/* The tensors the kernel's Init adds for op (LSTM's depend on its kernel_type option). */
uint32_t ap__builtins_init_tensors(const ap__lrt_kernel *k, const ap_tfl_model *m,
                                   const ap_tfl_operator *op);

#endif
