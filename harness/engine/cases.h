/* Where harness/problems/ includes the case set from ("../engine/cases.h"): the
 * header itself is run/cases.h. */
#include "run/cases.h"
