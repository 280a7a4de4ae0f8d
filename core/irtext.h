/* irtext.h - the IR text format (docs/IR.md): printer and parser. */
#ifndef SSARA_IRTEXT_H
#define SSARA_IRTEXT_H

#include <stdbool.h>
#include <stdio.h>

#include "ir.h"

typedef struct IrError {
	char msg[512]; /* "FILE:LINE:COL: error: WHAT" */
	int line, col;
} IrError;

/* Parses len bytes of text named path.  On success fills *out (free it with
 * irfile_free; out->fn is malloc'ed, each function owns its arena), with
 * every function's predecessor lists computed, and returns true.  On a
 * malformed input returns false with the first error in *err and nothing
 * left to free.  Never reads past text[len-1]; text need not end in NUL. */
bool ir_parse(const char *path, const char *text, size_t len,
	      const Target *t, IrFile *out, IrError *err);

/* Reads and parses the file at path ("-" = standard input).  An I/O error
 * is reported as "FILE: error: REASON". */
bool ir_parse_file(const char *path, const Target *t, IrFile *out,
		   IrError *err);

/* Prints fn in canonical form. */
void ir_print(FILE *f, const Fn *fn);

/* The canonical text of fn, malloc'ed (caller frees). */
char *ir_print_str(const Fn *fn);

/* Prints a register set in canonical form, e.g. "{ax,dx,r8-r11}". */
void regset_print(FILE *f, const Target *t, RegSet s);

#endif
