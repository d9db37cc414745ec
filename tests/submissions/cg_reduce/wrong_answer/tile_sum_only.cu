// WA: stops after the tile reduction, so each thread returns its own warp's sum, not the block's.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

namespace cg = cooperative_groups;

__device__ float cg_block_sum(cg::thread_block block, float v)
{
	cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
	return cg::reduce(tile, v, cg::plus<float>());
}
