/* locations.h - where things are once the SSA function is coloured:
 * every pseudo's location, every operand's; the phis and moves that move
 * nothing there removed. */
#ifndef SSARA_LOCATIONS_H
#define SSARA_LOCATIONS_H

#include "colour.h"
#include "ir.h"

/* Where every pseudo of the coloured SSA function lives: its register
 * (c), else its spill slot (slot_of, NULL when nothing was spilled),
 * else (named by no register operand, not in memory) anywhere valid.
 * An array of fn->npseudo + 1 in fn's arena. */
Loc *locations(const Fn *fn, const Colour *c, const int *slot_of);

/* Removes the memory phis (every operand in one slot, located: they
 * move nothing) so that SSA destruction sees register phis only. */
void drop_memory_phis(Fn *fn);

/* Where operand o of an allocated function is: its hard register, else
 * its location. */
Loc op_location(const Op *o);

/* Removes the moves of the allocated fn that move nothing (source and
 * destination in one place). */
void drop_null_moves(Fn *fn);

/* Removes the moves of the allocated fn whose destination register
 * already holds the value of the source: within each block, each
 * register's contents numbered as a value (a move or copy gives the
 * destination the source's number, a swap exchanges them, any other
 * write or clobber forgets it).  The parallel copies before constrained
 * instructions move a value away and back (`dx := bp; use dx; bp :=
 * dx`): the move back goes. */
void drop_redundant_moves(Fn *fn);

#endif
