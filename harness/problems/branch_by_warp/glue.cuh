/*
 * Launch glue for branch_by_warp: the learner's kernel gets at least one
 * thread per element, the total a multiple of 64 (blocks of 256), and maps
 * threads to elements as it likes. The divergent baseline of the statement,
 * one thread per element choosing its path by the parity of its index, is
 * what the learner's kernel is timed against (glue.h: cj_baseline_launch).
 * path_a and path_b, which both kernels call, are given.cuh's, included in
 * the device part after the learner's file (the learner's file declares
 * them).
 * The meaning of param[] and of the buffers: layout.h.
 */
#include "branch_by_warp/layout.h"

#ifndef CJ_RUNNER /* the device part: compiled into the module */
#include "branch_by_warp/given.cuh"

extern "C" __global__ void cj_divergent_baseline(const float *x, float *y, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		if (i % 2 == 0)
			y[i] = path_a(x[i]);
		else
			y[i] = path_b(x[i]);
	}
}
#endif

CJ_DECLARE_KERNEL(branch_by_warp, "_Z14branch_by_warpPKfPfi", (const float *x, float *y, int n));
CJ_DECLARE_KERNEL(cj_divergent_baseline, "cj_divergent_baseline",
                  (const float *x, float *y, int n));

#ifndef CJ_MODULE /* the host part: compiled into the trusted runner */
void cj_launch(const struct cj_wire_case *c, void *const dev[], cudaStream_t stream)
{
	long long n = c->param[CJ_P_N];
	long long threads = (n + 63) / 64 * 64;
	CJ_LAUNCH(branch_by_warp, cj_blocks_for(threads, 256), 256, 0, stream,
	          (const float *)dev[CJ_B_IN], (float *)dev[CJ_B_OUT], (int)n);
}

void cj_baseline_launch(const struct cj_wire_case *c, void *const dev[], cudaStream_t stream)
{
	long long n = c->param[CJ_P_N];
	CJ_LAUNCH(cj_divergent_baseline, cj_blocks_for(n, 256), 256, 0, stream,
	          (const float *)dev[CJ_B_IN], (float *)dev[CJ_B_OUT], (int)n);
}
#endif
