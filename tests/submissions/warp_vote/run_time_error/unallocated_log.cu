// RE: lane 0 logs each ballot through a __device__ pointer that no host code ever set: it is null.
__device__ unsigned *vote_log; /* meant to be cudaMalloc'ed by a host program the judge never runs */

__device__ int warp_vote(bool pred, bool *any, bool *all)
{
	unsigned mask = __ballot_sync(0xffffffff, pred);
	if (threadIdx.x % 32 == 0)
		vote_log[threadIdx.x / 32] = mask;
	*any = mask != 0;
	*all = mask == 0xffffffffu;
	return __popc(mask);
}
