# verify.s - nine records of v.c with the members added to spec 1
# (docs/RECORDS.md): "verify", "ssara_ra", "time_us".  test_report.c
# checks ssara-report against these numbers, worked out by hand.
#
#   fn  opt  verify.gcc (us)                        verify.ssara (us)   ssara_ra (us)      time_us capture/ira_lra/audit
#   v1  -O2  verified (10)                          verified (5)        done (40)          20/100/3
#   v2  -O2  unverified "insn moved by IRA (uid 12)" (20)  null         error "too many fixed registers in b3" (10)  10/200/5
#   v3  -O2  unverified "insn moved by IRA (uid 7)" (30)   null         null               5/100/2
#   v4  -O2  violation, 2, "uid 9 (b2): ..." (40)   violation, 1 (6)    done (90)          10/100/0
#   v5  -O0  verified (5)                           null                null               1/50/1
#   v6  -O0  unverified "uid 12 (b3) differs from the original instruction" (5)            1/50/1
#   v7  -O0  unsupported (asm goto), "verify": null                                        1/30/0
#   v8  -O0  "verify": null, no "time_us" (a record of before the additions)
#   v9  -Os  unverified "block b4 of the original is missing from the allocation" (7)      2/40/1
#
# All nine:
#   gcc:   verified 2 (v1 v5), violation 1 (v4), unverified 4, not checked 2 (v7 v8);
#          violations 2; us 10+20+30+40+5+5+7 = 117
#   gcc unverified reason classes: 2 "insn moved by IRA", then by name
#          1 "block bN of the original is missing from the allocation",
#          1 "uid N differs from the original instruction"
#   ssara: verified 1, violation 1, unverified 0, not checked 7; violations 1;
#          us 5+6 = 11; allocated 2 (v1 v4), refused 1: "too many fixed registers in bN"
#   times (8 functions timed): capture 20+10+5+10+1+1+1+2 = 50, ira_lra
#          100+200+100+100+50+50+30+40 = 670, audit pass 3+5+2+0+1+1+0+1 = 13;
#          audit = 117 + 13 = 130 (19.4% of 670), ssara alloc 40+10+90 = 140
#          (20.9%), ssara check 11 (1.6%), capture 50 (7.5%)
#   both allocated (v1 v4):   gcc  ssara  gcc w  ssara w
#          spills              3      1    4.0     2.0
#          reloads             3      3    3.0     5.0
#          remats              1      2    1.0     2.0
#          moves               1      4    1.5     7.0
#          swaps               -      1      -     1.0
#          copies kept         -      2      -     2.5
#          copies deleted      5      -    5.0       -
# Per level:               -O0    -O2    -Os
#   functions                4      4      1
#   gcc verified             1      1      0
#   gcc violation            0      1      0
#   gcc unverified           1      2      1
#   gcc not checked          2      0      0
#   IRA+LRA us             130    500     40
#   audit us                12    110      8   (9.2%, 22.0%, 20.0%)
#   ssara alloc us           0    140      0   (0.0%, 28.0%, 0.0%)
# SVG (bar height 200): verdict segments -O0 verified 50, unverified 50,
#   violation 0, not checked 100; -O2 50, 100, 50, 0; -Os 0, 200, 0, 0.
#   ssara's verdicts only at -O2 (v1 verified, v4 violation, v2 v3 not
#   checked): 50, 0, 50, 100.
#   Time chart scale: largest share 28.0% -> 50%; heights audit -O0
#   200*9.2308/50 = 36.92, -O2 88.00, -Os 80.00; ssara alloc -O2 112.00,
#   the others 0.00.
	.pushsection .ssara,"",@progbits
	.ascii "{\"ssara\":1,\"tool\":\"0.1.0\",\"gcc\":\"12.2.0\",\"file\":\"v.c\",\"fn\":\"v1\",\"opt\":\"-O2\",\"status\":\"captured\",\"blocks\":2,\"insns\":10,\"pseudos\":4,\"maxlive\":{\"gpr\":3,\"sse\":0},\"gcc_ra\":{\"spills\":2,\"w_spills\":3,\"reloads\":1,\"w_reloads\":1,\"moves\":1,\"w_moves\":1.5,\"copies_deleted\":4,\"w_copies_deleted\":4,\"remats\":0,\"w_remats\":0,\"frame\":8,\"callee_saved\":1},\"ssara_ra\":{\"spills\":1,\"w_spills\":2,\"reloads\":2,\"w_reloads\":4,\"remats\":0,\"w_remats\":0,\"moves\":3,\"w_moves\":6,\"swaps\":1,\"w_swaps\":1,\"copies\":2,\"w_copies\":2.5,\"slots\":1,\"slot_bytes\":8,\"aff_total\":100,\"aff_final\":80,\"us\":40},\"verify\":{\"gcc\":{\"verdict\":\"verified\",\"violations\":0,\"us\":10},\"ssara\":{\"verdict\":\"verified\",\"violations\":0,\"us\":5}},\"time_us\":{\"capture\":20,\"ira_lra\":100,\"audit\":3}}\n"
	.ascii "{\"ssara\":1,\"tool\":\"0.1.0\",\"gcc\":\"12.2.0\",\"file\":\"v.c\",\"fn\":\"v2\",\"opt\":\"-O2\",\"status\":\"captured\",\"blocks\":2,\"insns\":10,\"pseudos\":4,\"maxlive\":{\"gpr\":3,\"sse\":0},\"gcc_ra\":{\"spills\":0,\"w_spills\":0,\"reloads\":0,\"w_reloads\":0,\"moves\":0,\"w_moves\":0,\"copies_deleted\":0,\"w_copies_deleted\":0,\"remats\":0,\"w_remats\":0,\"frame\":0,\"callee_saved\":0},\"ssara_ra\":{\"error\":\"too many fixed registers in b3\",\"us\":10},\"verify\":{\"gcc\":{\"verdict\":\"unverified\",\"reason\":\"insn moved by IRA (uid 12)\",\"violations\":0,\"us\":20},\"ssara\":null},\"time_us\":{\"capture\":10,\"ira_lra\":200,\"audit\":5}}\n"
	.ascii "{\"ssara\":1,\"tool\":\"0.1.0\",\"gcc\":\"12.2.0\",\"file\":\"v.c\",\"fn\":\"v3\",\"opt\":\"-O2\",\"status\":\"captured\",\"blocks\":2,\"insns\":10,\"pseudos\":4,\"maxlive\":{\"gpr\":3,\"sse\":0},\"gcc_ra\":{\"spills\":0,\"w_spills\":0,\"reloads\":0,\"w_reloads\":0,\"moves\":0,\"w_moves\":0,\"copies_deleted\":0,\"w_copies_deleted\":0,\"remats\":0,\"w_remats\":0,\"frame\":0,\"callee_saved\":0},\"ssara_ra\":null,\"verify\":{\"gcc\":{\"verdict\":\"unverified\",\"reason\":\"insn moved by IRA (uid 7)\",\"violations\":0,\"us\":30},\"ssara\":null},\"time_us\":{\"capture\":5,\"ira_lra\":100,\"audit\":2}}\n"
	.ascii "{\"ssara\":1,\"tool\":\"0.1.0\",\"gcc\":\"12.2.0\",\"file\":\"v.c\",\"fn\":\"v4\",\"opt\":\"-O2\",\"status\":\"captured\",\"blocks\":2,\"insns\":10,\"pseudos\":4,\"maxlive\":{\"gpr\":3,\"sse\":0},\"gcc_ra\":{\"spills\":1,\"w_spills\":1,\"reloads\":2,\"w_reloads\":2,\"moves\":0,\"w_moves\":0,\"copies_deleted\":1,\"w_copies_deleted\":1,\"remats\":1,\"w_remats\":1,\"frame\":0,\"callee_saved\":0},\"ssara_ra\":{\"spills\":0,\"w_spills\":0,\"reloads\":1,\"w_reloads\":1,\"remats\":2,\"w_remats\":2,\"moves\":1,\"w_moves\":1,\"swaps\":0,\"w_swaps\":0,\"copies\":0,\"w_copies\":0,\"slots\":0,\"slot_bytes\":0,\"aff_total\":0,\"aff_final\":0,\"us\":90},\"verify\":{\"gcc\":{\"verdict\":\"violation\",\"violations\":2,\"first\":\"uid 9 (b2): r1 does not hold p5\",\"us\":40},\"ssara\":{\"verdict\":\"violation\",\"violations\":1,\"first\":\"uid 3: x\",\"us\":6}},\"time_us\":{\"capture\":10,\"ira_lra\":100,\"audit\":0}}\n"
	.ascii "{\"ssara\":1,\"tool\":\"0.1.0\",\"gcc\":\"12.2.0\",\"file\":\"v.c\",\"fn\":\"v5\",\"opt\":\"-O0\",\"status\":\"captured\",\"blocks\":2,\"insns\":10,\"pseudos\":4,\"maxlive\":{\"gpr\":3,\"sse\":0},\"gcc_ra\":{\"spills\":0,\"w_spills\":0,\"reloads\":0,\"w_reloads\":0,\"moves\":0,\"w_moves\":0,\"copies_deleted\":0,\"w_copies_deleted\":0,\"remats\":0,\"w_remats\":0,\"frame\":0,\"callee_saved\":0},\"ssara_ra\":null,\"verify\":{\"gcc\":{\"verdict\":\"verified\",\"violations\":0,\"us\":5},\"ssara\":null},\"time_us\":{\"capture\":1,\"ira_lra\":50,\"audit\":1}}\n"
	.ascii "{\"ssara\":1,\"tool\":\"0.1.0\",\"gcc\":\"12.2.0\",\"file\":\"v.c\",\"fn\":\"v6\",\"opt\":\"-O0\",\"status\":\"captured\",\"blocks\":2,\"insns\":10,\"pseudos\":4,\"maxlive\":{\"gpr\":3,\"sse\":0},\"gcc_ra\":{\"spills\":0,\"w_spills\":0,\"reloads\":0,\"w_reloads\":0,\"moves\":0,\"w_moves\":0,\"copies_deleted\":0,\"w_copies_deleted\":0,\"remats\":0,\"w_remats\":0,\"frame\":0,\"callee_saved\":0},\"ssara_ra\":null,\"verify\":{\"gcc\":{\"verdict\":\"unverified\",\"reason\":\"uid 12 (b3) differs from the original instruction\",\"violations\":0,\"us\":5},\"ssara\":null},\"time_us\":{\"capture\":1,\"ira_lra\":50,\"audit\":1}}\n"
	.ascii "{\"ssara\":1,\"tool\":\"0.1.0\",\"gcc\":\"12.2.0\",\"file\":\"v.c\",\"fn\":\"v7\",\"opt\":\"-O0\",\"status\":\"unsupported\",\"reason\":\"asm goto\",\"maxlive\":null,\"gcc_ra\":null,\"ssara_ra\":null,\"verify\":null,\"time_us\":{\"capture\":1,\"ira_lra\":30,\"audit\":0}}\n"
	.ascii "{\"ssara\":1,\"tool\":\"0.1.0\",\"gcc\":\"12.2.0\",\"file\":\"v.c\",\"fn\":\"v8\",\"opt\":\"-O0\",\"status\":\"captured\",\"blocks\":2,\"insns\":10,\"pseudos\":4,\"maxlive\":{\"gpr\":3,\"sse\":0},\"gcc_ra\":{\"spills\":0,\"w_spills\":0,\"reloads\":0,\"w_reloads\":0,\"moves\":0,\"w_moves\":0,\"copies_deleted\":0,\"w_copies_deleted\":0,\"remats\":0,\"w_remats\":0,\"frame\":0,\"callee_saved\":0},\"ssara_ra\":null,\"verify\":null}\n"
	.ascii "{\"ssara\":1,\"tool\":\"0.1.0\",\"gcc\":\"12.2.0\",\"file\":\"v.c\",\"fn\":\"v9\",\"opt\":\"-Os\",\"status\":\"captured\",\"blocks\":2,\"insns\":10,\"pseudos\":4,\"maxlive\":{\"gpr\":3,\"sse\":0},\"gcc_ra\":{\"spills\":0,\"w_spills\":0,\"reloads\":0,\"w_reloads\":0,\"moves\":0,\"w_moves\":0,\"copies_deleted\":0,\"w_copies_deleted\":0,\"remats\":0,\"w_remats\":0,\"frame\":0,\"callee_saved\":0},\"ssara_ra\":null,\"verify\":{\"gcc\":{\"verdict\":\"unverified\",\"reason\":\"block b4 of the original is missing from the allocation\",\"violations\":0,\"us\":7},\"ssara\":null},\"time_us\":{\"capture\":2,\"ira_lra\":40,\"audit\":1}}\n"
	.popsection
	.section .note.GNU-stack,"",@progbits
