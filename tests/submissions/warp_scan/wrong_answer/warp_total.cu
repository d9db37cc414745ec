// WA: a butterfly reduction, not a scan: every lane returns the warp total, right only in lane 31.
__device__ int warp_inclusive_scan(int v)
{
	for (int mask = 16; mask > 0; mask /= 2)
		v += __shfl_xor_sync(0xffffffff, v, mask);
	return v;
}
