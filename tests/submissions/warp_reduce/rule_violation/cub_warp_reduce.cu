// RULE: the sum is right, but CUB's WarpReduce does the work; libraries are not allowed.
#include <cub/warp/warp_reduce.cuh>

__device__ float warp_reduce_sum(float v)
{
	using WarpReduce = cub::WarpReduce<float>;
	__shared__ typename WarpReduce::TempStorage storage[32]; /* one per warp of the block */
	return WarpReduce(storage[threadIdx.x / 32]).Sum(v);
}
