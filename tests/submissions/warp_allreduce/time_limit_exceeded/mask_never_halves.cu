// TLE: in the maximum, the volatile mask is re-read every pass but never halved: an endless loop.
__device__ float warp_allreduce_sum(float v)
{
	for (int mask = 16; mask > 0; mask /= 2)
		v += __shfl_xor_sync(0xffffffff, v, mask);
	return v;
}

__device__ float warp_allreduce_max(float v)
{
	volatile int mask = 16;
	while (mask > 0) {
		v = fmaxf(v, __shfl_xor_sync(0xffffffff, v, mask));
		/* forgot: mask /= 2; */
	}
	return v;
}
