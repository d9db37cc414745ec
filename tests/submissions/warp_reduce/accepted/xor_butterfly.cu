// AC: an xor butterfly gives every lane the sum, so lane 0 has it too (more than was asked).
__device__ float warp_reduce_sum(float v)
{
	for (int mask = 16; mask > 0; mask /= 2)
		v += __shfl_xor_sync(0xffffffff, v, mask);
	return v;
}
