/* report.c - records of a codebase, duplicates, totals (report.h). */
#include "report.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

Report *report_new(void)
{
	Arena *a = arena_new();
	Report *r = ARENA_NEW(a, Report, 1);
	r->a = a;
	return r;
}

void report_free(Report *r)
{
	if (r)
		arena_free(r->a); /* r itself lives there */
}

void report_object(Report *r, bool has_records)
{
	r->objects++;
	r->objects_with_records += has_records;
}

/* s[0..n) as a NUL-terminated string in a. */
static char *copy_str(Arena *a, const char *s, size_t n)
{
	char *c = arena_alloc(a, n + 1);
	memcpy(c, s, n);
	return c;
}

static uint64_t fnv1a(uint64_t h, const char *s)
{
	/* The terminator is hashed too, so that ("ab","c") != ("a","bc"). */
	do
		h = (h ^ (unsigned char)*s) * UINT64_C(1099511628211);
	while (*s++);
	return h;
}

/* Hash and equality of a function's identity (file, fn, opt). */
static uint64_t identity_hash(const Record *rec)
{
	uint64_t h = UINT64_C(14695981039346656037);
	return fnv1a(fnv1a(fnv1a(h, rec->file), rec->fn), rec->opt);
}

static bool same_identity(const Record *x, const Record *y)
{
	return strcmp(x->file, y->file) == 0 && strcmp(x->fn, y->fn) == 0 &&
	       strcmp(x->opt, y->opt) == 0;
}

/* The slot of rec's identity: holding its entry, or the free slot where
 * it belongs.  Requires a table with a free slot. */
static size_t find_slot(const Report *r, const Record *rec)
{
	size_t mask = r->nslot - 1, i = identity_hash(rec) & mask;
	while (r->slot[i] && !same_identity(&r->ent[r->slot[i] - 1].rec, rec))
		i = (i + 1) & mask;
	return i;
}

/* Keeps the table at most half full (power-of-two size). */
static void grow_slots(Report *r)
{
	if ((size_t)r->n * 2 < r->nslot)
		return;
	r->nslot = r->nslot ? 2 * r->nslot : 64;
	r->slot = ARENA_NEW(r->a, int, r->nslot);
	for (int e = 0; e < r->n; e++)
		r->slot[find_slot(r, &r->ent[e].rec)] = e + 1;
}

/* Adds rec read from object where (its text is text[0..len)), or counts
 * it as a duplicate. */
static void add_record(Report *r, const Record *rec, const char *where,
		       const char *text, size_t len)
{
	grow_slots(r);
	size_t s = find_slot(r, rec);
	if (r->slot[s]) {
		const Entry *old = &r->ent[r->slot[s] - 1];
		r->duplicates++;
		r->duplicates_differing +=
			old->textlen != len || memcmp(old->text, text, len) != 0;
		return;
	}
	if (r->n == r->cap) {
		int ncap = r->cap ? 2 * r->cap : 256;
		r->ent = arena_grow(r->a, r->ent, sizeof *r->ent * (size_t)r->cap,
				    sizeof *r->ent * (size_t)ncap);
		r->cap = ncap;
	}
	Entry *e = &r->ent[r->n];
	e->rec = *rec;
	e->rec.file = copy_str(r->a, rec->file, strlen(rec->file));
	e->rec.fn = copy_str(r->a, rec->fn, strlen(rec->fn));
	e->rec.opt = copy_str(r->a, rec->opt, strlen(rec->opt));
	if (rec->reason)
		e->rec.reason = copy_str(r->a, rec->reason, strlen(rec->reason));
	e->object = copy_str(r->a, where, strlen(where));
	e->text = copy_str(r->a, text, len);
	e->textlen = len;
	r->slot[s] = ++r->n;
}

int report_section(Report *r, const char *where, const char *data, size_t n,
		   Diag *d)
{
	int k = 0;
	size_t i = 0;
	while (i < n) {
		if (data[i] == 0) {
			i++;
			continue;
		}
		k++;
		const char *nl = memchr(data + i, '\n', n - i);
		if (!nl) {
			diag_error(d, where,
				   "record %d at offset %zu: not terminated by "
				   "a newline",
				   k, i);
			break;
		}
		size_t len = (size_t)(nl - (data + i));
		/* One arena per record: the JSON tree dies with it. */
		Arena *tmp = arena_new();
		Record rec;
		char err[256];
		if (record_parse(data + i, len, tmp, &rec, err, sizeof err))
			add_record(r, &rec, where, data + i, len);
		else
			diag_error(d, where, "record %d at offset %zu: %s", k, i,
				   err);
		arena_free(tmp);
		i += len + 1;
	}
	return k;
}

static int cmp_reason_name(const void *x, const void *y)
{
	return strcmp(*(const char *const *)x, *(const char *const *)y);
}

/* Most frequent first, ties by name. */
static int cmp_reason_rank(const void *x, const void *y)
{
	const ReasonCount *a = x, *b = y;
	if (a->count != b->count)
		return a->count > b->count ? -1 : 1;
	return strcmp(a->reason, b->reason);
}

/* The unsupported reasons of r with their counts, ranked, into t. */
static void rank_reasons(const Report *r, Totals *t)
{
	const char **name = ARENA_NEW(r->a, const char *, r->n + 1);
	int n = 0;
	for (int e = 0; e < r->n; e++)
		if (!r->ent[e].rec.captured)
			name[n++] = r->ent[e].rec.reason;
	qsort(name, (size_t)n, sizeof *name, cmp_reason_name);
	t->reason = ARENA_NEW(r->a, ReasonCount, n + 1);
	t->nreason = 0;
	for (int i = 0; i < n; i++) {
		if (i == 0 || strcmp(name[i], name[i - 1]) != 0)
			t->reason[t->nreason++].reason = name[i];
		t->reason[t->nreason - 1].count++;
	}
	qsort(t->reason, (size_t)t->nreason, sizeof *t->reason,
	      cmp_reason_rank);
}

void report_totals(const Report *r, Totals *t)
{
	memset(t, 0, sizeof *t);
	t->objects = r->objects;
	t->objects_with_records = r->objects_with_records;
	t->functions = r->n;
	t->duplicates = r->duplicates;
	t->duplicates_differing = r->duplicates_differing;
	for (int e = 0; e < r->n; e++) {
		const Record *rec = &r->ent[e].rec;
		if (rec->captured)
			t->captured++;
		else
			t->unsupported++;
		for (int f = 0; f < F_N; f++) {
			if (!rec->has[f])
				continue;
			if (f == F_MAXLIVE_GPR || f == F_MAXLIVE_SSE) {
				if (rec->val[f] > t->sum[f])
					t->sum[f] = rec->val[f];
			} else {
				t->sum[f] += rec->val[f];
			}
		}
		for (int w = 0; rec->has_w && w < W_N; w++)
			t->wsum[w] += rec->w[w];
	}
	rank_reasons(r, t);
}
