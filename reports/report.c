/* report.c - records of a codebase, duplicates, totals (report.h). */
#include "report.h"

#include "demangle.h"

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

void report_object(Report *r, bool has_records, bool lto)
{
	r->objects++;
	r->objects_with_records += has_records;
	r->lto_without_records += lto && !has_records;
}

/* s[0..n) as a NUL-terminated string in a. */
static char *copy_str(Arena *a, const char *s, size_t n)
{
	char *c = arena_alloc(a, n + 1);
	memcpy(c, s, n);
	return c;
}

/* A copy of s in a, or NULL if s is NULL. */
static const char *dup_opt(Arena *a, const char *s)
{
	return s ? copy_str(a, s, strlen(s)) : NULL;
}

static uint64_t fnv1a(uint64_t h, const char *s)
{
	/* The terminator is hashed too, so that ("ab","c") != ("a","bc"). */
	do
		h = (h ^ (unsigned char)*s) * UINT64_C(1099511628211);
	while (*s++);
	return h;
}

/* Hash and equality of a function's identity (dir, file, fn, opt): the
 * same file name compiled in two directories is two sources. */
static uint64_t identity_hash(const Record *rec)
{
	uint64_t h = UINT64_C(14695981039346656037);
	return fnv1a(fnv1a(fnv1a(fnv1a(h, rec->dir), rec->file), rec->fn),
		     rec->opt);
}

