// WA: places are counted from the lanes above instead of below, so each warp's values come out reversed.
__device__ int warp_compact(int v, bool keep, int *out)
{
	int lane = threadIdx.x % 32;
	unsigned kept = __ballot_sync(0xffffffff, keep);
	unsigned above = lane == 31 ? 0u : ~0u << (lane + 1);
	if (keep)
		out[__popc(kept & above)] = v;
	return __popc(kept);
}
