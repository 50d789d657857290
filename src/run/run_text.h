/* run_text.h - texts built in memory by the run layer (run_text.c). */
#ifndef AP_RUN_RUN_TEXT_H
#define AP_RUN_RUN_TEXT_H

#include <stdio.h>

#include "arenaplan/error.h"

/* A memstream: open, write with fprintf(t->f, ...), close; on success buf/len hold the text
 * (NUL-terminated, the caller frees buf). */
typedef struct ap__run_text {
    FILE *f;
    char *buf;
    size_t len;
} ap__run_text;

/* 0, or -1 when out of memory. */
int ap__run_text_open(ap__run_text *t);
/* Closes t: AP_OK with t->buf its text (malloc'd, NUL-terminated; the caller owns it), or
 * AP_ERR_NOMEM (a write or the memory failed) with t->buf NULL. */
ap_status ap__run_text_close(ap__run_text *t, ap_error *err);

#endif
