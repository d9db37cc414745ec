// TLE: finds its place by walking the ballot bit by bit, but the walk index is never advanced.
__device__ int warp_compact(int v, bool keep, int *out)
{
	int lane = threadIdx.x % 32;
	unsigned kept = __ballot_sync(0xffffffff, keep);
	int place = 0;
	volatile int k = 0;
	while (k < lane) {
		place += (kept >> k) & 1;
		/* forgot: ++k; */
	}
	if (keep)
		out[place] = v;
	return __popc(kept);
}
