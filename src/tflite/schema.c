/*
 * schema.c - names and sizes from the TFLite schema (tensorflow/lite/schema/schema.fbs):
 * builtin operator names, tensor type names, packed element sizes and TFLM's element sizes.
 */
#include <stdio.h>

#include "arenaplan/tflite.h"

#define NAME(name, code) [code] = #name,
/* BuiltinOperator names, indexed by code (NULL for the codes the schema leaves unnamed). */
static const char *const builtin_names[] = {AP_TFL_BUILTINS(NAME)};
#undef NAME

#define N_BUILTIN_NAMES (sizeof builtin_names / sizeof builtin_names[0])

const char *ap_tfl_builtin_name(int32_t code)
{
    return code >= 0 && (size_t)code < N_BUILTIN_NAMES ? builtin_names[code] : NULL;
}

static const struct {
    const char *name;
    int bits;      /* packed bits per element; 0 = no fixed size */
    int tflm_size; /* TFLM's TfLiteTypeSizeOf; 0 = TFLM fails */
} types[AP_TFL_TYPE_COUNT] = {
    [AP_TFL_FLOAT32] = {"FLOAT32", 32, 4},
    [AP_TFL_FLOAT16] = {"FLOAT16", 16, 2},
    [AP_TFL_INT32] = {"INT32", 32, 4},
    [AP_TFL_UINT8] = {"UINT8", 8, 1},
    [AP_TFL_INT64] = {"INT64", 64, 8},
    [AP_TFL_STRING] = {"STRING", 0, 0},
    [AP_TFL_BOOL] = {"BOOL", 8, 1},
    [AP_TFL_INT16] = {"INT16", 16, 2},
    [AP_TFL_COMPLEX64] = {"COMPLEX64", 64, 8},
    [AP_TFL_INT8] = {"INT8", 8, 1},
    [AP_TFL_FLOAT64] = {"FLOAT64", 64, 8},
    [AP_TFL_COMPLEX128] = {"COMPLEX128", 128, 16},
    [AP_TFL_UINT64] = {"UINT64", 64, 8},
    [AP_TFL_RESOURCE] = {"RESOURCE", 32, 4},
    [AP_TFL_VARIANT] = {"VARIANT", 0, 0},
    [AP_TFL_UINT32] = {"UINT32", 32, 4},
    [AP_TFL_UINT16] = {"UINT16", 16, 2}, /* memory_helpers.cc:74-76 at 90b983c2b */
    /* TFLM sizes INT4 one byte per element (its kernels unpack to int8). */
    [AP_TFL_INT4] = {"INT4", 4, 1},
    [AP_TFL_BFLOAT16] = {"BFLOAT16", 16, 2}, /* memory_helpers.cc:53-55 */
    [AP_TFL_INT2] = {"INT2", 2, 0},
    [AP_TFL_UINT4] = {"UINT4", 4, 0},
};

const char *ap_tfl_type_name(int type)
{
    return type >= 0 && type < AP_TFL_TYPE_COUNT ? types[type].name : NULL;
}

int ap_tfl_type_bits(int type)
{
    return type >= 0 && type < AP_TFL_TYPE_COUNT ? types[type].bits : 0;
}

int ap_tfl_tflm_type_size(int type)
{
    return type >= 0 && type < AP_TFL_TYPE_COUNT ? types[type].tflm_size : 0;
}
