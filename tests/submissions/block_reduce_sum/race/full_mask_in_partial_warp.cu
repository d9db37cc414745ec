// RACE (emulator): a full-mask shuffle inside `lane < nwarps`, a partial warp.
// expect-gpu: SKIP
// Undefined behaviour on a GPU (it may even give the right sum); the emulator sees lanes of the
// mask that never reach the shuffle and names them.
__device__ float warp_sum(float v)
{
	for (int offset = 16; offset > 0; offset /= 2)
		v += __shfl_down_sync(0xffffffff, v, offset);
	return v;
}

__device__ float block_reduce_sum(float v)
{
	__shared__ float partial[32];
	int lane = threadIdx.x % 32;
	int warp = threadIdx.x / 32;
	int nwarps = blockDim.x / 32;

	v = warp_sum(v);
	if (lane == 0)
		partial[warp] = v;
	__syncthreads();
	if (warp == 0 && lane < nwarps)
		v = warp_sum(partial[lane]); /* only nwarps lanes get here */
	__syncthreads();
	return v;
}
