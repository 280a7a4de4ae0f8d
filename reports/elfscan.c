/* elfscan.c - .ssara sections of ELF files and archives (elfscan.h). */
#include "elfscan.h"

#include <ar.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* One file being read: its descriptor (archive members are read through
 * it) and where the results go. */
typedef struct {
	int fd;
	Report *r;
	Diag *d;
} Scan;

static bool scan_elf(Scan *s, Elf *e, const char *where, size_t size,
		     size_t base);

/* Hands the contents of section scn (header sh) of an object of size
 * bytes to the report; *nrec += the records it held. */
static bool read_section(Scan *s, Elf_Scn *scn, const GElf_Shdr *sh,
			 const char *where, size_t size, int *nrec)
{
	if (sh->sh_type == SHT_NOBITS || sh->sh_size == 0)
		return true;
	if (sh->sh_offset > size || sh->sh_size > size - sh->sh_offset) {
		diag_error(s->d, where,
			   "section .ssara extends past the end of the file "
			   "(%zu bytes)",
			   size);
		return false;
	}
	if ((sh->sh_flags & SHF_COMPRESSED) && elf_compress(scn, 0, 0) < 0) {
		diag_error(s->d, where, "cannot decompress section .ssara: %s",
			   elf_errmsg(-1));
		return false;
	}
	Elf_Data *data = elf_getdata(scn, NULL);
	if (!data) {
		diag_error(s->d, where, "cannot read section .ssara: %s",
			   elf_errmsg(-1));
		return false;
	}
	*nrec += report_section(s->r, where, data->d_buf, data->d_size, s->d);
	return true;
}

/* Checks that the section header table of e (size bytes) lies inside
 * the file and sets its length and the index of the section name table.
 * (libelf quietly reports no sections when the table is out of bounds,
 * hence the checks of the ELF header's own claims.) */
static bool check_section_table(Scan *s, Elf *e, const char *where,
				size_t size, size_t *shnum, size_t *shstrndx)
{
	GElf_Ehdr eh;
	if (!gelf_getehdr(e, &eh)) {
		diag_error(s->d, where, "invalid ELF header: %s", elf_errmsg(-1));
		return false;
	}
	if (elf_getshdrnum(e, shnum) != 0) {
		diag_error(s->d, where, "corrupt section table: %s",
			   elf_errmsg(-1));
		return false;
	}
	if (eh.e_shoff == 0 && eh.e_shnum == 0 && *shnum == 0)
		return true; /* no section table at all */
	size_t claimed = eh.e_shnum ? eh.e_shnum : 1; /* 0: extended */
	if (*shnum > claimed)
		claimed = *shnum;
	if (eh.e_shoff == 0 ||
	    eh.e_shentsize != gelf_fsize(e, ELF_T_SHDR, 1, EV_CURRENT) ||
	    eh.e_shoff > size || claimed > (size - eh.e_shoff) / eh.e_shentsize) {
		diag_error(s->d, where,
			   "truncated or corrupt: the section table does not "
			   "fit in the file's %zu bytes",
			   size);
		return false;
	}
	if (*shnum == 0 || (eh.e_shnum && *shnum != eh.e_shnum)) {
		diag_error(s->d, where, "corrupt section table: bad count");
		return false;
	}
	if (elf_getshdrstrndx(e, shstrndx) != 0 || *shstrndx >= *shnum) {
		diag_error(s->d, where,
			   "corrupt section table: no section name table");
		return false;
	}
	return true;
}

/* Reads every .ssara section of the ELF object e (size bytes). */
static bool scan_object(Scan *s, Elf *e, const char *where, size_t size)
{
	size_t shnum, shstrndx = 0;
	if (!check_section_table(s, e, where, size, &shnum, &shstrndx))
		return false;
	int nrec = 0;
	bool ok = true, lto = false;
	for (Elf_Scn *scn = NULL; ok && (scn = elf_nextscn(e, scn));) {
		GElf_Shdr sh;
		const char *name;
		if (!gelf_getshdr(scn, &sh) ||
		    !(name = elf_strptr(e, shstrndx, sh.sh_name))) {
			diag_error(s->d, where, "corrupt section table: %s",
				   elf_errmsg(-1));
			ok = false;
		} else if (strcmp(name, ".ssara") == 0) {
			ok = read_section(s, scn, &sh, where, size, &nrec);
		} else if (strncmp(name, ".gnu.lto_", 9) == 0) {
			lto = true;
		}
	}
	report_object(s->r, nrec > 0, lto);
	return ok;
}

/* The size field of the raw archive member header h; false if it is not
 * a decimal number padded with spaces. */
static bool ar_size_field(const struct ar_hdr *h, unsigned long long *size)
{
	size_t i = 0, n = sizeof h->ar_size;
	*size = 0;
	for (; i < n && h->ar_size[i] >= '0' && h->ar_size[i] <= '9'; i++)
		*size = *size * 10 + (unsigned long long)(h->ar_size[i] - '0');
	if (i == 0)
		return false;
	for (; i < n; i++)
		if (h->ar_size[i] != ' ')
			return false;
	return true;
}

