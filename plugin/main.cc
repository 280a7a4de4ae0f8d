/* main.cc - the ssara GCC plugin: arguments, version check, the two
 * passes and the end-of-unit records.
 *
 *   ssara_capture  before "ira":    RTL -> core IR (capture.cc)
 *   ssara_audit    after "reload":  count GCC's allocation (audit.cc)
 *   end of unit:                    records -> .ssara section, JSON lines
 *
 * The capture of the function being compiled is the one piece of state
 * kept between the two passes (`current`); it owns its Fn and nothing in
 * it points into RTL.
 */
#define INCLUDE_STRING
#define INCLUDE_VECTOR
#include "gcc-plugin.h"
#include "plugin-version.h"
#include "tree.h"
#include "tree-pass.h"
#include "context.h"
#include "function.h"
#include "diagnostic-core.h"
#include "output.h"
#include "opts.h"
#include "options.h"
#include "toplev.h"
#include "file-prefix-map.h"

#include <fnmatch.h>

#include "plugin.h"

#ifndef SSARA_VERSION
#define SSARA_VERSION "0.0.0"
#endif
/* The GCC version the plugin was built for (a test build overrides it to
 * exercise the version check). */
#ifndef SSARA_GCC_BUILT
#define SSARA_GCC_BUILT (gcc_version.basever)
#endif

int plugin_is_GPL_compatible;

static const char *const help_text =
	"ssara: captures every function's RTL before register allocation,\n"
	"  counts GCC's allocation and writes one record per function into\n"
	"  the object's .ssara section.  Arguments:\n"
	"  -fplugin-arg-ssara-help         this text\n"
	"  -fplugin-arg-ssara-version      the plugin's version\n"
	"  -fplugin-arg-ssara-verbose      a note per function\n"
	"  -fplugin-arg-ssara-dump=DIR     write DIR/<file>.<hash8>.<function>.ir\n"
	"                                  (and .gcc.ir: GCC's allocation)\n"
	"  -fplugin-arg-ssara-json=FILE    append the records to FILE (with\n"
	"                                  the times)\n"
	"  -fplugin-arg-ssara-times        the times in the object's records\n"
	"                                  too (two compiles then differ)\n"
	"  -fplugin-arg-ssara-only=GLOB    only functions whose assembler\n"
	"                                  name matches GLOB (fnmatch)\n"
	"  -fplugin-arg-ssara-check        check that every capture\n"
	"                                  round-trips through the IR text\n"
	"  -fplugin-arg-ssara-verify=WHAT  check GCC's allocation (gcc, the\n"
	"                                  default), ssara's (ssara), both,\n"
	"                                  or none; a violation is a warning\n"
	"  -fplugin-arg-ssara-inject=KIND[:N]  corrupt GCC's allocation at\n"
	"                                  the N-th site of KIND (testing)\n"
	"  -fplugin-arg-ssara-regs=GPR[,SSE]  ssara allocates with GPR\n"
	"                                  general (and SSE) registers, as\n"
	"                                  `ssara alloc --regs` (default: all)\n"
	"  -fplugin-arg-ssara-substitute   GCC emits ssara's allocation of\n"
	"                                  each function it verified (all or\n"
	"                                  nothing per function; the check\n"
	"                                  after reload checks what is\n"
	"                                  emitted)\n";

static struct plugin_info ssara_info = {SSARA_VERSION, help_text};

static Capture *current;             /* the function between the passes */
static std::vector<Record> records;  /* finished functions of the unit */
static std::string opt_level = "-O0";
static bool dump_failed;

/* ---------------------------------------------------------------- */

/* The directory GCC runs in, as the debug information names it (after
 * -fdebug-prefix-map and -ffile-prefix-map, so that a build that maps
 * its directories for reproducibility writes the same records). */
static const char *compilation_dir(void)
{
	return remap_debug_filename(getpwd());
}

/* The source file of fun (its declaration's, mapped as the debug
 * information maps it), "" when unknown. */
static std::string fn_source(function *fun)
{
	const char *file = LOCATION_FILE(DECL_SOURCE_LOCATION(fun->decl));
	return file ? remap_debug_filename(file) : "";
}

