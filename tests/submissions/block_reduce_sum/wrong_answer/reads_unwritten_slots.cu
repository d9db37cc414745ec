// WA (emulator): warp 0 adds all 32 slots, but only blockDim.x / 32 of them were written.
// expect-gpu: SKIP
// expect-sanitize: RE (initcheck: a read of shared memory nothing wrote)
// On a GPU the extra slots hold whatever an earlier block or kernel left there (often zeros, so
// it may pass). The emulator fills shared memory with a marked NaN, and the diagnosis names it.
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

	v = warp_sum(v);
	if (lane == 0)
		partial[warp] = v;
	__syncthreads();
	if (warp == 0)
		v = warp_sum(partial[lane]); /* slots of warps that do not exist too */
	__syncthreads();
	return v;
}
