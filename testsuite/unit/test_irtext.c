/* test_irtext.c - the IR text printer and parser (docs/IR.md).
 *
 * Expectations are written by hand from the spec: struct fields for a
 * parsed text, canonical texts for printed functions, FILE:LINE:COL
 * prefixes for malformed texts.  Robustness cases (truncation, random
 * bytes, mutations) only demand a clean answer, and a round trip when the
 * parser accepts.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "irtext.h"

/* ------------------------------------------------------------------ */
/* Helpers                                                            */
/* ------------------------------------------------------------------ */

/* Parses len bytes from an exactly sized heap copy, so that
 * AddressSanitizer or valgrind sees any read past the end. */
static bool parse_exact(const char *text, size_t len, IrFile *out,
			IrError *err)
{
	char *copy = malloc(len ? len : 1);
	if (!copy)
		return false;
	memcpy(copy, text, len);
	bool ok = ir_parse("<test>", copy, len, target_x86_64(), out, err);
	free(copy);
	return ok;
}

/* All functions of f printed back to back (malloc'ed). */
static char *print_file(const IrFile *f)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	if (!m)
		return NULL;
	for (int i = 0; i < f->nfn; i++)
		ir_print(m, f->fn[i]);
	fclose(m);
	return buf;
}

/* Prints f, re-parses the print, and checks that the result is equal and
 * prints identically.  Returns the print (caller frees) or NULL. */
static char *check_roundtrip(const IrFile *f, const char *file, int line)
{
	IrFile g;
	IrError err;
	char why[256];
	char *t1 = print_file(f);
	if (!t_check(t1 != NULL, file, line, "print failed"))
		return NULL;
	if (!t_check(parse_exact(t1, strlen(t1), &g, &err), file, line,
		     "printed text does not parse: %s\n%s", err.msg, t1)) {
		free(t1);
		return NULL;
	}
	t_check(g.nfn == f->nfn, file, line, "function count %d vs %d",
		g.nfn, f->nfn);
	for (int i = 0; i < f->nfn && i < g.nfn; i++)
		t_check(fn_equal(f->fn[i], g.fn[i], why, sizeof why), file,
			line, "re-parse differs: %s\n%s", why, t1);
	char *t2 = print_file(&g);
	t_check(t2 && strcmp(t1, t2) == 0, file, line,
		"second print differs:\n%s\n---\n%s", t1, t2 ? t2 : "");
	free(t2);
	irfile_free(&g);
	return t1;
}

#define CHECK_ROUNDTRIP(f) free(check_roundtrip((f), __FILE__, __LINE__))

/* Parses text and, if it is accepted, checks its round trip; if it is
 * rejected, checks the message has the FILE:LINE:COL: error: shape.
 * Returns whether it was accepted. */
static bool check_clean(const char *text, size_t len, const char *file,
			int line)
{
	IrFile f;
	IrError err;
	if (parse_exact(text, len, &f, &err)) {
		CHECK_ROUNDTRIP(&f);
		irfile_free(&f);
		return true;
	}
	char want[64];
	snprintf(want, sizeof want, "<test>:%d:%d: error: ", err.line,
		 err.col);
	t_check(err.line >= 1 && err.col >= 1 &&
			strncmp(err.msg, want, strlen(want)) == 0 &&
			err.msg[strlen(want)] != 0,
		file, line, "malformed error message '%s'", err.msg);
	t_check(f.nfn == 0 && f.fn == NULL, file, line,
		"rejected parse left functions behind");
	return false;
}

/* The n-th instruction of b (0-based), or NULL. */
static const Ins *nth(const Blk *b, int n)
{
	const Ins *i = b->first;
	while (i && n--)
		i = i->next;
	return i;
}

/* Register set printed to a string. */
static void regset_str(RegSet s, char *buf, size_t n)
{
	FILE *m = fmemopen(buf, n, "w");
	if (!m) {
		buf[0] = 0;
		return;
	}
	regset_print(m, target_x86_64(), s);
	fclose(m);
}

/* Deterministic pseudo-random numbers (xorshift64), so that failures
 * reproduce. */
static uint64_t rng_state;
static uint64_t rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

#define CHECK_OP(o, k, fl, r)                    \
	do {                                     \
		CHECK_INT((o)->kind, (k));       \
		CHECK_INT((o)->flags, (fl));     \
		CHECK_INT((o)->reg, (r));        \
	} while (0)

/* ------------------------------------------------------------------ */
/* (1) Every construct, checked field by field                        */
/* ------------------------------------------------------------------ */

static const char every_text[] =
	"# Every construct of the format.\n"
	"func every fp\n"
	"  pseudo p100 gpr 8\n"
	"  pseudo p101 gpr 4\n"
	"  pseudo p102 sse 16\n"
	"  pseudo p103 gpr 16\n"
	"  pseudo p104 gpr 8\n"
	"  entry b5\n"
	"b2: freq=900 depth=1 -> b2 b3\n"
	"  30: phi =p104, p104 from b2, p100 from b5\n"
	"  31: phi =p101, p101 from b5, p101 from b2\n"
	"  32: ord \"*addsi_1\" =p101, p101 ^0, $-7 clobber {flags}\n"
	"  33: ord \"*lea\" =p104, $sym.x+16\n"
	"  34: ord \"*cmp\" =%flags, p104[0,4], $.LC0-8\n"
	"  35: branch \"*jcc\" %flags\n"
	"b3: freq=100 depth=0 -> b6!abnormal b6\n"
	"  40: call \"memcpy\" =%ax, %di {di}, %si, $memcpy clobber "
	"{ax,dx,cx,si,di,r8-r11,xmm0-xmm15,flags}\n"
	"  41: pcopy =p100, p104, =p102, %xmm1\n"
	"  42: ord \"*movti\" =&p103 {ax,dx,cx,bx,si,di,r8-r15} mem, "
	"+p102[8,8] {xmm0-xmm7,xmm9} ^0, p100 {r8,r9,r11}\n"
	"  43: ord \"*movdi\" =p104, $0 [remat]\n"
	"  44: branch \"*jmp\"\n"
	"b5: freq=1000 depth=0 -> b2\n"
	"  1: copy =p100, %di\n"
	"  2: copy =p101[0,4], %si\n"
	"  3: ord \"*movdf\" =p102, %xmm0 {xmm0}\n"
	"  4: ord \"*movti\" =p103, $9223372036854775807\n"
	"b6: freq=50 depth=0\n"
	"  50: phi =p100, p104 from b3, p100 from b3\n"
	"  51: copy =%ax, p100\n"
	"  52: ret %ax\n"
	"end\n"
	"# An allocated function with the inserted kinds.\n"
	"func alloc allocated\n"
	"  pseudo p70 gpr 8\n"
	"  pseudo p71 sse 8\n"
	"  slot s0 8\n"
	"  slot s3 16\n"
	"b0: freq=10000 depth=0 -> b1\n"
	"  5: ord \"*movdi\" =p70 @bx, $sym [remat]\n"
	"  spill =p70 @s0, p70 @bx\n"
	"  copy =p71 @xmm2, %xmm0 @xmm0\n"
	"  pcopy =p70 @ax, p70 @bx\n"
	"b1: freq=10000 depth=0\n"
	"  reload =p70 @dx, p70 @s0\n"
	"  move =p70 @cx, p70 @dx\n"
	"  swap +p70 @cx, +%si\n"
	"  remat \"*movdi\" =p70 @bx, $sym\n"
	"  spill =p71 @s3, p71 @xmm2\n"
	"  6: ret %ax\n"
	"end\n"
	"func _ZN3foo3barEv.cold unsupported \"asm goto \\\"x\\\" \\\\ y\"\n"
	"end\n";

/* The function header, declarations and CFG of "every". */
static void check_every_cfg(const Fn *fn)
{
	CHECK_STR(fn->name, "every");
	CHECK(fn->frame_pointer);
	CHECK(!fn->allocated);
	CHECK(fn->unsupported == NULL);
	CHECK_INT(fn->npseudo, 105);
	CHECK_INT(fn->pseudo[99].cls, -1);
	CHECK_INT(fn->pseudo[100].cls, RC_GPR);
	CHECK_INT(fn->pseudo[100].size, 8);
	CHECK_INT(fn->pseudo[101].size, 4);
	CHECK_INT(fn->pseudo[102].cls, RC_SSE);
	CHECK_INT(fn->pseudo[102].size, 16);
	CHECK_INT(fn->pseudo[103].size, 16);
	CHECK_INT(fn->nslot, 0);
	CHECK_INT(fn->nblk, 4);
	if (fn->nblk != 4)
		return;
	CHECK_INT(fn->blk[0]->id, 2);
	CHECK_INT(fn->blk[1]->id, 3);
	CHECK_INT(fn->blk[2]->id, 5);
	CHECK_INT(fn->blk[3]->id, 6);
	CHECK_INT(fn->entry, 2);
	const Blk *b2 = fn->blk[0], *b3 = fn->blk[1], *b5 = fn->blk[2],
		  *b6 = fn->blk[3];
	CHECK_INT(b2->freq, 900);
	CHECK_INT(b2->depth, 1);
	CHECK_INT(b2->nsucc, 2);
	CHECK_INT(b2->succ[0].blk, 0);
	CHECK_INT(b2->succ[1].blk, 1);
	CHECK_INT(b2->succ[1].flags, 0);
	CHECK_INT(b3->nsucc, 2);
	CHECK_INT(b3->succ[0].blk, 3);
	CHECK_INT(b3->succ[0].flags, EF_ABNORMAL);
	CHECK_INT(b3->succ[1].blk, 3);
	CHECK_INT(b3->succ[1].flags, 0);
	CHECK_INT(b5->freq, 1000);
	CHECK_INT(b6->nsucc, 0);
	CHECK_INT(b6->freq, 50);
	/* Predecessors: block order, then successor order. */
	CHECK_INT(b2->npred, 2);
	CHECK_INT(b2->pred[0], 0);
	CHECK_INT(b2->pred[1], 2);
	CHECK_INT(b3->npred, 1);
	CHECK_INT(b5->npred, 0);
	CHECK_INT(b6->npred, 2);
	CHECK_INT(b6->pred[0], 1);
	CHECK_INT(b6->pred[1], 1);
	CHECK_INT(blk_nins(b2), 6);
	CHECK_INT(blk_nins(b3), 5);
	CHECK_INT(blk_nins(b5), 4);
	CHECK_INT(blk_nins(b6), 3);
}

