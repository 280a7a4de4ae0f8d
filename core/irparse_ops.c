/* irparse_ops.c - the IR parser's operands and instruction checks (see
 * irparse.h): an operand with its value, subreg, location and attributes
 * (from, register set, tie, mem, alone), then the checks of an
 * instruction's shape, roles, ties and locations against its kind. */
#include "irparse.h"

/* ------------------------------------------------------------------ */
/* Parser: operands                                                   */
/* ------------------------------------------------------------------ */

static bool is_const(const Op *o)
{
	return op_is_const(o);
}

bool irp_is_sym_start(int c)
{
	return is_alpha(c) || c == '_' || c == '.';
}

static bool is_sym_byte(int c)
{
	return is_word(c) || c == '.' || c == '$';
}

bool irp_parse_offset(Parser *P, size_t at, const char *what, int64_t *off)
{
	int c = peek(P);
	if (c != '+' && c != '-')
		return true;
	if (!is_digit(peek_at(P, 1)))
		return irp_fail_at(P, P->pos + 1, "expected %s", what);
	if (c == '+')
		P->pos++;
	return irp_parse_int(P, at, c == '+' ? 0 : INT64_MIN,
			     c == '+' ? INT64_MAX : 0, what, off);
}

bool irp_parse_symbol(Parser *P, size_t at, Op *o)
{
	size_t n = irp_run_len(P, is_sym_byte);
	o->kind = OK_SYM;
	o->sym = fn_strdup(P->fn, P->s + P->pos, n);
	P->pos += n;
	return irp_parse_offset(P, at, "symbol offset", &o->imm);
}

static bool parse_loc_spec(Parser *P, size_t at, Loc *l);

/* [$SYMBOL[+-INT]] (the cursor is on '[', then '$'): read-only memory. */
static bool parse_memsym(Parser *P, Op *o)
{
	size_t at = P->pos;
	P->pos += 2;
	if (!irp_is_sym_start(peek(P)))
		return irp_fail_at(P, P->pos, "expected symbol after '[$'");
	if (!irp_parse_symbol(P, at, o))
		return false;
	if (peek(P) != ']')
		return irp_fail_at(P, P->pos, "expected ']' after '[$%s'",
				   o->sym);
	P->pos++;
	o->kind = OK_MEMSYM;
	return true;
}

bool irp_parse_bare_loc(Parser *P, Op *o)
{
	size_t at = P->pos;
	P->pos++;
	o->kind = OK_LOC;
	if (!parse_loc_spec(P, at, &o->loc))
		return false;
	if (peek(P) != ':')
		return true;
	P->pos++;
	int w;
	if (!irp_parse_int32(P, P->pos, 1, VALUE_BYTES_MAX, "location width",
			     &w))
		return false;
	o->imm = w;
	return true;
}

/* VALUE: pN, %REG, $INT, $SYMBOL[+-INT], [$SYMBOL[+-INT]] or
 * @LOC[:WIDTH]. */
static bool parse_value(Parser *P, Op *o)
{
	size_t at = P->pos;
	int c = peek(P);
	if (c == '[' && peek_at(P, 1) == '$')
		return parse_memsym(P, o);
	if (c == '@')
		return irp_parse_bare_loc(P, o);
	if (c == 'p' && is_digit(peek_at(P, 1))) {
		P->pos++;
		o->kind = OK_PSEUDO;
		if (!irp_parse_int32(P, at, 0, PSEUDO_MAX, "pseudo number",
				     &o->reg))
			return false;
		if (o->reg >= P->fn->npseudo || P->fn->pseudo[o->reg].cls < 0)
			return irp_fail_at(P, at, "undeclared pseudo p%d",
					   o->reg);
		return true;
	}
	if (c == '%') {
		P->pos++;
		o->kind = OK_HREG;
		return irp_parse_reg_name(P, at, "%", &o->reg);
	}
	if (c == '$') {
		P->pos++;
		c = peek(P);
		if (c == '-' || is_digit(c)) {
			o->kind = OK_IMM;
			return irp_parse_int(P, at, INT64_MIN, INT64_MAX,
					     "immediate", &o->imm);
		}
		if (irp_is_sym_start(c))
			return irp_parse_symbol(P, at, o);
		return irp_fail_at(P, P->pos, "expected immediate or symbol");
	}
	if (c < 0 || c == '#' || c == ',' || is_blank(c))
		return irp_fail_at(P, at, "expected operand");
	return irp_unexpected(P, " (expected operand)");
}

