/* gate.c - ssara-report --fail-on: which functions fail a CI gate. */
#include "gate.h"

#include <string.h>

bool gate_parse(const char *arg, int *mask)
{
	static const struct {
		const char *name;
		int bit;
	} kinds[] = {{"violation", FAIL_VIOLATION},
		     {"unverified", FAIL_UNVERIFIED},
		     {"unsupported", FAIL_UNSUPPORTED}};
	*mask = 0;
	const char *p = arg;
	for (;;) {
		size_t n = strcspn(p, ",");
		int bit = 0;
		for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++)
			if (strlen(kinds[k].name) == n &&
			    strncmp(p, kinds[k].name, n) == 0)
				bit = kinds[k].bit;
		if (!bit || (*mask & bit))
			return false;
		*mask |= bit;
		if (!p[n])
			return true;
		p += n + 1;
	}
}

/* Prints "ssara-report: WHERE: FN (OPT): " for rec: WHERE is the
 * function's source file (its record's "src", else "file") and the line
 * of line, else of the function, when known. */
static void where(FILE *f, const Record *rec, long long line)
{
	if (!line)
		line = rec->line;
	fprintf(f, "ssara-report: %s", rec->src ? rec->src : rec->file);
	if (line)
		fprintf(f, ":%lld", line);
	fprintf(f, ": %s (%s): ", rec->name, rec->opt);
}

/* Whether check c of an allocation ("GCC's", "ssara's") fails mask;
 * prints the function's line if so. */
static bool check_fails(FILE *f, const Record *rec, const Check *c,
			const char *whose, int mask)
{
	if (c->kind == V_VIOLATION && (mask & FAIL_VIOLATION)) {
		where(f, rec, c->first_line);
		fprintf(f, "%s allocation is wrong: %s\n", whose,
			c->first ? c->first : "(no text)");
		return true;
	}
	if (c->kind == V_UNVERIFIED && (mask & FAIL_UNVERIFIED)) {
		where(f, rec, 0);
		fprintf(f, "%s allocation is unverified: %s\n", whose,
			c->reason ? c->reason : "(no reason)");
		return true;
	}
	return false;
}

long gate_check(FILE *f, const Report *r, int mask)
{
	long failed = 0;
	for (int k = 0; k < r->n; k++) {
		const Record *rec = &r->ent[k].rec;
		bool fails = false;
		if (!rec->captured && (mask & FAIL_UNSUPPORTED)) {
			where(f, rec, 0);
			fprintf(f, "unsupported: %s\n",
				rec->reason ? rec->reason : "(no reason)");
			fails = true;
		}
		fails |= check_fails(f, rec, &rec->vgcc, "GCC's", mask);
		fails |= check_fails(f, rec, &rec->vssara, "ssara's", mask);
		failed += fails;
	}
	return failed;
}
