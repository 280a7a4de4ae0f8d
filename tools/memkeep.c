/* memkeep.c - malloc settings (memkeep.h). */
#include "memkeep.h"

#include <limits.h>
#include <malloc.h>

void keep_freed_memory(size_t trim)
{
	mallopt(M_TRIM_THRESHOLD, trim > INT_MAX ? INT_MAX : (int)trim);
	mallopt(M_MMAP_THRESHOLD, 32 << 20);
}