/* Size in bytes of the register an operand names, for subreg bounds. */
static int value_bytes(const Parser *P, const Op *o)
{
	if (o->kind == OK_PSEUDO)
		return P->fn->pseudo[o->reg].size;
	int cls = P->t->regs[o->reg].cls;
	return cls == RC_SSE ? 64 : cls == RC_X87 ? 16 : 8; /* gpr, mask: 8 */
}

/* [OFF,SIZE] directly after the value (the cursor is on '['). */
static bool parse_subreg(Parser *P, Op *o)
{
	size_t at = P->pos;
	int off, size;
	if (is_const(o))
		return irp_fail_at(P, at, "subreg on a constant");
	if (o->kind == OK_LOC)
		return irp_fail_at(P, at, "subreg on a bare location");
	P->pos++;
	if (!irp_parse_int32(P, P->pos, 0, SUB_FIELD_MAX, "subreg offset",
			     &off))
		return false;
	if (peek(P) != ',')
		return irp_fail_at(P, P->pos, "expected ',' in subreg");
	P->pos++;
	if (!irp_parse_int32(P, P->pos, 1, SUB_FIELD_MAX, "subreg size", &size))
		return false;
	if (peek(P) != ']')
		return irp_fail_at(P, P->pos, "expected ']' after subreg");
	P->pos++;
	int bytes = value_bytes(P, o);
	if (off + size > bytes)
		return irp_fail_at(P, at,
				   "subreg [%d,%d] outside the %d-byte "
				   "register",
				   off, size, bytes);
	o->sub_off = (uint8_t)off;
	o->sub_size = (uint8_t)size;
	return true;
}

/* LOC after the '@' (at): a register, a declared slot sN, or a constant
 * $INT, $SYMBOL[+-INT], [$SYMBOL[+-INT]] (interned in fn->konst). */
static bool parse_loc_spec(Parser *P, size_t at, Loc *l)
{
	int c = peek(P);
	if (c == 's' && is_digit(peek_at(P, 1))) {
		int s;
		P->pos++;
		if (!irp_parse_int32(P, at, 0, SLOT_MAX, "slot number", &s))
			return false;
		if (s >= P->fn->nslot || P->fn->slot[s].size == 0)
			return irp_fail_at(P, at, "undeclared slot s%d", s);
		*l = (Loc){LOC_SLOT, s};
		return true;
	}
	if (c == '[' && peek_at(P, 1) == '%') {
		/* [%argp+INT]: incoming argument memory */
		P->pos++;
		if (P->eol - P->pos < 5 || memcmp(P->s + P->pos, "%argp", 5))
			return irp_fail_at(P, P->pos,
					   "expected '%%argp' after '['");
		P->pos += 5;
		int64_t off = 0;
		int sc = peek(P);
		if (sc == '+' || sc == '-') {
			if (!is_digit(peek_at(P, 1)))
				return irp_fail_at(P, P->pos + 1,
						   "expected argp offset");
			if (sc == '+')
				P->pos++;
			if (!irp_parse_int(P, at, sc == '+' ? 0 : INT64_MIN,
					   sc == '+' ? INT64_MAX : 0,
					   "argp offset", &off))
				return false;
		}
		if (peek(P) != ']')
			return irp_fail_at(P, P->pos, "expected ']'");
		P->pos++;
		*l = (Loc){LOC_CONST,
			   fn_intern_const(P->fn, OK_MEMSYM, off, "%argp")};
		return true;
	}
	if (c == '$' || (c == '[' && peek_at(P, 1) == '$')) {
		Op k = {0};
		if (!parse_value(P, &k))
			return false;
		*l = (Loc){LOC_CONST,
			   fn_intern_const(P->fn, k.kind, k.imm, k.sym)};
		return true;
	}
	l->kind = LOC_REG;
	return irp_parse_reg_name(P, at, "", &l->num);
}

