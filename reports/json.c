/* json.c - strict JSON (RFC 8259) into an arena tree (json.h). */
#include "json.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
	const unsigned char *start, *p, *end;
	Arena *a;
	int depth;
	JsonError *err;
} Parser;

static bool parse_value(Parser *ps, JsonValue **out);

/* Records what went wrong at the current position; returns false. */
static bool fail(Parser *ps, const char *what)
{
	ps->err->offset = (size_t)(ps->p - ps->start);
	snprintf(ps->err->msg, sizeof ps->err->msg, "%s at column %zu", what,
		 ps->err->offset + 1);
	return false;
}

/* The next byte, or -1 at the end of the text. */
static int peek(const Parser *ps)
{
	return ps->p < ps->end ? *ps->p : -1;
}

static bool is_digit(int c)
{
	return c >= '0' && c <= '9';
}

static void skip_ws(Parser *ps)
{
	while (ps->p < ps->end && (*ps->p == ' ' || *ps->p == '\t' ||
				   *ps->p == '\n' || *ps->p == '\r'))
		ps->p++;
}

/* Fails with a message naming the unexpected byte at the position. */
static bool fail_unexpected(Parser *ps, const char *expected)
{
	char what[96];
	int c = peek(ps);
	if (c < 0)
		snprintf(what, sizeof what, "unexpected end of record, %s",
			 expected);
	else if (c > 0x20 && c < 0x7f)
		snprintf(what, sizeof what, "unexpected '%c', %s", c,
			 expected);
	else
		snprintf(what, sizeof what, "unexpected byte 0x%02x, %s", c,
			 expected);
	return fail(ps, what);
}

/* Length of the well-formed UTF-8 sequence (RFC 3629: no overlongs, no
 * surrogates, at most U+10FFFF) at p, at least two bytes; 0 if invalid. */
static size_t utf8_seq(const unsigned char *p, const unsigned char *end)
{
	unsigned c = p[0], lo = 0x80, hi = 0xbf;
	size_t n;
	if (c >= 0xc2 && c <= 0xdf)
		n = 2;
	else if (c >= 0xe0 && c <= 0xef)
		n = 3;
	else if (c >= 0xf0 && c <= 0xf4)
		n = 4;
	else
		return 0;
	if (c == 0xe0)
		lo = 0xa0;
	else if (c == 0xed)
		hi = 0x9f;
	else if (c == 0xf0)
		lo = 0x90;
	else if (c == 0xf4)
		hi = 0x8f;
	if ((size_t)(end - p) < n || p[1] < lo || p[1] > hi)
		return 0;
	for (size_t i = 2; i < n; i++)
		if (p[i] < 0x80 || p[i] > 0xbf)
			return 0;
	return n;
}

/* Writes code point cp (not a surrogate, <= 0x10ffff) as UTF-8 at out;
 * returns the number of bytes. */