static bool same_identity(const Record *x, const Record *y)
{
	return strcmp(x->dir, y->dir) == 0 && strcmp(x->file, y->file) == 0 &&
	       strcmp(x->fn, y->fn) == 0 && strcmp(x->opt, y->opt) == 0;
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
	e->rec.dir = copy_str(r->a, rec->dir, strlen(rec->dir));
	e->rec.src = dup_opt(r->a, rec->src);
	e->rec.dump = dup_opt(r->a, rec->dump);
	e->rec.fn = copy_str(r->a, rec->fn, strlen(rec->fn));
	e->rec.name = demangle_name(r->a, e->rec.fn);
	e->rec.opt = copy_str(r->a, rec->opt, strlen(rec->opt));
	e->rec.reason = dup_opt(r->a, rec->reason);
	e->rec.vgcc.reason = dup_opt(r->a, rec->vgcc.reason);
	e->rec.vgcc.first = dup_opt(r->a, rec->vgcc.first);
	e->rec.vssara.reason = dup_opt(r->a, rec->vssara.reason);
	e->rec.vssara.first = dup_opt(r->a, rec->vssara.first);
	e->rec.sra.error = dup_opt(r->a, rec->sra.error);
	e->rec.subst_reason = dup_opt(r->a, rec->subst_reason);
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

/* The n strings of name (reordered) counted and ranked into *out, *nout
 * (in a). */
static void rank(Arena *a, const char **name, int n, ReasonCount **out,
		 int *nout)
{
	qsort(name, (size_t)n, sizeof *name, cmp_reason_name);
	ReasonCount *rc = ARENA_NEW(a, ReasonCount, n + 1);
	int k = 0;
	for (int i = 0; i < n; i++) {
		if (i == 0 || strcmp(name[i], name[i - 1]) != 0)
			rc[k++].reason = name[i];
		rc[k - 1].count++;
	}
	qsort(rc, (size_t)k, sizeof *rc, cmp_reason_rank);
	*out = rc;
	*nout = k;
}

static bool is_letter(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static bool is_word(char c)
{
	return is_letter(c) || is_digit(c) || c == '_';
}

static bool is_hex(char c)
{
	return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* Whether a number word starts at s[i] (a word start): at most three
 * letters then digits ("12", "b3", "uid12"), or a hexadecimal number
 * ("0xf048"); its end into *end. */
static bool number_word(const char *s, size_t i, size_t *end)
{
	size_t l = i, d;
	if (s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X') &&
	    is_hex(s[i + 2])) {
		for (d = i + 2; is_hex(s[d]);)
			d++;
		*end = d;
		return !is_word(s[d]);
	}
	while (is_letter(s[l]))
		l++;
	for (d = l; is_digit(s[d]);)
		d++;
	*end = d;
	return l - i <= 3 && d > l && !is_word(s[d]);
}

/* The index just past the ')' closing the '(' at s[i], or 0 if it is
 * not closed; *num tells whether a number word is inside. */
static size_t group_end(const char *s, size_t i, bool *num)
{
	int depth = 0;
	*num = false;
	for (; s[i]; i++) {
		size_t end;
		depth += (s[i] == '(') - (s[i] == ')');
		if (is_word(s[i]) && !is_word(s[i - 1]) &&
		    number_word(s, i, &end))
			*num = true;
		if (depth == 0)
			return i + 1;
	}
	return 0;
}

/* Appends c to out[0..*k) (room for n - 1 bytes); spaces collapse. */
static void put_char(char *out, size_t n, size_t *k, char c)
{
	if (c == ' ' && (*k == 0 || out[*k - 1] == ' '))
		return;
	if (*k + 1 < n)
		out[(*k)++] = c;
}

/* Removes from s (words separated by single spaces) every word equal to
 * the one before it: "pN:N pN:N pN:N" -> "pN:N". */
static void drop_repeats(char *s)
{
	size_t k = 0, prev = 0, prevlen = 0;
	for (size_t i = 0; s[i];) {
		size_t len = strcspn(s + i, " ");
		bool repeat = k > 0 && len == prevlen &&
			      memcmp(s + prev, s + i, len) == 0;
		if (!repeat) {
			if (k > 0)
				s[k++] = ' ';
			memmove(s + k, s + i, len);
			prev = k;
			prevlen = len;
			k += len;
		}
		i += len;
		while (s[i] == ' ')
			i++;
	}
	s[k] = 0;
}

void reason_class(const char *in, char *out, size_t n)
{
	size_t k = 0, i = 0;
	if (n == 0)
		return;
	while (in[i]) {
		bool num;
		size_t end;
		if (in[i] == '(' && (end = group_end(in, i, &num)) && num) {
			while (k > 0 && out[k - 1] == ' ')
				k--;
			i = end;
			continue;
		}
		if (!is_word(in[i]) || (i > 0 && is_word(in[i - 1]))) {
			char c = in[i++];
			put_char(out, n, &k, c == '\t' || c == '\n' ? ' ' : c);
			continue;
		}
		/* A word starts at i: letters{0,3} digits+ becomes letters N. */
		size_t d;
		if (number_word(in, i, &d)) {
			while (is_letter(in[i]))
				put_char(out, n, &k, in[i++]);
			put_char(out, n, &k, 'N');
			i = d;
			continue;
		}
		while (is_word(in[i]))
			put_char(out, n, &k, in[i++]);
	}
	while (k > 0 && out[k - 1] == ' ')
		k--;
	out[k] = 0;
	drop_repeats(out);
}

/* The class of s (reason_class) as a string in a. */
static const char *class_of(Arena *a, const char *s)
{
	size_t n = strlen(s) + 2;
	char *c = arena_alloc(a, n);
	reason_class(s, c, n);
	return c;
}

/* Adds one verdict to ct; an unverified reason's class goes to
 * reasons[(*nr)++]. */
static void add_check(Arena *a, const Check *c, CheckTotals *ct,
		      const char **reasons, int *nr)
{
	ct->n[c->kind]++;
	ct->violations += c->violations;
	ct->us += c->us;
	if (c->kind == V_UNVERIFIED)
		reasons[(*nr)++] = class_of(a, c->reason ? c->reason : "");
}

/* GCC's and ssara's counts of rec, which has both, into t's "both" sums. */
static void add_both(const Record *rec, Totals *t)
{
	t->both++;
	for (int f = F_SPILLS; f <= F_CALLEE_SAVED; f++)
		t->both_gcc[f] += rec->val[f];
	for (int w = 0; w < W_N; w++)
		t->both_gcc_w[w] += rec->w[w];
	for (int c = 0; c < S_N; c++) {
		t->both_ssara[c] += rec->sra.n[c];
		t->both_ssara_w[c] += rec->sra.w[c];
	}
	t->both_gcc_has_kept += rec->has_kept;
	t->both_ssara_has_kept += rec->sra.has_kept;
	FinalCode g, s;
	final_gcc(rec, &g);
	final_ssara(rec, &s);
	if (rec->has_slots && rec->sra.has_slots) {
		t->both_slots++;
		t->slots_gcc += rec->slot_ops;
		t->w_slots_gcc += rec->w_slot_ops;
		t->slots_ssara += rec->sra.slot_ops;
		t->w_slots_ssara += rec->sra.w_slot_ops;
		t->mem_gcc += g.spill + rec->slot_ops;
		t->w_mem_gcc += g.w_spill + rec->w_slot_ops;
		t->mem_ssara += s.spill + rec->sra.slot_ops;
		t->w_mem_ssara += s.w_spill + rec->sra.w_slot_ops;
	}
	if (!rec->has_kept || !rec->sra.has_kept)
		return;
	t->both_kept++;
	t->kept_gcc += rec->kept;
	t->w_kept_gcc += rec->w_kept;
	t->kept_ssara += rec->sra.kept;
	t->w_kept_ssara += rec->sra.w_kept;
	t->fmoves_gcc += g.moves;
	t->w_fmoves_gcc += g.w_moves;
	t->fmoves_ssara += s.moves;
	t->w_fmoves_ssara += s.w_moves;
}

/* The counts of rec (sums, maxima, weighted sums) into t. */
static void add_counts(const Record *rec, Totals *t)
{
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

/* Everything of rec but the reasons' ranking into t; reason strings go
 * to the arrays (each with room for one per function). */
static void add_entry(Arena *a, const Record *rec, Totals *t,
		      const char **unsup, const char **ugcc,
		      const char **ussara, const char **refused,
		      const char **kept)
{
	if (rec->substituted == 1)
		t->subst_yes++;
	else if (rec->substituted == 0)
		kept[t->subst_no++] = class_of(a, rec->subst_reason
							  ? rec->subst_reason
							  : "");
	t->functions++;
	if (rec->captured)
		t->captured++;
	else
		unsup[t->unsupported++] = rec->reason;
	add_counts(rec, t);
	add_check(a, &rec->vgcc, &t->cgcc, ugcc, &t->cgcc.nreason);
	add_check(a, &rec->vssara, &t->cssara, ussara, &t->cssara.nreason);
	if (rec->sra.state == SRA_ERROR)
		refused[t->ssara_refused++] = class_of(a, rec->sra.error);
	t->ssara_done += rec->sra.state == SRA_DONE;
	if (rec->sra.state != SRA_NONE)
		t->t_ssara += rec->sra.us;
	if (rec->time.has) {
		t->timed++;
		t->t_capture += rec->time.capture;
		t->t_ira_lra += rec->time.ira_lra;
		t->t_audit += rec->time.audit;
	}
	if (rec->sra.state == SRA_DONE && rec->has_w)
		add_both(rec, t);
}

void report_totals(const Report *r, const char *opt, Totals *t)
{
	memset(t, 0, sizeof *t);
	t->opt = opt;
	t->objects = r->objects;
	t->objects_with_records = r->objects_with_records;
	t->duplicates = r->duplicates;
	t->duplicates_differing = r->duplicates_differing;
	const char **arr = ARENA_NEW(r->a, const char *, 5 * (r->n + 1));
	const char **unsup = arr, **ugcc = arr + r->n + 1,
		   **ussara = arr + 2 * (r->n + 1),
		   **refused = arr + 3 * (r->n + 1),
		   **kept = arr + 4 * (r->n + 1);
	for (int e = 0; e < r->n; e++)
		if (!opt || strcmp(r->ent[e].rec.opt, opt) == 0)
			add_entry(r->a, &r->ent[e].rec, t, unsup, ugcc, ussara,
				  refused, kept);
	rank(r->a, kept, (int)t->subst_no, &t->subst_reason,
	     &t->nsubst_reason);
	rank(r->a, unsup, (int)t->unsupported, &t->reason, &t->nreason);
	rank(r->a, ugcc, t->cgcc.nreason, &t->cgcc.reason, &t->cgcc.nreason);
	rank(r->a, ussara, t->cssara.nreason, &t->cssara.reason,
	     &t->cssara.nreason);
	rank(r->a, refused, (int)t->ssara_refused, &t->refusal, &t->nrefusal);
}

int report_opts(const Report *r, const char ***out)
{
	const char **name = ARENA_NEW(r->a, const char *, r->n + 1);
	for (int e = 0; e < r->n; e++)
		name[e] = r->ent[e].rec.opt;
	qsort(name, (size_t)r->n, sizeof *name, cmp_reason_name);
	int k = 0;
	for (int i = 0; i < r->n; i++)
		if (i == 0 || strcmp(name[i], name[k - 1]) != 0)
			name[k++] = name[i];
	*out = name;
	return k;
}

/* The ranking key of one function: ssara - gcc, weighted. */
typedef struct {
	int e;
	double dspill, dmoves;
} Worst;

static int cmp_worst(const void *pa, const void *pb)
{
	const Worst *a = pa, *b = pb;
	if (a->dspill != b->dspill)
		return a->dspill > b->dspill ? -1 : 1;
	if (a->dmoves != b->dmoves)
		return a->dmoves > b->dmoves ? -1 : 1;
	return (a->e > b->e) - (a->e < b->e);
}

int report_worst(const Report *r, int **out, int *unranked)
{
	Worst *w = ARENA_NEW(r->a, Worst, r->n + 1);
	int n = 0;
	*unranked = 0;
	for (int e = 0; e < r->n; e++) {
		FinalCode g, s;
		final_gcc(&r->ent[e].rec, &g);
		final_ssara(&r->ent[e].rec, &s);
		if (!g.has_spill || !s.has_spill)
			continue;
		if (!g.has_moves || !s.has_moves) {
			++*unranked;
			continue;
		}
		w[n].e = e;
		w[n].dspill = s.w_spill - g.w_spill;
		w[n].dmoves = s.w_moves - g.w_moves;
		n++;
	}
	qsort(w, (size_t)n, sizeof *w, cmp_worst);
	int *idx = ARENA_NEW(r->a, int, n + 1);
	for (int i = 0; i < n; i++)
		idx[i] = w[i].e;
	*out = idx;
	return n;
}
