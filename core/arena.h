/* arena.h - bump allocation for one function's lifetime.
 *
 * Allocate freely while working on a function; free everything at once.
 * Allocation failure aborts the process: every caller would otherwise have
 * to unwind, and there is nothing sensible to do inside a compiler.
 */
#ifndef SSARA_ARENA_H
#define SSARA_ARENA_H

#include <stddef.h>
#include <string.h>

/* The chunks, newest first; visible for the inline fast path of
 * arena_alloc_raw only. */
typedef struct ArenaChunk {
	struct ArenaChunk *next;
	size_t size, used;
	max_align_t data[];
} ArenaChunk;

typedef struct Arena {
	ArenaChunk *head;
	size_t total;
} Arena;

Arena *arena_new(void);
void arena_free(Arena *a);
/* arena_alloc_raw when the current chunk lacks room: a new chunk. */
void *arena_alloc_chunk(Arena *a, size_t n);

/* n bytes, aligned for any object, not zeroed: for buffers the caller
 * writes before it reads them. */
static inline void *arena_alloc_raw(Arena *a, size_t n)
{
	const size_t al = sizeof(max_align_t);
	n = n ? (n + al - 1) / al * al : al;
	ArenaChunk *c = a->head;
	if (!c || c->size - c->used < n)
		return arena_alloc_chunk(a, n);
	void *p = (char *)c->data + c->used;
	c->used += n;
	a->total += n;
	return p;
}

/* n zeroed bytes, aligned for any object.  Inline: the allocators ask
 * for many small blocks, most of a size known at compile time, whose
 * zeroing the compiler then writes out. */
static inline void *arena_alloc(Arena *a, size_t n)
{
	void *p = arena_alloc_raw(a, n);
	memset(p, 0, n);
	return p;
}
/* A copy of old (oldn bytes) grown to newn zeroed-tail bytes. */
void *arena_grow(Arena *a, void *old, size_t oldn, size_t newn);
/* arena_grow without zeroing the tail: for arrays filled in order. */
void *arena_grow_raw(Arena *a, void *old, size_t oldn, size_t newn);
/* Bytes handed out so far (for statistics). */
size_t arena_used(const Arena *a);

/* A list of int pairs (v[k], b[k]) in an arena, in the order pushed;
 * {0} is the empty list. */
typedef struct IntPairs {
	int *v, *b;
	int n, cap;
} IntPairs;
/* Appends (v, b) to l, growing it in a. */
void intpairs_push(Arena *a, IntPairs *l, int v, int b);

#define ARENA_NEW(a, T, n) ((T *)arena_alloc((a), sizeof(T) * (size_t)(n)))
/* n objects of type T, not zeroed: for arrays written before they are
 * read. */
#define ARENA_RAW(a, T, n) ((T *)arena_alloc_raw((a), sizeof(T) * (size_t)(n)))

#endif
