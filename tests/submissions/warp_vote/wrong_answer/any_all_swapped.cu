// WA: the count is right but *any gets __all_sync and *all gets __any_sync.
// report-says: flags = *any + 2 * *all
__device__ int warp_vote(bool pred, bool *any, bool *all)
{
	unsigned mask = __ballot_sync(0xffffffff, pred);
	*any = __all_sync(0xffffffff, pred);
	*all = __any_sync(0xffffffff, pred);
	return __popc(mask);
}
