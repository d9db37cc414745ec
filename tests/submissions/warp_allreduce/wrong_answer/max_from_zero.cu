// WA: the maximum starts from 0, so a warp whose values are all negative reports 0.
__device__ float warp_allreduce_sum(float v)
{
	for (int mask = 16; mask > 0; mask /= 2)
		v += __shfl_xor_sync(0xffffffff, v, mask);
	return v;
}

__device__ float warp_allreduce_max(float v)
{
	float best = 0.0f; /* meant as "nothing seen yet", but 0 beats every negative value */
	best = fmaxf(best, v);
	for (int mask = 16; mask > 0; mask /= 2)
		best = fmaxf(best, __shfl_xor_sync(0xffffffff, best, mask));
	return best;
}
