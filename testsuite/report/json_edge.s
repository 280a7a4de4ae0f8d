# json_edge.s - the strict JSON reader on records of "e.c": three valid
# records (1, 2 and 26) and 25 bad ones, one fault each; the comment
# before each record says what ssara-report must say about it.  Record 28
# lacks its newline.  Valid functions: e_A😀<tab>"q"\/ (record 1),
# e_two and e_last; sums spills 8, reloads 9, moves 10, copies_deleted 10,
# remats 11, frame 12, callee_saved 13; weighted spills 2.6, reloads 2.7,
# moves 1.3, copies_deleted 0.4, remats 0.5.
	.pushsection .ssara,"",@progbits
# 1: valid: whitespace, every escape, exponents, members of every type the reader does not know
	.ascii "{ \"ssara\" : 1 ,\"tool\":\"x\",\"file\" : \"e.c\", \"fn\" : \"e_\\u0041\\ud83d\\ude00\\t\\\"q\\\"\\\\\\/\" , \"opt\":\"-O2\",\"status\":\"captured\",\"blocks\":1,\"insns\":1,\"pseudos\":1,\"maxlive\":{\"gpr\":1,\"sse\":1},\"gcc_ra\":{\"spills\":1,\"w_spills\":2.5e0,\"reloads\":1,\"w_reloads\":0.25E+1,\"moves\":1,\"w_moves\":100e-2,\"copies_deleted\":0,\"w_copies_deleted\":0,\"remats\":0,\"w_remats\":-0,\"frame\":0,\"callee_saved\":0},\"extra\":[1,-2.5,true,false,null,{\"k\":[]},\"s\",{}],\"ssara_ra\":null,\"future\":{\"x\":[[]]},\"verify\":null }\n"
# 2: valid: unsupported, empty opt, null counts, escaped quotes in the reason
	.ascii "{\"ssara\":1,\"file\":\"e.c\",\"fn\":\"e_two\",\"opt\":\"\",\"status\":\"unsupported\",\"reason\":\"say \\\"no\\\"\",\"blocks\":null,\"maxlive\":null,\"gcc_ra\":null}\n"
# 3: trailing comma
	.ascii "{\"ssara\":1,}\n"
# 4: leading zero in number
	.ascii "{\"ssara\":1,\"blocks\":01}\n"
# 5: control character in string (a raw tab)
	.ascii "{\"ssara\":1,\"fn\":\"a\tb\"}\n"
# 6: high surrogate without low surrogate
	.ascii "{\"ssara\":1,\"fn\":\"\\ud800x\"}\n"
# 7: lone low surrogate
	.ascii "{\"ssara\":1,\"fn\":\"\\udc00\"}\n"
# 8: unknown escape
	.ascii "{\"ssara\":1,\"fn\":\"\\q\"}\n"
# 9: invalid UTF-8 in string (byte 0xff)
	.ascii "{\"ssara\":1,\"fn\":\"\377\"}\n"
# 10: duplicate member "fn"
	.ascii "{\"ssara\":1,\"fn\":\"x\",\"fn\":\"y\"}\n"
# 11: missing member "gcc_ra"
	.ascii "{\"ssara\":1,\"file\":\"e.c\",\"fn\":\"e11\",\"opt\":\"-O2\",\"status\":\"captured\",\"blocks\":1,\"insns\":1,\"pseudos\":1,\"maxlive\":{\"gpr\":1,\"sse\":0}}\n"
# 12: member "blocks" is not an integer from 0 to 281474976710655 (-1)
	.ascii "{\"ssara\":1,\"file\":\"e.c\",\"fn\":\"e12\",\"opt\":\"-O2\",\"status\":\"captured\",\"blocks\":-1}\n"
# 13: member "blocks" is not an integer from 0 to 281474976710655 (1.5)
	.ascii "{\"ssara\":1,\"file\":\"e.c\",\"fn\":\"e13\",\"opt\":\"-O2\",\"status\":\"captured\",\"blocks\":1.5}\n"
# 14: neither "captured" nor "unsupported"
	.ascii "{\"ssara\":1,\"file\":\"e.c\",\"fn\":\"e14\",\"opt\":\"-O2\",\"status\":\"maybe\"}\n"
# 15: not a JSON object
	.ascii "[1]\n"
# 16: member "ssara" is not an integer version number
	.ascii "{\"ssara\":\"1\"}\n"
# 17: unexpected 'h', a value expected
	.ascii "hello\n"
# 18: unexpected ''', member name expected
	.ascii "{'ssara':1}\n"
# 19: end of record expected
	.ascii "{\"ssara\":1} 1\n"
# 20: nesting deeper than 64 levels
	.ascii "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\n"
# 21: missing member "reason"
	.ascii "{\"ssara\":1,\"file\":\"e.c\",\"fn\":\"e21\",\"opt\":\"-O2\",\"status\":\"unsupported\"}\n"
# 22: \u needs four hex digits
	.ascii "{\"ssara\":1,\"fn\":\"\\u00\"}\n"
# 23: number out of range
	.ascii "{\"ssara\":1,\"x\":1e999}\n"
# 24: digit expected in number
	.ascii "{\"ssara\":1,\"x\":-}\n"
# 25: a value expected (tru)
	.ascii "{\"ssara\":1,\"x\":tru}\n"
# 26: valid: the records after bad ones are still read
	.ascii "{\"ssara\":1,\"file\":\"e.c\",\"fn\":\"e_last\",\"opt\":\"-O2\",\"status\":\"captured\",\"blocks\":2,\"insns\":3,\"pseudos\":4,\"maxlive\":{\"gpr\":5,\"sse\":6},\"gcc_ra\":{\"spills\":7,\"w_spills\":0.1,\"reloads\":8,\"w_reloads\":0.2,\"moves\":9,\"w_moves\":0.3,\"copies_deleted\":10,\"w_copies_deleted\":0.4,\"remats\":11,\"w_remats\":0.5,\"frame\":12,\"callee_saved\":13}}\n"
# 27: an empty line: unexpected end of record
	.ascii "\n"
# 28: not terminated by a newline
	.ascii "{\"ssara\":1"
	.popsection
	.section .note.GNU-stack,"",@progbits
