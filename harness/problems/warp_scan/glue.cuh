/*
 * Launch glue for warp_scan. Each warp scans `chunks` consecutive runs of 32
 * elements (chunks = 1 in most cases, 4 in one, 8 in the timed case),
 * loading them all before the first scan so that enough loads are in flight
 * to keep memory busy, and scanning every run before storing any, so that
 * the scans can overlap. Lane l of global warp w handles elements
 * (w * chunks + k) * 32 + l.
 * Lanes past n still call the scan (with 0), as the contract requires all 32
 * lanes, and store nothing.
 * The loads and the launch's size: common/warp_runs.cuh.
 * The meaning of param[] and of the buffers: layout.h.
 */
#include "warp_scan/layout.h"
#include "common/warp_runs.cuh"

#ifndef CJ_RUNNER /* the device part: compiled into the module */
/* C runs from the lane's element `first` on: all loaded, then each pass
 * scans every run before the next pass, so that the C scans are independent
 * of each other and can overlap (C known when compiled: no early exit
 * between them), then all stored. */
template <int C>
__device__ static inline void cj_scan_runs(const int *in, int *out, long long n, int passes,
                                           long long first)
{
	int v[C];
	cj_load_runs(v, in, n, first, C, 0);
	for (int p = 0; p < passes; ++p)
#pragma unroll
		for (int k = 0; k < C; ++k)
			v[k] = warp_inclusive_scan(v[k]);
#pragma unroll
	for (int k = 0; k < C; ++k) {
		long long i = first + 32LL * k;
		if (i < n)
			out[i] = v[k];
	}
}

extern "C" __global__ void cj_warp_scan_kernel(const int *in, int *out, long long n, int passes,
                                               int chunks)
{
	long long first = cj_first_of_runs(chunks);
	if (chunks == CJ_SCAN_MAX_CHUNKS) /* the same for every lane of the warp */
		cj_scan_runs<CJ_SCAN_MAX_CHUNKS>(in, out, n, passes, first);
	else if (chunks == 4)
		cj_scan_runs<4>(in, out, n, passes, first);
	else
		for (int k = 0; k < chunks; ++k)
			cj_scan_runs<1>(in, out, n, passes, first + 32LL * k);
}
#endif

CJ_DECLARE_KERNEL(cj_warp_scan_kernel, "cj_warp_scan_kernel",
                  (const int *in, int *out, long long n, int passes, int chunks));

/* the host part (compiled into the trusted runner): common/warp_runs.cuh */
CJ_RUNS_LAUNCH(cj_warp_scan_kernel, (const int *)dev[CJ_B_IN], (int *)dev[CJ_B_OUT], r.n,
               (int)c->param[CJ_P_PASSES], r.chunks)