/* @LOC attribute (the cursor is on '@'). */
static bool parse_loc(Parser *P, Op *o)
{
	size_t at = P->pos;
	if (is_const(o))
		return irp_fail_at(P, at, "location on a constant");
	P->pos++;
	return parse_loc_spec(P, at, &o->loc);
}

/* The operand attributes after the value, in their required order. */
enum { AT_NONE, AT_FROM, AT_REGSET, AT_TIE, AT_MEM, AT_LOC, AT_ALONE };

static int attr_at_cursor(const Parser *P)
{
	switch (peek(P)) {
	case '{': return AT_REGSET;
	case '^': return AT_TIE;
	case '@': return AT_LOC;
	default:
		return irp_is_kw(P, "from")	   ? AT_FROM
		       : irp_is_kw(P, "mem") || irp_is_kw(P, "memalt")
			       ? AT_MEM
		       : irp_is_kw(P, "alone") ? AT_ALONE
					   : AT_NONE;
	}
}

static const char *const attr_names[] = {
	[AT_FROM] = "from", [AT_REGSET] = "register set", [AT_TIE] = "tie",
	[AT_MEM] = "mem", [AT_LOC] = "location", [AT_ALONE] = "alone",
};

/* from bX: only phi sources name the edge they come in on. */
static bool parse_from(Parser *P, Op *o, int kind, int k)
{
	if (kind != IK_PHI || k == 0)
		return irp_fail_at(P, P->pos,
				   "'from' is only allowed on phi "
				   "sources");
	P->pos += 4;
	return irp_end_tok(P, "") && irp_parse_blockref(P, &o->from);
}

/* alone: after the location of a subreg operand of one 8-byte word in a
 * register (OF_WORD): the register holds that word alone.  Whether the
 * pseudo is wide and general is the checker's to judge. */
static bool parse_alone(Parser *P, Op *o)
{
	size_t at = P->pos;
	P->pos += 5;
	if (o->kind != OK_PSEUDO || o->sub_size != 8 || o->sub_off % 8 ||
	    o->loc.kind != LOC_REG)
		return irp_fail_at(P, at,
				   "'alone' needs a one-word subreg of a "
				   "pseudo located in a register");
	o->flags |= OF_WORD;
	return true;
}

/* One attribute of kind a at the cursor. */
static bool parse_attr(Parser *P, int a, Op *o, OpPos *pp, int kind, int k)
{
	size_t at = P->pos;
	if (o->kind == OK_LOC)
		return irp_fail_at(P, at, "%s on a bare location",
				   attr_names[a]);
	if (a != AT_FROM && a != AT_LOC && is_const(o))
		return irp_fail_at(P, at, "%s on a constant", attr_names[a]);
	switch (a) {
	case AT_FROM:
		return parse_from(P, o, kind, k);
	case AT_REGSET:
		if (!irp_parse_regset(P, &o->allowed))
			return false;
		if (!o->allowed) /* `{} mem` only: checked in parse_op */
			o->flags |= OF_MEMONLY;
		return true;
	case AT_TIE: {
		int n;
		P->pos++;
		pp->tie_at = at;
		if (peek(P) == '~') {
			o->flags |= OF_SOFT;
			P->pos++;
		}
		if (!irp_parse_int32(P, at, 0, TIE_MAX, "tie", &n))
			return false;
		o->tie = (int8_t)n;
		return true;
	}
	case AT_MEM:
		if (irp_is_kw(P, "memalt")) {
			/* the other alternative's memory is a plain read */
			if (o->kind != OK_PSEUDO || (o->flags & OF_DEF) ||
			    o->tie >= 0 || (o->flags & OF_MEMONLY))
				return irp_fail_at(P, at,
						   "'memalt' is only allowed "
						   "on an untied read of a "
						   "pseudo");
			o->flags |= OF_MEMALT;
			P->pos += 6;
		} else {
			o->flags |= OF_MEM;
			P->pos += 3;
		}
		return true;
	case AT_ALONE:
		return parse_alone(P, o);
	default:
		return parse_loc(P, o);
	}
}

