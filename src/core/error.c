/* error.c - filling ap_error records and naming status codes. */
#include <stdarg.h>
#include <stdio.h>

#include "arenaplan/error.h"

ap_status ap_error_set(ap_error *err, ap_status code, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        err->code = code;
        va_start(ap, fmt);
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
    }
    return code;
}

const char *ap_status_name(ap_status s)
{
    switch (s) {
    case AP_OK: return "ok";
    case AP_ERR_INPUT: return "bad input";
    case AP_ERR_USAGE: return "bad usage";
    case AP_ERR_NOMEM: return "out of memory";
    case AP_ERR_OVERFLOW: return "value too large";
    case AP_ERR_INVALID: return "invalid plan";
    case AP_ERR_INFEASIBLE: return "infeasible";
    case AP_ERR_LIMIT: return "limit reached";
    case AP_ERR_IO: return "i/o error";
    }
    return "unknown status";
}
