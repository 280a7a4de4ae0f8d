/* irparse.c - the IR text format's parser (docs/IR.md; see irtext.h):
 * functions, declarations, blocks, instructions, the end of a function,
 * and the driver; tokens and operands are in irparse_lex.c and
 * irparse_ops.c, the shared state in irparse.h.
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
#include "irparse.h"

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
	char *b = n < INT_MAX ? irp_grow(P->sbuf, &P->capsbuf, (int)n + 1, 1)
			      : NULL;
	if (!b)
		return irp_oom(P);
	P->sbuf = b;
	memcpy(b, P->s + at, n);
	b[n] = 0;
	P->fn = fn_new(b, P->t);
	P->cur = NULL;
	P->entry_label = -1;
	P->nphi = 0;
	irp_label_reset(&P->lm);
	return true;
}

/* Reads the function attributes after the name: fp, allocated, gcc
 * (only with allocated), unsupported STRING, each at most once, in any
 * order. */
static bool parse_fn_attrs(Parser *P)
{
	bool fp = false, alloc = false, gcc = false;
	size_t gcc_at = 0;
	while (!irp_at_eol(P)) {
		size_t at = P->pos;
		if (irp_is_kw(P, "fp") || irp_is_kw(P, "allocated") ||
		    irp_is_kw(P, "gcc")) {
			bool *seen = irp_is_kw(P, "fp")	   ? &fp
				     : irp_is_kw(P, "gcc") ? &gcc
						       : &alloc;
			if (*seen)
				return irp_fail_at(
					P, at, "duplicate attribute '%s'",
					seen == &fp    ? "fp"
					: seen == &gcc ? "gcc"
						       : "allocated");
			*seen = true;
			if (seen == &gcc)
				gcc_at = at;
			P->pos += irp_word_len(P);
		} else if (irp_is_kw(P, "memfx") || irp_is_kw(P, "escapes") ||
			   irp_is_kw(P, "fescapes") || irp_is_kw(P, "avx512")) {
			bool *seen = irp_is_kw(P, "memfx")     ? &P->fn->memfx
				     : irp_is_kw(P, "escapes") ? &P->fn->escapes
				     : irp_is_kw(P, "avx512")  ? &P->fn->avx512
							   : &P->fn->frame_escapes;
			if (*seen)
				return irp_fail_at(
					P, at,
					"duplicate attribute "
					"'%s'",
					seen == &P->fn->memfx     ? "memfx"
					: seen == &P->fn->escapes ? "escapes"
					: seen == &P->fn->avx512  ? "avx512"
								  : "fescapes");
			*seen = true;
			P->pos += irp_word_len(P);
		} else if (P->eol - P->pos > 6 &&
			   memcmp(P->s + P->pos, "fixed=", 6) == 0) {
			if (P->fn->fixed)
				return irp_fail_at(P, at,
						   "duplicate attribute "
						   "'fixed'");
			P->pos += 6;
			if (peek(P) != '{')
				return irp_fail_at(P, P->pos,
						   "expected '{' after "
						   "'fixed='");
			if (!irp_parse_regset(P, &P->fn->fixed))
				return false;
			if (!P->fn->fixed)
				return irp_fail_at(P, at,
						   "'fixed={}' names no "
						   "register");
		} else if (P->eol - P->pos > 9 &&
			   memcmp(P->s + P->pos, "frameoff=", 9) == 0) {
			if (P->fn->has_frame_off)
				return irp_fail_at(P, at,
						   "duplicate attribute "
						   "'frameoff'");
			P->pos += 9;
			if (!irp_parse_int(P, P->pos, -(INT64_C(1) << 40),
					   INT64_C(1) << 40, "frame offset",
					   &P->fn->frame_off))
				return false;
			P->fn->has_frame_off = true;
		} else if (irp_is_kw(P, "unsupported")) {
			if (P->fn->unsupported)
				return irp_fail_at(P, at,
						   "duplicate attribute "
						   "'unsupported'");
			P->pos += irp_word_len(P);
			if (!irp_end_tok(P, ""))
				return false;
			if (peek(P) != '"')
				return irp_fail_at(P, P->pos,
						   "expected string "
						   "after 'unsupported'");
			if (!irp_parse_fn_string(P, &P->fn->unsupported))
				return false;
		} else if (irp_word_len(P)) {
			return irp_fail_at(P, at,
					   "unknown function attribute '%.*s'",
					   (int)(irp_word_len(P) < WORD_SHOW_MAX
							 ? irp_word_len(P)
							 : WORD_SHOW_MAX),
					   P->s + at);
		} else {
			return irp_unexpected(P, "");
		}
		if (!irp_end_tok(P, ""))
			return false;
	}
	if (gcc && !alloc)
		return irp_fail_at(P, gcc_at, "'gcc' needs 'allocated'");
	P->fn->frame_pointer = fp;
	P->fn->allocated = alloc;
	P->fn->by_gcc = gcc;
	return true;
}

