/* pcopy_check.c - whether a sequence of moves and swaps implements a
 * parallel copy.
 *
 * Every location starts with its own initial content (its name); moves
 * and swaps shuffle names.  Afterwards each destination must hold its
 * source's name and every other location its own, except the scratch
 * locations the caller declares free.
 */
#include "verify.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static int64_t loc_key(Loc l)
{
	return (int64_t)l.kind << 32 | (uint32_t)l.num;
}

static int cmp_key(const void *x, const void *y)
{
	int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;
	return (a > b) - (a < b);
}

/* Index of l among the n sorted keys. */
static int loc_index(const int64_t *keys, int n, Loc l)
{
	int64_t k = loc_key(l);
	int lo = 0, hi = n;
	while (lo < hi) {
		int mid = (lo + hi) / 2;
		if (keys[mid] == k)
			return mid;
		if (keys[mid] < k)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

static Loc key_loc(int64_t k)
{
	return (Loc){(uint8_t)(k >> 32), (int)(uint32_t)k};
}

static bool add_wrong(PcResult *res, int *cap, PcWrong w)
{
	if (res->nwrong == *cap) {
		*cap = *cap ? 2 * *cap : 8;
		PcWrong *p = realloc(res->wrong, sizeof *p * (size_t)*cap);
		if (!p)
			return false;
		res->wrong = p;
	}
	res->wrong[res->nwrong++] = w;
	return true;
}

bool pcopy_check(const PcPair *pc, int npc, const PcStep *seq, int nseq,
		 const Loc *scratch, int nscratch, PcResult *res, char *err,
		 size_t errlen)
{
	memset(res, 0, sizeof *res);
	int nk = 2 * npc + 2 * nseq;
	int64_t *keys = malloc(sizeof *keys * (size_t)(nk + 1));
	int *content = malloc(sizeof *content * (size_t)(nk + 1));
	bool *isdst = calloc((size_t)nk + 1, sizeof *isdst);
	bool *listed = calloc((size_t)nk + 1, sizeof *listed);
	bool ok = keys && content && isdst && listed;
	if (!ok)
		snprintf(err, errlen, "out of memory");
	for (int k = 0; ok && k < npc; k++)
		if (pc[k].dst.kind == LOC_NONE || pc[k].src.kind == LOC_NONE) {
			snprintf(err, errlen, "pair %d has no location", k);
			ok = false;
		}
	for (int k = 0; ok && k < nseq; k++)
		if (seq[k].a.kind == LOC_NONE || seq[k].b.kind == LOC_NONE ||
		    (seq[k].kind != PC_MOVE && seq[k].kind != PC_SWAP)) {
			snprintf(err, errlen, "step %d is malformed", k);
			ok = false;
		}
	int n = 0;
	if (ok) {
		for (int k = 0; k < npc; k++) {
			keys[n++] = loc_key(pc[k].dst);
			keys[n++] = loc_key(pc[k].src);
		}
		for (int k = 0; k < nseq; k++) {
			keys[n++] = loc_key(seq[k].a);
			keys[n++] = loc_key(seq[k].b);
		}
		qsort(keys, (size_t)n, sizeof *keys, cmp_key);
		int u = 0;
		for (int k = 0; k < n; k++)
			if (u == 0 || keys[k] != keys[u - 1])
				keys[u++] = keys[k];
		n = u;
		for (int k = 0; k < npc && ok; k++) {
			int d = loc_index(keys, n, pc[k].dst);
			if (isdst[d]) {
				snprintf(err, errlen,
					 "two pairs write one destination "
					 "(pair %d)",
					 k);
				ok = false;
			}
			isdst[d] = true;
		}
	}
	if (ok) {
		for (int k = 0; k < nscratch; k++) {
			int x = loc_index(keys, n, scratch[k]);
			if (x >= 0)
				listed[x] = true; /* never reported */
		}
		for (int k = 0; k < n; k++)
			content[k] = k;
		for (int k = 0; k < nseq; k++) {
			int a = loc_index(keys, n, seq[k].a);
			int b = loc_index(keys, n, seq[k].b);
			if (seq[k].kind == PC_MOVE) {
				content[a] = content[b];
			} else {
				int t = content[a];
				content[a] = content[b];
				content[b] = t;
			}
		}
		int cap = 0;
		for (int k = 0; k < npc && ok; k++) {
			int d = loc_index(keys, n, pc[k].dst);
			int s = loc_index(keys, n, pc[k].src);
			Loc got = key_loc(keys[content[d]]);
			if (content[d] != s)
				ok = add_wrong(res, &cap,
					       (PcWrong){pc[k].dst, true,
							 pc[k].src, got});
		}
		for (int k = 0; k < 2 * nseq && ok; k++) {
			Loc l = k % 2 ? seq[k / 2].b : seq[k / 2].a;
			int x = loc_index(keys, n, l);
			if (isdst[x] || listed[x])
				continue;
			listed[x] = true;
			Loc got = key_loc(keys[content[x]]);
			if (content[x] != x)
				ok = add_wrong(res, &cap,
					       (PcWrong){l, false, l, got});
		}
		if (!ok)
			snprintf(err, errlen, "out of memory");
	}
	free(keys);
	free(content);
	free(isdst);
	free(listed);
	if (!ok)
		pcopy_result_free(res);
	return ok;
}

void pcopy_result_free(PcResult *res)
{
	free(res->wrong);
	memset(res, 0, sizeof *res);
}

static const char *name(const Target *t, Loc l, char *buf, size_t n)
{
	if (l.kind == LOC_REG && l.num >= 0 && l.num < TGT_NREGS)
		snprintf(buf, n, "%s", t->regs[l.num].name);
	else if (l.kind == LOC_SLOT)
		snprintf(buf, n, "s%d", l.num);
	else
		snprintf(buf, n, "?%d", l.num);
	return buf;
}

void pcopy_describe(const Target *t, const PcWrong *w, char *buf,
		    size_t len)
{
	char l[32], want[32], got[32];
	name(t, w->loc, l, sizeof l);
	name(t, w->want, want, sizeof want);
	name(t, w->got, got, sizeof got);
	if (w->is_dst)
		snprintf(buf, len,
			 "%s holds the initial content of %s instead of %s's",
			 l, got, want);
	else
		snprintf(buf, len,
			 "%s (no destination) holds the initial content of %s "
			 "instead of its own",
			 l, got);
}
