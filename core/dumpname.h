/* dumpname.h - the name of a function's dump file (docs/CAPTURE.md,
 * "Dumps"), shared by the plugin that writes it and the readers that
 * find it by a record's `dump` stem and `fn`. */
#ifndef SSARA_DUMPNAME_H
#define SSARA_DUMPNAME_H

#include <stddef.h>

/* The longest file name component the dump names use (NAME_MAX of
 * Linux file systems). */
#define DUMP_NAME_MAX 255

/* Writes "DIR/STEM.FN.SUFFIX" into out (n bytes, truncated to fit as
 * snprintf does) where FN is fn itself when "STEM.FN.gcc.ir" fits in
 * DUMP_NAME_MAX bytes, else fn's first bytes followed by "." and the
 * eight hex digits of the 32-bit FNV-1a hash of the whole of fn, as
 * many first bytes as keep that name within the limit (long C++
 * template names).  suffix is ".ir" or ".gcc.ir". */
void dump_path(char *out, size_t n, const char *dir, const char *stem,
	       const char *fn, const char *suffix);

#endif /* SSARA_DUMPNAME_H */
