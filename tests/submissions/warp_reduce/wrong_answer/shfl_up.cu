// WA: __shfl_up_sync gives lane 0 its own value at every step, so lane 0 returns 32 * v.
__device__ float warp_reduce_sum(float v)
{
	for (int offset = 16; offset > 0; offset /= 2)
		v += __shfl_up_sync(0xffffffff, v, offset);
	return v;
}
