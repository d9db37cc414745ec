// WA: *all compares the warp's count with blockDim.x instead of 32, so in blocks of more than one
// warp no warp is ever "all": flags 1 where 3 is due. The report says what the flags mean.
// report-says: should be 3 (*any true, *all true) but is 1 (*any true, *all false)
__device__ int warp_vote(bool pred, bool *any, bool *all)
{
	int count = __popc(__ballot_sync(0xffffffff, pred));
	*any = count > 0;
	*all = count == (int)blockDim.x;
	return count;
}
