#ifndef OPENMOMC_CLIBXML2_SHIM_H
#define OPENMOMC_CLIBXML2_SHIM_H

#include <libxml/xmlversion.h>
/* Debian's libxml2 is built with ICU and its encoding.h then includes the system ICU headers, whose
   UErrorCode clashes with the copy inside swift-corelibs-foundation. We never touch the ICU-dependent
   fields (they sit behind pointers in xmlCharEncodingHandler), so hide them from this module. */
#ifdef LIBXML_ICU_ENABLED
#undef LIBXML_ICU_ENABLED
#endif

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlwriter.h>

#endif
