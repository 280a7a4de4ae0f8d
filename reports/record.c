/* record.c - one ssara record from its JSON line (record.h). */
#include "record.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "json.h"

static const struct {
	const char *group, *member;
} fields[F_N] = {
	[F_BLOCKS] = {NULL, "blocks"},
	[F_INSNS] = {NULL, "insns"},
	[F_PSEUDOS] = {NULL, "pseudos"},
	[F_MAXLIVE_GPR] = {"maxlive", "gpr"},
	[F_MAXLIVE_SSE] = {"maxlive", "sse"},
	[F_SPILLS] = {"gcc_ra", "spills"},
	[F_RELOADS] = {"gcc_ra", "reloads"},
	[F_MOVES] = {"gcc_ra", "moves"},
	[F_COPIES_DELETED] = {"gcc_ra", "copies_deleted"},
	[F_REMATS] = {"gcc_ra", "remats"},
	[F_FRAME] = {"gcc_ra", "frame"},
	[F_CALLEE_SAVED] = {"gcc_ra", "callee_saved"},
};

const char *field_group(Field f)
{
	return fields[f].group;
}

const char *field_member(Field f)
{
	return fields[f].member;
}

/* Formats a message into err; returns false (for `return errf(...)`). */
static bool errf(char *err, size_t n, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, n, fmt, ap);
	va_end(ap);
	return false;
}

/* Accepts version RECORD_VERSION only, and says which version it got. */
static bool check_version(const JsonValue *root, char *err, size_t n)
{
	const JsonValue *v = json_get(root, "ssara");
	if (!v)
		return errf(err, n, "not an ssara record: no member \"ssara\"");
	if (v->kind != JSON_NUMBER || !v->is_int)
		return errf(err, n,
			    "member \"ssara\" is not an integer version number");
	if (v->inum != RECORD_VERSION)
		return errf(err, n, "unsupported spec version %lld (supported: %d)",
			    v->inum, RECORD_VERSION);
	return true;
}

/* String member key of obj into *out.  Absent (or null when optional):
 * an error if required, else *out = NULL.  Strings with NUL are refused:
 * every consumer treats them as C strings. */
static bool get_string(const JsonValue *obj, const char *key, bool required,
		       const char **out, char *err, size_t n)
{
	const JsonValue *v = json_get(obj, key);
	*out = NULL;
	if (!v || (v->kind == JSON_NULL && !required)) {
		if (required)
			return errf(err, n, "missing member \"%s\"", key);
		return true;
	}
	if (v->kind != JSON_STRING)
		return errf(err, n, "member \"%s\" is not a string", key);
	if (strlen(v->str) != v->len)
		return errf(err, n, "member \"%s\" contains a NUL character",
			    key);
	*out = v->str;
	return true;
}

/* Object member name of root into *out; NULL when absent or null, which
 * is an error if required. */
static bool get_group(const JsonValue *root, const char *name, bool required,
		      const JsonValue **out, char *err, size_t n)
{
	const JsonValue *v = json_get(root, name);
	*out = NULL;
	if (!v || v->kind == JSON_NULL) {
		if (required)
			return errf(err, n, "missing member \"%s\"", name);
		return true;
	}
	if (v->kind != JSON_OBJECT)
		return errf(err, n, "member \"%s\" is not an object", name);
	*out = v;
	return true;
}

/* Count f from obj (its group object, or the record) into r.  A count
 * that is absent is an error if required. */
static bool get_count(const JsonValue *obj, Field f, bool required,
		      Record *r, char *err, size_t n)
{
	const char *g = fields[f].group, *m = fields[f].member;
	const JsonValue *v = json_get(obj, m);
	if (!v || (v->kind == JSON_NULL && !required)) {
		if (required)
			return errf(err, n, "missing member \"%s%s%s\"",
				    g ? g : "", g ? "." : "", m);
		return true;
	}
	if (v->kind != JSON_NUMBER || !v->is_int || v->inum < 0 ||
	    v->inum > RECORD_INT_MAX)
		return errf(err, n,
			    "member \"%s%s%s\" is not an integer from 0 to %lld",
			    g ? g : "", g ? "." : "", m, RECORD_INT_MAX);
	r->has[f] = true;
	r->val[f] = v->inum;
	return true;
}

