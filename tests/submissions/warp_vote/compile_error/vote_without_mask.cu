// CE: __any_sync takes the member mask first; called with the predicate alone it fails on line 6.
__device__ int warp_vote(bool pred, bool *any, bool *all)
{
	unsigned mask = __ballot_sync(0xffffffff, pred);
	*all = mask == 0xffffffffu;
	*any = __any_sync(pred);
	return __popc(mask);
}