/* func NAME [fp] [allocated] [gcc] [unsupported STRING] */
static bool parse_func(Parser *P)
{
	if (!irp_is_kw(P, "func"))
		return irp_fail_at(P, P->pos, "expected 'func'");
	P->pos += 4;
	if (!irp_end_tok(P, ""))
		return false;
	size_t at = P->pos, n = irp_run_len(P, is_name_byte);
	if (n == 0)
		return irp_at_eol(P)
			       ? irp_fail_at(P, at, "expected function name")
			       : irp_unexpected(P, "");
	P->pos += n;
	if (!irp_end_tok(P, "") || !begin_fn(P, at, n))
		return false;
	return parse_fn_attrs(P);
}

/* pseudo pN CLASS SIZE */
static bool parse_pseudo_decl(Parser *P)
{
	size_t at = P->pos;
	int p, size;
	if (peek(P) != 'p' || !is_digit(peek_at(P, 1)))
		return irp_fail_at(P, at, "expected pseudo name (pN)");
	P->pos++;
	if (!irp_parse_int32(P, at, 0, PSEUDO_MAX, "pseudo number", &p) ||
	    !irp_end_tok(P, ""))
		return false;
	Fn *fn = P->fn;
	if (p < fn->npseudo && fn->pseudo[p].cls >= 0)
		return irp_fail_at(P, at, "pseudo p%d redeclared", p);
	size_t cat = P->pos, w = irp_word_len(P);
	int cls = target_class_by_name(P->t, P->s + cat, irp_lookup_len(w));
	if (w == 0)
		return irp_fail_at(P, cat, "expected register class");
	if (cls < 0)
		return irp_fail_at(P, cat, "unknown register class '%.*s'",
				   (int)(w < WORD_SHOW_MAX ? w : WORD_SHOW_MAX),
				   P->s + cat);
	P->pos += w;
	if (!irp_end_tok(P, "") ||
	    !irp_parse_int32(P, P->pos, 1, VALUE_BYTES_MAX, "pseudo size",
			     &size))
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
		return irp_fail_at(P, at, "expected slot name (sN)");
	P->pos++;
	if (!irp_parse_int32(P, at, 0, SLOT_MAX, "slot number", &s) ||
	    !irp_end_tok(P, ""))
		return false;
	if (s < P->fn->nslot && P->fn->slot[s].size)
		return irp_fail_at(P, at, "slot s%d redeclared", s);
	if (!irp_parse_int32(P, P->pos, 1, VALUE_BYTES_MAX, "slot size",
			     &size) ||
	    !irp_end_tok(P, " in slot declaration"))
		return false;
	fn_declare_slot(P->fn, s, size);
	if (irp_is_kw(P, "off") && peek_at(P, 3) == '=') {
		int64_t off;
		P->pos += 4;
		if (!irp_parse_int(P, P->pos, -((int64_t)1 << 40),
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
		return irp_fail_at(P, kw_at, "entry redeclared");
	return irp_parse_blockref(P, &P->entry_label);
}

/* pseudo / slot / entry: only before the first block, so that every
 * operand can be checked against complete declarations as it is read. */
static bool parse_decl(Parser *P)
{
	size_t at = P->pos, w = irp_word_len(P);
	char k = P->s[at];
	if (P->fn->nblk)
		return irp_fail_at(P, at, "declaration after the first block");
	P->pos += w;
	if (!irp_end_tok(P, ""))
		return false;
	bool ok = k == 'p'   ? parse_pseudo_decl(P)
		  : k == 's' ? parse_slot_decl(P)
			     : parse_entry_decl(P, at);
	if (!ok || !irp_end_tok(P, ""))
		return false;
	return irp_at_eol(P) || irp_unexpected(P, "");
}

/* ------------------------------------------------------------------ */
/* Parser: blocks                                                     */
/* ------------------------------------------------------------------ */

/* Reads "NAME=INT" for a block attribute if the cursor is on NAME=; the
 * attribute is optional, so anything else is left for the caller. */
static bool parse_blk_attr(Parser *P, const char *name, int *v)
{
	size_t n = strlen(name);
	if (!irp_is_kw(P, name) || peek_at(P, n) != '=')
		return true;
	P->pos += n + 1;
	return irp_parse_int32(P, P->pos, 0, INT_MAX, name, v) &&
	       irp_end_tok(P, " in block header");
}

/* Reads "-> bX[!abnormal|!eh|!abcall] ..." (the cursor is on "->"). */
static bool parse_succs(Parser *P, Blk *b)
{
	P->pos += 2;
	if (!irp_end_tok(P, " in block header"))
		return false;
	if (irp_at_eol(P))
		return irp_fail_at(P, P->pos,
				   "expected block label after '->'");
	while (!irp_at_eol(P)) {
		int lab, flags = 0;
		if (!irp_parse_blockref(P, &lab))
			return false;
		if (peek(P) == '!') {
			P->pos++;
			if (irp_is_kw(P, "abnormal")) {
				P->pos += 8;
				flags = EF_ABNORMAL;
			} else if (irp_is_kw(P, "eh")) {
				P->pos += 2;
				flags = EF_ABNORMAL | EF_EH;
			} else if (irp_is_kw(P, "abcall")) {
				P->pos += 6;
				flags = EF_ABNORMAL | EF_ABCALL;
			} else {
				return irp_fail_at(P, P->pos - 1,
						   "unknown edge flag");
			}
		}
		if (!irp_end_tok(P, " in block header"))
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
	if (!irp_parse_int32(P, at, 0, INT_MAX, "block number", &id))
		return false;
	if (peek(P) != ':')
		return irp_fail_at(P, P->pos, "expected ':' after block label");
	P->pos++;
	if ((lab = irp_label_get(P, id, at)) < 0)
		return false;
	if (P->lm.lab[lab].blk >= 0)
		return irp_fail_at(P, at, "block b%d redeclared", id);
	Blk *b = fn_add_block(P->fn, id);
	P->lm.lab[lab].blk = b->idx;
	P->cur = b;
	if (!irp_end_tok(P, " in block header") ||
	    !parse_blk_attr(P, "freq", &b->freq) ||
	    !parse_blk_attr(P, "depth", &b->depth))
		return false;
	if (peek(P) == '-' && peek_at(P, 1) == '>' && !parse_succs(P, b))
		return false;
	return irp_at_eol(P) || irp_unexpected(P, " in block header");
}

/* ------------------------------------------------------------------ */
/* Parser: instructions                                               */
/* ------------------------------------------------------------------ */

/* [UID:] KIND: fills *uid, *kind and the kind's offset *kat. */
static bool parse_ins_head(Parser *P, int *uid, int *kind, size_t *kat)
{
	*uid = 0;
	if (is_digit(peek(P))) {
		if (!irp_parse_int32(P, P->pos, 1, INT_MAX, "UID", uid))
			return false;
		if (peek(P) != ':')
			return irp_fail_at(P, P->pos, "expected ':' after UID");
		P->pos++;
		irp_skip_blank(P);
	}
	size_t w = irp_word_len(P);
	*kat = P->pos;
	if (w == 0)
		return irp_unexpected(P, "");
	*kind = ins_kind_by_name(P->s + P->pos, irp_lookup_len(w));
	if (*kind < 0)
		return irp_fail_at(P, *kat, "unknown instruction kind '%.*s'",
				   (int)(w < WORD_SHOW_MAX ? w : WORD_SHOW_MAX),
				   P->s + P->pos);
	P->pos += w;
	return irp_end_tok(P, "");
}

/* Whether the cursor is on the bracketed tag (e.g. "[remat]"). */
static bool at_tag(const Parser *P, const char *tag)
{
	size_t n = strlen(tag);
	return P->eol - P->pos >= n && memcmp(P->s + P->pos, tag, n) == 0;
}


/* One memory access "[ld|st|wr ADDR:SIZE]", "[wr %sp]", "[wr *]" or "[rd *]" (the cursor on
 * '['), ADDR $SYMBOL[+-INT], %argp[+-INT] or %frame[+-INT]; appended to
 * P->mem. */
static bool parse_memref(Parser *P)
{
	MemRef m = {0};
	m.kind = P->s[P->pos + 1] == 'l'   ? MR_LD
		 : P->s[P->pos + 1] == 's' ? MR_ST
		 : P->s[P->pos + 1] == 'r' ? MR_RD
					   : MR_WR;
	P->pos += 4;
	size_t at = P->pos;
	if (m.kind == MR_RD && peek(P) != '*')
		return irp_fail_at(P, at, "'[rd' only as '[rd *]'");
	if (peek(P) == '*') {
		if (m.kind != MR_WR && m.kind != MR_RD)
			return irp_fail_at(P, at, "'*' only in '[wr *]' and "
						  "'[rd *]'");
		P->pos++;
		m.base = MB_ANY;
	} else if (P->eol - P->pos >= 4 && !memcmp(P->s + P->pos, "%sp]", 4)) {
		if (m.kind != MR_WR)
			return irp_fail_at(P, at, "'%%sp' only in '[wr %%sp]'");
		P->pos += 3;
		m.base = MB_STACK;
	} else {
		if (peek(P) == 'p' && is_digit(peek_at(P, 1))) {
			int64_t r;
			P->pos++;
			if (m.kind != MR_WR)
				return irp_fail_at(P, at, "a pseudo address "
							  "only in '[wr'");
			if (!irp_parse_int(P, at, 0, INT_MAX, "pseudo", &r))
				return false;
			if (r >= P->fn->npseudo || P->fn->pseudo[r].cls < 0)
				return irp_fail_at(P, at, "undeclared pseudo");
			m.base = MB_REG;
			m.reg = (int)r;
		}
		if (m.base == MB_REG) {
			if (!irp_parse_offset(P, at, "offset", &m.off))
				return false;
		} else if (peek(P) == '$' && irp_is_sym_start(peek_at(P, 1))) {
			Op k = {0};
			P->pos++;
			if (!irp_parse_symbol(P, at, &k))
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
				return irp_fail_at(P, at,
						   "expected '$SYMBOL', "
						   "'%%argp', '%%frame', "
						   "'%%sp' or '*'");
			}
			if (!irp_parse_offset(P, at, "offset", &m.off))
				return false;
		}
		if (peek(P) != ':')
			return irp_fail_at(P, P->pos, "expected ':SIZE'");
		P->pos++;
		if (!irp_parse_int32(P, P->pos, 1, VALUE_BYTES_MAX,
				     "access size", &m.size))
			return false;
	}
	if (peek(P) != ']')
		return irp_fail_at(P, P->pos, "expected ']'");
	P->pos++;
	MemRef *a = irp_grow(P->mem, &P->capmem, P->nmem + 1, sizeof *a);
	if (!a)
		return irp_oom(P);
	P->mem = a;
	P->mem[P->nmem++] = m;
	return irp_end_tok(P, "");
}

/* The K of `[comm K]` or `[mirror K]` (tag), after the tag and a space:
 * an INT, then `]`. */
static bool parse_comm_index(Parser *P, int64_t *k, const char *tag)
{
	size_t at = P->pos;
	if (!irp_parse_int(P, at, 0, INT_MAX - 1, "operand number", k))
		return false;
	if (peek(P) != ']')
		return irp_fail_at(P, P->pos,
				   "expected ']' after the operand "
				   "number of '%s'",
				   tag);
	P->pos++;
	return irp_end_tok(P, "");
}

/* [clobber REGSET] {MEMFX} [[of N]] [[mem @R:W]] [[remat]] [[retarg]]
 * [[twice]] [[pure]] [[comm K] | [mirror K]] [[deleted]] at the end of an
 * instruction; *del_at = where [deleted] is, *of = N (else 0), *of_at
 * where [of N] is, *comm = K and *comm_at where [comm K] or [mirror K]
 * is, *memat = R's core number + 1 (else 0),
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
	if (irp_is_kw(P, "clobber")) {
		P->pos += 7;
		if (!irp_end_tok(P, ""))
			return false;
		if (peek(P) != '{')
			return irp_fail_at(P, P->pos,
					   "expected register set after "
					   "'clobber'");
		if (!irp_parse_regset(P, clob) || !irp_end_tok(P, ""))
			return false;
	}
	while (peek(P) == '[' && (at_tag(P, "[ld ") || at_tag(P, "[st ") ||
				  at_tag(P, "[wr ") || at_tag(P, "[rd "))) {
		if (!parse_memref(P))
			return false;
	}
	if (peek(P) == '[' && at_tag(P, "[of ")) {
		*of_at = P->pos;
		P->pos += 4;
		if (!irp_parse_int32(P, P->pos, 1, INT_MAX, "UID", of))
			return false;
		if (peek(P) != ']')
			return irp_fail_at(P, P->pos, "expected ']'");
		P->pos++;
		if (!irp_end_tok(P, ""))
			return false;
	}
	if (peek(P) == '[' && at_tag(P, "[mem @")) {
		*mem_at = P->pos;
		P->pos += 5;
		Op tmp = {0};
		if (!irp_parse_bare_loc(P, &tmp))
			return false;
		if (tmp.loc.kind != LOC_REG || tmp.imm < 1)
			return irp_fail_at(P, *mem_at,
					   "'[mem @R:W]' needs a register "
					   "and a width");
		if (peek(P) != ']')
			return irp_fail_at(P, P->pos, "expected ']'");
		P->pos++;
		*memat = tmp.loc.num + 1;
		*memw = (int)tmp.imm;
		if (!irp_end_tok(P, ""))
			return false;
	}
	if (peek(P) == '[' && at_tag(P, "[remat]")) {
		P->pos += 7;
		*flags |= INS_REMAT;
		if (!irp_end_tok(P, ""))
			return false;
	}
	if (peek(P) == '[' && at_tag(P, "[retarg]")) {
		P->pos += 8;
		*flags |= INS_RETARG;
		if (!irp_end_tok(P, ""))
			return false;
	}
	if (peek(P) == '[' && at_tag(P, "[twice]")) {
		P->pos += 7;
		*flags |= INS_TWICE;
		if (!irp_end_tok(P, ""))
			return false;
	}
	if (peek(P) == '[' && at_tag(P, "[pure]")) {
		P->pos += 6;
		*flags |= INS_PURE;
		if (!irp_end_tok(P, ""))
			return false;
	}
	if (peek(P) == '[' && at_tag(P, "[comm ")) {
		*comm_at = P->pos;
		P->pos += 6;
		int64_t k;
		if (!parse_comm_index(P, &k, "[comm"))
			return false;
		*comm = (int)k;
		*flags |= INS_COMM;
	} else if (peek(P) == '[' && at_tag(P, "[mirror ")) {
		*comm_at = P->pos;
		P->pos += 8;
		int64_t k;
		if (!parse_comm_index(P, &k, "[mirror"))
			return false;
		*comm = (int)k;
		*flags |= INS_MIRROR;
	}
	if (peek(P) == '[' && at_tag(P, "[ptrcopy]")) {
		P->pos += 9;
		*flags |= INS_PTRCOPY;
		if (!irp_end_tok(P, ""))
			return false;
	}
	if (peek(P) == '[' && at_tag(P, "[xcopy]")) {
		P->pos += 7;
		*flags |= INS_XCOPY;
		if (!irp_end_tok(P, ""))
			return false;
	}
	if (peek(P) == '[' && at_tag(P, "[deleted]")) {
		*del_at = P->pos;
		P->pos += 9;
		*flags |= INS_DELETED;
		if (!irp_end_tok(P, ""))
			return false;
	}
	if (peek(P) == '[')
		return irp_fail_at(P, P->pos,
				   *flags ? "expected '[deleted]'"
					  : "expected '[remat]' or "
					    "'[deleted]'");
	return irp_at_eol(P) || irp_unexpected(P, "");
}

/* Remembers a phi for check_phis. */
static bool note_phi(Parser *P, Ins *i, size_t at)
{
	PhiRef *p = irp_grow(P->phis, &P->capphi, P->nphi + 1, sizeof *p);
	if (!p)
		return irp_oom(P);
	P->phis = p;
	P->phis[P->nphi++] =
		(PhiRef){i, P->cur->idx, P->line, irp_col_of(P, at)};
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
	i->flags = (uint16_t)flags;
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
		return irp_fail_at(P, del_at,
				   "'[deleted]' outside an allocated "
				   "function");
	if (del && (ins_kind_inserted(kind) || uid == 0))
		return irp_fail_at(P, del_at,
				   "'[deleted]' on an instruction "
				   "without a UID");
	for (int k = 0; k < n; k++) {
		const Op *o = &P->ops[k];
		if (del && o->loc.kind != LOC_NONE)
			return irp_fail_at(P, P->opos[k].at,
					   "location on an "
					   "operand of a deleted instruction");
		if (!del && P->fn->allocated && o->kind == OK_PSEUDO &&
		    !o->loc.kind)
			return irp_fail_at(P, P->opos[k].at,
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
		return irp_fail_at(P, at, "instruction before the first block");
	if (!irp_check_uid(P, kind, uid, at, kat))
		return false;
	if (kind == IK_PHI && P->cur->last && P->cur->last->kind != IK_PHI)
		return irp_fail_at(P, at, "phi after a non-phi instruction");
	if (peek(P) == '"' &&
	    (!irp_parse_fn_string(P, &name) || !irp_end_tok(P, "")))
		return false;
	size_t del_at = 0, of_at = 0, comm_at = 0, mem_at = 0;
	int of = 0, comm = 0, memat = 0, memw = 0;
	if (!irp_parse_ops(P, kind, &n) ||
	    !parse_ins_tail(P, &clob, &flags, &del_at, &of, &of_at, &comm,
			    &comm_at, &memat, &memw, &mem_at) ||
	    !check_locs(P, kind, uid, n, flags, del_at) ||
	    !irp_check_ties(P, n) || !irp_check_shape(P, kind, n, kat))
		return false;
	if ((flags & INS_RETARG) && kind != IK_CALL)
		return irp_fail_at(P, kat,
				   "'[retarg]' on an instruction that is "
				   "not a call");
	if ((flags & INS_TWICE) && kind != IK_CALL)
		return irp_fail_at(P, kat,
				   "'[twice]' on an instruction that is "
				   "not a call");
	if ((flags & INS_PURE) && kind != IK_CALL)
		return irp_fail_at(P, kat,
				   "'[pure]' on an instruction that is "
				   "not a call");
	if (of && ((kind != IK_REMAT && kind != IK_OPAQUE) ||
		   !P->fn->allocated))
		return irp_fail_at(P, of_at,
				   "'[of UID]' outside an inserted remat "
				   "or opaque of an allocated function");
	if (memat && (!P->fn->allocated || ins_kind_inserted(kind) ||
		      uid == 0 || (flags & INS_DELETED)))
		return irp_fail_at(P, mem_at,
				   "'[mem @R:W]' outside an original "
				   "instruction of an allocated "
				   "function");
	if ((flags & (INS_COMM | INS_MIRROR)) &&
	    !irp_check_comm(P, kind, n, comm, comm_at,
			    flags & INS_COMM ? "[comm" : "[mirror"))
		return false;
	if ((flags & INS_PTRCOPY) && !irp_check_ptrcopy(P, kind, n, kat))
		return false;
	if ((flags & INS_XCOPY) && !irp_check_xcopy(P, kind, n, kat))
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
			return irp_fail_lc(P, lab[i].line, lab[i].col,
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
		return irp_fail_lc(P, ph->line, ph->col,
				   "phi has %d sources but b%d has %d "
				   "predecessor edges",
				   nsrc, b->id, b->npred);
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
		return irp_fail_lc(P, ph->line, ph->col,
				   "phi sources do not match the predecessor "
				   "edges of b%d (too many from b%d)",
				   b->id, P->fn->blk[bad]->id);
	return true;
}

/* Every phi has exactly one source per predecessor edge. */
static bool check_phis(Parser *P)
{
	if (P->nphi == 0)
		return true;
	int *cnt = calloc((size_t)P->fn->nblk, sizeof *cnt);
	if (!cnt)
		return irp_oom(P);
	bool ok = true;
	for (int p = 0; ok && p < P->nphi; p++)
		ok = check_phi(P, &P->phis[p], cnt);
	free(cnt);
	return ok;
}

/* Moves the finished function into the output file. */
static bool add_fn(Parser *P)
{
	Fn **fns =
		irp_grow(P->out->fn, &P->capfn, P->out->nfn + 1, sizeof *fns);
	if (!fns)
		return irp_oom(P);
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
	if (!irp_end_tok(P, "") ||
	    (!irp_at_eol(P) && !irp_unexpected(P, " after 'end'")))
		return false;
	if (P->fn->nblk == 0 && !P->fn->unsupported)
		return irp_fail_at(P, at, "function '%s' has no blocks",
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
	if (irp_is_kw(P, "end"))
		return parse_end(P);
	if (irp_is_kw(P, "func"))
		return irp_fail_at(P, P->pos, "missing 'end' before 'func'");
	if (irp_is_kw(P, "pseudo") || irp_is_kw(P, "slot") ||
	    irp_is_kw(P, "entry"))
		return parse_decl(P);
	if (peek(P) == 'b' && is_digit(peek_at(P, 1)))
		return parse_block(P);
	return parse_ins(P);
}

/* The line [bol, eol). */
static bool parse_line(Parser *P)
{
	irp_skip_blank(P);
	if (irp_at_eol(P))
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
		*col = irp_clamp_int(P->len - P->bol + 1);
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
			return irp_fail_at(P, P->eol, "too many lines");
		P->line++;
		P->pos = P->eol + 1;
	}
	if (P->fn) {
		int line, col;
		eof_pos(P, &line, &col);
		return irp_fail_lc(P, line, col,
				   "missing 'end' of function '%s'",
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
