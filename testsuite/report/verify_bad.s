# verify_bad.s - records of "n.c" at -O1 for the members added to spec 1:
# five malformed ones (1-5), each refused with the message test_report.c
# expects, and four good ones (6-9) whose unverified reasons fall into
# three classes (reason_class, docs/REPORT.md), ranked:
#   2  operand N of instruction N in bN has no location
#   1  SSE registers cannot hold V4SI
#   1  no alternative fits (*iordi_1) for uidN in rN
	.pushsection .ssara,"",@progbits
# 1: bad: an unknown verdict
	.ascii "{\"ssara\":1,\"file\":\"n.c\",\"fn\":\"b1\",\"opt\":\"-O1\",\"status\":\"captured\",\"blocks\":1,\"insns\":1,\"pseudos\":1,\"maxlive\":{\"gpr\":1,\"sse\":0},\"gcc_ra\":{\"spills\":0,\"w_spills\":0,\"reloads\":0,\"w_reloads\":0,\"moves\":0,\"w_moves\":0,\"copies_deleted\":0,\"w_copies_deleted\":0,\"remats\":0,\"w_remats\":0,\"frame\":0,\"callee_saved\":0},\"verify\":{\"gcc\":{\"verdict\":\"maybe\",\"violations\":0,\"us\":1},\"ssara\":null}}\n"
# 2: bad: unverified without a reason
	.ascii "{\"ssara\":1,\"file\":\"n.c\",\"fn\":\"b2\",\"opt\":\"-O1\",\"status\":\"captured\",\"blocks\":1,\"insns\":1,\"pseudos\":1,\"maxlive\":{\"gpr\":1,\"sse\":0},\"gcc_ra\":{\"spills\":0,\"w_spills\":0,\"reloads\":0,\"w_reloads\":0,\"moves\":0,\"w_moves\":0,\"copies_deleted\":0,\"w_copies_deleted\":0,\"remats\":0,\"w_remats\":0,\"frame\":0,\"callee_saved\":0},\"verify\":{\"gcc\":{\"verdict\":\"unverified\",\"violations\":0,\"us\":1},\"ssara\":null}}\n"
# 3: bad: ssara_ra without w_swaps
	.ascii "{\"ssara\":1,\"file\":\"n.c\",\"fn\":\"b3\",\"opt\":\"-O1\",\"status\":\"captured\",\"blocks\":1,\"insns\":1,\"pseudos\":1,\"maxlive\":{\"gpr\":1,\"sse\":0},\"gcc_ra\":{\"spills\":0,\"w_spills\":0,\"reloads\":0,\"w_reloads\":0,\"moves\":0,\"w_moves\":0,\"copies_deleted\":0,\"w_copies_deleted\":0,\"remats\":0,\"w_remats\":0,\"frame\":0,\"callee_saved\":0},\"ssara_ra\":{\"spills\":0,\"w_spills\":0,\"reloads\":0,\"w_reloads\":0,\"remats\":0,\"w_remats\":0,\"moves\":0,\"w_moves\":0,\"swaps\":0,\"copies\":0,\"w_copies\":0,\"slots\":0,\"slot_bytes\":0,\"aff_total\":0,\"aff_final\":0,\"us\":1}}\n"
# 4: bad: a time that is a string
	.ascii "{\"ssara\":1,\"file\":\"n.c\",\"fn\":\"b4\",\"opt\":\"-O1\",\"status\":\"captured\",\"blocks\":1,\"insns\":1,\"pseudos\":1,\"maxlive\":{\"gpr\":1,\"sse\":0},\"gcc_ra\":{\"spills\":0,\"w_spills\":0,\"reloads\":0,\"w_reloads\":0,\"moves\":0,\"w_moves\":0,\"copies_deleted\":0,\"w_copies_deleted\":0,\"remats\":0,\"w_remats\":0,\"frame\":0,\"callee_saved\":0},\"time_us\":{\"capture\":\"1\",\"ira_lra\":1,\"audit\":1}}\n"
