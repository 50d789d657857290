/* stub.c - placeholder until the .tflite reader lands. */
#include "arenaplan/tflite.h"

ap_status ap_tflite_load_problem(const unsigned char *data, size_t len, const char *path,
                                 const ap_load_options *opt, ap_problem **out, ap_error *err)
{
    (void)data; (void)len; (void)opt;
    *out = NULL;
    return ap_error_set(err, AP_ERR_INPUT, "%s: reading .tflite models is not built yet", path);
}
