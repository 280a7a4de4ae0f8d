/* svg.h - the verdicts and times of each optimisation level as an SVG
 * picture, written without any library (docs/REPORT.md, "SVG"). */
#ifndef SSARA_SVG_H
#define SSARA_SVG_H

#include <stdio.h>

#include "report.h"

/* Geometry, also documented for readers checking the numbers. */
enum {
	SVG_BAR_H = 200,   /* height of a 100% verdict bar, of a full-scale
			      time bar */
	SVG_BAR_W = 40,
	SVG_STEP = 100,    /* from one level's bars to the next */
	SVG_LEFT = 70,     /* x of the first bar */
};

/* The time chart's scale, in percent of IRA+LRA: the smallest of 1, 2,
 * 5, 10, 20, 50, ... at least max (1 when max <= 0). */
double svg_scale(double max);

/* Writes the picture of the levels lv[0..n) to f: a stacked bar per
 * level of GCC's verdicts (verified, unverified, violation, not checked;
 * each segment's height SVG_BAR_H * count / functions; beside it the
 * same of ssara's verdicts, classes prefixed "ssara-", at the levels
 * where some were checked), and a bar chart
 * of the audit time and ssara's allocation time as shares of IRA+LRA
 * (height SVG_BAR_H * share / svg_scale(largest share)).  Each bar is a
 * <rect class="KIND" data-opt="OPT" ...> with a <title> giving its
 * numbers. */
void write_svg(FILE *f, const Totals *lv, int n);

/* The same picture without the XML declaration: the <svg> element alone,
 * for inlining into an HTML page. */
void write_svg_element(FILE *f, const Totals *lv, int n);

/* Writes s with XML's (and HTML's) special characters escaped (& < > ")
 * and control characters left out, for text and attribute values. */
void xml_text(FILE *f, const char *s);

#endif
