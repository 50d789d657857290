/* escape.c - text from the input made safe for XML, HTML and JSON inside HTML (escape.h). */
#include <stdint.h>

#include "report/escape.h"

/* Length of the valid UTF-8 sequence at s that XML allows as a character, or 0. */
static size_t utf8_char(const unsigned char *s)
{
    unsigned c = s[0];
    if (c < 0x80)
        return c >= 0x20 || c == '\t' || c == '\n' || c == '\r' ? 1 : 0;
    if (c >= 0xC2 && c <= 0xDF)
        return (s[1] & 0xC0) == 0x80 ? 2 : 0;
    if (c >= 0xE0 && c <= 0xEF) {
        unsigned lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
        if (s[1] < lo || s[1] > hi || (s[2] & 0xC0) != 0x80)
            return 0;
        if (c == 0xEF && s[1] == 0xBF && (s[2] == 0xBE || s[2] == 0xBF))
            return 0; /* U+FFFE, U+FFFF: not XML characters */
        return 3;
    }
    if (c >= 0xF0 && c <= 0xF4) {
        unsigned lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
        if (s[1] < lo || s[1] > hi || (s[2] & 0xC0) != 0x80 || (s[3] & 0xC0) != 0x80)
            return 0;
        return 4;
    }
    return 0;
}

void ap__escape_xml(FILE *f, const char *s, size_t max_chars)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t chars = 0;
    while (u && *u) {
        size_t k = utf8_char(u);
        if (max_chars && chars + 1 >= max_chars && u[k ? k : 1]) {
            fputs("\xE2\x80\xA6", f); /* an ellipsis: the text goes on */
            return;
        }
        chars++;
        if (!k) {
            fputc('?', f);
            u++;
            continue;
        }
        switch (*u) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\'': fputs("&#39;", f); break;
        case '\n': fputs("&#10;", f); break;
        default: fwrite(u, 1, k, f);
        }
        u += k;
    }
}

void ap__escape_json_html(FILE *f, const char *s)
{
    const unsigned char *u = (const unsigned char *)s;
    fputc('"', f);
    while (u && *u) {
        size_t k = utf8_char(u);
        unsigned c = *u;
        if (c < 0x20) {
            if (c == '\n')
                fputs("\\n", f);
            else if (c == '\t')
                fputs("\\t", f);
            else
                fprintf(f, "\\u%04x", c);
            u++;
            continue;
        }
        if (!k) {
            fputc('?', f);
            u++;
            continue;
        }
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c == '<' || c == '>' || c == '&')
            fprintf(f, "\\u%04x", c);
        else
            fwrite(u, 1, k, f);
        u += k;
    }
    fputc('"', f);
}
