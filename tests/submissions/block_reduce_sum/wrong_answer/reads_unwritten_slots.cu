// report-says: shared memory that nothing wrote
// WA: warp 0 adds all 32 slots, but only blockDim.x / 32 of them were written.
// expect-sanitize: RE|WA (RE where initcheck reads shared memory: compute-sanitizer 2025.4+)
// The unwritten slots hold whatever was there before, often zeros, which would let it pass; so
// the emulator, and the GPU before each checked launch, fill shared memory with a marked NaN.
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
