/* plugin.h - what the parts of the ssara GCC plugin share.
 *
 * The plugin is the only code that sees GCC.  Its files, each calling
 * only files listed before it (no call cycle between them):
 *
 *   common.cc     the options, the clock, the checker's tables, a
 *                 checker result into a Check
 *   names.cc      how the IR names GCC's hard registers, symbols and
 *                 constants
 *   records.cc    formats and writes the per-function records
 *   audit.cc      counts GCC's allocation after reload
 *   inject.cc     corrupts GCC's allocation (testing): audit.cc
 *   memfx.cc      the memory effects of captured insns: names.cc
 *   operands.cc   the capture's operands, constraints and pattern walk:
 *                 names.cc (capture.h)
 *   capture.cc    RTL before IRA -> core IR: operands.cc, memfx.cc,
 *                 names.cc (capture.h)
 *   selfalloc.cc  ssara's own allocation, checked: common.cc
 *   subst.cc      ssara's allocation written into the RTL (capture.h)
 *   postra/       GCC's allocation after reload -> core IR, checked
 *                 (postra/postra.h: its parts): names.cc, common.cc,
 *                 records.cc (the dump)
 *   main.cc       the arguments, the passes and the callbacks: all
 *
 * This header names no GCC type except the opaque `struct function`
 * (and, after GCC's rtl.h, rtx), so that it can be included before or
 * after GCC's headers.
 */
#ifndef SSARA_PLUGIN_H
#define SSARA_PLUGIN_H

#include <cstdio>
#include <string>
#include <unordered_map>
#include <vector>

extern "C" {
#include "core/ir.h"
#include "core/alloc.h"
}

struct function;

/* What -fplugin-arg-ssara-verify= asks to check. */
enum VerifyWhat { VW_NONE = 0, VW_GCC = 1, VW_SSARA = 2, VW_BOTH = 3 };

/* -fplugin-arg-ssara-KEY[=VALUE] */
struct Options {
	int verify = VW_GCC;          /* VW_*: allocations to check */
	const char *inject = nullptr; /* KIND[:N]: fault to inject (inject.cc) */
	bool verbose = false;
	bool check = false;           /* round-trip every capture */
	bool times = false;           /* times in the object's records too */
	const char *dump_dir = nullptr;
	/* The stem of the unit's dump files (docs/CAPTURE.md, "Dumps"):
	 * <source basename>.<hash8>, set by main.cc before the first dump
	 * when dump_dir is; "" otherwise. */
	std::string dump_stem;
	const char *json_file = nullptr;
	const char *only = nullptr;   /* fnmatch(3) glob on the asm name */
	bool substitute = false;      /* emit ssara's allocation (subst.cc) */
	int regs_gpr = 0, regs_sse = 0; /* regs=GPR[,SSE]: ssara's
					   allocation with that many registers
					   of the class (0: all), as `ssara
					   alloc --regs` */
};
extern Options opts; /* common.cc; set by main.cc */

/* GCC's allocation of one function, counted after reload (RECORDS.md). */
struct GccRa {
	int spills = 0, reloads = 0, moves = 0, copies_deleted = 0,
	    remats = 0, copies_kept = 0;
	double w_spills = 0, w_reloads = 0, w_moves = 0,
	       w_copies_deleted = 0, w_remats = 0, w_copies_kept = 0;
	long frame = 0;
	int callee_saved = 0;
};

/* A checker verdict on one allocation of one function. */
struct Check {
	const char *verdict = nullptr; /* "verified", "violation",
					* "unverified"; nullptr: not checked */
	std::string reason;            /* unverified: why */
	int violations = 0;
	std::vector<std::string> texts; /* the violations' messages */
	std::vector<unsigned> locs;     /* per text: the insn's location_t
					 * (0: the function's) */
	int first_line = 0;            /* the first violation's source line
					* (0: unknown) */
	double seconds = 0;            /* translation and checking */
};

