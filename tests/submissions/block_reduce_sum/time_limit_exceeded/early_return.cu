// TLE (emulator): threads past the first warp return early, so warp 0 waits at a barrier alone.
// expect-gpu: SKIP
// A GPU may count exited warps as arrived and give the right sum; the emulator reports the
// deadlock: which threads wait at which line and which have exited.
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
	if (warp != 0)
		return v; /* "only warp 0 needs the rest" */
	__syncthreads();
	v = warp_sum(lane < blockDim.x / 32 ? partial[lane] : 0.0f);
	__syncthreads();
	return v;
}
