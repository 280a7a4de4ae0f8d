/* ehedge.h - exception edges for the allocator (docs/ALLOC.md "Exception
 * edges").
 *
 * The EH edge of a throwing instruction (the last of a block with an EH
 * successor) loses every call-clobbered register, whatever the
 * instruction's own clobber set says (an IPA-RA call, a trapping insn
 * with -fnon-call-exceptions), so a value living across it into the
 * landing pad needs a callee-saved register or memory.  For the
 * pipeline a throwing call clobbers all of them; before a throwing
 * non-call instruction goes an instruction of its own (a fresh uid, no
 * operands) clobbering the allocatable ones.  eh_unwiden puts the
 * calls' clobbers back and removes those. */
#ifndef SSARA_EHEDGE_H
#define SSARA_EHEDGE_H

#include <stdbool.h>
#include <stddef.h>

#include "ir.h"

typedef struct EhWide {
	int n;         /* the throwing calls widened: uid[0..n-1] ... */
	int *uid;
	RegSet *clob;  /* ... and their own clobber sets */
	int added;     /* instructions inserted, uids above maxuid */
	int maxuid;    /* fn's largest uid before (when added) */
} EhWide;

/* Widens fn's throwing instructions as above, recording in w what to
 * undo; registers holding a hard-register value that lives across the
 * instruction on a normal path (or that a non-call throwing instruction
 * reads) are spared, since that value keeps pseudos out of them there.
 * False with err set (fn as it was) when a landing pad reads a pseudo
 * the throwing instruction writes and that had a value before it: on
 * the EH edge the write did not happen, which the pipeline's SSA form
 * cannot say. */
bool eh_widen(Fn *fn, EhWide *w, char *err, size_t errlen);

/* Undoes eh_widen on the allocated fn. */
void eh_unwiden(Fn *fn, const EhWide *w);

#endif
