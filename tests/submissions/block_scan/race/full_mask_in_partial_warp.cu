// RACE (emulator): warp 0 scans the warp totals inside `lane < nwarps`, a partial warp, with the
// full mask 0xffffffff.
// expect-gpu: SKIP
// Undefined behaviour on a GPU (it may hang, or give right sums by luck); the emulator sees lanes
// of the mask that never reach the shuffle and names them with the line.
__device__ int warp_scan(int v)
{
	int lane = threadIdx.x % 32;
	for (int d = 1; d < 32; d *= 2) {
		int up = __shfl_up_sync(0xffffffff, v, d);
		if (lane >= d)
			v += up;
	}
	return v;
}

__device__ int block_inclusive_scan(int v, int *block_total)
{
	__shared__ int slot[32];
	int lane = threadIdx.x % 32, warp = threadIdx.x / 32, nwarps = blockDim.x / 32;

	v = warp_scan(v);
	if (lane == 31)
		slot[warp] = v;
	__syncthreads();
	if (warp == 0 && lane < nwarps)
		slot[lane] = warp_scan(slot[lane]); /* only nwarps lanes get here */
	__syncthreads();
	if (warp > 0)
		v += slot[warp - 1];
	*block_total = slot[nwarps - 1];
	__syncthreads(); /* the next call rewrites slot */
	return v;
}
