// options: -Os
/* A hard register read from another register after reload
 * (docs/POSTRA.md "Hard registers read from another register"): at -Os
 * GCC copies *p into the outgoing argument area with `rep movsl`
 * (*rep_movsi), whose destination address is sp before IRA, an input
 * tied to the output in di; LRA copies sp into di and names di in the
 * pattern, in the tied operand and in the memory address (match_dup).
 * The operand is located at di and the checker proves that di holds
 * sp's value there (IR pairs testsuite/ir/verify/gcc/repmov.*: the copy
 * before sp's adjustment, from another register, or missing, are
 * violations).  Without this, "insn changed shape (parallel,
 * *rep_movsi)" (12 functions over all levels in the torture suite:
 * *rep_movsi, *rep_movqi, *rep_movdi_rex64). */
struct big { int a[50]; };
extern void take(struct big);

void pass(struct big *p)
{
	take(*p);
}
//!verdict pass: verified

struct small { char c[37]; };
extern void take_small(struct small);

void pass_small(struct small *p) /* *rep_movqi: 37 bytes */
{
	take_small(*p);
}
//!verdict pass_small: verified
