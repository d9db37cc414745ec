// CE: CUDA C++ has no __lanemask_lt() function (the lane masks are PTX registers): undeclared on line 6.
__device__ int warp_compact(int v, bool keep, int *out)
{
	unsigned kept = __ballot_sync(0xffffffff, keep);
	if (keep)
		out[__popc(kept & __lanemask_lt())] = v;
	return __popc(kept);
}
