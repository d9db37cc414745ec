// AC: five __shfl_down_sync steps from offset 16 down to 1 leave the warp's sum in lane 0.
__device__ float warp_reduce_sum(float v)
{
	for (int offset = 16; offset > 0; offset /= 2)
		v += __shfl_down_sync(0xffffffff, v, offset);
	return v;
}
