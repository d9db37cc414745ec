// AC: tile.shfl_down to lane 0, tile 0 adds the slots, thread 0 shares the total via shared memory.
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

__device__ float tile_sum(cg::thread_block_tile<32> tile, float v)
{
	for (int offset = 16; offset > 0; offset /= 2)
		v += tile.shfl_down(v, offset);
	return v; /* complete in the tile's thread 0 */
}

__device__ float cg_block_sum(cg::thread_block block, float v)
{
	__shared__ float slot[32];
	__shared__ float total;
	cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);

	v = tile_sum(tile, v);
	if (tile.thread_rank() == 0)
		slot[tile.meta_group_rank()] = v;
	block.sync();
	if (tile.meta_group_rank() == 0) {
		float s = tile.thread_rank() < block.size() / 32 ? slot[tile.thread_rank()] : 0.0f;
		s = tile_sum(tile, s);
		if (tile.thread_rank() == 0)
			total = s;
	}
	block.sync();
	float result = total;
	block.sync(); /* everyone has read total before a second call writes it */
	return result;
}
