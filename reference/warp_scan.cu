/*
 * Reference for warp_scan: a Hillis-Steele inclusive scan over the 32 lanes
 * of a warp. Five shuffle steps, each doubling the span a lane has summed;
 * no shared memory and no barrier.
 */
__device__ int warp_inclusive_scan(int v)
{
	const int lane = threadIdx.x & 31;

#pragma unroll
	for (int d = 1; d < 32; d <<= 1) {
		/* Every lane shuffles (full mask); only lanes with a partner d below add. */
		const int below = __shfl_up_sync(0xffffffffu, v, d);
		if (lane >= d)
			v += below;
	}
	return v;
}
