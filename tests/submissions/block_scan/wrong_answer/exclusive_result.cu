// WA: returns the exclusive scan (threads before t only), so every thread is short by its own v.
__device__ int block_inclusive_scan(int v, int *block_total)
{
	__shared__ int slot[32];
	int lane = threadIdx.x % 32, warp = threadIdx.x / 32, nwarps = blockDim.x / 32;
	int own = v;
	for (int d = 1; d < 32; d *= 2) {
		int up = __shfl_up_sync(0xffffffff, v, d);
		if (lane >= d)
			v += up;
	}
	if (lane == 31)
		slot[warp] = v;
	__syncthreads();
	int before = 0, total = 0;
	for (int w = 0; w < nwarps; ++w) {
		before += w < warp ? slot[w] : 0;
		total += slot[w];
	}
	*block_total = total;
	__syncthreads();
	return before + v - own;
}
