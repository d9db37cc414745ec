// CE: __shfl_down without a mask was removed for sm_70 and newer: undefined identifier on line 5.
__device__ float block_reduce_sum(float v)
{
	for (int offset = 16; offset > 0; offset /= 2)
		v += __shfl_down(v, offset);
	__shared__ float partial[32];
	if (threadIdx.x % 32 == 0)
		partial[threadIdx.x / 32] = v;
	__syncthreads();
	float total = 0.0f;
	if (threadIdx.x == 0)
		for (int w = 0; w < blockDim.x / 32; ++w)
			total += partial[w];
	__syncthreads();
	return total;
}
