/* records.cc - the per-function records (docs/RECORDS.md), the IR dumps
 * and the round-trip check.  No GCC header: plain C++ over the core. */
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

#include "plugin.h"

extern "C" {
#include "core/dumpname.h"
#include "core/irtext.h"
}

#ifndef SSARA_VERSION
#define SSARA_VERSION "0.0.0"
#endif

/* Appends s as a JSON string literal to o. */
static void put_str(std::string &o, const char *s)
{
	o += '"';
	const char *run = s; /* the pending bytes that need no escape */
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p >= 0x20 && *p != '"' && *p != '\\')
			continue;
		o.append(run, (const char *)p - run);
		run = (const char *)p + 1;
		char buf[8];
		switch (*p) {
		case '"': o += "\\\""; break;
		case '\\': o += "\\\\"; break;
		case '\n': o += "\\n"; break;
		case '\t': o += "\\t"; break;
		default:
			snprintf(buf, sizeof buf, "\\u%04x", *p);
			o += buf;
		}
	}
	o += run;
	o += '"';
}

/* Appends decimal v to o. */
static void put_long(std::string &o, long v)
{
	char buf[24];
	char *e = buf + sizeof buf, *p = e;
	unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;
	do
		*--p = (char)('0' + u % 10);
	while (u /= 10);
	if (v < 0)
		*--p = '-';
	o.append(p, e - p);
}

/* Appends a weighted count to o: at most three decimals, no trailing
 * zeros ("%.3f" trimmed; "-0" written "0"). */
static void put_num(std::string &o, double v)
{
	if (v > -1e15 && v < 1e15 && v == (double)(long)v) {
		/* an integer: "%.3f" would give its digits and ".000" */
		put_long(o, (long)v);
		return;
	}
	char buf[64];
	snprintf(buf, sizeof buf, "%.3f", v);
	char *e = buf + strlen(buf) - 1;
	while (*e == '0')
		*e-- = 0;
	if (*e == '.')
		*e = 0;
	if (strcmp(buf, "-0") == 0)
		strcpy(buf, "0");
	o += buf;
}

/* Appends the member name of an object to o: a comma unless it is the
 * object's first ('{' last), then "NAME":. */
static void key(std::string &o, const char *name)
{
	if (o.back() != '{')
		o += ',';
	o += '"';
	o += name;
	o += "\":";
}

static void member_str(std::string &o, const char *name, const char *v)
{
	key(o, name);
	put_str(o, v);
}

static void member_long(std::string &o, const char *name, long v)
{
	key(o, name);
	put_long(o, v);
}

static void member_num(std::string &o, const char *name, double v)
{
	key(o, name);
	put_num(o, v);
}

/* "NAME":n,"w_NAME":w, w relative to the entry block's frequency
 * (1.0 per execution of the entry, as gcc_ra's weights). */
static void put_count(std::string &o, const char *name, const AllocCount &c,
		      int entry_freq)
{
	double w = entry_freq > 0 ? (double)c.w / entry_freq : (double)c.n;
	member_long(o, name, c.n);
	o += ",\"w_";
	o += name;
	o += "\":";
	put_num(o, w);
}

/* GCC's counts (audit.cc) and, from the post-RA translation, its slot
 * operands: null when the translation did not succeed. */
static void put_gcc_ra(std::string &o, const GccRa *ra, const Capture *cap)
{
	o += '{';
	member_long(o, "spills", ra->spills);
	member_num(o, "w_spills", ra->w_spills);
	member_long(o, "reloads", ra->reloads);
	member_num(o, "w_reloads", ra->w_reloads);
	member_long(o, "moves", ra->moves);
	member_num(o, "w_moves", ra->w_moves);
	member_long(o, "copies_deleted", ra->copies_deleted);
	member_num(o, "w_copies_deleted", ra->w_copies_deleted);
	member_long(o, "remats", ra->remats);
	member_num(o, "w_remats", ra->w_remats);
	member_long(o, "frame", ra->frame);
	member_long(o, "callee_saved", ra->callee_saved);
	member_long(o, "copies_kept", ra->copies_kept);
	member_num(o, "w_copies_kept", ra->w_copies_kept);
	const Fn *fn = cap->fn;
	int ef = fn->nblk ? fn->blk[fn->entry]->freq : 0;
	if (cap->gcc_slots) {
		put_count(o, "slot_reads", cap->gcc_slot_reads, ef);
		put_count(o, "slot_writes", cap->gcc_slot_writes, ef);
	} else {
		o += ",\"slot_reads\":null,\"w_slot_reads\":null";
		o += ",\"slot_writes\":null,\"w_slot_writes\":null";
	}
	o += '}';
}

