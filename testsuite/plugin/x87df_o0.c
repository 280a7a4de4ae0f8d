// options: -O0
/* x87df.c's functions (doubles and floats in x87 registers for an asm;
 * see there and CAPTURE.md "Floats in x87 registers") compiled at -O0:
 * the same source, with the verdicts of this level only (x87df.c's
 * "//!" lines are its own, for -O2; this runner reads only this file's
 * text for expectations). */
#include "x87df.c"

//!verdict dt: verified
//!ours dt: verified
//!verdict ft: verified
//!ours ft: verified
//!verdict du: verified
//!ours du: verified
//!verdict dsum: verified
//!ours dsum: verified
//!verdict dloop: verified
//!ours dloop: verified
//!verdict pi: verified
//!ours pi: verified
//!verdict st: verified
//!ours st: verified
//!verdict mix: verified
//!ours mix: verified
