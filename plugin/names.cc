/* names.cc - how the core IR names what GCC's RTL holds: hard
 * registers by core number (and the allocatable registers of a GCC
 * class and mode), symbols by their spelling, constants by their bits,
 * read-only memory and constant-pool entries as constants.  The capture
 * (capture.h), the memory effects (memfx.cc) and the post-RA
 * translation (postra/) name them the same way through these.
 */
#include "capture.h"

/* ---------------------------------------------------------------- */
/* The register file: GCC hard register numbers <-> core numbers.    */

static int core_of_gcc[FIRST_PSEUDO_REGISTER];
static bool regmap_ready;

void regmap_init(void)
{
	if (regmap_ready)
		return;
	const Target *t = target_x86_64();
	for (int r = 0; r < FIRST_PSEUDO_REGISTER; r++)
		core_of_gcc[r] = -1;
	for (int c = 0; c < TGT_NREGS; c++)
		if (t->regs[c].gccno < FIRST_PSEUDO_REGISTER &&
		    (capture_x87 || t->regs[c].cls != RC_X87))
			core_of_gcc[t->regs[c].gccno] = c;
	regmap_ready = true;
}

bool core_modelled(int c)
{
	return capture_core_reg(target_x86_64()->regs[c].gccno) == c;
}

int capture_core_reg(int regno)
{
	regmap_init();
	return regno >= 0 && regno < FIRST_PSEUDO_REGISTER ? core_of_gcc[regno]
							   : -1;
}

const char *unmodelled_reason(int regno)
{
	if (STACK_REGNO_P(regno) || regno == FPSR_REG)
		return "x87 register";
	if (MMX_REGNO_P(regno))
		return "MMX register";
	if (MASK_REGNO_P(regno))
		return "AVX-512 mask register";
	if (EXT_REX_SSE_REGNO_P(regno))
		return "AVX-512 register xmm16-xmm31";
	return "unmodelled hard register";
}

/* Register sets per (GCC class, mode), for the target options they were
 * computed under (a function's target attributes may change
 * hard_regno_mode_ok). */
struct SetCache {
	RegSet set[N_REG_CLASSES][MAX_MACHINE_MODE];
	bool known[N_REG_CLASSES][MAX_MACHINE_MODE];
	bool have_opts;
	cl_target_option opts;
};

static SetCache *set_cache;

void set_cache_for(tree fndecl)
{
	if (!set_cache) {
		set_cache = XNEW(SetCache);
		set_cache->have_opts = false;
	}
	tree node = DECL_FUNCTION_SPECIFIC_TARGET(fndecl);
	if (!node)
		node = target_option_default_node;
	const cl_target_option *o = TREE_TARGET_OPTION(node);
	if (set_cache->have_opts && cl_target_option_eq(&set_cache->opts, o))
		return;
	memset(set_cache->known, 0, sizeof set_cache->known);
	set_cache->opts = *o;
	set_cache->have_opts = true;
}

/* Whether a value of mode m can live in core register c: hard_regno_mode_ok
 * and every register it spans modelled and of c's class. */
static bool reg_holds_mode(int c, machine_mode m)
{
	const Target *t = target_x86_64();
	int g = t->regs[c].gccno;
	if (!targetm.hard_regno_mode_ok(g, m))
		return false;
	int n = hard_regno_nregs(g, m);
	for (int k = 1; k < n; k++) {
		int c2 = capture_core_reg(g + k);
		if (c2 < 0 || t->regs[c2].cls != t->regs[c].cls)
			return false;
	}
	return true;
}

RegSet class_set(reg_class_t cl, machine_mode m)
{
	if (set_cache->known[cl][m])
		return set_cache->set[cl][m];
	const Target *t = target_x86_64();
	RegSet s = 0;
	for (int c = 0; c < TGT_NREGS; c++) {
		if (RS_HAS(t->never_alloc, c) || !core_modelled(c))
			continue;
		int g = t->regs[c].gccno;
		if (!reg_holds_mode(c, m))
			continue;
		if (in_hard_reg_set_p(reg_class_contents[cl], m, g))
			s |= RS_BIT(c);
	}
	set_cache->set[cl][m] = s;
	set_cache->known[cl][m] = true;
	return s;
}

