// AC: a shfl_down tree gathers the result in lane 0, then __shfl_sync broadcasts it to all lanes.
__device__ float warp_allreduce_sum(float v)
{
	for (int offset = 16; offset > 0; offset /= 2)
		v += __shfl_down_sync(0xffffffff, v, offset);
	return __shfl_sync(0xffffffff, v, 0);
}

__device__ float warp_allreduce_max(float v)
{
	for (int offset = 16; offset > 0; offset /= 2)
		v = fmaxf(v, __shfl_down_sync(0xffffffff, v, offset));
	return __shfl_sync(0xffffffff, v, 0);
}
