/* c_header.h - what the C writers of export/ share (c_header.c). */
#ifndef AP_EXPORT_C_HEADER_H
#define AP_EXPORT_C_HEADER_H

#include <stddef.h>
#include <stdio.h>

/* Writes s into a comment so that it can never end it, open another, splice a line or make a
 * trigraph: printable ASCII as it is, but a space between '*' and '/' (either order) and between
 * two '?', and every other byte (control, non-ASCII, backslash) as \xHH. At most max bytes of s
 * (then "..."); *col counts the columns written, and with wrap > 0 a space past column wrap
 * starts a new comment line, indented to column indent (notes are written whole, never cut). */
void ap__c_header_comment(FILE *f, const char *s, size_t max, int wrap, int indent, int *col);

/* Whether s is a C identifier. */
int ap__c_header_is_identifier(const char *s);

#endif
