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
	return true;
}

/* The identifying strings, status and reason. */
static bool get_names(const JsonValue *root, Record *r, char *err, size_t n)
{
	const char *status;
	if (!get_string(root, "file", true, &r->file, err, n) ||
	    !get_string(root, "fn", true, &r->fn, err, n) ||
	    !get_string(root, "opt", true, &r->opt, err, n) ||
	    !get_string(root, "status", true, &status, err, n))
		return false;
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
	return !ra || get_weights(ra, r, err, errlen);
}