/* Block b2 of "every": phis, ties, immediates, symbols. */
static void check_every_b2(const Blk *b)
{
	const Ins *i = nth(b, 0);
	CHECK_INT(i->kind, IK_PHI);
	CHECK_INT(i->uid, 30);
	CHECK(i->name == NULL);
	CHECK_INT(i->nops, 3);
	CHECK_OP(&i->ops[0], OK_PSEUDO, OF_DEF, 104);
	CHECK_INT(i->ops[0].from, -1);
	CHECK_OP(&i->ops[1], OK_PSEUDO, OF_USE, 104);
	CHECK_INT(i->ops[1].from, 0);
	CHECK_OP(&i->ops[2], OK_PSEUDO, OF_USE, 100);
	CHECK_INT(i->ops[2].from, 2);

	i = nth(b, 2);
	CHECK_INT(i->kind, IK_ORD);
	CHECK_INT(i->uid, 32);
	CHECK_STR(i->name, "*addsi_1");
	CHECK_INT(i->nops, 3);
	CHECK_OP(&i->ops[0], OK_PSEUDO, OF_DEF, 101);
	CHECK_INT(i->ops[0].tie, -1);
	CHECK_INT(i->ops[1].tie, 0);
	CHECK_INT(i->ops[2].kind, OK_IMM);
	CHECK_INT(i->ops[2].imm, -7);
	CHECK_INT(i->ops[2].flags, OF_USE);
	CHECK_INT(i->clobbers, RS_BIT(R_FLAGS));
	CHECK_INT(i->flags, 0);

	i = nth(b, 3);
	CHECK_INT(i->ops[1].kind, OK_SYM);
	CHECK_STR(i->ops[1].sym, "sym.x");
	CHECK_INT(i->ops[1].imm, 16);

	i = nth(b, 4);
	CHECK_OP(&i->ops[0], OK_HREG, OF_DEF, R_FLAGS);
	CHECK_OP(&i->ops[1], OK_PSEUDO, OF_USE, 104);
	CHECK_INT(i->ops[1].sub_off, 0);
	CHECK_INT(i->ops[1].sub_size, 4);
	CHECK_STR(i->ops[2].sym, ".LC0");
	CHECK_INT(i->ops[2].imm, -8);

	i = nth(b, 5);
	CHECK_INT(i->kind, IK_BRANCH);
	CHECK_STR(i->name, "*jcc");
	CHECK_OP(&i->ops[0], OK_HREG, OF_USE, R_FLAGS);
}

/* Block b3 of "every": call, pcopy, regsets, early clobber, mem. */
static void check_every_b3(const Blk *b)
{
	const Ins *i = nth(b, 0);
	CHECK_INT(i->kind, IK_CALL);
	CHECK_STR(i->name, "memcpy");
	CHECK_INT(i->nops, 4);
	CHECK_OP(&i->ops[0], OK_HREG, OF_DEF, R_AX);
	CHECK_OP(&i->ops[1], OK_HREG, OF_USE, R_DI);
	CHECK_INT(i->ops[1].allowed, RS_BIT(R_DI));
	CHECK_INT(i->ops[2].allowed, 0);
	CHECK_INT(i->ops[3].kind, OK_SYM);
	CHECK_STR(i->ops[3].sym, "memcpy");
	CHECK_INT(i->ops[3].imm, 0);
	/* ax dx cx si di = 0x37, r8-r11 = 0xf00, xmm = 0xffff0000, flags =
	 * bit 40 (after st0-st7 = bits 32..39). */
	CHECK_INT(i->clobbers, 0x100ffff0f37ull);

	i = nth(b, 1);
	CHECK_INT(i->kind, IK_PCOPY);
	CHECK_INT(i->nops, 4);
	CHECK_OP(&i->ops[2], OK_PSEUDO, OF_DEF, 102);
	CHECK_OP(&i->ops[3], OK_HREG, OF_USE, R_XMM1);

	i = nth(b, 2);
	CHECK_INT(i->nops, 3);
	CHECK_OP(&i->ops[0], OK_PSEUDO, OF_DEF | OF_EARLY | OF_MEM, 103);
	CHECK_INT(i->ops[0].allowed, 0xff3full);
	CHECK_OP(&i->ops[1], OK_PSEUDO, OF_USE | OF_DEF, 102);
	CHECK_INT(i->ops[1].sub_off, 8);
	CHECK_INT(i->ops[1].sub_size, 8);
	CHECK_INT(i->ops[1].allowed, 0x02ff0000ull);
	CHECK_INT(i->ops[1].tie, 0);
	CHECK_INT(i->ops[2].allowed, 0xb00ull);

	i = nth(b, 3);
	CHECK_INT(i->flags, INS_REMAT);
	CHECK_INT(i->ops[1].kind, OK_IMM);
	CHECK_INT(i->ops[1].imm, 0);

	i = nth(b, 4);
	CHECK_INT(i->kind, IK_BRANCH);
	CHECK_INT(i->nops, 0);
	CHECK(i->ops == NULL);
}

/* Blocks b5 and b6 of "every": copies with subregs, big immediates, the
 * phi with two sources along two edges from the same block. */
static void check_every_b5_b6(const Blk *b5, const Blk *b6)
{
	const Ins *i = nth(b5, 0);
	CHECK_INT(i->kind, IK_COPY);
	CHECK_INT(i->uid, 1);
	CHECK_OP(&i->ops[0], OK_PSEUDO, OF_DEF, 100);
	CHECK_OP(&i->ops[1], OK_HREG, OF_USE, R_DI);
	i = nth(b5, 1);
	CHECK_INT(i->ops[0].sub_off, 0);
	CHECK_INT(i->ops[0].sub_size, 4);
	CHECK_INT(i->ops[1].sub_size, 0);
	i = nth(b5, 2);
	CHECK_INT(i->ops[1].allowed, RS_BIT(R_XMM0));
	i = nth(b5, 3);
	CHECK_INT(i->ops[1].imm, INT64_MAX);

	i = nth(b6, 0);
	CHECK_INT(i->kind, IK_PHI);
	CHECK_INT(i->nops, 3);
	CHECK_INT(i->ops[1].from, 1);
	CHECK_INT(i->ops[2].from, 1);
	i = nth(b6, 2);
	CHECK_INT(i->kind, IK_RET);
	CHECK_INT(i->uid, 52);
	CHECK_OP(&i->ops[0], OK_HREG, OF_USE, R_AX);
	CHECK(i->next == NULL);
	CHECK(b6->last == i);
}

/* The allocated function: locations, slots, inserted kinds. */
static void check_alloc(const Fn *fn)
{
	CHECK_STR(fn->name, "alloc");
	CHECK(fn->allocated);
	CHECK(!fn->frame_pointer);
	CHECK_INT(fn->nslot, 4);
	CHECK_INT(fn->slot[0].size, 8);
	CHECK_INT(fn->slot[1].size, 0);
	CHECK_INT(fn->slot[2].size, 0);
	CHECK_INT(fn->slot[3].size, 16);
	CHECK_INT(fn->nblk, 2);
	CHECK_INT(fn->entry, 0);
	if (fn->nblk != 2)
		return;
	const Blk *b0 = fn->blk[0], *b1 = fn->blk[1];
	const Ins *i = nth(b0, 0);
	CHECK_INT(i->flags, INS_REMAT);
	CHECK_INT(i->ops[0].loc.kind, LOC_REG);
	CHECK_INT(i->ops[0].loc.num, R_BX);
	CHECK_INT(i->ops[1].loc.kind, LOC_NONE);
	i = nth(b0, 1);
	CHECK_INT(i->kind, IK_SPILL);
	CHECK_INT(i->uid, 0);
	CHECK_INT(i->ops[0].loc.kind, LOC_SLOT);
	CHECK_INT(i->ops[0].loc.num, 0);
	CHECK_INT(i->ops[1].loc.kind, LOC_REG);
	CHECK_INT(i->ops[1].loc.num, R_BX);
	i = nth(b0, 2);
	CHECK_INT(i->kind, IK_COPY);
	CHECK_INT(i->uid, 0);
	CHECK_INT(i->ops[0].loc.num, R_XMM2);
	CHECK_OP(&i->ops[1], OK_HREG, OF_USE, R_XMM0);
	CHECK_INT(i->ops[1].loc.kind, LOC_REG);
	CHECK_INT(i->ops[1].loc.num, R_XMM0);
	CHECK_INT(nth(b0, 3)->kind, IK_PCOPY);
	CHECK_INT(nth(b0, 3)->uid, 0);

	CHECK_INT(nth(b1, 0)->kind, IK_RELOAD);
	CHECK_INT(nth(b1, 0)->ops[1].loc.kind, LOC_SLOT);
	CHECK_INT(nth(b1, 1)->kind, IK_MOVE);
	i = nth(b1, 2);
	CHECK_INT(i->kind, IK_SWAP);
	CHECK_OP(&i->ops[0], OK_PSEUDO, OF_USE | OF_DEF, 70);
	CHECK_OP(&i->ops[1], OK_HREG, OF_USE | OF_DEF, R_SI);
	CHECK_INT(i->ops[1].loc.kind, LOC_NONE);
	i = nth(b1, 3);
	CHECK_INT(i->kind, IK_REMAT);
	CHECK_INT(i->uid, 0);
	CHECK_STR(i->name, "*movdi");
	CHECK_INT(i->flags, 0);
	CHECK_INT(nth(b1, 4)->ops[0].loc.num, 3);
	CHECK_INT(nth(b1, 5)->uid, 6);
}