/* After an operand part: a blank, ',', comment or end of line. */
static bool op_part_end(Parser *P)
{
	int c = peek(P);
	if (c >= 0 && !is_blank(c) && c != ',' && c != '#')
		return irp_unexpected(P, "");
	return true;
}

/* [[=|+][&]]: the modifiers, straight before the value. */
static bool parse_modifiers(Parser *P, Op *o)
{
	int c = peek(P);
	o->flags = c == '=' ? OF_DEF : c == '+' ? OF_USE | OF_DEF : OF_USE;
	if (c == '=' || c == '+')
		P->pos++;
	if (peek(P) == '&') {
		if (!(o->flags & OF_DEF))
			return irp_fail_at(P, P->pos,
					   "'&' must follow '=' or '+'");
		o->flags |= OF_EARLY;
		P->pos++;
	}
	return true;
}

/* An empty register set `{}` (OF_MEMONLY; at = where it is) is only
 * allowed together with `mem`, on a pseudo: "memory only" (docs/IR.md
 * REGSET). */
static bool check_memonly(Parser *P, const Op *o, size_t at)
{
	if (!(o->flags & OF_MEMONLY))
		return true;
	if (!(o->flags & OF_MEM))
		return irp_fail_at(P, at,
				   "empty register set on an operand "
				   "without 'mem'");
	if (o->kind != OK_PSEUDO)
		return irp_fail_at(P, at,
				   "'{} mem' (memory only) on an operand "
				   "that is not a pseudo");
	return true;
}

/* One OPERAND of an instruction of kind kind, as operand number k. */
static bool parse_op(Parser *P, int kind, int k, Op *o, OpPos *pp)
{
	*o = (Op){.tie = -1, .from = -1};
	*pp = (OpPos){P->pos, P->pos};
	if (!parse_modifiers(P, o))
		return false;
	size_t vat = P->pos;
	if (!parse_value(P, o))
		return false;
	if (o->kind == OK_LOC && (!ins_kind_inserted(kind) ||
				  !P->fn->allocated))
		return irp_fail_at(P, vat,
				   "a bare location is only allowed on "
				   "an inserted instruction of an "
				   "allocated function");
	if (peek(P) == '[' && !parse_subreg(P, o))
		return false;
	size_t set_at = P->pos;
	for (int last = AT_NONE;;) {
		if (!op_part_end(P))
			return false;
		irp_skip_blank(P);
		int a = attr_at_cursor(P);
		if (a == AT_NONE)
			break;
		if (a == AT_REGSET)
			set_at = P->pos;
		if (a <= last)
			return irp_fail_at(P, P->pos, "%s %s", attr_names[a],
					   a == last ? "given twice"
						     : "out of order");
		if (!parse_attr(P, a, o, pp, kind, k))
			return false;
		last = a;
	}
	return check_memonly(P, o, set_at);
}

bool irp_parse_ops(Parser *P, int kind, int *n)
{
	*n = 0;
	if (irp_at_eol(P) || (peek(P) == '[' && peek_at(P, 1) != '$') ||
	    irp_is_kw(P, "clobber"))
		return true;
	for (;;) {
		Op *ops = irp_grow(P->ops, &P->capops, *n + 1, sizeof *ops);
		if (ops)
			P->ops = ops;
		OpPos *pos =
			irp_grow(P->opos, &P->capopos, *n + 1, sizeof *pos);
		if (pos)
			P->opos = pos;
		if (!ops || !pos || *n >= INT_MAX - 1)
			return irp_oom(P);
		if (!parse_op(P, kind, *n, &P->ops[*n], &P->opos[*n]))
			return false;
		++*n;
		if (peek(P) != ',')
			return true;
		P->pos++;
		irp_skip_blank(P);
	}
}

/* ------------------------------------------------------------------ */
/* Parser: instruction checks                                         */
/* ------------------------------------------------------------------ */

/* `[comm K]` (at offset at) on an `ord` of n operands: operands K and
 * K+1 exist and are uses of pseudos (no definition). */
