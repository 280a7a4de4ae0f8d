/* ir.h - the core IR: one vocabulary for the captured function, our
 * allocation and GCC's allocation.
 *
 * A function owns one arena; everything reachable from it lives there and
 * is freed at once by fn_free.  Blocks are kept in a chosen order
 * (fn->blk[0..nblk-1]); a block's position is blk->idx, its label is the
 * GCC basic-block index blk->id.  Instructions form a doubly linked list per
 * block.  Pseudos are numbered as GCC numbers them (REGNO); fn->pseudo is
 * indexed by that number and entries never declared have cls < 0.
 *
 * The text format is specified in docs/IR.md (irprint.c, irparse.c).
 */
#ifndef SSARA_IR_H
#define SSARA_IR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "arena.h"
#include "target.h"

enum InsKind {
	IK_ORD,    /* any other instruction */
	IK_COPY,   /* =dst, src: a register copy from the original program */
	IK_PCOPY,  /* =d0, s0, =d1, s1, ...: all copies at once */
	IK_PHI,    /* =dst, src0 from bX, src1 from bY, ... (one per pred) */
	IK_CALL,   /* uses: arguments (and target), defs: results */
	IK_BRANCH, /* ends a block; successors are the block's edges */
	IK_RET,    /* uses: return registers */
	/* Inserted by an allocator (uid 0): */
	IK_MOVE,   /* =dst, src: register to register (or slot to register) */
	IK_SPILL,  /* =dst in a slot, src in a register */
	IK_RELOAD, /* =dst in a register, src in a slot */
	IK_SWAP,   /* +a, +b: exchange two locations */
	IK_REMAT,  /* =dst: recompute the value of an instruction flagged remat */
	IK_OPAQUE, /* inserted by GCC, effect not modelled: every location its
		    * defs name, and its clobbers, lose their contents */
	IK_NKIND
};

enum OpKind {
	OK_PSEUDO, /* reg = pseudo number */
	OK_HREG,   /* reg = core hard register number (precoloured value) */
	OK_IMM,    /* imm */
	OK_SYM,    /* sym + imm: an address constant */
	OK_MEMSYM, /* [sym + imm]: read-only memory at an address constant
		    * (a constant-pool entry): its contents, never changing.
		    * As a location only, also memory the program writes
		    * (a memfx original says which), and sym "%argp": the
		    * incoming argument memory at argp + imm */
	OK_LOC,    /* a bare location (an imported allocation's inserted
		    * instructions, where no pseudo is named): loc, and imm =
		    * its width in bytes (0 = one register / the slot) */
};

enum OpFlag {
	OF_USE = 1,   /* read */
	OF_DEF = 2,   /* written; USE|DEF = read-modify-write (partial def) */
	OF_EARLY = 4, /* early clobber: written before all uses are read */
	OF_MEM = 8,   /* a memory location is acceptable for this operand */
	OF_WORD = 16, /* an allocated original's subreg operand of one 8-byte
		       * word of a wide general pseudo whose loc is the
		       * register holding that word alone, not the value's
		       * first register (LRA's reload of one word;
		       * docs/IR.md "alone") */
	OF_MEMONLY = 32, /* the operand must be a memory location (GCC's
			  * constraint admits no register: fild's source,
			  * fistp's destination, an asm "m"): always with
			  * OF_MEM and an empty allowed set; text `{} mem` */
	OF_SOFT = 64,    /* on a tied read: another alternative of the
			  * pattern does without the tie when every operand
			  * is a register (x86 `lea` for a two-address add);
			  * text `^~N` */
	OF_MEMALT = 128, /* on an untied read that must be a register in the
			  * captured alternative: another alternative of the
			  * pattern takes it from memory when every other
			  * operand is a register, the rest as captured (x86
			  * `add r, r/m`, where the captured one is
			  * `add r/m, r`); text `memalt` */
};

enum LocKind {
	LOC_NONE,
	LOC_REG,
	LOC_SLOT,
	LOC_CONST, /* an operand GCC replaced by a constant or by read-only
		    * memory: num indexes fn->konst */
};

