// WA: returns the exclusive scan (lanes 0..k-1), so every lane whose own input is nonzero is off.
__device__ int warp_inclusive_scan(int v)
{
	const int lane = threadIdx.x % 32;
	const int mine = v;
	for (int d = 1; d < 32; d *= 2) {
		int up = __shfl_up_sync(0xffffffff, v, d);
		if (lane >= d)
			v += up;
	}
	return v - mine;
}
