// WA: the xor masks start at 8, so each lane combines only the 16 lanes of its own half-warp.
__device__ float warp_allreduce_sum(float v)
{
	for (int mask = 8; mask > 0; mask /= 2)
		v += __shfl_xor_sync(0xffffffff, v, mask);
	return v;
}

__device__ float warp_allreduce_max(float v)
{
	for (int mask = 8; mask > 0; mask /= 2)
		v = fmaxf(v, __shfl_xor_sync(0xffffffff, v, mask));
	return v;
}
