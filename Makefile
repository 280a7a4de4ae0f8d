# ssara - build, test, benchmark.  `make deps` installs what is missing.
CC      ?= gcc
CFLAGS  ?= -O2 -g
WARN     = -std=c11 -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L
B        = build
VERSION  = 0.1.0

CORE_SRC   = $(wildcard core/*.c)
VERIFY_SRC = $(wildcard verify/*.c)
LIB_SRC    = $(CORE_SRC) $(VERIFY_SRC)
LIB_OBJ    = $(LIB_SRC:%.c=$(B)/%.o)
TOOL_SRC   = $(wildcard tools/*.c)
# The tools' modules without the CLI's main: the unit tests and the
# benchmark link them too, before the library they use.
TOOL_MOD   = $(filter-out $(B)/tools/ssara.o,$(TOOL_SRC:%.c=$(B)/%.o))
UNIT_SRC   = $(wildcard testsuite/unit/*.c)
BENCH_SRC  = $(wildcard bench/*.c)

.PHONY: all check deps bench fuzz demo coverage clean
all: $(B)/ssara

$(B)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(CFLAGS) -DSSARA_VERSION='"$(VERSION)"' -Icore -Iverify -Itools -MMD -MP -c $< -o $@

$(B)/libssara.a: $(LIB_OBJ)
	rm -f $@ && ar rcs $@ $^

# GLPK (the ILP comparator, tools/ilp.c) links into the tools only.
TOOL_LIBS  = -lglpk

$(B)/ssara: $(TOOL_SRC:%.c=$(B)/%.o) $(B)/libssara.a
	$(CC) $(CFLAGS) $^ $(TOOL_LIBS) -o $@

$(B)/unit: $(UNIT_SRC:%.c=$(B)/%.o) $(TOOL_MOD) $(B)/libssara.a
	$(CC) $(CFLAGS) $^ $(TOOL_LIBS) -o $@

$(B)/ssara-bench: $(BENCH_SRC:%.c=$(B)/%.o) $(TOOL_MOD) $(B)/libssara.a
	$(CC) $(CFLAGS) $^ $(TOOL_LIBS) -o $@

# The Debian packages the project needs; installs only the missing ones.
deps:
	@sh tools/deps.sh

$(B)/.deps: tools/deps.sh
	@sh tools/deps.sh && mkdir -p $(B) && touch $@

# What only the tests need (chromium, for the HTML report's pages).
$(B)/.deps-check: tools/deps.sh
	@sh tools/deps.sh check && mkdir -p $(B) && touch $@

# Parts with their own rules (they may add to CHECK_PREREQS).
CHECK_PREREQS = $(B)/unit $(B)/ssara
-include plugin/plugin.mk
-include reports/reports.mk

# The one test command (README): every unit, IR-file and plugin test.
check: $(B)/.deps $(B)/.deps-check $(CHECK_PREREQS)
	SSARA_SRCDIR=$(CURDIR) SSARA_BIN=$(CURDIR)/$(B)/ssara ./$(B)/unit

# Per instruction on generated functions (10 to 100,000 instructions),
# then ssara against GCC's IRA+LRA in the same compiles of libiberty and
# zlib at -O2 and -O0 (bench/real.sh; bench/RESULTS.md).
bench: $(B)/.deps $(B)/ssara-bench $(B)/ssara $(B)/ssara.so $(B)/ssara-report
	./$(B)/ssara-bench
	sh bench/real.sh

FUZZ_CC = clang
FUZZ_FLAGS = -g -O1 -fsanitize=fuzzer,address,undefined -D_POSIX_C_SOURCE=200809L -Icore
FUZZ_SECONDS ?= 600
$(B)/fuzz_parse: testsuite/fuzz/fuzz_parse.c $(CORE_SRC)
	@mkdir -p $(B)
	$(FUZZ_CC) $(FUZZ_FLAGS) $^ -o $@
FUZZ_VERIFY_SRC = core/arena.c core/err.c core/target.c core/ir.c core/irprint.c \
		  core/irparse.c core/irparse_lex.c core/irparse_ops.c $(VERIFY_SRC)
$(B)/fuzz_verify: testsuite/fuzz/fuzz_verify.c $(FUZZ_VERIFY_SRC)
	@mkdir -p $(B)
	$(FUZZ_CC) $(FUZZ_FLAGS) -fno-sanitize-recover=all -Iverify $^ -o $@
$(B)/fuzz_alloc: testsuite/fuzz/fuzz_alloc.c $(CORE_SRC) $(VERIFY_SRC)
	@mkdir -p $(B)
	$(FUZZ_CC) $(FUZZ_FLAGS) -fno-sanitize-recover=all -Iverify $^ -o $@
# fuzz: the parser, the checker and the allocator (checked) on arbitrary
# bytes (libFuzzer, each FUZZ_SECONDS), then FUZZ_COUNT generated
# functions through the reference allocators, the checker and the
# interpreter (ssara fuzz).
FUZZ_COUNT ?= 100000
fuzz: $(B)/fuzz_parse $(B)/fuzz_verify $(B)/fuzz_alloc $(B)/ssara
	mkdir -p $(B)/fuzz-corpus $(B)/fuzz-corpus-verify $(B)/fuzz-corpus-alloc
	./$(B)/fuzz_parse -max_total_time=$(FUZZ_SECONDS) $(B)/fuzz-corpus testsuite/fuzz/corpus_parse
	./$(B)/fuzz_verify -max_total_time=$(FUZZ_SECONDS) -timeout=10 -max_len=16384 $(B)/fuzz-corpus-verify testsuite/fuzz/corpus_verify
	./$(B)/fuzz_alloc -max_total_time=$(FUZZ_SECONDS) -timeout=10 -max_len=16384 $(B)/fuzz-corpus-alloc testsuite/ir/alloc
	./$(B)/ssara fuzz --count $(FUZZ_COUNT)

# The main job on the bundled example (examples/demo.c): GCC with the
# plugin captures every function before register allocation and records
# GCC's allocation in the object; ssara allocates each captured function
# again with 4 general registers and checks the allocation; ssara-report
# reads the records back from the object file, also as HTML pages.
DEMO = $(B)/demo
demo: $(B)/.deps $(B)/ssara $(B)/ssara.so $(B)/ssara-report
	rm -rf $(DEMO) && mkdir -p $(DEMO)
	$(CC) -O2 -c examples/demo.c -o $(DEMO)/demo.o \
	  -fplugin=$(CURDIR)/$(B)/ssara.so -fplugin-arg-ssara-dump=$(DEMO) \
	  -fplugin-arg-ssara-verify=both -fplugin-arg-ssara-times
	@echo "== captured before GCC's register allocator (ssara stats)"
	./$(B)/ssara stats $$(ls $(DEMO)/*.ir | grep -v '\.gcc\.ir$$')
	@echo "== GCC's allocation (IRA+LRA), translated after reload and checked again offline"
	for f in $$(ls $(DEMO)/*.ir | grep -v '\.gcc\.ir$$'); do \
	  ./$(B)/ssara verify $$f $${f%.ir}.gcc.ir || exit 1; done
	@echo "== ssara's SSA-based allocation with 4 general registers, checked"
	./$(B)/ssara alloc --regs 4 --verify --stats \
	  $$(ls $(DEMO)/*.ir | grep -v '\.gcc\.ir$$') | grep '^#'
	@echo "== records in the object file (ssara-report): verdicts, spill code, times"
	./$(B)/ssara-report $(DEMO)/demo.o
	./$(B)/ssara-report --totals --html $(DEMO)/html --dumps $(DEMO) $(DEMO)/demo.o
	@echo "== the same as pages, with the code side by side: $(DEMO)/html/index.html"

# How much of GCC's allocation the checker verifies: the torture suite,
# libiberty and zlib at -O0..-Os (testsuite/torture/coverage.sh; options
# in COVERAGE_FLAGS, e.g. --subset 100 --levels "-O2" --ssara).
coverage: $(B)/.deps $(B)/ssara.so $(B)/ssara-report
	sh testsuite/torture/coverage.sh $(COVERAGE_FLAGS)

clean:
	rm -rf $(B)

-include $(shell find $(B) -name '*.d' 2>/dev/null)
