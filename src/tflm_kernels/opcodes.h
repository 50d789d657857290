/*
 * opcodes.h - the operators the kernel tables are keyed by (internal; opcodes.c): every builtin
 * code of the schema, AP__OP_CONV_2D = AP_TFL_OP_CONV_2D, and after them the custom operators
 * TFLM ships, by the custom code a model names them with. This is the one place a custom
 * operator is named: a kernel table row says AP__OP_SIGNAL_RFFT, never "SignalRfft".
 */
#ifndef AP_TFLM_KERNELS_OPCODES_H
#define AP_TFLM_KERNELS_OPCODES_H

#include <stdint.h>

#include "arenaplan/tflite.h"

/* The custom operators, X(NAME, custom code). */
#define AP__CUSTOM_OPS(X)                                                                    \
    X(ETHOS_U, "ethos-u")                                                                    \
    X(CIRCULAR_BUFFER, "CIRCULAR_BUFFER")                                                    \
    X(TFLM_DECODE, "TFLM_DECODE")                                                            \
    X(TFLITE_DETECTION_POSTPROCESS, "TFLite_Detection_PostProcess")                          \
    X(SIGNAL_DELAY, "SignalDelay")                                                           \
    X(SIGNAL_ENERGY, "SignalEnergy")                                                         \
    X(SIGNAL_FFT_AUTO_SCALE, "SignalFftAutoScale")                                           \
    X(SIGNAL_FILTER_BANK, "SignalFilterBank")                                                \
    X(SIGNAL_FILTER_BANK_LOG, "SignalFilterBankLog")                                         \
    X(SIGNAL_FILTER_BANK_SQUARE_ROOT, "SignalFilterBankSquareRoot")                          \
    X(SIGNAL_FILTER_BANK_SPECTRAL_SUBTRACTION, "SignalFilterBankSpectralSubtraction")        \
    X(SIGNAL_FRAMER, "SignalFramer")                                                         \
    X(SIGNAL_IRFFT, "SignalIrfft")                                                           \
    X(SIGNAL_OVERLAP_ADD, "SignalOverlapAdd")                                                \
    X(SIGNAL_PCAN, "SignalPCAN")                                                             \
    X(SIGNAL_RFFT, "SignalRfft")                                                             \
    X(SIGNAL_STACKER, "SignalStacker")                                                       \
    X(SIGNAL_WINDOW, "SignalWindow")

#define AP__OP_OF_BUILTIN(name, code) AP__OP_##name = code,
#define AP__OP_OF_CUSTOM(name, text) AP__OP_##name,
enum ap__op {
    AP_TFL_BUILTINS(AP__OP_OF_BUILTIN)
    AP__OP_BEFORE_CUSTOM = (1 << 16) - 1,  /* custom operators from 2^16 on */
    AP__CUSTOM_OPS(AP__OP_OF_CUSTOM)
    AP__OP_END
};
#undef AP__OP_OF_BUILTIN
#undef AP__OP_OF_CUSTOM

/* The code the tables know op by: its builtin code, or the code of its custom code; -1 for a
 * custom code no table knows or a builtin code past the schema's range. */
int32_t ap__opcodes_code(const ap_tfl_operator *op);

/* Whether TFLM 90b983c2b has a kernel for op at all: its MicroMutableOpResolver has an Add*
 * method for the builtin code, or registers the custom code (the signal library's, the
 * detection post-process, CIRCULAR_BUFFER, TFLM_DECODE; not ethos-u, which AddEthosU adds only in
 * a firmware built with the Ethos-U kernel, which no kernel set is). 0: the op resolver can have
 * no registration for it
 * (DENSIFY, TOPK_V2, a Flex operator, DISPATCH), so no model using it loads on TFLM. */
int ap__opcodes_tflm_has(const ap_tfl_operator *op);

/* The custom code of a custom operator's code ("SignalRfft"), or NULL for a builtin. */
const char *ap__opcodes_custom_name(int32_t code);

#endif
