// WA: no `lane >= d` guard; lanes below d get their own value back and add it again (lane 0: 32x).
__device__ int warp_inclusive_scan(int v)
{
	for (int d = 1; d < 32; d *= 2)
		v += __shfl_up_sync(0xffffffff, v, d);
	return v;
}
