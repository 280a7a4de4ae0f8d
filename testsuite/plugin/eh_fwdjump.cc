// options: -O2
/* A block emptied by reload but for its jump, merged into one
 * predecessor (docs/POSTRA.md "Blocks").  On the EH path of f, the
 * inlined ~H of the first H (a test, then a call that must not throw)
 * joins a block holding the copy of the exception pointer and a jump;
 * LRA deletes the copy (both pseudos in one register), GCC moves the
 * jump to the end of the call's block and sends the test's branch past
 * the block.  That block is an edge after reload and its jump the
 * call's block's one edge (edge_block_jump); before, the translation
 * gave up: "block removed by the register allocator" (pr58555.C
 * addServer in g++.dg/torture at -O2). */
int atomic_exchange_and_add();
struct G {
	virtual void dispose() = 0;
	void release()
	{
		if (atomic_exchange_and_add() == 1)
			dispose();
	}
};
struct H {
	G *pi_;
	H(int *);
	~H()
	{
		if (pi_)
			pi_->release();
	}
};
void spc(void *, H);
struct I {
	H pn;
	I(int *p) : pn(p) { spc(this, 0); }
};
void f() { I(new int); }
//! _Z1fv: copy =p?, p?
//!gcc _Z1fv: copy =p?, p? [deleted]
//!verdict _Z1fv: verified
//!ours _Z1fv: verified
