/*
 * opcodes.c - operators by the codes the kernel tables use (opcodes.h): builtins by their
 * schema code, custom operators by their custom code.
 */
#include <string.h>

#include "tflm_kernels/opcodes.h"

#define NAME(name, text) text,
static const char *const customs[] = {AP__CUSTOM_OPS(NAME)};
#undef NAME

#define N_CUSTOMS (sizeof customs / sizeof customs[0])
_Static_assert(N_CUSTOMS == AP__OP_END - AP__OP_BEFORE_CUSTOM - 1, "one name per custom code");

int32_t ap__opcodes_code(const ap_tfl_operator *op)
{
    if (op->builtin != AP_TFL_OP_CUSTOM) /* a code past the schema's is no table's */
        return op->builtin >= 0 && op->builtin <= AP__OP_BEFORE_CUSTOM ? op->builtin : -1;
    for (size_t i = 0; op->custom_code && i < N_CUSTOMS; i++)
        if (strcmp(op->custom_code, customs[i]) == 0)
            return AP__OP_BEFORE_CUSTOM + 1 + (int32_t)i;
    return -1;
}

const char *ap__opcodes_custom_name(int32_t code)
{
    if (code <= AP__OP_BEFORE_CUSTOM || code >= AP__OP_END)
        return NULL;
    return customs[code - AP__OP_BEFORE_CUSTOM - 1];
}
