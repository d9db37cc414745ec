// AC: the same five shuffle steps written out by hand, with the lane guard as a select.
__device__ int warp_inclusive_scan(int v)
{
	const unsigned full = 0xffffffffu;
	const int lane = threadIdx.x & 31;
	int t;

	t = __shfl_up_sync(full, v, 1);
	v += lane >= 1 ? t : 0;
	t = __shfl_up_sync(full, v, 2);
	v += lane >= 2 ? t : 0;
	t = __shfl_up_sync(full, v, 4);
	v += lane >= 4 ? t : 0;
	t = __shfl_up_sync(full, v, 8);
	v += lane >= 8 ? t : 0;
	t = __shfl_up_sync(full, v, 16);
	v += lane >= 16 ? t : 0;
	return v;
}
