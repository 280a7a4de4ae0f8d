/* x87.h - copies between x87 registers and registers of another class,
 * which x86 has no register move for, made through memory: original
 * copies get a memory-only side before allocation, inserted moves become
 * a store and a load after it (docs/ALLOC.md "Copies between x87 and SSE
 * registers"). */
#ifndef SSARA_X87_H
#define SSARA_X87_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir.h"

/* The copy operands x87_copies_via_memory made memory only (copy, operand
 * index, original flags and register set), to restore. */
typedef struct X87Mark {
	Ins *ins;
	int k;
	uint8_t flags;
	RegSet allowed;
} X87Mark;
typedef struct X87Marks {
	int n;
	X87Mark *m; /* in fn's arena */
} X87Marks;

/* Every original copy of fn (not yet in SSA form) between an x87 value
 * and a value of another class gets one side memory only (OF_MEMONLY):
 * the destination when it is a whole pseudo that admits memory (OF_MEM),
 * else the source when it is one (an fld or fst of the slot then does
 * the copy, and the other side is a register); the operands changed are
 * recorded in xm.  False with err set when neither side is such a pseudo
 * (not allocated). */
bool x87_copies_via_memory(Fn *fn, X87Marks *xm, char *err, size_t errlen);

/* Whether every phi of fn between x87 values copies: its whole-pseudo
 * x87 sources are of its destination's size.  False with err set
 * otherwise (not allocated): between an 8-byte and a 16-byte x87 value
 * a phi would convert, which only a store and a load do (fst/fld of
 * the narrower format), and no parallel copy of registers can. */
bool x87_phis_copy(const Fn *fn, char *err, size_t errlen);

/* Undoes x87_copies_via_memory on the allocation: each marked operand
 * gets back its flags and register set (the allocation keeps the
 * original's shape; the memory side keeps its slot location). */
void x87_copies_restore(const X87Marks *xm);

/* Every inserted move of the allocated fn between an x87 register and a
 * register of another class (a value read by an x87 insn in an x87
 * register, moved there from its SSE register by a constraint's copy)
 * becomes a store of the source into a new slot of the value's size and
 * a load from it, as GCC's secondary memory does.  False with err set
 * for such a swap (not allocated). */
bool x87_moves_via_memory(Fn *fn, char *err, size_t errlen);

#endif
