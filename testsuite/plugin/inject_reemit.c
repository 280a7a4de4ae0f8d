/* frame-offset on a re-emitted load: r, volatile, is assigned a
 * compound literal that GCC builds in a temporary of main's frame; the
 * 16-byte copy of the temporary into r is, before IRA, a load of a
 * pseudo p from the temporary (whose memory p is equivalent to) and a
 * store of p into r.  LRA deletes the load and turns the store's insn
 * into the load itself, into a reload register, the store re-emitted
 * as a new insn (postra.cc reemitted: the deleted captured load runs
 * at the store's place).  The second frame-offset site of main is that
 * re-emitted load: moved 8 bytes up, it copies the wrong bytes into r
 * and main aborts.  Before the rule reemitted_moved the translation
 * matched no captured insn to it ("insn changed shape (set)", the
 * (b') miss of 20010518-2 in bench/RESULTS.md); now the load is the
 * deleted captured one with its frame address moved: a violation, "uid
 * N: re-emitted load of uid M reads stack memory at argp-40 instead of
 * argp-48".  Without the fault, the same function is verified (the
 * re-emission with the right address is accepted). */
// options: -O2
// inject: frame-offset:2 main
//!verdict main: verified
extern void abort(void);

typedef struct {
	short tag;
	long val;
	short lo, hi;
	char pad[6];
} __attribute__((packed)) rec;

int main(void)
{
	volatile rec r;
	r = (rec){5, 70000, -3, 9};
	if (r.tag != 5 || r.val != 70000 || r.lo != -3 || r.hi != 9)
		abort();
	return 0;
}