# 5: bad: a verdict that is not an object
	.ascii "{\"ssara\":1,\"file\":\"n.c\",\"fn\":\"b5\",\"opt\":\"-O1\",\"status\":\"captured\",\"blocks\":1,\"insns\":1,\"pseudos\":1,\"maxlive\":{\"gpr\":1,\"sse\":0},\"gcc_ra\":{\"spills\":0,\"w_spills\":0,\"reloads\":0,\"w_reloads\":0,\"moves\":0,\"w_moves\":0,\"copies_deleted\":0,\"w_copies_deleted\":0,\"remats\":0,\"w_remats\":0,\"frame\":0,\"callee_saved\":0},\"verify\":{\"gcc\":3,\"ssara\":null}}\n"
# 6: good: class "operand N of instruction N in bN has no location"
	.ascii "{\"ssara\":1,\"file\":\"n.c\",\"fn\":\"n1\",\"opt\":\"-O1\",\"status\":\"captured\",\"blocks\":1,\"insns\":1,\"pseudos\":1,\"maxlive\":{\"gpr\":1,\"sse\":0},\"gcc_ra\":{\"spills\":0,\"w_spills\":0,\"reloads\":0,\"w_reloads\":0,\"moves\":0,\"w_moves\":0,\"copies_deleted\":0,\"w_copies_deleted\":0,\"remats\":0,\"w_remats\":0,\"frame\":0,\"callee_saved\":0},\"verify\":{\"gcc\":{\"verdict\":\"unverified\",\"reason\":\"operand 2 of instruction 5 in b3 has no location (p45, V4SI)\",\"violations\":0,\"us\":1},\"ssara\":null}}\n"
# 7: good: class "no alternative fits (*iordi_1) for uidN in rN"
	.ascii "{\"ssara\":1,\"file\":\"n.c\",\"fn\":\"n2\",\"opt\":\"-O1\",\"status\":\"captured\",\"blocks\":1,\"insns\":1,\"pseudos\":1,\"maxlive\":{\"gpr\":1,\"sse\":0},\"gcc_ra\":{\"spills\":0,\"w_spills\":0,\"reloads\":0,\"w_reloads\":0,\"moves\":0,\"w_moves\":0,\"copies_deleted\":0,\"w_copies_deleted\":0,\"remats\":0,\"w_remats\":0,\"frame\":0,\"callee_saved\":0},\"verify\":{\"gcc\":{\"verdict\":\"unverified\",\"reason\":\"no alternative fits (*iordi_1) for uid12 in r10\",\"violations\":0,\"us\":1},\"ssara\":null}}\n"
# 8: good: class "SSE registers cannot hold V4SI"
	.ascii "{\"ssara\":1,\"file\":\"n.c\",\"fn\":\"n3\",\"opt\":\"-O1\",\"status\":\"captured\",\"blocks\":1,\"insns\":1,\"pseudos\":1,\"maxlive\":{\"gpr\":1,\"sse\":0},\"gcc_ra\":{\"spills\":0,\"w_spills\":0,\"reloads\":0,\"w_reloads\":0,\"moves\":0,\"w_moves\":0,\"copies_deleted\":0,\"w_copies_deleted\":0,\"remats\":0,\"w_remats\":0,\"frame\":0,\"callee_saved\":0},\"verify\":{\"gcc\":{\"verdict\":\"unverified\",\"reason\":\"SSE registers cannot hold V4SI  (b12)\",\"violations\":0,\"us\":1},\"ssara\":null}}\n"
# 9: good: class "operand N of instruction N in bN has no location"
	.ascii "{\"ssara\":1,\"file\":\"n.c\",\"fn\":\"n4\",\"opt\":\"-O1\",\"status\":\"captured\",\"blocks\":1,\"insns\":1,\"pseudos\":1,\"maxlive\":{\"gpr\":1,\"sse\":0},\"gcc_ra\":{\"spills\":0,\"w_spills\":0,\"reloads\":0,\"w_reloads\":0,\"moves\":0,\"w_moves\":0,\"copies_deleted\":0,\"w_copies_deleted\":0,\"remats\":0,\"w_remats\":0,\"frame\":0,\"callee_saved\":0},\"verify\":{\"gcc\":{\"verdict\":\"unverified\",\"reason\":\"operand 7 of instruction 1 in b9 has no location\",\"violations\":0,\"us\":1},\"ssara\":null}}\n"
	.popsection
	.section .note.GNU-stack,"",@progbits