/* Microseconds, rounded. */
static long usec(double seconds)
{
	return (long)(seconds * 1e6 + 0.5);
}

/* ssara's allocation: null when not run, {"error":...} when refused;
 * its time ("us") only when timed. */
static void put_ssara_ra(std::string &o, const SsaraRa *s, const Fn *fn,
			 bool timed)
{
	int ef = fn->nblk ? fn->blk[fn->entry]->freq : 0;
	if (!s->done) {
		o += "null";
		return;
	}
	o += '{';
	if (!s->error.empty()) {
		member_str(o, "error", s->error.c_str());
		if (timed)
			member_long(o, "us", usec(s->seconds));
		o += '}';
		return;
	}
	const AllocStats &st = s->st;
	put_count(o, "spills", st.spills, ef);
	put_count(o, "reloads", st.reloads, ef);
	put_count(o, "remats", st.remats, ef);
	put_count(o, "moves", st.moves, ef);
	put_count(o, "swaps", st.swaps, ef);
	put_count(o, "copies", st.copies, ef);
	put_count(o, "copies_kept", st.copies_kept, ef);
	put_count(o, "slot_reads", st.slot_reads, ef);
	put_count(o, "slot_writes", st.slot_writes, ef);
	member_long(o, "slots", st.slots);
	member_long(o, "slot_bytes", st.slot_bytes);
	member_long(o, "aff_total", (long)st.aff_total);
	member_long(o, "aff_final", (long)st.aff_final);
	if (timed)
		member_long(o, "us", usec(s->seconds));
	o += '}';
}

/* A check's verdict; its time ("us") only when timed. */
static void put_check(std::string &o, const Check *c, bool timed)
{
	if (!c->verdict) {
		o += "null";
		return;
	}
	o += '{';
	member_str(o, "verdict", c->verdict);
	if (!strcmp(c->verdict, "unverified"))
		member_str(o, "reason", c->reason.c_str());
	member_long(o, "violations", c->violations);
	if (!c->texts.empty())
		member_str(o, "first", c->texts[0].c_str());
	if (c->first_line > 0)
		member_long(o, "first_line", c->first_line);
	if (timed)
		member_long(o, "us", usec(c->seconds));
	o += '}';
}

std::string record_json(const Capture *cap, const GccRa *ra,
			const char *file, const char *dir, const char *opt,
			const char *gcc, bool timed)
{
	const Fn *fn = cap->fn;
	std::string o;
	o.reserve(1024);
	o += '{';
	member_long(o, "ssara", 1);
	member_str(o, "tool", SSARA_VERSION);
	member_str(o, "gcc", gcc);
	member_str(o, "file", file);
	member_str(o, "dir", dir);
	if (!cap->src.empty())
		member_str(o, "src", cap->src.c_str());
	if (cap->line > 0)
		member_long(o, "line", cap->line);
	member_str(o, "fn", cap->name.c_str());
	member_str(o, "opt", opt);
	if (opts.dump_dir)
		member_str(o, "dump", opts.dump_stem.c_str());
	member_str(o, "status", fn->unsupported ? "unsupported" : "captured");
	if (fn->unsupported)
		member_str(o, "reason", fn->unsupported);
	member_long(o, "blocks", cap->blocks);
	member_long(o, "insns", cap->insns);
	member_long(o, "pseudos", cap->pseudos);
	key(o, "maxlive");
	if (cap->have_maxlive) {
		o += '{';
		member_long(o, "gpr", cap->maxlive[RC_GPR]);
		member_long(o, "sse", cap->maxlive[RC_SSE]);
		/* AVX-512 masks, only where there are any */
		if (cap->maxlive[RC_MASK])
			member_long(o, "mask", cap->maxlive[RC_MASK]);
		o += '}';
	} else {
		o += "null";
	}
	key(o, "gcc_ra");
	put_gcc_ra(o, ra, cap);
	key(o, "ssara_ra");
	put_ssara_ra(o, &cap->ssara, fn, timed);
	key(o, "verify");
	if (cap->check_gcc.verdict || cap->check_ssara.verdict) {
		o += "{\"gcc\":";
		put_check(o, &cap->check_gcc, timed);
		o += ",\"ssara\":";
		put_check(o, &cap->check_ssara, timed);
		o += '}';
	} else {
		o += "null";
	}
	if (opts.substitute && !fn->unsupported) {
		key(o, "substituted");
		o += cap->substituted ? "true" : "false";
		if (!cap->substituted)
			member_str(o, "substitute_reason",
				   cap->subst_reason.c_str());
	}
	if (timed) {
		key(o, "time_us");
		o += '{';
		member_long(o, "capture", usec(cap->capture_seconds));
		member_long(o, "ira_lra", usec(cap->ira_lra_seconds));
		member_long(o, "audit", usec(cap->audit_seconds));
		o += '}';
	}
	o += '}';
	return o;
}

