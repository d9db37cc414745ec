/*
 * Reference for cg_reduce: the block is split into tiles of 32 threads (the
 * warps). cg::reduce gives every thread of a tile its tile's sum; one thread
 * per tile leaves it in a shared slot; after block.sync() every tile adds up
 * all the slots itself, so every thread ends with the block's sum without a
 * separate broadcast. A closing block.sync() keeps a second call from
 * overwriting slots that are still being read.
 *
 * Only group methods are used (thread_rank, meta_group_rank,
 * meta_group_size), so 2-D and 3-D blocks work unchanged.
 */
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

namespace cg = cooperative_groups;

__device__ float cg_block_sum(cg::thread_block block, float v)
{
	__shared__ float tile_sum[32]; /* 1024 threads at most: 32 tiles */
	const cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);

	v = cg::reduce(tile, v, cg::plus<float>());
	if (tile.thread_rank() == 0)
		tile_sum[tile.meta_group_rank()] = v;
	block.sync();

	/* Every tile adds the slots of the tiles that exist, in the same order. */
	const unsigned tiles = tile.meta_group_size();
	float total = tile.thread_rank() < tiles ? tile_sum[tile.thread_rank()] : 0.0f;
	total = cg::reduce(tile, total, cg::plus<float>());
	block.sync();
	return total;
}
