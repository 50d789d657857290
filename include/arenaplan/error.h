/*
 * arenaplan/error.h - status codes and the error record every fallible call fills.
 *
 * The library never prints, exits or aborts on bad input. A fallible function returns an
 * ap_status and, when it is not AP_OK and the caller passed an ap_error, writes one sentence
 * into it that names what is wrong (file and line, byte offset, tensor index, buffer id).
 *
 * Who names the file: a function given the input's name (a path, a CSV origin) starts every
 * message with it ("m.tflite: ...", "b.csv:3: ..."); a function given only bytes or values
 * never names a file. So a caller prefixes the name exactly when it did not pass it, and never
 * has to look inside a message to decide.
 */
#ifndef ARENAPLAN_ERROR_H
#define ARENAPLAN_ERROR_H

/* The library is built with hidden visibility: what the public headers declare between these
 * two marks is its whole exported API (ap_*); everything else (ap__*) stays inside it. */
#if defined(__GNUC__)
#define AP_PUBLIC_BEGIN _Pragma("GCC visibility push(default)")
#define AP_PUBLIC_END _Pragma("GCC visibility pop")
#else
#define AP_PUBLIC_BEGIN
#define AP_PUBLIC_END
#endif

#ifdef __cplusplus
extern "C" {
#endif
AP_PUBLIC_BEGIN

typedef enum ap_status {
    AP_OK = 0,
    AP_ERR_INPUT,      /* malformed or unreadable input (CSV, model, plan file) */
    AP_ERR_USAGE,      /* impossible options or arguments */
    AP_ERR_NOMEM,      /* an allocation failed */
    AP_ERR_OVERFLOW,   /* a size, offset or product does not fit in 64 bits */
    AP_ERR_INVALID,    /* a plan breaks a rule (see ap_check) */
    AP_ERR_INFEASIBLE, /* no plan exists within the requested capacity (proven) */
    AP_ERR_LIMIT,      /* a limit was reached first (time, capacity not proven either way) */
    AP_ERR_IO          /* reading or writing a file failed */
} ap_status;

#define AP_ERROR_MAX 512

typedef struct ap_error {
    ap_status code;
    char msg[AP_ERROR_MAX];
} ap_error;

/* Receives a warning: one sentence that names what was ignored or assumed (a CSV column, ...).
 * Warnings never change a result; the library calls this only where an options struct passes
 * one (it never prints). */
typedef void (*ap_warn_fn)(void *ctx, const char *msg);

/* Fills err (if not NULL) with code and a printf-style message; returns code. */
ap_status ap_error_set(ap_error *err, ap_status code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* A short English name for a status ("bad input", "out of memory", ...). */
const char *ap_status_name(ap_status s);

AP_PUBLIC_END
#ifdef __cplusplus
}
#endif
#endif
