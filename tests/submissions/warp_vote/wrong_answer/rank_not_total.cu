// WA: counts only the ballot bits at or below the caller's lane: a rank, right in lane 31 alone.
__device__ int warp_vote(bool pred, bool *any, bool *all)
{
	unsigned lane = threadIdx.x % 32;
	unsigned mask = __ballot_sync(0xffffffff, pred);
	unsigned upto = lane == 31 ? 0xffffffffu : (2u << lane) - 1;
	*any = mask != 0;
	*all = mask == 0xffffffffu;
	return __popc(mask & upto);
}