bool irp_check_ptrcopy(Parser *P, int kind, int n, size_t at)
{
	const Op *o = P->ops;
	if (kind != IK_ORD || n != 2 || o[0].kind != OK_PSEUDO ||
	    (o[0].flags & (OF_DEF | OF_USE)) != OF_DEF || o[0].sub_size ||
	    o[1].kind != OK_HREG || (o[1].flags & (OF_DEF | OF_USE)) != OF_USE ||
	    (o[1].reg != R_FRAME && o[1].reg != R_ARGP))
		return irp_fail_at(P, at,
				   "'[ptrcopy]' on an instruction that is "
				   "not an 'ord' =pN, %%frame or %%argp");
	return true;
}

bool irp_check_xcopy(Parser *P, int kind, int n, size_t at)
{
	const Op *o = P->ops;
	if (kind != IK_ORD || n != 2 || o[0].kind != OK_PSEUDO ||
	    (o[0].flags & (OF_DEF | OF_USE)) != OF_DEF || o[0].sub_size ||
	    o[1].kind != OK_PSEUDO ||
	    (o[1].flags & (OF_DEF | OF_USE)) != OF_USE || o[1].sub_size)
		return irp_fail_at(P, at,
				   "'[xcopy]' on an instruction that is not "
				   "an 'ord' =pN, pM");
	return true;
}

bool irp_check_comm(Parser *P, int kind, int n, int k, size_t at,
		    const char *tag)
{
	if (kind != IK_ORD)
		return irp_fail_at(P, at,
				   "'%s]' on an instruction that is not "
				   "an 'ord'",
				   tag);
	if (k + 1 >= n)
		return irp_fail_at(P, at, "'%s %d]': operand %d does not exist",
				   tag, k, k + 1);
	for (int j = k; j <= k + 1; j++)
		if (P->ops[j].kind != OK_PSEUDO || (P->ops[j].flags & OF_DEF))
			return irp_fail_at(P, at,
					   "'%s %d]': operand %d is not "
					   "a use of a pseudo",
					   tag, k, j);
	return true;
}

bool irp_check_ties(Parser *P, int n)
{
	for (int k = 0; k < n; k++) {
		int t = P->ops[k].tie;
		if (t >= n)
			return irp_fail_at(P, P->opos[k].tie_at,
					   "tie to operand %d, which does not "
					   "exist",
					   t);
		if (t == k)
			return irp_fail_at(P, P->opos[k].tie_at,
					   "operand tied to itself");
	}
	return true;
}

enum Role { ROLE_DEF, ROLE_USE, ROLE_RMW };

/* Operand k must be a register or pseudo with exactly the role's
 * modifier (no early clobber: these kinds move one value at a time). */
static bool check_role(Parser *P, const char *kname, int k, int role)
{
	static const uint8_t want[] = {
		[ROLE_DEF] = OF_DEF, [ROLE_USE] = OF_USE,
		[ROLE_RMW] = OF_USE | OF_DEF,
	};
	static const char *const what[] = {
		[ROLE_DEF] = "a '=' definition", [ROLE_USE] = "a use",
		[ROLE_RMW] = "a '+' operand",
	};
	const Op *o = &P->ops[k];
	if (is_const(o))
		return irp_fail_at(P, P->opos[k].at,
				   "'%s' operand %d must be a "
				   "register or pseudo",
				   kname, k);
	if ((o->flags & ~OF_MEM) != want[role])
		return irp_fail_at(P, P->opos[k].at,
				   "'%s' operand %d must be %s", kname, k,
				   what[role]);
	return true;
}

/* Where an operand is in an allocated function: its @LOC, else a hard
 * register is in itself. */
static int loc_kind(const Op *o)
{
	if (o->loc.kind != LOC_NONE)
		return o->loc.kind;
	return o->kind == OK_HREG ? LOC_REG : LOC_NONE;
}

/* In an allocated function a spill goes register -> slot and a reload
 * slot -> register. */
