// AC: no ballot: an inclusive shuffle scan of 0/1 flags gives each place; lane 31 broadcasts the total.
__device__ int warp_compact(int v, bool keep, int *out)
{
	int lane = threadIdx.x % 32;
	int flag = keep ? 1 : 0;
	int upto = flag;
	for (int d = 1; d < 32; d *= 2) {
		int below = __shfl_up_sync(0xffffffff, upto, d);
		if (lane >= d)
			upto += below;
	}
	if (keep)
		out[upto - flag] = v; /* exclusive place: kept lanes strictly below */
	return __shfl_sync(0xffffffff, upto, 31);
}
