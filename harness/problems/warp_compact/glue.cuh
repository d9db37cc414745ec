/*
 * Launch glue for warp_compact. The input is cut into runs of 32 elements;
 * lane l of the warp handling run r gets element r * 32 + l and keeps it when
 * it is >= t. The engine has already counted the kept values of every run,
 * so the run's output starts at out + offset[r] (the number of values kept by
 * the runs before it) and all runs together fill out[] in input order. Each
 * warp handles `chunks` consecutive runs, loading them all first so that
 * enough loads are in flight (1 in most cases, more in the timed case).
 * Lanes past n still call warp_compact (v = 0, keep = false), since all 32
 * lanes of a warp take part.
 * The loads and the launch's size: common/warp_runs.cuh.
 * The meaning of param[] and of the buffers: layout.h.
 */
#include "warp_compact/layout.h"
#include "common/warp_runs.cuh"

#ifndef CJ_RUNNER /* the device part: compiled into the module */
/* __launch_bounds__(1024): a block of 1024 threads can always be launched, whatever the
 * learner's code would like in registers (the compiler keeps to 64 a thread). */
extern "C" __global__ void __launch_bounds__(1024)
        cj_warp_compact_kernel(const int *x, const int *offset, int *out, int *counts, long long n,
                               int chunks, int t)
{
	const int lane = threadIdx.x % 32;
	long long warp = ((long long)blockIdx.x * blockDim.x + threadIdx.x) / 32;
	long long runs = (n + 31) / 32;
	long long first_run = warp * chunks;
	int v[CJ_COMPACT_MAX_CHUNKS], at[CJ_COMPACT_MAX_CHUNKS];
	cj_load_runs(v, x, n, first_run * 32 + lane, chunks, 0);
#pragma unroll
	for (int k = 0; k < CJ_COMPACT_MAX_CHUNKS; ++k)
		at[k] = k < chunks && first_run + k < runs ? offset[first_run + k] : 0;
#pragma unroll
	for (int k = 0; k < CJ_COMPACT_MAX_CHUNKS; ++k) {
		long long run = first_run + k;
		if (k >= chunks || run >= runs) /* the same for every lane of the warp */
			break;
		long long i = run * 32 + lane;
		int kept = warp_compact(v[k], i < n && v[k] >= t, out + at[k]);
		if (lane == run % 32)
			counts[run] = kept;
	}
}
#endif

CJ_DECLARE_KERNEL(cj_warp_compact_kernel, "cj_warp_compact_kernel",
                  (const int *x, const int *offset, int *out, int *counts, long long n, int chunks,
                   int t));

/* the host part (compiled into the trusted runner): common/warp_runs.cuh */
CJ_RUNS_LAUNCH(cj_warp_compact_kernel, (const int *)dev[CJ_B_X], (const int *)dev[CJ_B_OFFSET],
               (int *)dev[CJ_B_OUT], (int *)dev[CJ_B_COUNTS], r.n, r.chunks, (int)c->param[CJ_P_T])
