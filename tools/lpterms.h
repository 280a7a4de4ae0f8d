/* lpterms.h - the constraint coefficients of a GLPK problem in the
 * layout glp_load_matrix takes (1-based triplets: row, column, value),
 * grown as rows are written; shared by the ILP of optimal spill code
 * (ilp.c) and the coalescing optimum (coalopt.c). */
#ifndef SSARA_LPTERMS_H
#define SSARA_LPTERMS_H

#include <stddef.h>

typedef struct LpTerms {
	int n, cap;     /* triplets 1..n */
	int *ia, *ja;   /* row, column */
	double *ar;     /* coefficient */
} LpTerms;

/* Appends coef times column col to row `row`. */
void lp_term(LpTerms *t, int row, int col, double coef);

/* Frees the triplets; t is empty again. */
void lp_terms_free(LpTerms *t);

/* realloc to n bytes (at least 1); aborts when out of memory. */
void *lp_realloc(void *p, size_t n);

#endif