/* The unit's file as the records name it: the main input file, but
 * under link-time optimisation (lto1, where the main input is a
 * temporary object such as ccX.ltrans0.o in the temporary
 * directory) fun's own source file. */
static std::string unit_file(function *fun)
{
	if (in_lto_p) {
		std::string src = fn_source(fun);
		if (!src.empty())
			return src;
	}
	return main_input_filename;
}

/* Sets opts.dump_stem (docs/CAPTURE.md, "Dumps") for fun: the hash
 * covers the compilation directory, the unit's file and the output's
 * base name (the driver's -dumpdir and -dumpbase without -dumpbase-ext:
 * "obj/u" for -c a/util.c -o obj/u.o), so that two sources of one name,
 * or one source compiled into two objects, write different dumps, while
 * two identical compiles write the same names (directories mapped as
 * the debug information maps them).  Once per unit; per function under
 * link-time optimisation, whose output names are temporary: there the
 * function's source file and "<lto>" stand for the unit and the
 * output. */
static void set_dump_stem(function *fun)
{
	if (!opts.dump_dir || (!in_lto_p && !opts.dump_stem.empty()))
		return;
	std::string out = "<lto>";
	if (!in_lto_p) {
		std::string base = dump_base_name ? dump_base_name : "";
		const char *ext = dump_base_ext;
		size_t n = ext ? strlen(ext) : 0;
		if (n && base.size() >= n &&
		    base.compare(base.size() - n, n, ext) == 0)
			base.resize(base.size() - n);
		out = std::string(remap_debug_filename(
			      dump_dir_name ? dump_dir_name : "")) + base;
	}
	opts.dump_stem = records_dump_stem(unit_file(fun).c_str(),
					   compilation_dir(), out.c_str());
}

/* The source line of the first violation of c (0 when it has none or
 * its insn has no location). */
static int first_line(const Check &c)
{
	return c.violations && !c.locs.empty() && c.locs[0]
		       ? LOCATION_LINE((location_t)c.locs[0])
		       : 0;
}

/* cap's source file and line (the function's declaration) and its
 * checks' first violations' lines, for the record. */
static void note_lines(function *fun, Capture *cap)
{
	cap->src = fn_source(fun);
	cap->line = LOCATION_LINE(DECL_SOURCE_LOCATION(fun->decl));
	cap->check_gcc.first_line = first_line(cap->check_gcc);
	cap->check_ssara.first_line = first_line(cap->check_ssara);
}

static const char *fn_asm_name(function *fun)
{
	const char *s = IDENTIFIER_POINTER(DECL_ASSEMBLER_NAME(fun->decl));
	return *s == '*' ? s + 1 : s;
}

static void drop_current(void)
{
	if (!current)
		return;
	postra_free(current);
	fn_free(current->fn);
	delete current;
	current = nullptr;
}

/* Writes the dump and runs the round-trip check of a fresh capture. */
static void after_capture(function *fun, const Capture *cap)
{
	location_t loc = DECL_SOURCE_LOCATION(fun->decl);
	const Fn *fn = cap->fn;
	if (opts.verbose) {
		if (fn->unsupported)
			inform(loc, "ssara: %qs unsupported: %s",
			       cap->name.c_str(), fn->unsupported);
		else
			inform(loc,
			       "ssara: %qs captured: %d blocks, %d insns, "
			       "%d pseudos, maxlive gpr %d sse %d%s",
			       cap->name.c_str(), cap->blocks, cap->insns,
			       cap->pseudos, cap->maxlive[RC_GPR],
			       cap->maxlive[RC_SSE],
			       cap->maxlive[RC_MASK]
				       ? (" mask " +
					  std::to_string(cap->maxlive[RC_MASK]))
						 .c_str()
				       : "");
	}
	if (opts.dump_dir && !dump_failed && !records_dump_ir(fn, ".ir")) {
		dump_failed = true;
		error("ssara: cannot write the IR of %qs into %qs: %m",
		      cap->name.c_str(), opts.dump_dir);
	}
	if (opts.check) {
		std::string why = records_roundtrip(fn);
		if (!why.empty())
			inform(loc, "ssara: %qs does not round-trip: %s",
			       cap->name.c_str(), why.c_str());
	}
}

