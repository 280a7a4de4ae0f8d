# bad.s - three records of bad.c; the second is not valid JSON (the ':'
# after "file" is missing: column 19).  ssara-report names the file and
# the record, exits 1, and still counts records 1 and 3:
#
#   fn       status    blocks insns pseudos gpr sse | spills reloads moves copies remats frame saved
#   bad_one  captured       1     2       1   1   0 |    1      1      0     0      0     8     1
#   bad_two  captured       1     2       1   1   0 |    1      1      0     0      0     8     1
#
# a.o + bad.o: 5 functions, spills 3+1+1 = 5, frame 16+8+8 = 32.
	.pushsection .ssara,"",@progbits
	.ascii "{\"ssara\":1,\"tool\":\"0.1.0\",\"gcc\":\"12.2.0\",\"file\":\"bad.c\",\"fn\":\"bad_one\",\"opt\":\"-O2\",\"status\":\"captured\",\"blocks\":1,\"insns\":2,\"pseudos\":1,\"maxlive\":{\"gpr\":1,\"sse\":0},\"gcc_ra\":{\"spills\":1,\"w_spills\":1,\"reloads\":1,\"w_reloads\":1,\"moves\":0,\"w_moves\":0,\"copies_deleted\":0,\"w_copies_deleted\":0,\"remats\":0,\"w_remats\":0,\"frame\":8,\"callee_saved\":1},\"ssara_ra\":null,\"verify\":null}\n"
	.ascii "{\"ssara\":1,\"file\" \"bad.c\"}\n"
	.ascii "{\"ssara\":1,\"tool\":\"0.1.0\",\"gcc\":\"12.2.0\",\"file\":\"bad.c\",\"fn\":\"bad_two\",\"opt\":\"-O2\",\"status\":\"captured\",\"blocks\":1,\"insns\":2,\"pseudos\":1,\"maxlive\":{\"gpr\":1,\"sse\":0},\"gcc_ra\":{\"spills\":1,\"w_spills\":1,\"reloads\":1,\"w_reloads\":1,\"moves\":0,\"w_moves\":0,\"copies_deleted\":0,\"w_copies_deleted\":0,\"remats\":0,\"w_remats\":0,\"frame\":8,\"callee_saved\":1},\"ssara_ra\":null,\"verify\":null}\n"
	.popsection
	.section .note.GNU-stack,"",@progbits
