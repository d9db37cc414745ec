// TLE: counts bits by clearing the lowest one, but never stores the cleared mask back: endless loop.
__device__ int warp_vote(bool pred, bool *any, bool *all)
{
	volatile unsigned mask = __ballot_sync(0xffffffff, pred);
	int count = 0;
	while (mask != 0) {
		++count;
		(void)(mask & (mask - 1)); /* meant: mask &= mask - 1; */
	}
	*any = count > 0;
	*all = count == 32;
	return count;
}
