/*
 * Launch glue for warp_allreduce. Each warp takes `chunks` runs of 32
 * consecutive elements, loading them all before the first reduction so that
 * enough loads are in flight to keep memory busy (chunks = 1 in most cases,
 * more in the timed case). Lane l of global warp w takes element
 * i = (w * chunks + k) * 32 + l of run w * chunks + k and stores
 *   sums[i] = warp_allreduce_sum(x[i]),  maxs[i] = warp_allreduce_max(x[i])
 * (with passes == 2, each function is applied twice in a row: the second call
 * gets what the first returned).
 * Lanes past n still call both functions, with 0 for the sum and -inf for the
 * maximum (values that change nothing), as the contract requires all 32
 * lanes, and store nothing. Runs that start past n are not reduced at all.
 * The loads and the launch's size: common/warp_runs.cuh.
 * The meaning of param[] and of the buffers: layout.h.
 */
#include "warp_allreduce/layout.h"
#include "common/warp_runs.cuh"

#ifndef CJ_RUNNER /* the device part: compiled into the module */
extern "C" __global__ void cj_warp_allreduce_kernel(const float *x, float *sums, float *maxs,
                                                    long long n, int passes, int chunks)
{
	long long first = cj_first_of_runs(chunks);
	float v[CJ_ALLRED_MAX_CHUNKS];
	cj_load_runs(v, x, n, first, chunks, 0.0f);
#pragma unroll
	for (int k = 0; k < CJ_ALLRED_MAX_CHUNKS; ++k) {
		long long i = first + 32LL * k;
		if (k >= chunks || i - threadIdx.x % 32 >= n) /* the same for every lane */
			break;
		float s = v[k], m = i < n ? v[k] : -INFINITY;
		for (int p = 0; p < passes; ++p)
			s = warp_allreduce_sum(s);
		for (int p = 0; p < passes; ++p)
			m = warp_allreduce_max(m);
		if (i < n) {
			sums[i] = s;
			maxs[i] = m;
		}
	}
}
#endif

CJ_DECLARE_KERNEL(cj_warp_allreduce_kernel, "cj_warp_allreduce_kernel",
                  (const float *x, float *sums, float *maxs, long long n, int passes, int chunks));

/* the host part (compiled into the trusted runner): common/warp_runs.cuh */
CJ_RUNS_LAUNCH(cj_warp_allreduce_kernel, (const float *)dev[CJ_B_X], (float *)dev[CJ_B_SUMS],
               (float *)dev[CJ_B_MAXS], r.n, (int)c->param[CJ_P_PASSES], r.chunks)
