/*
 * Reference for warp_reduce: a tree of five shuffles. At offset d every lane
 * adds the value of the lane d above it, so after offsets 16, 8, 4, 2 and 1
 * lane 0 has gathered all 32 values. Lanes near the top read past lane 31 and
 * get their own value back; their sums are garbage, but lane 0 never reads
 * them. No shared memory, no barrier.
 */
__device__ float warp_reduce_sum(float v)
{
#pragma unroll
	for (int offset = 16; offset > 0; offset >>= 1)
		v += __shfl_down_sync(0xffffffffu, v, offset);
	return v; /* the whole sum in lane 0 only */
}
