/*
 * escape.h - text made safe for XML, HTML and JSON in HTML (internal; escape.c).
 */
#ifndef AP_REPORT_ESCAPE_H
#define AP_REPORT_ESCAPE_H

#include <stddef.h>
#include <stdio.h>

/* Writes s as XML/HTML character data or attribute text: & < > " ' escaped, control characters
 * and bytes that are not valid UTF-8 replaced by '?', so any input gives well-formed XML.
 * At most max_chars characters are written (an ellipsis marks a cut); 0 means no limit. */
void ap__escape_xml(FILE *f, const char *s, size_t max_chars);

/* Writes s as a JSON string that is also safe inside an HTML <script> element: like
 * ap_json_string, with < > & as \u003c \u003e \u0026 and invalid UTF-8 replaced by '?'. */
void ap__escape_json_html(FILE *f, const char *s);

#endif
