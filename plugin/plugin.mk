# plugin/plugin.mk - the GCC plugin build/ssara.so (included by Makefile).
#
# The core library is C; the plugin links a position-independent build of
# it ($(B)/pic/...).  Only plugin_init and plugin_is_GPL_compatible are
# exported (plugin/exports.map), so that no core symbol can bind to a
# symbol of cc1 with the same name.  The C++ runtime is linked in
# (-static-libstdc++ -static-libgcc): cc1 does not load libstdc++.so, and
# loading and relocating it for the plugin cost more than the plugin's
# own work on a small file.  plugin/runtime.cc defines operator new and
# delete and the __throw_* helpers, and C++20 (no extern template
# std::string) with -fno-threadsafe-statics keeps libstdc++'s exception
# runtime out: no unwinder, no TLS, no dependency on the dynamic loader.
CXX            ?= g++
GCC_PLUGIN_DIR := $(shell $(CC) -print-file-name=plugin)
PLUGIN_CXXFLAGS = -std=gnu++20 -fno-rtti -fno-exceptions -fno-threadsafe-statics -fPIC -Wall -Wextra -Werror \
                  -I$(GCC_PLUGIN_DIR)/include -I. -Icore -DSSARA_VERSION='"$(VERSION)"'
PLUGIN_SRC  = $(wildcard plugin/*.cc plugin/postra/*.cc)
PLUGIN_OBJ  = $(PLUGIN_SRC:%.cc=$(B)/%.o)
PIC_OBJ     = $(LIB_SRC:%.c=$(B)/pic/%.o)
PLUGIN_LDFLAGS = -shared -Wl,--version-script=plugin/exports.map -Wl,-Bsymbolic \
                 -static-libstdc++ -static-libgcc

.PHONY: install check-full check-inject check-eh check-gxx check-subst bench-subst check-isa

$(B)/pic/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(CFLAGS) -fPIC -DSSARA_VERSION='"$(VERSION)"' -Icore -Iverify -Itools -MMD -MP -c $< -o $@

$(B)/plugin/%.o: plugin/%.cc $(B)/.deps
	@mkdir -p $(dir $@)
	$(CXX) $(PLUGIN_CXXFLAGS) $(CFLAGS) -MMD -MP -c $< -o $@

$(B)/ssara.so: $(B)/.deps $(PLUGIN_OBJ) $(PIC_OBJ) plugin/exports.map
	$(CXX) $(CFLAGS) $(PLUGIN_LDFLAGS) $(PLUGIN_OBJ) $(PIC_OBJ) -o $@

# A plugin that believes it was built for GCC 11: the version-check test.
$(B)/test/ssara-gcc11.so: plugin/main.cc $(B)/.deps $(filter-out $(B)/plugin/main.o,$(PLUGIN_OBJ)) $(PIC_OBJ)
	@mkdir -p $(dir $@)
	$(CXX) $(PLUGIN_CXXFLAGS) $(CFLAGS) -DSSARA_GCC_BUILT='"11.4.0"' -c plugin/main.cc -o $(B)/test/main-gcc11.o
	$(CXX) $(CFLAGS) $(PLUGIN_LDFLAGS) $(B)/test/main-gcc11.o $(filter-out $(B)/plugin/main.o,$(PLUGIN_OBJ)) $(PIC_OBJ) -o $@

CHECK_PREREQS += $(B)/ssara.so $(B)/test/ssara-gcc11.so

# Installs the plugin where `gcc -fplugin=ssara` finds it (GCC's plugin
# directory) and the two tools into $(PREFIX)/bin, all under $(DESTDIR)
# when set (staged installs, packages); uninstall removes exactly those.
PREFIX ?= /usr/local
INSTALLED = $(DESTDIR)$(GCC_PLUGIN_DIR)/ssara.so $(DESTDIR)$(PREFIX)/bin/ssara \
            $(DESTDIR)$(PREFIX)/bin/ssara-report
.PHONY: uninstall
install: $(B)/ssara.so $(B)/ssara $(B)/ssara-report
	install -d $(DESTDIR)$(GCC_PLUGIN_DIR) $(DESTDIR)$(PREFIX)/bin
	install -m 644 $(B)/ssara.so $(DESTDIR)$(GCC_PLUGIN_DIR)/ssara.so
	install -m 755 $(B)/ssara $(B)/ssara-report $(DESTDIR)$(PREFIX)/bin/

uninstall:
	rm -f $(INSTALLED)

# The whole torture suite and libiberty at -O0, -O2 and -Os (about
# 20 minutes on 2 idle cores); `make check` runs a subset.
check-full: $(B)/.deps $(B)/ssara.so $(B)/ssara
	SSARA_SRCDIR=$(CURDIR) sh testsuite/torture/run.sh --full

# Faults injected into GCC's allocation (plugin/inject.cc) and whether
# the checker detects them: 100 execute programs of the torture suite at
# -O2 and -O0, every kind, sites 1..3 (testsuite/torture/inject.sh).
check-inject: $(B)/.deps $(B)/ssara.so
	SSARA_SRCDIR=$(CURDIR) sh testsuite/torture/inject.sh --files 100 --max 3

# ssara's allocation emitted: the torture execute suite built plainly and
# substituted at every level, run, outcomes compared per file
# (testsuite/torture/subst.sh; SUBST_LEVELS, default all five).
check-subst: $(B)/.deps $(B)/ssara.so
	SSARA_SRCDIR=$(CURDIR) sh testsuite/torture/subst.sh --levels "$(or $(SUBST_LEVELS),-O0 -O1 -O2 -O3 -Os)"

# Substituted code measured: libiberty and zlib (share, zlib's programs,
# code size, compile time, executed instructions at all and at 7 general
# registers) and ten csmith programs' executed instructions
# (testsuite/torture/subst_real.sh, bench/subst_cg.sh; bench/RESULTS.md).
bench-subst: $(B)/.deps $(B)/ssara.so
	SSARA_SRCDIR=$(CURDIR) sh testsuite/torture/subst_real.sh --levels "-O0 -O2" --callgrind
	SSARA_SRCDIR=$(CURDIR) sh testsuite/torture/subst_real.sh --levels -O2 --regs 7 --callgrind
	SSARA_SRCDIR=$(CURDIR) sh bench/subst_cg.sh --count 10

# GCC's C++ exception run tests (g++.dg/eh) built with the plugin checking
# both allocations and plainly, then run (testsuite/torture/gxx.sh;
# EH_OPTS, -O2).
check-eh: $(B)/.deps $(B)/ssara.so
	SSARA_SRCDIR=$(CURDIR) sh testsuite/torture/gxx.sh --suite eh --opts "$(or $(EH_OPTS),-O2)"

# g++.dg/torture the same way, every test compiled, the run tests run
# (GXX_OPTS, -O2).
check-gxx: $(B)/.deps $(B)/ssara.so
	SSARA_SRCDIR=$(CURDIR) sh testsuite/torture/gxx.sh --suite torture --opts "$(or $(GXX_OPTS),-O2)"

# The torture execute suite built for today's ISAs: -march=x86-64-v3
# (AVX2) and -march=native (AVX-512 where the CPU has it) at -O2 and
# -Os, both allocations checked, run against plain GCC
# (testsuite/torture/isa.sh; ISA_MARCH, ISA_LEVELS).
check-isa: $(B)/.deps $(B)/ssara.so
	SSARA_SRCDIR=$(CURDIR) sh testsuite/torture/isa.sh --march "$(or $(ISA_MARCH),x86-64-v3 native)" --levels "$(or $(ISA_LEVELS),-O2 -Os)"
