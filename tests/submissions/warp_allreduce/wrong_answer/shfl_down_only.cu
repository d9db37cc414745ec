// WA: a shfl_down tree leaves the full result in lane 0 only; the other lanes return partial ones.
__device__ float warp_allreduce_sum(float v)
{
	for (int offset = 16; offset > 0; offset /= 2)
		v += __shfl_down_sync(0xffffffff, v, offset);
	return v;
}

__device__ float warp_allreduce_max(float v)
{
	for (int offset = 16; offset > 0; offset /= 2)
		v = fmaxf(v, __shfl_down_sync(0xffffffff, v, offset));
	return v;
}
