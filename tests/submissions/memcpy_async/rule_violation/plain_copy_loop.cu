// RULE: a correct result, but the tile is filled with ordinary loads and stores: the exercise asks
// for cuda::memcpy_async.
// expect-emu: SKIP
// The rule is checked on the GPU build.
#include <cuda/barrier>

__device__ void reverse_tile(const float *src, float *dst, int count, float *tile,
                             cuda::barrier<cuda::thread_scope_block> &bar)
{
	for (int k = threadIdx.x; k < count; k += blockDim.x)
		tile[k] = src[k];
	bar.arrive_and_wait();
	for (int k = threadIdx.x; k < count; k += blockDim.x)
		dst[k] = tile[count - 1 - k];
	bar.arrive_and_wait();
}
