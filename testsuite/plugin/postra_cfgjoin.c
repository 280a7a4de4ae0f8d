// options: -O2
/* A branch whose two edges reach the same block with nothing left
 * between (docs/POSTRA.md "Blocks", docs/VERIFY.md "A branch that
 * decides nothing"): walk's inner test `if (seen)` chooses between two
 * empty infinite loops, which GCC merges; after reload the conditional
 * jump (uid 31) is deleted and its block falls into the loop.  The
 * allocation keeps the capture's two edges (through the empty block)
 * with the branch [deleted]; the checker sees that both edges reach one
 * block through nothing but deleted instructions.  Before, "edges
 * changed by the register allocator". */
int n, flag, out;
char last;

void walk(void)
{
	int seen = 0;
	for (; n; n++) {
		out = (flag != 0) ^ (n + 7);
		last = out * 5;
		if (last < 1) {
			if (seen)
				for (;;)
					;
			for (;;)
				;
		}
		seen = 1;
	}
}
//! walk: ord "*cmpqi_ccno_1" =%flags, p?, $0
//!gcc walk: branch "*jcc" %flags [deleted]
//!verdict walk: verified
