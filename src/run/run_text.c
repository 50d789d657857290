/* run_text.c - a text the run layer builds in memory (a memstream), then hands to the caller. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run/run_text.h"

int ap__run_text_open(ap__run_text *t)
{
    memset(t, 0, sizeof *t);
    t->f = open_memstream(&t->buf, &t->len);
    return t->f ? 0 : -1;
}

ap_status ap__run_text_close(ap__run_text *t, ap_error *err)
{
    int bad;
    if (!t->f)
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory");
    bad = ferror(t->f);
    if (fclose(t->f) != 0 || bad || !t->buf) {
        free(t->buf);
        t->buf = NULL;
        t->f = NULL;
        return ap_error_set(err, AP_ERR_NOMEM, "out of memory writing the result");
    }
    t->f = NULL;
    return AP_OK;
}
