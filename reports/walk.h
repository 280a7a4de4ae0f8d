/* walk.h - the files named on the command line, directories expanded.
 *
 * A named path is followed if it is a symbolic link.  Inside a directory
 * the walk is physical, like find(1) without -L: entries are visited in
 * name order, subdirectories recursively, and symbolic links are not
 * followed (so the walk cannot loop through them, nor read a file twice
 * through a link); FIFOs, devices and sockets are skipped.  A directory
 * met again below itself (a bind mount) is skipped too.
 */
#ifndef SSARA_WALK_H
#define SSARA_WALK_H

#include <stdbool.h>

#include "diag.h"

/* Called for each regular file; named: the path was given as is (not
 * found inside a directory). */
typedef void (*WalkFn)(void *ctx, const char *path, bool named);

/* Calls fn on path, or on every regular file below it if it is a
 * directory.  Paths that cannot be examined are reported to d. */
void walk_path(const char *path, WalkFn fn, void *ctx, Diag *d);

#endif
