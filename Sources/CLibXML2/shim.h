// Debian's libxml2 headers pull in ICU, whose types clash with Foundation's own ICU module
// ("'UErrorCode' has different definitions"): read the version header, switch ICU off, then
// include what planet uses.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <libxml/xmlsave.h>
#include <libxml/uri.h>
#include <libxml/encoding.h>
#include <libxml/xmlIO.h>
