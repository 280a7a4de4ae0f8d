/* irtext.c - the IR text format (docs/IR.md): printer and parser.
 *
 * The parser reads the text line by line in one pass and builds each
 * function directly.  Block labels may be used before their header (edges,
 * `from`, `entry`), so edges and phi sources first hold an index into a
 * per-function label table (a hash map from GCC block index to label); at
 * `end` every label is resolved to a block position, predecessors are
 * computed and phis are checked against them.  Everything is linear in the
 * input size.  The first error stops the parse; everything built so far is
 * freed.
 */
#include "irtext.h"
#include "err.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Printer                                                            */
/* ------------------------------------------------------------------ */

/* A run of at least this many registers prints as a-b: shorter runs read
 * better spelled out. */
enum { RUN_MIN = 3 };

/* The groups inside which a run may print as a range (r8..r15,
 * xmm0..xmm15, st0..st7), so that a range never hides a class boundary or the
 * irregular legacy names; -1 for other registers. */
static int range_group(int r)
{
	if (r >= R_R8 && r <= R_R15)
		return 0;
	if (r >= R_XMM0 && r <= R_XMM15)
		return 1;
	if (r >= R_ST0 && r <= R_ST7)
		return 2;
	return -1;
}

/* Writes register r's name; a number the target does not have prints as
 * "?N" so that the bad value is visible (and will not parse back). */
static void print_reg(FILE *f, const Target *t, int r)
{
	if (r >= 0 && r < TGT_NREGS)
		fputs(t->regs[r].name, f);
	else
		fprintf(f, "?%d", r);
}

void regset_print(FILE *f, const Target *t, RegSet s)
{
	bool first = true;
	fputc('{', f);
	for (int r = 0; r < 64; r++) {
		if (!RS_HAS(s, r))
			continue;
		int last = r, g = range_group(r);
		while (g >= 0 && range_group(last + 1) == g &&
		       RS_HAS(s, last + 1))
			last++;
		if (!first)
			fputc(',', f);
		first = false;
		print_reg(f, t, r);
		if (last - r + 1 >= RUN_MIN) {
			fputc('-', f);
			print_reg(f, t, last);
			r = last;
		}
	}
	fputc('}', f);
}

/* Writes s as a STRING token; only '"' and '\' need escaping because the
 * parser rejects the control characters a string could otherwise hold. */
static void print_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fputc('\\', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

/* Writes the label of block position idx; a bad position prints as "b?"
 * rather than reading out of bounds. */
static void print_label(FILE *f, const Fn *fn, int idx)
{
	if (idx >= 0 && idx < fn->nblk)
		fprintf(f, "b%d", fn->blk[idx]->id);
	else
		fputs("b?", f);
}

/* Writes SYMBOL[+INT|-INT]; the offset prints with its own sign so that
 * INT64_MIN round-trips (its magnitude does not fit an int64). */
static void print_symoff(FILE *f, const char *sym, int64_t imm)
{
	fputs(sym ? sym : "?", f);
	if (imm > 0)
		fprintf(f, "+%" PRId64, imm);
	else if (imm < 0)
		fprintf(f, "-%" PRIu64, (uint64_t)0 - (uint64_t)imm);
}

/* Writes a constant: $INT, $SYMBOL[+-INT] or [$SYMBOL[+-INT]]. */
static void print_const(FILE *f, int kind, int64_t imm, const char *sym)
{
	if (kind == OK_IMM) {
		fprintf(f, "$%" PRId64, imm);
	} else if (kind == OK_SYM) {
		fputc('$', f);
		print_symoff(f, sym, imm);
	} else if (kind == OK_MEMSYM) {
		fputs(sym && sym[0] == '%' ? "[" : "[$", f);
		print_symoff(f, sym, imm);
		fputc(']', f);
	} else {
		fputc('?', f);
	}
}

/* Writes a location without its '@': a register, sN or a constant; a bad
 * number prints as "?" so that it is visible (and will not parse back). */
static void print_loc(FILE *f, const Fn *fn, Loc l)
{
	if (l.kind == LOC_REG)
		print_reg(f, fn->target, l.num);
	else if (l.kind == LOC_SLOT)
		fprintf(f, "s%d", l.num);
	else if (l.kind == LOC_CONST && l.num >= 0 && l.num < fn->nconst)
		print_const(f, fn->konst[l.num].kind, fn->konst[l.num].imm,
			    fn->konst[l.num].sym);
	else
		fputc('?', f);
}

/* Writes an operand's value. */
static void print_value(FILE *f, const Fn *fn, const Op *o)
{
	switch (o->kind) {
	case OK_PSEUDO:
		fprintf(f, "p%d", o->reg);
		break;
	case OK_HREG:
		fputc('%', f);
		print_reg(f, fn->target, o->reg);
		break;
	case OK_IMM:
	case OK_SYM:
	case OK_MEMSYM:
		print_const(f, o->kind, o->imm, o->sym);
		break;
	case OK_LOC:
		fputc('@', f);
		print_loc(f, fn, o->loc);
		if (o->imm)
			fprintf(f, ":%" PRId64, o->imm);
		break;
	default:
		fputs("?", f);
	}
}

/* Writes one operand with its attributes in the documented order. */
static void print_op(FILE *f, const Fn *fn, const Op *o)
{
	if (o->flags & OF_DEF) {
		fputc(o->flags & OF_USE ? '+' : '=', f);
		if (o->flags & OF_EARLY)
			fputc('&', f);
	}
	print_value(f, fn, o);
	if (o->sub_size)
		fprintf(f, "[%d,%d]", o->sub_off, o->sub_size);
	if (o->from >= 0) {
		fputs(" from ", f);
		print_label(f, fn, o->from);
	}
	if (o->flags & OF_MEMONLY)
		fputs(" {}", f);
	else if (o->allowed) {
		fputc(' ', f);
		regset_print(f, fn->target, o->allowed);
	}
	if (o->tie >= 0)
		fprintf(f, " ^%d", o->tie);
	if (o->flags & OF_MEM)
		fputs(" mem", f);
	if (o->kind != OK_LOC && o->loc.kind != LOC_NONE) {
		fputs(" @", f);
		print_loc(f, fn, o->loc);
	}
	if (o->flags & OF_WORD)
		fputs(" alone", f);
}

/* Writes " [ld $s+8:4]", " [st %argp+16:8]", " [wr %frame-8:4]",
 * " [wr %sp]" or " [wr *]". */
static void print_memref(FILE *f, const MemRef *m)
{
	static const char *const kinds[] = {"ld", "st", "wr"};
	fprintf(f, " [%s ", m->kind <= MR_WR ? kinds[m->kind] : "?");
	if (m->base == MB_ANY || m->base == MB_STACK) {
		fputs(m->base == MB_ANY ? "*]" : "%sp]", f);
		return;
	}
	fputs(m->base == MB_SYM ? "$" : m->base == MB_ARGP ? "%argp" : "%frame",
	      f);
	print_symoff(f, m->base == MB_SYM ? m->sym : "", m->off);
	fprintf(f, ":%d]", m->size);
}

/* Writes one instruction line. */
static void print_ins(FILE *f, const Fn *fn, const Ins *i)
{
	fputs("  ", f);
	if (i->uid > 0)
		fprintf(f, "%d: ", i->uid);
	fputs(ins_kind_name(i->kind), f);
	if (i->name) {
		fputc(' ', f);
		print_string(f, i->name);
	}
	for (int k = 0; k < i->nops; k++) {
		fputs(k ? ", " : " ", f);
		print_op(f, fn, &i->ops[k]);
	}
	if (i->clobbers) {
		fputs(" clobber ", f);
		regset_print(f, fn->target, i->clobbers);
	}
	for (int k = 0; k < i->nmem; k++)
		print_memref(f, &i->mem[k]);
	if (i->of > 0)
		fprintf(f, " [of %d]", i->of);
	if (i->memat > 0)
		fprintf(f, " [mem @%s:%d]", fn->target->regs[i->memat - 1].name,
			i->memw);
	if (i->flags & INS_REMAT)
		fputs(" [remat]", f);
	if (i->flags & INS_RETARG)
		fputs(" [retarg]", f);
	if (i->flags & INS_COMM)
		fprintf(f, " [comm %d]", i->comm);
	if (i->flags & INS_PTRCOPY)
		fputs(" [ptrcopy]", f);
	if (i->flags & INS_DELETED)
		fputs(" [deleted]", f);
	fputc('\n', f);
}

/* Writes a block header line: freq and depth always, edges if any. */
static void print_block_header(FILE *f, const Fn *fn, const Blk *b)
{
	fprintf(f, "b%d: freq=%d depth=%d", b->id, b->freq, b->depth);
	if (b->nsucc)
		fputs(" ->", f);
	for (int k = 0; k < b->nsucc; k++) {
		fputc(' ', f);
		print_label(f, fn, b->succ[k].blk);
		if (b->succ[k].flags & EF_ABNORMAL)
			fputs("!abnormal", f);
	}
	fputc('\n', f);
}

/* Writes the func line and the declarations. */
static void print_head(FILE *f, const Fn *fn)
{
	fprintf(f, "func %s", fn->name ? fn->name : "?");
	if (fn->frame_pointer)
		fputs(" fp", f);
	if (fn->allocated)
		fputs(" allocated", f);
	if (fn->by_gcc)
		fputs(" gcc", f);
	if (fn->memfx)
		fputs(" memfx", f);
	if (fn->escapes)
		fputs(" escapes", f);
	if (fn->frame_escapes)
		fputs(" fescapes", f);
	if (fn->has_frame_off)
		fprintf(f, " frameoff=%" PRId64, fn->frame_off);
	if (fn->unsupported) {
		fputs(" unsupported ", f);
		print_string(f, fn->unsupported);
	}
	fputc('\n', f);
	for (int p = 0; p < fn->npseudo; p++)
		if (fn->pseudo[p].cls >= 0)
			fprintf(f, "  pseudo p%d %s %d\n", p,
				fn->pseudo[p].cls < RC_NCLASS
					? fn->target->class_name[fn->pseudo[p].cls]
					: "?",
				fn->pseudo[p].size);
	for (int s = 0; s < fn->nslot; s++)
		if (fn->slot[s].size && fn->slot[s].has_off)
			fprintf(f, "  slot s%d %d off=%lld\n", s,
				fn->slot[s].size, (long long)fn->slot[s].off);
		else if (fn->slot[s].size)
			fprintf(f, "  slot s%d %d\n", s, fn->slot[s].size);
	if (fn->entry != 0) {
		fputs("  entry ", f);
		print_label(f, fn, fn->entry);
		fputc('\n', f);
	}
}

void ir_print(FILE *f, const Fn *fn)
{
	print_head(f, fn);
	for (int b = 0; b < fn->nblk; b++) {
		print_block_header(f, fn, fn->blk[b]);
		for (const Ins *i = fn->blk[b]->first; i; i = i->next)
			print_ins(f, fn, i);
	}
	fputs("end\n", f);
}

char *ir_print_str(const Fn *fn)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f)
		return NULL;
	ir_print(f, fn);
	if (fclose(f) != 0) {
		free(buf);
		return NULL;
	}
	return buf;
}

