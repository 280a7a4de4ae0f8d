// options: -O2
/* An unconditional jump that GCC redirected after reload (docs/POSTRA.md,
 * "Conditional jumps", simple jumps): chase's loop exit jumps before IRA
 * to a block holding only a copy between two pseudos that IRA puts in
 * one register; reload deletes the copy and the emptied block (an edge
 * of the capture's CFG), and the jump now names the label of the block
 * behind it.  Both labels lead to the same capture block (cap_dest,
 * post_dest): the same jump.  Without this, "insn changed shape
 * (set)" (990128-1.c `sub`, pr65427.c `foo`, pr69320-4.c `main`,
 * 20000412-6.c `bug`).  Faults in chase: inject_ujump.c. */
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

void chase(struct node *q, struct node **last)
{
	while (walk(q, last)) {
		if (!q)
			break;
		q = q->next;
	}
}
//!verdict chase: verified
