// AC: Hillis-Steele scan, five __shfl_up_sync steps, each added only by lanes that have a partner.
__device__ int warp_inclusive_scan(int v)
{
	const int lane = threadIdx.x % 32;
	for (int d = 1; d < 32; d *= 2) {
		int up = __shfl_up_sync(0xffffffff, v, d);
		if (lane >= d)
			v += up;
	}
	return v;
}