/* Reads the archive member m, labelled "where(MEMBER)", of an archive of
 * size bytes at file offset base; sets *next to the archive offset of the
 * next member header.  (libelf quietly shortens a truncated member,
 * hence the look at the raw header.) */
static bool scan_member(Scan *s, Elf *m, const char *where, size_t base,
			size_t size, size_t *next)
{
	const Elf_Arhdr *h = elf_getarhdr(m);
	int64_t off = elf_getaroff(m);
	struct ar_hdr raw;
	unsigned long long rawsize;
	if (!h || !h->ar_name || off < 0 ||
	    pread(s->fd, &raw, sizeof raw, (off_t)(base + (size_t)off)) !=
		    (ssize_t)sizeof raw ||
	    !ar_size_field(&raw, &rawsize)) {
		diag_error(s->d, where, "corrupt archive member header");
		*next = size;
		return false;
	}
	size_t start = (size_t)off + sizeof raw;
	*next = start + rawsize + (rawsize & 1);
	size_t n = strlen(where) + strlen(h->ar_name) + 3;
	char *label = malloc(n);
	if (!label) {
		diag_error(s->d, where, "out of memory");
		return false;
	}
	snprintf(label, n, "%s(%s)", where, h->ar_name);
	bool ok;
	if (rawsize > size - start) {
		diag_error(s->d, label,
			   "truncated: %zu of its %llu bytes are in the archive",
			   size - start, rawsize);
		ok = false;
	} else {
		ok = scan_elf(s, m, label, (size_t)rawsize, base + start);
	}
	free(label);
	return ok;
}

/* Reads every member of the archive ar (size bytes at file offset base),
 * each labelled "where(MEMBER)". */
static bool scan_archive(Scan *s, Elf *ar, const char *where, size_t base,
			 size_t size)
{
	bool ok = true;
	size_t next = SARMAG;
	Elf_Cmd cmd = ELF_C_READ;
	const char *why = "no member header";
	while (next < size && cmd != ELF_C_NULL) {
		Elf *m = elf_begin(s->fd, cmd, ar);
		if (!m) {
			why = elf_errmsg(-1);
			break;
		}
		ok &= scan_member(s, m, where, base, size, &next);
		cmd = elf_next(m);
		if (cmd == ELF_C_NULL)
			why = elf_errmsg(-1);
		elf_end(m);
	}
	/* The last member may be followed by one padding byte. */
	if (next + 1 < size && size - next < sizeof(struct ar_hdr)) {
		diag_error(s->d, where,
			   "truncated: member header at offset %zu cut short",
			   next);
		ok = false;
	} else if (next + 1 < size) {
		diag_error(s->d, where, "corrupt archive at offset %zu: %s",
			   next, why);
		ok = false;
	}
	return ok;
}

static bool has_elf_magic(const void *p, size_t n)
{
	return n >= SELFMAG && memcmp(p, ELFMAG, SELFMAG) == 0;
}

/* Reads e (size bytes at file offset base), an object or an archive.
 * Anything else is skipped, unless it starts like an ELF file. */
static bool scan_elf(Scan *s, Elf *e, const char *where, size_t size,
		     size_t base)
{
	unsigned char magic[SELFMAG];
	switch (elf_kind(e)) {
	case ELF_K_ELF:
		return scan_object(s, e, where, size);
	case ELF_K_AR:
		return scan_archive(s, e, where, base, size);
	default:
		/* Read directly: libelf leaks elf_rawfile's copy of a member. */
		if (size < SELFMAG ||
		    pread(s->fd, magic, SELFMAG, (off_t)base) != SELFMAG ||
		    !has_elf_magic(magic, SELFMAG))
			return true;
		diag_error(s->d, where, "invalid ELF header");
		return false;
	}
}

ScanResult scan_file(const char *path, Report *r, Diag *d)
{
	int fd = open(path, O_RDONLY);
	if (fd < 0) {
		diag_error(d, path, "%s", strerror(errno));
		return SCAN_BAD;
	}
	struct stat st;
	unsigned char magic[SARMAG];
	ssize_t k = -1;
	if (fstat(fd, &st) != 0 || (k = pread(fd, magic, sizeof magic, 0)) < 0) {
		diag_error(d, path, "%s", strerror(errno));
		close(fd);
		return SCAN_BAD;
	}
	if (!has_elf_magic(magic, (size_t)k) &&
	    !(k == SARMAG && memcmp(magic, ARMAG, SARMAG) == 0)) {
		close(fd);
		return SCAN_NOT_ELF;
	}
	Scan s = {fd, r, d};
	bool ok;
	Elf *e = elf_begin(fd, ELF_C_READ, NULL);
	if (!e) {
		diag_error(d, path, "invalid ELF file: %s", elf_errmsg(-1));
		ok = false;
	} else {
		ok = scan_elf(&s, e, path, (size_t)st.st_size, 0);
		elf_end(e);
	}
	close(fd);
	return ok ? SCAN_OK : SCAN_BAD;
}