/* Counts first..last from obj (the record or one group object). */
static bool get_counts(const JsonValue *obj, int first, int last,
		       bool required, Record *r, char *err, size_t n)
{
	for (int f = first; f <= last; f++)
		if (!get_count(obj, (Field)f, required, r, err, n))
			return false;
	return true;
}

/* The optional pair "NAME", "w_NAME" of obj ("gcc_ra" or "ssara_ra",
 * named path): both absent (or null) leave *has false; one without the
 * other is an error. */
static bool get_pair(const JsonValue *obj, const char *path,
		     const char *name, bool *has, long long *n, double *w,
		     char *err, size_t len)
{
	char wname[64];
	snprintf(wname, sizeof wname, "w_%s", name);
	const JsonValue *c = json_get(obj, name), *cw = json_get(obj, wname);
	bool hc = c && c->kind != JSON_NULL, hw = cw && cw->kind != JSON_NULL;
	*has = false;
	if (!hc && !hw)
		return true;
	if (!hc || !hw)
		return errf(err, len, "missing member \"%s.%s\"", path,
			    hc ? wname : name);
	if (c->kind != JSON_NUMBER || !c->is_int || c->inum < 0 ||
	    c->inum > RECORD_INT_MAX)
		return errf(err, len,
			    "member \"%s.%s\" is not an integer from "
			    "0 to %lld",
			    path, name, RECORD_INT_MAX);
	if (cw->kind != JSON_NUMBER || cw->num < 0)
		return errf(err, len,
			    "member \"%s.%s\" is not a number >= 0", path,
			    wname);
	*has = true;
	*n = c->inum;
	*w = cw->num;
	return true;
}

/* The optional members of obj that count allocations in the final code
 * (RECORDS.md): "copies_kept" into *has_kept, *kept, *w_kept, and
 * "slot_reads" with "slot_writes" (both or neither) summed into
 * *has_slots, *slots, *w_slots. */
static bool get_final(const JsonValue *obj, const char *path, bool *has_kept,
		      long long *kept, double *w_kept, bool *has_slots,
		      long long *slots, double *w_slots, char *err, size_t len)
{
	bool hr, hw;
	long long nr = 0, nw = 0;
	double wr = 0, ww = 0;
	if (!get_pair(obj, path, "copies_kept", has_kept, kept, w_kept, err,
		      len) ||
	    !get_pair(obj, path, "slot_reads", &hr, &nr, &wr, err, len) ||
	    !get_pair(obj, path, "slot_writes", &hw, &nw, &ww, err, len))
		return false;
	if (hr != hw)
		return errf(err, len, "missing member \"%s.%s\"", path,
			    hr ? "slot_writes" : "slot_reads");
	*has_slots = hr;
	*slots = nr + nw;
	*w_slots = wr + ww;
	return true;
}

/* The weighted twins ("w_spills", ...) from the gcc_ra object ra. */
static bool get_weights(const JsonValue *ra, Record *r, char *err, size_t n)
{
	for (int f = F_SPILLS; f <= F_REMATS; f++) {
		char key[64];
		snprintf(key, sizeof key, "w_%s", fields[f].member);
		const JsonValue *v = json_get(ra, key);
		if (!v)
			return errf(err, n, "missing member \"gcc_ra.%s\"", key);
		if (v->kind != JSON_NUMBER || v->num < 0)
			return errf(err, n,
				    "member \"gcc_ra.%s\" is not a number >= 0",
				    key);
		r->w[W_OF(f)] = v->num;
	}
	r->has_w = true;
	return get_final(ra, "gcc_ra", &r->has_kept, &r->kept, &r->w_kept,
			 &r->has_slots, &r->slot_ops, &r->w_slot_ops, err, n);
}

