/*
 * Launch glue for warp_reduce. Each warp reduces `chunks` runs of 32
 * consecutive elements (chunks = 1 in most cases, 4 in one, 8 in the timed
 * case), loading them all before the first reduction so that enough loads
 * are in flight to keep memory busy, and calling warp_reduce_sum for every
 * run before storing any sum, so that the calls can overlap. Lane l of global
 * warp w takes element (w * chunks + k) * 32 + l of run w * chunks + k, and
 * lane 0 stores what warp_reduce_sum returned.
 * Lanes past n still call warp_reduce_sum (with 0), as the contract requires
 * all 32 lanes; a warp whose runs all start past n calls nothing, and a run
 * past n in a warp that has others is reduced over 0s and not stored.
 * The loads and the launch's size: common/warp_runs.cuh.
 * The meaning of param[] and of the buffers: layout.h.
 */
#include "warp_reduce/layout.h"
#include "common/warp_runs.cuh"

#ifndef CJ_RUNNER /* the device part: compiled into the module */
/* C runs from run0 on: every lane's elements loaded, then every run reduced
 * before any sum is stored, so that the C reductions are independent of
 * each other and can overlap (C known when compiled: no early exit between
 * them). A run past n (only in the last warp) is reduced over the padding
 * 0s and not stored. */
template <int C>
__device__ static inline void cj_reduce_runs(const float *x, float *sums, long long n, int calls,
                                             long long run0, int lane)
{
	float v[C], s[C];
	cj_load_runs(v, x, n, run0 * 32 + lane, C, 0.0f);
#pragma unroll
	for (int k = 0; k < C; ++k)
		s[k] = warp_reduce_sum(v[k]);
#pragma unroll
	for (int k = 0; k < C; ++k)
		if (lane == 0 && (run0 + k) * 32 < n)
			sums[(run0 + k) * calls] = s[k];
	if (calls > 1) { /* the same for every lane of the warp */
#pragma unroll
		for (int k = 0; k < C; ++k)
			s[k] = warp_reduce_sum(v[k] * v[k]);
#pragma unroll
		for (int k = 0; k < C; ++k)
			if (lane == 0 && (run0 + k) * 32 < n)
				sums[(run0 + k) * calls + 1] = s[k];
	}
}

extern "C" __global__ void cj_warp_reduce_kernel(const float *x, float *sums, long long n,
                                                 int calls, int chunks)
{
	long long warp = ((long long)blockIdx.x * blockDim.x + threadIdx.x) / 32;
	int lane = threadIdx.x % 32;
	long long run0 = warp * chunks;
	if (run0 * 32 >= n) /* the same for every lane of the warp */
		return;
	if (chunks == CJ_REDUCE_MAX_CHUNKS)
		cj_reduce_runs<CJ_REDUCE_MAX_CHUNKS>(x, sums, n, calls, run0, lane);
	else if (chunks == 4)
		cj_reduce_runs<4>(x, sums, n, calls, run0, lane);
	else
		for (int k = 0; k < chunks; ++k)
			cj_reduce_runs<1>(x, sums, n, calls, run0 + k, lane);
}
#endif

CJ_DECLARE_KERNEL(cj_warp_reduce_kernel, "cj_warp_reduce_kernel",
                  (const float *x, float *sums, long long n, int calls, int chunks));

/* the host part (compiled into the trusted runner): common/warp_runs.cuh */
CJ_RUNS_LAUNCH(cj_warp_reduce_kernel, (const float *)dev[CJ_B_X], (float *)dev[CJ_B_SUMS], r.n,
               (int)c->param[CJ_P_CALLS], r.chunks)
