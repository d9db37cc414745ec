// CE: __shfl_xor_sync is called without its lane-mask argument: no overload matches on line 5.
__device__ float warp_allreduce_sum(float v)
{
	for (int mask = 16; mask > 0; mask /= 2)
		v += __shfl_xor_sync(0xffffffff, v);
	return v;
}

__device__ float warp_allreduce_max(float v)
{
	for (int mask = 16; mask > 0; mask /= 2)
		v = fmaxf(v, __shfl_xor_sync(0xffffffff, v, mask));
	return v;
}
