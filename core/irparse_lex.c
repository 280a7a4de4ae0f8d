/* irparse_lex.c - the IR parser's errors, tokens and block labels (see
 * irparse.h): the first error with its line and column, the bounded reads
 * of the current line (numbers, strings, register names and sets), and
 * the map from GCC block index to label. */
#include "irparse.h"


int irp_clamp_int(size_t v)
{
	return v > INT_MAX ? INT_MAX : (int)v;
}

int irp_col_of(const Parser *P, size_t at)
{
	return irp_clamp_int(at - P->bol + 1);
}

/* Records the first error at line:col; returns false so that callers can
 * write `return irp_fail_lc(...)`. */
static bool vfail(Parser *P, int line, int col, const char *fmt, va_list ap)
{
	if (P->failed)
		return false;
	P->failed = true;
	IrError *e = P->err;
	e->line = line;
	e->col = col;
	int n = snprintf(e->msg, sizeof e->msg, "%s:%d:%d: error: ", P->path,
			 line, col);
	if (n >= 0 && (size_t)n < sizeof e->msg)
		err_vset(e->msg + n, sizeof e->msg - (size_t)n, fmt, ap);
	return false;
}

bool irp_fail_lc(Parser *P, int line, int col, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vfail(P, line, col, fmt, ap);
	va_end(ap);
	return false;
}

bool irp_fail_at(Parser *P, size_t at, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vfail(P, P->line, irp_col_of(P, at), fmt, ap);
	va_end(ap);
	return false;
}

bool irp_oom(Parser *P)
{
	return irp_fail_at(P, P->pos, "out of memory");
}

void *irp_grow(void *buf, int *cap, int need, size_t sz)
{
	if (need <= *cap)
		return buf;
	int c = *cap ? *cap : 16;
	while (c < need) {
		if (c > INT_MAX / 2)
			return NULL;
		c *= 2;
	}
	void *p = realloc(buf, (size_t)c * sz);
	if (p)
		*cap = c;
	return p;
}

/* ------------------------------------------------------------------ */
/* Parser: characters and tokens                                      */
/* ------------------------------------------------------------------ */


void irp_skip_blank(Parser *P)
{
	while (is_blank(peek(P)))
		P->pos++;
}

bool irp_at_eol(const Parser *P)
{
	int c = peek(P);
	return c < 0 || c == '#';
}

size_t irp_run_len(const Parser *P, bool (*pred)(int))
{
	size_t n = 0;
	while (pred(peek_at(P, n)))
		n++;
	return n;
}

size_t irp_word_len(const Parser *P) { return irp_run_len(P, is_word); }

int irp_lookup_len(size_t n)
{
	return n > 255 ? 255 : (int)n;
}

bool irp_is_kw(const Parser *P, const char *kw)
{
	size_t n = strlen(kw);
	return irp_word_len(P) == n && memcmp(P->s + P->pos, kw, n) == 0;
}

bool irp_unexpected(Parser *P, const char *where)
{
	int c = peek(P);
	size_t w = irp_word_len(P);
	if (c < 0)
		return irp_fail_at(P, P->pos, "unexpected end of line%s",
				   where);
	if (w)
		return irp_fail_at(P, P->pos, "unexpected '%.*s'%s",
				   (int)(w < WORD_SHOW_MAX ? w : WORD_SHOW_MAX),
				   P->s + P->pos, where);
	if (c > 0x20 && c < 0x7f)
		return irp_fail_at(P, P->pos, "unexpected '%c'%s", c, where);
	return irp_fail_at(P, P->pos, "unexpected byte 0x%02x%s", c, where);
}

bool irp_end_tok(Parser *P, const char *where)
{
	int c = peek(P);
	if (c >= 0 && !is_blank(c) && c != '#')
		return irp_unexpected(P, where);
	irp_skip_blank(P);
	return true;
}

bool irp_parse_int(Parser *P, size_t at, int64_t lo, int64_t hi,
		   const char *what, int64_t *v)
{
	bool neg = peek(P) == '-';
	if (!is_digit(peek_at(P, neg)))
		return irp_fail_at(P, P->pos + neg, "expected %s", what);
	P->pos += neg;
	uint64_t lim = neg ? (lo < 0 ? (uint64_t)0 - (uint64_t)lo : 0)
			   : (hi > 0 ? (uint64_t)hi : 0);
	uint64_t m = 0;
	bool over = false;
	for (int c; is_digit(c = peek(P)); P->pos++) {
		unsigned d = (unsigned)(c - '0');
		if (m > lim / 10 || (m == lim / 10 && d > lim % 10))
			over = true;
		else
			m = m * 10 + d;
	}
	if (over)
		return irp_fail_at(P, at, "%s out of range", what);
	int64_t x = !neg ? (int64_t)m : m ? -(int64_t)(m - 1) - 1 : 0;
	if (x < lo || x > hi)
		return irp_fail_at(P, at, "%s out of range", what);
	*v = x;
	return true;
}

bool irp_parse_int32(Parser *P, size_t at, int lo, int hi, const char *what,
		     int *v)
{
	int64_t x;
	if (!irp_parse_int(P, at, lo, hi, what, &x))
		return false;
	*v = (int)x;
	return true;
}

/* Appends byte c to the string scratch buffer at position n. */
static bool sbuf_put(Parser *P, int n, char c)
{
	char *p = irp_grow(P->sbuf, &P->capsbuf, n + 1, 1);
	if (!p)
		return irp_oom(P);
	P->sbuf = p;
	P->sbuf[n] = c;
	return true;
}

/* Reads a STRING at the cursor into P->sbuf (NUL-terminated), length in
 * *n.  Control bytes are refused: a NUL would silently truncate the string
 * and a CR or other control byte would not survive printing unchanged. */
