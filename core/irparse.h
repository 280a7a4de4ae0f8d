/* irparse.h - the IR parser's state and the interfaces between its
 * files (irparse.c, irparse_lex.c, irparse_ops.c).  Not for use outside
 * the parser; the parser's interface is irtext.h. */
#ifndef SSARA_IRPARSE_H
#define SSARA_IRPARSE_H

#include "irtext.h"
#include "err.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* Limits on numbers that index tables: fn->pseudo and fn->slot are indexed
 * by number, so a huge number in a tiny file would cost gigabytes. */
enum {
	PSEUDO_MAX = (1 << 24) - 1,
	SLOT_MAX = (1 << 24) - 1,
	VALUE_BYTES_MAX = 64,  /* pseudo and slot sizes */
	SUB_FIELD_MAX = 255,   /* Op.sub_off / sub_size are bytes */
	TIE_MAX = INT8_MAX,    /* Op.tie is an int8_t */
	WORD_SHOW_MAX = 40,    /* longest token quoted in a message */
};

/* A block label seen in the current function. */
typedef struct Label {
	int id;        /* GCC block index */
	int blk;       /* block position once the header is read, else -1 */
	int line, col; /* first sight, for "undefined block" */
	int home;      /* its cell in LabelMap.cell, for a cheap reset */
} Label;

/* Open-addressing map from block id to label (cell = label index + 1). */
typedef struct LabelMap {
	Label *lab;
	int nlab, caplab;
	int *cell;
	int ncell; /* 0 or a power of two */
} LabelMap;

/* Where a parsed operand's parts are, for errors raised after the whole
 * instruction is read. */
typedef struct OpPos {
	size_t at;     /* operand start */
	size_t tie_at; /* its ^N */
} OpPos;

/* A phi to check once predecessors are known. */
typedef struct PhiRef {
	Ins *ins;
	int blk;
	int line, col;
} PhiRef;

typedef struct Parser {
	const char *path;
	const char *s;
	size_t len;
	size_t pos, bol, eol; /* cursor, current line [bol, eol) */
	int line;
	const Target *t;
	IrError *err;
	bool failed;
	IrFile *out;
	int capfn;
	/* The function being read, NULL between functions. */
	Fn *fn;
	Blk *cur;         /* block receiving instructions */
	int entry_label;  /* -1 = no entry declaration */
	LabelMap lm;
	/* Scratch, reused across instructions and functions. */
	Op *ops;
	OpPos *opos;
	int capops, capopos;
	PhiRef *phis;
	int nphi, capphi;
	MemRef *mem; /* the instruction's memory accesses being parsed */
	int nmem, capmem;
	char *sbuf;
	int capsbuf;
} Parser;

/* Character classes: whether byte c is a digit, a letter, either, a
 * word byte (letters, digits, underscore), a blank. */
