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

/* s as a JSON string literal. */
static std::string json_str(const char *s)
{
	std::string o = "\"";
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		char buf[8];
		switch (*p) {
		case '"': o += "\\\""; break;
		case '\\': o += "\\\\"; break;
		case '\n': o += "\\n"; break;
		case '\t': o += "\\t"; break;
		default:
			if (*p < 0x20) {
				snprintf(buf, sizeof buf, "\\u%04x", *p);
				o += buf;
			} else {
				o += (char)*p;
			}
		}
	}
	return o + "\"";
}

/* A weighted count: at most three decimals, no trailing zeros. */
static std::string json_num(double v)
{
	char buf[64];
	snprintf(buf, sizeof buf, "%.3f", v);
	char *e = buf + strlen(buf) - 1;
	while (*e == '0')
		*e-- = 0;
	if (*e == '.')
		*e = 0;
	if (strcmp(buf, "-0") == 0)
		strcpy(buf, "0");
	return buf;
}

static void member(std::string &o, const char *name, const std::string &v)
{
	if (o.size() > 1)
		o += ',';
	o += '"';
	o += name;
	o += "\":";
	o += v;
}

static void member(std::string &o, const char *name, long v)
{
	member(o, name, std::to_string(v));
}

/* "NAME":n,"w_NAME":w, w relative to the entry block's frequency
 * (1.0 per execution of the entry, as gcc_ra's weights). */
static std::string count_json(const char *name, const AllocCount &c,
			      int entry_freq)
{
	double w = entry_freq > 0 ? (double)c.w / entry_freq : (double)c.n;
	return std::string("\"") + name + "\":" + std::to_string(c.n) +
	       ",\"w_" + name + "\":" + json_num(w);
}

/* GCC's counts (audit.cc) and, from the post-RA translation, its slot
 * operands: null when the translation did not succeed. */
static std::string gcc_ra_json(const GccRa *ra, const Capture *cap)
{
	std::string o = "{";
	member(o, "spills", ra->spills);
	member(o, "w_spills", json_num(ra->w_spills));
	member(o, "reloads", ra->reloads);
	member(o, "w_reloads", json_num(ra->w_reloads));
	member(o, "moves", ra->moves);
	member(o, "w_moves", json_num(ra->w_moves));
	member(o, "copies_deleted", ra->copies_deleted);
	member(o, "w_copies_deleted", json_num(ra->w_copies_deleted));
	member(o, "remats", ra->remats);
	member(o, "w_remats", json_num(ra->w_remats));
	member(o, "frame", ra->frame);
	member(o, "callee_saved", ra->callee_saved);
	member(o, "copies_kept", ra->copies_kept);
	member(o, "w_copies_kept", json_num(ra->w_copies_kept));
	const Fn *fn = cap->fn;
	int ef = fn->nblk ? fn->blk[fn->entry]->freq : 0;
	if (cap->gcc_slots) {
		o += "," + count_json("slot_reads", cap->gcc_slot_reads, ef);
		o += "," + count_json("slot_writes", cap->gcc_slot_writes, ef);
	} else {
		o += ",\"slot_reads\":null,\"w_slot_reads\":null";
		o += ",\"slot_writes\":null,\"w_slot_writes\":null";
	}
	return o + "}";
}

/* Microseconds, rounded. */
static long usec(double seconds)
{
	return (long)(seconds * 1e6 + 0.5);
}

/* ssara's allocation: null when not run, {"error":...} when refused;
 * its time ("us") only when timed. */
static std::string ssara_ra_json(const SsaraRa *s, const Fn *fn, bool timed)
{
	int ef = fn->nblk ? fn->blk[fn->entry]->freq : 0;
	if (!s->done)
		return "null";
	std::string o = "{";
	if (!s->error.empty()) {
		member(o, "error", json_str(s->error.c_str()));
		if (timed)
			member(o, "us", usec(s->seconds));
		return o + "}";
	}
	const AllocStats &st = s->st;
	o += count_json("spills", st.spills, ef) + ",";
	o += count_json("reloads", st.reloads, ef) + ",";
	o += count_json("remats", st.remats, ef) + ",";
	o += count_json("moves", st.moves, ef) + ",";
	o += count_json("swaps", st.swaps, ef) + ",";
	o += count_json("copies", st.copies, ef) + ",";
	o += count_json("copies_kept", st.copies_kept, ef) + ",";
	o += count_json("slot_reads", st.slot_reads, ef) + ",";
	o += count_json("slot_writes", st.slot_writes, ef);
	member(o, "slots", st.slots);
	member(o, "slot_bytes", st.slot_bytes);
	member(o, "aff_total", (long)st.aff_total);
	member(o, "aff_final", (long)st.aff_final);
	if (timed)
		member(o, "us", usec(s->seconds));
	return o + "}";
}