/* Where an operand lives in an allocated function. */
typedef struct Loc {
	uint8_t kind; /* LOC_* */
	int num;      /* core register, slot or constant number */
} Loc;

/* A constant location (LOC_CONST): an immediate, an address constant, or
 * read-only memory at an address constant.  Interned per function. */
typedef struct Const {
	uint8_t kind;    /* OK_IMM, OK_SYM or OK_MEMSYM */
	int64_t imm;     /* OK_IMM value, else offset */
	const char *sym; /* OK_SYM, OK_MEMSYM */
} Const;

typedef struct Op {
	uint8_t kind;     /* OK_* */
	uint8_t flags;    /* OF_* */
	int8_t tie;       /* must share its location with operand tie; -1 */
	uint8_t sub_off;  /* subreg byte offset */
	uint8_t sub_size; /* subreg byte size; 0 = the whole register */
	int reg;          /* pseudo or core hard register */
	RegSet allowed;   /* constraint; 0 = any allocatable reg of the class */
	Loc loc;          /* LOC_NONE before allocation */
	int from;         /* phi uses: predecessor block index, else -1 */
	int64_t imm;      /* OK_IMM value, OK_SYM offset */
	const char *sym;  /* OK_SYM symbol name */
} Op;

enum InsFlag {
	INS_REMAT = 1,   /* defines one value computable anywhere from nothing */
	INS_DELETED = 2, /* an imported allocation deleted this original
			  * instruction; it stays where it was, without
			  * locations, for its effect on values */
	INS_RETARG = 4,  /* a call that returns, in %ax, the value its first
			  * argument (%di) had at the call: GCC's
			  * ERF_RETURNS_ARG (memcpy, memset, strcpy...);
			  * docs/VERIFY.md "Calls that return an argument" */
	INS_COMM = 8,    /* the values of operands comm and comm+1 (uses of
			  * pseudos) may be exchanged: the instruction
			  * computes the same with either order (a
			  * commutative pair); docs/IR.md "[comm K]" */
	INS_PTRCOPY = 16, /* an ord that is exactly "operand 0 (a whole
			   * pseudo) := operand 1 (%frame or %argp)": a copy
			   * of a soft pointer; docs/IR.md "[ptrcopy]" */
	INS_TWICE = 32,   /* a call that may return twice (setjmp, vfork:
			   * GCC's REG_SETJMP); docs/IR.md "[twice]" */
	INS_PURE = 64,    /* a call that writes no memory the caller can see
			   * (GCC's RTL_CONST_OR_PURE_CALL_P); docs/IR.md
			   * "[pure]" */
	INS_XCOPY = 128,  /* an ord that is exactly "operand 0 (a whole
			   * pseudo) := operand 1 (a whole pseudo of the
			   * same mode)": a register copy between two
			   * classes; docs/IR.md "[xcopy]" */
	INS_MIRROR = 256, /* the constraints of operands comm and comm+1
			   * (uses of pseudos) may be exchanged: another
			   * alternative of the instruction is this one with
			   * their constraints (ties, register sets, memory)
			   * exchanged (`movcc`'s "rm,0" and "0,rm");
			   * docs/IR.md "[mirror K]" */
};

/* A memory access of a captured instruction (docs/IR.md "Memory
 * effects"), in a function flagged memfx. */
