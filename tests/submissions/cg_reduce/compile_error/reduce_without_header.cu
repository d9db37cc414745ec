// CE: cg::reduce and cg::plus live in <cooperative_groups/reduce.h>, never included: line 11.
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

__device__ float cg_block_sum(cg::thread_block block, float v)
{
	__shared__ float slot[32];
	cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);

	v = cg::reduce(tile, v, cg::plus<float>());
	if (tile.thread_rank() == 0)
		slot[tile.meta_group_rank()] = v;
	block.sync();
	float all = tile.thread_rank() < tile.meta_group_size() ? slot[tile.thread_rank()] : 0.0f;
	all = cg::reduce(tile, all, cg::plus<float>());
	block.sync();
	return all;
}
