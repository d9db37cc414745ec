// RACE (emulator): nothing stops the next call's copy from overwriting the tile while slower threads
// still read it.
// expect-gpu: SKIP
// A GPU mixes two tiles only when one warp is far behind the others.
#include <cooperative_groups.h>
#include <cuda/barrier>

namespace cg = cooperative_groups;

__device__ void reverse_tile(const float *src, float *dst, int count, float *tile,
                             cuda::barrier<cuda::thread_scope_block> &bar)
{
	cuda::memcpy_async(cg::this_thread_block(), tile, src, sizeof(float) * count, bar);
	bar.arrive_and_wait();
	for (int k = threadIdx.x; k < count; k += blockDim.x)
		dst[k] = tile[count - 1 - k];
}
