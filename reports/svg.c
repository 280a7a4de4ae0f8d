/* svg.c - verdicts and time shares per level as SVG (svg.h). */
#include "svg.h"

#include <string.h>

/* Heights of the two charts' plot areas and where their baselines are. */
enum {
	TOP1 = 50,                 /* top of the verdict bars */
	BASE1 = TOP1 + SVG_BAR_H,  /* their baseline */
	TOP2 = BASE1 + 110,        /* top of the time chart */
	BASE2 = TOP2 + SVG_BAR_H,
	HEIGHT = BASE2 + 60,
};

static const struct {
	VerdictKind kind;
	const char *cls, *label, *colour;
} segment[] = {
	{V_VERIFIED, "verified", "verified", "#43a047"},
	{V_UNVERIFIED, "unverified", "unverified", "#fb8c00"},
	{V_VIOLATION, "violation", "violation", "#e53935"},
	{V_NONE, "not-checked", "not checked", "#bdbdbd"},
};
enum { NSEG = sizeof segment / sizeof segment[0] };

double svg_scale(double max)
{
	double s = 1;
	static const double step[3] = {1, 2, 5};
	for (int i = 0;; i++) {
		s = step[i % 3];
		for (int k = 0; k < i / 3; k++)
			s *= 10;
		if (s >= max || s > 1e12)
			return s;
	}
}

void xml_text(FILE *f, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&': fputs("&amp;", f); break;
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '"': fputs("&quot;", f); break;
		default:
			if ((unsigned char)*s >= 0x20)
				putc(*s, f);
		}
	}
}

/* Text at (x, y), anchored at its middle unless anchor says otherwise. */
static void text_at(FILE *f, double x, double y, const char *anchor,
		    const char *s)
{
	fprintf(f, "<text x=\"%.2f\" y=\"%.2f\" text-anchor=\"%s\">", x, y,
		anchor);
	xml_text(f, s);
	fputs("</text>\n", f);
}

/* One bar of class cls for level opt: from (x, base) up by h, w wide,
 * with a title. */
static void bar(FILE *f, const char *cls, const char *opt, double x,
		double w, double base, double h, const char *colour,
		const char *title)
{
	fprintf(f, "<rect class=\"%s\" data-opt=\"", cls);
	xml_text(f, opt);
	fprintf(f,
		"\" x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" "
		"fill=\"%s\"><title>",
		x, base - h, w, h, colour);
	xml_text(f, title);
	fputs("</title></rect>\n", f);
}

/* The x of level i's first bar. */
static double bar_x(int i)
{
	return SVG_LEFT + (double)i * SVG_STEP;
}

/* One stacked bar of the verdicts c of level t at x; classes prefixed
 * with pre ("" for GCC's, "ssara-" for ssara's). */
static void verdict_bar(FILE *f, const Totals *t, const CheckTotals *c,
			const char *who, const char *pre, double x)
{
	char buf[256], cls[64];
	double y = BASE1;
	for (int s = 0; s < NSEG; s++) {
		long k = c->n[segment[s].kind];
		double h = (double)SVG_BAR_H * (double)k / (double)t->functions;
		snprintf(buf, sizeof buf, "%s %s %s: %ld of %ld (%.1f%%)", t->opt,
			 who, segment[s].label, k, t->functions,
			 100.0 * (double)k / (double)t->functions);
		snprintf(cls, sizeof cls, "%s%s", pre, segment[s].cls);
		bar(f, cls, t->opt, x, SVG_BAR_W, y, h, segment[s].colour, buf);
		y -= h;
	}
	text_at(f, x + SVG_BAR_W / 2.0, BASE1 + 30, "middle", who);
}

/* Chart 1: GCC's verdicts, one stacked bar per level, and ssara's
 * beside them at the levels where ssara's allocation was checked. */
