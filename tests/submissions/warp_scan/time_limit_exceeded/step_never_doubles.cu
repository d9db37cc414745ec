// TLE: the volatile step d is re-read every pass but never doubled, so the loop never ends.
__device__ int warp_inclusive_scan(int v)
{
	const int lane = threadIdx.x % 32;
	volatile int d = 1;
	while (d < 32) {
		int up = __shfl_up_sync(0xffffffff, v, d);
		if (lane >= d)
			v += up;
		/* forgot: d *= 2; */
	}
	return v;
}
