/* elfscan.h - the .ssara sections of ELF files and archives, with libelf.
 *
 * A file is an ELF object (relocatable, shared object, executable) or an
 * archive; every ELF member of an archive is read (non-ELF members, e.g.
 * a symbol table format libelf does not know, are skipped).  Each .ssara
 * section goes to report_section, each object to report_object.
 */
#ifndef SSARA_ELFSCAN_H
#define SSARA_ELFSCAN_H

#include "diag.h"
#include "report.h"

typedef enum {
	SCAN_OK,      /* read (it may have held bad records: see d) */
	SCAN_NOT_ELF, /* neither ELF nor archive; nothing reported */
	SCAN_BAD      /* unreadable or corrupt; reported to d */
} ScanResult;

/* Reads the records of the file path into r.  Requires elf_version() to
 * have been set. */
ScanResult scan_file(const char *path, Report *r, Diag *d);

#endif