static const char *const ssara_names[S_N] = {
	[S_SPILLS] = "spills", [S_RELOADS] = "reloads", [S_REMATS] = "remats",
	[S_MOVES] = "moves",   [S_SWAPS] = "swaps",     [S_COPIES] = "copies",
};

const char *ssara_count_name(SsaraCount c)
{
	return ssara_names[c];
}

/* Required integer member key (0..RECORD_INT_MAX) of obj, named
 * "path.key" in messages, into *out. */
static bool get_int(const JsonValue *obj, const char *path, const char *key,
		    long long *out, char *err, size_t n)
{
	const JsonValue *v = json_get(obj, key);
	const char *dot = *path ? "." : ""; /* path "": a top-level member */
	if (!v)
		return errf(err, n, "missing member \"%s%s%s\"", path, dot,
			    key);
	if (v->kind != JSON_NUMBER || !v->is_int || v->inum < 0 ||
	    v->inum > RECORD_INT_MAX)
		return errf(err, n,
			    "member \"%s%s%s\" is not an integer from 0 to %lld",
			    path, dot, key, RECORD_INT_MAX);
	*out = v->inum;
	return true;
}

/* Optional integer member key of obj (a time, "us": absent from records
 * written without the plugin's `times`) into *out, left 0 when absent;
 * when present it must be an integer as get_int wants. */
static bool get_opt_int(const JsonValue *obj, const char *path,
			const char *key, long long *out, char *err, size_t n)
{
	*out = 0;
	return !json_get(obj, key) || get_int(obj, path, key, out, err, n);
}

/* Required number member key (>= 0) of obj into *out. */
static bool get_real(const JsonValue *obj, const char *path, const char *key,
		     double *out, char *err, size_t n)
{
	const JsonValue *v = json_get(obj, key);
	if (!v)
		return errf(err, n, "missing member \"%s.%s\"", path, key);
	if (v->kind != JSON_NUMBER || v->num < 0)
		return errf(err, n, "member \"%s.%s\" is not a number >= 0",
			    path, key);
	*out = v->num;
	return true;
}

/* String member key of obj (required or optional: absent gives NULL),
 * named "path.key" in messages. */
static bool get_str(const JsonValue *obj, const char *path, const char *key,
		    bool required, const char **out, char *err, size_t n)
{
	const JsonValue *v = json_get(obj, key);
	*out = NULL;
	if (!v) {
		if (required)
			return errf(err, n, "missing member \"%s.%s\"", path,
				    key);
		return true;
	}
	if (v->kind != JSON_STRING || strlen(v->str) != v->len)
		return errf(err, n,
			    "member \"%s.%s\" is not a string without NUL",
			    path, key);
	*out = v->str;
	return true;
}

/* One checker verdict, v = "verify"."gcc" or "verify"."ssara" (path
 * names it), into *c; null is "not checked". */
static bool get_check(const JsonValue *v, const char *path, Check *c,
		      char *err, size_t n)
{
	memset(c, 0, sizeof *c);
	if (!v || v->kind == JSON_NULL)
		return true;
	if (v->kind != JSON_OBJECT)
		return errf(err, n, "member \"%s\" is not an object", path);
	const char *verdict;
	if (!get_str(v, path, "verdict", true, &verdict, err, n))
		return false;
	if (strcmp(verdict, "verified") == 0)
		c->kind = V_VERIFIED;
	else if (strcmp(verdict, "violation") == 0)
		c->kind = V_VIOLATION;
	else if (strcmp(verdict, "unverified") == 0)
		c->kind = V_UNVERIFIED;
	else
		return errf(err, n, "member \"%s.verdict\" is \"%.40s\", not "
			    "verified, violation or unverified", path, verdict);
	return get_str(v, path, "reason", c->kind == V_UNVERIFIED, &c->reason,
		       err, n) &&
	       get_str(v, path, "first", false, &c->first, err, n) &&
	       get_int(v, path, "violations", &c->violations, err, n) &&
	       get_opt_int(v, path, "us", &c->us, err, n) &&
	       get_opt_int(v, path, "first_line", &c->first_line, err, n);
}

