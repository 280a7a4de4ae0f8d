// options: -Os
/* A deleted copy into a hard register whose value LRA computed there
 * directly: the shape of libiberty's md5_process_bytes at -Os (also
 * floatformat_ibm_long_double_is_valid,
 * simple_object_elf_copy_lto_debug_sections, zlib's inflate and
 * inflateBack), reported as violations at 9e64a04.  The argument
 * ctx->buffer (ctx + 28) is computed into ax and spilled, since it is
 * used after the call; for the call LRA deletes the copy into di and
 * recomputes the sum into di (lea 28(%r12), %rdi) after the copy's
 * place.  The deleted copy relabels only ax and the slot; the checker's
 * availability location of the copy (docs/VERIFY.md, `copy_equal`)
 * accepts %di read at di, which holds p90 with neither changed since
 * the copy.  The C-level case of testsuite/ir/verify/gcc/dcall.*. */
struct S { unsigned a[6]; unsigned buflen; char buffer[128]; };
void blk(const void *, unsigned long, struct S *);
void f(const void *buffer, unsigned long len, struct S *ctx)
{
	if (ctx->buflen != 0) {
		unsigned long left = ctx->buflen;
		unsigned long add = 128 - left > len ? len : 128 - left;
		__builtin_memcpy(&ctx->buffer[left], buffer, add);
		ctx->buflen += add;
		if (left + add > 64) {
			blk(ctx->buffer, (left + add) & ~63, ctx);
			__builtin_memcpy(ctx->buffer,
					 &ctx->buffer[(left + add) & ~63],
					 (left + add) & 63);
			ctx->buflen = (left + add) & 63;
		}
		buffer = (const char *)buffer + add;
		len -= add;
	}
	if (len > 64)
		blk(buffer, len & ~63, ctx);
}
//!gcc f: remat "*adddi_1" =p? mem @di, p? ^~0 @r12, $28 clobber {flags} [of 31]
//!verdict f: verified