static void t_every_construct(void)
{
	IrFile f;
	if (!t_parse(every_text, &f))
		return;
	CHECK_INT(f.nfn, 3);
	if (f.nfn == 3) {
		check_every_cfg(f.fn[0]);
		if (f.fn[0]->nblk == 4) {
			check_every_b2(f.fn[0]->blk[0]);
			check_every_b3(f.fn[0]->blk[1]);
			check_every_b5_b6(f.fn[0]->blk[2], f.fn[0]->blk[3]);
		}
		check_alloc(f.fn[1]);
		CHECK_STR(f.fn[2]->name, "_ZN3foo3barEv.cold");
		CHECK_STR(f.fn[2]->unsupported, "asm goto \"x\" \\ y");
		CHECK_INT(f.fn[2]->nblk, 0);
	}
	irfile_free(&f);
}

/* The example of docs/IR.md, kept byte for byte: it is canonical. */
static const char gcd_text[] =
	"func gcd\n"
	"  pseudo p82 gpr 4\n"
	"  pseudo p83 gpr 4\n"
	"  pseudo p84 gpr 4\n"
	"  pseudo p90 gpr 4\n"
	"b2: freq=1000 depth=0 -> b3 b4\n"
	"  2: copy =p82, %di\n"
	"  3: copy =p83, %si\n"
	"  20: ord \"*cmpsi_ccno_1\" =%flags, p83, $0\n"
	"  21: branch \"*jcc\" %flags\n"
	"b3: freq=9000 depth=1 -> b3 b4\n"
	"  7: ord \"*divmodsi4\" =p90 {ax}, =&p84 {dx}, p82 ^0, p83 mem "
	"clobber {flags}\n"
	"  8: copy =p82, p83\n"
	"  9: copy =p83, p84\n"
	"  22: ord \"*cmpsi_ccno_1\" =%flags, p83, $0\n"
	"  23: branch \"*jcc\" %flags\n"
	"b4: freq=1000 depth=0\n"
	"  15: copy =%ax, p82\n"
	"  16: ret %ax\n"
	"end\n";

static void t_spec_example(void)
{
	IrFile f;
	if (!t_parse(gcd_text, &f))
		return;
	CHECK_INT(f.nfn, 1);
	const Fn *fn = f.fn[0];
	CHECK_INT(fn->nblk, 3);
	CHECK_INT(fn->blk[1]->npred, 2); /* b2 and itself */
	CHECK_INT(fn->blk[2]->npred, 2);
	const Ins *div = fn->blk[1]->first;
	CHECK_INT(div->nops, 4);
	CHECK_INT(div->ops[0].allowed, RS_BIT(R_AX));
	CHECK_INT(div->ops[1].flags, OF_DEF | OF_EARLY);
	CHECK_INT(div->ops[1].allowed, RS_BIT(R_DX));
	CHECK_INT(div->ops[2].tie, 0);
	CHECK_INT(div->ops[3].flags, OF_USE | OF_MEM);
	CHECK_INT(div->clobbers, RS_BIT(R_FLAGS));
	char *s = ir_print_str(fn);
	CHECK_STR(s, gcd_text);
	free(s);
	irfile_free(&f);
}

/* ------------------------------------------------------------------ */
/* (2) Printing                                                       */
/* ------------------------------------------------------------------ */

static void t_regset_print(void)
{
	static const struct {
		RegSet s;
		const char *want;
	} cases[] = {
		{0, "{}"},
		{RS_BIT(R_AX), "{ax}"},
		{0xf, "{ax,dx,cx,bx}"},
		{0xffff, "{ax,dx,cx,bx,si,di,bp,sp,r8-r15}"},
		{0x300, "{r8,r9}"},
		{0x700, "{r8-r10}"},
		{0x500 | RS_BIT(R_R12), "{r8,r10,r12}"},
		{0x3f0, "{si,di,bp,sp,r8,r9}"},
		{0x7700, "{r8-r10,r12-r14}"},
		{0x38000, "{r15,xmm0,xmm1}"},
		{0x7c000, "{r14,r15,xmm0-xmm2}"},
		{0xffff0000, "{xmm0-xmm15}"},
		{0xc0000000, "{xmm14,xmm15}"},
		{0x70000000000, "{flags,argp,frame}"},
		{0x100ffff0f37, "{ax,dx,cx,si,di,r8-r11,xmm0-xmm15,flags}"},
		{0xff00000000, "{st0-st7}"},
		{0x300000000, "{st0,st1}"},
		{0x1c00000000, "{st2-st4}"},
		{0x180000000, "{xmm15,st0}"},
		{0x1ffffff0f37,
		 "{ax,dx,cx,si,di,r8-r11,xmm0-xmm15,st0-st7,flags}"},
	};
	char buf[256];
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		regset_str(cases[k].s, buf, sizeof buf);
		CHECK_STR(buf, cases[k].want);
	}
}

/* Non-canonical spellings the parser accepts, and the canonical text
 * the printer must make of them. */
static void t_print_canonical(void)
{
	static const char in[] =
		"\n# comment line\n"
		"func\tf  allocated\t fp # trailing comment\n"
		"   \n"
		"  slot s1 4\n"
		"  pseudo p9 sse 16\n"
		"entry b007\n"
		"  pseudo p3 gpr 4\n"
		"b1:\n"
		"\t2:ord \"x\"   =p3 @ax,p9[0,8]\t@xmm1 ,$sym+0 ,  $-0 clobber {}\n"
		"b7:   depth=3 ->   b1!abnormal   # comment\n"
		"  3:   ret\n"
		"end\n"
		"func g unsupported \"\" # no blocks\n"
		"end";
	static const char want[] =
		"func f fp allocated\n"
		"  pseudo p3 gpr 4\n"
		"  pseudo p9 sse 16\n"
		"  slot s1 4\n"
		"  entry b7\n"
		"b1: freq=0 depth=0\n"
		"  2: ord \"x\" =p3 @ax, p9[0,8] @xmm1, $sym, $0\n"
		"b7: freq=0 depth=3 -> b1!abnormal\n"
		"  3: ret\n"
		"end\n"
		"func g unsupported \"\"\n"
		"end\n";
	IrFile f;
	if (!t_parse(in, &f))
		return;
	char *s = print_file(&f);
	CHECK_STR(s, want);
	free(s);
	irfile_free(&f);
}

/* A function built with the ir.h API, in canonical text. */
static const char built_text[] =
	"func build fp allocated\n"
	"  pseudo p3 gpr 4\n"
	"  pseudo p9 sse 16\n"
	"  slot s2 8\n"
	"  entry b4\n"
	"b7: freq=10 depth=2\n"
	"  12: phi =p3 @ax, p3 from b4 @bx, p3 from b4 @s2\n"
	"  13: ord \"q\\\"\\\\\" +&p9[0,8] {r15,xmm0-xmm2} ^1 mem @xmm3, "
	"%xmm4 {xmm4}, $-9223372036854775808, $x.y-9223372036854775808, "
	"$_z+5, $w clobber {ax,dx,cx,r8,r9,r11-r15,xmm15,flags,argp,frame} "
	"[remat]\n"
	"  swap +p3 @ax, +%dx @dx\n"
	"  spill =p3 @s2, p3 @ax\n"
	"b4: freq=5 depth=0 -> b7 b7!abnormal\n"
	"  move =p9 @xmm1, p9 @xmm2\n"
	"  15: branch\n"
	"end\n";

/* Adds an operand-less instruction or one with n operands to b. */
static Ins *add_ins(Fn *fn, Blk *b, int kind, int uid, int n)
{
	Ins *i = ins_new(fn, kind, n);
	i->uid = uid;
	ins_append(b, i);
	return i;
}

static Op reg_op(int kind, int flags, int reg, int lk, int ln)
{
	return (Op){.kind = (uint8_t)kind, .flags = (uint8_t)flags,
		    .tie = -1, .reg = reg, .loc = {(uint8_t)lk, ln},
		    .from = -1};
}

static Op const_op(int kind, int64_t imm, const char *sym)
{
	return (Op){.kind = (uint8_t)kind, .flags = OF_USE, .tie = -1,
		    .imm = imm, .sym = sym, .from = -1};
}

