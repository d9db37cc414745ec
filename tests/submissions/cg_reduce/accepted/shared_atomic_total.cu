// AC: each tile's sum is added into one shared float with atomicAdd, between block.sync() calls.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

namespace cg = cooperative_groups;

__device__ float cg_block_sum(cg::thread_block block, float v)
{
	__shared__ float total;
	cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);

	if (block.thread_rank() == 0)
		total = 0.0f;
	block.sync();
	float s = cg::reduce(tile, v, cg::plus<float>());
	if (tile.thread_rank() == 0)
		atomicAdd(&total, s);
	block.sync();
	float result = total;
	block.sync(); /* a second call resets total only after everyone has read it */
	return result;
}
