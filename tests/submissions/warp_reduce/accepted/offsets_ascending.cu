// AC: offsets 1, 2, 4, 8, 16 also work: lane 0 only ever reads lanes whose partial sums are sound.
__device__ float warp_reduce_sum(float v)
{
	for (int offset = 1; offset < 32; offset *= 2)
		v += __shfl_down_sync(0xffffffff, v, offset);
	return v;
}
