# ssara-report: the records of a codebase read back from its ELF files
# (docs/REPORT.md).  Included by the top Makefile; needs libelf-dev.
REPORT_SRC = $(wildcard reports/*.c)
REPORT_OBJ = $(REPORT_SRC:%.c=$(B)/%.o)

# The headers come with libelf-dev and libiberty-dev (the demangler),
# which `make deps` installs.
$(REPORT_OBJ): | $(B)/.deps

# The core library: the arena, and for --html the IR parser and printer,
# the allocator and the checker (function pages).
$(B)/ssara-report: $(REPORT_OBJ) $(B)/libssara.a | $(B)/.deps
	$(CC) $(CFLAGS) $^ -lelf -liberty -lm -o $@

CHECK_PREREQS += $(B)/ssara-report
