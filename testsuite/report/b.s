# b.s - three ssara records of b.c at -O2.  The section is aligned to 16
# so that a link after a.o pads with NUL bytes between the records, and
# NULs are put between two records here too: readers skip them.  The
# second function's name is "caf\u00e9" (café, UTF-8 after decoding).
#
#   fn       status       blocks insns pseudos gpr sse | spills reloads moves copies remats frame saved
#   b_main   captured          2    10       5   4   2 |    4      1      0     3      2    32     2
#   café     unsupported (computed goto): no counts
#   b_jump   unsupported (asm goto): no counts
#   weighted (w_):                                        4.0    1.5    0.0   3.0    2.0
#
# a.o + b.o: 6 functions, 3 captured, 3 unsupported (asm goto 2,
# computed goto 1); sums blocks 7 insns 34 pseudos 16, maxlive max gpr 7
# sse 2, spills 7 reloads 5 moves 3 copies_deleted 6 remats 3 frame 48
# callee_saved 5; weighted spills 34.5 reloads 41.8 moves 11.5
# copies_deleted 5.5 remats 12.0.
	.pushsection .ssara,"",@progbits
	.balign 16
	.ascii "{\"ssara\":1,\"tool\":\"0.1.0\",\"gcc\":\"12.2.0\",\"file\":\"b.c\",\"fn\":\"b_main\",\"opt\":\"-O2\",\"status\":\"captured\",\"blocks\":2,\"insns\":10,\"pseudos\":5,\"maxlive\":{\"gpr\":4,\"sse\":2},\"gcc_ra\":{\"spills\":4,\"w_spills\":4,\"reloads\":1,\"w_reloads\":1.5,\"moves\":0,\"w_moves\":0,\"copies_deleted\":3,\"w_copies_deleted\":3,\"remats\":2,\"w_remats\":2,\"frame\":32,\"callee_saved\":2},\"ssara_ra\":null,\"verify\":null}\n"
	.byte 0, 0, 0, 0
	.ascii "{\"ssara\":1,\"tool\":\"0.1.0\",\"gcc\":\"12.2.0\",\"file\":\"b.c\",\"fn\":\"caf\\u00e9\",\"opt\":\"-O2\",\"status\":\"unsupported\",\"reason\":\"computed goto\",\"ssara_ra\":null,\"verify\":null}\n"
	.ascii "{\"ssara\":1,\"tool\":\"0.1.0\",\"gcc\":\"12.2.0\",\"file\":\"b.c\",\"fn\":\"b_jump\",\"opt\":\"-O2\",\"status\":\"unsupported\",\"reason\":\"asm goto\",\"ssara_ra\":null,\"verify\":null}\n"
	.popsection
	.section .note.GNU-stack,"",@progbits