/* One warning per violation of a checked allocation (so that -Werror
 * makes them fatal), at the instruction's source location; a note for an
 * unverified function with verbose. */
static void report_check(function *fun, const Capture *cap, const Check *c,
			 const char *whose)
{
	if (!c->verdict)
		return;
	location_t floc = DECL_SOURCE_LOCATION(fun->decl);
	for (size_t i = 0; i < c->texts.size(); i++) {
		location_t l = i < c->locs.size() && c->locs[i]
				       ? (location_t)c->locs[i]
				       : floc;
		/* GCC drops warnings located in a system header (an insn
		 * from a macro or inline function of <stdarg.h>...). */
		if (in_system_header_at(l))
			l = floc;
		warning_at(l, 0, "ssara: %s allocation of %qs is wrong: %s",
			   whose, cap->name.c_str(), c->texts[i].c_str());
	}
	if (opts.verbose && !strcmp(c->verdict, "unverified"))
		inform(floc, "ssara: %s allocation of %qs unverified: %s",
		       whose, cap->name.c_str(), c->reason.c_str());
	else if (opts.verbose && !strcmp(c->verdict, "verified"))
		inform(floc, "ssara: %s allocation of %qs verified", whose,
		       cap->name.c_str());
}

/* ---------------------------------------------------------------- */
/* The passes.                                                       */

/* With substitute: writes ssara's allocation a (nullptr: none verified)
 * of cap's function into the RTL, or says why not (verbose: one note). */
static void substitute(function *fun, Capture *cap, const Fn *a)
{
	if (!a)
		cap->subst_reason =
			!cap->ssara.error.empty()
				? "ssara's allocation refused: " + cap->ssara.error
				: std::string("ssara's allocation is ") +
					  (cap->check_ssara.verdict
						   ? cap->check_ssara.verdict
						   : "not checked");
	else
		subst_function(fun, cap, a);
	if (!opts.verbose)
		return;
	location_t loc = DECL_SOURCE_LOCATION(fun->decl);
	if (cap->substituted)
		inform(loc, "ssara: %qs: ssara%'s allocation substituted",
		       cap->name.c_str());
	else
		inform(loc, "ssara: %qs: GCC%'s allocation kept: %s",
		       cap->name.c_str(), cap->subst_reason.c_str());
}

static const pass_data capture_pass_data = {
	RTL_PASS, "ssara_capture", OPTGROUP_NONE, TV_NONE,
	PROP_rtl, 0, 0, 0, 0,
};

class capture_pass : public rtl_opt_pass {
public:
	capture_pass(gcc::context *ctxt)
		: rtl_opt_pass(capture_pass_data, ctxt)
	{
	}
	unsigned int execute(function *fun) final override;
	opt_pass *clone() final override
	{
		return new capture_pass(m_ctxt);
	}
};

unsigned int capture_pass::execute(function *fun)
{
	drop_current();
	const char *name = fn_asm_name(fun);
	if (opts.only && fnmatch(opts.only, name, 0) != 0)
		return 0;
	set_dump_stem(fun);
	current = new Capture;
	double t0 = seconds_now();
	capture_function(fun, current);
	if ((opts.verify & VW_GCC) && !current->fn->unsupported)
		postra_save(fun, current);
	current->capture_seconds = seconds_now() - t0;
	after_capture(fun, current);
	if (((opts.verify & VW_SSARA) || opts.substitute) &&
	    !current->fn->unsupported) {
		Fn *a = selfalloc_run(current, opts.substitute);
		if (opts.substitute)
			substitute(fun, current, a);
		fn_free(a);
	}
	subst_free(current);
	current->t_capture_end = seconds_now();
	return 0;
}

static const pass_data audit_pass_data = {
	RTL_PASS, "ssara_audit", OPTGROUP_NONE, TV_NONE,
	PROP_rtl, 0, 0, 0, 0,
};

class audit_pass : public rtl_opt_pass {
public:
	audit_pass(gcc::context *ctxt) : rtl_opt_pass(audit_pass_data, ctxt)
	{
	}
	unsigned int execute(function *fun) final override;
	opt_pass *clone() final override { return new audit_pass(m_ctxt); }
};

