// TLE: only warp 0 reaches the barrier; the other warps spin on a flag set after it: deadlock.
__device__ float warp_sum(float v)
{
	for (int offset = 16; offset > 0; offset /= 2)
		v += __shfl_down_sync(0xffffffff, v, offset);
	return v;
}

__device__ float block_reduce_sum(float v)
{
	__shared__ float partial[32];
	__shared__ volatile int published;
	int lane = threadIdx.x % 32;
	int warp = threadIdx.x / 32;

	v = warp_sum(v);
	if (lane == 0)
		partial[warp] = v;
	if (warp == 0) {
		/* Wrong: a barrier that only warp 0 executes. It waits for all
		 * blockDim.x threads, but the other warps are in the loop below. */
		__syncthreads();
		v = warp_sum(lane < blockDim.x / 32 ? partial[lane] : 0.0f);
		if (lane == 0)
			published = 1;
	} else {
		/* Only warp 0 ever writes 1, and only after its barrier, so
		 * whatever the slot held before, these warps wait forever. */
		published = 0;
		while (!published)
			;
	}
	return v;
}