/* The body of block b7 of the built function. */
static void build_b7(Fn *fn, Blk *b)
{
	Ins *i = add_ins(fn, b, IK_PHI, 12, 3);
	i->ops[0] = reg_op(OK_PSEUDO, OF_DEF, 3, LOC_REG, R_AX);
	i->ops[1] = reg_op(OK_PSEUDO, OF_USE, 3, LOC_REG, R_BX);
	i->ops[2] = reg_op(OK_PSEUDO, OF_USE, 3, LOC_SLOT, 2);
	i->ops[1].from = i->ops[2].from = 1;
	i = add_ins(fn, b, IK_ORD, 13, 6);
	i->name = "q\"\\";
	i->flags = INS_REMAT;
	i->ops[0] = reg_op(OK_PSEUDO, OF_USE | OF_DEF | OF_EARLY | OF_MEM, 9,
			   LOC_REG, R_XMM3);
	i->ops[0].sub_size = 8;
	i->ops[0].allowed = RS_BIT(R_R15) | RS_BIT(R_XMM0) | RS_BIT(R_XMM1) |
			    RS_BIT(R_XMM2);
	i->ops[0].tie = 1;
	i->ops[1] = reg_op(OK_HREG, OF_USE, R_XMM4, LOC_NONE, 0);
	i->ops[1].allowed = RS_BIT(R_XMM4);
	i->ops[2] = const_op(OK_IMM, INT64_MIN, NULL);
	i->ops[3] = const_op(OK_SYM, INT64_MIN, "x.y");
	i->ops[4] = const_op(OK_SYM, 5, "_z");
	i->ops[5] = const_op(OK_SYM, 0, "w");
	i->clobbers = 0x7ull | 0x300 | 0xf800 | RS_BIT(R_XMM15) |
		      RS_BIT(R_FLAGS) | RS_BIT(R_ARGP) | RS_BIT(R_FRAME);
	i = add_ins(fn, b, IK_SWAP, 0, 2);
	i->ops[0] = reg_op(OK_PSEUDO, OF_USE | OF_DEF, 3, LOC_REG, R_AX);
	i->ops[1] = reg_op(OK_HREG, OF_USE | OF_DEF, R_DX, LOC_REG, R_DX);
	i = add_ins(fn, b, IK_SPILL, 0, 2);
	i->ops[0] = reg_op(OK_PSEUDO, OF_DEF, 3, LOC_SLOT, 2);
	i->ops[1] = reg_op(OK_PSEUDO, OF_USE, 3, LOC_REG, R_AX);
}

static Fn *build_fn(void)
{
	Fn *fn = fn_new("build", target_x86_64());
	fn->frame_pointer = true;
	fn->allocated = true;
	fn_declare_pseudo(fn, 9, RC_SSE, 16);
	fn_declare_pseudo(fn, 3, RC_GPR, 4);
	fn_declare_slot(fn, 2, 8);
	Blk *b7 = fn_add_block(fn, 7), *b4 = fn_add_block(fn, 4);
	fn->entry = 1;
	b7->freq = 10;
	b7->depth = 2;
	b4->freq = 5;
	blk_add_succ(fn, b4, 0, 0);
	blk_add_succ(fn, b4, 0, EF_ABNORMAL);
	build_b7(fn, b7);
	Ins *i = add_ins(fn, b4, IK_MOVE, 0, 2);
	i->ops[0] = reg_op(OK_PSEUDO, OF_DEF, 9, LOC_REG, R_XMM1);
	i->ops[1] = reg_op(OK_PSEUDO, OF_USE, 9, LOC_REG, R_XMM2);
	add_ins(fn, b4, IK_BRANCH, 15, 0);
	fn_preds(fn);
	return fn;
}

static void t_print_built(void)
{
	Fn *fn = build_fn();
	char *s = ir_print_str(fn);
	CHECK_STR(s, built_text);
	/* And the text reads back as the same function. */
	IrFile f;
	if (s && t_parse(s, &f)) {
		char why[256];
		CHECK_INT(f.nfn, 1);
		CHECK(fn_equal(fn, f.fn[0], why, sizeof why));
		CHECK_INT(f.fn[0]->blk[0]->npred, 2);
		irfile_free(&f);
	}
	free(s);
	fn_free(fn);
}

/* An empty function and one with no declarations print minimally. */
static void t_print_minimal(void)
{
	Fn *fn = fn_new("m", target_x86_64());
	char *s = ir_print_str(fn);
	CHECK_STR(s, "func m\nend\n");
	free(s);
	Blk *b = fn_add_block(fn, 0);
	add_ins(fn, b, IK_RET, 1, 0);
	fn->unsupported = "why";
	s = ir_print_str(fn);
	CHECK_STR(s, "func m unsupported \"why\"\nb0: freq=0 depth=0\n"
		     "  1: ret\nend\n");
	free(s);
	fn_free(fn);
}

/* GCC's allocation: the function flag, constant locations, [$sym]
 * operands, bare locations with widths, opaque and [deleted]; written in
 * canonical form (docs/IR.md). */
static const char gcc_text[] =
	"func g allocated gcc\n"
	"  pseudo p85 sse 8\n"
	"  pseudo p86 gpr 16\n"
	"  slot s0 16\n"
	"b2: freq=1000 depth=0\n"
	"  6: ord \"*movdf_internal\" =p85 @xmm0, [$.LC0] [remat]\n"
	"  move =@xmm1, @[$.LC0]\n"
	"  spill =@s0:16, @ax:16\n"
	"  opaque \"*x\" =@cx, @$-1 clobber {flags}\n"
	"  7: ord =p86 @ax, p85 @[$.LC0+8], p85 @$42, p85 @$sym-3, "
	"[$.LC2-16]\n"
	"  8: copy =p85, p85 [deleted]\n"
	"  9: ord =p85, [$x] [remat] [deleted]\n"
	"  remat =@dx, @$42\n"
	"  10: ret\n"
	"end\n";

/* Every new form of gcc_text, field by field, then its print. */
static void t_gcc_forms(void)
{
	IrFile f;
	if (!t_parse(gcc_text, &f))
		return;
	const Fn *fn = f.fn[0];
	CHECK(fn->by_gcc && fn->allocated);
	/* constants interned in order of first appearance, once each */
	CHECK_INT(fn->nconst, 5);
	if (fn->nconst == 5) {
		CHECK_INT(fn->konst[0].kind, OK_MEMSYM);
		CHECK_STR(fn->konst[0].sym, ".LC0");
		CHECK_INT(fn->konst[0].imm, 0);
		CHECK_INT(fn->konst[1].kind, OK_IMM);
		CHECK_INT(fn->konst[1].imm, -1);
		CHECK_INT(fn->konst[2].kind, OK_MEMSYM);
		CHECK_INT(fn->konst[2].imm, 8);
		CHECK_INT(fn->konst[3].kind, OK_IMM);
		CHECK_INT(fn->konst[3].imm, 42);
		CHECK_INT(fn->konst[4].kind, OK_SYM);
		CHECK_STR(fn->konst[4].sym, "sym");
		CHECK_INT(fn->konst[4].imm, -3);
	}
	const Blk *b = fn->blk[0];
	const Ins *i = nth(b, 0);
	CHECK_INT(i->ops[1].kind, OK_MEMSYM);
	CHECK_STR(i->ops[1].sym, ".LC0");
	CHECK_INT(i->ops[1].flags, OF_USE);
	CHECK_INT(i->flags, INS_REMAT);
	i = nth(b, 1);
	CHECK_INT(i->kind, IK_MOVE);
	CHECK_OP(&i->ops[0], OK_LOC, OF_DEF, 0);
	CHECK_INT(i->ops[0].loc.kind, LOC_REG);
	CHECK_INT(i->ops[0].loc.num, R_XMM0 + 1);
	CHECK_INT(i->ops[0].imm, 0);
	CHECK_INT(i->ops[1].loc.kind, LOC_CONST);
	CHECK_INT(i->ops[1].loc.num, 0);
	i = nth(b, 2);
	CHECK_INT(i->ops[0].loc.kind, LOC_SLOT);
	CHECK_INT(i->ops[0].imm, 16);
	CHECK_INT(i->ops[1].loc.num, R_AX);
	CHECK_INT(i->ops[1].imm, 16);
	i = nth(b, 3);
	CHECK_INT(i->kind, IK_OPAQUE);
	CHECK_INT(i->uid, 0);
	CHECK_INT(i->ops[1].loc.kind, LOC_CONST);
	CHECK_INT(i->ops[1].loc.num, 1);
	CHECK_INT(i->clobbers, RS_BIT(R_FLAGS));
	i = nth(b, 4);
	CHECK_INT(i->ops[1].loc.num, 2);
	CHECK_INT(i->ops[2].loc.num, 3);
	CHECK_INT(i->ops[3].loc.num, 4);
	CHECK_INT(i->ops[4].kind, OK_MEMSYM);
	CHECK_INT(i->ops[4].imm, -16);
	CHECK_INT(i->ops[4].loc.kind, LOC_NONE);
	i = nth(b, 5);
	CHECK_INT(i->flags, INS_DELETED);
	CHECK_INT(i->ops[0].loc.kind, LOC_NONE);
	CHECK_INT(nth(b, 6)->flags, INS_REMAT | INS_DELETED);
	CHECK_INT(nth(b, 7)->ops[1].loc.num, 3);
	/* canonical already: prints back byte for byte */
	char *t = ir_print_str(fn);
	CHECK_STR(t, gcc_text);
	free(t);
	/* a copy has the same constants, flag and print */
	Fn *c = fn_copy(fn);
	char why[256];
	CHECK(fn_equal(fn, c, why, sizeof why));
	CHECK(c->by_gcc && c->nconst == 5);
	t = ir_print_str(c);
	CHECK_STR(t, gcc_text);
	free(t);
	/* constants compare by value, not by table position */
	c->konst[0].imm = 4;
	CHECK(!fn_equal(fn, c, why, sizeof why));
	fn_free(c);
	irfile_free(&f);
}

