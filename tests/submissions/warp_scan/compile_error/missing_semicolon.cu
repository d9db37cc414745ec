// CE: line 7 lacks its ';'; nvcc reports `expected a ";"` at the `if` that follows, on line 8.
// clang-format off
__device__ int warp_inclusive_scan(int v)
{
	const int lane = threadIdx.x % 32;
	for (int d = 1; d < 32; d *= 2) {
		int up = __shfl_up_sync(0xffffffff, v, d)
		if (lane >= d)
			v += up;
	}
	return v;
}
