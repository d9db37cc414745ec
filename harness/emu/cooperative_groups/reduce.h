/* The emulator's cg::reduce: a butterfly over the tile, so every thread of
 * the tile gets the result (see ../cooperative_groups.h). */
#ifndef HARNESS_EMU_COOPERATIVE_GROUPS_REDUCE_H
#define HARNESS_EMU_COOPERATIVE_GROUPS_REDUCE_H

#include "../cooperative_groups.h"

namespace cooperative_groups
{
template <typename Group, typename T, typename Op>
T reduce(const Group &g, T v, Op op, const char *file = __builtin_FILE(),
         int line = __builtin_LINE())
{
	for (unsigned m = g.size() / 2; m > 0; m /= 2)
		v = op(v, g.shfl_xor(v, m, file, line));
	return v;
}
} // namespace cooperative_groups

#endif
