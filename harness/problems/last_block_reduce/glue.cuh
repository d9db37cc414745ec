/*
 * Launch glue for last_block_reduce: `trials` launches per case, each summing
 * its own n floats. Every block is one warp; block b adds its chunk of the
 * trial's input (warp shuffles, no shared memory) and its thread 0 calls
 * last_block_reduce with that partial sum. The grid is sized with the
 * occupancy API so that all blocks are resident at once, and the counter is
 * left to the learner's code between launches (it starts at 0).
 * The meaning of param[] and of the buffers: layout.h.
 */
#include "common/coresident.cuh"
#include "last_block_reduce/layout.h"

#ifndef CJ_RUNNER /* the device part: compiled into the module */
extern "C" __global__ void cj_last_block_kernel(const float *x, float *partials, unsigned *arrived,
                                                float *total, long long n)
{
	long long chunk = (n + gridDim.x - 1) / gridDim.x;
	long long first = (long long)blockIdx.x * chunk, last = first + chunk;
	if (last > n)
		last = n;
	float s = 0.0f;
	for (long long i = first + threadIdx.x; i < last; i += 32)
		s += x[i];
	for (int d = 16; d > 0; d /= 2)
		s += __shfl_down_sync(0xffffffffu, s, d);
	if (threadIdx.x == 0)
		last_block_reduce(s, partials, arrived, total);
}
#endif

CJ_DECLARE_KERNEL(cj_last_block_kernel, "cj_last_block_kernel",
                  (const float *x, float *partials, unsigned *arrived, float *total, long long n));

#ifndef CJ_MODULE /* the host part: compiled into the trusted runner */
void cj_launch(const struct cj_wire_case *c, void *const dev[], cudaStream_t stream)
{
	long long n = c->param[CJ_P_N];
	int trials = (int)c->param[CJ_P_TRIALS];
	int grid = cj_resident_blocks(CJ_KERNEL(cj_last_block_kernel), 32,
	                              (int)c->param[CJ_P_BLOCKS], false);
	for (int t = 0; t < trials; ++t)
		CJ_LAUNCH(cj_last_block_kernel, grid, 32, 0, stream,
		          (const float *)dev[CJ_B_X] + t * n, (float *)dev[CJ_B_PARTIALS],
		          (unsigned *)dev[CJ_B_ARRIVED], (float *)dev[CJ_B_TOTALS] + t, n);
}
#endif
