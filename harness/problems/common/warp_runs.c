/* Where an element of a run of 32 was handled; see warp_runs.h. */
#include "warp_runs.h"

void where_lane(int64_t warp, int64_t lane, int64_t block, struct where *w)
{
	int64_t thread = warp * 32 + lane;
	w->block = thread / block;
	w->thread = thread % block;
}

void where_in_runs(uint64_t index, int64_t chunks, int64_t block, struct where *w)
{
	where_lane((int64_t)index / (32 * chunks), (int64_t)index % 32, block, w);
}
