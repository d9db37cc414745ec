/*
 * Launch glue for warp_scan. Each warp scans `chunks` consecutive runs of 32
 * elements, loading them all before the first scan so that enough loads are
 * in flight to keep memory busy (chunks = 1 in most cases, more in the timed
 * case). Lane l of global warp w handles elements (w * chunks + k) * 32 + l.
 * Lanes past n still call the scan (with 0), as the contract requires all 32
 * lanes, and store nothing.
 * The loads and the launch's size: common/warp_runs.cuh.
 * The meaning of param[] and of the buffers: layout.h.
 */
#include "warp_scan/layout.h"
#include "common/warp_runs.cuh"

#ifndef CJ_RUNNER /* the device part: compiled into the module */
extern "C" __global__ void cj_warp_scan_kernel(const int *in, int *out, long long n, int passes,
                                               int chunks)
{
	long long first = cj_first_of_runs(chunks);
	int v[CJ_SCAN_MAX_CHUNKS];
	cj_load_runs(v, in, n, first, chunks, 0);
#pragma unroll
	for (int k = 0; k < CJ_SCAN_MAX_CHUNKS; ++k)
		if (k < chunks) /* the same for every lane of the warp */
			for (int p = 0; p < passes; ++p)
				v[k] = warp_inclusive_scan(v[k]);
#pragma unroll
	for (int k = 0; k < CJ_SCAN_MAX_CHUNKS; ++k) {
		long long i = first + 32LL * k;
		if (k < chunks && i < n)
			out[i] = v[k];
	}
}
#endif

CJ_DECLARE_KERNEL(cj_warp_scan_kernel, "cj_warp_scan_kernel",
                  (const int *in, int *out, long long n, int passes, int chunks));

/* the host part (compiled into the trusted runner): common/warp_runs.cuh */
CJ_RUNS_LAUNCH(cj_warp_scan_kernel, (const int *)dev[CJ_B_IN], (int *)dev[CJ_B_OUT], r.n,
               (int)c->param[CJ_P_PASSES], r.chunks)
