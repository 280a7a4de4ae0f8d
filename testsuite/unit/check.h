/* check.h - the unit test runner's assertions.
 *
 * A suite is a function that calls t_case() for each case.  A case passes
 * when none of its CHECKs failed; t_skip() marks it skipped with a reason
 * that the runner prints.  The runner ends with "N passed, N failed" (and
 * ", N skipped").
 */
#ifndef SSARA_CHECK_H
#define SSARA_CHECK_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef void (*CaseFn)(void);

void t_case(const char *name, CaseFn fn);
void t_skip(const char *reason);
/* Records a failure of the current case; returns cond. */
bool t_check(bool cond, const char *file, int line, const char *fmt, ...);
/* Path of the source tree root (for IR files and tools). */
const char *t_srcdir(void);
/* The directory for temporary files: $TMPDIR when set and not empty,
 * else /tmp. */
const char *t_tmpdir(void);
/* Writes into buf (size bytes) the template DIR/stem-XXXXXX for mkstemp
 * or mkdtemp, DIR being t_tmpdir(); returns buf. */
char *t_tmpname(char *buf, size_t size, const char *stem);

/* A malloc'ed string formatted as printf's (the caller frees); t_vfmt
 * with a va_list (not consumed for the caller: it uses a copy). */
char *t_fmt(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *t_vfmt(const char *fmt, va_list ap);

/* Runs the shell command cmd in directory dir ("cd DIR && { CMD ; }");
 * returns its output, stdout and stderr (the caller frees), the exit
 * status in *status. */
char *t_run_in(const char *dir, const char *cmd, int *status);

/* Makes a fresh directory t_tmpname(buf, size, stem) (mkdtemp); false
 * after running a failing case "STEM: make a work directory" when it
 * cannot. */
bool t_workdir(char *buf, size_t size, const char *stem);

#define CHECK(c) t_check((c), __FILE__, __LINE__, "%s", #c)
#define CHECK_INT(a, b)                                                  \
	do {                                                             \
		long long a_ = (long long)(a), b_ = (long long)(b);      \
		t_check(a_ == b_, __FILE__, __LINE__,                    \
			"%s == %s: got %lld, expected %lld", #a, #b, a_, b_); \
	} while (0)
#define CHECK_STR(a, b) t_check_str((a), (b), __FILE__, __LINE__, #a)
bool t_check_str(const char *got, const char *want, const char *file,
		 int line, const char *expr);

/* The names of the entries of directory dir that start with prefix and
 * end with suffix, and (except != NULL) do not end with except, sorted;
 * at most max of them, each malloc'ed into names (the caller frees).
 * Returns their number, or -1 when dir cannot be opened. */
int t_list_dir(const char *dir, const char *prefix, const char *suffix,
	       const char *except, char **names, int max);

/* Parses IR text held in a string (fails the case on a parse error). */
struct IrFile;
bool t_parse(const char *text, struct IrFile *out);

/* The first function of IR text, or of the file at path relative to the
 * source root; the others are freed.  NULL (and the case fails) on a
 * parse error.  The caller frees the function with fn_free. */
struct Fn;
struct Fn *t_parse_fn(const char *text);
struct Fn *t_load_fn(const char *relpath);

/* The function named name of the IR file at relpath (relative to the
 * source root), a copy the caller frees; NULL (and the case fails) on a
 * parse error or when the file has no such function. */
struct Fn *t_load_named(const char *relpath, const char *name);

/* The instruction of fn with uid (the first in block order), its block
 * stored in *in when in is not NULL; NULL when there is none. */
struct Ins;
struct Blk;
struct Ins *t_by_uid(const struct Fn *fn, int uid, struct Blk **in);

/* verify_fn's verdict (a Verdict) on fn as an allocation of orig. */
int t_verdict(const struct Fn *orig, const struct Fn *fn);

/* Inserts after spill sp (in block b of fn) a second spill with sp's
 * operands but operand k at location loc (LOC_* kind, number num), to
 * corrupt an allocation; returns it (ins_remove undoes it). */
struct Ins *t_spill_copy_after(struct Fn *fn, struct Blk *b, struct Ins *sp,
			       int k, int kind, int num);

/* ssa_alloc of orig with nregs general registers (0 = all), coalescing
 * or not, checked with verify_fn: the allocated function (caller frees),
 * or NULL when allocation or verification failed (the case fails). */
struct AllocStats;
struct Fn *t_alloc_verified(const struct Fn *orig, int nregs, bool coalesce,
			    struct AllocStats *st);

/* The same with every option given (registers per class, ...). */
struct AllocOpts;
struct Fn *t_alloc_opts_verified(const struct Fn *orig,
				 const struct AllocOpts *o,
				 struct AllocStats *st);

/* The function of relpath (relative to the source tree) is refused by
 * ssa_alloc with all registers and with 4 general registers, with
 * exactly the reason want. */
void t_check_refused(const char *relpath, const char *want);

#endif