/* Non-canonical spellings of the new forms print canonically. */
static void t_gcc_canonical(void)
{
	IrFile f;
	if (!t_parse("func g gcc allocated\nb0:\n"
		     "  move\t=@ax ,@$5\n  3: ret [deleted]\nend\n", &f))
		return;
	char *t = ir_print_str(f.fn[0]);
	CHECK_STR(t, "func g allocated gcc\nb0: freq=0 depth=0\n"
		     "  move =@ax, @$5\n  3: ret [deleted]\nend\n");
	free(t);
	irfile_free(&f);
}

/* gcc_text with random bytes changed: a clean answer every time. */
static void t_gcc_mutations(void)
{
	static const char pool[] = "=+@$[]:.-0123456789sgcx ,\n";
	size_t len = strlen(gcc_text), accepted = 0;
	char *buf = malloc(len + 16);
	rng_state = 777;
	for (int k = 0; k < 3000 && buf; k++) {
		size_t n = len;
		memcpy(buf, gcc_text, len);
		size_t at = rng() % n;
		char c = pool[rng() % (sizeof pool - 1)];
		if (rng() % 2) {
			buf[at] = c;
		} else {
			memmove(buf + at + 1, buf + at, n - at);
			buf[at] = c;
			n++;
		}
		accepted += check_clean(buf, n, __FILE__, __LINE__);
	}
	free(buf);
	CHECK(accepted > 0);
}

/* ------------------------------------------------------------------ */
/* (3) Round trips                                                    */
/* ------------------------------------------------------------------ */

static const char *const roundtrip_texts[] = {
	every_text,
	gcc_text,
	gcd_text,
	built_text,
	/* A phi along two edges from the same block, and a self loop. */
	"func twice\n  pseudo p1 gpr 8\n"
	"b0: -> b1 b1\n  1: copy =p1, %di\n  2: branch %flags\n"
	"b1: -> b1 b2\n  3: phi =p1, p1 from b0, p1 from b1, p1 from b0\n"
	"  4: branch %flags\nb2:\n  5: ret\nend\n",
	/* Phis in a block without predecessors take no sources. */
	"func entryphi\n  pseudo p1 gpr 8\nb0:\n  1: phi =p1\n  2: ret p1\n"
	"end\n",
	/* Extreme numbers. */
	"func big\n  pseudo p16777215 gpr 64\n  pseudo p0 sse 1\n"
	"b2147483647: freq=2147483647 depth=2147483647\n"
	"  2147483647: ord =p16777215[63,1], p0[0,1], "
	"$-9223372036854775808, $a$b.c_d-9223372036854775808, "
	"$Z+9223372036854775807\n"
	"end\n",
	/* Many operands, a tie to operand 127. */
	"func wide\n  pseudo p1 gpr 8\nb0:\n  1: ord p1 ^127, p1, p1, p1, p1, p1, "
	"p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, "
	"p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, "
	"p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, "
	"p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, "
	"p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, "
	"p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, "
	"p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, p1, "
	"p1, p1, p1\n"
	"end\n",
	/* Regsets of every shape on operands and clobbers. */
	"func sets\n  pseudo p1 gpr 8\nb0:\n"
	"  1: ord p1 {ax-bx}, p1 {r8-r8}, p1 {r8,r9,r10,r11,xmm0,xmm1}, "
	"p1 {sp-xmm2,frame} clobber {ax-frame}\nend\n",
	/* A memory-only operand (fild's source, fistp's destination). */
	"func memonly\n  pseudo p1 gpr 8\n  pseudo p2 x87 16\nb0:\n"
	"  1: ord \"floatdixf2\" =p2, p1 {} mem\n"
	"  2: ord \"fix_truncdi_i387\" =p1 {} mem, p2\nend\n",
	/* Hard-register subregs up to the register's size, ties backwards. */
	"func subs\nb0:\n  1: ord =%ax[0,8], %xmm3[32,32] ^0, %flags[7,1], "
	"=%argp[0,8] ^2\nend\n",
	/* A call that returns twice; a non-local goto's edge. */
	"func jumps\n  pseudo p1 gpr 4\nb0: -> b1 b2!abcall\n"
	"  1: call \"_setjmp\" =%ax, $_setjmp, %di clobber {ax,flags} "
	"[twice]\n  2: call \"h\" $h clobber {ax}\nb1:\n  3: ret\n"
	"b2:\n  4: ret\nend\n",
	/* Empty file pieces. */
	"",
	"# only a comment\n\n",
};

static void t_roundtrip(void)
{
	for (size_t k = 0; k < sizeof roundtrip_texts / sizeof *roundtrip_texts;
	     k++) {
		IrFile f;
		if (!t_parse(roundtrip_texts[k], &f))
			continue;
		CHECK_ROUNDTRIP(&f);
		irfile_free(&f);
	}
}

/* fn_copy of a parsed function prints the same. */
static void t_roundtrip_copy(void)
{
	IrFile f;
	if (!t_parse(every_text, &f))
		return;
	for (int i = 0; i < f.nfn; i++) {
		Fn *c = fn_copy(f.fn[i]);
		char *a = ir_print_str(f.fn[i]), *b = ir_print_str(c);
		CHECK_STR(b, a);
		free(a);
		free(b);
		fn_free(c);
	}
	irfile_free(&f);
}

/* Specific values the round trip must keep. */
static void t_roundtrip_values(void)
{
	IrFile f;
	if (!t_parse(roundtrip_texts[6], &f))
		return;
	const Ins *i = f.fn[0]->blk[0]->first;
	CHECK_INT(f.fn[0]->npseudo, 16777216);
	CHECK_INT(f.fn[0]->blk[0]->id, 2147483647);
	CHECK_INT(i->uid, 2147483647);
	CHECK_INT(i->ops[0].sub_off, 63);
	CHECK_INT(i->ops[2].imm, INT64_MIN);
	CHECK_STR(i->ops[3].sym, "a$b.c_d");
	CHECK_INT(i->ops[3].imm, INT64_MIN);
	CHECK_INT(i->ops[4].imm, INT64_MAX);
	irfile_free(&f);
	if (!t_parse(roundtrip_texts[8], &f))
		return;
	i = f.fn[0]->blk[0]->first;
	CHECK_INT(i->ops[0].allowed, 0xf);
	CHECK_INT(i->ops[1].allowed, RS_BIT(R_R8));
	CHECK_INT(i->ops[3].allowed, 0x7ff80ull | RS_BIT(R_FRAME));
	CHECK_INT(i->clobbers, 0x7ffffffffffull); /* 43 registers */
	irfile_free(&f);
}

/* ------------------------------------------------------------------ */
/* (4) Errors                                                         */
/* ------------------------------------------------------------------ */

/* A function head that the error texts below build on: lines 1-4. */
#define HEAD "func f\n  pseudo p1 gpr 8\n  pseudo p2 sse 16\nb0:\n"
#define AHEAD                                                    \
	"func f allocated\n  pseudo p1 gpr 8\n  slot s0 8\nb0:\n"

