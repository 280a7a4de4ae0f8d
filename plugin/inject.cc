/* inject.cc - fault injection into GCC's post-RA RTL.  (Being written:
 * every value is refused until then.) */
#include "plugin.h"

bool inject_parse(const char *, std::string *err)
{
	*err = "fault injection is not available yet";
	return false;
}

std::string inject_fault(function *, const Capture *) { return ""; }
