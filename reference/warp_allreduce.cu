/*
 * Reference for warp_allreduce: xor butterflies. At mask m every lane
 * combines its value with that of the lane whose number differs in bit m, so
 * after masks 16, 8, 4, 2 and 1 each lane has combined all 32 values, and all
 * lanes hold the same result. No shared memory, no barrier.
 */
__device__ float warp_allreduce_sum(float v)
{
#pragma unroll
	for (int mask = 16; mask > 0; mask >>= 1)
		v += __shfl_xor_sync(0xffffffffu, v, mask);
	return v;
}

__device__ float warp_allreduce_max(float v)
{
#pragma unroll
	for (int mask = 16; mask > 0; mask >>= 1)
		v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, mask));
	return v;
}
