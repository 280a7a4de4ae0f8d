/* html.h - the report as static HTML pages (docs/REPORT.md, "HTML"), in
 * the manner of LLVM's opt-viewer: an index of the codebase with sortable
 * tables and the SVG plots inline, a page per source file (its functions,
 * and its text with the functions and first violations marked at their
 * lines) and a page per function (its record; with the plugin's dumps,
 * the captured code with GCC's and ssara's allocations side by side).
 *
 *   html.c     the index, the file pages, the pages' frame (style and
 *              the sorting script)
 *   htmlfn.c   the function pages
 *
 * No external resource: the style, the script and the pictures are in
 * the pages.
 */
#ifndef SSARA_HTML_H
#define SSARA_HTML_H

#include <stdbool.h>
#include <stdio.h>

#include "report.h"

/* Writes DIR/index.html, DIR/file-K.html and DIR/fn-I.html (I the
 * entry's index in r, K the source file's in order of first appearance)
 * for the records of r, t their totals and lv[0..nlv) the totals per
 * level (the plots); dumps is the plugin's dump=DIR (function pages show
 * the code from there), or NULL.  DIR is created if missing (its parent
 * must exist).  Returns false after writing "ssara-report: PATH: WHAT"
 * on stderr when a page cannot be written. */
bool write_html(const char *dir, const char *dumps, const Report *r,
		const Totals *t, const Totals *lv, int nlv);

/* For htmlfn.c: the frame of a page. */

/* Opens DIR/NAME for writing and writes the page's head (title, style)
 * and its first heading; NULL with a message on stderr on failure. */
FILE *html_open(const char *dir, const char *name, const char *title);

/* Writes the page's end (the sorting script) and closes f; false with
 * a message naming DIR/NAME on stderr when anything failed to write. */
bool html_close(FILE *f, const char *dir, const char *name);

/* Text with HTML's special characters escaped (svg.h's xml_text). */
void html_text(FILE *f, const char *s);

/* The page of entry idx of r (fn-IDX.html) into dir; file_page is the
 * name of its source file's page.  dumps as for write_html.  False when
 * the page cannot be written (reported). */
bool html_function_page(const char *dir, const char *dumps, const Report *r,
			int idx, const char *file_page);

#endif