/* ssara's own allocation of the function (verify=ssara|both). */
struct SsaraRa {
	bool done = false;     /* ssa_alloc was run */
	std::string error;     /* ssa_alloc refused: why ("" if it allocated) */
	AllocStats st;         /* valid when done and error is empty */
	double seconds = 0;    /* ssa_alloc alone */
};

/* What the capture pass leaves for the audit pass of the same function.
 * Owns fn; nothing in it points into RTL. */
struct Capture {
	Fn *fn = nullptr;         /* the capture; fn->unsupported when given up */
	std::string name;         /* assembler name */
	std::string src;          /* the function's source file (mapped as
				     debug information) and line, 0 unknown */
	int line = 0;
	int blocks = 0, insns = 0, pseudos = 0;
	int maxlive[RC_NALLOC] = {0, 0};
	bool have_maxlive = false;
	/* Per INSN_UID before RA: 0 absent, 1 an insn, 2 a copy. */
	std::vector<unsigned char> uid_kind;
	/* Per copy UID: its block's frequency relative to the entry. */
	std::vector<float> uid_weight;
	/* Per UID: its block's weight before RA (block_weight), and what
	 * it was then for the remats LRA makes of it (UidRemat). */
	std::vector<double> uid_rw;
	std::vector<unsigned char> uid_cload;
	/* Times: the capture itself; the end of the capture pass (to time
	 * IRA + LRA, which run between the two passes). */
	double capture_seconds = 0;
	double t_capture_end = 0;
	SsaraRa ssara;
	Check check_ssara, check_gcc;
	double ira_lra_seconds = 0; /* from the end of capture to the audit */
	double audit_seconds = 0;   /* counting GCC's allocation */
	/* Operands of the original's instructions that GCC's allocation
	 * put in a stack slot (alloc_count's slot_reads and slot_writes
	 * of the post-RA translation); valid when gcc_slots. */
	bool gcc_slots = false;
	AllocCount gcc_slot_reads = {0, 0}, gcc_slot_writes = {0, 0};
	/* The pre-RA patterns the post-RA translation compares against
	 * (postra/save.cc); opaque here, owned by the capture. */
	struct SavedInsns *saved = nullptr;
	/* Substitution (subst.cc): where the operands sit in the RTL
	 * (subst.h; filled by the capture, freed after the substitution);
	 * whether ssara's allocation was written into the RTL, else why
	 * not ("" when substitution was not asked for). */
	struct SubstSites *sites = nullptr;
	bool substituted = false;
	std::string subst_reason;
	/* When substituted: the hard register (GCC number) of pseudo p in
	 * the insn of INSN_UID u, at key (u << 32 | p), when p has one in
	 * that insn (-1 when several): what reg_renumber says of an
	 * allocation by IRA, for the post-RA translation. */
	std::unordered_map<long long, int> subst_reg;
	/* When substituted: per INSN_UID of an original, how many insns
	 * the writer emitted in its block between the original before it
	 * (or the block's start) and it; the post-RA translation puts an
	 * original LRA deleted (a no-op move) back at that place. */
	std::unordered_map<int, int> subst_new_before;
};

/* One finished function, ready to be written. */
struct Record {
	std::string json;       /* for the object: one line, without the
				   newline; times only with `times` */
	std::string json_timed; /* for json=FILE: always with the times */
};

/* common.cc */

/* Seconds on a monotonic clock (CLOCK_MONOTONIC). */
double seconds_now(void);

struct VerifyResult;
/* Copies a checker result (verify/verify.h) into c: verdict, reason,
 * messages (locations 0). */
void check_fill(const VerifyResult *res, Check *c);

/* v and kept exchanged, v cleared when lending (kept holds another
 * function's contents): how a part keeps the capacity of a
 * per-function vector from one function to the next (postra.cc,
 * capture.cc), lending it at the function's start and taking it back
 * (lending false) at its end. */