static const struct ErrCase {
	const char *text;
	int line, col;
	const char *word; /* a key part of the message */
} err_cases[] = {
	/* Unknown things. */
	{HEAD "  1: frob p1\nend\n", 5, 6, "unknown instruction kind 'frob'"},
	{HEAD "  1: ord %zz\nend\n", 5, 10, "unknown register '%zz'"},
	{"func f\n  pseudo p1 gpx 8\n", 2, 13, "unknown register class"},
	{"func f fast\nb0:\n  1: ret\nend\n", 1, 8,
	 "unknown function attribute 'fast'"},
	{HEAD "  1: ord p1 bogus\nend\n", 5, 13, "unexpected 'bogus'"},
	{HEAD "  1: ord p1 clobber {ax,foo}\nend\n", 5, 25,
	 "unknown register 'foo'"},
	{"func f\nb0: -> b0!weird\n  1: ret\nend\n", 2, 10,
	 "unknown edge flag"},
	{"b0:\n", 1, 1, "expected 'func'"},
	{HEAD "  1: ord \"a\\n\"\nend\n", 5, 12, "unknown escape"},
	{HEAD "  1: ord p1 [remate]\nend\n", 5, 13, "expected '[remat]'"},
	{HEAD "  1: ord p1 [pure]\nend\n", 5, 6,
	 "'[pure]' on an instruction that is not a call"},
	/* A write at a pseudo names a declared one. */
	{"func f memfx\n  pseudo p1 gpr 8\n  pseudo p2 sse 16\nb0:\n"
	 "  1: ord p1 [wr p7+4:1]\nend\n",
	 5, 17, "undeclared pseudo"},
	/* A volatile read is listed only at an unknown address. */
	{"func f memfx\n  pseudo p1 gpr 8\n  pseudo p2 sse 16\nb0:\n"
	 "  1: ord =p1 [rd $g:4]\nend\n",
	 5, 18, "'[rd' only as '[rd *]'"},
	/* Declarations. */
	{HEAD "  1: ord p3\nend\n", 5, 10, "undeclared pseudo p3"},
	{"func f\n  pseudo p1 gpr 8\n  pseudo p1 gpr 4\n", 3, 10,
	 "pseudo p1 redeclared"},
	{"func f allocated\n  slot s1 8\n  slot s1 8\n", 3, 8,
	 "slot s1 redeclared"},
	{AHEAD "  1: ord =p1 @s2\nend\n", 5, 14, "undeclared slot s2"},
	{"func f\nb0:\n  1: ret\nb0:\n  2: ret\nend\n", 4, 1,
	 "block b0 redeclared"},
	{"func f\nb0: -> b7\n  1: ret\nend\n", 2, 8, "undefined block b7"},
	{"func f\n  entry b9\nb0:\n  1: ret\nend\n", 2, 9,
	 "undefined block b9"},
	{"func f\n  entry b0\n  entry b0\nb0:\n  1: ret\nend\n", 3, 3,
	 "entry redeclared"},
	{"func f\nb0:\n  pseudo p1 gpr 8\nend\n", 3, 3,
	 "declaration after the first block"},
	{"func f\n  1: ret\nend\n", 2, 3, "before the first block"},
	{"func f\nend\n", 2, 1, "no blocks"},
	{"func f fp fp\nb0:\n  1: ret\nend\n", 1, 11, "duplicate attribute"},
	{"func f fixed={}\nb0:\n  1: ret\nend\n", 1, 8,
	 "'fixed={}' names no register"},
	{"func f fixed=bx\nb0:\n  1: ret\nend\n", 1, 14,
	 "expected '{' after 'fixed='"},
	{"func f fixed={bx} fixed={cx}\nb0:\n  1: ret\nend\n", 1, 19,
	 "duplicate attribute 'fixed'"},
	{"func f fixed={bx,zz}\nb0:\n  1: ret\nend\n", 1, 18,
	 "unknown register 'zz'"},
	/* Phis against predecessors (reported at the phi). */
	{"func f\n  pseudo p1 gpr 8\nb0: -> b1\n  1: copy =p1, %ax\n"
	 "b1: -> b1\n  2: phi =p1, p1 from b0\n  3: branch\nend\n",
	 6, 3, "predecessor edges"},
	{"func f\n  pseudo p1 gpr 8\nb0: -> b1\n  1: copy =p1, %ax\n"
	 "b1:\n  2: phi =p1, p1 from b1\n  3: ret\nend\n",
	 6, 3, "do not match"},
	{"func f\n  pseudo p1 gpr 8\nb0: -> b1 b1\n  1: copy =p1, %ax\n"
	 "b1:\n  2: phi =p1, p1 from b0\n  3: ret\nend\n",
	 6, 3, "predecessor edges"},
	{"func f\n  pseudo p1 gpr 8\nb0: -> b1 b2\n  1: branch\n"
	 "b2: -> b1\n  2: branch\nb1:\n  3: phi =p1, p1 from b0, p1 from b0\n"
	 "  4: ret\nend\n",
	 8, 3, "too many from b0"},
	{HEAD "  1: ord p1\n  2: phi =p1\nend\n", 6, 3,
	 "phi after a non-phi"},
	{HEAD "  1: phi =p1, p1\nend\n", 5, 15, "needs 'from bX'"},
	{HEAD "  1: ord p1 from b0\nend\n", 5, 13,
	 "only allowed on phi sources"},
	{HEAD "  1: phi =p1 from b0\nend\n", 5, 14,
	 "only allowed on phi sources"},
	/* Operand shapes. */
	{HEAD "  1: copy p1, p1\nend\n", 5, 11, "must be a '=' definition"},
	{HEAD "  1: copy =p1\nend\n", 5, 6, "exactly two operands"},
	{HEAD "  1: copy =p1, $5\nend\n", 5, 16, "register or pseudo"},
	{HEAD "  1: copy =&p1, p1\nend\n", 5, 11, "'=' definition"},
	{HEAD "  1: pcopy =p1, p1, =p1\nend\n", 5, 6, "pairs"},
	{HEAD "  1: pcopy =p1, =p1\nend\n", 5, 17, "must be a use"},
	{HEAD "  swap =p1, +p1\nend\n", 5, 8, "'+' operand"},
	{HEAD "  swap +p1\nend\n", 5, 3, "exactly two operands"},
	{HEAD "  remat p1\nend\n", 5, 9, "'=' definition"},
	{HEAD "  remat =p1, =p1\nend\n", 5, 14, "defines only its first"},
	{HEAD "  move =p1, p1, p1\nend\n", 5, 3, "exactly two"},
	{AHEAD "  spill =p1 @ax, p1 @bx\nend\n", 5, 9, "must be in a slot"},
	{AHEAD "  spill =p1 @s0, p1 @s0\nend\n", 5, 18,
	 "must be in a register"},
	{AHEAD "  reload =p1 @ax, %ax\nend\n", 5, 19, "must be in a slot"},
	{HEAD "  1: ord &p1\nend\n", 5, 10, "'&' must follow '=' or '+'"},
	{HEAD "  1: ord $5 mem\nend\n", 5, 13, "mem on a constant"},
	{HEAD "  1: ord $x {ax}\nend\n", 5, 13, "register set on a constant"},
	{HEAD "  1: ord =p1, $1 ^0\nend\n", 5, 18, "tie on a constant"},
	{HEAD "  1: ord $1[0,4]\nend\n", 5, 12, "subreg on a constant"},
	{AHEAD "  1: ord =p1 @ax, $1 @ax\nend\n", 5, 22,
	 "location on a constant"},
	{HEAD "  1: ord p1 {}\nend\n", 5, 13, "empty register set"},
	{HEAD "  1: ord p1 {} ^0\nend\n", 5, 13,
	 "empty register set on an operand without 'mem'"},
	{HEAD "  1: ord %ax {} mem\nend\n", 5, 14,
	 "'{} mem' (memory only) on an operand that is not a pseudo"},
	{HEAD "  1: ord p1 mem {ax}\nend\n", 5, 17, "out of order"},
	{HEAD "  1: ord p1 mem mem\nend\n", 5, 17, "given twice"},
	{HEAD "  1: ord p1 {r11-r8}\nend\n", 5, 14, "backwards"},
	{HEAD "  1: ord p1 {ax, dx}\nend\n", 5, 17, "expected register name"},
	{HEAD "  1: ord p1 {ax dx}\nend\n", 5, 16, "expected ',' or '}'"},
	{HEAD "  1: ord p1x\nend\n", 5, 12, "unexpected 'x'"},
	{HEAD "  1: ord p1,\nend\n", 5, 13, "expected operand"},
	/* Ties and subregs. */
	{HEAD "  1: ord =p1, p1 ^2\nend\n", 5, 18, "does not exist"},
	{HEAD "  1: ord =p1 ^0\nend\n", 5, 14, "tied to itself"},
	{HEAD "  1: ord =p1 ^128\nend\n", 5, 14, "tie out of range"},
	{HEAD "  1: ord =p1[4,8]\nend\n", 5, 13, "outside the 8-byte"},
	{HEAD "  1: ord =p1[0,0]\nend\n", 5, 16, "subreg size out of range"},
	{HEAD "  1: ord =p1[256,1]\nend\n", 5, 14,
	 "subreg offset out of range"},
	{HEAD "  1: ord =%ax[0,9]\nend\n", 5, 14, "outside the 8-byte"},
	{HEAD "  1: ord =%xmm0[0,65]\nend\n", 5, 16, "outside the 64-byte"},
	{HEAD "  1: ord =p2[8,16]\nend\n", 5, 13, "outside the 16-byte"},
	/* Locations. */
	{AHEAD "  1: ord =p1\nend\n", 5, 10, "without a location"},
	{HEAD "  1: ord =p1 @s9\nend\n", 5, 14, "undeclared slot s9"},
	{AHEAD "  1: ord =p1 @rax\nend\n", 5, 14, "unknown register 'rax'"},
	/* UIDs. */
	{HEAD "  7: move =p1, p1\nend\n", 5, 3, "takes no UID"},
	{HEAD "  ord =p1\nend\n", 5, 3, "needs a UID"},
	{HEAD "  ret\nend\n", 5, 3, "needs a UID"},
	{HEAD "  0: ret\nend\n", 5, 3, "UID out of range"},
	{HEAD "  1 : ret\nend\n", 5, 4, "expected ':' after UID"},
	/* Integers out of range. */
	{HEAD "  1: ord =p1, $9223372036854775808\nend\n", 5, 15,
	 "immediate out of range"},
	{HEAD "  1: ord =p1, $-9223372036854775809\nend\n", 5, 15,
	 "immediate out of range"},
	{HEAD "  1: ord $s+9223372036854775808\nend\n", 5, 10,
	 "symbol offset out of range"},
	{HEAD "  1: ord $s+-1\nend\n", 5, 13, "expected symbol offset"},
	{"func f\n  pseudo p99999999999999999999999 gpr 8\n", 2, 10,
	 "pseudo number out of range"},
	{"func f\n  pseudo p1073741824 gpr 8\n", 2, 10,
	 "pseudo number out of range"},
	{"func f\n  pseudo p16777216 gpr 8\n", 2, 10,
	 "pseudo number out of range"},
	{"func f\n  pseudo p1 gpr 65\n", 2, 17, "pseudo size out of range"},
	{"func f\n  pseudo p1 gpr 0\n", 2, 17, "pseudo size out of range"},
	{"func f\n  slot s1 -8\n", 2, 11, "slot size out of range"},
	{"func f\nb0: freq=2147483648\n", 2, 10, "freq out of range"},
	{"func f\nb0: depth=-1\n", 2, 11, "depth out of range"},
	{"func f\nb99999999999:\n", 2, 1, "block number out of range"},
	{HEAD "  99999999999: ret\nend\n", 5, 3, "UID out of range"},
	/* Truncation and structure. */
	{"func f\nb0:\n  1: ret\n", 4, 1, "missing 'end'"},
	{"func f\nb0:\n  1: ret", 3, 9, "missing 'end'"},
	{"func f\nb0:\n  1: ret\nfunc g\n", 4, 1, "missing 'end' before"},
	{"func f\nb0:\n  1: ret\nend x\n", 4, 5, "after 'end'"},
	{"func\n", 1, 5, "expected function name"},
	{"func f unsupported\nend\n", 1, 19, "expected string"},
	{HEAD "  1: ord \"abc\nend\n", 5, 10, "unterminated string"},
	{"func f\nb0: ->\n", 2, 7, "expected block label"},
	{"func f\nb0: -> b1 x\n", 2, 11, "expected block label"},
	{"func f\nb0 -> b1\n", 2, 3, "expected ':'"},
	{"func f\nb0: depth=1 freq=1\n", 2, 13, "unexpected 'freq'"},
	{HEAD "  1: ord p1 clobber\nend\n", 5, 20, "expected register set"},
	/* GCC's forms (docs/IR.md). */
	{"func f gcc\nb0:\n  1: ret\nend\n", 1, 8, "'gcc' needs 'allocated'"},
	{"func f gcc allocated gcc\n", 1, 22, "duplicate attribute 'gcc'"},
	{HEAD "  1: ord p1 [deleted]\nend\n", 5, 13,
	 "'[deleted]' outside an allocated function"},
	{AHEAD "  move =p1 @ax, p1 @bx [deleted]\nend\n", 5, 24,
	 "'[deleted]' on an instruction without a UID"},
	{AHEAD "  1: ord p1 @ax [deleted]\nend\n", 5, 10,
	 "location on an operand of a deleted instruction"},
	{AHEAD "  1: ord p1 [deleted] [remat]\nend\n", 5, 23,
	 "expected '[deleted]'"},
	{AHEAD "  1: ord p1 @ax [retarg]\nend\n", 5, 6,
	 "'[retarg]' on an instruction that is not a call"},
	{AHEAD "  1: ord p1 @ax [twice]\nend\n", 5, 6,
	 "'[twice]' on an instruction that is not a call"},
	{"func f\nb0: -> b1!abcal\n", 2, 10, "unknown edge flag"},
	{AHEAD "  1: ord p1 @ax [removed]\nend\n", 5, 17,
	 "expected '[remat]' or '[deleted]'"},
	{HEAD "  1: ord =p1, %ax [xcopy]\nend\n", 5, 6,
	 "'[xcopy]' on an instruction that is not an 'ord' =pN, pM"},
	{HEAD "  1: ord =p1, p2[0,8] [xcopy]\nend\n", 5, 6,
	 "'[xcopy]' on an instruction that is not an 'ord' =pN, pM"},
	{HEAD "  1: copy =p1, p2 [xcopy]\nend\n", 5, 6,
	 "'[xcopy]' on an instruction that is not an 'ord' =pN, pM"},
	{AHEAD "  1: ord =p1 @ax, p1 @bx [comm 0]\nend\n", 5, 26,
	 "'[comm 0]': operand 0 is not a use of a pseudo"},
	{AHEAD "  1: ord p1 @ax, p1 @bx [comm 1]\nend\n", 5, 25,
	 "'[comm 1]': operand 2 does not exist"},
	{AHEAD "  move =@ax, @bx [comm 0]\nend\n", 5, 18,
	 "'[comm]' on an instruction that is not an 'ord'"},
	{AHEAD "  1: ord p1 @ax, p1 @bx [comm 0\nend\n", 5, 32,
	 "expected ']' after the operand number of '[comm'"},
	{AHEAD "  1: ord =p1 @ax, p1 @bx [mirror 0]\nend\n", 5, 26,
	 "'[mirror 0]': operand 0 is not a use of a pseudo"},
	{AHEAD "  move =@ax, @bx [mirror 0]\nend\n", 5, 18,
	 "'[mirror]' on an instruction that is not an 'ord'"},
	{AHEAD "  1: ord p1 @ax, p1 @bx [mirror 0\nend\n", 5, 34,
	 "expected ']' after the operand number of '[mirror'"},
	{AHEAD "  1: ord =@ax, p1 @bx\nend\n", 5, 11,
	 "a bare location is only allowed on an inserted instruction"},
	{HEAD "  move =@ax, @bx\nend\n", 5, 9, "bare location"},
	{AHEAD "  move =@ax {ax}, @bx\nend\n", 5, 13,
	 "register set on a bare location"},
	{AHEAD "  move =@ax @bx, @bx\nend\n", 5, 13,
	 "location on a bare location"},
	{AHEAD "  move =@ax[0,4], @bx\nend\n", 5, 12,
	 "subreg on a bare location"},
	{AHEAD "  move =@ax:0, @bx\nend\n", 5, 13, "location width out of range"},
	{AHEAD "  move =@ax:65, @bx\nend\n", 5, 13,
	 "location width out of range"},
	{AHEAD "  move =@s7, @bx\nend\n", 5, 9, "undeclared slot s7"},
	{AHEAD "  move =@, @bx\nend\n", 5, 10, "expected register name"},
	{AHEAD "  1: ord p1 @$\nend\n", 5, 15, "expected immediate or symbol"},
	{AHEAD "  1: ord p1 @[$5]\nend\n", 5, 16, "expected symbol after '[$'"},
	{AHEAD "  1: ord p1 @[$x\nend\n", 5, 17, "expected ']' after '[$x'"},
	{AHEAD "  1: ord p1 @ax, [$x+]\nend\n", 5, 22, "expected symbol offset"},
	{AHEAD "  1: ord p1 @ax, [$x] @ax\nend\n", 5, 23,
	 "location on a constant"},
	{AHEAD "  1: ord p1 @ax, [$x] {ax}\nend\n", 5, 23,
	 "register set on a constant"},
	{AHEAD "  1: ord p1 @ax, [$x][0,4]\nend\n", 5, 22,
	 "subreg on a constant"},
	{AHEAD "  1: ord p1 @ax, p1 @[$x]y\nend\n", 5, 26, "unexpected 'y'"},
	{AHEAD "  reload =@ax, @$1\nend\n", 5, 16,
	 "reload source must be in a slot"},
};