static bool check_spill_locs(Parser *P, int kind)
{
	int slot_k = kind == IK_SPILL ? 0 : 1, reg_k = 1 - slot_k;
	const char *kname = ins_kind_name(kind);
	if (!P->fn->allocated)
		return true;
	if (loc_kind(&P->ops[slot_k]) != LOC_SLOT)
		return irp_fail_at(P, P->opos[slot_k].at,
				   "%s %s must be in a slot", kname,
				   slot_k ? "source" : "destination");
	if (loc_kind(&P->ops[reg_k]) != LOC_REG)
		return irp_fail_at(P, P->opos[reg_k].at,
				   "%s %s must be in a register", kname,
				   reg_k ? "source" : "destination");
	return true;
}

/* =dst, src: copy, move, spill, reload. */
static bool check_pair(Parser *P, int kind, int n, size_t kat)
{
	const char *kname = ins_kind_name(kind);
	if (n != 2)
		return irp_fail_at(P, kat,
				   "'%s' takes exactly two operands "
				   "(=dst, src)",
				   kname);
	if (!check_role(P, kname, 0, ROLE_DEF) ||
	    !check_role(P, kname, 1, ROLE_USE))
		return false;
	if (kind == IK_SPILL || kind == IK_RELOAD)
		return check_spill_locs(P, kind);
	return true;
}

/* =d0, s0, =d1, s1, ... */
static bool check_pcopy(Parser *P, int n, size_t kat)
{
	if (n % 2)
		return irp_fail_at(P, kat,
				   "'pcopy' takes pairs of operands "
				   "(=dst, src)");
	for (int k = 0; k < n; k++)
		if (!check_role(P, "pcopy", k, k % 2 ? ROLE_USE : ROLE_DEF))
			return false;
	return true;
}

/* =dst, src from bX, ...: the match against predecessors waits for the
 * end of the function (check_phis). */
static bool check_phi_shape(Parser *P, int n, size_t kat)
{
	if (n < 1)
		return irp_fail_at(P, kat, "'phi' needs a destination");
	for (int k = 0; k < n; k++) {
		if (!check_role(P, "phi", k, k ? ROLE_USE : ROLE_DEF))
			return false;
		if (k && P->ops[k].from < 0)
			return irp_fail_at(P, P->opos[k].at,
					   "phi source needs 'from bX'");
	}
	return true;
}

/* +a, +b */
static bool check_swap(Parser *P, int n, size_t kat)
{
	if (n != 2)
		return irp_fail_at(P, kat,
				   "'swap' takes exactly two operands "
				   "(+a, +b)");
	return check_role(P, "swap", 0, ROLE_RMW) &&
	       check_role(P, "swap", 1, ROLE_RMW);
}

/* =dst then inputs of the recomputation (constants, hard registers). */
static bool check_remat(Parser *P, int n, size_t kat)
{
	if (n < 1)
		return irp_fail_at(P, kat, "'remat' needs a destination");
	if (!check_role(P, "remat", 0, ROLE_DEF))
		return false;
	for (int k = 1; k < n; k++)
		if (P->ops[k].flags & OF_DEF)
			return irp_fail_at(P, P->opos[k].at,
					   "'remat' defines only its first "
					   "operand");
	return true;
}

bool irp_check_shape(Parser *P, int kind, int n, size_t kat)
{
	switch (kind) {
	case IK_COPY:
	case IK_MOVE:
	case IK_SPILL:
	case IK_RELOAD:
		return check_pair(P, kind, n, kat);
	case IK_PCOPY:
		return check_pcopy(P, n, kat);
	case IK_PHI:
		return check_phi_shape(P, n, kat);
	case IK_SWAP:
		return check_swap(P, n, kat);
	case IK_REMAT:
		return check_remat(P, n, kat);
	default:
		return true;
	}
}

bool irp_check_uid(Parser *P, int kind, int uid, size_t at, size_t kat)
{
	if (ins_kind_inserted(kind) && uid)
		return irp_fail_at(P, at,
				   "inserted instruction '%s' takes no UID",
				   ins_kind_name(kind));
	if (!ins_kind_inserted(kind) && !uid && kind != IK_COPY &&
	    kind != IK_PCOPY && kind != IK_PHI)
		return irp_fail_at(P, kat, "'%s' needs a UID",
				   ins_kind_name(kind));
	return true;
}

