// WA: the offsets start at 8, not 16, so lane 0 adds up lanes 0..15 and misses the upper half.
__device__ float warp_reduce_sum(float v)
{
	for (int offset = 8; offset > 0; offset /= 2)
		v += __shfl_down_sync(0xffffffff, v, offset);
	return v;
}
