/* redirect-use in a function whose unconditional jump GCC redirected
 * (docs/POSTRA.md, "Conditional jumps" and the simple jumps after it):
 * chase's loop exit jumps, before IRA, to a block holding only a copy
 * that reload deletes (both pseudos in one register); after reload the
 * jump goes straight to the block behind it.  The translation compares
 * where the jump goes in capture blocks and accepts it, so chase is
 * verified (postra_ujump.c; without this, "insn changed shape (set)",
 * and these faults go undetected as in 990128-1.c's sub at -O2).
 * Injected: one use of chase reads another register (the entry value of
 * r8, cx, or the register of another pseudo): the program aborts or
 * crashes, and the checker reports a violation. */
// options: -O2
// inject-options: -fplugin-arg-ssara-only=chase
// inject: redirect-use:1 chase
// inject: redirect-use:2 chase
// inject: redirect-use:3 chase
//!verdict chase: verified
extern void abort(void);
struct node { struct node *next; };
int visits;

static int walk(struct node *q, struct node **last)
{
	while (q)
		q = q->next;
	*last = q;
	visits++;
	return 1;
}

__attribute__((noipa)) void chase(struct node *q, struct node **last)
{
	while (walk(q, last)) {
		if (!q)
			break;
		q = q->next;
	}
}

int main(void)
{
	struct node c = {0}, b = {&c}, a = {&b};
	struct node *end = &a;
	chase(&a, &end);
	if (end != 0 || visits != 4)
		abort();
	return 0;
}
