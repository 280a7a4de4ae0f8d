// options: -O0
// plugin: regs=4
/* shapes.c's functions at -O0 with 4 general registers for ssara. */
#include "shapes.c"
//!subst pressure
//!subst rot
//!subst swapper
//!subst across
//!subst fixedregs
//!subst parts
//!subst constants
//!subst memop
//!subst diamond
//!subst bytes
//!subst ld
