/* arena.h - bump allocation for one function's lifetime.
 *
 * Allocate freely while working on a function; free everything at once.
 * Allocation failure aborts the process: every caller would otherwise have
 * to unwind, and there is nothing sensible to do inside a compiler.
 */
#ifndef SSARA_ARENA_H
#define SSARA_ARENA_H

#include <stddef.h>

typedef struct Arena Arena;

Arena *arena_new(void);
void arena_free(Arena *a);
/* n zeroed bytes, aligned for any object. */
void *arena_alloc(Arena *a, size_t n);
/* n bytes, aligned for any object, not zeroed: for buffers the caller
 * writes before it reads them. */
void *arena_alloc_raw(Arena *a, size_t n);
/* A copy of old (oldn bytes) grown to newn zeroed-tail bytes. */
void *arena_grow(Arena *a, void *old, size_t oldn, size_t newn);
/* Bytes handed out so far (for statistics). */
size_t arena_used(const Arena *a);

#define ARENA_NEW(a, T, n) ((T *)arena_alloc((a), sizeof(T) * (size_t)(n)))
/* n objects of type T, not zeroed: for arrays written before they are
 * read. */
#define ARENA_RAW(a, T, n) ((T *)arena_alloc_raw((a), sizeof(T) * (size_t)(n)))

#endif
