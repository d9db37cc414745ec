/* Where harness/problems/ includes the catalog from ("../engine/catalog.h"): the
 * header itself is config/catalog.h. */
#include "config/catalog.h"
