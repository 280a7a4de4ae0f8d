# slots.s - four records of s.c (-O2) with the operands each allocation
# put in a stack slot (slot_reads, slot_writes; docs/RECORDS.md) in
# gcc_ra and ssara_ra; s2's gcc_ra lacks them (a record of before they
# were added), s3's has them null (GCC's allocation not translated).
# test_report.c checks ssara-report against these numbers, worked out
# by hand.
#
#       gcc: spills rel  slot r  slot w     ssara: spills rel  slot r  slot w
#   s1       1/1    0    2/3     1/1               1/2    1/2  1/2     0/0
#   s2       0      0    -       -                 0      0    0/0     0/0
#   s3       0      0    null    null              0      0    2/2     0/0
#   s4       0      2/4  0/0     0/0               0      0    3/6.5   1/0.5
#
# Totals, both allocated: 4 functions.
#   spill code (all 4): gcc 1+0+0+2 = 3, w 1+4 = 5.0;
#                       ssara 2+0+0+0 = 2, w 2+2 = 4.0
# Both carry the slot operands: s1 and s4 (2 functions).
#   slot operands: gcc 3+0 = 3, w 4.0+0 = 4.0; ssara 1+4 = 5, w 2+7 = 9.0
#   spill code + slot operands: gcc (1+3)+(2+0) = 6, w (1+4)+(4+0) = 9.0;
#                               ssara (2+1)+(0+4) = 7, w (4+2)+(0+7) = 13.0
	.pushsection .ssara,"",@progbits
	.ascii "{\"ssara\":1,\"tool\":\"0.1.0\",\"gcc\":\"12.2.0\",\"file\":\"s.c\",\"fn\":\"s1\",\"opt\":\"-O2\",\"status\":\"captured\",\"blocks\":1,\"insns\":4,\"pseudos\":2,\"maxlive\":{\"gpr\":2,\"sse\":0},\"gcc_ra\":{\"spills\":1,\"w_spills\":1,\"reloads\":0,\"w_reloads\":0,\"moves\":0,\"w_moves\":0,\"copies_deleted\":0,\"w_copies_deleted\":0,\"remats\":0,\"w_remats\":0,\"frame\":0,\"callee_saved\":0,\"copies_kept\":0,\"w_copies_kept\":0,\"slot_reads\":2,\"w_slot_reads\":3,\"slot_writes\":1,\"w_slot_writes\":1},\"ssara_ra\":{\"spills\":1,\"w_spills\":2,\"reloads\":1,\"w_reloads\":2,\"remats\":0,\"w_remats\":0,\"moves\":0,\"w_moves\":0,\"swaps\":0,\"w_swaps\":0,\"copies\":0,\"w_copies\":0,\"copies_kept\":0,\"w_copies_kept\":0,\"slot_reads\":1,\"w_slot_reads\":2,\"slot_writes\":0,\"w_slot_writes\":0,\"slots\":1,\"slot_bytes\":8,\"aff_total\":0,\"aff_final\":0,\"us\":1},\"verify\":null}\n"
	.ascii "{\"ssara\":1,\"tool\":\"0.1.0\",\"gcc\":\"12.2.0\",\"file\":\"s.c\",\"fn\":\"s2\",\"opt\":\"-O2\",\"status\":\"captured\",\"blocks\":1,\"insns\":4,\"pseudos\":2,\"maxlive\":{\"gpr\":2,\"sse\":0},\"gcc_ra\":{\"spills\":0,\"w_spills\":0,\"reloads\":0,\"w_reloads\":0,\"moves\":0,\"w_moves\":0,\"copies_deleted\":0,\"w_copies_deleted\":0,\"remats\":0,\"w_remats\":0,\"frame\":0,\"callee_saved\":0,\"copies_kept\":0,\"w_copies_kept\":0},\"ssara_ra\":{\"spills\":0,\"w_spills\":0,\"reloads\":0,\"w_reloads\":0,\"remats\":0,\"w_remats\":0,\"moves\":0,\"w_moves\":0,\"swaps\":0,\"w_swaps\":0,\"copies\":0,\"w_copies\":0,\"copies_kept\":0,\"w_copies_kept\":0,\"slot_reads\":0,\"w_slot_reads\":0,\"slot_writes\":0,\"w_slot_writes\":0,\"slots\":1,\"slot_bytes\":8,\"aff_total\":0,\"aff_final\":0,\"us\":1},\"verify\":null}\n"
	.ascii "{\"ssara\":1,\"tool\":\"0.1.0\",\"gcc\":\"12.2.0\",\"file\":\"s.c\",\"fn\":\"s3\",\"opt\":\"-O2\",\"status\":\"captured\",\"blocks\":1,\"insns\":4,\"pseudos\":2,\"maxlive\":{\"gpr\":2,\"sse\":0},\"gcc_ra\":{\"spills\":0,\"w_spills\":0,\"reloads\":0,\"w_reloads\":0,\"moves\":0,\"w_moves\":0,\"copies_deleted\":0,\"w_copies_deleted\":0,\"remats\":0,\"w_remats\":0,\"frame\":0,\"callee_saved\":0,\"copies_kept\":0,\"w_copies_kept\":0,\"slot_reads\":null,\"w_slot_reads\":null,\"slot_writes\":null,\"w_slot_writes\":null},\"ssara_ra\":{\"spills\":0,\"w_spills\":0,\"reloads\":0,\"w_reloads\":0,\"remats\":0,\"w_remats\":0,\"moves\":0,\"w_moves\":0,\"swaps\":0,\"w_swaps\":0,\"copies\":0,\"w_copies\":0,\"copies_kept\":0,\"w_copies_kept\":0,\"slot_reads\":2,\"w_slot_reads\":2,\"slot_writes\":0,\"w_slot_writes\":0,\"slots\":1,\"slot_bytes\":8,\"aff_total\":0,\"aff_final\":0,\"us\":1},\"verify\":null}\n"
	.ascii "{\"ssara\":1,\"tool\":\"0.1.0\",\"gcc\":\"12.2.0\",\"file\":\"s.c\",\"fn\":\"s4\",\"opt\":\"-O2\",\"status\":\"captured\",\"blocks\":1,\"insns\":4,\"pseudos\":2,\"maxlive\":{\"gpr\":2,\"sse\":0},\"gcc_ra\":{\"spills\":0,\"w_spills\":0,\"reloads\":2,\"w_reloads\":4,\"moves\":0,\"w_moves\":0,\"copies_deleted\":0,\"w_copies_deleted\":0,\"remats\":0,\"w_remats\":0,\"frame\":0,\"callee_saved\":0,\"copies_kept\":0,\"w_copies_kept\":0,\"slot_reads\":0,\"w_slot_reads\":0,\"slot_writes\":0,\"w_slot_writes\":0},\"ssara_ra\":{\"spills\":0,\"w_spills\":0,\"reloads\":0,\"w_reloads\":0,\"remats\":0,\"w_remats\":0,\"moves\":0,\"w_moves\":0,\"swaps\":0,\"w_swaps\":0,\"copies\":0,\"w_copies\":0,\"copies_kept\":0,\"w_copies_kept\":0,\"slot_reads\":3,\"w_slot_reads\":6.5,\"slot_writes\":1,\"w_slot_writes\":0.5,\"slots\":1,\"slot_bytes\":8,\"aff_total\":0,\"aff_final\":0,\"us\":1},\"verify\":null}\n"
	.popsection
	.section .note.GNU-stack,"",@progbits
