/*
 * Reference for memcpy_async: the block copies the tile into shared memory
 * with one collective cuda::memcpy_async whose completion is tracked by the
 * barrier; the first arrive_and_wait() returns once the tile is there, the
 * second keeps the next tile's copy from overwriting a tile still being read.
 */
#include <cooperative_groups.h>
#include <cuda/barrier>

namespace cg = cooperative_groups;

__device__ void reverse_tile(const float *src, float *dst, int count, float *tile,
                             cuda::barrier<cuda::thread_scope_block> &bar)
{
	cg::thread_block block = cg::this_thread_block();
	cuda::memcpy_async(block, tile, src, sizeof(float) * count, bar);
	bar.arrive_and_wait(); /* the copy has landed */
	for (int k = threadIdx.x; k < count; k += blockDim.x)
		dst[k] = tile[count - 1 - k];
	bar.arrive_and_wait(); /* everyone is done with the tile */
}