unsigned int audit_pass::execute(function *fun)
{
	if (!current)
		return 0;
	if (current->name != fn_asm_name(fun)) {
		/* Not the function captured: a capture whose function never
		 * reached reload.  Nothing to count against. */
		drop_current();
		return 0;
	}
	current->ira_lra_seconds = seconds_now() - current->t_capture_end;
	if (opts.inject) {
		std::string what = inject_fault(fun, current);
		if (!what.empty() && opts.verbose)
			inform(DECL_SOURCE_LOCATION(fun->decl),
			       "ssara: injected into %qs: %s",
			       current->name.c_str(), what.c_str());
	}
	GccRa ra;
	double t0 = seconds_now();
	audit_function(fun, current, &ra);
	current->audit_seconds = seconds_now() - t0;
	if ((opts.verify & VW_GCC) && !current->fn->unsupported)
		postra_verify(fun, current);
	if (opts.inject)
		inject_after_check(fun);
	report_check(fun, current, &current->check_gcc,
		     current->substituted ? "ssara's substituted" : "GCC's");
	report_check(fun, current, &current->check_ssara, "ssara's");
	note_lines(fun, current);
	Record r;
	const char *dir = compilation_dir();
	std::string file = unit_file(fun);
	/* the record with the times only where one is written */
	if (opts.times || opts.json_file)
		r.json_timed = record_json(current, &ra, file.c_str(), dir,
					   opt_level.c_str(),
					   gcc_version.basever, true);
	r.json = opts.times ? r.json_timed
			    : record_json(current, &ra, file.c_str(), dir,
					  opt_level.c_str(),
					  gcc_version.basever, false);
	records.push_back(r);
	drop_current();
	return 0;
}

/* ---------------------------------------------------------------- */
/* Callbacks.                                                        */

static void finish_unit(void *, void *)
{
	drop_current();
	if (opts.inject)
		inject_finish_unit();
	if (records.empty())
		return;
	if (asm_out_file)
		records_emit_asm(asm_out_file, records);
	if (opts.json_file && !records_append_json(opts.json_file, records))
		error("ssara: cannot append to %qs: %m", opts.json_file);
	records.clear();
}

/* The optimisation level as given on the command line (the last -O
 * option), "-O0" when none was. */
static void find_opt_level(void)
{
	for (unsigned i = 0; i < save_decoded_options_count; i++) {
		const cl_decoded_option &o = save_decoded_options[i];
		if (o.opt_index == OPT_O || o.opt_index == OPT_Os ||
		    o.opt_index == OPT_Ofast || o.opt_index == OPT_Og ||
		    o.opt_index == OPT_Oz)
			opt_level = o.orig_option_with_args_text;
	}
}

/* ---------------------------------------------------------------- */
/* Initialisation.                                                   */

/* Whether the running GCC has the major version the plugin was built
 * for; an error naming both otherwise. */
static bool version_ok(const struct plugin_gcc_version *v)
{
	if (atoi(v->basever) == atoi(SSARA_GCC_BUILT))
		return true;
	error("ssara: built for GCC %s, but this is GCC %s; rebuild the "
	      "plugin with this compiler",
	      SSARA_GCC_BUILT, v->basever);
	return false;
}

/* Parses the -fplugin-arg-ssara-* arguments; false after an error. */
/* One register count of regs=: a decimal from 1 to 64 ending at *end
 * (',' or the end of the text); -1 otherwise. */
static int regs_count(const char *s, const char **end)
{
	int n = 0, digits = 0;
	for (; *s >= '0' && *s <= '9' && digits < 3; s++, digits++)
		n = n * 10 + (*s - '0');
	*end = s;
	return digits && n >= 1 && n <= 64 ? n : -1;
}

/* regs=GPR[,SSE] into *gpr and *sse (0 when SSE is absent: all). */
static bool parse_regs(const char *val, int *gpr, int *sse)
{
	const char *e;
	int g = regs_count(val, &e), s = 0;
	if (g < 0 || (*e && *e != ','))
		return false;
	if (*e == ',' && ((s = regs_count(e + 1, &e)) < 0 || *e))
		return false;
	*gpr = g;
	*sse = s;
	return true;
}

