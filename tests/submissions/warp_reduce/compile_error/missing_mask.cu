// CE: the mask argument is left out, so no __shfl_down_sync overload matches on line 5.
__device__ float warp_reduce_sum(float v)
{
	for (int offset = 16; offset > 0; offset /= 2)
		v += __shfl_down_sync(v, offset);
	return v;
}
