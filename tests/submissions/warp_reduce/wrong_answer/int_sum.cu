// WA: the sum is kept in an int, so every fractional part is lost (the 1..32 sample passes).
__device__ float warp_reduce_sum(float v)
{
	int s = (int)v;
	for (int offset = 16; offset > 0; offset /= 2)
		s += __shfl_down_sync(0xffffffff, s, offset);
	return (float)s;
}