/* A check's verdict; its time ("us") only when timed. */
static std::string check_json(const Check *c, bool timed)
{
	if (!c->verdict)
		return "null";
	std::string o = "{";
	member(o, "verdict", json_str(c->verdict));
	if (!strcmp(c->verdict, "unverified"))
		member(o, "reason", json_str(c->reason.c_str()));
	member(o, "violations", c->violations);
	if (!c->texts.empty())
		member(o, "first", json_str(c->texts[0].c_str()));
	if (c->first_line > 0)
		member(o, "first_line", c->first_line);
	if (timed)
		member(o, "us", usec(c->seconds));
	return o + "}";
}

std::string record_json(const Capture *cap, const GccRa *ra,
			const char *file, const char *dir, const char *opt,
			const char *gcc, bool timed)
{
	const Fn *fn = cap->fn;
	std::string o = "{";
	member(o, "ssara", 1);
	member(o, "tool", json_str(SSARA_VERSION));
	member(o, "gcc", json_str(gcc));
	member(o, "file", json_str(file));
	member(o, "dir", json_str(dir));
	if (!cap->src.empty())
		member(o, "src", json_str(cap->src.c_str()));
	if (cap->line > 0)
		member(o, "line", cap->line);
	member(o, "fn", json_str(cap->name.c_str()));
	member(o, "opt", json_str(opt));
	if (opts.dump_dir)
		member(o, "dump", json_str(opts.dump_stem.c_str()));
	member(o, "status",
	       json_str(fn->unsupported ? "unsupported" : "captured"));
	if (fn->unsupported)
		member(o, "reason", json_str(fn->unsupported));
	member(o, "blocks", cap->blocks);
	member(o, "insns", cap->insns);
	member(o, "pseudos", cap->pseudos);
	if (cap->have_maxlive)
		member(o, "maxlive",
		       "{\"gpr\":" + std::to_string(cap->maxlive[RC_GPR]) +
			       ",\"sse\":" +
			       std::to_string(cap->maxlive[RC_SSE]) +
			       /* AVX-512 masks, only where there are any */
			       (cap->maxlive[RC_MASK]
					? ",\"mask\":" +
						  std::to_string(
							  cap->maxlive[RC_MASK])
					: std::string()) +
			       "}");
	else
		member(o, "maxlive", std::string("null"));
	member(o, "gcc_ra", gcc_ra_json(ra, cap));
	member(o, "ssara_ra", ssara_ra_json(&cap->ssara, fn, timed));
	if (cap->check_gcc.verdict || cap->check_ssara.verdict)
		member(o, "verify",
		       "{\"gcc\":" + check_json(&cap->check_gcc, timed) +
			       ",\"ssara\":" +
			       check_json(&cap->check_ssara, timed) + "}");
	else
		member(o, "verify", std::string("null"));
	if (opts.substitute && !fn->unsupported) {
		member(o, "substituted",
		       std::string(cap->substituted ? "true" : "false"));
		if (!cap->substituted)
			member(o, "substitute_reason",
			       json_str(cap->subst_reason.c_str()));
	}
	if (!timed)
		return o + "}";
	member(o, "time_us",
	       "{\"capture\":" + std::to_string(usec(cap->capture_seconds)) +
		       ",\"ira_lra\":" +
		       std::to_string(usec(cap->ira_lra_seconds)) +
		       ",\"audit\":" + std::to_string(usec(cap->audit_seconds)) +
		       "}");
	return o + "}";
}

/* s as the contents of an assembler string: quotes, backslashes and
 * bytes outside printable ASCII escaped. */
static std::string asm_str(const std::string &s)
{
	std::string o;
	for (unsigned char c : s) {
		char buf[8];
		if (c == '"' || c == '\\') {
			o += '\\';
			o += (char)c;
		} else if (c < 0x20 || c >= 0x7f) {
			snprintf(buf, sizeof buf, "\\%03o", c);
			o += buf;
		} else {
			o += (char)c;
		}
	}
	return o;
}

void records_emit_asm(FILE *f, const std::vector<Record> &recs)
{
	if (recs.empty())
		return;
	fputs("\t.pushsection .ssara,\"\",@progbits\n", f);
	for (const Record &r : recs)
		fprintf(f, "\t.ascii \"%s\\n\"\n", asm_str(r.json).c_str());
	fputs("\t.popsection\n", f);
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