enum MemRefKind {
	MR_LD, /* the instruction is exactly operand 0 (a pseudo, full width)
		* := the SIZE bytes at the address */
	MR_ST, /* the instruction is exactly the SIZE bytes at the address :=
		* operand 0 (a pseudo, full width) */
	MR_WR, /* the instruction writes some of the SIZE bytes there */
	MR_RD, /* a volatile read at an unknown address (MB_ANY only): it
		* writes no memory and keeps its place among the accesses */
};
enum MemBase {
	MB_SYM,   /* sym + off */
	MB_ARGP,  /* the argument pointer + off */
	MB_FRAME, /* the soft frame pointer + off */
	MB_ANY,   /* any address (through a pointer, indexed...): MR_WR only */
	MB_STACK, /* an address computed from the hard stack pointer (sp,
		   * sp + const, a push's autoincrement): stack memory, no
		   * symbol's storage; MR_WR only, no offset or size */
	MB_REG,   /* pseudo reg + off, the pseudo's value before the
		   * instruction; MR_WR only */
};
typedef struct MemRef {
	uint8_t kind;    /* MR_* */
	uint8_t base;    /* MB_* */
	int size;        /* bytes, 1..64; 0 with MB_ANY */
	int64_t off;
	const char *sym; /* MB_SYM */
	int reg;         /* MB_REG: the pseudo */
} MemRef;

typedef struct Ins {
	struct Ins *prev, *next;
	uint8_t kind;     /* IK_* */
	uint16_t flags;   /* INS_* */
	int comm;         /* with INS_COMM or INS_MIRROR: the first operand
			   * of the pair */
	int uid;          /* GCC INSN_UID; 0 for inserted instructions */
	int of;           /* an inserted remat that recomputes original
			   * instruction uid `of` from its operands (GCC's
			   * rematerialization, docs/IR.md "[of N]"), or an
			   * inserted opaque that loads the memory operand of
			   * original instruction uid `of` (LRA's reload of a
			   * memory operand; docs/IR.md "[of N]"); else 0 */
	int memat;        /* an allocated original that reads its memory
			   * operand from a register: that core register + 1
			   * (docs/IR.md "[mem @R:W]"); else 0 */
	int memw;         /* with memat: the operand's width in bytes */
	const char *name; /* pattern name or callee, may be NULL */
	int nops;
	Op *ops;
	RegSet clobbers;  /* hard registers destroyed (calls: the ABI's set) */
	int nmem;
	MemRef *mem;      /* memory accesses (captured functions: memfx) */
} Ins;

/* EF_EH: an exception edge from a throwing instruction (the last of its
 * block) to a landing pad; EF_ABCALL: a non-local goto's edge from a call
 * (the last of its block) to a receiver (GCC's EDGE_ABNORMAL_CALL); both
 * always with EF_ABNORMAL (docs/IR.md).  EF_EXC: either, an edge on
 * which the block's last instruction does not complete. */
enum EdgeFlag { EF_ABNORMAL = 1, EF_EH = 2, EF_ABCALL = 4 };
#define EF_EXC (EF_EH | EF_ABCALL)

typedef struct Edge {
	int blk;       /* target block index */
	uint8_t flags; /* EF_* */
} Edge;

typedef struct Blk {
	int id;       /* label: GCC basic-block index */
	int idx;      /* position in fn->blk */
	int freq;     /* GCC's estimated frequency (entry = 10000 at most) */
	int depth;    /* loop depth as GCC reported it */
	bool split;   /* added on an edge (cfg.c): freq estimated */
	int nsucc;
	Edge *succ;
	int npred;    /* filled by fn_preds; order defines phi argument order */
	int *pred;
	Ins *first, *last;
} Blk;

typedef struct Pseudo {
	int8_t cls;    /* RC_GPR or RC_SSE; -1 = number not declared */
	uint16_t size; /* bytes */
} Pseudo;

typedef struct Slot {
	int size;     /* bytes; 0 = slot number not declared */
	bool has_off; /* off is given: the slot may overlap others */
	int64_t off;  /* (has_off) its first byte in the frame; slots with
		       * offsets share bytes when their ranges intersect */
} Slot;

