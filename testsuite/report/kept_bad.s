# kept_bad.s - malformed copies_kept members, then a good record:
#   1 kb1  gcc_ra.copies_kept without w_copies_kept
#   2 kb2  ssara_ra.copies_kept 1.5, not an integer
#   3 kb3  gcc_ra.w_copies_kept -1
#   4 kb4  gcc_ra.copies_kept and w_copies_kept null: as absent, good
# ssara-report reports the first three, exits 1, and counts kb4 (its
# final moves "-").
	.pushsection .ssara,"",@progbits
	.ascii "{\"ssara\":1,\"tool\":\"0.1.0\",\"gcc\":\"12.2.0\",\"file\":\"kb.c\",\"fn\":\"kb1\",\"opt\":\"-O2\",\"status\":\"captured\",\"blocks\":1,\"insns\":4,\"pseudos\":2,\"maxlive\":{\"gpr\":2,\"sse\":0},\"gcc_ra\":{\"spills\":0,\"w_spills\":0,\"reloads\":0,\"w_reloads\":0,\"moves\":0,\"w_moves\":0,\"copies_deleted\":0,\"w_copies_deleted\":0,\"remats\":0,\"w_remats\":0,\"frame\":0,\"callee_saved\":0,\"copies_kept\":1},\"ssara_ra\":null,\"verify\":null}\n"
	.ascii "{\"ssara\":1,\"tool\":\"0.1.0\",\"gcc\":\"12.2.0\",\"file\":\"kb.c\",\"fn\":\"kb2\",\"opt\":\"-O2\",\"status\":\"captured\",\"blocks\":1,\"insns\":4,\"pseudos\":2,\"maxlive\":{\"gpr\":2,\"sse\":0},\"gcc_ra\":{\"spills\":0,\"w_spills\":0,\"reloads\":0,\"w_reloads\":0,\"moves\":0,\"w_moves\":0,\"copies_deleted\":0,\"w_copies_deleted\":0,\"remats\":0,\"w_remats\":0,\"frame\":0,\"callee_saved\":0},\"ssara_ra\":{\"spills\":0,\"w_spills\":0,\"reloads\":0,\"w_reloads\":0,\"remats\":0,\"w_remats\":0,\"moves\":0,\"w_moves\":0,\"swaps\":0,\"w_swaps\":0,\"copies\":0,\"w_copies\":0,\"copies_kept\":1.5,\"w_copies_kept\":1,\"slots\":0,\"slot_bytes\":0,\"aff_total\":0,\"aff_final\":0,\"us\":1},\"verify\":null}\n"
	.ascii "{\"ssara\":1,\"tool\":\"0.1.0\",\"gcc\":\"12.2.0\",\"file\":\"kb.c\",\"fn\":\"kb3\",\"opt\":\"-O2\",\"status\":\"captured\",\"blocks\":1,\"insns\":4,\"pseudos\":2,\"maxlive\":{\"gpr\":2,\"sse\":0},\"gcc_ra\":{\"spills\":0,\"w_spills\":0,\"reloads\":0,\"w_reloads\":0,\"moves\":0,\"w_moves\":0,\"copies_deleted\":0,\"w_copies_deleted\":0,\"remats\":0,\"w_remats\":0,\"frame\":0,\"callee_saved\":0,\"copies_kept\":1,\"w_copies_kept\":-1},\"ssara_ra\":null,\"verify\":null}\n"
	.ascii "{\"ssara\":1,\"tool\":\"0.1.0\",\"gcc\":\"12.2.0\",\"file\":\"kb.c\",\"fn\":\"kb4\",\"opt\":\"-O2\",\"status\":\"captured\",\"blocks\":1,\"insns\":4,\"pseudos\":2,\"maxlive\":{\"gpr\":2,\"sse\":0},\"gcc_ra\":{\"spills\":0,\"w_spills\":0,\"reloads\":0,\"w_reloads\":0,\"moves\":0,\"w_moves\":0,\"copies_deleted\":0,\"w_copies_deleted\":0,\"remats\":0,\"w_remats\":0,\"frame\":0,\"callee_saved\":0,\"copies_kept\":null,\"w_copies_kept\":null},\"ssara_ra\":null,\"verify\":null}\n"
	.popsection
	.section .note.GNU-stack,"",@progbits