/* Appends s to o as the contents of an assembler string: quotes,
 * backslashes and bytes outside printable ASCII escaped. */
static void put_asm_str(std::string &o, const std::string &s)
{
	size_t at = o.size();
	o.resize(at + 4 * s.size()); /* each byte at most \ooo */
	char *p = &o[at];
	for (unsigned char c : s) {
		if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') {
			*p++ = (char)c;
			continue;
		}
		*p++ = '\\';
		if (c == '"' || c == '\\') {
			*p++ = (char)c;
		} else {
			*p++ = (char)('0' + (c >> 6));
			*p++ = (char)('0' + ((c >> 3) & 7));
			*p++ = (char)('0' + (c & 7));
		}
	}
	o.resize((size_t)(p - o.data()));
}

void records_emit_asm(FILE *f, const std::vector<Record> &recs)
{
	if (recs.empty())
		return;
	size_t n = 64;
	for (const Record &r : recs)
		n += r.json.size() + 16;
	std::string o;
	o.reserve(n + n / 4);
	o = "\t.pushsection .ssara,\"\",@progbits\n";
	for (const Record &r : recs) {
		o += "\t.ascii \"";
		put_asm_str(o, r.json);
		o += "\\n\"\n";
	}
	o += "\t.popsection\n";
	fwrite(o.data(), 1, o.size(), f);
}

bool records_append_json(const char *path, const std::vector<Record> &recs)
{
	std::string all;
	for (const Record &r : recs)
		all += r.json_timed + "\n";
	int fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0644);
	if (fd < 0)
		return false;
	const char *p = all.data();
	size_t left = all.size();
	while (left > 0) {
		ssize_t n = write(fd, p, left);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			int e = errno;
			close(fd);
			errno = e;
			return false;
		}
		p += n;
		left -= (size_t)n;
	}
	return close(fd) == 0;
}

std::string records_dump_stem(const char *file, const char *dir,
			      const char *outbase)
{
	uint32_t h = 2166136261u;
	for (const char *part : {dir, file, outbase}) {
		for (const unsigned char *p = (const unsigned char *)part;;
		     p++) {
			h = (h ^ *p) * 16777619u;
			if (!*p)
				break;
		}
	}
	const char *base = strrchr(file, '/');
	char hex[16];
	snprintf(hex, sizeof hex, ".%08x", (unsigned)h);
	return std::string(base ? base + 1 : file) + hex;
}

bool records_dump_ir(const Fn *fn, const char *suffix)
{
	char path[4096];
	dump_path(path, sizeof path, opts.dump_dir, opts.dump_stem.c_str(),
		  fn->name, suffix);
	FILE *f = fopen(path, "w");
	if (!f)
		return false;
	ir_print(f, fn);
	if (ferror(f)) {
		int e = errno;
		fclose(f);
		errno = e;
		return false;
	}
	return fclose(f) == 0;
}

std::string records_roundtrip(const Fn *fn)
{
	char *text = ir_print_str(fn);
	IrFile parsed;
	IrError err;
	std::string why;
	if (!ir_parse("<capture>", text, strlen(text), fn->target, &parsed,
		      &err)) {
		why = std::string("parse: ") + err.msg;
		free(text);
		return why;
	}
	char buf[512] = "";
	if (parsed.nfn != 1) {
		why = "parse gave " + std::to_string(parsed.nfn) + " functions";
	} else if (!fn_equal(fn, parsed.fn[0], buf, sizeof buf)) {
		why = std::string("fn_equal: ") + buf;
	} else {
		char *again = ir_print_str(parsed.fn[0]);
		if (strcmp(again, text) != 0)
			why = "printed text differs after parsing";
		free(again);
	}
	irfile_free(&parsed);
	free(text);
	return why;
}
