/* Where harness/problems/ includes the language of texts from ("../engine/lang.h"): the
 * header itself is report/lang.h. */
#include "report/lang.h"
