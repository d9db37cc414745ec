// RACE (emulator): the blog's block reduction as published, with its `static __shared__` array,
// has no barrier at the end: this exercise calls it twice per kernel, and a fast warp's second
// write to shared[] can overtake warp 0's read of the first call.
// expect-gpu: SKIP
// expect-sanitize: RACE (racecheck: the second call overwrites slots still being read)
__inline__ __device__ float warpReduceSum(float val)
{
	for (int offset = warpSize / 2; offset > 0; offset /= 2)
		val += __shfl_down_sync(0xffffffff, val, offset);
	return val;
}

__inline__ __device__ float blockReduceSum(float val)
{
	static __shared__ float shared[32];
	int lane = threadIdx.x % warpSize;
	int wid = threadIdx.x / warpSize;
	val = warpReduceSum(val);
	if (lane == 0)
		shared[wid] = val;
	__syncthreads();
	val = (threadIdx.x < blockDim.x / warpSize) ? shared[lane] : 0;
	if (wid == 0)
		val = warpReduceSum(val);
	return val;
}

__device__ float block_reduce_sum(float v)
{
	return blockReduceSum(v);
}
