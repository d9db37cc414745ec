// WA: the values land right, but each lane returns its own place instead of the warp's total.
__device__ int warp_compact(int v, bool keep, int *out)
{
	int lane = threadIdx.x % 32;
	unsigned kept = __ballot_sync(0xffffffff, keep);
	int place = __popc(kept & ((1u << lane) - 1));
	if (keep)
		out[place] = v;
	return place;
}