/* Checks one malformed text: exact FILE:LINE:COL prefix, key word. */
static void check_err(const struct ErrCase *c, size_t len)
{
	IrFile f;
	IrError err;
	char want[64];
	snprintf(want, sizeof want, "<test>:%d:%d: error: ", c->line, c->col);
	if (!t_check(!parse_exact(c->text, len, &f, &err), __FILE__, __LINE__,
		     "accepted:\n%s", c->text)) {
		irfile_free(&f);
		return;
	}
	t_check(strncmp(err.msg, want, strlen(want)) == 0 &&
			strstr(err.msg + strlen(want), c->word) != NULL,
		__FILE__, __LINE__, "got '%s', expected '%s...%s...' for:\n%s",
		err.msg, want, c->word, c->text);
	t_check(err.line == c->line && err.col == c->col, __FILE__, __LINE__,
		"err.line/col %d:%d for '%s'", err.line, err.col, err.msg);
	t_check(f.nfn == 0 && f.fn == NULL, __FILE__, __LINE__,
		"failed parse left output");
}

static void t_errors(void)
{
	size_t n = sizeof err_cases / sizeof err_cases[0];
	for (size_t k = 0; k < n; k++)
		check_err(&err_cases[k], strlen(err_cases[k].text));
}

/* A malformed function after a good one: the good one is freed too
 * (valgrind/ASan would report the leak) and the line count carries on. */
static void t_error_after_good(void)
{
	static const struct ErrCase c = {
		"func a\nb0:\n  1: ret\nend\n\nfunc b\nb0:\n  2: rte\nend\n",
		8, 6, "unknown instruction kind 'rte'"};
	check_err(&c, strlen(c.text));
}

/* NUL bytes are not characters of the format anywhere. */
static void t_nul_bytes(void)
{
	static const char ret_nul[] = "func f\nb0:\n  1: ret\0\nend\n";
	static const char str_nul[] = "func f\nb0:\n  1: ret \"a\0b\"\nend\n";
	static const char name_nul[] = "func f\0g\nb0:\n  1: ret\nend\n";
	static const char lead_nul[] = "\0func f\n";
	static const struct ErrCase cases[] = {
		{ret_nul, 3, 9, "unexpected byte 0x00"},
		{str_nul, 3, 12, "control byte 0x00 in string"},
		{name_nul, 1, 7, "unexpected byte 0x00"},
		{lead_nul, 1, 1, "expected 'func'"},
	};
	const size_t lens[] = {sizeof ret_nul - 1, sizeof str_nul - 1,
			       sizeof name_nul - 1, sizeof lead_nul - 1};
	for (int k = 0; k < 4; k++)
		check_err(&cases[k], lens[k]);
}

/* Every prefix of a valid file parses cleanly or fails cleanly. */
static void t_truncated(void)
{
	size_t len = strlen(every_text), accepted = 0;
	for (size_t cut = 0; cut <= len; cut++)
		accepted += check_clean(every_text, cut, __FILE__, __LINE__);
	/* At least the empty prefix, the cuts inside the first comment and
	 * the cuts just after each of the three "end"s are complete. */
	CHECK(accepted >= 6);
}

