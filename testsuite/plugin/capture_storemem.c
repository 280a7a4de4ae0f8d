// options: -O2
/* A byte store's source in a register: `*movqi_internal`'s alternative
 * "m" "qn" takes a constant or a register there, and x86 has no move
 * from memory to memory.  The source used to be captured `mem`:
 * insn_extra_constraint_allows_reg_mem says "memory" for `n`, whose
 * test it cannot read, so a reload folded into it made a store from a
 * slot, which the checker verified and no insn matches (the
 * substitution writer kept GCC's allocation: "not recognised with hard
 * registers", libiberty buildargv at 7 registers).  A fixed-form
 * constraint is now asked about a slot itself (alt_memory_ok). */
void f(char *p, char c)
{
	*p = c;
}
//! f: ord "*movqi_internal" p?, p?[0,1] [wr p?:1]
//!ours f: verified
