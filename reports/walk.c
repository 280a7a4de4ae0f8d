/* walk.c - named files and directory trees (walk.h). */
#include "walk.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The directories being walked, innermost first (loop guard). */
typedef struct DirChain {
	dev_t dev;
	ino_t ino;
	const struct DirChain *up;
} DirChain;

static bool on_chain(const DirChain *c, const struct stat *st)
{
	for (; c; c = c->up)
		if (c->dev == st->st_dev && c->ino == st->st_ino)
			return true;
	return false;
}

static int cmp_name(const void *x, const void *y)
{
	return strcmp(*(char *const *)x, *(char *const *)y);
}

/* The names in directory path except "." and "..", sorted, malloc'ed
 * (NULL-terminated); NULL if it cannot be read (reported to d). */
static char **read_names(const char *path, Diag *d)
{
	DIR *dir = opendir(path);
	if (!dir) {
		diag_error(d, path, "%s", strerror(errno));
		return NULL;
	}
	size_t n = 0, cap = 16;
	char **name = malloc(cap * sizeof *name);
	bool oom = !name;
	for (struct dirent *e; !oom && (e = readdir(dir));) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (n + 1 == cap) {
			char **more = realloc(name, (cap *= 2) * sizeof *name);
			if (!more) {
				oom = true;
				break;
			}
			name = more;
		}
		if (!(name[n] = strdup(e->d_name))) {
			oom = true;
			break;
		}
		n++;
	}
	closedir(dir);
	if (oom) {
		for (size_t i = 0; i < n; i++)
			free(name[i]);
		free(name);
		diag_error(d, path, "out of memory");
		return NULL;
	}
	name[n] = NULL;
	qsort(name, n, sizeof *name, cmp_name);
	return name;
}

/* path "/" name, malloc'ed; NULL if out of memory. */
static char *join(const char *path, const char *name)
{
	size_t lp = strlen(path), n = lp + strlen(name) + 2;
	char *s = malloc(n);
	if (s)
		snprintf(s, n, "%s%s%s", path,
			 lp && path[lp - 1] == '/' ? "" : "/", name);
	return s;
}

/* Visits the regular files below the directory path, whose chain of
 * enclosing directories (itself included) is chain. */
static void walk_dir(const char *path, const DirChain *chain, WalkFn fn,
		     void *ctx, Diag *d)
{
	char **name = read_names(path, d);
	for (size_t i = 0; name && name[i]; i++) {
		char *child = join(path, name[i]);
		struct stat st;
		if (!child) {
			diag_error(d, path, "out of memory");
		} else if (lstat(child, &st) != 0) {
			diag_error(d, child, "%s", strerror(errno));
		} else if (S_ISREG(st.st_mode)) {
			fn(ctx, child, false);
		} else if (S_ISDIR(st.st_mode) && !on_chain(chain, &st)) {
			DirChain sub = {st.st_dev, st.st_ino, chain};
			walk_dir(child, &sub, fn, ctx, d);
		}
		free(child);
		free(name[i]);
	}
	free(name);
}

void walk_path(const char *path, WalkFn fn, void *ctx, Diag *d)
{
	struct stat st;
	if (stat(path, &st) != 0) {
		diag_error(d, path, "%s", strerror(errno));
	} else if (S_ISREG(st.st_mode)) {
		fn(ctx, path, true);
	} else if (S_ISDIR(st.st_mode)) {
		DirChain top = {st.st_dev, st.st_ino, NULL};
		walk_dir(path, &top, fn, ctx, d);
	} else {
		diag_error(d, path, "not a regular file or directory");
	}
}
