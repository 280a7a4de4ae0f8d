// options: -O2 -ffixed-rbx -ffixed-rbp -ffixed-r12 -ffixed-r13 -ffixed-r14 -ffixed-r15
/* A register copy between two classes (docs/IR.md "[xcopy]",
 * docs/VERIFY.md "Copies between classes"), after libiberty's
 * simple-object.c simple_object_fetch_attributes.  The call's value
 * data is copied into a pseudo that the two stores, vectorised into
 * vec_concatv2di, want in SSE registers, so the capture moves that
 * pseudo to class sse: its copy from the call's value is then an `ord`
 * between two classes, flagged [xcopy]; the test of data reads it in
 * general registers through the capture's cross-class copy.  With no
 * callee-saved register left, LRA spills data across xmalloc and
 * tests it in ax, which still holds the call's value (its
 * inheritance): GCC 12.2 `movq %rax, (%rsp); testq %rax, %rax`.
 * Without [xcopy] the checker knew ax only as the call's value, not as
 * data: a false violation ("operand 1 (p103) at ax holds {p101,%ax}
 * instead"). */
struct fns {
	void *(*fetch)(void *, const char **, int *);
};
struct obj {
	void *a, *b;
	const struct fns *functions;
};
struct attrs {
	const struct fns *functions;
	void *data;
};
extern void *xmalloc(unsigned long);

struct attrs *fetch_attributes(struct obj *sobj, const char **errmsg,
			       int *err)
{
	void *data = sobj->functions->fetch(sobj, errmsg, err);
	if (data == 0)
		return 0;
	struct attrs *ret = xmalloc(sizeof *ret);
	ret->functions = sobj->functions;
	ret->data = data;
	return ret;
}
//! fetch_attributes: ord "*movdi_internal" =p?, p? memalt [xcopy]
//! fetch_attributes: ord "vec_concatv2di" =p?, p? {xmm0-xmm15} ^0, p? memalt
//!gcc fetch_attributes: ord "*movdi_internal" =p? @s1, p? memalt @ax [xcopy]
//!gcc fetch_attributes: ord "*cmpdi_ccno_1" =%flags, p? @ax, $0
//!verdict fetch_attributes: verified
//!ours fetch_attributes: verified
