/* compare.h - `ssara compare DIR`: the allocators on every captured
 * function of a directory of IR dumps, side by side (docs/COMPARE.md). */
#ifndef SSARA_COMPARE_H
#define SSARA_COMPARE_H

/* ssara compare [--regs GPR[,SSE]] [--ilp-time SEC] [--allocators LIST]
 * DIR: exit 0 when it ran (the table on stdout, progress on stderr),
 * 2 on bad usage or a directory it cannot read. */
int compare_main(int argc, char **argv);

#endif
