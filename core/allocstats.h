/* allocstats.h - counting what an allocation inserted (alloc_count,
 * declared in alloc.h) and the instructions of a function. */
#ifndef SSARA_ALLOCSTATS_H
#define SSARA_ALLOCSTATS_H

#include "ir.h"

/* The instructions of fn, all blocks. */
int count_ins(const Fn *fn);

#endif
