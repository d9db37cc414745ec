// TLE: the loop over warps never decrements its volatile counter, so every thread spins forever.
__device__ float block_reduce_sum(float v)
{
	__shared__ float partial[32];
	int lane = threadIdx.x % 32;
	int warp = threadIdx.x / 32;

	for (int offset = 16; offset > 0; offset /= 2)
		v += __shfl_down_sync(0xffffffff, v, offset);
	if (lane == 0)
		partial[warp] = v;
	__syncthreads();

	float total = 0.0f;
	volatile int left = blockDim.x / 32;
	while (left > 0)
		total += partial[left - 1]; /* forgot: --left; */
	__syncthreads();
	return total;
}
