// TLE: a home-made barrier counts one arrival per tile but waits for block.size() arrivals.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

namespace cg = cooperative_groups;

__device__ float cg_block_sum(cg::thread_block block, float v)
{
	__shared__ float slot[32];
	__shared__ unsigned arrived;
	cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);

	if (block.thread_rank() == 0)
		arrived = 0;
	block.sync();
	v = cg::reduce(tile, v, cg::plus<float>());
	if (tile.thread_rank() == 0) {
		slot[tile.meta_group_rank()] = v;
		atomicAdd(&arrived, 1u);
	}
	/* Meant to wait for every tile, but at most size / 32 arrivals ever come. */
	while (atomicAdd(&arrived, 0u) < block.size())
		;
	float all = tile.thread_rank() < tile.meta_group_size() ? slot[tile.thread_rank()] : 0.0f;
	all = cg::reduce(tile, all, cg::plus<float>());
	block.sync();
	return all;
}