/* "verify": null, or {"gcc": CHECK|null, "ssara": CHECK|null}. */
static bool get_verify(const JsonValue *root, Record *r, char *err, size_t n)
{
	const JsonValue *v;
	if (!get_group(root, "verify", false, &v, err, n))
		return false;
	return get_check(json_get(v, "gcc"), "verify.gcc", &r->vgcc, err, n) &&
	       get_check(json_get(v, "ssara"), "verify.ssara", &r->vssara, err,
			 n);
}

/* "ssara_ra": null, {"error": ..., "us": N} or the counts. */
static bool get_ssara_ra(const JsonValue *root, Record *r, char *err,
			 size_t n)
{
	const JsonValue *v;
	SsaraRa *s = &r->sra;
	if (!get_group(root, "ssara_ra", false, &v, err, n))
		return false;
	if (!v)
		return true;
	if (!get_opt_int(v, "ssara_ra", "us", &s->us, err, n))
		return false;
	if (json_get(v, "error")) {
		s->state = SRA_ERROR;
		return get_str(v, "ssara_ra", "error", true, &s->error, err, n);
	}
	for (int c = 0; c < S_N; c++) {
		char key[32];
		snprintf(key, sizeof key, "w_%s", ssara_names[c]);
		if (!get_int(v, "ssara_ra", ssara_names[c], &s->n[c], err, n) ||
		    !get_real(v, "ssara_ra", key, &s->w[c], err, n))
			return false;
	}
	s->state = SRA_DONE;
	return get_final(v, "ssara_ra", &s->has_kept, &s->kept, &s->w_kept,
			 &s->has_slots, &s->slot_ops, &s->w_slot_ops, err,
			 n) &&
	       get_int(v, "ssara_ra", "slots", &s->slots, err, n) &&
	       get_int(v, "ssara_ra", "slot_bytes", &s->slot_bytes, err, n) &&
	       get_int(v, "ssara_ra", "aff_total", &s->aff_total, err, n) &&
	       get_int(v, "ssara_ra", "aff_final", &s->aff_final, err, n);
}

/* "time_us": null or {"capture", "ira_lra", "audit"}. */
static bool get_times(const JsonValue *root, Record *r, char *err, size_t n)
{
	const JsonValue *v;
	if (!get_group(root, "time_us", false, &v, err, n))
		return false;
	if (!v)
		return true;
	r->time.has = true;
	return get_int(v, "time_us", "capture", &r->time.capture, err, n) &&
	       get_int(v, "time_us", "ira_lra", &r->time.ira_lra, err, n) &&
	       get_int(v, "time_us", "audit", &r->time.audit, err, n);
}

/* The identifying strings, status and reason. */
static bool get_names(const JsonValue *root, Record *r, char *err, size_t n)
{
	const char *status;
	if (!get_string(root, "file", true, &r->file, err, n) ||
	    !get_string(root, "dir", false, &r->dir, err, n) ||
	    !get_string(root, "src", false, &r->src, err, n) ||
	    !get_string(root, "dump", false, &r->dump, err, n) ||
	    !get_opt_int(root, "", "line", &r->line, err, n) ||
	    !get_string(root, "fn", true, &r->fn, err, n) ||
	    !get_string(root, "opt", true, &r->opt, err, n) ||
	    !get_string(root, "status", true, &status, err, n))
		return false;
	if (!r->dir)
		r->dir = "";
	if (strcmp(status, "captured") == 0) {
		r->captured = true;
		return true;
	}
	if (strcmp(status, "unsupported") != 0)
		return errf(err, n,
			    "member \"status\" is \"%.40s\", neither "
			    "\"captured\" nor \"unsupported\"",
			    status);
	return get_string(root, "reason", true, &r->reason, err, n);
}

