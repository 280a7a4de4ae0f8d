// options: -O2 -ffixed-rbx -ffixed-rbp -ffixed-r10 -ffixed-r11 -ffixed-r12 -ffixed-r13 -ffixed-r14 -ffixed-r15
/* shapes.c's functions with 7 general registers for both allocators:
 * the registers that carry no argument fixed (-ffixed-REG), which ssara
 * honours as GCC does; the substituted code must not use them. */
#include "shapes.c"
//!subst pressure
//!lacks pressure: %rbx
//!lacks pressure: %r12
//!subst rot
//!subst across
//!lacks across: %rbx
//!lacks across: %r15
//!subst constants
//!lacks constants: %r13
//!subst diamond
//!lacks diamond: %rbp
