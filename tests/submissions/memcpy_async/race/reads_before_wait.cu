// RACE (emulator): the tile is read right after the copy is started, before the barrier says it
// has landed.
// expect-gpu: SKIP
// On a GPU this reads whatever the tile held before (WA), unless the copy happened to be quick.
#include <cooperative_groups.h>
#include <cuda/barrier>

namespace cg = cooperative_groups;

__device__ void reverse_tile(const float *src, float *dst, int count, float *tile,
                             cuda::barrier<cuda::thread_scope_block> &bar)
{
	cuda::memcpy_async(cg::this_thread_block(), tile, src, sizeof(float) * count, bar);
	for (int k = threadIdx.x; k < count; k += blockDim.x)
		dst[k] = tile[count - 1 - k];
	bar.arrive_and_wait();
}
