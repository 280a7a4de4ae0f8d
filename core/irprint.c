/* irprint.c - the IR text format's printer (docs/IR.md; see irtext.h):
 * functions and register sets in canonical form, the form the parser
 * (irparse.c) reads back.  Requires nothing but the core IR (ir.h). */
#include "irtext.h"

#include <inttypes.h>
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
	if (r >= R_XMM16 && r <= R_XMM31)
		return 3;
	if (r >= R_K0 && r <= R_K7)
		return 4;
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
	for (int r = 0; r < TGT_NREGS; r++) {
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
		fprintf(f, (o->flags & OF_SOFT) ? " ^~%d" : " ^%d", o->tie);
	if (o->flags & OF_MEM)
		fputs(" mem", f);
	else if (o->flags & OF_MEMALT)
		fputs(" memalt", f);
	if (o->kind != OK_LOC && o->loc.kind != LOC_NONE) {
		fputs(" @", f);
		print_loc(f, fn, o->loc);
	}
	if (o->flags & OF_WORD)
		fputs(" alone", f);
}

/* Writes " [ld $s+8:4]", " [st %argp+16:8]", " [wr %frame-8:4]",
 * " [wr %sp]", " [wr *]" or " [rd *]". */
static void print_memref(FILE *f, const MemRef *m)
{
	static const char *const kinds[] = {"ld", "st", "wr", "rd"};
	fprintf(f, " [%s ", m->kind <= MR_RD ? kinds[m->kind] : "?");
	if (m->base == MB_ANY || m->base == MB_STACK) {
		fputs(m->base == MB_ANY ? "*]" : "%sp]", f);
		return;
	}
	if (m->base == MB_REG)
		fprintf(f, "p%d", m->reg);
	else
		fputs(m->base == MB_SYM    ? "$"
		      : m->base == MB_ARGP ? "%argp"
					   : "%frame",
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
	if (i->flags & INS_TWICE)
		fputs(" [twice]", f);
	if (i->flags & INS_PURE)
		fputs(" [pure]", f);
	if (i->flags & INS_COMM)
		fprintf(f, " [comm %d]", i->comm);
	else if (i->flags & INS_MIRROR)
		fprintf(f, " [mirror %d]", i->comm);
	if (i->flags & INS_PTRCOPY)
		fputs(" [ptrcopy]", f);
	if (i->flags & INS_XCOPY)
		fputs(" [xcopy]", f);
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
		if (b->succ[k].flags & EF_EH)
			fputs("!eh", f);
		else if (b->succ[k].flags & EF_ABCALL)
			fputs("!abcall", f);
		else if (b->succ[k].flags & EF_ABNORMAL)
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
	if (fn->avx512)
		fputs(" avx512", f);
	if (fn->fixed) {
		fputs(" fixed=", f);
		regset_print(f, fn->target, fn->fixed);
	}
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

