/*
 * Launch glue for warp_reduce. Each warp reduces `chunks` runs of 32
 * consecutive elements, loading them all before the first reduction so that
 * enough loads are in flight to keep memory busy (chunks = 1 in most cases,
 * more in the timed case). Lane l of global warp w takes element
 * (w * chunks + k) * 32 + l of run w * chunks + k, and lane 0 stores what
 * warp_reduce_sum returned.
 * Lanes past n still call warp_reduce_sum (with 0), as the contract requires
 * all 32 lanes; runs that start past n are not reduced at all.
 * The loads and the launch's size: common/warp_runs.cuh.
 * The meaning of param[] and of the buffers: layout.h.
 */
#include "warp_reduce/layout.h"
#include "common/warp_runs.cuh"

#ifndef CJ_RUNNER /* the device part: compiled into the module */
extern "C" __global__ void cj_warp_reduce_kernel(const float *x, float *sums, long long n,
                                                 int calls, int chunks)
{
	long long warp = ((long long)blockIdx.x * blockDim.x + threadIdx.x) / 32;
	int lane = threadIdx.x % 32;
	long long run0 = warp * chunks;
	float v[CJ_REDUCE_MAX_CHUNKS];
	long long i = run0 * 32 + lane; /* the lane's element of its first run */
	cj_load_runs(v, x, n, i, chunks, 0.0f);
#pragma unroll
	for (int k = 0; k < CJ_REDUCE_MAX_CHUNKS; ++k) {
		long long r = run0 + k;
		if (k >= chunks || r * 32 >= n) /* the same for every lane of the warp */
			break;
		float s = warp_reduce_sum(v[k]);
		if (lane == 0)
			sums[r * calls] = s;
		if (calls > 1) {
			float q = warp_reduce_sum(v[k] * v[k]);
			if (lane == 0)
				sums[r * calls + 1] = q;
		}
	}
}
#endif

CJ_DECLARE_KERNEL(cj_warp_reduce_kernel, "cj_warp_reduce_kernel",
                  (const float *x, float *sums, long long n, int calls, int chunks));

/* the host part (compiled into the trusted runner): common/warp_runs.cuh */
CJ_RUNS_LAUNCH(cj_warp_reduce_kernel, (const float *)dev[CJ_B_X], (float *)dev[CJ_B_SUMS], r.n,
               (int)c->param[CJ_P_CALLS], r.chunks)
