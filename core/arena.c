/* arena.c - chunked bump allocator. */
#include "arena.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef ArenaChunk Chunk;

enum { CHUNK_MIN = 64 * 1024 };

static void *xmalloc(size_t n)
{
	void *p = malloc(n);
	if (!p) {
		fprintf(stderr, "ssara: out of memory (%zu bytes)\n", n);
		abort();
	}
	return p;
}

Arena *arena_new(void)
{
	Arena *a = xmalloc(sizeof *a);
	a->head = NULL;
	a->total = 0;
	return a;
}

void arena_free(Arena *a)
{
	if (!a)
		return;
	for (Chunk *c = a->head, *n; c; c = n) {
		n = c->next;
		free(c);
	}
	free(a);
}

void *arena_alloc_chunk(Arena *a, size_t n)
{
	size_t sz = n > CHUNK_MIN ? n : CHUNK_MIN;
	Chunk *c = xmalloc(sizeof *c + sz);
	c->size = sz;
	c->used = 0;
	/* A big one-off block goes behind the current chunk so that the
	 * current chunk's free tail stays usable. */
	if (a->head && sz > CHUNK_MIN) {
		c->next = a->head->next;
		a->head->next = c;
	} else {
		c->next = a->head;
		a->head = c;
	}
	void *p = (char *)c->data + c->used;
	c->used += n;
	a->total += n;
	return p;
}

void *arena_grow(Arena *a, void *old, size_t oldn, size_t newn)
{
	char *p = arena_alloc_raw(a, newn);
	size_t kept = old ? (oldn < newn ? oldn : newn) : 0;
	if (kept)
		memcpy(p, old, kept);
	memset(p + kept, 0, newn - kept);
	return p;
}

void *arena_grow_raw(Arena *a, void *old, size_t oldn, size_t newn)
{
	char *p = arena_alloc_raw(a, newn);
	size_t kept = old ? (oldn < newn ? oldn : newn) : 0;
	if (kept)
		memcpy(p, old, kept);
	return p;
}

void intpairs_push(Arena *a, IntPairs *l, int v, int b)
{
	if (l->n == l->cap) {
		int cap = l->cap ? 2 * l->cap : 64;
		l->v = arena_grow_raw(a, l->v, sizeof(int) * (size_t)l->cap,
				      sizeof(int) * (size_t)cap);
		l->b = arena_grow_raw(a, l->b, sizeof(int) * (size_t)l->cap,
				      sizeof(int) * (size_t)cap);
		l->cap = cap;
	}
	l->v[l->n] = v;
	l->b[l->n++] = b;
}

size_t arena_used(const Arena *a)
{
	return a->total;
}
