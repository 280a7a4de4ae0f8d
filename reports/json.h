/* json.h - a small strict JSON parser (RFC 8259) for ssara records.
 *
 * json_parse accepts exactly one value with optional whitespace around it
 * and rejects everything RFC 8259 does not allow: trailing commas, leading
 * zeros, single quotes, control characters in strings, unknown escapes,
 * invalid UTF-8, lone surrogates, trailing characters.  Beyond the RFC it
 * also rejects duplicate member names (the RFC leaves their meaning open)
 * and nesting deeper than JSON_MAX_DEPTH (bounded recursion on any input).
 * The tree lives in the caller's arena.
 */
#ifndef SSARA_JSON_H
#define SSARA_JSON_H

#include <stdbool.h>
#include <stddef.h>

#include "arena.h"

enum { JSON_MAX_DEPTH = 64 };

typedef enum {
	JSON_NULL,
	JSON_FALSE,
	JSON_TRUE,
	JSON_NUMBER,
	JSON_STRING,
	JSON_ARRAY,
	JSON_OBJECT
} JsonKind;

typedef struct JsonValue JsonValue;

typedef struct {
	const char *key; /* decoded, NUL-terminated */
	size_t keylen;   /* without the terminator (\u0000 may occur inside) */
	JsonValue *val;
} JsonMember;

struct JsonValue {
	JsonKind kind;
	double num;      /* JSON_NUMBER: the value, finite */
	bool is_int;     /* JSON_NUMBER: written without fraction or exponent
			    and within long long; then inum is exact */
	long long inum;
	char *str;       /* JSON_STRING: decoded UTF-8, NUL-terminated */
	size_t len;      /* JSON_STRING: bytes without the terminator */
	JsonValue **elem; /* JSON_ARRAY: n elements */
	JsonMember *mem;  /* JSON_OBJECT: n members in input order */
	int n;
};

typedef struct {
	size_t offset;  /* byte offset of the error in the text */
	char msg[160];  /* "WHAT at column N" */
} JsonError;

/* Parses text[0..len) into *out (allocated in a).  On failure returns
 * false and describes the first error in *err. */
bool json_parse(const char *text, size_t len, Arena *a, JsonValue **out,
		JsonError *err);

/* The value of member key of object v; NULL if v is not an object or has
 * no such member. */
const JsonValue *json_get(const JsonValue *v, const char *key);

#endif