static bool parse_args(const struct plugin_name_args *info)
{
	bool ok = true;
	for (int i = 0; i < info->argc; i++) {
		const char *key = info->argv[i].key;
		const char *val = info->argv[i].value;
		bool wants_value = !strcmp(key, "dump") ||
				   !strcmp(key, "json") || !strcmp(key, "only") ||
				   !strcmp(key, "verify") || !strcmp(key, "inject") ||
				   !strcmp(key, "regs");
		bool flag = !strcmp(key, "help") || !strcmp(key, "version") ||
			    !strcmp(key, "verbose") || !strcmp(key, "check") ||
			    !strcmp(key, "times") ||
			    !strcmp(key, "substitute");
		if (!wants_value && !flag) {
			error("ssara: unknown argument %qs (see "
			      "%<-fplugin-arg-ssara-help%>)", key);
			ok = false;
			continue;
		}
		if (wants_value && (!val || !*val)) {
			error("ssara: argument %qs needs a value "
			      "(%<-fplugin-arg-ssara-%s=...%>)", key, key);
			ok = false;
			continue;
		}
		if (flag && val) {
			error("ssara: argument %qs takes no value", key);
			ok = false;
			continue;
		}
		if (!strcmp(key, "help"))
			fputs(help_text, stderr);
		else if (!strcmp(key, "version"))
			fprintf(stderr, "ssara: version %s, built for GCC %s\n",
				SSARA_VERSION, gcc_version.basever);
		else if (!strcmp(key, "verbose"))
			opts.verbose = true;
		else if (!strcmp(key, "check"))
			opts.check = true;
		else if (!strcmp(key, "times"))
			opts.times = true;
		else if (!strcmp(key, "substitute"))
			opts.substitute = true;
		else if (!strcmp(key, "dump"))
			opts.dump_dir = xstrdup(val);
		else if (!strcmp(key, "json"))
			opts.json_file = xstrdup(val);
		else if (!strcmp(key, "only"))
			opts.only = xstrdup(val);
		else if (!strcmp(key, "verify")) {
			static const char *const names[] = {"none", "gcc",
							    "ssara", "both"};
			int w = -1;
			for (int k = 0; k < 4; k++)
				if (!strcmp(val, names[k]))
					w = k;
			if (w < 0) {
				error("ssara: %<verify=%s%>: expected none, gcc, "
				      "ssara or both", val);
				ok = false;
			} else {
				opts.verify = w;
			}
		} else if (!strcmp(key, "regs")) {
			if (!parse_regs(val, &opts.regs_gpr, &opts.regs_sse)) {
				error("ssara: %<regs=%s%>: expected GPR or "
				      "GPR,SSE, counts from 1 to 64", val);
				ok = false;
			}
		} else if (!strcmp(key, "inject")) {
			std::string err;
			if (!inject_parse(val, &err)) {
				error("ssara: %<inject=%s%>: %s", val,
				      err.c_str());
				ok = false;
			} else {
				opts.inject = xstrdup(val);
			}
		}
	}
	return ok;
}

int plugin_init(struct plugin_name_args *info,
		struct plugin_gcc_version *version)
{
	if (!version_ok(version))
		return 1;
	if (!parse_args(info))
		return 1;
	find_opt_level();
	const char *name = info->base_name;
	register_callback(name, PLUGIN_INFO, nullptr, &ssara_info);

	static struct register_pass_info capture_info;
	capture_info.pass = new capture_pass(g);
	capture_info.reference_pass_name = "ira";
	capture_info.ref_pass_instance_number = 1;
	capture_info.pos_op = PASS_POS_INSERT_BEFORE;
	register_callback(name, PLUGIN_PASS_MANAGER_SETUP, nullptr,
			  &capture_info);

	static struct register_pass_info audit_info;
	audit_info.pass = new audit_pass(g);
	audit_info.reference_pass_name = "reload";
	audit_info.ref_pass_instance_number = 1;
	audit_info.pos_op = PASS_POS_INSERT_AFTER;
	register_callback(name, PLUGIN_PASS_MANAGER_SETUP, nullptr,
			  &audit_info);

	register_callback(name, PLUGIN_FINISH_UNIT, finish_unit, nullptr);
	return 0;
}