static bool parse_string(Parser *P, int *n)
{
	size_t q = P->pos++;
	int k = 0;
	for (;;) {
		int c = peek(P);
		if (c < 0)
			return irp_fail_at(P, q, "unterminated string");
		if (c == '"')
			break;
		if (c == '\\') {
			c = peek_at(P, 1);
			if (c < 0)
				return irp_fail_at(P, q, "unterminated string");
			if (c != '"' && c != '\\')
				return irp_fail_at(P, P->pos,
						   "unknown escape in string");
			P->pos++;
		} else if (c < 0x20 && c != '\t') {
			return irp_fail_at(P, P->pos,
					   "control byte 0x%02x in string", c);
		}
		if (k == INT_MAX - 1 || !sbuf_put(P, k++, (char)c))
			return P->failed ? false : irp_oom(P);
		P->pos++;
	}
	P->pos++;
	if (!sbuf_put(P, k, 0))
		return false;
	*n = k;
	return true;
}

bool irp_parse_fn_string(Parser *P, const char **out)
{
	int n = 0; /* set when parse_string succeeds */
	if (!parse_string(P, &n))
		return false;
	*out = fn_strdup(P->fn, P->sbuf, (size_t)n);
	return true;
}

bool irp_parse_reg_name(Parser *P, size_t at, const char *sigil, int *r)
{
	size_t n = irp_run_len(P, is_alnum);
	if (n == 0)
		return irp_fail_at(P, P->pos, "expected register name");
	*r = target_reg_by_name(P->t, P->s + P->pos, irp_lookup_len(n));
	if (*r < 0)
		return irp_fail_at(P, at, "unknown register '%s%.*s'", sigil,
				   (int)(n < WORD_SHOW_MAX ? n : WORD_SHOW_MAX),
				   P->s + P->pos);
	P->pos += n;
	return true;
}

bool irp_parse_regset(Parser *P, RegSet *out)
{
	RegSet s = 0;
	P->pos++;
	if (peek(P) == '}') {
		P->pos++;
		*out = 0;
		return true;
	}
	for (;;) {
		size_t at = P->pos;
		int a, b;
		if (!irp_parse_reg_name(P, at, "", &a))
			return false;
		b = a;
		if (peek(P) == '-') {
			P->pos++;
			if (!irp_parse_reg_name(P, P->pos, "", &b))
				return false;
			if (b < a)
				return irp_fail_at(
					P, at,
					"register range %s-%s is backwards",
					P->t->regs[a].name, P->t->regs[b].name);
		}
		for (int r = a; r <= b; r++)
			s |= RS_BIT(r);
		int c = peek(P);
		if (c != '}' && c != ',')
			return irp_fail_at(
				P, P->pos,
				"expected ',' or '}' in register set");
		P->pos++;
		if (c == '}')
			break;
	}
	*out = s;
	return true;
}

/* ------------------------------------------------------------------ */
/* Parser: block labels                                               */
/* ------------------------------------------------------------------ */

/* Mixes every bit of id into the low bits the table uses (murmur3's
 * finalizer), so that ids in arithmetic progressions - multiples of a
 * power of two, say - do not pile up in one probe chain. */
static uint32_t label_hash(int id)
{
	uint32_t h = (uint32_t)id;
	h ^= h >> 16;
	h *= 0x85ebca6bu;
	h ^= h >> 13;
	h *= 0xc2b2ae35u;
	h ^= h >> 16;
	return h;
}

/* Doubles the cell table and reinserts every label. */
static bool label_rehash(LabelMap *m)
{
	if (m->ncell > INT_MAX / 4)
		return false;
	int n = m->ncell ? m->ncell * 2 : 64;
	int *cell = calloc((size_t)n, sizeof *cell);
	if (!cell)
		return false;
	for (int i = 0; i < m->nlab; i++) {
		uint32_t h = label_hash(m->lab[i].id) & (uint32_t)(n - 1);
		while (cell[h])
			h = (h + 1) & (uint32_t)(n - 1);
		cell[h] = i + 1;
		m->lab[i].home = (int)h;
	}
	free(m->cell);
	m->cell = cell;
	m->ncell = n;
	return true;
}

int irp_label_get(Parser *P, int id, size_t at)
{
	LabelMap *m = &P->lm;
	if ((m->nlab + 1) * 2 > m->ncell && !label_rehash(m))
		return irp_oom(P), -1;
	uint32_t mask = (uint32_t)m->ncell - 1, h = label_hash(id) & mask;
	for (; m->cell[h]; h = (h + 1) & mask)
		if (m->lab[m->cell[h] - 1].id == id)
			return m->cell[h] - 1;
	Label *l = irp_grow(m->lab, &m->caplab, m->nlab + 1, sizeof *l);
	if (!l)
		return irp_oom(P), -1;
	m->lab = l;
	m->lab[m->nlab] = (Label){id, -1, P->line, irp_col_of(P, at), (int)h};
	m->cell[h] = m->nlab + 1;
	return m->nlab++;
}

void irp_label_reset(LabelMap *m)
{
	for (int i = 0; i < m->nlab; i++)
		m->cell[m->lab[i].home] = 0;
	m->nlab = 0;
}

bool irp_parse_blockref(Parser *P, int *lab)
{
	size_t at = P->pos;
	int id;
	if (peek(P) != 'b' || !is_digit(peek_at(P, 1)))
		return irp_fail_at(P, at, "expected block label");
	P->pos++;
	if (!irp_parse_int32(P, at, 0, INT_MAX, "block number", &id))
		return false;
	*lab = irp_label_get(P, id, at);
	return *lab >= 0;
}

