// AC: one __ballot_sync, __popc for the count, __any_sync and __all_sync for the flags.
__device__ int warp_vote(bool pred, bool *any, bool *all)
{
	unsigned mask = __ballot_sync(0xffffffff, pred);
	*any = __any_sync(0xffffffff, pred);
	*all = __all_sync(0xffffffff, pred);
	return __popc(mask);
}
