// AC: every thread issues asynchronous copies of single elements (a strided loop) against the same
// barrier; the barrier's phase completes once all of them have landed.
#include <cuda/barrier>

__device__ void reverse_tile(const float *src, float *dst, int count, float *tile,
                             cuda::barrier<cuda::thread_scope_block> &bar)
{
	for (int k = threadIdx.x; k < count; k += blockDim.x)
		cuda::memcpy_async(tile + k, src + k, sizeof(float), bar);
	bar.arrive_and_wait();
	for (int k = threadIdx.x; k < count; k += blockDim.x)
		dst[k] = tile[count - 1 - k];
	bar.arrive_and_wait();
}