typedef struct Fn {
	Arena *arena;
	const Target *target;
	const char *name;
	const char *unsupported; /* reason the capture gave up, or NULL */
	bool frame_pointer;      /* bp is not allocatable */
	bool avx512;             /* compiled for AVX-512F: xmm16..xmm31 and
				  * k0..k7 exist (Target.avx512); without
				  * it they are not allocatable */
	RegSet fixed;            /* registers not allocatable beyond the
				  * target's own (GCC's -ffixed-REG):
				  * fn_allocatable */
	bool allocated;          /* every pseudo operand has a location */
	bool memfx;              /* every memory write of an original
				  * instruction is listed in its mem (calls
				  * implicitly write any memory) */
	bool escapes;            /* (memfx) the address of some argp/frame
				  * memory is used other than as a direct
				  * memory operand */
	bool frame_escapes;      /* (memfx) the address of some memory at
				  * the soft frame pointer is (escapes: at
				  * the argument pointer, or either) */
	bool has_frame_off;      /* (GCC's allocation) frame_off is known */
	int64_t frame_off;       /* the soft frame pointer minus the argument
				  * pointer (GCC's elimination offsets) */
	bool by_gcc;             /* the allocation is GCC's, imported after
				  * reload: the checker's rules for GCC apply
				  * (docs/VERIFY.md) */
	int nblk;
	Blk **blk;
	int *idix;               /* per block id below nidix: the index of
				  * the first block with it, or -1
				  * (fn_block_by_id) */
	int nidix;
	int unmapped;            /* blocks whose id idix does not cover */
	int entry;               /* index of the entry block */
	int npseudo;             /* 1 + highest pseudo number */
	int nsparse;             /* pseudo numbers unused in the original
				  * that a dense renaming (fn_copy_dense)
				  * dropped: bounds that go by the
				  * original's npseudo add them */
	Pseudo *pseudo;
	int nslot;
	Slot *slot;
	int nconst;
	Const *konst;            /* LOC_CONST locations */
} Fn;

/* A file of functions, as parsed. */
typedef struct IrFile {
	int nfn;
	Fn **fn;
} IrFile;

const char *ins_kind_name(int kind);
int ins_kind_by_name(const char *s, int len);
/* Inserted kinds are those only an allocator creates. */
bool ins_kind_inserted(int kind);

/* A new empty function with its own arena.  Never NULL (out of memory
 * aborts: there is no recovery inside a compiler plugin from that). */
Fn *fn_new(const char *name, const Target *t);
void fn_free(Fn *fn);

/* The registers of class cls an allocator may use in fn: the target's
 * allocatable ones, less bp with a frame pointer, fn->fixed and, without
 * fn->avx512, the AVX-512 registers. */
RegSet fn_allocatable(const Fn *fn, int cls);

/* The registers that exist in fn's ISA: all, or all but xmm16..xmm31
 * and k0..k7 without fn->avx512. */
RegSet fn_isa_regs(const Fn *fn);

/* Copies a string into fn's arena. */
const char *fn_strdup(Fn *fn, const char *s, size_t len);

/* Appends a block labelled id; returns it. */
Blk *fn_add_block(Fn *fn, int id);
/* Adds the edge b -> to (block index). */
void blk_add_succ(Fn *fn, Blk *b, int to, int flags);
/* Index of the block labelled id, or -1.  Constant time for ids up to
 * about four times the number of blocks (GCC's), linear beyond. */
int fn_block_by_id(const Fn *fn, int id);

/* Declares pseudo number p (growing the table); returns false if p was
 * already declared. */
bool fn_declare_pseudo(Fn *fn, int p, int cls, int size);
/* A fresh pseudo number above all existing ones. */
int fn_new_pseudo(Fn *fn, int cls, int size);
bool fn_declare_slot(Fn *fn, int s, int size);
int fn_new_slot(Fn *fn, int size);
/* The number of the constant location (kind, imm, sym), interned: the
 * same number for equal constants. */
int fn_intern_const(Fn *fn, int kind, int64_t imm, const char *sym);
/* The number of the constant location (kind, imm, sym), or -1 if fn has
 * none (nothing is added). */
int fn_find_const(const Fn *fn, int kind, int64_t imm, const char *sym);

/* Appends a memory access to i (copying sym into fn's arena). */
void ins_add_mem(Fn *fn, Ins *i, MemRef m);

/* Whether o is a constant operand (OK_IMM, OK_SYM, OK_MEMSYM): no value,
 * no location of its own. */
