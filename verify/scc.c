/* scc.c - the order in which run_once processes the blocks: the strongly
 * connected components of f's reached blocks (Tarjan), in topological
 * order, each component's blocks in reverse post-order.  A block of a
 * component without a cycle has its final entry state the first time it
 * is replayed, so it is replayed once, checking as it goes; a cycle's
 * blocks go to their fixed point first, then are checked
 * (docs/VERIFY.md "Data flow"). */
#include "vstate.h"

#include <stdlib.h>

/* Tarjan's algorithm from f's entry without recursion; writes each
 * component's blocks to out (a component's blocks together) in the
 * order Tarjan completes them (reverse topological), its first index
 * to first[] (first[nscc] = the total); returns nscc. */
static int tarjan(Chk *c, int *out, int *first)
{
	const Fn *f = c->f;
	int n = f->nblk, idx = 0, sp = 0, cs = 0, nout = 0, nscc = 0;
	int *num = ARENA_NEW(c->a, int, n + 1);
	int *low = ARENA_NEW(c->a, int, n + 1);
	bool *on = ARENA_NEW(c->a, bool, n + 1);
	int *stack = ARENA_NEW(c->a, int, n + 1);
	int *call = ARENA_NEW(c->a, int, n + 1);
	int *next = ARENA_NEW(c->a, int, n + 1);
	for (int b = 0; b < n; b++)
		num[b] = -1;
	call[cs++] = f->entry;
	num[f->entry] = low[f->entry] = idx++;
	stack[sp++] = f->entry;
	on[f->entry] = true;
	while (cs) {
		int b = call[cs - 1];
		if (next[b] < f->blk[b]->nsucc) {
			int s = f->blk[b]->succ[next[b]++].blk;
			if (num[s] < 0) {
				num[s] = low[s] = idx++;
				stack[sp++] = s;
				on[s] = true;
				call[cs++] = s;
			} else if (on[s] && num[s] < low[b]) {
				low[b] = num[s];
			}
			continue;
		}
		cs--;
		if (cs && low[b] < low[call[cs - 1]])
			low[call[cs - 1]] = low[b];
		if (low[b] != num[b])
			continue;
		first[nscc++] = nout;
		int v;
		do {
			v = stack[--sp];
			on[v] = false;
			out[nout++] = v;
		} while (v != b);
	}
	first[nscc] = nout;
	return nscc;
}

int setup_sccs(Chk *c, int *order, int *first, bool *cyclic)
{
	const Fn *f = c->f;
	int n = f->nblk;
	int *rnum = ARENA_NEW(c->a, int, n + 1);
	int *tout = ARENA_NEW(c->a, int, n + 1);
	int *tfirst = ARENA_NEW(c->a, int, n + 2);
	for (int k = 0; k < c->nrpo; k++)
		rnum[c->rpo[k]] = k;
	int nscc = tarjan(c, tout, tfirst), m = 0;
	for (int k = nscc - 1, j = 0; k >= 0; k--, j++) {
		int lo = tfirst[k], hi = tfirst[k + 1];
		first[j] = m;
		for (int i = lo; i < hi; i++)
			order[m + i - lo] = rnum[tout[i]];
		qsort(order + m, (size_t)(hi - lo), sizeof(int), cmp_int);
		for (int i = 0; i < hi - lo; i++)
			order[m + i] = c->rpo[order[m + i]];
		cyclic[j] = hi - lo > 1;
		const Blk *bb = f->blk[order[m]];
		for (int s = 0; !cyclic[j] && s < bb->nsucc; s++)
			cyclic[j] = bb->succ[s].blk == order[m];
		m += hi - lo;
	}
	first[nscc] = m;
	return nscc;
}