static void verdict_chart(FILE *f, const Totals *lv, int n)
{
	char buf[256];
	text_at(f, SVG_LEFT, TOP1 - 25, "start",
		"Verdicts on the allocations per optimisation level");
	for (int i = 0; i < n; i++) {
		const Totals *t = &lv[i];
		if (t->functions == 0)
			continue;
		verdict_bar(f, t, &t->cgcc, "gcc", "", bar_x(i));
		if (t->cssara.n[V_NONE] < t->functions)
			verdict_bar(f, t, &t->cssara, "ssara", "ssara-",
				    bar_x(i) + SVG_BAR_W + 4);
		text_at(f, bar_x(i) + SVG_BAR_W / 2.0, BASE1 + 16, "middle",
			t->opt);
		snprintf(buf, sizeof buf, "%ld fns", t->functions);
		text_at(f, bar_x(i) + SVG_BAR_W / 2.0, TOP1 - 5, "middle", buf);
	}
	for (int s = 0; s < NSEG; s++) {
		double x = SVG_LEFT + (double)n * SVG_STEP;
		fprintf(f, "<rect x=\"%.2f\" y=\"%d\" width=\"12\" height=\"12\" "
			"fill=\"%s\"/>\n", x, TOP1 + 20 * s, segment[s].colour);
		text_at(f, x + 16, TOP1 + 20 * s + 11, "start", segment[s].label);
	}
}

/* part / whole in percent, 0 when whole is 0. */
static double share(long long part, long long whole)
{
	return whole > 0 ? 100.0 * (double)part / (double)whole : 0;
}

/* Chart 2: audit and ssara alloc time as shares of IRA+LRA. */
static void time_chart(FILE *f, const Totals *lv, int n)
{
	char buf[256];
	double max = 0;
	for (int i = 0; i < n; i++) {
		double a = share(lv[i].cgcc.us + lv[i].t_audit, lv[i].t_ira_lra);
		double s = share(lv[i].t_ssara, lv[i].t_ira_lra);
		max = a > max ? a : max;
		max = s > max ? s : max;
	}
	double scale = svg_scale(max);
	text_at(f, SVG_LEFT, TOP2 - 25, "start",
		"Time as a share of GCC's IRA+LRA time (%)");
	fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
		"stroke=\"black\"/>\n", SVG_LEFT - 10, TOP2, SVG_LEFT - 10, BASE2);
	for (int k = 0; k <= 2; k++) {
		snprintf(buf, sizeof buf, "%g", scale * k / 2);
		text_at(f, SVG_LEFT - 14, BASE2 - SVG_BAR_H * k / 2.0 + 4, "end",
			buf);
	}
	for (int i = 0; i < n; i++) {
		const Totals *t = &lv[i];
		const struct {
			const char *cls, *label, *colour;
			long long us;
		} b[2] = {
			{"audit", "audit", "#1e88e5", t->cgcc.us + t->t_audit},
			{"ssara-alloc", "ssara alloc", "#8e24aa", t->t_ssara},
		};
		for (int k = 0; k < 2; k++) {
			double s = share(b[k].us, t->t_ira_lra);
			snprintf(buf, sizeof buf,
				 "%s %s: %.3f ms, %.1f%% of IRA+LRA %.3f ms",
				 t->opt, b[k].label, (double)b[k].us / 1000, s,
				 (double)t->t_ira_lra / 1000);
			bar(f, b[k].cls, t->opt, bar_x(i) + k * (SVG_BAR_W / 2.0 + 2),
			    SVG_BAR_W / 2.0, BASE2, SVG_BAR_H * s / scale,
			    b[k].colour, buf);
		}
		text_at(f, bar_x(i) + SVG_BAR_W / 2.0, BASE2 + 16, "middle",
			t->opt);
	}
	static const char *const legend[2][2] = {
		{"#1e88e5", "audit (gcc check)"}, {"#8e24aa", "ssara alloc"}};
	for (int k = 0; k < 2; k++) {
		double x = SVG_LEFT + (double)n * SVG_STEP;
		fprintf(f, "<rect x=\"%.2f\" y=\"%d\" width=\"12\" height=\"12\" "
			"fill=\"%s\"/>\n", x, TOP2 + 20 * k, legend[k][0]);
		text_at(f, x + 16, TOP2 + 20 * k + 11, "start", legend[k][1]);
	}
}

void write_svg(FILE *f, const Totals *lv, int n)
{
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", f);
	write_svg_element(f, lv, n);
}

void write_svg_element(FILE *f, const Totals *lv, int n)
{
	int width = SVG_LEFT + (n + 1) * SVG_STEP + 60;
	fprintf(f,
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
		"height=\"%d\" font-family=\"sans-serif\" font-size=\"12\">\n"
		"<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
		width, HEIGHT);
	verdict_chart(f, lv, n);
	time_chart(f, lv, n);
	fputs("</svg>\n", f);
}
