/*
 * patch.h - the rewrite of patch.c with its checks chosen (internal; the pipeline of
 * patch_pipe.c measures many candidates and checks the one it keeps).
 */
#ifndef AP_EXPORT_PATCH_H
#define AP_EXPORT_PATCH_H

#include "arenaplan/patch.h"

enum {
    AP__PATCH_FULL,     /* ap_tflite_patch_rewrite: the input and the copy loaded in TFLM */
    AP__PATCH_UNCHECKED, /* the copy written, not loaded (the caller measures it, which loads it) */
    AP__PATCH_FIGURES   /* only info: nothing written (*out stays NULL) */
};

/* ap_tflite_patch_rewrite with the checks of mode; info must not be NULL. */
ap_status ap__patch_rewrite(const unsigned char *data, size_t len, const ap_patch_spec *spec,
                            int mode, unsigned char **out, size_t *out_len, ap_patch_info *info,
                            ap_error *err);

#endif