bool op_is_const(const Op *o);
/* Whether two constant operands (or an operand and a constant location)
 * are the same constant: kind, imm and, for symbols, the name. */
bool const_same(int ka, int64_t ia, const char *sa, int kb, int64_t ib,
		const char *sb);

/* A new instruction with nops zeroed operands (tie = from = -1). */
Ins *ins_new(Fn *fn, int kind, int nops);
/* A new inserted `kind =d @dl, s @sl`: two whole pseudo operands, a def
 * and a use (a move, spill or reload; uid 0). */
Ins *ins_transfer(Fn *fn, int kind, int d, Loc dl, int s, Loc sl);
void ins_append(Blk *b, Ins *i);
void ins_insert_before(Blk *b, Ins *at, Ins *i); /* at == NULL: append */
void ins_insert_after(Blk *b, Ins *at, Ins *i);  /* at == NULL: prepend */
void ins_remove(Blk *b, Ins *i);
int blk_nins(const Blk *b);

/* Fills every block's pred array from the succ arrays, in block order
 * (a block listed twice as successor appears twice). */
void fn_preds(Fn *fn);

/* Deep copy into a fresh arena, with predecessors computed. */
Fn *fn_copy(const Fn *fn);

/* Dense pseudo numbers.  Pseudos keep GCC's numbers (docs/IR.md), and
 * per-function tables are indexed by them; a function naming a few
 * pseudos with huge numbers (p16777215) would cost memory by the
 * largest number.  fn_sparse says when the numbers are that sparse
 * (more than 4096, and four times the pseudos used plus 4096);
 * pmap_build numbers the pseudos a (and b, may be NULL) declare or
 * name 0, 1, ... in their order; fn_copy_dense copies fn renamed by it
 * (pseudos beyond the map follow after), fn_to_old renames back (also
 * pseudos an allocator added after the mapped ones). */
typedef struct PseudoMap {
	int nold, nnew;
	int *to_old;   /* per new number, increasing: the old one */
	int *to_new;   /* per old number below nold: the new one, or -1 */
} PseudoMap;
bool fn_sparse(const Fn *fn);
PseudoMap pmap_build(const Fn *a, const Fn *b);
void pmap_free(PseudoMap *m);
Fn *fn_copy_dense(const Fn *fn, const PseudoMap *m);
void fn_to_old(Fn *fn, const PseudoMap *m);
/* A copy (malloc) of message s with each pseudo name "pN" (a p not
 * after a letter, digit, '_' or '$', its digits not followed by a
 * letter or '_') of a dense number renamed back. */
char *pmap_text(const PseudoMap *m, const char *s);

/* Structural equality; on difference writes a description into why. */
bool fn_equal(const Fn *a, const Fn *b, char *why, size_t whylen);

/* Whether o writes only part of its pseudo, so that the rest survives: an
 * OF_DEF subreg of a pseudo wider than a word (8 bytes) that covers less
 * than all of it (GCC's read_modify_write_subreg_p).  A subreg def of a
 * pseudo of at most a word is a full def: the other bytes become
 * undefined. */
bool op_partial_def(const Fn *fn, const Op *o);

/* The highest uid of fn's instructions (0 if none): inserted
 * instructions that need uids of their own number from above it. */
int fn_max_uid(const Fn *fn);

/* Whether o reads its value: a use (OF_USE) or a partial def.  Inline:
 * asked for every operand by every backward walk. */
static inline bool op_reads(const Fn *fn, const Op *o)
{
	return (o->flags & OF_USE) ||
	       ((o->flags & OF_DEF) && o->sub_size && op_partial_def(fn, o));
}

/* The hard registers instruction i reads (hard-register operands that
 * op_reads), resp. writes (hard-register defs and its clobbers). */
RegSet ins_hard_reads(const Fn *fn, const Ins *i);
RegSet ins_hard_writes(const Ins *i);

/* The register class of an operand's value (pseudo class, hard register
 * class, or -1 for constants). */
int op_class(const Fn *fn, const Op *o);

void irfile_free(IrFile *f);

#endif
