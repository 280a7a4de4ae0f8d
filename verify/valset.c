/* valset.c - hash-consed sets of values, the contents of the checker's
 * locations (each set stored once, named by an id), and the allocation
 * and string helpers of every file of the checker.  Needs nothing but
 * vstate.h. */
#include "vstate.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ---- Allocation and strings -------------------------------------------- */

void *verify_xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);
	if (!q) {
		fprintf(stderr, "ssara: out of memory (%zu bytes)\n", n);
		abort();
	}
	return q;
}

void *grow(void *p, size_t sz, int *cap, int n)
{
	if (n <= *cap)
		return p;
	int c = *cap ? *cap : 16;
	while (c < n)
		c *= 2;
	*cap = c;
	return verify_xrealloc(p, sz * (size_t)c);
}

void str_addf(Str *s, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int k = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (k < 0)
		return;
	if (s->n + (size_t)k + 1 > s->cap) {
		s->cap = (s->n + (size_t)k + 1) * 2;
		s->s = verify_xrealloc(s->s, s->cap);
	}
	va_start(ap, fmt);
	vsnprintf(s->s + s->n, (size_t)k + 1, fmt, ap);
	va_end(ap);
	s->n += (size_t)k;
}

/* ---- Hash-consed sets of values ---------------------------------------- */

static uint32_t set_hash(const int *v, int n)
{
	uint32_t h = 2166136261u;
	for (int i = 0; i < n; i++) {
		h ^= (uint32_t)v[i];
		h *= 16777619u;
	}
	return h ^ (uint32_t)n;
}

static void pool_rehash(SetPool *p, int cap)
{
	free(p->tab);
	p->tab = verify_xrealloc(NULL, sizeof(int) * (size_t)cap);
	p->tabcap = cap;
	for (int i = 0; i < cap; i++)
		p->tab[i] = -1;
	for (int s = 1; s < p->nset; s++) {
		uint32_t h = set_hash(p->mem + p->off[s], p->len[s]);
		int k = (int)(h & (uint32_t)(cap - 1));
		while (p->tab[k] >= 0)
			k = (k + 1) & (cap - 1);
		p->tab[k] = s;
	}
}

int set_intern(SetPool *p, const int *v, int n)
{
	if (n == 0)
		return 0;
	uint32_t h = set_hash(v, n);
	int k = (int)(h & (uint32_t)(p->tabcap - 1));
	for (; p->tab[k] >= 0; k = (k + 1) & (p->tabcap - 1)) {
		int s = p->tab[k];
		if (p->len[s] == n &&
		    memcmp(p->mem + p->off[s], v, sizeof(int) * (size_t)n) == 0)
			return s;
	}
	p->mem = grow(p->mem, sizeof(int), &p->capmem, p->nmem + n);
	if (p->nset + 1 > p->capset) {
		p->off = grow(p->off, sizeof(int), &p->capset, p->nset + 1);
		p->len = verify_xrealloc(p->len,
					 sizeof(int) * (size_t)p->capset);
	}
	int s = p->nset++;
	p->off[s] = p->nmem;
	p->len[s] = n;
	memcpy(p->mem + p->nmem, v, sizeof(int) * (size_t)n);
	p->nmem += n;
	p->tab[k] = s;
	if (2 * p->nset > p->tabcap)
		pool_rehash(p, 2 * p->tabcap);
	return s;
}

void pool_init(SetPool *p)
{
	memset(p, 0, sizeof *p);
	/* mem is never NULL, so that set_v of the empty set is a valid
	 * pointer (NULL + 0 is undefined) */
	p->mem = grow(p->mem, sizeof(int), &p->capmem, 16);
	p->off = grow(p->off, sizeof(int), &p->capset, 1);
	p->len = verify_xrealloc(NULL, sizeof(int) * (size_t)p->capset);
	p->off[0] = p->len[0] = 0; /* the empty set, never in the table */
	p->nset = 1;
	pool_rehash(p, 64); /* grows with the sets (set_intern) */
}

void pool_free(SetPool *p)
{
	free(p->mem);
	free(p->off);
	free(p->len);
	free(p->tab);
	free(p->buf);
	free(p->single);
}

static int *pool_buf(SetPool *p, int n)
{
	p->buf = grow(p->buf, sizeof(int), &p->capbuf, n);
	return p->buf;
}

int set_single(SetPool *p, int v)
{
	if (v < 0)
		return set_intern(p, &v, 1);
	if (v >= p->capsingle) {
		int old = p->capsingle;
		p->single = grow(p->single, sizeof(int), &p->capsingle, v + 1);
		memset(p->single + old, 0,
		       sizeof(int) * (size_t)(p->capsingle - old));
	}
	if (!p->single[v])
		p->single[v] = set_intern(p, &v, 1);
	return p->single[v];
}

int set_add(SetPool *p, int s, int v)
{
	if (set_has(p, s, v))
		return s;
	int n = p->len[s];
	int *b = pool_buf(p, n + 1);
	const int *a = set_v(p, s);
	int k = 0, i = 0;
	while (i < n && a[i] < v)
		b[k++] = a[i++];
	b[k++] = v;
	while (i < n)
		b[k++] = a[i++];
	return set_intern(p, b, k);
}

int set_del(SetPool *p, int s, int v)
{
	if (!set_has(p, s, v))
		return s;
	int n = p->len[s];
	int *b = pool_buf(p, n);
	const int *a = set_v(p, s);
	int k = 0;
	for (int i = 0; i < n; i++)
		if (a[i] != v)
			b[k++] = a[i];
	return set_intern(p, b, k);
}

int set_inter(SetPool *p, int x, int y)
{
	if (x == y || x == 0)
		return x;
	if (y == 0)
		return 0;
	int nx = p->len[x], ny = p->len[y];
	int *b = pool_buf(p, nx < ny ? nx : ny);
	const int *a = set_v(p, x), *c = set_v(p, y);
	int i = 0, j = 0, k = 0;
	while (i < nx && j < ny) {
		if (a[i] < c[j])
			i++;
		else if (a[i] > c[j])
			j++;
		else {
			b[k++] = a[i];
			i++;
			j++;
		}
	}
	return set_intern(p, b, k);
}

int set_union(SetPool *p, int x, int y)
{
	if (x == y || y == 0)
		return x;
	if (x == 0)
		return y;
	int nx = p->len[x], ny = p->len[y];
	int *b = pool_buf(p, nx + ny);
	const int *a = set_v(p, x), *c = set_v(p, y);
	int i = 0, j = 0, k = 0;
	while (i < nx || j < ny) {
		if (j == ny || (i < nx && a[i] < c[j]))
			b[k++] = a[i++];
		else if (i == nx || c[j] < a[i])
			b[k++] = c[j++];
		else {
			b[k++] = a[i];
			i++;
			j++;
		}
	}
	return set_intern(p, b, k);
}
