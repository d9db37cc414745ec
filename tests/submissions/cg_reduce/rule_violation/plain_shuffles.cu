// RULE: a correct block sum written with raw __shfl_down_sync and __syncthreads(); the
// cooperative groups API is only named in the signature, never called.
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

__device__ float cg_block_sum(cg::thread_block block, float v)
{
	__shared__ float warp_sum[32];
	const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
	const unsigned warps = (blockDim.x * blockDim.y * blockDim.z + 31) / 32;
	for (int offset = 16; offset > 0; offset >>= 1)
		v += __shfl_down_sync(0xffffffffu, v, offset);
	if (t % 32 == 0)
		warp_sum[t / 32] = v;
	__syncthreads();
	float total = t % 32 < warps ? warp_sum[t % 32] : 0.0f;
	for (int offset = 16; offset > 0; offset >>= 1)
		total += __shfl_down_sync(0xffffffffu, total, offset);
	total = __shfl_sync(0xffffffffu, total, 0);
	__syncthreads();
	return total;
}
