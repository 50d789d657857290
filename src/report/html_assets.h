/*
 * html_assets.h - the HTML report's stylesheet and script (internal; html_assets.c, generated
 * from assets/ by assets/embed.py).
 */
#ifndef AP_REPORT_HTML_ASSETS_H
#define AP_REPORT_HTML_ASSETS_H

/* The report's stylesheet and script (html_assets.c, generated from assets/). */
extern const char ap__html_assets_css[];
extern const char ap__html_assets_js[];

#endif
