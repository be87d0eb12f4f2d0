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

#include <string.h>

/* libxml2 reports some problems (encoding conversion, I/O) through its global error channel, which prints to
   stderr, instead of the parser context. openmomc routes them here instead: the first message is kept for the
   diagnostic and nothing is printed. (A C helper because the handler's pointer type changed const-ness in 2.12.) */
typedef struct {
    int seen;
    char message[256];
} openmomc_xml_messages;

static void openmomc_keep_xml_message(void *context, const xmlError *error) {
    openmomc_xml_messages *messages = (openmomc_xml_messages *)context;
    if (messages == NULL || error == NULL || messages->seen) return;
    messages->seen = 1;
    if (error->message != NULL) {
        strncpy(messages->message, error->message, sizeof messages->message - 1);
        messages->message[sizeof messages->message - 1] = 0;
    }
}

/* Routes this thread's libxml2 messages to `messages` (NULL: back to libxml2's default). */
static inline void openmomc_route_xml_messages(openmomc_xml_messages *messages) {
    if (messages != NULL) {
        xmlSetStructuredErrorFunc(messages, (xmlStructuredErrorFunc)(void *)openmomc_keep_xml_message);
    } else {
        xmlSetStructuredErrorFunc(NULL, NULL);
    }
}

#endif
