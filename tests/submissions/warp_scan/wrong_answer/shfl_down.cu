// report-says: the shuffle was __shfl_down_sync
// WA: __shfl_down_sync reads lane k + d instead of k - d, so lanes gather values from above.
__device__ int warp_inclusive_scan(int v)
{
	const int lane = threadIdx.x % 32;
	for (int d = 1; d < 32; d *= 2) {
		int other = __shfl_down_sync(0xffffffff, v, d);
		if (lane >= d)
			v += other;
	}
	return v;
}
