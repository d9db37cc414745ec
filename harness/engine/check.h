/* Where harness/problems/ includes element comparison from ("../engine/check.h"): the
 * header itself is verdict/check.h. */
#include "verdict/check.h"
