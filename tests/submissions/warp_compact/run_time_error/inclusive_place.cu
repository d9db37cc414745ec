// RE: counts the caller's own bit too, so every value lands one place late and the last past out's end.
__device__ int warp_compact(int v, bool keep, int *out)
{
	int lane = threadIdx.x % 32;
	unsigned kept = __ballot_sync(0xffffffff, keep);
	unsigned upto = lane == 31 ? 0xffffffffu : (2u << lane) - 1;
	if (keep)
		out[__popc(kept & upto)] = v;
	return __popc(kept);
}
