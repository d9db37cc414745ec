// WA: the size is given in elements, but memcpy_async counts bytes: only the first quarter of each
// tile is copied.
#include <cooperative_groups.h>
#include <cuda/barrier>

namespace cg = cooperative_groups;

__device__ void reverse_tile(const float *src, float *dst, int count, float *tile,
                             cuda::barrier<cuda::thread_scope_block> &bar)
{
	cuda::memcpy_async(cg::this_thread_block(), tile, src, count, bar);
	bar.arrive_and_wait();
	for (int k = threadIdx.x; k < count; k += blockDim.x)
		dst[k] = tile[count - 1 - k];
	bar.arrive_and_wait();
}
