// RACE (emulator): no __syncthreads() between writing the warps' slots and reading them.
// expect-gpu: SKIP
// expect-sanitize: RACE (racecheck: a read-after-write hazard on the slots)
// On a GPU the result depends on warp timing (often right, sometimes wrong), so only the
// emulator can judge it every time: it reports the write and the read as a data race.
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
	/* missing: __syncthreads(); */
	if (warp == 0)
		v = warp_sum(lane < blockDim.x / 32 ? partial[lane] : 0.0f);
	__syncthreads();
	return v;
}
