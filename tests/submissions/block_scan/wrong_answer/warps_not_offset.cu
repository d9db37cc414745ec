// WA: each warp's scan is never raised by the warps before it; right only in warp 0 (total is right).
__device__ int block_inclusive_scan(int v, int *block_total)
{
	__shared__ int slot[32];
	int lane = threadIdx.x % 32, warp = threadIdx.x / 32, nwarps = blockDim.x / 32;
	for (int d = 1; d < 32; d *= 2) {
		int up = __shfl_up_sync(0xffffffff, v, d);
		if (lane >= d)
			v += up;
	}
	if (lane == 31)
		slot[warp] = v;
	__syncthreads();
	int total = 0;
	for (int w = 0; w < nwarps; ++w)
		total += slot[w];
	*block_total = total;
	__syncthreads();
	return v; /* missing: + the totals of warps 0 .. warp-1 */
}
