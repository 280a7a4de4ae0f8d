// options: -O0
/* As postra_asmsplit.c at -O0: `asm volatile ("" : "+g" (gi))` on a
 * global reads gi into a pseudo and writes the asm's output to gi; LRA
 * reloads the output through ax and stores it with a new insn (without
 * this, "insn changed shape (parallel)"). */
int gi;
void bump(void)
{
	asm volatile("" : "+g"(gi));
}
//!verdict bump: verified