/* Random bytes, and random bytes biased toward the format's alphabet. */
static void t_garbage(void)
{
	static const char alpha[] = "func end pseudo p1 gpr 8 b0: -> ret "
				    "phi from =+&%$ax{},^0 mem @s0 [remat]\n";
	char buf[300];
	rng_state = 0x9e3779b97f4a7c15ull;
	for (int k = 0; k < 4000; k++) {
		size_t n = rng() % sizeof buf;
		for (size_t j = 0; j < n; j++)
			buf[j] = k % 2 ? (char)rng()
				       : alpha[rng() % (sizeof alpha - 1)];
		check_clean(buf, n, __FILE__, __LINE__);
	}
}

/* Valid texts with random bytes changed, inserted or deleted. */
static void t_mutations(void)
{
	static const char pool[] = "=+&%$@^{}[],:-!#\"\\ \n\t0123456789pbs";
	size_t len = strlen(every_text), accepted = 0;
	char *buf = malloc(len + 16);
	rng_state = 12345;
	for (int k = 0; k < 3000 && buf; k++) {
		size_t n = len;
		memcpy(buf, every_text, len);
		for (int m = 0; m < 1 + (int)(rng() % 3); m++) {
			size_t at = rng() % n;
			char c = pool[rng() % (sizeof pool - 1)];
			switch (rng() % 3) {
			case 0:
				buf[at] = c;
				break;
			case 1:
				memmove(buf + at + 1, buf + at, n - at);
				buf[at] = c;
				n++;
				break;
			default:
				memmove(buf + at, buf + at + 1, n - at - 1);
				n--;
			}
		}
		accepted += check_clean(buf, n, __FILE__, __LINE__);
	}
	free(buf);
	CHECK(accepted > 0);
}

/* A large function with forward references everywhere: block i jumps to
 * block i+1, which appears later, and phis name blocks not yet seen. */
static void t_large(void)
{
	enum { N = 20000 };
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	if (!m)
		return;
	fprintf(m, "func large\n  pseudo p1 gpr 8\n");
	for (int b = 0; b < N; b++) {
		fprintf(m, "b%d: -> b%d\n", 3 * b, 3 * (b + 1));
		if (b)
			fprintf(m, "  %d: phi =p1, p1 from b%d\n", b, 3 * (b - 1));
	}
	fprintf(m, "b%d:\n  %d: phi =p1, p1 from b%d\n  %d: ret\nend\n",
		3 * N, N, 3 * (N - 1), N + 1);
	fclose(m);
	IrFile f;
	IrError err;
	if (t_check(parse_exact(buf, len, &f, &err), __FILE__, __LINE__, "%s",
		    err.msg)) {
		CHECK_INT(f.fn[0]->nblk, N + 1);
		CHECK_INT(f.fn[0]->blk[N]->pred[0], N - 1);
		CHECK_INT(f.fn[0]->blk[7]->first->ops[1].from, 6);
		irfile_free(&f);
	}
	free(buf);
}

/* ir_parse_file on a real file, a missing file, and the "-" name. */
static void t_parse_file(void)
{
	char path[256];
	t_tmpname(path, sizeof path, "ssara-irtext");
	int fd = mkstemp(path);
	if (!t_check(fd >= 0, __FILE__, __LINE__, "mkstemp failed"))
		return;
	FILE *f = fdopen(fd, "w");
	fputs(gcd_text, f);
	fputs("func bad\nb0:\n  1: rte\nend\n", f);
	fclose(f);
	IrFile out;
	IrError err;
	CHECK(!ir_parse_file(path, target_x86_64(), &out, &err));
	char want[512];
	snprintf(want, sizeof want, "%s:23:6: error: unknown instruction",
		 path);
	CHECK(strncmp(err.msg, want, strlen(want)) == 0);
	f = fopen(path, "w");
	fputs(gcd_text, f);
	fclose(f);
	if (t_check(ir_parse_file(path, target_x86_64(), &out, &err),
		    __FILE__, __LINE__, "%s", err.msg)) {
		CHECK_INT(out.nfn, 1);
		irfile_free(&out);
	}
	unlink(path);
	CHECK(!ir_parse_file(path, target_x86_64(), &out, &err));
	snprintf(want, sizeof want, "%s: error: ", path);
	CHECK(strncmp(err.msg, want, strlen(want)) == 0);
	CHECK(strstr(err.msg, "No such file") != NULL);
}

/* An allocation in progress: locations on some operands of a function not
 * marked allocated parse, keep their values and print back. */
static void t_partial_locations(void)
{
	static const char text[] = "func f\n"
				   "  pseudo p1 gpr 8\n"
				   "  pseudo p2 gpr 8\n"
				   "  slot s0 8\n"
				   "b2: freq=1 depth=0\n"
				   "  1: ord =p1, $5\n"
				   "  spill =p1 @s0, p1\n"
				   "  reload =p2, p1 @s0\n"
				   "  2: ret p2\n"
				   "end\n";
	IrFile f;
	if (!t_parse(text, &f))
		return;
	const Fn *fn = f.fn[0];
	CHECK(!fn->allocated);
	const Ins *sp = fn->blk[0]->first->next;
	CHECK_INT(sp->kind, IK_SPILL);
	CHECK_INT(sp->ops[0].loc.kind, LOC_SLOT);
	CHECK_INT(sp->ops[0].loc.num, 0);
	CHECK_INT(sp->ops[1].loc.kind, LOC_NONE);
	char *out = ir_print_str(fn);
	CHECK_STR(out, text);
	free(out);
	irfile_free(&f);
}

/* The x87 class (IR.md "Declarations", "Core register order"): a pseudo
 * of class x87, the registers %st0..%st7 as values, in register sets and
 * as locations, printed back as they were written. */
static void t_x87(void)
{
	static const char text[] =
		"func ld allocated\n"
		"  pseudo p1 x87 16\n"
		"  pseudo p2 x87 16\n"
		"  slot s0 16\n"
		"b2: freq=1 depth=0\n"
		"  1: copy =p1 @st2, %st0\n"
		"  2: ord \"*addxf3_i387\" =p2 {st0-st7} @st1, p1 @st2, "
		"p1[0,10] @st2 clobber {st3,st4}\n"
		"  spill =p1 @s0, p1 @st2\n"
		"  3: call \"f\" clobber {st0-st7,flags}\n"
		"  reload =p1 @st0, p1 @s0\n"
		"  4: copy =%st1, p1 @st0\n"
		"  5: ret %st0, %st1\n"
		"end\n";
	IrFile f;
	if (!t_parse(text, &f))
		return;
	const Fn *fn = f.fn[0];
	CHECK_INT(fn->pseudo[1].cls, RC_X87);
	CHECK_INT(fn->pseudo[1].size, 16);
	const Ins *i = fn->blk[0]->first;
	CHECK_OP(&i->ops[0], OK_PSEUDO, OF_DEF, 1);
	CHECK_INT(i->ops[0].loc.kind, LOC_REG);
	CHECK_INT(i->ops[0].loc.num, R_ST2);
	CHECK_OP(&i->ops[1], OK_HREG, OF_USE, R_ST0);
	i = i->next;
	CHECK_INT(i->ops[0].allowed, 0xff00000000ull); /* bits 32..39 */
	CHECK_INT(i->ops[2].sub_off, 0);
	CHECK_INT(i->ops[2].sub_size, 10);
	CHECK_INT(i->clobbers, RS_BIT(R_ST3) | RS_BIT(R_ST4));
	char *out = ir_print_str(fn);
	CHECK_STR(out, text);
	free(out);
	irfile_free(&f);
	/* 16 bytes is the whole of an x87 register: a subreg past it is
	 * refused. */
	IrError err;
	static const char bad[] = "func b\nb2:\n  1: copy =%ax, %st0[8,16]\n"
				  "  2: ret %ax\nend\n";
	CHECK(!parse_exact(bad, sizeof bad - 1, &f, &err));
}

void suite_irtext(void)
{
	t_case("irtext: every construct, field by field", t_every_construct);
	t_case("irtext: the IR.md example", t_spec_example);
	t_case("irtext: regset_print", t_regset_print);
	t_case("irtext: the x87 class and st registers", t_x87);
	t_case("irtext: canonical printing", t_print_canonical);
	t_case("irtext: printing a built function", t_print_built);
	t_case("irtext: printing minimal functions", t_print_minimal);
	t_case("irtext: round trips", t_roundtrip);
	t_case("irtext: GCC's forms, field by field", t_gcc_forms);
	t_case("irtext: GCC's forms, canonical printing", t_gcc_canonical);
	t_case("irtext: GCC's forms, random mutations", t_gcc_mutations);
	t_case("irtext: locations before allocation", t_partial_locations);
	t_case("irtext: fn_copy prints the same", t_roundtrip_copy);
	t_case("irtext: round-trip values", t_roundtrip_values);
	t_case("irtext: error messages", t_errors);
	t_case("irtext: error after a good function", t_error_after_good);
	t_case("irtext: NUL bytes", t_nul_bytes);
	t_case("irtext: every truncation", t_truncated);
	t_case("irtext: random bytes", t_garbage);
	t_case("irtext: random mutations", t_mutations);
	t_case("irtext: large forward-referencing function", t_large);
	t_case("irtext: ir_parse_file", t_parse_file);
}
