/*
 * Launch glue for warp_vote. Each warp votes on `chunks` consecutive runs of
 * 32 elements, loading them all first so that enough loads are in flight
 * (chunks = 1 in most cases, more in the timed case). Lane l of global warp w
 * handles element (w * chunks + k) * 32 + l of run k, with pred = x[i] > 0.
 * Lanes past n still call warp_vote (with pred = false), since all 32 lanes
 * of a warp take part, and store nothing.
 * The loads and the launch's size: common/warp_runs.cuh.
 * The meaning of param[] and of the buffers: layout.h.
 */
#include "warp_vote/layout.h"
#include "common/warp_runs.cuh"

#ifndef CJ_RUNNER /* the device part: compiled into the module */
/* __launch_bounds__(1024): a block of 1024 threads can always be launched, whatever the
 * learner's code would like in registers (the compiler keeps to 64 a thread). */
extern "C" __global__ void __launch_bounds__(1024)
        cj_warp_vote_kernel(const int *x, int *count, int *flags, long long n, int chunks)
{
	long long first = cj_first_of_runs(chunks);
	int v[CJ_VOTE_MAX_CHUNKS];
	cj_load_runs(v, x, n, first, chunks, 0);
#pragma unroll
	for (int k = 0; k < CJ_VOTE_MAX_CHUNKS; ++k) {
		if (k >= chunks) /* the same for every lane of the warp */
			break;
		/* Preset both answers (alternating with k) so that a call which
		 * forgets to store one of them is caught. */
		bool any = k % 2 == 0, all = k % 2 == 1;
		int c = warp_vote(v[k] > 0, &any, &all);
		long long i = first + 32LL * k;
		if (i < n) {
			count[i] = c;
			flags[i] = (any ? 1 : 0) | (all ? 2 : 0);
		}
	}
}
#endif

CJ_DECLARE_KERNEL(cj_warp_vote_kernel, "cj_warp_vote_kernel",
                  (const int *x, int *count, int *flags, long long n, int chunks));

/* the host part (compiled into the trusted runner): common/warp_runs.cuh */
CJ_RUNS_LAUNCH(cj_warp_vote_kernel, (const int *)dev[CJ_B_X], (int *)dev[CJ_B_COUNT],
               (int *)dev[CJ_B_FLAGS], r.n, r.chunks)