static inline bool is_digit(int c) { return c >= '0' && c <= '9'; }
static inline bool is_alpha(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
static inline bool is_alnum(int c) { return is_alpha(c) || is_digit(c); }
static inline bool is_word(int c) { return is_alnum(c) || c == '_'; }
static inline bool is_blank(int c) { return c == ' ' || c == '\t'; }

/* The byte k places after the cursor, or -1 past the end of the line: all
 * reads go through here so no token can run past the line or the input. */
static inline int peek_at(const Parser *P, size_t k)
{
	if (P->pos >= P->eol || P->eol - P->pos <= k)
		return -1;
	return (unsigned char)P->s[P->pos + k];
}

/* The byte at the cursor, or -1 at the end of the line. */
static inline int peek(const Parser *P) { return peek_at(P, 0); }

/* ---- irparse_lex.c ---- */

/* Clamps a count to int for messages: lines and columns of inputs beyond
 * 2 GiB are not worth exact numbers, but must not overflow. */
int irp_clamp_int(size_t v);

/* 1-based column of byte offset at on the current line. */
int irp_col_of(const Parser *P, size_t at);

/* An error at line:col of the input; only the first error of a parse is
 * kept.  Returns false, for `return irp_fail_lc(...)`. */
bool irp_fail_lc(Parser *P, int line, int col, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* An error at byte offset at of the current line. */
bool irp_fail_at(Parser *P, size_t at, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* An out-of-memory error at the cursor. */
bool irp_oom(Parser *P);

/* Makes room for need elements of size sz in buf (capacity *cap); returns
 * the possibly moved buffer, or NULL (buf untouched) when out of memory. */
void *irp_grow(void *buf, int *cap, int need, size_t sz);

/* Moves the cursor past blanks. */
void irp_skip_blank(Parser *P);

/* True at the end of the line or at a comment. */
bool irp_at_eol(const Parser *P);

/* Length of the run of bytes satisfying pred at the cursor. */
size_t irp_run_len(const Parser *P, bool (*pred)(int));

/* Length of the word (letters, digits, underscores) at the cursor. */
size_t irp_word_len(const Parser *P);

/* A token length for the name lookups, which take an int: anything longer
 * than any name stays longer, without wrapping. */
int irp_lookup_len(size_t n);

/* True if the word at the cursor is exactly kw. */
bool irp_is_kw(const Parser *P, const char *kw);

/* Reports the token at the cursor as unexpected, quoting it readably. */
bool irp_unexpected(Parser *P, const char *where);

/* Ends a token: what follows must be a blank, a comment or the end of the
 * line (so "p1gpr" is not read as "p1 gpr").  Skips the blanks. */
bool irp_end_tok(Parser *P, const char *where);

/* An optional signed offset `+K` or `-K` at the cursor into *off (left
 * alone when there is none); what names it in errors. */
bool irp_parse_offset(Parser *P, size_t at, const char *what, int64_t *off);

/* Reads an INT at the cursor into *v, checking lo <= *v <= hi; range
 * errors are reported at offset at (the token holding the number).  The
 * magnitude is accumulated unsigned against the bound, so nothing
 * overflows whatever the digits. */
bool irp_parse_int(Parser *P, size_t at, int64_t lo, int64_t hi,
		   const char *what, int64_t *v);

/* parse_int for fields that are int. */
bool irp_parse_int32(Parser *P, size_t at, int lo, int hi, const char *what,
		     int *v);

/* Reads a STRING and copies it into the function's arena. */
bool irp_parse_fn_string(Parser *P, const char **out);

/* Reads a register name (letters and digits) at the cursor; at is where
 * the whole token starts and sigil how it was spelled ("%" for operand
 * values), for the message. */
bool irp_parse_reg_name(Parser *P, size_t at, const char *sigil, int *r);

/* Reads a REGSET ("{ax,r8-r11}", "{}") at the cursor, which is on '{'.
 * The set is one token: no blanks inside. */
bool irp_parse_regset(Parser *P, RegSet *out);

/* Index of the label of block id, created on first sight with the
 * position at (on the current line); -1 after an out-of-memory error. */
int irp_label_get(Parser *P, int id, size_t at);

/* Empties the map in time proportional to its labels (not its cells), so
 * many small functions after a big one stay linear. */
void irp_label_reset(LabelMap *m);

/* Reads a block reference "bN" at the cursor into a label index. */
bool irp_parse_blockref(Parser *P, int *lab);

/* ---- irparse_ops.c ---- */

/* Whether c may start a symbol name. */
bool irp_is_sym_start(int c);

/* $SYMBOL[+INT|-INT] after the '$' (at = the '$'). */
bool irp_parse_symbol(Parser *P, size_t at, Op *o);

/* @LOC[:WIDTH] as a value (the cursor is on '@'): a bare location. */
bool irp_parse_bare_loc(Parser *P, Op *o);

/* The operand list into P->ops; *n = count.  Stops before clobber,
 * [remat], or the end of the line. */
bool irp_parse_ops(Parser *P, int kind, int *n);

/* [ptrcopy]: an ord with two operands, a whole pseudo defined (not
 * read) and %frame or %argp read. */
bool irp_check_ptrcopy(Parser *P, int kind, int n, size_t at);

/* [xcopy]: an ord with two operands, a whole pseudo defined (not read)
 * and a whole pseudo read (not defined). */
bool irp_check_xcopy(Parser *P, int kind, int n, size_t at);

/* [comm K] or [mirror K] (tag: "[comm" or "[mirror") on the ord just
 * read (n operands): operands K and K + 1 exist and are pseudos read
 * (at: the tag, for errors). */
bool irp_check_comm(Parser *P, int kind, int n, int k, size_t at,
		    const char *tag);

/* Every ^N names another operand of the instruction. */
bool irp_check_ties(Parser *P, int n);

/* The operand shapes of docs/IR.md's kind table. */
bool irp_check_shape(Parser *P, int kind, int n, size_t kat);

/* Inserted kinds never carry a UID; GCC's instructions always do, except
 * the phis an allocator's SSA construction adds and the copies its SSA
 * destruction adds. */
bool irp_check_uid(Parser *P, int kind, int uid, size_t at, size_t kat);

#endif
