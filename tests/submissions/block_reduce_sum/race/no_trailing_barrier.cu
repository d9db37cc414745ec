// RACE (emulator): no barrier at the end, so a second call's writes overlap the first call's reads.
// expect-gpu: SKIP
// expect-sanitize: RACE (racecheck: the second call overwrites slots still being read)
// The glue calls block_reduce_sum twice per kernel in some cases. On a GPU a fast warp may or
// may not overwrite its slot before warp 0 has read it; the emulator reports the race every time.
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
		v = warp_sum(lane < blockDim.x / 32 ? partial[lane] : 0.0f);
	return v; /* missing: __syncthreads() before partial[] can be reused */
}
