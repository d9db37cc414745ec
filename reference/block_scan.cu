/*
 * Reference for block_scan: each warp scans its 32 values with shuffles, and
 * lane 31 leaves the warp's total in one shared slot. After a barrier every
 * warp scans the slots of the warps that exist (the others count as 0): lane
 * w - 1 then holds what the warps before warp w add up to, and lane
 * nwarps - 1 the block's total. A closing barrier keeps the next call from
 * overwriting the slots while a warp still reads them. Sums are unsigned, so
 * they wrap like int additions on the GPU without signed overflow.
 */
static __device__ __forceinline__ unsigned warp_inclusive(unsigned v, int lane)
{
#pragma unroll
	for (int d = 1; d < 32; d <<= 1) {
		const unsigned up = __shfl_up_sync(0xffffffffu, v, d);
		v += lane >= d ? up : 0u; /* the first d lanes have nothing below */
	}
	return v;
}

__device__ int block_inclusive_scan(int v, int *block_total)
{
	__shared__ unsigned warp_total[32]; /* 1024 threads at most: 32 warps */
	const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
	const int nwarps = blockDim.x >> 5;

	unsigned mine = warp_inclusive((unsigned)v, lane);
	if (lane == 31)
		warp_total[warp] = mine;
	__syncthreads();

	/* Slots past the last warp were not written by this block: read 0 there. */
	const unsigned totals = warp_inclusive(lane < nwarps ? warp_total[lane] : 0u, lane);
	const unsigned before = __shfl_sync(0xffffffffu, totals, (warp + 31) & 31);
	*block_total = (int)__shfl_sync(0xffffffffu, totals, nwarps - 1);
	__syncthreads();
	return (int)(mine + (warp > 0 ? before : 0u));
}
