#ifndef OPENMOMC_CLIBXML2_SHIM_H
#define OPENMOMC_CLIBXML2_SHIM_H
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

/* xmlFree is a global function pointer, which Swift 6 rejects as shared mutable state. */
static inline void openmomc_xml_free(void *pointer) { xmlFree(pointer); }

#endif