template <class V> inline void kept_exchange(V &v, V &kept, bool lending)
{
	v.swap(kept);
	if (lending)
		v.clear();
}
/* kept_exchange of each pair (v, kept) of the list. */
inline void kept_exchange_all(bool) {}
template <class V, class... Rest>
inline void kept_exchange_all(bool lending, V &v, V &kept, Rest &...rest)
{
	kept_exchange(v, kept, lending);
	kept_exchange_all(lending, rest...);
}

struct VerifyCtx;
/* The checker's reusable tables for every check of the compile
 * (verify_fn_in): made at the first call, kept until the process
 * ends. */
VerifyCtx *checker_ctx(void);

/* names.cc */

/* Number of the core register that GCC hard register regno is, or -1. */
int capture_core_reg(int regno);

/* Symbol name s as the IR spells it (a leading '*' dropped), pointing
 * into s; NULL when the IR cannot spell it. */
const char *capture_symbol_spelling(const char *s);

#ifdef GCC_RTL_H
/* The 64-bit image of constant x as the IR writes it (CAPTURE.md
 * "Operands"): an integer's value, a float's bits, a wide integer's low
 * word; 0 for other constants. */
int64_t capture_const_bits(const_rtx x);

/* Whether x is read-only memory at an address constant (a constant-pool
 * entry, or MEM_READONLY_P and not volatile at a symbol plus a
 * constant): what both the capture ([remat]) and the post-RA translation
 * (constant locations) treat as a constant. */
bool capture_readonly_mem(const_rtx x);

/* The constant of constant-pool MEM x when the IR writes it as an
 * immediate (an integer or scalar float of at most 8 bytes), else
 * NULL_RTX.  Both sides name such an entry by its value, so that an
 * immediate captured before IRA and a pool load LRA emits agree. */
rtx capture_pool_value(const_rtx x);

/* The CONST_DOUBLE (float_extend:M X) computes, X a constant-pool entry
 * of a narrower float mode (not a NaN), else NULL_RTX: both sides name
 * that expression by the extended constant. */
rtx capture_extend_value(const_rtx x);
#endif

/* memfx.cc */

/* Requires fun in RTL form before IRA and fn its capture.  Lists the
 * memory effects of fn's instructions and sets fn->memfx and
 * fn->escapes (docs/CAPTURE.md, "Memory effects"); leaves memfx false
 * when some insn has no instruction in fn. */
void capture_memfx(function *fun, Fn *fn);

/* capture.cc (its parts: capture.h) */

/* Requires fun in RTL form before IRA.  Fills cap: the core IR copy of
 * fun (fn->unsupported set to a reason when it cannot be represented),
 * the sizes and the UID tables.  Never modifies the RTL's meaning (it may
 * recognise insns and fill GCC's recog caches as IRA would). */
void capture_function(function *fun, Capture *cap);

/* audit.cc */

/* Requires fun right after reload and cap from the same function's
 * capture.  Counts GCC's allocation. */
void audit_function(function *fun, const Capture *cap, GccRa *ra);

struct rtx_def;
class rtx_insn;
/* Whether x is a stack slot: a MEM whose address is sp, the frame
 * pointer (when the function has one) or a soft pointer, plus an
 * optional constant. */
bool stack_slot_p(rtx_def *x);
/* What a new insn (one the allocator created) is. */
enum NewKind { NK_OTHER, NK_SPILL, NK_RELOAD, NK_MOVE, NK_REMAT };
NewKind classify(rtx_insn *insn);

/* A captured insn before RA, for audit.cc's count of the remats LRA and
 * IRA make of captured insns: a constant load (classify), a store or a
 * register copy (whose register read LRA may replace by a constant),
 * something else. */
enum UidRemat { UR_OTHER, UR_CLOAD, UR_STORE_COPY };
int uid_remat_kind(rtx_insn *insn);

/* bb's weight as ssara's statistics weigh a block (audit.cc). */
double block_weight(function *fun, struct basic_block_def *bb);

/* selfalloc.cc */