/* "substituted" (a boolean, optional) and, when false,
 * "substitute_reason" (docs/RECORDS.md). */
static bool get_subst(const JsonValue *root, Record *r, char *err, size_t n)
{
	const JsonValue *v = json_get(root, "substituted");
	r->substituted = -1;
	r->subst_reason = NULL;
	if (!v || v->kind == JSON_NULL)
		return true;
	if (v->kind != JSON_TRUE && v->kind != JSON_FALSE)
		return errf(err, n, "member \"substituted\" is not a boolean");
	r->substituted = v->kind == JSON_TRUE;
	return get_string(root, "substitute_reason", !r->substituted,
			  &r->subst_reason, err, n);
}

bool record_parse(const char *text, size_t len, Arena *a, Record *r,
		  char *err, size_t errlen)
{
	memset(r, 0, sizeof *r);
	JsonValue *root;
	JsonError je;
	if (!json_parse(text, len, a, &root, &je))
		return errf(err, errlen, "invalid JSON: %s", je.msg);
	if (root->kind != JSON_OBJECT)
		return errf(err, errlen, "not a JSON object");
	if (!check_version(root, err, errlen) ||
	    !get_names(root, r, err, errlen))
		return false;
	const JsonValue *maxlive, *ra;
	if (!get_counts(root, F_BLOCKS, F_PSEUDOS, r->captured, r, err,
			errlen) ||
	    !get_group(root, "maxlive", r->captured, &maxlive, err, errlen) ||
	    (maxlive && !get_counts(maxlive, F_MAXLIVE_GPR, F_MAXLIVE_SSE, true,
				    r, err, errlen)) ||
	    !get_group(root, "gcc_ra", r->captured, &ra, err, errlen) ||
	    (ra && !get_counts(ra, F_SPILLS, F_CALLEE_SAVED, true, r, err,
			       errlen)))
		return false;
	return (!ra || get_weights(ra, r, err, errlen)) &&
	       get_verify(root, r, err, errlen) &&
	       get_ssara_ra(root, r, err, errlen) &&
	       get_subst(root, r, err, errlen) &&
	       get_times(root, r, err, errlen);
}

void final_gcc(const Record *r, FinalCode *fc)
{
	memset(fc, 0, sizeof *fc);
	if (!r->has_w)
		return;
	fc->has_spill = true;
	fc->spill = r->val[F_SPILLS] + r->val[F_RELOADS] + r->val[F_REMATS];
	fc->w_spill = r->w[W_OF(F_SPILLS)] + r->w[W_OF(F_RELOADS)] +
		      r->w[W_OF(F_REMATS)];
	if (!r->has_kept)
		return;
	fc->has_moves = true;
	fc->moves = r->val[F_MOVES] + r->kept;
	fc->w_moves = r->w[W_OF(F_MOVES)] + r->w_kept;
}

void final_ssara(const Record *r, FinalCode *fc)
{
	const SsaraRa *s = &r->sra;
	memset(fc, 0, sizeof *fc);
	if (s->state != SRA_DONE)
		return;
	fc->has_spill = true;
	fc->spill = s->n[S_SPILLS] + s->n[S_RELOADS] + s->n[S_REMATS];
	fc->w_spill = s->w[S_SPILLS] + s->w[S_RELOADS] + s->w[S_REMATS];
	if (!s->has_kept)
		return;
	fc->has_moves = true;
	fc->moves = s->n[S_MOVES] + s->n[S_SWAPS] + s->kept;
	fc->w_moves = s->w[S_MOVES] + s->w[S_SWAPS] + s->w_kept;
}
