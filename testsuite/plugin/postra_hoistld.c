// options: -O2
/* Loads run at their place (docs/POSTRA.md): zlib's send_bits twice
 * (trees.c `_tr_align`).  In the second branch the load of s->valid
 * comes before the store s->buf = 0 (the capture's order); IRA gives the
 * loaded pseudo the memory equivalence [s+20] and LRA deletes the load,
 * emitting it again after the store, `movw %ax, 16(%rdi)` then `movl
 * 20(%rdi), %edi`.  The store writes bytes 16-17 through the register
 * that the load reads bytes 20-23 through, unchanged between the two,
 * so the translation runs the deleted load at its own place, before the
 * store.  Before this rule: "reload from a memory equivalence" at -O1,
 * -O2 and -Os. */
struct st {
	unsigned char *p;
	unsigned long n;
	unsigned short buf;
	int valid;
};

#define put_byte(s, c) (s->p[s->n++] = (unsigned char)(c))
#define send_bits(s, value, length)                                     \
	{                                                               \
		int len = length;                                       \
		if (s->valid > 16 - len) {                              \
			int val = (int)value;                           \
			s->buf |= (unsigned short)val << s->valid;      \
			put_byte(s, s->buf & 0xff);                     \
			put_byte(s, (unsigned short)s->buf >> 8);       \
			s->buf = (unsigned short)val >> (16 - s->valid); \
			s->valid += len - 16;                           \
		} else {                                                \
			s->buf |= (unsigned short)(value) << s->valid;  \
			s->valid += len;                                \
		}                                                       \
	}

void send2(struct st *s)
{
	send_bits(s, 2, 3);
	send_bits(s, 0, 7);
}
//!gcc send2: ord "*movsi_internal" =p? @di, p? @ax
//!gcc send2: ord "*movhi_internal" p? @ax, $0
//!verdict send2: verified
//!ours send2: verified
