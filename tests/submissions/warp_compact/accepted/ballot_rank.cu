// AC: ballot of keep; a kept lane's place is __popc of the ballot bits below its own lane.
__device__ int warp_compact(int v, bool keep, int *out)
{
	int lane = threadIdx.x % 32;
	unsigned kept = __ballot_sync(0xffffffff, keep);
	if (keep)
		out[__popc(kept & ((1u << lane) - 1))] = v;
	return __popc(kept);
}
