/*
 * Reference for block_reduce_sum: two levels. Each warp reduces its 32 values
 * with shuffles, lane 0 of each warp leaves its partial sum in one shared slot,
 * and warp 0 adds up the slots of the warps that exist.
 */
static __device__ __forceinline__ float warp_sum(float v)
{
#pragma unroll
	for (int offset = 16; offset > 0; offset >>= 1)
		v += __shfl_down_sync(0xffffffffu, v, offset);
	return v; /* complete in lane 0 only */
}

__device__ float block_reduce_sum(float v)
{
	__shared__ float warp_part[32]; /* 1024 threads at most: 32 warps */
	const int lane = threadIdx.x & 31;
	const int warp = threadIdx.x >> 5;

	v = warp_sum(v);
	if (lane == 0)
		warp_part[warp] = v;
	__syncthreads();

	if (warp == 0) {
		/* Slots past the last warp hold nothing of this call: read zeros there. */
		const int nwarps = blockDim.x >> 5;
		v = warp_sum(lane < nwarps ? warp_part[lane] : 0.0f);
	}
	/* A second call must not overwrite warp_part while warp 0 still reads it. */
	__syncthreads();
	return v;
}
