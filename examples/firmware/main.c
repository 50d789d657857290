/*
 * main.c - the firmware example's program: the model and its arena as arenaplan_add_model
 * generated them (build/arenaplan/firmware/person_detect_model.h, examples/firmware/CMakeLists.txt).
 *
 * A TFLM application (C++) would go on with
 *   tflite::MicroMutableOpResolver<PERSON_DETECT_OP_COUNT> resolver;
 *   PERSON_DETECT_ADD_OPS(resolver);
 *   tflite::MicroInterpreter interpreter(tflite::GetModel(person_detect_model), resolver,
 *                                        tensor_arena, sizeof tensor_arena);
 *   interpreter.AllocateTensors();
 * This one is C and links without TFLM: it checks what it was given.
 */
#include <stdint.h>

#include "person_detect_model.h"

/* TFLM's arena: kTensorArenaSize as arenaplan computed it for the plan the model carries */
_Alignas(16) static uint8_t tensor_arena[PERSON_DETECT_ARENA_SIZE];

_Static_assert(PERSON_DETECT_OP_COUNT > 0, "the model runs operators");
_Static_assert(PERSON_DETECT_HEAD_SIZE < PERSON_DETECT_ARENA_SIZE, "the head lies in the arena");

int main(void)
{
    /* the model is a .tflite FlatBuffer ("TFL3" at byte 4), 16-aligned as TFLM needs */
    if ((uintptr_t)person_detect_model % 16 != 0 || person_detect_model[4] != 'T' ||
        person_detect_model_len != PERSON_DETECT_MODEL_SIZE)
        return 1;
    tensor_arena[sizeof tensor_arena - 1] = 1;
    return tensor_arena[0];
}
