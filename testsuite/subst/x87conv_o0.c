// options: -O0
/* Long doubles converted to integers at -O0: fistp writes its result to
 * a stack slot, which ssara's allocation reloads into ax right after,
 * and the copies that follow are no-op moves LRA deletes.  The check of
 * the emitted code must put those deleted copies after the reload the
 * writer emitted before them (the first insn the writer makes has the
 * uid get_max_uid gave: a false violation until it was counted as new). */
#include <stdio.h>

__attribute__((noinline)) unsigned ld2u(long double d) { return d; }
//!subst ld2u

__attribute__((noinline)) long ld2l(long double d) { return (long)(d * 2); }
//!subst ld2l

int main(void)
{
	printf("%u %ld\n", ld2u(4000000000.75L), ld2l(-12345.5L));
	return 0;
}