/* Requires cap from capture_function.  Runs ssara's allocator on a copy
 * of cap->fn and the checker on the result; fills cap->ssara and
 * cap->check_ssara.  Never touches RTL.  Returns the allocation when
 * keep and the checker verified it (the caller frees it), else
 * nullptr. */
Fn *selfalloc_run(Capture *cap, bool keep);

/* subst.cc */

/* Requires fun in RTL form before IRA, cap its capture with operand
 * sites (opts.substitute) and a an allocation of cap->fn the checker
 * verified.  Writes a into fun's RTL so that GCC emits it, all or
 * nothing (docs/SUBST.md): true when written (cap->substituted), else
 * false with cap->subst_reason and the RTL's meaning unchanged. */
bool subst_function(function *fun, Capture *cap, const Fn *a);

/* Frees cap->sites. */
void subst_free(Capture *cap);

/* postra/ (its parts: postra/postra.h) */

/* Requires fun in RTL form before IRA, cap being filled by
 * capture_function for it.  Saves what the post-RA translation needs
 * (cap->saved), copied out of RTL. */
void postra_save(function *fun, Capture *cap);

/* Requires fun right after reload and cap from the same function's
 * capture (with postra_save done).  Translates GCC's allocation into an
 * allocated function of the core IR and checks it against cap->fn; fills
 * cap->check_gcc.  Violations are not reported here (see main.cc). */
void postra_verify(function *fun, Capture *cap);

/* Frees cap->saved. */
void postra_free(Capture *cap);

/* inject.cc */

/* Parses KIND[:N] of -fplugin-arg-ssara-inject=; false with a message in
 * *err for a bad value. */
bool inject_parse(const char *arg, std::string *err);

/* Requires fun right after reload.  Corrupts GCC's allocation of fun in
 * the chosen way at the chosen site, if the function has one; returns a
 * description of what was changed ("" if nothing). */
std::string inject_fault(function *fun, const Capture *cap);

/* At the end of the unit, when a kind was asked for and its N-th site was
 * never reached: prints "ssara-inject-sites: FILE KIND COUNT" on stderr,
 * COUNT being the number of sites of KIND in the unit. */
void inject_finish_unit(void);

/* Requires fun after inject_fault and the checks of its allocation.  For
 * redirect-jump, moves the CFG edge of the redirected jump to the block
 * of its new label: the checker saw the jump disagree with the edges
 * (the fault), and the passes after reload, which trust the edges
 * (block reordering, shrink-wrapping, CFI), then keep the redirected
 * jump instead of undoing it or failing an assertion.  Nothing for the
 * other kinds. */
void inject_after_check(function *fun);

/* records.cc */

/* The JSON record (RECORDS.md) of one function, compiled from file in
 * directory dir; the times (time_us and
 * every "us") only when timed, so that two identical compiles write
 * identical records. */
std::string record_json(const Capture *cap, const GccRa *ra,
			const char *file, const char *dir, const char *opt,
			const char *gcc, bool timed);
/* Writes the records into the assembler output as a .ssara section. */
void records_emit_asm(FILE *asm_out, const std::vector<Record> &recs);
/* Appends the records as lines to path; false with errno on failure. */
bool records_append_json(const char *path, const std::vector<Record> &recs);
/* Writes fn as IR text to DIR/<opts.dump_stem>.<fn><suffix> (suffix
 * ".ir" for the capture, ".gcc.ir" for GCC's allocation); false with
 * errno on failure. */
bool records_dump_ir(const Fn *fn, const char *suffix);
/* The stem of the dump files of the unit compiling file (as given to
 * GCC) in directory dir into output outbase (the driver's -dumpdir and
 * -dumpbase joined, the output's name without its extension):
 * basename(file) "." and eight hex digits of the FNV-1a hash of dir,
 * file and outbase, each followed by a NUL byte. */
std::string records_dump_stem(const char *file, const char *dir,
			      const char *outbase);
/* Print, parse, compare: "" when fn round-trips, else what differs. */
std::string records_roundtrip(const Fn *fn);

#endif
