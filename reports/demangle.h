/* demangle.h - readable function names for the report: the C++ (Itanium
 * ABI) names of the records demangled with libiberty's demangler, which
 * is GCC's own. */
#ifndef SSARA_DEMANGLE_H
#define SSARA_DEMANGLE_H

#include "arena.h"

/* fn demangled (with its parameter types: "ns::f(int)"), a copy in a;
 * fn itself (not copied) when it is not a mangled C++ name, e.g. a C
 * function or a clone suffix the demangler does not know. */
const char *demangle_name(Arena *a, const char *fn);

#endif
