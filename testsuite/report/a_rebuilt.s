# a_rebuilt.s - a.c compiled again: a_add at -O2 with a different frame
# (8, not 0: the same function, so a duplicate of a.o's record, but one
# whose text differs) and a_add at -Os (another optimization level: a
# function of its own).
#
# a.o + a_rebuilt.o: 4 functions, 1 duplicate, 1 differing; frame 16+0
# (a.o's a_add is kept, it was read first) + 0 (-Os) = 16.
	.pushsection .ssara,"",@progbits
	.ascii "{\"ssara\":1,\"tool\":\"0.1.0\",\"gcc\":\"12.2.0\",\"file\":\"a.c\",\"fn\":\"a_add\",\"opt\":\"-O2\",\"status\":\"captured\",\"blocks\":1,\"insns\":4,\"pseudos\":2,\"maxlive\":{\"gpr\":2,\"sse\":0},\"gcc_ra\":{\"spills\":0,\"w_spills\":0,\"reloads\":0,\"w_reloads\":0,\"moves\":1,\"w_moves\":1,\"copies_deleted\":2,\"w_copies_deleted\":2,\"remats\":0,\"w_remats\":0,\"frame\":8,\"callee_saved\":0},\"ssara_ra\":null,\"verify\":null}\n"
	.ascii "{\"ssara\":1,\"tool\":\"0.1.0\",\"gcc\":\"12.2.0\",\"file\":\"a.c\",\"fn\":\"a_add\",\"opt\":\"-Os\",\"status\":\"captured\",\"blocks\":1,\"insns\":3,\"pseudos\":2,\"maxlive\":{\"gpr\":2,\"sse\":0},\"gcc_ra\":{\"spills\":0,\"w_spills\":0,\"reloads\":0,\"w_reloads\":0,\"moves\":0,\"w_moves\":0,\"copies_deleted\":2,\"w_copies_deleted\":2,\"remats\":0,\"w_remats\":0,\"frame\":0,\"callee_saved\":0},\"ssara_ra\":null,\"verify\":null}\n"
	.popsection
	.section .note.GNU-stack,"",@progbits
