/* The lane patterns of warp_vote and warp_compact; see lane_patterns.h. */
#include "lane_patterns.h"

#include "../../engine/rng.h"

bool lane_picked(struct rng *rng, enum lane_pattern p, int lane, int special)
{
	switch (p) {
	case NONE:
		return false;
	case ALL:
		return true;
	case ONE:
		return lane == special;
	case ALL_BUT_ONE:
		return lane != special;
	case ALTERNATE:
		return lane % 2 == special % 2;
	case HALF:
		return rng_range(rng, 0, 1) == 1;
	default:
		return rng_range(rng, 0, 9) == 0;
	}
}
