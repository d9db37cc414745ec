// TLE: thread 0 adds up the warp totals in a loop whose volatile index is never advanced; all wait for it.
__device__ int block_inclusive_scan(int v, int *block_total)
{
	__shared__ int slot[32];
	__shared__ int total;
	int lane = threadIdx.x % 32, warp = threadIdx.x / 32, nwarps = blockDim.x / 32;
	for (int d = 1; d < 32; d *= 2) {
		int up = __shfl_up_sync(0xffffffff, v, d);
		if (lane >= d)
			v += up;
	}
	if (lane == 31)
		slot[warp] = v;
	__syncthreads();
	if (threadIdx.x == 0) {
		int sum = 0;
		for (volatile int w = 0; w < nwarps;)
			sum += slot[w]; /* forgot: ++w */
		total = sum;
	}
	__syncthreads();
	int before = 0;
	for (int w = 0; w < warp; ++w)
		before += slot[w];
	*block_total = total;
	__syncthreads();
	return before + v;
}
