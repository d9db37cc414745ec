/*
 * Launch glue for last_block_reduce: `trials` launches per case, each summing
 * its own n floats. Every block is one warp; block b adds its chunk of the
 * trial's input (warp shuffles, no shared memory) and its thread 0 calls
 * last_block_reduce with that partial sum. The grid is sized with the
 * occupancy API so that all blocks are resident at once, and the counter is
 * left to the learner's code between launches (it starts at 0).
 *   param[0] n        elements per trial   param[1] trials
 *   param[2] blocks wanted (at most; fewer when fewer fit)
 *   buffers  0 x (float, trials * n)   1 partials (float, blocks wanted, scratch)
 *            2 arrived (unsigned, 1, in-out: 0 before and after)
 *            3 totals (float, trials)
 */
#include "common/coresident.cuh"

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
	long long n = c->param[0];
	int trials = (int)c->param[1];
	int grid = cj_resident_blocks(CJ_KERNEL(cj_last_block_kernel), 32, (int)c->param[2], false);
	for (int t = 0; t < trials; ++t)
		CJ_LAUNCH(cj_last_block_kernel, grid, 32, 0, stream, (const float *)dev[0] + t * n,
		          (float *)dev[1], (unsigned *)dev[2], (float *)dev[3] + t, n);
}
#endif
