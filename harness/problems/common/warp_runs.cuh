/*
 * The loads of the exercises whose warps take runs of 32 consecutive
 * elements, `chunks` runs a warp (warp_scan, warp_reduce, warp_allreduce,
 * warp_vote, warp_compact), included by their glue's device part: each lane
 * loads its element of all its warp's runs before the first call, so that
 * enough loads are in flight to keep memory busy. Every name here starts
 * with cj_, which a learner's #define may not use (the rule on the judge's
 * names reads the glue's own text only).
 */
#ifndef CJ_COMMON_WARP_RUNS_CUH
#define CJ_COMMON_WARP_RUNS_CUH

/* cj_v[k] = cj_x[cj_first + 32 k], the lane's element of the k-th run, or
 * cj_pad past cj_n and for k >= cj_chunks. */
template <typename cj_T, int cj_N>
__device__ static inline void cj_load_runs(cj_T (&cj_v)[cj_N], const cj_T *cj_x, long long cj_n,
                                           long long cj_first, int cj_chunks, cj_T cj_pad)
{
#pragma unroll
	for (int cj_k = 0; cj_k < cj_N; ++cj_k) {
		long long cj_i = cj_first + 32LL * cj_k;
		cj_v[cj_k] = cj_k < cj_chunks && cj_i < cj_n ? cj_x[cj_i] : cj_pad;
	}
}

#endif