/* ------------------------------------------------------------------ */
/* Parser: state and errors                                           */
/* ------------------------------------------------------------------ */

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

/* Clamps a count to int for messages: lines and columns of inputs beyond
 * 2 GiB are not worth exact numbers, but must not overflow. */
static int clamp_int(size_t v)
{
	return v > INT_MAX ? INT_MAX : (int)v;
}

/* 1-based column of byte offset at on the current line. */
static int col_of(const Parser *P, size_t at)
{
	return clamp_int(at - P->bol + 1);
}

/* Records the first error at line:col; returns false so that callers can
 * write `return fail_lc(...)`. */
static bool vfail(Parser *P, int line, int col, const char *fmt, va_list ap)
	__attribute__((format(printf, 4, 0)));
static bool vfail(Parser *P, int line, int col, const char *fmt, va_list ap)
{
	if (P->failed)
		return false;
	P->failed = true;
	IrError *e = P->err;
	e->line = line;
	e->col = col;
	int n = snprintf(e->msg, sizeof e->msg, "%s:%d:%d: error: ", P->path,
			 line, col);
	if (n >= 0 && (size_t)n < sizeof e->msg)
		err_vset(e->msg + n, sizeof e->msg - (size_t)n, fmt, ap);
	return false;
}

static bool fail_lc(Parser *P, int line, int col, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static bool fail_lc(Parser *P, int line, int col, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vfail(P, line, col, fmt, ap);
	va_end(ap);
	return false;
}

/* An error at byte offset at of the current line. */
static bool fail_at(Parser *P, size_t at, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static bool fail_at(Parser *P, size_t at, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vfail(P, P->line, col_of(P, at), fmt, ap);
	va_end(ap);
	return false;
}

static bool oom(Parser *P)
{
	return fail_at(P, P->pos, "out of memory");
}

/* Makes room for need elements of size sz in buf (capacity *cap); returns
 * the possibly moved buffer, or NULL (buf untouched) when out of memory. */
static void *grow(void *buf, int *cap, int need, size_t sz)
{
	if (need <= *cap)
		return buf;
	int c = *cap ? *cap : 16;
	while (c < need) {
		if (c > INT_MAX / 2)
			return NULL;
		c *= 2;
	}
	void *p = realloc(buf, (size_t)c * sz);
	if (p)
		*cap = c;
	return p;
}

/* ------------------------------------------------------------------ */
/* Parser: characters and tokens                                      */
/* ------------------------------------------------------------------ */

static bool is_digit(int c) { return c >= '0' && c <= '9'; }
static bool is_alpha(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
static bool is_alnum(int c) { return is_alpha(c) || is_digit(c); }
static bool is_word(int c) { return is_alnum(c) || c == '_'; }
static bool is_blank(int c) { return c == ' ' || c == '\t'; }

/* The byte k places after the cursor, or -1 past the end of the line: all
 * reads go through here so no token can run past the line or the input. */
static int peek_at(const Parser *P, size_t k)
{
	if (P->pos >= P->eol || P->eol - P->pos <= k)
		return -1;
	return (unsigned char)P->s[P->pos + k];
}

static int peek(const Parser *P) { return peek_at(P, 0); }

static void skip_blank(Parser *P)
{
	while (is_blank(peek(P)))
		P->pos++;
}

/* True at the end of the line or at a comment. */
static bool at_eol(const Parser *P)
{
	int c = peek(P);
	return c < 0 || c == '#';
}

/* Length of the run of bytes satisfying pred at the cursor. */
static size_t run_len(const Parser *P, bool (*pred)(int))
{
	size_t n = 0;
	while (pred(peek_at(P, n)))
		n++;
	return n;
}

static size_t word_len(const Parser *P) { return run_len(P, is_word); }

/* A token length for the name lookups, which take an int: anything longer
 * than any name stays longer, without wrapping. */
static int lookup_len(size_t n)
{
	return n > 255 ? 255 : (int)n;
}

/* True if the word at the cursor is exactly kw. */
static bool is_kw(const Parser *P, const char *kw)
{
	size_t n = strlen(kw);
	return word_len(P) == n && memcmp(P->s + P->pos, kw, n) == 0;
}

/* Reports the token at the cursor as unexpected, quoting it readably. */
static bool unexpected(Parser *P, const char *where)
{
	int c = peek(P);
	size_t w = word_len(P);
	if (c < 0)
		return fail_at(P, P->pos, "unexpected end of line%s", where);
	if (w)
		return fail_at(P, P->pos, "unexpected '%.*s'%s",
				(int)(w < WORD_SHOW_MAX ? w : WORD_SHOW_MAX),
				P->s + P->pos, where);
	if (c > 0x20 && c < 0x7f)
		return fail_at(P, P->pos, "unexpected '%c'%s", c, where);
	return fail_at(P, P->pos, "unexpected byte 0x%02x%s", c, where);
}

/* Ends a token: what follows must be a blank, a comment or the end of the
 * line (so "p1gpr" is not read as "p1 gpr").  Skips the blanks. */
static bool end_tok(Parser *P, const char *where)
{
	int c = peek(P);
	if (c >= 0 && !is_blank(c) && c != '#')
		return unexpected(P, where);
	skip_blank(P);
	return true;
}

/* Reads an INT at the cursor into *v, checking lo <= *v <= hi; range
 * errors are reported at offset at (the token holding the number).  The
 * magnitude is accumulated unsigned against the bound, so nothing
 * overflows whatever the digits. */
static bool parse_int(Parser *P, size_t at, int64_t lo, int64_t hi,
		      const char *what, int64_t *v)
{
	bool neg = peek(P) == '-';
	if (!is_digit(peek_at(P, neg)))
		return fail_at(P, P->pos + neg, "expected %s", what);
	P->pos += neg;
	uint64_t lim = neg ? (lo < 0 ? (uint64_t)0 - (uint64_t)lo : 0)
			   : (hi > 0 ? (uint64_t)hi : 0);
	uint64_t m = 0;
	bool over = false;
	for (int c; is_digit(c = peek(P)); P->pos++) {
		unsigned d = (unsigned)(c - '0');
		if (m > lim / 10 || (m == lim / 10 && d > lim % 10))
			over = true;
		else
			m = m * 10 + d;
	}
	if (over)
		return fail_at(P, at, "%s out of range", what);
	int64_t x = !neg ? (int64_t)m : m ? -(int64_t)(m - 1) - 1 : 0;
	if (x < lo || x > hi)
		return fail_at(P, at, "%s out of range", what);
	*v = x;
	return true;
}

/* parse_int for fields that are int. */
static bool parse_int32(Parser *P, size_t at, int lo, int hi,
			const char *what, int *v)
{
	int64_t x;
	if (!parse_int(P, at, lo, hi, what, &x))
		return false;
	*v = (int)x;
	return true;
}

/* Appends byte c to the string scratch buffer at position n. */
static bool sbuf_put(Parser *P, int n, char c)
{
	char *p = grow(P->sbuf, &P->capsbuf, n + 1, 1);
	if (!p)
		return oom(P);
	P->sbuf = p;
	P->sbuf[n] = c;
	return true;
}

/* Reads a STRING at the cursor into P->sbuf (NUL-terminated), length in
 * *n.  Control bytes are refused: a NUL would silently truncate the string
 * and a CR or other control byte would not survive printing unchanged. */
static bool parse_string(Parser *P, int *n)
{
	size_t q = P->pos++;
	int k = 0;
	for (;;) {
		int c = peek(P);
		if (c < 0)
			return fail_at(P, q, "unterminated string");
		if (c == '"')
			break;
		if (c == '\\') {
			c = peek_at(P, 1);
			if (c < 0)
				return fail_at(P, q, "unterminated string");
			if (c != '"' && c != '\\')
				return fail_at(P, P->pos,
					       "unknown escape in string");
			P->pos++;
		} else if (c < 0x20 && c != '\t') {
			return fail_at(P, P->pos,
				       "control byte 0x%02x in string", c);
		}
		if (k == INT_MAX - 1 || !sbuf_put(P, k++, (char)c))
			return P->failed ? false : oom(P);
		P->pos++;
	}
	P->pos++;
	if (!sbuf_put(P, k, 0))
		return false;
	*n = k;
	return true;
}

/* Reads a STRING and copies it into the function's arena. */
static bool parse_fn_string(Parser *P, const char **out)
{
	int n;
	if (!parse_string(P, &n))
		return false;
	*out = fn_strdup(P->fn, P->sbuf, (size_t)n);
	return true;
}

/* Reads a register name (letters and digits) at the cursor; at is where
 * the whole token starts and sigil how it was spelled ("%" for operand
 * values), for the message. */
static bool parse_reg_name(Parser *P, size_t at, const char *sigil, int *r)
{
	size_t n = run_len(P, is_alnum);
	if (n == 0)
		return fail_at(P, P->pos, "expected register name");
	*r = target_reg_by_name(P->t, P->s + P->pos, lookup_len(n));
	if (*r < 0)
		return fail_at(P, at, "unknown register '%s%.*s'", sigil,
			       (int)(n < WORD_SHOW_MAX ? n : WORD_SHOW_MAX),
			       P->s + P->pos);
	P->pos += n;
	return true;
}

/* Reads a REGSET ("{ax,r8-r11}", "{}") at the cursor, which is on '{'.
 * The set is one token: no blanks inside. */
static bool parse_regset(Parser *P, RegSet *out)
{
	RegSet s = 0;
	P->pos++;
	if (peek(P) == '}') {
		P->pos++;
		*out = 0;
		return true;
	}
	for (;;) {
		size_t at = P->pos;
		int a, b;
		if (!parse_reg_name(P, at, "", &a))
			return false;
		b = a;
		if (peek(P) == '-') {
			P->pos++;
			if (!parse_reg_name(P, P->pos, "", &b))
				return false;
			if (b < a)
				return fail_at(P, at,
					       "register range %s-%s is backwards",
					       P->t->regs[a].name,
					       P->t->regs[b].name);
		}
		for (int r = a; r <= b; r++)
			s |= RS_BIT(r);
		int c = peek(P);
		if (c != '}' && c != ',')
			return fail_at(P, P->pos,
				       "expected ',' or '}' in register set");
		P->pos++;
		if (c == '}')
			break;
	}
	*out = s;
	return true;
}

/* ------------------------------------------------------------------ */
/* Parser: block labels                                               */
/* ------------------------------------------------------------------ */

/* Mixes every bit of id into the low bits the table uses (murmur3's
 * finalizer), so that ids in arithmetic progressions - multiples of a
 * power of two, say - do not pile up in one probe chain. */
static uint32_t label_hash(int id)
{
	uint32_t h = (uint32_t)id;
	h ^= h >> 16;
	h *= 0x85ebca6bu;
	h ^= h >> 13;
	h *= 0xc2b2ae35u;
	h ^= h >> 16;
	return h;
}

/* Doubles the cell table and reinserts every label. */
static bool label_rehash(LabelMap *m)
{
	if (m->ncell > INT_MAX / 4)
		return false;
	int n = m->ncell ? m->ncell * 2 : 64;
	int *cell = calloc((size_t)n, sizeof *cell);
	if (!cell)
		return false;
	for (int i = 0; i < m->nlab; i++) {
		uint32_t h = label_hash(m->lab[i].id) & (uint32_t)(n - 1);
		while (cell[h])
			h = (h + 1) & (uint32_t)(n - 1);
		cell[h] = i + 1;
		m->lab[i].home = (int)h;
	}
	free(m->cell);
	m->cell = cell;
	m->ncell = n;
	return true;
}

/* Index of the label of block id, created on first sight with the
 * position at (on the current line); -1 after an out-of-memory error. */
static int label_get(Parser *P, int id, size_t at)
{
	LabelMap *m = &P->lm;
	if ((m->nlab + 1) * 2 > m->ncell && !label_rehash(m))
		return oom(P), -1;
	uint32_t mask = (uint32_t)m->ncell - 1, h = label_hash(id) & mask;
	for (; m->cell[h]; h = (h + 1) & mask)
		if (m->lab[m->cell[h] - 1].id == id)
			return m->cell[h] - 1;
	Label *l = grow(m->lab, &m->caplab, m->nlab + 1, sizeof *l);
	if (!l)
		return oom(P), -1;
	m->lab = l;
	m->lab[m->nlab] = (Label){id, -1, P->line, col_of(P, at), (int)h};
	m->cell[h] = m->nlab + 1;
	return m->nlab++;
}

/* Empties the map in time proportional to its labels (not its cells), so
 * many small functions after a big one stay linear. */
static void label_reset(LabelMap *m)
{
	for (int i = 0; i < m->nlab; i++)
		m->cell[m->lab[i].home] = 0;
	m->nlab = 0;
}

/* Reads a block reference "bN" at the cursor into a label index. */
static bool parse_blockref(Parser *P, int *lab)
{
	size_t at = P->pos;
	int id;
	if (peek(P) != 'b' || !is_digit(peek_at(P, 1)))
		return fail_at(P, at, "expected block label");
	P->pos++;
	if (!parse_int32(P, at, 0, INT_MAX, "block number", &id))
		return false;
	*lab = label_get(P, id, at);
	return *lab >= 0;
}

/* ------------------------------------------------------------------ */
/* Parser: functions and declarations                                 */
/* ------------------------------------------------------------------ */

/* Bytes of a function NAME: anything visible; '#' starts a comment, and
 * control bytes would not print back unchanged. */
static bool is_name_byte(int c)
{
	return c > 0x20 && c != 0x7f && c != '#';
}

/* Starts a new function named by the n bytes at offset at; per-function
 * state back to empty. */
static bool begin_fn(Parser *P, size_t at, size_t n)
{
	char *b = n < INT_MAX ? grow(P->sbuf, &P->capsbuf, (int)n + 1, 1)
			      : NULL;
	if (!b)
		return oom(P);
	P->sbuf = b;
	memcpy(b, P->s + at, n);
	b[n] = 0;
	P->fn = fn_new(b, P->t);
	P->cur = NULL;
	P->entry_label = -1;
	P->nphi = 0;
	label_reset(&P->lm);
	return true;
}

/* Reads the function attributes after the name: fp, allocated, gcc
 * (only with allocated), unsupported STRING, each at most once, in any
 * order. */
static bool parse_fn_attrs(Parser *P)
{
	bool fp = false, alloc = false, gcc = false;
	size_t gcc_at = 0;
	while (!at_eol(P)) {
		size_t at = P->pos;
		if (is_kw(P, "fp") || is_kw(P, "allocated") ||
		    is_kw(P, "gcc")) {
			bool *seen = is_kw(P, "fp")	   ? &fp
				     : is_kw(P, "gcc") ? &gcc
						       : &alloc;
			if (*seen)
				return fail_at(P, at, "duplicate attribute '%s'",
					       seen == &fp    ? "fp"
					       : seen == &gcc ? "gcc"
							      : "allocated");
			*seen = true;
			if (seen == &gcc)
				gcc_at = at;
			P->pos += word_len(P);
		} else if (is_kw(P, "memfx") || is_kw(P, "escapes") ||
			   is_kw(P, "fescapes")) {
			bool *seen = is_kw(P, "memfx")     ? &P->fn->memfx
				     : is_kw(P, "escapes") ? &P->fn->escapes
							   : &P->fn->frame_escapes;
			if (*seen)
				return fail_at(P, at, "duplicate attribute "
						      "'%s'",
					       seen == &P->fn->memfx ? "memfx"
					       : seen == &P->fn->escapes
						       ? "escapes"
						       : "fescapes");
			*seen = true;
			P->pos += word_len(P);
		} else if (P->eol - P->pos > 9 &&
			   memcmp(P->s + P->pos, "frameoff=", 9) == 0) {
			if (P->fn->has_frame_off)
				return fail_at(P, at, "duplicate attribute "
						      "'frameoff'");
			P->pos += 9;
			if (!parse_int(P, P->pos, -(INT64_C(1) << 40),
				       INT64_C(1) << 40, "frame offset",
				       &P->fn->frame_off))
				return false;
			P->fn->has_frame_off = true;
		} else if (is_kw(P, "unsupported")) {
			if (P->fn->unsupported)
				return fail_at(P, at, "duplicate attribute "
						      "'unsupported'");
			P->pos += word_len(P);
			if (!end_tok(P, ""))
				return false;
			if (peek(P) != '"')
				return fail_at(P, P->pos, "expected string "
							  "after 'unsupported'");
			if (!parse_fn_string(P, &P->fn->unsupported))
				return false;
		} else if (word_len(P)) {
			return fail_at(P, at, "unknown function attribute '%.*s'",
				       (int)(word_len(P) < WORD_SHOW_MAX
						     ? word_len(P)
						     : WORD_SHOW_MAX),
				       P->s + at);
		} else {
			return unexpected(P, "");
		}
		if (!end_tok(P, ""))
			return false;
	}
	if (gcc && !alloc)
		return fail_at(P, gcc_at, "'gcc' needs 'allocated'");
	P->fn->frame_pointer = fp;
	P->fn->allocated = alloc;
	P->fn->by_gcc = gcc;
	return true;
}

/* func NAME [fp] [allocated] [gcc] [unsupported STRING] */
static bool parse_func(Parser *P)
{
	if (!is_kw(P, "func"))
		return fail_at(P, P->pos, "expected 'func'");
	P->pos += 4;
	if (!end_tok(P, ""))
		return false;
	size_t at = P->pos, n = run_len(P, is_name_byte);
	if (n == 0)
		return at_eol(P) ? fail_at(P, at, "expected function name")
				 : unexpected(P, "");
	P->pos += n;
	if (!end_tok(P, "") || !begin_fn(P, at, n))
		return false;
	return parse_fn_attrs(P);
}

/* pseudo pN CLASS SIZE */
static bool parse_pseudo_decl(Parser *P)
{
	size_t at = P->pos;
	int p, size;
	if (peek(P) != 'p' || !is_digit(peek_at(P, 1)))
		return fail_at(P, at, "expected pseudo name (pN)");
	P->pos++;
	if (!parse_int32(P, at, 0, PSEUDO_MAX, "pseudo number", &p) ||
	    !end_tok(P, ""))
		return false;
	Fn *fn = P->fn;
	if (p < fn->npseudo && fn->pseudo[p].cls >= 0)
		return fail_at(P, at, "pseudo p%d redeclared", p);
	size_t cat = P->pos, w = word_len(P);
	int cls = target_class_by_name(P->t, P->s + cat, lookup_len(w));
	if (w == 0)
		return fail_at(P, cat, "expected register class");
	if (cls < 0)
		return fail_at(P, cat, "unknown register class '%.*s'",
			       (int)(w < WORD_SHOW_MAX ? w : WORD_SHOW_MAX),
			       P->s + cat);
	P->pos += w;
	if (!end_tok(P, "") ||
	    !parse_int32(P, P->pos, 1, VALUE_BYTES_MAX, "pseudo size", &size))
		return false;
	fn_declare_pseudo(fn, p, cls, size);
	return true;
}

/* slot sN SIZE [off=INT] */
static bool parse_slot_decl(Parser *P)
{
	size_t at = P->pos;
	int s, size;
	if (peek(P) != 's' || !is_digit(peek_at(P, 1)))
		return fail_at(P, at, "expected slot name (sN)");
	P->pos++;
	if (!parse_int32(P, at, 0, SLOT_MAX, "slot number", &s) ||
	    !end_tok(P, ""))
		return false;
	if (s < P->fn->nslot && P->fn->slot[s].size)
		return fail_at(P, at, "slot s%d redeclared", s);
	if (!parse_int32(P, P->pos, 1, VALUE_BYTES_MAX, "slot size", &size) ||
	    !end_tok(P, " in slot declaration"))
		return false;
	fn_declare_slot(P->fn, s, size);
	if (is_kw(P, "off") && peek_at(P, 3) == '=') {
		int64_t off;
		P->pos += 4;
		if (!parse_int(P, P->pos, -((int64_t)1 << 40),
			       (int64_t)1 << 40, "slot offset", &off))
			return false;
		P->fn->slot[s].has_off = true;
		P->fn->slot[s].off = off;
	}
	return true;
}

/* entry bN */
static bool parse_entry_decl(Parser *P, size_t kw_at)
{
	if (P->entry_label >= 0)
		return fail_at(P, kw_at, "entry redeclared");
	return parse_blockref(P, &P->entry_label);
}

/* pseudo / slot / entry: only before the first block, so that every
 * operand can be checked against complete declarations as it is read. */
static bool parse_decl(Parser *P)
{
	size_t at = P->pos, w = word_len(P);
	char k = P->s[at];
	if (P->fn->nblk)
		return fail_at(P, at, "declaration after the first block");
	P->pos += w;
	if (!end_tok(P, ""))
		return false;
	bool ok = k == 'p'   ? parse_pseudo_decl(P)
		  : k == 's' ? parse_slot_decl(P)
			     : parse_entry_decl(P, at);
	if (!ok || !end_tok(P, ""))
		return false;
	return at_eol(P) || unexpected(P, "");
}

/* ------------------------------------------------------------------ */
/* Parser: blocks                                                     */
/* ------------------------------------------------------------------ */

/* Reads "NAME=INT" for a block attribute if the cursor is on NAME=; the
 * attribute is optional, so anything else is left for the caller. */
static bool parse_blk_attr(Parser *P, const char *name, int *v)
{
	size_t n = strlen(name);
	if (!is_kw(P, name) || peek_at(P, n) != '=')
		return true;
	P->pos += n + 1;
	return parse_int32(P, P->pos, 0, INT_MAX, name, v) &&
	       end_tok(P, " in block header");
}

/* Reads "-> bX[!abnormal] ..." (the cursor is on "->"). */
static bool parse_succs(Parser *P, Blk *b)
{
	P->pos += 2;
	if (!end_tok(P, " in block header"))
		return false;
	if (at_eol(P))
		return fail_at(P, P->pos, "expected block label after '->'");
	while (!at_eol(P)) {
		int lab, flags = 0;
		if (!parse_blockref(P, &lab))
			return false;
		if (peek(P) == '!') {
			P->pos++;
			if (!is_kw(P, "abnormal"))
				return fail_at(P, P->pos - 1,
					       "unknown edge flag");
			P->pos += 8;
			flags = EF_ABNORMAL;
		}
		if (!end_tok(P, " in block header"))
			return false;
		blk_add_succ(P->fn, b, lab, flags);
	}
	return true;
}

/* bID: [freq=INT] [depth=INT] [-> bX[!abnormal] ...] */
static bool parse_block(Parser *P)
{
	size_t at = P->pos;
	int id, lab;
	P->pos++;
	if (!parse_int32(P, at, 0, INT_MAX, "block number", &id))
		return false;
	if (peek(P) != ':')
		return fail_at(P, P->pos, "expected ':' after block label");
	P->pos++;
	if ((lab = label_get(P, id, at)) < 0)
		return false;
	if (P->lm.lab[lab].blk >= 0)
		return fail_at(P, at, "block b%d redeclared", id);
	Blk *b = fn_add_block(P->fn, id);
	P->lm.lab[lab].blk = b->idx;
	P->cur = b;
	if (!end_tok(P, " in block header") ||
	    !parse_blk_attr(P, "freq", &b->freq) ||
	    !parse_blk_attr(P, "depth", &b->depth))
		return false;
	if (peek(P) == '-' && peek_at(P, 1) == '>' && !parse_succs(P, b))
		return false;
	return at_eol(P) || unexpected(P, " in block header");
}

/* ------------------------------------------------------------------ */
/* Parser: operands                                                   */
/* ------------------------------------------------------------------ */

static bool is_const(const Op *o)
{
	return op_is_const(o);
}

static bool is_sym_start(int c)
{
	return is_alpha(c) || c == '_' || c == '.';
}

static bool is_sym_byte(int c)
{
	return is_word(c) || c == '.' || c == '$';
}

/* $SYMBOL[+INT|-INT] after the '$' (at = the '$'). */
static bool parse_symbol(Parser *P, size_t at, Op *o)
{
	size_t n = run_len(P, is_sym_byte);
	o->kind = OK_SYM;
	o->sym = fn_strdup(P->fn, P->s + P->pos, n);
	P->pos += n;
	int c = peek(P);
	if (c != '+' && c != '-')
		return true;
	if (!is_digit(peek_at(P, 1)))
		return fail_at(P, P->pos + 1, "expected symbol offset");
	if (c == '+')
		P->pos++;
	return parse_int(P, at, c == '+' ? 0 : INT64_MIN,
			 c == '+' ? INT64_MAX : 0, "symbol offset", &o->imm);
}

static bool parse_loc_spec(Parser *P, size_t at, Loc *l);

/* [$SYMBOL[+-INT]] (the cursor is on '[', then '$'): read-only memory. */
static bool parse_memsym(Parser *P, Op *o)
{
	size_t at = P->pos;
	P->pos += 2;
	if (!is_sym_start(peek(P)))
		return fail_at(P, P->pos, "expected symbol after '[$'");
	if (!parse_symbol(P, at, o))
		return false;
	if (peek(P) != ']')
		return fail_at(P, P->pos, "expected ']' after '[$%s'", o->sym);
	P->pos++;
	o->kind = OK_MEMSYM;
	return true;
}

/* @LOC[:WIDTH] as a value (the cursor is on '@'): a bare location. */
static bool parse_bare_loc(Parser *P, Op *o)
{
	size_t at = P->pos;
	P->pos++;
	o->kind = OK_LOC;
	if (!parse_loc_spec(P, at, &o->loc))
		return false;
	if (peek(P) != ':')
		return true;
	P->pos++;
	int w;
	if (!parse_int32(P, P->pos, 1, VALUE_BYTES_MAX, "location width", &w))
		return false;
	o->imm = w;
	return true;
}

/* VALUE: pN, %REG, $INT, $SYMBOL[+-INT], [$SYMBOL[+-INT]] or
 * @LOC[:WIDTH]. */
static bool parse_value(Parser *P, Op *o)
{
	size_t at = P->pos;
	int c = peek(P);
	if (c == '[' && peek_at(P, 1) == '$')
		return parse_memsym(P, o);
	if (c == '@')
		return parse_bare_loc(P, o);
	if (c == 'p' && is_digit(peek_at(P, 1))) {
		P->pos++;
		o->kind = OK_PSEUDO;
		if (!parse_int32(P, at, 0, PSEUDO_MAX, "pseudo number", &o->reg))
			return false;
		if (o->reg >= P->fn->npseudo || P->fn->pseudo[o->reg].cls < 0)
			return fail_at(P, at, "undeclared pseudo p%d", o->reg);
		return true;
	}
	if (c == '%') {
		P->pos++;
		o->kind = OK_HREG;
		return parse_reg_name(P, at, "%", &o->reg);
	}
	if (c == '$') {
		P->pos++;
		c = peek(P);
		if (c == '-' || is_digit(c)) {
			o->kind = OK_IMM;
			return parse_int(P, at, INT64_MIN, INT64_MAX,
					 "immediate", &o->imm);
		}
		if (is_sym_start(c))
			return parse_symbol(P, at, o);
		return fail_at(P, P->pos, "expected immediate or symbol");
	}
	if (c < 0 || c == '#' || c == ',' || is_blank(c))
		return fail_at(P, at, "expected operand");
	return unexpected(P, " (expected operand)");
}

/* Size in bytes of the register an operand names, for subreg bounds. */
static int value_bytes(const Parser *P, const Op *o)
{
	if (o->kind == OK_PSEUDO)
		return P->fn->pseudo[o->reg].size;
	int cls = P->t->regs[o->reg].cls;
	return cls == RC_SSE ? 64 : cls == RC_X87 ? 16 : 8;
}

/* [OFF,SIZE] directly after the value (the cursor is on '['). */
static bool parse_subreg(Parser *P, Op *o)
{
	size_t at = P->pos;
	int off, size;
	if (is_const(o))
		return fail_at(P, at, "subreg on a constant");
	if (o->kind == OK_LOC)
		return fail_at(P, at, "subreg on a bare location");
	P->pos++;
	if (!parse_int32(P, P->pos, 0, SUB_FIELD_MAX, "subreg offset", &off))
		return false;
	if (peek(P) != ',')
		return fail_at(P, P->pos, "expected ',' in subreg");
	P->pos++;
	if (!parse_int32(P, P->pos, 1, SUB_FIELD_MAX, "subreg size", &size))
		return false;
	if (peek(P) != ']')
		return fail_at(P, P->pos, "expected ']' after subreg");
	P->pos++;
	int bytes = value_bytes(P, o);
	if (off + size > bytes)
		return fail_at(P, at, "subreg [%d,%d] outside the %d-byte "
				      "register", off, size, bytes);
	o->sub_off = (uint8_t)off;
	o->sub_size = (uint8_t)size;
	return true;
}

/* LOC after the '@' (at): a register, a declared slot sN, or a constant
 * $INT, $SYMBOL[+-INT], [$SYMBOL[+-INT]] (interned in fn->konst). */
static bool parse_loc_spec(Parser *P, size_t at, Loc *l)
{
	int c = peek(P);
	if (c == 's' && is_digit(peek_at(P, 1))) {
		int s;
		P->pos++;
		if (!parse_int32(P, at, 0, SLOT_MAX, "slot number", &s))
			return false;
		if (s >= P->fn->nslot || P->fn->slot[s].size == 0)
			return fail_at(P, at, "undeclared slot s%d", s);
		*l = (Loc){LOC_SLOT, s};
		return true;
	}
	if (c == '[' && peek_at(P, 1) == '%') {
		/* [%argp+INT]: incoming argument memory */
		P->pos++;
		if (P->eol - P->pos < 5 || memcmp(P->s + P->pos, "%argp", 5))
			return fail_at(P, P->pos, "expected '%%argp' after '['");
		P->pos += 5;
		int64_t off = 0;
		int sc = peek(P);
		if (sc == '+' || sc == '-') {
			if (!is_digit(peek_at(P, 1)))
				return fail_at(P, P->pos + 1,
					       "expected argp offset");
			if (sc == '+')
				P->pos++;
			if (!parse_int(P, at, sc == '+' ? 0 : INT64_MIN,
				       sc == '+' ? INT64_MAX : 0, "argp offset",
				       &off))
				return false;
		}
		if (peek(P) != ']')
			return fail_at(P, P->pos, "expected ']'");
		P->pos++;
		*l = (Loc){LOC_CONST,
			   fn_intern_const(P->fn, OK_MEMSYM, off, "%argp")};
		return true;
	}
	if (c == '$' || (c == '[' && peek_at(P, 1) == '$')) {
		Op k = {0};
		if (!parse_value(P, &k))
			return false;
		*l = (Loc){LOC_CONST,
			   fn_intern_const(P->fn, k.kind, k.imm, k.sym)};
		return true;
	}
	l->kind = LOC_REG;
	return parse_reg_name(P, at, "", &l->num);
}

/* @LOC attribute (the cursor is on '@'). */
static bool parse_loc(Parser *P, Op *o)
{
	size_t at = P->pos;
	if (is_const(o))
		return fail_at(P, at, "location on a constant");
	P->pos++;
	return parse_loc_spec(P, at, &o->loc);
}

/* The operand attributes after the value, in their required order. */
enum { AT_NONE, AT_FROM, AT_REGSET, AT_TIE, AT_MEM, AT_LOC, AT_ALONE };

static int attr_at_cursor(const Parser *P)
{
	switch (peek(P)) {
	case '{': return AT_REGSET;
	case '^': return AT_TIE;
	case '@': return AT_LOC;
	default:
		return is_kw(P, "from")	   ? AT_FROM
		       : is_kw(P, "mem")   ? AT_MEM
		       : is_kw(P, "alone") ? AT_ALONE
					   : AT_NONE;
	}
}

static const char *const attr_names[] = {
	[AT_FROM] = "from", [AT_REGSET] = "register set", [AT_TIE] = "tie",
	[AT_MEM] = "mem", [AT_LOC] = "location", [AT_ALONE] = "alone",
};

/* from bX: only phi sources name the edge they come in on. */
static bool parse_from(Parser *P, Op *o, int kind, int k)
{
	if (kind != IK_PHI || k == 0)
		return fail_at(P, P->pos, "'from' is only allowed on phi "
					  "sources");
	P->pos += 4;
	return end_tok(P, "") && parse_blockref(P, &o->from);
}

/* alone: after the location of a subreg operand of one 8-byte word in a
 * register (OF_WORD): the register holds that word alone.  Whether the
 * pseudo is wide and general is the checker's to judge. */
static bool parse_alone(Parser *P, Op *o)
{
	size_t at = P->pos;
	P->pos += 5;
	if (o->kind != OK_PSEUDO || o->sub_size != 8 || o->sub_off % 8 ||
	    o->loc.kind != LOC_REG)
		return fail_at(P, at, "'alone' needs a one-word subreg of a "
				      "pseudo located in a register");
	o->flags |= OF_WORD;
	return true;
}

/* One attribute of kind a at the cursor. */
static bool parse_attr(Parser *P, int a, Op *o, OpPos *pp, int kind, int k)
{
	size_t at = P->pos;
	if (o->kind == OK_LOC)
		return fail_at(P, at, "%s on a bare location", attr_names[a]);
	if (a != AT_FROM && a != AT_LOC && is_const(o))
		return fail_at(P, at, "%s on a constant", attr_names[a]);
	switch (a) {
	case AT_FROM:
		return parse_from(P, o, kind, k);
	case AT_REGSET:
		if (!parse_regset(P, &o->allowed))
			return false;
		if (!o->allowed) /* `{} mem` only: checked in parse_op */
			o->flags |= OF_MEMONLY;
		return true;
	case AT_TIE: {
		int n;
		P->pos++;
		pp->tie_at = at;
		if (!parse_int32(P, at, 0, TIE_MAX, "tie", &n))
			return false;
		o->tie = (int8_t)n;
		return true;
	}
	case AT_MEM:
		o->flags |= OF_MEM;
		P->pos += 3;
		return true;
	case AT_ALONE:
		return parse_alone(P, o);
	default:
		return parse_loc(P, o);
	}
}

/* After an operand part: a blank, ',', comment or end of line. */
static bool op_part_end(Parser *P)
{
	int c = peek(P);
	if (c >= 0 && !is_blank(c) && c != ',' && c != '#')
		return unexpected(P, "");
	return true;
}

/* [[=|+][&]]: the modifiers, straight before the value. */
static bool parse_modifiers(Parser *P, Op *o)
{
	int c = peek(P);
	o->flags = c == '=' ? OF_DEF : c == '+' ? OF_USE | OF_DEF : OF_USE;
	if (c == '=' || c == '+')
		P->pos++;
	if (peek(P) == '&') {
		if (!(o->flags & OF_DEF))
			return fail_at(P, P->pos, "'&' must follow '=' or '+'");
		o->flags |= OF_EARLY;
		P->pos++;
	}
	return true;
}

/* An empty register set `{}` (OF_MEMONLY; at = where it is) is only
 * allowed together with `mem`, on a pseudo: "memory only" (docs/IR.md
 * REGSET). */
static bool check_memonly(Parser *P, const Op *o, size_t at)
{
	if (!(o->flags & OF_MEMONLY))
		return true;
	if (!(o->flags & OF_MEM))
		return fail_at(P, at, "empty register set on an operand "
				      "without 'mem'");
	if (o->kind != OK_PSEUDO)
		return fail_at(P, at, "'{} mem' (memory only) on an operand "
				      "that is not a pseudo");
	return true;
}

/* One OPERAND of an instruction of kind kind, as operand number k. */
static bool parse_op(Parser *P, int kind, int k, Op *o, OpPos *pp)
{
	*o = (Op){.tie = -1, .from = -1};
	*pp = (OpPos){P->pos, P->pos};
	if (!parse_modifiers(P, o))
		return false;
	size_t vat = P->pos;
	if (!parse_value(P, o))
		return false;
	if (o->kind == OK_LOC && (!ins_kind_inserted(kind) ||
				  !P->fn->allocated))
		return fail_at(P, vat, "a bare location is only allowed on "
				       "an inserted instruction of an "
				       "allocated function");
	if (peek(P) == '[' && !parse_subreg(P, o))
		return false;
	size_t set_at = P->pos;
	for (int last = AT_NONE;;) {
		if (!op_part_end(P))
			return false;
		skip_blank(P);
		int a = attr_at_cursor(P);
		if (a == AT_NONE)
			break;
		if (a == AT_REGSET)
			set_at = P->pos;
		if (a <= last)
			return fail_at(P, P->pos, "%s %s", attr_names[a],
				       a == last ? "given twice"
						 : "out of order");
		if (!parse_attr(P, a, o, pp, kind, k))
			return false;
		last = a;
	}
	return check_memonly(P, o, set_at);
}

/* The operand list into P->ops; *n = count.  Stops before clobber,
 * [remat], or the end of the line. */
static bool parse_ops(Parser *P, int kind, int *n)
{
	*n = 0;
	if (at_eol(P) || (peek(P) == '[' && peek_at(P, 1) != '$') ||
	    is_kw(P, "clobber"))
		return true;
	for (;;) {
		Op *ops = grow(P->ops, &P->capops, *n + 1, sizeof *ops);
		if (ops)
			P->ops = ops;
		OpPos *pos = grow(P->opos, &P->capopos, *n + 1, sizeof *pos);
		if (pos)
			P->opos = pos;
		if (!ops || !pos || *n >= INT_MAX - 1)
			return oom(P);
		if (!parse_op(P, kind, *n, &P->ops[*n], &P->opos[*n]))
			return false;
		++*n;
		if (peek(P) != ',')
			return true;
		P->pos++;
		skip_blank(P);
	}
}

/* ------------------------------------------------------------------ */
/* Parser: instruction checks                                         */
/* ------------------------------------------------------------------ */

/* `[comm K]` (at offset at) on an `ord` of n operands: operands K and
 * K+1 exist and are uses of pseudos (no definition). */
/* [ptrcopy]: an ord with two operands, a whole pseudo defined (not
 * read) and %frame or %argp read. */
static bool check_ptrcopy(Parser *P, int kind, int n, size_t at)
{
	const Op *o = P->ops;
	if (kind != IK_ORD || n != 2 || o[0].kind != OK_PSEUDO ||
	    (o[0].flags & (OF_DEF | OF_USE)) != OF_DEF || o[0].sub_size ||
	    o[1].kind != OK_HREG || (o[1].flags & (OF_DEF | OF_USE)) != OF_USE ||
	    (o[1].reg != R_FRAME && o[1].reg != R_ARGP))
		return fail_at(P, at, "'[ptrcopy]' on an instruction that is "
				      "not an 'ord' =pN, %%frame or %%argp");
	return true;
}

static bool check_comm(Parser *P, int kind, int n, int k, size_t at)
{
	if (kind != IK_ORD)
		return fail_at(P, at, "'[comm]' on an instruction that is not "
				      "an 'ord'");
	if (k + 1 >= n)
		return fail_at(P, at, "'[comm %d]': operand %d does not exist",
			       k, k + 1);
	for (int j = k; j <= k + 1; j++)
		if (P->ops[j].kind != OK_PSEUDO || (P->ops[j].flags & OF_DEF))
			return fail_at(P, at, "'[comm %d]': operand %d is not "
					      "a use of a pseudo", k, j);
	return true;
}

/* Every ^N names another operand of the instruction. */
static bool check_ties(Parser *P, int n)
{
	for (int k = 0; k < n; k++) {
		int t = P->ops[k].tie;
		if (t >= n)
			return fail_at(P, P->opos[k].tie_at,
				       "tie to operand %d, which does not "
				       "exist", t);
		if (t == k)
			return fail_at(P, P->opos[k].tie_at,
				       "operand tied to itself");
	}
	return true;
}

enum Role { ROLE_DEF, ROLE_USE, ROLE_RMW };

/* Operand k must be a register or pseudo with exactly the role's
 * modifier (no early clobber: these kinds move one value at a time). */
static bool check_role(Parser *P, const char *kname, int k, int role)
{
	static const uint8_t want[] = {
		[ROLE_DEF] = OF_DEF, [ROLE_USE] = OF_USE,
		[ROLE_RMW] = OF_USE | OF_DEF,
	};
	static const char *const what[] = {
		[ROLE_DEF] = "a '=' definition", [ROLE_USE] = "a use",
		[ROLE_RMW] = "a '+' operand",
	};
	const Op *o = &P->ops[k];
	if (is_const(o))
		return fail_at(P, P->opos[k].at, "'%s' operand %d must be a "
					       "register or pseudo", kname, k);
	if ((o->flags & ~OF_MEM) != want[role])
		return fail_at(P, P->opos[k].at, "'%s' operand %d must be %s",
			       kname, k, what[role]);
	return true;
}

/* Where an operand is in an allocated function: its @LOC, else a hard
 * register is in itself. */
static int loc_kind(const Op *o)
{
	if (o->loc.kind != LOC_NONE)
		return o->loc.kind;
	return o->kind == OK_HREG ? LOC_REG : LOC_NONE;
}

/* In an allocated function a spill goes register -> slot and a reload
 * slot -> register. */
static bool check_spill_locs(Parser *P, int kind)
{
	int slot_k = kind == IK_SPILL ? 0 : 1, reg_k = 1 - slot_k;
	const char *kname = ins_kind_name(kind);
	if (!P->fn->allocated)
		return true;
	if (loc_kind(&P->ops[slot_k]) != LOC_SLOT)
		return fail_at(P, P->opos[slot_k].at, "%s %s must be in a slot",
			       kname, slot_k ? "source" : "destination");
	if (loc_kind(&P->ops[reg_k]) != LOC_REG)
		return fail_at(P, P->opos[reg_k].at,
			       "%s %s must be in a register", kname,
			       reg_k ? "source" : "destination");
	return true;
}

/* =dst, src: copy, move, spill, reload. */
static bool check_pair(Parser *P, int kind, int n, size_t kat)
{
	const char *kname = ins_kind_name(kind);
	if (n != 2)
		return fail_at(P, kat, "'%s' takes exactly two operands "
				       "(=dst, src)", kname);
	if (!check_role(P, kname, 0, ROLE_DEF) ||
	    !check_role(P, kname, 1, ROLE_USE))
		return false;
	if (kind == IK_SPILL || kind == IK_RELOAD)
		return check_spill_locs(P, kind);
	return true;
}

/* =d0, s0, =d1, s1, ... */
static bool check_pcopy(Parser *P, int n, size_t kat)
{
	if (n % 2)
		return fail_at(P, kat, "'pcopy' takes pairs of operands "
				       "(=dst, src)");
	for (int k = 0; k < n; k++)
		if (!check_role(P, "pcopy", k, k % 2 ? ROLE_USE : ROLE_DEF))
			return false;
	return true;
}

/* =dst, src from bX, ...: the match against predecessors waits for the
 * end of the function (check_phis). */
static bool check_phi_shape(Parser *P, int n, size_t kat)
{
	if (n < 1)
		return fail_at(P, kat, "'phi' needs a destination");
	for (int k = 0; k < n; k++) {
		if (!check_role(P, "phi", k, k ? ROLE_USE : ROLE_DEF))
			return false;
		if (k && P->ops[k].from < 0)
			return fail_at(P, P->opos[k].at,
				       "phi source needs 'from bX'");
	}
	return true;
}

/* +a, +b */
static bool check_swap(Parser *P, int n, size_t kat)
{
	if (n != 2)
		return fail_at(P, kat, "'swap' takes exactly two operands "
				       "(+a, +b)");
	return check_role(P, "swap", 0, ROLE_RMW) &&
	       check_role(P, "swap", 1, ROLE_RMW);
}

/* =dst then inputs of the recomputation (constants, hard registers). */
static bool check_remat(Parser *P, int n, size_t kat)
{
	if (n < 1)
		return fail_at(P, kat, "'remat' needs a destination");
	if (!check_role(P, "remat", 0, ROLE_DEF))
		return false;
	for (int k = 1; k < n; k++)
		if (P->ops[k].flags & OF_DEF)
			return fail_at(P, P->opos[k].at,
				       "'remat' defines only its first "
				       "operand");
	return true;
}

/* The operand shapes of docs/IR.md's kind table. */
static bool check_shape(Parser *P, int kind, int n, size_t kat)
{
	switch (kind) {
	case IK_COPY:
	case IK_MOVE:
	case IK_SPILL:
	case IK_RELOAD:
		return check_pair(P, kind, n, kat);
	case IK_PCOPY:
		return check_pcopy(P, n, kat);
	case IK_PHI:
		return check_phi_shape(P, n, kat);
	case IK_SWAP:
		return check_swap(P, n, kat);
	case IK_REMAT:
		return check_remat(P, n, kat);
	default:
		return true;
	}
}

/* Inserted kinds never carry a UID; GCC's instructions always do, except
 * the phis an allocator's SSA construction adds and the copies its SSA
 * destruction adds. */
static bool check_uid(Parser *P, int kind, int uid, size_t at, size_t kat)
{
	if (ins_kind_inserted(kind) && uid)
		return fail_at(P, at, "inserted instruction '%s' takes no UID",
			       ins_kind_name(kind));
	if (!ins_kind_inserted(kind) && !uid && kind != IK_COPY &&
	    kind != IK_PCOPY && kind != IK_PHI)
		return fail_at(P, kat, "'%s' needs a UID", ins_kind_name(kind));
	return true;
}

/* ------------------------------------------------------------------ */
/* Parser: instructions                                               */
/* ------------------------------------------------------------------ */

/* [UID:] KIND: fills *uid, *kind and the kind's offset *kat. */
static bool parse_ins_head(Parser *P, int *uid, int *kind, size_t *kat)
{
	*uid = 0;
	if (is_digit(peek(P))) {
		if (!parse_int32(P, P->pos, 1, INT_MAX, "UID", uid))
			return false;
		if (peek(P) != ':')
			return fail_at(P, P->pos, "expected ':' after UID");
		P->pos++;
		skip_blank(P);
	}
	size_t w = word_len(P);
	*kat = P->pos;
	if (w == 0)
		return unexpected(P, "");
	*kind = ins_kind_by_name(P->s + P->pos, lookup_len(w));
	if (*kind < 0)
		return fail_at(P, *kat, "unknown instruction kind '%.*s'",
			       (int)(w < WORD_SHOW_MAX ? w : WORD_SHOW_MAX),
			       P->s + P->pos);
	P->pos += w;
	return end_tok(P, "");
}

/* Whether the cursor is on the bracketed tag (e.g. "[remat]"). */
static bool at_tag(const Parser *P, const char *tag)
{
	size_t n = strlen(tag);
	return P->eol - P->pos >= n && memcmp(P->s + P->pos, tag, n) == 0;
}

/* One memory access "[ld|st|wr ADDR:SIZE]", "[wr %sp]" or "[wr *]" (the cursor on
 * '['), ADDR $SYMBOL[+-INT], %argp[+-INT] or %frame[+-INT]; appended to
 * P->mem. */
static bool parse_memref(Parser *P)
{
	MemRef m = {0};
	m.kind = P->s[P->pos + 1] == 'l'   ? MR_LD
		 : P->s[P->pos + 1] == 's' ? MR_ST
					   : MR_WR;
	P->pos += 4;
	size_t at = P->pos;
	if (peek(P) == '*') {
		if (m.kind != MR_WR)
			return fail_at(P, at, "'*' only in '[wr *]'");
		P->pos++;
		m.base = MB_ANY;
	} else if (P->eol - P->pos >= 4 && !memcmp(P->s + P->pos, "%sp]", 4)) {
		if (m.kind != MR_WR)
			return fail_at(P, at, "'%%sp' only in '[wr %%sp]'");
		P->pos += 3;
		m.base = MB_STACK;
	} else {
		if (peek(P) == '$' && is_sym_start(peek_at(P, 1))) {
			Op k = {0};
			P->pos++;
			if (!parse_symbol(P, at, &k))
				return false;
			m.base = MB_SYM;
			m.sym = k.sym;
			m.off = k.imm;
		} else {
			if (P->eol - P->pos >= 5 &&
			    !memcmp(P->s + P->pos, "%argp", 5)) {
				m.base = MB_ARGP;
				P->pos += 5;
			} else if (P->eol - P->pos >= 6 &&
				   !memcmp(P->s + P->pos, "%frame", 6)) {
				m.base = MB_FRAME;
				P->pos += 6;
			} else {
				return fail_at(P, at, "expected '$SYMBOL', "
						      "'%%argp', '%%frame', "
						      "'%%sp' or '*'");
			}
			int c = peek(P);
			if (c == '+' || c == '-') {
				if (!is_digit(peek_at(P, 1)))
					return fail_at(P, P->pos + 1,
						       "expected offset");
				if (c == '+')
					P->pos++;
				if (!parse_int(P, at, c == '+' ? 0 : INT64_MIN,
					       c == '+' ? INT64_MAX : 0,
					       "offset", &m.off))
					return false;
			}
		}
		if (peek(P) != ':')
			return fail_at(P, P->pos, "expected ':SIZE'");
		P->pos++;
		if (!parse_int32(P, P->pos, 1, VALUE_BYTES_MAX, "access size",
				 &m.size))
			return false;
	}
	if (peek(P) != ']')
		return fail_at(P, P->pos, "expected ']'");
	P->pos++;
	MemRef *a = grow(P->mem, &P->capmem, P->nmem + 1, sizeof *a);
	if (!a)
		return oom(P);
	P->mem = a;
	P->mem[P->nmem++] = m;
	return end_tok(P, "");
}

/* The K of `[comm K]`, after "[comm ": an INT, then `]`. */
static bool parse_comm_index(Parser *P, int64_t *k)
{
	size_t at = P->pos;
	if (!parse_int(P, at, 0, INT_MAX - 1, "operand number", k))
		return false;
	if (peek(P) != ']')
		return fail_at(P, P->pos, "expected ']' after the operand "
					  "number of '[comm'");
	P->pos++;
	return end_tok(P, "");
}

/* [clobber REGSET] {MEMFX} [[of N]] [[mem @R:W]] [[remat]] [[retarg]]
 * [[comm K]] [[deleted]] at the end of an instruction; *del_at = where
 * [deleted] is, *of = N (else 0), *of_at where [of N] is, *comm = K and
 * *comm_at where [comm K] is, *memat = R's core number + 1 (else 0),
 * *memw = W and *mem_at where [mem] is. */
static bool parse_ins_tail(Parser *P, RegSet *clob, int *flags,
			   size_t *del_at, int *of, size_t *of_at, int *comm,
			   size_t *comm_at, int *memat, int *memw,
			   size_t *mem_at)
{
	*clob = 0;
	*flags = 0;
	*of = 0;
	*comm = 0;
	*memat = 0;
	*memw = 0;
	if (is_kw(P, "clobber")) {
		P->pos += 7;
		if (!end_tok(P, ""))
			return false;
		if (peek(P) != '{')
			return fail_at(P, P->pos, "expected register set after "
						  "'clobber'");
		if (!parse_regset(P, clob) || !end_tok(P, ""))
			return false;
	}
	while (peek(P) == '[' && (at_tag(P, "[ld ") || at_tag(P, "[st ") ||
				  at_tag(P, "[wr "))) {
		if (!parse_memref(P))
			return false;
	}
	if (peek(P) == '[' && at_tag(P, "[of ")) {
		*of_at = P->pos;
		P->pos += 4;
		if (!parse_int32(P, P->pos, 1, INT_MAX, "UID", of))
			return false;
		if (peek(P) != ']')
			return fail_at(P, P->pos, "expected ']'");
		P->pos++;
		if (!end_tok(P, ""))
			return false;
	}
	if (peek(P) == '[' && at_tag(P, "[mem @")) {
		*mem_at = P->pos;
		P->pos += 5;
		Op tmp = {0};
		if (!parse_bare_loc(P, &tmp))
			return false;
		if (tmp.loc.kind != LOC_REG || tmp.imm < 1)
			return fail_at(P, *mem_at, "'[mem @R:W]' needs a register "
						   "and a width");
		if (peek(P) != ']')
			return fail_at(P, P->pos, "expected ']'");
		P->pos++;
		*memat = tmp.loc.num + 1;
		*memw = (int)tmp.imm;
		if (!end_tok(P, ""))
			return false;
	}
	if (peek(P) == '[' && at_tag(P, "[remat]")) {
		P->pos += 7;
		*flags |= INS_REMAT;
		if (!end_tok(P, ""))
			return false;
	}
	if (peek(P) == '[' && at_tag(P, "[retarg]")) {
		P->pos += 8;
		*flags |= INS_RETARG;
		if (!end_tok(P, ""))
			return false;
	}
	if (peek(P) == '[' && at_tag(P, "[comm ")) {
		*comm_at = P->pos;
		P->pos += 6;
		int64_t k;
		if (!parse_comm_index(P, &k))
			return false;
		*comm = (int)k;
		*flags |= INS_COMM;
	}
	if (peek(P) == '[' && at_tag(P, "[ptrcopy]")) {
		P->pos += 9;
		*flags |= INS_PTRCOPY;
		if (!end_tok(P, ""))
			return false;
	}
	if (peek(P) == '[' && at_tag(P, "[deleted]")) {
		*del_at = P->pos;
		P->pos += 9;
		*flags |= INS_DELETED;
		if (!end_tok(P, ""))
			return false;
	}
	if (peek(P) == '[')
		return fail_at(P, P->pos, *flags ? "expected '[deleted]'"
						 : "expected '[remat]' or "
						   "'[deleted]'");
	return at_eol(P) || unexpected(P, "");
}

/* Remembers a phi for check_phis. */
static bool note_phi(Parser *P, Ins *i, size_t at)
{
	PhiRef *p = grow(P->phis, &P->capphi, P->nphi + 1, sizeof *p);
	if (!p)
		return oom(P);
	P->phis = p;
	P->phis[P->nphi++] = (PhiRef){i, P->cur->idx, P->line, col_of(P, at)};
	return true;
}

/* Builds the instruction from the parsed parts and appends it. */
static Ins *emit_ins(Parser *P, int kind, int uid, const char *name, int n,
		     RegSet clob, int flags)
{
	Ins *i = ins_new(P->fn, kind, n);
	i->uid = uid;
	i->name = name;
	i->clobbers = clob;
	i->flags = (uint8_t)flags;
	if (n)
		memcpy(i->ops, P->ops, sizeof(Op) * (size_t)n);
	for (int k = 0; k < P->nmem; k++)
		ins_add_mem(P->fn, i, P->mem[k]);
	P->nmem = 0;
	ins_append(P->cur, i);
	return i;
}

/* Locations against the function and the flags: in an allocated
 * function every pseudo operand has one, except on a deleted original
 * instruction, whose operands have none; [deleted] only on an original
 * instruction of an allocated function. */
static bool check_locs(Parser *P, int kind, int uid, int n, int flags,
		       size_t del_at)
{
	bool del = flags & INS_DELETED;
	if (del && !P->fn->allocated)
		return fail_at(P, del_at, "'[deleted]' outside an allocated "
					  "function");
	if (del && (ins_kind_inserted(kind) || uid == 0))
		return fail_at(P, del_at, "'[deleted]' on an instruction "
					  "without a UID");
	for (int k = 0; k < n; k++) {
		const Op *o = &P->ops[k];
		if (del && o->loc.kind != LOC_NONE)
			return fail_at(P, P->opos[k].at, "location on an "
					 "operand of a deleted instruction");
		if (!del && P->fn->allocated && o->kind == OK_PSEUDO &&
		    !o->loc.kind)
			return fail_at(P, P->opos[k].at,
				       "pseudo operand without a location "
				       "in an allocated function");
	}
	return true;
}

/* [UID:] KIND ["NAME"] [OPERAND {, OPERAND}] [clobber REGSET] [[remat]]
 * [[deleted]] */
static bool parse_ins(Parser *P)
{
	size_t at = P->pos, kat = at;
	int uid = 0, kind = IK_ORD, n, flags;
	const char *name = NULL;
	RegSet clob;
	P->nmem = 0;
	if (!parse_ins_head(P, &uid, &kind, &kat))
		return false;
	if (!P->cur)
		return fail_at(P, at, "instruction before the first block");
	if (!check_uid(P, kind, uid, at, kat))
		return false;
	if (kind == IK_PHI && P->cur->last && P->cur->last->kind != IK_PHI)
		return fail_at(P, at, "phi after a non-phi instruction");
	if (peek(P) == '"' && (!parse_fn_string(P, &name) || !end_tok(P, "")))
		return false;
	size_t del_at = 0, of_at = 0, comm_at = 0, mem_at = 0;
	int of = 0, comm = 0, memat = 0, memw = 0;
	if (!parse_ops(P, kind, &n) ||
	    !parse_ins_tail(P, &clob, &flags, &del_at, &of, &of_at, &comm,
			    &comm_at, &memat, &memw, &mem_at) ||
	    !check_locs(P, kind, uid, n, flags, del_at) ||
	    !check_ties(P, n) || !check_shape(P, kind, n, kat))
		return false;
	if ((flags & INS_RETARG) && kind != IK_CALL)
		return fail_at(P, kat, "'[retarg]' on an instruction that is "
				       "not a call");
	if (of && ((kind != IK_REMAT && kind != IK_OPAQUE) ||
		   !P->fn->allocated))
		return fail_at(P, of_at, "'[of UID]' outside an inserted remat "
					 "or opaque of an allocated function");
	if (memat && (!P->fn->allocated || ins_kind_inserted(kind) ||
		      uid == 0 || (flags & INS_DELETED)))
		return fail_at(P, mem_at, "'[mem @R:W]' outside an original "
					  "instruction of an allocated "
					  "function");
	if ((flags & INS_COMM) && !check_comm(P, kind, n, comm, comm_at))
		return false;
	if ((flags & INS_PTRCOPY) && !check_ptrcopy(P, kind, n, kat))
		return false;
	Ins *i = emit_ins(P, kind, uid, name, n, clob, flags);
	i->of = of;
	i->comm = comm;
	i->memat = memat;
	i->memw = memw;
	return kind != IK_PHI || note_phi(P, i, at);
}

/* ------------------------------------------------------------------ */
/* Parser: end of a function                                          */
/* ------------------------------------------------------------------ */

/* Turns label indices in edges, phi sources and entry into block
 * positions; the first label never defined is an error at its first
 * reference. */
static bool resolve_labels(Parser *P)
{
	Fn *fn = P->fn;
	const Label *lab = P->lm.lab;
	for (int i = 0; i < P->lm.nlab; i++)
		if (lab[i].blk < 0)
			return fail_lc(P, lab[i].line, lab[i].col,
				       "undefined block b%d", lab[i].id);
	for (int b = 0; b < fn->nblk; b++)
		for (int k = 0; k < fn->blk[b]->nsucc; k++)
			fn->blk[b]->succ[k].blk = lab[fn->blk[b]->succ[k].blk].blk;
	for (int p = 0; p < P->nphi; p++)
		for (int k = 1; k < P->phis[p].ins->nops; k++) {
			Op *o = &P->phis[p].ins->ops[k];
			o->from = lab[o->from].blk;
		}
	fn->entry = P->entry_label >= 0 ? lab[P->entry_label].blk : 0;
	return true;
}

/* One phi against its block's predecessors, as multisets: cnt (all zero
 * on entry, all zero again on return) counts edges minus sources. */
static bool check_phi(Parser *P, const PhiRef *ph, int *cnt)
{
	const Blk *b = P->fn->blk[ph->blk];
	const Ins *i = ph->ins;
	int nsrc = i->nops - 1, bad = -1;
	if (nsrc != b->npred)
		return fail_lc(P, ph->line, ph->col,
			       "phi has %d sources but b%d has %d "
			       "predecessor edges", nsrc, b->id, b->npred);
	for (int k = 0; k < b->npred; k++)
		cnt[b->pred[k]]++;
	for (int k = 1; k <= nsrc; k++)
		cnt[i->ops[k].from]--;
	for (int k = 1; k <= nsrc; k++)
		if (cnt[i->ops[k].from] < 0 && bad < 0)
			bad = i->ops[k].from;
	for (int k = 0; k < b->npred; k++)
		cnt[b->pred[k]] = 0;
	for (int k = 1; k <= nsrc; k++)
		cnt[i->ops[k].from] = 0;
	if (bad >= 0)
		return fail_lc(P, ph->line, ph->col,
			       "phi sources do not match the predecessor "
			       "edges of b%d (too many from b%d)", b->id,
			       P->fn->blk[bad]->id);
	return true;
}

/* Every phi has exactly one source per predecessor edge. */
static bool check_phis(Parser *P)
{
	if (P->nphi == 0)
		return true;
	int *cnt = calloc((size_t)P->fn->nblk, sizeof *cnt);
	if (!cnt)
		return oom(P);
	bool ok = true;
	for (int p = 0; ok && p < P->nphi; p++)
		ok = check_phi(P, &P->phis[p], cnt);
	free(cnt);
	return ok;
}

/* Moves the finished function into the output file. */
static bool add_fn(Parser *P)
{
	Fn **fns = grow(P->out->fn, &P->capfn, P->out->nfn + 1, sizeof *fns);
	if (!fns)
		return oom(P);
	P->out->fn = fns;
	P->out->fn[P->out->nfn++] = P->fn;
	P->fn = NULL;
	return true;
}

/* end: completes and checks the function. */
static bool parse_end(Parser *P)
{
	size_t at = P->pos;
	P->pos += 3;
	if (!end_tok(P, "") || (!at_eol(P) && !unexpected(P, " after 'end'")))
		return false;
	if (P->fn->nblk == 0 && !P->fn->unsupported)
		return fail_at(P, at, "function '%s' has no blocks",
			       P->fn->name);
	if (!resolve_labels(P))
		return false;
	fn_preds(P->fn);
	return check_phis(P) && add_fn(P);
}

/* ------------------------------------------------------------------ */
/* Parser: driver                                                     */
/* ------------------------------------------------------------------ */

/* One non-blank line inside a function. */
static bool parse_fn_line(Parser *P)
{
	if (is_kw(P, "end"))
		return parse_end(P);
	if (is_kw(P, "func"))
		return fail_at(P, P->pos, "missing 'end' before 'func'");
	if (is_kw(P, "pseudo") || is_kw(P, "slot") || is_kw(P, "entry"))
		return parse_decl(P);
	if (peek(P) == 'b' && is_digit(peek_at(P, 1)))
		return parse_block(P);
	return parse_ins(P);
}

/* The line [bol, eol). */
static bool parse_line(Parser *P)
{
	skip_blank(P);
	if (at_eol(P))
		return true;
	return P->fn ? parse_fn_line(P) : parse_func(P);
}

/* Position just after the last byte, where a missing 'end' is reported. */
static void eof_pos(const Parser *P, int *line, int *col)
{
	if (P->len == 0 || P->s[P->len - 1] == '\n') {
		*line = P->line;
		*col = 1;
	} else {
		*line = P->line - 1;
		*col = clamp_int(P->len - P->bol + 1);
	}
}

static bool parse_all(Parser *P)
{
	while (P->pos < P->len) {
		const char *nl = memchr(P->s + P->pos, '\n', P->len - P->pos);
		P->bol = P->pos;
		P->eol = nl ? (size_t)(nl - P->s) : P->len;
		if (!parse_line(P))
			return false;
		if (P->line == INT_MAX)
			return fail_at(P, P->eol, "too many lines");
		P->line++;
		P->pos = P->eol + 1;
	}
	if (P->fn) {
		int line, col;
		eof_pos(P, &line, &col);
		return fail_lc(P, line, col, "missing 'end' of function '%s'",
			       P->fn->name);
	}
	return true;
}

bool ir_parse(const char *path, const char *text, size_t len,
	      const Target *t, IrFile *out, IrError *err)
{
	IrError spare;
	Parser P = {
		.path = path ? path : "<input>",
		.s = text,
		.len = text ? len : 0,
		.line = 1,
		.t = t,
		.err = err ? err : &spare,
		.out = out,
		.entry_label = -1,
	};
	out->nfn = 0;
	out->fn = NULL;
	P.err->msg[0] = 0;
	P.err->line = P.err->col = 0;
	bool ok = parse_all(&P);
	fn_free(P.fn);
	if (!ok)
		irfile_free(out);
	free(P.lm.lab);
	free(P.lm.cell);
	free(P.ops);
	free(P.opos);
	free(P.phis);
	free(P.mem);
	free(P.sbuf);
	return ok;
}

/* Reads all of f into a malloc'ed buffer; false on a read error or out of
 * memory (errno says which). */
static bool read_all(FILE *f, char **buf, size_t *len)
{
	size_t cap = 1 << 16, n = 0;
	char *b = malloc(cap);
	if (!b)
		return false;
	for (;;) {
		n += fread(b + n, 1, cap - n, f);
		if (n < cap)
			break;
		char *nb = cap <= SIZE_MAX / 2 ? realloc(b, cap * 2) : NULL;
		if (!nb) {
			free(b);
			errno = ENOMEM;
			return false;
		}
		b = nb;
		cap *= 2;
	}
	if (ferror(f)) {
		free(b);
		errno = errno ? errno : EIO;
		return false;
	}
	*buf = b;
	*len = n;
	return true;
}

bool ir_parse_file(const char *path, const Target *t, IrFile *out,
		   IrError *err)
{
	bool std = strcmp(path, "-") == 0;
	const char *name = std ? "<stdin>" : path;
	char *buf = NULL;
	size_t len = 0;
	out->nfn = 0;
	out->fn = NULL;
	errno = 0;
	FILE *f = std ? stdin : fopen(path, "rb");
	bool ok = f && read_all(f, &buf, &len);
	int e = errno;
	if (f && !std)
		fclose(f);
	if (!ok) {
		snprintf(err->msg, sizeof err->msg, "%s: error: %s", name,
			 strerror(e ? e : EIO));
		err->line = err->col = 0;
		return false;
	}
	ok = ir_parse(name, buf, len, t, out, err);
	free(buf);
	return ok;
}
