# a.s - three ssara records of a.c at -O2, as the plugin writes them
# (docs/RECORDS.md).  test_report.c checks ssara-report against these
# numbers, summed by hand:
#
#   fn       status       blocks insns pseudos gpr sse | spills reloads moves copies remats frame saved
#   a_add    captured          1     4       2   2   0 |    0      0      1     2      0     0     0
#   a_loop   captured          4    20       9   7   1 |    3      4      2     1      1    16     3
#   a_goto   unsupported (asm goto): no counts
#   a.o      sums              5    24      11  max7 max1    3      4      3     3      1    16     3
#   weighted (w_):                                       30.5   40.3   11.5   2.5   10.0
	.pushsection .ssara,"",@progbits
	.ascii "{\"ssara\":1,\"tool\":\"0.1.0\",\"gcc\":\"12.2.0\",\"file\":\"a.c\",\"fn\":\"a_add\",\"opt\":\"-O2\",\"status\":\"captured\",\"blocks\":1,\"insns\":4,\"pseudos\":2,\"maxlive\":{\"gpr\":2,\"sse\":0},\"gcc_ra\":{\"spills\":0,\"w_spills\":0,\"reloads\":0,\"w_reloads\":0,\"moves\":1,\"w_moves\":1,\"copies_deleted\":2,\"w_copies_deleted\":2,\"remats\":0,\"w_remats\":0,\"frame\":0,\"callee_saved\":0},\"ssara_ra\":null,\"verify\":null}\n"
	.ascii "{\"ssara\":1,\"tool\":\"0.1.0\",\"gcc\":\"12.2.0\",\"file\":\"a.c\",\"fn\":\"a_loop\",\"opt\":\"-O2\",\"status\":\"captured\",\"blocks\":4,\"insns\":20,\"pseudos\":9,\"maxlive\":{\"gpr\":7,\"sse\":1},\"gcc_ra\":{\"spills\":3,\"w_spills\":30.5,\"reloads\":4,\"w_reloads\":40.3,\"moves\":2,\"w_moves\":10.5,\"copies_deleted\":1,\"w_copies_deleted\":0.5,\"remats\":1,\"w_remats\":1e1,\"frame\":16,\"callee_saved\":3},\"ssara_ra\":null,\"verify\":null}\n"
	.ascii "{\"ssara\":1,\"tool\":\"0.1.0\",\"gcc\":\"12.2.0\",\"file\":\"a.c\",\"fn\":\"a_goto\",\"opt\":\"-O2\",\"status\":\"unsupported\",\"reason\":\"asm goto\",\"maxlive\":null,\"gcc_ra\":null,\"ssara_ra\":null,\"verify\":null}\n"
	.popsection
	.section .note.GNU-stack,"",@progbits
