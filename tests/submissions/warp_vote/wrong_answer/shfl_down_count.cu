// WA: a __shfl_down_sync reduction leaves the full count in lane 0 only; the other lanes hold partial sums.
__device__ int warp_vote(bool pred, bool *any, bool *all)
{
	int count = pred ? 1 : 0;
	for (int offset = 16; offset > 0; offset /= 2)
		count += __shfl_down_sync(0xffffffff, count, offset);
	*any = __any_sync(0xffffffff, pred);
	*all = __all_sync(0xffffffff, pred);
	return count;
}
