/* postra.cc - GCC's allocation after reload, as an allocated function of
 * the core IR, checked against the capture.  (Being written: until then
 * GCC's allocation is reported as not checked.) */
#include "plugin.h"

void postra_save(function *, Capture *) {}
void postra_verify(function *, Capture *) {}
void postra_free(Capture *) {}