/* ---------------------------------------------------------------- */
/* Symbols and constants (CAPTURE.md "Operands").                   */

const char *capture_symbol_spelling(const char *s)
{
	if (*s == '*')
		s++;
	if (!(ISALPHA(*s) || *s == '_' || *s == '.'))
		return nullptr;
	for (const char *p = s; *p; p++)
		if (!(ISALNUM(*p) || *p == '_' || *p == '.' || *p == '$'))
			return nullptr;
	return s;
}

/* Folds word w into the name h of a constant wider than 64 bits
 * (splitmix64's finaliser over h ^ w): two different constants get the
 * same name with probability about 2^-64 per pair. */
static uint64_t const_mix(uint64_t h, uint64_t w)
{
	uint64_t z = h ^ (w + 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* The name of a constant whose words are w[0..n-1]: the one word itself
 * when n is 1 or every word above the first is zero and the value is
 * not wider than 64 bits, else 0 when every word is zero, else a mix of
 * the count and all the words. */
static int64_t const_name(const uint64_t *w, int n, bool wide)
{
	bool zero = true;
	for (int k = 0; k < n; k++)
		zero = zero && w[k] == 0;
	if (zero)
		return 0;
	if (!wide && n >= 1)
		return (int64_t)w[0];
	uint64_t h = const_mix(0, (uint64_t)n);
	for (int k = 0; k < n; k++)
		h = const_mix(h, w[k]);
	return (int64_t)h;
}

int64_t capture_const_bits(const_rtx x)
{
	switch (GET_CODE(x)) {
	case CONST_INT:
		return INTVAL(x);
	case CONST_WIDE_INT: {
		/* every element: a 128-bit integer is not named by its low
		 * 64 bits alone */
		uint64_t w[8];
		int n = CONST_WIDE_INT_NUNITS(x) < 8 ? CONST_WIDE_INT_NUNITS(x)
						      : 8;
		for (int k = 0; k < n; k++)
			w[k] = (uint64_t)CONST_WIDE_INT_ELT(x, k);
		if (n == 1)
			return (int64_t)w[0];
		return const_name(w, n, true);
	}
	case CONST_DOUBLE:
		if (GET_MODE(x) == VOIDmode)
			return CONST_DOUBLE_LOW(x);
		if (SCALAR_FLOAT_MODE_P(GET_MODE(x))) {
			long l[4] = {0, 0, 0, 0};
			real_to_target(l, CONST_DOUBLE_REAL_VALUE(x),
				       GET_MODE(x));
			uint64_t w[2] = {
				((uint64_t)(uint32_t)l[1] << 32) | (uint32_t)l[0],
				((uint64_t)(uint32_t)l[3] << 32) | (uint32_t)l[2]};
			/* XFmode and TFmode have more than 64 bits: 1.0L
			 * and 2.0L share their low 64 (the mantissa) */
			return const_name(w, 2,
					  GET_MODE_SIZE(GET_MODE(x)).to_constant() > 8);
		}
		return 0;
	case CONST_VECTOR: {
		/* every element, not 0 for all vectors */
		int n = CONST_VECTOR_NUNITS(x).to_constant();
		uint64_t h = const_mix(0, (uint64_t)n);
		bool zero = true;
		for (int k = 0; k < n; k++) {
			uint64_t e = (uint64_t)capture_const_bits(
				CONST_VECTOR_ELT(x, k));
			zero = zero && e == 0;
			h = const_mix(h, e);
		}
		return zero ? 0 : (int64_t)h;
	}
	default:
		return 0;
	}
}

/* ---------------------------------------------------------------- */
/* Read-only memory named as a constant.                            */

/* Whether x is read-only memory at an address constant: a constant-pool
 * entry, or a MEM_READONLY_P (never modified while the program runs),
 * not volatile, symbol plus a constant. */
bool capture_readonly_mem(const_rtx x)
{
	if (!MEM_P(x) || MEM_VOLATILE_P(x))
		return false;
	rtx a = XEXP(x, 0);
	if (GET_CODE(a) == SYMBOL_REF && CONSTANT_POOL_ADDRESS_P(a))
		return true;
	if (!MEM_READONLY_P(x))
		return false;
	if (GET_CODE(a) == CONST)
		a = XEXP(a, 0);
	if (GET_CODE(a) == PLUS && CONST_INT_P(XEXP(a, 1)))
		a = XEXP(a, 0);
	return GET_CODE(a) == SYMBOL_REF;
}

/* The constant a constant-pool MEM x holds, in x's mode, when the IR
 * writes it as an immediate of the same bits (capture_const_bits): an
 * integer or a scalar float of at most 8 bytes; NULL_RTX otherwise (not
 * a pool entry, a vector, a wider value). */
rtx capture_pool_value(const_rtx x)
{
	if (!MEM_P(x) || MEM_VOLATILE_P(x) ||
	    GET_MODE_SIZE(GET_MODE(x)).to_constant() > 8)
		return NULL_RTX;
	rtx a = XEXP(x, 0);
	if (GET_CODE(a) != SYMBOL_REF || !CONSTANT_POOL_ADDRESS_P(a))
		return NULL_RTX;
	rtx v = avoid_constant_pool_reference(CONST_CAST_RTX(x));
	if (v == x)
		return NULL_RTX;
	if (CONST_INT_P(v))
		return v;
	if (GET_CODE(v) == CONST_DOUBLE && SCALAR_FLOAT_MODE_P(GET_MODE(v)) &&
	    GET_MODE_SIZE(GET_MODE(v)).to_constant() <= 8)
		return v;
	return NULL_RTX;
}

/* The constant (float_extend:M X) computes, X a constant-pool MEM
 * holding a scalar float of a narrower float mode (capture_pool_value):
 * that float converted to M, a CONST_DOUBLE of mode M, which the IR
 * names by all its bits (capture_const_bits); NULL_RTX for anything
 * else, and for a NaN (whose extension GCC's real arithmetic and the
 * x87's fld may quiet differently).  Extending a float to a wider
 * format is exact, so the value depends only on X's bits and M: the
 * capture names a [remat] `(set (reg p) (float_extend:XF (mem .LC0)))`
 * by it, and the post-RA translation names the same expression, or a
 * pool entry of mode M holding that value, the same way. */
rtx capture_extend_value(const_rtx x)
{
	if (GET_CODE(x) != FLOAT_EXTEND || !SCALAR_FLOAT_MODE_P(GET_MODE(x)))
		return NULL_RTX;
	rtx v = capture_pool_value(XEXP(x, 0));
	if (!v || GET_CODE(v) != CONST_DOUBLE ||
	    !SCALAR_FLOAT_MODE_P(GET_MODE(v)))
		return NULL_RTX;
	scalar_float_mode to = as_a<scalar_float_mode>(GET_MODE(x));
	scalar_float_mode from = as_a<scalar_float_mode>(GET_MODE(v));
	if (GET_MODE_PRECISION(from) >= GET_MODE_PRECISION(to) ||
	    REAL_VALUE_ISNAN(*CONST_DOUBLE_REAL_VALUE(v)))
		return NULL_RTX;
	REAL_VALUE_TYPE r;
	real_convert(&r, to, CONST_DOUBLE_REAL_VALUE(v));
	if (!real_identical(&r, CONST_DOUBLE_REAL_VALUE(v)))
		return NULL_RTX; /* not exact: no such widening */
	return const_double_from_real_value(r, to);
}
