// AC: warp scans, lane 31 fills a slot per warp, warp 0 scans the live slots (zeros past them) in place.
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
	if (warp == 0) {
		/* all 32 lanes shuffle; lanes past the last warp carry 0 */
		int s = warp_scan(lane < nwarps ? slot[lane] : 0);
		if (lane < nwarps)
			slot[lane] = s;
	}
	__syncthreads();
	if (warp > 0)
		v += slot[warp - 1];
	*block_total = slot[nwarps - 1];
	__syncthreads(); /* the next call rewrites slot */
	return v;
}
