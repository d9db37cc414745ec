// AC: no ballot at all: a butterfly (__shfl_xor_sync) sum of 0/1 votes leaves the total in every lane.
__device__ int warp_vote(bool pred, bool *any, bool *all)
{
	int count = pred ? 1 : 0;
	for (int mask = 16; mask > 0; mask /= 2)
		count += __shfl_xor_sync(0xffffffff, count, mask);
	*any = count > 0;
	*all = count == 32;
	return count;
}
