# v2.s - a record of a spec version this reader does not know (2), then a
# version-1 record.  ssara-report rejects the first, naming the file and
# the version ("unsupported spec version 2"), exits 1, and counts the
# second: 1 function, v2_ok, frame 4.
	.pushsection .ssara,"",@progbits
	.ascii "{\"ssara\":2,\"tool\":\"9.0.0\",\"file\":\"v2.c\",\"fn\":\"v2_new\",\"opt\":\"-O2\",\"status\":\"captured\",\"shape\":\"different\"}\n"
	.ascii "{\"ssara\":1,\"tool\":\"0.1.0\",\"gcc\":\"12.2.0\",\"file\":\"v2.c\",\"fn\":\"v2_ok\",\"opt\":\"-O2\",\"status\":\"captured\",\"blocks\":1,\"insns\":1,\"pseudos\":0,\"maxlive\":{\"gpr\":0,\"sse\":0},\"gcc_ra\":{\"spills\":0,\"w_spills\":0,\"reloads\":0,\"w_reloads\":0,\"moves\":0,\"w_moves\":0,\"copies_deleted\":0,\"w_copies_deleted\":0,\"remats\":0,\"w_remats\":0,\"frame\":4,\"callee_saved\":0},\"ssara_ra\":null,\"verify\":null}\n"
	.popsection
	.section .note.GNU-stack,"",@progbits
