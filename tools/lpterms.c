/* lpterms.c - GLPK constraint coefficients (lpterms.h). */
#include "lpterms.h"

#include <stdlib.h>

void *lp_realloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		abort();
	return p;
}

void lp_term(LpTerms *t, int row, int col, double coef)
{
	if (++t->n >= t->cap) {
		t->cap = 2 * t->n + 256;
		t->ia = lp_realloc(t->ia, sizeof(int) * (size_t)t->cap);
		t->ja = lp_realloc(t->ja, sizeof(int) * (size_t)t->cap);
		t->ar = lp_realloc(t->ar, sizeof(double) * (size_t)t->cap);
	}
	t->ia[t->n] = row;
	t->ja[t->n] = col;
	t->ar[t->n] = coef;
}

void lp_terms_free(LpTerms *t)
{
	free(t->ia);
	free(t->ja);
	free(t->ar);
	*t = (LpTerms){0};
}
