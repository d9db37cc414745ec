// WA: tile 0 adds up the slots, but the total is never shared: only thread 0 returns the block sum.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

namespace cg = cooperative_groups;

__device__ float cg_block_sum(cg::thread_block block, float v)
{
	__shared__ float slot[32];
	cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);

	v = cg::reduce(tile, v, cg::plus<float>());
	if (tile.thread_rank() == 0)
		slot[tile.meta_group_rank()] = v;
	block.sync();
	if (tile.meta_group_rank() == 0) {
		float s = tile.thread_rank() < tile.meta_group_size() ? slot[tile.thread_rank()]
		                                                      : 0.0f;
		v = cg::reduce(tile, s, cg::plus<float>());
	}
	block.sync();
	return v; /* the block's sum in tile 0, the tile's own sum elsewhere */
}
