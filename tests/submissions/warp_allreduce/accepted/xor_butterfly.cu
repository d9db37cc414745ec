// AC: xor butterflies with masks 16..1 leave the sum and the maximum in every lane.
__device__ float warp_allreduce_sum(float v)
{
	for (int mask = 16; mask > 0; mask /= 2)
		v += __shfl_xor_sync(0xffffffff, v, mask);
	return v;
}

__device__ float warp_allreduce_max(float v)
{
	for (int mask = 16; mask > 0; mask /= 2) {
		float other = __shfl_xor_sync(0xffffffff, v, mask);
		v = other > v ? other : v;
	}
	return v;
}
