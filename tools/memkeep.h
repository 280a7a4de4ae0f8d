/* memkeep.h - malloc settings for a process that allocates and frees one
 * function's memory after another (`ssara`'s commands, the benchmark). */
#ifndef SSARA_MEMKEEP_H
#define SSARA_MEMKEEP_H

#include <stddef.h>

/* Freed memory stays in the process for the next function, up to trim
 * bytes free at the heap's top, instead of going back to the kernel each
 * time (glibc's default trims beyond 128 KiB, and the next function's
 * first touch of each page is then a page fault, the kernel zeroing
 * it); so do blocks of up to 32 MiB, which glibc would otherwise map and
 * unmap whole.  Call once, at the start of main. */
void keep_freed_memory(size_t trim);

#endif
