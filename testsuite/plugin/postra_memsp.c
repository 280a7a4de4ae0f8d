// options: -O2
/* Memory equivalences that the checker proves (docs/VERIFY.md, "Memory"):
 * a narrow reload of a global, and a global's memory across pushes. */

/* narrow: `movzbl s(%rip), %eax; subl $100, %eax` - GCC deletes the
 * load of s (uid 5, [ld $s:4]) and loads only the byte that the QImode
 * addition reads (p89[0,1]).  [$s] holds p89 after the deleted load;
 * the 1-byte load at s's own address is p89's low byte (little-endian):
 * proved.  (Before: "loaded from memory, not proven equal".) */
int s;
int narrow(void) { return (signed char)(s - 100) - 5; }
//! narrow: ord "*movsi_internal" =p? [ld $s:4]
//!gcc narrow: remat =@ax:1, @[$s]:1
//!verdict narrow: verified

/* pushes: `movl g(%rip), %ecx` after the first push of the stack
 * arguments 8 and 7.  The load of g (uid 5) is deleted and g is read as
 * the fourth argument after a push ([wr %sp]: stack memory, which is not
 * g's storage), so [$g] still holds the loaded value: proved.  (Before:
 * the push was [wr *], which may write g: "replaced by [$g], not proven
 * equal".) */
int g;
extern int f9(int, int, int, int, int, int, int, int);
int pushes(void) { return f9(1, 2, 3, g, 5, 6, 7, 8); }
//! pushes: ord "*movsi_internal" =p? [ld $g:4]
//! pushes: ord "*pushsi2_rex64" +%sp, %sp, $8 [wr %sp]
//!gcc pushes: copy =%cx, p? @[$g]
//!verdict pushes: verified