static size_t utf8_put(unsigned long cp, char *out)
{
	if (cp < 0x80) {
		out[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (char)(0xc0 | cp >> 6);
		out[1] = (char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = (char)(0xe0 | cp >> 12);
		out[1] = (char)(0x80 | (cp >> 6 & 0x3f));
		out[2] = (char)(0x80 | (cp & 0x3f));
		return 3;
	}
	out[0] = (char)(0xf0 | cp >> 18);
	out[1] = (char)(0x80 | (cp >> 12 & 0x3f));
	out[2] = (char)(0x80 | (cp >> 6 & 0x3f));
	out[3] = (char)(0x80 | (cp & 0x3f));
	return 4;
}

/* Reads the four hex digits after "\u" at ps->p into *cp. */
static bool read_hex4(Parser *ps, unsigned long *cp)
{
	*cp = 0;
	for (int i = 0; i < 4; i++) {
		int c = peek(ps);
		unsigned d;
		if (is_digit(c))
			d = (unsigned)(c - '0');
		else if (c >= 'a' && c <= 'f')
			d = (unsigned)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			d = (unsigned)(c - 'A' + 10);
		else
			return fail(ps, "\\u needs four hex digits");
		*cp = *cp << 4 | d;
		ps->p++;
	}
	return true;
}

/* Decodes the escape at ps->p (just after the backslash) into out;
 * *n += bytes written.  Surrogates must come as a high-low pair. */
static bool parse_escape(Parser *ps, char *out, size_t *n)
{
	static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
	int c = peek(ps);
	const char *hit = c > 0 ? strchr(from, c) : NULL;
	if (hit) {
		out[(*n)++] = to[hit - from];
		ps->p++;
		return true;
	}
	if (c != 'u') {
		ps->p--;
		return fail(ps, "unknown escape");
	}
	ps->p++;
	unsigned long cp, lo;
	if (!read_hex4(ps, &cp))
		return false;
	if (cp >= 0xdc00 && cp <= 0xdfff)
		return fail(ps, "lone low surrogate");
	if (cp >= 0xd800 && cp <= 0xdbff) {
		if (ps->end - ps->p < 2 || ps->p[0] != '\\' || ps->p[1] != 'u')
			return fail(ps, "high surrogate without low surrogate");
		ps->p += 2;
		if (!read_hex4(ps, &lo))
			return false;
		if (lo < 0xdc00 || lo > 0xdfff)
			return fail(ps, "high surrogate without low surrogate");
		cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
	}
	*n += utf8_put(cp, out + *n);
	return true;
}

/* Parses the string at ps->p (on the opening quote) into a fresh
 * NUL-terminated buffer *out of *len bytes. */
static bool parse_string(Parser *ps, char **out, size_t *len)
{
	const unsigned char *q = ps->p + 1;
	while (q < ps->end && *q != '"') {
		if (*q == '\\' && ps->end - q > 1)
			q++;
		q++;
	}
	if (q >= ps->end)
		return fail(ps, "unterminated string");
	/* Decoding never lengthens: an escape of k bytes yields <= k. */
	char *buf = arena_alloc(ps->a, (size_t)(q - ps->p));
	size_t n = 0;
	ps->p++;
	while (ps->p < q) {
		unsigned c = *ps->p;
		if (c == '\\') {
			ps->p++;
			if (!parse_escape(ps, buf, &n))
				return false;
		} else if (c < 0x20) {
			return fail(ps, "control character in string");
		} else if (c < 0x80) {
			buf[n++] = (char)c;
			ps->p++;
		} else {
			size_t k = utf8_seq(ps->p, q);
			if (!k)
				return fail(ps, "invalid UTF-8 in string");
			memcpy(buf + n, ps->p, k);
			n += k;
			ps->p += k;
		}
	}
	ps->p++;
	buf[n] = 0;
	*out = buf;
	*len = n;
	return true;
}

/* Skips a run of digits; false if there is none. */
static bool digits(Parser *ps)
{
	if (!is_digit(peek(ps)))
		return false;
	while (is_digit(peek(ps)))
		ps->p++;
	return true;
}

/* Parses a number per the RFC grammar into v. */
static bool parse_number(Parser *ps, JsonValue *v)
{
	const unsigned char *s = ps->p;
	bool integral = true;
	if (peek(ps) == '-')
		ps->p++;
	if (peek(ps) == '0') {
		ps->p++;
		if (is_digit(peek(ps)))
			return fail(ps, "leading zero in number");
	} else if (!digits(ps)) {
		return fail(ps, "digit expected in number");
	}
	if (peek(ps) == '.') {
		integral = false;
		ps->p++;
		if (!digits(ps))
			return fail(ps, "digit expected after '.'");
	}
	if (peek(ps) == 'e' || peek(ps) == 'E') {
		integral = false;
		ps->p++;
		if (peek(ps) == '+' || peek(ps) == '-')
			ps->p++;
		if (!digits(ps))
			return fail(ps, "digit expected in exponent");
	}
	size_t n = (size_t)(ps->p - s);
	char *text = arena_alloc(ps->a, n + 1);
	memcpy(text, s, n);
	v->kind = JSON_NUMBER;
	v->num = strtod(text, NULL);
	if (!isfinite(v->num)) {
		ps->p = s;
		return fail(ps, "number out of range");
	}
	if (integral) {
		errno = 0;
		v->inum = strtoll(text, NULL, 10);
		v->is_int = errno == 0;
	}
	return true;
}

/* Parses the literal word (true, false, null) at ps->p. */
static bool parse_literal(Parser *ps, const char *word, JsonKind kind,
			  JsonValue *v)
{
	size_t n = strlen(word);
	if ((size_t)(ps->end - ps->p) < n || memcmp(ps->p, word, n) != 0)
		return fail_unexpected(ps, "a value expected");
	ps->p += n;
	v->kind = kind;
	return true;
}

/* Enters an array or object; fails beyond JSON_MAX_DEPTH. */
static bool enter(Parser *ps)
{
	if (++ps->depth > JSON_MAX_DEPTH)
		return fail(ps, "nesting deeper than 64 levels");
	ps->p++;
	skip_ws(ps);
	return true;
}

/* After a ',' inside an array or object: rejects a trailing comma. */
static bool after_comma(Parser *ps)
{
	skip_ws(ps);
	if (peek(ps) == ']' || peek(ps) == '}')
		return fail(ps, "trailing comma");
	return true;
}

/* Parses the array at ps->p (on its '[') into v. */
static bool parse_array(Parser *ps, JsonValue *v)
{
	v->kind = JSON_ARRAY;
	if (!enter(ps))
		return false;
	int cap = 0;
	if (peek(ps) == ']') {
		ps->p++;
		ps->depth--;
		return true;
	}
	for (;;) {
		if (v->n == cap) {
			int ncap = cap ? 2 * cap : 4;
			v->elem = arena_grow(ps->a, v->elem,
					     sizeof *v->elem * (size_t)cap,
					     sizeof *v->elem * (size_t)ncap);
			cap = ncap;
		}
		if (!parse_value(ps, &v->elem[v->n]))
			return false;
		v->n++;
		skip_ws(ps);
		if (peek(ps) == ']')
			break;
		if (peek(ps) != ',')
			return fail_unexpected(ps, "',' or ']' expected");
		ps->p++;
		if (!after_comma(ps))
			return false;
	}
	ps->p++;
	ps->depth--;
	return true;
}

static int cmp_member(const void *x, const void *y)
{
	const JsonMember *a = *(const JsonMember *const *)x;
	const JsonMember *b = *(const JsonMember *const *)y;
	if (a->keylen != b->keylen)
		return a->keylen < b->keylen ? -1 : 1;
	return memcmp(a->key, b->key, a->keylen);
}

/* Fails if two members of object v share a name (n log n). */
static bool check_unique(Parser *ps, const JsonValue *v)
{
	if (v->n < 2)
		return true;
	const JsonMember **m = arena_alloc(ps->a, sizeof *m * (size_t)v->n);
	for (int i = 0; i < v->n; i++)
		m[i] = &v->mem[i];
	qsort(m, (size_t)v->n, sizeof *m, cmp_member);
	for (int i = 1; i < v->n; i++) {
		if (cmp_member(&m[i - 1], &m[i]) != 0)
			continue;
		char what[96];
		snprintf(what, sizeof what, "duplicate member \"%.40s\"",
			 m[i]->key);
		for (char *c = what; *c; c++)
			if ((unsigned char)*c < 0x20)
				*c = '?';
		ps->p--; /* point at the closing brace */
		return fail(ps, what);
	}
	return true;
}

/* Parses the object at ps->p (on its '{') into v; member names must
 * be unique. */
static bool parse_object(Parser *ps, JsonValue *v)
{
	v->kind = JSON_OBJECT;
	if (!enter(ps))
		return false;
	int cap = 0;
	if (peek(ps) == '}') {
		ps->p++;
		ps->depth--;
		return true;
	}
	for (;;) {
		if (peek(ps) != '"')
			return fail_unexpected(ps, "member name expected");
		if (v->n == cap) {
			int ncap = cap ? 2 * cap : 8;
			v->mem = arena_grow(ps->a, v->mem,
					    sizeof *v->mem * (size_t)cap,
					    sizeof *v->mem * (size_t)ncap);
			cap = ncap;
		}
		JsonMember *m = &v->mem[v->n];
		char *key;
		if (!parse_string(ps, &key, &m->keylen))
			return false;
		m->key = key;
		skip_ws(ps);
		if (peek(ps) != ':')
			return fail_unexpected(ps, "':' expected");
		ps->p++;
		if (!parse_value(ps, &m->val))
			return false;
		v->n++;
		skip_ws(ps);
		if (peek(ps) == '}')
			break;
		if (peek(ps) != ',')
			return fail_unexpected(ps, "',' or '}' expected");
		ps->p++;
		if (!after_comma(ps))
			return false;
	}
	ps->p++;
	ps->depth--;
	return check_unique(ps, v);
}

/* Parses the value after optional whitespace into a fresh *out. */
static bool parse_value(Parser *ps, JsonValue **out)
{
	skip_ws(ps);
	JsonValue *v = ARENA_NEW(ps->a, JsonValue, 1);
	*out = v;
	int c = peek(ps);
	switch (c) {
	case '{':
		return parse_object(ps, v);
	case '[':
		return parse_array(ps, v);
	case '"':
		v->kind = JSON_STRING;
		return parse_string(ps, &v->str, &v->len);
	case 't':
		return parse_literal(ps, "true", JSON_TRUE, v);
	case 'f':
		return parse_literal(ps, "false", JSON_FALSE, v);
	case 'n':
		return parse_literal(ps, "null", JSON_NULL, v);
	default:
		if (c == '-' || is_digit(c))
			return parse_number(ps, v);
		return fail_unexpected(ps, "a value expected");
	}
}

bool json_parse(const char *text, size_t len, Arena *a, JsonValue **out,
		JsonError *err)
{
	Parser ps = {
		.start = (const unsigned char *)text,
		.p = (const unsigned char *)text,
		.end = (const unsigned char *)text + len,
		.a = a,
		.err = err,
	};
	if (!parse_value(&ps, out))
		return false;
	skip_ws(&ps);
	if (ps.p != ps.end)
		return fail_unexpected(&ps, "end of record expected");
	return true;
}

const JsonValue *json_get(const JsonValue *v, const char *key)
{
	if (!v || v->kind != JSON_OBJECT)
		return NULL;
	size_t n = strlen(key);
	for (int i = 0; i < v->n; i++)
		if (v->mem[i].keylen == n && memcmp(v->mem[i].key, key, n) == 0)
			return v->mem[i].val;
	return NULL;
}
